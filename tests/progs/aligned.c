/* calloc, memalign, posix_memalign, aligned_alloc, valloc: each block
   left live with a known size, checked for alignment and zeroing. */
#define _GNU_SOURCE
#include <malloc.h>
#include <stdint.h>
#include <stdlib.h>
#include <unistd.h>
void* keep[6];
int main(void)
{
   int bad = 0;
   unsigned char* z = calloc(10, 30);            /* 300 */
   for (int i = 0; i < 300; i++) bad |= z[i];
   keep[0] = z;
   keep[1] = memalign(64, 200);                   /* 200 */
   bad |= (uintptr_t)keep[1] % 64 != 0;
   if (posix_memalign(&keep[2], 256, 400) != 0)   /* 400 */
      bad = 1;
   bad |= (uintptr_t)keep[2] % 256 != 0;
   keep[3] = aligned_alloc(128, 512);             /* 512 */
   bad |= (uintptr_t)keep[3] % 128 != 0;
   keep[4] = valloc(100);                         /* 100 */
   bad |= (uintptr_t)keep[4] % sysconf(_SC_PAGESIZE) != 0;
   /* calloc whose size overflows must fail, not allocate. */
   volatile size_t huge = (size_t)-1 / 2;
   bad |= calloc(huge, 4) != NULL;
   /* posix_memalign with an alignment that is not a power of two. */
   void* p;
   bad |= posix_memalign(&p, 24, 10) == 0;
   bad |= malloc_usable_size(keep[0]) < 300;
   return bad;
}
