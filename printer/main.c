/* main.c: at_print's main: prints a human summary of an asynctrace
 * report (XML, versions 1 and 2).  Options, usage and exit statuses.
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

#define AT_PRINT_VERSION "0.1.0"
#define DEFAULT_TOP      10
#define DEFAULT_FUTEX_TOP 10
#define DEFAULT_LEAKS_TOP 10
#define DEFAULT_BRIEF_LEAKS 5    /* lost loss records on the one screen */
#define DEFAULT_TIMELINE  12
#define DEFAULT_ALLOC_TOP 5
#define DEFAULT_THREADS  20
#define DEFAULT_FRAMES   16
#define DEFAULT_GROUP_FRAMES 3
#define DIFF_FRAMES      4
/* A --top, --futex-top, --leaks-top or --alloc-top not given: by
   default the text shows the largest few, the JSON lists them all. */
#define UNSET            UINT64_MAX

/* ------------------------------------------------------------------ */
/* Main                                                                */
/* ------------------------------------------------------------------ */

static void usage(FILE *out)
{
   fputs("usage: at_print [options] FILE\n"
         "       at_print --diff [options] OLD NEW\n"
         "\n"
         "Prints a summary of FILE, a report written by Valgrind's asynctrace\n"
         "tool (valgrind --tool=asynctrace; asynctrace.out.<pid> by default).\n"
         "By default one screen: the run and a verdict on how it ended and\n"
         "what it leaked, the largest leaks, where the CPU went and where\n"
         "threads waited, the tasks, the roles, bad calls, the lost loss\n"
         "records, and what the other sections hold.  --show=all prints every\n"
         "section: the threads, totals per role and pool, the tasks, the CPU\n"
         "profile by layer (with --cpu-sample), the heap\n"
         "and its peak, the heap over time, the largest allocation sites,\n"
         "frees across roles, bad calls, the leaks and their loss records, the\n"
         "memory still live at exit, the futex sites where threads blocked or\n"
         "woke others, and who woke whom.  FILE - reads the report from\n"
         "standard input.\n"
         "\n"
         "With --diff, prints what changed from report OLD to report NEW (two\n"
         "runs, perhaps of two builds): the figures of the process and of each\n"
         "role and pool (heap, leaks, futex waits, lock contention, CPU), the\n"
         "sites of memory live at exit, loss records, allocation sites and\n"
         "futex sites, and the Tokio spawn, block_on and Rayon submit sites\n"
         "that grew, shrank, are new or gone, the largest growth first, each\n"
         "site matched by role and pool and its first own frames as the\n"
         "summary groups it (--group-frames, --own; not by addresses), its\n"
         "stack from the program's own code.  Timings and instruction counts\n"
         "that moved less than two runs of one program do are not listed as\n"
         "changes (see the man page).  There --top=N shows N sites of each\n"
         "list [10], --frames=N N lines of each stack [4]; --full-names\n"
         "applies; the other options are ignored.\n"
         "\n"
         "options:\n"
         "  --threads=N     list every thread if there are at most N [20];\n"
         "                  with more, sum them by role and pool and list\n"
         "                  the N that executed the most instructions;\n"
         "                  all lists every thread\n"
         "  --top=N         show the N sites with the most memory live at\n"
         "                  exit [10]; 0 shows none\n"
         "  --leaks-top=N   show the N largest loss records [10; by default\n"
         "                  the 5 largest of the kinds lost]; 0 shows none\n"
         "  --alloc-top=N   show the N sites that allocated the most bytes\n"
         "                  [5]; 0 shows none\n"
         "  --after=N|TIME  growth suspects: skip the snapshots up to number N\n"
         "                  or time TIME (Nms, Ns, Nmin, Nh) as a warm-up\n"
         "                  [the first phase the program marked, or none]\n"
         "  --timeline=N    show the heap over time in N rows [12]; 0 shows\n"
         "                  none\n"
         "  --futex-top=N   show the N futex sites with the most blocked\n"
         "                  time [10]; 0 shows none\n"
         "  --frames=N      show at most N frames of each stack from its\n"
         "                  first frame of the program's own code [16],\n"
         "                  the frames above it (the allocator, the\n"
         "                  standard library, the runtime) folded into one\n"
         "                  line; all (or 0) shows every frame, none folded\n"
         "  --own=GLOB      count as the program's own code the frames\n"
         "                  whose source path, file, object or function\n"
         "                  matches GLOB (repeatable); by default every\n"
         "                  frame but those of the Rust toolchain's\n"
         "                  library, of a cargo registry and of system\n"
         "                  libraries (the C library, Valgrind's preload)\n"
         "  --group-frames=N  merge the loss records, allocation sites and\n"
         "                  sites live at exit of one role (and leak kind)\n"
         "                  whose first N own frames are the same [3];\n"
         "                  0 lists them as the report does\n"
         "  --show=LIST     show only these sections, LIST a comma-separated\n"
         "                  list of: overview (the run, the verdict, the\n"
         "                  largest leaks, where threads wait), threads,\n"
         "                  roles, tasks (Tokio tasks by spawn site), heap,\n"
         "                  timeline, alloc-sites, cross-frees,\n"
         "                  bad-calls, leaks, loss-records, orphans,\n"
         "                  live-sites, futex-sites, wake-pairs, footprint,\n"
         "                  snapshots, growth, or all; without --show or\n"
         "                  --hide, the one screen\n"
         "  --hide=LIST     show all sections but these\n"
         "  --full-names    print functions' generic arguments whole (by\n"
         "                  default a list longer than 20 characters is\n"
         "                  shown as <\xe2\x80\xa6>)\n"
         "  --diff          compare two reports, OLD and NEW\n"
         "  --fail-on=KIND,...  with --diff, exit with status 4 if NEW has\n"
         "                  more than OLD of a KIND: definite, indirect,\n"
         "                  possible, reachable, leaked (leak bytes), live,\n"
         "                  peak, bad-calls, threads, pending (tasks),\n"
         "                  lock (contention), cpu (instructions; these two\n"
         "                  beyond the runs' noise) or all\n"
         "  --folded=KIND   print folded stacks for flamegraph.pl or inferno\n"
         "                  instead of the summary, under a root frame per\n"
         "                  role and pool: live (bytes live at exit), leaked\n"
         "                  (definitely, indirectly, possibly lost bytes),\n"
         "                  allocated (bytes), peak (bytes live at the\n"
         "                  peak), wait-time (microseconds blocked in futex\n"
         "                  waits), wait-count (futex waits), instructions\n"
         "                  (per thread name, no stacks), cpu (instructions\n"
         "                  by sampled stack, under the spawn site run:\n"
         "                  asynctrace --cpu-sample)\n"
         "  --folded-from=F own: end each stack at its first frame of the\n"
         "                  program's own code (--own), or where it has\n"
         "                  none at its first frame past the allocator,\n"
         "                  libc, ld.so and Rust's std, dropping the frames\n"
         "                  above it; all: every frame [all]\n"
         "  --format=F      text (the default) or json: the whole report\n"
         "                  as one JSON object for scripts, every site,\n"
         "                  loss record, thread, sample and frame listed\n"
         "                  unless a --top, --leaks-top, --alloc-top or\n"
         "                  --futex-top is given (--threads, --timeline,\n"
         "                  --frames and --full-names are for the text);\n"
         "                  see docs/at_print-json.md\n"
         "  --svg=SVGFILE   also write SVGFILE, a self-contained SVG picture\n"
         "                  of the heap over time by role, of the time\n"
         "                  blocked in futex waits by role and wait class\n"
         "                  and of the CPU profile by role and layer; the\n"
         "                  summary is printed as usual\n"
         "  --help          show this message and exit\n"
         "  --version       show the version and exit\n"
         "\n"
         "Exit status: 0 if the report was printed, 1 if FILE could not be\n"
         "read or is not a complete asynctrace report (or lacks the section\n"
         "--folded needs), or if SVGFILE could not be written (then nothing\n"
         "is printed), 2 for a usage error,\n"
         "3 if the report was printed but its figures do not add up (each\n"
         "broken invariant is a warning on standard error); with --diff, the\n"
         "same for either report, and 4 if NEW grew in a --fail-on kind.\n",
         out);
}

/* Writes "at_print: WHAT 'ARG'" on one line, ARG cleaned; returns the
   exit status of a usage error. */
static int usage_error(const char *what, const char *arg)
{
   fprintf(stderr, "at_print: %s", what);
   if (arg != NULL) {
      char *c = clip(arg, 60);
      fprintf(stderr, " '%s'", c);
      free(c);
   }
   fputs(" (try 'at_print --help')\n", stderr);
   return 2;
}

/* --NAME=N (or, if all_ok, --NAME=all, as UINT64_MAX): 0 if a is not
   that option, 1 if it is and *out is set, else the exit status of a
   usage error (already reported). */
static int count_option(const char *a, const char *name, bool all_ok,
                        uint64_t *out)
{
   size_t n = strlen(name);
   char msg[80];
   if (strncmp(a, name, n) != 0)
      return 0;
   if (a[n] == '\0') {
      snprintf(msg, sizeof msg, "%s needs a value: %s=N%s", name, name,
               all_ok ? " or all" : "");
      return usage_error(msg, NULL);
   }
   if (a[n] != '=')
      return 0;
   const char *v = a + n + 1;
   if (all_ok && strcmp(v, "all") == 0) {
      *out = UINT64_MAX;
      return 1;
   }
   /* Digits only: parse_u64 would also take '+' and spaces. */
   if (*v == '\0' || v[strspn(v, "0123456789")] != '\0') {
      snprintf(msg, sizeof msg, "%s needs a non-negative integer%s, not",
               name, all_ok ? " or all" : "");
      return usage_error(msg, v);
   }
   if (!parse_u64(v, out) || *out == UNSET)
      *out = UNSET - 1;    /* more than any file holds: show all */
   return 1;
}

/* LIST, names of names[0..n) or "all" separated by commas, into the
   bits of *set (bit i for names[i]).  False if a name is none of them,
   said on stderr: "unknown WHAT 'x' in OPTION; the WHATs are ...". */
static bool name_list(const char *list, const char *const *names, int n,
                      const char *what, const char *option, unsigned *set)
{
   for (const char *p = list; ; ) {
      size_t len = strcspn(p, ",");
      int k = -1;
      for (int i = 0; i < n; i++)
         if (strlen(names[i]) == len && strncmp(p, names[i], len) == 0)
            k = i;
      if (len == 3 && strncmp(p, "all", 3) == 0) {
         *set |= (1u << n) - 1;
      } else if (k < 0) {
         char *name = strndup(p, len), *c = clip(name, 60);
         fprintf(stderr, "at_print: unknown %s '%s' in %s; the %ss are all",
                 what, c, option, what);
         for (int i = 0; i < n; i++)
            fprintf(stderr, ", %s", names[i]);
         fputs("\n", stderr);
         free(c);
         free(name);
         return false;
      } else {
         *set |= 1u << k;
      }
      if (p[len] == '\0')
         return true;
      p += len + 1;
   }
}

/* --show=LIST or --hide=LIST: 0 if a is neither, 1 if *shown is set,
   else the exit status of a usage error (already reported). */
static int section_option(const char *a, unsigned *shown)
{
   bool show = strncmp(a, "--show", 6) == 0;
   if (!show && strncmp(a, "--hide", 6) != 0)
      return 0;
   const char *v = a + 6;
   if (*v != '=' || v[1] == '\0')
      return usage_error(show ? "--show needs sections: --show=SECTION,..."
                              : "--hide needs sections: --hide=SECTION,...",
                         NULL);
   unsigned set = 0;
   if (!name_list(v + 1, section_names, SEC_N, "section",
                  show ? "--show" : "--hide", &set))
      return 2;
   *shown = show ? set : *shown & ~set;
   return 1;
}

/* The --top, --futex-top, --leaks-top and --alloc-top not given: JSON
   lists all, the text its defaults.  Returns the loss records to show:
   the one screen lists the lost ones of all the report's, so every
   record is kept and the few largest lost ones shown. */
static uint64_t default_tops(bool json, bool brief, uint64_t *top,
                             uint64_t *futex_top, uint64_t *leaks_top,
                             uint64_t *alloc_top)
{
   if (*top == UNSET)
      *top = json ? UNSET : DEFAULT_TOP;
   if (*futex_top == UNSET)
      *futex_top = json ? UNSET : DEFAULT_FUTEX_TOP;
   uint64_t shown = *leaks_top != UNSET ? *leaks_top
                    : brief ? DEFAULT_BRIEF_LEAKS : DEFAULT_LEAKS_TOP;
   if (*leaks_top == UNSET)
      *leaks_top = json ? UNSET : DEFAULT_LEAKS_TOP;
   if (brief && shown > 0)
      *leaks_top = UNSET - 1;
   if (*alloc_top == UNSET)
      *alloc_top = json ? UNSET : DEFAULT_ALLOC_TOP;
   return shown;
}

/* --fail-on=KIND,...: 0 if a is not it, 1 if *set is set, else the
   exit status of a usage error (already reported). */
static int fail_on_option(const char *a, unsigned *set)
{
   if (strncmp(a, "--fail-on", 9) != 0 || (a[9] != '=' && a[9] != '\0'))
      return 0;
   if (a[9] == '\0' || a[10] == '\0')
      return usage_error("--fail-on needs kinds: --fail-on=KIND,...", NULL);
   unsigned got = 0;
   if (!name_list(a + 10, fail_on_names, FAIL_N, "kind", "--fail-on", &got))
      return 2;
   *set |= got;
   return 1;
}

/* --folded=KIND or --folded-from=own|all: 0 if a is neither, 1 if
   *kind or *from_own is set, else the exit status of a usage error
   (already reported). */
static int folded_option(const char *a, int *kind, bool *from_own)
{
   if (strcmp(a, "--folded-from=own") == 0 ||
       strcmp(a, "--folded-from=all") == 0) {
      *from_own = a[14] == 'o';
      return 1;
   }
   if (strncmp(a, "--folded-from", 13) == 0 &&
       (a[13] == '=' || a[13] == '\0')) {
      if (a[13] == '\0' || a[14] == '\0')
         return usage_error("--folded-from needs a value: "
                            "--folded-from=own or --folded-from=all", NULL);
      return usage_error("--folded-from is own or all, not", a + 14);
   }
   if (strncmp(a, "--folded", 8) != 0 || (a[8] != '=' && a[8] != '\0'))
      return 0;
   if (a[8] == '\0')
      return usage_error("--folded needs a value: --folded=KIND, "
                         "KIND one of " FOLD_KINDS, NULL);
   if ((*kind = folded_kind(a + 9)) < 0)
      return usage_error("--folded needs " FOLD_KINDS ", not", a + 9);
   return 1;
}

static size_t to_size(uint64_t v)
{
   return v > SIZE_MAX ? SIZE_MAX : (size_t)v;
}

/* --diff OLD NEW, its files checked: the exit status. */
static int diff_main(const char *const *paths, size_t npaths,
                     const char **globs, size_t nglobs, DiffOptions *dopt)
{
   if (npaths != 2)
      return usage_error("--diff needs two files: at_print --diff OLD NEW",
                         NULL);
   if (strcmp(paths[0], "-") == 0 && strcmp(paths[1], "-") == 0)
      return usage_error("--diff can read only one of OLD and NEW from "
                         "standard input (-)", NULL);
   OwnRules own = { globs, nglobs };
   dopt->own = &own;
   int st = print_diff(paths[0], paths[1], dopt);
   report_cleanup();
   return st;
}

int main(int argc, char **argv)
{
   const char *path = NULL;
   uint64_t top = UNSET, futex_top = UNSET, leaks_top = UNSET,
            alloc_top = UNSET;
   uint64_t timeline = DEFAULT_TIMELINE, threads = DEFAULT_THREADS;
   uint64_t frames = DEFAULT_FRAMES, group_frames = DEFAULT_GROUP_FRAMES;
   bool full_names = false;
   const char **globs = NULL;
   size_t nglobs = 0;
   unsigned sections = (1u << SEC_N) - 1;
   bool sections_given = false;  /* --show or --hide: not the one screen */
   bool only_files = false;
   bool diff = false, frames_given = false;
   const char *paths[3];         /* a third is an error */
   size_t npaths = 0;
   int folded = -1;              /* --folded=KIND: FOLD_* */
   bool folded_own = false;      /* --folded-from=own */
   bool json = false;
   const char *svg = NULL;      /* --svg=SVGFILE */
   unsigned fail_on = 0;         /* --fail-on: 1 << FAIL_* */

   for (int i = 1; i < argc; i++) {
      const char *a = argv[i];
      if (!only_files && a[0] == '-' && a[1] != '\0') {
         int st;
         if (strcmp(a, "--") == 0) {
            only_files = true;
         } else if (strcmp(a, "--help") == 0) {
            usage(stdout);
            return fflush(stdout) == 0 ? 0 : 1;
         } else if (strcmp(a, "--version") == 0) {
            puts("at_print (asynctrace) " AT_PRINT_VERSION);
            return fflush(stdout) == 0 ? 0 : 1;
         } else if (strcmp(a, "--full-names") == 0) {
            full_names = true;
         } else if (strcmp(a, "--diff") == 0) {
            diff = true;
         } else if (strncmp(a, "--own=", 6) == 0) {
            if (a[6] == '\0')
               return usage_error("--own needs a glob: --own=GLOB", NULL);
            globs = xrealloc(globs, (nglobs + 1) * sizeof *globs);
            globs[nglobs++] = a + 6;
         } else if (strcmp(a, "--own") == 0) {
            return usage_error("--own needs a glob: --own=GLOB", NULL);
         } else if ((st = fail_on_option(a, &fail_on)) != 0) {
            if (st != 1)
               return st;
         } else if ((st = section_option(a, &sections)) != 0) {
            if (st != 1)
               return st;
            sections_given = true;
         } else if ((st = folded_option(a, &folded, &folded_own)) != 0) {
            if (st != 1)
               return st;
         } else if (strcmp(a, "--format=text") == 0 ||
                    strcmp(a, "--format=json") == 0) {
            json = a[9] == 'j';
         } else if (strcmp(a, "--format") == 0) {
            return usage_error("--format needs a value: --format=text or "
                               "--format=json", NULL);
         } else if (strncmp(a, "--format=", 9) == 0) {
            return usage_error("--format is text or json, not", a + 9);
         } else if (strncmp(a, "--svg", 5) == 0 && (a[5] == '=' || a[5] == '\0')) {
            if (a[5] == '\0' || a[6] == '\0')
               return usage_error("--svg needs a file: --svg=SVGFILE", NULL);
            svg = a + 6;
         } else if (strncmp(a, "--after=", 8) == 0) {
            if (!parse_after(a + 8, &growth_after))
               return usage_error("--after needs a snapshot number or a time "
                                  "(Nms, Ns, Nmin, Nh), not", a + 8);
         } else if ((st = count_option(a, "--top", false, &top)) != 0 ||
                    (st = count_option(a, "--futex-top", false,
                                       &futex_top)) != 0 ||
                    (st = count_option(a, "--leaks-top", false,
                                       &leaks_top)) != 0 ||
                    (st = count_option(a, "--alloc-top", false,
                                       &alloc_top)) != 0 ||
                    (st = count_option(a, "--timeline", false,
                                       &timeline)) != 0 ||
                    (st = count_option(a, "--threads", true, &threads)) != 0 ||
                    (st = count_option(a, "--group-frames", false,
                                       &group_frames)) != 0 ||
                    (st = count_option(a, "--frames", true, &frames)) != 0) {
            if (st != 1)
               return st;
            frames_given |= strncmp(a, "--frames=", 9) == 0;
         } else {
            return usage_error("unknown option", a);
         }
         continue;
      }
      if (npaths < 3)
         paths[npaths++] = a;
   }
   if (fail_on != 0 && !diff)
      return usage_error("--fail-on compares two reports: at_print --diff "
                         "--fail-on=KIND,... OLD NEW", NULL);
   if (diff) {
      DiffOptions dopt = { .top = top == UNSET ? DEFAULT_TOP : to_size(top),
                           .frames = !frames_given ? DIFF_FRAMES
                                     : frames == UINT64_MAX ? 0
                                     : to_size(frames),
                           .full_names = full_names,
                           .group_frames = to_size(group_frames),
                           .fail_on = fail_on };
      int st = diff_main(paths, npaths, globs, nglobs, &dopt);
      free(globs);
      return st;
   }
   if (npaths > 1)
      return usage_error("only one FILE can be given; a second one is",
                         paths[1]);
   path = npaths > 0 ? paths[0] : NULL;
   if (path == NULL)
      return usage_error("no FILE given; usage: at_print [options] FILE",
                         NULL);

   bool brief = !sections_given && !json;
   uint64_t leaks_shown = default_tops(json, brief, &top, &futex_top,
                                       &leaks_top, &alloc_top);

   char *shown = file_label(path);
   Report rep = { 0 };
   Limits lim = { to_size(top), to_size(futex_top), to_size(leaks_top),
                  to_size(alloc_top), .keep_all = json };
   Limits cut = lim;             /* what the JSON lists */
   OwnRules own = { globs, nglobs };
   if (folded >= 0)
      folded_limits(folded, &lim);
   if (svg != NULL)
      lim.futex_top = SIZE_MAX;   /* the chart sums every site */
   const char *why = group_frames > 0 && !json && folded < 0
                     ? report_read_grouped(path, &lim, &own,
                                           to_size(group_frames), &rep)
                     : report_read(path, &lim, &rep);

   int status = 0;
   if (why != NULL) {
      fprintf(stderr, "at_print: %s: %s\n", shown, why);
      status = 1;
   } else {
      /* Warnings first: on a terminal they come before the summary. */
      Warnings w = { 0 };
      size_t nwarn = json ? check_report_keep(&rep, shown, &w)
                          : check_report(&rep, shown);
      TextOptions opt = { .threads = to_size(threads),
                          .timeline = to_size(timeline),
                          .alloc_top = to_size(alloc_top),
                          .leaks_top = to_size(leaks_shown),
                          .top = to_size(top),
                          .futex_top = to_size(futex_top),
                          .frames = frames == UINT64_MAX ? 0 : to_size(frames),
                          .full_names = full_names,
                          .own = &own,
                          .group_frames = to_size(group_frames),
                          .sections = sections,
                          .brief = brief };
      if (nwarn > 0)
         status = 3;
      /* The picture first: if it cannot be written, say so alone
         rather than after the whole summary. */
      int err = svg != NULL ? write_svg(&rep, &own, svg) : 0;
      if (err != 0) {
         char *c = clip(svg, 200);
         fprintf(stderr, "at_print: cannot write %s: %s\n", c, strerror(err));
         free(c);
         status = 1;
      } else if (folded >= 0) {      /* every stack whole: not grouped */
         int fw = print_folded(&rep, folded, shown, full_names,
                               folded_own ? &own : NULL, &own);
         if (fw != 0)
            status = fw < 0 ? 1 : 3;
      } else if (json) {      /* the report's records, not grouped */
         char *given = clean_dup(path);   /* "-" as given */
         print_json(&rep, given, &cut, &w, &own, opt.group_frames);
         free(given);
      } else {
         group_report(&rep, &own, opt.group_frames, &lim);
         print_text(&rep, nwarn, &opt);
      }
      warnings_free(&w);
      if (fflush(stdout) != 0 || ferror(stdout)) {
         fprintf(stderr, "at_print: write error: %s\n", strerror(errno));
         status = 1;
      }
   }
   report_free(&rep);
   free(globs);
   free(shown);
   report_cleanup();
   return status;
}
