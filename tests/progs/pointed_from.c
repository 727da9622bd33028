/* Possibly lost blocks, each known only by a pointer into its middle,
   held in a different place, for the report's <pointed-from>:
   - 100 bytes (keep_in_global): 16 bytes in, in the global in_global;
   - 200 bytes (keep_in_block): 24 bytes in, in the second word of a
     still-reachable block of 32 bytes (make_holder), itself known by
     the global holder;
   - 300 bytes (keep_on_stack): 40 bytes in, in a local of main's,
     whose frame is live when the program exits;
   - 400 bytes (keep_in_tls): 48 bytes in, in the thread-local in_tls.
   Prints where each pointer is and what it holds, as
   "NAME WORD VALUE BLOCK" (%p), for the test to compare with the
   report.  Each block is made in a function of its own that leaves no
   copy of the pointer in its frame or in scratch registers.
   Copyright (C) 2026 the asynctrace authors.  GPL-2.0-or-later. */
#include <stdio.h>
#include <stdlib.h>
#include "clean_stack.h"

char* in_global;
void** holder;
__thread char* in_tls;

__attribute__((noinline)) static void keep_in_global(void)
{
   char* p = malloc(100);
   in_global = p + 16;
   p = NULL;
   CLEAR_SCRATCH();
}

__attribute__((noinline)) static void make_holder(void)
{
   holder = calloc(4, sizeof(void*));   /* 32 */
   CLEAR_SCRATCH();
}

__attribute__((noinline)) static void keep_in_block(void)
{
   char* p = malloc(200);
   holder[1] = p + 24;
   p = NULL;
   CLEAR_SCRATCH();
}

__attribute__((noinline)) static char* keep_on_stack(void)
{
   char* p = malloc(300);
   return p + 40;
}

__attribute__((noinline)) static void keep_in_tls(void)
{
   char* p = malloc(400);
   in_tls = p + 48;
   p = NULL;
   CLEAR_SCRATCH();
}

int main(void)
{
   char* volatile on_stack;
   keep_in_global();
   make_holder();
   keep_in_block();
   on_stack = keep_on_stack();
   keep_in_tls();
   scrub();
   CLEAR_SCRATCH();
   printf("global %p %p %p\n", (void*)&in_global, (void*)in_global,
          (void*)(in_global - 16));
   printf("block %p %p %p\n", (void*)&holder[1], holder[1],
          (void*)((char*)holder[1] - 24));
   printf("holder %p %p %p\n", (void*)&holder, (void*)holder, (void*)holder);
   printf("stack %p %p %p\n", (void*)&on_stack, (void*)on_stack,
          (void*)(on_stack - 40));
   printf("tls %p %p %p\n", (void*)&in_tls, (void*)in_tls,
          (void*)(in_tls - 48));
   fflush(stdout);
   scrub();
   CLEAR_SCRATCH();
   /* exit, not return: main's frame, and on_stack in it, stays live. */
   exit(0);
}
