/*--------------------------------------------------------------------*/
/*--- asynctrace: snapshots during the run, phases, monitor        ---*/
/*--- commands.                                        at_snap.h  ---*/
/*--------------------------------------------------------------------*/

/* This file is part of asynctrace.  Copyright (C) 2026 the asynctrace
   authors.  GPL-2.0-or-later; see at_basics.h and COPYING. */

#ifndef __AT_SNAP_H
#define __AT_SNAP_H

#include "at_basics.h"
#include "pub_tool_execontext.h"
#include "at_leaknow.h"       /* AT_SnapLeaks */
#include "at_taskfig.h"       /* AT_SnapTasks */

/* What made a snapshot be taken. */
typedef enum { AT_SNAP_INTERVAL, AT_SNAP_REQUEST, AT_SNAP_MONITOR,
               AT_SNAP_BLOCKED }
   AT_SnapCause;

typedef struct {
   UShort inst;
   UInt   threads;        /* alive, in this role now */
   ULong  live_bytes, live_blocks;
   ULong  waits, blocked_us, idle_us, wakes;   /* futex, so far */
} AT_SnapRole;

typedef struct {
   ExeContext* where;
   UShort      inst;
   ULong       live_bytes, live_blocks;
} AT_SnapSite;

typedef struct {
   UInt         seq;           /* 1, 2, ... in order taken */
   UInt         ms;
   ULong        insns;
   UChar        cause;         /* AT_SnapCause */
   HChar*       label;         /* NULL if none */
   ULong        live_bytes, live_blocks;
   UInt         threads;       /* alive */
   UInt         nroles;        /* at most --snapshot-roles, in order */
   AT_SnapRole* roles;
   UInt         rest_roles;    /* the role instances past those, */
   AT_SnapRole  rest_role;     /* summed (its inst unused) */
   UInt         nsites;        /* the largest sites by live bytes */
   AT_SnapSite* sites;
   ULong        rest_sites, rest_bytes, rest_blocks;   /* the others */
   AT_SnapLeaks* leaks;        /* its leak scan; NULL if none */
   AT_SnapTasks* tasks;        /* per spawn site and task; NULL if none */
} AT_Snapshot;

typedef struct {
   UInt   ms;
   ULong  insns;
   UInt   after;               /* seq of the last snapshot before it */
   HChar* label;
} AT_Phase;

/* After the options.  write writes the whole report, its figures
   brought up to date, to file (NULL: the report's own): the report
   writer's, a layer above (at_main.c passes it). */
void AT_(snap_init)(void (*write)(const HChar* file));

/* Takes a snapshot if one is due (--snapshot-interval); cheap when none
   is.  Called at syscalls and every 256 heap events: a program that
   does neither (busy in pure computation, or all threads blocked) gets
   its snapshot at its next such event. */
void AT_(snap_poll)(void);

/* Every syscall's pre (after the others' pre hooks) and post (before
   the others' post hooks): while every thread is blocked nothing
   changes, so the state is written when the last one blocks and the
   snapshots due meanwhile are recorded when one wakes (at_snap.c). */
void AT_(snap_syscall_pre)(ThreadId tid, UInt sysno, const UWord* args);
void AT_(snap_syscall_post)(ThreadId tid);
void AT_(snap_fork_child)(ThreadId tid);

/* ASYNCTRACE_SNAPSHOT and ASYNCTRACE_PHASE. */
void AT_(snap_request)(const HChar* label);
void AT_(snap_phase)(const HChar* label);

/* A gdbserver monitor command (vgdb, VALGRIND_MONITOR_COMMAND); False
   if not ours.  cmd is only read: the words are cut apart in a copy. */
Bool AT_(snap_monitor)(ThreadId tid, const HChar* cmd);

/* For the report: the snapshots kept (oldest first), phases, and what
   the settings were. */
UInt               AT_(snap_count)(void);
const AT_Snapshot* AT_(snap_get)(UInt i);
UInt               AT_(snap_phase_count)(void);
const AT_Phase*    AT_(snap_phase_get)(UInt i);
UInt               AT_(snap_taken)(void);     /* including thinned */
Bool               AT_(snap_enabled)(void);   /* any snapshot or phase */
const HChar*       AT_(snap_interval_text)(void);  /* as given, or "" */
UInt               AT_(snap_max)(void);
UInt               AT_(snap_sites)(void);
UInt               AT_(snap_tasks)(void);     /* --snapshot-tasks */
UInt               AT_(snap_roles)(void);     /* --snapshot-roles */
Int                AT_(snap_peak)(void);      /* index, or -1 */

#endif /* __AT_SNAP_H */
