/*--------------------------------------------------------------------*/
/*--- asynctrace: a cheap clock for short waits.          at_clock.h ---*/
/*--------------------------------------------------------------------*/

/* This file is part of asynctrace.  Copyright (C) 2026 the asynctrace
   authors.  GPL-2.0-or-later; see at_basics.h and COPYING. */

#ifndef __AT_CLOCK_H
#define __AT_CLOCK_H

#include "at_basics.h"

/* A wait is timed by two readings of this clock, in ticks of its own;
   AT_(clock_us) turns a number of ticks into wall microseconds. */
void  AT_(clock_init)(void);
ULong AT_(clock_now)(void);
ULong AT_(clock_us)(ULong ticks);

/* A time of us microseconds as "1,234.5 ms" (one decimal, rounded half
   up), into buf (n bytes); returns buf. */
const HChar* AT_(ms_text)(ULong us, HChar* buf, SizeT n);

#endif /* __AT_CLOCK_H */

/*--------------------------------------------------------------------*/
/*--- end                                               at_clock.h ---*/
/*--------------------------------------------------------------------*/
