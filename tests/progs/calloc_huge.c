/* calloc of a huge block the program barely touches must not make its
   pages resident: the memory the kernel gives is zeros already.
     calloc_huge [MiB]   callocs MiB (2048) MiB, checks a byte in every
                         64 MiB and the last one are 0, prints
                         "rss KB" (VmRSS from /proc/self/status), exits
   Then a reused block: 8 MiB malloc'd, filled with 0xAA, freed, and
   calloc'd again: every byte must read 0 ("reused zeros" or "reused
   dirty"). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static long rss_kb(void)
{
   char line[256];
   long kb = -1;
   FILE *f = fopen("/proc/self/status", "r");
   if (f == NULL)
      return -1;
   while (fgets(line, sizeof line, f))
      if (strncmp(line, "VmRSS:", 6) == 0)
         kb = strtol(line + 6, NULL, 10);
   fclose(f);
   return kb;
}

int main(int argc, char **argv)
{
   size_t mib = argc > 1 ? strtoul(argv[1], NULL, 10) : 2048;
   size_t n = mib << 20, i, bad = 0;
   unsigned char *p = calloc(1, n);
   if (p == NULL) {
      printf("calloc failed\n");
      return 1;
   }
   for (i = 0; i < n; i += 64u << 20)
      bad += p[i] != 0;
   bad += p[n - 1] != 0;
   printf("%s\n", bad ? "not zero" : "zero");
   printf("rss %ld\n", rss_kb());
   fflush(stdout);

   size_t m = 8u << 20;
   unsigned char *q = malloc(m);
   memset(q, 0xAA, m);
   free(q);
   q = calloc(m, 1);
   for (i = 0, bad = 0; i < m; i++)
      bad += q[i] != 0;
   printf("reused %s\n", bad ? "dirty" : "zeros");
   free(q);
   free(p);
   return 0;
}
