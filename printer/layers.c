/* layers.c: which layer of the program a CPU sample ran in.
 *
 * A flame graph of an async Rust service is dominated by the runtime's
 * frames, and their inclusive shares ("Harness::poll 82%") contain every
 * task's own work.  What a user asks is where the instructions went
 * themselves: the program's own code, Tokio's scheduler, its drivers,
 * parking, Rayon's plumbing, Rayon's idle rounds, std, the C library.
 * A sample is judged by its innermost frame: the code that ran.
 *
 * Rust inlines std's generic code (an iterator's next, a comparison, a
 * pointer offset) into whoever calls it, so the innermost frame of a
 * program's loop is often std's: a std frame inlined into a caller at
 * the same code address is the caller's work, and the caller decides.
 * A std function really called (memcpy's wrapper, fmt::write) is std's,
 * except its futex code and thread parker: parking, whoever calls them.
 * libc's syscall() wrapper is judged by its caller (std's futex wait),
 * and so is libm's arithmetic (Tokio's scheduler calls powf).
 *
 * The runtime's layers are told by source path, the same for Tokio 1.24
 * and current releases (runtime/scheduler/, runtime/task/, runtime/time/
 * ...), then by function name for frames without a source.  Rayon's
 * idle rounds are rayon-core's sleep/ module and the registry's wait
 * loops; its plumbing the rest of rayon-core and crossbeam's deques.
 * The rayon crate itself (parallel iterators, par_sort's quicksort) is
 * work the program asked for, a library like any other crate, but for
 * the bridge that splits a parallel iterator into jobs (iter/plumbing/)
 * and its producers' split_at: plumbing too (a par_iter of 4,096 items
 * of a few instructions each spends two thirds of its workers'
 * instructions there, and would otherwise not look split too fine).  Under
 * Valgrind the allocator is the tool's replacement: its instructions are
 * not the program's allocator's, and are a layer of their own.
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

#include <stdbool.h>
#include <stddef.h>
#include <string.h>

#include "report.h"

const char *const layer_names[LAYER_N] = {
   [LAYER_OWN] = "the program's own code",
   [LAYER_LIBS] = "other crates and libraries",
   [LAYER_SCHED] = "Tokio's scheduler",
   [LAYER_DRIVER] = "Tokio's drivers (timers, IO)",
   [LAYER_PARK] = "parking and unparking",
   [LAYER_RAYON] = "Rayon's job plumbing",
   [LAYER_RAYON_IDLE] = "Rayon's idle rounds",
   [LAYER_STD] = "std and alloc glue",
   [LAYER_ALLOC] = "the allocator (Valgrind's replacement)",
   [LAYER_LIBC] = "libc",
   [LAYER_LOADER] = "the dynamic loader",
   [LAYER_UNKNOWN] = "unknown code",
};

const char *const layer_keys[LAYER_N] = {
   [LAYER_OWN] = "own", [LAYER_LIBS] = "libraries",
   [LAYER_SCHED] = "tokio-scheduler", [LAYER_DRIVER] = "tokio-drivers",
   [LAYER_PARK] = "parking", [LAYER_RAYON] = "rayon-plumbing",
   [LAYER_RAYON_IDLE] = "rayon-idle", [LAYER_STD] = "std",
   [LAYER_ALLOC] = "allocator", [LAYER_LIBC] = "libc",
   [LAYER_LOADER] = "loader", [LAYER_UNKNOWN] = "unknown",
};

static bool has(const char *s, const char *part)
{
   return s != NULL && strstr(s, part) != NULL;
}

static bool starts(const char *s, const char *prefix)
{
   return s != NULL && strncmp(s, prefix, strlen(prefix)) == 0;
}

/* The function's path without a leading '<' (an impl's "<T as Trait>"). */
static const char *fn_path(const Frame *f)
{
   const char *fn = f->fn ? f->fn : "";
   return fn[0] == '<' ? fn + 1 : fn;
}

/* Rust's std, core and alloc, and the crates std vendors. */
static bool std_frame(const Frame *f, const char *path)
{
   const char *fn = fn_path(f);
   if (path != NULL)
      return starts(path, "/rust/deps/") ||
             ((starts(path, "/rustc/") || has(path, "/lib/rustlib/") ||
               starts(path, "library/")) &&
              (has(path, "library/std/") || has(path, "library/core/") ||
               has(path, "library/alloc/") ||
               has(path, "library/panic_unwind/")));
   return starts(fn, "std::") || starts(fn, "core::") ||
          starts(fn, "alloc::") || starts(fn, "__rust_");
}

/* Tokio's layers, by where its source lies (both 1.24's and current
   layouts), else by name. */
static int tokio_layer(const Frame *f, const char *path)
{
   const char *fn = fn_path(f);
   const char *src = path ? strstr(path, "/tokio-") : NULL;
   if (src == NULL && path != NULL)
      src = strstr(path, "/tokio/src/");
   if (src == NULL && !starts(fn, "tokio::") && !starts(fn, "mio::") &&
       !has(path, "/mio-") && !has(path, "/parking_lot") &&
       !starts(fn, "parking_lot"))
      return -1;
   /* The drivers are the reactor, the timer wheel and what registers
      with them (a resource's readiness, a sleep's timer entry); the IO
      types and futures a task calls (TcpStream's reads, read_exact,
      Sleep, mio's socket calls) are libraries, as tokio::sync is.  A
      TCP server's tasks spend most of their instructions between the
      two: in a Tokio 1.24 and a 1.53 server alike, a fifth of them in
      ScheduledIo::poll_readiness, the driver's, and a tenth in
      TcpStream, PollEvented's callers and the io-util futures. */
   if (has(path, "/mio-") || starts(fn, "mio::")) {
      if (has(path, "/src/net/") || starts(fn, "mio::net::"))
         return LAYER_LIBS;
      return LAYER_DRIVER;
   }
   if (has(path, "/runtime/time/") || has(path, "/runtime/io/") ||
       has(path, "/runtime/driver.rs") || has(path, "/runtime/signal/") ||
       has(path, "/io/poll_evented.rs") ||
       starts(fn, "tokio::runtime::time::") ||
       starts(fn, "tokio::runtime::io::") ||
       starts(fn, "tokio::runtime::driver::") ||
       starts(fn, "tokio::io::poll_evented::"))
      return LAYER_DRIVER;
   if (has(path, "/src/time/") || has(path, "/src/io/") ||
       has(path, "/src/net/") || starts(fn, "tokio::time::") ||
       starts(fn, "tokio::io::") || starts(fn, "tokio::net::"))
      return LAYER_LIBS;
   if (has(path, "/parking_lot") || starts(fn, "parking_lot") ||
       has(path, "/runtime/park.rs") || has(path, "/park.rs") ||
       has(fn, "::park::") || has(fn, "Parker::") || has(fn, "Unparker::"))
      return LAYER_PARK;
   /* tokio::sync, tokio::fs, tokio::process: libraries the program
      calls; the rest (runtime/, task/, util/) is the scheduler's. */
   if (has(path, "/src/sync/") || has(path, "/src/fs/") ||
       has(path, "/src/process/") || starts(fn, "tokio::sync::") ||
       starts(fn, "tokio::fs::") || starts(fn, "tokio::process::"))
      return LAYER_LIBS;
   return LAYER_SCHED;
}

/* The rayon crate's own source (not rayon-core's). */
static bool rayon_crate(const Frame *f, const char *path)
{
   return has(path, "/rayon-1.") || has(path, "/rayon/src/") ||
          starts(fn_path(f), "rayon::");
}

/* rayon-core and the crossbeam crates it runs on, and the rayon crate's
   splitting. */
static int rayon_layer(const Frame *f, const char *path)
{
   const char *fn = fn_path(f);
   if (rayon_crate(f, path) &&
       (has(path, "/src/iter/plumbing/") ||
        starts(fn, "rayon::iter::plumbing::") || has(fn, "split_at")))
      return LAYER_RAYON;
   bool core = has(path, "/rayon-core") || starts(fn, "rayon_core::");
   if (!core && !has(path, "/crossbeam-") && !starts(fn, "crossbeam_"))
      return -1;
   /* Waking a sleeping worker is unparking, not idling. */
   if (has(fn, "wake") || has(fn, "notify") || has(fn, "tickle"))
      return has(path, "/src/sleep/") || starts(fn, "rayon_core::sleep::")
             ? LAYER_PARK : LAYER_RAYON;
   if (has(path, "/src/sleep/") || starts(fn, "rayon_core::sleep::") ||
       has(fn, "wait_until") || has(fn, "find_work"))
      return LAYER_RAYON_IDLE;
   return LAYER_RAYON;
}

/* std's futex calls, a contended lock's slow path, a condition
   variable's wait and notify and the thread parker: parking, whoever
   calls them (an uncontended lock or unlock is not). */
static bool std_park(const Frame *f, const char *path)
{
   const char *fn = fn_path(f);
   return has(fn, "futex_") || has(fn, "lock_contended") ||
          has(path, "condvar") || has(path, "thread_parking") ||
          has(fn, "park");
}

/* libc's syscall(2) wrapper: what it does is its caller's call (std's
   futex wait, a getrandom), judged there.  So is libm's arithmetic:
   current Tokio's scheduler keeps its poll-time average with powf. */
static bool judged_by_caller(const Frame *f)
{
   if (has(f->obj, "/libm.so") || has(f->obj, "/libm-"))
      return true;
   return f->fn != NULL && strcmp(f->fn, "syscall") == 0 &&
          (has(f->obj, "/libc.so") || has(f->obj, "/libc-"));
}

int frame_layer(const Frame *f, const OwnRules *own)
{
   static Buf b;                 /* kept: called for every sample */
   const char *path = frame_path(f, &b);
   const char *obj = f->obj;
   int l;
   if (has(obj, "/vgpreload_") || has(path, "vg_replace_malloc.c"))
      return LAYER_ALLOC;
   if (has(obj, "/ld-linux") || has(obj, "/ld-2."))
      return LAYER_LOADER;
   if (std_frame(f, path))
      return std_park(f, path) ? LAYER_PARK : LAYER_STD;
   if ((l = tokio_layer(f, path)) >= 0 || (l = rayon_layer(f, path)) >= 0)
      return l;
   if (frame_is_own(f, own))
      return LAYER_OWN;
   if (has(obj, "/libc.so") || has(obj, "/libc-") || has(obj, "/libm.so") ||
       has(obj, "/libpthread"))
      return LAYER_LIBC;
   if (obj == NULL && path == NULL && f->fn == NULL)
      return LAYER_UNKNOWN;
   return LAYER_LIBS;
}

/* A frame the unwinder could not name (an address read from the wrong
   word, or code without symbols). */
static bool nameless(const Frame *f)
{
   return f->fn == NULL && f->obj == NULL;
}

size_t deciding_frame(const Stack *s, const OwnRules *own)
{
   size_t n = stack_depth(s), passed = n;
   for (size_t i = 0; i + 1 < n; i++) {
      const Frame *f = stack_frame(s, i), *g = stack_frame(s, i + 1);
      if (judged_by_caller(f)) {
         if (passed == n)
            passed = i;
         continue;
      }
      /* No caller to judge by (a stack the unwinder lost above it):
         the frame passed is the one known. */
      if (passed < n && nameless(f))
         return passed;
      /* std's code inlined into its caller (the same code address) is
         the caller's work. */
      if (frame_layer(f, own) != LAYER_STD || f->ip == NULL ||
          g->ip == NULL || strcmp(f->ip, g->ip) != 0)
         return i;
   }
   if (passed < n && nameless(stack_frame(s, n - 1)))
      return passed;
   return n ? n - 1 : 0;
}

int stack_layer(const Stack *s, const OwnRules *own)
{
   if (stack_depth(s) == 0)
      return LAYER_UNKNOWN;
   return frame_layer(stack_frame(s, deciding_frame(s, own)), own);
}
