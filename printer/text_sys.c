/* text_sys.c: where threads blocked outside futex waits: the time in
 * the syscalls that may block (the report's <syscalls> per thread),
 * summed by role and pool and by class: IO (reads, writes, opens,
 * syncs, connects, accepts), readiness (epoll_wait, poll, select: where
 * Tokio's IO driver parks with nothing to do), sleeping, and the rest
 * (a child, a signal).  Printed under the futex waits in the overview.
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
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report.h"
#include "table.h"
#include "text.h"

/* Roles named in the overview. */
#define SYS_ROLES 3

/* What a class waits for, said once in the header. */
static const char *const sys_words[SYS_N] = {
   [SYS_IO] = "reads, writes, opens, syncs, connects",
   [SYS_POLL] = ("epoll_wait, poll, select: where Tokio's IO driver waits "
                 "for work"),
   [SYS_SLEEP] = "nanosleep",
   [SYS_OTHER] = "a child or a signal",
};

typedef struct {
   char *name;
   uint64_t us[SYS_N], calls[SYS_N], total;
   uint64_t threads, alive_us, idle_us, futex_us, running_us; /* wall */
   bool running;                 /* every thread has running_us */
} SysRole;

static int cmp_sysrole(const void *a, const void *b)
{
   const SysRole *x = a, *y = b;
   if (x->total != y->total)
      return x->total > y->total ? -1 : 1;
   return strcmp(x->name, y->name);
}

/* The threads' figures summed by role (label without the index), in
   the report's order of first sight, or (per_thread) one row a thread,
   named by its seq; *n rows, *any: some thread has <syscalls>. */
static SysRole *by_group(const Report *r, bool per_thread, size_t *n,
                         bool *any)
{
   SysRole *v = NULL;
   size_t cap = 0;
   *n = 0;
   *any = false;
   for (size_t i = 0; i < r->threads.n; i++) {
      const Thread *t = &r->threads.list[i];
      char *name;
      if (per_thread) {
         name = xrealloc(NULL, 24);
         snprintf(name, 24, "%" PRIu64, t->seq);
      } else {
         name = role_label(&t->role, false);
      }
      size_t k = per_thread ? *n : 0;
      while (k < *n && strcmp(v[k].name, name) != 0)
         k++;
      if (k == *n) {
         GROW(v, cap, *n + 1);
         memset(&v[*n], 0, sizeof v[*n]);
         v[(*n)++].name = name;
      } else {
         free(name);
      }
      SysRole *g = &v[k];
      if (g->threads == 0)
         g->running = true;
      g->running = g->running && t->has_running;
      g->running_us = add_sat(g->running_us, t->running_us);
      uint64_t end = t->has_end ? t->end_ms : r->run.duration_ms;
      g->threads++;
      uint64_t ms = sub_sat(end, t->start_ms);
      g->alive_us = add_sat(g->alive_us,
                            ms > UINT64_MAX / 1000 ? UINT64_MAX : ms * 1000);
      if (t->has_futex) {
         g->idle_us = add_sat(g->idle_us, t->fx.idle_us);
         g->futex_us = add_sat(g->futex_us,
                               sub_sat(t->fx.blocked_us, t->fx.idle_us));
      }
      if (!t->has_sys)
         continue;
      *any = true;
      for (int c = 0; c < SYS_N; c++) {
         g->us[c] = add_sat(g->us[c], t->sys_us[c]);
         g->calls[c] = add_sat(g->calls[c], t->sys_calls[c]);
         g->total = add_sat(g->total, t->sys_us[c]);
      }
   }
   return v;
}

static void free_roles(SysRole *v, size_t n)
{
   for (size_t i = 0; i < n; i++)
      free(v[i].name);
   free(v);
}

/* ": io 204.4 ms (reads, ...), ..." (the header's, words) or ": io
   204.4 ms in 20 calls, ..." (a role's, calls): the classes with time,
   the most first. */
static void add_classes(Buf *b, const uint64_t *us, const uint64_t *calls)
{
   int order[SYS_N];
   int n = order_nonzero_desc(us, SYS_N, order);
   for (int i = 0; i < n; i++) {
      int c = order[i];
      char t[200];
      if (calls != NULL)
         snprintf(t, sizeof t, "%s %s %s in %s %s", i ? "," : ":",
                  sys_names[c], ms1(us[c]), num(calls[c]),
                  plural(calls[c], "call", "calls"));
      else
         snprintf(t, sizeof t, "%s %s %s (%s)", i ? "," : ":", sys_names[c],
                  ms1(us[c]), sys_words[c]);
      buf_adds(b, t);
   }
}

void print_overview_syscalls(const Report *r)
{
   size_t n;
   bool any;
   SysRole *v = by_group(r, false, &n, &any);
   uint64_t all[SYS_N] = { 0 }, total = 0;
   for (size_t k = 0; k < n; k++)
      for (int c = 0; c < SYS_N; c++) {
         all[c] = add_sat(all[c], v[k].us[c]);
         total = add_sat(total, v[k].us[c]);
      }
   if (total > 0) {
      qsort(v, n, sizeof *v, cmp_sysrole);
      Buf b = { 0 };
      buf_adds(&b, "Other syscalls: threads blocked ");
      buf_adds(&b, ms1(total));
      buf_adds(&b, " in syscalls besides futex waits");
      add_classes(&b, all, NULL);
      printf("\n%s; the most:\n", b.s);
      free(b.s);
      for (size_t i = 0; i < n && i < SYS_ROLES && v[i].total > 0; i++) {
         Buf l = { 0 };
         buf_adds(&l, v[i].name);
         buf_adds(&l, ": ");
         buf_adds(&l, ms1(v[i].total));
         add_classes(&l, v[i].us, v[i].calls);
         printf("  %s\n", l.s);
         free(l.s);
      }
   }
   free_roles(v, n);
}

/* "812.4 ms 41.2%" */
static char *ms_pct(uint64_t us, uint64_t whole)
{
   char s[64];
   snprintf(s, sizeof s, "%s %s", ms1(us), share_pct(us, whole));
   return xstrdup(s);
}

/* Where each role's wall time went: its threads' lives, from start to
   end (or the end of the run), split into running client code, futex
   waits (idle parking apart), other syscalls (readiness waits apart:
   Tokio's IO driver parks there) and the rest: the tools' own work for
   the thread (translating code, reading debug information, its heap
   calls, which the tool serves outside the client's code) and its
   waits for Valgrind's lock after a time slice.  A wait lasts until the
   thread runs again, so its wait for the lock after a syscall is the
   syscall's. */
/* One row of a wall-time table: the figures after the name columns. */
static void wall_cells(Table *t, const SysRole *g)
{
   uint64_t other = sub_sat(g->total, g->us[SYS_POLL]);
   uint64_t spent = add_sat(add_sat(g->idle_us, g->futex_us),
                            add_sat(g->total, g->running_us));
   table_cell(t, ms1(g->alive_us));
   table_cell_take(t, ms_pct(g->running_us, g->alive_us));
   table_cell_take(t, ms_pct(g->idle_us, g->alive_us));
   table_cell_take(t, ms_pct(g->futex_us, g->alive_us));
   table_cell_take(t, ms_pct(g->us[SYS_POLL], g->alive_us));
   table_cell_take(t, ms_pct(other, g->alive_us));
   table_cell_take(t, ms_pct(sub_sat(g->alive_us, spent), g->alive_us));
}

/* Whether every row has its running time (a report before <syscalls>
   or before running-us has none: no table then). */
static bool wall_known(const SysRole *v, size_t n, bool any)
{
   bool running = n > 0;
   for (size_t k = 0; k < n; k++)
      running = running && v[k].running;
   return any && running;
}

/* The same per thread, for --show=threads: where each thread's life
   went; when the threads are listed one by one (at most top of them). */
void print_wall_by_thread(const Report *r, size_t top)
{
   static const char *const head0[] = {
      "", "", "", "", "futex", "futex", "poll", "other", "",
   };
   static const char *const head[] = {
      "seq", "role", "life", "running", "idle", "waits", "waits",
      "syscalls", "rest",
   };
   static const bool right[] = { true, false, true, true, true, true, true,
                                 true, true };
   static const size_t cap[] = { 0, ROLE_COL_MAX, 0, 0, 0, 0, 0, 0, 0 };
   Table t = { .ncols = 9, .head0 = head0, .head = head, .right = right,
               .cap = cap };
   size_t n;
   bool any;
   if (r->threads.n > top)
      return;
   SysRole *v = by_group(r, true, &n, &any);
   if (!wall_known(v, n, any)) {
      free_roles(v, n);
      return;
   }
   printf("\n  Wall time by thread (as \"Wall time by role\" in "
          "--show=roles):\n");
   for (size_t k = 0; k < n; k++) {
      const Thread *th = &r->threads.list[k];
      table_cell(&t, v[k].name);
      table_cell_take(&t, role_label(&th->role, true));
      wall_cells(&t, &v[k]);
   }
   table_print(&t);
   free_roles(v, n);
}

void print_wall_by_role(const Report *r)
{
   static const char *const head0[] = {
      "", "", "thread", "", "futex", "futex", "poll", "other", "",
   };
   static const char *const head[] = {
      "role", "threads", "time", "running", "idle", "waits", "waits",
      "syscalls", "rest",
   };
   static const bool right[] = { false, true, true, true, true, true, true,
                                 true, true };
   static const size_t cap[] = { ROLE_COL_MAX, 0, 0, 0, 0, 0, 0, 0, 0 };
   Table t = { .ncols = 9, .head0 = head0, .head = head, .right = right,
               .cap = cap };
   size_t n;
   bool any;
   SysRole *v = by_group(r, false, &n, &any);
   if (!wall_known(v, n, any)) {
      free_roles(v, n);
      return;
   }
   printf("\nWall time by role: its threads' lives, from start to end (or "
          "the run's end),\nspent running, in futex waits and in other "
          "syscalls (each until the thread ran\nagain: Valgrind runs one "
          "thread at a time); the rest is the tools' own work for\nthe "
          "thread (translating code, reading debug information, tracking "
          "its heap)\nand its waits for its turn:\n");
   for (size_t k = 0; k < n; k++) {
      table_cell(&t, v[k].name);
      table_cell(&t, num(v[k].threads));
      wall_cells(&t, &v[k]);
   }
   table_print(&t);
   free_roles(v, n);
}
