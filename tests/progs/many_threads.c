/* many_threads N: starts N threads that all wait until the last one is
   up, then lets them go and joins them; each allocates 16 bytes it keeps
   until the end.  With N at or above Valgrind's --max-threads the core
   runs out of thread slots.
   Copyright (C) 2026 the asynctrace authors.  GPL-2.0-or-later. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t  all_up = PTHREAD_COND_INITIALIZER;
static int up, n;
static void* kept[4096];

static void* worker(void* a)
{
   long i = (long)a;
   kept[i] = malloc(16);
   pthread_mutex_lock(&lock);
   if (++up == n)
      pthread_cond_broadcast(&all_up);
   while (up < n)
      pthread_cond_wait(&all_up, &lock);
   pthread_mutex_unlock(&lock);
   return NULL;
}

int main(int argc, char** argv)
{
   pthread_t t[4096];
   long i;
   n = argc > 1 ? atoi(argv[1]) : 4;
   if (n < 1 || n > 4096)
      return 2;
   for (i = 0; i < n; i++)
      pthread_create(&t[i], NULL, worker, (void*)i);
   for (i = 0; i < n; i++)
      pthread_join(t[i], NULL);
   printf("%d threads\n", n);
   return 0;
}
