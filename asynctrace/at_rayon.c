/*--------------------------------------------------------------------*/
/*--- asynctrace: Rayon work, by submit site.            at_rayon.c ---*/
/*--------------------------------------------------------------------*/

/* This file is part of asynctrace.  Copyright (C) 2026 the asynctrace
   authors.  GPL-2.0-or-later; see at_basics.h and COPYING.

   Rayon (rayon-core 1.x) runs every piece of work as a job, through
   one of two functions whose first argument (RDI) is the job:
   <StackJob<L, F, R> as Job>::execute and <HeapJob<BODY> as Job>::
   execute (job.rs).  Their entries are found at translation like a
   role's (at_roles.c calls rayon_job_enter), and the work is charged
   to a submit site through at_tasks.c's runs: a spawn site of kind
   "rayon", in force until execute returns (the polls' lazy SP-based
   exit), nested jobs charging the innermost.  The submit site:
   - a StackJob lives on the stack of the thread that submitted it,
     which waits until it is done (join's second half, in_worker_cold's
     and in_worker_cross's injected job: par_iter, join, scope, install
     called from outside the pool).  The thread whose stack holds the
     job's address is the submitter.  If it is itself running a Rayon
     job, the new one is more of the same work: its site is inherited.
     Otherwise (main, a Tokio thread, another pool's worker outside any
     job) the submitter is in Rayon's code now, blocked in the latch
     or still injecting: the first frame of its stack above Rayon's
     (and std's) own is the site, e.g. the function calling par_iter;
   - a HeapJob is a Box (scope's and rayon::spawn's jobs): the first
     frame above Rayon's in its allocation stack is the site, the
     function calling Scope::spawn.
   Sites are known by that frame (code address and inline depth), as
   Tokio's spawn sites are; a stack is walked once (cached by stack).
   What the site called (sum, join, scope, spawn, install) is the own
   name of the outermost Rayon frame, or, when rustc left that inlined
   frame nameless, what its source file makes.
   A job whose submitter or block is not found is not charged (counted:
   <tasks rayon-unknown>).

   Splits.  join (and every par_iter split, which is a join) pushes its
   second half as a StackJob on the worker's own deque and runs the
   first; the second is stolen (run through execute, above) or, most
   often, popped back and run inline, with no function entry to see:
   StackJob::run_inline and the deque's push are inlined.  What every
   push does is write the JobRef into the deque's buffer, and a JobRef
   holds the address of its job type's execute function, which the
   code makes with a lea: after VEX's constant folding, a store of that
   constant.  The instrumentation looks each stored constant up once
   (rayon_stack_job_fn) and follows a StackJob's with a call of
   rayon_pushed, which counts a split of the worker's current site,
   unless the store went to the thread's own stack (a JobRef kept in a
   frame, not pushed).  A job injected from outside the pool
   (in_worker_cold, in_worker_cross) goes through Injector::push, a
   function of its own, whose stores are of a register: not a split. */

#include "pub_tool_debuginfo.h"
#include "pub_tool_hashtable.h"
#include "pub_tool_machine.h"
#include "pub_tool_threadstate.h"

#include "at_frames.h"
#include "at_options.h"
#include "at_rayon.h"
#include "at_tasks.h"
#include "at_threads.h"

static VgHashTable* site_cache;   /* by ECU: a site + 1, or 1 for none */
static ULong        jobs, jobs_unknown;

void AT_(rayon_counts)(ULong* j, ULong* u)
{
   *j = jobs;
   *u = jobs_unknown;
}

/*------------------------------------------------------------*/
/*--- The first frame above Rayon's                        ---*/
/*------------------------------------------------------------*/

static Bool is_rayon(const AT_FrameInfo* fi)
{
   return VG_(strncmp)(fi->fn, "rayon_core::", 12) == 0
       || VG_(strncmp)(fi->fn, "rayon::", 7) == 0
       || VG_(strncmp)(fi->fn, "crossbeam", 9) == 0
       || VG_(strstr)(fi->path, "/rayon-") != NULL
       || VG_(strstr)(fi->path, "/rayon/src/") != NULL
       || VG_(strstr)(fi->path, "/rayon-core/src/") != NULL
       || VG_(strstr)(fi->path, "/crossbeam-") != NULL;
}

typedef struct {
   Bool  heap;         /* a HeapJob's allocation stack */
   Bool  in_rayon;     /* Rayon's frames seen */
   HChar outer[AT_FNNAME_MAX];  /* what the outermost of them is */
   HChar named[AT_FNNAME_MAX];  /* the outermost with a name's */
} SiteWalk;

/* A function's own name, the last part of its path; "" for a closure or
   a frame without a name (rustc's inlined frames whose origin is in
   another unit: Valgrind calls them UnknownInlinedFun). */
static void own_name(const HChar* fn, HChar* out)
{
   Int end = VG_(strlen)(fn), start;
   out[0] = '\0';
   if (VG_(strcmp)(fn, "UnknownInlinedFun") == 0
       || VG_(strcmp)(fn, "???") == 0)
      return;
   for (;;) {
      start = end;
      while (start > 0 && !(start >= 2 && fn[start - 1] == ':'
                            && fn[start - 2] == ':'))
         start--;
      if (fn[start] != '{' || start == 0)
         break;
      end = start - 2;            /* x::f::{{closure}}: f's */
   }
   if (start == end || fn[start] == '{')
      return;
   VG_(memcpy)(out, fn + start, end - start);
   out[end - start] = '\0';
}

/* What the program called: the outermost of Rayon's frames, by its own
   name, or if it has none (often: Valgrind 3.19 does not follow an
   inlined frame's origin into another compile unit), by its source
   file; failing both, the outermost of Rayon's frames that has a name.
   Short names, so that a function reads the same inlined (spawn<F>) or
   not (rayon_core::scope::Scope::spawn).  scope/mod.rs makes HeapJobs
   only in Scope::spawn and its kin, and StackJobs only in scope()
   (through in_worker). */
static void note_what(SiteWalk* w, const AT_FrameInfo* fi)
{
   static const struct { const HChar* tail; const HChar* what; } files[] = {
      { "/spawn/mod.rs",       "spawn" },
      { "/join/mod.rs",        "join" },
      { "/thread_pool/mod.rs", "install" },
   };
   HChar own[AT_FNNAME_MAX];
   SizeT n = VG_(strlen)(fi->path);
   UInt i;
   if (VG_(strncmp)(fi->fn, "crossbeam", 9) == 0)
      return;
   own_name(fi->fn, own);
   if (own[0] != '\0') {
      VG_(strcpy)(w->outer, own);
      VG_(strcpy)(w->named, own);
      return;
   }
   w->outer[0] = '\0';
   if (n >= 13 && VG_(strcmp)(fi->path + n - 13, "/scope/mod.rs") == 0) {
      VG_(strcpy)(w->outer, w->heap ? "spawn" : "scope");
      return;
   }
   for (i = 0; i < sizeof(files) / sizeof(files[0]); i++) {
      SizeT m = VG_(strlen)(files[i].tail);
      if (n >= m && VG_(strcmp)(fi->path + n - m, files[i].tail) == 0)
         VG_(strcpy)(w->outer, files[i].what);
   }
}

static AT_KeyStep site_frame(const AT_FrameInfo* fi, UInt idx,
                             void* opaque)
{
   SiteWalk* w = opaque;
   if (is_rayon(fi)) {
      w->in_rayon = True;
      note_what(w, fi);
      return AT_KEY_NEXT;
   }
   if (!w->in_rayon || AT_(frame_is_std)(fi))
      return AT_KEY_NEXT;
   return AT_KEY_HERE;
}

typedef struct _SiteNode {
   struct _SiteNode* next;
   UWord             key;    /* ECU */
   UShort            site;   /* 0: none */
} SiteNode;

/* The submit site of a stack: the first frame above Rayon's. */
static UShort site_of_stack(ExeContext* where, Bool heap)
{
   UWord     ecu = VG_(get_ECU_from_ExeContext)(where);
   SiteNode* c   = VG_(HT_lookup)(site_cache, ecu);
   SiteWalk  w;
   AT_KeyFrame key;
   if (c)
      return c->site;
   c = VG_(malloc)("at.rayon_site", sizeof(SiteNode));
   c->key  = ecu;
   c->site = 0;
   VG_(HT_add_node)(site_cache, c);
   VG_(memset)(&w, 0, sizeof(w));
   w.heap = heap;
   AT_(key_frame)(where, site_frame, &w, &key);
   if (!w.in_rayon)
      return 0;                        /* no Rayon frame: not a job's */
   /* No key: the stack ended in Rayon's frames (too deep): one site of
      unknown place, key 0. */
   c->site = AT_(task_site_of)(AT_TASK_RAYON, key.ip, key.depth, where,
                               key.found ? key.index : (UInt)-1,
                               w.outer[0] ? w.outer : w.named);
   return c->site;
}

/*------------------------------------------------------------*/
/*--- Jobs                                                 ---*/
/*------------------------------------------------------------*/

/* Whether thread h is alive and its stack holds a.  The red zone below
   the stack pointer counts. */
static Bool holds(ThreadId h, Addr a)
{
   return AT_(thread)(h) != NULL && a + 128 >= VG_(get_SP)(h)
          && a <= VG_(thread_get_stack_max)(h);
}

/* The live thread whose stack holds a, or 0.  Stolen jobs come from a
   few threads again and again: the last one found is tried first, not
   every thread slot each job. */
static ThreadId stack_holder(Addr a)
{
   static ThreadId last;
   ThreadId h;
   if (last != 0 && holds(last, a))
      return last;
   for (h = 1; h < VG_N_THREADS; h++)
      if (holds(h, a))
         return last = h;
   return 0;
}

/* A job pushed by a worker running a job (join's second half, a
   par_iter's split) and run by another worker was stolen: its owner
   runs the halves nobody steals itself, without Job::execute. */
static UShort stack_job_site(ThreadId tid, Addr job, Bool* stolen)
{
   ThreadId h = stack_holder(job);
   UShort   g;
   *stolen = False;
   if (h == 0)
      return 0;
   g = AT_(task_spawn_site)(h);
   if (g != 0 && AT_(task_site_kind)(g) == AT_TASK_RAYON) {
      *stolen = h != tid;
      return g;                        /* more of the same work */
   }
   return site_of_stack(VG_(record_ExeContext)(h, 0), False);
}

static ExeContext* (*block_stack)(Addr start);   /* the heap's */

static UShort heap_job_site(Addr job)
{
   ExeContext* where = block_stack(job);
   return where ? site_of_stack(where, True) : 0;
}

void AT_(rayon_job_enter)(ThreadId tid, Addr sp, Addr job, Bool heap)
{
   UShort g;
   Bool   stolen = False;
   if (!AT_(clo_task_attr) || AT_(thread)(tid) == NULL)
      return;
   jobs++;
   g = heap ? heap_job_site(job) : stack_job_site(tid, job, &stolen);
   if (g == 0) {
      jobs_unknown++;
      return;
   }
   if (!heap)
      AT_(task_site_stack_job)(g, stolen);
   AT_(task_run_enter)(tid, sp, g);
}

/*------------------------------------------------------------*/
/*--- Splits                                               ---*/
/*------------------------------------------------------------*/

static VgHashTable* job_fns;   /* by address: 2 a StackJob's execute, 1 not */

Bool AT_(rayon_stack_job_fn)(Addr a)
{
   const HChar* name;
   HChar        norm[AT_FNNAME_MAX];
   UWord*       n;
   Bool         made;
   if (!AT_(clo_task_attr) || a < 0x1000)
      return False;
   n = AT_(ht_node)(job_fns, a, 2 * sizeof(UWord) + sizeof(UWord),
                    "at.rayon_job_fn", &made);
   if (made) {
      Bool is = False;
      if (VG_(get_fnname_if_entry)(VG_(current_DiEpoch)(), a, &name)) {
         AT_(normalize_fnname)(name, norm);
         is = VG_(strcmp)(norm, "rayon_core::job::StackJob::execute") == 0;
      }
      n[2] = is ? 2 : 1;
   }
   return n[2] == 2;
}

VG_REGPARM(1) void AT_(rayon_pushed)(Addr where)
{
   ThreadId tid = VG_(get_running_tid)();
   Addr     max, min;
   UShort   g;
   if (tid == VG_INVALID_THREADID)
      return;
   max = VG_(thread_get_stack_max)(tid);
   min = max - VG_(thread_get_stack_size)(tid);
   if (where >= min && where < max)
      return;                          /* kept in a frame: not a push */
   g = AT_(task_spawn_site)(tid);
   if (g != 0 && AT_(task_site_kind)(g) == AT_TASK_RAYON)
      AT_(task_site_split)(g);
}

void AT_(rayon_init)(ExeContext* (*f)(Addr start))
{
   block_stack = f;
   site_cache = VG_(HT_construct)("at.rayon_sites");
   job_fns = VG_(HT_construct)("at.rayon_job_fns");
}

/*--------------------------------------------------------------------*/
/*--- end                                               at_rayon.c ---*/
/*--------------------------------------------------------------------*/
