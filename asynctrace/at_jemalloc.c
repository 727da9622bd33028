/*--------------------------------------------------------------------*/
/*--- asynctrace: replacements for jemalloc's prefixed API.        ---*/
/*---                                                at_jemalloc.c ---*/
/*--------------------------------------------------------------------*/

/* This file is part of asynctrace.  Copyright (C) 2026 the asynctrace
   authors.  GPL-2.0-or-later; see at_basics.h and COPYING.

   Rust programs whose global allocator is tikv-jemallocator link
   jemalloc statically, with every symbol prefixed _rjem_.  Valgrind's
   malloc replacement knows only the plain names of the C API, so those
   programs' allocations would go unseen; so would the calls to
   jemalloc's own mallocx, sdallocx and the rest under their plain names
   (see the end of the *allocx section).  This file is client code: it goes into
   vgpreload_asynctrace-<platform>.so, beside Valgrind's own replacement
   stubs, and runs on the simulated CPU.  Each function here replaces
   one _rjem_ function in every object without a soname (soname pattern
   NONE: a statically linked executable, or a Rust cdylib, which has
   none) and hands the call to the tool through a client request
   (asynctrace.h).  jemalloc itself is never entered.

   What the tool keeps of a block is the size the program asked for;
   that is also its "usable size" here.  So sallocx, nallocx and
   malloc_usable_size answer with the requested size, and a sized free
   (sdallocx) must pass exactly that size: jemalloc accepts any size
   from the requested up to the usable one, and the two are the same
   here.  A program that asks nallocx or sallocx for the size and then
   passes that size stays consistent.

   Where jemalloc's documentation leaves a case undefined (mallocx or
   rallocx of 0 bytes, nallocx of 0, rallocx or sallocx of NULL), we do
   what jemalloc's release builds do, or the nearest harmless thing:
   - zero-size requests: every jemalloc entry point that defines them
     (malloc, calloc, realloc of NULL, the aligned allocators) allocates
     one byte (jemalloc's "bump_empty_alloc"); mallocx(0) and
     rallocx(p, 0), which jemalloc leaves undefined, do the same, so
     they give a unique, non-NULL block of 1 byte and never free;
   - nallocx(0, flags) is 0, like a size too large;
   - xallocx never resizes in place: it returns the current usable size,
     which jemalloc documents as "could not grow/shrink in place";
   - realloc(p, 0) with p != NULL frees p and returns NULL: jemalloc
     5.1 (Debian's jemalloc-sys) does that, and 5.3 (tikv-jemalloc-sys)
     too with its default opt.zero_realloc:free.
   errno is set only where jemalloc sets it: malloc, calloc, realloc
   and aligned_alloc; posix_memalign returns its error instead, and
   mallocx, rallocx, memalign and valloc leave errno alone. */

#include "pub_tool_basics.h"
#include "pub_tool_redir.h"
#include "pub_tool_vki.h"     /* VKI_ENOMEM, VKI_EINVAL */

#include "asynctrace.h"       /* the requests; includes valgrind.h */
#include "at_request.h"    /* AT_REQUEST */

/*------------------------------------------------------------*/
/*--- jemalloc's constants                                 ---*/
/*------------------------------------------------------------*/

/* MALLOCX_* flags: bits 0-5 log2 of the alignment (0: the default),
   0x40 zero the memory.  Bits 8 and up choose a tcache or an arena;
   the tool has neither, so they are dropped. */
#define JE_LG_ALIGN_MASK  0x3F
#define JE_ZERO           0x40
#define JE_TOOL_FLAGS     (JE_LG_ALIGN_MASK | JE_ZERO)

/* jemalloc's largest size class (LARGE_MAXCLASS): 7 << 60 on 64-bit
   platforms, 7 << 28 on 32-bit ones.  Larger requests fail as out of
   memory, as in jemalloc; they also never reach Valgrind's allocator,
   which asserts on sizes near the top of the address space. */
#define JE_MAX_SIZE       (((SizeT)7) << (sizeof(SizeT) * 8 - 4))

/* The page size jemalloc is built with on amd64 (LG_PAGE 12): valloc's
   alignment. */
#define JE_PAGE           ((SizeT)4096)

/* The equivalence tags of our replacements, one class each (a class of
   4 digits, then priority 0).  Valgrind's own replacements use classes
   1001 to 1029 (malloc and friends) and 2001 to 2045 (string functions);
   1101 to 1116 are ours alone.  None of jemalloc's exported
   functions is an alias of another, so no two of these can meet at one
   address. */
#define JE_TAG_MALLOCX        11010
#define JE_TAG_RALLOCX        11020
#define JE_TAG_XALLOCX        11030
#define JE_TAG_SALLOCX        11040
#define JE_TAG_DALLOCX        11050
#define JE_TAG_SDALLOCX       11060
#define JE_TAG_NALLOCX        11070
#define JE_TAG_MALLOC         11080
#define JE_TAG_CALLOC         11090
#define JE_TAG_REALLOC        11100
#define JE_TAG_FREE           11110
#define JE_TAG_POSIX_MEMALIGN 11120
#define JE_TAG_ALIGNED_ALLOC  11130
#define JE_TAG_MEMALIGN       11140
#define JE_TAG_VALLOC         11150
#define JE_TAG_USABLE_SIZE    11160

/* The name of the replacement for jemalloc's _rjem_<fn> in objects
   without a soname. */
#define JE_FN(tag, fn)  VG_REPLACE_FUNCTION_EZU(tag, NONE, _rjem_##fn)

/*------------------------------------------------------------*/
/*--- Talking to the tool                                  ---*/
/*------------------------------------------------------------*/

/* Macros, not functions: the stack the tool records for a block must
   start at the _rjem_ function the program called, and Valgrind would
   show a helper inlined there as a frame of its own. */
#define TOOL_ALLOC(size, flags)                                        \
   ((void*)AT_REQUEST(VG_USERREQ__ASYNCTRACE_JE_ALLOC,                  \
                      (size), (flags) & JE_TOOL_FLAGS, 0))

#define TOOL_REALLOC(p, size, flags)                                   \
   ((void*)AT_REQUEST(VG_USERREQ__ASYNCTRACE_JE_REALLOC,                \
                      (p), (size), (flags) & JE_TOOL_FLAGS))

/* sized: 1 to have the tool check size against the block's. */
#define TOOL_FREE(p, size, sized)                                      \
   ((void)AT_REQUEST(VG_USERREQ__ASYNCTRACE_JE_FREE, (p), (size), (sized)))

/* A wrong call caught here: the tool counts it, with its stack. */
#define TOOL_BAD(kind, size, given)                                    \
   ((void)VALGRIND_DO_CLIENT_REQUEST_EXPR(                             \
             0, VG_USERREQ__ASYNCTRACE_BAD_CALL,                       \
             (kind), (size), (given), 0, 0))

#define TOOL_USABLE(p)                                                 \
   ((SizeT)AT_REQUEST(VG_USERREQ__ASYNCTRACE_JE_USABLE, (p), 0, 0))

/*------------------------------------------------------------*/
/*--- Helpers                                              ---*/
/*------------------------------------------------------------*/

/* Small helpers, inlined; none of them is on the stack when a request
   reaches the tool. */
#define JE_INLINE  static __inline__ __attribute__((always_inline))

/* The preload is linked without libc (-nodefaultlibs), but a
   dynamically linked program has it: glibc's errno is reached through
   __errno_location, which we take only if it is there.  (A program
   without glibc has no errno of this kind; it is left alone.) */
extern int* __errno_location(void) __attribute__((weak));

JE_INLINE void set_errno(int e)
{
   if (__errno_location != NULL)
      *__errno_location() = e;
}

JE_INLINE Bool is_pow2(SizeT a)
{
   return a != 0 && (a & (a - 1)) == 0;
}

/* MALLOCX_LG_ALIGN of a power of two. */
JE_INLINE UWord lg_align_flags(SizeT a)
{
   return a <= 1 ? 0 : (UWord)__builtin_ctzl(a);
}

/* The alignment a MALLOCX flags word asks for (1: none); one that does
   not fit a SizeT is as good as too large. */
JE_INLINE SizeT flags_align(UWord flags)
{
   UWord lg = flags & JE_LG_ALIGN_MASK;
   return lg >= sizeof(SizeT) * 8 ? (SizeT)-1 : (SizeT)1 << lg;
}

/* Whether jemalloc could serve size bytes at alignment align. */
JE_INLINE Bool fits(SizeT size, SizeT align)
{
   return size <= JE_MAX_SIZE && align <= JE_MAX_SIZE;
}

/*------------------------------------------------------------*/
/*--- The non-standard API: *allocx                        ---*/
/*------------------------------------------------------------*/

/* Each is a macro of the soname and the full name, so that it serves
   both the _rjem_ names in objects without a soname and the plain names
   in whatever --soname-synonyms=somalloc= names (see the end). */

/* void* mallocx(size_t size, int flags) */
#define JE_MALLOCX(soname, fn)                                         \
   void* VG_REPLACE_FUNCTION_EZU(JE_TAG_MALLOCX, soname, fn)           \
                                (SizeT size, int flags);               \
   void* VG_REPLACE_FUNCTION_EZU(JE_TAG_MALLOCX, soname, fn)           \
                                (SizeT size, int flags)                \
   {                                                                   \
      if (size == 0)                                                   \
         size = 1;                                                     \
      if (!fits(size, flags_align((UInt)flags)))                       \
         return NULL;                                                  \
      return TOOL_ALLOC(size, (UInt)flags);                            \
   }

/* void* rallocx(void* ptr, size_t size, int flags): NULL on failure,
   ptr untouched. */
#define JE_RALLOCX(soname, fn)                                         \
   void* VG_REPLACE_FUNCTION_EZU(JE_TAG_RALLOCX, soname, fn)           \
                                (void* p, SizeT size, int flags);      \
   void* VG_REPLACE_FUNCTION_EZU(JE_TAG_RALLOCX, soname, fn)           \
                                (void* p, SizeT size, int flags)       \
   {                                                                   \
      if (size == 0)                                                   \
         size = 1;                                                     \
      if (!fits(size, flags_align((UInt)flags)))                       \
         return NULL;                                                  \
      return TOOL_REALLOC(p, size, (UInt)flags);                       \
   }

/* size_t xallocx(void* ptr, size_t size, size_t extra, int flags):
   resizes in place if it can and returns the resulting usable size.
   Blocks under the tool never move or resize in place, so this is the
   current size: less than size when asked to grow ("could not grow"),
   more when asked to shrink ("could not shrink"). */
#define JE_XALLOCX(soname, fn)                                         \
   SizeT VG_REPLACE_FUNCTION_EZU(JE_TAG_XALLOCX, soname, fn)           \
                       (void* p, SizeT size, SizeT extra, int flags);  \
   SizeT VG_REPLACE_FUNCTION_EZU(JE_TAG_XALLOCX, soname, fn)           \
                       (void* p, SizeT size, SizeT extra, int flags)   \
   {                                                                   \
      return TOOL_USABLE(p);                                           \
   }

/* size_t sallocx(const void* ptr, int flags) */
#define JE_SALLOCX(soname, fn)                                         \
   SizeT VG_REPLACE_FUNCTION_EZU(JE_TAG_SALLOCX, soname, fn)           \
                                (const void* p, int flags);            \
   SizeT VG_REPLACE_FUNCTION_EZU(JE_TAG_SALLOCX, soname, fn)           \
                                (const void* p, int flags)             \
   {                                                                   \
      return TOOL_USABLE(p);                                           \
   }

/* void dallocx(void* ptr, int flags) */
#define JE_DALLOCX(soname, fn)                                         \
   void VG_REPLACE_FUNCTION_EZU(JE_TAG_DALLOCX, soname, fn)            \
                               (void* p, int flags);                   \
   void VG_REPLACE_FUNCTION_EZU(JE_TAG_DALLOCX, soname, fn)            \
                               (void* p, int flags)                    \
   {                                                                   \
      TOOL_FREE(p, 0, 0);                                              \
   }

/* void sdallocx(void* ptr, size_t size, int flags): the tool checks
   size against the block's. */
#define JE_SDALLOCX(soname, fn)                                        \
   void VG_REPLACE_FUNCTION_EZU(JE_TAG_SDALLOCX, soname, fn)           \
                               (void* p, SizeT size, int flags);       \
   void VG_REPLACE_FUNCTION_EZU(JE_TAG_SDALLOCX, soname, fn)           \
                               (void* p, SizeT size, int flags)        \
   {                                                                   \
      TOOL_FREE(p, size, 1);                                           \
   }

/* size_t nallocx(size_t size, int flags): the usable size mallocx
   would give, without allocating; 0 for what it could not serve. */
#define JE_NALLOCX(soname, fn)                                         \
   SizeT VG_REPLACE_FUNCTION_EZU(JE_TAG_NALLOCX, soname, fn)           \
                                (SizeT size, int flags);               \
   SizeT VG_REPLACE_FUNCTION_EZU(JE_TAG_NALLOCX, soname, fn)           \
                                (SizeT size, int flags)                \
   {                                                                   \
      if (size == 0 || !fits(size, flags_align((UInt)flags)))          \
         return 0;                                                     \
      return size;                                                     \
   }

JE_MALLOCX(NONE, _rjem_mallocx)
JE_RALLOCX(NONE, _rjem_rallocx)
JE_XALLOCX(NONE, _rjem_xallocx)
JE_SALLOCX(NONE, _rjem_sallocx)
JE_DALLOCX(NONE, _rjem_dallocx)
JE_SDALLOCX(NONE, _rjem_sdallocx)
JE_NALLOCX(NONE, _rjem_nallocx)

/* jemalloc with plain names (tikv-jemallocator with its
   unprefixed_malloc_on_supported_platforms feature, a program linking
   jemalloc statically, or libjemalloc.so): Valgrind's own stubs and
   at_preload.c already replace malloc, free and the rest of the C API
   in the object --soname-synonyms=somalloc= names (NONE for the
   executable); these add jemalloc's own *allocx calls there. */
JE_MALLOCX(SO_SYN_MALLOC, mallocx)
JE_RALLOCX(SO_SYN_MALLOC, rallocx)
JE_XALLOCX(SO_SYN_MALLOC, xallocx)
JE_SALLOCX(SO_SYN_MALLOC, sallocx)
JE_DALLOCX(SO_SYN_MALLOC, dallocx)
JE_SDALLOCX(SO_SYN_MALLOC, sdallocx)
JE_NALLOCX(SO_SYN_MALLOC, nallocx)

/*------------------------------------------------------------*/
/*--- The standard API                                     ---*/
/*------------------------------------------------------------*/

void* JE_FN(JE_TAG_MALLOC, malloc) (SizeT size);
void* JE_FN(JE_TAG_MALLOC, malloc) (SizeT size)
{
   void* p = NULL;
   if (size == 0)
      size = 1;
   if (fits(size, 1))
      p = TOOL_ALLOC(size, 0);
   if (p == NULL)
      set_errno(VKI_ENOMEM);
   return p;
}

void* JE_FN(JE_TAG_CALLOC, calloc) (SizeT nmemb, SizeT size1);
void* JE_FN(JE_TAG_CALLOC, calloc) (SizeT nmemb, SizeT size1)
{
   void* p = NULL;
   SizeT size;
   /* A product that overflows fails, as out of memory. */
   if (size1 != 0 && nmemb > ((SizeT)-1) / size1)
      TOOL_BAD(ASYNCTRACE_BAD_CALLOC_OVERFLOW, nmemb, size1);
   else {
      size = nmemb * size1;
      if (size == 0)
         size = 1;
      if (fits(size, 1))
         p = TOOL_ALLOC(size, JE_ZERO);
   }
   if (p == NULL)
      set_errno(VKI_ENOMEM);
   return p;
}

/* realloc(NULL, n) is malloc(n); realloc(p, 0) frees p and returns
   NULL; on failure p stays as it was. */
void* JE_FN(JE_TAG_REALLOC, realloc) (void* p, SizeT size);
void* JE_FN(JE_TAG_REALLOC, realloc) (void* p, SizeT size)
{
   void* q = NULL;
   if (size == 0) {
      if (p != NULL) {
         TOOL_FREE(p, 0, 0);
         return NULL;
      }
      size = 1;
   }
   if (fits(size, 1))
      q = p == NULL ? TOOL_ALLOC(size, 0) : TOOL_REALLOC(p, size, 0);
   if (q == NULL)
      set_errno(VKI_ENOMEM);
   return q;
}

void JE_FN(JE_TAG_FREE, free) (void* p);
void JE_FN(JE_TAG_FREE, free) (void* p)
{
   TOOL_FREE(p, 0, 0);
}

/* int posix_memalign(void** memptr, size_t alignment, size_t size):
   EINVAL unless the alignment is a power of two and at least
   sizeof(void*); ENOMEM when it cannot allocate.  On failure *memptr is
   left alone, as jemalloc does; errno too. */
int JE_FN(JE_TAG_POSIX_MEMALIGN, posix_memalign) (void** memptr,
                                                  SizeT align, SizeT size);
int JE_FN(JE_TAG_POSIX_MEMALIGN, posix_memalign) (void** memptr,
                                                  SizeT align, SizeT size)
{
   void* p = NULL;
   if (!is_pow2(align) || align < sizeof(void*)) {
      TOOL_BAD(ASYNCTRACE_BAD_ALIGNMENT, size, align);
      return VKI_EINVAL;
   }
   if (size == 0)
      size = 1;
   if (fits(size, align))
      p = TOOL_ALLOC(size, lg_align_flags(align));
   if (p == NULL)
      return VKI_ENOMEM;
   *memptr = p;
   return 0;
}

/* void* aligned_alloc(size_t alignment, size_t size): any power of two
   (size need not be a multiple of it); errno EINVAL or ENOMEM. */
void* JE_FN(JE_TAG_ALIGNED_ALLOC, aligned_alloc) (SizeT align, SizeT size);
void* JE_FN(JE_TAG_ALIGNED_ALLOC, aligned_alloc) (SizeT align, SizeT size)
{
   void* p = NULL;
   if (!is_pow2(align)) {
      TOOL_BAD(ASYNCTRACE_BAD_ALIGNMENT, size, align);
      set_errno(VKI_EINVAL);
      return NULL;
   }
   if (size == 0)
      size = 1;
   if (fits(size, align))
      p = TOOL_ALLOC(size, lg_align_flags(align));
   if (p == NULL)
      set_errno(VKI_ENOMEM);
   return p;
}

/* void* memalign(size_t alignment, size_t size): unlike glibc's, an
   alignment that is not a power of two fails; errno is left alone. */
void* JE_FN(JE_TAG_MEMALIGN, memalign) (SizeT align, SizeT size);
void* JE_FN(JE_TAG_MEMALIGN, memalign) (SizeT align, SizeT size)
{
   if (!is_pow2(align)) {
      TOOL_BAD(ASYNCTRACE_BAD_ALIGNMENT, size, align);
      return NULL;
   }
   if (size == 0)
      size = 1;
   if (!fits(size, align))
      return NULL;
   return TOOL_ALLOC(size, lg_align_flags(align));
}

/* void* valloc(size_t size): page-aligned; errno is left alone. */
void* JE_FN(JE_TAG_VALLOC, valloc) (SizeT size);
void* JE_FN(JE_TAG_VALLOC, valloc) (SizeT size)
{
   if (size == 0)
      size = 1;
   if (!fits(size, JE_PAGE))
      return NULL;
   return TOOL_ALLOC(size, lg_align_flags(JE_PAGE));
}

/* size_t malloc_usable_size(const void* ptr): 0 for NULL. */
SizeT JE_FN(JE_TAG_USABLE_SIZE, malloc_usable_size) (const void* p);
SizeT JE_FN(JE_TAG_USABLE_SIZE, malloc_usable_size) (const void* p)
{
   if (p == NULL)
      return 0;
   return TOOL_USABLE(p);
}

/*--------------------------------------------------------------------*/
/*--- end                                            at_jemalloc.c ---*/
/*--------------------------------------------------------------------*/
