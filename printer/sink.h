/* sink.h: where at_print's reader hands the records it reads.
 *
 * The reader (read.c and its parts) counts what the checks need of each
 * record it reads, then hands the record to a sink: a small table of
 * functions and their context, one function a kind of record.  It knows
 * no more of what becomes of the record.  Two sinks are made:
 *   keep.c   the keeper: the top N of each list, as --top, --leaks-top,
 *            --alloc-top and --futex-top say (report_read);
 *   group.c  the grouper: the live sites, loss records and allocation
 *            sites merged into their groups as they are read (with the
 *            stack table read first, report_read_grouped), the futex
 *            sites handed on to a keeper.
 * The read's entry points pick the sink (read.c, stacktab.c); a report
 * read whole and kept whole is grouped after by the same grouper, fed
 * the kept records (group_report).
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

#ifndef AT_SINK_H
#define AT_SINK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "report.h"

/* Each record function takes the record (and zeroes it) or frees it;
   it returns false if it cannot take it, which fails the read. */
typedef struct RecordSink {
   void *ctx;
   bool (*site)(void *ctx, Site *s);       /* a <live-at-exit> <site> */
   bool (*lrec)(void *ctx, Site *s);       /* a <loss-record> */
   bool (*asite)(void *ctx, ASite *a);     /* an <alloc-sites> <site> */
   bool (*fsite)(void *ctx, FSite *f);     /* a <futex-sites> <site> */
   /* Read with the stack table first: each of its stacks, its frames as
      indices in the report's tframes (NULL: not wanted). */
   bool (*stack)(void *ctx, const uint32_t *ids, size_t depth);
   /* </threads> has been read: every thread is known (NULL: not
      wanted). */
   void (*threads_read)(void *ctx);
} RecordSink;

/* keep.c: the keeper, which keeps in r's lists the records that may be
   among the top N lim says of each (the futex sites with neither waits
   nor wakes never).  k is its state, for as long as the read. */
typedef struct {
   Report *r;
   size_t top, futex_top, leaks_top, alloc_top;
   /* Each list has been cut back to its top N at least once: its entry
      N - 1 is then the smallest that can still be shown, and a smaller
      one read later is not kept. */
   bool cut_sites, cut_fsites, cut_lrecs, cut_asites;
} Keeper;

RecordSink keeper_sink(Keeper *k, Report *r, const Limits *lim);

/* group.c: the grouper, which merges the live sites, loss records and
   allocation sites into their groups (by role and pool, leak kind,
   orphan, the thread name of role other, and the stack's first own
   frames; docs/at_print.1).  Made for a version 2 report read with
   its stack table first (grouper_new: its sink is then handed the
   table's stacks before any record, and keys each by its id), or for
   the records of a report read whole (group_report: each record's
   stack keyed from its frames).  grouper_finish puts in r's lists the
   groups print_text can show (show's largest, the overview's largest
   leaks, the loss records of role other), their number in all in
   r->*_groups: false if it cannot. */
typedef struct Grouper Grouper;
Grouper *grouper_new(const Report *r, const OwnRules *own, size_t frames,
                     const Limits *show);
/* The grouper's sink; it hands the futex sites on to rest. */
RecordSink grouper_sink(Grouper *g, const RecordSink *rest);
bool grouper_finish(Grouper *g, Report *r);
void grouper_free(Grouper *g);

#endif
