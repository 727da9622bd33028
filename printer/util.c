/* util.c: helpers that at_print's reader and outputs share: memory,
 * strings made safe to print, numbers, stacks, function names shortened
 * (generic lists cut, closures in one style), freeing a report, the
 * orders its lists are sorted in, and the one seeded hash every hash
 * table of at_print uses (the reader's interned strings and roles, the
 * grouper's keys).
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
#include <time.h>
#include <unistd.h>

#include "report.h"

static _Noreturn void oom(void)
{
   fputs("at_print: out of memory\n", stderr);
   exit(1);
}

void *xrealloc(void *p, size_t n)
{
   void *q = realloc(p, n ? n : 1);
   if (q == NULL)
      oom();
   return q;
}

char *xstrdup(const char *s)
{
   size_t n = strlen(s) + 1;
   return memcpy(xrealloc(NULL, n), s, n);
}

/* Makes room for need elements of size elem, doubling the capacity. */
void *grow_array(void *arr, size_t *cap, size_t need, size_t elem)
{
   if (need <= *cap)
      return arr;
   size_t n = *cap ? *cap : 8;
   while (n < need) {
      if (n > SIZE_MAX / 2 / elem)
         oom();
      n *= 2;
   }
   *cap = n;
   return xrealloc(arr, n * elem);
}

void buf_add(Buf *b, const char *s, size_t n)
{
   GROW(b->s, b->cap, b->len + n + 1);
   memcpy(b->s + b->len, s, n);
   b->len += n;
   b->s[b->len] = '\0';
}

void buf_adds(Buf *b, const char *s) { buf_add(b, s, strlen(s)); }

void buf_clear(Buf *b)
{
   b->len = 0;
   if (b->s)
      b->s[0] = '\0';
}

/* How many bytes at p make a character that must not reach the terminal
   as it is, or 0: the control characters (C0, DEL, C1), which can move
   the cursor, clear the screen or break a line, and Unicode's
   bidirectional controls (U+061C, U+200E, U+200F, U+202A..U+202E,
   U+2066..U+2069), which can reorder what is shown after them, so that
   a name reads as something else.  The string is NUL-terminated, so a
   byte is looked at only if the ones before it matched. */
static size_t unsafe_len(const unsigned char *p)
{
   if (p[0] < 0x20 || p[0] == 0x7f)
      return p[0] != '\0';
   if (p[0] == 0xc2 && p[1] >= 0x80 && p[1] <= 0x9f)
      return 2;
   if (p[0] == 0xd8 && p[1] == 0x9c)
      return 2;
   if (p[0] == 0xe2 && p[1] == 0x80 &&
       (p[2] == 0x8e || p[2] == 0x8f || (p[2] >= 0xaa && p[2] <= 0xae)))
      return 3;
   if (p[0] == 0xe2 && p[1] == 0x81 && p[2] >= 0xa6 && p[2] <= 0xa9)
      return 3;
   return 0;
}

/* Appends s with those characters replaced by \xNN for each of their
   bytes, the notation the report itself uses for bytes it cannot write
   as they are. */
void buf_add_clean(Buf *b, const char *s)
{
   const unsigned char *p = (const unsigned char *)s;
   char hex[8];
   while (*p) {
      const unsigned char *start = p;
      size_t n = 0;
      while (*p && (n = unsafe_len(p)) == 0)
         p++;
      buf_add(b, (const char *)start, (size_t)(p - start));
      if (*p == '\0')
         break;
      for (; n > 0; n--, p++) {
         snprintf(hex, sizeof hex, "\\x%02x", p[0]);
         buf_adds(b, hex);
      }
   }
   if (b->s == NULL)
      buf_add(b, "", 0);
}

/* Quotes a command-line word for a POSIX shell if it needs it. */
void buf_add_word(Buf *b, const char *w)
{
   bool plain = *w != '\0';
   for (const unsigned char *p = (const unsigned char *)w; *p; p++)
      if (!(*p >= 0x80 || (*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
            (*p >= '0' && *p <= '9') || strchr("_-./:=,+@%^", *p)))
         plain = false;
   if (plain) {
      buf_adds(b, w);
      return;
   }
   buf_adds(b, "'");
   for (const char *p = w; *p; p++) {
      if (*p == '\'')
         buf_adds(b, "'\\''");
      else
         buf_add(b, p, 1);
   }
   buf_adds(b, "'");
}

char *clean_dup(const char *s)
{
   Buf b = { 0 };
   buf_add_clean(&b, s);
   return b.s;
}

/* FILE as messages name it: "-" is read from standard input. */
char *file_label(const char *path)
{
   return strcmp(path, "-") == 0 ? xstrdup("standard input") : clean_dup(path);
}

char *arena_dup(Chunk **arena, const char *s, size_t n)
{
   Chunk *c = *arena;
   if (c == NULL || c->cap - c->used <= n) {
      bool own = n >= ARENA_BLOCK / 4;    /* a long one has its own block */
      Chunk *b = xrealloc(NULL, sizeof *b + (own ? n + 1 : ARENA_BLOCK));
      b->used = 0;
      b->cap = own ? n + 1 : ARENA_BLOCK;
      if (own && c != NULL) {
         b->next = c->next;      /* the current block stays the one */
         c->next = b;            /* being filled */
      } else {
         b->next = c;
         *arena = b;
      }
      c = b;
   }
   char *d = memcpy(c->s + c->used, s, n + 1);
   c->used += n + 1;
   return d;
}

static void arena_free(Chunk *c)
{
   while (c != NULL) {
      Chunk *next = c->next;
      free(c);
      c = next;
   }
}

/* A cleaned copy of s cut to about max bytes, for error messages, which
   must stay one short line whatever the file holds. */
char *clip(const char *s, size_t max)
{
   char *c = clean_dup(s);
   size_t n = strlen(c);
   if (n > max) {
      n = max;
      while (n > 0 && ((unsigned char)c[n] & 0xc0) == 0x80)
         n--;               /* do not split a UTF-8 sequence */
      /* "..." can be longer than what it replaces (a string of max + 1
         bytes), so make room for it. */
      c = xrealloc(c, n + 4);
      memcpy(c + n, "...", 4);
   }
   return c;
}

/* Columns a code point takes in a terminal: enough for CJK and emoji to
   keep tables aligned; combining marks take none. */
static int cp_width(uint32_t c)
{
   if ((c >= 0x0300 && c <= 0x036f) || (c >= 0x1ab0 && c <= 0x1aff) ||
       (c >= 0x1dc0 && c <= 0x1dff) || (c >= 0x200b && c <= 0x200f) ||
       (c >= 0x20d0 && c <= 0x20ff) || (c >= 0xfe00 && c <= 0xfe0f) ||
       (c >= 0xfe20 && c <= 0xfe2f))
      return 0;
   if ((c >= 0x1100 && c <= 0x115f) || (c >= 0x2e80 && c <= 0x303e) ||
       (c >= 0x3041 && c <= 0x33ff) || (c >= 0x3400 && c <= 0x4dbf) ||
       (c >= 0x4e00 && c <= 0x9fff) || (c >= 0xa000 && c <= 0xa4cf) ||
       (c >= 0xac00 && c <= 0xd7a3) || (c >= 0xf900 && c <= 0xfaff) ||
       (c >= 0xfe30 && c <= 0xfe4f) || (c >= 0xff00 && c <= 0xff60) ||
       (c >= 0xffe0 && c <= 0xffe6) || (c >= 0x1f300 && c <= 0x1f64f) ||
       (c >= 0x1f900 && c <= 0x1f9ff) || (c >= 0x20000 && c <= 0x3fffd))
      return 2;
   return 1;
}

size_t display_width(const char *s)
{
   const unsigned char *p = (const unsigned char *)s;
   size_t w = 0;
   while (*p) {
      uint32_t c = *p;
      int n = 1;
      if (c >= 0xf0 && c < 0xf8)
         n = 4, c &= 0x07;
      else if (c >= 0xe0 && c < 0xf0)
         n = 3, c &= 0x0f;
      else if (c >= 0xc0 && c < 0xe0)
         n = 2, c &= 0x1f;
      for (int i = 1; i < n; i++) {
         if ((p[i] & 0xc0) != 0x80) {   /* not UTF-8: count the byte alone */
            n = 1;
            c = '?';
            break;
         }
         c = (c << 6) | (p[i] & 0x3f);
      }
      w += (size_t)cp_width(c);
      p += n;
   }
   return w;
}

/* Decimal with thousands separators, as Valgrind prints counts.  Returns
   one of a few rotating buffers so a printf can take several. */
/* "12.3%" of part in whole, one decimal, rounded half up; "<0.1%" for a
   little, "-" of nothing.  Four calls' results live at once. */
const char *share_pct(uint64_t part, uint64_t whole)
{
   static char ring[4][16];
   static unsigned next;
   char *out = ring[next++ % 4];
   if (whole == 0)
      snprintf(out, sizeof ring[0], "-");
   else if (part > 0 && (double)part * 1000.0 / (double)whole < 0.5)
      snprintf(out, sizeof ring[0], "<0.1%%");
   else
      snprintf(out, sizeof ring[0], "%.1f%%",
               (double)part * 100.0 / (double)whole);
   return out;
}

const char *num(uint64_t v)
{
   static char ring[8][32];
   static unsigned next;
   char *out = ring[next++ % 8], digits[24];
   int n = snprintf(digits, sizeof digits, "%" PRIu64, v), o = 0;
   for (int i = 0; i < n; i++) {
      if (i > 0 && (n - i) % 3 == 0)
         out[o++] = ',';
      out[o++] = digits[i];
   }
   out[o] = '\0';
   return out;
}

/* Microseconds as milliseconds with one decimal, rounded half up, with
   thousands separators and the unit: 132578 -> "132.6 ms". */
const char *ms1(uint64_t us)
{
   static char ring[8][48];
   static unsigned next;
   char *out = ring[next++ % 8];
   uint64_t tenths = us / 100 + (us % 100 >= 50);
   snprintf(out, sizeof ring[0], "%s.%u ms", num(tenths / 10),
            (unsigned)(tenths % 10));
   return out;
}

const char *plural(uint64_t n, const char *one, const char *many)
{
   return n == 1 ? one : many;
}

/* Sums are of the file's own counters; saturate rather than wrap if a
   hand-made file holds absurd values. */
uint64_t add_sat(uint64_t a, uint64_t b)
{
   return a > UINT64_MAX - b ? UINT64_MAX : a + b;
}

void sum_add(Sum *s, uint64_t x)
{
   if (s->v > UINT64_MAX - x)
      s->over = true;
   else
      s->v += x;
}

bool sum_is(const Sum *s, uint64_t x)
{
   return !s->over && s->v == x;
}

uint64_t sub_sat(uint64_t a, uint64_t b)
{
   return a > b ? a - b : 0;
}

/* An xsd:nonNegativeInteger: optional surrounding white space, an
   optional '+', decimal digits; must fit in 64 bits. */
bool parse_u64(const char *s, uint64_t *out)
{
   uint64_t v = 0;
   bool digits = false;
   while (is_xml_space(*s))
      s++;
   if (*s == '+')
      s++;
   for (; *s >= '0' && *s <= '9'; s++) {
      unsigned d = (unsigned)(*s - '0');
      if (v > (UINT64_MAX - d) / 10)
         return false;
      v = v * 10 + d;
      digits = true;
   }
   while (is_xml_space(*s))
      s++;
   if (!digits || *s != '\0')
      return false;
   *out = v;
   return true;
}

/* An xsd:int. */
bool parse_int(const char *s, long *out)
{
   uint64_t v;
   bool neg = false;
   while (is_xml_space(*s))
      s++;
   if (*s == '-') {
      neg = true;
      s++;
   } else if (*s == '+') {
      s++;
   }
   if (*s == '+' || *s == '-' || !parse_u64(s, &v))
      return false;
   if (v > (neg ? 2147483648u : 2147483647u))
      return false;
   *out = neg ? -(long)v : (long)v;
   return true;
}

size_t stack_depth(const Stack *s)
{
   return s->in_table ? s->nids : s->nframes;
}

const Frame *stack_frame(const Stack *s, size_t i)
{
   return s->in_table ? &s->tab[s->ids[i]] : &s->frames[i];
}

const char *const lk_attr[LK_N] = {
   "definitely-lost", "indirectly-lost", "possibly-lost", "still-reachable",
};
const char *const heur_text[HEUR_N] = {
   "stdstring", "length64", "newarray", "multipleinheritance",
};

const char *const lk_text[LK_N] = {
   "definitely lost", "indirectly lost", "possibly lost", "still reachable",
};

const struct FutexAttr futex_attrs[FUTEX_N] = {
   { "waits", offsetof(Futex, waits) },
   { "woken", offsetof(Futex, woken) },
   { "eagain", offsetof(Futex, eagain) },
   { "timeouts", offsetof(Futex, timeouts) },
   { "eintr", offsetof(Futex, eintr) },
   { "errors", offsetof(Futex, errors) },
   { "pending", offsetof(Futex, pending) },
   { "blocked-us", offsetof(Futex, blocked_us) },
   { "max-us", offsetof(Futex, max_us) },
   { "idle-waits", offsetof(Futex, idle_waits) },
   { "idle-us", offsetof(Futex, idle_us) },
   { "wakes", offsetof(Futex, wakes) },
   { "woke", offsetof(Futex, woke) },
   { "lock-waits", offsetof(Futex, lock_waits) },
   { "lock-us", offsetof(Futex, lock_us) },
   { "condition-waits", offsetof(Futex, condition_waits) },
   { "condition-us", offsetof(Futex, condition_us) },
   { "join-waits", offsetof(Futex, join_waits) },
   { "join-us", offsetof(Futex, join_us) },
   { "sleep-waits", offsetof(Futex, sleep_waits) },
   { "sleep-us", offsetof(Futex, sleep_us) },
   { "other-waits", offsetof(Futex, other_waits) },
   { "other-us", offsetof(Futex, other_us) },
};

const char *const wait_class_name[WC_N] = {
   "lock", "condition", "join", "sleep", "idle", "other",
};

/* futex_attrs' index of each class's waits (its time is the next). */
static const int class_attr[WC_N] = { 13, 15, 17, 19, 9, 21 };

bool futex_has_classes(const Futex *f)
{
   for (int c = 0; c < WC_N; c++)
      if ((f->has & (3u << class_attr[c])) != (3u << class_attr[c]))
         return false;
   return true;
}

uint64_t futex_class_waits(const Futex *f, int c)
{
   return *(const uint64_t *)((const char *)f + futex_attrs[class_attr[c]].off);
}

uint64_t futex_class_us(const Futex *f, int c)
{
   return *(const uint64_t *)((const char *)f +
                              futex_attrs[class_attr[c] + 1].off);
}

/* The index of a leak kind, or -1 for one this at_print does not know. */
int leak_kind(const char *s)
{
   for (int k = 0; s != NULL && k < LK_N; k++)
      if (strcmp(s, lk_attr[k]) == 0)
         return k;
   return -1;
}

static void frame_free(Frame *f)
{
   free(f->ip);
   free(f->obj);
   free(f->fn);
   free(f->dir);
   free(f->file);
}

static void stack_free(Stack *s)
{
   for (size_t i = 0; i < s->nframes; i++)
      frame_free(&s->frames[i]);
   free(s->frames);
   memset(s, 0, sizeof *s);
}

static void pfrom_free(PointedFrom *f)
{
   if (f == NULL)
      return;
   char **all[] = {
      &f->root, &f->addr, &f->reg, &f->value, &f->block, &f->obj,
      &f->section, &f->offset, &f->symbol, &f->symbol_offset,
      &f->from_block, &f->from_kind,
   };
   for (size_t i = 0; i < sizeof all / sizeof all[0]; i++)
      free(*all[i]);
   stack_free(&f->stack);
   free(f);
}

/* A site's role, kind, class and ops are in the report's strings
   (Report.strs), freed with it. */
void site_free(Site *s)
{
   pfrom_free(s->from);
   free(s->suppressed_by);
   stack_free(&s->stack);
   memset(s, 0, sizeof *s);
}

void asite_free(ASite *s)
{
   stack_free(&s->stack);
   memset(s, 0, sizeof *s);
}

void badcall_free(BadCall *b)
{
   stack_free(&b->stack);
   free(b->kind);
   free(b->addr);
   free(b->suppressed_by);
   memset(b, 0, sizeof *b);
}

void sample_free(Sample *s)
{
   free(s->roles);
   memset(s, 0, sizeof *s);
}

void fsite_free(FSite *s)
{
   stack_free(&s->stack);
   memset(s, 0, sizeof *s);
}

void maprec_free(MapRec *x)
{
   free(x->start); free(x->kind); free(x->how); free(x->file);
   free(x->role.role);
   stack_free(&x->stack);
   memset(x, 0, sizeof *x);
}

void maps_free(Maps *m)
{
   if (m == NULL)
      return;
   for (int a = 0; a < 2; a++) {
      for (size_t i = 0; i < m->nroles[a]; i++)
         free(m->roles[a][i].role.role);
      free(m->roles[a]);
   }
   free(m->threads);
   for (size_t i = 0; i < m->nlist; i++)
      maprec_free(&m->list[i]);
   free(m->list);
   free(m);
}

void tasks_free(Tasks *t)
{
   if (t == NULL)
      return;
   free(t->attribution);
   free(t->recognised);
   for (size_t i = 0; i < t->nsites; i++) {
      free(t->sites[i].kind);
      free(t->sites[i].future);
      stack_free(&t->sites[i].stack);
   }
   free(t->sites);
   for (size_t i = 0; i < t->nshares; i++)
      free(t->shares[i].role.role);
   free(t->shares);
   for (size_t i = 0; i < t->ntasks; i++) {
      free(t->tasks[i].state);
      stack_free(&t->tasks[i].stack);
   }
   free(t->tasks);
   for (size_t i = 0; i < t->nblocks; i++) {
      free(t->blocks[i].call);
      stack_free(&t->blocks[i].stack);
   }
   free(t->blocks);
   free(t);
}

void cpu_free(Cpu *c)
{
   if (c == NULL)
      return;
   for (size_t i = 0; i < c->nrows; i++)
      stack_free(&c->rows[i].stack);
   free(c->rows);
   free(c);
}

const SpawnSite *spawn_site(const Tasks *t, uint64_t id)
{
   /* The tool numbers them from 1 in order. */
   if (id >= 1 && id <= t->nsites && t->sites[id - 1].id == id)
      return &t->sites[id - 1];
   for (size_t i = 0; i < t->nsites; i++)
      if (t->sites[i].id == id)
         return &t->sites[i];
   return NULL;
}

const Frame *spawn_frame(const SpawnSite *s)
{
   if (!s->has_frame || s->frame >= stack_depth(&s->stack))
      return NULL;
   return stack_frame(&s->stack, (size_t)s->frame);
}

void snaps_free(Snaps *s)
{
   if (s == NULL)
      return;
   for (size_t i = 0; i < s->n; i++) {
      Snap *sn = &s->list[i];
      for (size_t k = 0; k < sn->nroles; k++)
         free(sn->roles[k].role.role);
      for (size_t k = 0; k < sn->nsites; k++) {
         free(sn->sites[k].role.role);
         stack_free(&sn->sites[k].stack);
      }
      free(sn->roles);
      free(sn->sites);
      for (size_t k = 0; k < sn->nlrecs; k++)
         stack_free(&sn->lrecs[k].stack);
      free(sn->lroles);
      free(sn->lrecs);
      if (sn->tasks) {
         free(sn->tasks->sites);
         free(sn->tasks->tasks);
         free(sn->tasks);
      }
      free(sn->cause);
      free(sn->label);
   }
   for (size_t i = 0; i < s->nphases; i++)
      free(s->phases[i].label);
   free(s->list);
   free(s->phases);
   free(s->interval);
   free(s);
}

void report_free(Report *r)
{
   free(r->run.tool_version);
   free(r->run.vg_version);
   free(r->run.exe);
   for (size_t i = 0; i < r->run.nno_symbols; i++)
      free(r->run.no_symbols[i]);
   free(r->run.no_symbols);
   free(r->run.start_time);
   free(r->run.signal);
   free(r->run.lost.signal);
   free(r->run.lost.why);
   free(r->run.crash.role.role);
   free(r->run.crash.addr);
   free(r->run.crash.name);
   stack_free(&r->run.crash.stack);
   for (size_t i = 0; i < r->run.nargs; i++)
      free(r->run.args[i]);
   free(r->run.args);
   for (size_t i = 0; i < r->threads.n; i++) {
      free(r->threads.list[i].role.role);
      free(r->threads.list[i].name);
   }
   free(r->threads.list);
   for (size_t i = 0; i < r->live.nsites; i++)
      site_free(&r->live.sites[i]);
   free(r->live.sites);
   for (size_t i = 0; i < r->roles.n; i++)
      free(r->roles.list[i].role.role);
   free(r->roles.list);
   for (size_t i = 0; i < r->futex.nsites; i++)
      fsite_free(&r->futex.sites[i]);
   free(r->futex.sites);
   free(r->wakes.list);
   free(r->heap.time_unit);
   for (size_t i = 0; i < r->live.norphans; i++)
      free(r->live.orphans[i].role.role);
   free(r->live.orphans);
   free(r->leaks.check);
   free(r->leaks.heuristics);
   for (size_t i = 0; i < r->leaks.nroles; i++)
      free(r->leaks.roles[i].role.role);
   free(r->leaks.roles);
   for (size_t i = 0; i < r->leaks.nother; i++)
      free(r->leaks.other[i].role.role);
   free(r->leaks.other);
   for (size_t i = 0; i < r->leaks.nheld; i++) {
      free(r->leaks.held[i].holder);
      free(r->leaks.held[i].role.role);
   }
   free(r->leaks.held);
   for (size_t i = 0; i < r->leaks.nrecs; i++)
      site_free(&r->leaks.recs[i]);
   free(r->leaks.recs);
   for (size_t i = 0; i < r->xfrees.n; i++) {
      free(r->xfrees.list[i].alloc.role);
      free(r->xfrees.list[i].freed.role);
   }
   free(r->xfrees.list);
   free(r->timeline.unit);
   for (size_t i = 0; i < r->timeline.nsamples; i++)
      sample_free(&r->timeline.samples[i]);
   free(r->timeline.samples);
   sample_free(&r->timeline.last);
   for (size_t i = 0; i < r->timeline.ncols; i++)
      free(r->timeline.cols[i].role);
   free(r->timeline.cols);
   for (size_t i = 0; i < r->alloc.nsites; i++)
      asite_free(&r->alloc.sites[i]);
   free(r->alloc.sites);
   for (size_t i = 0; i < r->bad.n; i++)
      badcall_free(&r->bad.list[i]);
   free(r->bad.list);
   maps_free(r->maps);
   tasks_free(r->tasks);
   cpu_free(r->cpu);
   snaps_free(r->snaps);
   free(r->table.frames);
   arena_free(r->strs);
   free(r->table.tids);
   free(r->table.need);
}

int cmp_order(size_t x, size_t y)
{
   return (x > y) - (x < y);
}

/* Largest first; equal sizes keep their order in the file. */
int cmp_site(const void *a, const void *b)
{
   const Site *x = a, *y = b;
   if (x->bytes != y->bytes)
      return x->bytes > y->bytes ? -1 : 1;
   return cmp_order(x->order, y->order);
}

/* A loss record's size is what it loses: its own bytes and, for a
   definitely lost one, the bytes only it kept reachable.  Largest
   first, then in file order. */
uint64_t lrec_total(const Site *s)
{
   return add_sat(s->bytes, s->ind_bytes);
}

int cmp_lrec(const void *a, const void *b)
{
   const Site *x = a, *y = b;
   uint64_t tx = lrec_total(x), ty = lrec_total(y);
   if (tx != ty)
      return tx > ty ? -1 : 1;
   return cmp_order(x->order, y->order);
}

/* Most bytes allocated first, then in file order. */
int cmp_asite(const void *a, const void *b)
{
   const ASite *x = a, *y = b;
   if (x->bytes != y->bytes)
      return x->bytes > y->bytes ? -1 : 1;
   return cmp_order(x->order, y->order);
}

/* Roles by name, then no pool before pool 1 before pool 2. */
int cmp_role(const Role *x, const Role *y)
{
   int c = strcmp(x->role ? x->role : "", y->role ? y->role : "");
   if (c != 0)
      return c;
   if (x->has_pool != y->has_pool)
      return x->has_pool ? 1 : -1;
   if (x->has_pool && x->pool != y->pool)
      return x->pool > y->pool ? 1 : -1;
   return 0;
}

bool same_role(const Role *x, const Role *y)
{
   return cmp_role(x, y) == 0;
}

/* Most blocked time first (the order the tool writes them in); equal
   times keep their order in the file. */
int cmp_fsite(const void *a, const void *b)
{
   const FSite *x = a, *y = b;
   if (x->fx.blocked_us != y->fx.blocked_us)
      return x->fx.blocked_us > y->fx.blocked_us ? -1 : 1;
   return cmp_order(x->order, y->order);
}

/* Most frequent first, then in file order. */
int cmp_wake(const void *a, const void *b)
{
   const Wake *x = a, *y = b;
   if (x->count != y->count)
      return x->count > y->count ? -1 : 1;
   return cmp_order(x->order, y->order);
}

/* Most live bytes first, then most instructions, then by role name and
   pool (no pool first), then in file order. */
int cmp_rolesum(const void *a, const void *b)
{
   const RoleSum *x = a, *y = b;
   if (x->live_bytes != y->live_bytes)
      return x->live_bytes > y->live_bytes ? -1 : 1;
   if (x->insns != y->insns)
      return x->insns > y->insns ? -1 : 1;
   int c = strcmp(x->role.role, y->role.role);
   if (c != 0)
      return c;
   if (x->role.has_pool != y->role.has_pool)
      return x->role.has_pool ? 1 : -1;
   if (x->role.pool != y->role.pool)
      return x->role.pool > y->role.pool ? 1 : -1;
   return cmp_order(x->order, y->order);
}

/* "tokio-worker (runtime 1, #0)", "rayon-worker (pool 2)", "main": a
   role with its Tokio runtime or other pool and, with_index, the
   thread's place in it.  Newly allocated. */
char *role_label(const Role *r, bool with_index)
{
   Buf b = { 0 };
   char n[64];
   bool index = with_index && r->has_index;
   buf_adds(&b, r->role ? r->role : "?");
   if (r->has_pool || index)
      buf_adds(&b, " (");
   if (r->has_pool) {
      snprintf(n, sizeof n, "%s %s",
               strncmp(b.s, "tokio-", 6) == 0 ? "runtime" : "pool",
               num(r->pool));
      buf_adds(&b, n);
   }
   if (index) {
      snprintf(n, sizeof n, "%s#%s", r->has_pool ? ", " : "", num(r->index));
      buf_adds(&b, n);
   }
   if (r->has_pool || index)
      buf_adds(&b, ")");
   return b.s;
}

/* "4,096 bytes", "1 byte". */
const char *bytes_str(uint64_t n)
{
   static char ring[8][48];
   static unsigned next;
   char *out = ring[next++ % 8];
   snprintf(out, sizeof ring[0], "%s %s", num(n), plural(n, "byte", "bytes"));
   return out;
}

/* "4,096 bytes in 2 blocks". */
const char *bytes_blocks(uint64_t bytes, uint64_t blocks)
{
   static char ring[8][96];
   static unsigned next;
   char *out = ring[next++ % 8];
   snprintf(out, sizeof ring[0], "%s in %s %s", bytes_str(bytes), num(blocks),
            plural(blocks, "block", "blocks"));
   return out;
}

/* Generic argument lists longer than this are printed as <…>. */
#define GENERIC_SHOWN 20

/* Adds fn to b with each long generic argument list (a '<' right after
   a name or a closure: Vec<u8>, RawVec<T,A>::allocate_in) cut to "<…>",
   and closures written {{closure}} (names.c), unless whole:
   Rust and C++ names carry lists of hundreds of characters.  A
   qualified path (<T as Trait>::f) keeps its brackets, its inner lists
   are cut.  A name whose brackets do not pair (C++'s operator<) is
   added whole. */
void add_fn_name(Buf *b, const char *fn, bool whole)
{
   /* A Rust symbol's hash (legacy mangling: ::h and 16 hex digits) says
      nothing to a reader; Valgrind's demangler usually drops it. */
   size_t n = strlen(fn);
   if (!whole && n > 19 && strncmp(fn + n - 19, "::h", 3) == 0 &&
       strspn(fn + n - 16, "0123456789abcdef") == 16) {
      char *cut = xstrdup(fn);
      cut[n - 19] = '\0';
      add_fn_name(b, cut, whole);
      free(cut);
      return;
   }
   if (whole) {
      buf_adds(b, fn);
      return;
   }
   /* One closure style, Rust's backtraces' (names.c). */
   Buf styled = { 0 };
   add_closure_style(&styled, fn);
   fn = styled.s ? styled.s : "";
   int depth = 0;
   for (const char *c = fn; *c; c++) {
      if (*c == '<') depth++;
      else if (*c == '>' && --depth < 0) break;
   }
   if (depth != 0) {
      buf_adds(b, fn);
      free(styled.s);
      return;
   }
   for (const char *c = fn; *c; c++) {
      char p = c > fn ? c[-1] : ' ';
      if (*c == '<' && ((p >= 'a' && p <= 'z') || (p >= 'A' && p <= 'Z')
                        || (p >= '0' && p <= '9') || p == '_' || p == '}')) {
         const char *e = c + 1;
         int d = 1;
         for (; *e && d > 0; e++)
            d += *e == '<' ? 1 : *e == '>' ? -1 : 0;
         /* e is past the matching '>' */
         if (e - c - 2 > GENERIC_SHOWN) {
            buf_adds(b, "<\xe2\x80\xa6>");   /* <…> */
            c = e - 1;
            continue;
         }
      }
      buf_add(b, c, 1);
   }
   free(styled.s);
}

void print_fn_name(const char *fn, bool whole)
{
   static Buf b;
   buf_clear(&b);
   add_fn_name(&b, fn, whole);
   fputs(b.s, stdout);
}

void print_fn_at(const Frame *f, bool whole)
{
   print_fn_name(f->fn ? f->fn : "???", whole);
   if (f->file && f->has_line)
      printf(" (%s:%" PRIu64 ")", f->file, f->line);
   else if (f->file)
      printf(" (%s)", f->file);
   else if (f->obj)
      printf(" (in %s)", f->obj);
   putchar('\n');
}

/* A thread name with its trailing number folded: db-writer-3 is
   db-writer-*, worker7 is worker*. */
char *fold_name(const char *name)
{
   if (name == NULL || name[0] == '\0')
      return xstrdup("(unnamed)");
   size_t n = strlen(name), k = n;
   while (k > 0 && name[k - 1] >= '0' && name[k - 1] <= '9')
      k--;
   if (k == n || k == 0)
      return xstrdup(name);
   char *f = xrealloc(NULL, k + 2);
   memcpy(f, name, k);
   f[k] = '*';
   f[k + 1] = '\0';
   return f;
}

size_t top_offer(size_t *h, size_t m, size_t k, size_t i, TopCmp cmp,
                 void *ctx)
{
   if (m < k) {
      size_t c = m++;
      h[c] = i;
      while (c > 0 && cmp(h[(c - 1) / 2], h[c], ctx) < 0) {
         size_t t = h[c];
         h[c] = h[(c - 1) / 2];
         h[(c - 1) / 2] = t;
         c = (c - 1) / 2;
      }
   } else if (k > 0 && cmp(i, h[0], ctx) < 0) {
      h[0] = i;
      for (size_t c = 0;;) {
         size_t a = 2 * c + 1, big = c;
         if (a < m && cmp(h[a], h[big], ctx) > 0)
            big = a;
         if (a + 1 < m && cmp(h[a + 1], h[big], ctx) > 0)
            big = a + 1;
         if (big == c)
            break;
         size_t t = h[c];
         h[c] = h[big];
         h[big] = t;
         c = big;
      }
   }
   return m;
}

/* ---- The seeded hash (every hash table of at_print) ----

   One seed a process, set at the first table made, so that no file can
   be made whose keys all fall in one slot; no output depends on it
   (the tables are looked up, never walked in slot order). */

uint64_t hash_seed;

void hash_seed_init(void)
{
   struct timespec ts;
   if (hash_seed != 0)
      return;
   clock_gettime(CLOCK_MONOTONIC, &ts);
   hash_seed = ((uint64_t)ts.tv_nsec << 32) ^ (uint64_t)ts.tv_sec ^
               (uint64_t)(uintptr_t)&ts ^ ((uint64_t)getpid() << 16) ^ 1;
}

/* n bytes at s: FNV-1a, 8 bytes a step, seeded, then mixed. */
uint64_t hash_bytes(const char *s, size_t n)
{
   uint64_t h = UINT64_C(1469598103934665603) ^ hash_seed;
   size_t i = 0;
   for (; i + 8 <= n; i += 8) {
      uint64_t w;
      memcpy(&w, s + i, 8);
      h = (h ^ w) * UINT64_C(1099511628211);
      h ^= h >> 29;
   }
   for (; i < n; i++)
      h = (h ^ (unsigned char)s[i]) * UINT64_C(1099511628211);
   return hash_mix(h);
}
