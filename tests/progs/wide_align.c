/* Alignments above 16 MiB (32 MiB, 64 MiB, 256 MiB, 1 GiB), which glibc
   honours, through memalign, posix_memalign and aligned_alloc, with
   small sizes: each block must be aligned and usable.  All are freed but
   one, of 777 bytes at 256 MiB, leaked (its pointer is dropped).  Prints
   one line per call, "ALIGN CALL ok" or what went wrong.
   Copyright (C) 2026 the asynctrace authors.  GPL-2.0-or-later. */
#include <errno.h>
#include <malloc.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void* volatile keep;

static int check(const char* call, size_t align, size_t size, void* p)
{
   if (p == NULL) {
      printf("%zu %s NULL %s\n", align, call, strerror(errno));
      return 1;
   }
   if ((uintptr_t)p % align != 0) {
      printf("%zu %s misaligned %p\n", align, call, p);
      return 1;
   }
   memset(p, 0x5a, size);
   printf("%zu %s ok\n", align, call);
   return 0;
}

int main(void)
{
   static const size_t aligns[] = { (size_t)32 << 20, (size_t)64 << 20,
                                    (size_t)256 << 20, (size_t)1 << 30 };
   int bad = 0;
   unsigned i;
   for (i = 0; i < 4; i++) {
      size_t a = aligns[i];
      void*  p = memalign(a, 100 + i);
      void*  q = NULL;
      void*  r;
      int    e;
      bad += check("memalign", a, 100 + i, p);
      e = posix_memalign(&q, a, 200 + i);
      if (e != 0) {
         errno = e;
         q = NULL;
      }
      bad += check("posix_memalign", a, 200 + i, q);
      r = aligned_alloc(a, 300 + i);
      bad += check("aligned_alloc", a, 300 + i, r);
      free(p);
      free(q);
      free(r);
   }
   keep = memalign((size_t)256 << 20, 777);
   bad += check("memalign", (size_t)256 << 20, 777, keep);
   keep = NULL;   /* leaked: 777 bytes in 1 block */
   return bad != 0;
}
