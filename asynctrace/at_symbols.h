/*--------------------------------------------------------------------*/
/*--- asynctrace: does the program have symbols?   at_symbols.h ---*/
/*--------------------------------------------------------------------*/

/* This file is part of asynctrace.  Copyright (C) 2026 the asynctrace
   authors.  GPL-2.0-or-later; see at_basics.h and COPYING. */

#ifndef __AT_SYMBOLS_H
#define __AT_SYMBOLS_H

#include "at_basics.h"

/* Looks at the executable once, when first called after the program
   is loaded (the roles' first lookup), and warns on stderr if it has no
   symbols.  Later calls only answer: whether any object checked so far
   (the executable, or a shared object with runtime code) has none. */
Bool AT_(symbols_missing)(void);

/* The objects without symbols found so far (none before the check),
   in the order found: the executable first if it is one. */
UInt         AT_(symbols_missing_count)(void);
const HChar* AT_(symbols_missing_at)(UInt i);

/* The core has read the debug info of an object just mapped (a shared
   object loaded): checks each object not checked yet, and warns of one
   without symbols that holds Rust runtime code. */
void AT_(symbols_new_objects)(void);

#endif /* __AT_SYMBOLS_H */
