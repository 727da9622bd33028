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

/* Charges the instructions counted so far to the running thread. */
void AT_(instrument_register_hooks)(void);
void AT_(charge_insns)(void);
/* Guest instructions executed so far by all threads. */
ULong AT_(insns_now)(void);
/* Thread tid's instructions so far, exact (the counter's gain since it
   was last charged included, if tid is the one running). */
ULong AT_(thread_insns_now)(ThreadId tid);

#endif /* __AT_INSTRUMENT_H */
