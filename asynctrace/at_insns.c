/*--------------------------------------------------------------------*/
/*--- asynctrace: the instruction counter.              at_insns.c ---*/
/*--------------------------------------------------------------------*/

/* This file is part of asynctrace.  Copyright (C) 2026 the asynctrace
   authors.  GPL-2.0-or-later; see at_basics.h and COPYING.

   One global counter, AT_(insns_ctr), is bumped by the generated code
   by the number of guest instructions before every exit of a superblock
   and at its end, so the count is exact whichever exit is taken.  Only
   one thread runs client code at a time: when the core switches threads
   (or stops running client code), what the counter gained since the
   last charge is added to the thread that ran, in its record's insns.
   The running thread's figure is then its record plus the gain not yet
   charged.  The total is the counter plus a base (at_insns.h says
   why).

   The wall time a thread runs client code is charged alike: from the
   core's start of its client code (it holds Valgrind's lock) to the
   stop (a syscall, the end of its time slice), two readings of the
   cheap clock per switch. */

#include "at_clock.h"
#include "at_insns.h"
#include "at_threads.h"

ULong           AT_(insns_ctr);
ULong           AT_(insns_base);
static ULong    insns_charged;    /* the total when last charged */
static ThreadId insns_tid;        /* who is running them */
static Bool     run_on;           /* insns_tid is running client code */
static ULong    run_since;        /* since then, in clock ticks */

ULong AT_(thread_insns_now)(ThreadId tid)
{
   AT_Thread* t = AT_(thread)(tid);
   if (t == NULL)
      return 0;
   return t->insns
          + (tid == insns_tid ? AT_(insns_now)() - insns_charged : 0);
}

void AT_(charge_insns)(void)
{
   AT_Thread* t = insns_tid ? AT_(thread)(insns_tid) : NULL;
   if (t)
      t->insns += AT_(insns_now)() - insns_charged;
   insns_charged = AT_(insns_now)();
   if (run_on) {
      ULong now = AT_(clock_now)();
      if (t && now > run_since)
         t->run_ticks += now - run_since;
      run_since = now;
   }
}

void AT_(insns_due_at)(ULong due)
{
   ULong now = AT_(insns_now)();
   AT_(insns_base) = due;
   AT_(insns_ctr)  = now - due;
}

void AT_(insns_switch)(ThreadId tid)
{
   if (tid != insns_tid) {
      AT_(charge_insns)();
      insns_tid = tid;
   }
   run_on    = True;
   run_since = AT_(clock_now)();
}

void AT_(insns_stop)(void)
{
   AT_(charge_insns)();
   run_on = False;
}

/*--------------------------------------------------------------------*/
/*--- end                                               at_insns.c ---*/
/*--------------------------------------------------------------------*/
