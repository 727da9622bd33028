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
      fi.obj[0] = '\0';
      text_of_frame_xml(xml, "obj", fi.obj, sizeof(fi.obj));
      fi.line = 0;
      if (text_of_frame_xml(xml, "line", file, sizeof(file)))
         fi.line = (UInt)VG_(strtoll10)(file, NULL);
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
/*--- The program's own code                               ---*/
/*------------------------------------------------------------*/

static Bool starts_with(const HChar* s, const HChar* p)
{
   return VG_(strncmp)(s, p, VG_(strlen)(p)) == 0;
}

static Bool system_obj(const HChar* obj)
{
   return starts_with(obj, "/lib/") || starts_with(obj, "/lib64/")
       || starts_with(obj, "/usr/lib/") || starts_with(obj, "/usr/lib64/")
       || starts_with(obj, "/usr/libexec/valgrind/")
       || VG_(strstr)(obj, "/vgpreload_") != NULL;
}

/* Rust's std and the crates it vendors, under either of the paths a
   toolchain gives them (remapped to /rustc/HASH/, or a rust-src
   install's lib/rustlib/). */
static Bool std_path(const HChar* path)
{
   const HChar* l = VG_(strstr)(path, "/library/");
   if (starts_with(path, "/rust/deps/"))
      return True;
   if (l == NULL || !(starts_with(path, "/rustc/")
                      || VG_(strstr)(path, "/lib/rustlib/") != NULL
                      || l == path))
      return False;
   l++;
   return starts_with(l, "library/std/") || starts_with(l, "library/core/")
       || starts_with(l, "library/alloc/")
       || starts_with(l, "library/panic_unwind/");
}

static Bool crate_path(const HChar* path)
{
   return VG_(strstr)(path, "/.cargo/registry/") != NULL
       || VG_(strstr)(path, "/.cargo/git/") != NULL
       || VG_(strstr)(path, "/cargo/registry/") != NULL
       || VG_(strstr)(path, "/vendor/") != NULL
       || starts_with(path, "/rustc/") || starts_with(path, "/rust/deps/")
       || VG_(strstr)(path, "/lib/rustlib/") != NULL;
}

AT_Code AT_(frame_code)(const AT_FrameInfo* fi)
{
   Bool has_path = fi->path[0] != '\0' && fi->path[1] != '\0';
   if ((fi->obj[0] != '\0' && system_obj(fi->obj))
       || VG_(strstr)(fi->path, "vg_replace_malloc.c") != NULL)
      return AT_CODE_PLUMBING;
   if (!has_path)
      /* No source: the program's if its object is known (a binary
         without debug information). */
      return fi->obj[0] != '\0' ? AT_CODE_OWN : AT_CODE_PLUMBING;
   if (std_path(fi->path))
      return AT_CODE_PLUMBING;
   return crate_path(fi->path) ? AT_CODE_LIBRARY : AT_CODE_OWN;
}

/* A plumbing frame's name in a fold: the allocator's function, a
   system library's short name, std/core/alloc. */
static void fold_name(const AT_FrameInfo* fi, HChar* out, SizeT n)
{
   const HChar* l = VG_(strstr)(fi->path, "/library/");
   if (fi->obj[0] != '\0' && VG_(strstr)(fi->obj, "/vgpreload_") != NULL) {
      VG_(snprintf)(out, n, "%s", fi->fn);
   } else if (fi->obj[0] != '\0' && system_obj(fi->obj)) {
      const HChar* b = VG_(strrchr)(fi->obj, '/');
      SizeT k = 0;
      b = b ? b + 1 : fi->obj;
      while (b[k] && b[k] != '.' && k + 1 < n) {
         out[k] = b[k];
         k++;
      }
      out[k] = '\0';
   } else if (l != NULL) {
      SizeT k = 0;
      l += 9;
      while (l[k] && l[k] != '/' && k + 1 < n) {
         out[k] = l[k];
         k++;
      }
      out[k] = '\0';
   } else {
      VG_(snprintf)(out, n, "%s", fi->fn);
   }
}

typedef struct {
   AT_Shown* out;
   UInt index;
   Bool have_past;      /* a library's frame seen */
   UInt past_index;
   HChar past_label[AT_FNNAME_MAX];
   Bool have_std;       /* std's first frame, for a stack all std's */
   UInt std_index;
   HChar std_label[AT_FNNAME_MAX];
} ShownWalk;

void AT_(frame_place)(const AT_FrameInfo* fi, HChar* out, SizeT n)
{
   const HChar* file = VG_(strrchr)(fi->path, '/');
   file = file ? file + 1 : fi->path;
   if (file[0] == '\0')
      VG_(snprintf)(out, n, "%s", fi->fn);
   else if (fi->line > 0)
      VG_(snprintf)(out, n, "%s (%s:%u)", fi->fn, file, fi->line);
   else
      VG_(snprintf)(out, n, "%s (%s)", fi->fn, file);
}

static Bool shown_frame(const AT_FrameInfo* fi, void* opaque)
{
   ShownWalk* w = opaque;
   AT_Code c = AT_(frame_code)(fi);
   if (w->index == 0)
      AT_(frame_place)(fi, w->out->label, sizeof(w->out->label));
   if (c == AT_CODE_OWN) {
      w->out->index = w->index;
      w->out->own   = True;
      AT_(frame_place)(fi, w->out->label, sizeof(w->out->label));
      return True;
   }
   if (c == AT_CODE_LIBRARY && !w->have_past) {
      w->have_past  = True;
      w->past_index = w->index;
      AT_(frame_place)(fi, w->past_label, sizeof(w->past_label));
   } else if (c == AT_CODE_PLUMBING && !w->have_std && std_path(fi->path)) {
      w->have_std  = True;
      w->std_index = w->index;
      AT_(frame_place)(fi, w->std_label, sizeof(w->std_label));
   }
   w->index++;
   return False;
}

/* The fold's names: the distinct plumbing names of frames [0, upto). */
typedef struct {
   UInt upto, index;
   HChar* fold;
   SizeT n;
} FoldWalk;

static Bool fold_frame(const AT_FrameInfo* fi, void* opaque)
{
   FoldWalk* w = opaque;
   HChar name[64];
   SizeT len;
   if (w->index++ >= w->upto)
      return True;
   fold_name(fi, name, sizeof(name));
   len = VG_(strlen)(w->fold);
   if (name[0] == '\0' || VG_(strstr)(w->fold, name) != NULL
       || len + VG_(strlen)(name) + 3 >= w->n)
      return False;
   VG_(snprintf)(w->fold + len, w->n - len, "%s%s", len ? ", " : "", name);
   return False;
}

void AT_(first_shown)(ExeContext* ec, AT_Shown* out)
{
   ShownWalk w;
   FoldWalk f;
   VG_(memset)(out, 0, sizeof(*out));
   VG_(memset)(&w, 0, sizeof(w));
   w.out = out;
   if (!AT_(walk_frames_full)(ec, shown_frame, &w)) {
      if (w.have_past) {
         out->index = w.past_index;
         VG_(strcpy)(out->label, w.past_label);
      } else if (w.have_std) {
         out->index = w.std_index;
         VG_(strcpy)(out->label, w.std_label);
      } else {
         /* Nothing but the allocator and system libraries: from its
            top (its label is the first frame's). */
         out->index = 0;
      }
   }
   f.upto  = out->index;
   f.index = 0;
   f.fold  = out->fold;
   f.n     = sizeof(out->fold);
   if (f.upto > 0)
      AT_(walk_frames_full)(ec, fold_frame, &f);
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
