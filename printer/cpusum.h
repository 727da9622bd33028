/* cpusum.h: the CPU profile summed for people, computed once for every
 * output: per role instance by layer and by function, per spawn site,
 * and the runtimes' own cost.
 *
 * Copyright (C) 2026 the asynctrace authors.
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#ifndef AT_CPUSUM_H
#define AT_CPUSUM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "report.h"

/* The name of the function of threads never sampled. */
#define NOT_SAMPLED "(not sampled)"

/* The runtime a role's threads run. */
enum { RT_NONE, RT_TOKIO, RT_RAYON };

typedef struct {
   char *name;                   /* role label, "tokio-worker (runtime 1)" */
   const Role *role;             /* the first row's */
   int runtime;                  /* RT_: workers of a runtime, or none */
   uint64_t insns;
   uint64_t layer[LAYER_N];
   size_t order;                 /* first seen */
} CpuRole;

typedef struct {
   size_t role;                  /* index in roles */
   char *name;                   /* "fn (file)" */
   uint64_t insns;
   int layer;                    /* LAYER_: the first row's */
} CpuFn;

typedef struct {
   uint64_t site;                /* merged site's id (sitemerge.c) */
   uint64_t insns;
   uint64_t layer[LAYER_N];
   size_t role;                  /* the role that ran most of them, */
   uint64_t role_insns;          /* and its share (0: none) */
} CpuSite;

typedef struct {
   CpuRole *roles;               /* most instructions first */
   size_t nroles, caproles;
   CpuFn *fns;                   /* most instructions first */
   size_t nfns, capfns;
   CpuSite *sites;               /* most instructions first */
   size_t nsites, capsites;
   uint64_t insns, samples, interval;
   /* Tokio's scheduler instructions on its workers, and the polls of
      the Tokio tasks (async and local sites): the scheduler's cost of a
      poll, on average. */
   uint64_t tokio_sched, tokio_polls;
} CpuSums;

/* The sums of r's profile (false if it has none).  Sites are merged by
   source line as the Tasks section merges them (m: tasks_merge's, NULL
   if the report has no tasks); functions named as the summary names
   frames (whole: --full-names). */
bool cpu_sums(const Report *r, const OwnRules *own, const MergedTasks *m,
              bool whole, CpuSums *out);
void cpu_sums_free(CpuSums *c);

/* The runtime's own instructions among a role's: for Tokio's workers
   the scheduler, the drivers and parking; for Rayon's, the plumbing,
   the idle rounds and parking; 0 for other roles. */
uint64_t cpu_runtime_cost(const CpuRole *r);
/* A Tokio site's (async or local) polls times the scheduler's
   instructions per poll on all workers, in *est; false for other sites
   or without a scheduler sample. */
bool cpu_sched_estimate(const CpuSums *c, const SpawnSite *s, uint64_t *est);
/* "Tokio", "Rayon", or NULL. */
const char *cpu_runtime_name(int runtime);
/* Of role index r, its sampled function with the most instructions
   (NULL if none). */
const CpuFn *cpu_top_fn(const CpuSums *c, size_t r);

/* Samples a profile needs for the one screen and the verdict to speak
   of it (the CPU section shows any): below, a share is mostly chance. */
#define CPU_MIN_SAMPLES 20

/* The one screen's lines: "Sampled 608 times (--show=cpu): ROLE: 69.2%
   in FN, 4.1% in Tokio's own code (scheduler 2.6%, drivers
   1.5%); ..." for the first roles roles. */
void cpu_brief(Buf *b, const CpuSums *c, size_t roles);
/* The verdict's sentence: the function that ran the most, where, and
   the runtimes' own share of their workers' instructions. */
void cpu_verdict(Buf *b, const CpuSums *c);

#endif
