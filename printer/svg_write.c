/* svg_write.c: writing the SVG picture's text: escaping, the width of
 * a string estimated for the layout, <text> elements, and legends.
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

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report.h"
#include "svg.h"

/* ---- Writing ---- */

void addf(Buf *b, const char *fmt, ...)
{
   char small[256];
   va_list ap;
   va_start(ap, fmt);
   int n = vsnprintf(small, sizeof small, fmt, ap);
   va_end(ap);
   if (n < 0)
      return;
   if ((size_t)n < sizeof small) {
      buf_add(b, small, (size_t)n);
      return;
   }
   char *big = xrealloc(NULL, (size_t)n + 1);
   va_start(ap, fmt);
   vsnprintf(big, (size_t)n + 1, fmt, ap);
   va_end(ap);
   buf_add(b, big, (size_t)n);
   free(big);
}

/* The code point at p and its length in bytes (n), or -1 if the bytes
   are not UTF-8 (n is then 1).  p is NUL-terminated. */
static long utf8_at(const unsigned char *p, size_t *n)
{
   static const uint32_t min[5] = { 0, 0, 0x80, 0x800, 0x10000 };
   uint32_t c = p[0];
   size_t len = c < 0x80 ? 1 : (c & 0xe0) == 0xc0 ? 2 :
                (c & 0xf0) == 0xe0 ? 3 : (c & 0xf8) == 0xf0 ? 4 : 0;
   *n = 1;
   if (len == 0)
      return -1;
   if (len > 1)
      c &= 0x3f >> (len - 1);
   for (size_t i = 1; i < len; i++) {
      if ((p[i] & 0xc0) != 0x80)
         return -1;
      c = (c << 6) | (p[i] & 0x3f);
   }
   if (c < min[len] || c > 0x10ffff || (c >= 0xd800 && c <= 0xdfff))
      return -1;                 /* overlong, too large, a surrogate */
   *n = len;
   return (long)c;
}

/* Appends s as XML character data or an attribute value: markup
   characters as references, and anything XML 1.0 cannot hold (control
   characters, bytes that are not UTF-8, U+FFFE and U+FFFF) as U+FFFD.
   The reader has already replaced control characters by \xNN; this is
   so that the file is well-formed whatever a string holds. */
void esc(Buf *b, const char *s)
{
   const unsigned char *p = (const unsigned char *)s;
   while (*p) {
      size_t n;
      long c = utf8_at(p, &n);
      if (c == '<')
         buf_adds(b, "&lt;");
      else if (c == '>')
         buf_adds(b, "&gt;");
      else if (c == '&')
         buf_adds(b, "&amp;");
      else if (c == '"')
         buf_adds(b, "&quot;");
      else if (c == '\'')
         buf_adds(b, "&#39;");
      else if (c < 0x20 || (c >= 0x7f && c <= 0x9f) || c == 0xfffe ||
               c == 0xffff)
         buf_adds(b, "\xef\xbf\xbd");
      else
         buf_add(b, (const char *)p, n);
      p += n;
   }
}

/* Hundredths of an em that printable ASCII takes, from ' ' to '~', in
   DejaVu Sans (the usual sans-serif on Linux, and wider than Arial or
   Liberation Sans, so the estimate errs on the side of room). */
static const unsigned char ascii_em[95] = {
   32, 40, 46, 84, 64, 95, 78, 28, 39, 39, 50, 84, 32, 36, 32, 34,
   64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 34, 34, 84, 84, 84, 53,
   100, 68, 69, 70, 77, 63, 58, 78, 75, 30, 30, 66, 56, 86, 75, 79,
   60, 79, 70, 64, 61, 73, 68, 99, 69, 61, 69, 39, 34, 39, 84, 50,
   50, 61, 64, 55, 64, 62, 35, 64, 63, 28, 28, 58, 28, 97, 63, 61,
   64, 64, 41, 52, 39, 63, 59, 82, 59, 59, 53, 64, 34, 64, 84,
};

/* The width of the character at p, in ems, estimated (the viewer picks
   the font); its length in bytes in *n. */
double char_em(const unsigned char *p, size_t *n)
{
   long c = utf8_at(p, n);
   if (c >= 32 && c <= 126)
      return ascii_em[c - 32] / 100.0;
   /* Other letters about as wide as a capital, CJK and emoji (two
      columns in a terminal) a whole em, combining marks nothing. */
   char one[8] = "?";
   if (c >= 0) {
      memcpy(one, p, *n);
      one[*n] = '\0';
   }
   size_t w = display_width(one);
   return w == 2 ? 1.0 : w == 0 ? 0 : 0.72;
}

/* The width of s in pixels at this font size; bold text is about a
   tenth wider. */
double text_px(const char *s, int size)
{
   const unsigned char *p = (const unsigned char *)s;
   double em = 0;
   size_t n;
   for (; *p; p += n)
      em += char_em(p, &n);
   return em * size;
}

/* s cut to at most max pixels at this font size, an ellipsis ending a
   cut one.  Newly allocated. */
char *clip_px(const char *s, int size, double max)
{
   if (text_px(s, size) <= max)
      return xstrdup(s);
   const unsigned char *p = (const unsigned char *)s;
   double w = 1.0 * size;        /* the ellipsis */
   size_t keep = 0, n;
   for (; p[keep]; keep += n) {
      double cw = char_em(p + keep, &n) * size;
      if (w + cw > max)
         break;
      w += cw;
   }
   char *out = xrealloc(NULL, keep + 4);
   memcpy(out, s, keep);
   memcpy(out + keep, "\xe2\x80\xa6", 4);
   return out;
}

/* <text> at x, y (the baseline); anchor "start", "middle" or "end";
   more attributes in attrs, or NULL. */
void text(Buf *b, double x, double y, int size, const char *anchor,
                 const char *attrs, const char *s)
{
   addf(b, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"%d\"", x, y, size);
   if (anchor != NULL && strcmp(anchor, "start") != 0)
      addf(b, " text-anchor=\"%s\"", anchor);
   if (attrs != NULL)
      addf(b, " %s", attrs);
   buf_adds(b, ">");
   esc(b, s);
   buf_adds(b, "</text>\n");
}

/* ---- Legends ---- */

void legend_add(Legend *lg, const char *fill, const char *extra,
                       const char *label)
{
   GROW(lg->v, lg->cap, lg->n + 1);
   Item *it = &lg->v[lg->n++];
   snprintf(it->fill, sizeof it->fill, "%s", fill);
   it->extra = extra;
   it->label = xstrdup(label);
}

/* Draws the items in as many columns of the widest item as fit, row by
   row, the first row's baseline at y; frees them.  Returns the last
   row's baseline. */
double legend_draw(Buf *b, Legend *lg, double y)
{
   double colw = 0, room = WIDTH - 2 * MARGIN;
   for (size_t i = 0; i < lg->n; i++) {
      double w = 17 + text_px(lg->v[i].label, TEXT_PX) + 24;
      if (w > colw)
         colw = w;
   }
   size_t ncol = colw > 0 ? (size_t)(room / colw) : 1;
   if (ncol == 0)
      ncol = 1;
   if (ncol > lg->n)
      ncol = lg->n;
   for (size_t i = 0; i < lg->n; i++) {
      const Item *it = &lg->v[i];
      double x = MARGIN + (double)(i % ncol) * colw;
      double yy = y + (double)(i / ncol) * 20;
      addf(b, "<rect x=\"%.1f\" y=\"%.1f\" width=\"12\" height=\"12\" "
           "fill=\"%s\" stroke=\"%s\" stroke-width=\"0.5\"/>\n",
           x, yy - 10, it->fill, MUTED);
      if (it->extra != NULL)
         addf(b, "<rect x=\"%.1f\" y=\"%.1f\" width=\"12\" height=\"12\" "
              "fill=\"%s\"/>\n", x, yy - 10, it->extra);
      text(b, x + 17, yy, TEXT_PX, NULL, "fill=\"" INK "\"", it->label);
      free(it->label);
   }
   double last = y + (double)(lg->n ? (lg->n - 1) / ncol : 0) * 20;
   free(lg->v);
   memset(lg, 0, sizeof *lg);
   return last;
}

