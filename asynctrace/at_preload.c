/*--------------------------------------------------------------------*/
/*--- asynctrace: glibc allocators that check their arguments.     ---*/
/*---                                                 at_preload.c ---*/
/*--------------------------------------------------------------------*/

/* This file is part of asynctrace.  Copyright (C) 2026 the asynctrace
   authors.  GPL-2.0-or-later; see at_basics.h and COPYING.

   Valgrind's shared malloc replacement (libreplacemalloc) answers a
   calloc that overflows and an alignment that is not a power of two
   itself, as glibc does, and never tells the tool; and it drops the
   size a C++ sized delete passes.  The build renames its calloc,
   memalign, posix_memalign, aligned_alloc, valloc, pvalloc and sized
   deletes out of the way (objcopy, see Makefile.am); these take their place, report such
   calls to the tool, and otherwise do what glibc 2.36 does:
   - calloc: a product that overflows gives NULL and ENOMEM;
   - memalign and aligned_alloc (the same function in glibc 2.36): an
     alignment that is not a power of two is rounded up to one;
   - posix_memalign: EINVAL unless the alignment is a power of two and a
     multiple of sizeof(void*).

   malloc, free and realloc are renamed away and replaced too, for
   speed: a Rust program makes millions of these calls, and the shared
   ones (an init check, a trace check, the tool's function pointer, a
   frame of 0x48 bytes) ran twice the instructions of these, which make
   one request each.  What they do is the same: realloc(NULL, n) is
   malloc(n), realloc(p, 0) frees p and gives NULL (Valgrind 3.19's
   rule), a NULL result sets ENOMEM.  --trace-malloc=yes no longer
   lists these calls (nor, as before, the ones above).

   From Valgrind 3.22 the core also replaces free_sized,
   free_aligned_sized and reallocarray; those are renamed away and
   replaced here too (below), so that a program gets the same answers
   on every Valgrind. */

#include "pub_tool_basics.h"
#include "pub_tool_redir.h"
#include "pub_tool_vki.h"

#include "asynctrace.h"
#include "at_request.h"

/* The Valgrind this preload is built for (as at_basics.h, which the
   preload does not include: it is client code). */
#define AT_VG_AT_LEAST(maj, min)                                       \
   (__VALGRIND_MAJOR__ > (maj)                                         \
    || (__VALGRIND_MAJOR__ == (maj) && __VALGRIND_MINOR__ >= (min)))

#define AT_ZERO 0x40   /* the tool's flags are jemalloc's MALLOCX_* */

#define TOOL_BAD(kind, size, given)                                    \
   ((void)VALGRIND_DO_CLIENT_REQUEST_EXPR(                             \
             0, VG_USERREQ__ASYNCTRACE_BAD_CALL, (kind), (size),       \
             (given), 0, 0))

/*------------------------------------------------------------*/
/*--- Helpers                                              ---*/
/*------------------------------------------------------------*/

extern int* __errno_location(void) __attribute__((weak));

static __inline__ __attribute__((always_inline)) void set_errno(int e)
{
   if (__errno_location)
      *__errno_location() = e;
}

static __inline__ __attribute__((always_inline)) Bool is_pow2(SizeT a)
{
   return a != 0 && (a & (a - 1)) == 0;
}

/* log2 of a power of two, as the tool's alignment flag. */
static __inline__ __attribute__((always_inline)) UWord lg(SizeT a)
{
   UWord n = 0;
   while (((SizeT)1 << n) < a)
      n++;
   return n;
}

static __inline__ __attribute__((always_inline)) SizeT round_pow2(SizeT a)
{
   SizeT p = 1;
   while (p < a && p != 0)
      p <<= 1;
   return p;
}

/* Out of the way of the calls that succeed: no register kept across. */
static __attribute__((noinline, cold)) void* no_memory(void)
{
   set_errno(VKI_ENOMEM);
   return NULL;
}

#define LEAN_ALLOC(res, size, flags)                                   \
   ((res) = AT_REQUEST(VG_USERREQ__ASYNCTRACE_JE_ALLOC, (size), (flags), 0))
#define LEAN_REALLOC(res, p, size)                                     \
   ((res) = AT_REQUEST(VG_USERREQ__ASYNCTRACE_JE_REALLOC, (p), (size), 0))
/* size and sized: a free with the size the caller says the block has. */
#define LEAN_FREE(p, size, sized)                                      \
   ((void)AT_REQUEST(VG_USERREQ__ASYNCTRACE_JE_FREE, (p), (size), (sized)))

/*------------------------------------------------------------*/
/*--- The replacements, for libc.so* and --soname-synonyms  ---*/
/*------------------------------------------------------------*/

#define MALLOC(soname)                                                 \
   void* VG_REPLACE_FUNCTION_EZU(10010, soname, malloc)(SizeT n);      \
   void* VG_REPLACE_FUNCTION_EZU(10010, soname, malloc)(SizeT n)       \
   {                                                                   \
      UWord p;                                                         \
      LEAN_ALLOC(p, n, 0);                                                \
      return LIKELY(p != 0) ? (void*)p : no_memory();                  \
   }

#define FREE(soname)                                                   \
   void VG_REPLACE_FUNCTION_EZU(10050, soname, free)(void* p);         \
   void VG_REPLACE_FUNCTION_EZU(10050, soname, free)(void* p)          \
   {                                                                   \
      if (p != NULL)                                                   \
         LEAN_FREE(p, 0, 0);                                                 \
   }

#define REALLOC(soname)                                                \
   void* VG_REPLACE_FUNCTION_EZU(10090, soname, realloc)               \
                                (void* old, SizeT n);                  \
   void* VG_REPLACE_FUNCTION_EZU(10090, soname, realloc)               \
                                (void* old, SizeT n)                   \
   {                                                                   \
      UWord p;                                                         \
      if (old == NULL) {                                               \
         LEAN_ALLOC(p, n, 0);                                             \
      } else if (n == 0) {                                             \
         LEAN_FREE(old, 0, 0);                                               \
         return NULL;                                                  \
      } else {                                                         \
         LEAN_REALLOC(p, old, n);                                      \
      }                                                                \
      return LIKELY(p != 0) ? (void*)p : no_memory();                  \
   }

#define CALLOC(soname)                                                 \
   void* VG_REPLACE_FUNCTION_EZU(10070, soname, calloc)                \
                                (SizeT nmemb, SizeT size1);            \
   void* VG_REPLACE_FUNCTION_EZU(10070, soname, calloc)                \
                                (SizeT nmemb, SizeT size1)             \
   {                                                                   \
      UWord p;                                                         \
      if (size1 != 0 && nmemb > ((SizeT)-1) / size1) {                 \
         TOOL_BAD(ASYNCTRACE_BAD_CALLOC_OVERFLOW, nmemb, size1);       \
         set_errno(VKI_ENOMEM);                                        \
         return NULL;                                                  \
      }                                                                \
      LEAN_ALLOC(p, nmemb * size1, AT_ZERO);                           \
      return LIKELY(p != 0) ? (void*)p : no_memory();                  \
   }

/* memalign and aligned_alloc: glibc 2.36 rounds a bad alignment up. */
#define MEMALIGN(tag, soname, fn)                                      \
   void* VG_REPLACE_FUNCTION_EZU(tag, soname, fn)                      \
                                (SizeT align, SizeT size);             \
   void* VG_REPLACE_FUNCTION_EZU(tag, soname, fn)                      \
                                (SizeT align, SizeT size)              \
   {                                                                   \
      UWord p;                                                         \
      if (!is_pow2(align)) {                                           \
         TOOL_BAD(ASYNCTRACE_BAD_ALIGNMENT, size, align);              \
         align = round_pow2(align);                                    \
         if (align == 0) {                                             \
            set_errno(VKI_EINVAL);                                     \
            return NULL;                                               \
         }                                                             \
      }                                                                \
      LEAN_ALLOC(p, size, lg(align));                                  \
      return LIKELY(p != 0) ? (void*)p : no_memory();                  \
   }

/* valloc and pvalloc: page-aligned.  The shared ones call its own
   memalign, renamed away: the stack then showed that name. */
#define VALLOC(soname)                                                 \
   void* VG_REPLACE_FUNCTION_EZU(10120, soname, valloc)(SizeT size);   \
   void* VG_REPLACE_FUNCTION_EZU(10120, soname, valloc)(SizeT size)    \
   {                                                                   \
      UWord p;                                                         \
      LEAN_ALLOC(p, size, lg(VKI_PAGE_SIZE));                          \
      return LIKELY(p != 0) ? (void*)p : no_memory();                  \
   }

/* pvalloc rounds the size up to whole pages; a size that would wrap is
   asked for as it is (too large either way). */
#define PVALLOC(soname)                                                \
   void* VG_REPLACE_FUNCTION_EZU(10190, soname, pvalloc)(SizeT size);  \
   void* VG_REPLACE_FUNCTION_EZU(10190, soname, pvalloc)(SizeT size)   \
   {                                                                   \
      UWord p;                                                         \
      SizeT whole = (size + VKI_PAGE_SIZE - 1) & ~(SizeT)(VKI_PAGE_SIZE - 1); \
      if (whole < size)                                                \
         whole = size;                                                 \
      if (whole == 0)                                                  \
         whole = VKI_PAGE_SIZE;                                        \
      LEAN_ALLOC(p, whole, lg(VKI_PAGE_SIZE));                         \
      return LIKELY(p != 0) ? (void*)p : no_memory();                  \
   }

#define POSIX_MEMALIGN(soname)                                         \
   int VG_REPLACE_FUNCTION_EZU(10160, soname, posix_memalign)          \
                              (void** memptr, SizeT align, SizeT size); \
   int VG_REPLACE_FUNCTION_EZU(10160, soname, posix_memalign)          \
                              (void** memptr, SizeT align, SizeT size) \
   {                                                                   \
      UWord p;                                                         \
      if (!is_pow2(align) || align % sizeof(void*) != 0) {             \
         TOOL_BAD(ASYNCTRACE_BAD_ALIGNMENT, size, align);              \
         return VKI_EINVAL;                                            \
      }                                                                \
      LEAN_ALLOC(p, size, lg(align));                                  \
      if (p == 0)                                                      \
         return VKI_ENOMEM;                                            \
      *memptr = (void*)p;                                              \
      return 0;                                                        \
   }

/* C++14 sized delete, plain and aligned, single and array: the shared
   replacement drops the size; the tool checks it against the block
   (libstdc++ itself ignores it and frees). */
#define SIZED_DELETE(soname, fn)                                       \
   void VG_REPLACE_FUNCTION_EZU(10050, soname, fn)(void* p, SizeT size); \
   void VG_REPLACE_FUNCTION_EZU(10050, soname, fn)(void* p, SizeT size) \
   {                                                                   \
      if (p != NULL)                                                   \
         LEAN_FREE(p, size, 1);                                        \
   }

#define SIZED_DELETE_ALIGNED(soname, fn)                               \
   void VG_REPLACE_FUNCTION_EZU(10050, soname, fn)                     \
                                (void* p, SizeT size, SizeT align);    \
   void VG_REPLACE_FUNCTION_EZU(10050, soname, fn)                     \
                                (void* p, SizeT size, SizeT align)     \
   {                                                                   \
      if (p != NULL)                                                   \
         LEAN_FREE(p, size, 1);                                        \
   }

/* C23's sized frees and reallocarray, replaced by the core since 3.22:
   the shared ones drop the size, and its reallocarray asks the tool for
   a block of 0 bytes where glibc's (a realloc) frees.  These free with
   the size the caller gives, checked by the tool, and make reallocarray
   the realloc above after glibc's overflow check. */
#define FREE_SIZED(soname)                                             \
   void VG_REPLACE_FUNCTION_EZU(10051, soname, free_sized)             \
                               (void* p, SizeT size);                  \
   void VG_REPLACE_FUNCTION_EZU(10051, soname, free_sized)             \
                               (void* p, SizeT size)                   \
   {                                                                   \
      if (p != NULL)                                                   \
         LEAN_FREE(p, size, 1);                                        \
   }

#define FREE_ALIGNED_SIZED(soname)                                     \
   void VG_REPLACE_FUNCTION_EZU(10052, soname, free_aligned_sized)     \
                               (void* p, SizeT align, SizeT size);     \
   void VG_REPLACE_FUNCTION_EZU(10052, soname, free_aligned_sized)     \
                               (void* p, SizeT align, SizeT size)      \
   {                                                                   \
      if (p != NULL)                                                   \
         LEAN_FREE(p, size, 1);                                        \
   }

#define REALLOCARRAY(soname)                                           \
   void* VG_REPLACE_FUNCTION_EZU(10092, soname, reallocarray)          \
                                (void* old, SizeT nmemb, SizeT size);  \
   void* VG_REPLACE_FUNCTION_EZU(10092, soname, reallocarray)          \
                                (void* old, SizeT nmemb, SizeT size)   \
   {                                                                   \
      UWord p;                                                         \
      if (size != 0 && nmemb > ((SizeT)-1) / size)                     \
         return no_memory();                                           \
      if (old == NULL) {                                               \
         LEAN_ALLOC(p, nmemb * size, 0);                               \
      } else if (nmemb * size == 0) {                                  \
         LEAN_FREE(old, 0, 0);                                         \
         return NULL;                                                  \
      } else {                                                         \
         LEAN_REALLOC(p, old, nmemb * size);                           \
      }                                                                \
      return LIKELY(p != 0) ? (void*)p : no_memory();                  \
   }

#define SIZED_DELETES(soname)                                          \
   SIZED_DELETE(soname, _ZdlPvm)                                       \
   SIZED_DELETE(soname, _ZdaPvm)                                       \
   SIZED_DELETE_ALIGNED(soname, _ZdlPvmSt11align_val_t)                \
   SIZED_DELETE_ALIGNED(soname, _ZdaPvmSt11align_val_t)

MALLOC(VG_Z_LIBC_SONAME)
MALLOC(SO_SYN_MALLOC)
FREE(VG_Z_LIBC_SONAME)
FREE(SO_SYN_MALLOC)
REALLOC(VG_Z_LIBC_SONAME)
REALLOC(SO_SYN_MALLOC)
CALLOC(VG_Z_LIBC_SONAME)
CALLOC(SO_SYN_MALLOC)
MEMALIGN(10110, VG_Z_LIBC_SONAME, memalign)
MEMALIGN(10110, SO_SYN_MALLOC,    memalign)
MEMALIGN(10170, VG_Z_LIBC_SONAME, aligned_alloc)
MEMALIGN(10170, SO_SYN_MALLOC,    aligned_alloc)
POSIX_MEMALIGN(VG_Z_LIBC_SONAME)
POSIX_MEMALIGN(SO_SYN_MALLOC)
VALLOC(VG_Z_LIBC_SONAME)
VALLOC(SO_SYN_MALLOC)
PVALLOC(VG_Z_LIBC_SONAME)
SIZED_DELETES(VG_Z_LIBSTDCXX_SONAME)
SIZED_DELETES(VG_Z_LIBCXX_SONAME)
SIZED_DELETES(VG_Z_LIBC_SONAME)
SIZED_DELETES(SO_SYN_MALLOC)
#if AT_VG_AT_LEAST(3, 22)
FREE_SIZED(VG_Z_LIBC_SONAME)
FREE_SIZED(SO_SYN_MALLOC)
FREE_ALIGNED_SIZED(VG_Z_LIBC_SONAME)
FREE_ALIGNED_SIZED(SO_SYN_MALLOC)
REALLOCARRAY(VG_Z_LIBC_SONAME)
REALLOCARRAY(SO_SYN_MALLOC)
#endif

/*--------------------------------------------------------------------*/
/*--- end                                             at_preload.c ---*/
/*--------------------------------------------------------------------*/
