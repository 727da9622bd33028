/* names.c: function names as a Rust user knows them.
 *
 * Valgrind names a frame by its symbol when it is the outermost at its
 * code address (a full path, in Rust's legacy style: demo::main::{{closure}})
 * and by the DWARF name of the inlined subroutine otherwise: the last
 * segment alone, in rustc's v0 style ({async_block#0}, {closure#0}<T>,
 * new), or UnknownInlinedFun when that name lives in another compile
 * unit.  So one stack mixes two closure styles, and the frame that
 * spawned a task can read "{async_block#0}" or "new".  Here:
 *
 *  - every closure-like segment (closure, async block, async fn, their
 *    _env types, coroutines) is written {{closure}}, the style of Rust's
 *    own backtraces; the conversion is exact (the v0 index is dropped,
 *    file:line beside the frame says which closure it is);
 *  - a short closure-like name is qualified from the generic arguments
 *    of its callers at the same address, which name its type
 *    ({closure#0}<demo::main::{async_block_env#0}> polls
 *    demo::main::{async_block#0});
 *  - another short name is qualified from the report: the one full path
 *    with that last segment and the same source file (names_index);
 *  - UnknownInlinedFun takes the one name the report gives the same
 *    file and line elsewhere, or reads "inlined in CALLER", CALLER the
 *    next frame at its address with a name.
 *
 * The report-wide tables are built once per report (names_index, from
 * version 2's frame table, or a version 1 report's kept stacks): sorted
 * arrays of key and value, a key with two different values kept as
 * ambiguous (never guessed).  They also give a block_on site its future:
 * the one async type the report names under the calling function.
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

static const char UNKNOWN_INLINED[] = "UnknownInlinedFun";

/* ---- Rust paths ---- */

static bool path_char(char c)
{
   return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
          (c >= '0' && c <= '9') || c == '_' || c == ':' || c == '{' ||
          c == '}' || c == '#' || c == '$' || c == '.';
}

/* A closure-like segment "{word#N}" at s: its length, or 0.  *env says
   if it is a type (word ends in _env); the word is in kind (its size
   ksize), without _env. */
static size_t closure_seg(const char *s, bool *env, char *kind, size_t ksize)
{
   if (s[0] != '{')
      return 0;
   if (strncmp(s, "{{closure}}", 11) == 0) {
      if (kind)
         snprintf(kind, ksize, "closure");
      if (env)
         *env = false;
      return 11;
   }
   const char *h = s + 1;
   while ((*h >= 'a' && *h <= 'z') || *h == '_')
      h++;
   if (*h != '#' || h[1] < '0' || h[1] > '9')
      return 0;
   size_t wl = (size_t)(h - s - 1);
   const char *e = h + 1;
   while (*e >= '0' && *e <= '9')
      e++;
   if (*e != '}')
      return 0;
   char w[40];
   if (wl == 0 || wl >= sizeof w)
      return 0;
   memcpy(w, s + 1, wl);
   w[wl] = '\0';
   bool is_env = wl > 4 && strcmp(w + wl - 4, "_env") == 0;
   if (is_env)
      w[wl - 4] = '\0';
   /* {impl#4}, {constant#0}, {shim:...} are not closures. */
   if (!strstr(w, "closure") && !strstr(w, "async") &&
       !strstr(w, "coroutine") && !strstr(w, "generator"))
      return 0;
   if (env)
      *env = is_env;
   if (kind)
      snprintf(kind, ksize, "%s", w);
   return (size_t)(e + 1 - s);
}

void add_closure_style(Buf *b, const char *fn)
{
   for (const char *c = fn; *c;) {
      size_t n = closure_seg(c, NULL, NULL, 0);
      if (n > 0) {
         buf_adds(b, "{{closure}}");
         c += n;
      } else {
         buf_add(b, c, 1);
         c++;
      }
   }
}

/* Whether fn has a "::" outside angle brackets: a path, not a segment. */
static bool qualified(const char *fn)
{
   int d = 0;
   for (const char *c = fn; *c; c++) {
      if (*c == '<') d++;
      else if (*c == '>') d--;
      else if (d == 0 && c[0] == ':' && c[1] == ':') return true;
   }
   return false;
}

/* fn without its generic argument lists (those after a name or '}'),
   into b. */
static void add_bare(Buf *b, const char *fn)
{
   int d = 0;
   for (const char *c = fn; *c; c++) {
      char p = c > fn ? c[-1] : ' ';
      if (d == 0 && *c == '<' && p != ' ' && p != '(' && c != fn &&
          p != '<' && p != ',') {
         d = 1;
         continue;
      }
      if (d > 0) {
         d += *c == '<' ? 1 : *c == '>' ? -1 : 0;
         continue;
      }
      buf_add(b, c, 1);
   }
}

/* Where fn's generic arguments start (after its bare name), or its end. */
static const char *generics_of(const char *fn)
{
   for (const char *c = fn; *c; c++)
      if (*c == '<' && c != fn)
         return c;
   return fn + strlen(fn);
}

/* The last segment of a bare path. */
static const char *last_seg(const char *bare)
{
   const char *l = bare;
   int d = 0;
   for (const char *c = bare; *c; c++) {
      if (*c == '<') d++;
      else if (*c == '>') d--;
      else if (d == 0 && c[0] == ':' && c[1] == ':') l = c + 2;
   }
   return l;
}

/* ---- The report's names ---- */

enum { K_LOC, K_SHORT, K_ASYNC, K_PARENT, K_CRATE };

typedef struct {
   int kind;
   char *key, *val;              /* val NULL: ambiguous */
} Entry;

static struct {
   Entry *v;
   size_t n, cap;
   const Report *of;
} ix;

static int cmp_entry(const void *a, const void *b)
{
   const Entry *x = a, *y = b;
   if (x->kind != y->kind)
      return x->kind - y->kind;
   return strcmp(x->key, y->key);
}

static void put(int kind, const char *key, const char *val)
{
   ix.v = grow_array(ix.v, &ix.cap, ix.n + 1, sizeof *ix.v);
   ix.v[ix.n++] = (Entry){ kind, xstrdup(key), xstrdup(val) };
}

static const char *get(int kind, const char *key)
{
   Entry k = { kind, (char *)key, NULL };
   const Entry *e = ix.n ? bsearch(&k, ix.v, ix.n, sizeof *ix.v, cmp_entry)
                         : NULL;
   return e ? e->val : NULL;
}

static void loc_key(Buf *k, const Frame *f)
{
   char t[32];
   buf_clear(k);
   if (f->dir) {
      buf_adds(k, f->dir);
      buf_adds(k, "/");
   }
   buf_adds(k, f->file);
   snprintf(t, sizeof t, ":%" PRIu64, f->line);
   buf_adds(k, t);
}

/* The functions that closure types in s are defined in, each path a
   prefix of "PATH::{closure_env#N}" ending in a plain segment, noted
   under that segment: an inlined frame named "crunch" may be
   demo::crunch, if nothing else in the report is a "crunch". */
static void note_parents(const char *s)
{
   Buf key = { 0 }, val = { 0 };
   for (const char *c = s; (c = strstr(c, "_env#")) != NULL; c++) {
      const char *st = c;
      while (st > s && path_char(st[-1]))
         st--;
      /* st .. c: "a::b::c::{closure"; each plain segment after the
         first ends a prefix. */
      const char *seg = st;
      for (const char *e = st; e < c; e++) {
         if (!(e[0] == ':' && e[1] == ':'))
            continue;
         if (seg != st && *seg != '{' && *seg != '<') {
            buf_clear(&key);
            buf_clear(&val);
            buf_add(&key, seg, (size_t)(e - seg));
            buf_add(&val, st, (size_t)(e - st));
            put(K_PARENT, key.s, val.s);
         }
         seg = e + 2;
         e++;
      }
   }
   free(key.s);
   free(val.s);
}

/* The async types named in s (a function name or a future): each
   "PATH::{async_block_env#N}" or "::{async_fn_env#N}" noted under PATH,
   the function whose body holds it. */
static void note_async_types(const char *s)
{
   Buf key = { 0 }, val = { 0 };
   for (const char *c = s; (c = strstr(c, "::{async")) != NULL; c++) {
      bool env;
      char kind[40];
      size_t n = closure_seg(c + 2, &env, kind, sizeof kind);
      if (n == 0 || !env)
         continue;
      const char *st = c;
      while (st > s && path_char(st[-1]))
         st--;
      buf_clear(&key);
      buf_clear(&val);
      buf_add(&key, st, (size_t)(c - st));
      buf_add(&val, st, (size_t)(c + 2 + n - st));
      if (key.len > 0)
         put(K_ASYNC, key.s, val.s);
   }
   note_parents(s);
   free(key.s);
   free(val.s);
}

static void note_frame(const Frame *f, Buf *k, Buf *v)
{
   if (f->fn == NULL)
      return;
   note_async_types(f->fn);
   if (strcmp(f->fn, UNKNOWN_INLINED) == 0 || f->file == NULL)
      return;
   if (f->has_line) {
      loc_key(k, f);
      buf_clear(v);
      add_bare(v, f->fn);
      put(K_LOC, k->s, v->s);
   }
   if (qualified(f->fn)) {
      buf_clear(v);
      add_bare(v, f->fn);
      buf_clear(k);
      buf_adds(k, last_seg(v->s));
      buf_adds(k, "\t");
      buf_adds(k, f->file);
      put(K_SHORT, k->s, v->s);
      const char *e = strstr(v->s, "::");
      if (v->s[0] != '<' && e) {
         v->len = (size_t)(e - v->s);
         v->s[v->len] = '\0';
         put(K_CRATE, f->file, v->s);
      }
   }
}

static void note_stack(const Stack *s, Buf *k, Buf *v)
{
   if (s->in_table)
      return;                    /* its frames are the table's */
   for (size_t i = 0; i < stack_depth(s); i++)
      note_frame(stack_frame(s, i), k, v);
}

void names_free(void)
{
   for (size_t i = 0; i < ix.n; i++) {
      free(ix.v[i].key);
      free(ix.v[i].val);
   }
   free(ix.v);
   ix.v = NULL;
   ix.n = ix.cap = 0;
   ix.of = NULL;
}

void names_index(const Report *r)
{
   if (ix.of == r)
      return;
   names_free();
   ix.of = r;
   Buf k = { 0 }, v = { 0 };
   for (size_t i = 0; i < r->table.nframes; i++)
      note_frame(&r->table.frames[i], &k, &v);
   /* A version 1 report: the kept records' stacks. */
   for (size_t i = 0; i < r->live.nsites; i++)
      note_stack(&r->live.sites[i].stack, &k, &v);
   for (size_t i = 0; i < r->leaks.nrecs; i++)
      note_stack(&r->leaks.recs[i].stack, &k, &v);
   for (size_t i = 0; i < r->alloc.nsites; i++)
      note_stack(&r->alloc.sites[i].stack, &k, &v);
   for (size_t i = 0; i < r->futex.nsites; i++)
      note_stack(&r->futex.sites[i].stack, &k, &v);
   if (r->tasks) {
      for (size_t i = 0; i < r->tasks->nsites; i++) {
         note_stack(&r->tasks->sites[i].stack, &k, &v);
         if (r->tasks->sites[i].future)
            note_async_types(r->tasks->sites[i].future);
      }
      for (size_t i = 0; i < r->tasks->ntasks; i++)
         note_stack(&r->tasks->tasks[i].stack, &k, &v);
      for (size_t i = 0; i < r->tasks->nblocks; i++)
         note_stack(&r->tasks->blocks[i].stack, &k, &v);
   }
   free(k.s);
   free(v.s);
   /* Sorted, each key once: two values make it ambiguous. */
   qsort(ix.v, ix.n, sizeof *ix.v, cmp_entry);
   size_t w = 0;
   for (size_t i = 0; i < ix.n; i++) {
      if (w > 0 && cmp_entry(&ix.v[w - 1], &ix.v[i]) == 0) {
         Entry *d = &ix.v[w - 1];
         if (d->val && strcmp(d->val, ix.v[i].val) != 0) {
            /* A short name and its full path agree: the path. */
            const char *x = d->val, *y = ix.v[i].val;
            if (qualified(y) && !qualified(x) &&
                strcmp(last_seg(y), x) == 0) {
               free(d->val);
               d->val = ix.v[i].val;
               ix.v[i].val = NULL;
            } else if (!(qualified(x) && !qualified(y) &&
                         strcmp(last_seg(x), y) == 0)) {
               free(d->val);
               d->val = NULL;
            }
         }
         free(ix.v[i].key);
         free(ix.v[i].val);
         continue;
      }
      ix.v[w++] = ix.v[i];
   }
   ix.n = w;
}

/* ---- A frame's name ---- */

/* Qualifies the closure-like segment seg (of frame i, a short name) from
   the generic arguments of the frames after it at its address and the
   next one: the first "PATH::{KIND_env#N}" of its kind and index.  The
   path with "{KIND#N}", into out; false if none. */
static bool qualify_from_callers(const Stack *s, size_t i, const char *seg,
                                 size_t seglen, Buf *out)
{
   char want[64];
   char kind[40];
   bool env;
   if (closure_seg(seg, &env, kind, sizeof kind) != seglen || env ||
       strncmp(seg, "{{", 2) == 0)
      return false;
   const char *h = strchr(seg, '#');
   snprintf(want, sizeof want, "::{%s_env%.*s", kind,
            (int)(seg + seglen - h), h);
   const char *ip = stack_frame(s, i)->ip;
   size_t depth = stack_depth(s);
   bool past = false;
   for (size_t j = i + 1; j < depth; j++) {
      const Frame *f = stack_frame(s, j);
      bool same = ip && f->ip && strcmp(ip, f->ip) == 0;
      if (!same) {
         if (past)
            break;
         past = true;            /* the caller: one frame more */
      }
      const char *c = f->fn ? strstr(f->fn, want) : NULL;
      if (c == NULL)
         continue;
      const char *st = c;
      while (st > f->fn && path_char(st[-1]))
         st--;
      if (st == c)
         continue;
      buf_clear(out);
      buf_add(out, st, (size_t)(c - st));
      buf_adds(out, "::");
      buf_add(out, seg, seglen);
      return true;
   }
   return false;
}

/* Whether a caller of frame i (a frame after it with a full name) is
   of path's crate: a name taken from a type is trusted only then. */
static bool same_crate_caller(const Stack *s, size_t i, const char *path)
{
   const char *e = strstr(path, "::");
   size_t n = e ? (size_t)(e - path) : strlen(path);
   for (size_t j = i + 1; j < stack_depth(s); j++) {
      const char *fn = stack_frame(s, j)->fn;
      if (fn && qualified(fn) && strncmp(fn, path, n) == 0 &&
          fn[n] == ':' && fn[n + 1] == ':')
         return true;
   }
   return false;
}

/* An unnamed inlined frame of the program's source is most often its
   closure, called by a library generic over it (Rayon's map, Tokio's
   spawn_blocking): the first closure type in the generic arguments of
   its callers at its address (and the next) whose crate is that of a
   named frame of the same file in the stack.  Into out; false if none. */
static bool own_closure_from_callers(const Stack *s, size_t i, Buf *out)
{
   const Frame *f = stack_frame(s, i);
   size_t depth = stack_depth(s);
   if (f->file == NULL)
      return false;
   /* The crate of the file: a named frame of it, "many_leaks::main". */
   const char *crate = NULL;
   size_t clen = 0;
   for (size_t j = 0; j < depth && crate == NULL; j++) {
      const Frame *g = stack_frame(s, j);
      const char *e = g->fn ? strstr(g->fn, "::") : NULL;
      if (e && g->file && strcmp(g->file, f->file) == 0 && qualified(g->fn) &&
          g->fn[0] != '<') {
         crate = g->fn;
         clen = (size_t)(e - g->fn);
      }
   }
   if (crate == NULL) {
      /* None in this stack: the one crate the report's named frames of
         that file are of. */
      crate = get(K_CRATE, f->file);
      clen = crate ? strlen(crate) : 0;
   }
   if (crate == NULL)
      return false;
   bool past = false;
   for (size_t j = i + 1; j < depth; j++) {
      const Frame *g = stack_frame(s, j);
      if (!f->ip || !g->ip || strcmp(f->ip, g->ip) != 0) {
         if (past)
            break;
         past = true;
      }
      for (const char *c = g->fn; c && (c = strstr(c, "::{closure_env#"));
           c++) {
         const char *st = c;
         while (st > g->fn && path_char(st[-1]))
            st--;
         if (strncmp(st, crate, clen) != 0 || strncmp(st + clen, "::", 2))
            continue;
         size_t n = closure_seg(c + 2, NULL, NULL, 0);
         buf_clear(out);
         buf_add(out, st, (size_t)(c - st) + 2 + n);
         /* the type's name, "{closure_env#0}", as the function's */
         char *env = strstr(out->s + (c - st), "_env#");
         memmove(env, env + 4, strlen(env + 4) + 1);
         out->len -= 4;
         return true;
      }
   }
   return false;
}

/* The name of frame i of s in full, derived where Valgrind gave a short
   one or none, into out (generics as written).  Returns false if it is
   "inlined in" another frame: then out holds that frame's index. */
static void frame_full(const Stack *s, size_t i, Buf *out, size_t *inl)
{
   const Frame *f = stack_frame(s, i);
   const char *fn = f->fn ? f->fn : f->ip ? f->ip : "???";
   *inl = SIZE_MAX;
   buf_clear(out);
   if (f->fn && strcmp(fn, UNKNOWN_INLINED) == 0) {
      Buf k = { 0 };
      const char *n = NULL;
      if (f->file && f->has_line) {
         loc_key(&k, f);
         n = get(K_LOC, k.s);
      }
      free(k.s);
      Buf q = { 0 };
      if (n == NULL && own_closure_from_callers(s, i, &q)) {
         buf_adds(out, q.s);
         free(q.s);
         return;
      }
      free(q.s);
      if (n == NULL) {
         size_t depth = stack_depth(s);
         for (size_t j = i + 1; j < depth; j++) {
            const Frame *g = stack_frame(s, j);
            if (!f->ip || !g->ip || strcmp(f->ip, g->ip) != 0)
               break;
            if (g->fn && strcmp(g->fn, UNKNOWN_INLINED) != 0) {
               *inl = j;
               return;
            }
         }
         buf_adds(out, fn);
         return;
      }
      fn = n;
   }
   if (qualified(fn) || !f->fn) {
      buf_adds(out, fn);
      return;
   }
   const char *g = generics_of(fn);
   size_t seglen = (size_t)(g - fn);
   Buf q = { 0 };
   if (closure_seg(fn, NULL, NULL, 0) == seglen &&
       qualify_from_callers(s, i, fn, seglen, &q)) {
      buf_adds(out, q.s);
      buf_adds(out, g);
   } else if (f->file) {
      Buf k = { 0 };
      buf_add(&k, fn, seglen);
      buf_adds(&k, "\t");
      buf_adds(&k, f->file);
      const char *n = get(K_SHORT, k.s);
      if (n == NULL) {
         k.len = seglen;
         k.s[k.len] = '\0';
         n = get(K_PARENT, k.s);
         if (n && !same_crate_caller(s, i, n))
            n = NULL;
      }
      buf_adds(out, n ? n : "");
      if (n)
         buf_adds(out, g);
      else
         buf_adds(out, fn);
      free(k.s);
   } else {
      buf_adds(out, fn);
   }
   free(q.s);
}

void add_frame_name(Buf *b, const Stack *s, size_t i, bool whole)
{
   Buf full = { 0 };
   size_t inl;
   frame_full(s, i, &full, &inl);
   if (inl != SIZE_MAX) {
      buf_adds(b, "inlined in ");
      frame_full(s, inl, &full, &inl);
   }
   add_fn_name(b, full.s ? full.s : "???", whole);
   free(full.s);
}

/* ---- Sites: the function that spawned, the future ---- */

/* Drops trailing closure-like segments of a bare path: the function
   whose body they are. */
static void strip_closures(Buf *p)
{
   for (;;) {
      const char *l = last_seg(p->s);
      if (l == p->s || closure_seg(l, NULL, NULL, 0) != strlen(l))
         return;
      p->len = (size_t)(l - p->s) - 2;
      p->s[p->len] = '\0';
   }
}

bool add_site_function(Buf *b, const Stack *s, size_t k,
                       const OwnRules *own, bool whole)
{
   size_t depth = stack_depth(s), inl;
   Buf full = { 0 }, bare = { 0 };
   bool named = false;
   if (k >= depth)
      return false;
   frame_full(s, k, &full, &inl);
   if (inl == SIZE_MAX && full.s && qualified(full.s)) {
      add_bare(&bare, full.s);
      strip_closures(&bare);
      if (qualified(bare.s) || !strchr(bare.s, '{')) {
         add_fn_name(b, whole ? full.s : bare.s, whole);
         named = true;
      }
   }
   if (!named) {
      /* Short or unknown: its own name, in the first own caller with a
         full name ("new in mini::Db::open"). */
      for (size_t j = k + 1; j < depth && !named; j++) {
         if (!frame_is_own(stack_frame(s, j), own))
            continue;
         Buf c = { 0 };
         size_t ci;
         frame_full(s, j, &c, &ci);
         if (ci == SIZE_MAX && c.s && qualified(c.s)) {
            buf_clear(&bare);
            add_bare(&bare, c.s);
            strip_closures(&bare);
            if (inl != SIZE_MAX || !full.s ||
                strcmp(full.s, UNKNOWN_INLINED) == 0) {
               buf_adds(b, "inlined in ");
            } else {
               add_fn_name(b, full.s, whole);
               buf_adds(b, " in ");
            }
            add_fn_name(b, bare.s, whole);
            named = true;
         }
         free(c.s);
      }
   }
   if (!named && full.s) {
      add_frame_name(b, s, k, whole);
      named = true;
   }
   free(full.s);
   free(bare.s);
   return named;
}

/* What kind of closure-like thing the type at t's end is: "async fn",
   "async block", "closure", or NULL; *cut is where its segment starts
   (an async fn's future is named by the fn). */
static const char *type_kind(const char *t, size_t *cut)
{
   const char *l = last_seg(t);
   bool env;
   char kind[40];
   size_t n = closure_seg(l, &env, kind, sizeof kind);
   if (n == 0 || l[n] != '\0' || l == t)
      return NULL;
   *cut = (size_t)(l - t) - 2;
   if (strcmp(kind, "async_fn") == 0)
      return "async fn";
   *cut = strlen(t);
   if (strcmp(kind, "async_block") == 0)
      return "async block";
   return strstr(kind, "closure") ? "closure" : NULL;
}

void add_future_name(Buf *b, const char *future, bool whole)
{
   Buf bare = { 0 };
   const char *t = future;
   static const char blocking[] = "tokio::runtime::blocking::task::BlockingTask<";
   size_t bl = strlen(blocking);
   if (!whole && strncmp(t, blocking, bl) == 0 && t[strlen(t) - 1] == '>') {
      buf_add(&bare, t + bl, strlen(t) - bl - 1);   /* spawn_blocking's F */
      t = bare.s;
   }
   size_t cut;
   Buf p = { 0 };
   add_bare(&p, t);
   const char *what = whole ? NULL : type_kind(p.s, &cut);
   if (what == NULL) {
      add_fn_name(b, t, whole);
   } else {
      p.s[cut] = '\0';
      add_fn_name(b, p.s, whole);
      buf_adds(b, " (");
      buf_adds(b, what);
      buf_adds(b, ")");
   }
   free(p.s);
   free(bare.s);
}

bool add_block_on_future(Buf *b, const Stack *s, size_t k, bool whole)
{
   size_t inl;
   Buf full = { 0 }, bare = { 0 };
   bool found = false;
   if (k < stack_depth(s)) {
      frame_full(s, k, &full, &inl);
      if (inl == SIZE_MAX && full.s) {
         add_bare(&bare, full.s);
         const char *t = get(K_ASYNC, bare.s);
         if (t) {
            add_future_name(b, t, whole);
            found = true;
         }
      }
   }
   free(full.s);
   free(bare.s);
   return found;
}

bool add_rayon_call(Buf *b, const SpawnSite *site, bool whole)
{
   const char *c = site->future ? site->future : "";
   size_t n = 0;
   while ((c[n] >= 'a' && c[n] <= 'z') || (c[n] >= 'A' && c[n] <= 'Z') ||
          (c[n] >= '0' && c[n] <= '9') || c[n] == '_')
      n++;
   if (n == 0)
      return false;
   /* The tool writes the called function's name; a name it cut from a
      generic list ("sum, u64>") keeps its first word. */
   buf_add(b, c, n);
   if (!site->has_frame)
      return true;
   /* The closures handed to it: the program's own closure types among
      the generic arguments of Rayon's frames above the site. */
   Buf seen = { 0 }, one = { 0 };
   size_t shown = 0;
   for (size_t i = 0; i < site->frame && i < stack_depth(&site->stack); i++) {
      const char *fn = stack_frame(&site->stack, i)->fn;
      for (const char *e = fn; e && (e = strstr(e, "::{closure_env#")) != NULL;
           e++) {
         const char *st = e;
         while (st > fn && path_char(st[-1]))
            st--;
         if (strncmp(st, "rayon::", 7) == 0 ||
             strncmp(st, "rayon_core::", 12) == 0 ||
             strncmp(st, "core::", 6) == 0 ||
             strncmp(st, "std::", 5) == 0 || strncmp(st, "alloc::", 7) == 0)
            continue;
         size_t len = (size_t)(e - st) + 2 + closure_seg(e + 2, NULL, NULL, 0);
         buf_clear(&one);
         buf_add(&one, st, len);
         Buf styled = { 0 };
         if (whole)
            buf_adds(&styled, one.s);
         else
            add_closure_style(&styled, one.s);
         buf_adds(&styled, "\n");
         if (seen.s == NULL || !strstr(seen.s, styled.s)) {
            buf_adds(&seen, styled.s);
            buf_adds(b, shown++ ? ", " : " with ");
            add_fn_name(b, one.s, whole);
         }
         free(styled.s);
      }
   }
   free(seen.s);
   free(one.s);
   return true;
}

/* Where a spawn site is: "fn (file:line)", or with file_first
   "file:line (fn)" (the verdict's); fn the function that spawned
   (above), not the short name Valgrind gives an inlined frame. */
void add_spawn_place_as(Buf *b, const SpawnSite *s, const OwnRules *own,
                        bool whole, bool file_first)
{
   const Frame *f = spawn_frame(s);
   if (f == NULL) {
      buf_adds(b, "an unknown place (its stack does not reach it)");
      return;
   }
   Buf where = { 0 }, fn = { 0 };
   char t[48];
   if (f->file) {
      buf_adds(&where, f->file);
      if (f->has_line) {
         snprintf(t, sizeof t, ":%" PRIu64, f->line);
         buf_adds(&where, t);
      }
   } else if (f->obj) {
      buf_adds(&where, "in ");
      buf_adds(&where, f->obj);
   }
   if (!add_site_function(&fn, &s->stack, (size_t)s->frame, own, whole))
      buf_adds(&fn, f->ip ? f->ip : "???");
   if (file_first && where.s) {
      buf_adds(b, where.s);
      buf_adds(b, " (");
      buf_adds(b, fn.s);
      buf_adds(b, ")");
   } else {
      buf_adds(b, fn.s);
      if (where.s) {
         buf_adds(b, " (");
         buf_adds(b, where.s);
         buf_adds(b, ")");
      }
   }
   free(where.s);
   free(fn.s);
}

/* What a site ran: a Rayon site's call, a block_on site's future, a
   task's future type; false if unknown. */
bool add_site_work_as(Buf *b, const SpawnSite *s, bool whole)
{
   if (s->kind && strcmp(s->kind, "rayon") == 0)
      return add_rayon_call(b, s, whole);
   if (s->kind && strcmp(s->kind, "block_on") == 0)
      return s->has_frame && add_block_on_future(b, &s->stack,
                                                 (size_t)s->frame, whole);
   if (s->future == NULL || strcmp(s->future, "?") == 0)
      return false;
   add_future_name(b, s->future, whole);
   return true;
}
