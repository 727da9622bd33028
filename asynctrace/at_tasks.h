/*--------------------------------------------------------------------*/
/*--- asynctrace: Tokio tasks, by spawn site.            at_tasks.h ---*/
/*--------------------------------------------------------------------*/

/* This file is part of asynctrace.  Copyright (C) 2026 the asynctrace
   authors.  GPL-2.0-or-later; see at_basics.h and COPYING. */

#ifndef __AT_TASKS_H
#define __AT_TASKS_H

#include "at_basics.h"
#include "at_stack.h"
#include "at_threads.h"
#include "pub_tool_execontext.h"

typedef enum { AT_TASK_ASYNC = 0, AT_TASK_BLOCKING = 1, AT_TASK_LOCAL = 2,
               AT_TASK_RAYON = 3, AT_TASK_BLOCK_ON = 4 }
   AT_TaskKind;

void AT_(tasks_init)(void);     /* after options */

/* From role_enter: tid entered the poll function with sp, cell in RDI. */
void AT_(task_enter)(ThreadId tid, Addr sp, Addr cell);
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
void   AT_(task_wait)(void* task, ExeContext* where, ULong us, Bool idle);

/* Other work charged like tasks (at_rayon.c: Rayon jobs).  The site of
   that kind whose key frame is (key_ip, key_depth), made on first use:
   where is its stack, frame the key's index in it ((UInt)-1: not in
   it), what says what was called there.  0 if sites ran out. */
UShort AT_(task_site_of)(UChar kind, Addr key_ip, UInt key_depth,
                         ExeContext* where, UInt frame, const HChar* what);
UChar  AT_(task_site_kind)(UShort g);
/* tid entered a function at sp (its return address's slot) that runs
   work of site g: charged to g until it returns, like a poll (nested
   runs and polls charge the innermost).  Counted as one of g's
   "spawned" when entered, "ended" when it returns. */
void   AT_(task_run_enter)(ThreadId tid, Addr sp, UShort g);

/* At the end, after the leak scan: figures per spawn site; checks;
   the report's <tasks> section. */
void AT_(tasks_finish)(void);
UInt AT_(tasks_check)(void);    /* broken invariants (said on stderr) */
void AT_(tasks_report)(void);
void AT_(tasks_monitor)(UInt n);   /* vgdb: monitor tasks [N] */

/* For a snapshot (at_snap.c): the live heap per spawn site and of the
   heaviest tasks alive.  A spawn site's or task's live bytes are those
   allocated in its tasks' polls, still live; its cell bytes are the
   cells of its tasks alive (the futures themselves). */
typedef struct {
   UShort site;                    /* its id in <tasks> */
   ULong  tasks;                   /* alive */
   ULong  live_bytes, live_blocks, cell_bytes;
} AT_SnapSpawn;
typedef struct {
   UInt   seq;
   UShort site;
   ULong  live_bytes, live_blocks, cell_bytes;
} AT_SnapTask;
typedef struct {
   ULong         alive;            /* tasks alive */
   UInt          nsites;           /* the sites holding most, first */
   AT_SnapSpawn* sites;
   ULong         rest_sites, rest_tasks, rest_bytes, rest_blocks,
                 rest_cell_bytes;  /* the other sites in use */
   UInt          ntasks;           /* the tasks alive holding most */
   AT_SnapTask*  tasks;
} AT_SnapTasks;
/* NULL while no task was spawned (or tasks are not followed). */
AT_SnapTasks* AT_(tasks_snapshot)(UInt max_sites, UInt max_tasks);
void          AT_(tasks_snapshot_free)(AT_SnapTasks* st);

#endif /* __AT_TASKS_H */
