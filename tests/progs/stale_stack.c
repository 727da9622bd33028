/* stale_stack: leaked pointers left behind on stacks, where a frame
   that did not write a word still holds what an earlier one put there.
   memcheck calls every planted block definitely lost (those words are
   undefined to it); asynctrace must too (at_wipe.c).  Unlike the other
   leak programs, nothing here scrubs the stack.
     - reused: 4 threads leak 101..104 bytes in a deep frame and end;
       a thread then started on one of their cached stacks blocks in a
       frame it never fills;
     - small: a thread leaks 211 bytes in a small frame, then blocks in
       a frame laid over it (the word is within the red zone of the
       return);
     - big: 222 bytes, from a frame of 1,000 bytes, then a blocking
       frame of 2,000;
     - alloca: 233 bytes, from a block of the stack sized at run time;
     - main: 344 bytes, then main leaves by exit() from shallower code.
   Copyright (C) 2026 the asynctrace authors.  GPL-2.0-or-later. */
#include <alloca.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

static volatile int sink;
static int alloca_size = 700;   /* from argv: not known at compile time */
static pthread_barrier_t started;

__attribute__((noinline)) static void leak_small(size_t n)
{
   void* volatile p = malloc(n);
   (void)p;
}

__attribute__((noinline)) static void leak_big(size_t n)
{
   volatile char pad[1000];
   pad[0] = 1;
   *(void* volatile*)&pad[504] = malloc(n);
}

__attribute__((noinline)) static void leak_alloca(size_t n)
{
   char* volatile b = alloca(alloca_size);
   b[0] = 1;
   *(void* volatile*)&b[alloca_size / 2 & ~7] = malloc(n);
}

/* Frames that never write most of their words, then sleep until the
   process exits. */
__attribute__((noinline)) static void block_small(void)
{
   volatile char buf[256];
   buf[0] = 0;
   pthread_barrier_wait(&started);
   sleep(100);
}

__attribute__((noinline)) static void block_big(void)
{
   volatile char buf[2000];
   buf[0] = 0;
   pthread_barrier_wait(&started);
   sleep(100);
}

static void* reuser(void* a)
{
   (void)a;
   leak_small(101 + (size_t)(long)a);
   return NULL;
}

static void* blocker(void* a)
{
   (void)a;
   block_big();
   return NULL;
}

static void* small_then_block(void* a)
{
   (void)a;
   leak_small(211);
   block_small();
   return NULL;
}

static void* big_then_block(void* a)
{
   (void)a;
   leak_big(222);
   block_big();
   return NULL;
}

static void* alloca_then_block(void* a)
{
   (void)a;
   leak_alloca(233);
   block_big();
   return NULL;
}

__attribute__((noinline)) static void main_leaks(void)
{
   volatile char pad[300];
   pad[0] = 1;
   leak_big(344);
}

int main(int argc, char** argv)
{
   pthread_t t;
   long i;
   if (argc > 1)
      alloca_size = atoi(argv[1]);
   pthread_barrier_init(&started, NULL, 5);
   /* Each ends before the next starts: all four use one cached stack. */
   for (i = 0; i < 4; i++) {
      pthread_create(&t, NULL, reuser, (void*)i);
      pthread_join(t, NULL);
   }
   pthread_create(&t, NULL, blocker, NULL);
   pthread_create(&t, NULL, small_then_block, NULL);
   pthread_create(&t, NULL, big_then_block, NULL);
   pthread_create(&t, NULL, alloca_then_block, NULL);
   main_leaks();
   pthread_barrier_wait(&started);
   usleep(100000);   /* all four asleep */
   printf("definite=%d\n", 101 + 102 + 103 + 104 + 211 + 222 + 233 + 344);
   fflush(stdout);
   exit(0);
}
