/* text_foot.c: the footprint in the text summary: the live bytes of the
 * heap, thread stacks and anonymous and file maps, at the footprint's
 * peak and at exit, by the role that allocated or mapped them; then
 * the largest mappings live at exit with their stacks.
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

/* ---- Footprint: heap and mappings ---- */

/* The largest mappings live at exit listed, with their stacks. */
#define MAPS_SHOWN 10

static void fp_cells(Table *t, const Fp *f)
{
   table_cell(t, num(f->heap));
   table_cell(t, num(f->stacks));
   table_cell(t, num(f->anon));
   table_cell(t, num(f->file));
   table_cell(t, num(f->total));
   char n[80];
   snprintf(n, sizeof n, "%" PRIu64 "/%" PRIu64 "/%" PRIu64,
            f->stack_maps, f->anon_maps, f->file_maps);
   table_cell(t, n);
}

static int cmp_fprow(const void *a, const void *b)
{
   const FpRow *x = a, *y = b;
   if (x->fp.total != y->fp.total)
      return x->fp.total > y->fp.total ? -1 : 1;
   return cmp_role(&x->role, &y->role);
}

void print_footprint(const Report *r, const ThreadIndex *ix)
{
   static const char *const head[] = {
      "role", "heap", "stacks", "anon maps", "file maps", "total",
      "maps s/a/f",
   };
   static const bool right[] = { false, true, true, true, true, true, true };
   static const size_t cap[] = { ROLE_COL_MAX, 0, 0, 0, 0, 0, 0 };
   static const char *const when[2] = {
      "the footprint's peak (heap and maps at their largest together)",
      "exit",
   };
   const Maps *m = r->maps;
   if (m == NULL)
      return;
   printf("\nFootprint: live bytes of the heap, thread stacks, anonymous "
          "and file maps, by the role that allocated or mapped them:\n");
   for (int a = 0; a < 2; a++) {
      Table t = { .ncols = 7, .head = head, .right = right, .cap = cap };
      if (!m->has_at[a])
         continue;
      View v = view_sorted(m->roles[a], m->nroles[a], sizeof *m->roles[a],
                           cmp_fprow);
      printf("\nAt %s:\n", when[a]);
      table_cell(&t, "all");
      fp_cells(&t, &m->at[a]);
      for (size_t i = 0; i < v.n; i++) {
         const FpRow *row = v.at[i];
         table_cell_take(&t, role_label(&row->role, false));
         fp_cells(&t, &row->fp);
      }
      table_print(&t);
      view_free(&v);
   }
   size_t shown = m->nlist < MAPS_SHOWN ? m->nlist : MAPS_SHOWN;
   if (shown == 0)
      return;
   printf("\nThe %s largest of the %s %s live at exit:\n", num(shown),
          num(m->maps), plural(m->maps, "mapping", "mappings"));
   for (size_t i = 0; i < shown; i++) {
      const MapRec *x = &m->list[i];
      char *who = thread_ref(ix, x->thread);
      char *role = role_label(&x->role, false);
      printf("\n%s, %s (%s) at %s, by %s, role %s%s%s\n", bytes_str(x->bytes),
             x->kind, x->how, x->start, who, role,
             x->file ? ": " : "", x->file ? x->file : "");
      free(who);
      free(role);
      print_stack(&x->stack);
   }
}
