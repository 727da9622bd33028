/*--------------------------------------------------------------------*/
/*--- asynctrace: CPU samples by role, task and stack.    at_cpu.c ---*/
/*--------------------------------------------------------------------*/

/* This file is part of asynctrace.  Copyright (C) 2026 the asynctrace
   authors.  GPL-2.0-or-later; see at_basics.h and COPYING.

   Where the instructions go, by stack, with --cpu-sample=N.  The
   instruction counter (at_insns.c) is exact per thread; a profile needs
   to know what ran.  Every N guest instructions on average the
   generated code calls AT_(cpu_sample) at the end of the superblock
   that crossed the mark (a side exit taken leaves it to the next
   superblock's end, a few instructions later), which takes the running
   thread's stack (from the stack cache, at_stack.c), the role instance
   and the spawn site in force (a Tokio task's, a Rayon job's, a
   block_on's: at_tasks.c), and charges that row the instructions the
   thread ran since its own previous sample.  So the rows of a thread
   sum to its exact count up to its last sample, and the tail after it
   is charged to the last sample's row when the profile is read: the
   rows sum to the threads' instructions exactly, an invariant the
   report keeps (at_check.c).

   The gaps between samples are drawn from a fixed sequence between N/2
   and 3N/2: a program whose loops repeat with a period near N is not
   sampled at the same point of its loop every time (aliasing), and two
   runs of a single-threaded program give the same profile.

   The stack is the one the last instruction ran in, unwound from its
   address and the stack pointer.  After a call or a return the stack
   pointer is no longer the one that instruction's unwind information
   describes (the call pushed a word, the return popped one): unwound as
   they are, the caller's return address is read from the wrong word,
   and the frames above it are garbage or found by the frame-pointer
   fallback (half of a TCP server's sampled instructions had such a
   frame).  So after a call the stack is unwound with the pointer as it
   was before the push; after a return, from where it returned to, the
   returning function's frame put back in front.

   The cost is one sign test of the counter at each superblock's end
   (at_insns.h), and the stack lookup at a sample; with N = 0 the
   generated code has neither (the default is 200,000: see
   bench/README.md for what it costs). */

#include "pub_tool_execontext.h"
#include "pub_tool_hashtable.h"
#include "pub_tool_libcassert.h"
#include "pub_tool_libcbase.h"
#include "pub_tool_machine.h"
#include "pub_tool_mallocfree.h"
#include "pub_tool_options.h"
#include "pub_tool_stacktrace.h"
#include "pub_tool_threadstate.h"
#include "libvex_guest_amd64.h"

#include "at_attr.h"
#include "at_cpu.h"
#include "at_insns.h"
#include "at_options.h"
#include "at_stack.h"
#include "at_threads.h"

/* A row as kept: keyed by stack, role instance and spawn site. */
typedef struct _Row {
   struct _Row* next;
   UWord        key;      /* ECU << 32 | inst << 16 | site */
   ExeContext*  where;
   UShort       inst;
   UShort       site;
   ULong        insns;
   ULong        samples;
   Word         out;      /* its index in cpu_rows' array, while made */
} Row;

/* Per thread (by seq): its count at its last sample, and that row. */
typedef struct {
   ULong insns;
   Row*  row;
} Last;

static VgHashTable* rows;
static Last*        last;
static UInt         n_last;
static UInt         seed = 12345;

Bool AT_(cpu_on)(void)
{
   return AT_(clo_cpu_sample) > 0;
}

/* The next gap: N/2 .. 3N/2, from a fixed linear congruential
   sequence. */
static ULong next_gap(void)
{
   ULong n = AT_(clo_cpu_sample);
   seed = seed * 1103515245u + 12345u;
   return n / 2 + (ULong)((seed >> 8) % (UInt)(n + 1));
}

void AT_(cpu_init)(void)
{
   if (!AT_(cpu_on)())
      return;
   rows = VG_(HT_construct)("at.cpu.rows");
   AT_(insns_due_at)(next_gap());
}

static Last* last_of(UInt seq)
{
   if (seq >= n_last) {
      UInt n = n_last ? n_last : 64;
      while (n <= seq)
         n *= 2;
      last = VG_(realloc)("at.cpu.last", last, n * sizeof(Last));
      VG_(memset)(last + n_last, 0, (n - n_last) * sizeof(Last));
      n_last = n;
   }
   return &last[seq];
}

typedef enum { END_PLAIN, END_CALL, END_RET } End;

/* The stack of a sample at ip, the superblock having ended as end says
   (see the top of the file). */
static ExeContext* sample_stack(ThreadId tid, Addr ip, Addr sp, End end,
                                Addr next, const AT_Anchor* anchor)
{
   ExeContext* where;
   if (end == END_CALL) {
      Addr before = sp + sizeof(Addr);
      VG_(set_shadow_regs_area)(tid, 0, offsetof(VexGuestAMD64State, guest_RSP),
                                sizeof(Addr), (const UChar*)&before);
      where = AT_(stack_at)(tid, ip, before, anchor);
      VG_(set_shadow_regs_area)(tid, 0, offsetof(VexGuestAMD64State, guest_RSP),
                                sizeof(Addr), (const UChar*)&sp);
      return where;
   }
   if (end == END_RET && VG_(clo_backtrace_size) >= 2) {
      UInt n, size = (UInt)VG_(clo_backtrace_size);
      Addr ips[size];
      /* Not through the stack cache: its entries are keyed by their
         first frame's (ip, sp), here two frames'. */
      VG_(set_shadow_regs_area)(tid, 0, offsetof(VexGuestAMD64State, guest_RIP),
                                sizeof(Addr), (const UChar*)&next);
      n = VG_(get_StackTrace)(tid, ips + 1, size - 1, NULL, NULL, 0);
      ips[0] = ip;
      return VG_(make_ExeContext_from_StackTrace)(ips, n + 1);
   }
   return AT_(stack_at)(tid, ip, sp, anchor);
}

static void sample(UWord ip, End end, UWord next)
{
   ThreadId   tid = VG_(get_running_tid)();
   AT_Thread* t   = AT_(thread)(tid);
   ULong      now;
   Addr       sp;
   UShort     inst, site;
   AT_Anchor  anchor;
   ExeContext* where;
   Last*      l;
   Row*       r;
   Bool       made;

   AT_(insns_due_at)(AT_(insns_now)() + next_gap());
   if (t == NULL)
      return;
   now  = AT_(thread_insns_now)(tid);
   sp   = VG_(get_SP)(tid);
   /* The unwinder starts from the guest's IP: the code does not store
      it on every pass, so here (the block's jump sets its own after). */
   VG_(set_shadow_regs_area)(tid, 0, offsetof(VexGuestAMD64State, guest_RIP),
                             sizeof(Addr), (const UChar*)&ip);
   inst = AT_(role_at)(t, sp);
   (void)AT_(task_now_at)(tid, t, sp);
   site = AT_(task_spawn_site)(tid);
   AT_(anchor_of)(tid, t, &anchor);
   where = sample_stack(tid, (Addr)ip, sp, end, (Addr)next, &anchor);
   r = AT_(ht_node)(rows,
                    ((UWord)VG_(get_ECU_from_ExeContext)(where) << 32)
                    | ((UWord)inst << 16) | site,
                    sizeof(Row), "at.cpu.row", &made);
   if (made) {
      r->where = where;
      r->inst  = inst;
      r->site  = site;
   }
   l = last_of(t->seq);
   r->insns += now - l->insns;
   r->samples++;
   l->insns = now;
   l->row   = r;
}

VG_REGPARM(1) void AT_(cpu_sample)(UWord ip)
{
   sample(ip, END_PLAIN, 0);
}

VG_REGPARM(1) void AT_(cpu_sample_call)(UWord ip)
{
   sample(ip, END_CALL, 0);
}

VG_REGPARM(2) void AT_(cpu_sample_ret)(UWord ip, UWord next)
{
   sample(ip, END_RET, next);
}

static Int cmp_row(const void* va, const void* vb)
{
   const AT_CpuRow* a = va;
   const AT_CpuRow* b = vb;
   UInt ea = a->where ? VG_(get_ECU_from_ExeContext)(a->where) : 0;
   UInt eb = b->where ? VG_(get_ECU_from_ExeContext)(b->where) : 0;
   if (a->insns != b->insns)
      return a->insns > b->insns ? -1 : 1;
   if (ea != eb)
      return ea < eb ? -1 : 1;
   if (a->inst != b->inst)
      return a->inst < b->inst ? -1 : 1;
   return a->site < b->site ? -1 : a->site > b->site ? 1 : 0;
}

XArray* AT_(cpu_rows)(ULong* insns, ULong* samples)
{
   XArray* xa = VG_(newXA)(VG_(malloc), "at.cpu.rows_out", VG_(free),
                           sizeof(AT_CpuRow));
   UInt seq, n = AT_(n_threads)();
   Row* r;
   *insns = *samples = 0;
   if (rows == NULL)
      return xa;
   VG_(HT_ResetIter)(rows);
   while ((r = VG_(HT_Next)(rows)) != NULL) {
      AT_CpuRow o = { r->where, r->inst, r->site, r->insns, r->samples };
      r->out = VG_(addToXA)(xa, &o);
   }
   /* Each thread's tail, after its last sample. */
   for (seq = 1; seq <= n; seq++) {
      const AT_Thread* t = AT_(thread_by_seq)(seq);
      const Last* l = seq < n_last ? &last[seq] : NULL;
      ULong done = l ? l->insns : 0;
      ULong tail = t->insns > done ? t->insns - done : 0;
      AT_CpuRow* o;
      Word i, k = -1;
      if (tail == 0)
         continue;
      if (l != NULL && l->row != NULL) {
         o = VG_(indexXA)(xa, l->row->out);
         o->insns += tail;
         continue;
      }
      /* Never sampled: one row per role instance, without a stack. */
      for (i = 0; i < VG_(sizeXA)(xa) && k < 0; i++) {
         o = VG_(indexXA)(xa, i);
         if (o->where == NULL && o->inst == t->primary_inst)
            k = i;
      }
      if (k < 0) {
         AT_CpuRow z = { NULL, t->primary_inst, 0, 0, 0 };
         k = VG_(addToXA)(xa, &z);
      }
      o = VG_(indexXA)(xa, k);
      o->insns += tail;
   }
   VG_(setCmpFnXA)(xa, cmp_row);
   VG_(sortXA)(xa);
   for (Word i = 0; i < VG_(sizeXA)(xa); i++) {
      const AT_CpuRow* o = VG_(indexXA)(xa, i);
      *insns   += o->insns;
      *samples += o->samples;
   }
   return xa;
}

/*--------------------------------------------------------------------*/
/*--- end                                                 at_cpu.c ---*/
/*--------------------------------------------------------------------*/
