/* Three threads take one pthread mutex 20 times each and hold it for
   2 ms: they wait for the lock in update_shared (contention). */
#include <pthread.h>
#include <unistd.h>
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static long shared;
__attribute__((noinline)) void update_shared(void)
{
   pthread_mutex_lock(&m);
   shared++;
   usleep(2000);
   pthread_mutex_unlock(&m);
}
__attribute__((noinline)) void* contender(void* a)
{
   for (int i = 0; i < 20; i++)
      update_shared();
   return NULL;
}
int main(void)
{
   pthread_t t[3];
   for (int i = 0; i < 3; i++) pthread_create(&t[i], NULL, contender, NULL);
   for (int i = 0; i < 3; i++) pthread_join(t[i], NULL);
   return shared == 60 ? 0 : 1;
}
