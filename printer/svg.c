/* svg.c: at_print's --svg picture: the heap over time by role and pool
 * as stacked areas with the peak marked, and the time blocked in futex
 * waits by role and wait class as bars, in one self-contained SVG 1.1
 * file (no script, no reference outside it, no font of its own).
 *
 * The areas are step lines, as ms_print draws the heap: a sample's bytes
 * hold until the next sample.  A role's colour comes from its kind
 * (tokio-worker, rayon-worker, main, ...; a name of the program's own
 * hashed to a hue) shaded by its runtime or pool number, so that it is
 * the same in both charts and in the pictures of other runs; the order
 * of layers and bars follows the bytes and time of this run.  The
 * legend under the heap names every role colour in the picture; each
 * part of a bar names its wait class, inside or, when too narrow, right
 * of the bar after a swatch of its colour.  Text is laid out from an
 * estimate of its width in DejaVu Sans.
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

#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report.h"
#include "svg.h"
#include "verdict.h"

/* Roles drawn as areas or bars of their own; the rest are summed. */
#define AREA_ROLES 10
#define BAR_ROLES  24
/* Role names wider than this are cut, with an ellipsis. */
#define LABEL_PX  280

#define OTHER_ROLES "#8c8c8c"    /* roles summed in one area or bar */
#define OTHER_BYTES "#c9c9c9"    /* live bytes of no listed role */

/* A role's colour is its kind's (below), or for a role of the
   program's own a hue from its name, shaded by its pool: the same in
   every picture, so that pictures of two runs compare at a glance. */
static const struct {
   const char *kind, *colour;
} kind_colour[] = {
   { "tokio-worker", "#4e79a7" },    /* blue */
   { "tokio-blocking", "#f28e2b" },  /* orange */
   { "rayon-worker", "#59a14f" },    /* green */
   { "main", "#b07aa1" },            /* purple */
   { "tokio-block-on", "#76b7b2" },  /* teal */
   { "other", "#9c755f" },           /* brown */
};
#define NKINDS (sizeof kind_colour / sizeof kind_colour[0])
/* For the program's own roles (picked by a hash of the name), and to
   mix into a colour for more shades. */
static const char *const hues[] = {
   "#e15759", "#edc948", "#2f4b7c", "#ff9da7", "#8cd17d", "#b6992d",
   "#499894", "#d37295", "#86bcb6", "#a0cbe8", "#6a3d9a", "#d4a6c8",
};
#define NHUES (sizeof hues / sizeof hues[0])
#define SWAP(T, a, b) do { T t_ = (a); (a) = (b); (b) = t_; } while (0)

/* Wait classes (FSite.class): drawn in the role's colour, solid for
   lock contention (and a report of a tool before wait classes says
   contention for any wait not idle), lighter for the others, light and
   hatched for idle parking. */
enum { CL_LOCK, CL_CONTENTION, CL_CONDITION, CL_JOIN, CL_SLEEP, CL_IDLE,
       CL_OTHER, CL_N };
/* Each class's name, how much lighter than the role's colour its part
   is, and its line in the legend. */
static const struct {
   const char *name;
   double tint;
   const char *legend;
} cls[CL_N] = {
   { "lock", 0, "lock: waiting for a mutex or rwlock held by another thread" },
   { "contention", 0, "contention: on the program's own locks, condvars, joins" },
   { "condition", 0.25, "condition: a condvar, channel, barrier or Once" },
   { "join", 0.55, "join: waiting for a thread to exit" },
   { "sleep", 0.8, "sleep: a timeout, with nothing to wait for" },
   { "idle", 0.6, "idle: a runtime thread parked with nothing to do" },
   { "other", 0.4, "other" },
};

typedef struct {
   const Role *role;
   char *label;                  /* role_label, cut to LABEL_PX */
   char colour[8];
   uint64_t max_bytes;           /* at any sample */
   uint64_t blocked, waits;      /* over its futex sites */
   uint64_t by_class[CL_N];
   size_t rank;                  /* place in the order of layers */
   bool in_bars;                 /* a bar of its own, in its colour */
} RoleInfo;

/* ---- Numbers ---- */

static double pow10i(int e)
{
   double v = 1;
   for (; e > 0; e--)
      v *= 10;
   for (; e < 0; e++)
      v /= 10;
   return v;
}

/* A step of 1, 2 or 5 times a power of ten, near span / n. */
static double nice_step(double span, int n)
{
   double raw = span / (n > 0 ? n : 1), mag = 1;
   if (!(raw > 0))
      return 1;
   while (mag * 10 <= raw)
      mag *= 10;
   while (mag > raw)
      mag /= 10;
   double f = raw / mag;
   return (f < 1.5 ? 1 : f < 3.5 ? 2 : f < 7.5 ? 5 : 10) * mag;
}

/* The decimals a multiple of step needs: 0 for 5, 1 for 0.5. */
static int step_decimals(double step)
{
   int d = 0;
   while (d < 6) {
      double v = step * pow10i(d);
      if (v >= 1e15)
         break;
      double r = (double)(uint64_t)(v + 0.5);
      if (v - r < 1e-6 * v && r - v < 1e-6 * v)
         break;
      d++;
   }
   return d;
}

/* How an axis shows its values: divided by div, with a suffix. */
typedef struct {
   double div;
   const char *suffix;
} Scale;

static Scale bytes_scale(double max)
{
   static const char *const unit[] = { " B", " KiB", " MiB", " GiB",
                                       " TiB", " PiB", " EiB" };
   Scale s = { 1, unit[0] };
   for (size_t k = 1; k < sizeof unit / sizeof unit[0]; k++) {
      double d = s.div * 1024;
      if (max < d)
         break;
      s = (Scale){ d, unit[k] };
   }
   return s;
}

/* The timeline's unit (the tool's --time-unit): i instructions, ms, B
   bytes allocated and freed so far. */
static Scale time_scale(const char *unit, double max)
{
   if (unit != NULL && strcmp(unit, "ms") == 0)
      return max >= 2000 ? (Scale){ 1000, " s" } : (Scale){ 1, " ms" };
   if (unit != NULL && strcmp(unit, "B") == 0)
      return bytes_scale(max);
   if (unit != NULL && strcmp(unit, "i") == 0) {
      if (max >= 1e12)
         return (Scale){ 1e12, " T" };
      if (max >= 1e9)
         return (Scale){ 1e9, " G" };
      if (max >= 1e6)
         return (Scale){ 1e6, " M" };
      if (max >= 1e3)
         return (Scale){ 1e3, " k" };
   }
   return (Scale){ 1, "" };
}

static const char *time_axis_title(const char *unit, const Scale *s)
{
   if (unit == NULL)
      return "time";
   if (strcmp(unit, "ms") == 0)
      return "time since the start";
   if (strcmp(unit, "B") == 0)
      return "time: bytes allocated and freed so far";
   static const char *const in_i[5] = { "",
      " (k = thousand)", " (M = million)", " (G = billion)", " (T = trillion)" };
   static char out[64];
   if (strcmp(unit, "i") == 0) {
      int k = s->div >= 1e12 ? 4 : s->div >= 1e9 ? 3 : s->div >= 1e6 ? 2 :
              s->div >= 1e3;
      snprintf(out, sizeof out, "time: instructions executed%s", in_i[k]);
      return out;
   }
   return NULL;                  /* an unknown unit: said in the title */
}

/* k * step shown: "1.5 MiB", "0", "250 ms". */
static void tick_label(char *out, size_t n, double v, int dec,
                       const char *suffix)
{
   if (v == 0) {
      snprintf(out, n, "0");
   } else if (v >= 1e15) {     /* beyond exact integers in a double */
      snprintf(out, n, "%.3g%s", v, suffix);
   } else if (dec == 0) {
      snprintf(out, n, "%s%s", num((uint64_t)(v + 0.5)), suffix);
   } else {
      /* "1.5 M", "1 M": the decimals a tick needs, not every tick. */
      char d[64];
      snprintf(d, sizeof d, "%.*f", dec, v);
      char *e = d + strlen(d);
      while (e > d && e[-1] == '0')
         *--e = '\0';
      if (e > d && e[-1] == '.')
         *--e = '\0';
      snprintf(out, n, "%s%s", d, suffix);
   }
}

/* "4,868 bytes (4.8 KiB)", or "532 bytes". */
static void bytes_text(char *out, size_t n, uint64_t v)
{
   Scale s = bytes_scale((double)v);
   if (s.div == 1)
      snprintf(out, n, "%s", bytes_str(v));
   else
      snprintf(out, n, "%s (%.1f%s)", bytes_str(v), (double)v / s.div,
               s.suffix);
}

/* Microseconds, readably: "0.4 ms", "680.0 ms", "1.25 s", "250.2 s". */
static const char *dur_str(uint64_t us)
{
   static char ring[4][48];
   static unsigned next;
   char *out = ring[next++ % 4];
   if (us < 999950)
      return ms1(us);
   if (us < 9995000) {
      uint64_t hundredths = us / 10000 + (us % 10000 >= 5000);
      snprintf(out, sizeof ring[0], "%u.%02u s", (unsigned)(hundredths / 100),
               (unsigned)(hundredths % 100));
      return out;
   }
   uint64_t tenths = us / 100000 + (us % 100000 >= 50000);
   snprintf(out, sizeof ring[0], "%s.%u s", num(tenths / 10),
            (unsigned)(tenths % 10));
   return out;
}

/* ---- Colours ---- */

static void hex_rgb(const char *hex, unsigned c[3])
{
   if (sscanf(hex, "#%2x%2x%2x", &c[0], &c[1], &c[2]) != 3)
      c[0] = c[1] = c[2] = 128;
}

/* Colour a mixed with b: t = 0 a, 1 b. */
static void mix(char out[8], const char *a, const char *b, double t)
{
   unsigned x[3], y[3];
   hex_rgb(a, x);
   hex_rgb(b, y);
   for (int k = 0; k < 3; k++)
      x[k] = (unsigned)(x[k] + ((double)y[k] - x[k]) * t + 0.5);
   snprintf(out, 8, "#%02x%02x%02x", x[0] & 0xff, x[1] & 0xff, x[2] & 0xff);
}

/* Variant k of a colour: 0 itself, then darker, lighter, darker
   still, lighter still; from there on mixed with other hues, more or
   less, then the same darker. */
static void shade(char out[8], const char *base, uint64_t k)
{
   static const double t[5] = { 0, 0.3, 0.35, 0.5, 0.6 };
   char m[8];
   if (k < 5) {
      mix(out, base, k % 2 ? "#000000" : "#ffffff", t[k]);
      return;
   }
   k -= 5;
   mix(m, base, hues[k % NHUES], 0.3 + 0.2 * (double)(k / NHUES % 3));
   mix(out, m, "#000000", k / (3 * NHUES) % 2 ? 0.3 : 0);
}

/* The role's colour, from its name and pool alone.  Pool 1 (or none)
   has its kind's colour, pool 2 on a shade of it; bump > 0 asks for
   another shade, for a role whose colour another one already has. */
static void role_colour(char out[8], const Role *role, uint64_t bump)
{
   const char *name = role->role ? role->role : "";
   char base[8] = "";
   for (size_t i = 0; i < NKINDS; i++)
      if (strcmp(name, kind_colour[i].kind) == 0)
         memcpy(base, kind_colour[i].colour, 8);
   if (base[0] == '\0') {
      /* FNV-1a of the name picks the hue. */
      uint32_t x = 2166136261u;
      for (const unsigned char *p = (const unsigned char *)name; *p; p++)
         x = (x ^ *p) * 16777619u;
      memcpy(base, hues[x % NHUES], 8);
   }
   uint64_t k = role->has_pool && role->pool > 1 ? role->pool - 1 : 0;
   shade(out, base, k + 5 * bump);
}

/* Whether two colours are too close to tell apart in a legend. */
static bool near_colour(const char *a, const char *b)
{
   unsigned x[3], y[3];
   double d = 0;
   hex_rgb(a, x);
   hex_rgb(b, y);
   for (int k = 0; k < 3; k++)
      d += ((double)x[k] - y[k]) * ((double)x[k] - y[k]);
   return d < 40.0 * 40.0;
}

/* Whether text on this colour reads better in black than in white. */
static bool is_light(const char *hex)
{
   unsigned c[3];
   hex_rgb(hex, c);
   return 0.299 * c[0] + 0.587 * c[1] + 0.114 * c[2] > 150;
}

/* ---- The roles ---- */

typedef struct {
   RoleInfo *v;
   size_t n, cap;
   size_t *by_blocked;           /* the roles, the most blocked first */
} Roles;

static size_t role_find(Roles *rs, const Role *role)
{
   for (size_t i = 0; i < rs->n; i++)
      if (same_role(rs->v[i].role, role))
         return i;
   GROW(rs->v, rs->cap, rs->n + 1);
   RoleInfo *ri = &rs->v[rs->n];
   memset(ri, 0, sizeof *ri);
   ri->role = role;
   char *full = role_label(role, false);
   ri->label = clip_px(full, TEXT_PX, LABEL_PX);
   free(full);
   return rs->n++;
}

static const Roles *sort_roles;

/* The order of the layers (bottom up) and legend: the most heap at any
   time first, then the most blocked, then by name. */
static int cmp_rank(const void *a, const void *b)
{
   const RoleInfo *x = &sort_roles->v[*(const size_t *)a];
   const RoleInfo *y = &sort_roles->v[*(const size_t *)b];
   if (x->max_bytes != y->max_bytes)
      return x->max_bytes > y->max_bytes ? -1 : 1;
   if (x->blocked != y->blocked)
      return x->blocked > y->blocked ? -1 : 1;
   return cmp_role(x->role, y->role);
}

static int cmp_by_name(const void *a, const void *b)
{
   return cmp_role(sort_roles->v[*(const size_t *)a].role,
                   sort_roles->v[*(const size_t *)b].role);
}

static int cmp_blocked(const void *a, const void *b)
{
   const RoleInfo *x = &sort_roles->v[*(const size_t *)a];
   const RoleInfo *y = &sort_roles->v[*(const size_t *)b];
   if (x->blocked != y->blocked)
      return x->blocked > y->blocked ? -1 : 1;
   return (x->rank > y->rank) - (x->rank < y->rank);
}

/* ---- The title ---- */

static void how_ended(Buf *b, const Report *r)
{
   switch (r->run.end_how) {
   case END_EXIT:
      addf(b, "exited with status %ld", r->run.status);
      break;
   case END_SIGNAL:
      if (r->run.signal == NULL || r->run.signo == 0 ||
          strcmp(r->run.signal, "unknown") == 0) {
         buf_adds(b, "killed by a signal the tool could not name");
      } else {
         buf_adds(b, "killed by ");
         buf_adds(b, r->run.signal);
         addf(b, " (signal %" PRIu64 ")", r->run.signo);
      }
      break;
   default:
      if (r->run.signal != NULL && strcmp(r->run.signal, "exec") == 0) {
         buf_adds(b, "called execve");
      } else if (r->run.signal != NULL &&
                 strcmp(r->run.signal, "thread-limit") == 0) {
         buf_adds(b, "still running when Valgrind's thread slots ran out");
      } else if (r->run.lost.present) {
         /* the run's real end first (the title may be cut), then
            that this is the last snapshot's */
         verdict_lost_end(b, &r->run.lost);
         addf(b, ", final report lost; the last snapshot, at %s ms",
              num(verdict_last_snapshot_ms(r)));
         return;
      } else {
         buf_adds(b, "ended: ");
         buf_adds(b, r->run.signal ? r->run.signal : "?");
      }
      break;
   }
   addf(b, " after %s ms", num(r->run.duration_ms));
}

/* The command, from the program's path at from on (with an ellipsis
   if that is not its start), and its arguments. */
static void command(Buf *b, const Report *r, const char *from)
{
   const char *exe = r->run.exe ? r->run.exe : "?";
   buf_clear(b);
   if (from != exe)
      buf_adds(b, "\xe2\x80\xa6");
   buf_adds(b, from);
   for (size_t i = 0; i < r->run.nargs; i++) {
      buf_adds(b, " ");
      buf_adds(b, r->run.args[i]);
   }
}

/* The command in at most max pixels: whole if it fits; else with the
   program's directory cut from the left, at a '/', as little as will
   do ("…/release/demo --port 80"); else "…/demo" and the arguments cut
   from the right.  The program's file name is cut only if it alone is
   too long.  Newly allocated. */
static char *fit_command(const Report *r, double max)
{
   const char *exe = r->run.exe ? r->run.exe : "?";
   const char *base = strrchr(exe, '/');
   base = base != NULL && base[1] != '\0' ? base : exe;
   Buf b = { 0 };
   command(&b, r, exe);
   for (const char *p = strchr(exe, '/');
        text_px(b.s, TITLE_PX) > max && p != NULL && p <= base;
        p = strchr(p + 1, '/')) {
      /* Only where the ellipsis is shorter than what it stands for. */
      double cut = 0;
      for (size_t i = 0, n; exe + i < p; i += n)
         cut += char_em((const unsigned char *)exe + i, &n);
      if (cut > 1)
         command(&b, r, p);
   }
   char *c = clip_px(b.s, TITLE_PX, max);
   free(b.s);
   return c;
}

static double draw_title(Buf *out, const Report *r)
{
   Buf cmd = { 0 }, end = { 0 };
   command(&cmd, r, r->run.exe ? r->run.exe : "?");
   how_ended(&end, r);
   /* On one line: how it ended is cut to leave the command up to half
      the room, or more for the program's name (with "…/" before it). */
   double room = (WIDTH - 2 * MARGIN) / BOLD, sep = text_px(": ", TITLE_PX);
   double cw = text_px(cmd.s, TITLE_PX) + sep, keep = room / 2;
   const char *base = r->run.exe ? strrchr(r->run.exe, '/') : NULL;
   if (base != NULL && base[1] != '\0') {
      double bw = text_px(base, TITLE_PX) + text_px("\xe2\x80\xa6", TITLE_PX) + sep;
      keep = bw > keep ? (bw < room * 3 / 4 ? bw : room * 3 / 4) : keep;
   }
   char *e = clip_px(end.s, TITLE_PX, room - (cw < keep ? cw : keep));
   char *c = fit_command(r, room - text_px(e, TITLE_PX) - sep);
   buf_clear(&cmd);
   addf(&cmd, "%s: %s", c, e);
   text(out, MARGIN, 30, TITLE_PX, NULL, "font-weight=\"bold\" fill=\"" INK "\"",
        cmd.s);

   Buf sub = { 0 };
   addf(&sub, "asynctrace report: pid %s, ", num(r->run.pid));
   if (r->run.start_time != NULL) {
      buf_adds(&sub, "started ");
      buf_adds(&sub, r->run.start_time);
      buf_adds(&sub, ", ");
   }
   addf(&sub, "%s %s, peak heap %s", num(r->threads.n),
        plural(r->threads.n, "thread", "threads"), bytes_str(r->heap.peak_bytes));
   char *s = clip_px(sub.s, TEXT_PX, WIDTH - 2 * MARGIN);
   text(out, MARGIN, 50, TEXT_PX, NULL, "fill=\"" MUTED "\"", s);
   free(s);
   free(c);
   free(e);
   free(cmd.s);
   free(end.s);
   free(sub.s);
   return 50;
}

/* ---- The heap over time ---- */

static int cmp_sample_time(const void *a, const void *b)
{
   const Sample *x = *(const Sample *const *)a, *y = *(const Sample *const *)b;
   if (x->time != y->time)
      return x->time > y->time ? 1 : -1;
   return (x->ordinal > y->ordinal) - (x->ordinal < y->ordinal);
}

/* What the heap plot is drawn from, worked out step by step. */
typedef struct {
   const Sample **sm;            /* the samples, in time order */
   bool *peak_of;
   size_t n, pk;                 /* how many; the peak's */
   size_t *order, nheap, own;    /* the roles by rank; listed ones */
   bool rest;                    /* a layer for the other roles */
   size_t *layer_of;             /* by role */
   size_t nl;                    /* layers: own, rest, "other" */
   uint64_t *val;                /* [sample * nl + layer] */
   bool any_other;
   uint64_t rest_peak;
   uint64_t rest_max, other_max;   /* at any sample */
   double ymax;
   double top, bottom, tmax, yrange, pw;
   uint64_t yk;
   double ystep;
   int ydec;
   Scale ys, xs;
   double xstep;
   int xdec;
} HeapPlot;

static double xpos(const HeapPlot *h, double t)
{
   return PLOT_L + t / h->tmax * h->pw;
}

static double ypos(const HeapPlot *h, double v)
{
   return h->bottom - v / h->yrange * PLOT_H;
}

/* The samples in time order, a peak that repeats the sample before it
   counted once; the peak: the largest of the samples marked so, else
   the largest.  False if there is none. */
static bool heap_samples(HeapPlot *h, const Report *r)
{
   size_t n = 0;
   h->sm = xrealloc(NULL, (r->timeline.nsamples + 1) * sizeof *h->sm);
   h->peak_of = xrealloc(NULL,
                         (r->timeline.nsamples + 1) * sizeof *h->peak_of);
   const Sample **sm = h->sm;
   bool *peak_of = h->peak_of;
   for (size_t i = 0; i <= r->timeline.nsamples; i++) {
      const Sample *s = i < r->timeline.nsamples ? &r->timeline.samples[i]
                        : r->timeline.have_last ? &r->timeline.last : NULL;
      if (s != NULL)
         sm[n++] = s;
   }
   qsort(sm, n, sizeof *sm, cmp_sample_time);
   size_t m = 0;
   for (size_t i = 0; i < n; i++) {
      if (m > 0 && sm[i]->time == sm[m - 1]->time &&
          sm[i]->live == sm[m - 1]->live) {
         peak_of[m - 1] |= sm[i]->peak;
         continue;
      }
      peak_of[m] = sm[i]->peak;
      sm[m++] = sm[i];
   }
   n = m;
   h->n = n;
   if (n == 0)
      return false;
   size_t pk = n;
   for (size_t i = 0; i < n; i++)
      if (peak_of[i] && (pk == n || sm[i]->live > sm[pk]->live))
         pk = i;
   if (pk == n) {
      pk = 0;
      for (size_t i = 1; i < n; i++)
         if (sm[i]->live > sm[pk]->live)
            pk = i;
   }
   h->pk = pk;
   return true;
}

/* The layers, bottom up: the roles with the most bytes at any time,
   the rest of the roles summed, the live bytes of no listed role. */
static void heap_layers(HeapPlot *h, const Report *r, Roles *rs,
                        const size_t *col_role)
{
   size_t n = h->n;
   h->order = xrealloc(NULL, (rs->n ? rs->n : 1) * sizeof *h->order);
   h->nheap = 0;
   for (size_t i = 0; i < rs->n; i++)
      if (rs->v[i].max_bytes > 0)
         h->order[h->nheap++] = i;
   sort_roles = rs;
   qsort(h->order, h->nheap, sizeof *h->order, cmp_rank);
   size_t own = h->nheap <= AREA_ROLES ? h->nheap : AREA_ROLES - 1;
   h->own = own;
   h->rest = own < h->nheap;
   h->layer_of = xrealloc(NULL, (rs->n ? rs->n : 1) * sizeof *h->layer_of);
   for (size_t i = 0; i < rs->n; i++)
      h->layer_of[i] = own;      /* in the summed layer unless listed */
   for (size_t k = 0; k < own; k++)
      h->layer_of[h->order[k]] = k;
   size_t nl = own + (h->rest ? 1 : 0) + 1;   /* + "other", dropped if empty */
   h->nl = nl;
   h->val = xrealloc(NULL, n * nl * sizeof *h->val);
   memset(h->val, 0, n * nl * sizeof *h->val);
   h->any_other = false;
   h->rest_peak = 0;
   h->rest_max = h->other_max = 0;
   h->ymax = 0;
   for (size_t i = 0; i < n; i++) {
      uint64_t *v = &h->val[i * nl], sum = 0;
      for (size_t j = 0; j < h->sm[i]->nroles; j++) {
         const SRole *sr = &h->sm[i]->roles[j];
         size_t l = sr->col < r->timeline.ncols ?
            h->layer_of[col_role[sr->col]]
                                          : own;
         v[l] = add_sat(v[l], sr->bytes);
         sum = add_sat(sum, sr->bytes);
      }
      if (h->sm[i]->live > sum) {
         v[nl - 1] = h->sm[i]->live - sum;
         h->any_other = true;
      }
      if (h->rest && v[own] > h->rest_max)
         h->rest_max = v[own];
      if (v[nl - 1] > h->other_max)
         h->other_max = v[nl - 1];
      uint64_t top = add_sat(sum, v[nl - 1]);
      if ((double)top > h->ymax)
         h->ymax = (double)top;
   }
   if (h->rest)
      h->rest_peak = h->val[h->pk * nl + own];
}

/* The axes' scales and steps; the y axis's title, grid and ticks. */
static void heap_axes(Buf *b, HeapPlot *h, const Report *r, double y)
{
   h->top = y + 38;
   h->bottom = h->top + PLOT_H;
   h->tmax = (double)h->sm[h->n - 1]->time;
   if (h->tmax <= 0)
      h->tmax = 1;
   double ymax = h->ymax, tmax = h->tmax;
   h->ys = bytes_scale(ymax > 0 ? ymax : 1);
   h->ystep = nice_step((ymax > 0 ? ymax : 8) / h->ys.div, 5);
   h->ydec = step_decimals(h->ystep);
   h->yk = (uint64_t)((ymax / h->ys.div) / h->ystep - 1e-9) + 1;
   if (h->yk == 0)
      h->yk = 1;
   h->yrange = (double)h->yk * h->ystep * h->ys.div;
   h->xs = time_scale(r->timeline.unit, tmax);
   h->pw = PLOT_R - PLOT_L;
   h->xstep = 0;
   h->xdec = 0;
   for (int target = 10; target >= 1; target--) {
      h->xstep = nice_step(tmax / h->xs.div, target);
      h->xdec = step_decimals(h->xstep);
      char l[64];
      tick_label(l, sizeof l,
                 (double)(uint64_t)(tmax / h->xs.div / h->xstep) * h->xstep,
                 h->xdec, h->xs.suffix);
      if (text_px(l, TICK_PX) + 16 < h->xstep * h->xs.div / tmax * h->pw)
         break;
   }

   text(b, MARGIN, h->top - 12, TICK_PX, NULL, "fill=\"" MUTED "\"",
        "live heap");
   for (uint64_t k = 0; k <= h->yk; k++) {
      char l[64];
      double yy = h->bottom - (double)k / (double)h->yk * PLOT_H;
      tick_label(l, sizeof l, (double)k * h->ystep, h->ydec, h->ys.suffix);
      if (k > 0)
         addf(b, "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" "
              "stroke=\"" GRID "\" stroke-width=\"1\"/>\n",
              PLOT_L, yy, PLOT_R, yy);
      text(b, PLOT_L - 8, yy + 4, TICK_PX, "end", "fill=\"" INK "\"", l);
   }
}

/* Which samples are drawn: all, or, when there are many, the smallest
   and largest of each pixel column, and the peak; in time order.  The
   count in *np. */
static size_t *heap_pick(const HeapPlot *h, size_t *np_out)
{
   size_t n = h->n, pk = h->pk;
   const Sample **sm = h->sm;
   double tmax = h->tmax, pw = h->pw;
   size_t *pick = xrealloc(NULL, n * sizeof *pick), np = 0;
   if (n <= 2 * (size_t)pw) {
      for (size_t i = 0; i < n; i++)
         pick[np++] = i;
   } else {
      size_t i = 0;
      while (i < n) {
         long colx = (long)((double)sm[i]->time / tmax * pw);
         size_t lo = i, hi = i, j = i;
         bool has_pk = false;
         for (; j < n && (long)((double)sm[j]->time / tmax * pw) == colx; j++) {
            if (sm[j]->live < sm[lo]->live)
               lo = j;
            if (sm[j]->live > sm[hi]->live)
               hi = j;
            has_pk |= j == pk;
         }
         size_t keep[5] = { i, lo, hi, has_pk ? pk : i, j - 1 };
         /* In time order, each once. */
         for (int a = 1; a < 5; a++)
            for (int c = a; c > 0 && keep[c] < keep[c - 1]; c--)
               SWAP(size_t, keep[c], keep[c - 1]);
         for (int a = 0; a < 5; a++)
            if (a == 0 || keep[a] != keep[a - 1])
               pick[np++] = keep[a];
         i = j;
      }
   }
   *np_out = np;
   return pick;
}

/* Where each picked sample's step starts: at its time, except that the
   peak's step is kept 2 pixels wide (pushing the next ones right, or
   itself left at the plot's end), so that a peak between two close
   samples, or at the last one, still shows. */
static double *heap_step_x(const HeapPlot *h, const size_t *pick, size_t np)
{
   double *xs = xrealloc(NULL, np * sizeof *xs);
   size_t qp = np;
   for (size_t q = 0; q < np; q++) {
      xs[q] = xpos(h, (double)h->sm[pick[q]]->time);
      if (pick[q] == h->pk)
         qp = q;
   }
   if (qp == np)
      return xs;
   if (xs[qp] > PLOT_R - 2) {
      xs[qp] = PLOT_R - 2 < PLOT_L ? PLOT_L : PLOT_R - 2;
      for (size_t q = qp; q-- > 0 && xs[q] > xs[qp];)
         xs[q] = xs[qp];
   }
   for (size_t q = qp + 1; q < np && xs[q] < xs[qp] + 2; q++)
      xs[q] = xs[qp] + 2;
   return xs;
}

/* The areas: each layer's running total from the bottom, drawn from
   the top one down, so that each covers the part of the one above it
   that is not its own.  Each total is a step line, as ms_print draws
   the heap: a sample's bytes hold until the next sample, since nothing
   is known of the heap in between; the last one holds to the plot's
   end. */
static void heap_areas(Buf *b, const HeapPlot *h, const Roles *rs)
{
   size_t np, nl = h->nl, own = h->own;
   size_t *pick = heap_pick(h, &np);
   double *xs = heap_step_x(h, pick, np);
   double xend = xpos(h, h->tmax);
   char (*fill)[8] = xrealloc(NULL, nl * sizeof *fill);
   for (size_t k = 0; k < own; k++)
      memcpy(fill[k], rs->v[h->order[k]].colour, 8);
   if (h->rest)
      memcpy(fill[own], OTHER_ROLES, 8);
   memcpy(fill[nl - 1], OTHER_BYTES, 8);
   uint64_t *cum = xrealloc(NULL, np * sizeof *cum);
   for (size_t l = nl; l-- > 0;) {
      if (l == nl - 1 && !h->any_other)
         continue;
      bool empty = true;
      for (size_t q = 0; q < np; q++) {
         uint64_t s = 0;
         for (size_t k = 0; k <= l; k++)
            s = add_sat(s, h->val[pick[q] * nl + k]);
         cum[q] = s;
         empty &= h->val[pick[q] * nl + l] == 0;
      }
      if (empty && l != 0)
         continue;
      addf(b, "<polygon fill=\"%s\" stroke=\"#ffffff\" stroke-width=\"0.6\" "
           "points=\"%.1f,%.1f", fill[l], xs[0], ypos(h, (double)cum[0]));
      /* Up or down at each sample, flat to the next; a sample with the
         bytes of the one before adds no corner. */
      double lx = xs[0];
      for (size_t q = 1; q < np; q++) {
         if (cum[q] == cum[q - 1])
            continue;
         addf(b, " %.1f,%.1f %.1f,%.1f", xs[q], ypos(h, (double)cum[q - 1]),
              xs[q], ypos(h, (double)cum[q]));
         lx = xs[q];
      }
      if (lx < xend)
         addf(b, " %.1f,%.1f", xend, ypos(h, (double)cum[np - 1]));
      addf(b, " %.1f,%.1f %.1f,%.1f\"/>\n", xend, h->bottom, xs[0], h->bottom);
   }
   free(cum);
   free(fill);
   free(xs);
   free(pick);
}

/* The axes over the areas, then the x ticks and the x axis's title. */
static void heap_x_axis(Buf *b, const HeapPlot *h, const Report *r)
{
   double top = h->top, bottom = h->bottom;
   addf(b, "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"" INK
        "\" stroke-width=\"1\"/>\n", PLOT_L, top, PLOT_L, bottom);
   addf(b, "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"" INK
        "\" stroke-width=\"1\"/>\n", PLOT_L, bottom, PLOT_R, bottom);
   uint64_t xk = (uint64_t)(h->tmax / h->xs.div / h->xstep + 1e-9);
   for (uint64_t k = 0; k <= xk; k++) {
      char l[64];
      double xx = xpos(h, (double)k * h->xstep * h->xs.div);
      if (xx > PLOT_R + 0.5)
         break;
      tick_label(l, sizeof l, (double)k * h->xstep, h->xdec, h->xs.suffix);
      addf(b, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" "
           "stroke=\"" INK "\" stroke-width=\"1\"/>\n", xx, bottom, xx,
           bottom + 5);
      text(b, xx, bottom + 18, TICK_PX, "middle", "fill=\"" INK "\"", l);
   }
   Scale xs = h->xs;
   const char *xt = time_axis_title(r->timeline.unit, &xs);
   char xtb[96];
   if (xt == NULL) {
      snprintf(xtb, sizeof xtb, "time (in units of \"%s\")", r->timeline.unit);
      xt = xtb;
   }
   text(b, (PLOT_L + PLOT_R) / 2.0, bottom + 36, TEXT_PX, "middle",
        "fill=\"" MUTED "\"", xt);
}

/* The peak: a dashed line, a dot on the heap's top, and what it was
   above the plot, on the side with room. */
static void heap_peak(Buf *b, const HeapPlot *h, const Report *r)
{
   const Sample *p = h->sm[h->pk];
   double px = xpos(h, (double)p->time);
   uint64_t ptop = 0;
   for (size_t k = 0; k < h->nl; k++)
      ptop = add_sat(ptop, h->val[h->pk * h->nl + k]);
   addf(b, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" "
        "stroke=\"" INK "\" stroke-width=\"1.2\" stroke-dasharray=\"5,3\"/>\n",
        px, h->top - 4, px, ypos(h, (double)ptop) - 4);
   addf(b, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"4\" fill=\"#ffffff\" "
        "stroke=\"" INK "\" stroke-width=\"1.5\"/>\n", px,
        ypos(h, (double)ptop));
   char bt[96], l[256];
   bytes_text(bt, sizeof bt, p->live);
   const char *unit = r->timeline.unit ? r->timeline.unit : "";
   if (strcmp(unit, "ms") == 0)
      snprintf(l, sizeof l, "peak: %s at %s ms", bt, num(p->time));
   else if (strcmp(unit, "i") == 0)
      snprintf(l, sizeof l, "peak: %s at %s %s", bt, num(p->time),
               plural(p->time, "instruction", "instructions"));
   else if (strcmp(unit, "B") == 0)
      snprintf(l, sizeof l, "peak: %s after %s bytes allocated and freed",
               bt, num(p->time));
   else
      snprintf(l, sizeof l, "peak: %s at %s %s", bt, num(p->time), unit);
   double lw = text_px(l, TEXT_PX) * BOLD;
   bool right = px + 6 + lw <= WIDTH - MARGIN;
   text(b, right ? px + 6 : px - 6, h->top - 8, TEXT_PX, right ? NULL : "end",
        "font-weight=\"bold\" fill=\"" INK "\"", l);
}

/* "NAME: N bytes at the peak", or for a layer with none there (it
   shows elsewhere) "NAME: at most N bytes, none at the peak". */
static void legend_bytes(Legend *lg, const char *fill, const char *name,
                         uint64_t at_peak, uint64_t most)
{
   char l[320];
   if (at_peak > 0)
      snprintf(l, sizeof l, "%s: %s at the peak", name, bytes_str(at_peak));
   else
      snprintf(l, sizeof l, "%s: at most %s, none at the peak", name,
               bytes_str(most));
   legend_add(lg, fill, NULL, l);
}

/* The legend: each layer in the layers' order, with its bytes at the
   peak; then the roles that have a colour of their own only in the
   bars below (no heap, or theirs among the other roles), with their
   time blocked, so that every colour in the picture is named here.
   Returns the last row's baseline. */
static double heap_legend(Buf *b, const HeapPlot *h, const Roles *rs)
{
   size_t nl = h->nl, pk = h->pk;
   Legend lg = { 0 };
   for (size_t k = 0; k < h->own; k++) {
      const RoleInfo *ri = &rs->v[h->order[k]];
      legend_bytes(&lg, ri->colour, ri->label, h->val[pk * nl + k],
                   ri->max_bytes);
   }
   if (h->rest) {
      char l[160];
      snprintf(l, sizeof l, "%s other roles", num(h->nheap - h->own));
      legend_bytes(&lg, OTHER_ROLES, l, h->rest_peak, h->rest_max);
   }
   if (h->any_other)
      legend_bytes(&lg, OTHER_BYTES, "other (of no role listed)",
                   h->val[pk * nl + nl - 1], h->other_max);
   double ly = h->bottom + 62;
   if (lg.n == 0)
      text(b, MARGIN, ly, TEXT_PX, NULL, "fill=\"" MUTED "\"",
           "No live bytes at any sample.");
   size_t heap_items = lg.n;
   for (size_t k = 0; k < rs->n; k++) {
      size_t i = rs->by_blocked[k];
      const RoleInfo *ri = &rs->v[i];
      if (!ri->in_bars || h->layer_of[i] < h->own)
         continue;
      char l[320];
      snprintf(l, sizeof l, "%s: blocked %s in futex waits", ri->label,
               dur_str(ri->blocked));
      legend_add(&lg, ri->colour, NULL, l);
   }
   if (lg.n > 0)
      ly = legend_draw(b, &lg, heap_items == 0 ? ly + 20 : ly);
   return ly;
}

static double draw_heap(Buf *b, const Report *r, Roles *rs, double y,
                        const size_t *col_role)
{
   text(b, MARGIN, y + 22, HEAD_PX, NULL, "font-weight=\"bold\" fill=\"" INK "\"",
        "Heap over time, by role and pool");
   y += 22;
   if (!r->timeline.present) {
      text(b, MARGIN, y + 24, TEXT_PX, NULL, "fill=\"" MUTED "\"",
           "This report has no timeline.");
      return y + 24;
   }
   HeapPlot h;
   memset(&h, 0, sizeof h);
   if (!heap_samples(&h, r)) {
      text(b, MARGIN, y + 24, TEXT_PX, NULL, "fill=\"" MUTED "\"",
           "The timeline has no samples.");
      free(h.sm);
      free(h.peak_of);
      return y + 24;
   }
   heap_layers(&h, r, rs, col_role);
   heap_axes(b, &h, r, y);
   heap_areas(b, &h, rs);
   heap_x_axis(b, &h, r);
   heap_peak(b, &h, r);
   double ly = heap_legend(b, &h, rs);
   free(h.val);
   free(h.layer_of);
   free(h.order);
   free(h.sm);
   free(h.peak_of);
   return ly;
}

/* ---- Blocked time ---- */

/* A bar of the blocked time: a role's, or the rest's summed. */
typedef struct {
   const char *label, *colour;
   uint64_t by[CL_N], total, waits;
   double sum;                   /* of by[]: the total saturates */
   char head[96];                /* right of the bar: "7.30 s, 112 waits" */
} Bar;

/* A part of a bar w pixels wide: its label inside, in out: the class
   and its time (returns 2), else the class alone (1), else nothing (0).
   A class is never left to its shade alone: the value right of the bar
   names the parts whose time is not inside, each after a swatch of the
   part's own colour. */
static int part_label(char *out, size_t n, int c, uint64_t us, double w)
{
   snprintf(out, n, "%s %s", cls[c].name, dur_str(us));
   if (text_px(out, TICK_PX) + 10 <= w)
      return 2;
   snprintf(out, n, "%s", cls[c].name);
   if (text_px(out, TICK_PX) + 8 <= w)
      return 1;
   out[0] = '\0';
   return 0;
}

/* The colour of a class's part of a bar of this colour. */
static void part_shade(char out[8], const char *colour, int c)
{
   mix(out, colour, "#ffffff", cls[c].tint);
}

/* The swatch before a class named right of a bar: 8 pixels apart, 10
   wide, 4 before the text. */
#define SWATCH_W (8 + 10 + 4)

/* The value right of the bar, for bars bw pixels at most: its head in
   bold, then each part whose time is not inside, after a swatch.
   Draws it with its start at x on baseline y if b is not NULL; returns
   its width. */
static double bar_value(Buf *b, const Bar *br, double max, double bw,
                        double x, double y)
{
   int last = -1;
   char l[96];
   for (int c = 0; c < CL_N; c++)
      if (br->by[c] > 0 &&
          part_label(l, sizeof l, c, br->by[c], (double)br->by[c] / max * bw) < 2)
         last = c;
   char head[100];
   snprintf(head, sizeof head, "%s%s", br->head, last >= 0 ? ":" : "");
   double w = text_px(head, TEXT_PX) * BOLD;
   if (b != NULL)
      text(b, x, y, TEXT_PX, NULL, "font-weight=\"bold\" fill=\"" INK "\"",
           head);
   for (int c = 0; c <= last; c++) {
      if (br->by[c] == 0 ||
          part_label(l, sizeof l, c, br->by[c], (double)br->by[c] / max * bw) == 2)
         continue;
      snprintf(l, sizeof l, "%s %s%s", cls[c].name, dur_str(br->by[c]),
               c < last ? "," : "");
      if (b != NULL) {
         char sh[8];
         part_shade(sh, br->colour, c);
         addf(b, "<rect x=\"%.1f\" y=\"%.1f\" width=\"10\" height=\"10\" "
              "fill=\"%s\" stroke=\"%s\" stroke-width=\"1\"/>\n",
              x + w + 8, y - 9, sh, br->colour);
         if (c == CL_IDLE)
            addf(b, "<rect x=\"%.1f\" y=\"%.1f\" width=\"10\" height=\"10\" "
                 "fill=\"url(#hatch)\"/>\n", x + w + 8, y - 9);
         text(b, x + w + SWATCH_W, y, TEXT_PX, NULL, "fill=\"" INK "\"", l);
      }
      w += SWATCH_W + text_px(l, TEXT_PX);
   }
   return w;
}

/* One bar, its top at yy: its label, its parts, its outline, its
   value. */
static void draw_bar(Buf *b, const Bar *br, double bx, double yy,
                     double max, double bw)
{
   double x = bx;
   text(b, bx - 8, yy + BAR_H / 2.0 + 4, TEXT_PX, "end", "fill=\"" INK "\"",
        br->label);
   for (int c = 0; c < CL_N; c++) {
      if (br->by[c] == 0)
         continue;
      double w = (double)br->by[c] / max * bw;
      char sh[8], l[96];
      part_shade(sh, br->colour, c);
      /* Each part says what it is when pointed at, too. */
      addf(b, "<g><title>");
      esc(b, br->label);
      addf(b, ": %s %s</title>\n", cls[c].name, dur_str(br->by[c]));
      addf(b, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%d\" "
           "fill=\"%s\"/>\n", x, yy, w, BAR_H, sh);
      if (c == CL_IDLE)
         addf(b, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%d\" "
              "fill=\"url(#hatch)\"/>\n", x, yy, w, BAR_H);
      if (part_label(l, sizeof l, c, br->by[c], w) > 0)
         text(b, x + w / 2, yy + BAR_H / 2.0 + 4, TICK_PX, "middle",
              is_light(sh) ? "fill=\"" INK "\"" : "fill=\"#ffffff\"", l);
      buf_adds(b, "</g>\n");
      x += w;
   }
   addf(b, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%d\" "
        "fill=\"none\" stroke=\"%s\" stroke-width=\"1\"/>\n",
        bx, yy, x - bx, BAR_H, br->colour);
   bar_value(b, br, max, bw, x + 8, yy + BAR_H / 2.0 + 4);
}

static double draw_blocked(Buf *b, const Report *r, Roles *rs, double y)
{
   text(b, MARGIN, y + 22, HEAD_PX, NULL, "font-weight=\"bold\" fill=\"" INK "\"",
        "Time blocked in futex waits, by role and pool and wait class");
   y += 22;
   if (!r->futex.present || r->futex.total == 0) {
      text(b, MARGIN, y + 24, TEXT_PX, NULL, "fill=\"" MUTED "\"",
           r->futex.present ?
           "This report has no futex sites: no thread waited "
                           "on or woke a futex."
                         : "This report has no futex sites.");
      return y + 24;
   }
   const size_t *order = rs->by_blocked;
   size_t nb = 0;
   while (nb < rs->n && rs->v[order[nb]].blocked > 0)
      nb++;
   if (nb == 0) {
      char l[160];
      snprintf(l, sizeof l, "No thread blocked in a futex wait (%s futex %s).",
               num(r->futex.total), plural(r->futex.total, "site", "sites"));
      text(b, MARGIN, y + 24, TEXT_PX, NULL, "fill=\"" MUTED "\"", l);
      return y + 24;
   }

   /* The bars, the most blocked first; past BAR_ROLES, the rest in
      one (build marked the roles with bars of their own). */
   size_t own = nb <= BAR_ROLES ? nb : BAR_ROLES - 1, nbars = own;
   Bar *bars = xrealloc(NULL, (own + 1) * sizeof *bars);
   memset(bars, 0, (own + 1) * sizeof *bars);
   for (size_t k = 0; k < own; k++) {
      const RoleInfo *ri = &rs->v[order[k]];
      bars[k].label = ri->label;
      bars[k].colour = ri->colour;
      memcpy(bars[k].by, ri->by_class, sizeof bars[k].by);
      bars[k].total = ri->blocked;
      bars[k].waits = ri->waits;
   }
   char restlab[64];
   if (own < nb) {
      Bar *br = &bars[nbars++];
      snprintf(restlab, sizeof restlab, "%s other roles", num(nb - own));
      br->label = restlab;
      br->colour = OTHER_ROLES;
      for (size_t k = own; k < nb; k++) {
         const RoleInfo *ri = &rs->v[order[k]];
         for (int c = 0; c < CL_N; c++)
            br->by[c] = add_sat(br->by[c], ri->by_class[c]);
         br->total = add_sat(br->total, ri->blocked);
         br->waits = add_sat(br->waits, ri->waits);
      }
   }

   /* The wait classes, in the role's colour: lock contention solid, idle
      light and hatched (so that they differ in grey too), the others
      lighter each.  A report of a tool before wait classes has only
      contention and idle: both are in its legend, as they always were;
      a newer one's legend has the classes it has. */
   y += 20;
   Legend lg = { 0 };
   bool seen[CL_N] = { false }, legacy;
   char swatch[CL_N][8];
   for (size_t k = 0; k < nbars; k++)
      for (int c = 0; c < CL_N; c++)
         seen[c] |= bars[k].by[c] > 0;
   legacy = seen[CL_CONTENTION] || !(seen[CL_LOCK] || seen[CL_CONDITION] ||
                                     seen[CL_JOIN] || seen[CL_SLEEP]);
   for (int c = 0; c < CL_N; c++) {
      mix(swatch[c], "#555555", "#ffffff", c == CL_IDLE ? 0.7 : cls[c].tint);
      if (legacy) {
         if (c == CL_CONTENTION || c == CL_IDLE)
            legend_add(&lg, swatch[c], c == CL_IDLE ? "url(#hatch)" : NULL,
                       cls[c].legend);
         else if (c == CL_OTHER && seen[c])
            legend_add(&lg, "#999999", NULL, "another class");
      } else if (seen[c]) {
         legend_add(&lg, swatch[c], c == CL_IDLE ? "url(#hatch)" : NULL,
                    cls[c].legend);
      }
   }
   y = legend_draw(b, &lg, y) + 16;

   /* Labels on the left, the bars, the values on the right: the bars
      as long as the values leave room for, the values naming the
      classes the bars are then too short to. */
   /* The longest bar, as the sum of its parts: the total saturates on
      absurd figures. */
   double max = 0, labw = 0;
   for (size_t k = 0; k < nbars; k++) {
      Bar *br = &bars[k];
      double w = text_px(br->label, TEXT_PX);
      labw = w > labw ? w : labw;
      for (int c = 0; c < CL_N; c++)
         br->sum += (double)br->by[c];
      max = br->sum > max ? br->sum : max;
      snprintf(br->head, sizeof br->head, "%s, %s %s", dur_str(br->total),
               num(br->waits), plural(br->waits, "wait", "waits"));
   }
   double bx = MARGIN + (labw > 300 ? 300 : labw) + 10, bw = WIDTH - MARGIN - bx;
   /* Shorter bars name fewer parts inside and so have longer values:
      a few rounds settle it.  Each bar's value ends where its own bar
      does, so each needs room past its own length. */
   for (int pass = 0; pass < 8; pass++) {
      double nbw = bw;
      for (size_t k = 0; k < nbars; k++) {
         double valw = bar_value(NULL, &bars[k], max, bw, 0, 0);
         double fit = (WIDTH - MARGIN - 8 - valw - bx) * max / bars[k].sum;
         nbw = fit < nbw ? fit : nbw;
      }
      nbw = nbw < 120 ? 120 : nbw;
      if (nbw >= bw)
         break;
      bw = nbw;
   }

   double bars_top = y;
   for (size_t k = 0; k < nbars; k++)
      draw_bar(b, &bars[k], bx, y + (double)k * (BAR_H + BAR_GAP), max, bw);
   y += (double)nbars * (BAR_H + BAR_GAP);
   addf(b, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" "
        "stroke=\"" INK "\" stroke-width=\"1\"/>\n", bx, bars_top - 4, bx,
        y - BAR_GAP + 4);
   char l[200];
   snprintf(l, sizeof l, "In all: %s blocked in %s %s at %s futex %s.",
            dur_str(r->futex.blocked_us), num(r->futex.waits),
            plural(r->futex.waits, "wait", "waits"), num(r->futex.total),
            plural(r->futex.total, "site", "sites"));
   text(b, MARGIN, y + 12, TEXT_PX, NULL, "fill=\"" MUTED "\"", l);
   free(bars);
   return y + 12;
}

/* ---- The picture ---- */

static void build(Buf *out, const Report *r, const OwnRules *own)
{
   Roles rs = { 0 };

   /* The roles, from the timeline's columns and the futex sites. */
   size_t *col_role = xrealloc(NULL,
                               (r->timeline.ncols ? r->timeline.ncols : 1) *
                                     sizeof *col_role);
   for (size_t c = 0; c < r->timeline.ncols; c++)
      col_role[c] = role_find(&rs, &r->timeline.cols[c]);
   for (size_t i = 0; i <= r->timeline.nsamples; i++) {
      const Sample *s = i < r->timeline.nsamples ? &r->timeline.samples[i]
                        : r->timeline.have_last ? &r->timeline.last : NULL;
      if (s == NULL)
         continue;
      for (size_t j = 0; j < s->nroles; j++) {
         if (s->roles[j].col >= r->timeline.ncols)
            continue;
         RoleInfo *ri = &rs.v[col_role[s->roles[j].col]];
         if (s->roles[j].bytes > ri->max_bytes)
            ri->max_bytes = s->roles[j].bytes;
      }
   }
   for (size_t i = 0; i < r->futex.nsites; i++) {
      const FSite *fs = &r->futex.sites[i];
      size_t at = role_find(&rs, &fs->role);   /* may move rs.v */
      RoleInfo *ri = &rs.v[at];
      int c = CL_OTHER;
      for (int k = 0; fs->class != NULL && k < CL_N; k++)
         if (strcmp(fs->class, cls[k].name) == 0)
            c = k;
      ri->by_class[c] = add_sat(ri->by_class[c], fs->fx.blocked_us);
      ri->blocked = add_sat(ri->blocked, fs->fx.blocked_us);
      ri->waits = add_sat(ri->waits, fs->fx.waits);
   }
   /* The roles by how much they matter, for the order of the layers
      and bars. */
   size_t *rank = xrealloc(NULL, (rs.n ? rs.n : 1) * sizeof *rank);
   for (size_t i = 0; i < rs.n; i++)
      rank[i] = i;
   sort_roles = &rs;
   qsort(rank, rs.n, sizeof *rank, cmp_rank);
   for (size_t k = 0; k < rs.n; k++)
      rs.v[rank[k]].rank = k;
   /* The bars' order, and which roles have a bar of their own (past
      BAR_ROLES, the least blocked share one): the heap's legend names
      those without an area of their own too. */
   rs.by_blocked = xrealloc(NULL, (rs.n ? rs.n : 1) * sizeof *rs.by_blocked);
   memcpy(rs.by_blocked, rank, rs.n * sizeof *rank);
   qsort(rs.by_blocked, rs.n, sizeof *rank, cmp_blocked);
   size_t nb = 0;
   while (nb < rs.n && rs.v[rs.by_blocked[nb]].blocked > 0)
      nb++;
   for (size_t k = 0; k < nb && (nb <= BAR_ROLES || k < BAR_ROLES - 1); k++)
      rs.v[rs.by_blocked[k]].in_bars = true;
   /* One colour per role, the same in both charts and in every
      picture: from its name and pool, not its rank.  Should two come
      out too alike, the later by name takes another shade, so that
      the picture stays readable and the same for the same roles. */
   for (size_t i = 0; i < rs.n; i++)
      rank[i] = i;
   qsort(rank, rs.n, sizeof *rank, cmp_by_name);
   for (size_t k = 0; k < rs.n; k++) {
      RoleInfo *ri = &rs.v[rank[k]];
      for (uint64_t bump = 0; bump < 100; bump++) {
         role_colour(ri->colour, ri->role, bump);
         bool clash = near_colour(ri->colour, OTHER_ROLES) ||
                      near_colour(ri->colour, OTHER_BYTES);
         for (size_t j = 0; j < k && !clash; j++)
            clash = near_colour(ri->colour, rs.v[rank[j]].colour);
         if (!clash)
            break;
      }
   }

   Buf body = { 0 };
   double y = draw_title(&body, r);
   y = draw_heap(&body, r, &rs, y + 14, col_role);
   y = draw_blocked(&body, r, &rs, y + 30);
   y = draw_cpu(&body, r, own, y + 30);
   int height = (int)(y + MARGIN + 0.5);

   Buf title = { 0 };
   buf_adds(&title, "asynctrace report of ");
   buf_adds(&title, r->run.exe ? r->run.exe : "?");
   buf_adds(&title, r->cpu ? ": heap over time, time blocked and CPU, by role"
                           : ": heap over time and time blocked, by role");
   char *t = clip_px(title.s, TEXT_PX, 4000);
   addf(out, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" "
        "width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" "
        "font-family=\"sans-serif\">\n<title>", WIDTH, height, WIDTH, height);
   esc(out, t);
   buf_adds(out, "</title>\n");
   /* The idle hatching: white strokes over the light tint. */
   buf_adds(out, "<defs>\n<pattern id=\"hatch\" patternUnits=\"userSpaceOnUse\" "
                 "width=\"6\" height=\"6\" patternTransform=\"rotate(45)\">\n"
                 "<rect x=\"0\" y=\"0\" width=\"2\" height=\"6\" "
                 "fill=\"#ffffff\" fill-opacity=\"0.75\"/>\n</pattern>\n"
                 "</defs>\n");
   addf(out, "<rect x=\"0\" y=\"0\" width=\"%d\" height=\"%d\" "
        "fill=\"#ffffff\"/>\n", WIDTH, height);
   buf_add(out, body.s, body.len);
   buf_adds(out, "</svg>\n");

   free(t);
   free(title.s);
   free(body.s);
   free(rank);
   free(rs.by_blocked);
   free(col_role);
   for (size_t i = 0; i < rs.n; i++)
      free(rs.v[i].label);
   free(rs.v);
}

int write_svg(const Report *rep, const OwnRules *own, const char *path)
{
   Buf svg = { 0 };
   build(&svg, rep, own);
   FILE *f = fopen(path, "w");
   if (f == NULL) {
      int e = errno;
      free(svg.s);
      return e;
   }
   errno = 0;
   size_t put = fwrite(svg.s, 1, svg.len, f);
   int e = put == svg.len ? 0 : errno ? errno : EIO;
   if (fclose(f) != 0 && e == 0)
      e = errno ? errno : EIO;
   free(svg.s);
   return e;
}
