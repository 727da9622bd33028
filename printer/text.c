/* text.c: at_print's text output: the run, the verdict, threads, roles,
 * Tokio tasks, heap, timeline, allocation sites, frees across roles, bad
 * calls, leaks, memory live at exit, futex sites and wake pairs.
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
#include <fcntl.h>
#include <inttypes.h>
#include <stddef.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "report.h"
#include "verdict.h"

/* Table columns whose cells can be long (names chosen by the program) are
   aligned up to this width; a longer cell is printed whole and pushes the
   rest of its row to the right. */
#define NAME_COL_MAX 32
#define ROLE_COL_MAX 32

/* ------------------------------------------------------------------ */
/* The largest first                                                   */
/* ------------------------------------------------------------------ */

static void swap_elems(char *a, char *b, size_t size)
{
   char t[256];
   while (size > 0) {
      size_t c = size < sizeof t ? size : sizeof t;
      memcpy(t, a, c);
      memcpy(a, b, c);
      memcpy(b, t, c);
      a += c;
      b += c;
      size -= c;
   }
}

static int (*top_cmp)(const void *, const void *);
static const char *top_base;
static size_t top_size;

static int cmp_top_index(const void *a, const void *b)
{
   size_t i = *(const size_t *)a, j = *(const size_t *)b;
   return top_cmp(top_base + i * top_size, top_base + j * top_size);
}

/* A grouped list's groups in all: grouped as read, the list holds only
   those that can be shown (report_read_grouped). */
static size_t groups(size_t n, size_t all)
{
   return all > n ? all : n;
}

/* Puts the first k of the n elements of base, in the order of cmp (a
   total order), in front, sorted; the others follow in no order.  A
   grouped list can hold a group per record (a million of them, a few
   hundred bytes each) of which a dozen are shown: they are picked with
   a heap of k rather than the whole list sorted. */
typedef struct {
   const char *v;
   size_t size;
   int (*cmp)(const void *, const void *);
} TopElems;

static int top_cmp_elem(size_t a, size_t b, void *ctx)
{
   const TopElems *t = ctx;
   return t->cmp(t->v + a * t->size, t->v + b * t->size);
}

static void sort_top(void *base, size_t n, size_t size,
                     int (*cmp)(const void *, const void *), size_t k)
{
   char *v = base;
   if (k > 4096 || k >= n / 8 || n < 1024) {
      qsort(base, n, size, cmp);
      return;
   }
   size_t *h = xrealloc(NULL, k * sizeof *h);
   size_t m = 0;
   TopElems tc = { v, size, cmp };
   for (size_t i = 0; i < n; i++)
      m = top_offer(h, m, k, i, top_cmp_elem, &tc);
   top_cmp = cmp;
   top_base = v;
   top_size = size;
   qsort(h, m, sizeof *h, cmp_top_index);
   /* Into place one after the other; an element moved away from a
      place still to be filled is followed there. */
   for (size_t j = 0; j < m; j++) {
      size_t from = h[j];
      if (from != j)
         swap_elems(v + j * size, v + from * size, size);
      for (size_t t = j + 1; t < m; t++)
         if (h[t] == j)
            h[t] = from;
   }
   free(h);
}

/* ------------------------------------------------------------------ */
/* Printing                                                            */
/* ------------------------------------------------------------------ */

typedef struct {
   size_t ncols;
   const char *const *head0;     /* a line above head, or NULL */
   const char *const *head;
   const bool *right;
   const size_t *cap;            /* 0: no limit */
   char **cells;
   size_t ncells, capcells;
} Table;

static void cell(Table *t, const char *s)
{
   GROW(t->cells, t->capcells, t->ncells + 1);
   t->cells[t->ncells++] = xstrdup(s);
}

static void cell_free(Table *t, char *s)
{
   GROW(t->cells, t->capcells, t->ncells + 1);
   t->cells[t->ncells++] = s;
}

static void print_row(const Table *t, const char *const *row, const size_t *w)
{
   Buf line = { 0 };
   buf_adds(&line, "  ");
   for (size_t c = 0; c < t->ncols; c++) {
      size_t dw = display_width(row[c]);
      size_t fill = dw < w[c] ? w[c] - dw : 0;
      if (c > 0)
         buf_adds(&line, "  ");
      if (t->right[c])
         for (size_t i = 0; i < fill; i++)
            buf_adds(&line, " ");
      buf_adds(&line, row[c]);
      if (!t->right[c])
         for (size_t i = 0; i < fill; i++)
            buf_adds(&line, " ");
   }
   while (line.len > 0 && line.s[line.len - 1] == ' ')
      line.s[--line.len] = '\0';
   puts(line.s);
   free(line.s);
}

static void table_print(Table *t)
{
   size_t *w = xrealloc(NULL, t->ncols * sizeof *w);
   for (size_t c = 0; c < t->ncols; c++) {
      w[c] = display_width(t->head[c]);
      if (t->head0 && display_width(t->head0[c]) > w[c])
         w[c] = display_width(t->head0[c]);
   }
   for (size_t i = 0; i < t->ncells; i++) {
      size_t c = i % t->ncols, dw = display_width(t->cells[i]);
      if (t->cap[c] && dw > t->cap[c])
         dw = t->cap[c];
      if (dw > w[c])
         w[c] = dw;
   }
   if (t->head0)
      print_row(t, t->head0, w);
   print_row(t, t->head, w);
   for (size_t i = 0; i + t->ncols <= t->ncells; i += t->ncols)
      print_row(t, (const char *const *)&t->cells[i], w);
   for (size_t i = 0; i < t->ncells; i++)
      free(t->cells[i]);
   free(t->cells);
   free(w);
}

/* Quotes a command-line word for a POSIX shell if it needs it. */
static void add_word(Buf *b, const char *w)
{
   bool plain = *w != '\0';
   for (const unsigned char *p = (const unsigned char *)w; *p; p++)
      if (!(*p >= 0x80 || (*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
            (*p >= '0' && *p <= '9') || strchr("_-./:=,+@%^", *p)))
         plain = false;
   if (plain) {
      buf_adds(b, w);
      return;
   }
   buf_adds(b, "'");
   for (const char *p = w; *p; p++) {
      if (*p == '\'')
         buf_adds(b, "'\\''");
      else
         buf_add(b, p, 1);
   }
   buf_adds(b, "'");
}

static void print_run(const Report *r)
{
   Buf cmd = { 0 };
   add_word(&cmd, r->exe);
   for (size_t i = 0; i < r->nargs; i++) {
      buf_adds(&cmd, " ");
      add_word(&cmd, r->args[i]);
   }
   printf("Command:  %s\n", cmd.s);
   free(cmd.s);
   printf("Process:  pid %" PRIu64 ", parent pid %" PRIu64 "\n", r->pid, r->ppid);
   printf("Tool:     asynctrace %s, Valgrind %s\n", r->tool_version, r->vg_version);
   printf("Started:  %s\n", r->start_time);
   printf("Duration: %s ms\n", num(r->duration_ms));
   if (r->end_how == END_EXIT)
      printf("Ended:    exited with status %ld\n", r->status);
   else if (r->end_how == END_SIGNAL && (r->signo == 0 || strcmp(r->signal, "unknown") == 0))
      printf("Ended:    killed by a signal the tool could not name\n");
   else if (r->end_how == END_SIGNAL)
      printf("Ended:    killed by %s (signal %" PRIu64 ")\n", r->signal, r->signo);
   else if (strcmp(r->signal, "exec") == 0)
      printf("Ended:    called execve (the report describes the program "
             "before it)\n");
   else if (strcmp(r->signal, "thread-limit") == 0)
      printf("Ended:    not yet: the report so far, written when the program "
             "took the last of Valgrind's thread slots (rerun with a larger "
             "--max-threads)\n");
   else if (strcmp(r->signal, "snapshot") == 0)
      printf("Ended:    not when this was written: the report as of the last "
             "snapshot; if the run is over, it ended without the tool's "
             "end (SIGKILL?)\n");
   else
      printf("Ended:    %s\n", r->signal);
}

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
      cell(&t, b);
      cell(&t, th->name ? th->name : "-");
      cell_free(&t, role_label(&th->role, true));
      if (th->creator == 0)
         snprintf(b, sizeof b, "-");
      else
         snprintf(b, sizeof b, "%" PRIu64, th->creator);
      cell(&t, b);
      if (th->alive)
         snprintf(b, sizeof b, "%s..exit (alive)", num(th->start_ms));
      else if (th->has_end)
         snprintf(b, sizeof b, "%s..%s%s", num(th->start_ms), num(th->end_ms),
                  th->forked ? " (fork)" : "");
      else
         snprintf(b, sizeof b, "%s..?", num(th->start_ms));
      cell(&t, b);
      if (insns)
         cell(&t, th->has_insns ? num(th->insns) : "-");
      if (futex) {
         cell(&t, th->has_futex ? num(th->fx.waits) : "-");
         cell(&t, th->has_futex ? ms1(th->fx.blocked_us) : "-");
      }
      cell(&t, num(th->allocs));
      cell(&t, num(th->live_bytes));
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
   const Thread **by = xrealloc(NULL, r->nthreads * sizeof *by);
   TGroup *g = xrealloc(NULL, r->nthreads * sizeof *g);
   size_t ng = 0;
   for (size_t i = 0; i < r->nthreads; i++)
      by[i] = &r->threads[i];
   qsort(by, r->nthreads, sizeof *by, cmp_thread_group);
   for (size_t i = 0; i < r->nthreads; i++) {
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
      cell_free(&t, role_label(x->role, false));
      cell(&t, num(x->threads));
      cell(&t, num(x->alive));
      if (x->creators > 1)
         snprintf(b, sizeof b, "%s threads", num(x->creators));
      else if (x->creator == 0)
         snprintf(b, sizeof b, "-");
      else
         snprintf(b, sizeof b, "%" PRIu64, x->creator);
      cell(&t, b);
      snprintf(b, sizeof b, "%s..%s", num(x->start_ms),
               x->to_exit ? "exit" : x->unknown_end ? "?" : num(x->end_ms));
      cell(&t, b);
      if (insns)
         cell(&t, num(x->insns));
      if (futex) {
         cell(&t, num(x->waits));
         cell(&t, ms1(x->blocked_us));
      }
      cell(&t, num(x->allocs));
      cell(&t, num(x->live_bytes));
   }
   table_print(&t);
   free(g);
   free(by);
}

/* Every thread, one row each; or, with more than top of them, the
   threads by role and pool and the top heaviest. */
static void print_threads(const Report *r, size_t top)
{
   bool insns = false, futex = false;
   for (size_t i = 0; i < r->nthreads; i++) {
      insns |= r->threads[i].has_insns;
      futex |= r->threads[i].has_futex;
   }
   const Thread **list = xrealloc(NULL, (r->nthreads ? r->nthreads : 1) *
                                  sizeof *list);
   for (size_t i = 0; i < r->nthreads; i++)
      list[i] = &r->threads[i];

   if (r->nthreads <= top) {
      printf("\nThreads: %s\n", num(r->nthreads));
      if (r->nthreads > 0)
         print_thread_rows(list, r->nthreads, insns, futex);
   } else {
      printf("\nThreads: %s, by role and pool:\n", num(r->nthreads));
      print_thread_groups(r, insns, futex);
      if (top > 0) {
         qsort(list, r->nthreads, sizeof *list, cmp_thread_weight);
         printf("\n  The %s %s:\n", num(top),
                insns ? "that executed the most instructions"
                      : "with the most live bytes");
         print_thread_rows(list, top, insns, futex);
         printf("  ... and %s more (--threads=all lists them all)\n",
                num(r->nthreads - top));
      }
   }
   free(list);
}

/* Whether every role's counters have the wait classes (a report of a
   tool before them has idle and the rest, "contention"). */
static bool roles_have_classes(const Report *r)
{
   for (size_t i = 0; i < r->nroles; i++)
      if (!futex_has_classes(&r->roles[i].fx))
         return false;
   return r->nroles > 0;
}

/* The wait classes by role: a waits and a blocked column per class that
   any role waited in.  Only for a report with classes. */
static void print_wait_classes(const Report *r)
{
   const char *head0[2 + 2 * WC_N], *head[2 + 2 * WC_N];
   bool right[2 + 2 * WC_N];
   size_t cap[2 + 2 * WC_N] = { ROLE_COL_MAX };
   int cls[WC_N], ncls = 0;
   uint64_t total = 0;

   if (!roles_have_classes(r))
      return;
   for (size_t i = 0; i < r->nroles; i++)
      total = add_sat(total, r->roles[i].fx.waits);
   if (total == 0)
      return;
   for (int c = 0; c < WC_N; c++)
      for (size_t i = 0; i < r->nroles; i++)
         if (futex_class_waits(&r->roles[i].fx, c) > 0) {
            cls[ncls++] = c;
            break;
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
   for (size_t i = 0; i < r->nroles; i++) {
      const RoleSum *s = &r->roles[i];
      if (s->fx.waits == 0)
         continue;
      cell_free(&t, role_label(&s->role, false));
      cell(&t, num(s->fx.waits));
      cell(&t, ms1(s->fx.blocked_us));
      for (int k = 0; k < ncls; k++) {
         cell(&t, num(futex_class_waits(&s->fx, cls[k])));
         cell(&t, ms1(futex_class_us(&s->fx, cls[k])));
      }
   }
   table_print(&t);
}

/* One row per <role-summary>; nothing for a report without <roles>. */
static void print_roles(Report *r)
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

   if (!r->has_roles)
      return;
   if (r->nroles == 0) {
      printf("\nBy role: none.\n");
      return;
   }
   qsort(r->roles, r->nroles, sizeof *r->roles, cmp_rolesum);
   printf("\nBy role:\n");
   for (size_t i = 0; i < r->nroles; i++) {
      const RoleSum *s = &r->roles[i];
      cell_free(&t, role_label(&s->role, false));
      cell(&t, num(s->threads));
      cell(&t, num(s->peak_alive));
      cell(&t, num(s->churn));
      cell(&t, num(s->alive));
      cell(&t, num(s->insns));
      cell(&t, num(s->fx.idle_waits));
      cell(&t, ms1(s->fx.idle_us));
      if (classes) {
         cell(&t, num(s->fx.lock_waits));
         cell(&t, ms1(s->fx.lock_us));
      } else {
         cell(&t, num(sub_sat(s->fx.waits, s->fx.idle_waits)));
         cell(&t, ms1(sub_sat(s->fx.blocked_us, s->fx.idle_us)));
      }
      cell(&t, num(s->bytes_allocated));
      cell(&t, num(s->live_bytes));
   }
   table_print(&t);
   print_wait_classes(r);
}

/* The time unit of the timeline and the peak: the tool's --time-unit. */
static const char *unit_name(const char *unit)
{
   if (unit == NULL)
      return "?";
   if (strcmp(unit, "i") == 0)
      return "instructions";
   if (strcmp(unit, "B") == 0)
      return "bytes allocated and freed";
   return unit;                  /* "ms", or one added later */
}

static int cmp_thread_seq(const void *a, const void *b)
{
   const Thread *x = *(const Thread *const *)a, *y = *(const Thread *const *)b;
   return (x->seq > y->seq) - (x->seq < y->seq);
}

/* The threads by seq, to name the threads that sites and wakes refer
   to. */
typedef struct {
   const Thread **by_seq;
   size_t n;
} ThreadIndex;

static ThreadIndex thread_index(const Report *r)
{
   ThreadIndex ix = { xrealloc(NULL, (r->nthreads ? r->nthreads : 1) *
                               sizeof *ix.by_seq), r->nthreads };
   for (size_t i = 0; i < r->nthreads; i++)
      ix.by_seq[i] = &r->threads[i];
   qsort(ix.by_seq, ix.n, sizeof *ix.by_seq, cmp_thread_seq);
   return ix;
}

/* "thread 3 (name)", "thread 3" if it has no name, or "thread 9 (not
   in the thread list)"; without the word "thread" if !word.  Newly
   allocated. */
static char *thread_label(const ThreadIndex *ix, uint64_t seq, bool word)
{
   Thread key = { .seq = seq };
   const Thread *kp = &key;
   const Thread **hit = ix->n
      ? bsearch(&kp, ix->by_seq, ix->n, sizeof *ix->by_seq, cmp_thread_seq) : NULL;
   Buf b = { 0 };
   char n[48];
   snprintf(n, sizeof n, "%s%" PRIu64, word ? "thread " : "", seq);
   buf_adds(&b, n);
   if (hit && (*hit)->name) {
      buf_adds(&b, " (");
      buf_adds(&b, (*hit)->name);
      buf_adds(&b, ")");
   } else if (!hit) {
      buf_adds(&b, " (not in the thread list)");
   }
   return b.s;
}

static char *thread_ref(const ThreadIndex *ix, uint64_t seq)
{
   return thread_label(ix, seq, true);
}

/* Prints text as a paragraph, its lines at most width columns unless
   a single word is longer. */
static void print_wrapped(const char *text, size_t width)
{
   Buf line = { 0 }, word = { 0 };
   size_t col = 0;
   const char *p = text;
   while (*p) {
      while (*p == ' ')
         p++;
      if (*p == '\0')
         break;
      const char *w = p;
      while (*p && *p != ' ')
         p++;
      buf_clear(&word);
      buf_add(&word, w, (size_t)(p - w));
      size_t ww = display_width(word.s);
      if (col > 0 && col + 1 + ww > width) {
         puts(line.s);
         buf_clear(&line);
         col = 0;
      }
      if (col > 0) {
         buf_adds(&line, " ");
         col++;
      }
      buf_adds(&line, word.s);
      col += ww;
   }
   if (col > 0)
      puts(line.s);
   free(line.s);
   free(word.s);
}

/* ---- Amounts by role ---- */

typedef struct {
   const Role *role;
   uint64_t v[LK_N];             /* bytes, by leak kind or in v[0] */
} RoleAmt;

static int cmp_amt_role(const void *a, const void *b)
{
   return cmp_role(((const RoleAmt *)a)->role, ((const RoleAmt *)b)->role);
}

/* Sums the rows of a that have the same role; returns how many are
   left, sorted by role. */
static size_t merge_amts(RoleAmt *a, size_t n)
{
   size_t m = 0;
   if (n == 0)
      return 0;
   qsort(a, n, sizeof *a, cmp_amt_role);
   for (size_t i = 0; i < n; i++) {
      if (m > 0 && same_role(a[m - 1].role, a[i].role)) {
         for (int k = 0; k < LK_N; k++)
            a[m - 1].v[k] = add_sat(a[m - 1].v[k], a[i].v[k]);
      } else {
         a[m++] = a[i];
      }
   }
   return m;
}

/* The most in v[0] first (then v[1], ...), then by role. */
static int cmp_amt_desc(const void *a, const void *b)
{
   const RoleAmt *x = a, *y = b;
   for (int k = 0; k < LK_N; k++)
      if (x->v[k] != y->v[k])
         return x->v[k] > y->v[k] ? -1 : 1;
   return cmp_role(x->role, y->role);
}

/* The most in v[0] first, then by role (v[1] is not compared). */
static int cmp_tl_col(const void *a, const void *b)
{
   const RoleAmt *x = a, *y = b;
   if (x->v[0] != y->v[0])
      return x->v[0] > y->v[0] ? -1 : 1;
   return cmp_role(x->role, y->role);
}

/* The roles of <leaks>' <by-role>s whose kind is in mask (a bit per
   kind), each with the sum of their bytes in v[0], most first, those
   with none left out.  *n gets their number; free the result. */
static RoleAmt *leak_roles(const Report *r, unsigned mask, size_t *n)
{
   RoleAmt *a = xrealloc(NULL, (r->nlroles ? r->nlroles : 1) * sizeof *a);
   size_t m = 0;
   for (size_t i = 0; i < r->nlroles; i++) {
      const LeakRole *lr = &r->lroles[i];
      if (!(mask & (1u << lr->kind)) || lr->bytes == 0)
         continue;
      a[m] = (RoleAmt){ .role = &lr->role };
      a[m++].v[0] = lr->bytes;
   }
   m = merge_amts(a, m);
   qsort(a, m, sizeof *a, cmp_amt_desc);
   *n = m;
   return a;
}

/* At most this many roles are named in the verdict; the rest are
   summed. */
#define VERDICT_ROLES 4

/* "tokio-worker (runtime 1) 8,000; main 1,234; 2 other roles 56":
   a has n roles, most first. */
/* For role other in the verdict: its amount split by the names of the
   threads that allocated it (numbers folded), from the loss records of
   the kinds in mask, if they add up to want exactly (all listed). */
static void add_other_names(Buf *b, const Report *r, unsigned mask,
                            uint64_t want)
{
   char **names = NULL;
   uint64_t *amt = NULL, sum = 0;
   size_t n = 0, cap = 0, capa = 0;
   for (size_t i = 0; i < r->nlrecs; i++) {
      const Site *s = &r->lrecs[i];
      int k = leak_kind(s->kind);
      if (k < 0 || !(mask & (1u << k)) || s->role.role == NULL ||
          strcmp(s->role.role, "other") != 0 || s->role.has_pool)
         continue;
      const char *tn = NULL;
      for (size_t t = 0; t < r->nthreads; t++)
         if (r->threads[t].seq == s->thread)
            tn = r->threads[t].name;
      char *f = fold_name(tn);
      size_t j = 0;
      while (j < n && strcmp(names[j], f) != 0)
         j++;
      if (j == n) {
         GROW(names, cap, n + 1);
         GROW(amt, capa, n + 1);
         names[n] = f;
         amt[n++] = 0;
      } else {
         free(f);
      }
      amt[j] = add_sat(amt[j], s->bytes);
      sum = add_sat(sum, s->bytes);
   }
   if (n > 0 && sum == want) {
      buf_adds(b, " (");
      for (size_t j = 0; j < n && j < VERDICT_ROLES; j++) {
         if (j > 0)
            buf_adds(b, ", ");
         buf_adds(b, names[j]);
         buf_adds(b, " ");
         buf_adds(b, num(amt[j]));
      }
      if (n > VERDICT_ROLES)
         buf_adds(b, ", \xe2\x80\xa6");
      buf_adds(b, ")");
   }
   for (size_t j = 0; j < n; j++)
      free(names[j]);
   free(names);
   free(amt);
}

static void add_role_list(Buf *b, const RoleAmt *a, size_t n,
                          const Report *r, unsigned mask)
{
   size_t shown = n <= VERDICT_ROLES ? n : VERDICT_ROLES - 1;
   uint64_t rest = 0;
   for (size_t i = 0; i < n; i++) {
      if (i >= shown) {
         rest = add_sat(rest, a[i].v[0]);
         continue;
      }
      char *label = role_label(a[i].role, false);
      if (i > 0)
         buf_adds(b, "; ");
      buf_adds(b, label);
      buf_adds(b, " ");
      buf_adds(b, num(a[i].v[0]));
      if (r != NULL && strcmp(label, "other") == 0)
         add_other_names(b, r, mask, a[i].v[0]);
      free(label);
   }
   if (shown < n) {
      buf_adds(b, "; ");
      buf_adds(b, num(n - shown));
      buf_adds(b, " other roles ");
      buf_adds(b, num(rest));
   }
}

/* ---- The verdict ---- */

/* ", held by globals", ", 9,876 of them held by the stacks and TLS of
   live threads (tokio-worker (runtime 1) 9,000; main 876) and 1,234
   by globals": what <held-by> says about the still reachable bytes. */
static void add_holders(Buf *b, const Report *r)
{
   uint64_t sum[HG_N] = { 0 };
   unsigned kinds[HG_N] = { 0 };         /* bit 0 stack, 1 registers, 2 TLS */
   RoleAmt *roles[HG_N] = { NULL };
   size_t nroles[HG_N] = { 0 };
   static const char *const kind_word[] = { "stacks", "registers", "TLS" };

   for (int g = 0; g < HG_N; g++)
      roles[g] = xrealloc(NULL, (r->nheld ? r->nheld : 1) * sizeof *roles[g]);
   for (size_t i = 0; i < r->nheld; i++) {
      const Held *h = &r->held[i];
      int kind, g = held_group(h, &kind);
      if (kind != HK_NONE) {
         kinds[g] |= 1u << kind;
         if (h->has_thread && h->bytes > 0) {
            roles[g][nroles[g]] = (RoleAmt){ .role = &h->role };
            roles[g][nroles[g]++].v[0] = h->bytes;
         }
      }
      sum[g] = add_sat(sum[g], h->bytes);
   }

   /* The groups, most bytes first. */
   int order[HG_N], m = 0;
   for (int g = 0; g < HG_N; g++)
      if (sum[g] > 0)
         order[m++] = g;
   for (int i = 1; i < m; i++)
      for (int j = i; j > 0 && sum[order[j]] > sum[order[j - 1]]; j--) {
         int t = order[j];
         order[j] = order[j - 1];
         order[j - 1] = t;
      }

   for (int i = 0; i < m; i++) {
      int g = order[i];
      if (i == 0 && m == 1 && sum[g] == r->leak_bytes[LK_REACH]) {
         buf_adds(b, ", held by ");
      } else {
         buf_adds(b, i == 0 ? ", " : i == m - 1 ? " and " : ", ");
         buf_adds(b, num(sum[g]));
         buf_adds(b, i == 0 ? " of them held by " : " by ");
      }
      if (g == HG_GLOBALS) {
         buf_adds(b, "globals");
      } else if (g == HG_NONE) {
         buf_adds(b, "no known holder");
      } else if (g == HG_OTHER) {
         buf_adds(b, "other holders");
      } else {
         int nk = 0, seen = 0;
         for (int k = 0; k < 3; k++)
            nk += (kinds[g] >> k) & 1;
         buf_adds(b, "the ");
         for (int k = 0; k < 3; k++) {
            if (!((kinds[g] >> k) & 1))
               continue;
            if (seen > 0)
               buf_adds(b, seen == nk - 1 ? " and " : ", ");
            buf_adds(b, kind_word[k]);
            seen++;
         }
         buf_adds(b, g == HG_LIVE ? " of live threads" : " of ended threads");
         size_t n = merge_amts(roles[g], nroles[g]);
         qsort(roles[g], n, sizeof *roles[g], cmp_amt_desc);
         if (n > 0) {
            buf_adds(b, " (");
            add_role_list(b, roles[g], n, NULL, 0);
            buf_adds(b, ")");
         }
      }
   }
   for (int g = 0; g < HG_N; g++)
      free(roles[g]);
}

/* Appends "; " before every clause but the first. */
static void clause(Buf *b, bool *first)
{
   if (!*first)
      buf_adds(b, "; ");
   *first = false;
}

static void add_lost_in_tasks(Buf *b, const Report *r);

/* "159 bytes definitely lost and 192 indirectly lost (allocated on
   main 351)", or nothing if none. */
static void add_lost(Buf *b, const Report *r, bool *first)
{
   uint64_t d = r->leak_bytes[LK_DEF], in = r->leak_bytes[LK_IND],
            pos = r->leak_bytes[LK_POS];
   size_t n;
   RoleAmt *a;
   if (d > 0 || in > 0) {
      clause(b, first);
      if (d > 0) {
         buf_adds(b, bytes_str(d));
         buf_adds(b, " definitely lost");
         if (in > 0) {
            buf_adds(b, " and ");
            buf_adds(b, num(in));
            buf_adds(b, " indirectly lost");
         }
      } else {
         buf_adds(b, bytes_str(in));
         buf_adds(b, " indirectly lost");
      }
      a = leak_roles(r, 1u << LK_DEF | 1u << LK_IND, &n);
      if (n > 0) {
         buf_adds(b, " (allocated on ");
         add_role_list(b, a, n, r, 1u << LK_DEF | 1u << LK_IND);
         buf_adds(b, ")");
      }
      free(a);
      if (d > 0)
         add_lost_in_tasks(b, r);
   }
   if (pos > 0) {
      clause(b, first);
      buf_adds(b, bytes_str(pos));
      buf_adds(b, " possibly lost");
      a = leak_roles(r, 1u << LK_POS, &n);
      if (n > 0) {
         buf_adds(b, " (allocated on ");
         add_role_list(b, a, n, r, 1u << LK_POS);
         buf_adds(b, ")");
      }
      free(a);
   }
}

static void add_reachable(Buf *b, const Report *r, bool *first)
{
   if (r->leak_bytes[LK_REACH] == 0)
      return;
   clause(b, first);
   buf_adds(b, bytes_str(r->leak_bytes[LK_REACH]));
   buf_adds(b, " still reachable");
   add_holders(b, r);
}

static int cmp_bad(const void *a, const void *b);

/* "3 bad calls (2 double-free, 1 invalid-free)". */

static void add_bad(Buf *b, Report *r, bool *first)
{
   if (r->bad_total == 0)
      return;
   clause(b, first);
   buf_adds(b, num(r->bad_total));
   buf_adds(b, plural(r->bad_total, " bad call (", " bad calls ("));
   /* Sum by kind, most first, in order of first sight.  By sorting: a
      file may name many kinds. */
   qsort(r->bad, r->nbad, sizeof *r->bad, cmp_bad);
   size_t nk;
   BadKind *kinds = bad_call_kinds(r, &nk);
   for (size_t k = 0; k < nk; k++) {
      if (k > 0)
         buf_adds(b, ", ");
      buf_adds(b, num(kinds[k].count));
      buf_adds(b, " ");
      buf_adds(b, kinds[k].kind);
   }
   buf_adds(b, ")");
   free(kinds);
}

/* The paragraph under the run header: how the program ended and what
   it left on the heap. */
static void print_verdict(Report *r)
{
   Buf b = { 0 };
   char n[96];
   bool signalled = false, first = true;

   switch (r->end_how) {
   case END_EXIT:
      snprintf(n, sizeof n, "Exited with status %ld", r->status);
      buf_adds(&b, n);
      break;
   case END_SIGNAL:
      signalled = true;
      if (r->signo == 0 || strcmp(r->signal, "unknown") == 0) {
         buf_adds(&b, "Killed by a signal the tool could not name");
      } else {
         buf_adds(&b, verdict_crash_signal(r->signal) ? "Crashed with " : "Stopped by ");
         buf_adds(&b, r->signal);
      }
      break;
   default:
      if (strcmp(r->signal, "exec") == 0) {
         buf_adds(&b, "Called execve");
      } else if (strcmp(r->signal, "thread-limit") == 0) {
         buf_adds(&b, "Still running when all of Valgrind's thread slots "
                      "were taken (the report so far)");
      } else if (strcmp(r->signal, "snapshot") == 0) {
         buf_adds(&b, "Still running at the last snapshot (the report so "
                      "far)");
      } else {
         buf_adds(&b, "Ended (");
         buf_adds(&b, r->signal);
         buf_adds(&b, ")");
      }
      break;
   }
   buf_adds(&b, ": ");

   uint64_t lost = verdict_lost_bytes(r);
   if (!r->has_leaks) {
      if (r->exit_blocks == 0 && r->exit_bytes == 0) {
         buf_adds(&b, "nothing left on the heap");
      } else {
         buf_adds(&b, bytes_blocks(r->exit_bytes, r->exit_blocks));
         buf_adds(&b, " still live (the report has no leak scan)");
      }
      first = false;
   } else if (lost == 0 && r->leak_blocks[LK_DEF] == 0 &&
              r->leak_blocks[LK_IND] == 0 && r->leak_blocks[LK_POS] == 0) {
      Buf reach = { 0 };
      bool rfirst = true;
      add_reachable(&reach, r, &rfirst);
      if (reach.s == NULL) {
         buf_adds(&b, "no leaks, and nothing left on the heap");
      } else if (strchr(reach.s, '(') == NULL) {
         /* "no leaks (1,234 bytes still reachable, held by globals)" */
         buf_adds(&b, "no leaks (");
         buf_adds(&b, reach.s);
         buf_adds(&b, ")");
      } else {
         buf_adds(&b, "no leaks; ");
         buf_adds(&b, reach.s);
      }
      free(reach.s);
      first = false;
   } else if (signalled) {
      /* Stopped from outside: what it still held comes first. */
      add_reachable(&b, r, &first);
      add_lost(&b, r, &first);
   } else {
      add_lost(&b, r, &first);
      add_reachable(&b, r, &first);
   }
   if (first) {                  /* lost blocks of 0 bytes only */
      buf_adds(&b, "no bytes lost");
      first = false;
   }
   add_bad(&b, r, &first);
   buf_adds(&b, ".");
   putchar('\n');
   print_wrapped(b.s, 78);
   free(b.s);
}

/* ---- Heap ---- */

/* The roles by their live bytes at the process's peak, most first. */
static int cmp_rolesum_peak(const void *a, const void *b)
{
   const RoleSum *x = *(const RoleSum *const *)a, *y = *(const RoleSum *const *)b;
   if (x->live_at_peak != y->live_at_peak)
      return x->live_at_peak > y->live_at_peak ? -1 : 1;
   if (x->peak_live != y->peak_live)
      return x->peak_live > y->peak_live ? -1 : 1;
   int c = cmp_role(&x->role, &y->role);
   return c ? c : cmp_order(x->order, y->order);
}

static void print_heap(const Report *r)
{
   printf("\nHeap:\n");
   printf("      in use at exit: %s\n", bytes_blocks(r->live_bytes, r->live_blocks));
   printf("    total heap usage: %s %s, %s %s, %s allocated, %s freed\n",
          num(r->allocs), plural(r->allocs, "alloc", "allocs"),
          num(r->frees), plural(r->frees, "free", "frees"),
          bytes_str(r->bytes_allocated), bytes_str(r->bytes_freed));
   printf("                peak: %s, at ", bytes_blocks(r->peak_bytes, r->peak_blocks));
   if (!r->has_peak_time)
      printf("%s ms\n", num(r->peak_ms));
   else if (r->time_unit && strcmp(r->time_unit, "ms") == 0 && r->peak_time == r->peak_ms)
      printf("%s ms\n", num(r->peak_time));
   else
      printf("%s %s (%s ms)\n", num(r->peak_time), unit_name(r->time_unit),
             num(r->peak_ms));

   /* Each role's share of the peak and its own highest. */
   const RoleSum **rs = xrealloc(NULL, (r->nroles ? r->nroles : 1) * sizeof *rs);
   size_t n = 0;
   bool own = false;
   for (size_t i = 0; i < r->nroles; i++) {
      const RoleSum *s = &r->roles[i];
      if (s->has_live_at_peak && (s->live_at_peak > 0 || s->peak_live > 0)) {
         rs[n++] = s;
         own |= s->has_peak_live;
      }
   }
   if (n > 0) {
      static const char *const head0[] = { "", "live at", "its own" };
      static const char *const head[] = { "role", "the peak", "peak" };
      static const bool right[] = { false, true, true };
      static const size_t cap[] = { ROLE_COL_MAX, 0, 0 };
      Table t = { .ncols = own ? 3 : 2, .head0 = head0, .head = head,
                  .right = right, .cap = cap };
      qsort(rs, n, sizeof *rs, cmp_rolesum_peak);
      putchar('\n');
      for (size_t i = 0; i < n; i++) {
         cell_free(&t, role_label(&rs[i]->role, false));
         cell(&t, num(rs[i]->live_at_peak));
         if (own)
            cell(&t, rs[i]->has_peak_live ? num(rs[i]->peak_live) : "-");
      }
      table_print(&t);
   }
   free(rs);
}

/* ---- Timeline ---- */

/* Role columns in the timeline; more roles are summed in one. */
#define TL_ROLE_COLS 4
#define TL_BAR 20

static void print_timeline(Report *r, size_t rows)
{
   if (rows == 0 || !r->has_timeline)
      return;
   /* The last sample, if it was not kept with the others. */
   if (r->tl_have_last) {
      GROW(r->samples, r->capsamples, r->nsamples + 1);
      r->samples[r->nsamples++] = r->tl_last;
      memset(&r->tl_last, 0, sizeof r->tl_last);
      r->tl_have_last = false;
   }
   /* The tool writes the peak as a sample of its own, which may repeat
      the one before: keep one. */
   size_t n = 0;
   for (size_t i = 0; i < r->nsamples; i++) {
      Sample *s = &r->samples[i];
      if (n > 0 && s->peak != r->samples[n - 1].peak &&
          s->time == r->samples[n - 1].time && s->live == r->samples[n - 1].live) {
         r->samples[n - 1].peak = true;
         sample_free(s);
         continue;
      }
      r->samples[n++] = *s;
   }
   r->nsamples = n;
   const Sample *sm = r->samples;
   if (n == 0) {
      printf("\nHeap over time: no samples.\n");
      return;
   }

   /* Which samples: evenly spaced, with the peak and the last. */
   size_t peak = n, *pick = xrealloc(NULL, (rows < n ? rows : n) * sizeof *pick);
   size_t np = 0;
   for (size_t i = 0; i < n && peak == n; i++)
      if (sm[i].peak)
         peak = i;
   if (n <= rows) {
      for (size_t i = 0; i < n; i++)
         pick[np++] = i;
   } else if (rows == 1) {
      pick[np++] = peak < n ? peak : n - 1;
   } else {
      for (size_t k = 0; k < rows; k++)
         pick[np++] = (size_t)(((long double)k * (long double)(n - 1)) /
                               (long double)(rows - 1) + 0.5L);
      bool has_peak = peak == n;
      for (size_t k = 0; k < np; k++)
         has_peak |= pick[k] == peak;
      if (!has_peak) {
         /* Replace the pick nearest the peak, never the last. */
         size_t best = 0;
         for (size_t k = 1; k + 1 < np; k++) {
            size_t dk = pick[k] > peak ? pick[k] - peak : peak - pick[k];
            size_t db = pick[best] > peak ? pick[best] - peak : peak - pick[best];
            if (dk < db)
               best = k;
         }
         pick[best] = peak;
      }
   }

   /* The role columns: the roles with the most bytes at any sample. */
   size_t nc = r->ntl_cols;
   RoleAmt *cols = xrealloc(NULL, (nc ? nc : 1) * sizeof *cols);
   for (size_t c = 0; c < nc; c++)
      cols[c] = (RoleAmt){ .role = &r->tl_cols[c] };
   for (size_t i = 0; i < n; i++)
      for (size_t j = 0; j < sm[i].nroles; j++) {
         RoleAmt *a = &cols[sm[i].roles[j].col];
         if (sm[i].roles[j].bytes > a->v[0])
            a->v[0] = sm[i].roles[j].bytes;
      }
   for (size_t c = 0; c < nc; c++)
      cols[c].v[1] = c;
   /* Largest first, then by role; v[1] remembers the column. */
   qsort(cols, nc, sizeof *cols, cmp_tl_col);
   size_t shown_cols = nc <= TL_ROLE_COLS ? nc : TL_ROLE_COLS - 1;
   bool others = shown_cols < nc;
   size_t *place = xrealloc(NULL, (nc ? nc : 1) * sizeof *place);
   for (size_t c = 0; c < nc; c++)
      place[cols[c].v[1]] = c < shown_cols ? c : shown_cols;

   size_t ncols = 2 + shown_cols + (others ? 1 : 0) + 1;
   const char **head0 = xrealloc(NULL, ncols * sizeof *head0);
   const char **head = xrealloc(NULL, ncols * sizeof *head);
   bool *right = xrealloc(NULL, ncols * sizeof *right);
   size_t *cap = xrealloc(NULL, ncols * sizeof *cap);
   char **owned = xrealloc(NULL, (2 * shown_cols + 1) * sizeof *owned);
   size_t nowned = 0;
   head0[0] = "";
   head[0] = "time";
   head0[1] = "live";
   head[1] = "bytes";
   for (size_t c = 0; c < shown_cols; c++) {
      /* The role above, its pool below: "tokio-worker" / "(runtime 1)". */
      const Role *role = cols[c].role;
      char *full = role_label(role, false);
      char *paren = strchr(full, '(');
      if (role->has_pool && paren != NULL && paren > full) {
         paren[-1] = '\0';
         head0[2 + c] = full;
         head[2 + c] = owned[nowned++] = xstrdup(paren);
         owned[nowned++] = full;
      } else {
         head0[2 + c] = "";
         head[2 + c] = owned[nowned++] = full;
      }
   }
   if (others) {
      head0[ncols - 2] = "other";
      head[ncols - 2] = "roles";
   }
   head0[ncols - 1] = "";
   head[ncols - 1] = "";
   for (size_t c = 0; c < ncols; c++) {
      right[c] = c + 1 < ncols;
      cap[c] = 0;
   }
   Table t = { .ncols = ncols, .head0 = head0, .head = head, .right = right,
               .cap = cap };

   uint64_t top = 0;
   for (size_t k = 0; k < np; k++)
      if (sm[pick[k]].live > top)
         top = sm[pick[k]].live;
   uint64_t *by = xrealloc(NULL, (shown_cols + 1) * sizeof *by);
   for (size_t k = 0; k < np; k++) {
      const Sample *s = &sm[pick[k]];
      memset(by, 0, (shown_cols + 1) * sizeof *by);
      for (size_t j = 0; j < s->nroles; j++) {
         size_t c = place[s->roles[j].col];
         by[c] = add_sat(by[c], s->roles[j].bytes);
      }
      cell(&t, num(s->time));
      cell(&t, num(s->live));
      for (size_t c = 0; c < shown_cols + (others ? 1 : 0); c++)
         cell(&t, num(by[c]));
      char bar[TL_BAR + 16];
      size_t len = top ? (size_t)((long double)s->live * TL_BAR / (long double)top + 0.5L) : 0;
      if (len == 0 && s->live > 0)
         len = 1;
      memset(bar, '#', len);
      bar[len] = '\0';
      if (s->peak)
         strcat(bar, " peak");
      cell(&t, bar);
   }
   uint64_t total = sub_sat(r->tl_seen, r->tl_repeats);
   printf("\nHeap over time, in %s: %s of %s %s%s:\n", unit_name(r->tl_unit),
          num(np), num(total), plural(total, "sample", "samples"),
          np < total ? ", evenly spaced, with the peak and the last" : "");
   table_print(&t);

   for (size_t i = 0; i < nowned; i++)
      free(owned[i]);
   free(owned);
   free(by);
   free(head0);
   free(head);
   free(right);
   free(cap);
   free(place);
   free(cols);
   free(pick);
}

/* ---- Stacks ---- */

/* --full-names: print generic arguments whole. */
static bool full_names;

static void print_frame(const Frame *f, bool first)
{
   printf("   %s %s: ", first ? "at" : "by", f->ip);
   print_fn_name(f->fn ? f->fn : "???", full_names);
   if (f->file && f->has_line)
      printf(" (%s:%" PRIu64 ")", f->file, f->line);
   else if (f->file)
      printf(" (%s)", f->file);
   else if (f->obj)
      printf(" (in %s)", f->obj);
   putchar('\n');
}

/* --frames=N: Rust stacks run to hundreds of inlined frames.  0: every
   frame, none folded. */
static size_t max_frames = 16;
static const OwnRules *own_rules;
static size_t group_frames;

/* Prints s from its first own frame on, the frames above it folded into
   one line; g, if not NULL, is what grouping merged into the site: its
   stacks differ from frame g->cut on, so the rest is not printed. */
static void print_stack_grouped(const Stack *s, const Grouped *g)
{
   size_t depth = stack_depth(s);
   if (depth == 0) {
      printf("   (no stack)\n");
      return;
   }
   size_t from = max_frames == 0 ? 0 : first_own(s, own_rules);
   if (from == depth || from < 2)
      from = 0;                  /* nothing of the program's, or one
                                    line for one: all shown */
   size_t end = g && g->cut > 0 && g->cut < depth ? g->cut : depth;
   if (from > 0) {
      char *l = fold_label(s, 0, from);
      printf("   \xe2\x80\xa6 %s\n", l);
      free(l);
   }
   /* Below the first own frame, a run of two or more frames that are
      not the program's (Tokio's scheduler, Rayon's join, std's thread
      start) is one line too, unless every frame is shown.  --frames
      counts the lines. */
   size_t f = from, lines = 0;
   while (f < end && (max_frames == 0 || lines < max_frames)) {
      size_t run = f;
      if (from > 0)
         while (run < end && !frame_is_own(stack_frame(s, run), own_rules))
            run++;
      if (run - f >= 2) {
         char *l = fold_label(s, f, run);
         printf("   \xe2\x80\xa6 %s\n", l);
         free(l);
         f = run;
      } else {
         print_frame(stack_frame(s, f), f == 0);
         f++;
      }
      lines++;
   }
   if (f < end)
      printf("   ... %zu more %s (--frames=all shows all)\n", end - f,
             end - f == 1 ? "frame" : "frames");
   if (g && g->stacks > 1)
      printf("   (%s different stacks with these %s own frames merged; "
             "--group-frames=0 lists them apart)\n", num(g->stacks),
             num(group_frames));
}

static void print_stack(const Stack *s)
{
   print_stack_grouped(s, NULL);
}

/* ---- Tasks ---- */

/* Spawn sites, blocking waits and pending tasks listed per list. */
#define TASK_SITES_SHOWN 10
#define TASK_BLOCKS_SHOWN 10
#define PENDING_PER_SITE 3
/* Spawn sites named in the verdict; the rest are summed. */
#define VERDICT_SPAWN_SITES 3

/* Where a spawn site is: "fn (file:line)", or with file_first
   "file:line (fn)" (the verdict's). */
static void add_spawn_place(Buf *b, const SpawnSite *s, bool file_first)
{
   const Frame *f = spawn_frame(s);
   if (f == NULL) {
      buf_adds(b, "an unknown place (its stack does not reach it)");
      return;
   }
   Buf where = { 0 };
   char t[48];
   if (f->file) {
      buf_adds(&where, f->file);
      if (f->has_line) {
         snprintf(t, sizeof t, ":%" PRIu64, f->line);
         buf_adds(&where, t);
      }
   } else if (f->obj) {
      buf_adds(&where, "in ");
      buf_adds(&where, f->obj);
   }
   const char *fn = f->fn ? f->fn : f->ip ? f->ip : "???";
   if (file_first && where.s) {
      buf_adds(b, where.s);
      buf_adds(b, " (");
      add_fn_name(b, fn, full_names);
      buf_adds(b, ")");
   } else {
      add_fn_name(b, fn, full_names);
      if (where.s) {
         buf_adds(b, " (");
         buf_adds(b, where.s);
         buf_adds(b, ")");
      }
   }
   free(where.s);
}

/* A Rayon submit site (its "tasks" are jobs)? */
static bool is_rayon(const SpawnSite *s)
{
   return s->kind && strcmp(s->kind, "rayon") == 0;
}

/* A block_on call site (its "tasks" are the futures block_on ran)? */
static bool is_block_on(const SpawnSite *s)
{
   return s->kind && strcmp(s->kind, "block_on") == 0;
}

/* What a site's work is, counted apart in the header and the verdict. */
enum { SC_TASK, SC_BLOCK_ON, SC_RAYON, SC_N };
static int site_class(const SpawnSite *s)
{
   return is_rayon(s) ? SC_RAYON : is_block_on(s) ? SC_BLOCK_ON : SC_TASK;
}

/* "task"/"tasks", "job"/"jobs" for a Rayon site, "future"/"futures"
   for a block_on one. */
static const char *unit(const SpawnSite *s, uint64_t n)
{
   return is_rayon(s) ? plural(n, "job", "jobs")
        : is_block_on(s) ? plural(n, "future", "futures")
        : plural(n, "task", "tasks");
}

/* "#1: fn (file:line), async" and the future's line. */
static void print_spawn_head(size_t i, const SpawnSite *s, const char *sep)
{
   Buf b = { 0 };
   add_spawn_place(&b, s, false);
   printf("\n#%zu: %s, %s%s", i + 1, b.s, s->kind, sep);
   buf_clear(&b);
   if (s->future && strcmp(s->future, "?") != 0)
      add_fn_name(&b, s->future, full_names);
   else
      buf_adds(&b, "unknown");
   printf("   %s: %s\n", is_rayon(s) ? "calls" : "future", b.s);
   free(b.s);
}

static int cmp_spawn_mem(const void *a, const void *b)
{
   const SpawnSite *x = *(const SpawnSite *const *)a,
                   *y = *(const SpawnSite *const *)b;
   if (x->live_bytes != y->live_bytes)
      return x->live_bytes > y->live_bytes ? -1 : 1;
   if (x->lost_bytes != y->lost_bytes)
      return x->lost_bytes > y->lost_bytes ? -1 : 1;
   if (x->bytes != y->bytes)
      return x->bytes > y->bytes ? -1 : 1;
   return (x->id > y->id) - (x->id < y->id);
}

static int cmp_spawn_cpu(const void *a, const void *b)
{
   const SpawnSite *x = *(const SpawnSite *const *)a,
                   *y = *(const SpawnSite *const *)b;
   if (x->insns != y->insns)
      return x->insns > y->insns ? -1 : 1;
   return (x->id > y->id) - (x->id < y->id);
}

static int cmp_spawn_pending(const void *a, const void *b)
{
   const SpawnSite *x = *(const SpawnSite *const *)a,
                   *y = *(const SpawnSite *const *)b;
   if (x->pending != y->pending)
      return x->pending > y->pending ? -1 : 1;
   return (x->id > y->id) - (x->id < y->id);
}

static int cmp_spawn_lost(const void *a, const void *b)
{
   const SpawnSite *x = *(const SpawnSite *const *)a,
                   *y = *(const SpawnSite *const *)b;
   if (x->lost_bytes != y->lost_bytes)
      return x->lost_bytes > y->lost_bytes ? -1 : 1;
   return (x->id > y->id) - (x->id < y->id);
}

/* The spawn sites for which keep() holds, sorted by cmp; *n of them. */
static const SpawnSite **spawn_list(const Tasks *t,
                                    bool (*keep)(const SpawnSite *),
                                    int (*cmp)(const void *, const void *),
                                    size_t *n)
{
   const SpawnSite **v = xrealloc(NULL, (t->nsites ? t->nsites : 1) *
                                  sizeof *v);
   *n = 0;
   for (size_t i = 0; i < t->nsites; i++)
      if (keep(&t->sites[i]))
         v[(*n)++] = &t->sites[i];
   qsort(v, *n, sizeof *v, cmp);
   return v;
}

static bool has_live(const SpawnSite *s) { return s->live_bytes > 0 || s->lost_bytes > 0; }
static bool has_insns(const SpawnSite *s) { return s->insns > 0; }
static bool has_pending(const SpawnSite *s) { return s->pending > 0; }
static bool has_lost(const SpawnSite *s) { return s->lost_bytes > 0; }

/* "; the heaviest 10 of 12" if the list is cut, else "". */
static const char *shown_of(size_t shown, size_t n)
{
   static char b[64];
   b[0] = '\0';
   if (shown < n)
      snprintf(b, sizeof b, "; the heaviest %zu of %zu", shown, n);
   return b;
}

static void print_task_memory(const Tasks *t)
{
   size_t n;
   const SpawnSite **v = spawn_list(t, has_live, cmp_spawn_mem, &n);
   if (n == 0) {
      printf("\nSpawn sites by memory: none left memory live at exit.\n");
      free(v);
      return;
   }
   size_t shown = n < TASK_SITES_SHOWN ? n : TASK_SITES_SHOWN;
   printf("\nSpawn sites by memory live at exit (allocated in their tasks' "
          "polls)%s:\n", shown_of(shown, n));
   for (size_t i = 0; i < shown; i++) {
      const SpawnSite *s = v[i];
      print_spawn_head(i, s, "\n");
      printf("   %s %s, %s ended; %s allocated in %s %s", num(s->spawned),
             unit(s, s->spawned), num(s->ended),
             bytes_str(s->bytes), num(s->allocs),
             plural(s->allocs, "allocation", "allocations"));
      printf(", %s live at exit (peak %s)", bytes_blocks(s->live_bytes,
             s->live_blocks), num(s->peak_live));
      if (s->has_lost)
         printf(", %s definitely lost", num(s->lost_bytes));
      if (s->has_lost && s->lost_bytes > 0)
         printf(" in %s %s", num(s->lost_blocks),
                plural(s->lost_blocks, "block", "blocks"));
      printf("\n");
   }
   free(v);
}

static void print_task_cpu(const Tasks *t)
{
   size_t n;
   const SpawnSite **v = spawn_list(t, has_insns, cmp_spawn_cpu, &n);
   if (n == 0) {
      free(v);
      return;
   }
   size_t shown = n < TASK_SITES_SHOWN ? n : TASK_SITES_SHOWN;
   printf("\nSpawn sites by CPU (instructions in their tasks' polls)%s:\n",
          shown_of(shown, n));
   for (size_t i = 0; i < shown; i++) {
      const SpawnSite *s = v[i];
      print_spawn_head(i, s, "\n");
      int c = site_class(s);
      if (c == SC_TASK)
         printf("   %s %s, %s %s, %s instructions, the longest poll %s",
                num(s->spawned), unit(s, s->spawned),
                num(s->polls), plural(s->polls, "poll", "polls"),
                num(s->insns), num(s->max_poll));
      else   /* a block_on call or a Rayon job is run once: no polls */
         printf("   %s %s, %s instructions, the longest %s %s",
                num(s->spawned), unit(s, s->spawned), num(s->insns),
                c == SC_RAYON ? "job" : "call", num(s->max_poll));
      if (s->waits > 0)
         printf("; %s blocking %s, %s", num(s->waits),
                plural(s->waits, "wait", "waits"), ms1(s->blocked_us));
      printf("\n");
   }
   free(v);
}

static bool is_pending(const TaskRec *k)
{
   return k->state && (strcmp(k->state, "pending") == 0 ||
                       strcmp(k->state, "polling") == 0);
}

static void print_task_pending(const Tasks *t)
{
   size_t n;
   const SpawnSite **v = spawn_list(t, has_pending, cmp_spawn_pending, &n);
   uint64_t total = 0;
   for (size_t i = 0; i < n; i++)
      total = add_sat(total, v[i]->pending);
   if (n == 0) {
      printf("\nPending at exit: no task.\n");
      free(v);
      return;
   }
   size_t shown = n < TASK_SITES_SHOWN ? n : TASK_SITES_SHOWN;
   printf("\nPending at exit: %s %s not completed (after Ctrl-C, the hung "
          "ones), at %s spawn %s:\n", num(total),
          plural(total, "task", "tasks"), num(n),
          plural(n, "site", "sites"));
   for (size_t i = 0; i < shown; i++) {
      const SpawnSite *s = v[i];
      char sep[64];
      snprintf(sep, sizeof sep, ": %s pending of %s alive at exit\n",
               num(s->pending), num(s->alive));
      print_spawn_head(i, s, sep);
      size_t listed = 0;
      for (size_t j = 0; j < t->ntasks; j++) {
         const TaskRec *k = &t->tasks[j];
         if (k->site != s->id || !is_pending(k))
            continue;
         if (listed++ == PENDING_PER_SITE)
            continue;
         printf("   task %s: %s, spawned at %s ms, %s %s, %s instructions, "
                "%s allocated", num(k->seq), k->state, num(k->spawned_ms),
                num(k->polls), plural(k->polls, "poll", "polls"),
                num(k->insns), bytes_str(k->bytes));
         if (stack_depth(&k->stack) == 0) {
            printf("; no stack (its polls neither allocated nor "
                   "waited)\n");
            continue;
         }
         printf("; %s:\n", strcmp(k->state, "polling") == 0
                ? "its thread at exit" : "the last stack seen in its polls");
         print_stack(&k->stack);
      }
      if (listed > PENDING_PER_SITE)
         printf("   (%zu more listed: --format=json shows them)\n",
                listed - PENDING_PER_SITE);
   }
   free(v);
}

static void print_task_blocking(const Tasks *t)
{
   uint64_t waits = 0, us = 0;
   for (size_t i = 0; i < t->nblocks; i++) {
      waits = add_sat(waits, t->blocks[i].waits);
      us = add_sat(us, t->blocks[i].blocked_us);
   }
   if (t->nblocks == 0) {
      printf("\nBlocking inside async: none.\n");
      return;
   }
   size_t shown = t->nblocks < TASK_BLOCKS_SHOWN ? t->nblocks
                                                 : TASK_BLOCKS_SHOWN;
   printf("\nBlocking inside async: %s futex %s blocked %s in tasks' polls, "
          "stalling their worker threads", num(waits),
          plural(waits, "wait", "waits"), ms1(us));
   if (shown < t->nblocks)
      printf("; the most blocked %zu of %zu", shown, t->nblocks);
   printf(":\n");
   for (size_t i = 0; i < shown; i++) {
      const BlockIn *b = &t->blocks[i];
      const SpawnSite *s = spawn_site(t, b->site);
      Buf where = { 0 };
      if (s)
         add_spawn_place(&where, s, false);
      else
         buf_adds(&where, "an unknown spawn site");
      printf("\n#%zu: tasks spawned at %s: %s %s, blocked %s, the longest "
             "%s\n", i + 1, where.s, num(b->waits),
             plural(b->waits, "wait", "waits"), ms1(b->blocked_us),
             ms1(b->max_us));
      free(where.s);
      print_stack(&b->stack);
   }
}

static void print_tasks(Report *r)
{
   const Tasks *t = r->tasks;
   if (t == NULL)
      return;
   if (t->attribution && strcmp(t->attribution, "no") == 0) {
      printf("\nTasks: not attributed (--task-attribution=no).\n");
      return;
   }
   /* Tokio's tasks, block_on futures and Rayon jobs, each counted
      apart: block_on's "polls" are its calls, a Rayon site's jobs. */
   uint64_t polls = 0, runs[SC_N] = { 0 };
   size_t nsites[SC_N] = { 0 };
   for (size_t i = 0; i < t->nsites; i++) {
      int c = site_class(&t->sites[i]);
      nsites[c]++;
      runs[c] = add_sat(runs[c], t->sites[i].spawned);
      if (c == SC_TASK)
         polls = add_sat(polls, t->sites[i].polls);
   }
   bool tokio = !(t->recognised && strcmp(t->recognised, "none") == 0);
   if (!tokio && nsites[SC_RAYON] == 0 && nsites[SC_BLOCK_ON] == 0) {
      printf("\nTasks: none (no Tokio tasks were found).\n");
      return;
   }
   char head[768];
   const char *sep = "";
   int len = snprintf(head, sizeof head, "Tasks:");
   if (tokio) {
      len += snprintf(head + len, sizeof head - (size_t)len, " %s Tokio %s "
                      "spawned at %s spawn %s, polled %s %s", num(t->spawned),
                      plural(t->spawned, "task", "tasks"),
                      num(nsites[SC_TASK]),
                      plural(nsites[SC_TASK], "site", "sites"), num(polls),
                      plural(polls, "time", "times"));
      sep = ";";
   }
   if (nsites[SC_BLOCK_ON] > 0) {
      len += snprintf(head + len, sizeof head - (size_t)len, "%s %s block_on "
                      "%s at %s call %s", sep, num(runs[SC_BLOCK_ON]),
                      plural(runs[SC_BLOCK_ON], "future", "futures"),
                      num(nsites[SC_BLOCK_ON]),
                      plural(nsites[SC_BLOCK_ON], "site", "sites"));
      sep = ";";
   }
   if (nsites[SC_RAYON] > 0) {
      len += snprintf(head + len, sizeof head - (size_t)len, "%s %s Rayon "
                      "%s run for %s submit %s", sep, num(runs[SC_RAYON]),
                      plural(runs[SC_RAYON], "job", "jobs"),
                      num(nsites[SC_RAYON]),
                      plural(nsites[SC_RAYON], "site", "sites"));
      if (t->has_rayon && t->rayon_unknown > 0)
         len += snprintf(head + len, sizeof head - (size_t)len, " (and %s "
                         "of %s %s whose submit site was not found, not "
                         "charged)", num(t->rayon_unknown),
                         num(t->rayon_jobs),
                         plural(t->rayon_jobs, "job", "jobs"));
   }
   if (tokio && strcmp(t->recognised, "yes") != 0) {
      snprintf(head + len, sizeof head - (size_t)len, "; Tokio's tasks were "
               "recognised only in part, so nothing is charged to them.");
      putchar('\n');
      print_wrapped(head, 78);
      return;
   }
   uint64_t in_b = 0, in_n = 0, all_b = 0, in_i = 0;
   for (size_t i = 0; i < t->nshares; i++) {
      const TaskShare *s = &t->shares[i];
      in_b = add_sat(in_b, s->bytes_in);
      in_n = add_sat(in_n, s->allocs_in);
      all_b = add_sat(all_b, add_sat(s->bytes_in, s->bytes_out));
      in_i = add_sat(in_i, s->insns_in);
   }
   /* "their polls, block_on futures and jobs" */
   static const char *const what[SC_N] = { "polls", "block_on futures",
                                           "jobs" };
   bool has[SC_N] = { tokio, nsites[SC_BLOCK_ON] > 0, nsites[SC_RAYON] > 0 };
   char whose[64] = "";
   size_t nwhat = has[0] + has[1] + has[2], k = 0;
   for (int c = 0; c < SC_N; c++)
      if (has[c]) {
         k++;
         strcat(whose, k == 1 ? "" : k == nwhat ? " and " : ", ");
         strcat(whose, what[c]);
      }
   snprintf(head + len, sizeof head - (size_t)len, "; their %s "
            "allocated %s in %s %s (of the program's %s) and executed %s "
            "instructions.", whose, bytes_str(in_b), num(in_n),
            plural(in_n, "allocation", "allocations"), bytes_str(all_b),
            num(in_i));
   putchar('\n');
   print_wrapped(head, 78);
   print_task_memory(t);
   print_task_cpu(t);
   print_task_pending(t);
   print_task_blocking(t);
}

/* "; 3,003 of the bytes definitely lost were allocated in tasks spawned
   at main.rs:30 (spawn_a)", with each site's share if there are
   several: the spawn sites' lost-bytes, which are exact. */
static void add_lost_in_tasks(Buf *b, const Report *r)
{
   if (r->tasks == NULL)
      return;
   size_t n;
   const SpawnSite **v = spawn_list(r->tasks, has_lost, cmp_spawn_lost, &n);
   uint64_t total = 0, rest = 0;
   bool mixed = false;
   for (size_t i = 0; i < n; i++)
      total = add_sat(total, v[i]->lost_bytes);
   if (n > 0) {
      bool all = total == r->leak_bytes[LK_DEF];
      bool has[SC_N] = { false };
      for (size_t i = 0; i < n; i++)
         has[site_class(v[i])] = true;
      mixed = has[SC_TASK] + has[SC_BLOCK_ON] + has[SC_RAYON] > 1;
      buf_adds(b, all ? "; all " : "; ");
      buf_adds(b, num(total));
      buf_adds(b, all ? " bytes definitely lost were allocated in "
                      : " of the bytes definitely lost were allocated in ");
      if (!mixed) {
         static const char *const lead[SC_N] = {
            "tasks spawned at ", "block_on futures run at ",
            "Rayon jobs submitted at "
         };
         buf_adds(b, lead[site_class(v[0])]);
      } else {
         /* Each site then says its kind. */
         static const char *const what[SC_N] = {
            "tasks", "block_on futures", "Rayon jobs"
         };
         size_t k = 0, nk = has[0] + has[1] + has[2];
         for (int c = 0; c < SC_N; c++)
            if (has[c]) {
               k++;
               buf_adds(b, k == 1 ? "" : k == nk ? " and " : ", ");
               buf_adds(b, what[c]);
            }
         buf_adds(b, " at ");
      }
   }
   for (size_t i = 0; i < n; i++) {
      if (i >= VERDICT_SPAWN_SITES) {
         rest = add_sat(rest, v[i]->lost_bytes);
         continue;
      }
      if (i > 0)
         buf_adds(b, i + 1 == n && n <= VERDICT_SPAWN_SITES ? " and " : ", ");
      if (mixed) {
         /* "file:line (fn, kind)" */
         Buf p = { 0 };
         add_spawn_place(&p, v[i], true);
         if (p.len > 0 && p.s[p.len - 1] == ')') {
            p.s[--p.len] = '\0';
            buf_adds(&p, ", ");
            buf_adds(&p, v[i]->kind);
            buf_adds(&p, ")");
         } else {
            buf_adds(&p, " (");
            buf_adds(&p, v[i]->kind);
            buf_adds(&p, ")");
         }
         buf_adds(b, p.s);
         free(p.s);
      } else {
         add_spawn_place(b, v[i], true);
      }
      if (n > 1) {
         buf_adds(b, " ");
         buf_adds(b, num(v[i]->lost_bytes));
      }
   }
   if (n > VERDICT_SPAWN_SITES) {
      char t[96];
      snprintf(t, sizeof t, " and %zu other sites %s",
               n - VERDICT_SPAWN_SITES, num(rest));
      buf_adds(b, t);
   }
   free(v);
}

/* ", 12 records" after a grouped site's figures, or nothing. */
static const char *merged_note(const Grouped *g, const char *what)
{
   static char b[96];
   b[0] = '\0';
   if (g->records > 1)
      snprintf(b, sizeof b, "; %s %s merged", num(g->records), what);
   return b;
}

/* The site's thread, or how many threads its merged records are of. */
static char *site_threads(const ThreadIndex *ix, const Site *s)
{
   if (s->g.threads > 1) {
      char b[64];
      snprintf(b, sizeof b, "%s threads", num(s->g.threads));
      return xstrdup(b);
   }
   return thread_ref(ix, s->thread);
}

/* ---- Allocation sites ---- */

static void print_asites(Report *r, size_t top)
{
   if (top == 0 || !r->has_asites)
      return;
   uint64_t sites = add_sat(r->asites_total, sub_sat(r->as_count, r->as_shown));
   if (r->asites_total == 0) {
      printf("\nAllocation sites: none.\n");
      return;
   }
   sort_top(r->asites, r->nasites, sizeof *r->asites, cmp_asite, top);
   size_t shown = r->nasites < top ? r->nasites : top;
   size_t ng = groups(r->nasites, r->asites_groups);
   printf("\nAllocation sites: %s %s of %s at %s %s; the largest %s:\n",
          num(add_sat(r->as_allocs, r->as_rest_allocs)),
          plural(add_sat(r->as_allocs, r->as_rest_allocs), "allocation", "allocations"),
          bytes_str(add_sat(r->as_bytes, r->as_rest_bytes)),
          num(sites), plural(sites, "site", "sites"), num(shown));
   if (ng < r->asites_total)
      printf("(the %s listed %s merged into %s %s by role and first %s own %s)\n",
             num(r->asites_total), plural(r->asites_total, "site", "sites"),
             num(ng), plural(ng, "group", "groups"),
             num(group_frames), plural(group_frames, "frame", "frames"));
   if (r->as_count > r->as_shown)
      printf("(the report lists %s of them; the other %s allocated %s in %s %s, "
             "%s live at exit, %s at the peak)\n",
             num(r->as_shown), num(r->as_count - r->as_shown),
             bytes_str(r->as_rest_bytes), num(r->as_rest_allocs),
             plural(r->as_rest_allocs, "allocation", "allocations"),
             num(r->as_rest_live), num(r->as_rest_at_peak));
   for (size_t i = 0; i < shown; i++) {
      const ASite *a = &r->asites[i];
      char *role = role_label(&a->role, false);
      printf("\n#%zu: %s in %s %s, role %s; live at exit: %s; at the peak: %s%s\n",
             i + 1, bytes_str(a->bytes), num(a->allocs),
             plural(a->allocs, "allocation", "allocations"), role,
             bytes_blocks(a->live_bytes,
                          a->live_blocks),
             bytes_str(a->at_peak), merged_note(&a->g, "sites"));
      free(role);
      print_stack_grouped(&a->stack, &a->g);
   }
}

/* ---- Frees across roles ---- */

/* Most bytes first, then most frees, then in file order. */
static int cmp_xfree(const void *a, const void *b)
{
   const XFree *x = a, *y = b;
   if (x->bytes != y->bytes)
      return x->bytes > y->bytes ? -1 : 1;
   if (x->frees != y->frees)
      return x->frees > y->frees ? -1 : 1;
   return cmp_order(x->order, y->order);
}

static void print_xfrees(Report *r)
{
   if (!r->has_xfrees)
      return;
   if (r->nxfrees == 0) {
      printf("\nFrees across roles: none.\n");
      return;
   }
   qsort(r->xfrees, r->nxfrees, sizeof *r->xfrees, cmp_xfree);
   printf("\nFrees across roles: %s %s of %s allocated in one role and freed in "
          "another:\n", num(r->xfree_frees), plural(r->xfree_frees, "free", "frees"),
          bytes_str(r->xfree_bytes));
   for (size_t i = 0; i < r->nxfrees; i++) {
      const XFree *x = &r->xfrees[i];
      char *a = role_label(&x->alloc, false), *f = role_label(&x->freed, false);
      printf("  allocated in %s, freed in %s: %s %s, %s\n", a, f, num(x->frees),
             plural(x->frees, "free", "frees"), bytes_str(x->bytes));
      free(a);
      free(f);
   }
}

/* ---- Bad calls ---- */

/* Most calls first, then in file order. */
static int cmp_bad(const void *a, const void *b)
{
   const BadCall *x = a, *y = b;
   if (x->count != y->count)
      return x->count > y->count ? -1 : 1;
   return cmp_order(x->order, y->order);
}

/* The function a bad call was made to: the first frame of its stack,
   which is the allocator's entry point the tool replaces. */
static const char *bad_fn(const BadCall *b)
{
   const Stack *s = &b->stack;
   return stack_depth(s) > 0 && stack_frame(s, 0)->fn
      ? stack_frame(s, 0)->fn : "";
}

/* What a bad alignment was and what the program got for it.  glibc
   2.36's posix_memalign refuses an alignment that is not a power of two
   or not a multiple of the pointer size (EINVAL), and its memalign and
   aligned_alloc (one function, which is why both show as memalign)
   round it up to a power of two and serve the call; the _rjem_ ones
   fail (docs/report-format.md, <bad-calls>).  Other entry points (C++
   aligned new) are not described: what happened depends on more than
   the report says. */
static void print_bad_alignment(const BadCall *b)
{
   const char *fn = bad_fn(b);
   bool pow2 = b->given != 0 && (b->given & (b->given - 1)) == 0;
   size_t n = strlen(fn), k = strlen("posix_memalign");
   bool posix = n >= k && strcmp(fn + n - k, "posix_memalign") == 0;
   printf("alignment %s, %s, for %s", num(b->given),
          pow2 ? "a power of two but not a multiple of the pointer size"
               : "not a power of two", bytes_str(b->size));
   if (posix) {
      printf("; the program got EINVAL");
   } else if (strcmp(fn, "_rjem_aligned_alloc") == 0) {
      printf("; the program got NULL (EINVAL)");
   } else if (strcmp(fn, "_rjem_memalign") == 0) {
      printf("; the program got NULL");
   } else if (strcmp(fn, "memalign") == 0 ||
              strcmp(fn, "aligned_alloc") == 0) {
      uint64_t up = 1;
      while (up < b->given && up <= UINT64_MAX / 2)
         up <<= 1;
      if (up < b->given)
         printf("; the program got NULL (EINVAL): no power of two is "
                "that large");
      else if (b->given == 0)
         printf("; the program got a block as malloc gives one (glibc "
                "rounds the alignment up)");
      else
         printf("; the program got a block aligned to %s (glibc rounds "
                "the alignment up)", num(up));
   }
   putchar('\n');
}

static void print_bad(Report *r)
{
   if (!r->has_bad)
      return;
   if (r->nbad == 0) {
      printf("\nBad calls: none.\n");
      return;
   }
   qsort(r->bad, r->nbad, sizeof *r->bad, cmp_bad);
   printf("\nBad calls: %s %s the program got wrong, at %s %s (it went on "
          "after each):\n", num(r->bad_total),
          plural(r->bad_total, "call", "calls"), num(r->nbad),
          plural(r->nbad, "place", "places"));
   for (size_t i = 0; i < r->nbad; i++) {
      const BadCall *b = &r->bad[i];
      const char *k = b->kind;
      printf("\n%s: %s %s%s", k, num(b->count), plural(b->count, "call", "calls"),
             b->count > 1 ? "; the first: " : ", ");
      /* What the call was, in the terms of its kind (size and given
         are the tool's two numbers), and what the program got for it
         (see docs/report-format.md). */
      if (strcmp(k, "invalid-free") == 0)
         printf("free(%s) of no heap block; ignored\n", b->addr);
      else if (strcmp(k, "double-free") == 0)
         printf("free(%s) of a block already freed; ignored\n", b->addr);
      else if (strcmp(k, "realloc-of-freed") == 0)
         printf("realloc(%s, %s) of a block already freed; the program got "
                "NULL\n", b->addr, num(b->given));
      else if (strcmp(k, "realloc-invalid") == 0)
         printf("realloc(%s, %s) of no heap block; the program got NULL\n",
                b->addr, num(b->given));
      else if (strcmp(k, "calloc-overflow") == 0)
         printf("calloc(%s, %s), whose size overflows; the program got "
                "NULL (ENOMEM)\n", num(b->size), num(b->given));
      else if (strcmp(k, "bad-alignment") == 0)
         print_bad_alignment(b);
      else if (strcmp(k, "sized-free-mismatch") == 0)
         printf("block %s freed with size %s, block is %s; freed all the "
                "same\n", b->addr, num(b->given), num(b->size));
      else if (strcmp(k, "too-large") == 0)
         printf("%s asked for, more than could be had; the program got "
                "NULL (ENOMEM)\n", bytes_str(b->size));
      else
         printf("address %s, size %s, given %s\n", b->addr, num(b->size),
                num(b->given));
      print_stack(&b->stack);
   }
}

/* ---- Footprint: heap and mappings ---- */

/* The largest mappings live at exit listed, with their stacks. */
#define MAPS_SHOWN 10

static void fp_cells(Table *t, const Fp *f)
{
   cell(t, num(f->heap));
   cell(t, num(f->stacks));
   cell(t, num(f->anon));
   cell(t, num(f->file));
   cell(t, num(f->total));
   char n[80];
   snprintf(n, sizeof n, "%" PRIu64 "/%" PRIu64 "/%" PRIu64,
            f->stack_maps, f->anon_maps, f->file_maps);
   cell(t, n);
}

static int cmp_fprow(const void *a, const void *b)
{
   const FpRow *x = a, *y = b;
   if (x->fp.total != y->fp.total)
      return x->fp.total > y->fp.total ? -1 : 1;
   return cmp_role(&x->role, &y->role);
}

static void print_footprint(Report *r, const ThreadIndex *ix)
{
   static const char *const head[] = {
      "role", "heap", "stacks", "anon maps", "file maps", "total",
      "maps s/a/f",
   };
   static const bool right[] = { false, true, true, true, true, true, true };
   static const size_t cap[] = { ROLE_COL_MAX, 0, 0, 0, 0, 0, 0 };
   static const char *const when[2] = {
      "the footprint's peak (heap and maps at their largest together)",
      "exit",
   };
   Maps *m = r->maps;
   if (m == NULL)
      return;
   printf("\nFootprint: live bytes of the heap, thread stacks, anonymous "
          "and file maps, by the role that allocated or mapped them:\n");
   for (int a = 0; a < 2; a++) {
      Table t = { .ncols = 7, .head = head, .right = right, .cap = cap };
      if (!m->has_at[a])
         continue;
      qsort(m->roles[a], m->nroles[a], sizeof *m->roles[a], cmp_fprow);
      printf("\nAt %s:\n", when[a]);
      cell(&t, "all");
      fp_cells(&t, &m->at[a]);
      for (size_t i = 0; i < m->nroles[a]; i++) {
         cell_free(&t, role_label(&m->roles[a][i].role, false));
         fp_cells(&t, &m->roles[a][i].fp);
      }
      table_print(&t);
   }
   size_t shown = m->nlist < MAPS_SHOWN ? m->nlist : MAPS_SHOWN;
   if (shown == 0)
      return;
   printf("\nThe %s largest of the %s %s live at exit:\n", num(shown),
          num(m->maps), plural(m->maps, "mapping", "mappings"));
   for (size_t i = 0; i < shown; i++) {
      const MapRec *x = &m->list[i];
      char *who = thread_ref(ix, x->thread);
      char *role = role_label(&x->role, false);
      printf("\n%s, %s (%s) at %s, by %s, role %s%s%s\n", bytes_str(x->bytes),
             x->kind, x->how, x->start, who, role,
             x->file ? ": " : "", x->file ? x->file : "");
      free(who);
      free(role);
      print_stack(&x->stack);
   }
}

/* ---- Snapshots and growth (growth.c) ---- */

static char *own_place(const Stack *s);

/* The snapshots' leak scans (--snapshot-leak-check=yes), if any: a
   leak that grows shows as definitely lost growing down the column. */
static void print_snapshot_leaks(const Snaps *ss)
{
   static const char *const head[] = {
      "seq", "definitely lost", "blocks", "indirectly lost",
      "possibly lost", "still reachable", "lost records",
   };
   static const bool right[] = { true, true, true, true, true, true, true };
   static const size_t cap[] = { 0, 0, 0, 0, 0, 0, 0 };
   size_t n = 0;
   for (size_t i = 0; i < ss->n; i++)
      n += ss->list[i].has_leaks;
   if (n == 0)
      return;
   printf("Leak scans at the snapshots (bytes):\n");
   Table t = { .ncols = 7, .head = head, .right = right, .cap = cap };
   for (size_t i = 0; i < ss->n; i++) {
      const Snap *sn = &ss->list[i];
      if (!sn->has_leaks)
         continue;
      cell(&t, num(sn->seq));
      cell(&t, num(sn->leak_bytes[LK_DEF]));
      cell(&t, num(sn->leak_blocks[LK_DEF]));
      cell(&t, num(sn->leak_bytes[LK_IND]));
      cell(&t, num(sn->leak_bytes[LK_POS]));
      cell(&t, num(sn->leak_bytes[LK_REACH]));
      cell(&t, num(sn->leak_records));
   }
   table_print(&t);
}

/* The snapshots shown as columns: all of them if few, else this many
   spread from the first to the last, the largest among them. */
#define SNAP_COLS 6
/* Spawn sites shown: those holding most at the last snapshot, then a
   few more holding most at the largest. */
#define SNAP_SPAWN_LAST 5
#define SNAP_SPAWN_PEAK 2

static bool snap_has_tasks(const Snap *sn) { return sn->tasks != NULL; }
static bool snap_has_leaks(const Snap *sn) { return sn->has_leaks; }

/* Fills idx (SNAP_COLS) with the columns' indices into ss->list, in
   order; returns how many. */
static size_t pick_snaps(const Snaps *ss, bool (*has)(const Snap *),
                         size_t *idx)
{
   size_t m = 0, n = 0, peak = SIZE_MAX;
   for (size_t i = 0; i < ss->n; i++)
      if (has(&ss->list[i])) {
         if (ss->list[i].peak)
            peak = m;
         m++;
      }
   size_t want[SNAP_COLS];       /* ranks among those that have */
   if (m <= SNAP_COLS) {
      for (size_t j = 0; j < m; j++)
         want[n++] = j;
   } else {
      for (size_t j = 0; j < SNAP_COLS; j++)
         want[n++] = j * (m - 1) / (SNAP_COLS - 1);
      if (peak != SIZE_MAX) {    /* the largest replaces its nearest */
         size_t best = 1;
         for (size_t j = 1; j + 1 < n; j++)
            if ((want[j] > peak ? want[j] - peak : peak - want[j]) <
                (want[best] > peak ? want[best] - peak : peak - want[best]))
               best = j;
         if (peak != 0 && peak != m - 1)
            want[best] = peak;
      }
   }
   for (size_t i = 0, rank = 0, j = 0; i < ss->n && j < n; i++)
      if (has(&ss->list[i])) {
         if (rank == want[j])
            idx[j++] = i;
         rank++;
      }
   return n;
}

/* Column headings "#seq" for the picked snapshots, after lead ones. */
static char **snap_heads(const Snaps *ss, const size_t *idx, size_t n,
                         const char *const *lead, size_t nlead)
{
   char **h = xrealloc(NULL, (nlead + n + 1) * sizeof *h);
   for (size_t c = 0; c < nlead; c++)
      h[c] = xstrdup(lead[c]);
   for (size_t c = 0; c < n; c++) {
      char t[32];
      snprintf(t, sizeof t, "#%s", num(ss->list[idx[c]].seq));
      h[nlead + c] = xstrdup(t);
   }
   h[nlead + n] = NULL;
   return h;
}

static void free_heads(char **h)
{
   for (size_t c = 0; h[c]; c++)
      free(h[c]);
   free(h);
}

static uint64_t held(const SnapSpawn *x) { return x->live_bytes + x->cell_bytes; }

static const SnapSpawn *snap_spawn(const Snap *sn, uint64_t id)
{
   for (size_t k = 0; sn->tasks && k < sn->tasks->nsites; k++)
      if (sn->tasks->sites[k].id == id)
         return &sn->tasks->sites[k];
   return NULL;
}

/* Tokio spawn sites: the heap their tasks hold at each snapshot (a site
   a snapshot does not list, not among its --snapshot-sites largest,
   shows "-": it is in the "other spawn sites" row). */
static void print_snapshot_spawns(const Report *r)
{
   const Snaps *ss = r->snaps;
   size_t idx[SNAP_COLS], nc = pick_snaps(ss, snap_has_tasks, idx);
   if (nc == 0)
      return;
   const Snap *last = &ss->list[idx[nc - 1]], *peak = NULL;
   for (size_t i = 0; i < ss->n; i++)
      if (ss->list[i].peak && ss->list[i].tasks)
         peak = &ss->list[i];
   uint64_t ids[SNAP_SPAWN_LAST + SNAP_SPAWN_PEAK];
   size_t nr = 0;
   for (size_t k = 0; k < last->tasks->nsites && nr < SNAP_SPAWN_LAST; k++)
      ids[nr++] = last->tasks->sites[k].id;
   for (size_t k = 0, more = 0; peak && peak != last &&
        k < peak->tasks->nsites && more < SNAP_SPAWN_PEAK; k++) {
      bool dup = false;
      for (size_t j = 0; j < nr; j++)
         dup |= ids[j] == peak->tasks->sites[k].id;
      if (!dup) {
         ids[nr++] = peak->tasks->sites[k].id;
         more++;
      }
   }
   static const char *const lead[] = { "spawn site" };
   char **head = snap_heads(ss, idx, nc, lead, 1);
   const char *hd[SNAP_COLS + 2];
   bool right[SNAP_COLS + 2];
   size_t cap[SNAP_COLS + 2] = { 0 };
   for (size_t c = 0; c <= nc; c++) {
      hd[c] = head[c];
      right[c] = c > 0;
   }
   hd[nc + 1] = "tasks";
   right[nc + 1] = true;
   cap[0] = 60;
   printf("Tokio spawn sites at the snapshots (bytes their tasks hold: live "
          "and cells; tasks alive at #%s):\n", num(last->seq));
   Table t = { .ncols = nc + 2, .head = hd, .right = right, .cap = cap };
   uint64_t shown[SNAP_COLS] = { 0 };
   for (size_t j = 0; j < nr; j++) {
      const SpawnSite *site = r->tasks ? spawn_site(r->tasks, ids[j]) : NULL;
      Buf b = { 0 };
      if (site) {
         add_spawn_place(&b, site, false);
         buf_adds(&b, ", ");
         buf_adds(&b, site->kind ? site->kind : "?");
      } else {
         buf_adds(&b, "spawn site ");
         buf_adds(&b, num(ids[j]));
      }
      cell_free(&t, b.s);
      for (size_t c = 0; c < nc; c++) {
         const SnapSpawn *x = snap_spawn(&ss->list[idx[c]], ids[j]);
         cell(&t, x ? num(held(x)) : "-");
         shown[c] += x ? held(x) : 0;
      }
      const SnapSpawn *x = snap_spawn(last, ids[j]);
      cell(&t, x ? num(x->tasks) : "-");
   }
   /* The rest, so that each column adds up to what all tasks hold. */
   bool rest = false;
   uint64_t all[SNAP_COLS];
   for (size_t c = 0; c < nc; c++) {
      const SnapTasks *k = ss->list[idx[c]].tasks;
      all[c] = k->rest_bytes + k->rest_cell_bytes;
      for (size_t j = 0; j < k->nsites; j++)
         all[c] += held(&k->sites[j]);
      rest |= all[c] != shown[c];
   }
   if (rest) {
      cell(&t, "other spawn sites");
      for (size_t c = 0; c < nc; c++)
         cell(&t, num(all[c] - shown[c]));
      uint64_t tasks = last->tasks->alive;
      for (size_t j = 0; j < nr; j++) {
         const SnapSpawn *x = snap_spawn(last, ids[j]);
         tasks -= x && x->tasks <= tasks ? x->tasks : 0;
      }
      cell(&t, num(tasks));
   }
   table_print(&t);
   free_heads(head);
}

/* The scans' figures by role and kind, a column per scan (a scan lists
   every role with blocks of a kind: a missing one had none). */
static void print_snapshot_leak_roles(const Snaps *ss)
{
   size_t idx[SNAP_COLS], nc = pick_snaps(ss, snap_has_leaks, idx);
   const SnapLeak **rows = NULL;
   size_t nr = 0, cap = 0;
   for (size_t c = 0; c < nc; c++) {
      const Snap *sn = &ss->list[idx[c]];
      for (size_t k = 0; k < sn->nlroles; k++) {
         const SnapLeak *x = &sn->lroles[k];
         bool dup = x->kind < 0;
         for (size_t j = 0; j < nr && !dup; j++)
            dup = rows[j]->kind == x->kind && same_role(&rows[j]->role, &x->role);
         if (!dup) {
            GROW(rows, cap, nr + 1);
            rows[nr++] = x;
         }
      }
   }
   if (nr == 0)
      return;
   /* By role, then in memcheck's order of kinds. */
   for (size_t i = 1; i < nr; i++)
      for (size_t j = i; j > 0; j--) {
         int d = cmp_role(&rows[j - 1]->role, &rows[j]->role);
         if (d < 0 || (d == 0 && rows[j - 1]->kind < rows[j]->kind))
            break;
         const SnapLeak *tmp = rows[j];
         rows[j] = rows[j - 1];
         rows[j - 1] = tmp;
      }
   static const char *const lead[] = { "role", "kind" };
   char **head = snap_heads(ss, idx, nc, lead, 2);
   bool right[SNAP_COLS + 2];
   size_t caps[SNAP_COLS + 2] = { 0 };
   for (size_t c = 0; c < nc + 2; c++)
      right[c] = c > 1;
   caps[0] = ROLE_COL_MAX;
   printf("Leak scans by role (bytes):\n");
   Table t = { .ncols = nc + 2, .head = (const char *const *)head,
               .right = right, .cap = caps };
   for (size_t j = 0; j < nr; j++) {
      cell_free(&t, role_label(&rows[j]->role, false));
      cell(&t, lk_text[rows[j]->kind]);
      for (size_t c = 0; c < nc; c++) {
         const Snap *sn = &ss->list[idx[c]];
         uint64_t v = 0;
         for (size_t k = 0; k < sn->nlroles; k++)
            if (sn->lroles[k].kind == rows[j]->kind &&
                same_role(&sn->lroles[k].role, &rows[j]->role))
               v += sn->lroles[k].bytes;
         cell(&t, num(v));
      }
   }
   table_print(&t);
   free_heads(head);
   free(rows);
}

/* "N bytes in B blocks" of a lost record, with its direct and indirect
   parts when it has indirect ones, as memcheck writes them. */
static void add_lost_amount(Buf *b, uint64_t bytes, uint64_t blocks,
                            uint64_t ind_bytes)
{
   buf_adds(b, num(bytes + ind_bytes));
   if (ind_bytes > 0) {
      buf_adds(b, " (");
      buf_adds(b, num(bytes));
      buf_adds(b, " direct, ");
      buf_adds(b, num(ind_bytes));
      buf_adds(b, " indirect)");
   }
   buf_adds(b, " bytes in ");
   buf_adds(b, num(blocks));
   buf_adds(b, plural(blocks, " block", " blocks"));
}

/* The last scan's largest lost records. */
static void print_snapshot_lost_records(const Snaps *ss)
{
   const Snap *last = NULL;
   for (size_t i = 0; i < ss->n; i++)
      if (ss->list[i].has_leaks)
         last = &ss->list[i];
   if (last == NULL || last->nlrecs == 0)
      return;
   printf("Largest lost records at the last scan (snapshot %s, %zu of %s):\n",
          num(last->seq), last->nlrecs, num(last->leak_records));
   for (size_t k = 0; k < last->nlrecs; k++) {
      const SnapLeak *x = &last->lrecs[k];
      Buf b = { 0 };
      char *where = own_place(&x->stack);
      char *rl = role_label(&x->role, false);
      add_lost_amount(&b, x->bytes, x->blocks, x->ind_bytes);
      printf("  %s %s, %s: %s\n", b.s, x->kind >= 0 ? lk_text[x->kind] : "?",
             rl, where ? where : "???");
      free(b.s);
      free(rl);
      free(where);
   }
}

static void print_snapshots(Report *r)
{
   static const char *const head[] = {
      "seq", "ms", "cause", "live bytes", "blocks", "threads", "largest role",
   };
   static const bool right[] = { true, true, false, true, true, true, false };
   static const size_t cap[] = { 0, 0, 40, 0, 0, 0, ROLE_COL_MAX + 20 };
   const Snaps *ss = r->snaps;
   if (ss == NULL)
      return;
   printf("\nSnapshots: %s taken", num(ss->taken));
   if (ss->interval)
      printf(" (every %s)", ss->interval);
   printf(", %s kept (at most %s: older ones thinned, the largest kept):\n",
          num(ss->n), num(ss->max));
   Table t = { .ncols = 7, .head = head, .right = right, .cap = cap };
   for (size_t i = 0; i < ss->n; i++) {
      const Snap *sn = &ss->list[i];
      const SnapRole *big = NULL;
      Buf b = { 0 };
      for (size_t k = 0; k < sn->nroles; k++)
         if (big == NULL || sn->roles[k].live_bytes > big->live_bytes)
            big = &sn->roles[k];
      cell(&t, num(sn->seq));
      cell(&t, num(sn->ms));
      buf_adds(&b, sn->cause ? sn->cause : "?");
      if (sn->label) {
         buf_adds(&b, " \"");
         buf_adds(&b, sn->label);
         buf_adds(&b, "\"");
      }
      if (sn->peak)
         buf_adds(&b, ", largest");
      cell_free(&t, b.s ? b.s : strdup(""));
      cell(&t, num(sn->live_bytes));
      cell(&t, num(sn->live_blocks));
      cell(&t, num(sn->threads));
      if (big) {
         Buf c = { 0 };
         char *rl = role_label(&big->role, false);
         buf_adds(&c, rl);
         buf_adds(&c, " ");
         buf_adds(&c, num(big->live_bytes));
         free(rl);
         cell_free(&t, c.s);
      } else {
         cell(&t, "-");
      }
   }
   table_print(&t);
   print_snapshot_spawns(r);
   print_snapshot_leaks(ss);
   print_snapshot_leak_roles(ss);
   print_snapshot_lost_records(ss);
   for (size_t i = 0; i < ss->nphases; i++)
      printf("Phase \"%s\" at %s ms, after snapshot %s\n",
             ss->phases[i].label ? ss->phases[i].label : "",
             num(ss->phases[i].ms), num(ss->phases[i].after));
}

/* Spawn sites whose tasks hold more and more, if the snapshots have
   tasks at all. */
static void print_spawn_growth(const Report *r, const Growth *g)
{
   const Snaps *ss = r->snaps;
   if (ss->n == 0 || ss->list[ss->n - 1].tasks == NULL)
      return;
   printf("Growth suspects among Tokio spawn sites (the heap their tasks "
          "hold: live bytes and cells):\n");
   if (g->used < 3)
      printf("  too few snapshots to tell (3 needed)\n");
   else if (g->nspawn == 0)
      printf("  none: no spawn site grew steadily\n");
   for (size_t i = 0; i < g->nspawn; i++) {
      const Suspect *s = &g->spawn[i];
      const SpawnSite *site = spawn_site(r->tasks, s->spawn->id);
      Buf b = { 0 };
      char rate[64];
      if (site) {
         add_spawn_place(&b, site, false);
         buf_adds(&b, ", ");
         buf_adds(&b, site->kind);
      } else {
         buf_adds(&b, "spawn site ");
         buf_adds(&b, num(s->spawn->id));
      }
      if (s->per_hour > 0)
         snprintf(rate, sizeof rate, "%s bytes/hour", num((uint64_t)(s->per_hour + 0.5)));
      else
         snprintf(rate, sizeof rate, "(no time between snapshots)");
      printf("  %s: %s -> %s held by %s %s over snapshots %s..%s, %s, grew in "
             "%.0f%% of %zu steps, R^2 %.2f\n", b.s, num(s->first_bytes),
             num(s->last_bytes), num(s->spawn->tasks),
             plural(s->spawn->tasks, "task", "tasks"), num(s->first_seq),
             num(s->last_seq), rate, 100.0 * s->steady, s->points - 1, s->r2);
      free(b.s);
   }
}

/* " over snapshots F..L, R bytes/hour, grew in P% of S steps, R^2 X" */
static void print_fit(const Suspect *s)
{
   printf(" over snapshots %s..%s, ", num(s->first_seq), num(s->last_seq));
   if (s->per_hour > 0)
      printf("%s bytes/hour, ", num((uint64_t)(s->per_hour + 0.5)));
   printf("grew in %.0f%% of %zu steps, R^2 %.2f", 100.0 * s->steady,
          s->points - 1, s->r2);
}

/* Definitely lost memory at the snapshots' leak scans, if they have
   any: per role whether it grows, then the lost records that grow. */
static void print_leak_growth(const Growth *g)
{
   if (g->lused == 0)
      return;
   printf("Growth of definitely lost memory at the leak scans (%s %s):\n",
          num(g->lused), plural(g->lused, "scan", "scans"));
   if (g->lused < 3) {
      printf("  too few leak scans to tell (3 needed)\n");
      return;
   }
   if (g->nlroles == 0)
      printf("  none definitely lost at the last scan\n");
   for (size_t i = 0; i < g->nlroles; i++) {
      const Suspect *s = &g->lroles[i];
      char *rl = role_label(&s->leak->role, false);
      printf("  %s: %s -> %s bytes", rl, num(s->first_bytes),
             num(s->last_bytes));
      print_fit(s);
      printf(": %s\n", s->grows ? "grows" : "does not grow steadily");
      free(rl);
   }
   if (g->nlrecs == 0) {
      printf("  no lost record grows steadily\n");
      return;
   }
   printf("  Lost records that grow (bytes without indirect):\n");
   for (size_t i = 0; i < g->nlrecs; i++) {
      const Suspect *s = &g->lrecs[i];
      char *rl = role_label(&s->leak->role, false);
      char *where = own_place(&s->leak->stack);
      printf("    %s, %s, %s: %s -> %s bytes", where ? where : "???", rl,
             s->leak->kind >= 0 ? lk_text[s->leak->kind] : "?",
             num(s->first_bytes), num(s->last_bytes));
      print_fit(s);
      printf("\n");
      free(rl);
      free(where);
   }
}

static void print_growth(Report *r)
{
   Growth *g = growth_find(r);
   if (g == NULL)
      return;
   printf("\nGrowth suspects: sites whose live bytes grow across the "
          "snapshots");
   if (strcmp(g->why, "phase") == 0)
      printf(" after phase \"%s\" (snapshot %s on)",
             g->phase->label ? g->phase->label : "", num(g->after_seq + 1));
   else if (strcmp(g->why, "--after") == 0)
      printf(" after snapshot %s (--after)", num(g->after_seq));
   printf(", %s %s:\n", num(g->used), plural(g->used, "snapshot", "snapshots"));
   if (g->used < 3) {
      printf("  too few snapshots to tell (3 needed)\n");
   } else if (g->n == 0) {
      printf("  none: no site grew steadily\n");
   }
   for (size_t i = 0; i < g->n; i++) {
      const Suspect *s = &g->list[i];
      char *rl = role_label(&s->site->role, false);
      char *where = own_place(&s->site->stack);
      char rate[64];
      if (s->per_hour > 0)
         snprintf(rate, sizeof rate, "%s bytes/hour", num((uint64_t)(s->per_hour + 0.5)));
      else
         snprintf(rate, sizeof rate, "(no time between snapshots)");
      printf("  %s, %s: %s -> %s live over snapshots %s..%s, %s, grew in "
             "%.0f%% of %zu steps, R^2 %.2f\n", where ? where : "???", rl,
             num(s->first_bytes), num(s->last_bytes), num(s->first_seq),
             num(s->last_seq), rate, 100.0 * s->steady, s->points - 1, s->r2);
      free(rl);
      free(where);
   }
   print_spawn_growth(r, g);
   print_leak_growth(g);
   growth_free(g);
}

/* ---- Leaks ---- */

/* At most this many holders of still reachable memory are listed. */
#define HOLDERS_SHOWN 20

static int cmp_held(const void *a, const void *b)
{
   const Held *x = a, *y = b;
   if (x->bytes != y->bytes)
      return x->bytes > y->bytes ? -1 : 1;
   return cmp_order(x->order, y->order);
}

static void print_leaks(Report *r, const ThreadIndex *ix)
{
   if (!r->has_leaks)
      return;
   printf("\nLeaks (leak check: %s):\n", r->leak_check ? r->leak_check : "?");
   for (int k = 0; k < LK_N; k++)
      printf("%20s: %s\n", lk_text[k], bytes_blocks(r->leak_bytes[k], r->leak_blocks[k]));

   /* By role and kind. */
   if (r->nlroles > 0) {
      static const char *const head0[] = {
         "", "definitely", "indirectly", "possibly", "still",
      };
      static const char *const head[] = {
         "role", "lost", "lost", "lost", "reachable",
      };
      static const bool right[] = { false, true, true, true, true };
      static const size_t cap[] = { ROLE_COL_MAX, 0, 0, 0, 0 };
      Table t = { .ncols = 5, .head0 = head0, .head = head, .right = right,
                  .cap = cap };
      RoleAmt *a = xrealloc(NULL, r->nlroles * sizeof *a);
      for (size_t i = 0; i < r->nlroles; i++) {
         a[i] = (RoleAmt){ .role = &r->lroles[i].role };
         a[i].v[r->lroles[i].kind] = r->lroles[i].bytes;
      }
      size_t n = merge_amts(a, r->nlroles);
      qsort(a, n, sizeof *a, cmp_amt_desc);
      for (size_t i = 0; i < n; i++) {
         cell_free(&t, role_label(a[i].role, false));
         for (int k = 0; k < LK_N; k++)
            cell(&t, num(a[i].v[k]));
      }
      printf("\n  By the role in force when they were allocated, in bytes:\n");
      table_print(&t);
      free(a);
   }

   /* What holds the still reachable bytes. */
   if (r->nheld > 0) {
      static const char *const head[] = { "holder", "thread", "role", "bytes", "blocks" };
      static const bool right[] = { false, false, false, true, true };
      static const size_t cap[] = { 0, NAME_COL_MAX + 16, ROLE_COL_MAX, 0, 0 };
      Table t = { .ncols = 5, .head = head, .right = right, .cap = cap };
      qsort(r->held, r->nheld, sizeof *r->held, cmp_held);
      size_t shown = r->nheld < HOLDERS_SHOWN ? r->nheld : HOLDERS_SHOWN;
      uint64_t rest_bytes = 0, rest_blocks = 0;
      for (size_t i = 0; i < r->nheld; i++) {
         const Held *h = &r->held[i];
         if (i >= shown) {
            rest_bytes = add_sat(rest_bytes, h->bytes);
            rest_blocks = add_sat(rest_blocks, h->blocks);
            continue;
         }
         cell(&t, strcmp(h->holder, "tls") == 0 ? "TLS"
                  : strcmp(h->holder, "none") == 0 ? "(unknown)" : h->holder);
         if (h->has_thread) {
            char *who = thread_label(ix, h->thread, false);
            if (h->alive_known && !h->alive) {
               Buf b = { 0 };
               buf_adds(&b, who);
               buf_adds(&b, " (ended)");
               free(who);
               who = b.s;
            }
            cell_free(&t, who);
            cell_free(&t, role_label(&h->role, false));
         } else {
            cell(&t, "-");
            cell(&t, "-");
         }
         cell(&t, num(h->bytes));
         cell(&t, num(h->blocks));
      }
      printf("\n  Still reachable memory, by what first reached it:\n");
      table_print(&t);
      if (shown < r->nheld)
         printf("  ... and %s more: %s\n", num(r->nheld - shown),
                bytes_blocks(rest_bytes, rest_blocks));
   }
}

/* An address as the report writes it ("0x1f"); false if s is not
   one. */
static bool parse_addr(const char *s, uint64_t *out)
{
   if (s == NULL || s[0] != '0' || (s[1] != 'x' && s[1] != 'X') ||
       strspn(s + 2, "0123456789abcdefABCDEF") != strlen(s + 2) || s[2] == '\0')
      return false;
   errno = 0;
   unsigned long long v = strtoull(s + 2, NULL, 16);
   if (errno != 0)
      return false;
   *out = v;
   return true;
}

/* Why a loss record's blocks are of their kind: the word that points
   into one, e.g. "pointed at from inside by 0x10c050 (a word of
   in_global in prog's bss, 16 bytes into the block)". */
static void print_pointed_from(const PointedFrom *f, const ThreadIndex *ix)
{
   Buf b = { 0 };
   const char *root = f->root ? f->root : "?";
   const char *word = f->addr ? f->addr : "a word";
   char *who = f->has_thread ? thread_ref(ix, f->thread) : xstrdup("a thread");
   if (strcmp(root, "global") == 0 && f->obj) {
      const char *slash = strrchr(f->obj, '/');
      const char *obj = slash && slash[1] ? slash + 1 : f->obj;
      buf_adds(&b, "a word of ");
      if (f->symbol) {
         buf_adds(&b, f->symbol);
         if (f->symbol_offset && strcmp(f->symbol_offset, "0") != 0) {
            buf_adds(&b, "+");
            buf_adds(&b, f->symbol_offset);
         }
         buf_adds(&b, " in ");
      }
      buf_adds(&b, obj);
      if (f->section) {
         buf_adds(&b, "'s ");
         buf_adds(&b, f->section);
      }
      if (!f->symbol && f->offset) {
         buf_adds(&b, ", offset ");
         buf_adds(&b, f->offset);
      }
   } else if (strcmp(root, "global") == 0) {
      buf_adds(&b, "a word of anonymous memory");
   } else if (strcmp(root, "stack") == 0 || strcmp(root, "tls") == 0) {
      buf_adds(&b, strcmp(root, "stack") == 0 ? "a word on the stack of "
                                              : "a word of the TLS of ");
      buf_adds(&b, who);
   } else if (strcmp(root, "registers") == 0) {
      word = f->reg ? f->reg : "a register";
      buf_adds(&b, "a register of ");
      buf_adds(&b, who);
   } else if (strcmp(root, "heap") == 0) {
      int k = leak_kind(f->from_kind);
      buf_adds(&b, "a word of ");
      if (k >= 0 || f->from_kind) {
         buf_adds(&b, k == LK_IND ? "an " : "a ");
         buf_adds(&b, k >= 0 ? lk_text[k] : f->from_kind);
         buf_adds(&b, " ");
      }
      buf_adds(&b, "block");
      if (f->from_block) {
         buf_adds(&b, " at ");
         buf_adds(&b, f->from_block);
      }
   } else {
      buf_adds(&b, "a word of ");
      buf_adds(&b, root);
   }
   uint64_t value, block;
   bool known = parse_addr(f->value, &value) && parse_addr(f->block, &block) &&
                value >= block;
   if (known && value > block)
      printf("   pointed at from inside by %s (%s, %s %s into the block)\n",
             word, b.s, num(value - block),
             plural(value - block, "byte", "bytes"));
   else
      printf("   pointed at by %s (%s)\n", word, b.s);
   free(b.s);
   free(who);
}

static void print_lrecs(Report *r, size_t top, const ThreadIndex *ix)
{
   if (top == 0 || !r->has_leaks)
      return;
   if (r->lrecs_total == 0) {
      if (r->leak_check && strcmp(r->leak_check, "summary") == 0)
         printf("\nLoss records: none in the report (the leak check was a summary).\n");
      else
         printf("\nLoss records: none.\n");
      return;
   }
   sort_top(r->lrecs, r->nlrecs, sizeof *r->lrecs, cmp_lrec, top);
   size_t shown = r->nlrecs < top ? r->nlrecs : top;
   size_t ng = groups(r->nlrecs, r->lrecs_groups);
   if (ng < r->lrecs_total)
      printf("\nLoss records: the largest %s of %s %s (%s records merged by "
             "role, kind and first %s own %s):\n", num(shown), num(ng),
             plural(ng, "group", "groups"), num(r->lrecs_total),
             num(group_frames), plural(group_frames, "frame", "frames"));
   else
      printf("\nLoss records: the largest %s of %s:\n", num(shown), num(r->lrecs_total));
   for (size_t i = 0; i < shown; i++) {
      const Site *s = &r->lrecs[i];
      int k = leak_kind(s->kind);
      char *who = site_threads(ix, s), *role = role_label(&s->role, false);
      printf("\n#%zu: ", i + 1);
      if (s->has_ind && s->ind_bytes > 0)
         printf("%s (%s direct, %s indirect) bytes", num(lrec_total(s)),
                num(s->bytes), num(s->ind_bytes));
      else
         printf("%s", bytes_str(s->bytes));
      printf(" in %s %s %s %s, %s, role %s%s\n", num(s->blocks),
             plural(s->blocks, "block", "blocks"),
             s->bytes == 1 && !(s->has_ind && s->ind_bytes > 0) ? "is" : "are",
             k >= 0 ? lk_text[k] : s->kind, who, role,
             merged_note(&s->g, "loss records"));
      free(who);
      free(role);
      print_stack_grouped(&s->stack, &s->g);
      if (s->from)
         print_pointed_from(s->from, ix);
   }
}

/* Sorts orphans: most bytes first, then by role. */
static int cmp_orphans(const void *a, const void *b)
{
   const Orphans *x = a, *y = b;
   if (x->bytes != y->bytes)
      return x->bytes > y->bytes ? -1 : 1;
   int c = cmp_role(&x->role, &y->role);
   return c ? c : cmp_order(x->order, y->order);
}

static void print_orphans(Report *r)
{
   if (!r->has_orphan_info)
      return;
   if (r->norphans == 0) {
      printf("\nOrphans: none (no memory live at exit belongs to a thread that "
             "had ended).\n");
      return;
   }
   qsort(r->orphans, r->norphans, sizeof *r->orphans, cmp_orphans);
   printf("\nOrphans: memory live at exit whose owning thread had ended, by "
          "role:\n");
   for (size_t i = 0; i < r->norphans; i++) {
      char *role = role_label(&r->orphans[i].role, false);
      printf("  %s: %s\n", role,
             bytes_blocks(r->orphans[i].bytes, r->orphans[i].blocks));
      free(role);
   }
}

/* ---- Memory live at exit ---- */

static void print_sites(Report *r, size_t top, const ThreadIndex *ix)
{
   if (top == 0)
      return;
   if (r->sites_total == 0) {
      printf("\nMemory live at exit: none.\n");
      return;
   }
   sort_top(r->sites, r->nsites, sizeof *r->sites, cmp_site, top);
   size_t shown = r->nsites < top ? r->nsites : top;
   size_t ng = groups(r->nsites, r->sites_groups);
   if (ng < r->sites_total)
      printf("\nMemory live at exit: %s; the largest %s of %s %s (%s sites "
             "merged by role, kind and first %s own %s):\n",
             bytes_blocks(r->exit_bytes, r->exit_blocks), num(shown),
             num(ng), plural(ng, "group", "groups"),
             num(r->sites_total), num(group_frames),
             plural(group_frames, "frame", "frames"));
   else
      printf("\nMemory live at exit: %s; the largest %s of %s %s:\n",
             bytes_blocks(r->exit_bytes, r->exit_blocks),
             num(shown), num(r->sites_total),
             plural(r->sites_total, "site", "sites"));

   for (size_t i = 0; i < shown; i++) {
      const Site *s = &r->sites[i];
      char *who = site_threads(ix, s), *role = role_label(&s->role, false);
      printf("\n#%zu: %s, %s, role %s", i + 1, bytes_blocks(s->bytes, s->blocks),
             who, role);
      free(who);
      free(role);
      const char *sep = ": ";
      if (s->kind) {
         int k = leak_kind(s->kind);
         printf("%s%s", sep, k >= 0 ? lk_text[k] : s->kind);
         if (s->has_ind && (s->ind_bytes > 0 || s->ind_blocks > 0))
            printf(" (and %s indirectly)", bytes_blocks(s->ind_bytes, s->ind_blocks));
         sep = ", ";
      }
      if (s->orphan)
         printf("%sorphan (thread ended)", sep);
      fputs(merged_note(&s->g, "sites"), stdout);
      putchar('\n');
      print_stack_grouped(&s->stack, &s->g);
   }
}

/* The futex sites with waits or wakes, most blocked first: a table,
   then the stack of each. */
static void print_futex_sites(Report *r, size_t top)
{
   static const char *const head[] = {
      "#", "class", "role", "waits", "woken", "eagain", "timeouts",
      "pending", "blocked", "max blocked", "wakes", "woke", "ops",
   };
   static const bool right[] = {
      true, false, false, true, true, true, true, true, true, true, true,
      true, false,
   };
   static const size_t cap[] = { 0, 0, ROLE_COL_MAX, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0 };
   Table t = { .ncols = 13, .head = head, .right = right, .cap = cap };

   if (top == 0 || !r->has_fsites)
      return;
   if (r->fsites_active == 0) {
      printf("\nFutex sites: none with waits or wakes.\n");
      return;
   }
   qsort(r->fsites, r->nfsites, sizeof *r->fsites, cmp_fsite);
   size_t shown = r->nfsites < top ? r->nfsites : top;
   printf("\nFutex sites: %s %s blocked for %s, %s %s; the most blocked %s "
          "of %s %s with waits or wakes:\n",
          num(r->fx_waits), plural(r->fx_waits, "wait", "waits"),
          ms1(r->fx_blocked_us),
          num(r->fx_wakes), plural(r->fx_wakes, "wake", "wakes"),
          num(shown), num(r->fsites_active),
          plural(r->fsites_active, "site", "sites"));
   for (size_t i = 0; i < shown; i++) {
      const FSite *s = &r->fsites[i];
      cell(&t, num(i + 1));
      cell(&t, s->class);
      cell_free(&t, role_label(&s->role, false));
      cell(&t, num(s->fx.waits));
      cell(&t, num(s->fx.woken));
      cell(&t, num(s->fx.eagain));
      cell(&t, num(s->fx.timeouts));
      cell(&t, num(s->fx.pending));
      cell(&t, ms1(s->fx.blocked_us));
      cell(&t, ms1(s->fx.max_us));
      cell(&t, num(s->fx.wakes));
      cell(&t, num(s->fx.woke));
      cell(&t, s->ops);
   }
   table_print(&t);

   for (size_t i = 0; i < shown; i++) {
      const FSite *s = &r->fsites[i];
      char *role = role_label(&s->role, false);
      printf("\n#%zu: %s, role %s:", i + 1, s->class, role);
      free(role);
      if (s->fx.waits > 0)
         printf(" %s blocked in %s %s%s", ms1(s->fx.blocked_us),
                num(s->fx.waits), plural(s->fx.waits, "wait", "waits"),
                s->fx.wakes > 0 ? "," : "");
      if (s->fx.wakes > 0)
         printf(" %s %s", num(s->fx.wakes), plural(s->fx.wakes, "wake", "wakes"));
      putchar('\n');
      print_stack(&s->stack);
   }
}

static void print_wakes(Report *r, const ThreadIndex *ix)
{
   if (!r->has_wakes)
      return;
   if (r->wakes_total == 0) {
      printf("\nWake pairs: none.\n");
      return;
   }
   qsort(r->wakes, r->nwakes, sizeof *r->wakes, cmp_wake);
   size_t shown = r->nwakes < WAKE_PAIRS_SHOWN ? r->nwakes : WAKE_PAIRS_SHOWN;
   printf("\nWake pairs: %s woken %s; the most frequent %s of %s %s:\n",
          num(r->woken_total), plural(r->woken_total, "wait", "waits"),
          num(shown), num(r->wakes_total),
          plural(r->wakes_total, "pair", "pairs"));
   for (size_t i = 0; i < shown; i++) {
      const Wake *w = &r->wakes[i];
      char *waker = thread_ref(ix, w->waker), *waiter = thread_ref(ix, w->waiter);
      printf("  %s woke %s %s %s", waker, waiter, num(w->count),
             plural(w->count, "time", "times"));
      /* What the woken waits were, when the report says. */
      const char *sep = " (";
      for (int c = 0; w->has_class && c < WC_N; c++)
         if (w->by_class[c] > 0) {
            printf("%s%s %s", sep, wait_class_name[c], num(w->by_class[c]));
            sep = ", ";
         }
      puts(w->has_class ? ")" : "");
      free(waker);
      free(waiter);
   }
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
static void print_other_names(Report *r)
{
   NameGroup *g = NULL;
   size_t ng = 0, cap = 0, nother = 0;
   /* A lone thread of role other is in the threads table already; an
      early report has no counters to sum. */
   for (size_t i = 0; i < r->nthreads; i++)
      nother += r->threads[i].role.role &&
                strcmp(r->threads[i].role.role, "other") == 0;
   if (nother < 2 || !r->has_roles)
      return;
   for (size_t i = 0; i < r->nthreads; i++) {
      const Thread *t = &r->threads[i];
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
         cell(&t, g[j].name);
         cell(&t, num(g[j].threads));
         cell(&t, num(g[j].alive));
         cell(&t, num(g[j].insns));
         cell(&t, num(g[j].waits));
         cell(&t, ms1(g[j].blocked_us));
         cell(&t, num(g[j].allocated));
         cell(&t, num(g[j].live));
      }
      table_print(&t);
      if (shown < ng)
         printf("  ... and %s more names\n", num(ng - shown));
   }
   for (size_t j = 0; j < ng; j++)
      free(g[j].name);
   free(g);
}

/* ---- The overview's last lines: the largest leaks, where threads wait ---- */

/* The first own frames of s (as many as grouping uses, at least one),
   as "fn (file:line) < fn (file:line)", or NULL. */
static char *own_place(const Stack *s)
{
   size_t depth = stack_depth(s), want = group_frames ? group_frames : 1;
   if (depth == 0)
      return NULL;
   bool none = first_own(s, own_rules) == depth;
   Buf b = { 0 };
   for (size_t i = 0, n = 0; i < depth && n < want; i++) {
      const Frame *f = stack_frame(s, i);
      if (!none && !frame_is_own(f, own_rules))
         continue;
      if (n++ > 0)
         buf_adds(&b, " < ");
      add_fn_name(&b, f->fn ? f->fn : f->ip ? f->ip : "???", full_names);
      if (f->file) {
         char t[48];
         buf_adds(&b, " (");
         buf_adds(&b, f->file);
         if (f->has_line) {
            snprintf(t, sizeof t, ":%" PRIu64, f->line);
            buf_adds(&b, t);
         }
         buf_adds(&b, ")");
      }
   }
   return b.s;
}

#define OVERVIEW_WAITS 3

static void print_overview_leaks(Report *r)
{
   if (!r->has_leaks || r->nlrecs == 0)
      return;
   /* The largest of the kinds shown, picked in one pass rather than
      the list sorted (print_lrecs sorts what it shows). */
   const Site *best[OVERVIEW_LEAKS];
   size_t nbest = 0;
   for (size_t i = 0; i < r->nlrecs; i++) {
      const Site *s = &r->lrecs[i];
      int k = leak_kind(s->kind);
      /* An indirectly lost block is in its leader's figures. */
      if (k == LK_REACH || k == LK_IND || k < 0)
         continue;
      if (nbest == OVERVIEW_LEAKS && cmp_lrec(s, best[nbest - 1]) >= 0)
         continue;
      size_t j = nbest < OVERVIEW_LEAKS ? nbest++ : nbest - 1;
      for (; j > 0 && cmp_lrec(s, best[j - 1]) < 0; j--)
         best[j] = best[j - 1];
      best[j] = s;
   }
   size_t shown = 0;
   for (size_t i = 0; i < nbest; i++) {
      const Site *s = best[i];
      int k = leak_kind(s->kind);
      char *role = role_label(&s->role, false), *at = own_place(&s->stack);
      if (shown == 0)
         printf("\nLargest leaks (see Loss records), at the program's "
                "first frames (callers after '<'):\n");
      if (s->has_ind && s->ind_bytes > 0)
         printf("  %s (%s direct, %s indirect) bytes", num(lrec_total(s)),
                num(s->bytes), num(s->ind_bytes));
      else
         printf("  %s", bytes_str(s->bytes));
      printf(" in %s %s %s, %s, at %s\n",
             num(s->blocks), plural(s->blocks, "block", "blocks"),
             lk_text[k], role, at ? at : "(no stack)");
      free(role);
      free(at);
      shown++;
   }
}

static int cmp_blocked(const void *a, const void *b)
{
   const RoleSum *x = *(const RoleSum *const *)a, *y = *(const RoleSum *const *)b;
   if (x->fx.blocked_us != y->fx.blocked_us)
      return x->fx.blocked_us > y->fx.blocked_us ? -1 : 1;
   return cmp_order(x->order, y->order);
}

/* ", 1.2 s lock contention, 726.0 ms join": the classes with blocked
   time, lock first, then the most blocked. */
static void print_class_times(const Futex *fx)
{
   int order[WC_N], n = 0;
   for (int c = 0; c < WC_N; c++)
      if (futex_class_us(fx, c) > 0 || futex_class_waits(fx, c) > 0)
         order[n++] = c;
   for (int i = 1; i < n; i++)           /* insertion sort, lock first */
      for (int j = i; j > 0; j--) {
         int a = order[j - 1], b = order[j];
         bool swap = a != WC_LOCK &&
                     (b == WC_LOCK || futex_class_us(fx, b) > futex_class_us(fx, a));
         if (!swap)
            break;
         order[j - 1] = b;
         order[j] = a;
      }
   for (int i = 0; i < n; i++)
      printf("%s %s %s", i ? "," : ":", ms1(futex_class_us(fx, order[i])),
             order[i] == WC_LOCK ? "lock contention"
             : order[i] == WC_CONDITION ? "on conditions"
             : order[i] == WC_JOIN ? "joining threads"
             : order[i] == WC_SLEEP ? "sleeping"
             : order[i] == WC_IDLE ? "idle" : "other");
}

static void print_overview_waits(Report *r)
{
   if (!r->has_roles || r->nroles == 0)
      return;
   const RoleSum **v = xrealloc(NULL, r->nroles * sizeof *v);
   uint64_t total = 0, idle = 0;
   bool classes = roles_have_classes(r);
   Futex all = { 0 };
   for (size_t i = 0; i < r->nroles; i++) {
      v[i] = &r->roles[i];
      total = add_sat(total, r->roles[i].fx.blocked_us);
      idle = add_sat(idle, r->roles[i].fx.idle_us);
      for (size_t k = 0; classes && k < FUTEX_N; k++) {
         uint64_t *to = (uint64_t *)((char *)&all + futex_attrs[k].off);
         *to = add_sat(*to, *(const uint64_t *)((const char *)&r->roles[i].fx
                                                + futex_attrs[k].off));
      }
   }
   if (total == 0) {
      free(v);
      return;
   }
   qsort(v, r->nroles, sizeof *v, cmp_blocked);
   if (classes) {
      printf("\nWaiting: threads blocked %s in futex waits", ms1(total));
      print_class_times(&all);
      printf("; the most:\n");
   } else {
      printf("\nWaiting: threads blocked %s in futex waits, %s of it idle "
             "(waiting for work) and %s in contention; the most:\n",
             ms1(total), ms1(idle), ms1(sub_sat(total, idle)));
   }
   for (size_t i = 0; i < r->nroles && i < OVERVIEW_WAITS; i++) {
      if (v[i]->fx.blocked_us == 0)
         break;
      char *role = role_label(&v[i]->role, false);
      if (classes) {
         printf("  %s: %s blocked", role, ms1(v[i]->fx.blocked_us));
         print_class_times(&v[i]->fx);
         printf("\n");
      } else {
         printf("  %s: %s blocked, %s idle, %s in contention\n", role,
                ms1(v[i]->fx.blocked_us), ms1(v[i]->fx.idle_us),
                ms1(sub_sat(v[i]->fx.blocked_us, v[i]->fx.idle_us)));
      }
      free(role);
   }
   free(v);
}

/* Under the verdict, so that whoever reads the summary sees it. */
static void print_check(size_t nwarn)
{
   if (nwarn == 0)
      return;
   char msg[256];
   snprintf(msg, sizeof msg, "Warning: this report's figures do not add "
            "up (%s broken %s, see the %s on standard error); its tables "
            "disagree with one another.", num(nwarn),
            plural(nwarn, "invariant", "invariants"),
            plural(nwarn, "warning", "warnings"));
   putchar('\n');
   print_wrapped(msg, 78);
}

/* ------------------------------------------------------------------ */
/* The whole summary                                                   */
/* ------------------------------------------------------------------ */

/* Prints the summary of rep on standard output; nwarn is the number of
   broken invariants check_report found. */
void print_text(Report *rep, size_t nwarn, const TextOptions *opt)
{
   full_names = opt->full_names;
   max_frames = opt->frames;
   own_rules = opt->own;
   group_frames = opt->group_frames;
   ThreadIndex ix = thread_index(rep);
   unsigned show = opt->sections;
#define SHOW(sec) (show & (1u << (sec)))
   if (SHOW(SEC_OVERVIEW)) {
      print_run(rep);
      print_verdict(rep);
      print_check(nwarn);
      print_overview_leaks(rep);
      print_overview_waits(rep);
   } else if (nwarn > 0) {
      print_check(nwarn);
   }
   if (SHOW(SEC_THREADS)) print_threads(rep, opt->threads);
   if (SHOW(SEC_ROLES)) {
      print_roles(rep);
      print_other_names(rep);
   }
   if (SHOW(SEC_TASKS)) print_tasks(rep);
   if (SHOW(SEC_HEAP)) print_heap(rep);
   if (SHOW(SEC_TIMELINE)) print_timeline(rep, opt->timeline);
   if (SHOW(SEC_ALLOC_SITES)) print_asites(rep, opt->alloc_top);
   if (SHOW(SEC_CROSS_FREES)) print_xfrees(rep);
   if (SHOW(SEC_BAD_CALLS)) print_bad(rep);
   if (SHOW(SEC_FOOTPRINT)) print_footprint(rep, &ix);
   if (SHOW(SEC_LEAKS)) print_leaks(rep, &ix);
   if (SHOW(SEC_LOSS_RECORDS)) print_lrecs(rep, opt->leaks_top, &ix);
   if (SHOW(SEC_ORPHANS)) print_orphans(rep);
   if (SHOW(SEC_LIVE_SITES)) print_sites(rep, opt->top, &ix);
   if (SHOW(SEC_FUTEX_SITES)) print_futex_sites(rep, opt->futex_top);
   if (SHOW(SEC_WAKE_PAIRS)) print_wakes(rep, &ix);
   if (SHOW(SEC_SNAPSHOTS)) print_snapshots(rep);
   if (SHOW(SEC_GROWTH)) print_growth(rep);
#undef SHOW
   free(ix.by_seq);
}

const char *const section_names[SEC_N] = {
   "overview", "threads", "roles", "heap", "timeline", "alloc-sites",
   "cross-frees", "bad-calls", "leaks", "loss-records", "orphans",
   "live-sites", "futex-sites", "wake-pairs", "footprint", "snapshots",
   "growth", "tasks",
};
