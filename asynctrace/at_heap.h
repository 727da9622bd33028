/*--------------------------------------------------------------------*/
/*--- asynctrace: the heap: replaced allocator, live blocks.       ---*/
/*---                                                   at_heap.h  ---*/
/*--------------------------------------------------------------------*/

/* This file is part of asynctrace.  Copyright (C) 2026 the asynctrace
   authors.  GPL-2.0-or-later; see at_basics.h and COPYING. */

#ifndef __AT_HEAP_H
#define __AT_HEAP_H

#include "at_basics.h"
#include "pub_tool_execontext.h"

/* Heap counters, kept per thread and for the whole process.  frees and
   bytes_freed count the frees a thread did; live_* count the blocks it
   allocated that are still live, whoever frees them. */
typedef struct {
   ULong allocs;
   ULong frees;
   ULong bytes_allocated;
   ULong bytes_freed;
   ULong live_blocks;
   ULong live_bytes;
} AT_HeapCounters;

/* Process-wide figures. */
typedef struct {
   AT_HeapCounters total;
   ULong peak_bytes;
   ULong peak_blocks;
   UInt  peak_ms;
} AT_HeapSummary;

/* One group of blocks live at exit: same allocation stack, same owner. */
typedef struct {
   ExeContext* where;
   UInt        owner_seq;
   UShort      role;         /* role instance */
   ULong       blocks;
   ULong       bytes;
} AT_LiveSite;

void AT_(heap_init)(void);    /* registers the malloc replacement */
const AT_HeapSummary* AT_(heap_summary)(void);
const AT_HeapCounters* AT_(heap_of_role)(UShort inst);

/* The blocks live now, grouped into sites, largest first.  The caller
   frees the XArray (of AT_LiveSite) with VG_(deleteXA). */
struct _XArray* AT_(heap_live_sites)(void);

#endif /* __AT_HEAP_H */
