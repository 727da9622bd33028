/* text_futex.c: the futex sites and wake pairs of the text summary: the
 * sites with waits or wakes, most blocked first, as a table and then
 * each with its stack; the pairs of threads that woke one another most.
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

/* ---- Futex sites ---- */

/* The futex sites with waits or wakes, most blocked first: a table,
   then the stack of each. */
void print_futex_sites(const Report *r, size_t top)
{
   static const char *const head[] = {
      "#", "class", "role", "waits", "woken", "eagain", "timeouts",
      "pending", "blocked", "max blocked", "wakes", "woke", "ops",
   };
   static const bool right[] = {
      true, false, false, true, true, true, true, true, true, true, true,
      true, false,
   };
   static const size_t cap[] = { 0, 0, ROLE_COL_MAX, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0 };
   Table t = { .ncols = 13, .head = head, .right = right, .cap = cap };

   if (top == 0 || !r->futex.present)
      return;
   if (r->futex.active == 0) {
      printf("\nFutex sites: none with waits or wakes.\n");
      return;
   }
   View v = view_top(r->futex.sites, r->futex.nsites, sizeof *r->futex.sites,
                     cmp_fsite, top);
   size_t shown = v.n;
   printf("\nFutex sites: %s %s blocked for %s, %s %s; the most blocked %s "
          "of %s %s with waits or wakes:\n",
          num(r->futex.waits), plural(r->futex.waits, "wait", "waits"),
          ms1(r->futex.blocked_us),
          num(r->futex.wakes), plural(r->futex.wakes, "wake", "wakes"),
          num(shown), num(r->futex.active),
          plural(r->futex.active, "site", "sites"));
   for (size_t i = 0; i < shown; i++) {
      const FSite *s = v.at[i];
      table_cell(&t, num(i + 1));
      table_cell(&t, s->class);
      table_cell_take(&t, role_label(&s->role, false));
      table_cell(&t, num(s->fx.waits));
      table_cell(&t, num(s->fx.woken));
      table_cell(&t, num(s->fx.eagain));
      table_cell(&t, num(s->fx.timeouts));
      table_cell(&t, num(s->fx.pending));
      table_cell(&t, ms1(s->fx.blocked_us));
      table_cell(&t, ms1(s->fx.max_us));
      table_cell(&t, num(s->fx.wakes));
      table_cell(&t, num(s->fx.woke));
      table_cell(&t, s->ops);
   }
   table_print(&t);

   for (size_t i = 0; i < shown; i++) {
      const FSite *s = v.at[i];
      char *role = role_label(&s->role, false);
      printf("\n#%zu: %s, role %s:", i + 1, s->class, role);
      free(role);
      if (s->fx.waits > 0)
         printf(" %s blocked in %s %s%s", ms1(s->fx.blocked_us),
                num(s->fx.waits), plural(s->fx.waits, "wait", "waits"),
                s->fx.wakes > 0 ? "," : "");
      if (s->fx.wakes > 0)
         printf(" %s %s", num(s->fx.wakes), plural(s->fx.wakes, "wake", "wakes"));
      putchar('\n');
      print_stack(&s->stack);
   }
   view_free(&v);
}

/* ---- Wake pairs ---- */

void print_wakes(const Report *r, const ThreadIndex *ix)
{
   if (!r->wakes.present)
      return;
   if (r->wakes.total == 0) {
      printf("\nWake pairs: none.\n");
      return;
   }
   View v = view_top(r->wakes.list, r->wakes.n, sizeof *r->wakes.list,
                     cmp_wake,
                     WAKE_PAIRS_SHOWN);
   size_t shown = v.n;
   printf("\nWake pairs: %s woken %s; the most frequent %s of %s %s:\n",
          num(r->wakes.woken), plural(r->wakes.woken, "wait", "waits"),
          num(shown), num(r->wakes.total),
          plural(r->wakes.total, "pair", "pairs"));
   for (size_t i = 0; i < shown; i++) {
      const Wake *w = v.at[i];
      char *waker = thread_ref(ix, w->waker), *waiter = thread_ref(ix, w->waiter);
      printf("  %s woke %s %s %s", waker, waiter, num(w->count),
             plural(w->count, "time", "times"));
      /* What the woken waits were, when the report says. */
      const char *sep = " (";
      for (int c = 0; w->has_class && c < WC_N; c++)
         if (w->by_class[c] > 0) {
            printf("%s%s %s", sep, wait_class_name[c], num(w->by_class[c]));
            sep = ", ";
         }
      puts(w->has_class ? ")" : "");
      free(waker);
      free(waiter);
   }
   view_free(&v);
}
