/* Roles from the functions a thread runs (--role= rules).  Thread 2
   allocates 200 bytes before executor_loop, 100 inside it (twice
   nested: executor_loop -> poll_task), 300 after it returns.  Thread 3
   runs db_flush, allocating 400 bytes inside.  Main allocates 50. */
#include <pthread.h>
#include <stdlib.h>
void* keep[8];
__attribute__((noinline)) void poll_task(void) { keep[1] = malloc(100); }
__attribute__((noinline)) void executor_loop(void)
{
   poll_task();
   __asm__ volatile("" ::: "memory");
}
__attribute__((noinline)) void* executor_thread(void* a)
{
   keep[0] = malloc(200);
   executor_loop();
   keep[2] = malloc(300);
   return NULL;
}
__attribute__((noinline)) void db_flush(void) { keep[3] = malloc(400); }
__attribute__((noinline)) void* db_thread(void* a)
{
   db_flush();
   return NULL;
}
int main(void)
{
   pthread_t t1, t2;
   keep[4] = malloc(50);
   pthread_create(&t1, NULL, executor_thread, NULL);
   pthread_join(t1, NULL);
   pthread_create(&t2, NULL, db_thread, NULL);
   pthread_join(t2, NULL);
   return 0;
}
