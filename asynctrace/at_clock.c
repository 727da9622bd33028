/*--------------------------------------------------------------------*/
/*--- asynctrace: a cheap clock for short waits.          at_clock.c ---*/
/*--------------------------------------------------------------------*/

/* This file is part of asynctrace.  Copyright (C) 2026 the asynctrace
   authors.  GPL-2.0-or-later; see at_basics.h and COPYING.

   Every futex wait and every syscall that may block is timed: on a
   Tokio server that is hundreds of thousands of readings.  The tool
   cannot use the vDSO, so gettimeofday is a real system call (about a
   microsecond, with page-table isolation much of it charged to user
   time), and two per read() made the clock one of the tool's largest
   costs.  On x86 the time-stamp counter is read instead (about 10 ns):
   a wait is the difference of two readings, turned into microseconds
   with the counter's rate.

   The rate is measured against gettimeofday: at start-up over a 2 ms
   sleep, then again over the whole run so far each time a conversion
   finds the last measurement 50 ms old, so a long run's figures rest
   on seconds of both clocks.  The counter is used only where CPUID says
   it is invariant (it ticks at one rate whatever the CPU's frequency and
   power state); a reading that goes backwards (a thread moved to a CPU
   whose counter lags) counts 0.  Elsewhere (another architecture, an
   older CPU, a hypervisor that hides the bit), the clock is
   gettimeofday itself in microseconds.

   A time is written for a person as at_print writes it: milliseconds
   with one decimal and thousands separators, "1,234.5 ms". */

#include "pub_tool_libcbase.h"
#include "pub_tool_libcproc.h"
#include "pub_tool_vki.h"
#include "pub_tool_vkiscnums.h"

#include "at_clock.h"

/* Fixed point: ticks per microsecond, times 2^FRAC. */
#define FRAC 16

static Bool  use_tsc;
static ULong start_ticks, start_us;   /* both clocks at start-up */
static ULong rate_fx;                 /* ticks per us << FRAC */
static ULong next_cal;                /* ticks when the rate is redone */
static ULong cal_every;               /* 50 ms in ticks */

static ULong wall_us(void)
{
   struct vki_timeval tv;
   if (VG_(gettimeofday)(&tv, NULL) != 0)
      return (ULong)AT_NOW_MS() * 1000;
   return (ULong)tv.tv_sec * 1000000ULL + tv.tv_usec;
}

static ULong tsc(void)
{
#if defined(VGA_amd64) || defined(VGA_x86)
   UInt lo, hi;
   __asm__ __volatile__("rdtsc" : "=a"(lo), "=d"(hi));
   return ((ULong)hi << 32) | lo;
#else
   return 0;
#endif
}

/* CPUID 0x80000007: EDX bit 8, the invariant time-stamp counter. */
static Bool tsc_invariant(void)
{
#if defined(VGA_amd64) || defined(VGA_x86)
   UInt a, b, c, d;
   __asm__ __volatile__("cpuid" : "=a"(a), "=b"(b), "=c"(c), "=d"(d)
                                : "a"(0x80000000));
   if (a < 0x80000007)
      return False;
   __asm__ __volatile__("cpuid" : "=a"(a), "=b"(b), "=c"(c), "=d"(d)
                                : "a"(0x80000007), "c"(0));
   return (d >> 8) & 1;
#else
   return False;
#endif
}

ULong AT_(clock_now)(void)
{
   return use_tsc ? tsc() : wall_us();
}

/* The rate over everything measured since start-up. */
static void calibrate(ULong now_ticks)
{
   ULong us = wall_us(), span = us - start_us;
   if (us > start_us && now_ticks > start_ticks && span >= 1000)
      rate_fx = ((now_ticks - start_ticks) << FRAC) / span;
   if (rate_fx == 0)
      rate_fx = 1;
   cal_every = (rate_fx >> FRAC) * 50000;
   next_cal  = now_ticks + cal_every;
}

void AT_(clock_init)(void)
{
   struct vki_timespec two_ms = { 0, 2000000 };
   ULong t1;
   if (!tsc_invariant())
      return;
   start_ticks = tsc();
   start_us    = wall_us();
   if (start_ticks == 0)
      return;
   VG_(do_syscall)(__NR_nanosleep, (UWord)&two_ms, 0, 0, 0, 0, 0, 0, 0);
   t1 = tsc();
   if (t1 <= start_ticks)
      return;
   calibrate(t1);
   use_tsc = rate_fx > (1 << FRAC);  /* at least one tick a us */
}

ULong AT_(clock_us)(ULong ticks)
{
   if (!use_tsc)
      return ticks;
   if ((Long)ticks < 0)           /* a reading went backwards */
      return 0;
   if (tsc() >= next_cal)
      calibrate(tsc());
   if (ticks < (1ULL << (63 - FRAC)))
      return (ticks << FRAC) / rate_fx;
   return ticks / (rate_fx >> FRAC);  /* a wait of days: whole ticks a us */
}

/* at_print's way (printer/util.c's ms1), so that a time reads the same
   in vgdb's monitor commands and in the report's summary. */
const HChar* AT_(ms_text)(ULong us, HChar* buf, SizeT n)
{
   ULong tenths = us / 100 + (us % 100 >= 50);
   VG_(snprintf)(buf, n, "%'llu.%llu ms", tenths / 10, tenths % 10);
   return buf;
}

/*--------------------------------------------------------------------*/
/*--- end                                               at_clock.c ---*/
/*--------------------------------------------------------------------*/
