/* attrs.c: at_print's reader, an element's attributes: read as read.c
 * noted them (attrs_read, attr_get), each checked and turned into what
 * the Report keeps: a number, a string (cleaned for printing, or kept
 * once in the report's strings where every site repeats it), a role and
 * its pool, yes or no, futex counters.  A missing or bad attribute fails
 * the read, with the element and its line: "line 12: <site> has no bytes
 * attribute".
 *
 * attrs_into reads a table of an element's attributes ({name, how,
 * where in the record}) in order, up to the first that fails: most
 * elements are read by one (elements.c).
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
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "read_int.h"

/* futex_attrs' names, in its order (checked by children_init). */
const enum Name futex_name[FUTEX_N] = {
   N_WAITS, N_WOKEN, N_EAGAIN, N_TIMEOUTS, N_EINTR, N_ERRORS, N_PENDING,
   N_BLOCKED_US, N_MAX_US, N_IDLE_WAITS, N_IDLE_US, N_WAKES, N_WOKE,
   N_LOCK_WAITS, N_LOCK_US, N_CONDITION_WAITS, N_CONDITION_US,
   N_JOIN_WAITS, N_JOIN_US, N_SLEEP_WAITS, N_SLEEP_US, N_OTHER_WAITS,
   N_OTHER_US,
};

/* The value of attribute name of the current element as it is; NULL,
   and a failure if it is required, if it is missing. */
static const char *attr_need(Parser *p, const char *elem, enum Name name,
                             bool required, long line)
{
   const char *v = attr_get(p, name);
   if (v == NULL && required)
      fail(p, "line %ld: <%s> has no %s attribute", line, elem,
           name_str[name]);
   return v;
}

/* The value of attribute name of the current element, cleaned; NULL and
   a failure if it is required and missing. */
char *attr_str(Parser *p, const char *elem, enum Name name,
               bool required, long line)
{
   const char *v = attr_need(p, elem, name, required, line);
   return v != NULL ? clean_dup(v) : NULL;
}

bool attr_u64(Parser *p, const char *elem, enum Name name,
              long line, uint64_t *out)
{
   const char *v = attr_need(p, elem, name, true, line);
   if (v == NULL)
      return false;
   bool ok = parse_u64(v, out);
   if (!ok) {
      char *c = clip(v, 40);
      fail(p, "line %ld: <%s> attribute %s is not a number: \"%s\"",
           line, elem, name_str[name], c);
      free(c);
   }
   return ok;
}

/* An id of the stack table (a stack ref, or a frame or stack id):
   required, a number, and telling one too large for 64 bits from one
   that is not a number at all. */
bool attr_id(Parser *p, const char *elem, enum Name name,
             long line, uint64_t *out)
{
   const char *v = attr_need(p, elem, name, true, line);
   if (v == NULL)
      return false;
   const char *s = v;
   bool ok = parse_u64(s, out);
   if (!ok) {
      s += strspn(s, " \t\r\n");
      s += *s == '+';
      size_t digits = strspn(s, "0123456789");
      bool big = digits > 0 &&
                 s[digits + strspn(s + digits, " \t\r\n")] == '\0';
      char *c = clip((const char *)v, 40);
      fail(p, "line %ld: <%s> attribute %s is %s: \"%s\"", line, elem,
           name_str[name], big ? "too large" : "not a number", c);
      free(c);
   }
   return ok;
}

/* Optional: *present tells whether it was there. */
bool attr_u64_opt(Parser *p, const char *elem, enum Name name,
                  long line, uint64_t *out, bool *present)
{
   *present = attr_get(p, name) != NULL;
   if (!*present)
      return true;
   return attr_u64(p, elem, name, line, out);
}

/* A string kept once in the report, raw and cleaned, for those every
   site repeats (its role, leak kind, futex class and ops): a report
   with a million sites has a handful of them, and a site, kept or not,
   then costs no malloc for them. */
typedef struct Once {
   uint64_t hash;
   const char *raw;              /* as in the file; NULL: a free slot */
   size_t len;
   char *clean;                  /* cleaned for printing */
} Once;

static void once_grow(Parser *p)
{
   size_t cap = p->caponce ? 2 * p->caponce : 64;
   Once *t = xrealloc(NULL, cap * sizeof *t);
   memset(t, 0, cap * sizeof *t);
   for (size_t i = 0; i < p->caponce; i++) {
      if (p->once[i].raw == NULL)
         continue;
      size_t j = p->once[i].hash & (cap - 1);
      while (t[j].raw != NULL)
         j = (j + 1) & (cap - 1);
      t[j] = p->once[i];
   }
   free(p->once);
   p->once = t;
   p->caponce = cap;
}

/* raw cleaned, in the report's strings (Report.strs), once. */
static char *intern(Parser *p, const char *raw)
{
   size_t n = strlen(raw);
   uint64_t h = hash_bytes(raw, n);
   if (2 * (p->nonce + 1) > p->caponce)
      once_grow(p);
   for (size_t i = h & (p->caponce - 1);; i = (i + 1) & (p->caponce - 1)) {
      Once *o = &p->once[i];
      if (o->raw == NULL) {
         Report *r = p->rep;
         buf_clear(&p->clean);
         buf_add_clean(&p->clean, raw);
         *o = (Once){ .hash = h, .len = n,
                      .raw = arena_dup(&r->strs, raw, n),
                      .clean = arena_dup(&r->strs, p->clean.s,
                                         p->clean.len) };
         p->nonce++;
         return o->clean;
      }
      if (o->hash == h && o->len == n && memcmp(o->raw, raw, n) == 0)
         return o->clean;
   }
}

/* As attr_str, but kept once (intern): not to be freed. */
char *attr_istr(Parser *p, const char *elem, enum Name name,
                bool required, long line)
{
   const char *v = attr_need(p, elem, name, required, line);
   return v != NULL ? intern(p, v) : NULL;
}

/* A role attribute named role_name (required) and its pool attribute
   named pool_name (optional); the role kept once if once, else in a
   malloc of its own. */
bool attr_role_named(Parser *p, const char *elem, long line, Role *r,
                     enum Name role_name, enum Name pool_name,
                     bool once)
{
   if (once) {
      r->role = attr_istr(p, elem, role_name, true, line);
   } else {
      free(r->role);
      r->role = attr_str(p, elem, role_name, true, line);
   }
   return r->role != NULL &&
      attr_u64_opt(p, elem, pool_name, line, &r->pool, &r->has_pool);
}

/* The role attribute (required) and the optional pool and, where
   with_index, index attributes. */
bool attr_role(Parser *p, const char *elem, long line, Role *r,
               bool with_index)
{
   if (!attr_role_named(p, elem, line, r, N_ROLE, N_POOL, false))
      return false;
   return !with_index ||
      attr_u64_opt(p, elem, N_INDEX, line, &r->index, &r->has_index);
}

/* The role and pool of a site (live, loss record, allocation or futex
   site): kept once. */
bool attr_site_role(Parser *p, const char *elem, long line, Role *r)
{
   return attr_role_named(p, elem, line, r, N_ROLE, N_POOL, true);
}

/* An optional attribute that is "yes" or "no"; anything else fails.
   *present tells whether it was there. */
bool attr_yes_no(Parser *p, const char *elem, enum Name name,
                 long line, bool *out, bool *present)
{
   const char *v = attr_get(p, name);
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
           line, elem, name_str[name], c);
      free(c);
      ok = false;
   }
   return ok;
}

/* The leak-scan attributes of a <site> or <loss-record>: the kind
   (required if need_kind), the indirect bytes and blocks (both or
   neither) and the orphan mark. */
void attr_leak(Parser *p, const char *elem, long line, Site *s,
               bool need_kind)
{
   bool has_blocks = false, orphan_present = false;
   s->kind = attr_istr(p, elem, N_KIND, need_kind, line);
   if (p->failed ||
       !attr_u64_opt(p, elem, N_INDIRECT_BYTES, line, &s->ind_bytes,
                     &s->has_ind) ||
       !attr_u64_opt(p, elem, N_INDIRECT_BLOCKS, line, &s->ind_blocks,
                     &has_blocks))
      return;
   if (s->has_ind != has_blocks) {
      fail(p, "line %ld: <%s> has %s but not %s", line, elem,
           s->has_ind ? "indirect-bytes" : "indirect-blocks",
           s->has_ind ? "indirect-blocks" : "indirect-bytes");
      return;
   }
   attr_yes_no(p, elem, N_ORPHAN, line, &s->orphan, &orphan_present);
}

bool attr_futex(Parser *p, const char *elem, long line, Futex *f,
                unsigned need)
{
   f->has = 0;
   for (size_t i = 0; i < FUTEX_N; i++) {
      uint64_t *out = (uint64_t *)((char *)f + futex_attrs[i].off);
      if (need & (1u << i)) {
         if (!attr_u64(p, elem, futex_name[i], line, out))
            return false;
         f->has |= 1u << i;
      } else {
         const char *v = attr_get(p, futex_name[i]);
         if (v != NULL && parse_u64(v, out))
            f->has |= 1u << i;
      }
   }
   return true;
}

/* Reads the n attributes of table a of element elem into rec, in
   order, up to the first missing or bad one (which fails the read):
   returns whether all were read. */
bool attrs_into(Parser *p, const char *elem, long line, void *rec,
                const Attr *a, size_t n)
{
   char *base = rec;
   for (size_t i = 0; i < n; i++) {
      void *at = base + a[i].off;
      char **s = at;
      bool ok = true;
      switch (a[i].how) {
      case A_U64:
         ok = attr_u64(p, elem, a[i].name, line, at);
         break;
      case A_U64_OPT:
         ok = attr_u64_opt(p, elem, a[i].name, line, at,
                           (bool *)(base + a[i].has));
         break;
      case A_ID:
         ok = attr_id(p, elem, a[i].name, line, at);
         break;
      case A_STR:
         ok = (*s = attr_str(p, elem, a[i].name, true, line)) != NULL;
         break;
      case A_STR_OPT:
         *s = attr_str(p, elem, a[i].name, false, line);
         break;
      case A_ISTR:
         ok = (*s = attr_istr(p, elem, a[i].name, true, line)) != NULL;
         break;
      case A_ROLE:
         ok = attr_role(p, elem, line, at, false);
         break;
      case A_SITE_ROLE:
         ok = attr_site_role(p, elem, line, at);
         break;
      }
      if (!ok)
         return false;
   }
   return true;
}
