/*
   asynctrace.h: client requests for asynctrace, a Valgrind tool that
   records the threads, futex waits and heap blocks of async Rust
   programs.  Include it in a program to talk to asynctrace when the
   program runs under it; outside Valgrind the requests do nothing.

   Copyright (C) 2026 the asynctrace authors.

   This file is licensed under a BSD-style license, like valgrind.h,
   so that any program may include it:

   Redistribution and use in source and binary forms, with or without
   modification, are permitted provided that the following conditions
   are met: (1) redistributions of source code must retain the above
   copyright notice, this list of conditions and the following
   disclaimer; (2) the name of the author may not be used to endorse
   or promote products derived from this software without specific
   prior written permission.  THIS SOFTWARE IS PROVIDED "AS IS",
   WITHOUT ANY EXPRESS OR IMPLIED WARRANTIES.
*/

#ifndef __ASYNCTRACE_H
#define __ASYNCTRACE_H

#include "valgrind.h"

typedef enum {
   VG_USERREQ__ASYNCTRACE_SET_ROLE = VG_USERREQ_TOOL_BASE('A', 'T'),
   /* For asynctrace's own preload only (jemalloc's prefixed API): */
   VG_USERREQ__ASYNCTRACE_JE_ALLOC,     /* (size, flags) -> ptr */
   VG_USERREQ__ASYNCTRACE_JE_REALLOC,   /* (ptr, size, flags) -> ptr */
   VG_USERREQ__ASYNCTRACE_JE_FREE,      /* (ptr, size, sized) */
   VG_USERREQ__ASYNCTRACE_JE_USABLE,    /* (ptr) -> size */
   VG_USERREQ__ASYNCTRACE_BAD_CALL,     /* (kind, size, given) */
   VG_USERREQ__ASYNCTRACE_SNAPSHOT,     /* (label or NULL) */
   VG_USERREQ__ASYNCTRACE_PHASE         /* (label) */
} Vg_AsyncTraceClientRequest;

/* Kinds for VG_USERREQ__ASYNCTRACE_BAD_CALL (the preload's own checks). */
#define ASYNCTRACE_BAD_CALLOC_OVERFLOW  4
#define ASYNCTRACE_BAD_ALIGNMENT        5

/* Gives the calling thread a role of the program's choosing, e.g.
   ASYNCTRACE_SET_ROLE("db-writer"); events on this thread from now on
   carry it, and the thread's name no longer changes it.  The name is
   copied (at most 63 bytes). */
#define ASYNCTRACE_SET_ROLE(_role)                                    \
   VALGRIND_DO_CLIENT_REQUEST_STMT(VG_USERREQ__ASYNCTRACE_SET_ROLE,   \
                                   (_role), 0, 0, 0, 0)

/* Takes a snapshot now (live heap per role and site, threads, futex
   waits) and writes the whole report again, e.g.
   ASYNCTRACE_SNAPSHOT("after reload"); the label (at most 127 bytes) may
   be NULL.  --snapshot-interval= takes them on a clock instead. */
#define ASYNCTRACE_SNAPSHOT(_label)                                   \
   VALGRIND_DO_CLIENT_REQUEST_STMT(VG_USERREQ__ASYNCTRACE_SNAPSHOT,   \
                                   (_label), 0, 0, 0, 0)

/* Marks a phase of the run, e.g. ASYNCTRACE_PHASE("warm-up done"): a
   labelled point in time in the report.  at_print looks for growth in
   the snapshots after the last phase (or after the one --after names). */
#define ASYNCTRACE_PHASE(_label)                                      \
   VALGRIND_DO_CLIENT_REQUEST_STMT(VG_USERREQ__ASYNCTRACE_PHASE,      \
                                   (_label), 0, 0, 0, 0)

#endif /* __ASYNCTRACE_H */
