/* verdict.h: the overview's figures, computed once for every output
 * that states them (text.c's verdict paragraph, json.c's "verdict"
 * object): how the run ended, the bytes really lost, and which group
 * holds each still reachable <held-by> row.
 *
 * Copyright (C) 2026 the asynctrace authors.
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#ifndef AT_VERDICT_H
#define AT_VERDICT_H

#include <stdbool.h>
#include <stdint.h>
#include "report.h"

/* Who holds the still reachable bytes, in a few groups, in the order
   JSON writes them. */
enum { HG_GLOBALS, HG_LIVE, HG_ENDED, HG_NONE, HG_OTHER, HG_N };

/* A holder of the kinds a thread has, in held_group's *kind. */
enum { HK_NONE = -1, HK_STACK, HK_REGISTERS, HK_TLS };

/* Whether the signal named SIG (NULL: none) is a crash rather than a
   stop from outside. */
bool verdict_crash_signal(const char *sig);

/* What a fault of signal SIG with si_code CODE was, in Valgrind's words
   ("Access not within mapped region"), or NULL if not known. */
const char *verdict_fault_event(const char *sig, long code);

/* A file marked <final-report-lost>: how the run ended, in a few
   words ("exited with status 3", "killed by SIGTERM (signal 15)",
   "called execve"), added to b. */
void verdict_lost_end(Buf *b, const LostEnd *l);

/* When the last snapshot in the report was taken (its <snapshot>'s
   ms; the report's duration if it lists none). */
uint64_t verdict_last_snapshot_ms(const Report *r);

/* The group of the <held-by> row H; *KIND (if not NULL) gets its
   thread-holder kind, or HK_NONE. */
int held_group(const Held *h, int *kind);

/* The bytes and blocks really lost: definitely, indirectly and
   possibly, summed (saturating). */
uint64_t verdict_lost_bytes(const Report *r);
uint64_t verdict_lost_blocks(const Report *r);

/* What one role lost. */
typedef struct {
   const Role *role;
   uint64_t bytes, blocks;
} LostRole;

/* The bytes and blocks of the leak kinds in mask (a bit per LK_ kind)
   by the role in force when they were allocated: <leaks>' <by-role>s
   summed per role, those with neither left out, most bytes first, then
   by role.  *n gets their number; free the result. */
LostRole *verdict_lost_by_role(const Report *r, unsigned mask, size_t *n);

/* Bad calls of one kind, summed. */
typedef struct {
   const char *kind;
   uint64_t count;
   size_t first;                 /* the first of the kind's bad calls */
} BadKind;

/* The bad calls summed by kind, most first, equals in the order their
   kinds first come in order (a view of r's bad calls, r->nbad pointers
   into r->bad), or in r->bad's own if order is NULL.  *nk gets their
   number; free the result. */
BadKind *verdict_bad_kinds(const Report *r, const BadCall *const *order,
                           size_t *nk);

/* When the figures were taken, in words that fit how the run ended:
   "after Ctrl-C" (SIGINT only), "after SIGTERM", "at the crash",
   "at exit", "at execve", "at the last snapshot" (a report with no end
   of its own: SIGKILL, or the run still going). */
const char *verdict_when(const Report *r);

/* The last snapshot with a leak scan, for a report that has no scan of
   its own but snapshots' (a run killed with SIGKILL, with
   --snapshot-leak-check=yes); NULL if none or the report has its own. */
const Snap *verdict_snapshot_scan(const Report *r);

/* A possibly-lost loss record whose blocks are likely reachable: the
   pointer into them lies in memory still in use, a still-reachable
   block (root heap), a global or a thread's TLS (the pointer lies in a
   table: glibc's DTV pointer in the thread block, an epoch list's
   tagged pointer).  Stacks and registers do not count: a word there is
   as likely a stale value. */
typedef struct {
   const Site *rec;
   const char *via;              /* "heap", "global" or "tls" */
   bool library;                 /* the pointer lies in a library's table:
                                    the block is named by the library that
                                    allocated it, not the program's frame */
   char *block;                  /* where the block was allocated: the
                                    program's "file:line", or a library's
                                    name ("crossbeam-epoch"), or NULL */
   bool block_lib;               /* block is a library's name */
   char *holder;                 /* what holds the pointer: for heap the
                                    pointing block's "file:line" or library;
                                    for global the object's name (and
                                    symbol); for tls NULL (see thread) */
   uint64_t thread;              /* tls: the thread's seq */
   bool thread_alive;
} Likely;

typedef struct {
   uint64_t bytes, blocks;       /* summed over list */
   Likely *list;                 /* the records, most bytes first */
   size_t n, cap_;
} LikelyReach;

/* The possibly-lost records of r that are likely reachable (own: what
   is the program's code). */
void verdict_likely_reachable(const Report *r, const struct OwnRules *own,
                              LikelyReach *out);
void verdict_likely_free(LikelyReach *l);
/* A record, or n alike summed to bytes, in words: "2,104 bytes of
   crossbeam-epoch's from a still-reachable block of crossbeam-epoch's",
   "864 of glibc's from the TLS of 3 threads" (lead: with "bytes"). */
void verdict_add_likely(Buf *b, const Likely *k, size_t n, uint64_t bytes,
                        bool lead);

/* Lock contention split by whose lock it is: the futex sites of class
   lock, each judged by its first frame past the lock's code (libc's
   pthread, Rust's std, parking_lot, lock_api): the program's own code
   (frame_is_own), or a library's (Tokio's blocking pool, Rayon's sleep
   mutex, Tokio's timer). */
#define LOCK_PLACES 3
typedef struct {
   uint64_t total_us;            /* every role's lock contention */
   uint64_t program_us, library_us;
   uint64_t unlisted_us;         /* at sites the report (or at_print)
                                    does not list */
   char *places[LOCK_PLACES];    /* the program's lock sites, most
                                    blocked first: "demo.rs:101" */
   size_t nplaces;
   char *libs[LOCK_PLACES + 1];  /* the libraries: "Tokio", "Rayon" */
   size_t nlibs;
   bool more_libs;
} LockSplit;

/* False if the report has no lock contention or no wait classes. */
bool verdict_lock_split(const Report *r, const struct OwnRules *own,
                        LockSplit *out);
void verdict_lock_free(LockSplit *l);

#endif
