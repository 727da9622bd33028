/*--------------------------------------------------------------------*/
/*--- asynctrace: what every part of the tool includes.            ---*/
/*---                                                 at_basics.h  ---*/
/*--------------------------------------------------------------------*/

/*
   This file is part of asynctrace, a Valgrind tool that records the
   threads, futex waits and heap blocks of async Rust programs.

   Copyright (C) 2026 the asynctrace authors.

   This program is free software; you can redistribute it and/or
   modify it under the terms of the GNU General Public License as
   published by the Free Software Foundation; either version 2 of the
   License, or (at your option) any later version.

   This program is distributed in the hope that it will be useful, but
   WITHOUT ANY WARRANTY; without even the implied warranty of
   MERCHANTABILITY or FITNESS FOR A PARTICULAR PURPOSE.  See the GNU
   General Public License for more details.

   You should have received a copy of the GNU General Public License
   along with this program; if not, see <http://www.gnu.org/licenses/>.

   The GNU General Public License is contained in the file COPYING.
*/

#ifndef __AT_BASICS_H
#define __AT_BASICS_H

#include "pub_tool_basics.h"
#include "pub_tool_hashtable.h"
#include "pub_tool_libcassert.h"
#include "pub_tool_libcbase.h"
#include "pub_tool_libcprint.h"
#include "pub_tool_mallocfree.h"
#include "pub_tool_xarray.h"
#include "valgrind.h"

/* The Valgrind this build is for (3.19 to 3.27), from valgrind.h: the
   few interfaces that changed between them are chosen at compile time. */
#define AT_VG_AT_LEAST(maj, min)                                       \
   (__VALGRIND_MAJOR__ > (maj)                                         \
    || (__VALGRIND_MAJOR__ == (maj) && __VALGRIND_MINOR__ >= (min)))

/* Names of the tool's own globals, like MC_() in memcheck. */
#define AT_(str)    VGAPPEND(vgAsyncTrace_,str)

/* Both come from configure; the fallbacks serve an in-tree build. */
#ifndef AT_VERSION
#define AT_VERSION  "0.1.0"
#endif
#ifndef AT_VALGRIND_VERSION
#define AT_VALGRIND_VERSION VERSION
#endif

/* A core option the tool headers do not declare (3.19): whether stack
   traces include inlined calls.  The core turns it on only for its own
   tools, by name; asynctrace turns it on in pre_clo_init, before the
   user's --read-inline-info= is read. */
extern Bool VG_(clo_read_inline_info);

/* The node of key in ht, or a new zeroed one of size bytes (a
   VgHashNode's next and key first) added for it; *made (if not NULL)
   says which, for a caller that fills in a new node. */
static inline void* AT_(ht_node)(VgHashTable* ht, UWord key, SizeT size,
                                 const HChar* cc, Bool* made)
{
   VgHashNode* n = VG_(HT_lookup)(ht, key);
   if (made)
      *made = n == NULL;
   if (n == NULL) {
      n = VG_(calloc)(cc, 1, size);
      n->key = key;
      VG_(HT_add_node)(ht, n);
   }
   return n;
}

/* Sorts xa (of elements of elem_size bytes) by key and makes each run
   of equal keys one element: the run's first, the others added into it
   by add, then dropped; returns how many are left.  How the report's
   allocation sites, a snapshot's sites and its leak records are
   collapsed to (stack, role). */
static inline Word AT_(collapse_by_key)(XArray* xa, SizeT elem_size,
                                        Int (*key)(const void*, const void*),
                                        void (*add)(void* into,
                                                    const void* from))
{
   Word i, j, n = VG_(sizeXA)(xa);
   VG_(setCmpFnXA)(xa, key);
   VG_(sortXA)(xa);
   for (i = 0, j = -1; i < n; i++) {
      void* a = VG_(indexXA)(xa, i);
      void* d = j >= 0 ? VG_(indexXA)(xa, j) : NULL;
      if (d && key(d, a) == 0)
         add(d, a);
      else if (++j != i)
         VG_(memcpy)(VG_(indexXA)(xa, j), a, elem_size);
   }
   VG_(dropTailXA)(xa, n - (j + 1));
   return j + 1;
}

/* Zeros [lo, hi), both multiples of 8: 16-byte stores where
   VG_(memset) makes 4-byte ones (freed blocks, stack the program let
   go).  The empty asm keeps the compiler from turning the loop into a
   call to memset, that is VG_(memset). */
typedef UChar AT_Vec16 __attribute__((vector_size(16)));

static inline void AT_(zero_range)(Addr lo, Addr hi)
{
   AT_Vec16 z = { 0 };
   if (lo < hi && (lo & 8) != 0) {
      *(ULong*)lo = 0;
      lo += 8;
   }
   while (lo + 16 <= hi) {
      *(AT_Vec16*)lo = z;
      lo += 16;
      __asm__ __volatile__("" : "+r"(lo));
   }
   if (lo < hi)
      *(ULong*)lo = 0;
}

/* The core's raw system call (pub_core_syscall.h): the tool interface
   has none, and a call of the tool's own (madvise, fcntl) must not go
   through the client's wrappers. */
extern SysRes VG_(do_syscall)(UWord sysno, RegWord, RegWord, RegWord,
                              RegWord, RegWord, RegWord, RegWord, RegWord);

/* Milliseconds since the tool started: the time base of every record. */
#define AT_NOW_MS() VG_(read_millisecond_timer)()

#endif /* __AT_BASICS_H */
