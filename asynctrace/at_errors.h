/*--------------------------------------------------------------------*/
/*--- asynctrace: errors as Valgrind reports them.      at_errors.h ---*/
/*--------------------------------------------------------------------*/

/* This file is part of asynctrace.  Copyright (C) 2026 the asynctrace
   authors.  GPL-2.0-or-later; see at_basics.h and COPYING. */

#ifndef __AT_ERRORS_H
#define __AT_ERRORS_H

#include "at_basics.h"

/* Registers the error kinds with the core (before options). */
void AT_(errors_pre_clo_init)(void);
/* A bad heap call (an AT_BadKind) by tid, now: printed once per stack
   and counted by the core's error manager, unless suppressed. */
/* Returns the name of the suppression that silenced it, or NULL. */
const HChar* AT_(error_bad_call)(ThreadId tid, UInt kind, Addr addr,
                                 SizeT size, SizeT given);

/* After the leak scan: every loss record through the error manager
   (printed, counted, suppressed as the options say; the suppressed
   ones marked), then the HEAP and LEAK SUMMARY on stderr unless -q. */
void AT_(errors_leaks)(void);
/* memcheck's client requests (its 'M','C' ones): leak checks now and
   their counts (VALGRIND_DO_LEAK_CHECK and its forms, COUNT_LEAKS,
   COUNT_LEAK_BLOCKS) with memcheck's figures; the others, which change
   nothing here, answered 0. */
Bool AT_(leak_request)(ThreadId tid, const UWord* args, UWord* ret);

#endif /* __AT_ERRORS_H */

/*--------------------------------------------------------------------*/
/*--- end                                              at_errors.h ---*/
/*--------------------------------------------------------------------*/
