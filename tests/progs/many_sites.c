/* many_sites N: allocates from N distinct stacks (N <= 2^20): a path of
   20 calls, each to one of two functions chosen by a bit of the path's
   number, ends in malloc(32).  Half the blocks are freed again.  For the
   report's size and the time to write it with many distinct stacks.
   Copyright (C) 2026 the asynctrace authors.  GPL-2.0-or-later. */
#include <stdio.h>
#include <stdlib.h>

#define DEPTH 20
static void* blocks[1 << DEPTH];

static void* step_a(unsigned path, int d);
static void* step_b(unsigned path, int d);

static void* next(unsigned path, int d)
{
   if (d == DEPTH)
      return malloc(32);
   return (path >> d) & 1 ? step_b(path, d + 1) : step_a(path, d + 1);
}

__attribute__((noinline)) static void* step_a(unsigned path, int d)
{
   void* volatile p = next(path, d);
   return p;
}

__attribute__((noinline)) static void* step_b(unsigned path, int d)
{
   void* volatile p = next(path, d);
   return p;
}

int main(int argc, char** argv)
{
   unsigned i, n = argc > 1 ? (unsigned)atoi(argv[1]) : 1000;
   if (n > (1u << DEPTH))
      n = 1u << DEPTH;
   for (i = 0; i < n; i++)
      blocks[i] = next(i, 0);
   for (i = 0; i < n; i += 2)
      free(blocks[i]);
   printf("%u sites\n", n);
   return 0;
}
