/*--------------------------------------------------------------------*/
/*--- asynctrace: the heap counters a thread or role carries.      ---*/
/*---                                                 at_fpleaf.h  ---*/
/*--------------------------------------------------------------------*/

/* This file is part of asynctrace.  Copyright (C) 2026 the asynctrace
   authors.  GPL-2.0-or-later; see at_basics.h and COPYING. */

/* A leaf of the records layer: the counters the heap (at_heap.c) keeps
   in each thread's record and each role's, declared apart so that the
   thread records need not include the heap, which sits above them; and
   the footprint's peak (at_footprint.c), which the recorders (the heap
   and the mappings) tell when they grow, on their hot paths. */

#ifndef __AT_FPLEAF_H
#define __AT_FPLEAF_H

#include "at_basics.h"

/* Heap counters, kept per thread, per role instance and for the whole
   process.  frees and bytes_freed count the frees made (by the thread,
   in the role); live_* and peak_live count the blocks allocated (by the
   thread, in the role) that are live, whoever frees them. */
typedef struct {
   ULong allocs;
   ULong frees;
   ULong bytes_allocated;
   ULong bytes_freed;
   ULong live_blocks;
   ULong live_bytes;
   ULong peak_live;      /* the most live_bytes ever were */
} AT_HeapCounters;

/* The footprint's peak: heap live plus all mapped bytes at its largest
   (at_footprint.c).  The heap calls footprint_grew when its live bytes
   grow, the mappings (at_maps.c) footprint_maps_grew after a syscall
   that may map. */
extern ULong AT_(maps_live_bytes);      /* at_maps.c's */
extern ULong AT_(footprint_peak);
void AT_(footprint_new_peak)(void);
void AT_(footprint_maps_grew)(void);
static inline void AT_(footprint_grew)(ULong heap_live)
{
   if (heap_live + AT_(maps_live_bytes) > AT_(footprint_peak))
      AT_(footprint_new_peak)();
}

#endif /* __AT_FPLEAF_H */

/*--------------------------------------------------------------------*/
/*--- end                                             at_fpleaf.h  ---*/
/*--------------------------------------------------------------------*/
