/* Condition waits that are neither condvars nor channels: 3 threads meet
   at a pthread barrier (the first 2 to arrive wait for the third, which
   comes 200 ms later), and 2 threads call pthread_once while a third is
   still in the once routine (200 ms): each waits once.  So 4 condition
   waits, 2 in pthread_barrier_wait and 2 in pthread_once.  For
   tests/tool_barrier_once.test. */
#include <pthread.h>
#include <unistd.h>

static pthread_barrier_t bar;
static pthread_once_t once = PTHREAD_ONCE_INIT;

static void slow_init(void)
{
   usleep(200000);
}

__attribute__((noinline)) static void* at_barrier(void* arg)
{
   if ((long)arg == 2)
      usleep(200000);          /* the last to arrive */
   pthread_barrier_wait(&bar);
   return NULL;
}

__attribute__((noinline)) static void* at_once(void* arg)
{
   if ((long)arg != 0)
      usleep(50000);           /* the first is in slow_init by now */
   pthread_once(&once, slow_init);
   return NULL;
}

int main(void)
{
   pthread_t t[3];
   long i;
   pthread_barrier_init(&bar, NULL, 3);
   for (i = 0; i < 3; i++)
      pthread_create(&t[i], NULL, at_barrier, (void*)i);
   for (i = 0; i < 3; i++)
      pthread_join(t[i], NULL);
   for (i = 0; i < 3; i++)
      pthread_create(&t[i], NULL, at_once, (void*)i);
   for (i = 0; i < 3; i++)
      pthread_join(t[i], NULL);
   return 0;
}
