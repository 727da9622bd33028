/*--------------------------------------------------------------------*/
/*--- asynctrace: snapshots during the run, phases, monitor        ---*/
/*--- commands.                                        at_snap.c  ---*/
/*--------------------------------------------------------------------*/

/* This file is part of asynctrace.  Copyright (C) 2026 the asynctrace
   authors.  GPL-2.0-or-later; see at_basics.h and COPYING.

   A long-running service ends with Ctrl-C, a kill or a crash, and its
   slow leaks show only as growth over time.  So, besides the report at
   the end, the tool takes snapshots while the program runs: every
   --snapshot-interval (wall time or instructions), when the program
   asks (ASYNCTRACE_SNAPSHOT), or when the user asks through vgdb
   (monitor snapshot).  A snapshot records, at that moment, the live
   heap per role and of the largest sites, the threads alive per role
   and each role's futex figures so far; after each one the whole
   report is written again (at_report.c writes it to a temporary file
   and renames it), so a process killed with SIGKILL leaves a complete
   report holding every snapshot up to the last.

   The list is bounded (--snapshot-max): when full, every other snapshot
   of its older half goes, except the one with the most live bytes.  A
   snapshot is bounded too: the --snapshot-sites largest sites and
   spawn sites, the --snapshot-roles role instances holding the most
   (the others summed in one row).  So
   recent history keeps the interval and older history gets sparser the
   older it is, the way the heap timeline thins.

   Phases (ASYNCTRACE_PHASE) are labelled points in time, e.g. the end
   of a warm-up; at_print skips the snapshots before a phase when it
   looks for growth.

   Snapshots are taken at a moment the tool runs: a syscall or a heap
   event (every 256th).  A program computing without either gets its
   snapshot late.

   A program whose threads are all blocked (an idle Tokio service: its
   workers in futex waits, its I/O driver in epoll_wait) runs no tool
   code either, possibly for minutes, and a SIGKILL then would lose
   everything since the last report written.  But while every thread is
   blocked in a syscall nothing can change: the state when the last one
   blocked is the state until one wakes.  So (timed snapshots only):
   - each thread's being in a syscall is followed (snap_syscall_pre and
     _post); when a thread is about to make a syscall that may block
     long (a futex wait, epoll_wait, poll, select, nanosleep, wait4,
     sigsuspend, accept...) and every other thread alive is in a
     syscall too, and the heap or the threads changed since the last
     report written (a few counters compared), a snapshot is taken then
     (cause "blocked") and the report written.  That snapshot stands
     for the state until the next snapshot, which replaces it (and
     takes its number): it is always the last, and there is at most
     one.  Its cost is bounded by a budget of a tenth of the wall time
     (a second's worth at most, so a burst of them is fine), which every
     report written spends: a service blocking a thousand times a
     second cannot spend its time writing reports.  When the budget is
     spent (a busy time just before) and the last thread's syscall has
     no timeout, it waits before its syscall, the core's big lock
     released, until the budget is back, then takes the snapshot (its
     time the block's); if another thread's syscall ends first, or an
     fd of its own syscall is ready, the program was not idle and the
     next time every thread blocks tries again (as it does when a
     syscall with a timeout ends).  So an idle service killed with
     SIGKILL leaves the state as of the moment its last thread blocked;
   - when the first thread wakes (its syscall's post, before anything
     else is counted), the interval snapshots that fell due while all
     were blocked are recorded with the times they fell due (at most
     AT_CATCH_UP, the latest), their content the unchanged state, and
     the report written once.
   Futex figures that changed without the heap or threads changing
   (waits counted) do not make a "blocked" snapshot.

   Monitor commands come from vgdb or from the program itself
   (VALGRIND_MONITOR_COMMAND), whose string is the program's: a literal
   in read-only memory, or a buffer it reads again.  So a command is cut
   into words in a copy of its own, of bounded size (AT_MONITOR_MAX); a
   longer one is refused with a message.  Their tables read as at_print
   writes the report's: roles in its words, figures with thousands
   separators, times in ms, sites at their first own frame. */

#include "pub_tool_aspacemgr.h"
#include "pub_tool_debuginfo.h"
#include "pub_tool_gdbserver.h"
#include "pub_tool_libcfile.h"
#include "pub_tool_libcproc.h"
#include "pub_tool_options.h"
#include "pub_tool_threadstate.h"
#include "pub_tool_vkiscnums.h"
#include "pub_tool_xarray.h"

#include "at_check.h"
#include "at_clock.h"
#include "at_cpurep.h"
#include "at_frames.h"
#include "at_futex.h"
#include "at_heap.h"
#include "at_insns.h"
#include "at_leaknow.h"
#include "at_options.h"
#include "at_roles.h"
#include "at_snap.h"
#include "at_taskfig.h"
#include "at_threads.h"

/*------------------------------------------------------------*/
/*--- The snapshots                                        ---*/
/*------------------------------------------------------------*/

static XArray* snaps;       /* of AT_Snapshot, oldest first */
static XArray* phases;      /* of AT_Phase */
static UInt    n_taken;
static ULong   next_due;
static Bool    busy;        /* taking one: no other from inside it */
static Bool*   in_sys;      /* by ThreadId: in a syscall now */

#define AT_MAX_PHASES 1000

static void (*write_report)(const HChar* file);   /* at_main.c's */

void AT_(snap_init)(void (*write)(const HChar* file))
{
   write_report = write;
   snaps  = VG_(newXA)(VG_(malloc), "at.snaps", VG_(free),
                       sizeof(AT_Snapshot));
   phases = VG_(newXA)(VG_(malloc), "at.phases", VG_(free),
                       sizeof(AT_Phase));
   next_due = AT_(clo_snap_interval);
   in_sys   = VG_(calloc)("at.snap_in_sys", VG_N_THREADS, sizeof(Bool));
}

static void free_snap(AT_Snapshot* s)
{
   VG_(free)(s->roles);
   VG_(free)(s->sites);
   AT_(snap_leaks_free)(s->leaks);
   AT_(tasks_snapshot_free)(s->tasks);
   if (s->label)
      VG_(free)(s->label);
}

Int AT_(snap_peak)(void)
{
   Word i, n = snaps ? VG_(sizeXA)(snaps) : 0;
   Int  best = -1;
   ULong most = 0;
   for (i = 0; i < n; i++) {
      const AT_Snapshot* s = VG_(indexXA)(snaps, i);
      if (best < 0 || s->live_bytes > most) {
         best = (Int)i;
         most = s->live_bytes;
      }
   }
   return best;
}

/* Full: drop every other snapshot of the older half, the peak's kept. */
static void thin(void)
{
   Word i, j, n = VG_(sizeXA)(snaps);
   Int  peak = AT_(snap_peak)();
   for (i = 0, j = 0; i < n; i++) {
      AT_Snapshot* s = VG_(indexXA)(snaps, i);
      if (i < n / 2 && i % 2 == 1 && i != peak)
         free_snap(s);
      else
         *(AT_Snapshot*)VG_(indexXA)(snaps, j++) = *s;
   }
   if (j == n) {   /* only the peak was a candidate: drop the oldest other */
      Word k = peak == 0 ? 1 : 0;
      free_snap(VG_(indexXA)(snaps, k));
      for (i = k; i + 1 < n; i++)
         *(AT_Snapshot*)VG_(indexXA)(snaps, i)
            = *(AT_Snapshot*)VG_(indexXA)(snaps, i + 1);
      j = n - 1;
   }
   VG_(dropTailXA)(snaps, n - j);
}

/* Sites are kept per allocating thread; a snapshot's are per stack and
   role, like the report's <alloc-sites>. */
static Int cmp_site_key(const void* va, const void* vb)
{
   const AT_SnapSite* a = va;
   const AT_SnapSite* b = vb;
   UInt ea = VG_(get_ECU_from_ExeContext)(a->where);
   UInt eb = VG_(get_ECU_from_ExeContext)(b->where);
   if (ea != eb) return ea < eb ? -1 : 1;
   return a->inst < b->inst ? -1 : a->inst > b->inst ? 1 : 0;
}

static Int cmp_site_live(const void* va, const void* vb)
{
   const AT_SnapSite* a = va;
   const AT_SnapSite* b = vb;
   if (a->live_bytes != b->live_bytes)
      return a->live_bytes > b->live_bytes ? -1 : 1;
   return cmp_site_key(va, vb);
}

static void add_site(void* into, const void* from)
{
   AT_SnapSite* d = into;
   const AT_SnapSite* a = from;
   d->live_bytes  += a->live_bytes;
   d->live_blocks += a->live_blocks;
}

static void fill_sites(AT_Snapshot* s)
{
   XArray* all = AT_(heap_sites)();
   XArray* xs  = VG_(newXA)(VG_(malloc), "at.snap_sites", VG_(free),
                            sizeof(AT_SnapSite));
   Word i, n = VG_(sizeXA)(all), m;
   for (i = 0; i < n; i++) {
      const AT_Site* st = *(AT_Site**)VG_(indexXA)(all, i);
      AT_SnapSite x;
      if (st->live_blocks == 0)
         continue;
      x.where = st->where;
      x.inst  = st->inst;
      x.live_bytes  = st->live_bytes;
      x.live_blocks = st->live_blocks;
      VG_(addToXA)(xs, &x);
   }
   VG_(deleteXA)(all);
   m = AT_(collapse_by_key)(xs, sizeof(AT_SnapSite), cmp_site_key,
                            add_site);
   VG_(setCmpFnXA)(xs, cmp_site_live);
   VG_(sortXA)(xs);
   s->nsites = m < (Word)AT_(clo_snap_sites) ? (UInt)m
                                             : AT_(clo_snap_sites);
   s->sites  = VG_(malloc)("at.snap_site_arr",
                           (s->nsites ? s->nsites : 1) * sizeof(AT_SnapSite));
   for (i = 0; i < m; i++) {
      const AT_SnapSite* a = VG_(indexXA)(xs, i);
      if (i < (Word)s->nsites) {
         s->sites[i] = *a;
      } else {
         s->rest_sites++;
         s->rest_bytes  += a->live_bytes;
         s->rest_blocks += a->live_blocks;
      }
   }
   VG_(deleteXA)(xs);
}

/* More role instances in use than --snapshot-roles (a program making
   a role per connection had 65,000, and its snapshots 800 MB): those
   holding the most live bytes (then threads) are kept, in their order,
   and the others summed in one row, so the roles still add up to the
   snapshot's live heap. */
static Int cmp_role_size(const void* va, const void* vb)
{
   const AT_SnapRole* a = va;
   const AT_SnapRole* b = vb;
   if (a->live_bytes != b->live_bytes)
      return a->live_bytes > b->live_bytes ? -1 : 1;
   if (a->threads != b->threads)
      return a->threads > b->threads ? -1 : 1;
   return a->inst < b->inst ? -1 : a->inst > b->inst ? 1 : 0;
}

static Int cmp_role_inst(const void* va, const void* vb)
{
   const AT_SnapRole* a = va;
   const AT_SnapRole* b = vb;
   return a->inst < b->inst ? -1 : a->inst > b->inst ? 1 : 0;
}

static void cap_roles(AT_Snapshot* s, UInt cap)
{
   AT_SnapRole* o = &s->rest_role;
   UInt i;
   if (s->nroles <= cap)
      return;
   VG_(ssort)(s->roles, s->nroles, sizeof(AT_SnapRole), cmp_role_size);
   for (i = cap; i < s->nroles; i++) {
      const AT_SnapRole* r = &s->roles[i];
      o->threads     += r->threads;
      o->live_bytes  += r->live_bytes;
      o->live_blocks += r->live_blocks;
      o->waits       += r->waits;
      o->blocked_us  += r->blocked_us;
      o->idle_us     += r->idle_us;
      o->wakes       += r->wakes;
   }
   s->rest_roles = s->nroles - cap;
   s->nroles     = cap;
   VG_(ssort)(s->roles, cap, sizeof(AT_SnapRole), cmp_role_inst);
   s->roles = VG_(realloc)("at.snap_roles", s->roles,
                           (cap ? cap : 1) * sizeof(AT_SnapRole));
}

static void fill_roles(AT_Snapshot* s)
{
   UInt ninst = AT_(n_role_insts)(), i, k, n = AT_(n_threads)();
   UInt* alive = VG_(calloc)("at.snap_alive", ninst ? ninst : 1,
                             sizeof(UInt));
   for (i = 1; i <= n; i++) {
      const AT_Thread* t = AT_(thread_by_seq)(i);
      if (t->alive) {
         s->threads++;
         if (t->cur_inst < ninst)
            alive[t->cur_inst]++;
      }
   }
   s->roles = VG_(malloc)("at.snap_roles",
                          (ninst ? ninst : 1) * sizeof(AT_SnapRole));
   for (i = 0, k = 0; i < ninst; i++) {
      const AT_HeapCounters* h = AT_(heap_of_role)((UShort)i);
      const AT_FutexStats*   f = AT_(futex_of_role)((UShort)i);
      AT_SnapRole* r = &s->roles[k];
      if (alive[i] == 0 && h->live_blocks == 0 && f->waits == 0
          && f->wakes == 0)
         continue;
      r->inst        = (UShort)i;
      r->threads     = alive[i];
      r->live_bytes  = h->live_bytes;
      r->live_blocks = h->live_blocks;
      r->waits       = f->waits;
      r->blocked_us  = f->blocked_us;
      r->idle_us     = f->class_us[AT_WAIT_IDLE];
      r->wakes       = f->wakes;
      k++;
   }
   s->nroles = k;
   VG_(free)(alive);
}

/* A "blocked" snapshot stands for the state until the next one is
   taken: it goes then, and the next takes its number. */
static void drop_blocked(void)
{
   Word n = VG_(sizeXA)(snaps);
   AT_Snapshot* last = n > 0 ? VG_(indexXA)(snaps, n - 1) : NULL;
   if (last == NULL || last->cause != AT_SNAP_BLOCKED)
      return;
   free_snap(last);
   VG_(dropTailXA)(snaps, 1);
   n_taken--;
}

static void take(AT_SnapCause cause, const HChar* label)
{
   AT_Snapshot s;
   const AT_HeapSummary* h = AT_(heap_summary)();
   VG_(memset)(&s, 0, sizeof(s));
   drop_blocked();
   if ((UInt)VG_(sizeXA)(snaps) >= AT_(clo_snap_max))
      thin();
   s.seq   = ++n_taken;
   s.ms    = AT_NOW_MS();
   s.insns = AT_(insns_now)();
   s.cause = (UChar)cause;
   s.label = label ? VG_(strdup)("at.snap_label", label) : NULL;
   s.live_bytes  = h->total.live_bytes;
   s.live_blocks = h->total.live_blocks;
   fill_roles(&s);
   cap_roles(&s, AT_(clo_snap_roles));
   fill_sites(&s);
   if (AT_(clo_snap_leaks))
      s.leaks = AT_(snap_leaks_take)();
   s.tasks = AT_(tasks_snapshot)(AT_(clo_snap_sites), AT_(clo_snap_tasks));
   VG_(addToXA)(snaps, &s);
}

/* Brings the figures up to date and writes the whole report, to file
   (NULL: the report's own). */
static void state_key(ULong* k);
static ULong written_key[4];
/* Writes made because every thread blocked spend this budget, in tenths
   of a ms: it grows by one a ms, and every write costs ten a ms it took
   (ten at least), so such writes take at most a tenth of the time. */
static Long  budget = 1000;
static UInt  budget_ms;
#define AT_BUDGET_MAX 10000

static void write_now(const HChar* file)
{
   UInt start = AT_NOW_MS(), took;
   write_report(file);
   if (file == NULL)            /* what the report's file now holds */
      state_key(written_key);
   took = AT_NOW_MS() - start;
   budget -= 10 * (Long)(took > 0 ? took : 1);
}

static void snapshot_and_write(AT_SnapCause cause, const HChar* label,
                               const HChar* file)
{
   if (busy)
      return;
   busy = True;
   take(cause, label);
   write_now(file);
   busy = False;
}

void AT_(snap_poll)(void)
{
   ULong now;
   if (AT_(clo_snap_interval) == 0 || busy)
      return;
   now = AT_(clo_snap_in_insns) ? AT_(insns_now)() : (ULong)AT_NOW_MS();
   if (now < next_due)
      return;
   snapshot_and_write(AT_SNAP_INTERVAL, NULL, NULL);
   next_due = now + AT_(clo_snap_interval);
}

void AT_(snap_request)(const HChar* label)
{
   snapshot_and_write(AT_SNAP_REQUEST, label, NULL);
}

void AT_(snap_phase)(const HChar* label)
{
   AT_Phase p;
   if (VG_(sizeXA)(phases) >= AT_MAX_PHASES)
      return;
   p.ms    = AT_NOW_MS();
   p.insns = AT_(insns_now)();
   p.after = n_taken;
   p.label = VG_(strdup)("at.phase_label", label);
   VG_(addToXA)(phases, &p);
}

/*------------------------------------------------------------*/
/*--- Every thread blocked                                 ---*/
/*------------------------------------------------------------*/

static UInt  n_in_sys;
static Bool  all_blocked;       /* since the last thread blocked */
static volatile UInt n_posts;   /* syscalls ended, any thread's */
#define AT_CATCH_UP 16

/* The core's big lock (pub_core_scheduler.h), released while the last
   thread to block waits for the budget, so that any other thread whose
   syscall ends runs meanwhile.  It is released with the state of a
   thread in a syscall (VgTs_WaitSys, 3, in pub_core_threadstate.h):
   an exit of the process meanwhile then ends it as such a thread, at
   its syscall. */
extern void VG_(release_BigLock)(ThreadId tid, Int sleepstate,
                                 const HChar* who);
extern void VG_(acquire_BigLock)(ThreadId tid, const HChar* who);
#define AT_VGTS_WAITSYS 3

/* The last thread blocks with the state changed but the budget spent
   (a busy time just before, its writes): without the snapshot a kill
   while idle would lose the end of that busy time.  So the thread
   waits, before its syscall, until the budget is back (a ms of wall
   time gives back a tenth of a ms of writing) or the program shows it
   is not idle: another thread's syscall ends, or one of the fds its
   own syscall waits on is ready (the next time every thread blocks
   tries again).  True if the budget is back and nothing happened: the
   state is still the one at the block.  To the program this is the
   thread entering its syscall late, so only syscalls without a
   timeout wait (one with a timeout wakes, and the next block tries
   again): a futex wait, epoll_wait or poll without one, accept, pause,
   sigsuspend, wait4 without WNOHANG. */
#define AT_WATCH_MAX 16
#define AT_POLLIN    1

/* Whether the syscall may wait for the budget; *nw the fds to watch
   meanwhile, in w. */
static Bool may_wait(UInt sysno, const UWord* args, struct vki_pollfd* w,
                     Int* nw)
{
   *nw = 0;
   switch (sysno) {
      case __NR_futex: {
         UWord cmd = args[1] & ~(UWord)(128 | 256);
         return (cmd == 0 || cmd == 6 || cmd == 9 || cmd == 11 || cmd == 13)
                && args[3] == 0;
      }
      case __NR_epoll_wait: case __NR_epoll_pwait:
      case __NR_accept: case __NR_accept4:
         if ((sysno == __NR_epoll_wait || sysno == __NR_epoll_pwait)
             && (Int)args[3] >= 0)
            return False;
         w[0].fd      = (Int)args[0];
         w[0].events  = AT_POLLIN;
         w[0].revents = 0;
         *nw = 1;
         return True;
      case __NR_poll: case __NR_ppoll: {
         UWord n = args[1], i;
         const struct vki_pollfd* fds = (const struct vki_pollfd*)args[0];
         if ((sysno == __NR_poll ? (Int)args[2] >= 0 : args[2] != 0)
             || n == 0 || n > AT_WATCH_MAX
             || !VG_(am_is_valid_for_client)(args[0],
                                             n * sizeof(struct vki_pollfd),
                                             VKI_PROT_READ))
            return False;
         for (i = 0; i < n; i++) {
            w[i] = fds[i];
            w[i].revents = 0;
         }
         *nw = (Int)n;
         return True;
      }
      case __NR_wait4:
         return (args[2] & 1) == 0;          /* WNOHANG */
      case __NR_waitid:
         return (args[3] & 1) == 0;
      case __NR_pause: case __NR_rt_sigsuspend:
         return True;
      default:
         return False;
   }
}

static Bool wait_for_budget(ThreadId tid, UInt sysno, const UWord* args)
{
   struct vki_pollfd w[AT_WATCH_MAX];
   Int  nw;
   Bool ready = False;
   UInt posts = n_posts, now;
   if (!may_wait(sysno, args, w, &nw))
      return False;
   VG_(release_BigLock)(tid, AT_VGTS_WAITSYS, "at.snap_budget");
   for (;;) {
      SysRes r;
      now = AT_NOW_MS();
      if (n_posts != posts || budget + (Long)(now - budget_ms) >= 0)
         break;
      r = VG_(poll)(nw ? w : NULL, nw, 1);
      if (!sr_isError(r) && sr_Res(r) > 0) {
         ready = True;
         break;
      }
   }
   VG_(acquire_BigLock)(tid, "at.snap_budget");
   now = AT_NOW_MS();
   budget += now - budget_ms;
   budget_ms = now;
   if (budget > AT_BUDGET_MAX)
      budget = AT_BUDGET_MAX;
   return !ready && n_posts == posts && budget >= 0;
}

static void state_key(ULong* k)
{
   const AT_HeapSummary* h = AT_(heap_summary)();
   k[0] = h->total.allocs;
   k[1] = h->total.frees;
   k[2] = AT_(n_threads)();
   k[3] = AT_(n_alive_threads)();
}

/* Syscalls that may keep a thread blocked a long time. */
static Bool may_block(UInt sysno, const UWord* args)
{
   switch (sysno) {
      case __NR_futex: {
         UWord cmd = args[1] & ~(UWord)(128 | 256);
         return cmd == 0 || cmd == 6 || cmd == 9 || cmd == 11 || cmd == 13;
      }
      case __NR_epoll_wait: case __NR_epoll_pwait: case __NR_poll:
      case __NR_ppoll: case __NR_select: case __NR_pselect6:
      case __NR_nanosleep: case __NR_clock_nanosleep: case __NR_wait4:
      case __NR_waitid: case __NR_rt_sigsuspend: case __NR_rt_sigtimedwait:
      case __NR_pause: case __NR_accept: case __NR_accept4:
         return True;
      default:
         return False;
   }
}

void AT_(snap_syscall_pre)(ThreadId tid, UInt sysno, const UWord* args)
{
   ULong k[4];
   UInt  now;
   if (tid >= VG_N_THREADS || sysno == __NR_exit || sysno == __NR_exit_group)
      return;                   /* those never come back */
   if (!in_sys[tid]) {
      in_sys[tid] = True;
      n_in_sys++;
   }
   if (AT_(clo_snap_interval) == 0 || busy || all_blocked
       || n_in_sys < AT_(n_alive_threads)() || !may_block(sysno, args))
      return;
   all_blocked = True;
   state_key(k);
   if (VG_(memcmp)(k, written_key, sizeof(k)) == 0)
      return;
   /* The budget: a tenth of the wall time, up to a second's worth. */
   now = AT_NOW_MS();
   budget += now - budget_ms;
   budget_ms = now;
   if (budget > AT_BUDGET_MAX)
      budget = AT_BUDGET_MAX;
   if (budget < 0 && !wait_for_budget(tid, sysno, args))
      return;
   busy = True;
   take(AT_SNAP_BLOCKED, NULL);
   /* The state as of the block, even if written after a wait. */
   ((AT_Snapshot*)VG_(indexXA)(snaps, VG_(sizeXA)(snaps) - 1))->ms = now;
   write_now(NULL);
   busy = False;
}

void AT_(snap_syscall_post)(ThreadId tid)
{
   ULong now;
   n_posts++;
   if (tid < VG_N_THREADS && in_sys[tid]) {
      in_sys[tid] = False;
      n_in_sys--;
   }
   if (!all_blocked)
      return;
   all_blocked = False;
   if (AT_(clo_snap_interval) == 0 || AT_(clo_snap_in_insns) || busy)
      return;
   now = AT_NOW_MS();
   if (now < next_due)
      return;
   /* Due at next_due, next_due + interval, ...: the latest few. */
   {
      ULong n = (now - next_due) / AT_(clo_snap_interval) + 1, i;
      ULong first = n > AT_CATCH_UP ? n - AT_CATCH_UP : 0;
      busy = True;
      for (i = first; i < n; i++) {
         take(AT_SNAP_INTERVAL, NULL);
         ((AT_Snapshot*)VG_(indexXA)(snaps, VG_(sizeXA)(snaps) - 1))->ms
            = (UInt)(next_due + i * AT_(clo_snap_interval));
      }
      write_now(NULL);
      busy = False;
      next_due += n * AT_(clo_snap_interval);
   }
}

void AT_(snap_fork_child)(ThreadId tid)
{
   /* Only the forking thread lives on, in its fork. */
   VG_(memset)(in_sys, 0, VG_N_THREADS * sizeof(Bool));
   n_in_sys    = 0;
   all_blocked = False;
   if (tid < VG_N_THREADS) {
      in_sys[tid] = True;
      n_in_sys    = 1;
   }
}

UInt AT_(snap_count)(void)  { return snaps ? (UInt)VG_(sizeXA)(snaps) : 0; }
const AT_Snapshot* AT_(snap_get)(UInt i) { return VG_(indexXA)(snaps, i); }
UInt AT_(snap_phase_count)(void)
{
   return phases ? (UInt)VG_(sizeXA)(phases) : 0;
}
const AT_Phase* AT_(snap_phase_get)(UInt i) { return VG_(indexXA)(phases, i); }
UInt AT_(snap_taken)(void)  { return n_taken; }
Bool AT_(snap_enabled)(void)
{
   return AT_(clo_snap_interval) != 0 || n_taken > 0
          || AT_(snap_phase_count)() > 0;
}
const HChar* AT_(snap_interval_text)(void)
{
   return AT_(clo_snap_interval_text);
}
UInt AT_(snap_max)(void)   { return AT_(clo_snap_max); }
UInt AT_(snap_sites)(void) { return AT_(clo_snap_sites); }
UInt AT_(snap_tasks)(void) { return AT_(clo_snap_tasks); }
UInt AT_(snap_roles)(void) { return AT_(clo_snap_roles); }

/*------------------------------------------------------------*/
/*--- Monitor commands (vgdb)                              ---*/
/*------------------------------------------------------------*/

/* The tables speak at_print's dialect, so that what a user reads while
   the program runs reads the same in the report's summary: roles as
   "tokio-worker (runtime 1)", counts with thousands separators, times
   in ms with one decimal, the report's wait classes, a site at its
   first own frame named as at_print names it. */

/* The role column: the longest built-in role's words,
   "tokio-blocking (runtime 1)"; longer names push the row. */
#define AT_ROLE_COL 26

static void monitor_help(void)
{
   VG_(gdb_printf)(
"asynctrace monitor commands:\n"
"  help                  the core's commands, then these\n"
"  snapshot [FILE]       take a snapshot and write the full report now,\n"
"                        to FILE if given, else to the report's own file\n"
"  threads               the threads so far: seq, kernel tid, state, role\n"
"                        now, live heap they allocated, futex waits, how\n"
"                        long in the wait now, name\n"
"  roles                 per role: threads alive, live heap, futex waits\n"
"                        and their blocked and idle time\n"
"  waits [N]             the futex waits in progress, then the N futex\n"
"                        sites with the most blocked time [10]\n"
"  tasks [N]             the N Tokio spawn sites holding the most live\n"
"                        heap now, with their tasks so far [10]\n"
"  leak_check [full|summary]\n"
"             [kinds SET|reachable|possibleleak|definiteleak]\n"
"             [new|increased|changed|any] [limited N|unlimited]\n"
"             [heuristics HSET]\n"
"                        scan for leaks now; figures with their change\n"
"                        since the previous leak_check; SET as in\n"
"                        --show-leak-kinds, HSET as in\n"
"                        --leak-check-heuristics; limited N: the N\n"
"                        largest records [full, --show-leak-kinds,\n"
"                        increased, unlimited, --leak-check-heuristics]\n"
"  cpu [N]               with --cpu-sample: instructions by role, and\n"
"                        the N stacks with the most [10]\n"
"N is a count from 1 to 1,000,000; times are in ms, as at_print's.\n");
}

static const HChar* plural(ULong n, const HChar* one, const HChar* many)
{
   return n == 1 ? one : many;
}

static void monitor_threads(void)
{
   UInt i, n = AT_(n_threads)();
   HChar role[80];
   VG_(gdb_printf)("%5s %8s  %-5s  %-*s  %12s  %11s  %11s  %12s  %s\n", "seq",
                   "os-tid", "state", AT_ROLE_COL, "role", "live bytes",
                   "live blocks", "futex waits", "waiting for", "name");
   for (i = 1; i <= n; i++) {
      const AT_Thread* t = AT_(thread_by_seq)(i);
      Bool alive = t->alive;
      HChar wait[32] = "-";
      ULong us;
      ExeContext* where;
      UInt klass;
      if (alive && AT_(futex_waiting)(t->vg_tid, &us, &where, &klass))
         AT_(ms_text)(us, wait, sizeof(wait));
      AT_(role_words)(t->cur_inst, role, sizeof(role));
      VG_(gdb_printf)("%5u %8d  %-5s  %-*s  %'12llu  %'11llu  %'11llu  %12s  "
                      "%s\n", t->seq, t->os_tid, alive ? "alive" : "ended",
                      AT_ROLE_COL, role, t->heap.live_bytes,
                      t->heap.live_blocks,
                      AT_(futex_of_thread)(t->seq)->waits, wait,
                      AT_(thread_name)(t));
   }
}

static void monitor_roles(void)
{
   AT_Snapshot s;
   UInt i;
   HChar role[80], blocked[32], idle[32];
   ULong bytes  = AT_(heap_summary)()->total.live_bytes;
   ULong blocks = AT_(heap_summary)()->total.live_blocks;
   VG_(memset)(&s, 0, sizeof(s));
   fill_roles(&s);
   VG_(gdb_printf)("%-*s  %7s  %12s  %11s  %11s  %13s  %13s\n", AT_ROLE_COL,
                   "role", "threads", "live bytes", "live blocks",
                   "futex waits", "blocked", "idle");
   for (i = 0; i < s.nroles; i++) {
      const AT_SnapRole* r = &s.roles[i];
      AT_(role_words)(r->inst, role, sizeof(role));
      VG_(gdb_printf)("%-*s  %'7u  %'12llu  %'11llu  %'11llu  %13s  %13s\n",
                      AT_ROLE_COL, role, r->threads, r->live_bytes,
                      r->live_blocks, r->waits,
                      AT_(ms_text)(r->blocked_us, blocked, sizeof(blocked)),
                      AT_(ms_text)(r->idle_us, idle, sizeof(idle)));
   }
   VG_(gdb_printf)("total: %'u %s alive, %'llu live %s in %'llu %s\n",
                   s.threads, plural(s.threads, "thread", "threads"),
                   bytes, plural(bytes, "byte", "bytes"), blocks,
                   plural(blocks, "block", "blocks"));
   VG_(free)(s.roles);
}

/* Where a stack is: its first own frame, as at_print shows it. */
static const HChar* place_of(ExeContext* ec, AT_Shown* sh)
{
   if (ec == NULL)
      return "???";
   AT_(first_shown)(ec, sh);
   return sh->label;
}

/* The waits in progress, then the finished ones by site; each at its
   first own frame (or past the parking code), with its class as the
   report gives it. */
static void monitor_waits(UInt max)
{
   XArray* sites = AT_(futex_sites)();
   Word i, n = VG_(sizeXA)(sites), listed, wakers;
   UInt k, nt = AT_(n_threads)(), now = 0;
   HChar role[80], a[32], b[32];
   AT_Shown sh;
   VG_(gdb_printf)("blocked in a futex wait now:\n");
   VG_(gdb_printf)("%5s  %-*s  %-9s  %13s  %s\n", "seq", AT_ROLE_COL, "role",
                   "class", "for", "where");
   for (k = 1; k <= nt; k++) {
      const AT_Thread* t = AT_(thread_by_seq)(k);
      ULong us;
      ExeContext* where;
      UInt klass;
      if (!t->alive || !AT_(futex_waiting)(t->vg_tid, &us, &where, &klass))
         continue;
      now++;
      AT_(role_words)(t->cur_inst, role, sizeof(role));
      VG_(gdb_printf)("%5u  %-*s  %-9s  %13s  %s\n", t->seq, AT_ROLE_COL,
                      role, AT_(wait_class_name)(klass),
                      AT_(ms_text)(us, a, sizeof(a)), place_of(where, &sh));
   }
   VG_(gdb_printf)("%'u %s in all\n", now, plural(now, "thread", "threads"));
   VG_(gdb_printf)("finished futex waits, by site, most blocked time "
                   "first:\n");
   VG_(gdb_printf)("%-*s  %-9s  %9s  %13s  %13s  %s\n", AT_ROLE_COL, "role",
                   "class", "waits", "blocked", "max blocked", "where");
   /* Sites that only woke others (no wait) are not waits: counted, not
      listed. */
   for (i = 0, listed = 0, wakers = 0; i < n; i++) {
      const AT_FutexSite* f = VG_(indexXA)(sites, i);
      if (f->st.waits == 0) {
         wakers++;
         continue;
      }
      if (listed++ >= max)
         continue;
      AT_(role_words)(f->inst, role, sizeof(role));
      VG_(gdb_printf)("%-*s  %-9s  %'9llu  %13s  %13s  %s\n", AT_ROLE_COL,
                      role, AT_(wait_class_name)(f->klass), f->st.waits,
                      AT_(ms_text)(f->st.blocked_us, a, sizeof(a)),
                      AT_(ms_text)(f->st.max_us, b, sizeof(b)),
                      place_of(f->where, &sh));
   }
   VG_(gdb_printf)("%'ld futex %s in all", n, plural(n, "site", "sites"));
   if (wakers > 0)
      VG_(gdb_printf)(" (%'ld that only woke others, not listed)", wakers);
   VG_(gdb_printf)("\n");
   VG_(deleteXA)(sites);
}

/* An optional count argument of command cmd: def if none, 0 (refused,
   in one line) if not one. */
static UInt count_arg(const HChar* cmd, HChar* word, UInt def)
{
   HChar* end;
   Long v;
   if (word == NULL)
      return def;
   v = VG_(strtoll10)(word, &end);
   if (*end != '\0' || v <= 0 || v > 1000000) {
      VG_(gdb_printf)("%s: N is a count from 1 to 1,000,000, not '%s'\n",
                      cmd, word);
      return 0;
   }
   return (UInt)v;
}

/* Whether the command's words are all taken; if not, says so in one
   line. */
static Bool no_more(const HChar* cmd, HChar** save)
{
   HChar* word = VG_(strtok_r)(NULL, " ", save);
   if (word == NULL)
      return True;
   VG_(gdb_printf)("%s: unexpected '%s' (see monitor help)\n", cmd, word);
   return False;
}

/* The longest monitor command taken, with its terminating NUL: a path
   for snapshot FILE fits. */
#define AT_MONITOR_MAX  8192

Bool AT_(snap_monitor)(ThreadId tid, const HChar* cmd)
{
   HChar  copy[AT_MONITOR_MAX];
   HChar* save;
   HChar* word;
   Int    which;
   SizeT  len = 0;
   UInt   n;
   /* The words are cut apart in a copy: the command may be the
      program's string (VALGRIND_MONITOR_COMMAND), a literal in
      read-only memory or a buffer the program reads again after. */
   while (len < sizeof(copy) && cmd[len] != '\0')
      len++;
   if (len == sizeof(copy)) {
      VG_(memcpy)(copy, cmd, 40);
      copy[40] = '\0';
      VG_(gdb_printf)("asynctrace: monitor command of more than %'u bytes "
                      "ignored (it starts \"%s...\")\n",
                      (UInt)sizeof(copy) - 1, copy);
      return True;
   }
   VG_(memcpy)(copy, cmd, len + 1);
   word = VG_(strtok_r)(copy, " ", &save);
   if (word == NULL)
      return False;
   /* Every command here is in monitor_help's list, with its
      arguments. */
   which = VG_(keyword_id)("help snapshot threads roles waits tasks "
                           "leak_check cpu", word,
                           kwd_report_duplicated_matches);
   switch (which) {
      case -2:
         return True;
      case -1:
         return False;
      case 0:
         monitor_help();
         return True;
      case 1: {
         HChar* file = VG_(strtok_r)(NULL, " ", &save);
         if (file != NULL && !no_more("snapshot", &save))
            return True;
         snapshot_and_write(AT_SNAP_MONITOR, NULL, file);
         VG_(gdb_printf)("snapshot %u taken, report written to %s\n",
                         n_taken, file ? file : "the report's file");
         return True;
      }
      case 2:
         if (no_more("threads", &save))
            monitor_threads();
         return True;
      case 3:
         if (no_more("roles", &save))
            monitor_roles();
         return True;
      case 4:
         n = count_arg("waits", VG_(strtok_r)(NULL, " ", &save), 10);
         if (n && no_more("waits", &save))
            monitor_waits(n);
         return True;
      case 5:
         n = count_arg("tasks", VG_(strtok_r)(NULL, " ", &save), 10);
         if (n && no_more("tasks", &save))
            AT_(tasks_monitor)(n);
         return True;
      case 6:
         AT_(leak_monitor)(&save);
         return True;
      case 7:
         n = count_arg("cpu", VG_(strtok_r)(NULL, " ", &save), 10);
         if (n && no_more("cpu", &save))
            AT_(cpu_monitor)(n);
         return True;
   }
   return False;
}

/*--------------------------------------------------------------------*/
/*--- end                                               at_snap.c  ---*/
/*--------------------------------------------------------------------*/
