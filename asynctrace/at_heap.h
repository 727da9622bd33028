/*--------------------------------------------------------------------*/
/*--- asynctrace: the heap: replaced allocator, live blocks.       ---*/
/*---                                                   at_heap.h  ---*/
/*--------------------------------------------------------------------*/

/* This file is part of asynctrace.  Copyright (C) 2026 the asynctrace
   authors.  GPL-2.0-or-later; see at_basics.h and COPYING. */

#ifndef __AT_HEAP_H
#define __AT_HEAP_H

#include "at_basics.h"
#include "pub_tool_execontext.h"
#include "at_fpleaf.h"       /* AT_HeapCounters */

/* An allocation site: an allocation stack, the role in force and the
   allocating thread. */
typedef struct _AT_Site {
   struct _AT_Site* next;     /* VgHashNode's layout: next, then key */
   UWord            key;
   ExeContext*      where;
   UShort           inst;     /* role instance of the allocations */
   UShort           task_site; /* spawn site of the task they were made
                                 in (at_tasks.h), 0 for none */
   UShort           cell_site; /* its blocks are task cells: their spawn
                                 site, else 0 */
   UInt             owner;    /* seq of the allocating thread */
   ULong            allocs;
   ULong            bytes;
   ULong            live_blocks;
   ULong            live_bytes;
   ULong            at_peak;  /* live bytes at the peak snapshot */
   Int              rec[5];   /* the leak scan's: its loss record of
                                 each kind (and of none), or -1; while
                                 it marks, its note of why (at_leak.c) */
} AT_Site;

/* A live block: 32 bytes, and 8 to 16 bytes of the block table's
   chain heads (at_heap.c); the stack, role and owner are shared through
   the site. */
typedef struct _AT_Block {
   struct _AT_Block* next;    /* the block table's chain; next and data
                                 first, as a VgHashNode (at_pools.c) */
   Addr              data;
   AT_Site*          site;
   UInt              size32;  /* what the program asked for; see below */
   UInt              task;    /* the slot of the task whose poll made
                                 it (at_tasks.h), 0 if none */
} AT_Block;

/* Sizes of 4 GiB and more are kept aside (size32 is then all ones). */
#define AT_BIG_SIZE 0xFFFFFFFFu
SizeT AT_(big_block_size)(Addr data);
static inline SizeT AT_(block_size)(const AT_Block* b)
{
   return b->size32 != AT_BIG_SIZE ? b->size32 : AT_(big_block_size)(b->data);
}

/* Process-wide figures. */
typedef struct {
   AT_HeapCounters total;
   ULong peak_bytes;
   ULong peak_blocks;
   UInt  peak_ms;
   ULong peak_time;           /* in --time-unit */
   XArray* role_at_peak;      /* of ULong: each role's live bytes then */
} AT_HeapSummary;

void AT_(heap_init)(void);    /* registers the malloc replacement */
/* Answers the heap's client requests; False if args is not one. */
Bool AT_(heap_request)(ThreadId tid, const UWord* args, UWord* ret);
void AT_(heap_post_clo_init)(void);
/* Called every 256 heap events, at a point where a snapshot may be
   taken (at_main.c registers the snapshot writer's poll). */
void AT_(heap_set_tick_hook)(void (*f)(void));
/* Called at each bad call as it happens (at_errors.c prints it). */
void AT_(heap_set_bad_hook)(const HChar* (*f)(ThreadId tid, UInt kind,
                                              Addr addr, SizeT size,
                                              SizeT given));
const AT_HeapSummary* AT_(heap_summary)(void);
const AT_HeapCounters* AT_(heap_of_role)(UShort inst);

/* All sites; each live block, in no order; the live blocks' addresses,
   sorted (the caller frees the array). */
struct _XArray* AT_(heap_sites)(void);
void       AT_(heap_for_each_block)(void (*f)(AT_Block* b, void* opaque),
                                    void* opaque);
Addr*      AT_(heap_blocks_sorted)(UInt* n);    /* their addresses */
AT_Block*  AT_(heap_block_at)(Addr a);           /* NULL if none */
/* The allocation stack of the live block starting at a, or NULL. */
ExeContext* AT_(heap_block_stack)(Addr a);
/* The block an allocation is returning now (a snapshot taken inside
   it): the program will hold it in a register.  0 if none. */
Addr       AT_(heap_returning)(void);

/* Blocks of the program's own allocators (at_pools.c keeps them):
   counted as heap blocks, at the request's stack, kept out of the block
   table; resize changes a block's start and size in place. */
AT_Block*  AT_(heap_custom_alloc)(ThreadId tid, Addr a, SizeT n);
void       AT_(heap_custom_free)(ThreadId tid, AT_Block* b);
void       AT_(heap_custom_resize)(AT_Block* b, Addr a, SizeT n);
void       AT_(heap_custom_bad_free)(ThreadId tid, Addr a);

/* Frees across roles: allocated in role a, freed in role f. */
typedef struct { UShort alloc_inst; UShort free_inst; ULong frees; ULong bytes; }
   AT_CrossFree;
struct _XArray* AT_(heap_cross_frees)(void);

/* The timeline: live bytes per role over time. */
typedef struct {
   ULong  time;              /* in --time-unit */
   ULong  total;
   UInt   ninst;
   ULong* by_inst;           /* ninst entries */
   Bool   is_peak;
} AT_Sample;
struct _XArray* AT_(heap_timeline)(void);   /* of AT_Sample, in order */
const HChar* AT_(time_unit_name)(void);

/* Calls the program got wrong. */
/* AT_BAD_CALLOC_OVERFLOW and AT_BAD_ALIGNMENT are also asynctrace.h's
   ASYNCTRACE_BAD_* (4, 5): the preload reports those itself. */
typedef enum {
   AT_BAD_INVALID_FREE, AT_BAD_DOUBLE_FREE, AT_BAD_REALLOC_FREED,
   AT_BAD_REALLOC_INVALID, AT_BAD_CALLOC_OVERFLOW, AT_BAD_ALIGNMENT,
   AT_BAD_SIZED_FREE, AT_BAD_TOO_LARGE, AT_BAD_N
} AT_BadKind;
/* A wrong call the preload caught (kind one of the two above). */
void AT_(heap_bad_call)(ThreadId tid, UWord kind, SizeT size, SizeT given);
typedef struct { UChar kind; ExeContext* where; ULong count; Addr addr;
                 SizeT size; SizeT given;
                 const HChar* suppressed_by;   /* a suppression's name */
               } AT_BadCall;
struct _XArray* AT_(heap_bad_calls)(void);
const HChar* AT_(bad_kind_name)(UInt kind);

/* jemalloc's API (the _rjem_ functions of tikv-jemallocator), from the
   preload through client requests.  flags as jemalloc's MALLOCX_*:
   bits 0-5 log2 of the alignment, 0x40 zero the memory. */
void* AT_(je_alloc)(ThreadId tid, SizeT size, UWord flags);
void* AT_(je_realloc)(ThreadId tid, void* p, SizeT size, UWord flags);
void  AT_(je_free)(ThreadId tid, void* p, SizeT size, Bool sized);
SizeT AT_(je_usable)(ThreadId tid, void* p);

#endif /* __AT_HEAP_H */
