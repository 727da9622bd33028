/* diff_cpu.c: --diff's CPU part: where each role's and each spawn
 * site's instructions went, old against new, by layer of the code that
 * ran (cpusum.c), when both reports have a profile.  A profile is
 * sampled: a layer's share moves between two runs of the same program
 * by the samples' chance, so a share counts as changed only if it moved
 * by CPU_NOISE_POINTS points or more; the runtime's own share is shown
 * with every role that changed, as the summary gives it.
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

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cpusum.h"
#include "diff.h"
#include "report.h"
#include "text.h"

/* A layer's share changed if it moved by this many points of its role's
   (or site's) instructions; measured on the bundled programs run twice
   at the default interval, shares moved by under 1 point. */
#define CPU_NOISE_POINTS 2.0

typedef struct {
   CpuSums c;
   MergedTasks m;
   bool has_tasks;
   char **site_names;            /* per c.sites: its label */
} Side;

static void side_load(Side *s, const Report *r, const DiffOptions *opt)
{
   memset(s, 0, sizeof *s);
   s->has_tasks = r->tasks != NULL;
   if (s->has_tasks)
      tasks_merge(r->tasks, opt->own, opt->group_frames, &s->m);
   cpu_sums(r, opt->own, s->has_tasks ? &s->m : NULL, opt->full_names, &s->c);
   s->site_names = xrealloc(NULL, (s->c.nsites ? s->c.nsites : 1) *
                                  sizeof *s->site_names);
   for (size_t i = 0; i < s->c.nsites; i++) {
      Buf b = { 0 };
      add_site_label(&b, r->tasks, s->c.sites[i].site);
      s->site_names[i] = b.s;
   }
}

static void side_free(Side *s)
{
   for (size_t i = 0; i < s->c.nsites; i++)
      free(s->site_names[i]);
   free(s->site_names);
   cpu_sums_free(&s->c);
   if (s->has_tasks)
      tasks_merged_free(&s->m);
}

static double pct(uint64_t part, uint64_t whole)
{
   return whole ? 100.0 * (double)part / (double)whole : 0.0;
}

/* "; Tokio's scheduler 6.0% -> 2.1%" for each layer whose share moved
   by the noise's points or more; how many. */
static size_t add_layer_moves(Buf *b, const uint64_t *lo, uint64_t to,
                              const uint64_t *ln, uint64_t tn)
{
   size_t moved = 0;
   for (int l = 0; l < LAYER_N; l++) {
      double po = pct(lo[l], to), pn = pct(ln[l], tn);
      if (po - pn < CPU_NOISE_POINTS && pn - po < CPU_NOISE_POINTS)
         continue;
      char t[160];
      snprintf(t, sizeof t, "; %s %.1f%% -> %.1f%%", layer_names[l], po, pn);
      buf_adds(b, t);
      moved++;
   }
   return moved;
}

/* "of 2,885,081 -> 3,104,220 instructions" */
static void add_insns(Buf *b, uint64_t o, uint64_t n)
{
   buf_adds(b, num(o));
   buf_adds(b, " -> ");
   buf_adds(b, num(n));
   buf_adds(b, " instructions");
}

/* One row (b: its name and instructions so far): if a layer's share
   moved, it is a change, printed under head the first time (*shown);
   a move under the noise is counted in *noise.  Frees b's text. */
static size_t judge(Buf *b, const uint64_t *lo, uint64_t to,
                    const uint64_t *ln, uint64_t tn, enum Mode mode,
                    const char *head, bool *shown, size_t *noise)
{
   size_t changed = 0;
   if (add_layer_moves(b, lo, to, ln, tn)) {
      changed = 1;
      if (mode == PRINT) {
         if (!*shown)
            printf("\n%s (moved by %.0f points or more):\n", head,
                   CPU_NOISE_POINTS);
         *shown = true;
         printf("  %s\n", b->s);
      }
   } else if (memcmp(lo, ln, LAYER_N * sizeof *lo) != 0) {
      (*noise)++;
   }
   free(b->s);
   return changed;
}

static size_t diff_roles(const Side *o, const Side *n, enum Mode mode,
                         size_t *noise)
{
   size_t changed = 0;
   bool head = false;
   for (size_t i = 0; i < n->c.nroles; i++) {
      const CpuRole *rn = &n->c.roles[i], *ro = NULL;
      for (size_t k = 0; k < o->c.nroles && ro == NULL; k++)
         if (strcmp(o->c.roles[k].name, rn->name) == 0)
            ro = &o->c.roles[k];
      if (ro == NULL || ro->insns == 0 || rn->insns == 0)
         continue;               /* new or gone: the roles' table says so */
      Buf b = { 0 };
      buf_adds(&b, rn->name);
      buf_adds(&b, ": ");
      add_insns(&b, ro->insns, rn->insns);
      const char *rt = cpu_runtime_name(rn->runtime);
      if (rt != NULL) {
         char t[160];
         snprintf(t, sizeof t, "; %s's own code %.1f%% -> %.1f%%", rt,
                  pct(cpu_runtime_cost(ro), ro->insns),
                  pct(cpu_runtime_cost(rn), rn->insns));
         buf_adds(&b, t);
      }
      changed += judge(&b, ro->layer, ro->insns, rn->layer, rn->insns, mode,
                       "CPU by role and layer, the shares of each role's "
                       "instructions", &head, noise);
   }
   return changed;
}

static size_t diff_sites(const Side *o, const Side *n, enum Mode mode,
                         size_t *noise)
{
   size_t changed = 0;
   bool head = false;
   for (size_t i = 0; i < n->c.nsites; i++) {
      const CpuSite *sn = &n->c.sites[i], *so = NULL;
      for (size_t k = 0; k < o->c.nsites && so == NULL; k++)
         if (strcmp(o->site_names[k], n->site_names[i]) == 0)
            so = &o->c.sites[k];
      if (so == NULL || so->insns == 0 || sn->insns == 0)
         continue;               /* the spawn sites' lists say so */
      Buf b = { 0 };
      buf_adds(&b, n->site_names[i]);
      buf_adds(&b, ": ");
      add_insns(&b, so->insns, sn->insns);
      changed += judge(&b, so->layer, so->insns, sn->layer, sn->insns, mode,
                       "CPU by spawn site and layer, the shares of each "
                       "site's instructions", &head, noise);
   }
   return changed;
}

size_t diff_cpu(const Report *const rep[2], const DiffOptions *opt,
                enum Mode mode, size_t *noise)
{
   size_t changed = 0, nz = 0;
   if (rep[OLD]->cpu == NULL || rep[NEW]->cpu == NULL) {
      if (mode != COUNT && (rep[OLD]->cpu != NULL || rep[NEW]->cpu != NULL))
         printf("\nCPU profiles: not compared (%s has none: "
                "--cpu-sample=0).\n", rep[OLD]->cpu ? "new" : "old");
      if (noise)
         *noise = 0;
      return 0;
   }
   Side s[2];
   side_load(&s[OLD], rep[OLD], opt);
   side_load(&s[NEW], rep[NEW], opt);
   changed += diff_roles(&s[OLD], &s[NEW], mode, &nz);
   changed += diff_sites(&s[OLD], &s[NEW], mode, &nz);
   if (mode == PRINT && changed == 0)
      printf("\nCPU by role, spawn site and layer: no share moved by %.0f "
             "points or more.\n", CPU_NOISE_POINTS);
   side_free(&s[OLD]);
   side_free(&s[NEW]);
   if (noise)
      *noise = nz;
   return changed;
}
