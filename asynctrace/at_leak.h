/*--------------------------------------------------------------------*/
/*--- asynctrace: leaks, by reachability and by owner.  at_leak.h ---*/
/*--------------------------------------------------------------------*/

/* This file is part of asynctrace.  Copyright (C) 2026 the asynctrace
   authors.  GPL-2.0-or-later; see at_basics.h and COPYING. */

#ifndef __AT_LEAK_H
#define __AT_LEAK_H

#include "at_basics.h"
#include "at_heap.h"
#include "at_options.h"   /* AT_HEURISTICS */

/* memcheck's kinds, in the order of --show-leak-kinds' bits. */
typedef enum {
   AT_LK_DEFINITE = 0, AT_LK_INDIRECT = 1, AT_LK_POSSIBLE = 2,
   AT_LK_REACHABLE = 3, AT_LK_N = 4
} AT_LeakKind;

/* What keeps a block reachable: the root the scan first reached it
   from (directly or through other blocks).  AT_HOLD_HEAP only says
   where a pointer lies (AT_PointedFrom), never what holds memory. */
typedef enum {
   AT_HOLD_NONE = 0, AT_HOLD_GLOBAL, AT_HOLD_STACK, AT_HOLD_REGISTERS,
   AT_HOLD_TLS, AT_HOLD_HEAP, AT_HOLD_N
} AT_Holder;

/* One loss record: the blocks of one kind from one site and owner. */
typedef struct { ULong bytes; ULong blocks; } AT_Amount;

typedef struct {
   AT_Site* site;
   UInt     owner;         /* seq of the allocating thread */
   Int      from;          /* the scan's note of why (AT_PointedFrom),
                              or -1 */
   UChar    kind;          /* AT_LeakKind */
   ULong    bytes;
   ULong    blocks;
   ULong    ind_bytes;     /* definite: bytes reachable only through them */
   ULong    ind_blocks;
   const HChar* suppressed_by;   /* the asynctrace:Leak suppression's
                                    name, or NULL */
   AT_Amount heur[AT_HEURISTICS];   /* of its blocks, those a heuristic
                                    made reachable (memcheck's), by it */
} AT_LossRecord;


/* Still-reachable memory by what holds it. */
typedef struct {
   UChar  holder;          /* AT_Holder */
   UInt   seq;             /* thread, for stack, registers, TLS */
   ULong  bytes;
   ULong  blocks;
} AT_Held;

/* Why a loss record's blocks are what they are: the first pointer the
   scan found that made one of them possibly lost (or reachable), for
   records of kind possibly-lost, and still-reachable when those are
   written. */
typedef struct {
   UChar        root;      /* AT_Holder: where the pointer lies */
   UInt         seq;       /* stack, registers, TLS: the thread, or 0 */
   Addr         at;        /* the word's address; 0 for a register */
   const HChar* reg;       /* registers: the register's name */
   Addr         value;     /* the pointer */
   Addr         block;     /* the start of the block it points into */
   Addr         src;       /* heap: the start of the block holding it */
   UChar        src_kind;  /* heap: that block's AT_LeakKind */
   ExeContext*  src_where; /* heap: where that block was allocated */
} AT_PointedFrom;

/* Scans the client's memory and classifies every live block.  Call once,
   at the end, with the world stopped. */
void AT_(leak_check)(void);
Bool AT_(leak_checked)(void);

/* The same scan now, while the program runs (monitor leak_check,
   snapshots): its totals and loss records, without notes of why.  It
   changes nothing the exit scan reports.  NULL once the exit scan has
   run (or from inside a scan).  Free with AT_(leak_scan_free). */
typedef struct {
   AT_Amount       totals[AT_LK_N];
   AT_Amount       left_out;      /* as AT_(leak_left_out) */
   AT_Amount       heur[AT_HEURISTICS];   /* as AT_(leak_heuristic_totals) */
   struct _XArray* records;       /* of AT_LossRecord, from -1 */
} AT_LeakScan;
AT_LeakScan* AT_(leak_scan_now)(void);
/* The summary of the previous leak check the program (memcheck's
   requests) or vgdb (leak_check) asked for: memcheck's baseline for the
   changes both print, shared as memcheck shares it.  The kinds after
   suppressions, the suppressed, what the heuristics kept. */
typedef struct {
   AT_Amount kinds[4];
   AT_Amount supp;
   AT_Amount heur[AT_HEURISTICS];
} AT_LeakBase;
AT_LeakBase* AT_(leak_base)(void);
/* "N" or, with deltas, "N (+D)" / "N (-D)" into buf (n bytes), thousands
   separated, as memcheck prints them. */
const HChar* AT_(leak_fig)(HChar* buf, SizeT n, ULong now, ULong old,
                           Bool deltas);
/* memcheck's "of which reachable via heuristic" lines, through out
   (VG_(umsg) or VG_(gdb_printf)), the changes from the baseline. */
void AT_(leak_print_heuristics)(UInt (*out)(const HChar* fmt, ...),
                                const AT_Amount* heur, Bool deltas);
/* The same with other heuristics than --leak-check-heuristics (the
   monitor's leak_check heuristics SET). */
AT_LeakScan* AT_(leak_scan_now_heuristics)(UInt heuristics);
void         AT_(leak_scan_free)(AT_LeakScan* s);

const AT_Amount* AT_(leak_totals)(void);          /* [AT_LK_N] */
/* The blocks memcheck's heuristics kept, by heuristic (at_options.h's
   order), whatever their kind, as memcheck counts them. */
const AT_Amount* AT_(leak_heuristic_totals)(void); /* [AT_HEURISTICS] */
/* Live blocks the exit scan left out, as memcheck does (a block a
   memory pool hands out in chunks, at_pools.c): with the kinds, they
   add up to what is live; in all and by role instance. */
const AT_Amount* AT_(leak_left_out)(void);
const AT_Amount* AT_(leak_left_out_of)(UShort inst);
struct _XArray*  AT_(leak_records)(void);         /* of AT_LossRecord */
struct _XArray*  AT_(leak_held)(void);            /* of AT_Held */
const HChar*     AT_(leak_kind_name)(UInt kind);
/* r's AT_PointedFrom into *out; False if the scan noted none. */
Bool AT_(leak_pointed_from)(const AT_LossRecord* r, AT_PointedFrom* out);
const HChar*     AT_(root_name)(UInt root);

/* The blocks live now, summed by site, kind AT_LK_N (caller deletes). */
struct _XArray* AT_(live_records)(void);
const HChar*     AT_(holder_name)(UInt holder);

#endif /* __AT_LEAK_H */
