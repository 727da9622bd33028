/* jemalloc's own calls (mallocx, rallocx, xallocx, sallocx, dallocx,
   sdallocx, nallocx), weak, over the C allocator and with jemalloc's
   rules, named PREFIX##mallocx and so on: what a test program runs when
   asynctrace does not replace them (jemalloc_api.c with _rjem_,
   jemalloc_plain.c with plain names).
   Copyright (C) 2026 the asynctrace authors.  GPL-2.0-or-later. */
#ifndef JE_FALLBACKS_H
#define JE_FALLBACKS_H
#include <malloc.h>
#include <stdlib.h>
#include <string.h>

#define MALLOCX_LG_ALIGN(la)  ((int)(la))
#define MALLOCX_ZERO          ((int)0x40)
#define JE_MAX_SIZE           (((size_t)7) << 60)
#define JE_WEAK               __attribute__((weak))

#define JE_ALLOCX_DECLS(P)                                               \
   void*  P##mallocx(size_t size, int flags);                            \
   void*  P##rallocx(void* p, size_t size, int flags);                   \
   size_t P##xallocx(void* p, size_t size, size_t extra, int flags);     \
   size_t P##sallocx(const void* p, int flags);                          \
   void   P##dallocx(void* p, int flags);                                \
   void   P##sdallocx(void* p, size_t size, int flags);                  \
   size_t P##nallocx(size_t size, int flags);

#define JE_ALLOCX_FALLBACKS(P)                                           \
   JE_WEAK void* P##mallocx(size_t size, int flags)                      \
   {                                                                     \
      size_t align = (size_t)1 << (flags & 0x3F);                        \
      void* p;                                                           \
      if (align < sizeof(void*)) align = sizeof(void*);                  \
      if (size > JE_MAX_SIZE                                             \
          || posix_memalign(&p, align, size ? size : 1) != 0)            \
         return NULL;                                                    \
      if (flags & MALLOCX_ZERO) memset(p, 0, size);                      \
      return p;                                                          \
   }                                                                     \
   JE_WEAK void* P##rallocx(void* p, size_t size, int flags)             \
   {                                                                     \
      size_t old = malloc_usable_size(p);                                \
      void* q = P##mallocx(size, flags);                                 \
      if (q == NULL) return NULL;                                        \
      memcpy(q, p, old < size ? old : size);                             \
      free(p);                                                           \
      return q;                                                          \
   }                                                                     \
   JE_WEAK size_t P##xallocx(void* p, size_t size, size_t extra, int flags) \
   { return malloc_usable_size(p); }                                     \
   JE_WEAK size_t P##sallocx(const void* p, int flags)                   \
   { return malloc_usable_size((void*)p); }                              \
   JE_WEAK void P##dallocx(void* p, int flags) { free(p); }              \
   JE_WEAK void P##sdallocx(void* p, size_t size, int flags) { free(p); } \
   JE_WEAK size_t P##nallocx(size_t size, int flags)                     \
   { return size == 0 || size > JE_MAX_SIZE ? 0 : size; }

#endif
