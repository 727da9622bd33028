/* group.c: merges the loss records, the live-at-exit sites and the
 * allocation sites that differ only in frames that do not matter.
 *
 * The tool writes one record per distinct full stack.  In a Rust program
 * stacks that end in the same line of the program differ deep down:
 * Rayon's recursive join reaches a closure at every depth, Tokio polls a
 * task from several places, and a par_iter that leaked 60 blocks shows
 * as dozens of records of one block.  Here two records are one if they
 * have the same role and pool (and, for a leak, the same kind; for role
 * other, the same thread name, numbers folded) and the
 * same first N frames of the program's own code (frames.c; N is
 * --group-frames), a frame being its function, source file and line.
 * The figures of a group are the sums of its records' (exact: grouping
 * moves nothing between roles or kinds); it shows the stack of its
 * largest record, and says how many distinct stacks and threads it
 * merged.
 *
 * One grouper does it all, a record sink (sink.h) merging each record
 * into its group as it is handed over, whichever way the report is
 * read.  A version 2 report read its stack table first (stacktab.c's
 * read_fast) hands it the table's stacks first, each keyed as it is
 * read and known by its id after, then its records: memory grows with
 * the distinct stacks and the groups, not with the records, and a
 * 1 GB report is grouped in bounded memory.  A report read whole (a
 * version 1 report, a pipe, or one the fast read gave up on: every
 * record kept) is fed its kept records after the read (group_report),
 * each stack keyed from its frames by the same frame keys (a version
 * 1 stack holds its frames, a version 2 one points into the table),
 * and the group keeps the stack of the record it shows.  Either way the
 * groups are the same, key for key, and only those text.c can show are
 * made into Sites at the end (grouper_finish).
 *
 * A key is looked up by its content, never by the address of a string
 * that may be freed before the read ends: a folded thread name freed
 * and another folded at the same address must not share an id (they
 * once did, in the streaming grouper, and which sites merged then
 * depended on where ASLR put the strings).  The hashes are util.c's
 * seeded one.
 *
 * Copyright (C) 2026 the asynctrace authors.
 * SPDX-License-Identifier: GPL-2.0-or-later
 *
 * This program is free software; you can redistribute it and/or modify it
 * under the terms of the GNU General Public License as published by the
 * Free Software Foundation; either version 2 of the License, or (at your
 * option) any later version.
 *
 * This program is distributed in the hope that it will be useful, but
 * WITHOUT ANY WARRANTY; without even the implied warranty of
 * MERCHANTABILITY or FITNESS FOR A PARTICULAR PURPOSE.  See the GNU General
 * Public License for more details.
 */

#define _POSIX_C_SOURCE 200809L

#include <inttypes.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sink.h"

/* Adds a site's or loss record's figures to its group's (a Site or a
   compact group: the same field names), saturating; the group keeps
   the earliest order. */
#define ADD_FIGURES(d, s)                                             \
   do {                                                               \
      (d)->blocks = add_sat((d)->blocks, (s)->blocks);                \
      (d)->bytes = add_sat((d)->bytes, (s)->bytes);                   \
      (d)->ind_bytes = add_sat((d)->ind_bytes, (s)->ind_bytes);       \
      (d)->ind_blocks = add_sat((d)->ind_blocks, (s)->ind_blocks);    \
      (d)->has_ind |= (s)->has_ind;                                   \
      (d)->heur_bytes = add_sat((d)->heur_bytes, (s)->heur_bytes);    \
      (d)->heur_blocks = add_sat((d)->heur_blocks, (s)->heur_blocks); \
      (d)->heur_mask |= (s)->heur_mask;                               \
      if ((s)->order < (d)->order)                                    \
         (d)->order = (s)->order;                                     \
   } while (0)

/* The same for an allocation site's figures. */
#define ADD_ALLOC_FIGURES(d, s)                                       \
   do {                                                               \
      (d)->allocs = add_sat((d)->allocs, (s)->allocs);                \
      (d)->bytes = add_sat((d)->bytes, (s)->bytes);                   \
      (d)->live_blocks = add_sat((d)->live_blocks, (s)->live_blocks); \
      (d)->live_bytes = add_sat((d)->live_bytes, (s)->live_bytes);    \
      (d)->at_peak = add_sat((d)->at_peak, (s)->at_peak);             \
      if ((s)->order < (d)->order)                                    \
         (d)->order = (s)->order;                                     \
   } while (0)

/* ---- A set of strings, each with a number ---- */

typedef struct {
   char *key;                    /* NULL: free slot */
   size_t len, val;
   uint64_t hash;
} Slot;

typedef struct {
   Slot *slot;
   size_t n, cap;                /* cap: a power of 2 */
} Map;

/* The value of key, or, if it is new, adds it with val and returns
   SIZE_MAX. */
static size_t map_get_add(Map *m, const char *key, size_t len, size_t val)
{
   if (2 * (m->n + 1) > m->cap) {
      size_t cap = m->cap ? 2 * m->cap : 64;
      Slot *ns = xrealloc(NULL, cap * sizeof *ns);
      memset(ns, 0, cap * sizeof *ns);
      for (size_t i = 0; i < m->cap; i++) {
         Slot *o = &m->slot[i];
         if (o->key == NULL)
            continue;
         size_t j = o->hash & (cap - 1);
         while (ns[j].key != NULL)
            j = (j + 1) & (cap - 1);
         ns[j] = *o;
      }
      free(m->slot);
      m->slot = ns;
      m->cap = cap;
   }
   uint64_t h = hash_bytes(key, len);
   size_t j = h & (m->cap - 1);
   for (; m->slot[j].key != NULL; j = (j + 1) & (m->cap - 1)) {
      Slot *o = &m->slot[j];
      if (o->hash == h && o->len == len && memcmp(o->key, key, len) == 0)
         return o->val;
   }
   Slot *o = &m->slot[j];
   o->hash = h;
   o->key = xrealloc(NULL, len + 1);
   memcpy(o->key, key, len);
   o->key[len] = '\0';
   o->len = len;
   o->val = val;
   m->n++;
   return SIZE_MAX;
}

static void map_free(Map *m)
{
   for (size_t i = 0; i < m->cap; i++)
      free(m->slot[i].key);
   free(m->slot);
   memset(m, 0, sizeof *m);
}

/* ---- A set of pairs of numbers ---- */

/* A pair is kept in one number where it fits (b < 2^40 and a < 2^24:
   ids, thread numbers and groups of any real report), else as two. */
typedef struct {
   uint64_t a, b;                /* a == 0: free slot */
} Pair;

#define PACK_B 40

typedef struct {
   Pair *slot;
   size_t n, cap;                /* cap: 0 or a power of 2 */
   uint64_t *one;                /* the pairs packed; 0: free slot */
   size_t none, capone;
} PairSet;

static size_t pair_hash(uint64_t a, uint64_t b)
{
   return (size_t)hash_mix((a ^ hash_seed) * 0x9e3779b97f4a7c15ull + b);
}

static bool packed_add(PairSet *s, uint64_t k)
{
   if (2 * (s->none + 1) > s->capone) {
      size_t cap = s->capone ? 2 * s->capone : 64;
      uint64_t *ns = xrealloc(NULL, cap * sizeof *ns);
      memset(ns, 0, cap * sizeof *ns);
      for (size_t i = 0; i < s->capone; i++) {
         if (s->one[i] == 0)
            continue;
         size_t j = hash_mix(s->one[i] ^ hash_seed) & (cap - 1);
         while (ns[j] != 0)
            j = (j + 1) & (cap - 1);
         ns[j] = s->one[i];
      }
      free(s->one);
      s->one = ns;
      s->capone = cap;
   }
   size_t j = hash_mix(k ^ hash_seed) & (s->capone - 1);
   for (; s->one[j] != 0; j = (j + 1) & (s->capone - 1))
      if (s->one[j] == k)
         return false;
   s->one[j] = k;
   s->none++;
   return true;
}

static void pairs_free(PairSet *s)
{
   free(s->slot);
   free(s->one);
   memset(s, 0, sizeof *s);
}

/* Adds (a, b), a not 0; returns whether it was not there yet. */
static bool pair_add(PairSet *s, uint64_t a, uint64_t b)
{
   if (a < (UINT64_C(1) << (63 - PACK_B)) && b < (UINT64_C(1) << PACK_B))
      return packed_add(s, a << PACK_B | b);
   if (2 * (s->n + 1) > s->cap) {
      size_t cap = s->cap ? 2 * s->cap : 64;
      Pair *ns = xrealloc(NULL, cap * sizeof *ns);
      memset(ns, 0, cap * sizeof *ns);
      for (size_t i = 0; i < s->cap; i++) {
         Pair *o = &s->slot[i];
         if (o->a == 0)
            continue;
         size_t j = pair_hash(o->a, o->b) & (cap - 1);
         while (ns[j].a != 0)
            j = (j + 1) & (cap - 1);
         ns[j] = *o;
      }
      free(s->slot);
      s->slot = ns;
      s->cap = cap;
   }
   size_t j = pair_hash(a, b) & (s->cap - 1);
   for (; s->slot[j].a != 0; j = (j + 1) & (s->cap - 1))
      if (s->slot[j].a == a && s->slot[j].b == b)
         return false;
   s->slot[j] = (Pair){ a, b };
   s->n++;
   return true;
}

/* ---- Keys ---- */

static void add_str(Buf *b, const char *s)
{
   if (s)
      buf_adds(b, s);
   buf_add(b, "\x1f", 1);
}

/* A number in 8 bytes: the keys are only compared, never shown, and
   after a string, which holds no \x1f (XML forbids it), fixed lengths
   keep them apart. */
static void add_u64(Buf *b, uint64_t v)
{
   buf_add(b, (const char *)&v, sizeof v);
}

/* A frame as the group sees it: where in the source, not the address
   (two copies of one generic function are the same line).  A frame
   without a source line is its address. */
static void add_frame_text(Buf *b, const Frame *f)
{
   if (f->file && f->has_line) {
      add_str(b, f->fn);
      add_str(b, f->dir);
      add_str(b, f->file);
      add_u64(b, f->line);
   } else {
      add_str(b, f->ip);
      add_str(b, f->fn);
   }
}

/* Each distinct frame (as above) gets a number, and each frame of the
   stack table its number and whether it is the program's own, worked
   out once: a report of 300,000 sites shares 100,000 frames, and the
   keys hold numbers, not names. */
typedef struct {
   uint32_t key;
   bool own;
} FrameInfo;

/* Kept as key | own << 31 (0: not worked out yet): 4 bytes a frame, for
   the cache, as every stack's frames are looked up. */
#define OWN_BIT (UINT32_C(1) << 31)

static Map frame_keys;
static uint32_t *finfo;          /* by index in the report's tframes */
static const Frame *ftab;
static size_t nfinfo;
static Buf ftext;

static FrameInfo frame_info(const Frame *f, const OwnRules *own)
{
   FrameInfo fi;
   size_t i = ftab && f >= ftab && f < ftab + nfinfo ? (size_t)(f - ftab)
                                                     : SIZE_MAX;
   if (i != SIZE_MAX && finfo[i] != 0)
      return (FrameInfo){ finfo[i] & ~OWN_BIT, (finfo[i] & OWN_BIT) != 0 };
   buf_clear(&ftext);
   add_frame_text(&ftext, f);
   size_t k = map_get_add(&frame_keys, ftext.s, ftext.len, frame_keys.n + 1);
   fi.key = (uint32_t)(k == SIZE_MAX ? frame_keys.n : k);
   fi.own = frame_is_own(f, own);
   if (i != SIZE_MAX && fi.key < OWN_BIT)    /* (else not kept: never) */
      finfo[i] = fi.key | (fi.own ? OWN_BIT : 0);
   return fi;
}

/* The full stack's identity, as a number: its id in a version 2
   report; in a version 1 one, its addresses numbered (with the top bit
   set) by idents. */
static uint64_t identity(Map *idents, Buf *b, const Stack *s)
{
   if (s->in_table || s->ref != 0)
      return s->ref;
   buf_clear(b);
   for (size_t i = 0; i < s->nframes; i++)
      add_str(b, s->frames[i].ip);
   size_t k = map_get_add(idents, b->s, b->len, idents->n + 1);
   return (k == SIZE_MAX ? idents->n : k) | (UINT64_C(1) << 63);
}

/* ---- The names of role other's threads ---- */

/* The report being grouped: for the names of role other's threads,
   found by seq in by_seq, its threads' indices sorted by seq (the first
   in the file of a seq first), rather than by a walk of them a record. */
static const Report *cur;
static size_t *by_seq;

static int cmp_seq(const void *a, const void *b)
{
   size_t i = *(const size_t *)a, j = *(const size_t *)b;
   uint64_t x = cur->threads.list[i].seq, y = cur->threads.list[j].seq;
   return x != y ? (x > y) - (x < y) : (i > j) - (i < j);
}

static const char *thread_name_of(uint64_t seq)
{
   size_t lo = 0, hi = cur != NULL ? cur->threads.n : 0;
   while (lo < hi) {
      size_t mid = lo + (hi - lo) / 2;
      if (cur->threads.list[by_seq[mid]].seq < seq)
         lo = mid + 1;
      else
         hi = mid;
   }
   if (cur == NULL || lo == cur->threads.n ||
       cur->threads.list[by_seq[lo]].seq != seq)
      return "";
   const Thread *t = &cur->threads.list[by_seq[lo]];
   return t->name ? t->name : "";
}

/* ---- The grouper ----

   In a version 2 report the stacks come last, in the table; the reader
   reads the table first when it can, handing each stack over as it is
   read (grouper_stack: its key is kept, not its frames), and then each
   record, to be merged at once into its group.  Fed the records of a
   report read whole (group_report), each record's stack is keyed from
   its frames instead, as it comes.  A key's parts are numbered (strings
   by content, a stack's own frames by frame_info's keys), and a group
   keeps, compact, the sums and what it needs of the record it shows.
   At the end only the groups text.c can show are made into Sites
   (their stacks' frames then read again from the file, or, read whole,
   the stack the group kept). */

/* A group's key: role and pool, leak kind, orphan, the thread name of
   role other, the stack's first own frames (skey), the suppression
   that matched a loss record (a suppressed record is not grouped with
   others).  No padding, so that keys compare whole. */
typedef struct {
   uint64_t pool1;               /* pool + 1, 0: none (as add_role) */
   uint32_t role, kind;          /* string ids (NULL as "") */
   uint32_t name;                /* 0: none, else string id + 1 */
   uint32_t skey;
   uint32_t orphan;
   uint32_t supp;                /* 0: none, else string id + 1 */
} GKey;

/* A group, compact: its key, its sums and counts, and of the record
   it shows (the heaviest, the first in the file of equals) what a Site
   or ASite needs; made into one only if it can be shown
   (grouper_finish).  The key first, where glist_find looks. */
typedef struct {                 /* of live sites or loss records */
   GKey key;
   uint64_t blocks, bytes, ind_bytes, ind_blocks;
   uint64_t heur_bytes, heur_blocks;   /* memcheck's heuristics kept */
   uint64_t records, stacks, threads;
   size_t order;                 /* the first member's place in the file */
   size_t rorder;                /* the record shown: its place, */
   uint64_t weight;              /* its lrec_total, */
   uint64_t thread;              /* its thread, */
   const char *role, *kind;      /* its role and kind (kept once), */
   PointedFrom *from;            /* its pointed-from, */
   char *supp;                   /* the suppression's name (the key's) */
   uint32_t ref, cut;            /* its stack, and the cut */
   bool has_ind;
   uint8_t heur_mask;
   bool pool_max;                /* its pool is UINT64_MAX (the key's
                                    pool + 1 is then 0) */
} SGroup;

typedef struct {                 /* of allocation sites */
   GKey key;
   uint64_t allocs, bytes, live_blocks, live_bytes, at_peak;
   uint64_t records, stacks;
   size_t order, rorder;
   uint64_t weight;              /* the record shown's bytes */
   const char *role;
   uint32_t ref, cut;
   bool pool_max;
} AGroup;

/* What a record's stack adds to its group besides its key: its full
   stack's identity (for the count of distinct stacks) and its cut. */
typedef struct {
   uint64_t ident;
   uint32_t cut;
} SKey;

/* Read whole (group_report), the stack of the record a group shows,
   kept: the group's ref is its index + 1. */
typedef struct {
   Stack stack;
   uint64_t ident;
} Kept;

typedef struct {                 /* the groups of one list */
   void *v;                      /* SGroup or AGroup */
   size_t n, cap, elem;
   uint64_t *slot;               /* the key's hash's top 32 bits, then
                                    group + 1 (0: free); cap: a power
                                    of 2.  A slot of another key is
                                    passed by its hash, without a look
                                    at its group */
   size_t capslot;
   PairSet seen;                 /* (2g + 2, stack), (2g + 3, thread) */
   /* The record handed over last, merged when the next one comes (or
      at the end): its key's slot is fetched meanwhile. */
   union { Site s; ASite a; } pend;
   GKey pkey;
   SKey psk;
   uint64_t phash;
   bool has_pend;
} GList;

/* The distinct own-frame keys of stacks (where no frame is the
   program's, the key is the whole stack): a slot holds the low half of
   a key's hash and its id + 1 (0: free); the keys themselves are kept
   one after another in kseq. */
typedef struct {
   uint32_t hash;
   uint32_t id;
} KSlot;

/* Stacks are given their keys a block at a time (grouper_stack). */
enum { KBLOCK = 32 };

struct Grouper {
   const Report *r;
   const OwnRules *own;
   size_t frames;
   uint32_t *skey, *cut;         /* by stack ref: its key's id, its cut */
   size_t nstacks, capskey, capcut;
   KSlot *ks;
   size_t nks, capks;
   uint32_t *kseq;               /* key i: kseq[koff[i] .. koff[i + 1]) */
   size_t capkseq, *koff, capkoff;
   /* The block of stacks whose keys are not looked up yet: their keys
      (bseq[boff[i] .. boff[i + 1])) and hashes. */
   uint32_t *bseq;
   size_t capbseq, nb, boff[KBLOCK + 1];
   uint64_t bhash[KBLOCK], bhash2[KBLOCK];
   bool bad;                     /* a stack could not be keyed */
   bool keyed;                   /* every stack is: the keys are freed */
   Map strs;                     /* string ids */
   struct { const char *p; uint32_t id; } pcache[256];
   GList list[3];                /* live sites, loss records, alloc sites */
   Limits show;                  /* what text.c shows of them */
   RecordSink rest;              /* where the futex sites go */
   bool threads_read;            /* every thread is known (for the names
                                    of role other's) */
   /* Fed a report read whole (group_report): each record's stack is
      keyed from its frames (into wseq), known by identity(), and the
      stack of the record a group shows is kept. */
   bool whole;
   uint32_t *wseq;
   size_t capwseq;
   Map idents;
   Buf idbuf;
   Kept *kept;
   size_t nkept, capkept;
};

Grouper *grouper_new(const Report *r, const OwnRules *own, size_t frames,
                     const Limits *show)
{
   Grouper *g = xrealloc(NULL, sizeof *g);
   memset(g, 0, sizeof *g);
   hash_seed_init();
   g->r = r;
   g->own = own;
   g->frames = frames;
   g->list[0].elem = g->list[1].elem = sizeof(SGroup);
   g->list[2].elem = sizeof(AGroup);
   g->show = *show;
   GROW(g->koff, g->capkoff, 1);
   g->koff[0] = 0;
   GROW(g->skey, g->capskey, 1);
   GROW(g->cut, g->capcut, 1);
   cur = r;
   ftab = r->table.frames;
   nfinfo = 0;
   finfo = xrealloc(NULL, sizeof *finfo);
   finfo[0] = 0;
   return g;
}

static uint32_t frame_packed(const Frame *f, const OwnRules *own)
{
   FrameInfo fi = frame_info(f, own);
   return fi.key | (fi.own ? OWN_BIT : 0);
}

/* Frame i of a stack, packed: of the table's frames ids (indices in
   it), or, ids NULL, of stack st. */
static inline uint32_t frame_at(const Grouper *g, const uint32_t *ids,
                                const Stack *st, size_t i)
{
   if (ids == NULL)
      return frame_packed(stack_frame(st, i), g->own);
   /* A frame's key is worked out once (frame_info): the table's
      hundred thousand frames make its million stacks. */
   uint32_t id = ids[i];
   return finfo[id] != 0 ? finfo[id] : frame_packed(&ftab[id], g->own);
}

/* The key of a stack of depth frames (frame_at's ids or st): its first
   g->frames own frames, or, if none is the program's, the stack as it
   is; appended to *out (*n numbers, *cap allocated).  Returns the cut:
   the index past the last frame taken. */
static size_t stack_seq(Grouper *g, const uint32_t *ids, const Stack *st,
                        size_t depth, uint32_t **out, size_t *n, size_t *cap)
{
   size_t taken = 0, i = 0, m = *n;
   GROW(*out, *cap, m + depth + 1);
   for (; i < depth && taken < g->frames; i++) {
      uint32_t fi = frame_at(g, ids, st, i);
      if (fi & OWN_BIT) {
         (*out)[m++] = fi & ~OWN_BIT;
         taken++;
      }
   }
   if (taken == 0)
      for (i = 0; i < depth; i++)
         (*out)[m++] = frame_at(g, ids, st, i) & ~OWN_BIT;
   *n = m;
   return i;
}

/* A key longer than this (no frame of the program's: the whole stack)
   is kept as a digest of it: KEY_DIGEST, its length and two hashes of
   it, 128 bits in all, made with different seeds.  Two keys are taken
   to be one if their digests are (for a report not made to defeat
   the hashes, less likely to be wrong than the machine): the stacks,
   distinct by the million in the worst case, need not be kept for
   their keys to be compared. */
#define KEY_SHORT 6
#define KEY_DIGEST UINT32_MAX    /* no frame's key: they are 31 bits */

/* The hash of a stack's key, and in *h2 a second one, with another
   seed and multiplier (two chains side by side, nearly the time of
   one). */
static uint64_t seq_hash(const uint32_t *seq, size_t n, uint64_t *h2)
{
   uint64_t a = hash_seed ^ UINT64_C(0xcbf29ce484222325),
            b = hash_seed ^ UINT64_C(0x6a09e667f3bcc909);
   size_t i = 0;
   for (; i + 2 <= n; i += 2) {
      uint64_t w = (uint64_t)seq[i] | (uint64_t)seq[i + 1] << 32;
      a = (a ^ w) * UINT64_C(0x100000001b3);
      a ^= a >> 29;
      b = (b ^ w) * UINT64_C(0x9e3779b97f4a7c15);
      b ^= b >> 31;
   }
   if (i < n) {
      a = (a ^ seq[i]) * UINT64_C(0x100000001b3);
      b = (b ^ seq[i]) * UINT64_C(0x9e3779b97f4a7c15);
   }
   *h2 = b + n;
   return hash_mix(a ^ n);
}

/* The id of stack key seq (n numbers, hashes h and h2): that of an
   earlier stack with the same key, else a new one. */
static uint32_t key_id(Grouper *g, const uint32_t *seq, size_t n, uint64_t h,
                       uint64_t h2)
{
   uint32_t digest[6];
   if (n > KEY_SHORT) {
      h2 = hash_mix(h2);
      digest[0] = KEY_DIGEST;
      digest[1] = (uint32_t)n;
      digest[2] = (uint32_t)h;
      digest[3] = (uint32_t)(h >> 32);
      digest[4] = (uint32_t)h2;
      digest[5] = (uint32_t)(h2 >> 32);
      seq = digest;
      n = 6;
   }
   if (2 * (g->nks + 1) > g->capks) {
      size_t cap = g->capks ? 2 * g->capks : 1024;
      KSlot *t = xrealloc(NULL, cap * sizeof *t);
      memset(t, 0, cap * sizeof *t);
      for (size_t i = 0; i < g->capks; i++) {
         if (g->ks[i].id == 0)
            continue;
         size_t j = g->ks[i].hash & (cap - 1);
         while (t[j].id != 0)
            j = (j + 1) & (cap - 1);
         t[j] = g->ks[i];
      }
      free(g->ks);
      g->ks = t;
      g->capks = cap;
   }
   size_t j = h & (g->capks - 1);
   for (; g->ks[j].id != 0; j = (j + 1) & (g->capks - 1)) {
      size_t id = g->ks[j].id - 1, at = g->koff[id];
      if (g->ks[j].hash == (uint32_t)h && g->koff[id + 1] - at == n &&
          memcmp(g->kseq + at, seq, n * sizeof *seq) == 0)
         return (uint32_t)id;
   }
   size_t id = g->nks++;
   GROW(g->kseq, g->capkseq, g->koff[id] + n + 1);
   memcpy(g->kseq + g->koff[id], seq, n * sizeof *seq);
   GROW(g->koff, g->capkoff, id + 2);
   g->koff[id + 1] = g->koff[id] + n;
   g->ks[j] = (KSlot){ (uint32_t)h, (uint32_t)(id + 1) };
   return (uint32_t)id;
}

/* Looks up the keys of the block of stacks. */
static void keys_flush(Grouper *g)
{
   uint64_t first = g->nstacks - g->nb + 1;
   for (size_t b = 0; b < g->nb; b++)
      g->skey[first + b] = key_id(g, g->bseq + g->boff[b],
                                  g->boff[b + 1] - g->boff[b], g->bhash[b],
                                  g->bhash2[b]);
   g->nb = 0;
}

/* The table's stacks, in order, as it is read: each one's key is
   worked out now, while its frames are at hand, and only the key kept
   (once per distinct key).  The table of keys, as large as the stacks
   are distinct (in the worst case, all of them), is probed a block of
   stacks at a time, each probe's slot fetched ahead, rather than with
   a cache miss a stack. */
static bool grouper_stack(Grouper *g, const uint32_t *ids, size_t depth)
{
   const Report *r = g->r;
   if (g->bad || g->keyed || g->nstacks >= UINT32_MAX - 1 ||
       r->table.nframes >= OWN_BIT) {
      g->bad = true;             /* (finfo's keys are 31 bits, KSlot's
                                    ids 32) */
      return false;
   }
   if (r->table.nframes > nfinfo) {   /* frames come before their stacks */
      finfo = xrealloc(finfo, (r->table.nframes + 1) * sizeof *finfo);
      memset(finfo + nfinfo, 0,
             (r->table.nframes + 1 - nfinfo) * sizeof *finfo);
      nfinfo = r->table.nframes;
   }
   ftab = r->table.frames;            /* (it may have moved) */
   size_t ref = ++g->nstacks;
   GROW(g->skey, g->capskey, ref + 1);
   GROW(g->cut, g->capcut, ref + 1);
   size_t b = g->nb, n = g->boff[b];
   g->cut[ref] = (uint32_t)stack_seq(g, ids, NULL, depth, &g->bseq, &n,
                                     &g->capbseq);
   g->boff[b + 1] = n;
   g->bhash[b] = seq_hash(g->bseq + g->boff[b], n - g->boff[b],
                          &g->bhash2[b]);
   if (g->capks > 0)
      __builtin_prefetch(&g->ks[g->bhash[b] & (g->capks - 1)]);
   if (++g->nb == KBLOCK)
      keys_flush(g);
   return true;
}

/* A string's id, by content; NULL is "" (as add_str writes it). */
static uint32_t str_id_by_content(Grouper *g, const char *s)
{
   if (s == NULL)
      s = "";
   size_t k = map_get_add(&g->strs, s, strlen(s), g->strs.n);
   return (uint32_t)(k == SIZE_MAX ? g->strs.n - 1 : k);
}

/* The same for a string the reader keeps for the whole read (a role, a
   kind: each kept once), so met again by address: looked up by its
   address first.  Never for a string freed before the read ends (a
   folded thread name): another string allocated at the same address
   would be given its id. */
static uint32_t str_id(Grouper *g, const char *s)
{
   if (s == NULL)
      s = "";
   size_t c = (size_t)(((uintptr_t)s >> 3) * 0x9e3779b97f4a7c15ull >> 56);
   if (g->pcache[c].p == s)
      return g->pcache[c].id;
   uint32_t id = str_id_by_content(g, s);
   g->pcache[c].p = s;
   g->pcache[c].id = id;
   return id;
}

static uint64_t gkey_hash(const GKey *k)
{
   uint64_t h = hash_mix(k->pool1 ^ hash_seed);
   h = hash_mix(h ^ ((uint64_t)k->role << 32 | k->kind));
   return hash_mix(h ^ ((uint64_t)k->name << 32 | k->skey) ^
              ((uint64_t)k->orphan << 17) ^ ((uint64_t)k->supp << 40));
}

static GKey *glist_key(const GList *l, size_t gi)
{
   return (GKey *)((char *)l->v + gi * l->elem);
}

/* The group of key k (hash h) in l, added (only its key set) if new:
   *fresh says.  SIZE_MAX if there are too many. */
static size_t glist_find(GList *l, const GKey *k, uint64_t h, bool *fresh)
{
   if (2 * (l->n + 1) > l->capslot) {
      if (l->n >= UINT32_MAX - 1)
         return SIZE_MAX;
      size_t cap = l->capslot ? 2 * l->capslot : 1024;
      uint64_t *t = xrealloc(NULL, cap * sizeof *t);
      memset(t, 0, cap * sizeof *t);
      for (size_t i = 0; i < l->n; i++) {
         uint64_t hi = gkey_hash(glist_key(l, i));
         size_t j = hi & (cap - 1);
         while (t[j] != 0)
            j = (j + 1) & (cap - 1);
         t[j] = (hi >> 32 << 32) | (i + 1);
      }
      free(l->slot);
      l->slot = t;
      l->capslot = cap;
   }
   uint64_t tag = h >> 32 << 32;
   size_t j = h & (l->capslot - 1);
   for (; l->slot[j] != 0; j = (j + 1) & (l->capslot - 1)) {
      uint64_t e = l->slot[j];
      size_t gi = (uint32_t)e - 1;
      if ((e >> 32 << 32) == tag &&
          memcmp(glist_key(l, gi), k, sizeof *k) == 0) {
         *fresh = false;
         return gi;
      }
   }
   size_t gi = l->n++;
   l->slot[j] = tag | (gi + 1);
   l->v = grow_array(l->v, &l->cap, l->n, l->elem);
   memcpy(glist_key(l, gi), k, sizeof *k);
   *fresh = true;
   return gi;
}

/* Fetches the slot where key hash h is looked for first. */
static void glist_prefetch(const GList *l, uint64_t h)
{
   if (l->capslot > 0)
      __builtin_prefetch(&l->slot[h & (l->capslot - 1)]);
}

/* Notes a second or later record of group gi, of counts *records,
   *stacks and *threads: its stack and thread in the sets (the first
   record's too, when the second comes: until then it is the record
   shown, of stack ref1 and thread thread1). */
static void glist_count(GList *l, size_t gi, uint64_t *records,
                        uint64_t *stacks, uint64_t *threads, uint64_t ref1,
                        uint64_t thread1, uint64_t ref, uint64_t thread)
{
   if (*records == 1) {
      pair_add(&l->seen, 2 * (uint64_t)gi + 2, ref1);
      if (thread1 != 0)
         pair_add(&l->seen, 2 * (uint64_t)gi + 3, thread1);
   }
   (*records)++;
   if (pair_add(&l->seen, 2 * (uint64_t)gi + 2, ref))
      (*stacks)++;
   if (thread != 0 && pair_add(&l->seen, 2 * (uint64_t)gi + 3, thread))
      (*threads)++;
}

/* The key k of a record (role, kind, orphan, the name of its thread if
   it is of role other, stack st), and what its stack adds, sk.  False
   if its stack is not in the table. */
static bool gkey_make(Grouper *g, GKey *k, const Role *role, const char *kind,
                      bool orphan, const char *name, const char *supp,
                      const Stack *st, SKey *sk)
{
   uint64_t ref = st->ref;
   if (!g->keyed && !g->whole) { /* the first record: the table is read */
      keys_flush(g);
      g->keyed = true;
      /* The keys' table is done with: each stack has its key's id. */
      free(g->ks);
      free(g->kseq);
      free(g->koff);
      free(g->bseq);
      g->ks = NULL;
      g->kseq = NULL;
      g->koff = NULL;
      g->bseq = NULL;
      g->capks = g->capkseq = g->capkoff = g->capbseq = 0;
   }
   if (!g->whole && (g->bad || ref == 0 || ref > g->nstacks))
      return false;
   memset(k, 0, sizeof *k);
   k->pool1 = role->has_pool ? role->pool + 1 : 0;
   k->role = str_id(g, role->role);
   k->kind = str_id(g, kind);
   k->orphan = orphan;
   if (supp != NULL)
      k->supp = str_id_by_content(g, supp) + 1;
   if (name != NULL) {
      char *f = fold_name(name);
      k->name = str_id_by_content(g, f) + 1;
      free(f);
   }
   if (g->whole) {               /* keyed here, from its frames */
      size_t n = 0;
      sk->cut = (uint32_t)stack_seq(g, st->in_table ? st->ids : NULL, st,
                                    stack_depth(st), &g->wseq, &n,
                                    &g->capwseq);
      uint64_t h2, h = seq_hash(g->wseq, n, &h2);
      k->skey = key_id(g, g->wseq, n, h, h2);
      sk->ident = identity(&g->idents, &g->idbuf, st);
   } else {                      /* keyed as the table was read */
      k->skey = g->skey[ref];
      sk->ident = ref;
      sk->cut = g->cut[ref];
   }
   return true;
}

/* The identity of the stack group ref shows. */
static uint64_t shown_ident(const Grouper *g, uint32_t ref)
{
   return g->whole ? g->kept[ref - 1].ident : ref;
}

/* The stack of a group (fresh, or of ref) is now st, of sk: returns the
   group's new ref, st's in the table, or, read whole, where st is now
   kept (taken from the record; the one the group showed before
   freed). */
static uint32_t show_stack(Grouper *g, bool fresh, uint32_t ref, Stack *st,
                           const SKey *sk)
{
   if (!g->whole)
      return (uint32_t)sk->ident;
   if (fresh) {
      GROW(g->kept, g->capkept, g->nkept + 1);
      ref = (uint32_t)++g->nkept;
   } else {
      Site old = { .stack = g->kept[ref - 1].stack };
      site_free(&old);
   }
   g->kept[ref - 1] = (Kept){ .stack = *st, .ident = sk->ident };
   memset(st, 0, sizeof *st);
   return ref;
}

/* Read whole, frees the stack group ref keeps (a group not shown). */
static void stack_drop(Grouper *g, uint32_t ref)
{
   if (g->whole) {
      Site old = { .stack = g->kept[ref - 1].stack };
      site_free(&old);
      memset(&g->kept[ref - 1].stack, 0, sizeof old.stack);
   }
}

/* The stack group ref shows, for its Site or ASite: taken from where it
   is kept, read whole. */
static Stack stack_of(Grouper *g, uint32_t ref)
{
   if (!g->whole)
      return (Stack){ .ref = ref };
   Stack st = g->kept[ref - 1].stack;
   memset(&g->kept[ref - 1].stack, 0, sizeof st);
   return st;
}

/* Merges site s, of key k (hash h) and stack key sk, into its group of
   l; s is freed (what the group keeps of it taken). */
static bool site_merge(Grouper *g, GList *l, const GKey *k, uint64_t h,
                       Site *s, const SKey *sk)
{
   bool fresh;
   size_t gi = glist_find(l, k, h, &fresh);
   if (gi == SIZE_MAX)
      return false;
   SGroup *d = &((SGroup *)l->v)[gi];
   uint64_t w = lrec_total(s);
   if (fresh) {
      d->supp = s->suppressed_by;   /* all its records': the key's */
      s->suppressed_by = NULL;
      d->blocks = s->blocks;
      d->bytes = s->bytes;
      d->ind_bytes = s->ind_bytes;
      d->ind_blocks = s->ind_blocks;
      d->has_ind = s->has_ind;
      d->heur_bytes = s->heur_bytes;
      d->heur_blocks = s->heur_blocks;
      d->heur_mask = s->heur_mask;
      d->records = d->stacks = 1;
      d->threads = s->thread != 0;
      d->order = s->order;
   } else {
      glist_count(l, gi, &d->records, &d->stacks, &d->threads,
                  shown_ident(g, d->ref), d->thread, sk->ident, s->thread);
      ADD_FIGURES(d, s);
      if (!(w > d->weight || (w == d->weight && s->order < d->rorder))) {
         site_free(s);
         return true;
      }
      /* The group shows this record now: its stack, thread and
         pointed-from; the old one's go. */
      Site old = { .from = d->from };
      site_free(&old);
   }
   d->rorder = s->order;
   d->weight = w;
   d->thread = s->thread;
   d->role = s->role.role;
   d->pool_max = s->role.has_pool && s->role.pool == UINT64_MAX;
   d->kind = s->kind;
   d->from = s->from;
   d->ref = show_stack(g, fresh, d->ref, &s->stack, sk);
   d->cut = sk->cut;
   s->from = NULL;
   site_free(s);
   return true;
}

/* Merges asite s, of key k (hash h) and stack key sk, into its group
   of l; s is freed. */
static bool asite_merge(Grouper *g, GList *l, const GKey *k, uint64_t h,
                        ASite *s, const SKey *sk)
{
   bool fresh;
   size_t gi = glist_find(l, k, h, &fresh);
   if (gi == SIZE_MAX)
      return false;
   AGroup *d = &((AGroup *)l->v)[gi];
   if (fresh) {
      d->allocs = s->allocs;
      d->bytes = s->bytes;
      d->live_blocks = s->live_blocks;
      d->live_bytes = s->live_bytes;
      d->at_peak = s->at_peak;
      d->records = d->stacks = 1;
      d->order = s->order;
   } else {
      uint64_t threads = 0;
      glist_count(l, gi, &d->records, &d->stacks, &threads,
                  shown_ident(g, d->ref), 0, sk->ident, 0);
      ADD_ALLOC_FIGURES(d, s);
      if (!(s->bytes > d->weight ||
            (s->bytes == d->weight && s->order < d->rorder))) {
         asite_free(s);
         return true;
      }
   }
   d->rorder = s->order;
   d->weight = s->bytes;
   d->role = s->role.role;
   d->pool_max = s->role.has_pool && s->role.pool == UINT64_MAX;
   d->ref = show_stack(g, fresh, d->ref, &s->stack, sk);
   d->cut = sk->cut;
   asite_free(s);
   return true;
}

/* Merges the record l holds back, if any. */
static bool glist_flush(Grouper *g, GList *l)
{
   if (!l->has_pend)
      return true;
   l->has_pend = false;
   bool ok = l == &g->list[2]
             ? asite_merge(g, l, &l->pkey, l->phash, &l->pend.a, &l->psk)
             : site_merge(g, l, &l->pkey, l->phash, &l->pend.s, &l->psk);
   if (!ok && l == &g->list[2])
      asite_free(&l->pend.a);
   else if (!ok)
      site_free(&l->pend.s);
   return ok;
}

/* Merges l's pending record (its fetch was started one record ago)
   and holds a new one, key k and stack key sk, whose slot it starts to
   fetch; the caller puts the record in l->pend.  False if merging
   failed. */
static bool glist_next(Grouper *g, GList *l, const GKey *k, const SKey *sk,
                       uint64_t *h)
{
   *h = gkey_hash(k);
   glist_prefetch(l, *h);
   if (!glist_flush(g, l))
      return false;
   l->pkey = *k;
   l->psk = *sk;
   l->phash = *h;
   l->has_pend = true;
   return true;
}

/* A record is merged one record late: its key's slot, a cache miss
   when groups are many, is fetched while the next record is read. */
static bool grouper_site(Grouper *g, bool lrec, Site *s)
{
   GList *l = &g->list[lrec ? 1 : 0];
   bool other = s->role.role && strcmp(s->role.role, "other") == 0 &&
                !s->role.has_pool;
   if (other && !g->threads_read)
      return false;              /* its thread's name is not known yet */
   if (other && by_seq == NULL) {
      by_seq = xrealloc(NULL, (cur->threads.n + 1) * sizeof *by_seq);
      for (size_t i = 0; i < cur->threads.n; i++)
         by_seq[i] = i;
      qsort(by_seq, cur->threads.n, sizeof *by_seq, cmp_seq);
   }
   GKey k;
   SKey sk;
   if (!gkey_make(g, &k, &s->role, s->kind, s->orphan,
                  other ? thread_name_of(s->thread) : NULL, s->suppressed_by,
                  &s->stack, &sk))
      return false;
   uint64_t h;
   if (!glist_next(g, l, &k, &sk, &h))
      return false;
   l->pend.s = *s;
   memset(s, 0, sizeof *s);
   return true;
}

static bool grouper_asite(Grouper *g, ASite *s)
{
   GList *l = &g->list[2];
   GKey k;
   SKey sk;
   if (!gkey_make(g, &k, &s->role, NULL, false, NULL, NULL, &s->stack,
                  &sk))
      return false;
   uint64_t h;
   if (!glist_next(g, l, &k, &sk, &h))
      return false;
   l->pend.a = *s;
   memset(s, 0, sizeof *s);
   return true;
}

/* ---- The grouper as a record sink ---- */

static bool sink_site(void *ctx, Site *s)
{
   return grouper_site(ctx, false, s);
}

static bool sink_lrec(void *ctx, Site *s)
{
   return grouper_site(ctx, true, s);
}

static bool sink_asite(void *ctx, ASite *a)
{
   return grouper_asite(ctx, a);
}

static bool sink_fsite(void *ctx, FSite *f)
{
   Grouper *g = ctx;
   return g->rest.fsite(g->rest.ctx, f);
}

static bool sink_stack(void *ctx, const uint32_t *ids, size_t depth)
{
   return grouper_stack(ctx, ids, depth);
}

static void sink_threads(void *ctx)
{
   ((Grouper *)ctx)->threads_read = true;
}

RecordSink grouper_sink(Grouper *g, const RecordSink *rest)
{
   g->rest = *rest;
   return (RecordSink){ .ctx = g, .site = sink_site, .lrec = sink_lrec,
                        .asite = sink_asite, .fsite = sink_fsite,
                        .stack = sink_stack, .threads_read = sink_threads };
}

static void glist_clear(GList *l)
{
   free(l->slot);
   pairs_free(&l->seen);
   l->slot = NULL;
}

/* A group's place in the order of its list (cmp_site, cmp_lrec,
   cmp_asite): its weight, the more the sooner, then its order. */
static uint64_t group_weight(const GList *l, int list, size_t i)
{
   if (list == 2)
      return ((const AGroup *)l->v)[i].bytes;
   const SGroup *d = &((const SGroup *)l->v)[i];
   return list == 1 ? add_sat(d->bytes, d->ind_bytes) : d->bytes;
}

static size_t group_order(const GList *l, int list, size_t i)
{
   return list == 2 ? ((const AGroup *)l->v)[i].order
                    : ((const SGroup *)l->v)[i].order;
}

static int cmp_group(const GList *l, int list, size_t i, size_t j)
{
   uint64_t x = group_weight(l, list, i), y = group_weight(l, list, j);
   if (x != y)
      return x > y ? -1 : 1;
   return cmp_order(group_order(l, list, i), group_order(l, list, j));
}

typedef struct { const GList *l; int list; } TopGroups;

static int top_cmp_group(size_t a, size_t b, void *ctx)
{
   const TopGroups *t = ctx;
   return cmp_group(t->l, t->list, a, b);
}

/* Marks in keep the first k groups of list l (0: live sites, 1: loss
   records, 2: allocation sites) in the order text.c lists them, of
   those that pass want (NULL: all): a heap of k, one pass, a group
   lighter than the heap's last passed at a glance. */
static void mark_top(const GList *l, int list, size_t k, bool *keep,
                     bool (*want)(const SGroup *))
{
   if (k == 0)
      return;
   size_t *h = xrealloc(NULL, (k < l->n ? k : l->n) * sizeof *h + 1);
   size_t m = 0;
   uint64_t floor = 0;           /* the weight of h[0] once m == k */
   TopGroups tc = { l, list };
   for (size_t i = 0; i < l->n; i++) {
      if (m == k && group_weight(l, list, i) < floor)
         continue;
      if (want != NULL && !want(&((const SGroup *)l->v)[i]))
         continue;
      m = top_offer(h, m, k, i, top_cmp_group, &tc);
      if (m == k)
         floor = group_weight(l, list, h[0]);
   }
   for (size_t i = 0; i < m; i++)
      keep[h[i]] = true;
   free(h);
}

/* What the overview lists of the loss records (text.c, its largest
   leaks): definitely and possibly lost. */
static bool overview_kind(const SGroup *d)
{
   int k = leak_kind(d->kind);
   return k == LK_DEF || k == LK_POS;
}

/* What the verdict sums by thread name (text.c, add_other_names): every
   loss record of role other, any kind. */
static bool is_other(const SGroup *d)
{
   return d->role != NULL && strcmp(d->role, "other") == 0 &&
          d->key.pool1 == 0;
}

/* The role of the record a group shows: its key's pool. */
static Role role_of(const char *role, uint64_t pool1, bool pool_max)
{
   return (Role){ .role = (char *)role,
                  .pool = pool_max ? UINT64_MAX : pool1 ? pool1 - 1 : 0,
                  .has_pool = pool_max || pool1 != 0 };
}

static Site site_of(Grouper *g, const SGroup *d)
{
   return (Site){ .thread = d->thread, .blocks = d->blocks,
                  .bytes = d->bytes,
                  .role = role_of(d->role, d->key.pool1, d->pool_max),
                  .kind = (char *)d->kind, .ind_bytes = d->ind_bytes,
                  .ind_blocks = d->ind_blocks, .has_ind = d->has_ind,
                  .orphan = d->key.orphan != 0,
                  .stack = stack_of(g, d->ref), .order = d->order,
                  .g = { .records = d->records, .stacks = d->stacks,
                         .threads = d->threads,
                         .cut = d->stacks <= 1 ? 0 : d->cut },
                  .from = d->from, .suppressed_by = d->supp,
                  .heur_bytes = d->heur_bytes, .heur_blocks = d->heur_blocks,
                  .heur_mask = d->heur_mask };
}

static ASite asite_of(Grouper *g, const AGroup *d)
{
   return (ASite){ .role = role_of(d->role, d->key.pool1, d->pool_max),
                   .allocs = d->allocs, .bytes = d->bytes,
                   .live_blocks = d->live_blocks,
                   .live_bytes = d->live_bytes, .at_peak = d->at_peak,
                   .stack = stack_of(g, d->ref), .order = d->order,
                   .g = { .records = d->records, .stacks = d->stacks,
                          .cut = d->stacks <= 1 ? 0 : d->cut } };
}

/* The groups of list i that text.c can show, in the order they were
   made (the verdict names threads in that order), as a list of Sites
   or ASites in *out; returns their number.  The others' pointed-froms
   are freed. */
static size_t glist_out(Grouper *g, GList *l, int i, void **out)
{
   const Limits *show = &g->show;
   bool *keep = xrealloc(NULL, l->n + 1);
   memset(keep, 0, l->n + 1);
   size_t k = i == 0 ? show->top : i == 1 ? show->leaks_top : show->alloc_top;
   if (k >= l->n) {
      memset(keep, 1, l->n);
   } else {
      mark_top(l, i, k, keep, NULL);
      if (i == 1) {
         mark_top(l, i, OVERVIEW_LEAKS, keep, overview_kind);
         for (size_t gi = 0; gi < l->n; gi++)
            keep[gi] |= is_other(&((const SGroup *)l->v)[gi]);
      }
   }
   size_t m = 0;
   for (size_t gi = 0; gi < l->n; gi++)
      m += keep[gi];
   void *v = xrealloc(NULL, (m + 1) * (i == 2 ? sizeof(ASite) : sizeof(Site)));
   m = 0;
   for (size_t gi = 0; gi < l->n; gi++) {
      if (i == 2) {
         if (keep[gi])
            ((ASite *)v)[m++] = asite_of(g, &((const AGroup *)l->v)[gi]);
         else
            stack_drop(g, ((const AGroup *)l->v)[gi].ref);
         continue;
      }
      SGroup *d = &((SGroup *)l->v)[gi];
      if (keep[gi]) {
         ((Site *)v)[m++] = site_of(g, d);
      } else {
         Site old = { .from = d->from, .suppressed_by = d->supp };
         site_free(&old);
         stack_drop(g, d->ref);
      }
      d->from = NULL;
      d->supp = NULL;
   }
   free(keep);
   *out = v;
   return m;
}

/* The groups of list i (0: live sites, 1: loss records, 2: allocation
   sites) that can be shown in place of r's list, and the groups freed.
   False if the record held back cannot be merged. */
static bool glist_finish(Grouper *g, int i, Report *r)
{
   GList *l = &g->list[i];
   if (!glist_flush(g, l))
      return false;
   glist_clear(l);
   void *v;
   size_t n = glist_out(g, l, i, &v);
   if (i == 2) {
      for (size_t k = 0; k < r->alloc.nsites; k++)
         asite_free(&r->alloc.sites[k]);
      free(r->alloc.sites);
      r->alloc.sites = v;
      r->alloc.nsites = r->alloc.capsites = n;
      r->alloc.groups = l->n;
   } else {
      Site **list = i == 0 ? &r->live.sites : &r->leaks.recs;
      size_t *nlist = i == 0 ? &r->live.nsites : &r->leaks.nrecs;
      for (size_t k = 0; k < *nlist; k++)
         site_free(&(*list)[k]);
      free(*list);
      *list = v;
      *nlist = n;
      *(i == 0 ? &r->live.capsites : &r->leaks.caprecs) = n;
      *(i == 0 ? &r->live.groups : &r->leaks.groups) = l->n;
   }
   free(l->v);
   *l = (GList){ 0 };
   return true;
}

bool grouper_finish(Grouper *g, Report *r)
{
   for (int i = 0; i < 3; i++)
      if (!glist_finish(g, i, r))
         return false;
   r->grouped = true;
   return true;
}

void grouper_free(Grouper *g)
{
   if (g == NULL)
      return;
   for (int i = 0; i < 3; i++) {
      GList *l = &g->list[i];
      if (l->has_pend && i == 2)
         asite_free(&l->pend.a);
      else if (l->has_pend)
         site_free(&l->pend.s);
      for (size_t gi = 0; i < 2 && gi < l->n; gi++) {
         Site old = { .from = ((SGroup *)l->v)[gi].from,
                      .suppressed_by = ((SGroup *)l->v)[gi].supp };
         site_free(&old);
      }
      free(l->v);
      glist_clear(l);
   }
   free(g->skey);
   free(g->cut);
   free(g->ks);
   free(g->kseq);
   free(g->koff);
   free(g->bseq);
   map_free(&g->strs);
   for (size_t i = 0; i < g->nkept; i++) {
      Site old = { .stack = g->kept[i].stack };
      site_free(&old);
   }
   free(g->kept);
   free(g->wseq);
   map_free(&g->idents);
   free(g->idbuf.s);
   free(g);
   free(finfo);
   finfo = NULL;
   free(by_seq);
   by_seq = NULL;
   cur = NULL;
   ftab = NULL;
   nfinfo = 0;
   map_free(&frame_keys);
   free(ftext.s);
   ftext = (Buf){ 0 };
}

/* A report read whole, its records all kept (report_read_grouped's
   usual read: a version 1 report, or one that is not a regular file or
   could not be read the table first): its records fed to a grouper, in
   the order of the file, each stack keyed from its frames. */
void group_report(Report *r, const OwnRules *own, size_t frames,
                  const Limits *show)
{
   if (frames == 0 || r->grouped)
      return;
   Grouper *g = grouper_new(r, own, frames, show);
   g->whole = true;
   g->threads_read = true;
   nfinfo = r->table.nframes;
   finfo = xrealloc(finfo, (nfinfo + 1) * sizeof *finfo);
   memset(finfo, 0, (nfinfo + 1) * sizeof *finfo);
   /* Each list is made into its groups before the next is fed, for
      less memory at once.  (Each takes its record; none fails short of
      2^32 groups.) */
   for (size_t i = 0; i < r->leaks.nrecs; i++)
      grouper_site(g, true, &r->leaks.recs[i]);
   glist_finish(g, 1, r);
   for (size_t i = 0; i < r->live.nsites; i++)
      grouper_site(g, false, &r->live.sites[i]);
   glist_finish(g, 0, r);
   for (size_t i = 0; i < r->alloc.nsites; i++)
      grouper_asite(g, &r->alloc.sites[i]);
   glist_finish(g, 2, r);
   r->grouped = true;
   grouper_free(g);
}
