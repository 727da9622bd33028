/* diff_sites.c: --diff's lists: the sites of memory live at exit, the
 * loss records, the allocation sites and the futex sites, and the
 * spawn sites of Tokio tasks, of block_on futures and of Rayon jobs,
 * each compared between the two runs.
 *
 * A site is matched across the runs as the summary groups it within
 * one (group.c): by its role and pool (never summed with another's),
 * its leak kind or futex class, and its first --group-frames own
 * frames, each its function, file and line; a stack with no own frame
 * by as many frames from its first shown one (frames.c's first_shown:
 * Tokio's park, never syscall).  Addresses are not compared: another
 * build moves them.  The sites of one report with one key are summed
 * (the reports are read grouped already, so that happens only for
 * stacks without own frames).  A site left unmatched in both runs is
 * then matched by the same key without lines, so that an edit that
 * moved a line keeps the site one row, said to be.  A spawn site is
 * matched by its kind and its spawn frame (function, file, line).
 *
 * A site has measures (bytes and blocks; blocked time and waits; tasks
 * spawned...), each judged by diff.h's noise rule: a leak that doubled
 * is one row with its exact figures; an idle wait that took 20% longer
 * is no change, only counted.  The rows that changed are printed
 * largest growth first, then shrinks, each with its figures old and
 * new, its change, and for a site its stack as the summary prints it,
 * from the program's own code.
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

#include "diff.h"
#include "report.h"

/* ------------------------------------------------------------------ */
/* The lists and their measures                                        */
/* ------------------------------------------------------------------ */

enum { U_BYTES, U_US, U_COUNT, U_INSNS };

/* One figure of a site, a (bytes, blocked time, a count), with another
   it is counted in, b (blocks, waits), if one and many are set. */
typedef struct {
   const char *name;             /* NULL: a site list's only measure */
   int unit;
   const char *aone, *amany;     /* a's noun, for U_COUNT */
   const char *one, *many;       /* b's noun, or NULL: no b */
   enum Noise na, nb;
} Measure;

/* A futex site of idle parking: how long a runtime thread had nothing
   to do is the length of the run, not a cost; where it parks (on the
   driver, on a condvar) is the runtime's choice, another each run. */
static const Measure idle_measure = {
   NULL, U_US, NULL, NULL, "wait", "waits", N_IGNORE, N_IGNORE
};

#define MAXM 7

enum { L_LIVE, L_LOSS, L_ALLOC, L_FUTEX, L_TOKIO, L_BLOCK_ON, L_RAYON, L_N };

typedef struct {
   const char *title;
   const char *site, *sites;     /* what the list holds */
   size_t nm;
   Measure m[MAXM];              /* by priority: the first that changed
                                    says whether a row grew */
} ListKind;

/* Spawn sites' measures: M_* indices into their m[]. */
enum { M_LOST, M_LIVE, M_ALLOC, M_SPAWNED, M_PENDING, M_CPU, M_BLOCKED };

#define SPAWN_MEASURES(unit1, units, spawned_noise)                       \
   7, {                                                                    \
      { "definitely lost", U_BYTES, NULL, NULL, "block", "blocks",         \
        N_EXACT, N_EXACT },                                                \
      { "live at exit", U_BYTES, NULL, NULL, "block", "blocks",            \
        N_EXACT, N_EXACT },                                                \
      { "allocated", U_BYTES, NULL, NULL, "allocation", "allocations",     \
        N_EXACT, N_EXACT },                                                \
      { "run", U_COUNT, unit1, units, NULL, NULL, spawned_noise,           \
        N_EXACT },                                                         \
      { "pending at exit", U_COUNT, unit1, units, NULL, NULL, N_EXACT,     \
        N_EXACT },                                                         \
      { "CPU", U_INSNS, NULL, NULL, NULL, NULL, N_INSNS, N_EXACT },        \
      { "blocked", U_US, NULL, NULL, "wait", "waits", N_TIME, N_WAITS },   \
   }

static const ListKind list_kind[L_N] = {
   { "Memory live at exit", "site", "sites", 1,
     { { NULL, U_BYTES, NULL, NULL, "block", "blocks", N_EXACT, N_EXACT } } },
   { "Loss records", "record", "records", 1,
     { { NULL, U_BYTES, NULL, NULL, "block", "blocks", N_EXACT, N_EXACT } } },
   { "Allocation sites", "site", "sites", 1,
     { { NULL, U_BYTES, NULL, NULL, "allocation", "allocations", N_EXACT,
         N_EXACT } } },
   { "Futex sites", "site", "sites", 1,
     { { NULL, U_US, NULL, NULL, "wait", "waits", N_TIME, N_WAITS } } },
   /* (A site of idle parking is never a change: add_entries.) */
   { "Tokio spawn sites", "site", "sites",
     SPAWN_MEASURES("task", "tasks", N_EXACT) },
   { "block_on sites", "site", "sites",
     SPAWN_MEASURES("future", "futures", N_EXACT) },
   /* How many jobs a par_iter is split into is work stealing's choice,
      another each run: shown, never a change. */
   { "Rayon submit sites", "site", "sites",
     SPAWN_MEASURES("job", "jobs", N_IGNORE) },
};

static bool spawn_list(int list)
{
   return list >= L_TOKIO;
}

/* ------------------------------------------------------------------ */
/* Entries: the sites of both reports, keyed                           */
/* ------------------------------------------------------------------ */

/* One site of one report. */
typedef struct {
   char *key, *loose;            /* its key with lines, and without */
   int side;
   uint64_t v[MAXM][2];          /* each measure's a and b */
   uint64_t weight;              /* which of a row's sites is shown */
   const char *what;             /* leak kind, futex class, spawn kind */
   const Role *role;             /* NULL for a spawn site */
   const Stack *stack;
   Grouped g;                    /* what grouping merged into it */
   const SpawnSite *sp;          /* a spawn site, else NULL */
} Entry;

typedef struct {
   Entry *e;
   size_t n, cap;
} Entries;

static const char *base_name(const char *path)
{
   const char *slash = strrchr(path, '/');
   return slash ? slash + 1 : path;
}

/* A frame in a key: its function and file (line too if lines), or for
   a frame without a function its object's name (not its folder: two
   builds differ in where they are).  The strings are cleaned, so they
   hold no tab or newline to mistake for a separator. */
static void add_frame_key(Buf *b, const Frame *f, bool lines)
{
   buf_adds(b, "\n");
   if (f->fn) {
      buf_adds(b, f->fn);
      buf_adds(b, "\t");
      buf_adds(b, f->file ? f->file : "");
      if (lines && f->has_line) {
         char t[32];
         snprintf(t, sizeof t, "\t%" PRIu64, f->line);
         buf_adds(b, t);
      }
   } else {
      buf_adds(b, "\t\t");
      buf_adds(b, f->obj ? base_name(f->obj) : "?");
   }
}

/* The frames that place a stack, as the summary groups it: its first
   n own frames; with none, n frames from its first shown one; n == 0
   (--group-frames=0): every frame. */
static void add_stack_key(Buf *b, const Stack *s, const DiffOptions *o,
                          bool lines)
{
   size_t depth = stack_depth(s), n = o->group_frames;
   if (n == 0) {
      for (size_t i = 0; i < depth; i++)
         add_frame_key(b, stack_frame(s, i), lines);
      return;
   }
   bool has_own;
   size_t from = first_shown(s, o->own, &has_own), taken = 0;
   if (from == depth)
      from = 0;                  /* all plumbing: from its top */
   for (size_t i = from; i < depth && taken < n; i++) {
      const Frame *f = stack_frame(s, i);
      if (has_own && !frame_is_own(f, o->own))
         continue;
      add_frame_key(b, f, lines);
      taken++;
   }
}

/* A site's key: its role and pool, what it is, its place. */
static char *site_key(const char *what, const Role *role, const Stack *s,
                      const SpawnSite *sp, const DiffOptions *o, bool lines)
{
   Buf b = { 0 };
   buf_adds(&b, what ? what : "");
   buf_adds(&b, "\t");
   if (role) {
      char t[48];
      buf_adds(&b, role->role ? role->role : "");
      snprintf(t, sizeof t, "\t%s%" PRIu64, role->has_pool ? "" : "-",
               role->pool);
      buf_adds(&b, t);
   }
   const Frame *f = sp ? spawn_frame(sp) : NULL;
   if (f != NULL)
      add_frame_key(&b, f, lines);
   else
      add_stack_key(&b, s, o, lines);
   return b.s;
}

static Entry *add_entry(Entries *es, int side, const char *what,
                        const Role *role, const Stack *st, const Grouped *g,
                        const SpawnSite *sp, const DiffOptions *o)
{
   GROW(es->e, es->cap, es->n + 1);
   Entry *e = &es->e[es->n++];
   *e = (Entry){ .key = site_key(what, role, st, sp, o, true),
                 .loose = site_key(what, role, st, sp, o, false),
                 .side = side, .what = what, .role = role, .stack = st,
                 .sp = sp };
   if (g != NULL)
      e->g = *g;
   return e;
}

/* The list a spawn site is in, by its kind. */
static int spawn_list_of(const SpawnSite *s)
{
   if (s->kind && strcmp(s->kind, "rayon") == 0)
      return L_RAYON;
   if (s->kind && strcmp(s->kind, "block_on") == 0)
      return L_BLOCK_ON;
   return L_TOKIO;
}

static void add_spawn_entries(Entries *es, int list, int side,
                              const Report *r, const DiffOptions *o)
{
   for (size_t i = 0; r->tasks && i < r->tasks->nsites; i++) {
      const SpawnSite *s = &r->tasks->sites[i];
      if (spawn_list_of(s) != list)
         continue;
      Entry *e = add_entry(es, side, s->kind, NULL, &s->stack, NULL, s, o);
      e->v[M_LOST][0] = s->lost_bytes;
      e->v[M_LOST][1] = s->lost_blocks;
      e->v[M_LIVE][0] = s->live_bytes;
      e->v[M_LIVE][1] = s->live_blocks;
      e->v[M_ALLOC][0] = s->bytes;
      e->v[M_ALLOC][1] = s->allocs;
      e->v[M_SPAWNED][0] = s->spawned;
      e->v[M_PENDING][0] = s->pending;
      e->v[M_CPU][0] = s->insns;
      e->v[M_BLOCKED][0] = s->blocked_us;
      e->v[M_BLOCKED][1] = s->waits;
      e->weight = add_sat(s->bytes, s->insns);
   }
}

static void add_entries(Entries *es, int list, int side, const Report *r,
                        const DiffOptions *o)
{
   Entry *e;
   switch (list) {
   case L_LIVE:
      for (size_t i = 0; i < r->live.nsites; i++) {
         const Site *s = &r->live.sites[i];
         e = add_entry(es, side, NULL, &s->role, &s->stack, &s->g, NULL, o);
         e->v[0][0] = e->weight = s->bytes;
         e->v[0][1] = s->blocks;
      }
      break;
   case L_LOSS:
      for (size_t i = 0; i < r->leaks.nrecs; i++) {
         const Site *s = &r->leaks.recs[i];
         int k = leak_kind(s->kind);
         e = add_entry(es, side, k >= 0 ? lk_text[k] : s->kind ? s->kind : "?",
                       &s->role, &s->stack, &s->g, NULL, o);
         e->v[0][0] = e->weight = s->bytes;
         e->v[0][1] = s->blocks;
      }
      break;
   case L_ALLOC:
      for (size_t i = 0; i < r->alloc.nsites; i++) {
         const ASite *s = &r->alloc.sites[i];
         e = add_entry(es, side, NULL, &s->role, &s->stack, &s->g, NULL, o);
         e->v[0][0] = e->weight = s->bytes;
         e->v[0][1] = s->allocs;
      }
      break;
   case L_FUTEX:
      for (size_t i = 0; i < r->futex.nsites; i++) {
         const FSite *s = &r->futex.sites[i];
         e = add_entry(es, side, s->class, &s->role, &s->stack, NULL, NULL, o);
         e->v[0][0] = e->weight = s->fx.blocked_us;
         e->v[0][1] = s->fx.waits;
      }
      break;
   default:
      add_spawn_entries(es, list, side, r, o);
      break;
   }
}

/* By key, then old before new, then the heaviest first. */
static int cmp_entry(const void *x, const void *y)
{
   const Entry *a = x, *b = y;
   int c = strcmp(a->key, b->key);
   if (c != 0)
      return c;
   if (a->side != b->side)
      return a->side - b->side;
   return (a->weight < b->weight) - (a->weight > b->weight);
}

/* ------------------------------------------------------------------ */
/* Rows: the sites of both reports with one key, summed per report     */
/* ------------------------------------------------------------------ */

typedef struct {
   uint64_t v[2][MAXM][2];
   size_t n[2];                  /* sites summed */
   const Entry *big[2];          /* the heaviest of each, to show */
   bool moved;                   /* matched without lines */
   bool dead;                    /* merged into another row */
   int decider;                  /* the first measure that changed */
} Row;

static void row_add(Row *r, const Entry *e, size_t nm)
{
   int s = e->side;
   for (size_t m = 0; m < nm; m++)
      for (int k = 0; k < 2; k++)
         r->v[s][m][k] = add_sat(r->v[s][m][k], e->v[m][k]);
   if (r->n[s]++ == 0 || e->weight > r->big[s]->weight)
      r->big[s] = e;
}

static void row_merge(Row *into, const Row *from, size_t nm)
{
   for (int s = 0; s < 2; s++) {
      for (size_t m = 0; m < nm; m++)
         for (int k = 0; k < 2; k++)
            into->v[s][m][k] = add_sat(into->v[s][m][k], from->v[s][m][k]);
      if (from->n[s] > 0 &&
          (into->n[s] == 0 || from->big[s]->weight > into->big[s]->weight))
         into->big[s] = from->big[s];
      into->n[s] += from->n[s];
   }
}

static const Entry *row_shown(const Row *r)
{
   return r->big[NEW] ? r->big[NEW] : r->big[OLD];
}

/* Whether measure m of r changed (under its noise rules); exact
   figures only if exact, noisy ones only if !exact. */
static bool measure_changed(const Measure *mk, const uint64_t v[2][MAXM][2],
                            size_t m)
{
   return diff_counts(mk->na, v[OLD][m][0], v[NEW][m][0]) ||
          (mk->one && diff_counts(mk->nb, v[OLD][m][1], v[NEW][m][1]));
}

/* Measure m of list k as row r is judged by. */
static const Measure *measure_of(const ListKind *k, const Row *r, size_t m)
{
   const char *what = row_shown(r)->what;
   if (k == &list_kind[L_FUTEX] && what && strcmp(what, "idle") == 0)
      return &idle_measure;
   return &k->m[m];
}

/* The first measure of r that changed, or -1; *noise: some figure
   differs all the same (within noise, or not compared). */
static int row_decider(const ListKind *k, const Row *r, bool *noise)
{
   *noise = false;
   for (size_t m = 0; m < k->nm; m++) {
      if (measure_changed(measure_of(k, r, m), r->v, m))
         return (int)m;
      *noise |= r->v[OLD][m][0] != r->v[NEW][m][0] ||
                r->v[OLD][m][1] != r->v[NEW][m][1];
   }
   return -1;
}

static bool grew(const Row *r)
{
   int m = r->decider;
   return r->v[NEW][m][0] > r->v[OLD][m][0] ||
          (r->v[NEW][m][0] == r->v[OLD][m][0] &&
           r->v[NEW][m][1] > r->v[OLD][m][1]);
}

/* Growth first; by the measure that decided (the first in priority);
   the largest first; then shrinks alike; then by key, so that the order
   does not depend on the files'. */
static int cmp_row(const void *x, const void *y)
{
   const Row *a = x, *b = y;
   bool ga = grew(a), gb = grew(b);
   if (ga != gb)
      return ga ? -1 : 1;
   if (a->decider != b->decider)
      return a->decider - b->decider;
   int m = a->decider;
   for (int k = 0; k < 2; k++) {
      uint64_t da = diff_abs(a->v[NEW][m][k], a->v[OLD][m][k]);
      uint64_t db = diff_abs(b->v[NEW][m][k], b->v[OLD][m][k]);
      if (da != db)
         return da > db ? -1 : 1;
   }
   return strcmp(row_shown(a)->key, row_shown(b)->key);
}

/* ------------------------------------------------------------------ */
/* One list compared                                                   */
/* ------------------------------------------------------------------ */

typedef struct {
   char why[96];                 /* why it is not compared, or "" */
   bool had;                     /* one of the reports has it */
   Entries es;
   Row *rows;                    /* every key's; then those that changed */
   size_t nrows, nch, nkeys, nnew, ngone, nnoise, nmoved;
} ListDiff;

struct SiteDiff {
   ListDiff l[L_N];
};

static bool list_present(int list, const Report *r)
{
   switch (list) {
   case L_LIVE:
      return true;
   case L_LOSS:
      return r->leaks.present;
   case L_ALLOC:
      return r->alloc.present;
   case L_FUTEX:
      return r->futex.present;
   default:
      return r->tasks != NULL;
   }
}

/* Sets d->why if a list cannot be compared: a report lacks it.  A
   spawn list is worth a word only if either report has such sites. */
static void check_comparable(int list, const Report *const rep[2], ListDiff *d)
{
   for (int s = 0; s < 2; s++) {
      bool has = list_present(list, rep[s]);
      for (size_t i = 0; has && spawn_list(list) && i < rep[s]->tasks->nsites;
           i++)
         d->had |= spawn_list_of(&rep[s]->tasks->sites[i]) == list;
      if (!spawn_list(list))
         d->had |= has;
   }
   for (int s = 0; s < 2 && d->why[0] == '\0'; s++) {
      const Report *r = rep[s];
      const char *name = s == OLD ? "old" : "new";
      if (!list_present(list, r))
         snprintf(d->why, sizeof d->why, "%s has %s", name,
                  list == L_LOSS ? "no leak scan"
                  : list == L_ALLOC ? "no allocation sites"
                  : list == L_FUTEX ? "no futex sites" : "no tasks section");
      else if (list == L_LOSS && r->leaks.check &&
               strcmp(r->leaks.check, "summary") == 0)
         snprintf(d->why, sizeof d->why, "%s's leak check was a summary, "
                  "which lists no loss records", name);
   }
}

/* The rows left in one report only are matched again by their keys
   without lines: a line moved by an edit keeps its site one row. */
static int cmp_loose(const void *x, const void *y)
{
   const Row *a = *(const Row *const *)x, *b = *(const Row *const *)y;
   int c = strcmp(row_shown(a)->loose, row_shown(b)->loose);
   return c ? c : strcmp(row_shown(a)->key, row_shown(b)->key);
}

static void match_loose(ListDiff *d, size_t nm)
{
   Row **one = xrealloc(NULL, (d->nrows + 1) * sizeof *one);
   size_t n = 0;
   for (size_t i = 0; i < d->nrows; i++)
      if (d->rows[i].n[OLD] == 0 || d->rows[i].n[NEW] == 0)
         one[n++] = &d->rows[i];
   qsort(one, n, sizeof *one, cmp_loose);
   for (size_t i = 0, j; i < n; i = j) {
      bool sides[2] = { false, false };
      for (j = i; j < n && strcmp(row_shown(one[j])->loose,
                                  row_shown(one[i])->loose) == 0; j++)
         sides[one[j]->n[OLD] ? OLD : NEW] = true;
      if (!sides[OLD] || !sides[NEW])
         continue;
      for (size_t k = i + 1; k < j; k++) {
         row_merge(one[i], one[k], nm);
         one[k]->dead = true;
      }
      one[i]->moved = true;
   }
   free(one);
}

/* Compares one list: matches its sites by key, sums them per report,
   keeps the rows that changed, by growth. */
static void compare_list(int list, const Report *const rep[2],
                         const DiffOptions *o, ListDiff *d)
{
   const ListKind *k = &list_kind[list];
   check_comparable(list, rep, d);
   if (d->why[0] != '\0')
      return;
   Entries *es = &d->es;
   for (int s = 0; s < 2; s++)
      add_entries(es, list, s, rep[s], o);
   qsort(es->e, es->n, sizeof *es->e, cmp_entry);

   d->rows = xrealloc(NULL, (es->n ? es->n : 1) * sizeof *d->rows);
   for (size_t i = 0; i < es->n; i++) {
      if (i == 0 || strcmp(es->e[i].key, es->e[i - 1].key) != 0)
         d->rows[d->nrows++] = (Row){ .decider = -1 };
      row_add(&d->rows[d->nrows - 1], &es->e[i], k->nm);
   }
   match_loose(d, k->nm);

   size_t m = 0;
   for (size_t i = 0; i < d->nrows; i++) {
      Row *r = &d->rows[i];
      if (r->dead)
         continue;
      d->nkeys++;
      bool noise;
      r->decider = row_decider(k, r, &noise);
      if (r->decider < 0) {
         d->nnoise += noise;
         continue;
      }
      d->nnew += r->n[OLD] == 0;
      d->ngone += r->n[NEW] == 0;
      d->nmoved += r->moved;
      d->rows[m++] = *r;
   }
   d->nch = m;
   qsort(d->rows, d->nch, sizeof *d->rows, cmp_row);
}

SiteDiff *sites_compare(const Report *const rep[2], const DiffOptions *opt)
{
   SiteDiff *d = xrealloc(NULL, sizeof *d);
   memset(d, 0, sizeof *d);
   for (int l = 0; l < L_N; l++)
      compare_list(l, rep, opt, &d->l[l]);
   return d;
}

size_t sites_changed(const SiteDiff *d)
{
   size_t n = 0;
   for (int l = 0; l < L_N; l++)
      n += d->l[l].nch;
   return n;
}

size_t sites_noise(const SiteDiff *d)
{
   size_t n = 0;
   for (int l = 0; l < L_N; l++)
      n += d->l[l].nnoise;
   return n;
}

void sites_free(SiteDiff *d)
{
   if (d == NULL)
      return;
   for (int l = 0; l < L_N; l++) {
      ListDiff *ld = &d->l[l];
      for (size_t i = 0; i < ld->es.n; i++) {
         free(ld->es.e[i].key);
         free(ld->es.e[i].loose);
      }
      free(ld->es.e);
      free(ld->rows);
   }
   free(d);
}

/* ------------------------------------------------------------------ */
/* Printing                                                            */
/* ------------------------------------------------------------------ */

/* "2,400 bytes in 3 blocks", "680.0 ms in 53 waits", "4 tasks",
   "1,200,000 instructions". */
static const char *amount(const Measure *m, uint64_t a, uint64_t b)
{
   static char ring[4][160];
   static unsigned next;
   char *out = ring[next++ % 4];
   char pa[96];
   switch (m->unit) {
   case U_BYTES:
      snprintf(pa, sizeof pa, "%s", bytes_str(a));
      break;
   case U_US:
      snprintf(pa, sizeof pa, "%s", ms1(a));
      break;
   case U_INSNS:
      snprintf(pa, sizeof pa, "%s %s", num(a),
               plural(a, "instruction", "instructions"));
      break;
   default:
      snprintf(pa, sizeof pa, "%s %s", num(a), plural(a, m->aone, m->amany));
      break;
   }
   if (m->one)
      snprintf(out, sizeof ring[0], "%s in %s %s", pa, num(b),
               plural(b, m->one, m->many));
   else
      snprintf(out, sizeof ring[0], "%s", pa);
   return out;
}

/* "+1,000 bytes, +1 block", "-30.0 ms", "+4 tasks": what changed. */
static const char *change_text(const Measure *m, uint64_t a0, uint64_t a1,
                               uint64_t b0, uint64_t b1)
{
   static char ring[4][192];
   static unsigned next;
   char *out = ring[next++ % 4];
   char pa[96] = "", pb[64] = "";
   uint64_t d = diff_abs(a0, a1);
   if (a0 != a1 && m->unit == U_COUNT)
      snprintf(pa, sizeof pa, "%s %s", diff_delta(a0, a1, false),
               plural(d, m->aone, m->amany));
   else if (a0 != a1)
      snprintf(pa, sizeof pa, "%s%s", diff_delta(a0, a1, m->unit == U_US),
               m->unit == U_BYTES ? plural(d, " byte", " bytes")
               : m->unit == U_INSNS ? plural(d, " instruction",
                                             " instructions") : "");
   if (m->one && b0 != b1)
      snprintf(pb, sizeof pb, "%s %s", diff_delta(b0, b1, false),
               plural(diff_abs(b0, b1), m->one, m->many));
   snprintf(out, sizeof ring[0], "%s%s%s", pa, *pa && *pb ? ", " : "", pb);
   return out;
}

/* "old -> new" of measure m of r, after its change, or its amount in
   the one report that has it. */
static void print_measure(const Measure *mk, const Row *r, size_t m)
{
   const uint64_t *o = r->v[OLD][m], *n = r->v[NEW][m];
   if (r->n[OLD] == 0)
      printf("new: %s", amount(mk, n[0], n[1]));
   else if (r->n[NEW] == 0)
      printf("gone: %s", amount(mk, o[0], o[1]));
   else
      printf("%s: %s -> %s", change_text(mk, o[0], n[0], o[1], n[1]),
             amount(mk, o[0], o[1]), amount(mk, n[0], n[1]));
}

/* A stack as the summary prints it (from the program's own code,
   runs of frames not its own folded), without addresses. */
static void print_row_stack(const Entry *e, const DiffOptions *opt)
{
   StackStyle st = { .frames = opt->frames, .full_names = opt->full_names,
                     .own = opt->own, .group_frames = opt->group_frames,
                     .addresses = false };
   Grouped g = { .cut = e->g.cut, .stacks = 1 };
   print_stack_as(e->stack, &g, &st);
}

/* Where a spawn site is, named as the summary names it:
   "fn (file:line)". */
static void print_spawn_place(const Entry *e, const DiffOptions *opt)
{
   Buf b = { 0 };
   if (spawn_frame(e->sp) == NULL) {
      StackStyle st = { .full_names = opt->full_names, .own = opt->own,
                        .group_frames = 1 };
      char *p = own_place_as(e->stack, &st);
      printf("%s (its spawn frame unknown)", p ? p : "an unknown place");
      free(p);
   } else {
      add_spawn_place_as(&b, e->sp, opt->own, opt->full_names, false);
      printf("%s", b.s);
   }
   free(b.s);
}

/* Its future or call, on a line of its own as the summary has it. */
static void print_spawn_work(const Entry *e, const DiffOptions *opt)
{
   Buf b = { 0 };
   bool rayon = e->sp->kind && strcmp(e->sp->kind, "rayon") == 0;
   if (add_site_work_as(&b, e->sp, opt->full_names))
      printf("   %s: %s\n", rayon ? "calls" : "future", b.s);
   free(b.s);
}

static void print_sums_note(const ListKind *k, const Row *r)
{
   int side = r->big[NEW] ? NEW : OLD;
   if (r->n[OLD] == 0 || r->n[NEW] == 0) {
      if (r->n[side] > 1)
         printf(" (%s %s summed)", num(r->n[side]), k->sites);
   } else if (r->n[OLD] > 1 || r->n[NEW] > 1) {
      printf(" (%s %s in old, %s in new)", num(r->n[OLD]),
             plural(r->n[OLD], k->site, k->sites), num(r->n[NEW]));
   }
   if (r->moved)
      printf(" (matched without lines: its frames' lines differ)");
}

static void print_row(int list, size_t i, const Row *r,
                      const Report *const rep[2], const DiffOptions *opt)
{
   const ListKind *k = &list_kind[list];
   const Entry *e = row_shown(r);
   names_index(rep[e->side]);    /* names.c derives names per report */
   printf("\n#%zu: ", i + 1);
   if (spawn_list(list)) {
      if (r->n[OLD] == 0 || r->n[NEW] == 0)
         printf("%s: ", r->n[OLD] == 0 ? "new" : "gone");
      print_spawn_place(e, opt);
      printf(", %s", e->what ? e->what : "?");
      print_sums_note(k, r);
      putchar('\n');
      print_spawn_work(e, opt);
      /* Each measure that changed; a new or gone site's that are not 0;
         and what its work ran, for scale. */
      int side = r->n[NEW] ? NEW : OLD;
      bool one = r->n[OLD] == 0 || r->n[NEW] == 0;
      for (size_t m = 0; m < k->nm; m++) {
         const Measure *mk = &k->m[m];
         bool show = one ? r->v[side][m][0] != 0 || r->v[side][m][1] != 0
                         : measure_changed(mk, r->v, m) || m == M_SPAWNED;
         if (!show)
            continue;
         printf("   %s: ", mk->name);
         if (one)
            printf("%s", amount(mk, r->v[side][m][0], r->v[side][m][1]));
         else if (r->v[OLD][m][0] == r->v[NEW][m][0])
            printf("%s in both", amount(mk, r->v[NEW][m][0], 0));
         else if (!measure_changed(mk, r->v, m))
            printf("%s -> %s (not a change: %s)",
                   amount(mk, r->v[OLD][m][0], 0),
                   amount(mk, r->v[NEW][m][0], 0),
                   mk->na == N_IGNORE ? "work stealing's split"
                                      : "within the runs' noise");
         else
            print_measure(mk, r, m);
         putchar('\n');
      }
      return;
   }
   print_measure(&k->m[0], r, 0);
   char *role = role_label(e->role, false);
   printf("; %s%srole %s", e->what ? e->what : "", e->what ? ", " : "", role);
   free(role);
   print_sums_note(k, r);
   putchar('\n');
   print_row_stack(e, opt);
}

/* What the rows not shown come to, each way; a site list's only. */
static void print_rest(const ListKind *k, const ListDiff *d, size_t shown,
                       bool spawn)
{
   uint64_t g = 0, s = 0, ga[2] = { 0 }, gb[2] = { 0 }, sa[2] = { 0 },
            sb[2] = { 0 };
   for (size_t i = shown; i < d->nch; i++) {
      const Row *r = &d->rows[i];
      bool up = grew(r);
      uint64_t *pa = up ? ga : sa, *pb = up ? gb : sb;
      *(up ? &g : &s) += 1;
      for (int side = 0; side < 2; side++) {
         pa[side] = add_sat(pa[side], r->v[side][0][0]);
         pb[side] = add_sat(pb[side], r->v[side][0][1]);
      }
   }
   printf("\n  %s%s%s changed:", shown > 0 ? "... and " : "",
          num(d->nch - shown), shown > 0 ? " more" : "");
   if (spawn) {
      printf(" %s grew, %s shrank; --top=N shows more\n", num(g), num(s));
      return;
   }
   const Measure *m = &k->m[0];
   if (g > 0)
      printf(" %s grew (%s)%s", num(g),
             change_text(m, ga[OLD], ga[NEW], gb[OLD], gb[NEW]),
             s > 0 ? "," : "");
   if (s > 0)
      printf(" %s shrank (%s)", num(s),
             change_text(m, sa[OLD], sa[NEW], sb[OLD], sb[NEW]));
   printf("; --top=N shows more\n");
}

/* Prints one list compared: the top rows that changed and what the
   rest come to; with NOTES, only why it was not compared. */
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
   if (mode != PRINT || (spawn_list(list) && !d->had))
      return;
   if (d->nch == 0) {
      printf("\n%s: no change (%s %s", k->title, num(d->nkeys),
             plural(d->nkeys, k->site, k->sites));
      if (d->nnoise > 0)
         printf("; %s changed within the runs' noise", num(d->nnoise));
      printf(").\n");
      return;
   }
   printf("\n%s: %s of %s %s changed (%s new, %s gone), by growth:\n",
          k->title, num(d->nch), num(d->nkeys),
          plural(d->nkeys, k->site, k->sites), num(d->nnew), num(d->ngone));
   if (d->nnoise > 0)
      printf("(%s more changed within the runs' noise, not listed)\n",
             num(d->nnoise));
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
      print_row(list, i, &d->rows[i], rep, opt);
   if (shown < d->nch)
      print_rest(k, d, shown, spawn_list(list));
}

void sites_print(const SiteDiff *d, const Report *const rep[2],
                 const DiffOptions *opt, enum Mode mode)
{
   for (int l = 0; l < L_N; l++)
      print_list(l, &d->l[l], rep, opt, mode);
}
