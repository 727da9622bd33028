/*--------------------------------------------------------------------*/
/*--- asynctrace: the heap: replaced allocator, live blocks.       ---*/
/*---                                                   at_heap.c  ---*/
/*--------------------------------------------------------------------*/

/* This file is part of asynctrace.  Copyright (C) 2026 the asynctrace
   authors.  GPL-2.0-or-later; see at_basics.h and COPYING.

   Every allocation call of the program lands here: Valgrind's malloc
   replacement for the C and C++ allocators, client requests from our
   preload for jemalloc's prefixed API.  A block belongs to its site (its
   stack and the role in force) and to the thread that allocated it.
   Counters per thread, role and site are kept as calls come, so that
   the report needs no second pass over the blocks.

   The memory comes from the core's client arena (small blocks wait in
   classes for reuse, see "Client memory").  A freed block is wiped for
   the leak scan: a large one by giving its pages back to the kernel, so
   that a free costs nothing for pages the program never touched.  An
   alignment above the arena's 16 MiB is served from a larger block of
   it, as glibc serves any power of two. */

#include "pub_tool_clreq.h"
#include "pub_tool_hashtable.h"
#include "pub_tool_aspacemgr.h"
#include "pub_tool_libcproc.h"
#include "pub_tool_machine.h"
#include "pub_tool_poolalloc.h"
#include "pub_tool_replacemalloc.h"
#include "pub_tool_tooliface.h"
#include "pub_tool_xarray.h"

#include "asynctrace.h"
#include "at_attr.h"
#include "at_heap.h"
#include "at_insns.h"
#include "at_options.h"
#include "at_stack.h"
#include "at_threads.h"
#include "at_wipe.h"

/*------------------------------------------------------------*/
/*--- State                                                ---*/
/*------------------------------------------------------------*/

static PoolAlloc*   block_pool;   /* no allocator header per block */
/* A live block costs 32 bytes (issue 9's memory per block): keep it so. */
STATIC_ASSERT(sizeof(AT_Block) == 32);
static VgHashTable* sites;        /* by ECU << 16 | role instance */
static AT_HeapSummary summary;
/* By role instance: a plain array, read on every allocation and free. */
static AT_HeapCounters* by_role;
static UInt             n_by_role;     /* instances up to the highest seen */
static UInt             cap_by_role;

static inline void settle_peak_ms(void);

const AT_HeapSummary* AT_(heap_summary)(void)
{
   settle_peak_ms();
   return &summary;
}

static AT_HeapCounters* more_role_counters(UShort inst)
{
   if (inst >= cap_by_role) {
      UInt n = inst + 8u;
      by_role = VG_(realloc)("at.heap_by_role", by_role,
                             n * sizeof(AT_HeapCounters));
      VG_(memset)(&by_role[cap_by_role], 0,
                  (n - cap_by_role) * sizeof(AT_HeapCounters));
      cap_by_role = n;
   }
   n_by_role = inst + 1u;
   return &by_role[inst];
}

/* The array moves when it grows: a pointer from here is good until the
   next call with a new instance. */
static inline AT_HeapCounters* role_counters(UShort inst)
{
   return inst < n_by_role ? &by_role[inst] : more_role_counters(inst);
}

const AT_HeapCounters* AT_(heap_of_role)(UShort inst)
{
   return role_counters(inst);
}

/* Valgrind's arena refuses larger alignments (it panics): those are
   served by over-allocating (see "Client memory"). */
#define AT_MAX_ALIGN  (16 * 1024 * 1024)
/* No block is larger than amd64's 128 TiB of user address space; the
   arena's own sums overflow near SIZE_MAX. */
#define AT_MAX_SIZE   ((SizeT)1 << 47)

/* A clock cheap enough for every call: read every 256 heap events. */
static UInt  coarse_ms;
static UInt  events_since_clock;
static void (*tick_hook)(void);   /* every 256 events; may be NULL */

void AT_(heap_set_tick_hook)(void (*f)(void)) { tick_hook = f; }

static inline void tick(void)
{
   if (++events_since_clock >= 256) {
      events_since_clock = 0;
      coarse_ms = AT_NOW_MS();
   }
}

/*------------------------------------------------------------*/
/*--- The timeline                                         ---*/
/*------------------------------------------------------------*/

static ULong bytes_moved;          /* allocated + freed: --time-unit=B */
static XArray* samples;            /* of AT_Sample */
static ULong   sample_every = 1;   /* doubles each time samples thin */
static ULong   next_sample;

static ULong time_now(void)
{
   switch (AT_(clo_time_unit)) {
      case AT_TIME_MS: return coarse_ms;
      case AT_TIME_B:  return bytes_moved;
      default:         return AT_(insns_now)();
   }
}

const HChar* AT_(time_unit_name)(void)
{
   switch (AT_(clo_time_unit)) {
      case AT_TIME_MS: return "ms";
      case AT_TIME_B:  return "B";
      default:         return "i";
   }
}

static void fill_sample(AT_Sample* s, ULong t)
{
   UInt i;
   s->time    = t;
   s->total   = summary.total.live_bytes;
   s->ninst   = n_by_role;
   s->by_inst = VG_(malloc)("at.sample", (s->ninst ? s->ninst : 1)
                                         * sizeof(ULong));
   for (i = 0; i < s->ninst; i++)
      s->by_inst[i] = by_role[i].live_bytes;
   s->is_peak = False;
}

/* Keeps at most --timeline-samples samples: when full, every other one
   goes and the interval doubles, as massif thins its snapshots. */
static void maybe_sample(void)
{
   ULong t = time_now();
   AT_Sample s;
   if (t < next_sample)
      return;
   if (VG_(sizeXA)(samples) >= AT_(clo_timeline_samples)) {
      Word i, j, n = VG_(sizeXA)(samples);
      for (i = 0, j = 0; i < n; i++) {
         AT_Sample* x = VG_(indexXA)(samples, i);
         if (i % 2 == 1) {
            VG_(free)(x->by_inst);
         } else {
            *(AT_Sample*)VG_(indexXA)(samples, j++) = *x;
         }
      }
      VG_(dropTailXA)(samples, n - j);
      sample_every *= 2;
   }
   fill_sample(&s, t);
   VG_(addToXA)(samples, &s);
   next_sample = t + sample_every;
}

/* The samples, with the peak put in its place (thinning never drops it:
   it comes from the summary) and the present as the last one. */
XArray* AT_(heap_timeline)(void)
{
   XArray* out = VG_(newXA)(VG_(malloc), "at.timeline", VG_(free),
                            sizeof(AT_Sample));
   AT_Sample last, peak_sample;
   Word i, n = VG_(sizeXA)(samples);
   Bool peak_done = summary.peak_bytes == 0;
   peak_sample.time    = summary.peak_time;
   peak_sample.total   = summary.peak_bytes;
   peak_sample.ninst   = (UInt)VG_(sizeXA)(summary.role_at_peak);
   peak_sample.by_inst = peak_sample.ninst
                            ? VG_(indexXA)(summary.role_at_peak, 0) : NULL;
   peak_sample.is_peak = True;
   for (i = 0; i < n; i++) {
      AT_Sample* s = VG_(indexXA)(samples, i);
      if (!peak_done && peak_sample.time < s->time) {
         VG_(addToXA)(out, &peak_sample);
         peak_done = True;
      }
      VG_(addToXA)(out, s);
   }
   if (!peak_done)
      VG_(addToXA)(out, &peak_sample);
   fill_sample(&last, time_now());   /* the end; leaked to the report */
   VG_(addToXA)(out, &last);
   return out;
}

/*------------------------------------------------------------*/
/*--- The peak                                             ---*/
/*------------------------------------------------------------*/

static ULong site_snapshot_at;   /* live bytes at the last site snapshot */
static Bool  peak_ms_pending;    /* the peak's wall time is yet to read */

/* While the heap grows every allocation is a new peak: the clock is read
   at the first free after it instead, when the growth stopped. */
static inline void settle_peak_ms(void)
{
   if (peak_ms_pending) {
      summary.peak_ms = AT_NOW_MS();
      peak_ms_pending = False;
   }
}

static void new_peak(void)
{
   UInt i, n = n_by_role;
   summary.peak_bytes  = summary.total.live_bytes;
   summary.peak_blocks = summary.total.live_blocks;
   summary.peak_time   = time_now();
   peak_ms_pending     = True;
   /* Each role's share at the peak: exact, there are few roles. */
   while ((UInt)VG_(sizeXA)(summary.role_at_peak) < n) {
      ULong z = 0;
      VG_(addToXA)(summary.role_at_peak, &z);
   }
   for (i = 0; i < n; i++)
      *(ULong*)VG_(indexXA)(summary.role_at_peak, i)
         = by_role[i].live_bytes;
   /* Each site's share: there may be many, so, as massif does, only
      when the peak has grown by 1% since the last time. */
   if (summary.peak_bytes >= site_snapshot_at + site_snapshot_at / 100
       || site_snapshot_at == 0) {
      AT_Site* s;
      VG_(HT_ResetIter)(sites);
      while ((s = VG_(HT_Next)(sites)) != NULL)
         s->at_peak = s->live_bytes;
      site_snapshot_at = summary.peak_bytes;
   }
}

/*------------------------------------------------------------*/
/*--- Blocks                                               ---*/
/*------------------------------------------------------------*/

static Word cmp_site_node(const void* va, const void* vb)
{
   const AT_Site* a = va;
   const AT_Site* b = vb;
   return !(a->where == b->where && a->inst == b->inst && a->owner == b->owner
            && a->task_site == b->task_site);
}

/* The last site found for each of a few thousand (stack, role, owner)
   keys: the hash table's lookup was a visible cost per allocation. */
#define AT_SITE_CACHE_BITS 12
typedef struct { ExeContext* where; UInt owner; UShort inst; UShort task;
                 AT_Site* site; } AT_SiteCacheEnt;
static AT_SiteCacheEnt site_cache[1u << AT_SITE_CACHE_BITS];

static AT_Site* site_of(ExeContext* where, UShort inst, UInt owner,
                        UShort task)
{
   AT_Site  k;
   AT_Site* s;
   UWord    h = ((UWord)where ^ ((UWord)owner << 20) ^ inst
                 ^ ((UWord)task << 40)) * 0x9E3779B97F4A7C15ULL;
   AT_SiteCacheEnt* c = &site_cache[h >> (64 - AT_SITE_CACHE_BITS)];
   if (c->where == where && c->inst == inst && c->owner == owner
       && c->task == task)
      return c->site;
   VG_(memset)(&k, 0, sizeof(k));
   k.key   = ((UWord)VG_(get_ECU_from_ExeContext)(where) << 24)
             ^ ((UWord)owner << 12) ^ inst ^ ((UWord)task << 48);
   k.where = where;
   k.inst  = inst;
   k.owner = owner;
   k.task_site = task;
   s = VG_(HT_gen_lookup)(sites, &k, cmp_site_node);
   if (s == NULL) {
      s = VG_(calloc)("at.site", 1, sizeof(AT_Site));
      *s = k;
      s->next = NULL;
      s->cell_site = AT_(task_cell_site)(where);
      VG_(HT_add_node)(sites, s);
   }
   c->where = where;
   c->inst  = inst;
   c->owner = owner;
   c->task  = task;
   c->site  = s;
   return s;
}

/* Blocks of 4 GiB and more: their sizes, by address. */
typedef struct _BigNode { struct _BigNode* next; UWord key; SizeT size; } BigNode;
static VgHashTable* big_sizes;

SizeT AT_(big_block_size)(Addr data)
{
   BigNode* g = VG_(HT_lookup)(big_sizes, data);
   return g ? g->size : 0;
}

static void set_size(AT_Block* b, SizeT n)
{
   if (n < AT_BIG_SIZE) {
      b->size32 = (UInt)n;
   } else {
      BigNode* g = VG_(malloc)("at.big_size", sizeof(BigNode));
      g->key  = b->data;
      g->size = n;
      VG_(HT_add_node)(big_sizes, g);
      b->size32 = AT_BIG_SIZE;
   }
}

static void drop_size(AT_Block* b)
{
   if (b->size32 == AT_BIG_SIZE)
      VG_(free)(VG_(HT_remove)(big_sizes, b->data));
}

static inline void count_alloc(AT_HeapCounters* c, SizeT n)
{
   c->allocs++;
   c->bytes_allocated += n;
   c->live_blocks++;
   c->live_bytes += n;
   if (c->live_bytes > c->peak_live)
      c->peak_live = c->live_bytes;
}

/*------------------------------------------------------------*/
/*--- The block table                                      ---*/
/*------------------------------------------------------------*/

/* Live blocks by address: chains from a power-of-two array of heads,
   doubled when there are twice as many blocks as heads (chains of two
   on average cost nothing measurable, and halve the heads' memory).  The core's hash table
   divides by a prime on every call, which showed. */
static AT_Block** btab;
static UInt       btab_bits;
static UWord      btab_used;

/* Blocks allocated one after another lie side by side: so do their
   chain heads, which keeps the table's cache misses few with millions
   of blocks.  Higher address bits are folded in so that blocks a power
   of two apart (large aligned ones) still spread. */
static inline UWord btab_home(Addr a)
{
   UWord k = a >> 4;
   return (k ^ (k >> btab_bits) ^ (k >> (2 * btab_bits)))
          & (((UWord)1 << btab_bits) - 1);
}

static void btab_init(UInt bits)
{
   btab_bits = bits;
   btab = VG_(calloc)("at.block_table", (SizeT)1 << bits, sizeof(AT_Block*));
}

static void btab_grow(void)
{
   AT_Block** old = btab;
   UWord      i, n = (UWord)1 << btab_bits;
   btab_init(btab_bits + 1);
   for (i = 0; i < n; i++) {
      AT_Block* b = old[i];
      while (b != NULL) {
         AT_Block* next = b->next;
         UWord     h    = btab_home(b->data);
         b->next = btab[h];
         btab[h] = b;
         b = next;
      }
   }
   VG_(free)(old);
}

static void btab_put(AT_Block* b)
{
   UWord h;
   if (btab_used >= ((UWord)2 << btab_bits))
      btab_grow();
   h = btab_home(b->data);
   b->next = btab[h];
   btab[h] = b;
   btab_used++;
}

static AT_Block* btab_get(Addr a)
{
   AT_Block* b = btab[btab_home(a)];
   while (b != NULL && b->data != a)
      b = b->next;
   return b;
}

/* Takes the block at a out of the table; NULL if there is none. */
static AT_Block* btab_take(Addr a)
{
   AT_Block** link = &btab[btab_home(a)];
   while (*link != NULL) {
      AT_Block* b = *link;
      if (b->data == a) {
         *link = b->next;
         btab_used--;
         return b;
      }
      link = &b->next;
   }
   return NULL;
}

/*------------------------------------------------------------*/
/*--- Client memory                                        ---*/
/*------------------------------------------------------------*/

/* Small blocks get a capacity rounded up to their class (16 bytes
   apart), and freed ones wait in a stack of their class for the next
   allocation of that class, as glibc's tcache does: the core's arena
   (first fit, splitting and merging) cost more per call than all of the
   tool's bookkeeping.  The stacks are arrays in the tool's memory, so
   taking a block reads nothing of the (maybe cold) block itself.  A
   block waiting there has been wiped (release) and is not a block; the
   leak scan skips the client heap. */
#define AT_SMALL_MAX   512
#define AT_CLASSES     (AT_SMALL_MAX / 16)
#define AT_CLASS_KEEP  (64 * 1024)    /* bytes waiting per class, at most */
#define AT_CLASS_SLOTS 512            /* blocks waiting per class, at most */

static void* waiting[AT_CLASSES + 1][AT_CLASS_SLOTS];
static UInt  n_waiting[AT_CLASSES + 1];

static inline UInt class_of(SizeT n)
{
   return n == 0 ? 1 : (UInt)((n + 15) / 16);
}

/* Alignments above AT_MAX_ALIGN, which the core's arena refuses but
   glibc honours: n + align bytes from the arena, the block at the first
   aligned address in them.  The spare part is address space, never
   touched.  Each such block's arena address, by the block's address. */
typedef struct _WideNode { struct _WideNode* next; UWord key; void* raw; }
        WideNode;
static VgHashTable* wide_blocks;
static UWord        n_wide;   /* live ones: frees look only if any */

static void* get_wide(SizeT align, SizeT n)
{
   WideNode* w;
   void*     raw;
   if (n > AT_MAX_SIZE || align > AT_MAX_SIZE)
      return NULL;   /* the sum below cannot overflow */
   raw = VG_(cli_malloc)(VG_(clo_alignment), n + align);
   if (raw == NULL)
      return NULL;
   w = VG_(malloc)("at.wide_block", sizeof(WideNode));
   w->key = VG_ROUNDUP((Addr)raw, align);
   w->raw = raw;
   VG_(HT_add_node)(wide_blocks, w);
   n_wide++;
   return (void*)w->key;
}

/* True if p was a wide block, now given back. */
static Bool put_wide(void* p)
{
   WideNode* w;
   if (n_wide == 0 || (w = VG_(HT_remove)(wide_blocks, (UWord)p)) == NULL)
      return False;
   n_wide--;
   VG_(cli_free)(w->raw);
   VG_(free)(w);
   return True;
}

/* get_memory's last block is all zeros (a waiting one, wiped when it
   was freed): calloc need not clear it again. */
static Bool got_zeros;

static void* get_memory(SizeT align, SizeT n)
{
   UInt c;
   got_zeros = False;
   if (align > AT_MAX_ALIGN)
      return get_wide(align, n);
   if (n > AT_SMALL_MAX)
      return VG_(cli_malloc)(align, n);
   c = class_of(n);
   /* Every block is aligned to at least --alignment. */
   if (n_waiting[c] > 0 && align <= VG_(clo_alignment)) {
      got_zeros = AT_(clo_leak_check) != AT_LEAK_NO;   /* see release */
      return waiting[c][--n_waiting[c]];
   }
   return VG_(cli_malloc)(align, (SizeT)c * 16);
}

static void put_memory(void* p, SizeT n)
{
   UInt c = class_of(n);
   if (put_wide(p))
      return;
   if (n <= AT_SMALL_MAX && n_waiting[c] < AT_CLASS_SLOTS
       && (n_waiting[c] + 1) * c * 16 <= AT_CLASS_KEEP) {
      waiting[c][n_waiting[c]++] = p;
      return;
   }
   VG_(cli_free)(p);
}

/* The block being handed back to the program while a snapshot is
   taken in the middle of its allocation, else 0. */
static Addr returning;
Addr AT_(heap_returning)(void) { return returning; }

/* Records p, n bytes just allocated by thread tid: in the block table,
   or, for a block of the program's own allocator (custom), only in the
   counters (the caller keeps it, at_pools.c).  Such a block is no task's:
   its size may change in place (AT_(heap_custom_resize)). */
static AT_Block* register_block(ThreadId tid, void* p, SizeT n, Bool custom)
{
   AT_Thread* t    = AT_(thread)(tid);
   Addr       sp   = VG_(get_SP)(tid);
   UShort     inst = AT_(role_at)(t, sp);
   void*      k    = custom ? NULL : AT_(task_now_at)(tid, t, sp);
   AT_Block*  b    = VG_(allocEltPA)(block_pool);
   AT_Anchor  anchor;
   ExeContext* where;
   UInt       slot;
   UShort     task;
   AT_(anchor_of)(tid, t, &anchor);
   where = AT_(stack_at)(tid, VG_(get_IP)(tid), sp, &anchor);
   /* The task being polled, charged; its spawn site is part of the
      block's site, so live bytes and leaks come out per spawn site. */
   task = AT_(task_alloc)(k, where, n, &slot);
   AT_Site*   s    = site_of(where, inst, t ? t->seq : 1, task);

   b->data   = (Addr)p;
   b->site   = s;
   b->task   = slot;
   set_size(b, n);
   if (!custom)
      btab_put(b);

   s->allocs++;
   s->bytes += n;
   s->live_blocks++;
   s->live_bytes += n;
   count_alloc(&summary.total, n);
   count_alloc(role_counters(inst), n);
   if (t)
      count_alloc(&t->heap, n);
   if (s->cell_site)
      AT_(task_spawned)(s->cell_site, (Addr)p);
   bytes_moved += n;
   tick();
   if (summary.total.live_bytes > summary.peak_bytes)
      new_peak();
   AT_(footprint_grew)(summary.total.live_bytes);
   maybe_sample();
   /* Not for a custom block: its keeper has not got it yet, and a
      snapshot's leak scan would miss it. */
   if (events_since_clock == 0 && tick_hook && !custom) {
      returning = (Addr)p;   /* the program does not hold it yet */
      tick_hook();
      returning = 0;
   }
   return b;
}

static void bad_call(ThreadId tid, AT_BadKind kind, Addr addr, SizeT size,
                     SizeT given);

/* Memory for n bytes aligned to align, or NULL, as glibc gives NULL
   (the replacement stubs set ENOMEM): a size no address space holds is
   refused before the core's arena sees it (its sums would overflow), and
   one it cannot serve is refused by it.  Both are calls the program got
   wrong, or at least should hear about. */
static void* memory_for(ThreadId tid, SizeT n, SizeT align)
{
   void* p = NULL;
   if (n <= AT_MAX_SIZE)
      p = get_memory(align, n);
   if (p == NULL)
      bad_call(tid, AT_BAD_TOO_LARGE, 0, n, align);
   return p;
}

static void zero_block(void* p, SizeT n);

static void* new_block(ThreadId tid, SizeT n, SizeT align, Bool zero)
{
   void* p = memory_for(tid, n, align);
   if (p == NULL)
      return NULL;
   /* A large one by giving its pages back (zero_block): a calloc of
      fresh memory must not make resident what the program never
      touches. */
   if (zero && !got_zeros)
      zero_block(p, n);
   register_block(tid, p, n, False);
   return p;
}

/*------------------------------------------------------------*/
/*--- Frees across roles                                   ---*/
/*------------------------------------------------------------*/

static VgHashTable* cross;   /* by alloc_inst << 16 | free_inst */

typedef struct _CrossNode {
   struct _CrossNode* next;
   UWord              key;
   ULong              frees;
   ULong              bytes;
} CrossNode;

static void count_cross(UShort a, UShort f, SizeT n)
{
   CrossNode* c = AT_(ht_node)(cross, ((UWord)a << 16) | f,
                               sizeof(CrossNode), "at.cross", NULL);
   c->frees++;
   c->bytes += n;
}

XArray* AT_(heap_cross_frees)(void)
{
   XArray* out = VG_(newXA)(VG_(malloc), "at.cross_out", VG_(free),
                            sizeof(AT_CrossFree));
   CrossNode* c;
   VG_(HT_ResetIter)(cross);
   while ((c = VG_(HT_Next)(cross)) != NULL) {
      AT_CrossFree x = { (UShort)(c->key >> 16), (UShort)(c->key & 0xFFFF),
                         c->frees, c->bytes };
      VG_(addToXA)(out, &x);
   }
   return out;
}

/*------------------------------------------------------------*/
/*--- Bad calls                                            ---*/
/*------------------------------------------------------------*/

static VgHashTable* bad;   /* by ECU << 4 | kind */
static const HChar* (*bad_hook)(ThreadId, UInt, Addr, SizeT, SizeT);

void AT_(heap_set_bad_hook)(const HChar* (*f)(ThreadId tid, UInt kind,
                                              Addr addr, SizeT size,
                                              SizeT given))
{
   bad_hook = f;
}

typedef struct _BadNode {
   struct _BadNode* next;
   UWord            key;
   AT_BadCall       call;
} BadNode;

const HChar* AT_(bad_kind_name)(UInt kind)
{
   static const HChar* const names[AT_BAD_N] = {
      "invalid-free", "double-free", "realloc-of-freed", "realloc-invalid",
      "calloc-overflow", "bad-alignment", "sized-free-mismatch",
      "too-large"
   };
   return kind < AT_BAD_N ? names[kind] : "unknown";
}

static void bad_call(ThreadId tid, AT_BadKind kind, Addr addr, SizeT size,
                     SizeT given)
{
   ExeContext* where = AT_(stack_here)(tid);
   Bool made;
   BadNode* b = AT_(ht_node)(bad,
                             ((UWord)VG_(get_ECU_from_ExeContext)(where) << 4)
                             | kind, sizeof(BadNode), "at.bad", &made);
   if (made) {
      b->call.kind  = kind;
      b->call.where = where;
      b->call.addr  = addr;    /* the first one's */
      b->call.size  = size;
      b->call.given = given;
   }
   b->call.count++;
   if (bad_hook) {
      const HChar* by = bad_hook(tid, kind, addr, size, given);
      if (made)                      /* its stack and kind: all alike */
         b->call.suppressed_by = by;
   }
}

void AT_(heap_bad_call)(ThreadId tid, UWord kind, SizeT size, SizeT given)
{
   if (kind == AT_BAD_CALLOC_OVERFLOW || kind == AT_BAD_ALIGNMENT)
      bad_call(tid, (AT_BadKind)kind, 0, size, given);
}

XArray* AT_(heap_bad_calls)(void)
{
   XArray* out = VG_(newXA)(VG_(malloc), "at.bad_out", VG_(free),
                            sizeof(AT_BadCall));
   BadNode* b;
   VG_(HT_ResetIter)(bad);
   while ((b = VG_(HT_Next)(bad)) != NULL)
      VG_(addToXA)(out, &b->call);
   return out;
}

/* The addresses of the last frees, to tell a double free from a free of
   something that never was a block. */
#define AT_RECENT_FREES 4096
static Addr recent_frees[AT_RECENT_FREES];
static UInt recent_next;

static Bool freed_recently(Addr a)
{
   UInt i;
   for (i = 0; i < AT_RECENT_FREES; i++)
      if (recent_frees[i] == a)
         return True;
   return False;
}

/*------------------------------------------------------------*/
/*--- Freeing                                              ---*/
/*------------------------------------------------------------*/

/* Threads by their seq, as AT_(thread_by_seq) gives them (they never
   move), without its checks on every free. */
static AT_Thread** owners;
static UInt        n_owners;

static AT_Thread* owner_of(UInt seq)
{
   if (LIKELY(seq < n_owners && owners[seq] != NULL))
      return owners[seq];
   if (seq >= n_owners) {
      UInt n = seq + 64;
      owners = VG_(realloc)("at.heap_owners", owners, n * sizeof(AT_Thread*));
      VG_(memset)(&owners[n_owners], 0, (n - n_owners) * sizeof(AT_Thread*));
      n_owners = n;
   }
   owners[seq] = AT_(thread_by_seq)(seq);
   return owners[seq];
}

/* Forgets block b, freed by thread tid; the caller releases the memory. */
static void forget_block(ThreadId tid, AT_Block* b)
{
   AT_Thread* t     = AT_(thread)(tid);
   AT_Site*   s     = b->site;
   AT_Thread* owner = owner_of(s->owner);
   SizeT      size  = AT_(block_size)(b);
   UShort     finst = AT_(role_at)(t, VG_(get_SP)(tid));
   AT_HeapCounters* rc;
   AT_HeapCounters* fc;
   /* Grow the array first: a pointer into it dies when it grows. */
   (void)role_counters(finst > s->inst ? finst : s->inst);
   rc = role_counters(s->inst);
   fc = role_counters(finst);

   settle_peak_ms();
   summary.total.frees++;
   summary.total.bytes_freed += size;
   summary.total.live_blocks--;
   summary.total.live_bytes -= size;
   if (t) {
      t->heap.frees++;
      t->heap.bytes_freed += size;
   }
   owner->heap.live_blocks--;
   owner->heap.live_bytes -= size;
   /* Frees count for the freeing role, live bytes for the allocating. */
   fc->frees++;
   fc->bytes_freed += size;
   rc->live_blocks--;
   rc->live_bytes -= size;
   s->live_blocks--;
   s->live_bytes -= size;
   if (s->task_site)
      AT_(task_site_free)(s->task_site, size, b->task);
   if (s->cell_site)
      AT_(task_cell_freed)(b->data);
   if (finst != s->inst)
      count_cross(s->inst, finst, size);
   bytes_moved += size;
   recent_frees[recent_next++ % AT_RECENT_FREES] = b->data;
   tick();
   maybe_sample();
   drop_size(b);
   VG_(freeEltPA)(block_pool, b);
   if (events_since_clock == 0 && tick_hook)
      tick_hook();
}

/* Clears a block's memory: a block starts at least 16-aligned
   (--alignment) and its memory (a class's, or the arena's, which
   rounds payloads up to 16) reaches to n rounded up to 16, all of it
   the block's.  A block of 0 bytes has 16 (class 1): all of it, so that
   a block waiting in a class is zeros throughout (get_memory).
   A block of AT_MADVISE_MIN bytes or more has its whole pages given
   back to the kernel instead (they read as zeros after): clearing it
   would cost as much as the block is large, and make resident every
   page the program never touched (a free of an untouched 4 GiB block
   took 15 s and 4 GB; a calloc of 2 GiB made 2 GB resident).  The
   core's arena maps the client heap private and anonymous; anything
   else is cleared. */
#define AT_MADVISE_MIN (256 * 1024)

static void zero_block(void* p, SizeT n)
{
   Addr lo = (Addr)p, hi = lo + VG_ROUNDUP(n ? n : 1, 16);
   if (n >= AT_MADVISE_MIN) {
      NSegment const* seg = VG_(am_find_nsegment)(lo);
      if (seg != NULL && seg->kind == SkAnonC && hi - 1 <= seg->end) {
         AT_(wipe_unused)(lo, hi);
         return;
      }
   }
   AT_(zero_range)(lo, hi);
}

/* Wipes and releases the memory of a block: a stale copy of a pointer
   in reused memory must not keep a leaked block reachable for the leak
   scan (memcheck knows such words are undefined; we do not). */
static void release(void* p, SizeT size)
{
   if (AT_(clo_leak_check) != AT_LEAK_NO)
      zero_block(p, size);
   put_memory(p, size);
}

/* Frees p for thread tid.  size_given: the size a sized free passed, or
   (SizeT)-1. */
static void free_block(ThreadId tid, void* p, SizeT size_given)
{
   AT_Block* b;
   SizeT     size;
   if (p == NULL)
      return;
   b = btab_take((Addr)p);
   if (b == NULL) {
      bad_call(tid, freed_recently((Addr)p) ? AT_BAD_DOUBLE_FREE
                                            : AT_BAD_INVALID_FREE,
               (Addr)p, 0, 0);
      return;   /* not a block of ours: leave it alone, as memcheck does */
   }
   size = AT_(block_size)(b);
   if (size_given != (SizeT)-1 && size_given != size)
      bad_call(tid, AT_BAD_SIZED_FREE, (Addr)p, size, size_given);
   forget_block(tid, b);
   release(p, size);
}

/*------------------------------------------------------------*/
/*--- The program's own allocators' blocks                 ---*/
/*------------------------------------------------------------*/

/* Blocks a custom allocator hands out and tells us of (memcheck's
   MALLOCLIKE_BLOCK and mempool requests, at_pools.c): counted as every
   block is, at the stack of the request, but kept by the caller, since
   they may start where a malloc'd block starts (a pool's first chunk). */
AT_Block* AT_(heap_custom_alloc)(ThreadId tid, Addr a, SizeT n)
{
   return register_block(tid, (void*)a, n, True);
}

/* The caller has taken b out of its tables; the memory is the
   program's, left as it is. */
void AT_(heap_custom_free)(ThreadId tid, AT_Block* b)
{
   forget_block(tid, b);
}

/* A custom block moved or changed size in place (RESIZEINPLACE_BLOCK,
   a trimmed pool chunk): its live bytes change, nothing is counted as
   allocated or freed, its site stays.  The caller re-keys it. */
void AT_(heap_custom_resize)(AT_Block* b, Addr a, SizeT n)
{
   AT_Site*   s     = b->site;
   AT_Thread* owner = owner_of(s->owner);
   SizeT      old   = AT_(block_size)(b);
   AT_HeapCounters* rc = role_counters(s->inst);
   drop_size(b);
   b->data = a;
   set_size(b, n);
   settle_peak_ms();
   summary.total.live_bytes = summary.total.live_bytes - old + n;
   rc->live_bytes           = rc->live_bytes - old + n;
   owner->heap.live_bytes   = owner->heap.live_bytes - old + n;
   s->live_bytes            = s->live_bytes - old + n;
   if (n > old) {
      if (rc->live_bytes > rc->peak_live)
         rc->peak_live = rc->live_bytes;
      if (owner->heap.live_bytes > owner->heap.peak_live)
         owner->heap.peak_live = owner->heap.live_bytes;
      if (summary.total.live_bytes > summary.total.peak_live)
         summary.total.peak_live = summary.total.live_bytes;
      if (summary.total.live_bytes > summary.peak_bytes)
         new_peak();
   }
   maybe_sample();
}

/* A custom free of what no custom allocator handed out. */
void AT_(heap_custom_bad_free)(ThreadId tid, Addr a)
{
   bad_call(tid, AT_BAD_INVALID_FREE, a, 0, 0);
}

/*------------------------------------------------------------*/
/*--- The replacement functions                            ---*/
/*------------------------------------------------------------*/

static Bool good_alignment(ThreadId tid, SizeT align, SizeT n)
{
   if (align == 0 || (align & (align - 1)) != 0) {
      bad_call(tid, AT_BAD_ALIGNMENT, 0, n, align);
      return False;
   }
   return True;
}

static void* at_malloc(ThreadId tid, SizeT n)
{
   return new_block(tid, n, VG_(clo_alignment), False);
}

static void* at_memalign(ThreadId tid, SizeT align, SizeT n)
{
   /* The preload rounds memalign's alignment up to a power of two, as
      glibc does; anything else got here by aligned new. */
   if (!good_alignment(tid, align, n))
      return NULL;
   return new_block(tid, n, align, False);
}

/* Since 3.22 the core passes the alignment the program asked for
   beside the one it will use (the same for a power of two, which is all
   at_memalign accepts; memcheck compares them on free). */
#if AT_VG_AT_LEAST(3, 22)
static void* at_memalign_v(ThreadId tid, SizeT align, SizeT orig_align,
                           SizeT n)
{
   return at_memalign(tid, align, n);
}

static void* at_new_aligned(ThreadId tid, SizeT n, SizeT align,
                            SizeT orig_align)
{
   return at_memalign(tid, align, n);
}
#else
#define at_memalign_v at_memalign

static void* at_new_aligned(ThreadId tid, SizeT n, SizeT align)
{
   return at_memalign(tid, align, n);
}
#endif

static void* at_calloc(ThreadId tid, SizeT nmemb, SizeT size1)
{
   /* Refuse a product that overflows, as glibc does. */
   if (size1 != 0 && nmemb > ((SizeT)-1) / size1) {
      bad_call(tid, AT_BAD_CALLOC_OVERFLOW, 0, nmemb, size1);
      return NULL;
   }
   return new_block(tid, nmemb * size1, VG_(clo_alignment), True);
}

static void at_free(ThreadId tid, void* p)
{
   free_block(tid, p, (SizeT)-1);
}

static void at_delete_aligned(ThreadId tid, void* p, SizeT align)
{
   free_block(tid, p, (SizeT)-1);
}

/* realloc counts as freeing the old block and allocating a new one,
   owned by the reallocating thread, as massif and DHAT count it.  The
   old block is forgotten before the new one is counted, so the peak
   never holds both. */
static void* realloc_block(ThreadId tid, void* p, SizeT n, SizeT align,
                           Bool zero)
{
   AT_Block* old;
   void*     q;
   SizeT     old_size;

   if (p == NULL)
      return new_block(tid, n, align, zero);
   old = btab_take((Addr)p);   /* put back if the new block fails */
   if (old == NULL) {
      bad_call(tid, freed_recently((Addr)p) ? AT_BAD_REALLOC_FREED
                                            : AT_BAD_REALLOC_INVALID,
               (Addr)p, 0, n);
      return NULL;   /* glibc would abort; the program gets NULL */
   }
   q = memory_for(tid, n, align);
   if (q == NULL) {
      btab_put(old);   /* the old block stays valid, as C requires */
      return NULL;
   }
   old_size = AT_(block_size)(old);
   VG_(memcpy)(q, p, old_size < n ? old_size : n);
   if (zero && n > old_size)
      VG_(memset)((HChar*)q + old_size, 0, n - old_size);
   forget_block(tid, old);
   release(p, old_size);
   register_block(tid, q, n, False);
   return q;
}

static void* at_realloc(ThreadId tid, void* p, SizeT n)
{
   return realloc_block(tid, p, n, VG_(clo_alignment), False);
}

static SizeT at_malloc_usable_size(ThreadId tid, void* p)
{
   AT_Block* b = btab_get((Addr)p);
   return b ? AT_(block_size)(b) : 0;
}

/*------------------------------------------------------------*/
/*--- jemalloc's API                                       ---*/
/*------------------------------------------------------------*/

#define JE_LG_ALIGN_MASK  0x3F
#define JE_ZERO           0x40

static SizeT je_align(UWord flags)
{
   UWord lg = flags & JE_LG_ALIGN_MASK;
   SizeT a  = lg ? (SizeT)1 << lg : 0;
   return a > VG_(clo_alignment) ? a : VG_(clo_alignment);
}

void* AT_(je_alloc)(ThreadId tid, SizeT size, UWord flags)
{
   return new_block(tid, size, je_align(flags), (flags & JE_ZERO) != 0);
}

void* AT_(je_realloc)(ThreadId tid, void* p, SizeT size, UWord flags)
{
   return realloc_block(tid, p, size, je_align(flags),
                        (flags & JE_ZERO) != 0);
}

void AT_(je_free)(ThreadId tid, void* p, SizeT size, Bool sized)
{
   free_block(tid, p, sized ? size : (SizeT)-1);
}

SizeT AT_(je_usable)(ThreadId tid, void* p)
{
   return at_malloc_usable_size(tid, p);
}

/*------------------------------------------------------------*/
/*--- Requests                                             ---*/
/*------------------------------------------------------------*/

/* The heap's client requests: the core's calls to the replacement
   functions (from vg_replace_malloc.c's stubs) and our own, from the
   preload.  The instrumenter answers these inside the generated code
   (at_instrument.c), the core's scheduler any that get past it. */
Bool AT_(heap_request)(ThreadId tid, const UWord* args, UWord* ret)
{
   const UWord f = args[1];   /* the function of a CLIENT_CALL */
   *ret = 0;                  /* the answer of those that give none */
   switch (args[0]) {
      case VG_USERREQ__CLIENT_CALL1:
         if (f == (UWord)at_malloc)
            *ret = (UWord)at_malloc(tid, args[2]);
         else if (f == (UWord)at_free)
            at_free(tid, (void*)args[2]);
         else if (f == (UWord)at_malloc_usable_size)
            *ret = at_malloc_usable_size(tid, (void*)args[2]);
         else if (f == (UWord)at_delete_aligned)   /* 3.22+: no alignment */
            at_delete_aligned(tid, (void*)args[2], 0);
         else
            return False;
         return True;
      case VG_USERREQ__CLIENT_CALL2:
         if (f == (UWord)at_realloc)
            *ret = (UWord)at_realloc(tid, (void*)args[2], args[3]);
         else if (f == (UWord)at_calloc)
            *ret = (UWord)at_calloc(tid, args[2], args[3]);
#if !AT_VG_AT_LEAST(3, 22)
         else if (f == (UWord)at_memalign)
            *ret = (UWord)at_memalign(tid, args[2], args[3]);
         else if (f == (UWord)at_new_aligned)
            *ret = (UWord)at_new_aligned(tid, args[2], args[3]);
#endif
         else if (f == (UWord)at_delete_aligned)
            at_delete_aligned(tid, (void*)args[2], args[3]);
         else
            return False;
         return True;
#if AT_VG_AT_LEAST(3, 22)
      /* Aligned new and memalign with the original alignment (3.22+). */
      case VG_USERREQ__CLIENT_CALL3:
         if (f == (UWord)at_new_aligned)
            *ret = (UWord)at_memalign(tid, args[3], args[2]);
         else if (f == (UWord)at_memalign_v)
            *ret = (UWord)at_memalign(tid, args[2], args[4]);
         else
            return False;
         return True;
#endif
      /* jemalloc's API, from the preload (at_jemalloc.c). */
      case VG_USERREQ__ASYNCTRACE_JE_ALLOC:
         *ret = (UWord)AT_(je_alloc)(tid, args[1], args[2]);
         return True;
      case VG_USERREQ__ASYNCTRACE_JE_REALLOC:
         *ret = (UWord)AT_(je_realloc)(tid, (void*)args[1], args[2], args[3]);
         return True;
      case VG_USERREQ__ASYNCTRACE_JE_FREE:
         AT_(je_free)(tid, (void*)args[1], args[2], args[3] != 0);
         return True;
      case VG_USERREQ__ASYNCTRACE_JE_USABLE:
         *ret = AT_(je_usable)(tid, (void*)args[1]);
         return True;
      case VG_USERREQ__ASYNCTRACE_BAD_CALL:
         AT_(heap_bad_call)(tid, args[1], args[2], args[3]);
         return True;
      default:
         return False;
   }
}

/*------------------------------------------------------------*/
/*--- Setting up                                           ---*/
/*------------------------------------------------------------*/

void AT_(heap_init)(void)
{
   btab_init(12);
   sites      = VG_(HT_construct)("at.sites");
   cross      = VG_(HT_construct)("at.cross");
   bad        = VG_(HT_construct)("at.bad");
   big_sizes  = VG_(HT_construct)("at.big_sizes");
   wide_blocks = VG_(HT_construct)("at.wide_blocks");
   block_pool = VG_(newPA)(sizeof(AT_Block), 1000, VG_(malloc),
                           "at.block_pool", VG_(free));
   samples    = VG_(newXA)(VG_(malloc), "at.samples", VG_(free),
                           sizeof(AT_Sample));
   summary.role_at_peak = VG_(newXA)(VG_(malloc), "at.role_at_peak",
                                     VG_(free), sizeof(ULong));
   VG_(needs_malloc_replacement)(at_malloc,             /* malloc */
                                 at_malloc,             /* new */
                                 at_new_aligned,        /* new aligned */
                                 at_malloc,             /* new[] */
                                 at_new_aligned,        /* new[] aligned */
                                 at_memalign_v,
                                 at_calloc,
                                 at_free,
                                 at_free,               /* delete */
                                 at_delete_aligned,
                                 at_free,               /* delete[] */
                                 at_delete_aligned,     /* delete[] aligned */
                                 at_realloc,
                                 at_malloc_usable_size,
                                 0 /* no redzone */);
}

void AT_(heap_post_clo_init)(void)
{
   coarse_ms = AT_NOW_MS();
}

/*------------------------------------------------------------*/
/*--- For the report and the leak scan                     ---*/
/*------------------------------------------------------------*/

XArray* AT_(heap_sites)(void)
{
   XArray* out = VG_(newXA)(VG_(malloc), "at.sites_out", VG_(free),
                            sizeof(AT_Site*));
   AT_Site* s;
   VG_(HT_ResetIter)(sites);
   while ((s = VG_(HT_Next)(sites)) != NULL)
      VG_(addToXA)(out, &s);
   return out;
}

/* Sorting millions of blocks by address with the core's sort cost a
   call and two reads of cold blocks per comparison.  Their addresses
   alone are sorted, as plain words: an introsort (quicksort, insertion
   sort for short runs, heapsort if the quicksort goes too deep); the
   leak scan finds a block from its address in the block table. */
typedef Addr BlockRef;

static inline void swap_ref(BlockRef* a, BlockRef* b)
{
   BlockRef t = *a; *a = *b; *b = t;
}

static void sift_down(BlockRef* v, UWord root, UWord n)
{
   for (;;) {
      UWord c = 2 * root + 1;
      if (c >= n)
         return;
      if (c + 1 < n && v[c + 1] > v[c])
         c++;
      if (v[root] >= v[c])
         return;
      swap_ref(&v[root], &v[c]);
      root = c;
   }
}

static void heap_sort(BlockRef* v, UWord n)
{
   UWord i;
   for (i = n / 2; i-- > 0; )
      sift_down(v, i, n);
   for (i = n; i-- > 1; ) {
      swap_ref(&v[0], &v[i]);
      sift_down(v, 0, i);
   }
}

static void sort_refs(BlockRef* v, UWord n, UInt depth)
{
   while (n > 16) {
      UWord i, j, m = n / 2;
      Addr  pivot;
      if (depth-- == 0) {
         heap_sort(v, n);
         return;
      }
      /* Median of three to v[m]. */
      if (v[m] < v[0])     swap_ref(&v[m], &v[0]);
      if (v[n - 1] < v[0]) swap_ref(&v[n - 1], &v[0]);
      if (v[n - 1] < v[m]) swap_ref(&v[n - 1], &v[m]);
      pivot = v[m];
      i = 0;
      j = n - 1;
      for (;;) {
         while (v[i] < pivot) i++;
         while (v[j] > pivot) j--;
         if (i >= j)
            break;
         swap_ref(&v[i], &v[j]);
         i++;
         j--;
      }
      /* [0, j] <= pivot <= [j + 1, n): recurse into the smaller side. */
      if (j + 1 < n - j - 1) {
         sort_refs(v, j + 1, depth);
         v += j + 1;
         n -= j + 1;
      } else {
         sort_refs(v + j + 1, n - j - 1, depth);
         n = j + 1;
      }
   }
   {
      UWord i, j;
      for (i = 1; i < n; i++) {
         BlockRef x = v[i];
         for (j = i; j > 0 && v[j - 1] > x; j--)
            v[j] = v[j - 1];
         v[j] = x;
      }
   }
}

void AT_(heap_for_each_block)(void (*f)(AT_Block* b, void* opaque),
                              void* opaque)
{
   UWord     i;
   AT_Block* b;
   /* Every block of every chain, not just the chains' heads. */
   for (i = 0; i < ((UWord)1 << btab_bits); i++)
      for (b = btab[i]; b != NULL; b = b->next)
         f(b, opaque);
}

typedef struct { Addr* keys; UWord n; } Keys;

static void add_key(AT_Block* b, void* opaque)
{
   Keys* k = opaque;
   k->keys[k->n++] = b->data;
}

Addr* AT_(heap_blocks_sorted)(UInt* n)
{
   Keys  k;
   UWord i, depth = 0;
   k.keys = VG_(malloc)("at.blocks_sorted",
                        (btab_used ? btab_used : 1) * sizeof(Addr));
   k.n    = 0;
   AT_(heap_for_each_block)(add_key, &k);
   tl_assert(k.n == btab_used);
   *n = (UInt)k.n;
   for (i = k.n; i > 1; i >>= 1)
      depth += 2;
   sort_refs(k.keys, k.n, (UInt)depth);
   return k.keys;
}

AT_Block* AT_(heap_block_at)(Addr a)
{
   return btab_get(a);
}

ExeContext* AT_(heap_block_stack)(Addr a)
{
   const AT_Block* b = btab_get(a);
   return b != NULL && b->data == a ? b->site->where : NULL;
}

/*--------------------------------------------------------------------*/
/*--- end                                               at_heap.c  ---*/
/*--------------------------------------------------------------------*/
