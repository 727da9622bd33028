/* Known work for the CPU profile (--cpu-sample): work_a and work_b are
   fixed loops; a second thread runs work_a 20 times on 100,000 and
   work_b 20 times on 300,000, main runs work_a 10 times on 200,000.
   So main's work_a and the thread's are the same instructions, and each
   function's total is what callgrind counts for it.
   Copyright (C) 2026 the asynctrace authors.  GPL-2.0-or-later. */
#include <pthread.h>

static volatile unsigned long sink;

__attribute__((noinline)) static void work_a(unsigned long n)
{
   unsigned long s = 0;
   for (unsigned long i = 0; i < n; i++)
      s += i * 7;
   sink = s;
}

__attribute__((noinline)) static void work_b(unsigned long n)
{
   unsigned long s = 0;
   for (unsigned long i = 0; i < n; i++)
      s ^= i + 3;
   sink = s;
}

static void *worker(void *arg)
{
   for (int k = 0; k < 20; k++) {
      work_a(100000);
      work_b(300000);
   }
   return arg;
}

int main(void)
{
   pthread_t t;
   pthread_create(&t, NULL, worker, NULL);
   for (int k = 0; k < 10; k++)
      work_a(200000);
   pthread_join(t, NULL);
   return 0;
}
