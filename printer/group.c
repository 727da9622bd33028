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
   uint32_t key;                 /* 0: not worked out yet */
   bool own;
} FrameInfo;

static Map frame_keys;
static FrameInfo *finfo;         /* by index in the report's tframes */
static const Frame *ftab;
static size_t nfinfo;
static Buf ftext;

static FrameInfo frame_info(const Frame *f, const OwnRules *own)
{
   FrameInfo fi;
   size_t i = ftab && f >= ftab && f < ftab + nfinfo ? (size_t)(f - ftab)
                                                     : SIZE_MAX;
   if (i != SIZE_MAX && finfo[i].key != 0)
      return finfo[i];
   buf_clear(&ftext);
   add_frame_text(&ftext, f);
   size_t k = map_get_add(&frame_keys, ftext.s, ftext.len, frame_keys.n + 1);
   fi.key = (uint32_t)(k == SIZE_MAX ? frame_keys.n : k);
   fi.own = frame_is_own(f, own);
   if (i != SIZE_MAX)
      finfo[i] = fi;
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
   memcpy(v, out, ng * sizeof *v);
   *n = ng;
   free(out);
   free(gidx);
   free(rep);
   free(grp);
}

void group_report(Report *r, const OwnRules *own, size_t frames)
{
   if (frames == 0)
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
