/*--------------------------------------------------------------------*/
/*--- asynctrace: Tokio tasks, by spawn site.            at_tasks.h ---*/
/*--------------------------------------------------------------------*/

/* This file is part of asynctrace.  Copyright (C) 2026 the asynctrace
   authors.  GPL-2.0-or-later; see at_basics.h and COPYING. */

#ifndef __AT_TASKS_H
#define __AT_TASKS_H

#include "at_basics.h"
#include "at_attr.h"
#include "at_stack.h"
#include "at_threads.h"
#include "pub_tool_execontext.h"

typedef enum { AT_TASK_ASYNC = 0, AT_TASK_BLOCKING = 1, AT_TASK_LOCAL = 2,
               AT_TASK_RAYON = 3, AT_TASK_BLOCK_ON = 4 }
   AT_TaskKind;

void AT_(tasks_init)(void);     /* after options */

/* From role_enter: tid entered the poll function with sp, cell in RDI. */
void AT_(task_enter)(ThreadId tid, Addr sp, Addr cell);

/* Other work charged like tasks (at_rayon.c: Rayon jobs).  The site of
   that kind whose key frame is (key_ip, key_depth), made on first use:
   where is its stack, frame the key's index in it ((UInt)-1: not in
   it), what says what was called there.  0 if sites ran out. */
UShort AT_(task_site_of)(UChar kind, Addr key_ip, UInt key_depth,
                         ExeContext* where, UInt frame, const HChar* what);
UChar  AT_(task_site_kind)(UShort g);
/* A kind as the report's spawn-site writes it: "async", "blocking",
   "local", "rayon", "block_on". */
const HChar* AT_(task_kind_name)(UInt kind);
/* tid entered a function at sp (its return address's slot) that runs
   work of site g: charged to g until it returns, like a poll (nested
   runs and polls charge the innermost).  Counted as one of g's
   "spawned" when entered, "ended" when it returns. */
void   AT_(task_run_enter)(ThreadId tid, Addr sp, UShort g);
/* One of g's runs is a Rayon StackJob, stolen if another thread of the
   pool pushed it (a HeapJob's thief is not known: none is counted). */
void   AT_(task_site_stack_job)(UShort g, Bool stolen);
/* A worker running g's work pushed a StackJob on its own deque: the work
   split in two (at_rayon.c). */
void   AT_(task_site_split)(UShort g);

#endif /* __AT_TASKS_H */
