/* Leaks owned by threads of different roles (given by --role= rules on
   the functions they run): executor_loop leaks 1000 bytes, blocking_job
   2000, main 3000, all definitely lost.  cache_thread keeps 4096 bytes
   in 2 blocks in a global and ends: orphans, still reachable. */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include "clean_stack.h"

void* cache[2];

__attribute__((noinline)) void lose(size_t n)
{
   volatile char* p = malloc(n);
   p[0] = 1;
   p = 0;
   CLEAR_SCRATCH();
}

__attribute__((noinline)) void executor_loop(void) { lose(1000); scrub(); }
__attribute__((noinline)) void blocking_job(void) { lose(2000); scrub(); }
__attribute__((noinline)) void fill_cache(void)
{
   cache[0] = malloc(2048);
   cache[1] = malloc(2048);
}

static void* executor_thread(void* a) { executor_loop(); CLEAR_SCRATCH(); return NULL; }
static void* blocking_thread(void* a) { blocking_job(); CLEAR_SCRATCH(); return NULL; }
static void* cache_thread(void* a)    { fill_cache(); return NULL; }

int main(void)
{
   pthread_t t[3];
   pthread_create(&t[0], NULL, executor_thread, NULL);
   pthread_join(t[0], NULL);
   pthread_create(&t[1], NULL, blocking_thread, NULL);
   pthread_join(t[1], NULL);
   pthread_create(&t[2], NULL, cache_thread, NULL);
   pthread_join(t[2], NULL);
   lose(3000);
   scrub();
   CLEAR_SCRATCH();
   return 0;
}
