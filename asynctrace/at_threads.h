/*--------------------------------------------------------------------*/
/*--- asynctrace: thread records and lifecycle.     at_threads.h ---*/
/*--------------------------------------------------------------------*/

/* This file is part of asynctrace.  Copyright (C) 2026 the asynctrace
   authors.  GPL-2.0-or-later; see at_basics.h and COPYING. */

#ifndef __AT_THREADS_H
#define __AT_THREADS_H

#include "at_basics.h"
#include "pub_tool_aspacemgr.h"
#include "pub_tool_execontext.h"
#include "pub_tool_vki.h"
#include "pub_tool_xarray.h"
#include "at_fpleaf.h"       /* AT_HeapCounters */

typedef struct {
   HChar* name;
   UInt   since_ms;
   Bool   inherited;    /* the name the thread started with */
} AT_Name;

/* A runtime function the thread is inside, and the role it gives. */
typedef struct {
   Addr   sp;           /* SP at entry, where the return address is */
   Addr   ra;           /* that return address */
   UShort inst;         /* role instance (at_roles.h) */
   UChar  kind;         /* the rule's kind */
   Bool   off_stack;    /* sp is not in the thread's own stack (a
                           coroutine's, say): check it is mapped */
   ULong  gen;          /* this entry's number (at_stack.h: an anchor) */
} AT_RoleFrame;

#define AT_ROLE_DEPTH 8

/* A function entered with its return address ra in the stack slot at
   slot has returned once the stack pointer sp is above the slot, or the
   slot holds another word (a sibling call from the same caller reused
   it), or the slot was on a stack of the program's own making
   (off_stack) that is gone.  For roles (role_enter) and task polls. */
static inline Bool AT_(entry_returned)(Addr slot, Addr ra, Bool off_stack,
                                       Addr sp)
{
   if (sp > slot)
      return True;
   if (off_stack
       && !VG_(am_is_valid_for_client)(slot, sizeof(Addr), VKI_PROT_READ))
      return True;
   return *(const Addr*)slot != ra;
}

typedef struct {
   UInt   since_ms;
   UShort inst;
} AT_RoleChange;

/* How a thread ended. */
typedef enum {
   AT_ENDED_NOT,        /* alive at exit */
   AT_ENDED_EXIT,       /* it called exit(2): returned or pthread_exit */
   AT_ENDED_FORK        /* not copied into a forked child */
} AT_EndedHow;

/* One record per thread that ever existed.  Valgrind reuses ThreadIds,
   so records are keyed by seq (1 = main, then creation order). */
typedef struct {
   UInt        seq;
   ThreadId    vg_tid;
   Int         os_tid;
   UInt        creator;      /* seq of the creating thread, 0 for main */
   ExeContext* creation;     /* NULL for main */
   Bool        alive;        /* running, or was when the process ended */
   Bool        exit_called;  /* ended on its own, by exit(2) */
   UChar       ended_how;    /* AT_EndedHow */
   UInt        start_ms;
   UInt        end_ms;
   ULong       start_ev;     /* order of creations and ends, for */
   ULong       end_ev;       /* "peak alive at once" */
   XArray*     names;        /* of AT_Name, oldest first */
   AT_HeapCounters heap;
   ULong       insns;        /* guest instructions executed */
   ULong       run_ticks;    /* time running them (at_clock.h ticks) */

   /* Where its stack and TLS were when it ended (or at the leak scan):
      for the leak scan's roots. */
   Bool        stack_known;
   Addr        stack_lo;     /* lowest byte of the stack's range */
   Addr        stack_sp;     /* its stack pointer */
   Addr        stack_hi;     /* highest byte */
   Addr        fs_base;      /* thread pointer: TLS lies around it */
   /* Its integer registers when the end of the process took it down,
      else NULL: the core forgets them before the exit scan. */
   UWord*      last_regs;    /* AT_N_GP_REGS words, AT_(gp_reg_name) */

   /* Roles (at_roles.c). */
   UShort      base_inst;    /* outside any runtime function */
   Bool        role_set;     /* base chosen by the program */
   Bool        role_by_name; /* base from a name rule (--role=R:name=,
                                or Tokio's default name when stripped) */
   UShort      cur_inst;     /* the role in force now */
   UInt        rdepth;
   AT_RoleFrame rstack[AT_ROLE_DEPTH];
   XArray*     role_history; /* of AT_RoleChange */
   UShort      primary_inst; /* computed at the end */
   Int         pool_index;   /* computed at the end; -1 if none */
} AT_Thread;

/* Rare events the layers above follow (at_main.c registers them, before
   AT_(threads_init)): a new record (roles start it in its base role), a
   name given by prctl (roles may follow it), the last of the core's
   thread slots taken (the report so far is written), and the running
   thread taken down with the process (a crash's). */
typedef struct {
   void (*started)(AT_Thread* t);
   void (*named)(AT_Thread* t, const HChar* name);
   void (*last_slot)(void);
   /* The running thread taken down with the process, its slot still
      valid (at_crash.c). */
   void (*dying)(AT_Thread* t, ThreadId tid);
} AT_ThreadHooks;
void       AT_(threads_set_hooks)(const AT_ThreadHooks* h);
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

/* Notes where thread tid's stack and TLS are (at_leak.c needs them). */
void AT_(threads_note_stack)(ThreadId tid);
/* The same, now, into the caller's variables (a scan while the program
   runs must not change the records the exit scan reads). */
void AT_(threads_stack_now)(ThreadId tid, Addr* lo, Addr* sp, Addr* hi,
                            Addr* fs_base);
/* A taken-down thread's registers, t->last_regs, are these (amd64's
   sixteen, in VEX's order). */
#define AT_N_GP_REGS 16
const HChar* AT_(gp_reg_name)(UInt i);

/* Ordering of thread creations and ends. */
ULong AT_(thread_events)(void);

#endif /* __AT_THREADS_H */
