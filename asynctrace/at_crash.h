/*--------------------------------------------------------------------*/
/*--- asynctrace: what a crash left: thread, fault, stack.          ---*/
/*---                                                  at_crash.h  ---*/
/*--------------------------------------------------------------------*/

/* This file is part of asynctrace.  Copyright (C) 2026 the asynctrace
   authors.  GPL-2.0-or-later; see at_basics.h and COPYING. */

#ifndef __AT_CRASH_H
#define __AT_CRASH_H

#include "at_basics.h"
#include "pub_tool_execontext.h"
#include "at_threads.h"

/* The thread a fatal signal killed, and where. */
typedef struct {
   Bool        known;      /* the dying thread was seen */
   Int         signo;      /* the siginfo's signal, if found */
   UInt        seq;        /* its record (at_threads.h) */
   UShort      inst;       /* the role in force when it died */
   ExeContext* stack;      /* its stack when it died */
   Bool        has_code;   /* the kernel's siginfo was found: */
   Int         code;       /*   si_code */
   Bool        has_addr;   /*   and, for a fault, the address */
   Addr        addr;
} AT_Crash;

/* The thread hook (at_threads.h) for the running thread taken down with
   the process: notes it, its stack and, if it faulted, the fault. */
void AT_(crash_dying)(AT_Thread* t, ThreadId tid);
/* In fini, the program dead of signal signo: the thread that took it,
   or NULL if none was seen. */
const AT_Crash* AT_(crash_of)(Int signo);

#endif /* __AT_CRASH_H */
