/*--------------------------------------------------------------------*/
/*--- asynctrace: the footprint, heap and mappings.  at_footprint.c ---*/
/*--------------------------------------------------------------------*/

/* This file is part of asynctrace.  Copyright (C) 2026 the asynctrace
   authors.  GPL-2.0-or-later; see at_basics.h and COPYING.

   A program's footprint is its live heap (at_heap.c) plus its live
   mappings (at_maps.c), in all and per role instance.  Its peak is its
   own, not the heap's: the moment heap plus mappings were largest.  The
   two recorders tell this file when they grow (at_fpleaf.h: the heap on
   each allocation, through an inline test against the peak so far; the
   mappings after each syscall that may map), and a new peak copies the
   figures of every role then.  The figures now are read when asked. */

#include "pub_tool_xarray.h"

#include "at_footprint.h"
#include "at_heap.h"
#include "at_maps.h"
#include "at_roles.h"

ULong AT_(footprint_peak);

static AT_Footprint  peak_total;
static AT_Footprint* peak_by_role;   /* n_peak of them, heap included */
static UInt          n_peak, cap_peak;

void AT_(footprint_new_peak)(void)
{
   UInt i, n = AT_(n_role_insts)();
   if (!AT_(maps_ready)())
      return;
   peak_total = *AT_(maps_live_total)();
   peak_total.heap = AT_(heap_summary)()->total.live_bytes;
   AT_(footprint_peak) = peak_total.heap + AT_(maps_live_bytes);
   if (n > cap_peak) {
      cap_peak = 2 * n;
      peak_by_role = VG_(realloc)("at.footprint_peak", peak_by_role,
                                  cap_peak * sizeof(AT_Footprint));
   }
   for (i = 0; i < n; i++) {
      const AT_Footprint* live = AT_(maps_live_of_role)((UShort)i);
      if (live)
         peak_by_role[i] = *live;
      else
         VG_(memset)(&peak_by_role[i], 0, sizeof(AT_Footprint));
      peak_by_role[i].heap = AT_(heap_of_role)((UShort)i)->live_bytes;
   }
   n_peak = n;
}

void AT_(footprint_maps_grew)(void)
{
   AT_(footprint_grew)(AT_(heap_summary)()->total.live_bytes);
}

const AT_Footprint* AT_(footprint_total)(Bool at_peak)
{
   static AT_Footprint now;
   if (at_peak)
      return &peak_total;
   now = *AT_(maps_live_total)();
   now.heap = AT_(heap_summary)()->total.live_bytes;
   return &now;
}

const AT_Footprint* AT_(footprint_of_role)(UShort inst, Bool at_peak)
{
   static AT_Footprint now;
   static const AT_Footprint zero;
   const AT_Footprint* live;
   if (!AT_(maps_ready)())
      return &zero;
   if (at_peak)
      return inst < n_peak ? &peak_by_role[inst] : &zero;
   live = AT_(maps_live_of_role)(inst);
   now = live ? *live : zero;
   now.heap = AT_(heap_of_role)(inst)->live_bytes;
   return &now;
}

/*--------------------------------------------------------------------*/
/*--- end                                            at_footprint.c ---*/
/*--------------------------------------------------------------------*/
