/* table.h: the table engine of the text outputs (text.c's sections,
 * diff.c's changed figures): columns sized to their widest cell, some
 * aligned right, two spaces between them.
 *
 * Copyright (C) 2026 the asynctrace authors.
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#ifndef AT_TABLE_H
#define AT_TABLE_H

#include <stdbool.h>
#include <stddef.h>

/* Table columns whose cells can be long (names chosen by the program) are
   aligned up to this width; a longer cell is printed whole and pushes the
   rest of its row to the right. */
#define NAME_COL_MAX 32
#define ROLE_COL_MAX 32

/* A table: ncols columns, their headings (head, and head0 a line above
   it, or NULL), which are aligned right, and each one's cap on the
   width its cells set (0: none); the cells, row after row, are added
   with table_cell and table_cell_take.  The column arrays are the
   caller's; the cells the table's. */
typedef struct {
   size_t ncols;
   const char *const *head0;     /* a line above head, or NULL */
   const char *const *head;
   const bool *right;
   const size_t *cap;            /* 0: no limit */
   char **cells;
   size_t ncells, capcells;
} Table;

/* The next cell: a copy of s. */
void table_cell(Table *t, const char *s);
/* The next cell: s itself (allocated), which the table frees. */
void table_cell_take(Table *t, char *s);
/* Prints the headings and every whole row on standard output, each
   line indented by two spaces and without trailing blanks; then frees
   the cells (the table is empty again). */
void table_print(Table *t);
/* Frees the cells without printing them. */
void table_free(Table *t);

#endif
