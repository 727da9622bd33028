/*--------------------------------------------------------------------*/
/*--- asynctrace: where the client's new memory goes. at_layout.h ---*/
/*--------------------------------------------------------------------*/

/* This file is part of asynctrace.  Copyright (C) 2026 the asynctrace
   authors.  GPL-2.0-or-later; see at_basics.h and COPYING. */

#ifndef __AT_LAYOUT_H
#define __AT_LAYOUT_H

#include "at_basics.h"

/* With --heap-above-4g=yes (the default), keeps the free address space
   below 4 GiB out of the client's new mappings, the heap's included.
   Call once, from post_clo_init, before the program allocates. */
void AT_(layout_post_clo_init)(void);

#endif /* __AT_LAYOUT_H */
