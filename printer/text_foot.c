/* text_foot.c: the footprint in the text summary: the live bytes of the
 * heap, thread stacks and anonymous and file maps, at the footprint's
 * peak and at exit, by the role that allocated or mapped them; then
 * the largest mappings live at exit with their stacks.  The dynamic
 * loader maps each shared object the program needs in four or five
 * pieces, from stacks of ld.so's frames alone that say nothing: the
 * maps of one object are one line, its name and their sum, and ld.so's
 * own anonymous maps another; a .bss, the anonymous map ld.so puts
 * right after an object's last file map, counts with that object.
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

/* ---- The largest mappings live at exit ---- */

/* A frame of the dynamic loader (ld-linux-x86-64.so.2, ld-2.31.so,
   ld-musl-x86_64.so.1). */
static bool loader_frame(const Frame *f)
{
   const char *b = f->obj ? strrchr(f->obj, '/') : NULL;
   b = b ? b + 1 : f->obj;
   return b != NULL && (strncmp(b, "ld-", 3) == 0 ||
                        strncmp(b, "ld.so", 5) == 0 ||
                        strncmp(b, "ld64.so", 7) == 0);
}

/* A map ld.so made on its own: every frame is plumbing (ld.so's, libc's,
   unnamed), at least one ld.so's.  A dlopen from the program's code has
   an own frame and keeps its stack. */
static bool loader_map(const MapRec *x)
{
   size_t depth = stack_depth(&x->stack);
   bool has_own, ld = false;
   if (depth == 0 || first_shown(&x->stack, text_opt.own, &has_own) < depth)
      return false;
   for (size_t i = 0; i < depth && !ld; i++)
      ld = loader_frame(stack_frame(&x->stack, i));
   return ld;
}

/* A line of the list: one map, or ld.so's maps of one object (or of
   its own, obj NULL) by one thread and role. */
typedef struct {
   const MapRec *first;          /* the largest of them */
   bool loader;
   const char *obj;
   uint64_t bytes, file_maps, anon_maps;
   size_t at;                    /* first's place in the report */
} MapLine;

static int cmp_mapline(const void *a, const void *b)
{
   const MapLine *x = a, *y = b;
   if (x->bytes != y->bytes)
      return x->bytes > y->bytes ? -1 : 1;
   return (x->at > y->at) - (x->at < y->at);
}

static bool same_maker(const MapRec *a, const MapRec *b)
{
   return a->thread == b->thread && cmp_role(&a->role, &b->role) == 0;
}

/* The object whose .bss x is: ld.so's file map of one that ends where
   x starts (ld.so maps the zero-filled part right after the last
   page of the file's data), made by the same thread; or NULL. */
static const char *bss_of(const Maps *m, const MapRec *x, const bool *ld)
{
   uint64_t start = strtoull(x->start ? x->start : "0", NULL, 16);
   for (size_t i = 0; i < m->nlist; i++) {
      const MapRec *y = &m->list[i];
      if (ld[i] && y->file != NULL && same_maker(x, y) &&
          strtoull(y->start ? y->start : "0", NULL, 16) + y->bytes == start)
         return y->file;
   }
   return NULL;
}

/* The lines of m's list: ld.so's maps summed by object (and maker),
   the others one each; *nlines set. */
static MapLine *map_lines(const Maps *m, size_t *nlines)
{
   MapLine *l = xrealloc(NULL, (m->nlist ? m->nlist : 1) * sizeof *l);
   bool *ld = xrealloc(NULL, (m->nlist ? m->nlist : 1) * sizeof *ld);
   size_t n = 0;
   for (size_t i = 0; i < m->nlist; i++)
      ld[i] = loader_map(&m->list[i]);
   for (size_t i = 0; i < m->nlist; i++) {
      const MapRec *x = &m->list[i];
      const char *obj = !ld[i] ? NULL : x->file ? x->file : bss_of(m, x, ld);
      size_t j = n;
      if (ld[i])
         for (j = 0; j < n; j++)
            if (l[j].loader && same_maker(l[j].first, x) &&
                (obj == NULL ? l[j].obj == NULL
                             : l[j].obj != NULL && strcmp(l[j].obj, obj) == 0))
               break;
      if (j == n)
         l[n++] = (MapLine){ .first = x, .loader = ld[i], .obj = obj, .at = i };
      l[j].bytes = add_sat(l[j].bytes, x->bytes);
      if (x->file != NULL)
         l[j].file_maps++;
      else
         l[j].anon_maps++;
   }
   free(ld);
   qsort(l, n, sizeof *l, cmp_mapline);
   *nlines = n;
   return l;
}

/* "1,974,272 bytes in 4 file maps and 1 anon map: /usr/lib/.../libc.so.6
   (loaded by ld.so), by thread 1 (demo), role main". */
static void print_loader_line(const MapLine *l, const char *who,
                              const char *role)
{
   printf("\n%s in ", bytes_str(l->bytes));
   if (l->file_maps > 0)
      printf("%s file %s", num(l->file_maps),
             plural(l->file_maps, "map", "maps"));
   if (l->file_maps > 0 && l->anon_maps > 0)
      printf(" and ");
   if (l->anon_maps > 0)
      printf("%s anon %s", num(l->anon_maps),
             plural(l->anon_maps, "map", "maps"));
   if (l->obj != NULL)
      printf(": %s (loaded by ld.so)", l->obj);
   else
      printf(": ld.so's own memory");
   printf(", by %s, role %s\n", who, role);
}

static void print_largest_maps(const Maps *m, const ThreadIndex *ix)
{
   size_t n, grouped = 0;
   MapLine *l = map_lines(m, &n);
   size_t shown = n < MAPS_SHOWN ? n : MAPS_SHOWN;
   for (size_t i = 0; i < n; i++)
      grouped += l[i].loader;
   if (shown > 0 && grouped == 0)
      printf("\nThe %s largest of the %s %s live at exit:\n", num(shown),
             num(m->maps), plural(m->maps, "mapping", "mappings"));
   else if (shown > 0)
      printf("\nThe largest of the %s %s live at exit (those the dynamic "
             "loader made for a shared object on one line):\n",
             num(m->maps), plural(m->maps, "mapping", "mappings"));
   for (size_t i = 0; i < shown; i++) {
      const MapRec *x = l[i].first;
      char *who = thread_ref(ix, x->thread);
      char *role = role_label(&x->role, false);
      if (l[i].loader) {
         print_loader_line(&l[i], who, role);
      } else {
         printf("\n%s, %s (%s) at %s, by %s, role %s%s%s\n",
                bytes_str(x->bytes), x->kind, x->how, x->start, who, role,
                x->file ? ": " : "", x->file ? x->file : "");
         print_stack(&x->stack);
      }
      free(who);
      free(role);
   }
   free(l);
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
   print_largest_maps(m, ix);
}
