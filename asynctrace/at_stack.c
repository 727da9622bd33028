/*--------------------------------------------------------------------*/
/*--- asynctrace: stacks of allocations, remembered.    at_stack.c ---*/
/*--------------------------------------------------------------------*/

/* This file is part of asynctrace.  Copyright (C) 2026 the asynctrace
   authors.  GPL-2.0-or-later; see at_basics.h and COPYING.

   Unwinding the stack with the CFI at every allocation was the tool's
   largest cost.  A program allocates from few places, and a thread that
   allocates twice from the same place with the same stack pointer
   nearly always has the same callers: the caller frames are the same
   words of the same stack.  So each stack we unwind is remembered by its
   first frame's (ip, sp), with where each frame's return address lies;
   next time the same (ip, sp) comes, the stack is the same if those
   return addresses are still there, and no unwinding is needed.

   Why that is enough: frame 0's caller is found from (ip, sp) alone,
   its return address in the word below its canonical frame address
   (CFA).  That caller's (ip, sp) is then the same, so by the same
   argument all the frames are, as long as each function's frame size
   at a given ip is fixed.  Code that sizes its frame at run time
   (alloca, stack realignment) could in principle put a different return
   address elsewhere while the old one survives where we look; to keep
   that from mattering much, the cache is small and entries are
   replaced freely.  A stack we cannot check this way (a frame found by
   the unwinder's fallbacks, frames outside the thread's stack, merged
   recursion) is never remembered.

   Anchors: most of those return addresses are the same on every check,
   those of the frames around the thread's runtime loop (a Tokio
   worker's scheduler, the thread's start).  An anchor is a frame we
   know is still in force: the poll of a Tokio task, or a runtime's
   function that gives the thread its role (at_tasks.c, at_roles.c; the
   same test that tells the task and role in force: its return address
   still in its slot, the stack pointer below it).  A stack found whole
   while an anchor entry is the thread's innermost notes it; checked
   again while the same entry still is, the return addresses at or
   above the anchor's stack pointer are not read: none of those frames
   can have returned since (the anchor's would have returned first),
   and the words of a frame that has not returned that hold return
   addresses are written only by the calls that made them.  Each entry
   has its own number (AT_(anchor_gen)), so a later poll at the same
   place is not taken for the one noted.  Only frames that are entered
   through their own call sites anchor: a frame of a function reached
   through a pointer that other functions are reached through from the
   same place (Rayon's jobs, --role= rules) could look in force after
   it returned. */

#include "pub_tool_libcassert.h"
#include "pub_tool_libcbase.h"
#include "pub_tool_libcprint.h"
#include "pub_tool_machine.h"
#include "pub_tool_mallocfree.h"
#include "pub_tool_options.h"
#include "pub_tool_stacktrace.h"

#include "at_options.h"
#include "at_stack.h"

/* Not in the tool interface; read only. */
extern Int VG_(clo_merge_recursive_frames);

/* 1024 sets of 4: several call paths may reach the same (ip, sp), a
   poll loop's futures for one. */
#define AT_SC_BITS 10
#define AT_SC_WAYS 4
#define AT_SC_SIZE ((1u << AT_SC_BITS) * AT_SC_WAYS)

typedef struct {
   Addr        ip0;      /* the key; sp0 == 0: empty */
   Addr        sp0;
   ExeContext* ec;
   UInt        nra;      /* return addresses: frames - 1 */
   Addr        ra_top;   /* the highest of their addresses */
   Addr*       ra;       /* pairs: where a return address is, its value;
                            2 * clo_backtrace_size, made on first use */
   ULong       agen;     /* the anchor entry in force when remembered */
   UInt        below;    /* return addresses below that anchor's SP */
} AT_StackEntry;

static ULong anchor_gens;

ULong AT_(anchor_gen)(void)
{
   return ++anchor_gens;   /* 64 bits: no wrap in any run */
}

static AT_StackEntry* cache;
static UChar*         next_way;     /* per set: the way to replace next */
static ULong n_hits, n_misses, n_unchecked;
static ULong n_ra_checked, n_ra_all;   /* on hits, for --stats=yes */
static ULong n_check_differed;         /* --stack-cache=check */

/* Sibling calls (a function calling several allocating helpers one
   after another) reach the allocator with the same (ip, sp), more of
   them than a set has ways; their first return addresses differ.  So
   the set is chosen by that return address too, read where the last
   stack unwound from this ip had it (at a fixed offset from sp: the
   frame of a function at a given ip has a fixed size). */
#define AT_RA_BITS 8
static Addr  ra_ip[1u << AT_RA_BITS];
static Word  ra_off[1u << AT_RA_BITS];

static inline UInt ra_slot(Addr ip)
{
   return (UInt)((ip * 0x9E3779B97F4A7C15ULL) >> (64 - AT_RA_BITS));
}

/* The word that held the first return address, if it is known where. */
static inline Addr first_ra(Addr ip, Addr sp, Addr stack_max)
{
   UInt k = ra_slot(ip);
   Addr at;
   if (ra_ip[k] != ip)
      return 0;
   at = sp + ra_off[k];
   if (at < sp || at + sizeof(Addr) - 1 > stack_max)
      return 0;
   return *(const Addr*)at;
}

static inline UInt slot_of(Addr ip, Addr sp, Addr ra)
{
   UWord h = (ip ^ (sp >> 4) ^ (ra << 7)) * 0x9E3779B97F4A7C15ULL;
   return (UInt)(h >> (64 - AT_SC_BITS));
}

/* The words checked on a hit: each frame's return address (frame j,
   j >= 1, came from return address ips[j] + 1), where the unwinder read
   it.  All lie between sp0 and ra_top, checked once. */
static inline Bool entry_holds(const AT_StackEntry* e, Addr stack_max,
                               const AT_Anchor* a)
{
   const Addr* ra = e->ra;
   UInt k, n = a != NULL && a->gen != 0 && a->gen == e->agen
               ? e->below : e->nra;
   if (e->ra_top + sizeof(Addr) - 1 > stack_max)
      return False;
   for (k = 0; k < n; k++)
      if (*(const Addr*)ra[2 * k] != ra[2 * k + 1])
         return False;
   return True;
}

/* Where the unwinder read each return address: just below the caller's
   stack pointer (sps[j], from the CFI or the frame pointer), or at it
   (its last resort, below main for one).  False if neither holds it. */
static Bool find_return_addresses(AT_StackEntry* e, const Addr* ips,
                                  const Addr* sps, UInt n, Addr stack_max)
{
   UInt j;
   e->nra    = 0;
   e->ra_top = e->sp0;
   for (j = 1; j < n; j++) {
      Addr below = sps[j] - sizeof(Addr), at;
      if (below >= e->sp0 && below + sizeof(Addr) - 1 <= stack_max
          && *(const Addr*)below == ips[j] + 1)
         at = below;
      else if (sps[j] >= e->sp0 && sps[j] + sizeof(Addr) - 1 <= stack_max
               && *(const Addr*)sps[j] == ips[j] + 1)
         at = sps[j];
      else
         return False;
      e->ra[2 * e->nra]     = at;
      e->ra[2 * e->nra + 1] = ips[j] + 1;
      e->nra++;
      if (at > e->ra_top)
         e->ra_top = at;
   }
   return True;
}

ExeContext* AT_(stack_here)(ThreadId tid)
{
   return AT_(stack_at)(tid, VG_(get_IP)(tid), VG_(get_SP)(tid), NULL);
}

/* e's frames were all found in place with a in force: note how many
   return addresses lie below a's stack pointer (they lie in rising
   order, the outer frames' above). */
static void note_anchor(AT_StackEntry* e, const AT_Anchor* a)
{
   UInt k = 0;
   if (a->sp < e->sp0)
      return;             /* not one of this stack's frames */
   while (k < e->nra && e->ra[2 * k] < a->sp)
      k++;
   e->agen  = a->gen;
   e->below = k;
}

/* Unwinds the stack at (ip, sp) and remembers it in set (chosen by its
   first return address as found before) if every frame can be checked
   next time.  Apart from the lookup so that the lookup has no arrays of
   --num-callers frames to set up. */
static __attribute__((noinline))
ExeContext* unwind_and_remember(ThreadId tid, Addr ip, Addr sp, Addr max,
                                UInt set, const AT_Anchor* a)
{
   UInt  size = (UInt)VG_(clo_backtrace_size);
   UInt  n;
   Addr  ips[size];
   Addr  sps[size];
   Addr  found_ra[2 * size];
   AT_StackEntry* e;
   AT_StackEntry  find;
   ExeContext*    ec;

   n_misses++;
   n = VG_(get_StackTrace)(tid, ips, size, sps, NULL, 0);
   ec = VG_(make_ExeContext_from_StackTrace)(ips, n);
   /* Remember it only if every frame can be checked next time. */
   if (n < 1 || ips[0] != ip || sps[0] != sp)
      return ec;
   find.ra  = found_ra;
   find.sp0 = sp;
   if (!find_return_addresses(&find, ips, sps, n, max))
      return ec;
   if (find.nra > 0) {
      /* Learn where this ip's first return address lies; the set is
         chosen with it, as the next lookup will. */
      ra_ip[ra_slot(ip)]  = ip;
      ra_off[ra_slot(ip)] = (Word)(find.ra[0] - sp);
      set = slot_of(ip, sp, find.ra[1]);
   }
   e = &cache[set * AT_SC_WAYS + next_way[set]];
   next_way[set] = (UChar)((next_way[set] + 1) % AT_SC_WAYS);
   if (e->ra == NULL)
      e->ra = VG_(malloc)("at.stack.ra", 2 * size * sizeof(Addr));
   e->ip0    = ip;
   e->sp0    = sp;
   e->ec     = ec;
   e->nra    = find.nra;
   e->ra_top = find.ra_top;
   VG_(memcpy)(e->ra, find.ra, 2 * find.nra * sizeof(Addr));
   e->agen  = 0;
   e->below = e->nra;
   if (a != NULL && a->gen != 0)
      note_anchor(e, a);
   return ec;
}

ExeContext* AT_(stack_at)(ThreadId tid, Addr ip, Addr sp,
                          const AT_Anchor* a)
{
   Addr  max = VG_(thread_get_stack_max)(tid);
   Addr  min = max - VG_(thread_get_stack_size)(tid);
   UInt  set, w;

   /* Off the thread's own stack (a signal stack, a stack the program
      switched to) the bounds we check against are not known. */
   if (!AT_(clo_stack_cache) || VG_(clo_merge_recursive_frames) != 0
       || sp <= min || sp > max || VG_(clo_backtrace_size) < 1) {
      n_unchecked++;
      return VG_(record_ExeContext)(tid, 0);
   }
   set = slot_of(ip, sp, first_ra(ip, sp, max));
   for (w = 0; w < AT_SC_WAYS; w++) {
      AT_StackEntry* e = &cache[set * AT_SC_WAYS + w];
      if (e->sp0 == sp && e->ip0 == ip && entry_holds(e, max, a)) {
         Bool anchored = a != NULL && a->gen != 0 && a->gen == e->agen;
         n_hits++;
         n_ra_all     += e->nra;
         n_ra_checked += anchored ? e->below : e->nra;
         /* Every frame checked under another anchor entry: the next
            checks under this one need only those below it. */
         if (!anchored && a != NULL && a->gen != 0)
            note_anchor(e, a);
         if (AT_(clo_stack_check)) {
            /* ExeContexts are shared: the same stack, the same one. */
            ExeContext* full = VG_(record_ExeContext)(tid, 0);
            if (full != e->ec) {
               n_check_differed++;
               return full;
            }
         }
         return e->ec;
      }
   }
   return unwind_and_remember(tid, ip, sp, max, set, a);
}

void AT_(stack_init)(void)
{
   cache    = VG_(calloc)("at.stack.cache", AT_SC_SIZE,
                          sizeof(AT_StackEntry));
   next_way = VG_(calloc)("at.stack.next_way", 1u << AT_SC_BITS, 1);
}

void AT_(stack_print_stats)(void)
{
   VG_(message)(Vg_DebugMsg,
                "asynctrace: stacks: %'llu remembered, %'llu unwound, "
                "%'llu unwound off the thread's stack\n",
                n_hits, n_misses, n_unchecked);
   VG_(message)(Vg_DebugMsg,
                "asynctrace: stacks remembered: %'llu of their %'llu return "
                "addresses checked (the rest above an anchor)\n",
                n_ra_checked, n_ra_all);
   if (AT_(clo_stack_check))
      VG_(message)(Vg_DebugMsg,
                   "asynctrace: --stack-cache=check: %'llu stacks from the "
                   "cache differed from a full unwind\n", n_check_differed);
}

/*--------------------------------------------------------------------*/
/*--- end                                               at_stack.c ---*/
/*--------------------------------------------------------------------*/
