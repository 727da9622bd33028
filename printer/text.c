/* text.c: at_print's text output, the summary: the run, the verdict
 * (how the program ended and what it left on the heap, in a paragraph),
 * the overview's last lines (the largest leaks, where threads waited),
 * then each section the options show, in the report's order, each
 * printed by its own file (text.h lists them).
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

#include "cpusum.h"
#include "report.h"
#include "text.h"
#include "verdict.h"

TextOptions text_opt;

/* ------------------------------------------------------------------ */
/* The run                                                             */
/* ------------------------------------------------------------------ */

/* "Ended:" for a last snapshot's report marked <final-report-lost>:
   the end it did have, and why this is not its report; wrapped under
   its label. */
static void print_lost_end(const Report *r)
{
   const LostEnd *l = &r->run.lost;
   Buf b = { 0 };
   char n[64];
   size_t col = 0;
   verdict_lost_end(&b, l);
   buf_adds(&b, " at ");
   buf_adds(&b, num(l->ms));
   buf_adds(&b, " ms, but the final report could not be written (");
   buf_adds(&b, l->why ? l->why : "?");
   snprintf(n, sizeof n, "); this is the last snapshot, taken at ");
   buf_adds(&b, n);
   buf_adds(&b, num(verdict_last_snapshot_ms(r)));
   buf_adds(&b, " ms");
   fputs("Ended:   ", stdout);
   col = 9;
   for (const char *p = b.s; *p; ) {
      const char *w = p;
      while (*p && *p != ' ')
         p++;
      size_t len = (size_t)(p - w);
      if (col > 10 && col + 1 + len > 78) {
         fputs("\n         ", stdout);
         col = 9;
      }
      printf(" %.*s", (int)len, w);
      col += 1 + len;
      while (*p == ' ')
         p++;
   }
   putchar('\n');
   free(b.s);
}

/* The command line's words past this many bytes are counted, not shown:
   a glob of hundreds of files would bury the header (about 3 lines). */
#define COMMAND_SHOWN 230

/* " … and 600 more arguments" */
static void more_args(char *out, size_t size, size_t rest)
{
   snprintf(out, size, " \xe2\x80\xa6 and %zu more %s", rest,
            plural(rest, "argument", "arguments"));
}

/* "./server --port 80", or "./check a.rs b.rs … and 600 more arguments"
   when the whole would pass COMMAND_SHOWN. */
static void print_command(const Report *r)
{
   Buf cmd = { 0 };
   buf_add_word(&cmd, r->run.exe);
   size_t exe_len = cmd.len;
   for (size_t i = 0; i < r->run.nargs; i++) {
      buf_adds(&cmd, " ");
      buf_add_word(&cmd, r->run.args[i]);
   }
   if (cmd.len > COMMAND_SHOWN) {
      /* Again, word by word, leaving room for the count of the rest. */
      cmd.len = exe_len;
      cmd.s[cmd.len] = '\0';
      char tail[80];
      size_t i;
      for (i = 0; i < r->run.nargs; i++) {
         Buf w = { 0 };
         buf_add_word(&w, r->run.args[i]);
         more_args(tail, sizeof tail, r->run.nargs - i - 1);
         bool fits = cmd.len + 1 + w.len + strlen(tail) <= COMMAND_SHOWN;
         if (fits) {
            buf_adds(&cmd, " ");
            buf_adds(&cmd, w.s);
         }
         free(w.s);
         if (!fits)
            break;
      }
      more_args(tail, sizeof tail, r->run.nargs - i);
      buf_adds(&cmd, tail);
   }
   printf("Command:  %s\n", cmd.s);
   free(cmd.s);
}

static void print_run(const Report *r)
{
   print_command(r);
   printf("Process:  pid %" PRIu64 ", parent pid %" PRIu64 "\n", r->run.pid,
          r->run.ppid);
   printf("Tool:     asynctrace %s, Valgrind %s\n", r->run.tool_version,
          r->run.vg_version);
   printf("Started:  %s\n", r->run.start_time);
   printf("Duration: %s ms\n", num(r->run.duration_ms));
   if (r->run.end_how == END_EXIT)
      printf("Ended:    exited with status %ld\n", r->run.status);
   else if (r->run.end_how == END_SIGNAL &&
            (r->run.signo == 0 || strcmp(r->run.signal, "unknown") == 0))
      printf("Ended:    killed by a signal the tool could not name\n");
   else if (r->run.end_how == END_SIGNAL)
      printf("Ended:    killed by %s (signal %" PRIu64 ")\n", r->run.signal,
             r->run.signo);
   else if (strcmp(r->run.signal, "exec") == 0)
      printf("Ended:    called execve (the report describes the program "
             "before it)\n");
   else if (strcmp(r->run.signal, "thread-limit") == 0)
      printf("Ended:    not yet: the report so far, written when the program "
             "took the last of Valgrind's thread slots (rerun with a larger "
             "--max-threads)\n");
   else if (strcmp(r->run.signal, "snapshot") == 0 && r->run.lost.present)
      print_lost_end(r);
   else if (strcmp(r->run.signal, "snapshot") == 0)
      printf("Ended:    not when this was written: the report as of the last "
             "snapshot; if the run is over, it ended without the tool's "
             "end (SIGKILL?)\n");
   else
      printf("Ended:    %s\n", r->run.signal);
   /* One object a line: paths are long. */
   for (size_t i = 0; i < r->run.nno_symbols; i++)
      printf("%s%s%s\n", i == 0 ? "Warning:  no symbols in "
                                 : "          nor in ",
             r->run.no_symbols[i], i + 1 == r->run.nno_symbols ? ":" : "");
   if (r->run.nno_symbols > 0)
      printf("          roles come only from Tokio's default thread names, "
             "tasks and\n"
             "          Rayon jobs are not found, stacks are addresses "
             "(rebuild with\n"
             "          debug = 1 or strip = false, or install %s -dbgsym "
             "package)\n", r->run.nno_symbols > 1 ? "their" : "its");
}

/* ------------------------------------------------------------------ */
/* The verdict                                                         */
/* ------------------------------------------------------------------ */

/* The roles that lost bytes of the kinds in mask (a bit per kind),
   each with its bytes in v[0], most first (verdict_lost_by_role's, but
   for the roles that lost blocks of no bytes).  *n gets their number;
   free the result. */
static RoleAmt *leak_roles(const Report *r, unsigned mask, size_t *n)
{
   size_t m;
   LostRole *lost = verdict_lost_by_role(r, mask, &m);
   RoleAmt *a = xrealloc(NULL, (m ? m : 1) * sizeof *a);
   *n = 0;
   for (size_t i = 0; i < m && lost[i].bytes > 0; i++) {
      a[*n] = (RoleAmt){ .role = lost[i].role };
      a[(*n)++].v[0] = lost[i].bytes;
   }
   free(lost);
   return a;
}

/* At most this many roles are named in the verdict; the rest are
   summed. */
#define VERDICT_ROLES 4

/* For role other in the verdict: its amount split by the names of the
   threads that allocated it (numbers folded), from the loss records of
   the kinds in mask, if they add up to want exactly (all listed). */
static void add_other_names(Buf *b, const Report *r, unsigned mask,
                            uint64_t want)
{
   char **names = NULL;
   uint64_t *amt = NULL, sum = 0;
   size_t n = 0, cap = 0, capa = 0;
   for (size_t i = 0; i < r->leaks.nrecs; i++) {
      const Site *s = &r->leaks.recs[i];
      int k = leak_kind(s->kind);
      if (k < 0 || !(mask & (1u << k)) || s->role.role == NULL ||
          strcmp(s->role.role, "other") != 0 || s->role.has_pool)
         continue;
      const char *tn = NULL;
      for (size_t t = 0; t < r->threads.n; t++)
         if (r->threads.list[t].seq == s->thread)
            tn = r->threads.list[t].name;
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

/* "tokio-worker (runtime 1) 8,000; main 1,234; 2 other roles 56":
   a has n roles, most first; with r, role other's amount is split by
   thread names (add_other_names) from the loss records of mask. */
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
      roles[g] = xrealloc(NULL,
                          (r->leaks.nheld ? r->leaks.nheld : 1) *
                          sizeof *roles[g]);
   for (size_t i = 0; i < r->leaks.nheld; i++) {
      const Held *h = &r->leaks.held[i];
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
   int order[HG_N];
   int m = order_nonzero_desc(sum, HG_N, order);

   for (int i = 0; i < m; i++) {
      int g = order[i];
      if (i == 0 && m == 1 && sum[g] == r->leaks.bytes[LK_REACH]) {
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

/* At most this many groups of likely reachable records are named. */
#define VERDICT_LIKELY 3

/* Whether two likely reachable records read the same in the verdict:
   the same maker, pointed into from the same kind of holder (the TLS
   of any thread). */
static bool same_likely(const Likely *a, const Likely *b)
{
   return a->library == b->library && a->block_lib == b->block_lib &&
          strcmp(a->via, b->via) == 0 &&
          strcmp(a->block ? a->block : "", b->block ? b->block : "") == 0 &&
          strcmp(a->holder ? a->holder : "", b->holder ? b->holder : "") == 0;
}

/* ", all of it likely reachable, pointed into only from memory in use:
   2,104 bytes of crossbeam-epoch's from a still-reachable block of
   crossbeam-epoch's and 288 of glibc's from the TLS of live thread 7"
   (verdict_likely_reachable's records, those that read the same
   summed); a block whose pointer lies in a library's table is named by
   that library, not the program's frame. */
static void add_likely(Buf *b, const Report *r)
{
   LikelyReach l;
   verdict_likely_reachable(r, text_opt.own, &l);
   if (l.n == 0)
      return;
   if (l.bytes >= r->leaks.bytes[LK_POS]) {
      buf_adds(b, ", all of it likely reachable");
   } else {
      buf_adds(b, ", ");
      buf_adds(b, num(l.bytes));
      buf_adds(b, " of them likely reachable");
   }
   buf_adds(b, ", pointed into only from memory in use: ");
   /* Groups first (lead[g], cnt[g], sum[g]), to join the last with
      "and". */
   bool *done = xrealloc(NULL, l.n * sizeof *done);
   size_t *lead = xrealloc(NULL, l.n * sizeof *lead);
   size_t *cnt = xrealloc(NULL, l.n * sizeof *cnt);
   uint64_t *sum = xrealloc(NULL, l.n * sizeof *sum);
   memset(done, 0, l.n * sizeof *done);
   size_t ng = 0, left = 0;
   for (size_t i = 0; i < l.n; i++) {
      if (done[i])
         continue;
      lead[ng] = i;
      cnt[ng] = 0;
      sum[ng] = 0;
      for (size_t j = i; j < l.n; j++)
         if (!done[j] && same_likely(&l.list[i], &l.list[j])) {
            done[j] = true;
            cnt[ng]++;
            sum[ng] = add_sat(sum[ng], l.list[j].rec->bytes);
         }
      ng++;
   }
   size_t shown = ng <= VERDICT_LIKELY ? ng : VERDICT_LIKELY;
   for (size_t g = shown; g < ng; g++)
      left += cnt[g];
   for (size_t g = 0; g < shown; g++) {
      if (g > 0)
         buf_adds(b, g + 1 == shown && left == 0 ? " and " : ", ");
      verdict_add_likely(b, &l.list[lead[g]], cnt[g], sum[g], g == 0);
   }
   if (left > 0) {
      buf_adds(b, " and ");
      buf_adds(b, num(left));
      buf_adds(b, plural(left, " more record", " more records"));
   }
   free(lead);
   free(cnt);
   free(sum);
   free(done);
   verdict_likely_free(&l);
}

/* "159 bytes definitely lost and 192 indirectly lost (allocated on
   main 351)"; "0 bytes definitely lost" when none is (whoever scans
   for "definitely lost" finds it), then what is possibly lost. */
static void add_lost(Buf *b, const Report *r, bool *first)
{
   uint64_t d = r->leaks.bytes[LK_DEF], in = r->leaks.bytes[LK_IND],
            pos = r->leaks.bytes[LK_POS];
   size_t n;
   RoleAmt *a;
   clause(b, first);
   buf_adds(b, bytes_str(d));
   buf_adds(b, " definitely lost");
   if (in > 0) {
      buf_adds(b, " and ");
      buf_adds(b, num(in));
      buf_adds(b, " indirectly lost");
   }
   if (d > 0 || in > 0) {
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
   if (r->leaks.supp_lost > 0) {   /* counted above all the same */
      buf_adds(b, "; of what is lost, ");
      buf_adds(b, bytes_str(r->leaks.supp_lost));
      buf_adds(b, " in suppressed loss records");
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
      add_likely(b, r);
   }
}

/* "74,132 bytes still reachable after Ctrl-C, held by ...": when the
   run did not exit, the words say at what point (verdict_when). */
static void add_reachable(Buf *b, const Report *r, bool *first)
{
   if (r->leaks.bytes[LK_REACH] == 0)
      return;
   clause(b, first);
   buf_adds(b, bytes_str(r->leaks.bytes[LK_REACH]));
   buf_adds(b, " still reachable");
   if (r->run.end_how != END_EXIT) {
      buf_adds(b, " ");
      buf_adds(b, verdict_when(r));
   }
   add_holders(b, r);
}

/* "3 bad calls (2 double-free, 1 invalid-free)". */

static void add_bad(Buf *b, const Report *r, bool *first)
{
   if (r->bad.total == 0)
      return;
   clause(b, first);
   buf_adds(b, num(r->bad.total));
   buf_adds(b, plural(r->bad.total, " bad call (", " bad calls ("));
   /* Sum by kind, most first, equals in the order of first sight
      among the calls as the Bad calls section lists them. */
   const BadCall **v = bad_by_count(r);
   size_t nk;
   BadKind *kinds = verdict_bad_kinds(r, v, &nk);
   for (size_t k = 0; k < nk; k++) {
      if (k > 0)
         buf_adds(b, ", ");
      buf_adds(b, num(kinds[k].count));
      buf_adds(b, " ");
      buf_adds(b, kinds[k].kind);
   }
   buf_adds(b, ")");
   free(kinds);
   free(v);
}

/* " in thread 2 "crasher" (other)": who took the fatal signal. */
static void add_crash_thread(Buf *b, const Crash *c)
{
   char n[48];
   snprintf(n, sizeof n, " in thread %" PRIu64, c->thread);
   buf_adds(b, n);
   if (c->name && c->name[0]) {
      buf_adds(b, " \"");
      buf_adds(b, c->name);
      buf_adds(b, "\"");
   }
   char *role = role_label(&c->role, false);
   buf_adds(b, " (");
   buf_adds(b, role);
   buf_adds(b, ")");
   free(role);
}

/* Under the verdict, as Valgrind says it: the signal, the fault, the
   dying thread's stack. */
static void print_crash(const Report *r)
{
   const Crash *c = &r->run.crash;
   Buf b = { 0 };
   printf("\nProcess terminating with default action of signal %" PRIu64
          " (%s)\n", r->run.signo, r->run.signal);
   add_crash_thread(&b, c);
   printf("%s\n", b.s);
   free(b.s);
   const char *event = c->has_code
                       ? verdict_fault_event(r->run.signal, c->code) : NULL;
   if (event && c->addr)
      printf(" %s at address %s\n", event, c->addr);
   else if (event)
      printf(" %s\n", event);
   print_stack(&c->stack);
}

/* How the run ended, the verdict's first words: "Exited with status 0",
   "Stopped by SIGINT", "Crashed with SIGSEGV in thread 2 ...", and for a
   report with no end of its own (SIGKILL), the snapshot it is as of,
   with its leak scan's if scan.  Returns whether it was a signal. */
static bool add_ending(Buf *b, const Report *r, const Snap *scan)
{
   char n[96];
   switch (r->run.end_how) {
   case END_EXIT:
      snprintf(n, sizeof n, "Exited with status %ld", r->run.status);
      buf_adds(b, n);
      return false;
   case END_SIGNAL:
      if (r->run.signo == 0 || strcmp(r->run.signal, "unknown") == 0) {
         buf_adds(b, "Killed by a signal the tool could not name");
      } else {
         buf_adds(b, verdict_crash_signal(r->run.signal)
                     ? "Crashed with " : "Stopped by ");
         buf_adds(b, r->run.signal);
         if (r->run.crash.present && verdict_crash_signal(r->run.signal))
            add_crash_thread(b, &r->run.crash);
      }
      return true;
   default:
      break;
   }
   if (strcmp(r->run.signal, "exec") == 0) {
      buf_adds(b, "Called execve");
   } else if (strcmp(r->run.signal, "thread-limit") == 0) {
      buf_adds(b, "Still running when all of Valgrind's thread slots "
                  "were taken (the report so far)");
   } else if (strcmp(r->run.signal, "snapshot") == 0 && r->run.lost.present) {
      /* "Exited with status 3, its final report lost; at the last
         snapshot: ..." */
      Buf e = { 0 };
      verdict_lost_end(&e, &r->run.lost);
      e.s[0] = (char)(e.s[0] - 'a' + 'A');
      buf_adds(b, e.s);
      buf_adds(b, ", its final report lost; at the last snapshot");
      free(e.s);
   } else if (strcmp(r->run.signal, "snapshot") == 0) {
      buf_adds(b, "No end in the report (killed by SIGKILL, or still "
                  "running): as of the last snapshot");
   } else {
      buf_adds(b, "Ended (");
      buf_adds(b, r->run.signal);
      buf_adds(b, ")");
   }
   if (scan != NULL) {
      /* ", whose leak scan (snapshot 12, at 2,345 ms) says" */
      buf_adds(b, ", whose leak scan (snapshot ");
      buf_adds(b, num(scan->seq));
      buf_adds(b, ", at ");
      buf_adds(b, num(scan->ms));
      buf_adds(b, " ms) finds");
   }
   return strcmp(r->run.signal, "snapshot") == 0;
}

/* A report with no leak scan of its own taken as one that has scan's
   (a snapshot's <leak-check>): its totals and roles, no records, no
   holders, no tasks.  Free *roles after. */
static Report scan_view(const Report *r, const Snap *scan, LeakRole **roles)
{
   Report v = *r;
   memset(&v.leaks, 0, sizeof v.leaks);
   v.leaks.present = true;
   for (int k = 0; k < LK_N; k++) {
      v.leaks.bytes[k] = scan->leak_bytes[k];
      v.leaks.blocks[k] = scan->leak_blocks[k];
   }
   *roles = xrealloc(NULL, (scan->nlroles ? scan->nlroles : 1) * sizeof **roles);
   for (size_t i = 0; i < scan->nlroles; i++)
      if (scan->lroles[i].kind >= 0)
         (*roles)[v.leaks.nroles++] = (LeakRole){
            scan->lroles[i].role, scan->lroles[i].kind,
            scan->lroles[i].bytes, scan->lroles[i].blocks };
   v.leaks.roles = *roles;
   v.tasks = NULL;
   return v;
}

/* " 119.9 ms lock contention: none on the program's locks, 119.9 ms
   inside Tokio and Rayon." (verdict_lock_split), or nothing. */
static void add_locks(Buf *b, const Report *r)
{
   LockSplit l;
   if (!verdict_lock_split(r, text_opt.own, &l))
      return;
   if (l.program_us == 0 && l.library_us == 0) {
      verdict_lock_free(&l);     /* no lock site listed: nothing to split */
      return;
   }
   buf_adds(b, " ");
   buf_adds(b, ms1(l.total_us));
   buf_adds(b, " lock contention: ");
   if (l.program_us == 0) {
      buf_adds(b, "none on the program's locks");
   } else {
      buf_adds(b, ms1(l.program_us));
      buf_adds(b, " on the program's locks (");
      for (size_t i = 0; i < l.nplaces; i++) {
         if (i > 0)
            buf_adds(b, ", ");
         buf_adds(b, l.places[i]);
      }
      buf_adds(b, ")");
   }
   if (l.library_us > 0) {
      buf_adds(b, ", ");
      buf_adds(b, ms1(l.library_us));
      buf_adds(b, " inside ");
      for (size_t i = 0; i < l.nlibs; i++) {
         if (i > 0)
            buf_adds(b, i + 1 == l.nlibs && !l.more_libs ? " and " : ", ");
         buf_adds(b, l.libs[i]);
      }
      if (l.more_libs)
         buf_adds(b, " and other libraries");
   }
   if (l.unlisted_us > 0) {
      buf_adds(b, ", ");
      buf_adds(b, ms1(l.unlisted_us));
      buf_adds(b, " at futex sites not listed");
   }
   buf_adds(b, ".");
   verdict_lock_free(&l);
}

/* The paragraph under the run header: how the program ended and what
   it left on the heap, then whose locks threads waited for. */
static void print_verdict(const Report *rep)
{
   Buf b = { 0 };
   bool first = true;
   const Snap *scan = verdict_snapshot_scan(rep);
   LeakRole *roles = NULL;
   Report view;
   const Report *r = rep;
   if (scan != NULL) {
      view = scan_view(rep, scan, &roles);
      r = &view;
   }
   /* Stopped from outside (or killed): what it still held comes first. */
   bool signalled = add_ending(&b, rep, scan);
   buf_adds(&b, ": ");

   uint64_t lost = verdict_lost_bytes(r);
   if (!r->leaks.present) {
      if (r->live.blocks == 0 && r->live.bytes == 0) {
         buf_adds(&b, "nothing left on the heap");
      } else {
         buf_adds(&b, bytes_blocks(r->live.bytes, r->live.blocks));
         buf_adds(&b, " still live");
         if (r->run.end_how != END_EXIT && !r->run.lost.present) {
            buf_adds(&b, " ");
            buf_adds(&b, verdict_when(r));
         }
         buf_adds(&b, " (the report has no leak scan)");
      }
      first = false;
   } else if (lost == 0 && r->leaks.blocks[LK_DEF] == 0 &&
              r->leaks.blocks[LK_IND] == 0 && r->leaks.blocks[LK_POS] == 0) {
      Buf reach = { 0 };
      bool rfirst = true;
      add_reachable(&reach, r, &rfirst);
      if (reach.s == NULL) {
         buf_adds(&b, "no leaks (0 bytes definitely lost), and nothing "
                      "left on the heap");
      } else if (strchr(reach.s, '(') == NULL) {
         /* "no leaks (0 bytes definitely lost; 1,234 bytes still
            reachable, held by globals)" */
         buf_adds(&b, "no leaks (0 bytes definitely lost; ");
         buf_adds(&b, reach.s);
         buf_adds(&b, ")");
      } else {
         buf_adds(&b, "no leaks, 0 bytes definitely lost; ");
         buf_adds(&b, reach.s);
      }
      free(reach.s);
      first = false;
   } else if (signalled) {
      add_reachable(&b, r, &first);
      add_lost(&b, r, &first);
   } else {
      add_lost(&b, r, &first);
      add_reachable(&b, r, &first);
   }
   add_bad(&b, rep, &first);
   buf_adds(&b, ".");
   add_locks(&b, rep);
   CpuSums c;
   if (cpu_sums(rep, text_opt.own, NULL, text_opt.full_names, &c)) {
      cpu_verdict(&b, &c);
      cpu_sums_free(&c);
   }
   putchar('\n');
   print_wrapped(b.s, 78);
   free(b.s);
   free(roles);
   /* A stop from outside (SIGINT, SIGTERM) says nothing of the thread
      that took it. */
   if (rep->run.end_how == END_SIGNAL && rep->run.crash.present &&
       verdict_crash_signal(rep->run.signal))
      print_crash(rep);
}

/* ------------------------------------------------------------------ */
/* The overview's last lines: the largest leaks, where threads wait    */
/* ------------------------------------------------------------------ */

#define OVERVIEW_WAITS 3

static void print_overview_leaks(const Report *r)
{
   if (!r->leaks.present || r->leaks.nrecs == 0)
      return;
   /* The largest of the kinds shown, picked in one pass rather than
      the list sorted (print_lrecs sorts what it shows). */
   const Site *best[OVERVIEW_LEAKS];
   size_t nbest = 0;
   /* Blocks the verdict calls likely reachable are not leaks to list
      (the verdict names them, the loss records say why). */
   LikelyReach l;
   verdict_likely_reachable(r, text_opt.own, &l);
   for (size_t i = 0; i < r->leaks.nrecs; i++) {
      const Site *s = &r->leaks.recs[i];
      int k = leak_kind(s->kind);
      /* An indirectly lost block is in its leader's figures; a
         suppressed record is one the user said is known. */
      if (k == LK_REACH || k == LK_IND || k < 0 || s->suppressed_by)
         continue;
      bool likely = false;
      for (size_t j = 0; j < l.n && !likely; j++)
         likely = l.list[j].rec == s;
      if (likely)
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
      printf(" in %s %s %s, %s,\n      at %s\n",
             num(s->blocks), plural(s->blocks, "block", "blocks"),
             lk_text[k], role, at ? at : "(no stack)");
      free(role);
      free(at);
      shown++;
   }
   if (r->leaks.supp_recs > 0)
      printf("\nSuppressed: %s in %s %s (--suppressions; the Loss records "
             "say by which).\n",
             bytes_blocks(r->leaks.supp_bytes, r->leaks.supp_blocks),
             num(r->leaks.supp_recs),
             plural(r->leaks.supp_recs, "loss record", "loss records"));
   verdict_likely_free(&l);
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

static void print_overview_waits(const Report *r)
{
   if (!r->roles.present || r->roles.n == 0)
      return;
   const RoleSum **v = xrealloc(NULL, r->roles.n * sizeof *v);
   uint64_t total = 0, idle = 0;
   bool classes = roles_have_classes(r);
   Futex all = { 0 };
   for (size_t i = 0; i < r->roles.n; i++) {
      v[i] = &r->roles.list[i];
      total = add_sat(total, r->roles.list[i].fx.blocked_us);
      idle = add_sat(idle, r->roles.list[i].fx.idle_us);
      for (size_t k = 0; classes && k < FUTEX_N; k++) {
         uint64_t *to = (uint64_t *)((char *)&all + futex_attrs[k].off);
         *to = add_sat(*to,
                       *(const uint64_t *)((const char *)&r->roles.list[i].fx
                                                + futex_attrs[k].off));
      }
   }
   if (total == 0) {
      free(v);
      return;
   }
   qsort(v, r->roles.n, sizeof *v, cmp_blocked);
   if (classes) {
      printf("\nWaiting: threads blocked %s in futex waits", ms1(total));
      print_class_times(&all);
      printf("; the most:\n");
   } else {
      printf("\nWaiting: threads blocked %s in futex waits, %s of it idle "
             "(waiting for work) and %s in contention; the most:\n",
             ms1(total), ms1(idle), ms1(sub_sat(total, idle)));
   }
   for (size_t i = 0; i < r->roles.n && i < OVERVIEW_WAITS; i++) {
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

/* The default summary, one screen: how it ended and what it means,
   the largest leaks, the CPU, the waiting and the tasks in a few lines
   each, the roles, the bad calls if any, the loss records of the lost
   kinds, and what the other sections hold. */
static void print_brief(const Report *rep, size_t nwarn, const ThreadIndex *ix)
{
   MergedTasks m = { 0 };
   const Tasks *t = NULL;
   if (rep->tasks != NULL) {
      tasks_merge(rep->tasks, text_opt.own, text_opt.group_frames, &m);
      t = &m.t;
   }
   print_run(rep);
   print_verdict(rep);
   print_check(nwarn);
   print_overview_leaks(rep);
   print_brief_cpu(rep, t);
   print_overview_waits(rep);
   print_overview_syscalls(rep);
   print_brief_tasks(t);
   print_roles_brief(rep);
   if (rep->bad.present && rep->bad.n > 0)
      print_bad(rep);
   print_lrecs(rep, text_opt.leaks_top, ix, true);
   print_brief_more(rep, t);
   if (t != NULL)
      tasks_merged_free(&m);
}

/* Prints the summary of rep on standard output; nwarn is the number of
   broken invariants check_report found. */
void print_text(const Report *rep, size_t nwarn, const TextOptions *opt)
{
   text_opt = *opt;
   names_index(rep);             /* names.c: derived names need the report */
   ThreadIndex ix = thread_index(rep);
   unsigned show = opt->sections;
#define SHOW(sec) (show & (1u << (sec)))
   if (opt->brief) {
      print_brief(rep, nwarn, &ix);
      free(ix.by_seq);
      return;
   }
   if (SHOW(SEC_OVERVIEW)) {
      print_run(rep);
      print_verdict(rep);
      print_check(nwarn);
      print_overview_leaks(rep);
      print_overview_waits(rep);
      print_overview_syscalls(rep);
   } else if (nwarn > 0) {
      print_check(nwarn);
   }
   if (SHOW(SEC_THREADS)) {
      print_threads(rep, opt->threads);
      print_wall_by_thread(rep, opt->threads);
   }
   if (SHOW(SEC_ROLES)) {
      print_roles(rep, true);
      print_wall_by_role(rep);
      print_other_names(rep);
   }
   if (SHOW(SEC_TASKS)) print_tasks(rep);
   if (SHOW(SEC_CPU)) print_cpu(rep);
   if (SHOW(SEC_HEAP)) print_heap(rep);
   if (SHOW(SEC_TIMELINE)) print_timeline(rep, opt->timeline);
   if (SHOW(SEC_ALLOC_SITES)) print_asites(rep, opt->alloc_top);
   if (SHOW(SEC_CROSS_FREES)) print_xfrees(rep);
   if (SHOW(SEC_BAD_CALLS)) print_bad(rep);
   if (SHOW(SEC_FOOTPRINT)) print_footprint(rep, &ix);
   if (SHOW(SEC_LEAKS)) print_leaks(rep, &ix);
   if (SHOW(SEC_LOSS_RECORDS)) print_lrecs(rep, opt->leaks_top, &ix, false);
   if (SHOW(SEC_ORPHANS)) print_orphans(rep);
   if (SHOW(SEC_LIVE_SITES)) print_sites(rep, opt->top, &ix);
   if (SHOW(SEC_FUTEX_SITES)) print_futex_sites(rep, opt->futex_top);
   if (SHOW(SEC_WAKE_PAIRS)) print_wakes(rep, &ix);
   if (SHOW(SEC_SNAPSHOTS)) print_snapshots(rep);
   if (SHOW(SEC_GROWTH)) print_growth(rep);
#undef SHOW
   free(ix.by_seq);
   names_free();
}

const char *const section_names[SEC_N] = {
   "overview", "threads", "roles", "heap", "timeline", "alloc-sites",
   "cross-frees", "bad-calls", "leaks", "loss-records", "orphans",
   "live-sites", "futex-sites", "wake-pairs", "footprint", "snapshots",
   "growth", "tasks", "cpu",
};

