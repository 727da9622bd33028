/* stacks: the same allocation reached by different callers with the
   same stack pointer, so a stack remembered by (ip, sp) alone would be
   wrong (at_stack.c).  via_a and via_b have the same body, as do outer1
   and outer2, so leaf's malloc runs at the same depth on every path;
   a thread's stack is reused by the next thread (glibc keeps it).
   Every allocation is freed: the test counts the sites.
   Copyright (C) 2026 the asynctrace authors.  GPL-2.0-or-later. */

#include <pthread.h>
#include <stdlib.h>

#define KEEP 64
static void* kept[KEEP];
static int   nkept;

__attribute__((noinline)) static void leaf(size_t n)
{
   kept[nkept++] = malloc(n);
}

__attribute__((noinline)) static void via_a(size_t n) { leaf(n); }
__attribute__((noinline)) static void via_b(size_t n) { leaf(n); }

__attribute__((noinline)) static void outer1(int b, size_t n)
{
   if (b) via_b(n); else via_a(n);
}

__attribute__((noinline)) static void outer2(int b, size_t n)
{
   if (b) via_b(n); else via_a(n);
}

static void* thread_a(void* arg)
{
   int i;
   for (i = 0; i < 13; i++)
      outer1(0, 16);
   return NULL;
}

static void* thread_b(void* arg)
{
   int i;
   for (i = 0; i < 17; i++)
      outer1(1, 32);
   return NULL;
}

int main(void)
{
   pthread_t t;
   int i;
   /* Interleaved, so each call finds the other path's stack last. */
   for (i = 0; i < 11; i++) {
      if (i < 3)  outer1(0, 100);   /* outer1 > via_a: 3 x 100 */
      if (i < 5)  outer1(1, 200);   /* outer1 > via_b: 5 x 200 */
      if (i < 7)  outer2(0, 300);   /* outer2 > via_a: 7 x 300 */
      outer2(1, 400);               /* outer2 > via_b: 11 x 400 */
   }
   for (i = 0; i < nkept; i++)
      free(kept[i]);
   nkept = 0;
   /* One thread after the other, on the same stack. */
   pthread_create(&t, NULL, thread_a, NULL);
   pthread_join(t, NULL);
   pthread_create(&t, NULL, thread_b, NULL);
   pthread_join(t, NULL);
   for (i = 0; i < nkept; i++)
      free(kept[i]);
   return 0;
}
