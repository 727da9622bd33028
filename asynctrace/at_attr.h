/*--------------------------------------------------------------------*/
/*--- asynctrace: who runs now, and whom to charge.       at_attr.h ---*/
/*--------------------------------------------------------------------*/

/* This file is part of asynctrace.  Copyright (C) 2026 the asynctrace
   authors.  GPL-2.0-or-later; see at_basics.h and COPYING. */

/* The attribution layer as the recorders see it: the calls the heap,
   futex waits, mappings and the instrumenter make, declared apart from
   the rest of roles (at_roles.c) and tasks (at_tasks.c), which define
   them.  A recorder includes this header, not theirs. */

#ifndef __AT_ATTR_H
#define __AT_ATTR_H

#include "at_basics.h"
#include "pub_tool_execontext.h"
#include "at_stack.h"         /* AT_Anchor */
#include "at_threads.h"       /* AT_Thread */

/*------------------------------------------------------------*/
/*--- Roles (at_roles.c)                                   ---*/
/*------------------------------------------------------------*/

/* At translation: the rule whose function starts at a, or -1.  The
   instrumenter then calls role_enter on entry. */
Int  AT_(role_rule_at)(Addr a);
VG_REGPARM(3) void AT_(role_enter)(UWord rule, UWord sp, UWord arg0);

/* The role instance in force on tid now (the hot path of every event). */
UShort AT_(role_now)(ThreadId tid);
/* The same for thread t (NULL: none) whose stack pointer is sp. */
UShort AT_(role_at)(AT_Thread* t, Addr sp);

/*------------------------------------------------------------*/
/*--- Tasks (at_tasks.c)                                   ---*/
/*------------------------------------------------------------*/

/* At translation: does a poll return to a? (then call task_leave) */
Bool AT_(task_return_point)(Addr a);
VG_REGPARM(1) void AT_(task_leave)(UWord sp);

/* The task being polled on tid (thread t, stack pointer sp), NULL if
   none, for task_alloc; the polls that have returned are let go first. */
void*  AT_(task_now_at)(ThreadId tid, AT_Thread* t, Addr sp);
/* tid's innermost anchor (at_stack.h): after task_now_at and role_at at
   the same SP, which let go of the frames that have returned. */
void   AT_(anchor_of)(ThreadId tid, const AT_Thread* t, AT_Anchor* a);
/* The spawn site (1..) of task (task_now_at's), 0 if none; its
   allocation of n bytes is counted for the task.  *slot: what the block
   keeps (AT_Block.task) so that it counts for the task's live bytes
   until it is freed, 0 for none. */
UShort AT_(task_alloc)(void* task, ExeContext* where, SizeT n, UInt* slot);
/* A block allocated in spawn site g, at p, freed. */
void   AT_(task_site_free)(UShort g, SizeT n, UInt slot);
/* Is an allocation with this stack a task's cell?  Its spawn site
   (1..), 0 if not (once per stack: cached). */
UShort AT_(task_cell_site)(ExeContext* where);
void   AT_(task_spawned)(UShort g, Addr cell);
void   AT_(task_cell_freed)(Addr cell);

/* The task polled on tid now (opaque), for futex waits; NULL if none. */
void*  AT_(task_now)(ThreadId tid);
/* The spawn site (its id in <tasks>) of the task tid polls, or 0. */
UShort AT_(task_spawn_site)(ThreadId tid);
/* A wait of us microseconds by the task being polled (task_now), at
   where; call names the syscall ("futex", "read": a static string). */
void   AT_(task_wait)(void* task, ExeContext* where, ULong us, Bool idle,
                      const HChar* call);

#endif /* __AT_ATTR_H */

/*--------------------------------------------------------------------*/
/*--- end                                                at_attr.h ---*/
/*--------------------------------------------------------------------*/
