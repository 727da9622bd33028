/* folded.c: at_print's folded stacks (--folded=KIND), the input of
 * flamegraph.pl and inferno: one line per stack, "frame;...;frame N",
 * outermost frame first, under a root frame per role and pool, so that
 * one flame graph shows which role holds, lost, allocated or waited
 * for what.  Every stack is whole, or with --folded-from=own ends at
 * its first shown frame (frames.c), the allocator's frames dropped.
 * Either way each value is counted once, so the lines add up to the
 * report's figure, which is checked.  The CPU profile (--folded=cpu)
 * has a second root under the role: the spawn site whose task, job or
 * block_on future was being run, named as the Tasks section names it.
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

static const char *const kind_names[FOLD_N] = {
   "live", "leaked", "allocated", "peak", "wait-time", "wait-count",
   "instructions", "cpu",
};

int folded_kind(const char *name)
{
   for (int k = 0; name != NULL && k < FOLD_N; k++)
      if (strcmp(name, kind_names[k]) == 0)
         return k;
   return -1;
}

/* Every site of the list the kind reads, none of the others: the
   folded values must add up to the report's totals. */
void folded_limits(int kind, Limits *lim)
{
   *lim = (Limits){ 0, 0, 0, 0, false };
   switch (kind) {
   case FOLD_LIVE: case FOLD_LEAKED:
      lim->top = SIZE_MAX;          /* the sites of <live-at-exit> */
      break;
   case FOLD_ALLOCATED: case FOLD_PEAK:
      lim->alloc_top = SIZE_MAX;
      break;
   case FOLD_WAIT_TIME: case FOLD_WAIT_COUNT:
      lim->futex_top = SIZE_MAX;
      break;
   default:
      break;
   }
}

typedef struct {
   char *s;                      /* the stack, then the whole line */
   uint64_t v;
} Line;

typedef struct {
   Line *l;
   size_t n, cap;
   Sum total;                    /* of every value added */
   bool full_names;
   const OwnRules *from_own;     /* --folded-from=own: the rules, or NULL */
} Lines;

/* flamegraph.pl and inferno split frames at ';': one in a name becomes
   ':', as Brendan Gregg's stackcollapse scripts do.  (Names hold no
   newline: the reader wrote control characters as \xNN.) */
static void unsemi(Buf *b, size_t from)
{
   for (size_t i = from; i < b->len; i++)
      if (b->s[i] == ';')
         b->s[i] = ':';
}

static void add_name(Buf *b, const char *s)
{
   size_t from = b->len;
   buf_adds(b, s);
   unsemi(b, from);
}

/* "[tokio-worker (runtime 1)]", "[main]". */
static void add_root(Buf *b, const Role *r)
{
   char *label = role_label(r, false);
   buf_adds(b, "[");
   add_name(b, label);
   buf_adds(b, "]");
   free(label);
}

/* A frame as the text output names it, without its address or file:
   the function; without one, the object's file name and "+?" (an
   unnamed frame's address means nothing to the reader of a flame graph,
   and every call into the same object then shows as one frame); without
   either, the address. */
static void add_frame(Buf *b, const Frame *f, bool full_names)
{
   size_t from = b->len;
   if (f->fn != NULL && f->fn[0] != '\0') {
      add_fn_name(b, f->fn, full_names);
   } else if (f->obj != NULL && f->obj[0] != '\0') {
      const char *base = strrchr(f->obj, '/');
      buf_adds(b, base != NULL && base[1] != '\0' ? base + 1 : f->obj);
      buf_adds(b, "+?");
   } else {
      buf_adds(b, f->ip != NULL && f->ip[0] != '\0' ? f->ip : "???");
   }
   unsemi(b, from);
}

static void push(Lines *ls, Buf *b, uint64_t v)
{
   sum_add(&ls->total, v);
   if (v == 0) {                 /* shown nowhere: not kept */
      free(b->s);
      return;
   }
   GROW(ls->l, ls->cap, ls->n + 1);
   ls->l[ls->n++] = (Line){ b->s, v };
}

/* The root of role r, then sub if not NULL (more roots, folded text
   already: "[outside tasks]"), then the stack's frames, outermost
   first.  With --folded-from=own the innermost frame is the first shown
   one: the allocator's and libc's frames above it are dropped, so that
   the flames end at the program's code and a site's lines merge.  A
   stack that is plumbing alone keeps every frame (nothing else names
   it). */
static void add_stack_under(Lines *ls, const Role *r, const char *sub,
                            const Stack *st, uint64_t v)
{
   Buf b = { 0 };
   size_t from = 0;
   if (v == 0)
      return;
   if (ls->from_own != NULL) {
      bool has_own;
      from = first_shown(st, ls->from_own, &has_own);
      if (from == stack_depth(st))
         from = 0;
   }
   add_root(&b, r);
   if (sub != NULL) {
      buf_adds(&b, ";");
      buf_adds(&b, sub);
   }
   for (size_t i = stack_depth(st); i-- > from;) {
      buf_adds(&b, ";");
      add_frame(&b, stack_frame(st, i), ls->full_names);
   }
   push(ls, &b, v);
}

static void add_stack(Lines *ls, const Role *r, const Stack *st, uint64_t v)
{
   add_stack_under(ls, r, NULL, st, v);
}

/* --folded=cpu: each row of the profile under its role and its spawn
   site, "[task_sites::spawn_b (task_sites.rs:60)]" as the Tasks section
   names it (own: --own's rules), or "[outside tasks]"; a row of threads
   never sampled has no stack: "[not sampled]" instead. */
static void add_cpu(Lines *ls, const Report *r, const OwnRules *own)
{
   Buf site = { 0 };
   names_index(r);               /* names.c derives the site's function */
   for (size_t i = 0; i < r->cpu->nrows; i++) {
      const CpuRow *x = &r->cpu->rows[i];
      const SpawnSite *s = x->has_site && r->tasks != NULL
                           ? spawn_site(r->tasks, x->site) : NULL;
      buf_clear(&site);
      buf_adds(&site, "[");
      if (s != NULL) {
         add_spawn_place_as(&site, s, own, ls->full_names, false);
         unsemi(&site, 1);
      } else if (x->has_site) {  /* not in <tasks>: said by check.c */
         char id[48];
         snprintf(id, sizeof id, "spawn site %" PRIu64, x->site);
         buf_adds(&site, id);
      } else {
         buf_adds(&site, "outside tasks");
      }
      if (x->has_stack) {
         buf_adds(&site, "]");
         add_stack_under(ls, &x->role, site.s, &x->stack, x->insns);
      } else {
         buf_adds(&site, "];[not sampled]");
         add_stack_under(ls, &x->role, site.s, &(Stack){ 0 }, x->insns);
      }
   }
   free(site.s);
   names_free();
}

static int cmp_line(const void *a, const void *b)
{
   return strcmp(((const Line *)a)->s, ((const Line *)b)->s);
}

/* Sums the lines whose stacks print alike and prints them sorted bytewise by the whole line (as LC_ALL=C sort
   does), so that the output does not depend on the file's order. */
static void print_lines(Lines *ls)
{
   size_t m = 0;
   qsort(ls->l, ls->n, sizeof *ls->l, cmp_line);
   for (size_t i = 0; i < ls->n; i++) {
      if (m > 0 && strcmp(ls->l[m - 1].s, ls->l[i].s) == 0) {
         ls->l[m - 1].v = add_sat(ls->l[m - 1].v, ls->l[i].v);
         free(ls->l[i].s);
      } else {
         ls->l[m++] = ls->l[i];
      }
   }
   ls->n = m;
   for (size_t i = 0; i < ls->n; i++) {
      char v[32];
      size_t n = strlen(ls->l[i].s);
      int k = snprintf(v, sizeof v, " %" PRIu64, ls->l[i].v);
      ls->l[i].s = xrealloc(ls->l[i].s, n + (size_t)k + 1);
      memcpy(ls->l[i].s + n, v, (size_t)k + 1);
   }
   /* Sorted again, as sort(1) sorts lines: a frame "f 1" with 3 comes
      before a frame "f" with 7 ("f 1 3" < "f 7"), not after. */
   qsort(ls->l, ls->n, sizeof *ls->l, cmp_line);
   for (size_t i = 0; i < ls->n; i++) {
      puts(ls->l[i].s);
      free(ls->l[i].s);
   }
   free(ls->l);
   ls->l = NULL;
   ls->n = ls->cap = 0;
}

/* What the kind reads, if the report lacks it: a one-line error. */
static bool has_section(const Report *r, int kind, const char *file)
{
   const char *lacks = NULL;
   bool insns = false;
   switch (kind) {
   case FOLD_LEAKED:
      if (!r->leaks.present)
         lacks = "no leak scan (<leaks>)";
      break;
   case FOLD_ALLOCATED: case FOLD_PEAK:
      if (!r->alloc.present)
         lacks = "no allocation sites (<alloc-sites>)";
      break;
   case FOLD_WAIT_TIME: case FOLD_WAIT_COUNT:
      if (!r->futex.present)
         lacks = "no futex sites (<futex-sites>)";
      break;
   case FOLD_INSNS:
      for (size_t i = 0; i < r->threads.n; i++)
         insns |= r->threads.list[i].has_insns;
      if (!insns)
         lacks = "no instruction counts (the insns of <thread>)";
      break;
   case FOLD_CPU:
      if (r->cpu == NULL)
         lacks = "no CPU profile (<cpu>: asynctrace --cpu-sample)";
      break;
   default:
      break;
   }
   if (lacks != NULL)
      fprintf(stderr, "at_print: %s: --folded=%s: the report has %s\n",
              file, kind_names[kind], lacks);
   return lacks == NULL;
}

/* The lines of the allocation sites the report does not list, summed by
   the tool without their roles: one line of their own, so that the
   values still add up to the whole. */
static void add_rest(Lines *ls, const Report *r, uint64_t v, const char *file)
{
   if (r->alloc.count <= r->alloc.shown)
      return;
   fprintf(stderr, "at_print: %s: warning: the report lists %s of its %s "
           "allocation sites (asynctrace --alloc-sites); it sums the other "
           "%s without roles or stacks: ", file, num(r->alloc.shown),
           num(r->alloc.count), num(r->alloc.count - r->alloc.shown));
   if (v > 0)
      fprintf(stderr, "they are one line, '[other sites] %" PRIu64 "'\n", v);
   else
      fprintf(stderr, "they have none of these bytes\n");
   Buf b = { 0 };
   buf_adds(&b, "[other sites]");
   push(ls, &b, v);
}

int print_folded(const Report *r, int kind, const char *file, bool full_names,
                 const OwnRules *from_own, const OwnRules *own)
{
   Lines ls = { .full_names = full_names, .from_own = from_own };
   Sum want = { 0 };
   bool check = false;           /* want is a figure of the report's own */
   const char *what = NULL;

   if (!has_section(r, kind, file))
      return -1;
   switch (kind) {
   case FOLD_LIVE:
      for (size_t i = 0; i < r->live.nsites; i++)
         add_stack(&ls, &r->live.sites[i].role, &r->live.sites[i].stack,
                   r->live.sites[i].bytes);
      sum_add(&want, r->live.bytes);
      check = true;
      what = "bytes of <live-at-exit>";
      break;
   case FOLD_LEAKED:
      /* The sites of <live-at-exit> are every loss record, whatever
         --show-leak-kinds and --leak-check=summary leave out of <leaks>.
         Each counts its own bytes: the indirect bytes of a definitely
         lost one are in the indirectly lost records, at the stacks that
         allocated them, so the lines add up to the three totals. */
      for (size_t i = 0; i < r->live.nsites; i++) {
         const Site *s = &r->live.sites[i];
         int k = leak_kind(s->kind);
         if (k == LK_DEF || k == LK_IND || k == LK_POS)
            add_stack(&ls, &s->role, &s->stack, s->bytes);
      }
      sum_add(&want, r->leaks.bytes[LK_DEF]);
      sum_add(&want, r->leaks.bytes[LK_IND]);
      sum_add(&want, r->leaks.bytes[LK_POS]);
      check = true;
      what = "definitely, indirectly and possibly lost bytes of <leaks>";
      break;
   case FOLD_ALLOCATED: case FOLD_PEAK: {
      bool peak = kind == FOLD_PEAK;
      for (size_t i = 0; i < r->alloc.nsites; i++) {
         const ASite *a = &r->alloc.sites[i];
         add_stack(&ls, &a->role, &a->stack, peak ? a->at_peak : a->bytes);
      }
      add_rest(&ls, r, peak ? r->alloc.rest_at_peak : r->alloc.rest_bytes,
               file);
      break;
   }
   case FOLD_WAIT_TIME: case FOLD_WAIT_COUNT: {
      bool us = kind == FOLD_WAIT_TIME;
      for (size_t i = 0; i < r->futex.nsites; i++) {
         const FSite *f = &r->futex.sites[i];
         add_stack(&ls, &f->role, &f->stack, us ? f->fx.blocked_us : f->fx.waits);
      }
      break;
   }
   case FOLD_INSNS:
      /* No stacks: a thread under its primary role, by name, so that a
         pool's threads of one name make one frame. */
      for (size_t i = 0; i < r->threads.n; i++) {
         const Thread *t = &r->threads.list[i];
         Buf b = { 0 };
         if (t->insns == 0)
            continue;
         add_root(&b, &t->role);
         buf_adds(&b, ";");
         if (t->name != NULL && t->name[0] != '\0') {
            add_name(&b, t->name);
         } else {
            char n[48];
            snprintf(n, sizeof n, "thread %" PRIu64, t->seq);
            buf_adds(&b, n);
         }
         push(&ls, &b, t->insns);
      }
      break;
   case FOLD_CPU:
      add_cpu(&ls, r, own);
      sum_add(&want, r->cpu->insns);
      check = true;
      what = "instructions of <cpu>";
      break;
   default:
      break;
   }

   size_t warnings = 0;
   if (check && (ls.total.over || want.over || ls.total.v != want.v)) {
      fprintf(stderr, "at_print: %s: warning: the --folded=%s lines sum to "
              "%s%s, not the %s%s %s\n", file, kind_names[kind],
              ls.total.over ? "more than " : "",
              num(ls.total.over ? UINT64_MAX : ls.total.v),
              want.over ? "more than " : "",
              num(want.over ? UINT64_MAX : want.v), what);
      warnings++;
   }
   print_lines(&ls);
   return (int)warnings;
}
