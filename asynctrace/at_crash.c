/*--------------------------------------------------------------------*/
/*--- asynctrace: what a crash left: thread, fault, stack.          ---*/
/*---                                                  at_crash.c  ---*/
/*--------------------------------------------------------------------*/

/* This file is part of asynctrace.  Copyright (C) 2026 the asynctrace
   authors.  GPL-2.0-or-later; see at_basics.h and COPYING.

   When a signal's default action kills the program, the core kills
   every other thread and takes down the one that took the signal last,
   its guest registers as they were when it died: the core tells us of
   its end (track_pre_thread_ll_exit) while it is the running thread,
   and at_threads.c calls AT_(crash_dying) then, its slot still valid.
   Its stack there is the crash's.  (At exit_group the caller is the
   running thread too: noted the same, used only after a signal.)

   The core keeps no siginfo of a fault (si_code, si_addr).  It gets it
   from the kernel in its signal handler, on the host stack of the
   thread that faulted, and leaves the handler for the scheduler by
   longjmp: the handler's frame lies unused below the frames that run
   when the thread is taken down.  So for a fault (SIGSEGV, SIGBUS,
   SIGFPE, SIGILL from the kernel) the frame is looked for there,
   nearest first: the kernel's rt_sigframe on amd64 is the return
   address, the ucontext (304 bytes, its sigcontext 40 bytes in), then
   the siginfo.  A candidate counts only if the sigcontext agrees: for a
   page fault (trap 14) cr2 is si_addr; for a divide error or a
   floating-point one (traps 0, 16, 19) or an invalid opcode (trap 6)
   rip is.  Nothing that checks out, and the report has the thread and
   its stack only (as for a signal sent, abort() or kill).  For SIGFPE
   and SIGILL the kernel's address is the host's instruction, in
   Valgrind's translation: the report gives the program's, the guest
   IP, which is the stack's first frame. */

#include "pub_tool_aspacemgr.h"
#include "pub_tool_machine.h"
#include "pub_tool_threadstate.h"
#include "pub_tool_vki.h"

#include "at_crash.h"
#include "at_threads.h"

/* amd64 Linux: offsets of the sigcontext fields, in words, from the
   siginfo. */
#define SC_FROM_INFO   (304 - 40)    /* bytes back to the sigcontext */
#define SC_RIP         16
#define SC_TRAPNO      20
#define SC_CR2         22
#define TRAP_DIVIDE    0
#define TRAP_INVALID   6
#define TRAP_PAGE      14
#define TRAP_X87       16
#define TRAP_SIMD      19

static Bool frame_checks(Addr info, Int signo, Int code)
{
   const Addr* sc   = (const Addr*)(info - SC_FROM_INFO);
   Addr        addr = *(const Addr*)(info + 16);
   switch (signo) {
      case VKI_SIGSEGV:
      case VKI_SIGBUS:
         return code > 0 && sc[SC_TRAPNO] == TRAP_PAGE && sc[SC_CR2] == addr;
      case VKI_SIGFPE:
         return code > 0 && sc[SC_RIP] == addr
                && (sc[SC_TRAPNO] == TRAP_DIVIDE || sc[SC_TRAPNO] == TRAP_X87
                    || sc[SC_TRAPNO] == TRAP_SIMD);
      case VKI_SIGILL:
         return code > 0 && sc[SC_TRAPNO] == TRAP_INVALID
                && sc[SC_RIP] == addr;
      default:
         return False;
   }
}

/* The kernel's siginfo of a fault left on this host stack, or 0. */
static Addr find_siginfo_any(void)
{
   volatile Word here = 0;
   Addr sp = (Addr)&here, a, lo;
   NSegment const* seg = VG_(am_find_nsegment)(sp);
   if (seg == NULL || seg->kind != SkAnonV)
      return 0;
   lo = VG_ROUNDUP(seg->start + SC_FROM_INFO, sizeof(Addr));
   /* Below our own frame only: what is above is live.  The nearest
      is the latest. */
   for (a = VG_ROUNDDN(sp, sizeof(Addr)) - 32; a >= lo; a -= sizeof(Addr)) {
      const Int* w = (const Int*)a;
      if ((w[0] == VKI_SIGSEGV || w[0] == VKI_SIGBUS || w[0] == VKI_SIGFPE
           || w[0] == VKI_SIGILL) && w[1] == 0 && frame_checks(a, w[0], w[2]))
         return a;
   }
   return 0;
}

static AT_Crash dying;

void AT_(crash_dying)(AT_Thread* t, ThreadId tid)
{
   /* First, before any call deeper than this overwrites it. */
   Addr info = find_siginfo_any();
   VG_(memset)(&dying, 0, sizeof(dying));
   if (info != 0) {
      Int signo = ((const Int*)info)[0];
      dying.signo    = signo;
      dying.has_code = True;
      dying.code     = ((const Int*)info)[2];
      dying.has_addr = True;
      dying.addr     = signo == VKI_SIGSEGV || signo == VKI_SIGBUS
                       ? *(const Addr*)(info + 16) : VG_(get_IP)(tid);
   }
   dying.known = True;
   dying.seq   = t->seq;
   dying.inst  = t->cur_inst;
   dying.stack = VG_(record_ExeContext)(tid, 0);
}

const AT_Crash* AT_(crash_of)(Int signo)
{
   if (!dying.known)
      return NULL;
   if (dying.has_code && dying.signo != signo) {
      /* A fault handled earlier, not this signal's. */
      dying.has_code = dying.has_addr = False;
   }
   return &dying;
}

/*--------------------------------------------------------------------*/
/*--- end                                              at_crash.c  ---*/
/*--------------------------------------------------------------------*/
