/* view.h: an output's order of one of the report's lists.
 *
 * The report is the model every output reads, and no output reorders
 * it: what one prints must not depend on which ran before.  An output
 * that lists a list in its own order (the largest first, the most
 * blocked first) makes a view: pointers to the list's elements in that
 * order, or to the first k of them, the list left as it was read.
 *
 * Copyright (C) 2026 the asynctrace authors.
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#ifndef AT_VIEW_H
#define AT_VIEW_H

#include <stddef.h>

/* at[0] .. at[n - 1]: elements of the list, in the view's order. */
typedef struct {
   const void **at;
   size_t n;
} View;

/* The first k of the n elements (each size bytes) at base in the order
   of cmp, which compares two elements as qsort's does and is a total
   order (elements it finds equal keep the list's order); all n of them
   if k >= n.  A grouped list can hold a million groups of which a dozen
   are shown: those are picked with a heap of k, not the whole list
   sorted. */
View view_top(const void *base, size_t n, size_t size,
              int (*cmp)(const void *, const void *), size_t k);
/* All n of them in the order of cmp. */
View view_sorted(const void *base, size_t n, size_t size,
                 int (*cmp)(const void *, const void *));
void view_free(View *v);

#endif
