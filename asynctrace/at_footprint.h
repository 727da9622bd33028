/*--------------------------------------------------------------------*/
/*--- asynctrace: the footprint, heap and mappings.  at_footprint.h ---*/
/*--------------------------------------------------------------------*/

/* This file is part of asynctrace.  Copyright (C) 2026 the asynctrace
   authors.  GPL-2.0-or-later; see at_basics.h and COPYING. */

#ifndef __AT_FOOTPRINT_H
#define __AT_FOOTPRINT_H

#include "at_basics.h"
#include "at_fpleaf.h"
#include "at_maps.h"          /* AT_Footprint */

/* For the report.  Footprints are by role instance (n_role_insts of
   them; a role with none is all zeros), now or at the peak. */
const AT_Footprint* AT_(footprint_total)(Bool at_peak);
const AT_Footprint* AT_(footprint_of_role)(UShort inst, Bool at_peak);

#endif /* __AT_FOOTPRINT_H */

/*--------------------------------------------------------------------*/
/*--- end                                            at_footprint.h ---*/
/*--------------------------------------------------------------------*/
