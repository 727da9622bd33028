/* frames.c: which frames of a stack are the program's own code, and what
 * the others are.
 *
 * An allocation stack of a Rust program starts with a dozen frames of
 * the allocator and the standard library (alloc::raw_vec, with_capacity)
 * and ends with the runtime's (Tokio's scheduler, Rayon's join): the
 * answer a user wants is the program's frame in between.  A frame is the
 * program's own unless its source file is under the Rust toolchain's
 * library (/rustc/HASH/library/..., /rust/deps/...), a cargo registry
 * (~/.cargo/registry, Debian's /usr/share/cargo/registry), a crate that
 * `cargo vendor` copied (.../vendor/NAME/...), or its object
 * is a system library (the C library, the dynamic linker, Valgrind's
 * preload with the allocator).  --own=GLOB replaces these rules: a frame
 * is own if its source path, file, object or function matches a glob.
 * The outputs fold the frames above the first own one into one line
 * that names where they are ("… 9 frames in malloc, alloc, tokio"; a
 * crate std vendors, /rust/deps/hashbrown-X/, by its name).
 * A stack with no own frame starts at its first frame past the
 * allocator, libc, ld.so and std (first_shown): Tokio's Parker::park,
 * not syscall; a stack is never shown from malloc.  print_stack_as and
 * own_place_as print a stack that way for the text summary and --diff
 * alike, each with its own options (StackStyle).
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

#include <fnmatch.h>
#include <inttypes.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report.h"

static bool starts(const char *s, const char *prefix)
{
   return strncmp(s, prefix, strlen(prefix)) == 0;
}

const char *frame_path(const Frame *f, Buf *p)
{
   if (f->file == NULL)
      return NULL;
   if (f->dir == NULL || f->file[0] == '/')
      return f->file;
   buf_clear(p);
   buf_adds(p, f->dir);
   buf_add(p, "/", 1);
   buf_adds(p, f->file);
   return p->s;
}

/* A shared object of the system: the C library, the dynamic linker,
   libgcc, Valgrind's preloads (which hold the allocator). */
static bool system_obj(const char *obj)
{
   return starts(obj, "/lib/") || starts(obj, "/lib64/") ||
          starts(obj, "/usr/lib/") || starts(obj, "/usr/lib64/") ||
          starts(obj, "/usr/libexec/valgrind/") ||
          strstr(obj, "/vgpreload_") != NULL;
}

/* Valgrind's replacement allocator, wherever its preload lies. */
static bool allocator_frame(const Frame *f)
{
   const char *b = f->file ? strrchr(f->file, '/') : NULL;
   b = b ? b + 1 : f->file;
   return (f->obj && strstr(f->obj, "/vgpreload_")) ||
          (b && strcmp(b, "vg_replace_malloc.c") == 0);
}

/* Source of the Rust toolchain's library or of a crate from a registry.
   Rust's std is built with its paths remapped to /rustc/HASH/ (its own
   dependencies to /rust/deps/); a rust-src install has lib/rustlib/. */
static bool library_path(const char *path, bool has_dir)
{
   return starts(path, "/rustc/") || starts(path, "/rust/deps/") ||
          strstr(path, "/lib/rustlib/") != NULL ||
          strstr(path, "/.cargo/registry/") != NULL ||
          strstr(path, "/.cargo/git/") != NULL ||
          strstr(path, "/cargo/registry/") != NULL ||
          strstr(path, "/vendor/") != NULL || starts(path, "vendor/") ||
          (!has_dir && (starts(path, "library/std/") ||
                        starts(path, "library/core/") ||
                        starts(path, "library/alloc/")));
}

bool frame_is_own(const Frame *f, const OwnRules *own)
{
   static Buf b;                 /* kept: called for every frame */
   const char *path = frame_path(f, &b);
   bool yes;
   if (own != NULL && own->nglobs > 0) {
      yes = false;
      for (size_t i = 0; i < own->nglobs && !yes; i++) {
         const char *g = own->globs[i];
         yes = (path && fnmatch(g, path, 0) == 0) ||
               (f->file && fnmatch(g, f->file, 0) == 0) ||
               (f->obj && fnmatch(g, f->obj, 0) == 0) ||
               (f->fn && fnmatch(g, f->fn, 0) == 0);
      }
   } else if ((f->obj != NULL && system_obj(f->obj)) || allocator_frame(f)) {
      yes = false;
   } else if (path != NULL) {
      yes = !library_path(path, f->dir != NULL);
   } else {
      /* No source: the program's if its object is known (a binary
         without debug information), else nothing is known of it. */
      yes = f->obj != NULL;
   }
   return yes;
}

size_t first_own(const Stack *s, const OwnRules *own)
{
   size_t n = stack_depth(s);
   for (size_t i = 0; i < n; i++)
      if (frame_is_own(stack_frame(s, i), own))
         return i;
   return n;
}

/* Code no user asks about when a stack has no frame of theirs: the
   allocator, a system library (libc's syscall, ld.so's mmap) and Rust's
   std, core and alloc with the crates std vendors (/rust/deps/). */
static bool plumbing_frame(const Frame *f)
{
   static Buf b;                 /* kept: called for every frame */
   const char *path = frame_path(f, &b);
   if (allocator_frame(f) || (f->obj != NULL && system_obj(f->obj)))
      return true;
   if (path == NULL)
      return f->obj == NULL && f->fn == NULL;
   if (starts(path, "/rust/deps/"))
      return true;
   const char *l = strstr(path, "/library/");
   if (l != NULL && (starts(path, "/rustc/") || strstr(path, "/lib/rustlib/")))
      path = l + 1;
   else if (f->dir != NULL)
      return false;
   return starts(path, "library/std/") || starts(path, "library/core/") ||
          starts(path, "library/alloc/") ||
          starts(path, "library/panic_unwind/");
}

size_t first_shown(const Stack *s, const OwnRules *own, bool *has_own)
{
   size_t n = stack_depth(s), i = first_own(s, own);
   *has_own = i < n;
   if (i < n)
      return i;
   for (i = 0; i < n; i++)
      if (!plumbing_frame(stack_frame(s, i)))
         return i;
   /* All of it std's (a thread's start, a spawn hook): std's first. */
   for (i = 0; i < n; i++) {
      const Frame *f = stack_frame(s, i);
      if (!allocator_frame(f) && !(f->obj != NULL && system_obj(f->obj)) &&
          (f->fn != NULL || f->file != NULL))
         return i;
   }
   return n;
}

/* Where a frame that is not the program's is: the crate of a Rust
   library path (alloc, std, tokio, rayon-core), the function of
   Valgrind's preload (malloc, free), a system object's name (libc), or
   the first part of a Rust path (tokio::...).  Written into out. */
static void frame_origin(const Frame *f, char *out, size_t size)
{
   Buf b = { 0 };
   const char *path = frame_path(f, &b), *s, *e;
   out[0] = '\0';
   if (allocator_frame(f) && f->fn) {
      snprintf(out, size, "%s", f->fn);
   } else if (path && (s = strstr(path, "/library/")) != NULL &&
              (starts(path, "/rustc/") || strstr(path, "/lib/rustlib/"))) {
      s += strlen("/library/");
      e = strchr(s, '/');
      snprintf(out, size, "%.*s", (int)(e ? (size_t)(e - s) : strlen(s)), s);
   } else if (path && ((s = strstr(path, "/registry/")) != NULL ||
                       (s = strstr(path, "/rust/deps/")) != NULL ||
                       (s = strstr(path, "/vendor/")) != NULL ||
                       starts(path, "vendor/"))) {
      /* std's own crates, /rust/deps/NAME-1.2.3/: NAME, not "deps" */
      if (s && starts(s, "/rust/deps/"))
         s += strlen("/rust/deps/");
      else
         s = s ? strchr(s + 1, '/') + 1 : path + strlen("vendor/");
      if (starts(s, "src/") || starts(s, "cache/")) {  /* ~/.cargo's */
         s = strchr(s, '/') + 1;
         s = strchr(s, '/') ? strchr(s, '/') + 1 : s;
      }
      /* name-1.2.3/...: the name, without its version */
      e = s;
      while (*e && *e != '/' && !(e[0] == '-' && e[1] >= '0' && e[1] <= '9'))
         e++;
      snprintf(out, size, "%.*s", (int)(e - s), s);
   } else if (path && !f->dir && starts(path, "library/")) {
      s = path + strlen("library/");
      e = strchr(s, '/');
      snprintf(out, size, "%.*s", (int)(e ? (size_t)(e - s) : strlen(s)), s);
   } else if (f->fn && (s = strstr(f->fn, "::")) != NULL) {
      const char *b0 = f->fn;
      while (*b0 == '<' || *b0 == '&' || *b0 == '*')
         b0++;
      if (starts(b0, "dyn "))
         b0 += 4;
      e = b0;
      while (*e && *e != ':' && *e != '<' && *e != ' ')
         e++;
      snprintf(out, size, "%.*s", (int)(e - b0), b0);
   } else if (f->obj) {
      s = strrchr(f->obj, '/');
      s = s ? s + 1 : f->obj;
      e = strstr(s, ".so");
      snprintf(out, size, "%.*s", (int)(e ? (size_t)(e - s) : strlen(s)), s);
   }
   if (out[0] == '\0')
      snprintf(out, size, "unknown code");
   free(b.s);
}

/* At most this many places are named; more are "…". */
#define ORIGINS_NAMED 4

char *fold_label(const Stack *s, size_t from, size_t to)
{
   char names[ORIGINS_NAMED][64];
   size_t nnames = 0;
   bool more = false;
   size_t n = to - from;
   for (size_t i = from; i < to; i++) {
      char o[64];
      frame_origin(stack_frame(s, i), o, sizeof o);
      size_t j = 0;
      while (j < nnames && strcmp(names[j], o) != 0)
         j++;
      if (j < nnames)
         continue;
      if (nnames == ORIGINS_NAMED) {
         more = true;
         continue;
      }
      snprintf(names[nnames++], sizeof names[0], "%s", o);
   }
   Buf b = { 0 };
   char head[64];
   snprintf(head, sizeof head, "%zu %s in ", n, n == 1 ? "frame" : "frames");
   buf_adds(&b, head);
   for (size_t j = 0; j < nnames; j++) {
      if (j > 0)
         buf_adds(&b, ", ");
      buf_adds(&b, names[j]);
   }
   if (more)
      buf_adds(&b, ", \xe2\x80\xa6");
   return b.s;
}

/* ---- Stacks as the outputs print them ---- */

/* Frame i of s, named as names.c derives it (no UnknownInlinedFun,
   one closure style). */
static void print_frame_as(const Stack *s, size_t i, const StackStyle *st)
{
   const Frame *f = stack_frame(s, i);
   Buf b = { 0 };
   add_frame_name(&b, s, i, st->full_names);
   if (st->addresses)
      printf("   %s %s: %s", i == 0 ? "at" : "by", f->ip ? f->ip : "?", b.s);
   else
      printf("   %s %s", i == 0 ? "at" : "by", b.s);
   if (f->file && f->has_line)
      printf(" (%s:%" PRIu64 ")", f->file, f->line);
   else if (f->file)
      printf(" (%s)", f->file);
   else if (f->obj)
      printf(" (in %s)", f->obj);
   putchar('\n');
   free(b.s);
}

/* Frames a stack with no own frame shows before the rest is folded. */
#define NO_OWN_LINES 3

void print_stack_as(const Stack *s, const Grouped *g, const StackStyle *st)
{
   size_t depth = stack_depth(s);
   if (depth == 0) {
      printf("   (no stack)\n");
      return;
   }
   /* From the first own frame, or where there is none, the first frame
      past the allocator, libc and std: never at malloc or syscall. */
   bool has_own = false;
   size_t from = st->frames == 0 ? 0 : first_shown(s, st->own, &has_own);
   size_t end = g && g->cut > 0 && g->cut < depth ? g->cut : depth;
   if (from > 0) {
      char *l = fold_label(s, 0, from);
      printf("   \xe2\x80\xa6 %s\n", l);
      free(l);
   }
   /* Below the first own frame, a run of two or more frames that are
      not the program's (Tokio's scheduler, Rayon's join, std's thread
      start) is one line too, unless every frame is shown.  A stack with
      no own frame shows its first few frames, then folds the rest.
      st->frames counts the lines. */
   size_t f = from, lines = 0;
   while (f < end && (st->frames == 0 || lines < st->frames)) {
      size_t run = f;
      if (st->frames != 0 && has_own)
         while (run < end && !frame_is_own(stack_frame(s, run), st->own))
            run++;
      else if (st->frames != 0 && lines >= NO_OWN_LINES)
         run = end;
      if (run - f >= 2) {
         char *l = fold_label(s, f, run);
         printf("   \xe2\x80\xa6 %s\n", l);
         free(l);
         f = run;
      } else {
         print_frame_as(s, f, st);
         f++;
      }
      lines++;
   }
   if (f < end)
      printf("   ... %zu more %s (--frames=all shows all)\n", end - f,
             end - f == 1 ? "frame" : "frames");
   if (g && g->stacks > 1)
      printf("   (%s different stacks with %s%s own %s merged; "
             "--group-frames=0 lists them apart)\n", num(g->stacks),
             st->group_frames == 1 ? "this" : "these ",
             st->group_frames == 1 ? "" : num(st->group_frames),
             plural(st->group_frames, "frame", "frames"));
}

char *own_place_as(const Stack *s, const StackStyle *st)
{
   size_t depth = stack_depth(s);
   size_t want = st->group_frames ? st->group_frames : 1;
   if (depth == 0)
      return NULL;
   bool has_own;
   size_t from = first_shown(s, st->own, &has_own);
   if (from == depth)
      from = 0;                  /* all plumbing: named from its top */
   Buf b = { 0 };
   for (size_t i = from, n = 0; i < depth && n < want; i++) {
      const Frame *f = stack_frame(s, i);
      if (has_own && !frame_is_own(f, st->own))
         continue;
      if (n++ > 0)
         buf_adds(&b, " < ");
      add_frame_name(&b, s, i, st->full_names);
      if (f->file) {
         char t[48];
         buf_adds(&b, " (");
         buf_adds(&b, f->file);
         if (f->has_line) {
            snprintf(t, sizeof t, ":%" PRIu64, f->line);
            buf_adds(&b, t);
         }
         buf_adds(&b, ")");
      }
   }
   return b.s;
}
