/* realloc chains.  Block A: malloc(10) -> 1000 -> 100000 -> 50 (grow,
   grow, shrink), left live: 50 bytes.  realloc(NULL, 64) is a malloc,
   left live.  Block C: malloc(30) then realloc(C, 0), which frees it.
   allocs: 1 + 3 (A's reallocs) + 1 + 1 = 6; frees: 3 (A's old blocks) +
   1 (C) = 4; bytes allocated 10+1000+100000+50+64+30 = 101154; freed
   10+1000+100000+30 = 101040; live 2 blocks, 114 bytes; peak 100000 +
   the 30-byte C?  C is freed before A grows: see the test. */
#include <stdlib.h>
#include <string.h>
void* keep[2];
int main(void)
{
   char* c = malloc(30);
   c = realloc(c, 0);          /* frees, returns NULL */
   char* a = malloc(10);
   strcpy(a, "123456789");
   a = realloc(a, 1000);
   a = realloc(a, 100000);
   a = realloc(a, 50);
   if (strcmp(a, "123456789") != 0)
      return 1;                /* contents must survive */
   keep[0] = a;
   keep[1] = realloc(NULL, 64);
   return c == NULL ? 0 : 2;
}
