/* A small service for snapshot tests.  Each round it allocates a 4096
   byte block at steady_site, kept in a ring of 8 (so 8 blocks, 32768
   bytes, live from round 8 on), and a 100 byte block at grow_site, kept
   on a list forever (live bytes grow by 100 a round); during the first
   WARMUP rounds warm_site also keeps 1000 bytes a round, and then the
   program marks a phase, "warm-up done".
     snapshots run [READY]   rounds every 10 ms until killed; writes the
                             file READY after round 20
     snapshots requests      40 rounds, ASYNCTRACE_SNAPSHOT("r20") after
                             round 20 and ("r40") after round 40
     snapshots peak          a 1 MB block for the first 30 rounds, then
                             200 rounds at 5 ms
     snapshots grow          30 rounds at 20 ms, ASYNCTRACE_SNAPSHOT after
                             every second round (15 snapshots)
     snapshots blocked READY two threads, then every thread blocks in a
                             futex wait (a join, a condvar) forever
     snapshots idle READY    two threads, 20 rounds, 300 ms asleep, then
                             writes READY, 10 more grow_site blocks with
                             no syscall, and every thread blocks: the
                             waiter in a condvar, main in a 2 s sleep */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "asynctrace.h"

#define WARMUP 10

struct node { struct node* next; };
static struct node* list;
static void* ring[8];
static void* warm[WARMUP];
static void* big;

__attribute__((noinline)) static void steady_site(int round)
{
   free(ring[round % 8]);
   ring[round % 8] = malloc(4096);
}

__attribute__((noinline)) static void grow_site(void)
{
   struct node* n = malloc(100);
   n->next = list;
   list = n;
}

__attribute__((noinline)) static void warm_site(int round)
{
   warm[round] = malloc(1000);
}

static void one_round(int round)
{
   steady_site(round);
   grow_site();
   if (round < WARMUP) {
      warm_site(round);
      if (round == WARMUP - 1)
         ASYNCTRACE_PHASE("warm-up done");
   }
}

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t  never = PTHREAD_COND_INITIALIZER;

static void* waiter(void* a)
{
   void* p = malloc(777);
   pthread_mutex_lock(&m);
   for (;;) pthread_cond_wait(&never, &m);
   return p;
}

static void touch(const char* f)
{
   FILE* fp = fopen(f, "w");
   if (fp) fclose(fp);
}

int main(int argc, char** argv)
{
   int round;
   const char* mode = argc > 1 ? argv[1] : "run";
   if (strcmp(mode, "requests") == 0) {
      for (round = 0; round < 40; round++) {
         one_round(round);
         if (round == 19) ASYNCTRACE_SNAPSHOT("r20");
      }
      ASYNCTRACE_SNAPSHOT("r40");
      return 0;
   }
   if (strcmp(mode, "grow") == 0) {
      for (round = 0; round < 30; round++) {
         one_round(round);
         usleep(20 * 1000);
         if (round % 2 == 1) ASYNCTRACE_SNAPSHOT(NULL);
      }
      return 0;
   }
   if (strcmp(mode, "peak") == 0) {
      big = malloc(1000000);
      for (round = 0; round < 230; round++) {
         one_round(round);
         if (round == 29) { free(big); big = NULL; }
         usleep(5000);
      }
      return 0;
   }
   if (strcmp(mode, "blocked") == 0) {
      pthread_t t;
      pthread_create(&t, NULL, waiter, NULL);
      for (round = 0; round < 20; round++)
         one_round(round);
      usleep(100 * 1000);
      if (argc > 2) touch(argv[2]);
      pthread_join(t, NULL);   /* forever: the waiter never returns */
      return 0;
   }
   if (strcmp(mode, "idle") == 0) {
      pthread_t t;
      int i;
      pthread_create(&t, NULL, waiter, NULL);
      for (round = 0; round < 20; round++)
         one_round(round);
      usleep(300 * 1000);
      if (argc > 2) touch(argv[2]);
      for (i = 0; i < 10; i++)
         grow_site();
      sleep(2);
      return 0;
   }
   for (round = 0; ; round++) {
      one_round(round);
      if (round == 20 && argc > 2) touch(argv[2]);
      usleep(10 * 1000);
   }
}
