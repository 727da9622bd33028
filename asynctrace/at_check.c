/*--------------------------------------------------------------------*/
/*--- asynctrace: figures that must add up.           at_check.c ---*/
/*--------------------------------------------------------------------*/

/* This file is part of asynctrace.  Copyright (C) 2026 the asynctrace
   authors.  GPL-2.0-or-later; see at_basics.h and COPYING.

   The report gives the same memory several ways: the live bytes of the
   process, of each role and of each thread, the heap timeline's last
   sample, and, after the leak scan, the four kinds.  The counters are
   kept as calls come and the kinds are counted block by block, so a
   figure that does not add up is a bug of ours.  So are futex waits
   whose classes do not sum to them, or whose threads, roles and sites
   do not sum to the same figures.  Before the report is
   written every invariant is checked and a broken one is said on
   stderr, with both figures; the report is written all the same.
   at_print checks the same when it reads a report. */

#include "pub_tool_libcproc.h"
#include "pub_tool_xarray.h"

#include "at_check.h"
#include "at_clock.h"
#include "at_cpu.h"
#include "at_futex.h"
#include "at_heap.h"
#include "at_leak.h"
#include "at_footprint.h"
#include "at_maps.h"
#include "at_roles.h"
#include "at_taskfig.h"
#include "at_threads.h"

static UInt broken;

/* Counts a broken invariant; the first one says what they are. */
static void one_broken(void)
{
   if (broken++ == 0)
      VG_(umsg)("asynctrace: BUG: the report's figures do not add up "
                "(please report this):\n");
}

static void check(Bool ok, const HChar* what, ULong got_b, ULong got_n,
                  ULong want_b, ULong want_n)
{
   if (ok)
      return;
   one_broken();
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

static void check_count(const HChar* what, ULong got, ULong want)
{
   if (got == want)
      return;
   one_broken();
   VG_(umsg)("asynctrace:   %s: %llu, expected %llu\n", what, got, want);
}

/*------------------------------------------------------------*/
/*--- Futex waits                                          ---*/
/*------------------------------------------------------------*/

/* Waits and blocked time by class: the class of each, and the three
   ways of counting them (threads, roles, sites). */
typedef struct { ULong waits, us, cw[AT_WAIT_N], cu[AT_WAIT_N]; } WaitSum;

static void sum_waits(WaitSum* s, const AT_FutexStats* f, const HChar* of)
{
   ULong w = 0, u = 0;
   UInt  k;
   HChar what[120];
   for (k = 0; k < AT_WAIT_N; k++) {
      w += f->class_waits[k];
      u += f->class_us[k];
      s->cw[k] += f->class_waits[k];
      s->cu[k] += f->class_us[k];
   }
   s->waits += f->waits;
   s->us    += f->blocked_us;
   VG_(snprintf)(what, sizeof(what), "the waits of %s by class, summed", of);
   check_count(what, w, f->waits);
   VG_(snprintf)(what, sizeof(what), "the blocked time of %s by class, "
                 "summed", of);
   check_count(what, u, f->blocked_us);
}

static void check_same(const HChar* of, const WaitSum* a, const WaitSum* b)
{
   UInt  k;
   HChar what[120];
   VG_(snprintf)(what, sizeof(what), "the %s' futex waits against the "
                 "threads'", of);
   check_count(what, a->waits, b->waits);
   VG_(snprintf)(what, sizeof(what), "the %s' blocked time against the "
                 "threads'", of);
   check_count(what, a->us, b->us);
   for (k = 0; k < AT_WAIT_N; k++) {
      VG_(snprintf)(what, sizeof(what), "the %s' %s waits against the "
                    "threads'", of, AT_(wait_class_name)(k));
      check_count(what, a->cw[k], b->cw[k]);
      check_count(what, a->cu[k], b->cu[k]);
   }
}

static void check_futex(void)
{
   WaitSum th, ro, si;
   UInt    i, n = AT_(n_threads)(), ninst = AT_(n_role_insts)();
   XArray* sites = AT_(futex_sites)();
   Word    j;
   HChar   of[60];
   VG_(memset)(&th, 0, sizeof(th));
   VG_(memset)(&ro, 0, sizeof(ro));
   VG_(memset)(&si, 0, sizeof(si));
   for (i = 1; i <= n; i++) {
      VG_(snprintf)(of, sizeof(of), "thread %u", i);
      sum_waits(&th, AT_(futex_of_thread)(i), of);
   }
   for (i = 0; i < ninst; i++) {
      VG_(snprintf)(of, sizeof(of), "role %s",
                    AT_(role_name)(AT_(role_inst_info)((UShort)i)->role));
      sum_waits(&ro, AT_(futex_of_role)((UShort)i), of);
   }
   for (j = 0; j < VG_(sizeXA)(sites); j++) {
      const AT_FutexSite* s = VG_(indexXA)(sites, j);
      VG_(snprintf)(of, sizeof(of), "a futex site of class %s",
                    AT_(wait_class_name)(s->klass));
      sum_waits(&si, &s->st, of);
      check_count(of, s->st.class_waits[s->klass], s->st.waits);
   }
   VG_(deleteXA)(sites);
   check_same("roles", &ro, &th);
   check_same("sites", &si, &th);
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
   /* With what the scan left out, as memcheck does (a pool's blocks). */
   sb += AT_(leak_left_out)()->bytes;
   sn += AT_(leak_left_out)()->blocks;
   check_pair("leak kinds and blocks left out, summed, against live at exit", sb, sn,
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
      by[2 * r]     += AT_(leak_left_out_of)((UShort)r)->bytes;
      by[2 * r + 1] += AT_(leak_left_out_of)((UShort)r)->blocks;
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

/* The mappings (at_maps.c): each role's and each thread's, summed,
   against the process's; the live ranges against both; the peak holds
   at least what is live now. */
static void check_maps(void)
{
   UInt    r, k, p, ninst = AT_(n_role_insts)(), nthr = AT_(n_threads)();
   AT_Footprint* bt = AT_(footprint_by_thread)();
   XArray* live = AT_(maps_live)();
   ULong   peak_now, peak_then;
   Word    i;
   for (p = 0; p < 2; p++) {
      const AT_Footprint* t = AT_(footprint_total)(p == 1);
      for (k = 0; k < AT_MAP_KINDS; k++) {
         ULong b = 0, n = 0;
         HChar what[100];
         for (r = 0; r < ninst; r++) {
            b += AT_(footprint_of_role)((UShort)r, p == 1)->bytes[k];
            n += AT_(footprint_of_role)((UShort)r, p == 1)->count[k];
         }
         VG_(snprintf)(what, sizeof(what), "roles' %s maps %s, summed, "
                       "against the process's", AT_(map_kind_name)(k),
                       p ? "at the peak" : "at exit");
         check_pair(what, b, n, t->bytes[k], t->count[k]);
         if (p == 1)
            continue;
         b = n = 0;
         for (r = 0; r < nthr; r++) {
            b += bt[r].bytes[k];
            n += bt[r].count[k];
         }
         VG_(snprintf)(what, sizeof(what), "threads' %s maps, summed, "
                       "against the process's", AT_(map_kind_name)(k));
         check_pair(what, b, n, t->bytes[k], t->count[k]);
      }
   }
   {
      const AT_Footprint* t = AT_(footprint_total)(False);
      ULong b = 0, want = 0;
      for (i = 0; i < VG_(sizeXA)(live); i++)
         b += ((const AT_Map*)VG_(indexXA)(live, i))->len;
      for (k = 0; k < AT_MAP_KINDS; k++)
         want += t->bytes[k];
      check_pair("live mappings, summed, against the maps' totals",
                 b, VG_(sizeXA)(live), want,
                 t->count[0] + t->count[1] + t->count[2]);
      peak_now = t->heap + want;
   }
   {
      const AT_Footprint* t = AT_(footprint_total)(True);
      peak_then = t->heap + t->bytes[0] + t->bytes[1] + t->bytes[2];
   }
   check(peak_then >= peak_now && peak_then == AT_(footprint_peak),
         "the footprint's peak against its figures and what is live now",
         peak_then, 0, AT_(footprint_peak), 0);
   VG_(free)(bt);
   VG_(deleteXA)(live);
}

/* The CPU profile's rows sum to the threads' instructions exactly
   (at_cpu.c charges each thread's tail to its last sample's row). */
static void check_cpu(void)
{
   ULong   insns, samples, want = 0;
   UInt    i, n = AT_(n_threads)();
   XArray* rows;
   if (!AT_(cpu_on)())
      return;
   rows = AT_(cpu_rows)(&insns, &samples);
   VG_(deleteXA)(rows);
   for (i = 1; i <= n; i++)
      want += AT_(thread_by_seq)(i)->insns;
   if (insns == want)
      return;
   one_broken();
   VG_(umsg)("asynctrace:   the CPU profile's rows, summed, against the "
             "threads' instructions: %llu, expected %llu\n", insns, want);
}

/* Valgrind runs one thread at a time: the threads' running times add
   up to at most the run's (a little slack for the two clocks). */
static void check_running(void)
{
   ULong run = 0, wall = (ULong)AT_NOW_MS() * 1000;
   UInt  i, n = AT_(n_threads)();
   for (i = 1; i <= n; i++)
      run += AT_(clock_us)(AT_(thread_by_seq)(i)->run_ticks);
   if (run <= wall + wall / 50 + 10000)
      return;
   one_broken();
   VG_(umsg)("asynctrace:   the threads' running time, summed, against "
             "the run's: %llu us, at most %llu us\n", run, wall);
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
   check_maps();
   check_futex();
   check_cpu();
   check_running();
   broken += AT_(tasks_check)();
   return broken;
}

/*--------------------------------------------------------------------*/
/*--- end                                              at_check.c ---*/
/*--------------------------------------------------------------------*/
