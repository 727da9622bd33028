/*--------------------------------------------------------------------*/
/*--- asynctrace: the XML report.                     at_report.c ---*/
/*--------------------------------------------------------------------*/

/* This file is part of asynctrace.  Copyright (C) 2026 the asynctrace
   authors.  GPL-2.0-or-later; see at_basics.h and COPYING.

   The format is described in docs/report-format.md and its schema is
   docs/asynctrace-report.rng; change all three together. */

#include "pub_tool_aspacemgr.h"
#include "pub_tool_clientstate.h"
#include "pub_tool_debuginfo.h"
#include "pub_tool_execontext.h"
#include "pub_tool_libcfile.h"
#include "pub_tool_libcproc.h"
#include "pub_tool_options.h"
#include "pub_tool_threadstate.h"
#include "pub_tool_vki.h"
#include "pub_tool_xarray.h"

#include "at_check.h"
#include "at_futex.h"
#include "at_heap.h"
#include "at_instrument.h"
#include "at_leak.h"
#include "at_maps.h"
#include "at_options.h"
#include "at_report.h"
#include "at_tasks.h"
#include "at_roles.h"
#include "at_snap.h"
#include "at_threads.h"

/*------------------------------------------------------------*/
/*--- A buffered writer                                    ---*/
/*------------------------------------------------------------*/

static Int   out_fd = -1;
static Bool  out_failed;
static HChar out_buf[1 << 16];
static Int   out_used;

static void out_flush(void)
{
   Int done = 0;
   while (done < out_used && !out_failed) {
      Int w = VG_(write)(out_fd, out_buf + done, out_used - done);
      if (w <= 0)
         out_failed = True;
      else
         done += w;
   }
   out_used = 0;
}

static void out_bytes(const HChar* s, Int n)
{
   while (n > 0) {
      Int room = (Int)sizeof(out_buf) - out_used;
      Int k = n < room ? n : room;
      VG_(memcpy)(out_buf + out_used, s, k);
      out_used += k;
      s += k;
      n -= k;
      if (out_used == (Int)sizeof(out_buf))
         out_flush();
   }
}

static void out_str(const HChar* s)
{
   out_bytes(s, VG_(strlen)(s));
}

static void out_fmt(const HChar* format, ...) PRINTF_CHECK(1, 2);
static void out_fmt(const HChar* format, ...)
{
   HChar   line[512];
   va_list vargs;
   va_start(vargs, format);
   VG_(vsnprintf)(line, sizeof(line), format, vargs);
   va_end(vargs);
   out_str(line);
}

/* Length of the valid UTF-8 sequence at s, or 0 if there is none. */
static Int utf8_len(const UChar* s)
{
   Int n, i;
   UInt c;
   if (s[0] < 0x80)                return 1;
   else if ((s[0] & 0xE0) == 0xC0) { n = 2; c = s[0] & 0x1F; }
   else if ((s[0] & 0xF0) == 0xE0) { n = 3; c = s[0] & 0x0F; }
   else if ((s[0] & 0xF8) == 0xF0) { n = 4; c = s[0] & 0x07; }
   else                            return 0;
   for (i = 1; i < n; i++) {
      if ((s[i] & 0xC0) != 0x80)
         return 0;
      c = (c << 6) | (s[i] & 0x3F);
   }
   /* No overlong forms, surrogates or code points past U+10FFFF. */
   if ((n == 2 && c < 0x80) || (n == 3 && c < 0x800) || (n == 4 && c < 0x10000)
       || (c >= 0xD800 && c <= 0xDFFF) || c > 0x10FFFF
       || c == 0xFFFE || c == 0xFFFF)
      return 0;
   return n;
}

/* Writes s as XML text.  Programs choose thread names and paths, so
   anything can be in them: control characters and bytes that are not
   UTF-8 are written as the text \xNN (lower-case hex) and a backslash
   as \\, keeping the report well-formed and the escape unambiguous.
   With escape_markup False, s is already XML (Valgrind's own frame
   text) and only its bytes are checked. */
static void out_text(const HChar* s, Bool escape_markup)
{
   const UChar* p = (const UChar*)s;
   while (*p) {
      Int n;
      if (escape_markup) {
         switch (*p) {
            case '&':  out_str("&amp;");  p++; continue;
            case '<':  out_str("&lt;");   p++; continue;
            case '>':  out_str("&gt;");   p++; continue;
            case '"':  out_str("&quot;"); p++; continue;
            case '\'': out_str("&apos;"); p++; continue;
            default: break;
         }
      }
      if (*p == '\\') {   /* so that a real "\x41" can't pass for an escape */
         out_str("\\\\");
         p++;
         continue;
      }
      n = utf8_len(p);
      if (n == 0 || (*p < 0x20 && *p != '\t' && *p != '\n') || *p == 0x7F) {
         out_fmt("\\x%02x", (UInt)*p);
         p++;
      } else {
         out_bytes((const HChar*)p, n);
         p += n;
      }
   }
}

static void out_esc(const HChar* s) { out_text(s, True); }

/*------------------------------------------------------------*/
/*--- Stacks                                               ---*/
/*------------------------------------------------------------*/

/* Valgrind's describe_IP gives a frame in its XML protocol's layout
   (ip, obj, fn, dir, file, line, escaped) when XML output is on; it is
   the only public call that also describes inlined calls.  Turn XML on
   just for the call, and drop its indentation. */
static void out_frame_xml(const HChar* s)
{
   HChar* copy = VG_(strdup)("at.frame", s);
   HChar* w = copy;
   Bool   skip_space = False;
   for (; *s; s++) {
      if (*s == '\n') { skip_space = True; continue; }
      if (skip_space && *s == ' ') continue;
      skip_space = False;
      *w++ = *s;
   }
   *w = '\0';
   out_text(copy, False);
   VG_(free)(copy);
}

/* Format 2 writes every distinct stack once, and every distinct frame
   once, in a table at the end of the report (<stack-table>); elsewhere
   a stack is <stack ref="ID"/>.  A report with tens of thousands of
   sites repeated whole stacks of 40 symbolized frames in every section
   that named them.  Ids are given in order of first use. */
typedef struct _StackId {
   struct _StackId* next;
   UWord            key;      /* the ExeContext's unique number */
   UInt             id;
} StackId;

/* The frames of one code address: an inlined call adds frames with the
   same address. */
typedef struct _FrameIds {
   struct _FrameIds* next;
   UWord             key;     /* the address */
   DiEpoch           ep;
   UInt              first;   /* id of the innermost of its frames */
   UInt              n;
} FrameIds;

static VgHashTable* stack_ids;
static XArray*      stacks_by_id;   /* ExeContext*, [id - 1]; NULL: none */
static VgHashTable* frame_ids;
static UInt         n_frames;
static XArray*      stack_frames;   /* the stack being written: frame ids */

static void stacks_reset(void)
{
   if (stack_ids != NULL) {
      VG_(HT_destruct)(stack_ids, VG_(free));
      VG_(HT_destruct)(frame_ids, VG_(free));
      VG_(deleteXA)(stacks_by_id);
      VG_(deleteXA)(stack_frames);
   }
   stack_ids    = VG_(HT_construct)("at.report_stack_ids");
   frame_ids    = VG_(HT_construct)("at.report_frame_ids");
   stacks_by_id = VG_(newXA)(VG_(malloc), "at.report_stacks", VG_(free),
                             sizeof(ExeContext*));
   stack_frames = VG_(newXA)(VG_(malloc), "at.report_stack_frames",
                             VG_(free), sizeof(UInt));
   n_frames = 0;
}

static void out_stack(ExeContext* ec)
{
   UWord key = ec ? VG_(get_ECU_from_ExeContext)(ec) : 0;
   Bool  made;
   StackId* s = AT_(ht_node)(stack_ids, key, sizeof(StackId),
                             "at.report_stack_id", &made);
   if (made) {
      VG_(addToXA)(stacks_by_id, &ec);
      s->id = (UInt)VG_(sizeXA)(stacks_by_id);
   }
   out_fmt("<stack ref=\"%u\"/>", s->id);
}

static Word cmp_frame_ids(const void* va, const void* vb)
{
   const FrameIds* a = va;
   const FrameIds* b = vb;
   return !(a->key == b->key && a->ep.n == b->ep.n);
}

/* One frame of the table: describe_IP's text with our id put in. */
static void out_table_frame(const HChar* s, UInt id, Bool inlined)
{
   const HChar* open = "<frame>";
   while (*s == ' ' || *s == '\n')
      s++;
   if (VG_(strncmp)(s, open, VG_(strlen)(open)) == 0)
      s += VG_(strlen)(open);
   out_fmt("  <frame id=\"%u\"%s>", id, inlined ? " inlined=\"yes\"" : "");
   out_frame_xml(s);
   out_str("\n");
}

/* For each address of a stack: its frames' ids, writing the frames the
   first time the address is seen. */
static void table_ip(UInt n, DiEpoch ep, Addr ip, void* opaque)
{
   FrameIds  k;
   FrameIds* f;
   UInt      i;
   k.key = ip;
   k.ep  = ep;
   f = VG_(HT_gen_lookup)(frame_ids, &k, cmp_frame_ids);
   if (f == NULL) {
      InlIPCursor* iipc = VG_(clo_read_inline_info) ? VG_(new_IIPC)(ep, ip)
                                                    : NULL;
      Bool saved = VG_(clo_xml), more;
      f = VG_(calloc)("at.report_frame_ids", 1, sizeof(FrameIds));
      f->key   = ip;
      f->ep    = ep;
      f->first = n_frames + 1;
      do {
         const HChar* s;
         VG_(clo_xml) = True;
         s = VG_(describe_IP)(ep, ip, iipc);
         VG_(clo_xml) = saved;
         /* describe_IP's buffer lives until its next call. */
         more = iipc != NULL && VG_(next_IIPC)(iipc);
         out_table_frame(s, ++n_frames, more);
         f->n++;
      } while (more);
      if (iipc)
         VG_(delete_IIPC)(iipc);
      VG_(HT_add_node)(frame_ids, f);
   }
   for (i = 0; i < f->n; i++) {
      UInt id = f->first + i;
      VG_(addToXA)(stack_frames, &id);
   }
}

/* The table: each stack's new frames, then the stack. */
static void out_stack_table(void)
{
   Word i, j, n = VG_(sizeXA)(stacks_by_id);
   out_fmt("<stack-table stacks=\"%ld\">\n", n);
   for (i = 0; i < n; i++) {
      ExeContext* ec = *(ExeContext**)VG_(indexXA)(stacks_by_id, i);
      VG_(dropTailXA)(stack_frames, VG_(sizeXA)(stack_frames));
      if (ec)
         VG_(apply_ExeContext)(table_ip, NULL, ec);
      out_fmt("  <stack id=\"%ld\" frames=\"", i + 1);
      for (j = 0; j < VG_(sizeXA)(stack_frames); j++)
         out_fmt(j ? " %u" : "%u", *(UInt*)VG_(indexXA)(stack_frames, j));
      out_str("\"/>\n");
   }
   out_str("</stack-table>\n");
}

/*------------------------------------------------------------*/
/*--- Run header                                           ---*/
/*------------------------------------------------------------*/

static ULong start_epoch_ms;

void AT_(report_init)(void)
{
   struct vki_timeval tv;
   if (VG_(gettimeofday)(&tv, NULL) == 0)
      start_epoch_ms = (ULong)tv.tv_sec * 1000ULL + tv.tv_usec / 1000;
}

/* Days since 1970-01-01 to a civil date (proleptic Gregorian). */
static void civil_from_days(Long z, Long* y, UInt* m, UInt* d)
{
   Long era, yoe, doy, mp;
   z += 719468;
   era = (z >= 0 ? z : z - 146096) / 146097;
   Long doe = z - era * 146097;
   yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
   *y  = yoe + era * 400;
   doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
   mp  = (5 * doy + 2) / 153;
   *d  = (UInt)(doy - (153 * mp + 2) / 5 + 1);
   *m  = (UInt)(mp < 10 ? mp + 3 : mp - 9);
   if (*m <= 2)
      (*y)++;
}

static void out_start_time(void)
{
   ULong secs = start_epoch_ms / 1000;
   Long  y;
   UInt  m, d;
   civil_from_days((Long)(secs / 86400), &y, &m, &d);
   out_fmt("<start-time epoch-ms=\"%llu\">%04lld-%02u-%02uT%02llu:%02llu:"
           "%02llu.%03lluZ</start-time>\n",
           start_epoch_ms, y, m, d, (secs % 86400) / 3600,
           (secs % 3600) / 60, secs % 60, start_epoch_ms % 1000);
}

static const HChar* signal_name(Int signo)
{
   static const HChar* const names[] = {
      "SIG0", "SIGHUP", "SIGINT", "SIGQUIT", "SIGILL", "SIGTRAP",
      "SIGABRT", "SIGBUS", "SIGFPE", "SIGKILL", "SIGUSR1", "SIGSEGV",
      "SIGUSR2", "SIGPIPE", "SIGALRM", "SIGTERM", "SIGSTKFLT", "SIGCHLD",
      "SIGCONT", "SIGSTOP", "SIGTSTP", "SIGTTIN", "SIGTTOU", "SIGURG",
      "SIGXCPU", "SIGXFSZ", "SIGVTALRM", "SIGPROF", "SIGWINCH", "SIGIO",
      "SIGPWR", "SIGSYS"
   };
   static HChar rt[16];
   if (signo > 0 && signo < (Int)(sizeof(names) / sizeof(names[0])))
      return names[signo];
   if (signo >= 32 && signo <= 64) {
      VG_(sprintf)(rt, "SIGRT%d", signo - 32);
      return rt;
   }
   return "unknown";
}

static void out_run(const AT_RunEnd* end)
{
   Word i;
   out_str("<run>\n");
   out_str("  <tool name=\"asynctrace\" version=\"" AT_VERSION "\"/>\n");
   out_str("  <valgrind version=\"" AT_VALGRIND_VERSION "\"/>\n");
   out_str("  <command><exe>");
   out_esc(VG_(args_the_exename) ? VG_(args_the_exename) : "");
   out_str("</exe>");
   for (i = 0; i < VG_(sizeXA)(VG_(args_for_client)); i++) {
      out_str("<arg>");
      out_esc(*(HChar**)VG_(indexXA)(VG_(args_for_client), i));
      out_str("</arg>");
   }
   out_str("</command>\n");
   out_fmt("  <pid>%d</pid>\n  <ppid>%d</ppid>\n", VG_(getpid)(),
           VG_(getppid)());
   out_str("  ");
   out_start_time();
   out_fmt("  <duration-ms>%u</duration-ms>\n", end->ms);
   switch (end->how) {
      case AT_END_EXIT:
         out_fmt("  <end how=\"exit\" status=\"%d\"/>\n", end->status);
         break;
      case AT_END_SIGNAL:
         out_fmt("  <end how=\"signal\" signal=\"%s\" signo=\"%d\"/>\n",
                 signal_name(end->signo), end->signo);
         break;
      case AT_END_EXEC:
         out_str("  <end how=\"exec\"/>\n");
         break;
      case AT_END_THREAD_LIMIT:
         out_fmt("  <end how=\"thread-limit\" max-threads=\"%u\"/>\n",
                 VG_N_THREADS);
         break;
      case AT_END_SNAPSHOT:
         out_fmt("  <end how=\"snapshot\" snapshot=\"%u\"/>\n",
                 AT_(snap_taken)());
         break;
   }
   out_str("</run>\n");
}

/*------------------------------------------------------------*/
/*--- Threads and heap                                     ---*/
/*------------------------------------------------------------*/

static void out_counters(const AT_HeapCounters* c)
{
   out_fmt("allocs=\"%llu\" frees=\"%llu\" bytes-allocated=\"%llu\" "
           "bytes-freed=\"%llu\" live-blocks=\"%llu\" live-bytes=\"%llu\" "
           "peak-live=\"%llu\"",
           c->allocs, c->frees, c->bytes_allocated, c->bytes_freed,
           c->live_blocks, c->live_bytes, c->peak_live);
}

/* role="..." and, for pooled roles, pool="N". */
static void out_role_attrs(UShort inst)
{
   const AT_RoleInst* ri = AT_(role_inst_info)(inst);
   out_str(" role=\"");
   out_esc(AT_(role_name)(ri->role));
   out_str("\"");
   if (ri->pool)
      out_fmt(" pool=\"%u\"", ri->pool);
}

static void out_futex_counters(const AT_FutexStats* f)
{
   UInt k;
   out_fmt("waits=\"%llu\" woken=\"%llu\" eagain=\"%llu\" "
           "timeouts=\"%llu\" eintr=\"%llu\" errors=\"%llu\" "
           "pending=\"%llu\" blocked-us=\"%llu\" max-us=\"%llu\" "
           "idle-waits=\"%llu\" idle-us=\"%llu\" wakes=\"%llu\" "
           "woke=\"%llu\"",
           f->waits, f->woken, f->eagain, f->timeouts, f->eintr, f->errors,
           f->pending, f->blocked_us, f->max_us,
           f->class_waits[AT_WAIT_IDLE], f->class_us[AT_WAIT_IDLE],
           f->wakes, f->woke);
   /* The other classes' share (idle's is above, as it always was). */
   for (k = 0; k < AT_WAIT_N; k++)
      if (k != AT_WAIT_IDLE)
         out_fmt(" %s-waits=\"%llu\" %s-us=\"%llu\"",
                 AT_(wait_class_name)(k), f->class_waits[k],
                 AT_(wait_class_name)(k), f->class_us[k]);
}

static void out_threads(void)
{
   UInt i, n = AT_(n_threads)();
   out_fmt("<threads count=\"%u\">\n", n);
   for (i = 1; i <= n; i++) {
      const AT_Thread* t = AT_(thread_by_seq)(i);
      Word k;
      out_fmt("  <thread seq=\"%u\" vg-tid=\"%u\" os-tid=\"%d\" "
              "creator=\"%u\"", t->seq, t->vg_tid, t->os_tid, t->creator);
      out_role_attrs(t->primary_inst);
      if (t->pool_index >= 0)
         out_fmt(" index=\"%d\"", t->pool_index);
      out_fmt(" start-ms=\"%u\"", t->start_ms);
      if (!t->alive)
         out_fmt(" end-ms=\"%u\" ended=\"%s\"", t->end_ms,
                 t->ended_how == AT_ENDED_FORK ? "fork" : "exit");
      out_fmt(" alive-at-exit=\"%s\" insns=\"%llu\">\n",
              t->alive ? "yes" : "no", t->insns);
      for (k = 0; k < VG_(sizeXA)(t->names); k++) {
         const AT_Name* nm = VG_(indexXA)(t->names, k);
         out_fmt("    <name since-ms=\"%u\"%s>", nm->since_ms,
                 nm->inherited ? " inherited=\"yes\"" : "");
         out_esc(nm->name);
         out_str("</name>\n");
      }
      if (t->creation) {
         out_str("    <creation>");
         out_stack(t->creation);
         out_str("</creation>\n");
      }
      out_str("    <role-history>");
      for (k = 0; k < VG_(sizeXA)(t->role_history); k++) {
         const AT_RoleChange* c = VG_(indexXA)(t->role_history, k);
         out_fmt("<role since-ms=\"%u\"", c->since_ms);
         out_role_attrs(c->inst);
         out_str("/>");
      }
      out_str("</role-history>\n");
      out_str("    <heap ");
      out_counters(&t->heap);
      out_str("/>\n    <futex ");
      out_futex_counters(AT_(futex_of_thread)(t->seq));
      out_str("/>\n  </thread>\n");
   }
   out_str("</threads>\n");
}

static void out_heap(void)
{
   const AT_HeapSummary* h = AT_(heap_summary)();
   out_str("<heap ");
   out_counters(&h->total);
   out_fmt(" peak-bytes=\"%llu\" peak-blocks=\"%llu\" peak-ms=\"%u\" "
           "peak-time=\"%llu\" time-unit=\"%s\"/>\n",
           h->peak_bytes, h->peak_blocks, h->peak_ms, h->peak_time,
           AT_(time_unit_name)());
}

/* Blocks live at exit, grouped by site and owner (and kind, after the
   leak scan: then a group is a loss record). */
static Int cmp_record_bytes(const void* va, const void* vb)
{
   const AT_LossRecord* a = va;
   const AT_LossRecord* b = vb;
   UInt ea, eb;
   if (a->bytes != b->bytes)   return a->bytes > b->bytes ? -1 : 1;
   if (a->blocks != b->blocks) return a->blocks > b->blocks ? -1 : 1;
   if (a->kind != b->kind)     return a->kind < b->kind ? -1 : 1;
   ea = VG_(get_ECU_from_ExeContext)(a->site->where);
   eb = VG_(get_ECU_from_ExeContext)(b->site->where);
   if (ea != eb) return ea < eb ? -1 : 1;
   if (a->site->inst != b->site->inst)
      return a->site->inst < b->site->inst ? -1 : 1;
   return a->owner < b->owner ? -1 : a->owner > b->owner ? 1 : 0;
}

static XArray* live_groups(void)
{
   XArray* out = VG_(newXA)(VG_(malloc), "at.live_groups", VG_(free),
                            sizeof(AT_LossRecord));
   if (AT_(leak_checked)()) {
      XArray* r = AT_(leak_records)();
      Word i;
      for (i = 0; i < VG_(sizeXA)(r); i++)
         VG_(addToXA)(out, VG_(indexXA)(r, i));
   } else {
      VG_(deleteXA)(out);
      out = AT_(live_records)();
   }
   VG_(setCmpFnXA)(out, cmp_record_bytes);
   VG_(sortXA)(out);
   return out;
}

static void out_live_at_exit(void)
{
   const AT_HeapSummary* h = AT_(heap_summary)();
   XArray* groups = live_groups();
   Word i, n = VG_(sizeXA)(groups);
   out_fmt("<live-at-exit blocks=\"%llu\" bytes=\"%llu\" sites=\"%ld\">\n",
           h->total.live_blocks, h->total.live_bytes, n);
   for (i = 0; i < n; i++) {
      const AT_LossRecord* g = VG_(indexXA)(groups, i);
      out_fmt("  <site thread=\"%u\"", g->owner);
      out_role_attrs(g->site->inst);
      out_fmt(" blocks=\"%llu\" bytes=\"%llu\"", g->blocks, g->bytes);
      if (g->kind < AT_LK_N)
         out_fmt(" kind=\"%s\"", AT_(leak_kind_name)(g->kind));
      if (g->kind == AT_LK_DEFINITE)
         out_fmt(" indirect-bytes=\"%llu\" indirect-blocks=\"%llu\"",
                 g->ind_bytes, g->ind_blocks);
      if (!AT_(thread_by_seq)(g->owner)->alive)
         out_str(" orphan=\"yes\"");
      out_str(">");
      out_stack(g->site->where);
      out_str("</site>\n");
   }
   out_str("</live-at-exit>\n");
   VG_(deleteXA)(groups);
}

/* Where a global word lies: the object mapped there (from the debug
   info, else from the mapping), the section the debug info knows, the
   word's address as the object was linked (what nm and readelf show)
   and the data symbol over it.  A few look-ups per record written. */
static void out_global_where(Addr a)
{
   const HChar* obj = NULL;
   const HChar* sym = NULL;
   const HChar* sect = NULL;
   const DebugInfo* di;
   PtrdiffT     symoff = 0;
   VgSectKind   sk = VG_(DebugInfo_sect_kind)(&obj, a);
   switch (sk) {
      case Vg_SectData:   sect = "data";    break;
      case Vg_SectBSS:    sect = "bss";     break;
      case Vg_SectGOT:    sect = "got";     break;
      case Vg_SectGOTPLT: sect = "got.plt"; break;
      case Vg_SectPLT:    sect = "plt";     break;
      case Vg_SectOPD:    sect = "opd";     break;
      case Vg_SectText:   sect = "text";    break;
      default:            obj  = NULL;      break;
   }
   if (obj == NULL) {
      NSegment const* seg = VG_(am_find_nsegment)(a);
      if (seg != NULL && seg->kind == SkFileC)
         obj = VG_(am_get_filename)(seg);
   }
   if (obj == NULL)
      return;
   out_str(" obj=\"");
   out_esc(obj);
   out_str("\"");
   if (sect != NULL)
      out_fmt(" section=\"%s\"", sect);
   /* An object is loaded at one bias: its text's. */
   for (di = VG_(next_DebugInfo)(NULL); di != NULL;
        di = VG_(next_DebugInfo)(di)) {
      const HChar* f = VG_(DebugInfo_get_filename)(di);
      if (f != NULL && VG_(strcmp)(f, obj) == 0
          && VG_(DebugInfo_get_text_size)(di) > 0) {
         Addr bias = (Addr)VG_(DebugInfo_get_text_bias)(di);
         if (a >= bias)
            out_fmt(" offset=\"0x%lx\"", a - bias);
         break;
      }
   }
   if (VG_(get_datasym_and_offset)(VG_(current_DiEpoch)(), a, &sym, &symoff)
       && sym != NULL && sym[0] != '\0') {
      out_str(" symbol=\"");
      out_esc(sym);
      out_fmt("\" symbol-offset=\"%ld\"", (long)symoff);
   }
}

/* Why a loss record's blocks are of its kind: the first pointer found
   to one of them. */
static void out_pointed_from(const AT_LossRecord* g)
{
   AT_PointedFrom pf;
   if (!AT_(leak_pointed_from)(g, &pf))
      return;
   out_fmt("<pointed-from root=\"%s\"", AT_(root_name)(pf.root));
   if (pf.root == AT_HOLD_REGISTERS)
      out_fmt(" register=\"%s\"", pf.reg != NULL ? pf.reg : "?");
   else
      out_fmt(" addr=\"0x%lx\"", pf.at);
   out_fmt(" value=\"0x%lx\" block=\"0x%lx\"", pf.value, pf.block);
   if (pf.seq != 0)   /* stack, registers, TLS */
      out_fmt(" thread=\"%u\"", pf.seq);
   if (pf.root == AT_HOLD_GLOBAL)
      out_global_where(pf.at);
   if (pf.root == AT_HOLD_HEAP) {
      out_fmt(" from-block=\"0x%lx\" from-kind=\"%s\">", pf.src,
              AT_(leak_kind_name)(pf.src_kind));
      out_stack(pf.src_where);
      out_str("</pointed-from>");
   } else {
      out_str("/>");
   }
}

/* Totals per kind, per kind and role, what holds the reachable bytes. */
static void out_leaks(void)
{
   const AT_Amount* t;
   XArray* held;
   XArray* recs;
   Word i, n;
   UInt k, r, ninst = AT_(n_role_insts)();
   ULong* by;
   if (!AT_(leak_checked)())
      return;
   t = AT_(leak_totals)();
   out_fmt("<leaks check=\"%s\">\n",
           AT_(clo_leak_check) == AT_LEAK_FULL ? "full" : "summary");
   for (k = 0; k < AT_LK_N; k++)
      out_fmt("  <total kind=\"%s\" bytes=\"%llu\" blocks=\"%llu\"/>\n",
              AT_(leak_kind_name)(k), t[k].bytes, t[k].blocks);
   /* By the role in force when the blocks were allocated. */
   recs = AT_(leak_records)();
   by = VG_(calloc)("at.leak_by_role", 2 * ninst * AT_LK_N, sizeof(ULong));
   for (i = 0; i < VG_(sizeXA)(recs); i++) {
      const AT_LossRecord* g = VG_(indexXA)(recs, i);
      by[2 * (g->kind * ninst + g->site->inst)]     += g->bytes;
      by[2 * (g->kind * ninst + g->site->inst) + 1] += g->blocks;
   }
   for (k = 0; k < AT_LK_N; k++)
      for (r = 0; r < ninst; r++)
         if (by[2 * (k * ninst + r) + 1] > 0) {
            out_fmt("  <by-role kind=\"%s\"", AT_(leak_kind_name)(k));
            out_role_attrs((UShort)r);
            out_fmt(" bytes=\"%llu\" blocks=\"%llu\"/>\n",
                    by[2 * (k * ninst + r)], by[2 * (k * ninst + r) + 1]);
         }
   VG_(free)(by);
   held = AT_(leak_held)();
   n = VG_(sizeXA)(held);
   for (i = 0; i < n; i++) {
      const AT_Held* hd = VG_(indexXA)(held, i);
      out_fmt("  <held-by holder=\"%s\"", AT_(holder_name)(hd->holder));
      if (hd->holder != AT_HOLD_GLOBAL && hd->seq != 0) {
         const AT_Thread* th = AT_(thread_by_seq)(hd->seq);
         out_fmt(" thread=\"%u\"", hd->seq);
         out_role_attrs(th->primary_inst);
         out_fmt(" thread-alive-at-exit=\"%s\"", th->alive ? "yes" : "no");
      }
      out_fmt(" bytes=\"%llu\" blocks=\"%llu\"/>\n", hd->bytes, hd->blocks);
   }
   /* The loss records of the kinds --show-leak-kinds names. */
   if (AT_(clo_leak_check) == AT_LEAK_FULL) {
      n = VG_(sizeXA)(recs);
      for (i = 0; i < n; i++) {
         const AT_LossRecord* g = VG_(indexXA)(recs, i);
         if (!(AT_(clo_show_leak_kinds) & (1u << g->kind)))
            continue;
         out_fmt("  <loss-record kind=\"%s\" thread=\"%u\"",
                 AT_(leak_kind_name)(g->kind), g->owner);
         out_role_attrs(g->site->inst);
         out_fmt(" bytes=\"%llu\" blocks=\"%llu\"", g->bytes, g->blocks);
         if (g->kind == AT_LK_DEFINITE)
            out_fmt(" indirect-bytes=\"%llu\" indirect-blocks=\"%llu\"",
                    g->ind_bytes, g->ind_blocks);
         out_str(">");
         out_stack(g->site->where);
         out_pointed_from(g);
         out_str("</loss-record>\n");
      }
   }
   out_str("</leaks>\n");
}

/* Bytes allocated in one role and freed in another. */
static void out_cross_frees(void)
{
   XArray* x = AT_(heap_cross_frees)();
   Word i, n = VG_(sizeXA)(x);
   out_fmt("<cross-frees count=\"%ld\">\n", n);
   for (i = 0; i < n; i++) {
      const AT_CrossFree* c = VG_(indexXA)(x, i);
      const AT_RoleInst* a = AT_(role_inst_info)(c->alloc_inst);
      const AT_RoleInst* f = AT_(role_inst_info)(c->free_inst);
      out_str("  <free alloc-role=\"");
      out_esc(AT_(role_name)(a->role));
      out_str("\"");
      if (a->pool) out_fmt(" alloc-pool=\"%u\"", a->pool);
      out_str(" free-role=\"");
      out_esc(AT_(role_name)(f->role));
      out_str("\"");
      if (f->pool) out_fmt(" free-pool=\"%u\"", f->pool);
      out_fmt(" frees=\"%llu\" bytes=\"%llu\"/>\n", c->frees, c->bytes);
   }
   out_str("</cross-frees>\n");
   VG_(deleteXA)(x);
}

static void out_timeline(void)
{
   XArray* tl = AT_(heap_timeline)();
   Word i, n = VG_(sizeXA)(tl);
   out_fmt("<timeline unit=\"%s\" samples=\"%ld\">\n",
           AT_(time_unit_name)(), n);
   for (i = 0; i < n; i++) {
      const AT_Sample* s = VG_(indexXA)(tl, i);
      UInt k;
      out_fmt("  <sample time=\"%llu\" live-bytes=\"%llu\"%s>", s->time,
              s->total, s->is_peak ? " peak=\"yes\"" : "");
      for (k = 0; k < s->ninst; k++)
         if (s->by_inst[k] > 0) {
            out_str("<role");
            out_role_attrs((UShort)k);
            out_fmt(" live-bytes=\"%llu\"/>", s->by_inst[k]);
         }
      out_str("</sample>\n");
   }
   out_str("</timeline>\n");
   VG_(deleteXA)(tl);
}

/* A site of the report: a stack and a role, whichever threads. */
typedef struct {
   ExeContext* where;
   UShort      inst;
   ULong       allocs, bytes, live_blocks, live_bytes, at_peak;
} ASite;

static Int cmp_asite_key(const void* va, const void* vb)
{
   const ASite* a = va;
   const ASite* b = vb;
   UInt ea = VG_(get_ECU_from_ExeContext)(a->where);
   UInt eb = VG_(get_ECU_from_ExeContext)(b->where);
   if (ea != eb) return ea < eb ? -1 : 1;
   return a->inst < b->inst ? -1 : a->inst > b->inst ? 1 : 0;
}

static Int cmp_asite_bytes(const void* va, const void* vb)
{
   const ASite* a = va;
   const ASite* b = vb;
   if (a->bytes != b->bytes) return a->bytes > b->bytes ? -1 : 1;
   if (a->allocs != b->allocs) return a->allocs > b->allocs ? -1 : 1;
   return cmp_asite_key(va, vb);
}

/* The sites that allocated most, by stack and role, with live bytes at
   exit and at the peak; the rest summed. */
static void out_alloc_sites(void)
{
   XArray* xs = AT_(heap_sites)();
   XArray* as = VG_(newXA)(VG_(malloc), "at.asites", VG_(free), sizeof(ASite));
   Word i, j, n = VG_(sizeXA)(xs), m, shown;
   ULong rest_allocs = 0, rest_bytes = 0, rest_live = 0, rest_peak = 0;
   for (i = 0; i < n; i++) {
      const AT_Site* st = *(AT_Site**)VG_(indexXA)(xs, i);
      ASite a = { st->where, st->inst, st->allocs, st->bytes,
                  st->live_blocks, st->live_bytes, st->at_peak };
      VG_(addToXA)(as, &a);
   }
   VG_(deleteXA)(xs);
   VG_(setCmpFnXA)(as, cmp_asite_key);
   VG_(sortXA)(as);
   for (i = 0, j = -1; i < n; i++) {
      ASite* a = VG_(indexXA)(as, i);
      ASite* d = j >= 0 ? VG_(indexXA)(as, j) : NULL;
      if (d && cmp_asite_key(d, a) == 0) {
         d->allocs += a->allocs;  d->bytes += a->bytes;
         d->live_blocks += a->live_blocks;  d->live_bytes += a->live_bytes;
         d->at_peak += a->at_peak;
      } else if (++j != i) {
         *(ASite*)VG_(indexXA)(as, j) = *a;
      }
   }
   VG_(dropTailXA)(as, n - (j + 1));
   m = VG_(sizeXA)(as);
   VG_(setCmpFnXA)(as, cmp_asite_bytes);
   VG_(sortXA)(as);
   shown = m < (Word)AT_(clo_alloc_sites) ? m : (Word)AT_(clo_alloc_sites);
   for (i = shown; i < m; i++) {
      const ASite* a = VG_(indexXA)(as, i);
      rest_allocs += a->allocs;
      rest_bytes  += a->bytes;
      rest_live   += a->live_bytes;
      rest_peak   += a->at_peak;
   }
   out_fmt("<alloc-sites count=\"%ld\" shown=\"%ld\" rest-allocs=\"%llu\" "
           "rest-bytes=\"%llu\" rest-live-bytes=\"%llu\" "
           "rest-at-peak=\"%llu\">\n",
           m, shown, rest_allocs, rest_bytes, rest_live, rest_peak);
   for (i = 0; i < shown; i++) {
      const ASite* a = VG_(indexXA)(as, i);
      out_str("  <site");
      out_role_attrs(a->inst);
      out_fmt(" allocs=\"%llu\" bytes=\"%llu\" live-blocks=\"%llu\" "
              "live-bytes=\"%llu\" at-peak=\"%llu\">",
              a->allocs, a->bytes, a->live_blocks, a->live_bytes, a->at_peak);
      out_stack(a->where);
      out_str("</site>\n");
   }
   out_str("</alloc-sites>\n");
   VG_(deleteXA)(as);
}

static void out_bad_calls(void)
{
   XArray* b = AT_(heap_bad_calls)();
   Word i, n = VG_(sizeXA)(b);
   out_fmt("<bad-calls count=\"%ld\">\n", n);
   for (i = 0; i < n; i++) {
      const AT_BadCall* c = VG_(indexXA)(b, i);
      out_fmt("  <bad-call kind=\"%s\" count=\"%llu\" addr=\"%#lx\" "
              "size=\"%lu\" given=\"%lu\">", AT_(bad_kind_name)(c->kind),
              c->count, c->addr, c->size, c->given);
      out_stack(c->where);
      out_str("</bad-call>\n");
   }
   out_str("</bad-calls>\n");
   VG_(deleteXA)(b);
}

static ULong at_peak(UInt inst)
{
   const AT_HeapSummary* h = AT_(heap_summary)();
   return inst < VG_(sizeXA)(h->role_at_peak)
             ? *(ULong*)VG_(indexXA)(h->role_at_peak, inst) : 0;
}

static void out_roles(void)
{
   UInt i, n = AT_(n_role_insts)();
   out_str("<roles>\n");
   for (i = 0; i < n; i++) {
      const AT_RoleLife*     l = AT_(role_life)((UShort)i);
      const AT_HeapCounters* h = AT_(heap_of_role)((UShort)i);
      const AT_FutexStats*   f = AT_(futex_of_role)((UShort)i);
      if (l->threads == 0 && h->allocs == 0 && h->frees == 0
          && f->waits == 0 && f->wakes == 0)
         continue;
      out_str("  <role-summary");
      out_role_attrs((UShort)i);
      out_fmt(" threads=\"%llu\" peak-alive=\"%llu\" ended=\"%llu\" "
              "alive-at-exit=\"%llu\" churn=\"%llu\" insns=\"%llu\" "
              "live-at-peak=\"%llu\">",
              l->threads, l->peak_alive, l->ended, l->alive_at_exit,
              l->churn, l->insns, at_peak(i));
      out_str("<heap ");
      out_counters(h);
      out_str("/><futex ");
      out_futex_counters(f);
      out_str("/></role-summary>\n");
   }
   out_str("</roles>\n");
}

static void out_futex(void)
{
   XArray* sites = AT_(futex_sites)();
   XArray* pairs = AT_(futex_wake_pairs)();
   Word i, n = VG_(sizeXA)(sites);
   out_fmt("<futex-sites count=\"%ld\">\n", n);
   for (i = 0; i < n; i++) {
      const AT_FutexSite* s = VG_(indexXA)(sites, i);
      UInt cmd;
      Bool first = True;
      out_str("  <site");
      out_role_attrs(s->inst);
      out_fmt(" class=\"%s\" ops=\"", AT_(wait_class_name)(s->klass));
      for (cmd = 0; cmd < 32; cmd++)
         if (s->ops & (1u << cmd)) {
            out_fmt("%s%s", first ? "" : " ", AT_(futex_op_name)(cmd));
            first = False;
         }
      out_fmt("\" private=\"%s\" realtime=\"%s\" timed=\"%llu\" ",
              (s->flags & 5) == 5 ? "mixed" : (s->flags & 1) ? "yes" : "no",
              (s->flags & 2) ? "yes" : "no", s->timed);
      out_futex_counters(&s->st);
      out_str(">");
      out_stack(s->where);
      out_str("</site>\n");
   }
   out_str("</futex-sites>\n");
   n = VG_(sizeXA)(pairs);
   out_fmt("<wake-pairs count=\"%ld\">\n", n);
   for (i = 0; i < n; i++) {
      const AT_WakePair* p = VG_(indexXA)(pairs, i);
      UInt k;
      out_fmt("  <wake waker=\"%u\" waiter=\"%u\" count=\"%llu\"",
              p->waker, p->waiter, p->count);
      for (k = 0; k < AT_WAIT_N; k++)
         if (p->by_class[k] > 0)
            out_fmt(" %s=\"%llu\"", AT_(wait_class_name)(k),
                    p->by_class[k]);
      out_str("/>\n");
   }
   out_str("</wake-pairs>\n");
   VG_(deleteXA)(sites);
   VG_(deleteXA)(pairs);
}

/* For sections of other modules (at_report.h). */
void AT_(report_fmt)(const HChar* format, ...)
{
   HChar   buf[1024];
   va_list vargs;
   va_start(vargs, format);
   VG_(vsnprintf)(buf, sizeof(buf), format, vargs);
   va_end(vargs);
   out_str(buf);
}
void AT_(report_esc)(const HChar* s)        { out_esc(s); }
void AT_(report_stack)(ExeContext* ec)      { out_stack(ec); }
void AT_(report_role_attrs)(UShort inst)    { out_role_attrs(inst); }

/*------------------------------------------------------------*/
/*--- Mappings (at_maps.c)                                 ---*/
/*------------------------------------------------------------*/

#define AT_MAPS_SHOWN 20

static void out_footprint_attrs(const AT_Footprint* f)
{
   out_fmt(" heap=\"%llu\" stacks=\"%llu\" anon=\"%llu\" file=\"%llu\" "
           "total=\"%llu\" stack-maps=\"%llu\" anon-maps=\"%llu\" "
           "file-maps=\"%llu\"", f->heap, f->bytes[AT_MAP_STACK],
           f->bytes[AT_MAP_ANON], f->bytes[AT_MAP_FILE],
           f->heap + f->bytes[AT_MAP_STACK] + f->bytes[AT_MAP_ANON]
           + f->bytes[AT_MAP_FILE], f->count[AT_MAP_STACK],
           f->count[AT_MAP_ANON], f->count[AT_MAP_FILE]);
}

static Bool footprint_empty(const AT_Footprint* f)
{
   UInt k;
   for (k = 0; k < AT_MAP_KINDS; k++)
      if (f->bytes[k] || f->count[k])
         return False;
   return f->heap == 0;
}

/* Heap live, thread stacks, anonymous and file maps, per role, at the
   footprint's peak and at exit; per thread at exit; the largest
   mappings live at exit. */
static void out_mappings(void)
{
   XArray* live = AT_(maps_live)();
   AT_Footprint* by_thread = AT_(footprint_by_thread)();
   Word  i, n = VG_(sizeXA)(live);
   Word  shown = n < AT_MAPS_SHOWN ? n : AT_MAPS_SHOWN;
   ULong rest = 0;
   UInt  r, ninst = AT_(n_role_insts)(), nthr = AT_(n_threads)();
   Int   at;
   for (i = shown; i < n; i++)
      rest += ((const AT_Map*)VG_(indexXA)(live, i))->len;
   out_fmt("<mappings maps=\"%ld\" shown=\"%ld\" rest-bytes=\"%llu\">\n",
           n, shown, rest);
   for (at = 0; at < 2; at++) {
      Bool peak = at == 0;
      out_fmt("  <footprint at=\"%s\"", peak ? "peak" : "exit");
      out_footprint_attrs(AT_(footprint_total)(peak));
      out_str(">\n");
      for (r = 0; r < ninst; r++) {
         const AT_Footprint* f = AT_(footprint_of_role)((UShort)r, peak);
         if (footprint_empty(f))
            continue;
         out_str("    <role-footprint");
         out_role_attrs((UShort)r);
         out_footprint_attrs(f);
         out_str("/>\n");
      }
      for (r = 0; !peak && r < nthr; r++) {
         if (footprint_empty(&by_thread[r]))
            continue;
         out_fmt("    <thread-footprint thread=\"%u\"", r + 1);
         out_footprint_attrs(&by_thread[r]);
         out_str("/>\n");
      }
      out_str("  </footprint>\n");
   }
   for (i = 0; i < shown; i++) {
      const AT_Map* m = VG_(indexXA)(live, i);
      out_fmt("  <map start=\"%#lx\" bytes=\"%lu\" kind=\"%s\" how=\"%s\" "
              "thread=\"%u\"", m->start, m->len, AT_(map_kind_name)(m->kind),
              AT_(map_how_name)(m->how), m->seq);
      out_role_attrs(m->inst);
      if (m->spawn)
         out_fmt(" spawn-site=\"%u\"", (UInt)m->spawn);
      if (m->file) {
         out_str(" file=\"");
         out_esc(m->file);
         out_str("\"");
      }
      out_str(">");
      out_stack(m->where);
      out_str("</map>\n");
   }
   out_str("</mappings>\n");
   VG_(free)(by_thread);
   VG_(deleteXA)(live);
}

/*------------------------------------------------------------*/
/*--- Snapshots (at_snap.c)                                ---*/
/*------------------------------------------------------------*/

static const HChar* const snap_causes[] = { "interval", "request", "monitor",
                                            "blocked" };

/* A snapshot's <tasks>: the spawn sites and tasks alive holding most. */
static void out_snap_tasks(const AT_SnapTasks* st)
{
   UInt k;
   if (st == NULL)
      return;
   out_fmt("    <tasks alive=\"%llu\" rest-sites=\"%llu\" rest-tasks=\"%llu\" "
           "rest-bytes=\"%llu\" rest-blocks=\"%llu\" "
           "rest-cell-bytes=\"%llu\">\n", st->alive, st->rest_sites,
           st->rest_tasks, st->rest_bytes, st->rest_blocks,
           st->rest_cell_bytes);
   for (k = 0; k < st->nsites; k++) {
      const AT_SnapSpawn* x = &st->sites[k];
      out_fmt("      <spawn-site id=\"%u\" tasks=\"%llu\" live-bytes=\"%llu\" "
              "live-blocks=\"%llu\" cell-bytes=\"%llu\"/>\n", x->site,
              x->tasks, x->live_bytes, x->live_blocks, x->cell_bytes);
   }
   for (k = 0; k < st->ntasks; k++) {
      const AT_SnapTask* x = &st->tasks[k];
      out_fmt("      <task seq=\"%u\" spawn-site=\"%u\" live-bytes=\"%llu\" "
              "live-blocks=\"%llu\" cell-bytes=\"%llu\"/>\n", x->seq,
              x->site, x->live_bytes, x->live_blocks, x->cell_bytes);
   }
   out_str("    </tasks>\n");
}

/* A snapshot's leak scan (--snapshot-leak-check=yes). */
static void out_snap_leaks(const AT_SnapLeaks* l)
{
   static const HChar* const attr[AT_LK_N] = {
      "definite", "indirect", "possible", "reachable"
   };
   UInt k;
   out_str("    <leak-check");
   for (k = 0; k < AT_LK_N; k++)
      out_fmt(" %s-bytes=\"%llu\" %s-blocks=\"%llu\"", attr[k],
              l->bytes[k], attr[k], l->blocks[k]);
   out_fmt(" records=\"%llu\">\n", l->records);
   for (k = 0; k < l->nroles; k++) {
      out_fmt("      <by-role kind=\"%s\"",
              AT_(leak_kind_name)(l->roles[k].kind));
      out_role_attrs(l->roles[k].inst);
      out_fmt(" bytes=\"%llu\" blocks=\"%llu\"/>\n", l->roles[k].bytes,
              l->roles[k].blocks);
   }
   for (k = 0; k < l->nrecs; k++) {
      const AT_SnapLeakRec* r = &l->recs[k];
      out_fmt("      <record kind=\"%s\"", AT_(leak_kind_name)(r->kind));
      out_role_attrs(r->inst);
      out_fmt(" bytes=\"%llu\" blocks=\"%llu\" indirect-bytes=\"%llu\" "
              "indirect-blocks=\"%llu\">", r->bytes, r->blocks,
              r->ind_bytes, r->ind_blocks);
      out_stack(r->where);
      out_str("</record>\n");
   }
   out_str("    </leak-check>\n");
}

static void out_snapshots(void)
{
   UInt i, k, n = AT_(snap_count)(), np = AT_(snap_phase_count)();
   Int  peak = AT_(snap_peak)();
   if (!AT_(snap_enabled)())
      return;
   out_str("<snapshots");
   if (AT_(snap_interval_text)()[0]) {
      out_str(" interval=\"");
      out_esc(AT_(snap_interval_text)());
      out_str("\"");
   }
   out_fmt(" taken=\"%u\" kept=\"%u\" max=\"%u\" sites=\"%u\" "
           "tasks=\"%u\" phases=\"%u\">\n", AT_(snap_taken)(), n,
           AT_(snap_max)(), AT_(snap_sites)(), AT_(snap_tasks)(), np);
   for (i = 0; i < n; i++) {
      const AT_Snapshot* s = AT_(snap_get)(i);
      out_fmt("  <snapshot seq=\"%u\" ms=\"%u\" insns=\"%llu\" "
              "cause=\"%s\"", s->seq, s->ms, s->insns, snap_causes[s->cause]);
      if (s->label) {
         out_str(" label=\"");
         out_esc(s->label);
         out_str("\"");
      }
      out_fmt(" live-bytes=\"%llu\" live-blocks=\"%llu\" threads=\"%u\" "
              "rest-sites=\"%llu\" rest-bytes=\"%llu\" rest-blocks=\"%llu\"%s>\n",
              s->live_bytes, s->live_blocks, s->threads, s->rest_sites,
              s->rest_bytes, s->rest_blocks,
              (Int)i == peak ? " peak=\"yes\"" : "");
      if (s->leaks)
         out_snap_leaks(s->leaks);
      for (k = 0; k < s->nroles; k++) {
         const AT_SnapRole* r = &s->roles[k];
         out_str("    <role");
         out_role_attrs(r->inst);
         out_fmt(" threads=\"%u\" live-bytes=\"%llu\" live-blocks=\"%llu\" "
                 "waits=\"%llu\" blocked-us=\"%llu\" idle-us=\"%llu\" "
                 "wakes=\"%llu\"/>\n", r->threads, r->live_bytes,
                 r->live_blocks, r->waits, r->blocked_us, r->idle_us,
                 r->wakes);
      }
      for (k = 0; k < s->nsites; k++) {
         const AT_SnapSite* x = &s->sites[k];
         out_str("    <site");
         out_role_attrs(x->inst);
         out_fmt(" live-bytes=\"%llu\" live-blocks=\"%llu\">",
                 x->live_bytes, x->live_blocks);
         out_stack(x->where);
         out_str("</site>\n");
      }
      out_snap_tasks(s->tasks);
      out_str("  </snapshot>\n");
   }
   for (i = 0; i < np; i++) {
      const AT_Phase* p = AT_(snap_phase_get)(i);
      out_fmt("  <phase ms=\"%u\" insns=\"%llu\" after=\"%u\" label=\"",
              p->ms, p->insns, p->after);
      out_esc(p->label);
      out_str("\"/>\n");
   }
   out_str("</snapshots>\n");
}

/*------------------------------------------------------------*/
/*--- Writing it                                           ---*/
/*------------------------------------------------------------*/

/* The core's words for an errno (pub_core_syscall.h). */
extern const HChar* VG_(strerror)(UWord errnum);

static SysRes open_report(const HChar* file, Bool truncate)
{
   return VG_(open)(file, VKI_O_CREAT | VKI_O_WRONLY
                          | (truncate ? VKI_O_TRUNC : 0),
                    VKI_S_IRUSR | VKI_S_IWUSR | VKI_S_IRGRP | VKI_S_IROTH);
}

/* Whether file is the report this very process wrote when it called
   execve: the same pid, ended by exec.  With --trace-children=yes the
   new program's tool starts with the same pid, and so the same name. */
static Bool our_exec_report(const HChar* file)
{
   HChar  buf[8192], pid[48];
   Int    n;
   SysRes sres = VG_(open)(file, VKI_O_RDONLY, 0);
   if (sr_isError(sres))
      return False;
   n = VG_(read)(sr_Res(sres), buf, sizeof(buf) - 1);
   VG_(close)(sr_Res(sres));
   if (n <= 0)
      return False;
   buf[n] = '\0';
   VG_(snprintf)(pid, sizeof(pid), "<pid>%d</pid>", VG_(getpid)());
   return VG_(strstr)(buf, pid) != NULL
          && VG_(strstr)(buf, "<end how=\"exec\"/>") != NULL;
}

/* FILE.exec1 (FILE's .xml kept last): the first such name that is free. */
static HChar* exec_name(const HChar* file)
{
   SizeT  len = VG_(strlen)(file), stem = len;
   HChar* out = VG_(malloc)("at.exec_name", len + 32);
   struct vg_stat st;
   UInt   k;
   if (len > 4 && VG_(strcmp)(file + len - 4, ".xml") == 0)
      stem = len - 4;
   for (k = 1; ; k++) {
      /* (the core's snprintf has no %.*s) */
      VG_(memcpy)(out, file, stem);
      VG_(snprintf)(out + stem, len + 32 - stem, ".exec%u%s", k,
                    file + stem);
      if (sr_isError(VG_(stat)(out, &st)))
         return out;
   }
}

/* A run is long: find out now, not at its end, that the report cannot
   be written where the user asked.  The file is opened as it will be
   (and removed again if this made it).  A program this process execve'd
   into does not overwrite the report of the one before: it writes
   FILE.exec1 (.exec2, ...). */
void AT_(report_check_writable)(void)
{
   HChar* file = VG_(expand_file_name)("--asynctrace-out-file",
                                       AT_(clo_out_file));
   struct vg_stat st;
   if (our_exec_report(file)) {
      HChar* other = exec_name(file);
      VG_(umsg)("asynctrace: %s is this process's report before its "
                "execve; this program's goes to %s\n", file, other);
      VG_(free)(file);
      file = other;
      AT_(clo_out_file) = VG_(strdup)("at.out_file", other);
   }
   Bool   existed = !sr_isError(VG_(stat)(file, &st));
   SysRes sres    = open_report(file, False);
   if (sr_isError(sres)) {
      VG_(fmsg)("asynctrace: cannot write the report to %s: %s; "
                "name another with --asynctrace-out-file=<file>\n", file,
                VG_(strerror)(sr_Err(sres)));
      VG_(exit)(1);
   }
   VG_(close)(sr_Res(sres));
   if (!existed)
      VG_(unlink)(file);
   VG_(free)(file);
}

/* Where the report goes when its file cannot be written at the end
   (the folder went away, the disk is full): $TMPDIR, else /tmp, under
   the file's own name. */
static HChar* fallback_name(const HChar* file)
{
   const HChar* dir  = VG_(getenv)("TMPDIR");
   const HChar* base = VG_(strrchr)(file, '/');
   HChar* out;
   base = base ? base + 1 : file;
   if (dir == NULL || dir[0] == '\0')
      dir = "/tmp";
   out = VG_(malloc)("at.report_fallback",
                     VG_(strlen)(dir) + VG_(strlen)(base) + 2);
   VG_(sprintf)(out, "%s/%s", dir, base);
   return out;
}

/* The name the report is written under before it is renamed: beside
   the file (a rename does not cross file systems), per process (a
   forked child may have been given the same file). */
static HChar* temp_name(const HChar* file)
{
   HChar* t = VG_(malloc)("at.report_tmp", VG_(strlen)(file) + 32);
   VG_(sprintf)(t, "%s.tmp.%d", file, VG_(getpid)());
   return t;
}

/* Opens file's temporary twin; *tmp gets its name. */
static SysRes open_temp(const HChar* file, HChar** tmp)
{
   *tmp = temp_name(file);
   return open_report(*tmp, True);
}

static void write_body(const AT_RunEnd* end)
{
   out_str("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
   out_str("<asynctrace version=\"2\">\n");
   stacks_reset();
   out_run(end);
   out_threads();
   out_heap();
   out_live_at_exit();
   out_leaks();
   out_roles();
   out_futex();
   out_cross_frees();
   out_timeline();
   out_alloc_sites();
   out_bad_calls();
   out_mappings();
   AT_(tasks_report)();
   out_snapshots();
   out_stack_table();
   out_str("</asynctrace>\n");
}

void AT_(write_report_to)(const AT_RunEnd* end, const HChar* given)
{
   HChar* file = given ? VG_(strdup)("at.report_file", given)
                       : VG_(expand_file_name)("--asynctrace-out-file",
                                               AT_(clo_out_file));
   HChar* tmp;
   SysRes sres = open_temp(file, &tmp);
   if (sr_isError(sres)) {
      HChar* alt = fallback_name(file);
      VG_(umsg)("asynctrace: cannot write the report to %s: %s\n", file,
                VG_(strerror)(sr_Err(sres)));
      VG_(free)(tmp);
      sres = open_temp(alt, &tmp);
      if (sr_isError(sres)) {
         VG_(umsg)("asynctrace: nor to %s: %s; no report\n", alt,
                   VG_(strerror)(sr_Err(sres)));
         VG_(free)(tmp);
         VG_(free)(alt);
         VG_(free)(file);
         return;
      }
      VG_(umsg)("asynctrace: writing it to %s instead\n", alt);
      VG_(free)(file);
      file = alt;
   }
   out_fd = sr_Res(sres);
   out_failed = False;
   out_used = 0;

   write_body(end);
   out_flush();
   VG_(close)(out_fd);
   out_fd = -1;

   /* Only a whole report replaces the last one. */
   if (!out_failed && VG_(rename)(tmp, file) != 0)
      out_failed = True;
   if (out_failed) {
      VG_(unlink)(tmp);
      VG_(umsg)("asynctrace: writing the report to %s failed\n", file);
   } else if (VG_(clo_verbosity) > 0 && end->how != AT_END_SNAPSHOT) {
      VG_(umsg)("asynctrace: report written to %s\n", file);
   }
   VG_(free)(tmp);
   VG_(free)(file);
}

/* The one way to a report: the instructions run so far charged, the
   roles' and tasks' figures settled, the invariants checked, then the
   report written, at the end (at_main.c) as at a snapshot or a leak
   check during the run (at_snap.c). */
void AT_(settle_and_write)(const AT_RunEnd* end, const HChar* file)
{
   AT_(charge_insns)();
   AT_(roles_finish)();
   AT_(tasks_finish)();
   AT_(check_invariants)();
   AT_(write_report_to)(end, file);
}

/*--------------------------------------------------------------------*/
/*--- end                                             at_report.c ---*/
/*--------------------------------------------------------------------*/
