/* A pool of 3 workers (pool_worker) that exit; 3 replacements are then
   started from the same place, one at a time as each old one is reaped:
   6 created, at most 3 alive at once, churn 3, all ended. */
#include <pthread.h>
#include <stdlib.h>
#include <unistd.h>
__attribute__((noinline)) void* pool_worker(void* a)
{
   free(malloc(64));
   usleep(20 * 1000);
   return NULL;
}
__attribute__((noinline)) void spawn(pthread_t* t)
{
   pthread_create(t, NULL, pool_worker, NULL);
}
int main(void)
{
   pthread_t t[3];
   for (int i = 0; i < 3; i++) spawn(&t[i]);
   for (int i = 0; i < 3; i++) {
      pthread_join(t[i], NULL);
      spawn(&t[i]);
   }
   for (int i = 0; i < 3; i++) pthread_join(t[i], NULL);
   return 0;
}
