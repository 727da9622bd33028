#define _GNU_SOURCE
/* Threads of role other that share names, as a C program's pools name
   them: 3 named "worker" and 2 named "io" each leak 100 bytes at one
   site (the workers also keep 200 reachable each, at another); 2 more
   "worker"s and one unnamed thread allocate and free.  at_print groups
   the other threads by name, and must print the same whether it reads
   the report from a file or from a pipe. */
#include <pthread.h>
#include <stdlib.h>
#include "clean_stack.h"

static void* kept[8];

__attribute__((noinline)) static void* pooled(void* arg)
{
   long i = (long)arg;
   void* p;
   pthread_setname_np(pthread_self(), i < 3 || i >= 5 ? "worker" : "io");
   if (i < 5) {
      p = malloc(100);
      p = NULL;            /* lost: the only pointer is gone */
      (void)p;
   } else {
      free(malloc(400));
   }
   if (i < 3)
      kept[i] = malloc(200);
   scrub();
   CLEAR_SCRATCH();
   return NULL;
}

__attribute__((noinline)) static void* plain(void* arg)
{
   (void)arg;
   free(malloc(50));
   return NULL;
}

int main(void)
{
   pthread_t t[8];
   long i;
   for (i = 0; i < 7; i++)
      pthread_create(&t[i], NULL, pooled, (void*)i);
   pthread_create(&t[7], NULL, plain, NULL);
   for (i = 0; i < 8; i++)
      pthread_join(t[i], NULL);
   return 0;
}
