/* png-stats.c: what tests/at_print_svg.test needs to know of a PNG that
 * a browser rendered: its size, how many distinct colours it has, how
 * many pixels are dark (text, axes) and how many have each colour
 * asked for.  Reads 8-bit RGB or RGBA, not interlaced (what Chromium's
 * --screenshot writes), with zlib.
 *
 * Usage: png-stats FILE [#rrggbb ...]
 * Prints: WIDTH HEIGHT COLOURS DARK [COUNT ...]
 * Exit status: 0, or 1 with a message on stderr if FILE is not such a
 * PNG.
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

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

static void die(const char *what)
{
   fprintf(stderr, "png-stats: %s\n", what);
   exit(1);
}

static uint32_t be32(const unsigned char *p)
{
   return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

static int paeth(int a, int b, int c)
{
   int p = a + b - c, pa = abs(p - a), pb = abs(p - b), pc = abs(p - c);
   return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}

int main(int argc, char **argv)
{
   if (argc < 2)
      die("usage: png-stats FILE [#rrggbb ...]");
   FILE *f = fopen(argv[1], "rb");
   if (f == NULL)
      die("cannot open the file");
   unsigned char *file = NULL;
   size_t len = 0, cap = 0, got;
   do {
      if (len == cap) {
         cap = cap ? cap * 2 : 65536;
         if ((file = realloc(file, cap)) == NULL)
            die("out of memory");
      }
      got = fread(file + len, 1, cap - len, f);
      len += got;
   } while (got > 0);
   fclose(f);
   if (len < 8 || memcmp(file, "\x89PNG\r\n\x1a\n", 8) != 0)
      die("not a PNG");

   /* The chunks: IHDR's size and format, the IDATs' data joined. */
   uint32_t w = 0, h = 0;
   int channels = 0;
   unsigned char *z = malloc(len);
   size_t zlen = 0;
   if (z == NULL)
      die("out of memory");
   for (size_t at = 8; at + 12 <= len;) {
      uint32_t n = be32(file + at);
      const unsigned char *type = file + at + 4, *data = file + at + 8;
      if (n > len - at - 12)
         die("a chunk runs past the end");
      if (memcmp(type, "IHDR", 4) == 0 && n >= 13) {
         w = be32(data);
         h = be32(data + 4);
         if (data[8] != 8 || (data[9] != 2 && data[9] != 6) || data[12] != 0)
            die("not 8-bit RGB or RGBA, or interlaced");
         channels = data[9] == 6 ? 4 : 3;
      } else if (memcmp(type, "IDAT", 4) == 0) {
         memcpy(z + zlen, data, n);
         zlen += n;
      }
      at += 12 + (size_t)n;
   }
   if (channels == 0 || w == 0 || h == 0 || w > 20000 || h > 20000)
      die("no IHDR, or an absurd size");

   size_t stride = (size_t)w * (size_t)channels;
   uLongf rawlen = (uLongf)((stride + 1) * h);
   unsigned char *raw = malloc(rawlen);
   if (raw == NULL)
      die("out of memory");
   if (uncompress(raw, &rawlen, z, zlen) != Z_OK || rawlen != (stride + 1) * h)
      die("the image data does not inflate to its size");

   /* Undo each row's filter in place. */
   for (uint32_t y = 0; y < h; y++) {
      unsigned char *row = raw + y * (stride + 1), *cur = row + 1;
      const unsigned char *up = y ? raw + (y - 1) * (stride + 1) + 1 : NULL;
      for (size_t i = 0; i < stride; i++) {
         int a = i >= (size_t)channels ? cur[i - channels] : 0;
         int b = up ? up[i] : 0;
         int c = up && i >= (size_t)channels ? up[i - channels] : 0;
         int p;
         switch (row[0]) {
         case 0: p = 0; break;
         case 1: p = a; break;
         case 2: p = b; break;
         case 3: p = (a + b) / 2; break;
         case 4: p = paeth(a, b, c); break;
         default: die("a bad row filter");
         }
         cur[i] = (unsigned char)(cur[i] + p);
      }
   }

   /* Distinct colours, in a bitmap of all 2^24; dark pixels; the
      colours asked for. */
   unsigned char *seen = calloc(1u << 21, 1);
   size_t ncolours = 0, dark = 0, nwant = (size_t)argc - 2;
   uint32_t *want = calloc(nwant + 1, sizeof *want);
   size_t *count = calloc(nwant + 1, sizeof *count);
   if (seen == NULL || want == NULL || count == NULL)
      die("out of memory");
   for (size_t k = 0; k < nwant; k++) {
      unsigned v;
      if (sscanf(argv[k + 2], "#%6x", &v) != 1)
         die("a colour is not #rrggbb");
      want[k] = v;
   }
   for (uint32_t y = 0; y < h; y++) {
      const unsigned char *px = raw + y * (stride + 1) + 1;
      for (uint32_t x = 0; x < w; x++, px += channels) {
         uint32_t rgb = (uint32_t)px[0] << 16 | (uint32_t)px[1] << 8 | px[2];
         if (!(seen[rgb >> 3] & (1u << (rgb & 7)))) {
            seen[rgb >> 3] |= (unsigned char)(1u << (rgb & 7));
            ncolours++;
         }
         if (px[0] < 90 && px[1] < 90 && px[2] < 90)
            dark++;
         for (size_t k = 0; k < nwant; k++)
            count[k] += rgb == want[k];
      }
   }
   printf("%u %u %zu %zu", (unsigned)w, (unsigned)h, ncolours, dark);
   for (size_t k = 0; k < nwant; k++)
      printf(" %zu", count[k]);
   putchar('\n');
   free(seen);
   free(want);
   free(count);
   free(raw);
   free(z);
   free(file);
   return 0;
}
