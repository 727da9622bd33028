/*--------------------------------------------------------------------*/
/*--- asynctrace: the preload's requests to the tool.  at_request.h ---*/
/*--------------------------------------------------------------------*/

/* This file is part of asynctrace.  Copyright (C) 2026 the asynctrace
   authors.  GPL-2.0-or-later; see at_basics.h and COPYING.

   The replacement allocators (at_preload.c, at_jemalloc.c) make one
   client request per call, millions of them in a Rust program.  This
   one follows valgrind.h's protocol (its preamble; the arguments'
   address in RAX, the answer in RDX) with only the three arguments the
   tool reads and the answer left in a register, where
   VALGRIND_DO_CLIENT_REQUEST_EXPR stores six volatile arguments and
   reads its answer back from memory.  A macro, not an inline function:
   with --read-inline-info=yes (the tool's default) that would be a
   frame of every allocation stack. */

#ifndef __AT_REQUEST_H
#define __AT_REQUEST_H

#include "valgrind.h"

#if defined(__x86_64__) && defined(__linux__)
#define AT_REQUEST(code, a1, a2, a3)                                   \
   __extension__ ({                                                    \
      unsigned long int args_[4], res_;                                \
      args_[0] = (unsigned long int)(code);                            \
      args_[1] = (unsigned long int)(a1);                              \
      args_[2] = (unsigned long int)(a2);                              \
      args_[3] = (unsigned long int)(a3);                              \
      __asm__ __volatile__(__SPECIAL_INSTRUCTION_PREAMBLE              \
                           "xchgq %%rbx,%%rbx"                         \
                           : "=d" (res_)                               \
                           : "a" (&args_[0]), "0" (0UL)                \
                           : "cc", "memory");                          \
      res_;                                                            \
   })
#else   /* other platforms (an in-tree build's secondary one): valgrind.h's */
#define AT_REQUEST(code, a1, a2, a3)                                   \
   VALGRIND_DO_CLIENT_REQUEST_EXPR(0, (code), (a1), (a2), (a3), 0, 0)
#endif

#endif /* __AT_REQUEST_H */
