/* Three threads, each leaking a known size: "tokio-runtime-w" 1111
   bytes, "rayon-1" 2222 bytes, unnamed 3333 bytes (in 3 blocks of
   1111).  Each sets its own name, as Rust's std does. */
#include <pthread.h>
#include <stdlib.h>
#include <sys/prctl.h>
void* keep[8];
__attribute__((noinline)) void* tokio_like(void* a)
{
   prctl(PR_SET_NAME, "tokio-runtime-w");
   keep[0] = malloc(1111);
   return NULL;
}
__attribute__((noinline)) void* rayon_like(void* a)
{
   prctl(PR_SET_NAME, "rayon-1");
   keep[1] = malloc(2222);
   return NULL;
}
__attribute__((noinline)) void* unnamed(void* a)
{
   for (int i = 0; i < 3; i++)
      keep[2 + i] = malloc(1111);
   return NULL;
}
int main(void)
{
   pthread_t t[3];
   pthread_create(&t[0], NULL, tokio_like, NULL);
   pthread_join(t[0], NULL);
   pthread_create(&t[1], NULL, rayon_like, NULL);
   pthread_join(t[1], NULL);
   pthread_create(&t[2], NULL, unnamed, NULL);
   pthread_join(t[2], NULL);
   return 0;
}
