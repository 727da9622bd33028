/* Mappings of exact sizes from two roles, for tests/tool_maps.test.
   The main thread, role "mapper-a", maps 40 KiB of anonymous memory
   and unmaps 8 KiB from its middle (two ranges, 32 KiB, stay), maps
   12 KiB of the file argv[1] and creates two threads: one with a
   128 KiB stack that waits until the process exits, one with a 256 KiB
   stack that it joins (glibc adds a guard page to each; at exit its
   freeres unmaps the joined thread's cached stack).  The thread, role "mapper-b", maps 64 KiB
   and remaps it to 128 KiB, maps 32 KiB and shrinks it to 8 KiB, maps
   and unmaps 4 KiB of the file, maps 8 KiB of it, attaches 12 KiB of
   SysV shared memory, grows the break by 12 KiB, and maps then unmaps
   1 MiB (the footprint's peak).  No stdio, no malloc: the heap stays
   as glibc leaves it. */
#define _GNU_SOURCE
#include <fcntl.h>
#include <pthread.h>
#include <sys/ipc.h>
#include <sys/mman.h>
#include <sys/shm.h>
#include <unistd.h>
#include "asynctrace.h"

#define KB 1024
static const char* path;
static int fd;

static void* anon(size_t n)
{
   void* p = mmap(NULL, n, PROT_READ | PROT_WRITE,
                  MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
   if (p == MAP_FAILED) _exit(2);
   return p;
}

static void* of_file(size_t n)
{
   void* p = mmap(NULL, n, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
   if (p == MAP_FAILED) _exit(3);
   return p;
}

__attribute__((noinline)) static void* mapper_b(void* arg)
{
   char* p;
   int   id;
   ASYNCTRACE_SET_ROLE("mapper-b");
   p = anon(64 * KB);
   p[0] = 1;
   p = mremap(p, 64 * KB, 128 * KB, MREMAP_MAYMOVE);
   if (p == MAP_FAILED) _exit(4);
   p = anon(32 * KB);
   if (mremap(p, 32 * KB, 8 * KB, 0) == MAP_FAILED) _exit(5);
   p = of_file(4 * KB);
   munmap(p, 4 * KB);
   of_file(8 * KB);
   id = shmget(IPC_PRIVATE, 12 * KB, IPC_CREAT | 0600);
   if (id < 0) _exit(6);
   if (shmat(id, NULL, 0) == (void*)-1) _exit(7);
   shmctl(id, IPC_RMID, NULL);
   if (sbrk(12 * KB) == (void*)-1) _exit(8);
   p = anon(1024 * KB);
   munmap(p, 1024 * KB);
   return NULL;
}

static int pipe_fds[2];

__attribute__((noinline)) static void* waiter(void* arg)
{
   char c;
   for (;;)
      read(pipe_fds[0], &c, 1);
   return NULL;
}

int main(int argc, char** argv)
{
   pthread_attr_t attr;
   pthread_t      t, w;
   char*          p;
   if (argc < 2) return 1;
   path = argv[1];
   ASYNCTRACE_SET_ROLE("mapper-a");
   fd = open(path, O_RDWR | O_CREAT | O_TRUNC, 0600);
   if (fd < 0 || ftruncate(fd, 20 * KB) != 0) return 1;
   p = anon(40 * KB);
   munmap(p + 16 * KB, 8 * KB);
   of_file(12 * KB);
   pthread_attr_init(&attr);
   if (pipe(pipe_fds) != 0) return 1;
   pthread_attr_setstacksize(&attr, 128 * KB);
   pthread_create(&w, &attr, waiter, NULL);
   pthread_attr_setstacksize(&attr, 256 * KB);
   pthread_create(&t, &attr, mapper_b, NULL);
   pthread_join(t, NULL);
   return 0;
}
