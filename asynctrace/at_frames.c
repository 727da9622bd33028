/*--------------------------------------------------------------------*/
/*--- asynctrace: function names of code and of stacks.            ---*/
/*---                                                  at_frames.c ---*/
/*--------------------------------------------------------------------*/

/* This file is part of asynctrace.  Copyright (C) 2026 the asynctrace
   authors.  GPL-2.0-or-later; see at_basics.h and COPYING.

   The symbolic side of stacks.  Rust's names come mangled with a hash
   and generic arguments; the rules (--role= patterns, the runtimes'
   frames) match one normalised form of them.  A walk over a stack gives
   each frame, inlined ones included, as Valgrind would print it: its
   normalised and raw name, its source path, its code address.  On that
   walk, AT_(key_frame) finds the frame a runtime's work is known by
   (the first of the program's above the runtime's own) for tasks,
   Rayon jobs and block_on, each with its own rule of what the
   runtime's frames are.  Two stacks can also be compared by the
   source places of their frames rather than by code address (one call
   the compiler has copied, a loop's peeled first turn, say). */

#include "pub_tool_debuginfo.h"
#include "pub_tool_options.h"
#include "pub_tool_seqmatch.h"

#include "at_frames.h"

/*------------------------------------------------------------*/
/*--- Normalising Rust names                               ---*/
/*------------------------------------------------------------*/

static Bool is_hex(HChar c)
{
   return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f');
}

/* Index of the '>' closing the '<' at s[i], or -1. */
static Int closing_angle(const HChar* s, Int i)
{
   Int depth = 0;
   for (; s[i]; i++) {
      if (s[i] == '<') depth++;
      else if (s[i] == '>' && --depth == 0) return i;
   }
   return -1;
}

static void normalize_into(const HChar* in, Int n, HChar* out, Int* o)
{
   Int i = 0;
   while (i < n && *o < AT_FNNAME_MAX - 1) {
      if (in[i] == '<') {
         Int close = closing_angle(in, i);
         if (close < 0 || close >= n)
            break;
         if (i == 0 || (i >= 2 && in[i - 1] == ':' && in[i - 2] == ':'
                        && *o == 0)) {
            /* <Type as Trait>::f or <Type>::f: keep Type. */
            Int end = close;
            Int k;
            for (k = i + 1; k + 4 <= close; k++)
               if (VG_(strncmp)(in + k, " as ", 4) == 0) { end = k; break; }
            normalize_into(in + i + 1, end - (i + 1), out, o);
         } else if (i >= 2 && in[i - 1] == ':' && in[i - 2] == ':') {
            /* A turbofish, f::<T>: drop it and its "::". */
            *o -= 2;
            if (*o < 0) *o = 0;
         }
         /* else generic arguments, Type<T>: dropped. */
         i = close + 1;
         continue;
      }
      out[(*o)++] = in[i++];
   }
   out[*o] = '\0';
}

void AT_(normalize_fnname)(const HChar* in, HChar* out)
{
   Int o = 0;
   Int n = VG_(strlen)(in);
   /* The legacy mangling's hash: "::h" and 16 hex digits at the end. */
   if (n > 19 && in[n - 19] == ':' && in[n - 18] == ':' && in[n - 17] == 'h') {
      Int k;
      for (k = n - 16; k < n && is_hex(in[k]); k++)
         ;
      if (k == n)
         n -= 19;
   }
   normalize_into(in, n, out, &o);
}

/*------------------------------------------------------------*/
/*--- Walking the frames of a stack                        ---*/
/*------------------------------------------------------------*/

/* Unescapes the text of the first <tag>...</tag> in Valgrind's XML
   frame description. */
static Bool text_of_frame_xml(const HChar* xml, const HChar* tag,
                              HChar* out, Int max)
{
   HChar open[16], close[16];
   const HChar* s;
   const HChar* e;
   Int o = 0;
   VG_(snprintf)(open, sizeof(open), "<%s>", tag);
   VG_(snprintf)(close, sizeof(close), "</%s>", tag);
   s = VG_(strstr)(xml, open);
   if (s == NULL)
      return False;
   s += VG_(strlen)(open);
   e = VG_(strstr)(s, close);
   if (e == NULL)
      return False;
   while (s < e && o < max - 1) {
      if (*s == '&') {
         if (VG_(strncmp)(s, "&lt;", 4) == 0)       { out[o++] = '<'; s += 4; continue; }
         else if (VG_(strncmp)(s, "&gt;", 4) == 0)  { out[o++] = '>'; s += 4; continue; }
         else if (VG_(strncmp)(s, "&amp;", 5) == 0) { out[o++] = '&'; s += 5; continue; }
      }
      out[o++] = *s++;
   }
   out[o] = '\0';
   return True;
}

static Bool fn_of_frame_xml(const HChar* xml, HChar* out, Int max)
{
   return text_of_frame_xml(xml, "fn", out, max);
}

typedef struct {
   AT_FrameFn f;
   void*      opaque;
   Bool       stopped;
} WalkFullState;

static void walk_full_ip(UInt n, DiEpoch ep, Addr ip, void* opaque)
{
   WalkFullState* w = opaque;
   InlIPCursor* iipc;
   Bool saved;
   if (w->stopped)
      return;
   iipc  = VG_(clo_read_inline_info) ? VG_(new_IIPC)(ep, ip) : NULL;
   saved = VG_(clo_xml);
   do {
      AT_FrameInfo fi;
      HChar dir[AT_FNNAME_MAX], file[AT_FNNAME_MAX];
      const HChar* xml;
      VG_(clo_xml) = True;
      xml = VG_(describe_IP)(ep, ip, iipc);
      VG_(clo_xml) = saved;
      if (!fn_of_frame_xml(xml, fi.raw, sizeof(fi.raw)))
         VG_(strcpy)(fi.raw, "???");
      AT_(normalize_fnname)(fi.raw, fi.fn);
      dir[0] = file[0] = '\0';
      text_of_frame_xml(xml, "dir", dir, sizeof(dir));
      text_of_frame_xml(xml, "file", file, sizeof(file));
      VG_(snprintf)(fi.path, sizeof(fi.path), "%s/%s", dir, file);
      fi.ip      = ip;
      fi.inlined = iipc != NULL && VG_(next_IIPC)(iipc);
      if (w->f(&fi, w->opaque)) {
         w->stopped = True;
         break;
      }
      if (!fi.inlined)
         break;
   } while (1);
   if (iipc)
      VG_(delete_IIPC)(iipc);
}

Bool AT_(walk_frames_full)(ExeContext* ec, AT_FrameFn f, void* opaque)
{
   WalkFullState w = { f, opaque, False };
   VG_(apply_ExeContext)(walk_full_ip, &w, ec);
   return w.stopped;
}

/* walk_frames: the same walk, handing on the function's name only. */
typedef struct {
   Bool (*f)(const HChar* fn, Addr ip, void* opaque);
   void* opaque;
} ByName;

static Bool by_name(const AT_FrameInfo* fi, void* opaque)
{
   const ByName* b = opaque;
   return b->f(fi->fn, fi->ip, b->opaque);
}

Bool AT_(walk_frames)(ExeContext* ec,
                      Bool (*f)(const HChar* fn, Addr ip, void* opaque),
                      void* opaque)
{
   ByName b = { f, opaque };
   return AT_(walk_frames_full)(ec, by_name, &b);
}

Bool AT_(fn_matches_any)(const HChar* fn, const HChar* const* patterns)
{
   for (; *patterns; patterns++)
      if (VG_(string_match)(*patterns, fn))
         return True;
   return False;
}

/* Whose code a frame is.  Inlined frames carry short names
   ("spawn_inner<F>", or none at all): their source path says whose
   they are. */
Bool AT_(frame_is_tokio)(const AT_FrameInfo* fi)
{
   return VG_(strncmp)(fi->fn, "tokio::", 7) == 0
       || VG_(strstr)(fi->path, "/tokio-") != NULL
       || VG_(strstr)(fi->path, "/tokio/src/") != NULL;
}

/* Rust's standard library, and frames without a name or file. */
Bool AT_(frame_is_std)(const AT_FrameInfo* fi)
{
   return VG_(strncmp)(fi->fn, "std::", 5) == 0
       || VG_(strncmp)(fi->fn, "core::", 6) == 0
       || VG_(strncmp)(fi->fn, "alloc::", 7) == 0
       || VG_(strstr)(fi->path, "library/std/") != NULL
       || VG_(strstr)(fi->path, "library/core/") != NULL
       || VG_(strstr)(fi->path, "library/alloc/") != NULL
       || (VG_(strcmp)(fi->fn, "???") == 0 && fi->path[1] == '\0');
}

/*------------------------------------------------------------*/
/*--- Stacks compared by source place                      ---*/
/*------------------------------------------------------------*/

/* describe_IP's XML past its <ip>: where the code is, not its address. */
static const HChar* past_ip(const HChar* xml)
{
   const HChar* e = VG_(strstr)(xml, "</ip>");
   return e ? e + 5 : xml;
}

/* Whether code addresses a and b are one place in the source: each of
   their chains of inlined calls ends at the same function, file and
   line.  Code without a line is only the same as itself. */
static Bool same_place(DiEpoch ep, Addr a, Addr b)
{
   InlIPCursor* ia;
   InlIPCursor* ib;
   Bool same, more_a, more_b;
   Bool saved = VG_(clo_xml);
   if (a == b)
      return True;
   ia = VG_(clo_read_inline_info) ? VG_(new_IIPC)(ep, a) : NULL;
   ib = VG_(clo_read_inline_info) ? VG_(new_IIPC)(ep, b) : NULL;
   do {
      HChar* da;
      VG_(clo_xml) = True;
      /* describe_IP's buffer is reused by the next call. */
      da = VG_(strdup)("at.place", past_ip(VG_(describe_IP)(ep, a, ia)));
      same = VG_(strstr)(da, "<line>") != NULL
             && VG_(strcmp)(da, past_ip(VG_(describe_IP)(ep, b, ib))) == 0;
      VG_(clo_xml) = saved;
      VG_(free)(da);
      more_a = ia != NULL && VG_(next_IIPC)(ia);
      more_b = ib != NULL && VG_(next_IIPC)(ib);
      if (more_a != more_b)
         same = False;
   } while (same && more_a);
   if (ia) VG_(delete_IIPC)(ia);
   if (ib) VG_(delete_IIPC)(ib);
   return same;
}

/* The frames of a stack as Valgrind shows them: apply_ExeContext stops
   below main (unless --show-below-main=yes). */
typedef struct { Addr* ips; Int n; } Ips;

static void collect_ip(UInt n, DiEpoch ep, Addr ip, void* opaque)
{
   Ips* c = opaque;
   c->ips[n] = ip;
   c->n = n + 1;
}

Bool AT_(same_source_stack)(ExeContext* a, ExeContext* b)
{
   Int  i, n = VG_(get_ExeContext_n_ips)(a);
   Ips  ca, cb;
   Bool same;
   if (a == b)
      return True;
   if (n != VG_(get_ExeContext_n_ips)(b))
      return False;
   ca.ips = VG_(malloc)("at.same_stack", 2 * n * sizeof(Addr));
   cb.ips = ca.ips + n;
   ca.n = cb.n = 0;
   VG_(apply_ExeContext)(collect_ip, &ca, a);
   VG_(apply_ExeContext)(collect_ip, &cb, b);
   same = ca.n == cb.n;
   for (i = 0; i < ca.n && same; i++)
      same = same_place(VG_(get_ExeContext_epoch)(a), ca.ips[i], cb.ips[i]);
   VG_(free)(ca.ips);
   return same;
}

/*------------------------------------------------------------*/
/*--- Key frames                                           ---*/
/*------------------------------------------------------------*/

typedef struct {
   AT_KeyFn     f;
   void*        opaque;
   AT_KeyFrame* out;
   UInt         index;      /* frames seen */
   Addr         last_ip;
   UInt         same_ip;    /* frames so far at last_ip */
} KeyWalk;

static Bool key_step(const AT_FrameInfo* fi, void* opaque)
{
   KeyWalk*   w   = opaque;
   UInt       idx = w->index++;
   AT_KeyStep st;
   w->same_ip = fi->ip == w->last_ip ? w->same_ip + 1 : 0;
   w->last_ip = fi->ip;
   st = w->f(fi, idx, w->opaque);
   if (st == AT_KEY_HERE) {
      w->out->found = True;
      w->out->ip    = fi->ip;
      w->out->depth = w->same_ip;
      w->out->index = idx;
   }
   return st != AT_KEY_NEXT;
}

void AT_(key_frame)(ExeContext* ec, AT_KeyFn f, void* opaque,
                    AT_KeyFrame* out)
{
   KeyWalk w;
   VG_(memset)(out, 0, sizeof(*out));
   w.f       = f;
   w.opaque  = opaque;
   w.out     = out;
   w.index   = 0;
   w.last_ip = (Addr)-1;
   w.same_ip = 0;
   AT_(walk_frames_full)(ec, key_step, &w);
}

/*--------------------------------------------------------------------*/
/*--- end                                              at_frames.c ---*/
/*--------------------------------------------------------------------*/
