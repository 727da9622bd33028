/* Wrong arguments glibc answers without crashing, each once: a calloc
   whose size overflows (NULL), posix_memalign with alignment 24
   (EINVAL), memalign and aligned_alloc with alignment 48 (rounded up to
   64, as glibc 2.36 does).  The program checks each answer. */
#include <errno.h>
#include <malloc.h>
#include <stdint.h>
#include <stdlib.h>
void* keep[2];
int main(void)
{
   int bad = 0;
   void* p = NULL;
   volatile size_t huge = (size_t)-1 / 2;
   errno = 0;
   bad |= calloc(huge, 4) != NULL || errno != ENOMEM;
   bad |= posix_memalign(&p, 24, 10) != EINVAL;
   keep[0] = memalign(48, 100);
   bad |= keep[0] == NULL || (uintptr_t)keep[0] % 64 != 0;
   keep[1] = aligned_alloc(48, 96);
   bad |= keep[1] == NULL || (uintptr_t)keep[1] % 64 != 0;
   return bad;
}
