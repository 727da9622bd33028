/* report.h: the report in memory, as read.c builds it from an
 * asynctrace report (XML, versions 1 and 2) for the outputs to print,
 * and the small helpers they share (util.c).
 *
 * The model is one struct per section of the report, in the file's
 * order (Report: run, threads, heap, live-at-exit, leaks, cross-frees,
 * timeline, alloc-sites, bad-calls, mappings, roles, futex-sites,
 * wake-pairs, tasks, cpu, snapshots, stack table), each named as its
 * section is in docs/report-format.md.  What only the reader needs
 * while it reads (the timeline's stride, the keeper's cuts, the
 * grouper's keys) is in the reader's and the sinks' own state
 * (read_int.h, sink.h), not here.  The outputs take the model const
 * and sort views of it (view.h), never the model itself.
 *
 * Copyright (C) 2026 the asynctrace authors.
 * SPDX-License-Identifier: GPL-2.0-or-later
 *
 * This program is free software; you can redistribute it and/or modify it
 * under the terms of the GNU General Public License as published by the
 * Free Software Foundation; either version 2 of the License, or (at your
 * option) any later version.
 *
 * This program is distributed in the hope that it will be useful, but
 * WITHOUT ANY WARRANTY; without even the implied warranty of
 * MERCHANTABILITY or FITNESS FOR A PARTICULAR PURPOSE.  See the GNU General
 * Public License for more details.
 */

#ifndef AT_REPORT_H
#define AT_REPORT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Wake pairs listed; the reader keeps at least as many. */
#define WAKE_PAIRS_SHOWN 10

#define GROW(arr, cap, need) \
   ((arr) = grow_array((arr), &(cap), (need), sizeof *(arr)))

typedef struct {
   char *s;
   size_t len, cap;
} Buf;

/* Strings kept until the end, packed into large blocks: a version 2
   report's frames, of which there can be a million, each with four
   strings of a few bytes that a malloc apiece would double. */
typedef struct Chunk {
   struct Chunk *next;
   size_t used, cap;
   char s[];
} Chunk;

#define ARENA_BLOCK 65536

/* A sum for the invariant checks: it notes an overflow rather than
   saturate, since a saturated sum could equal a counter by accident. */
typedef struct {
   uint64_t v;
   bool over;
} Sum;

typedef struct {
   char *ip, *obj, *fn, *dir, *file;   /* cleaned for printing; NULL if
                                          absent */
   uint64_t line;
   bool has_line;
} Frame;

/* A version 1 stack holds its frames.  A version 2 one is a ref into
   the report's stack table, which comes last: once it is read, ids
   points at the stack's frames there (indices into tab), shared with
   every other stack that has them. */
typedef struct {
   Frame *frames;                /* version 1 */
   size_t nframes, capframes;
   uint64_t ref;                 /* version 2: the stack's id, from 1 */
   bool in_table;                /* version 2, resolved: */
   const Frame *tab;
   const uint32_t *ids;
   size_t nids;
} Stack;

/* A role as the report gives it: the role, and for pooled roles the
   Tokio runtime or Rayon pool (pool) and the thread's place in it
   (index, threads only). */
typedef struct {
   char *role;
   uint64_t pool, index;
   bool has_pool, has_index;
} Role;

/* Futex counters, as in docs/report-format.md. */
typedef struct {
   uint64_t waits, woken, eagain, timeouts, eintr, errors, pending,
            blocked_us, max_us, idle_waits, idle_us, wakes, woke,
            lock_waits, lock_us, condition_waits, condition_us,
            join_waits, join_us, sleep_waits, sleep_us,
            other_waits, other_us;
   unsigned has;                 /* bit i: futex_attrs[i] was read */
} Futex;

/* The wait classes, in the report's order (docs/report-format.md). */
enum { WC_LOCK, WC_CONDITION, WC_JOIN, WC_SLEEP, WC_IDLE, WC_OTHER, WC_N };
extern const char *const wait_class_name[WC_N];
/* Whether the counters have every class (a report of a tool before wait
   classes has only idle's), and a class's waits and blocked time. */
bool futex_has_classes(const Futex *f);
uint64_t futex_class_waits(const Futex *f, int c);
uint64_t futex_class_us(const Futex *f, int c);

/* The counters' attribute names, in the order of Futex's fields. */
#define FUTEX_N 23
extern const struct FutexAttr {
   const char *name;
   size_t off;
} futex_attrs[FUTEX_N];

/* memcheck's leak kinds, in its order. */
enum { LK_DEF, LK_IND, LK_POS, LK_REACH, LK_N };
/* memcheck's leak-check heuristics, in its order. */
enum { HEUR_STDSTRING, HEUR_LENGTH64, HEUR_NEWARRAY, HEUR_MULTI, HEUR_N };

/* What grouping (group.c) merged into a site: 1 record, 1 stack and no
   cut when nothing was. */
typedef struct {
   uint64_t records;             /* the report's sites merged */
   uint64_t stacks;              /* of distinct full stacks */
   uint64_t threads;             /* of distinct threads (loss records and
                                    live sites) */
   size_t cut;                   /* stacks differ: show frames [0, cut) of
                                    the largest one's; 0: all */
} Grouped;

typedef struct {                 /* a <pointed-from> of a <loss-record>:
                                    why its blocks are of its kind; the
                                    attributes as written, NULL if
                                    absent */
   char *root, *addr, *reg, *value, *block, *obj, *section, *offset,
        *symbol, *symbol_offset, *from_block, *from_kind;
   uint64_t thread;
   bool has_thread;
   Stack stack;                  /* root heap: the pointing block's
                                    allocation stack (none if absent) */
} PointedFrom;

/* The strings of the sites below (role.role, kind, class, ops) are
   kept once for the whole report, in Report.strs: not freed alone. */
typedef struct {                 /* a <site> of <live-at-exit>, or a
                                    <loss-record> of <leaks> */
   uint64_t thread, blocks, bytes;
   Role role;
   char *kind;                   /* the leak kind as written, or NULL */
   uint64_t ind_bytes, ind_blocks;
   bool has_ind, orphan;
   Stack stack;
   size_t order;                 /* place in the file, for a stable sort */
   Grouped g;
   PointedFrom *from;            /* a loss record's, or NULL */
   char *suppressed_by;          /* a loss record's suppression, or NULL */
   uint64_t heur_bytes, heur_blocks;   /* a loss record's blocks that
                                    memcheck's heuristics kept, */
   uint8_t heur_mask;            /* by which: bit HEUR_* */
} Site;

typedef struct {                 /* a <by-role> of <leaks> */
   Role role;
   int kind;                     /* -1: a kind this at_print does not
                                    know (kept for the checks only) */
   uint64_t bytes, blocks;
} LeakRole;

typedef struct {                 /* a <held-by> of <leaks> */
   char *holder;
   uint64_t thread, bytes, blocks;
   bool has_thread, alive_known, alive;
   Role role;
   size_t order;
} Held;

typedef struct {                 /* orphans of one role, summed */
   Role role;
   uint64_t bytes, blocks;
   size_t order;
} Orphans;

typedef struct {                 /* a <free> of <cross-frees> */
   Role alloc, freed;
   uint64_t frees, bytes;
   size_t order;
} XFree;

typedef struct {                 /* a <role> of a timeline <sample> */
   size_t col;                   /* index in Report.tl_cols */
   uint64_t bytes;
} SRole;

typedef struct {                 /* a <sample> of <timeline> */
   uint64_t time, live, ordinal;
   bool peak;
   SRole *roles;
   size_t nroles, caproles;
} Sample;

typedef struct {                 /* a <site> of <alloc-sites> */
   Role role;
   uint64_t allocs, bytes, live_blocks, live_bytes, at_peak;
   Stack stack;
   size_t order;
   Grouped g;
} ASite;

typedef struct {                 /* a <bad-call> */
   char *kind, *addr;
   char *suppressed_by;          /* its suppression's name, or NULL */
   uint64_t count, size, given;
   Stack stack;
   size_t order;
} BadCall;

typedef struct {                 /* a <site> of <futex-sites> */
   Role role;
   char *class, *ops;
   Futex fx;
   Stack stack;
   size_t order;
} FSite;

typedef struct {                 /* a <wake> of <wake-pairs> */
   uint64_t waker, waiter, count;
   uint64_t by_class[WC_N];      /* the woken waits' classes, if given */
   bool has_class;
   size_t order;
} Wake;

typedef struct {                 /* a <role-summary> */
   Role role;
   uint64_t threads, peak_alive, alive, churn, insns;
   uint64_t bytes_allocated, live_bytes, live_blocks;
   uint64_t live_at_peak, peak_live;
   uint64_t allocs;              /* of its <heap>, for the tasks' check */
   bool has_live_at_peak, has_peak_live, has_live_blocks, has_allocs;
   Futex fx;
   size_t order;
} RoleSum;

typedef struct {
   uint64_t seq, creator, start_ms, end_ms, insns;
   bool has_end, alive, forked, has_insns, has_futex;
   bool has_running;
   uint64_t running_us;          /* wall time running client code */
   Role role;
   bool role_by_name;            /* role-by="name" */
   char *name;                   /* the last <name>, NULL if none */
   uint64_t allocs, bytes_allocated, live_blocks, live_bytes;
   Futex fx;
   /* <syscalls>: the syscalls that may block, futexes aside, by class
      (SYS_*); has_sys false if the report has none for it. */
   bool has_sys;
   uint64_t sys_calls[4], sys_us[4];
} Thread;

/* The classes of <syscalls>, in the report's order. */
enum { SYS_IO, SYS_POLL, SYS_SLEEP, SYS_OTHER, SYS_N };
extern const char *const sys_names[SYS_N];

/* <mappings>: memory beyond the heap (docs/report-format.md). */
typedef struct {                 /* figures of a footprint row */
   uint64_t heap, stacks, anon, file, total, stack_maps, anon_maps,
            file_maps;
} Fp;

typedef struct {                 /* a <role-footprint> or <thread-footprint> */
   Role role;                    /* role rows */
   uint64_t thread;              /* thread rows */
   Fp fp;
} FpRow;

typedef struct {                 /* a <map> */
   char *start, *kind, *how, *file;   /* file: NULL if none */
   uint64_t bytes, thread;
   Role role;
   Stack stack;
} MapRec;

enum { FP_PEAK, FP_EXIT };

typedef struct {
   uint64_t maps, shown, rest_bytes;
   bool has_at[2];               /* FP_PEAK, FP_EXIT */
   Fp at[2];
   FpRow *roles[2];
   size_t nroles[2], caproles[2];
   FpRow *threads;               /* at exit */
   size_t nthreads, capthreads;
   MapRec *list;                 /* every <map>, largest first */
   size_t nlist, caplist;
} Maps;

void maps_free(Maps *m);
void maprec_free(MapRec *x);

/* <tasks>: Tokio tasks by spawn site (docs/report-format.md).  The
   strings are as written (kind: async, blocking, local, block_on, rayon;
   state: ended, complete, pending, polling). */
typedef struct {                 /* a <spawn-site> */
   uint64_t id;
   char *kind, *future;
   uint64_t frame;               /* the spawn site's index in stack */
   bool has_frame, has_lost;
   uint64_t spawned, ended, alive, pending, polls, insns, max_poll,
            allocs, bytes, peak_live, live_blocks, live_bytes,
            lost_bytes, lost_blocks, waits, blocked_us;
   bool has_stolen, has_median;  /* Rayon sites of a tool since 2026-12 */
   uint64_t stolen, median;      /* jobs stolen; the median job's insns */
   bool has_splits;              /* Rayon sites, since 2026-12-03 */
   uint64_t splits;              /* StackJobs pushed on a worker's deque */
   Stack stack;                  /* a task cell's allocation stack */
} SpawnSite;

typedef struct {                 /* a <role-share> */
   Role role;
   uint64_t allocs_in, bytes_in, allocs_out, bytes_out, insns_in;
} TaskShare;

typedef struct {                 /* a <task> */
   uint64_t seq, site, polls, insns, max_poll, allocs, bytes, waits,
            spawned_ms, ended_ms;
   bool has_ended;
   char *state;
   Stack stack;                  /* depth 0 if it has none */
} TaskRec;

typedef struct {                 /* a <blocking-in-async> */
   uint64_t site, waits, blocked_us, max_us;
   char *call;                   /* the syscall ("futex", "read"), or NULL */
   Stack stack;
} BlockIn;

typedef struct {
   char *attribution, *recognised;
   uint64_t spawned, poll_entries, unknown_polls, shown;
   bool has_rayon;               /* rayon-jobs and rayon-unknown given */
   uint64_t rayon_jobs, rayon_unknown;   /* jobs run, those not charged */
   SpawnSite *sites;             /* every one, in the report's order */
   size_t nsites, capsites;
   TaskShare *shares;
   size_t nshares, capshares;
   TaskRec *tasks;
   size_t ntasks, captasks;
   BlockIn *blocks;
   size_t nblocks, capblocks;
} Tasks;

void tasks_free(Tasks *t);
/* The spawn site of that id, or NULL. */
const SpawnSite *spawn_site(const Tasks *t, uint64_t id);
/* Its spawn frame (the first above Tokio's), or NULL if unknown. */
const Frame *spawn_frame(const SpawnSite *s);

/* <cpu>: the CPU profile by sampled stack (docs/report-format.md).
   Every row is kept: there is one per distinct sampled stack, and the
   folded output must add up to the whole. */
typedef struct {                 /* a <cpu-stack> */
   Role role;                    /* its string is in Report.strs */
   uint64_t site;                /* spawn-site, if has_site */
   bool has_site;
   uint64_t insns, samples;
   bool has_stack;               /* false: threads never sampled */
   Stack stack;
} CpuRow;

typedef struct {
   uint64_t interval, samples, insns, stacks;
   CpuRow *rows;                 /* in the report's order */
   size_t nrows, caprows;
} Cpu;

void cpu_free(Cpu *c);

/* <snapshots>: taken during the run (docs/report-format.md). */
typedef struct {                 /* a <role> of a <snapshot> */
   Role role;
   uint64_t threads, live_bytes, live_blocks, waits, blocked_us, idle_us,
            wakes;
   uint64_t others;              /* the row summing the role instances
                                    past --snapshot-roles: how many */
   bool has_others;
} SnapRole;

typedef struct {                 /* a <site> of a <snapshot> */
   Role role;
   uint64_t live_bytes, live_blocks;
   Stack stack;
} SnapSite;

typedef struct {                 /* a <spawn-site> or <task> of a
                                    snapshot's <tasks> */
   uint64_t id;                  /* spawn site (a task's: its spawn-site) */
   uint64_t seq;                 /* a task's; 0 for a spawn site */
   uint64_t tasks, live_bytes, live_blocks, cell_bytes;
} SnapSpawn;

typedef struct {                 /* a snapshot's <tasks> */
   uint64_t alive, rest_sites, rest_tasks, rest_bytes, rest_blocks,
            rest_cell_bytes;
   SnapSpawn *sites;
   size_t nsites, capsites;
   SnapSpawn *tasks;
   size_t ntasks, captasks;
} SnapTasks;

typedef struct {                 /* a <by-role> or <record> of a
                                    snapshot's <leak-check> */
   Role role;                    /* its string is in Report.strs */
   int kind;                     /* LK_*, -1 if unknown */
   uint64_t bytes, blocks;
   uint64_t ind_bytes, ind_blocks;   /* a record's */
   Stack stack;                  /* a record's */
} SnapLeak;

typedef struct {                 /* a <snapshot> */
   uint64_t seq, ms, insns, live_bytes, live_blocks, threads, rest_sites,
            rest_bytes, rest_blocks;
   char *cause, *label;          /* label: NULL if none */
   bool peak;
   SnapRole *roles;
   size_t nroles, caproles;
   SnapSite *sites;
   size_t nsites, capsites;
   bool has_leaks;               /* a <leak-check>: its totals by kind, */
   uint64_t leak_bytes[4], leak_blocks[4], leak_records;   /* LK_* order */
   uint64_t leak_left_bytes, leak_left_blocks;   /* left out of it */
   SnapLeak *lroles;             /* its <by-role>s, */
   size_t nlroles, caplroles;
   SnapLeak *lrecs;              /* its <record>s (the largest lost) */
   size_t nlrecs, caplrecs;
   SnapTasks *tasks;             /* NULL if none */
} Snap;

typedef struct {                 /* a <phase> */
   uint64_t ms, insns, after;
   char *label;
} Phase;

typedef struct {
   char *interval;               /* NULL if none */
   uint64_t taken, kept, max, sites;
   Snap *list;
   size_t n, cap;
   Phase *phases;
   size_t nphases, capphases;
} Snaps;

void snaps_free(Snaps *s);

/* growth.c: sites whose live bytes grow across the snapshots after a
   warm-up: by default the first phase, else --after=N (snapshot seq) or
   --after=TIME (Nms, Ns, Nmin, Nh). */
typedef struct {
   bool set;                     /* --after given */
   bool by_time;
   uint64_t v;                   /* seq, or ms */
} AfterOpt;
extern AfterOpt growth_after;
bool parse_after(const char *s, AfterOpt *out);

typedef struct {
   const SnapSite *site;         /* its row in the last snapshot (an
                                    allocation site's; NULL in spawn) */
   const SnapSpawn *spawn;       /* a spawn site's row in the last snapshot
                                    (in Growth.spawn; live bytes are its
                                    live-bytes + cell-bytes), else NULL */
   const SnapLeak *leak;         /* a leak scan's role row or record in the
                                    last scan (in Growth.lroles, lrecs),
                                    else NULL */
   bool grows;                   /* lroles: a suspect (the others are
                                    listed too, to say they do not) */
   size_t points;                /* snapshots it is in, after the warm-up */
   uint64_t first_seq, last_seq, first_bytes, last_bytes;
   double per_hour;              /* least-squares slope, bytes per hour */
   double per_snap;              /* bytes per snapshot, when the
                                    snapshots' times are all the same */
   double steady;                /* of the steps between its points, the
                                    share that grew */
   double r2;                    /* how well a line fits */
} Suspect;

typedef struct {
   uint64_t after_seq;           /* snapshots with a larger seq are used */
   const char *why;              /* "phase", "--after", "none" */
   const Phase *phase;           /* the phase, if why is "phase" */
   size_t used;                  /* snapshots used */
   Suspect *list;                /* most growth per hour first */
   size_t n;
   Suspect *spawn;               /* Tokio spawn sites, the same way */
   size_t nspawn;
   size_t lused;                 /* of those used, the ones with a scan */
   Suspect *lroles;              /* definitely lost by role at the scans:
                                    every role in the last scan */
   size_t nlroles;
   Suspect *lrecs;               /* lost records that grow */
   size_t nlrecs;
} Growth;

/* ---- The report: one struct per section, in the report's order ----

   Each holds what the outputs print of its section
   (docs/report-format.md).  present: the section was in the file (a
   report of an older tool may lack it).  A list kept in part says what
   it keeps; its total counts every record the file has. */

enum EndHow { END_EXIT, END_SIGNAL, END_OTHER };

typedef struct {                 /* <crash>, after a fatal signal */
   bool present;                 /* added later: an older report has none */
   uint64_t thread;              /* the dying thread's seq */
   Role role;                    /* its role then */
   bool has_code;                /* a fault the kernel raised: */
   long code;                    /*   si_code */
   char *addr;                   /*   the address; NULL: none */
   char *name;                   /* its name then */
   Stack stack;
} Crash;

typedef struct {                 /* <final-report-lost> */
   bool present;                 /* the run ended, its report was lost:
                                    the file is its last snapshot's */
   enum EndHow how;              /* how it ended, as Run's end_how, */
   long status;                  /*   status, */
   char *signal;                 /*   signal (END_OTHER: how) */
   uint64_t signo;               /*   and signo */
   uint64_t ms;                  /* when */
   char *why;                    /* why its report could not be written */
} LostEnd;

typedef struct {                 /* <run> */
   char *tool_version, *vg_version, *exe, *start_time;
   char **args;
   size_t nargs, capargs;
   uint64_t pid, ppid, duration_ms;
   enum EndHow end_how;
   long status;                  /* END_EXIT */
   char *signal;                 /* END_SIGNAL: its name; END_OTHER: how */
   uint64_t signo;
   Crash crash;
   char **no_symbols;            /* the objects without symbols (the
                                    executable, shared objects with
                                    runtime code), */
   size_t nno_symbols, capno_symbols;   /* as many */
   LostEnd lost;                 /* (with end_how "snapshot") */
} Run;

typedef struct {                 /* <threads> */
   Thread *list;
   size_t n, cap;
} Threads;

typedef struct {                 /* <heap> */
   uint64_t allocs, frees, bytes_allocated, bytes_freed, live_blocks,
            live_bytes, peak_bytes, peak_blocks, peak_ms;
   bool has_peak_time;           /* added to version 1 later */
   uint64_t peak_time;
   char *time_unit;              /* of peak_time */
} Heap;

typedef struct {                 /* <live-at-exit> */
   uint64_t blocks, bytes;
   Site *sites;                  /* the largest ones, at least --top */
   size_t nsites, capsites;
   size_t total;                 /* all <site>s in the file */
   size_t groups;                /* grouped as read: the groups in all */
   bool has_orphan_info;         /* the report marks orphans */
   Orphans *orphans;             /* owner ended, by role */
   size_t norphans, caporphans;
} Live;

typedef struct {                 /* <leaks> */
   bool present;
   char *check;                  /* "full" or "summary" */
   uint64_t bytes[LK_N], blocks[LK_N];
   Sum sum_bytes, sum_blocks;    /* over every <total>, any kind */
   LeakRole *roles;              /* every <by-role> of a known kind */
   size_t nroles, caproles;
   LeakRole *other;              /* the <by-role>s of other kinds */
   size_t nother, capother;
   uint64_t left_bytes, left_blocks;   /* the <left-out>s, summed */
   uint64_t heur_bytes[HEUR_N], heur_blocks[HEUR_N];   /* <via-heuristic> */
   char *heuristics;             /* the heuristics attribute, or NULL
                                    (memcheck's default, all) */
   Held *held;                   /* every <held-by> */
   size_t nheld, capheld;
   Site *recs;                   /* the largest loss records, at least
                                    --leaks-top */
   size_t nrecs, caprecs;
   size_t total;                 /* all <loss-record>s in the file */
   size_t groups;                /* grouped as read: the groups in all */
   uint64_t supp_bytes, supp_blocks, supp_recs;   /* of them, suppressed */
   uint64_t supp_lost;           /* their bytes of the three lost kinds */
} Leaks;

typedef struct {                 /* <cross-frees> */
   bool present;
   XFree *list;                  /* every <free> */
   size_t n, cap;
   uint64_t frees, bytes;
} XFrees;

typedef struct {                 /* <timeline> */
   bool present;
   char *unit;
   Sample *samples;              /* every stride-th sample and the peaks */
   size_t nsamples, capsamples;
   uint64_t seen;                /* samples in the file */
   uint64_t repeats;             /* peaks that repeat the sample before */
   Sample last;                  /* the last sample, if not in samples */
   bool have_last;
   Role *cols;                   /* the roles the samples name */
   size_t ncols, capcols;
} Timeline;

typedef struct {                 /* <alloc-sites> */
   bool present;
   uint64_t count, shown, rest_allocs, rest_bytes, rest_live,
            rest_at_peak;        /* its attributes */
   uint64_t allocs, bytes;       /* over the listed sites */
   ASite *sites;                 /* the largest, at least --alloc-top */
   size_t nsites, capsites;
   size_t total;                 /* all listed sites in the file */
   size_t groups;                /* grouped as read: the groups in all */
} AllocSites;

typedef struct {                 /* <bad-calls> */
   bool present;
   BadCall *list;                /* every <bad-call> */
   size_t n, cap;
   uint64_t total;               /* the sum of their counts */
} BadCalls;

typedef struct {                 /* <roles> */
   bool present;
   RoleSum *list;                /* every <role-summary> */
   size_t n, cap;
} RoleSums;

typedef struct {                 /* <futex-sites> */
   bool present;
   FSite *sites;                 /* the most blocked, at least --futex-top */
   size_t nsites, capsites;
   size_t total;                 /* all futex <site>s in the file */
   size_t active;                /* of them, those with waits or wakes */
   uint64_t waits, blocked_us, wakes;   /* over all futex sites */
} FutexSites;

typedef struct {                 /* <wake-pairs> */
   bool present;
   Wake *list;                   /* the most frequent, at least 10 */
   size_t n, cap;
   size_t total;                 /* all <wake>s in the file */
   uint64_t woken;               /* the sum of their counts */
} WakePairs;

typedef struct {                 /* a stack of the table a kept site uses */
   uint64_t ref;
   size_t start, n;              /* its frames: StackTable.tids[start..+n) */
} Need;

/* Version 2's <stack-table>.  Every frame is kept, once: a frame comes
   before the first stack that uses it, so which are needed is known
   only at the end.  Of the stacks, only those of the sites kept: the
   table is the last element, so they are known by then. */
typedef struct {
   Frame *frames;                /* their strings are in Report.strs */
   size_t nframes, capframes;
   uint32_t *tids;               /* the needed stacks' frames (indices
                                    into frames), one after another */
   size_t ntids, captids;
   Need *need;                   /* sorted by ref */
   size_t nneed;
   uint64_t stacks;              /* the table's stacks */
} StackTable;

typedef struct {
   Run run;
   Threads threads;
   Heap heap;
   Live live;
   Leaks leaks;
   XFrees xfrees;
   Timeline timeline;
   AllocSites alloc;
   BadCalls bad;
   Maps *maps;                   /* <mappings>; NULL if absent */
   RoleSums roles;
   FutexSites futex;
   WakePairs wakes;
   Tasks *tasks;                 /* <tasks>; NULL if absent */
   Cpu *cpu;                     /* <cpu>; NULL if absent */
   Snaps *snaps;                 /* <snapshots>; NULL if absent */
   StackTable table;

   Chunk *strs;                  /* the table's and the sites' strings */
   bool grouped;                 /* live, leaks and alloc sites were
                                    grouped as they were read (the lists
                                    hold only the groups text.c can
                                    show; group_report then does
                                    nothing) */
} Report;

/* growth.c: NULL if the report has no snapshots; free with growth_free. */
Growth *growth_find(const Report *r);
void growth_free(Growth *g);

/* How much of each list to keep while reading: the options. */
typedef struct {
   size_t top, futex_top, leaks_top, alloc_top;
   bool keep_all;                /* --format=json: every wake pair and
                                    timeline sample, and frames' <dir> */
} Limits;

/* check_report_keep's copy of the warnings it printed. */
typedef struct {
   char **msgs;                  /* without the "at_print: FILE: " */
   size_t n, cap;
} Warnings;

extern const char *const lk_attr[LK_N];
extern const char *const lk_text[LK_N];
extern const char *const heur_text[HEUR_N];   /* memcheck's names */

/* util.c: memory, strings, numbers, stacks, freeing and ordering. */
/* The seeded hash of every table (hash_seed set by hash_seed_init,
   once a process; hash_mix is splitmix64's finish: the tables use the
   low bits). */
extern uint64_t hash_seed;
void hash_seed_init(void);
uint64_t hash_bytes(const char *s, size_t n);
static inline uint64_t hash_mix(uint64_t h)
{
   h = (h ^ (h >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
   h = (h ^ (h >> 27)) * UINT64_C(0x94d049bb133111eb);
   return h ^ (h >> 31);
}
void *xrealloc(void *p, size_t n);
/* Keeping the k first of a list (by cmp of two indexes, < 0: a goes
   first) in one pass: h, a max-heap of m <= k indexes, the last kept on
   top.  Offers index i; gives the new m. */
typedef int (*TopCmp)(size_t a, size_t b, void *ctx);
size_t top_offer(size_t *h, size_t m, size_t k, size_t i, TopCmp cmp,
                 void *ctx);
char *xstrdup(const char *s);
void *grow_array(void *arr, size_t *cap, size_t need, size_t elem);
void buf_add(Buf *b, const char *s, size_t n);
void buf_adds(Buf *b, const char *s);
void buf_clear(Buf *b);
void buf_add_clean(Buf *b, const char *s);
char *clean_dup(const char *s);
void buf_add_word(Buf *b, const char *w);
char *file_label(const char *path);
char *arena_dup(Chunk **arena, const char *s, size_t n);
char *clip(const char *s, size_t max);
size_t display_width(const char *s);
const char *num(uint64_t v);
/* "12.3%" of part in whole; "<0.1%" for a little, "-" of nothing. */
const char *share_pct(uint64_t part, uint64_t whole);
const char *ms1(uint64_t us);
const char *plural(uint64_t n, const char *one, const char *many);
uint64_t add_sat(uint64_t a, uint64_t b);
void sum_add(Sum *s, uint64_t x);
bool sum_is(const Sum *s, uint64_t x);
uint64_t sub_sat(uint64_t a, uint64_t b);
/* Inline: the reader asks it of every byte of some attributes. */
static inline bool is_xml_space(char c)
{
   return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}
bool parse_u64(const char *s, uint64_t *out);
bool parse_int(const char *s, long *out);
size_t stack_depth(const Stack *s);
const Frame *stack_frame(const Stack *s, size_t i);
int leak_kind(const char *s);
void site_free(Site *s);
void asite_free(ASite *s);
void badcall_free(BadCall *b);
void sample_free(Sample *s);
void fsite_free(FSite *s);
void report_free(Report *r);
int cmp_order(size_t x, size_t y);
int cmp_site(const void *a, const void *b);
uint64_t lrec_total(const Site *s);
int cmp_lrec(const void *a, const void *b);
int cmp_asite(const void *a, const void *b);
int cmp_role(const Role *x, const Role *y);
bool same_role(const Role *x, const Role *y);
int cmp_fsite(const void *a, const void *b);
int cmp_wake(const void *a, const void *b);
int cmp_rolesum(const void *a, const void *b);
char *role_label(const Role *r, bool with_index);
const char *bytes_str(uint64_t n);
const char *bytes_blocks(uint64_t bytes, uint64_t blocks);
char *fold_name(const char *name);   /* db-writer-3 -> db-writer-* */
void add_fn_name(Buf *b, const char *fn, bool whole);
void print_fn_name(const char *fn, bool whole);
/* A stack line's end: f's function and where it is, "fn (file:line)",
   " (file)" or " (in obj)" after it, and the newline. */
void print_fn_at(const Frame *f, bool whole);

/* read.c: reading and checking a report. */
const char *report_read(const char *path, const Limits *lim, Report *rep);
/* The same, and the lists grouped as group_report(rep, own, frames)
   would, as they are read if it can (then rep->grouped is set, and the
   lists hold only the groups print_text can show with lim's --top,
   --leaks-top and --alloc-top).  Every record is read whatever lim
   says: if it cannot group them as it reads them, it keeps them all,
   for group_report. */
struct OwnRules;
const char *report_read_grouped(const char *path, const Limits *lim,
                                const struct OwnRules *own, size_t frames,
                                Report *rep);
void report_cleanup(void);
size_t check_report(const Report *r, const char *file);
size_t check_report_keep(const Report *r, const char *file, Warnings *w);
void warnings_free(Warnings *w);

/* frames.c: the program's own frames, and where the others are. */
typedef struct OwnRules {
   const char *const *globs;     /* --own=GLOB; none: the default rules */
   size_t nglobs;
} OwnRules;

bool frame_is_own(const Frame *f, const OwnRules *own);
/* The frame's source path: dir/file, or file alone; NULL if none.
   Returns p's text, or a pointer into the frame. */
const char *frame_path(const Frame *f, Buf *p);
size_t first_own(const Stack *s, const OwnRules *own);   /* depth if none */
/* Where every output starts a stack: its first own frame, or where it
   has none, its first frame outside the allocator, libc, the dynamic
   loader and Rust's std, core and alloc (Tokio's Parker::park, not
   syscall; crossbeam's Collector::default, not malloc); in a stack of
   std alone, its first frame of std.  The depth if every frame is the
   allocator's, libc's or ld.so's; *has_own says if it is an own frame. */
size_t first_shown(const Stack *s, const OwnRules *own, bool *has_own);
/* Frames [from, to) of s: "9 frames in alloc, tokio". */
char *fold_label(const Stack *s, size_t from, size_t to);

/* How a stack is printed, by the text summary and --diff alike. */
typedef struct {
   size_t frames;                /* lines at most; 0: every frame, none
                                    folded */
   bool full_names;
   const OwnRules *own;
   size_t group_frames;          /* own frames grouping compares (and a
                                    place names) */
   bool addresses;               /* each frame's address (not --diff's:
                                    two builds differ in them) */
} StackStyle;
/* Prints s from its first shown frame on, the frames above it folded
   into one line, as do runs of frames not the program's below it; g, if
   not NULL, is what grouping merged into the site: its stacks differ
   from frame g->cut on, so the rest is not printed. */
void print_stack_as(const Stack *s, const Grouped *g, const StackStyle *st);
/* The first own frames of s (as many as grouping uses, at least one),
   as "fn (file:line) < fn (file:line)", or NULL. */
char *own_place_as(const Stack *s, const StackStyle *st);

/* names.c: function names as a Rust user knows them.  names_index
   reads the report's names once (names_free forgets them); the rest
   add to b.  Closure-like segments are written {{closure}}, unless
   whole (--full-names). */
void names_index(const Report *r);
void names_free(void);
void add_closure_style(Buf *b, const char *fn);
/* Frame i of s: its name derived from the report where Valgrind gave a
   short one, or "inlined in CALLER" for UnknownInlinedFun. */
void add_frame_name(Buf *b, const Stack *s, size_t i, bool whole);
/* The function that spawned from frame k of s (closures dropped:
   demo::main), or "new in mini::Db::open"; false if none. */
bool add_site_function(Buf *b, const Stack *s, size_t k,
                       const OwnRules *own, bool whole);
/* A task's future type: "task_sites::task_b (async fn)",
   spawn_blocking's closure out of its BlockingTask<...>. */
void add_future_name(Buf *b, const char *future, bool whole);
/* A block_on site's future: the one async type the report names in the
   function at frame k; false if none is known. */
bool add_block_on_future(Buf *b, const Stack *s, size_t k, bool whole);
/* A Rayon site's call and the program's closures given to it ("sum with
   rayon_sites::par_a::{{closure}}"); false if the call is unknown. */
bool add_rayon_call(Buf *b, const SpawnSite *site, bool whole);
/* Where a spawn site is: "fn (file:line)", or with file_first
   "file:line (fn)"; fn the function that spawned, not the short name
   Valgrind gives an inlined frame. */
void add_spawn_place_as(Buf *b, const SpawnSite *s, const OwnRules *own,
                        bool whole, bool file_first);
/* What a site ran: its call (Rayon), its future (block_on, tasks);
   false if unknown. */
bool add_site_work_as(Buf *b, const SpawnSite *s, bool whole);

/* group.c: sites, loss records and allocation sites merged by role (and
   leak kind) and their first own frames, of a report read whole (its
   lists kept whole: report_read_grouped); the lists then hold the
   groups print_text can show with show's limits.  Nothing if the
   report was grouped as it was read. */
void group_report(Report *r, const OwnRules *own, size_t frames,
                  const Limits *show);

/* sitemerge.c: the spawn sites of one kind and future whose spawn frame
   and next own frames (frames of them, --group-frames; 0: none merged)
   are the same function, file and line, as one site with their figures
   summed; the tasks and waits inside async pointing at it.  t shares
   the report's strings and stacks; free with tasks_merged_free. */
typedef struct {
   Tasks t;
   uint64_t *merged;             /* per site of t: the report's merged */
   const Tasks *in;              /* the report's */
   uint64_t *to;                 /* per site of in: its merged site's id */
} MergedTasks;
void tasks_merge(const Tasks *in, const OwnRules *own, size_t frames,
                 MergedTasks *out);
/* How many of the report's sites s, a site of m, merges. */
uint64_t tasks_merged_count(const MergedTasks *m, const SpawnSite *s);
/* The id of the merged site the report's site id went into. */
uint64_t tasks_merged_id(const MergedTasks *m, uint64_t id);
void tasks_merged_free(MergedTasks *m);

/* layers.c: the layer of the program a CPU sample ran in, by its
   innermost frame (std's code inlined into a caller is the caller's). */
enum Layer {
   LAYER_OWN, LAYER_LIBS, LAYER_SCHED, LAYER_DRIVER, LAYER_PARK,
   LAYER_RAYON, LAYER_RAYON_IDLE, LAYER_STD, LAYER_ALLOC, LAYER_LIBC,
   LAYER_LOADER, LAYER_UNKNOWN, LAYER_N
};
extern const char *const layer_names[LAYER_N];   /* for people */
extern const char *const layer_keys[LAYER_N];    /* for JSON, --folded */
int frame_layer(const Frame *f, const OwnRules *own);
int stack_layer(const Stack *s, const OwnRules *own);
/* The frame a sample is judged by: its innermost, past std's code
   inlined into a caller; stack_layer is that frame's layer. */
size_t deciding_frame(const Stack *s, const OwnRules *own);

/* text.c: the text summary, and what it shows. */
#define OVERVIEW_LEAKS 3         /* the largest leaks in the overview */
enum Section {
   SEC_OVERVIEW, SEC_THREADS, SEC_ROLES, SEC_HEAP, SEC_TIMELINE,
   SEC_ALLOC_SITES, SEC_CROSS_FREES, SEC_BAD_CALLS, SEC_LEAKS,
   SEC_LOSS_RECORDS, SEC_ORPHANS, SEC_LIVE_SITES, SEC_FUTEX_SITES,
   SEC_WAKE_PAIRS, SEC_FOOTPRINT, SEC_SNAPSHOTS, SEC_GROWTH, SEC_TASKS,
   SEC_CPU, SEC_N
};
extern const char *const section_names[SEC_N];   /* for --show, --hide */

typedef struct {
   size_t threads, timeline, alloc_top, leaks_top, top, futex_top;
   size_t frames;                /* 0: all, none folded */
   bool full_names;
   const OwnRules *own;
   size_t group_frames;          /* 0: not grouped */
   unsigned sections;            /* 1 << SEC_...: those shown */
   bool brief;                   /* no --show, --hide: the one screen */
} TextOptions;

void print_text(const Report *rep, size_t nwarn, const TextOptions *opt);

/* diff.c: --diff OLD NEW, what changed between two runs. */
typedef struct {
   size_t top;                   /* sites shown per list */
   size_t frames;                /* lines of each site's stack; 0: all */
   bool full_names;
   const OwnRules *own;          /* --own */
   size_t group_frames;          /* --group-frames: own frames matched */
   unsigned fail_on;             /* --fail-on: 1 << FAIL_* */
} DiffOptions;

/* --fail-on=KIND,...: what makes --diff exit with DIFF_REGRESSED when
   NEW has more of it than OLD.  Names in fail_on_names, in this order. */
enum { FAIL_DEFINITE, FAIL_INDIRECT, FAIL_POSSIBLE, FAIL_REACHABLE,
       FAIL_LEAKED, FAIL_LIVE, FAIL_PEAK, FAIL_BAD_CALLS, FAIL_THREADS,
       FAIL_PENDING, FAIL_LOCK, FAIL_CPU, FAIL_N };
extern const char *const fail_on_names[FAIL_N];
#define DIFF_REGRESSED 4

int print_diff(const char *old_path, const char *new_path,
               const DiffOptions *opt);

/* folded.c: folded stacks for flame graphs (--folded=KIND). */
enum { FOLD_LIVE, FOLD_LEAKED, FOLD_ALLOCATED, FOLD_PEAK, FOLD_WAIT_TIME,
       FOLD_WAIT_COUNT, FOLD_INSNS, FOLD_CPU, FOLD_N };
#define FOLD_KINDS "live, leaked, allocated, peak, wait-time, wait-count, " \
                   "instructions or cpu"

int folded_kind(const char *name);      /* FOLD_*, or -1 */
void folded_limits(int kind, Limits *lim);
/* -1 if the report lacks what kind needs (said on stderr), else the
   number of warnings: the lines do not add up to the report's total.
   from_own, if not NULL, ends each stack at its first shown frame
   (first_shown, --folded-from=own); NULL keeps every frame.  own: the
   rules (--own) spawn sites are named by (cpu). */
int print_folded(const Report *rep, int kind, const char *file, bool full_names,
                 const struct OwnRules *from_own, const struct OwnRules *own);

/* json.c: the same as JSON (docs/at_print-json.md), each list cut to
   lim's figures; own says which frames are the program's (--own), and
   spawn sites are merged by source line on group_frames own frames
   (--group-frames) as the summary merges them. */
void print_json(const Report *rep, const char *file, const Limits *lim,
                const Warnings *w, const struct OwnRules *own,
                size_t group_frames);

/* svg.c: the heap over time and the blocked time by role, as a
   self-contained SVG file (--svg).  Returns 0, or an errno value if
   path could not be written. */
int write_svg(const Report *rep, const OwnRules *own, const char *path);

#endif
