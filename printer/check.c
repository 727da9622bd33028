/* check.c: at_print's invariant checks, the counterpart of the tool's
 * asynctrace/at_check.c: the figures a report gives several times over
 * (live memory by leak kind, by thread, by role and as the timeline's
 * last sample; threads to roles; tasks to roles and spawn sites; futex
 * waits to their classes; footprint mappings; snapshots; the CPU
 * profile to the threads' instructions) must add up, and each one that
 * does not is said once on standard error.  The reader (read.c) builds
 * the report; the outputs print it; this file only reads it, after the
 * reader and before any output.
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

#include <inttypes.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report.h"

/* The report gives the memory live at exit several times over: by leak
   kind, by thread, by role, as the timeline's last sample.  Those
   figures must add up exactly (docs/report-format.md, "Invariants").
   When they do not, the report or the tool that wrote it is wrong, and
   the tables printed from it disagree: each broken invariant is said
   once on standard error, and the report is printed as it is. */

/* "4,096 bytes in 2 blocks", or "more than ..." for a sum that
   overflowed; without blocks when has_blocks is false. */
static const char *sum_text(const Sum *bytes, const Sum *blocks,
                            bool has_blocks)
{
   static char ring[4][128];
   static unsigned next;
   char *out = ring[next++ % 4];
   if (bytes->over)
      snprintf(out, sizeof ring[0], "more than %s bytes", num(UINT64_MAX));
   else if (!has_blocks)
      snprintf(out, sizeof ring[0], "%s", bytes_str(bytes->v));
   else if (blocks->over)
      snprintf(out, sizeof ring[0], "%s in more than %s blocks",
               bytes_str(bytes->v), num(UINT64_MAX));
   else
      snprintf(out, sizeof ring[0], "%s", bytes_blocks(bytes->v, blocks->v));
   return out;
}

static const char *fig_text(uint64_t bytes, uint64_t blocks, bool has_blocks)
{
   Sum b = { bytes, false }, k = { blocks, false };
   return sum_text(&b, &k, has_blocks);
}

/* Where check_report_keep keeps the warnings, during its call. */
static Warnings *kept;

/* "at_print: FILE: warning: ...", on one line; counts it in *n, and
   keeps a copy of it if check_report_keep asked. */
static void warn(size_t *n, const char *file, const char *fmt, ...)
{
   va_list ap;
   fprintf(stderr, "at_print: %s: warning: ", file);
   va_start(ap, fmt);
   vfprintf(stderr, fmt, ap);
   va_end(ap);
   fputc('\n', stderr);
   (*n)++;
   if (kept == NULL)
      return;
   va_start(ap, fmt);
   int len = vsnprintf(NULL, 0, fmt, ap);
   va_end(ap);
   char *msg = xrealloc(NULL, len > 0 ? (size_t)len + 1 : 1);
   msg[0] = '\0';
   if (len > 0) {
      va_start(ap, fmt);
      vsnprintf(msg, (size_t)len + 1, fmt, ap);
      va_end(ap);
   }
   GROW(kept->msgs, kept->cap, kept->n + 1);
   kept->msgs[kept->n++] = msg;
}

/* One role's figure from one part of the report, for the per-role
   checks: roles are matched by sorting, as a hand-made file may name
   many. */
enum { RF_LEAK, RF_SUMMARY, RF_SAMPLE };

typedef struct {
   const Role *role;
   int from;                     /* RF_* */
   uint64_t bytes, blocks;
   bool has_blocks;
   size_t order;
} RoleFig;

static uint64_t mul1000(uint64_t ms)
{
   return ms > UINT64_MAX / 1000 ? UINT64_MAX : ms * 1000;
}

static int cmp_rolefig(const void *a, const void *b)
{
   const RoleFig *x = a, *y = b;
   int c = cmp_role(x->role, y->role);
   return c ? c : cmp_order(x->order, y->order);
}

/* The last sample of the timeline, or NULL. */
static const Sample *last_sample(const Report *r)
{
   if (!r->timeline.present || r->timeline.seen == 0)
      return NULL;
   if (r->timeline.have_last)
      return &r->timeline.last;
   return r->timeline.nsamples > 0 ?
      &r->timeline.samples[r->timeline.nsamples - 1] : NULL;
}

/* <mappings>: each footprint's rows sum to it, its total is its four
   parts, the exit heap is <heap>'s, the peak is at least the exit, and
   a full list of maps sums to the exit's maps. */
static const char *sum_num(const Sum *s)
{
   return s->over ? "more than 2^64" : num(s->v);
}

/* <snapshots>: each snapshot's sites and rest add up to its live
   bytes, its roles too, and no more are kept than taken. */
/* A snapshot's <tasks>: the spawn sites' tasks and the rest's make the
   tasks alive; a task holds no more than its spawn site, if listed. */
static void check_snap_tasks(const Snap *sn, const char *file,
                             size_t *warnings)
{
   const SnapTasks *t = sn->tasks;
   Sum alive = { 0 };
   if (t == NULL)
      return;
   sum_add(&alive, t->rest_tasks);
   for (size_t k = 0; k < t->nsites; k++)
      sum_add(&alive, t->sites[k].tasks);
   if (!sum_is(&alive, t->alive))
      warn(warnings, file, "snapshot %s: its spawn sites' tasks and the "
           "rest sum to %s, not its %s alive", num(sn->seq), sum_num(&alive),
           num(t->alive));
   if (t->ntasks > t->alive)
      warn(warnings, file, "snapshot %s: %zu %s listed, %s alive",
           num(sn->seq), t->ntasks, plural(t->ntasks, "task", "tasks"),
           num(t->alive));
   for (size_t k = 0; k < t->ntasks; k++) {
      const SnapSpawn *x = &t->tasks[k];
      for (size_t j = 0; j < t->nsites; j++)
         if (t->sites[j].id == x->id
             && (x->live_bytes > t->sites[j].live_bytes
                 || x->cell_bytes > t->sites[j].cell_bytes))
            warn(warnings, file, "snapshot %s: task %s holds more than its "
                 "spawn site %s", num(sn->seq), num(x->seq), num(x->id));
   }
}

/* A snapshot's leak scan: its by-role rows of each kind sum to that
   kind's total, and its records are no more than it counts, nor more
   than their kind's total. */
static void check_snap_leaks(const Snap *sn, const char *file,
                             size_t *warnings)
{
   if (sn->nlroles > 0) {
      Sum b[LK_N] = { 0 }, n[LK_N] = { 0 };
      for (size_t k = 0; k < sn->nlroles; k++)
         if (sn->lroles[k].kind >= 0) {
            sum_add(&b[sn->lroles[k].kind], sn->lroles[k].bytes);
            sum_add(&n[sn->lroles[k].kind], sn->lroles[k].blocks);
         }
      for (int k = 0; k < LK_N; k++)
         if (!sum_is(&b[k], sn->leak_bytes[k])
             || !sum_is(&n[k], sn->leak_blocks[k]))
            warn(warnings, file, "snapshot %s: its leak scan's %s by role "
                 "sum to %s, not its %s", num(sn->seq), lk_text[k],
                 sum_text(&b[k], &n[k], true),
                 bytes_blocks(sn->leak_bytes[k], sn->leak_blocks[k]));
   }
   if (sn->nlrecs > sn->leak_records)
      warn(warnings, file, "snapshot %s: its leak scan lists %zu %s, "
           "says %s", num(sn->seq), sn->nlrecs,
           plural(sn->nlrecs, "record", "records"), num(sn->leak_records));
   Sum rb[LK_N] = { 0 };
   for (size_t k = 0; k < sn->nlrecs; k++)
      if (sn->lrecs[k].kind >= 0)
         sum_add(&rb[sn->lrecs[k].kind], sn->lrecs[k].bytes);
   for (int k = 0; k < LK_N; k++)
      if (rb[k].over || rb[k].v > sn->leak_bytes[k])
         warn(warnings, file, "snapshot %s: its leak scan's %s records hold "
              "%s, more than its %s", num(sn->seq), lk_text[k],
              sum_text(&rb[k], NULL, false), bytes_str(sn->leak_bytes[k]));
}

static void check_snaps(const Report *r, const char *file, size_t *warnings)
{
   const Snaps *ss = r->snaps;
   if (ss == NULL)
      return;
   if (ss->n != ss->kept || ss->kept > ss->taken)
      warn(warnings, file, "<snapshots> lists %zu %s, says %s kept "
           "of %s taken", ss->n, plural(ss->n, "snapshot", "snapshots"),
           num(ss->kept), num(ss->taken));
   for (size_t i = 0; i < ss->n; i++) {
      const Snap *sn = &ss->list[i];
      Sum sites = { 0 }, roles = { 0 };
      sum_add(&sites, sn->rest_bytes);
      for (size_t k = 0; k < sn->nsites; k++)
         sum_add(&sites, sn->sites[k].live_bytes);
      for (size_t k = 0; k < sn->nroles; k++)
         sum_add(&roles, sn->roles[k].live_bytes);
      if (!sum_is(&sites, sn->live_bytes))
         warn(warnings, file, "snapshot %s: its sites and the rest sum to "
              "%s, not its %s live", num(sn->seq), sum_num(&sites),
              bytes_str(sn->live_bytes));
      if (!sum_is(&roles, sn->live_bytes))
         warn(warnings, file, "snapshot %s: its roles sum to %s, not its "
              "%s live", num(sn->seq), sum_num(&roles),
              bytes_str(sn->live_bytes));
      if (sn->has_leaks) {   /* its leak scan's kinds: what was live */
         Sum lb = { 0 }, ln = { 0 };
         for (int k = 0; k < 4; k++) {
            sum_add(&lb, sn->leak_bytes[k]);
            sum_add(&ln, sn->leak_blocks[k]);
         }
         sum_add(&lb, sn->leak_left_bytes);   /* a memory pool's */
         sum_add(&ln, sn->leak_left_blocks);
         if (!sum_is(&lb, sn->live_bytes) || !sum_is(&ln, sn->live_blocks))
            warn(warnings, file, "snapshot %s: its leak scan's kinds sum "
                 "to %s, not its %s live in %s %s", num(sn->seq),
                 sum_text(&lb, &ln, true), bytes_str(sn->live_bytes),
                 num(sn->live_blocks),
                 plural(sn->live_blocks, "block", "blocks"));
      }
      if (sn->has_leaks)
         check_snap_leaks(sn, file, warnings);
      check_snap_tasks(sn, file, warnings);
   }
}

static void check_maps(const Report *r, const char *file, size_t *warnings)
{
   const Maps *m = r->maps;
   static const char *const at_name[2] = { "peak", "exit" };
   static const char *const fields[8] = {
      "heap", "stacks", "anon", "file", "total", "stack-maps", "anon-maps",
      "file-maps"
   };
   if (m == NULL)
      return;
   for (int a = 0; a < 2; a++) {
      const Fp *t = &m->at[a];
      if (!m->has_at[a])
         continue;
      Sum sum[8] = { { 0 } }, tsum[8] = { { 0 } };
      for (size_t i = 0; i < m->nroles[a]; i++) {
         const uint64_t *v = (const uint64_t *)&m->roles[a][i].fp;
         for (int k = 0; k < 8; k++)
            sum_add(&sum[k], v[k]);
      }
      for (size_t i = 0; a == FP_EXIT && i < m->nthreads; i++) {
         const uint64_t *v = (const uint64_t *)&m->threads[i].fp;
         for (int k = 0; k < 8; k++)
            sum_add(&tsum[k], v[k]);
      }
      for (int k = 0; k < 8; k++) {
         uint64_t want = ((const uint64_t *)t)[k];
         if (!sum_is(&sum[k], want))
            warn(warnings, file, "the roles' %s at the footprint's %s sum "
                 "to %s, not its %s", fields[k], at_name[a],
                 sum_num(&sum[k]), num(want));
         if (a == FP_EXIT && m->nthreads > 0 && !sum_is(&tsum[k], want))
            warn(warnings, file, "the threads' %s at exit sum to %s, not "
                 "the footprint's %s", fields[k],
                 sum_num(&tsum[k]), num(want));
      }
      Sum parts = { 0 };
      sum_add(&parts, t->heap);
      sum_add(&parts, t->stacks);
      sum_add(&parts, t->anon);
      sum_add(&parts, t->file);
      if (!sum_is(&parts, t->total))
         warn(warnings, file, "the footprint's total at %s is %s, not its "
              "heap, stacks, anon and file summed (%s)", at_name[a],
              num(t->total), sum_num(&parts));
   }
   if (m->has_at[FP_EXIT] && m->at[FP_EXIT].heap != r->heap.live_bytes)
      warn(warnings, file, "the footprint's heap at exit is %s, not the "
           "%s <heap> has live", num(m->at[FP_EXIT].heap),
           bytes_str(r->heap.live_bytes));
   if (m->has_at[FP_EXIT] && m->has_at[FP_PEAK] &&
       m->at[FP_PEAK].total < m->at[FP_EXIT].total)
      warn(warnings, file, "the footprint's peak (%s) is less than its "
           "figure at exit", bytes_str(m->at[FP_PEAK].total));
   if (m->nlist != m->shown)
      warn(warnings, file, "<mappings> lists %zu %s, not the %s it says",
           m->nlist, plural(m->nlist, "map", "maps"), num(m->shown));
   if (m->has_at[FP_EXIT]) {
      const Fp *e = &m->at[FP_EXIT];
      Sum b = { 0 };
      for (size_t i = 0; i < m->nlist; i++)
         sum_add(&b, m->list[i].bytes);
      sum_add(&b, m->rest_bytes);
      if (m->maps != e->stack_maps + e->anon_maps + e->file_maps ||
          !sum_is(&b, e->stacks + e->anon + e->file))
         warn(warnings, file, "<mappings> has %s %s of %s, but its "
              "footprint at exit %s %s of %s", num(m->maps),
              plural(m->maps, "map", "maps"), sum_text(&b, NULL, false),
              num(e->stack_maps + e->anon_maps + e->file_maps),
              plural(e->stack_maps + e->anon_maps + e->file_maps, "map",
                     "maps"),
              bytes_str(e->stacks + e->anon + e->file));
   }
}

/* A futex counter set's wait classes sum to its waits and blocked
   time (nothing to check in a report without classes).  Adds each
   class to by[] (waits, then time). */
static void check_classes(size_t *warnings, const char *file,
                          const Futex *fx, const char *what, Sum *by)
{
   if (!futex_has_classes(fx))
      return;
   Sum w = { 0 }, u = { 0 };
   for (int c = 0; c < WC_N; c++) {
      sum_add(&w, futex_class_waits(fx, c));
      sum_add(&u, futex_class_us(fx, c));
      sum_add(&by[2 * c], futex_class_waits(fx, c));
      sum_add(&by[2 * c + 1], futex_class_us(fx, c));
   }
   if (!sum_is(&w, fx->waits) || !sum_is(&u, fx->blocked_us))
      warn(warnings, file, "the futex waits of %s by class sum to %s "
           "%s and %s us, not %s and %s", what,
           w.over ? "too many" : num(w.v),
           w.over ? "waits" : plural(w.v, "wait", "waits"),
           u.over ? "too many" : num(u.v), num(fx->waits),
           num(fx->blocked_us));
}

/* The wait classes of each thread and role, and the threads' against
   the roles'. */
static void check_futex_classes(size_t *warnings, const Report *r,
                                const char *file)
{
   Sum th[2 * WC_N] = { { 0 } }, ro[2 * WC_N] = { { 0 } };
   bool all = true;
   for (size_t i = 0; i < r->threads.n; i++) {
      const Thread *t = &r->threads.list[i];
      char what[64];
      if (!t->has_futex || !futex_has_classes(&t->fx)) {
         all = false;
         continue;
      }
      snprintf(what, sizeof what, "thread %s", num(t->seq));
      check_classes(warnings, file, &t->fx, what, th);
   }
   for (size_t i = 0; r->roles.present && i < r->roles.n; i++) {
      char *label = role_label(&r->roles.list[i].role, false);
      char *what = xrealloc(NULL, strlen(label) + 8);
      sprintf(what, "role %s", label);
      if (!futex_has_classes(&r->roles.list[i].fx))
         all = false;
      check_classes(warnings, file, &r->roles.list[i].fx, what, ro);
      free(what);
      free(label);
   }
   if (!all || !r->roles.present || r->threads.n == 0)
      return;
   for (int c = 0; c < WC_N; c++)
      if (th[2 * c].over || ro[2 * c].over || th[2 * c].v != ro[2 * c].v
          || th[2 * c + 1].v != ro[2 * c + 1].v)
         warn(warnings, file, "the threads' %s waits sum to %s (%s us), "
              "the roles' to %s (%s us)", wait_class_name[c],
              num(th[2 * c].v), num(th[2 * c + 1].v), num(ro[2 * c].v),
              num(ro[2 * c + 1].v));
}

/* <tasks>: each role's allocations in tasks and outside are its own
   (<role-summary>'s <heap>), its instructions in tasks at most its
   threads', and the spawn sites' allocations the roles' in tasks. */
static void check_tasks(const Report *r, const char *file, size_t *warnings)
{
   const Tasks *t = r->tasks;
   if (t == NULL)
      return;
   if (t->has_rayon && t->rayon_unknown > t->rayon_jobs)
      warn(warnings, file, "tasks: %s Rayon %s not charged, of only %s run",
           num(t->rayon_unknown), plural(t->rayon_unknown, "job", "jobs"),
           num(t->rayon_jobs));
   Sum sb = { 0 }, sn = { 0 }, tb = { 0 }, tn = { 0 };
   for (size_t i = 0; i < t->nshares; i++) {
      const TaskShare *s = &t->shares[i];
      sum_add(&sb, s->bytes_in);
      sum_add(&sn, s->allocs_in);
      if (!r->roles.present)
         continue;
      const RoleSum *rs = NULL;
      for (size_t j = 0; j < r->roles.n && rs == NULL; j++)
         if (same_role(&r->roles.list[j].role, &s->role))
            rs = &r->roles.list[j];
      Sum b = { 0 }, n = { 0 };
      sum_add(&b, s->bytes_in);
      sum_add(&b, s->bytes_out);
      sum_add(&n, s->allocs_in);
      sum_add(&n, s->allocs_out);
      uint64_t want_b = rs ? rs->bytes_allocated : 0,
               want_n = rs ? rs->allocs : 0;
      bool has_n = rs == NULL || rs->has_allocs;
      char *label = role_label(&s->role, false);
      if (!sum_is(&b, want_b) || (has_n && !sum_is(&n, want_n)))
         warn(warnings, file, "role %s allocated %s in tasks and %s "
              "outside, not its %s%s", label,
              fig_text(s->bytes_in, s->allocs_in, true),
              fig_text(s->bytes_out, s->allocs_out, true),
              has_n ? fig_text(want_b, want_n, true)
                    : fig_text(want_b, 0, false),
              rs ? "" : " (it has no <role-summary>)");
      if (s->insns_in > (rs ? rs->insns : 0))
         warn(warnings, file, "role %s executed %s %s in tasks, "
              "more than its threads' %s", label, num(s->insns_in),
              plural(s->insns_in, "instruction", "instructions"),
              num(rs ? rs->insns : 0));
      free(label);
   }
   /* A role that allocated has a share. */
   for (size_t j = 0; r->roles.present && j < r->roles.n; j++) {
      const RoleSum *rs = &r->roles.list[j];
      size_t i = 0;
      while (i < t->nshares && !same_role(&t->shares[i].role, &rs->role))
         i++;
      if (i == t->nshares && (rs->bytes_allocated > 0 || rs->allocs > 0)) {
         char *label = role_label(&rs->role, false);
         warn(warnings, file, "role %s allocated %s, but <tasks> has no "
              "<role-share> for it", label, bytes_str(rs->bytes_allocated));
         free(label);
      }
   }
   for (size_t i = 0; i < t->nsites; i++) {
      const SpawnSite *s = &t->sites[i];
      sum_add(&tb, s->bytes);
      sum_add(&tn, s->allocs);
      /* A Rayon site's stolen jobs are among its jobs, and its median
         job is one of them: no larger than the largest, 0 with none. */
      if (s->has_stolen && s->stolen > s->polls)
         warn(warnings, file, "spawn site %" PRIu64 ": %s jobs stolen of "
              "only %s run", s->id, num(s->stolen), num(s->polls));
      if (s->has_median && (s->median > s->max_poll ||
                            (s->polls == 0 && s->median != 0)))
         warn(warnings, file, "spawn site %" PRIu64 ": the median job's "
              "%s instructions, but %s jobs, the largest %s", s->id,
              num(s->median), num(s->polls), num(s->max_poll));
   }
   if (tb.over || sb.over || tb.v != sb.v || tn.over || sn.over ||
       tn.v != sn.v)
      warn(warnings, file, "the spawn sites allocated %s, but the roles "
           "%s in tasks", sum_text(&tb, &tn, true), sum_text(&sb, &sn, true));
}

/* <cpu>: every instruction of the run is charged to one row, so the
   rows sum to <cpu>'s figures and those are the threads' (and the
   roles', which count the same threads); a row has samples if and only
   if it has a stack, and names a spawn site <tasks> lists. */
static void check_cpu(const Report *r, const char *file, size_t *warnings)
{
   const Cpu *c = r->cpu;
   if (c == NULL)
      return;
   Sum in = { 0 }, sa = { 0 }, th = { 0 }, ro = { 0 };
   size_t no_stack = 0, no_samples = 0, unknown = 0;
   const CpuRow *first_unknown = NULL;
   for (size_t i = 0; i < c->nrows; i++) {
      const CpuRow *x = &c->rows[i];
      sum_add(&in, x->insns);
      sum_add(&sa, x->samples);
      if (!x->has_stack && x->samples > 0)
         no_stack++;
      if (x->has_stack && x->samples == 0)
         no_samples++;
      if (x->has_site && (r->tasks == NULL ||
                          spawn_site(r->tasks, x->site) == NULL)) {
         if (unknown++ == 0)
            first_unknown = x;
      }
   }
   if (!sum_is(&in, c->insns))
      warn(warnings, file, "the CPU profile's rows sum to %s instructions, "
           "not the %s of <cpu>", sum_num(&in), num(c->insns));
   if (!sum_is(&sa, c->samples))
      warn(warnings, file, "the CPU profile's rows sum to %s samples, not "
           "the %s of <cpu>", sum_num(&sa), num(c->samples));
   if (c->nrows != c->stacks)
      warn(warnings, file, "the CPU profile has %s <cpu-stack> rows, not the "
           "%s its stacks attribute says", num(c->nrows), num(c->stacks));
   for (size_t i = 0; i < r->threads.n; i++)
      sum_add(&th, r->threads.list[i].insns);
   for (size_t i = 0; r->roles.present && i < r->roles.n; i++)
      sum_add(&ro, r->roles.list[i].insns);
   if (!sum_is(&th, c->insns))
      warn(warnings, file, "the CPU profile charges %s instructions, but the "
           "threads executed %s", num(c->insns), sum_num(&th));
   else if (r->roles.present && !sum_is(&ro, c->insns))
      warn(warnings, file, "the CPU profile charges %s instructions, the "
           "threads' own, but the roles' summaries count %s",
           num(c->insns), sum_num(&ro));
   if (no_stack > 0)
      warn(warnings, file, "the CPU profile has %s %s with samples but no "
           "stack", num(no_stack), plural(no_stack, "row", "rows"));
   if (no_samples > 0)
      warn(warnings, file, "the CPU profile has %s %s with a stack but no "
           "samples", num(no_samples), plural(no_samples, "row", "rows"));
   if (unknown > 0)
      warn(warnings, file, "the CPU profile charges %s %s to spawn site %s, "
           "which <tasks> does not list%s", num(first_unknown->insns),
           plural(first_unknown->insns, "instruction", "instructions"),
           num(first_unknown->site),
           unknown > 1 ? " (and other rows to other unknown sites)" : "");
}

/* Checks what the report holds (sections it lacks are not checked);
   warns on standard error about each broken invariant.  Returns the
   number of warnings. */
/* Wall time: Valgrind runs one thread at a time, so the threads'
   running times add up to at most the run's; and a thread's running,
   futex waits and other syscalls, which never overlap, to at most its
   life.  Both with a little slack: the tool measures them on two
   clocks, lives in whole milliseconds. */
static void check_wall(const Report *r, const char *file, size_t *warnings)
{
   uint64_t run = 0, wall = mul1000(r->run.duration_ms);
   for (size_t i = 0; i < r->threads.n; i++) {
      const Thread *t = &r->threads.list[i];
      if (!t->has_running)
         continue;
      run = add_sat(run, t->running_us);
      uint64_t life = mul1000(sub_sat(t->has_end ? t->end_ms
                                                 : r->run.duration_ms,
                                      t->start_ms));
      uint64_t spent = t->running_us;
      if (t->has_futex)
         spent = add_sat(spent, t->fx.blocked_us);
      for (int c = 0; t->has_sys && c < SYS_N; c++)
         spent = add_sat(spent, t->sys_us[c]);
      if (spent > add_sat(life, life / 50 + 10000))
         warn(warnings, file, "thread %" PRIu64 " ran and waited %s, longer "
              "than its life of %s", t->seq, ms1(spent), ms1(life));
   }
   if (run > add_sat(wall, wall / 50 + 10000))
      warn(warnings, file, "the threads ran %s in all, longer than the run "
           "(%s): Valgrind runs one thread at a time", ms1(run), ms1(wall));
}

size_t check_report(const Report *r, const char *file)
{
   const Sample *last = last_sample(r);
   size_t warnings = 0;

   /* 1. The leak kinds (and what the scan left out) sum to what is
      live at exit. */
   if (r->leaks.present &&
       (!sum_is(&r->leaks.sum_bytes, r->live.bytes) ||
        !sum_is(&r->leaks.sum_blocks, r->live.blocks)))
      warn(&warnings, file,
           "the leak kinds sum to %s, not the %s live at exit",
           sum_text(&r->leaks.sum_bytes, &r->leaks.sum_blocks, true),
           fig_text(r->live.bytes, r->live.blocks, true));

   /* 1b. What memcheck's heuristics kept is part of what was scanned. */
   if (r->leaks.present) {
      Sum hb = { 0 }, hk = { 0 };
      for (int h = 0; h < HEUR_N; h++) {
         sum_add(&hb, r->leaks.heur_bytes[h]);
         sum_add(&hk, r->leaks.heur_blocks[h]);
      }
      if (hb.over || hk.over || hb.v > r->leaks.sum_bytes.v ||
          hk.v > r->leaks.sum_blocks.v)
         warn(&warnings, file, "memcheck's heuristics kept %s, more than "
              "the leak scan's %s", sum_text(&hb, &hk, true),
              sum_text(&r->leaks.sum_bytes, &r->leaks.sum_blocks, true));
   }

   /* 2. The threads' live memory is the process's, in <heap> and in
      <live-at-exit>: one warning names all three. */
   Sum tb = { 0 }, tk = { 0 };
   for (size_t i = 0; i < r->threads.n; i++) {
      sum_add(&tb, r->threads.list[i].live_bytes);
      sum_add(&tk, r->threads.list[i].live_blocks);
   }
   if (!sum_is(&tb, r->heap.live_bytes) || !sum_is(&tk, r->heap.live_blocks) ||
       r->heap.live_bytes != r->live.bytes ||
       r->heap.live_blocks != r->live.blocks)
      warn(&warnings, file, "the threads' live memory sums to %s, but "
           "<heap> has %s live and <live-at-exit> %s",
           sum_text(&tb, &tk, true),
           fig_text(r->heap.live_bytes, r->heap.live_blocks, true),
           fig_text(r->live.bytes, r->live.blocks, true));

   /* 3. The timeline's last sample is the end. */
   if (last != NULL && last->live != r->live.bytes)
      warn(&warnings, file, "the timeline's last sample has %s live, not "
           "the %s live at exit", bytes_str(last->live),
           bytes_str(r->live.bytes));

   check_maps(r, file, &warnings);
   check_tasks(r, file, &warnings);
   check_cpu(r, file, &warnings);
   check_wall(r, file, &warnings);
   /* 4. Futex waits by class. */
   check_futex_classes(&warnings, r, file);
   check_snaps(r, file, &warnings);

   /* Per role.  A role's memory live at exit is its <role-summary>'s
      <heap> live-bytes and live-blocks: the blocks allocated in that
      role still live, as <by-role> and the timeline count them (the
      role in force at allocation).  A role with no <role-summary> has
      none. */
   if (!r->roles.present)
      return warnings;
   bool leaks = r->leaks.present, tl = last != NULL;
   size_t n = r->roles.n + (leaks ? r->leaks.nroles + r->leaks.nother : 0) +
              (tl ? last->nroles : 0), m = 0;
   RoleFig *f = xrealloc(NULL, (n ? n : 1) * sizeof *f);
   for (size_t i = 0; i < r->roles.n; i++, m++)
      f[m] = (RoleFig){ &r->roles.list[i].role, RF_SUMMARY,
                        r->roles.list[i].live_bytes,
                        r->roles.list[i].live_blocks,
                        r->roles.list[i].has_live_blocks,
                        m };
   for (size_t i = 0; leaks && i < r->leaks.nroles + r->leaks.nother;
        i++, m++) {
      const LeakRole *lr = i < r->leaks.nroles
                           ? &r->leaks.roles[i]
                           : &r->leaks.other[i - r->leaks.nroles];
      f[m] = (RoleFig){ &lr->role, RF_LEAK, lr->bytes, lr->blocks, true, m };
   }
   for (size_t i = 0; tl && i < last->nroles; i++, m++)
      f[m] = (RoleFig){ &r->timeline.cols[last->roles[i].col], RF_SAMPLE,
                        last->roles[i].bytes, 0, false, m };
   qsort(f, n, sizeof *f, cmp_rolefig);

   for (size_t i = 0, j; i < n; i = j) {
      Sum lb = { 0 }, lk = { 0 }, sb = { 0 }, sk = { 0 }, tlb = { 0 };
      bool summary = false, blocks = true;
      for (j = i; j < n && same_role(f[j].role, f[i].role); j++) {
         switch (f[j].from) {
         case RF_SUMMARY:
            summary = true;
            blocks &= f[j].has_blocks;
            sum_add(&sb, f[j].bytes);
            sum_add(&sk, f[j].blocks);
            break;
         case RF_LEAK:
            sum_add(&lb, f[j].bytes);
            sum_add(&lk, f[j].blocks);
            break;
         default:
            sum_add(&tlb, f[j].bytes);
            break;
         }
      }
      char *label = role_label(f[i].role, false);
      const char *none = summary ? "" : " (it has no <role-summary>)";
      bool blocks_off = blocks && (sk.over || !sum_is(&lk, sk.v));
      if (leaks && (sb.over || !sum_is(&lb, sb.v) || blocks_off))
         warn(&warnings, file, "the leak kinds of role %s sum to %s, not "
              "its %s live at exit%s", label, sum_text(&lb, &lk, blocks),
              sum_text(&sb, &sk, blocks), none);
      if (tl && (sb.over || !sum_is(&tlb, sb.v)))
         warn(&warnings, file, "the timeline's last sample has %s live for "
              "role %s, not its %s live at exit%s",
              sum_text(&tlb, NULL, false), label,
              sum_text(&sb, NULL, false), none);
      free(label);
   }
   free(f);
   return warnings;
}

/* check_report, and a copy of each warning in *w (for the JSON
   output, which lists them). */
size_t check_report_keep(const Report *r, const char *file, Warnings *w)
{
   kept = w;
   size_t n = check_report(r, file);
   kept = NULL;
   return n;
}

void warnings_free(Warnings *w)
{
   for (size_t i = 0; i < w->n; i++)
      free(w->msgs[i]);
   free(w->msgs);
   memset(w, 0, sizeof *w);
}
