/*--------------------------------------------------------------------*/
/*--- asynctrace: Tokio tasks' figures.               at_taskfig.h ---*/
/*--------------------------------------------------------------------*/

/* This file is part of asynctrace.  Copyright (C) 2026 the asynctrace
   authors.  GPL-2.0-or-later; see at_basics.h and COPYING. */

#ifndef __AT_TASKFIG_H
#define __AT_TASKFIG_H

#include "at_basics.h"
#include "pub_tool_xarray.h"

/* At the end, after the leak scan: figures per spawn site, role and
   task listed; checks. */
typedef struct { ULong in_allocs, in_bytes, out_allocs, out_bytes,
                 in_insns; } AT_RoleShare;   /* made in tasks and not */
typedef struct {
   Bool          finished;      /* tasks_finish ran */
   UInt          n_shares;
   AT_RoleShare* shares;        /* by role instance */
   XArray*       listed;        /* of AT_Task*: the report's tasks */
} AT_TaskFigures;
void AT_(tasks_finish)(void);
/* Says on stderr, once, if tasks could not be attributed; at_end: the
   report is the run's end's, not a snapshot's. */
void AT_(tasks_warn)(Bool at_end);
const AT_TaskFigures* AT_(task_figures)(void);
UInt AT_(tasks_check)(void);    /* broken invariants (said on stderr) */
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

#endif /* __AT_TASKFIG_H */

/*--------------------------------------------------------------------*/
/*--- end                                             at_taskfig.h ---*/
/*--------------------------------------------------------------------*/
