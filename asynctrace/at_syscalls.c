/*--------------------------------------------------------------------*/
/*--- asynctrace: time blocked in other syscalls.   at_syscalls.c ---*/
/*--------------------------------------------------------------------*/

/* This file is part of asynctrace.  Copyright (C) 2026 the asynctrace
   authors.  GPL-2.0-or-later; see at_basics.h and COPYING.

   A thread's wall time is not all in futex waits: Tokio's IO driver
   parks in epoll_wait, and std::fs, a DNS lookup or a blocking socket
   in a task stop the worker in read, write, fsync or connect.  Every
   syscall that may block (the table below) is timed, from the tool's
   pre-syscall hook to its post-syscall hook, and summed per thread by
   class (at_syscalls.h): the calls and the wall microseconds.  Under
   Valgrind a thread in a syscall has given the big lock away, and the
   time includes getting it back, as a futex wait's does.  A syscall
   that does not return (exit, execve) or is interrupted by a signal
   whose handler does not return is never charged.

   Inside a Tokio task's poll (at_tasks.c), a sleep, and an IO call on a
   blocking file descriptor (a file, a pipe or a socket without
   O_NONBLOCK: Tokio's own are non-blocking), that took a millisecond or
   more stalled the worker: it goes to the task's "blocking inside
   async" with its stack, as a futex wait there does.  The descriptor is
   looked at only then, so the fast calls cost nothing more. */

#include "pub_tool_libcbase.h"
#include "pub_tool_libcproc.h"
#include "pub_tool_mallocfree.h"
#include "pub_tool_vki.h"
#include "pub_tool_vkiscnums.h"

#include "at_attr.h"
#include "at_clock.h"
#include "at_stack.h"
#include "at_syscalls.h"
#include "at_threads.h"

/* A call this long inside a task's poll stalled its worker. */
#define AT_STALL_US 1000

/* The timed syscalls: number, class and name (blocking inside async
   says which call stalled the worker). */
typedef struct { UInt no; Int cls; const HChar* name; } Timed;

#define IO(n)    { __NR_##n, AT_SC_IO, #n }
#define POLL(n)  { __NR_##n, AT_SC_POLL, #n }
#define SLEEP(n) { __NR_##n, AT_SC_SLEEP, #n }
#define OTHER(n) { __NR_##n, AT_SC_OTHER, #n }
static const Timed timed[] = {
   IO(read), IO(write), IO(pread64), IO(pwrite64), IO(readv), IO(writev),
   IO(preadv), IO(pwritev), IO(fsync), IO(fdatasync), IO(sync_file_range),
   IO(open), IO(openat), IO(recvfrom), IO(sendto), IO(recvmsg),
   IO(sendmsg), IO(connect), IO(accept), IO(accept4), IO(sendfile),
   IO(splice), IO(flock),
   POLL(epoll_wait), POLL(epoll_pwait), POLL(poll), POLL(ppoll),
   POLL(select), POLL(pselect6),
   SLEEP(nanosleep), SLEEP(clock_nanosleep),
   OTHER(wait4), OTHER(waitid), OTHER(pause), OTHER(rt_sigsuspend),
   OTHER(rt_sigtimedwait),
};
#undef IO
#undef POLL
#undef SLEEP
#undef OTHER

/* Index in timed[] by syscall number, +1 (0: not timed), filled at the
   first call: the numbers are small. */
#define MAX_NO 512
static UChar timed_ix[MAX_NO];
static Bool  timed_ready;

static const Timed* timed_of(UInt sysno)
{
   UInt i;
   if (!timed_ready) {
      for (i = 0; i < sizeof timed / sizeof timed[0]; i++)
         if (timed[i].no < MAX_NO)
            timed_ix[timed[i].no] = (UChar)(i + 1);
      timed_ready = True;
   }
   return sysno < MAX_NO && timed_ix[sysno] ? &timed[timed_ix[sysno] - 1]
                                            : NULL;
}

typedef struct {
   ULong start;                  /* clock ticks; 0: not in one */
   const Timed* call;
   Int   fd;                     /* the call's descriptor, or -1 */
   AT_SysTimes t;
   Bool  any;
} PerThread;

static PerThread* per;           /* by thread seq */
static UInt       n_per;

static const HChar* const class_names[AT_SC_N] = {
   "io", "poll", "sleep", "other"
};

const HChar* AT_(sys_class_name)(Int c)
{
   return c >= 0 && c < AT_SC_N ? class_names[c] : "?";
}

static PerThread* of(ThreadId tid)
{
   AT_Thread* th = AT_(thread)(tid);
   if (th == NULL)
      return NULL;
   if (th->seq >= n_per) {
      UInt n = n_per ? n_per : 64;
      while (n <= th->seq)
         n *= 2;
      per = VG_(realloc)("at.sys.per", per, n * sizeof(PerThread));
      VG_(memset)(per + n_per, 0, (n - n_per) * sizeof(PerThread));
      n_per = n;
   }
   return &per[th->seq];
}

/* The descriptor an IO call works on (-1: none, an open). */
static Int fd_of(UInt sysno, const UWord* args)
{
   return sysno == __NR_open || sysno == __NR_openat ? -1 : (Int)args[0];
}

void AT_(sys_pre)(ThreadId tid, UInt sysno, const UWord* args)
{
   const Timed* c = timed_of(sysno);
   PerThread* p;
   if (c == NULL || (p = of(tid)) == NULL)
      return;
   p->call     = c;
   p->fd       = c->cls == AT_SC_IO ? fd_of(sysno, args) : -1;
   p->start    = AT_(clock_now)();
   if (p->start == 0)
      p->start = 1;
}

/* A slow sleep or IO call: inside a task's poll, on a blocking
   descriptor, it stalled the worker. */
static void stalled(ThreadId tid, const PerThread* p, ULong us)
{
   void* task = AT_(task_now)(tid);
   if (task == NULL)
      return;
   if (p->fd >= 0) {
      SysRes fl = VG_(do_syscall)(__NR_fcntl, (UWord)p->fd, VKI_F_GETFL,
                                  0, 0, 0, 0, 0, 0);
      if (sr_isError(fl) || (sr_Res(fl) & VKI_O_NONBLOCK))
         return;
   }
   AT_(task_wait)(task, AT_(stack_here)(tid), us, False, p->call->name);
}

void AT_(sys_post)(ThreadId tid, UInt sysno)
{
   PerThread* p;
   ULong us;
   if (timed_of(sysno) == NULL || (p = of(tid)) == NULL || p->start == 0)
      return;
   us = AT_(clock_us)(AT_(clock_now)() - p->start);
   p->t.calls[p->call->cls]++;
   p->t.us[p->call->cls] += us;
   p->any      = True;
   p->start    = 0;
   if (us >= AT_STALL_US
       && (p->call->cls == AT_SC_SLEEP || p->call->cls == AT_SC_IO))
      stalled(tid, p, us);
}

const AT_SysTimes* AT_(sys_times)(UInt seq)
{
   return seq < n_per && per[seq].any ? &per[seq].t : NULL;
}

/*--------------------------------------------------------------------*/
/*--- end                                           at_syscalls.c ---*/
/*--------------------------------------------------------------------*/
