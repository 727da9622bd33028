/* Links libno_init.so and calls into it only when given an argument:
   without one, the object is mapped and never runs code.
   Copyright (C) 2026 the asynctrace authors.  GPL-2.0-or-later. */
#include <stdio.h>
#include <stdlib.h>

int no_init_work(int x);

int main(int argc, char** argv)
{
   void* p = malloc(10);
   free(p);
   if (argc > 1)
      printf("%d\n", no_init_work(argc));
   return 0;
}
