/*--------------------------------------------------------------------*/
/*--- asynctrace: instrumentation.                 at_instrument.h ---*/
/*--------------------------------------------------------------------*/

/* This file is part of asynctrace.  Copyright (C) 2026 the asynctrace
   authors.  GPL-2.0-or-later; see at_basics.h and COPYING. */

#ifndef __AT_INSTRUMENT_H
#define __AT_INSTRUMENT_H

#include "at_basics.h"
#include "pub_tool_tooliface.h"

IRSB* AT_(instrument)(VgCallbackClosure* closure, IRSB* bb,
                      const VexGuestLayout* layout,
                      const VexGuestExtents* vge,
                      const VexArchInfo* archinfo_host,
                      IRType gWordTy, IRType hWordTy);

/* The core's start and stop of client code: the instruction counter
   (at_insns.h) charges the thread that ran. */
void AT_(instrument_register_hooks)(void);

#endif /* __AT_INSTRUMENT_H */
