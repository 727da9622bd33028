/*--------------------------------------------------------------------*/
/*--- asynctrace: errors as Valgrind reports them.      at_errors.c ---*/
/*--------------------------------------------------------------------*/

/* This file is part of asynctrace.  Copyright (C) 2026 the asynctrace
   authors.  GPL-2.0-or-later; see at_basics.h and COPYING.

   A bad heap call (an invalid or double free, a realloc of freed
   memory, a sized free whose size is not the block's, a calloc whose
   size overflows, a bad alignment, a size too large) goes to the
   report (at_heap.c keeps them by stack) and, through the hook this
   file gives at_heap.c, to the core's error manager, as memcheck's
   errors do.  So Valgrind's habits hold: each is printed on stderr when
   it first happens at its stack, in memcheck's words where memcheck
   has the same error, with the thread and its role; the core counts
   them by context for the ERROR SUMMARY at exit and for
   --error-exitcode; --suppressions files suppress them by kind
   (asynctrace:InvalidFree, ... below) and frames, and
   --gen-suppressions writes such entries.  A suppressed call is still
   in the report: the report says what happened.

   Leaks too, at exit, as memcheck's: after the scan every loss record
   goes through the error manager once (VG_(unique_error)), printed if
   --leak-check=full was given and its kind is one --show-leak-kinds
   names, counted as an error if --errors-for-leak-kinds names it, and
   matched against the asynctrace:Leak suppressions (with memcheck's
   optional "match-leak-kinds:" line).  A suppressed record is marked
   so in the report, and the LEAK SUMMARY printed then leaves it out of
   its kinds and sums it as "suppressed".

   memcheck's leak requests take the same path while the program runs:
   VALGRIND_DO_LEAK_CHECK scans now (at_leak.c) and sends the records
   through the error manager, the ADDED and CHANGED forms only those
   that grew or changed since the program's previous check (kept by
   site and kind), with the changes printed as memcheck prints them;
   the QUICK form prints the summary only.  COUNT_LEAKS and
   COUNT_LEAK_BLOCKS answer the last scan's figures after
   suppressions, as memcheck's: definitely and indirectly lost
   together, possibly lost, still reachable, suppressed. */

#include "pub_tool_aspacemgr.h"
#include "pub_tool_clreq.h"
#include "pub_tool_errormgr.h"
#include "pub_tool_hashtable.h"
#include "pub_tool_mallocfree.h"
#include "pub_tool_libcfile.h"
#include "pub_tool_vki.h"
#include "pub_tool_libcbase.h"
#include "pub_tool_libcprint.h"
#include "pub_tool_options.h"
#include "pub_tool_tooliface.h"

#include "at_attr.h"
#include "at_errors.h"
#include "at_heap.h"
#include "at_leak.h"
#include "at_options.h"
#include "at_pools.h"
#include "at_roles.h"
#include "at_threads.h"

/* The leak error's kind, after the bad calls'. */
#define AT_ERR_LEAK AT_BAD_N

/* What the core copies with each error: the error's own figures. */
typedef struct {
   UInt  seq;            /* the thread's, from 1 (a leak's: allocating) */
   HChar role[64];
   SizeT size, given;
   /* A leak's loss record. */
   UInt  kind;           /* AT_LeakKind */
   ULong bytes, blocks, ind_bytes, ind_blocks;
   UInt  n, of;          /* loss record n of */
   Bool  deltas;         /* a leak check asked for changes: the
                            previous one's figures follow */
   ULong old_bytes, old_blocks;
} Extra;

/* Suppression names, by AT_BadKind: asynctrace:NAME in a file. */
static const HChar* const supp_names[AT_BAD_N] = {
   "InvalidFree", "DoubleFree", "ReallocFreed", "ReallocInvalid",
   "CallocOverflow", "BadAlignment", "SizedFreeMismatch", "TooLarge",
};

static Bool eq_error(VgRes res, const Error* a, const Error* b)
{
   return True;          /* same kind and stack (the core compares) */
}

/* memcheck's words for the kinds, in its messages and suppressions. */
static const HChar* const leak_words[AT_LK_N] = {
   "definitely lost", "indirectly lost", "possibly lost", "still reachable"
};
static const HChar* const leak_supp_words[AT_LK_N] = {
   "definite", "indirect", "possible", "reachable"
};

static void pp_leak(const Error* err)
{
   const Extra* x = VG_(get_error_extra)(err);
   if (x->deltas) {
      HChar a[64], b[64];
      VG_(umsg)("%s bytes in %s blocks are %s in loss record %'u of %'u\n",
                AT_(leak_fig)(a, sizeof a, x->bytes + x->ind_bytes,
                           x->old_bytes, True),
                AT_(leak_fig)(b, sizeof b, x->blocks, x->old_blocks, True),
                leak_words[x->kind], x->n, x->of);
   } else if (x->kind == AT_LK_DEFINITE && x->ind_bytes > 0)
      VG_(umsg)("%'llu (%'llu direct, %'llu indirect) bytes in %'llu blocks "
                "are %s in loss record %'u of %'u\n",
                x->bytes + x->ind_bytes, x->bytes, x->ind_bytes, x->blocks,
                leak_words[x->kind], x->n, x->of);
   else
      VG_(umsg)("%'llu bytes in %'llu blocks are %s in loss record %'u of "
                "%'u\n", x->bytes, x->blocks, leak_words[x->kind], x->n,
                x->of);
   VG_(pp_ExeContext)(VG_(get_error_where)(err));
   VG_(umsg)(" Allocated in thread %u, %s\n", x->seq, x->role);
}

static void before_pp(const Error* err)
{
}

static void pp_error(const Error* err)
{
   const Extra* x = VG_(get_error_extra)(err);
   Addr         a = VG_(get_error_address)(err);
   if (VG_(get_error_kind)(err) == AT_ERR_LEAK) {
      pp_leak(err);
      return;
   }
   switch (VG_(get_error_kind)(err)) {
   case AT_BAD_INVALID_FREE:
   case AT_BAD_DOUBLE_FREE:
   case AT_BAD_REALLOC_FREED:
   case AT_BAD_REALLOC_INVALID:
      VG_(umsg)("Invalid free() / delete / delete[] / realloc()\n");
      break;
   case AT_BAD_SIZED_FREE:
      VG_(umsg)("Mismatched new/delete size value: %lu\n", x->given);
      break;
   case AT_BAD_CALLOC_OVERFLOW:
      VG_(umsg)("calloc(%lu, %lu): the size overflows\n", x->size,
                x->given);
      break;
   case AT_BAD_ALIGNMENT:
      VG_(umsg)("Invalid alignment value: %lu (should be power of 2)\n",
                x->given);
      break;
   case AT_BAD_TOO_LARGE:
      VG_(umsg)("Argument 'size' of an allocation has a fishy (possibly "
                "negative) value: %lld\n", (Long)x->size);
      break;
   default:
      VG_(umsg)("Bad heap call\n");
      break;
   }
   VG_(pp_ExeContext)(VG_(get_error_where)(err));
   switch (VG_(get_error_kind)(err)) {
   case AT_BAD_INVALID_FREE:
      VG_(umsg)(" Address 0x%lx is not the start of a block the program "
                "allocated\n", a);
      break;
   case AT_BAD_DOUBLE_FREE:
      VG_(umsg)(" Address 0x%lx was freed already (a double free)\n", a);
      break;
   case AT_BAD_REALLOC_FREED:
      VG_(umsg)(" Address 0x%lx was freed already (realloc of freed "
                "memory)\n", a);
      break;
   case AT_BAD_REALLOC_INVALID:
      VG_(umsg)(" Address 0x%lx is not the start of a block the program "
                "allocated (realloc)\n", a);
      break;
   case AT_BAD_SIZED_FREE:
      VG_(umsg)(" Address 0x%lx is the start of a block of size %lu\n", a,
                x->size);
      break;
   default:
      break;
   }
   VG_(umsg)(" In thread %u, %s\n", x->seq, x->role);
}

static UInt update_extra(const Error* err)
{
   return sizeof(Extra);
}

static Bool recognised_suppression(const HChar* name, Supp* su)
{
   UInt k;
   if (VG_(strcmp)(name, "Leak") == 0) {
      VG_(set_supp_kind)(su, AT_ERR_LEAK);
      return True;
   }
   for (k = 0; k < AT_BAD_N; k++)
      if (VG_(strcmp)(name, supp_names[k]) == 0) {
         VG_(set_supp_kind)(su, (SuppKind)k);
         return True;
      }
   return False;
}

/* What the tool keeps of each suppression: the leak kinds it matches,
   and its name, for the report (the core tells a tool which
   suppression matched, not its name: the name is read back from the
   file, the first line above the kind that is neither blank nor a
   comment). */
typedef struct {
   UInt   kinds;
   HChar* name;
} SuppInfo;

static const SuppInfo* matched;    /* by the last error suppressed */

static HChar* supp_name(Int fd, Int kind_line)
{
   HChar  link[48], path[4096], *text, *name = NULL;
   const HChar *p, *line_at[2] = { NULL, NULL };
   Int    len, fd2, n = 0, line = 1;
   SysRes r;
   VG_(sprintf)(link, "/proc/self/fd/%d", fd);
   len = VG_(readlink)(link, path, sizeof path - 1);
   if (len <= 0)
      return NULL;
   path[len] = '\0';
   r = VG_(open)(path, VKI_O_RDONLY, 0);
   if (sr_isError(r))
      return NULL;
   fd2  = sr_Res(r);
   text = VG_(malloc)("at.supp_text", 1 << 20);
   n    = VG_(read)(fd2, text, (1 << 20) - 1);
   VG_(close)(fd2);
   if (n <= 0) {
      VG_(free)(text);
      return NULL;
   }
   text[n] = '\0';
   /* The last line before the kind's that says something. */
   for (p = text; *p && line < kind_line; line++) {
      const HChar* q = p;
      while (*q == ' ' || *q == '\t')
         q++;
      if (*q != '\n' && *q != '#' && *q != '\0' && *q != '{')
         line_at[0] = q;
      p = VG_(strchr)(p, '\n');
      if (p == NULL)
         break;
      p++;
   }
   if (line_at[0] != NULL) {
      const HChar* e = line_at[0];
      while (*e && *e != '\n')
         e++;
      while (e > line_at[0] && (e[-1] == ' ' || e[-1] == '\t'
                                || e[-1] == '\r'))
         e--;
      name = VG_(malloc)("at.supp_name", e - line_at[0] + 1);
      VG_(memcpy)(name, line_at[0], e - line_at[0]);
      name[e - line_at[0]] = '\0';
   }
   VG_(free)(text);
   return name;
}

/* A Leak suppression may have memcheck's "match-leak-kinds: SET" line
   (without it, every kind); the bad calls' kinds take none.  A frame
   line read here instead is the core's (it looks at the buffer). */
static Bool read_extra_suppression_info(Int fd, HChar** bufpp, SizeT* nBufp,
                                        Int* lineno, Supp* su)
{
   SuppInfo*    si = VG_(malloc)("at.supp_info", sizeof(SuppInfo));
   const HChar* s;
   si->kinds = (1u << AT_LK_N) - 1;
   si->name  = supp_name(fd, *lineno);
   VG_(set_supp_extra)(su, si);
   if (VG_(get_supp_kind)(su) != AT_ERR_LEAK)
      return True;
   if (VG_(get_line)(fd, bufpp, nBufp, lineno))
      return True;                       /* end of file */
   if (VG_(strncmp)(*bufpp, "match-leak-kinds:", 17) != 0)
      return True;                       /* a frame line: the core's */
   s = *bufpp + 17;
   while (*s == ' ' || *s == '\t')
      s++;
   return AT_(parse_leak_kinds)(s, &si->kinds);
}

static Bool error_matches_suppression(const Error* err, const Supp* su)
{
   const Extra*    x;
   const SuppInfo* si;
   if (VG_(get_error_kind)(err) != VG_(get_supp_kind)(su))
      return False;
   if (VG_(get_error_kind)(err) != AT_ERR_LEAK)
      return True;
   x  = VG_(get_error_extra)(err);
   si = VG_(get_supp_extra)(su);
   return si == NULL || (si->kinds & (1u << x->kind)) != 0;
}

static void note_use(const Error* err, const Supp* su)
{
   matched = VG_(get_supp_extra)(su);
}

static const HChar* matched_name(void)
{
   return matched == NULL ? NULL : matched->name ? matched->name : "?";
}

static const HChar* get_error_name(const Error* err)
{
   UInt k = VG_(get_error_kind)(err);
   if (k == AT_ERR_LEAK)
      return "Leak";
   return k < AT_BAD_N ? supp_names[k] : NULL;
}

/* A generated Leak suppression matches its record's kind only. */
static SizeT no_extra_info(const Error* err, HChar* buf, Int n)
{
   if (n <= 0)
      return 0;
   buf[0] = '\0';
   if (VG_(get_error_kind)(err) == AT_ERR_LEAK) {
      const Extra* x = VG_(get_error_extra)(err);
      VG_(snprintf)(buf, n, "match-leak-kinds: %s",
                    leak_supp_words[x->kind]);
   }
   return VG_(strlen)(buf);
}

static SizeT no_extra_use(const Supp* su, HChar* buf, Int n)
{
   if (n > 0)
      buf[0] = '\0';
   return 0;
}

const HChar* AT_(error_bad_call)(ThreadId tid, UInt kind, Addr addr,
                                 SizeT size, SizeT given)
{
   Extra      x;
   AT_Thread* t = AT_(thread)(tid);
   VG_(memset)(&x, 0, sizeof x);
   x.seq   = t ? t->seq : 0;
   x.size  = size;
   x.given = given;
   AT_(role_words)(AT_(role_now)(tid), x.role, sizeof x.role);
   matched = NULL;
   VG_(maybe_record_error)(tid, (ErrorKind)kind, addr, NULL, &x);
   return matched_name();
}

/* ": tokio-worker (runtime 1) 38,850; main 12,345" into line (n
   bytes): the roles that allocated what is definitely lost, most first,
   for the end of the LEAK SUMMARY's line (after memcheck's words, which
   scripts read); "" if none. */
static void lost_by_role(const ULong* by_inst, UInt ninst, HChar* line,
                         SizeT n)
{
   HChar role[64], part[96];
   Bool  done[ninst ? ninst : 1];
   UInt  i, k, any = 0;
   VG_(memset)(done, 0, sizeof done);
   line[0] = '\0';
   for (i = 0; i < ninst; i++) {
      UInt best = ninst;
      for (k = 0; k < ninst; k++)
         if (!done[k] && by_inst[k] > 0
             && (best == ninst || by_inst[k] > by_inst[best]))
            best = k;
      if (best == ninst)
         break;
      done[best] = True;
      AT_(role_words)((UShort)best, role, sizeof role);
      VG_(snprintf)(part, sizeof part, "%s %s %'llu", any ? ";" : ":",
                    role, by_inst[best]);
      if (VG_(strlen)(line) + VG_(strlen)(part) + 1 >= n)
         break;
      VG_(strcat)(line, part);
      any++;
   }
}

/* The last leak check's figures, after suppressions, for memcheck's
   COUNT_LEAKS and COUNT_LEAK_BLOCKS: definitely and indirectly lost,
   possibly lost, still reachable, suppressed. */
static AT_Amount last_count[4];

/* The previous leak check's records asked for by the program, for its
   changes: by site and kind. */
typedef struct _Prev {
   struct _Prev* next;
   UWord         key;      /* the site's address | kind */
   ULong         bytes, blocks;
} Prev;
static VgHashTable* prev;

typedef enum { LD_ANY, LD_INCREASED, LD_CHANGED } LeakDelta;

/* memcheck's order of loss records: by bytes with the indirect ones,
   then kind, blocks, and stack. */
static Int cmp_memcheck_order(const void* va, const void* vb)
{
   const AT_LossRecord* a = *(const AT_LossRecord* const*)va;
   const AT_LossRecord* b = *(const AT_LossRecord* const*)vb;
   ULong ta = a->bytes + (a->kind == AT_LK_DEFINITE ? a->ind_bytes : 0);
   ULong tb = b->bytes + (b->kind == AT_LK_DEFINITE ? b->ind_bytes : 0);
   UInt  ea, eb;
   if (ta != tb)               return ta < tb ? -1 : 1;
   if (a->kind != b->kind)     return a->kind < b->kind ? -1 : 1;
   if (a->blocks != b->blocks) return a->blocks < b->blocks ? -1 : 1;
   ea = VG_(get_ECU_from_ExeContext)(a->site->where);
   eb = VG_(get_ECU_from_ExeContext)(b->site->where);
   if (ea != eb)               return ea < eb ? -1 : 1;
   return a->owner < b->owner ? -1 : a->owner > b->owner ? 1 : 0;
}

/* Every loss record of a scan once through the error manager (shown if
   full and its kind is one --show-leak-kinds names and, asked for
   changes, it changed so), marking those suppressed; then the LEAK
   SUMMARY, unless -q. */
static void leak_errors(XArray* recs, const AT_Amount* tot,
                        const AT_Amount* heur, Bool full, LeakDelta delta,
                        Bool at_exit)
{
   AT_Amount        shown[AT_LK_N], supp = { 0, 0 };
   UInt             ninst = AT_(n_role_insts)(), k;
   ULong*           by_inst;
   Word             i, n = recs ? VG_(sizeXA)(recs) : 0;
   Bool             show, deltas = delta != LD_ANY;
   AT_LossRecord**  order;
   AT_LeakBase*     bs = AT_(leak_base)();
   VgHashTable*     now = at_exit ? NULL : VG_(HT_construct)("at.leak_prev");
   by_inst = VG_(calloc)("at.leak_by_inst", ninst ? ninst : 1,
                         sizeof(ULong));
   for (k = 0; k < AT_LK_N; k++)
      shown[k] = tot[k];
   if (at_exit && VG_(clo_verbosity) > 0) {
      const AT_HeapSummary* h = AT_(heap_summary)();
      ULong cb, cn;
      /* As memcheck's, without the pools' chunks (the report has them). */
      AT_(pools_chunks_live)(&cb, &cn);
      VG_(umsg)("HEAP SUMMARY:\n");
      VG_(umsg)("    in use at exit: %'llu bytes in %'llu blocks\n",
                h->total.live_bytes - cb, h->total.live_blocks - cn);
      VG_(umsg)("  total heap usage: %'llu allocs, %'llu frees, %'llu "
                "bytes allocated\n", h->total.allocs, h->total.frees,
                h->total.bytes_allocated);
      VG_(umsg)("\n");
   }
   /* In memcheck's order: the smallest first, so that the largest is
      printed last, nearest the summary. */
   order = VG_(malloc)("at.leak_order", (n ? n : 1) * sizeof(AT_LossRecord*));
   for (i = 0; i < n; i++)
      order[i] = VG_(indexXA)(recs, i);
   VG_(ssort)(order, n, sizeof(AT_LossRecord*), cmp_memcheck_order);
   for (i = 0; i < n; i++) {
      AT_LossRecord* g = order[i];
      UWord key = (UWord)g->site | g->kind;
      Prev* was = prev ? VG_(HT_lookup)(prev, key) : NULL;
      Extra x;
      const HChar* by;
      VG_(memset)(&x, 0, sizeof x);
      x.seq        = g->owner;
      x.kind       = g->kind;
      x.bytes      = g->bytes;
      x.blocks     = g->blocks;
      x.ind_bytes  = g->kind == AT_LK_DEFINITE ? g->ind_bytes : 0;
      x.ind_blocks = g->kind == AT_LK_DEFINITE ? g->ind_blocks : 0;
      x.n          = (UInt)i + 1;
      x.of         = (UInt)n;
      x.deltas     = deltas;
      x.old_bytes  = was ? was->bytes : 0;
      x.old_blocks = was ? was->blocks : 0;
      AT_(role_words)(g->site->inst, x.role, sizeof x.role);
      show = full && (AT_(clo_show_leak_kinds) & (1u << g->kind)) != 0;
      if (delta == LD_INCREASED)
         show = show && (x.bytes + x.ind_bytes > x.old_bytes
                         || x.blocks > x.old_blocks);
      else if (delta == LD_CHANGED)
         show = show && (x.bytes + x.ind_bytes != x.old_bytes
                         || x.blocks != x.old_blocks);
      if (now != NULL) {
         Prev* p = VG_(malloc)("at.leak_prev", sizeof(Prev));
         p->key    = key;
         p->bytes  = x.bytes + x.ind_bytes;
         p->blocks = x.blocks;
         VG_(HT_add_node)(now, p);
      }
      matched = NULL;
      by = VG_(unique_error)(
         1, AT_ERR_LEAK, 0, NULL, &x, g->site->where, show, False,
         show || at_exit
         ? (AT_(clo_error_leak_kinds) & (1u << g->kind)) != 0 : False)
         ? (matched_name() ? matched_name() : "?") : NULL;
      g->suppressed_by = by;
      if (by != NULL) {
         shown[g->kind].bytes  -= g->bytes;
         shown[g->kind].blocks -= g->blocks;
         supp.bytes  += g->bytes;
         supp.blocks += g->blocks;
      } else if (g->kind == AT_LK_DEFINITE && g->site->inst < ninst) {
         by_inst[g->site->inst] += g->bytes;
      }
   }
   last_count[0].bytes  = shown[AT_LK_DEFINITE].bytes
                          + shown[AT_LK_INDIRECT].bytes;
   last_count[0].blocks = shown[AT_LK_DEFINITE].blocks
                          + shown[AT_LK_INDIRECT].blocks;
   last_count[1] = shown[AT_LK_POSSIBLE];
   last_count[2] = shown[AT_LK_REACHABLE];
   last_count[3] = supp;
   if (VG_(clo_verbosity) > 0 && at_exit
       && AT_(heap_summary)()->total.live_blocks == 0) {
      VG_(umsg)("All heap blocks were freed -- no leaks are possible\n");
   } else if (VG_(clo_verbosity) > 0) {
      static const HChar* const label[AT_LK_N] = {
         "definitely lost", "indirectly lost", "  possibly lost",
         "still reachable"
      };
      HChar roles[512], a[64], b[64];
      lost_by_role(by_inst, ninst, roles, sizeof roles);
      VG_(umsg)("LEAK SUMMARY:\n");
      for (k = 0; k < AT_LK_N; k++)
         VG_(umsg)("   %s: %s bytes in %s blocks%s\n", label[k],
                   AT_(leak_fig)(a, sizeof a, shown[k].bytes,
                              bs->kinds[k].bytes, deltas),
                   AT_(leak_fig)(b, sizeof b, shown[k].blocks,
                              bs->kinds[k].blocks, deltas),
                   k == AT_LK_DEFINITE ? roles : "");
      AT_(leak_print_heuristics)(VG_(umsg), heur, deltas);
      VG_(umsg)("        suppressed: %s bytes in %s blocks\n",
                AT_(leak_fig)(a, sizeof a, supp.bytes, bs->supp.bytes, deltas),
                AT_(leak_fig)(b, sizeof b, supp.blocks, bs->supp.blocks,
                           deltas));
      if (at_exit && !full && n > 0)
         VG_(umsg)("Rerun with --leak-check=full to see the loss records "
                   "here too; the report has them\n");
   }
   if (now != NULL) {
      if (prev != NULL)
         VG_(HT_destruct)(prev, VG_(free));
      prev = now;
      VG_(memcpy)(bs->kinds, shown, sizeof shown);
      bs->supp = supp;
      VG_(memcpy)(bs->heur, heur, sizeof bs->heur);
   }
   VG_(free)(by_inst);
   VG_(free)(order);
}

void AT_(errors_leaks)(void)
{
   const AT_Amount* tot = AT_(leak_totals)();
   if (AT_(clo_leak_check) == AT_LEAK_NO || tot == NULL)
      return;
   leak_errors(AT_(leak_records)(), tot, AT_(leak_heuristic_totals)(),
               AT_(clo_leak_check_given)
               && AT_(clo_leak_check) == AT_LEAK_FULL, LD_ANY, True);
}

/*------------------------------------------------------------*/
/*--- memcheck's leak requests                             ---*/
/*------------------------------------------------------------*/

/* memcheck's request numbers (memcheck.h's order is its ABI). */
#define MC_REQ(k)            (VG_USERREQ_TOOL_BASE('M', 'C') + (k))
#define MC_DO_LEAK_CHECK     MC_REQ(6)
#define MC_COUNT_LEAKS       MC_REQ(7)
#define MC_COUNT_LEAK_BLOCKS MC_REQ(12)

static void put_word(UWord at, UWord v)
{
   if (at != 0 && VG_(am_is_valid_for_client)(at, sizeof(UWord),
                                                VKI_PROT_WRITE))
      *(UWord*)at = v;
}

Bool AT_(leak_request)(ThreadId tid, const UWord* args, UWord* ret)
{
   UInt k;
   *ret = 0;
   switch (args[0]) {
      case MC_DO_LEAK_CHECK: {
         /* args[1]: 0 full, 1 the summary only; args[2]: 0 every
            record, 1 those that grew, 2 those that changed, since the
            previous one the program asked for (3, new ones, as 1). */
         AT_LeakScan* scan;
         LeakDelta d = args[2] == 1 || args[2] == 3 ? LD_INCREASED
                       : args[2] == 2 ? LD_CHANGED : LD_ANY;
         if (AT_(clo_leak_check) == AT_LEAK_NO)
            return True;
         scan = AT_(leak_scan_now)();
         if (scan == NULL)
            return True;     /* the exit scan has run */
         leak_errors(scan->records, scan->totals, scan->heur, args[1] != 1,
                     d, False);
         AT_(leak_scan_free)(scan);
         return True;
      }
      case MC_COUNT_LEAKS:
      case MC_COUNT_LEAK_BLOCKS: {
         /* Where to put them: four addresses, from args[1]. */
         for (k = 0; k < 4; k++)
            put_word(args[1 + k], args[0] == MC_COUNT_LEAKS
                                  ? last_count[k].bytes
                                  : last_count[k].blocks);
         return True;
      }
      default:
         /* memcheck's others change nothing here.  Among them, from
            Valgrind 3.22, VERIFY_ALIGNMENT, which the core's allocation
            stubs send every tool: the alignments it checks are checked
            where the block is made (at_heap.c, at_preload.c), and a
            delete's alignment is not compared with its block's. */
         return True;
   }
}

void AT_(errors_pre_clo_init)(void)
{
   VG_(needs_tool_errors)(eq_error, before_pp, pp_error, False, update_extra,
                          recognised_suppression,
                          read_extra_suppression_info,
                          error_matches_suppression, get_error_name,
                          no_extra_info, no_extra_use, note_use);
}

/*--------------------------------------------------------------------*/
/*--- end                                              at_errors.c ---*/
/*--------------------------------------------------------------------*/
