/*--------------------------------------------------------------------*/
/*--- asynctrace: the report's <tasks>.               at_taskrep.h ---*/
/*--------------------------------------------------------------------*/

/* This file is part of asynctrace.  Copyright (C) 2026 the asynctrace
   authors.  GPL-2.0-or-later; see at_basics.h and COPYING. */

#ifndef __AT_TASKREP_H
#define __AT_TASKREP_H

#include "at_basics.h"

/* Writes <tasks> through at_xmlout.h; the figures are made first
   if they are not yet (at_taskfig.h). */
void AT_(tasks_report)(void);

#endif /* __AT_TASKREP_H */

/*--------------------------------------------------------------------*/
/*--- end                                             at_taskrep.h ---*/
/*--------------------------------------------------------------------*/
