/* A shared object with debug information and no code that runs when it
   is loaded (built with -nostartfiles: no _init, no init_array), for
   tests/tool_lazy_debuginfo.test.
   Copyright (C) 2026 the asynctrace authors.  GPL-2.0-or-later. */
int no_init_work(int x);
int no_init_work(int x)
{
   return x * 3 + 1;
}
