/* elements.c: at_print's reader, its elements: which elements of the
 * format at_print reads, where, and what each one's attributes and text
 * become in the Report.
 *
 * read.c hands each element that starts to element_begin and each that
 * ends to element_end, with its kind, found from its parent's kind and
 * its name in children[]; an element the table does not name is skipped
 * with all it holds (a version 1 report may hold additions).  The
 * attributes are read by the attr_ functions below, each failing the
 * read with the element's line where one is missing or not what the
 * format says.
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

/* ------------------------------------------------------------------ */
/* The element table                                                  */
/* ------------------------------------------------------------------ */


/* A <wake>'s woken waits by class, in wait_class_name's order. */
static const enum Name wake_class_name[WC_N] = {
   N_CLS_LOCK, N_CLS_CONDITION, N_CLS_JOIN, N_CLS_SLEEP, N_CLS_IDLE,
   N_CLS_OTHER,
};

/* futex_attrs' names, in its order (checked by children_init). */
static const enum Name futex_name[FUTEX_N] = {
   N_WAITS, N_WOKEN, N_EAGAIN, N_TIMEOUTS, N_EINTR, N_ERRORS, N_PENDING,
   N_BLOCKED_US, N_MAX_US, N_IDLE_WAITS, N_IDLE_US, N_WAKES, N_WOKE,
   N_LOCK_WAITS, N_LOCK_US, N_CONDITION_WAITS, N_CONDITION_US,
   N_JOIN_WAITS, N_JOIN_US, N_SLEEP_WAITS, N_SLEEP_US, N_OTHER_WAITS,
   N_OTHER_US,
};

const char *const kind_name[K_COUNT] = {
   "?", "asynctrace", "run", "tool", "valgrind", "command", "exe", "arg",
   "pid", "ppid", "start-time", "duration-ms", "end", "threads", "thread",
   "name", "heap", "heap", "live-at-exit", "site", "stack", "frame", "ip",
   "obj", "fn", "dir", "file", "line", "futex", "roles", "role-summary",
   "heap", "futex", "futex-sites", "site", "wake-pairs", "wake", "leaks",
   "total", "by-role", "held-by", "loss-record", "cross-frees", "free",
   "timeline", "sample", "role", "alloc-sites", "site", "bad-calls",
   "bad-call", "stack-table", "stack", "mappings", "footprint",
   "role-footprint", "thread-footprint", "map", "pointed-from",
   "tasks", "spawn-site", "role-share", "task", "blocking-in-async",
   "snapshots", "snapshot", "role", "site", "phase",
   "leak-check", "by-role", "record",
   "tasks", "spawn-site", "task",
};

/* The elements at_print reads, by parent.  Others are skipped: the
   version changes only when something is removed or changes meaning, so
   a version 1 report may hold additions. */
const Child children[] = {
   { K_ROOT, N_RUN, K_RUN, false, true },
   { K_ROOT, N_THREADS, K_THREADS, false, true },
   { K_ROOT, N_HEAP, K_HEAP, false, true },
   { K_ROOT, N_LIVE_AT_EXIT, K_LIVE, false, true },
   /* Added to version 1 later: optional, so older reports still read. */
   { K_ROOT, N_ROLES, K_ROLES, false, false },
   { K_ROOT, N_FUTEX_SITES, K_FSITES, false, false },
   { K_ROOT, N_WAKE_PAIRS, K_WAKES, false, false },
   { K_ROOT, N_LEAKS, K_LEAKS, false, false },
   { K_ROOT, N_CROSS_FREES, K_XFREES, false, false },
   { K_ROOT, N_TIMELINE, K_TIMELINE, false, false },
   { K_ROOT, N_ALLOC_SITES, K_ASITES, false, false },
   { K_ROOT, N_BAD_CALLS, K_BADCALLS, false, false },
   { K_ROOT, N_MAPPINGS, K_MAPS, false, false },
   { K_ROOT, N_TASKS, K_TASKS, false, false },
   { K_ROOT, N_SNAPSHOTS, K_SNAPS, false, false },
   /* Version 2 (skipped in version 1). */
   { K_ROOT, N_STACK_TABLE, K_STABLE, false, false },
   { K_RUN, N_TOOL, K_TOOL, false, true },
   { K_RUN, N_VALGRIND, K_VALGRIND, false, true },
   { K_RUN, N_COMMAND, K_COMMAND, false, true },
   { K_RUN, N_PID, K_PID, false, true },
   { K_RUN, N_PPID, K_PPID, false, true },
   { K_RUN, N_START_TIME, K_START, false, true },
   { K_RUN, N_DURATION_MS, K_DURATION, false, true },
   { K_RUN, N_END, K_END, false, true },
   { K_COMMAND, N_EXE, K_EXE, false, true },
   { K_COMMAND, N_ARG, K_ARG, true, false },
   { K_THREADS, N_THREAD, K_THREAD, true, false },
   { K_THREAD, N_NAME, K_NAME, true, false },
   { K_THREAD, N_HEAP, K_THEAP, false, true },
   { K_THREAD, N_FUTEX, K_TFUTEX, false, false },
   { K_LIVE, N_SITE, K_SITE, true, false },
   { K_SITE, N_STACK, K_STACK, false, true },
   { K_ROLES, N_ROLE_SUMMARY, K_RSUM, true, false },
   { K_RSUM, N_HEAP, K_RHEAP, false, true },
   { K_RSUM, N_FUTEX, K_RFUTEX, false, true },
   { K_FSITES, N_SITE, K_FSITE, true, false },
   { K_FSITE, N_STACK, K_STACK, false, true },
   { K_WAKES, N_WAKE, K_WAKE, true, false },
   { K_LEAKS, N_TOTAL, K_LTOTAL, true, false },
   { K_LEAKS, N_BY_ROLE, K_LBYROLE, true, false },
   { K_LEAKS, N_HELD_BY, K_HELD, true, false },
   { K_LEAKS, N_LOSS_RECORD, K_LREC, true, false },
   { K_LREC, N_STACK, K_STACK, false, true },
   { K_LREC, N_POINTED_FROM, K_PFROM, false, false },
   { K_XFREES, N_FREE, K_XFREE, true, false },
   { K_TIMELINE, N_SAMPLE, K_SAMPLE, true, false },
   { K_SAMPLE, N_ROLE, K_SROLE, true, false },
   { K_ASITES, N_SITE, K_ASITE, true, false },
   { K_ASITE, N_STACK, K_STACK, false, true },
   { K_BADCALLS, N_BAD_CALL, K_BADCALL, true, false },
   { K_BADCALL, N_STACK, K_STACK, false, true },
   { K_MAPS, N_FOOTPRINT, K_FPRINT, true, false },
   { K_FPRINT, N_ROLE_FOOTPRINT, K_RFP, true, false },
   { K_FPRINT, N_THREAD_FOOTPRINT, K_TFP, true, false },
   { K_MAPS, N_MAP, K_MAP, true, false },
   { K_MAP, N_STACK, K_STACK, false, true },
   { K_TASKS, N_SPAWN_SITE, K_SPAWN, true, false },
   { K_TASKS, N_ROLE_SHARE, K_RSHARE, true, false },
   { K_TASKS, N_TASK, K_TASK, true, false },
   { K_TASKS, N_BLOCKING_IN_ASYNC, K_BLOCKIN, true, false },
   { K_SPAWN, N_STACK, K_STACK, false, true },
   { K_TASK, N_STACK, K_STACK, false, false },
   { K_BLOCKIN, N_STACK, K_STACK, false, true },
   { K_SNAPS, N_SNAPSHOT, K_SNAP, true, false },
   { K_SNAPS, N_PHASE, K_PHASE, true, false },
   { K_SNAP, N_ROLE, K_SNROLE, true, false },
   { K_SNAP, N_SITE, K_SNSITE, true, false },
   { K_SNSITE, N_STACK, K_STACK, false, true },
   { K_SNAP, N_LEAK_CHECK, K_SNLEAK, false, false },
   { K_SNLEAK, N_BY_ROLE, K_SNLROLE, true, false },
   { K_SNLEAK, N_RECORD, K_SNLREC, true, false },
   { K_SNLREC, N_STACK, K_STACK, false, true },
   { K_SNAP, N_TASKS, K_SNTASKS, false, false },
   { K_SNTASKS, N_SPAWN_SITE, K_SNSPAWN, true, false },
   { K_SNTASKS, N_TASK, K_SNTASK, true, false },
   { K_STACK, N_FRAME, K_FRAME, true, false },
   { K_STABLE, N_FRAME, K_FRAME, true, false },
   { K_STABLE, N_STACK, K_TSTACK, true, false },
   { K_FRAME, N_IP, K_IP, false, true },
   { K_FRAME, N_OBJ, K_OBJ, false, false },
   { K_FRAME, N_FN, K_FN, false, false },
   { K_FRAME, N_DIR, K_DIR, false, false },
   { K_FRAME, N_FILE, K_FILE, false, false },
   { K_FRAME, N_LINE, K_LINE, false, false },
};

bool has_text(enum Kind k)
{
   switch (k) {
   case K_EXE: case K_ARG: case K_PID: case K_PPID: case K_START:
   case K_DURATION: case K_NAME: case K_IP: case K_OBJ: case K_FN:
   case K_DIR: case K_FILE: case K_LINE:
      return true;
   default:
      return false;
   }
}

/* children[] by parent and name: child_of[parent][name] is the index
   of the entry plus 1, or 0; required[parent] has a bit per kind of a
   required child.  Made once, from children[]. */
uint8_t child_of[K_COUNT][N_NAMES];
static uint64_t required[K_COUNT][SEEN_WORDS];

const size_t nchildren = sizeof children / sizeof children[0];

_Static_assert(sizeof children / sizeof children[0] < 255,
               "too many children for child_of");

void children_init(void)
{
   static bool done;
   if (done)
      return;
   for (size_t i = 0; i < FUTEX_N; i++)
      assert(strcmp(name_str[futex_name[i]], futex_attrs[i].name) == 0);
   for (size_t i = 0; i < nchildren; i++) {
      if (child_of[children[i].parent][children[i].name] == 0)
         child_of[children[i].parent][children[i].name] = (uint8_t)(i + 1);
      if (children[i].required)
         required[children[i].parent][children[i].kind / 64] |=
            SEEN_BIT(children[i].kind);
   }
   done = true;
}

/* Has l not yet met a child its kind requires? */
bool missing_required(const Level *l)
{
   for (size_t w = 0; w < SEEN_WORDS; w++)
      if (required[l->kind][w] & ~l->seen[w])
         return true;
   return false;
}

/* ------------------------------------------------------------------ */
/* Attributes                                                         */
/* ------------------------------------------------------------------ */

/* The value of attribute name of the current element, cleaned; NULL and
   a failure if it is required and missing. */
char *attr_str(Parser *p, const char *elem, enum Name name,
               bool required, long line)
{
   const char *v = attr_get(p, name);
   if (v == NULL) {
      if (required)
         fail(p, "line %ld: <%s> has no %s attribute", line, elem,
              name_str[name]);
      return NULL;
   }
   return clean_dup(v);
}

bool attr_u64(Parser *p, const char *elem, enum Name name,
              long line, uint64_t *out)
{
   const char *v = attr_get(p, name);
   if (v == NULL) {
      fail(p, "line %ld: <%s> has no %s attribute", line, elem,
           name_str[name]);
      return false;
   }
   bool ok = parse_u64(v, out);
   if (!ok) {
      char *c = clip(v, 40);
      fail(p, "line %ld: <%s> attribute %s is not a number: \"%s\"",
           line, elem, name_str[name], c);
      free(c);
   }
   return ok;
}

/* An id of the stack table (a stack ref, or a frame or stack id):
   required, a number, and telling one too large for 64 bits from one
   that is not a number at all. */
bool attr_id(Parser *p, const char *elem, enum Name name,
             long line, uint64_t *out)
{
   const char *v = attr_get(p, name);
   if (v == NULL) {
      fail(p, "line %ld: <%s> has no %s attribute", line, elem,
           name_str[name]);
      return false;
   }
   const char *s = v;
   bool ok = parse_u64(s, out);
   if (!ok) {
      s += strspn(s, " \t\r\n");
      s += *s == '+';
      size_t digits = strspn(s, "0123456789");
      bool big = digits > 0 &&
                 s[digits + strspn(s + digits, " \t\r\n")] == '\0';
      char *c = clip((const char *)v, 40);
      fail(p, "line %ld: <%s> attribute %s is %s: \"%s\"", line, elem,
           name_str[name], big ? "too large" : "not a number", c);
      free(c);
   }
   return ok;
}

/* Optional: *present tells whether it was there. */
static bool attr_u64_opt(Parser *p, const char *elem, enum Name name,
                         long line, uint64_t *out, bool *present)
{
   *present = attr_get(p, name) != NULL;
   if (!*present)
      return true;
   return attr_u64(p, elem, name, line, out);
}

/* A string kept once in the report, raw and cleaned, for those every
   site repeats (its role, leak kind, futex class and ops): a report
   with a million sites has a handful of them, and a site, kept or not,
   then costs no malloc for them. */
typedef struct Once {
   uint64_t hash;
   const char *raw;              /* as in the file; NULL: a free slot */
   size_t len;
   char *clean;                  /* cleaned for printing */
} Once;

static void once_grow(Parser *p)
{
   size_t cap = p->caponce ? 2 * p->caponce : 64;
   Once *t = xrealloc(NULL, cap * sizeof *t);
   memset(t, 0, cap * sizeof *t);
   for (size_t i = 0; i < p->caponce; i++) {
      if (p->once[i].raw == NULL)
         continue;
      size_t j = p->once[i].hash & (cap - 1);
      while (t[j].raw != NULL)
         j = (j + 1) & (cap - 1);
      t[j] = p->once[i];
   }
   free(p->once);
   p->once = t;
   p->caponce = cap;
}

/* raw cleaned, in the report's strings (Report.strs), once. */
static char *intern(Parser *p, const char *raw)
{
   size_t n = strlen(raw);
   uint64_t h = hash_bytes(raw, n);
   if (2 * (p->nonce + 1) > p->caponce)
      once_grow(p);
   for (size_t i = h & (p->caponce - 1);; i = (i + 1) & (p->caponce - 1)) {
      Once *o = &p->once[i];
      if (o->raw == NULL) {
         Report *r = p->rep;
         buf_clear(&p->clean);
         buf_add_clean(&p->clean, raw);
         *o = (Once){ .hash = h, .len = n,
                      .raw = arena_dup(&r->strs, raw, n),
                      .clean = arena_dup(&r->strs, p->clean.s,
                                         p->clean.len) };
         p->nonce++;
         return o->clean;
      }
      if (o->hash == h && o->len == n && memcmp(o->raw, raw, n) == 0)
         return o->clean;
   }
}

/* As attr_str, but kept once (intern): not to be freed. */
static char *attr_istr(Parser *p, const char *elem, enum Name name,
                       bool required, long line)
{
   const char *v = attr_get(p, name);
   if (v == NULL) {
      if (required)
         fail(p, "line %ld: <%s> has no %s attribute", line, elem,
              name_str[name]);
      return NULL;
   }
   return intern(p, v);
}

/* A role attribute named role_name (required) and its pool attribute
   named pool_name (optional); the role kept once if once, else in a
   malloc of its own. */
static bool attr_role_named(Parser *p, const char *elem, long line, Role *r,
                            enum Name role_name, enum Name pool_name,
                            bool once)
{
   if (once) {
      r->role = attr_istr(p, elem, role_name, true, line);
   } else {
      free(r->role);
      r->role = attr_str(p, elem, role_name, true, line);
   }
   return r->role != NULL &&
      attr_u64_opt(p, elem, pool_name, line, &r->pool, &r->has_pool);
}

/* The role attribute (required) and the optional pool and, where
   with_index, index attributes. */
static bool attr_role(Parser *p, const char *elem, long line, Role *r,
                      bool with_index)
{
   if (!attr_role_named(p, elem, line, r, N_ROLE, N_POOL, false))
      return false;
   return !with_index ||
      attr_u64_opt(p, elem, N_INDEX, line, &r->index, &r->has_index);
}

/* The role and pool of a site (live, loss record, allocation or futex
   site): kept once. */
static bool attr_site_role(Parser *p, const char *elem, long line, Role *r)
{
   return attr_role_named(p, elem, line, r, N_ROLE, N_POOL, true);
}

/* An optional attribute that is "yes" or "no"; anything else fails.
   *present tells whether it was there. */
static bool attr_yes_no(Parser *p, const char *elem, enum Name name,
                        long line, bool *out, bool *present)
{
   const char *v = attr_get(p, name);
   bool ok = true;
   *present = v != NULL;
   if (v == NULL)
      return true;
   if (strcmp(v, "yes") == 0) {
      *out = true;
   } else if (strcmp(v, "no") == 0) {
      *out = false;
   } else {
      char *c = clip(v, 20);
      fail(p, "line %ld: <%s> attribute %s is \"%s\", not yes or no",
           line, elem, name_str[name], c);
      free(c);
      ok = false;
   }
   return ok;
}

/* The leak-scan attributes of a <site> or <loss-record>: the kind
   (required if need_kind), the indirect bytes and blocks (both or
   neither) and the orphan mark. */
static void attr_leak(Parser *p, const char *elem, long line, Site *s,
                      bool need_kind)
{
   bool has_blocks = false, orphan_present = false;
   s->kind = attr_istr(p, elem, N_KIND, need_kind, line);
   if (p->failed ||
       !attr_u64_opt(p, elem, N_INDIRECT_BYTES, line, &s->ind_bytes,
                     &s->has_ind) ||
       !attr_u64_opt(p, elem, N_INDIRECT_BLOCKS, line, &s->ind_blocks,
                     &has_blocks))
      return;
   if (s->has_ind != has_blocks) {
      fail(p, "line %ld: <%s> has %s but not %s", line, elem,
           s->has_ind ? "indirect-bytes" : "indirect-blocks",
           s->has_ind ? "indirect-blocks" : "indirect-bytes");
      return;
   }
   attr_yes_no(p, elem, N_ORPHAN, line, &s->orphan, &orphan_present);
}

/* A loss record's <pointed-from>: kept as written, for printing (its
   <stack> is not read). */
static void attr_pfrom(Parser *p, const char *elem, long line, Site *s)
{
   PointedFrom *f = xrealloc(NULL, sizeof *f);
   memset(f, 0, sizeof *f);
   s->from = f;
   f->root = attr_str(p, elem, N_ROOT, true, line);
   f->addr = attr_str(p, elem, N_ADDR, false, line);
   f->reg = attr_str(p, elem, N_REGISTER, false, line);
   f->value = attr_str(p, elem, N_VALUE, false, line);
   f->block = attr_str(p, elem, N_BLOCK, false, line);
   f->obj = attr_str(p, elem, N_OBJ, false, line);
   f->section = attr_str(p, elem, N_SECTION, false, line);
   f->offset = attr_str(p, elem, N_OFFSET, false, line);
   f->symbol = attr_str(p, elem, N_SYMBOL, false, line);
   f->symbol_offset = attr_str(p, elem, N_SYMBOL_OFFSET, false, line);
   f->from_block = attr_str(p, elem, N_FROM_BLOCK, false, line);
   f->from_kind = attr_str(p, elem, N_FROM_KIND, false, line);
   attr_u64_opt(p, elem, N_THREAD, line, &f->thread, &f->has_thread);
}

/* Futex counters, by attribute name (futex_attrs' order).  A reader
   asks for those it prints; they must be there.  The others are kept
   where they are numbers, for --format=json, which shows what the
   report has. */
enum {
   FX_WAITS = 1 << 0, FX_WOKEN = 1 << 1, FX_EAGAIN = 1 << 2,
   FX_TIMEOUTS = 1 << 3, FX_EINTR = 1 << 4, FX_ERRORS = 1 << 5,
   FX_PENDING = 1 << 6, FX_BLOCKED = 1 << 7, FX_MAX = 1 << 8,
   FX_IDLE_WAITS = 1 << 9, FX_IDLE_US = 1 << 10, FX_WAKES = 1 << 11,
   FX_WOKE = 1 << 12,
};

static bool attr_futex(Parser *p, const char *elem, long line, Futex *f,
                       unsigned need)
{
   f->has = 0;
   for (size_t i = 0; i < FUTEX_N; i++) {
      uint64_t *out = (uint64_t *)((char *)f + futex_attrs[i].off);
      if (need & (1u << i)) {
         if (!attr_u64(p, elem, futex_name[i], line, out))
            return false;
         f->has |= 1u << i;
      } else {
         const char *v = attr_get(p, futex_name[i]);
         if (v != NULL && parse_u64(v, out))
            f->has |= 1u << i;
      }
   }
   return true;
}

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

static Thread *cur_thread(Parser *p)
{
   return &p->rep->threads[p->rep->nthreads - 1];
}

static Frame *cur_frame(Parser *p)
{
   return p->frame;
}

/* The figures of a footprint row. */
static bool attr_fp(Parser *p, const char *elem, long line, Fp *f)
{
   return attr_u64(p, elem, N_HEAP, line, &f->heap) &&
          attr_u64(p, elem, N_STACKS, line, &f->stacks) &&
          attr_u64(p, elem, N_ANON, line, &f->anon) &&
          attr_u64(p, elem, N_FILE, line, &f->file) &&
          attr_u64(p, elem, N_TOTAL, line, &f->total) &&
          attr_u64(p, elem, N_STACK_MAPS, line, &f->stack_maps) &&
          attr_u64(p, elem, N_ANON_MAPS, line, &f->anon_maps) &&
          attr_u64(p, elem, N_FILE_MAPS, line, &f->file_maps);
}

/* ---- <tasks> ---- */

/* A spawn site's figures, by attribute name. */
static const struct {
   enum Name name;
   size_t off;
} spawn_figs[] = {
   { N_SPAWNED, offsetof(SpawnSite, spawned) },
   { N_ENDED, offsetof(SpawnSite, ended) },
   { N_ALIVE_AT_EXIT, offsetof(SpawnSite, alive) },
   { N_PENDING_AT_EXIT, offsetof(SpawnSite, pending) },
   { N_POLLS, offsetof(SpawnSite, polls) },
   { N_INSNS, offsetof(SpawnSite, insns) },
   { N_MAX_POLL_INSNS, offsetof(SpawnSite, max_poll) },
   { N_ALLOCS, offsetof(SpawnSite, allocs) },
   { N_BYTES_ALLOCATED, offsetof(SpawnSite, bytes) },
   { N_PEAK_LIVE, offsetof(SpawnSite, peak_live) },
   { N_LIVE_BLOCKS, offsetof(SpawnSite, live_blocks) },
   { N_LIVE_BYTES, offsetof(SpawnSite, live_bytes) },
   { N_BLOCKING_WAITS, offsetof(SpawnSite, waits) },
   { N_BLOCKING_US, offsetof(SpawnSite, blocked_us) },
};

/* The stack of the <tasks> entry being read (the last of its kind). */
static Stack *task_stack(Tasks *t, enum Kind parent)
{
   return parent == K_SPAWN ? &t->sites[t->nsites - 1].stack
        : parent == K_TASK ? &t->tasks[t->ntasks - 1].stack
        : &t->blocks[t->nblocks - 1].stack;
}

/* <tasks> and its entries; every entry is kept (the tool lists a
   bounded number of tasks, and spawn sites are places in the code). */
static void tasks_begin(Parser *p, enum Kind k, const char *name, long line)
{
   Report *r = p->rep;
   Tasks *t = r->tasks;
   switch (k) {
   case K_TASKS:
      t = r->tasks = xrealloc(NULL, sizeof *t);
      memset(t, 0, sizeof *t);
      if ((t->attribution = attr_str(p, name, N_ATTRIBUTION, true, line)) &&
          (t->recognised = attr_str(p, name, N_RECOGNISED, true, line)) &&
          attr_u64(p, name, N_SPAWNED, line, &t->spawned) &&
          attr_u64(p, name, N_POLL_ENTRIES, line, &t->poll_entries) &&
          attr_u64(p, name, N_UNKNOWN_POLLS, line, &t->unknown_polls) &&
          attr_u64(p, name, N_SHOWN, line, &t->shown)) {
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
      break;
   case K_SPAWN: {
      GROW(t->sites, t->capsites, t->nsites + 1);
      SpawnSite *s = &t->sites[t->nsites++];
      bool lost_blocks = false;
      memset(s, 0, sizeof *s);
      if (!attr_id(p, name, N_ID, line, &s->id) ||
          !(s->kind = attr_str(p, name, N_KIND, true, line)) ||
          !(s->future = attr_str(p, name, N_FUTURE, true, line)) ||
          !attr_u64_opt(p, name, N_FRAME, line, &s->frame, &s->has_frame))
         break;
      for (size_t i = 0; i < sizeof spawn_figs / sizeof spawn_figs[0]; i++)
         if (!attr_u64(p, name, spawn_figs[i].name, line,
                       (uint64_t *)((char *)s + spawn_figs[i].off)))
            return;
      if (attr_u64_opt(p, name, N_LOST_BYTES, line, &s->lost_bytes,
                       &s->has_lost) &&
          attr_u64_opt(p, name, N_LOST_BLOCKS, line, &s->lost_blocks,
                       &lost_blocks) && s->has_lost != lost_blocks)
         fail(p, "line %ld: <%s> has %s but not %s", line, name,
              s->has_lost ? "lost-bytes" : "lost-blocks",
              s->has_lost ? "lost-blocks" : "lost-bytes");
      break;
   }
   case K_RSHARE: {
      GROW(t->shares, t->capshares, t->nshares + 1);
      TaskShare *s = &t->shares[t->nshares++];
      memset(s, 0, sizeof *s);
      if (attr_role(p, name, line, &s->role, false) &&
          attr_u64(p, name, N_ALLOCS_IN_TASKS, line, &s->allocs_in) &&
          attr_u64(p, name, N_BYTES_IN_TASKS, line, &s->bytes_in) &&
          attr_u64(p, name, N_ALLOCS_OUTSIDE, line, &s->allocs_out) &&
          attr_u64(p, name, N_BYTES_OUTSIDE, line, &s->bytes_out))
         attr_u64(p, name, N_INSNS_IN_TASKS, line, &s->insns_in);
      break;
   }
   case K_TASK: {
      GROW(t->tasks, t->captasks, t->ntasks + 1);
      TaskRec *x = &t->tasks[t->ntasks++];
      memset(x, 0, sizeof *x);
      if (attr_u64(p, name, N_SEQ, line, &x->seq) &&
          attr_u64(p, name, N_SPAWN_SITE, line, &x->site) &&
          (x->state = attr_str(p, name, N_STATE, true, line)) &&
          attr_u64(p, name, N_POLLS, line, &x->polls) &&
          attr_u64(p, name, N_INSNS, line, &x->insns) &&
          attr_u64(p, name, N_MAX_POLL_INSNS, line, &x->max_poll) &&
          attr_u64(p, name, N_ALLOCS, line, &x->allocs) &&
          attr_u64(p, name, N_BYTES_ALLOCATED, line, &x->bytes) &&
          attr_u64(p, name, N_BLOCKING_WAITS, line, &x->waits) &&
          attr_u64(p, name, N_SPAWNED_MS, line, &x->spawned_ms))
         attr_u64_opt(p, name, N_ENDED_MS, line, &x->ended_ms,
                      &x->has_ended);
      break;
   }
   case K_BLOCKIN: {
      GROW(t->blocks, t->capblocks, t->nblocks + 1);
      BlockIn *b = &t->blocks[t->nblocks++];
      memset(b, 0, sizeof *b);
      if (attr_u64(p, name, N_SPAWN_SITE, line, &b->site) &&
          attr_u64(p, name, N_WAITS, line, &b->waits) &&
          attr_u64(p, name, N_BLOCKED_US, line, &b->blocked_us))
         attr_u64(p, name, N_MAX_US, line, &b->max_us);
      break;
   }
   default:
      break;
   }
}

/* ------------------------------------------------------------------ */
/* Elements starting                                                  */
/* ------------------------------------------------------------------ */

/* Reads the attributes of an element that has just started. */
void element_begin(Parser *p, enum Kind k, const char *name, long line)
{
   Report *r = p->rep;
   switch (k) {
   case K_ROOT:
      check_root(p, name);
      if (p->mode == 2 && p->version != 2)
         fail(p, "not version 2: read again");
      break;
   case K_TOOL:
      free(r->tool_version);
      r->tool_version = attr_str(p, name, N_VERSION, true, line);
      break;
   case K_VALGRIND:
      free(r->vg_version);
      r->vg_version = attr_str(p, name, N_VERSION, true, line);
      break;
   case K_END: {
      char *how = attr_str(p, name, N_HOW, true, line);
      if (how == NULL)
         break;
      free(r->signal);
      r->signal = NULL;
      if (strcmp(how, "exit") == 0) {
         r->end_how = END_EXIT;
         const char *v = attr_get(p, N_STATUS);
         if (v == NULL) {
            fail(p, "line %ld: <end how=\"exit\"> has no status attribute",
                 line);
         } else if (!parse_int(v, &r->status)) {
            char *c = clip(v, 40);
            fail(p, "line %ld: <end> attribute status is not a number: "
                 "\"%s\"", line, c);
            free(c);
         }
         free(how);
      } else if (strcmp(how, "signal") == 0) {
         r->end_how = END_SIGNAL;
         r->signal = attr_str(p, name, N_SIGNAL, true, line);
         if (r->signal)
            attr_u64(p, name, N_SIGNO, line, &r->signo);
         free(how);
      } else {
         /* Not in version 1; show it rather than refuse the report. */
         r->end_how = END_OTHER;
         r->signal = how;
      }
      break;
   }
   case K_THREAD: {
      GROW(r->threads, r->capthreads, r->nthreads + 1);
      Thread *t = &r->threads[r->nthreads++];
      memset(t, 0, sizeof *t);
      if (!attr_u64(p, name, N_SEQ, line, &t->seq) ||
          !attr_u64(p, name, N_CREATOR, line, &t->creator) ||
          !attr_u64(p, name, N_START_MS, line, &t->start_ms) ||
          !attr_u64_opt(p, name, N_END_MS, line, &t->end_ms, &t->has_end))
         break;
      if (t->seq == 0) {
         fail(p, "line %ld: <thread> attribute seq is 0 (seq starts at 1)",
              line);
         break;
      }
      if (!attr_role(p, name, line, &t->role, true) ||
          !attr_u64_opt(p, name, N_INSNS, line, &t->insns, &t->has_insns))
         break;
      char *ended = attr_str(p, name, N_ENDED, false, line);
      t->forked = ended != NULL && strcmp(ended, "fork") == 0;
      free(ended);
      char *alive = attr_str(p, name, N_ALIVE_AT_EXIT, true, line);
      if (alive == NULL)
         break;
      if (strcmp(alive, "yes") == 0) {
         t->alive = true;
      } else if (strcmp(alive, "no") != 0) {
         char *c = clip(alive, 20);
         fail(p, "line %ld: <thread> attribute alive-at-exit is \"%s\", "
              "not yes or no", line, c);
         free(c);
      }
      free(alive);
      break;
   }
   case K_THEAP: {
      Thread *t = cur_thread(p);
      if (attr_u64(p, "heap", N_ALLOCS, line, &t->allocs) &&
          attr_u64(p, "heap", N_BYTES_ALLOCATED, line, &t->bytes_allocated) &&
          attr_u64(p, "heap", N_LIVE_BLOCKS, line, &t->live_blocks))
         attr_u64(p, "heap", N_LIVE_BYTES, line, &t->live_bytes);
      break;
   }
   case K_HEAP: {
      static const enum Name names[] = {
         N_ALLOCS, N_FREES, N_BYTES_ALLOCATED, N_BYTES_FREED, N_LIVE_BLOCKS,
         N_LIVE_BYTES, N_PEAK_BYTES, N_PEAK_BLOCKS, N_PEAK_MS,
      };
      uint64_t *dest[] = {
         &r->allocs, &r->frees, &r->bytes_allocated, &r->bytes_freed,
         &r->live_blocks, &r->live_bytes, &r->peak_bytes, &r->peak_blocks,
         &r->peak_ms,
      };
      for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
         if (!attr_u64(p, name, names[i], line, dest[i]))
            return;
      /* Later: when the peak was, in the run's --time-unit. */
      if (attr_u64_opt(p, name, N_PEAK_TIME, line, &r->peak_time,
                       &r->has_peak_time) && r->has_peak_time) {
         free(r->time_unit);
         r->time_unit = attr_str(p, name, N_TIME_UNIT, true, line);
         r->has_orphan_info = true;
      }
      break;
   }
   case K_TFUTEX: {
      Thread *t = cur_thread(p);
      t->has_futex = attr_futex(p, name, line, &t->fx, FX_WAITS | FX_BLOCKED);
      break;
   }
   case K_LIVE:
      if (attr_u64(p, name, N_BLOCKS, line, &r->exit_blocks))
         attr_u64(p, name, N_BYTES, line, &r->exit_bytes);
      break;
   case K_SITE:
   case K_LREC: {
      Site *st = k == K_SITE ? &p->site : &p->lrec;
      site_free(st);
      st->order = k == K_SITE ? r->sites_total : r->lrecs_total;
      if (attr_u64(p, name, N_THREAD, line, &st->thread) &&
          attr_u64(p, name, N_BLOCKS, line, &st->blocks) &&
          attr_u64(p, name, N_BYTES, line, &st->bytes) &&
          attr_site_role(p, name, line, &st->role))
         attr_leak(p, name, line, st, k == K_LREC);
      break;
   }
   case K_PFROM:
      attr_pfrom(p, name, line, &p->lrec);
      break;
   case K_STACK:
      switch (p->lv[p->nlv - 2].kind) {
      case K_FSITE: p->stack = &p->fsite.stack; break;
      case K_LREC: p->stack = &p->lrec.stack; break;
      case K_ASITE: p->stack = &p->asite.stack; break;
      case K_BADCALL: p->stack = &p->bad.stack; break;
      case K_MAP: p->stack = &p->map.stack; break;
      case K_SPAWN: case K_TASK: case K_BLOCKIN:
         p->stack = task_stack(p->rep->tasks, p->lv[p->nlv - 2].kind);
         break;
      case K_SNSITE: {
         Snap *sn = &r->snaps->list[r->snaps->n - 1];
         p->stack = &sn->sites[sn->nsites - 1].stack;
         break;
      }
      case K_SNLREC: {
         Snap *sn = &r->snaps->list[r->snaps->n - 1];
         p->stack = &sn->lrecs[sn->nlrecs - 1].stack;
         break;
      }
      default: p->stack = &p->site.stack; break;
      }
      stack_ref(p, line);
      break;
   case K_FRAME:
      p->table_frame = p->lv[p->nlv - 2].kind == K_STABLE;
      if (p->table_frame) {
         table_frame(p, line);
      } else if (p->version == 2) {
         fail(p, "line %ld: <frame> in a <stack> of a version 2 report "
              "(version 2 keeps frames in the <stack-table>)", line);
      } else {
         GROW(p->stack->frames, p->stack->capframes, p->stack->nframes + 1);
         p->frame = &p->stack->frames[p->stack->nframes++];
         memset(p->frame, 0, sizeof *p->frame);
      }
      break;
   case K_STABLE:
      if (p->mode == 2) {
         /* The empty table given in place of the table, read first: it
            must be where that one was, a child of the root. */
         p->table_begun = true;
         p->table_ok = p->pending_at == p->table_at + 12;
         if (!p->table_ok)
            fail(p, "the stack table is not where it was found: read again");
         break;
      }
      table_begin(p, line);
      break;
   case K_TSTACK:
      table_stack(p, line);
      break;
   case K_ROLES:
      r->has_roles = true;
      break;
   case K_RSUM: {
      GROW(r->roles, r->caproles, r->nroles + 1);
      RoleSum *s = &r->roles[r->nroles++];
      memset(s, 0, sizeof *s);
      s->order = r->nroles;
      if (attr_role(p, name, line, &s->role, false) &&
          attr_u64(p, name, N_THREADS, line, &s->threads) &&
          attr_u64(p, name, N_PEAK_ALIVE, line, &s->peak_alive) &&
          attr_u64(p, name, N_ALIVE_AT_EXIT, line, &s->alive) &&
          attr_u64(p, name, N_CHURN, line, &s->churn) &&
          attr_u64(p, name, N_INSNS, line, &s->insns))
         attr_u64_opt(p, name, N_LIVE_AT_PEAK, line, &s->live_at_peak,
                      &s->has_live_at_peak);
      break;
   }
   case K_RHEAP: {
      RoleSum *s = &r->roles[r->nroles - 1];
      if (attr_u64(p, name, N_BYTES_ALLOCATED, line, &s->bytes_allocated) &&
          attr_u64(p, name, N_LIVE_BYTES, line, &s->live_bytes) &&
          attr_u64_opt(p, name, N_LIVE_BLOCKS, line, &s->live_blocks,
                       &s->has_live_blocks) &&
          attr_u64_opt(p, name, N_PEAK_LIVE, line, &s->peak_live,
                       &s->has_peak_live))
         attr_u64_opt(p, name, N_ALLOCS, line, &s->allocs, &s->has_allocs);
      break;
   }
   case K_RFUTEX:
      attr_futex(p, name, line, &r->roles[r->nroles - 1].fx,
                 FX_WAITS | FX_BLOCKED | FX_IDLE_WAITS | FX_IDLE_US);
      break;
   case K_FSITES:
      r->has_fsites = true;
      break;
   case K_FSITE: {
      FSite *s = &p->fsite;
      fsite_free(s);
      s->order = r->fsites_total;
      if (!attr_site_role(p, name, line, &s->role))
         break;
      s->class = attr_istr(p, name, N_CLASS, true, line);
      if (s->class)
         s->ops = attr_istr(p, name, N_OPS, true, line);
      if (s->ops)
         attr_futex(p, name, line, &s->fx,
                    FX_WAITS | FX_WOKEN | FX_EAGAIN | FX_TIMEOUTS |
                    FX_PENDING | FX_BLOCKED | FX_MAX | FX_WAKES | FX_WOKE);
      break;
   }
   case K_WAKES:
      r->has_wakes = true;
      break;
   case K_WAKE: {
      GROW(r->wakes, r->capwakes, r->nwakes + 1);
      Wake *w = &r->wakes[r->nwakes++];
      memset(w, 0, sizeof *w);
      w->order = r->wakes_total++;
      if (attr_u64(p, name, N_WAKER, line, &w->waker) &&
          attr_u64(p, name, N_WAITER, line, &w->waiter) &&
          attr_u64(p, name, N_COUNT, line, &w->count))
         r->woken_total = add_sat(r->woken_total, w->count);
      /* The woken waits by class (newer reports): they sum to count. */
      for (int c = 0; c < WC_N; c++) {
         bool has = false;
         attr_u64_opt(p, name, wake_class_name[c], line, &w->by_class[c],
                      &has);
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
      if (!p->keep_all && r->nwakes >= 2 * WAKE_PAIRS_SHOWN + 256) {
         qsort(r->wakes, r->nwakes, sizeof *r->wakes, cmp_wake);
         r->nwakes = WAKE_PAIRS_SHOWN;
      }
      break;
   }
   case K_LEAKS:
      r->has_leaks = true;
      free(r->leak_check);
      r->leak_check = attr_str(p, name, N_CHECK, false, line);
      break;
   case K_LTOTAL: {
      char *kind = attr_str(p, name, N_KIND, true, line);
      int kx = leak_kind(kind);
      uint64_t bytes, blocks;
      free(kind);
      if (p->failed)
         break;
      if (kx < 0) {
         /* A kind added later: not printed, but it is part of what is
            live at exit, so the checks count it (if it has figures). */
         bool hb, hk;
         if (attr_u64_opt(p, name, N_BYTES, line, &bytes, &hb) &&
             attr_u64_opt(p, name, N_BLOCKS, line, &blocks, &hk) &&
             hb && hk) {
            sum_add(&r->lk_bytes, bytes);
            sum_add(&r->lk_blocks, blocks);
         }
         break;
      }
      if (attr_u64(p, name, N_BYTES, line, &bytes) &&
          attr_u64(p, name, N_BLOCKS, line, &blocks)) {
         r->leak_bytes[kx] = add_sat(r->leak_bytes[kx], bytes);
         r->leak_blocks[kx] = add_sat(r->leak_blocks[kx], blocks);
         sum_add(&r->lk_bytes, bytes);
         sum_add(&r->lk_blocks, blocks);
      }
      break;
   }
   case K_LBYROLE: {
      char *kind = attr_str(p, name, N_KIND, true, line);
      int kx = leak_kind(kind);
      free(kind);
      if (p->failed)
         break;
      if (kx < 0) {
         /* As for <total>: kept for the checks, if it is complete. */
         LeakRole o = { .kind = -1 };
         bool hb, hk;
         bool has_role = attr_get(p, N_ROLE) != NULL;
         if (has_role && attr_role(p, name, line, &o.role, false) &&
             attr_u64_opt(p, name, N_BYTES, line, &o.bytes, &hb) &&
             attr_u64_opt(p, name, N_BLOCKS, line, &o.blocks, &hk) &&
             hb && hk) {
            GROW(r->lk_other, r->caplk_other, r->nlk_other + 1);
            r->lk_other[r->nlk_other++] = o;
         } else {
            free(o.role.role);
         }
         break;
      }
      GROW(r->lroles, r->caplroles, r->nlroles + 1);
      LeakRole *lr = &r->lroles[r->nlroles++];
      memset(lr, 0, sizeof *lr);
      lr->kind = kx;
      if (attr_role(p, name, line, &lr->role, false) &&
          attr_u64(p, name, N_BYTES, line, &lr->bytes))
         attr_u64(p, name, N_BLOCKS, line, &lr->blocks);
      break;
   }
   case K_HELD: {
      GROW(r->held, r->capheld, r->nheld + 1);
      Held *h = &r->held[r->nheld++];
      memset(h, 0, sizeof *h);
      h->order = r->nheld;
      h->holder = attr_str(p, name, N_HOLDER, true, line);
      if (h->holder == NULL ||
          !attr_u64_opt(p, name, N_THREAD, line, &h->thread, &h->has_thread))
         break;
      if (h->has_thread &&
          (!attr_role(p, name, line, &h->role, false) ||
           !attr_yes_no(p, name, N_THREAD_ALIVE_AT_EXIT, line, &h->alive,
                        &h->alive_known)))
         break;
      if (attr_u64(p, name, N_BYTES, line, &h->bytes))
         attr_u64(p, name, N_BLOCKS, line, &h->blocks);
      break;
   }
   case K_XFREES:
      r->has_xfrees = true;
      break;
   case K_XFREE: {
      GROW(r->xfrees, r->capxfrees, r->nxfrees + 1);
      XFree *x = &r->xfrees[r->nxfrees++];
      memset(x, 0, sizeof *x);
      x->order = r->nxfrees;
      if (attr_role_named(p, name, line, &x->alloc, N_ALLOC_ROLE,
                          N_ALLOC_POOL, false) &&
          attr_role_named(p, name, line, &x->freed, N_FREE_ROLE,
                          N_FREE_POOL, false) &&
          attr_u64(p, name, N_FREES, line, &x->frees) &&
          attr_u64(p, name, N_BYTES, line, &x->bytes)) {
         r->xfree_frees = add_sat(r->xfree_frees, x->frees);
         r->xfree_bytes = add_sat(r->xfree_bytes, x->bytes);
      }
      break;
   }
   case K_TIMELINE:
      r->has_timeline = true;
      free(r->tl_unit);
      r->tl_unit = attr_str(p, name, N_UNIT, true, line);
      break;
   case K_SAMPLE: {
      Sample *sm = &p->sample;
      bool present;
      sample_free(sm);
      if (attr_u64(p, name, N_TIME, line, &sm->time) &&
          attr_u64(p, name, N_LIVE_BYTES, line, &sm->live))
         attr_yes_no(p, name, N_PEAK, line, &sm->peak, &present);
      break;
   }
   case K_SROLE: {
      Role role = { 0 };
      uint64_t bytes;
      if (attr_role(p, name, line, &role, false) &&
          attr_u64(p, name, N_LIVE_BYTES, line, &bytes)) {
         size_t c = role_find(&p->tl_ix, r->tl_cols, &role);
         if (c == r->ntl_cols) {
            GROW(r->tl_cols, r->captl_cols, r->ntl_cols + 1);
            r->tl_cols[r->ntl_cols++] = role;
            role_add(&p->tl_ix, r->tl_cols);
            role.role = NULL;
         }
         Sample *sm = &p->sample;
         GROW(sm->roles, sm->caproles, sm->nroles + 1);
         sm->roles[sm->nroles++] = (SRole){ .col = c, .bytes = bytes };
      }
      free(role.role);
      break;
   }
   case K_ASITES:
      r->has_asites = true;
      if (attr_u64(p, name, N_COUNT, line, &r->as_count) &&
          attr_u64(p, name, N_SHOWN, line, &r->as_shown) &&
          attr_u64(p, name, N_REST_ALLOCS, line, &r->as_rest_allocs) &&
          attr_u64(p, name, N_REST_BYTES, line, &r->as_rest_bytes) &&
          attr_u64(p, name, N_REST_LIVE_BYTES, line, &r->as_rest_live))
         attr_u64(p, name, N_REST_AT_PEAK, line, &r->as_rest_at_peak);
      break;
   case K_ASITE: {
      ASite *a = &p->asite;
      asite_free(a);
      a->order = r->asites_total;
      if (attr_site_role(p, name, line, &a->role) &&
          attr_u64(p, name, N_ALLOCS, line, &a->allocs) &&
          attr_u64(p, name, N_BYTES, line, &a->bytes) &&
          attr_u64(p, name, N_LIVE_BLOCKS, line, &a->live_blocks) &&
          attr_u64(p, name, N_LIVE_BYTES, line, &a->live_bytes))
         attr_u64(p, name, N_AT_PEAK, line, &a->at_peak);
      break;
   }
   case K_BADCALLS:
      r->has_bad = true;
      break;
   case K_BADCALL: {
      BadCall *b = &p->bad;
      badcall_free(b);
      b->order = r->nbad;
      b->kind = attr_str(p, name, N_KIND, true, line);
      if (b->kind == NULL ||
          !attr_u64(p, name, N_COUNT, line, &b->count))
         break;
      b->addr = attr_str(p, name, N_ADDR, true, line);
      if (b->addr != NULL && attr_u64(p, name, N_SIZE, line, &b->size))
         attr_u64(p, name, N_GIVEN, line, &b->given);
      break;
   }
   case K_SNAPS: {
      snaps_free(r->snaps);
      r->snaps = xrealloc(NULL, sizeof *r->snaps);
      memset(r->snaps, 0, sizeof *r->snaps);
      Snaps *ss = r->snaps;
      ss->interval = attr_str(p, name, N_INTERVAL, false, line);
      if (attr_u64(p, name, N_TAKEN, line, &ss->taken) &&
          attr_u64(p, name, N_KEPT, line, &ss->kept) &&
          attr_u64(p, name, N_MAX, line, &ss->max))
         attr_u64(p, name, N_SITES, line, &ss->sites);
      break;
   }
   case K_SNAP: {
      Snaps *ss = r->snaps;
      GROW(ss->list, ss->cap, ss->n + 1);
      Snap *sn = &ss->list[ss->n++];
      memset(sn, 0, sizeof *sn);
      char *peak = attr_str(p, name, N_PEAK, false, line);
      sn->peak = peak != NULL && strcmp(peak, "yes") == 0;
      free(peak);
      sn->label = attr_str(p, name, N_LABEL, false, line);
      if (attr_u64(p, name, N_SEQ, line, &sn->seq) &&
          attr_u64(p, name, N_MS, line, &sn->ms) &&
          attr_u64(p, name, N_INSNS, line, &sn->insns) &&
          (sn->cause = attr_str(p, name, N_CAUSE, true, line)) != NULL &&
          attr_u64(p, name, N_LIVE_BYTES, line, &sn->live_bytes) &&
          attr_u64(p, name, N_LIVE_BLOCKS, line, &sn->live_blocks) &&
          attr_u64(p, name, N_THREADS, line, &sn->threads) &&
          attr_u64(p, name, N_REST_SITES, line, &sn->rest_sites) &&
          attr_u64(p, name, N_REST_BYTES, line, &sn->rest_bytes))
         attr_u64(p, name, N_REST_BLOCKS, line, &sn->rest_blocks);
      break;
   }
   case K_SNROLE: {
      Snap *sn = &r->snaps->list[r->snaps->n - 1];
      GROW(sn->roles, sn->caproles, sn->nroles + 1);
      SnapRole *x = &sn->roles[sn->nroles++];
      memset(x, 0, sizeof *x);
      if (attr_role(p, name, line, &x->role, false) &&
          attr_u64(p, name, N_THREADS, line, &x->threads) &&
          attr_u64(p, name, N_LIVE_BYTES, line, &x->live_bytes) &&
          attr_u64(p, name, N_LIVE_BLOCKS, line, &x->live_blocks) &&
          attr_u64(p, name, N_WAITS, line, &x->waits) &&
          attr_u64(p, name, N_BLOCKED_US, line, &x->blocked_us) &&
          attr_u64(p, name, N_IDLE_US, line, &x->idle_us))
         attr_u64(p, name, N_WAKES, line, &x->wakes);
      break;
   }
   case K_SNSITE: {
      Snap *sn = &r->snaps->list[r->snaps->n - 1];
      GROW(sn->sites, sn->capsites, sn->nsites + 1);
      SnapSite *x = &sn->sites[sn->nsites++];
      memset(x, 0, sizeof *x);
      if (attr_role(p, name, line, &x->role, false) &&
          attr_u64(p, name, N_LIVE_BYTES, line, &x->live_bytes))
         attr_u64(p, name, N_LIVE_BLOCKS, line, &x->live_blocks);
      break;
   }
   case K_SNLEAK: {
      /* Its totals; then its by-role rows and records (below). */
      static const enum Name kb[4][2] = {
         { N_DEFINITE_BYTES, N_DEFINITE_BLOCKS },
         { N_INDIRECT_BYTES, N_INDIRECT_BLOCKS },
         { N_POSSIBLE_BYTES, N_POSSIBLE_BLOCKS },
         { N_REACHABLE_BYTES, N_REACHABLE_BLOCKS },
      };
      Snap *sn = &r->snaps->list[r->snaps->n - 1];
      bool ok = true;
      for (int k = 0; k < 4 && ok; k++)
         ok = attr_u64(p, name, kb[k][0], line, &sn->leak_bytes[k]) &&
              attr_u64(p, name, kb[k][1], line, &sn->leak_blocks[k]);
      if (ok && attr_u64(p, name, N_RECORDS, line, &sn->leak_records))
         sn->has_leaks = true;
      break;
   }
   case K_SNLROLE:
   case K_SNLREC: {
      /* A scan's rows by kind and role, and its largest lost records;
         a kind this at_print does not know is kept as -1 (left out of
         the sums). */
      Snap *sn = &r->snaps->list[r->snaps->n - 1];
      bool rec = k == K_SNLREC;
      SnapLeak *x;
      if (rec) {
         GROW(sn->lrecs, sn->caplrecs, sn->nlrecs + 1);
         x = &sn->lrecs[sn->nlrecs++];
      } else {
         GROW(sn->lroles, sn->caplroles, sn->nlroles + 1);
         x = &sn->lroles[sn->nlroles++];
      }
      memset(x, 0, sizeof *x);
      char *kind = attr_str(p, name, N_KIND, true, line);
      x->kind = leak_kind(kind);
      free(kind);
      if (!p->failed && attr_site_role(p, name, line, &x->role) &&
          attr_u64(p, name, N_BYTES, line, &x->bytes) &&
          attr_u64(p, name, N_BLOCKS, line, &x->blocks) && rec &&
          attr_u64(p, name, N_INDIRECT_BYTES, line, &x->ind_bytes))
         attr_u64(p, name, N_INDIRECT_BLOCKS, line, &x->ind_blocks);
      break;
   }
   case K_SNTASKS: {
      Snap *sn = &r->snaps->list[r->snaps->n - 1];
      SnapTasks *t = sn->tasks = xrealloc(NULL, sizeof *sn->tasks);
      memset(t, 0, sizeof *t);
      if (attr_u64(p, name, N_ALIVE, line, &t->alive) &&
          attr_u64(p, name, N_REST_SITES, line, &t->rest_sites) &&
          attr_u64(p, name, N_REST_TASKS, line, &t->rest_tasks) &&
          attr_u64(p, name, N_REST_BYTES, line, &t->rest_bytes) &&
          attr_u64(p, name, N_REST_BLOCKS, line, &t->rest_blocks))
         attr_u64(p, name, N_REST_CELL_BYTES, line, &t->rest_cell_bytes);
      break;
   }
   case K_SNSPAWN:
   case K_SNTASK: {
      SnapTasks *t = r->snaps->list[r->snaps->n - 1].tasks;
      SnapSpawn *x;
      bool task = k == K_SNTASK;
      if (task) {
         GROW(t->tasks, t->captasks, t->ntasks + 1);
         x = &t->tasks[t->ntasks++];
      } else {
         GROW(t->sites, t->capsites, t->nsites + 1);
         x = &t->sites[t->nsites++];
      }
      memset(x, 0, sizeof *x);
      if ((task ? attr_u64(p, name, N_SEQ, line, &x->seq) &&
                  attr_u64(p, name, N_SPAWN_SITE, line, &x->id)
                : attr_u64(p, name, N_ID, line, &x->id) &&
                  attr_u64(p, name, N_TASKS, line, &x->tasks)) &&
          attr_u64(p, name, N_LIVE_BYTES, line, &x->live_bytes) &&
          attr_u64(p, name, N_LIVE_BLOCKS, line, &x->live_blocks))
         attr_u64(p, name, N_CELL_BYTES, line, &x->cell_bytes);
      break;
   }
   case K_PHASE: {
      Snaps *ss = r->snaps;
      GROW(ss->phases, ss->capphases, ss->nphases + 1);
      Phase *ph = &ss->phases[ss->nphases++];
      memset(ph, 0, sizeof *ph);
      if (attr_u64(p, name, N_MS, line, &ph->ms) &&
          attr_u64(p, name, N_INSNS, line, &ph->insns) &&
          attr_u64(p, name, N_AFTER, line, &ph->after))
         ph->label = attr_str(p, name, N_LABEL, true, line);
      break;
   }
   case K_MAPS:
      maps_free(r->maps);
      r->maps = xrealloc(NULL, sizeof *r->maps);
      memset(r->maps, 0, sizeof *r->maps);
      if (attr_u64(p, name, N_MAPS, line, &r->maps->maps) &&
          attr_u64(p, name, N_SHOWN, line, &r->maps->shown))
         attr_u64(p, name, N_REST_BYTES, line, &r->maps->rest_bytes);
      break;
   case K_FPRINT: {
      char *at = attr_str(p, name, N_AT, true, line);
      p->fp_at = at == NULL ? -1 : strcmp(at, "peak") == 0 ? FP_PEAK
               : strcmp(at, "exit") == 0 ? FP_EXIT : -1;
      free(at);
      if (p->fp_at >= 0) {
         r->maps->has_at[p->fp_at] = true;
         attr_fp(p, name, line, &r->maps->at[p->fp_at]);
      }
      break;
   }
   case K_RFP:
   case K_TFP: {
      FpRow row;
      memset(&row, 0, sizeof row);
      if (p->fp_at < 0)
         break;
      if (k == K_RFP ? attr_role(p, name, line, &row.role, false)
                     : attr_u64(p, name, N_THREAD, line, &row.thread))
         attr_fp(p, name, line, &row.fp);
      if (k == K_RFP) {
         Maps *m = r->maps;
         GROW(m->roles[p->fp_at], m->caproles[p->fp_at],
              m->nroles[p->fp_at] + 1);
         m->roles[p->fp_at][m->nroles[p->fp_at]++] = row;
      } else {
         GROW(r->maps->threads, r->maps->capthreads, r->maps->nthreads + 1);
         r->maps->threads[r->maps->nthreads++] = row;
      }
      break;
   }
   case K_MAP: {
      MapRec *x = &p->map;
      memset(x, 0, sizeof *x);
      if ((x->start = attr_str(p, name, N_START, true, line)) != NULL &&
          attr_u64(p, name, N_BYTES, line, &x->bytes) &&
          (x->kind = attr_str(p, name, N_KIND, true, line)) != NULL &&
          (x->how = attr_str(p, name, N_HOW, true, line)) != NULL &&
          attr_u64(p, name, N_THREAD, line, &x->thread) &&
          attr_role(p, name, line, &x->role, false))
         x->file = attr_str(p, name, N_FILE, false, line);
      break;
   }
   case K_TASKS: case K_SPAWN: case K_RSHARE: case K_TASK: case K_BLOCKIN:
      tasks_begin(p, k, name, line);
      break;
   default:
      break;
   }
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

/* A string of the frame being read, cleaned for printing. */
static char *frame_str(Parser *p, const char *text)
{
   if (!p->table_frame)
      return clean_dup(text);
   buf_clear(&p->clean);
   buf_add_clean(&p->clean, text);
   return arena_dup(&p->rep->strs, p->clean.s, p->clean.len);
}

/* ------------------------------------------------------------------ */
/* Elements ending                                                    */
/* ------------------------------------------------------------------ */

/* An element has ended: store its text. */
void element_end(Parser *p, Level *l, const char *name)
{
   Report *r = p->rep;
   const char *text = p->text.s ? p->text.s : "";
   switch (l->kind) {
   case K_EXE:
      free(r->exe);
      r->exe = clean_dup(text);
      break;
   case K_ARG:
      GROW(r->args, r->capargs, r->nargs + 1);
      r->args[r->nargs++] = clean_dup(text);
      break;
   case K_PID:
      text_u64(p, name, l->line, &r->pid);
      break;
   case K_PPID:
      text_u64(p, name, l->line, &r->ppid);
      break;
   case K_DURATION:
      text_u64(p, name, l->line, &r->duration_ms);
      break;
   case K_START:
      free(r->start_time);
      r->start_time = clean_dup(text);
      break;
   case K_NAME:
      free(cur_thread(p)->name);
      cur_thread(p)->name = clean_dup(text);
      break;
   case K_IP:
      cur_frame(p)->ip = frame_str(p, text);
      break;
   case K_OBJ:
      cur_frame(p)->obj = frame_str(p, text);
      break;
   case K_FN:
      cur_frame(p)->fn = frame_str(p, text);
      break;
   case K_DIR:
      cur_frame(p)->dir = frame_str(p, text);
      break;
   case K_FILE:
      cur_frame(p)->file = frame_str(p, text);
      break;
   case K_LINE:
      cur_frame(p)->has_line = text_u64(p, name, l->line, &cur_frame(p)->line);
      break;
   case K_STACK:
      if (p->version == 2 && p->stack->ref == 0)
         fail(p, "line %ld: <stack> has no ref attribute", l->line);
      break;
   case K_STABLE:
      p->table_done = true;
      if (r->ntstacks != p->table_stacks)
         fail(p, "line %ld: <stack-table stacks=\"%" PRIu64 "\"> holds %"
              PRIu64 " %s", l->line, p->table_stacks, r->ntstacks,
              plural(r->ntstacks, "stack", "stacks"));
      if (p->mode == 1 && !p->failed) {
         p->table_end = p->table_at + in_pos(p);
         p->done = true;
         xmlStopParser(p->ctxt);
      }
      break;
   case K_THREADS:
      p->threads_done = true;
      break;
   case K_ROOT:
      check_refs(p, l->line);
      break;
   default:
      break;
   }
}

/* Does an element of this name hold no text in a report?  Only the
   ones at_print reads are known; any other might. */
bool holds_no_text(const char *name)
{
   if (strcmp(name, "asynctrace") == 0)
      return true;
   for (size_t i = 0; i < nchildren; i++)
      if (strcmp(name_str[children[i].name], name) == 0)
         return !has_text(children[i].kind);
   return false;
}
