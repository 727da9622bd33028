/* The allocation calls Valgrind 3.22 started to replace itself:
   reallocarray (glibc's, a realloc after an overflow check) and C23's
   free_sized and free_aligned_sized.  glibc 2.36 has no free_sized: the
   program defines both, globally and weakly, over free, as a program
   built for an older libc does; Valgrind 3.21+ matches such global
   definitions too (somalloc), so from 3.22 the tool's replacements take
   them.  Each call's outcome is checked by the program (exit 1 if any
   is wrong).
   Copyright (C) 2026 the asynctrace authors.  GPL-2.0-or-later. */
#define _GNU_SOURCE
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

__attribute__((weak, noinline)) void free_sized(void* p, size_t size)
{
   (void)size;
   free(p);
}

__attribute__((weak, noinline)) void free_aligned_sized(void* p, size_t align,
                                                        size_t size)
{
   (void)align; (void)size;
   free(p);
}

void* keep;

int main(void)
{
   int bad = 0;
   char* a = reallocarray(NULL, 10, 10);        /* 100 bytes, a malloc */
   a[99] = 1;
   a = reallocarray(a, 20, 10);                 /* 200 bytes */
   bad |= a == NULL || a[99] != 1;
   errno = 0;
   bad |= reallocarray(a, SIZE_MAX / 2, 3) != NULL || errno != ENOMEM;
   a = reallocarray(a, 0, 10);                  /* frees, gives NULL */
   bad |= a != NULL;
   keep = reallocarray(NULL, 3, 16);            /* 48 bytes, live */

   void* s = malloc(64);
   free_sized(s, 64);                           /* right size */
   s = malloc(64);
   free_sized(s, 32);                           /* wrong size */
   void* al = aligned_alloc(64, 128);
   bad |= ((uintptr_t)al & 63) != 0;
   free_aligned_sized(al, 64, 128);
   free_sized(NULL, 8);                         /* nothing */
   printf("%s\n", bad ? "FAIL" : "ok");
   return bad;
}
