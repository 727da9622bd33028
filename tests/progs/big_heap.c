/* big_heap N [flat|linked]: N blocks of 16 to 64 bytes live at exit (N a
   multiple of 4), with short-lived blocks allocated and freed in between
   so that the heap is not in allocation order.  Prints on stdout the leak
   figures memcheck must find, as "definite=BYTES/BLOCKS
   indirect=BYTES/BLOCKS possible=BYTES/BLOCKS reachable=BYTES/BLOCKS",
   provided no word outside the program happens to hold a heap address
   (tests/tool_leaks_large.test says how it sees to that).
   flat (the default): blocks 0, 2, 4, ... are still reachable from the
   global array keep (itself one reachable block), blocks 1, 3, 5, ...
   are definitely lost.  linked: of each four blocks 4g .. 4g+3, 4g is in
   keep and holds the only pointer to 4g+2 (both still reachable), 4g+1
   is definitely lost and holds the only pointer to 4g+3 (indirectly
   lost).  Lost blocks are made and dropped in functions of their own
   that leave no copy of their pointers behind.
   Copyright (C) 2026 the asynctrace authors.  GPL-2.0-or-later. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "clean_stack.h"

#define CHURN 257             /* short-lived blocks in flight */

static void** keep;           /* the reachable blocks (or their heads) */
static void*  churn[CHURN];

struct amount { unsigned long long bytes, blocks; };
static struct amount definite, indirect, reachable;

static size_t size_of(unsigned long long i)
{
   return 16 + (size_t)((i * 7919) % 49);
}

static void count(struct amount* a, size_t bytes)
{
   a->bytes += bytes;
   a->blocks += 1;
}

/* Block contents: a repeated byte below 0x80, never a heap address. */
static void fill(void* p, size_t n, unsigned long long i)
{
   memset(p, (int)(i & 0x7f), n);
}

__attribute__((noinline)) static void lose_one(unsigned long long i)
{
   void* volatile p = malloc(size_of(i));
   fill(p, size_of(i), i);
   count(&definite, size_of(i));
   p = NULL;
   CLEAR_SCRATCH();
}

/* Block i points at block j; nothing points at block i. */
__attribute__((noinline)) static void lose_pair(unsigned long long i,
                                                unsigned long long j)
{
   void* volatile head = malloc(size_of(i));
   void* volatile tail = malloc(size_of(j));
   fill(head, size_of(i), i);
   fill(tail, size_of(j), j);
   *(void**)head = tail;
   count(&definite, size_of(i));
   count(&indirect, size_of(j));
   tail = NULL;
   head = NULL;
   CLEAR_SCRATCH();
}

__attribute__((noinline)) static void* keep_one(unsigned long long i)
{
   void* p = malloc(size_of(i));
   fill(p, size_of(i), i);
   count(&reachable, size_of(i));
   return p;
}

/* Frees one short-lived block, in an order unrelated to allocation's,
   and allocates another of a size that varies more widely. */
__attribute__((noinline)) static void churn_step(unsigned long long g)
{
   unsigned slot = (unsigned)((g * 101) % CHURN);
   size_t n = 16 + (size_t)((g * 7907) % 113);
   free(churn[slot]);
   churn[slot] = malloc(n);
   fill(churn[slot], n, g);
}

__attribute__((noinline)) static void churn_end(void)
{
   for (unsigned k = 0; k < CHURN; k++) {
      free(churn[k]);
      churn[k] = NULL;
   }
   CLEAR_SCRATCH();
}

static int usage(void)
{
   static const char msg[] = "usage: big_heap N [flat|linked]  (N > 0, a multiple of 4)\n";
   write(2, msg, sizeof(msg) - 1);
   return 2;
}

int main(int argc, char** argv)
{
   unsigned long long n, g, nkeep;
   int linked;
   char line[256];
   int len;

   if (argc < 2 || argc > 3)
      return usage();
   n = strtoull(argv[1], NULL, 10);
   if (n == 0 || n % 4 != 0)
      return usage();
   if (argc == 3 && strcmp(argv[2], "linked") != 0 && strcmp(argv[2], "flat") != 0)
      return usage();
   linked = argc == 3 && strcmp(argv[2], "linked") == 0;

   nkeep = linked ? n / 4 : n / 2;
   keep = calloc(nkeep, sizeof(void*));
   if (keep == NULL)
      return 1;
   count(&reachable, nkeep * sizeof(void*));

   for (g = 0; g < n / 4; g++) {
      unsigned long long i = 4 * g;
      if (linked) {
         keep[g] = keep_one(i);
         lose_pair(i + 1, i + 3);
         *(void**)keep[g] = keep_one(i + 2);
      } else {
         keep[2 * g] = keep_one(i);
         lose_one(i + 1);
         keep[2 * g + 1] = keep_one(i + 2);
         lose_one(i + 3);
      }
      churn_step(g);
   }
   churn_end();

   len = snprintf(line, sizeof(line),
                  "definite=%llu/%llu indirect=%llu/%llu possible=0/0 reachable=%llu/%llu\n",
                  definite.bytes, definite.blocks, indirect.bytes, indirect.blocks,
                  reachable.bytes, reachable.blocks);
   write(1, line, (size_t)len);   /* not stdio: no buffer left on the heap */
   /* The figures are numbers in the range of heap addresses: they must
      not look like pointers to the scan. */
   memset(line, 0, sizeof(line));
   memset(&definite, 0, sizeof(definite));
   memset(&indirect, 0, sizeof(indirect));
   memset(&reachable, 0, sizeof(reachable));
   n = nkeep = g = 0;
   scrub();
   CLEAR_SCRATCH();
   return 0;
}
