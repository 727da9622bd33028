/*--------------------------------------------------------------------*/
/*--- asynctrace: does the program have symbols?   at_symbols.c ---*/
/*--------------------------------------------------------------------*/

/* This file is part of asynctrace.  Copyright (C) 2026 the asynctrace
   authors.  GPL-2.0-or-later; see at_basics.h and COPYING.

   Roles, task sites and every stack come from function names.  A
   stripped executable (Debian's Rust binaries, many release builds)
   has none: asynctrace still counts and scans right, but every thread
   is "other" and every frame an address, and without a word that
   looks like a bug.  So the first lookup of a name (the roles', when
   the first code is translated, after the core has read the
   executable's debug info) checks the executable once: it is found
   among the core's DebugInfos by its file (device and inode of the
   command's name), and sampled at AT_SAMPLES points of its text; it
   has symbols if some of them are inside a named function.  A stripped
   binary keeps only .dynsym, whose few entries cover next to none of
   the text; a -dbgsym package's separate debug file, which the core
   finds by build-id, counts as symbols.  If it has none, one warning,
   at the start, says what is lost and how to get it back; the report
   says the same (<no-symbols>), and the roles fall back on Tokio's
   default thread names (at_roles.c). */

#include "pub_tool_clientstate.h"
#include "pub_tool_debuginfo.h"
#include "pub_tool_libcbase.h"
#include "pub_tool_libcfile.h"
#include "pub_tool_libcprint.h"
#include "pub_tool_mallocfree.h"

#include "at_symbols.h"

#define AT_SAMPLES 256

static Bool   checked;
static HChar* missing_in;    /* the executable's path, if stripped */

static Bool same_file(const HChar* a, const HChar* b)
{
   struct vg_stat sa, sb;
   if (a == NULL || b == NULL)
      return False;
   if (sr_isError(VG_(stat)(a, &sa)) || sr_isError(VG_(stat)(b, &sb)))
      return False;
   return sa.dev == sb.dev && sa.ino == sb.ino;
}

static const DebugInfo* executable_di(void)
{
   const DebugInfo* di;
   for (di = VG_(next_DebugInfo)(NULL); di != NULL;
        di = VG_(next_DebugInfo)(di))
      if (same_file(VG_(DebugInfo_get_filename)(di), VG_(args_the_exename)))
         return di;
   return NULL;
}

static Bool has_symbols(const DebugInfo* di)
{
   Addr  lo = VG_(DebugInfo_get_text_avma)(di);
   SizeT n  = VG_(DebugInfo_get_text_size)(di);
   DiEpoch ep = VG_(current_DiEpoch)();
   UInt  i;
   if (n == 0)
      return True;   /* nothing to judge by: say nothing */
   for (i = 0; i < AT_SAMPLES; i++) {
      const HChar* name;
      Addr a = lo + (Addr)(((ULong)n * i) / AT_SAMPLES);
      if (VG_(get_fnname)(ep, a, &name))
         return True;
   }
   return False;
}

static void check(void)
{
   const DebugInfo* di;
   checked = True;
   di = executable_di();
   if (di == NULL || has_symbols(di))
      return;
   missing_in = VG_(strdup)("at.symbols", VG_(DebugInfo_get_filename)(di));
   VG_(umsg)("asynctrace: warning: %s has no symbols: threads get roles "
             "only from Tokio's default names, tasks and Rayon jobs are not "
             "found, stacks are addresses.\n", missing_in);
   VG_(umsg)("asynctrace: build it with symbols ([profile.release] "
             "debug = 1, or strip = false) or install its -dbgsym "
             "package.\n");
}

Bool AT_(symbols_missing)(void)
{
   if (!checked)
      check();
   return missing_in != NULL;
}

const HChar* AT_(symbols_missing_in)(void)
{
   return missing_in;
}
