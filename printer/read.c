/* read.c: at_print's reader: reads an asynctrace report (XML, versions
 * 1 and 2) into a Report (check.c then checks that it adds up).
 *
 * The report format is docs/report-format.md; the schema is
 * docs/asynctrace-report.rng.  The report is read with libxml2's SAX2
 * parser, fed a block at a time, so memory use grows with the number of
 * threads and roles (and of what is listed per thread or role: holders
 * of reachable memory, frees across roles, bad calls) and with --top,
 * --futex-top, --leaks-top and --alloc-top, not with the size of the file
 * (the timeline is thinned as it is read; of a version 2 report's stack
 * table, every frame is kept once, but only the stacks of the sites
 * kept).  Each record read is counted for the checks and handed to
 * the read's record sink (sink.h), which keeps it or not: the keeper
 * (keep.c), which keeps the top N of each list.  Grouped
 * (report_read_grouped), a version 2 file is read its stack table
 * first, each stack handed to the grouper (group.c), which keys it for
 * grouping (its frames are read again later if it is shown), and the
 * records are handed to the grouper as they are read: memory then
 * grows with the distinct stacks and the groups.  Nothing is printed until the whole file has been
 * read, so a bad file gives one error line and no half table: its
 * first error in the order of the file, be it of XML or of the format.
 * A report read whole is checked to add up (check.c; docs/report-format.md,
 * "Invariants") before it is printed.
 *
 * The reader's parts: input.c reads the bytes and says what is wrong
 * with a file libxml2 cannot parse; this file is the SAX reader (the
 * callbacks, the names, each element found in the element table and
 * handed to its functions, the records counted and handed to the
 * sink); elements.c holds the
 * element table (ELEMENTS, read_int.h) and what each element becomes,
 * attrs.c how its attributes are read; stacktab.c version 2's stack
 * table and the read with the table first (read_int.h, their header).
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
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stddef.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/xmlerror.h>

#include "read_int.h"

/* ------------------------------------------------------------------ */
/* Reading the report                                                  */
/* ------------------------------------------------------------------ */

/* ---- Lists of distinct roles (read_int.h's RoleIndex) ---- */

static const Role *role_at(const RoleIndex *ix, const void *base, size_t i)
{
   return (const Role *)((const char *)base + i * ix->stride + ix->off);
}

static size_t role_hash(const Role *r)
{
   const char *name = r->role ? r->role : "";
   uint64_t h = hash_bytes(name, strlen(name));
   if (r->has_pool)
      h = hash_mix(h ^ r->pool);
   return (size_t)h;
}

/* The index of the role equal to r among the ix->n of base, or ix->n. */
size_t role_find(const RoleIndex *ix, const void *base, const Role *r)
{
   if (ix->cap == 0)
      return ix->n;
   for (size_t h = role_hash(r) & (ix->cap - 1);; h = (h + 1) & (ix->cap - 1)) {
      size_t v = ix->slot[h];
      if (v == 0)
         return ix->n;
      if (same_role(role_at(ix, base, v - 1), r))
         return v - 1;
   }
}

static void role_slot(RoleIndex *ix, const void *base, size_t i)
{
   size_t h = role_hash(role_at(ix, base, i)) & (ix->cap - 1);
   while (ix->slot[h] != 0)
      h = (h + 1) & (ix->cap - 1);
   ix->slot[h] = i + 1;
}

/* Notes that the role at index ix->n of base is now in the list. */
void role_add(RoleIndex *ix, const void *base)
{
   if (2 * (ix->n + 1) > ix->cap) {
      size_t cap = ix->cap ? 2 * ix->cap : 16;
      free(ix->slot);
      ix->slot = xrealloc(NULL, cap * sizeof *ix->slot);
      memset(ix->slot, 0, cap * sizeof *ix->slot);
      ix->cap = cap;
      for (size_t i = 0; i < ix->n; i++)
         role_slot(ix, base, i);
   }
   role_slot(ix, base, ix->n++);
}

/* ---- Failing, and where the parser is ---- */

void fail(Parser *p, const char *fmt, ...)
{
   if (p->failed)
      return;
   va_list ap;
   va_start(ap, fmt);
   vsnprintf(p->why, sizeof p->why, fmt, ap);
   va_end(ap);
   p->failed = true;
}

/* The line the parser is at: that of the end of the start tag it has
   just read, as libxml2's own tree would give the element (exact, where
   its tree keeps 16 bits of it). */
long cur_line(const Parser *p)
{
   return p->ctxt->input != NULL ? (long)p->ctxt->input->line : -1;
}

/* ---- Names ----

   A name's id is its enum Name, which the attribute names have (and the
   element names that are an attribute's too), or, for the name of an
   element that is no attribute's, an id from N_NAMES on, given by
   name_of_element as children_init reads the element table. */

const char *const name_str[N_NAMES] = {
   "",
#define X(id, str) str,
   NAMES(X)
#undef X
};

/* The element names with ids from N_NAMES on: elem_str[i] is that of
   N_NAMES + i. */
static const char *elem_str[K_COUNT];
static unsigned nelem_str;

unsigned name_of_element(const char *s)
{
   for (unsigned n = 1; n < N_NAMES; n++)
      if (strcmp(s, name_str[n]) == 0)
         return n;
   for (unsigned i = 0; i < nelem_str; i++)
      if (strcmp(s, elem_str[i]) == 0)
         return N_NAMES + i;
   assert(nelem_str < K_COUNT);
   elem_str[nelem_str] = s;
   return N_NAMES + nelem_str++;
}

/* The text of name id n (1 to N_NAMES + nelem_str - 1). */
static const char *name_text(unsigned n)
{
   return n < N_NAMES ? name_str[n] : elem_str[n - N_NAMES];
}

static size_t name_hash(const xmlChar *s)
{
   return (size_t)(((uint64_t)(uintptr_t)s * UINT64_C(0x9e3779b97f4a7c15))
                   >> 54) & (NAME_SLOTS - 1);
}

static void name_add(Parser *p, const xmlChar *s, unsigned id)
{
   if (p->nnames >= NAME_SLOTS / 2)
      return;                    /* full: the rest are compared as text */
   size_t h = name_hash(s);
   while (p->names[h].s != NULL) {
      if (p->names[h].s == s)
         return;
      h = (h + 1) & (NAME_SLOTS - 1);
   }
   p->names[h] = (NameSlot){ s, id };
   p->nnames++;
}

/* The dictionary's copy of each name of the format (children_init has
   given the element names theirs). */
static void names_init(Parser *p)
{
   for (unsigned n = 1; n < N_NAMES + nelem_str; n++) {
      const xmlChar *s = xmlDictLookup(p->dict, BAD_CAST name_text(n), -1);
      if (s != NULL)
         name_add(p, s, n);
   }
}

/* The id of name s of a node, N_NONE if it is none of the format's. */
static unsigned name_id(Parser *p, const xmlChar *s)
{
   for (size_t h = name_hash(s);; h = (h + 1) & (NAME_SLOTS - 1)) {
      if (p->names[h].s == s)
         return p->names[h].id;
      if (p->names[h].s == NULL)
         break;
   }
   /* A name met for the first time, or one not in the dictionary (where
      libxml2 does keep them, but need not): by its text, and remembered
      by address if it is the dictionary's. */
   unsigned id = N_NONE;
   for (unsigned n = 1; n < N_NAMES + nelem_str; n++)
      if (strcmp((const char *)s, name_text(n)) == 0) {
         id = n;
         break;
      }
   if (xmlDictOwns(p->dict, s) == 1)
      name_add(p, s, id);
   return id;
}

/* Notes the n attributes of the element that has just started, as
   libxml2's SAX2 handler gives them (name, prefix, URI, value, end of
   value; five pointers each): those in no namespace, the first of a
   name, as the streaming reader found them in its tree. */
static void attrs_read(Parser *p, const xmlChar **at, int n)
{
   if (++p->gen == 0) {
      memset(p->av_gen, 0, sizeof p->av_gen);
      p->gen = 1;
   }
   buf_clear(&p->avbuf);
   size_t off[N_NAMES];
   unsigned which[N_NAMES];
   size_t k = 0;
   for (int i = 0; i < n; i++, at += 5) {
      if (at[1] != NULL || at[2] != NULL || at[0] == NULL)
         continue;
      unsigned id = name_id(p, at[0]);
      if (id == N_NONE || id >= N_NAMES || p->av_gen[id] == p->gen)
         continue;                /* (an element's name: none reads it) */
      p->av_gen[id] = p->gen;
      const char *v = (const char *)at[3], *e = (const char *)at[4];
      size_t len = v != NULL && e > v ? (size_t)(e - v) : 0;
      off[k] = p->avbuf.len;
      which[k++] = id;
      /* Without a tree to build, libxml2 leaves "&" written as a
         reference to be decoded by the handler, as "&#38;": in a
         well-formed value, an '&' can be nothing else. */
      const char *amp = len > 0 ? memchr(v, '&', len) : NULL;
      if (amp == NULL) {
         buf_add(&p->avbuf, v, len);
      } else {
         for (const char *q = v; q < e;) {
            if (*q == '&' && e - q >= 5 && memcmp(q, "&#38;", 5) == 0) {
               buf_add(&p->avbuf, "&", 1);
               q += 5;
            } else {
               buf_add(&p->avbuf, q, 1);
               q++;
            }
         }
      }
      buf_add(&p->avbuf, "", 1);  /* its end, a zero */
   }
   for (size_t i = 0; i < k; i++)
      p->av[which[i]] = p->avbuf.s + off[i];
}

/* ---- Handing the records read to the sink ----

   Each record is counted as the checks need it (check.c), then handed
   to the read's sink (sink.h: the keeper, or the grouper), which takes
   it or frees it.  A sink that cannot take it fails the read (the
   grouper, read with the table first: the file is then read again). */

static void to_sink(Parser *p, bool took, const char *what)
{
   if (!took)
      fail(p, "%s could not be taken: read again", what);
}

/* The <live-at-exit> site just read; orphans are summed by role
   whatever is kept of the sites. */
void keep_site(Parser *p)
{
   Report *r = p->rep;
   r->live.total++;
   if (p->site.orphan) {
      /* Summed by role whatever --top is: few roles, many sites. */
      r->live.has_orphan_info = true;
      size_t i = role_find(&p->orphan_ix, r->live.orphans, &p->site.role);
      if (i == r->live.norphans) {
         GROW(r->live.orphans, r->live.caporphans, r->live.norphans + 1);
         r->live.orphans[i] = (Orphans){ .order = i };
         r->live.orphans[i].role = p->site.role;
         r->live.orphans[i].role.role = xstrdup(p->site.role.role);
         r->live.norphans++;
         role_add(&p->orphan_ix, r->live.orphans);
      }
      r->live.orphans[i].bytes = add_sat(r->live.orphans[i].bytes,
                                         p->site.bytes);
      r->live.orphans[i].blocks = add_sat(r->live.orphans[i].blocks,
                                          p->site.blocks);
   }
   to_sink(p, p->sink.site(p->sink.ctx, &p->site), "a site");
}

/* The futex site just read: summed, and counted active if it has waits
   or wakes. */
void keep_fsite(Parser *p)
{
   Report *r = p->rep;
   FSite *s = &p->fsite;
   r->futex.total++;
   r->futex.waits = add_sat(r->futex.waits, s->fx.waits);
   r->futex.blocked_us = add_sat(r->futex.blocked_us, s->fx.blocked_us);
   r->futex.wakes = add_sat(r->futex.wakes, s->fx.wakes);
   if (s->fx.waits != 0 || s->fx.wakes != 0)
      r->futex.active++;
   to_sink(p, p->sink.fsite(p->sink.ctx, s), "a futex site");
}

void keep_lrec(Parser *p)
{
   Leaks *l = &p->rep->leaks;
   l->total++;
   if (p->lrec.suppressed_by) {
      l->supp_recs++;
      l->supp_bytes = add_sat(l->supp_bytes, lrec_total(&p->lrec));
      l->supp_blocks = add_sat(l->supp_blocks, p->lrec.blocks);
      if (leak_kind(p->lrec.kind) != LK_REACH)
         l->supp_lost = add_sat(l->supp_lost, lrec_total(&p->lrec));
   }
   to_sink(p, p->sink.lrec(p->sink.ctx, &p->lrec), "a loss record");
}

/* The allocation site just read, summed. */
void keep_asite(Parser *p)
{
   Report *r = p->rep;
   ASite *a = &p->asite;
   r->alloc.total++;
   r->alloc.allocs = add_sat(r->alloc.allocs, a->allocs);
   r->alloc.bytes = add_sat(r->alloc.bytes, a->bytes);
   to_sink(p, p->sink.asite(p->sink.ctx, a), "an allocation site");
}

void keep_bad(Parser *p)
{
   Report *r = p->rep;
   GROW(r->bad.list, r->bad.cap, r->bad.n + 1);
   r->bad.list[r->bad.n++] = p->bad;
   r->bad.total = add_sat(r->bad.total, p->bad.count);
   memset(&p->bad, 0, sizeof p->bad);
}

/* The timeline is kept to about TL_KEPT samples whatever the file
   holds: every tl_stride-th one, and every peak; when that fills up,
   every other one goes and the stride doubles (as the tool keeps its
   own).  The last sample is always kept apart.  With keep_all, every
   one is kept. */
#define TL_KEPT 4096

void keep_sample(Parser *p)
{
   Report *r = p->rep;
   Sample *sm = &p->sample;
   if (p->tl_stride == 0)
      p->tl_stride = 1;
   if (sm->peak && r->timeline.seen > 0 && sm->time == p->tl_prev_time &&
       sm->live == p->tl_prev_live)
      r->timeline.repeats++;
   p->tl_prev_time = sm->time;
   p->tl_prev_live = sm->live;
   sm->ordinal = r->timeline.seen++;
   bool keep = sm->peak || sm->ordinal % p->tl_stride == 0;
   if (keep && !p->keep_all && r->timeline.nsamples >= TL_KEPT &&
       p->tl_stride <= UINT64_MAX / 2) {
      size_t n = 0;
      p->tl_stride *= 2;
      for (size_t i = 0; i < r->timeline.nsamples; i++) {
         if (r->timeline.samples[i].peak ||
             r->timeline.samples[i].ordinal % p->tl_stride == 0)
            r->timeline.samples[n++] = r->timeline.samples[i];
         else
            sample_free(&r->timeline.samples[i]);
      }
      r->timeline.nsamples = n;
      keep = sm->peak || sm->ordinal % p->tl_stride == 0;
   }
   sample_free(&r->timeline.last);
   r->timeline.have_last = !keep;
   if (keep) {
      GROW(r->timeline.samples, r->timeline.capsamples,
           r->timeline.nsamples + 1);
      r->timeline.samples[r->timeline.nsamples++] = *sm;
   } else {
      r->timeline.last = *sm;
   }
   memset(sm, 0, sizeof *sm);
}

/* ---- Elements starting and ending ---- */

/* An element has ended: store its text, check it is complete, keep
   what it holds. */
static void end(Parser *p)
{
   Level *l = &p->lv[p->nlv - 1];
   const ElemKind *e = &elem_kinds[l->kind];
   if (e->end != NULL)
      e->end(p, e->name, l->line, p->text.s ? p->text.s : "");
   check_required(p, l);
   if (p->failed)
      return;
   if (e->keep != NULL)
      e->keep(p);
   p->nlv--;
}

/* An element named xname has started at line, its attributes read
   (attrs_read): its kind, from its parent's and its name, and its
   begin. */
static void start(Parser *p, const xmlChar *xname, long line)
{
   const char *name = (const char *)xname;
   enum Kind k = K_SKIP;
   if (p->nlv == 0) {
      k = K_ROOT;
   } else {
      Level *parent = &p->lv[p->nlv - 1];
      size_t c = child_of[parent->kind][name_id(p, xname)];
      const Place *pl = c > 0 ? &places[c - 1] : NULL;
      if (pl != NULL && !((pl->flags & F_V2) && p->version != 2)) {
         /* (A table in version 1 is ignored, as additions are.) */
         k = pl->kind;
         uint64_t *word = &parent->seen[k / 64], bit = SEEN_BIT(k);
         if ((*word & bit) && !(pl->flags & F_MANY)) {
            fail(p, "line %ld: more than one <%s> in <%s>", line, name,
                 elem_kinds[parent->kind].name);
            return;
         }
         *word |= bit;
      }
   }
   if (p->mode == 1 && p->nlv == 1 && k != K_STABLE) {
      fail(p, "not a stack table where one was found: read again");
      return;
   }
   GROW(p->lv, p->caplv, p->nlv + 1);
   p->lv[p->nlv++] = (Level){ .kind = k, .line = line };
   if (has_text(k))
      buf_clear(&p->text);
   if (elem_kinds[k].begin != NULL)
      elem_kinds[k].begin(p, name, line);
}

/* ---- libxml2's SAX2 callbacks (ctx: the Parser) ----

   The report is parsed with SAX2, which builds nothing: libxml2's
   streaming reader builds a node for each element, attribute and text
   and hands them over one at a time, which cost twice the parsing.  The
   callbacks are given up once the report is found wrong (p->failed) or
   libxml2 has said it is not XML (XmlError.have): the first error is
   the one said. */

/* Where the parser is, in the text it has decoded: it has gone past a
   start tag once this has moved on from where it was at its callback. */
uint64_t in_pos(const Parser *p)
{
   const xmlParserInput *in = p->ctxt->input;
   if (in == NULL || in->cur == NULL || in->base == NULL)
      return 0;
   return (uint64_t)in->consumed + (uint64_t)(in->cur - in->base);
}

/* Takes the start tag last read, if any: it is whole.  Returns whether
   the callbacks are to go on. */
static bool sax_on(Parser *p)
{
   if (p->failed || p->xerr->have)
      return false;
   if (p->pending != NULL) {
      const xmlChar *name = p->pending;
      p->pending = NULL;
      start(p, name, p->pending_line);
      if (p->failed) {
         xmlStopParser(p->ctxt);
         return false;
      }
   }
   return true;
}

/* Raises an error libxml2's tree (and so its reader) would raise and a
   SAX2 parser does not, and stops the parser. */
static void tree_error(Parser *p, int code, const char *msg)
{
   xmlError e = {
      .domain = XML_FROM_PARSER, .code = code, .level = XML_ERR_FATAL,
      .ctxt = p->ctxt, .line = (int)cur_line(p), .message = (char *)msg,
   };
   on_xml_error(p->xerr, &e);
   xmlStopParser(p->ctxt);
}

/* Stops the parser once a callback has found the report wrong. */
static void sax_stop(Parser *p)
{
   if (p->failed)
      xmlStopParser(p->ctxt);
}

static void sax_start(void *ctx, const xmlChar *local, const xmlChar *prefix,
                      const xmlChar *uri, int nns, const xmlChar **ns,
                      int nattr, int ndefaulted, const xmlChar **attrs)
{
   Parser *p = ctx;
   (void)uri;
   (void)nns;
   (void)ns;
   (void)ndefaulted;             /* counted in nattr; there are none
                                    without a DTD */
   p->text_run = 0;
   if (!sax_on(p))
      return;
   if (p->nlv > xmlParserMaxDepth && !(p->ctxt->options & XML_PARSE_HUGE)) {
      char msg[96];
      snprintf(msg, sizeof msg, "Excessive depth in document: %u use "
               "XML_PARSE_HUGE option\n", xmlParserMaxDepth);
      tree_error(p, XML_ERR_INTERNAL_ERROR, msg);
      return;
   }
   /* A prefixed name is taken whole, "prefix:name", as a tree names it:
      it is none of the format's. */
   const xmlChar *name = local;
   if (prefix != NULL)
      name = xmlDictQLookup(p->dict, prefix, local);
   attrs_read(p, attrs, nattr);
   p->pending = name != NULL ? name : BAD_CAST "";
   p->pending_line = cur_line(p);
   p->pending_at = in_pos(p);
}

static void sax_end(void *ctx, const xmlChar *local, const xmlChar *prefix,
                    const xmlChar *uri)
{
   Parser *p = ctx;
   (void)local;
   (void)prefix;
   (void)uri;
   p->text_run = 0;
   if (!sax_on(p) || p->nlv == 0)
      return;
   end(p);
   sax_stop(p);
}

/* Text, white space or CDATA (kind 1 or 2), all taken alike; a run of
   one kind is limited as one text node of a tree is. */
static void sax_text_of(Parser *p, const xmlChar *ch, int len, int kind)
{
   if (!sax_on(p) || len <= 0)
      return;
   if (p->text_kind != kind) {
      p->text_kind = kind;
      p->text_run = 0;
   }
   p->text_run += (uint64_t)len;
   if (p->text_run > XML_MAX_TEXT_LENGTH &&
       !(p->ctxt->options & XML_PARSE_HUGE)) {
      tree_error(p, XML_ERR_NO_MEMORY, "Memory allocation failed : "
                 "xmlSAX2Characters: huge text node\n");
      return;
   }
   if (p->nlv > 0 && has_text(p->lv[p->nlv - 1].kind))
      buf_add(&p->text, (const char *)ch, (size_t)len);
}

static void sax_text(void *ctx, const xmlChar *ch, int len)
{
   sax_text_of(ctx, ch, len, 1);
}

static void sax_cdata(void *ctx, const xmlChar *ch, int len)
{
   sax_text_of(ctx, ch, len, 2);
}

/* A comment or a processing instruction: skipped, but it ends a text
   node. */
static void sax_comment(void *ctx, const xmlChar *value)
{
   Parser *p = ctx;
   (void)value;
   p->text_run = 0;
   p->text_kind = 0;
   sax_on(p);
}

static void sax_pi(void *ctx, const xmlChar *target, const xmlChar *data)
{
   (void)target;
   sax_comment(ctx, data);
}

/* The prolog scan refuses a DOCTYPE before libxml2 reads it; this is
   for one that scan cannot see (an encoding whose markup is not ASCII,
   as EBCDIC).  Nothing of the DTD is read: the parser stops here. */
static void sax_doctype(void *ctx, const xmlChar *name, const xmlChar *ext,
                        const xmlChar *sys)
{
   Parser *p = ctx;
   (void)name;
   (void)ext;
   (void)sys;
   if (!sax_on(p))
      return;
   fail(p, DOCTYPE_REFUSED);
   sax_stop(p);
}

/* An entity reference left as it is (only an entity a DTD declares
   would be, and there is none). */
static void sax_reference(void *ctx, const xmlChar *name)
{
   Parser *p = ctx;
   (void)name;
   if (!sax_on(p))
      return;
   fail(p, "line %ld: entity reference (at_print expands no entities)",
        cur_line(p));
   sax_stop(p);
}

/* libxml2's errors; none after an error of the format has stopped the
   parser (the first error is said). */
static void sax_error(void *ctx, ErrorArg e)
{
   Parser *p = ctx;
   /* A start tag the parser went past is whole, the error after it: as
      at the end of the file after the root's start tag. */
   if (p->pending != NULL && !p->xerr->have && in_pos(p) > p->pending_at)
      sax_on(p);
   if (!p->failed)
      on_xml_error(p->xerr, e);
}

/* Reads the report from in->fd into rep.  Returns NULL on success, else
   why the file cannot be shown (a static or parser-owned string that
   lives until the next call). */

/* Returned by read_report in modes 1 and 2 when the file is to be read
   again the usual way. */
const char read_again[] = "read again";

const char *read_report(const char *path, Input *in,
                        const Limits *lim, Report *rep, int mode,
                        Fast *fast)
{
   static char why[1100];
   XmlError xerr = { .in = in };
   Parser p = { .rep = rep, .keep_all = lim->keep_all, .xerr = &xerr,
                .tl_ix = { .stride = sizeof *rep->timeline.cols },
                .orphan_ix = { .stride = sizeof *rep->live.orphans,
                               .off = offsetof(Orphans, role) },
                .mode = mode };
   if (mode != 0) {
      p.table_at = fast->table_at;
      p.table_stacks = fast->table_stacks;
      p.sink = fast->sink;
   } else {
      p.sink = keeper_sink(&p.keep, rep, lim);
   }
   if (mode == 1) {
      /* The table alone: in a root, as it is in the file. */
      p.version = 2;
      GROW(p.lv, p.caplv, 1);
      p.lv[p.nlv++] = (Level){ .kind = K_ROOT, .line = 1 };
   }

   hash_seed_init();
   /* Errors raised outside the parser go here. */
   xmlSetStructuredErrorFunc(&xerr, on_xml_error);
   xmlSetGenericErrorFunc(NULL, quiet);

   /* No handler for entity declarations or an external subset: with no
      NOENT (entities are never expanded), no DTDLOAD and no network,
      nothing but the file is read. */
   xmlSAXHandler sax;
   memset(&sax, 0, sizeof sax);
   sax.initialized = XML_SAX2_MAGIC;
   sax.startElementNs = sax_start;
   sax.endElementNs = sax_end;
   sax.characters = sax_text;
   sax.ignorableWhitespace = sax_text;
   sax.cdataBlock = sax_cdata;
   sax.comment = sax_comment;
   sax.processingInstruction = sax_pi;
   sax.internalSubset = sax_doctype;
   sax.reference = sax_reference;
   sax.serror = sax_error;

   /* libxml2 tells the encoding from the first 4 bytes, given first. */
   ssize_t got = input_next(in);
   if (got < 0 && mode != 0) {
      free(p.lv);
      return read_again;
   }
   if (got < 0) {
      if (in->doctype)
         snprintf(why, sizeof why, DOCTYPE_REFUSED);
      else
         snprintf(why, sizeof why, "cannot read: %s", strerror(in->err));
      return why;
   }
   size_t head = got >= 4 ? 4 : 0;
   xmlParserCtxtPtr ctxt = xmlCreatePushParserCtxt(&sax, &p, in->buf,
                                                   (int)head, path);
   if (ctxt == NULL) {
      free(p.lv);
      snprintf(why, sizeof why, "cannot read: libxml2 failed to start");
      return mode != 0 ? read_again : why;
   }
   if (mode != 0)
      p.fast = fast;
   xmlCtxtUseOptions(ctxt, XML_PARSE_NONET);
   p.ctxt = ctxt;
   p.dict = ctxt->dict;
   children_init();
   names_init(&p);

   const char *data = in->buf + head;
   size_t n = (size_t)got - head;
   for (;;) {
      if (n > 0)
         xmlParseChunk(ctxt, data, (int)n, 0);
      if (p.failed || xerr.have || (mode == 1 && p.done))
         break;
      got = input_next(in);
      if (got < 0)
         break;                  /* a read error, or a DOCTYPE */
      if (got == 0) {
         xerr.eof = true;
         xmlParseChunk(ctxt, NULL, 0, 1);
         sax_on(&p);             /* (none: the root's end took it) */
         break;
      }
      data = in->buf;
      n = (size_t)got;
   }

   const char *res = NULL;
   if (mode != 0) {
      bool ok = !in->doctype && !in->err && !xerr.have && !p.failed &&
                p.done && (mode == 1 || p.table_ok);
      res = ok ? NULL : read_again;
      if (ok && mode == 1) {
         fast->table_end = p.table_end;
         fast->table_stacks = p.table_stacks;
      }
   } else if (in->doctype) {
      snprintf(why, sizeof why, DOCTYPE_REFUSED);
      res = why;
   } else if (in->err) {
      snprintf(why, sizeof why, "read error: %s", strerror(in->err));
      res = why;
   } else if (xerr.have) {
      /* The parser stopped at it: it came first in the file. */
      if (in->total == 0)
         snprintf(why, sizeof why, "empty file");
      else if (in->first < 0)
         snprintf(why, sizeof why, "empty file (white space only)");
      else if (describe_not_xml(in, path, why, sizeof why))
         ;                       /* compressed, or binary */
      else
         /* Every stack of a version 2 report is in the table at its
            end (the main thread's creation at least refers to one). */
         describe_xml_error(&xerr, in, why, sizeof why,
                            p.version == 2 && !p.table_done &&
                            memcmp(in->last_gt, TABLE_END, TABLE_END_LEN) != 0
                            ? "; its stacks are missing (they are in the "
                              "stack table at the end)" : "");
      res = why;
   } else if (p.failed) {
      snprintf(why, sizeof why, "%s", p.why);
      res = why;
   } else if (!p.done) {
      /* libxml2 stopped without telling why. */
      if (in->total > 0 && describe_not_xml(in, path, why, sizeof why))
         ;
      else
         snprintf(why, sizeof why, in->total == 0 ? "empty file"
                  : "not XML: libxml2 could not read it");
      res = why;
   } else if (p.version == 2) {
      resolve_stacks(rep, p.need_of);
   }

   xmlFreeParserCtxt(ctxt);
   xmlSetStructuredErrorFunc(NULL, NULL);
   site_free(&p.site);
   fsite_free(&p.fsite);
   site_free(&p.lrec);
   asite_free(&p.asite);
   badcall_free(&p.bad);
   maprec_free(&p.map);
   sample_free(&p.sample);
   free(p.avbuf.s);
   free(p.once);
   free(p.need_of);
   free(p.ids);
   free(p.tl_ix.slot);
   free(p.orphan_ix.slot);
   free(p.lv);
   free(p.text.s);
   free(p.clean.s);
   return res;
}

/* Opens path and reads the report in it into rep, keeping as much of
   each list as lim says.  Returns NULL on success, else why the file
   cannot be shown (a static or parser-owned string that lives until the
   next call). */
const char *report_read(const char *path, const Limits *lim, Report *rep)
{
   return report_read_grouped(path, lim, NULL, 0, rep);
}

const char *report_read_grouped(const char *path, const Limits *lim,
                                const OwnRules *own, size_t frames,
                                Report *rep)
{
   const Limits *show = lim;
   const char *why = NULL;
   Input in = { .fd = -1, .first = -1, .line = 1, .tail.ctl = -1 };
   struct stat st;
   bool is_stdin = strcmp(path, "-") == 0;

   in.fd = is_stdin ? STDIN_FILENO : open(path, O_RDONLY | O_CLOEXEC);
   if (in.fd < 0) {
      why = strerror(errno);
   } else if (fstat(in.fd, &st) != 0) {
      why = strerror(errno);
   } else if (S_ISDIR(st.st_mode)) {
      why = strerror(EISDIR);
   } else if (S_ISREG(st.st_mode) && st.st_size == 0) {
      why = "empty file";
   } else {
      LIBXML_TEST_VERSION
      in.buf = xrealloc(NULL, INPUT_BUF);
      why = read_again;
      /* Grouped, any record may belong to a group among the largest:
         every one is read. */
      Limits all = *lim;
      if (frames > 0) {
         all.top = all.leaks_top = all.alloc_top = SIZE_MAX;
         lim = &all;
      }
      /* The fast way seeks from the start of the file: not on standard
         input, which may be a file read from elsewhere than its start. */
      if (frames > 0 && S_ISREG(st.st_mode) && !is_stdin) {
         why = read_fast(path, &in, lim, show, own, frames, rep,
                         (uint64_t)st.st_size);
         if (why == read_again) {
            report_free(rep);
            memset(rep, 0, sizeof *rep);
            if (lseek(in.fd, 0, SEEK_SET) != 0)
               why = strerror(errno);
         }
      }
      if (why == read_again)
         why = read_report(path, &in, lim, rep, 0, NULL);
   }
   if (in.fd >= 0 && !is_stdin)
      close(in.fd);
   free(in.buf);
   return why;
}

/* Frees what libxml2 keeps after the last report_read. */
void report_cleanup(void)
{
   xmlCleanupParser();
}
