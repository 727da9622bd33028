/* keep.c: the keeper, the record sink (sink.h) that keeps the top N of
 * each list while a report is read.
 *
 * A record handed over is kept if it may be among the top largest of
 * its list (the --top, --leaks-top, --alloc-top or --futex-top the
 * Limits say; a futex site with neither waits nor wakes is never
 * shown, so never kept).  To stay small with many records, a list is
 * cut back to its top entries whenever it has grown to twice that, and
 * once it has been, a record after the top-th kept is not kept at all
 * (the order is total, so it could never be shown).  With a top of
 * SIZE_MAX (grouped, or --format=json) every record is kept, in the
 * order of the file.
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
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "sink.h"

/* One keeper for the four lists: the size of an element, its order,
   and how one is freed. */
typedef struct {
   size_t elem;
   int (*cmp)(const void *, const void *);
   void (*free_one)(void *);
} TopList;

static void site_free_v(void *s) { site_free(s); }
static void fsite_free_v(void *s) { fsite_free(s); }
static void asite_free_v(void *s) { asite_free(s); }

static const TopList top_sites = { sizeof(Site), cmp_site, site_free_v };
static const TopList top_lrecs = { sizeof(Site), cmp_lrec, site_free_v };
static const TopList top_fsites = { sizeof(FSite), cmp_fsite, fsite_free_v };
static const TopList top_asites = { sizeof(ASite), cmp_asite, asite_free_v };

/* The record (elem bytes at x) into list *v (*n kept, *cap allocated)
   if it may be among the top largest: taken (x zeroed) or freed. */
static void keep_top(const TopList *t, void *x, void **v, size_t *n,
                     size_t *cap, size_t top, bool *cut)
{
   if (top == 0 || (*cut && t->cmp(x, (char *)*v + (top - 1) * t->elem) > 0)) {
      t->free_one(x);
      return;
   }
   *v = grow_array(*v, cap, *n + 1, t->elem);
   memcpy((char *)*v + (*n)++ * t->elem, x, t->elem);
   memset(x, 0, t->elem);
   if (top <= SIZE_MAX / 4 && *n >= 2 * top + 256) {
      qsort(*v, *n, t->elem, t->cmp);
      while (*n > top)
         t->free_one((char *)*v + --*n * t->elem);
      *cut = true;
   }
}

static bool keep_site(void *ctx, Site *s)
{
   Keeper *k = ctx;
   Report *r = k->r;
   keep_top(&top_sites, s, (void **)&r->live.sites, &r->live.nsites,
            &r->live.capsites, k->top, &k->cut_sites);
   return true;
}

static bool keep_lrec(void *ctx, Site *s)
{
   Keeper *k = ctx;
   Report *r = k->r;
   keep_top(&top_lrecs, s, (void **)&r->leaks.recs, &r->leaks.nrecs,
            &r->leaks.caprecs, k->leaks_top, &k->cut_lrecs);
   return true;
}

static bool keep_asite(void *ctx, ASite *a)
{
   Keeper *k = ctx;
   Report *r = k->r;
   keep_top(&top_asites, a, (void **)&r->alloc.sites, &r->alloc.nsites,
            &r->alloc.capsites, k->alloc_top, &k->cut_asites);
   return true;
}

static bool keep_fsite(void *ctx, FSite *f)
{
   Keeper *k = ctx;
   Report *r = k->r;
   if (f->fx.waits == 0 && f->fx.wakes == 0) {
      fsite_free(f);
      return true;
   }
   keep_top(&top_fsites, f, (void **)&r->futex.sites, &r->futex.nsites,
            &r->futex.capsites, k->futex_top, &k->cut_fsites);
   return true;
}

RecordSink keeper_sink(Keeper *k, Report *r, const Limits *lim)
{
   *k = (Keeper){ .r = r, .top = lim->top, .futex_top = lim->futex_top,
                  .leaks_top = lim->leaks_top, .alloc_top = lim->alloc_top };
   return (RecordSink){ .ctx = k, .site = keep_site, .lrec = keep_lrec,
                        .asite = keep_asite, .fsite = keep_fsite };
}
