/*--------------------------------------------------------------------*/
/*--- asynctrace: thread records and roles.          at_threads.h ---*/
/*--------------------------------------------------------------------*/

/* This file is part of asynctrace.  Copyright (C) 2026 the asynctrace
   authors.  GPL-2.0-or-later; see at_basics.h and COPYING. */

#ifndef __AT_THREADS_H
#define __AT_THREADS_H

#include "at_basics.h"
#include "pub_tool_execontext.h"
#include "pub_tool_xarray.h"
#include "at_heap.h"

/* The built-in roles.  Role numbers index a table of interned names;
   programs can add their own (ASYNCTRACE_SET_ROLE). */
#define AT_ROLE_MAIN            0
#define AT_ROLE_TOKIO_WORKER    1
#define AT_ROLE_TOKIO_BLOCKING  2
#define AT_ROLE_TOKIO_BLOCK_ON  3
#define AT_ROLE_RAYON_WORKER    4
#define AT_ROLE_OTHER           5

typedef struct {
   HChar* name;
   UInt   since_ms;
   Bool   inherited;    /* the name the thread started with */
} AT_Name;

/* One record per thread that ever existed.  Valgrind reuses ThreadIds,
   so records are keyed by seq (1 = main, then creation order). */
typedef struct {
   UInt        seq;
   ThreadId    vg_tid;
   Int         os_tid;
   UInt        creator;      /* seq of the creating thread, 0 for main */
   ExeContext* creation;     /* NULL for main */
   UShort      role;
   Bool        role_set;     /* chosen by the program: names don't change it */
   Bool        alive;        /* running, or was when the process ended */
   Bool        exit_called;  /* ended on its own, by exit(2) */
   UInt        start_ms;
   UInt        end_ms;
   XArray*     names;        /* of AT_Name, oldest first */
   AT_HeapCounters heap;
} AT_Thread;

void       AT_(threads_init)(void);     /* after options: the main thread */
void       AT_(threads_register_hooks)(void);

/* The record of live thread tid.  Hot path: an array lookup. */
extern AT_Thread** AT_(thread_of_tid);
static inline AT_Thread* AT_(thread)(ThreadId tid)
{
   return AT_(thread_of_tid)[tid];
}

UInt       AT_(n_threads)(void);
AT_Thread* AT_(thread_by_seq)(UInt seq);
UInt       AT_(n_alive_threads)(void);
const HChar* AT_(thread_name)(const AT_Thread* t);

/* Syscalls that name or end threads. */
void AT_(threads_pre_syscall)(ThreadId tid, UInt sysno, UWord* args);
void AT_(threads_post_syscall)(ThreadId tid, UInt sysno, UWord* args,
                               SysRes res);
/* In a forked child only the forking thread lives on. */
void AT_(threads_fork_child)(ThreadId tid);

/* Roles. */
UShort       AT_(role_intern)(const HChar* name);
const HChar* AT_(role_name)(UShort role);
void         AT_(threads_set_role)(ThreadId tid, const HChar* role);

#endif /* __AT_THREADS_H */
