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
/* Jobs entered, and of them those whose submit site was not found. */
void AT_(rayon_counts)(ULong* jobs, ULong* unknown);

#endif /* __AT_RAYON_H */
