/* report.h: the report in memory, as read.c builds it from an
 * asynctrace report (XML, versions 1 and 2) for the outputs to print,
 * and the small helpers they share (util.c).
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
   char *ip, *obj, *fn, *file;   /* cleaned for printing; NULL if absent */
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
            blocked_us, max_us, idle_waits, idle_us, wakes, woke;
} Futex;

/* memcheck's leak kinds, in its order. */
enum { LK_DEF, LK_IND, LK_POS, LK_REACH, LK_N };

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
} ASite;

typedef struct {                 /* a <bad-call> */
   char *kind, *addr;
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
   size_t order;
} Wake;

typedef struct {                 /* a <role-summary> */
   Role role;
   uint64_t threads, peak_alive, alive, churn, insns;
   uint64_t bytes_allocated, live_bytes, live_blocks;
   uint64_t live_at_peak, peak_live;
   bool has_live_at_peak, has_peak_live, has_live_blocks;
   Futex fx;
   size_t order;
} RoleSum;

typedef struct {
   uint64_t seq, creator, start_ms, end_ms, insns;
   bool has_end, alive, forked, has_insns, has_futex;
   Role role;
   char *name;                   /* the last <name>, NULL if none */
   uint64_t allocs, bytes_allocated, live_blocks, live_bytes;
   Futex fx;
} Thread;

enum EndHow { END_EXIT, END_SIGNAL, END_OTHER };

typedef struct {                 /* a stack of the table a kept site uses */
   uint64_t ref;
   size_t start, n;              /* its frames: Report.tids[start..+n) */
} Need;

typedef struct {
   char *tool_version, *vg_version, *exe, *start_time;
   char **args;
   size_t nargs, capargs;
   uint64_t pid, ppid, duration_ms;
   enum EndHow end_how;
   long status;                  /* END_EXIT */
   char *signal;                 /* END_SIGNAL: its name; END_OTHER: how */
   uint64_t signo;

   Thread *threads;
   size_t nthreads, capthreads;

   uint64_t allocs, frees, bytes_allocated, bytes_freed, live_blocks,
            live_bytes, peak_bytes, peak_blocks, peak_ms;

   uint64_t exit_blocks, exit_bytes;   /* from <live-at-exit> */
   Site *sites;                  /* the largest ones, at least --top */
   size_t nsites, capsites;
   size_t sites_total;           /* all <site>s in the file */

   /* Sections added to version 1 later; absent from older reports. */
   bool has_roles, has_fsites, has_wakes;
   RoleSum *roles;               /* all <role-summary>s */
   size_t nroles, caproles;
   FSite *fsites;                /* the most blocked, at least --futex-top */
   size_t nfsites, capfsites;
   size_t fsites_total;          /* all futex <site>s in the file */
   size_t fsites_active;         /* of them, those with waits or wakes */
   uint64_t fx_waits, fx_blocked_us, fx_wakes;   /* over all futex sites */
   Wake *wakes;                  /* the most frequent, at least 10 */
   size_t nwakes, capwakes;
   size_t wakes_total;           /* all <wake>s in the file */
   uint64_t woken_total;         /* the sum of their counts */

   /* Added to version 1 later still: the peak's time, the leak scan,
      frees across roles, the timeline, allocation sites, bad calls. */
   bool has_peak_time;
   uint64_t peak_time;
   char *time_unit;              /* of peak_time */
   bool has_orphan_info;         /* the report marks orphans */
   Orphans *orphans;             /* live at exit, owner ended, by role */
   size_t norphans, caporphans;

   bool has_leaks;
   char *leak_check;             /* "full" or "summary" */
   uint64_t leak_bytes[LK_N], leak_blocks[LK_N];
   Sum lk_bytes, lk_blocks;      /* over every <total>, any kind */
   LeakRole *lroles;             /* every <by-role> of a known kind */
   size_t nlroles, caplroles;
   LeakRole *lk_other;           /* the <by-role>s of other kinds */
   size_t nlk_other, caplk_other;
   Held *held;                   /* every <held-by> */
   size_t nheld, capheld;
   Site *lrecs;                  /* the largest loss records, at least
                                    --leaks-top */
   size_t nlrecs, caplrecs;
   size_t lrecs_total;           /* all <loss-record>s in the file */

   bool has_xfrees;
   XFree *xfrees;                /* every <free> */
   size_t nxfrees, capxfrees;
   uint64_t xfree_frees, xfree_bytes;

   bool has_timeline;
   char *tl_unit;
   Sample *samples;              /* every stride-th sample and the peaks */
   size_t nsamples, capsamples;
   uint64_t tl_seen, tl_stride;
   uint64_t tl_repeats;          /* peaks that repeat the sample before */
   uint64_t tl_prev_time, tl_prev_live;
   Sample tl_last;               /* the last sample, if not in samples */
   bool tl_have_last;
   Role *tl_cols;                /* the roles the samples name */
   size_t ntl_cols, captl_cols;

   bool has_asites;
   uint64_t as_count, as_shown, as_rest_allocs, as_rest_bytes,
            as_rest_live, as_rest_at_peak;
   uint64_t as_allocs, as_bytes; /* over the listed sites */
   ASite *asites;                /* the largest, at least --alloc-top */
   size_t nasites, capasites;
   size_t asites_total;          /* all listed sites in the file */

   bool has_bad;
   BadCall *bad;                 /* every <bad-call> */
   size_t nbad, capbad;
   uint64_t bad_total;           /* the sum of their counts */

   /* Version 2's <stack-table>.  Every frame is kept, once: a frame
      comes before the first stack that uses it, so which are needed is
      known only at the end.  Of the stacks, only those of the sites
      kept above: the table is the last element, so they are known by
      then. */
   Frame *tframes;               /* their strings are in strs */
   size_t ntframes, captframes;
   Chunk *strs;                  /* and the sites' strings */
   uint32_t *tids;               /* the needed stacks' frames (indices
                                    into tframes), one after another */
   size_t ntids, captids;
   Need *need;                   /* sorted by ref */
   size_t nneed;
   uint64_t ntstacks;            /* the table's stacks */
} Report;

/* How much of each list to keep while reading: the options. */
typedef struct {
   size_t top, futex_top, leaks_top, alloc_top;
} Limits;

extern const char *const lk_attr[LK_N];
extern const char *const lk_text[LK_N];

/* util.c: memory, strings, numbers, stacks, freeing and ordering. */
void *xrealloc(void *p, size_t n);
char *xstrdup(const char *s);
void *grow_array(void *arr, size_t *cap, size_t need, size_t elem);
void buf_add(Buf *b, const char *s, size_t n);
void buf_adds(Buf *b, const char *s);
void buf_clear(Buf *b);
void buf_add_clean(Buf *b, const char *s);
char *clean_dup(const char *s);
char *arena_dup(Chunk **arena, const char *s, size_t n);
char *clip(const char *s, size_t max);
size_t display_width(const char *s);
const char *num(uint64_t v);
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

/* read.c: reading and checking a report. */
const char *report_read(const char *path, const Limits *lim, Report *rep);
void report_cleanup(void);
size_t check_report(const Report *r, const char *file);

/* text.c: the text summary, and what it shows. */
typedef struct {
   size_t threads, timeline, alloc_top, leaks_top, top, futex_top;
   size_t frames;                /* 0: all */
   bool full_names;
} TextOptions;

void print_text(Report *rep, size_t nwarn, const TextOptions *opt);

#endif
