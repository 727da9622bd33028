/*--------------------------------------------------------------------*/
/*--- asynctrace: memory beyond the heap: the program's mappings.  ---*/
/*---                                                   at_maps.c  ---*/
/*--------------------------------------------------------------------*/

/* This file is part of asynctrace.  Copyright (C) 2026 the asynctrace
   authors.  GPL-2.0-or-later; see at_basics.h and COPYING.

   The heap is only part of a program's footprint: an embedded database
   maps its whole data file, an allocator the tool does not replace maps
   anonymous memory, every thread has a stack.  The core tells a tool of
   every mapping a client syscall makes or ends (track_new_mem_mmap,
   die_mem_munmap, copy_mem_remap, new/die_mem_brk; shmat and shmdt come
   as mmap and munmap), always after its address space manager has
   noted it, and while the thread that made the syscall is the running
   one.  So each hook knows the thread, its role and its stack, and the
   segment says whether a file is behind the pages (and its name).

   The live mappings are a table of disjoint ranges (an OSet whose
   compare function finds the range that holds an address).  Whatever
   the core ends (a munmap of part of a mapping, an mmap with MAP_FIXED
   over others) is cut out of the ranges it touches, so the byte counts
   are the kernel's, page for page.  A range is a thread's stack when it
   was mapped with MAP_STACK (glibc's allocate_stack) or when a clone
   gets a stack pointer inside it.  An mremap gives the resulting range
   to the thread that remapped it, as a realloc gives a block to the
   thread that reallocated it; it keeps its kind and file.

   Not counted: the mappings the core makes before the program runs
   (the executable, the dynamic loader, the main thread's stack: no
   syscall of the program made them), the core's and the tool's own
   (the core does not tell tools of them; the client heap the tool's
   malloc uses is one and is counted as heap), and the tool's and core's
   preload objects (vgpreload_*.so) that the dynamic loader maps.

   The peak is the footprint's own (at_footprint.c): the moment the
   heap's live bytes plus every live mapping were largest.  The heap's
   growth is checked on each allocation (at_heap.c calls
   AT_(footprint_grew)), the mappings' after each syscall that may map
   (after all its hooks: an mremap copies before it unmaps).  An mmap
   after which the core has read an object's debug info (a shared
   object loaded) is passed on to at_symbols.c, which checks that it
   has symbols. */

#include "pub_tool_aspacemgr.h"
#include "pub_tool_oset.h"
#include "pub_tool_threadstate.h"
#include "pub_tool_tooliface.h"
#include "pub_tool_vki.h"
#include "pub_tool_vkiscnums.h"
#include "pub_tool_xarray.h"

#include "at_attr.h"
#include "at_fpleaf.h"
#include "at_maps.h"
#include "at_stack.h"
#include "at_symbols.h"
#include "at_threads.h"

#define AT_MAP_STACK_FLAG 0x20000    /* MAP_STACK on Linux */

ULong AT_(maps_live_bytes);

static Bool    ready;            /* roles and threads exist */
static OSet*   table;            /* of AT_Map, disjoint, by start */
static XArray* live_by_role;     /* of AT_Footprint, by role instance */
static AT_Footprint live_total;

/* The syscall each thread is in: mmap's flags say MAP_STACK. */
typedef struct { UInt sysno; UWord flags; } InSyscall;
static InSyscall* in_syscall;    /* by ThreadId */

/* File names, each kept once: ranges split and copy, names stay. */
typedef struct _FileName {
   struct _FileName* next;
   UWord             key;        /* a hash of the name */
   HChar*            name;
} FileName;
static VgHashTable* file_names;

const HChar* AT_(map_kind_name)(UInt kind)
{
   switch (kind) {
      case AT_MAP_STACK: return "stack";
      case AT_MAP_ANON:  return "anon";
      case AT_MAP_FILE:  return "file";
      default:           return "unknown";
   }
}

const HChar* AT_(map_how_name)(UInt how)
{
   switch (how) {
      case AT_HOW_MMAP:   return "mmap";
      case AT_HOW_MREMAP: return "mremap";
      case AT_HOW_BRK:    return "brk";
      case AT_HOW_SHMAT:  return "shmat";
      default:            return "unknown";
   }
}

static const HChar* intern_name(const HChar* s)
{
   UWord     h = 5381;
   const HChar* p;
   FileName* f;
   for (p = s; *p; p++)
      h = h * 33 + (UChar)*p;
   for (f = VG_(HT_lookup)(file_names, h); f != NULL; f = f->next)
      if (f->key == h && VG_(strcmp)(f->name, s) == 0)
         return f->name;
   f = VG_(malloc)("at.maps_file", sizeof(FileName));
   f->key  = h;
   f->name = VG_(strdup)("at.maps_file_name", s);
   VG_(HT_add_node)(file_names, f);
   return f->name;
}

/*------------------------------------------------------------*/
/*--- Counters                                             ---*/
/*------------------------------------------------------------*/

static AT_Footprint* fp_at(XArray* xa, UWord i)
{
   while ((UWord)VG_(sizeXA)(xa) <= i) {
      AT_Footprint z;
      VG_(memset)(&z, 0, sizeof(z));
      VG_(addToXA)(xa, &z);
   }
   return VG_(indexXA)(xa, i);
}

static inline void sub(ULong* x, ULong n)
{
   *x = *x >= n ? *x - n : 0;   /* at_check.c says if it ever was not */
}

/* sign +1 counts len bytes of m in, -1 out; maps is how many ranges
   come (+1) or go (-1): a range cut in two is one more. */
static void count(const AT_Map* m, SizeT len, Int sign, Int maps)
{
   AT_Footprint* r = fp_at(live_by_role, m->inst);
   if (sign > 0) {
      r->bytes[m->kind] += len;
      live_total.bytes[m->kind] += len;
      AT_(maps_live_bytes) += len;
   } else {
      sub(&r->bytes[m->kind], len);
      sub(&live_total.bytes[m->kind], len);
      sub(&AT_(maps_live_bytes), len);
   }
   r->count[m->kind]         += maps;
   live_total.count[m->kind] += maps;
}

/*------------------------------------------------------------*/
/*--- The table                                            ---*/
/*------------------------------------------------------------*/

/* key is an address: 0 when a range holds it. */
static Word cmp_range(const void* key, const void* elem)
{
   Addr a = *(const Addr*)key;
   const AT_Map* m = elem;
   if (a < m->start)           return -1;
   if (a >= m->start + m->len) return 1;
   return 0;
}

static AT_Map* new_range(const AT_Map* like, Addr start, SizeT len)
{
   AT_Map* m = VG_(OSetGen_AllocNode)(table, sizeof(AT_Map));
   *m = *like;
   m->start = start;
   m->len   = len;
   return m;
}

/* Cuts [a, a+len) out of every range it touches. */
static void remove_range(Addr a, SizeT len)
{
   Addr e = a + len;
   if (len == 0 || table == NULL)
      return;
   for (;;) {
      AT_Map* m;
      Addr    lo, hi, mend;
      VG_(OSetGen_ResetIterAt)(table, &a);
      m = VG_(OSetGen_Next)(table);
      if (m == NULL || m->start >= e)
         return;
      mend = m->start + m->len;
      lo = m->start > a ? m->start : a;
      hi = mend < e ? mend : e;
      m = VG_(OSetGen_Remove)(table, &m->start);
      count(m, hi - lo, -1, -1);
      if (m->start < lo) {
         VG_(OSetGen_Insert)(table, new_range(m, m->start, lo - m->start));
         count(m, 0, +1, +1);
      }
      if (hi < mend) {
         VG_(OSetGen_Insert)(table, new_range(m, hi, mend - hi));
         count(m, 0, +1, +1);
      }
      VG_(OSetGen_FreeNode)(table, m);
   }
}

static AT_Map* range_at(Addr a)
{
   return table ? VG_(OSetGen_Lookup)(table, &a) : NULL;
}

static void insert(AT_Map* m)
{
   VG_(OSetGen_Insert)(table, m);
   count(m, m->len, +1, +1);
}

/* Moves a range to another kind or maker. */
static void recount(AT_Map* m, UChar kind, UShort inst)
{
   count(m, m->len, -1, -1);
   m->kind = kind;
   m->inst = inst;
   count(m, m->len, +1, +1);
}

/*------------------------------------------------------------*/
/*--- The core's hooks                                     ---*/
/*------------------------------------------------------------*/

/* A range made by the running thread now. */
static void maker(AT_Map* m, ThreadId tid)
{
   AT_Thread* t = AT_(thread)(tid);
   m->inst  = AT_(role_now)(tid);
   m->seq   = t ? t->seq : 1;
   m->spawn = AT_(task_spawn_site)(tid);
   m->where = AT_(stack_here)(tid);
}

static Bool is_tools_own(const HChar* file)
{
   const HChar* base = VG_(strrchr)(file, '/');
   base = base ? base + 1 : file;
   return VG_(strncmp)(base, "vgpreload_", 10) == 0;
}

static void at_new_mem_mmap(Addr a, SizeT len, Bool rr, Bool ww, Bool xx,
                            ULong di_handle)
{
   ThreadId tid = VG_(get_running_tid)();
   const NSegment* seg;
   AT_Map  m;
   UInt    sysno;
   if (di_handle != 0)             /* an object's debug info just read */
      AT_(symbols_new_objects)();
   if (!ready || len == 0 || tid == VG_INVALID_THREADID)
      return;
   sysno = in_syscall[tid].sysno;
   remove_range(a, len);   /* what MAP_FIXED mapped over */
   if (sysno == __NR_mremap && a > 0) {
      /* The grown part of a remapped range: the range itself. */
      AT_Map* prev = range_at(a - 1);
      if (prev != NULL && prev->start + prev->len == a) {
         prev->len += len;
         count(prev, len, +1, 0);
         return;
      }
   }
   VG_(memset)(&m, 0, sizeof(m));
   m.start = a;
   m.len   = len;
   m.kind  = AT_MAP_ANON;
   m.how   = sysno == __NR_shmat ? AT_HOW_SHMAT
           : sysno == __NR_mremap ? AT_HOW_MREMAP : AT_HOW_MMAP;
   seg = VG_(am_find_nsegment)(a);
   if (seg != NULL && seg->kind == SkFileC) {
      const HChar* name = VG_(am_get_filename)(seg);
      if (name != NULL && is_tools_own(name))
         return;
      m.kind = AT_MAP_FILE;
      m.file = intern_name(name ? name : "?");
   } else if (sysno == __NR_mmap
              && (in_syscall[tid].flags & AT_MAP_STACK_FLAG)) {
      m.kind = AT_MAP_STACK;
   }
   maker(&m, tid);
   insert(new_range(&m, a, len));
}

static void at_die_mem_munmap(Addr a, SizeT len)
{
   if (ready)
      remove_range(a, len);
}

/* Before the old range is unmapped: its pages, kind and file, at the
   new place. */
static void at_copy_mem_remap(Addr from, Addr to, SizeT len)
{
   XArray* copies;
   Addr    a = from, e = from + len;
   Word    i;
   if (!ready || from == to || len == 0)
      return;
   copies = VG_(newXA)(VG_(malloc), "at.maps_copies", VG_(free),
                       sizeof(AT_Map));
   VG_(OSetGen_ResetIterAt)(table, &a);
   for (;;) {
      AT_Map* m = VG_(OSetGen_Next)(table);
      AT_Map  c;
      Addr    lo, hi;
      if (m == NULL || m->start >= e)
         break;
      lo = m->start > a ? m->start : a;
      hi = m->start + m->len < e ? m->start + m->len : e;
      c = *m;
      c.start = to + (lo - from);
      c.len   = hi - lo;
      VG_(addToXA)(copies, &c);
   }
   remove_range(to, len);
   for (i = 0; i < VG_(sizeXA)(copies); i++) {
      AT_Map* c = VG_(indexXA)(copies, i);
      insert(new_range(c, c->start, c->len));
   }
   VG_(deleteXA)(copies);
}

static void at_new_mem_brk(Addr a, SizeT len, ThreadId tid)
{
   AT_Map  m;
   AT_Map* prev;
   if (!ready || len == 0)
      return;
   remove_range(a, len);
   VG_(memset)(&m, 0, sizeof(m));
   m.kind = AT_MAP_ANON;
   m.how  = AT_HOW_BRK;
   maker(&m, tid);
   /* sbrk grows the one segment in steps: a step of the same maker
      extends its range. */
   prev = a > 0 ? range_at(a - 1) : NULL;
   if (prev != NULL && prev->how == AT_HOW_BRK && prev->inst == m.inst
       && prev->seq == m.seq && prev->start + prev->len == a) {
      prev->len += len;
      count(prev, len, +1, 0);
      return;
   }
   insert(new_range(&m, a, len));
}

static void at_die_mem_brk(Addr a, SizeT len)
{
   if (ready)
      remove_range(a, len);
}

void AT_(maps_register_hooks)(void)
{
   VG_(track_new_mem_mmap)   (at_new_mem_mmap);
   VG_(track_die_mem_munmap) (at_die_mem_munmap);
   VG_(track_copy_mem_remap) (at_copy_mem_remap);
   VG_(track_new_mem_brk)    (at_new_mem_brk);
   VG_(track_die_mem_brk)    (at_die_mem_brk);
}

void AT_(maps_init)(void)
{
   table = VG_(OSetGen_Create)(0, cmp_range, VG_(malloc), "at.maps_table",
                               VG_(free));
   live_by_role = VG_(newXA)(VG_(malloc), "at.maps_live", VG_(free),
                             sizeof(AT_Footprint));
   file_names = VG_(HT_construct)("at.maps_files");
   in_syscall = VG_(calloc)("at.maps_in_syscall", VG_N_THREADS,
                            sizeof(InSyscall));
   ready = True;
}

/*------------------------------------------------------------*/
/*--- Syscalls                                             ---*/
/*------------------------------------------------------------*/

void AT_(maps_pre_syscall)(ThreadId tid, UInt sysno, UWord* args)
{
   if (!ready)
      return;
   in_syscall[tid].sysno = sysno;
   in_syscall[tid].flags = sysno == __NR_mmap ? args[3] : 0;
   /* A new thread's stack pointer: the range that holds it is a stack,
      however it was mapped. */
   if (sysno == __NR_clone && args[1] != 0) {
      AT_Map* m = range_at((Addr)args[1] - 1);
      if (m != NULL && m->kind == AT_MAP_ANON)
         recount(m, AT_MAP_STACK, m->inst);
   }
}

void AT_(maps_post_syscall)(ThreadId tid, UInt sysno, UWord* args,
                            SysRes res)
{
   if (!ready)
      return;
   in_syscall[tid].sysno = 0;
   /* The remapped range is the remapper's. */
   if (sysno == __NR_mremap && !sr_isError(res)) {
      Addr a = sr_Res(res), e = a + args[2];
      for (;;) {
         AT_Map* m = range_at(a);
         if (m == NULL || a >= e)
            break;
         count(m, m->len, -1, -1);
         m->how = AT_HOW_MREMAP;
         maker(m, tid);
         count(m, m->len, +1, +1);
         a = m->start + m->len;
      }
   }
   AT_(footprint_maps_grew)();
}

/*------------------------------------------------------------*/
/*--- For the footprint and the report                     ---*/
/*------------------------------------------------------------*/

Bool AT_(maps_ready)(void) { return ready; }

const AT_Footprint* AT_(maps_live_total)(void) { return &live_total; }

const AT_Footprint* AT_(maps_live_of_role)(UShort inst)
{
   return ready && inst < VG_(sizeXA)(live_by_role)
          ? VG_(indexXA)(live_by_role, inst) : NULL;
}

AT_Footprint* AT_(footprint_by_thread)(void)
{
   UInt n = AT_(n_threads)();
   AT_Footprint* out = VG_(calloc)("at.maps_by_thread", n ? n : 1,
                                   sizeof(AT_Footprint));
   AT_Map* m;
   UInt i;
   for (i = 0; i < n; i++)
      out[i].heap = AT_(thread_by_seq)(i + 1)->heap.live_bytes;
   if (!ready)
      return out;
   VG_(OSetGen_ResetIter)(table);
   while ((m = VG_(OSetGen_Next)(table)) != NULL)
      if (m->seq >= 1 && m->seq <= n) {
         out[m->seq - 1].bytes[m->kind] += m->len;
         out[m->seq - 1].count[m->kind]++;
      }
   return out;
}

static Int cmp_map_size(const void* va, const void* vb)
{
   const AT_Map* a = va;
   const AT_Map* b = vb;
   if (a->len != b->len) return a->len > b->len ? -1 : 1;
   return a->start < b->start ? -1 : a->start > b->start ? 1 : 0;
}

XArray* AT_(maps_live)(void)
{
   XArray* xa = VG_(newXA)(VG_(malloc), "at.maps_live_out", VG_(free),
                           sizeof(AT_Map));
   AT_Map* m;
   if (!ready)
      return xa;
   VG_(OSetGen_ResetIter)(table);
   while ((m = VG_(OSetGen_Next)(table)) != NULL)
      VG_(addToXA)(xa, m);
   VG_(setCmpFnXA)(xa, cmp_map_size);
   VG_(sortXA)(xa);
   return xa;
}

/*--------------------------------------------------------------------*/
/*--- end                                               at_maps.c  ---*/
/*--------------------------------------------------------------------*/
