/* Raw futex calls with known outcomes, from main (thread 1):
   - 4 FUTEX_WAIT|PRIVATE with a 20 ms timeout on a word nobody wakes:
     4 ETIMEDOUT (timed_wait);
   - 3 FUTEX_WAIT_BITSET|PRIVATE expecting a value the word does not
     hold: 3 EAGAIN (stale_wait);
   - 2 FUTEX_WAIT|PRIVATE released by thread 2's FUTEX_WAKE: 2 woken
     (woken_wait), thread 2 waking thread 1 twice.
   Thread 2 waits for main to be asleep with a poll on the word's
   "sleeping" flag, then wakes it. */
#include <linux/futex.h>
#include <pthread.h>
#include <stdint.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

static uint32_t quiet, stale = 7, gate;
static volatile int rounds_done;

/* A macro, so that each wait's site is the function that waits. */
#define futex(a, op, v, ts) \
   syscall(SYS_futex, (a), (op), (v), (ts), NULL, FUTEX_BITSET_MATCH_ANY)

__attribute__((noinline)) void timed_wait(void)
{
   struct timespec ts = { 0, 20 * 1000 * 1000 };
   futex(&quiet, FUTEX_WAIT_PRIVATE, 0, &ts);
}

__attribute__((noinline)) void stale_wait(void)
{
   futex(&stale, FUTEX_WAIT_BITSET_PRIVATE, 3, NULL);
}

__attribute__((noinline)) void woken_wait(void)
{
   while (__atomic_load_n(&gate, __ATOMIC_SEQ_CST) == 0)
      futex(&gate, FUTEX_WAIT_PRIVATE, 0, NULL);
}

__attribute__((noinline)) void* waker(void* a)
{
   for (int r = 0; r < 2; r++) {
      /* Let main get into the wait (Valgrind runs one thread at a time:
         a sleep hands over the lock). */
      while (rounds_done != r)
         usleep(1000);
      usleep(50 * 1000);
      __atomic_store_n(&gate, 1, __ATOMIC_SEQ_CST);
      while (futex(&gate, FUTEX_WAKE_PRIVATE, 1, NULL) != 1)
         usleep(1000);
      while (rounds_done == r)
         usleep(1000);
   }
   return NULL;
}

int main(void)
{
   pthread_t t;
   for (int i = 0; i < 4; i++) timed_wait();
   for (int i = 0; i < 3; i++) stale_wait();
   pthread_create(&t, NULL, waker, NULL);
   for (int r = 0; r < 2; r++) {
      woken_wait();
      __atomic_store_n(&gate, 0, __ATOMIC_SEQ_CST);
      rounds_done = r + 1;
   }
   pthread_join(t, NULL);
   return 0;
}
