/* A thread allocates 4096 bytes in 2 blocks and exits; its blocks stay
   live after it ends (orphans).  The main thread then frees nothing. */
#include <pthread.h>
#include <stdlib.h>
void* keep[2];
__attribute__((noinline)) void* worker(void* a)
{
   keep[0] = malloc(2048);
   keep[1] = malloc(2048);
   return NULL;
}
int main(void)
{
   pthread_t t;
   pthread_create(&t, NULL, worker, NULL);
   pthread_join(t, NULL);
   return 0;
}
