/*--------------------------------------------------------------------*/
/*--- asynctrace: the leak_check monitor command.    at_leakmon.h ---*/
/*--------------------------------------------------------------------*/

/* This file is part of asynctrace.  Copyright (C) 2026 the asynctrace
   authors.  GPL-2.0-or-later; see at_basics.h and COPYING. */

#ifndef __AT_LEAKMON_H
#define __AT_LEAKMON_H

#include "at_basics.h"

/* vgdb's "monitor leak_check [full|summary] [new|increased|any]"; args
   are the words after the command (strtok_r's state in save). */
void AT_(leak_monitor)(HChar** save);

#endif /* __AT_LEAKMON_H */
