/* A producer thread (produce) allocates 100 blocks of 32 bytes; a
   consumer thread (consume) frees them all: 100 frees, 3200 bytes,
   allocated in one role and freed in another.  Main frees one block of
   its own (10 bytes): not across roles. */
#include <pthread.h>
#include <stdlib.h>
#define N 100
static void* queue[N];
__attribute__((noinline)) void produce(void)
{
   for (int i = 0; i < N; i++) queue[i] = malloc(32);
}
__attribute__((noinline)) void consume(void)
{
   for (int i = 0; i < N; i++) free(queue[i]);
}
static void* producer(void* a) { produce(); return NULL; }
static void* consumer(void* a) { consume(); return NULL; }
int main(void)
{
   pthread_t p, c;
   free(malloc(10));
   pthread_create(&p, NULL, producer, NULL);
   pthread_join(p, NULL);
   pthread_create(&c, NULL, consumer, NULL);
   pthread_join(c, NULL);
   return 0;
}
