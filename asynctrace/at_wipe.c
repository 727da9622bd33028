/*--------------------------------------------------------------------*/
/*--- asynctrace: stale words on thread stacks.         at_wipe.c ---*/
/*--------------------------------------------------------------------*/

/* This file is part of asynctrace.  Copyright (C) 2026 the asynctrace
   authors.  GPL-2.0-or-later; see at_basics.h and COPYING.

   The leak scan counts every word of a live frame as a root.  memcheck
   counts only the words that were written since the stack pointer last
   moved down over them: it marks stack memory undefined as frames are
   pushed and noaccess as they are popped.  A word a frame never wrote
   (padding, a slot the code skips) still holds whatever was there
   before: a pointer spilled by an earlier, deeper call of the same
   thread, or by another thread that used the same stack (glibc hands
   an ended thread's stack to the next pthread_create).  That word would
   keep a leaked block "reachable" for us and not for memcheck.

   We have no shadow memory, so we make those words zero instead:

   - reused: when a thread is created, the part of its stack below its
     first stack pointer is wiped.  No frame of it is there yet, and
     whatever is there is an ended thread's.  Only what is resident is
     touched: whole pages are given back with MADV_DONTNEED (a private
     anonymous mapping reads as zeros afterwards), the partial page
     below the stack pointer is cleared.  Done only when the stack
     pointer lies in a private anonymous mapping with a guard page below,
     as glibc (and so Rust) makes thread stacks.

   - popped (--wipe-stacks=popped, the default): in addition, the
     generated code clears the memory a frame is pushed over, and the
     red zone at every call and return, as memcheck marks them
     undefined (see "Frames pushed" below).  A live frame then holds
     only what the thread wrote into it since, and zeros.

   Clearing memory below the stack pointer (and red zone) changes
   nothing the program may rely on.  The heap wipes large freed blocks the
   same way (wipe_unused).

   Most of those clears would store zeros over zeros: the red zone at a
   call is nearly always clean already (see "The red zone known clean"
   below), so the clear at a call is skipped when it is known to be. */

#include "pub_tool_aspacemgr.h"
#include "pub_tool_libcbase.h"
#include "pub_tool_libcprint.h"
#include "pub_tool_machine.h"
#include "pub_tool_threadstate.h"
#include "pub_tool_tooliface.h"
#include "pub_tool_vki.h"
#include "pub_tool_vkiscnums.h"
#include "pub_tool_libcassert.h"
#include "pub_tool_mallocfree.h"

#include "at_options.h"
#include "at_wipe.h"

#define AT_REDZONE 128       /* below SP, still in use (amd64 ABI) */
#define AT_MADV_DONTNEED 4   /* madvise(2); the SDK's vki has no name */

/* Moves of the stack pointer cleared in place, at most; larger ones
   call a helper, which clears at most AT_MAX_CLEAR. */
#define AT_INLINE_CLEAR 256
#define AT_MAX_CLEAR    (2 * 1024 * 1024)

/* Counts for --stats=yes. */
static ULong n_fresh_stacks, bytes_madvised, bytes_cleared;
static ULong bytes_cleared_by_helper;

/*------------------------------------------------------------*/
/*--- New threads: the reused part of their stacks         ---*/
/*------------------------------------------------------------*/

/* Wipes [lo, hi), memory nobody uses (a stack's, a freed heap
   block's) in a private anonymous mapping: whole pages by
   MADV_DONTNEED, the rest by clearing.  Pages never touched cost
   nothing. */
void AT_(wipe_unused)(Addr lo, Addr hi)
{
   Addr plo = VG_PGROUNDUP(lo);
   Addr phi = VG_PGROUNDDN(hi);
   if (plo < phi) {
      SysRes r = VG_(do_syscall)(__NR_madvise, plo, phi - plo,
                                 AT_MADV_DONTNEED, 0, 0, 0, 0, 0);
      if (sr_isError(r)) {
         VG_(memset)((void*)lo, 0, hi - lo);   /* as a last resort */
         bytes_cleared += hi - lo;
         return;
      }
      bytes_madvised += phi - plo;
      if (lo < plo) {
         VG_(memset)((void*)lo, 0, plo - lo);
         bytes_cleared += plo - lo;
      }
      if (phi < hi) {
         VG_(memset)((void*)phi, 0, hi - phi);
         bytes_cleared += hi - phi;
      }
   } else {
      VG_(memset)((void*)lo, 0, hi - lo);
      bytes_cleared += hi - lo;
   }
}

void AT_(wipe_new_thread_stack)(Addr sp)
{
   NSegment const* seg;
   NSegment const* guard;
   Addr lo, hi;
   if (AT_(clo_wipe_stacks) == AT_WIPE_NO
       || AT_(clo_leak_check) == AT_LEAK_NO)
      return;   /* only the leak scan reads stale words */
   seg = VG_(am_find_nsegment)(sp - 1);
   /* A stack of glibc's (and so Rust's) is a private anonymous mapping
      of its own, readable and writable, with an inaccessible guard page
      just below.  Anything else (a stack in a heap block, in static
      data, without a guard) is left alone: memory below its stack
      pointer may be someone else's. */
   if (seg == NULL || seg->kind != SkAnonC || !seg->hasR || !seg->hasW
       || seg->isCH || seg->hasX || seg->start == 0)
      return;
   guard = VG_(am_find_nsegment)(seg->start - 1);
   if (guard == NULL || guard->kind != SkAnonC || guard->hasR
       || guard->hasW || guard->hasX)
      return;
   lo = seg->start;
   hi = VG_ROUNDDN(sp, sizeof(UWord));
   if (hi > lo + AT_REDZONE)
      hi -= AT_REDZONE;   /* the red zone may hold clone's own words */
   else
      return;
   n_fresh_stacks++;
   AT_(wipe_unused)(lo, hi);
}

/*------------------------------------------------------------*/
/*--- Frames pushed: the instrumentation                   ---*/
/*------------------------------------------------------------*/

/* memcheck's model, which its leak check follows: when the stack
   pointer moves down, the memory that enters [SP - 128, SP + ...) is
   undefined until written; at every call and return, [SP - 128, SP) is
   (VEX's AbiHint).  We clear those same bytes, so that at the leak scan
   a word of a live frame the thread did not write since is zero.  Both
   are below the stack pointer less the red zone, or in the red zone at
   a call or return, where the program keeps nothing by the ABI.

   Done in the generated code, as stores of zero, where the move is by
   a known amount (push, sub rsp, call); a helper, called only when the
   stack pointer went down, clears the rest (alloca, stack probes,
   and rsp), and only within the thread's own stack: a move to another
   stack (a coroutine's) clears nothing.  The core's die_mem_stack hooks
   would cost a helper call on every pop. */

/* Temporaries known to hold SP + delta, with SP as it was at a point
   numbered base (bumped each time SP takes a value we cannot follow). */
typedef struct { Int base; Long delta; } Alias;
static Alias* alias;          /* by temporary */
static Int    n_alias;
static Int    cur_base;       /* SP now is cur_base's value + cur_delta */
static Long   cur_delta;
static Int    next_base;

/* The red zone known clean.  At a call, the callee's red zone [SP - 128,
   SP) is the caller's red zone, less the word the return address went
   to, plus the 8 bytes the call's push cleared below it.  The caller's
   red zone holds something only if the thread put something there
   since it was last cleared: frames popped by anything else than a
   return (pop, add rsp, a move we cannot follow; a return clears its
   red zone at once), or a store below the stack pointer.  Compilers
   store below the stack pointer only in leaf functions, which return
   (and so clear) before their caller calls anything.  A store below
   the stack pointer is seen when its address is the stack pointer's
   plus a constant in the same superblock; one through a pointer
   computed otherwise is not, which would matter only for a function
   that wrote its red zone so and then went on to call (not by a
   return) without writing those words again: no compiler's code does
   that, by the ABI the red zone is the callee's at a call.

   rz_dirty is 0 when the running thread's red zone is known to hold
   zeros only, 1 when it may not.  The generated code keeps it: a
   superblock follows what it does to the red zone (rz_state), clears
   at a call only if that or rz_dirty says it must, and stores rz_dirty
   at its exits if it learnt something.  Whenever the core has had the
   thread (a system call, a signal, another thread), rz_dirty is 1:
   AT_(wipe_resume). */
static UWord rz_dirty = 1;
typedef enum { RZ_UNKNOWN, RZ_CLEAN, RZ_DIRTY } RzState;
static RzState rz_state;      /* what this superblock knows, so far */
static Bool    rz_synced;     /* rz_dirty says the same already */
static ULong   n_rz_helper;   /* calls cleared by the helper */

void AT_(wipe_resume)(void)
{
   rz_dirty = 1;
}

static void set_rz(RzState st)
{
   if (st != rz_state)
      rz_synced = False;
   rz_state = st;
}

void AT_(wipe_sb_start)(IRSB* sb)
{
   Int i, n = sb->tyenv->types_used;
   if (n > n_alias) {
      alias = VG_(realloc)("at.wipe_alias", alias, n * sizeof(Alias));
      n_alias = n;
   }
   for (i = 0; i < n; i++)
      alias[i].base = -1;
   cur_base  = next_base++;
   cur_delta = 0;
   rz_state  = RZ_UNKNOWN;
   rz_synced = True;
}

static Bool known(IRExpr* e, Alias* out)
{
   if (e->tag != Iex_RdTmp || (Int)e->Iex.RdTmp.tmp >= n_alias
       || alias[e->Iex.RdTmp.tmp].base < 0)
      return False;
   *out = alias[e->Iex.RdTmp.tmp];
   return True;
}

/* Clears [lo, hi), the stack below the stack pointer less the red zone
   after a move down that the generated code could not size. */
static VG_REGPARM(2) void clear_pushed(Addr old_sp, Addr new_sp)
{
   ThreadId tid = VG_(get_running_tid)();
   Addr lo = new_sp - AT_REDZONE, hi = old_sp - AT_REDZONE;
   Addr smax, smin;
   if (tid == VG_INVALID_THREADID)
      return;
   smax = VG_(thread_get_stack_max)(tid);
   smin = smax - VG_(thread_get_stack_size)(tid) + 1;
   if (lo < smin || hi > smax + 1 || hi - lo > AT_MAX_CLEAR)
      return;
   lo = VG_ROUNDDN(lo, sizeof(UWord));   /* more below is dead too */
   hi = VG_ROUNDDN(hi, sizeof(UWord));
   /* The main thread's stack is mapped as it grows: what is not mapped
      yet will be new, zero pages.  Clear the mapped part next to hi. */
   if (lo < hi) {
      NSegment const* seg = VG_(am_find_nsegment)(hi - 1);
      if (seg == NULL || seg->kind != SkAnonC || !seg->hasW)
         return;
      if (lo < seg->start)
         lo = seg->start;
   }
   if (lo < hi) {
      AT_(zero_range)(lo, hi);
      bytes_cleared_by_helper += hi - lo;
   }
}

/* The call's red zone [base, base + 128), when rz_dirty was 1: eight
   16-byte stores (VG_(memset) would make 32 of 4 bytes). */
typedef UChar AT_Vec16u __attribute__((vector_size(16), aligned(1)));

static VG_REGPARM(1) void clear_redzone(Addr base)
{
   AT_Vec16u* v = (AT_Vec16u*)base;
   AT_Vec16u  z = { 0 };
   v[0] = z; v[1] = z; v[2] = z; v[3] = z;
   v[4] = z; v[5] = z; v[6] = z; v[7] = z;
   rz_dirty = 0;
   n_rz_helper++;
}

static IRExpr* plus(IRSB* sb, IRExpr* atom, Long k)
{
   IRTemp t = newIRTemp(sb->tyenv, Ity_I64);
   addStmtToIRSB(sb, IRStmt_WrTmp(t, IRExpr_Binop(
                                    Iop_Add64, atom,
                                    IRExpr_Const(IRConst_U64((ULong)k)))));
   return IRExpr_RdTmp(t);
}

/* Sixteen zero bytes, loaded into the vector register of the stores
   below: a constant would be put back into each store by VEX and made
   again for each (a xor and a store per 16 bytes, not a store). */
static const ULong zero16[2] __attribute__((aligned(16))) = { 0, 0 };

/* Stores zero at [atom + from, atom + to); to - from a multiple of 8. */
static void add_zero_stores(IRSB* sb, IRExpr* atom, Long from, Long to)
{
   IRTemp zero = IRTemp_INVALID;   /* one vector register for them all */
   while (from < to) {
      Bool wide = to - from >= 16;
      if (wide && zero == IRTemp_INVALID) {
         zero = newIRTemp(sb->tyenv, Ity_V128);
         addStmtToIRSB(sb, IRStmt_WrTmp(zero, IRExpr_Load(
            Iend_LE, Ity_V128, mkIRExpr_HWord((HWord)zero16))));
      }
      addStmtToIRSB(sb, IRStmt_Store(Iend_LE, plus(sb, atom, from),
                                     wide ? IRExpr_RdTmp(zero)
                                          : IRExpr_Const(IRConst_U64(0))));
      from += wide ? 16 : 8;
   }
}

/* After sb's statement that moved SP from old (an atom) to new_sp. */
static void add_clear_call(IRSB* sb, IRExpr* old, IRExpr* new_sp)
{
   IRTemp   down = newIRTemp(sb->tyenv, Ity_I1);
   IRDirty* di;
   addStmtToIRSB(sb, IRStmt_WrTmp(down, IRExpr_Binop(Iop_CmpLT64U,
                                                     new_sp, old)));
   di = unsafeIRDirty_0_N(2, "at_clear_pushed",
                          VG_(fnptr_to_fnentry)(clear_pushed),
                          mkIRExprVec_2(old, new_sp));
   di->guard = IRExpr_RdTmp(down);
   addStmtToIRSB(sb, IRStmt_Dirty(di));
}

/* Stores rz_dirty if the superblock learnt something since it last
   did (before its exits and at its end). */
void AT_(wipe_sync)(IRSB* sb)
{
   if (!AT_(wipe_redzones) || rz_synced)
      return;
   tl_assert(rz_state != RZ_UNKNOWN);
   addStmtToIRSB(sb, IRStmt_Store(Iend_LE, mkIRExpr_HWord((HWord)&rz_dirty),
                                  mkIRExpr_HWord(rz_state == RZ_DIRTY)));
   rz_synced = True;
}

/* A store to [addr, addr + size): does it write the red zone? */
static void note_store(IRSB* sb, IRExpr* addr, Int size)
{
   Alias a;
   if (!known(addr, &a))
      return;   /* not the stack pointer's: see "The red zone known clean" */
   if (a.base != cur_base
       || (a.delta < cur_delta && a.delta + size > cur_delta - AT_REDZONE))
      set_rz(RZ_DIRTY);
}

/* The red zone at a call or return: [base, base + len). */
static void clear_hint(IRSB* sb, IRStmt* st)
{
   IRExpr* base = st->Ist.AbiHint.base;
   Int     len  = st->Ist.AbiHint.len;
   Alias   a;
   Bool    whole = len == AT_REDZONE && known(base, &a)
                   && a.base == cur_base && a.delta == cur_delta - AT_REDZONE;
   if (!whole) {
      if (len % 8 == 0)
         add_zero_stores(sb, base, 0, len);
      return;
   }
   switch (rz_state) {
      case RZ_CLEAN:
         return;   /* nothing to clear */
      case RZ_DIRTY:
         add_zero_stores(sb, base, 0, len);
         break;
      case RZ_UNKNOWN: {
         /* if (rz_dirty) clear_redzone(base): 1 time in 5 or so. */
         IRTemp   d = newIRTemp(sb->tyenv, Ity_I64);
         IRTemp   g = newIRTemp(sb->tyenv, Ity_I1);
         IRDirty* di;
         addStmtToIRSB(sb, IRStmt_WrTmp(d, IRExpr_Load(Iend_LE, Ity_I64,
                          mkIRExpr_HWord((HWord)&rz_dirty))));
         addStmtToIRSB(sb, IRStmt_WrTmp(g, IRExpr_Binop(Iop_CmpNE64,
                          IRExpr_RdTmp(d), IRExpr_Const(IRConst_U64(0)))));
         di = unsafeIRDirty_0_N(1, "at_clear_redzone",
                                VG_(fnptr_to_fnentry)(clear_redzone),
                                mkIRExprVec_1(base));
         di->guard = IRExpr_RdTmp(g);
         addStmtToIRSB(sb, IRStmt_Dirty(di));
         /* rz_dirty is 0 now, either way. */
         rz_state  = RZ_CLEAN;
         rz_synced = True;
         return;
      }
   }
   set_rz(RZ_CLEAN);
}

Bool AT_(wipe_stmt)(IRSB* sb, IRStmt* st, Int offset_sp)
{
   IRExpr* e;
   Alias   a;
   if (!AT_(wipe_redzones))
      return False;
   switch (st->tag) {
      case Ist_WrTmp:
         e = st->Ist.WrTmp.data;
         if (e->tag == Iex_Get && e->Iex.Get.offset == offset_sp
             && e->Iex.Get.ty == Ity_I64) {
            alias[st->Ist.WrTmp.tmp].base  = cur_base;
            alias[st->Ist.WrTmp.tmp].delta = cur_delta;
         } else if (e->tag == Iex_Binop
                    && (e->Iex.Binop.op == Iop_Add64
                        || e->Iex.Binop.op == Iop_Sub64)
                    && known(e->Iex.Binop.arg1, &a)
                    && e->Iex.Binop.arg2->tag == Iex_Const
                    && e->Iex.Binop.arg2->Iex.Const.con->tag == Ico_U64) {
            Long c = (Long)e->Iex.Binop.arg2->Iex.Const.con->Ico.U64;
            a.delta += e->Iex.Binop.op == Iop_Add64 ? c : -c;
            alias[st->Ist.WrTmp.tmp] = a;
         } else if (known(e, &a)) {
            alias[st->Ist.WrTmp.tmp] = a;
         }
         return False;
      case Ist_Put: {
         Int    size = sizeofIRType(typeOfIRExpr(sb->tyenv, st->Ist.Put.data));
         Int    off  = st->Ist.Put.offset;
         IRTemp old;
         if (off + size <= offset_sp || off >= offset_sp + 8)
            return False;
         if (off == offset_sp && size == 8 && known(st->Ist.Put.data, &a)
             && a.base == cur_base) {
            Long moved = a.delta - cur_delta;
            addStmtToIRSB(sb, st);
            cur_delta = a.delta;
            if (moved > 0)
               set_rz(RZ_DIRTY);   /* what was popped is in the red zone */
            if (moved >= 0)
               return True;
            if (-moved <= AT_INLINE_CLEAR && (-moved) % 8 == 0) {
               /* [new - 128, old - 128): the red zone stays as clean
                  as it was. */
               add_zero_stores(sb, st->Ist.Put.data, -AT_REDZONE,
                               -AT_REDZONE - moved);
               return True;
            }
            set_rz(RZ_DIRTY);   /* the helper may clear nothing */
            old = newIRTemp(sb->tyenv, Ity_I64);
            addStmtToIRSB(sb, IRStmt_WrTmp(old, IRExpr_Binop(
               Iop_Sub64, st->Ist.Put.data,
               IRExpr_Const(IRConst_U64((ULong)moved)))));
            add_clear_call(sb, IRExpr_RdTmp(old), st->Ist.Put.data);
            return True;
         }
         /* A value we cannot follow: compare before and after. */
         old = newIRTemp(sb->tyenv, Ity_I64);
         addStmtToIRSB(sb, IRStmt_WrTmp(old, IRExpr_Get(offset_sp, Ity_I64)));
         addStmtToIRSB(sb, st);
         {
            IRTemp now = newIRTemp(sb->tyenv, Ity_I64);
            addStmtToIRSB(sb, IRStmt_WrTmp(now, IRExpr_Get(offset_sp,
                                                           Ity_I64)));
            add_clear_call(sb, IRExpr_RdTmp(old), IRExpr_RdTmp(now));
         }
         cur_base  = next_base++;
         cur_delta = 0;
         if (st->Ist.Put.data->tag == Iex_RdTmp
             && (Int)st->Ist.Put.data->Iex.RdTmp.tmp < n_alias) {
            alias[st->Ist.Put.data->Iex.RdTmp.tmp].base  = cur_base;
            alias[st->Ist.Put.data->Iex.RdTmp.tmp].delta = 0;
         }
         set_rz(RZ_DIRTY);
         return True;
      }
      case Ist_Store:
         note_store(sb, st->Ist.Store.addr,
                    sizeofIRType(typeOfIRExpr(sb->tyenv,
                                              st->Ist.Store.data)));
         return False;
      case Ist_StoreG:
         note_store(sb, st->Ist.StoreG.details->addr,
                    sizeofIRType(typeOfIRExpr(sb->tyenv,
                                              st->Ist.StoreG.details->data)));
         return False;
      case Ist_CAS:
         note_store(sb, st->Ist.CAS.details->addr, 16);
         return False;
      case Ist_Dirty:
         if (st->Ist.Dirty.details->mFx != Ifx_None
             && st->Ist.Dirty.details->mFx != Ifx_Read)
            note_store(sb, st->Ist.Dirty.details->mAddr,
                       st->Ist.Dirty.details->mSize);
         return False;
      case Ist_AbiHint:
         addStmtToIRSB(sb, st);
         clear_hint(sb, st);
         return True;
      default:
         return False;
   }
}

/*------------------------------------------------------------*/
/*--- Setting up                                           ---*/
/*------------------------------------------------------------*/

Bool AT_(wipe_redzones);

void AT_(wipe_post_clo_init)(void)
{
   AT_(wipe_redzones) = AT_(clo_wipe_stacks) == AT_WIPE_POPPED
                        && AT_(clo_leak_check) != AT_LEAK_NO;
}

void AT_(wipe_print_stats)(void)
{
   VG_(message)(Vg_DebugMsg,
                "asynctrace: stacks wiped at thread creation: %llu; "
                "%llu bytes reset by madvise, %llu cleared\n",
                n_fresh_stacks, bytes_madvised, bytes_cleared);
   VG_(message)(Vg_DebugMsg,
                "asynctrace: bytes cleared below a moved stack pointer "
                "by the helper: %llu; red zones cleared at a call by the "
                "helper: %llu\n", bytes_cleared_by_helper, n_rz_helper);
}

/*--------------------------------------------------------------------*/
/*--- end                                               at_wipe.c  ---*/
/*--------------------------------------------------------------------*/
