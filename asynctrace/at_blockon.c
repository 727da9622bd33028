/*--------------------------------------------------------------------*/
/*--- asynctrace: Tokio block_on futures, as tasks.    at_blockon.c ---*/
/*--------------------------------------------------------------------*/

/* This file is part of asynctrace.  Copyright (C) 2026 the asynctrace
   authors.  GPL-2.0-or-later; see at_basics.h and COPYING.

   A future driven by Runtime::block_on (or Handle::block_on, or a
   current_thread runtime's) is no task: it has no cell.  Its work is
   charged like one all the same, through at_tasks.c's runs: when one
   of Tokio's block_on functions is entered (at_roles.c's block_on
   rules, which also give the thread its role), the first frame of the
   thread's stack above Tokio's (and std's) is the call site, a spawn
   site of kind "block_on", in force until that block_on returns.
   block_on calls nest inside each other (Runtime::block_on ->
   CoreGuard::block_on -> ...): an entry while a block_on run is
   innermost on the thread is the same call.  A block_on inside a task
   (a spawn_blocking closure's, say) is a run of its own inside the
   task's: the innermost is charged.  Tasks polled inside block_on (a
   current_thread runtime's) are charged to their own spawn sites.
   Tokio's own block_on (a runtime's shutdown waiting for its blocking
   pool) is not a future of the program's: not charged. */

#include "pub_tool_hashtable.h"
#include "pub_tool_threadstate.h"

#include "at_blockon.h"
#include "at_frames.h"
#include "at_options.h"
#include "at_tasks.h"
#include "at_threads.h"

static VgHashTable* site_cache;   /* by ECU: the site, 0 for none */

static AT_KeyStep walk_frame(const AT_FrameInfo* fi, UInt idx,
                             void* opaque)
{
   Bool* tokios_own = opaque;
   if (AT_(frame_is_tokio)(fi) || AT_(frame_is_std)(fi)) {
      /* Tokio's own: a runtime's shutdown waits through block_on. */
      if (VG_(strstr)(fi->fn, "::shutdown") != NULL
          || VG_(strstr)(fi->raw, "shutdown") != NULL) {
         *tokios_own = True;
         return AT_KEY_STOP;
      }
      return AT_KEY_NEXT;
   }
   return AT_KEY_HERE;
}

typedef struct _Node {
   struct _Node* next;
   UWord         key;    /* ECU */
   UShort        site;
} Node;

void AT_(blockon_enter)(ThreadId tid, Addr sp)
{
   ExeContext* where;
   UWord       ecu;
   Node*       c;
   UShort      g = AT_(task_spawn_site)(tid);
   if (!AT_(clo_task_attr) || AT_(thread)(tid) == NULL)
      return;
   if (g != 0 && AT_(task_site_kind)(g) == AT_TASK_BLOCK_ON)
      return;                          /* the same block_on, deeper */
   where = VG_(record_ExeContext)(tid, 0);
   ecu   = VG_(get_ECU_from_ExeContext)(where);
   c     = VG_(HT_lookup)(site_cache, ecu);
   if (c == NULL) {
      Bool        tokios_own = False;
      AT_KeyFrame key;
      AT_(key_frame)(where, walk_frame, &tokios_own, &key);
      c = VG_(malloc)("at.blockon_site", sizeof(Node));
      c->key  = ecu;
      c->site = tokios_own ? 0
              : AT_(task_site_of)(AT_TASK_BLOCK_ON, key.ip, key.depth,
                                  where, key.found ? key.index : (UInt)-1,
                                  "block_on");
      VG_(HT_add_node)(site_cache, c);
   }
   AT_(task_run_enter)(tid, sp, c->site);
}

void AT_(blockon_init)(void)
{
   site_cache = VG_(HT_construct)("at.blockon_sites");
}

/*--------------------------------------------------------------------*/
/*--- end                                             at_blockon.c ---*/
/*--------------------------------------------------------------------*/
