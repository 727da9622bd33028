/*--------------------------------------------------------------------*/
/*--- asynctrace: writing the report's XML.            at_xmlout.c ---*/
/*--------------------------------------------------------------------*/

/* This file is part of asynctrace.  Copyright (C) 2026 the asynctrace
   authors.  GPL-2.0-or-later; see at_basics.h and COPYING.

   What every writer of a report section uses (at_report.c and the
   sections written by their own modules, at_taskrep.c): a buffered
   writer to the report's file, that fails once, keeps the reason (the
   errno) and then writes nothing (at_report.c writes to a temporary
   file renamed only when whole, or to a stream); on a FIFO opened
   without blocking, a full pipe is waited for; XML text escaping that keeps the report well-formed whatever
   bytes a program puts in its thread names and paths; stacks, written
   as references into the stack table that ends the report; and a role
   instance's attributes. */

#include "pub_tool_debuginfo.h"
#include "pub_tool_execontext.h"
#include "pub_tool_hashtable.h"
#include "pub_tool_libcfile.h"
#include "pub_tool_options.h"
#include "pub_tool_vki.h"
#include "pub_tool_xarray.h"

#include "at_roles.h"
#include "at_xmlout.h"

/*------------------------------------------------------------*/
/*--- A buffered writer                                    ---*/
/*------------------------------------------------------------*/

static Int   out_fd = -1;
static Bool  out_failed;
static Int   out_errno;       /* why it failed */
static HChar out_buf[1 << 16];
static Int   out_used;
static ULong out_flushed;     /* bytes handed to write() since begin */

#define AT_POLLOUT 4

static void out_flush(void)
{
   Int done = 0;
   while (done < out_used && !out_failed) {
      /* VG_(write) gives -errno. */
      Int w = VG_(write)(out_fd, out_buf + done, out_used - done);
      if (w == -VKI_EAGAIN) {
         /* A FIFO is opened without blocking (at_report.c): wait
            for its reader to take some. */
         struct vki_pollfd p;
         p.fd      = out_fd;
         p.events  = AT_POLLOUT;
         p.revents = 0;
         VG_(poll)(&p, 1, -1);
      } else if (w <= 0) {
         out_failed = True;
         out_errno  = w < 0 ? -w : VKI_ENOSPC;
      } else {
         done += w;
      }
   }
   out_flushed += out_used;
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

void AT_(out_str)(const HChar* s)
{
   out_bytes(s, VG_(strlen)(s));
}

void AT_(out_fmt)(const HChar* format, ...)
{
   HChar   line[512];
   va_list vargs;
   va_start(vargs, format);
   VG_(vsnprintf)(line, sizeof(line), format, vargs);
   va_end(vargs);
   AT_(out_str)(line);
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
void AT_(out_text)(const HChar* s, Bool escape_markup)
{
   const UChar* p = (const UChar*)s;
   while (*p) {
      Int n;
      if (escape_markup) {
         switch (*p) {
            case '&':  AT_(out_str)("&amp;");  p++; continue;
            case '<':  AT_(out_str)("&lt;");   p++; continue;
            case '>':  AT_(out_str)("&gt;");   p++; continue;
            case '"':  AT_(out_str)("&quot;"); p++; continue;
            case '\'': AT_(out_str)("&apos;"); p++; continue;
            default: break;
         }
      }
      if (*p == '\\') {   /* so that a real "\x41" can't pass for an escape */
         AT_(out_str)("\\\\");
         p++;
         continue;
      }
      n = utf8_len(p);
      if (n == 0 || (*p < 0x20 && *p != '\t' && *p != '\n') || *p == 0x7F) {
         AT_(out_fmt)("\\x%02x", (UInt)*p);
         p++;
      } else {
         out_bytes((const HChar*)p, n);
         p += n;
      }
   }
}

void AT_(out_esc)(const HChar* s) { AT_(out_text)(s, True); }

/* A report starts with no stack written yet (ids start again at 1). */
static void stacks_reset(void);

void AT_(out_begin)(Int fd)
{
   out_fd     = fd;
   out_failed = False;
   out_errno  = 0;
   out_used   = 0;
   out_flushed = 0;
   stacks_reset();
}

Bool AT_(out_end)(void)
{
   out_flush();
   out_fd = -1;
   return !out_failed;
}

Int AT_(out_errno)(void) { return out_errno; }

ULong AT_(out_offset)(void) { return out_flushed + out_used; }

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
   AT_(out_text)(copy, False);
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

void AT_(out_stack)(ExeContext* ec)
{
   UWord key = ec ? VG_(get_ECU_from_ExeContext)(ec) : 0;
   Bool  made;
   StackId* s = AT_(ht_node)(stack_ids, key, sizeof(StackId),
                             "at.report_stack_id", &made);
   if (made) {
      VG_(addToXA)(stacks_by_id, &ec);
      s->id = (UInt)VG_(sizeXA)(stacks_by_id);
   }
   AT_(out_fmt)("<stack ref=\"%u\"/>", s->id);
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
   AT_(out_fmt)("  <frame id=\"%u\"%s>", id,
                inlined ? " inlined=\"yes\"" : "");
   out_frame_xml(s);
   AT_(out_str)("\n");
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
void AT_(out_stack_table)(void)
{
   Word i, j, n = VG_(sizeXA)(stacks_by_id);
   AT_(out_fmt)("<stack-table stacks=\"%ld\">\n", n);
   for (i = 0; i < n; i++) {
      ExeContext* ec = *(ExeContext**)VG_(indexXA)(stacks_by_id, i);
      VG_(dropTailXA)(stack_frames, VG_(sizeXA)(stack_frames));
      if (ec)
         VG_(apply_ExeContext)(table_ip, NULL, ec);
      AT_(out_fmt)("  <stack id=\"%ld\" frames=\"", i + 1);
      for (j = 0; j < VG_(sizeXA)(stack_frames); j++)
         AT_(out_fmt)(j ? " %u" : "%u", *(UInt*)VG_(indexXA)(stack_frames, j));
      AT_(out_str)("\"/>\n");
   }
   AT_(out_str)("</stack-table>\n");
}

/*------------------------------------------------------------*/
/*--- Attributes                                           ---*/
/*------------------------------------------------------------*/

/* role="..." and, for pooled roles, pool="N". */
void AT_(out_role_attrs)(UShort inst)
{
   const AT_RoleInst* ri = AT_(role_inst_info)(inst);
   AT_(out_str)(" role=\"");
   AT_(out_esc)(AT_(role_name)(ri->role));
   AT_(out_str)("\"");
   if (ri->pool)
      AT_(out_fmt)(" pool=\"%u\"", ri->pool);
}

/* A signal's name, as the report writes it. */
const HChar* AT_(signal_name)(Int signo)
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

/* line, padded with spaces to width bytes, the last a newline, into out
   (width + 1 bytes): a line the report can later overwrite in place. */
void AT_(pad_line)(HChar* out, const HChar* line, SizeT width)
{
   SizeT n = VG_(strlen)(line);
   tl_assert(n < width);
   VG_(memcpy)(out, line, n);
   VG_(memset)(out + n, ' ', width - 1 - n);
   out[width - 1] = '\n';
   out[width]     = '\0';
}

/*--------------------------------------------------------------------*/
/*--- end                                              at_xmlout.c ---*/
/*--------------------------------------------------------------------*/
