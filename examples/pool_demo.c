/* pool_demo: a small stand-in for an async service, bundled so that the
   README's first command has something to show.  Four worker threads
   named as Tokio names its workers take jobs from a queue; each job
   allocates a buffer and frees it, but one job in 50 "forgets" its
   buffer in a session cache that nobody frees.  The main thread keeps a
   config table.  Copyright (C) 2026 the asynctrace authors.
   GPL-2.0-or-later. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <unistd.h>

#define WORKERS 4
#define JOBS    1000

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t  more = PTHREAD_COND_INITIALIZER;
static int next_job, done;
static void* session_cache[JOBS];

__attribute__((noinline)) static void handle_job(int job)
{
   size_t n = 256 + (size_t)(job % 7) * 64;
   char* buf = malloc(n);
   memset(buf, job & 0xff, n);
   if (job % 50 == 0)
      session_cache[job] = buf;   /* kept forever: the "leak" */
   else
      free(buf);
}

static void* worker(void* arg)
{
   prctl(PR_SET_NAME, "tokio-runtime-w");
   for (;;) {
      pthread_mutex_lock(&lock);
      while (next_job >= JOBS && !done)
         pthread_cond_wait(&more, &lock);
      if (next_job >= JOBS) {
         pthread_mutex_unlock(&lock);
         return NULL;
      }
      int job = next_job++;
      pthread_mutex_unlock(&lock);
      handle_job(job);
      if (job % 10 == 0)
         usleep(200);   /* an I/O wait: lets the other workers in */
   }
}

int main(void)
{
   pthread_t t[WORKERS];
   char** config = calloc(16, sizeof(char*));
   for (int i = 0; i < 16; i++)
      config[i] = strdup("setting");
   for (int i = 0; i < WORKERS; i++)
      pthread_create(&t[i], NULL, worker, NULL);
   pthread_mutex_lock(&lock);
   done = 1;
   pthread_cond_broadcast(&more);
   pthread_mutex_unlock(&lock);
   for (int i = 0; i < WORKERS; i++)
      pthread_join(t[i], NULL);
   printf("pool_demo: %d jobs done by %d workers\n", JOBS, WORKERS);
   return 0;
}
