/*--------------------------------------------------------------------*/
/*--- asynctrace: thread roles from the code threads run.          ---*/
/*---                                                   at_roles.c ---*/
/*--------------------------------------------------------------------*/

/* This file is part of asynctrace.  Copyright (C) 2026 the asynctrace
   authors.  GPL-2.0-or-later; see at_basics.h and COPYING.

   A thread's role comes from the runtime functions it is inside, not
   from its name: names are hints (Tokio's workers and blocking threads
   share one; Rayon's have none).  When code at the entry of such a
   function is translated, the instrumenter plants a call to
   role_enter, which notes the stack pointer and the return address it
   points at.  The function has returned once the stack pointer is above
   that slot, or the slot holds another return address: a sibling call
   (malloc, say) from the same caller reuses the slot.  Events ask
   role_now, which compares a pointer and a word. */

#include "pub_tool_aspacemgr.h"
#include "pub_tool_debuginfo.h"
#include "pub_tool_libcproc.h"
#include "pub_tool_seqmatch.h"
#include "pub_tool_machine.h"
#include "pub_tool_options.h"
#include "pub_tool_threadstate.h"
#include "pub_tool_vki.h"
#include "pub_tool_xarray.h"

#include "at_frames.h"
#include "at_blockon.h"
#include "at_options.h"
#include "at_rayon.h"
#include "at_roles.h"
#include "at_symbols.h"
#include "at_tasks.h"

/*------------------------------------------------------------*/
/*--- Role names and instances                             ---*/
/*------------------------------------------------------------*/

static XArray* role_names;   /* of HChar* */
static XArray* role_insts;   /* of AT_RoleInst */

static const HChar* const builtin_roles[] = {
   "main", "tokio-worker", "tokio-blocking", "tokio-block-on",
   "rayon-worker", "other"
};

UShort AT_(role_intern)(const HChar* name)
{
   Word i, n = VG_(sizeXA)(role_names);
   for (i = 0; i < n; i++)
      if (VG_(strcmp)(*(HChar**)VG_(indexXA)(role_names, i), name) == 0)
         return (UShort)i;
   if (n >= 0xFFFF)   /* absurdly many: fold the rest into "other" */
      return AT_ROLE_OTHER;
   HChar* copy = VG_(strdup)("at.role", name);
   VG_(addToXA)(role_names, &copy);
   return (UShort)n;
}

const HChar* AT_(role_name)(UShort role)
{
   return *(HChar**)VG_(indexXA)(role_names, role);
}

UShort AT_(role_inst)(UShort role, UInt pool)
{
   Word i, n = VG_(sizeXA)(role_insts);
   AT_RoleInst ri;
   for (i = 0; i < n; i++) {
      const AT_RoleInst* r = VG_(indexXA)(role_insts, i);
      if (r->role == role && r->pool == pool)
         return (UShort)i;
   }
   if (n >= 0xFFFF)
      return AT_(role_inst)(AT_ROLE_OTHER, 0);
   ri.role = role;
   ri.pool = pool;
   VG_(addToXA)(role_insts, &ri);
   return (UShort)n;
}

/* As at_print names it: "tokio-worker (runtime 1)", "rayon-worker
   (pool 2)", "main". */
void AT_(role_words)(UShort inst, HChar* buf, SizeT n)
{
   const AT_RoleInst* ri = AT_(role_inst_info)(inst);
   const HChar*       nm = AT_(role_name)(ri->role);
   if (ri->pool)
      VG_(snprintf)(buf, n, "%s (%s %u)", nm,
                    VG_(strncmp)(nm, "tokio-", 6) == 0 ? "runtime" : "pool",
                    ri->pool);
   else
      VG_(snprintf)(buf, n, "%s", nm);
}

const AT_RoleInst* AT_(role_inst_info)(UShort inst)
{
   return VG_(indexXA)(role_insts, inst);
}

UInt AT_(n_role_insts)(void) { return (UInt)VG_(sizeXA)(role_insts); }

/*------------------------------------------------------------*/
/*--- Rules: which function gives which role               ---*/
/*------------------------------------------------------------*/

typedef enum {
   RK_NONE = 0,
   RK_TOKIO_POOL,     /* a blocking-pool thread; its pool is its runtime */
   RK_BLOCK_ON,
   RK_RAYON,
   RK_TOKIO_WORKER,
   RK_USER,           /* --role= rules */
   RK_TASK_POLL,      /* not a role: a Tokio task's poll (at_tasks.c) */
   RK_RAYON_STACKJOB, /* nor these: a Rayon job run (at_rayon.c) */
   RK_RAYON_HEAPJOB
} RuleKind;

typedef struct {
   HChar* pattern;    /* glob over normalized names (at_frames.h) */
   UChar  kind;
   UShort role;
} Rule;

static XArray* rules;   /* of Rule; user rules first, so they win */

/* --role=ROLE:name=GLOB: the role a thread gets when it names itself.
   Each rule is a pool of its role (db-writer-* pool 1, db-reader-*
   pool 2 of role db), so that two kinds of threads of one role stay
   apart. */
typedef struct {
   HChar* pattern;
   UShort inst;
} NameRule;

static XArray* name_rules;   /* of NameRule, in the order given */

/* Each rule of a role is a pool of its own. */
static void add_name_rule(const HChar* pattern, UShort role)
{
   NameRule nr;
   UInt     pool = 1;
   Word     j;
   if (name_rules == NULL)
      name_rules = VG_(newXA)(VG_(malloc), "at.name_rules", VG_(free),
                              sizeof(NameRule));
   for (j = 0; j < VG_(sizeXA)(name_rules); j++) {
      const NameRule* o = VG_(indexXA)(name_rules, j);
      if (AT_(role_inst_info)(o->inst)->role == role)
         pool++;
   }
   nr.pattern = VG_(strdup)("at.name_rule", pattern);
   nr.inst    = AT_(role_inst)(role, pool);
   VG_(addToXA)(name_rules, &nr);
}

/* Without symbols (at_symbols.c: the executable's, or a shared
   object's with runtime code) no runtime function can be seen, but
   Tokio's threads keep its default name unless the program gives one
   (1.24 "tokio-runtime-worker", cut to Linux's 15 bytes; current
   "tokio-rt-worker").  Workers and blocking threads share it, so the
   role says only that: tokio-runtime.  After the program's rules, which
   win. */
static const HChar* const tokio_default_names[] = {
   "tokio-runtime-w*", "tokio-rt-worker"
};

static void add_stripped_name_rules(void)
{
   static Bool added;
   UShort inst;
   UInt   i;
   if (added)
      return;
   added = True;
   inst = AT_(role_inst)(AT_(role_intern)("tokio-runtime"), 0);
   if (name_rules == NULL)
      name_rules = VG_(newXA)(VG_(malloc), "at.name_rules", VG_(free),
                              sizeof(NameRule));
   for (i = 0; i < sizeof(tokio_default_names) / sizeof(HChar*); i++) {
      NameRule nr;
      nr.pattern = VG_(strdup)("at.name_rule", tokio_default_names[i]);
      nr.inst    = inst;
      VG_(addToXA)(name_rules, &nr);
   }
}

/* Tokio 1.x and Rayon 1.x, old and new module paths. */
static const struct { const HChar* pattern; RuleKind kind; } builtin_rules[] = {
   { "tokio::runtime::scheduler::multi_thread::worker::run", RK_TOKIO_WORKER },
   { "tokio::runtime::thread_pool::worker::run",             RK_TOKIO_WORKER },
   { "tokio::runtime::blocking::pool::Inner::run",           RK_TOKIO_POOL },
   { "rayon_core::registry::ThreadBuilder::run",             RK_RAYON },
   { "rayon_core::registry::main_loop",                      RK_RAYON },
   { "tokio::runtime::park::CachedParkThread::block_on",     RK_BLOCK_ON },
   { "tokio::park::thread::CachedParkThread::block_on",      RK_BLOCK_ON },
   { "tokio::runtime::scheduler::current_thread::CoreGuard::block_on",
                                                             RK_BLOCK_ON },
   { "tokio::runtime::basic_scheduler::CoreGuard::block_on", RK_BLOCK_ON },
   /* CoreGuard::block_on is often inlined into these: */
   { "tokio::runtime::scheduler::current_thread::CurrentThread::block_on",
                                                             RK_BLOCK_ON },
   { "tokio::runtime::basic_scheduler::BasicScheduler::block_on",
                                                             RK_BLOCK_ON },
   { "tokio::runtime::runtime::Runtime::block_on",           RK_BLOCK_ON },
   { "tokio::runtime::Runtime::block_on",                    RK_BLOCK_ON },
   { "tokio::runtime::handle::Handle::block_on",             RK_BLOCK_ON },
   /* A task's poll: raw::poll, through the task's vtable; it calls (or
      jumps to) Harness::poll, which is all there is of it in some
      builds.  Both take the cell's address first. */
   { "tokio::runtime::task::raw::poll",                      RK_TASK_POLL },
   { "tokio::runtime::task::harness::Harness::poll",         RK_TASK_POLL },
   /* A Rayon job run: <StackJob<L, F, R> as Job>::execute and HeapJob's,
      called through the JobRef's pointer, the job first. */
   { "rayon_core::job::StackJob::execute",                   RK_RAYON_STACKJOB },
   { "rayon_core::job::HeapJob::execute",                    RK_RAYON_HEAPJOB },
};

static void add_rule(const HChar* pattern, RuleKind kind, UShort role)
{
   Rule r;
   r.pattern = VG_(strdup)("at.rule", pattern);
   r.kind    = kind;
   r.role    = role;
   VG_(addToXA)(rules, &r);
}

static UShort role_of_kind(RuleKind k)
{
   switch (k) {
      case RK_TOKIO_POOL:   return AT_ROLE_TOKIO_BLOCKING;
      case RK_BLOCK_ON:     return AT_ROLE_TOKIO_BLOCK_ON;
      case RK_RAYON:        return AT_ROLE_RAYON_WORKER;
      case RK_TOKIO_WORKER: return AT_ROLE_TOKIO_WORKER;
      default:              return AT_ROLE_OTHER;
   }
}

void AT_(roles_init)(void)
{
   UInt i;
   Word k;
   role_names = VG_(newXA)(VG_(malloc), "at.roles", VG_(free),
                           sizeof(HChar*));
   role_insts = VG_(newXA)(VG_(malloc), "at.role_insts", VG_(free),
                           sizeof(AT_RoleInst));
   rules = VG_(newXA)(VG_(malloc), "at.rules", VG_(free), sizeof(Rule));
   for (i = 0; i < sizeof(builtin_roles) / sizeof(builtin_roles[0]); i++)
      AT_(role_intern)(builtin_roles[i]);
   /* Instances 0..5: the roles without a pool, so a role number is also
      its pool-less instance. */
   for (i = 0; i < sizeof(builtin_roles) / sizeof(builtin_roles[0]); i++)
      AT_(role_inst)((UShort)i, 0);

   /* --role=ROLE:PATTERN, checked when parsed. */
   for (k = 0; AT_(clo_role_rules) && k < VG_(sizeXA)(AT_(clo_role_rules));
        k++) {
      const HChar* arg = *(HChar**)VG_(indexXA)(AT_(clo_role_rules), k);
      const HChar* colon = VG_(strchr)(arg, ':');
      HChar role[64];
      Int   n = colon - arg;
      VG_(memcpy)(role, arg, n);
      role[n] = '\0';
      if (VG_(strncmp)(colon + 1, "name=", 5) == 0) {
         add_name_rule(colon + 6, AT_(role_intern)(role));
         continue;
      }
      add_rule(colon + 1, RK_USER, AT_(role_intern)(role));
   }
   for (i = 0; i < sizeof(builtin_rules) / sizeof(builtin_rules[0]); i++)
      add_rule(builtin_rules[i].pattern, builtin_rules[i].kind,
               role_of_kind(builtin_rules[i].kind));
}

Int AT_(role_rule_at)(Addr a)
{
   const HChar* name;
   HChar norm[AT_FNNAME_MAX];
   Word i, n;
   /* The first code translated: the executable's symbols are read.
      (at_symbols.c checks it then; a shared object without symbols
      may turn up later, before its code is translated.) */
   if (AT_(symbols_missing)())
      add_stripped_name_rules();
   if (!VG_(get_fnname_if_entry)(VG_(current_DiEpoch)(), a, &name))
      return -1;
   AT_(normalize_fnname)(name, norm);
   n = VG_(sizeXA)(rules);
   for (i = 0; i < n; i++) {
      const Rule* r = VG_(indexXA)(rules, i);
      if (VG_(string_match)(r->pattern, norm))
         return (Int)i;
   }
   return -1;
}

/*------------------------------------------------------------*/
/*--- Pools                                                ---*/
/*------------------------------------------------------------*/

/* A Tokio runtime is known by its blocking pool: Inner::run(&self) gets
   the pool's address, one per runtime, in its first argument.  Workers
   run inside the blocking pool too, so they share the number. */
static XArray* tokio_runtimes;   /* of Addr: runtime n is index n-1 */

static UInt tokio_runtime(Addr inner)
{
   Word i, n = VG_(sizeXA)(tokio_runtimes);
   for (i = 0; i < n; i++)
      if (*(Addr*)VG_(indexXA)(tokio_runtimes, i) == inner)
         return (UInt)i + 1;
   VG_(addToXA)(tokio_runtimes, &inner);
   return (UInt)n + 1;
}

/* A Rayon pool creates all its threads from one thread and one place
   in the source (Registry::new's loop); that pair names the pool.  One
   place, not one code address: since rayon-core 1.12 that loop tests
   index == 0 (use_current_thread), and rustc peels the first turn, so
   thread 0 is spawned from a copy of the call at another address. */
typedef struct { UInt creator; ExeContext* where; } RayonKey;
static XArray* rayon_pools;      /* of RayonKey */

static UInt rayon_pool(const AT_Thread* t)
{
   Word i, n = VG_(sizeXA)(rayon_pools);
   RayonKey k = { t->creator, t->creation };
   for (i = 0; i < n; i++) {
      const RayonKey* r = VG_(indexXA)(rayon_pools, i);
      if (r->creator == k.creator
          && (r->where == k.where
              || (r->where && k.where
                  && AT_(same_source_stack)(r->where, k.where))))
         return (UInt)i + 1;
   }
   VG_(addToXA)(rayon_pools, &k);
   return (UInt)n + 1;
}

/*------------------------------------------------------------*/
/*--- A thread's role over time                            ---*/
/*------------------------------------------------------------*/

static void set_current(AT_Thread* t, UShort inst)
{
   AT_RoleChange c;
   if (inst == t->cur_inst && VG_(sizeXA)(t->role_history) > 0)
      return;
   t->cur_inst = inst;
   c.since_ms  = AT_NOW_MS();
   c.inst      = inst;
   VG_(addToXA)(t->role_history, &c);
}

static UShort top_inst(const AT_Thread* t)
{
   return t->rdepth ? t->rstack[t->rdepth - 1].inst : t->base_inst;
}

void AT_(roles_thread_start)(AT_Thread* t)
{
   if (tokio_runtimes == NULL) {
      tokio_runtimes = VG_(newXA)(VG_(malloc), "at.tokio_rt", VG_(free),
                                  sizeof(Addr));
      rayon_pools = VG_(newXA)(VG_(malloc), "at.rayon_pools", VG_(free),
                               sizeof(RayonKey));
   }
   t->role_history = VG_(newXA)(VG_(malloc), "at.role_history", VG_(free),
                                sizeof(AT_RoleChange));
   t->base_inst    = t->seq == 1 ? AT_ROLE_MAIN : AT_ROLE_OTHER;
   t->pool_index   = -1;
   set_current(t, t->base_inst);
}

VG_REGPARM(3) void AT_(role_enter)(UWord rule, UWord sp, UWord arg0)
{
   ThreadId    tid = VG_(get_running_tid)();
   AT_Thread*  t   = AT_(thread)(tid);
   const Rule* r   = VG_(indexXA)(rules, rule);
   UShort inst;
   UInt   i;

   if (t == NULL)
      return;
   if (r->kind == RK_TASK_POLL) {
      AT_(task_enter)(tid, sp, arg0);
      return;
   }
   if (r->kind == RK_RAYON_STACKJOB || r->kind == RK_RAYON_HEAPJOB) {
      AT_(rayon_job_enter)(tid, sp, arg0, r->kind == RK_RAYON_HEAPJOB);
      return;
   }
   /* Frames entered at or below this SP have returned. */
   while (t->rdepth > 0 && t->rstack[t->rdepth - 1].sp <= sp)
      t->rdepth--;

   switch (r->kind) {
      case RK_TOKIO_POOL:
         inst = AT_(role_inst)(AT_ROLE_TOKIO_BLOCKING, tokio_runtime(arg0));
         break;
      case RK_TOKIO_WORKER: {
         UInt pool = 0;
         for (i = t->rdepth; i > 0; i--)
            if (t->rstack[i - 1].kind == RK_TOKIO_POOL) {
               pool = AT_(role_inst_info)(t->rstack[i - 1].inst)->pool;
               break;
            }
         inst = AT_(role_inst)(AT_ROLE_TOKIO_WORKER, pool);
         break;
      }
      case RK_RAYON:
         inst = AT_(role_inst)(AT_ROLE_RAYON_WORKER, rayon_pool(t));
         break;
      case RK_BLOCK_ON:
         inst = AT_(role_inst)(AT_ROLE_TOKIO_BLOCK_ON, 0);
         AT_(blockon_enter)(tid, sp);    /* its future, as a task */
         break;
      default:
         inst = AT_(role_inst)(r->role, 0);
         break;
   }
   if (t->rdepth < AT_ROLE_DEPTH) {
      Addr hi = VG_(thread_get_stack_max)(tid);
      Addr lo = hi - VG_(thread_get_stack_size)(tid);
      t->rstack[t->rdepth].sp   = sp;
      t->rstack[t->rdepth].ra   = *(Addr*)sp;   /* just pushed by the call */
      t->rstack[t->rdepth].off_stack = sp < lo || sp > hi;
      t->rstack[t->rdepth].inst = inst;
      t->rstack[t->rdepth].kind = r->kind;
      /* The runtimes' own frames anchor stacks (at_stack.c); a --role=
         rule's function might be called through a pointer that calls
         others from the same place, which would look still in force. */
      t->rstack[t->rdepth].gen  = r->kind != RK_USER ? AT_(anchor_gen)() : 0;
      t->rdepth++;
   }
   set_current(t, top_inst(t));
}

static inline Bool returned(const AT_RoleFrame* f, Addr sp)
{
   return AT_(entry_returned)(f->sp, f->ra, f->off_stack, sp);
}

UShort AT_(role_at)(AT_Thread* t, Addr sp)
{
   if (t == NULL)
      return AT_ROLE_OTHER;
   if (t->rdepth > 0 && returned(&t->rstack[t->rdepth - 1], sp)) {
      do {
         t->rdepth--;
      } while (t->rdepth > 0 && returned(&t->rstack[t->rdepth - 1], sp));
      set_current(t, top_inst(t));
   }
   return t->cur_inst;
}

UShort AT_(role_now)(ThreadId tid)
{
   AT_Thread* t = AT_(thread)(tid);
   return t == NULL ? AT_ROLE_OTHER : AT_(role_at)(t, VG_(get_SP)(tid));
}

void AT_(roles_set)(ThreadId tid, const HChar* role)
{
   AT_Thread* t = AT_(thread)(tid);
   if (t == NULL)
      return;
   t->base_inst    = AT_(role_inst)(AT_(role_intern)(role), 0);
   t->role_set     = True;
   t->role_by_name = False;
   set_current(t, top_inst(t));
}

/* The thread named itself: the first --role=ROLE:name= rule that matches
   gives it its role (ASYNCTRACE_SET_ROLE still wins). */
void AT_(roles_named)(AT_Thread* t, const HChar* name)
{
   Word i;
   if (AT_(symbols_missing)())     /* (a thread may name itself before
                                       any new code is translated) */
      add_stripped_name_rules();
   if (name_rules == NULL || t->role_set)
      return;
   for (i = 0; i < VG_(sizeXA)(name_rules); i++) {
      const NameRule* nr = VG_(indexXA)(name_rules, i);
      if (VG_(string_match)(nr->pattern, name)) {
         t->base_inst    = nr->inst;
         t->role_by_name = True;
         set_current(t, top_inst(t));
         return;
      }
   }
}

/*------------------------------------------------------------*/
/*--- At the end: primary roles, indices, lifecycles       ---*/
/*------------------------------------------------------------*/

static XArray* lives;   /* of AT_RoleLife, by instance */

const AT_RoleLife* AT_(role_life)(UShort inst)
{
   return VG_(indexXA)(lives, inst);
}

/* Which of a thread's roles names it: the most specific it ever had. */
static Int role_rank(UShort role)
{
   switch (role) {
      case AT_ROLE_MAIN:           return 0;
      case AT_ROLE_OTHER:          return 0;
      case AT_ROLE_TOKIO_BLOCKING: return 1;
      case AT_ROLE_TOKIO_BLOCK_ON: return 2;
      case AT_ROLE_RAYON_WORKER:   return 3;
      case AT_ROLE_TOKIO_WORKER:   return 4;
      default:                     return 5;   /* the program's own */
   }
}

static UShort primary_of(const AT_Thread* t)
{
   Word i, n = VG_(sizeXA)(t->role_history);
   UShort best = t->base_inst;
   Int    best_rank = -1;
   /* The main thread stays main, but for a role it chose itself. */
   if (t->seq == 1 || t->role_set)
      return t->base_inst;
   for (i = 0; i < n; i++) {
      const AT_RoleChange* c = VG_(indexXA)(t->role_history, i);
      Int rank = role_rank(AT_(role_inst_info)(c->inst)->role);
      if (rank > best_rank) {
         best_rank = rank;
         best = c->inst;
      }
   }
   return best;
}

typedef struct { ULong ev; Int delta; UShort inst; } LifeEvent;

static Int cmp_life_event(const void* va, const void* vb)
{
   const LifeEvent* a = va;
   const LifeEvent* b = vb;
   if (a->ev != b->ev) return a->ev < b->ev ? -1 : 1;
   return a->delta < b->delta ? -1 : a->delta > b->delta ? 1 : 0;
}

typedef struct { UInt seq; UShort inst; } JoinOrder;

/* Pools number their threads in the order they create them (Rayon's
   Registry::new and Tokio's worker launch both go 0..n). */
static Int cmp_join(const void* va, const void* vb)
{
   const JoinOrder* a = va;
   const JoinOrder* b = vb;
   if (a->inst != b->inst) return a->inst < b->inst ? -1 : 1;
   return a->seq < b->seq ? -1 : a->seq > b->seq ? 1 : 0;
}

void AT_(roles_finish)(void)
{
   UInt   i, n = AT_(n_threads)();
   UInt   ninst = AT_(n_role_insts)();
   XArray* evs   = VG_(newXA)(VG_(malloc), "at.life_ev", VG_(free),
                              sizeof(LifeEvent));
   XArray* joins = VG_(newXA)(VG_(malloc), "at.joins", VG_(free),
                              sizeof(JoinOrder));
   ULong*  alive = VG_(calloc)("at.alive", ninst, sizeof(ULong));
   Word    k;

   if (lives)
      VG_(deleteXA)(lives);
   lives = VG_(newXA)(VG_(malloc), "at.lives", VG_(free),
                      sizeof(AT_RoleLife));
   for (i = 0; i < ninst; i++) {
      AT_RoleLife z;
      VG_(memset)(&z, 0, sizeof(z));
      VG_(addToXA)(lives, &z);
   }

   for (i = 1; i <= n; i++) {
      AT_Thread*   t = AT_(thread_by_seq)(i);
      AT_RoleLife* l;
      LifeEvent e;
      JoinOrder j;
      t->primary_inst = primary_of(t);
      t->pool_index   = -1;
      l = VG_(indexXA)(lives, t->primary_inst);
      l->threads++;
      l->insns += t->insns;
      if (t->alive) l->alive_at_exit++; else l->ended++;
      e.inst = t->primary_inst;
      e.ev = t->start_ev; e.delta = +1;
      VG_(addToXA)(evs, &e);
      if (!t->alive) {
         e.ev = t->end_ev; e.delta = -1;
         VG_(addToXA)(evs, &e);
      }
      if (AT_(role_inst_info)(t->primary_inst)->pool != 0) {
         j.seq  = t->seq;
         j.inst = t->primary_inst;
         VG_(addToXA)(joins, &j);
      }
   }

   VG_(setCmpFnXA)(evs, cmp_life_event);
   VG_(sortXA)(evs);
   for (k = 0; k < VG_(sizeXA)(evs); k++) {
      const LifeEvent* e = VG_(indexXA)(evs, k);
      AT_RoleLife* l = VG_(indexXA)(lives, e->inst);
      alive[e->inst] += e->delta;
      if (alive[e->inst] > l->peak_alive)
         l->peak_alive = alive[e->inst];
   }
   for (i = 0; i < ninst; i++) {
      AT_RoleLife* l = VG_(indexXA)(lives, i);
      l->churn = l->threads - l->peak_alive;
   }

   VG_(setCmpFnXA)(joins, cmp_join);
   VG_(sortXA)(joins);
   for (k = 0; k < VG_(sizeXA)(joins); k++) {
      const JoinOrder* j = VG_(indexXA)(joins, k);
      const JoinOrder* prev = k > 0 ? VG_(indexXA)(joins, k - 1) : NULL;
      AT_Thread* t = AT_(thread_by_seq)(j->seq);
      t->pool_index = (prev && prev->inst == j->inst)
                         ? AT_(thread_by_seq)(prev->seq)->pool_index + 1 : 0;
   }
   VG_(deleteXA)(evs);
   VG_(deleteXA)(joins);
   VG_(free)(alive);
}

/*--------------------------------------------------------------------*/
/*--- end                                               at_roles.c ---*/
/*--------------------------------------------------------------------*/
