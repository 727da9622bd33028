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

#endif
