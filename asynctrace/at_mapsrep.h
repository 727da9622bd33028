/*--------------------------------------------------------------------*/
/*--- asynctrace: the report's <mappings>.            at_mapsrep.h ---*/
/*--------------------------------------------------------------------*/

/* This file is part of asynctrace.  Copyright (C) 2026 the asynctrace
   authors.  GPL-2.0-or-later; see at_basics.h and COPYING. */

#ifndef __AT_MAPSREP_H
#define __AT_MAPSREP_H

#include "at_basics.h"

/* Writes <mappings> (at_report.c's writer in force). */
void AT_(out_mappings)(void);

#endif /* __AT_MAPSREP_H */

/*--------------------------------------------------------------------*/
/*--- end                                             at_mapsrep.h ---*/
/*--------------------------------------------------------------------*/
