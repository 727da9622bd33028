/*--------------------------------------------------------------------*/
/*--- asynctrace: memory beyond the heap: the program's mappings.  ---*/
/*---                                                   at_maps.h  ---*/
/*--------------------------------------------------------------------*/

/* This file is part of asynctrace.  Copyright (C) 2026 the asynctrace
   authors.  GPL-2.0-or-later; see at_basics.h and COPYING. */

#ifndef __AT_MAPS_H
#define __AT_MAPS_H

#include "at_basics.h"
#include "pub_tool_execontext.h"

/* What a mapping holds. */
typedef enum {
   AT_MAP_STACK = 0,    /* a thread's stack (glibc's, guard page included) */
   AT_MAP_ANON  = 1,    /* anonymous memory: mmap, brk, SysV shm */
   AT_MAP_FILE  = 2,    /* a file's pages */
   AT_MAP_KINDS = 3
} AT_MapKind;

/* The syscall that made it. */
typedef enum { AT_HOW_MMAP, AT_HOW_MREMAP, AT_HOW_BRK, AT_HOW_SHMAT }
   AT_MapHow;

/* One live mapping, as the kernel sees it: a munmap in its middle
   leaves two. */
typedef struct {
   Addr         start;       /* the table's key */
   SizeT        len;
   UChar        kind;        /* AT_MapKind */
   UChar        how;         /* AT_MapHow */
   UShort       inst;        /* role instance of the maker */
   UInt         seq;         /* the thread that made it */
   ExeContext*  where;       /* its stack then */
   const HChar* file;        /* AT_MAP_FILE: the file's name, or NULL */
} AT_Map;

/* Live bytes of one role (or all), by kind, and the heap's. */
typedef struct {
   ULong heap;
   ULong bytes[AT_MAP_KINDS];
   ULong count[AT_MAP_KINDS];   /* live mappings */
} AT_Footprint;

void AT_(maps_register_hooks)(void);  /* in pre_clo_init */
void AT_(maps_init)(void);            /* after options */

void AT_(maps_pre_syscall)(ThreadId tid, UInt sysno, UWord* args);
void AT_(maps_post_syscall)(ThreadId tid, UInt sysno, UWord* args,
                            SysRes res);

/* The footprint's peak: heap live plus all mapped bytes at its largest.
   The heap calls this when its live bytes grow. */
extern ULong AT_(maps_live_bytes);
extern ULong AT_(footprint_peak);
void AT_(maps_new_peak)(void);
static inline void AT_(footprint_grew)(ULong heap_live)
{
   if (heap_live + AT_(maps_live_bytes) > AT_(footprint_peak))
      AT_(maps_new_peak)();
}

/* For the report.  Footprints are by role instance (n_role_insts of
   them; a role with none is all zeros). */
const AT_Footprint* AT_(footprint_total)(Bool at_peak);
const AT_Footprint* AT_(footprint_of_role)(UShort inst, Bool at_peak);
/* Each thread's live mappings now (index seq-1, n_threads entries;
   the caller frees it). */
AT_Footprint* AT_(footprint_by_thread)(void);
/* The live mappings, largest first (caller deletes the XArray). */
struct _XArray* AT_(maps_live)(void);
const HChar* AT_(map_kind_name)(UInt kind);
const HChar* AT_(map_how_name)(UInt how);

#endif /* __AT_MAPS_H */
