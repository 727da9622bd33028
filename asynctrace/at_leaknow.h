/*--------------------------------------------------------------------*/
/*--- asynctrace: leak scans while the program runs.  at_leaknow.h ---*/
/*--------------------------------------------------------------------*/

/* This file is part of asynctrace.  Copyright (C) 2026 the asynctrace
   authors.  GPL-2.0-or-later; see at_basics.h and COPYING. */

#ifndef __AT_LEAKNOW_H
#define __AT_LEAKNOW_H

#include "at_basics.h"
#include "pub_tool_execontext.h"

/* vgdb's "monitor leak_check [full|summary] [new|increased|any]"; args
   are the words after the command (strtok_r's state in save). */
void AT_(leak_monitor)(HChar** save);

/* A snapshot's leak scan (--snapshot-leak-check=yes, kept by at_snap.c). */
typedef struct {
   UShort inst;
   UChar  kind;               /* AT_LeakKind */
   ULong  bytes, blocks;
} AT_SnapLeakRole;

typedef struct {
   ExeContext* where;
   UShort      inst;
   UChar       kind;          /* definitely or possibly lost */
   ULong       bytes, blocks, ind_bytes, ind_blocks;
} AT_SnapLeakRec;

typedef struct _AT_SnapLeaks {
   ULong            bytes[4], blocks[4];   /* by AT_LeakKind */
   ULong            left_bytes, left_blocks;   /* left out of the scan
                                              (at_leak.h) */
   UInt             nroles;                /* by kind, then role */
   AT_SnapLeakRole* roles;
   ULong            records;   /* lost records (by stack and role) */
   UInt             nrecs;     /* the largest of them, largest first */
   AT_SnapLeakRec*  recs;
} AT_SnapLeaks;

/* Takes one; NULL if none can run now (the exit scan has).  Free with
   snap_leaks_free. */
AT_SnapLeaks* AT_(snap_leaks_take)(void);
void AT_(snap_leaks_free)(AT_SnapLeaks* l);

#endif /* __AT_LEAKNOW_H */
