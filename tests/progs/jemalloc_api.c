/* jemalloc's prefixed API, as tikv-jemallocator links it (_rjem_*),
   called from C.  The program defines each function itself, weakly,
   over the C allocator, so that it links and runs without jemalloc;
   under asynctrace the tool's replacements (soname NONE: this
   executable) take every call instead, and these definitions never run.
   Each block has a size of its own; tool_jemalloc.test counts them.
   Prints what the size queries answered; exits 0 when every check
   passed, else prints the lines of the failed checks. */
#include <errno.h>
#include <malloc.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "je_fallbacks.h"

JE_ALLOCX_DECLS(_rjem_)
void*  _rjem_malloc(size_t size);
void*  _rjem_calloc(size_t n, size_t size);
void*  _rjem_realloc(void* p, size_t size);
void   _rjem_free(void* p);
int    _rjem_posix_memalign(void** memptr, size_t align, size_t size);
void*  _rjem_aligned_alloc(size_t align, size_t size);
void*  _rjem_memalign(size_t align, size_t size);
void*  _rjem_valloc(size_t size);
size_t _rjem_malloc_usable_size(const void* p);

/* ---- Fallbacks for a run without asynctrace: jemalloc's rules, over
   the C allocator. ---- */
#define WEAK JE_WEAK
#define MAX_SIZE JE_MAX_SIZE
static int pow2(size_t a) { return a != 0 && (a & (a - 1)) == 0; }
JE_ALLOCX_FALLBACKS(_rjem_)
WEAK void* _rjem_malloc(size_t size)
{
   if (size > MAX_SIZE) { errno = ENOMEM; return NULL; }
   return malloc(size ? size : 1);
}
WEAK void* _rjem_calloc(size_t n, size_t size) { return calloc(n, size); }
WEAK void* _rjem_realloc(void* p, size_t size)
{
   if (size == 0 && p != NULL) { free(p); return NULL; }
   if (size > MAX_SIZE) { errno = ENOMEM; return NULL; }
   return realloc(p, size ? size : 1);
}
WEAK void _rjem_free(void* p) { free(p); }
WEAK int _rjem_posix_memalign(void** memptr, size_t align, size_t size)
{ return posix_memalign(memptr, align, size ? size : 1); }
WEAK void* _rjem_aligned_alloc(size_t align, size_t size)
{
   if (!pow2(align)) { errno = EINVAL; return NULL; }
   return aligned_alloc(align, size ? size : 1);
}
WEAK void* _rjem_memalign(size_t align, size_t size)
{ return pow2(align) ? memalign(align, size ? size : 1) : NULL; }
WEAK void* _rjem_valloc(size_t size) { return valloc(size ? size : 1); }
WEAK size_t _rjem_malloc_usable_size(const void* p)
{ return malloc_usable_size((void*)p); }

/* ---- Output without stdio, whose buffer would be a block of libc's. */
static void say(const char* what, size_t n)
{
   char buf[96];
   int len = snprintf(buf, sizeof buf, "%s %zu\n", what, n);
   if (write(1, buf, (size_t)len) != len) _exit(99);
}
static int failed;
#define CHECK(c) do { if (!(c)) { say("FAIL line", __LINE__); failed = 1; } } while (0)

static int all(const unsigned char* p, size_t from, size_t to, unsigned char v)
{
   for (size_t i = from; i < to; i++)
      if (p[i] != v) return 0;
   return 1;
}

void* keep[4];   /* the blocks left live: D, F, H, L */

int main(void)
{
   volatile size_t huge = (size_t)-1 / 2;   /* beyond jemalloc's sizes */
   unsigned char *a, *b, *c, *e, *f, *g, *h, *i, *j, *k, *m, *n, *o;
   void* d;
   void* untouched = &failed;
   size_t old;

   /* A: mallocx 100, grown by rallocx to 300 (content kept), freed
      with the right size. */
   a = _rjem_mallocx(100, 0);
   CHECK(a != NULL);
   memset(a, 0x5A, 100);
   a = _rjem_rallocx(a, 300, 0);
   CHECK(a != NULL && all(a, 0, 100, 0x5A));
   _rjem_sdallocx(a, 300, 0);

   /* B: 64 bytes freed as if 32: a sized-free mismatch. */
   b = _rjem_mallocx(64, 0);
   CHECK(b != NULL);
   _rjem_sdallocx(b, 32, 0);

   /* C: calloc 10 x 20, zeroed, freed by free. */
   c = _rjem_calloc(10, 20);
   CHECK(c != NULL && all(c, 0, 200, 0));
   _rjem_free(c);
   errno = 0;
   CHECK(_rjem_calloc(huge, 4) == NULL && errno == ENOMEM);

   /* D: posix_memalign 50 at 64, left live; 24 is no alignment. */
   CHECK(_rjem_posix_memalign(&untouched, 24, 10) == EINVAL);
   CHECK(untouched == &failed);
   CHECK(_rjem_posix_memalign(&d, 64, 50) == 0);
   CHECK((uintptr_t)d % 64 == 0);
   keep[0] = d;

   /* E: mallocx 256 with MALLOCX_ZERO, freed by dallocx. */
   e = _rjem_mallocx(256, MALLOCX_ZERO);
   CHECK(e != NULL && all(e, 0, 256, 0));
   _rjem_dallocx(e, 0);

   /* F: mallocx 1000 at 4096 (MALLOCX_LG_ALIGN(12)), left live; the
      size queries on it. */
   f = _rjem_mallocx(1000, MALLOCX_LG_ALIGN(12));
   CHECK(f != NULL && (uintptr_t)f % 4096 == 0);
   keep[1] = f;
   say("sallocx", _rjem_sallocx(f, 0));
   say("xallocx-grow", _rjem_xallocx(f, 2000, 0, 0));
   say("xallocx-shrink", _rjem_xallocx(f, 10, 0, 0));
   say("malloc_usable_size", _rjem_malloc_usable_size(f));
   say("malloc_usable_size-null", _rjem_malloc_usable_size(NULL));
   CHECK(_rjem_sallocx(f, 0) >= 1000);
   CHECK(_rjem_xallocx(f, 2000, 0, 0) < 2000);
   say("nallocx", _rjem_nallocx(100, 0));
   say("nallocx-aligned", _rjem_nallocx(100, MALLOCX_LG_ALIGN(12)));
   say("nallocx-huge", _rjem_nallocx(huge, 0));
   say("nallocx-zero", _rjem_nallocx(0, 0));

   /* G -> H: mallocx 100 grown by rallocx to 200 with MALLOCX_ZERO: the
      old bytes kept, the new ones zero; H left live. */
   g = _rjem_mallocx(100, 0);
   CHECK(g != NULL);
   memset(g, 0xAB, 100);
   old = _rjem_sallocx(g, 0);
   h = _rjem_rallocx(g, 200, MALLOCX_ZERO);
   CHECK(h != NULL && all(h, 0, 100, 0xAB) && all(h, old, 200, 0));
   keep[2] = h;
   errno = 0;
   CHECK(_rjem_mallocx(huge, 0) == NULL && errno == 0);

   /* I: malloc 40, freed by realloc(i, 0), which returns NULL. */
   i = _rjem_malloc(40);
   CHECK(i != NULL);
   CHECK(_rjem_realloc(i, 0) == NULL);
   errno = 0;
   CHECK(_rjem_malloc(huge) == NULL && errno == ENOMEM);

   /* J -> K: realloc(NULL, 24), then to 48; a realloc too large fails
      and leaves K as it was; free. */
   j = _rjem_realloc(NULL, 24);
   CHECK(j != NULL);
   memset(j, 0x11, 24);
   k = _rjem_realloc(j, 48);
   CHECK(k != NULL && all(k, 0, 24, 0x11));
   errno = 0;
   CHECK(_rjem_realloc(k, huge) == NULL && errno == ENOMEM);
   CHECK(all(k, 0, 24, 0x11));
   _rjem_free(k);

   /* L: aligned_alloc 100 at 256, left live; 3 is no alignment. */
   keep[3] = _rjem_aligned_alloc(256, 100);
   CHECK(keep[3] != NULL && (uintptr_t)keep[3] % 256 == 0);
   errno = 0;
   CHECK(_rjem_aligned_alloc(3, 10) == NULL && errno == EINVAL);

   /* M: memalign 70 at 128; N: valloc 10; both freed.  jemalloc's
      memalign refuses an alignment that is not a power of two. */
   m = _rjem_memalign(128, 70);
   CHECK(m != NULL && (uintptr_t)m % 128 == 0);
   CHECK(_rjem_memalign(24, 10) == NULL);
   _rjem_free(m);
   n = _rjem_valloc(10);
   CHECK(n != NULL && (uintptr_t)n % 4096 == 0);
   _rjem_free(n);

   /* O: mallocx(0), which jemalloc leaves undefined: a 1-byte block
      here, freed with that size. */
   o = _rjem_mallocx(0, 0);
   CHECK(o != NULL);
   say("sallocx-zero", _rjem_sallocx(o, 0));
   _rjem_sdallocx(o, 1, 0);

   return failed;
}
