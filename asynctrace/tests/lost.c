/* Definitely and indirectly lost blocks on the main thread, for
   lost.vgtest: lose_one loses a block of 40 bytes; lose_list loses a
   list head of 24 bytes whose 2 nodes of 32 bytes are then indirectly
   lost (64 bytes).  Each allocates in a function of its own that
   leaves no copy of a pointer behind in its frame or in a scratch
   register, so the leak scan finds the blocks lost.
   Copyright (C) 2026 the asynctrace authors.  GPL-2.0-or-later. */
#include <stdlib.h>
#include <string.h>

struct node { struct node* next; char pad[24]; };   /* 32 bytes */
struct head { struct node* first; char pad[16]; };  /* 24 bytes */

/* Zero the caller-saved registers a pointer may linger in (amd64; a
   no-op elsewhere, where the test may then see fewer blocks lost). */
#if defined(__x86_64__)
#define CLEAR_SCRATCH() \
   __asm__ volatile("xor %%eax,%%eax; xor %%ecx,%%ecx; xor %%edx,%%edx;" \
                    "xor %%esi,%%esi; xor %%edi,%%edi; xor %%r8d,%%r8d;" \
                    "xor %%r9d,%%r9d; xor %%r10d,%%r10d; xor %%r11d,%%r11d" \
                    ::: "rax", "rcx", "rdx", "rsi", "rdi", "r8", "r9", \
                        "r10", "r11", "memory")
#else
#define CLEAR_SCRATCH() __asm__ volatile("" ::: "memory")
#endif

__attribute__((noinline)) static void lose_one(void)
{
   char* volatile p = malloc(40);
   p[0] = 1;
   p = NULL;
   CLEAR_SCRATCH();
}

__attribute__((noinline)) static void lose_list(void)
{
   struct head* volatile h = malloc(sizeof(struct head));
   struct node* n = NULL;
   int i;
   for (i = 0; i < 2; i++) {
      struct node* x = malloc(sizeof(struct node));
      x->next = n;
      n = x;
   }
   h->first = n;
   n = NULL;
   h = NULL;
   CLEAR_SCRATCH();
}

/* Overwrite the dead stack below main, where the callees' frames were. */
__attribute__((noinline)) static void scrub(void)
{
   volatile char buf[4096];
   memset((char*)buf, 0, sizeof buf);
}

int main(void)
{
   lose_one();
   lose_list();
   scrub();
   CLEAR_SCRATCH();
   return 0;
}
