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
#define DEFAULT_TIMELINE  12
#define DEFAULT_ALLOC_TOP 5
#define DEFAULT_THREADS  20
#define DEFAULT_FRAMES   16

/* ------------------------------------------------------------------ */
/* Main                                                                */
/* ------------------------------------------------------------------ */

static void usage(FILE *out)
{
   fputs("usage: at_print [options] FILE\n"
         "\n"
         "Prints a summary of FILE, a report written by Valgrind's asynctrace\n"
         "tool (valgrind --tool=asynctrace; asynctrace.out.<pid> by default):\n"
         "the run and a verdict on how it ended and what it leaked, the\n"
         "threads, totals per role and pool, the heap and its peak, the heap\n"
         "over time, the largest allocation sites, frees across roles, bad\n"
         "calls, the leaks and their loss records, the memory still live at\n"
         "exit, the futex sites where threads blocked or woke others, and who\n"
         "woke whom.\n"
         "\n"
         "options:\n"
         "  --threads=N     list every thread if there are at most N [20];\n"
         "                  with more, sum them by role and pool and list\n"
         "                  the N that executed the most instructions;\n"
         "                  all lists every thread\n"
         "  --top=N         show the N sites with the most memory live at\n"
         "                  exit [10]; 0 shows none\n"
         "  --leaks-top=N   show the N largest loss records [10]; 0 shows\n"
         "                  none\n"
         "  --alloc-top=N   show the N sites that allocated the most bytes\n"
         "                  [5]; 0 shows none\n"
         "  --timeline=N    show the heap over time in N rows [12]; 0 shows\n"
         "                  none\n"
         "  --futex-top=N   show the N futex sites with the most blocked\n"
         "                  time [10]; 0 shows none\n"
         "  --frames=N      show at most N frames of each stack [16];\n"
         "                  0 shows them all\n"
         "  --full-names    print functions' generic arguments whole (by\n"
         "                  default a list longer than 20 characters is\n"
         "                  shown as <\xe2\x80\xa6>)\n"
         "  --svg=SVGFILE   also write SVGFILE, a self-contained SVG picture\n"
         "                  of the heap over time by role and of the time\n"
         "                  blocked in futex waits by role and wait class;\n"
         "                  the summary is printed as usual\n"
         "  --help          show this message and exit\n"
         "  --version       show the version and exit\n"
         "\n"
         "Exit status: 0 if the report was printed, 1 if FILE could not be\n"
         "read or is not a complete asynctrace report, or if SVGFILE could\n"
         "not be written (then nothing is printed), 2 for a usage error,\n"
         "3 if the report was printed but its figures do not add up\n"
         "(each broken invariant is a warning on standard error).\n",
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
   if (!parse_u64(v, out))
      *out = UINT64_MAX;   /* more than any file holds: show all */
   return 1;
}

static size_t to_size(uint64_t v)
{
   return v > SIZE_MAX ? SIZE_MAX : (size_t)v;
}

int main(int argc, char **argv)
{
   const char *path = NULL;
   uint64_t top = DEFAULT_TOP, futex_top = DEFAULT_FUTEX_TOP;
   uint64_t leaks_top = DEFAULT_LEAKS_TOP, alloc_top = DEFAULT_ALLOC_TOP;
   uint64_t timeline = DEFAULT_TIMELINE, threads = DEFAULT_THREADS;
   uint64_t frames = DEFAULT_FRAMES;
   bool full_names = false;
   bool only_files = false;
   const char *svg = NULL;      /* --svg=SVGFILE */

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
         } else if (strncmp(a, "--svg", 5) == 0 && (a[5] == '=' || a[5] == '\0')) {
            if (a[5] == '\0' || a[6] == '\0')
               return usage_error("--svg needs a file: --svg=SVGFILE", NULL);
            svg = a + 6;
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
                    (st = count_option(a, "--frames", false, &frames)) != 0) {
            if (st != 1)
               return st;
         } else {
            return usage_error("unknown option", a);
         }
         continue;
      }
      if (path != NULL)
         return usage_error("only one FILE can be given; a second one is", a);
      path = a;
   }
   if (path == NULL)
      return usage_error("no FILE given; usage: at_print [options] FILE",
                         NULL);

   char *shown = clean_dup(path);
   Report rep = { 0 };
   Limits lim = { to_size(top), to_size(futex_top), to_size(leaks_top),
                  to_size(alloc_top) };
   if (svg != NULL)
      lim.futex_top = SIZE_MAX;   /* the chart sums every site */
   const char *why = report_read(path, &lim, &rep);

   int status = 0;
   if (why != NULL) {
      fprintf(stderr, "at_print: %s: %s\n", shown, why);
      status = 1;
   } else {
      /* Warnings first: on a terminal they come before the summary. */
      size_t nwarn = check_report(&rep, shown);
      TextOptions opt = { .threads = to_size(threads),
                          .timeline = to_size(timeline),
                          .alloc_top = to_size(alloc_top),
                          .leaks_top = to_size(leaks_top),
                          .top = to_size(top),
                          .futex_top = to_size(futex_top),
                          .frames = to_size(frames),
                          .full_names = full_names };
      if (nwarn > 0)
         status = 3;
      /* The picture first: if it cannot be written, say so alone
         rather than after the whole summary. */
      int err = svg != NULL ? write_svg(&rep, svg) : 0;
      if (err != 0) {
         char *c = clip(svg, 200);
         fprintf(stderr, "at_print: cannot write %s: %s\n", c, strerror(err));
         free(c);
         status = 1;
      } else {
         print_text(&rep, nwarn, &opt);
      }
      if (fflush(stdout) != 0 || ferror(stdout)) {
         fprintf(stderr, "at_print: write error: %s\n", strerror(errno));
         status = 1;
      }
   }
   report_free(&rep);
   free(shown);
   report_cleanup();
   return status;
}
