/*--------------------------------------------------------------------*/
/*--- asynctrace: stacks of allocations, remembered.    at_stack.h ---*/
/*--------------------------------------------------------------------*/

/* This file is part of asynctrace.  Copyright (C) 2026 the asynctrace
   authors.  GPL-2.0-or-later; see at_basics.h and COPYING. */

#ifndef __AT_STACK_H
#define __AT_STACK_H

#include "at_basics.h"
#include "pub_tool_execontext.h"

/* A frame of the thread that has not returned since it was entered, so
   that the stack above it is as it was then (at_stack.c): a Tokio poll,
   a Rayon job, a runtime's function that gives the thread its role.
   gen is that entry's number (AT_(anchor_gen)), 0 for no anchor. */
typedef struct {
   Addr  sp;      /* SP at its entry: where its return address is */
   ULong gen;
} AT_Anchor;
/* A number for an entry of an anchor frame: never 0, never the same. */
ULong AT_(anchor_gen)(void);

void AT_(stack_init)(void);
/* What VG_(record_ExeContext)(tid, 0) gives, from a cache when the
   stack is one seen before (at_stack.c says when). */
ExeContext* AT_(stack_here)(ThreadId tid);
/* The same, tid's IP and SP given, and its innermost anchor (NULL or
   gen 0: none). */
ExeContext* AT_(stack_at)(ThreadId tid, Addr ip, Addr sp,
                          const AT_Anchor* a);
void AT_(stack_print_stats)(void);   /* for --stats=yes */

#endif /* __AT_STACK_H */
