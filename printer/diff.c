/* diff.c: at_print --diff OLD NEW: what changed between two runs.  It
 * reads both reports grouped as the summary groups them (--group-frames,
 * --own), prints a line per run, then the figures of the whole process
 * and of each role and pool that changed (threads, heap, leaks, futex
 * waits and blocked time, lock contention, instructions), then hands the
 * lists of sites to diff_sites.c.  Timing figures and instruction
 * counts differ between two runs of the same program: a change smaller
 * than that noise (diff_counts, the rule in diff.h) is counted, not
 * listed.  Last, --fail-on: if NEW has more of a kind it names than OLD
 * (leaked bytes, live bytes, threads, lock contention beyond noise...),
 * the exit status is DIFF_REGRESSED, so that CI can stop on it.
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

#include <errno.h>
#include <inttypes.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diff.h"
#include "report.h"
#include "table.h"
#include "verdict.h"

/* Unchanged roles named; more are counted. */
#define UNCHANGED_NAMED 8

/* ------------------------------------------------------------------ */
/* Small helpers                                                       */
/* ------------------------------------------------------------------ */

const char *diff_delta(uint64_t old, uint64_t new, bool us)
{
   static char ring[8][64];
   static unsigned next;
   char *out = ring[next++ % 8];
   uint64_t d = new >= old ? new - old : old - new;
   const char *sign = new > old ? "+" : new < old ? "-" : "";
   snprintf(out, sizeof ring[0], "%s%s", sign, us ? ms1(d) : num(d));
   return out;
}

uint64_t diff_abs(uint64_t x, uint64_t y)
{
   return x > y ? x - y : y - x;
}

uint64_t diff_time_floor_us = NOISE_MIN_US;

bool diff_counts(enum Noise k, uint64_t old, uint64_t new)
{
   uint64_t d = diff_abs(old, new), big = old > new ? old : new;
   switch (k) {
   case N_EXACT:
      return d != 0;
   case N_IGNORE:
      return false;
   case N_TIME:
   case N_WAITS:
      /* One at least twice the other: d at least half the larger. */
      return d >= (k == N_TIME ? diff_time_floor_us : NOISE_MIN_WAITS) &&
             d >= big - big / 2;
   default:
      return d >= NOISE_MIN_INSNS && d >= big / 100 * NOISE_INSNS_PCT;
   }
}

/* The table of the figures that changed: five columns (role, figure,
   old, new, change), the last three right-aligned. */
#define NCOLS 5

static const char *const fig_head[NCOLS] = {
   "role", "figure", "old", "new", "change",
};
static const bool fig_right[NCOLS] = { false, false, true, true, true };
static const size_t fig_cap[NCOLS] = { ROLE_COL_MAX, 0, 0, 0, 0 };

/* ------------------------------------------------------------------ */
/* The run                                                             */
/* ------------------------------------------------------------------ */

/* "Old: a.xml: ./server --port 80, 812 ms, killed by SIGINT (signal 2)" */
static void print_run_line(const char *which, const char *file,
                           const Report *r)
{
   Buf cmd = { 0 }, end = { 0 };
   buf_adds(&cmd, r->run.exe ? r->run.exe : "?");
   for (size_t i = 0; i < r->run.nargs; i++) {
      buf_adds(&cmd, " ");
      buf_adds(&cmd, r->run.args[i]);
   }
   char *shown = clip(cmd.s, 60);   /* one line whatever the arguments */
   if (r->run.end_how == END_EXIT) {
      char t[64];
      snprintf(t, sizeof t, "exited with status %ld", r->run.status);
      buf_adds(&end, t);
   } else if (r->run.end_how == END_SIGNAL &&
              (r->run.signo == 0 || strcmp(r->run.signal, "unknown") == 0)) {
      buf_adds(&end, "killed by a signal the tool could not name");
   } else if (r->run.end_how == END_SIGNAL) {
      char t[48];
      snprintf(t, sizeof t, " (signal %" PRIu64 ")", r->run.signo);
      buf_adds(&end, "killed by ");
      buf_adds(&end, r->run.signal);
      buf_adds(&end, t);
   } else if (strcmp(r->run.signal, "exec") == 0) {
      buf_adds(&end, "called execve");
   } else if (strcmp(r->run.signal, "thread-limit") == 0) {
      buf_adds(&end, "not ended (out of Valgrind's thread slots)");
   } else if (r->run.lost.present) {
      buf_adds(&end, "the last snapshot; then ");
      verdict_lost_end(&end, &r->run.lost);
      buf_adds(&end, ", its final report lost");
   } else {
      buf_adds(&end, r->run.signal);
   }
   printf("%s %s: %s, %s ms, %s\n", which, file, shown,
          num(r->run.duration_ms),
          end.s);
   free(shown);
   free(cmd.s);
   free(end.s);
}

/* ------------------------------------------------------------------ */
/* The whole process and each role and pool                            */
/* ------------------------------------------------------------------ */

enum {
   F_THREADS, F_ALLOC, F_LIVE, F_LIVE_BLOCKS, F_PEAK, F_LEAK,
   F_LEAK_BLOCKS, F_WAITS, F_BLOCKED, F_LOCK_WAITS, F_LOCK_US, F_INSNS, F_N
};

static const char *const fig_name[F_N] = {
   "threads", "bytes allocated", "live bytes at exit", "live blocks at exit",
   "peak live bytes", "leaked bytes", "leaked blocks",
   "futex waits, not idle", "blocked, not idle", "lock contention waits",
   "lock contention", "instructions",
};

/* How each is judged: heap figures are exact, the rest vary from run to
   run (diff.h).  Waits and blocked time leave idle parking out: its
   time is the length of the run with nothing to do, not a cost. */
static const enum Noise fig_noise[F_N] = {
   [F_WAITS] = N_WAITS, [F_BLOCKED] = N_TIME, [F_LOCK_WAITS] = N_WAITS,
   [F_LOCK_US] = N_TIME, [F_INSNS] = N_INSNS,
};

static bool fig_us(int f)
{
   return f == F_BLOCKED || f == F_LOCK_US;
}

typedef struct {
   const Role *role;             /* NULL: the whole process */
   bool in[2];
   uint64_t v[2][F_N];
} RoleRow;

/* Which figures a report has: those of sections or attributes that
   older reports lack are compared only if both have them. */
static void known_figs(const Report *r, bool has[F_N], bool process)
{
   bool blocks = false, peak = false, futex = false, insns = false,
        classes = false;
   for (size_t i = 0; i < r->roles.n; i++) {
      blocks |= r->roles.list[i].has_live_blocks;
      peak |= r->roles.list[i].has_peak_live;
      classes |= !process && futex_has_classes(&r->roles.list[i].fx);
   }
   for (size_t i = 0; i < r->threads.n; i++) {
      futex |= r->threads.list[i].has_futex;
      insns |= r->threads.list[i].has_insns;
      classes |= process && futex_has_classes(&r->threads.list[i].fx);
   }
   for (int f = 0; f < F_N; f++)
      has[f] = process || r->roles.present;
   if (!process) {
      has[F_LIVE_BLOCKS] = blocks;
      has[F_PEAK] = peak;
   } else {
      has[F_WAITS] = has[F_BLOCKED] = futex;
   }
   has[F_LEAK] = has[F_LEAK_BLOCKS] = r->leaks.present;
   has[F_LOCK_WAITS] = has[F_LOCK_US] = classes;
   has[F_INSNS] = insns;
}

static void process_figs(const Report *r, uint64_t v[F_N])
{
   memset(v, 0, F_N * sizeof *v);
   v[F_THREADS] = r->threads.n;
   v[F_ALLOC] = r->heap.bytes_allocated;
   v[F_LIVE] = r->heap.live_bytes;
   v[F_LIVE_BLOCKS] = r->heap.live_blocks;
   v[F_PEAK] = r->heap.peak_bytes;
   v[F_LEAK] = verdict_lost_bytes(r);
   v[F_LEAK_BLOCKS] = verdict_lost_blocks(r);
   for (size_t i = 0; i < r->threads.n; i++) {
      const Thread *t = &r->threads.list[i];
      v[F_WAITS] = add_sat(v[F_WAITS], sub_sat(t->fx.waits, t->fx.idle_waits));
      v[F_BLOCKED] = add_sat(v[F_BLOCKED],
                             sub_sat(t->fx.blocked_us, t->fx.idle_us));
      v[F_LOCK_WAITS] = add_sat(v[F_LOCK_WAITS], t->fx.lock_waits);
      v[F_LOCK_US] = add_sat(v[F_LOCK_US], t->fx.lock_us);
      v[F_INSNS] = add_sat(v[F_INSNS], t->insns);
   }
}

/* A role's <role-summary> or one of its <by-role> leak figures. */
typedef struct {
   const Role *role;
   int side;
   const RoleSum *sum;
   const LeakRole *leak;
} RoleRef;

static int cmp_roleref(const void *a, const void *b)
{
   const RoleRef *x = a, *y = b;
   int c = cmp_role(x->role, y->role);
   return c ? c : (x->side > y->side) - (x->side < y->side);
}

/* Every role and pool of either report, with its figures in each, by
   role; *n gets their number. */
static RoleRow *role_rows(const Report *const rep[2], size_t *n)
{
   size_t nref = 0, m = 0;
   for (int s = 0; s < 2; s++)
      nref += rep[s]->roles.n + rep[s]->leaks.nroles;
   RoleRef *ref = xrealloc(NULL, (nref ? nref : 1) * sizeof *ref);
   for (int s = 0; s < 2; s++) {
      for (size_t i = 0; i < rep[s]->roles.n; i++)
         ref[m++] = (RoleRef){ &rep[s]->roles.list[i].role, s,
                               &rep[s]->roles.list[i], NULL };
      /* Lost only: still reachable memory is no leak. */
      for (size_t i = 0; i < rep[s]->leaks.nroles; i++)
         if (rep[s]->leaks.roles[i].kind != LK_REACH)
            ref[m++] = (RoleRef){ &rep[s]->leaks.roles[i].role, s, NULL,
                                  &rep[s]->leaks.roles[i] };
   }
   qsort(ref, m, sizeof *ref, cmp_roleref);

   RoleRow *rows = xrealloc(NULL, (m ? m : 1) * sizeof *rows);
   size_t nrows = 0;
   for (size_t i = 0; i < m; i++) {
      if (nrows == 0 || !same_role(rows[nrows - 1].role, ref[i].role))
         rows[nrows++] = (RoleRow){ .role = ref[i].role };
      RoleRow *row = &rows[nrows - 1];
      uint64_t *v = row->v[ref[i].side];
      row->in[ref[i].side] = true;
      if (ref[i].sum != NULL) {
         const RoleSum *rs = ref[i].sum;
         v[F_THREADS] = add_sat(v[F_THREADS], rs->threads);
         v[F_ALLOC] = add_sat(v[F_ALLOC], rs->bytes_allocated);
         v[F_LIVE] = add_sat(v[F_LIVE], rs->live_bytes);
         v[F_LIVE_BLOCKS] = add_sat(v[F_LIVE_BLOCKS], rs->live_blocks);
         v[F_PEAK] = add_sat(v[F_PEAK], rs->peak_live);
         v[F_WAITS] = add_sat(v[F_WAITS],
                              sub_sat(rs->fx.waits, rs->fx.idle_waits));
         v[F_BLOCKED] = add_sat(v[F_BLOCKED],
                                sub_sat(rs->fx.blocked_us, rs->fx.idle_us));
         v[F_LOCK_WAITS] = add_sat(v[F_LOCK_WAITS], rs->fx.lock_waits);
         v[F_LOCK_US] = add_sat(v[F_LOCK_US], rs->fx.lock_us);
         v[F_INSNS] = add_sat(v[F_INSNS], rs->insns);
      } else {
         v[F_LEAK] = add_sat(v[F_LEAK], ref[i].leak->bytes);
         v[F_LEAK_BLOCKS] = add_sat(v[F_LEAK_BLOCKS], ref[i].leak->blocks);
      }
   }
   free(ref);
   *n = nrows;
   return rows;
}

/* Adds a row per figure of row that changed to t; returns whether any
   did.  A role in one report only has its figures there (those not 0),
   marked new or gone. */
static bool role_changes(Table *t, const RoleRow *row, bool has[2][F_N],
                         size_t *noise)
{
   bool any = false;
   int only = row->in[OLD] && row->in[NEW] ? -1 : row->in[NEW] ? NEW : OLD;
   for (int f = 0; f < F_N; f++) {
      const uint64_t o = row->v[OLD][f], n = row->v[NEW][f];
      bool us = fig_us(f);
      if (only < 0 ? !has[OLD][f] || !has[NEW][f] || o == n
                   : !has[only][f] || row->v[only][f] == 0)
         continue;
      if (only < 0 && !diff_counts(fig_noise[f], o, n)) {
         (*noise)++;
         continue;
      }
      if (any)
         table_cell(t, "");
      else if (row->role)
         table_cell_take(t, role_label(row->role, false));
      else
         table_cell(t, "whole process");
      any = true;
      table_cell(t, fig_name[f]);
      table_cell(t, only == NEW ? "-" : us ? ms1(o) : num(o));
      table_cell(t, only == OLD ? "-" : us ? ms1(n) : num(n));
      table_cell(t, only == NEW ? "new" : only == OLD ? "gone"
                                          : diff_delta(o, n, us));
   }
   return any;
}

/* The whole process, then each role and pool: the figures that changed.
   Returns how many of them changed (the process counts as one). */
static size_t print_roles(const Report *const rep[2], enum Mode mode,
                          size_t *noise_out)
{
   bool has[2][F_N], has_role[2][F_N];
   RoleRow proc = { .in = { true, true } };
   size_t n = 0, nsame = 0, changed = 0, noise = 0;
   Table t = { .ncols = NCOLS, .head = fig_head, .right = fig_right,
               .cap = fig_cap };
   /* Roles only if both reports have their summaries: an older report
      without them would make every role look new or gone. */
   bool roles = rep[OLD]->roles.present && rep[NEW]->roles.present;

   for (int s = 0; s < 2; s++) {
      known_figs(rep[s], has[s], true);
      known_figs(rep[s], has_role[s], false);
      process_figs(rep[s], proc.v[s]);
   }
   changed += role_changes(&t, &proc, has, &noise);

   RoleRow *rows = roles ? role_rows(rep, &n) : NULL;
   const RoleRow **same = xrealloc(NULL, (n ? n : 1) * sizeof *same);
   for (size_t i = 0; i < n; i++) {
      if (role_changes(&t, &rows[i], has_role, &noise))
         changed++;
      else
         same[nsame++] = &rows[i];
   }

   if (mode == PRINT && changed == 0)
      printf("\nFigures of the whole process and by role and pool: no "
             "change%s.\n", noise > 0 ? " beyond the runs' noise" : "");
   if (mode == PRINT && changed > 0) {
      printf("\nFigures that changed, of the whole process and by role and "
             "pool:\n");
      table_print(&t);
      if (nsame > 0) {
         printf("  Unchanged: ");
         for (size_t i = 0; i < nsame && i < UNCHANGED_NAMED; i++) {
            char *label = role_label(same[i]->role, false);
            printf("%s%s", i > 0 ? "; " : "", label);
            free(label);
         }
         if (nsame > UNCHANGED_NAMED)
            printf("; and %s more %s", num(nsame - UNCHANGED_NAMED),
                   plural(nsame - UNCHANGED_NAMED, "role", "roles"));
         printf(".\n");
      }
   }
   /* What the noise rule left out, so that nothing is hidden. */
   if (mode == PRINT && noise > 0)
      printf("  Within the runs' noise, not listed: %s %s of futex waits, "
             "blocked time or instructions.\n", num(noise),
             plural(noise, "change", "changes"));
   if (mode != COUNT && !roles &&
       (rep[OLD]->roles.present || rep[NEW]->roles.present))
      printf("\nRoles: not compared (%s has no role summaries).\n",
             rep[OLD]->roles.present ? "new" : "old");
   table_free(&t);
   free(same);
   free(rows);
   if (noise_out)
      *noise_out = noise;
   return changed;
}

/* ------------------------------------------------------------------ */
/* --fail-on                                                           */
/* ------------------------------------------------------------------ */

const char *const fail_on_names[FAIL_N] = {
   "definite", "indirect", "possible", "reachable", "leaked", "live", "peak",
   "bad-calls", "threads", "pending", "lock", "cpu",
};

/* What a kind measures: a (bytes, a count, microseconds) and b (blocks)
   if the kind has them. */
static const struct {
   const char *what;
   enum { FU_BYTES, FU_COUNT, FU_US } unit;
   enum Noise noise;
} fail_kind[FAIL_N] = {
   { "definitely lost", FU_BYTES, N_EXACT },
   { "indirectly lost", FU_BYTES, N_EXACT },
   { "possibly lost", FU_BYTES, N_EXACT },
   { "still reachable", FU_BYTES, N_EXACT },
   { "leaked (definitely, indirectly and possibly lost)", FU_BYTES, N_EXACT },
   { "live at exit", FU_BYTES, N_EXACT },
   { "peak live", FU_BYTES, N_EXACT },
   { "bad calls", FU_COUNT, N_EXACT },
   { "threads", FU_COUNT, N_EXACT },
   { "tasks pending at exit", FU_COUNT, N_EXACT },
   { "lock contention", FU_US, N_TIME },
   { "instructions", FU_COUNT, N_INSNS },
};

typedef struct {
   const char *why;              /* why the report has no such figure */
   uint64_t a, b;
} Amount;

static Amount fail_amount(const Report *r, int k)
{
   Amount x = { 0 };
   bool has[F_N];
   uint64_t v[F_N];
   known_figs(r, has, true);
   process_figs(r, v);
   switch (k) {
   case FAIL_DEFINITE: case FAIL_INDIRECT: case FAIL_POSSIBLE:
   case FAIL_REACHABLE:
      x = (Amount){ NULL, r->leaks.bytes[k - FAIL_DEFINITE + LK_DEF],
                    r->leaks.blocks[k - FAIL_DEFINITE + LK_DEF] };
      break;
   case FAIL_LEAKED:
      x = (Amount){ NULL, v[F_LEAK], v[F_LEAK_BLOCKS] };
      break;
   case FAIL_LIVE:
      x = (Amount){ NULL, v[F_LIVE], v[F_LIVE_BLOCKS] };
      break;
   case FAIL_PEAK:
      x = (Amount){ NULL, r->heap.peak_bytes, r->heap.peak_blocks };
      break;
   case FAIL_BAD_CALLS:
      x = (Amount){ r->bad.present ? NULL : "no bad-calls section",
                    r->bad.total, 0 };
      break;
   case FAIL_THREADS:
      x.a = r->threads.n;
      break;
   case FAIL_PENDING:
      x.why = r->tasks ? NULL : "no tasks section";
      for (size_t i = 0; r->tasks && i < r->tasks->nsites; i++)
         x.a = add_sat(x.a, r->tasks->sites[i].pending);
      break;
   case FAIL_LOCK:
      x = (Amount){ has[F_LOCK_US] ? NULL : "no wait classes", v[F_LOCK_US],
                    0 };
      break;
   default:
      x = (Amount){ has[F_INSNS] ? NULL : "no instruction counts",
                    v[F_INSNS], 0 };
      break;
   }
   if (k <= FAIL_LEAKED && !r->leaks.present)
      x.why = "no leak scan";
   return x;
}

/* Whether NEW has more of kind k than OLD: any byte or block more of
   an exact figure, a timing or instruction count beyond noise. */
static bool fail_grew(int k, const Amount *o, const Amount *n)
{
   if (n->a != o->a)
      return n->a > o->a && diff_counts(fail_kind[k].noise, o->a, n->a);
   return n->b > o->b;
}

static const char *fail_value(int k, uint64_t v)
{
   static char ring[4][64];
   static unsigned next;
   char *out = ring[next++ % 4];
   if (fail_kind[k].unit == FU_US)
      snprintf(out, sizeof ring[0], "%s", ms1(v));
   else
      snprintf(out, sizeof ring[0], "%s%s", num(v),
               fail_kind[k].unit == FU_BYTES ? plural(v, " byte", " bytes")
                                             : "");
   return out;
}

/* Prints what --fail-on found; returns whether NEW grew in any of its
   kinds (said on standard error too, for a CI log). */
static bool print_fail_on(const Report *const rep[2], unsigned set)
{
   size_t ngrew = 0, nkinds = 0;
   Buf grown = { 0 }, lines = { 0 }, notes = { 0 };
   for (int k = 0; k < FAIL_N; k++) {
      if (!(set & 1u << k))
         continue;
      nkinds++;
      Amount o = fail_amount(rep[OLD], k), n = fail_amount(rep[NEW], k);
      if (o.why || n.why) {
         char t[128];
         snprintf(t, sizeof t, "%s%s (%s has %s)", notes.s ? ", " : "",
                  fail_on_names[k], o.why ? "old" : "new",
                  o.why ? o.why : n.why);
         buf_adds(&notes, t);
         continue;
      }
      if (!fail_grew(k, &o, &n))
         continue;
      char t[256];
      snprintf(t, sizeof t, "  %s: %s %s -> %s (%s", fail_on_names[k],
               fail_kind[k].what, fail_value(k, o.a), fail_value(k, n.a),
               diff_delta(o.a, n.a, fail_kind[k].unit == FU_US));
      buf_adds(&lines, t);
      if (fail_kind[k].unit == FU_BYTES && o.b != n.b) {
         snprintf(t, sizeof t, "; %s -> %s %s", num(o.b), num(n.b),
                  plural(n.b, "block", "blocks"));
         buf_adds(&lines, t);
      }
      buf_adds(&lines, ")\n");
      buf_adds(&grown, ngrew++ ? ", " : "");
      buf_adds(&grown, fail_on_names[k]);
   }
   if (ngrew > 0)
      printf("\nRegressions (--fail-on): new grew in %s of %s %s, exit "
             "status %d:\n%s", num(ngrew), num(nkinds),
             plural(nkinds, "kind", "kinds"), DIFF_REGRESSED, lines.s);
   else
      printf("\nRegressions (--fail-on): none; new did not grow in %s %s "
             "compared.\n", nkinds > 1 ? "the" : "the one",
             plural(nkinds, "kind", "kinds"));
   if (notes.s)
      printf("  Not compared: %s.\n", notes.s);
   if (ngrew > 0)
      fprintf(stderr, "at_print: new grew in --fail-on %s: %s\n",
              plural(ngrew, "kind", "kinds"), grown.s);
   free(grown.s);
   free(lines.s);
   free(notes.s);
   return ngrew > 0;
}

/* ------------------------------------------------------------------ */
/* The comparison                                                      */
/* ------------------------------------------------------------------ */

/* Reads a report grouped as the summary groups it (all its sites:
   one among the largest in one report may be below the cut in the
   other). */
static const char *read_grouped(const char *path, const DiffOptions *opt,
                                Report *r)
{
   const Limits all = { SIZE_MAX, SIZE_MAX, SIZE_MAX, SIZE_MAX, false };
   if (opt->group_frames == 0)
      return report_read(path, &all, r);
   const char *why = report_read_grouped(path, &all, opt->own,
                                         opt->group_frames, r);
   if (why == NULL)
      group_report(r, opt->own, opt->group_frames, &all);
   return why;
}

/* Reads both reports and prints what changed from old_path to
   new_path.  Returns the exit status: 0 printed, 1 a report could not
   be read or the output written, DIFF_REGRESSED printed and NEW grew in
   a kind of --fail-on, 3 printed but a report's figures do not add
   up. */
int print_diff(const char *old_path, const char *new_path,
               const DiffOptions *opt)
{
   const char *path[2] = { old_path, new_path };
   char *shown[2];
   Report r[2];
   memset(r, 0, sizeof r);
   const Report *const rep[2] = { &r[OLD], &r[NEW] };
   int status = 0;

   for (int s = 0; s < 2; s++) {
      shown[s] = file_label(path[s]);
      const char *why = read_grouped(path[s], opt, &r[s]);
      if (why != NULL) {
         fprintf(stderr, "at_print: %s: %s\n", shown[s], why);
         status = 1;
      }
   }
   if (status == 0) {
      size_t nwarn[2];
      for (int s = 0; s < 2; s++)
         nwarn[s] = check_report(rep[s], shown[s]);
      print_run_line("Old:", shown[OLD], rep[OLD]);
      print_run_line("New:", shown[NEW], rep[NEW]);
      for (int s = 0; s < 2; s++)
         if (nwarn[s] > 0) {
            printf("Warning: %s's figures do not add up (%s broken %s, see "
                   "standard error).\n", s == OLD ? "old" : "new",
                   num(nwarn[s]), plural(nwarn[s], "invariant", "invariants"));
            status = 3;
         }

      uint64_t run_ms = rep[OLD]->run.duration_ms > rep[NEW]->run.duration_ms
                        ? rep[OLD]->run.duration_ms : rep[NEW]->run.duration_ms;
      uint64_t floor = run_ms > UINT64_MAX / 1000 ? UINT64_MAX
                       : run_ms * 1000 / 100 * NOISE_RUN_PCT;
      diff_time_floor_us = floor > NOISE_MIN_US ? floor : NOISE_MIN_US;

      /* First whether anything changed at all, to say so in one line. */
      size_t noise = 0;
      size_t changed = print_roles(rep, COUNT, &noise);
      SiteDiff *d = sites_compare(rep, opt);
      changed += sites_changed(d);
      noise += sites_noise(d);
      size_t cpu_noise = 0;
      changed += diff_cpu(rep, opt, COUNT, &cpu_noise);
      noise += cpu_noise;
      enum Mode mode = changed > 0 ? PRINT : NOTES;
      if (changed == 0 && noise == 0)
         printf("No change: the figures of the process, of each role and "
                "pool and of each site are the same.\n");
      else if (changed == 0)
         printf("No change beyond the runs' noise: the figures of the "
                "process, of each role and pool and of each site are the "
                "same, but for %s %s of blocked time, futex waits, "
                "instructions or CPU shares within it.\n", num(noise),
                plural(noise, "change", "changes"));
      print_roles(rep, mode, NULL);
      diff_cpu(rep, opt, mode, NULL);
      sites_print(d, rep, opt, mode);
      sites_free(d);
      if (noise > 0)
         printf("\nThe runs' noise: blocked time and futex waits count as "
                "changed only if one run's is at least twice the other's "
                "and they differ by at least %s ms (%d%% of the longer run, "
                "at least %s ms) or %s waits; idle parking never; "
                "instructions if they differ by %d%% and %s; a layer's "
                "share of a role's or a site's CPU profile if it moved by "
                "2 points; Rayon's job counts never.  Bytes and blocks are "
                "exact: any change is listed.\n",
                num(diff_time_floor_us / 1000), NOISE_RUN_PCT,
                num(NOISE_MIN_US / 1000), num(NOISE_MIN_WAITS),
                NOISE_INSNS_PCT, num(NOISE_MIN_INSNS));
      if (opt->fail_on != 0 && print_fail_on(rep, opt->fail_on))
         status = DIFF_REGRESSED;
      if (fflush(stdout) != 0 || ferror(stdout)) {
         fprintf(stderr, "at_print: write error: %s\n", strerror(errno));
         status = 1;
      }
   }
   for (int s = 0; s < 2; s++) {
      report_free(&r[s]);
      free(shown[s]);
   }
   return status;
}
