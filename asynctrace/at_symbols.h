/*--------------------------------------------------------------------*/
/*--- asynctrace: does the program have symbols?   at_symbols.h ---*/
/*--------------------------------------------------------------------*/

/* This file is part of asynctrace.  Copyright (C) 2026 the asynctrace
   authors.  GPL-2.0-or-later; see at_basics.h and COPYING. */

#ifndef __AT_SYMBOLS_H
#define __AT_SYMBOLS_H

#include "at_basics.h"

/* Looks once, when first called after the program is loaded (the
   roles' first lookup), and warns on stderr if its executable has no
   symbols.  Later calls only answer. */
Bool AT_(symbols_missing)(void);

/* The executable without symbols, or NULL (also before the check). */
const HChar* AT_(symbols_missing_in)(void);

#endif /* __AT_SYMBOLS_H */
