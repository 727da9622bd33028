/*--------------------------------------------------------------------*/
/*--- asynctrace: the XML report.                     at_report.c ---*/
/*--------------------------------------------------------------------*/

/* This file is part of asynctrace.  Copyright (C) 2026 the asynctrace
   authors.  GPL-2.0-or-later; see at_basics.h and COPYING.

   The report is written whole each time (at exit, at a snapshot, on
   demand), section by section in the format's order, into a temporary
   file beside the report's that replaces it only once it is complete:
   a run killed while writing leaves the last whole report.  A name
   that leads to a device or a FIFO is written into as a stream, at the
   end only ("Writing it" below says what each kind of name gets).  A
   report at the end that cannot be written is said, with the reason,
   and goes to $TMPDIR (else /tmp); if it cannot go there either, the
   last snapshot's report left in the file is marked in place
   (<final-report-lost>: how the run ended, why its report is not
   there), so that it does not pass for a killed run's.  A snapshot's
   that cannot be written is said once and the file keeps the last
   whole one.  The sections come from each layer's figures, read after
   AT_(settle_and_write) has brought them up to date; writing goes
   through at_xmlout.c, and <tasks> is at_taskrep.c's.

   The format is described in docs/report-format.md and its schema is
   docs/asynctrace-report.rng; change all three together. */

#include "pub_tool_aspacemgr.h"
#include "pub_tool_clientstate.h"
#include "pub_tool_debuginfo.h"
#include "pub_tool_execontext.h"
#include "pub_tool_libcfile.h"
#include "pub_tool_libcproc.h"
#include "pub_tool_options.h"
#include "pub_tool_threadstate.h"
#include "pub_tool_vki.h"
#include "pub_tool_xarray.h"

#include "at_clock.h"
#include "at_check.h"
#include "at_futex.h"
#include "at_heap.h"
#include "at_insns.h"
#include "at_leak.h"
#include "at_footprint.h"
#include "at_maps.h"
#include "at_mapsrep.h"
#include "at_options.h"
#include "at_report.h"
#include "at_taskfig.h"
#include "at_cpurep.h"
#include "at_taskrep.h"
#include "at_tasks.h"
#include "at_roles.h"
#include "at_snap.h"
#include "at_symbols.h"
#include "at_syscalls.h"
#include "at_threads.h"
#include "at_xmlout.h"

/*------------------------------------------------------------*/
/*--- Run header                                           ---*/
/*------------------------------------------------------------*/

static ULong start_epoch_ms;

void AT_(report_init)(void)
{
   struct vki_timeval tv;
   if (VG_(gettimeofday)(&tv, NULL) == 0)
      start_epoch_ms = (ULong)tv.tv_sec * 1000ULL + tv.tv_usec / 1000;
}

/* Days since 1970-01-01 to a civil date (proleptic Gregorian). */
static void civil_from_days(Long z, Long* y, UInt* m, UInt* d)
{
   Long era, yoe, doy, mp;
   z += 719468;
   era = (z >= 0 ? z : z - 146096) / 146097;
   Long doe = z - era * 146097;
   yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
   *y  = yoe + era * 400;
   doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
   mp  = (5 * doy + 2) / 153;
   *d  = (UInt)(doy - (153 * mp + 2) / 5 + 1);
   *m  = (UInt)(mp < 10 ? mp + 3 : mp - 9);
   if (*m <= 2)
      (*y)++;
}

static void out_start_time(void)
{
   ULong secs = start_epoch_ms / 1000;
   Long  y;
   UInt  m, d;
   civil_from_days((Long)(secs / 86400), &y, &m, &d);
   AT_(out_fmt)("<start-time epoch-ms=\"%llu\">%04lld-%02u-%02uT%02llu:%02llu:"
                "%02llu.%03lluZ</start-time>\n",
                start_epoch_ms, y, m, d, (secs % 86400) / 3600,
                (secs % 3600) / 60, secs % 60, start_epoch_ms % 1000);
}

/* The thread a fatal signal killed: who, the fault, its stack. */
static void out_crash(const AT_Crash* c)
{
   const AT_Thread* t = AT_(thread_by_seq)(c->seq);
   AT_(out_fmt)("  <crash thread=\"%u\"", c->seq);
   AT_(out_role_attrs)(c->inst);
   if (c->has_code)
      AT_(out_fmt)(" code=\"%d\"", c->code);
   if (c->has_addr)
      AT_(out_fmt)(" addr=\"%#lx\"", c->addr);
   AT_(out_str)(" name=\"");
   AT_(out_esc)(t ? AT_(thread_name)(t) : "");
   AT_(out_str)("\">");
   AT_(out_stack)(c->stack);
   AT_(out_str)("</crash>\n");
}

/* A snapshot's report must not pass for a killed run's if the report
   at the end is then lost (the disk full, and $TMPDIR too).  Writing
   anything new may fail then, but bytes the file already has can be
   overwritten: each snapshot's report keeps a line of AT_LOST_SLOT
   bytes at the end of <run> (a comment, padded), which the end puts
   <final-report-lost> into, the same length ("Writing it" below,
   mark_lost_end).  On a copy-on-write file system (btrfs) even that
   may fail; it is then said. */
#define AT_LOST_SLOT 256
#define AT_LOST_PLACEHOLDER \
   "  <!-- room for <final-report-lost/> should the report at the end " \
   "not be written -->"

static ULong lost_slot_at;      /* the slot's offset in the last report
                                   written with one */

static void out_run(const AT_RunEnd* end)
{
   Word i;
   AT_(out_str)("<run>\n");
   AT_(out_str)("  <tool name=\"asynctrace\" version=\"" AT_VERSION "\"/>\n");
   AT_(out_str)("  <valgrind version=\"" AT_VALGRIND_VERSION "\"/>\n");
   AT_(out_str)("  <command><exe>");
   AT_(out_esc)(VG_(args_the_exename) ? VG_(args_the_exename) : "");
   AT_(out_str)("</exe>");
   for (i = 0; i < VG_(sizeXA)(VG_(args_for_client)); i++) {
      AT_(out_str)("<arg>");
      AT_(out_esc)(*(HChar**)VG_(indexXA)(VG_(args_for_client), i));
      AT_(out_str)("</arg>");
   }
   AT_(out_str)("</command>\n");
   AT_(out_fmt)("  <pid>%d</pid>\n  <ppid>%d</ppid>\n", VG_(getpid)(),
                VG_(getppid)());
   AT_(out_str)("  ");
   out_start_time();
   AT_(out_fmt)("  <duration-ms>%u</duration-ms>\n", end->ms);
   switch (end->how) {
      case AT_END_EXIT:
         AT_(out_fmt)("  <end how=\"exit\" status=\"%d\"/>\n", end->status);
         break;
      case AT_END_SIGNAL:
         AT_(out_fmt)("  <end how=\"signal\" signal=\"%s\" signo=\"%d\"/>\n",
                      AT_(signal_name)(end->signo), end->signo);
         if (end->crash)
            out_crash(end->crash);
         break;
      case AT_END_EXEC:
         AT_(out_str)("  <end how=\"exec\"/>\n");
         break;
      case AT_END_THREAD_LIMIT:
         AT_(out_fmt)("  <end how=\"thread-limit\" max-threads=\"%u\"/>\n",
                      VG_N_THREADS);
         break;
      case AT_END_SNAPSHOT:
         AT_(out_fmt)("  <end how=\"snapshot\" snapshot=\"%u\"/>\n",
                      AT_(snap_taken)());
         break;
   }
   for (i = 0; i < AT_(symbols_missing_count)(); i++) {
      AT_(out_str)("  <no-symbols object=\"");
      AT_(out_esc)(AT_(symbols_missing_at)((UInt)i));
      AT_(out_str)("\"/>\n");
   }
   if (end->how == AT_END_SNAPSHOT) {
      HChar slot[AT_LOST_SLOT + 1];
      AT_(pad_line)(slot, AT_LOST_PLACEHOLDER, AT_LOST_SLOT);
      lost_slot_at = AT_(out_offset)();
      AT_(out_str)(slot);
   }
   AT_(out_str)("</run>\n");
}

/*------------------------------------------------------------*/
/*--- Threads and heap                                     ---*/
/*------------------------------------------------------------*/

static void out_counters(const AT_HeapCounters* c)
{
   AT_(out_fmt)("allocs=\"%llu\" frees=\"%llu\" bytes-allocated=\"%llu\" "
                "bytes-freed=\"%llu\" live-blocks=\"%llu\" "
                "live-bytes=\"%llu\" "
                "peak-live=\"%llu\"",
                c->allocs, c->frees, c->bytes_allocated, c->bytes_freed,
                c->live_blocks, c->live_bytes, c->peak_live);
}

static void out_futex_counters(const AT_FutexStats* f)
{
   UInt k;
   AT_(out_fmt)("waits=\"%llu\" woken=\"%llu\" eagain=\"%llu\" "
                "timeouts=\"%llu\" eintr=\"%llu\" errors=\"%llu\" "
                "pending=\"%llu\" blocked-us=\"%llu\" max-us=\"%llu\" "
                "idle-waits=\"%llu\" idle-us=\"%llu\" wakes=\"%llu\" "
                "woke=\"%llu\"",
                f->waits, f->woken, f->eagain, f->timeouts, f->eintr,
                f->errors, f->pending, f->blocked_us, f->max_us,
                f->class_waits[AT_WAIT_IDLE], f->class_us[AT_WAIT_IDLE],
                f->wakes, f->woke);
   /* The other classes' share (idle's is above, as it always was). */
   for (k = 0; k < AT_WAIT_N; k++)
      if (k != AT_WAIT_IDLE)
         AT_(out_fmt)(" %s-waits=\"%llu\" %s-us=\"%llu\"",
                      AT_(wait_class_name)(k), f->class_waits[k],
                      AT_(wait_class_name)(k), f->class_us[k]);
}

/* <syscalls io-calls= io-us= poll-calls= ...>: the thread's time in
   the syscalls that may block, futexes aside (at_syscalls.c). */
static void out_sys_times(const AT_SysTimes* s)
{
   Int c;
   if (s == NULL)
      return;
   AT_(out_str)("    <syscalls");
   for (c = 0; c < AT_SC_N; c++)
      AT_(out_fmt)(" %s-calls=\"%llu\" %s-us=\"%llu\"",
                   AT_(sys_class_name)(c), s->calls[c],
                   AT_(sys_class_name)(c), s->us[c]);
   AT_(out_str)("/>\n");
}

static void out_threads(void)
{
   UInt i, n = AT_(n_threads)();
   AT_(out_fmt)("<threads count=\"%u\">\n", n);
   for (i = 1; i <= n; i++) {
      const AT_Thread* t = AT_(thread_by_seq)(i);
      Word k;
      AT_(out_fmt)("  <thread seq=\"%u\" vg-tid=\"%u\" os-tid=\"%d\" "
                   "creator=\"%u\"", t->seq, t->vg_tid, t->os_tid, t->creator);
      AT_(out_role_attrs)(t->primary_inst);
      if (t->role_by_name && t->primary_inst == t->base_inst)
         AT_(out_str)(" role-by=\"name\"");
      if (t->pool_index >= 0)
         AT_(out_fmt)(" index=\"%d\"", t->pool_index);
      AT_(out_fmt)(" start-ms=\"%u\"", t->start_ms);
      if (!t->alive)
         AT_(out_fmt)(" end-ms=\"%u\" ended=\"%s\"", t->end_ms,
                      t->ended_how == AT_ENDED_FORK ? "fork" : "exit");
      AT_(out_fmt)(" alive-at-exit=\"%s\" insns=\"%llu\" "
                   "running-us=\"%llu\">\n", t->alive ? "yes" : "no",
                   t->insns, AT_(clock_us)(t->run_ticks));
      for (k = 0; k < VG_(sizeXA)(t->names); k++) {
         const AT_Name* nm = VG_(indexXA)(t->names, k);
         AT_(out_fmt)("    <name since-ms=\"%u\"%s>", nm->since_ms,
                      nm->inherited ? " inherited=\"yes\"" : "");
         AT_(out_esc)(nm->name);
         AT_(out_str)("</name>\n");
      }
      if (t->creation) {
         AT_(out_str)("    <creation>");
         AT_(out_stack)(t->creation);
         AT_(out_str)("</creation>\n");
      }
      AT_(out_str)("    <role-history>");
      for (k = 0; k < VG_(sizeXA)(t->role_history); k++) {
         const AT_RoleChange* c = VG_(indexXA)(t->role_history, k);
         AT_(out_fmt)("<role since-ms=\"%u\"", c->since_ms);
         AT_(out_role_attrs)(c->inst);
         AT_(out_str)("/>");
      }
      AT_(out_str)("</role-history>\n");
      AT_(out_str)("    <heap ");
      out_counters(&t->heap);
      AT_(out_str)("/>\n    <futex ");
      out_futex_counters(AT_(futex_of_thread)(t->seq));
      AT_(out_str)("/>\n");
      out_sys_times(AT_(sys_times)(t->seq));
      AT_(out_str)("  </thread>\n");
   }
   AT_(out_str)("</threads>\n");
}

static void out_heap(void)
{
   const AT_HeapSummary* h = AT_(heap_summary)();
   AT_(out_str)("<heap ");
   out_counters(&h->total);
   AT_(out_fmt)(" peak-bytes=\"%llu\" peak-blocks=\"%llu\" peak-ms=\"%u\" "
                "peak-time=\"%llu\" time-unit=\"%s\"/>\n",
                h->peak_bytes, h->peak_blocks, h->peak_ms, h->peak_time,
                AT_(time_unit_name)());
}

/* Blocks live at exit, grouped by site and owner (and kind, after the
   leak scan: then a group is a loss record). */
static Int cmp_record_bytes(const void* va, const void* vb)
{
   const AT_LossRecord* a = va;
   const AT_LossRecord* b = vb;
   UInt ea, eb;
   if (a->bytes != b->bytes)   return a->bytes > b->bytes ? -1 : 1;
   if (a->blocks != b->blocks) return a->blocks > b->blocks ? -1 : 1;
   if (a->kind != b->kind)     return a->kind < b->kind ? -1 : 1;
   ea = VG_(get_ECU_from_ExeContext)(a->site->where);
   eb = VG_(get_ECU_from_ExeContext)(b->site->where);
   if (ea != eb) return ea < eb ? -1 : 1;
   if (a->site->inst != b->site->inst)
      return a->site->inst < b->site->inst ? -1 : 1;
   return a->owner < b->owner ? -1 : a->owner > b->owner ? 1 : 0;
}

static XArray* live_groups(void)
{
   XArray* out = VG_(newXA)(VG_(malloc), "at.live_groups", VG_(free),
                            sizeof(AT_LossRecord));
   if (AT_(leak_checked)()) {
      XArray* r = AT_(leak_records)();
      Word i;
      for (i = 0; i < VG_(sizeXA)(r); i++)
         VG_(addToXA)(out, VG_(indexXA)(r, i));
   } else {
      VG_(deleteXA)(out);
      out = AT_(live_records)();
   }
   VG_(setCmpFnXA)(out, cmp_record_bytes);
   VG_(sortXA)(out);
   return out;
}

static void out_live_at_exit(void)
{
   const AT_HeapSummary* h = AT_(heap_summary)();
   XArray* groups = live_groups();
   Word i, n = VG_(sizeXA)(groups);
   AT_(out_fmt)("<live-at-exit blocks=\"%llu\" bytes=\"%llu\" "
                "sites=\"%ld\">\n", h->total.live_blocks,
                h->total.live_bytes, n);
   for (i = 0; i < n; i++) {
      const AT_LossRecord* g = VG_(indexXA)(groups, i);
      AT_(out_fmt)("  <site thread=\"%u\"", g->owner);
      AT_(out_role_attrs)(g->site->inst);
      AT_(out_fmt)(" blocks=\"%llu\" bytes=\"%llu\"", g->blocks, g->bytes);
      if (g->kind < AT_LK_N)
         AT_(out_fmt)(" kind=\"%s\"", AT_(leak_kind_name)(g->kind));
      if (g->kind == AT_LK_DEFINITE)
         AT_(out_fmt)(" indirect-bytes=\"%llu\" indirect-blocks=\"%llu\"",
                      g->ind_bytes, g->ind_blocks);
      if (!AT_(thread_by_seq)(g->owner)->alive)
         AT_(out_str)(" orphan=\"yes\"");
      AT_(out_str)(">");
      AT_(out_stack)(g->site->where);
      AT_(out_str)("</site>\n");
   }
   AT_(out_str)("</live-at-exit>\n");
   VG_(deleteXA)(groups);
}

/* Where a global word lies: the object mapped there (from the debug
   info, else from the mapping), the section the debug info knows, the
   word's address as the object was linked (what nm and readelf show)
   and the data symbol over it.  A few look-ups per record written. */
static void out_global_where(Addr a)
{
   const HChar* obj = NULL;
   const HChar* sym = NULL;
   const HChar* sect = NULL;
   const DebugInfo* di;
   PtrdiffT     symoff = 0;
   VgSectKind   sk = VG_(DebugInfo_sect_kind)(&obj, a);
   switch (sk) {
      case Vg_SectData:   sect = "data";    break;
      case Vg_SectBSS:    sect = "bss";     break;
      case Vg_SectGOT:    sect = "got";     break;
      case Vg_SectGOTPLT: sect = "got.plt"; break;
      case Vg_SectPLT:    sect = "plt";     break;
      case Vg_SectOPD:    sect = "opd";     break;
      case Vg_SectText:   sect = "text";    break;
      default:            obj  = NULL;      break;
   }
   if (obj == NULL) {
      NSegment const* seg = VG_(am_find_nsegment)(a);
      if (seg != NULL && seg->kind == SkFileC)
         obj = VG_(am_get_filename)(seg);
   }
   if (obj == NULL)
      return;
   AT_(out_str)(" obj=\"");
   AT_(out_esc)(obj);
   AT_(out_str)("\"");
   if (sect != NULL)
      AT_(out_fmt)(" section=\"%s\"", sect);
   /* An object is loaded at one bias: its text's. */
   for (di = VG_(next_DebugInfo)(NULL); di != NULL;
        di = VG_(next_DebugInfo)(di)) {
      const HChar* f = VG_(DebugInfo_get_filename)(di);
      if (f != NULL && VG_(strcmp)(f, obj) == 0
          && VG_(DebugInfo_get_text_size)(di) > 0) {
         Addr bias = (Addr)VG_(DebugInfo_get_text_bias)(di);
         if (a >= bias)
            AT_(out_fmt)(" offset=\"0x%lx\"", a - bias);
         break;
      }
   }
   if (VG_(get_datasym_and_offset)(VG_(current_DiEpoch)(), a, &sym, &symoff)
       && sym != NULL && sym[0] != '\0') {
      AT_(out_str)(" symbol=\"");
      AT_(out_esc)(sym);
      AT_(out_fmt)("\" symbol-offset=\"%ld\"", (long)symoff);
   }
}

/* Why a loss record's blocks are of its kind: the first pointer found
   to one of them. */
static void out_pointed_from(const AT_LossRecord* g)
{
   AT_PointedFrom pf;
   if (!AT_(leak_pointed_from)(g, &pf))
      return;
   AT_(out_fmt)("<pointed-from root=\"%s\"", AT_(root_name)(pf.root));
   if (pf.root == AT_HOLD_REGISTERS)
      AT_(out_fmt)(" register=\"%s\"", pf.reg != NULL ? pf.reg : "?");
   else
      AT_(out_fmt)(" addr=\"0x%lx\"", pf.at);
   AT_(out_fmt)(" value=\"0x%lx\" block=\"0x%lx\"", pf.value, pf.block);
   if (pf.seq != 0)   /* stack, registers, TLS */
      AT_(out_fmt)(" thread=\"%u\"", pf.seq);
   if (pf.root == AT_HOLD_GLOBAL)
      out_global_where(pf.at);
   if (pf.root == AT_HOLD_HEAP) {
      AT_(out_fmt)(" from-block=\"0x%lx\" from-kind=\"%s\">", pf.src,
                   AT_(leak_kind_name)(pf.src_kind));
      AT_(out_stack)(pf.src_where);
      AT_(out_str)("</pointed-from>");
   } else {
      AT_(out_str)("/>");
   }
}

/* --leak-check-heuristics, when not memcheck's default (all). */
static void out_heuristics_attr(void)
{
   UInt h, any = 0;
   if (AT_(clo_leak_heuristics) == 0xF)
      return;
   AT_(out_str)(" heuristics=\"");
   if (AT_(clo_leak_heuristics) == 0)
      AT_(out_str)("none");
   for (h = 0; h < AT_HEURISTICS; h++)
      if (AT_(clo_leak_heuristics) & (1u << h))
         AT_(out_fmt)("%s%s", any++ ? "," : "", AT_(heuristic_name)(h));
   AT_(out_str)("\"");
}

/* The blocks memcheck's heuristics kept, by heuristic. */
static void out_via_heuristics(const AT_Amount* heur, const HChar* indent)
{
   UInt h;
   for (h = 0; h < AT_HEURISTICS; h++)
      if (heur[h].blocks > 0)
         AT_(out_fmt)("%s<via-heuristic heuristic=\"%s\" bytes=\"%llu\" "
                      "blocks=\"%llu\"/>%s", indent, AT_(heuristic_name)(h),
                      heur[h].bytes, heur[h].blocks, indent[0] ? "\n" : "");
}

/* Totals per kind, per kind and role, what holds the reachable bytes. */
static void out_leaks(void)
{
   const AT_Amount* t;
   XArray* held;
   XArray* recs;
   Word i, n;
   UInt k, r, ninst = AT_(n_role_insts)();
   ULong* by;
   if (!AT_(leak_checked)())
      return;
   t = AT_(leak_totals)();
   AT_(out_fmt)("<leaks check=\"%s\"",
                AT_(clo_leak_check) == AT_LEAK_FULL ? "full" : "summary");
   out_heuristics_attr();
   AT_(out_str)(">\n");
   for (k = 0; k < AT_LK_N; k++)
      AT_(out_fmt)("  <total kind=\"%s\" bytes=\"%llu\" blocks=\"%llu\"/>\n",
                   AT_(leak_kind_name)(k), t[k].bytes, t[k].blocks);
   /* By the role in force when the blocks were allocated. */
   recs = AT_(leak_records)();
   by = VG_(calloc)("at.leak_by_role", 2 * ninst * AT_LK_N, sizeof(ULong));
   for (i = 0; i < VG_(sizeXA)(recs); i++) {
      const AT_LossRecord* g = VG_(indexXA)(recs, i);
      by[2 * (g->kind * ninst + g->site->inst)]     += g->bytes;
      by[2 * (g->kind * ninst + g->site->inst) + 1] += g->blocks;
   }
   for (k = 0; k < AT_LK_N; k++)
      for (r = 0; r < ninst; r++)
         if (by[2 * (k * ninst + r) + 1] > 0) {
            AT_(out_fmt)("  <by-role kind=\"%s\"", AT_(leak_kind_name)(k));
            AT_(out_role_attrs)((UShort)r);
            AT_(out_fmt)(" bytes=\"%llu\" blocks=\"%llu\"/>\n",
                         by[2 * (k * ninst + r)], by[2 * (k * ninst + r) + 1]);
         }
   VG_(free)(by);
   out_via_heuristics(AT_(leak_heuristic_totals)(), "  ");
   /* Blocks left out of the scan, as memcheck leaves them out: those a
      memory pool hands out in chunks (at_pools.c). */
   for (r = 0; r < ninst; r++) {
      const AT_Amount* lo = AT_(leak_left_out_of)((UShort)r);
      if (lo->blocks > 0) {
         AT_(out_str)("  <left-out");
         AT_(out_role_attrs)((UShort)r);
         AT_(out_fmt)(" bytes=\"%llu\" blocks=\"%llu\"/>\n", lo->bytes,
                      lo->blocks);
      }
   }
   held = AT_(leak_held)();
   n = VG_(sizeXA)(held);
   for (i = 0; i < n; i++) {
      const AT_Held* hd = VG_(indexXA)(held, i);
      AT_(out_fmt)("  <held-by holder=\"%s\"", AT_(holder_name)(hd->holder));
      if (hd->holder != AT_HOLD_GLOBAL && hd->seq != 0) {
         const AT_Thread* th = AT_(thread_by_seq)(hd->seq);
         AT_(out_fmt)(" thread=\"%u\"", hd->seq);
         AT_(out_role_attrs)(th->primary_inst);
         AT_(out_fmt)(" thread-alive-at-exit=\"%s\"",
                      th->alive ? "yes" : "no");
      }
      AT_(out_fmt)(" bytes=\"%llu\" blocks=\"%llu\"/>\n", hd->bytes,
                   hd->blocks);
   }
   /* The loss records of the kinds --show-leak-kinds names. */
   if (AT_(clo_leak_check) == AT_LEAK_FULL) {
      n = VG_(sizeXA)(recs);
      for (i = 0; i < n; i++) {
         const AT_LossRecord* g = VG_(indexXA)(recs, i);
         if (!(AT_(clo_show_leak_kinds) & (1u << g->kind)))
            continue;
         AT_(out_fmt)("  <loss-record kind=\"%s\" thread=\"%u\"",
                      AT_(leak_kind_name)(g->kind), g->owner);
         AT_(out_role_attrs)(g->site->inst);
         AT_(out_fmt)(" bytes=\"%llu\" blocks=\"%llu\"", g->bytes, g->blocks);
         if (g->suppressed_by) {
            AT_(out_str)(" suppressed-by=\"");
            AT_(out_esc)(g->suppressed_by);
            AT_(out_str)("\"");
         }
         if (g->kind == AT_LK_DEFINITE)
            AT_(out_fmt)(" indirect-bytes=\"%llu\" indirect-blocks=\"%llu\"",
                         g->ind_bytes, g->ind_blocks);
         AT_(out_str)(">");
         AT_(out_stack)(g->site->where);
         out_pointed_from(g);
         out_via_heuristics(g->heur, "");
         AT_(out_str)("</loss-record>\n");
      }
   }
   AT_(out_str)("</leaks>\n");
}

/* Bytes allocated in one role and freed in another. */
static void out_cross_frees(void)
{
   XArray* x = AT_(heap_cross_frees)();
   Word i, n = VG_(sizeXA)(x);
   AT_(out_fmt)("<cross-frees count=\"%ld\">\n", n);
   for (i = 0; i < n; i++) {
      const AT_CrossFree* c = VG_(indexXA)(x, i);
      const AT_RoleInst* a = AT_(role_inst_info)(c->alloc_inst);
      const AT_RoleInst* f = AT_(role_inst_info)(c->free_inst);
      AT_(out_str)("  <free alloc-role=\"");
      AT_(out_esc)(AT_(role_name)(a->role));
      AT_(out_str)("\"");
      if (a->pool) AT_(out_fmt)(" alloc-pool=\"%u\"", a->pool);
      AT_(out_str)(" free-role=\"");
      AT_(out_esc)(AT_(role_name)(f->role));
      AT_(out_str)("\"");
      if (f->pool) AT_(out_fmt)(" free-pool=\"%u\"", f->pool);
      AT_(out_fmt)(" frees=\"%llu\" bytes=\"%llu\"/>\n", c->frees, c->bytes);
   }
   AT_(out_str)("</cross-frees>\n");
   VG_(deleteXA)(x);
}

static void out_timeline(void)
{
   XArray* tl = AT_(heap_timeline)();
   Word i, n = VG_(sizeXA)(tl);
   AT_(out_fmt)("<timeline unit=\"%s\" samples=\"%ld\">\n",
                AT_(time_unit_name)(), n);
   for (i = 0; i < n; i++) {
      const AT_Sample* s = VG_(indexXA)(tl, i);
      UInt k;
      AT_(out_fmt)("  <sample time=\"%llu\" live-bytes=\"%llu\"%s>", s->time,
                   s->total, s->is_peak ? " peak=\"yes\"" : "");
      for (k = 0; k < s->ninst; k++)
         if (s->by_inst[k] > 0) {
            AT_(out_str)("<role");
            AT_(out_role_attrs)((UShort)k);
            AT_(out_fmt)(" live-bytes=\"%llu\"/>", s->by_inst[k]);
         }
      AT_(out_str)("</sample>\n");
   }
   AT_(out_str)("</timeline>\n");
   VG_(deleteXA)(tl);
}

/* A site of the report: a stack and a role, whichever threads. */
typedef struct {
   ExeContext* where;
   UShort      inst;
   ULong       allocs, bytes, live_blocks, live_bytes, at_peak;
} ASite;

static Int cmp_asite_key(const void* va, const void* vb)
{
   const ASite* a = va;
   const ASite* b = vb;
   UInt ea = VG_(get_ECU_from_ExeContext)(a->where);
   UInt eb = VG_(get_ECU_from_ExeContext)(b->where);
   if (ea != eb) return ea < eb ? -1 : 1;
   return a->inst < b->inst ? -1 : a->inst > b->inst ? 1 : 0;
}

static Int cmp_asite_bytes(const void* va, const void* vb)
{
   const ASite* a = va;
   const ASite* b = vb;
   if (a->bytes != b->bytes) return a->bytes > b->bytes ? -1 : 1;
   if (a->allocs != b->allocs) return a->allocs > b->allocs ? -1 : 1;
   return cmp_asite_key(va, vb);
}

static void add_asite(void* into, const void* from)
{
   ASite* d = into;
   const ASite* a = from;
   d->allocs      += a->allocs;
   d->bytes       += a->bytes;
   d->live_blocks += a->live_blocks;
   d->live_bytes  += a->live_bytes;
   d->at_peak     += a->at_peak;
}

/* The sites that allocated most, by stack and role, with live bytes at
   exit and at the peak; the rest summed. */
static void out_alloc_sites(void)
{
   XArray* xs = AT_(heap_sites)();
   XArray* as = VG_(newXA)(VG_(malloc), "at.asites", VG_(free), sizeof(ASite));
   Word i, n = VG_(sizeXA)(xs), m, shown;
   ULong rest_allocs = 0, rest_bytes = 0, rest_live = 0, rest_peak = 0;
   for (i = 0; i < n; i++) {
      const AT_Site* st = *(AT_Site**)VG_(indexXA)(xs, i);
      ASite a = { st->where, st->inst, st->allocs, st->bytes,
                  st->live_blocks, st->live_bytes, st->at_peak };
      VG_(addToXA)(as, &a);
   }
   VG_(deleteXA)(xs);
   m = AT_(collapse_by_key)(as, sizeof(ASite), cmp_asite_key, add_asite);
   VG_(setCmpFnXA)(as, cmp_asite_bytes);
   VG_(sortXA)(as);
   shown = m < (Word)AT_(clo_alloc_sites) ? m : (Word)AT_(clo_alloc_sites);
   for (i = shown; i < m; i++) {
      const ASite* a = VG_(indexXA)(as, i);
      rest_allocs += a->allocs;
      rest_bytes  += a->bytes;
      rest_live   += a->live_bytes;
      rest_peak   += a->at_peak;
   }
   AT_(out_fmt)("<alloc-sites count=\"%ld\" shown=\"%ld\" "
                "rest-allocs=\"%llu\" "
                "rest-bytes=\"%llu\" rest-live-bytes=\"%llu\" "
                "rest-at-peak=\"%llu\">\n",
                m, shown, rest_allocs, rest_bytes, rest_live, rest_peak);
   for (i = 0; i < shown; i++) {
      const ASite* a = VG_(indexXA)(as, i);
      AT_(out_str)("  <site");
      AT_(out_role_attrs)(a->inst);
      AT_(out_fmt)(" allocs=\"%llu\" bytes=\"%llu\" live-blocks=\"%llu\" "
                   "live-bytes=\"%llu\" at-peak=\"%llu\">",
                   a->allocs, a->bytes, a->live_blocks, a->live_bytes,
                   a->at_peak);
      AT_(out_stack)(a->where);
      AT_(out_str)("</site>\n");
   }
   AT_(out_str)("</alloc-sites>\n");
   VG_(deleteXA)(as);
}

static void out_bad_calls(void)
{
   XArray* b = AT_(heap_bad_calls)();
   Word i, n = VG_(sizeXA)(b);
   AT_(out_fmt)("<bad-calls count=\"%ld\">\n", n);
   for (i = 0; i < n; i++) {
      const AT_BadCall* c = VG_(indexXA)(b, i);
      AT_(out_fmt)("  <bad-call kind=\"%s\" count=\"%llu\" addr=\"%#lx\" "
                   "size=\"%lu\" given=\"%lu\"", AT_(bad_kind_name)(c->kind),
                   c->count, c->addr, c->size, c->given);
      if (c->suppressed_by) {
         AT_(out_str)(" suppressed-by=\"");
         AT_(out_esc)(c->suppressed_by);
         AT_(out_str)("\"");
      }
      AT_(out_str)(">");
      AT_(out_stack)(c->where);
      AT_(out_str)("</bad-call>\n");
   }
   AT_(out_str)("</bad-calls>\n");
   VG_(deleteXA)(b);
}

static ULong at_peak(UInt inst)
{
   const AT_HeapSummary* h = AT_(heap_summary)();
   return inst < VG_(sizeXA)(h->role_at_peak)
             ? *(ULong*)VG_(indexXA)(h->role_at_peak, inst) : 0;
}

static void out_roles(void)
{
   UInt i, n = AT_(n_role_insts)();
   AT_(out_str)("<roles>\n");
   for (i = 0; i < n; i++) {
      const AT_RoleLife*     l = AT_(role_life)((UShort)i);
      const AT_HeapCounters* h = AT_(heap_of_role)((UShort)i);
      const AT_FutexStats*   f = AT_(futex_of_role)((UShort)i);
      if (l->threads == 0 && h->allocs == 0 && h->frees == 0
          && f->waits == 0 && f->wakes == 0)
         continue;
      AT_(out_str)("  <role-summary");
      AT_(out_role_attrs)((UShort)i);
      AT_(out_fmt)(" threads=\"%llu\" peak-alive=\"%llu\" ended=\"%llu\" "
                   "alive-at-exit=\"%llu\" churn=\"%llu\" insns=\"%llu\" "
                   "live-at-peak=\"%llu\">",
                   l->threads, l->peak_alive, l->ended, l->alive_at_exit,
                   l->churn, l->insns, at_peak(i));
      AT_(out_str)("<heap ");
      out_counters(h);
      AT_(out_str)("/><futex ");
      out_futex_counters(f);
      AT_(out_str)("/></role-summary>\n");
   }
   AT_(out_str)("</roles>\n");
}

static void out_futex(void)
{
   XArray* sites = AT_(futex_sites)();
   XArray* pairs = AT_(futex_wake_pairs)();
   Word i, n = VG_(sizeXA)(sites);
   AT_(out_fmt)("<futex-sites count=\"%ld\">\n", n);
   for (i = 0; i < n; i++) {
      const AT_FutexSite* s = VG_(indexXA)(sites, i);
      UInt cmd;
      Bool first = True;
      AT_(out_str)("  <site");
      AT_(out_role_attrs)(s->inst);
      AT_(out_fmt)(" class=\"%s\" ops=\"", AT_(wait_class_name)(s->klass));
      for (cmd = 0; cmd < 32; cmd++)
         if (s->ops & (1u << cmd)) {
            AT_(out_fmt)("%s%s", first ? "" : " ", AT_(futex_op_name)(cmd));
            first = False;
         }
      AT_(out_fmt)("\" private=\"%s\" realtime=\"%s\" timed=\"%llu\" ",
                   (s->flags & 5) == 5 ? "mixed"
                   : (s->flags & 1) ? "yes" : "no",
                   (s->flags & 2) ? "yes" : "no", s->timed);
      out_futex_counters(&s->st);
      AT_(out_str)(">");
      AT_(out_stack)(s->where);
      AT_(out_str)("</site>\n");
   }
   AT_(out_str)("</futex-sites>\n");
   n = VG_(sizeXA)(pairs);
   AT_(out_fmt)("<wake-pairs count=\"%ld\">\n", n);
   for (i = 0; i < n; i++) {
      const AT_WakePair* p = VG_(indexXA)(pairs, i);
      UInt k;
      AT_(out_fmt)("  <wake waker=\"%u\" waiter=\"%u\" count=\"%llu\"",
                   p->waker, p->waiter, p->count);
      for (k = 0; k < AT_WAIT_N; k++)
         if (p->by_class[k] > 0)
            AT_(out_fmt)(" %s=\"%llu\"", AT_(wait_class_name)(k),
                         p->by_class[k]);
      AT_(out_str)("/>\n");
   }
   AT_(out_str)("</wake-pairs>\n");
   VG_(deleteXA)(sites);
   VG_(deleteXA)(pairs);
}

/*------------------------------------------------------------*/
/*--- Snapshots (at_snap.c)                                ---*/
/*------------------------------------------------------------*/

static const HChar* const snap_causes[] = { "interval", "request", "monitor",
                                            "blocked" };

/* A snapshot's <tasks>: the spawn sites and tasks alive holding most. */
static void out_snap_tasks(const AT_SnapTasks* st)
{
   UInt k;
   if (st == NULL)
      return;
   AT_(out_fmt)("    <tasks alive=\"%llu\" rest-sites=\"%llu\" "
                "rest-tasks=\"%llu\" "
                "rest-bytes=\"%llu\" rest-blocks=\"%llu\" "
                "rest-cell-bytes=\"%llu\">\n", st->alive, st->rest_sites,
                st->rest_tasks, st->rest_bytes, st->rest_blocks,
                st->rest_cell_bytes);
   for (k = 0; k < st->nsites; k++) {
      const AT_SnapSpawn* x = &st->sites[k];
      AT_(out_fmt)("      <spawn-site id=\"%u\" tasks=\"%llu\" "
                   "live-bytes=\"%llu\" "
                   "live-blocks=\"%llu\" cell-bytes=\"%llu\"/>\n", x->site,
                   x->tasks, x->live_bytes, x->live_blocks, x->cell_bytes);
   }
   for (k = 0; k < st->ntasks; k++) {
      const AT_SnapTask* x = &st->tasks[k];
      AT_(out_fmt)("      <task seq=\"%u\" spawn-site=\"%u\" "
                   "live-bytes=\"%llu\" "
                   "live-blocks=\"%llu\" cell-bytes=\"%llu\"/>\n", x->seq,
                   x->site, x->live_bytes, x->live_blocks, x->cell_bytes);
   }
   AT_(out_str)("    </tasks>\n");
}

/* A snapshot's leak scan (--snapshot-leak-check=yes). */
static void out_snap_leaks(const AT_SnapLeaks* l)
{
   static const HChar* const attr[AT_LK_N] = {
      "definite", "indirect", "possible", "reachable"
   };
   UInt k;
   AT_(out_str)("    <leak-check");
   for (k = 0; k < AT_LK_N; k++)
      AT_(out_fmt)(" %s-bytes=\"%llu\" %s-blocks=\"%llu\"", attr[k],
                   l->bytes[k], attr[k], l->blocks[k]);
   if (l->left_blocks > 0)
      AT_(out_fmt)(" left-out-bytes=\"%llu\" left-out-blocks=\"%llu\"",
                   l->left_bytes, l->left_blocks);
   AT_(out_fmt)(" records=\"%llu\">\n", l->records);
   for (k = 0; k < l->nroles; k++) {
      AT_(out_fmt)("      <by-role kind=\"%s\"",
                   AT_(leak_kind_name)(l->roles[k].kind));
      AT_(out_role_attrs)(l->roles[k].inst);
      AT_(out_fmt)(" bytes=\"%llu\" blocks=\"%llu\"/>\n", l->roles[k].bytes,
                   l->roles[k].blocks);
   }
   for (k = 0; k < l->nrecs; k++) {
      const AT_SnapLeakRec* r = &l->recs[k];
      AT_(out_fmt)("      <record kind=\"%s\"", AT_(leak_kind_name)(r->kind));
      AT_(out_role_attrs)(r->inst);
      AT_(out_fmt)(" bytes=\"%llu\" blocks=\"%llu\" indirect-bytes=\"%llu\" "
                   "indirect-blocks=\"%llu\">", r->bytes, r->blocks,
                   r->ind_bytes, r->ind_blocks);
      AT_(out_stack)(r->where);
      AT_(out_str)("</record>\n");
   }
   AT_(out_str)("    </leak-check>\n");
}

static void out_snapshots(void)
{
   UInt i, k, n = AT_(snap_count)(), np = AT_(snap_phase_count)();
   Int  peak = AT_(snap_peak)();
   if (!AT_(snap_enabled)())
      return;
   AT_(out_str)("<snapshots");
   if (AT_(snap_interval_text)()[0]) {
      AT_(out_str)(" interval=\"");
      AT_(out_esc)(AT_(snap_interval_text)());
      AT_(out_str)("\"");
   }
   AT_(out_fmt)(" taken=\"%u\" kept=\"%u\" max=\"%u\" sites=\"%u\" "
                "tasks=\"%u\" roles=\"%u\" phases=\"%u\">\n",
                AT_(snap_taken)(), n, AT_(snap_max)(), AT_(snap_sites)(),
                AT_(snap_tasks)(), AT_(snap_roles)(), np);
   for (i = 0; i < n; i++) {
      const AT_Snapshot* s = AT_(snap_get)(i);
      AT_(out_fmt)("  <snapshot seq=\"%u\" ms=\"%u\" insns=\"%llu\" "
                   "cause=\"%s\"", s->seq, s->ms, s->insns,
                   snap_causes[s->cause]);
      if (s->label) {
         AT_(out_str)(" label=\"");
         AT_(out_esc)(s->label);
         AT_(out_str)("\"");
      }
      AT_(out_fmt)(" live-bytes=\"%llu\" live-blocks=\"%llu\" threads=\"%u\" "
                   "rest-sites=\"%llu\" rest-bytes=\"%llu\" "
                   "rest-blocks=\"%llu\"%s>\n",
                   s->live_bytes, s->live_blocks, s->threads, s->rest_sites,
                   s->rest_bytes, s->rest_blocks,
                   (Int)i == peak ? " peak=\"yes\"" : "");
      if (s->leaks)
         out_snap_leaks(s->leaks);
      for (k = 0; k < s->nroles; k++) {
         const AT_SnapRole* r = &s->roles[k];
         AT_(out_str)("    <role");
         AT_(out_role_attrs)(r->inst);
         AT_(out_fmt)(" threads=\"%u\" live-bytes=\"%llu\" "
                      "live-blocks=\"%llu\" "
                      "waits=\"%llu\" blocked-us=\"%llu\" idle-us=\"%llu\" "
                      "wakes=\"%llu\"/>\n", r->threads, r->live_bytes,
                      r->live_blocks, r->waits, r->blocked_us, r->idle_us,
                      r->wakes);
      }
      if (s->rest_roles) {
         const AT_SnapRole* r = &s->rest_role;
         AT_(out_fmt)("    <role role=\"(other roles)\" others=\"%u\" "
                      "threads=\"%u\" live-bytes=\"%llu\" "
                      "live-blocks=\"%llu\" waits=\"%llu\" "
                      "blocked-us=\"%llu\" idle-us=\"%llu\" "
                      "wakes=\"%llu\"/>\n", s->rest_roles, r->threads,
                      r->live_bytes, r->live_blocks, r->waits, r->blocked_us,
                      r->idle_us, r->wakes);
      }
      for (k = 0; k < s->nsites; k++) {
         const AT_SnapSite* x = &s->sites[k];
         AT_(out_str)("    <site");
         AT_(out_role_attrs)(x->inst);
         AT_(out_fmt)(" live-bytes=\"%llu\" live-blocks=\"%llu\">",
                      x->live_bytes, x->live_blocks);
         AT_(out_stack)(x->where);
         AT_(out_str)("</site>\n");
      }
      out_snap_tasks(s->tasks);
      AT_(out_str)("  </snapshot>\n");
   }
   for (i = 0; i < np; i++) {
      const AT_Phase* p = AT_(snap_phase_get)(i);
      AT_(out_fmt)("  <phase ms=\"%u\" insns=\"%llu\" after=\"%u\" label=\"",
                   p->ms, p->insns, p->after);
      AT_(out_esc)(p->label);
      AT_(out_str)("\"/>\n");
   }
   AT_(out_str)("</snapshots>\n");
}

/*------------------------------------------------------------*/
/*--- Writing it                                           ---*/
/*------------------------------------------------------------*/

/* The core's words for an errno (pub_core_syscall.h). */
extern const HChar* VG_(strerror)(UWord errnum);

/* What the report's name leads to decides how it is written
   (docs/asynctrace.1, "The report's file"):
   - nothing yet, or a regular file: the report is written to a
     temporary file beside it and renamed over it only when whole (a
     run killed while writing leaves the last whole report); a regular
     file with several hard links is written the same way and then
     copied into the file, so that its links still share it;
   - a symlink: what it points to (at the end of the chain), as above;
   - a character device (/dev/null, /dev/full, a terminal) or a FIFO: a
     stream, written straight into, once, at the end (a snapshot's
     report is not written to it: a stream cannot be rewritten).  A
     FIFO is opened only then, without blocking: with no process
     reading it the report goes to the fallback;
   - anything else (a block device, a socket): refused at the start. */
typedef enum { AT_PATH_FILE, AT_PATH_LINKED, AT_PATH_DEVICE, AT_PATH_FIFO,
               AT_PATH_OTHER } AT_PathKind;

/* file with its symlinks followed (40 at most, as the kernel), in a
   new string. */
static HChar* follow_links(const HChar* file)
{
   HChar* cur = VG_(strdup)("at.report_target", file);
   Int    hops;
   for (hops = 0; hops < 40; hops++) {
      HChar        buf[4096];
      SSizeT       n = VG_(readlink)(cur, buf, sizeof(buf) - 1);
      const HChar* slash;
      HChar*       next;
      if (n <= 0 || n >= (SSizeT)sizeof(buf) - 1)
         break;                    /* not a symlink (or none at all) */
      buf[n] = '\0';
      slash = VG_(strrchr)(cur, '/');
      if (buf[0] == '/' || slash == NULL) {
         next = VG_(strdup)("at.report_target", buf);
      } else {                     /* relative to the link's folder */
         SizeT dir = slash - cur + 1;
         next = VG_(malloc)("at.report_target", dir + n + 1);
         VG_(memcpy)(next, cur, dir);
         VG_(memcpy)(next + dir, buf, n + 1);
      }
      VG_(free)(cur);
      cur = next;
   }
   return cur;
}

static AT_PathKind path_kind(const HChar* target)
{
   struct vg_stat st;
   if (sr_isError(VG_(stat)(target, &st)))
      return AT_PATH_FILE;         /* to be made */
   if (VKI_S_ISREG(st.mode))
      return st.nlink > 1 ? AT_PATH_LINKED : AT_PATH_FILE;
   if (VKI_S_ISCHR(st.mode))
      return AT_PATH_DEVICE;
   if (VKI_S_ISFIFO(st.mode))
      return AT_PATH_FIFO;
   if (VKI_S_ISDIR(st.mode))
      return AT_PATH_FILE;         /* its open says "Is a directory" */
   return AT_PATH_OTHER;
}

static SysRes open_report(const HChar* file, Bool truncate)
{
   return VG_(open)(file, VKI_O_CREAT | VKI_O_WRONLY
                          | (truncate ? VKI_O_TRUNC : 0),
                    VKI_S_IRUSR | VKI_S_IWUSR | VKI_S_IRGRP | VKI_S_IROTH);
}

/* Whether file is the report this very process wrote when it called
   execve: the same pid, ended by exec.  With --trace-children=yes the
   new program's tool starts with the same pid, and so the same name. */
static Bool our_exec_report(const HChar* file)
{
   HChar  buf[8192], pid[48];
   Int    n;
   SysRes sres;
   if (path_kind(file) != AT_PATH_FILE && path_kind(file) != AT_PATH_LINKED)
      return False;                /* a FIFO's open would block */
   sres = VG_(open)(file, VKI_O_RDONLY, 0);
   if (sr_isError(sres))
      return False;
   n = VG_(read)(sr_Res(sres), buf, sizeof(buf) - 1);
   VG_(close)(sr_Res(sres));
   if (n <= 0)
      return False;
   buf[n] = '\0';
   VG_(snprintf)(pid, sizeof(pid), "<pid>%d</pid>", VG_(getpid)());
   return VG_(strstr)(buf, pid) != NULL
          && VG_(strstr)(buf, "<end how=\"exec\"/>") != NULL;
}

/* FILE.exec1 (FILE's .xml kept last): the first such name that is free;
   *prev gets the one before it (FILE itself for .exec1), the report of
   the program this one replaces. */
static HChar* exec_name(const HChar* file, HChar** prev)
{
   SizeT  len = VG_(strlen)(file), stem = len;
   HChar* out = VG_(malloc)("at.exec_name", len + 32);
   struct vg_stat st;
   UInt   k;
   if (len > 4 && VG_(strcmp)(file + len - 4, ".xml") == 0)
      stem = len - 4;
   *prev = VG_(strdup)("at.exec_name", file);
   for (k = 1; ; k++) {
      /* (the core's snprintf has no %.*s) */
      VG_(memcpy)(out, file, stem);
      VG_(snprintf)(out + stem, len + 32 - stem, ".exec%u%s", k,
                    file + stem);
      if (sr_isError(VG_(stat)(out, &st)))
         return out;
      VG_(free)(*prev);
      *prev = VG_(strdup)("at.exec_name", out);
   }
}

/* The name the report is written under before it is renamed: beside
   the file (a rename does not cross file systems), per process (a
   forked child may have been given the same file). */
static HChar* temp_name(const HChar* file)
{
   HChar* t = VG_(malloc)("at.report_tmp", VG_(strlen)(file) + 32);
   VG_(sprintf)(t, "%s.tmp.%d", file, VG_(getpid)());
   return t;
}

/* Digits at s: their value, *end after them; -1 if none. */
static Long digits_at(const HChar* s, const HChar** end)
{
   Long v = 0;
   const HChar* p = s;
   while (*p >= '0' && *p <= '9' && p - s < 12)
      v = v * 10 + (*p++ - '0');
   *end = p;
   return p == s ? -1 : v;
}

/* The process whose temporary file name is, if it is one of base's:
   base.tmp.PID, or, when base holds this process's pid at pid_at (a
   name with %p), the same name with another pid P there and .tmp.P.
   -1 if it is none. */
static Long temp_of(const HChar* name, const HChar* base, Int pid_at,
                    SizeT pid_len)
{
   SizeT nbase = VG_(strlen)(base);
   const HChar* rest = NULL;
   const HChar* end;
   Long  p = -1, q;
   if (VG_(strncmp)(name, base, nbase) == 0) {
      rest = name + nbase;
   } else if (pid_at >= 0 && VG_(strncmp)(name, base, pid_at) == 0) {
      const HChar* tail = base + pid_at + pid_len;
      p = digits_at(name + pid_at, &end);
      if (p < 0 || VG_(strncmp)(end, tail, VG_(strlen)(tail)) != 0)
         return -1;
      rest = end + VG_(strlen)(tail);
   }
   if (rest == NULL || VG_(strncmp)(rest, ".tmp.", 5) != 0)
      return -1;
   q = digits_at(rest + 5, &end);
   if (q < 0 || *end != '\0' || (p >= 0 && p != q))
      return -1;
   return q;
}

/* A run killed while writing (SIGKILL, the OOM killer; the signals a
   process can catch wait until the tool's write is done) leaves its
   temporary file, FILE.tmp.PID.  The next run to write FILE (or, with
   %p in the name, the same name but for the pid) removes those whose
   process is gone. */
static void remove_stale_temps(const HChar* target)
{
   const HChar* slash = VG_(strrchr)(target, '/');
   const HChar* base  = slash ? slash + 1 : target;
   SizeT  ndir  = slash ? (SizeT)(slash - target + 1) : 0;
   HChar* dir   = VG_(malloc)("at.report_dir", ndir + 2);
   HChar  me[24];
   const HChar* at;
   Int    pid_at = -1;
   UChar  buf[4096];
   SysRes sres;
   Int    n;
   VG_(snprintf)(me, sizeof(me), "%d", VG_(getpid)());
   at = VG_(strstr)(base, me);
   if (VG_(strstr)(AT_(clo_out_file), "%p") != NULL && at != NULL)
      pid_at = (Int)(at - base);
   if (ndir) {
      VG_(memcpy)(dir, target, ndir);
      dir[ndir] = '\0';
   } else {
      VG_(strcpy)(dir, ".");
   }
   sres = VG_(open)(dir, VKI_O_RDONLY, 0);
   if (sr_isError(sres)) {
      VG_(free)(dir);
      return;
   }
   while ((n = VG_(getdents64)(sr_Res(sres), (struct vki_dirent64*)buf,
                               sizeof(buf))) > 0) {
      Int off;
      for (off = 0; off < n; ) {
         struct vki_dirent64* d = (struct vki_dirent64*)(buf + off);
         Long   p = temp_of(d->d_name, base, pid_at, VG_(strlen)(me));
         HChar  proc[40];
         HChar* stale;
         struct vg_stat st;
         off += d->d_reclen;
         if (p < 0 || p == VG_(getpid)())
            continue;
         VG_(snprintf)(proc, sizeof(proc), "/proc/%lld", p);
         if (!sr_isError(VG_(stat)(proc, &st)))
            continue;              /* still running: perhaps writing */
         stale = VG_(malloc)("at.report_stale",
                             ndir + VG_(strlen)(d->d_name) + 1);
         VG_(memcpy)(stale, target, ndir);
         VG_(strcpy)(stale + ndir, d->d_name);
         if (VG_(unlink)(stale) == 0)
            VG_(umsg)("asynctrace: removed %s, left by process %lld "
                      "killed while writing its report\n", stale, p);
         VG_(free)(stale);
      }
   }
   VG_(close)(sr_Res(sres));
   VG_(free)(dir);
}

/* A run is long: find out now, not at its end, that the report cannot
   be written where the user asked.  The file is opened as it will be
   (and removed again if this made it); a FIFO is not opened (its
   reader would take that for the report's end), a device only without
   blocking.  A program this process execve'd into does not overwrite
   the report of the one before: it writes FILE.exec1 (.exec2, ...). */
void AT_(report_check_writable)(void)
{
   HChar* file = VG_(expand_file_name)("--asynctrace-out-file",
                                       AT_(clo_out_file));
   HChar* target;
   AT_PathKind kind;
   struct vg_stat st;
   Bool   existed;
   SysRes sres;
   if (our_exec_report(file)) {
      HChar* prev;
      HChar* other = exec_name(file, &prev);
      VG_(umsg)("asynctrace: %s is this process's report before its "
                "execve; this program's goes to %s\n", prev, other);
      VG_(free)(prev);
      VG_(free)(file);
      file = other;
      AT_(clo_out_file) = VG_(strdup)("at.out_file", other);
   }
   target = follow_links(file);
   kind   = path_kind(target);
   if (kind == AT_PATH_OTHER) {
      VG_(fmsg)("asynctrace: cannot write the report to %s: not a file, a "
                "character device or a FIFO; name another with "
                "--asynctrace-out-file=<file>\n", file);
      VG_(exit)(1);
   }
   if (kind == AT_PATH_FIFO || kind == AT_PATH_DEVICE) {
      if (kind == AT_PATH_DEVICE) {
         sres = VG_(open)(target, VKI_O_WRONLY | VKI_O_NONBLOCK, 0);
         if (sr_isError(sres)) {
            VG_(fmsg)("asynctrace: cannot write the report to %s: %s; "
                      "name another with --asynctrace-out-file=<file>\n",
                      file, VG_(strerror)(sr_Err(sres)));
            VG_(exit)(1);
         }
         VG_(close)(sr_Res(sres));
      }
      if (AT_(clo_snap_interval) != 0 && VG_(clo_verbosity) > 0)
         VG_(umsg)("asynctrace: %s is a %s: the report is written into it "
                   "once, at the end, not at each snapshot\n", file,
                   kind == AT_PATH_FIFO ? "FIFO" : "device");
      VG_(free)(target);
      VG_(free)(file);
      return;
   }
   existed = !sr_isError(VG_(stat)(target, &st));
   sres    = open_report(target, False);
   if (sr_isError(sres)) {
      VG_(fmsg)("asynctrace: cannot write the report to %s: %s; "
                "name another with --asynctrace-out-file=<file>\n", file,
                VG_(strerror)(sr_Err(sres)));
      VG_(exit)(1);
   }
   VG_(close)(sr_Res(sres));
   if (!existed)
      VG_(unlink)(target);
   remove_stale_temps(target);
   VG_(free)(target);
   VG_(free)(file);
}

/* Where the report goes when its file cannot be written at the end
   (the folder went away, the disk is full, no reader on the FIFO):
   $TMPDIR, else /tmp, under the file's own name; if that is the file
   itself or names anything but a regular file (the FIFO, when $TMPDIR
   is its folder), under NAME.PID.xml. */
static HChar* fallback_name(const HChar* file, const HChar* target)
{
   const HChar* dir  = VG_(getenv)("TMPDIR");
   const HChar* base = VG_(strrchr)(file, '/');
   HChar* out;
   HChar* to;
   SizeT  len;
   base = base ? base + 1 : file;
   if (dir == NULL || dir[0] == '\0')
      dir = "/tmp";
   len = VG_(strlen)(dir) + VG_(strlen)(base) + 40;
   out = VG_(malloc)("at.report_fallback", len);
   VG_(snprintf)(out, len, "%s/%s", dir, base);
   to = follow_links(out);
   if (VG_(strcmp)(to, target) == 0 || path_kind(to) != AT_PATH_FILE)
      VG_(snprintf)(out, len, "%s/%s.%d.xml", dir, base, VG_(getpid)());
   VG_(free)(to);
   return out;
}

static void write_body(const AT_RunEnd* end)
{
   AT_(out_str)("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
   AT_(out_str)("<asynctrace version=\"2\">\n");
   out_run(end);
   out_threads();
   out_heap();
   out_live_at_exit();
   out_leaks();
   out_roles();
   out_futex();
   out_cross_frees();
   out_timeline();
   out_alloc_sites();
   out_bad_calls();
   AT_(out_mappings)();
   AT_(tasks_report)();
   AT_(cpu_report)();
   out_snapshots();
   AT_(out_stack_table)();
   AT_(out_str)("</asynctrace>\n");
}

/* The report into an open fd: NULL, or why it failed. */
static const HChar* write_fd(Int fd, const AT_RunEnd* end)
{
   AT_(out_begin)(fd);
   write_body(end);
   return AT_(out_end)() ? NULL : VG_(strerror)(AT_(out_errno)());
}

/* from's bytes into the file to, in place (it keeps its links). */
static const HChar* copy_into(const HChar* from, const HChar* to)
{
   HChar  buf[1 << 16];
   SysRes in  = VG_(open)(from, VKI_O_RDONLY, 0);
   SysRes out;
   const HChar* why = NULL;
   Int    n;
   if (sr_isError(in))
      return VG_(strerror)(sr_Err(in));
   out = VG_(open)(to, VKI_O_WRONLY | VKI_O_TRUNC, 0);
   if (sr_isError(out)) {
      VG_(close)(sr_Res(in));
      return VG_(strerror)(sr_Err(out));
   }
   while (why == NULL && (n = VG_(read)(sr_Res(in), buf, sizeof(buf))) > 0) {
      Int done = 0;
      while (done < n) {
         Int w = VG_(write)(sr_Res(out), buf + done, n - done);
         if (w <= 0) {
            why = VG_(strerror)(w < 0 ? -w : VKI_ENOSPC);
            break;
         }
         done += w;
      }
   }
   VG_(close)(sr_Res(in));
   VG_(close)(sr_Res(out));
   return why;
}

/* A regular file (or none yet): written whole under its temporary
   name, then renamed over it, or copied into it if it has several
   links.  NULL, or why not; the temporary file never stays. */
static const HChar* write_file(const HChar* target, Bool linked,
                               const AT_RunEnd* end)
{
   HChar* tmp  = temp_name(target);
   SysRes sres = open_report(tmp, True);
   const HChar* why;
   if (sr_isError(sres)) {
      VG_(free)(tmp);
      return VG_(strerror)(sr_Err(sres));
   }
   why = write_fd(sr_Res(sres), end);
   VG_(close)(sr_Res(sres));
   if (why == NULL && linked)
      why = copy_into(tmp, target);
   else if (why == NULL && VG_(rename)(tmp, target) != 0)
      why = "the rename of its temporary file failed";
   VG_(unlink)(tmp);               /* (gone already if renamed) */
   VG_(free)(tmp);
   return why;
}

/* A device or FIFO: written straight into, not replaced. */
static const HChar* write_stream(const HChar* target, Bool fifo,
                                 const AT_RunEnd* end)
{
   SysRes sres = VG_(open)(target, VKI_O_WRONLY
                                   | (fifo ? VKI_O_NONBLOCK : 0), 0);
   const HChar* why;
   if (sr_isError(sres))
      return fifo && sr_Err(sres) == VKI_ENXIO
             ? "no process has the FIFO open for reading"
             : VG_(strerror)(sr_Err(sres));
   why = write_fd(sr_Res(sres), end);
   VG_(close)(sr_Res(sres));
   return why;
}

/* The file that holds the report as of the last snapshot written (this
   process's), that snapshot, and where its slot for <final-report-lost>
   is: if the report at the end cannot be written there it must not
   stay passing for the last word. */
static HChar* snap_file;
static UInt   snap_file_seq;
static ULong  snap_file_slot;
static Bool   snap_failure_said;

static void note_snapshot_file(const HChar* target)
{
   if (snap_file)
      VG_(free)(snap_file);
   snap_file      = VG_(strdup)("at.report_snap_file", target);
   snap_file_seq  = AT_(snap_taken)();
   snap_file_slot = lost_slot_at;
}

static void forget_snapshot_file(void)
{
   if (snap_file)
      VG_(free)(snap_file);
   snap_file = NULL;
}

/* <final-report-lost> for end, the report that could not be written
   (why), as a slot's line into out (AT_LOST_SLOT + 1 bytes): the end
   as <end> would have said it, its time, and why, cut to fit. */
static void lost_end_line(HChar* out, const AT_RunEnd* end,
                          const HChar* why)
{
   HChar  line[AT_LOST_SLOT];
   SizeT  n;
   const HChar* c;
   switch (end->how) {
      case AT_END_EXIT:
         VG_(snprintf)(line, sizeof(line), "  <final-report-lost "
                       "how=\"exit\" status=\"%d\"", end->status);
         break;
      case AT_END_SIGNAL:
         VG_(snprintf)(line, sizeof(line), "  <final-report-lost "
                       "how=\"signal\" signal=\"%s\" signo=\"%d\"",
                       AT_(signal_name)(end->signo), end->signo);
         break;
      default:                     /* (only ends are marked) */
         VG_(snprintf)(line, sizeof(line), "  <final-report-lost "
                       "how=\"exec\"");
         break;
   }
   n = VG_(strlen)(line);
   VG_(snprintf)(line + n, sizeof(line) - n, " ms=\"%u\" why=\"", end->ms);
   n = VG_(strlen)(line);
   /* The core's words for an errno, or ours: plain ASCII; anything
      else is kept out rather than escaped. */
   for (c = why; *c && n < sizeof(line) - 8; c++)
      line[n++] = (*c >= ' ' && *c <= '~' && *c != '"' && *c != '&'
                   && *c != '<') ? *c : '?';
   VG_(strcpy)(line + n, "\"/>");
   AT_(pad_line)(out, line, AT_LOST_SLOT);
}

/* Puts <final-report-lost> into target's slot, in place: the file is
   the snapshot's report noted (its slot still holds the placeholder,
   else it is not ours any more and is left alone).  NULL, or why not. */
static const HChar* mark_lost_end(const HChar* target, const AT_RunEnd* end,
                                  const HChar* why)
{
   HChar  want[AT_LOST_SLOT + 1], have[AT_LOST_SLOT + 1],
          mark[AT_LOST_SLOT + 1];
   SysRes sres = VG_(open)(target, VKI_O_RDWR, 0);
   const HChar* res = NULL;
   Int    fd, n;
   if (sr_isError(sres))
      return VG_(strerror)(sr_Err(sres));
   fd = sr_Res(sres);
   AT_(pad_line)(want, AT_LOST_PLACEHOLDER, AT_LOST_SLOT);
   lost_end_line(mark, end, why);
   if (VG_(lseek)(fd, snap_file_slot, VKI_SEEK_SET) != (Off64T)snap_file_slot
       || VG_(read)(fd, have, AT_LOST_SLOT) != AT_LOST_SLOT
       || VG_(memcmp)(have, want, AT_LOST_SLOT) != 0) {
      res = "it is no longer the snapshot's report written";
   } else if (VG_(lseek)(fd, snap_file_slot, VKI_SEEK_SET)
              != (Off64T)snap_file_slot) {
      res = "cannot seek in it";
   } else if ((n = VG_(write)(fd, mark, AT_LOST_SLOT)) != AT_LOST_SLOT) {
      /* Overwritten in part, the line is no longer the placeholder,
         nor a marker: the report may not read.  The placeholder goes
         back (the same bytes, if they could be written once). */
      res = n < 0 ? VG_(strerror)(-n) : "a short write";
      if (n > 0 && VG_(lseek)(fd, snap_file_slot, VKI_SEEK_SET)
                   == (Off64T)snap_file_slot)
         VG_(write)(fd, want, AT_LOST_SLOT);
   }
   VG_(close)(fd);
   return res;
}

/* The report at the end could not be written to target (why): if
   target holds a snapshot's report and the whole one went elsewhere,
   remove it; if it went nowhere, mark it with <final-report-lost> (an
   end's, not the thread limit's, which is not one: the snapshot is
   kept for the end), and say what target holds. */
static void stale_snapshot(const HChar* target, Bool written_elsewhere,
                           const AT_RunEnd* end, const HChar* why)
{
   const HChar* not_marked;
   if (snap_file == NULL || VG_(strcmp)(snap_file, target) != 0)
      return;
   if (written_elsewhere) {
      if (VG_(unlink)(target) == 0)
         VG_(umsg)("asynctrace: removed %s, the report as of snapshot %u, "
                   "so that it does not pass for the run's end\n", target,
                   snap_file_seq);
   } else if (end->how == AT_END_THREAD_LIMIT) {
      VG_(umsg)("asynctrace: %s is left as it was: the report as of "
                "snapshot %u\n", target, snap_file_seq);
      return;
   } else if ((not_marked = mark_lost_end(target, end, why)) == NULL) {
      VG_(umsg)("asynctrace: %s is left with the report as of snapshot %u, "
                "marked as the last before the run's end\n", target,
                snap_file_seq);
   } else {
      VG_(umsg)("asynctrace: %s is left as it was: the report as of "
                "snapshot %u, not of the run's end (nor could it be marked "
                "so: %s)\n", target, snap_file_seq, not_marked);
   }
   forget_snapshot_file();
}

void AT_(write_report_to)(const AT_RunEnd* end, const HChar* given)
{
   HChar* file   = given ? VG_(strdup)("at.report_file", given)
                         : VG_(expand_file_name)("--asynctrace-out-file",
                                                 AT_(clo_out_file));
   HChar* target = follow_links(file);
   AT_PathKind kind = path_kind(target);
   Bool   snapshot = end->how == AT_END_SNAPSHOT;
   const HChar* why;
   if (kind == AT_PATH_DEVICE || kind == AT_PATH_FIFO) {
      if (snapshot && given == NULL) {   /* a stream gets the end's only
                                            (and those asked for it) */
         VG_(free)(target);
         VG_(free)(file);
         return;
      }
      why = write_stream(target, kind == AT_PATH_FIFO, end);
   } else if (kind == AT_PATH_OTHER) {
      why = "not a file, a character device or a FIFO";
   } else {
      why = write_file(target, kind == AT_PATH_LINKED, end);
   }

   if (why == NULL) {
      if (snapshot && given == NULL)
         note_snapshot_file(target);
      else if (!snapshot && given == NULL)
         forget_snapshot_file();   /* the file holds this one now */
      if (VG_(clo_verbosity) > 0 && !snapshot)
         VG_(umsg)("asynctrace: report written to %s; read it with: "
                   "at_print %s\n", file, file);
   } else if (snapshot) {
      /* The run goes on and the next snapshot tries again: said once,
         the file left as it was (the last whole report). */
      if (given != NULL)           /* asked for: always said */
         VG_(umsg)("asynctrace: cannot write the report as of snapshot %u "
                   "to %s: %s\n", AT_(snap_taken)(), file, why);
      else if (!snap_failure_said)
         VG_(umsg)("asynctrace: cannot write the report as of snapshot %u "
                   "to %s: %s; later snapshots that cannot be written are "
                   "not said\n", AT_(snap_taken)(), file, why);
      if (given == NULL)
         snap_failure_said = True;
   } else {
      HChar* alt = fallback_name(file, target);
      const HChar* alt_why;
      VG_(umsg)("asynctrace: cannot write the report to %s: %s\n", file,
                why);
      VG_(umsg)("asynctrace: writing it to %s instead\n", alt);
      alt_why = write_file(alt, False, end);
      if (alt_why != NULL)
         VG_(umsg)("asynctrace: nor to %s: %s; no report\n", alt, alt_why);
      stale_snapshot(target, alt_why == NULL, end, why);
      VG_(free)(alt);
   }
   VG_(free)(target);
   VG_(free)(file);
}

/* The one way to a report: the instructions run so far charged, the
   roles' and tasks' figures settled, the invariants checked, then the
   report written, at the end (at_main.c) as at a snapshot or a leak
   check during the run (at_snap.c). */
void AT_(settle_and_write)(const AT_RunEnd* end, const HChar* file)
{
   AT_(charge_insns)();
   AT_(roles_finish)();
   AT_(tasks_finish)();
   AT_(tasks_warn)(end->how != AT_END_SNAPSHOT);
   AT_(check_invariants)();
   AT_(write_report_to)(end, file);
}

/*--------------------------------------------------------------------*/
/*--- end                                             at_report.c ---*/
/*--------------------------------------------------------------------*/
