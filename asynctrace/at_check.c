/*--------------------------------------------------------------------*/
/*--- asynctrace: figures that must add up.           at_check.c ---*/
/*--------------------------------------------------------------------*/

/* This file is part of asynctrace.  Copyright (C) 2026 the asynctrace
   authors.  GPL-2.0-or-later; see at_basics.h and COPYING.

   The report gives the same memory several ways: the live bytes of the
   process, of each role and of each thread, the heap timeline's last
   sample, and, after the leak scan, the four kinds.  The counters are
   kept as calls come and the kinds are counted block by block, so a
   figure that does not add up is a bug of ours.  Before the report is
   written every invariant is checked and a broken one is said on
   stderr, with both figures; the report is written all the same.
   at_print checks the same when it reads a report. */

#include "pub_tool_xarray.h"

#include "at_check.h"
#include "at_heap.h"
#include "at_leak.h"
#include "at_roles.h"
#include "at_tasks.h"
#include "at_threads.h"

static UInt broken;

static void check(Bool ok, const HChar* what, ULong got_b, ULong got_n,
                  ULong want_b, ULong want_n)
{
   if (ok)
      return;
   if (broken++ == 0)
      VG_(umsg)("asynctrace: BUG: the report's figures do not add up "
                "(please report this):\n");
   VG_(umsg)("asynctrace:   %s: %llu bytes in %llu blocks, "
             "expected %llu bytes in %llu blocks\n",
             what, got_b, got_n, want_b, want_n);
}

static void check_pair(const HChar* what, ULong got_b, ULong got_n,
                       ULong want_b, ULong want_n)
{
   check(got_b == want_b && got_n == want_n, what, got_b, got_n,
         want_b, want_n);
}

/* The four kinds against what is live, for the process and each role. */
static void check_leaks(const AT_HeapCounters* live)
{
   const AT_Amount* t = AT_(leak_totals)();
   XArray* recs = AT_(leak_records)();
   UInt    k, r, ninst = AT_(n_role_insts)();
   ULong   sb = 0, sn = 0;
   ULong*  by;
   Word    i;
   for (k = 0; k < AT_LK_N; k++) {
      sb += t[k].bytes;
      sn += t[k].blocks;
   }
   check_pair("leak kinds, summed, against live at exit", sb, sn,
              live->live_bytes, live->live_blocks);
   by = VG_(calloc)("at.check_by_role", 2 * (ninst ? ninst : 1),
                    sizeof(ULong));
   for (i = 0; i < VG_(sizeXA)(recs); i++) {
      const AT_LossRecord* g = VG_(indexXA)(recs, i);
      if (g->site->inst < ninst) {
         by[2 * g->site->inst]     += g->bytes;
         by[2 * g->site->inst + 1] += g->blocks;
      }
   }
   for (r = 0; r < ninst; r++) {
      const AT_HeapCounters* c = AT_(heap_of_role)((UShort)r);
      HChar what[120];
      const AT_RoleInst* ri = AT_(role_inst_info)((UShort)r);
      VG_(snprintf)(what, sizeof(what),
                    "leak kinds of role %s (pool %u) against its live "
                    "blocks", AT_(role_name)(ri->role), ri->pool);
      check_pair(what, by[2 * r], by[2 * r + 1], c->live_bytes,
                 c->live_blocks);
   }
   VG_(free)(by);
}

UInt AT_(check_invariants)(void)
{
   const AT_HeapSummary* h = AT_(heap_summary)();
   UInt   i, r, n = AT_(n_threads)(), ninst = AT_(n_role_insts)();
   ULong  tb = 0, tn = 0, rb = 0, rn = 0;
   XArray* tl;
   const AT_Sample* last;

   broken = 0;
   for (i = 1; i <= n; i++) {
      const AT_Thread* t = AT_(thread_by_seq)(i);
      tb += t->heap.live_bytes;
      tn += t->heap.live_blocks;
   }
   check_pair("threads' live blocks, summed, against the process's",
              tb, tn, h->total.live_bytes, h->total.live_blocks);
   for (r = 0; r < ninst; r++) {
      rb += AT_(heap_of_role)((UShort)r)->live_bytes;
      rn += AT_(heap_of_role)((UShort)r)->live_blocks;
   }
   check_pair("roles' live blocks, summed, against the process's",
              rb, rn, h->total.live_bytes, h->total.live_blocks);
   if (AT_(leak_checked)())
      check_leaks(&h->total);
   tl = AT_(heap_timeline)();
   last = VG_(sizeXA)(tl) > 0 ? VG_(indexXA)(tl, VG_(sizeXA)(tl) - 1)
                              : NULL;
   check(last != NULL && last->total == h->total.live_bytes,
         "the timeline's last sample against live at exit",
         last ? last->total : 0, 0, h->total.live_bytes, 0);
   for (r = 0; last != NULL && r < last->ninst && r < ninst; r++) {
      ULong want = AT_(heap_of_role)((UShort)r)->live_bytes;
      check(last->by_inst[r] == want, "a role's share of the timeline's "
            "last sample against its live bytes", last->by_inst[r], 0,
            want, 0);
   }
   VG_(deleteXA)(tl);
   broken += AT_(tasks_check)();
   return broken;
}

/*--------------------------------------------------------------------*/
/*--- end                                              at_check.c ---*/
/*--------------------------------------------------------------------*/
