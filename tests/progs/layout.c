/* layout: where new memory goes.  Prints "heap=high|low mmap=high|low
   hinted=ok|moved fixed=ok|failed map32=ok|failed", high meaning at or
   above 4 GiB: a malloc'd block, an mmap without an address, an mmap
   hinted at 256 MiB, one fixed at 512 MiB, one with MAP_32BIT.
   Copyright (C) 2026 the asynctrace authors.  GPL-2.0-or-later. */
#define _GNU_SOURCE
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>

#define HIGH(p) ((uintptr_t)(p) >= ((uintptr_t)1 << 32) ? "high" : "low")
#define MAP(a, f) mmap((void*)(a), 4096, PROT_READ | PROT_WRITE, \
                       MAP_PRIVATE | MAP_ANONYMOUS | (f), -1, 0)

int main(void)
{
   void* b = malloc(100);
   void* m = MAP(0, 0);
   void* h = MAP(0x10000000, 0);
   void* f = MAP(0x20000000, MAP_FIXED);
   void* l = MAP(0, MAP_32BIT);
   printf("heap=%s mmap=%s hinted=%s fixed=%s map32=%s\n", HIGH(b), HIGH(m),
          h == (void*)0x10000000 ? "ok" : "moved",
          f == (void*)0x20000000 ? "ok" : "failed",
          l != MAP_FAILED && (uintptr_t)l < 0x80000000u ? "ok" : "failed");
   free(b);
   return 0;
}
