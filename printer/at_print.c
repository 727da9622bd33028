/* at_print: prints a human summary of an asynctrace report (XML, versions
 * 1 and 2).
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
 *
 * The report format is docs/report-format.md; the schema is
 * docs/asynctrace-report.rng.  The report is read with libxml2's streaming
 * reader, so memory use grows with the number of threads and roles (and
 * of what is listed per thread or role: holders of reachable memory,
 * frees across roles, bad calls) and with --top, --futex-top,
 * --leaks-top and --alloc-top, not with the size of the file (the
 * timeline is thinned as it is read; of a version 2 report's stack
 * table, every frame is kept once, but only the stacks of the sites
 * kept).  Nothing is
 * printed until the whole file has been read, so a bad file gives one
 * error line and no half table.  A report read whole is checked to add up
 * (docs/report-format.md, "Invariants") before it is printed.
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
#include <unistd.h>

#include <libxml/parser.h>
#include <libxml/xmlerror.h>
#include <libxml/xmlreader.h>

#define AT_PRINT_VERSION "0.1.0"
#define FORMAT_VERSIONS  "1 and 2"
#define DEFAULT_TOP      10
#define DEFAULT_FUTEX_TOP 10
#define DEFAULT_LEAKS_TOP 10
#define DEFAULT_TIMELINE  12
#define DEFAULT_ALLOC_TOP 5
#define DEFAULT_THREADS  20
#define WAKE_PAIRS_SHOWN 10

/* Table columns whose cells can be long (names chosen by the program) are
   aligned up to this width; a longer cell is printed whole and pushes the
   rest of its row to the right. */
#define NAME_COL_MAX 32
#define ROLE_COL_MAX 32

/* ------------------------------------------------------------------ */
/* Memory and strings                                                  */
/* ------------------------------------------------------------------ */

static _Noreturn void oom(void)
{
   fputs("at_print: out of memory\n", stderr);
   exit(1);
}

static void *xrealloc(void *p, size_t n)
{
   void *q = realloc(p, n ? n : 1);
   if (q == NULL)
      oom();
   return q;
}

static char *xstrdup(const char *s)
{
   size_t n = strlen(s) + 1;
   return memcpy(xrealloc(NULL, n), s, n);
}

/* Makes room for need elements of size elem, doubling the capacity. */
static void *grow_array(void *arr, size_t *cap, size_t need, size_t elem)
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

#define GROW(arr, cap, need) \
   ((arr) = grow_array((arr), &(cap), (need), sizeof *(arr)))

typedef struct {
   char *s;
   size_t len, cap;
} Buf;

static void buf_add(Buf *b, const char *s, size_t n)
{
   GROW(b->s, b->cap, b->len + n + 1);
   memcpy(b->s + b->len, s, n);
   b->len += n;
   b->s[b->len] = '\0';
}

static void buf_adds(Buf *b, const char *s) { buf_add(b, s, strlen(s)); }

static void buf_clear(Buf *b)
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
static void buf_add_clean(Buf *b, const char *s)
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

static char *clean_dup(const char *s)
{
   Buf b = { 0 };
   buf_add_clean(&b, s);
   return b.s;
}

/* Strings kept until the end, packed into large blocks: a version 2
   report's frames, of which there can be a million, each with four
   strings of a few bytes that a malloc apiece would double. */
typedef struct Chunk {
   struct Chunk *next;
   size_t used, cap;
   char s[];
} Chunk;

#define ARENA_BLOCK 65536

static char *arena_dup(Chunk **arena, const char *s, size_t n)
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
static char *clip(const char *s, size_t max)
{
   char *c = clean_dup(s);
   size_t n = strlen(c);
   if (n > max) {
      n = max;
      while (n > 0 && ((unsigned char)c[n] & 0xc0) == 0x80)
         n--;               /* do not split a UTF-8 sequence */
      strcpy(c + n, "...");   /* max + 3 < the original length + 1 */
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

static size_t display_width(const char *s)
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
static const char *num(uint64_t v)
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
static const char *ms1(uint64_t us)
{
   static char ring[8][48];
   static unsigned next;
   char *out = ring[next++ % 8];
   uint64_t tenths = us / 100 + (us % 100 >= 50);
   snprintf(out, sizeof ring[0], "%s.%u ms", num(tenths / 10),
            (unsigned)(tenths % 10));
   return out;
}

static const char *plural(uint64_t n, const char *one, const char *many)
{
   return n == 1 ? one : many;
}

/* Sums are of the file's own counters; saturate rather than wrap if a
   hand-made file holds absurd values. */
static uint64_t add_sat(uint64_t a, uint64_t b)
{
   return a > UINT64_MAX - b ? UINT64_MAX : a + b;
}

/* A sum for the invariant checks: it notes an overflow rather than
   saturate, since a saturated sum could equal a counter by accident. */
typedef struct {
   uint64_t v;
   bool over;
} Sum;

static void sum_add(Sum *s, uint64_t x)
{
   if (s->v > UINT64_MAX - x)
      s->over = true;
   else
      s->v += x;
}

static bool sum_is(const Sum *s, uint64_t x)
{
   return !s->over && s->v == x;
}

static uint64_t sub_sat(uint64_t a, uint64_t b)
{
   return a > b ? a - b : 0;
}

static bool is_xml_space(char c)
{
   return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

/* An xsd:nonNegativeInteger: optional surrounding white space, an
   optional '+', decimal digits; must fit in 64 bits. */
static bool parse_u64(const char *s, uint64_t *out)
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
static bool parse_int(const char *s, long *out)
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

/* ------------------------------------------------------------------ */
/* The report in memory                                                */
/* ------------------------------------------------------------------ */

typedef struct {
   char *ip, *obj, *fn, *file;   /* cleaned for printing; NULL if absent */
   uint64_t line;
   bool has_line;
} Frame;

/* A version 1 stack holds its frames.  A version 2 one is a ref into
   the report's stack table, which comes last: once it is read, ids
   points at the stack's frames there (indices into tab), shared with
   every other stack that has them. */
typedef struct {
   Frame *frames;                /* version 1 */
   size_t nframes, capframes;
   uint64_t ref;                 /* version 2: the stack's id, from 1 */
   bool in_table;                /* version 2, resolved: */
   const Frame *tab;
   const uint32_t *ids;
   size_t nids;
} Stack;

static size_t stack_depth(const Stack *s)
{
   return s->in_table ? s->nids : s->nframes;
}

static const Frame *stack_frame(const Stack *s, size_t i)
{
   return s->in_table ? &s->tab[s->ids[i]] : &s->frames[i];
}

/* A role as the report gives it: the role, and for pooled roles the
   Tokio runtime or Rayon pool (pool) and the thread's place in it
   (index, threads only). */
typedef struct {
   char *role;
   uint64_t pool, index;
   bool has_pool, has_index;
} Role;

/* Futex counters, as in docs/report-format.md. */
typedef struct {
   uint64_t waits, woken, eagain, timeouts, eintr, errors, pending,
            blocked_us, max_us, idle_waits, idle_us, wakes, woke;
} Futex;

/* memcheck's leak kinds, in its order. */
enum { LK_DEF, LK_IND, LK_POS, LK_REACH, LK_N };

static const char *const lk_attr[LK_N] = {
   "definitely-lost", "indirectly-lost", "possibly-lost", "still-reachable",
};
static const char *const lk_text[LK_N] = {
   "definitely lost", "indirectly lost", "possibly lost", "still reachable",
};

/* The index of a leak kind, or -1 for one this at_print does not know. */
static int leak_kind(const char *s)
{
   for (int k = 0; s != NULL && k < LK_N; k++)
      if (strcmp(s, lk_attr[k]) == 0)
         return k;
   return -1;
}

typedef struct {                 /* a <site> of <live-at-exit>, or a
                                    <loss-record> of <leaks> */
   uint64_t thread, blocks, bytes;
   Role role;
   char *kind;                   /* the leak kind as written, or NULL */
   uint64_t ind_bytes, ind_blocks;
   bool has_ind, orphan;
   Stack stack;
   size_t order;                 /* place in the file, for a stable sort */
} Site;

typedef struct {                 /* a <by-role> of <leaks> */
   Role role;
   int kind;                     /* -1: a kind this at_print does not
                                    know (kept for the checks only) */
   uint64_t bytes, blocks;
} LeakRole;

typedef struct {                 /* a <held-by> of <leaks> */
   char *holder;
   uint64_t thread, bytes, blocks;
   bool has_thread, alive_known, alive;
   Role role;
   size_t order;
} Held;

typedef struct {                 /* orphans of one role, summed */
   Role role;
   uint64_t bytes, blocks;
   size_t order;
} Orphans;

typedef struct {                 /* a <free> of <cross-frees> */
   Role alloc, freed;
   uint64_t frees, bytes;
   size_t order;
} XFree;

typedef struct {                 /* a <role> of a timeline <sample> */
   size_t col;                   /* index in Report.tl_cols */
   uint64_t bytes;
} SRole;

typedef struct {                 /* a <sample> of <timeline> */
   uint64_t time, live, ordinal;
   bool peak;
   SRole *roles;
   size_t nroles, caproles;
} Sample;

typedef struct {                 /* a <site> of <alloc-sites> */
   Role role;
   uint64_t allocs, bytes, live_blocks, live_bytes, at_peak;
   Stack stack;
   size_t order;
} ASite;

typedef struct {                 /* a <bad-call> */
   char *kind, *addr;
   uint64_t count, size, given;
   Stack stack;
   size_t order;
} BadCall;

typedef struct {                 /* a <site> of <futex-sites> */
   Role role;
   char *class, *ops;
   Futex fx;
   Stack stack;
   size_t order;
} FSite;

typedef struct {                 /* a <wake> of <wake-pairs> */
   uint64_t waker, waiter, count;
   size_t order;
} Wake;

typedef struct {                 /* a <role-summary> */
   Role role;
   uint64_t threads, peak_alive, alive, churn, insns;
   uint64_t bytes_allocated, live_bytes, live_blocks;
   uint64_t live_at_peak, peak_live;
   bool has_live_at_peak, has_peak_live, has_live_blocks;
   Futex fx;
   size_t order;
} RoleSum;

typedef struct {
   uint64_t seq, creator, start_ms, end_ms, insns;
   bool has_end, alive, forked, has_insns, has_futex;
   Role role;
   char *name;                   /* the last <name>, NULL if none */
   uint64_t allocs, bytes_allocated, live_blocks, live_bytes;
   Futex fx;
} Thread;

enum EndHow { END_EXIT, END_SIGNAL, END_OTHER };

typedef struct {                 /* a stack of the table a kept site uses */
   uint64_t ref;
   size_t start, n;              /* its frames: Report.tids[start..+n) */
} Need;

typedef struct {
   char *tool_version, *vg_version, *exe, *start_time;
   char **args;
   size_t nargs, capargs;
   uint64_t pid, ppid, duration_ms;
   enum EndHow end_how;
   long status;                  /* END_EXIT */
   char *signal;                 /* END_SIGNAL: its name; END_OTHER: how */
   uint64_t signo;

   Thread *threads;
   size_t nthreads, capthreads;

   uint64_t allocs, frees, bytes_allocated, bytes_freed, live_blocks,
            live_bytes, peak_bytes, peak_blocks, peak_ms;

   uint64_t exit_blocks, exit_bytes;   /* from <live-at-exit> */
   Site *sites;                  /* the largest ones, at least --top */
   size_t nsites, capsites;
   size_t sites_total;           /* all <site>s in the file */

   /* Sections added to version 1 later; absent from older reports. */
   bool has_roles, has_fsites, has_wakes;
   RoleSum *roles;               /* all <role-summary>s */
   size_t nroles, caproles;
   FSite *fsites;                /* the most blocked, at least --futex-top */
   size_t nfsites, capfsites;
   size_t fsites_total;          /* all futex <site>s in the file */
   size_t fsites_active;         /* of them, those with waits or wakes */
   uint64_t fx_waits, fx_blocked_us, fx_wakes;   /* over all futex sites */
   Wake *wakes;                  /* the most frequent, at least 10 */
   size_t nwakes, capwakes;
   size_t wakes_total;           /* all <wake>s in the file */
   uint64_t woken_total;         /* the sum of their counts */

   /* Added to version 1 later still: the peak's time, the leak scan,
      frees across roles, the timeline, allocation sites, bad calls. */
   bool has_peak_time;
   uint64_t peak_time;
   char *time_unit;              /* of peak_time */
   bool has_orphan_info;         /* the report marks orphans */
   Orphans *orphans;             /* live at exit, owner ended, by role */
   size_t norphans, caporphans;

   bool has_leaks;
   char *leak_check;             /* "full" or "summary" */
   uint64_t leak_bytes[LK_N], leak_blocks[LK_N];
   Sum lk_bytes, lk_blocks;      /* over every <total>, any kind */
   LeakRole *lroles;             /* every <by-role> of a known kind */
   size_t nlroles, caplroles;
   LeakRole *lk_other;           /* the <by-role>s of other kinds */
   size_t nlk_other, caplk_other;
   Held *held;                   /* every <held-by> */
   size_t nheld, capheld;
   Site *lrecs;                  /* the largest loss records, at least
                                    --leaks-top */
   size_t nlrecs, caplrecs;
   size_t lrecs_total;           /* all <loss-record>s in the file */

   bool has_xfrees;
   XFree *xfrees;                /* every <free> */
   size_t nxfrees, capxfrees;
   uint64_t xfree_frees, xfree_bytes;

   bool has_timeline;
   char *tl_unit;
   Sample *samples;              /* every stride-th sample and the peaks */
   size_t nsamples, capsamples;
   uint64_t tl_seen, tl_stride;
   uint64_t tl_repeats;          /* peaks that repeat the sample before */
   uint64_t tl_prev_time, tl_prev_live;
   Sample tl_last;               /* the last sample, if not in samples */
   bool tl_have_last;
   Role *tl_cols;                /* the roles the samples name */
   size_t ntl_cols, captl_cols;

   bool has_asites;
   uint64_t as_count, as_shown, as_rest_allocs, as_rest_bytes,
            as_rest_live, as_rest_at_peak;
   uint64_t as_allocs, as_bytes; /* over the listed sites */
   ASite *asites;                /* the largest, at least --alloc-top */
   size_t nasites, capasites;
   size_t asites_total;          /* all listed sites in the file */

   bool has_bad;
   BadCall *bad;                 /* every <bad-call> */
   size_t nbad, capbad;
   uint64_t bad_total;           /* the sum of their counts */

   /* Version 2's <stack-table>.  Every frame is kept, once: a frame
      comes before the first stack that uses it, so which are needed is
      known only at the end.  Of the stacks, only those of the sites
      kept above: the table is the last element, so they are known by
      then. */
   Frame *tframes;               /* their strings are in strs */
   size_t ntframes, captframes;
   Chunk *strs;
   uint32_t *tids;               /* the needed stacks' frames (indices
                                    into tframes), one after another */
   size_t ntids, captids;
   Need *need;                   /* sorted by ref */
   size_t nneed;
   uint64_t ntstacks;            /* the table's stacks */
} Report;

static void frame_free(Frame *f)
{
   free(f->ip);
   free(f->obj);
   free(f->fn);
   free(f->file);
}

static void stack_free(Stack *s)
{
   for (size_t i = 0; i < s->nframes; i++)
      frame_free(&s->frames[i]);
   free(s->frames);
   memset(s, 0, sizeof *s);
}

static void site_free(Site *s)
{
   stack_free(&s->stack);
   free(s->role.role);
   free(s->kind);
   memset(s, 0, sizeof *s);
}

static void asite_free(ASite *s)
{
   stack_free(&s->stack);
   free(s->role.role);
   memset(s, 0, sizeof *s);
}

static void badcall_free(BadCall *b)
{
   stack_free(&b->stack);
   free(b->kind);
   free(b->addr);
   memset(b, 0, sizeof *b);
}

static void sample_free(Sample *s)
{
   free(s->roles);
   memset(s, 0, sizeof *s);
}

static void fsite_free(FSite *s)
{
   stack_free(&s->stack);
   free(s->role.role);
   free(s->class);
   free(s->ops);
   memset(s, 0, sizeof *s);
}

static void report_free(Report *r)
{
   free(r->tool_version);
   free(r->vg_version);
   free(r->exe);
   free(r->start_time);
   free(r->signal);
   for (size_t i = 0; i < r->nargs; i++)
      free(r->args[i]);
   free(r->args);
   for (size_t i = 0; i < r->nthreads; i++) {
      free(r->threads[i].role.role);
      free(r->threads[i].name);
   }
   free(r->threads);
   for (size_t i = 0; i < r->nsites; i++)
      site_free(&r->sites[i]);
   free(r->sites);
   for (size_t i = 0; i < r->nroles; i++)
      free(r->roles[i].role.role);
   free(r->roles);
   for (size_t i = 0; i < r->nfsites; i++)
      fsite_free(&r->fsites[i]);
   free(r->fsites);
   free(r->wakes);
   free(r->time_unit);
   for (size_t i = 0; i < r->norphans; i++)
      free(r->orphans[i].role.role);
   free(r->orphans);
   free(r->leak_check);
   for (size_t i = 0; i < r->nlroles; i++)
      free(r->lroles[i].role.role);
   free(r->lroles);
   for (size_t i = 0; i < r->nlk_other; i++)
      free(r->lk_other[i].role.role);
   free(r->lk_other);
   for (size_t i = 0; i < r->nheld; i++) {
      free(r->held[i].holder);
      free(r->held[i].role.role);
   }
   free(r->held);
   for (size_t i = 0; i < r->nlrecs; i++)
      site_free(&r->lrecs[i]);
   free(r->lrecs);
   for (size_t i = 0; i < r->nxfrees; i++) {
      free(r->xfrees[i].alloc.role);
      free(r->xfrees[i].freed.role);
   }
   free(r->xfrees);
   free(r->tl_unit);
   for (size_t i = 0; i < r->nsamples; i++)
      sample_free(&r->samples[i]);
   free(r->samples);
   sample_free(&r->tl_last);
   for (size_t i = 0; i < r->ntl_cols; i++)
      free(r->tl_cols[i].role);
   free(r->tl_cols);
   for (size_t i = 0; i < r->nasites; i++)
      asite_free(&r->asites[i]);
   free(r->asites);
   for (size_t i = 0; i < r->nbad; i++)
      badcall_free(&r->bad[i]);
   free(r->bad);
   free(r->tframes);
   arena_free(r->strs);
   free(r->tids);
   free(r->need);
}

static int cmp_order(size_t x, size_t y)
{
   return (x > y) - (x < y);
}

/* Largest first; equal sizes keep their order in the file. */
static int cmp_site(const void *a, const void *b)
{
   const Site *x = a, *y = b;
   if (x->bytes != y->bytes)
      return x->bytes > y->bytes ? -1 : 1;
   return cmp_order(x->order, y->order);
}

/* A loss record's size is what it loses: its own bytes and, for a
   definitely lost one, the bytes only it kept reachable.  Largest
   first, then in file order. */
static uint64_t lrec_total(const Site *s)
{
   return add_sat(s->bytes, s->ind_bytes);
}

static int cmp_lrec(const void *a, const void *b)
{
   const Site *x = a, *y = b;
   uint64_t tx = lrec_total(x), ty = lrec_total(y);
   if (tx != ty)
      return tx > ty ? -1 : 1;
   return cmp_order(x->order, y->order);
}

/* Most bytes allocated first, then in file order. */
static int cmp_asite(const void *a, const void *b)
{
   const ASite *x = a, *y = b;
   if (x->bytes != y->bytes)
      return x->bytes > y->bytes ? -1 : 1;
   return cmp_order(x->order, y->order);
}

/* Roles by name, then no pool before pool 1 before pool 2. */
static int cmp_role(const Role *x, const Role *y)
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

static bool same_role(const Role *x, const Role *y)
{
   return cmp_role(x, y) == 0;
}

/* Most blocked time first (the order the tool writes them in); equal
   times keep their order in the file. */
static int cmp_fsite(const void *a, const void *b)
{
   const FSite *x = a, *y = b;
   if (x->fx.blocked_us != y->fx.blocked_us)
      return x->fx.blocked_us > y->fx.blocked_us ? -1 : 1;
   return cmp_order(x->order, y->order);
}

/* Most frequent first, then in file order. */
static int cmp_wake(const void *a, const void *b)
{
   const Wake *x = a, *y = b;
   if (x->count != y->count)
      return x->count > y->count ? -1 : 1;
   return cmp_order(x->order, y->order);
}

/* Most live bytes first, then most instructions, then by role name and
   pool (no pool first), then in file order. */
static int cmp_rolesum(const void *a, const void *b)
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

/* ------------------------------------------------------------------ */
/* libxml2 errors                                                      */
/* ------------------------------------------------------------------ */

/* What follows the last '>' of the file: all that a report cut short
   can hold after its last complete tag, and where damage at the end of
   a complete one shows.  Kept in brief, whatever its length. */
#define TAIL_SAMPLE 40

typedef struct {
   bool seen;                    /* a byte that is not white space */
   uint64_t line;                /* the line of the first such byte */
   bool text;                    /* text before any '<' */
   bool markup;                  /* a '<' */
   bool lt2;                     /* a second '<' */
   int ctl;                      /* the first control byte XML forbids
                                    (NUL, ...), or -1 */
   char text_s[TAIL_SAMPLE + 1]; /* the start of the text */
   char mark_s[TAIL_SAMPLE + 1]; /* the start of the markup */
   size_t text_n, mark_n;
} Tail;

/* The end tag of a version 2 report's stack table.  Cut after it, the
   report has its stacks: libxml2 stops at the cut without handing over
   the last nodes it parsed, so it is looked for in the bytes. */
#define TABLE_END "</stack-table>"
enum { TABLE_END_LEN = sizeof TABLE_END - 1 };

/* The file, read through our own callback so we know how much of it
   libxml2 has been given, how it starts and how it ends. */
typedef struct {
   int fd;
   uint64_t total;
   int err;                      /* errno of a failed read, or 0 */
   int first;                    /* first byte that is not space or BOM,
                                    or -1 */
   uint64_t line;                /* lines read so far, from 1 */
   uint64_t last_lt;             /* 1 + the offset of the last '<', or 0 */
   Tail tail;
   char recent[TABLE_END_LEN];   /* the last bytes read */
   char last_gt[TABLE_END_LEN];  /* the bytes that end with the last '>' */
} Input;

static void tail_byte(Input *in, unsigned char c)
{
   Tail *t = &in->tail;
   bool space = is_xml_space((char)c);
   if (!space && !t->seen) {
      t->seen = true;
      t->line = in->line;
   }
   if (c < 0x20 && !space) {
      if (t->ctl < 0)
         t->ctl = c;
   } else if (c == '<' || t->markup) {
      t->lt2 |= c == '<' && t->markup;
      t->markup = true;
      if (t->mark_n < TAIL_SAMPLE)
         t->mark_s[t->mark_n++] = (char)c;
   } else if (!space || t->text) {
      t->text = true;
      if (t->text_n < TAIL_SAMPLE)
         t->text_s[t->text_n++] = (char)c;
   }
   if (c == '\n')
      in->line++;
}

/* Notes n bytes about to be added to what was read. */
static void input_note(Input *in, const unsigned char *b, size_t n)
{
   size_t gt = n, lt = n;
   while (gt > 0 && b[gt - 1] != '>')
      gt--;
   while (lt > 0 && b[lt - 1] != '<')
      lt--;
   if (lt > 0)
      in->last_lt = in->total + lt;
   /* The last tag, if it is TABLE_END, and what may start it. */
   size_t k = TABLE_END_LEN;
   if (gt >= k) {
      memcpy(in->last_gt, b + gt - k, k);
   } else if (gt > 0) {
      memcpy(in->last_gt, in->recent + gt, k - gt);
      memcpy(in->last_gt + k - gt, b, gt);
   }
   if (n >= k) {
      memcpy(in->recent, b + n - k, k);
   } else {
      memmove(in->recent, in->recent + n, k - n);
      memcpy(in->recent + k - n, b, n);
   }
   if (gt > 0) {
      for (const unsigned char *q = b;
           (q = memchr(q, '\n', (size_t)(b + gt - q))) != NULL; q++)
         in->line++;
      memset(&in->tail, 0, sizeof in->tail);
      in->tail.ctl = -1;
   }
   for (size_t i = gt; i < n; i++)
      tail_byte(in, b[i]);
}

static int input_read(void *ctx, char *buf, int len)
{
   Input *in = ctx;
   ssize_t n;
   do
      n = read(in->fd, buf, (size_t)len);
   while (n < 0 && errno == EINTR);
   if (n < 0) {
      in->err = errno;
      return -1;
   }
   for (ssize_t i = 0; i < n && in->first < 0; i++) {
      unsigned char c = (unsigned char)buf[i];
      if (!is_xml_space((char)c) && c != 0xef && c != 0xbb && c != 0xbf)
         in->first = c;
   }
   input_note(in, (const unsigned char *)buf, (size_t)n);
   in->total += (uint64_t)n;
   return (int)n;
}

/* Reads on past what libxml2 took, to the end of the file or to a '<'
   at or after offset from, whichever comes first. */
static void input_drain(Input *in, uint64_t from)
{
   char buf[4096];
   while (in->last_lt <= from && input_read(in, buf, sizeof buf) > 0)
      ;
}

/* libxml2 2.12 made the error handler's argument const. */
#if LIBXML_VERSION >= 21200
typedef const xmlError *ErrorArg;
#else
typedef xmlError *ErrorArg;
#endif

/* Where the first error stands, for telling a report cut short from one
   damaged at its end. */
enum XmlAt {
   XA_OTHER,
   XA_CUT,        /* at the end of the data: cut short, or damaged there
                     (the end of the file tells) */
   XA_END_TAG,    /* in an end tag that closes the root: its closing tag,
                     if no markup follows */
   XA_AFTER,      /* after the root element ended */
};

typedef struct {
   xmlTextReaderPtr reader;
   Input *in;
   bool have;
   int code, line;
   enum XmlAt at;
   int instate, depth;           /* the parser's state and open elements */
   char open[64];                /* the innermost open element, or "" */
   uint64_t consumed;            /* bytes the parser had taken */
   char msg[256];
} XmlError;

/* Was the parser stopped by the end of the data in the middle of the
   document?  That is what a report looks like when the run was killed
   while writing it.  libxml2 2.9 (push mode, which the reader uses) does
   not give one error code for it: between two elements it reports
   XML_ERR_DOCUMENT_END ("Extra content at the end of the document"), but
   cut inside a tag it reports whatever that tag lacks ("expected '>'",
   "AttValue: ' expected", "Couldn't find end of Start Tag", ...), codes
   that a malformed complete file gives too.  So decide from where the
   parser stands: it has been given the whole file, it has not finished
   the root element, and nothing after the error point is complete (no
   '>' follows it).  A damaged complete file always has at least the
   closing tag of the root after the damage, unless the damage is in
   that tag: a misspelt one is reported once read, so it is excluded by
   its code, and one cut and damaged is told apart from one cut by what
   the file ends in (tail_damage). */
static bool stopped_by_eof(XmlError *x, const xmlError *e)
{
   xmlParserCtxtPtr ctxt = e->domain == XML_FROM_PARSER ? e->ctxt : NULL;
   if (ctxt == NULL || x->reader == NULL || ctxt->input == NULL ||
       ctxt->input->cur == NULL || ctxt->input->end == NULL ||
       ctxt->input->end < ctxt->input->cur)
      return false;
   if (xmlTextReaderReadState(x->reader) != XML_TEXTREADER_MODE_EOF)
      return false;      /* the reader has not read the whole file yet */
   if (ctxt->instate == XML_PARSER_EPILOG || x->in->first != '<' ||
       e->code == XML_ERR_TAG_NAME_MISMATCH)
      return false;      /* after the root element, not XML, or damaged */
   size_t rest = (size_t)(ctxt->input->end - ctxt->input->cur);
   long before = xmlByteConsumed(ctxt);
   if (before < 0 || (uint64_t)before + rest != x->in->total)
      return false;      /* the parser holds only part of the file */
   return memchr(ctxt->input->cur, '>', rest) == NULL;
}

static void on_xml_error(void *ctx, ErrorArg e)
{
   XmlError *x = ctx;
   if (e == NULL || e->level < XML_ERR_ERROR || x->have)
      return;                    /* keep the first error; skip warnings */
   x->have = true;
   x->code = e->code;
   x->line = e->line;
   x->at = XA_OTHER;
   xmlParserCtxtPtr ctxt = e->domain == XML_FROM_PARSER ? e->ctxt : NULL;
   if (ctxt != NULL && x->in->first == '<') {
      long consumed = xmlByteConsumed(ctxt);
      x->instate = ctxt->instate;
      x->depth = ctxt->nameNr;
      snprintf(x->open, sizeof x->open, "%s",
               ctxt->name ? (const char *)ctxt->name : "");
      if (ctxt->instate == XML_PARSER_EPILOG) {
         x->at = XA_AFTER;
      } else if (stopped_by_eof(x, e)) {
         x->at = XA_CUT;
      } else if (ctxt->instate == XML_PARSER_END_TAG && ctxt->nameNr == 1 &&
                 consumed >= 0) {
         x->at = XA_END_TAG;
         x->consumed = (uint64_t)consumed;
      }
   }
   /* libxml2's messages end in a newline and some span two lines: make
      them one line before cleaning what they quote from the file. */
   char *flat = xstrdup(e->message ? e->message : "unknown error");
   size_t n = strlen(flat);
   while (n > 0 && is_xml_space(flat[n - 1]))
      flat[--n] = '\0';
   for (char *q = flat; *q; q++)
      if (*q == '\n' || *q == '\r')
         *q = ' ';
   char *m = clip(flat, 200);
   snprintf(x->msg, sizeof x->msg, "%s", m);
   free(m);
   free(flat);
}

/* Anything libxml2 would print without a structured handler. */
static void quiet(void *ctx, const char *fmt, ...)
{
   (void)ctx;
   (void)fmt;
}

/* ------------------------------------------------------------------ */
/* Reading the report                                                  */
/* ------------------------------------------------------------------ */

enum Kind {
   K_SKIP,      /* unknown here: skipped with everything inside */
   K_ROOT, K_RUN, K_TOOL, K_VALGRIND, K_COMMAND, K_EXE, K_ARG, K_PID,
   K_PPID, K_START, K_DURATION, K_END, K_THREADS, K_THREAD, K_NAME,
   K_THEAP, K_HEAP, K_LIVE, K_SITE, K_STACK, K_FRAME, K_IP, K_OBJ, K_FN,
   K_DIR, K_FILE, K_LINE, K_TFUTEX, K_ROLES, K_RSUM, K_RHEAP, K_RFUTEX,
   K_FSITES, K_FSITE, K_WAKES, K_WAKE, K_LEAKS, K_LTOTAL, K_LBYROLE,
   K_HELD, K_LREC, K_XFREES, K_XFREE, K_TIMELINE, K_SAMPLE, K_SROLE,
   K_ASITES, K_ASITE, K_BADCALLS, K_BADCALL, K_STABLE, K_TSTACK,
   K_COUNT
};

/* Level.seen has a bit per kind. */
_Static_assert(K_COUNT <= 64, "too many element kinds for Level.seen");

static const char *const kind_name[K_COUNT] = {
   "?", "asynctrace", "run", "tool", "valgrind", "command", "exe", "arg",
   "pid", "ppid", "start-time", "duration-ms", "end", "threads", "thread",
   "name", "heap", "heap", "live-at-exit", "site", "stack", "frame", "ip",
   "obj", "fn", "dir", "file", "line", "futex", "roles", "role-summary",
   "heap", "futex", "futex-sites", "site", "wake-pairs", "wake", "leaks",
   "total", "by-role", "held-by", "loss-record", "cross-frees", "free",
   "timeline", "sample", "role", "alloc-sites", "site", "bad-calls",
   "bad-call", "stack-table", "stack",
};

/* The elements at_print reads, by parent.  Others are skipped: the
   version changes only when something is removed or changes meaning, so
   a version 1 report may hold additions. */
static const struct {
   enum Kind parent;
   const char *name;
   enum Kind kind;
   bool many, required;
} children[] = {
   { K_ROOT, "run", K_RUN, false, true },
   { K_ROOT, "threads", K_THREADS, false, true },
   { K_ROOT, "heap", K_HEAP, false, true },
   { K_ROOT, "live-at-exit", K_LIVE, false, true },
   /* Added to version 1 later: optional, so older reports still read. */
   { K_ROOT, "roles", K_ROLES, false, false },
   { K_ROOT, "futex-sites", K_FSITES, false, false },
   { K_ROOT, "wake-pairs", K_WAKES, false, false },
   { K_ROOT, "leaks", K_LEAKS, false, false },
   { K_ROOT, "cross-frees", K_XFREES, false, false },
   { K_ROOT, "timeline", K_TIMELINE, false, false },
   { K_ROOT, "alloc-sites", K_ASITES, false, false },
   { K_ROOT, "bad-calls", K_BADCALLS, false, false },
   /* Version 2 (skipped in version 1). */
   { K_ROOT, "stack-table", K_STABLE, false, false },
   { K_RUN, "tool", K_TOOL, false, true },
   { K_RUN, "valgrind", K_VALGRIND, false, true },
   { K_RUN, "command", K_COMMAND, false, true },
   { K_RUN, "pid", K_PID, false, true },
   { K_RUN, "ppid", K_PPID, false, true },
   { K_RUN, "start-time", K_START, false, true },
   { K_RUN, "duration-ms", K_DURATION, false, true },
   { K_RUN, "end", K_END, false, true },
   { K_COMMAND, "exe", K_EXE, false, true },
   { K_COMMAND, "arg", K_ARG, true, false },
   { K_THREADS, "thread", K_THREAD, true, false },
   { K_THREAD, "name", K_NAME, true, false },
   { K_THREAD, "heap", K_THEAP, false, true },
   { K_THREAD, "futex", K_TFUTEX, false, false },
   { K_LIVE, "site", K_SITE, true, false },
   { K_SITE, "stack", K_STACK, false, true },
   { K_ROLES, "role-summary", K_RSUM, true, false },
   { K_RSUM, "heap", K_RHEAP, false, true },
   { K_RSUM, "futex", K_RFUTEX, false, true },
   { K_FSITES, "site", K_FSITE, true, false },
   { K_FSITE, "stack", K_STACK, false, true },
   { K_WAKES, "wake", K_WAKE, true, false },
   { K_LEAKS, "total", K_LTOTAL, true, false },
   { K_LEAKS, "by-role", K_LBYROLE, true, false },
   { K_LEAKS, "held-by", K_HELD, true, false },
   { K_LEAKS, "loss-record", K_LREC, true, false },
   { K_LREC, "stack", K_STACK, false, true },
   { K_XFREES, "free", K_XFREE, true, false },
   { K_TIMELINE, "sample", K_SAMPLE, true, false },
   { K_SAMPLE, "role", K_SROLE, true, false },
   { K_ASITES, "site", K_ASITE, true, false },
   { K_ASITE, "stack", K_STACK, false, true },
   { K_BADCALLS, "bad-call", K_BADCALL, true, false },
   { K_BADCALL, "stack", K_STACK, false, true },
   { K_STACK, "frame", K_FRAME, true, false },
   { K_STABLE, "frame", K_FRAME, true, false },
   { K_STABLE, "stack", K_TSTACK, true, false },
   { K_FRAME, "ip", K_IP, false, true },
   { K_FRAME, "obj", K_OBJ, false, false },
   { K_FRAME, "fn", K_FN, false, false },
   { K_FRAME, "dir", K_DIR, false, false },
   { K_FRAME, "file", K_FILE, false, false },
   { K_FRAME, "line", K_LINE, false, false },
};

static bool has_text(enum Kind k)
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

typedef struct {
   enum Kind kind;
   uint64_t seen;                /* bit per child kind met so far */
   long line;
} Level;

/* How much of each list to keep while reading: the options. */
typedef struct {
   size_t top, futex_top, leaks_top, alloc_top;
} Limits;

typedef struct {
   xmlTextReaderPtr r;
   Report *rep;
   size_t top, futex_top, leaks_top, alloc_top;
   Level *lv;
   size_t nlv, caplv;
   Buf text;
   Site site;                    /* the <live-at-exit> <site> being read */
   FSite fsite;                  /* the <futex-sites> <site> being read */
   Site lrec;                    /* the <loss-record> being read */
   ASite asite;                  /* the <alloc-sites> <site> being read */
   BadCall bad;                  /* the <bad-call> being read */
   Sample sample;                /* the <sample> being read */
   Stack *stack;                 /* the <stack> being read */
   Frame *frame;                 /* the <frame> being read */
   bool table_frame;             /* it is one of the stack table */
   Buf clean;                    /* scratch for its strings */
   int version;                  /* the report's format version */
   /* Version 2: the refs are checked against the table once it is read,
      by the largest (each is at least 1). */
   uint64_t refs, max_ref;
   long first_ref_line, max_ref_line;
   bool table_begun, table_done;
   uint64_t table_stacks;        /* the table's stacks attribute */
   size_t next_need;             /* the first Need the table has not
                                    reached yet */
   bool done;                    /* the root element ended */
   bool failed;
   char why[1024];
} Parser;

static void fail(Parser *p, const char *fmt, ...)
{
   if (p->failed)
      return;
   va_list ap;
   va_start(ap, fmt);
   vsnprintf(p->why, sizeof p->why, fmt, ap);
   va_end(ap);
   p->failed = true;
}

/* The line of the current element.  libxml2 2.9 stores element lines in
   16 bits, so past line 65534 fall back to where the parser is, which is
   close. */
static long node_line(Parser *p)
{
   xmlNodePtr n = xmlTextReaderCurrentNode(p->r);
   long line = n ? xmlGetLineNo(n) : -1;
   if (line <= 0 || line >= 65535)
      line = xmlTextReaderGetParserLineNumber(p->r);
   return line;
}

/* The value of attribute name of the current element, cleaned; NULL and
   a failure if it is required and missing. */
static char *attr_str(Parser *p, const char *elem, const char *name,
                      bool required, long line)
{
   xmlChar *v = xmlTextReaderGetAttribute(p->r, BAD_CAST name);
   if (v == NULL) {
      if (required)
         fail(p, "line %ld: <%s> has no %s attribute", line, elem, name);
      return NULL;
   }
   char *s = clean_dup((const char *)v);
   xmlFree(v);
   return s;
}

static bool attr_u64(Parser *p, const char *elem, const char *name,
                     long line, uint64_t *out)
{
   xmlChar *v = xmlTextReaderGetAttribute(p->r, BAD_CAST name);
   if (v == NULL) {
      fail(p, "line %ld: <%s> has no %s attribute", line, elem, name);
      return false;
   }
   bool ok = parse_u64((const char *)v, out);
   if (!ok) {
      char *c = clip((const char *)v, 40);
      fail(p, "line %ld: <%s> attribute %s is not a number: \"%s\"",
           line, elem, name, c);
      free(c);
   }
   xmlFree(v);
   return ok;
}

/* An id of the stack table (a stack ref, or a frame or stack id):
   required, a number, and telling one too large for 64 bits from one
   that is not a number at all. */
static bool attr_id(Parser *p, const char *elem, const char *name,
                    long line, uint64_t *out)
{
   xmlChar *v = xmlTextReaderGetAttribute(p->r, BAD_CAST name);
   if (v == NULL) {
      fail(p, "line %ld: <%s> has no %s attribute", line, elem, name);
      return false;
   }
   const char *s = (const char *)v;
   bool ok = parse_u64(s, out);
   if (!ok) {
      s += strspn(s, " \t\r\n");
      s += *s == '+';
      size_t digits = strspn(s, "0123456789");
      bool big = digits > 0 &&
                 s[digits + strspn(s + digits, " \t\r\n")] == '\0';
      char *c = clip((const char *)v, 40);
      fail(p, "line %ld: <%s> attribute %s is %s: \"%s\"", line, elem, name,
           big ? "too large" : "not a number", c);
      free(c);
   }
   xmlFree(v);
   return ok;
}

/* Optional: *present tells whether it was there. */
static bool attr_u64_opt(Parser *p, const char *elem, const char *name,
                         long line, uint64_t *out, bool *present)
{
   xmlChar *v = xmlTextReaderGetAttribute(p->r, BAD_CAST name);
   *present = v != NULL;
   if (v == NULL)
      return true;
   xmlFree(v);
   return attr_u64(p, elem, name, line, out);
}

/* A role attribute named role_name (required) and its pool attribute
   named pool_name (optional). */
static bool attr_role_named(Parser *p, const char *elem, long line, Role *r,
                            const char *role_name, const char *pool_name)
{
   free(r->role);
   r->role = attr_str(p, elem, role_name, true, line);
   return r->role != NULL &&
      attr_u64_opt(p, elem, pool_name, line, &r->pool, &r->has_pool);
}

/* The role attribute (required) and the optional pool and, where
   with_index, index attributes. */
static bool attr_role(Parser *p, const char *elem, long line, Role *r,
                      bool with_index)
{
   if (!attr_role_named(p, elem, line, r, "role", "pool"))
      return false;
   return !with_index ||
      attr_u64_opt(p, elem, "index", line, &r->index, &r->has_index);
}

/* An optional attribute that is "yes" or "no"; anything else fails.
   *present tells whether it was there. */
static bool attr_yes_no(Parser *p, const char *elem, const char *name,
                        long line, bool *out, bool *present)
{
   char *v = attr_str(p, elem, name, false, line);
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
           line, elem, name, c);
      free(c);
      ok = false;
   }
   free(v);
   return ok;
}

/* The leak-scan attributes of a <site> or <loss-record>: the kind
   (required if need_kind), the indirect bytes and blocks (both or
   neither) and the orphan mark. */
static void attr_leak(Parser *p, const char *elem, long line, Site *s,
                      bool need_kind)
{
   bool has_blocks = false, orphan_present = false;
   s->kind = attr_str(p, elem, "kind", need_kind, line);
   if (p->failed ||
       !attr_u64_opt(p, elem, "indirect-bytes", line, &s->ind_bytes,
                     &s->has_ind) ||
       !attr_u64_opt(p, elem, "indirect-blocks", line, &s->ind_blocks,
                     &has_blocks))
      return;
   if (s->has_ind != has_blocks) {
      fail(p, "line %ld: <%s> has %s but not %s", line, elem,
           s->has_ind ? "indirect-bytes" : "indirect-blocks",
           s->has_ind ? "indirect-blocks" : "indirect-bytes");
      return;
   }
   attr_yes_no(p, elem, "orphan", line, &s->orphan, &orphan_present);
}

/* Futex counters, by attribute name.  A reader asks for those it
   prints; they must be there. */
enum {
   FX_WAITS = 1 << 0, FX_WOKEN = 1 << 1, FX_EAGAIN = 1 << 2,
   FX_TIMEOUTS = 1 << 3, FX_EINTR = 1 << 4, FX_ERRORS = 1 << 5,
   FX_PENDING = 1 << 6, FX_BLOCKED = 1 << 7, FX_MAX = 1 << 8,
   FX_IDLE_WAITS = 1 << 9, FX_IDLE_US = 1 << 10, FX_WAKES = 1 << 11,
   FX_WOKE = 1 << 12,
};

static const struct {
   const char *name;
   size_t off;
} futex_attrs[] = {
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
};

static bool attr_futex(Parser *p, const char *elem, long line, Futex *f,
                       unsigned need)
{
   for (size_t i = 0; i < sizeof futex_attrs / sizeof futex_attrs[0]; i++)
      if ((need & (1u << i)) &&
          !attr_u64(p, elem, futex_attrs[i].name, line,
                    (uint64_t *)((char *)f + futex_attrs[i].off)))
         return false;
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
   xmlChar *v = xmlTextReaderGetAttribute(p->r, BAD_CAST "version");
   if (v == NULL) {
      fail(p, "report has no format version (no version attribute on "
           "<asynctrace>)");
      return;
   }
   /* A RELAX NG <value> compares as a token: ignore surrounding space. */
   const char *s = (const char *)v;
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
   xmlFree(v);
}

static Thread *cur_thread(Parser *p)
{
   return &p->rep->threads[p->rep->nthreads - 1];
}

static Frame *cur_frame(Parser *p)
{
   return p->frame;
}

/* ---- Version 2's stacks ---- */

/* A <stack> where a section names one: in version 2 a ref into the
   table, in version 1 its frames. */
static void stack_ref(Parser *p, long line)
{
   Stack *s = p->stack;
   xmlChar *v = xmlTextReaderGetAttribute(p->r, BAD_CAST "ref");
   bool has = v != NULL;
   xmlFree(v);
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
   if (!attr_id(p, "stack", "ref", line, &s->ref))
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

/* <stack-table> starts: note which of its stacks the kept sites use. */
static void table_begin(Parser *p, long line)
{
   Report *r = p->rep;
   p->table_begun = true;
   if (!attr_u64(p, "stack-table", "stacks", line, &p->table_stacks))
      return;
   size_t n = r->nsites + r->nfsites + r->nlrecs + r->nasites + r->nbad, k = 0;
   r->need = xrealloc(NULL, n * sizeof *r->need);
   for (size_t i = 0; i < r->nsites; i++)
      r->need[k++] = (Need){ .ref = r->sites[i].stack.ref };
   for (size_t i = 0; i < r->nfsites; i++)
      r->need[k++] = (Need){ .ref = r->fsites[i].stack.ref };
   for (size_t i = 0; i < r->nlrecs; i++)
      r->need[k++] = (Need){ .ref = r->lrecs[i].stack.ref };
   for (size_t i = 0; i < r->nasites; i++)
      r->need[k++] = (Need){ .ref = r->asites[i].stack.ref };
   for (size_t i = 0; i < r->nbad; i++)
      r->need[k++] = (Need){ .ref = r->bad[i].stack.ref };
   qsort(r->need, n, sizeof *r->need, cmp_need);
   r->nneed = 0;
   for (size_t i = 0; i < n; i++)
      if (r->nneed == 0 || r->need[r->nneed - 1].ref != r->need[i].ref)
         r->need[r->nneed++] = r->need[i];
}

/* A <frame id> of the table: ids count from 1, in order. */
static void table_frame(Parser *p, long line)
{
   Report *r = p->rep;
   uint64_t id;
   p->frame = NULL;
   if (!attr_id(p, "frame", "id", line, &id))
      return;
   if (id != (uint64_t)r->ntframes + 1) {
      fail(p, "line %ld: <frame> id %" PRIu64 " is out of order (%" PRIu64
           " expected: the table's frame ids count from 1)", line, id,
           (uint64_t)r->ntframes + 1);
      return;
   }
   if (r->ntframes == UINT32_MAX) {      /* the stacks hold 32-bit indices */
      fail(p, "line %ld: more than %s frames in the <stack-table>", line,
           num(UINT32_MAX));
      return;
   }
   GROW(r->tframes, r->captframes, r->ntframes + 1);
   p->frame = &r->tframes[r->ntframes++];
   memset(p->frame, 0, sizeof *p->frame);
}

/* A <stack id frames> of the table: its frames are kept if a kept site
   uses it, and checked in any case. */
static void table_stack(Parser *p, long line)
{
   Report *r = p->rep;
   uint64_t id;
   if (!attr_id(p, "stack", "id", line, &id))
      return;
   if (id != r->ntstacks + 1) {
      fail(p, "line %ld: <stack> id %" PRIu64 " is out of order (%" PRIu64
           " expected: the table's stack ids count from 1)", line, id,
           r->ntstacks + 1);
      return;
   }
   r->ntstacks++;
   xmlChar *v = xmlTextReaderGetAttribute(p->r, BAD_CAST "frames");
   if (v == NULL) {
      fail(p, "line %ld: <stack> has no frames attribute", line);
      return;
   }
   Need *nd = NULL;
   if (p->next_need < r->nneed && r->need[p->next_need].ref == id) {
      nd = &r->need[p->next_need++];
      nd->start = r->ntids;
   }
   for (const char *q = (const char *)v;;) {
      q += strspn(q, " \t\r\n");
      if (*q == '\0')
         break;
      const char *tok = q;
      uint64_t f = 0;
      bool big = false;
      for (; *q >= '0' && *q <= '9'; q++) {
         unsigned d = (unsigned)(*q - '0');
         if (f > (UINT64_MAX - d) / 10)
            big = true;
         else
            f = f * 10 + d;
      }
      if (q == tok || (*q != '\0' && !is_xml_space(*q))) {
         char *c = clip((const char *)v, 40);
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
      if (f == 0 || f > r->ntframes) {
         fail(p, "line %ld: <stack id=\"%" PRIu64 "\"> uses frame %" PRIu64
              ", which no <frame> before it defines", line, id, f);
         break;
      }
      if (nd != NULL) {
         GROW(r->tids, r->captids, r->ntids + 1);
         r->tids[r->ntids++] = (uint32_t)(f - 1);
      }
   }
   if (nd != NULL)
      nd->n = r->ntids - nd->start;
   xmlFree(v);
}

/* The report has ended: its refs must name stacks of the table. */
static void check_refs(Parser *p, long line)
{
   if (p->version != 2 || p->refs == 0)
      return;
   if (!p->table_done)
      fail(p, "line %ld: <asynctrace> has no <stack-table>: the stacks it "
           "refers to (the first at line %ld) are missing", line,
           p->first_ref_line);
   else if (p->max_ref > p->rep->ntstacks)
      fail(p, "line %ld: <stack ref=\"%" PRIu64 "\"> names no stack (the "
           "<stack-table> has %" PRIu64 ")", p->max_ref_line, p->max_ref,
           p->rep->ntstacks);
}

/* Points the kept sites' stacks at their frames in the table. */
static void resolve_stack(Report *r, Stack *s)
{
   Need key = { .ref = s->ref };
   const Need *nd = bsearch(&key, r->need, r->nneed, sizeof *r->need,
                            cmp_need);
   s->in_table = true;
   s->tab = r->tframes;
   if (nd != NULL && nd->n > 0) {
      s->ids = r->tids + nd->start;
      s->nids = nd->n;
   }
}

static void resolve_stacks(Report *r)
{
   for (size_t i = 0; i < r->nsites; i++)
      resolve_stack(r, &r->sites[i].stack);
   for (size_t i = 0; i < r->nfsites; i++)
      resolve_stack(r, &r->fsites[i].stack);
   for (size_t i = 0; i < r->nlrecs; i++)
      resolve_stack(r, &r->lrecs[i].stack);
   for (size_t i = 0; i < r->nasites; i++)
      resolve_stack(r, &r->asites[i].stack);
   for (size_t i = 0; i < r->nbad; i++)
      resolve_stack(r, &r->bad[i].stack);
}

/* Reads the attributes of an element that has just started. */
static void begin(Parser *p, enum Kind k, const char *name, long line)
{
   Report *r = p->rep;
   switch (k) {
   case K_ROOT:
      check_root(p, name);
      break;
   case K_TOOL:
      free(r->tool_version);
      r->tool_version = attr_str(p, name, "version", true, line);
      break;
   case K_VALGRIND:
      free(r->vg_version);
      r->vg_version = attr_str(p, name, "version", true, line);
      break;
   case K_END: {
      char *how = attr_str(p, name, "how", true, line);
      if (how == NULL)
         break;
      free(r->signal);
      r->signal = NULL;
      if (strcmp(how, "exit") == 0) {
         r->end_how = END_EXIT;
         xmlChar *v = xmlTextReaderGetAttribute(p->r, BAD_CAST "status");
         if (v == NULL) {
            fail(p, "line %ld: <end how=\"exit\"> has no status attribute",
                 line);
         } else if (!parse_int((const char *)v, &r->status)) {
            char *c = clip((const char *)v, 40);
            fail(p, "line %ld: <end> attribute status is not a number: "
                 "\"%s\"", line, c);
            free(c);
         }
         xmlFree(v);
         free(how);
      } else if (strcmp(how, "signal") == 0) {
         r->end_how = END_SIGNAL;
         r->signal = attr_str(p, name, "signal", true, line);
         if (r->signal)
            attr_u64(p, name, "signo", line, &r->signo);
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
      if (!attr_u64(p, name, "seq", line, &t->seq) ||
          !attr_u64(p, name, "creator", line, &t->creator) ||
          !attr_u64(p, name, "start-ms", line, &t->start_ms) ||
          !attr_u64_opt(p, name, "end-ms", line, &t->end_ms, &t->has_end))
         break;
      if (t->seq == 0) {
         fail(p, "line %ld: <thread> attribute seq is 0 (seq starts at 1)",
              line);
         break;
      }
      if (!attr_role(p, name, line, &t->role, true) ||
          !attr_u64_opt(p, name, "insns", line, &t->insns, &t->has_insns))
         break;
      char *ended = attr_str(p, name, "ended", false, line);
      t->forked = ended != NULL && strcmp(ended, "fork") == 0;
      free(ended);
      char *alive = attr_str(p, name, "alive-at-exit", true, line);
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
      if (attr_u64(p, "heap", "allocs", line, &t->allocs) &&
          attr_u64(p, "heap", "bytes-allocated", line, &t->bytes_allocated) &&
          attr_u64(p, "heap", "live-blocks", line, &t->live_blocks))
         attr_u64(p, "heap", "live-bytes", line, &t->live_bytes);
      break;
   }
   case K_HEAP: {
      static const char *const names[] = {
         "allocs", "frees", "bytes-allocated", "bytes-freed", "live-blocks",
         "live-bytes", "peak-bytes", "peak-blocks", "peak-ms",
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
      if (attr_u64_opt(p, name, "peak-time", line, &r->peak_time,
                       &r->has_peak_time) && r->has_peak_time) {
         free(r->time_unit);
         r->time_unit = attr_str(p, name, "time-unit", true, line);
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
      if (attr_u64(p, name, "blocks", line, &r->exit_blocks))
         attr_u64(p, name, "bytes", line, &r->exit_bytes);
      break;
   case K_SITE:
   case K_LREC: {
      Site *st = k == K_SITE ? &p->site : &p->lrec;
      site_free(st);
      st->order = k == K_SITE ? r->sites_total : r->lrecs_total;
      if (attr_u64(p, name, "thread", line, &st->thread) &&
          attr_u64(p, name, "blocks", line, &st->blocks) &&
          attr_u64(p, name, "bytes", line, &st->bytes) &&
          attr_role(p, name, line, &st->role, false))
         attr_leak(p, name, line, st, k == K_LREC);
      break;
   }
   case K_STACK:
      switch (p->lv[p->nlv - 2].kind) {
      case K_FSITE: p->stack = &p->fsite.stack; break;
      case K_LREC: p->stack = &p->lrec.stack; break;
      case K_ASITE: p->stack = &p->asite.stack; break;
      case K_BADCALL: p->stack = &p->bad.stack; break;
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
          attr_u64(p, name, "threads", line, &s->threads) &&
          attr_u64(p, name, "peak-alive", line, &s->peak_alive) &&
          attr_u64(p, name, "alive-at-exit", line, &s->alive) &&
          attr_u64(p, name, "churn", line, &s->churn) &&
          attr_u64(p, name, "insns", line, &s->insns))
         attr_u64_opt(p, name, "live-at-peak", line, &s->live_at_peak,
                      &s->has_live_at_peak);
      break;
   }
   case K_RHEAP: {
      RoleSum *s = &r->roles[r->nroles - 1];
      if (attr_u64(p, name, "bytes-allocated", line, &s->bytes_allocated) &&
          attr_u64(p, name, "live-bytes", line, &s->live_bytes) &&
          attr_u64_opt(p, name, "live-blocks", line, &s->live_blocks,
                       &s->has_live_blocks))
         attr_u64_opt(p, name, "peak-live", line, &s->peak_live,
                      &s->has_peak_live);
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
      if (!attr_role(p, name, line, &s->role, false))
         break;
      s->class = attr_str(p, name, "class", true, line);
      if (s->class)
         s->ops = attr_str(p, name, "ops", true, line);
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
      if (attr_u64(p, name, "waker", line, &w->waker) &&
          attr_u64(p, name, "waiter", line, &w->waiter) &&
          attr_u64(p, name, "count", line, &w->count))
         r->woken_total = add_sat(r->woken_total, w->count);
      /* Keep the most frequent; cut back as keep_site does. */
      if (r->nwakes >= 2 * WAKE_PAIRS_SHOWN + 256) {
         qsort(r->wakes, r->nwakes, sizeof *r->wakes, cmp_wake);
         r->nwakes = WAKE_PAIRS_SHOWN;
      }
      break;
   }
   case K_LEAKS:
      r->has_leaks = true;
      free(r->leak_check);
      r->leak_check = attr_str(p, name, "check", false, line);
      break;
   case K_LTOTAL: {
      char *kind = attr_str(p, name, "kind", true, line);
      int kx = leak_kind(kind);
      uint64_t bytes, blocks;
      free(kind);
      if (p->failed)
         break;
      if (kx < 0) {
         /* A kind added later: not printed, but it is part of what is
            live at exit, so the checks count it (if it has figures). */
         bool hb, hk;
         if (attr_u64_opt(p, name, "bytes", line, &bytes, &hb) &&
             attr_u64_opt(p, name, "blocks", line, &blocks, &hk) &&
             hb && hk) {
            sum_add(&r->lk_bytes, bytes);
            sum_add(&r->lk_blocks, blocks);
         }
         break;
      }
      if (attr_u64(p, name, "bytes", line, &bytes) &&
          attr_u64(p, name, "blocks", line, &blocks)) {
         r->leak_bytes[kx] = add_sat(r->leak_bytes[kx], bytes);
         r->leak_blocks[kx] = add_sat(r->leak_blocks[kx], blocks);
         sum_add(&r->lk_bytes, bytes);
         sum_add(&r->lk_blocks, blocks);
      }
      break;
   }
   case K_LBYROLE: {
      char *kind = attr_str(p, name, "kind", true, line);
      int kx = leak_kind(kind);
      free(kind);
      if (p->failed)
         break;
      if (kx < 0) {
         /* As for <total>: kept for the checks, if it is complete. */
         LeakRole o = { .kind = -1 };
         bool hb, hk;
         xmlChar *role = xmlTextReaderGetAttribute(p->r, BAD_CAST "role");
         bool has_role = role != NULL;
         xmlFree(role);
         if (has_role && attr_role(p, name, line, &o.role, false) &&
             attr_u64_opt(p, name, "bytes", line, &o.bytes, &hb) &&
             attr_u64_opt(p, name, "blocks", line, &o.blocks, &hk) &&
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
          attr_u64(p, name, "bytes", line, &lr->bytes))
         attr_u64(p, name, "blocks", line, &lr->blocks);
      break;
   }
   case K_HELD: {
      GROW(r->held, r->capheld, r->nheld + 1);
      Held *h = &r->held[r->nheld++];
      memset(h, 0, sizeof *h);
      h->order = r->nheld;
      h->holder = attr_str(p, name, "holder", true, line);
      if (h->holder == NULL ||
          !attr_u64_opt(p, name, "thread", line, &h->thread, &h->has_thread))
         break;
      if (h->has_thread &&
          (!attr_role(p, name, line, &h->role, false) ||
           !attr_yes_no(p, name, "thread-alive-at-exit", line, &h->alive,
                        &h->alive_known)))
         break;
      if (attr_u64(p, name, "bytes", line, &h->bytes))
         attr_u64(p, name, "blocks", line, &h->blocks);
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
      if (attr_role_named(p, name, line, &x->alloc, "alloc-role",
                          "alloc-pool") &&
          attr_role_named(p, name, line, &x->freed, "free-role",
                          "free-pool") &&
          attr_u64(p, name, "frees", line, &x->frees) &&
          attr_u64(p, name, "bytes", line, &x->bytes)) {
         r->xfree_frees = add_sat(r->xfree_frees, x->frees);
         r->xfree_bytes = add_sat(r->xfree_bytes, x->bytes);
      }
      break;
   }
   case K_TIMELINE:
      r->has_timeline = true;
      free(r->tl_unit);
      r->tl_unit = attr_str(p, name, "unit", true, line);
      break;
   case K_SAMPLE: {
      Sample *sm = &p->sample;
      bool present;
      sample_free(sm);
      if (attr_u64(p, name, "time", line, &sm->time) &&
          attr_u64(p, name, "live-bytes", line, &sm->live))
         attr_yes_no(p, name, "peak", line, &sm->peak, &present);
      break;
   }
   case K_SROLE: {
      Role role = { 0 };
      uint64_t bytes;
      if (attr_role(p, name, line, &role, false) &&
          attr_u64(p, name, "live-bytes", line, &bytes)) {
         size_t c = 0;
         while (c < r->ntl_cols && !same_role(&r->tl_cols[c], &role))
            c++;
         if (c == r->ntl_cols) {
            GROW(r->tl_cols, r->captl_cols, r->ntl_cols + 1);
            r->tl_cols[r->ntl_cols++] = role;
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
      if (attr_u64(p, name, "count", line, &r->as_count) &&
          attr_u64(p, name, "shown", line, &r->as_shown) &&
          attr_u64(p, name, "rest-allocs", line, &r->as_rest_allocs) &&
          attr_u64(p, name, "rest-bytes", line, &r->as_rest_bytes) &&
          attr_u64(p, name, "rest-live-bytes", line, &r->as_rest_live))
         attr_u64(p, name, "rest-at-peak", line, &r->as_rest_at_peak);
      break;
   case K_ASITE: {
      ASite *a = &p->asite;
      asite_free(a);
      a->order = r->asites_total;
      if (attr_role(p, name, line, &a->role, false) &&
          attr_u64(p, name, "allocs", line, &a->allocs) &&
          attr_u64(p, name, "bytes", line, &a->bytes) &&
          attr_u64(p, name, "live-blocks", line, &a->live_blocks) &&
          attr_u64(p, name, "live-bytes", line, &a->live_bytes))
         attr_u64(p, name, "at-peak", line, &a->at_peak);
      break;
   }
   case K_BADCALLS:
      r->has_bad = true;
      break;
   case K_BADCALL: {
      BadCall *b = &p->bad;
      badcall_free(b);
      b->order = r->nbad;
      b->kind = attr_str(p, name, "kind", true, line);
      if (b->kind == NULL ||
          !attr_u64(p, name, "count", line, &b->count))
         break;
      b->addr = attr_str(p, name, "addr", true, line);
      if (b->addr != NULL && attr_u64(p, name, "size", line, &b->size))
         attr_u64(p, name, "given", line, &b->given);
      break;
   }
   default:
      break;
   }
}

/* Keeps the site just read if it may be among the --top largest.  To
   stay small with many sites, the list is cut back to --top entries
   whenever it has grown to twice that. */
static void keep_site(Parser *p)
{
   Report *r = p->rep;
   r->sites_total++;
   if (p->site.orphan) {
      /* Summed by role whatever --top is: few roles, many sites. */
      size_t i = 0;
      r->has_orphan_info = true;
      while (i < r->norphans && !same_role(&r->orphans[i].role, &p->site.role))
         i++;
      if (i == r->norphans) {
         GROW(r->orphans, r->caporphans, r->norphans + 1);
         r->orphans[i] = (Orphans){ .order = i };
         r->orphans[i].role = p->site.role;
         r->orphans[i].role.role = xstrdup(p->site.role.role);
         r->norphans++;
      }
      r->orphans[i].bytes = add_sat(r->orphans[i].bytes, p->site.bytes);
      r->orphans[i].blocks = add_sat(r->orphans[i].blocks, p->site.blocks);
   }
   if (p->top == 0) {
      site_free(&p->site);
      return;
   }
   GROW(r->sites, r->capsites, r->nsites + 1);
   r->sites[r->nsites++] = p->site;
   memset(&p->site, 0, sizeof p->site);
   if (p->top <= SIZE_MAX / 4 && r->nsites >= 2 * p->top + 256) {
      qsort(r->sites, r->nsites, sizeof *r->sites, cmp_site);
      while (r->nsites > p->top)
         site_free(&r->sites[--r->nsites]);
   }
}

/* Keeps the futex site just read if it has waits or wakes and may be
   among the --futex-top most blocked, cut back as keep_site does. */
static void keep_fsite(Parser *p)
{
   Report *r = p->rep;
   FSite *s = &p->fsite;
   r->fsites_total++;
   r->fx_waits = add_sat(r->fx_waits, s->fx.waits);
   r->fx_blocked_us = add_sat(r->fx_blocked_us, s->fx.blocked_us);
   r->fx_wakes = add_sat(r->fx_wakes, s->fx.wakes);
   if (s->fx.waits == 0 && s->fx.wakes == 0) {
      fsite_free(s);
      return;
   }
   r->fsites_active++;
   if (p->futex_top == 0) {
      fsite_free(s);
      return;
   }
   GROW(r->fsites, r->capfsites, r->nfsites + 1);
   r->fsites[r->nfsites++] = *s;
   memset(s, 0, sizeof *s);
   if (p->futex_top <= SIZE_MAX / 4 && r->nfsites >= 2 * p->futex_top + 256) {
      qsort(r->fsites, r->nfsites, sizeof *r->fsites, cmp_fsite);
      while (r->nfsites > p->futex_top)
         fsite_free(&r->fsites[--r->nfsites]);
   }
}

/* Keeps the loss record just read if it may be among the --leaks-top
   largest, cut back as keep_site does. */
static void keep_lrec(Parser *p)
{
   Report *r = p->rep;
   r->lrecs_total++;
   if (p->leaks_top == 0) {
      site_free(&p->lrec);
      return;
   }
   GROW(r->lrecs, r->caplrecs, r->nlrecs + 1);
   r->lrecs[r->nlrecs++] = p->lrec;
   memset(&p->lrec, 0, sizeof p->lrec);
   if (p->leaks_top <= SIZE_MAX / 4 && r->nlrecs >= 2 * p->leaks_top + 256) {
      qsort(r->lrecs, r->nlrecs, sizeof *r->lrecs, cmp_lrec);
      while (r->nlrecs > p->leaks_top)
         site_free(&r->lrecs[--r->nlrecs]);
   }
}

/* Keeps the allocation site just read if it may be among the
   --alloc-top largest, cut back as keep_site does. */
static void keep_asite(Parser *p)
{
   Report *r = p->rep;
   ASite *a = &p->asite;
   r->asites_total++;
   r->as_allocs = add_sat(r->as_allocs, a->allocs);
   r->as_bytes = add_sat(r->as_bytes, a->bytes);
   if (p->alloc_top == 0) {
      asite_free(a);
      return;
   }
   GROW(r->asites, r->capasites, r->nasites + 1);
   r->asites[r->nasites++] = *a;
   memset(a, 0, sizeof *a);
   if (p->alloc_top <= SIZE_MAX / 4 && r->nasites >= 2 * p->alloc_top + 256) {
      qsort(r->asites, r->nasites, sizeof *r->asites, cmp_asite);
      while (r->nasites > p->alloc_top)
         asite_free(&r->asites[--r->nasites]);
   }
}

static void keep_bad(Parser *p)
{
   Report *r = p->rep;
   GROW(r->bad, r->capbad, r->nbad + 1);
   r->bad[r->nbad++] = p->bad;
   r->bad_total = add_sat(r->bad_total, p->bad.count);
   memset(&p->bad, 0, sizeof p->bad);
}

/* The timeline is kept to about TL_KEPT samples whatever the file
   holds: every tl_stride-th one, and every peak; when that fills up,
   every other one goes and the stride doubles (as the tool keeps its
   own).  The last sample is always kept apart. */
#define TL_KEPT 4096

static void keep_sample(Parser *p)
{
   Report *r = p->rep;
   Sample *sm = &p->sample;
   if (r->tl_stride == 0)
      r->tl_stride = 1;
   if (sm->peak && r->tl_seen > 0 && sm->time == r->tl_prev_time &&
       sm->live == r->tl_prev_live)
      r->tl_repeats++;
   r->tl_prev_time = sm->time;
   r->tl_prev_live = sm->live;
   sm->ordinal = r->tl_seen++;
   bool keep = sm->peak || sm->ordinal % r->tl_stride == 0;
   if (keep && r->nsamples >= TL_KEPT && r->tl_stride <= UINT64_MAX / 2) {
      size_t n = 0;
      r->tl_stride *= 2;
      for (size_t i = 0; i < r->nsamples; i++) {
         if (r->samples[i].peak || r->samples[i].ordinal % r->tl_stride == 0)
            r->samples[n++] = r->samples[i];
         else
            sample_free(&r->samples[i]);
      }
      r->nsamples = n;
      keep = sm->peak || sm->ordinal % r->tl_stride == 0;
   }
   sample_free(&r->tl_last);
   r->tl_have_last = !keep;
   if (keep) {
      GROW(r->samples, r->capsamples, r->nsamples + 1);
      r->samples[r->nsamples++] = *sm;
   } else {
      r->tl_last = *sm;
   }
   memset(sm, 0, sizeof *sm);
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

/* An element has ended: store its text, check it is complete. */
static void end(Parser *p)
{
   Level *l = &p->lv[p->nlv - 1];
   Report *r = p->rep;
   const char *text = p->text.s ? p->text.s : "";
   const char *name = kind_name[l->kind];
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
      break;
   case K_ROOT:
      check_refs(p, l->line);
      break;
   default:
      break;
   }
   for (size_t i = 0; i < sizeof children / sizeof children[0] && !p->failed; i++)
      if (children[i].parent == l->kind && children[i].required &&
          !(l->seen & (UINT64_C(1) << children[i].kind)))
         fail(p, "line %ld: <%s> has no <%s>", l->line, name, children[i].name);
   if (p->failed)
      return;
   if (l->kind == K_SITE)
      keep_site(p);
   else if (l->kind == K_FSITE)
      keep_fsite(p);
   else if (l->kind == K_LREC)
      keep_lrec(p);
   else if (l->kind == K_ASITE)
      keep_asite(p);
   else if (l->kind == K_BADCALL)
      keep_bad(p);
   else if (l->kind == K_SAMPLE)
      keep_sample(p);
   else if (l->kind == K_ROOT)
      p->done = true;
   p->nlv--;
}

static void start(Parser *p, const char *name, bool empty)
{
   long line = node_line(p);
   enum Kind k = K_SKIP;
   if (p->nlv == 0) {
      k = K_ROOT;
   } else {
      Level *parent = &p->lv[p->nlv - 1];
      for (size_t i = 0; i < sizeof children / sizeof children[0]; i++) {
         if (children[i].parent != parent->kind || strcmp(children[i].name, name) != 0)
            continue;
         if (children[i].kind == K_STABLE && p->version != 2)
            break;               /* not version 1's: ignored, as additions */
         k = children[i].kind;
         uint64_t bit = UINT64_C(1) << k;
         if ((parent->seen & bit) && !children[i].many) {
            fail(p, "line %ld: more than one <%s> in <%s>", line, name,
                 kind_name[parent->kind]);
            return;
         }
         parent->seen |= bit;
         break;
      }
   }
   GROW(p->lv, p->caplv, p->nlv + 1);
   p->lv[p->nlv++] = (Level){ .kind = k, .seen = 0, .line = line };
   if (has_text(k))
      buf_clear(&p->text);
   begin(p, k, name, line);
   if (empty && !p->failed)
      end(p);
}

/* Does an element of this name hold no text in a report?  Only the
   ones at_print reads are known; any other might. */
static bool holds_no_text(const char *name)
{
   if (strcmp(name, "asynctrace") == 0)
      return true;
   for (size_t i = 0; i < sizeof children / sizeof children[0]; i++)
      if (strcmp(children[i].name, name) == 0)
         return !has_text(children[i].kind);
   return false;
}

/* The length of s[0..k) without a UTF-8 sequence cut at its end, for
   showing a sample that was cut. */
static size_t utf8_whole(const char *s, size_t k)
{
   size_t j = k;
   while (j > 0 && ((unsigned char)s[j - 1] & 0xc0) == 0x80)
      j--;
   if (j == 0)
      return k;
   unsigned char lead = (unsigned char)s[j - 1];
   size_t len = lead >= 0xf0 ? 4 : lead >= 0xe0 ? 3 : lead >= 0xc0 ? 2 : 1;
   return j - 1 + len > k ? j - 1 : k;
}

/* Could a report cut short end as this file does?  What follows its
   last '>' is judged against the element the parser had open: bytes XML
   forbids, text inside an element that holds none, an end tag that
   cannot close that element or a '<' that starts no tag are damage, not
   a cut.  Returns false for a cut, else true with what is wrong in why.
   (Inside a comment, a processing instruction or CDATA, or outside the
   root element, anything may follow: those are taken as cut.) */
static bool tail_damage(const Input *in, const XmlError *x, char *why,
                        size_t n)
{
   const Tail *t = &in->tail;
   bool root = x->depth == 1 && strcmp(x->open, "asynctrace") == 0;
   bool closing = false;
   char *open = clip(x->open, 40), *quote = NULL, what[160], where[96];
   char s[TAIL_SAMPLE + 1];

   what[0] = where[0] = '\0';
   if (root)
      snprintf(where, sizeof where, " instead of its closing tag");
   else if (x->depth >= 1)
      snprintf(where, sizeof where, " inside <%s>", open);
   if (t->ctl >= 0) {
      if (t->ctl == 0)
         snprintf(what, sizeof what, "zero bytes%s", where);
      else
         snprintf(what, sizeof what, "the control byte \\x%02x%s", t->ctl,
                  where);
   } else if ((x->instate != XML_PARSER_CONTENT &&
               x->instate != XML_PARSER_START_TAG &&
               x->instate != XML_PARSER_END_TAG) || x->depth < 1 ||
              x->code == XML_ERR_COMMENT_NOT_FINISHED ||
              x->code == XML_ERR_PI_NOT_FINISHED ||
              x->code == XML_ERR_CDATA_NOT_FINISHED) {
      ;                          /* anything may follow: a cut */
   } else if (t->text && (x->instate == XML_PARSER_CONTENT || t->markup) &&
              holds_no_text(x->open)) {
      size_t k = utf8_whole(t->text_s, t->text_n);
      memcpy(s, t->text_s, k);
      while (k > 0 && is_xml_space(s[k - 1]))
         k--;
      s[k] = '\0';
      quote = clip(s, 30);
      snprintf(what, sizeof what, "text \"%s\"%s%s", quote, where,
               root ? "" : ", which holds none");
   } else if (t->markup) {
      size_t k = utf8_whole(t->mark_s, t->mark_n);
      bool bad;
      memcpy(s, t->mark_s, k);
      s[k] = '\0';
      if (s[1] == '/') {
         /* "</", then a prefix of the open element's name, or all of
            it and white space. */
         const char *p = s + 2;
         size_t name = 0;
         while (p[name] != '\0' && !is_xml_space(p[name]))
            name++;
         bool whole = p[name] != '\0';
         bad = t->lt2 || (whole && name == 0) ||
               strncmp(p, x->open, name) != 0 ||
               (whole && (x->open[name] != '\0' ||
                          p[name + strspn(p + name, " \t\r\n")] != '\0'));
         if (t->mark_n == TAIL_SAMPLE ||
             strlen(x->open) + 1 >= sizeof x->open)
            bad = false;         /* too long to judge */
         closing = bad && root;
      } else {
         unsigned char c = (unsigned char)s[1];
         bad = t->lt2 || !(c == '\0' || c == '!' || c == '?' || c == '_' ||
                           c == ':' || c >= 0x80 ||
                           (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'));
      }
      while (k > 0 && is_xml_space(s[k - 1]))
         s[--k] = '\0';
      if (bad) {
         quote = clip(s, 30);
         if (closing)
            snprintf(what, sizeof what, "\"%s\" is not </asynctrace>", quote);
         else if (s[1] == '/')
            snprintf(what, sizeof what, "\"%s\" cannot close <%s>", quote,
                     open);
         else
            snprintf(what, sizeof what, "\"%s\" is not a tag", quote);
      }
   }
   if (what[0] != '\0')
      snprintf(why, n, "%s at line %" PRIu64 ": %s",
               closing ? "the closing tag is damaged"
                       : "the end of the report is damaged", t->line, what);
   free(open);
   free(quote);
   return what[0] != '\0';
}

/* Why the report cannot be read, from libxml2's first error and where it
   stands: a file cut short (the run killed while writing it) is told
   apart from one damaged at its end or followed by something else.
   cut_note is added to what is said of a cut. */
static void describe_xml_error(const XmlError *x, Input *in, char *why,
                               size_t n, const char *cut_note)
{
   switch (x->at) {
   case XA_CUT:
      if (!tail_damage(in, x, why, n))
         snprintf(why, n, "report is truncated (line %d): the run may have "
                  "been killed while writing it%s", x->line, cut_note);
      return;
   case XA_END_TAG:
      /* A bad end tag where the root's closing tag goes is that tag, if
         nothing but text follows it to the end of the file. */
      input_drain(in, x->consumed);
      if (in->err == 0 && in->last_lt <= x->consumed) {
         snprintf(why, n, "the closing tag is damaged at line %d: %s",
                  x->line, x->msg);
         return;
      }
      break;
   case XA_AFTER:
      snprintf(why, n, "something follows the end of the report at line "
               "%d: %s", x->line, x->msg);
      return;
   default:
      break;
   }
   snprintf(why, n, "not XML: %s, line %d", x->msg, x->line);
}

/* Reads the report from in->fd into rep.  Returns NULL on success, else
   why the file cannot be shown (a static or parser-owned string that
   lives until the next call). */
static const char *read_report(const char *path, Input *in,
                               const Limits *lim, Report *rep)
{
   static char why[1100];
   XmlError xerr = { .in = in };
   Parser p = { .rep = rep, .top = lim->top, .futex_top = lim->futex_top,
                .leaks_top = lim->leaks_top, .alloc_top = lim->alloc_top };

   /* Errors raised before the reader exists, or outside it, go here. */
   xmlSetStructuredErrorFunc(&xerr, on_xml_error);
   xmlSetGenericErrorFunc(NULL, quiet);

   /* No NOENT (entities are never expanded), no DTDLOAD, no network. */
   xmlTextReaderPtr r = xmlReaderForIO(input_read, NULL, in, path, NULL,
                                       XML_PARSE_NONET);
   if (r == NULL) {
      snprintf(why, sizeof why, "cannot read: %s",
               in->err ? strerror(in->err) : "libxml2 failed to start");
      return why;
   }
   xerr.reader = r;
   p.r = r;
   xmlTextReaderSetStructuredErrorHandler(r, on_xml_error, &xerr);

   while (!p.failed && !xerr.have && xmlTextReaderRead(r) == 1) {
      int type = xmlTextReaderNodeType(r);
      if (type == XML_READER_TYPE_ELEMENT) {
         const char *name = (const char *)xmlTextReaderConstName(r);
         start(&p, name ? name : "", xmlTextReaderIsEmptyElement(r) == 1);
      } else if (type == XML_READER_TYPE_END_ELEMENT) {
         if (p.nlv > 0)
            end(&p);
      } else if (type == XML_READER_TYPE_TEXT || type == XML_READER_TYPE_CDATA ||
                 type == XML_READER_TYPE_WHITESPACE ||
                 type == XML_READER_TYPE_SIGNIFICANT_WHITESPACE) {
         const char *v = (const char *)xmlTextReaderConstValue(r);
         if (p.nlv > 0 && has_text(p.lv[p.nlv - 1].kind) && v)
            buf_adds(&p.text, v);
      } else if (type == XML_READER_TYPE_DOCUMENT_TYPE) {
         /* Reports have none; a DTD could declare entities or default
            attributes and so change what the file says. */
         fail(&p, "not an asynctrace report (it has a DOCTYPE; reports "
              "have none and at_print reads no DTD)");
      } else if (type == XML_READER_TYPE_ENTITY_REFERENCE) {
         fail(&p, "line %d: entity reference (at_print expands no entities)",
              xmlTextReaderGetParserLineNumber(r));
      }
   }

   const char *res = NULL;
   if (in->err) {
      snprintf(why, sizeof why, "read error: %s", strerror(in->err));
      res = why;
   } else if (xerr.have) {
      /* An XML error wins over what we found in the nodes before it. */
      if (in->total == 0)
         snprintf(why, sizeof why, "empty file");
      else if (in->first < 0)
         snprintf(why, sizeof why, "empty file (white space only)");
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
      /* xmlTextReaderRead failed without telling why. */
      snprintf(why, sizeof why, in->total == 0 ? "empty file"
               : "not XML: libxml2 could not read it");
      res = why;
   } else if (p.version == 2) {
      resolve_stacks(rep);
   }

   xmlFreeTextReader(r);
   xmlSetStructuredErrorFunc(NULL, NULL);
   site_free(&p.site);
   fsite_free(&p.fsite);
   site_free(&p.lrec);
   asite_free(&p.asite);
   badcall_free(&p.bad);
   sample_free(&p.sample);
   free(p.lv);
   free(p.text.s);
   free(p.clean.s);
   return res;
}

/* ------------------------------------------------------------------ */
/* Printing                                                            */
/* ------------------------------------------------------------------ */

typedef struct {
   size_t ncols;
   const char *const *head0;     /* a line above head, or NULL */
   const char *const *head;
   const bool *right;
   const size_t *cap;            /* 0: no limit */
   char **cells;
   size_t ncells, capcells;
} Table;

static void cell(Table *t, const char *s)
{
   GROW(t->cells, t->capcells, t->ncells + 1);
   t->cells[t->ncells++] = xstrdup(s);
}

static void cell_free(Table *t, char *s)
{
   GROW(t->cells, t->capcells, t->ncells + 1);
   t->cells[t->ncells++] = s;
}

static void print_row(const Table *t, const char *const *row, const size_t *w)
{
   Buf line = { 0 };
   buf_adds(&line, "  ");
   for (size_t c = 0; c < t->ncols; c++) {
      size_t dw = display_width(row[c]);
      size_t fill = dw < w[c] ? w[c] - dw : 0;
      if (c > 0)
         buf_adds(&line, "  ");
      if (t->right[c])
         for (size_t i = 0; i < fill; i++)
            buf_adds(&line, " ");
      buf_adds(&line, row[c]);
      if (!t->right[c])
         for (size_t i = 0; i < fill; i++)
            buf_adds(&line, " ");
   }
   while (line.len > 0 && line.s[line.len - 1] == ' ')
      line.s[--line.len] = '\0';
   puts(line.s);
   free(line.s);
}

static void table_print(Table *t)
{
   size_t *w = xrealloc(NULL, t->ncols * sizeof *w);
   for (size_t c = 0; c < t->ncols; c++) {
      w[c] = display_width(t->head[c]);
      if (t->head0 && display_width(t->head0[c]) > w[c])
         w[c] = display_width(t->head0[c]);
   }
   for (size_t i = 0; i < t->ncells; i++) {
      size_t c = i % t->ncols, dw = display_width(t->cells[i]);
      if (t->cap[c] && dw > t->cap[c])
         dw = t->cap[c];
      if (dw > w[c])
         w[c] = dw;
   }
   if (t->head0)
      print_row(t, t->head0, w);
   print_row(t, t->head, w);
   for (size_t i = 0; i + t->ncols <= t->ncells; i += t->ncols)
      print_row(t, (const char *const *)&t->cells[i], w);
   for (size_t i = 0; i < t->ncells; i++)
      free(t->cells[i]);
   free(t->cells);
   free(w);
}

/* "tokio-worker (runtime 1, #0)", "rayon-worker (pool 2)", "main": a
   role with its Tokio runtime or other pool and, with_index, the
   thread's place in it.  Newly allocated. */
static char *role_label(const Role *r, bool with_index)
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

/* Quotes a command-line word for a POSIX shell if it needs it. */
static void add_word(Buf *b, const char *w)
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

static void print_run(const Report *r)
{
   Buf cmd = { 0 };
   add_word(&cmd, r->exe);
   for (size_t i = 0; i < r->nargs; i++) {
      buf_adds(&cmd, " ");
      add_word(&cmd, r->args[i]);
   }
   printf("Command:  %s\n", cmd.s);
   free(cmd.s);
   printf("Process:  pid %" PRIu64 ", parent pid %" PRIu64 "\n", r->pid, r->ppid);
   printf("Tool:     asynctrace %s, Valgrind %s\n", r->tool_version, r->vg_version);
   printf("Started:  %s\n", r->start_time);
   printf("Duration: %s ms\n", num(r->duration_ms));
   if (r->end_how == END_EXIT)
      printf("Ended:    exited with status %ld\n", r->status);
   else if (r->end_how == END_SIGNAL && (r->signo == 0 || strcmp(r->signal, "unknown") == 0))
      printf("Ended:    killed by a signal the tool could not name\n");
   else if (r->end_how == END_SIGNAL)
      printf("Ended:    killed by %s (signal %" PRIu64 ")\n", r->signal, r->signo);
   else if (strcmp(r->signal, "exec") == 0)
      printf("Ended:    called execve (the report describes the program "
             "before it)\n");
   else if (strcmp(r->signal, "thread-limit") == 0)
      printf("Ended:    not yet: the report so far, written when the program "
             "took the last of Valgrind's thread slots (rerun with a larger "
             "--max-threads)\n");
   else
      printf("Ended:    %s\n", r->signal);
}

/* Heaviest first: most instructions, then most live bytes, most
   allocations, most time blocked; then in creation order. */
static int cmp_thread_weight(const void *a, const void *b)
{
   const Thread *x = *(const Thread *const *)a, *y = *(const Thread *const *)b;
   if (x->insns != y->insns)
      return x->insns > y->insns ? -1 : 1;
   if (x->live_bytes != y->live_bytes)
      return x->live_bytes > y->live_bytes ? -1 : 1;
   if (x->allocs != y->allocs)
      return x->allocs > y->allocs ? -1 : 1;
   if (x->fx.blocked_us != y->fx.blocked_us)
      return x->fx.blocked_us > y->fx.blocked_us ? -1 : 1;
   return (x->seq > y->seq) - (x->seq < y->seq);
}

/* One row per thread of list. */
static void print_thread_rows(const Thread *const *list, size_t n,
                              bool insns, bool futex)
{
   /* Columns for counters that older reports lack only if there are
      some. */
   const char *head[10];
   bool right[10];
   size_t cap[10], nc = 0;
#define COL(h, r, c) (head[nc] = (h), right[nc] = (r), cap[nc] = (c), nc++)
   COL("seq", true, 0);
   COL("name", false, NAME_COL_MAX);
   COL("role", false, ROLE_COL_MAX);
   COL("creator", true, 0);
   COL("lifetime (ms)", false, 0);
   if (insns)
      COL("instructions", true, 0);
   if (futex) {
      COL("futex waits", true, 0);
      COL("blocked", true, 0);
   }
   COL("allocs", true, 0);
   COL("live bytes", true, 0);
#undef COL
   Table t = { .ncols = nc, .head = head, .right = right, .cap = cap };
   char b[96];

   for (size_t i = 0; i < n; i++) {
      const Thread *th = list[i];
      snprintf(b, sizeof b, "%" PRIu64, th->seq);
      cell(&t, b);
      cell(&t, th->name ? th->name : "-");
      cell_free(&t, role_label(&th->role, true));
      if (th->creator == 0)
         snprintf(b, sizeof b, "-");
      else
         snprintf(b, sizeof b, "%" PRIu64, th->creator);
      cell(&t, b);
      if (th->alive)
         snprintf(b, sizeof b, "%s..exit (alive)", num(th->start_ms));
      else if (th->has_end)
         snprintf(b, sizeof b, "%s..%s%s", num(th->start_ms), num(th->end_ms),
                  th->forked ? " (fork)" : "");
      else
         snprintf(b, sizeof b, "%s..?", num(th->start_ms));
      cell(&t, b);
      if (insns)
         cell(&t, th->has_insns ? num(th->insns) : "-");
      if (futex) {
         cell(&t, th->has_futex ? num(th->fx.waits) : "-");
         cell(&t, th->has_futex ? ms1(th->fx.blocked_us) : "-");
      }
      cell(&t, num(th->allocs));
      cell(&t, num(th->live_bytes));
   }
   table_print(&t);
}

/* The threads of one role and pool, summed. */
typedef struct {
   const Role *role;
   uint64_t threads, alive, insns, waits, blocked_us, allocs, live_bytes;
   uint64_t start_ms, end_ms;    /* the first start, the last end */
   bool to_exit, unknown_end;    /* one alive at exit; one without end */
   uint64_t creator;             /* the creator, if creators == 1 */
   uint64_t creators;            /* how many threads created them */
} TGroup;

/* By role and pool, then by creator, for counting creators. */
static int cmp_thread_group(const void *a, const void *b)
{
   const Thread *x = *(const Thread *const *)a, *y = *(const Thread *const *)b;
   int c = cmp_role(&x->role, &y->role);
   if (c != 0)
      return c;
   if (x->creator != y->creator)
      return x->creator > y->creator ? 1 : -1;
   return (x->seq > y->seq) - (x->seq < y->seq);
}

/* Most threads first, then most instructions, then by role. */
static int cmp_tgroup(const void *a, const void *b)
{
   const TGroup *x = a, *y = b;
   if (x->threads != y->threads)
      return x->threads > y->threads ? -1 : 1;
   if (x->insns != y->insns)
      return x->insns > y->insns ? -1 : 1;
   return cmp_role(x->role, y->role);
}

/* One row per role and pool (the thread's primary role, as the report
   gives it): what a run of many short-lived threads comes down to. */
static void print_thread_groups(const Report *r, bool insns, bool futex)
{
   const Thread **by = xrealloc(NULL, r->nthreads * sizeof *by);
   TGroup *g = xrealloc(NULL, r->nthreads * sizeof *g);
   size_t ng = 0;
   for (size_t i = 0; i < r->nthreads; i++)
      by[i] = &r->threads[i];
   qsort(by, r->nthreads, sizeof *by, cmp_thread_group);
   for (size_t i = 0; i < r->nthreads; i++) {
      const Thread *th = by[i];
      TGroup *cur = ng > 0 ? &g[ng - 1] : NULL;
      if (cur == NULL || !same_role(cur->role, &th->role)) {
         cur = &g[ng++];
         *cur = (TGroup){ .role = &th->role, .start_ms = th->start_ms };
      }
      if (cur->threads == 0 || by[i - 1]->creator != th->creator) {
         cur->creators++;
         cur->creator = th->creator;
      }
      cur->threads++;
      cur->alive += th->alive;
      cur->insns = add_sat(cur->insns, th->insns);
      cur->waits = add_sat(cur->waits, th->fx.waits);
      cur->blocked_us = add_sat(cur->blocked_us, th->fx.blocked_us);
      cur->allocs = add_sat(cur->allocs, th->allocs);
      cur->live_bytes = add_sat(cur->live_bytes, th->live_bytes);
      if (th->start_ms < cur->start_ms)
         cur->start_ms = th->start_ms;
      if (th->alive)
         cur->to_exit = true;
      else if (!th->has_end)
         cur->unknown_end = true;
      else if (th->end_ms > cur->end_ms)
         cur->end_ms = th->end_ms;
   }
   qsort(g, ng, sizeof *g, cmp_tgroup);

   const char *head0[10], *head[10];
   bool right[10];
   size_t cap[10], nc = 0;
#define COL(h0, h, r, c) \
   (head0[nc] = (h0), head[nc] = (h), right[nc] = (r), cap[nc] = (c), nc++)
   COL("", "role", false, ROLE_COL_MAX);
   COL("", "threads", true, 0);
   COL("alive", "at exit", true, 0);
   COL("", "created by", true, 0);
   COL("", "lifetime (ms)", false, 0);
   if (insns)
      COL("", "instructions", true, 0);
   if (futex) {
      COL("futex", "waits", true, 0);
      COL("", "blocked", true, 0);
   }
   COL("", "allocs", true, 0);
   COL("live", "bytes", true, 0);
#undef COL
   Table t = { .ncols = nc, .head0 = head0, .head = head, .right = right,
               .cap = cap };
   char b[96];
   for (size_t i = 0; i < ng; i++) {
      const TGroup *x = &g[i];
      cell_free(&t, role_label(x->role, false));
      cell(&t, num(x->threads));
      cell(&t, num(x->alive));
      if (x->creators > 1)
         snprintf(b, sizeof b, "%s threads", num(x->creators));
      else if (x->creator == 0)
         snprintf(b, sizeof b, "-");
      else
         snprintf(b, sizeof b, "%" PRIu64, x->creator);
      cell(&t, b);
      snprintf(b, sizeof b, "%s..%s", num(x->start_ms),
               x->to_exit ? "exit" : x->unknown_end ? "?" : num(x->end_ms));
      cell(&t, b);
      if (insns)
         cell(&t, num(x->insns));
      if (futex) {
         cell(&t, num(x->waits));
         cell(&t, ms1(x->blocked_us));
      }
      cell(&t, num(x->allocs));
      cell(&t, num(x->live_bytes));
   }
   table_print(&t);
   free(g);
   free(by);
}

/* Every thread, one row each; or, with more than top of them, the
   threads by role and pool and the top heaviest. */
static void print_threads(const Report *r, size_t top)
{
   bool insns = false, futex = false;
   for (size_t i = 0; i < r->nthreads; i++) {
      insns |= r->threads[i].has_insns;
      futex |= r->threads[i].has_futex;
   }
   const Thread **list = xrealloc(NULL, (r->nthreads ? r->nthreads : 1) *
                                  sizeof *list);
   for (size_t i = 0; i < r->nthreads; i++)
      list[i] = &r->threads[i];

   if (r->nthreads <= top) {
      printf("\nThreads: %s\n", num(r->nthreads));
      if (r->nthreads > 0)
         print_thread_rows(list, r->nthreads, insns, futex);
   } else {
      printf("\nThreads: %s, by role and pool:\n", num(r->nthreads));
      print_thread_groups(r, insns, futex);
      if (top > 0) {
         qsort(list, r->nthreads, sizeof *list, cmp_thread_weight);
         printf("\n  The %s %s:\n", num(top),
                insns ? "that executed the most instructions"
                      : "with the most live bytes");
         print_thread_rows(list, top, insns, futex);
         printf("  ... and %s more (--threads=all lists them all)\n",
                num(r->nthreads - top));
      }
   }
   free(list);
}

/* One row per <role-summary>; nothing for a report without <roles>. */
static void print_roles(Report *r)
{
   static const char *const head0[] = {
      "", "", "peak", "", "alive", "", "idle", "idle", "contention",
      "contention", "bytes", "live",
   };
   static const char *const head[] = {
      "role", "threads", "alive", "churn", "at exit", "instructions",
      "waits", "blocked", "waits", "blocked", "allocated", "bytes",
   };
   static const bool right[] = {
      false, true, true, true, true, true, true, true, true, true, true, true,
   };
   static const size_t cap[] = { ROLE_COL_MAX, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0 };
   Table t = { .ncols = 12, .head0 = head0, .head = head, .right = right,
               .cap = cap };

   if (!r->has_roles)
      return;
   if (r->nroles == 0) {
      printf("\nBy role: none.\n");
      return;
   }
   qsort(r->roles, r->nroles, sizeof *r->roles, cmp_rolesum);
   printf("\nBy role:\n");
   for (size_t i = 0; i < r->nroles; i++) {
      const RoleSum *s = &r->roles[i];
      cell_free(&t, role_label(&s->role, false));
      cell(&t, num(s->threads));
      cell(&t, num(s->peak_alive));
      cell(&t, num(s->churn));
      cell(&t, num(s->alive));
      cell(&t, num(s->insns));
      cell(&t, num(s->fx.idle_waits));
      cell(&t, ms1(s->fx.idle_us));
      cell(&t, num(sub_sat(s->fx.waits, s->fx.idle_waits)));
      cell(&t, ms1(sub_sat(s->fx.blocked_us, s->fx.idle_us)));
      cell(&t, num(s->bytes_allocated));
      cell(&t, num(s->live_bytes));
   }
   table_print(&t);
}

/* "4,096 bytes", "1 byte". */
static const char *bytes_str(uint64_t n)
{
   static char ring[8][48];
   static unsigned next;
   char *out = ring[next++ % 8];
   snprintf(out, sizeof ring[0], "%s %s", num(n), plural(n, "byte", "bytes"));
   return out;
}

/* "4,096 bytes in 2 blocks". */
static const char *bytes_blocks(uint64_t bytes, uint64_t blocks)
{
   static char ring[8][96];
   static unsigned next;
   char *out = ring[next++ % 8];
   snprintf(out, sizeof ring[0], "%s in %s %s", bytes_str(bytes), num(blocks),
            plural(blocks, "block", "blocks"));
   return out;
}

/* The time unit of the timeline and the peak: the tool's --time-unit. */
static const char *unit_name(const char *unit)
{
   if (unit == NULL)
      return "?";
   if (strcmp(unit, "i") == 0)
      return "instructions";
   if (strcmp(unit, "B") == 0)
      return "bytes allocated and freed";
   return unit;                  /* "ms", or one added later */
}

static int cmp_thread_seq(const void *a, const void *b)
{
   const Thread *x = *(const Thread *const *)a, *y = *(const Thread *const *)b;
   return (x->seq > y->seq) - (x->seq < y->seq);
}

/* The threads by seq, to name the threads that sites and wakes refer
   to. */
typedef struct {
   const Thread **by_seq;
   size_t n;
} ThreadIndex;

static ThreadIndex thread_index(const Report *r)
{
   ThreadIndex ix = { xrealloc(NULL, (r->nthreads ? r->nthreads : 1) *
                               sizeof *ix.by_seq), r->nthreads };
   for (size_t i = 0; i < r->nthreads; i++)
      ix.by_seq[i] = &r->threads[i];
   qsort(ix.by_seq, ix.n, sizeof *ix.by_seq, cmp_thread_seq);
   return ix;
}

/* "thread 3 (name)", "thread 3" if it has no name, or "thread 9 (not
   in the thread list)"; without the word "thread" if !word.  Newly
   allocated. */
static char *thread_label(const ThreadIndex *ix, uint64_t seq, bool word)
{
   Thread key = { .seq = seq };
   const Thread *kp = &key;
   const Thread **hit = ix->n
      ? bsearch(&kp, ix->by_seq, ix->n, sizeof *ix->by_seq, cmp_thread_seq) : NULL;
   Buf b = { 0 };
   char n[48];
   snprintf(n, sizeof n, "%s%" PRIu64, word ? "thread " : "", seq);
   buf_adds(&b, n);
   if (hit && (*hit)->name) {
      buf_adds(&b, " (");
      buf_adds(&b, (*hit)->name);
      buf_adds(&b, ")");
   } else if (!hit) {
      buf_adds(&b, " (not in the thread list)");
   }
   return b.s;
}

static char *thread_ref(const ThreadIndex *ix, uint64_t seq)
{
   return thread_label(ix, seq, true);
}

/* Prints text as a paragraph, its lines at most width columns unless
   a single word is longer. */
static void print_wrapped(const char *text, size_t width)
{
   Buf line = { 0 }, word = { 0 };
   size_t col = 0;
   const char *p = text;
   while (*p) {
      while (*p == ' ')
         p++;
      if (*p == '\0')
         break;
      const char *w = p;
      while (*p && *p != ' ')
         p++;
      buf_clear(&word);
      buf_add(&word, w, (size_t)(p - w));
      size_t ww = display_width(word.s);
      if (col > 0 && col + 1 + ww > width) {
         puts(line.s);
         buf_clear(&line);
         col = 0;
      }
      if (col > 0) {
         buf_adds(&line, " ");
         col++;
      }
      buf_adds(&line, word.s);
      col += ww;
   }
   if (col > 0)
      puts(line.s);
   free(line.s);
   free(word.s);
}

/* ---- Amounts by role ---- */

typedef struct {
   const Role *role;
   uint64_t v[LK_N];             /* bytes, by leak kind or in v[0] */
} RoleAmt;

static int cmp_amt_role(const void *a, const void *b)
{
   return cmp_role(((const RoleAmt *)a)->role, ((const RoleAmt *)b)->role);
}

/* Sums the rows of a that have the same role; returns how many are
   left, sorted by role. */
static size_t merge_amts(RoleAmt *a, size_t n)
{
   size_t m = 0;
   if (n == 0)
      return 0;
   qsort(a, n, sizeof *a, cmp_amt_role);
   for (size_t i = 0; i < n; i++) {
      if (m > 0 && same_role(a[m - 1].role, a[i].role)) {
         for (int k = 0; k < LK_N; k++)
            a[m - 1].v[k] = add_sat(a[m - 1].v[k], a[i].v[k]);
      } else {
         a[m++] = a[i];
      }
   }
   return m;
}

/* The most in v[0] first (then v[1], ...), then by role. */
static int cmp_amt_desc(const void *a, const void *b)
{
   const RoleAmt *x = a, *y = b;
   for (int k = 0; k < LK_N; k++)
      if (x->v[k] != y->v[k])
         return x->v[k] > y->v[k] ? -1 : 1;
   return cmp_role(x->role, y->role);
}

/* The roles of <leaks>' <by-role>s whose kind is in mask (a bit per
   kind), each with the sum of their bytes in v[0], most first, those
   with none left out.  *n gets their number; free the result. */
static RoleAmt *leak_roles(const Report *r, unsigned mask, size_t *n)
{
   RoleAmt *a = xrealloc(NULL, (r->nlroles ? r->nlroles : 1) * sizeof *a);
   size_t m = 0;
   for (size_t i = 0; i < r->nlroles; i++) {
      const LeakRole *lr = &r->lroles[i];
      if (!(mask & (1u << lr->kind)) || lr->bytes == 0)
         continue;
      a[m] = (RoleAmt){ .role = &lr->role };
      a[m++].v[0] = lr->bytes;
   }
   m = merge_amts(a, m);
   qsort(a, m, sizeof *a, cmp_amt_desc);
   *n = m;
   return a;
}

/* At most this many roles are named in the verdict; the rest are
   summed. */
#define VERDICT_ROLES 4

/* "tokio-worker (runtime 1) 8,000; main 1,234; 2 other roles 56":
   a has n roles, most first. */
static void add_role_list(Buf *b, const RoleAmt *a, size_t n)
{
   size_t shown = n <= VERDICT_ROLES ? n : VERDICT_ROLES - 1;
   uint64_t rest = 0;
   for (size_t i = 0; i < n; i++) {
      if (i >= shown) {
         rest = add_sat(rest, a[i].v[0]);
         continue;
      }
      char *label = role_label(a[i].role, false);
      if (i > 0)
         buf_adds(b, "; ");
      buf_adds(b, label);
      buf_adds(b, " ");
      buf_adds(b, num(a[i].v[0]));
      free(label);
   }
   if (shown < n) {
      buf_adds(b, "; ");
      buf_adds(b, num(n - shown));
      buf_adds(b, " other roles ");
      buf_adds(b, num(rest));
   }
}

/* ---- The verdict ---- */

static bool is_crash_signal(const char *sig)
{
   static const char *const crash[] = {
      "SIGSEGV", "SIGBUS", "SIGILL", "SIGFPE", "SIGABRT", "SIGTRAP", "SIGSYS",
   };
   for (size_t i = 0; i < sizeof crash / sizeof crash[0]; i++)
      if (strcmp(sig, crash[i]) == 0)
         return true;
   return false;
}

/* Who holds the still reachable bytes, in a few groups. */
enum { HG_GLOBALS, HG_LIVE, HG_ENDED, HG_NONE, HG_OTHER, HG_N };

/* ", held by globals", ", 9,876 of them held by the stacks and TLS of
   live threads (tokio-worker (runtime 1) 9,000; main 876) and 1,234
   by globals": what <held-by> says about the still reachable bytes. */
static void add_holders(Buf *b, const Report *r)
{
   uint64_t sum[HG_N] = { 0 };
   unsigned kinds[HG_N] = { 0 };         /* bit 0 stack, 1 registers, 2 TLS */
   RoleAmt *roles[HG_N] = { NULL };
   size_t nroles[HG_N] = { 0 };
   static const char *const kind_word[] = { "stacks", "registers", "TLS" };

   for (int g = 0; g < HG_N; g++)
      roles[g] = xrealloc(NULL, (r->nheld ? r->nheld : 1) * sizeof *roles[g]);
   for (size_t i = 0; i < r->nheld; i++) {
      const Held *h = &r->held[i];
      int g = HG_OTHER, kind = -1;
      if (strcmp(h->holder, "globals") == 0)
         g = HG_GLOBALS;
      else if (strcmp(h->holder, "none") == 0)
         g = HG_NONE;
      else if (strcmp(h->holder, "stack") == 0)
         kind = 0;
      else if (strcmp(h->holder, "registers") == 0)
         kind = 1;
      else if (strcmp(h->holder, "tls") == 0)
         kind = 2;
      if (kind >= 0) {
         g = h->alive_known && !h->alive ? HG_ENDED : HG_LIVE;
         kinds[g] |= 1u << kind;
         if (h->has_thread && h->bytes > 0) {
            roles[g][nroles[g]] = (RoleAmt){ .role = &h->role };
            roles[g][nroles[g]++].v[0] = h->bytes;
         }
      }
      sum[g] = add_sat(sum[g], h->bytes);
   }

   /* The groups, most bytes first. */
   int order[HG_N], m = 0;
   for (int g = 0; g < HG_N; g++)
      if (sum[g] > 0)
         order[m++] = g;
   for (int i = 1; i < m; i++)
      for (int j = i; j > 0 && sum[order[j]] > sum[order[j - 1]]; j--) {
         int t = order[j];
         order[j] = order[j - 1];
         order[j - 1] = t;
      }

   for (int i = 0; i < m; i++) {
      int g = order[i];
      if (i == 0 && m == 1 && sum[g] == r->leak_bytes[LK_REACH]) {
         buf_adds(b, ", held by ");
      } else {
         buf_adds(b, i == 0 ? ", " : i == m - 1 ? " and " : ", ");
         buf_adds(b, num(sum[g]));
         buf_adds(b, i == 0 ? " of them held by " : " by ");
      }
      if (g == HG_GLOBALS) {
         buf_adds(b, "globals");
      } else if (g == HG_NONE) {
         buf_adds(b, "no known holder");
      } else if (g == HG_OTHER) {
         buf_adds(b, "other holders");
      } else {
         int nk = 0, seen = 0;
         for (int k = 0; k < 3; k++)
            nk += (kinds[g] >> k) & 1;
         buf_adds(b, "the ");
         for (int k = 0; k < 3; k++) {
            if (!((kinds[g] >> k) & 1))
               continue;
            if (seen > 0)
               buf_adds(b, seen == nk - 1 ? " and " : ", ");
            buf_adds(b, kind_word[k]);
            seen++;
         }
         buf_adds(b, g == HG_LIVE ? " of live threads" : " of ended threads");
         size_t n = merge_amts(roles[g], nroles[g]);
         qsort(roles[g], n, sizeof *roles[g], cmp_amt_desc);
         if (n > 0) {
            buf_adds(b, " (");
            add_role_list(b, roles[g], n);
            buf_adds(b, ")");
         }
      }
   }
   for (int g = 0; g < HG_N; g++)
      free(roles[g]);
}

/* Appends "; " before every clause but the first. */
static void clause(Buf *b, bool *first)
{
   if (!*first)
      buf_adds(b, "; ");
   *first = false;
}

/* "159 bytes definitely lost and 192 indirectly lost (allocated on
   main 351)", or nothing if none. */
static void add_lost(Buf *b, const Report *r, bool *first)
{
   uint64_t d = r->leak_bytes[LK_DEF], in = r->leak_bytes[LK_IND],
            pos = r->leak_bytes[LK_POS];
   size_t n;
   RoleAmt *a;
   if (d > 0 || in > 0) {
      clause(b, first);
      if (d > 0) {
         buf_adds(b, bytes_str(d));
         buf_adds(b, " definitely lost");
         if (in > 0) {
            buf_adds(b, " and ");
            buf_adds(b, num(in));
            buf_adds(b, " indirectly lost");
         }
      } else {
         buf_adds(b, bytes_str(in));
         buf_adds(b, " indirectly lost");
      }
      a = leak_roles(r, 1u << LK_DEF | 1u << LK_IND, &n);
      if (n > 0) {
         buf_adds(b, " (allocated on ");
         add_role_list(b, a, n);
         buf_adds(b, ")");
      }
      free(a);
   }
   if (pos > 0) {
      clause(b, first);
      buf_adds(b, bytes_str(pos));
      buf_adds(b, " possibly lost");
      a = leak_roles(r, 1u << LK_POS, &n);
      if (n > 0) {
         buf_adds(b, " (allocated on ");
         add_role_list(b, a, n);
         buf_adds(b, ")");
      }
      free(a);
   }
}

static void add_reachable(Buf *b, const Report *r, bool *first)
{
   if (r->leak_bytes[LK_REACH] == 0)
      return;
   clause(b, first);
   buf_adds(b, bytes_str(r->leak_bytes[LK_REACH]));
   buf_adds(b, " still reachable");
   add_holders(b, r);
}

static int cmp_bad(const void *a, const void *b);

/* "3 bad calls (2 double-free, 1 invalid-free)". */
static void add_bad(Buf *b, Report *r, bool *first)
{
   if (r->bad_total == 0)
      return;
   clause(b, first);
   buf_adds(b, num(r->bad_total));
   buf_adds(b, plural(r->bad_total, " bad call (", " bad calls ("));
   /* Sum by kind, most first, in order of first sight. */
   qsort(r->bad, r->nbad, sizeof *r->bad, cmp_bad);
   size_t nk = 0;
   const char **kinds = xrealloc(NULL, r->nbad * sizeof *kinds);
   uint64_t *counts = xrealloc(NULL, r->nbad * sizeof *counts);
   for (size_t i = 0; i < r->nbad; i++) {
      size_t k = 0;
      while (k < nk && strcmp(kinds[k], r->bad[i].kind) != 0)
         k++;
      if (k == nk) {
         kinds[nk] = r->bad[i].kind;
         counts[nk++] = 0;
      }
      counts[k] = add_sat(counts[k], r->bad[i].count);
   }
   for (size_t i = 1; i < nk; i++)
      for (size_t j = i; j > 0 && counts[j] > counts[j - 1]; j--) {
         const char *tk = kinds[j];
         uint64_t tc = counts[j];
         kinds[j] = kinds[j - 1];
         counts[j] = counts[j - 1];
         kinds[j - 1] = tk;
         counts[j - 1] = tc;
      }
   for (size_t k = 0; k < nk; k++) {
      if (k > 0)
         buf_adds(b, ", ");
      buf_adds(b, num(counts[k]));
      buf_adds(b, " ");
      buf_adds(b, kinds[k]);
   }
   buf_adds(b, ")");
   free(kinds);
   free(counts);
}

/* The paragraph under the run header: how the program ended and what
   it left on the heap. */
static void print_verdict(Report *r)
{
   Buf b = { 0 };
   char n[96];
   bool signalled = false, first = true;

   switch (r->end_how) {
   case END_EXIT:
      snprintf(n, sizeof n, "Exited with status %ld", r->status);
      buf_adds(&b, n);
      break;
   case END_SIGNAL:
      signalled = true;
      if (r->signo == 0 || strcmp(r->signal, "unknown") == 0) {
         buf_adds(&b, "Killed by a signal the tool could not name");
      } else {
         buf_adds(&b, is_crash_signal(r->signal) ? "Crashed with " : "Stopped by ");
         buf_adds(&b, r->signal);
      }
      break;
   default:
      if (strcmp(r->signal, "exec") == 0) {
         buf_adds(&b, "Called execve");
      } else if (strcmp(r->signal, "thread-limit") == 0) {
         buf_adds(&b, "Still running when all of Valgrind's thread slots "
                      "were taken (the report so far)");
      } else {
         buf_adds(&b, "Ended (");
         buf_adds(&b, r->signal);
         buf_adds(&b, ")");
      }
      break;
   }
   buf_adds(&b, ": ");

   uint64_t lost = add_sat(add_sat(r->leak_bytes[LK_DEF], r->leak_bytes[LK_IND]),
                           r->leak_bytes[LK_POS]);
   if (!r->has_leaks) {
      if (r->exit_blocks == 0 && r->exit_bytes == 0) {
         buf_adds(&b, "nothing left on the heap");
      } else {
         buf_adds(&b, bytes_blocks(r->exit_bytes, r->exit_blocks));
         buf_adds(&b, " still live (the report has no leak scan)");
      }
      first = false;
   } else if (lost == 0 && r->leak_blocks[LK_DEF] == 0 &&
              r->leak_blocks[LK_IND] == 0 && r->leak_blocks[LK_POS] == 0) {
      Buf reach = { 0 };
      bool rfirst = true;
      add_reachable(&reach, r, &rfirst);
      if (reach.s == NULL) {
         buf_adds(&b, "no leaks, and nothing left on the heap");
      } else if (strchr(reach.s, '(') == NULL) {
         /* "no leaks (1,234 bytes still reachable, held by globals)" */
         buf_adds(&b, "no leaks (");
         buf_adds(&b, reach.s);
         buf_adds(&b, ")");
      } else {
         buf_adds(&b, "no leaks; ");
         buf_adds(&b, reach.s);
      }
      free(reach.s);
      first = false;
   } else if (signalled) {
      /* Stopped from outside: what it still held comes first. */
      add_reachable(&b, r, &first);
      add_lost(&b, r, &first);
   } else {
      add_lost(&b, r, &first);
      add_reachable(&b, r, &first);
   }
   if (first) {                  /* lost blocks of 0 bytes only */
      buf_adds(&b, "no bytes lost");
      first = false;
   }
   add_bad(&b, r, &first);
   buf_adds(&b, ".");
   putchar('\n');
   print_wrapped(b.s, 78);
   free(b.s);
}

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

static void print_heap(const Report *r)
{
   printf("\nHeap:\n");
   printf("      in use at exit: %s\n", bytes_blocks(r->live_bytes, r->live_blocks));
   printf("    total heap usage: %s %s, %s %s, %s allocated, %s freed\n",
          num(r->allocs), plural(r->allocs, "alloc", "allocs"),
          num(r->frees), plural(r->frees, "free", "frees"),
          bytes_str(r->bytes_allocated), bytes_str(r->bytes_freed));
   printf("                peak: %s, at ", bytes_blocks(r->peak_bytes, r->peak_blocks));
   if (!r->has_peak_time)
      printf("%s ms\n", num(r->peak_ms));
   else if (r->time_unit && strcmp(r->time_unit, "ms") == 0 && r->peak_time == r->peak_ms)
      printf("%s ms\n", num(r->peak_time));
   else
      printf("%s %s (%s ms)\n", num(r->peak_time), unit_name(r->time_unit),
             num(r->peak_ms));

   /* Each role's share of the peak and its own highest. */
   const RoleSum **rs = xrealloc(NULL, (r->nroles ? r->nroles : 1) * sizeof *rs);
   size_t n = 0;
   bool own = false;
   for (size_t i = 0; i < r->nroles; i++) {
      const RoleSum *s = &r->roles[i];
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
         cell_free(&t, role_label(&rs[i]->role, false));
         cell(&t, num(rs[i]->live_at_peak));
         if (own)
            cell(&t, rs[i]->has_peak_live ? num(rs[i]->peak_live) : "-");
      }
      table_print(&t);
   }
   free(rs);
}

/* ---- Timeline ---- */

/* Role columns in the timeline; more roles are summed in one. */
#define TL_ROLE_COLS 4
#define TL_BAR 20

static void print_timeline(Report *r, size_t rows)
{
   if (rows == 0 || !r->has_timeline)
      return;
   /* The last sample, if it was not kept with the others. */
   if (r->tl_have_last) {
      GROW(r->samples, r->capsamples, r->nsamples + 1);
      r->samples[r->nsamples++] = r->tl_last;
      memset(&r->tl_last, 0, sizeof r->tl_last);
      r->tl_have_last = false;
   }
   /* The tool writes the peak as a sample of its own, which may repeat
      the one before: keep one. */
   size_t n = 0;
   for (size_t i = 0; i < r->nsamples; i++) {
      Sample *s = &r->samples[i];
      if (n > 0 && s->peak != r->samples[n - 1].peak &&
          s->time == r->samples[n - 1].time && s->live == r->samples[n - 1].live) {
         r->samples[n - 1].peak = true;
         sample_free(s);
         continue;
      }
      r->samples[n++] = *s;
   }
   r->nsamples = n;
   const Sample *sm = r->samples;
   if (n == 0) {
      printf("\nHeap over time: no samples.\n");
      return;
   }

   /* Which samples: evenly spaced, with the peak and the last. */
   size_t peak = n, *pick = xrealloc(NULL, (rows < n ? rows : n) * sizeof *pick);
   size_t np = 0;
   for (size_t i = 0; i < n && peak == n; i++)
      if (sm[i].peak)
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
   size_t nc = r->ntl_cols;
   RoleAmt *cols = xrealloc(NULL, (nc ? nc : 1) * sizeof *cols);
   for (size_t c = 0; c < nc; c++)
      cols[c] = (RoleAmt){ .role = &r->tl_cols[c] };
   for (size_t i = 0; i < n; i++)
      for (size_t j = 0; j < sm[i].nroles; j++) {
         RoleAmt *a = &cols[sm[i].roles[j].col];
         if (sm[i].roles[j].bytes > a->v[0])
            a->v[0] = sm[i].roles[j].bytes;
      }
   for (size_t c = 0; c < nc; c++)
      cols[c].v[1] = c;
   /* Largest first, then by role; v[1] remembers the column. */
   for (size_t i = 1; i < nc; i++)
      for (size_t j = i; j > 0; j--) {
         const RoleAmt *x = &cols[j], *y = &cols[j - 1];
         if (x->v[0] < y->v[0] || (x->v[0] == y->v[0] && cmp_role(x->role, y->role) >= 0))
            break;
         RoleAmt t = cols[j];
         cols[j] = cols[j - 1];
         cols[j - 1] = t;
      }
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
      if (sm[pick[k]].live > top)
         top = sm[pick[k]].live;
   uint64_t *by = xrealloc(NULL, (shown_cols + 1) * sizeof *by);
   for (size_t k = 0; k < np; k++) {
      const Sample *s = &sm[pick[k]];
      memset(by, 0, (shown_cols + 1) * sizeof *by);
      for (size_t j = 0; j < s->nroles; j++) {
         size_t c = place[s->roles[j].col];
         by[c] = add_sat(by[c], s->roles[j].bytes);
      }
      cell(&t, num(s->time));
      cell(&t, num(s->live));
      for (size_t c = 0; c < shown_cols + (others ? 1 : 0); c++)
         cell(&t, num(by[c]));
      char bar[TL_BAR + 16];
      size_t len = top ? (size_t)((long double)s->live * TL_BAR / (long double)top + 0.5L) : 0;
      if (len == 0 && s->live > 0)
         len = 1;
      memset(bar, '#', len);
      bar[len] = '\0';
      if (s->peak)
         strcat(bar, " peak");
      cell(&t, bar);
   }
   uint64_t total = sub_sat(r->tl_seen, r->tl_repeats);
   printf("\nHeap over time, in %s: %s of %s %s%s:\n", unit_name(r->tl_unit),
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
}

/* ---- Stacks ---- */

/* --full-names: print generic arguments whole. */
static bool full_names;

/* Generic argument lists longer than this are printed as <…>. */
#define GENERIC_SHOWN 20

/* Prints fn with each long generic argument list (a '<' right after a
   name: Vec<u8>, RawVec<T,A>::allocate_in) cut to "<…>": Rust and C++
   names carry lists of hundreds of characters.  A qualified path
   (<T as Trait>::f) keeps its brackets, its inner lists are cut.  A
   name whose brackets do not pair (C++'s operator<) is printed whole. */
static void print_fn_name(const char *fn)
{
   int depth = 0;
   for (const char *c = fn; *c; c++) {
      if (*c == '<') depth++;
      else if (*c == '>' && --depth < 0) break;
   }
   if (full_names || depth != 0) {
      fputs(fn, stdout);
      return;
   }
   for (const char *c = fn; *c; c++) {
      char b = c > fn ? c[-1] : ' ';
      if (*c == '<' && ((b >= 'a' && b <= 'z') || (b >= 'A' && b <= 'Z')
                        || (b >= '0' && b <= '9') || b == '_')) {
         const char *e = c + 1;
         int d = 1;
         for (; *e && d > 0; e++)
            d += *e == '<' ? 1 : *e == '>' ? -1 : 0;
         /* e is past the matching '>' */
         if (e - c - 2 > GENERIC_SHOWN) {
            fputs("<\xe2\x80\xa6>", stdout);   /* <…> */
            c = e - 1;
            continue;
         }
      }
      putchar(*c);
   }
}

static void print_frame(const Frame *f, bool first)
{
   printf("   %s %s: ", first ? "at" : "by", f->ip);
   print_fn_name(f->fn ? f->fn : "???");
   if (f->file && f->has_line)
      printf(" (%s:%" PRIu64 ")", f->file, f->line);
   else if (f->file)
      printf(" (%s)", f->file);
   else if (f->obj)
      printf(" (in %s)", f->obj);
   putchar('\n');
}

/* --frames=N: Rust stacks run to hundreds of inlined frames. */
static size_t max_frames = 16;

static void print_stack(const Stack *s)
{
   size_t depth = stack_depth(s), n = depth;
   if (n == 0)
      printf("   (no stack)\n");
   if (max_frames != 0 && n > max_frames)
      n = max_frames;
   for (size_t f = 0; f < n; f++)
      print_frame(stack_frame(s, f), f == 0);
   if (n < depth)
      printf("   ... %zu more %s (--frames=0 shows all)\n", depth - n,
             depth - n == 1 ? "frame" : "frames");
}

/* ---- Allocation sites ---- */

static void print_asites(Report *r, size_t top)
{
   if (top == 0 || !r->has_asites)
      return;
   uint64_t sites = add_sat(r->asites_total, sub_sat(r->as_count, r->as_shown));
   if (r->asites_total == 0) {
      printf("\nAllocation sites: none.\n");
      return;
   }
   qsort(r->asites, r->nasites, sizeof *r->asites, cmp_asite);
   size_t shown = r->nasites < top ? r->nasites : top;
   printf("\nAllocation sites: %s %s of %s at %s %s; the largest %s:\n",
          num(add_sat(r->as_allocs, r->as_rest_allocs)),
          plural(add_sat(r->as_allocs, r->as_rest_allocs), "allocation", "allocations"),
          bytes_str(add_sat(r->as_bytes, r->as_rest_bytes)),
          num(sites), plural(sites, "site", "sites"), num(shown));
   if (r->as_count > r->as_shown)
      printf("(the report lists %s of them; the other %s allocated %s in %s %s, "
             "%s live at exit, %s at the peak)\n",
             num(r->as_shown), num(r->as_count - r->as_shown),
             bytes_str(r->as_rest_bytes), num(r->as_rest_allocs),
             plural(r->as_rest_allocs, "allocation", "allocations"),
             num(r->as_rest_live), num(r->as_rest_at_peak));
   for (size_t i = 0; i < shown; i++) {
      const ASite *a = &r->asites[i];
      char *role = role_label(&a->role, false);
      printf("\n#%zu: %s in %s %s, role %s; live at exit: %s; at the peak: %s\n",
             i + 1, bytes_str(a->bytes), num(a->allocs),
             plural(a->allocs, "allocation", "allocations"), role,
             bytes_blocks(a->live_bytes, a->live_blocks), bytes_str(a->at_peak));
      free(role);
      print_stack(&a->stack);
   }
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

static void print_xfrees(Report *r)
{
   if (!r->has_xfrees)
      return;
   if (r->nxfrees == 0) {
      printf("\nFrees across roles: none.\n");
      return;
   }
   qsort(r->xfrees, r->nxfrees, sizeof *r->xfrees, cmp_xfree);
   printf("\nFrees across roles: %s %s of %s allocated in one role and freed in "
          "another:\n", num(r->xfree_frees), plural(r->xfree_frees, "free", "frees"),
          bytes_str(r->xfree_bytes));
   for (size_t i = 0; i < r->nxfrees; i++) {
      const XFree *x = &r->xfrees[i];
      char *a = role_label(&x->alloc, false), *f = role_label(&x->freed, false);
      printf("  allocated in %s, freed in %s: %s %s, %s\n", a, f, num(x->frees),
             plural(x->frees, "free", "frees"), bytes_str(x->bytes));
      free(a);
      free(f);
   }
}

/* ---- Bad calls ---- */

/* Most calls first, then in file order. */
static int cmp_bad(const void *a, const void *b)
{
   const BadCall *x = a, *y = b;
   if (x->count != y->count)
      return x->count > y->count ? -1 : 1;
   return cmp_order(x->order, y->order);
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

static void print_bad(Report *r)
{
   if (!r->has_bad)
      return;
   if (r->nbad == 0) {
      printf("\nBad calls: none.\n");
      return;
   }
   qsort(r->bad, r->nbad, sizeof *r->bad, cmp_bad);
   printf("\nBad calls: %s %s the program got wrong, at %s %s (it went on "
          "after each):\n", num(r->bad_total),
          plural(r->bad_total, "call", "calls"), num(r->nbad),
          plural(r->nbad, "place", "places"));
   for (size_t i = 0; i < r->nbad; i++) {
      const BadCall *b = &r->bad[i];
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
      print_stack(&b->stack);
   }
}

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

static void print_leaks(Report *r, const ThreadIndex *ix)
{
   if (!r->has_leaks)
      return;
   printf("\nLeaks (leak check: %s):\n", r->leak_check ? r->leak_check : "?");
   for (int k = 0; k < LK_N; k++)
      printf("%20s: %s\n", lk_text[k], bytes_blocks(r->leak_bytes[k], r->leak_blocks[k]));

   /* By role and kind. */
   if (r->nlroles > 0) {
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
      RoleAmt *a = xrealloc(NULL, r->nlroles * sizeof *a);
      for (size_t i = 0; i < r->nlroles; i++) {
         a[i] = (RoleAmt){ .role = &r->lroles[i].role };
         a[i].v[r->lroles[i].kind] = r->lroles[i].bytes;
      }
      size_t n = merge_amts(a, r->nlroles);
      qsort(a, n, sizeof *a, cmp_amt_desc);
      for (size_t i = 0; i < n; i++) {
         cell_free(&t, role_label(a[i].role, false));
         for (int k = 0; k < LK_N; k++)
            cell(&t, num(a[i].v[k]));
      }
      printf("\n  By the role in force when they were allocated, in bytes:\n");
      table_print(&t);
      free(a);
   }

   /* What holds the still reachable bytes. */
   if (r->nheld > 0) {
      static const char *const head[] = { "holder", "thread", "role", "bytes", "blocks" };
      static const bool right[] = { false, false, false, true, true };
      static const size_t cap[] = { 0, NAME_COL_MAX + 16, ROLE_COL_MAX, 0, 0 };
      Table t = { .ncols = 5, .head = head, .right = right, .cap = cap };
      qsort(r->held, r->nheld, sizeof *r->held, cmp_held);
      size_t shown = r->nheld < HOLDERS_SHOWN ? r->nheld : HOLDERS_SHOWN;
      uint64_t rest_bytes = 0, rest_blocks = 0;
      for (size_t i = 0; i < r->nheld; i++) {
         const Held *h = &r->held[i];
         if (i >= shown) {
            rest_bytes = add_sat(rest_bytes, h->bytes);
            rest_blocks = add_sat(rest_blocks, h->blocks);
            continue;
         }
         cell(&t, strcmp(h->holder, "tls") == 0 ? "TLS"
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
            cell_free(&t, who);
            cell_free(&t, role_label(&h->role, false));
         } else {
            cell(&t, "-");
            cell(&t, "-");
         }
         cell(&t, num(h->bytes));
         cell(&t, num(h->blocks));
      }
      printf("\n  Still reachable memory, by what first reached it:\n");
      table_print(&t);
      if (shown < r->nheld)
         printf("  ... and %s more: %s\n", num(r->nheld - shown),
                bytes_blocks(rest_bytes, rest_blocks));
   }
}

static void print_lrecs(Report *r, size_t top, const ThreadIndex *ix)
{
   if (top == 0 || !r->has_leaks)
      return;
   if (r->lrecs_total == 0) {
      if (r->leak_check && strcmp(r->leak_check, "summary") == 0)
         printf("\nLoss records: none in the report (the leak check was a summary).\n");
      else
         printf("\nLoss records: none.\n");
      return;
   }
   qsort(r->lrecs, r->nlrecs, sizeof *r->lrecs, cmp_lrec);
   size_t shown = r->nlrecs < top ? r->nlrecs : top;
   printf("\nLoss records: the largest %s of %s:\n", num(shown), num(r->lrecs_total));
   for (size_t i = 0; i < shown; i++) {
      const Site *s = &r->lrecs[i];
      int k = leak_kind(s->kind);
      char *who = thread_ref(ix, s->thread), *role = role_label(&s->role, false);
      printf("\n#%zu: ", i + 1);
      if (s->has_ind && s->ind_bytes > 0)
         printf("%s (%s direct, %s indirect) bytes", num(lrec_total(s)),
                num(s->bytes), num(s->ind_bytes));
      else
         printf("%s", bytes_str(s->bytes));
      printf(" in %s %s %s %s, %s, role %s\n", num(s->blocks),
             plural(s->blocks, "block", "blocks"),
             s->bytes == 1 && !(s->has_ind && s->ind_bytes > 0) ? "is" : "are",
             k >= 0 ? lk_text[k] : s->kind, who, role);
      free(who);
      free(role);
      print_stack(&s->stack);
   }
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

static void print_orphans(Report *r)
{
   if (!r->has_orphan_info)
      return;
   if (r->norphans == 0) {
      printf("\nOrphans: none (no memory live at exit belongs to a thread that "
             "had ended).\n");
      return;
   }
   qsort(r->orphans, r->norphans, sizeof *r->orphans, cmp_orphans);
   printf("\nOrphans: memory live at exit whose owning thread had ended, by "
          "role:\n");
   for (size_t i = 0; i < r->norphans; i++) {
      char *role = role_label(&r->orphans[i].role, false);
      printf("  %s: %s\n", role,
             bytes_blocks(r->orphans[i].bytes, r->orphans[i].blocks));
      free(role);
   }
}

/* ---- Memory live at exit ---- */

static void print_sites(Report *r, size_t top, const ThreadIndex *ix)
{
   if (top == 0)
      return;
   if (r->sites_total == 0) {
      printf("\nMemory live at exit: none.\n");
      return;
   }
   qsort(r->sites, r->nsites, sizeof *r->sites, cmp_site);
   size_t shown = r->nsites < top ? r->nsites : top;
   printf("\nMemory live at exit: %s; the largest %s of %s %s:\n",
          bytes_blocks(r->exit_bytes, r->exit_blocks),
          num(shown), num(r->sites_total),
          plural(r->sites_total, "site", "sites"));

   for (size_t i = 0; i < shown; i++) {
      const Site *s = &r->sites[i];
      char *who = thread_ref(ix, s->thread), *role = role_label(&s->role, false);
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
      putchar('\n');
      print_stack(&s->stack);
   }
}

/* The futex sites with waits or wakes, most blocked first: a table,
   then the stack of each. */
static void print_futex_sites(Report *r, size_t top)
{
   static const char *const head[] = {
      "#", "class", "role", "waits", "woken", "eagain", "timeouts",
      "pending", "blocked", "max blocked", "wakes", "woke", "ops",
   };
   static const bool right[] = {
      true, false, false, true, true, true, true, true, true, true, true,
      true, false,
   };
   static const size_t cap[] = { 0, 0, ROLE_COL_MAX, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0 };
   Table t = { .ncols = 13, .head = head, .right = right, .cap = cap };

   if (top == 0 || !r->has_fsites)
      return;
   if (r->fsites_active == 0) {
      printf("\nFutex sites: none with waits or wakes.\n");
      return;
   }
   qsort(r->fsites, r->nfsites, sizeof *r->fsites, cmp_fsite);
   size_t shown = r->nfsites < top ? r->nfsites : top;
   printf("\nFutex sites: %s %s blocked for %s, %s %s; the most blocked %s "
          "of %s %s with waits or wakes:\n",
          num(r->fx_waits), plural(r->fx_waits, "wait", "waits"),
          ms1(r->fx_blocked_us),
          num(r->fx_wakes), plural(r->fx_wakes, "wake", "wakes"),
          num(shown), num(r->fsites_active),
          plural(r->fsites_active, "site", "sites"));
   for (size_t i = 0; i < shown; i++) {
      const FSite *s = &r->fsites[i];
      cell(&t, num(i + 1));
      cell(&t, s->class);
      cell_free(&t, role_label(&s->role, false));
      cell(&t, num(s->fx.waits));
      cell(&t, num(s->fx.woken));
      cell(&t, num(s->fx.eagain));
      cell(&t, num(s->fx.timeouts));
      cell(&t, num(s->fx.pending));
      cell(&t, ms1(s->fx.blocked_us));
      cell(&t, ms1(s->fx.max_us));
      cell(&t, num(s->fx.wakes));
      cell(&t, num(s->fx.woke));
      cell(&t, s->ops);
   }
   table_print(&t);

   for (size_t i = 0; i < shown; i++) {
      const FSite *s = &r->fsites[i];
      char *role = role_label(&s->role, false);
      printf("\n#%zu: %s, role %s:", i + 1, s->class, role);
      free(role);
      if (s->fx.waits > 0)
         printf(" %s blocked in %s %s%s", ms1(s->fx.blocked_us),
                num(s->fx.waits), plural(s->fx.waits, "wait", "waits"),
                s->fx.wakes > 0 ? "," : "");
      if (s->fx.wakes > 0)
         printf(" %s %s", num(s->fx.wakes), plural(s->fx.wakes, "wake", "wakes"));
      putchar('\n');
      print_stack(&s->stack);
   }
}

static void print_wakes(Report *r, const ThreadIndex *ix)
{
   if (!r->has_wakes)
      return;
   if (r->wakes_total == 0) {
      printf("\nWake pairs: none.\n");
      return;
   }
   qsort(r->wakes, r->nwakes, sizeof *r->wakes, cmp_wake);
   size_t shown = r->nwakes < WAKE_PAIRS_SHOWN ? r->nwakes : WAKE_PAIRS_SHOWN;
   printf("\nWake pairs: %s woken %s; the most frequent %s of %s %s:\n",
          num(r->woken_total), plural(r->woken_total, "wait", "waits"),
          num(shown), num(r->wakes_total),
          plural(r->wakes_total, "pair", "pairs"));
   for (size_t i = 0; i < shown; i++) {
      const Wake *w = &r->wakes[i];
      char *waker = thread_ref(ix, w->waker), *waiter = thread_ref(ix, w->waiter);
      printf("  %s woke %s %s %s\n", waker, waiter, num(w->count),
             plural(w->count, "time", "times"));
      free(waker);
      free(waiter);
   }
}

/* ------------------------------------------------------------------ */
/* Checking the report                                                 */
/* ------------------------------------------------------------------ */

/* The report gives the memory live at exit several times over: by leak
   kind, by thread, by role, as the timeline's last sample.  Those
   figures must add up exactly (docs/report-format.md, "Invariants").
   When they do not, the report or the tool that wrote it is wrong, and
   the tables printed from it disagree: each broken invariant is said
   once on standard error, and the report is printed as it is. */

/* "4,096 bytes in 2 blocks", or "more than ..." for a sum that
   overflowed; without blocks when has_blocks is false. */
static const char *sum_text(const Sum *bytes, const Sum *blocks,
                            bool has_blocks)
{
   static char ring[4][128];
   static unsigned next;
   char *out = ring[next++ % 4];
   if (bytes->over)
      snprintf(out, sizeof ring[0], "more than %s bytes", num(UINT64_MAX));
   else if (!has_blocks)
      snprintf(out, sizeof ring[0], "%s", bytes_str(bytes->v));
   else if (blocks->over)
      snprintf(out, sizeof ring[0], "%s in more than %s blocks",
               bytes_str(bytes->v), num(UINT64_MAX));
   else
      snprintf(out, sizeof ring[0], "%s", bytes_blocks(bytes->v, blocks->v));
   return out;
}

static const char *fig_text(uint64_t bytes, uint64_t blocks, bool has_blocks)
{
   Sum b = { bytes, false }, k = { blocks, false };
   return sum_text(&b, &k, has_blocks);
}

/* "at_print: FILE: warning: ...", on one line; counts it in *n. */
static void warn(size_t *n, const char *file, const char *fmt, ...)
{
   va_list ap;
   fprintf(stderr, "at_print: %s: warning: ", file);
   va_start(ap, fmt);
   vfprintf(stderr, fmt, ap);
   va_end(ap);
   fputc('\n', stderr);
   (*n)++;
}

/* One role's figure from one part of the report, for the per-role
   checks: roles are matched by sorting, as a hand-made file may name
   many. */
enum { RF_LEAK, RF_SUMMARY, RF_SAMPLE };

typedef struct {
   const Role *role;
   int from;                     /* RF_* */
   uint64_t bytes, blocks;
   bool has_blocks;
   size_t order;
} RoleFig;

static int cmp_rolefig(const void *a, const void *b)
{
   const RoleFig *x = a, *y = b;
   int c = cmp_role(x->role, y->role);
   return c ? c : cmp_order(x->order, y->order);
}

/* The last sample of the timeline, or NULL. */
static const Sample *last_sample(const Report *r)
{
   if (!r->has_timeline || r->tl_seen == 0)
      return NULL;
   if (r->tl_have_last)
      return &r->tl_last;
   return r->nsamples > 0 ? &r->samples[r->nsamples - 1] : NULL;
}

/* Checks what the report holds (sections it lacks are not checked);
   warns on standard error about each broken invariant.  Returns the
   number of warnings. */
static size_t check_report(const Report *r, const char *file)
{
   const Sample *last = last_sample(r);
   size_t warnings = 0;

   /* 1. The leak kinds sum to what is live at exit. */
   if (r->has_leaks &&
       (!sum_is(&r->lk_bytes, r->exit_bytes) ||
        !sum_is(&r->lk_blocks, r->exit_blocks)))
      warn(&warnings, file,
           "the leak kinds sum to %s, not the %s live at exit",
           sum_text(&r->lk_bytes, &r->lk_blocks, true),
           fig_text(r->exit_bytes, r->exit_blocks, true));

   /* 2. The threads' live memory is the process's, in <heap> and in
      <live-at-exit>: one warning names all three. */
   Sum tb = { 0 }, tk = { 0 };
   for (size_t i = 0; i < r->nthreads; i++) {
      sum_add(&tb, r->threads[i].live_bytes);
      sum_add(&tk, r->threads[i].live_blocks);
   }
   if (!sum_is(&tb, r->live_bytes) || !sum_is(&tk, r->live_blocks) ||
       r->live_bytes != r->exit_bytes || r->live_blocks != r->exit_blocks)
      warn(&warnings, file, "the threads' live memory sums to %s, but "
           "<heap> has %s live and <live-at-exit> %s",
           sum_text(&tb, &tk, true),
           fig_text(r->live_bytes, r->live_blocks, true),
           fig_text(r->exit_bytes, r->exit_blocks, true));

   /* 3. The timeline's last sample is the end. */
   if (last != NULL && last->live != r->exit_bytes)
      warn(&warnings, file, "the timeline's last sample has %s live, not "
           "the %s live at exit", bytes_str(last->live),
           bytes_str(r->exit_bytes));

   /* Per role.  A role's memory live at exit is its <role-summary>'s
      <heap> live-bytes and live-blocks: the blocks allocated in that
      role still live, as <by-role> and the timeline count them (the
      role in force at allocation).  A role with no <role-summary> has
      none. */
   if (!r->has_roles)
      return warnings;
   bool leaks = r->has_leaks, tl = last != NULL;
   size_t n = r->nroles + (leaks ? r->nlroles + r->nlk_other : 0) +
              (tl ? last->nroles : 0), m = 0;
   RoleFig *f = xrealloc(NULL, (n ? n : 1) * sizeof *f);
   for (size_t i = 0; i < r->nroles; i++, m++)
      f[m] = (RoleFig){ &r->roles[i].role, RF_SUMMARY, r->roles[i].live_bytes,
                        r->roles[i].live_blocks, r->roles[i].has_live_blocks,
                        m };
   for (size_t i = 0; leaks && i < r->nlroles + r->nlk_other; i++, m++) {
      const LeakRole *lr = i < r->nlroles ? &r->lroles[i]
                                          : &r->lk_other[i - r->nlroles];
      f[m] = (RoleFig){ &lr->role, RF_LEAK, lr->bytes, lr->blocks, true, m };
   }
   for (size_t i = 0; tl && i < last->nroles; i++, m++)
      f[m] = (RoleFig){ &r->tl_cols[last->roles[i].col], RF_SAMPLE,
                        last->roles[i].bytes, 0, false, m };
   qsort(f, n, sizeof *f, cmp_rolefig);

   for (size_t i = 0, j; i < n; i = j) {
      Sum lb = { 0 }, lk = { 0 }, sb = { 0 }, sk = { 0 }, tlb = { 0 };
      bool summary = false, blocks = true;
      for (j = i; j < n && same_role(f[j].role, f[i].role); j++) {
         switch (f[j].from) {
         case RF_SUMMARY:
            summary = true;
            blocks &= f[j].has_blocks;
            sum_add(&sb, f[j].bytes);
            sum_add(&sk, f[j].blocks);
            break;
         case RF_LEAK:
            sum_add(&lb, f[j].bytes);
            sum_add(&lk, f[j].blocks);
            break;
         default:
            sum_add(&tlb, f[j].bytes);
            break;
         }
      }
      char *label = role_label(f[i].role, false);
      const char *none = summary ? "" : " (it has no <role-summary>)";
      bool blocks_off = blocks && (sk.over || !sum_is(&lk, sk.v));
      if (leaks && (sb.over || !sum_is(&lb, sb.v) || blocks_off))
         warn(&warnings, file, "the leak kinds of role %s sum to %s, not "
              "its %s live at exit%s", label, sum_text(&lb, &lk, blocks),
              sum_text(&sb, &sk, blocks), none);
      if (tl && (sb.over || !sum_is(&tlb, sb.v)))
         warn(&warnings, file, "the timeline's last sample has %s live for "
              "role %s, not its %s live at exit%s",
              sum_text(&tlb, NULL, false), label,
              sum_text(&sb, NULL, false), none);
      free(label);
   }
   free(f);
   return warnings;
}

/* Under the verdict, so that whoever reads the summary sees it. */
static void print_check(size_t nwarn)
{
   if (nwarn == 0)
      return;
   char msg[256];
   snprintf(msg, sizeof msg, "Warning: this report's figures do not add "
            "up (%s broken %s, see the %s on standard error); its tables "
            "disagree with one another.", num(nwarn),
            plural(nwarn, "invariant", "invariants"),
            plural(nwarn, "warning", "warnings"));
   putchar('\n');
   print_wrapped(msg, 78);
}

/* ------------------------------------------------------------------ */
/* Main                                                                */
/* ------------------------------------------------------------------ */

static void usage(FILE *out)
{
   fputs("usage: at_print [options] FILE\n"
         "\n"
         "Prints a summary of FILE, a report written by Valgrind's asynctrace\n"
         "tool (valgrind --tool=asynctrace; asynctrace.out.<pid> by default):\n"
         "the run and a verdict on how it ended and what it leaked, the\n"
         "threads, totals per role and pool, the heap and its peak, the heap\n"
         "over time, the largest allocation sites, frees across roles, bad\n"
         "calls, the leaks and their loss records, the memory still live at\n"
         "exit, the futex sites where threads blocked or woke others, and who\n"
         "woke whom.\n"
         "\n"
         "options:\n"
         "  --threads=N     list every thread if there are at most N [20];\n"
         "                  with more, sum them by role and pool and list\n"
         "                  the N that executed the most instructions;\n"
         "                  all lists every thread\n"
         "  --top=N         show the N sites with the most memory live at\n"
         "                  exit [10]; 0 shows none\n"
         "  --leaks-top=N   show the N largest loss records [10]; 0 shows\n"
         "                  none\n"
         "  --alloc-top=N   show the N sites that allocated the most bytes\n"
         "                  [5]; 0 shows none\n"
         "  --timeline=N    show the heap over time in N rows [12]; 0 shows\n"
         "                  none\n"
         "  --futex-top=N   show the N futex sites with the most blocked\n"
         "                  time [10]; 0 shows none\n"
         "  --frames=N      show at most N frames of each stack [16];\n"
         "                  0 shows them all\n"
         "  --full-names    print functions' generic arguments whole (by\n"
         "                  default a list longer than 20 characters is\n"
         "                  shown as <\xe2\x80\xa6>)\n"
         "  --help          show this message and exit\n"
         "  --version       show the version and exit\n"
         "\n"
         "Exit status: 0 if the report was printed, 1 if FILE could not be\n"
         "read or is not a complete asynctrace report, 2 for a usage error,\n"
         "3 if the report was printed but its figures do not add up (each\n"
         "broken invariant is a warning on standard error).\n",
         out);
}

/* Writes "at_print: WHAT 'ARG'" on one line, ARG cleaned; returns the
   exit status of a usage error. */
static int usage_error(const char *what, const char *arg)
{
   fprintf(stderr, "at_print: %s", what);
   if (arg != NULL) {
      char *c = clip(arg, 60);
      fprintf(stderr, " '%s'", c);
      free(c);
   }
   fputs(" (try 'at_print --help')\n", stderr);
   return 2;
}

/* --NAME=N (or, if all_ok, --NAME=all, as UINT64_MAX): 0 if a is not
   that option, 1 if it is and *out is set, else the exit status of a
   usage error (already reported). */
static int count_option(const char *a, const char *name, bool all_ok,
                        uint64_t *out)
{
   size_t n = strlen(name);
   char msg[80];
   if (strncmp(a, name, n) != 0)
      return 0;
   if (a[n] == '\0') {
      snprintf(msg, sizeof msg, "%s needs a value: %s=N%s", name, name,
               all_ok ? " or all" : "");
      return usage_error(msg, NULL);
   }
   if (a[n] != '=')
      return 0;
   const char *v = a + n + 1;
   if (all_ok && strcmp(v, "all") == 0) {
      *out = UINT64_MAX;
      return 1;
   }
   /* Digits only: parse_u64 would also take '+' and spaces. */
   if (*v == '\0' || v[strspn(v, "0123456789")] != '\0') {
      snprintf(msg, sizeof msg, "%s needs a non-negative integer%s, not",
               name, all_ok ? " or all" : "");
      return usage_error(msg, v);
   }
   if (!parse_u64(v, out))
      *out = UINT64_MAX;   /* more than any file holds: show all */
   return 1;
}

static size_t to_size(uint64_t v)
{
   return v > SIZE_MAX ? SIZE_MAX : (size_t)v;
}

int main(int argc, char **argv)
{
   const char *path = NULL;
   uint64_t top = DEFAULT_TOP, futex_top = DEFAULT_FUTEX_TOP;
   uint64_t leaks_top = DEFAULT_LEAKS_TOP, alloc_top = DEFAULT_ALLOC_TOP;
   uint64_t timeline = DEFAULT_TIMELINE, threads = DEFAULT_THREADS;
   uint64_t frames = max_frames;
   bool only_files = false;

   for (int i = 1; i < argc; i++) {
      const char *a = argv[i];
      if (!only_files && a[0] == '-' && a[1] != '\0') {
         int st;
         if (strcmp(a, "--") == 0) {
            only_files = true;
         } else if (strcmp(a, "--help") == 0) {
            usage(stdout);
            return fflush(stdout) == 0 ? 0 : 1;
         } else if (strcmp(a, "--version") == 0) {
            puts("at_print (asynctrace) " AT_PRINT_VERSION);
            return fflush(stdout) == 0 ? 0 : 1;
         } else if (strcmp(a, "--full-names") == 0) {
            full_names = true;
         } else if ((st = count_option(a, "--top", false, &top)) != 0 ||
                    (st = count_option(a, "--futex-top", false,
                                       &futex_top)) != 0 ||
                    (st = count_option(a, "--leaks-top", false,
                                       &leaks_top)) != 0 ||
                    (st = count_option(a, "--alloc-top", false,
                                       &alloc_top)) != 0 ||
                    (st = count_option(a, "--timeline", false,
                                       &timeline)) != 0 ||
                    (st = count_option(a, "--threads", true, &threads)) != 0 ||
                    (st = count_option(a, "--frames", false, &frames)) != 0) {
            if (st != 1)
               return st;
         } else {
            return usage_error("unknown option", a);
         }
         continue;
      }
      if (path != NULL)
         return usage_error("only one FILE can be given; a second one is", a);
      path = a;
   }
   if (path == NULL)
      return usage_error("no FILE given; usage: at_print [options] FILE",
                         NULL);

   max_frames = to_size(frames);
   char *shown = clean_dup(path);
   const char *why = NULL;
   Report rep = { 0 };
   Input in = { .fd = -1, .first = -1, .line = 1, .tail.ctl = -1 };
   struct stat st;

   in.fd = open(path, O_RDONLY | O_CLOEXEC);
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
      Limits lim = { to_size(top), to_size(futex_top), to_size(leaks_top),
                     to_size(alloc_top) };
      why = read_report(path, &in, &lim, &rep);
   }
   if (in.fd >= 0)
      close(in.fd);

   int status = 0;
   if (why != NULL) {
      fprintf(stderr, "at_print: %s: %s\n", shown, why);
      status = 1;
   } else {
      /* Warnings first: on a terminal they come before the summary. */
      size_t nwarn = check_report(&rep, shown);
      ThreadIndex ix = thread_index(&rep);
      if (nwarn > 0)
         status = 3;
      print_run(&rep);
      print_verdict(&rep);
      print_check(nwarn);
      print_threads(&rep, to_size(threads));
      print_roles(&rep);
      print_heap(&rep);
      print_timeline(&rep, to_size(timeline));
      print_asites(&rep, to_size(alloc_top));
      print_xfrees(&rep);
      print_bad(&rep);
      print_leaks(&rep, &ix);
      print_lrecs(&rep, to_size(leaks_top), &ix);
      print_orphans(&rep);
      print_sites(&rep, to_size(top), &ix);
      print_futex_sites(&rep, to_size(futex_top));
      print_wakes(&rep, &ix);
      free(ix.by_seq);
      if (fflush(stdout) != 0 || ferror(stdout)) {
         fprintf(stderr, "at_print: write error: %s\n", strerror(errno));
         status = 1;
      }
   }
   report_free(&rep);
   free(shown);
   xmlCleanupParser();
   return status;
}
