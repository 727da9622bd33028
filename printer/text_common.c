/* text_common.c: what the text summary's sections share.  A grouped
 * list's count of groups; threads named by their seq, through an index
 * sorted once; a paragraph wrapped at a width; amounts summed by role;
 * and stacks as the summary prints them: from the program's first own
 * frame on (--own), each frame named as names.c derives it (no
 * UnknownInlinedFun, one closure style), a run of frames that are not
 * the program's folded into one line, at most --frames lines, a grouped site's frames up to
 * where its stacks differ.  The sections list the report's lists in
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

/* Frame i of s, named as names.c derives it. */
static void print_frame(const Stack *s, size_t i)
{
   const Frame *f = stack_frame(s, i);
   Buf b = { 0 };
   add_frame_name(&b, s, i, text_opt.full_names);
   printf("   %s %s: %s", i == 0 ? "at" : "by", f->ip, b.s);
   if (f->file && f->has_line)
      printf(" (%s:%" PRIu64 ")", f->file, f->line);
   else if (f->file)
      printf(" (%s)", f->file);
   else if (f->obj)
      printf(" (in %s)", f->obj);
   putchar('\n');
   free(b.s);
}

/* Frames a stack with no own frame shows before the rest is folded. */
#define NO_OWN_LINES 3

/* Prints s from its first own frame on, the frames above it folded into
   one line; g, if not NULL, is what grouping merged into the site: its
   stacks differ from frame g->cut on, so the rest is not printed. */
void print_stack_grouped(const Stack *s, const Grouped *g)
{
   size_t depth = stack_depth(s);
   if (depth == 0) {
      printf("   (no stack)\n");
      return;
   }
   /* From the first own frame, or where there is none, the first frame
      past the allocator, libc and std: never at malloc or syscall. */
   bool has_own = false;
   size_t from = text_opt.frames == 0 ? 0 : first_shown(s, text_opt.own, &has_own);
   size_t end = g && g->cut > 0 && g->cut < depth ? g->cut : depth;
   if (from > 0) {
      char *l = fold_label(s, 0, from);
      printf("   \xe2\x80\xa6 %s\n", l);
      free(l);
   }
   /* Below the first own frame, a run of two or more frames that are
      not the program's (Tokio's scheduler, Rayon's join, std's thread
      start) is one line too, unless every frame is shown.  A stack with
      no own frame shows its first few frames, then folds the rest.
      --frames counts the lines. */
   size_t f = from, lines = 0;
   while (f < end && (text_opt.frames == 0 || lines < text_opt.frames)) {
      size_t run = f;
      if (text_opt.frames != 0 && has_own)
         while (run < end && !frame_is_own(stack_frame(s, run), text_opt.own))
            run++;
      else if (text_opt.frames != 0 && lines >= NO_OWN_LINES)
         run = end;
      if (run - f >= 2) {
         char *l = fold_label(s, f, run);
         printf("   \xe2\x80\xa6 %s\n", l);
         free(l);
         f = run;
      } else {
         print_frame(s, f);
         f++;
      }
      lines++;
   }
   if (f < end)
      printf("   ... %zu more %s (--frames=all shows all)\n", end - f,
             end - f == 1 ? "frame" : "frames");
   if (g && g->stacks > 1)
      printf("   (%s different stacks with %s%s own %s merged; "
             "--group-frames=0 lists them apart)\n", num(g->stacks),
             text_opt.group_frames == 1 ? "this" : "these ",
             text_opt.group_frames == 1 ? "" : num(text_opt.group_frames),
             plural(text_opt.group_frames, "frame", "frames"));
}

void print_stack(const Stack *s)
{
   print_stack_grouped(s, NULL);
}

/* The first own frames of s (as many as grouping uses, at least one),
   as "fn (file:line) < fn (file:line)", or NULL. */
char *own_place(const Stack *s)
{
   size_t depth = stack_depth(s);
   size_t want = text_opt.group_frames ? text_opt.group_frames : 1;
   if (depth == 0)
      return NULL;
   bool has_own;
   size_t from = first_shown(s, text_opt.own, &has_own);
   if (from == depth)
      from = 0;                  /* all plumbing: named from its top */
   Buf b = { 0 };
   for (size_t i = from, n = 0; i < depth && n < want; i++) {
      const Frame *f = stack_frame(s, i);
      if (has_own && !frame_is_own(f, text_opt.own))
         continue;
      if (n++ > 0)
         buf_adds(&b, " < ");
      add_frame_name(&b, s, i, text_opt.full_names);
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
