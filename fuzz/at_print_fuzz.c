/* at_print_fuzz.c: a libFuzzer target over at_print's reader: each input
 * is taken as a report file, read (report_read), checked (check_report)
 * and printed (print_text) to /dev/null, as at_print would.  Built by
 * `make fuzz` with clang's -fsanitize=fuzzer,address,undefined; see
 * fuzz/README.md.
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

#define _GNU_SOURCE

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>

#include "report.h"

/* The input goes through a memory file: report_read takes a path, and
   reading through a real descriptor is what at_print does. */
static int mem_fd = -1;
static char mem_path[64];

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
   (void)argc;
   (void)argv;
   mem_fd = memfd_create("at_print_fuzz", MFD_CLOEXEC);
   if (mem_fd < 0) {
      perror("memfd_create");
      abort();
   }
   snprintf(mem_path, sizeof mem_path, "/proc/self/fd/%d", mem_fd);
   /* The summary is exercised, not read.  (Warnings go to stderr: run
      with -close_fd_mask=2 to drop them.) */
   if (freopen("/dev/null", "w", stdout) == NULL) {
      perror("/dev/null");
      abort();
   }
   return 0;
}

/* The options vary with the input's length, so that one input always
   reads the same way: the defaults, all kept, none kept, one kept. */
static void options(size_t size, Limits *lim, TextOptions *opt)
{
   size_t v[4][4] = { { 10, 10, 10, 5 }, { SIZE_MAX, SIZE_MAX, SIZE_MAX,
                      SIZE_MAX }, { 0, 0, 0, 0 }, { 1, 1, 1, 1 } };
   const size_t *w = v[size % 4];
   *lim = (Limits){ .top = w[0], .futex_top = w[1], .leaks_top = w[2],
                    .alloc_top = w[3] };
   *opt = (TextOptions){ .threads = size % 3 == 0 ? SIZE_MAX : 20,
                         .timeline = size % 5 == 0 ? 0 : 12,
                         .alloc_top = w[3], .leaks_top = w[2],
                         .top = w[0], .futex_top = w[1],
                         .frames = size % 2 ? 0 : 16,
                         .full_names = size % 7 == 0 };
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
   if (ftruncate(mem_fd, 0) != 0 || lseek(mem_fd, 0, SEEK_SET) != 0)
      abort();
   for (size_t done = 0; done < size;) {
      ssize_t n = write(mem_fd, data + done, size - done);
      if (n <= 0)
         abort();
      done += (size_t)n;
   }

   Limits lim;
   TextOptions opt;
   options(size, &lim, &opt);
   Report rep = { 0 };
   /* Every other input grouped, as the text is by default: the stack
      table read first, records grouped as read (or read again). */
   OwnRules own = { NULL, 0 };
   bool group = size / 4 % 2 == 0;
   if (group) {
      opt.own = &own;
      opt.group_frames = 3;
   }
   const char *why = group ? report_read_grouped(mem_path, &lim, &own, 3, &rep)
                           : report_read(mem_path, &lim, &rep);
   if (why == NULL) {
      if (group)
         group_report(&rep, &own, 3, &lim);
      size_t nwarn = check_report(&rep, "input");
      print_text(&rep, nwarn, &opt);
      fflush(stdout);
   }
   report_free(&rep);
   return 0;
}
