/* table.c: the table engine of the text outputs.  A table is filled a
 * cell at a time, row after row; table_print sizes each column to the
 * widest of its heading and cells (in terminal columns: display_width,
 * so that UTF-8 names line up), a cell beyond its column's cap not
 * counted, so that one long name widens only its own row; then prints
 * the headings and rows, each line indented by two spaces, the columns
 * two spaces apart, a right-aligned column padded on the left.
 * text.c's sections and diff.c's changed figures print through it, so
 * their tables look alike.
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

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>

#include "report.h"
#include "table.h"

void table_cell(Table *t, const char *s)
{
   GROW(t->cells, t->capcells, t->ncells + 1);
   t->cells[t->ncells++] = xstrdup(s);
}

void table_cell_take(Table *t, char *s)
{
   GROW(t->cells, t->capcells, t->ncells + 1);
   t->cells[t->ncells++] = s;
}

static void print_row(const Table *t, const char *const *row, const size_t *w)
{
   Buf line = { 0 };
   buf_adds(&line, "  ");
   for (size_t c = 0; c < t->ncols; c++) {
      size_t dw = display_width(row[c]);
      size_t fill = dw < w[c] ? w[c] - dw : 0;
      if (c > 0)
         buf_adds(&line, "  ");
      if (t->right[c])
         for (size_t i = 0; i < fill; i++)
            buf_adds(&line, " ");
      buf_adds(&line, row[c]);
      if (!t->right[c])
         for (size_t i = 0; i < fill; i++)
            buf_adds(&line, " ");
   }
   while (line.len > 0 && line.s[line.len - 1] == ' ')
      line.s[--line.len] = '\0';
   puts(line.s);
   free(line.s);
}

void table_print(Table *t)
{
   size_t *w = xrealloc(NULL, t->ncols * sizeof *w);
   for (size_t c = 0; c < t->ncols; c++) {
      w[c] = display_width(t->head[c]);
      if (t->head0 && display_width(t->head0[c]) > w[c])
         w[c] = display_width(t->head0[c]);
   }
   for (size_t i = 0; i < t->ncells; i++) {
      size_t c = i % t->ncols, dw = display_width(t->cells[i]);
      if (t->cap[c] && dw > t->cap[c])
         dw = t->cap[c];
      if (dw > w[c])
         w[c] = dw;
   }
   if (t->head0)
      print_row(t, t->head0, w);
   print_row(t, t->head, w);
   for (size_t i = 0; i + t->ncols <= t->ncells; i += t->ncols)
      print_row(t, (const char *const *)&t->cells[i], w);
   free(w);
   table_free(t);
}

void table_free(Table *t)
{
   for (size_t i = 0; i < t->ncells; i++)
      free(t->cells[i]);
   free(t->cells);
   t->cells = NULL;
   t->ncells = t->capcells = 0;
}
