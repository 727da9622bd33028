/* text_brief.c: the parts of the default summary that only it prints.
 *
 * With no --show or --hide, at_print prints one screen that answers: the
 * run, the verdict, the largest leaks and the waiting (text.c), then
 * where the CPU went and the tasks in a few lines each (here), the
 * roles' table, the bad calls if there were any, the loss records of
 * the kinds that are lost, and last what the other sections hold, so
 * that the reader knows what --show=SECTION would add.  Everything
 * here is a sum or a count of what the report says, as the sections
 * print it in full; spawn sites on one source line are one site, as
 * in the Tasks section (sitemerge.c).
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

/* Roles and spawn sites named in the CPU and task lines. */
#define BRIEF_ROLES 3
#define BRIEF_SITES 3

static int cmp_insns_desc(const void *a, const void *b)
{
   const RoleSum *x = *(const RoleSum *const *)a, *y = *(const RoleSum *const *)b;
   if (x->insns != y->insns)
      return x->insns > y->insns ? -1 : 1;
   return cmp_order(x->order, y->order);
}

static int cmp_site_insns(const void *a, const void *b)
{
   const SpawnSite *x = *(const SpawnSite *const *)a,
                   *y = *(const SpawnSite *const *)b;
   if (x->insns != y->insns)
      return x->insns > y->insns ? -1 : 1;
   return (x->id > y->id) - (x->id < y->id);
}

/* "15 Rayon jobs submitted at crunch (demo.rs:79)" */
static void add_site_work(Buf *b, const SpawnSite *s)
{
   int c = spawn_site_class(s);
   buf_adds(b, num(s->spawned));
   if (c == SC_RAYON)
      buf_adds(b, plural(s->spawned, " Rayon job submitted at ",
                         " Rayon jobs submitted at "));
   else if (c == SC_BLOCK_ON)
      buf_adds(b, plural(s->spawned, " block_on future run at ",
                         " block_on futures run at "));
   else if (s->kind && strcmp(s->kind, "blocking") == 0)
      buf_adds(b, plural(s->spawned, " blocking task spawned at ",
                         " blocking tasks spawned at "));
   else
      buf_adds(b, plural(s->spawned, " task spawned at ",
                         " tasks spawned at "));
   add_spawn_place(b, s, false);
}

/* The spawn sites with what has(s) > 0, most of key(s) first: a view
   of at most BRIEF_SITES; *n is how many have it. */
static const SpawnSite **sites_by(const Tasks *t, uint64_t (*key)(const SpawnSite *),
                                  int (*cmp)(const void *, const void *),
                                  size_t *n)
{
   const SpawnSite **v = xrealloc(NULL, (t->nsites + 1) * sizeof *v);
   *n = 0;
   for (size_t i = 0; i < t->nsites; i++)
      if (key(&t->sites[i]) > 0)
         v[(*n)++] = &t->sites[i];
   qsort(v, *n, sizeof *v, cmp);
   return v;
}

/* The first BRIEF_SITES of the n sites in s, a line each: their
   instructions and share of total (cpu), or their tasks pending; then
   how many more there are. */
static void print_site_lines(const SpawnSite **s, size_t n, bool cpu,
                             uint64_t total)
{
   Buf b = { 0 };
   for (size_t i = 0; i < n && i < BRIEF_SITES; i++) {
      buf_clear(&b);
      buf_adds(&b, "  ");
      buf_adds(&b, num(cpu ? s[i]->insns : s[i]->pending));
      if (cpu) {
         buf_adds(&b, " (");
         buf_adds(&b, share_pct(s[i]->insns, total));
         buf_adds(&b, ")");
      }
      buf_adds(&b, cpu ? " in " : " of ");
      add_site_work(&b, s[i]);
      puts(b.s);
   }
   if (n > BRIEF_SITES)
      printf("  ... and %s other %s (--show=tasks)\n", num(n - BRIEF_SITES),
             plural(n - BRIEF_SITES, "site", "sites"));
   free(b.s);
}

static uint64_t site_insns(const SpawnSite *s) { return s->insns; }
static uint64_t site_pending(const SpawnSite *s) { return s->pending; }

static int cmp_site_pending(const void *a, const void *b)
{
   const SpawnSite *x = *(const SpawnSite *const *)a,
                   *y = *(const SpawnSite *const *)b;
   if (x->pending != y->pending)
      return x->pending > y->pending ? -1 : 1;
   return (x->id > y->id) - (x->id < y->id);
}

/* Tasks that are charged: attributed, and Tokio's recognised in full
   if there are any. */
static bool tasks_charged(const Tasks *t)
{
   if (t == NULL || (t->attribution && strcmp(t->attribution, "no") == 0))
      return false;
   return !(t->recognised && strcmp(t->recognised, "yes") != 0 &&
            strcmp(t->recognised, "none") != 0);
}

void print_brief_cpu(const Report *r, const Tasks *t)
{
   if (!r->roles.present || r->roles.n == 0)
      return;
   uint64_t total = 0;
   const RoleSum **v = xrealloc(NULL, r->roles.n * sizeof *v);
   for (size_t i = 0; i < r->roles.n; i++) {
      v[i] = &r->roles.list[i];
      total = add_sat(total, v[i]->insns);
   }
   if (total == 0) {
      free(v);
      return;
   }
   qsort(v, r->roles.n, sizeof *v, cmp_insns_desc);
   Buf b = { 0 };
   buf_adds(&b, "CPU: ");
   buf_adds(&b, num(total));
   buf_adds(&b, " instructions executed: ");
   size_t named = 0;
   uint64_t rest = 0, nrest = 0;
   for (size_t i = 0; i < r->roles.n; i++) {
      if (v[i]->insns == 0)
         continue;
      if (named == BRIEF_ROLES) {
         rest = add_sat(rest, v[i]->insns);
         nrest++;
         continue;
      }
      char *role = role_label(&v[i]->role, false);
      if (named++ > 0)
         buf_adds(&b, ", ");
      buf_adds(&b, role);
      buf_adds(&b, " ");
      buf_adds(&b, num(v[i]->insns));
      buf_adds(&b, " (");
      buf_adds(&b, share_pct(v[i]->insns, total));
      buf_adds(&b, ")");
      free(role);
   }
   if (nrest > 0) {
      char t[96];
      snprintf(t, sizeof t, ", %s other %s %s (%s)", num(nrest),
               plural(nrest, "role", "roles"), num(rest), share_pct(rest, total));
      buf_adds(&b, t);
   }
   buf_adds(&b, ".");
   putchar('\n');
   print_wrapped(b.s, 78);
   free(v);

   /* The heaviest spawn sites, in their tasks' polls and jobs. */
   if (tasks_charged(t)) {
      size_t n;
      const SpawnSite **s = sites_by(t, site_insns, cmp_site_insns, &n);
      print_site_lines(s, n, true, total);
      free(s);
   }
   free(b.s);
   /* With a profile: where each role's ran, and the runtimes' share. */
   CpuSums c;
   if (cpu_sums(r, text_opt.own, NULL, text_opt.full_names, &c)) {
      Buf p = { 0 };
      cpu_brief(&p, &c, BRIEF_ROLES);
      if (p.s != NULL)
         print_wrapped(p.s, 78);
      free(p.s);
      cpu_sums_free(&c);
   }
}

void print_brief_tasks(const Tasks *t)
{
   if (!tasks_charged(t) || t->nsites == 0)
      return;
   uint64_t runs[SC_N] = { 0 }, pending = 0;
   size_t nsites[SC_N] = { 0 };
   for (size_t i = 0; i < t->nsites; i++) {
      int c = spawn_site_class(&t->sites[i]);
      nsites[c]++;
      runs[c] = add_sat(runs[c], t->sites[i].spawned);
      pending = add_sat(pending, t->sites[i].pending);
   }
   Buf b = { 0 };
   char part[160];
   const char *sep = "Tasks: ";
   if (nsites[SC_TASK] > 0) {
      snprintf(part, sizeof part, "%s%s Tokio %s at %s spawn %s", sep,
               num(runs[SC_TASK]), plural(runs[SC_TASK], "task", "tasks"),
               num(nsites[SC_TASK]), plural(nsites[SC_TASK], "site", "sites"));
      buf_adds(&b, part);
      sep = ", ";
   }
   if (nsites[SC_BLOCK_ON] > 0) {
      snprintf(part, sizeof part, "%s%s block_on %s", sep,
               num(runs[SC_BLOCK_ON]),
               plural(runs[SC_BLOCK_ON], "future", "futures"));
      buf_adds(&b, part);
      sep = ", ";
   }
   if (nsites[SC_RAYON] > 0) {
      snprintf(part, sizeof part, "%s%s Rayon %s at %s submit %s", sep,
               num(runs[SC_RAYON]), plural(runs[SC_RAYON], "job", "jobs"),
               num(nsites[SC_RAYON]), plural(nsites[SC_RAYON], "site", "sites"));
      buf_adds(&b, part);
   }
   size_t n;
   const SpawnSite **s = sites_by(t, site_pending, cmp_site_pending, &n);
   if (pending == 0) {
      buf_adds(&b, "; none pending at exit.");
   } else {
      snprintf(part, sizeof part, "; %s %s pending at exit, at %s spawn %s:",
               num(pending), plural(pending, "task", "tasks"), num(n),
               plural(n, "site", "sites"));
      buf_adds(&b, part);
   }
   putchar('\n');
   print_wrapped(b.s, 78);
   print_site_lines(s, n, false, 0);
   free(s);
   free(b.s);
}

/* ---- What the other sections hold ---- */

/* One line of the list: the section's name, then what it holds. */
static void more_line(const char *section, const char *what)
{
   printf("  %-13s %s\n", section, what);
}

static size_t lost_records(const Report *r, size_t *reach)
{
   size_t lost = 0;
   *reach = 0;
   for (size_t i = 0; i < r->leaks.nrecs; i++) {
      int k = leak_kind(r->leaks.recs[i].kind);
      if (k == LK_REACH)
         (*reach)++;
      else
         lost++;
   }
   return lost;
}

void print_brief_more(const Report *r, const Tasks *t)
{
   char w[200];
   printf("\nMore in the report (at_print --show=SECTION,..., or --show=all "
          "for everything):\n");
   if (r->threads.n > 0) {
      size_t alive = 0;
      for (size_t i = 0; i < r->threads.n; i++)
         alive += r->threads.list[i].alive;
      snprintf(w, sizeof w, "%s %s, %s alive at exit",
               num(r->threads.n), plural(r->threads.n, "thread", "threads"),
               num(alive));
      more_line("threads", w);
   }
   if (r->roles.present && r->roles.n > 0)
      more_line("roles", roles_have_classes(r)
                ? "each role's churn, instructions and futex waits by class"
                : "each role's churn, instructions and futex waits");
   if (t != NULL && t->nsites > 0) {
      int len = snprintf(w, sizeof w, "%s %s by memory, CPU and pending "
                         "tasks", num(t->nsites),
                         plural(t->nsites, "site", "sites"));
      if (t->nblocks > 0)
         snprintf(w + len, sizeof w - (size_t)len, "; %s %s blocking "
                  "inside async", num(t->nblocks),
                  plural(t->nblocks, "place", "places"));
      more_line("tasks", w);
   }
   if (r->cpu != NULL) {
      snprintf(w, sizeof w, "%s instructions sampled %s times, by role, "
               "layer, function and spawn site", num(r->cpu->insns),
               num(r->cpu->samples));
      more_line("cpu", w);
   }
   snprintf(w, sizeof w, "%s allocations, peak %s", num(r->heap.allocs),
            bytes_str(r->heap.peak_bytes));
   more_line("heap", w);
   if (r->timeline.present) {
      snprintf(w, sizeof w, "the heap over time, %s %s", num(r->timeline.seen),
               plural(r->timeline.seen, "sample", "samples"));
      more_line("timeline", w);
   }
   if (r->alloc.present) {
      size_t g = list_groups(r->alloc.nsites, r->alloc.groups);
      snprintf(w, sizeof w, "%s %s", num(g), plural(g, "site", "sites"));
      more_line("alloc-sites", w);
   }
   if (r->xfrees.present && r->xfrees.frees > 0) {
      snprintf(w, sizeof w, "%s %s in another role than the allocation's",
               num(r->xfrees.frees), plural(r->xfrees.frees, "free", "frees"));
      more_line("cross-frees", w);
   }
   if (r->maps != NULL) {
      snprintf(w, sizeof w, "heap, stacks and maps by role; %s %s",
               num(r->maps->maps), plural(r->maps->maps, "mapping", "mappings"));
      more_line("footprint", w);
   }
   if (r->leaks.present) {
      size_t reach, lost = lost_records(r, &reach);
      more_line("leaks", "by role and kind; what holds the still reachable");
      if (reach > 0 || lost > text_opt.leaks_top) {
         snprintf(w, sizeof w, "%s lost and %s still reachable", num(lost),
                  num(reach));
         more_line("loss-records", w);
      }
   }
   if (r->live.total > 0) {
      size_t g = list_groups(r->live.nsites, r->live.groups);
      snprintf(w, sizeof w, "%s %s of memory live at exit", num(g),
               plural(g, "site", "sites"));
      more_line("live-sites", w);
   }
   if (r->futex.present) {
      snprintf(w, sizeof w, "%s %s with waits or wakes", num(r->futex.active),
               plural(r->futex.active, "site", "sites"));
      more_line("futex-sites", w);
   }
   if (r->wakes.present && r->wakes.total > 0) {
      snprintf(w, sizeof w, "%s %s of waker and woken",
               num(r->wakes.total), plural(r->wakes.total, "pair", "pairs"));
      more_line("wake-pairs", w);
   }
   if (r->snaps != NULL) {
      snprintf(w, sizeof w, "%s %s taken", num(r->snaps->taken),
               plural(r->snaps->taken, "snapshot", "snapshots"));
      more_line("snapshots", w);
      more_line("growth", "the sites that grew from snapshot to snapshot");
   }
}
