/*--------------------------------------------------------------------*/
/*--- asynctrace: leak scans while the program runs.  at_leaknow.h ---*/
/*--------------------------------------------------------------------*/

/* This file is part of asynctrace.  Copyright (C) 2026 the asynctrace
   authors.  GPL-2.0-or-later; see at_basics.h and COPYING. */

#ifndef __AT_LEAKNOW_H
#define __AT_LEAKNOW_H

#include "at_basics.h"

/* vgdb's "monitor leak_check [full|summary] [new|increased|any]"; args
   are the words after the command (strtok_r's state in save). */
void AT_(leak_monitor)(HChar** save);

/* A snapshot's leak scan (--snapshot-leak-check=yes); NULL if none can
   run now (the exit scan has).  Free with snap_leaks_free. */
struct _AT_SnapLeaks;
struct _AT_SnapLeaks* AT_(snap_leaks_take)(void);
void AT_(snap_leaks_free)(struct _AT_SnapLeaks* l);

#endif /* __AT_LEAKNOW_H */
