/* A program with its own allocators, telling Valgrind's tools of them
   with client requests, and asking for leak checks and their counts as a
   test suite does: tests/tool_pools.test runs it under memcheck and
   under asynctrace and compares what each prints.

   pools arena   an arena: one malloc'd 8 KiB block cut into 48-byte
                 chunks (VALGRIND_MEMPOOL_ALLOC), two linked lists of 32,
                 one kept in a global, one lost; some chunks freed, the
                 arena trimmed; then destroyed with a list still in it
   pools keep    an arena never destroyed, some of its chunks lost
   pools big     320,000 chunks in 64 arenas, half lost, 16 destroyed
   pools meta    a metapool (METAPOOL | AUTO_FREE) whose chunk is a
                 superblock for MALLOCLIKE blocks, and a metapool without
                 AUTO_FREE on a malloc'd block whose blocks are lost
   pools likes   MALLOCLIKE, RESIZEINPLACE and FREELIKE blocks in a static
                 buffer, one freed twice (an invalid free)
   pools counts  plain malloc leaks and the leak requests' forms (full,
                 added, changed, quick) with their counts in between, and
                 a double free

   After each leak check it prints COUNT_LEAKS' and COUNT_LEAK_BLOCKS'
   figures on stdout, so that the two tools' figures can be compared
   line by line.  Copyright (C) 2026 the asynctrace authors.
   GPL-2.0-or-later. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <valgrind.h>
#include <memcheck.h>
#include "clean_stack.h"

struct node { struct node* next; long payload[5]; };   /* 48 bytes */

static void counts(const char* when)
{
   unsigned long l = 0, d = 0, r = 0, s = 0, lb = 0, db = 0, rb = 0, sb = 0;
   VALGRIND_COUNT_LEAKS(l, d, r, s);
   VALGRIND_COUNT_LEAK_BLOCKS(lb, db, rb, sb);
   printf("%-24s leaked %5lu in %3lu, dubious %5lu in %3lu, reachable "
          "%5lu in %3lu, suppressed %lu in %lu\n", when, l, lb, d, db, r,
          rb, s, sb);
   fflush(stdout);
}

/* ---- an arena ---------------------------------------------------- */

struct arena { char* base; size_t used, size; };
static struct arena the_arena;
static struct node* kept;          /* a list the program keeps */

__attribute__((noinline)) static void* arena_get(struct arena* a, size_t n)
{
   void* p = a->base + a->used;
   a->used += n;
   VALGRIND_MEMPOOL_ALLOC(a, p, n);
   return p;
}

__attribute__((noinline)) static struct node* make_list(int n)
{
   struct node* head = NULL;
   for (int i = 0; i < n; i++) {
      struct node* x = arena_get(&the_arena, sizeof *x);
      memset(x, 0, sizeof *x);
      x->next = head;
      head = x;
   }
   return head;
}

__attribute__((noinline)) static void lose_list(int n)
{
   volatile struct node* lost = make_list(n);
   lost = NULL;
   (void)lost;
   CLEAR_SCRATCH();
}

static void arena(void)
{
   the_arena.size = 8192;
   the_arena.base = malloc(the_arena.size);
   the_arena.used = 64;            /* the arena's own header first */
   memset(the_arena.base, 0, the_arena.size);
   VALGRIND_CREATE_MEMPOOL(&the_arena, 0, 0);
   printf("exists: %d\n", (int)VALGRIND_MEMPOOL_EXISTS(&the_arena));
   kept = make_list(32);           /* chunks 64 .. 1600 */
   lose_list(32);                  /* chunks 1600 .. 3136 */
   scrub();
   VALGRIND_DO_LEAK_CHECK;
   counts("two lists");
   /* The kept list's first two nodes go back to the arena. */
   {
      struct node* a = kept;
      struct node* b = a->next;
      kept = b->next;
      memset(a, 0, sizeof *a);
      memset(b, 0, sizeof *b);
      VALGRIND_MEMPOOL_FREE(&the_arena, a);
      VALGRIND_MEMPOOL_FREE(&the_arena, b);
   }
   VALGRIND_DO_CHANGED_LEAK_CHECK;
   counts("two freed");
   /* Keep only what lies in [1024, 2024): whole nodes from 1024 (a
      node's start: memcheck 3.19 gets a node cut at the low end wrong),
      and one cut to 40 bytes at the high end. */
   VALGRIND_MEMPOOL_TRIM(&the_arena, the_arena.base + 1024, 1000);
   kept = NULL;
   scrub();
   VALGRIND_DO_LEAK_CHECK;
   counts("trimmed");
   lose_list(10);
   VALGRIND_DO_ADDED_LEAK_CHECK;
   counts("ten more");
   VALGRIND_DESTROY_MEMPOOL(&the_arena);
   printf("exists: %d\n", (int)VALGRIND_MEMPOOL_EXISTS(&the_arena));
   VALGRIND_DO_LEAK_CHECK;
   counts("destroyed");
   /* The arena's block itself: lost at exit with the pointer gone. */
   the_arena.base = NULL;
}

/* An arena never destroyed: its block is left out of the scan at exit,
   its chunks checked (memcheck's leak-pool). */
static void keep(void)
{
   the_arena.size = 8192;
   the_arena.base = malloc(the_arena.size);
   the_arena.used = 64;
   memset(the_arena.base, 0, the_arena.size);
   VALGRIND_CREATE_MEMPOOL(&the_arena, 0, 0);
   kept = make_list(5);
   lose_list(10);
   /* Work long enough for a snapshot every 100,000 instructions. */
   for (volatile int i = 0; i < 200000; i++)
      ;
   scrub();
   VALGRIND_DO_QUICK_LEAK_CHECK;
   counts("kept");
}

/* At a realistic size: 64 arenas of 1 MiB, each cut into 5,000 chunks
   of 200 bytes (320,000 chunks); every other chunk kept in a malloc'd
   table, the others lost; then 16 arenas destroyed. */
static void big(void)
{
   enum { ARENAS = 64, PER = 5000, SIZE = 200 };
   static struct arena arenas[ARENAS];
   void** table = malloc(ARENAS * PER / 2 * sizeof(void*));
   size_t kept_n = 0;
   for (int a = 0; a < ARENAS; a++) {
      arenas[a].size = 1 << 20;
      arenas[a].base = malloc(arenas[a].size);
      arenas[a].used = 0;
      memset(arenas[a].base, 0, arenas[a].size);
      VALGRIND_CREATE_MEMPOOL(&arenas[a], 0, 0);
      for (int i = 0; i < PER; i++) {
         void* p = arenas[a].base + arenas[a].used;
         arenas[a].used += SIZE;
         VALGRIND_MEMPOOL_ALLOC(&arenas[a], p, SIZE);
         if (i % 2 == 0)
            table[kept_n++] = p;
      }
   }
   scrub();
   CLEAR_SCRATCH();
   VALGRIND_DO_QUICK_LEAK_CHECK;
   counts("320,000 chunks");
   for (int a = 0; a < ARENAS; a += 4)
      VALGRIND_DESTROY_MEMPOOL(&arenas[a]);
   VALGRIND_DO_QUICK_LEAK_CHECK;
   counts("16 arenas destroyed");
}

/* ---- metapools --------------------------------------------------- */

static struct arena auto_pool, plain_pool;

__attribute__((noinline)) static void* carve(char* super, size_t* used,
                                             size_t n)
{
   void* p = super + *used;
   *used += n;
   VALGRIND_MALLOCLIKE_BLOCK(p, n, 0, 0);
   return p;
}

__attribute__((noinline)) static void fill(char* super, int n, size_t each)
{
   size_t used = 16;               /* the superblock's header */
   for (int i = 0; i < n; i++) {
      volatile char* p = carve(super, &used, each);
      p[0] = 1;
   }
   CLEAR_SCRATCH();
}

/* The auto-free pool's superblock is static: memcheck 3.19 also frees
   the malloc'd blocks inside an auto-freed chunk (the superblock itself,
   if it was malloc'd), which asynctrace leaves to the program. */
static char super1[4096];

static void meta(void)
{
   char* s1 = super1;
   char* s2 = malloc(4096);
   memset(s2, 0, 4096);
   VALGRIND_CREATE_MEMPOOL_EXT(&auto_pool, 0, 0,
                               VALGRIND_MEMPOOL_METAPOOL
                               | VALGRIND_MEMPOOL_AUTO_FREE);
   VALGRIND_CREATE_MEMPOOL_EXT(&plain_pool, 0, 0, VALGRIND_MEMPOOL_METAPOOL);
   VALGRIND_MEMPOOL_ALLOC(&auto_pool, s1, 4096);
   VALGRIND_MEMPOOL_ALLOC(&plain_pool, s2, 4096);
   fill(s1, 20, 40);
   fill(s2, 12, 24);
   scrub();
   VALGRIND_DO_LEAK_CHECK;
   counts("two superblocks");
   /* Give both superblocks back: the auto-free pool's blocks go with
      theirs, the other's stay, lost. */
   VALGRIND_MEMPOOL_FREE(&auto_pool, s1);
   VALGRIND_MEMPOOL_FREE(&plain_pool, s2);
   VALGRIND_DESTROY_MEMPOOL(&auto_pool);
   VALGRIND_DESTROY_MEMPOOL(&plain_pool);
   VALGRIND_DO_LEAK_CHECK;
   counts("superblocks freed");
   /* s2 stays allocated, with the 12 blocks inside it. */
   s2 = NULL;
   CLEAR_SCRATCH();
}

/* ---- MALLOCLIKE blocks --------------------------------------------- */

static char store[4096];
static void* held[8];

static void likes(void)
{
   for (int i = 0; i < 8; i++) {
      held[i] = store + 32 + i * 256;
      VALGRIND_MALLOCLIKE_BLOCK(held[i], 100 + i, 0, 0);
   }
   VALGRIND_RESIZEINPLACE_BLOCK(held[1], 101, 200, 0);
   VALGRIND_DO_LEAK_CHECK;
   counts("eight blocks");
   memset(held[2], 0, 102);
   VALGRIND_FREELIKE_BLOCK(held[2], 0);
   VALGRIND_FREELIKE_BLOCK(held[2], 0);    /* twice: an invalid free */
   held[3] = NULL;                          /* lost */
   held[4] = (char*)held[4] + 10;           /* possibly lost */
   VALGRIND_DO_LEAK_CHECK;
   counts("one freed, two dropped");
}

/* ---- the leak requests on malloc ----------------------------------- */

static void* g1;

__attribute__((noinline)) static void lose(size_t n)
{
   volatile char* p = malloc(n);
   p[0] = 1;
   p = NULL;
   CLEAR_SCRATCH();
}

static void requests(void)
{
   g1 = malloc(1000);
   lose(300);
   lose(200);
   scrub();
   VALGRIND_DO_LEAK_CHECK;
   counts("full");
   lose(50);
   scrub();
   VALGRIND_DO_ADDED_LEAK_CHECK;
   counts("added");
   free(g1);
   g1 = NULL;
   VALGRIND_DO_CHANGED_LEAK_CHECK;
   counts("changed");
   g1 = (char*)malloc(64) + 8;             /* possibly lost */
   VALGRIND_DO_QUICK_LEAK_CHECK;
   counts("quick");
   {  /* A double free: an error, as memcheck's. */
      void* volatile d = malloc(10);
      free(d);
      free(d);
   }
}

int main(int argc, char** argv)
{
   const char* mode = argc > 1 ? argv[1] : "";
   setvbuf(stdout, NULL, _IOLBF, 0);
   if (strcmp(mode, "arena") == 0)
      arena();
   else if (strcmp(mode, "meta") == 0)
      meta();
   else if (strcmp(mode, "likes") == 0)
      likes();
   else if (strcmp(mode, "counts") == 0)
      requests();
   else if (strcmp(mode, "keep") == 0)
      keep();
   else if (strcmp(mode, "big") == 0)
      big();
   else {
      fprintf(stderr, "usage: pools arena|keep|big|meta|likes|counts\n");
      return 2;
   }
   scrub();
   CLEAR_SCRATCH();
   return 0;
}
