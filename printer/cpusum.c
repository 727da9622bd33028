/* cpusum.c: the CPU profile summed for people (cpusum.h).
 *
 * The report's <cpu> rows are sampled stacks, each charged the
 * instructions its thread ran since its previous sample, so their sums
 * are the threads' exact counts.  Here the rows are summed per role
 * instance into layers (layers.c) and into functions (the frame that
 * decides the layer: std's code inlined into a caller is the caller's),
 * and per spawn site, merged by source line.  The text's CPU section,
 * the one screen and the verdict read the same sums.
 *
 * A runtime's own cost is the share of its workers' instructions in its
 * own layers.  Per Tokio task the scheduler's cost is estimated as polls
 * times the scheduler's instructions per poll on all workers: the
 * scheduler's work (queues, state transitions, wakes) is done per poll,
 * and a sample in it cannot tell for which task.
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
#include "report.h"

static int runtime_of(const Role *r)
{
   if (r->role == NULL)
      return RT_NONE;
   if (strcmp(r->role, "tokio-worker") == 0)
      return RT_TOKIO;
   if (strcmp(r->role, "rayon-worker") == 0)
      return RT_RAYON;
   return RT_NONE;
}

static size_t role_of(CpuSums *c, const Role *r)
{
   char *name = role_label(r, false);
   for (size_t i = 0; i < c->nroles; i++)
      if (strcmp(c->roles[i].name, name) == 0) {
         free(name);
         return i;
      }
   GROW(c->roles, c->caproles, c->nroles + 1);
   memset(&c->roles[c->nroles], 0, sizeof c->roles[c->nroles]);
   c->roles[c->nroles].name = name;
   c->roles[c->nroles].role = r;
   c->roles[c->nroles].runtime = runtime_of(r);
   c->roles[c->nroles].order = c->nroles;
   return c->nroles++;
}

static void add_fn(CpuSums *c, size_t role, char *name, uint64_t insns,
                   int layer)
{
   for (size_t i = 0; i < c->nfns; i++)
      if (c->fns[i].role == role && strcmp(c->fns[i].name, name) == 0) {
         c->fns[i].insns = add_sat(c->fns[i].insns, insns);
         free(name);
         return;
      }
   GROW(c->fns, c->capfns, c->nfns + 1);
   c->fns[c->nfns++] = (CpuFn){ role, name, insns, layer };
}

static CpuSite *site_of(CpuSums *c, uint64_t site)
{
   for (size_t i = 0; i < c->nsites; i++)
      if (c->sites[i].site == site)
         return &c->sites[i];
   GROW(c->sites, c->capsites, c->nsites + 1);
   memset(&c->sites[c->nsites], 0, sizeof c->sites[c->nsites]);
   c->sites[c->nsites].site = site;
   return &c->sites[c->nsites++];
}

/* "fn (file)" of frame i of s, named as the summary names frames. */
static char *fn_name(const Stack *s, size_t i, bool whole)
{
   Buf b = { 0 };
   const Frame *f = stack_frame(s, i);
   add_frame_name(&b, s, i, whole);
   if (f->file) {
      const char *base = strrchr(f->file, '/');
      buf_adds(&b, " (");
      buf_adds(&b, base ? base + 1 : f->file);
      buf_adds(&b, ")");
   } else if (f->obj) {
      const char *base = strrchr(f->obj, '/');
      buf_adds(&b, " (in ");
      buf_adds(&b, base ? base + 1 : f->obj);
      buf_adds(&b, ")");
   }
   return b.s;
}

/* A site's instructions under one role, while the rows are summed. */
typedef struct {
   size_t site, role;            /* indexes in sites and roles */
   uint64_t insns;
} SiteRole;

static void add_site_role(SiteRole **p, size_t *n, size_t *cap, size_t site,
                          size_t role, uint64_t insns)
{
   for (size_t i = 0; i < *n; i++)
      if ((*p)[i].site == site && (*p)[i].role == role) {
         (*p)[i].insns = add_sat((*p)[i].insns, insns);
         return;
      }
   GROW(*p, *cap, *n + 1);
   (*p)[(*n)++] = (SiteRole){ site, role, insns };
}

static void sum_rows(const Cpu *cpu, const OwnRules *own,
                     const MergedTasks *m, bool whole, CpuSums *c)
{
   SiteRole *pairs = NULL;
   size_t npairs = 0, cappairs = 0;
   for (size_t i = 0; i < cpu->nrows; i++) {
      const CpuRow *row = &cpu->rows[i];
      size_t r = role_of(c, &row->role);
      int l = row->has_stack ? stack_layer(&row->stack, own) : LAYER_UNKNOWN;
      CpuRole *rc = &c->roles[r];
      rc->insns = add_sat(rc->insns, row->insns);
      rc->layer[l] = add_sat(rc->layer[l], row->insns);
      if (row->has_stack && stack_depth(&row->stack) > 0)
         add_fn(c, r, fn_name(&row->stack, deciding_frame(&row->stack, own),
                              whole), row->insns, l);
      else
         add_fn(c, r, xstrdup(NOT_SAMPLED), row->insns, l);
      if (row->has_site && m != NULL) {
         CpuSite *s = site_of(c, tasks_merged_id(m, row->site));
         s->insns = add_sat(s->insns, row->insns);
         s->layer[l] = add_sat(s->layer[l], row->insns);
         add_site_role(&pairs, &npairs, &cappairs, (size_t)(s - c->sites), r,
                       row->insns);
      }
   }
   /* A Rayon site runs on its pool's workers: the pool is the role that
      ran most of its instructions (the first seen of equals). */
   for (size_t i = 0; i < npairs; i++) {
      CpuSite *s = &c->sites[pairs[i].site];
      if (pairs[i].insns > s->role_insns) {
         s->role = pairs[i].role;
         s->role_insns = pairs[i].insns;
      }
   }
   free(pairs);
}

static int cmp_cpu_role(const void *a, const void *b)
{
   const CpuRole *x = a, *y = b;
   if (x->insns != y->insns)
      return x->insns > y->insns ? -1 : 1;
   return cmp_order(x->order, y->order);
}

static int cmp_cpu_fn(const void *a, const void *b)
{
   const CpuFn *x = a, *y = b;
   if (x->insns != y->insns)
      return x->insns > y->insns ? -1 : 1;
   if (x->role != y->role)
      return x->role < y->role ? -1 : 1;
   return strcmp(x->name, y->name);
}

static int cmp_cpu_site(const void *a, const void *b)
{
   const CpuSite *x = a, *y = b;
   if (x->insns != y->insns)
      return x->insns > y->insns ? -1 : 1;
   return (x->site > y->site) - (x->site < y->site);
}

/* Roles by instructions; the functions and sites follow their role to
   its new index. */
static void sort_roles(CpuSums *c)
{
   size_t n = c->nroles;
   if (n < 2)
      return;
   for (size_t i = 0; i < n; i++)
      c->roles[i].order = i;          /* first seen, and the old index */
   qsort(c->roles, n, sizeof *c->roles, cmp_cpu_role);
   size_t *to = xrealloc(NULL, n * sizeof *to);
   for (size_t i = 0; i < n; i++)
      to[c->roles[i].order] = i;
   for (size_t i = 0; i < c->nfns; i++)
      c->fns[i].role = to[c->fns[i].role];
   for (size_t i = 0; i < c->nsites; i++)
      c->sites[i].role = to[c->sites[i].role];
   free(to);
}

bool cpu_sums(const Report *r, const OwnRules *own, const MergedTasks *m,
              bool whole, CpuSums *out)
{
   memset(out, 0, sizeof *out);
   if (r->cpu == NULL)
      return false;
   out->insns = r->cpu->insns;
   out->samples = r->cpu->samples;
   out->interval = r->cpu->interval;
   sum_rows(r->cpu, own, m, whole, out);
   sort_roles(out);
   if (out->nfns > 1)
      qsort(out->fns, out->nfns, sizeof *out->fns, cmp_cpu_fn);
   if (out->nsites > 1)
      qsort(out->sites, out->nsites, sizeof *out->sites, cmp_cpu_site);
   for (size_t i = 0; i < out->nroles; i++)
      if (out->roles[i].runtime == RT_TOKIO)
         out->tokio_sched = add_sat(out->tokio_sched,
                                    out->roles[i].layer[LAYER_SCHED]);
   if (m != NULL)
      for (size_t i = 0; i < m->t.nsites; i++) {
         const SpawnSite *s = &m->t.sites[i];
         if (s->kind && (strcmp(s->kind, "async") == 0 ||
                         strcmp(s->kind, "local") == 0))
            out->tokio_polls = add_sat(out->tokio_polls, s->polls);
      }
   return true;
}

void cpu_sums_free(CpuSums *c)
{
   for (size_t i = 0; i < c->nroles; i++)
      free(c->roles[i].name);
   for (size_t i = 0; i < c->nfns; i++)
      free(c->fns[i].name);
   free(c->roles);
   free(c->fns);
   free(c->sites);
   memset(c, 0, sizeof *c);
}

uint64_t cpu_runtime_cost(const CpuRole *r)
{
   const uint64_t *l = r->layer;
   switch (r->runtime) {
   case RT_TOKIO:
      return add_sat(add_sat(l[LAYER_SCHED], l[LAYER_DRIVER]), l[LAYER_PARK]);
   case RT_RAYON:
      return add_sat(add_sat(l[LAYER_RAYON], l[LAYER_RAYON_IDLE]),
                     l[LAYER_PARK]);
   default:
      return 0;
   }
}

bool cpu_sched_estimate(const CpuSums *c, const SpawnSite *s, uint64_t *est)
{
   if (s == NULL || s->kind == NULL || c->tokio_polls == 0 ||
       c->tokio_sched == 0 ||
       (strcmp(s->kind, "async") != 0 && strcmp(s->kind, "local") != 0))
      return false;
   *est = (uint64_t)((double)c->tokio_sched * (double)s->polls /
                     (double)c->tokio_polls + 0.5);
   return true;
}

const char *cpu_runtime_name(int runtime)
{
   return runtime == RT_TOKIO ? "Tokio" : runtime == RT_RAYON ? "Rayon" : NULL;
}

const CpuFn *cpu_top_fn(const CpuSums *c, size_t r)
{
   for (size_t i = 0; i < c->nfns; i++)
      if (c->fns[i].role == r && strcmp(c->fns[i].name, NOT_SAMPLED) != 0)
         return &c->fns[i];
   return NULL;
}

/* "Tokio's own code 4.1% of its workers' instructions (scheduler 2.6%,
   drivers 1.5%)": the parts of one role's runtime cost. */
static void add_cost_parts(Buf *b, const CpuRole *rc)
{
   static const struct { int rt, layer; const char *name; } parts[] = {
      { RT_TOKIO, LAYER_SCHED, "scheduler" },
      { RT_TOKIO, LAYER_DRIVER, "drivers" },
      { RT_RAYON, LAYER_RAYON, "plumbing" },
      { RT_RAYON, LAYER_RAYON_IDLE, "idle rounds" },
      { RT_TOKIO, LAYER_PARK, "parking" },
      { RT_RAYON, LAYER_PARK, "parking" },
   };
   bool open = false;
   for (size_t i = 0; i < sizeof parts / sizeof parts[0]; i++) {
      uint64_t v = rc->layer[parts[i].layer];
      if (parts[i].rt != rc->runtime || v * 1000 < rc->insns)
         continue;                /* under 0.1% */
      buf_adds(b, open ? ", " : " (");
      buf_adds(b, parts[i].name);
      buf_adds(b, " ");
      buf_adds(b, share_pct(v, rc->insns));
      open = true;
   }
   if (open)
      buf_adds(b, ")");
}

void cpu_brief(Buf *b, const CpuSums *c, size_t roles)
{
   if (c->samples < CPU_MIN_SAMPLES)
      return;
   char t[96];
   snprintf(t, sizeof t, "Sampled %s %s (--show=cpu): ", num(c->samples),
            plural(c->samples, "time", "times"));
   buf_adds(b, t);
   size_t shown = 0;
   for (size_t i = 0; i < c->nroles && shown < roles; i++) {
      const CpuRole *rc = &c->roles[i];
      const CpuFn *f = cpu_top_fn(c, i);
      if (rc->insns == 0 ||
          (f == NULL && cpu_runtime_name(rc->runtime) == NULL))
         continue;               /* nothing sampled to say */
      if (shown++ > 0)
         buf_adds(b, "; ");
      buf_adds(b, rc->name);
      buf_adds(b, ":");
      if (f != NULL) {
         buf_adds(b, " ");
         buf_adds(b, share_pct(f->insns, rc->insns));
         buf_adds(b, " in ");
         buf_adds(b, f->name);
      }
      if (cpu_runtime_name(rc->runtime) != NULL) {
         buf_adds(b, f ? ", " : " ");
         buf_adds(b, share_pct(cpu_runtime_cost(rc), rc->insns));
         buf_adds(b, " in ");
         buf_adds(b, cpu_runtime_name(rc->runtime));
         buf_adds(b, "'s own code");
         add_cost_parts(b, rc);
      }
   }
   buf_adds(b, ".");
}

void cpu_verdict(Buf *b, const CpuSums *c)
{
   const CpuFn *f = NULL;
   if (c->samples < CPU_MIN_SAMPLES)
      return;
   /* The function that ran the most, of those sampled. */
   for (size_t i = 0; i < c->nfns && f == NULL; i++)
      if (strcmp(c->fns[i].name, NOT_SAMPLED) != 0)
         f = &c->fns[i];
   if (c->insns == 0 || f == NULL)
      return;
   buf_adds(b, " Of ");
   buf_adds(b, num(c->insns));
   buf_adds(b, " instructions, ");
   buf_adds(b, share_pct(f->insns, c->insns));
   buf_adds(b, " ran in ");
   buf_adds(b, f->name);
   buf_adds(b, " on ");
   buf_adds(b, c->roles[f->role].name);
   uint64_t cost = 0, workers = 0;
   bool any[3] = { false, false, false };
   for (size_t i = 0; i < c->nroles; i++)
      if (c->roles[i].runtime != RT_NONE) {
         cost = add_sat(cost, cpu_runtime_cost(&c->roles[i]));
         workers = add_sat(workers, c->roles[i].insns);
         any[c->roles[i].runtime] = true;
      }
   if (workers > 0) {
      buf_adds(b, "; the runtimes' own code ran ");
      buf_adds(b, share_pct(cost, workers));
      buf_adds(b, any[RT_TOKIO] && any[RT_RAYON]
                     ? " of Tokio's and Rayon's workers' instructions"
                     : any[RT_TOKIO] ? " of Tokio's workers' instructions"
                                     : " of Rayon's workers' instructions");
   }
   buf_adds(b, ".");
}
