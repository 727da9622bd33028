/* jemalloc's alignment flags above 16 MiB (the most Valgrind's arena
   takes), through the prefixed API (_rjem_*, tikv-jemallocator's):
     a: mallocx 1000, MALLOCX_LG_ALIGN(25) (32 MiB), kept (reachable)
     b: mallocx 5000, MALLOCX_ALIGN(1 GiB), written, then lost
     c: mallocx 300, 64 MiB | MALLOCX_ZERO, then rallocx 600 at 64 MiB,
        then sdallocx
     d: mallocx 64, 256 MiB, then dallocx
   Prints "NAME ok" for each check that the program got what it asked
   for (the alignment, zeros, the contents kept, the size queries), else
   "NAME FAIL"; without the tool the weak fallbacks run (je_fallbacks.h)
   and print the same. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "je_fallbacks.h"

#define MALLOCX_ALIGN(a)  ((int)__builtin_ctzl((size_t)(a)))

JE_ALLOCX_DECLS(_rjem_)
JE_ALLOCX_FALLBACKS(_rjem_)

static void* kept;

static void check(const char* name, int ok)
{
   printf("%s %s\n", name, ok ? "ok" : "FAIL");
}

static int aligned(const void* p, size_t a)
{
   return p != NULL && ((uintptr_t)p & (a - 1)) == 0;
}

int main(void)
{
   size_t i;
   int zero = 1;
   unsigned char* b;
   unsigned char* c;
   void* d;

   kept = _rjem_mallocx(1000, MALLOCX_LG_ALIGN(25));
   check("a-32MiB", aligned(kept, (size_t)32 << 20));
   check("a-sallocx", kept && _rjem_sallocx(kept, 0) >= 1000);

   b = _rjem_mallocx(5000, MALLOCX_ALIGN((size_t)1 << 30));
   check("b-1GiB", aligned(b, (size_t)1 << 30));
   if (b)
      memset(b, 0x5A, 5000);
   b = NULL;                 /* lost: the only pointer is gone */

   c = _rjem_mallocx(300, MALLOCX_LG_ALIGN(26) | MALLOCX_ZERO);
   check("c-64MiB", aligned(c, (size_t)64 << 20));
   for (i = 0; c && i < 300; i++)
      zero &= c[i] == 0;
   check("c-zero", c && zero);
   if (c)
      memset(c, 0x33, 300);
   c = _rjem_rallocx(c, 600, MALLOCX_LG_ALIGN(26));
   check("c-rallocx-64MiB", aligned(c, (size_t)64 << 20));
   check("c-kept", c && c[0] == 0x33 && c[299] == 0x33);
   _rjem_sdallocx(c, 600, MALLOCX_LG_ALIGN(26));

   d = _rjem_mallocx(64, MALLOCX_LG_ALIGN(28));
   check("d-256MiB", aligned(d, (size_t)256 << 20));
   _rjem_dallocx(d, MALLOCX_LG_ALIGN(28));
   return 0;
}
