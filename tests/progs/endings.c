/* The endings of issue 13 that tool_signals.test does not have, each
   with a worker thread blocked in a futex wait (a condvar nobody
   signals) and a block of 777 bytes it keeps:
     abort         main calls abort(): SIGABRT, as a Rust panic with
                   panic = "abort" ends
     thread-exit   the worker calls exit(3) while main is blocked in
                   pthread_join
     handler       SIGINT arrives, the program's own handler notes it
                   (as tokio's ctrl_c does) and main returns 0
     exit-blocked  main calls exit(5) while 2 threads are blocked in
                   futex waits
   "handler" prints "ready" once its handler is in place and waits. */
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t never = PTHREAD_COND_INITIALIZER;
static void* kept;
static volatile sig_atomic_t stop;

__attribute__((noinline)) static void* blocked(void* arg)
{
   (void)arg;
   kept = malloc(777);
   pthread_mutex_lock(&m);
   for (;;)
      pthread_cond_wait(&never, &m);
   return NULL;
}

__attribute__((noinline)) static void* exiter(void* arg)
{
   (void)arg;
   kept = malloc(777);
   usleep(200000);
   exit(3);
}

static void on_int(int sig)
{
   (void)sig;
   stop = 1;
}

int main(int argc, char** argv)
{
   pthread_t t, u;
   const char* mode = argc > 1 ? argv[1] : "";
   if (strcmp(mode, "thread-exit") == 0) {
      pthread_create(&t, NULL, exiter, NULL);
      pthread_join(t, NULL);
      return 0;
   }
   pthread_create(&t, NULL, blocked, NULL);
   usleep(200000);
   if (strcmp(mode, "abort") == 0)
      abort();
   if (strcmp(mode, "exit-blocked") == 0) {
      pthread_create(&u, NULL, blocked, NULL);
      usleep(200000);
      exit(5);
   }
   if (strcmp(mode, "handler") == 0) {
      struct sigaction sa;
      memset(&sa, 0, sizeof sa);
      sa.sa_handler = on_int;
      sigaction(SIGINT, &sa, NULL);
      printf("ready\n");
      fflush(stdout);
      while (!stop)
         pause();
      return 0;
   }
   return 1;
}
