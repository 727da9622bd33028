/* text_threads.c: the threads, roles and waits of the text summary.
 * Every thread is a row; past --threads of them, the threads are summed
 * by role and pool (what a run of many short-lived threads comes down
 * to) and the heaviest listed.  Then a row per <role-summary>, the
 * futex waits by class and role, and the threads of role other summed
 * by their names with trailing numbers folded.
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

/* ---- Threads ---- */

/* Heaviest first: most instructions, then most live bytes, most
   allocations, most time blocked; then in creation order. */
static int cmp_thread_weight(const void *a, const void *b)
{
   const Thread *x = *(const Thread *const *)a, *y = *(const Thread *const *)b;
   if (x->insns != y->insns)
      return x->insns > y->insns ? -1 : 1;
   if (x->live_bytes != y->live_bytes)
      return x->live_bytes > y->live_bytes ? -1 : 1;
   if (x->allocs != y->allocs)
      return x->allocs > y->allocs ? -1 : 1;
   if (x->fx.blocked_us != y->fx.blocked_us)
      return x->fx.blocked_us > y->fx.blocked_us ? -1 : 1;
   return (x->seq > y->seq) - (x->seq < y->seq);
}

/* One row per thread of list. */
static void print_thread_rows(const Thread *const *list, size_t n,
                              bool insns, bool futex)
{
   /* Columns for counters that older reports lack only if there are
      some. */
   const char *head[10];
   bool right[10];
   size_t cap[10], nc = 0;
#define COL(h, r, c) (head[nc] = (h), right[nc] = (r), cap[nc] = (c), nc++)
   COL("seq", true, 0);
   COL("name", false, NAME_COL_MAX);
   COL("role", false, ROLE_COL_MAX);
   COL("creator", true, 0);
   COL("lifetime (ms)", false, 0);
   if (insns)
      COL("instructions", true, 0);
   if (futex) {
      COL("futex waits", true, 0);
      COL("blocked", true, 0);
   }
   COL("allocs", true, 0);
   COL("live bytes", true, 0);
#undef COL
   Table t = { .ncols = nc, .head = head, .right = right, .cap = cap };
   char b[96];

   for (size_t i = 0; i < n; i++) {
      const Thread *th = list[i];
      snprintf(b, sizeof b, "%" PRIu64, th->seq);
      table_cell(&t, b);
      table_cell(&t, th->name ? th->name : "-");
      char *rl = role_label(&th->role, true);
      if (th->role_by_name) {   /* its name said, not its code */
         char *by = xrealloc(NULL, strlen(rl) + sizeof " (by name)");
         strcpy(by, rl);
         strcat(by, " (by name)");
         free(rl);
         rl = by;
      }
      table_cell_take(&t, rl);
      if (th->creator == 0)
         snprintf(b, sizeof b, "-");
      else
         snprintf(b, sizeof b, "%" PRIu64, th->creator);
      table_cell(&t, b);
      if (th->alive)
         snprintf(b, sizeof b, "%s..exit (alive)", num(th->start_ms));
      else if (th->has_end)
         snprintf(b, sizeof b, "%s..%s%s", num(th->start_ms), num(th->end_ms),
                  th->forked ? " (fork)" : "");
      else
         snprintf(b, sizeof b, "%s..?", num(th->start_ms));
      table_cell(&t, b);
      if (insns)
         table_cell(&t, th->has_insns ? num(th->insns) : "-");
      if (futex) {
         table_cell(&t, th->has_futex ? num(th->fx.waits) : "-");
         table_cell(&t, th->has_futex ? ms1(th->fx.blocked_us) : "-");
      }
      table_cell(&t, num(th->allocs));
      table_cell(&t, num(th->live_bytes));
   }
   table_print(&t);
}

/* The threads of one role and pool, summed. */
typedef struct {
   const Role *role;
   uint64_t threads, alive, insns, waits, blocked_us, allocs, live_bytes;
   uint64_t start_ms, end_ms;    /* the first start, the last end */
   bool to_exit, unknown_end;    /* one alive at exit; one without end */
   uint64_t creator;             /* the creator, if creators == 1 */
   uint64_t creators;            /* how many threads created them */
} TGroup;

/* By role and pool, then by creator, for counting creators. */
static int cmp_thread_group(const void *a, const void *b)
{
   const Thread *x = *(const Thread *const *)a, *y = *(const Thread *const *)b;
   int c = cmp_role(&x->role, &y->role);
   if (c != 0)
      return c;
   if (x->creator != y->creator)
      return x->creator > y->creator ? 1 : -1;
   return (x->seq > y->seq) - (x->seq < y->seq);
}

/* Most threads first, then most instructions, then by role. */
static int cmp_tgroup(const void *a, const void *b)
{
   const TGroup *x = a, *y = b;
   if (x->threads != y->threads)
      return x->threads > y->threads ? -1 : 1;
   if (x->insns != y->insns)
      return x->insns > y->insns ? -1 : 1;
   return cmp_role(x->role, y->role);
}

/* One row per role and pool (the thread's primary role, as the report
   gives it): what a run of many short-lived threads comes down to. */
static void print_thread_groups(const Report *r, bool insns, bool futex)
{
   const Thread **by = xrealloc(NULL, r->threads.n * sizeof *by);
   TGroup *g = xrealloc(NULL, r->threads.n * sizeof *g);
   size_t ng = 0;
   for (size_t i = 0; i < r->threads.n; i++)
      by[i] = &r->threads.list[i];
   qsort(by, r->threads.n, sizeof *by, cmp_thread_group);
   for (size_t i = 0; i < r->threads.n; i++) {
      const Thread *th = by[i];
      TGroup *cur = ng > 0 ? &g[ng - 1] : NULL;
      if (cur == NULL || !same_role(cur->role, &th->role)) {
         cur = &g[ng++];
         *cur = (TGroup){ .role = &th->role, .start_ms = th->start_ms };
      }
      if (cur->threads == 0 || by[i - 1]->creator != th->creator) {
         cur->creators++;
         cur->creator = th->creator;
      }
      cur->threads++;
      cur->alive += th->alive;
      cur->insns = add_sat(cur->insns, th->insns);
      cur->waits = add_sat(cur->waits, th->fx.waits);
      cur->blocked_us = add_sat(cur->blocked_us, th->fx.blocked_us);
      cur->allocs = add_sat(cur->allocs, th->allocs);
      cur->live_bytes = add_sat(cur->live_bytes, th->live_bytes);
      if (th->start_ms < cur->start_ms)
         cur->start_ms = th->start_ms;
      if (th->alive)
         cur->to_exit = true;
      else if (!th->has_end)
         cur->unknown_end = true;
      else if (th->end_ms > cur->end_ms)
         cur->end_ms = th->end_ms;
   }
   qsort(g, ng, sizeof *g, cmp_tgroup);

   const char *head0[10], *head[10];
   bool right[10];
   size_t cap[10], nc = 0;
#define COL(h0, h, r, c) \
   (head0[nc] = (h0), head[nc] = (h), right[nc] = (r), cap[nc] = (c), nc++)
   COL("", "role", false, ROLE_COL_MAX);
   COL("", "threads", true, 0);
   COL("alive", "at exit", true, 0);
   COL("", "created by", true, 0);
   COL("", "lifetime (ms)", false, 0);
   if (insns)
      COL("", "instructions", true, 0);
   if (futex) {
      COL("futex", "waits", true, 0);
      COL("", "blocked", true, 0);
   }
   COL("", "allocs", true, 0);
   COL("live", "bytes", true, 0);
#undef COL
   Table t = { .ncols = nc, .head0 = head0, .head = head, .right = right,
               .cap = cap };
   char b[96];
   for (size_t i = 0; i < ng; i++) {
      const TGroup *x = &g[i];
      table_cell_take(&t, role_label(x->role, false));
      table_cell(&t, num(x->threads));
      table_cell(&t, num(x->alive));
      if (x->creators > 1)
         snprintf(b, sizeof b, "%s threads", num(x->creators));
      else if (x->creator == 0)
         snprintf(b, sizeof b, "-");
      else
         snprintf(b, sizeof b, "%" PRIu64, x->creator);
      table_cell(&t, b);
      snprintf(b, sizeof b, "%s..%s", num(x->start_ms),
               x->to_exit ? "exit" : x->unknown_end ? "?" : num(x->end_ms));
      table_cell(&t, b);
      if (insns)
         table_cell(&t, num(x->insns));
      if (futex) {
         table_cell(&t, num(x->waits));
         table_cell(&t, ms1(x->blocked_us));
      }
      table_cell(&t, num(x->allocs));
      table_cell(&t, num(x->live_bytes));
   }
   table_print(&t);
   free(g);
   free(by);
}

/* Every thread, one row each; or, with more than top of them, the
   threads by role and pool and the top heaviest. */
void print_threads(const Report *r, size_t top)
{
   bool insns = false, futex = false;
   for (size_t i = 0; i < r->threads.n; i++) {
      insns |= r->threads.list[i].has_insns;
      futex |= r->threads.list[i].has_futex;
   }
   const Thread **list = xrealloc(NULL, (r->threads.n ? r->threads.n : 1) *
                                  sizeof *list);
   for (size_t i = 0; i < r->threads.n; i++)
      list[i] = &r->threads.list[i];

   if (r->threads.n <= top) {
      printf("\nThreads: %s\n", num(r->threads.n));
      if (r->threads.n > 0)
         print_thread_rows(list, r->threads.n, insns, futex);
   } else {
      printf("\nThreads: %s, by role and pool:\n", num(r->threads.n));
      print_thread_groups(r, insns, futex);
      if (top > 0) {
         qsort(list, r->threads.n, sizeof *list, cmp_thread_weight);
         printf("\n  The %s %s:\n", num(top),
                insns ? "that executed the most instructions"
                      : "with the most live bytes");
         print_thread_rows(list, top, insns, futex);
         printf("  ... and %s more (--threads=all lists them all)\n",
                num(r->threads.n - top));
      }
   }
   free(list);
}

/* ---- Roles and their waits ---- */

/* Whether every role's counters have the wait classes (a report of a
   tool before them has idle and the rest, "contention"). */
bool roles_have_classes(const Report *r)
{
   for (size_t i = 0; i < r->roles.n; i++)
      if (!futex_has_classes(&r->roles.list[i].fx))
         return false;
   return r->roles.n > 0;
}

/* The wait classes by role: a waits and a blocked column per class that
   any role waited in, the roles in the order of the roles' table (a
   view of the <role-summary> rows).  Only for a report with classes. */
static void print_wait_classes(const View *roles)
{
   const char *head0[2 + 2 * WC_N], *head[2 + 2 * WC_N];
   bool right[2 + 2 * WC_N];
   size_t cap[2 + 2 * WC_N] = { ROLE_COL_MAX };
   int cls[WC_N], ncls = 0;
   uint64_t total = 0;

   for (size_t i = 0; i < roles->n; i++) {
      const RoleSum *s = roles->at[i];
      total = add_sat(total, s->fx.waits);
   }
   if (total == 0)
      return;
   for (int c = 0; c < WC_N; c++)
      for (size_t i = 0; i < roles->n; i++) {
         const RoleSum *s = roles->at[i];
         if (futex_class_waits(&s->fx, c) > 0) {
            cls[ncls++] = c;
            break;
         }
      }
   head0[0] = ""; head[0] = "role"; right[0] = false;
   head0[1] = ""; head[1] = "waits"; right[1] = true;
   head0[2] = ""; head[2] = "blocked"; right[2] = true;
   for (int k = 0; k < ncls; k++) {
      const char *name = wait_class_name[cls[k]];
      head0[3 + 2 * k] = name; head[3 + 2 * k] = "waits";
      head0[4 + 2 * k] = name; head[4 + 2 * k] = "blocked";
      right[3 + 2 * k] = right[4 + 2 * k] = true;
   }
   Table t = { .ncols = 3 + 2 * (size_t)ncls, .head0 = head0, .head = head,
               .right = right, .cap = cap };
   printf("\nFutex waits by class (what they waited for) and role:\n");
   for (size_t i = 0; i < roles->n; i++) {
      const RoleSum *s = roles->at[i];
      if (s->fx.waits == 0)
         continue;
      table_cell_take(&t, role_label(&s->role, false));
      table_cell(&t, num(s->fx.waits));
      table_cell(&t, ms1(s->fx.blocked_us));
      for (int k = 0; k < ncls; k++) {
         table_cell(&t, num(futex_class_waits(&s->fx, cls[k])));
         table_cell(&t, ms1(futex_class_us(&s->fx, cls[k])));
      }
   }
   table_print(&t);
}

/* One row per <role-summary>; nothing for a report without <roles>. */
void print_roles(const Report *r, bool with_classes)
{
   static const char *const head0[] = {
      "", "", "peak", "", "alive", "", "idle", "idle", "contention",
      "contention", "bytes", "live",
   };
   /* With wait classes: idle and lock contention; the other classes are
      in print_wait_classes' table. */
   static const char *const head0_classes[] = {
      "", "", "peak", "", "alive", "", "idle", "idle", "lock contention",
      "lock contention", "bytes", "live",
   };
   static const char *const head[] = {
      "role", "threads", "alive", "churn", "at exit", "instructions",
      "waits", "blocked", "waits", "blocked", "allocated", "bytes",
   };
   static const bool right[] = {
      false, true, true, true, true, true, true, true, true, true, true, true,
   };
   static const size_t cap[] = { ROLE_COL_MAX, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0 };
   bool classes = roles_have_classes(r);
   Table t = { .ncols = 12, .head0 = classes ? head0_classes : head0,
               .head = head, .right = right, .cap = cap };

   if (!r->roles.present)
      return;
   if (r->roles.n == 0) {
      printf("\nBy role: none.\n");
      return;
   }
   View v = view_sorted(r->roles.list, r->roles.n, sizeof *r->roles.list,
                        cmp_rolesum);
   printf("\nBy role:\n");
   for (size_t i = 0; i < v.n; i++) {
      const RoleSum *s = v.at[i];
      table_cell_take(&t, role_label(&s->role, false));
      table_cell(&t, num(s->threads));
      table_cell(&t, num(s->peak_alive));
      table_cell(&t, num(s->churn));
      table_cell(&t, num(s->alive));
      table_cell(&t, num(s->insns));
      table_cell(&t, num(s->fx.idle_waits));
      table_cell(&t, ms1(s->fx.idle_us));
      if (classes) {
         table_cell(&t, num(s->fx.lock_waits));
         table_cell(&t, ms1(s->fx.lock_us));
      } else {
         table_cell(&t, num(sub_sat(s->fx.waits, s->fx.idle_waits)));
         table_cell(&t, ms1(sub_sat(s->fx.blocked_us, s->fx.idle_us)));
      }
      table_cell(&t, num(s->bytes_allocated));
      table_cell(&t, num(s->live_bytes));
   }
   table_print(&t);
   if (classes && with_classes)
      print_wait_classes(&v);
   view_free(&v);
}

/* The one screen's roles: who they are and what they hold, in 80
   columns (their CPU and waits are in the lines above it; --show=roles
   has every column). */
void print_roles_brief(const Report *r)
{
   static const char *const head0[] = {
      "", "", "peak", "alive", "bytes", "live",
   };
   static const char *const head[] = {
      "role", "threads", "alive", "at exit", "allocated", "bytes",
   };
   static const bool right[] = { false, true, true, true, true, true };
   static const size_t cap[] = { ROLE_COL_MAX, 0, 0, 0, 0, 0 };
   Table t = { .ncols = 6, .head0 = head0, .head = head, .right = right,
               .cap = cap };
   if (!r->roles.present || r->roles.n == 0)
      return;
   View v = view_sorted(r->roles.list, r->roles.n, sizeof *r->roles.list,
                        cmp_rolesum);
   printf("\nBy role:\n");
   for (size_t i = 0; i < v.n; i++) {
      const RoleSum *s = v.at[i];
      table_cell_take(&t, role_label(&s->role, false));
      table_cell(&t, num(s->threads));
      table_cell(&t, num(s->peak_alive));
      table_cell(&t, num(s->alive));
      table_cell(&t, num(s->bytes_allocated));
      table_cell(&t, num(s->live_bytes));
   }
   table_print(&t);
   view_free(&v);
}

/* ---- Threads of role other, by name ---- */

typedef struct {
   char *name;
   uint64_t threads, alive, insns, waits, blocked_us, allocated, live;
   size_t order;
} NameGroup;

static int cmp_namegroup(const void *a, const void *b)
{
   const NameGroup *x = a, *y = b;
   if (x->insns != y->insns)
      return x->insns > y->insns ? -1 : 1;
   return cmp_order(x->order, y->order);
}

#define NAME_GROUPS_SHOWN 20

/* Threads outside the runtimes all have role other; most programs name
   them, and a name with its number folded says which kind each is. */
void print_other_names(const Report *r)
{
   NameGroup *g = NULL;
   size_t ng = 0, cap = 0, nother = 0;
   /* A lone thread of role other is in the threads table already; an
      early report has no counters to sum. */
   for (size_t i = 0; i < r->threads.n; i++)
      nother += r->threads.list[i].role.role &&
                strcmp(r->threads.list[i].role.role, "other") == 0;
   if (nother < 2 || !r->roles.present)
      return;
   for (size_t i = 0; i < r->threads.n; i++) {
      const Thread *t = &r->threads.list[i];
      if (t->role.role == NULL || strcmp(t->role.role, "other") != 0)
         continue;
      char *f = fold_name(t->name);
      size_t j = 0;
      while (j < ng && strcmp(g[j].name, f) != 0)
         j++;
      if (j == ng) {
         GROW(g, cap, ng + 1);
         memset(&g[ng], 0, sizeof g[ng]);
         g[ng].name = f;
         g[ng].order = ng;
         ng++;
      } else {
         free(f);
      }
      g[j].threads++;
      g[j].alive += t->alive;
      g[j].insns = add_sat(g[j].insns, t->insns);
      g[j].waits = add_sat(g[j].waits, t->fx.waits);
      g[j].blocked_us = add_sat(g[j].blocked_us, t->fx.blocked_us);
      g[j].allocated = add_sat(g[j].allocated, t->bytes_allocated);
      g[j].live = add_sat(g[j].live, t->live_bytes);
   }
   if (ng > 0) {
      static const char *const head[] = {
         "name", "threads", "alive at exit", "instructions", "futex waits",
         "blocked", "bytes allocated", "live bytes",
      };
      static const bool right[] = {
         false, true, true, true, true, true, true, true,
      };
      static const size_t cap0[] = { ROLE_COL_MAX, 0, 0, 0, 0, 0, 0, 0 };
      Table t = { .ncols = 8, .head = head, .right = right, .cap = cap0 };
      qsort(g, ng, sizeof *g, cmp_namegroup);
      size_t shown = ng < NAME_GROUPS_SHOWN ? ng : NAME_GROUPS_SHOWN;
      printf("\nThreads of role other, by name (trailing numbers folded)%s:\n",
             shown < ng ? "; those that executed the most" : "");
      for (size_t j = 0; j < shown; j++) {
         table_cell(&t, g[j].name);
         table_cell(&t, num(g[j].threads));
         table_cell(&t, num(g[j].alive));
         table_cell(&t, num(g[j].insns));
         table_cell(&t, num(g[j].waits));
         table_cell(&t, ms1(g[j].blocked_us));
         table_cell(&t, num(g[j].allocated));
         table_cell(&t, num(g[j].live));
      }
      table_print(&t);
      if (shown < ng)
         printf("  ... and %s more %s\n", num(ng - shown),
                plural(ng - shown, "name", "names"));
   }
   for (size_t j = 0; j < ng; j++)
      free(g[j].name);
   free(g);
}
