/* text_snap.c: the heap over time in the text summary.  The timeline
 * is a table of samples, evenly spaced with the peak and the last, a
 * column for each of the roles holding most; the snapshots a table of
 * their figures, then the spawn sites and leak scans across the
 * snapshots (a few snapshots picked as columns); the growth suspects
 * growth.c finds are listed with their fits.
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

/* ---- Timeline ---- */

/* The most in v[0] first, then by role (v[1] is not compared). */
static int cmp_tl_col(const void *a, const void *b)
{
   const RoleAmt *x = a, *y = b;
   if (x->v[0] != y->v[0])
      return x->v[0] > y->v[0] ? -1 : 1;
   return cmp_role(x->role, y->role);
}

/* Role columns in the timeline; more roles are summed in one. */
#define TL_ROLE_COLS 4
#define TL_BAR 20

/* The samples as the timeline shows them, a view (the model keeps them
   as read): the last one too if it was not kept with the others, and
   a peak the tool wrote as a sample of its own that repeats the one
   before merged into that one.  sm gets them, is_peak whether each is
   the peak; both hold r->nsamples + 1.  Returns how many. */
static size_t timeline_view(const Report *r, const Sample **sm,
                            bool *is_peak)
{
   size_t n = 0;
   for (size_t i = 0; i <= r->timeline.nsamples; i++) {
      const Sample *s = i < r->timeline.nsamples ? &r->timeline.samples[i]
                        : r->timeline.have_last ? &r->timeline.last : NULL;
      if (s == NULL)
         break;
      if (n > 0 && s->peak != is_peak[n - 1] && s->time == sm[n - 1]->time &&
          s->live == sm[n - 1]->live) {
         is_peak[n - 1] = true;
         continue;
      }
      sm[n] = s;
      is_peak[n++] = s->peak;
   }
   return n;
}

void print_timeline(const Report *r, size_t rows)
{
   if (rows == 0 || !r->timeline.present)
      return;
   const Sample **sm = xrealloc(NULL, (r->timeline.nsamples + 1) * sizeof *sm);
   bool *is_peak = xrealloc(NULL,
                            (r->timeline.nsamples + 1) * sizeof *is_peak);
   size_t n = timeline_view(r, sm, is_peak);
   if (n == 0) {
      printf("\nHeap over time: no samples.\n");
      free(sm);
      free(is_peak);
      return;
   }

   /* Which samples: evenly spaced, with the peak and the last. */
   size_t peak = n, *pick = xrealloc(NULL, (rows < n ? rows : n) * sizeof *pick);
   size_t np = 0;
   for (size_t i = 0; i < n && peak == n; i++)
      if (is_peak[i])
         peak = i;
   if (n <= rows) {
      for (size_t i = 0; i < n; i++)
         pick[np++] = i;
   } else if (rows == 1) {
      pick[np++] = peak < n ? peak : n - 1;
   } else {
      for (size_t k = 0; k < rows; k++)
         pick[np++] = (size_t)(((long double)k * (long double)(n - 1)) /
                               (long double)(rows - 1) + 0.5L);
      bool has_peak = peak == n;
      for (size_t k = 0; k < np; k++)
         has_peak |= pick[k] == peak;
      if (!has_peak) {
         /* Replace the pick nearest the peak, never the last. */
         size_t best = 0;
         for (size_t k = 1; k + 1 < np; k++) {
            size_t dk = pick[k] > peak ? pick[k] - peak : peak - pick[k];
            size_t db = pick[best] > peak ? pick[best] - peak : peak - pick[best];
            if (dk < db)
               best = k;
         }
         pick[best] = peak;
      }
   }

   /* The role columns: the roles with the most bytes at any sample. */
   size_t nc = r->timeline.ncols;
   RoleAmt *cols = xrealloc(NULL, (nc ? nc : 1) * sizeof *cols);
   for (size_t c = 0; c < nc; c++)
      cols[c] = (RoleAmt){ .role = &r->timeline.cols[c] };
   for (size_t i = 0; i < n; i++)
      for (size_t j = 0; j < sm[i]->nroles; j++) {
         RoleAmt *a = &cols[sm[i]->roles[j].col];
         if (sm[i]->roles[j].bytes > a->v[0])
            a->v[0] = sm[i]->roles[j].bytes;
      }
   for (size_t c = 0; c < nc; c++)
      cols[c].v[1] = c;
   /* Largest first, then by role; v[1] remembers the column. */
   qsort(cols, nc, sizeof *cols, cmp_tl_col);
   size_t shown_cols = nc <= TL_ROLE_COLS ? nc : TL_ROLE_COLS - 1;
   bool others = shown_cols < nc;
   size_t *place = xrealloc(NULL, (nc ? nc : 1) * sizeof *place);
   for (size_t c = 0; c < nc; c++)
      place[cols[c].v[1]] = c < shown_cols ? c : shown_cols;

   size_t ncols = 2 + shown_cols + (others ? 1 : 0) + 1;
   const char **head0 = xrealloc(NULL, ncols * sizeof *head0);
   const char **head = xrealloc(NULL, ncols * sizeof *head);
   bool *right = xrealloc(NULL, ncols * sizeof *right);
   size_t *cap = xrealloc(NULL, ncols * sizeof *cap);
   char **owned = xrealloc(NULL, (2 * shown_cols + 1) * sizeof *owned);
   size_t nowned = 0;
   head0[0] = "";
   head[0] = "time";
   head0[1] = "live";
   head[1] = "bytes";
   for (size_t c = 0; c < shown_cols; c++) {
      /* The role above, its pool below: "tokio-worker" / "(runtime 1)". */
      const Role *role = cols[c].role;
      char *full = role_label(role, false);
      char *paren = strchr(full, '(');
      if (role->has_pool && paren != NULL && paren > full) {
         paren[-1] = '\0';
         head0[2 + c] = full;
         head[2 + c] = owned[nowned++] = xstrdup(paren);
         owned[nowned++] = full;
      } else {
         head0[2 + c] = "";
         head[2 + c] = owned[nowned++] = full;
      }
   }
   if (others) {
      head0[ncols - 2] = "other";
      head[ncols - 2] = "roles";
   }
   head0[ncols - 1] = "";
   head[ncols - 1] = "";
   for (size_t c = 0; c < ncols; c++) {
      right[c] = c + 1 < ncols;
      cap[c] = 0;
   }
   Table t = { .ncols = ncols, .head0 = head0, .head = head, .right = right,
               .cap = cap };

   uint64_t top = 0;
   for (size_t k = 0; k < np; k++)
      if (sm[pick[k]]->live > top)
         top = sm[pick[k]]->live;
   uint64_t *by = xrealloc(NULL, (shown_cols + 1) * sizeof *by);
   for (size_t k = 0; k < np; k++) {
      const Sample *s = sm[pick[k]];
      memset(by, 0, (shown_cols + 1) * sizeof *by);
      for (size_t j = 0; j < s->nroles; j++) {
         size_t c = place[s->roles[j].col];
         by[c] = add_sat(by[c], s->roles[j].bytes);
      }
      table_cell(&t, num(s->time));
      table_cell(&t, num(s->live));
      for (size_t c = 0; c < shown_cols + (others ? 1 : 0); c++)
         table_cell(&t, num(by[c]));
      char bar[TL_BAR + 16];
      size_t len = top ? (size_t)((long double)s->live * TL_BAR / (long double)top + 0.5L) : 0;
      if (len == 0 && s->live > 0)
         len = 1;
      memset(bar, '#', len);
      bar[len] = '\0';
      if (is_peak[pick[k]])
         strcat(bar, " peak");
      table_cell(&t, bar);
   }
   uint64_t total = sub_sat(r->timeline.seen, r->timeline.repeats);
   printf("\nHeap over time, in %s: %s of %s %s%s:\n",
          time_unit_name(r->timeline.unit),
          num(np), num(total), plural(total, "sample", "samples"),
          np < total ? ", evenly spaced, with the peak and the last" : "");
   table_print(&t);

   for (size_t i = 0; i < nowned; i++)
      free(owned[i]);
   free(owned);
   free(by);
   free(head0);
   free(head);
   free(right);
   free(cap);
   free(place);
   free(cols);
   free(pick);
   free(sm);
   free(is_peak);
}

/* ---- Snapshots and growth (growth.c) ---- */

/* The snapshots' leak scans (--snapshot-leak-check=yes), if any: a
   leak that grows shows as definitely lost growing down the column. */
static void print_snapshot_leaks(const Snaps *ss)
{
   static const char *const head[] = {
      "seq", "definitely lost", "blocks", "indirectly lost",
      "possibly lost", "still reachable", "lost records",
   };
   static const bool right[] = { true, true, true, true, true, true, true };
   static const size_t cap[] = { 0, 0, 0, 0, 0, 0, 0 };
   size_t n = 0;
   for (size_t i = 0; i < ss->n; i++)
      n += ss->list[i].has_leaks;
   if (n == 0)
      return;
   printf("Leak scans at the snapshots (bytes):\n");
   Table t = { .ncols = 7, .head = head, .right = right, .cap = cap };
   for (size_t i = 0; i < ss->n; i++) {
      const Snap *sn = &ss->list[i];
      if (!sn->has_leaks)
         continue;
      table_cell(&t, num(sn->seq));
      table_cell(&t, num(sn->leak_bytes[LK_DEF]));
      table_cell(&t, num(sn->leak_blocks[LK_DEF]));
      table_cell(&t, num(sn->leak_bytes[LK_IND]));
      table_cell(&t, num(sn->leak_bytes[LK_POS]));
      table_cell(&t, num(sn->leak_bytes[LK_REACH]));
      table_cell(&t, num(sn->leak_records));
   }
   table_print(&t);
}

/* The snapshots shown as columns: all of them if few, else this many
   spread from the first to the last, the largest among them. */
#define SNAP_COLS 6
/* Spawn sites shown: those holding most at the last snapshot, then a
   few more holding most at the largest. */
#define SNAP_SPAWN_LAST 5
#define SNAP_SPAWN_PEAK 2

static bool snap_has_tasks(const Snap *sn) { return sn->tasks != NULL; }
static bool snap_has_leaks(const Snap *sn) { return sn->has_leaks; }

/* Fills idx (SNAP_COLS) with the columns' indices into ss->list, in
   order; returns how many. */
static size_t pick_snaps(const Snaps *ss, bool (*has)(const Snap *),
                         size_t *idx)
{
   size_t m = 0, n = 0, peak = SIZE_MAX;
   for (size_t i = 0; i < ss->n; i++)
      if (has(&ss->list[i])) {
         if (ss->list[i].peak)
            peak = m;
         m++;
      }
   size_t want[SNAP_COLS];       /* ranks among those that have */
   if (m <= SNAP_COLS) {
      for (size_t j = 0; j < m; j++)
         want[n++] = j;
   } else {
      for (size_t j = 0; j < SNAP_COLS; j++)
         want[n++] = j * (m - 1) / (SNAP_COLS - 1);
      if (peak != SIZE_MAX) {    /* the largest replaces its nearest */
         size_t best = 1;
         for (size_t j = 1; j + 1 < n; j++)
            if ((want[j] > peak ? want[j] - peak : peak - want[j]) <
                (want[best] > peak ? want[best] - peak : peak - want[best]))
               best = j;
         if (peak != 0 && peak != m - 1)
            want[best] = peak;
      }
   }
   for (size_t i = 0, rank = 0, j = 0; i < ss->n && j < n; i++)
      if (has(&ss->list[i])) {
         if (rank == want[j])
            idx[j++] = i;
         rank++;
      }
   return n;
}

/* Column headings "#seq" for the picked snapshots, after lead ones. */
static char **snap_heads(const Snaps *ss, const size_t *idx, size_t n,
                         const char *const *lead, size_t nlead)
{
   char **h = xrealloc(NULL, (nlead + n + 1) * sizeof *h);
   for (size_t c = 0; c < nlead; c++)
      h[c] = xstrdup(lead[c]);
   for (size_t c = 0; c < n; c++) {
      char t[32];
      snprintf(t, sizeof t, "#%s", num(ss->list[idx[c]].seq));
      h[nlead + c] = xstrdup(t);
   }
   h[nlead + n] = NULL;
   return h;
}

static void free_heads(char **h)
{
   for (size_t c = 0; h[c]; c++)
      free(h[c]);
   free(h);
}

static uint64_t held(const SnapSpawn *x) { return x->live_bytes + x->cell_bytes; }

/* A snapshot's figures of merged site id (sitemerge.c: the report's
   sites of one source line are one row, as in the Tasks section),
   summed into *out; NULL if the snapshot lists none of them. */
static const SnapSpawn *snap_spawn(const Snap *sn, const MergedTasks *m,
                                   uint64_t id, SnapSpawn *out)
{
   bool found = false;
   memset(out, 0, sizeof *out);
   out->id = id;
   for (size_t k = 0; sn->tasks && k < sn->tasks->nsites; k++) {
      const SnapSpawn *x = &sn->tasks->sites[k];
      if (tasks_merged_id(m, x->id) != id)
         continue;
      found = true;
      out->tasks = add_sat(out->tasks, x->tasks);
      out->live_bytes = add_sat(out->live_bytes, x->live_bytes);
      out->live_blocks = add_sat(out->live_blocks, x->live_blocks);
      out->cell_bytes = add_sat(out->cell_bytes, x->cell_bytes);
   }
   return found ? out : NULL;
}

/* Adds merged site id to ids (n of them, at most max) unless there. */
static void add_row_id(uint64_t *ids, size_t *n, size_t max, uint64_t id)
{
   for (size_t j = 0; j < *n; j++)
      if (ids[j] == id)
         return;
   if (*n < max)
      ids[(*n)++] = id;
}

/* Tokio spawn sites: the heap their tasks hold at each snapshot (a site
   a snapshot does not list, not among its --snapshot-sites largest,
   shows "-": it is in the "other spawn sites" row). */
static void print_snapshot_spawns(const Report *r)
{
   const Snaps *ss = r->snaps;
   size_t idx[SNAP_COLS], nc = pick_snaps(ss, snap_has_tasks, idx);
   if (nc == 0)
      return;
   const Snap *last = &ss->list[idx[nc - 1]], *peak = NULL;
   for (size_t i = 0; i < ss->n; i++)
      if (ss->list[i].peak && ss->list[i].tasks)
         peak = &ss->list[i];
   MergedTasks m = { 0 };
   if (r->tasks)
      tasks_merge(r->tasks, text_opt.own, text_opt.group_frames, &m);
   uint64_t ids[SNAP_SPAWN_LAST + SNAP_SPAWN_PEAK];
   size_t nr = 0;
   SnapSpawn sum;
   for (size_t k = 0; k < last->tasks->nsites; k++)
      add_row_id(ids, &nr, SNAP_SPAWN_LAST,
                 tasks_merged_id(&m, last->tasks->sites[k].id));
   /* Most held at the last first (a merged row sums its sites). */
   for (size_t i = 1; i < nr; i++)
      for (size_t j = i; j > 0; j--) {
         SnapSpawn a, b;
         snap_spawn(last, &m, ids[j - 1], &a);
         snap_spawn(last, &m, ids[j], &b);
         if (held(&b) <= held(&a))
            break;
         uint64_t x = ids[j - 1];
         ids[j - 1] = ids[j];
         ids[j] = x;
      }
   size_t from_last = nr;
   for (size_t k = 0; peak && peak != last && k < peak->tasks->nsites; k++)
      add_row_id(ids, &nr, from_last + SNAP_SPAWN_PEAK,
                 tasks_merged_id(&m, peak->tasks->sites[k].id));
   static const char *const lead[] = { "spawn site" };
   char **head = snap_heads(ss, idx, nc, lead, 1);
   const char *hd[SNAP_COLS + 2];
   bool right[SNAP_COLS + 2];
   size_t cap[SNAP_COLS + 2] = { 0 };
   for (size_t c = 0; c <= nc; c++) {
      hd[c] = head[c];
      right[c] = c > 0;
   }
   hd[nc + 1] = "tasks";
   right[nc + 1] = true;
   cap[0] = 60;
   printf("Tokio spawn sites at the snapshots (bytes their tasks hold: live "
          "and cells; tasks alive at #%s):\n", num(last->seq));
   Table t = { .ncols = nc + 2, .head = hd, .right = right, .cap = cap };
   uint64_t shown[SNAP_COLS] = { 0 };
   for (size_t j = 0; j < nr; j++) {
      Buf b = { 0 };
      add_site_label(&b, r->tasks, ids[j]);
      table_cell_take(&t, b.s);
      for (size_t c = 0; c < nc; c++) {
         const SnapSpawn *x = snap_spawn(&ss->list[idx[c]], &m, ids[j], &sum);
         table_cell(&t, x ? num(held(x)) : "-");
         shown[c] += x ? held(x) : 0;
      }
      const SnapSpawn *x = snap_spawn(last, &m, ids[j], &sum);
      table_cell(&t, x ? num(x->tasks) : "-");
   }
   /* The rest, so that each column adds up to what all tasks hold. */
   bool rest = false;
   uint64_t all[SNAP_COLS];
   for (size_t c = 0; c < nc; c++) {
      const SnapTasks *k = ss->list[idx[c]].tasks;
      all[c] = k->rest_bytes + k->rest_cell_bytes;
      for (size_t j = 0; j < k->nsites; j++)
         all[c] += held(&k->sites[j]);
      rest |= all[c] != shown[c];
   }
   if (rest) {
      table_cell(&t, "other spawn sites");
      for (size_t c = 0; c < nc; c++)
         table_cell(&t, num(all[c] - shown[c]));
      uint64_t tasks = last->tasks->alive;
      for (size_t j = 0; j < nr; j++) {
         const SnapSpawn *x = snap_spawn(last, &m, ids[j], &sum);
         tasks -= x && x->tasks <= tasks ? x->tasks : 0;
      }
      table_cell(&t, num(tasks));
   }
   table_print(&t);
   free_heads(head);
   tasks_merged_free(&m);
}

/* The scans' figures by role and kind, a column per scan (a scan lists
   every role with blocks of a kind: a missing one had none). */
static void print_snapshot_leak_roles(const Snaps *ss)
{
   size_t idx[SNAP_COLS], nc = pick_snaps(ss, snap_has_leaks, idx);
   const SnapLeak **rows = NULL;
   size_t nr = 0, cap = 0;
   for (size_t c = 0; c < nc; c++) {
      const Snap *sn = &ss->list[idx[c]];
      for (size_t k = 0; k < sn->nlroles; k++) {
         const SnapLeak *x = &sn->lroles[k];
         bool dup = x->kind < 0;
         for (size_t j = 0; j < nr && !dup; j++)
            dup = rows[j]->kind == x->kind && same_role(&rows[j]->role, &x->role);
         if (!dup) {
            GROW(rows, cap, nr + 1);
            rows[nr++] = x;
         }
      }
   }
   if (nr == 0)
      return;
   /* By role, then in memcheck's order of kinds. */
   for (size_t i = 1; i < nr; i++)
      for (size_t j = i; j > 0; j--) {
         int d = cmp_role(&rows[j - 1]->role, &rows[j]->role);
         if (d < 0 || (d == 0 && rows[j - 1]->kind < rows[j]->kind))
            break;
         const SnapLeak *tmp = rows[j];
         rows[j] = rows[j - 1];
         rows[j - 1] = tmp;
      }
   static const char *const lead[] = { "role", "kind" };
   char **head = snap_heads(ss, idx, nc, lead, 2);
   bool right[SNAP_COLS + 2];
   size_t caps[SNAP_COLS + 2] = { 0 };
   for (size_t c = 0; c < nc + 2; c++)
      right[c] = c > 1;
   caps[0] = ROLE_COL_MAX;
   printf("Leak scans by role (bytes):\n");
   Table t = { .ncols = nc + 2, .head = (const char *const *)head,
               .right = right, .cap = caps };
   for (size_t j = 0; j < nr; j++) {
      table_cell_take(&t, role_label(&rows[j]->role, false));
      table_cell(&t, lk_text[rows[j]->kind]);
      for (size_t c = 0; c < nc; c++) {
         const Snap *sn = &ss->list[idx[c]];
         uint64_t v = 0;
         for (size_t k = 0; k < sn->nlroles; k++)
            if (sn->lroles[k].kind == rows[j]->kind &&
                same_role(&sn->lroles[k].role, &rows[j]->role))
               v += sn->lroles[k].bytes;
         table_cell(&t, num(v));
      }
   }
   table_print(&t);
   free_heads(head);
   free(rows);
}

/* "N bytes in B blocks" of a lost record, with its direct and indirect
   parts when it has indirect ones, as memcheck writes them. */
static void add_lost_amount(Buf *b, uint64_t bytes, uint64_t blocks,
                            uint64_t ind_bytes)
{
   buf_adds(b, num(bytes + ind_bytes));
   if (ind_bytes > 0) {
      buf_adds(b, " (");
      buf_adds(b, num(bytes));
      buf_adds(b, " direct, ");
      buf_adds(b, num(ind_bytes));
      buf_adds(b, " indirect)");
   }
   buf_adds(b, " bytes in ");
   buf_adds(b, num(blocks));
   buf_adds(b, plural(blocks, " block", " blocks"));
}

/* The last scan's largest lost records. */
static void print_snapshot_lost_records(const Snaps *ss)
{
   const Snap *last = NULL;
   for (size_t i = 0; i < ss->n; i++)
      if (ss->list[i].has_leaks)
         last = &ss->list[i];
   if (last == NULL || last->nlrecs == 0)
      return;
   printf("Largest lost records at the last scan (snapshot %s, %zu of %s):\n",
          num(last->seq), last->nlrecs, num(last->leak_records));
   for (size_t k = 0; k < last->nlrecs; k++) {
      const SnapLeak *x = &last->lrecs[k];
      Buf b = { 0 };
      char *where = own_place(&x->stack);
      char *rl = role_label(&x->role, false);
      add_lost_amount(&b, x->bytes, x->blocks, x->ind_bytes);
      printf("  %s %s, %s: %s\n", b.s, x->kind >= 0 ? lk_text[x->kind] : "?",
             rl, where ? where : "???");
      free(b.s);
      free(rl);
      free(where);
   }
}

void print_snapshots(const Report *r)
{
   static const char *const head[] = {
      "seq", "ms", "cause", "live bytes", "blocks", "threads", "largest role",
   };
   static const bool right[] = { true, true, false, true, true, true, false };
   static const size_t cap[] = { 0, 0, 40, 0, 0, 0, ROLE_COL_MAX + 20 };
   const Snaps *ss = r->snaps;
   if (ss == NULL)
      return;
   printf("\nSnapshots: %s taken", num(ss->taken));
   if (ss->interval)
      printf(" (every %s)", ss->interval);
   printf(", %s kept (at most %s: older ones thinned, the largest kept):\n",
          num(ss->n), num(ss->max));
   Table t = { .ncols = 7, .head = head, .right = right, .cap = cap };
   for (size_t i = 0; i < ss->n; i++) {
      const Snap *sn = &ss->list[i];
      const SnapRole *big = NULL;
      Buf b = { 0 };
      for (size_t k = 0; k < sn->nroles; k++)   /* a role, not the others' sum */
         if (!sn->roles[k].has_others
             && (big == NULL || sn->roles[k].live_bytes > big->live_bytes))
            big = &sn->roles[k];
      table_cell(&t, num(sn->seq));
      table_cell(&t, num(sn->ms));
      buf_adds(&b, sn->cause ? sn->cause : "?");
      if (sn->label) {
         buf_adds(&b, " \"");
         buf_adds(&b, sn->label);
         buf_adds(&b, "\"");
      }
      if (sn->peak)
         buf_adds(&b, ", largest");
      table_cell_take(&t, b.s ? b.s : strdup(""));
      table_cell(&t, num(sn->live_bytes));
      table_cell(&t, num(sn->live_blocks));
      table_cell(&t, num(sn->threads));
      if (big) {
         Buf c = { 0 };
         char *rl = role_label(&big->role, false);
         buf_adds(&c, rl);
         buf_adds(&c, " ");
         buf_adds(&c, num(big->live_bytes));
         free(rl);
         table_cell_take(&t, c.s);
      } else {
         table_cell(&t, "-");
      }
   }
   table_print(&t);
   print_snapshot_spawns(r);
   print_snapshot_leaks(ss);
   print_snapshot_leak_roles(ss);
   print_snapshot_lost_records(ss);
   for (size_t i = 0; i < ss->nphases; i++)
      printf("Phase \"%s\" at %s ms, after snapshot %s\n",
             ss->phases[i].label ? ss->phases[i].label : "",
             num(ss->phases[i].ms), num(ss->phases[i].after));
}

/* A growth rate in a unit that reads: "512 bytes/hour", "12.3
   KiB/hour", "4.0 MiB/hour"; per snapshot when the snapshots' times
   were all the same (the fit was on their numbers). */
static const char *rate_str(const Suspect *s)
{
   static char buf[64];
   static const char *const unit[] = { "KiB", "MiB", "GiB", "TiB" };
   double v = s->per_hour > 0 ? s->per_hour : s->per_snap;
   const char *per = s->per_hour > 0 ? "hour" : "snapshot";
   if (v <= 0) {
      snprintf(buf, sizeof buf, "(no time between snapshots)");
      return buf;
   }
   if (v < 1024) {
      snprintf(buf, sizeof buf, "%s bytes/%s", num((uint64_t)(v + 0.5)), per);
      return buf;
   }
   size_t u = 0;
   v /= 1024;
   while (v >= 1024 && u + 1 < sizeof unit / sizeof unit[0]) {
      v /= 1024;
      u++;
   }
   snprintf(buf, sizeof buf, "%.1f %s/%s", v, unit[u], per);
   return buf;
}

/* Spawn sites whose tasks hold more and more, if the snapshots have
   tasks at all. */
static void print_spawn_growth(const Report *r, const Growth *g)
{
   const Snaps *ss = r->snaps;
   if (ss->n == 0 || ss->list[ss->n - 1].tasks == NULL)
      return;
   printf("Growth suspects among Tokio spawn sites (the heap their tasks "
          "hold: live bytes and cells):\n");
   if (g->used < 3)
      printf("  too few snapshots to tell (3 needed)\n");
   else if (g->nspawn == 0)
      printf("  none: no spawn site grew steadily\n");
   for (size_t i = 0; i < g->nspawn; i++) {
      const Suspect *s = &g->spawn[i];
      Buf b = { 0 };
      add_site_label(&b, r->tasks, s->spawn->id);
      printf("  %s: %s -> %s held by %s %s over snapshots %s..%s, %s, grew in "
             "%.0f%% of %zu steps, R^2 %.2f\n", b.s, num(s->first_bytes),
             num(s->last_bytes), num(s->spawn->tasks),
             plural(s->spawn->tasks, "task", "tasks"), num(s->first_seq),
             num(s->last_seq), rate_str(s), 100.0 * s->steady, s->points - 1,
             s->r2);
      free(b.s);
   }
}

/* " over snapshots F..L, R KiB/hour, grew in P% of S steps, R^2 X" */
static void print_fit(const Suspect *s)
{
   printf(" over snapshots %s..%s, ", num(s->first_seq), num(s->last_seq));
   if (s->per_hour > 0 || s->per_snap > 0)
      printf("%s, ", rate_str(s));
   printf("grew in %.0f%% of %zu steps, R^2 %.2f", 100.0 * s->steady,
          s->points - 1, s->r2);
}

/* Definitely lost memory at the snapshots' leak scans, if they have
   any: per role whether it grows, then the lost records that grow. */
static void print_leak_growth(const Growth *g)
{
   if (g->lused == 0)
      return;
   printf("Growth of definitely lost memory at the leak scans (%s %s):\n",
          num(g->lused), plural(g->lused, "scan", "scans"));
   if (g->lused < 3) {
      printf("  too few leak scans to tell (3 needed)\n");
      return;
   }
   if (g->nlroles == 0)
      printf("  none definitely lost at the last scan\n");
   for (size_t i = 0; i < g->nlroles; i++) {
      const Suspect *s = &g->lroles[i];
      char *rl = role_label(&s->leak->role, false);
      printf("  %s: %s -> %s bytes", rl, num(s->first_bytes),
             num(s->last_bytes));
      print_fit(s);
      printf(": %s\n", s->grows ? "grows" : "does not grow steadily");
      free(rl);
   }
   if (g->nlrecs == 0) {
      printf("  no lost record grows steadily\n");
      return;
   }
   printf("  Lost records that grow (bytes without indirect):\n");
   for (size_t i = 0; i < g->nlrecs; i++) {
      const Suspect *s = &g->lrecs[i];
      char *rl = role_label(&s->leak->role, false);
      char *where = own_place(&s->leak->stack);
      printf("    %s, %s, %s: %s -> %s bytes", where ? where : "???", rl,
             s->leak->kind >= 0 ? lk_text[s->leak->kind] : "?",
             num(s->first_bytes), num(s->last_bytes));
      print_fit(s);
      printf("\n");
      free(rl);
      free(where);
   }
}

void print_growth(const Report *r)
{
   Growth *g = growth_find(r);
   if (g == NULL)
      return;
   printf("\nGrowth suspects: sites whose live bytes grow across the "
          "snapshots");
   if (strcmp(g->why, "phase") == 0)
      printf(" after phase \"%s\" (snapshot %s on)",
             g->phase->label ? g->phase->label : "", num(g->after_seq + 1));
   else if (strcmp(g->why, "--after") == 0)
      printf(" after snapshot %s (--after)", num(g->after_seq));
   printf(", %s %s:\n", num(g->used), plural(g->used, "snapshot", "snapshots"));
   if (g->used < 3) {
      printf("  too few snapshots to tell (3 needed)\n");
   } else if (g->n == 0) {
      printf("  none: no site grew steadily\n");
   }
   for (size_t i = 0; i < g->n; i++) {
      const Suspect *s = &g->list[i];
      char *rl = role_label(&s->site->role, false);
      char *where = own_place(&s->site->stack);
      printf("  %s, %s: %s -> %s live over snapshots %s..%s, %s, grew in "
             "%.0f%% of %zu steps, R^2 %.2f\n", where ? where : "???", rl,
             num(s->first_bytes), num(s->last_bytes), num(s->first_seq),
             num(s->last_seq), rate_str(s), 100.0 * s->steady, s->points - 1,
             s->r2);
      free(rl);
      free(where);
   }
   print_spawn_growth(r, g);
   print_leak_growth(g);
   growth_free(g);
}
