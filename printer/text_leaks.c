/* text_leaks.c: the leak check in the text summary: the figures by
 * kind and by role, what holds the still reachable bytes, the loss
 * records (each with why its blocks are of their kind: the word that
 * points into one), and the orphans, memory live at exit whose thread
 * had ended.
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

#include <errno.h>
#include <inttypes.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report.h"
#include "text.h"
#include "verdict.h"

/* ---- Leaks ---- */

/* At most this many holders of still reachable memory are listed. */
#define HOLDERS_SHOWN 20

static int cmp_held(const void *a, const void *b)
{
   const Held *x = a, *y = b;
   if (x->bytes != y->bytes)
      return x->bytes > y->bytes ? -1 : 1;
   return cmp_order(x->order, y->order);
}

void print_leaks(const Report *r, const ThreadIndex *ix)
{
   if (!r->leaks.present)
      return;
   printf("\nLeaks (leak check: %s):\n",
          r->leaks.check ? r->leaks.check : "?");
   for (int k = 0; k < LK_N; k++)
      printf("%20s: %s\n", lk_text[k],
             bytes_blocks(r->leaks.bytes[k], r->leaks.blocks[k]));
   /* memcheck's "of which reachable via heuristic". */
   bool any_heur = false;
   for (int h = 0; h < HEUR_N; h++)
      any_heur |= r->leaks.heur_blocks[h] > 0;
   if (any_heur) {
      printf("%20s  of which kept reachable by memcheck's heuristics%s%s%s:"
             "\n", "", r->leaks.heuristics ? " (--leak-check-heuristics=" : "",
             r->leaks.heuristics ? r->leaks.heuristics : "",
             r->leaks.heuristics ? ")" : "");
      for (int h = 0; h < HEUR_N; h++)
         if (r->leaks.heur_blocks[h] > 0)
            printf("%24s%-19s %s\n", "", heur_text[h],
                   bytes_blocks(r->leaks.heur_bytes[h],
                                r->leaks.heur_blocks[h]));
   }
   if (r->leaks.left_blocks > 0)
      printf("%20s: %s holding a memory pool's chunks\n%22s(its chunks "
             "are checked instead, as memcheck does)\n", "not checked",
             bytes_blocks(r->leaks.left_bytes, r->leaks.left_blocks), "");

   /* By role and kind. */
   if (r->leaks.nroles > 0) {
      static const char *const head0[] = {
         "", "definitely", "indirectly", "possibly", "still",
      };
      static const char *const head[] = {
         "role", "lost", "lost", "lost", "reachable",
      };
      static const bool right[] = { false, true, true, true, true };
      static const size_t cap[] = { ROLE_COL_MAX, 0, 0, 0, 0 };
      Table t = { .ncols = 5, .head0 = head0, .head = head, .right = right,
                  .cap = cap };
      RoleAmt *a = xrealloc(NULL, r->leaks.nroles * sizeof *a);
      for (size_t i = 0; i < r->leaks.nroles; i++) {
         a[i] = (RoleAmt){ .role = &r->leaks.roles[i].role };
         a[i].v[r->leaks.roles[i].kind] = r->leaks.roles[i].bytes;
      }
      size_t n = merge_amts(a, r->leaks.nroles);
      qsort(a, n, sizeof *a, cmp_amt_desc);
      for (size_t i = 0; i < n; i++) {
         table_cell_take(&t, role_label(a[i].role, false));
         for (int k = 0; k < LK_N; k++)
            table_cell(&t, num(a[i].v[k]));
      }
      printf("\n  By the role in force when they were allocated, in bytes:\n");
      table_print(&t);
      free(a);
   }

   /* What holds the still reachable bytes. */
   if (r->leaks.nheld > 0) {
      static const char *const head[] = { "holder", "thread", "role", "bytes", "blocks" };
      static const bool right[] = { false, false, false, true, true };
      static const size_t cap[] = { 0, NAME_COL_MAX + 16, ROLE_COL_MAX, 0, 0 };
      Table t = { .ncols = 5, .head = head, .right = right, .cap = cap };
      View v = view_sorted(r->leaks.held, r->leaks.nheld, sizeof *r->leaks.held,
                           cmp_held);
      size_t shown = r->leaks.nheld < HOLDERS_SHOWN ? r->leaks.nheld :
         HOLDERS_SHOWN;
      uint64_t rest_bytes = 0, rest_blocks = 0;
      for (size_t i = 0; i < v.n; i++) {
         const Held *h = v.at[i];
         if (i >= shown) {
            rest_bytes = add_sat(rest_bytes, h->bytes);
            rest_blocks = add_sat(rest_blocks, h->blocks);
            continue;
         }
         table_cell(&t, strcmp(h->holder, "tls") == 0 ? "TLS"
                  : strcmp(h->holder, "none") == 0 ? "(unknown)" : h->holder);
         if (h->has_thread) {
            char *who = thread_label(ix, h->thread, false);
            if (h->alive_known && !h->alive) {
               Buf b = { 0 };
               buf_adds(&b, who);
               buf_adds(&b, " (ended)");
               free(who);
               who = b.s;
            }
            table_cell_take(&t, who);
            table_cell_take(&t, role_label(&h->role, false));
         } else {
            table_cell(&t, "-");
            table_cell(&t, "-");
         }
         table_cell(&t, num(h->bytes));
         table_cell(&t, num(h->blocks));
      }
      view_free(&v);
      printf("\n  Still reachable memory, by what first reached it:\n");
      table_print(&t);
      if (shown < r->leaks.nheld)
         printf("  ... and %s more: %s\n", num(r->leaks.nheld - shown),
                bytes_blocks(rest_bytes, rest_blocks));
   }
}

/* An address as the report writes it ("0x1f"); false if s is not
   one. */
static bool parse_addr(const char *s, uint64_t *out)
{
   if (s == NULL || s[0] != '0' || (s[1] != 'x' && s[1] != 'X') ||
       strspn(s + 2, "0123456789abcdefABCDEF") != strlen(s + 2) || s[2] == '\0')
      return false;
   errno = 0;
   unsigned long long v = strtoull(s + 2, NULL, 16);
   if (errno != 0)
      return false;
   *out = v;
   return true;
}

/* Why a loss record's blocks are of their kind: the word that points
   into one, e.g. "pointed at from inside by 0x10c050 (a word of
   in_global in prog's bss, 16 bytes into the block)". */
static void print_pointed_from(const PointedFrom *f, const ThreadIndex *ix)
{
   Buf b = { 0 };
   const char *root = f->root ? f->root : "?";
   const char *word = f->addr ? f->addr : "a word";
   char *who = f->has_thread ? thread_ref(ix, f->thread) : xstrdup("a thread");
   if (strcmp(root, "global") == 0 && f->obj) {
      const char *slash = strrchr(f->obj, '/');
      const char *obj = slash && slash[1] ? slash + 1 : f->obj;
      buf_adds(&b, "a word of ");
      if (f->symbol) {
         buf_adds(&b, f->symbol);
         if (f->symbol_offset && strcmp(f->symbol_offset, "0") != 0) {
            buf_adds(&b, "+");
            buf_adds(&b, f->symbol_offset);
         }
         buf_adds(&b, " in ");
      }
      buf_adds(&b, obj);
      if (f->section) {
         buf_adds(&b, "'s ");
         buf_adds(&b, f->section);
      }
      if (!f->symbol && f->offset) {
         buf_adds(&b, ", offset ");
         buf_adds(&b, f->offset);
      }
   } else if (strcmp(root, "global") == 0) {
      buf_adds(&b, "a word of anonymous memory");
   } else if (strcmp(root, "stack") == 0 || strcmp(root, "tls") == 0) {
      buf_adds(&b, strcmp(root, "stack") == 0 ? "a word on the stack of "
                                              : "a word of the TLS of ");
      buf_adds(&b, who);
   } else if (strcmp(root, "registers") == 0) {
      word = f->reg ? f->reg : "a register";
      buf_adds(&b, "a register of ");
      buf_adds(&b, who);
   } else if (strcmp(root, "heap") == 0) {
      int k = leak_kind(f->from_kind);
      buf_adds(&b, "a word of ");
      if (k >= 0 || f->from_kind) {
         buf_adds(&b, k == LK_IND ? "an " : "a ");
         buf_adds(&b, k >= 0 ? lk_text[k] : f->from_kind);
         buf_adds(&b, " ");
      }
      buf_adds(&b, "block");
      if (f->from_block) {
         buf_adds(&b, " at ");
         buf_adds(&b, f->from_block);
      }
   } else {
      buf_adds(&b, "a word of ");
      buf_adds(&b, root);
   }
   uint64_t value, block;
   bool known = parse_addr(f->value, &value) && parse_addr(f->block, &block) &&
                value >= block;
   if (known && value > block)
      printf("   pointed at from inside by %s (%s, %s %s into the block)\n",
             word, b.s, num(value - block),
             plural(value - block, "byte", "bytes"));
   else
      printf("   pointed at by %s (%s)\n", word, b.s);
   free(b.s);
   free(who);
}

/* A possibly-lost record the verdict calls likely reachable says so
   and why, under its stack: its frames made the block, but when the
   pointer lies in a library's table the block is the library's.  (The
   records listed may be copies: matched by their place in the file.) */
static void print_likely(const LikelyReach *l, const Site *s)
{
   for (size_t i = 0; i < l->n; i++) {
      if (l->list[i].rec->order != s->order)
         continue;
      Buf b = { 0 };
      verdict_add_likely(&b, &l->list[i], 1, s->bytes, true);
      printf("   likely reachable, pointed into only from memory in use: "
             "%s%s\n", b.s, s->blocks > 1 ? " (the pointer into one of "
                                             "the blocks shown)" : "");
      free(b.s);
      return;
   }
}

/* The loss records of the kinds that are lost, copied (the strings
   shared): the default summary lists those alone.  *reach: how many
   still reachable were left out. */
static Site *lost_recs(const Report *r, size_t *n, size_t *reach)
{
   Site *v = xrealloc(NULL, (r->leaks.nrecs + 1) * sizeof *v);
   *n = *reach = 0;
   for (size_t i = 0; i < r->leaks.nrecs; i++) {
      if (leak_kind(r->leaks.recs[i].kind) == LK_REACH)
         (*reach)++;
      else
         v[(*n)++] = r->leaks.recs[i];
   }
   return v;
}

void print_lrecs(const Report *r, size_t top, const ThreadIndex *ix,
                 bool lost_only)
{
   if (top == 0 || !r->leaks.present)
      return;
   if (r->leaks.total == 0) {
      if (r->leaks.check && strcmp(r->leaks.check, "summary") == 0)
         printf("\nLoss records: none in the report (the leak check was a summary).\n");
      else
         printf("\nLoss records: none.\n");
      return;
   }
   size_t nlost = 0, reach = 0;
   Site *lost = lost_only ? lost_recs(r, &nlost, &reach) : NULL;
   if (lost_only && nlost == 0) {
      printf("\nLoss records: none lost; %s still reachable "
             "(--show=loss-records lists them).\n", num(reach));
      free(lost);
      return;
   }
   LikelyReach likely;
   verdict_likely_reachable(r, text_opt.own, &likely);
   View v = lost_only ? view_top(lost, nlost, sizeof *lost, cmp_lrec, top)
                      : view_top(r->leaks.recs, r->leaks.nrecs,
                                 sizeof *r->leaks.recs, cmp_lrec, top);
   size_t shown = v.n;
   size_t ng = list_groups(r->leaks.nrecs, r->leaks.groups);
   if (lost_only && reach > 0)
      printf("\nLoss records: the largest %s of %s lost (--show=loss-records "
             "adds the %s still reachable):\n", num(shown), num(nlost),
             num(reach));
   else if (lost_only)
      printf("\nLoss records: the largest %s of %s:\n", num(shown),
             num(nlost));
   else if (ng < r->leaks.total)
      printf("\nLoss records: the largest %s of %s %s (%s records merged by "
             "role, kind and first %s own %s):\n", num(shown), num(ng),
             plural(ng, "group", "groups"), num(r->leaks.total),
             num(text_opt.group_frames),
             plural(text_opt.group_frames, "frame", "frames"));
   else
      printf("\nLoss records: the largest %s of %s:\n", num(shown),
             num(r->leaks.total));
   for (size_t i = 0; i < shown; i++) {
      const Site *s = v.at[i];
      int k = leak_kind(s->kind);
      char *who = site_threads(ix, s), *role = role_label(&s->role, false);
      printf("\n#%zu: ", i + 1);
      if (s->has_ind && s->ind_bytes > 0)
         printf("%s (%s direct, %s indirect) bytes", num(lrec_total(s)),
                num(s->bytes), num(s->ind_bytes));
      else
         printf("%s", bytes_str(s->bytes));
      printf(" in %s %s %s %s, %s, role %s%s\n", num(s->blocks),
             plural(s->blocks, "block", "blocks"),
             s->bytes == 1 && !(s->has_ind && s->ind_bytes > 0) ? "is" : "are",
             k >= 0 ? lk_text[k] : s->kind, who, role,
             merged_note(&s->g, "loss records"));
      free(who);
      free(role);
      if (s->suppressed_by)
         printf("   suppressed by \"%s\"\n", s->suppressed_by);
      if (s->heur_blocks > 0) {
         if (s->heur_blocks == s->blocks)
            printf("   all kept reachable by memcheck's ");
         else
            printf("   %s of them kept reachable by memcheck's ",
                   bytes_blocks(s->heur_bytes, s->heur_blocks));
         for (int h = 0, n = 0; h < HEUR_N; h++)
            if (s->heur_mask & (1u << h))
               printf("%s%s", n++ ? ", " : "", heur_text[h]);
         printf(" heuristic\n");
      }
      print_stack_grouped(&s->stack, &s->g);
      if (s->from)
         print_pointed_from(s->from, ix);
      print_likely(&likely, s);
   }
   view_free(&v);
   verdict_likely_free(&likely);
   free(lost);
}

/* Sorts orphans: most bytes first, then by role. */
static int cmp_orphans(const void *a, const void *b)
{
   const Orphans *x = a, *y = b;
   if (x->bytes != y->bytes)
      return x->bytes > y->bytes ? -1 : 1;
   int c = cmp_role(&x->role, &y->role);
   return c ? c : cmp_order(x->order, y->order);
}

void print_orphans(const Report *r)
{
   if (!r->live.has_orphan_info)
      return;
   if (r->live.norphans == 0) {
      printf("\nOrphans: none (no memory live at exit belongs to a thread that "
             "had ended).\n");
      return;
   }
   View v = view_sorted(r->live.orphans, r->live.norphans,
                        sizeof *r->live.orphans,
                        cmp_orphans);
   printf("\nOrphans: memory live at exit whose owning thread had ended, by "
          "role:\n");
   for (size_t i = 0; i < v.n; i++) {
      const Orphans *o = v.at[i];
      char *role = role_label(&o->role, false);
      printf("  %s: %s\n", role, bytes_blocks(o->bytes, o->blocks));
      free(role);
   }
   view_free(&v);
}
