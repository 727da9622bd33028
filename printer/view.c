/* view.c: an output's order of one of the report's lists (view.h).
 * A view is pointers into the list, never a copy of it: sorting them
 * moves 8 bytes an element where sorting the list moved a site or a
 * loss record of a few hundred.  Of a long list only the first k are
 * wanted (a dozen of a million groups): a max-heap of k indexes
 * (top_offer) keeps the k first in one pass and only they are sorted.
 * Elements the comparison finds equal keep their order in the list,
 * as a stable sort of the list would.
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

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "report.h"
#include "view.h"

/* The comparison of the view being sorted (at_print is one thread and
   sorts one view at a time). */
static int (*view_cmp)(const void *, const void *);

/* Two elements by view_cmp, then by their place in the list. */
static int cmp_elems(const char *x, const char *y)
{
   int c = view_cmp(x, y);
   return c != 0 ? c : (x > y) - (x < y);
}

static int cmp_at(const void *a, const void *b)
{
   return cmp_elems(*(const char *const *)a, *(const char *const *)b);
}

typedef struct {
   const char *v;
   size_t size;
} TopElems;

static int cmp_top_elem(size_t a, size_t b, void *ctx)
{
   const TopElems *t = ctx;
   return cmp_elems(t->v + a * t->size, t->v + b * t->size);
}

View view_top(const void *base, size_t n, size_t size,
              int (*cmp)(const void *, const void *), size_t k)
{
   const char *v = base;
   size_t m = k < n ? k : n;
   View w = { xrealloc(NULL, (m ? m : 1) * sizeof *w.at), m };
   view_cmp = cmp;
   if (k > 4096 || k >= n / 8 || n < 1024) {
      /* A good part of the list: all of it sorted. */
      const void **all = m == n ? w.at : xrealloc(NULL, n * sizeof *all);
      for (size_t i = 0; i < n; i++)
         all[i] = v + i * size;
      qsort(all, n, sizeof *all, cmp_at);
      if (all != w.at) {
         memcpy(w.at, all, m * sizeof *all);
         free(all);
      }
      return w;
   }
   size_t *h = xrealloc(NULL, k * sizeof *h);
   TopElems tc = { v, size };
   size_t got = 0;
   for (size_t i = 0; i < n; i++)
      got = top_offer(h, got, k, i, cmp_top_elem, &tc);
   for (size_t j = 0; j < got; j++)
      w.at[j] = v + h[j] * size;
   free(h);
   qsort(w.at, got, sizeof *w.at, cmp_at);
   return w;
}

View view_sorted(const void *base, size_t n, size_t size,
                 int (*cmp)(const void *, const void *))
{
   return view_top(base, n, size, cmp, SIZE_MAX);
}

void view_free(View *v)
{
   free(v->at);
   v->at = NULL;
   v->n = 0;
}
