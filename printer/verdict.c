/* verdict.c: the overview's figures, computed once for the outputs
 * that state them.  The text's verdict paragraph and JSON's "verdict"
 * object both say how the run ended (a crash, or a stop from outside),
 * how much was really lost and by which roles, and who holds what is
 * still reachable, and sum the bad calls by kind; the classifications live here so the two
 * can never drift apart.  Each
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
