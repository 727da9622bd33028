/* text.h: what the files of the text summary share; private to them.
 *
 * The summary is one file per part of the report: text.c prints the
 * run and the overview (the verdict and its last lines) and calls the
 * sections in their order; text_threads.c the threads, the roles and
 * their waits; text_tasks.c Tokio's tasks, block_on futures and Rayon
 * jobs; text_heap.c the heap, allocation sites, frees across roles, bad
 * calls and the memory live at exit; text_snap.c the heap over time,
 * the snapshots and growth suspects; text_foot.c the footprint;
 * text_leaks.c the leak check; text_futex.c the futex sites and wake
 * pairs.  text_common.c holds what several of them use: a list's
 * groups in all, threads named by seq, paragraphs, amounts by role and
 * stacks.  No section reorders the report (print_text takes it const):
 * one that lists a list in its own order does it through a view
 * (view.c), so that what it prints does not depend on which sections
 * ran before it.  Tables are printed by table.c, which diff.c uses
 * too; the verdict's figures come from verdict.c, which JSON uses too.
 *
 * Copyright (C) 2026 the asynctrace authors.
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#ifndef AT_TEXT_H
#define AT_TEXT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "report.h"
#include "table.h"
#include "view.h"

/* ------------------------------------------------------------------ */
/* The options (text.c)                                                */
/* ------------------------------------------------------------------ */

/* The options of the summary being printed, set by print_text: its
   frames (0: all, none folded), full names, own frames and grouping
   are read by every section that prints a stack. */
extern TextOptions text_opt;

/* ------------------------------------------------------------------ */
/* Shared by the sections (text_common.c)                              */
/* ------------------------------------------------------------------ */

/* A grouped list's groups in all, n of them listed: grouped as read,
   the list holds only those that can be shown (report_read_grouped). */
size_t list_groups(size_t n, size_t all);

/* The time unit of the timeline and the peak: the tool's --time-unit. */
const char *time_unit_name(const char *unit);

/* The threads by seq, to name the threads that sites and wakes refer
   to. */
typedef struct {
   const Thread **by_seq;
   size_t n;
} ThreadIndex;

ThreadIndex thread_index(const Report *r);
/* "thread 3 (name)", "thread 3" if it has no name, or "thread 9 (not
   in the thread list)"; without the word "thread" if !word.  Newly
   allocated. */
char *thread_label(const ThreadIndex *ix, uint64_t seq, bool word);
char *thread_ref(const ThreadIndex *ix, uint64_t seq);
/* The site's thread, or how many threads its merged records are of;
   newly allocated. */
char *site_threads(const ThreadIndex *ix, const Site *s);
/* ", 12 records merged" after a grouped site's figures, or "". */
const char *merged_note(const Grouped *g, const char *what);

/* Prints text as a paragraph, its lines at most width columns unless
   a single word is longer. */
void print_wrapped(const char *text, size_t width);
/* The indices of v[0..n) whose value is not 0, the largest first (equal
   ones in index order), into order; returns how many. */
int order_nonzero_desc(const uint64_t *v, int n, int *order);

/* An amount by role: bytes, by leak kind or in v[0]. */
typedef struct {
   const Role *role;
   uint64_t v[LK_N];
} RoleAmt;

/* Sums the rows of a that have the same role; returns how many are
   left, sorted by role. */
size_t merge_amts(RoleAmt *a, size_t n);
/* The most in v[0] first (then v[1], ...), then by role. */
int cmp_amt_desc(const void *a, const void *b);

/* Prints s from its first own frame on, the frames above it folded;
   g, if not NULL, is what grouping merged into the site. */
void print_stack_grouped(const Stack *s, const Grouped *g);
void print_stack(const Stack *s);
/* The first own frames of s (as many as grouping uses, at least one),
   as "fn (file:line) < fn (file:line)", or NULL. */
char *own_place(const Stack *s);

/* ------------------------------------------------------------------ */
/* The sections, by file                                              */
/* ------------------------------------------------------------------ */

/* text_threads.c */
void print_threads(const Report *r, size_t top);
/* Whether every role's counters have the wait classes. */
bool roles_have_classes(const Report *r);
/* The roles' table; with classes, their futex waits by class too. */
void print_roles_brief(const Report *r);
void print_roles(const Report *r, bool classes);
void print_other_names(const Report *r);

/* text_sys.c: the time in other syscalls, by role and class, under the
   futex waits. */
void print_overview_syscalls(const Report *r);
void print_wall_by_role(const Report *r);
void print_wall_by_thread(const Report *r, size_t top);

/* text_tasks.c */
void print_tasks(const Report *r);
/* What a spawn site's work is: Tokio tasks, block_on futures or Rayon
   jobs, counted apart. */
enum { SC_TASK, SC_BLOCK_ON, SC_RAYON, SC_N };
int spawn_site_class(const SpawnSite *s);
/* Where a spawn site is: "fn (file:line)", or with file_first
   "file:line (fn)" (the verdict's). */
void add_spawn_place(Buf *b, const SpawnSite *s, bool file_first);
/* "fn (file:line), kind" of site id of t, or "spawn site N". */
void add_site_label(Buf *b, const Tasks *t, uint64_t id);
/* The verdict's "; 3,003 of the bytes definitely lost were allocated
   in tasks spawned at ...", or nothing. */
void add_lost_in_tasks(Buf *b, const Report *r);

/* text_heap.c */
void print_heap(const Report *r);
void print_asites(const Report *r, size_t top);
void print_xfrees(const Report *r);
/* The bad calls, most calls first, then in file order: a view (r->nbad
   pointers into r->bad, which keeps the file's order); free it. */
const BadCall **bad_by_count(const Report *r);
void print_bad(const Report *r);
void print_sites(const Report *r, size_t top, const ThreadIndex *ix);

/* text_snap.c */
void print_timeline(const Report *r, size_t rows);
void print_snapshots(const Report *r);
void print_growth(const Report *r);

/* text_foot.c */
void print_footprint(const Report *r, const ThreadIndex *ix);

/* text_leaks.c */
void print_leaks(const Report *r, const ThreadIndex *ix);
/* The largest top loss records; lost_only: of the kinds that are lost
   (the default summary's). */
void print_lrecs(const Report *r, size_t top, const ThreadIndex *ix,
                 bool lost_only);
void print_orphans(const Report *r);

/* text_cpu.c: the CPU profile by role, layer, function and spawn site. */
void print_cpu(const Report *r);

/* text_brief.c: the default summary's own parts */
/* t: the report's spawn sites merged by source line, or NULL. */
void print_brief_cpu(const Report *r, const Tasks *t);
void print_brief_tasks(const Tasks *t);
void print_brief_more(const Report *r, const Tasks *t);

/* text_futex.c */
void print_futex_sites(const Report *r, size_t top);
void print_wakes(const Report *r, const ThreadIndex *ix);

#endif
