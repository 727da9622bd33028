/*--------------------------------------------------------------------*/
/*--- asynctrace: instrumentation.                 at_instrument.c ---*/
/*--------------------------------------------------------------------*/

/* This file is part of asynctrace.  Copyright (C) 2026 the asynctrace
   authors.  GPL-2.0-or-later; see at_basics.h and COPYING.

   Two things are added to the client's code, both cheap:
   - instructions: one global counter, bumped by the number of guest
     instructions before every exit of a superblock and at its end (so
     the count is exact, whichever exit is taken); when a thread stops
     running, what the counter gained is charged to it;
   - roles: a call to AT_(role_enter) at the entry of the runtime
     functions that give a thread its role (at_roles.c).  VEX follows
     calls into callees, so every instruction mark is checked, not just
     the first of a superblock. */

#include "pub_tool_machine.h"
#include "pub_tool_threadstate.h"
#include "libvex_guest_amd64.h"

#include "at_instrument.h"
#include "at_roles.h"
#include "at_threads.h"

/*------------------------------------------------------------*/
/*--- Instruction counting                                 ---*/
/*------------------------------------------------------------*/

static ULong    insns_total;      /* bumped by the generated code */
static ULong    insns_charged;    /* insns_total when last charged */
static ThreadId insns_tid;        /* who is running them */

ULong AT_(insns_now)(void) { return insns_total; }

void AT_(charge_insns)(void)
{
   AT_Thread* t = insns_tid ? AT_(thread)(insns_tid) : NULL;
   if (t)
      t->insns += insns_total - insns_charged;
   insns_charged = insns_total;
}

static void at_start_client_code(ThreadId tid, ULong blocks_done)
{
   if (tid != insns_tid) {
      AT_(charge_insns)();
      insns_tid = tid;
   }
}

static void at_stop_client_code(ThreadId tid, ULong blocks_done)
{
   AT_(charge_insns)();
}

void AT_(instrument_register_hooks)(void)
{
   VG_(track_start_client_code)(at_start_client_code);
   VG_(track_stop_client_code)(at_stop_client_code);
}

static void add_count(IRSB* sb, ULong n)
{
   IRTemp  old, sum;
   IRExpr* addr;
   if (n == 0)
      return;
   addr = mkIRExpr_HWord((HWord)&insns_total);
   old  = newIRTemp(sb->tyenv, Ity_I64);
   sum  = newIRTemp(sb->tyenv, Ity_I64);
   addStmtToIRSB(sb, IRStmt_WrTmp(old, IRExpr_Load(Iend_LE, Ity_I64, addr)));
   addStmtToIRSB(sb, IRStmt_WrTmp(sum, IRExpr_Binop(Iop_Add64,
                                          IRExpr_RdTmp(old),
                                          IRExpr_Const(IRConst_U64(n)))));
   addStmtToIRSB(sb, IRStmt_Store(Iend_LE, addr, IRExpr_RdTmp(sum)));
}

/*------------------------------------------------------------*/
/*--- Role entries                                         ---*/
/*------------------------------------------------------------*/

static void add_role_enter(IRSB* sb, const VexGuestLayout* layout, Int rule)
{
   /* Dirty calls take atoms: read the registers into temporaries. */
   IRTemp sp  = newIRTemp(sb->tyenv, Ity_I64);
   IRTemp rdi = newIRTemp(sb->tyenv, Ity_I64);
   IRExpr** args;
   addStmtToIRSB(sb, IRStmt_WrTmp(sp, IRExpr_Get(layout->offset_SP, Ity_I64)));
   addStmtToIRSB(sb, IRStmt_WrTmp(rdi, IRExpr_Get(
                    offsetof(VexGuestAMD64State, guest_RDI), Ity_I64)));
   args = mkIRExprVec_3(mkIRExpr_HWord((HWord)rule), IRExpr_RdTmp(sp),
                        IRExpr_RdTmp(rdi));
   IRDirty* di = unsafeIRDirty_0_N(3, "at_role_enter",
                                   VG_(fnptr_to_fnentry)(AT_(role_enter)),
                                   args);
   addStmtToIRSB(sb, IRStmt_Dirty(di));
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
   Int   i;

   if (gWordTy != hWordTy)
      VG_(tool_panic)("host/guest word size mismatch");

   sbOut = deepCopyIRSBExceptStmts(sbIn);
   for (i = 0; i < sbIn->stmts_used; i++) {
      IRStmt* st = sbIn->stmts[i];
      if (st == NULL)
         continue;
      switch (st->tag) {
         case Ist_IMark: {
            Int rule;
            pending++;
            addStmtToIRSB(sbOut, st);
            rule = AT_(role_rule_at)((Addr)st->Ist.IMark.addr);
            if (rule >= 0)
               add_role_enter(sbOut, layout, rule);
            break;
         }
         case Ist_Exit:
            add_count(sbOut, pending);
            pending = 0;
            addStmtToIRSB(sbOut, st);
            break;
         default:
            addStmtToIRSB(sbOut, st);
            break;
      }
   }
   add_count(sbOut, pending);
   return sbOut;
}

/*--------------------------------------------------------------------*/
/*--- end                                          at_instrument.c ---*/
/*--------------------------------------------------------------------*/
