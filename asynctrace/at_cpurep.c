/*--------------------------------------------------------------------*/
/*--- asynctrace: the report's <cpu>.                  at_cpurep.c ---*/
/*--------------------------------------------------------------------*/

/* This file is part of asynctrace.  Copyright (C) 2026 the asynctrace
   authors.  GPL-2.0-or-later; see at_basics.h and COPYING.

   Writes the CPU profile (at_cpu.c) as the report's <cpu>: one
   <cpu-stack> per stack, role instance and spawn site, most
   instructions first, each with its stack in the stack table
   (docs/report-format.md). */

#include "pub_tool_xarray.h"

#include "at_cpu.h"
#include "at_cpurep.h"
#include "at_options.h"
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

/*--------------------------------------------------------------------*/
/*--- end                                              at_cpurep.c ---*/
/*--------------------------------------------------------------------*/
