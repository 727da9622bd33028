/* growth.c: leak suspects from the snapshots: the sites whose live bytes
 * grow across the snapshots taken after a warm-up.
 *
 * A site is a stack and a role, as in the report's <snapshot> <site>s.
 * A snapshot lists only its largest sites, so a site has a point in the
 * snapshots that list it; it needs at least MIN_POINTS of them after the
 * warm-up, the last snapshot among them.  Through its points a line is
 * fitted by least squares (live bytes against the snapshot's time, or
 * its number if the times are all equal): the slope is its growth per
 * hour (or per snapshot), R^2 how well a line fits.  "Steady" is the share of the steps
 * between consecutive points in which it grew.  A suspect grew overall,
 * in at least STEADY_MIN of its steps, with R^2 at least R2_MIN: a
 * steady-state site (a cache, a pool) goes up and down or stays flat.
 *
 * Tokio spawn sites (a snapshot's <tasks> <spawn-site>s) are fitted the
 * same way on the heap their tasks hold, live-bytes + cell-bytes: a
 * spawn site whose tasks keep more and more (or which has more and more
 * tasks alive) is a suspect too, in a list of its own.
 *
 * With leak scans in the snapshots (--snapshot-leak-check=yes), the
 * definitely lost bytes of each role are fitted the same way over the
 * scans after the warm-up (a role a scan does not list had none: its
 * rows are complete), every role of the last scan, saying whether it
 * grows; and the lost records (by stack, role and kind; a scan lists
 * only its largest, so a record has a point in the scans that list it),
 * the growing ones only.
 *
 * The warm-up: snapshots up to --after=N (a snapshot's seq) or taken no
 * later than --after=TIME; without --after, those before the first phase
 * the program marked (ASYNCTRACE_PHASE); without a phase, none.
 *
 * Copyright (C) 2026 the asynctrace authors.
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#include <stdlib.h>
#include <string.h>

#include "report.h"

#define MIN_POINTS 3
#define STEADY_MIN 0.75
#define R2_MIN     0.8

AfterOpt growth_after;

/* N (a snapshot), or N followed by ms, s, min or h. */
bool parse_after(const char *s, AfterOpt *out)
{
   char *end;
   unsigned long long v;
   if (*s < '0' || *s > '9')
      return false;
   v = strtoull(s, &end, 10);
   out->set = true;
   out->by_time = *end != '\0';
   if (*end == '\0')
      out->v = v;
   else if (strcmp(end, "ms") == 0)
      out->v = v;
   else if (strcmp(end, "s") == 0)
      out->v = v * 1000;
   else if (strcmp(end, "min") == 0)
      out->v = v * 60000;
   else if (strcmp(end, "h") == 0)
      out->v = v * 3600000;
   else
      return false;
   return true;
}

static bool same_site(const SnapSite *a, const SnapSite *b)
{
   if (a->stack.ref != b->stack.ref || a->role.pool != b->role.pool)
      return false;
   if (a->stack.ref == 0 && a->stack.nframes + b->stack.nframes > 0)
      return false;              /* version 1 stacks: not compared */
   return strcmp(a->role.role ? a->role.role : "",
                 b->role.role ? b->role.role : "") == 0;
}

static int cmp_suspect(const void *va, const void *vb)
{
   const Suspect *a = va, *b = vb;
   if (a->per_hour != b->per_hour)
      return a->per_hour > b->per_hour ? -1 : 1;
   return a->site->stack.ref < b->site->stack.ref ? -1
        : a->site->stack.ref > b->site->stack.ref;
}

/* The fit through m points; false if they are no suspect. */
static bool fit(const double *x, const double *y, size_t m, size_t up,
                bool by_time, Suspect *s)
{
   double mx = 0, my = 0, sxx = 0, sxy = 0, syy = 0;
   for (size_t i = 0; i < m; i++) {
      mx += x[i];
      my += y[i];
   }
   mx /= m;
   my /= m;
   for (size_t i = 0; i < m; i++) {
      sxx += (x[i] - mx) * (x[i] - mx);
      sxy += (x[i] - mx) * (y[i] - my);
      syy += (y[i] - my) * (y[i] - my);
   }
   /* The figures are set even for no suspect: a leak scan's roles are
      listed either way. */
   s->points = m;
   s->steady = m > 1 ? (double)up / (double)(m - 1) : 0;
   if (sxx <= 0 || syy <= 0)
      return false;
   double slope = sxy / sxx;
   double r2 = sxy * sxy / (sxx * syy);
   /* Per ms, or per snapshot when the times say nothing. */
   s->per_hour = by_time ? slope * 3600000.0 : 0;
   s->per_snap = by_time ? 0 : slope;
   s->r2 = r2;
   return slope > 0 && s->steady >= STEADY_MIN && r2 >= R2_MIN;
}

static uint64_t spawn_held(const SnapSpawn *x)
{
   return x->live_bytes + x->cell_bytes;
}

static const SnapSpawn *spawn_in(const Snap *sn, uint64_t id)
{
   if (sn->tasks == NULL)
      return NULL;
   for (size_t j = 0; j < sn->tasks->nsites; j++)
      if (sn->tasks->sites[j].id == id)
         return &sn->tasks->sites[j];
   return NULL;
}

static int cmp_spawn_suspect(const void *va, const void *vb)
{
   const Suspect *a = va, *b = vb;
   if (a->per_hour != b->per_hour)
      return a->per_hour > b->per_hour ? -1 : 1;
   return a->spawn->id < b->spawn->id ? -1 : a->spawn->id > b->spawn->id;
}

/* A row of a scan that is that role's definitely lost, or NULL. */
static const SnapLeak *def_role_in(const Snap *sn, const Role *role)
{
   for (size_t j = 0; j < sn->nlroles; j++)
      if (sn->lroles[j].kind == LK_DEF && same_role(&sn->lroles[j].role, role))
         return &sn->lroles[j];
   return NULL;
}

static bool same_lrec(const SnapLeak *a, const SnapLeak *b)
{
   if (a->kind != b->kind || a->stack.ref != b->stack.ref ||
       (a->stack.ref == 0 && a->stack.nframes + b->stack.nframes > 0))
      return false;              /* version 1 stacks: not compared */
   return same_role(&a->role, &b->role);
}

static int cmp_leak_suspect(const void *va, const void *vb)
{
   const Suspect *a = va, *b = vb;
   if (a->grows != b->grows)
      return a->grows ? -1 : 1;
   if (a->per_hour != b->per_hour)
      return a->per_hour > b->per_hour ? -1 : 1;
   if (a->last_bytes != b->last_bytes)
      return a->last_bytes > b->last_bytes ? -1 : 1;
   return cmp_role(&a->leak->role, &b->leak->role);
}

/* The leak scans' roles and records, over snaps [first, n). */
static void leak_growth(const Snaps *ss, size_t first, Growth *g)
{
   const Snap *last = NULL;
   for (size_t i = first; i < ss->n; i++)
      if (ss->list[i].has_leaks) {
         g->lused++;
         last = &ss->list[i];
      }
   if (g->lused < MIN_POINTS)
      return;
   bool by_time = false;
   for (size_t i = first; i < ss->n; i++)
      if (ss->list[i].has_leaks && ss->list[i].ms != last->ms)
         by_time = true;
   double *x = xrealloc(NULL, g->lused * sizeof *x);
   double *y = xrealloc(NULL, g->lused * sizeof *y);
   size_t cap = 0;
   for (size_t k = 0; k < last->nlroles; k++) {
      const SnapLeak *row = &last->lroles[k];
      size_t m = 0, up = 0;
      Suspect s = { 0 };
      if (row->kind != LK_DEF)
         continue;
      for (size_t i = first; i < ss->n; i++) {
         const Snap *sn = &ss->list[i];
         if (!sn->has_leaks)
            continue;
         const SnapLeak *o = def_role_in(sn, &row->role);
         x[m] = by_time ? (double)sn->ms : (double)sn->seq;
         y[m] = o ? (double)o->bytes : 0;
         if (m == 0) {
            s.first_seq = sn->seq;
            s.first_bytes = o ? o->bytes : 0;
         } else if (y[m] > y[m - 1]) {
            up++;
         }
         m++;
      }
      s.grows = fit(x, y, m, up, by_time, &s) && row->bytes > s.first_bytes;
      s.leak = row;
      s.last_seq = last->seq;
      s.last_bytes = row->bytes;
      GROW(g->lroles, cap, g->nlroles + 1);
      g->lroles[g->nlroles++] = s;
   }
   cap = 0;
   for (size_t k = 0; k < last->nlrecs; k++) {
      const SnapLeak *row = &last->lrecs[k];
      size_t m = 0, up = 0;
      Suspect s = { 0 };
      for (size_t i = first; i < ss->n; i++) {
         const Snap *sn = &ss->list[i];
         for (size_t j = 0; sn->has_leaks && j < sn->nlrecs; j++) {
            if (!same_lrec(&sn->lrecs[j], row))
               continue;
            x[m] = by_time ? (double)sn->ms : (double)sn->seq;
            y[m] = (double)sn->lrecs[j].bytes;
            if (m == 0) {
               s.first_seq = sn->seq;
               s.first_bytes = sn->lrecs[j].bytes;
            } else if (y[m] > y[m - 1]) {
               up++;
            }
            m++;
            break;
         }
      }
      if (m < MIN_POINTS || row->bytes <= s.first_bytes ||
          !fit(x, y, m, up, by_time, &s))
         continue;
      s.grows = true;
      s.leak = row;
      s.last_seq = last->seq;
      s.last_bytes = row->bytes;
      GROW(g->lrecs, cap, g->nlrecs + 1);
      g->lrecs[g->nlrecs++] = s;
   }
   free(x);
   free(y);
   if (g->nlroles > 1)
      qsort(g->lroles, g->nlroles, sizeof *g->lroles, cmp_leak_suspect);
   if (g->nlrecs > 1)
      qsort(g->lrecs, g->nlrecs, sizeof *g->lrecs, cmp_leak_suspect);
}

Growth *growth_find(const Report *r)
{
   const Snaps *ss = r->snaps;
   Growth *g;
   size_t first, n;
   if (ss == NULL || ss->n == 0)
      return NULL;
   g = xrealloc(NULL, sizeof *g);
   memset(g, 0, sizeof *g);
   g->why = "none";
   if (growth_after.set && !growth_after.by_time) {
      g->after_seq = growth_after.v;
      g->why = "--after";
   } else if (growth_after.set) {
      g->why = "--after";
      for (size_t i = 0; i < ss->n; i++)
         if (ss->list[i].ms <= growth_after.v)
            g->after_seq = ss->list[i].seq;
   } else if (ss->nphases > 0) {
      g->phase = &ss->phases[0];
      g->after_seq = g->phase->after;
      g->why = "phase";
   }
   for (first = 0; first < ss->n && ss->list[first].seq <= g->after_seq;
        first++)
      ;
   n = ss->n - first;
   g->used = n;
   leak_growth(ss, first, g);
   if (n < MIN_POINTS)
      return g;
   const Snap *last = &ss->list[ss->n - 1];
   bool by_time = ss->list[first].ms != last->ms;
   double *x = xrealloc(NULL, n * sizeof *x);
   double *y = xrealloc(NULL, n * sizeof *y);
   size_t cap = 0;
   for (size_t k = 0; k < last->nsites; k++) {
      const SnapSite *site = &last->sites[k];
      size_t m = 0, up = 0;
      uint64_t first_seq = 0, first_bytes = 0;
      for (size_t i = first; i < ss->n; i++) {
         const Snap *sn = &ss->list[i];
         for (size_t j = 0; j < sn->nsites; j++) {
            if (!same_site(&sn->sites[j], site))
               continue;
            x[m] = by_time ? (double)sn->ms : (double)sn->seq;
            y[m] = (double)sn->sites[j].live_bytes;
            if (m == 0) {
               first_seq = sn->seq;
               first_bytes = sn->sites[j].live_bytes;
            } else if (y[m] > y[m - 1]) {
               up++;
            }
            m++;
            break;
         }
      }
      Suspect s = { 0 };
      if (m < MIN_POINTS || site->live_bytes <= first_bytes ||
          !fit(x, y, m, up, by_time, &s))
         continue;
      GROW(g->list, cap, g->n + 1);
      s.site = site;
      s.first_seq = first_seq;
      s.last_seq = last->seq;
      s.first_bytes = first_bytes;
      s.last_bytes = site->live_bytes;
      g->list[g->n++] = s;
   }
   /* Spawn sites, by id, the same way. */
   cap = 0;
   for (size_t k = 0; last->tasks && k < last->tasks->nsites; k++) {
      const SnapSpawn *row = &last->tasks->sites[k];
      size_t m = 0, up = 0;
      uint64_t first_seq = 0, first_bytes = 0;
      for (size_t i = first; i < ss->n; i++) {
         const SnapSpawn *o = spawn_in(&ss->list[i], row->id);
         if (o == NULL)
            continue;
         x[m] = by_time ? (double)ss->list[i].ms : (double)ss->list[i].seq;
         y[m] = (double)spawn_held(o);
         if (m == 0) {
            first_seq = ss->list[i].seq;
            first_bytes = spawn_held(o);
         } else if (y[m] > y[m - 1]) {
            up++;
         }
         m++;
      }
      Suspect s = { 0 };
      if (m < MIN_POINTS || spawn_held(row) <= first_bytes ||
          !fit(x, y, m, up, by_time, &s))
         continue;
      GROW(g->spawn, cap, g->nspawn + 1);
      s.spawn = row;
      s.first_seq = first_seq;
      s.last_seq = last->seq;
      s.first_bytes = first_bytes;
      s.last_bytes = spawn_held(row);
      g->spawn[g->nspawn++] = s;
   }
   free(x);
   free(y);
   if (g->n > 1)
      qsort(g->list, g->n, sizeof *g->list, cmp_suspect);
   if (g->nspawn > 1)
      qsort(g->spawn, g->nspawn, sizeof *g->spawn, cmp_spawn_suspect);
   return g;
}

void growth_free(Growth *g)
{
   if (g == NULL)
      return;
   free(g->list);
   free(g->spawn);
   free(g->lroles);
   free(g->lrecs);
   free(g);
}
