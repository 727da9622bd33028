/*--------------------------------------------------------------------*/
/*--- asynctrace: the task records.                   at_taskrec.h ---*/
/*--------------------------------------------------------------------*/

/* This file is part of asynctrace.  Copyright (C) 2026 the asynctrace
   authors.  GPL-2.0-or-later; see at_basics.h and COPYING. */

/* The records at_tasks.c keeps while the program runs (spawn sites,
   tasks, blocking inside async), for the files that read them:
   at_taskfig.c (the end-of-run figures, snapshots' task rows, vgdb's
   monitor tasks) and at_taskrep.c (the report's <tasks>).  Only
   at_tasks.c changes them, except the end-of-run figures of each site
   (lost_*, *_at_exit) and each task's state, set by at_taskfig.c. */

#ifndef __AT_TASKREC_H
#define __AT_TASKREC_H

#include "at_basics.h"
#include "pub_tool_execontext.h"
#include "pub_tool_xarray.h"

typedef struct {
   Addr        key_ip;       /* the spawn-site frame: code address */
   UInt        key_depth;    /* and which of the frames inlined there */
   UChar       kind;         /* AT_TaskKind */
   ExeContext* spawn;        /* a cell's allocation stack (the first) */
   UInt        frame;        /* the spawn site's frame in it (0: top) */
   HChar*      future;       /* the future's type, from new_task<T, S> */
   ULong spawned, ended, polls, insns, max_poll_insns;
   ULong allocs, bytes, live_blocks, live_bytes, peak_live;
   ULong lost_bytes, lost_blocks;      /* definitely lost, at the end */
   ULong alive_at_exit, pending_at_exit;
   ULong waits, blocked_us;            /* blocking inside async */
   struct _AT_Task* runs;       /* other kinds' work (task_run_enter): one
                                record for all of it, never listed */
   Bool     stack_jobs;         /* Rayon: StackJobs ran (join, par_iter) */
   ULong    stolen;             /* of them, pushed by another worker */
   ULong    splits;             /* Rayon: StackJobs pushed on a worker's
                                   own deque (join's second halves) */
   XArray*  job_insns;          /* Rayon: each job's instructions (ULong),
                                   for the median; NULL before the first */
} AT_TaskSite;

typedef struct _AT_Task {
   struct _AT_Task* next;       /* VgHashNode: next, key */
   UWord         key;        /* the cell's address while it lives */
   UInt          seq;        /* spawn order, 1.. */
   UShort        site;
   Bool          ended;      /* its cell was freed */
   UInt          on_stack;   /* polls of it in force */
   ULong polls, insns, max_poll_insns, allocs, bytes, waits, blocked_us;
   UInt          spawned_ms, ended_ms;
   ExeContext*   last_where; /* the last stack seen in its polls */
   UInt          state;      /* Tokio's state word, at exit */
   Bool          polling_at_exit;
   Bool          dropped;    /* no longer listed: freed when its last
                                live block goes (snapshots' task rows) */
   ULong         live_blocks, live_bytes;   /* made in its polls, live */
   UInt          slot;       /* its slot while blocks name it, or 0 */
} AT_Task;

/* Blocking inside async: by spawn site and wait stack. */
typedef struct _AT_TaskBlock {
   struct _AT_TaskBlock* next;
   UWord              key;   /* ECU << 16 | spawn site */
   ExeContext*        where;
   UShort             site;
   const HChar*       call;  /* the syscall: one per stack */
   ULong              waits, blocked_us, max_us;
} AT_TaskBlock;

typedef struct {
   XArray*      sites;          /* of AT_TaskSite; site n is [n - 1] */
   VgHashTable* live;           /* of AT_Task, by cell address */
   XArray*      kept;           /* of AT_Task*: ended, the heaviest */
   VgHashTable* blocking;       /* of AT_TaskBlock */
   UInt         seq;            /* tasks spawned */
   ULong        polls_unknown;  /* polls of cells we do not know */
   ULong        poll_entries;
   Bool         own_cells;      /* a cell of Tokio's own was seen (a
                                   worker's launch): cells are known */
} AT_TaskRecs;
extern AT_TaskRecs AT_(tasks);

static inline AT_TaskSite* AT_(task_site)(UShort g)
{
   return VG_(indexXA)(AT_(tasks).sites, g - 1);
}

/* A task's weight, for keeping the heaviest. */
static inline Bool AT_(task_heavier)(const AT_Task* a, const AT_Task* b)
{
   if (a->insns != b->insns) return a->insns > b->insns;
   return a->bytes > b->bytes;
}

/* Tokio's state bits (runtime/task/state.rs, 1.x). */
#define AT_TOKIO_COMPLETE 0x2

/* The polls in force now charged up to now (they stay in force); each
   task polled now marked polling_at_exit, its stack taken if its thread
   lives.  Instructions run in tasks by thread seq, so far. */
void  AT_(tasks_charge_polls_now)(void);
ULong AT_(task_insns_of_thread)(UInt seq);

#endif /* __AT_TASKREC_H */

/*--------------------------------------------------------------------*/
/*--- end                                             at_taskrec.h ---*/
/*--------------------------------------------------------------------*/
