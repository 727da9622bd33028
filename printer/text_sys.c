/* text_sys.c: where threads blocked outside futex waits: the time in
 * the syscalls that may block (the report's <syscalls> per thread),
 * summed by role and pool and by class: IO (reads, writes, opens,
 * syncs, connects, accepts), readiness (epoll_wait, poll, select: where
 * Tokio's IO driver parks with nothing to do), sleeping, and the rest
 * (a child, a signal).  Printed under the futex waits in the overview.
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

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report.h"
#include "text.h"

/* Roles named in the overview. */
#define SYS_ROLES 3

/* What a class waits for, said once in the header. */
static const char *const sys_words[SYS_N] = {
   [SYS_IO] = "reads, writes, opens, syncs, connects",
   [SYS_POLL] = "epoll_wait, poll, select: where Tokio's IO driver waits "
                "for work",
   [SYS_SLEEP] = "nanosleep",
   [SYS_OTHER] = "a child or a signal",
};

typedef struct {
   char *name;
   uint64_t us[SYS_N], calls[SYS_N], total;
} SysRole;

static int cmp_sysrole(const void *a, const void *b)
{
   const SysRole *x = a, *y = b;
   if (x->total != y->total)
      return x->total > y->total ? -1 : 1;
   return strcmp(x->name, y->name);
}

/* ": io 204.4 ms (reads, ...), ..." (the header's, words) or ": io
   204.4 ms in 20 calls, ..." (a role's, calls): the classes with time,
   the most first. */
static void add_classes(Buf *b, const uint64_t *us, const uint64_t *calls)
{
   int order[SYS_N];
   int n = order_nonzero_desc(us, SYS_N, order);
   for (int i = 0; i < n; i++) {
      int c = order[i];
      char t[200];
      if (calls != NULL)
         snprintf(t, sizeof t, "%s %s %s in %s %s", i ? "," : ":",
                  sys_names[c], ms1(us[c]), num(calls[c]),
                  plural(calls[c], "call", "calls"));
      else
         snprintf(t, sizeof t, "%s %s %s (%s)", i ? "," : ":", sys_names[c],
                  ms1(us[c]), sys_words[c]);
      buf_adds(b, t);
   }
}

void print_overview_syscalls(const Report *r)
{
   SysRole *v = NULL;
   size_t n = 0, cap = 0;
   uint64_t all[SYS_N] = { 0 }, total = 0;
   for (size_t i = 0; i < r->threads.n; i++) {
      const Thread *t = &r->threads.list[i];
      if (!t->has_sys)
         continue;
      char *name = role_label(&t->role, false);
      size_t k = 0;
      while (k < n && strcmp(v[k].name, name) != 0)
         k++;
      if (k == n) {
         GROW(v, cap, n + 1);
         memset(&v[n], 0, sizeof v[n]);
         v[n++].name = name;
      } else {
         free(name);
      }
      for (int c = 0; c < SYS_N; c++) {
         v[k].us[c] = add_sat(v[k].us[c], t->sys_us[c]);
         v[k].calls[c] = add_sat(v[k].calls[c], t->sys_calls[c]);
         v[k].total = add_sat(v[k].total, t->sys_us[c]);
         all[c] = add_sat(all[c], t->sys_us[c]);
         total = add_sat(total, t->sys_us[c]);
      }
   }
   if (total > 0) {
      qsort(v, n, sizeof *v, cmp_sysrole);
      Buf b = { 0 };
      buf_adds(&b, "Other syscalls: threads blocked ");
      buf_adds(&b, ms1(total));
      buf_adds(&b, " in syscalls besides futex waits");
      add_classes(&b, all, NULL);
      printf("\n%s; the most:\n", b.s);
      free(b.s);
      for (size_t i = 0; i < n && i < SYS_ROLES && v[i].total > 0; i++) {
         Buf l = { 0 };
         buf_adds(&l, v[i].name);
         buf_adds(&l, ": ");
         buf_adds(&l, ms1(v[i].total));
         add_classes(&l, v[i].us, v[i].calls);
         printf("  %s\n", l.s);
         free(l.s);
      }
   }
   for (size_t i = 0; i < n; i++)
      free(v[i].name);
   free(v);
}
