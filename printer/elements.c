/* elements.c: at_print's reader, its elements: what each element of
 * the format at_print reads becomes in the Report.
 *
 * The elements are the rows of ELEMENTS (read_int.h), each with the
 * functions that read it, defined here: its begin, given the element's
 * attributes once its start tag is read; its end, given its text once
 * it has ended; and its keep, once it is whole (its required children
 * there), which hands what it holds to read.c, and a record on to the
 * read's sink (sink.h).  From the rows, this file makes the tables
 * read.c reads an element with (elem_kinds by kind, places by parent and
 * name), so that an element is added with a row and its functions.
 *
 * Most elements are a record with figures: their attributes are read
 * by one loop (attrs_into) from a table of the element's attributes,
 * each row a name, a type (a number, optional or not; a string; a role;
 * ...) and where in the record it goes.  Each attribute is read in the
 * table's order and the first missing or bad one fails the read, with
 * the element's line (the order is the order in which the format's
 * errors are found, so it is kept).  The others are read by hand with
 * the attr_ functions the loop uses (attrs.c).
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

#include <assert.h>
#include <inttypes.h>
#include <stddef.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "read_int.h"

#define FORMAT_VERSIONS  "1 and 2"

/* A <wake>'s woken waits by class, in wait_class_name's order. */
static const enum Name wake_class_name[WC_N] = {
   N_CLS_LOCK, N_CLS_CONDITION, N_CLS_JOIN, N_CLS_SLEEP, N_CLS_IDLE,
   N_CLS_OTHER,
};

/* The rows of an element's table of attributes (attrs_into): the
   attribute N_n into field f of a T. */
#define U64(n, T, f) { N_##n, A_U64, offsetof(T, f), 0 }
#define U64_OPT(n, T, f, h) { N_##n, A_U64_OPT, offsetof(T, f), offsetof(T, h) }
#define ID(n, T, f) { N_##n, A_ID, offsetof(T, f), 0 }
#define STR(n, T, f) { N_##n, A_STR, offsetof(T, f), 0 }
#define STR_OPT(n, T, f) { N_##n, A_STR_OPT, offsetof(T, f), 0 }
#define ISTR(n, T, f) { N_##n, A_ISTR, offsetof(T, f), 0 }
#define ROLE(T, f) { N_ROLE, A_ROLE, offsetof(T, f), 0 }
#define SITE_ROLE(T, f) { N_ROLE, A_SITE_ROLE, offsetof(T, f), 0 }
#define NATTRS(a) (sizeof (a) / sizeof (a)[0])

static void check_root(Parser *p, const char *name)
{
   if (strcmp(name, "asynctrace") != 0) {
      char *c = clip(name, 40);
      fail(p, "not an asynctrace report (the root element is <%s>, "
           "not <asynctrace>)", c);
      free(c);
      return;
   }
   const char *v = attr_get(p, N_VERSION);
   if (v == NULL) {
      fail(p, "report has no format version (no version attribute on "
           "<asynctrace>)");
      return;
   }
   /* A RELAX NG <value> compares as a token: ignore surrounding space. */
   const char *s = v;
   size_t n = strlen(s);
   while (n > 0 && is_xml_space(s[n - 1]))
      n--;
   while (n > 0 && is_xml_space(*s))
      s++, n--;
   if (n == 1 && (*s == '1' || *s == '2')) {
      p->version = *s - '0';
   } else {
      char *trimmed = xstrdup(n ? s : "\"\"");
      if (n)
         trimmed[n] = '\0';
      char *c = clip(trimmed, 20);
      free(trimmed);
      fail(p, "report format version %s is not supported (this at_print "
           "reads versions " FORMAT_VERSIONS ")", c);
      free(c);
   }
}

/* A loss record's <pointed-from>: kept as written, for printing, with
   its <stack> (the pointing block's, which the verdict names). */
static const Attr pfrom_attrs[] = {
   STR(ROOT, PointedFrom, root), STR_OPT(ADDR, PointedFrom, addr),
   STR_OPT(REGISTER, PointedFrom, reg), STR_OPT(VALUE, PointedFrom, value),
   STR_OPT(BLOCK, PointedFrom, block), STR_OPT(OBJ, PointedFrom, obj),
   STR_OPT(SECTION, PointedFrom, section),
   STR_OPT(OFFSET, PointedFrom, offset),
   STR_OPT(SYMBOL, PointedFrom, symbol),
   STR_OPT(SYMBOL_OFFSET, PointedFrom, symbol_offset),
   STR_OPT(FROM_BLOCK, PointedFrom, from_block),
   STR_OPT(FROM_KIND, PointedFrom, from_kind),
   U64_OPT(THREAD, PointedFrom, thread, has_thread),
};

/* The figures of a footprint row. */
static const Attr fp_attrs[] = {
   U64(HEAP, Fp, heap), U64(STACKS, Fp, stacks), U64(ANON, Fp, anon),
   U64(FILE, Fp, file), U64(TOTAL, Fp, total),
   U64(STACK_MAPS, Fp, stack_maps), U64(ANON_MAPS, Fp, anon_maps),
   U64(FILE_MAPS, Fp, file_maps),
};

/* ------------------------------------------------------------------ */
/* The elements                                                       */
/* ------------------------------------------------------------------ */

/* One function per element and what it does, in the order of
   ELEMENTS; begin_X reads the attributes of <X>, end_X its text,
   keep_X takes it into the report. */

static Thread *cur_thread(Parser *p)
{
   return &p->rep->threads.list[p->rep->threads.n - 1];
}

static Snap *cur_snap(Parser *p)
{
   return &p->rep->snaps->list[p->rep->snaps->n - 1];
}

static bool text_u64(Parser *p, const char *elem, long line, uint64_t *out)
{
   if (parse_u64(p->text.s ? p->text.s : "", out))
      return true;
   char *c = clip(p->text.s ? p->text.s : "", 40);
   fail(p, "line %ld: <%s> is not a number: \"%s\"", line, elem, c);
   free(c);
   return false;
}

/* A new record at the end of list v (n of cap), zeroed. */
#define PUSH(v, cap, n) \
   (GROW(v, cap, (n) + 1), memset(&(v)[n], 0, sizeof *(v)), &(v)[(n)++])

/* ---- <asynctrace> and <run> ---- */

static void begin_root(Parser *p, const char *name, long line)
{
   (void)line;
   check_root(p, name);
   if (p->mode == 2 && p->version != 2)
      fail(p, "not version 2: read again");
}

static void end_root(Parser *p, const char *name, long line,
                     const char *text)
{
   (void)name;
   (void)text;
   check_refs(p, line);
}

static void keep_root(Parser *p)
{
   p->done = true;
}

static void begin_tool(Parser *p, const char *name, long line)
{
   free(p->rep->run.tool_version);
   p->rep->run.tool_version = attr_str(p, name, N_VERSION, true, line);
}

static void begin_valgrind(Parser *p, const char *name, long line)
{
   free(p->rep->run.vg_version);
   p->rep->run.vg_version = attr_str(p, name, N_VERSION, true, line);
}

static void end_pid(Parser *p, const char *name, long line, const char *text)
{
   (void)text;
   text_u64(p, name, line, &p->rep->run.pid);
}

static void end_ppid(Parser *p, const char *name, long line, const char *text)
{
   (void)text;
   text_u64(p, name, line, &p->rep->run.ppid);
}

static void end_start(Parser *p, const char *name, long line,
                      const char *text)
{
   (void)name;
   (void)line;
   free(p->rep->run.start_time);
   p->rep->run.start_time = clean_dup(text);
}

static void end_duration(Parser *p, const char *name, long line,
                         const char *text)
{
   (void)text;
   text_u64(p, name, line, &p->rep->run.duration_ms);
}

/* An end's attributes (<end>'s, <final-report-lost>'s) into *how,
   *status, *signal (freed first) and *signo. */
static void read_end(Parser *p, const char *name, long line,
                     enum EndHow *end_how, long *status, char **signal,
                     uint64_t *signo)
{
   char *how = attr_str(p, name, N_HOW, true, line);
   if (how == NULL)
      return;
   free(*signal);
   *signal = NULL;
   if (strcmp(how, "exit") == 0) {
      *end_how = END_EXIT;
      const char *v = attr_get(p, N_STATUS);
      if (v == NULL) {
         fail(p, "line %ld: <%s how=\"exit\"> has no status attribute",
              line, name);
      } else if (!parse_int(v, status)) {
         char *c = clip(v, 40);
         fail(p, "line %ld: <%s> attribute status is not a number: "
              "\"%s\"", line, name, c);
         free(c);
      }
      free(how);
   } else if (strcmp(how, "signal") == 0) {
      *end_how = END_SIGNAL;
      *signal = attr_str(p, name, N_SIGNAL, true, line);
      if (*signal)
         attr_u64(p, name, N_SIGNO, line, signo);
      free(how);
   } else {
      /* Not in version 1; show it rather than refuse the report. */
      *end_how = END_OTHER;
      *signal = how;
   }
}

static void begin_end(Parser *p, const char *name, long line)
{
   Run *run = &p->rep->run;
   read_end(p, name, line, &run->end_how, &run->status, &run->signal,
            &run->signo);
}

/* The end of a run whose report was lost; the file is its last
   snapshot's. */
static void begin_flost(Parser *p, const char *name, long line)
{
   LostEnd *l = &p->rep->run.lost;
   read_end(p, name, line, &l->how, &l->status, &l->signal, &l->signo);
   attr_u64(p, name, N_MS, line, &l->ms);
   free(l->why);
   l->why = attr_str(p, name, N_WHY, true, line);
   l->present = true;
}

static const Attr crash_attrs[] = {
   U64(THREAD, Crash, thread),
   ROLE(Crash, role),
   STR_OPT(ADDR, Crash, addr),
   STR(ANAME, Crash, name),
};

static void begin_crash(Parser *p, const char *name, long line)
{
   Run *run = &p->rep->run;
   attrs_into(p, name, line, &run->crash, crash_attrs, NATTRS(crash_attrs));
   run->crash.present = true;
   const char *v = attr_get(p, N_CODE);
   if (v != NULL) {
      if (parse_int(v, &run->crash.code)) {
         run->crash.has_code = true;
      } else {
         char *c = clip(v, 40);
         fail(p, "line %ld: <crash> attribute code is not a number: \"%s\"",
              line, c);
         free(c);
      }
   }
}

static void begin_nosyms(Parser *p, const char *name, long line)
{
   Run *run = &p->rep->run;
   char *obj = attr_str(p, name, N_OBJECT, true, line);
   if (obj == NULL)
      return;
   GROW(run->no_symbols, run->capno_symbols, run->nno_symbols + 1);
   run->no_symbols[run->nno_symbols++] = obj;
}

static void end_exe(Parser *p, const char *name, long line, const char *text)
{
   (void)name;
   (void)line;
   free(p->rep->run.exe);
   p->rep->run.exe = clean_dup(text);
}

static void end_arg(Parser *p, const char *name, long line, const char *text)
{
   Report *r = p->rep;
   (void)name;
   (void)line;
   GROW(r->run.args, r->run.capargs, r->run.nargs + 1);
   r->run.args[r->run.nargs++] = clean_dup(text);
}

/* ---- <threads> ---- */

static void end_threads(Parser *p, const char *name, long line,
                        const char *text)
{
   (void)name;
   (void)line;
   (void)text;
   if (p->sink.threads_read != NULL)
      p->sink.threads_read(p->sink.ctx);
}

static const Attr thread_attrs[] = {
   U64(SEQ, Thread, seq), U64(CREATOR, Thread, creator),
   U64(START_MS, Thread, start_ms), U64_OPT(END_MS, Thread, end_ms, has_end),
};

static void begin_thread(Parser *p, const char *name, long line)
{
   Report *r = p->rep;
   Thread *t = PUSH(r->threads.list, r->threads.cap, r->threads.n);
   if (!attrs_into(p, name, line, t, thread_attrs, NATTRS(thread_attrs)))
      return;
   if (t->seq == 0) {
      fail(p, "line %ld: <thread> attribute seq is 0 (seq starts at 1)",
           line);
      return;
   }
   if (!attr_role(p, name, line, &t->role, true) ||
       !attr_u64_opt(p, name, N_INSNS, line, &t->insns, &t->has_insns) ||
       !attr_u64_opt(p, name, N_RUNNING_US, line, &t->running_us,
                     &t->has_running))
      return;
   const char *by = attr_get(p, N_ROLE_BY);
   t->role_by_name = by != NULL && strcmp(by, "name") == 0;
   char *ended = attr_str(p, name, N_ENDED, false, line);
   t->forked = ended != NULL && strcmp(ended, "fork") == 0;
   free(ended);
   char *alive = attr_str(p, name, N_ALIVE_AT_EXIT, true, line);
   if (alive == NULL)
      return;
   if (strcmp(alive, "yes") == 0) {
      t->alive = true;
   } else if (strcmp(alive, "no") != 0) {
      char *c = clip(alive, 20);
      fail(p, "line %ld: <thread> attribute alive-at-exit is \"%s\", "
           "not yes or no", line, c);
      free(c);
   }
   free(alive);
}

static void end_name(Parser *p, const char *name, long line, const char *text)
{
   (void)name;
   (void)line;
   free(cur_thread(p)->name);
   cur_thread(p)->name = clean_dup(text);
}

static const Attr theap_attrs[] = {
   U64(ALLOCS, Thread, allocs), U64(BYTES_ALLOCATED, Thread, bytes_allocated),
   U64(LIVE_BLOCKS, Thread, live_blocks), U64(LIVE_BYTES, Thread, live_bytes),
};

static void begin_theap(Parser *p, const char *name, long line)
{
   attrs_into(p, name, line, cur_thread(p), theap_attrs, NATTRS(theap_attrs));
}

static void begin_tfutex(Parser *p, const char *name, long line)
{
   Thread *t = cur_thread(p);
   t->has_futex = attr_futex(p, name, line, &t->fx, FX_WAITS | FX_BLOCKED);
}

static const Attr tsys_attrs[] = {
   U64(IO_CALLS, Thread, sys_calls[SYS_IO]), U64(IO_US, Thread, sys_us[SYS_IO]),
   U64(POLL_CALLS, Thread, sys_calls[SYS_POLL]),
   U64(POLL_US, Thread, sys_us[SYS_POLL]),
   U64(SLEEP_CALLS, Thread, sys_calls[SYS_SLEEP]),
   U64(SLEEP_US, Thread, sys_us[SYS_SLEEP]),
   U64(OTHER_CALLS, Thread, sys_calls[SYS_OTHER]),
   U64(OTHER_US, Thread, sys_us[SYS_OTHER]),
};

const char *const sys_names[SYS_N] = { "io", "poll", "sleep", "other" };

static void begin_tsys(Parser *p, const char *name, long line)
{
   Thread *t = cur_thread(p);
   t->has_sys = attrs_into(p, name, line, t, tsys_attrs, NATTRS(tsys_attrs));
}

/* ---- <heap> and <live-at-exit> ---- */

static const Attr heap_attrs[] = {
   U64(ALLOCS, Heap, allocs), U64(FREES, Heap, frees),
   U64(BYTES_ALLOCATED, Heap, bytes_allocated),
   U64(BYTES_FREED, Heap, bytes_freed),
   U64(LIVE_BLOCKS, Heap, live_blocks), U64(LIVE_BYTES, Heap, live_bytes),
   U64(PEAK_BYTES, Heap, peak_bytes), U64(PEAK_BLOCKS, Heap, peak_blocks),
   U64(PEAK_MS, Heap, peak_ms),
   /* Later: when the peak was, in the run's --time-unit. */
   U64_OPT(PEAK_TIME, Heap, peak_time, has_peak_time),
};

static void begin_heap(Parser *p, const char *name, long line)
{
   Report *r = p->rep;
   if (attrs_into(p, name, line, &r->heap, heap_attrs, NATTRS(heap_attrs)) &&
       r->heap.has_peak_time) {
      free(r->heap.time_unit);
      r->heap.time_unit = attr_str(p, name, N_TIME_UNIT, true, line);
      r->live.has_orphan_info = true;
   }
}

static const Attr live_attrs[] = {
   U64(BLOCKS, Live, blocks), U64(BYTES, Live, bytes),
};

static void begin_live(Parser *p, const char *name, long line)
{
   attrs_into(p, name, line, &p->rep->live, live_attrs, NATTRS(live_attrs));
}

/* A <live-at-exit> <site> or a <loss-record>. */
static const Attr site_attrs[] = {
   U64(THREAD, Site, thread), U64(BLOCKS, Site, blocks),
   U64(BYTES, Site, bytes), SITE_ROLE(Site, role),
   STR_OPT(SUPPRESSED_BY, Site, suppressed_by),
};

static void site_begin(Parser *p, const char *name, long line, Site *st,
                       uint64_t order, bool lrec)
{
   site_free(st);
   st->order = order;
   if (attrs_into(p, name, line, st, site_attrs, NATTRS(site_attrs)))
      attr_leak(p, name, line, st, lrec);
}

static void begin_site(Parser *p, const char *name, long line)
{
   site_begin(p, name, line, &p->site, p->rep->live.total, false);
}

/* A <stack> where a section names one: the stack of the record being
   read, found by its parent's kind in stack_of (a kind not there: a
   <live-at-exit> <site>'s). */
typedef Stack *StackOf(Parser *p);

static Stack *fsite_stack(Parser *p) { return &p->fsite.stack; }
static Stack *lrec_stack(Parser *p) { return &p->lrec.stack; }
static Stack *asite_stack(Parser *p) { return &p->asite.stack; }
static Stack *bad_stack(Parser *p) { return &p->bad.stack; }
static Stack *crash_stack(Parser *p) { return &p->rep->run.crash.stack; }
static Stack *map_stack(Parser *p) { return &p->map.stack; }
static Stack *pfrom_stack(Parser *p) { return &p->lrec.from->stack; }

static Stack *spawn_stack(Parser *p)
{
   Tasks *t = p->rep->tasks;
   return &t->sites[t->nsites - 1].stack;
}

static Stack *task_stack(Parser *p)
{
   Tasks *t = p->rep->tasks;
   return &t->tasks[t->ntasks - 1].stack;
}

static Stack *blockin_stack(Parser *p)
{
   Tasks *t = p->rep->tasks;
   return &t->blocks[t->nblocks - 1].stack;
}

/* A <cpu-stack>'s: its one <stack> marks it as sampled. */
static Stack *cpustack_stack(Parser *p)
{
   Cpu *c = p->rep->cpu;
   c->rows[c->nrows - 1].has_stack = true;
   return &c->rows[c->nrows - 1].stack;
}

static Stack *snsite_stack(Parser *p)
{
   Snap *sn = cur_snap(p);
   return &sn->sites[sn->nsites - 1].stack;
}

static Stack *snlrec_stack(Parser *p)
{
   Snap *sn = cur_snap(p);
   return &sn->lrecs[sn->nlrecs - 1].stack;
}

static StackOf *const stack_of[K_COUNT] = {
   [K_FSITE] = fsite_stack, [K_LREC] = lrec_stack,
   [K_ASITE] = asite_stack, [K_BADCALL] = bad_stack,
   [K_MAP] = map_stack, [K_SPAWN] = spawn_stack, [K_TASK] = task_stack,
   [K_BLOCKIN] = blockin_stack, [K_SNSITE] = snsite_stack,
   [K_SNLREC] = snlrec_stack, [K_CRASH] = crash_stack,
   [K_PFROM] = pfrom_stack, [K_CPUSTACK] = cpustack_stack,
};

static void begin_stack(Parser *p, const char *name, long line)
{
   (void)name;
   StackOf *of = stack_of[p->lv[p->nlv - 2].kind];
   p->stack = of != NULL ? of(p) : &p->site.stack;
   stack_ref(p, line);
}

static void end_stack(Parser *p, const char *name, long line,
                      const char *text)
{
   (void)name;
   (void)text;
   if (p->version == 2 && p->stack->ref == 0)
      fail(p, "line %ld: <stack> has no ref attribute", line);
}

/* ---- <roles> ---- */

static void begin_roles(Parser *p, const char *name, long line)
{
   (void)name;
   (void)line;
   p->rep->roles.present = true;
}

static const Attr rsum_attrs[] = {
   ROLE(RoleSum, role), U64(THREADS, RoleSum, threads),
   U64(PEAK_ALIVE, RoleSum, peak_alive), U64(ALIVE_AT_EXIT, RoleSum, alive),
   U64(CHURN, RoleSum, churn), U64(INSNS, RoleSum, insns),
   U64_OPT(LIVE_AT_PEAK, RoleSum, live_at_peak, has_live_at_peak),
};

static void begin_rsum(Parser *p, const char *name, long line)
{
   Report *r = p->rep;
   RoleSum *s = PUSH(r->roles.list, r->roles.cap, r->roles.n);
   s->order = r->roles.n;
   attrs_into(p, name, line, s, rsum_attrs, NATTRS(rsum_attrs));
}

static const Attr rheap_attrs[] = {
   U64(BYTES_ALLOCATED, RoleSum, bytes_allocated),
   U64(LIVE_BYTES, RoleSum, live_bytes),
   U64_OPT(LIVE_BLOCKS, RoleSum, live_blocks, has_live_blocks),
   U64_OPT(PEAK_LIVE, RoleSum, peak_live, has_peak_live),
   U64_OPT(ALLOCS, RoleSum, allocs, has_allocs),
};

static void begin_rheap(Parser *p, const char *name, long line)
{
   attrs_into(p, name, line, &p->rep->roles.list[p->rep->roles.n - 1],
              rheap_attrs,
              NATTRS(rheap_attrs));
}

static void begin_rfutex(Parser *p, const char *name, long line)
{
   attr_futex(p, name, line, &p->rep->roles.list[p->rep->roles.n - 1].fx,
              FX_WAITS | FX_BLOCKED | FX_IDLE_WAITS | FX_IDLE_US);
}

/* ---- <futex-sites> and <wake-pairs> ---- */

static void begin_fsites(Parser *p, const char *name, long line)
{
   (void)name;
   (void)line;
   p->rep->futex.present = true;
}

static const Attr fsite_attrs[] = {
   SITE_ROLE(FSite, role), ISTR(CLASS, FSite, class), ISTR(OPS, FSite, ops),
};

static void begin_fsite(Parser *p, const char *name, long line)
{
   FSite *s = &p->fsite;
   fsite_free(s);
   s->order = p->rep->futex.total;
   if (attrs_into(p, name, line, s, fsite_attrs, NATTRS(fsite_attrs)))
      attr_futex(p, name, line, &s->fx,
                 FX_WAITS | FX_WOKEN | FX_EAGAIN | FX_TIMEOUTS |
                 FX_PENDING | FX_BLOCKED | FX_MAX | FX_WAKES | FX_WOKE);
}

static void begin_wakes(Parser *p, const char *name, long line)
{
   (void)name;
   (void)line;
   p->rep->wakes.present = true;
}

static const Attr wake_attrs[] = {
   U64(WAKER, Wake, waker), U64(WAITER, Wake, waiter), U64(COUNT, Wake, count),
};

static void begin_wake(Parser *p, const char *name, long line)
{
   Report *r = p->rep;
   Wake *w = PUSH(r->wakes.list, r->wakes.cap, r->wakes.n);
   w->order = r->wakes.total++;
   if (attrs_into(p, name, line, w, wake_attrs, NATTRS(wake_attrs)))
      r->wakes.woken = add_sat(r->wakes.woken, w->count);
   /* The woken waits by class (newer reports): they sum to count. */
   for (int c = 0; c < WC_N; c++) {
      bool has = false;
      attr_u64_opt(p, name, wake_class_name[c], line, &w->by_class[c], &has);
      w->has_class |= has;
   }
   if (w->has_class) {
      Sum cs = { 0 };
      for (int c = 0; c < WC_N; c++)
         sum_add(&cs, w->by_class[c]);
      if (!sum_is(&cs, w->count))
         fail(p, "line %ld: <wake> count=\"%" PRIu64 "\" but its classes "
              "sum to %s", line, w->count,
              cs.over ? "more than 2^64" : num(cs.v));
   }
   /* Keep the most frequent; cut back as keep_site does. */
   if (!p->keep_all && r->wakes.n >= 2 * WAKE_PAIRS_SHOWN + 256) {
      qsort(r->wakes.list, r->wakes.n, sizeof *r->wakes.list, cmp_wake);
      r->wakes.n = WAKE_PAIRS_SHOWN;
   }
}

/* ---- <leaks> ---- */

static void begin_leaks(Parser *p, const char *name, long line)
{
   Report *r = p->rep;
   r->leaks.present = true;
   free(r->leaks.check);
   r->leaks.check = attr_str(p, name, N_CHECK, false, line);
   free(r->leaks.heuristics);
   r->leaks.heuristics = attr_str(p, name, N_HEURISTICS, false, line);
}

/* A <via-heuristic>: its heuristic's index (-1: one this at_print does
   not know, left out), bytes and blocks. */
static int via_heuristic(Parser *p, const char *name, long line,
                         uint64_t *bytes, uint64_t *blocks)
{
   static const char *const names[HEUR_N] = {
      "stdstring", "length64", "newarray", "multipleinheritance"
   };
   char *h = attr_str(p, name, N_HEURISTIC, true, line);
   int hx = -1;
   for (int i = 0; h && i < HEUR_N; i++)
      if (strcmp(h, names[i]) == 0)
         hx = i;
   free(h);
   if (p->failed || !attr_u64(p, name, N_BYTES, line, bytes) ||
       !attr_u64(p, name, N_BLOCKS, line, blocks))
      return -1;
   return hx;
}

static void begin_lvia(Parser *p, const char *name, long line)
{
   Report *r = p->rep;
   uint64_t bytes, blocks;
   int hx = via_heuristic(p, name, line, &bytes, &blocks);
   if (hx >= 0) {
      r->leaks.heur_bytes[hx] = add_sat(r->leaks.heur_bytes[hx], bytes);
      r->leaks.heur_blocks[hx] = add_sat(r->leaks.heur_blocks[hx], blocks);
   }
}

static void begin_rvia(Parser *p, const char *name, long line)
{
   uint64_t bytes, blocks;
   int hx = via_heuristic(p, name, line, &bytes, &blocks);
   if (hx >= 0) {
      p->lrec.heur_bytes = add_sat(p->lrec.heur_bytes, bytes);
      p->lrec.heur_blocks = add_sat(p->lrec.heur_blocks, blocks);
      p->lrec.heur_mask |= (uint8_t)(1u << hx);
   }
}

static void begin_ltotal(Parser *p, const char *name, long line)
{
   Report *r = p->rep;
   char *kind = attr_str(p, name, N_KIND, true, line);
   int kx = leak_kind(kind);
   uint64_t bytes, blocks;
   free(kind);
   if (p->failed)
      return;
   if (kx < 0) {
      /* A kind added later: not printed, but it is part of what is
         live at exit, so the checks count it (if it has figures). */
      bool hb, hk;
      if (attr_u64_opt(p, name, N_BYTES, line, &bytes, &hb) &&
          attr_u64_opt(p, name, N_BLOCKS, line, &blocks, &hk) &&
          hb && hk) {
         sum_add(&r->leaks.sum_bytes, bytes);
         sum_add(&r->leaks.sum_blocks, blocks);
      }
      return;
   }
   if (attr_u64(p, name, N_BYTES, line, &bytes) &&
       attr_u64(p, name, N_BLOCKS, line, &blocks)) {
      r->leaks.bytes[kx] = add_sat(r->leaks.bytes[kx], bytes);
      r->leaks.blocks[kx] = add_sat(r->leaks.blocks[kx], blocks);
      sum_add(&r->leaks.sum_bytes, bytes);
      sum_add(&r->leaks.sum_blocks, blocks);
   }
}

static void begin_lbyrole(Parser *p, const char *name, long line)
{
   Report *r = p->rep;
   char *kind = attr_str(p, name, N_KIND, true, line);
   int kx = leak_kind(kind);
   free(kind);
   if (p->failed)
      return;
   if (kx < 0) {
      /* As for <total>: kept for the checks, if it is complete. */
      LeakRole o = { .kind = -1 };
      bool hb, hk;
      bool has_role = attr_get(p, N_ROLE) != NULL;
      if (has_role && attr_role(p, name, line, &o.role, false) &&
          attr_u64_opt(p, name, N_BYTES, line, &o.bytes, &hb) &&
          attr_u64_opt(p, name, N_BLOCKS, line, &o.blocks, &hk) &&
          hb && hk) {
         GROW(r->leaks.other, r->leaks.capother, r->leaks.nother + 1);
         r->leaks.other[r->leaks.nother++] = o;
      } else {
         free(o.role.role);
      }
      return;
   }
   LeakRole *lr = PUSH(r->leaks.roles, r->leaks.caproles, r->leaks.nroles);
   lr->kind = kx;
   if (attr_role(p, name, line, &lr->role, false) &&
       attr_u64(p, name, N_BYTES, line, &lr->bytes))
      attr_u64(p, name, N_BLOCKS, line, &lr->blocks);
}

/* Blocks the scan left out (a memory pool's): part of what is live, so
   kept with the by-role rows of other kinds for the checks. */
static void begin_leftout(Parser *p, const char *name, long line)
{
   Report *r = p->rep;
   LeakRole o = { .kind = -1 };
   if (attr_role(p, name, line, &o.role, false) &&
       attr_u64(p, name, N_BYTES, line, &o.bytes) &&
       attr_u64(p, name, N_BLOCKS, line, &o.blocks)) {
      r->leaks.left_bytes = add_sat(r->leaks.left_bytes, o.bytes);
      r->leaks.left_blocks = add_sat(r->leaks.left_blocks, o.blocks);
      sum_add(&r->leaks.sum_bytes, o.bytes);
      sum_add(&r->leaks.sum_blocks, o.blocks);
      GROW(r->leaks.other, r->leaks.capother, r->leaks.nother + 1);
      r->leaks.other[r->leaks.nother++] = o;
   } else {
      free(o.role.role);
   }
}

static void begin_held(Parser *p, const char *name, long line)
{
   Report *r = p->rep;
   Held *h = PUSH(r->leaks.held, r->leaks.capheld, r->leaks.nheld);
   h->order = r->leaks.nheld;
   h->holder = attr_str(p, name, N_HOLDER, true, line);
   if (h->holder == NULL ||
       !attr_u64_opt(p, name, N_THREAD, line, &h->thread, &h->has_thread))
      return;
   if (h->has_thread &&
       (!attr_role(p, name, line, &h->role, false) ||
        !attr_yes_no(p, name, N_THREAD_ALIVE_AT_EXIT, line, &h->alive,
                     &h->alive_known)))
      return;
   if (attr_u64(p, name, N_BYTES, line, &h->bytes))
      attr_u64(p, name, N_BLOCKS, line, &h->blocks);
}

static void begin_lrec(Parser *p, const char *name, long line)
{
   site_begin(p, name, line, &p->lrec, p->rep->leaks.total, true);
}

static void begin_pfrom(Parser *p, const char *name, long line)
{
   PointedFrom *f = xrealloc(NULL, sizeof *f);
   memset(f, 0, sizeof *f);
   p->lrec.from = f;
   attrs_into(p, name, line, f, pfrom_attrs, NATTRS(pfrom_attrs));
}

/* ---- <cross-frees> ---- */

static void begin_xfrees(Parser *p, const char *name, long line)
{
   (void)name;
   (void)line;
   p->rep->xfrees.present = true;
}

static void begin_xfree(Parser *p, const char *name, long line)
{
   Report *r = p->rep;
   XFree *x = PUSH(r->xfrees.list, r->xfrees.cap, r->xfrees.n);
   x->order = r->xfrees.n;
   if (attr_role_named(p, name, line, &x->alloc, N_ALLOC_ROLE, N_ALLOC_POOL,
                       false) &&
       attr_role_named(p, name, line, &x->freed, N_FREE_ROLE, N_FREE_POOL,
                       false) &&
       attr_u64(p, name, N_FREES, line, &x->frees) &&
       attr_u64(p, name, N_BYTES, line, &x->bytes)) {
      r->xfrees.frees = add_sat(r->xfrees.frees, x->frees);
      r->xfrees.bytes = add_sat(r->xfrees.bytes, x->bytes);
   }
}

/* ---- <timeline> ---- */

static void begin_timeline(Parser *p, const char *name, long line)
{
   Report *r = p->rep;
   r->timeline.present = true;
   free(r->timeline.unit);
   r->timeline.unit = attr_str(p, name, N_UNIT, true, line);
}

static void begin_sample(Parser *p, const char *name, long line)
{
   Sample *sm = &p->sample;
   bool present;
   sample_free(sm);
   if (attr_u64(p, name, N_TIME, line, &sm->time) &&
       attr_u64(p, name, N_LIVE_BYTES, line, &sm->live))
      attr_yes_no(p, name, N_PEAK, line, &sm->peak, &present);
}

static void begin_srole(Parser *p, const char *name, long line)
{
   Report *r = p->rep;
   Role role = { 0 };
   uint64_t bytes;
   if (attr_role(p, name, line, &role, false) &&
       attr_u64(p, name, N_LIVE_BYTES, line, &bytes)) {
      size_t c = role_find(&p->tl_ix, r->timeline.cols, &role);
      if (c == r->timeline.ncols) {
         GROW(r->timeline.cols, r->timeline.capcols, r->timeline.ncols + 1);
         r->timeline.cols[r->timeline.ncols++] = role;
         role_add(&p->tl_ix, r->timeline.cols);
         role.role = NULL;
      }
      Sample *sm = &p->sample;
      GROW(sm->roles, sm->caproles, sm->nroles + 1);
      sm->roles[sm->nroles++] = (SRole){ .col = c, .bytes = bytes };
   }
   free(role.role);
}

/* ---- <alloc-sites> and <bad-calls> ---- */

static const Attr asites_attrs[] = {
   U64(COUNT, AllocSites, count), U64(SHOWN, AllocSites, shown),
   U64(REST_ALLOCS, AllocSites, rest_allocs),
   U64(REST_BYTES, AllocSites, rest_bytes),
   U64(REST_LIVE_BYTES, AllocSites, rest_live),
   U64(REST_AT_PEAK, AllocSites, rest_at_peak),
};

static void begin_asites(Parser *p, const char *name, long line)
{
   p->rep->alloc.present = true;
   attrs_into(p, name, line, &p->rep->alloc, asites_attrs,
              NATTRS(asites_attrs));
}

static const Attr asite_attrs[] = {
   SITE_ROLE(ASite, role), U64(ALLOCS, ASite, allocs),
   U64(BYTES, ASite, bytes), U64(LIVE_BLOCKS, ASite, live_blocks),
   U64(LIVE_BYTES, ASite, live_bytes), U64(AT_PEAK, ASite, at_peak),
};

static void begin_asite(Parser *p, const char *name, long line)
{
   ASite *a = &p->asite;
   asite_free(a);
   a->order = p->rep->alloc.total;
   attrs_into(p, name, line, a, asite_attrs, NATTRS(asite_attrs));
}

static void begin_badcalls(Parser *p, const char *name, long line)
{
   (void)name;
   (void)line;
   p->rep->bad.present = true;
}

static const Attr badcall_attrs[] = {
   STR(KIND, BadCall, kind), U64(COUNT, BadCall, count),
   STR(ADDR, BadCall, addr), U64(SIZE, BadCall, size),
   U64(GIVEN, BadCall, given), STR_OPT(SUPPRESSED_BY, BadCall, suppressed_by),
};

static void begin_badcall(Parser *p, const char *name, long line)
{
   BadCall *b = &p->bad;
   badcall_free(b);
   b->order = p->rep->bad.n;
   attrs_into(p, name, line, b, badcall_attrs, NATTRS(badcall_attrs));
}

/* ---- <mappings> ---- */

static const Attr maps_attrs[] = {
   U64(MAPS, Maps, maps), U64(SHOWN, Maps, shown),
   U64(REST_BYTES, Maps, rest_bytes),
};

static void begin_maps(Parser *p, const char *name, long line)
{
   Report *r = p->rep;
   maps_free(r->maps);
   r->maps = xrealloc(NULL, sizeof *r->maps);
   memset(r->maps, 0, sizeof *r->maps);
   attrs_into(p, name, line, r->maps, maps_attrs, NATTRS(maps_attrs));
}

static void begin_fprint(Parser *p, const char *name, long line)
{
   Maps *m = p->rep->maps;
   char *at = attr_str(p, name, N_AT, true, line);
   p->fp_at = at == NULL ? -1 : strcmp(at, "peak") == 0 ? FP_PEAK
            : strcmp(at, "exit") == 0 ? FP_EXIT : -1;
   free(at);
   if (p->fp_at >= 0) {
      m->has_at[p->fp_at] = true;
      attrs_into(p, name, line, &m->at[p->fp_at], fp_attrs, NATTRS(fp_attrs));
   }
}

/* A <role-footprint> (role) or <thread-footprint> of the <footprint>
   being read. */
static void fp_row(Parser *p, const char *name, long line, bool role)
{
   Maps *m = p->rep->maps;
   FpRow row;
   memset(&row, 0, sizeof row);
   if (p->fp_at < 0)
      return;
   if (role ? attr_role(p, name, line, &row.role, false)
            : attr_u64(p, name, N_THREAD, line, &row.thread))
      attrs_into(p, name, line, &row.fp, fp_attrs, NATTRS(fp_attrs));
   if (role) {
      GROW(m->roles[p->fp_at], m->caproles[p->fp_at],
           m->nroles[p->fp_at] + 1);
      m->roles[p->fp_at][m->nroles[p->fp_at]++] = row;
   } else {
      GROW(m->threads, m->capthreads, m->nthreads + 1);
      m->threads[m->nthreads++] = row;
   }
}

static void begin_rfp(Parser *p, const char *name, long line)
{
   fp_row(p, name, line, true);
}

static void begin_tfp(Parser *p, const char *name, long line)
{
   fp_row(p, name, line, false);
}

static const Attr map_attrs[] = {
   STR(START, MapRec, start), U64(BYTES, MapRec, bytes),
   STR(KIND, MapRec, kind), STR(HOW, MapRec, how),
   U64(THREAD, MapRec, thread), ROLE(MapRec, role), STR_OPT(FILE, MapRec, file),
};

static void begin_map(Parser *p, const char *name, long line)
{
   memset(&p->map, 0, sizeof p->map);
   attrs_into(p, name, line, &p->map, map_attrs, NATTRS(map_attrs));
}

static void keep_map(Parser *p)
{
   Maps *m = p->rep->maps;
   GROW(m->list, m->caplist, m->nlist + 1);
   m->list[m->nlist++] = p->map;
   memset(&p->map, 0, sizeof p->map);
}

/* ---- <tasks> ----

   Every entry is kept (the tool lists a bounded number of tasks, and
   spawn sites are places in the code). */

static const Attr tasks_attrs[] = {
   STR(ATTRIBUTION, Tasks, attribution), STR(RECOGNISED, Tasks, recognised),
   U64(SPAWNED, Tasks, spawned), U64(POLL_ENTRIES, Tasks, poll_entries),
   U64(UNKNOWN_POLLS, Tasks, unknown_polls), U64(SHOWN, Tasks, shown),
};

static void begin_tasks(Parser *p, const char *name, long line)
{
   Tasks *t = p->rep->tasks = xrealloc(NULL, sizeof *t);
   memset(t, 0, sizeof *t);
   if (attrs_into(p, name, line, t, tasks_attrs, NATTRS(tasks_attrs))) {
      /* Rayon's jobs: both attributes or neither. */
      bool unknown = false;
      if (attr_u64_opt(p, name, N_RAYON_JOBS, line, &t->rayon_jobs,
                       &t->has_rayon) &&
          attr_u64_opt(p, name, N_RAYON_UNKNOWN, line, &t->rayon_unknown,
                       &unknown) && t->has_rayon != unknown)
         fail(p, "line %ld: <%s> has %s but not %s", line, name,
              unknown ? "rayon-unknown" : "rayon-jobs",
              unknown ? "rayon-jobs" : "rayon-unknown");
   }
}

static const Attr spawn_attrs[] = {
   ID(ID, SpawnSite, id), STR(KIND, SpawnSite, kind),
   STR(FUTURE, SpawnSite, future),
   U64_OPT(FRAME, SpawnSite, frame, has_frame),
   /* Its figures. */
   U64(SPAWNED, SpawnSite, spawned), U64(ENDED, SpawnSite, ended),
   U64(ALIVE_AT_EXIT, SpawnSite, alive),
   U64(PENDING_AT_EXIT, SpawnSite, pending), U64(POLLS, SpawnSite, polls),
   U64(INSNS, SpawnSite, insns), U64(MAX_POLL_INSNS, SpawnSite, max_poll),
   U64(ALLOCS, SpawnSite, allocs), U64(BYTES_ALLOCATED, SpawnSite, bytes),
   U64(PEAK_LIVE, SpawnSite, peak_live),
   U64(LIVE_BLOCKS, SpawnSite, live_blocks),
   U64(LIVE_BYTES, SpawnSite, live_bytes),
   U64(BLOCKING_WAITS, SpawnSite, waits),
   U64(BLOCKING_US, SpawnSite, blocked_us),
   U64_OPT(STOLEN, SpawnSite, stolen, has_stolen),
   U64_OPT(SPLITS, SpawnSite, splits, has_splits),
   U64_OPT(MEDIAN_INSNS, SpawnSite, median, has_median),
};

static void begin_spawn(Parser *p, const char *name, long line)
{
   Tasks *t = p->rep->tasks;
   SpawnSite *s = PUSH(t->sites, t->capsites, t->nsites);
   bool lost_blocks = false;
   if (!attrs_into(p, name, line, s, spawn_attrs, NATTRS(spawn_attrs)))
      return;
   if (attr_u64_opt(p, name, N_LOST_BYTES, line, &s->lost_bytes,
                    &s->has_lost) &&
       attr_u64_opt(p, name, N_LOST_BLOCKS, line, &s->lost_blocks,
                    &lost_blocks) && s->has_lost != lost_blocks)
      fail(p, "line %ld: <%s> has %s but not %s", line, name,
           s->has_lost ? "lost-bytes" : "lost-blocks",
           s->has_lost ? "lost-blocks" : "lost-bytes");
}

static const Attr rshare_attrs[] = {
   ROLE(TaskShare, role), U64(ALLOCS_IN_TASKS, TaskShare, allocs_in),
   U64(BYTES_IN_TASKS, TaskShare, bytes_in),
   U64(ALLOCS_OUTSIDE, TaskShare, allocs_out),
   U64(BYTES_OUTSIDE, TaskShare, bytes_out),
   U64(INSNS_IN_TASKS, TaskShare, insns_in),
};

static void begin_rshare(Parser *p, const char *name, long line)
{
   Tasks *t = p->rep->tasks;
   TaskShare *s = PUSH(t->shares, t->capshares, t->nshares);
   attrs_into(p, name, line, s, rshare_attrs, NATTRS(rshare_attrs));
}

static const Attr task_attrs[] = {
   U64(SEQ, TaskRec, seq), U64(SPAWN_SITE, TaskRec, site),
   STR(STATE, TaskRec, state), U64(POLLS, TaskRec, polls),
   U64(INSNS, TaskRec, insns), U64(MAX_POLL_INSNS, TaskRec, max_poll),
   U64(ALLOCS, TaskRec, allocs), U64(BYTES_ALLOCATED, TaskRec, bytes),
   U64(BLOCKING_WAITS, TaskRec, waits), U64(SPAWNED_MS, TaskRec, spawned_ms),
   U64_OPT(ENDED_MS, TaskRec, ended_ms, has_ended),
};

static void begin_task(Parser *p, const char *name, long line)
{
   Tasks *t = p->rep->tasks;
   TaskRec *x = PUSH(t->tasks, t->captasks, t->ntasks);
   attrs_into(p, name, line, x, task_attrs, NATTRS(task_attrs));
}

static const Attr blockin_attrs[] = {
   U64(SPAWN_SITE, BlockIn, site), STR_OPT(CALL, BlockIn, call),
   U64(WAITS, BlockIn, waits),
   U64(BLOCKED_US, BlockIn, blocked_us), U64(MAX_US, BlockIn, max_us),
};

static void begin_blockin(Parser *p, const char *name, long line)
{
   Tasks *t = p->rep->tasks;
   BlockIn *b = PUSH(t->blocks, t->capblocks, t->nblocks);
   attrs_into(p, name, line, b, blockin_attrs, NATTRS(blockin_attrs));
}

/* ---- <cpu> ----

   Every row is kept: one per sampled stack, and --folded=cpu sums
   them all. */

static const Attr cpu_attrs[] = {
   U64(INTERVAL, Cpu, interval), U64(SAMPLES, Cpu, samples),
   U64(INSNS, Cpu, insns), U64(STACKS, Cpu, stacks),
};

static void begin_cpu(Parser *p, const char *name, long line)
{
   Cpu *c = p->rep->cpu = xrealloc(NULL, sizeof *c);
   memset(c, 0, sizeof *c);
   attrs_into(p, name, line, c, cpu_attrs, NATTRS(cpu_attrs));
}

static const Attr cpustack_attrs[] = {
   SITE_ROLE(CpuRow, role), U64_OPT(SPAWN_SITE, CpuRow, site, has_site),
   U64(INSNS, CpuRow, insns), U64(SAMPLES, CpuRow, samples),
};

static void begin_cpustack(Parser *p, const char *name, long line)
{
   Cpu *c = p->rep->cpu;
   CpuRow *x = PUSH(c->rows, c->caprows, c->nrows);
   attrs_into(p, name, line, x, cpustack_attrs, NATTRS(cpustack_attrs));
}

/* ---- <snapshots> ---- */

static const Attr snaps_attrs[] = {
   STR_OPT(INTERVAL, Snaps, interval), U64(TAKEN, Snaps, taken),
   U64(KEPT, Snaps, kept), U64(MAX, Snaps, max), U64(SITES, Snaps, sites),
};

static void begin_snaps(Parser *p, const char *name, long line)
{
   Report *r = p->rep;
   snaps_free(r->snaps);
   r->snaps = xrealloc(NULL, sizeof *r->snaps);
   memset(r->snaps, 0, sizeof *r->snaps);
   attrs_into(p, name, line, r->snaps, snaps_attrs, NATTRS(snaps_attrs));
}

static const Attr snap_attrs[] = {
   STR_OPT(LABEL, Snap, label), U64(SEQ, Snap, seq), U64(MS, Snap, ms),
   U64(INSNS, Snap, insns), STR(CAUSE, Snap, cause),
   U64(LIVE_BYTES, Snap, live_bytes), U64(LIVE_BLOCKS, Snap, live_blocks),
   U64(THREADS, Snap, threads), U64(REST_SITES, Snap, rest_sites),
   U64(REST_BYTES, Snap, rest_bytes), U64(REST_BLOCKS, Snap, rest_blocks),
};

static void begin_snap(Parser *p, const char *name, long line)
{
   Snaps *ss = p->rep->snaps;
   Snap *sn = PUSH(ss->list, ss->cap, ss->n);
   char *peak = attr_str(p, name, N_PEAK, false, line);
   sn->peak = peak != NULL && strcmp(peak, "yes") == 0;
   free(peak);
   attrs_into(p, name, line, sn, snap_attrs, NATTRS(snap_attrs));
}

static const Attr phase_attrs[] = {
   U64(MS, Phase, ms), U64(INSNS, Phase, insns), U64(AFTER, Phase, after),
   STR(LABEL, Phase, label),
};

static void begin_phase(Parser *p, const char *name, long line)
{
   Snaps *ss = p->rep->snaps;
   Phase *ph = PUSH(ss->phases, ss->capphases, ss->nphases);
   attrs_into(p, name, line, ph, phase_attrs, NATTRS(phase_attrs));
}

static const Attr snrole_attrs[] = {
   ROLE(SnapRole, role), U64(THREADS, SnapRole, threads),
   U64(LIVE_BYTES, SnapRole, live_bytes),
   U64(LIVE_BLOCKS, SnapRole, live_blocks), U64(WAITS, SnapRole, waits),
   U64(BLOCKED_US, SnapRole, blocked_us), U64(IDLE_US, SnapRole, idle_us),
   U64(WAKES, SnapRole, wakes), U64_OPT(OTHERS, SnapRole, others, has_others),
};

static void begin_snrole(Parser *p, const char *name, long line)
{
   Snap *sn = cur_snap(p);
   SnapRole *x = PUSH(sn->roles, sn->caproles, sn->nroles);
   attrs_into(p, name, line, x, snrole_attrs, NATTRS(snrole_attrs));
}

static const Attr snsite_attrs[] = {
   ROLE(SnapSite, role), U64(LIVE_BYTES, SnapSite, live_bytes),
   U64(LIVE_BLOCKS, SnapSite, live_blocks),
};

static void begin_snsite(Parser *p, const char *name, long line)
{
   Snap *sn = cur_snap(p);
   SnapSite *x = PUSH(sn->sites, sn->capsites, sn->nsites);
   attrs_into(p, name, line, x, snsite_attrs, NATTRS(snsite_attrs));
}

static void begin_snleak(Parser *p, const char *name, long line)
{
   /* Its totals; then its by-role rows and records (below). */
   static const enum Name kb[4][2] = {
      { N_DEFINITE_BYTES, N_DEFINITE_BLOCKS },
      { N_INDIRECT_BYTES, N_INDIRECT_BLOCKS },
      { N_POSSIBLE_BYTES, N_POSSIBLE_BLOCKS },
      { N_REACHABLE_BYTES, N_REACHABLE_BLOCKS },
   };
   Snap *sn = cur_snap(p);
   bool ok = true;
   for (int k = 0; k < 4 && ok; k++)
      ok = attr_u64(p, name, kb[k][0], line, &sn->leak_bytes[k]) &&
           attr_u64(p, name, kb[k][1], line, &sn->leak_blocks[k]);
   if (ok) {
      bool hb, hk;
      ok = attr_u64_opt(p, name, N_LEFT_OUT_BYTES, line,
                        &sn->leak_left_bytes, &hb) &&
           attr_u64_opt(p, name, N_LEFT_OUT_BLOCKS, line,
                        &sn->leak_left_blocks, &hk);
   }
   if (ok && attr_u64(p, name, N_RECORDS, line, &sn->leak_records))
      sn->has_leaks = true;
}

/* A scan's row by kind and role (x), or one of its largest lost records
   (rec); a kind this at_print does not know is kept as -1 (left out of
   the sums). */
static void snap_leak(Parser *p, const char *name, long line, SnapLeak *x,
                      bool rec)
{
   char *kind = attr_str(p, name, N_KIND, true, line);
   x->kind = leak_kind(kind);
   free(kind);
   if (!p->failed && attr_site_role(p, name, line, &x->role) &&
       attr_u64(p, name, N_BYTES, line, &x->bytes) &&
       attr_u64(p, name, N_BLOCKS, line, &x->blocks) && rec &&
       attr_u64(p, name, N_INDIRECT_BYTES, line, &x->ind_bytes))
      attr_u64(p, name, N_INDIRECT_BLOCKS, line, &x->ind_blocks);
}

static void begin_snlrole(Parser *p, const char *name, long line)
{
   Snap *sn = cur_snap(p);
   snap_leak(p, name, line, PUSH(sn->lroles, sn->caplroles, sn->nlroles),
             false);
}

static void begin_snlrec(Parser *p, const char *name, long line)
{
   Snap *sn = cur_snap(p);
   snap_leak(p, name, line, PUSH(sn->lrecs, sn->caplrecs, sn->nlrecs), true);
}

static const Attr sntasks_attrs[] = {
   U64(ALIVE, SnapTasks, alive), U64(REST_SITES, SnapTasks, rest_sites),
   U64(REST_TASKS, SnapTasks, rest_tasks),
   U64(REST_BYTES, SnapTasks, rest_bytes),
   U64(REST_BLOCKS, SnapTasks, rest_blocks),
   U64(REST_CELL_BYTES, SnapTasks, rest_cell_bytes),
};

static void begin_sntasks(Parser *p, const char *name, long line)
{
   Snap *sn = cur_snap(p);
   SnapTasks *t = sn->tasks = xrealloc(NULL, sizeof *sn->tasks);
   memset(t, 0, sizeof *t);
   attrs_into(p, name, line, t, sntasks_attrs, NATTRS(sntasks_attrs));
}

/* A snapshot's spawn site, and its task. */
static const Attr snspawn_attrs[] = {
   U64(ID, SnapSpawn, id), U64(TASKS, SnapSpawn, tasks),
   U64(LIVE_BYTES, SnapSpawn, live_bytes),
   U64(LIVE_BLOCKS, SnapSpawn, live_blocks),
   U64(CELL_BYTES, SnapSpawn, cell_bytes),
};

static const Attr sntask_attrs[] = {
   U64(SEQ, SnapSpawn, seq), U64(SPAWN_SITE, SnapSpawn, id),
   U64(LIVE_BYTES, SnapSpawn, live_bytes),
   U64(LIVE_BLOCKS, SnapSpawn, live_blocks),
   U64(CELL_BYTES, SnapSpawn, cell_bytes),
};

static void begin_snspawn(Parser *p, const char *name, long line)
{
   SnapTasks *t = cur_snap(p)->tasks;
   SnapSpawn *x = PUSH(t->sites, t->capsites, t->nsites);
   attrs_into(p, name, line, x, snspawn_attrs, NATTRS(snspawn_attrs));
}

static void begin_sntask(Parser *p, const char *name, long line)
{
   SnapTasks *t = cur_snap(p)->tasks;
   SnapSpawn *x = PUSH(t->tasks, t->captasks, t->ntasks);
   attrs_into(p, name, line, x, sntask_attrs, NATTRS(sntask_attrs));
}

/* ---- <stack-table> and the frames ---- */

static void begin_stable(Parser *p, const char *name, long line)
{
   (void)name;
   if (p->mode == 2) {
      /* The empty table given in place of the table, read first: it
         must be where that one was, a child of the root. */
      p->table_begun = true;
      p->table_ok = p->pending_at == p->table_at + 12;
      if (!p->table_ok)
         fail(p, "the stack table is not where it was found: read again");
      return;
   }
   table_begin(p, line);
}

static void end_stable(Parser *p, const char *name, long line,
                       const char *text)
{
   Report *r = p->rep;
   (void)name;
   (void)text;
   p->table_done = true;
   if (r->table.stacks != p->table_stacks)
      fail(p, "line %ld: <stack-table stacks=\"%" PRIu64 "\"> holds %"
           PRIu64 " %s", line, p->table_stacks, r->table.stacks,
           plural(r->table.stacks, "stack", "stacks"));
   if (p->mode == 1 && !p->failed) {
      p->table_end = p->table_at + in_pos(p);
      p->done = true;
      xmlStopParser(p->ctxt);
   }
}

static void begin_tstack(Parser *p, const char *name, long line)
{
   (void)name;
   table_stack(p, line);
}

static void begin_frame(Parser *p, const char *name, long line)
{
   (void)name;
   p->table_frame = p->lv[p->nlv - 2].kind == K_STABLE;
   if (p->table_frame) {
      table_frame(p, line);
   } else if (p->version == 2) {
      fail(p, "line %ld: <frame> in a <stack> of a version 2 report "
           "(version 2 keeps frames in the <stack-table>)", line);
   } else {
      Stack *s = p->stack;
      GROW(s->frames, s->capframes, s->nframes + 1);
      p->frame = &s->frames[s->nframes++];
      memset(p->frame, 0, sizeof *p->frame);
   }
}

/* A string of the frame being read, cleaned for printing: kept in the
   report's strings if it is one of the table's. */
static char *frame_str(Parser *p, const char *text)
{
   if (!p->table_frame)
      return clean_dup(text);
   buf_clear(&p->clean);
   buf_add_clean(&p->clean, text);
   return arena_dup(&p->rep->strs, p->clean.s, p->clean.len);
}

#define FRAME_STR(kind, field) \
   static void end_##kind(Parser *p, const char *name, long line, \
                          const char *text) \
   { \
      (void)name; \
      (void)line; \
      p->frame->field = frame_str(p, text); \
   }
FRAME_STR(ip, ip)
FRAME_STR(obj, obj)
FRAME_STR(fn, fn)
FRAME_STR(dir, dir)
FRAME_STR(file, file)
#undef FRAME_STR

static void end_line(Parser *p, const char *name, long line, const char *text)
{
   (void)text;
   p->frame->has_line = text_u64(p, name, line, &p->frame->line);
}

/* ------------------------------------------------------------------ */
/* The tables                                                         */
/* ------------------------------------------------------------------ */

/* ELEMENTS by kind, and its rows in order. */
#define KIND_ROW(kind, parent, name, flags, begin, end, keep) \
   [K_##kind] = { name, (flags) & F_TEXT, begin, end, keep },
#define KIND_NONE(kind, parent, flags)
const ElemKind elem_kinds[K_COUNT] = {
   [K_SKIP] = { "?", 0, 0, 0, 0 },
   [K_DOC] = { "?", 0, 0, 0, 0 },
   ELEMENTS(KIND_ROW, KIND_NONE)
};
#undef KIND_ROW
#undef KIND_NONE

#define PLACE_E(kind, parent, name, flags, begin, end, keep) \
   { K_##parent, K_##kind, (flags) & ~F_TEXT },
#define PLACE_A(kind, parent, flags) { K_##parent, K_##kind, flags },
const Place places[] = {
   ELEMENTS(PLACE_E, PLACE_A)
};
#undef PLACE_E
#undef PLACE_A

const size_t nplaces = sizeof places / sizeof places[0];

/* required[parent] has a bit per kind of a required child. */
uint8_t child_of[K_COUNT][NAME_IDS];
static uint64_t required[K_COUNT][SEEN_WORDS];

_Static_assert(sizeof places / sizeof places[0] < 255,
               "too many places for child_of");

void children_init(void)
{
   static bool done;
   if (done)
      return;
   for (size_t i = 0; i < FUTEX_N; i++)
      assert(strcmp(name_str[futex_name[i]], futex_attrs[i].name) == 0);
   for (size_t i = 0; i < nplaces; i++) {
      const Place *pl = &places[i];
      unsigned id = name_of_element(elem_kinds[pl->kind].name);
      if (child_of[pl->parent][id] == 0)
         child_of[pl->parent][id] = (uint8_t)(i + 1);
      if (pl->flags & F_REQ)
         required[pl->parent][pl->kind / 64] |= SEEN_BIT(pl->kind);
   }
   done = true;
}

/* Has l not yet met a child its kind requires? */
static bool missing_required(const Level *l)
{
   for (size_t w = 0; w < SEEN_WORDS; w++)
      if (required[l->kind][w] & ~l->seen[w])
         return true;
   return false;
}

void check_required(Parser *p, const Level *l)
{
   const char *name = elem_kinds[l->kind].name;
   for (size_t i = 0; missing_required(l) && i < nplaces && !p->failed; i++) {
      const Place *pl = &places[i];
      if (pl->parent == l->kind && (pl->flags & F_REQ) &&
          !(l->seen[pl->kind / 64] & SEEN_BIT(pl->kind)))
         fail(p, "line %ld: <%s> has no <%s>", l->line, name,
              elem_kinds[pl->kind].name);
   }
}

bool holds_no_text(const char *name)
{
   for (size_t i = 0; i < nplaces; i++)
      if (strcmp(elem_kinds[places[i].kind].name, name) == 0)
         return !has_text(places[i].kind);
   return false;
}

