/*--------------------------------------------------------------------*/
/*--- asynctrace: Rayon work, by submit site.            at_rayon.h ---*/
/*--------------------------------------------------------------------*/

/* This file is part of asynctrace.  Copyright (C) 2026 the asynctrace
   authors.  GPL-2.0-or-later; see at_basics.h and COPYING. */

#ifndef __AT_RAYON_H
#define __AT_RAYON_H

#include "at_basics.h"
#include "pub_tool_execontext.h"

/* After options.  A job on the heap belongs to the stack that allocated
   it: block_stack (the heap's, a layer above; at_main.c passes it) gives
   the allocation stack of the live block that starts at an address, or
   NULL. */
void AT_(rayon_init)(ExeContext* (*block_stack)(Addr start));
/* From role_enter: tid entered <StackJob as Job>::execute (heap False)
   or <HeapJob as Job>::execute (heap True) with sp, the job in RDI. */
void AT_(rayon_job_enter)(ThreadId tid, Addr sp, Addr job, Bool heap);
/* Whether a is the entry of <StackJob<L, F, R> as Job>::execute: a store
   of it is a JobRef made, which at_instrument.c follows with a call of
   rayon_pushed (the store's address); answers are kept by address. */
Bool AT_(rayon_stack_job_fn)(Addr a);
VG_REGPARM(1) void AT_(rayon_pushed)(Addr where);
/* Jobs entered, and of them those whose submit site was not found. */
void AT_(rayon_counts)(ULong* jobs, ULong* unknown);

#endif /* __AT_RAYON_H */
