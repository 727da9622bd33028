/* long_list N: two singly linked lists of N/2 nodes of 32 bytes each,
   built node after node; the head of the first stays in a global
   (still reachable), the head of the second is dropped (1 block
   definitely lost, N/2 - 1 indirectly).  Issue 20's false pointers: in
   the default layout a 32-bit number in ld.so's data pointed into such
   a list and made most of it "possibly lost".
   Copyright (C) 2026 the asynctrace authors.  GPL-2.0-or-later. */
#include <stdio.h>
#include <stdlib.h>
#include "clean_stack.h"

struct node { struct node* next; unsigned long payload[3]; };

static struct node* kept;

__attribute__((noinline)) static struct node* build(unsigned long n)
{
   struct node* head = NULL;
   struct node** tail = &head;
   unsigned long i;
   for (i = 0; i < n; i++) {
      struct node* x = malloc(sizeof *x);
      x->next = NULL;
      x->payload[0] = i;
      x->payload[1] = i * 3;
      x->payload[2] = ~i;
      *tail = x;
      tail = &x->next;
   }
   return head;
}

__attribute__((noinline)) static void build_and_drop(unsigned long n)
{
   volatile struct node* lost = build(n);
   lost = NULL;
   (void)lost;
}

int main(int argc, char** argv)
{
   unsigned long n = argc > 1 ? strtoul(argv[1], NULL, 10) : 1000000;
   kept = build(n / 2);
   build_and_drop(n / 2);
   scrub();
   CLEAR_SCRATCH();
   printf("definite=32/1 indirect=%lu/%lu reachable=%lu/%lu\n",
          (n / 2 - 1) * 32, n / 2 - 1, n / 2 * 32, n / 2);
   return 0;
}
