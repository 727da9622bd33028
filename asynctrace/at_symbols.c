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
   has symbols if any of them is inside a named function (a shared
   object, below, if most are).  A stripped binary keeps only .dynsym,
   whose entries cover none of an executable's text and only the
   exported entry points of a shared object's; a -dbgsym package's separate debug file, which the core
   finds by build-id, counts as symbols.

   The runtime may also be in a shared object: a Rust cdylib loaded by
   a C or Python host (a Python extension using Tokio).  Each object
   the core reads debug info for as it is mapped (at_maps.c passes the
   mmap on) is sampled the same way; one without symbols is looked into
   only if it holds Rust runtime code, known by strings in its .rodata
   (rodata_has_runtime says which and why), read from its file.

   For each object without symbols, one warning, when it is found, says
   what is lost and how to get it back; the report says the same (a
   <no-symbols> each), and the roles fall back on Tokio's default thread
   names (at_roles.c). */

#include "pub_tool_clientstate.h"
#include "pub_tool_debuginfo.h"
#include "pub_tool_libcbase.h"
#include "pub_tool_libcfile.h"
#include "pub_tool_libcprint.h"
#include "pub_tool_mallocfree.h"
#include "pub_tool_xarray.h"

#include "at_symbols.h"

#define AT_SAMPLES 256

static Bool    checked;
static XArray* missing;      /* of HChar*: the objects without symbols,
                                the executable first if it is one */
static XArray* seen;         /* of Addr: the text of every object
                                checked, so that each is checked once */

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

/* Whether di's text is inside named functions: for an executable, any
   of it (a stripped one keeps no name for its text; a small C program
   with symbols has most of its text in crt's sizeless functions); for a
   shared object, most of it (its .dynsym alone names its exported entry
   points). */
static Bool has_symbols(const DebugInfo* di, Bool shared)
{
   Addr  lo = VG_(DebugInfo_get_text_avma)(di);
   SizeT n  = VG_(DebugInfo_get_text_size)(di);
   DiEpoch ep = VG_(current_DiEpoch)();
   UInt  i, named = 0;
   if (n == 0)
      return True;   /* nothing to judge by: say nothing */
   for (i = 0; i < AT_SAMPLES; i++) {
      const HChar* name;
      Addr a = lo + (Addr)(((ULong)n * i) / AT_SAMPLES);
      if (VG_(get_fnname)(ep, a, &name))
         named++;
   }
   return shared ? named >= AT_SAMPLES / 2 : named > 0;
}

static void warn(const HChar* file)
{
   HChar* copy = VG_(strdup)("at.symbols", file);
   if (missing == NULL)
      missing = VG_(newXA)(VG_(malloc), "at.symbols", VG_(free),
                           sizeof(HChar*));
   VG_(addToXA)(missing, &copy);
   VG_(umsg)("asynctrace: warning: %s has no symbols: threads get roles "
             "only from Tokio's default names, tasks and Rayon jobs are not "
             "found, stacks are addresses.\n", file);
   VG_(umsg)("asynctrace: build it with symbols ([profile.release] "
             "debug = 1, or strip = false) or install its -dbgsym "
             "package.\n");
}

static Bool seen_before(Addr text);

static void check(void)
{
   const DebugInfo* di;
   checked = True;
   di = executable_di();
   if (di == NULL)
      return;
   seen_before(VG_(DebugInfo_get_text_avma)(di));   /* (not a shared
                                                       object's) */
   if (!has_symbols(di, False))
      warn(VG_(DebugInfo_get_filename)(di));
}

Bool AT_(symbols_missing)(void)
{
   if (!checked)
      check();
   return missing != NULL;
}

UInt AT_(symbols_missing_count)(void)
{
   return missing ? (UInt)VG_(sizeXA)(missing) : 0;
}

const HChar* AT_(symbols_missing_at)(UInt i)
{
   return *(HChar**)VG_(indexXA)(missing, i);
}

/*------------------------------------------------------------*/
/*--- Shared objects                                       ---*/
/*------------------------------------------------------------*/

/* What marks Rust runtime code in an object that has lost its symbols.
   Not its exported names: a cdylib exports only its own entry points
   (PyInit_x), whatever runtime it holds.  Not Tokio's default thread
   name: current Tokio's, 15 bytes ("tokio-rt-worker"), is copied into
   its String by instructions with the bytes as immediates, and is not
   in .rodata whole.  Strings that are only referenced, never copied,
   stay whole in .rodata, and reading that one section of the file is
   cheap:
   - Tokio 1.x's panic for code run outside a runtime (util/error.rs,
     the same in 1.24 and 1.53; in each of the Rust test programs that
     use Tokio): "... must be called from the context of a Tokio 1.x
     runtime";
   - rayon-core's file names, in the panic locations of its asserts and
     unwraps, under Cargo's registry ("rayon-core-1.10.1/src/...") or
     vendored ("rayon-core/src/...").  Rayon's threads have no names,
     so the warning is all it gets. */
static const HChar* const runtime_marks[] = {
   "from the context of a Tokio 1.x runtime",
   "rayon-core",
};
#define AT_N_MARKS (sizeof(runtime_marks) / sizeof(runtime_marks[0]))

/* n bytes of fd at off into buf: how many were read (the tool's libc
   has no pread). */
static Int read_at(Int fd, void* buf, Int n, ULong off)
{
   if (VG_(lseek)(fd, (Off64T)off, VKI_SEEK_SET) != (Off64T)off)
      return -1;
   return VG_(read)(fd, buf, n);
}

static ULong le(const UChar* p, Int n)
{
   ULong v = 0;
   while (n-- > 0)
      v = (v << 8) | p[n];
   return v;
}

/* Where .rodata is in the ELF file fd (*off, *size); False if the file
   has no section headers (then all of it is read). */
static Bool find_rodata(Int fd, ULong* off, ULong* size)
{
   UChar eh[64], sh[64], name[8];
   ULong shoff, stroff;
   UInt  shentsize, shnum, shstrndx, i;
   if (read_at(fd, eh, sizeof(eh), 0) != sizeof(eh)
       || VG_(memcmp)(eh, "\177ELF", 4) != 0 || eh[4] != 2 || eh[5] != 1)
      return False;                /* only 64-bit little-endian here */
   shoff     = le(eh + 0x28, 8);
   shentsize = (UInt)le(eh + 0x3A, 2);
   shnum     = (UInt)le(eh + 0x3C, 2);
   shstrndx  = (UInt)le(eh + 0x3E, 2);
   if (shoff == 0 || shentsize < 64 || shstrndx >= shnum)
      return False;
   if (read_at(fd, sh, 64, shoff + (ULong)shstrndx * shentsize) != 64)
      return False;
   stroff = le(sh + 24, 8);
   for (i = 0; i < shnum; i++) {
      if (read_at(fd, sh, 64, shoff + (ULong)i * shentsize) != 64)
         return False;
      if (read_at(fd, name, sizeof(name), stroff + le(sh, 4))
          != sizeof(name))
         continue;
      if (VG_(memcmp)(name, ".rodata", 8) == 0) {   /* with its NUL */
         *off  = le(sh + 24, 8);
         *size = le(sh + 32, 8);
         return True;
      }
   }
   return False;
}

/* Whether file's .rodata holds one of runtime_marks.  Read once, in
   chunks that overlap by the longest mark less one byte. */
static Bool rodata_has_runtime(const HChar* file)
{
   static HChar buf[1 << 16];
   SysRes sres = VG_(open)(file, VKI_O_RDONLY, 0);
   ULong  off = 0, size = ~0ULL, pos;
   SizeT  longest = 0, k;
   Int    fd, keep = 0;
   Bool   found = False;
   if (sr_isError(sres))
      return False;
   fd = sr_Res(sres);
   for (k = 0; k < AT_N_MARKS; k++)
      if (VG_(strlen)(runtime_marks[k]) > longest)
         longest = VG_(strlen)(runtime_marks[k]);
   if (!find_rodata(fd, &off, &size)) {
      off  = 0;
      size = ~0ULL;
   }
   for (pos = 0; pos < size && !found; ) {
      ULong want = size - pos < sizeof(buf) - keep ? size - pos
                                                   : sizeof(buf) - keep;
      Int   n = read_at(fd, buf + keep, (Int)want, off + pos);
      Int   end, i;
      if (n <= 0)
         break;
      pos += n;
      end  = keep + n;
      for (k = 0; k < AT_N_MARKS && !found; k++) {
         SizeT len = VG_(strlen)(runtime_marks[k]);
         for (i = 0; i + (Int)len <= end; i++)
            if (buf[i] == runtime_marks[k][0]
                && VG_(memcmp)(buf + i, runtime_marks[k], len) == 0) {
               found = True;
               break;
            }
      }
      keep = end < (Int)longest - 1 ? end : (Int)longest - 1;
      VG_(memmove)(buf, buf + end - keep, keep);
   }
   VG_(close)(fd);
   return found;
}

static Bool seen_before(Addr text)
{
   Word i;
   if (seen == NULL)
      seen = VG_(newXA)(VG_(malloc), "at.symbols_seen", VG_(free),
                        sizeof(Addr));
   for (i = 0; i < VG_(sizeXA)(seen); i++)
      if (*(Addr*)VG_(indexXA)(seen, i) == text)
         return True;
   VG_(addToXA)(seen, &text);
   return False;
}

static Bool warned_about(const HChar* file)
{
   UInt i;
   for (i = 0; i < AT_(symbols_missing_count)(); i++)
      if (VG_(strcmp)(AT_(symbols_missing_at)(i), file) == 0)
         return True;
   return False;
}

void AT_(symbols_new_objects)(void)
{
   const DebugInfo* di;
   if (!checked)
      check();                     /* the executable first, and once */
   for (di = VG_(next_DebugInfo)(NULL); di != NULL;
        di = VG_(next_DebugInfo)(di)) {
      const HChar* file = VG_(DebugInfo_get_filename)(di);
      if (VG_(DebugInfo_get_text_size)(di) == 0
          || seen_before(VG_(DebugInfo_get_text_avma)(di)))
         continue;
      if (file == NULL || has_symbols(di, True) || warned_about(file))
         continue;
      if (rodata_has_runtime(file))
         warn(file);
   }
}
