/*--------------------------------------------------------------------*/
/*--- asynctrace: Tokio tasks' figures.               at_taskfig.c ---*/
/*--------------------------------------------------------------------*/

/* This file is part of asynctrace.  Copyright (C) 2026 the asynctrace
   authors.  GPL-2.0-or-later; see at_basics.h and COPYING.

   What is made of the task records (at_taskrec.h) that at_tasks.c keeps
   while the program runs:
   - at the end (and at each report a snapshot writes), after the leak
     scan: the polls in force charged up to now; each role instance's
     allocations made in tasks and outside them, from the heap's sites;
     each spawn site's definitely lost bytes, from the leak scan's loss
     records (a site record carries its spawn site); the tasks alive,
     pending if Tokio had not completed them (their state word, read
     from the cell); and the tasks the report lists: every pending one
     (up to 10 x --tasks), then the --tasks heaviest of all;
   - a warning, once, when tasks cannot be attributed (no cell known
     while polls were seen, or tasks but no poll at the end);
   - the invariants: what tasks got is part of what roles got;
   - a snapshot's task rows: the spawn sites and tasks alive holding the
     most live heap, their cells' sizes from the heap's block table;
   - vgdb's "monitor tasks [N]". */

#include "pub_tool_aspacemgr.h"
#include "pub_tool_gdbserver.h"
#include "pub_tool_hashtable.h"
#include "pub_tool_vki.h"
#include "pub_tool_xarray.h"

#include "at_frames.h"
#include "at_heap.h"
#include "at_leak.h"
#include "at_options.h"
#include "at_roles.h"
#include "at_taskfig.h"
#include "at_taskrec.h"
#include "at_tasks.h"
#include "at_threads.h"

/*------------------------------------------------------------*/
/*--- At the end                                           ---*/
/*------------------------------------------------------------*/

static AT_TaskFigures figs;

const AT_TaskFigures* AT_(task_figures)(void) { return &figs; }

static Int cmp_task(const void* va, const void* vb)
{
   const AT_Task* a = *(const AT_Task* const*)va;
   const AT_Task* b = *(const AT_Task* const*)vb;
   if (AT_(task_heavier)(a, b)) return -1;
   if (AT_(task_heavier)(b, a)) return 1;
   return a->seq < b->seq ? -1 : a->seq > b->seq ? 1 : 0;
}

void AT_(tasks_finish)(void)
{
   XArray* sites;
   Word    i, n;
   UInt    j, nth = AT_(n_threads)();
   AT_Task* k;
   XArray* live;

   /* Polls in force now: charge them up to now (they stay in force).
      Written at a snapshot, a report says which tasks are in a poll
      then; the next report says it again. */
   AT_(tasks_charge_polls_now)();

   figs.n_shares = AT_(n_role_insts)();
   VG_(free)(figs.shares);
   figs.shares = VG_(calloc)("at.task_shares",
                             figs.n_shares ? figs.n_shares : 1,
                             sizeof(AT_RoleShare));
   sites = AT_(heap_sites)();
   for (i = 0; i < VG_(sizeXA)(sites); i++) {
      const AT_Site* s = *(AT_Site**)VG_(indexXA)(sites, i);
      AT_RoleShare* r;
      if (s->inst >= figs.n_shares)
         continue;
      r = &figs.shares[s->inst];
      if (s->task_site) { r->in_allocs += s->allocs; r->in_bytes += s->bytes; }
      else              { r->out_allocs += s->allocs; r->out_bytes += s->bytes; }
   }
   VG_(deleteXA)(sites);
   for (j = 1; j <= nth; j++) {
      const AT_Thread* t = AT_(thread_by_seq)(j);
      if (t->primary_inst < figs.n_shares)
         figs.shares[t->primary_inst].in_insns
            += AT_(task_insns_of_thread)(j);
   }

   /* Definitely lost, per spawn site. */
   for (i = 0; i < VG_(sizeXA)(AT_(tasks).sites); i++) {
      AT_TaskSite* s = VG_(indexXA)(AT_(tasks).sites, i);
      s->lost_bytes = s->lost_blocks = 0;
      s->alive_at_exit = s->pending_at_exit = 0;
   }
   if (AT_(leak_checked)()) {
      XArray* recs = AT_(leak_records)();
      for (i = 0; i < VG_(sizeXA)(recs); i++) {
         const AT_LossRecord* g = VG_(indexXA)(recs, i);
         if (g->kind == AT_LK_DEFINITE && g->site->task_site) {
            AT_(task_site)(g->site->task_site)->lost_bytes  += g->bytes;
            AT_(task_site)(g->site->task_site)->lost_blocks += g->blocks;
         }
      }
   }

   /* Tasks alive at exit; pending if Tokio had not completed them. */
   if (figs.listed)
      VG_(deleteXA)(figs.listed);
   figs.listed = VG_(newXA)(VG_(malloc), "at.tasks_listed", VG_(free),
                       sizeof(AT_Task*));
   live = VG_(newXA)(VG_(malloc), "at.tasks_live", VG_(free), sizeof(AT_Task*));
   VG_(HT_ResetIter)(AT_(tasks).live);
   while ((k = VG_(HT_Next)(AT_(tasks).live)) != NULL) {
      AT_TaskSite* s = AT_(task_site)(k->site);
      k->state = 0;
      if (VG_(am_is_valid_for_client)(k->key, sizeof(UWord), VKI_PROT_READ))
         k->state = (UInt)*(const UWord*)k->key;
      s->alive_at_exit++;
      if (!(k->state & AT_TOKIO_COMPLETE))
         s->pending_at_exit++;
      VG_(addToXA)(live, &k);
   }
   /* Listed: every pending task (up to 10 x --tasks), then the
      heaviest of all. */
   VG_(setCmpFnXA)(live, cmp_task);
   VG_(sortXA)(live);
   for (i = 0, n = 0; i < VG_(sizeXA)(live); i++) {
      k = *(AT_Task**)VG_(indexXA)(live, i);
      if (!(k->state & AT_TOKIO_COMPLETE) && n < 10 * (Word)AT_(clo_tasks)) {
         VG_(addToXA)(figs.listed, &k);
         n++;
      }
   }
   {
      XArray* all = VG_(newXA)(VG_(malloc), "at.tasks_all", VG_(free),
                               sizeof(AT_Task*));
      for (i = 0; i < VG_(sizeXA)(live); i++)
         VG_(addToXA)(all, VG_(indexXA)(live, i));
      for (i = 0; i < VG_(sizeXA)(AT_(tasks).kept); i++)
         VG_(addToXA)(all, VG_(indexXA)(AT_(tasks).kept, i));
      VG_(setCmpFnXA)(all, cmp_task);
      VG_(sortXA)(all);
      for (i = 0, n = 0; i < VG_(sizeXA)(all) && n < (Word)AT_(clo_tasks);
           i++, n++) {
         Word m;
         Bool dup = False;
         k = *(AT_Task**)VG_(indexXA)(all, i);
         for (m = 0; m < VG_(sizeXA)(figs.listed); m++)
            if (*(AT_Task**)VG_(indexXA)(figs.listed, m) == k)
               dup = True;
         if (!dup)
            VG_(addToXA)(figs.listed, &k);
      }
      VG_(deleteXA)(all);
   }
   VG_(deleteXA)(live);
   figs.finished = True;

}

/* Said once: a report is written at every snapshot.  Polls with no task
   spawned are a sign only if no cell of Tokio's own was seen either (a
   runtime polls its workers' launch before the program spawns); a task
   spawned but never polled only at the end (a snapshot may fall between
   a spawn and its first poll). */
void AT_(tasks_warn)(Bool at_end)
{
   static Bool said;
   if (said || !AT_(clo_task_attr))
      return;
   if (AT_(tasks).poll_entries > 0 && AT_(tasks).seq == 0
       && !AT_(tasks).own_cells) {
      VG_(umsg)("asynctrace: Tokio's task cells were not recognised "
                "(%llu polls): tasks are not attributed, roles are\n",
                AT_(tasks).poll_entries);
      said = True;
   } else if (at_end && AT_(tasks).seq > 0 && AT_(tasks).poll_entries == 0) {
      VG_(umsg)("asynctrace: Tokio's poll function was not found: tasks "
                "are counted, not attributed\n");
      said = True;
   }
}

/* The invariants: what tasks got is part of what roles got. */
UInt AT_(tasks_check)(void)
{
   UInt  r, broken = 0, j;
   ULong sb = 0, sn = 0, tb = 0, tn = 0;
   Word  i;
   for (r = 0; r < figs.n_shares; r++) {
      const AT_HeapCounters* c = AT_(heap_of_role)((UShort)r);
      const AT_RoleShare* s = &figs.shares[r];
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
   for (i = 0; i < VG_(sizeXA)(AT_(tasks).sites); i++) {
      const AT_TaskSite* s = VG_(indexXA)(AT_(tasks).sites, i);
      tb += s->bytes;
      tn += s->allocs;
   }
   if (sb != tb || sn != tn) {
      VG_(umsg)("asynctrace: BUG: spawn sites' allocations (%llu B in "
                "%llu) against the roles' in tasks (%llu B in %llu)\n",
                tb, tn, sb, sn);
      broken++;
   }
   for (j = 1; j <= AT_(n_threads)(); j++)
      if (AT_(task_insns_of_thread)(j) > AT_(thread_by_seq)(j)->insns) {
         VG_(umsg)("asynctrace: BUG: thread %u: %llu instructions in "
                   "tasks, of %llu\n", j, AT_(task_insns_of_thread)(j),
                   AT_(thread_by_seq)(j)->insns);
         broken++;
      }
   return broken;
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
   Word i, n = AT_(tasks).sites ? VG_(sizeXA)(AT_(tasks).sites) : 0, m;
   AT_SnapTasks* st;
   AT_SnapSpawn* all;
   AT_SnapTask*  ts;
   AT_Task* k;
   UInt  nt = 0;
   if (!AT_(clo_task_attr) || n == 0)
      return NULL;
   st  = VG_(calloc)("at.snap_tasks", 1, sizeof(AT_SnapTasks));
   all = VG_(calloc)("at.snap_spawn", n, sizeof(AT_SnapSpawn));
   for (i = 0; i < n; i++) {
      const AT_TaskSite* s = VG_(indexXA)(AT_(tasks).sites, i);
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
                    (VG_(HT_count_nodes)(AT_(tasks).live) + 1)
                    * sizeof(AT_SnapTask));
   VG_(HT_ResetIter)(AT_(tasks).live);
   while ((k = VG_(HT_Next)(AT_(tasks).live)) != NULL) {
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

static Int cmp_site_live(const void* va, const void* vb)
{
   const AT_TaskSite* a = *(const AT_TaskSite* const*)va;
   const AT_TaskSite* b = *(const AT_TaskSite* const*)vb;
   if (a->live_bytes != b->live_bytes)
      return a->live_bytes > b->live_bytes ? -1 : 1;
   if (a->insns != b->insns)
      return a->insns > b->insns ? -1 : 1;
   return a->spawned > b->spawned ? -1 : a->spawned < b->spawned ? 1 : 0;
}

static const HChar* plural(ULong n, const HChar* one, const HChar* many)
{
   return n == 1 ? one : many;
}

/* The n spawn sites holding the most live heap now, with their tasks so
   far: what a hung or growing service's tasks hold.  A site reads as
   at_print's head of it: "demo::serve (main.rs:40), async". */
void AT_(tasks_monitor)(UInt n)
{
   Word i, ns = AT_(tasks).sites ? VG_(sizeXA)(AT_(tasks).sites) : 0;
   Word shown = (Word)n < ns ? (Word)n : ns;
   AT_TaskSite** v;
   HChar place[2 * AT_FNNAME_MAX];
   if (!AT_(clo_task_attr)) {
      VG_(gdb_printf)("tasks are not followed (--task-attribution=no)\n");
      return;
   }
   if (ns == 0) {
      VG_(gdb_printf)("no Tokio task spawned so far (%'llu %s seen)\n",
                      AT_(tasks).poll_entries,
                      plural(AT_(tasks).poll_entries, "poll", "polls"));
      return;
   }
   v = VG_(malloc)("at.tasks_monitor", ns * sizeof(AT_TaskSite*));
   for (i = 0; i < ns; i++)
      v[i] = VG_(indexXA)(AT_(tasks).sites, i);
   VG_(ssort)(v, ns, sizeof(AT_TaskSite*), cmp_site_live);
   VG_(gdb_printf)("%'ld spawn %s, %'u %s spawned; the %'ld holding the "
                   "most live heap:\n", ns, plural(ns, "site", "sites"),
                   AT_(tasks).seq, plural(AT_(tasks).seq, "task", "tasks"),
                   shown);
   for (i = 0; i < shown; i++) {
      const AT_TaskSite* s = v[i];
      AT_(spawn_place)(s->spawn, s->frame, place, sizeof(place));
      VG_(gdb_printf)("%2ld. %s, %s: %'llu spawned, %'llu ended; %'llu %s, "
                      "%'llu %s; %'llu %s live in %'llu %s, %'llu "
                      "allocated\n", i + 1, place,
                      AT_(task_kind_name)(s->kind), s->spawned, s->ended,
                      s->polls, plural(s->polls, "poll", "polls"),
                      s->insns, plural(s->insns, "instruction",
                                       "instructions"),
                      s->live_bytes, plural(s->live_bytes, "byte", "bytes"),
                      s->live_blocks, plural(s->live_blocks, "block",
                                             "blocks"), s->bytes);
   }
   VG_(free)(v);
}

/*--------------------------------------------------------------------*/
/*--- end                                             at_taskfig.c ---*/
/*--------------------------------------------------------------------*/
