/* verdict.c: the overview's figures, computed once for the outputs
 * that state them.  The text's verdict paragraph and JSON's "verdict"
 * object both say how the run ended (a crash, or a stop from outside)
 * and at what point the figures were taken ("after Ctrl-C" only after
 * SIGINT), how much was really lost and by which roles, which
 * possibly-lost blocks are likely reachable (their <pointed-from> lies
 * in memory still in use: a still-reachable block, a global, a TLS),
 * who holds what is still reachable, whose locks threads waited for
 * (each lock site judged by its first frame past the lock's own code:
 * the program's, or a library's such as Tokio's blocking pool), which
 * snapshot's leak scan stands for a report with none of its own (a run
 * killed with SIGKILL), and sum the bad calls by kind; the
 * classifications live here so the two can never drift apart.  Each
 * output keeps only its wording.
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

#include <stdbool.h>
#include <stddef.h>
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "report.h"
#include "verdict.h"

bool verdict_crash_signal(const char *sig)
{
   static const char *const crash[] = {
      "SIGSEGV", "SIGBUS", "SIGILL", "SIGFPE", "SIGABRT", "SIGTRAP", "SIGSYS",
   };
   for (size_t i = 0; sig != NULL && i < sizeof crash / sizeof crash[0]; i++)
      if (strcmp(sig, crash[i]) == 0)
         return true;
   return false;
}

const char *verdict_fault_event(const char *sig, long code)
{
   static const struct {
      const char *sig;
      const char *const what[9];   /* by si_code, from 1 */
   } faults[] = {
      { "SIGSEGV", { "Access not within mapped region",
                     "Bad permissions for mapped region" } },
      { "SIGBUS", { "Invalid address alignment",
                    "Non-existent physical address", "Hardware error" } },
      { "SIGFPE", { "Integer divide by zero", "Integer overflow",
                    "FP divide by zero", "FP overflow", "FP underflow",
                    "FP inexact", "FP invalid operation",
                    "FP subscript out of range" } },
      { "SIGILL", { "Illegal opcode", "Illegal operand",
                    "Illegal addressing mode", "Illegal trap",
                    "Privileged opcode", "Privileged register",
                    "Coprocessor error", "Internal stack error" } },
   };
   for (size_t i = 0; sig != NULL && i < sizeof faults / sizeof faults[0];
        i++)
      if (strcmp(sig, faults[i].sig) == 0)
         return code >= 1 && code <= 9 ? faults[i].what[code - 1] : NULL;
   return NULL;
}

int held_group(const Held *h, int *kind)
{
   int g = HG_OTHER, k = HK_NONE;
   if (strcmp(h->holder, "globals") == 0)
      g = HG_GLOBALS;
   else if (strcmp(h->holder, "none") == 0)
      g = HG_NONE;
   else if (strcmp(h->holder, "stack") == 0)
      k = HK_STACK;
   else if (strcmp(h->holder, "registers") == 0)
      k = HK_REGISTERS;
   else if (strcmp(h->holder, "tls") == 0)
      k = HK_TLS;
   if (k != HK_NONE)
      g = h->alive_known && !h->alive ? HG_ENDED : HG_LIVE;
   if (kind != NULL)
      *kind = k;
   return g;
}

uint64_t verdict_lost_bytes(const Report *r)
{
   uint64_t s = 0;
   for (int k = LK_DEF; k <= LK_POS; k++)
      s = add_sat(s, r->leaks.bytes[k]);
   return s;
}

uint64_t verdict_lost_blocks(const Report *r)
{
   uint64_t s = 0;
   for (int k = LK_DEF; k <= LK_POS; k++)
      s = add_sat(s, r->leaks.blocks[k]);
   return s;
}

static int cmp_lost_role(const void *a, const void *b)
{
   return cmp_role(((const LostRole *)a)->role, ((const LostRole *)b)->role);
}

/* Most bytes first, then by role. */
static int cmp_lost(const void *a, const void *b)
{
   const LostRole *x = a, *y = b;
   if (x->bytes != y->bytes)
      return x->bytes > y->bytes ? -1 : 1;
   return cmp_role(x->role, y->role);
}

LostRole *verdict_lost_by_role(const Report *r, unsigned mask, size_t *n_out)
{
   LostRole *a = xrealloc(NULL,
                          (r->leaks.nroles ? r->leaks.nroles : 1) * sizeof *a);
   size_t n = 0, m = 0;
   for (size_t i = 0; i < r->leaks.nroles; i++) {
      const LeakRole *lr = &r->leaks.roles[i];
      if (!(mask & (1u << lr->kind)) || (lr->bytes == 0 && lr->blocks == 0))
         continue;
      a[n++] = (LostRole){ &lr->role, lr->bytes, lr->blocks };
   }
   qsort(a, n, sizeof *a, cmp_lost_role);
   for (size_t i = 0; i < n; i++) {
      if (m > 0 && same_role(a[m - 1].role, a[i].role)) {
         a[m - 1].bytes = add_sat(a[m - 1].bytes, a[i].bytes);
         a[m - 1].blocks = add_sat(a[m - 1].blocks, a[i].blocks);
      } else {
         a[m++] = a[i];
      }
   }
   qsort(a, m, sizeof *a, cmp_lost);
   *n_out = m;
   return a;
}

static int cmp_bad_kind(const void *a, const void *b)
{
   const BadKind *x = a, *y = b;
   int c = strcmp(x->kind, y->kind);
   return c ? c : cmp_order(x->first, y->first);
}

static int cmp_bad_count(const void *a, const void *b)
{
   const BadKind *x = a, *y = b;
   if (x->count != y->count)
      return x->count > y->count ? -1 : 1;
   return cmp_order(x->first, y->first);
}

/* Sorted, not searched, so that a file with 100,000 kinds takes no
   longer than one with two. */
BadKind *verdict_bad_kinds(const Report *r, const BadCall *const *order,
                           size_t *nk_out)
{
   size_t nk = 0;
   BadKind *kinds = xrealloc(NULL, (r->bad.n ? r->bad.n : 1) * sizeof *kinds);
   for (size_t i = 0; i < r->bad.n; i++) {
      const BadCall *b = order ? order[i] : &r->bad.list[i];
      kinds[i] = (BadKind){ b->kind, b->count, i };
   }
   qsort(kinds, r->bad.n, sizeof *kinds, cmp_bad_kind);
   for (size_t i = 0; i < r->bad.n; i++) {
      if (nk > 0 && strcmp(kinds[nk - 1].kind, kinds[i].kind) == 0)
         kinds[nk - 1].count = add_sat(kinds[nk - 1].count, kinds[i].count);
      else
         kinds[nk++] = kinds[i];   /* the first of its kind */
   }
   qsort(kinds, nk, sizeof *kinds, cmp_bad_count);
   *nk_out = nk;
   return kinds;
}

void verdict_lost_end(Buf *b, const LostEnd *l)
{
   char n[96];
   switch (l->how) {
   case END_EXIT:
      snprintf(n, sizeof n, "exited with status %ld", l->status);
      buf_adds(b, n);
      break;
   case END_SIGNAL:
      if (l->signo == 0 || l->signal == NULL ||
          strcmp(l->signal, "unknown") == 0) {
         buf_adds(b, "killed by a signal the tool could not name");
      } else {
         snprintf(n, sizeof n, " (signal %" PRIu64 ")", l->signo);
         buf_adds(b, "killed by ");
         buf_adds(b, l->signal);
         buf_adds(b, n);
      }
      break;
   default:
      if (l->signal != NULL && strcmp(l->signal, "exec") == 0) {
         buf_adds(b, "called execve");
      } else {
         buf_adds(b, "ended (");
         buf_adds(b, l->signal ? l->signal : "?");
         buf_adds(b, ")");
      }
      break;
   }
}

uint64_t verdict_last_snapshot_ms(const Report *r)
{
   uint64_t seq = 0, ms = r->run.duration_ms;
   if (r->snaps != NULL)
      for (size_t i = 0; i < r->snaps->n; i++)
         if (r->snaps->list[i].seq >= seq) {
            seq = r->snaps->list[i].seq;
            ms = r->snaps->list[i].ms;
         }
   return ms;
}

const char *verdict_when(const Report *r)
{
   static char buf[64];
   switch (r->run.end_how) {
   case END_EXIT:
      return "at exit";
   case END_SIGNAL:
      if (r->run.signo == 0 || r->run.signal == NULL ||
          strcmp(r->run.signal, "unknown") == 0)
         return "when it was killed";
      if (verdict_crash_signal(r->run.signal))
         return "at the crash";
      if (strcmp(r->run.signal, "SIGINT") == 0)
         return "after Ctrl-C";
      snprintf(buf, sizeof buf, "after %s", r->run.signal);
      return buf;
   default:
      if (r->run.signal != NULL && strcmp(r->run.signal, "exec") == 0)
         return "at execve";
      if (r->run.signal != NULL && strcmp(r->run.signal, "thread-limit") == 0)
         return "when the thread slots ran out";
      return "at the last snapshot";
   }
}

const Snap *verdict_snapshot_scan(const Report *r)
{
   const Snap *last = NULL;
   if (r->leaks.present || r->snaps == NULL || r->run.end_how != END_OTHER ||
       r->run.signal == NULL || strcmp(r->run.signal, "snapshot") != 0)
      return NULL;
   for (size_t i = 0; i < r->snaps->n; i++)
      if (r->snaps->list[i].has_leaks &&
          (last == NULL || r->snaps->list[i].seq > last->seq))
         last = &r->snaps->list[i];
   return last;
}

/* ---- Whose code a frame is ---- */

static bool starts_with(const char *s, const char *p)
{
   return s != NULL && strncmp(s, p, strlen(p)) == 0;
}

/* Valgrind's allocator, or a system library (libc's pthread, ld.so). */
static bool system_frame(const Frame *f)
{
   return f->obj != NULL &&
          (strstr(f->obj, "/vgpreload_") != NULL || starts_with(f->obj, "/lib/") ||
           starts_with(f->obj, "/lib64/") || starts_with(f->obj, "/usr/lib/") ||
           starts_with(f->obj, "/usr/lib64/"));
}

/* The library frame i of s is in, as the outputs' folds name it
   ("tokio", "rayon-core", "libc"), in a user's words where they
   differ ("Tokio", "Rayon", "glibc"). */
static char *frame_lib(const Stack *s, size_t i)
{
   static const char *const pretty[][2] = {
      { "tokio", "Tokio" }, { "rayon-core", "Rayon" }, { "rayon", "Rayon" },
      { "libc", "glibc" }, { "ld-linux-x86-64", "glibc" },
      { "libpthread", "glibc" },
   };
   char *l = fold_label(s, i, i + 1);         /* "1 frame in tokio" */
   const char *p = strstr(l, " in ");
   char *out = xstrdup(p ? p + 4 : l);
   free(l);
   for (size_t k = 0; k < sizeof pretty / sizeof pretty[0]; k++)
      if (strcmp(out, pretty[k][0]) == 0) {
         free(out);
         return xstrdup(pretty[k][1]);
      }
   return out;
}

/* "demo.rs:101", or the function's name without a file. */
static char *frame_place(const Frame *f)
{
   char t[48] = "";
   Buf b = { 0 };
   if (f->file != NULL) {
      const char *slash = strrchr(f->file, '/');
      buf_adds(&b, slash ? slash + 1 : f->file);
      if (f->has_line) {
         snprintf(t, sizeof t, ":%" PRIu64, f->line);
         buf_adds(&b, t);
      }
   } else {
      buf_adds(&b, f->fn ? f->fn : f->ip ? f->ip : "?");
   }
   return b.s;
}

/* Whether the frame's library is one of names (NULL-ended). */
static bool lib_in(const Stack *s, size_t i, const char *const *names)
{
   char *l = fold_label(s, i, i + 1);
   const char *p = strstr(l, " in ");
   p = p ? p + 4 : l;
   bool yes = false;
   for (size_t k = 0; names[k] && !yes; k++)
      yes = strcmp(p, names[k]) == 0;
   free(l);
   return yes;
}

/* Where a block was allocated: its first frame past the allocator and
   Rust's alloc, core and std: the program's "file:line" (*is_own) or a
   library's name; NULL for a stack of none. */
static char *block_origin(const Stack *s, const OwnRules *own, bool *is_own)
{
   /* deps: the crates std vendors (hashbrown), /rust/deps/. */
   static const char *const plumbing[] = { "alloc", "core", "std", "deps",
                                           NULL };
   size_t n = stack_depth(s), i;
   *is_own = false;
   for (i = 0; i < n; i++) {
      const Frame *f = stack_frame(s, i);
      if (!(f->obj && strstr(f->obj, "/vgpreload_")) &&
          !lib_in(s, i, plumbing))
         break;
   }
   if (i == n)
      return NULL;
   if (frame_is_own(stack_frame(s, i), own)) {
      *is_own = true;
      return frame_place(stack_frame(s, i));
   }
   return frame_lib(s, i);
}

/* The program's first frame's place, else block_origin's. */
static char *own_origin(const Stack *s, const OwnRules *own)
{
   size_t i = first_own(s, own);
   bool is_own;
   if (i < stack_depth(s))
      return frame_place(stack_frame(s, i));
   return block_origin(s, own, &is_own);
}

static const char *base_name(const char *path)
{
   const char *slash = path ? strrchr(path, '/') : NULL;
   return slash ? slash + 1 : path;
}

/* ---- Possibly lost, likely reachable ---- */

static int cmp_likely(const void *a, const void *b)
{
   const Likely *x = a, *y = b;
   if (x->rec->bytes != y->rec->bytes)
      return x->rec->bytes > y->rec->bytes ? -1 : 1;
   return cmp_order(x->rec->order, y->rec->order);
}

void verdict_likely_reachable(const Report *r, const OwnRules *own,
                              LikelyReach *out)
{
   memset(out, 0, sizeof *out);
   for (size_t i = 0; r->leaks.present && i < r->leaks.nrecs; i++) {
      const Site *s = &r->leaks.recs[i];
      const PointedFrom *f = s->from;
      if (leak_kind(s->kind) != LK_POS || f == NULL || f->root == NULL)
         continue;
      Likely k = { .rec = s };
      bool holder_own = false, block_own = false;
      char *origin = block_origin(&s->stack, own, &block_own);
      if (strcmp(f->root, "heap") == 0 && f->from_kind != NULL &&
          strcmp(f->from_kind, "still-reachable") == 0) {
         k.via = "heap";
         k.holder = block_origin(&f->stack, own, &holder_own);
         k.library = k.holder != NULL && !holder_own;
      } else if (strcmp(f->root, "global") == 0) {
         k.via = "global";
         const char *obj = base_name(f->obj);
         k.library = obj != NULL && r->run.exe != NULL &&
                     strcmp(obj, base_name(r->run.exe)) != 0;
         Buf b = { 0 };
         if (f->symbol && !k.library) {
            buf_adds(&b, f->symbol);
         } else if (obj) {
            buf_adds(&b, obj);
         } else {
            buf_adds(&b, "anonymous memory");
         }
         k.holder = b.s;
      } else if (strcmp(f->root, "tls") == 0 && f->has_thread) {
         k.via = "tls";
         k.thread = f->thread;
         for (size_t t = 0; t < r->threads.n; t++)
            if (r->threads.list[t].seq == f->thread)
               k.thread_alive = r->threads.list[t].alive;
         /* A thread's TLS holds the program's thread-locals and the C
            library's thread block alike: the block's maker tells. */
         k.library = origin != NULL && !block_own;
      } else {
         free(origin);
         continue;
      }
      if (k.library && origin != NULL) {
         k.block = origin;
         k.block_lib = !block_own;
      } else {
         free(origin);
         k.block = own_origin(&s->stack, own);
         k.block_lib = k.block != NULL && first_own(&s->stack, own) ==
                                          stack_depth(&s->stack);
      }
      GROW(out->list, out->cap_, out->n + 1);
      out->list[out->n++] = k;
      out->bytes = add_sat(out->bytes, s->bytes);
      out->blocks = add_sat(out->blocks, s->blocks);
   }
   if (out->n > 1)
      qsort(out->list, out->n, sizeof *out->list, cmp_likely);
}

/* One group's words: "2,104 bytes of crossbeam-epoch's from a still-reachable
   block of crossbeam-epoch's", "864 of glibc's from the TLS of 3
   threads"; k its first, n its records, bytes summed. */
void verdict_add_likely(Buf *b, const Likely *k, size_t n, uint64_t bytes,
                        bool lead)
{
   buf_adds(b, lead ? bytes_str(bytes) : num(bytes));
   if (k->block_lib && k->block) {
      buf_adds(b, " of ");
      buf_adds(b, k->block);
      buf_adds(b, "'s");
   } else if (k->block) {
      buf_adds(b, " allocated at ");
      buf_adds(b, k->block);
   }
   if (strcmp(k->via, "heap") == 0) {
      buf_adds(b, n > 1 ? " from still-reachable blocks"
                        : " from a still-reachable block");
      if (k->holder && k->library) {
         buf_adds(b, " of ");
         buf_adds(b, k->holder);
         buf_adds(b, "'s");
      } else if (k->holder) {
         buf_adds(b, " allocated at ");
         buf_adds(b, k->holder);
      }
   } else if (strcmp(k->via, "global") == 0) {
      buf_adds(b, k->library ? " from a global of " : " from ");
      buf_adds(b, k->holder);
   } else if (n > 1) {
      buf_adds(b, " from the TLS of ");
      buf_adds(b, num(n));
      buf_adds(b, " threads");
   } else {
      char t[48];
      snprintf(t, sizeof t, " from the TLS of %sthread %" PRIu64,
               k->thread_alive ? "live " : "", k->thread);
      buf_adds(b, t);
   }
}

void verdict_likely_free(LikelyReach *l)
{
   for (size_t i = 0; i < l->n; i++) {
      free(l->list[i].block);
      free(l->list[i].holder);
   }
   free(l->list);
   memset(l, 0, sizeof *l);
}

/* ---- Lock contention: whose locks ---- */

typedef struct {
   char *name;
   uint64_t us;
} NamedUs;

/* Adds us to name's entry in *v (n of cap); takes name. */
static void add_named(NamedUs **v, size_t *n, size_t *cap, char *name,
                      uint64_t us)
{
   for (size_t i = 0; i < *n; i++)
      if (strcmp((*v)[i].name, name) == 0) {
         (*v)[i].us = add_sat((*v)[i].us, us);
         free(name);
         return;
      }
   GROW(*v, *cap, *n + 1);
   (*v)[(*n)++] = (NamedUs){ name, us };
}

static int cmp_named(const void *a, const void *b)
{
   const NamedUs *x = a, *y = b;
   if (x->us != y->us)
      return x->us > y->us ? -1 : 1;
   return strcmp(x->name, y->name);
}

bool verdict_lock_split(const Report *r, const OwnRules *own, LockSplit *out)
{
   static const char *const lock_code[] = {
      "std", "core", "alloc", "deps", "parking_lot", "parking_lot_core",
      "lock_api", NULL,
   };
   memset(out, 0, sizeof *out);
   for (size_t i = 0; r->roles.present && i < r->roles.n; i++) {
      if (!futex_has_classes(&r->roles.list[i].fx))
         return false;
      out->total_us = add_sat(out->total_us,
                              futex_class_us(&r->roles.list[i].fx, WC_LOCK));
   }
   if (out->total_us == 0)
      return false;
   NamedUs *places = NULL, *libs = NULL;
   size_t np = 0, capp = 0, nl = 0, capl = 0;
   uint64_t listed = 0;
   for (size_t i = 0; r->futex.present && i < r->futex.nsites; i++) {
      const FSite *fs = &r->futex.sites[i];
      uint64_t us = futex_class_us(&fs->fx, WC_LOCK);
      if (us == 0)
         continue;
      const Stack *s = &fs->stack;
      size_t n = stack_depth(s), k;
      for (k = 0; k < n; k++)
         if (!system_frame(stack_frame(s, k)) && !lib_in(s, k, lock_code))
            break;
      listed = add_sat(listed, us);
      if (k < n && frame_is_own(stack_frame(s, k), own)) {
         out->program_us = add_sat(out->program_us, us);
         add_named(&places, &np, &capp, frame_place(stack_frame(s, k)), us);
      } else {
         /* All of it lock code (std's own locks): named by its last. */
         out->library_us = add_sat(out->library_us, us);
         if (n > 0)
            add_named(&libs, &nl, &capl, frame_lib(s, k < n ? k : n - 1), us);
      }
   }
   out->unlisted_us = sub_sat(out->total_us, listed);
   qsort(places, np, sizeof *places, cmp_named);
   qsort(libs, nl, sizeof *libs, cmp_named);
   for (size_t i = 0; i < np; i++) {
      if (i < LOCK_PLACES)
         out->places[out->nplaces++] = places[i].name;
      else
         free(places[i].name);
   }
   for (size_t i = 0; i < nl; i++) {
      if (i < LOCK_PLACES)
         out->libs[out->nlibs++] = libs[i].name;
      else {
         out->more_libs = true;
         free(libs[i].name);
      }
   }
   free(places);
   free(libs);
   return true;
}

void verdict_lock_free(LockSplit *l)
{
   for (size_t i = 0; i < l->nplaces; i++)
      free(l->places[i]);
   for (size_t i = 0; i < l->nlibs; i++)
      free(l->libs[i]);
   memset(l, 0, sizeof *l);
}
