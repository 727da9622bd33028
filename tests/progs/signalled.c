/* Leaks 1234 bytes, starts a thread that leaks 4321 bytes and blocks in
   a condvar wait, then either kills itself (argv[1] = "TERM", "INT",
   "SEGV") or, with "wait", writes argv[2] as a ready file and sleeps
   until a signal from outside ends it. */
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
void* keep[2];
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t  c = PTHREAD_COND_INITIALIZER;
static pthread_cond_t  forever = PTHREAD_COND_INITIALIZER;
static int ready;
__attribute__((noinline)) void* blocker(void* a)
{
   keep[1] = malloc(4321);
   pthread_mutex_lock(&m);
   ready = 1;
   pthread_cond_signal(&c);
   /* Blocks in a futex wait that never ends. */
   for (;;) pthread_cond_wait(&forever, &m);
}
int main(int argc, char** argv)
{
   pthread_t t;
   keep[0] = malloc(1234);
   pthread_create(&t, NULL, blocker, NULL);
   pthread_mutex_lock(&m);
   while (!ready) pthread_cond_wait(&c, &m);
   pthread_mutex_unlock(&m);
   usleep(100 * 1000);   /* let the blocker get into its wait */
   if (argc < 2) return 1;
   if (strcmp(argv[1], "TERM") == 0) kill(getpid(), SIGTERM);
   if (strcmp(argv[1], "INT") == 0) kill(getpid(), SIGINT);
   if (strcmp(argv[1], "SEGV") == 0) {
      volatile int* volatile bad = (int*)8;
      *bad = 1;
   }
   if (strcmp(argv[1], "wait") == 0 && argc > 2) {
      /* A shell starts background jobs with SIGINT ignored; a program
         run from a terminal has the default action, as here. */
      signal(SIGINT, SIG_DFL);
      FILE* f = fopen(argv[2], "w");
      if (f) fclose(f);
   }
   for (;;) pause();
}
