/* calloc on memory that was a block before: every size of the small
   classes (and of 0) is filled, freed and asked for again with calloc,
   which must give zeros.  The tool hands out freed small blocks again,
   wiped when freed; calloc counts on that wipe. */
#include <stdlib.h>
#include <string.h>
int main(void)
{
   static const size_t sizes[] = { 0, 1, 5, 15, 16, 17, 100, 511, 512, 513 };
   int bad = 0;
   for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
      for (int round = 0; round < 3; round++) {
         size_t n = sizes[i];
         unsigned char* p = malloc(n ? n : 1);
         memset(p, 0xA5, n ? n : 1);
         free(p);
         p = malloc(n);             /* the same class: maybe the same memory */
         free(p);
         unsigned char* z = calloc(1, n ? n : 1);
         for (size_t k = 0; k < (n ? n : 1); k++)
            bad |= z[k] != 0;
         free(z);
      }
   }
   return bad;
}
