/* A stand-in for a Rust cdylib with Tokio in it (a Python extension,
   say), for tests/tool_stripped_so.test: a shared object whose few
   exported functions drive a runtime of its own, the rest internal.
   Like Tokio, its workers name themselves "tokio-rt-worker", and its
   read-only data holds Tokio 1.x's message for code run outside a
   runtime, used the way Tokio uses it (a panic: here a message and
   abort), so the string is in .rodata as in a real build.  Built with
   -fPIC -shared; the test strips a copy.
     rt_start(N)     N workers, each allocating a 512-byte block of state
                     it never frees (the runtime's, kept to exit)
     rt_spawn(F, A)  runs F(A) on a worker
     rt_shutdown()   waits for the jobs, stops and joins the workers
   Copyright (C) 2026 the asynctrace authors.  GPL-2.0-or-later. */
#define _GNU_SOURCE
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

static const char context_missing[] =
   "there is no reactor running, must be called from the context of a "
   "Tokio 1.x runtime";

#define MAX_WORKERS 8
#define QUEUE 64

typedef struct {
   void (*fn)(void*);
   void* arg;
} Job;

static struct {
   int             running;
   pthread_mutex_t lock;
   pthread_cond_t  more, done;
   Job             q[QUEUE];
   int             head, tail, busy;
   pthread_t       workers[MAX_WORKERS];
   int             nworkers;
   void*           state[MAX_WORKERS];
} rt = { 0, PTHREAD_MUTEX_INITIALIZER, PTHREAD_COND_INITIALIZER,
         PTHREAD_COND_INITIALIZER };

static void panic_outside_runtime(void)
{
   fprintf(stderr, "thread panicked: %s\n", context_missing);
   abort();
}

static int queue_pop(Job* j)
{
   while (rt.head == rt.tail && rt.running)
      pthread_cond_wait(&rt.more, &rt.lock);
   if (rt.head == rt.tail)
      return 0;
   *j = rt.q[rt.head % QUEUE];
   rt.head++;
   rt.busy++;
   return 1;
}

static void queue_push(Job j)
{
   while (rt.tail - rt.head == QUEUE)
      pthread_cond_wait(&rt.done, &rt.lock);
   rt.q[rt.tail % QUEUE] = j;
   rt.tail++;
   pthread_cond_signal(&rt.more);
}

static void* worker_main(void* arg)
{
   long i = (long)arg;
   Job  j;
   pthread_setname_np(pthread_self(), "tokio-rt-worker");
   rt.state[i] = malloc(512);
   pthread_mutex_lock(&rt.lock);
   while (queue_pop(&j)) {
      pthread_mutex_unlock(&rt.lock);
      j.fn(j.arg);
      pthread_mutex_lock(&rt.lock);
      rt.busy--;
      pthread_cond_broadcast(&rt.done);
   }
   pthread_mutex_unlock(&rt.lock);
   return NULL;
}

void rt_start(int n)
{
   long i;
   rt.running  = 1;
   rt.nworkers = n < MAX_WORKERS ? n : MAX_WORKERS;
   for (i = 0; i < rt.nworkers; i++)
      pthread_create(&rt.workers[i], NULL, worker_main, (void*)i);
}

void rt_spawn(void (*fn)(void*), void* arg)
{
   Job j = { fn, arg };
   if (!rt.running)
      panic_outside_runtime();
   pthread_mutex_lock(&rt.lock);
   queue_push(j);
   pthread_mutex_unlock(&rt.lock);
}

void rt_shutdown(void)
{
   int i;
   pthread_mutex_lock(&rt.lock);
   while (rt.head != rt.tail || rt.busy > 0)
      pthread_cond_wait(&rt.done, &rt.lock);
   rt.running = 0;
   pthread_cond_broadcast(&rt.more);
   pthread_mutex_unlock(&rt.lock);
   for (i = 0; i < rt.nworkers; i++)
      pthread_join(rt.workers[i], NULL);
}
