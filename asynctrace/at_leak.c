/*--------------------------------------------------------------------*/
/*--- asynctrace: leaks, by reachability and by owner.  at_leak.c ---*/
/*--------------------------------------------------------------------*/

/* This file is part of asynctrace.  Copyright (C) 2026 the asynctrace
   authors.  GPL-2.0-or-later; see at_basics.h and COPYING.

   A conservative scan, with memcheck's rules: every aligned word of the
   roots (the client's writable memory but the heap, every thread's
   registers, for a thread the end of the process took down as they
   were when it went) that points at or into a live block marks it; a block
   pointed at by its start from a root or from a reachable block is
   reachable, one pointed at only inside is possibly lost, one no
   pointer reaches is definitely lost, and a lost block's own pointers
   make blocks indirectly lost.  Without memcheck's shadow memory, words
   that memcheck knows are undefined would count; the scan leaves out
   what it can tell: stacks below their stack pointer (less the 128-byte
   red zone) and, since freed blocks are wiped, stale pointers in reused
   memory.  Words of live frames that memcheck knows are undefined are
   zero by then (at_wipe.c).

   Of a file mapping only what the file backs is read: a mapping may
   reach past the end of its file (a database maps room to grow into),
   and reading a page wholly past the end faults with SIGBUS.  The
   file's size now, rounded up to a page, bounds the scan of each of
   its segments (backed_end).  A page that faults all the same (a file
   that cannot be looked up again, one truncated under us) is caught
   and skipped, as memcheck's scan does.

   The scan also runs while the program runs (vgdb's monitor leak_check,
   --snapshot-leak-check): AT_(leak_scan_now) makes the same scan, with
   the same roots, and hands its totals and records to the caller.  It
   leaves nothing the exit scan reads: the blocks' marks (an array
   beside the sorted block addresses, by index: the heap's block records
   hold none) and the sites' record indexes are reset by every scan, and
   the marks freed after one made while the program runs; the threads'
   stacks are read into a copy (their records keep where they were when
   they ended), and what it allocates it frees.  The threads are stopped then: the tool
   runs with the lock held, those in a syscall wait for it to come back;
   a page unmapped by one of them in the kernel is caught as a fault.

   To say why a record's blocks are possibly lost (or reachable), the
   marking notes the first pointer that made one of a site's blocks so:
   where the word was, in a root or in which block.  One note per site
   and kind, whatever the number of blocks; a block that later turns
   reachable frees its site's note for the next one. */

#include "pub_tool_aspacehl.h"
#include "pub_tool_aspacemgr.h"
#include "pub_tool_libcfile.h"
#include "pub_tool_libcsetjmp.h"
#include "pub_tool_libcsignal.h"
#include "pub_tool_machine.h"
#include "pub_tool_signals.h"
#include "pub_tool_threadstate.h"
#include "pub_tool_vki.h"
#include "pub_tool_xarray.h"

#include "at_leak.h"
#include "at_options.h"
#include "at_pools.h"
#include "at_threads.h"

#define AT_REDZONE 128      /* below SP, still in use (amd64 ABI) */

/* Block states during the scan. */
#define ST_UNREACHED  0
#define ST_REACHABLE  1
#define ST_POSSIBLE   2
#define ST_INDIRECT   3

static Addr*      bk;         /* the scanned blocks' addresses, sorted */
static AT_Block** bb;         /* the blocks themselves, in that order */
static UInt       nbk;
/* Each block's marks, by its index in bk: beside the heap's records,
   not in them (memcheck's lc_extras are the model), so that the heap
   never needs to know whether a scan ran.  The exit scan's stay, for
   the report. */
typedef struct {
   UChar  state;       /* ST_* */
   UChar  holder;      /* AT_Holder: what keeps it */
   UShort holder_seq;  /* that thread's seq, if it fits, else 0 */
   UChar  heur;        /* 1 + the heuristic that made it reachable, or 0 */
} Mark;
static Mark*      marks;
static Addr       heap_lo, heap_hi;   /* [lowest start, highest end) */
static XArray*    mark_stack;         /* of Int: blocks to scan */
/* What each clique leader reaches alone, by the leader's index: only
   leaders that reach something have one, so no memory per block. */
typedef struct _IndNode {
   struct _IndNode* next;
   UWord            key;
   ULong            bytes;
   ULong            blocks;
} IndNode;
static VgHashTable* ind;

/* The notes of why, one per site and kind noted (the site's rec[kind]
   while marking), for the kinds whose records are written. */
typedef struct {
   union { Addr at; const HChar* reg; } w;   /* the word, or a register */
   Addr   value;
   Int    blk;        /* the block pointed into; -1: none (yet) */
   Int    src;        /* the block holding the word; -1: a root */
   UChar  root;       /* AT_Holder of the root */
   UChar  kind;       /* AT_LK_POSSIBLE or AT_LK_REACHABLE */
   UShort seq;
} Note;
static XArray* notes;                 /* of Note */
static Bool    note_possible, note_reachable;

/* The scan's results: the exit scan's stay for the report, a scan
   during the run hands them over (AT_(leak_scan_now)). */
static Bool      checked;             /* the exit scan has run */
static Bool      scanning;            /* a scan is under way */
static AT_Amount totals[AT_LK_N];
static AT_Amount heur_totals[AT_HEURISTICS];   /* blocks a heuristic kept */
static UInt      scan_heuristics;     /* this scan's: --leak-check-heuristics,
                                         or the monitor command's */
static XArray*   records;             /* of AT_LossRecord */
static XArray*   held;                /* of AT_Held */
static Word      held_last;           /* add_held's last one found */

Bool AT_(leak_checked)(void) { return checked; }
const AT_Amount* AT_(leak_totals)(void) { return totals; }

static AT_LeakBase base;
AT_LeakBase* AT_(leak_base)(void) { return &base; }

const HChar* AT_(leak_fig)(HChar* buf, SizeT n, ULong now, ULong old,
                           Bool deltas)
{
   if (!deltas)
      VG_(snprintf)(buf, n, "%'llu", now);
   else if (now >= old)
      VG_(snprintf)(buf, n, "%'llu (+%'llu)", now, now - old);
   else
      VG_(snprintf)(buf, n, "%'llu (-%'llu)", now, old - now);
   return buf;
}

void AT_(leak_print_heuristics)(UInt (*out)(const HChar* fmt, ...),
                                const AT_Amount* heur, Bool deltas)
{
   HChar a[64], b[64];
   UInt  k;
   for (k = 0; k < AT_HEURISTICS; k++)
      if (heur[k].blocks > 0 || (deltas && base.heur[k].blocks > 0))
         break;
   if (k == AT_HEURISTICS)
      return;
   out("                      of which reachable via heuristic:\n");
   for (k = 0; k < AT_HEURISTICS; k++)
      if (heur[k].blocks > 0 || (deltas && base.heur[k].blocks > 0))
         out("                        %-19s: %s bytes in %s blocks\n",
             AT_(heuristic_name)(k),
             AT_(leak_fig)(a, sizeof a, heur[k].bytes, base.heur[k].bytes,
                           deltas),
             AT_(leak_fig)(b, sizeof b, heur[k].blocks, base.heur[k].blocks,
                           deltas));
}
const AT_Amount* AT_(leak_heuristic_totals)(void) { return heur_totals; }
XArray* AT_(leak_records)(void) { return records; }
XArray* AT_(leak_held)(void) { return held; }

const HChar* AT_(leak_kind_name)(UInt kind)
{
   static const HChar* const names[AT_LK_N] = {
      "definitely-lost", "indirectly-lost", "possibly-lost", "still-reachable"
   };
   return kind < AT_LK_N ? names[kind] : "unknown";
}

const HChar* AT_(holder_name)(UInt holder)
{
   static const HChar* const names[AT_HOLD_N] = {
      "none", "globals", "stack", "registers", "tls", "heap"
   };
   return holder < AT_HOLD_N ? names[holder] : "unknown";
}

/* Where one pointer lies: a single global word, hence the singular. */
const HChar* AT_(root_name)(UInt root)
{
   return root == AT_HOLD_GLOBAL ? "global" : AT_(holder_name)(root);
}

/*------------------------------------------------------------*/
/*--- Finding the block a word points into                 ---*/
/*------------------------------------------------------------*/

#define BLK(i) (bb[i])

/* Index of the block a points into, or -1; the block in *out.  A
   zero-sized block is pointed at only by its start. */
static Int find_block(Addr a, AT_Block** out)
{
   Int lo = 0, hi = (Int)nbk - 1, last = -1;
   AT_Block* b;
   if (a < heap_lo || a >= heap_hi)
      return -1;
   /* The last block starting at or below a (only the sorted addresses
      are read), then whether a is inside it. */
   while (lo <= hi) {
      Int mid = lo + (hi - lo) / 2;
      if (bk[mid] <= a) {
         last = mid;
         lo   = mid + 1;
      } else {
         hi = mid - 1;
      }
   }
   if (last < 0)
      return -1;
   b = BLK(last);
   if (a >= b->data + (b->size32 ? AT_(block_size)(b) : 1))
      return -1;
   *out = b;
   return last;
}

/*------------------------------------------------------------*/
/*--- Roots: who holds what                                ---*/
/*------------------------------------------------------------*/

/* The threads' stacks and TLS, to name what a root word belongs to. */
typedef struct { Addr lo; Addr hi; UChar holder; UInt seq; } Region;
static XArray* regions;   /* of Region */
/* Parts of stacks below their stack pointer: not scanned. */
typedef struct { Addr lo; Addr hi; } Skip;
static XArray* skips;     /* of Skip */

/* Each thread's stack and TLS for this scan: a live one's as it is now,
   an ended one's as its record says it was when it ended. */
typedef struct {
   Bool alive;
   Bool known;
   UInt seq;
   Addr lo, sp, hi, fs_base;
} Stk;
static Stk* stks;
static UInt nstks;

#define AT_TLS_BELOW  (64 * 1024)   /* static TLS lies below the TCB */
#define AT_TLS_ABOVE  (4 * 1024)    /* the TCB (struct pthread) */

static Bool overlaps_live_stack(Addr lo, Addr hi)
{
   UInt i;
   for (i = 0; i < nstks; i++) {
      const Stk* t = &stks[i];
      if (t->alive && t->known && t->lo < hi && t->hi >= lo)
         return True;
   }
   return False;
}

/* Live threads first: region_of takes the first match, and glibc hands
   an ended thread's stack to a new one. */
static void add_thread_regions(const Stk* t)
{
   Region r;
   Skip   k;
   Addr   live_lo;
   if (!t->known || t->hi == 0)
      return;
   live_lo = t->sp >= t->lo + AT_REDZONE ? t->sp - AT_REDZONE : t->lo;
   if (live_lo > t->lo && (t->alive || !overlaps_live_stack(t->lo, live_lo))) {
      k.lo = t->lo;
      k.hi = live_lo;
      VG_(addToXA)(skips, &k);
   }
   r.lo = live_lo;  r.hi = t->hi + 1;
   r.holder = AT_HOLD_STACK;  r.seq = t->seq;
   VG_(addToXA)(regions, &r);
   if (t->fs_base) {
      r.lo = t->fs_base > AT_TLS_BELOW ? t->fs_base - AT_TLS_BELOW : 0;
      r.hi = t->fs_base + AT_TLS_ABOVE;
      r.holder = AT_HOLD_TLS;
      VG_(addToXA)(regions, &r);
   }
}

static void region_of(Addr a, UChar* holder, UInt* seq)
{
   Word i, n = VG_(sizeXA)(regions);
   for (i = 0; i < n; i++) {
      const Region* r = VG_(indexXA)(regions, i);
      if (a >= r->lo && a < r->hi) {
         *holder = r->holder;
         *seq    = r->seq;
         return;
      }
   }
   *holder = AT_HOLD_GLOBAL;
   *seq    = 0;
}

/*------------------------------------------------------------*/
/*--- Marking                                              ---*/
/*------------------------------------------------------------*/

/* What is being scanned: a root (src -1) or block src; definite if a
   root or a reachable block; what holds it; for a register, which. */
typedef struct {
   Bool         definite;
   UChar        holder;
   UInt         seq;
   Int          src;
   Int          leader;
   const HChar* reg;
} Scan;

/* Block i has just been marked by pointer p at word at (in s); it was
   in state was.  Notes it if it is its site's first of its kind. */
static void note_pointer(Int i, AT_Block* b, UChar was, Addr at, Addr p,
                         const Scan* s)
{
   AT_Site* site = b->site;
   UChar kind = marks[i].state == ST_REACHABLE ? AT_LK_REACHABLE
                                               : AT_LK_POSSIBLE;
   Note* n;
   if (was == ST_POSSIBLE && note_possible && site->rec[AT_LK_POSSIBLE] >= 0) {
      /* Reachable now: its note no longer says why a block is
         possibly lost, another block's may. */
      n = VG_(indexXA)(notes, site->rec[AT_LK_POSSIBLE]);
      if (n->blk == i)
         n->blk = -1;
   }
   if (kind == AT_LK_POSSIBLE ? !note_possible : !note_reachable)
      return;
   if (site->rec[kind] < 0) {
      Note z;
      VG_(memset)(&z, 0, sizeof(z));
      z.blk = -1;
      site->rec[kind] = (Int)VG_(addToXA)(notes, &z);
   }
   n = VG_(indexXA)(notes, site->rec[kind]);
   if (n->blk >= 0)
      return;
   if (s->reg != NULL)
      n->w.reg = s->reg;
   else
      n->w.at = at;
   n->value = p;
   n->blk   = i;
   n->src   = s->src;
   n->root  = s->src >= 0 ? AT_HOLD_HEAP : s->holder;
   n->kind  = kind;
   n->seq   = s->src >= 0 || s->seq > 0xFFFF ? 0 : (UShort)s->seq;
}

/*------------------------------------------------------------*/
/*--- memcheck's heuristics                                ---*/
/*------------------------------------------------------------*/

/* Some interior pointers are how a program holds its block: C++'s
   copy-on-write std::string points past its header, new[] of a type
   with a destructor past the element count, sqlite past a 64-bit length,
   an object of several bases by its second base's vtable pointer.
   memcheck recognises these (--leak-check-heuristics, all by default)
   and counts such a block reachable; so do we, with memcheck's rules, in
   its order.  Without its shadow memory we cannot tell undefined words;
   a block's unwritten words are zeros here more often than not. */

static Bool read_word(Addr a, Addr* out)
{
   if (!VG_IS_8_ALIGNED(a)
       || !VG_(am_is_valid_for_client)(a, sizeof(Addr), VKI_PROT_READ))
      return False;
   *out = *(Addr*)a;
   return True;
}

/* Whether a looks like a vtable: in a readable mapping of a file, at
   least two non-null words among its first 20 (within the mapping), and
   every non-null word before those two points into executable memory. */
static Bool is_vtable(Addr a)
{
   NSegment const* seg = VG_(am_find_nsegment)(a);
   Addr  last, w;
   UInt  fns = 0;
   if (seg == NULL || seg->kind != SkFileC || !seg->hasR)
      return False;
   last = a + 20 * sizeof(Addr);
   if (last > seg->end + 1 - sizeof(Addr))
      last = seg->end + 1 - sizeof(Addr);
   for (w = a; w <= last; w += sizeof(Addr)) {
      Addr fn = *(Addr*)w;
      NSegment const* fs;
      if (fn == 0)
         continue;
      fs = VG_(am_find_nsegment)(fn);
      if (fs == NULL || !fs->hasX)
         return False;
      if (++fns == 2)
         return True;
   }
   return False;
}

/* 1 + the first heuristic of --leak-check-heuristics that takes interior
   pointer p as a pointer to block b, or 0. */
static UChar heuristic_of(Addr p, const AT_Block* b)
{
   const UInt  set  = scan_heuristics;
   const Addr  d    = b->data;
   const SizeT size = AT_(block_size)(b);
   Addr w0, w1;
   /* stdstring: length, capacity, refcount, then the characters and
      their NUL: capacity + 1 after a header of three words. */
   if ((set & 1) && p == d + 3 * sizeof(Addr) && read_word(d, &w0)
       && read_word(d + sizeof(Addr), &w1)
       && 3 * sizeof(Addr) + w1 + 1 == size && w0 <= w1)
      return 1;
   /* length64: the length of the rest, then the rest. */
   if ((set & 2) && p == d + sizeof(ULong) && read_word(d, &w0)
       && w0 > 0 && size - sizeof(ULong) == w0)
      return 2;
   /* newarray: an element count, then elements that fill the rest. */
   if ((set & 4) && p == d + sizeof(Addr) && read_word(d, &w0)
       && w0 > 0 && (size - sizeof(Addr)) % w0 == 0)
      return 3;
   /* multipleinheritance: p at a vtable pointer, and one first. */
   if ((set & 8) && p + sizeof(Addr) <= d + size && read_word(p, &w1)
       && read_word(d, &w0) && VG_IS_8_ALIGNED(w1) && VG_IS_8_ALIGNED(w0)
       && w1 >= VKI_PAGE_SIZE && w0 >= VKI_PAGE_SIZE
       && is_vtable(w1) && is_vtable(w0))
      return 4;
   return 0;
}

/* A pointer p, found at word at, in definite (a root or a reachable
   block) or only possible memory s.  As memcheck: an interior pointer
   a heuristic takes counts as one to the start (and the block says
   which); a start pointer to a block made reachable by a heuristic
   clears that. */
static void push_if_block(Addr at, Addr p, const Scan* s)
{
   AT_Block* b;
   Int i = find_block(p, &b);
   Bool start, as_start;
   UChar was;
   Mark* m;
   if (i < 0)
      return;
   m     = &marks[i];
   start = p == b->data;
   was   = m->state;
   if (was == ST_REACHABLE) {
      if (start)
         m->heur = 0;
      return;
   }
   as_start = start;
   if (!start && scan_heuristics != 0) {
      m->heur  = heuristic_of(p, b);
      as_start = m->heur != 0;
   }
   if (was == ST_UNREACHED
       || (was == ST_POSSIBLE && s->definite && as_start)) {
      m->state      = s->definite && as_start ? ST_REACHABLE : ST_POSSIBLE;
      m->holder     = s->holder;
      m->holder_seq = s->seq <= 0xFFFF ? (UShort)s->seq : 0;
      /* Only when needed: a note costs a look at the block's site. */
      if (m->state == ST_REACHABLE
          ? note_reachable || (note_possible && was == ST_POSSIBLE)
          : note_possible)
         note_pointer(i, b, was, at, p, s);
      VG_(addToXA)(mark_stack, &i);
   }
}

/* For the clique of a lost block: what it alone reaches is indirect. */
static void push_in_clique(Addr p, Int leader)
{
   AT_Block* b;
   Int i = find_block(p, &b);
   if (i < 0 || i == leader)
      return;
   if (marks[i].state != ST_UNREACHED)
      return;
   marks[i].state = ST_INDIRECT;
   {
      IndNode* l = AT_(ht_node)(ind, (UWord)leader, sizeof(IndNode),
                                "at.leak_ind", NULL);
      IndNode* e = VG_(HT_remove)(ind, (UWord)i);
      l->bytes  += AT_(block_size)(b);
      l->blocks += 1;
      if (e != NULL) {   /* an earlier leader joins this one */
         l->bytes  += e->bytes;
         l->blocks += e->blocks;
         VG_(free)(e);
      }
   }
   VG_(addToXA)(mark_stack, &i);
}

/* Reading client memory may fault (a page of a segment unmapped under
   us, a file mapping's page past the end of its file): the fault
   catcher jumps back and the scan goes on at the next page.  The jump
   leaves the signal handler with every signal blocked, so the mask the
   scan started with (scan_mask, read once per scan) is put back: a
   second fault with SIGBUS or SIGSEGV blocked would kill the process
   outright. */
static VG_MINIMAL_JMP_BUF(scan_jmpbuf);
static volatile Addr scan_fault_at;
static vki_sigset_t  scan_mask;

static void scan_fault_catcher(Int sig, Addr addr)
{
   if (sig == VKI_SIGSEGV || sig == VKI_SIGBUS) {
      scan_fault_at = addr;
      VG_MINIMAL_LONGJMP(scan_jmpbuf);
   }
}

/* Calls f on every aligned word of [lo, hi) that may point into the
   heap, with its address. */
typedef void (*WordFn)(Addr at, Addr word, void* opaque);

static void scan_range(Addr lo, Addr hi, WordFn f, void* opaque)
{
   volatile Addr a = VG_ROUNDUP(lo, sizeof(Addr));
   fault_catcher_t prev = VG_(set_fault_catcher)(scan_fault_catcher);
   while (a + sizeof(Addr) <= hi) {
      if (VG_MINIMAL_SETJMP(scan_jmpbuf) != 0) {
         /* Faulted: skip to the next page. */
         VG_(sigprocmask)(VKI_SIG_SETMASK, &scan_mask, NULL);
         a = VG_PGROUNDUP(a + 1);
         continue;
      }
      for (; a + sizeof(Addr) <= hi; a += sizeof(Addr)) {
         Addr w = *(volatile Addr*)a;
         if (w >= heap_lo && w < heap_hi)
            f(a, w, opaque);
      }
   }
   VG_(set_fault_catcher)(prev);
}

static void on_word(Addr at, Addr w, void* opaque)
{
   push_if_block(at, w, opaque);
}

static void on_clique_word(Addr at, Addr w, void* opaque)
{
   Scan* s = opaque;
   push_in_clique(w, s->leader);
}

static void process_mark_stack(void)
{
   while (VG_(sizeXA)(mark_stack) > 0) {
      Int i = *(Int*)VG_(indexXA)(mark_stack, VG_(sizeXA)(mark_stack) - 1);
      AT_Block* b = BLK(i);
      Scan s;
      VG_(dropTailXA)(mark_stack, 1);
      s.definite = marks[i].state == ST_REACHABLE;
      s.holder   = marks[i].holder;
      s.seq      = marks[i].holder_seq;
      s.src      = i;
      s.leader   = -1;
      s.reg      = NULL;
      scan_range(b->data, b->data + AT_(block_size)(b), on_word, &s);
   }
}

/* Scans the part of [lo, hi) that is not below a stack pointer. */
static void scan_root_range(Addr lo, Addr hi)
{
   Word i, n = VG_(sizeXA)(skips);
   for (i = 0; i < n; i++) {
      const Skip* k = VG_(indexXA)(skips, i);
      if (k->lo < hi && k->hi > lo) {
         if (k->lo > lo)
            scan_root_range(lo, k->lo);
         if (k->hi < hi)
            scan_root_range(k->hi, hi);
         return;
      }
   }
   /* One holder per stretch: split at region edges. */
   while (lo < hi) {
      Addr end = hi;
      Scan s;
      Word r, nr = VG_(sizeXA)(regions);
      region_of(lo, &s.holder, &s.seq);
      for (r = 0; r < nr; r++) {
         const Region* g = VG_(indexXA)(regions, r);
         if (g->lo > lo && g->lo < end) end = g->lo;
         if (g->hi > lo && g->hi < end) end = g->hi;
      }
      s.definite = True;
      s.src      = -1;
      s.leader   = -1;
      s.reg      = NULL;
      scan_range(lo, end, on_word, &s);
      lo = end;
   }
}

static void push_register(UInt seq, const HChar* regname, UWord val)
{
   Scan s;
   if (val < heap_lo || val >= heap_hi)
      return;
   s.definite = True;
   s.holder   = AT_HOLD_REGISTERS;
   s.seq      = seq;
   s.src      = -1;
   s.leader   = -1;
   s.reg      = regname;
   push_if_block(0, val, &s);
}

static void on_register(ThreadId tid, const HChar* regname, UWord val)
{
   AT_Thread* t = AT_(thread)(tid);
   push_register(t ? t->seq : 0, regname, val);
}

/* Threads the end of the process took down before the scan: their
   registers as it found them (at_threads.c). */
static void scan_kept_regs(void)
{
   UInt seq, i, n = AT_(n_threads)();
   for (seq = 1; seq <= n; seq++) {
      const AT_Thread* t = AT_(thread_by_seq)(seq);
      if (!t->alive || t->last_regs == NULL)
         continue;
      for (i = 0; i < AT_N_GP_REGS; i++)
         push_register(t->seq, AT_(gp_reg_name)(i), t->last_regs[i]);
   }
}

/*------------------------------------------------------------*/
/*--- Loss records                                         ---*/
/*------------------------------------------------------------*/

static Int cmp_record_size(const void* va, const void* vb)
{
   const AT_LossRecord* a = va;
   const AT_LossRecord* b = vb;
   ULong sa = a->bytes + a->ind_bytes, sb = b->bytes + b->ind_bytes;
   UInt  ea, eb;
   if (a->kind != b->kind) return a->kind < b->kind ? -1 : 1;
   if (sa != sb)           return sa > sb ? -1 : 1;
   if (a->blocks != b->blocks) return a->blocks > b->blocks ? -1 : 1;
   ea = VG_(get_ECU_from_ExeContext)(a->site->where);
   eb = VG_(get_ECU_from_ExeContext)(b->site->where);
   if (ea != eb) return ea < eb ? -1 : 1;
   if (a->site->inst != b->site->inst) return a->site->inst < b->site->inst ? -1 : 1;
   return a->owner < b->owner ? -1 : a->owner > b->owner ? 1 : 0;
}

static Int cmp_held(const void* va, const void* vb)
{
   const AT_Held* a = va;
   const AT_Held* b = vb;
   if (a->holder != b->holder) return a->holder < b->holder ? -1 : 1;
   return a->seq < b->seq ? -1 : a->seq > b->seq ? 1 : 0;
}

/* Loss records are summed as the blocks are walked, in place: a site
   (one stack, role and owner) keeps the index of its record of each
   kind.  No record per block is ever made: with millions of blocks
   those were most of the scan's memory. */
static void reset_site_records(void)
{
   XArray* ss = AT_(heap_sites)();
   Word i;
   for (i = 0; i < VG_(sizeXA)(ss); i++) {
      AT_Site* s = *(AT_Site**)VG_(indexXA)(ss, i);
      UInt k;
      for (k = 0; k <= AT_LK_N; k++)
         s->rec[k] = -1;
   }
   VG_(deleteXA)(ss);
}

static AT_LossRecord* record_of(XArray* recs, AT_Site* s, UChar kind)
{
   if (s->rec[kind] < 0) {
      AT_LossRecord r;
      VG_(memset)(&r, 0, sizeof(r));
      r.site  = s;
      r.owner = s->owner;
      r.kind  = kind;
      r.from  = -1;
      s->rec[kind] = (Int)VG_(addToXA)(recs, &r);
   }
   return VG_(indexXA)(recs, s->rec[kind]);
}

static void add_live(AT_Block* b, void* recs)
{
   AT_LossRecord* r = record_of(recs, b->site, AT_LK_N);
   r->bytes  += AT_(block_size)(b);
   r->blocks += 1;
}

static void add_live_custom(AT_Block* b, UInt what, void* recs)
{
   add_live(b, recs);
}

XArray* AT_(live_records)(void)
{
   XArray* out = VG_(newXA)(VG_(malloc), "at.live_records", VG_(free),
                            sizeof(AT_LossRecord));
   reset_site_records();
   AT_(heap_for_each_block)(add_live, out);
   AT_(pools_for_each)(add_live_custom, out);
   return out;
}

static UChar kind_of(Int i)   /* of block i of bk */
{
   switch (marks[i].state) {
      case ST_REACHABLE: return AT_LK_REACHABLE;
      case ST_POSSIBLE:  return AT_LK_POSSIBLE;
      case ST_INDIRECT:  return AT_LK_INDIRECT;
      default:           return AT_LK_DEFINITE;
   }
}

/* What holds reachable memory: few holders (a kind and a thread), so a
   list with the last one found kept at hand. */
static void add_held(UChar holder, UInt seq, ULong bytes)
{
   Word last = held_last;
   Word i, n = VG_(sizeXA)(held);
   AT_Held* h;
   if (last >= 0 && last < n) {
      h = VG_(indexXA)(held, last);
      if (h->holder == holder && h->seq == seq) {
         h->bytes += bytes;
         h->blocks++;
         return;
      }
   }
   for (i = 0; i < n; i++) {
      h = VG_(indexXA)(held, i);
      if (h->holder == holder && h->seq == seq)
         break;
   }
   if (i == n) {
      AT_Held z = { holder, seq, 0, 0 };
      VG_(addToXA)(held, &z);
   }
   held_last = i;
   h = VG_(indexXA)(held, i);
   h->bytes += bytes;
   h->blocks++;
}

static void build_records(void)
{
   UInt i;
   Word w;
   reset_site_records();
   for (i = 0; i < nbk; i++) {
      const AT_Block* b = BLK(i);
      UChar kind = kind_of((Int)i);
      ULong size = AT_(block_size)(b);
      AT_LossRecord* r = record_of(records, b->site, kind);
      r->bytes  += size;
      r->blocks += 1;
      if (kind == AT_LK_DEFINITE) {
         const IndNode* e = VG_(HT_lookup)(ind, (UWord)i);
         if (e != NULL) {
            r->ind_bytes  += e->bytes;
            r->ind_blocks += e->blocks;
         }
      }
      totals[kind].bytes  += size;
      totals[kind].blocks += 1;
      if (kind == AT_LK_REACHABLE)
         add_held(marks[i].holder, marks[i].holder_seq, size);
      /* As memcheck counts them: whatever the block's kind. */
      if (marks[i].heur != 0) {
         UInt h = marks[i].heur - 1u;
         r->heur[h].bytes  += size;
         r->heur[h].blocks += 1;
         heur_totals[h].bytes  += size;
         heur_totals[h].blocks += 1;
      }
   }
   /* Each note to its site's record of its kind: a note's block is of
      that kind still (a block noted possible that turned reachable
      left its note). */
   for (w = 0; w < VG_(sizeXA)(notes); w++) {
      const Note* n = VG_(indexXA)(notes, w);
      const AT_Site* site;
      if (n->blk < 0)
         continue;
      site = BLK(n->blk)->site;
      if (site->rec[n->kind] >= 0)
         ((AT_LossRecord*)VG_(indexXA)(records, site->rec[n->kind]))->from
            = (Int)w;
   }
   VG_(setCmpFnXA)(records, cmp_record_size);
   VG_(sortXA)(records);
   VG_(setCmpFnXA)(held, cmp_held);
   VG_(sortXA)(held);
}

Bool AT_(leak_pointed_from)(const AT_LossRecord* r, AT_PointedFrom* out)
{
   const Note* n;
   VG_(memset)(out, 0, sizeof(*out));
   if (r->from < 0 || notes == NULL || r->from >= VG_(sizeXA)(notes))
      return False;
   n = VG_(indexXA)(notes, r->from);
   out->root  = n->root;
   out->seq   = n->seq;
   if (n->root == AT_HOLD_REGISTERS)
      out->reg = n->w.reg;
   else
      out->at  = n->w.at;
   out->value = n->value;
   out->block = bk[n->blk];
   if (n->src >= 0) {
      const AT_Block* sb = BLK(n->src);
      out->src       = sb->data;
      out->src_kind  = kind_of(n->src);
      out->src_where = sb->site->where;
   }
   return True;
}

/*------------------------------------------------------------*/
/*--- The scan                                             ---*/
/*------------------------------------------------------------*/

/* Each thread's stack, into stks: at the exit scan also into the
   records (for a scan during the run, the records keep theirs). */
static void read_stacks(Bool at_exit)
{
   UInt i;
   ThreadId tid;
   Addr smin, smax;
   nstks = AT_(n_threads)();
   stks  = VG_(calloc)("at.leak_stacks", nstks ? nstks : 1, sizeof(Stk));
   for (i = 0; i < nstks; i++) {
      const AT_Thread* t = AT_(thread_by_seq)(i + 1);
      stks[i].alive   = t->alive;
      stks[i].known   = t->stack_known;
      stks[i].seq     = t->seq;
      stks[i].lo      = t->stack_lo;
      stks[i].sp      = t->stack_sp;
      stks[i].hi      = t->stack_hi;
      stks[i].fs_base = t->fs_base;
   }
   /* Live ones now, ended ones when they ended (glibc keeps their
      stacks for reuse). */
   VG_(thread_stack_reset_iter)(&tid);
   while (VG_(thread_stack_next)(&tid, &smin, &smax)) {
      const AT_Thread* t = AT_(thread)(tid);
      Stk* k;
      if (t == NULL || t->seq < 1 || t->seq > nstks)
         continue;
      if (at_exit)
         AT_(threads_note_stack)(tid);
      k = &stks[t->seq - 1];
      AT_(threads_stack_now)(tid, &k->lo, &k->sp, &k->hi, &k->fs_base);
      k->known = True;
   }
}

/* Where the part of segment seg that its file backs now ends: a
   mapping may reach past the end of its file (a database maps more
   than the file holds, to grow into), and a page wholly past the end
   faults with SIGBUS when read.  The file is looked up by its name and
   taken only if it is still the mapped one (device and inode); else
   the whole segment is scanned and the fault catcher skips the pages
   that fault, one fault each. */
static Addr backed_end(NSegment const* seg)
{
   const HChar*   name;
   struct vg_stat st;
   ULong          size, len = seg->end + 1 - seg->start;
   if (seg->kind != SkFileC || !VKI_S_ISREG(seg->mode))
      return seg->end + 1;
   name = VG_(am_get_filename)(seg);
   if (name == NULL || sr_isError(VG_(stat)(name, &st))
       || st.dev != seg->dev || st.ino != seg->ino || st.size < 0)
      return seg->end + 1;
   size = VG_PGROUNDUP((ULong)st.size);
   if (size <= (ULong)seg->offset)
      return seg->start;
   if (size - (ULong)seg->offset < len)
      len = size - (ULong)seg->offset;
   return seg->start + len;
}

/*------------------------------------------------------------*/
/*--- The blocks the scan checks                           ---*/
/*------------------------------------------------------------*/

/* Every live block is checked, malloc's and those of the program's own
   allocators (at_pools.c), with memcheck's rules where they overlap:
   a block that holds the first or last byte of a pool's chunk is left
   out (the pool hands it out in chunks, each checked on its own), and
   so is a block with a custom block wholly inside it; a pool created
   with VALGRIND_MEMPOOL_METAPOOL may hold the custom blocks cut from
   its chunks, both checked.  Any other overlap memcheck stops at; we
   say it once and go on.  What is left out is counted by role: with the
   kinds, it adds up to what is live. */

static AT_Amount  left_total;      /* left out of the scan */
static AT_Amount* left_by_inst;    /* by role instance, n_left of them */
static UInt       n_left;

typedef struct { Addr a; AT_Block* b; UInt what; } Cand;
#define CAND_HEAP  4u              /* malloc's (else a custom one's) */
#define CAND_OUT   8u              /* left out */

static void add_custom(AT_Block* b, UInt what, void* opaque)
{
   Cand c = { b->data, b, what };
   VG_(addToXA)((XArray*)opaque, &c);
}

static Int cmp_cand(const void* va, const void* vb)
{
   const Cand* a = va;
   const Cand* b = vb;
   return a->a < b->a ? -1 : a->a > b->a ? 1 : 0;
}

static inline Addr cand_end(const Cand* c)
{
   return c->a + AT_(block_size)(c->b);
}

/* The candidate that is no pool's chunk holding byte a, or -1.  below[i]:
   the last candidate at or before i that is no chunk, or -1 (a pool's
   thousands of chunks are not walked back over one by one). */
static Int holder_of(const Cand* c, const Int* below, Int n, Addr a)
{
   Int lo = 0, hi = n - 1, last = -1, i;
   while (lo <= hi) {
      Int mid = lo + (hi - lo) / 2;
      if (c[mid].a <= a) { last = mid; lo = mid + 1; }
      else               hi = mid - 1;
   }
   for (i = last >= 0 ? below[last] : -1; i >= 0;
        i = i > 0 ? below[i - 1] : -1) {
      if (a < cand_end(&c[i]))
         return i;
      if (c[i].what & CAND_HEAP)
         return -1;        /* malloc's blocks never overlap each other */
   }
   return -1;
}

static void leave_out(Cand* c)
{
   UShort inst = c->b->site->inst;
   SizeT  n    = AT_(block_size)(c->b);
   if (c->what & CAND_OUT)
      return;
   c->what |= CAND_OUT;
   if (inst >= n_left) {
      UInt m = inst + 8u;
      left_by_inst = VG_(realloc)("at.leak_left", left_by_inst,
                                  m * sizeof(AT_Amount));
      VG_(memset)(&left_by_inst[n_left], 0, (m - n_left) * sizeof(AT_Amount));
      n_left = m;
   }
   left_by_inst[inst].bytes  += n;
   left_by_inst[inst].blocks += 1;
   left_total.bytes  += n;
   left_total.blocks += 1;
}

static void overlap(Cand* x, Cand* y)
{
   static Bool said;
   Addr xe = cand_end(x), ye = cand_end(y);
   Bool x_in_y = x->a >= y->a && xe <= ye, y_in_x = y->a >= x->a && ye <= xe;
   Bool xm = (x->what & AT_CUSTOM_META) != 0, ym = (y->what & AT_CUSTOM_META) != 0;
   if (y_in_x && !(y->what & CAND_HEAP) && (x->what & CAND_HEAP))
      leave_out(x);
   else if (x_in_y && !(x->what & CAND_HEAP) && (y->what & CAND_HEAP))
      leave_out(y);
   else if (xm != ym && ((xm && y_in_x) || (ym && x_in_y)))
      return;                       /* a metapool's chunk and its blocks */
   else if (!said) {
      said = True;
      VG_(umsg)("asynctrace: block %#lx..%#lx overlaps block %#lx..%#lx "
                "(VALGRIND_MALLOCLIKE_BLOCK or a mempool used in a way "
                "memcheck stops at); both checked\n", x->a, xe - 1, y->a,
                ye - 1);
   }
}

/* bk and bb, sorted by address; left_* counted. */
static void gather_blocks(void)
{
   UInt   i, n, nh;
   XArray* xa;
   Cand*  c;
   Int*   below;
   Addr*  heap = AT_(heap_blocks_sorted)(&nh);
   VG_(memset)(&left_total, 0, sizeof(left_total));
   if (n_left > 0)
      VG_(memset)(left_by_inst, 0, n_left * sizeof(AT_Amount));
   if (AT_(pools_n_blocks)() == 0) {      /* the usual case */
      bk  = heap;
      nbk = nh;
      bb  = VG_(malloc)("at.leak_blocks", (nh ? nh : 1) * sizeof(AT_Block*));
      for (i = 0; i < nh; i++)
         bb[i] = AT_(heap_block_at)(heap[i]);
      return;
   }
   xa = VG_(newXA)(VG_(malloc), "at.leak_cands", VG_(free), sizeof(Cand));
   VG_(hintSizeXA)(xa, nh + AT_(pools_n_blocks)());
   for (i = 0; i < nh; i++) {
      Cand k = { heap[i], AT_(heap_block_at)(heap[i]), CAND_HEAP };
      VG_(addToXA)(xa, &k);
   }
   VG_(free)(heap);
   AT_(pools_for_each)(add_custom, xa);
   VG_(setCmpFnXA)(xa, cmp_cand);
   VG_(sortXA)(xa);
   n = (UInt)VG_(sizeXA)(xa);
   c = n ? VG_(indexXA)(xa, 0) : NULL;
   /* A block holding a chunk's first or last byte. */
   below = VG_(malloc)("at.leak_below", (n ? n : 1) * sizeof(Int));
   for (i = 0; i < n; i++)
      below[i] = !(c[i].what & AT_CUSTOM_CHUNK) ? (Int)i
                 : i > 0 ? below[i - 1] : -1;
   for (i = 0; i < n; i++)
      if (c[i].what & AT_CUSTOM_CHUNK) {
         Int h = holder_of(c, below, (Int)n, c[i].a);
         if (h >= 0)
            leave_out(&c[h]);
         if (AT_(block_size)(c[i].b) > 0) {
            h = holder_of(c, below, (Int)n, cand_end(&c[i]) - 1);
            if (h >= 0)
               leave_out(&c[h]);
         }
      }
   VG_(free)(below);
   /* Neighbours that overlap, as memcheck compares them: each block
      kept with the next one. */
   {
      Int prev = -1;
      for (i = 0; i < n; i++) {
         if (c[i].what & CAND_OUT)
            continue;
         if (prev >= 0 && cand_end(&c[prev]) > c[i].a)
            overlap(&c[prev], &c[i]);
         if (!(c[i].what & CAND_OUT))
            prev = (Int)i;
      }
   }
   bk  = VG_(malloc)("at.leak_addrs", (n ? n : 1) * sizeof(Addr));
   bb  = VG_(malloc)("at.leak_blocks", (n ? n : 1) * sizeof(AT_Block*));
   nbk = 0;
   for (i = 0; i < n; i++)
      if (!(c[i].what & CAND_OUT)) {
         bk[nbk] = c[i].a;
         bb[nbk] = c[i].b;
         nbk++;
      }
   VG_(deleteXA)(xa);
}

const AT_Amount* AT_(leak_left_out)(void) { return &left_total; }

const AT_Amount* AT_(leak_left_out_of)(UShort inst)
{
   static const AT_Amount none;
   return inst < n_left ? &left_by_inst[inst] : &none;
}

/* The scan, into the statics above (records, totals, held, notes; bk
   stays for AT_(leak_pointed_from)).  A block the heap is handing back
   to the program right now (a snapshot taken in the middle of malloc)
   is held by the thread's registers, where the program will have it. */
static void scan(Bool at_exit)
{
   Addr* starts;
   Int   nstarts, s;
   UInt  i;
   Addr  in_flight = AT_(heap_returning)();

   VG_(memset)(totals, 0, sizeof(totals));
   VG_(memset)(heur_totals, 0, sizeof(heur_totals));
   held_last = -1;
   records = VG_(newXA)(VG_(malloc), "at.leak_records", VG_(free),
                        sizeof(AT_LossRecord));
   held    = VG_(newXA)(VG_(malloc), "at.leak_held", VG_(free),
                        sizeof(AT_Held));
   notes   = VG_(newXA)(VG_(malloc), "at.leak_notes", VG_(free),
                        sizeof(Note));
   /* Notes for the records that will be written: the exit report's. */
   note_possible  = at_exit && AT_(clo_leak_check) == AT_LEAK_FULL
                    && (AT_(clo_show_leak_kinds) & (1u << AT_LK_POSSIBLE));
   note_reachable = at_exit && AT_(clo_leak_check) == AT_LEAK_FULL
                    && (AT_(clo_show_leak_kinds) & (1u << AT_LK_REACHABLE));
   gather_blocks();
   if (nbk == 0)
      return;
   VG_(sigprocmask)(VKI_SIG_SETMASK, NULL, &scan_mask);
   heap_lo = bk[0];
   heap_hi = 0;
   marks = VG_(malloc)("at.leak_marks_of", nbk * sizeof(Mark));
   for (i = 0; i < nbk; i++) {
      AT_Block* b = BLK(i);
      SizeT sz = AT_(block_size)(b);
      Addr end = b->data + (sz ? sz : 1);
      marks[i].state      = ST_UNREACHED;
      marks[i].holder     = AT_HOLD_NONE;
      marks[i].holder_seq = 0;
      marks[i].heur       = 0;
      if (end > heap_hi) heap_hi = end;
   }
   reset_site_records();   /* rec[] holds the notes while marking */
   mark_stack = VG_(newXA)(VG_(malloc), "at.leak_marks", VG_(free),
                           sizeof(Int));
   ind        = VG_(HT_construct)("at.leak_ind");
   regions    = VG_(newXA)(VG_(malloc), "at.leak_regions", VG_(free),
                           sizeof(Region));
   skips      = VG_(newXA)(VG_(malloc), "at.leak_skips", VG_(free),
                           sizeof(Skip));

   read_stacks(at_exit);
   for (i = 0; i < nstks; i++)
      if (stks[i].alive)
         add_thread_regions(&stks[i]);
   for (i = 0; i < nstks; i++)
      if (!stks[i].alive)
         add_thread_regions(&stks[i]);

   /* Roots: registers, then memory. */
   /* Taken-down threads first: after exit_group the core offers their
      registers too, but under no thread of ours (it was unmapped). */
   if (at_exit)
      scan_kept_regs();
   VG_(apply_to_GP_regs)(on_register);
   if (in_flight != 0)
      on_register(VG_(get_running_tid)(), "rax", in_flight);
   process_mark_stack();
   starts = VG_(get_segment_starts)(SkFileC | SkAnonC | SkShmC, &nstarts);
   for (s = 0; s < nstarts; s++) {
      NSegment const* seg = VG_(am_find_nsegment)(starts[s]);
      if (seg == NULL || !seg->hasR || !seg->hasW || seg->isCH)
         continue;
      /* Our own preload holds no pointer of the program's, only file
         bytes past its .bss that may look like one (memcheck has no
         such object). */
      if (seg->kind == SkFileC && VG_(am_get_filename)(seg) != NULL
          && VG_(strstr)(VG_(am_get_filename)(seg),
                         "/vgpreload_asynctrace-") != NULL)
         continue;
      /* Device mappings: reading them may have effects. */
      if (seg->kind == SkFileC
          && (VKI_S_ISCHR(seg->mode) || VKI_S_ISBLK(seg->mode)))
         continue;
      scan_root_range(seg->start, backed_end(seg));
      process_mark_stack();
   }
   VG_(free)(starts);

   /* Lost blocks: each unreached block leads a clique of the blocks only
      it reaches; those are indirectly lost. */
   for (i = 0; i < nbk; i++) {
      Scan sc;
      AT_Block* b = BLK(i);
      if (marks[i].state != ST_UNREACHED)
         continue;
      VG_(memset)(&sc, 0, sizeof(sc));
      sc.leader = (Int)i;
      scan_range(b->data, b->data + AT_(block_size)(b), on_clique_word, &sc);
      while (VG_(sizeXA)(mark_stack) > 0) {
         Int k = *(Int*)VG_(indexXA)(mark_stack, VG_(sizeXA)(mark_stack) - 1);
         AT_Block* c = BLK(k);
         VG_(dropTailXA)(mark_stack, 1);
         scan_range(c->data, c->data + AT_(block_size)(c), on_clique_word, &sc);
      }
   }

   build_records();
   VG_(deleteXA)(mark_stack);
   VG_(deleteXA)(regions);
   VG_(deleteXA)(skips);
   VG_(HT_destruct)(ind, VG_(free));
   VG_(free)(stks);
   mark_stack = regions = skips = NULL;
   ind   = NULL;
   stks  = NULL;
   nstks = 0;
}

void AT_(leak_check)(void)
{
   checked  = True;
   scanning = True;
   scan_heuristics = AT_(clo_leak_heuristics);
   scan(True);
   /* The marks stay, for the report. */
   scanning = False;
}

AT_LeakScan* AT_(leak_scan_now)(void)
{
   return AT_(leak_scan_now_heuristics)(AT_(clo_leak_heuristics));
}

AT_LeakScan* AT_(leak_scan_now_heuristics)(UInt heuristics)
{
   AT_LeakScan* out;
   if (checked || scanning)
      return NULL;
   scanning = True;
   scan_heuristics = heuristics;
   scan(False);
   out = VG_(calloc)("at.leak_scan", 1, sizeof(AT_LeakScan));
   VG_(memcpy)(out->totals, totals, sizeof(totals));
   out->left_out = left_total;
   VG_(memcpy)(out->heur, heur_totals, sizeof(heur_totals));
   out->records = records;
   /* Nothing of it stays: the exit scan starts afresh. */
   records = NULL;
   VG_(deleteXA)(held);
   VG_(deleteXA)(notes);
   VG_(free)(bk);
   VG_(free)(bb);
   VG_(free)(marks);
   held  = notes = NULL;
   bk    = NULL;
   bb    = NULL;
   marks = NULL;
   nbk   = 0;
   VG_(memset)(totals, 0, sizeof(totals));
   scanning = False;
   return out;
}

void AT_(leak_scan_free)(AT_LeakScan* s)
{
   if (s == NULL)
      return;
   VG_(deleteXA)(s->records);
   VG_(free)(s);
}

/*--------------------------------------------------------------------*/
/*--- end                                               at_leak.c  ---*/
/*--------------------------------------------------------------------*/
