/*--------------------------------------------------------------------*/
/*--- asynctrace: Rayon work, by submit site.            at_rayon.h ---*/
/*--------------------------------------------------------------------*/

/* This file is part of asynctrace.  Copyright (C) 2026 the asynctrace
   authors.  GPL-2.0-or-later; see at_basics.h and COPYING. */

#ifndef __AT_RAYON_H
#define __AT_RAYON_H

#include "at_basics.h"

void AT_(rayon_init)(void);       /* after options */
/* From role_enter: tid entered <StackJob as Job>::execute (heap False)
   or <HeapJob as Job>::execute (heap True) with sp, the job in RDI. */
void AT_(rayon_job_enter)(ThreadId tid, Addr sp, Addr job, Bool heap);
/* Jobs entered, and of them those whose submit site was not found. */
void AT_(rayon_counts)(ULong* jobs, ULong* unknown);

#endif /* __AT_RAYON_H */
