/*--------------------------------------------------------------------*/
/*--- asynctrace: futex waits and wakes.                at_futex.h ---*/
/*--------------------------------------------------------------------*/

/* This file is part of asynctrace.  Copyright (C) 2026 the asynctrace
   authors.  GPL-2.0-or-later; see at_basics.h and COPYING. */

#ifndef __AT_FUTEX_H
#define __AT_FUTEX_H

#include "at_basics.h"
#include "pub_tool_execontext.h"

/* What a wait waited for (at_futex.c says how it is told). */
typedef enum {
   AT_WAIT_LOCK = 0,      /* a contended mutex or rwlock */
   AT_WAIT_CONDITION,     /* a condvar, channel, barrier, Once, park */
   AT_WAIT_JOIN,          /* a thread's exit */
   AT_WAIT_SLEEP,         /* a timeout, with nothing to wait for */
   AT_WAIT_IDLE,          /* a runtime thread parked with no work */
   AT_WAIT_OTHER,
   AT_WAIT_N
} AT_WaitClass;

/* "lock", "condition", "join", "sleep", "idle", "other". */
const HChar* AT_(wait_class_name)(UInt klass);

typedef struct {
   ULong waits;        /* blocking calls: WAIT, WAIT_BITSET, LOCK_PI... */
   ULong woken;        /* ... that returned 0 */
   ULong eagain;       /* the value had changed: never slept */
   ULong timeouts;
   ULong eintr;
   ULong errors;       /* any other error */
   ULong pending;      /* still blocked when the report was written */
   ULong blocked_us;   /* wall time inside the call, in total */
   ULong max_us;
   ULong wakes;        /* waking calls: WAKE, REQUEUE, WAKE_OP... */
   ULong woke;         /* waiters they released */
   ULong class_waits[AT_WAIT_N];   /* the waits by class: they sum */
   ULong class_us[AT_WAIT_N];      /* to waits and blocked_us */
} AT_FutexStats;

/* One site: the first frame above the parking code, the role in force
   and the class of its calls; with a stack that shows it. */
typedef struct {
   Addr          key_ip;
   UShort        inst;
   UChar         klass;      /* AT_WaitClass */
   UInt          ops;        /* bit n: futex command n was seen */
   UInt          flags;      /* bit 0: PRIVATE, bit 1: CLOCK_REALTIME,
                                bit 2: a shared (non-private) call */
   ULong         timed;      /* waits with a timeout */
   ExeContext*   where;
   AT_FutexStats st;
} AT_FutexSite;

typedef struct {
   UInt  waker, waiter;
   ULong count;
   ULong by_class[AT_WAIT_N];   /* the woken waits' classes: sum to count */
} AT_WakePair;

void AT_(futex_init)(void);
void AT_(futex_any_syscall)(ThreadId tid);   /* before every syscall */
void AT_(futex_pre_syscall)(ThreadId tid, UWord* args);
void AT_(futex_post_syscall)(ThreadId tid, UWord* args, SysRes res);
/* clone and set_tid_address: note the word the kernel clears and wakes
   when the thread exits, which joins wait on. */
void AT_(futex_clear_tid)(UInt sysno, UWord* args);

void AT_(futex_fork_child)(ThreadId tid);
/* Counts the waits still blocked as pending (call once, at the end). */
void AT_(futex_finish)(void);

/* Whether thread tid is blocked in a futex wait now: for how long, the
   wait's stack (NULL if unknown) and its class, as the report gives a
   wait still blocked at the end. */
Bool AT_(futex_waiting)(ThreadId tid, ULong* us, ExeContext** where,
                        UInt* klass);

const AT_FutexStats* AT_(futex_of_thread)(UInt seq);
const AT_FutexStats* AT_(futex_of_role)(UShort inst);
/* Sites by blocked time, largest first, and the wake pairs; the caller
   deletes the XArrays. */
struct _XArray* AT_(futex_sites)(void);
struct _XArray* AT_(futex_wake_pairs)(void);
const HChar* AT_(futex_op_name)(UInt cmd);

#endif /* __AT_FUTEX_H */
