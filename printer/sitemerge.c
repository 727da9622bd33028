/* sitemerge.c: spawn sites, Rayon submit sites and block_on sites
 * merged by their source location, for the text summary.
 *
 * The tool keys a spawn site by the code address of its spawn frame, so
 * a loop the compiler unrolled is one site per copy of its body: seven
 * tasks spawned on one source line read as seven sites of one task.  A
 * user means the line.  Here two sites are one if they have the same
 * kind and future and the same function, file and line in their spawn
 * frame and in the program's own frames after it, up to the grouping
 * depth (--group-frames, as loss records are grouped; 0 merges
 * nothing).  Their figures are summed (the longest poll is the largest
 * of theirs, the peak the sum of their peaks, which is at most that),
 * so every total over the sites is the report's.  The merged list takes
 * the place of the report's in the Tasks section and the verdict: its
 * sites keep the first's id and stack, the tasks and the waits inside
 * async point to them, and two waits of one merged site with the same
 * stack are one.  The report itself is left as read.
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

/* The key of a site: kind, future, then function, file and line of its
   spawn frame and of the next own frames, each field ended by \x1f.
   A site without a spawn frame keys by its id: merged with none. */
static char *site_key(const SpawnSite *s, const OwnRules *own, size_t frames)
{
   Buf k = { 0 };
   char t[48];
   buf_adds(&k, s->kind ? s->kind : "");
   buf_adds(&k, "\x1f");
   buf_adds(&k, s->future ? s->future : "");
   buf_adds(&k, "\x1f");
   size_t depth = stack_depth(&s->stack);
   if (frames == 0 || !s->has_frame || s->frame >= depth) {
      snprintf(t, sizeof t, "#%" PRIu64, s->id);
      buf_adds(&k, t);
      return k.s;
   }
   size_t n = 0;
   for (size_t i = (size_t)s->frame; i < depth && n < frames; i++) {
      const Frame *f = stack_frame(&s->stack, i);
      if (i > s->frame && !frame_is_own(f, own))
         continue;
      n++;
      buf_adds(&k, f->fn ? f->fn : "?");
      buf_adds(&k, "\x1f");
      buf_adds(&k, f->file ? f->file : "?");
      snprintf(t, sizeof t, "\x1f%" PRIu64 "\x1f", f->has_line ? f->line : 0);
      buf_adds(&k, t);
   }
   return k.s;
}

typedef struct {
   char *key;
   size_t i;                     /* in the report's order */
} Keyed;

static int cmp_keyed(const void *a, const void *b)
{
   const Keyed *x = a, *y = b;
   int c = strcmp(x->key, y->key);
   return c ? c : (x->i > y->i) - (x->i < y->i);
}

static void add_site(SpawnSite *d, const SpawnSite *s)
{
   /* Two medians do not make one: a merged site with jobs from both
      has none (its average and most still add up). */
   if (d->polls > 0 && s->polls > 0)
      d->has_median = false;
   else if (s->polls > 0) {
      d->median = s->median;
      d->has_median = s->has_median;
   }
   d->stolen = add_sat(d->stolen, s->stolen);
   d->has_stolen = d->has_stolen && s->has_stolen;
   d->splits = add_sat(d->splits, s->splits);
   d->has_splits = d->has_splits && s->has_splits;
   d->spawned = add_sat(d->spawned, s->spawned);
   d->ended = add_sat(d->ended, s->ended);
   d->alive = add_sat(d->alive, s->alive);
   d->pending = add_sat(d->pending, s->pending);
   d->polls = add_sat(d->polls, s->polls);
   d->insns = add_sat(d->insns, s->insns);
   if (s->max_poll > d->max_poll)
      d->max_poll = s->max_poll;
   d->allocs = add_sat(d->allocs, s->allocs);
   d->bytes = add_sat(d->bytes, s->bytes);
   d->peak_live = add_sat(d->peak_live, s->peak_live);
   d->live_blocks = add_sat(d->live_blocks, s->live_blocks);
   d->live_bytes = add_sat(d->live_bytes, s->live_bytes);
   d->lost_bytes = add_sat(d->lost_bytes, s->lost_bytes);
   d->lost_blocks = add_sat(d->lost_blocks, s->lost_blocks);
   d->has_lost |= s->has_lost;
   d->waits = add_sat(d->waits, s->waits);
   d->blocked_us = add_sat(d->blocked_us, s->blocked_us);
}

/* Whether two stacks are the same frames (version 2: the same ref). */
static bool same_stack(const Stack *a, const Stack *b)
{
   if (a->in_table && b->in_table)
      return a->ref == b->ref;
   size_t n = stack_depth(a);
   if (n != stack_depth(b))
      return false;
   for (size_t i = 0; i < n; i++) {
      const Frame *x = stack_frame(a, i), *y = stack_frame(b, i);
      if (strcmp(x->ip ? x->ip : "", y->ip ? y->ip : "") != 0 ||
          strcmp(x->fn ? x->fn : "", y->fn ? y->fn : "") != 0)
         return false;
   }
   return true;
}

static int cmp_block(const void *a, const void *b)
{
   const BlockIn *x = a, *y = b;
   if (x->blocked_us != y->blocked_us)
      return x->blocked_us > y->blocked_us ? -1 : 1;
   return 0;
}

/* The id of the merged site that report site id went into. */
static uint64_t merged_id(const Tasks *in, const uint64_t *to, uint64_t id)
{
   const SpawnSite *s = spawn_site(in, id);
   return s ? to[s - in->sites] : id;
}

void tasks_merge(const Tasks *in, const OwnRules *own, size_t frames,
                 MergedTasks *out)
{
   memset(out, 0, sizeof *out);
   out->t = *in;                 /* shares and header as the report's */
   size_t n = in->nsites;
   Keyed *k = xrealloc(NULL, (n ? n : 1) * sizeof *k);
   for (size_t i = 0; i < n; i++)
      k[i] = (Keyed){ site_key(&in->sites[i], own, frames), i };
   qsort(k, n, sizeof *k, cmp_keyed);
   /* to[i]: the id of report site i's merged site; first[i]: whether i
      is the first of its group (in the report's order). */
   uint64_t *to = xrealloc(NULL, (n ? n : 1) * sizeof *to);
   uint64_t *count = xrealloc(NULL, (n ? n : 1) * sizeof *count);
   for (size_t a = 0; a < n;) {
      size_t b = a + 1;
      while (b < n && strcmp(k[a].key, k[b].key) == 0)
         b++;
      for (size_t j = a; j < b; j++) {
         to[k[j].i] = in->sites[k[a].i].id;
         count[k[j].i] = j == a ? b - a : 0;
      }
      a = b;
   }
   out->t.sites = xrealloc(NULL, (n ? n : 1) * sizeof *out->t.sites);
   out->merged = xrealloc(NULL, (n ? n : 1) * sizeof *out->merged);
   out->t.nsites = 0;
   for (size_t i = 0; i < n; i++) {
      if (count[i] == 0)
         continue;
      SpawnSite *d = &out->t.sites[out->t.nsites];
      *d = in->sites[i];
      out->merged[out->t.nsites++] = count[i];
      for (size_t j = i + 1; j < n; j++)
         if (to[j] == d->id)
            add_site(d, &in->sites[j]);
   }
   out->t.capsites = n;
   /* The tasks point at their merged site. */
   out->t.tasks = xrealloc(NULL, (in->ntasks ? in->ntasks : 1) *
                           sizeof *out->t.tasks);
   for (size_t i = 0; i < in->ntasks; i++) {
      out->t.tasks[i] = in->tasks[i];
      out->t.tasks[i].site = merged_id(in, to, in->tasks[i].site);
   }
   /* The waits inside async: one per merged site and stack. */
   out->t.blocks = xrealloc(NULL, (in->nblocks ? in->nblocks : 1) *
                            sizeof *out->t.blocks);
   out->t.nblocks = 0;
   for (size_t i = 0; i < in->nblocks; i++) {
      BlockIn b = in->blocks[i];
      b.site = merged_id(in, to, b.site);
      size_t j = 0;
      while (j < out->t.nblocks &&
             !(out->t.blocks[j].site == b.site &&
               same_stack(&out->t.blocks[j].stack, &b.stack)))
         j++;
      if (j == out->t.nblocks) {
         out->t.blocks[out->t.nblocks++] = b;
         continue;
      }
      BlockIn *d = &out->t.blocks[j];
      d->waits = add_sat(d->waits, b.waits);
      d->blocked_us = add_sat(d->blocked_us, b.blocked_us);
      if (b.max_us > d->max_us)
         d->max_us = b.max_us;
   }
   /* Most blocked first, ties in the report's order: a stable sort. */
   for (size_t i = 1; i < out->t.nblocks; i++) {
      BlockIn b = out->t.blocks[i];
      size_t j = i;
      for (; j > 0 && cmp_block(&out->t.blocks[j - 1], &b) > 0; j--)
         out->t.blocks[j] = out->t.blocks[j - 1];
      out->t.blocks[j] = b;
   }
   for (size_t i = 0; i < n; i++)
      free(k[i].key);
   free(k);
   out->in = in;
   out->to = to;
   free(count);
}

uint64_t tasks_merged_id(const MergedTasks *m, uint64_t id)
{
   return m->in ? merged_id(m->in, m->to, id) : id;
}

uint64_t tasks_merged_count(const MergedTasks *m, const SpawnSite *s)
{
   size_t i = (size_t)(s - m->t.sites);
   return i < m->t.nsites ? m->merged[i] : 1;
}

void tasks_merged_free(MergedTasks *m)
{
   free(m->t.sites);
   free(m->t.tasks);
   free(m->t.blocks);
   free(m->merged);
   free(m->to);
   memset(m, 0, sizeof *m);
}
