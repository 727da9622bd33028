#define _GNU_SOURCE
/* Threads outside any runtime, named by the program as a C database's
   are: 4 writers (db-writer-0 .. db-writer-3) each allocating 1000 bytes
   and leaking 100 of them, 2 readers (db-reader-0, db-reader-1) each
   allocating 300 bytes, freed, and 1 unnamed helper allocating 50.
   With --role=db:name=db-writer-* --role=db:name=db-reader-* the
   writers are role db pool 1 and the readers role db pool 2; without
   rules they are all "other", and at_print groups them by name. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "clean_stack.h"

static void* leaked[4];

__attribute__((noinline)) static void* writer(void* arg)
{
   long i = (long)arg;
   char name[16];
   snprintf(name, sizeof name, "db-writer-%ld", i);
   pthread_setname_np(pthread_self(), name);
   free(malloc(900));
   leaked[i] = malloc(100);
   leaked[i] = NULL;       /* lost: the only pointer is gone */
   scrub();
   CLEAR_SCRATCH();
   return NULL;
}

__attribute__((noinline)) static void* reader(void* arg)
{
   char name[16];
   snprintf(name, sizeof name, "db-reader-%ld", (long)arg);
   pthread_setname_np(pthread_self(), name);
   free(malloc(300));
   return NULL;
}

__attribute__((noinline)) static void* helper(void* arg)
{
   (void)arg;
   free(malloc(50));
   return NULL;
}

int main(void)
{
   pthread_t t[7];
   long i;
   for (i = 0; i < 4; i++)
      pthread_create(&t[i], NULL, writer, (void*)i);
   for (i = 0; i < 2; i++)
      pthread_create(&t[4 + i], NULL, reader, (void*)i);
   pthread_create(&t[6], NULL, helper, NULL);
   for (i = 0; i < 7; i++)
      pthread_join(t[i], NULL);
   return 0;
}
