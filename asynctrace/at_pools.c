/*--------------------------------------------------------------------*/
/*--- asynctrace: the program's own allocators' blocks.           ---*/
/*---                                                  at_pools.c  ---*/
/*--------------------------------------------------------------------*/

/* This file is part of asynctrace.  Copyright (C) 2026 the asynctrace
   authors.  GPL-2.0-or-later; see at_basics.h and COPYING.

   A program with its own allocator tells Valgrind's tools of its blocks
   with client requests (valgrind.h): VALGRIND_MALLOCLIKE_BLOCK and its
   FREELIKE and RESIZEINPLACE partners, and the mempool requests, where
   a pool (named by any address, its anchor) hands out chunks of memory
   it got elsewhere (often one large malloc'd block).  memcheck counts
   and checks such blocks as heap blocks, and so do we: each is counted
   by the heap (at_heap.c) at the request's stack, role and thread, and
   kept here, out of the heap's block table, since a chunk may start
   where the malloc'd block it was cut from starts.  MALLOCLIKE blocks
   are in one table by address, each pool's chunks in a table of the
   pool's.

   What memcheck does, we do: a pool's destruction frees its chunks; a
   trim frees the chunks wholly outside the range and cuts those across
   its ends; a pool created with VALGRIND_MEMPOOL_METAPOOL and
   VALGRIND_MEMPOOL_AUTO_FREE frees, with one of its chunks, the
   MALLOCLIKE blocks inside it.  The leak scan (at_leak.c) applies
   memcheck's rules to the overlaps: a block holding a pool's chunks is
   left out, and so on.  A request naming a pool that does not exist,
   or freeing what was not handed out, gets one line on stderr (the
   bad frees are errors, as memcheck's), and is otherwise ignored: the
   tool never stops the run for it (memcheck asserts on some). */

#include "pub_tool_clreq.h"
#include "pub_tool_hashtable.h"
#include "pub_tool_mallocfree.h"

#include "at_pools.h"

/* A pool: its anchor, its flags (VALGRIND_MEMPOOL_*), its chunks. */
typedef struct _Pool {
   struct _Pool* next;
   UWord         key;       /* the anchor */
   UWord         flags;
   VgHashTable*  chunks;    /* of AT_Block, by address */
} Pool;

static VgHashTable* pools;  /* of Pool, by anchor */
static VgHashTable* likes;  /* MALLOCLIKE blocks, by address */
static UWord        n_custom;
static struct { Long bytes, blocks; } chunks_live;   /* the pools' chunks, not MALLOCLIKE's */

#define AT_POOL_AUTO_FREE  1   /* valgrind.h's VALGRIND_MEMPOOL_AUTO_FREE */
#define AT_POOL_META       2   /* VALGRIND_MEMPOOL_METAPOOL */

void AT_(pools_init)(void)
{
   pools = VG_(HT_construct)("at.pools");
   likes = VG_(HT_construct)("at.pool_likes");
}

/* An AT_Block starts as a VgHashNode does, next then its key (its
   address): the tables here hold the blocks themselves. */

/* A request the program got wrong: one line each, the first 20. */
static void misuse(const HChar* req, const HChar* what, UWord a)
{
   static UInt said;
   if (said < 20)
      VG_(umsg)("asynctrace: VALGRIND_%s: %s %#lx, ignored\n", req, what, a);
   else if (said == 20)
      VG_(umsg)("asynctrace: more misused pool requests; not shown\n");
   said++;
}

static void count_chunk(VgHashTable* t, const AT_Block* b, Int sign)
{
   if (t == likes)
      return;
   chunks_live.bytes  += sign * (Long)AT_(block_size)(b);
   chunks_live.blocks += sign;
}

static void drop_block_of(VgHashTable* t, ThreadId tid, AT_Block* b)
{
   count_chunk(t, b, -1);
   n_custom--;
   AT_(heap_custom_free)(tid, b);
}

static void add_block(VgHashTable* t, ThreadId tid, Addr a, SizeT n)
{
   AT_Block* old = VG_(HT_remove)(t, a);
   AT_Block* b;
   if (old != NULL)             /* handed out twice: the last one counts */
      drop_block_of(t, tid, old);
   b = AT_(heap_custom_alloc)(tid, a, n);
   VG_(HT_add_node)(t, b);
   count_chunk(t, b, 1);
   n_custom++;
}

/* Resizes a block of table t in place. */
static void resize_in(VgHashTable* t, AT_Block* b, Addr a, SizeT n)
{
   count_chunk(t, b, -1);
   AT_(heap_custom_resize)(b, a, n);
   count_chunk(t, b, 1);
}

static SizeT size_of(const AT_Block* b) { return AT_(block_size)(b); }

/* An auto-free pool's chunk goes: so do the MALLOCLIKE blocks wholly
   inside it. */
static void free_likes_inside(ThreadId tid, Addr lo, SizeT n)
{
   UInt i, nb;
   VgHashNode** all = VG_(HT_to_array)(likes, &nb);
   for (i = 0; i < nb; i++) {
      AT_Block* b = (AT_Block*)all[i];
      if (b->data >= lo && b->data + size_of(b) <= lo + n)
         drop_block_of(likes, tid, VG_(HT_remove)(likes, b->data));
   }
   VG_(free)(all);
}

static void destroy_pool(ThreadId tid, Pool* p)
{
   UInt i, nb;
   VgHashNode** all = VG_(HT_to_array)(p->chunks, &nb);
   for (i = 0; i < nb; i++)
      drop_block_of(p->chunks, tid,
                    VG_(HT_remove)(p->chunks, ((AT_Block*)all[i])->data));
   VG_(free)(all);
   VG_(HT_destruct)(p->chunks, VG_(free));
   VG_(free)(p);
}

/* Keeps of each chunk only what lies in [lo, lo + n). */
static void trim_pool(ThreadId tid, Pool* p, Addr lo, SizeT n)
{
   UInt i, nb;
   Addr hi = lo + n;
   VgHashNode** all = VG_(HT_to_array)(p->chunks, &nb);
   for (i = 0; i < nb; i++) {
      AT_Block* b = (AT_Block*)all[i];
      Addr s = b->data, e = s + size_of(b);
      if (e <= lo || s >= hi) {
         drop_block_of(p->chunks, tid, VG_(HT_remove)(p->chunks, s));
      } else if (s < lo || e > hi) {
         Addr ns = s < lo ? lo : s, ne = e > hi ? hi : e;
         VG_(HT_remove)(p->chunks, s);
         resize_in(p->chunks, b, ns, ne - ns);
         VG_(HT_add_node)(p->chunks, b);
      }
   }
   VG_(free)(all);
}

/* Takes pool p's chunk at a out of its table; a bad free (NULL) if it
   has none there. */
static AT_Block* take_chunk(ThreadId tid, Pool* p, Addr a)
{
   AT_Block* b = VG_(HT_remove)(p->chunks, a);
   if (b == NULL)
      AT_(heap_custom_bad_free)(tid, a);
   return b;
}

static Pool* pool_of(const HChar* req, UWord anchor)
{
   Pool* p = VG_(HT_lookup)(pools, anchor);
   if (p == NULL)
      misuse(req, "no memory pool at", anchor);
   return p;
}

Bool AT_(pools_request)(ThreadId tid, const UWord* args, UWord* ret)
{
   Pool*     p;
   AT_Block* b;
   *ret = 0;
   switch (args[0]) {
      case VG_USERREQ__MALLOCLIKE_BLOCK:
         if (args[1] != 0)
            add_block(likes, tid, args[1], args[2]);
         return True;
      case VG_USERREQ__FREELIKE_BLOCK:
         if (args[1] == 0)
            return True;
         b = VG_(HT_remove)(likes, args[1]);
         if (b != NULL)
            drop_block_of(likes, tid, b);
         else
            AT_(heap_custom_bad_free)(tid, args[1]);
         return True;
      case VG_USERREQ__RESIZEINPLACE_BLOCK:
         b = VG_(HT_lookup)(likes, args[1]);
         if (b != NULL)
            resize_in(likes, b, b->data, args[3]);
         else
            AT_(heap_custom_bad_free)(tid, args[1]);
         return True;
      case VG_USERREQ__CREATE_MEMPOOL:
         if (VG_(HT_lookup)(pools, args[1]) != NULL) {
            misuse("CREATE_MEMPOOL", "a memory pool exists already at",
                   args[1]);
            return True;
         }
         if ((args[4] & AT_POOL_AUTO_FREE) && !(args[4] & AT_POOL_META))
            misuse("CREATE_MEMPOOL_EXT", "VALGRIND_MEMPOOL_AUTO_FREE "
                   "without VALGRIND_MEMPOOL_METAPOOL (auto-free kept) "
                   "for the pool at", args[1]);
         p = VG_(malloc)("at.pool", sizeof(Pool));
         p->key    = args[1];
         p->flags  = args[4] & (AT_POOL_AUTO_FREE | AT_POOL_META);
         p->chunks = VG_(HT_construct)("at.pool_chunks");
         VG_(HT_add_node)(pools, p);
         return True;
      case VG_USERREQ__DESTROY_MEMPOOL:
         p = VG_(HT_remove)(pools, args[1]);
         if (p != NULL)
            destroy_pool(tid, p);
         else
            misuse("DESTROY_MEMPOOL", "no memory pool at", args[1]);
         return True;
      case VG_USERREQ__MEMPOOL_ALLOC:
         if ((p = pool_of("MEMPOOL_ALLOC", args[1])) != NULL)
            add_block(p->chunks, tid, args[2], args[3]);
         return True;
      case VG_USERREQ__MEMPOOL_FREE:
         if ((p = pool_of("MEMPOOL_FREE", args[1])) == NULL
             || (b = take_chunk(tid, p, args[2])) == NULL)
            return True;
         if (p->flags & AT_POOL_AUTO_FREE)
            free_likes_inside(tid, b->data, size_of(b));
         drop_block_of(p->chunks, tid, b);
         return True;
      case VG_USERREQ__MEMPOOL_TRIM:
         if ((p = pool_of("MEMPOOL_TRIM", args[1])) != NULL)
            trim_pool(tid, p, args[2], args[3]);
         return True;
      case VG_USERREQ__MOVE_MEMPOOL:
         if ((p = VG_(HT_remove)(pools, args[1])) == NULL) {
            misuse("MOVE_MEMPOOL", "no memory pool at", args[1]);
            return True;
         }
         p->key = args[2];
         if (VG_(HT_lookup)(pools, p->key) != NULL) {
            misuse("MOVE_MEMPOOL", "the pool it replaces is destroyed: a "
                   "memory pool exists already at", p->key);
            destroy_pool(tid, VG_(HT_remove)(pools, p->key));
         }
         VG_(HT_add_node)(pools, p);
         return True;
      case VG_USERREQ__MEMPOOL_CHANGE:
         if ((p = pool_of("MEMPOOL_CHANGE", args[1])) == NULL
             || (b = take_chunk(tid, p, args[2])) == NULL)
            return True;
         {  /* Onto another chunk's address: that one is gone. */
            AT_Block* other = VG_(HT_remove)(p->chunks, args[3]);
            if (other != NULL)
               drop_block_of(p->chunks, tid, other);
         }
         resize_in(p->chunks, b, args[3], args[4]);
         VG_(HT_add_node)(p->chunks, b);
         return True;
      case VG_USERREQ__MEMPOOL_EXISTS:
         *ret = VG_(HT_lookup)(pools, args[1]) != NULL;
         return True;
      default:
         return False;
   }
}

void AT_(pools_for_each)(void (*f)(AT_Block* b, UInt what, void* opaque),
                         void* opaque)
{
   AT_Block* b;
   Pool*     p;
   VG_(HT_ResetIter)(likes);
   while ((b = VG_(HT_Next)(likes)) != NULL)
      f(b, 0, opaque);
   VG_(HT_ResetIter)(pools);
   while ((p = VG_(HT_Next)(pools)) != NULL) {
      UInt what = AT_CUSTOM_CHUNK
                  | ((p->flags & AT_POOL_META) ? AT_CUSTOM_META : 0);
      VG_(HT_ResetIter)(p->chunks);
      while ((b = VG_(HT_Next)(p->chunks)) != NULL)
         f(b, what, opaque);
   }
}

UWord AT_(pools_n_blocks)(void) { return n_custom; }

void AT_(pools_chunks_live)(ULong* bytes, ULong* blocks)
{
   *bytes  = (ULong)chunks_live.bytes;
   *blocks = (ULong)chunks_live.blocks;
}

/*--------------------------------------------------------------------*/
/*--- end                                              at_pools.c  ---*/
/*--------------------------------------------------------------------*/
