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
   the compiler has copied, a loop's peeled first turn, say).

   For a person (vgdb's monitor commands), a stack is shown from its
   first own frame, at_print's rule of the program's own code, and a
   frame is named as at_print names it (printer/names.c): Valgrind
   names a frame by its symbol when it is the outermost at its address
   and by its bare DWARF name when inlined ("{closure#0}", "new",
   UnknownInlinedFun), so the name is made whole from its callers'
   names and generic arguments, and written in one closure style with
   long generic lists cut.  at_print also looks names up in the rest of
   its report; a stack alone cannot, so a short name it qualifies that
   way stays short here. */

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
      fi.file_at = file[0] ? (UInt)VG_(strlen)(dir) + 1
                           : (UInt)VG_(strlen)(fi.path);
      fi.obj[0] = '\0';
      text_of_frame_xml(xml, "obj", fi.obj, sizeof(fi.obj));
      fi.line     = 0;
      fi.has_line = text_of_frame_xml(xml, "line", file, sizeof(file));
      if (fi.has_line)
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

/*------------------------------------------------------------*/
/*--- A stack's frames, named as at_print names them       ---*/
/*------------------------------------------------------------*/

/* Naming a frame looks at its neighbours (the frames inlined at its
   address, its callers), so the stack's frames are taken at once. */
typedef struct {
   AT_FrameInfo* v;
   UInt          n, cap;
} Frames;

static Bool take_frame(const AT_FrameInfo* fi, void* opaque)
{
   Frames* fs = opaque;
   if (fs->n == fs->cap) {
      fs->cap = fs->cap ? 2 * fs->cap : 16;
      fs->v   = VG_(realloc)("at.frames", fs->v,
                             fs->cap * sizeof(AT_FrameInfo));
   }
   fs->v[fs->n++] = *fi;
   return False;
}

static void frames_of(ExeContext* ec, Frames* fs)
{
   VG_(memset)(fs, 0, sizeof(*fs));
   if (ec != NULL)
      AT_(walk_frames_full)(ec, take_frame, fs);
}

static void frames_free(Frames* fs)
{
   if (fs->v)
      VG_(free)(fs->v);
}

static const HChar* file_of(const AT_FrameInfo* fi)
{
   return fi->path + fi->file_at;
}

static Bool known_fn(const AT_FrameInfo* fi)
{
   return VG_(strcmp)(fi->raw, "???") != 0;
}

/* A string being built in a buffer of fixed size: what does not fit
   is left out. */
typedef struct {
   HChar* s;
   SizeT  size, len;
} Text;

static void text_init(Text* t, HChar* buf, SizeT size)
{
   t->s    = buf;
   t->size = size;
   t->len  = 0;
   if (size > 0)
      buf[0] = '\0';
}

static void text_add(Text* t, const HChar* s, SizeT n)
{
   while (n-- > 0 && *s && t->len + 1 < t->size)
      t->s[t->len++] = *s++;
   if (t->size > 0)
      t->s[t->len] = '\0';
}

static void text_adds(Text* t, const HChar* s)
{
   text_add(t, s, VG_(strlen)(s));
}

/* The name Valgrind's XML gives an inlined frame whose name lives in
   another compile unit. */
static const HChar unknown_inlined[] = "UnknownInlinedFun";

static Bool path_char(HChar c)
{
   return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')
       || (c >= '0' && c <= '9') || c == '_' || c == ':' || c == '{'
       || c == '}' || c == '#' || c == '$' || c == '.';
}

static Bool is_digit(HChar c) { return c >= '0' && c <= '9'; }

/* A closure-like segment at s ("{{closure}}", or rustc's v0 names:
   "{closure#0}", "{async_block#1}", "{async_fn_env#0}"...): its length,
   or 0 for none ({impl#4} is none).  *env: it names a type (_env);
   kind gets the word without _env. */
static SizeT closure_seg(const HChar* s, Bool* env, HChar* kind,
                         SizeT ksize)
{
   const HChar* h = s + 1;
   const HChar* e;
   HChar w[40];
   SizeT wl;
   Bool  is_env;
   if (s[0] != '{')
      return 0;
   if (VG_(strncmp)(s, "{{closure}}", 11) == 0) {
      if (kind) VG_(snprintf)(kind, ksize, "closure");
      if (env)  *env = False;
      return 11;
   }
   while ((*h >= 'a' && *h <= 'z') || *h == '_')
      h++;
   if (*h != '#' || !is_digit(h[1]))
      return 0;
   wl = (SizeT)(h - s - 1);
   for (e = h + 1; is_digit(*e); e++)
      ;
   if (*e != '}' || wl == 0 || wl >= sizeof(w))
      return 0;
   VG_(memcpy)(w, s + 1, wl);
   w[wl] = '\0';
   is_env = wl > 4 && VG_(strcmp)(w + wl - 4, "_env") == 0;
   if (is_env)
      w[wl - 4] = '\0';
   if (!VG_(strstr)(w, "closure") && !VG_(strstr)(w, "async")
       && !VG_(strstr)(w, "coroutine") && !VG_(strstr)(w, "generator"))
      return 0;
   if (env)  *env = is_env;
   if (kind) VG_(snprintf)(kind, ksize, "%s", w);
   return (SizeT)(e + 1 - s);
}

/* A path (a "::" outside angle brackets), not a bare segment. */
static Bool qualified(const HChar* fn)
{
   Int d = 0;
   for (; *fn; fn++) {
      if (*fn == '<') d++;
      else if (*fn == '>') d--;
      else if (d == 0 && fn[0] == ':' && fn[1] == ':') return True;
   }
   return False;
}

/* fn without the generic lists after its names. */
static void add_bare(Text* t, const HChar* fn)
{
   const HChar* c;
   Int d = 0;
   for (c = fn; *c; c++) {
      HChar p = c > fn ? c[-1] : ' ';
      if (d == 0 && *c == '<' && c != fn && p != ' ' && p != '('
          && p != '<' && p != ',') {
         d = 1;
         continue;
      }
      if (d > 0) {
         d += *c == '<' ? 1 : *c == '>' ? -1 : 0;
         continue;
      }
      text_add(t, c, 1);
   }
}

/* Where fn's generic arguments start, or its end. */
static const HChar* generics_of(const HChar* fn)
{
   const HChar* c;
   for (c = fn; *c; c++)
      if (*c == '<' && c != fn)
         return c;
   return c;
}

static const HChar* last_seg(const HChar* bare)
{
   const HChar* l = bare;
   Int d = 0;
   for (; *bare; bare++) {
      if (*bare == '<') d++;
      else if (*bare == '>') d--;
      else if (d == 0 && bare[0] == ':' && bare[1] == ':') l = bare + 2;
   }
   return l;
}

/* Drops the trailing closure segments of a bare path: the function
   they are the body of. */
static void strip_closures(HChar* bare)
{
   for (;;) {
      /* bare's own pointer, without a cast dropping the const
         (-Wcast-qual, in Valgrind 3.27's flags). */
      HChar* l = bare + (last_seg(bare) - bare);
      if (l == bare || closure_seg(l, NULL, NULL, 0) != VG_(strlen)(l))
         return;
      l[-2] = '\0';
   }
}

/* Generic lists longer than this are written <...>. */
#define AT_GENERIC_SHOWN 20

/* fn as at_print writes a name: its legacy hash dropped, every closure
   segment {{closure}} (Rust's own backtraces' style), each long generic
   list cut, unless its brackets do not pair (C++'s operator<). */
static void add_shown_name(Text* t, const HChar* fn)
{
   HChar styled[2 * AT_FNNAME_MAX];
   Text  st;
   SizeT n = VG_(strlen)(fn), k;
   const HChar* c;
   Int   depth = 0;
   if (n > 19 && VG_(strncmp)(fn + n - 19, "::h", 3) == 0) {
      for (k = n - 16; k < n && is_hex(fn[k]); k++)
         ;
      if (k == n)
         n -= 19;
   }
   text_init(&st, styled, sizeof(styled));
   for (c = fn; c < fn + n;) {
      SizeT s = closure_seg(c, NULL, NULL, 0);
      if (s > 0) {
         text_adds(&st, "{{closure}}");
         c += s;
      } else {
         text_add(&st, c, 1);
         c++;
      }
   }
   for (c = styled; *c; c++) {
      if (*c == '<') depth++;
      else if (*c == '>' && --depth < 0) break;
   }
   if (depth != 0) {
      text_adds(t, styled);
      return;
   }
   for (c = styled; *c; c++) {
      HChar p = c > styled ? c[-1] : ' ';
      if (*c == '<' && ((p >= 'a' && p <= 'z') || (p >= 'A' && p <= 'Z')
                        || is_digit(p) || p == '_' || p == '}')) {
         const HChar* e = c + 1;
         Int d = 1;
         for (; *e && d > 0; e++)
            d += *e == '<' ? 1 : *e == '>' ? -1 : 0;
         if (e - c - 2 > AT_GENERIC_SHOWN) {
            text_adds(t, "<\xe2\x80\xa6>");   /* <...> as one character */
            c = e - 1;
            continue;
         }
      }
      text_add(t, c, 1);
   }
}

/* A short closure name (seg, seglen bytes: "{closure#0}") with its path
   from the generic arguments of the frames inlined at its address and
   of the next frame: the first "PATH::{closure_env#0}" there, giving
   "PATH::{closure#0}". */
static Bool qualify_from_callers(const Frames* fs, UInt i, const HChar* seg,
                                 SizeT seglen, Text* out)
{
   HChar want[64], kind[40];
   Bool  env, past = False;
   const HChar* h;
   UInt  j;
   if (closure_seg(seg, &env, kind, sizeof(kind)) != seglen || env
       || VG_(strncmp)(seg, "{{", 2) == 0)
      return False;
   h = VG_(strchr)(seg, '#');
   VG_(snprintf)(want, sizeof(want), "::{%s_env%.*s", kind,
                 (Int)(seg + seglen - h), h);
   for (j = i + 1; j < fs->n; j++) {
      const AT_FrameInfo* f = &fs->v[j];
      const HChar* c;
      const HChar* st;
      if (f->ip != fs->v[i].ip) {
         if (past)
            break;
         past = True;         /* the caller: one frame more */
      }
      c = known_fn(f) ? VG_(strstr)(f->raw, want) : NULL;
      if (c == NULL)
         continue;
      for (st = c; st > f->raw && path_char(st[-1]); st--)
         ;
      if (st == c)
         continue;
      text_add(out, st, (SizeT)(c - st));
      text_adds(out, "::");
      text_add(out, seg, seglen);
      return True;
   }
   return False;
}

/* An unnamed inlined frame of the program's source is most often its
   closure, called by a library generic over it (Tokio's spawn_blocking,
   Rayon's map): the first closure type in the generic arguments of the
   frames at its address and the next whose crate is that of a named
   frame of the same file in the stack, "demo::main::{closure#0}". */
static Bool own_closure_from_callers(const Frames* fs, UInt i, Text* out)
{
   const AT_FrameInfo* f = &fs->v[i];
   const HChar* crate = NULL;
   SizeT clen = 0;
   Bool  past = False;
   UInt  j;
   if (file_of(f)[0] == '\0')
      return False;
   for (j = 0; j < fs->n && crate == NULL; j++) {
      const AT_FrameInfo* g = &fs->v[j];
      const HChar* e = known_fn(g) ? VG_(strstr)(g->raw, "::") : NULL;
      if (e && VG_(strcmp)(file_of(g), file_of(f)) == 0
          && qualified(g->raw) && g->raw[0] != '<') {
         crate = g->raw;
         clen  = (SizeT)(e - g->raw);
      }
   }
   if (crate == NULL)
      return False;
   for (j = i + 1; j < fs->n; j++) {
      const AT_FrameInfo* g = &fs->v[j];
      const HChar* c;
      if (g->ip != f->ip) {
         if (past)
            break;
         past = True;
      }
      if (!known_fn(g))
         continue;
      for (c = g->raw; (c = VG_(strstr)(c, "::{closure_env#")) != NULL;
           c++) {
         const HChar* st;
         HChar* env;
         SizeT  at = out->len;
         for (st = c; st > g->raw && path_char(st[-1]); st--)
            ;
         if (VG_(strncmp)(st, crate, clen) != 0
             || VG_(strncmp)(st + clen, "::", 2) != 0)
            continue;
         text_add(out, st, (SizeT)(c - st) + 2
                           + closure_seg(c + 2, NULL, NULL, 0));
         /* the type's name, {closure_env#0}, as the function's */
         env = at + (SizeT)(c - st) < out->len
               ? VG_(strstr)(out->s + at + (c - st), "_env#") : NULL;
         if (env) {
            VG_(memmove)(env, env + 4, VG_(strlen)(env + 4) + 1);
            out->len -= 4;
         }
         return True;
      }
   }
   return False;
}

/* Frame i's name in full (generic lists kept), derived where Valgrind
   gave a short one or none, into out; or, for an unnamed frame that is
   "inlined in" another, that frame's index (out left empty); else -1. */
static Int frame_full(const Frames* fs, UInt i, Text* out)
{
   const AT_FrameInfo* f = &fs->v[i];
   const HChar* g;
   HChar ip[24];
   UInt  j;
   if (!known_fn(f)) {
      VG_(snprintf)(ip, sizeof(ip), "0x%lX", f->ip);
      text_adds(out, ip);
      return -1;
   }
   if (VG_(strcmp)(f->raw, unknown_inlined) == 0) {
      if (own_closure_from_callers(fs, i, out))
         return -1;
      for (j = i + 1; j < fs->n && fs->v[j].ip == f->ip; j++)
         if (known_fn(&fs->v[j])
             && VG_(strcmp)(fs->v[j].raw, unknown_inlined) != 0)
            return (Int)j;
      text_adds(out, f->raw);
      return -1;
   }
   g = generics_of(f->raw);
   if (!qualified(f->raw)
       && closure_seg(f->raw, NULL, NULL, 0) == (SizeT)(g - f->raw)
       && qualify_from_callers(fs, i, f->raw, (SizeT)(g - f->raw), out)) {
      text_adds(out, g);
      return -1;
   }
   text_adds(out, f->raw);
   return -1;
}

static void add_frame_name(Text* t, const Frames* fs, UInt i)
{
   HChar full[2 * AT_FNNAME_MAX];
   Text  ft;
   Int   inl;
   text_init(&ft, full, sizeof(full));
   inl = frame_full(fs, i, &ft);
   if (inl >= 0) {
      text_adds(t, "inlined in ");
      text_init(&ft, full, sizeof(full));
      frame_full(fs, (UInt)inl, &ft);
   }
   add_shown_name(t, full);
}

/* " (file:line)" of a frame with a file, or with_obj " (in OBJ)". */
static void add_where(Text* t, const AT_FrameInfo* f, Bool with_obj)
{
   HChar line[16];
   if (file_of(f)[0] != '\0') {
      text_adds(t, " (");
      text_adds(t, file_of(f));
      if (f->has_line) {
         VG_(snprintf)(line, sizeof(line), ":%u", f->line);
         text_adds(t, line);
      }
      text_adds(t, ")");
   } else if (with_obj && f->obj[0] != '\0') {
      text_adds(t, " (in ");
      text_adds(t, f->obj);
      text_adds(t, ")");
   }
}

void AT_(frame_name)(ExeContext* ec, UInt index, HChar* out, SizeT n)
{
   Frames fs;
   Text   t;
   text_init(&t, out, n);
   frames_of(ec, &fs);
   if (index < fs.n)
      add_frame_name(&t, &fs, index);
   else
      text_adds(&t, "???");
   frames_free(&fs);
}

/* The function that spawned at frame k: its path without closures or,
   when Valgrind gives it a short name, that name in its first own
   caller with a full one ("new in demo::Db::open"). */
static Bool add_site_function(Text* t, const Frames* fs, UInt k)
{
   HChar full[2 * AT_FNNAME_MAX], bare[2 * AT_FNNAME_MAX];
   HChar caller[2 * AT_FNNAME_MAX];
   Text  ft, bt;
   Int   inl;
   UInt  j;
   text_init(&ft, full, sizeof(full));
   inl = frame_full(fs, k, &ft);
   if (inl < 0 && qualified(full)) {
      text_init(&bt, bare, sizeof(bare));
      add_bare(&bt, full);
      strip_closures(bare);
      if (qualified(bare) || VG_(strchr)(bare, '{') == NULL) {
         add_shown_name(t, bare);
         return True;
      }
   }
   for (j = k + 1; j < fs->n; j++) {
      Text ct;
      if (AT_(frame_code)(&fs->v[j]) != AT_CODE_OWN)
         continue;
      text_init(&ct, caller, sizeof(caller));
      if (frame_full(fs, j, &ct) >= 0 || !qualified(caller))
         continue;
      text_init(&bt, bare, sizeof(bare));
      add_bare(&bt, caller);
      strip_closures(bare);
      if (inl >= 0 || VG_(strcmp)(full, unknown_inlined) == 0) {
         text_adds(t, "inlined in ");
      } else {
         add_shown_name(t, full);
         text_adds(t, " in ");
      }
      add_shown_name(t, bare);
      return True;
   }
   if (inl >= 0)
      return False;
   add_frame_name(t, fs, k);
   return True;
}

void AT_(spawn_place)(ExeContext* ec, UInt frame, HChar* out, SizeT n)
{
   Frames fs;
   Text   t;
   HChar  ip[24];
   text_init(&t, out, n);
   frames_of(ec, &fs);
   if (frame >= fs.n) {
      text_adds(&t, "an unknown place (its stack does not reach it)");
   } else {
      if (!add_site_function(&t, &fs, frame)) {
         VG_(snprintf)(ip, sizeof(ip), "0x%lX", fs.v[frame].ip);
         text_adds(&t, ip);
      }
      add_where(&t, &fs.v[frame], True);
   }
   frames_free(&fs);
}

/*------------------------------------------------------------*/
/*--- Where a stack is shown from                          ---*/
/*------------------------------------------------------------*/

/* Distinct plumbing names of frames [0, upto), into fold. */
static void fold_of(const Frames* fs, UInt upto, HChar* fold, SizeT n)
{
   UInt i;
   fold[0] = '\0';
   for (i = 0; i < upto && i < fs->n; i++) {
      HChar name[64];
      SizeT len = VG_(strlen)(fold);
      fold_name(&fs->v[i], name, sizeof(name));
      if (name[0] == '\0' || VG_(strstr)(fold, name) != NULL
          || len + VG_(strlen)(name) + 3 >= n)
         continue;
      VG_(snprintf)(fold + len, n - len, "%s%s", len ? ", " : "", name);
   }
}

void AT_(first_shown)(ExeContext* ec, AT_Shown* out)
{
   Frames fs;
   Text   t;
   UInt   i;
   Int    past = -1, std = -1;
   VG_(memset)(out, 0, sizeof(*out));
   frames_of(ec, &fs);
   for (i = 0; i < fs.n && !out->own; i++) {
      AT_Code c = AT_(frame_code)(&fs.v[i]);
      if (c == AT_CODE_OWN) {
         out->index = i;
         out->own   = True;
      } else if (c == AT_CODE_LIBRARY && past < 0) {
         past = (Int)i;
      } else if (c == AT_CODE_PLUMBING && std < 0
                 && std_path(fs.v[i].path)) {
         std = (Int)i;
      }
   }
   /* No own frame: the first past the plumbing, else std's first, else
      (nothing but the allocator and system libraries) the top. */
   if (!out->own)
      out->index = past >= 0 ? (UInt)past : std >= 0 ? (UInt)std : 0;
   text_init(&t, out->label, sizeof(out->label));
   if (out->index < fs.n) {
      add_frame_name(&t, &fs, out->index);
      add_where(&t, &fs.v[out->index], False);
   } else {
      text_adds(&t, "???");
   }
   fold_of(&fs, out->index, out->fold, sizeof(out->fold));
   frames_free(&fs);
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
