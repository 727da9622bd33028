/* text_common.c: what the text summary's sections share.  A grouped
 * list's count of groups; threads named by their seq, through an index
 * sorted once; a paragraph wrapped at a width; amounts summed by role;
 * and stacks in the summary's style (--frames, --own, addresses shown),
 * printed by frames.c, which --diff shares.  The sections list the report's lists in
 * their orders through views (view.c), the report left as read.
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

/* ---- Grouped lists ---- */

/* A grouped list's groups in all: grouped as read, the list holds only
   those that can be shown (report_read_grouped). */
size_t list_groups(size_t n, size_t all)
{
   return all > n ? all : n;
}

/* ---- Threads by seq ---- */

static int cmp_thread_seq(const void *a, const void *b)
{
   const Thread *x = *(const Thread *const *)a, *y = *(const Thread *const *)b;
   return (x->seq > y->seq) - (x->seq < y->seq);
}

ThreadIndex thread_index(const Report *r)
{
   ThreadIndex ix = { xrealloc(NULL, (r->threads.n ? r->threads.n : 1) *
                               sizeof *ix.by_seq), r->threads.n };
   for (size_t i = 0; i < r->threads.n; i++)
      ix.by_seq[i] = &r->threads.list[i];
   qsort(ix.by_seq, ix.n, sizeof *ix.by_seq, cmp_thread_seq);
   return ix;
}

/* "thread 3 (name)", "thread 3" if it has no name, or "thread 9 (not
   in the thread list)"; without the word "thread" if !word.  Newly
   allocated. */
char *thread_label(const ThreadIndex *ix, uint64_t seq, bool word)
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

char *thread_ref(const ThreadIndex *ix, uint64_t seq)
{
   return thread_label(ix, seq, true);
}

/* The site's thread, or how many threads its merged records are of. */
char *site_threads(const ThreadIndex *ix, const Site *s)
{
   if (s->g.threads > 1) {
      char b[64];
      snprintf(b, sizeof b, "%s threads", num(s->g.threads));
      return xstrdup(b);
   }
   return thread_ref(ix, s->thread);
}

/* ---- Words ---- */

/* The time unit of the timeline and the peak: the tool's --time-unit. */
const char *time_unit_name(const char *unit)
{
   if (unit == NULL)
      return "?";
   if (strcmp(unit, "i") == 0)
      return "instructions";
   if (strcmp(unit, "B") == 0)
      return "bytes allocated and freed";
   return unit;                  /* "ms", or one added later */
}

/* Prints text as a paragraph, its lines at most width columns unless
   a single word is longer. */
int order_nonzero_desc(const uint64_t *v, int n, int *order)
{
   int m = 0;
   for (int k = 0; k < n; k++)
      if (v[k] > 0)
         order[m++] = k;
   for (int i = 1; i < m; i++)      /* insertion: stable, n is small */
      for (int j = i; j > 0 && v[order[j]] > v[order[j - 1]]; j--) {
         int t = order[j];
         order[j] = order[j - 1];
         order[j - 1] = t;
      }
   return m;
}

void print_wrapped(const char *text, size_t width)
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

/* ", 12 records" after a grouped site's figures, or nothing. */
const char *merged_note(const Grouped *g, const char *what)
{
   static char b[96];
   b[0] = '\0';
   if (g->records > 1)
      snprintf(b, sizeof b, "; %s %s merged", num(g->records), what);
   return b;
}

/* ---- Amounts by role ---- */

static int cmp_amt_role(const void *a, const void *b)
{
   return cmp_role(((const RoleAmt *)a)->role, ((const RoleAmt *)b)->role);
}

/* Sums the rows of a that have the same role; returns how many are
   left, sorted by role. */
size_t merge_amts(RoleAmt *a, size_t n)
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
int cmp_amt_desc(const void *a, const void *b)
{
   const RoleAmt *x = a, *y = b;
   for (int k = 0; k < LK_N; k++)
      if (x->v[k] != y->v[k])
         return x->v[k] > y->v[k] ? -1 : 1;
   return cmp_role(x->role, y->role);
}

/* ---- Stacks ---- */

/* The summary's stack style: frames.c prints them (--diff does too). */
static StackStyle text_style(void)
{
   return (StackStyle){ .frames = text_opt.frames,
                        .full_names = text_opt.full_names,
                        .own = text_opt.own,
                        .group_frames = text_opt.group_frames,
                        .addresses = true };
}

void print_stack_grouped(const Stack *s, const Grouped *g)
{
   StackStyle st = text_style();
   print_stack_as(s, g, &st);
}

void print_stack(const Stack *s)
{
   print_stack_grouped(s, NULL);
}

char *own_place(const Stack *s)
{
   StackStyle st = text_style();
   return own_place_as(s, &st);
}
