/* huge_sizes: allocations no system can serve, by every allocation call;
   each must give NULL with ENOMEM (posix_memalign: ENOMEM) and the run
   must go on, as under glibc.  Prints one line per call, the same
   natively and under asynctrace; then leaks 123 bytes so the report has
   something live.
   Copyright (C) 2026 the asynctrace authors.  GPL-2.0-or-later. */
#include <errno.h>
#include <malloc.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

static const size_t sizes[] = {
   SIZE_MAX, SIZE_MAX - 15, (size_t)0xffffffffffffffc0ull,
   (size_t)1 << 63, (size_t)1 << 50, (size_t)1 << 46,
};
#define NSIZES (sizeof(sizes) / sizeof(sizes[0]))

static void say(const char* call, size_t i, void* p)
{
   printf("%s %zu: %s %s\n", call, i, p ? "non-NULL" : "NULL",
          p ? "" : errno == ENOMEM ? "ENOMEM" : "other errno");
   free(p);
}

int main(void)
{
   size_t i;
   void* keep = malloc(64);
   for (i = 0; i < NSIZES; i++) {
      size_t n = sizes[i];
      void* p;
      int r;
      errno = 0; say("malloc", i, malloc(n));
      errno = 0; say("calloc", i, calloc(1, n));
      errno = 0; p = realloc(keep, n); say("realloc", i, p);
      errno = 0; say("memalign", i, memalign(64, n));
      errno = 0; say("aligned_alloc", i, aligned_alloc(64, n & ~(size_t)63));
      errno = 0; say("valloc", i, valloc(n));
      p = NULL;
      r = posix_memalign(&p, 64, n);
      printf("posix_memalign %zu: %s %s\n", i, p ? "non-NULL" : "NULL",
             r == ENOMEM ? "ENOMEM" : r == 0 ? "0" : "other");
      free(p);
   }
   free(keep);
   keep = malloc(123);
   printf("kept %p\n", keep != NULL ? (void*)1 : NULL);
   keep = NULL;
   return 0;
}
