/* Large blocks freed without touching them: an untouched 1 GiB block
   malloc'd and freed 8 times, then a 64 MiB one 16 times (argument
   "loop": forever, for a signal to end it, after printing "looping").
   Copyright (C) 2026 the asynctrace authors.  GPL-2.0-or-later. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char** argv)
{
   int forever = argc > 1 && strcmp(argv[1], "loop") == 0;
   unsigned i;
   for (i = 0; i < 8 && !forever; i++) {
      char* p = malloc((size_t)1 << 30);
      if (p == NULL)
         return 1;
      p[0] = 1;   /* one page touched of 262,144 */
      free(p);
   }
   if (forever) {
      printf("looping\n");
      fflush(stdout);
   }
   for (i = 0; i < 16 || forever; i++) {
      char* p = malloc((size_t)64 << 20);
      if (p == NULL)
         return 1;
      p[0] = 1;
      free(p);
   }
   return 0;
}
