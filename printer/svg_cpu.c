/* svg_cpu.c: the SVG picture's CPU part: a bar per role and pool, as
 * long as its share of the program's instructions, split by the layer
 * of the code that ran (cpusum.c's sums, the text's CPU section's),
 * each part in its layer's colour and named when pointed at; right of
 * the bar its instructions and, for a runtime's workers, the runtime's
 * own share; a legend of the layers drawn.
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

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cpusum.h"
#include "report.h"
#include "svg.h"

/* Roles drawn; the rest are counted under the bars. */
#define CPU_BARS 12

/* The layers' colours: the program's work in greens, the runtimes'
   own in reds, olive and purples, the rest in yellows, browns and
   greys; none a role's colour (svg.c), as the other charts colour by
   role. */
static const char *const layer_colour[LAYER_N] = {
   [LAYER_OWN] = "#1b9e77", [LAYER_LIBS] = "#a6dba0",
   [LAYER_SCHED] = "#d62728", [LAYER_DRIVER] = "#ff9896",
   [LAYER_PARK] = "#bcbd22", [LAYER_RAYON] = "#9467bd",
   [LAYER_RAYON_IDLE] = "#c5b0d5", [LAYER_STD] = "#f7dc6f",
   [LAYER_ALLOC] = "#c49c94", [LAYER_LIBC] = "#c7c7c7",
   [LAYER_LOADER] = "#525252", [LAYER_UNKNOWN] = "#e5e5e5",
};

/* "2,907,202 instructions, Tokio's own 19.8%" */
static void bar_head(char *out, size_t n, const CpuRole *rc)
{
   const char *rt = cpu_runtime_name(rc->runtime);
   if (rt != NULL)
      snprintf(out, n, "%s instructions, %s's own %s", num(rc->insns), rt,
               share_pct(cpu_runtime_cost(rc), rc->insns));
   else
      snprintf(out, n, "%s instructions", num(rc->insns));
}

static void draw_role(Buf *b, const CpuRole *rc, double bx, double yy,
                      double max, double bw)
{
   char *label = clip_px(rc->name, TEXT_PX, 280);
   text(b, bx - 8, yy + BAR_H / 2.0 + 4, TEXT_PX, "end", "fill=\"" INK "\"",
        label);
   double x = bx;
   for (int l = 0; l < LAYER_N; l++) {
      if (rc->layer[l] == 0)
         continue;
      double w = (double)rc->layer[l] / max * bw;
      addf(b, "<g><title>");
      esc(b, label);
      addf(b, ": %s %s (%s instructions)</title>\n", layer_names[l],
           share_pct(rc->layer[l], rc->insns), num(rc->layer[l]));
      addf(b, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%d\" "
           "fill=\"%s\"/>\n</g>\n", x, yy, w, BAR_H, layer_colour[l]);
      x += w;
   }
   addf(b, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%d\" "
        "fill=\"none\" stroke=\"" MUTED "\" stroke-width=\"1\"/>\n",
        bx, yy, x - bx, BAR_H);
   char head[160];
   bar_head(head, sizeof head, rc);
   text(b, x + 8, yy + BAR_H / 2.0 + 4, TEXT_PX, NULL,
        "fill=\"" INK "\"", head);
   free(label);
}

double draw_cpu(Buf *b, const Report *r, const OwnRules *own, double y)
{
   CpuSums c;
   if (!cpu_sums(r, own, NULL, false, &c))
      return y;
   char h[200];
   snprintf(h, sizeof h, "CPU by role and pool and layer of the code that "
            "ran (%s samples, one every %s instructions)", num(c.samples),
            num(c.interval));
   text(b, MARGIN, y + 22, HEAD_PX, NULL,
        "font-weight=\"bold\" fill=\"" INK "\"", h);
   y += 22;
   size_t n = c.nroles < CPU_BARS ? c.nroles : CPU_BARS;
   double max = 0, labw = 0, valw = 0;
   for (size_t i = 0; i < n; i++) {
      char *label = clip_px(c.roles[i].name, TEXT_PX, 280);
      char head[160];
      double w = text_px(label, TEXT_PX);
      labw = w > labw ? w : labw;
      bar_head(head, sizeof head, &c.roles[i]);
      w = text_px(head, TEXT_PX);
      valw = w > valw ? w : valw;
      max = (double)c.roles[i].insns > max ? (double)c.roles[i].insns : max;
      free(label);
   }
   if (n == 0 || max == 0) {
      text(b, MARGIN, y + 24, TEXT_PX, NULL, "fill=\"" MUTED "\"",
           "The profile has no instructions.");
      cpu_sums_free(&c);
      return y + 24;
   }
   /* The longest bar leaves room for the widest value right of it. */
   double bx = MARGIN + labw + 10;
   double bw = WIDTH - MARGIN - bx - 8 - valw;
   if (bw < 120)
      bw = 120;
   double top = y + 14;
   for (size_t i = 0; i < n; i++)
      draw_role(b, &c.roles[i], bx, top + (double)i * (BAR_H + BAR_GAP), max,
                bw);
   y = top + (double)n * (BAR_H + BAR_GAP);
   if (c.nroles > n) {
      uint64_t rest = 0;
      for (size_t i = n; i < c.nroles; i++)
         rest = add_sat(rest, c.roles[i].insns);
      char t[160];
      snprintf(t, sizeof t, "and %s more %s: %s instructions",
               num(c.nroles - n), plural(c.nroles - n, "role", "roles"),
               num(rest));
      text(b, bx, y + 12, TEXT_PX, NULL, "fill=\"" MUTED "\"", t);
      y += 20;
   }
   /* The layers drawn, in their order. */
   Legend lg = { 0 };
   for (int l = 0; l < LAYER_N; l++) {
      bool drawn = false;
      for (size_t i = 0; i < n && !drawn; i++)
         drawn = c.roles[i].layer[l] > 0;
      if (drawn)
         legend_add(&lg, layer_colour[l], NULL, layer_names[l]);
   }
   y = legend_draw(b, &lg, y + 16);
   cpu_sums_free(&c);
   return y;
}
