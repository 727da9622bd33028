/* stacktab.c: at_print's reader, version 2's stack table.
 *
 * A version 2 report names each stack by a ref into the <stack-table>
 * at its end (docs/report-format.md): its frames once each, then its
 * stacks as lists of frame ids.  Read in the file's order (read.c), the
 * refs of the records kept are noted as they are read (stack_ref); at
 * the table's start the stacks they use are listed (table_begin, the
 * Needs), the table's frames are all kept (table_frame), and of its
 * stacks only those listed (table_stack), each checked whether kept or
 * not; at the end every kept record's stack is pointed at its frames
 * (resolve_stacks).
 *
 * Grouped (report_read_grouped), the table is read first instead
 * (read_fast, which makes the grouper the read's sink, sink.h): found
 * from the end of the file, read alone with each stack handed to the
 * grouper, and the rest read with an empty table in its place, each
 * record handed to the grouper as it is read; the frames of the
 * stacks the groups show are then read again from the file
 * (reread_stacks).  Anything amiss there and the file is read again the
 * usual way, which says what is wrong.
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

#define _GNU_SOURCE              /* memrchr */

#include <errno.h>
#include <inttypes.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "read_int.h"

/* ---- Version 2's stacks ---- */

/* A <stack> where a section names one: in version 2 a ref into the
   table, in version 1 its frames. */
void stack_ref(Parser *p, long line)
{
   Stack *s = p->stack;
   bool has = attr_get(p, N_REF) != NULL;
   if (p->version == 1) {
      if (has)
         fail(p, "line %ld: <stack ref> in a version 1 report (a version 1 "
              "stack holds its frames)", line);
      return;
   }
   if (!has)
      return;                    /* said at its end, unless it has frames */
   if (p->table_begun) {
      /* The table's stacks are kept only for the sites read before it. */
      fail(p, "line %ld: <stack ref> after the <stack-table>, which must be "
           "the last element", line);
      return;
   }
   if (!attr_id(p, "stack", N_REF, line, &s->ref))
      return;
   if (s->ref == 0) {
      fail(p, "line %ld: <stack> attribute ref is 0 (stack ids count from 1)",
           line);
      return;
   }
   if (p->refs++ == 0)
      p->first_ref_line = line;
   if (s->ref > p->max_ref) {
      p->max_ref = s->ref;
      p->max_ref_line = line;
   }
}

static int cmp_need(const void *a, const void *b)
{
   const Need *x = a, *y = b;
   return (x->ref > y->ref) - (x->ref < y->ref);
}

/* Calls fn(ctx, s) on the stack s of each kept entry that names one of
   the table's (a task may have none). */
static void each_kept_stack(Report *r, void (*fn)(void *, Stack *),
                            void *ctx)
{
#define VISIT(s) do { if ((s)->ref != 0) fn(ctx, (s)); } while (0)
   VISIT(&r->run.crash.stack);
   for (size_t i = 0; i < r->live.nsites; i++)
      VISIT(&r->live.sites[i].stack);
   for (size_t i = 0; i < r->futex.nsites; i++)
      VISIT(&r->futex.sites[i].stack);
   for (size_t i = 0; i < r->leaks.nrecs; i++) {
      VISIT(&r->leaks.recs[i].stack);
      if (r->leaks.recs[i].from != NULL)
         VISIT(&r->leaks.recs[i].from->stack);
   }
   for (size_t i = 0; i < r->alloc.nsites; i++)
      VISIT(&r->alloc.sites[i].stack);
   for (size_t i = 0; i < r->bad.n; i++)
      VISIT(&r->bad.list[i].stack);
   for (size_t i = 0; r->maps && i < r->maps->nlist; i++)
      VISIT(&r->maps->list[i].stack);
   Tasks *t = r->tasks;
   for (size_t i = 0; t && i < t->nsites; i++)
      VISIT(&t->sites[i].stack);
   for (size_t i = 0; t && i < t->ntasks; i++)
      VISIT(&t->tasks[i].stack);
   for (size_t i = 0; t && i < t->nblocks; i++)
      VISIT(&t->blocks[i].stack);
   for (size_t i = 0; r->cpu && i < r->cpu->nrows; i++)
      VISIT(&r->cpu->rows[i].stack);
   for (size_t i = 0; r->snaps && i < r->snaps->n; i++)
      for (size_t j = 0; j < r->snaps->list[i].nsites; j++)
         VISIT(&r->snaps->list[i].sites[j].stack);
   for (size_t i = 0; r->snaps && i < r->snaps->n; i++)
      for (size_t j = 0; j < r->snaps->list[i].nlrecs; j++)
         VISIT(&r->snaps->list[i].lrecs[j].stack);
#undef VISIT
}

static void count_stack(void *ctx, Stack *s)
{
   (void)s;
   (*(size_t *)ctx)++;
}

static void mark_stack(void *ctx, Stack *s)
{
   ((uint32_t *)ctx)[s->ref] = 1;
}

static void add_need(void *ctx, Stack *s)
{
   Report *r = ctx;
   r->table.need[r->table.nneed++] = (Need){ .ref = s->ref };
}

/* The stacks the kept records show (n of them, duplicates included),
   sorted by ref, each once. */
static void gather_needs(Report *r, size_t n)
{
   each_kept_stack(r, add_need, r);
   qsort(r->table.need, n, sizeof *r->table.need, cmp_need);
   r->table.nneed = 0;
   for (size_t i = 0; i < n; i++)
      if (r->table.nneed == 0 ||
          r->table.need[r->table.nneed - 1].ref != r->table.need[i].ref)
         r->table.need[r->table.nneed++] = r->table.need[i];
}

/* <stack-table> starts: note which of its stacks the kept entries use. */
void table_begin(Parser *p, long line)
{
   Report *r = p->rep;
   p->table_begun = true;
   if (!attr_u64(p, "stack-table", N_STACKS, line, &p->table_stacks))
      return;
   if (p->mode == 1)
      return;                    /* every stack is kept (table_stack) */
   size_t n = 0;
   each_kept_stack(r, count_stack, &n);
   r->table.need = xrealloc(NULL, (n ? n : 1) * sizeof *r->table.need);
   r->table.nneed = 0;
   if (n > 0 && n < UINT32_MAX && p->max_ref <= 8 * (uint64_t)n + 1024) {
      /* Sites kept by the million (all of them, say) use most of the
         table's stacks: their refs are sorted by marking each in an
         array by ref, which resolve_stack reads too, rather than by
         qsort and a bsearch a site. */
      size_t m = (size_t)p->max_ref + 1;
      p->need_of = xrealloc(NULL, m * sizeof *p->need_of);
      memset(p->need_of, 0, m * sizeof *p->need_of);
      each_kept_stack(r, mark_stack, p->need_of);
      for (size_t ref = 1; ref < m; ref++)
         if (p->need_of[ref] != 0) {
            r->table.need[r->table.nneed++] = (Need){ .ref = ref };
            p->need_of[ref] = (uint32_t)r->table.nneed;
         }
      return;
   }
   gather_needs(r, n);
}

/* A <frame id> of the table: ids count from 1, in order. */
void table_frame(Parser *p, long line)
{
   Report *r = p->rep;
   uint64_t id;
   p->frame = NULL;
   if (!attr_id(p, "frame", N_ID, line, &id))
      return;
   if (id != (uint64_t)r->table.nframes + 1) {
      fail(p, "line %ld: <frame> id %" PRIu64 " is out of order (%" PRIu64
           " expected: the table's frame ids count from 1)", line, id,
           (uint64_t)r->table.nframes + 1);
      return;
   }
   /* The stacks hold 32-bit indices. */
   if (r->table.nframes == UINT32_MAX) {
      fail(p, "line %ld: more than %s frames in the <stack-table>", line,
           num(UINT32_MAX));
      return;
   }
   GROW(r->table.frames, r->table.capframes, r->table.nframes + 1);
   p->frame = &r->table.frames[r->table.nframes++];
   memset(p->frame, 0, sizeof *p->frame);
}

/* A sum of a stack's frame ids, to know them again (reread_stacks):
   two running sums (Fletcher's), which change with any id and with
   their order, at an add each. */
static uint64_t ids_sum(const uint32_t *ids, size_t n)
{
   uint64_t s1 = n, s2 = 0;
   for (size_t i = 0; i < n; i++) {
      s1 += ids[i];
      s2 += s1;
   }
   return s1 ^ (s2 << 24 | s2 >> 40);
}

/* Mode 1: stack id (its frames in p->ids) to the sink (the grouper,
   which keeps its key rather than its frames); where it is and the sum
   of its frames noted, to read them again if it is shown. */
static void table_stack_keyed(Parser *p, uint64_t id, size_t nids)
{
   struct Fast *f = p->fast;
   if (!f->sink.stack(f->sink.ctx, p->ids, nids)) {
      fail(p, "too many stacks or frames to group as read: read again");
      return;
   }
   GROW(f->spos, f->capspos, id + 1);
   GROW(f->ssum, f->capssum, id + 1);
   f->spos[0] = p->table_at;
   f->spos[id] = p->table_at + p->pending_at;
   f->ssum[id] = ids_sum(p->ids, nids);
}

/* A <stack id frames> of the table: its frames are kept if a kept site
   uses it, and checked in any case (mode 1: grouped). */
void table_stack(Parser *p, long line)
{
   Report *r = p->rep;
   uint64_t id;
   if (!attr_id(p, "stack", N_ID, line, &id))
      return;
   if (id != r->table.stacks + 1) {
      fail(p, "line %ld: <stack> id %" PRIu64 " is out of order (%" PRIu64
           " expected: the table's stack ids count from 1)", line, id,
           r->table.stacks + 1);
      return;
   }
   r->table.stacks++;
   const char *v = attr_get(p, N_FRAMES);
   if (v == NULL) {
      fail(p, "line %ld: <stack> has no frames attribute", line);
      return;
   }
   Need *nd = NULL;
   size_t nids = 0;              /* mode 1: its frames, in p->ids */
   if (p->mode != 1 && p->next_need < r->table.nneed &&
       r->table.need[p->next_need].ref == id) {
      nd = &r->table.need[p->next_need++];
      nd->start = r->table.ntids;
   }
   /* A million stacks of tens of frames: each id is read with no more
      than a test a digit. */
   for (const char *q = v;;) {
      while (is_xml_space(*q))
         q++;
      if (*q == '\0')
         break;
      const char *tok = q;
      uint64_t f = 0;
      bool big = false;
      for (; (unsigned)(*q - '0') < 10; q++)
         f = f * 10 + (unsigned)(*q - '0');
      if (q - tok > 19) {        /* 19 digits always fit: these may not */
         f = 0;
         for (const char *d = tok; d < q; d++) {
            unsigned digit = (unsigned)(*d - '0');
            if (f > (UINT64_MAX - digit) / 10)
               big = true;
            else
               f = f * 10 + digit;
         }
      }
      if (q == tok || (*q != '\0' && !is_xml_space(*q))) {
         char *c = clip(v, 40);
         fail(p, "line %ld: <stack> attribute frames is not a list of frame "
              "ids: \"%s\"", line, c);
         free(c);
         break;
      }
      if (big) {
         int len = q - tok > 30 ? 30 : (int)(q - tok);
         fail(p, "line %ld: <stack> attribute frames has an id too large: "
              "\"%.*s%s\"", line, len, tok, q - tok > len ? "..." : "");
         break;
      }
      if (f == 0 || f > r->table.nframes) {
         fail(p, "line %ld: <stack id=\"%" PRIu64 "\"> uses frame %" PRIu64
              ", which no <frame> before it defines", line, id, f);
         break;
      }
      if (nd != NULL) {
         if (r->table.ntids == r->table.captids)
            GROW(r->table.tids, r->table.captids, r->table.ntids + 1);
         r->table.tids[r->table.ntids++] = (uint32_t)(f - 1);
      } else if (p->mode == 1) {
         if (nids == p->capids)
            GROW(p->ids, p->capids, nids + 1);
         p->ids[nids++] = (uint32_t)(f - 1);
      }
   }
   if (nd != NULL)
      nd->n = r->table.ntids - nd->start;
   if (p->mode == 1 && !p->failed)
      table_stack_keyed(p, id, nids);
}

/* The report has ended: its refs must name stacks of the table. */
void check_refs(Parser *p, long line)
{
   if (p->version != 2 || p->refs == 0)
      return;
   if (!p->table_done)
      fail(p, "line %ld: <asynctrace> has no <stack-table>: the stacks it "
           "refers to (the first at line %ld) are missing", line,
           p->first_ref_line);
   else if (p->max_ref > p->rep->table.stacks)
      fail(p, "line %ld: <stack ref=\"%" PRIu64 "\"> names no stack (the "
           "<stack-table> has %" PRIu64 ")", p->max_ref_line, p->max_ref,
           p->rep->table.stacks);
}

/* Points the kept sites' stacks at their frames in the table. */
static void resolve_stack(Report *r, const uint32_t *need_of, Stack *s)
{
   Need key = { .ref = s->ref };
   const Need *nd = need_of != NULL
                    ? &r->table.need[need_of[s->ref] - 1]
                    : s->ref <= r->table.nneed &&
                    r->table.need[s->ref - 1].ref == s->ref
                    ? &r->table.need[s->ref - 1]       /* every stack kept */
                    : bsearch(&key, r->table.need, r->table.nneed,
                              sizeof *r->table.need,
                              cmp_need);
   s->in_table = true;
   s->tab = r->table.frames;
   if (nd != NULL && nd->n > 0) {
      s->ids = r->table.tids + nd->start;
      s->nids = nd->n;
   }
}

typedef struct {
   Report *r;
   const uint32_t *need_of;
} Resolve;

static void resolve_one(void *ctx, Stack *s)
{
   Resolve *x = ctx;
   resolve_stack(x->r, x->need_of, s);
}

void resolve_stacks(Report *r, const uint32_t *need_of)
{
   Resolve x = { r, need_of };
   each_kept_stack(r, resolve_one, &x);
}

/* Grouped as read (modes 1 and 2), the stacks' frames were not kept:
   those of the stacks the kept entries use are read again from the
   table, in the order of the file, where mode 1 noted each one: the
   start tag of stack ref is the last '<' before spos[ref], after
   spos[ref - 1], its attributes in between, and its frame ids must sum
   to what they did then.  A table written otherwise (a reference in
   the frames, say) fails: the file is then read again the usual way. */
bool reread_stacks(Report *r, int fd, const Fast *f)
{
   size_t n = 0;
   each_kept_stack(r, count_stack, &n);
   free(r->table.need);
   r->table.need = xrealloc(NULL, (n ? n : 1) * sizeof *r->table.need);
   r->table.nneed = 0;
   gather_needs(r, n);
   char *buf = NULL;
   size_t cap = 0, have = 0;
   uint64_t at = 0;              /* buf holds [at, at + have) */
   bool ok = true;
   for (size_t k = 0; ok && k < r->table.nneed; k++) {
      Need *nd = &r->table.need[k];
      uint64_t ref = nd->ref;
      ok = false;
      if (ref == 0 || ref >= f->capspos || ref > r->table.stacks)
         break;
      uint64_t lo = f->spos[ref - 1], hi = f->spos[ref];
      if (hi <= lo || hi - lo > (UINT64_C(1) << 30))
         break;
      if (lo < at || hi > at + have) {
         size_t want = hi - lo < INPUT_BUF ? INPUT_BUF : (size_t)(hi - lo);
         if (lo + want > f->table_end)
            want = (size_t)(f->table_end - lo);
         if (want < hi - lo)
            break;
         if (want > cap) {
            cap = want;
            buf = xrealloc(buf, cap);
         }
         at = lo;
         have = 0;
         while (have < want) {
            ssize_t got = pread(fd, buf + have, want - have,
                                (off_t)(at + have));
            if (got < 0 && errno == EINTR)
               continue;
            if (got <= 0)
               break;
            have += (size_t)got;
         }
         if (hi > at + have)
            break;
      }
      const char *b = buf + (lo - at), *e = buf + (hi - at);
      const char *q = memrchr(b, '<', (size_t)(e - b));
      if (q == NULL || e - q < 6 || memcmp(q, "<stack", 6) != 0)
         break;
      q += 6;
      nd->start = r->table.ntids;
      bool frames = false;
      /* Its attributes: name, '=', a quoted value, white space around. */
      for (;;) {
         while (q < e && is_xml_space(*q))
            q++;
         if (q == e || *q == '/' || *q == '>')
            break;
         const char *name = q;
         while (q < e && *q != '=' && !is_xml_space(*q))
            q++;
         size_t len = (size_t)(q - name);
         while (q < e && is_xml_space(*q))
            q++;
         if (q == e || *q++ != '=')
            break;
         while (q < e && is_xml_space(*q))
            q++;
         if (q == e || (*q != '"' && *q != '\''))
            break;
         const char *v = q + 1, *ve = memchr(v, *q, (size_t)(e - v));
         if (ve == NULL)
            break;
         q = ve + 1;
         if (len != 6 || memcmp(name, "frames", 6) != 0)
            continue;
         if (frames || memchr(v, '&', (size_t)(ve - v)) != NULL)
            break;
         frames = true;
         for (const char *d = v; d < ve;) {
            if (is_xml_space(*d)) {
               d++;
               continue;
            }
            uint64_t id = 0;
            const char *tok = d;
            for (; d < ve && (unsigned)(*d - '0') < 10 && d - tok < 12; d++)
               id = id * 10 + (unsigned)(*d - '0');
            if (d == tok || id == 0 || id > r->table.nframes ||
                (d < ve && !is_xml_space(*d))) {
               frames = false;
               break;
            }
            GROW(r->table.tids, r->table.captids, r->table.ntids + 1);
            r->table.tids[r->table.ntids++] = (uint32_t)(id - 1);
         }
         if (!frames)
            break;
      }
      nd->n = r->table.ntids - nd->start;
      ok = frames && (q == e || *q == '/' || *q == '>') &&
           ids_sum(nd->n > 0 ? r->table.tids + nd->start : NULL, nd->n) ==
           f->ssum[ref];         /* (tids is NULL while the stacks had
                                    no frames) */
   }
   free(buf);
   return ok;
}

/* ---- The stack table first ----

   In version 2 the stacks are in the table at the end of the file, and
   grouping (group.c) needs them: read in the file's order, every site,
   loss record and allocation site would have to be kept until then.  A
   regular file is read from the table instead: the table is found from
   the end of the file, read alone, and then the rest is read with an
   empty table in its place, each record grouped as soon as it is read.
   A raw '<' is markup or in a comment, CDATA or processing instruction:
   what is found from the end is checked by the second read, where the
   empty table must be read as the root's child exactly where the table
   started; if it is not, or if anything at all is wrong with the file,
   it is read again the usual way, which says what is wrong. */

#define TABLE_TAG "<stack-table"
enum { TABLE_TAG_LEN = sizeof TABLE_TAG - 1 };

/* Does the file look like a report in UTF-8 whose root says version 2?
   A look at its first bytes; anything unclear says no. */
static bool head_ok(int fd)
{
   char b[4096];
   ssize_t got = pread(fd, b, sizeof b - 1, 0);
   if (got <= 0)
      return false;
   b[got] = '\0';
   if (memchr(b, '\0', (size_t)got) != NULL)
      return false;              /* UTF-16 or -32, or not text */
   const char *q = b;
   if (memcmp(q, "\xef\xbb\xbf", 3) == 0)
      q += 3;
   if (strncmp(q, "<?xml", 5) == 0) {
      const char *e = strstr(q, "?>"), *enc = strstr(q, "encoding");
      if (e == NULL)
         return false;
      if (enc != NULL && enc < e) {
         enc += 8;
         enc += strspn(enc, " \t\r\n");
         if (*enc++ != '=')
            return false;
         enc += strspn(enc, " \t\r\n");
         char quote = *enc++;
         if ((quote != '"' && quote != '\'') || strncasecmp(enc, "utf-8", 5) != 0 ||
             enc[5] != quote)
            return false;
      }
      q = e + 2;
   }
   const char *root = strstr(q, "<asynctrace");
   const char *gt = root != NULL ? strchr(root, '>') : NULL;
   if (gt == NULL)
      return false;
   const char *v = memmem(root, (size_t)(gt - root), "version=", 8);
   if (v == NULL || (v[8] != '"' && v[8] != '\''))
      return false;
   const char *d = v + 9 + strspn(v + 9, " \t\r\n");
   return *d == '2' && d[1 + strspn(d + 1, " \t\r\n")] == v[8];
}

/* The offset of the last "<stack-table" start tag in the file. */
static bool find_table(int fd, uint64_t size, char *buf, uint64_t *at)
{
   const size_t block = INPUT_BUF - TABLE_TAG_LEN - 1;
   for (uint64_t end = size; end > 0;) {
      size_t n = end > block ? block : (size_t)end;
      uint64_t start = end - n;
      /* With the bytes that follow, for a tag across two blocks. */
      size_t more = size - end < TABLE_TAG_LEN + 1 ? (size_t)(size - end)
                                                   : TABLE_TAG_LEN + 1;
      size_t have = 0;
      while (have < n + more) {
         ssize_t got = pread(fd, buf + have, n + more - have,
                             (off_t)(start + have));
         if (got < 0 && errno == EINTR)
            continue;
         if (got <= 0)
            return false;
         have += (size_t)got;
      }
      /* The last in the block: the table (a hundred megabytes of
         stacks) is looked through for the tag, not stopped at each
         '<' of it. */
      const char *last = NULL;
      for (const char *q = buf;
           (q = memmem(q, have - (size_t)(q - buf), TABLE_TAG,
                       TABLE_TAG_LEN)) != NULL && (size_t)(q - buf) < n;
           q++)
         if ((size_t)(q - buf) + TABLE_TAG_LEN < have &&
             (is_xml_space(q[TABLE_TAG_LEN]) || q[TABLE_TAG_LEN] == '>' ||
              q[TABLE_TAG_LEN] == '/'))
            last = q;
      if (last != NULL) {
         *at = start + (uint64_t)(last - buf);
         return true;
      }
      end = start;
   }
   return false;
}

/* Reads the report the table first, if it can; again if not. */
const char *read_fast(const char *path, Input *in, const Limits *lim,
                      const Limits *show, const OwnRules *own,
                      size_t frames, Report *rep, uint64_t size)
{
   Fast f = { .own = own, .frames = frames, .show = show };
   if (!head_ok(in->fd) || !find_table(in->fd, size, in->buf, &f.table_at) ||
       lseek(in->fd, (off_t)f.table_at, SEEK_SET) < 0)
      return read_again;
   /* The sink: the grouper, which hands the futex sites on to a
      keeper. */
   Grouper *g = grouper_new(rep, own, frames, show);
   Keeper keep;
   RecordSink rest = keeper_sink(&keep, rep, lim);
   f.sink = grouper_sink(g, &rest);
   Input t = { .fd = in->fd, .buf = in->buf, .first = -1, .line = 1,
               .tail.ctl = -1, .pos = f.table_at };
   const char *why = read_report(path, &t, lim, rep, 1, &f);
   char last;
   if (why == NULL &&
       (f.table_end <= f.table_at + TABLE_TAG_LEN || f.table_end > size ||
        pread(in->fd, &last, 1, (off_t)f.table_end - 1) != 1 ||
        last != '>' || lseek(in->fd, 0, SEEK_SET) != 0))
      why = read_again;
   if (why == NULL) {
      Input m = { .fd = in->fd, .buf = in->buf, .first = -1, .line = 1,
                  .tail.ctl = -1, .skip_at = f.table_at,
                  .skip_to = f.table_end, .skip_with = TABLE_TAG "/>" };
      why = read_report(path, &m, lim, rep, 2, &f);
   }
   /* The groups that can be shown, and their stacks' frames. */
   if (why == NULL && grouper_finish(g, rep) &&
       reread_stacks(rep, in->fd, &f))
      resolve_stacks(rep, NULL);
   else if (why == NULL)
      why = read_again;
   grouper_free(g);
   free(f.spos);
   free(f.ssum);
   return why != NULL ? read_again : NULL;
}
