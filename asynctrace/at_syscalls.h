/*--------------------------------------------------------------------*/
/*--- asynctrace: time blocked in other syscalls.   at_syscalls.h ---*/
/*--------------------------------------------------------------------*/

/* This file is part of asynctrace.  Copyright (C) 2026 the asynctrace
   authors.  GPL-2.0-or-later; see at_basics.h and COPYING. */

#ifndef __AT_SYSCALLS_H
#define __AT_SYSCALLS_H

#include "at_basics.h"

/* The syscalls that may block a thread, futexes aside (at_futex.c), by
   what they wait for: reads and writes of files and sockets, opens,
   syncs, connects and accepts (io); readiness (poll: epoll_wait, poll,
   select: a runtime's IO driver parks there); time (sleep); a child or
   a signal (other). */
typedef enum { AT_SC_IO, AT_SC_POLL, AT_SC_SLEEP, AT_SC_OTHER,
               AT_SC_N } AT_SysClass;

typedef struct {
   ULong calls[AT_SC_N];
   ULong us[AT_SC_N];            /* wall time inside them */
} AT_SysTimes;

void AT_(sys_pre)(ThreadId tid, UInt sysno, const UWord* args);
void AT_(sys_post)(ThreadId tid, UInt sysno);
/* Thread seq's times, or NULL if it made none of those syscalls. */
const AT_SysTimes* AT_(sys_times)(UInt seq);
const HChar* AT_(sys_class_name)(Int c);

#endif /* __AT_SYSCALLS_H */

/*--------------------------------------------------------------------*/
/*--- end                                           at_syscalls.h ---*/
/*--------------------------------------------------------------------*/
