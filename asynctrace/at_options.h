/*--------------------------------------------------------------------*/
/*--- asynctrace: command line options.              at_options.h ---*/
/*--------------------------------------------------------------------*/

/* This file is part of asynctrace.  Copyright (C) 2026 the asynctrace
   authors.  GPL-2.0-or-later; see at_basics.h and COPYING. */

#ifndef __AT_OPTIONS_H
#define __AT_OPTIONS_H

#include "at_basics.h"

/* --asynctrace-out-file=<file>; %p, %q{VAR}, %n expanded at write time. */
extern const HChar* AT_(clo_out_file);

/* --role=ROLE:FUNCTION-PATTERN rules, as given (HChar*), checked. */
extern struct _XArray* AT_(clo_role_rules);

/* --leak-check=no|summary|full */
typedef enum { AT_LEAK_NO, AT_LEAK_SUMMARY, AT_LEAK_FULL } AT_LeakCheck;
extern AT_LeakCheck AT_(clo_leak_check);

/* --show-leak-kinds=: a bit per kind, in the order of AT_LeakKind
   (at_leak.h): definite, indirect, possible, reachable. */
extern UInt AT_(clo_show_leak_kinds);
/* The leak kinds that count as errors (--error-exitcode, the ERROR
   SUMMARY), and whether --leak-check=full was given: then the loss
   records of the kinds shown are printed on stderr, as memcheck's. */
extern UInt AT_(clo_error_leak_kinds);
extern Bool AT_(clo_leak_check_given);
/* A comma-separated list of leak kinds (definite, indirect, possible,
   reachable), or all, or none, as bits 1 << AT_LK_*; False if not. */
Bool AT_(parse_leak_kinds)(const HChar* s, UInt* out);
/* --leak-check-heuristics=: a bit per heuristic, memcheck's, in the
   order it tries them: stdstring, length64, newarray,
   multipleinheritance. */
#define AT_HEURISTICS 4
extern UInt AT_(clo_leak_heuristics);
Bool AT_(parse_heuristics)(const HChar* s, UInt* out);
const HChar* AT_(heuristic_name)(UInt h);   /* 0 .. AT_HEURISTICS - 1 */

/* --time-unit=i|ms|B and --timeline-samples=N for the heap timeline. */
typedef enum { AT_TIME_I, AT_TIME_MS, AT_TIME_B } AT_TimeUnit;
extern AT_TimeUnit AT_(clo_time_unit);
extern UInt        AT_(clo_timeline_samples);

/* --alloc-sites=N: allocation sites listed in the report. */
extern UInt        AT_(clo_alloc_sites);

/* --stack-cache=yes|no (a debugging option): see at_stack.c. */
extern Bool        AT_(clo_stack_cache);
extern Bool        AT_(clo_stack_check);   /* --stack-cache=check */

/* --wipe-stacks=no|reused|popped: see at_wipe.c. */
typedef enum { AT_WIPE_NO, AT_WIPE_REUSED, AT_WIPE_POPPED } AT_WipeStacks;
extern AT_WipeStacks AT_(clo_wipe_stacks);

/* --tasks=N (tasks listed) and --task-attribution=yes|no: see
   at_tasks.c. */
extern UInt AT_(clo_tasks);
extern Bool AT_(clo_task_attr);
/* --heap-above-4g=no|yes: see at_layout.c. */
extern Bool AT_(clo_heap_above_4g);
/* --cpu-sample=N: see at_cpu.c (0: no CPU profile). */
extern ULong AT_(clo_cpu_sample);

/* Snapshots (at_snap.c): --snapshot-interval as given ("" for none),
   in ms or instructions; --snapshot-max, -sites, -leak-check, -tasks. */
extern const HChar* AT_(clo_snap_interval_text);
extern ULong AT_(clo_snap_interval);       /* 0: no timed snapshots */
extern Bool  AT_(clo_snap_in_insns);       /* else in ms */
extern UInt  AT_(clo_snap_max);
extern UInt  AT_(clo_snap_sites);
extern Bool  AT_(clo_snap_leaks);
extern UInt  AT_(clo_snap_tasks);
extern UInt  AT_(clo_snap_roles);

Bool AT_(process_cmd_line_option)(const HChar* arg);
void AT_(print_usage)(void);
void AT_(print_debug_usage)(void);

#endif /* __AT_OPTIONS_H */
