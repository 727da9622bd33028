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
#include <time.h>
#include <unistd.h>

#include "report.h"

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

/* Set once per process, so that no file can be made whose keys all
   fall in one slot. */
static uint64_t seed;

static void seed_init(void)
{
   struct timespec ts;
   if (seed != 0)
      return;
   clock_gettime(CLOCK_MONOTONIC, &ts);
   seed = ((uint64_t)ts.tv_nsec << 32) ^ (uint64_t)ts.tv_sec ^
          (uint64_t)(uintptr_t)&ts ^ ((uint64_t)getpid() << 16) ^ 1;
}

/* splitmix64's finish: the tables use the low bits. */
static uint64_t mix(uint64_t h)
{
   h = (h ^ (h >> 30)) * 0xbf58476d1ce4e5b9ull;
   h = (h ^ (h >> 27)) * 0x94d049bb133111ebull;
   return h ^ (h >> 31);
}

static uint64_t hash(const char *s, size_t n)
{
   uint64_t h = 1469598103934665603ull ^ seed;     /* FNV-1a, 8 bytes a step */
   size_t i = 0;
   for (; i + 8 <= n; i += 8) {
      uint64_t w;
      memcpy(&w, s + i, 8);
      h = (h ^ w) * 1099511628211ull;
      h ^= h >> 29;
   }
   for (; i < n; i++)
      h = (h ^ (unsigned char)s[i]) * 1099511628211ull;
   return mix(h);
}

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
   uint64_t h = hash(key, len);
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
   return (size_t)mix((a ^ seed) * 0x9e3779b97f4a7c15ull + b);
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
         size_t j = mix(s->one[i] ^ seed) & (cap - 1);
         while (ns[j] != 0)
            j = (j + 1) & (cap - 1);
         ns[j] = s->one[i];
      }
      free(s->one);
      s->one = ns;
      s->capone = cap;
   }
   size_t j = mix(k ^ seed) & (s->capone - 1);
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

static void add_role(Buf *b, const Role *r)
{
   add_str(b, r->role);
   add_u64(b, r->has_pool ? r->pool + 1 : 0);
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

static void add_key(Buf *b, uint32_t key)
{
   buf_add(b, (const char *)&key, sizeof key);
}

/* Adds the first `frames` own frames of s to b; returns the index past
   the last of them (the depth if s has fewer). */
static size_t add_stack(Buf *b, const Stack *s, const OwnRules *own,
                        size_t frames)
{
   size_t depth = stack_depth(s), taken = 0, i = 0;
   bool any = false;
   for (; i < depth && taken < frames; i++) {
      FrameInfo fi = frame_info(stack_frame(s, i), own);
      if (fi.own) {
         add_key(b, fi.key);
         taken++;
         any = true;
      }
   }
   if (!any) {
      /* Nothing of the program's: the stack as it is. */
      for (i = 0; i < depth; i++)
         add_key(b, frame_info(stack_frame(s, i), own).key);
   }
   return i;
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

/* ---- Grouping a list ---- */

/* What grouping needs of an element of a list, whichever list. */
typedef struct {
   const Role *role;
   const char *kind;             /* a leak's kind, or NULL */
   bool orphan;
   const Stack *stack;
   uint64_t thread;              /* 0: not known per record */
   const char *name;             /* role other: its thread's name */
   uint64_t weight;              /* the largest shows its stack */
   size_t order;
} Member;

/* Works out the groups of n elements, get(v, i) describing element i:
   gidx[i] is its group (numbered in order of first member), rep[g] the
   member whose stack the group shows (the heaviest, the first in the
   file of equals), and grp[g] what the group merged.  Returns the
   number of groups. */
static size_t find_groups(const void *v, size_t n,
                          Member (*get)(const void *, size_t),
                          const OwnRules *own, size_t frames,
                          size_t *gidx, size_t *rep, Grouped *grp)
{
   Map groups = { 0 }, idents = { 0 };
   PairSet seen = { 0 };         /* (group's stacks, id), (its threads, n) */
   Buf key = { 0 }, id = { 0 };
   size_t ng = 0;
   for (size_t i = 0; i < n; i++) {
      Member m = get(v, i);
      buf_clear(&key);
      add_role(&key, m.role);
      add_str(&key, m.kind);
      buf_add(&key, m.orphan ? "o" : "-", 1);
      if (m.name != NULL) {      /* other's threads stay apart by name */
         char *f = fold_name(m.name);
         add_str(&key, f);
         free(f);
      }
      size_t cut = add_stack(&key, m.stack, own, frames);
      size_t g = map_get_add(&groups, key.s, key.len, ng);
      if (g == SIZE_MAX) {
         g = ng++;
         rep[g] = i;
         grp[g] = (Grouped){ .records = 0, .cut = cut };
      } else {
         Member r = get(v, rep[g]);
         if (m.weight > r.weight ||
             (m.weight == r.weight && m.order < r.order)) {
            rep[g] = i;
            grp[g].cut = cut;
         }
      }
      gidx[i] = g;
      grp[g].records++;
      if (pair_add(&seen, 2 * (uint64_t)g + 2, identity(&idents, &id, m.stack)))
         grp[g].stacks++;
      if (m.thread != 0 && pair_add(&seen, 2 * (uint64_t)g + 3, m.thread))
         grp[g].threads++;
   }
   /* Stacks that are all one need no cut. */
   for (size_t g = 0; g < ng; g++)
      if (grp[g].stacks <= 1)
         grp[g].cut = 0;
   map_free(&groups);
   map_free(&idents);
   pairs_free(&seen);
   free(key.s);
   free(id.s);
   return ng;
}

/* ---- Sites and loss records ---- */

/* The report being grouped: for the names of role other's threads,
   found by seq in by_seq, its threads' indices sorted by seq (the first
   in the file of a seq first), rather than by a walk of them a record. */
static const Report *cur;
static size_t *by_seq;

static int cmp_seq(const void *a, const void *b)
{
   size_t i = *(const size_t *)a, j = *(const size_t *)b;
   uint64_t x = cur->threads[i].seq, y = cur->threads[j].seq;
   return x != y ? (x > y) - (x < y) : (i > j) - (i < j);
}

static const char *thread_name_of(uint64_t seq)
{
   size_t lo = 0, hi = cur != NULL ? cur->nthreads : 0;
   while (lo < hi) {
      size_t mid = lo + (hi - lo) / 2;
      if (cur->threads[by_seq[mid]].seq < seq)
         lo = mid + 1;
      else
         hi = mid;
   }
   if (cur == NULL || lo == cur->nthreads ||
       cur->threads[by_seq[lo]].seq != seq)
      return "";
   const Thread *t = &cur->threads[by_seq[lo]];
   return t->name ? t->name : "";
}

static Member site_member(const void *v, size_t i)
{
   const Site *s = &((const Site *)v)[i];
   bool other = s->role.role && strcmp(s->role.role, "other") == 0 &&
                !s->role.has_pool;
   return (Member){ .role = &s->role, .kind = s->kind, .orphan = s->orphan,
                    .stack = &s->stack, .thread = s->thread,
                    .name = other ? thread_name_of(s->thread) : NULL,
                    .weight = lrec_total(s), .order = s->order };
}

static void group_sites(Site *v, size_t *n, const OwnRules *own,
                        size_t frames)
{
   size_t nn = *n;
   size_t *gidx = xrealloc(NULL, (nn + 1) * sizeof *gidx);
   size_t *rep = xrealloc(NULL, (nn + 1) * sizeof *rep);
   Grouped *grp = xrealloc(NULL, (nn + 1) * sizeof *grp);
   size_t ng = find_groups(v, nn, site_member, own, frames, gidx, rep, grp);
   Site *out = xrealloc(NULL, (ng + 1) * sizeof *out);
   for (size_t g = 0; g < ng; g++) {
      out[g] = v[rep[g]];
      out[g].blocks = out[g].bytes = out[g].ind_bytes = out[g].ind_blocks = 0;
      out[g].has_ind = false;
      out[g].g = grp[g];
   }
   for (size_t i = 0; i < nn; i++) {
      Site *d = &out[gidx[i]];
      const Site *s = &v[i];
      d->blocks = add_sat(d->blocks, s->blocks);
      d->bytes = add_sat(d->bytes, s->bytes);
      d->ind_bytes = add_sat(d->ind_bytes, s->ind_bytes);
      d->ind_blocks = add_sat(d->ind_blocks, s->ind_blocks);
      d->has_ind |= s->has_ind;
      if (s->order < d->order)
         d->order = s->order;
   }
   for (size_t i = 0; i < nn; i++)
      if (rep[gidx[i]] != i)
         site_free(&v[i]);
   if (ng > 0)                   /* v is NULL if the list is empty */
      memcpy(v, out, ng * sizeof *v);
   *n = ng;
   free(out);
   free(gidx);
   free(rep);
   free(grp);
}

/* ---- Allocation sites ---- */

static Member asite_member(const void *v, size_t i)
{
   const ASite *s = &((const ASite *)v)[i];
   return (Member){ .role = &s->role, .stack = &s->stack,
                    .weight = s->bytes, .order = s->order };
}

static void group_asites(ASite *v, size_t *n, const OwnRules *own,
                         size_t frames)
{
   size_t nn = *n;
   size_t *gidx = xrealloc(NULL, (nn + 1) * sizeof *gidx);
   size_t *rep = xrealloc(NULL, (nn + 1) * sizeof *rep);
   Grouped *grp = xrealloc(NULL, (nn + 1) * sizeof *grp);
   size_t ng = find_groups(v, nn, asite_member, own, frames, gidx, rep, grp);
   ASite *out = xrealloc(NULL, (ng + 1) * sizeof *out);
   for (size_t g = 0; g < ng; g++) {
      out[g] = v[rep[g]];
      out[g].allocs = out[g].bytes = out[g].live_blocks = 0;
      out[g].live_bytes = out[g].at_peak = 0;
      out[g].g = grp[g];
   }
   for (size_t i = 0; i < nn; i++) {
      ASite *d = &out[gidx[i]];
      const ASite *s = &v[i];
      d->allocs = add_sat(d->allocs, s->allocs);
      d->bytes = add_sat(d->bytes, s->bytes);
      d->live_blocks = add_sat(d->live_blocks, s->live_blocks);
      d->live_bytes = add_sat(d->live_bytes, s->live_bytes);
      d->at_peak = add_sat(d->at_peak, s->at_peak);
      if (s->order < d->order)
         d->order = s->order;
   }
   for (size_t i = 0; i < nn; i++)
      if (rep[gidx[i]] != i)
         asite_free(&v[i]);
   if (ng > 0)                   /* v is NULL if the list is empty */
      memcpy(v, out, ng * sizeof *v);
   *n = ng;
   free(out);
   free(gidx);
   free(rep);
   free(grp);
}

void group_report(Report *r, const OwnRules *own, size_t frames)
{
   if (frames == 0 || r->grouped)
      return;
   seed_init();
   cur = r;
   by_seq = xrealloc(NULL, (r->nthreads + 1) * sizeof *by_seq);
   for (size_t i = 0; i < r->nthreads; i++)
      by_seq[i] = i;
   qsort(by_seq, r->nthreads, sizeof *by_seq, cmp_seq);
   ftab = r->tframes;
   nfinfo = r->ntframes;
   finfo = xrealloc(NULL, (nfinfo + 1) * sizeof *finfo);
   memset(finfo, 0, (nfinfo + 1) * sizeof *finfo);
   group_sites(r->lrecs, &r->nlrecs, own, frames);
   group_sites(r->sites, &r->nsites, own, frames);
   group_asites(r->asites, &r->nasites, own, frames);
   free(finfo);
   finfo = NULL;
   free(by_seq);
   by_seq = NULL;
   cur = NULL;
   ftab = NULL;
   map_free(&frame_keys);
   free(ftext.s);
   ftext = (Buf){ 0 };
}

/* ---- Grouping as the records are read ----

   In a version 2 report the stacks come last, in the table; read.c
   reads the table first when it can, and then hands each record over
   as it is read, to be merged at once into its group: memory then
   grows with the groups, not with the records.  The groups are the same
   as find_groups makes, key for key: a key's parts are numbered here
   (strings by content, a stack's own frames once per stack id), and a
   group keeps the record it shows and the sums. */

/* A group's key: role and pool, leak kind, orphan, the thread name of
   role other, the stack's first own frames (skey).  No padding, so
   that keys compare whole. */
typedef struct {
   uint64_t pool1;               /* pool + 1, 0: none (as add_role) */
   uint32_t role, kind;          /* string ids (NULL as "") */
   uint32_t name;                /* 0: none, else string id + 1 */
   uint32_t skey;
   uint32_t orphan, spare;
} GKey;

typedef struct {
   GKey key;
   uint64_t weight;              /* of the record shown */
   size_t order;                 /* its place in the file */
} GAux;

typedef struct {                 /* the groups of one list */
   void *v;                      /* Site or ASite, by group */
   size_t n, cap, elem;
   GAux *aux;
   size_t capaux;
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
   uint64_t phash;
   bool has_pend;
} GList;

/* The distinct own-frame keys of stacks: a stack's key is compared by
   working out again that of the first stack that had it, rather than
   kept (where no frame is the program's the key is the whole stack). */
typedef struct {
   uint32_t hash;                /* the low half of the key's */
   uint32_t ref;                 /* 0: free */
} KSlot;

struct Grouper {
   const Report *r;
   const OwnRules *own;
   size_t frames;
   uint32_t *skey, *cut;         /* by stack ref: skey + 1 (0: not worked
                                    out yet), and the cut */
   size_t nstacks;
   KSlot *ks;
   size_t nks, capks;
   uint32_t *seq, *seq2;         /* scratch: a stack's key */
   size_t capseq, capseq2;
   Map strs;                     /* string ids */
   struct { const char *p; uint32_t id; } pcache[256];
   GList list[3];                /* live sites, loss records, alloc sites */
};

static void stack_keys(Grouper *g);

Grouper *grouper_new(const Report *r, const OwnRules *own, size_t frames)
{
   Grouper *g = xrealloc(NULL, sizeof *g);
   memset(g, 0, sizeof *g);
   seed_init();
   g->r = r;
   g->own = own;
   g->frames = frames;
   g->nstacks = (size_t)r->ntstacks;
   g->skey = xrealloc(NULL, (g->nstacks + 1) * sizeof *g->skey);
   memset(g->skey, 0, (g->nstacks + 1) * sizeof *g->skey);
   g->cut = xrealloc(NULL, (g->nstacks + 1) * sizeof *g->cut);
   g->list[0].elem = g->list[1].elem = sizeof(Site);
   g->list[2].elem = sizeof(ASite);
   cur = r;
   ftab = r->tframes;
   nfinfo = r->ntframes;
   finfo = xrealloc(NULL, (nfinfo + 1) * sizeof *finfo);
   memset(finfo, 0, (nfinfo + 1) * sizeof *finfo);
   stack_keys(g);
   return g;
}

static uint32_t frame_packed(const Frame *f, const OwnRules *own)
{
   FrameInfo fi = frame_info(f, own);
   return fi.key | (fi.own ? OWN_BIT : 0);
}

/* The own-frame key of stack ref (as add_stack makes it) into *out;
   returns its length, and the cut in *cut. */
static size_t stack_seq(Grouper *g, uint64_t ref, uint32_t **out,
                        size_t *cap, size_t *cut)
{
   const Need *nd = &g->r->need[ref - 1];
   const uint32_t *ids = g->r->tids + nd->start;
   size_t depth = nd->n, taken = 0, i = 0, n = 0;
   if (*cap < depth + 1) {
      *cap = depth + 1;
      *out = xrealloc(*out, *cap * sizeof **out);
   }
   /* A frame's key is worked out once (frame_info): the table's
      hundred thousand frames make its million stacks. */
#define FRAME_INFO(id) \
   (finfo[id] != 0 ? finfo[id] : frame_packed(&ftab[id], g->own))
   for (; i < depth && taken < g->frames; i++) {
      uint32_t fi = FRAME_INFO(ids[i]);
      if (fi & OWN_BIT) {
         (*out)[n++] = fi & ~OWN_BIT;
         taken++;
      }
   }
   if (taken == 0)
      for (i = 0; i < depth; i++)
         (*out)[n++] = FRAME_INFO(ids[i]) & ~OWN_BIT;
#undef FRAME_INFO
   *cut = i;
   return n;
}

/* Gives stack ref the id of its own-frame key seq (n numbers, hash h,
   cut cut): that of an earlier stack with the same key, else a new
   one. */
static uint32_t key_add(Grouper *g, uint64_t ref, const uint32_t *seq,
                        size_t n, size_t cut, uint64_t h)
{
   g->cut[ref] = (uint32_t)cut;
   if (2 * (g->nks + 1) > g->capks) {
      size_t cap = g->capks ? 2 * g->capks : 1024;
      KSlot *t = xrealloc(NULL, cap * sizeof *t);
      memset(t, 0, cap * sizeof *t);
      for (size_t i = 0; i < g->capks; i++) {
         if (g->ks[i].ref == 0)
            continue;
         size_t j = g->ks[i].hash & (cap - 1);
         while (t[j].ref != 0)
            j = (j + 1) & (cap - 1);
         t[j] = g->ks[i];
      }
      free(g->ks);
      g->ks = t;
      g->capks = cap;
   }
   size_t j = h & (g->capks - 1);
   for (; g->ks[j].ref != 0; j = (j + 1) & (g->capks - 1)) {
      if (g->ks[j].hash != (uint32_t)h)
         continue;
      size_t c2, n2 = stack_seq(g, g->ks[j].ref, &g->seq2, &g->capseq2, &c2);
      if (n2 == n && memcmp(seq, g->seq2, n * sizeof *seq) == 0) {
         g->skey[ref] = g->skey[g->ks[j].ref];
         return g->skey[ref] - 1;
      }
   }
   g->ks[j] = (KSlot){ (uint32_t)h, (uint32_t)ref };
   g->skey[ref] = (uint32_t)++g->nks;
   return g->skey[ref] - 1;
}

/* The id of stack ref's own-frame key, worked out once per stack. */
static uint32_t stack_key(Grouper *g, uint64_t ref)
{
   if (g->skey[ref] != 0)
      return g->skey[ref] - 1;
   size_t cut, n = stack_seq(g, ref, &g->seq, &g->capseq, &cut);
   return key_add(g, ref, g->seq, n, cut,
                  hash((const char *)g->seq, n * sizeof *g->seq));
}

/* Every stack's key, worked out when grouping starts (the table has
   been read, every stack kept), in the table's order: the frames of
   each are read one stack after the other, and the table of keys (as
   large as the stacks are distinct: in the worst case, all of them)
   is probed a block of stacks at a time, each probe's slot fetched
   ahead, rather than with a cache miss a stack as the records come. */
static void stack_keys(Grouper *g)
{
   enum { BLOCK = 32 };
   uint64_t h[BLOCK];
   size_t off[BLOCK + 1], cut[BLOCK];
   uint32_t *buf = NULL;
   size_t capbuf = 0;
   size_t n = g->nstacks < g->r->nneed ? g->nstacks : g->r->nneed;
   if (nfinfo >= OWN_BIT || g->nstacks >= UINT32_MAX)
      n = 0;                     /* (gkey_make says no) */
   for (size_t at = 0; at < n; at += BLOCK) {
      size_t m = n - at < BLOCK ? n - at : BLOCK;
      if (g->r->need[at + m - 1].ref != at + m)
         break;                  /* not every stack kept: as they come */
      off[0] = 0;
      for (size_t b = 0; b < m; b++) {
         size_t len = stack_seq(g, at + b + 1, &g->seq, &g->capseq, &cut[b]);
         GROW(buf, capbuf, off[b] + len + 1);
         memcpy(buf + off[b], g->seq, len * sizeof *buf);
         off[b + 1] = off[b] + len;
         h[b] = hash((const char *)g->seq, len * sizeof *g->seq);
         if (g->capks > 0)
            __builtin_prefetch(&g->ks[h[b] & (g->capks - 1)]);
      }
      for (size_t b = 0; b < m; b++)
         key_add(g, at + b + 1, buf + off[b], off[b + 1] - off[b], cut[b],
                 h[b]);
   }
   free(buf);
}

/* A string's id, by content; NULL is "" (as add_str writes it). */
static uint32_t str_id(Grouper *g, const char *s)
{
   if (s == NULL)
      s = "";
   /* The reader keeps each role and kind once: most are met again by
      address. */
   size_t c = (size_t)(((uintptr_t)s >> 3) * 0x9e3779b97f4a7c15ull >> 56);
   if (g->pcache[c].p == s)
      return g->pcache[c].id;
   size_t k = map_get_add(&g->strs, s, strlen(s), g->strs.n);
   uint32_t id = (uint32_t)(k == SIZE_MAX ? g->strs.n - 1 : k);
   g->pcache[c].p = s;
   g->pcache[c].id = id;
   return id;
}

static uint64_t gkey_hash(const GKey *k)
{
   uint64_t h = mix(k->pool1 ^ seed);
   h = mix(h ^ ((uint64_t)k->role << 32 | k->kind));
   return mix(h ^ ((uint64_t)k->name << 32 | k->skey) ^
              ((uint64_t)k->orphan << 17));
}

/* The group of key k (hash h) in l, added (its element zeroed) if
   new: *fresh says.  SIZE_MAX if there are too many. */
static size_t glist_find(GList *l, const GKey *k, uint64_t h, bool *fresh)
{
   if (2 * (l->n + 1) > l->capslot) {
      if (l->n >= UINT32_MAX - 1)
         return SIZE_MAX;
      size_t cap = l->capslot ? 2 * l->capslot : 1024;
      uint64_t *t = xrealloc(NULL, cap * sizeof *t);
      memset(t, 0, cap * sizeof *t);
      for (size_t i = 0; i < l->n; i++) {
         uint64_t hi = gkey_hash(&l->aux[i].key);
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
          memcmp(&l->aux[gi].key, k, sizeof *k) == 0) {
         *fresh = false;
         return gi;
      }
   }
   size_t gi = l->n++;
   l->slot[j] = tag | (gi + 1);
   l->v = grow_array(l->v, &l->cap, l->n, l->elem);
   GROW(l->aux, l->capaux, l->n);
   l->aux[gi].key = *k;
   *fresh = true;
   return gi;
}

/* Fetches the slot where key hash h is looked for first. */
static void glist_prefetch(const GList *l, uint64_t h)
{
   if (l->capslot > 0)
      __builtin_prefetch(&l->slot[h & (l->capslot - 1)]);
}

/* Notes a second or later record of group gi: its stack and thread in
   the sets (the first record's too, when the second comes: until then
   it is the record shown, of stack ref1 and thread thread1). */
static void glist_count(GList *l, size_t gi, Grouped *d, uint64_t ref1,
                        uint64_t thread1, uint64_t ref, uint64_t thread)
{
   if (d->records == 1) {
      pair_add(&l->seen, 2 * (uint64_t)gi + 2, ref1);
      if (thread1 != 0)
         pair_add(&l->seen, 2 * (uint64_t)gi + 3, thread1);
   }
   d->records++;
   if (pair_add(&l->seen, 2 * (uint64_t)gi + 2, ref))
      d->stacks++;
   if (thread != 0 && pair_add(&l->seen, 2 * (uint64_t)gi + 3, thread))
      d->threads++;
}

static bool gkey_make(Grouper *g, GKey *k, const Role *role, const char *kind,
                      bool orphan, const char *name, uint64_t ref)
{
   if (nfinfo >= OWN_BIT ||      /* (finfo's keys are 31 bits; KSlot's */
       g->nstacks >= UINT32_MAX || /* refs 32) */
       ref == 0 || ref > g->nstacks || ref > g->r->nneed ||
       g->r->need[ref - 1].ref != ref)
      return false;
   memset(k, 0, sizeof *k);
   k->pool1 = role->has_pool ? role->pool + 1 : 0;
   k->role = str_id(g, role->role);
   k->kind = str_id(g, kind);
   k->orphan = orphan;
   if (name != NULL) {
      char *f = fold_name(name);
      k->name = str_id(g, f) + 1;
      free(f);
   }
   k->skey = stack_key(g, ref);
   return true;
}

/* Merges site s, of key k (hash h), into its group of l. */
static bool site_merge(Grouper *g, GList *l, const GKey *k, uint64_t h,
                       Site *s)
{
   uint64_t ref = s->stack.ref;
   bool fresh;
   size_t gi = glist_find(l, k, h, &fresh);
   if (gi == SIZE_MAX)
      return false;
   Site *d = &((Site *)l->v)[gi];
   GAux *a = &l->aux[gi];
   uint64_t w = lrec_total(s);
   if (fresh) {
      *d = *s;
      d->g = (Grouped){ .records = 1, .stacks = 1, .threads = s->thread != 0,
                        .cut = g->cut[ref] };
      a->weight = w;
      a->order = s->order;
      memset(s, 0, sizeof *s);
      return true;
   }
   glist_count(l, gi, &d->g, d->stack.ref, d->thread, ref, s->thread);
   d->blocks = add_sat(d->blocks, s->blocks);
   d->bytes = add_sat(d->bytes, s->bytes);
   d->ind_bytes = add_sat(d->ind_bytes, s->ind_bytes);
   d->ind_blocks = add_sat(d->ind_blocks, s->ind_blocks);
   d->has_ind |= s->has_ind;
   if (s->order < d->order)
      d->order = s->order;
   if (w > a->weight || (w == a->weight && s->order < a->order)) {
      /* The group shows this record now: its stack, thread and
         pointed-from; the old one's go. */
      Site old = { .stack = d->stack, .from = d->from };
      d->thread = s->thread;
      d->role = s->role;
      d->kind = s->kind;
      d->orphan = s->orphan;
      d->stack = s->stack;
      d->from = s->from;
      d->g.cut = g->cut[ref];
      a->weight = w;
      a->order = s->order;
      memset(s, 0, sizeof *s);
      site_free(&old);
   } else {
      site_free(s);
   }
   return true;
}

/* Merges asite s, of key k (hash h), into its group of l. */
static bool asite_merge(Grouper *g, GList *l, const GKey *k, uint64_t h,
                        ASite *s)
{
   uint64_t ref = s->stack.ref;
   bool fresh;
   size_t gi = glist_find(l, k, h, &fresh);
   if (gi == SIZE_MAX)
      return false;
   ASite *d = &((ASite *)l->v)[gi];
   GAux *a = &l->aux[gi];
   if (fresh) {
      *d = *s;
      d->g = (Grouped){ .records = 1, .stacks = 1, .cut = g->cut[ref] };
      a->weight = s->bytes;
      a->order = s->order;
      memset(s, 0, sizeof *s);
      return true;
   }
   glist_count(l, gi, &d->g, d->stack.ref, 0, ref, 0);
   uint64_t w = s->bytes;
   d->allocs = add_sat(d->allocs, s->allocs);
   d->bytes = add_sat(d->bytes, s->bytes);
   d->live_blocks = add_sat(d->live_blocks, s->live_blocks);
   d->live_bytes = add_sat(d->live_bytes, s->live_bytes);
   d->at_peak = add_sat(d->at_peak, s->at_peak);
   if (s->order < d->order)
      d->order = s->order;
   if (w > a->weight || (w == a->weight && s->order < a->order)) {
      ASite old = { .stack = d->stack };
      d->role = s->role;
      d->stack = s->stack;
      d->g.cut = g->cut[ref];
      a->weight = w;
      a->order = s->order;
      memset(s, 0, sizeof *s);
      asite_free(&old);
   } else {
      asite_free(s);
   }
   return true;
}

/* Merges the record l holds back, if any. */
static bool glist_flush(Grouper *g, GList *l)
{
   if (!l->has_pend)
      return true;
   l->has_pend = false;
   bool ok = l == &g->list[2]
             ? asite_merge(g, l, &l->pkey, l->phash, &l->pend.a)
             : site_merge(g, l, &l->pkey, l->phash, &l->pend.s);
   if (!ok && l == &g->list[2])
      asite_free(&l->pend.a);
   else if (!ok)
      site_free(&l->pend.s);
   return ok;
}

/* A record is merged one record late: its key's slot, a cache miss
   when groups are many, is fetched while the next record is read. */
bool grouper_site(Grouper *g, bool lrec, Site *s)
{
   GList *l = &g->list[lrec ? 1 : 0];
   bool other = s->role.role && strcmp(s->role.role, "other") == 0 &&
                !s->role.has_pool;
   if (other && by_seq == NULL) {
      by_seq = xrealloc(NULL, (cur->nthreads + 1) * sizeof *by_seq);
      for (size_t i = 0; i < cur->nthreads; i++)
         by_seq[i] = i;
      qsort(by_seq, cur->nthreads, sizeof *by_seq, cmp_seq);
   }
   GKey k;
   if (!gkey_make(g, &k, &s->role, s->kind, s->orphan,
                  other ? thread_name_of(s->thread) : NULL, s->stack.ref))
      return false;
   uint64_t h = gkey_hash(&k);
   glist_prefetch(l, h);
   if (!glist_flush(g, l))
      return false;
   l->pend.s = *s;
   l->pkey = k;
   l->phash = h;
   l->has_pend = true;
   memset(s, 0, sizeof *s);
   return true;
}

bool grouper_asite(Grouper *g, ASite *s)
{
   GList *l = &g->list[2];
   GKey k;
   if (!gkey_make(g, &k, &s->role, NULL, false, NULL, s->stack.ref))
      return false;
   uint64_t h = gkey_hash(&k);
   glist_prefetch(l, h);
   if (!glist_flush(g, l))
      return false;
   l->pend.a = *s;
   l->pkey = k;
   l->phash = h;
   l->has_pend = true;
   memset(s, 0, sizeof *s);
   return true;
}

static void glist_clear(GList *l)
{
   free(l->aux);
   free(l->slot);
   pairs_free(&l->seen);
   l->aux = NULL;
   l->slot = NULL;
}

bool grouper_finish(Grouper *g, Report *r)
{
   Site *v[2];
   for (int i = 0; i < 3; i++)
      if (!glist_flush(g, &g->list[i]))
         return false;
   for (int i = 0; i < 3; i++) {
      GList *l = &g->list[i];
      for (size_t gi = 0; gi < l->n; gi++) {
         Grouped *d = i < 2 ? &((Site *)l->v)[gi].g : &((ASite *)l->v)[gi].g;
         if (d->stacks <= 1)
            d->cut = 0;
      }
      glist_clear(l);
      if (i < 2)
         v[i] = l->v;
   }
   for (size_t i = 0; i < r->nsites; i++)
      site_free(&r->sites[i]);
   free(r->sites);
   r->sites = v[0];
   r->nsites = g->list[0].n;
   r->capsites = g->list[0].cap;
   for (size_t i = 0; i < r->nlrecs; i++)
      site_free(&r->lrecs[i]);
   free(r->lrecs);
   r->lrecs = v[1];
   r->nlrecs = g->list[1].n;
   r->caplrecs = g->list[1].cap;
   for (size_t i = 0; i < r->nasites; i++)
      asite_free(&r->asites[i]);
   free(r->asites);
   r->asites = g->list[2].v;
   r->nasites = g->list[2].n;
   r->capasites = g->list[2].cap;
   for (int i = 0; i < 3; i++)
      g->list[i] = (GList){ 0 };
   r->grouped = true;
   return true;
}

void grouper_free(Grouper *g)
{
   if (g == NULL)
      return;
   for (int i = 0; i < 3; i++)
      if (g->list[i].has_pend && i == 2)
         asite_free(&g->list[i].pend.a);
      else if (g->list[i].has_pend)
         site_free(&g->list[i].pend.s);
   for (int i = 0; i < 2; i++) {
      for (size_t gi = 0; gi < g->list[i].n; gi++)
         site_free(&((Site *)g->list[i].v)[gi]);
      free(g->list[i].v);
      glist_clear(&g->list[i]);
   }
   for (size_t gi = 0; gi < g->list[2].n; gi++)
      asite_free(&((ASite *)g->list[2].v)[gi]);
   free(g->list[2].v);
   glist_clear(&g->list[2]);
   free(g->skey);
   free(g->cut);
   free(g->ks);
   free(g->seq);
   free(g->seq2);
   map_free(&g->strs);
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
