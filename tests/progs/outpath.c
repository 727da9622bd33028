/* For the tests of where the report goes (tests/tool_out_path.test).
     outpath snaps N        N rounds, each keeps a 1000 byte block and
                            asks a snapshot (ASYNCTRACE_SNAPSHOT); exits 0
                            with N x 1000 bytes live
     outpath blocktemp FILE two snapshots, then makes a folder where the
                            report's temporary file FILE.tmp.PID goes, so
                            that the report at the end cannot be written
                            beside FILE; exits 0
     outpath fill FILE END  two snapshots, then fills the file system
                            that holds FILE (FILE.fill, written until it
                            is full), keeps a third block; END: a number,
                            the exit status, or "term", killed by SIGTERM
     outpath roles N        N roles (ASYNCTRACE_SET_ROLE "r1".."rN" on the
                            main thread), role ri keeping i blocks of 100
                            bytes; then main's role again and a snapshot
     outpath idle READY     bursts of allocations and frees from two
                            threads in turn, BURSTS each, 2 ms apart, each
                            burst keeping 2 blocks of 1000 bytes at
                            keep_site, every thread blocked between them
                            (so that each ends in a "blocked" snapshot,
                            spending its write budget); then main frees
                            300 of the 800 (500 kept: 500000 bytes) in 20
                            steps, each ended by a 1 us sleep (every
                            thread blocked, the state changed: the budget
                            surely spent at the end), writes the file READY and every thread blocks
                            forever: the worker in a condvar wait, main
                            in a join
     outpath idle READY exit   the same, but main, instead of its join,
                            sleeps 1 ms and exits (status 0) while the
                            worker waits
   Copyright (C) 2026 the asynctrace authors.  GPL-2.0-or-later. */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#include "asynctrace.h"

#define BURSTS 200

static void* kept[4 * BURSTS];
static int   nkept;

__attribute__((noinline)) static void keep_site(void)
{
   kept[nkept++] = malloc(1000);
}

static void* hundreds[100000];
static int   nhundreds;

__attribute__((noinline)) static void hundred_site(void)
{
   if (nhundreds < 100000)
      hundreds[nhundreds++] = malloc(100);
}

/* A burst: 200 blocks made and freed, 2 kept. */
static void burst(void)
{
   void* tmp[200];
   int i;
   for (i = 0; i < 200; i++)
      tmp[i] = malloc(64 + i);
   for (i = 0; i < 200; i++)
      free(tmp[i]);
   keep_site();
   keep_site();
}

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t  cond = PTHREAD_COND_INITIALIZER;
static int bursts_done;

static void* worker(void* arg)
{
   int i;
   (void)arg;
   for (i = 0; i < BURSTS; i++) {
      pthread_mutex_lock(&lock);
      burst();
      bursts_done++;
      pthread_cond_broadcast(&cond);
      pthread_mutex_unlock(&lock);
      usleep(2 * 1000);
   }
   pthread_mutex_lock(&lock);
   for (;;)                        /* never signalled again */
      pthread_cond_wait(&cond, &lock);
   return NULL;
}

int main(int argc, char** argv)
{
   const char* mode = argc > 1 ? argv[1] : "";
   if (strcmp(mode, "snaps") == 0 && argc > 2) {
      int i, n = atoi(argv[2]);
      for (i = 0; i < n; i++) {
         keep_site();
         ASYNCTRACE_SNAPSHOT("round");
      }
      return 0;
   }
   if (strcmp(mode, "roles") == 0 && argc > 2) {
      int i, k, n = atoi(argv[2]);
      char role[32];
      for (i = 1; i <= n; i++) {
         snprintf(role, sizeof(role), "r%d", i);
         ASYNCTRACE_SET_ROLE(role);
         for (k = 0; k < i; k++)
            hundred_site();
      }
      ASYNCTRACE_SET_ROLE("main");
      ASYNCTRACE_SNAPSHOT("roles");
      return 0;
   }
   if (strcmp(mode, "blocktemp") == 0 && argc > 2) {
      char tmp[4096];
      keep_site();
      ASYNCTRACE_SNAPSHOT("one");
      keep_site();
      ASYNCTRACE_SNAPSHOT("two");
      snprintf(tmp, sizeof(tmp), "%s.tmp.%d", argv[2], (int)getpid());
      if (mkdir(tmp, 0755) != 0)
         perror("mkdir");
      keep_site();
      return 0;
   }
   if (strcmp(mode, "fill") == 0 && argc > 3) {
      static char page[4096];
      char fill[4096];
      int fd;
      keep_site();
      ASYNCTRACE_SNAPSHOT("one");
      keep_site();
      ASYNCTRACE_SNAPSHOT("two");
      snprintf(fill, sizeof(fill), "%s.fill", argv[2]);
      fd = open(fill, O_WRONLY | O_CREAT | O_TRUNC, 0644);
      if (fd < 0) {
         perror(fill);
         return 2;
      }
      memset(page, 'f', sizeof(page));
      while (write(fd, page, sizeof(page)) > 0)
         ;
      while (write(fd, page, 1) > 0)   /* the last page's bytes */
         ;
      if (errno != ENOSPC)
         perror("fill");
      close(fd);
      keep_site();
      if (strcmp(argv[3], "term") == 0)
         raise(SIGTERM);
      return atoi(argv[3]);
   }
   if (strcmp(mode, "idle") == 0 && argc > 2) {
      pthread_t t;
      int i;
      FILE* f;
      pthread_create(&t, NULL, worker, NULL);
      /* main's bursts, in step with the worker's */
      for (i = 0; i < BURSTS; i++) {
         pthread_mutex_lock(&lock);
         while (bursts_done <= i)
            pthread_cond_wait(&cond, &lock);
         burst();
         pthread_mutex_unlock(&lock);
      }
      pthread_mutex_lock(&lock);
      for (i = 0; i < 20; i++) {
         struct timespec ts = { 0, 1000 };
         int k;
         for (k = 0; k < 15; k++)
            free(kept[--nkept]);
         nanosleep(&ts, NULL);
      }
      pthread_mutex_unlock(&lock);
      f = fopen(argv[2], "w");
      if (f)
         fclose(f);
      if (argc > 3 && strcmp(argv[3], "exit") == 0) {
         usleep(1000);
         return 0;
      }
      pthread_join(t, NULL);       /* forever */
      return 0;
   }
   fprintf(stderr, "usage: outpath snaps N | roles N | blocktemp FILE | fill FILE END | idle READY\n");
   return 2;
}
