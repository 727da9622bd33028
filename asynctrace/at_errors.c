/*--------------------------------------------------------------------*/
/*--- asynctrace: errors as Valgrind reports them.      at_errors.c ---*/
/*--------------------------------------------------------------------*/

/* This file is part of asynctrace.  Copyright (C) 2026 the asynctrace
   authors.  GPL-2.0-or-later; see at_basics.h and COPYING.

   A bad heap call (an invalid or double free, a realloc of freed
   memory, a sized free whose size is not the block's, a calloc whose
   size overflows, a bad alignment, a size too large) goes to the
   report (at_heap.c keeps them by stack) and, through the hook this
   file gives at_heap.c, to the core's error manager, as memcheck's
   errors do.  So Valgrind's habits hold: each is printed on stderr when
   it first happens at its stack, in memcheck's words where memcheck
   has the same error, with the thread and its role; the core counts
   them by context for the ERROR SUMMARY at exit and for
   --error-exitcode; --suppressions files suppress them by kind
   (asynctrace:InvalidFree, ... below) and frames, and
   --gen-suppressions writes such entries.  A suppressed call is still
   in the report: the report says what happened. */

#include "pub_tool_errormgr.h"
#include "pub_tool_libcbase.h"
#include "pub_tool_libcprint.h"
#include "pub_tool_tooliface.h"

#include "at_attr.h"
#include "at_errors.h"
#include "at_heap.h"
#include "at_roles.h"
#include "at_threads.h"

/* What the core copies with each error: the error's own figures. */
typedef struct {
   UInt  seq;            /* the thread's, from 1 */
   HChar role[64];
   SizeT size, given;
} Extra;

/* Suppression names, by AT_BadKind: asynctrace:NAME in a file. */
static const HChar* const supp_names[AT_BAD_N] = {
   "InvalidFree", "DoubleFree", "ReallocFreed", "ReallocInvalid",
   "CallocOverflow", "BadAlignment", "SizedFreeMismatch", "TooLarge",
};

static Bool eq_error(VgRes res, const Error* a, const Error* b)
{
   return True;          /* same kind and stack (the core compares) */
}

static void before_pp(const Error* err)
{
}

static void pp_error(const Error* err)
{
   const Extra* x = VG_(get_error_extra)(err);
   Addr         a = VG_(get_error_address)(err);
   switch (VG_(get_error_kind)(err)) {
   case AT_BAD_INVALID_FREE:
   case AT_BAD_DOUBLE_FREE:
   case AT_BAD_REALLOC_FREED:
   case AT_BAD_REALLOC_INVALID:
      VG_(umsg)("Invalid free() / delete / delete[] / realloc()\n");
      break;
   case AT_BAD_SIZED_FREE:
      VG_(umsg)("Mismatched new/delete size value: %lu\n", x->given);
      break;
   case AT_BAD_CALLOC_OVERFLOW:
      VG_(umsg)("calloc(%lu, %lu): the size overflows\n", x->size,
                x->given);
      break;
   case AT_BAD_ALIGNMENT:
      VG_(umsg)("Invalid alignment value: %lu (should be power of 2)\n",
                x->given);
      break;
   case AT_BAD_TOO_LARGE:
      VG_(umsg)("Argument 'size' of an allocation has a fishy (possibly "
                "negative) value: %lld\n", (Long)x->size);
      break;
   default:
      VG_(umsg)("Bad heap call\n");
      break;
   }
   VG_(pp_ExeContext)(VG_(get_error_where)(err));
   switch (VG_(get_error_kind)(err)) {
   case AT_BAD_INVALID_FREE:
      VG_(umsg)(" Address 0x%lx is not the start of a block the program "
                "allocated\n", a);
      break;
   case AT_BAD_DOUBLE_FREE:
      VG_(umsg)(" Address 0x%lx was freed already (a double free)\n", a);
      break;
   case AT_BAD_REALLOC_FREED:
      VG_(umsg)(" Address 0x%lx was freed already (realloc of freed "
                "memory)\n", a);
      break;
   case AT_BAD_REALLOC_INVALID:
      VG_(umsg)(" Address 0x%lx is not the start of a block the program "
                "allocated (realloc)\n", a);
      break;
   case AT_BAD_SIZED_FREE:
      VG_(umsg)(" Address 0x%lx is the start of a block of size %lu\n", a,
                x->size);
      break;
   default:
      break;
   }
   VG_(umsg)(" In thread %u, %s\n", x->seq, x->role);
}

static UInt update_extra(const Error* err)
{
   return sizeof(Extra);
}

static Bool recognised_suppression(const HChar* name, Supp* su)
{
   UInt k;
   for (k = 0; k < AT_BAD_N; k++)
      if (VG_(strcmp)(name, supp_names[k]) == 0) {
         VG_(set_supp_kind)(su, (SuppKind)k);
         return True;
      }
   return False;
}

static Bool read_extra_suppression_info(Int fd, HChar** bufpp, SizeT* nBufp,
                                        Int* lineno, Supp* su)
{
   return True;          /* the kinds take no extra line */
}

static Bool error_matches_suppression(const Error* err, const Supp* su)
{
   return VG_(get_error_kind)(err) == VG_(get_supp_kind)(su);
}

static const HChar* get_error_name(const Error* err)
{
   UInt k = VG_(get_error_kind)(err);
   return k < AT_BAD_N ? supp_names[k] : NULL;
}

static SizeT no_extra_info(const Error* err, HChar* buf, Int n)
{
   if (n > 0)
      buf[0] = '\0';
   return 0;
}

static SizeT no_extra_use(const Supp* su, HChar* buf, Int n)
{
   if (n > 0)
      buf[0] = '\0';
   return 0;
}

static void no_use_update(const Error* err, const Supp* su)
{
}

void AT_(error_bad_call)(ThreadId tid, UInt kind, Addr addr, SizeT size,
                         SizeT given)
{
   Extra      x;
   AT_Thread* t = AT_(thread)(tid);
   VG_(memset)(&x, 0, sizeof x);
   x.seq   = t ? t->seq : 0;
   x.size  = size;
   x.given = given;
   AT_(role_words)(AT_(role_now)(tid), x.role, sizeof x.role);
   VG_(maybe_record_error)(tid, (ErrorKind)kind, addr, NULL, &x);
}

void AT_(errors_pre_clo_init)(void)
{
   VG_(needs_tool_errors)(eq_error, before_pp, pp_error, False, update_extra,
                          recognised_suppression,
                          read_extra_suppression_info,
                          error_matches_suppression, get_error_name,
                          no_extra_info, no_extra_use, no_use_update);
}

/*--------------------------------------------------------------------*/
/*--- end                                              at_errors.c ---*/
/*--------------------------------------------------------------------*/
