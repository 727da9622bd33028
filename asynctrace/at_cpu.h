/*--------------------------------------------------------------------*/
/*--- asynctrace: CPU samples by role, task and stack.    at_cpu.h ---*/
/*--------------------------------------------------------------------*/

/* This file is part of asynctrace.  Copyright (C) 2026 the asynctrace
   authors.  GPL-2.0-or-later; see at_basics.h and COPYING. */

#ifndef __AT_CPU_H
#define __AT_CPU_H

#include "at_basics.h"
#include "pub_tool_execontext.h"
#include "pub_tool_xarray.h"

void AT_(cpu_init)(void);        /* after options */
Bool AT_(cpu_on)(void);
/* From the generated code, when the instruction counter turns
   non-negative (at_insns.h): a sample of the running thread at the end
   of a superblock whose last instruction is at ip (the guest's SP and FP
   are current).  _call: that instruction was a call (SP holds its return
   address); _ret: a return, to next. */
VG_REGPARM(1) void AT_(cpu_sample)(UWord ip);
VG_REGPARM(1) void AT_(cpu_sample_call)(UWord ip);
VG_REGPARM(2) void AT_(cpu_sample_ret)(UWord ip, UWord next);

/* One row of the profile: the instructions charged to a stack under a
   role instance and a spawn site (0: outside tasks).  where NULL: a
   thread that never got a sample, its whole count. */
typedef struct {
   ExeContext* where;
   UShort      inst;
   UShort      site;
   ULong       insns;
   ULong       samples;
} AT_CpuRow;

/* The profile now, each thread's instructions since its last sample
   charged to that sample's row, most instructions first (an XArray of
   AT_CpuRow; the caller deletes it).  *insns, *samples: the sums. */
XArray* AT_(cpu_rows)(ULong* insns, ULong* samples);

#endif /* __AT_CPU_H */

/*--------------------------------------------------------------------*/
/*--- end                                                 at_cpu.h ---*/
/*--------------------------------------------------------------------*/
