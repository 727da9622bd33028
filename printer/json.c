/* json.c: at_print's JSON output (--format=json): the report as one
 * JSON object for scripts, with every figure the text shows and every
 * item the reader kept.  The shape is docs/at_print-json.md.  A list
 * is written in its order (the largest first, the most blocked first)
 * through a view (view.c): the report itself is left as read.  Every
 * stack is whole, with the index where the text starts it (first_shown,
 * frames.c) and its own frames marked, by the same rules (--own).
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

#define _POSIX_C_SOURCE 200809L

#include <inttypes.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cpusum.h"
#include "report.h"
#include "verdict.h"
#include "view.h"

/* The shape's name and version, at the top of every output: a script
   can check them before it reads on.  The version changes when a key
   is removed or changes meaning; keys may be added within a version. */
#define JSON_FORMAT "at_print-json"
#define JSON_VERSION 1

/* ------------------------------------------------------------------ */
/* Writing JSON                                                        */
/* ------------------------------------------------------------------ */

/* Deeper than the output ever goes. */
#define MAX_DEPTH 32

/* An object or array is written one member per line, indented, or, if
   flat, on one line: a frame, a sample, a thread; everything inside a
   flat one is flat too. */
typedef struct {
   FILE *f;
   int depth;
   int flat_at;                  /* the depth of the outermost flat one,
                                    or 0 */
   bool empty[MAX_DEPTH];        /* no member written yet, per depth */
   const OwnRules *own;          /* which frames are the program's */
   size_t group_frames;          /* sites merged on as many own frames */
} Json;

/* The length of the valid UTF-8 character at p (not NUL), or 0 if it
   is not one: a stray or missing continuation byte, an overlong form,
   a surrogate or more than U+10FFFF.  The string is NUL-terminated, so
   a byte is looked at only if the ones before it matched. */
static size_t utf8_char(const unsigned char *p)
{
   unsigned c = p[0];
   if (c < 0x80)
      return 1;
   if (c >= 0xc2 && c <= 0xdf)
      return (p[1] & 0xc0) == 0x80 ? 2 : 0;
   if (c >= 0xe0 && c <= 0xef) {
      unsigned lo = c == 0xe0 ? 0xa0 : 0x80, hi = c == 0xed ? 0x9f : 0xbf;
      return p[1] >= lo && p[1] <= hi && (p[2] & 0xc0) == 0x80 ? 3 : 0;
   }
   if (c >= 0xf0 && c <= 0xf4) {
      unsigned lo = c == 0xf0 ? 0x90 : 0x80, hi = c == 0xf4 ? 0x8f : 0xbf;
      return p[1] >= lo && p[1] <= hi && (p[2] & 0xc0) == 0x80 &&
             (p[3] & 0xc0) == 0x80 ? 4 : 0;
   }
   return 0;
}

/* s as a JSON string.  The reader's strings are UTF-8 (libxml2 makes
   them so) with control characters already shown as \xNN; but nothing
   that is not valid JSON may come out whatever they hold: a control
   character is written \u00XX, and a byte that is not UTF-8 as the
   text \xNN, the report's own notation for such bytes. */
static void j_string(Json *j, const char *s)
{
   const unsigned char *p = (const unsigned char *)s;
   putc('"', j->f);
   while (*p) {
      const unsigned char *run = p;
      size_t n;
      while (*p >= 0x20 && *p != 0x7f && *p != '"' && *p != '\\' &&
             (n = utf8_char(p)) > 0)
         p += n;
      fwrite(run, 1, (size_t)(p - run), j->f);
      if (*p == '\0')
         break;
      if (*p == '"' || *p == '\\')
         fprintf(j->f, "\\%c", *p);
      else if (*p < 0x20 || *p == 0x7f)
         fprintf(j->f, "\\u%04x", *p);
      else
         fprintf(j->f, "\\\\x%02x", *p);
      p++;
   }
   putc('"', j->f);
}

static bool j_flat(const Json *j)
{
   return j->flat_at != 0 && j->depth >= j->flat_at;
}

/* Starts a member: the comma after the one before, its line, its key
   (none in an array). */
static void j_member(Json *j, const char *key)
{
   if (j->depth > 0) {
      bool first = j->empty[j->depth];
      j->empty[j->depth] = false;
      if (!first)
         putc(',', j->f);
      if (j_flat(j)) {
         if (!first)
            putc(' ', j->f);
      } else {
         fprintf(j->f, "\n%*s", 2 * j->depth, "");
      }
   }
   if (key != NULL) {
      j_string(j, key);
      fputs(": ", j->f);
   }
}

static void j_open(Json *j, const char *key, char c, bool flat)
{
   j_member(j, key);
   putc(c, j->f);
   if (j->depth + 1 < MAX_DEPTH)
      j->depth++;
   j->empty[j->depth] = true;
   if (flat && j->flat_at == 0)
      j->flat_at = j->depth;
}

static void j_close(Json *j, char c)
{
   bool flat = j_flat(j), empty = j->empty[j->depth];
   if (j->flat_at == j->depth)
      j->flat_at = 0;
   if (j->depth > 0)
      j->depth--;
   if (!flat && !empty)
      fprintf(j->f, "\n%*s", 2 * j->depth, "");
   putc(c, j->f);
}

static void j_obj(Json *j, const char *key, bool flat) { j_open(j, key, '{', flat); }
static void j_arr(Json *j, const char *key, bool flat) { j_open(j, key, '[', flat); }
static void j_end_obj(Json *j) { j_close(j, '}'); }
static void j_end_arr(Json *j) { j_close(j, ']'); }

static void j_str(Json *j, const char *key, const char *s)
{
   j_member(j, key);
   j_string(j, s);
}

/* A string member, left out if the report does not have it. */
static void j_str_opt(Json *j, const char *key, const char *s)
{
   if (s != NULL)
      j_str(j, key, s);
}

static void j_u64(Json *j, const char *key, uint64_t v)
{
   j_member(j, key);
   fprintf(j->f, "%" PRIu64, v);
}

static void j_long(Json *j, const char *key, long v)
{
   j_member(j, key);
   fprintf(j->f, "%ld", v);
}

static void j_bool(Json *j, const char *key, bool v)
{
   j_member(j, key);
   fputs(v ? "true" : "false", j->f);
}

/* ------------------------------------------------------------------ */
/* The parts the sections share                                        */
/* ------------------------------------------------------------------ */

/* "role" and, where the report gives them, "pool" and "index". */
static void j_role(Json *j, const Role *r)
{
   j_str(j, "role", r->role ? r->role : "?");
   if (r->has_pool)
      j_u64(j, "pool", r->pool);
   if (r->has_index)
      j_u64(j, "index", r->index);
}

/* The same with the keys prefixed: "alloc_role", "alloc_pool". */
static void j_role_as(Json *j, const char *prefix, const Role *r)
{
   char key[32];
   snprintf(key, sizeof key, "%s_role", prefix);
   j_str(j, key, r->role ? r->role : "?");
   if (r->has_pool) {
      snprintf(key, sizeof key, "%s_pool", prefix);
      j_u64(j, key, r->pool);
   }
}

/* A name of the report's as a key: "blocked-us" -> "blocked_us", so
   that jq can write .blocked_us. */
static const char *key_of(char *buf, size_t size, const char *name)
{
   snprintf(buf, size, "%s", name);
   for (char *c = buf; *c; c++)
      if (*c == '-')
         *c = '_';
   return buf;
}

/* The futex counters the report gives. */
static void j_futex(Json *j, const char *key, const Futex *fx)
{
   char name[32];
   j_obj(j, key, true);
   for (size_t i = 0; i < FUTEX_N; i++)
      if (fx->has & (1u << i))
         j_u64(j, key_of(name, sizeof name, futex_attrs[i].name),
               *(const uint64_t *)((const char *)fx + futex_attrs[i].off));
   j_end_obj(j);
}

/* Every frame, innermost first, one per line, an own frame marked;
   before it, where the text starts the stack (first_shown) and whether
   that is the program's own frame, so that a script need not redo
   frames.c's rules to skip the allocator's frames. */
static void j_stack(Json *j, const Stack *s)
{
   size_t n = stack_depth(s);
   bool has_own;
   j_u64(j, "first_shown", first_shown(s, j->own, &has_own));
   j_bool(j, "has_own", has_own);
   j_arr(j, "stack", false);
   for (size_t i = 0; i < n; i++) {
      const Frame *f = stack_frame(s, i);
      j_obj(j, NULL, true);
      j_str(j, "ip", f->ip ? f->ip : "");
      j_str_opt(j, "obj", f->obj);
      j_str_opt(j, "fn", f->fn);
      j_str_opt(j, "dir", f->dir);
      j_str_opt(j, "file", f->file);
      if (f->has_line)
         j_u64(j, "line", f->line);
      if (has_own && frame_is_own(f, j->own))
         j_bool(j, "own", true);
      j_end_obj(j);
   }
   j_end_arr(j);
}

static void j_bytes_blocks(Json *j, const char *key, uint64_t bytes,
                           uint64_t blocks)
{
   j_obj(j, key, true);
   j_u64(j, "bytes", bytes);
   j_u64(j, "blocks", blocks);
   j_end_obj(j);
}

/* ------------------------------------------------------------------ */
/* The sections                                                        */
/* ------------------------------------------------------------------ */

/* <final-report-lost>: the end the run had, whose report was lost. */
static void j_lost_end(Json *j, const Report *r)
{
   const LostEnd *l = &r->run.lost;
   j_obj(j, "final_report_lost", true);
   switch (l->how) {
   case END_EXIT:
      j_str(j, "how", "exit");
      j_long(j, "status", l->status);
      break;
   case END_SIGNAL:
      j_str(j, "how", "signal");
      j_str(j, "signal", l->signal ? l->signal : "unknown");
      j_u64(j, "signo", l->signo);
      break;
   default:
      j_str(j, "how", l->signal ? l->signal : "?");
      break;
   }
   j_u64(j, "ms", l->ms);
   j_str(j, "why", l->why ? l->why : "");
   j_u64(j, "last_snapshot_ms", verdict_last_snapshot_ms(r));
   j_end_obj(j);
}

static void j_run(Json *j, const Report *r)
{
   j_obj(j, "run", false);
   j_str(j, "tool_version", r->run.tool_version ? r->run.tool_version : "");
   j_str(j, "valgrind_version", r->run.vg_version ? r->run.vg_version : "");
   j_str(j, "exe", r->run.exe ? r->run.exe : "");
   j_arr(j, "args", true);
   for (size_t i = 0; i < r->run.nargs; i++)
      j_str(j, NULL, r->run.args[i]);
   j_end_arr(j);
   j_u64(j, "pid", r->run.pid);
   j_u64(j, "ppid", r->run.ppid);
   j_str(j, "start_time", r->run.start_time ? r->run.start_time : "");
   j_u64(j, "duration_ms", r->run.duration_ms);
   j_obj(j, "end", true);
   switch (r->run.end_how) {
   case END_EXIT:
      j_str(j, "how", "exit");
      j_long(j, "status", r->run.status);
      break;
   case END_SIGNAL:
      j_str(j, "how", "signal");
      j_str(j, "signal", r->run.signal ? r->run.signal : "unknown");
      j_u64(j, "signo", r->run.signo);
      if (r->run.crash.present) {
         const Crash *c = &r->run.crash;
         j_obj(j, "crash", true);
         j_u64(j, "thread", c->thread);
         j_str(j, "name", c->name ? c->name : "");
         j_role(j, &c->role);
         if (c->has_code) {
            const char *e = verdict_fault_event(r->run.signal, c->code);
            j_long(j, "code", c->code);
            j_str_opt(j, "fault", e);
         }
         j_str_opt(j, "addr", c->addr);
         j_stack(j, &c->stack);
         j_end_obj(j);
      }
      break;
   default:
      j_str(j, "how", r->run.signal ? r->run.signal : "?");
      if (r->run.lost.present)
         j_lost_end(j, r);
      break;
   }
   j_end_obj(j);
   /* The first as a string, as it always was; then all of them. */
   if (r->run.nno_symbols > 0) {
      j_str(j, "no_symbols", r->run.no_symbols[0]);
      j_arr(j, "no_symbols_all", true);
      for (size_t i = 0; i < r->run.nno_symbols; i++)
         j_str(j, NULL, r->run.no_symbols[i]);
      j_end_arr(j);
   }
   j_end_obj(j);
}

/* ---- The verdict ---- */

/* How the run ended, in a word (the text's verdict says it in a
   sentence). */
static const char *outcome(const Report *r)
{
   switch (r->run.end_how) {
   case END_EXIT:
      return "exited";
   case END_SIGNAL:
      if (r->run.signo == 0 || r->run.signal == NULL ||
          strcmp(r->run.signal, "unknown") == 0)
         return "killed";
      return verdict_crash_signal(r->run.signal) ? "crashed" : "stopped";
   default:
      return r->run.signal ? r->run.signal : "?";
   }
}

/* The bytes and blocks really lost (definitely, indirectly and
   possibly) by the role in force when they were allocated. */
static void j_lost_by_role(Json *j, const Report *r)
{
   size_t m;
   LostRole *a = verdict_lost_by_role(r, 1u << LK_DEF | 1u << LK_IND |
                                         1u << LK_POS, &m);
   j_arr(j, "lost_by_role", false);
   for (size_t i = 0; i < m; i++) {
      j_obj(j, NULL, true);
      j_role(j, a[i].role);
      j_u64(j, "bytes", a[i].bytes);
      j_u64(j, "blocks", a[i].blocks);
      j_end_obj(j);
   }
   j_end_arr(j);
   free(a);
}

/* What holds the still reachable bytes, in the text verdict's groups. */
static void j_held_groups(Json *j, const Report *r)
{
   static const char *const key[HG_N] = {
      "globals", "live_threads", "ended_threads", "unknown", "other",
   };
   uint64_t sum[HG_N] = { 0 };
   for (size_t i = 0; i < r->leaks.nheld; i++) {
      int g = held_group(&r->leaks.held[i], NULL);
      sum[g] = add_sat(sum[g], r->leaks.held[i].bytes);
   }
   j_obj(j, "reachable_held_by", true);
   for (int g = 0; g < HG_N; g++)
      j_u64(j, key[g], sum[g]);
   j_end_obj(j);
}

/* The bad calls summed by kind, most first, then in order of first
   sight. */
static void j_bad_kinds(Json *j, const Report *r)
{
   size_t nk;
   BadKind *kinds = verdict_bad_kinds(r, NULL, &nk);
   j_arr(j, "bad_calls_by_kind", false);
   for (size_t k = 0; k < nk; k++) {
      j_obj(j, NULL, true);
      j_str(j, "kind", kinds[k].kind);
      j_u64(j, "count", kinds[k].count);
      j_end_obj(j);
   }
   j_end_arr(j);
   free(kinds);
}

/* The possibly-lost records likely reachable (verdict.c). */
static void j_likely(Json *j, const Report *r)
{
   LikelyReach l;
   verdict_likely_reachable(r, NULL, &l);
   j_obj(j, "likely_reachable", false);
   j_u64(j, "bytes", l.bytes);
   j_u64(j, "blocks", l.blocks);
   j_arr(j, "records", false);
   for (size_t i = 0; i < l.n; i++) {
      const Likely *k = &l.list[i];
      j_obj(j, NULL, true);
      j_u64(j, "bytes", k->rec->bytes);
      j_u64(j, "blocks", k->rec->blocks);
      j_role(j, &k->rec->role);
      j_str(j, "via", k->via);
      j_bool(j, "library", k->library);
      j_str_opt(j, "block", k->block);
      j_bool(j, "block_by_library", k->block_lib);
      j_str_opt(j, "holder", k->holder);
      if (strcmp(k->via, "tls") == 0)
         j_u64(j, "thread", k->thread);
      j_end_obj(j);
   }
   j_end_arr(j);
   j_end_obj(j);
   verdict_likely_free(&l);
}

/* Lock contention by whose lock (verdict.c). */
static void j_locks(Json *j, const Report *r)
{
   LockSplit l;
   if (!verdict_lock_split(r, NULL, &l))
      return;
   j_obj(j, "lock_contention", false);
   j_u64(j, "total_us", l.total_us);
   j_u64(j, "program_us", l.program_us);
   j_u64(j, "library_us", l.library_us);
   j_u64(j, "unlisted_us", l.unlisted_us);
   j_arr(j, "program_places", true);
   for (size_t i = 0; i < l.nplaces; i++)
      j_str(j, NULL, l.places[i]);
   j_end_arr(j);
   j_arr(j, "libraries", true);
   for (size_t i = 0; i < l.nlibs; i++)
      j_str(j, NULL, l.libs[i]);
   j_end_arr(j);
   j_end_obj(j);
   verdict_lock_free(&l);
}

/* The last snapshot's leak scan, for a report with none of its own. */
static void j_snapshot_scan(Json *j, const Report *r)
{
   const Snap *sn = verdict_snapshot_scan(r);
   if (sn == NULL)
      return;
   j_obj(j, "snapshot_leak_scan", false);
   j_u64(j, "snapshot", sn->seq);
   j_u64(j, "ms", sn->ms);
   j_bytes_blocks(j, "definitely_lost", sn->leak_bytes[LK_DEF],
                  sn->leak_blocks[LK_DEF]);
   j_bytes_blocks(j, "indirectly_lost", sn->leak_bytes[LK_IND],
                  sn->leak_blocks[LK_IND]);
   j_bytes_blocks(j, "possibly_lost", sn->leak_bytes[LK_POS],
                  sn->leak_blocks[LK_POS]);
   j_bytes_blocks(j, "still_reachable", sn->leak_bytes[LK_REACH],
                  sn->leak_blocks[LK_REACH]);
   j_end_obj(j);
}

static void j_verdict(Json *j, const Report *r, size_t nwarn)
{
   j_obj(j, "verdict", false);
   j_str(j, "outcome", outcome(r));
   j_str(j, "when", verdict_when(r));
   j_bool(j, "leak_scan", r->leaks.present);
   if (r->leaks.present) {
      uint64_t bytes = verdict_lost_bytes(r), blocks = verdict_lost_blocks(r);
      j_bool(j, "leaked", bytes > 0 || blocks > 0);
      j_bytes_blocks(j, "lost", bytes, blocks);
      j_bytes_blocks(j, "definitely_lost", r->leaks.bytes[LK_DEF],
                     r->leaks.blocks[LK_DEF]);
      j_lost_by_role(j, r);
      j_likely(j, r);
      j_bytes_blocks(j, "still_reachable", r->leaks.bytes[LK_REACH],
                     r->leaks.blocks[LK_REACH]);
      if (r->leaks.nheld > 0)
         j_held_groups(j, r);
   } else {
      j_bytes_blocks(j, "still_live", r->live.bytes, r->live.blocks);
      j_snapshot_scan(j, r);
   }
   j_locks(j, r);
   if (r->bad.present) {
      j_u64(j, "bad_calls", r->bad.total);
      j_bad_kinds(j, r);
   }
   j_u64(j, "invariants_broken", nwarn);
   j_end_obj(j);
}

/* ---- Threads, roles, heap ---- */

static void j_threads(Json *j, const Report *r)
{
   j_arr(j, "threads", false);
   for (size_t i = 0; i < r->threads.n; i++) {
      const Thread *t = &r->threads.list[i];
      j_obj(j, NULL, true);
      j_u64(j, "seq", t->seq);
      j_str_opt(j, "name", t->name);
      j_role(j, &t->role);
      if (t->role_by_name)
         j_bool(j, "role_by_name", true);
      j_u64(j, "creator", t->creator);
      j_u64(j, "start_ms", t->start_ms);
      if (t->has_end) {
         j_u64(j, "end_ms", t->end_ms);
         if (t->forked)            /* else not known in older reports */
            j_bool(j, "ended_by_fork", true);
      }
      j_bool(j, "alive_at_exit", t->alive);
      if (t->has_insns)
         j_u64(j, "instructions", t->insns);
      if (t->has_running)
         j_u64(j, "running_us", t->running_us);
      j_obj(j, "heap", true);
      j_u64(j, "allocs", t->allocs);
      j_u64(j, "bytes_allocated", t->bytes_allocated);
      j_u64(j, "live_blocks", t->live_blocks);
      j_u64(j, "live_bytes", t->live_bytes);
      j_end_obj(j);
      if (t->has_futex)
         j_futex(j, "futex", &t->fx);
      if (t->has_sys) {
         j_obj(j, "syscalls", false);
         for (int c = 0; c < SYS_N; c++) {
            j_obj(j, sys_names[c], true);
            j_u64(j, "calls", t->sys_calls[c]);
            j_u64(j, "us", t->sys_us[c]);
            j_end_obj(j);
         }
         j_end_obj(j);
      }
      j_end_obj(j);
   }
   j_end_arr(j);
}

static void j_roles(Json *j, const Report *r)
{
   if (!r->roles.present)
      return;
   j_arr(j, "roles", false);
   for (size_t i = 0; i < r->roles.n; i++) {
      const RoleSum *s = &r->roles.list[i];
      j_obj(j, NULL, true);
      j_role(j, &s->role);
      j_u64(j, "threads", s->threads);
      j_u64(j, "peak_alive", s->peak_alive);
      j_u64(j, "churn", s->churn);
      j_u64(j, "alive_at_exit", s->alive);
      j_u64(j, "instructions", s->insns);
      if (s->has_live_at_peak)
         j_u64(j, "live_at_peak", s->live_at_peak);
      j_obj(j, "heap", true);
      j_u64(j, "bytes_allocated", s->bytes_allocated);
      j_u64(j, "live_bytes", s->live_bytes);
      if (s->has_live_blocks)
         j_u64(j, "live_blocks", s->live_blocks);
      if (s->has_peak_live)
         j_u64(j, "peak_live", s->peak_live);
      j_end_obj(j);
      j_futex(j, "futex", &s->fx);
      j_end_obj(j);
   }
   j_end_arr(j);
}

static void j_heap(Json *j, const Report *r)
{
   j_obj(j, "heap", false);
   j_u64(j, "allocs", r->heap.allocs);
   j_u64(j, "frees", r->heap.frees);
   j_u64(j, "bytes_allocated", r->heap.bytes_allocated);
   j_u64(j, "bytes_freed", r->heap.bytes_freed);
   j_u64(j, "live_blocks", r->heap.live_blocks);
   j_u64(j, "live_bytes", r->heap.live_bytes);
   j_u64(j, "peak_bytes", r->heap.peak_bytes);
   j_u64(j, "peak_blocks", r->heap.peak_blocks);
   j_u64(j, "peak_ms", r->heap.peak_ms);
   if (r->heap.has_peak_time) {
      j_u64(j, "peak_time", r->heap.peak_time);
      j_str_opt(j, "time_unit", r->heap.time_unit);
   }
   j_end_obj(j);
}

/* ---- The timeline ---- */

/* The i-th sample: those kept, then the last if it was kept apart. */
static const Sample *sample_at(const Report *r, size_t i)
{
   return i < r->timeline.nsamples ? &r->timeline.samples[i] :
      &r->timeline.last;
}

static void j_timeline(Json *j, const Report *r)
{
   if (!r->timeline.present)
      return;
   size_t n = r->timeline.nsamples + (r->timeline.have_last ? 1 : 0);
   j_obj(j, "timeline", false);
   j_str_opt(j, "unit", r->timeline.unit);
   j_u64(j, "samples_in_report",
         sub_sat(r->timeline.seen, r->timeline.repeats));
   j_arr(j, "samples", false);
   for (size_t i = 0; i < n; i++) {
      const Sample *s = sample_at(r, i), *next = i + 1 < n ? sample_at(r, i + 1) : NULL;
      bool peak = s->peak;
      /* The tool writes the peak as a sample of its own, which may
         repeat the one before: listed once, as the peak (as the text
         shows it). */
      if (i > 0) {
         const Sample *prev = sample_at(r, i - 1);
         if (prev->peak != s->peak && prev->time == s->time &&
             prev->live == s->live)
            continue;
      }
      if (next != NULL && next->peak && !s->peak && next->time == s->time &&
          next->live == s->live)
         peak = true;
      j_obj(j, NULL, true);
      j_u64(j, "time", s->time);
      j_u64(j, "live_bytes", s->live);
      if (peak)
         j_bool(j, "peak", true);
      j_arr(j, "roles", true);
      for (size_t k = 0; k < s->nroles; k++) {
         j_obj(j, NULL, true);
         j_role(j, &r->timeline.cols[s->roles[k].col]);
         j_u64(j, "live_bytes", s->roles[k].bytes);
         j_end_obj(j);
      }
      j_end_arr(j);
      j_end_obj(j);
   }
   j_end_arr(j);
   j_end_obj(j);
}

/* ---- Allocation sites, frees across roles, bad calls ---- */

static void j_asites(Json *j, const Report *r, size_t top)
{
   if (!r->alloc.present)
      return;
   View v = view_top(r->alloc.sites, r->alloc.nsites, sizeof *r->alloc.sites,
                     cmp_asite,
                     top);
   j_obj(j, "alloc_sites", false);
   j_u64(j, "count", r->alloc.count);
   j_u64(j, "shown", r->alloc.shown);
   j_u64(j, "listed", r->alloc.total);
   j_u64(j, "allocs", add_sat(r->alloc.allocs, r->alloc.rest_allocs));
   j_u64(j, "bytes", add_sat(r->alloc.bytes, r->alloc.rest_bytes));
   j_obj(j, "rest", true);
   j_u64(j, "allocs", r->alloc.rest_allocs);
   j_u64(j, "bytes", r->alloc.rest_bytes);
   j_u64(j, "live_bytes", r->alloc.rest_live);
   j_u64(j, "at_peak", r->alloc.rest_at_peak);
   j_end_obj(j);
   j_arr(j, "sites", false);
   for (size_t i = 0; i < v.n; i++) {
      const ASite *a = v.at[i];
      j_obj(j, NULL, false);
      j_role(j, &a->role);
      j_u64(j, "allocs", a->allocs);
      j_u64(j, "bytes", a->bytes);
      j_u64(j, "live_blocks", a->live_blocks);
      j_u64(j, "live_bytes", a->live_bytes);
      j_u64(j, "at_peak", a->at_peak);
      j_stack(j, &a->stack);
      j_end_obj(j);
   }
   j_end_arr(j);
   j_end_obj(j);
   view_free(&v);
}

static void j_xfrees(Json *j, const Report *r)
{
   if (!r->xfrees.present)
      return;
   j_obj(j, "cross_frees", false);
   j_u64(j, "frees", r->xfrees.frees);
   j_u64(j, "bytes", r->xfrees.bytes);
   j_arr(j, "pairs", false);
   for (size_t i = 0; i < r->xfrees.n; i++) {
      const XFree *x = &r->xfrees.list[i];
      j_obj(j, NULL, true);
      j_role_as(j, "alloc", &x->alloc);
      j_role_as(j, "free", &x->freed);
      j_u64(j, "frees", x->frees);
      j_u64(j, "bytes", x->bytes);
      j_end_obj(j);
   }
   j_end_arr(j);
   j_end_obj(j);
}

static void j_bad(Json *j, const Report *r)
{
   if (!r->bad.present)
      return;
   j_obj(j, "bad_calls", false);
   j_u64(j, "calls", r->bad.total);
   j_arr(j, "list", false);
   for (size_t i = 0; i < r->bad.n; i++) {
      const BadCall *b = &r->bad.list[i];
      j_obj(j, NULL, false);
      j_str(j, "kind", b->kind ? b->kind : "?");
      j_u64(j, "count", b->count);
      j_str_opt(j, "addr", b->addr);
      j_u64(j, "size", b->size);
      j_u64(j, "given", b->given);
      j_str_opt(j, "suppressed_by", b->suppressed_by);
      j_stack(j, &b->stack);
      j_end_obj(j);
   }
   j_end_arr(j);
   j_end_obj(j);
}

/* ---- Footprint: the heap and the mappings ---- */

static void j_fp(Json *j, const Fp *f)
{
   j_u64(j, "heap", f->heap);
   j_u64(j, "stacks", f->stacks);
   j_u64(j, "anon", f->anon);
   j_u64(j, "file", f->file);
   j_u64(j, "total", f->total);
   j_u64(j, "stack_maps", f->stack_maps);
   j_u64(j, "anon_maps", f->anon_maps);
   j_u64(j, "file_maps", f->file_maps);
}

static void j_maps(Json *j, const Report *r)
{
   static const char *const at_key[2] = { "peak", "exit" };
   const Maps *m = r->maps;
   if (m == NULL)
      return;
   j_obj(j, "footprint", false);
   j_u64(j, "maps", m->maps);
   j_u64(j, "rest_bytes", m->rest_bytes);
   for (int a = 0; a < 2; a++) {
      if (!m->has_at[a])
         continue;
      j_obj(j, at_key[a], false);
      j_fp(j, &m->at[a]);
      j_arr(j, "roles", false);
      for (size_t i = 0; i < m->nroles[a]; i++) {
         j_obj(j, NULL, true);
         j_role(j, &m->roles[a][i].role);
         j_fp(j, &m->roles[a][i].fp);
         j_end_obj(j);
      }
      j_end_arr(j);
      if (a == FP_EXIT) {
         j_arr(j, "threads", false);
         for (size_t i = 0; i < m->nthreads; i++) {
            j_obj(j, NULL, true);
            j_u64(j, "thread", m->threads[i].thread);
            j_fp(j, &m->threads[i].fp);
            j_end_obj(j);
         }
         j_end_arr(j);
      }
      j_end_obj(j);
   }
   j_arr(j, "maps_at_exit", false);
   for (size_t i = 0; i < m->nlist; i++) {
      const MapRec *x = &m->list[i];
      j_obj(j, NULL, false);
      j_str(j, "start", x->start ? x->start : "?");
      j_u64(j, "bytes", x->bytes);
      j_str(j, "kind", x->kind ? x->kind : "?");
      j_str(j, "how", x->how ? x->how : "?");
      j_u64(j, "thread", x->thread);
      j_role(j, &x->role);
      j_str_opt(j, "file", x->file);
      j_stack(j, &x->stack);
      j_end_obj(j);
   }
   j_end_arr(j);
   j_end_obj(j);
}

/* ---- Tokio tasks ---- */

static void j_tasks(Json *j, const Report *r)
{
   const Tasks *t = r->tasks;
   if (t == NULL)
      return;
   j_obj(j, "tasks", false);
   j_str(j, "attribution", t->attribution ? t->attribution : "?");
   j_str(j, "recognised", t->recognised ? t->recognised : "?");
   j_u64(j, "spawned", t->spawned);
   j_u64(j, "poll_entries", t->poll_entries);
   j_u64(j, "unknown_polls", t->unknown_polls);
   j_u64(j, "shown", t->shown);
   if (t->has_rayon) {
      j_u64(j, "rayon_jobs", t->rayon_jobs);
      j_u64(j, "rayon_unknown", t->rayon_unknown);
   }
   /* Each site named as the summary names it, and the site of its
      source line the summary merges it into (sitemerge.c). */
   MergedTasks m;
   names_index(r);
   tasks_merge(t, j->own, j->group_frames, &m);
   j_arr(j, "spawn_sites", false);
   for (size_t i = 0; i < t->nsites; i++) {
      const SpawnSite *s = &t->sites[i];
      Buf b = { 0 };
      j_obj(j, NULL, false);
      j_u64(j, "id", s->id);
      j_u64(j, "line_site", tasks_merged_id(&m, s->id));
      j_str(j, "kind", s->kind ? s->kind : "?");
      j_str(j, "future", s->future ? s->future : "?");
      add_spawn_place_as(&b, s, j->own, false, false);
      j_str(j, "name", b.s);
      buf_clear(&b);
      if (add_site_work_as(&b, s, false))
         j_str(j, "work", b.s);
      free(b.s);
      if (s->has_frame)
         j_u64(j, "frame", s->frame);
      j_u64(j, "spawned", s->spawned);
      j_u64(j, "ended", s->ended);
      j_u64(j, "alive_at_exit", s->alive);
      j_u64(j, "pending_at_exit", s->pending);
      j_u64(j, "polls", s->polls);
      j_u64(j, "instructions", s->insns);
      j_u64(j, "max_poll_instructions", s->max_poll);
      if (s->has_stolen)
         j_u64(j, "stolen", s->stolen);
      if (s->has_splits)
         j_u64(j, "splits", s->splits);
      if (s->has_median)
         j_u64(j, "median_instructions", s->median);
      j_u64(j, "allocs", s->allocs);
      j_u64(j, "bytes_allocated", s->bytes);
      j_u64(j, "peak_live", s->peak_live);
      j_u64(j, "live_blocks", s->live_blocks);
      j_u64(j, "live_bytes", s->live_bytes);
      if (s->has_lost) {
         j_u64(j, "lost_bytes", s->lost_bytes);
         j_u64(j, "lost_blocks", s->lost_blocks);
      }
      j_u64(j, "blocking_waits", s->waits);
      j_u64(j, "blocking_us", s->blocked_us);
      j_stack(j, &s->stack);
      j_end_obj(j);
   }
   j_end_arr(j);
   tasks_merged_free(&m);
   j_arr(j, "role_shares", false);
   for (size_t i = 0; i < t->nshares; i++) {
      const TaskShare *s = &t->shares[i];
      j_obj(j, NULL, true);
      j_role(j, &s->role);
      j_u64(j, "allocs_in_tasks", s->allocs_in);
      j_u64(j, "bytes_in_tasks", s->bytes_in);
      j_u64(j, "allocs_outside", s->allocs_out);
      j_u64(j, "bytes_outside", s->bytes_out);
      j_u64(j, "instructions_in_tasks", s->insns_in);
      j_end_obj(j);
   }
   j_end_arr(j);
   j_arr(j, "tasks", false);
   for (size_t i = 0; i < t->ntasks; i++) {
      const TaskRec *k = &t->tasks[i];
      j_obj(j, NULL, false);
      j_u64(j, "seq", k->seq);
      j_u64(j, "spawn_site", k->site);
      j_str(j, "state", k->state ? k->state : "?");
      j_u64(j, "polls", k->polls);
      j_u64(j, "instructions", k->insns);
      j_u64(j, "max_poll_instructions", k->max_poll);
      j_u64(j, "allocs", k->allocs);
      j_u64(j, "bytes_allocated", k->bytes);
      j_u64(j, "blocking_waits", k->waits);
      j_u64(j, "spawned_ms", k->spawned_ms);
      if (k->has_ended)
         j_u64(j, "ended_ms", k->ended_ms);
      if (stack_depth(&k->stack) > 0)
         j_stack(j, &k->stack);
      j_end_obj(j);
   }
   j_end_arr(j);
   j_arr(j, "blocking_in_async", false);
   for (size_t i = 0; i < t->nblocks; i++) {
      const BlockIn *b = &t->blocks[i];
      j_obj(j, NULL, false);
      j_u64(j, "spawn_site", b->site);
      if (b->call)
         j_str(j, "call", b->call);
      j_u64(j, "waits", b->waits);
      j_u64(j, "blocked_us", b->blocked_us);
      j_u64(j, "max_us", b->max_us);
      j_stack(j, &b->stack);
      j_end_obj(j);
   }
   j_end_arr(j);
   j_end_obj(j);
}

/* ---- The CPU profile ---- */

/* The layers' instructions, every layer (0 too), by key. */
static void j_layers(Json *j, const uint64_t *layer)
{
   j_obj(j, "layers", true);
   for (int l = 0; l < LAYER_N; l++)
      j_u64(j, layer_keys[l], layer[l]);
   j_end_obj(j);
}

/* The sums the text shows (cpusum.c): per role instance its layers,
   the runtime's own instructions and its top functions; per spawn site
   (merged by source line) its layers, and for Tokio's the scheduler's
   estimated cost of its polls. */
static void j_cpu_sums(Json *j, const Report *r)
{
   CpuSums c;
   MergedTasks m = { 0 };
   if (r->tasks != NULL)
      tasks_merge(r->tasks, j->own, j->group_frames, &m);
   cpu_sums(r, j->own, r->tasks ? &m : NULL, false, &c);
   j_arr(j, "roles", false);
   for (size_t i = 0; i < c.nroles; i++) {
      const CpuRole *x = &c.roles[i];
      j_obj(j, NULL, false);
      j_role(j, x->role);
      j_u64(j, "insns", x->insns);
      j_layers(j, x->layer);
      if (cpu_runtime_name(x->runtime) != NULL) {
         j_str(j, "runtime", cpu_runtime_name(x->runtime));
         j_u64(j, "runtime_own", cpu_runtime_cost(x));
      }
      j_arr(j, "functions", false);
      size_t shown = 0;
      for (size_t k = 0; k < c.nfns && shown < 10; k++)
         if (c.fns[k].role == i) {
            j_obj(j, NULL, true);
            j_str(j, "name", c.fns[k].name);
            j_u64(j, "insns", c.fns[k].insns);
            j_str(j, "layer", layer_keys[c.fns[k].layer]);
            j_end_obj(j);
            shown++;
         }
      j_end_arr(j);
      j_end_obj(j);
   }
   j_end_arr(j);
   j_arr(j, "spawn_sites", false);
   for (size_t i = 0; i < c.nsites; i++) {
      const CpuSite *x = &c.sites[i];
      const SpawnSite *s = spawn_site(&m.t, x->site);
      j_obj(j, NULL, false);
      j_u64(j, "spawn_site", x->site);
      j_u64(j, "insns", x->insns);
      j_layers(j, x->layer);
      uint64_t est;
      if (cpu_sched_estimate(&c, s, &est)) {
         j_u64(j, "polls", s->polls);
         j_u64(j, "scheduler_estimate", est);
      }
      j_end_obj(j);
   }
   j_end_arr(j);
   cpu_sums_free(&c);
   if (r->tasks != NULL)
      tasks_merged_free(&m);
}

/* Every row, in the report's order (the most instructions first); a
   row of threads never sampled has no stack. */
static void j_cpu(Json *j, const Report *r)
{
   const Cpu *c = r->cpu;
   if (c == NULL)
      return;
   j_obj(j, "cpu", false);
   j_u64(j, "interval", c->interval);
   j_u64(j, "samples", c->samples);
   j_u64(j, "insns", c->insns);
   j_arr(j, "stacks", false);
   for (size_t i = 0; i < c->nrows; i++) {
      const CpuRow *x = &c->rows[i];
      j_obj(j, NULL, !x->has_stack);
      j_role(j, &x->role);
      if (x->has_site)
         j_u64(j, "spawn_site", x->site);
      j_u64(j, "insns", x->insns);
      j_u64(j, "samples", x->samples);
      if (x->has_stack)
         j_stack(j, &x->stack);
      j_end_obj(j);
   }
   j_end_arr(j);
   j_cpu_sums(j, r);
   j_end_obj(j);
}

/* ---- Snapshots and growth suspects (growth.c) ---- */

static void j_num(Json *j, const char *key, double v, int prec)
{
   j_member(j, key);
   fprintf(j->f, "%.*f", prec, v);
}

/* A snapshot's leak scan's keys, in LK_* order. */
static const char *const lk_json[LK_N] = {
   "definitely_lost", "indirectly_lost", "possibly_lost", "still_reachable",
};
/* A snapshot's Tokio tasks: per spawn site and the tasks holding most. */
static void j_snap_tasks(Json *j, const SnapTasks *t)
{
   if (t == NULL)
      return;
   j_obj(j, "tasks", false);
   j_u64(j, "alive", t->alive);
   j_arr(j, "spawn_sites", false);
   for (size_t k = 0; k < t->nsites; k++) {
      const SnapSpawn *x = &t->sites[k];
      j_obj(j, NULL, true);
      j_u64(j, "spawn_site", x->id);
      j_u64(j, "tasks", x->tasks);
      j_u64(j, "live_bytes", x->live_bytes);
      j_u64(j, "live_blocks", x->live_blocks);
      j_u64(j, "cell_bytes", x->cell_bytes);
      j_end_obj(j);
   }
   j_end_arr(j);
   j_u64(j, "rest_sites", t->rest_sites);
   j_u64(j, "rest_tasks", t->rest_tasks);
   j_u64(j, "rest_bytes", t->rest_bytes);
   j_u64(j, "rest_blocks", t->rest_blocks);
   j_u64(j, "rest_cell_bytes", t->rest_cell_bytes);
   j_arr(j, "list", false);
   for (size_t k = 0; k < t->ntasks; k++) {
      const SnapSpawn *x = &t->tasks[k];
      j_obj(j, NULL, true);
      j_u64(j, "seq", x->seq);
      j_u64(j, "spawn_site", x->id);
      j_u64(j, "live_bytes", x->live_bytes);
      j_u64(j, "live_blocks", x->live_blocks);
      j_u64(j, "cell_bytes", x->cell_bytes);
      j_end_obj(j);
   }
   j_end_arr(j);
   j_end_obj(j);
}

/* A snapshot's leak scan's rows by kind and role, and its largest lost
   records. */
static void j_snap_leak_rows(Json *j, const Snap *sn)
{
   j_arr(j, "by_role", false);
   for (size_t k = 0; k < sn->nlroles; k++) {
      const SnapLeak *x = &sn->lroles[k];
      j_obj(j, NULL, true);
      j_str(j, "kind", x->kind >= 0 ? lk_attr[x->kind] : "?");
      j_role(j, &x->role);
      j_u64(j, "bytes", x->bytes);
      j_u64(j, "blocks", x->blocks);
      j_end_obj(j);
   }
   j_end_arr(j);
   j_arr(j, "records", false);
   for (size_t k = 0; k < sn->nlrecs; k++) {
      const SnapLeak *x = &sn->lrecs[k];
      j_obj(j, NULL, false);
      j_str(j, "kind", x->kind >= 0 ? lk_attr[x->kind] : "?");
      j_role(j, &x->role);
      j_u64(j, "bytes", x->bytes);
      j_u64(j, "blocks", x->blocks);
      j_u64(j, "indirect_bytes", x->ind_bytes);
      j_u64(j, "indirect_blocks", x->ind_blocks);
      j_stack(j, &x->stack);
      j_end_obj(j);
   }
   j_end_arr(j);
}

/* A growth suspect's fit: its snapshots, bytes, slope and steadiness. */
static void j_fit(Json *j, const Suspect *x)
{
   j_u64(j, "first_snapshot", x->first_seq);
   j_u64(j, "last_snapshot", x->last_seq);
   j_u64(j, "points", x->points);
   j_u64(j, "first_bytes", x->first_bytes);
   j_u64(j, "last_bytes", x->last_bytes);
   j_num(j, "bytes_per_hour", x->per_hour, 0);
   j_num(j, "bytes_per_snapshot", x->per_snap, 0);
   j_num(j, "steady", x->steady, 3);
   j_num(j, "r2", x->r2, 3);
}

/* The growth of definitely lost memory at the leak scans: every role
   (grows or not), the records that grow. */
static void j_leak_growth(Json *j, const Growth *g)
{
   j_u64(j, "leak_scans_used", g->lused);
   j_arr(j, "lost_by_role", false);
   for (size_t i = 0; i < g->nlroles; i++) {
      const Suspect *x = &g->lroles[i];
      j_obj(j, NULL, true);
      j_role(j, &x->leak->role);
      j_bool(j, "grows", x->grows);
      j_fit(j, x);
      j_end_obj(j);
   }
   j_end_arr(j);
   j_arr(j, "lost_records", false);
   for (size_t i = 0; i < g->nlrecs; i++) {
      const Suspect *x = &g->lrecs[i];
      j_obj(j, NULL, false);
      j_str(j, "kind", x->leak->kind >= 0 ? lk_attr[x->leak->kind] : "?");
      j_role(j, &x->leak->role);
      j_fit(j, x);
      j_stack(j, &x->leak->stack);
      j_end_obj(j);
   }
   j_end_arr(j);
}

static void j_snaps(Json *j, const Report *r)
{
   const Snaps *ss = r->snaps;
   if (ss == NULL)
      return;
   j_obj(j, "snapshots", false);
   j_str_opt(j, "interval", ss->interval);
   j_u64(j, "taken", ss->taken);
   j_u64(j, "kept", ss->kept);
   j_u64(j, "max", ss->max);
   j_arr(j, "list", false);
   for (size_t i = 0; i < ss->n; i++) {
      const Snap *sn = &ss->list[i];
      j_obj(j, NULL, false);
      j_u64(j, "seq", sn->seq);
      j_u64(j, "ms", sn->ms);
      j_u64(j, "insns", sn->insns);
      j_str(j, "cause", sn->cause ? sn->cause : "?");
      j_str_opt(j, "label", sn->label);
      j_u64(j, "live_bytes", sn->live_bytes);
      j_u64(j, "live_blocks", sn->live_blocks);
      j_u64(j, "threads", sn->threads);
      j_bool(j, "largest", sn->peak);
      j_arr(j, "roles", false);
      for (size_t k = 0; k < sn->nroles; k++) {
         const SnapRole *x = &sn->roles[k];
         j_obj(j, NULL, true);
         j_role(j, &x->role);
         if (x->has_others)
            j_u64(j, "others", x->others);
         j_u64(j, "threads", x->threads);
         j_u64(j, "live_bytes", x->live_bytes);
         j_u64(j, "live_blocks", x->live_blocks);
         j_u64(j, "waits", x->waits);
         j_u64(j, "blocked_us", x->blocked_us);
         j_u64(j, "idle_us", x->idle_us);
         j_end_obj(j);
      }
      j_end_arr(j);
      j_u64(j, "sites", sn->nsites);
      j_u64(j, "rest_bytes", sn->rest_bytes);
      if (sn->has_leaks) {
         j_obj(j, "leaks", false);
         for (int k = 0; k < LK_N; k++) {
            char key[40];
            snprintf(key, sizeof key, "%s_bytes", lk_json[k]);
            j_u64(j, key, sn->leak_bytes[k]);
            snprintf(key, sizeof key, "%s_blocks", lk_json[k]);
            j_u64(j, key, sn->leak_blocks[k]);
         }
         j_u64(j, "lost_records", sn->leak_records);
         j_snap_leak_rows(j, sn);
         j_end_obj(j);
      }
      j_snap_tasks(j, sn->tasks);
      j_end_obj(j);
   }
   j_end_arr(j);
   j_arr(j, "phases", false);
   for (size_t i = 0; i < ss->nphases; i++) {
      j_obj(j, NULL, true);
      j_str(j, "label", ss->phases[i].label ? ss->phases[i].label : "");
      j_u64(j, "ms", ss->phases[i].ms);
      j_u64(j, "after", ss->phases[i].after);
      j_end_obj(j);
   }
   j_end_arr(j);
   /* A report with a snapshots section but no snapshot yet (a run
      stopped before its first one) has no growth to fit: its growth
      is empty, as with too few snapshots. */
   Growth none = { .why = "none" };
   Growth *found = growth_find(r), *g = found ? found : &none;
   j_obj(j, "growth", false);
   j_str(j, "warm_up", g->why);
   j_u64(j, "after", g->after_seq);
   j_u64(j, "snapshots_used", g->used);
   j_arr(j, "suspects", false);
   for (size_t i = 0; i < g->n; i++) {
      const Suspect *x = &g->list[i];
      j_obj(j, NULL, false);
      j_role(j, &x->site->role);
      j_fit(j, x);
      j_stack(j, &x->site->stack);
      j_end_obj(j);
   }
   j_end_arr(j);
   j_arr(j, "spawn_suspects", false);
   for (size_t i = 0; i < g->nspawn; i++) {
      const Suspect *x = &g->spawn[i];
      j_obj(j, NULL, true);
      j_u64(j, "spawn_site", x->spawn->id);
      j_u64(j, "tasks", x->spawn->tasks);
      j_fit(j, x);
      j_end_obj(j);
   }
   j_end_arr(j);
   j_leak_growth(j, g);
   j_end_obj(j);
   if (found)
      growth_free(found);
   j_end_obj(j);
}

/* ---- Leaks, orphans, memory live at exit ---- */

/* The members a live site and a loss record share. */
static void j_site_body(Json *j, const Site *s)
{
   if (s->kind)
      j_str(j, "kind", s->kind);
   j_u64(j, "bytes", s->bytes);
   j_u64(j, "blocks", s->blocks);
   if (s->has_ind) {
      j_u64(j, "indirect_bytes", s->ind_bytes);
      j_u64(j, "indirect_blocks", s->ind_blocks);
   }
   j_u64(j, "thread", s->thread);
   j_role(j, &s->role);
}

static void j_leaks(Json *j, const Report *r, size_t top)
{
   if (!r->leaks.present)
      return;
   j_obj(j, "leaks", false);
   j_str_opt(j, "check", r->leaks.check);
   char name[32];
   j_obj(j, "totals", false);
   for (int k = 0; k < LK_N; k++)
      j_bytes_blocks(j, key_of(name, sizeof name, lk_attr[k]),
                     r->leaks.bytes[k], r->leaks.blocks[k]);
   j_end_obj(j);
   if (r->leaks.left_blocks > 0)
      j_bytes_blocks(j, "not_checked", r->leaks.left_bytes,
                     r->leaks.left_blocks);
   j_str_opt(j, "heuristics", r->leaks.heuristics);
   j_obj(j, "via_heuristic", false);
   for (int h = 0; h < HEUR_N; h++)
      if (r->leaks.heur_blocks[h] > 0)
         j_bytes_blocks(j, heur_text[h], r->leaks.heur_bytes[h],
                        r->leaks.heur_blocks[h]);
   j_end_obj(j);

   j_arr(j, "by_role", false);
   for (size_t i = 0; i < r->leaks.nroles; i++) {
      const LeakRole *lr = &r->leaks.roles[i];
      j_obj(j, NULL, true);
      j_str(j, "kind", lk_attr[lr->kind]);
      j_role(j, &lr->role);
      j_u64(j, "bytes", lr->bytes);
      j_u64(j, "blocks", lr->blocks);
      j_end_obj(j);
   }
   j_end_arr(j);

   j_arr(j, "held_by", false);
   for (size_t i = 0; i < r->leaks.nheld; i++) {
      const Held *h = &r->leaks.held[i];
      j_obj(j, NULL, true);
      j_str(j, "holder", h->holder);
      if (h->has_thread) {
         j_u64(j, "thread", h->thread);
         j_role(j, &h->role);
         if (h->alive_known)
            j_bool(j, "thread_alive_at_exit", h->alive);
      }
      j_u64(j, "bytes", h->bytes);
      j_u64(j, "blocks", h->blocks);
      j_end_obj(j);
   }
   j_end_arr(j);

   View v = view_top(r->leaks.recs, r->leaks.nrecs, sizeof *r->leaks.recs,
                     cmp_lrec, top);
   j_u64(j, "loss_records_count", r->leaks.total);
   j_obj(j, "suppressed", true);
   j_u64(j, "records", r->leaks.supp_recs);
   j_u64(j, "bytes", r->leaks.supp_bytes);
   j_u64(j, "blocks", r->leaks.supp_blocks);
   j_end_obj(j);
   j_arr(j, "loss_records", false);
   for (size_t i = 0; i < v.n; i++) {
      const Site *s = v.at[i];
      j_obj(j, NULL, false);
      j_site_body(j, s);
      j_u64(j, "total_bytes", lrec_total(s));
      j_str_opt(j, "suppressed_by", s->suppressed_by);
      if (s->heur_blocks > 0) {
         j_obj(j, "via_heuristic", true);
         j_u64(j, "bytes", s->heur_bytes);
         j_u64(j, "blocks", s->heur_blocks);
         j_arr(j, "heuristics", true);
         for (int h = 0; h < HEUR_N; h++)
            if (s->heur_mask & (1u << h))
               j_str(j, NULL, heur_text[h]);
         j_end_arr(j);
         j_end_obj(j);
      }
      j_stack(j, &s->stack);
      j_end_obj(j);
   }
   j_end_arr(j);
   j_end_obj(j);
   view_free(&v);
}

static void j_orphans(Json *j, const Report *r)
{
   if (!r->live.has_orphan_info)
      return;
   j_arr(j, "orphans", false);
   for (size_t i = 0; i < r->live.norphans; i++) {
      j_obj(j, NULL, true);
      j_role(j, &r->live.orphans[i].role);
      j_u64(j, "bytes", r->live.orphans[i].bytes);
      j_u64(j, "blocks", r->live.orphans[i].blocks);
      j_end_obj(j);
   }
   j_end_arr(j);
}

static void j_sites(Json *j, const Report *r, size_t top)
{
   View v = view_top(r->live.sites, r->live.nsites, sizeof *r->live.sites,
                     cmp_site, top);
   j_obj(j, "live_at_exit", false);
   j_u64(j, "bytes", r->live.bytes);
   j_u64(j, "blocks", r->live.blocks);
   j_u64(j, "count", r->live.total);
   j_arr(j, "sites", false);
   for (size_t i = 0; i < v.n; i++) {
      const Site *s = v.at[i];
      j_obj(j, NULL, false);
      j_site_body(j, s);
      if (r->live.has_orphan_info)
         j_bool(j, "orphan", s->orphan);
      j_stack(j, &s->stack);
      j_end_obj(j);
   }
   j_end_arr(j);
   j_end_obj(j);
   view_free(&v);
}

/* ---- Futex sites and wake pairs ---- */

static void j_fsites(Json *j, const Report *r, size_t top)
{
   if (!r->futex.present)
      return;
   View v = view_top(r->futex.sites, r->futex.nsites, sizeof *r->futex.sites,
                     cmp_fsite, top);
   j_obj(j, "futex_sites", false);
   j_u64(j, "count", r->futex.total);
   j_u64(j, "active", r->futex.active);
   j_u64(j, "waits", r->futex.waits);
   j_u64(j, "blocked_us", r->futex.blocked_us);
   j_u64(j, "wakes", r->futex.wakes);
   j_arr(j, "sites", false);
   for (size_t i = 0; i < v.n; i++) {
      const FSite *s = v.at[i];
      j_obj(j, NULL, false);
      j_str(j, "class", s->class ? s->class : "?");
      j_str(j, "ops", s->ops ? s->ops : "");
      j_role(j, &s->role);
      j_futex(j, "futex", &s->fx);
      j_stack(j, &s->stack);
      j_end_obj(j);
   }
   j_end_arr(j);
   j_end_obj(j);
   view_free(&v);
}

static void j_wakes(Json *j, const Report *r)
{
   if (!r->wakes.present)
      return;
   View v = view_sorted(r->wakes.list, r->wakes.n, sizeof *r->wakes.list,
                        cmp_wake);
   j_obj(j, "wake_pairs", false);
   j_u64(j, "count", r->wakes.total);
   j_u64(j, "woken", r->wakes.woken);
   j_arr(j, "pairs", false);
   for (size_t i = 0; i < v.n; i++) {
      const Wake *w = v.at[i];
      j_obj(j, NULL, true);
      j_u64(j, "waker", w->waker);
      j_u64(j, "waiter", w->waiter);
      j_u64(j, "count", w->count);
      if (w->has_class) {
         j_obj(j, "by_class", true);
         for (int c = 0; c < WC_N; c++)
            if (w->by_class[c] > 0)
               j_u64(j, wait_class_name[c], w->by_class[c]);
         j_end_obj(j);
      }
      j_end_obj(j);
   }
   j_end_arr(j);
   j_end_obj(j);
   view_free(&v);
}

/* ------------------------------------------------------------------ */
/* The whole report                                                    */
/* ------------------------------------------------------------------ */

/* Prints rep on standard output as one JSON object; file is the
   report's name as given, w the broken invariants check_report_keep
   found.  The lists that can be long are cut to lim's figures (SIZE_MAX
   unless the user gave one); own says which frames are the program's. */
void print_json(const Report *rep, const char *file, const Limits *lim,
                const Warnings *w, const OwnRules *own, size_t group_frames)
{
   Json j = { .f = stdout, .own = own, .group_frames = group_frames };
   j_obj(&j, NULL, false);
   j_str(&j, "format", JSON_FORMAT);
   j_u64(&j, "version", JSON_VERSION);
   j_str(&j, "file", file);
   j_run(&j, rep);
   j_verdict(&j, rep, w->n);
   j_arr(&j, "warnings", false);
   for (size_t i = 0; i < w->n; i++)
      j_str(&j, NULL, w->msgs[i]);
   j_end_arr(&j);
   j_threads(&j, rep);
   j_roles(&j, rep);
   j_heap(&j, rep);
   j_timeline(&j, rep);
   j_asites(&j, rep, lim->alloc_top);
   j_xfrees(&j, rep);
   j_bad(&j, rep);
   j_maps(&j, rep);
   j_tasks(&j, rep);
   j_cpu(&j, rep);
   j_snaps(&j, rep);
   j_leaks(&j, rep, lim->leaks_top);
   j_orphans(&j, rep);
   j_sites(&j, rep, lim->top);
   j_fsites(&j, rep, lim->futex_top);
   j_wakes(&j, rep);
   j_end_obj(&j);
   putchar('\n');
   names_free();
}
