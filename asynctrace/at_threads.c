/*--------------------------------------------------------------------*/
/*--- asynctrace: thread records and lifecycle.     at_threads.c ---*/
/*--------------------------------------------------------------------*/

/* This file is part of asynctrace.  Copyright (C) 2026 the asynctrace
   authors.  GPL-2.0-or-later; see at_basics.h and COPYING.

   One record per thread that ever existed, made when the core announces
   the thread (pre_thread_ll_create, on its creator's side, inside
   clone) and kept after it ends: the report lists ended threads too.
   The core reuses its ThreadIds, so a record is known by its seq
   (creation order, 1 the main thread) and AT_(thread_of_tid) maps a
   live ThreadId to its record.  A record holds what every layer above
   charges to the thread: its names (prctl(PR_SET_NAME) as it returns,
   each with its time), its heap counters, its instructions, its role
   frames, and where its stack was when it ended (for the leak scan),
   with its registers if the end of the process took it down.
   The roles and the report follow three rare events through hooks the
   driver registers: a record made, a name given, and the core's last
   thread slot taken, after which one more thread would end the run. */

#include "pub_tool_aspacemgr.h"
#include "pub_tool_clientstate.h"
#include "pub_tool_libcproc.h"
#include "pub_tool_machine.h"
#include "pub_tool_threadstate.h"
#include "pub_tool_tooliface.h"
#include "pub_tool_vki.h"
#include "pub_tool_vkiscnums.h"
#include "libvex_guest_amd64.h"

#include "at_threads.h"
#include "at_wipe.h"

/*------------------------------------------------------------*/
/*--- Thread records                                       ---*/
/*------------------------------------------------------------*/

static XArray* all_threads;       /* of AT_Thread*, index seq-1 */
AT_Thread** AT_(thread_of_tid);   /* live record of each ThreadId */
static UInt n_alive;
static ULong thread_events;       /* creations and ends so far */
static AT_ThreadHooks hooks;      /* at_main.c's; any may be NULL */

void AT_(threads_set_hooks)(const AT_ThreadHooks* h) { hooks = *h; }

ULong AT_(thread_events)(void) { return thread_events; }

UInt AT_(n_threads)(void)       { return (UInt)VG_(sizeXA)(all_threads); }
UInt AT_(n_alive_threads)(void) { return n_alive; }

AT_Thread* AT_(thread_by_seq)(UInt seq)
{
   tl_assert(seq >= 1 && seq <= AT_(n_threads)());
   return *(AT_Thread**)VG_(indexXA)(all_threads, seq - 1);
}

const HChar* AT_(thread_name)(const AT_Thread* t)
{
   Word n = VG_(sizeXA)(t->names);
   return n == 0 ? "" : ((AT_Name*)VG_(indexXA)(t->names, n - 1))->name;
}

static void add_name(AT_Thread* t, const HChar* name, Bool inherited)
{
   AT_Name nm;
   nm.name      = VG_(strdup)("at.thread.name", name);
   nm.since_ms  = AT_NOW_MS();
   nm.inherited = inherited;
   VG_(addToXA)(t->names, &nm);
}

static AT_Thread* new_thread(ThreadId tid, UInt creator)
{
   AT_Thread* t = VG_(calloc)("at.thread", 1, sizeof(AT_Thread));
   t->seq      = AT_(n_threads)() + 1;
   t->vg_tid   = tid;
   t->creator  = creator;
   t->alive    = True;
   t->start_ms = AT_NOW_MS();
   t->start_ev = ++thread_events;
   t->names    = VG_(newXA)(VG_(malloc), "at.thread.names", VG_(free),
                            sizeof(AT_Name));
   VG_(addToXA)(all_threads, &t);
   AT_(thread_of_tid)[tid] = t;
   n_alive++;
   if (hooks.started)
      hooks.started(t);
   return t;
}

/* The thread's slot is gone; its record stays. */
static void unmap_thread(AT_Thread* t)
{
   if (AT_(thread_of_tid)[t->vg_tid] == t) {
      AT_(thread_of_tid)[t->vg_tid] = NULL;
      n_alive--;
   }
}

static void end_thread(AT_Thread* t, AT_EndedHow how)
{
   if (!t->alive)
      return;
   t->alive     = False;
   t->ended_how = how;
   t->end_ms    = AT_NOW_MS();
   t->end_ev    = ++thread_events;
   unmap_thread(t);
}

/*------------------------------------------------------------*/
/*--- Core hooks                                           ---*/
/*------------------------------------------------------------*/

static void at_pre_thread_ll_create(ThreadId parent, ThreadId child)
{
   AT_Thread* p = parent != VG_INVALID_THREADID && parent < VG_N_THREADS
                 ? AT_(thread)(parent) : NULL;
   AT_Thread* t;

   /* The core announces the root thread too, after tool init: its
      record already exists. */
   if (p == NULL && child == 1 && AT_(thread_of_tid)[1]
       && AT_(thread_of_tid)[1]->seq == 1)
      return;
   /* A stale record in this slot means we missed its exit: end it. */
   if (AT_(thread_of_tid)[child])
      end_thread(AT_(thread_of_tid)[child], AT_ENDED_EXIT);
   t = new_thread(child, p ? p->seq : 0);
   /* The parent is inside clone(): its stack is where the thread was
      created. */
   if (p) {
      t->creation = VG_(record_ExeContext)(parent, 0);
      AT_(wipe_new_thread_stack)(VG_(get_SP)(child));
   }
   /* A new thread starts with its creator's name, as under the kernel. */
   add_name(t, p ? AT_(thread_name)(p) : "", True);
   if (n_alive >= VG_N_THREADS - 1)
      if (hooks.last_slot)
         hooks.last_slot();
}

static void at_pre_thread_first_insn(ThreadId tid)
{
   AT_Thread* t = AT_(thread)(tid);
   /* This runs on the new thread's own kernel task. */
   if (t && t->os_tid == 0)
      t->os_tid = VG_(gettid)();
}

/* A thread that ends on its own calls exit(2) first.  The others are
   taken down by the end of the process (exit_group, a fatal signal):
   they were alive at exit and keep alive set. */
void AT_(threads_stack_now)(ThreadId tid, Addr* lo, Addr* sp, Addr* hi,
                           Addr* fs_base)
{
   Addr fs = 0;
   *hi = VG_(thread_get_stack_max)(tid);
   *lo = *hi - VG_(thread_get_stack_size)(tid) + 1;
   *sp = VG_(get_SP)(tid);
   VG_(get_shadow_regs_area)(tid, (UChar*)&fs, 0,
                             offsetof(VexGuestAMD64State, guest_FS_CONST),
                             sizeof(fs));
   *fs_base = fs;
}

void AT_(threads_note_stack)(ThreadId tid)
{
   AT_Thread* t = AT_(thread)(tid);
   if (t == NULL)
      return;
   AT_(threads_stack_now)(tid, &t->stack_lo, &t->stack_sp, &t->stack_hi,
                          &t->fs_base);
   t->stack_known = True;
}

const HChar* AT_(gp_reg_name)(UInt i)
{
   static const HChar* const names[AT_N_GP_REGS] = {
      "rax", "rcx", "rdx", "rbx", "rsp", "rbp", "rsi", "rdi",
      "r8", "r9", "r10", "r11", "r12", "r13", "r14", "r15"
   };
   return i < AT_N_GP_REGS ? names[i] : "?";
}

/* A thread the end of the process takes down may hold a block only in a
   register (one just returned by malloc, say).  At exit_group the core
   still offers its registers to the exit scan; after a fatal signal it
   has cleared them by then, and memcheck calls such a block lost.  They
   are kept here, so both endings give the same figures. */
static void keep_regs(ThreadId tid, AT_Thread* t)
{
   /* guest_RAX to guest_R15 are consecutive in the guest state. */
   tl_assert(offsetof(VexGuestAMD64State, guest_R15)
             - offsetof(VexGuestAMD64State, guest_RAX)
             == (AT_N_GP_REGS - 1) * sizeof(ULong));
   if (t->last_regs == NULL)
      t->last_regs = VG_(malloc)("at.thread_regs",
                                 AT_N_GP_REGS * sizeof(UWord));
   VG_(get_shadow_regs_area)(tid, (UChar*)t->last_regs, 0,
                             offsetof(VexGuestAMD64State, guest_RAX),
                             AT_N_GP_REGS * sizeof(UWord));
}

static void at_pre_thread_ll_exit(ThreadId tid)
{
   AT_Thread* t = AT_(thread)(tid);
   if (t == NULL)
      return;
   AT_(threads_note_stack)(tid);
   /* The thread running when the process is taken down: the one that
      took a fatal signal (or called exit_group). */
   if (!t->exit_called && tid == VG_(get_running_tid)() && hooks.dying)
      hooks.dying(t, tid);
   if (t->exit_called) {
      end_thread(t, AT_ENDED_EXIT);
   } else {
      keep_regs(tid, t);
      unmap_thread(t);
   }
}

void AT_(threads_register_hooks)(void)
{
   VG_(track_pre_thread_ll_create)(at_pre_thread_ll_create);
   VG_(track_pre_thread_first_insn)(at_pre_thread_first_insn);
   VG_(track_pre_thread_ll_exit)(at_pre_thread_ll_exit);
}

void AT_(threads_init)(void)
{
   all_threads = VG_(newXA)(VG_(malloc), "at.threads", VG_(free),
                            sizeof(AT_Thread*));
   AT_(thread_of_tid) = VG_(calloc)("at.thread_of_tid", VG_N_THREADS,
                                    sizeof(AT_Thread*));

   /* The main thread: ThreadId 1, no creator.  Its first name is the
      one the kernel gives at exec, the executable's base name cut to
      15 bytes (under Valgrind the real one is the tool's). */
   AT_Thread* m = new_thread(1, 0);
   m->os_tid = VG_(getpid)();
   {
      const HChar* exe = VG_(args_the_exename) ? VG_(args_the_exename) : "";
      const HChar* base = VG_(strrchr)(exe, '/');
      HChar comm[16];
      VG_(strncpy)(comm, base ? base + 1 : exe, 15);
      comm[15] = '\0';
      add_name(m, comm, True);
   }
}

/*------------------------------------------------------------*/
/*--- Names from prctl(PR_SET_NAME)                        ---*/
/*------------------------------------------------------------*/

/* Copies the name the kernel took: at most 15 bytes, up to a NUL.  The
   syscall succeeded, so the bytes were readable; check anyway, a tool
   must not fault on client memory. */
static void read_client_name(Addr a, HChar* out /* [16] */)
{
   Int i;
   for (i = 0; i < 15; i++) {
      if (!VG_(am_is_valid_for_client)(a + i, 1, VKI_PROT_READ))
         break;
      out[i] = *(const HChar*)(a + i);
      if (out[i] == '\0')
         break;
   }
   out[i] = '\0';
}

void AT_(threads_pre_syscall)(ThreadId tid, UInt sysno, UWord* args)
{
   if (sysno == __NR_exit) {
      AT_Thread* t = AT_(thread)(tid);
      if (t)
         t->exit_called = True;
   }
}

void AT_(threads_post_syscall)(ThreadId tid, UInt sysno, UWord* args,
                               SysRes res)
{
   if (sysno == __NR_prctl && args[0] == VKI_PR_SET_NAME
       && !sr_isError(res)) {
      AT_Thread* t = AT_(thread)(tid);
      HChar name[16];
      if (!t)
         return;
      read_client_name((Addr)args[1], name);
      add_name(t, name, False);
      if (hooks.named)
         hooks.named(t, name);
   }
}

void AT_(threads_fork_child)(ThreadId tid)
{
   UInt i, n = AT_(n_threads)();
   for (i = 1; i <= n; i++) {
      AT_Thread* t = AT_(thread_by_seq)(i);
      if (t->alive && t->vg_tid != tid)
         end_thread(t, AT_ENDED_FORK);
   }
   if (AT_(thread)(tid))
      AT_(thread)(tid)->os_tid = VG_(gettid)();
}

/*--------------------------------------------------------------------*/
/*--- end                                            at_threads.c ---*/
/*--------------------------------------------------------------------*/
