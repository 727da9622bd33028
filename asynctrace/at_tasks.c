/*--------------------------------------------------------------------*/
/*--- asynctrace: Tokio tasks, by spawn site.            at_tasks.c ---*/
/*--------------------------------------------------------------------*/

/* This file is part of asynctrace.  Copyright (C) 2026 the asynctrace
   authors.  GPL-2.0-or-later; see at_basics.h and COPYING.

   A Tokio task lives in one heap block, its cell, allocated when it is
   spawned (tokio::runtime::task::core::Cell::new, a Box), and is polled
   through one function, tokio::runtime::task::raw::poll, whose first
   argument (RDI) is that cell's address.  So, without rebuilding the
   program:
   - an allocation whose stack holds Cell::new (or RawTask::new) near
     its top is a task's spawn; the first frame above Tokio's is its
     spawn site (spawn sites are known by that frame: its code address
     and inline depth); the cell's life is the task's;
   - raw::poll's entry is found at translation like a role's
     (at_roles.c calls task_enter), and the cell's address names the
     task in the table of live tasks.  The poll has returned when the
     stack pointer is above its entry's, or its return-address slot
     holds another address: checked lazily at each event, and exactly
     at the return address itself, where the instrumenter plants a call
     to task_leave once that address has been seen;
   - while a poll is in force, allocations are charged to its task and
     spawn site (the site records of at_heap.c carry the spawn site, so
     live bytes and leaks come out per spawn site exactly), as are
     futex waits and instructions; nested polls charge the innermost.
   A LocalSet's tasks (spawn_local) are cells too, polled through the
   same raw::poll (LocalSet's tick runs LocalNotified::run): kind
   "local", from the spawn_local / task/local.rs frames above Cell::new.
   Cells that Tokio spawns for itself (the workers, launched through
   the blocking pool) are not tasks: their poll is the worker's loop.
   A task is known by its spawn sequence, not its address; tasks that
   ended are kept only if among the --tasks=N heaviest (instructions).

   This file keeps the records (at_taskrec.h) while the program runs;
   at_taskfig.c makes the end-of-run figures of them, at_taskrep.c
   writes them into the report. */

#include "pub_tool_aspacemgr.h"
#include "pub_tool_gdbserver.h"
#include "pub_tool_hashtable.h"
#include "pub_tool_poolalloc.h"
#include "pub_tool_libcproc.h"
#include "pub_tool_machine.h"
#include "pub_tool_threadstate.h"
#include "pub_tool_vki.h"
#include "pub_tool_xarray.h"

#include "at_frames.h"
#include "at_insns.h"
#include "at_options.h"
#include "at_taskrec.h"
#include "at_tasks.h"
#include "at_threads.h"


/*------------------------------------------------------------*/
/*--- Spawn sites and tasks                                ---*/
/*------------------------------------------------------------*/

AT_TaskRecs AT_(tasks);
static VgHashTable* cell_cache;     /* by ECU: spawn site + 1, or 1 */

/* AT_(tasks).sites' elements, read on every allocation and free made in
   a task: VG_(indexXA)'s call and checks showed.  Set after each add. */
static AT_TaskSite* site_base;
static inline AT_TaskSite* tsite(UShort g) { return &site_base[g - 1]; }

/* A task no longer kept: freed once no live block made in its polls
   points back to it (task_block). */
static void free_task(AT_Task* k);

static void drop_task(AT_Task* k)
{
   k->dropped = True;
   if (k->live_blocks == 0)
      free_task(k);
}

static void retire(AT_Task* k)
{
   XArray* kept = AT_(tasks).kept;
   Word i, n = VG_(sizeXA)(kept), light = -1;
   if ((UInt)n < AT_(clo_tasks)) {
      VG_(addToXA)(kept, &k);
      return;
   }
   for (i = 0; i < n; i++) {
      AT_Task* x = *(AT_Task**)VG_(indexXA)(kept, i);
      if (light < 0
          || AT_(task_heavier)(*(AT_Task**)VG_(indexXA)(kept, light), x))
         light = i;
   }
   if (light >= 0
       && AT_(task_heavier)(k, *(AT_Task**)VG_(indexXA)(kept, light))) {
      drop_task(*(AT_Task**)VG_(indexXA)(kept, light));
      *(AT_Task**)VG_(indexXA)(kept, light) = k;
   } else {
      drop_task(k);
   }
}

/*------------------------------------------------------------*/
/*--- Which allocations are cells                          ---*/
/*------------------------------------------------------------*/

static const HChar* const cell_frames[] = {
   "tokio::runtime::task::core::Cell::new",
   "tokio::runtime::task::raw::RawTask::new",
   "tokio::runtime::task::new_task",
   NULL
};
/* Tokio's own: its workers are started through the blocking pool. */
static const HChar* const internal_frames[] = {
   "tokio::runtime::*worker::Launch::launch*",
   "tokio::runtime::*worker::launch*",
   NULL
};

#define AT_CELL_WITHIN 14   /* Cell::new is this near the allocator */

static Bool ends_with(const HChar* s, const HChar* tail)
{
   SizeT n = VG_(strlen)(s), m = VG_(strlen)(tail);
   return n >= m && VG_(strcmp)(s + n - m, tail) == 0;
}

typedef struct {
   Int   state;       /* 0 looking for the cell, 1 in Tokio */
   UChar kind;
   Bool  internal;
   HChar future[AT_FNNAME_MAX];
} CellWalk;

/* The first generic argument of these inlined frames' names is the
   future's type: new_task<T, S> (Tokio 1.24); where current Tokio has
   no new_task frame left, the nearest of unowned<T, S> (a blocking
   task), spawn_inner<T> (tokio::spawn), spawn_local_inner<T> and
   spawn_named<T> / spawn<T> (LocalSet's, a Handle's). */
static const HChar* const future_generics[] = {
   "new_task<", "unowned<", "spawn_inner<", "spawn_local_inner<",
   "spawn_named_inner<", "spawn_named<", "spawn<", NULL
};

static void note_future(CellWalk* w, const HChar* raw)
{
   const HChar* s = NULL;
   Int depth = 0, o = 0, i;
   if (w->future[0])
      return;
   for (i = 0; future_generics[i] && s == NULL; i++) {
      s = VG_(strstr)(raw, future_generics[i]);
      if (s && s != raw && s[-1] != ':')
         s = NULL;                 /* part of a longer name */
      if (s)
         s += VG_(strlen)(future_generics[i]);
   }
   if (s == NULL)
      return;
   for (; *s && o < AT_FNNAME_MAX - 1; s++) {
      if (*s == '<') depth++;
      else if (*s == '>') { if (depth-- == 0) break; }
      else if (*s == ',' && depth == 0) break;
      w->future[o++] = *s;
   }
   w->future[o] = '\0';
}

static AT_KeyStep cell_frame(const AT_FrameInfo* fi, UInt idx,
                             void* opaque)
{
   CellWalk* w = opaque;
   if (w->state == 0) {
      if (AT_(fn_matches_any)(fi->fn, cell_frames)
          || ends_with(fi->path, "/runtime/task/core.rs"))
         w->state = 1;
      /* A cell is allocated by Tokio itself: a frame of the program's
         below the allocator (frame 0) means a block the program
         allocated, in a poll whose frames are core.rs's too. */
      else if (idx > 0 && !AT_(frame_is_tokio)(fi) && !AT_(frame_is_std)(fi))
         return AT_KEY_STOP;                           /* not a cell */
      return idx >= AT_CELL_WITHIN && w->state == 0
             ? AT_KEY_STOP : AT_KEY_NEXT;              /* not a cell */
   }
   if (AT_(frame_is_tokio)(fi) || AT_(frame_is_std)(fi)) {
      note_future(w, fi->raw);
      if (AT_(fn_matches_any)(fi->fn, internal_frames)
          || VG_(strstr)(fi->raw, "worker::{impl#0}::launch") != NULL
          || VG_(strstr)(fi->raw, "Launch::launch") != NULL)
         w->internal = True;
      else if (VG_(strstr)(fi->fn, "spawn_blocking") != NULL)
         w->kind = AT_TASK_BLOCKING;
      else if ((VG_(strstr)(fi->fn, "spawn_local") != NULL
                || ends_with(fi->path, "/task/local.rs"))
               && w->kind == AT_TASK_ASYNC)
         w->kind = AT_TASK_LOCAL;
      return w->internal ? AT_KEY_STOP : AT_KEY_NEXT;
   }
   return AT_KEY_HERE;
}

typedef struct _CellNode {
   struct _CellNode* next;
   UWord             key;    /* ECU */
   UShort            site;   /* 0: not a task's cell */
} CellNode;

UShort AT_(task_cell_site)(ExeContext* where)
{
   UWord     ecu = VG_(get_ECU_from_ExeContext)(where);
   CellNode*   c;
   CellWalk    w;
   AT_KeyFrame key;
   Word        i, n;
   if (!AT_(clo_task_attr))
      return 0;
   c = VG_(HT_lookup)(cell_cache, ecu);
   if (c)
      return c->site;
   c = VG_(malloc)("at.task_cell", sizeof(CellNode));
   c->key  = ecu;
   c->site = 0;
   VG_(HT_add_node)(cell_cache, c);

   VG_(memset)(&w, 0, sizeof(w));
   AT_(key_frame)(where, cell_frame, &w, &key);
   /* Tokio's own cells come first (the workers' launch): their polls
      are no sign that cells go unrecognised. */
   if (w.state == 1 && w.internal)
      AT_(tasks).own_cells = True;
   if (w.state == 0 || w.internal)
      return 0;
   /* state 1: the stack ended in Tokio's frames (too deep): one site of
      unknown place, key 0. */
   n = VG_(sizeXA)(AT_(tasks).sites);
   for (i = 0; i < n; i++) {
      AT_TaskSite* s = VG_(indexXA)(AT_(tasks).sites, i);
      if (s->key_ip == key.ip && s->key_depth == key.depth
          && s->kind == w.kind) {
         c->site = (UShort)(i + 1);
         return c->site;
      }
   }
   if (n >= 0xFFFE)
      return 0;
   {
      AT_TaskSite s;
      VG_(memset)(&s, 0, sizeof(s));
      s.key_ip    = key.ip;
      s.key_depth = key.depth;
      s.kind      = w.kind;
      s.spawn     = where;
      s.frame     = key.found ? key.index : (UInt)-1;
      s.future    = VG_(strdup)("at.task_future",
                                w.future[0] ? w.future : "?");
      VG_(addToXA)(AT_(tasks).sites, &s);
      site_base = VG_(indexXA)(AT_(tasks).sites, 0);
   }
   c->site = (UShort)(n + 1);
   return c->site;
}

UShort AT_(task_site_of)(UChar kind, Addr key_ip, UInt key_depth,
                         ExeContext* where, UInt frame, const HChar* what)
{
   Word i, n = VG_(sizeXA)(AT_(tasks).sites);
   AT_TaskSite s;
   for (i = 0; i < n; i++) {
      const AT_TaskSite* o = VG_(indexXA)(AT_(tasks).sites, i);
      if (o->key_ip == key_ip && o->key_depth == key_depth
          && o->kind == kind)
         return (UShort)(i + 1);
   }
   if (n >= 0xFFFE)
      return 0;
   VG_(memset)(&s, 0, sizeof(s));
   s.key_ip    = key_ip;
   s.key_depth = key_depth;
   s.kind      = kind;
   s.spawn     = where;
   s.frame     = frame;
   s.future    = VG_(strdup)("at.task_future", what && what[0] ? what : "?");
   VG_(addToXA)(AT_(tasks).sites, &s);
   site_base = VG_(indexXA)(AT_(tasks).sites, 0);
   return (UShort)(n + 1);
}

UChar AT_(task_site_kind)(UShort g)
{
   return tsite(g)->kind;
}

const HChar* AT_(task_kind_name)(UInt k)
{
   return k == AT_TASK_BLOCKING ? "blocking"
        : k == AT_TASK_LOCAL    ? "local"
        : k == AT_TASK_RAYON    ? "rayon"
        : k == AT_TASK_BLOCK_ON ? "block_on" : "async";
}

void AT_(task_spawned)(UShort g, Addr cell)
{
   AT_Task* k = VG_(calloc)("at.task", 1, sizeof(AT_Task));
   AT_Task* old = VG_(HT_remove)(AT_(tasks).live, cell);
   if (old) {                       /* cannot be: its cell was freed */
      old->ended = True;
      if (old->on_stack == 0)
         retire(old);
   }
   k->key        = cell;
   k->seq        = ++AT_(tasks).seq;
   k->site       = g;
   k->spawned_ms = AT_NOW_MS();
   VG_(HT_add_node)(AT_(tasks).live, k);
   tsite(g)->spawned++;
}

void AT_(task_cell_freed)(Addr cell)
{
   AT_Task* k = VG_(HT_remove)(AT_(tasks).live, cell);
   if (k == NULL)
      return;
   k->ended    = True;
   k->ended_ms = AT_NOW_MS();
   tsite(k->site)->ended++;
   if (k->on_stack == 0)
      retire(k);
}

/*------------------------------------------------------------*/
/*--- Polls in force, per thread                           ---*/
/*------------------------------------------------------------*/

typedef struct {
   Addr  sp;           /* SP at the poll's entry: its return address */
   Addr  ra;
   Bool  off_stack;
   AT_Task* task;
   ULong mark;         /* the thread's instructions when last charged */
   ULong poll_insns;   /* this poll's own, so far */
   ULong gen;          /* this entry's number (at_stack.h: an anchor) */
} PollFrame;

#define AT_POLL_DEPTH 16   /* Rayon jobs nest: a join's wait runs others */

typedef struct {
   UInt      seq;      /* whose frames these are (ThreadIds are reused) */
   UInt      depth;
   UInt      lost;     /* polls deeper than AT_POLL_DEPTH, not tracked */
   PollFrame f[AT_POLL_DEPTH];
} PollStack;

static PollStack* polls;      /* by ThreadId */
static ULong*     insns_in_tasks;   /* by thread seq - 1 */
static UInt       n_insns_in_tasks;

static void add_thread_insns(UInt seq, ULong n)
{
   if (seq > n_insns_in_tasks) {
      UInt m = seq + 64;
      insns_in_tasks = VG_(realloc)("at.task_insns", insns_in_tasks,
                                    m * sizeof(ULong));
      VG_(memset)(&insns_in_tasks[n_insns_in_tasks], 0,
                  (m - n_insns_in_tasks) * sizeof(ULong));
      n_insns_in_tasks = m;
   }
   insns_in_tasks[seq - 1] += n;
}

static PollStack* poll_stack(ThreadId tid, AT_Thread* t)
{
   PollStack* ps = &polls[tid];
   if (ps->seq != t->seq) {
      ps->seq   = t->seq;
      ps->depth = 0;
      ps->lost  = 0;
   }
   return ps;
}

/* Charges the innermost poll's task with the thread's instructions
   since its mark. */
static void charge_top(PollStack* ps, ULong now)
{
   PollFrame* f;
   ULong n;
   if (ps->depth == 0)
      return;
   f = &ps->f[ps->depth - 1];
   n = now - f->mark;
   f->mark = now;
   f->poll_insns += n;
   f->task->insns += n;
   tsite(f->task->site)->insns += n;
   add_thread_insns(ps->seq, n);
}

static void pop(PollStack* ps, ULong now)
{
   PollFrame* f = &ps->f[ps->depth - 1];
   AT_Task*      k = f->task;
   AT_TaskSite*  s = tsite(k->site);
   charge_top(ps, now);
   if (f->poll_insns > k->max_poll_insns) k->max_poll_insns = f->poll_insns;
   if (f->poll_insns > s->max_poll_insns) s->max_poll_insns = f->poll_insns;
   ps->depth--;
   if (k->seq == 0) {
      s->ended++;                  /* a run (task_run_enter) returned */
      if (s->kind == AT_TASK_RAYON) {
         if (s->job_insns == NULL)
            s->job_insns = VG_(newXA)(VG_(malloc), "at.rayon_job_insns",
                                      VG_(free), sizeof(ULong));
         VG_(addToXA)(s->job_insns, &f->poll_insns);
      }
   }
   if (--k->on_stack == 0 && k->ended)
      retire(k);
   if (ps->depth > 0)
      ps->f[ps->depth - 1].mark = now;
}

static inline Bool returned(const PollFrame* f, Addr sp)
{
   return AT_(entry_returned)(f->sp, f->ra, f->off_stack, sp);
}

/* Pops the polls that have returned; the thread's stack pointer is sp. */
static void settle(ThreadId tid, PollStack* ps, Addr sp)
{
   if (ps->depth > 0 && returned(&ps->f[ps->depth - 1], sp)) {
      ULong now = AT_(thread_insns_now)(tid);
      do {
         pop(ps, now);
      } while (ps->depth > 0 && returned(&ps->f[ps->depth - 1], sp));
   }
}

void AT_(tasks_charge_polls_now)(void)
{
   AT_Task* k;
   UInt     j;
   VG_(HT_ResetIter)(AT_(tasks).live);
   while ((k = VG_(HT_Next)(AT_(tasks).live)) != NULL)
      k->polling_at_exit = False;
   for (j = 1; j < VG_N_THREADS; j++) {
      PollStack* ps = &polls[j];
      AT_Thread* t  = AT_(thread)(j);
      AT_Task*   top;
      if (t == NULL || ps->seq != t->seq || ps->depth == 0)
         continue;
      /* A run that returned since the thread's last event (a Rayon job
         whose worker went to sleep at once) ends now, not never. */
      if (t->alive)
         settle(j, ps, VG_(get_SP)(j));
      if (ps->depth == 0)
         continue;
      charge_top(ps, AT_(thread_insns_now)(j));
      top = ps->f[ps->depth - 1].task;
      if (top->ended == False) {
         top->polling_at_exit = True;
         if (t->alive)
            top->last_where = VG_(record_ExeContext)(j, 0);
      }
   }
}

ULong AT_(task_insns_of_thread)(UInt seq)
{
   return seq >= 1 && seq <= n_insns_in_tasks ? insns_in_tasks[seq - 1] : 0;
}

/* Return addresses of raw::poll seen so far: a handful per program. */
#define AT_RET_POINTS 64
static Addr ret_points[AT_RET_POINTS];
static UInt n_ret_points;

Bool AT_(task_return_point)(Addr a)
{
   UInt i;
   for (i = 0; i < n_ret_points; i++)
      if (ret_points[i] == a)
         return True;
   return False;
}

static void note_ret_point(Addr ra)
{
   if (n_ret_points < AT_RET_POINTS && !AT_(task_return_point)(ra))
      ret_points[n_ret_points++] = ra;
}

static void enter(ThreadId tid, AT_Thread* t, Addr sp, AT_Task* k);

void AT_(task_enter)(ThreadId tid, Addr sp, Addr cell)
{
   AT_Thread* t = AT_(thread)(tid);
   PollStack* ps;
   AT_Task*      k;
   AT_(tasks).poll_entries++;
   if (!AT_(clo_task_attr) || t == NULL)
      return;
   k = VG_(HT_lookup)(AT_(tasks).live, cell);
   if (k == NULL) {
      AT_(tasks).polls_unknown++;
      return;
   }
   ps = poll_stack(tid, t);
   /* raw::poll going on to Harness::poll: the same poll. */
   if (ps->depth > 0 && ps->f[ps->depth - 1].task == k
       && !returned(&ps->f[ps->depth - 1], sp))
      return;
   enter(tid, t, sp, k);
}

void AT_(task_run_enter)(ThreadId tid, Addr sp, UShort g)
{
   AT_Thread* t = AT_(thread)(tid);
   AT_TaskSite*  s;
   if (!AT_(clo_task_attr) || t == NULL || g == 0)
      return;
   s = tsite(g);
   if (s->runs == NULL) {
      s->runs = VG_(calloc)("at.task_runs", 1, sizeof(AT_Task));
      s->runs->site = g;           /* seq 0: not a Tokio task */
   }
   enter(tid, t, sp, s->runs);
}

void AT_(task_site_stack_job)(UShort g, Bool stolen)
{
   if (g == 0)
      return;
   tsite(g)->stack_jobs = True;
   if (stolen)
      tsite(g)->stolen++;
}

void AT_(task_site_split)(UShort g)
{
   if (g != 0)
      tsite(g)->splits++;
}

/* Pushes k's poll (or run) on tid's stack of polls in force. */
static void enter(ThreadId tid, AT_Thread* t, Addr sp, AT_Task* k)
{
   PollStack* ps = poll_stack(tid, t);
   PollFrame* f;
   ULong      now;
   /* Polls entered at or below this SP have returned. */
   now = AT_(thread_insns_now)(tid);
   while (ps->depth > 0 && ps->f[ps->depth - 1].sp <= sp)
      pop(ps, now);
   if (ps->depth >= AT_POLL_DEPTH) {
      ps->lost++;
      return;
   }
   charge_top(ps, now);
   {
      Addr hi = VG_(thread_get_stack_max)(tid);
      Addr lo = hi - VG_(thread_get_stack_size)(tid);
      f = &ps->f[ps->depth++];
      f->sp        = sp;
      f->ra        = *(Addr*)sp;   /* just pushed by the call */
      f->off_stack = sp < lo || sp > hi;
   }
   f->task       = k;
   f->mark       = now;
   f->poll_insns = 0;
   /* A Tokio poll anchors stacks (at_stack.c): Tokio calls it from
      one place that calls nothing else.  Rayon's job runs are called
      through a pointer that other jobs go through too. */
   f->gen        = k->seq != 0 ? AT_(anchor_gen)() : 0;
   k->on_stack++;
   k->polls++;
   tsite(k->site)->polls++;
   if (k->seq == 0)
      tsite(k->site)->spawned++;   /* a run (task_run_enter) */
   note_ret_point(f->ra);
}

VG_REGPARM(1) void AT_(task_leave)(UWord sp)
{
   ThreadId   tid = VG_(get_running_tid)();
   AT_Thread* t   = AT_(thread)(tid);
   PollStack* ps;
   if (t == NULL)
      return;
   ps = poll_stack(tid, t);
   if (ps->depth > 0 && ps->f[ps->depth - 1].sp < sp) {
      ULong now = AT_(thread_insns_now)(tid);
      do {
         pop(ps, now);
      } while (ps->depth > 0 && ps->f[ps->depth - 1].sp < sp);
   }
}

/* The innermost poll in force on tid (thread t, stack pointer sp). */
static AT_Task* task_on_at(ThreadId tid, AT_Thread* t, Addr sp)
{
   PollStack* ps;
   if (t == NULL)
      return NULL;
   ps = &polls[tid];
   if (ps->depth == 0 || ps->seq != t->seq)
      return NULL;
   settle(tid, ps, sp);
   return ps->depth > 0 ? ps->f[ps->depth - 1].task : NULL;
}

static AT_Task* task_on(ThreadId tid)
{
   return task_on_at(tid, AT_(thread)(tid), VG_(get_SP)(tid));
}

/*------------------------------------------------------------*/
/*--- Charging                                             ---*/
/*------------------------------------------------------------*/

/* Blocks made in a task's polls name it by a slot number kept in the
   block's record (AT_Block.task, 32 bits where a pointer would not
   fit): its live bytes for the snapshots' task rows (a task's own
   figure; its site's is in AT_TaskSite).  A task takes a slot with its
   first block and gives it back when it is freed, which is never while
   a block names it. */
static AT_Task** slots;          /* slot n is slots[n]; [0] unused */
static UInt   n_slots, cap_slots;
static UInt*  free_slots;     /* given back, for reuse */
static UInt   n_free_slots, cap_free_slots;

static UInt slot_of(AT_Task* k)
{
   UInt n;
   if (k->slot != 0)
      return k->slot;
   if (n_free_slots > 0) {
      n = free_slots[--n_free_slots];
   } else {
      if (n_slots + 1 >= cap_slots) {
         cap_slots = cap_slots ? 2 * cap_slots : 1024;
         slots = VG_(realloc)("at.task_slots", slots,
                              cap_slots * sizeof(AT_Task*));
      }
      n = ++n_slots;
   }
   slots[n] = k;
   k->slot  = n;
   return n;
}

static void free_task(AT_Task* k)
{
   if (k->slot != 0) {
      if (n_free_slots >= cap_free_slots) {
         cap_free_slots = cap_free_slots ? 2 * cap_free_slots : 256;
         free_slots = VG_(realloc)("at.task_free_slots", free_slots,
                                   cap_free_slots * sizeof(UInt));
      }
      slots[k->slot] = NULL;
      free_slots[n_free_slots++] = k->slot;
   }
   VG_(free)(k);
}

void* AT_(task_now_at)(ThreadId tid, AT_Thread* t, Addr sp)
{
   return task_on_at(tid, t, sp);
}

void AT_(anchor_of)(ThreadId tid, const AT_Thread* t, AT_Anchor* a)
{
   const PollStack* ps = &polls[tid];
   a->gen = 0;
   if (t == NULL)
      return;
   /* The innermost of the polls' and the roles' frames in force, of
      those that anchor (gen not 0). */
   if (ps->depth > 0 && ps->seq == t->seq) {
      a->sp  = ps->f[ps->depth - 1].sp;
      a->gen = ps->f[ps->depth - 1].gen;
   }
   if (t->rdepth > 0 && t->rstack[t->rdepth - 1].gen != 0
       && (a->gen == 0 || t->rstack[t->rdepth - 1].sp < a->sp)) {
      a->sp  = t->rstack[t->rdepth - 1].sp;
      a->gen = t->rstack[t->rdepth - 1].gen;
   }
}

UShort AT_(task_alloc)(void* task, ExeContext* where, SizeT n, UInt* slot)
{
   AT_Task*     k = task;
   AT_TaskSite* s;
   *slot = 0;
   if (k == NULL)
      return 0;
   s = tsite(k->site);
   k->allocs++;
   k->bytes += n;
   k->last_where = where;
   s->allocs++;
   s->bytes += n;
   s->live_blocks++;
   s->live_bytes += n;
   if (s->live_bytes > s->peak_live)
      s->peak_live = s->live_bytes;
   /* A run's figures are its site's, never a task row's: a Rayon job's
      or a block_on's blocks need no slot. */
   if (k->seq != 0) {
      *slot = slot_of(k);
      k->live_blocks++;
      k->live_bytes += n;
   }
   return k->site;
}

void AT_(task_site_free)(UShort g, SizeT n, UInt slot)
{
   AT_TaskSite* s = tsite(g);
   s->live_blocks--;
   s->live_bytes -= n;
   if (slot != 0 && slot <= n_slots && slots[slot] != NULL) {
      AT_Task* k = slots[slot];
      k->live_blocks--;
      k->live_bytes -= n;
      if (k->dropped && k->live_blocks == 0)
         free_task(k);
   }
}

void* AT_(task_now)(ThreadId tid)
{
   return task_on(tid);
}

UShort AT_(task_spawn_site)(ThreadId tid)
{
   const AT_Task* k = task_on(tid);
   return k ? k->site : 0;
}


void AT_(task_wait)(void* task, ExeContext* where, ULong us, Bool idle,
                    const HChar* call)
{
   AT_Task*      k = task;
   AT_TaskSite*  s;
   AT_TaskBlock* b;
   Bool       made;
   if (k == NULL)
      return;
   s = tsite(k->site);
   k->last_where = where;
   /* spawn_blocking closures and block_on futures may block: their
      threads are theirs. */
   if (idle || s->kind == AT_TASK_BLOCKING || s->kind == AT_TASK_BLOCK_ON)
      return;
   k->waits++;
   k->blocked_us += us;
   s->waits++;
   s->blocked_us += us;
   b = AT_(ht_node)(AT_(tasks).blocking,
                    ((UWord)VG_(get_ECU_from_ExeContext)(where) << 16)
                    | k->site, sizeof(AT_TaskBlock), "at.task_block", &made);
   if (made) {
      b->where = where;
      b->site  = k->site;
      b->call  = call;
   }
   b->waits++;
   b->blocked_us += us;
   if (us > b->max_us)
      b->max_us = us;
}

/*------------------------------------------------------------*/
/*--- Setting up                                           ---*/
/*------------------------------------------------------------*/

void AT_(tasks_init)(void)
{
   AT_(tasks).sites    = VG_(newXA)(VG_(malloc), "at.task_sites",
                                    VG_(free), sizeof(AT_TaskSite));
   AT_(tasks).kept     = VG_(newXA)(VG_(malloc), "at.tasks_kept",
                                    VG_(free), sizeof(AT_Task*));
   AT_(tasks).live     = VG_(HT_construct)("at.live_tasks");
   AT_(tasks).blocking = VG_(HT_construct)("at.task_blocking");
   cell_cache = VG_(HT_construct)("at.task_cells");
   polls      = VG_(calloc)("at.task_polls", VG_N_THREADS, sizeof(PollStack));
}

/*--------------------------------------------------------------------*/
/*--- end                                               at_tasks.c ---*/
/*--------------------------------------------------------------------*/
