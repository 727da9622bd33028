/*--------------------------------------------------------------------*/
/*--- asynctrace: function names of code and of stacks.            ---*/
/*---                                                  at_frames.h ---*/
/*--------------------------------------------------------------------*/

/* This file is part of asynctrace.  Copyright (C) 2026 the asynctrace
   authors.  GPL-2.0-or-later; see at_basics.h and COPYING. */

#ifndef __AT_FRAMES_H
#define __AT_FRAMES_H

#include "at_basics.h"
#include "pub_tool_execontext.h"

#define AT_FNNAME_MAX 512

/* Rust names in the one form rules match against: no hash suffix
   (::h0123456789abcdef), no generic arguments (Harness<T,S>::poll ->
   Harness::poll, block_on::<F> -> block_on), and <Type as Trait>::f or
   <Type>::f as Type::f.  out has AT_FNNAME_MAX bytes. */
void AT_(normalize_fnname)(const HChar* in, HChar* out);

/* Calls f on every frame of ec, innermost first, inlined calls
   included (as Valgrind prints them), with the normalized function
   name ("???" when unknown) and the frame's code address.  Stops when f
   returns True, and then returns True. */
Bool AT_(walk_frames)(ExeContext* ec,
                      Bool (*f)(const HChar* fn, Addr ip, void* opaque),
                      void* opaque);

/* The same, with more of each frame: its raw name (generic arguments
   and all), its source path (dir/file) and whether more frames follow
   at the same code address (it is inlined there). */
typedef struct {
   HChar fn[AT_FNNAME_MAX];     /* normalized */
   HChar raw[AT_FNNAME_MAX];
   HChar path[2 * AT_FNNAME_MAX];
   UInt  file_at;               /* path + file_at: the file as Valgrind
                                   names it, "src/lib.rs"; "" if none */
   HChar obj[AT_FNNAME_MAX];    /* "" if unknown */
   UInt  line;                  /* 0 if unknown */
   Bool  has_line;              /* a line, even 0 */
   Addr  ip;
   Bool  inlined;
} AT_FrameInfo;
typedef Bool (*AT_FrameFn)(const AT_FrameInfo* fi, void* opaque);
Bool AT_(walk_frames_full)(ExeContext* ec, AT_FrameFn f, void* opaque);

/* Does the normalized name match any of the glob patterns (a NULL-ended
   array)? */
Bool AT_(fn_matches_any)(const HChar* fn, const HChar* const* patterns);

/* Whose code a frame is: Tokio's, or Rust's standard library (or a
   frame with neither name nor file). */
Bool AT_(frame_is_tokio)(const AT_FrameInfo* fi);
Bool AT_(frame_is_std)(const AT_FrameInfo* fi);

/* Whose code a frame is, by at_print's one rule of "the program's own
   code" (docs/at_print.1, printer/frames.c): plumbing is Valgrind's
   allocator, a system library (libc, ld.so) and Rust's std, core and
   alloc; a library is a crate from a registry or vendored; the rest is
   the program's own. */
typedef enum { AT_CODE_OWN, AT_CODE_LIBRARY, AT_CODE_PLUMBING } AT_Code;
AT_Code AT_(frame_code)(const AT_FrameInfo* fi);
/* Where a stack is, for a person: its first own frame, else its first
   frame past the plumbing, else its first; index counts inlined frames
   as Valgrind prints them.  label gets "fn (file:line)" as at_print
   names the place (below); fold what the frames before it are
   ("malloc, alloc"). */
typedef struct {
   UInt index;
   Bool own;
   HChar label[2 * AT_FNNAME_MAX];
   HChar fold[80];
} AT_Shown;
void AT_(first_shown)(ExeContext* ec, AT_Shown* out);

/* Frames named as at_print names them (printer/names.c) from what one
   stack says: a closure written {{closure}}, its path taken from its
   callers' generic arguments, an unnamed inlined frame "inlined in"
   its caller, long generic lists cut to <...>.  (at_print also asks
   the rest of the report, which a stack alone cannot.)  Frame index
   of ec (0 the innermost, inlined frames counted) into out, n bytes. */
void AT_(frame_name)(ExeContext* ec, UInt index, HChar* out, SizeT n);
/* A spawn site's place as at_print words it: the function that
   spawned, its closures left out, and the frame's file:line,
   "demo::serve (main.rs:40)"; frame is the spawn frame's index in
   ec (either may be unknown: (UInt)-1, NULL). */
void AT_(spawn_place)(ExeContext* ec, UInt frame, HChar* out, SizeT n);
/* Whether two stacks are the same calls in the source: as deep, and
   frame by frame at one code address or at two whose chains of inlined
   calls end at the same functions, files and lines (copies of one call
   made by the compiler).  Frames without a source line must match by
   address. */
Bool AT_(same_source_stack)(ExeContext* a, ExeContext* b);

/* The key frame of a stack: the frame a runtime's work is known by
   (a Tokio task's spawn site, a Rayon job's submit site, a block_on's
   caller), the first of the program's above the runtime's own.  f says,
   frame by frame (index 0 the innermost), whether to go on, to stop
   (no key), or that this frame is the key.  Frames inlined at one code
   address are told apart by their depth there, 0 the first walked. */
typedef enum { AT_KEY_NEXT, AT_KEY_STOP, AT_KEY_HERE } AT_KeyStep;
typedef AT_KeyStep (*AT_KeyFn)(const AT_FrameInfo* fi, UInt index,
                               void* opaque);
typedef struct {
   Bool found;
   Addr ip;             /* all 0 if not found */
   UInt depth;
   UInt index;
} AT_KeyFrame;
void AT_(key_frame)(ExeContext* ec, AT_KeyFn f, void* opaque,
                    AT_KeyFrame* out);

#endif /* __AT_FRAMES_H */
