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
   ended are kept only if among the --tasks=N heaviest (instructions). */

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
#include "at_heap.h"
#include "at_instrument.h"
#include "at_leak.h"
#include "at_options.h"
#include "at_rayon.h"
#include "at_report.h"
#include "at_roles.h"
#include "at_tasks.h"
#include "at_threads.h"


/*------------------------------------------------------------*/
/*--- Spawn sites and tasks                                ---*/
/*------------------------------------------------------------*/

typedef struct {
   Addr        key_ip;       /* the spawn-site frame: code address */
   UInt        key_depth;    /* and which of the frames inlined there */
   UChar       kind;         /* AT_TaskKind */
   ExeContext* spawn;        /* a cell's allocation stack (the first) */
   UInt        frame;        /* the spawn site's frame in it (0: top) */
   HChar*      future;       /* the future's type, from new_task<T, S> */
   ULong spawned, ended, polls, insns, max_poll_insns;
   ULong allocs, bytes, live_blocks, live_bytes, peak_live;
   ULong lost_bytes, lost_blocks;      /* definitely lost, at the end */
   ULong alive_at_exit, pending_at_exit;
   ULong waits, blocked_us;            /* blocking inside async */
   struct _Task* runs;       /* other kinds' work (task_run_enter): one
                                record for all of it, never listed */
} TaskSite;

typedef struct _Task {
   struct _Task* next;       /* VgHashNode: next, key */
   UWord         key;        /* the cell's address while it lives */
   UInt          seq;        /* spawn order, 1.. */
   UShort        site;
   Bool          ended;      /* its cell was freed */
   UInt          on_stack;   /* polls of it in force */
   ULong polls, insns, max_poll_insns, allocs, bytes, waits, blocked_us;
   UInt          spawned_ms, ended_ms;
   ExeContext*   last_where; /* the last stack seen in its polls */
   UInt          state;      /* Tokio's state word, at exit */
   Bool          polling_at_exit;
   Bool          dropped;    /* no longer listed: freed when its last
                                live block goes (snapshots' task rows) */
   ULong         live_blocks, live_bytes;   /* made in its polls, live */
   UInt          slot;       /* its slot while blocks name it, or 0 */
} Task;

static XArray*      task_sites;     /* of TaskSite; site n is [n - 1] */
static VgHashTable* live_tasks;     /* by cell address */
static XArray*      kept;           /* of Task*: ended, the heaviest */
static UInt         task_seq;
static VgHashTable* cell_cache;     /* by ECU: spawn site + 1, or 1 */
static ULong        polls_unknown;  /* polls of cells we do not know */
static ULong        poll_entries;

/* Tokio's state bits (runtime/task/state.rs, 1.x). */
#define TOKIO_COMPLETE 0x2

/* task_sites' elements, read on every allocation and free made in a
   task: VG_(indexXA)'s call and checks showed.  Set after each add. */
static TaskSite* site_base;
static inline TaskSite* tsite(UShort g) { return &site_base[g - 1]; }

/* A task's weight, for keeping the heaviest. */
static Bool heavier(const Task* a, const Task* b)
{
   if (a->insns != b->insns) return a->insns > b->insns;
   return a->bytes > b->bytes;
}

/* A task no longer kept: freed once no live block made in its polls
   points back to it (task_block). */
static void free_task(Task* k);

static void drop_task(Task* k)
{
   k->dropped = True;
   if (k->live_blocks == 0)
      free_task(k);
}

static void retire(Task* k)
{
   Word i, n = VG_(sizeXA)(kept), light = -1;
   if ((UInt)n < AT_(clo_tasks)) {
      VG_(addToXA)(kept, &k);
      return;
   }
   for (i = 0; i < n; i++) {
      Task* x = *(Task**)VG_(indexXA)(kept, i);
      if (light < 0 || heavier(*(Task**)VG_(indexXA)(kept, light), x))
         light = i;
   }
   if (light >= 0 && heavier(k, *(Task**)VG_(indexXA)(kept, light))) {
      drop_task(*(Task**)VG_(indexXA)(kept, light));
      *(Task**)VG_(indexXA)(kept, light) = k;
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
   UInt  index;       /* frames seen */
   Int   state;       /* 0 looking for the cell, 1 in Tokio, 2 done */
   Addr  last_ip;
   UInt  same_ip;     /* frames so far at last_ip */
   UChar kind;
   Bool  internal;
   Addr  key_ip;
   UInt  key_depth;
   UInt  frame;
   HChar future[AT_FNNAME_MAX];
} CellWalk;

/* The first generic argument of new_task<T, S>: the future's type. */
static void note_future(CellWalk* w, const HChar* raw)
{
   const HChar* s = VG_(strstr)(raw, "new_task<");
   Int depth = 0, o = 0;
   if (s == NULL || w->future[0])
      return;
   for (s += 9; *s && o < AT_FNNAME_MAX - 1; s++) {
      if (*s == '<') depth++;
      else if (*s == '>') { if (depth-- == 0) break; }
      else if (*s == ',' && depth == 0) break;
      w->future[o++] = *s;
   }
   w->future[o] = '\0';
}

static Bool cell_frame(const AT_FrameInfo* fi, void* opaque)
{
   CellWalk* w = opaque;
   UInt idx = w->index++;
   w->same_ip = fi->ip == w->last_ip ? w->same_ip + 1 : 0;
   w->last_ip = fi->ip;
   if (w->state == 0) {
      if (AT_(fn_matches_any)(fi->fn, cell_frames)
          || ends_with(fi->path, "/runtime/task/core.rs"))
         w->state = 1;
      /* A cell is allocated by Tokio itself: a frame of the program's
         below the allocator (frame 0) means a block the program
         allocated, in a poll whose frames are core.rs's too. */
      else if (idx > 0 && !AT_(frame_is_tokio)(fi) && !AT_(frame_is_std)(fi))
         return True;                                  /* not a cell */
      return idx >= AT_CELL_WITHIN && w->state == 0;   /* not a cell */
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
      return w->internal;
   }
   w->state     = 2;
   w->key_ip    = fi->ip;
   w->key_depth = w->same_ip;
   w->frame     = idx;
   return True;
}

typedef struct _CellNode {
   struct _CellNode* next;
   UWord             key;    /* ECU */
   UShort            site;   /* 0: not a task's cell */
} CellNode;

UShort AT_(task_cell_site)(ExeContext* where)
{
   UWord     ecu = VG_(get_ECU_from_ExeContext)(where);
   CellNode* c;
   CellWalk  w;
   Word      i, n;
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
   w.last_ip = (Addr)-1;
   AT_(walk_frames_full)(where, cell_frame, &w);
   if (w.state == 0 || w.internal)
      return 0;
   /* state 1: the stack ended in Tokio's frames (too deep): one site of
      unknown place, key 0. */
   n = VG_(sizeXA)(task_sites);
   for (i = 0; i < n; i++) {
      TaskSite* s = VG_(indexXA)(task_sites, i);
      if (s->key_ip == w.key_ip && s->key_depth == w.key_depth
          && s->kind == w.kind) {
         c->site = (UShort)(i + 1);
         return c->site;
      }
   }
   if (n >= 0xFFFE)
      return 0;
   {
      TaskSite s;
      VG_(memset)(&s, 0, sizeof(s));
      s.key_ip    = w.key_ip;
      s.key_depth = w.key_depth;
      s.kind      = w.kind;
      s.spawn     = where;
      s.frame     = w.state == 2 ? w.frame : (UInt)-1;
      s.future    = VG_(strdup)("at.task_future",
                                w.future[0] ? w.future : "?");
      VG_(addToXA)(task_sites, &s);
      site_base = VG_(indexXA)(task_sites, 0);
   }
   c->site = (UShort)(n + 1);
   return c->site;
}

UShort AT_(task_site_of)(UChar kind, Addr key_ip, UInt key_depth,
                         ExeContext* where, UInt frame, const HChar* what)
{
   Word i, n = VG_(sizeXA)(task_sites);
   TaskSite s;
   for (i = 0; i < n; i++) {
      const TaskSite* o = VG_(indexXA)(task_sites, i);
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
   VG_(addToXA)(task_sites, &s);
   site_base = VG_(indexXA)(task_sites, 0);
   return (UShort)(n + 1);
}

UChar AT_(task_site_kind)(UShort g)
{
   return tsite(g)->kind;
}

void AT_(task_spawned)(UShort g, Addr cell)
{
   Task* k = VG_(calloc)("at.task", 1, sizeof(Task));
   Task* old = VG_(HT_remove)(live_tasks, cell);
   if (old) {                       /* cannot be: its cell was freed */
      old->ended = True;
      if (old->on_stack == 0)
         retire(old);
   }
   k->key        = cell;
   k->seq        = ++task_seq;
   k->site       = g;
   k->spawned_ms = AT_NOW_MS();
   VG_(HT_add_node)(live_tasks, k);
   tsite(g)->spawned++;
}

void AT_(task_cell_freed)(Addr cell)
{
   Task* k = VG_(HT_remove)(live_tasks, cell);
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
   Task* task;
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
   Task*      k = f->task;
   TaskSite*  s = tsite(k->site);
   charge_top(ps, now);
   if (f->poll_insns > k->max_poll_insns) k->max_poll_insns = f->poll_insns;
   if (f->poll_insns > s->max_poll_insns) s->max_poll_insns = f->poll_insns;
   ps->depth--;
   if (k->seq == 0)
      s->ended++;                  /* a run (task_run_enter) returned */
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

static void enter(ThreadId tid, AT_Thread* t, Addr sp, Task* k);

void AT_(task_enter)(ThreadId tid, Addr sp, Addr cell)
{
   AT_Thread* t = AT_(thread)(tid);
   PollStack* ps;
   Task*      k;
   poll_entries++;
   if (!AT_(clo_task_attr) || t == NULL)
      return;
   k = VG_(HT_lookup)(live_tasks, cell);
   if (k == NULL) {
      polls_unknown++;
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
   TaskSite*  s;
   if (!AT_(clo_task_attr) || t == NULL || g == 0)
      return;
   s = tsite(g);
   if (s->runs == NULL) {
      s->runs = VG_(calloc)("at.task_runs", 1, sizeof(Task));
      s->runs->site = g;           /* seq 0: not a Tokio task */
   }
   enter(tid, t, sp, s->runs);
}

/* Pushes k's poll (or run) on tid's stack of polls in force. */
static void enter(ThreadId tid, AT_Thread* t, Addr sp, Task* k)
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
static Task* task_on_at(ThreadId tid, AT_Thread* t, Addr sp)
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

static Task* task_on(ThreadId tid)
{
   return task_on_at(tid, AT_(thread)(tid), VG_(get_SP)(tid));
}

/*------------------------------------------------------------*/
/*--- Charging                                             ---*/
/*------------------------------------------------------------*/

/* Blocks made in a task's polls name it by a slot number kept in the
   block's record (AT_Block.task, 32 bits where a pointer would not
   fit): its live bytes for the snapshots' task rows (a task's own
   figure; its site's is in TaskSite).  A task takes a slot with its
   first block and gives it back when it is freed, which is never while
   a block names it. */
static Task** slots;          /* slot n is slots[n]; [0] unused */
static UInt   n_slots, cap_slots;
static UInt*  free_slots;     /* given back, for reuse */
static UInt   n_free_slots, cap_free_slots;

static UInt slot_of(Task* k)
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
                              cap_slots * sizeof(Task*));
      }
      n = ++n_slots;
   }
   slots[n] = k;
   k->slot  = n;
   return n;
}

static void free_task(Task* k)
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
   Task*     k = task;
   TaskSite* s;
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
   TaskSite* s = tsite(g);
   s->live_blocks--;
   s->live_bytes -= n;
   if (slot != 0 && slot <= n_slots && slots[slot] != NULL) {
      Task* k = slots[slot];
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
   const Task* k = task_on(tid);
   return k ? k->site : 0;
}

/* Blocking inside async: by spawn site and wait stack. */
typedef struct _BlockNode {
   struct _BlockNode* next;
   UWord              key;   /* ECU << 16 | spawn site */
   ExeContext*        where;
   UShort             site;
   ULong              waits, blocked_us, max_us;
} BlockNode;
static VgHashTable* blocking;

void AT_(task_wait)(void* task, ExeContext* where, ULong us, Bool idle)
{
   Task*      k = task;
   TaskSite*  s;
   BlockNode* b;
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
   b = AT_(ht_node)(blocking,
                    ((UWord)VG_(get_ECU_from_ExeContext)(where) << 16)
                    | k->site, sizeof(BlockNode), "at.task_block", &made);
   if (made) {
      b->where = where;
      b->site  = k->site;
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
   task_sites = VG_(newXA)(VG_(malloc), "at.task_sites", VG_(free),
                           sizeof(TaskSite));
   kept       = VG_(newXA)(VG_(malloc), "at.tasks_kept", VG_(free),
                           sizeof(Task*));
   live_tasks = VG_(HT_construct)("at.live_tasks");
   cell_cache = VG_(HT_construct)("at.task_cells");
   blocking   = VG_(HT_construct)("at.task_blocking");
   polls      = VG_(calloc)("at.task_polls", VG_N_THREADS, sizeof(PollStack));
}

/*------------------------------------------------------------*/
/*--- At the end                                           ---*/
/*------------------------------------------------------------*/

/* Per role instance: allocations made inside tasks and outside. */
typedef struct { ULong in_allocs, in_bytes, out_allocs, out_bytes,
                 in_insns; } RoleShare;
static RoleShare* shares;
static UInt       n_shares;
static XArray*    listed;     /* of Task*: the report's tasks */
static Bool       finished;

static Int cmp_task(const void* va, const void* vb)
{
   const Task* a = *(const Task* const*)va;
   const Task* b = *(const Task* const*)vb;
   if (heavier(a, b)) return -1;
   if (heavier(b, a)) return 1;
   return a->seq < b->seq ? -1 : a->seq > b->seq ? 1 : 0;
}

void AT_(tasks_finish)(void)
{
   XArray* sites;
   Word    i, n;
   UInt    j, nth = AT_(n_threads)();
   Task*   k;
   XArray* live;

   /* Polls in force now: charge them up to now (they stay in force).
      Written at a snapshot, a report says which tasks are in a poll
      then; the next report says it again. */
   VG_(HT_ResetIter)(live_tasks);
   while ((k = VG_(HT_Next)(live_tasks)) != NULL)
      k->polling_at_exit = False;
   for (j = 1; j < VG_N_THREADS; j++) {
      PollStack* ps = &polls[j];
      AT_Thread* t  = AT_(thread)(j);
      if (t == NULL || ps->seq != t->seq || ps->depth == 0)
         continue;
      charge_top(ps, AT_(thread_insns_now)(j));
      {
         Task* top = ps->f[ps->depth - 1].task;
         if (top->ended == False) {
            top->polling_at_exit = True;
            if (t->alive)
               top->last_where = VG_(record_ExeContext)(j, 0);
         }
      }
   }

   n_shares = AT_(n_role_insts)();
   VG_(free)(shares);
   shares = VG_(calloc)("at.task_shares", n_shares ? n_shares : 1,
                        sizeof(RoleShare));
   sites = AT_(heap_sites)();
   for (i = 0; i < VG_(sizeXA)(sites); i++) {
      const AT_Site* s = *(AT_Site**)VG_(indexXA)(sites, i);
      RoleShare* r;
      if (s->inst >= n_shares)
         continue;
      r = &shares[s->inst];
      if (s->task_site) { r->in_allocs += s->allocs; r->in_bytes += s->bytes; }
      else              { r->out_allocs += s->allocs; r->out_bytes += s->bytes; }
   }
   VG_(deleteXA)(sites);
   for (j = 1; j <= nth && j <= n_insns_in_tasks; j++) {
      const AT_Thread* t = AT_(thread_by_seq)(j);
      if (t->primary_inst < n_shares)
         shares[t->primary_inst].in_insns += insns_in_tasks[j - 1];
   }

   /* Definitely lost, per spawn site. */
   for (i = 0; i < VG_(sizeXA)(task_sites); i++) {
      TaskSite* s = VG_(indexXA)(task_sites, i);
      s->lost_bytes = s->lost_blocks = 0;
      s->alive_at_exit = s->pending_at_exit = 0;
   }
   if (AT_(leak_checked)()) {
      XArray* recs = AT_(leak_records)();
      for (i = 0; i < VG_(sizeXA)(recs); i++) {
         const AT_LossRecord* g = VG_(indexXA)(recs, i);
         if (g->kind == AT_LK_DEFINITE && g->site->task_site) {
            tsite(g->site->task_site)->lost_bytes  += g->bytes;
            tsite(g->site->task_site)->lost_blocks += g->blocks;
         }
      }
   }

   /* Tasks alive at exit; pending if Tokio had not completed them. */
   if (listed)
      VG_(deleteXA)(listed);
   listed = VG_(newXA)(VG_(malloc), "at.tasks_listed", VG_(free),
                       sizeof(Task*));
   live = VG_(newXA)(VG_(malloc), "at.tasks_live", VG_(free), sizeof(Task*));
   VG_(HT_ResetIter)(live_tasks);
   while ((k = VG_(HT_Next)(live_tasks)) != NULL) {
      TaskSite* s = tsite(k->site);
      k->state = 0;
      if (VG_(am_is_valid_for_client)(k->key, sizeof(UWord), VKI_PROT_READ))
         k->state = (UInt)*(const UWord*)k->key;
      s->alive_at_exit++;
      if (!(k->state & TOKIO_COMPLETE))
         s->pending_at_exit++;
      VG_(addToXA)(live, &k);
   }
   /* Listed: every pending task (up to 10 x --tasks), then the
      heaviest of all. */
   VG_(setCmpFnXA)(live, cmp_task);
   VG_(sortXA)(live);
   for (i = 0, n = 0; i < VG_(sizeXA)(live); i++) {
      k = *(Task**)VG_(indexXA)(live, i);
      if (!(k->state & TOKIO_COMPLETE) && n < 10 * (Word)AT_(clo_tasks)) {
         VG_(addToXA)(listed, &k);
         n++;
      }
   }
   {
      XArray* all = VG_(newXA)(VG_(malloc), "at.tasks_all", VG_(free),
                               sizeof(Task*));
      for (i = 0; i < VG_(sizeXA)(live); i++)
         VG_(addToXA)(all, VG_(indexXA)(live, i));
      for (i = 0; i < VG_(sizeXA)(kept); i++)
         VG_(addToXA)(all, VG_(indexXA)(kept, i));
      VG_(setCmpFnXA)(all, cmp_task);
      VG_(sortXA)(all);
      for (i = 0, n = 0; i < VG_(sizeXA)(all) && n < (Word)AT_(clo_tasks);
           i++, n++) {
         Word m;
         Bool dup = False;
         k = *(Task**)VG_(indexXA)(all, i);
         for (m = 0; m < VG_(sizeXA)(listed); m++)
            if (*(Task**)VG_(indexXA)(listed, m) == k)
               dup = True;
         if (!dup)
            VG_(addToXA)(listed, &k);
      }
      VG_(deleteXA)(all);
   }
   VG_(deleteXA)(live);
   finished = True;

   if (!AT_(clo_task_attr))
      ;
   else if (poll_entries > 0 && task_seq == 0)
      VG_(umsg)("asynctrace: Tokio's task cells were not recognised "
                "(%llu polls): tasks are not attributed, roles are\n",
                poll_entries);
   else if (task_seq > 0 && poll_entries == 0)
      VG_(umsg)("asynctrace: Tokio's poll function was not found: tasks "
                "are counted, not attributed\n");
}

/* The invariants: what tasks got is part of what roles got. */
UInt AT_(tasks_check)(void)
{
   UInt  r, broken = 0, j;
   ULong sb = 0, sn = 0, tb = 0, tn = 0;
   Word  i;
   for (r = 0; r < n_shares; r++) {
      const AT_HeapCounters* c = AT_(heap_of_role)((UShort)r);
      const RoleShare* s = &shares[r];
      if (s->in_bytes + s->out_bytes != c->bytes_allocated
          || s->in_allocs + s->out_allocs != c->allocs) {
         VG_(umsg)("asynctrace: BUG: role instance %u: allocations in "
                   "tasks (%llu B in %llu) and outside (%llu B in %llu) "
                   "do not make its %llu B in %llu\n", r, s->in_bytes,
                   s->in_allocs, s->out_bytes, s->out_allocs,
                   c->bytes_allocated, c->allocs);
         broken++;
      }
      sb += s->in_bytes;
      sn += s->in_allocs;
   }
   for (i = 0; i < VG_(sizeXA)(task_sites); i++) {
      const TaskSite* s = VG_(indexXA)(task_sites, i);
      tb += s->bytes;
      tn += s->allocs;
   }
   if (sb != tb || sn != tn) {
      VG_(umsg)("asynctrace: BUG: spawn sites' allocations (%llu B in "
                "%llu) against the roles' in tasks (%llu B in %llu)\n",
                tb, tn, sb, sn);
      broken++;
   }
   for (j = 1; j <= AT_(n_threads)() && j <= n_insns_in_tasks; j++)
      if (insns_in_tasks[j - 1] > AT_(thread_by_seq)(j)->insns) {
         VG_(umsg)("asynctrace: BUG: thread %u: %llu instructions in "
                   "tasks, of %llu\n", j, insns_in_tasks[j - 1],
                   AT_(thread_by_seq)(j)->insns);
         broken++;
      }
   return broken;
}

/*------------------------------------------------------------*/
/*--- The report's <tasks>                                 ---*/
/*------------------------------------------------------------*/

static const HChar* kind_name(UInt k)
{
   return k == AT_TASK_BLOCKING ? "blocking"
        : k == AT_TASK_LOCAL    ? "local"
        : k == AT_TASK_RAYON    ? "rayon"
        : k == AT_TASK_BLOCK_ON ? "block_on" : "async";
}

static Int cmp_block(const void* va, const void* vb)
{
   const BlockNode* a = *(const BlockNode* const*)va;
   const BlockNode* b = *(const BlockNode* const*)vb;
   if (a->blocked_us != b->blocked_us)
      return a->blocked_us > b->blocked_us ? -1 : 1;
   return a->key < b->key ? -1 : a->key > b->key ? 1 : 0;
}

void AT_(tasks_report)(void)
{
   Word i, n = VG_(sizeXA)(task_sites);
   UInt r;
   XArray* bl;
   BlockNode* b;
   ULong jobs, unknown;
   if (!finished)
      AT_(tasks_finish)();
   AT_(report_fmt)("<tasks attribution=\"%s\" recognised=\"%s\" "
                   "spawned=\"%u\" poll-entries=\"%llu\" "
                   "unknown-polls=\"%llu\" shown=\"%ld\"",
                   AT_(clo_task_attr) ? "yes" : "no",
                   task_seq > 0 && poll_entries > 0 ? "yes"
                   : (poll_entries == 0 && task_seq == 0)
                     || !AT_(clo_task_attr) ? "none" : "no",
                   task_seq, poll_entries, polls_unknown,
                   listed ? VG_(sizeXA)(listed) : 0L);
   AT_(rayon_counts)(&jobs, &unknown);
   if (jobs > 0)    /* Rayon's jobs entered, and those not charged */
      AT_(report_fmt)(" rayon-jobs=\"%llu\" rayon-unknown=\"%llu\"",
                      jobs, unknown);
   AT_(report_fmt)(">\n");
   for (i = 0; i < n; i++) {
      const TaskSite* s = VG_(indexXA)(task_sites, i);
      AT_(report_fmt)("  <spawn-site id=\"%ld\" kind=\"%s\"", i + 1,
                      kind_name(s->kind));
      if (s->frame != (UInt)-1)
         AT_(report_fmt)(" frame=\"%u\"", s->frame);
      AT_(report_fmt)(" future=\"");
      AT_(report_esc)(s->future);
      AT_(report_fmt)("\"");
      AT_(report_fmt)(" spawned=\"%llu\" ended=\"%llu\" "
                      "alive-at-exit=\"%llu\" pending-at-exit=\"%llu\" "
                      "polls=\"%llu\" insns=\"%llu\" max-poll-insns=\"%llu\" "
                      "allocs=\"%llu\" bytes-allocated=\"%llu\" "
                      "peak-live=\"%llu\" live-blocks=\"%llu\" "
                      "live-bytes=\"%llu\"",
                      s->spawned, s->ended, s->alive_at_exit,
                      s->pending_at_exit, s->polls, s->insns,
                      s->max_poll_insns, s->allocs, s->bytes, s->peak_live,
                      s->live_blocks, s->live_bytes);
      if (AT_(leak_checked)())
         AT_(report_fmt)(" lost-bytes=\"%llu\" lost-blocks=\"%llu\"",
                         s->lost_bytes, s->lost_blocks);
      AT_(report_fmt)(" blocking-waits=\"%llu\" blocking-us=\"%llu\">",
                      s->waits, s->blocked_us);
      AT_(report_stack)(s->spawn);
      AT_(report_fmt)("</spawn-site>\n");
   }
   for (r = 0; r < n_shares; r++) {
      const RoleShare* s = &shares[r];
      if (s->in_allocs + s->out_allocs == 0 && s->in_insns == 0)
         continue;
      AT_(report_fmt)("  <role-share");
      AT_(report_role_attrs)((UShort)r);
      AT_(report_fmt)(" allocs-in-tasks=\"%llu\" bytes-in-tasks=\"%llu\" "
                      "allocs-outside=\"%llu\" bytes-outside=\"%llu\" "
                      "insns-in-tasks=\"%llu\"/>\n",
                      s->in_allocs, s->in_bytes, s->out_allocs,
                      s->out_bytes, s->in_insns);
   }
   for (i = 0; listed && i < VG_(sizeXA)(listed); i++) {
      const Task* k = *(Task**)VG_(indexXA)(listed, i);
      const HChar* state = k->ended ? "ended"
                         : (k->state & TOKIO_COMPLETE) ? "complete"
                         : k->polling_at_exit ? "polling" : "pending";
      AT_(report_fmt)("  <task seq=\"%u\" spawn-site=\"%u\" state=\"%s\" "
                      "polls=\"%llu\" insns=\"%llu\" max-poll-insns=\"%llu\" "
                      "allocs=\"%llu\" bytes-allocated=\"%llu\" "
                      "blocking-waits=\"%llu\" spawned-ms=\"%u\"",
                      k->seq, k->site, state, k->polls, k->insns,
                      k->max_poll_insns, k->allocs, k->bytes, k->waits,
                      k->spawned_ms);
      if (k->ended)
         AT_(report_fmt)(" ended-ms=\"%u\"", k->ended_ms);
      if (k->last_where) {
         AT_(report_fmt)(">");
         AT_(report_stack)(k->last_where);
         AT_(report_fmt)("</task>\n");
      } else {
         AT_(report_fmt)("/>\n");
      }
   }
   bl = VG_(newXA)(VG_(malloc), "at.task_block_out", VG_(free),
                   sizeof(BlockNode*));
   VG_(HT_ResetIter)(blocking);
   while ((b = VG_(HT_Next)(blocking)) != NULL)
      VG_(addToXA)(bl, &b);
   VG_(setCmpFnXA)(bl, cmp_block);
   VG_(sortXA)(bl);
   for (i = 0; i < VG_(sizeXA)(bl); i++) {
      b = *(BlockNode**)VG_(indexXA)(bl, i);
      AT_(report_fmt)("  <blocking-in-async spawn-site=\"%u\" waits=\"%llu\" "
                      "blocked-us=\"%llu\" max-us=\"%llu\">", b->site,
                      b->waits, b->blocked_us, b->max_us);
      AT_(report_stack)(b->where);
      AT_(report_fmt)("</blocking-in-async>\n");
   }
   VG_(deleteXA)(bl);
   AT_(report_fmt)("</tasks>\n");
}

/*------------------------------------------------------------*/
/*--- For snapshots                                        ---*/
/*------------------------------------------------------------*/

static Int cmp_snap_spawn(const void* va, const void* vb)
{
   const AT_SnapSpawn* a = va;
   const AT_SnapSpawn* b = vb;
   ULong ha = a->live_bytes + a->cell_bytes, hb = b->live_bytes + b->cell_bytes;
   if (ha != hb) return ha > hb ? -1 : 1;
   return a->site < b->site ? -1 : a->site > b->site ? 1 : 0;
}

static Int cmp_snap_task(const void* va, const void* vb)
{
   const AT_SnapTask* a = va;
   const AT_SnapTask* b = vb;
   ULong ha = a->live_bytes + a->cell_bytes, hb = b->live_bytes + b->cell_bytes;
   if (ha != hb) return ha > hb ? -1 : 1;
   return a->seq < b->seq ? -1 : a->seq > b->seq ? 1 : 0;
}

/* Every live task once; its cell's size from the heap's block table.
   The lists are cut after sorting, so the rows are the largest. */
AT_SnapTasks* AT_(tasks_snapshot)(UInt max_sites, UInt max_tasks)
{
   Word i, n = task_sites ? VG_(sizeXA)(task_sites) : 0, m;
   AT_SnapTasks* st;
   AT_SnapSpawn* all;
   AT_SnapTask*  ts;
   Task* k;
   UInt  nt = 0;
   if (!AT_(clo_task_attr) || n == 0)
      return NULL;
   st  = VG_(calloc)("at.snap_tasks", 1, sizeof(AT_SnapTasks));
   all = VG_(calloc)("at.snap_spawn", n, sizeof(AT_SnapSpawn));
   for (i = 0; i < n; i++) {
      const TaskSite* s = VG_(indexXA)(task_sites, i);
      all[i].site        = (UShort)(i + 1);
      /* Tasks alive are Tokio's cells; a Rayon job or a block_on
         future in flight is not one of them (st->alive counts cells). */
      all[i].tasks       = s->kind == AT_TASK_RAYON
                           || s->kind == AT_TASK_BLOCK_ON
                           ? 0 : s->spawned - s->ended;
      all[i].live_bytes  = s->live_bytes;
      all[i].live_blocks = s->live_blocks;
   }
   ts = VG_(malloc)("at.snap_task_rows",
                    (VG_(HT_count_nodes)(live_tasks) + 1)
                    * sizeof(AT_SnapTask));
   VG_(HT_ResetIter)(live_tasks);
   while ((k = VG_(HT_Next)(live_tasks)) != NULL) {
      const AT_Block* b = AT_(heap_block_at)(k->key);
      AT_SnapTask* t = &ts[nt++];
      t->seq         = k->seq;
      t->site        = k->site;
      t->live_bytes  = k->live_bytes;
      t->live_blocks = k->live_blocks;
      t->cell_bytes  = b ? AT_(block_size)(b) : 0;
      all[k->site - 1].cell_bytes += t->cell_bytes;
   }
   st->alive = nt;
   VG_(ssort)(all, n, sizeof(AT_SnapSpawn), cmp_snap_spawn);
   for (i = 0, m = 0; i < n; i++) {
      const AT_SnapSpawn* a = &all[i];
      if (a->tasks == 0 && a->live_blocks == 0 && a->cell_bytes == 0)
         continue;                                   /* not in use */
      if (m < (Word)max_sites) {
         all[m++] = *a;
      } else {
         st->rest_sites++;
         st->rest_tasks      += a->tasks;
         st->rest_bytes      += a->live_bytes;
         st->rest_blocks     += a->live_blocks;
         st->rest_cell_bytes += a->cell_bytes;
      }
   }
   st->nsites = (UInt)m;
   st->sites  = all;
   VG_(ssort)(ts, nt, sizeof(AT_SnapTask), cmp_snap_task);
   st->ntasks = nt < max_tasks ? nt : max_tasks;
   st->tasks  = ts;
   return st;
}

void AT_(tasks_snapshot_free)(AT_SnapTasks* st)
{
   if (st == NULL)
      return;
   VG_(free)(st->sites);
   VG_(free)(st->tasks);
   VG_(free)(st);
}

/*------------------------------------------------------------*/
/*--- vgdb: monitor tasks [N]                              ---*/
/*------------------------------------------------------------*/

typedef struct {
   UInt  want, at;
   Bool  found;
   HChar fn[AT_FNNAME_MAX];
   HChar path[2 * AT_FNNAME_MAX];
} FrameAt;

static Bool frame_at(const AT_FrameInfo* fi, void* opaque)
{
   FrameAt* f = opaque;
   if (f->at++ != f->want)
      return False;
   VG_(strncpy)(f->fn, fi->fn, sizeof(f->fn) - 1);
   VG_(strncpy)(f->path, fi->path, sizeof(f->path) - 1);
   f->found = True;
   return True;
}

static Int cmp_site_live(const void* va, const void* vb)
{
   const TaskSite* a = *(const TaskSite* const*)va;
   const TaskSite* b = *(const TaskSite* const*)vb;
   if (a->live_bytes != b->live_bytes)
      return a->live_bytes > b->live_bytes ? -1 : 1;
   if (a->insns != b->insns)
      return a->insns > b->insns ? -1 : 1;
   return a->spawned > b->spawned ? -1 : a->spawned < b->spawned ? 1 : 0;
}

/* The n spawn sites holding the most live heap now, with their tasks so
   far: what a hung or growing service's tasks hold. */
void AT_(tasks_monitor)(UInt n)
{
   Word i, ns = task_sites ? VG_(sizeXA)(task_sites) : 0;
   TaskSite** v;
   if (!AT_(clo_task_attr)) {
      VG_(gdb_printf)("tasks are not followed (--task-attribution=no)\n");
      return;
   }
   if (ns == 0) {
      VG_(gdb_printf)("no Tokio task spawned so far (%llu polls seen)\n",
                      poll_entries);
      return;
   }
   v = VG_(malloc)("at.tasks_monitor", ns * sizeof(TaskSite*));
   for (i = 0; i < ns; i++)
      v[i] = VG_(indexXA)(task_sites, i);
   VG_(ssort)(v, ns, sizeof(TaskSite*), cmp_site_live);
   VG_(gdb_printf)("%ld spawn sites, %u tasks spawned; the %ld holding the "
                   "most live heap:\n", ns, task_seq,
                   (Word)n < ns ? (Word)n : ns);
   for (i = 0; i < ns && i < (Word)n; i++) {
      const TaskSite* s = v[i];
      FrameAt f;
      VG_(memset)(&f, 0, sizeof(f));
      f.want = s->frame;
      if (s->spawn)
         AT_(walk_frames_full)(s->spawn, frame_at, &f);
      VG_(gdb_printf)("%2ld. %s (%s): %llu spawned, %llu ended; %llu polls, "
                      "%llu instructions; %llu bytes live in %llu blocks, "
                      "%llu allocated\n", i + 1,
                      f.found ? f.fn : "???", f.found ? f.path : "?",
                      s->spawned, s->ended, s->polls, s->insns,
                      s->live_bytes, s->live_blocks, s->bytes);
   }
   VG_(free)(v);
}

/*--------------------------------------------------------------------*/
/*--- end                                               at_tasks.c ---*/
/*--------------------------------------------------------------------*/
