/* Leaks in steps, for vgdb's monitor leak_check and for snapshots with
   a leak scan.  Copyright (C) 2026 the asynctrace authors.
   GPL-2.0-or-later.
     leak_steps DIR   three steps; after step N it creates DIR/N and
                      waits until DIR/goN exists (create them all first
                      to run straight through)
     leak_steps snap  the same steps, each followed by
                      ASYNCTRACE_SNAPSHOT("stepN"), no waiting
     leak_steps DIR shrink  then (step 4) 2 blocks of 50 bytes kept in a
                      global at keep_pair, a pause (4), then (step 5) one
                      of them and the 200 bytes of step 1 freed, a pause
                      (5): still reachable records that shrink and go
     leak_steps slow  as snap, with 100 ms asleep before each step, so
                      that the snapshots' times are evenly spaced
   Step 1: 4 blocks of 100 bytes lost at lose_a; a list head of 48 bytes
   lost with 2 nodes of 32 (indirectly lost) at lose_list; 200 bytes
   kept in a global (still reachable).
   Step 2: 2 more blocks of 100 lost at lose_a, 1 of 64 at lose_b.
   Step 3: 1 more of 100 lost at lose_a.
   So, definitely lost after each step: 448, 712, 812 bytes (5, 8, 9
   blocks); indirectly lost 64 bytes in 2 blocks from step 1 on.  Each
   leak is made in a function of its own that leaves no copy of the
   pointer (clean_stack.h); the program allocates nothing else (no
   stdio). */
#include <fcntl.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "asynctrace.h"
#include "clean_stack.h"

struct node { struct node* next; char pad[24]; };   /* 32 bytes */

void* kept;

__attribute__((noinline)) void lose_a(int n)
{
   for (int i = 0; i < n; i++) {
      volatile char* p = malloc(100);
      p[0] = 1;
      p = 0;
   }
   CLEAR_SCRATCH();
}

__attribute__((noinline)) void lose_b(void)
{
   volatile char* p = malloc(64);
   p[0] = 1;
   p = 0;
   CLEAR_SCRATCH();
}

__attribute__((noinline)) void lose_list(void)
{
   struct node* volatile head = malloc(48);
   struct node* n = NULL;
   for (int i = 0; i < 2; i++) {
      struct node* x = malloc(sizeof(struct node));
      x->next = n;
      n = x;
   }
   head->next = n;
   n = NULL;
   head = NULL;
   CLEAR_SCRATCH();
}

__attribute__((noinline)) void keep_global(void)
{
   kept = malloc(200);
   CLEAR_SCRATCH();
}

/* lose_a is called from one line: its blocks of every step share a
   stack, and so a loss record. */
static void step(int n)
{
   static const int a_blocks[] = { 4, 2, 1 };
   lose_a(a_blocks[n - 1]);
   if (n == 1) {
      lose_list();
      keep_global();
   } else if (n == 2) {
      lose_b();
   }
   scrub();
}

/* DIR/N, then wait for DIR/goN. */
static void pause_after(const char* dir, int n)
{
   char path[4096];
   int fd;
   snprintf(path, sizeof(path), "%s/%d", dir, n);
   fd = open(path, O_CREAT | O_WRONLY, 0644);
   if (fd >= 0) close(fd);
   snprintf(path, sizeof(path), "%s/go%d", dir, n);
   while (access(path, F_OK) != 0)
      usleep(20 * 1000);
}

void* pair[2];

__attribute__((noinline)) void keep_pair(void)
{
   for (int i = 0; i < 2; i++)   /* one call site: one record */
      pair[i] = malloc(50);
   CLEAR_SCRATCH();
}

int main(int argc, char** argv)
{
   const char* arg = argc > 1 ? argv[1] : "snap";
   bool slow = strcmp(arg, "slow") == 0;
   for (int n = 1; n <= 3; n++) {
      if (slow)
         usleep(100 * 1000);
      step(n);
      if (slow || strcmp(arg, "snap") == 0) {
         static const char* const labels[] = { "step1", "step2", "step3" };
         ASYNCTRACE_SNAPSHOT(labels[n - 1]);
      } else {
         pause_after(arg, n);
      }
   }
   if (argc > 2 && strcmp(argv[2], "shrink") == 0) {
      keep_pair();
      pause_after(arg, 4);
      free(pair[1]);
      free(kept);
      pause_after(arg, 5);
   }
   return 0;
}
