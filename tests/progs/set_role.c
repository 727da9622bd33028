/* A thread tags itself with ASYNCTRACE_SET_ROLE and leaks 500 bytes;
   a later rename does not change the role. */
#include <pthread.h>
#include <stdlib.h>
#include <sys/prctl.h>
#include "asynctrace.h"
void* keep;
__attribute__((noinline)) void* writer(void* a)
{
   ASYNCTRACE_SET_ROLE("db-writer");
   prctl(PR_SET_NAME, "tokio-runtime-w");
   keep = malloc(500);
   return NULL;
}
int main(void)
{
   pthread_t t;
   pthread_create(&t, NULL, writer, NULL);
   pthread_join(t, NULL);
   return 0;
}
