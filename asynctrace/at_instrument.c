/*--------------------------------------------------------------------*/
/*--- asynctrace: instrumentation.                 at_instrument.c ---*/
/*--------------------------------------------------------------------*/

/* This file is part of asynctrace.  Copyright (C) 2026 the asynctrace
   authors.  GPL-2.0-or-later; see at_basics.h and COPYING.

   Two things are added to the client's code, both cheap:
   - instructions: the counter of at_insns.c, bumped by the number of
     guest instructions before every exit of a superblock and at its end
     (so the count is exact, whichever exit is taken); when a thread
     stops running, what the counter gained is charged to it;
   - roles: a call to AT_(role_enter) at the entry of the runtime
     functions that give a thread its role (at_roles.c).  VEX follows
     calls into callees, so every instruction mark is checked, not just
     the first of a superblock.
   - with --wipe-stacks=popped, stores of zero where a frame is pushed
     and into the red zone at calls and returns (at_wipe.c).
   - Rayon's splits: a call of AT_(rayon_pushed) after a store of a
     StackJob's execute function, a JobRef made (at_rayon.c);
   - with --cpu-sample, at the end of each superblock a sign test of
     the counter's new value (at_insns.h), and a call to
     AT_(cpu_sample) when it is due (at_cpu.c), given the last
     instruction counted, where the stack is unwound from.
   And one thing is taken away: a superblock that ends in a client
   request asks AT_(heap_request) first, from the generated code, and
   goes to the core's scheduler only if that is not one of the heap's.
   The stubs of the malloc replacement make one client request per call,
   and the trip out to the scheduler and back cost more than the tool's
   work on the call. */

#include "pub_tool_debuginfo.h"
#include "pub_tool_libcbase.h"
#include "pub_tool_machine.h"
#include "pub_tool_threadstate.h"
#include "libvex_guest_amd64.h"

#include "at_attr.h"
#include "at_cpu.h"
#include "at_heap.h"
#include "at_insns.h"
#include "at_instrument.h"
#include "at_rayon.h"
#include "at_threads.h"
#include "at_wipe.h"

/*------------------------------------------------------------*/
/*--- Instruction counting                                 ---*/
/*------------------------------------------------------------*/

static void at_start_client_code(ThreadId tid, ULong blocks_done)
{
   AT_(wipe_resume)();
   AT_(insns_switch)(tid);
}

static void at_stop_client_code(ThreadId tid, ULong blocks_done)
{
   AT_(insns_stop)();
}

void AT_(instrument_register_hooks)(void)
{
   VG_(track_start_client_code)(at_start_client_code);
   VG_(track_stop_client_code)(at_stop_client_code);
}

/* A helper that unwinds the stack reads SP and FP (and IP, if ip) from
   the guest state: the code must have written them back first. */
static void reads_frame_regs(IRDirty* di, const VexGuestLayout* layout,
                             Bool ip)
{
   di->nFxState = ip ? 3 : 2;
   VG_(memset)(&di->fxState, 0, sizeof(di->fxState));
   di->fxState[0].fx     = Ifx_Read;
   di->fxState[0].offset = layout->offset_SP;
   di->fxState[0].size   = layout->sizeof_SP;
   di->fxState[1].fx     = Ifx_Read;
   di->fxState[1].offset = layout->offset_FP;
   di->fxState[1].size   = layout->sizeof_FP;
   if (ip) {
      di->fxState[2].fx     = Ifx_Read;
      di->fxState[2].offset = layout->offset_IP;
      di->fxState[2].size   = layout->sizeof_IP;
   }
}

/* Adds n to the counter; returns the new count's temporary
   (IRTemp_INVALID if n is 0: nothing added). */
static IRTemp add_count(IRSB* sb, ULong n)
{
   IRTemp  old, sum;
   IRExpr* addr;
   if (n == 0)
      return IRTemp_INVALID;
   addr = mkIRExpr_HWord((HWord)&AT_(insns_ctr));
   old  = newIRTemp(sb->tyenv, Ity_I64);
   sum  = newIRTemp(sb->tyenv, Ity_I64);
   addStmtToIRSB(sb, IRStmt_WrTmp(old, IRExpr_Load(Iend_LE, Ity_I64, addr)));
   addStmtToIRSB(sb, IRStmt_WrTmp(sum, IRExpr_Binop(Iop_Add64,
                                          IRExpr_RdTmp(old),
                                          IRExpr_Const(IRConst_U64(n)))));
   addStmtToIRSB(sb, IRStmt_Store(Iend_LE, addr, IRExpr_RdTmp(sum)));
   return sum;
}

/* With --cpu-sample: when the counter's new value sum is not negative
   (the next sample is due, at_insns.h), a sample at ip (the last
   instruction counted), SP and FP read for the unwind (at_cpu.c). */
static void add_sample_check(IRSB* sb, const VexGuestLayout* layout,
                             IRTemp sum, Addr ip)
{
   IRTemp   below, due;
   IRDirty* di;
   if (!AT_(cpu_on)() || ip == 0)
      return;
   if (sum == IRTemp_INVALID) {      /* nothing counted since the last exit */
      sum = newIRTemp(sb->tyenv, Ity_I64);
      addStmtToIRSB(sb, IRStmt_WrTmp(sum, IRExpr_Load(
         Iend_LE, Ity_I64, mkIRExpr_HWord((HWord)&AT_(insns_ctr)))));
   }
   due = newIRTemp(sb->tyenv, Ity_I1);
   /* "not below 0": the comparison takes 0 as an immediate. */
   below = newIRTemp(sb->tyenv, Ity_I1);
   addStmtToIRSB(sb, IRStmt_WrTmp(below, IRExpr_Binop(
      Iop_CmpLT64S, IRExpr_RdTmp(sum), IRExpr_Const(IRConst_U64(0)))));
   addStmtToIRSB(sb, IRStmt_WrTmp(due, IRExpr_Unop(Iop_Not1,
                                                   IRExpr_RdTmp(below))));
   /* ip goes as an argument: the helper sets the guest's IP itself
      (the block's jump puts its own after), no store on every pass.
      After a call or a return SP no longer matches ip (at_cpu.c). */
   if (sb->jumpkind == Ijk_Call)
      di = unsafeIRDirty_0_N(1, "at_cpu_sample_call",
                             VG_(fnptr_to_fnentry)(AT_(cpu_sample_call)),
                             mkIRExprVec_1(mkIRExpr_HWord((HWord)ip)));
   else if (sb->jumpkind == Ijk_Ret)
      di = unsafeIRDirty_0_N(2, "at_cpu_sample_ret",
                             VG_(fnptr_to_fnentry)(AT_(cpu_sample_ret)),
                             mkIRExprVec_2(mkIRExpr_HWord((HWord)ip),
                                           sb->next));
   else
      di = unsafeIRDirty_0_N(1, "at_cpu_sample",
                             VG_(fnptr_to_fnentry)(AT_(cpu_sample)),
                             mkIRExprVec_1(mkIRExpr_HWord((HWord)ip)));
   di->guard = IRExpr_RdTmp(due);
   reads_frame_regs(di, layout, False);
   addStmtToIRSB(sb, IRStmt_Dirty(di));
}

/* Whether sb ends in a plain jump forward to code of the function of
   its last instruction ip.  No sample check is needed there: the
   superblock that follows runs in the same function and a due sample is
   taken at its end or a later one, before any call, return or loop back
   (those ends keep their check), so it still falls in this function and
   charges the same instructions. */
static Bool jumps_on_in_function(IRSB* sb, Addr ip)
{
   DiEpoch      ep = VG_(current_DiEpoch)();
   const HChar* name;
   HChar        here[128];
   Addr         to;
   if (sb->jumpkind != Ijk_Boring || sb->next->tag != Iex_Const)
      return False;
   to = (Addr)sb->next->Iex.Const.con->Ico.U64;
   if (to <= ip || !VG_(get_fnname)(ep, ip, &name))
      return False;
   VG_(strncpy)(here, name, sizeof(here) - 1);
   here[sizeof(here) - 1] = 0;
   return VG_(get_fnname)(ep, to, &name)
          && VG_(strncmp)(here, name, sizeof(here) - 1) == 0;
}

/*------------------------------------------------------------*/
/*--- Role entries                                         ---*/
/*------------------------------------------------------------*/

static void add_role_enter(IRSB* sb, const VexGuestLayout* layout, Int rule,
                           Addr at)
{
   /* Dirty calls take atoms: read the registers into temporaries. */
   IRTemp sp  = newIRTemp(sb->tyenv, Ity_I64);
   IRTemp rdi = newIRTemp(sb->tyenv, Ity_I64);
   IRExpr** args;
   /* The entry may record a stack (a block_on's call site, a job's):
      the guest state's IP must be this instruction's, and SP, FP and IP
      written back, or the unwind starts from a stale IP with the entry's
      SP and reads garbage after a frame or two. */
   addStmtToIRSB(sb, IRStmt_Put(layout->offset_IP,
                                IRExpr_Const(IRConst_U64((ULong)at))));
   addStmtToIRSB(sb, IRStmt_WrTmp(sp, IRExpr_Get(layout->offset_SP, Ity_I64)));
   addStmtToIRSB(sb, IRStmt_WrTmp(rdi, IRExpr_Get(
                    offsetof(VexGuestAMD64State, guest_RDI), Ity_I64)));
   args = mkIRExprVec_3(mkIRExpr_HWord((HWord)rule), IRExpr_RdTmp(sp),
                        IRExpr_RdTmp(rdi));
   IRDirty* di = unsafeIRDirty_0_N(3, "at_role_enter",
                                   VG_(fnptr_to_fnentry)(AT_(role_enter)),
                                   args);
   reads_frame_regs(di, layout, True);
   addStmtToIRSB(sb, IRStmt_Dirty(di));
}

/* A Tokio poll returns to a: note it (at_tasks.c). */
static void add_task_leave(IRSB* sb, const VexGuestLayout* layout)
{
   IRTemp sp = newIRTemp(sb->tyenv, Ity_I64);
   IRDirty* di;
   addStmtToIRSB(sb, IRStmt_WrTmp(sp, IRExpr_Get(layout->offset_SP, Ity_I64)));
   di = unsafeIRDirty_0_N(1, "at_task_leave",
                          VG_(fnptr_to_fnentry)(AT_(task_leave)),
                          mkIRExprVec_1(IRExpr_RdTmp(sp)));
   addStmtToIRSB(sb, IRStmt_Dirty(di));
}

/* st stores a constant: if it is a Rayon StackJob's execute function (a
   JobRef made), call rayon_pushed with the store's address after it. */
static void add_rayon_push(IRSB* sb, IRStmt* st)
{
   IRExpr*  data = st->Ist.Store.data;
   IRDirty* di;
   if (data->tag != Iex_Const || data->Iex.Const.con->tag != Ico_U64
       || !AT_(rayon_stack_job_fn)((Addr)data->Iex.Const.con->Ico.U64))
      return;
   di = unsafeIRDirty_0_N(1, "at_rayon_pushed",
                          VG_(fnptr_to_fnentry)(AT_(rayon_pushed)),
                          mkIRExprVec_1(st->Ist.Store.addr));
   addStmtToIRSB(sb, IRStmt_Dirty(di));
}

/*------------------------------------------------------------*/
/*--- Client requests answered in place                    ---*/
/*------------------------------------------------------------*/

/* On amd64 a client request passes the address of its arguments in RAX
   and gets its answer in RDX.  Returns 1 if it answered. */
static UWord at_fast_request(VexGuestAMD64State* gst)
{
   UWord ret;
   if (!AT_(heap_request)(VG_(get_running_tid)(),
                          (const UWord*)(Addr)gst->guest_RAX, &ret))
      return 0;
   gst->guest_RDX = ret;
   return 1;
}

/* sb ends in a client request (to next): call at_fast_request, and
   leave for the scheduler only if it did not answer. */
static void add_fast_request(IRSB* sb, const VexGuestLayout* layout,
                             IRConst* next)
{
   IRTemp   done   = newIRTemp(sb->tyenv, Ity_I64);
   IRTemp   undone = newIRTemp(sb->tyenv, Ity_I1);
   IRDirty* di     = unsafeIRDirty_1_N(
                      done, 0, "at_fast_request",
                      VG_(fnptr_to_fnentry)(at_fast_request),
                      mkIRExprVec_1(IRExpr_GSPTR()));
   /* It reads the whole guest state (the stack is unwound from it) and
      writes RDX. */
   di->nFxState = 2;
   VG_(memset)(&di->fxState, 0, sizeof(di->fxState));
   di->fxState[0].fx     = Ifx_Read;
   di->fxState[0].offset = 0;
   di->fxState[0].size   = layout->total_sizeB;
   di->fxState[1].fx     = Ifx_Modify;
   di->fxState[1].offset = offsetof(VexGuestAMD64State, guest_RDX);
   di->fxState[1].size   = 8;
   addStmtToIRSB(sb, IRStmt_Dirty(di));
   addStmtToIRSB(sb, IRStmt_WrTmp(undone, IRExpr_Binop(
                                     Iop_CmpEQ64, IRExpr_RdTmp(done),
                                     IRExpr_Const(IRConst_U64(0)))));
   addStmtToIRSB(sb, IRStmt_Exit(IRExpr_RdTmp(undone), Ijk_ClientReq, next,
                                 layout->offset_IP));
   sb->jumpkind = Ijk_Boring;
}

/*------------------------------------------------------------*/
/*--- The pass                                             ---*/
/*------------------------------------------------------------*/

IRSB* AT_(instrument)(VgCallbackClosure* closure, IRSB* sbIn,
                      const VexGuestLayout* layout,
                      const VexGuestExtents* vge,
                      const VexArchInfo* archinfo_host,
                      IRType gWordTy, IRType hWordTy)
{
   IRSB* sbOut;
   ULong pending = 0;
   Addr  last_ip = 0;
   Int   i;

   if (gWordTy != hWordTy)
      VG_(tool_panic)("host/guest word size mismatch");

   sbOut = deepCopyIRSBExceptStmts(sbIn);
   AT_(wipe_sb_start)(sbIn);
   for (i = 0; i < sbIn->stmts_used; i++) {
      IRStmt* st = sbIn->stmts[i];
      if (st == NULL)
         continue;
      switch (st->tag) {
         case Ist_IMark: {
            Int rule;
            pending++;
            last_ip = (Addr)st->Ist.IMark.addr;
            addStmtToIRSB(sbOut, st);
            rule = AT_(role_rule_at)((Addr)st->Ist.IMark.addr);
            if (rule >= 0)
               add_role_enter(sbOut, layout, rule,
                              (Addr)st->Ist.IMark.addr);
            if (AT_(task_return_point)((Addr)st->Ist.IMark.addr))
               add_task_leave(sbOut, layout);
            break;
         }
         case Ist_Exit:
            add_count(sbOut, pending);
            pending = 0;
            AT_(wipe_sync)(sbOut);
            addStmtToIRSB(sbOut, st);
            break;
         default:
            if (!AT_(wipe_stmt)(sbOut, st, layout->offset_SP))
               addStmtToIRSB(sbOut, st);
            if (st->tag == Ist_Store)
               add_rayon_push(sbOut, st);
            break;
      }
   }
   /* The sample check at the end only: a side exit taken leaves it to
      the next superblock's end, a few instructions later; a check at
      every exit cost more than the samples (a guarded call makes the
      code around it keep its registers in memory). */
   {
      IRTemp sum = add_count(sbOut, pending);
      if (!jumps_on_in_function(sbOut, last_ip))
         add_sample_check(sbOut, layout, sum, last_ip);
   }
   AT_(wipe_sync)(sbOut);
   if (sbOut->jumpkind == Ijk_ClientReq && sbOut->next->tag == Iex_Const)
      add_fast_request(sbOut, layout, sbOut->next->Iex.Const.con);
   return sbOut;
}

/*--------------------------------------------------------------------*/
/*--- end                                          at_instrument.c ---*/
/*--------------------------------------------------------------------*/
