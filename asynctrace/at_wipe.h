/*--------------------------------------------------------------------*/
/*--- asynctrace: stale words on thread stacks.         at_wipe.h ---*/
/*--------------------------------------------------------------------*/

/* This file is part of asynctrace.  Copyright (C) 2026 the asynctrace
   authors.  GPL-2.0-or-later; see at_basics.h and COPYING. */

#ifndef __AT_WIPE_H
#define __AT_WIPE_H

#include "at_basics.h"
#include "libvex_ir.h"

/* A thread is being created with its stack pointer at sp: wipe what an
   ended thread left below it. */
void AT_(wipe_new_thread_stack)(Addr sp);

/* Zeros [lo, hi) of a private anonymous mapping that nobody uses,
   giving whole pages back to the kernel (they read as zeros). */
void AT_(wipe_unused)(Addr lo, Addr hi);

/* Clear the red zone at calls and returns (read by the instrumenter). */
extern Bool AT_(wipe_redzones);

/* The instrumentation for --wipe-stacks=popped: call wipe_sb_start
   before a superblock, then wipe_stmt on each statement; if it returns
   True it has added the statement (and what goes with it) to sb. */
void AT_(wipe_sb_start)(IRSB* sb);
Bool AT_(wipe_stmt)(IRSB* sb, IRStmt* st, Int offset_sp);
/* Before each exit of sb and at its end. */
void AT_(wipe_sync)(IRSB* sb);
/* The core ran the thread, or another: nothing is known of its red
   zone. */
void AT_(wipe_resume)(void);

/* Reads --wipe-stacks. */
void AT_(wipe_post_clo_init)(void);
void AT_(wipe_print_stats)(void);

#endif /* __AT_WIPE_H */
