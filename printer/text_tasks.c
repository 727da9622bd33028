/* text_tasks.c: the tasks of the text summary: Tokio's tasks, block_on
 * futures and Rayon jobs, each counted apart, their spawn sites by
 * memory live at exit, by CPU and by tasks pending at exit, and the
 * blocking waits inside async code.  The sites are the report's merged
 * by source location (sitemerge.c: an unrolled loop's copies are one
 * site), here and in the verdict alike.  A site is named after the
 * function that spawned it, with its future's type, a block_on site's
 * future or a Rayon call's closures (names.c); the verdict names the
 * sites whose tasks' blocks were definitely lost (add_lost_in_tasks).
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
#include "verdict.h"

/* ---- Tasks ---- */

/* Spawn sites, blocking waits and pending tasks listed per list. */
#define TASK_SITES_SHOWN 10
#define TASK_BLOCKS_SHOWN 10
#define PENDING_PER_SITE 3
/* Spawn sites named in the verdict; the rest are summed. */
#define VERDICT_SPAWN_SITES 3

/* Where a spawn site is, as names.c words it with the summary's own
   rules and names. */
void add_spawn_place(Buf *b, const SpawnSite *s, bool file_first)
{
   add_spawn_place_as(b, s, text_opt.own, text_opt.full_names, file_first);
}

/* "fn (file:line), kind" of site id of t, or "spawn site N" if t does
   not list it (snapshots' and the CPU profile's rows). */
void add_site_label(Buf *b, const Tasks *t, uint64_t id)
{
   const SpawnSite *site = t ? spawn_site(t, id) : NULL;
   if (site == NULL) {
      buf_adds(b, "spawn site ");
      buf_adds(b, num(id));
      return;
   }
   add_spawn_place(b, site, false);
   buf_adds(b, ", ");
   buf_adds(b, site->kind ? site->kind : "?");
}

/* What a site ran, as its head's second line says it. */
static bool add_site_work(Buf *b, const SpawnSite *s)
{
   return add_site_work_as(b, s, text_opt.full_names);
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
static int site_class(const SpawnSite *s)
{
   return is_rayon(s) ? SC_RAYON : is_block_on(s) ? SC_BLOCK_ON : SC_TASK;
}

int spawn_site_class(const SpawnSite *s)
{
   return site_class(s);
}

/* "task"/"tasks", "job"/"jobs" for a Rayon site, "future"/"futures"
   for a block_on one. */
static const char *unit(const SpawnSite *s, uint64_t n)
{
   return is_rayon(s) ? plural(n, "job", "jobs")
        : is_block_on(s) ? plural(n, "future", "futures")
        : plural(n, "task", "tasks");
}

/* The sites as listed: the report's merged by source location
   (sitemerge.c), for the section and the verdict alike. */
static const MergedTasks *cur;

/* "#1: fn (file:line), async" and the future's line; a merged site
   says how many of the report's it is. */
static void print_spawn_head(size_t i, const SpawnSite *s, const char *sep)
{
   Buf b = { 0 };
   add_spawn_place(&b, s, false);
   uint64_t m = cur ? tasks_merged_count(cur, s) : 1;
   char note[96] = "";
   if (m > 1)
      snprintf(note, sizeof note, " (%s sites of this line merged: an "
               "unrolled loop, or code inlined twice)", num(m));
   printf("\n#%zu: %s, %s%s%s", i + 1, b.s, s->kind, note, sep);
   buf_clear(&b);
   if (!add_site_work(&b, s))
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
      /* Merged sites' peaks are summed: at most that together. */
      printf(", %s live at exit (peak %s%s)", bytes_blocks(s->live_bytes,
             s->live_blocks), cur && tasks_merged_count(cur, s) > 1
             ? "at most " : "", num(s->peak_live));
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
         printf("   %s %s, %s %s, %s %s, the longest poll %s",
                num(s->spawned), unit(s, s->spawned),
                num(s->polls), plural(s->polls, "poll", "polls"),
                num(s->insns), plural(s->insns, "instruction", "instructions"),
                num(s->max_poll));
      else   /* a block_on call or a Rayon job is run once: no polls */
         printf("   %s %s, %s %s, the longest %s %s",
                num(s->spawned), unit(s, s->spawned), num(s->insns),
                plural(s->insns, "instruction", "instructions"),
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

/* when: the verdict's words for the run's end ("after Ctrl-C" only
   after SIGINT). */
static void print_task_pending(const Tasks *t, const char *when)
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
   printf("\nPending at exit: %s %s not completed (%s, the hung ones), at "
          "%s spawn %s:\n", num(total), plural(total, "task", "tasks"), when,
          num(n),
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
         if (listed++ >= PENDING_PER_SITE)
            continue;
         printf("   task %s: %s, spawned at %s ms, %s %s, %s %s, "
                "%s allocated", num(k->seq), k->state, num(k->spawned_ms),
                num(k->polls), plural(k->polls, "poll", "polls"),
                num(k->insns), plural(k->insns, "instruction", "instructions"),
                bytes_str(k->bytes));
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

/* "3 futex waits", "2 calls to read()" (a report before 2026-12
   names no call: "2 calls"). */
static const char *calls_of(const BlockIn *b)
{
   static char s[96];
   if (b->call && strcmp(b->call, "futex") == 0)
      snprintf(s, sizeof s, "%s futex %s", num(b->waits),
               plural(b->waits, "wait", "waits"));
   else if (b->call)
      snprintf(s, sizeof s, "%s %s to %.40s()", num(b->waits),
               plural(b->waits, "call", "calls"), b->call);
   else
      snprintf(s, sizeof s, "%s %s", num(b->waits),
               plural(b->waits, "call", "calls"));
   return s;
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
   printf("\nBlocking inside async: %s blocking %s (futex waits, sleeps, "
          "IO on blocking descriptors) blocked %s in tasks' polls, stalling "
          "their worker threads", num(waits), plural(waits, "call", "calls"),
          ms1(us));
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
      printf("\n#%zu: tasks spawned at %s: %s, blocked %s, the longest "
             "%s\n", i + 1, where.s, calls_of(b), ms1(b->blocked_us),
             ms1(b->max_us));
      free(where.s);
      print_stack(&b->stack);
   }
}

static void print_tasks_merged(const Tasks *t, const char *when);

void print_tasks(const Report *r)
{
   if (r->tasks == NULL)
      return;
   MergedTasks m;
   tasks_merge(r->tasks, text_opt.own, text_opt.group_frames, &m);
   cur = &m;
   print_tasks_merged(&m.t, verdict_when(r));
   cur = NULL;
   tasks_merged_free(&m);
}

static void print_tasks_merged(const Tasks *t, const char *when)
{
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
   print_task_pending(t, when);
   print_task_blocking(t);
}

/* "; 3,003 of the bytes definitely lost were allocated in tasks spawned
   at main.rs:30 (spawn_a)", with each site's share if there are
   several: the spawn sites' lost-bytes, which are exact. */
void add_lost_in_tasks(Buf *b, const Report *r)
{
   if (r->tasks == NULL)
      return;
   size_t n;
   MergedTasks m;
   tasks_merge(r->tasks, text_opt.own, text_opt.group_frames, &m);
   const SpawnSite **v = spawn_list(&m.t, has_lost, cmp_spawn_lost, &n);
   uint64_t total = 0, rest = 0;
   bool mixed = false;
   for (size_t i = 0; i < n; i++)
      total = add_sat(total, v[i]->lost_bytes);
   if (n > 0) {
      bool all = total == r->leaks.bytes[LK_DEF];
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
      snprintf(t, sizeof t, " and %zu other %s %s", n - VERDICT_SPAWN_SITES,
               plural(n - VERDICT_SPAWN_SITES, "site", "sites"), num(rest));
      buf_adds(b, t);
   }
   free(v);
   tasks_merged_free(&m);
}
