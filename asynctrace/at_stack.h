/*--------------------------------------------------------------------*/
/*--- asynctrace: stacks of allocations, remembered.    at_stack.h ---*/
/*--------------------------------------------------------------------*/

/* This file is part of asynctrace.  Copyright (C) 2026 the asynctrace
   authors.  GPL-2.0-or-later; see at_basics.h and COPYING. */

#ifndef __AT_STACK_H
#define __AT_STACK_H

#include "at_basics.h"
#include "pub_tool_execontext.h"

void AT_(stack_init)(void);
/* What VG_(record_ExeContext)(tid, 0) gives, from a cache when the
   stack is one seen before (at_stack.c says when). */
ExeContext* AT_(stack_here)(ThreadId tid);
/* The same, tid's IP and SP given. */
ExeContext* AT_(stack_at)(ThreadId tid, Addr ip, Addr sp);
void AT_(stack_print_stats)(void);   /* for --stats=yes */

#endif /* __AT_STACK_H */
