/* A C host that loads a runtime from a shared object with dlopen (as
   Python loads an extension), for tests/tool_stripped_so.test:
     dlopen_host LIB   loads LIB (rt_embed.c's), starts 2 workers,
                       spawns 4 jobs that each allocate and free a
                       block, shuts the runtime down; exits 0
   Copyright (C) 2026 the asynctrace authors.  GPL-2.0-or-later. */
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>

static void job(void* arg)
{
   free(malloc(100 + (size_t)arg));
}

int main(int argc, char** argv)
{
   void* lib;
   void (*start)(int);
   void (*spawn)(void (*)(void*), void*);
   void (*shutdown)(void);
   long i;
   if (argc < 2) {
      fprintf(stderr, "usage: dlopen_host LIB\n");
      return 2;
   }
   lib = dlopen(argv[1], RTLD_NOW);
   if (lib == NULL) {
      fprintf(stderr, "dlopen_host: %s\n", dlerror());
      return 1;
   }
   start    = (void (*)(int))dlsym(lib, "rt_start");
   spawn    = (void (*)(void (*)(void*), void*))dlsym(lib, "rt_spawn");
   shutdown = (void (*)(void))dlsym(lib, "rt_shutdown");
   if (start == NULL || spawn == NULL || shutdown == NULL) {
      fprintf(stderr, "dlopen_host: %s lacks rt_start, rt_spawn or "
              "rt_shutdown\n", argv[1]);
      return 1;
   }
   start(2);
   for (i = 0; i < 4; i++)
      spawn(job, (void*)i);
   shutdown();
   return 0;
}
