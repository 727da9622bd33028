/*--------------------------------------------------------------------*/
/*--- asynctrace: the report's <tasks>.               at_taskrep.c ---*/
/*--------------------------------------------------------------------*/

/* This file is part of asynctrace.  Copyright (C) 2026 the asynctrace
   authors.  GPL-2.0-or-later; see at_basics.h and COPYING.

   Writes the task records (at_taskrec.h) and their end-of-run figures
   (at_taskfig.c) as the report's <tasks> section: the spawn sites in
   the order they were first seen (their ids), each role's share, the
   tasks listed, and blocking inside async by wait stack, the longest
   first (docs/report-format.md). */

#include "pub_tool_hashtable.h"
#include "pub_tool_xarray.h"

#include "at_leak.h"
#include "at_options.h"
#include "at_rayon.h"
#include "at_taskfig.h"
#include "at_taskrec.h"
#include "at_taskrep.h"
#include "at_tasks.h"
#include "at_xmlout.h"

static Int cmp_ulong(const void* va, const void* vb)
{
   ULong a = *(const ULong*)va, b = *(const ULong*)vb;
   return a < b ? -1 : a > b ? 1 : 0;
}

/* The median of a Rayon site's jobs' instructions (the lower middle
   one of an even count), exact: 0 with no job. */
static ULong median(XArray* v)
{
   Word n = v ? VG_(sizeXA)(v) : 0;
   if (n == 0)
      return 0;
   VG_(setCmpFnXA)(v, cmp_ulong);
   VG_(sortXA)(v);
   return *(ULong*)VG_(indexXA)(v, (n - 1) / 2);
}

static Int cmp_block(const void* va, const void* vb)
{
   const AT_TaskBlock* a = *(const AT_TaskBlock* const*)va;
   const AT_TaskBlock* b = *(const AT_TaskBlock* const*)vb;
   if (a->blocked_us != b->blocked_us)
      return a->blocked_us > b->blocked_us ? -1 : 1;
   return a->key < b->key ? -1 : a->key > b->key ? 1 : 0;
}

void AT_(tasks_report)(void)
{
   const AT_TaskFigures* fg = AT_(task_figures)();
   Word i, n = VG_(sizeXA)(AT_(tasks).sites);
   UInt r;
   XArray* bl;
   AT_TaskBlock* b;
   ULong jobs, unknown;
   if (!fg->finished)
      AT_(tasks_finish)();
   AT_(out_fmt)("<tasks attribution=\"%s\" recognised=\"%s\" "
                "spawned=\"%u\" poll-entries=\"%llu\" "
                "unknown-polls=\"%llu\" shown=\"%ld\"",
                AT_(clo_task_attr) ? "yes" : "no",
                (AT_(tasks).seq > 0 || AT_(tasks).own_cells)
                && AT_(tasks).poll_entries > 0 ? "yes"
                : (AT_(tasks).poll_entries == 0 && AT_(tasks).seq == 0)
                  || !AT_(clo_task_attr) ? "none" : "no",
                AT_(tasks).seq, AT_(tasks).poll_entries,
                AT_(tasks).polls_unknown,
                fg->listed ? VG_(sizeXA)(fg->listed) : 0L);
   AT_(rayon_counts)(&jobs, &unknown);
   if (jobs > 0)    /* Rayon's jobs entered, and those not charged */
      AT_(out_fmt)(" rayon-jobs=\"%llu\" rayon-unknown=\"%llu\"",
                   jobs, unknown);
   AT_(out_fmt)(">\n");
   for (i = 0; i < n; i++) {
      const AT_TaskSite* s = VG_(indexXA)(AT_(tasks).sites, i);
      AT_(out_fmt)("  <spawn-site id=\"%ld\" kind=\"%s\"", i + 1,
                   AT_(task_kind_name)(s->kind));
      if (s->frame != (UInt)-1)
         AT_(out_fmt)(" frame=\"%u\"", s->frame);
      AT_(out_fmt)(" future=\"");
      AT_(out_esc)(s->future);
      AT_(out_fmt)("\"");
      AT_(out_fmt)(" spawned=\"%llu\" ended=\"%llu\" "
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
         AT_(out_fmt)(" lost-bytes=\"%llu\" lost-blocks=\"%llu\"",
                      s->lost_bytes, s->lost_blocks);
      AT_(out_fmt)(" blocking-waits=\"%llu\" blocking-us=\"%llu\"",
                   s->waits, s->blocked_us);
      if (s->kind == AT_TASK_RAYON && s->stack_jobs)
         AT_(out_fmt)(" stolen=\"%llu\" splits=\"%llu\"", s->stolen,
                      s->splits);
      if (s->kind == AT_TASK_RAYON)
         AT_(out_fmt)(" median-insns=\"%llu\"", median(s->job_insns));
      AT_(out_fmt)(">");
      AT_(out_stack)(s->spawn);
      AT_(out_fmt)("</spawn-site>\n");
   }
   for (r = 0; r < fg->n_shares; r++) {
      const AT_RoleShare* s = &fg->shares[r];
      if (s->in_allocs + s->out_allocs == 0 && s->in_insns == 0)
         continue;
      AT_(out_fmt)("  <role-share");
      AT_(out_role_attrs)((UShort)r);
      AT_(out_fmt)(" allocs-in-tasks=\"%llu\" bytes-in-tasks=\"%llu\" "
                   "allocs-outside=\"%llu\" bytes-outside=\"%llu\" "
                   "insns-in-tasks=\"%llu\"/>\n",
                   s->in_allocs, s->in_bytes, s->out_allocs,
                   s->out_bytes, s->in_insns);
   }
   for (i = 0; fg->listed && i < VG_(sizeXA)(fg->listed); i++) {
      const AT_Task* k = *(AT_Task**)VG_(indexXA)(fg->listed, i);
      const HChar* state = k->ended ? "ended"
                         : (k->state & AT_TOKIO_COMPLETE) ? "complete"
                         : k->polling_at_exit ? "polling" : "pending";
      AT_(out_fmt)("  <task seq=\"%u\" spawn-site=\"%u\" state=\"%s\" "
                   "polls=\"%llu\" insns=\"%llu\" max-poll-insns=\"%llu\" "
                   "allocs=\"%llu\" bytes-allocated=\"%llu\" "
                   "blocking-waits=\"%llu\" spawned-ms=\"%u\"",
                   k->seq, k->site, state, k->polls, k->insns,
                   k->max_poll_insns, k->allocs, k->bytes, k->waits,
                   k->spawned_ms);
      if (k->ended)
         AT_(out_fmt)(" ended-ms=\"%u\"", k->ended_ms);
      if (k->last_where) {
         AT_(out_fmt)(">");
         AT_(out_stack)(k->last_where);
         AT_(out_fmt)("</task>\n");
      } else {
         AT_(out_fmt)("/>\n");
      }
   }
   bl = VG_(newXA)(VG_(malloc), "at.task_block_out", VG_(free),
                   sizeof(AT_TaskBlock*));
   VG_(HT_ResetIter)(AT_(tasks).blocking);
   while ((b = VG_(HT_Next)(AT_(tasks).blocking)) != NULL)
      VG_(addToXA)(bl, &b);
   VG_(setCmpFnXA)(bl, cmp_block);
   VG_(sortXA)(bl);
   for (i = 0; i < VG_(sizeXA)(bl); i++) {
      b = *(AT_TaskBlock**)VG_(indexXA)(bl, i);
      AT_(out_fmt)("  <blocking-in-async spawn-site=\"%u\" call=\"%s\" "
                   "waits=\"%llu\" blocked-us=\"%llu\" max-us=\"%llu\">",
                   b->site, b->call, b->waits, b->blocked_us, b->max_us);
      AT_(out_stack)(b->where);
      AT_(out_fmt)("</blocking-in-async>\n");
   }
   VG_(deleteXA)(bl);
   AT_(out_fmt)("</tasks>\n");
}

/*--------------------------------------------------------------------*/
/*--- end                                             at_taskrep.c ---*/
/*--------------------------------------------------------------------*/
