/*--------------------------------------------------------------------*/
/*--- asynctrace: leak scans while the program runs: the          ---*/
/*--- leak_check monitor command, snapshots' scans.   at_leaknow.c ---*/
/*--------------------------------------------------------------------*/

/* This file is part of asynctrace.  Copyright (C) 2026 the asynctrace
   authors.  GPL-2.0-or-later; see at_basics.h and COPYING.

   "monitor leak_check [full|summary] [kinds SET|reachable|possibleleak|
   definiteleak] [new|increased|changed|any] [limited N|unlimited]
   [heuristics HSET]"
   through vgdb scans for leaks now, while the program runs (at_leak.c's scan, which
   leaves the exit scan's figures alone), and prints what memcheck's
   monitor command prints: the loss records, then a LEAK SUMMARY, each
   figure followed by its change since the previous leak_check, as in
   "definitely lost: 4,000 (+400) bytes in 40 (+4) blocks" (thousands
   separated, as memcheck's).  A record's stack starts at its first own
   frame (at_frames.c's AT_(first_shown), at_print's rule), what comes
   before it folded into one line; its role is named as at_print names
   it ("tokio-worker (runtime 1)").

   Loss records here are memcheck's: one per stack and kind.  The
   tool's own records are also split by role and allocating thread;
   those of one stack are summed, and the role is named when they share
   one.  The previous leak_check's figures of each record (keyed by the
   stack's ExeContext unique number and the kind) and its totals are
   kept for the deltas: `increased' (the default) lists the records new
   or grown since, `changed' those new, grown or shrunk (and counts the
   previous records that are gone, which memcheck does not), `new' only
   the new ones, `any' every record and then prints no deltas, as
   memcheck does.  `full' (the default) lists records, `summary' only
   the summary.  The kinds listed are --show-leak-kinds' (definite and
   possible by default, as memcheck's monitor command), or those the
   command names as memcheck's does: `kinds SET' (a --show-leak-kinds
   list, `all', `none'), `reachable' (all), `possibleleak' (definite
   and possible), `definiteleak'; the summary has all four.  `limited N'
   lists only the N largest of the records it would list (their numbers
   still count them all), `unlimited' (the default) all.  Snapshot scans
   (--snapshot-leak-check) do not move the baseline: it is the previous
   leak_check's.

   With --snapshot-leak-check=yes each snapshot (at_snap.c) keeps its
   own scan's figures: the four kinds' totals, the same by role, and the
   largest lost records (definitely and possibly lost, by stack and
   role as the snapshot's sites), for a leak that grows over time. */

#include "pub_tool_debuginfo.h"
#include "pub_tool_gdbserver.h"
#include "pub_tool_hashtable.h"
#include "pub_tool_libcbase.h"
#include "pub_tool_mallocfree.h"
#include "pub_tool_xarray.h"

#include "at_frames.h"
#include "at_leak.h"
#include "at_leaknow.h"
#include "at_options.h"
#include "at_roles.h"

/* One of memcheck's loss records: a stack and a kind. */
typedef struct {
   ExeContext* where;
   UInt        ecu;
   UChar       kind;
   Bool        one_role;   /* every site of it in role inst */
   UShort      inst;
   ULong       bytes, blocks, ind_bytes, ind_blocks;
   /* The previous leak_check's, zero for a new record. */
   Bool        is_new;
   ULong       old_bytes, old_blocks, old_ind_bytes, old_ind_blocks;
} MonRec;

/* The previous leak_check's records, by ecu * AT_LK_N + kind. */
typedef struct _Prev {
   struct _Prev* next;
   UWord         key;
   ULong         bytes, blocks, ind_bytes, ind_blocks;
} Prev;

static VgHashTable* prev;            /* NULL before the first one */

typedef enum { D_NEW, D_INCREASED, D_CHANGED, D_ANY } Delta;

static Int cmp_key(const void* va, const void* vb)
{
   const AT_LossRecord* a = va;
   const AT_LossRecord* b = vb;
   UInt ea = VG_(get_ECU_from_ExeContext)(a->site->where);
   UInt eb = VG_(get_ECU_from_ExeContext)(b->site->where);
   if (ea != eb) return ea < eb ? -1 : 1;
   return a->kind < b->kind ? -1 : a->kind > b->kind ? 1 : 0;
}

/* memcheck's order: smallest first, so the largest is printed last,
   next to the summary. */
static Int cmp_size(const void* va, const void* vb)
{
   const MonRec* a = va;
   const MonRec* b = vb;
   ULong sa = a->bytes + a->ind_bytes, sb = b->bytes + b->ind_bytes;
   if (sa != sb)               return sa < sb ? -1 : 1;
   if (a->blocks != b->blocks) return a->blocks < b->blocks ? -1 : 1;
   if (a->kind != b->kind)     return a->kind > b->kind ? -1 : 1;
   return a->ecu < b->ecu ? -1 : a->ecu > b->ecu ? 1 : 0;
}

/* The scan's records summed by stack and kind, with the previous
   figures. */
static XArray* merge(XArray* recs)
{
   XArray* out = VG_(newXA)(VG_(malloc), "at.leaknow_recs", VG_(free),
                            sizeof(MonRec));
   Word i, n = VG_(sizeXA)(recs);
   MonRec* m = NULL;
   VG_(setCmpFnXA)(recs, cmp_key);
   VG_(sortXA)(recs);
   for (i = 0; i < n; i++) {
      const AT_LossRecord* r = VG_(indexXA)(recs, i);
      UInt ecu = VG_(get_ECU_from_ExeContext)(r->site->where);
      if (m == NULL || m->ecu != ecu || m->kind != r->kind) {
         MonRec z;
         VG_(memset)(&z, 0, sizeof(z));
         z.where    = r->site->where;
         z.ecu      = ecu;
         z.kind     = r->kind;
         z.one_role = True;
         z.inst     = r->site->inst;
         m = VG_(indexXA)(out, VG_(addToXA)(out, &z));
      }
      if (m->inst != r->site->inst)
         m->one_role = False;
      m->bytes      += r->bytes;
      m->blocks     += r->blocks;
      m->ind_bytes  += r->ind_bytes;
      m->ind_blocks += r->ind_blocks;
   }
   n = VG_(sizeXA)(out);
   for (i = 0; i < n; i++) {
      MonRec* r = VG_(indexXA)(out, i);
      const Prev* p = prev ? VG_(HT_lookup)(prev, (UWord)r->ecu * AT_LK_N
                                                  + r->kind)
                           : NULL;
      r->is_new = p == NULL;
      if (p) {
         r->old_bytes      = p->bytes;
         r->old_blocks     = p->blocks;
         r->old_ind_bytes  = p->ind_bytes;
         r->old_ind_blocks = p->ind_blocks;
      }
   }
   VG_(setCmpFnXA)(out, cmp_size);
   VG_(sortXA)(out);
   return out;
}

/* This scan's records by key, to become the baseline of the next. */
static VgHashTable* by_key(XArray* mrecs)
{
   Word i;
   VgHashTable* t = VG_(HT_construct)("at.leaknow_prev");
   for (i = 0; i < VG_(sizeXA)(mrecs); i++) {
      const MonRec* r = VG_(indexXA)(mrecs, i);
      Prev* p = AT_(ht_node)(t, (UWord)r->ecu * AT_LK_N + r->kind,
                             sizeof(Prev), "at.leaknow_prev", NULL);
      p->bytes      = r->bytes;
      p->blocks     = r->blocks;
      p->ind_bytes  = r->ind_bytes;
      p->ind_blocks = r->ind_blocks;
   }
   return t;
}

/* The previous scan's records of the kinds listed that this one (now)
   does not have: freed since, or now of another kind.  (now is not
   const: VG_(HT_lookup) takes a plain table, and Valgrind 3.27's
   -Wcast-qual flags a cast that drops the const.) */
static ULong gone(VgHashTable* now, UInt kinds)
{
   ULong n = 0;
   const Prev* p;
   if (prev == NULL)
      return 0;
   VG_(HT_ResetIter)(prev);
   while ((p = VG_(HT_Next)(prev)) != NULL)
      if ((kinds & (1u << (p->key % AT_LK_N)))
          && VG_(HT_lookup)(now, p->key) == NULL)
         n++;
   return n;
}

static void keep(VgHashTable* now, const AT_Amount* totals,
                 const AT_Amount* heur)
{
   if (prev)
      VG_(HT_destruct)(prev, VG_(free));
   prev = now;
   VG_(memcpy)(AT_(leak_base)()->kinds, totals, sizeof(AT_(leak_base)()->kinds));
   VG_(memcpy)(AT_(leak_base)()->heur, heur, sizeof(AT_(leak_base)()->heur));
   VG_(memset)(&AT_(leak_base)()->supp, 0, sizeof(AT_Amount));
}

static const HChar* kind_phrase(UInt kind)
{
   static const HChar* const p[AT_LK_N] = {
      "definitely lost", "indirectly lost", "possibly lost", "still reachable"
   };
   return kind < AT_LK_N ? p[kind] : "?";
}

/* A record's stack as at_print shows it: from its first own frame
   (at_frames.c's rule), the allocator and std before it folded into one
   line; then every frame as memcheck prints it. */
typedef struct {
   UInt depth;
   UInt from;
} StackPrint;

static void print_frame(UInt n, DiEpoch ep, Addr ip, void* opaque)
{
   StackPrint* p = opaque;
   InlIPCursor* iipc = VG_(clo_read_inline_info) ? VG_(new_IIPC)(ep, ip)
                                                 : NULL;
   do {
      if (p->depth >= p->from)
         VG_(gdb_printf)("   %s %s\n", p->depth == p->from ? "at" : "by",
                         VG_(describe_IP)(ep, ip, iipc));
      p->depth++;
   } while (iipc != NULL && VG_(next_IIPC)(iipc));
   if (iipc)
      VG_(delete_IIPC)(iipc);
}

static void print_stack(ExeContext* ec)
{
   AT_Shown sh;
   StackPrint p = { 0, 0 };
   AT_(first_shown)(ec, &sh);
   p.from = sh.index;
   if (p.from > 0)
      VG_(gdb_printf)("   ... %u %s in %s\n", p.from,
                      p.from == 1 ? "frame" : "frames", sh.fold);
   VG_(apply_ExeContext)(print_frame, &p, ec);
}

static void print_record(const MonRec* r, Word i, Word n, Bool deltas)
{
   HChar a[64], b[64], c[64], d[64];
   if (r->kind == AT_LK_DEFINITE && r->ind_bytes > 0)
      VG_(gdb_printf)("%s (%s direct, %s indirect) bytes in %s blocks are "
                      "%s in %sloss record %'ld of %'ld\n",
                      AT_(leak_fig)(a, sizeof(a), r->bytes + r->ind_bytes,
                          r->old_bytes + r->old_ind_bytes, deltas),
                      AT_(leak_fig)(b, sizeof(b), r->bytes, r->old_bytes, deltas),
                      AT_(leak_fig)(c, sizeof(c), r->ind_bytes, r->old_ind_bytes,
                          deltas),
                      AT_(leak_fig)(d, sizeof(d), r->blocks, r->old_blocks, deltas),
                      kind_phrase(r->kind),
                      deltas && r->is_new ? "new " : "", i + 1, n);
   else
      VG_(gdb_printf)("%s bytes in %s blocks are %s in %sloss record %'ld "
                      "of %'ld\n",
                      AT_(leak_fig)(a, sizeof(a), r->bytes, r->old_bytes, deltas),
                      AT_(leak_fig)(b, sizeof(b), r->blocks, r->old_blocks, deltas),
                      kind_phrase(r->kind),
                      deltas && r->is_new ? "new " : "", i + 1, n);
   print_stack(r->where);
   if (r->one_role) {
      HChar role[80];
      AT_(role_words)(r->inst, role, sizeof(role));
      VG_(gdb_printf)("   allocated in role %s\n", role);
   } else {
      VG_(gdb_printf)("   allocated in several roles\n");
   }
   VG_(gdb_printf)("\n");
}

static Bool listed(const MonRec* r, Delta delta, UInt kinds)
{
   if (!(kinds & (1u << r->kind)))
      return False;
   switch (delta) {
      case D_NEW:
         return r->is_new;
      case D_INCREASED:
         return r->is_new || r->bytes + r->ind_bytes
                             > r->old_bytes + r->old_ind_bytes
                || r->blocks > r->old_blocks;
      case D_CHANGED:
         return r->is_new || r->bytes + r->ind_bytes
                             != r->old_bytes + r->old_ind_bytes
                || r->blocks != r->old_blocks;
      default:
         return True;
   }
}

/* A decimal count, all digits; False if not. */
static Bool parse_count(const HChar* s, ULong* out)
{
   ULong v = 0;
   if (s == NULL || *s == '\0')
      return False;
   for (; *s; s++) {
      if (*s < '0' || *s > '9' || v > (~0ULL - 9) / 10)
         return False;
      v = v * 10 + (ULong)(*s - '0');
   }
   *out = v;
   return True;
}

void AT_(leak_monitor)(HChar** save)
{
   Bool   full  = True;
   Delta  delta = D_INCREASED;
   UInt   kinds = AT_(clo_show_leak_kinds);
   UInt   heur  = AT_(clo_leak_heuristics);
   Bool   limited = False;
   ULong  limit = 0, nlisted = 0, skip = 0;
   Bool   deltas;
   HChar* word;
   AT_LeakScan* s;
   XArray* mrecs;
   VgHashTable* now;
   Word   i, n;
   ULong  live = 0;
   UInt   k;
   HChar  a[64], b[64];
   static const HChar* const label[AT_LK_N] = {
      "definitely lost", "indirectly lost", "  possibly lost",
      "still reachable"
   };

   while ((word = VG_(strtok_r)(NULL, " ", save)) != NULL) {
      HChar* arg;
      switch (VG_(keyword_id)("full summary new increased changed any "
                              "kinds reachable possibleleak definiteleak "
                              "limited unlimited heuristics", word,
                              kwd_report_none)) {
         case 0:  full = True;         break;
         case 1:  full = False;        break;
         case 2:  delta = D_NEW;       break;
         case 3:  delta = D_INCREASED; break;
         case 4:  delta = D_CHANGED;   break;
         case 5:  delta = D_ANY;       break;
         case 6:
            arg = VG_(strtok_r)(NULL, " ", save);
            if (arg == NULL || !AT_(parse_leak_kinds)(arg, &kinds)) {
               VG_(gdb_printf)("leak_check: kinds takes all, none or a list "
                               "of definite,indirect,possible,reachable, "
                               "not '%s'\n", arg ? arg : "");
               return;
            }
            break;
         case 7:  kinds = 0xF;                                      break;
         case 8:  kinds = 1u << AT_LK_DEFINITE | 1u << AT_LK_POSSIBLE; break;
         case 9:  kinds = 1u << AT_LK_DEFINITE;                     break;
         case 10:
            arg = VG_(strtok_r)(NULL, " ", save);
            if (!parse_count(arg, &limit)) {
               VG_(gdb_printf)("leak_check: limited takes a number of loss "
                               "records, not '%s'\n", arg ? arg : "");
               return;
            }
            limited = True;
            break;
         case 11: limited = False;     break;
         case 12:
            arg = VG_(strtok_r)(NULL, " ", save);
            if (arg == NULL || !AT_(parse_heuristics)(arg, &heur)) {
               VG_(gdb_printf)("leak_check: heuristics takes all, none or a "
                               "list of stdstring,length64,newarray,"
                               "multipleinheritance, not '%s'\n",
                               arg ? arg : "");
               return;
            }
            break;
         default:
            VG_(gdb_printf)("leak_check: expected full, summary, kinds SET, "
                            "reachable, possibleleak, definiteleak, new, "
                            "increased, changed, any, limited N, "
                            "unlimited or heuristics SET, not '%s'\n", word);
            return;
      }
   }
   s = AT_(leak_scan_now_heuristics)(heur);
   if (s == NULL) {
      VG_(gdb_printf)("leak_check: the program is ending: the report's "
                      "leak scan has run\n");
      return;
   }
   deltas = delta != D_ANY;
   for (k = 0; k < AT_LK_N; k++)
      live += s->totals[k].blocks;
   VG_(gdb_printf)("searching for pointers to %'llu not-freed blocks\n",
                   live);
   if (AT_(clo_leak_check) == AT_LEAK_NO || AT_(clo_wipe_stacks)
                                            != AT_WIPE_POPPED)
      VG_(gdb_printf)("(stack words are not wiped with --leak-check=no or "
                      "--wipe-stacks other than popped: stale pointers may "
                      "keep blocks reachable)\n");
   mrecs = merge(s->records);
   n = VG_(sizeXA)(mrecs);
   now = by_key(mrecs);
   if (full) {
      /* The records go smallest first: with a limit, the first ones
         listed are left out. */
      for (i = 0; i < n; i++)
         nlisted += listed(VG_(indexXA)(mrecs, i), delta, kinds);
      skip = limited && nlisted > limit ? nlisted - limit : 0;
      VG_(gdb_printf)("\n");
      for (i = 0; i < n; i++) {
         const MonRec* r = VG_(indexXA)(mrecs, i);
         if (!listed(r, delta, kinds))
            continue;
         if (skip > 0)
            skip--;
         else
            print_record(r, i, n, deltas);
      }
      if (limited && nlisted > limit)
         VG_(gdb_printf)("(%'llu more loss records not listed: limited "
                         "%'llu)\n", nlisted - limit, limit);
      if (delta == D_CHANGED && gone(now, kinds) > 0)
         VG_(gdb_printf)("%'llu loss records of the previous leak_check are "
                         "gone\n", gone(now, kinds));
   }
   VG_(gdb_printf)("LEAK SUMMARY:\n");
   for (k = 0; k < AT_LK_N; k++)
      VG_(gdb_printf)("   %s: %s bytes in %s blocks\n", label[k],
                      AT_(leak_fig)(a, sizeof(a), s->totals[k].bytes,
                          AT_(leak_base)()->kinds[k].bytes, deltas),
                      AT_(leak_fig)(b, sizeof(b), s->totals[k].blocks,
                          AT_(leak_base)()->kinds[k].blocks, deltas));
   AT_(leak_print_heuristics)(VG_(gdb_printf), s->heur, deltas);
   keep(now, s->totals, s->heur);
   VG_(deleteXA)(mrecs);
   AT_(leak_scan_free)(s);
}

/*------------------------------------------------------------*/
/*--- Snapshots' scans                                     ---*/
/*------------------------------------------------------------*/

#define AT_SNAP_LEAK_RECORDS 10   /* lost records kept per snapshot */

static Int cmp_rec_key(const void* va, const void* vb)
{
   const AT_SnapLeakRec* a = va;
   const AT_SnapLeakRec* b = vb;
   UInt ea = VG_(get_ECU_from_ExeContext)(a->where);
   UInt eb = VG_(get_ECU_from_ExeContext)(b->where);
   if (ea != eb)           return ea < eb ? -1 : 1;
   if (a->inst != b->inst) return a->inst < b->inst ? -1 : 1;
   return a->kind < b->kind ? -1 : a->kind > b->kind ? 1 : 0;
}

static Int cmp_rec_size(const void* va, const void* vb)
{
   const AT_SnapLeakRec* a = va;
   const AT_SnapLeakRec* b = vb;
   ULong sa = a->bytes + a->ind_bytes, sb = b->bytes + b->ind_bytes;
   if (sa != sb)               return sa > sb ? -1 : 1;
   if (a->blocks != b->blocks) return a->blocks > b->blocks ? -1 : 1;
   return cmp_rec_key(va, vb);
}

static Int cmp_role(const void* va, const void* vb)
{
   const AT_SnapLeakRole* a = va;
   const AT_SnapLeakRole* b = vb;
   if (a->kind != b->kind) return a->kind < b->kind ? -1 : 1;
   return a->inst < b->inst ? -1 : a->inst > b->inst ? 1 : 0;
}

static void add_role(void* into, const void* from)
{
   AT_SnapLeakRole* d = into;
   const AT_SnapLeakRole* a = from;
   d->bytes  += a->bytes;
   d->blocks += a->blocks;
}

static void add_rec(void* into, const void* from)
{
   AT_SnapLeakRec* d = into;
   const AT_SnapLeakRec* a = from;
   d->bytes      += a->bytes;
   d->blocks     += a->blocks;
   d->ind_bytes  += a->ind_bytes;
   d->ind_blocks += a->ind_blocks;
}

AT_SnapLeaks* AT_(snap_leaks_take)(void)
{
   AT_LeakScan*  s = AT_(leak_scan_now)();
   AT_SnapLeaks* out;
   XArray* recs;
   XArray* roles;
   Word i, n;
   UInt k;
   if (s == NULL)
      return NULL;
   out  = VG_(calloc)("at.snap_leaks", 1, sizeof(AT_SnapLeaks));
   for (k = 0; k < AT_LK_N; k++) {
      out->bytes[k]  = s->totals[k].bytes;
      out->blocks[k] = s->totals[k].blocks;
   }
   out->left_bytes  = s->left_out.bytes;
   out->left_blocks = s->left_out.blocks;
   recs  = VG_(newXA)(VG_(malloc), "at.snap_leak_recs", VG_(free),
                      sizeof(AT_SnapLeakRec));
   roles = VG_(newXA)(VG_(malloc), "at.snap_leak_roles", VG_(free),
                      sizeof(AT_SnapLeakRole));
   n = VG_(sizeXA)(s->records);
   for (i = 0; i < n; i++) {
      const AT_LossRecord* r = VG_(indexXA)(s->records, i);
      AT_SnapLeakRole ro;
      ro.inst   = r->site->inst;
      ro.kind   = r->kind;
      ro.bytes  = r->bytes;
      ro.blocks = r->blocks;
      VG_(addToXA)(roles, &ro);
      if (r->kind == AT_LK_DEFINITE || r->kind == AT_LK_POSSIBLE) {
         AT_SnapLeakRec x;
         x.where      = r->site->where;
         x.inst       = r->site->inst;
         x.kind       = r->kind;
         x.bytes      = r->bytes;
         x.blocks     = r->blocks;
         x.ind_bytes  = r->ind_bytes;
         x.ind_blocks = r->ind_blocks;
         VG_(addToXA)(recs, &x);
      }
   }
   AT_(leak_scan_free)(s);

   /* By role and kind: the records summed. */
   out->nroles = (UInt)AT_(collapse_by_key)(roles, sizeof(AT_SnapLeakRole),
                                            cmp_role, add_role);
   out->roles  = VG_(malloc)("at.snap_leak_role_arr",
                             (out->nroles ? out->nroles : 1)
                             * sizeof(AT_SnapLeakRole));
   for (i = 0; i < (Word)out->nroles; i++)
      out->roles[i] = *(AT_SnapLeakRole*)VG_(indexXA)(roles, i);
   VG_(deleteXA)(roles);

   /* Lost records by stack, role and kind (a site is also split by
      owner and task), the largest kept. */
   out->records = (ULong)AT_(collapse_by_key)(recs, sizeof(AT_SnapLeakRec),
                                              cmp_rec_key, add_rec);
   VG_(setCmpFnXA)(recs, cmp_rec_size);
   VG_(sortXA)(recs);
   out->nrecs   = out->records < AT_SNAP_LEAK_RECORDS
                     ? (UInt)out->records : AT_SNAP_LEAK_RECORDS;
   out->recs    = VG_(malloc)("at.snap_leak_rec_arr",
                              (out->nrecs ? out->nrecs : 1)
                              * sizeof(AT_SnapLeakRec));
   for (k = 0; k < out->nrecs; k++)
      out->recs[k] = *(AT_SnapLeakRec*)VG_(indexXA)(recs, k);
   VG_(deleteXA)(recs);
   return out;
}

void AT_(snap_leaks_free)(AT_SnapLeaks* l)
{
   if (l == NULL)
      return;
   VG_(free)(l->roles);
   VG_(free)(l->recs);
   VG_(free)(l);
}

/*--------------------------------------------------------------------*/
/*--- end                                            at_leaknow.c ---*/
/*--------------------------------------------------------------------*/
