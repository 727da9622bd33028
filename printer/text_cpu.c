/* text_cpu.c: the CPU section: where each role's instructions went, by
 * layer of the code that ran (layers.c), by function, and by spawn site.
 *
 * The report's <cpu> rows are sampled stacks, each charged the
 * instructions its thread ran since its previous sample, so their sums
 * are the threads' exact counts.  Here the rows are summed per role
 * instance into layers and into functions (the innermost frame that
 * decides the layer: std's code inlined into a caller is the caller's),
 * and per spawn site.  A share is of the role's instructions; layers and
 * functions under half a percent are summed as "the rest".
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
#include "text.h"

/* Functions named per role. */
#define CPU_TOP_FUNCTIONS 5
/* Spawn sites listed. */
#define CPU_SITES_SHOWN 10

typedef struct {
   char *name;                   /* role label */
   uint64_t insns;
   uint64_t layer[LAYER_N];
   size_t order;
} RoleCpu;

typedef struct {
   size_t role;                  /* index in the roles */
   char *name;                   /* "fn (file)" */
   uint64_t insns;
} FnCpu;

typedef struct {
   uint64_t site;
   uint64_t insns;
   uint64_t layer[LAYER_N];
} SiteCpu;

typedef struct {
   RoleCpu *roles;
   size_t nroles, caproles;
   FnCpu *fns;
   size_t nfns, capfns;
   SiteCpu *sites;
   size_t nsites, capsites;
} CpuSums;

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
   c->roles[c->nroles].order = c->nroles;
   return c->nroles++;
}

static void add_fn(CpuSums *c, size_t role, char *name, uint64_t insns)
{
   for (size_t i = 0; i < c->nfns; i++)
      if (c->fns[i].role == role && strcmp(c->fns[i].name, name) == 0) {
         c->fns[i].insns = add_sat(c->fns[i].insns, insns);
         free(name);
         return;
      }
   GROW(c->fns, c->capfns, c->nfns + 1);
   c->fns[c->nfns++] = (FnCpu){ role, name, insns };
}

static SiteCpu *site_of(CpuSums *c, uint64_t site)
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
static char *fn_name(const Stack *s, size_t i)
{
   Buf b = { 0 };
   const Frame *f = stack_frame(s, i);
   add_frame_name(&b, s, i, text_opt.full_names);
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

/* m: the spawn sites merged by source line, as the Tasks section lists
   them (sitemerge.c); a row counts for its merged site. */
static void sum_rows(const Cpu *cpu, const MergedTasks *m, CpuSums *c)
{
   for (size_t i = 0; i < cpu->nrows; i++) {
      const CpuRow *row = &cpu->rows[i];
      size_t r = role_of(c, &row->role);
      int l = row->has_stack ? stack_layer(&row->stack, text_opt.own)
                             : LAYER_UNKNOWN;
      RoleCpu *rc = &c->roles[r];
      rc->insns = add_sat(rc->insns, row->insns);
      rc->layer[l] = add_sat(rc->layer[l], row->insns);
      if (row->has_stack && stack_depth(&row->stack) > 0)
         add_fn(c, r, fn_name(&row->stack, deciding_frame(&row->stack, text_opt.own)),
                row->insns);
      else
         add_fn(c, r, xstrdup("(not sampled)"), row->insns);
      if (row->has_site) {
         SiteCpu *s = site_of(c, tasks_merged_id(m, row->site));
         s->insns = add_sat(s->insns, row->insns);
         s->layer[l] = add_sat(s->layer[l], row->insns);
      }
   }
}

static void sums_free(CpuSums *c)
{
   for (size_t i = 0; i < c->nroles; i++)
      free(c->roles[i].name);
   for (size_t i = 0; i < c->nfns; i++)
      free(c->fns[i].name);
   free(c->roles);
   free(c->fns);
   free(c->sites);
}

static int cmp_rolecpu(const void *a, const void *b)
{
   const RoleCpu *x = a, *y = b;
   if (x->insns != y->insns)
      return x->insns > y->insns ? -1 : 1;
   return cmp_order(x->order, y->order);
}

static int cmp_fn(const void *a, const void *b)
{
   const FnCpu *x = a, *y = b;
   if (x->insns != y->insns)
      return x->insns > y->insns ? -1 : 1;
   return strcmp(x->name, y->name);
}

static int cmp_sitecpu(const void *a, const void *b)
{
   const SiteCpu *x = a, *y = b;
   if (x->insns != y->insns)
      return x->insns > y->insns ? -1 : 1;
   return (x->site > y->site) - (x->site < y->site);
}

/* part of whole in percent, one decimal: "12.3%". */
static const char *share(uint64_t part, uint64_t whole)
{
   static char buf[4][16];
   static int k;
   char *b = buf[k++ % 4];
   double p = whole ? 100.0 * (double)part / (double)whole : 0.0;
   snprintf(b, 16, "%.1f%%", p);
   return b;
}

/* "71.2% in the program's own code, 18.1% in Tokio's scheduler, ...":
   the layers by share, those under half a percent summed. */
static void add_layers(Buf *b, const uint64_t *layer, uint64_t total)
{
   int order[LAYER_N], n = 0;
   uint64_t rest = 0;
   for (int l = 0; l < LAYER_N; l++)
      if (layer[l] > 0)
         order[n++] = l;
   for (int i = 1; i < n; i++)
      for (int j = i; j > 0 && layer[order[j]] > layer[order[j - 1]]; j--) {
         int t = order[j];
         order[j] = order[j - 1];
         order[j - 1] = t;
      }
   bool first = true;
   for (int i = 0; i < n; i++) {
      uint64_t v = layer[order[i]];
      if (v * 200 < total) {
         rest += v;
         continue;
      }
      if (!first)
         buf_adds(b, ", ");
      buf_adds(b, share(v, total));
      buf_adds(b, " in ");
      buf_adds(b, layer_names[order[i]]);
      first = false;
   }
   if (rest * 2000 >= total) {      /* shown as 0.1% or more */
      buf_adds(b, first ? "" : ", ");
      buf_adds(b, share(rest, total));
      buf_adds(b, " elsewhere");
   }
}

static void print_role_cpu(const CpuSums *c, size_t r, const RoleCpu *rc,
                           uint64_t all)
{
   Buf b = { 0 };
   buf_adds(&b, rc->name);
   buf_adds(&b, ": of ");
   buf_adds(&b, num(rc->insns));
   buf_adds(&b, " instructions (");
   buf_adds(&b, share(rc->insns, all));
   buf_adds(&b, " of the program's), ");
   add_layers(&b, rc->layer, rc->insns);
   buf_adds(&b, ".");
   putchar('\n');
   print_wrapped(b.s, 78);
   buf_clear(&b);
   /* The functions that ran the most, themselves. */
   size_t shown = 0;
   for (size_t i = 0; i < c->nfns && shown < CPU_TOP_FUNCTIONS; i++) {
      const FnCpu *f = &c->fns[i];
      if (f->role != r || f->insns * 200 < rc->insns)
         continue;
      printf("%s %s %s\n", shown == 0 ? "  the most:" : "           ",
             share(f->insns, rc->insns), f->name);
      shown++;
   }
   free(b.s);
}

void print_cpu(const Report *r)
{
   const Cpu *cpu = r->cpu;
   if (cpu == NULL)
      return;
   CpuSums c = { 0 };
   MergedTasks m = { 0 };
   if (r->tasks != NULL)
      tasks_merge(r->tasks, text_opt.own, text_opt.group_frames, &m);
   sum_rows(cpu, &m, &c);
   /* Functions sorted once (by instructions), kept in their role. */
   if (c.nfns > 1)
      qsort(c.fns, c.nfns, sizeof *c.fns, cmp_fn);
   /* Roles by instructions; the functions keep their role's index, so
      sort an index rather than the roles. */
   size_t *idx = xrealloc(NULL, (c.nroles ? c.nroles : 1) * sizeof *idx);
   for (size_t i = 0; i < c.nroles; i++)
      idx[i] = i;
   for (size_t i = 1; i < c.nroles; i++)
      for (size_t j = i; j > 0 &&
           cmp_rolecpu(&c.roles[idx[j]], &c.roles[idx[j - 1]]) < 0; j--) {
         size_t t = idx[j];
         idx[j] = idx[j - 1];
         idx[j - 1] = t;
      }
   printf("\nCPU: %s instructions in %s samples (one every %s "
          "instructions on average), each sample's layer that of the "
          "code that ran (std's code inlined into a caller is the "
          "caller's):\n", num(cpu->insns), num(cpu->samples),
          num(cpu->interval));
   for (size_t i = 0; i < c.nroles; i++)
      print_role_cpu(&c, idx[i], &c.roles[idx[i]], cpu->insns);
   free(idx);

   if (c.nsites > 0 && r->tasks != NULL) {
      qsort(c.sites, c.nsites, sizeof *c.sites, cmp_sitecpu);
      printf("\nCPU by spawn site (the samples taken while its tasks, "
             "jobs or futures ran; sites of one source line merged):\n");
      for (size_t i = 0; i < c.nsites && i < CPU_SITES_SHOWN; i++) {
         const SiteCpu *s = &c.sites[i];
         Buf b = { 0 };
         add_site_label(&b, r->tasks, s->site);
         buf_adds(&b, ": ");
         buf_adds(&b, num(s->insns));
         buf_adds(&b, " instructions, ");
         add_layers(&b, s->layer, s->insns);
         printf("  %s\n", b.s);
         free(b.s);
      }
      if (c.nsites > CPU_SITES_SHOWN)
         printf("... and %s more sites\n", num(c.nsites - CPU_SITES_SHOWN));
   }
   sums_free(&c);
   if (r->tasks != NULL)
      tasks_merged_free(&m);
}
