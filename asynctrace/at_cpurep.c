/*--------------------------------------------------------------------*/
/*--- asynctrace: the report's <cpu>.                  at_cpurep.c ---*/
/*--------------------------------------------------------------------*/

/* This file is part of asynctrace.  Copyright (C) 2026 the asynctrace
   authors.  GPL-2.0-or-later; see at_basics.h and COPYING.

   Writes the CPU profile (at_cpu.c) as the report's <cpu>: one
   <cpu-stack> per stack, role instance and spawn site, most
   instructions first, each with its stack in the stack table
   (docs/report-format.md); and vgdb's "monitor cpu [N]", the same
   figures now, in at_print's words (roles, thousands separators). */

#include "pub_tool_gdbserver.h"
#include "pub_tool_libcbase.h"
#include "pub_tool_mallocfree.h"
#include "pub_tool_xarray.h"

#include "at_cpu.h"
#include "at_cpurep.h"
#include "at_frames.h"
#include "at_options.h"
#include "at_roles.h"
#include "at_xmlout.h"

void AT_(cpu_report)(void)
{
   ULong   insns, samples;
   XArray* xa;
   Word    i, n;
   if (!AT_(cpu_on)())
      return;
   xa = AT_(cpu_rows)(&insns, &samples);
   n  = VG_(sizeXA)(xa);
   AT_(out_fmt)("<cpu interval=\"%llu\" samples=\"%llu\" insns=\"%llu\" "
                "stacks=\"%ld\">\n", AT_(clo_cpu_sample), samples, insns, n);
   for (i = 0; i < n; i++) {
      const AT_CpuRow* r = VG_(indexXA)(xa, i);
      AT_(out_str)("  <cpu-stack");
      AT_(out_role_attrs)(r->inst);
      if (r->site != 0)
         AT_(out_fmt)(" spawn-site=\"%u\"", r->site);
      AT_(out_fmt)(" insns=\"%llu\" samples=\"%llu\"", r->insns, r->samples);
      if (r->where != NULL) {
         AT_(out_str)(">");
         AT_(out_stack)(r->where);
         AT_(out_str)("</cpu-stack>\n");
      } else {
         AT_(out_str)("/>\n");
      }
   }
   AT_(out_str)("</cpu>\n");
   VG_(deleteXA)(xa);
}

/* share of total, in tenths of a percent, as "12.3%". */
static const HChar* share(HChar* buf, SizeT n, ULong part, ULong total)
{
   ULong t = total ? (part * 1000 + total / 2) / total : 0;
   VG_(snprintf)(buf, n, "%llu.%llu%%", t / 10, t % 10);
   return buf;
}

/* Where a row ran: its innermost frame's function, and the first own
   frame when that is another ("memcpy < demo::crunch (demo.rs:40)"),
   named as at_print names them. */
static void row_place(const AT_CpuRow* r, HChar* out, SizeT n)
{
   HChar    inner[2 * AT_FNNAME_MAX];
   AT_Shown sh;
   if (r->where == NULL) {
      VG_(snprintf)(out, n, "(not sampled)");
      return;
   }
   AT_(first_shown)(r->where, &sh);
   if (sh.index == 0) {
      VG_(snprintf)(out, n, "%s", sh.label);
   } else {
      AT_(frame_name)(r->where, 0, inner, sizeof(inner));
      VG_(snprintf)(out, n, "%s < %s", inner, sh.label);
   }
}

/* The role column: "tokio-blocking (runtime 1)" fits. */
#define AT_ROLE_COL 26

void AT_(cpu_monitor)(UInt max)
{
   ULong   insns, samples;
   XArray* xa;
   Word    i, n, shown;
   UInt    k, ninst = AT_(n_role_insts)();
   ULong*  by = NULL;
   HChar   role[80], pct[16], where[4 * AT_FNNAME_MAX];
   if (!AT_(cpu_on)()) {
      VG_(gdb_printf)("no CPU profile: the run has --cpu-sample=0\n");
      return;
   }
   xa = AT_(cpu_rows)(&insns, &samples);
   n  = VG_(sizeXA)(xa);
   VG_(gdb_printf)("%'llu instructions in %'llu %s (one every %'llu "
                   "instructions on average), by role:\n", insns, samples,
                   samples == 1 ? "sample" : "samples",
                   AT_(clo_cpu_sample));
   by = VG_(calloc)("at.cpu_monitor", ninst ? ninst : 1, sizeof(ULong));
   for (i = 0; i < n; i++) {
      const AT_CpuRow* r = VG_(indexXA)(xa, i);
      if (r->inst < ninst)
         by[r->inst] += r->insns;
   }
   for (k = 0; k < ninst; k++) {
      if (by[k] == 0)
         continue;
      AT_(role_words)((UShort)k, role, sizeof(role));
      VG_(gdb_printf)("  %-*s %'14llu %7s\n", AT_ROLE_COL, role, by[k],
                      share(pct, sizeof(pct), by[k], insns));
   }
   VG_(free)(by);
   shown = (Word)max < n ? (Word)max : n;
   VG_(gdb_printf)("the %'ld %s with the most instructions (site: the "
                   "spawn site in <tasks>; innermost frame < first own "
                   "frame):\n", shown, shown == 1 ? "stack" : "stacks");
   VG_(gdb_printf)("%14s %7s  %-*s %5s  %s\n", "instructions", "share",
                   AT_ROLE_COL, "role", "site", "where");
   for (i = 0; i < shown; i++) {
      const AT_CpuRow* r = VG_(indexXA)(xa, i);
      HChar site[16] = "-";
      AT_(role_words)(r->inst, role, sizeof(role));
      row_place(r, where, sizeof(where));
      if (r->site)
         VG_(snprintf)(site, sizeof(site), "%u", r->site);
      VG_(gdb_printf)("%'14llu %7s  %-*s %5s  %s\n", r->insns,
                      share(pct, sizeof(pct), r->insns, insns),
                      AT_ROLE_COL, role, site, where);
   }
   VG_(deleteXA)(xa);
}

/*--------------------------------------------------------------------*/
/*--- end                                              at_cpurep.c ---*/
/*--------------------------------------------------------------------*/
