/* A thread name holding the characters XML reserves, and one that is
   not valid UTF-8 nor printable, and one with a backslash. */
#include <pthread.h>
#include <stdlib.h>
#include <sys/prctl.h>
void* keep;
__attribute__((noinline)) void* worker(void* a)
{
   prctl(PR_SET_NAME, "a<&\">'b");
   keep = malloc(42);
   prctl(PR_SET_NAME, "x\x01\xff\xfey");
   prctl(PR_SET_NAME, "b\\x41");
   return NULL;
}
int main(void)
{
   pthread_t t;
   pthread_create(&t, NULL, worker, NULL);
   pthread_join(t, NULL);
   return 0;
}
