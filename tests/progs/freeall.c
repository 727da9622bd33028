/* 10,000 small allocations of 1..100 bytes, all freed in reverse order:
   allocs 10000, bytes 505000, nothing live. */
#include <stdlib.h>
#define N 10000
static void* p[N];
int main(void)
{
   for (int i = 0; i < N; i++)
      p[i] = malloc(i % 100 + 1);
   for (int i = N - 1; i >= 0; i--)
      free(p[i]);
   return 0;
}
