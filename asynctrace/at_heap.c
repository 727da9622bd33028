/*--------------------------------------------------------------------*/
/*--- asynctrace: the heap: replaced allocator, live blocks.       ---*/
/*---                                                   at_heap.c  ---*/
/*--------------------------------------------------------------------*/

/* This file is part of asynctrace.  Copyright (C) 2026 the asynctrace
   authors.  GPL-2.0-or-later; see at_basics.h and COPYING. */

#include "pub_tool_hashtable.h"
#include "pub_tool_libcproc.h"
#include "pub_tool_replacemalloc.h"
#include "pub_tool_tooliface.h"
#include "pub_tool_xarray.h"

#include "at_heap.h"
#include "at_roles.h"
#include "at_threads.h"

/*------------------------------------------------------------*/
/*--- Live blocks                                          ---*/
/*------------------------------------------------------------*/

/* 40 bytes a block (plus its hash chain slot); the stack is shared
   between all blocks allocated from the same place. */
typedef struct _AT_Block {
   struct _AT_Block* next;     /* VgHashNode's layout: next, then key */
   Addr              data;
   SizeT             size;     /* what the program asked for */
   ExeContext*       where;
   UInt              owner;    /* seq of the allocating thread */
   UShort            role;     /* its role instance when it allocated */
} AT_Block;

static VgHashTable* blocks;
static AT_HeapSummary summary;
static XArray* by_role;   /* of AT_HeapCounters, by role instance */

const AT_HeapSummary* AT_(heap_summary)(void) { return &summary; }

/* Counters of role instance inst (events happen in the role in force). */
const AT_HeapCounters* AT_(heap_of_role)(UShort inst)
{
   static const AT_HeapCounters zero;
   return inst < VG_(sizeXA)(by_role) ? VG_(indexXA)(by_role, inst) : &zero;
}

static AT_HeapCounters* role_counters(UShort inst)
{
   while (VG_(sizeXA)(by_role) <= inst) {
      AT_HeapCounters z;
      VG_(memset)(&z, 0, sizeof(z));
      VG_(addToXA)(by_role, &z);
   }
   return VG_(indexXA)(by_role, inst);
}

/* Valgrind's arena refuses larger alignments (it panics). */
#define AT_MAX_ALIGN  (16 * 1024 * 1024)

/* Records p, n bytes just allocated by thread tid. */
static void register_block(ThreadId tid, void* p, SizeT n)
{
   AT_Thread* t = AT_(thread)(tid);
   AT_Block*  b = VG_(malloc)("at.block", sizeof(AT_Block));
   AT_HeapCounters* rc;

   b->data  = (Addr)p;
   b->size  = n;
   b->where = VG_(record_ExeContext)(tid, 0);
   b->owner = t ? t->seq : 1;
   b->role  = AT_(role_now)(tid);
   VG_(HT_add_node)(blocks, b);
   rc = role_counters(b->role);
   rc->allocs++;
   rc->bytes_allocated += n;
   rc->live_blocks++;
   rc->live_bytes += n;

   summary.total.allocs++;
   summary.total.bytes_allocated += n;
   summary.total.live_blocks++;
   summary.total.live_bytes += n;
   if (summary.total.live_bytes > summary.peak_bytes) {
      summary.peak_bytes  = summary.total.live_bytes;
      summary.peak_blocks = summary.total.live_blocks;
      summary.peak_ms     = AT_NOW_MS();
   }
   if (t) {
      t->heap.allocs++;
      t->heap.bytes_allocated += n;
      t->heap.live_blocks++;
      t->heap.live_bytes += n;
   }
}

static void* new_block(ThreadId tid, SizeT n, SizeT align, Bool zero)
{
   void* p;
   if (align > AT_MAX_ALIGN)
      return NULL;
   p = VG_(cli_malloc)(align, n);
   if (p == NULL)
      return NULL;
   if (zero)
      VG_(memset)(p, 0, n);
   register_block(tid, p, n);
   return p;
}

/* Forgets block b, freed by thread tid; the caller releases the memory. */
static void forget_block(ThreadId tid, AT_Block* b)
{
   AT_Thread* t     = AT_(thread)(tid);
   AT_Thread* owner = AT_(thread_by_seq)(b->owner);
   AT_HeapCounters* rc = role_counters(b->role);
   AT_HeapCounters* fc = role_counters(AT_(role_now)(tid));

   summary.total.frees++;
   summary.total.bytes_freed += b->size;
   summary.total.live_blocks--;
   summary.total.live_bytes -= b->size;
   if (t) {
      t->heap.frees++;
      t->heap.bytes_freed += b->size;
   }
   owner->heap.live_blocks--;
   owner->heap.live_bytes -= b->size;
   /* Frees count for the freeing role, live bytes for the allocating. */
   fc->frees++;
   fc->bytes_freed += b->size;
   rc->live_blocks--;
   rc->live_bytes -= b->size;
   VG_(free)(b);
}

static void free_block(ThreadId tid, void* p)
{
   AT_Block* b;
   if (p == NULL)
      return;
   b = VG_(HT_remove)(blocks, (UWord)p);
   if (b == NULL)
      return;   /* not a block of ours: leave it alone */
   forget_block(tid, b);
   VG_(cli_free)(p);
}

/*------------------------------------------------------------*/
/*--- The replacement functions                            ---*/
/*------------------------------------------------------------*/

static void* at_malloc(ThreadId tid, SizeT n)
{
   return new_block(tid, n, VG_(clo_alignment), False);
}

static void* at_memalign(ThreadId tid, SizeT align, SizeT n)
{
   return new_block(tid, n, align, False);
}

static void* at_new_aligned(ThreadId tid, SizeT n, SizeT align)
{
   return new_block(tid, n, align, False);
}

static void* at_calloc(ThreadId tid, SizeT nmemb, SizeT size1)
{
   /* Refuse a product that overflows, as glibc does. */
   if (size1 != 0 && nmemb > ((SizeT)-1) / size1)
      return NULL;
   return new_block(tid, nmemb * size1, VG_(clo_alignment), True);
}

static void at_free(ThreadId tid, void* p)
{
   free_block(tid, p);
}

static void at_delete_aligned(ThreadId tid, void* p, SizeT align)
{
   free_block(tid, p);
}

/* realloc counts as freeing the old block and allocating a new one,
   owned by the reallocating thread, as massif and DHAT count it.  The
   old block is forgotten before the new one is counted, so the peak
   never holds both. */
static void* at_realloc(ThreadId tid, void* p, SizeT n)
{
   AT_Block* old;
   void*     q;

   if (p == NULL)
      return at_malloc(tid, n);
   old = VG_(HT_lookup)(blocks, (UWord)p);
   if (old == NULL)
      return NULL;   /* not a block of ours */
   q = VG_(cli_malloc)(VG_(clo_alignment), n);
   if (q == NULL)
      return NULL;   /* the old block stays valid, as C requires */
   VG_(memcpy)(q, p, old->size < n ? old->size : n);
   free_block(tid, p);
   register_block(tid, q, n);
   return q;
}

static SizeT at_malloc_usable_size(ThreadId tid, void* p)
{
   AT_Block* b = VG_(HT_lookup)(blocks, (UWord)p);
   return b ? b->size : 0;
}

void AT_(heap_init)(void)
{
   blocks  = VG_(HT_construct)("at.blocks");
   by_role = VG_(newXA)(VG_(malloc), "at.heap_by_role", VG_(free),
                        sizeof(AT_HeapCounters));
   VG_(needs_malloc_replacement)(at_malloc,             /* malloc */
                                 at_malloc,             /* new */
                                 at_new_aligned,        /* new aligned */
                                 at_malloc,             /* new[] */
                                 at_new_aligned,        /* new[] aligned */
                                 at_memalign,
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

/*------------------------------------------------------------*/
/*--- Blocks live at exit, grouped by site and owner       ---*/
/*------------------------------------------------------------*/

static Int cmp_site_key(const void* va, const void* vb)
{
   const AT_LiveSite* a = va;
   const AT_LiveSite* b = vb;
   UInt ea = VG_(get_ECU_from_ExeContext)(a->where);
   UInt eb = VG_(get_ECU_from_ExeContext)(b->where);
   if (ea != eb)             return ea < eb ? -1 : 1;
   if (a->owner_seq != b->owner_seq)
      return a->owner_seq < b->owner_seq ? -1 : 1;
   if (a->role != b->role)   return a->role < b->role ? -1 : 1;
   return 0;
}

/* Largest first; ties in a fixed order so reports are reproducible. */
static Int cmp_site_size(const void* va, const void* vb)
{
   const AT_LiveSite* a = va;
   const AT_LiveSite* b = vb;
   if (a->bytes != b->bytes)   return a->bytes > b->bytes ? -1 : 1;
   if (a->blocks != b->blocks) return a->blocks > b->blocks ? -1 : 1;
   return cmp_site_key(va, vb);
}

XArray* AT_(heap_live_sites)(void)
{
   XArray* sites = VG_(newXA)(VG_(malloc), "at.sites", VG_(free),
                              sizeof(AT_LiveSite));
   AT_Block* b;
   Word i, j, n;

   VG_(HT_ResetIter)(blocks);
   while ((b = VG_(HT_Next)(blocks)) != NULL) {
      AT_LiveSite s = { b->where, b->owner, b->role, 1, b->size };
      VG_(addToXA)(sites, &s);
   }
   VG_(setCmpFnXA)(sites, cmp_site_key);
   VG_(sortXA)(sites);

   /* Merge runs of equal keys in place. */
   n = VG_(sizeXA)(sites);
   for (i = 0, j = -1; i < n; i++) {
      AT_LiveSite* s = VG_(indexXA)(sites, i);
      AT_LiveSite* d = j >= 0 ? VG_(indexXA)(sites, j) : NULL;
      if (d && cmp_site_key(d, s) == 0) {
         d->blocks += s->blocks;
         d->bytes  += s->bytes;
      } else {
         j++;
         if (j != i)
            *(AT_LiveSite*)VG_(indexXA)(sites, j) = *s;
      }
   }
   VG_(dropTailXA)(sites, n - (j + 1));

   VG_(setCmpFnXA)(sites, cmp_site_size);
   VG_(sortXA)(sites);
   return sites;
}

/*--------------------------------------------------------------------*/
/*--- end                                               at_heap.c  ---*/
/*--------------------------------------------------------------------*/
