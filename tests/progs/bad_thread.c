/* Bad heap calls in a thread (tests/tool_errors.test): worker_fn, run
 * with --role=executor:worker_fn, frees one block twice, three times
 * from one line (one context, three errors) and once from another line
 * (a second context); main frees a stack address once. */
#include <pthread.h>
#include <stdlib.h>

static void twice(int i)
{
   char *p = malloc(32 + i);
   free(p);
   free(p);                              /* line 12: a double free */
}

static void *worker_fn(void *arg)
{
   int i;
   char *q;
   (void)arg;
   for (i = 0; i < 3; i++)
      twice(i);
   q = malloc(8);
   free(q);
   free(q);                              /* line 24: another context */
   return NULL;
}

int main(void)
{
   pthread_t t;
   int on_stack;
   pthread_create(&t, NULL, worker_fn, NULL);
   pthread_join(t, NULL);
   free(&on_stack);                      /* line 34: an invalid free */
   return 0;
}
