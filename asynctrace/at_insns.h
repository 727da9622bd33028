/*--------------------------------------------------------------------*/
/*--- asynctrace: the instruction counter.              at_insns.h ---*/
/*--------------------------------------------------------------------*/

/* This file is part of asynctrace.  Copyright (C) 2026 the asynctrace
   authors.  GPL-2.0-or-later; see at_basics.h and COPYING. */

#ifndef __AT_INSNS_H
#define __AT_INSNS_H

#include "at_basics.h"

/* Guest instructions executed so far by all threads are
   AT_(insns_base) + AT_(insns_ctr): the code at_instrument.c adds to
   every superblock bumps the counter.  The split lets the CPU profile
   find a sample due with one sign test of the counter's new value
   (at_cpu.c moves the base to the next sample's count, so the counter
   turns non-negative there), not a load and a comparison. */
extern ULong AT_(insns_ctr);
extern ULong AT_(insns_base);

static inline ULong AT_(insns_now)(void)
{
   return AT_(insns_base) + AT_(insns_ctr);
}

/* The counter reaches 0 (as a signed number) when the total is due. */
void  AT_(insns_due_at)(ULong due);

/* Charges the instructions counted so far to the thread that ran them;
   then tid runs (the core's start and stop of client code). */
void  AT_(charge_insns)(void);
void  AT_(insns_switch)(ThreadId tid);
/* The thread stops running client code (it charges, as above). */
void  AT_(insns_stop)(void);
/* Thread tid's instructions so far, exact (the counter's gain since it
   was last charged included, if tid is the one running). */
ULong AT_(thread_insns_now)(ThreadId tid);

#endif /* __AT_INSNS_H */

/*--------------------------------------------------------------------*/
/*--- end                                               at_insns.h ---*/
/*--------------------------------------------------------------------*/
