/*--------------------------------------------------------------------*/
/*--- asynctrace: the report's <cpu>.                  at_cpurep.h ---*/
/*--------------------------------------------------------------------*/

/* This file is part of asynctrace.  Copyright (C) 2026 the asynctrace
   authors.  GPL-2.0-or-later; see at_basics.h and COPYING. */

#ifndef __AT_CPUREP_H
#define __AT_CPUREP_H

#include "at_basics.h"

/* Writes <cpu> (nothing without --cpu-sample). */
void AT_(cpu_report)(void);
/* vgdb's "monitor cpu [N]": instructions by role, the N heaviest rows. */
void AT_(cpu_monitor)(UInt max);

#endif /* __AT_CPUREP_H */

/*--------------------------------------------------------------------*/
/*--- end                                              at_cpurep.h ---*/
/*--------------------------------------------------------------------*/
