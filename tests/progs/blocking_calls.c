/* blocking_calls: known time in syscalls that may block, futexes aside
 * (tests/tool_syscalls.test).  main reads a pipe that a second thread
 * writes to after sleeping 200 ms (main: io, about 200 ms, in one read;
 * the writer: sleep 200 ms in one nanosleep, then io in one write);
 * then main polls a pipe nobody writes to for 150 ms (poll, one call)
 * and sleeps 100 ms (sleep, one call), and at last spins 40 million
 * rounds of a loop: running, not waiting.
 * Copyright (C) 2026 the asynctrace authors.  GPL-2.0-or-later. */
#include <poll.h>
#include <pthread.h>
#include <time.h>
#include <unistd.h>

static int fds[2], quiet[2];

static void nap(long ms)
{
   struct timespec ts = { ms / 1000, (ms % 1000) * 1000000L };
   nanosleep(&ts, NULL);
}

static void *writer(void *arg)
{
   (void)arg;
   nap(200);
   if (write(fds[1], "x", 1) != 1)
      return (void *)1;
   return NULL;
}

int main(void)
{
   pthread_t t;
   char c;
   struct pollfd p;
   if (pipe(fds) != 0 || pipe(quiet) != 0)
      return 1;
   pthread_create(&t, NULL, writer, NULL);
   if (read(fds[0], &c, 1) != 1)
      return 1;
   pthread_join(t, NULL);
   p.fd = quiet[0];
   p.events = POLLIN;
   if (poll(&p, 1, 150) != 0)
      return 1;
   nap(100);
   for (volatile unsigned long i = 0; i < 40000000UL; i++)
      ;
   return 0;
}
