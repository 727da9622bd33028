/* jemalloc's own API under its plain names (mallocx, sdallocx, ...), as
   a program with an unprefixed, statically linked jemalloc calls it.
   The program defines each function itself, weakly, over the C
   allocator, so that it runs without jemalloc; under asynctrace with
   --soname-synonyms=somalloc=NONE the tool's replacements take the calls
   instead.  Prints what the size queries answered.
   Copyright (C) 2026 the asynctrace authors.  GPL-2.0-or-later. */
#include <malloc.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "je_fallbacks.h"

JE_ALLOCX_DECLS()

JE_ALLOCX_FALLBACKS()

void* keep;

int main(void)
{
   unsigned char* z;
   void* a;
   void* b;
   int bad = 0;
   keep = mallocx(111, 0);                          /* live at exit */
   z = mallocx(222, MALLOCX_ZERO);
   for (int i = 0; i < 222; i++) bad |= z[i] != 0;
   sdallocx(z, 222, 0);                             /* right size */
   a = mallocx(333, MALLOCX_LG_ALIGN(6));
   bad |= ((uintptr_t)a & 63) != 0;
   a = rallocx(a, 444, 0);
   dallocx(a, 0);
   b = mallocx(64, 0);
   sdallocx(b, 32, 0);                              /* wrong size */
   printf("sallocx %zu xallocx %zu nallocx %zu\n", sallocx(keep, 0),
          xallocx(keep, 500, 0, 0), nallocx(100, 0));
   return bad;
}
