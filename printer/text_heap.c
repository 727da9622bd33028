/* text_heap.c: the heap in the text summary: its totals, each role's
 * share of the peak, the allocation sites, the frees across roles, the
 * bad calls (what each was, in the terms of its kind, and what the
 * program got for it) and the memory live at exit by site.
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

#include "report.h"
#include "text.h"

/* ---- Heap ---- */

/* The roles by their live bytes at the process's peak, most first. */
static int cmp_rolesum_peak(const void *a, const void *b)
{
   const RoleSum *x = *(const RoleSum *const *)a, *y = *(const RoleSum *const *)b;
   if (x->live_at_peak != y->live_at_peak)
      return x->live_at_peak > y->live_at_peak ? -1 : 1;
   if (x->peak_live != y->peak_live)
      return x->peak_live > y->peak_live ? -1 : 1;
   int c = cmp_role(&x->role, &y->role);
   return c ? c : cmp_order(x->order, y->order);
}

void print_heap(const Report *r)
{
   printf("\nHeap:\n");
   printf("      in use at exit: %s\n",
          bytes_blocks(r->heap.live_bytes, r->heap.live_blocks));
   printf("    total heap usage: %s %s, %s %s, %s allocated, %s freed\n",
          num(r->heap.allocs), plural(r->heap.allocs, "alloc", "allocs"),
          num(r->heap.frees), plural(r->heap.frees, "free", "frees"),
          bytes_str(r->heap.bytes_allocated), bytes_str(r->heap.bytes_freed));
   printf("                peak: %s, at ",
          bytes_blocks(r->heap.peak_bytes, r->heap.peak_blocks));
   if (!r->heap.has_peak_time)
      printf("%s ms\n", num(r->heap.peak_ms));
   else if (r->heap.time_unit && strcmp(r->heap.time_unit, "ms") == 0 &&
            r->heap.peak_time == r->heap.peak_ms)
      printf("%s ms\n", num(r->heap.peak_time));
   else
      printf("%s %s (%s ms)\n", num(r->heap.peak_time),
             time_unit_name(r->heap.time_unit),
             num(r->heap.peak_ms));

   /* Each role's share of the peak and its own highest. */
   const RoleSum **rs = xrealloc(NULL,
                                 (r->roles.n ? r->roles.n : 1) * sizeof *rs);
   size_t n = 0;
   bool own = false;
   for (size_t i = 0; i < r->roles.n; i++) {
      const RoleSum *s = &r->roles.list[i];
      if (s->has_live_at_peak && (s->live_at_peak > 0 || s->peak_live > 0)) {
         rs[n++] = s;
         own |= s->has_peak_live;
      }
   }
   if (n > 0) {
      static const char *const head0[] = { "", "live at", "its own" };
      static const char *const head[] = { "role", "the peak", "peak" };
      static const bool right[] = { false, true, true };
      static const size_t cap[] = { ROLE_COL_MAX, 0, 0 };
      Table t = { .ncols = own ? 3 : 2, .head0 = head0, .head = head,
                  .right = right, .cap = cap };
      qsort(rs, n, sizeof *rs, cmp_rolesum_peak);
      putchar('\n');
      for (size_t i = 0; i < n; i++) {
         table_cell_take(&t, role_label(&rs[i]->role, false));
         table_cell(&t, num(rs[i]->live_at_peak));
         if (own)
            table_cell(&t, rs[i]->has_peak_live ? num(rs[i]->peak_live) : "-");
      }
      table_print(&t);
   }
   free(rs);
}

/* ---- Allocation sites ---- */

void print_asites(const Report *r, size_t top)
{
   if (top == 0 || !r->alloc.present)
      return;
   uint64_t sites = add_sat(r->alloc.total,
                            sub_sat(r->alloc.count, r->alloc.shown));
   if (r->alloc.total == 0) {
      printf("\nAllocation sites: none.\n");
      return;
   }
   View v = view_top(r->alloc.sites, r->alloc.nsites, sizeof *r->alloc.sites,
                     cmp_asite,
                     top);
   size_t shown = v.n;
   size_t ng = list_groups(r->alloc.nsites, r->alloc.groups);
   printf("\nAllocation sites: %s %s of %s at %s %s; the largest %s:\n",
          num(add_sat(r->alloc.allocs, r->alloc.rest_allocs)),
          plural(add_sat(r->alloc.allocs, r->alloc.rest_allocs), "allocation",
                 "allocations"),
          bytes_str(add_sat(r->alloc.bytes, r->alloc.rest_bytes)),
          num(sites), plural(sites, "site", "sites"), num(shown));
   if (ng < r->alloc.total)
      printf("(the %s listed %s merged into %s %s by role and first %s own %s)\n",
             num(r->alloc.total), plural(r->alloc.total, "site", "sites"),
             num(ng), plural(ng, "group", "groups"),
             num(text_opt.group_frames),
             plural(text_opt.group_frames, "frame", "frames"));
   if (r->alloc.count > r->alloc.shown)
      printf("(the report lists %s of them; the other %s allocated %s in %s %s, "
             "%s live at exit, %s at the peak)\n",
             num(r->alloc.shown), num(r->alloc.count - r->alloc.shown),
             bytes_str(r->alloc.rest_bytes), num(r->alloc.rest_allocs),
             plural(r->alloc.rest_allocs, "allocation", "allocations"),
             num(r->alloc.rest_live), num(r->alloc.rest_at_peak));
   for (size_t i = 0; i < shown; i++) {
      const ASite *a = v.at[i];
      char *role = role_label(&a->role, false);
      printf("\n#%zu: %s in %s %s, role %s; live at exit: %s; at the peak: %s%s\n",
             i + 1, bytes_str(a->bytes), num(a->allocs),
             plural(a->allocs, "allocation", "allocations"), role,
             bytes_blocks(a->live_bytes,
                          a->live_blocks),
             bytes_str(a->at_peak), merged_note(&a->g, "sites"));
      free(role);
      print_stack_grouped(&a->stack, &a->g);
   }
   view_free(&v);
}

/* ---- Frees across roles ---- */

/* Most bytes first, then most frees, then in file order. */
static int cmp_xfree(const void *a, const void *b)
{
   const XFree *x = a, *y = b;
   if (x->bytes != y->bytes)
      return x->bytes > y->bytes ? -1 : 1;
   if (x->frees != y->frees)
      return x->frees > y->frees ? -1 : 1;
   return cmp_order(x->order, y->order);
}

void print_xfrees(const Report *r)
{
   if (!r->xfrees.present)
      return;
   if (r->xfrees.n == 0) {
      printf("\nFrees across roles: none.\n");
      return;
   }
   View v = view_sorted(r->xfrees.list, r->xfrees.n, sizeof *r->xfrees.list,
                        cmp_xfree);
   printf("\nFrees across roles: %s %s of %s allocated in one role and freed in "
          "another:\n", num(r->xfrees.frees),
          plural(r->xfrees.frees, "free", "frees"),
          bytes_str(r->xfrees.bytes));
   for (size_t i = 0; i < v.n; i++) {
      const XFree *x = v.at[i];
      char *a = role_label(&x->alloc, false), *f = role_label(&x->freed, false);
      printf("  allocated in %s, freed in %s: %s %s, %s\n", a, f, num(x->frees),
             plural(x->frees, "free", "frees"), bytes_str(x->bytes));
      free(a);
      free(f);
   }
   view_free(&v);
}

/* ---- Bad calls ---- */

/* Most calls first, then in file order. */
static int cmp_bad(const void *a, const void *b)
{
   const BadCall *x = *(const BadCall *const *)a,
                 *y = *(const BadCall *const *)b;
   if (x->count != y->count)
      return x->count > y->count ? -1 : 1;
   return cmp_order(x->order, y->order);
}

const BadCall **bad_by_count(const Report *r)
{
   const BadCall **v = xrealloc(NULL, (r->bad.n ? r->bad.n : 1) * sizeof *v);
   for (size_t i = 0; i < r->bad.n; i++)
      v[i] = &r->bad.list[i];
   qsort(v, r->bad.n, sizeof *v, cmp_bad);
   return v;
}

/* The function a bad call was made to: the first frame of its stack,
   which is the allocator's entry point the tool replaces. */
static const char *bad_fn(const BadCall *b)
{
   const Stack *s = &b->stack;
   return stack_depth(s) > 0 && stack_frame(s, 0)->fn
      ? stack_frame(s, 0)->fn : "";
}

/* What a bad alignment was and what the program got for it.  glibc
   2.36's posix_memalign refuses an alignment that is not a power of two
   or not a multiple of the pointer size (EINVAL), and its memalign and
   aligned_alloc (one function, which is why both show as memalign)
   round it up to a power of two and serve the call; the _rjem_ ones
   fail (docs/report-format.md, <bad-calls>).  Other entry points (C++
   aligned new) are not described: what happened depends on more than
   the report says. */
static void print_bad_alignment(const BadCall *b)
{
   const char *fn = bad_fn(b);
   bool pow2 = b->given != 0 && (b->given & (b->given - 1)) == 0;
   size_t n = strlen(fn), k = strlen("posix_memalign");
   bool posix = n >= k && strcmp(fn + n - k, "posix_memalign") == 0;
   printf("alignment %s, %s, for %s", num(b->given),
          pow2 ? "a power of two but not a multiple of the pointer size"
               : "not a power of two", bytes_str(b->size));
   if (posix) {
      printf("; the program got EINVAL");
   } else if (strcmp(fn, "_rjem_aligned_alloc") == 0) {
      printf("; the program got NULL (EINVAL)");
   } else if (strcmp(fn, "_rjem_memalign") == 0) {
      printf("; the program got NULL");
   } else if (strcmp(fn, "memalign") == 0 ||
              strcmp(fn, "aligned_alloc") == 0) {
      uint64_t up = 1;
      while (up < b->given && up <= UINT64_MAX / 2)
         up <<= 1;
      if (up < b->given)
         printf("; the program got NULL (EINVAL): no power of two is "
                "that large");
      else if (b->given == 0)
         printf("; the program got a block as malloc gives one (glibc "
                "rounds the alignment up)");
      else
         printf("; the program got a block aligned to %s (glibc rounds "
                "the alignment up)", num(up));
   }
   putchar('\n');
}

void print_bad(const Report *r)
{
   if (!r->bad.present)
      return;
   if (r->bad.n == 0) {
      printf("\nBad calls: none.\n");
      return;
   }
   const BadCall **v = bad_by_count(r);
   printf("\nBad calls: %s %s the program got wrong, at %s %s (it went on "
          "after each):\n", num(r->bad.total),
          plural(r->bad.total, "call", "calls"), num(r->bad.n),
          plural(r->bad.n, "place", "places"));
   for (size_t i = 0; i < r->bad.n; i++) {
      const BadCall *b = v[i];
      const char *k = b->kind;
      printf("\n%s: %s %s%s", k, num(b->count), plural(b->count, "call", "calls"),
             b->count > 1 ? "; the first: " : ", ");
      /* What the call was, in the terms of its kind (size and given
         are the tool's two numbers), and what the program got for it
         (see docs/report-format.md). */
      if (strcmp(k, "invalid-free") == 0)
         printf("free(%s) of no heap block; ignored\n", b->addr);
      else if (strcmp(k, "double-free") == 0)
         printf("free(%s) of a block already freed; ignored\n", b->addr);
      else if (strcmp(k, "realloc-of-freed") == 0)
         printf("realloc(%s, %s) of a block already freed; the program got "
                "NULL\n", b->addr, num(b->given));
      else if (strcmp(k, "realloc-invalid") == 0)
         printf("realloc(%s, %s) of no heap block; the program got NULL\n",
                b->addr, num(b->given));
      else if (strcmp(k, "calloc-overflow") == 0)
         printf("calloc(%s, %s), whose size overflows; the program got "
                "NULL (ENOMEM)\n", num(b->size), num(b->given));
      else if (strcmp(k, "bad-alignment") == 0)
         print_bad_alignment(b);
      else if (strcmp(k, "sized-free-mismatch") == 0)
         printf("block %s freed with size %s, block is %s; freed all the "
                "same\n", b->addr, num(b->given), num(b->size));
      else if (strcmp(k, "too-large") == 0)
         printf("%s asked for, more than could be had; the program got "
                "NULL (ENOMEM)\n", bytes_str(b->size));
      else
         printf("address %s, size %s, given %s\n", b->addr, num(b->size),
                num(b->given));
      if (b->suppressed_by)
         printf("   suppressed by \"%s\"\n", b->suppressed_by);
      print_stack(&b->stack);
   }
   free(v);
}

/* ---- Memory live at exit ---- */

void print_sites(const Report *r, size_t top, const ThreadIndex *ix)
{
   if (top == 0)
      return;
   if (r->live.total == 0) {
      printf("\nMemory live at exit: none.\n");
      return;
   }
   View v = view_top(r->live.sites, r->live.nsites, sizeof *r->live.sites,
                     cmp_site, top);
   size_t shown = v.n;
   size_t ng = list_groups(r->live.nsites, r->live.groups);
   if (ng < r->live.total)
      printf("\nMemory live at exit: %s; the largest %s of %s %s (%s sites "
             "merged by role, kind and first %s own %s):\n",
             bytes_blocks(r->live.bytes, r->live.blocks), num(shown),
             num(ng), plural(ng, "group", "groups"),
             num(r->live.total), num(text_opt.group_frames),
             plural(text_opt.group_frames, "frame", "frames"));
   else
      printf("\nMemory live at exit: %s; the largest %s of %s %s:\n",
             bytes_blocks(r->live.bytes, r->live.blocks),
             num(shown), num(r->live.total),
             plural(r->live.total, "site", "sites"));

   for (size_t i = 0; i < shown; i++) {
      const Site *s = v.at[i];
      char *who = site_threads(ix, s), *role = role_label(&s->role, false);
      printf("\n#%zu: %s, %s, role %s", i + 1, bytes_blocks(s->bytes, s->blocks),
             who, role);
      free(who);
      free(role);
      const char *sep = ": ";
      if (s->kind) {
         int k = leak_kind(s->kind);
         printf("%s%s", sep, k >= 0 ? lk_text[k] : s->kind);
         if (s->has_ind && (s->ind_bytes > 0 || s->ind_blocks > 0))
            printf(" (and %s indirectly)", bytes_blocks(s->ind_bytes, s->ind_blocks));
         sep = ", ";
      }
      if (s->orphan)
         printf("%sorphan (thread ended)", sep);
      fputs(merged_note(&s->g, "sites"), stdout);
      putchar('\n');
      print_stack_grouped(&s->stack, &s->g);
   }
   view_free(&v);
}
