/*--------------------------------------------------------------------*/
/*--- asynctrace: figures that must add up.           at_check.h ---*/
/*--------------------------------------------------------------------*/

/* This file is part of asynctrace.  Copyright (C) 2026 the asynctrace
   authors.  GPL-2.0-or-later; see at_basics.h and COPYING. */

#ifndef __AT_CHECK_H
#define __AT_CHECK_H

#include "at_basics.h"

/* Checks the report's invariants just before it is written; says on
   stderr which do not hold.  Returns how many do not. */
UInt AT_(check_invariants)(void);

#endif /* __AT_CHECK_H */
