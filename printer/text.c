/* text.c: at_print's text output: the run, the verdict, threads, roles,
 * heap, timeline, allocation sites, frees across roles, bad calls,
 * leaks, memory live at exit, futex sites and wake pairs.
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

/* Table columns whose cells can be long (names chosen by the program) are
   aligned up to this width; a longer cell is printed whole and pushes the
   rest of its row to the right. */
#define NAME_COL_MAX 32
#define ROLE_COL_MAX 32

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

/* One row per <role-summary>; nothing for a report without <roles>. */
static void print_roles(Report *r)
{
   static const char *const head0[] = {
      "", "", "peak", "", "alive", "", "idle", "idle", "contention",
      "contention", "bytes", "live",
   };
   static const char *const head[] = {
      "role", "threads", "alive", "churn", "at exit", "instructions",
      "waits", "blocked", "waits", "blocked", "allocated", "bytes",
   };
   static const bool right[] = {
      false, true, true, true, true, true, true, true, true, true, true, true,
   };
   static const size_t cap[] = { ROLE_COL_MAX, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0 };
   Table t = { .ncols = 12, .head0 = head0, .head = head, .right = right,
               .cap = cap };

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
      cell(&t, num(sub_sat(s->fx.waits, s->fx.idle_waits)));
      cell(&t, ms1(sub_sat(s->fx.blocked_us, s->fx.idle_us)));
      cell(&t, num(s->bytes_allocated));
      cell(&t, num(s->live_bytes));
   }
   table_print(&t);
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
static void add_role_list(Buf *b, const RoleAmt *a, size_t n)
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

static bool is_crash_signal(const char *sig)
{
   static const char *const crash[] = {
      "SIGSEGV", "SIGBUS", "SIGILL", "SIGFPE", "SIGABRT", "SIGTRAP", "SIGSYS",
   };
   for (size_t i = 0; i < sizeof crash / sizeof crash[0]; i++)
      if (strcmp(sig, crash[i]) == 0)
         return true;
   return false;
}

/* Who holds the still reachable bytes, in a few groups. */
enum { HG_GLOBALS, HG_LIVE, HG_ENDED, HG_NONE, HG_OTHER, HG_N };

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
      int g = HG_OTHER, kind = -1;
      if (strcmp(h->holder, "globals") == 0)
         g = HG_GLOBALS;
      else if (strcmp(h->holder, "none") == 0)
         g = HG_NONE;
      else if (strcmp(h->holder, "stack") == 0)
         kind = 0;
      else if (strcmp(h->holder, "registers") == 0)
         kind = 1;
      else if (strcmp(h->holder, "tls") == 0)
         kind = 2;
      if (kind >= 0) {
         g = h->alive_known && !h->alive ? HG_ENDED : HG_LIVE;
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
            add_role_list(b, roles[g], n);
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
         add_role_list(b, a, n);
         buf_adds(b, ")");
      }
      free(a);
   }
   if (pos > 0) {
      clause(b, first);
      buf_adds(b, bytes_str(pos));
      buf_adds(b, " possibly lost");
      a = leak_roles(r, 1u << LK_POS, &n);
      if (n > 0) {
         buf_adds(b, " (allocated on ");
         add_role_list(b, a, n);
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
typedef struct {
   const char *kind;
   uint64_t count;
   size_t first;                 /* the first of the kind's bad calls */
} BadKind;

static int cmp_bad_kind(const void *a, const void *b)
{
   const BadKind *x = a, *y = b;
   int c = strcmp(x->kind, y->kind);
   return c ? c : cmp_order(x->first, y->first);
}

static int cmp_bad_count(const void *a, const void *b)
{
   const BadKind *x = a, *y = b;
   if (x->count != y->count)
      return x->count > y->count ? -1 : 1;
   return cmp_order(x->first, y->first);
}

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
   size_t nk = 0;
   BadKind *kinds = xrealloc(NULL, (r->nbad ? r->nbad : 1) * sizeof *kinds);
   for (size_t i = 0; i < r->nbad; i++)
      kinds[i] = (BadKind){ r->bad[i].kind, r->bad[i].count, i };
   qsort(kinds, r->nbad, sizeof *kinds, cmp_bad_kind);
   for (size_t i = 0; i < r->nbad; i++) {
      if (nk > 0 && strcmp(kinds[nk - 1].kind, kinds[i].kind) == 0)
         kinds[nk - 1].count = add_sat(kinds[nk - 1].count, kinds[i].count);
      else
         kinds[nk++] = kinds[i];   /* the first of its kind */
   }
   qsort(kinds, nk, sizeof *kinds, cmp_bad_count);
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
         buf_adds(&b, is_crash_signal(r->signal) ? "Crashed with " : "Stopped by ");
         buf_adds(&b, r->signal);
      }
      break;
   default:
      if (strcmp(r->signal, "exec") == 0) {
         buf_adds(&b, "Called execve");
      } else if (strcmp(r->signal, "thread-limit") == 0) {
         buf_adds(&b, "Still running when all of Valgrind's thread slots "
                      "were taken (the report so far)");
      } else {
         buf_adds(&b, "Ended (");
         buf_adds(&b, r->signal);
         buf_adds(&b, ")");
      }
      break;
   }
   buf_adds(&b, ": ");

   uint64_t lost = add_sat(add_sat(r->leak_bytes[LK_DEF], r->leak_bytes[LK_IND]),
                           r->leak_bytes[LK_POS]);
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

/* Generic argument lists longer than this are printed as <…>. */
#define GENERIC_SHOWN 20

/* Prints fn with each long generic argument list (a '<' right after a
   name: Vec<u8>, RawVec<T,A>::allocate_in) cut to "<…>": Rust and C++
   names carry lists of hundreds of characters.  A qualified path
   (<T as Trait>::f) keeps its brackets, its inner lists are cut.  A
   name whose brackets do not pair (C++'s operator<) is printed whole. */
static void print_fn_name(const char *fn)
{
   int depth = 0;
   for (const char *c = fn; *c; c++) {
      if (*c == '<') depth++;
      else if (*c == '>' && --depth < 0) break;
   }
   if (full_names || depth != 0) {
      fputs(fn, stdout);
      return;
   }
   for (const char *c = fn; *c; c++) {
      char b = c > fn ? c[-1] : ' ';
      if (*c == '<' && ((b >= 'a' && b <= 'z') || (b >= 'A' && b <= 'Z')
                        || (b >= '0' && b <= '9') || b == '_')) {
         const char *e = c + 1;
         int d = 1;
         for (; *e && d > 0; e++)
            d += *e == '<' ? 1 : *e == '>' ? -1 : 0;
         /* e is past the matching '>' */
         if (e - c - 2 > GENERIC_SHOWN) {
            fputs("<\xe2\x80\xa6>", stdout);   /* <…> */
            c = e - 1;
            continue;
         }
      }
      putchar(*c);
   }
}

static void print_frame(const Frame *f, bool first)
{
   printf("   %s %s: ", first ? "at" : "by", f->ip);
   print_fn_name(f->fn ? f->fn : "???");
   if (f->file && f->has_line)
      printf(" (%s:%" PRIu64 ")", f->file, f->line);
   else if (f->file)
      printf(" (%s)", f->file);
   else if (f->obj)
      printf(" (in %s)", f->obj);
   putchar('\n');
}

/* --frames=N: Rust stacks run to hundreds of inlined frames. */
static size_t max_frames = 16;

static void print_stack(const Stack *s)
{
   size_t depth = stack_depth(s), n = depth;
   if (n == 0)
      printf("   (no stack)\n");
   if (max_frames != 0 && n > max_frames)
      n = max_frames;
   for (size_t f = 0; f < n; f++)
      print_frame(stack_frame(s, f), f == 0);
   if (n < depth)
      printf("   ... %zu more %s (--frames=0 shows all)\n", depth - n,
             depth - n == 1 ? "frame" : "frames");
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
   qsort(r->asites, r->nasites, sizeof *r->asites, cmp_asite);
   size_t shown = r->nasites < top ? r->nasites : top;
   printf("\nAllocation sites: %s %s of %s at %s %s; the largest %s:\n",
          num(add_sat(r->as_allocs, r->as_rest_allocs)),
          plural(add_sat(r->as_allocs, r->as_rest_allocs), "allocation", "allocations"),
          bytes_str(add_sat(r->as_bytes, r->as_rest_bytes)),
          num(sites), plural(sites, "site", "sites"), num(shown));
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
      printf("\n#%zu: %s in %s %s, role %s; live at exit: %s; at the peak: %s\n",
             i + 1, bytes_str(a->bytes), num(a->allocs),
             plural(a->allocs, "allocation", "allocations"), role,
             bytes_blocks(a->live_bytes, a->live_blocks), bytes_str(a->at_peak));
      free(role);
      print_stack(&a->stack);
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
   qsort(r->lrecs, r->nlrecs, sizeof *r->lrecs, cmp_lrec);
   size_t shown = r->nlrecs < top ? r->nlrecs : top;
   printf("\nLoss records: the largest %s of %s:\n", num(shown), num(r->lrecs_total));
   for (size_t i = 0; i < shown; i++) {
      const Site *s = &r->lrecs[i];
      int k = leak_kind(s->kind);
      char *who = thread_ref(ix, s->thread), *role = role_label(&s->role, false);
      printf("\n#%zu: ", i + 1);
      if (s->has_ind && s->ind_bytes > 0)
         printf("%s (%s direct, %s indirect) bytes", num(lrec_total(s)),
                num(s->bytes), num(s->ind_bytes));
      else
         printf("%s", bytes_str(s->bytes));
      printf(" in %s %s %s %s, %s, role %s\n", num(s->blocks),
             plural(s->blocks, "block", "blocks"),
             s->bytes == 1 && !(s->has_ind && s->ind_bytes > 0) ? "is" : "are",
             k >= 0 ? lk_text[k] : s->kind, who, role);
      free(who);
      free(role);
      print_stack(&s->stack);
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
   qsort(r->sites, r->nsites, sizeof *r->sites, cmp_site);
   size_t shown = r->nsites < top ? r->nsites : top;
   printf("\nMemory live at exit: %s; the largest %s of %s %s:\n",
          bytes_blocks(r->exit_bytes, r->exit_blocks),
          num(shown), num(r->sites_total),
          plural(r->sites_total, "site", "sites"));

   for (size_t i = 0; i < shown; i++) {
      const Site *s = &r->sites[i];
      char *who = thread_ref(ix, s->thread), *role = role_label(&s->role, false);
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
      putchar('\n');
      print_stack(&s->stack);
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
      printf("  %s woke %s %s %s\n", waker, waiter, num(w->count),
             plural(w->count, "time", "times"));
      free(waker);
      free(waiter);
   }
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
   ThreadIndex ix = thread_index(rep);
   print_run(rep);
   print_verdict(rep);
   print_check(nwarn);
   print_threads(rep, opt->threads);
   print_roles(rep);
   print_heap(rep);
   print_timeline(rep, opt->timeline);
   print_asites(rep, opt->alloc_top);
   print_xfrees(rep);
   print_bad(rep);
   print_leaks(rep, &ix);
   print_lrecs(rep, opt->leaks_top, &ix);
   print_orphans(rep);
   print_sites(rep, opt->top, &ix);
   print_futex_sites(rep, opt->futex_top);
   print_wakes(rep, &ix);
   free(ix.by_seq);
}
