/* Dies of a fault, in a thread of its own, at a known function:
     crash segv   a thread named "crasher" writes through NULL + 0x10
                  in crash_segv_here (SIGSEGV, SEGV_MAPERR, address 0x10)
     crash bus    the main thread reads a page of a file mapping past
                  the file's end in crash_bus_here (SIGBUS, BUS_ADRERR)
     crash fpe    the crasher divides by zero in crash_fpe_here (SIGFPE,
                  FPE_INTDIV, address: the dividing instruction)
     crash abort  the crasher calls abort() in crash_abort_here (SIGABRT)
   Prints "map ADDR" for bus first, so the test knows the address. */
#define _GNU_SOURCE
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

static const char *mode;
static volatile int zero;

__attribute__((noinline)) static void crash_segv_here(void)
{
   volatile int *p = (volatile int *)0x10;
   *p = 1;
}

__attribute__((noinline)) static int crash_fpe_here(int a)
{
   return a / zero;
}

__attribute__((noinline)) static void crash_abort_here(void)
{
   abort();
}

__attribute__((noinline)) static void crash_bus_here(const char *dir)
{
   char path[4096];
   snprintf(path, sizeof path, "%s/crash_bus.XXXXXX", dir);
   int fd = mkstemp(path);
   if (fd < 0) {
      perror("mkstemp");
      exit(2);
   }
   unlink(path);
   volatile char *m = mmap(NULL, 4096, PROT_READ, MAP_SHARED, fd, 0);
   if (m == MAP_FAILED) {
      perror("mmap");
      exit(2);
   }
   printf("map %p\n", (void *)m);
   fflush(stdout);
   (void)m[0];
}

static void *crasher(void *arg)
{
   (void)arg;
   pthread_setname_np(pthread_self(), "crasher");
   malloc(777);
   if (strcmp(mode, "segv") == 0)
      crash_segv_here();
   else if (strcmp(mode, "fpe") == 0)
      printf("%d\n", crash_fpe_here(7));
   else
      crash_abort_here();
   return NULL;
}

int main(int argc, char **argv)
{
   pthread_t t;
   mode = argc > 1 ? argv[1] : "segv";
   malloc(1234);
   if (strcmp(mode, "bus") == 0) {
      crash_bus_here(argc > 2 ? argv[2] : "/tmp");
      return 0;
   }
   pthread_create(&t, NULL, crasher, NULL);
   pthread_join(t, NULL);
   return 0;
}
