/* Futex waits of every class but idle, each a known number of times:
   - lock: main holds a mutex while 2 threads block on it (2 waits), and
     a write lock of a process-shared rwlock while 1 reader blocks (1);
   - condition: main waits 4 times on a condvar that a helper signals
     once main is asleep (4);
   - sleep: main waits 2 times 30 ms on a condvar nobody signals (2);
   - join: main joins 3 threads, one after the other, each still
     sleeping when it is joined (3), and waits once for a thread it
     made with a raw clone() to exit, with a raw futex wait on the
     clone's clear-tid word: no frame says join, the word does (1);
   - other: main waits once on a raw futex word that no longer holds
     the value it expects (1, EAGAIN).
   The lock and condvar helpers are detached and report their end
   through a counter: joining them could wait or not.
   With the argument "monitor" it also asks the tool's monitor command
   "waits 20" (VALGRIND_MONITOR_COMMAND) twice: from the raw clone while
   main waits for its exit (a wait in progress whose class the word
   decides), and at the end (every site finished). */
#define _GNU_SOURCE
#include <linux/futex.h>
#include <pthread.h>
#include <sched.h>
#include <stdlib.h>
#include <time.h>
#include <stdint.h>
#include <sys/syscall.h>
#include <unistd.h>
#include <string.h>
#include <valgrind/valgrind.h>

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_rwlock_t rw;
static pthread_mutex_t cm = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t  cv = PTHREAD_COND_INITIALIZER;
static pthread_mutex_t qm = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t  quiet = PTHREAD_COND_INITIALIZER;
static int ready, waiting, done, monitor;
static uint32_t stale = 5;

static int get(int* p) { return __atomic_load_n(p, __ATOMIC_SEQ_CST); }
static void put(int* p, int v) { __atomic_store_n(p, v, __ATOMIC_SEQ_CST); }

static void detach(void* (*f)(void*))
{
   pthread_t t;
   pthread_create(&t, NULL, f, NULL);
   pthread_detach(t);
}

__attribute__((noinline)) void* take_lock(void* a)
{
   pthread_mutex_lock(&lock);
   pthread_mutex_unlock(&lock);
   __atomic_add_fetch(&done, 1, __ATOMIC_SEQ_CST);
   return NULL;
}

__attribute__((noinline)) void* take_read_lock(void* a)
{
   pthread_rwlock_rdlock(&rw);
   pthread_rwlock_unlock(&rw);
   __atomic_add_fetch(&done, 1, __ATOMIC_SEQ_CST);
   return NULL;
}

__attribute__((noinline)) void* signaller(void* a)
{
   for (int i = 0; i < 4; i++) {
      while (!get(&waiting))
         usleep(1000);
      usleep(50 * 1000);           /* main is asleep in the wait by now */
      pthread_mutex_lock(&cm);
      put(&waiting, 0);
      ready = 1;
      pthread_mutex_unlock(&cm);
      pthread_cond_signal(&cv);    /* after the unlock: main wakes to a
                                      free mutex */
   }
   __atomic_add_fetch(&done, 1, __ATOMIC_SEQ_CST);
   return NULL;
}

__attribute__((noinline)) void* sleeper(void* a)
{
   usleep(200 * 1000);
   return NULL;
}

__attribute__((noinline)) void locks(void)
{
   pthread_rwlockattr_t ra;
   pthread_rwlockattr_init(&ra);
   pthread_rwlockattr_setpshared(&ra, PTHREAD_PROCESS_SHARED);
   pthread_rwlock_init(&rw, &ra);
   pthread_mutex_lock(&lock);
   pthread_rwlock_wrlock(&rw);
   detach(take_lock);
   detach(take_lock);
   detach(take_read_lock);
   usleep(300 * 1000);             /* all 3 blocked */
   pthread_mutex_unlock(&lock);
   pthread_rwlock_unlock(&rw);
   while (get(&done) != 3)
      usleep(1000);
}

__attribute__((noinline)) void wait_signal(void)
{
   pthread_mutex_lock(&cm);
   put(&waiting, 1);
   while (!ready)
      pthread_cond_wait(&cv, &cm);
   ready = 0;
   pthread_mutex_unlock(&cm);
}

__attribute__((noinline)) void nap(void)
{
   struct timespec ts;
   clock_gettime(CLOCK_REALTIME, &ts);
   ts.tv_nsec += 30 * 1000 * 1000;
   if (ts.tv_nsec >= 1000000000) { ts.tv_sec++; ts.tv_nsec -= 1000000000; }
   pthread_mutex_lock(&qm);
   pthread_cond_timedwait(&quiet, &qm, &ts);
   pthread_mutex_unlock(&qm);
}

__attribute__((noinline)) void join_one(void)
{
   pthread_t t;
   pthread_create(&t, NULL, sleeper, NULL);
   pthread_join(t, NULL);
}

/* Runs on main's TLS: raw syscalls only. */
static int raw_sleeper(void* a)
{
   struct timespec ts = { 0, 200 * 1000 * 1000 };
   syscall(SYS_nanosleep, &ts, NULL);
   if (monitor)                    /* main is in its wait by now */
      VALGRIND_MONITOR_COMMAND("waits 20");
   return 0;
}

__attribute__((noinline)) void wait_exit(void)
{
   static volatile pid_t ctid;
   size_t size = 256 * 1024;
   char*  stack = malloc(size);
   pid_t  v;
   clone(raw_sleeper, stack + size,
         CLONE_VM | CLONE_FS | CLONE_FILES | CLONE_SIGHAND | CLONE_THREAD
         | CLONE_SYSVSEM | CLONE_PARENT_SETTID | CLONE_CHILD_CLEARTID,
         NULL, &ctid, NULL, &ctid);
   while ((v = ctid) != 0)
      syscall(SYS_futex, &ctid, FUTEX_WAIT, v, NULL, NULL, 0);
   free(stack);
}

__attribute__((noinline)) void stale_wait(void)
{
   syscall(SYS_futex, &stale, FUTEX_WAIT_PRIVATE, 3, NULL, NULL, 0);
}

int main(int argc, char** argv)
{
   monitor = argc > 1 && strcmp(argv[1], "monitor") == 0;
   locks();
   detach(signaller);
   for (int i = 0; i < 4; i++)
      wait_signal();
   while (get(&done) != 4)
      usleep(1000);
   for (int i = 0; i < 2; i++)
      nap();
   for (int i = 0; i < 3; i++)
      join_one();
   wait_exit();
   stale_wait();
   if (monitor)
      VALGRIND_MONITOR_COMMAND("waits 20");
   return 0;
}
