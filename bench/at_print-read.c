/* at_print-read.c: at_print's reader alone, for bench/at_print-speed.sh:
 * reads a report with printer/read.c as at_print does (its default lists,
 * or with --all every site kept) and checks it, but prints no summary, so
 * that the reader can be timed keeping every site without the time taken
 * to print them all.  Built by the bench from printer/read.c,
 * printer/util.c, printer/group.c and printer/frames.c.
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

#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "report.h"

int main(int argc, char **argv)
{
   /* at_print's defaults (printer/main.c), or everything. */
   Limits lim = { 10, 10, 10, 5 };
   const char *path = argv[1];
   if (argc == 3 && strcmp(argv[1], "--all") == 0) {
      lim = (Limits){ SIZE_MAX, SIZE_MAX, SIZE_MAX, SIZE_MAX };
      path = argv[2];
   } else if (argc != 2) {
      fputs("usage: at_print-read [--all] FILE\n", stderr);
      return 2;
   }
   Report rep = { 0 };
   const char *why = report_read(path, &lim, &rep);
   if (why != NULL) {
      fprintf(stderr, "at_print-read: %s: %s\n", path, why);
      return 1;
   }
   size_t warnings = check_report(&rep, path);
   printf("kept %zu sites, %zu loss records, %zu allocation sites, "
          "%zu futex sites; %zu warnings\n", rep.live.nsites, rep.leaks.nrecs,
          rep.alloc.nsites, rep.futex.nsites, warnings);
   report_free(&rep);
   report_cleanup();
   return warnings > 0 ? 3 : 0;
}
