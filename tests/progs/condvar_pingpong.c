/* Two threads pass a ball 50 times each way through a condvar: each
   waits for its turn in wait_turn, and wakes the other. */
#include <pthread.h>
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t  c = PTHREAD_COND_INITIALIZER;
static int turn, passes;
__attribute__((noinline)) void wait_turn(int me)
{
   while (turn != me)
      pthread_cond_wait(&c, &m);
}
__attribute__((noinline)) void* player(void* a)
{
   int me = (int)(long)a;
   pthread_mutex_lock(&m);
   for (int i = 0; i < 50; i++) {
      wait_turn(me);
      turn = !me;
      passes++;
      pthread_cond_signal(&c);
   }
   pthread_mutex_unlock(&m);
   return NULL;
}
int main(void)
{
   pthread_t a, b;
   pthread_create(&a, NULL, player, (void*)0L);
   pthread_create(&b, NULL, player, (void*)1L);
   pthread_join(a, NULL);
   pthread_join(b, NULL);
   return passes == 100 ? 0 : 1;
}
