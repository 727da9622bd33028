/* diff.c: at_print --diff OLD NEW: what changed between two runs: the
 * figures of the whole process and of each role and pool, and the sites
 * (memory live at exit, loss records, allocation sites, futex sites)
 * that grew, shrank, appeared or went.  Sites are matched by the
 * functions and files of their stacks, not by addresses or lines, so
 * that two builds of a program compare.
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

#include "report.h"
#include "table.h"
#include "verdict.h"

enum { OLD, NEW };

/* Unchanged roles named; more are counted. */
#define UNCHANGED_NAMED 8

/* ------------------------------------------------------------------ */
/* Small helpers                                                       */
/* ------------------------------------------------------------------ */

/* new - old with its sign: "+1,000", "-88", "0"; as milliseconds
   ("+90.0 ms") if us. */
static const char *delta(uint64_t old, uint64_t new, bool us)
{
   static char ring[8][64];
   static unsigned next;
   char *out = ring[next++ % 8];
   uint64_t d = new >= old ? new - old : old - new;
   const char *sign = new > old ? "+" : new < old ? "-" : "";
   snprintf(out, sizeof ring[0], "%s%s", sign, us ? ms1(d) : num(d));
   return out;
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
   F_LEAK_BLOCKS, F_WAITS, F_BLOCKED, F_N
};

static const char *const fig_name[F_N] = {
   "threads", "bytes allocated", "live bytes at exit", "live blocks at exit",
   "peak live bytes", "leaked bytes", "leaked blocks", "futex waits",
   "blocked",
};

typedef struct {
   const Role *role;             /* NULL: the whole process */
   bool in[2];
   uint64_t v[2][F_N];
} RoleRow;

/* Which figures a report has: those of sections or attributes that
   older reports lack are compared only if both have them. */
static void known_figs(const Report *r, bool has[F_N], bool process)
{
   bool blocks = false, peak = false, futex = false;
   for (size_t i = 0; i < r->roles.n; i++) {
      blocks |= r->roles.list[i].has_live_blocks;
      peak |= r->roles.list[i].has_peak_live;
   }
   for (size_t i = 0; i < r->threads.n; i++)
      futex |= r->threads.list[i].has_futex;
   for (int f = 0; f < F_N; f++)
      has[f] = process || r->roles.present;
   if (!process) {
      has[F_LIVE_BLOCKS] = blocks;
      has[F_PEAK] = peak;
   } else {
      has[F_WAITS] = has[F_BLOCKED] = futex;
   }
   has[F_LEAK] = has[F_LEAK_BLOCKS] = r->leaks.present;
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
      v[F_WAITS] = add_sat(v[F_WAITS], r->threads.list[i].fx.waits);
      v[F_BLOCKED] = add_sat(v[F_BLOCKED], r->threads.list[i].fx.blocked_us);
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
         v[F_WAITS] = add_sat(v[F_WAITS], rs->fx.waits);
         v[F_BLOCKED] = add_sat(v[F_BLOCKED], rs->fx.blocked_us);
      } else {
         v[F_LEAK] = add_sat(v[F_LEAK], ref[i].leak->bytes);
         v[F_LEAK_BLOCKS] = add_sat(v[F_LEAK_BLOCKS], ref[i].leak->blocks);
      }
   }
   free(ref);
   *n = nrows;
   return rows;
}

/* What print_roles and print_list do: count the changes only, print
   them, or print only why a part is not compared. */
enum Mode { COUNT, PRINT, NOTES };

/* Adds a row per figure of row that changed to t; returns whether any
   did.  A role in one report only has its figures there (those not 0),
   marked new or gone. */
static bool role_changes(Table *t, const RoleRow *row, bool has[2][F_N])
{
   bool any = false;
   int only = row->in[OLD] && row->in[NEW] ? -1 : row->in[NEW] ? NEW : OLD;
   for (int f = 0; f < F_N; f++) {
      const uint64_t o = row->v[OLD][f], n = row->v[NEW][f];
      bool us = f == F_BLOCKED;
      if (only < 0 ? !has[OLD][f] || !has[NEW][f] || o == n
                   : !has[only][f] || row->v[only][f] == 0)
         continue;
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
                                          : delta(o, n, us));
   }
   return any;
}

/* The whole process, then each role and pool: the figures that changed.
   Returns how many of them changed (the process counts as one). */
static size_t print_roles(const Report *const rep[2], enum Mode mode)
{
   bool has[2][F_N], has_role[2][F_N];
   RoleRow proc = { .in = { true, true } };
   size_t n = 0, nsame = 0, changed = 0;
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
   changed += role_changes(&t, &proc, has);

   RoleRow *rows = roles ? role_rows(rep, &n) : NULL;
   const RoleRow **same = xrealloc(NULL, (n ? n : 1) * sizeof *same);
   for (size_t i = 0; i < n; i++) {
      if (role_changes(&t, &rows[i], has_role))
         changed++;
      else
         same[nsame++] = &rows[i];
   }

   if (mode == PRINT && changed == 0)
      printf("\nFigures of the whole process and by role and pool: no "
             "change.\n");
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
   if (mode != COUNT && !roles &&
       (rep[OLD]->roles.present || rep[NEW]->roles.present))
      printf("\nRoles: not compared (%s has no role summaries).\n",
             rep[OLD]->roles.present ? "new" : "old");
   table_free(&t);
   free(same);
   free(rows);
   return changed;
}

/* ------------------------------------------------------------------ */
/* Sites                                                               */
/* ------------------------------------------------------------------ */

enum { L_LIVE, L_LOSS, L_ALLOC, L_FUTEX, L_N };

typedef struct {
   const char *title;
   const char *site, *sites;     /* what the list holds */
   bool us;                      /* a is microseconds, else bytes */
   const char *one, *many;       /* what b counts */
} ListKind;

static const ListKind list_kind[L_N] = {
   { "Memory live at exit", "site", "sites", false, "block", "blocks" },
   { "Loss records", "record", "records", false, "block", "blocks" },
   { "Allocation sites", "site", "sites", false, "allocation", "allocations" },
   { "Futex sites", "site", "sites", true, "wait", "waits" },
};

/* One site of one report: a (bytes, or blocked time) and b (blocks,
   allocations or waits). */
typedef struct {
   char *key;
   int side;
   uint64_t a, b;
   const char *what;             /* leak kind or futex class, or NULL */
   const Role *role;
   const Stack *stack;
} Entry;

/* The sites of both reports with one key, summed per report. */
typedef struct {
   uint64_t a[2], b[2];
   size_t n[2];                  /* sites summed */
   const Entry *big[2];          /* the largest of each, to show */
   bool roles[2];                /* of several roles */
} Change;

static const char *base_name(const char *path)
{
   const char *slash = strrchr(path, '/');
   return slash ? slash + 1 : path;
}

/* What matches a site across runs: its leak kind or futex class and the
   functions and files of its frames, or the object's name (not its
   path: builds differ in where they are) for a frame without a
   function.  Not the addresses, which another build moves, nor the
   lines, which an edit elsewhere in the file shifts.  The strings are
   cleaned, so they hold no tab or newline to mistake for a
   separator. */
static char *site_key(const char *what, const Stack *s)
{
   Buf b = { 0 };
   buf_adds(&b, what ? what : "");
   for (size_t i = 0, n = stack_depth(s); i < n; i++) {
      const Frame *f = stack_frame(s, i);
      buf_adds(&b, "\n");
      if (f->fn) {
         buf_adds(&b, f->fn);
         buf_adds(&b, "\t");
         buf_adds(&b, f->file ? f->file : "");
      } else {
         buf_adds(&b, "\t\t");
         buf_adds(&b, f->obj ? base_name(f->obj) : "?");
      }
   }
   if (b.s == NULL)
      buf_adds(&b, "");
   return b.s;
}

typedef struct {
   Entry *e;
   size_t n, cap;
} Entries;

static void add_entry(Entries *es, int side, uint64_t a, uint64_t b,
                      const char *what, const Role *role, const Stack *st)
{
   GROW(es->e, es->cap, es->n + 1);
   es->e[es->n++] = (Entry){ site_key(what, st), side, a, b, what, role, st };
}

static void add_entries(Entries *es, int list, int side, const Report *r)
{
   switch (list) {
   case L_LIVE:
      for (size_t i = 0; i < r->live.nsites; i++) {
         const Site *s = &r->live.sites[i];
         add_entry(es, side, s->bytes, s->blocks, NULL, &s->role, &s->stack);
      }
      break;
   case L_LOSS:
      for (size_t i = 0; i < r->leaks.nrecs; i++) {
         const Site *s = &r->leaks.recs[i];
         int k = leak_kind(s->kind);
         add_entry(es, side, s->bytes, s->blocks,
                   k >= 0 ? lk_text[k] : s->kind ? s->kind : "?",
                   &s->role, &s->stack);
      }
      break;
   case L_ALLOC:
      for (size_t i = 0; i < r->alloc.nsites; i++) {
         const ASite *s = &r->alloc.sites[i];
         add_entry(es, side, s->bytes, s->allocs, NULL, &s->role, &s->stack);
      }
      break;
   default:
      for (size_t i = 0; i < r->futex.nsites; i++) {
         const FSite *s = &r->futex.sites[i];
         add_entry(es, side, s->fx.blocked_us, s->fx.waits, s->class,
                   &s->role, &s->stack);
      }
      break;
   }
}

/* By key, then old before new, then the largest first. */
static int cmp_entry(const void *x, const void *y)
{
   const Entry *a = x, *b = y;
   int c = strcmp(a->key, b->key);
   if (c != 0)
      return c;
   if (a->side != b->side)
      return a->side - b->side;
   if (a->a != b->a)
      return a->a > b->a ? -1 : 1;
   return (a->b < b->b) - (a->b > b->b);
}

static bool grew(const Change *c)
{
   return c->a[NEW] > c->a[OLD] ||
          (c->a[NEW] == c->a[OLD] && c->b[NEW] > c->b[OLD]);
}

static uint64_t diff_abs(uint64_t x, uint64_t y)
{
   return x > y ? x - y : y - x;
}

/* Growth first, the largest first; then shrinks, the largest first;
   then by key, so that the order does not depend on the files'. */
static int cmp_change(const void *x, const void *y)
{
   const Change *a = x, *b = y;
   bool ga = grew(a), gb = grew(b);
   if (ga != gb)
      return ga ? -1 : 1;
   uint64_t da = diff_abs(a->a[NEW], a->a[OLD]), db = diff_abs(b->a[NEW], b->a[OLD]);
   if (da != db)
      return da > db ? -1 : 1;
   da = diff_abs(a->b[NEW], a->b[OLD]);
   db = diff_abs(b->b[NEW], b->b[OLD]);
   if (da != db)
      return da > db ? -1 : 1;
   const Entry *ea = a->big[NEW] ? a->big[NEW] : a->big[OLD];
   const Entry *eb = b->big[NEW] ? b->big[NEW] : b->big[OLD];
   return strcmp(ea->key, eb->key);
}

/* "2,400 bytes in 3 blocks", "680.0 ms in 53 waits". */
static const char *amount(const ListKind *k, uint64_t a, uint64_t b)
{
   static char ring[4][128];
   static unsigned next;
   char *out = ring[next++ % 4];
   snprintf(out, sizeof ring[0], "%s in %s %s", k->us ? ms1(a) : bytes_str(a),
            num(b), plural(b, k->one, k->many));
   return out;
}

/* "+1,000 bytes, +1 block", "-30.0 ms": what changed of a and b. */
static const char *change_text(const ListKind *k, uint64_t a0, uint64_t a1,
                               uint64_t b0, uint64_t b1)
{
   static char ring[4][160];
   static unsigned next;
   char *out = ring[next++ % 4];
   char pa[64] = "", pb[64] = "";
   if (a0 != a1)
      snprintf(pa, sizeof pa, "%s%s", delta(a0, a1, k->us),
               k->us ? "" : plural(diff_abs(a0, a1), " byte", " bytes"));
   if (b0 != b1)
      snprintf(pb, sizeof pb, "%s %s", delta(b0, b1, false),
               plural(diff_abs(b0, b1), k->one, k->many));
   snprintf(out, sizeof ring[0], "%s%s%s", pa, *pa && *pb ? ", " : "", pb);
   return out;
}

static void print_frames(const Stack *s, size_t max, bool whole)
{
   size_t depth = stack_depth(s), n = depth;
   if (n == 0)
      printf("   (no stack)\n");
   if (max != 0 && n > max)
      n = max;
   for (size_t i = 0; i < n; i++) {
      const Frame *f = stack_frame(s, i);
      printf("   %s ", i == 0 ? "at" : "by");
      print_fn_at(f, whole);
   }
   if (n < depth)
      printf("   ... %zu more %s\n", depth - n, plural(depth - n, "frame", "frames"));
}

static void print_change(const ListKind *k, size_t i, const Change *c,
                         const DiffOptions *opt)
{
   int side = c->big[NEW] ? NEW : OLD;
   const Entry *e = c->big[side];
   printf("\n#%zu: ", i + 1);
   if (c->n[OLD] == 0)
      printf("new: %s", amount(k, c->a[NEW], c->b[NEW]));
   else if (c->n[NEW] == 0)
      printf("gone: %s", amount(k, c->a[OLD], c->b[OLD]));
   else
      printf("%s: %s -> %s",
             change_text(k, c->a[OLD], c->a[NEW], c->b[OLD], c->b[NEW]),
             amount(k, c->a[OLD], c->b[OLD]), amount(k, c->a[NEW], c->b[NEW]));
   char *role = role_label(e->role, false);
   printf("; %s%srole %s%s", e->what ? e->what : "", e->what ? ", " : "",
          role, c->roles[side] ? " and others" : "");
   free(role);
   /* Sites whose stacks differ only in addresses or lines are one. */
   if (c->n[OLD] == 0 || c->n[NEW] == 0) {
      if (c->n[side] > 1)
         printf(" (%s %s summed)", num(c->n[side]), k->sites);
   } else if (c->n[OLD] > 1 || c->n[NEW] > 1) {
      printf(" (%s %s in old, %s in new)", num(c->n[OLD]),
             plural(c->n[OLD], k->site, k->sites), num(c->n[NEW]));
   }
   putchar('\n');
   print_frames(e->stack, opt->frames, opt->full_names);
}

/* One list compared. */
typedef struct {
   char why[96];                 /* why it is not compared, or "" */
   bool had;                     /* one of the reports has it */
   Entries es;
   Change *ch;                   /* the keys that changed */
   size_t nch, nkeys, nnew, ngone;
} ListDiff;

/* Sets d->why if a list cannot be compared: a report lacks it. */
static void check_comparable(int list, const Report *const rep[2], ListDiff *d)
{
   for (int s = 0; s < 2; s++) {
      const Report *r = rep[s];
      bool has = list == L_LIVE ? true : list == L_LOSS ? r->leaks.present
               : list == L_ALLOC ? r->alloc.present : r->futex.present;
      d->had |= has;
   }
   for (int s = 0; s < 2 && d->why[0] == '\0'; s++) {
      const Report *r = rep[s];
      const char *name = s == OLD ? "old" : "new";
      bool has = list == L_LIVE ? true : list == L_LOSS ? r->leaks.present
               : list == L_ALLOC ? r->alloc.present : r->futex.present;
      if (!has)
         snprintf(d->why, sizeof d->why, "%s has %s", name,
                  list == L_LOSS ? "no leak scan"
                  : list == L_ALLOC ? "no allocation sites" : "no futex sites");
      else if (list == L_LOSS && r->leaks.check &&
               strcmp(r->leaks.check, "summary") == 0)
         snprintf(d->why, sizeof d->why, "%s's leak check was a summary, "
                  "which lists no loss records", name);
   }
}

/* Compares one list of sites: matches them by key, sums them per
   report, keeps those that changed, by growth. */
static void compare_list(int list, const Report *const rep[2], ListDiff *d)
{
   check_comparable(list, rep, d);
   if (d->why[0] != '\0')
      return;
   Entries *es = &d->es;
   for (int s = 0; s < 2; s++)
      add_entries(es, list, s, rep[s]);
   qsort(es->e, es->n, sizeof *es->e, cmp_entry);

   d->ch = xrealloc(NULL, (es->n ? es->n : 1) * sizeof *d->ch);
   for (size_t i = 0, j; i < es->n; i = j) {
      Change c = { .a = { 0 } };
      for (j = i; j < es->n && strcmp(es->e[j].key, es->e[i].key) == 0; j++) {
         const Entry *e = &es->e[j];
         c.a[e->side] = add_sat(c.a[e->side], e->a);
         c.b[e->side] = add_sat(c.b[e->side], e->b);
         if (c.n[e->side]++ == 0)
            c.big[e->side] = e;   /* the largest: entries are sorted so */
         else if (!same_role(c.big[e->side]->role, e->role))
            c.roles[e->side] = true;
      }
      d->nkeys++;
      if (c.a[OLD] == c.a[NEW] && c.b[OLD] == c.b[NEW])
         continue;
      d->nnew += c.n[OLD] == 0;
      d->ngone += c.n[NEW] == 0;
      d->ch[d->nch++] = c;
   }
   qsort(d->ch, d->nch, sizeof *d->ch, cmp_change);
}

static void list_free(ListDiff *d)
{
   for (size_t i = 0; i < d->es.n; i++)
      free(d->es.e[i].key);
   free(d->es.e);
   free(d->ch);
}

/* Prints a list compared: the top sites that changed and what the rest
   come to; with NOTES, only why it was not compared. */
static void print_list(int list, const ListDiff *d, const Report *const rep[2],
                       const DiffOptions *opt, enum Mode mode)
{
   const ListKind *k = &list_kind[list];
   if (d->why[0] != '\0') {
      /* Worth a line only if one of them has it. */
      if (d->had)
         printf("\n%s: not compared (%s).\n", k->title, d->why);
      return;
   }
   if (mode != PRINT)
      return;
   if (d->nch == 0) {
      printf("\n%s: no change (%s %s).\n", k->title, num(d->nkeys),
             plural(d->nkeys, k->site, k->sites));
      return;
   }
   printf("\n%s: %s of %s %s changed (%s new, %s gone), by growth:\n",
          k->title, num(d->nch), num(d->nkeys),
          plural(d->nkeys, k->site, k->sites), num(d->nnew), num(d->ngone));
   /* The tool lists only the largest allocation sites (its
      --alloc-sites): a site missing from a list may be below it. */
   if (list == L_ALLOC &&
       (rep[OLD]->alloc.count > rep[OLD]->alloc.shown ||
        rep[NEW]->alloc.count > rep[NEW]->alloc.shown))
      printf("(the reports list the largest sites only, old %s of %s, "
             "new %s of %s: a site new or gone may only have been too "
             "small to be listed in the other)\n",
             num(rep[OLD]->alloc.shown), num(rep[OLD]->alloc.count),
             num(rep[NEW]->alloc.shown), num(rep[NEW]->alloc.count));

   size_t shown = d->nch < opt->top ? d->nch : opt->top;
   for (size_t i = 0; i < shown; i++)
      print_change(k, i, &d->ch[i], opt);
   if (shown < d->nch) {
      /* What the rest come to, each way, so that nothing is hidden. */
      uint64_t g = 0, s = 0, ga[2] = { 0 }, gb[2] = { 0 }, sa[2] = { 0 },
               sb[2] = { 0 };
      for (size_t i = shown; i < d->nch; i++) {
         const Change *c = &d->ch[i];
         bool up = grew(c);
         uint64_t *pa = up ? ga : sa, *pb = up ? gb : sb;
         *(up ? &g : &s) += 1;
         for (int side = 0; side < 2; side++) {
            pa[side] = add_sat(pa[side], c->a[side]);
            pb[side] = add_sat(pb[side], c->b[side]);
         }
      }
      printf("\n  %s%s%s changed:", shown > 0 ? "... and " : "",
             num(d->nch - shown), shown > 0 ? " more" : "");
      if (g > 0)
         printf(" %s grew (%s)%s", num(g),
                change_text(k, ga[OLD], ga[NEW], gb[OLD], gb[NEW]),
                s > 0 ? "," : "");
      if (s > 0)
         printf(" %s shrank (%s)", num(s),
                change_text(k, sa[OLD], sa[NEW], sb[OLD], sb[NEW]));
      printf("; --top=N shows more\n");
   }
}

/* ------------------------------------------------------------------ */
/* The comparison                                                      */
/* ------------------------------------------------------------------ */

/* Reads both reports and prints what changed from old_path to
   new_path.  Returns the exit status: 0 printed, 1 a report could not
   be read or the output written, 3 printed but a report's figures do
   not add up. */
int print_diff(const char *old_path, const char *new_path,
               const DiffOptions *opt)
{
   /* Every site: a site among the largest in one report may be below
      the cut in the other. */
   const Limits all = { SIZE_MAX, SIZE_MAX, SIZE_MAX, SIZE_MAX, false };
   const char *path[2] = { old_path, new_path };
   char *shown[2];
   Report r[2];
   memset(r, 0, sizeof r);
   const Report *const rep[2] = { &r[OLD], &r[NEW] };
   int status = 0;

   for (int s = 0; s < 2; s++) {
      shown[s] = file_label(path[s]);
      const char *why = report_read(path[s], &all, &r[s]);
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

      /* First whether anything changed at all, to say so in one line. */
      ListDiff d[L_N];
      size_t changed = print_roles(rep, COUNT);
      for (int l = 0; l < L_N; l++) {
         d[l] = (ListDiff){ .had = false };
         compare_list(l, rep, &d[l]);
         changed += d[l].nch;
      }
      enum Mode mode = changed > 0 ? PRINT : NOTES;
      if (changed == 0)
         printf("No change: the figures of the process, of each role and "
                "pool and of each site are the same.\n");
      print_roles(rep, mode);
      for (int l = 0; l < L_N; l++) {
         print_list(l, &d[l], rep, opt, mode);
         list_free(&d[l]);
      }
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
