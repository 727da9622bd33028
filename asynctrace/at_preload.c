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
   memalign, posix_memalign, aligned_alloc and sized deletes out of the
   way (objcopy, see Makefile.am); these take their place, report such
   calls to the tool, and otherwise do what glibc 2.36 does:
   - calloc: a product that overflows gives NULL and ENOMEM;
   - memalign and aligned_alloc (the same function in glibc 2.36): an
     alignment that is not a power of two is rounded up to one;
   - posix_memalign: EINVAL unless the alignment is a power of two and a
     multiple of sizeof(void*). */

#include "pub_tool_basics.h"
#include "pub_tool_redir.h"
#include "pub_tool_vki.h"

#include "asynctrace.h"

#define AT_ZERO 0x40   /* the tool's flags are jemalloc's MALLOCX_* */

#define TOOL_ALLOC(size, flags)                                        \
   ((void*)VALGRIND_DO_CLIENT_REQUEST_EXPR(                            \
              0, VG_USERREQ__ASYNCTRACE_JE_ALLOC, (size), (flags),     \
              0, 0, 0))

/* A free with the size the caller says the block has. */
#define TOOL_FREE_SIZED(p, size)                                       \
   ((void)VALGRIND_DO_CLIENT_REQUEST_EXPR(                             \
             0, VG_USERREQ__ASYNCTRACE_JE_FREE, (p), (size), 1, 0, 0))

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

/*------------------------------------------------------------*/
/*--- The replacements, for libc.so* and --soname-synonyms  ---*/
/*------------------------------------------------------------*/

#define CALLOC(soname)                                                 \
   void* VG_REPLACE_FUNCTION_EZU(10070, soname, calloc)                \
                                (SizeT nmemb, SizeT size1);            \
   void* VG_REPLACE_FUNCTION_EZU(10070, soname, calloc)                \
                                (SizeT nmemb, SizeT size1)             \
   {                                                                   \
      void* p;                                                         \
      if (size1 != 0 && nmemb > ((SizeT)-1) / size1) {                 \
         TOOL_BAD(ASYNCTRACE_BAD_CALLOC_OVERFLOW, nmemb, size1);       \
         set_errno(VKI_ENOMEM);                                        \
         return NULL;                                                  \
      }                                                                \
      p = TOOL_ALLOC(nmemb * size1, AT_ZERO);                          \
      if (p == NULL)                                                   \
         set_errno(VKI_ENOMEM);                                        \
      return p;                                                        \
   }

/* memalign and aligned_alloc: glibc 2.36 rounds a bad alignment up. */
#define MEMALIGN(tag, soname, fn)                                      \
   void* VG_REPLACE_FUNCTION_EZU(tag, soname, fn)                      \
                                (SizeT align, SizeT size);             \
   void* VG_REPLACE_FUNCTION_EZU(tag, soname, fn)                      \
                                (SizeT align, SizeT size)              \
   {                                                                   \
      void* p;                                                         \
      if (!is_pow2(align)) {                                           \
         TOOL_BAD(ASYNCTRACE_BAD_ALIGNMENT, size, align);              \
         align = round_pow2(align);                                    \
         if (align == 0) {                                             \
            set_errno(VKI_EINVAL);                                     \
            return NULL;                                               \
         }                                                             \
      }                                                                \
      p = TOOL_ALLOC(size, lg(align));                                 \
      if (p == NULL)                                                   \
         set_errno(VKI_ENOMEM);                                        \
      return p;                                                        \
   }

#define POSIX_MEMALIGN(soname)                                         \
   int VG_REPLACE_FUNCTION_EZU(10160, soname, posix_memalign)          \
                              (void** memptr, SizeT align, SizeT size); \
   int VG_REPLACE_FUNCTION_EZU(10160, soname, posix_memalign)          \
                              (void** memptr, SizeT align, SizeT size) \
   {                                                                   \
      void* p;                                                         \
      if (!is_pow2(align) || align % sizeof(void*) != 0) {             \
         TOOL_BAD(ASYNCTRACE_BAD_ALIGNMENT, size, align);              \
         return VKI_EINVAL;                                            \
      }                                                                \
      p = TOOL_ALLOC(size, lg(align));                                 \
      if (p == NULL)                                                   \
         return VKI_ENOMEM;                                            \
      *memptr = p;                                                     \
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
         TOOL_FREE_SIZED(p, size);                                     \
   }

#define SIZED_DELETE_ALIGNED(soname, fn)                               \
   void VG_REPLACE_FUNCTION_EZU(10050, soname, fn)                     \
                                (void* p, SizeT size, SizeT align);    \
   void VG_REPLACE_FUNCTION_EZU(10050, soname, fn)                     \
                                (void* p, SizeT size, SizeT align)     \
   {                                                                   \
      if (p != NULL)                                                   \
         TOOL_FREE_SIZED(p, size);                                     \
   }

#define SIZED_DELETES(soname)                                          \
   SIZED_DELETE(soname, _ZdlPvm)                                       \
   SIZED_DELETE(soname, _ZdaPvm)                                       \
   SIZED_DELETE_ALIGNED(soname, _ZdlPvmSt11align_val_t)                \
   SIZED_DELETE_ALIGNED(soname, _ZdaPvmSt11align_val_t)

CALLOC(VG_Z_LIBC_SONAME)
CALLOC(SO_SYN_MALLOC)
MEMALIGN(10110, VG_Z_LIBC_SONAME, memalign)
MEMALIGN(10110, SO_SYN_MALLOC,    memalign)
MEMALIGN(10170, VG_Z_LIBC_SONAME, aligned_alloc)
MEMALIGN(10170, SO_SYN_MALLOC,    aligned_alloc)
POSIX_MEMALIGN(VG_Z_LIBC_SONAME)
POSIX_MEMALIGN(SO_SYN_MALLOC)
SIZED_DELETES(VG_Z_LIBSTDCXX_SONAME)
SIZED_DELETES(VG_Z_LIBCXX_SONAME)
SIZED_DELETES(VG_Z_LIBC_SONAME)
SIZED_DELETES(SO_SYN_MALLOC)

/*--------------------------------------------------------------------*/
/*--- end                                             at_preload.c ---*/
/*--------------------------------------------------------------------*/
