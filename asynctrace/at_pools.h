/*--------------------------------------------------------------------*/
/*--- asynctrace: the program's own allocators' blocks.           ---*/
/*---                                                  at_pools.h  ---*/
/*--------------------------------------------------------------------*/

/* This file is part of asynctrace.  Copyright (C) 2026 the asynctrace
   authors.  GPL-2.0-or-later; see at_basics.h and COPYING. */

#ifndef __AT_POOLS_H
#define __AT_POOLS_H

#include "at_basics.h"
#include "at_heap.h"

void AT_(pools_init)(void);
/* Answers VALGRIND_MALLOCLIKE_BLOCK, FREELIKE_BLOCK, RESIZEINPLACE_BLOCK
   and the mempool requests; False if args is none of them. */
Bool AT_(pools_request)(ThreadId tid, const UWord* args, UWord* ret);

/* What a custom block is, for the leak scan's rules. */
#define AT_CUSTOM_CHUNK  1u   /* a mempool's chunk (else MALLOCLIKE) */
#define AT_CUSTOM_META   2u   /* ... of a pool with the METAPOOL flag */
/* Every custom block, in no order; the number of them. */
void  AT_(pools_for_each)(void (*f)(AT_Block* b, UInt what, void* opaque),
                          void* opaque);
UWord AT_(pools_n_blocks)(void);
/* The live chunks of every pool (not the MALLOCLIKE blocks): memcheck's
   HEAP SUMMARY leaves them out of what is in use. */
void  AT_(pools_chunks_live)(ULong* bytes, ULong* blocks);

#endif /* __AT_POOLS_H */
