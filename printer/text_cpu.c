/* text_cpu.c: the CPU section: where each role's instructions went, by
 * layer of the code that ran (layers.c), by function, and by spawn site.
 *
 * The sums are cpusum.c's.  A share is of the role's instructions;
 * layers and functions under half a percent are summed as "the rest".
 * A runtime's workers say what share the runtime itself took, a Tokio
 * spawn site what its polls cost the scheduler, and a Rayon pool how
 * much of its work went between jobs.
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

#include "cpusum.h"
#include "report.h"
#include "text.h"

/* Functions named per role. */
#define CPU_TOP_FUNCTIONS 5
/* Spawn sites listed. */
#define CPU_SITES_SHOWN 10

/* "71.2% in the program's own code, 18.1% in Tokio's scheduler, ...":
   the layers by share, those under half a percent summed. */
static void add_layers(Buf *b, const uint64_t *layer, uint64_t total)
{
   int order[LAYER_N];
   int n = order_nonzero_desc(layer, LAYER_N, order);
   uint64_t rest = 0;
   bool first = true;
   for (int i = 0; i < n; i++) {
      uint64_t v = layer[order[i]];
      if (v * 200 < total) {
         rest += v;
         continue;
      }
      if (!first)
         buf_adds(b, ", ");
      buf_adds(b, share_pct(v, total));
      buf_adds(b, " in ");
      buf_adds(b, layer_names[order[i]]);
      first = false;
   }
   if (rest * 2000 >= total) {      /* shown as 0.1% or more */
      buf_adds(b, first ? "" : ", ");
      buf_adds(b, share_pct(rest, total));
      buf_adds(b, " elsewhere");
   }
}

/* " Tokio's own code (scheduler, drivers, parking): 4.1%; the program's
   futures and what they call: 95.9%." for a runtime's workers. */
static void add_runtime_cost(Buf *b, const CpuRole *rc)
{
   const char *rt = cpu_runtime_name(rc->runtime);
   if (rt == NULL || rc->insns == 0)
      return;
   uint64_t own = cpu_runtime_cost(rc);
   buf_adds(b, " ");
   buf_adds(b, rt);
   buf_adds(b, rc->runtime == RT_TOKIO
                  ? "'s own code (scheduler, drivers, parking): "
                  : "'s own code (plumbing, idle rounds, parking): ");
   buf_adds(b, share_pct(own, rc->insns));
   buf_adds(b, rc->runtime == RT_TOKIO ? "; the program's futures and what "
                                         "they call: "
                                       : "; the program's jobs and what "
                                         "they call: ");
   buf_adds(b, share_pct(rc->insns - own, rc->insns));
   buf_adds(b, ".");
}

static void print_role_cpu(const CpuSums *c, size_t r, uint64_t all)
{
   const CpuRole *rc = &c->roles[r];
   Buf b = { 0 };
   buf_adds(&b, rc->name);
   buf_adds(&b, ": of ");
   buf_adds(&b, num(rc->insns));
   buf_adds(&b, " instructions (");
   buf_adds(&b, share_pct(rc->insns, all));
   buf_adds(&b, " of the program's), ");
   add_layers(&b, rc->layer, rc->insns);
   buf_adds(&b, ".");
   add_runtime_cost(&b, rc);
   putchar('\n');
   print_wrapped(b.s, 78);
   buf_clear(&b);
   /* The functions that ran the most, themselves. */
   size_t shown = 0;
   for (size_t i = 0; i < c->nfns && shown < CPU_TOP_FUNCTIONS; i++) {
      const CpuFn *f = &c->fns[i];
      if (f->role != r || f->insns * 200 < rc->insns)
         continue;
      printf("%s %s %s\n", shown == 0 ? "  the most:" : "           ",
             share_pct(f->insns, rc->insns), f->name);
      shown++;
   }
   free(b.s);
}

/* "; 399 polls, about 76,060 instructions of Tokio's scheduler (191 a
   poll)": a Tokio site's polls, at the scheduler's instructions per poll
   on all workers. */
static void add_sched_cost(Buf *b, const CpuSums *c, const SpawnSite *s)
{
   uint64_t est;
   if (!cpu_sched_estimate(c, s, &est))
      return;
   char t[160];
   snprintf(t, sizeof t, "; %s %s, about %s instructions of Tokio's "
            "scheduler (%s a poll)", num(s->polls),
            plural(s->polls, "poll", "polls"), num(est),
            num((c->tokio_sched + c->tokio_polls / 2) / c->tokio_polls));
   buf_adds(b, t);
}

/* A Rayon pool's work is split too fine when this much of its workers'
   instructions go between jobs (its plumbing and idle rounds): then
   splitting, stealing and waking cost about as much as the work. */
#define RAYON_FINE_PCT 25

/* The pieces a Rayon site's work ran in: the jobs that started it (those
   not stolen halves) and one more each split, stolen or run inline; 0
   for a report without splits. */
static uint64_t rayon_pieces(const SpawnSite *s)
{
   if (!s->has_splits || s->splits == 0)
      return 0;
   return add_sat(s->polls > s->stolen ? s->polls - s->stolen : 0, s->splits);
}

/* "N pieces of about M instructions" for site s, split at least once. */
static void add_pieces(Buf *b, const SpawnSite *s)
{
   uint64_t pieces = rayon_pieces(s);
   buf_adds(b, num(pieces));
   buf_adds(b, " pieces of about ");
   buf_adds(b, num((s->insns + pieces / 2) / pieces));
   buf_adds(b, " instructions");
}

/* Of the Rayon sites pool role ran, the one split into the most pieces
   (named when the pool's work is too fine), or NULL. */
static const SpawnSite *finest_split(const CpuSums *c, const MergedTasks *m,
                                     size_t role)
{
   const SpawnSite *finest = NULL;
   for (size_t i = 0; m != NULL && i < m->t.nsites; i++) {
      const SpawnSite *s = &m->t.sites[i];
      if (s->kind == NULL || strcmp(s->kind, "rayon") != 0 ||
          rayon_pieces(s) < 2 ||
          (finest != NULL && rayon_pieces(s) <= rayon_pieces(finest)))
         continue;
      for (size_t j = 0; j < c->nsites; j++)
         if (c->sites[j].site == s->id && c->sites[j].role_insns > 0 &&
             c->sites[j].role == role)
            finest = s;
   }
   return finest;
}

/* Rayon's granularity: per submit site, its jobs and their instructions
   (a job as the tool counts it: one started by the pool, the halves a
   par_iter splits into run inside it unless stolen), how many times the
   work was split and so the size of its pieces; per pool, the share of its
   workers' instructions between jobs, and whether that is too much. */
static void print_rayon_grain(const CpuSums *c, const MergedTasks *m)
{
   bool any = false;
   for (size_t i = 0; i < c->nroles; i++)
      any = any || c->roles[i].runtime == RT_RAYON;
   if (!any)
      return;
   printf("\nRayon's granularity (between jobs: Rayon's plumbing and idle "
          "rounds):\n");
   for (size_t i = 0; m != NULL && i < m->t.nsites; i++) {
      const SpawnSite *s = &m->t.sites[i];
      if (s->kind == NULL || strcmp(s->kind, "rayon") != 0 || s->polls == 0)
         continue;
      Buf b = { 0 };
      add_site_label(&b, &m->t, s->id);
      buf_adds(&b, ": ");
      buf_adds(&b, num(s->polls));
      buf_adds(&b, plural(s->polls, " job run", " jobs run"));
      if (s->has_stolen) {
         buf_adds(&b, " (");
         buf_adds(&b, num(s->stolen));
         buf_adds(&b, " stolen)");
      }
      if (rayon_pieces(s) > 0) {
         buf_adds(&b, ", split ");
         buf_adds(&b, num(s->splits));
         buf_adds(&b, plural(s->splits, " time", " times"));
         buf_adds(&b, " into ");
         add_pieces(&b, s);
      }
      buf_adds(&b, rayon_pieces(s) > 0 ? "; instructions a job: "
                                       : ", instructions a job: ");
      if (s->has_median) {
         buf_adds(&b, "median ");
         buf_adds(&b, num(s->median));
         buf_adds(&b, ", ");
      }
      buf_adds(&b, "average ");
      buf_adds(&b, num(s->insns / s->polls));
      buf_adds(&b, ", most ");
      buf_adds(&b, num(s->max_poll));
      printf("  %s\n", b.s);
      free(b.s);
   }
   for (size_t i = 0; i < c->nroles; i++) {
      const CpuRole *rc = &c->roles[i];
      if (rc->runtime != RT_RAYON || rc->insns == 0)
         continue;
      uint64_t between = add_sat(rc->layer[LAYER_RAYON],
                                 rc->layer[LAYER_RAYON_IDLE]);
      Buf b = { 0 };
      buf_adds(&b, rc->name);
      buf_adds(&b, ": ");
      buf_adds(&b, share_pct(between, rc->insns));
      buf_adds(&b, " of its instructions between jobs (plumbing ");
      buf_adds(&b, share_pct(rc->layer[LAYER_RAYON], rc->insns));
      buf_adds(&b, ", idle rounds ");
      buf_adds(&b, share_pct(rc->layer[LAYER_RAYON_IDLE], rc->insns));
      buf_adds(&b, ").");
      if (between * 100 >= (uint64_t)RAYON_FINE_PCT * rc->insns) {
         buf_adds(&b, " The work is split too fine: a quarter of the "
                      "pool's instructions or more go between jobs");
         const SpawnSite *finest = finest_split(c, m, i);
         if (finest != NULL) {
            buf_adds(&b, "; the finest split: ");
            add_site_label(&b, &m->t, finest->id);
            buf_adds(&b, ", ");
            add_pieces(&b, finest);
         }
         buf_adds(&b, " (fewer, larger jobs: with_min_len, a coarser "
                      "split).");
      }
      print_wrapped(b.s, 78);
      free(b.s);
   }
}

void print_cpu(const Report *r)
{
   CpuSums c;
   MergedTasks m = { 0 };
   if (r->cpu == NULL)
      return;
   if (r->tasks != NULL)
      tasks_merge(r->tasks, text_opt.own, text_opt.group_frames, &m);
   cpu_sums(r, text_opt.own, r->tasks ? &m : NULL, text_opt.full_names, &c);
   printf("\nCPU: %s instructions in %s samples (one every %s "
          "instructions on average), each sample's layer that of the "
          "code that ran (std's code inlined into a caller is the "
          "caller's):\n", num(c.insns), num(c.samples), num(c.interval));
   for (size_t i = 0; i < c.nroles; i++)
      print_role_cpu(&c, i, c.insns);

   if (c.nsites > 0) {
      printf("\nCPU by spawn site (the samples taken while its tasks, "
             "jobs or futures ran; sites of one source line merged):\n");
      for (size_t i = 0; i < c.nsites && i < CPU_SITES_SHOWN; i++) {
         const CpuSite *s = &c.sites[i];
         Buf b = { 0 };
         add_site_label(&b, r->tasks, s->site);
         buf_adds(&b, ": ");
         buf_adds(&b, num(s->insns));
         buf_adds(&b, " instructions, ");
         add_layers(&b, s->layer, s->insns);
         add_sched_cost(&b, &c, spawn_site(&m.t, s->site));
         printf("  %s\n", b.s);
         free(b.s);
      }
      if (c.nsites > CPU_SITES_SHOWN)
         printf("... and %s more sites\n", num(c.nsites - CPU_SITES_SHOWN));
   }
   print_rayon_grain(&c, r->tasks ? &m : NULL);
   cpu_sums_free(&c);
   if (r->tasks != NULL)
      tasks_merged_free(&m);
}
