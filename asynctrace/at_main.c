/*--------------------------------------------------------------------*/
/*--- asynctrace: threads, futex waits and heap blocks of async    ---*/
/*--- Rust programs, each tagged with the thread that owns it.     ---*/
/*---                                                   at_main.c  ---*/
/*--------------------------------------------------------------------*/

/* This file is part of asynctrace.  Copyright (C) 2026 the asynctrace
   authors.  GPL-2.0-or-later; see at_basics.h and COPYING.

   This file registers the tool with the core and follows the run as a
   whole: how it ends (exit status, fatal signal, exec), forks, and the
   program's client requests.  Each concern has a file of its own.

   Overview of operation
   ---------------------
   Terms.  A *thread* is a record per thread that ever existed, known by
   its seq (1 = main, then creation order; the core reuses ThreadIds).
   A *role* is what a thread is doing for the program ("tokio-worker",
   "rayon", a --role= of the user's), and a *role instance* a role in one
   pool (worker of runtime 2); a thread's role changes as it enters and
   leaves the runtimes' functions.  A *task* is a Tokio task (its heap
   cell), or other work charged like one (a Rayon job, a block_on
   future), grouped by *spawn site*.  A *site* is an allocation stack
   with the role, task spawn site and thread it was made in; every live
   block points to its site.  A *report* is the XML file of everything,
   written at the end, at a snapshot or on demand.

   The files are laid in layers; a file includes headers of its own
   layer and the layers below only (scripts/check-layout checks it, and
   that no two modules but this one include each other around a cycle):
   - base: at_basics.h, options (every option variable), frames (the
     symbolic walk of a stack), the stack cache, the client requests'
     numbers;
   - records: threads and their lifecycle, the stack wipe, the
     instruction counter, what a crash left (the dying thread, its
     fault and stack), and at_fpleaf.h: the heap counters a record
     carries and the footprint's peak test;
   - attribution: who runs now and what to charge: roles (the runtime
     functions' entries, found at translation), tasks and their records
     (at_taskrec.h), Rayon jobs, block_on;
   - recorders: the heap (the malloc replacement, the block table), futex
     waits, mappings, and the instrumenter, which plants the instruction
     counts, the role entries and the task returns in the client's code;
   - analysis: the footprint (heap plus mappings, its peak), the leak
     scan (its marks in an array of its own), leak scans while the
     program runs, the tasks' end-of-run figures, the invariants;
   - output: the XML writer and stack table (at_xmlout.c), the report
     (at_report.c, with at_taskrep.c's <tasks>), snapshots;
   - driver: this file.
   Calls go down the layers.  The few that must go up are rare events,
   passed as hooks this file registers: a thread record made, a thread
   named, the core's last thread slot taken, the running thread taken
   down with the process (at_threads.c, the last for at_crash.c); every 256
   heap events, the snapshot poll (at_heap.c); the report written as of
   a snapshot (at_snap.c); a Rayon job's allocation stack (at_rayon.c
   asks the heap).  Hot paths keep direct calls downwards (an allocation
   asks roles and tasks whom to charge).

   Every report goes through one function, AT_(settle_and_write)
   (at_report.c): the instructions charged, the roles' and tasks'
   figures settled, the invariants checked, then the file written. */

#include "pub_tool_aspacemgr.h"
#include "pub_tool_libcfile.h"
#include "pub_tool_libcproc.h"
#include "pub_tool_machine.h"
#include "pub_tool_options.h"
#include "pub_tool_threadstate.h"
#include "pub_tool_tooliface.h"
#include "pub_tool_vki.h"
#include "pub_tool_vkiscnums.h"

#include "asynctrace.h"
#include "at_check.h"
#include "at_cpu.h"
#include "at_crash.h"
#include "at_blockon.h"
#include "at_clock.h"
#include "at_errors.h"
#include "at_rayon.h"
#include "at_tasks.h"
#include "at_futex.h"
#include "at_heap.h"
#include "at_instrument.h"
#include "at_layout.h"
#include "at_leak.h"
#include "at_maps.h"
#include "at_options.h"
#include "at_pools.h"
#include "at_report.h"
#include "at_roles.h"
#include "at_snap.h"
#include "at_stack.h"
#include "at_syscalls.h"
#include "at_threads.h"
#include "at_wipe.h"

/*------------------------------------------------------------*/
/*--- How the run ended                                    ---*/
/*------------------------------------------------------------*/

static Bool exit_seen;
static Int  exit_status;

/* In a forked child: the allocations made when it was forked. */
static Bool  forked_child;
static ULong allocs_at_fork;

/* Which fatal signal killed the program.  The core keeps it in the
   dying thread's ThreadState (os_state.fatalsig) and tells the tool
   nothing: fini gets no argument for it.  ThreadState is not part of
   the tool interface, so find the field without its layout: slots are
   an array whose first word is the slot's own ThreadId, and the
   os_state begins with the kernel's thread id and the process id, with
   fatalsig 48 bytes further on (Valgrind 3.x on amd64).  Anything that
   does not check out gives 0, "unknown". */
extern UChar* VG_(threads);   /* ThreadState*, opaque here */

#define AT_FATALSIG_FROM_LWPID  48

static Int find_fatal_signal(void)
{
   const UChar* base = VG_(threads);
   Int   me  = VG_(gettid)();
   Int   pid = VG_(getpid)();
   SizeT stride, off;
   ThreadId tid;

   if (base == NULL || VG_N_THREADS < 5)
      return 0;
   /* The slot size: the one at which slots 1..4 carry their own tids. */
   for (stride = 64; stride <= 256 * 1024; stride += 8) {
      UInt k;
      for (k = 1; k <= 4; k++)
         if (*(const UInt*)(base + k * stride) != k)
            break;
      if (k > 4)
         break;
   }
   if (stride > 256 * 1024)
      return 0;
   /* The dying thread is the one running fini: its lwpid is ours. */
   for (tid = 1; tid < VG_N_THREADS; tid++) {
      const UChar* slot = base + tid * stride;
      for (off = 12; off + AT_FATALSIG_FROM_LWPID + 4 <= stride; off += 4) {
         if (*(const Int*)(slot + off) == me
             && *(const Int*)(slot + off + 4) == pid) {
            Int sig = *(const Int*)(slot + off + AT_FATALSIG_FROM_LWPID);
            if (sig >= 1 && sig <= 64)
               return sig;
         }
      }
   }
   return 0;
}

/* Brings every figure up to date, then writes (at_report.c). */
static void write_report_now(const AT_RunEnd* end)
{
   AT_(settle_and_write)(end, NULL);
}

/* The report as of a snapshot (at_snap.c), to file or the report's own. */
static void write_snapshot_report(const HChar* file)
{
   AT_RunEnd end = { AT_END_SNAPSHOT, 0, 0, AT_NOW_MS() };
   AT_(settle_and_write)(&end, file);
}

/* The core has VG_N_THREADS - 1 slots for threads, and panics (no
   fini, no report) when the program wants one more.  When the last is
   taken, the report so far is written, without a leak scan (it runs
   once, at the end), and the user told what to do. */
static void report_thread_limit(void)
{
   static Bool done;
   AT_RunEnd end = { AT_END_THREAD_LIMIT, 0, 0, AT_NOW_MS() };
   HChar* file;
   if (done)
      return;
   done = True;
   write_report_now(&end);
   file = VG_(expand_file_name)("--asynctrace-out-file", AT_(clo_out_file));
   VG_(umsg)("asynctrace: the program has %u threads, all of Valgrind's "
             "slots (--max-threads=%u): the report so far is in %s; rerun "
             "with --max-threads=%u or more, as one more thread stops the "
             "run\n", AT_(n_alive_threads)(), VG_N_THREADS, file,
             2 * VG_N_THREADS);
   VG_(free)(file);
}

/* At the very end: the leak scan, then the report. */
static void final_report(const AT_RunEnd* end)
{
   if (AT_(clo_leak_check) != AT_LEAK_NO) {
      AT_(leak_check)();
      AT_(errors_leaks)();
   }
   write_report_now(end);
}

/*------------------------------------------------------------*/
/*--- Syscalls                                             ---*/
/*------------------------------------------------------------*/

static void at_pre_syscall(ThreadId tid, UInt sysno, UWord* args,
                           UInt nArgs)
{
   AT_(threads_pre_syscall)(tid, sysno, args);
   AT_(maps_pre_syscall)(tid, sysno, args);
   AT_(futex_any_syscall)(tid);
   AT_(sys_pre)(tid, sysno, args);
   AT_(snap_poll)();
   if (sysno == __NR_futex)
      AT_(futex_pre_syscall)(tid, args);
   else if (sysno == __NR_clone || sysno == __NR_set_tid_address)
      AT_(futex_clear_tid)(sysno, args);
   else if (sysno == __NR_exit_group
       || (sysno == __NR_exit && AT_(n_alive_threads)() == 1)) {
      /* The parent sees the low 8 bits. */
      exit_seen   = True;
      exit_status = (Int)(args[0] & 0xFF);
   } else if (sysno == __NR_execve) {
      /* If execve succeeds this process image, and its report, end
         without fini; if it fails, fini writes the report again.  A
         child forked only to exec (system(), posix_spawn, Command) has
         nothing of its own to say: no report for it. */
      AT_RunEnd end = { AT_END_EXEC, 0, 0, AT_NOW_MS() };
      if (!forked_child || AT_(heap_summary)()->total.allocs != allocs_at_fork)
         write_report_now(&end);
   }
   AT_(snap_syscall_pre)(tid, sysno, args);
}

static void at_post_syscall(ThreadId tid, UInt sysno, UWord* args,
                            UInt nArgs, SysRes res)
{
   AT_(snap_syscall_post)(tid);
   AT_(sys_post)(tid, sysno);
   if (sysno == __NR_futex)
      AT_(futex_post_syscall)(tid, args, res);
   else
      AT_(threads_post_syscall)(tid, sysno, args, res);
   AT_(maps_post_syscall)(tid, sysno, args, res);
}

/*------------------------------------------------------------*/
/*--- The report's name in child processes                 ---*/
/*------------------------------------------------------------*/

/* Without %p in --asynctrace-out-file every process of the run would
   write the same file, the last one's report replacing the others': a
   forked child, and with --trace-children=yes a program a child
   execs.  So a child's name gets ".%p" (before a final ".xml"): FILE
   stays the first process's, each child writes FILE.PID. */
extern Bool VG_(clo_trace_children);   /* the core's, not in the API */

static Bool out_file_has_pid(void)
{
   return VG_(strstr)(AT_(clo_out_file), "%p") != NULL;
}

static void out_file_per_pid(void)
{
   const HChar* f   = AT_(clo_out_file);
   SizeT        len = VG_(strlen)(f), stem = len;
   HChar*       out = VG_(malloc)("at.out_file", len + 4);
   if (len > 4 && VG_(strcmp)(f + len - 4, ".xml") == 0)
      stem = len - 4;
   VG_(memcpy)(out, f, stem);
   VG_(strcpy)(out + stem, ".%p");
   VG_(strcpy)(out + stem + 3, f + stem);
   AT_(clo_out_file) = out;
}

/* Whether the parent process runs under asynctrace: its executable is
   then the tool's (asynctrace-amd64-linux), which runs the program. */
static Bool parent_under_tool(void)
{
   HChar  path[48], exe[VKI_PATH_MAX];
   SSizeT n;
   const HChar* base;
   VG_(sprintf)(path, "/proc/%d/exe", VG_(getppid)());
   n = VG_(readlink)(path, exe, sizeof(exe) - 1);
   if (n <= 0)
      return False;
   exe[n] = '\0';
   base = VG_(strrchr)(exe, '/');
   base = base ? base + 1 : exe;
   return VG_(strncmp)(base, "asynctrace-", 11) == 0;
}

/* At the start: a child's own name, or the one line that says how the
   children's reports are named. */
static void out_file_for_children(void)
{
   if (out_file_has_pid())
      return;
   if (parent_under_tool())
      out_file_per_pid();
   else if (VG_(clo_trace_children))
      VG_(umsg)("asynctrace: --asynctrace-out-file=%s has no %%p: with "
                "--trace-children=yes each child process writes its report "
                "under that name with .PID added\n", AT_(clo_out_file));
}

/*------------------------------------------------------------*/
/*--- Fork                                                 ---*/
/*------------------------------------------------------------*/

static void at_fork_child(ThreadId tid)
{
   /* The child writes its own report: %p expands to its pid then.  It
      inherits the parent's records and blocks, as it inherits the
      memory; only the forking thread lives on.  Without %p in the
      name it gets one (above). */
   exit_seen      = False;
   forked_child   = True;
   if (!out_file_has_pid())
      out_file_per_pid();
   allocs_at_fork = AT_(heap_summary)()->total.allocs;
   AT_(threads_fork_child)(tid);
   AT_(futex_fork_child)(tid);
   AT_(snap_fork_child)(tid);
}

/*------------------------------------------------------------*/
/*--- Client requests                                      ---*/
/*------------------------------------------------------------*/

/* Copies a client string of at most max-1 bytes, checking each byte is
   readable; False if it is not. */
static Bool copy_client_string(Addr a, HChar* out, Int max)
{
   Int i;
   for (i = 0; i < max - 1; i++) {
      if (!VG_(am_is_valid_for_client)(a + i, 1, VKI_PROT_READ))
         return False;
      out[i] = *(const HChar*)(a + i);
      if (out[i] == '\0')
         return True;
   }
   out[i] = '\0';
   return True;
}

static Bool at_handle_client_request(ThreadId tid, UWord* args, UWord* ret)
{
   if (args[0] == VG_USERREQ__GDB_MONITOR_COMMAND) {
      *ret = AT_(snap_monitor)(tid, (const HChar*)args[1]) ? 1 : 0;
      return *ret != 0;
   }
   /* The program's own allocators (valgrind.h's MALLOCLIKE_BLOCK and
      mempool requests), memcheck's requests (leaks counted, the rest
      ignored: they change nothing here), then ours. */
   if (AT_(pools_request)(tid, args, ret))
      return True;
   if (VG_IS_TOOL_USERREQ('M', 'C', args[0]))
      return AT_(leak_request)(tid, args, ret);
   if (!VG_IS_TOOL_USERREQ('A', 'T', args[0]))
      return False;
   if (AT_(heap_request)(tid, args, ret))
      return True;
   switch (args[0]) {
      case VG_USERREQ__ASYNCTRACE_SET_ROLE: {
         HChar role[64];
         if (args[1] && copy_client_string(args[1], role, sizeof(role))
             && role[0] != '\0') {
            AT_(roles_set)(tid, role);
            *ret = 0;
         } else {
            VG_(umsg)("asynctrace: ASYNCTRACE_SET_ROLE: bad role name "
                      "at %#lx, ignored\n", args[1]);
            *ret = (UWord)-1;
         }
         return True;
      }
      case VG_USERREQ__ASYNCTRACE_SNAPSHOT:
      case VG_USERREQ__ASYNCTRACE_PHASE: {
         HChar label[128];
         Bool  ok = args[1] == 0
                    || copy_client_string(args[1], label, sizeof(label));
         if (args[1] == 0)
            label[0] = '\0';
         if (!ok) {
            VG_(umsg)("asynctrace: ASYNCTRACE_%s: bad label at %#lx, "
                      "ignored\n", args[0] == VG_USERREQ__ASYNCTRACE_PHASE
                                   ? "PHASE" : "SNAPSHOT", args[1]);
            *ret = (UWord)-1;
         } else {
            if (args[0] == VG_USERREQ__ASYNCTRACE_PHASE)
               AT_(snap_phase)(label);
            else
               AT_(snap_request)(label[0] ? label : NULL);
            *ret = 0;
         }
         return True;
      }
      default:
         VG_(umsg)("asynctrace: unknown client request 0x%lx, ignored\n",
                   args[0]);
         *ret = (UWord)-1;
         return True;
   }
}

/*------------------------------------------------------------*/
/*--- Start and finish                                     ---*/
/*------------------------------------------------------------*/

static void at_post_clo_init(void)
{
   /* Check the file now (a bad %q{VAR}, a folder that cannot be written
      stop the run at once); its name is expanded again when written. */
   out_file_for_children();
   AT_(report_check_writable)();
   /* Without inline information, Tokio's code inlined into the program's
      and the program's inlined into Tokio's look alike: every block a
      future allocates was taken for a task's cell (5,346 'tasks' in a
      run of 32).  The debug information is read after this. */
   if (!VG_(clo_read_inline_info)) {
      VG_(umsg)("asynctrace: --read-inline-info=no ignored: without it the "
                "runtimes' inlined code cannot be told from the program's\n");
      VG_(clo_read_inline_info) = True;
   }

   AT_ThreadHooks th = { AT_(roles_thread_start), AT_(roles_named),
                         report_thread_limit, AT_(crash_dying) };

   AT_(roles_init)();
   AT_(threads_set_hooks)(&th);
   AT_(tasks_init)();
   AT_(cpu_init)();
   AT_(rayon_init)(AT_(heap_block_stack));
   AT_(blockon_init)();
   AT_(clock_init)();
   AT_(futex_init)();
   AT_(threads_init)();
   AT_(layout_post_clo_init)();
   AT_(heap_post_clo_init)();
   AT_(heap_set_tick_hook)(AT_(snap_poll));
   AT_(maps_init)();
   AT_(wipe_post_clo_init)();
   AT_(stack_init)();
   AT_(report_init)();
   AT_(snap_init)(write_snapshot_report);
   VG_(atfork)(NULL, NULL, at_fork_child);
}

static void at_fini(Int exitcode)
{
   AT_RunEnd end;
   end.ms    = AT_NOW_MS();
   end.crash = NULL;
   if (exit_seen) {
      end.how    = AT_END_EXIT;
      end.status = exit_status;
      end.signo  = 0;
   } else {
      end.how    = AT_END_SIGNAL;
      end.status = 0;
      end.signo  = find_fatal_signal();
      end.crash  = AT_(crash_of)(end.signo);
   }
   AT_(futex_finish)();
   final_report(&end);
   if (VG_(clo_stats)) {
      AT_(stack_print_stats)();
      AT_(wipe_print_stats)();
   }
}

static void at_pre_clo_init(void)
{
   VG_(details_name)            ("asynctrace");
   VG_(details_version)         (AT_VERSION);
   VG_(details_description)     ("threads, futexes and heap of async "
                                 "Rust programs");
   VG_(details_copyright_author)("Copyright (C) 2026, the asynctrace "
                                 "authors; GPL-2.0-or-later.");
   VG_(details_bug_reports_to)  ("the asynctrace issue tracker");
   VG_(details_avg_translation_sizeB)(200);

   VG_(basic_tool_funcs)(at_post_clo_init, AT_(instrument), at_fini);

   VG_(needs_command_line_options)(AT_(process_cmd_line_option),
                                   AT_(print_usage),
                                   AT_(print_debug_usage));
   VG_(needs_syscall_wrapper)(at_pre_syscall, at_post_syscall);
   VG_(needs_client_requests)(at_handle_client_request);
   /* Let glibc and libstdc++ free their own caches at exit, as under
      memcheck, so that what is live at exit is the program's. */
   VG_(needs_libc_freeres)();
   VG_(needs_cxx_freeres)();

   /* Rust stacks are mostly inlined frames, and the runtime's sit 20-60
      frames deep.  Both are only defaults: the user's options come
      after this. */
   VG_(clo_read_inline_info) = True;
   VG_(clo_backtrace_size)   = 40;

   AT_(errors_pre_clo_init)();
   AT_(heap_init)();
   AT_(pools_init)();
   AT_(heap_set_bad_hook)(AT_(error_bad_call));
   AT_(threads_register_hooks)();
   AT_(maps_register_hooks)();
   AT_(instrument_register_hooks)();
}

VG_DETERMINE_INTERFACE_VERSION(at_pre_clo_init)

/*--------------------------------------------------------------------*/
/*--- end                                               at_main.c  ---*/
/*--------------------------------------------------------------------*/
