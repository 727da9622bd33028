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
   UShort       spawn;       /* in a task's poll: its spawn site, or 0 */
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

/* The live mappings' bytes and counts (heap 0), in all and of a role
   instance (NULL if it has none); ready once roles and threads exist. */
Bool                AT_(maps_ready)(void);
const AT_Footprint* AT_(maps_live_total)(void);
const AT_Footprint* AT_(maps_live_of_role)(UShort inst);
/* Each thread's live mappings now (index seq-1, n_threads entries;
   the caller frees it). */
AT_Footprint* AT_(footprint_by_thread)(void);
/* The live mappings, largest first (caller deletes the XArray). */
struct _XArray* AT_(maps_live)(void);
const HChar* AT_(map_kind_name)(UInt kind);
const HChar* AT_(map_how_name)(UInt how);

#endif /* __AT_MAPS_H */
