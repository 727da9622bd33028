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
   the first code is translated) checks the executable once, and each
   shared object is checked as it is mapped (at_maps.c passes the mmap
   on).

   The check reads the object's file, not the core's tables: since
   Valgrind 3.22 the core reads an object's DWARF on the first lookup
   into it, and a lookup made here at mapping time would load the debug
   info of every object, used or not (the whole of a Rust binary's
   inline info before its first instruction).  An object has symbols if
   its file has a symbol table (.symtab) naming a function, or a
   separate debug file the core would find: by build-id under
   /usr/lib/debug/.build-id (a -dbgsym package), or by .gnu_debuglink
   beside it, in its .debug folder or under /usr/lib/debug.  A stripped
   object keeps only .dynsym, its exported entry points.

   The runtime may also be in a shared object: a Rust cdylib loaded by
   a C or Python host (a Python extension using Tokio).  One without
   symbols is reported only if it holds Rust runtime code, known by
   strings in its .rodata (rodata_has_runtime says which and why).

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

static Bool    checked;
static XArray* missing;      /* of HChar*: the objects without symbols,
                                the executable first if it is one */
static XArray* seen;         /* of Addr: the text of every object
                                checked, so that each is checked once */

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

static Bool file_has_symbols(const HChar* file);

/* The executable, by the command's name (a script, no ELF file, is not
   judged: file_has_symbols says yes). */
static void check(void)
{
   const HChar* exe = VG_(args_the_exename);
   checked = True;
   if (exe != NULL && !file_has_symbols(exe))
      warn(exe);
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

/*------------------------------------------------------------*/
/*--- The ELF file                                         ---*/
/*------------------------------------------------------------*/

#define AT_SHT_SYMTAB 2
#define AT_STT_FUNC   2

/* The section headers of the ELF file fd: where they are, and where
   the section names are.  Only 64-bit little-endian files are read. */
typedef struct {
   ULong shoff, stroff;
   UInt  shentsize, shnum;
} Sections;

static Bool read_sections(Int fd, Sections* sec)
{
   UChar eh[64], sh[64];
   UInt  shstrndx;
   if (read_at(fd, eh, sizeof(eh), 0) != sizeof(eh)
       || VG_(memcmp)(eh, "\177ELF", 4) != 0 || eh[4] != 2 || eh[5] != 1)
      return False;
   sec->shoff     = le(eh + 0x28, 8);
   sec->shentsize = (UInt)le(eh + 0x3A, 2);
   sec->shnum     = (UInt)le(eh + 0x3C, 2);
   shstrndx       = (UInt)le(eh + 0x3E, 2);
   if (sec->shoff == 0 || sec->shentsize < 64 || shstrndx >= sec->shnum)
      return False;
   if (read_at(fd, sh, 64, sec->shoff + (ULong)shstrndx * sec->shentsize)
       != 64)
      return False;
   sec->stroff = le(sh + 24, 8);
   return True;
}

/* The section named name (or, with name NULL, the first of type type):
   its file offset and size.  The name is compared with its NUL. */
static Bool find_section(Int fd, const Sections* sec, const HChar* name,
                         UInt type, ULong* off, ULong* size)
{
   UChar sh[64];
   HChar have[32];
   Int   len = name ? (Int)VG_(strlen)(name) + 1 : 0;
   UInt  i;
   tl_assert(len <= (Int)sizeof(have));
   for (i = 0; i < sec->shnum; i++) {
      if (read_at(fd, sh, 64, sec->shoff + (ULong)i * sec->shentsize)
          != 64)
         return False;
      if (name == NULL ? le(sh + 4, 4) != type
          : read_at(fd, have, len, sec->stroff + le(sh, 4)) != len
            || VG_(memcmp)(have, name, len) != 0)
         continue;
      *off  = le(sh + 24, 8);
      *size = le(sh + 32, 8);
      return True;
   }
   return False;
}

/* Whether the symbol table at off names a function (with a size): a
   table of only file and section entries names none.  Functions come
   early, after a few local entries: the first chunk nearly always
   answers. */
static Bool symtab_names_a_function(Int fd, ULong off, ULong size)
{
   static UChar buf[24 * 512];
   ULong pos;
   for (pos = 0; pos < size; ) {
      ULong want = size - pos < sizeof(buf) ? size - pos : sizeof(buf);
      Int   n = read_at(fd, buf, (Int)want, off + pos), i;
      if (n < 24)
         return False;
      for (i = 0; i + 24 <= n; i += 24)
         if ((buf[i + 4] & 0xF) == AT_STT_FUNC && le(buf + i + 16, 8) != 0)
            return True;
      pos += (ULong)(n - n % 24);
   }
   return False;
}

static Bool exists(const HChar* path)
{
   struct vg_stat st;
   return !sr_isError(VG_(stat)(path, &st));
}

/* A separate debug file the core would read: by the build-id note
   (/usr/lib/debug/.build-id/xx/rest.debug) or by .gnu_debuglink (beside
   the object, in its .debug folder, or under /usr/lib/debug). */
static Bool has_debug_file(Int fd, const Sections* sec, const HChar* file)
{
   ULong off, size;
   UChar note[16 + 64];
   HChar path[4096], link[256];
   if (find_section(fd, sec, ".note.gnu.build-id", 0, &off, &size)
       && size >= 16 && size <= sizeof(note)
       && read_at(fd, note, (Int)size, off) == (Int)size) {
      UInt namesz = (UInt)le(note, 4), descsz = (UInt)le(note + 4, 4);
      UInt d = 12 + ((namesz + 3) & ~3u), i;
      HChar* q = path;
      if (descsz >= 2 && d + descsz <= size) {
         q += VG_(sprintf)(q, "/usr/lib/debug/.build-id/%02x/", note[d]);
         for (i = 1; i < descsz; i++)
            q += VG_(sprintf)(q, "%02x", note[d + i]);
         VG_(sprintf)(q, ".debug");
         if (exists(path))
            return True;
      }
   }
   if (find_section(fd, sec, ".gnu_debuglink", 0, &off, &size)
       && size > 4) {
      const HChar* slash = VG_(strrchr)(file, '/');
      Int dirlen = slash ? (Int)(slash - file) : 1;
      const HChar* dir = slash ? file : ".";
      Int n = read_at(fd, link, sizeof(link) - 1,  off);
      if (n <= 0 || VG_(strlen)(file) + sizeof(link) + 32 > sizeof(path))
         return False;
      link[n] = '\0';
      if (link[0] == '\0' || VG_(strchr)(link, '/') != NULL)
         return False;
      VG_(sprintf)(path, "%.*s/%s", dirlen, dir, link);
      if (exists(path) && !(slash && VG_(strcmp)(path, file) == 0))
         return True;
      VG_(sprintf)(path, "%.*s/.debug/%s", dirlen, dir, link);
      if (exists(path))
         return True;
      VG_(sprintf)(path, "/usr/lib/debug%.*s/%s", dirlen, dir, link);
      if (dir[0] == '/' && exists(path))
         return True;
   }
   return False;
}

/* Whether file has symbols; True for what cannot be judged (not an ELF
   file, unreadable): better no warning than a wrong one. */
static Bool file_has_symbols(const HChar* file)
{
   Sections sec;
   ULong    off, size;
   Bool     yes = True;
   SysRes   sres = VG_(open)(file, VKI_O_RDONLY, 0);
   Int      fd;
   if (sr_isError(sres))
      return True;
   fd = sr_Res(sres);
   if (read_sections(fd, &sec))
      yes = (find_section(fd, &sec, NULL, AT_SHT_SYMTAB, &off, &size)
             && symtab_names_a_function(fd, off, size))
            || has_debug_file(fd, &sec, file);
   VG_(close)(fd);
   return yes;
}

/* Where .rodata is in the ELF file fd (*off, *size); False if the file
   has no section headers (then all of it is read). */
static Bool find_rodata(Int fd, ULong* off, ULong* size)
{
   Sections sec;
   return read_sections(fd, &sec)
          && find_section(fd, &sec, ".rodata", 0, off, size);
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

/* The executable is checked once, by check(), under its command name. */
static Bool is_executable(const HChar* file)
{
   static Bool  known;
   static ULong dev, ino;
   struct vg_stat st;
   if (!known) {
      const HChar* exe = VG_(args_the_exename);
      known = True;
      if (exe == NULL || sr_isError(VG_(stat)(exe, &st)))
         return False;
      dev = st.dev;
      ino = st.ino;
   }
   return !sr_isError(VG_(stat)(file, &st)) && st.dev == dev
          && st.ino == ino && ino != 0;
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
      if (file == NULL || warned_about(file) || is_executable(file)
          || file_has_symbols(file))
         continue;
      if (rodata_has_runtime(file))
         warn(file);
   }
}
