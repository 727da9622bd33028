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

#include "report.h"

/* ---- A set of strings, each with a number ---- */

typedef struct {
   char *key;                    /* NULL: free slot */
   size_t len, val;
} Slot;

typedef struct {
   Slot *slot;
   size_t n, cap;                /* cap: a power of 2 */
} Map;

static uint64_t hash(const char *s, size_t n)
{
   uint64_t h = 1469598103934665603ull;     /* FNV-1a */
   for (size_t i = 0; i < n; i++)
      h = (h ^ (unsigned char)s[i]) * 1099511628211ull;
   return h;
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
         size_t j = hash(o->key, o->len) & (cap - 1);
         while (ns[j].key != NULL)
            j = (j + 1) & (cap - 1);
         ns[j] = *o;
      }
      free(m->slot);
      m->slot = ns;
      m->cap = cap;
   }
   size_t j = hash(key, len) & (m->cap - 1);
   for (; m->slot[j].key != NULL; j = (j + 1) & (m->cap - 1)) {
      Slot *o = &m->slot[j];
      if (o->len == len && memcmp(o->key, key, len) == 0)
         return o->val;
   }
   Slot *o = &m->slot[j];
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

/* ---- Keys ---- */

static void add_str(Buf *b, const char *s)
{
   if (s)
      buf_adds(b, s);
   buf_add(b, "\x1f", 1);
}

static void add_u64(Buf *b, uint64_t v)
{
   char t[32];
   snprintf(t, sizeof t, "%" PRIu64 "\x1f", v);
   buf_adds(b, t);
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

/* The full stack's identity: its id in a version 2 report, its
   addresses in a version 1 one. */
static void add_identity(Buf *b, const Stack *s)
{
   if (s->in_table || s->ref != 0) {
      add_u64(b, s->ref);
      return;
   }
   for (size_t i = 0; i < s->nframes; i++)
      add_str(b, s->frames[i].ip);
}

/* Counts distinct (group, what) pairs into *count. */
static void count_distinct(Map *seen, Buf *b, size_t group, uint64_t *count)
{
   size_t mark = b->len;
   add_u64(b, group);
   if (map_get_add(seen, b->s, b->len, 0) == SIZE_MAX)
      (*count)++;
   b->len = mark;
   b->s[mark] = '\0';
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
   Map groups = { 0 }, seen = { 0 };
   Buf key = { 0 }, id = { 0 };
   size_t ng = 0;
   for (size_t i = 0; i < n; i++) {
      Member m = get(v, i);
      buf_clear(&key);
      add_role(&key, m.role);
      add_str(&key, m.kind);
      add_u64(&key, m.orphan);
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
      buf_clear(&id);
      buf_add(&id, "s", 1);
      add_identity(&id, m.stack);
      count_distinct(&seen, &id, g, &grp[g].stacks);
      if (m.thread != 0) {
         buf_clear(&id);
         buf_add(&id, "t", 1);
         add_u64(&id, m.thread);
         count_distinct(&seen, &id, g, &grp[g].threads);
      }
   }
   /* Stacks that are all one need no cut. */
   for (size_t g = 0; g < ng; g++)
      if (grp[g].stacks <= 1)
         grp[g].cut = 0;
   map_free(&groups);
   map_free(&seen);
   free(key.s);
   free(id.s);
   return ng;
}

/* ---- Sites and loss records ---- */

/* The report being grouped: for the names of role other's threads. */
static const Report *cur;

static const char *thread_name_of(uint64_t seq)
{
   for (size_t t = 0; cur != NULL && t < cur->nthreads; t++)
      if (cur->threads[t].seq == seq)
         return cur->threads[t].name ? cur->threads[t].name : "";
   return "";
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
   cur = r;
   ftab = r->tframes;
   nfinfo = r->ntframes;
   finfo = xrealloc(NULL, (nfinfo + 1) * sizeof *finfo);
   memset(finfo, 0, (nfinfo + 1) * sizeof *finfo);
   group_sites(r->lrecs, &r->nlrecs, own, frames);
   group_sites(r->sites, &r->nsites, own, frames);
   group_asites(r->asites, &r->nasites, own, frames);
   free(finfo);
   finfo = NULL;
   ftab = NULL;
   map_free(&frame_keys);
   free(ftext.s);
   ftext = (Buf){ 0 };
}
