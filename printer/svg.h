/* svg.h: what the files of --svg share (svg.c draws the picture; its
 * parts' helpers are here); private to them.
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

#ifndef AT_SVG_H
#define AT_SVG_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "report.h"

/* The layout, in pixels.  The text is laid out from an estimate of its
   width (text_px), since the viewer picks the sans-serif font. */
#define WIDTH     1000
#define MARGIN    20
#define PLOT_L    96             /* the heap plot: room for y labels */
#define PLOT_R    (WIDTH - 36)   /* room for the last x label */
#define PLOT_H    300
#define BAR_H     22
#define BAR_GAP   8
#define TITLE_PX  18
#define HEAD_PX   15
#define TEXT_PX   12
#define TICK_PX   11
#define BOLD      1.15           /* bold text is about that much wider */

#define GRID   "#e4e4e4"
#define INK    "#222222"
#define MUTED  "#555555"

/* svg_write.c: writing SVG text. */
void addf(Buf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* s as XML character data or an attribute value. */
void esc(Buf *b, const char *s);
/* The width of s in pixels at this font size (estimated: the viewer
   picks the font). */
double text_px(const char *s, int size);
/* The width of the character at p, in ems, estimated; its length in
   bytes in *n. */
double char_em(const unsigned char *p, size_t *n);
/* s cut to at most max pixels, an ellipsis ending a cut one; newly
   allocated. */
char *clip_px(const char *s, int size, double max);
/* <text> at x, y (the baseline); anchor "start", "middle" or "end";
   more attributes in attrs, or NULL. */
void text(Buf *b, double x, double y, int size, const char *anchor,
          const char *attrs, const char *s);

/* A legend: swatches and their labels, drawn in columns. */
typedef struct {
   char fill[8];
   const char *extra;            /* a pattern over the fill, or NULL */
   char *label;
} Item;

typedef struct {
   Item *v;
   size_t n, cap;
} Legend;

void legend_add(Legend *lg, const char *fill, const char *extra,
                const char *label);
/* Draws the items, the first row's baseline at y; frees them.  Returns
   the last row's baseline. */
double legend_draw(Buf *b, Legend *lg, double y);

/* svg_cpu.c: the CPU profile, a bar per role split by layer, its top
   at y; returns where it ends (y if the report has no profile). */
double draw_cpu(Buf *b, const Report *r, const OwnRules *own, double y);

#endif
