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
#include "at_stack.h"
#include "at_syscalls.h"
#include "at_threads.h"

/* A call this long inside a task's poll stalled its worker. */
#define AT_STALL_US 1000

typedef struct {
   ULong start_us;               /* 0: not in a timed syscall */
   Int   cls;
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

static Int class_of(UInt sysno)
{
   switch (sysno) {
   case __NR_read: case __NR_write: case __NR_pread64: case __NR_pwrite64:
   case __NR_readv: case __NR_writev: case __NR_preadv: case __NR_pwritev:
   case __NR_fsync: case __NR_fdatasync: case __NR_sync_file_range:
   case __NR_open: case __NR_openat: case __NR_recvfrom: case __NR_sendto:
   case __NR_recvmsg: case __NR_sendmsg: case __NR_connect:
   case __NR_accept: case __NR_accept4: case __NR_sendfile:
   case __NR_splice: case __NR_flock:
      return AT_SC_IO;
   case __NR_epoll_wait: case __NR_epoll_pwait: case __NR_poll:
   case __NR_ppoll: case __NR_select: case __NR_pselect6:
      return AT_SC_POLL;
   case __NR_nanosleep: case __NR_clock_nanosleep:
      return AT_SC_SLEEP;
   case __NR_wait4: case __NR_waitid: case __NR_pause:
   case __NR_rt_sigsuspend: case __NR_rt_sigtimedwait:
      return AT_SC_OTHER;
   default:
      return -1;
   }
}

static ULong now_us(void)
{
   struct vki_timeval tv;
   if (VG_(gettimeofday)(&tv, NULL) != 0)
      return (ULong)AT_NOW_MS() * 1000;
   return (ULong)tv.tv_sec * 1000000ULL + tv.tv_usec;
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
   Int c = class_of(sysno);
   PerThread* p;
   if (c < 0 || (p = of(tid)) == NULL)
      return;
   p->cls      = c;
   p->fd       = c == AT_SC_IO ? fd_of(sysno, args) : -1;
   p->start_us = now_us();
   if (p->start_us == 0)
      p->start_us = 1;
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
   AT_(task_wait)(task, AT_(stack_here)(tid), us, False);
}

void AT_(sys_post)(ThreadId tid, UInt sysno)
{
   PerThread* p;
   ULong now, us;
   if (class_of(sysno) < 0 || (p = of(tid)) == NULL || p->start_us == 0)
      return;
   now = now_us();
   us  = now > p->start_us ? now - p->start_us : 0;
   p->t.calls[p->cls]++;
   p->t.us[p->cls] += us;
   p->any      = True;
   p->start_us = 0;
   if (us >= AT_STALL_US && (p->cls == AT_SC_SLEEP || p->cls == AT_SC_IO))
      stalled(tid, p, us);
}

const AT_SysTimes* AT_(sys_times)(UInt seq)
{
   return seq < n_per && per[seq].any ? &per[seq].t : NULL;
}

/*--------------------------------------------------------------------*/
/*--- end                                           at_syscalls.c ---*/
/*--------------------------------------------------------------------*/
