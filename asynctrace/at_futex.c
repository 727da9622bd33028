/*--------------------------------------------------------------------*/
/*--- asynctrace: futex waits and wakes.                at_futex.c ---*/
/*--------------------------------------------------------------------*/

/* This file is part of asynctrace.  Copyright (C) 2026 the asynctrace
   authors.  GPL-2.0-or-later; see at_basics.h and COPYING.

   Every futex call is decoded in the syscall wrapper.  A wait is timed
   from the pre- to the post-syscall hook: under Valgrind's serialised
   scheduler that includes the time to get the big lock back.  Its site
   is the first frame above the parking code (std, parking_lot, glibc).
   Its class says what it waited for: a lock, a condition (condvar,
   channel, barrier, Once), a thread's exit (join: the word is one the
   kernel clears when a thread exits), a timeout with nothing else to
   wait for (sleep), work (idle: a runtime thread parking), or other.
   The word and the outcome decide joins and sleeps, the frames the
   rest (see wait_class).  Every figure is kept by thread, by role and
   by site, and a site is split by class. */

#include "pub_tool_hashtable.h"
#include "pub_tool_libcproc.h"
#include "pub_tool_threadstate.h"
#include "pub_tool_vki.h"
#include "pub_tool_vkiscnums.h"
#include "pub_tool_xarray.h"

#include "at_attr.h"
#include "at_clock.h"
#include "at_frames.h"
#include "at_futex.h"
#include "at_stack.h"
#include "at_threads.h"

#define AT_FUTEX_WAIT             0
#define AT_FUTEX_WAKE             1
#define AT_FUTEX_REQUEUE          3
#define AT_FUTEX_CMP_REQUEUE      4
#define AT_FUTEX_WAKE_OP          5
#define AT_FUTEX_LOCK_PI          6
#define AT_FUTEX_UNLOCK_PI        7
#define AT_FUTEX_TRYLOCK_PI       8
#define AT_FUTEX_WAIT_BITSET      9
#define AT_FUTEX_WAKE_BITSET      10
#define AT_FUTEX_WAIT_REQUEUE_PI  11
#define AT_FUTEX_CMP_REQUEUE_PI   12
#define AT_FUTEX_LOCK_PI2         13
#define AT_FUTEX_PRIVATE_FLAG     128
#define AT_FUTEX_CLOCK_REALTIME   256

const HChar* AT_(futex_op_name)(UInt cmd)
{
   static const HChar* const names[] = {
      "WAIT", "WAKE", "FD", "REQUEUE", "CMP_REQUEUE", "WAKE_OP",
      "LOCK_PI", "UNLOCK_PI", "TRYLOCK_PI", "WAIT_BITSET", "WAKE_BITSET",
      "WAIT_REQUEUE_PI", "CMP_REQUEUE_PI", "LOCK_PI2"
   };
   return cmd < sizeof(names) / sizeof(names[0]) ? names[cmd] : "UNKNOWN";
}

static Bool is_wait(UInt cmd)
{
   return cmd == AT_FUTEX_WAIT || cmd == AT_FUTEX_WAIT_BITSET
       || cmd == AT_FUTEX_LOCK_PI || cmd == AT_FUTEX_LOCK_PI2
       || cmd == AT_FUTEX_WAIT_REQUEUE_PI;
}

static Bool is_wake(UInt cmd)
{
   return cmd == AT_FUTEX_WAKE || cmd == AT_FUTEX_WAKE_BITSET
       || cmd == AT_FUTEX_REQUEUE || cmd == AT_FUTEX_CMP_REQUEUE
       || cmd == AT_FUTEX_WAKE_OP || cmd == AT_FUTEX_UNLOCK_PI
       || cmd == AT_FUTEX_CMP_REQUEUE_PI;
}

/*------------------------------------------------------------*/
/*--- What a wait waited for                               ---*/
/*------------------------------------------------------------*/

/* Frames of the parking machinery itself: the site is the first frame
   above them. */
static const HChar* const parking_code[] = {
   "syscall", "__GI_syscall", "futex_*", "__futex*", "*_futex_*",
   "__lll_*", "lll_*", "do_futex_wait*", "__new_sem_wait*", "sem_*",
   "pthread_cond_*", "__pthread_cond_*", "___pthread_cond_*",
   "pthread_mutex_*", "__pthread_mutex_*", "___pthread_mutex_*",
   "pthread_rwlock_*", "__pthread_rwlock_*", "___pthread_rwlock_*",
   "pthread_join*", "__pthread_clockjoin*", "__pthread_timedjoin*",
   "std::sys::*", "std::sys_common::*", "std::sync::*", "std::thread::park*",
   "std::thread::Thread::park*", "std::thread::JoinInner*",
   "std::thread::JoinHandle*", "std::panicking::*",
   "core::*", "parking_lot::*", "parking_lot_core::*", "lock_api::*",
   "crossbeam_utils::sync::*", "crossbeam_channel::*", "tokio::loom::*",
   "tokio::sync::*",
   /* an inlined call without a name in the debug info */
   "UnknownInlinedFun",
   NULL
};

/* A frame anywhere in the wait stack that says the thread is idle. */
static const HChar* const idle_code[] = {
   "tokio::runtime::scheduler::multi_thread::park::*",
   "tokio::runtime::scheduler::multi_thread::worker::Context::park*",
   "tokio::runtime::thread_pool::park::*",
   "tokio::runtime::thread_pool::worker::Context::park*",
   "tokio::runtime::scheduler::current_thread::*park*",
   "tokio::runtime::basic_scheduler::*park*",
   "tokio::runtime::park::*park*",
   "tokio::park::*",
   "rayon_core::sleep::*sleep*",
   NULL
};

/* Inlined frames have bare names ("wait_for<T>", "lock"): their source
   file says they are parking code (parking_lot's, lock_api's, Tokio's
   loom wrappers around std's and parking_lot's locks and condvars), so
   that the site key is the caller's frame, as for std's. */
static Bool parking_path(const HChar* path)
{
   return VG_(strstr)(path, "/parking_lot-") != NULL
       || VG_(strstr)(path, "/parking_lot_core-") != NULL
       || VG_(strstr)(path, "/lock_api-") != NULL
       || ((VG_(strstr)(path, "/tokio-") != NULL
            || VG_(strstr)(path, "/tokio/src/") != NULL)
           && VG_(strstr)(path, "/src/loom/") != NULL);
}

/* The site key itself says idle, unless the wait is for a lock: the
   blocking pool's thread loop, whose one condvar wait is its keep-alive
   wait for work (std's or, with Tokio's parking_lot feature,
   parking_lot's Condvar); its waits for the pool's mutex are locks. */
static const HChar* const idle_sites[] = {
   "tokio::runtime::blocking::pool::Inner::run",
   NULL
};

/* Frames that say what a call waits for or wakes: the innermost one
   that matches decides (a condvar wait that takes its mutex back and
   finds it held is a lock wait). */
static const HChar* const lock_code[] = {
   /* glibc: mutexes (also the one a condvar wait takes back), rwlocks,
      its internal lll locks */
   "__lll_lock*", "__lll_unlock*", "__lll_*lock_wa*", "lll_*lock*",
   "pthread_mutex_*", "__pthread_mutex_*", "___pthread_mutex_*",
   "pthread_rwlock_*", "__pthread_rwlock_*", "___pthread_rwlock_*",
   "mtx_*lock",
   /* std's futex mutex and rwlock slow paths, old and new paths */
   "std::sys::*futex_mutex::*", "std::sys::*futex_rwlock::*",
   "std::sys::*::mutex::futex::*", "std::sys::*::rwlock::futex::*",
   "std::sys::*pthread_mutex*", "std::sys::*::mutex::*Mutex*",
   "std::sys::*::rwlock::*RwLock*",
   "std::sync::mutex::*", "std::sync::rwlock::*",
   "std::sync::poison::mutex::*", "std::sync::poison::rwlock::*",
   "std::sync::reentrant_lock::*", "std::sys_common::remutex::*",
   "*::lock_contended", "*::read_contended", "*::write_contended",
   /* parking_lot's and lock_api's mutexes and rwlocks */
   "parking_lot::raw_mutex::*", "parking_lot::raw_rwlock::*",
   "parking_lot::raw_fair_mutex::*", "parking_lot::remutex::*",
   "parking_lot::mutex::*", "parking_lot::rwlock::*",
   "parking_lot::fair_mutex::*", "lock_api::*",
   NULL
};

static const HChar* const condition_code[] = {
   "pthread_cond_*", "__pthread_cond_*", "___pthread_cond_*",
   "__condvar_*", "pthread_barrier_*", "__pthread_barrier_*",
   "___pthread_barrier_*", "pthread_once*", "__pthread_once*",
   "___pthread_once*", "sem_*", "__new_sem_*", "__sem_*",
   "do_futex_wait*", "cnd_*wait",
   "std::sys::*condvar*", "std::sync::condvar::*", "std::sync::barrier::*",
   "std::sync::once::*", "std::sync::once_lock::*", "std::sync::lazy_lock::*",
   "std::sys::*::once::*", "std::sys_common::once::*",
   "std::sync::mpsc::*", "std::sync::mpmc::*",
   "parking_lot::condvar::*", "parking_lot::once::*",
   "crossbeam_channel::*", "crossbeam_utils::sync::wait_group::*",
   "rayon_core::latch::*",
   NULL
};

static const HChar* const join_code[] = {
   "pthread_join*", "__pthread_join*", "___pthread_join*",
   "__pthread_clockjoin*", "pthread_clockjoin*", "__pthread_timedjoin*",
   "pthread_timedjoin*", "thrd_join",
   "std::thread::JoinInner*", "std::thread::JoinHandle*",
   "std::thread::scoped::*", "std::sys::*::Thread::join",
   NULL
};

/* Only when no frame above says more: a bare park waits for an unpark,
   a bare park_timeout is a sleep.  (Inlined frames have bare names,
   without their paths: only qualified names are matched, and so only
   the outermost frame of an inlined chain may say anything.) */
static const HChar* const park_timeout_code[] = {
   "std::thread::*park_timeout*", "std::sys*::*Parker::park_timeout*",
   NULL
};

static const HChar* const park_code[] = {
   "std::thread::*park*", "std::sys*::*Parker::park*",
   "parking_lot_core::*park*", "crossbeam_utils::sync::parker::*",
   NULL
};

const HChar* AT_(wait_class_name)(UInt klass)
{
   static const HChar* const names[AT_WAIT_N] = {
      "lock", "condition", "join", "sleep", "idle", "other"
   };
   return klass < AT_WAIT_N ? names[klass] : "other";
}

typedef struct _Classified {
   struct _Classified* next;
   UWord  ecu;             /* key */
   Addr   key_ip;
   UChar  klass;           /* from the frames alone */
} Classified;

static VgHashTable* classified;   /* by ECU: each stack walked once */

typedef struct {
   Addr  key_ip;
   Bool  have_key;
   Bool  idle;
   Bool  idle_site;  /* the key is an idle site */
   Int   decided;    /* the innermost deciding frame's class, or -1 */
   Int   fallback;   /* the innermost park frame's class, or -1 */
} ClassifyState;

static Bool classify_frame(const AT_FrameInfo* fi, void* opaque)
{
   ClassifyState* s = opaque;
   const HChar* fn = fi->fn;
   if (!s->have_key && !AT_(fn_matches_any)(fn, parking_code)
       && !(fi->inlined && parking_path(fi->path))) {
      s->key_ip   = fi->ip;
      s->have_key = True;
      if (AT_(fn_matches_any)(fn, idle_sites))
         s->idle_site = True;
   }
   if (AT_(fn_matches_any)(fn, idle_code))
      s->idle = True;
   if (s->decided < 0) {
      if (AT_(fn_matches_any)(fn, lock_code))
         s->decided = AT_WAIT_LOCK;
      else if (AT_(fn_matches_any)(fn, join_code))
         s->decided = AT_WAIT_JOIN;
      else if (AT_(fn_matches_any)(fn, condition_code))
         s->decided = AT_WAIT_CONDITION;
   }
   if (s->fallback < 0) {
      if (AT_(fn_matches_any)(fn, park_timeout_code))
         s->fallback = AT_WAIT_SLEEP;
      else if (AT_(fn_matches_any)(fn, park_code))
         s->fallback = AT_WAIT_CONDITION;
   }
   return False;   /* look at every frame */
}

static const Classified* classify(ExeContext* ec)
{
   Bool made;
   Classified* c = AT_(ht_node)(classified, VG_(get_ECU_from_ExeContext)(ec),
                                sizeof(Classified), "at.classified", &made);
   if (made) {
      ClassifyState s = { 0, False, False, False, -1, -1 };
      AT_(walk_frames_full)(ec, classify_frame, &s);
      c->key_ip = s.have_key ? s.key_ip : 0;
      c->klass  = s.idle ? AT_WAIT_IDLE
                : s.idle_site && s.decided != AT_WAIT_LOCK ? AT_WAIT_IDLE
                : s.decided >= 0 ? s.decided
                : s.fallback >= 0 ? s.fallback : AT_WAIT_OTHER;
   }
   return c;
}

/* The words the kernel clears and wakes when a thread exits (clone's
   CLONE_CHILD_CLEARTID, set_tid_address): pthread_join and Rust's
   join wait on them.  Kept for the whole run: glibc hands the same
   thread descriptors, and words, to later threads. */
typedef struct _TidWord {
   struct _TidWord* next;
   UWord            addr;   /* key */
} TidWord;
static VgHashTable* tid_words;

#define AT_CLONE_VM             0x00000100
#define AT_CLONE_CHILD_CLEARTID 0x00200000

void AT_(futex_clear_tid)(UInt sysno, UWord* args)
{
   Addr a = 0;
   if (sysno == __NR_clone) {
      /* amd64: flags, stack, parent_tid, child_tid, tls */
      if ((args[0] & (AT_CLONE_VM | AT_CLONE_CHILD_CLEARTID))
          == (AT_CLONE_VM | AT_CLONE_CHILD_CLEARTID))
         a = (Addr)args[3];
   } else if (sysno == __NR_set_tid_address) {
      a = (Addr)args[0];
   }
   if (a != 0)
      AT_(ht_node)(tid_words, a, sizeof(TidWord), "at.futex_tid_word", NULL);
}

/*------------------------------------------------------------*/
/*--- Aggregates                                           ---*/
/*------------------------------------------------------------*/

static XArray* by_thread;   /* of AT_FutexStats, index seq-1 */
static XArray* by_role;     /* of AT_FutexStats, by role instance */

typedef struct _SiteNode {
   struct _SiteNode* next;
   UWord             key;   /* key_ip << 16 | inst: user addresses
                               have 47 bits */
   AT_FutexSite*     by_class[AT_WAIT_N];   /* made when first used */
} SiteNode;
static VgHashTable* sites;

typedef struct _PairNode {
   struct _PairNode* next;
   UWord             key;   /* waker << 32 | waiter */
   ULong             count;
   ULong             by_class[AT_WAIT_N];   /* the waits' classes */
} PairNode;
static VgHashTable* pairs;

static AT_FutexStats* stats_at(XArray* xa, UWord i)
{
   while ((UWord)VG_(sizeXA)(xa) <= i) {
      AT_FutexStats z;
      VG_(memset)(&z, 0, sizeof(z));
      VG_(addToXA)(xa, &z);
   }
   return VG_(indexXA)(xa, i);
}

const AT_FutexStats* AT_(futex_of_thread)(UInt seq)
{
   return stats_at(by_thread, seq - 1);
}

const AT_FutexStats* AT_(futex_of_role)(UShort inst)
{
   return stats_at(by_role, inst);
}

/* A site is its key frame, role and class: one stack may make waits
   of two classes (a condvar wait that is a sleep when nothing wakes
   it). */
static AT_FutexSite* site_for(ExeContext* ec, UShort inst, UChar klass)
{
   const Classified* c = classify(ec);
   SiteNode* n = AT_(ht_node)(sites, ((UWord)c->key_ip << 16) | inst,
                              sizeof(SiteNode), "at.futex_site", NULL);
   if (n->by_class[klass] == NULL) {
      AT_FutexSite* s = VG_(calloc)("at.futex_site_class", 1, sizeof(*s));
      s->key_ip = c->key_ip;
      s->inst   = inst;
      s->klass  = klass;
      s->where  = ec;
      n->by_class[klass] = s;
   }
   return n->by_class[klass];
}

static void add_wait(AT_FutexStats* s, UChar klass, ULong us, Int outcome)
{
   s->waits++;
   s->blocked_us += us;
   if (us > s->max_us) s->max_us = us;
   s->class_waits[klass]++;
   s->class_us[klass] += us;
   switch (outcome) {
      case 0:                s->woken++;    break;
      case VKI_EAGAIN:       s->eagain++;   break;
      case 110 /* ETIMEDOUT */: s->timeouts++; break;
      case VKI_EINTR:        s->eintr++;    break;
      case -1:               s->pending++;  break;
      default:               s->errors++;   break;
   }
}

/*------------------------------------------------------------*/
/*--- Calls in flight                                      ---*/
/*------------------------------------------------------------*/

typedef struct {
   Bool        active;
   Bool        eintr;      /* ended by EINTR, not yet counted: see below */
   ULong       end;
   UInt        cmd;
   UInt        flags;
   Bool        timed;
   Addr        addr;
   ULong       start;    /* clock ticks (at_clock.h) */
   UShort      inst;
   UInt        seq;
   ExeContext* where;
   void*       task;     /* the Tokio task being polled, or NULL */
} InFlight;

static InFlight* in_flight;   /* by ThreadId */

/* Who last woke each futex word.  Valgrind lets every futex call,
   wakes too, block: a woken waiter may run its post-syscall hook before
   the waker runs its own, so the waker is noted before its call. */
typedef struct _WakerNode {
   struct _WakerNode* next;
   UWord              addr;   /* key */
   UInt               seq;
} WakerNode;
static VgHashTable* last_waker;

static void note_waker(Addr addr, UInt seq)
{
   WakerNode* w = AT_(ht_node)(last_waker, addr, sizeof(WakerNode),
                               "at.futex_waker", NULL);
   w->seq = seq;
}

void AT_(futex_init)(void)
{
   by_thread  = VG_(newXA)(VG_(malloc), "at.futex_thr", VG_(free),
                           sizeof(AT_FutexStats));
   by_role    = VG_(newXA)(VG_(malloc), "at.futex_role", VG_(free),
                           sizeof(AT_FutexStats));
   sites      = VG_(HT_construct)("at.futex_sites");
   pairs      = VG_(HT_construct)("at.futex_pairs");
   classified = VG_(HT_construct)("at.futex_classified");
   tid_words  = VG_(HT_construct)("at.futex_tid_words");
   last_waker = VG_(HT_construct)("at.futex_last_waker");
   in_flight  = VG_(calloc)("at.futex_in_flight", VG_N_THREADS,
                            sizeof(InFlight));
}

static void note_flags(AT_FutexSite* s, UInt op, UInt cmd)
{
   s->ops |= 1u << (cmd & 31);
   if (op & AT_FUTEX_PRIVATE_FLAG) s->flags |= 1; else s->flags |= 4;
   if (op & AT_FUTEX_CLOCK_REALTIME) s->flags |= 2;
}

/* A wait that ends with EINTR may have been cut short by the process
   dying (the core takes every other thread out of its syscall for a
   fatal signal).  It is counted when the thread makes its next syscall
   (it lived on: EINTR) or, if it never does, at the end, as pending. */
static void finish_wait(InFlight* f, ULong us, Int outcome);

void AT_(futex_any_syscall)(ThreadId tid)
{
   InFlight* f = &in_flight[tid];
   if (f->eintr) {
      f->eintr = False;
      finish_wait(f, AT_(clock_us)(f->end - f->start), VKI_EINTR);
   }
}

void AT_(futex_pre_syscall)(ThreadId tid, UWord* args)
{
   UInt       op  = (UInt)args[1];
   UInt       cmd = op & ~(AT_FUTEX_PRIVATE_FLAG | AT_FUTEX_CLOCK_REALTIME);
   AT_Thread* t   = AT_(thread)(tid);
   InFlight*  f   = &in_flight[tid];

   f->active = False;
   if (t == NULL || !(is_wait(cmd) || is_wake(cmd)))
      return;
   f->active   = True;
   f->cmd      = cmd;
   f->flags    = op;
   /* LOCK_PI's timeout is args[3] too; WAKE's args[3] is not a time. */
   f->timed    = is_wait(cmd) && args[3] != 0;
   f->addr     = (Addr)args[0];
   f->inst     = AT_(role_now)(tid);
   f->seq      = t->seq;
   f->where    = AT_(stack_here)(tid);
   f->task     = AT_(task_now)(tid);
   f->start    = AT_(clock_now)();
   if (is_wake(cmd)) {
      note_waker(f->addr, t->seq);
      if (cmd == AT_FUTEX_WAKE_OP || cmd == AT_FUTEX_REQUEUE
          || cmd == AT_FUTEX_CMP_REQUEUE || cmd == AT_FUTEX_CMP_REQUEUE_PI)
         note_waker((Addr)args[4], t->seq);   /* the second word */
   }
}

static void count_pair(UInt waker, UInt waiter, UChar klass)
{
   PairNode* p = AT_(ht_node)(pairs, ((UWord)waker << 32) | waiter,
                              sizeof(PairNode), "at.futex_pair", NULL);
   p->count++;
   p->by_class[klass]++;
}

/* A wait on a thread's clear-tid word is a join, whatever the frames
   say; a runtime's parking is idle; a wait that timed out on a word no
   thread ever woke had nothing to wait for: a sleep, unless it was for
   a lock (a holder that kept it the whole time wakes nobody) or a
   join.  The frames say the rest. */
static UChar wait_class(const InFlight* f, Int outcome)
{
   UChar k = classify(f->where)->klass;
   if (VG_(HT_lookup)(tid_words, f->addr) != NULL)
      return AT_WAIT_JOIN;
   if ((k == AT_WAIT_CONDITION || k == AT_WAIT_OTHER) && f->timed
       && outcome == 110 /* ETIMEDOUT */
       && VG_(HT_lookup)(last_waker, f->addr) == NULL)
      return AT_WAIT_SLEEP;
   return k;
}

static void finish_wait(InFlight* f, ULong us, Int outcome)
{
   UChar         k = wait_class(f, outcome);
   AT_FutexSite* s = site_for(f->where, f->inst, k);
   note_flags(s, f->flags, f->cmd);
   if (f->timed)
      s->timed++;
   add_wait(&s->st, k, us, outcome);
   add_wait(stats_at(by_thread, f->seq - 1), k, us, outcome);
   add_wait(stats_at(by_role, f->inst), k, us, outcome);
   if (f->task)
      AT_(task_wait)(f->task, f->where, us, k == AT_WAIT_IDLE, "futex");
   if (outcome == 0) {
      const WakerNode* w = VG_(HT_lookup)(last_waker, f->addr);
      if (w && w->seq != f->seq)
         count_pair(w->seq, f->seq, k);
   }
}

void AT_(futex_post_syscall)(ThreadId tid, UWord* args, SysRes res)
{
   InFlight* f = &in_flight[tid];
   if (!f->active)
      return;
   f->active = False;
   if (is_wait(f->cmd)) {
      ULong end = AT_(clock_now)();
      if (sr_isError(res) && sr_Err(res) == VKI_EINTR) {
         f->eintr  = True;
         f->end    = end;
      } else {
         finish_wait(f, AT_(clock_us)(end - f->start),
                     sr_isError(res) ? (Int)sr_Err(res) : 0);
      }
   } else {
      AT_FutexSite* s = site_for(f->where, f->inst,
                                 classify(f->where)->klass);
      ULong n = sr_isError(res) ? 0 : sr_Res(res);
      note_flags(s, f->flags, f->cmd);
      s->st.wakes++;
      s->st.woke += n;
      stats_at(by_thread, f->seq - 1)->wakes++;
      stats_at(by_thread, f->seq - 1)->woke += n;
      stats_at(by_role, f->inst)->wakes++;
      stats_at(by_role, f->inst)->woke += n;
   }
}

void AT_(futex_fork_child)(ThreadId tid)
{
   UInt i;
   for (i = 1; i < VG_N_THREADS; i++)
      if (i != tid)
         in_flight[i].active = in_flight[i].eintr = False;
}

void AT_(futex_finish)(void)
{
   ULong now = AT_(clock_now)();
   UInt  i;
   for (i = 1; i < VG_N_THREADS; i++) {
      InFlight* f = &in_flight[i];
      if (f->active && is_wait(f->cmd)) {
         f->active = False;
         finish_wait(f, AT_(clock_us)(now - f->start), -1);
      } else if (f->eintr) {
         f->eintr = False;
         finish_wait(f, AT_(clock_us)(now - f->start), -1);
      }
   }
}

Bool AT_(futex_waiting)(ThreadId tid, ULong* us, ExeContext** where,
                        UInt* klass)
{
   const InFlight* f = &in_flight[tid];
   if (tid == 0 || tid >= VG_N_THREADS || !f->active || !is_wait(f->cmd))
      return False;
   *us    = AT_(clock_us)(AT_(clock_now)() - f->start);
   *where = f->where;
   /* As the report would class it if the run ended now (a pending
      wait): a wait on a thread's clear-tid word is a join whatever its
      frames say. */
   *klass = f->where ? wait_class(f, -1) : AT_WAIT_OTHER;
   return True;
}

/*------------------------------------------------------------*/
/*--- For the report                                       ---*/
/*------------------------------------------------------------*/

static Int cmp_site(const void* va, const void* vb)
{
   const AT_FutexSite* a = va;
   const AT_FutexSite* b = vb;
   if (a->st.blocked_us != b->st.blocked_us)
      return a->st.blocked_us > b->st.blocked_us ? -1 : 1;
   if (a->st.waits != b->st.waits)
      return a->st.waits > b->st.waits ? -1 : 1;
   if (a->st.wakes != b->st.wakes)
      return a->st.wakes > b->st.wakes ? -1 : 1;
   if (a->key_ip != b->key_ip) return a->key_ip < b->key_ip ? -1 : 1;
   if (a->inst != b->inst) return a->inst < b->inst ? -1 : 1;
   return a->klass < b->klass ? -1 : a->klass > b->klass ? 1 : 0;
}

XArray* AT_(futex_sites)(void)
{
   XArray* xa = VG_(newXA)(VG_(malloc), "at.futex_sites_out", VG_(free),
                           sizeof(AT_FutexSite));
   SiteNode* n;
   UInt      k;
   VG_(HT_ResetIter)(sites);
   while ((n = VG_(HT_Next)(sites)) != NULL)
      for (k = 0; k < AT_WAIT_N; k++)
         if (n->by_class[k] != NULL)
            VG_(addToXA)(xa, n->by_class[k]);
   VG_(setCmpFnXA)(xa, cmp_site);
   VG_(sortXA)(xa);
   return xa;
}

static Int cmp_pair(const void* va, const void* vb)
{
   const AT_WakePair* a = va;
   const AT_WakePair* b = vb;
   if (a->count != b->count) return a->count > b->count ? -1 : 1;
   if (a->waker != b->waker) return a->waker < b->waker ? -1 : 1;
   return a->waiter < b->waiter ? -1 : a->waiter > b->waiter ? 1 : 0;
}

XArray* AT_(futex_wake_pairs)(void)
{
   XArray* xa = VG_(newXA)(VG_(malloc), "at.futex_pairs_out", VG_(free),
                           sizeof(AT_WakePair));
   PairNode* p;
   VG_(HT_ResetIter)(pairs);
   while ((p = VG_(HT_Next)(pairs)) != NULL) {
      AT_WakePair w;
      UInt k;
      w.waker  = (UInt)(p->key >> 32);
      w.waiter = (UInt)(p->key & 0xFFFFFFFF);
      w.count  = p->count;
      for (k = 0; k < AT_WAIT_N; k++)
         w.by_class[k] = p->by_class[k];
      VG_(addToXA)(xa, &w);
   }
   VG_(setCmpFnXA)(xa, cmp_pair);
   VG_(sortXA)(xa);
   return xa;
}

/*--------------------------------------------------------------------*/
/*--- end                                               at_futex.c ---*/
/*--------------------------------------------------------------------*/
