/*--------------------------------------------------------------------*/
/*--- asynctrace: the XML report.                     at_report.h ---*/
/*--------------------------------------------------------------------*/

/* This file is part of asynctrace.  Copyright (C) 2026 the asynctrace
   authors.  GPL-2.0-or-later; see at_basics.h and COPYING. */

#ifndef __AT_REPORT_H
#define __AT_REPORT_H

#include "at_basics.h"
#include "at_crash.h"

/* How the run ended, as the report tells it. */
typedef enum { AT_END_EXIT, AT_END_SIGNAL, AT_END_EXEC,
               AT_END_THREAD_LIMIT, AT_END_SNAPSHOT } AT_EndHow;

typedef struct {
   AT_EndHow how;
   Int       status;    /* AT_END_EXIT: the exit status (0..255) */
   Int       signo;     /* AT_END_SIGNAL: the signal, 0 if unknown */
   UInt      ms;        /* when it ended, before the leak scan */
   const AT_Crash* crash; /* AT_END_SIGNAL: the dying thread, or NULL */
   /* AT_END_THREAD_LIMIT: not an end, the report so far, written when
      the program took the core's last thread slot (at_main.c).
      AT_END_SNAPSHOT: not an end either, the report as of a snapshot
      (at_snap.c), the run going on. */
} AT_RunEnd;

void AT_(report_init)(void);   /* notes the wall-clock start */
/* Stops the run at once, with a clear message, if the report's file
   cannot be written. */
void AT_(report_check_writable)(void);
/* Writes the report to file, or (NULL) to the one --asynctrace-out-file
   names, expanded now so that a forked child writes its own.  The file
   is written under a temporary name and renamed: it is always a
   complete report, whenever the process dies. */
void AT_(write_report_to)(const AT_RunEnd* end, const HChar* file);
/* Brings every figure up to date (instructions charged, roles' and
   tasks' figures settled, invariants checked), then writes to file as
   above: the exit report's and the snapshots' one path. */
void AT_(settle_and_write)(const AT_RunEnd* end, const HChar* file);

#endif /* __AT_REPORT_H */
