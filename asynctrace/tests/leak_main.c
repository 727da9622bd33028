/* Known leaks on the main thread: 3 x 100 bytes from leak_hundreds,
   1 x 77 bytes from leak_once; one 5000-byte block freed.  Exits 3. */
#include <stdlib.h>
void* keep[4];
__attribute__((noinline)) void leak_hundreds(int i) { keep[i] = malloc(100); }
__attribute__((noinline)) void leak_once(void) { keep[3] = malloc(77); }
int main(void)
{
   void* big = malloc(5000);
   for (int i = 0; i < 3; i++)
      leak_hundreds(i);
   leak_once();
   free(big);
   return 3;
}
