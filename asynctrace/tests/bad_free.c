/* Bad frees, for bad_free.vgtest: a second thread frees a block twice,
   then main frees an address on its stack.  Each is an error printed
   when it happens, with its stack and thread.
   Copyright (C) 2026 the asynctrace authors.  GPL-2.0-or-later. */
#include <pthread.h>
#include <stdlib.h>

static void* worker(void* arg)
{
   char* volatile p = malloc(16);   /* volatile: no use-after-free warning */
   (void)arg;
   free(p);
   free(p);                     /* a double free, in thread 2 */
   return NULL;
}

int main(void)
{
   pthread_t t;
   int on_stack = 0;
   int* volatile q = &on_stack;   /* volatile: no free-nonheap warning */
   pthread_create(&t, NULL, worker, NULL);
   pthread_join(t, NULL);
   free(q);                       /* not a heap block, in thread 1 */
   return 0;
}
