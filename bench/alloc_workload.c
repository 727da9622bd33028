/* alloc_workload: a multi-threaded heap workload for bench/run-bench.sh.
   It measures nothing itself; the benchmark times it natively and under
   Valgrind tools.

   Usage: alloc_workload [THREADS [ALLOCS_PER_THREAD]]   (defaults 4, 1000000)

   Each worker thread does ALLOCS_PER_THREAD iterations; each iteration
   mallocs one block of 8..512 bytes (mostly small), fills it, and frees
   the block that fell out of a sliding window, so a block typically lives
   for WINDOW iterations.  Some blocks go to a longer-lived table instead,
   a few are realloc'ed, and a few are handed to the next thread, which
   frees them (cross-thread frees, as in work-stealing runtimes).  Every
   freed block is read back into a checksum, and a short hash round per
   iteration keeps the work from being purely malloc.

   Deterministic: each thread has its own PRNG with a fixed seed, and a
   block's contribution to the checksum depends only on what was written
   into it, not on who frees it, so the printed checksum depends only on
   THREADS and ALLOCS_PER_THREAD.

   Build: cc -O2 -g -pthread -o alloc_workload alloc_workload.c

   Copyright (C) 2026 the asynctrace authors.
   SPDX-License-Identifier: GPL-2.0-or-later */

#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <inttypes.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define DEFAULT_THREADS  4
#define DEFAULT_ALLOCS   1000000L
#define MAX_THREADS      256

#define WINDOW        512    /* sliding window: blocks freed in FIFO order */
#define LONG_SLOTS    2048   /* longer-lived blocks, replaced at random   */
#define LONG_ONE_IN   16     /* 1 block in 16 goes to the long-lived table */
#define REALLOC_ONE_IN 50    /* 1 iteration in 50 reallocs a window block */
#define HANDOFF_ONE_IN 128   /* 1 block in 128 is freed by the next thread */
#define MAILBOX_CAP   1024
#define HASH_ROUNDS   24

/*------------------------------------------------------------*/
/*--- PRNG: splitmix64, one state per thread                ---*/
/*------------------------------------------------------------*/

static uint64_t rng_next(uint64_t* s)
{
   uint64_t z = (*s += UINT64_C(0x9e3779b97f4a7c15));
   z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
   z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
   return z ^ (z >> 31);
}

/* Sizes 8..512, skewed small: 3 in 4 are 8..64, the rest 8..512. */
static size_t pick_size(uint64_t* s)
{
   uint64_t r = rng_next(s);
   if ((r & 3) != 0)
      return 8 + (size_t)((r >> 8) % 57);
   return 8 + (size_t)((r >> 8) % 505);
}

/*------------------------------------------------------------*/
/*--- Blocks: written on allocation, summed when freed      ---*/
/*------------------------------------------------------------*/

typedef struct {
   unsigned char* p;
   size_t size;
} Block;

/* Fills bytes [from, to) of the block with a pattern derived from tag. */
static void fill(unsigned char* p, size_t from, size_t to, uint64_t tag)
{
   for (size_t i = from; i < to; i++)
      p[i] = (unsigned char)(tag >> ((i & 7) * 8)) ^ (unsigned char)i;
}

/* A checksum of the block's contents, independent of its address. */
static uint64_t sum_block(const unsigned char* p, size_t size)
{
   uint64_t h = size;
   size_t i = 0;
   for (; i + 8 <= size; i += 8) {
      uint64_t w;
      memcpy(&w, p + i, 8);
      h = (h ^ w) * UINT64_C(0x100000001b3);
   }
   for (; i < size; i++)
      h = (h ^ p[i]) * UINT64_C(0x100000001b3);
   return h;
}

static uint64_t release(Block* b)
{
   uint64_t h = 0;
   if (b->p != NULL) {
      h = sum_block(b->p, b->size);
      free(b->p);
      b->p = NULL;
      b->size = 0;
   }
   return h;
}

static void die(const char* what, int err)
{
   fprintf(stderr, "alloc_workload: %s: %s\n", what, strerror(err));
   exit(2);
}

static Block make_block(uint64_t* s)
{
   Block b;
   b.size = pick_size(s);
   b.p = malloc(b.size);
   if (b.p == NULL)
      die("malloc", ENOMEM);
   fill(b.p, 0, b.size, rng_next(s));
   return b;
}

/*------------------------------------------------------------*/
/*--- Mailboxes: blocks handed from one thread to the next  ---*/
/*------------------------------------------------------------*/

typedef struct {
   pthread_mutex_t lock;
   int n;
   Block blocks[MAILBOX_CAP];
} Mailbox;

static Mailbox* mailboxes;
static int n_threads;

/* Hands b to thread `to`; when its mailbox is full the sender frees b and
   returns its checksum (the same value the receiver would have added). */
static uint64_t post(int to, Block b)
{
   Mailbox* m = &mailboxes[to];
   int full;
   pthread_mutex_lock(&m->lock);
   full = m->n == MAILBOX_CAP;
   if (!full)
      m->blocks[m->n++] = b;
   pthread_mutex_unlock(&m->lock);
   return full ? release(&b) : 0;
}

/* Frees every block in thread me's mailbox. */
static uint64_t drain(int me)
{
   Mailbox* m = &mailboxes[me];
   uint64_t h = 0;
   pthread_mutex_lock(&m->lock);
   for (int i = 0; i < m->n; i++)
      h += release(&m->blocks[i]);
   m->n = 0;
   pthread_mutex_unlock(&m->lock);
   return h;
}

/*------------------------------------------------------------*/
/*--- The worker                                            ---*/
/*------------------------------------------------------------*/

typedef struct {
   int index;
   long allocs;
   uint64_t sum;       /* sum of the checksums of the blocks it freed */
   uint64_t mix;       /* result of the computation */
} Worker;

static void* work(void* arg)
{
   Worker* w = arg;
   uint64_t s = UINT64_C(0x5eed) + (uint64_t)w->index * UINT64_C(0x1000193);
   uint64_t sum = 0, mix = (uint64_t)w->index;
   int next = (w->index + 1) % n_threads;
   Block* window = calloc(WINDOW, sizeof *window);
   Block* longer = calloc(LONG_SLOTS, sizeof *longer);
   if (window == NULL || longer == NULL)
      die("calloc", ENOMEM);

   for (long i = 0; i < w->allocs; i++) {
      Block b = make_block(&s);
      uint64_t r = rng_next(&s);
      Block* slot = &window[i % WINDOW];

      /* The block leaving the window is freed here, or by the next
         thread if it is handed over. */
      if (slot->p != NULL && n_threads > 1 && r % HANDOFF_ONE_IN == 0) {
         sum += post(next, *slot);
         slot->p = NULL;
      } else {
         sum += release(slot);
      }
      if ((r >> 16) % LONG_ONE_IN == 0) {
         Block* l = &longer[(r >> 24) % LONG_SLOTS];
         sum += release(l);
         *l = b;
      } else {
         *slot = b;
      }

      if ((r >> 40) % REALLOC_ONE_IN == 0) {
         Block* v = &window[(r >> 48) % WINDOW];
         if (v->p != NULL) {
            size_t n = pick_size(&s);
            unsigned char* q = realloc(v->p, n);
            if (q == NULL)
               die("realloc", ENOMEM);
            if (n > v->size)
               fill(q, v->size, n, rng_next(&s));
            v->p = q;
            v->size = n;
         }
      }

      /* A little computation beside the allocations. */
      for (int k = 0; k < HASH_ROUNDS; k++)
         mix = (mix ^ (mix >> 29) ^ r) * UINT64_C(0xbf58476d1ce4e5b9) + k;

      if ((i & 255) == 255)
         sum += drain(w->index);
   }

   for (int i = 0; i < WINDOW; i++)
      sum += release(&window[i]);
   for (int i = 0; i < LONG_SLOTS; i++)
      sum += release(&longer[i]);
   free(window);
   free(longer);
   w->sum = sum;
   w->mix = mix;
   return NULL;
}

/*------------------------------------------------------------*/
/*--- main                                                  ---*/
/*------------------------------------------------------------*/

static long parse(const char* arg, const char* what, long lo, long hi)
{
   char* end;
   long v;
   errno = 0;
   v = strtol(arg, &end, 10);
   if (errno != 0 || end == arg || *end != '\0' || v < lo || v > hi) {
      fprintf(stderr, "alloc_workload: %s must be %ld..%ld, not '%s'\n",
              what, lo, hi, arg);
      exit(2);
   }
   return v;
}

int main(int argc, char** argv)
{
   long allocs = DEFAULT_ALLOCS;
   Worker* workers;
   pthread_t* tids;
   uint64_t sum = 0, mix = 0;

   n_threads = DEFAULT_THREADS;
   if (argc > 3 || (argc > 1 && argv[1][0] == '-')) {
      fprintf(stderr, "usage: alloc_workload [THREADS [ALLOCS_PER_THREAD]]\n");
      return 2;
   }
   if (argc > 1)
      n_threads = (int)parse(argv[1], "THREADS", 1, MAX_THREADS);
   if (argc > 2)
      allocs = parse(argv[2], "ALLOCS_PER_THREAD", 1, 1000000000L);

   workers = calloc((size_t)n_threads, sizeof *workers);
   tids = calloc((size_t)n_threads, sizeof *tids);
   mailboxes = calloc((size_t)n_threads, sizeof *mailboxes);
   if (workers == NULL || tids == NULL || mailboxes == NULL)
      die("calloc", ENOMEM);
   for (int t = 0; t < n_threads; t++)
      pthread_mutex_init(&mailboxes[t].lock, NULL);

   for (int t = 0; t < n_threads; t++) {
      int err;
      workers[t].index = t;
      workers[t].allocs = allocs;
      err = pthread_create(&tids[t], NULL, work, &workers[t]);
      if (err != 0)
         die("pthread_create", err);
   }
   for (int t = 0; t < n_threads; t++) {
      int err = pthread_join(tids[t], NULL);
      if (err != 0)
         die("pthread_join", err);
      sum += workers[t].sum;
      mix ^= workers[t].mix;
   }
   /* Blocks handed to threads that had already finished. */
   for (int t = 0; t < n_threads; t++) {
      sum += drain(t);
      pthread_mutex_destroy(&mailboxes[t].lock);
   }

   printf("alloc_workload: threads=%d allocs_per_thread=%ld checksum=%016"
          PRIx64 "\n", n_threads, allocs, sum ^ mix);
   free(mailboxes);
   free(tids);
   free(workers);
   return 0;
}
