/*--------------------------------------------------------------------*/
/*--- asynctrace: Tokio block_on futures, as tasks.    at_blockon.h ---*/
/*--------------------------------------------------------------------*/

/* This file is part of asynctrace.  Copyright (C) 2026 the asynctrace
   authors.  GPL-2.0-or-later; see at_basics.h and COPYING. */

#ifndef __AT_BLOCKON_H
#define __AT_BLOCKON_H

#include "at_basics.h"

void AT_(blockon_init)(void);     /* after options */
/* From role_enter: tid entered one of Tokio's block_on functions at sp. */
void AT_(blockon_enter)(ThreadId tid, Addr sp);

#endif /* __AT_BLOCKON_H */
