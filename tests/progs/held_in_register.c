/* A thread holds the only pointer to a 1,234-byte block in a register
   (r12) and spins; main then ends the process: "int" raises SIGINT,
   "term" SIGTERM, "exit" calls exit(0).  The block is in use by a live
   thread in all three, so the exit scan must find it still reachable,
   held by that thread's registers: the core keeps them for the scan at
   exit_group but has forgotten them by the scan after a fatal signal.
   Copyright (C) 2026 the asynctrace authors.  GPL-2.0-or-later. */
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "clean_stack.h"

static volatile int ready;

__attribute__((noinline)) static void* get(void) { return malloc(1234); }

static void* spin(void* arg)
{
   void* p = get();
   scrub();          /* malloc's frames, below this one */
   ready = 1;
   /* Only r12 holds it from here on: the stack slot is zeroed. */
   __asm__ volatile("mov %0, %%r12\n\t"
                    "movq $0, %0\n\t"
                    "xor %%eax, %%eax\n\t"
                    "xor %%ecx, %%ecx\n\t"
                    "xor %%edx, %%edx\n\t"
                    "1: jmp 1b"
                    : "+m"(p) : : "r12", "rax", "rcx", "rdx", "memory");
   return arg;
}

int main(int argc, char** argv)
{
   pthread_t t;
   const char* how = argc > 1 ? argv[1] : "int";
   pthread_create(&t, NULL, spin, NULL);
   while (!ready)
      usleep(1000);
   usleep(100000);
   if (strcmp(how, "exit") == 0)
      exit(0);
   raise(strcmp(how, "term") == 0 ? SIGTERM : SIGINT);
   return 1;
}
