/* diff.h: what the files of --diff share; private to them.
 *
 * diff.c reads the two reports, prints the runs, the figures of the
 * process and of each role and pool, and decides --fail-on's exit
 * status; diff_sites.c compares the lists of sites (memory live at
 * exit, loss records, allocation sites, futex sites) and of spawn sites
 * (Tokio's, block_on's, Rayon's), matched by role and place.  Both
 * judge a change by the same noise rule (diff_counts): a byte or block
 * count is exact, so any change is one; a timing figure (blocked time,
 * futex waits) or an instruction count varies from run to run of the
 * same program, so only a change larger than that counts.
 *
 * Copyright (C) 2026 the asynctrace authors.
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#ifndef AT_DIFF_H
#define AT_DIFF_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "report.h"

enum { OLD, NEW };

/* What print_roles and the lists do: count the changes only, print
   them, or print only why a part is not compared. */
enum Mode { COUNT, PRINT, NOTES };

/* How a figure is judged.  N_TIME: blocked time in microseconds;
   N_WAITS: futex waits; N_INSNS: instructions; N_IGNORE: never a
   change (shown only: Rayon's job counts, which work stealing makes
   differ each run); N_EXACT: any change. */
enum Noise { N_EXACT, N_TIME, N_WAITS, N_INSNS, N_IGNORE };

/* The rule, documented in at_print(1): blocked time changed if one
   run's is at least twice the other's and they differ by at least
   NOISE_MIN_US and NOISE_RUN_PCT percent of the longer run; waits if
   one is twice the other and they differ by NOISE_MIN_WAITS;
   instructions if they differ by NOISE_INSNS_PCT percent of the larger
   and NOISE_MIN_INSNS.  Idle parking is never a change (its time is
   the run's length with nothing to do).  Measured on the bundled Rust
   programs run two to five times each under Valgrind, which runs one
   thread at a time: a lock's or a condition's blocked time moved by up
   to 6x (25 to 163 ms in a 2 s run; 113 to 532 ms in a 4 s one, on
   current Tokio), waits by a few, instructions by under 1%. */
#define NOISE_MIN_US     100000
#define NOISE_RUN_PCT    20
#define NOISE_MIN_WAITS  10
#define NOISE_INSNS_PCT  10
#define NOISE_MIN_INSNS  1000000

/* The floor of a change of blocked time: NOISE_MIN_US, or
   NOISE_RUN_PCT of the longer run if more (set by print_diff). */
extern uint64_t diff_time_floor_us;

/* Whether old -> new is a change under rule k. */
bool diff_counts(enum Noise k, uint64_t old, uint64_t new);

/* new - old with its sign: "+1,000", "-88", "0"; as milliseconds
   ("+90.0 ms") if us.  From a ring of 8 buffers. */
const char *diff_delta(uint64_t old, uint64_t new, bool us);

uint64_t diff_abs(uint64_t x, uint64_t y);

/* diff_cpu.c: the CPU profiles' shares by role, spawn site and layer
   (if both reports have one): how many moved beyond the sampling's
   noise; printed in mode PRINT; *noise (if not NULL): those that moved
   less. */
size_t diff_cpu(const Report *const rep[2], const DiffOptions *opt,
                enum Mode mode, size_t *noise);

/* diff_sites.c: every list of sites of both reports compared. */
typedef struct SiteDiff SiteDiff;

SiteDiff *sites_compare(const Report *const rep[2], const DiffOptions *opt);
/* Rows that changed, and those whose changes were within noise. */
size_t sites_changed(const SiteDiff *d);
size_t sites_noise(const SiteDiff *d);
void sites_print(const SiteDiff *d, const Report *const rep[2],
                 const DiffOptions *opt, enum Mode mode);
void sites_free(SiteDiff *d);

#endif
