/* Client requests that are not the heap's still reach the core and the
   tool through the scheduler (at_instrument.c answers only the heap's in
   place): Valgrind's own, a call of a client function on the real CPU,
   an unknown tool request, asynctrace's SET_ROLE, between allocations.
   Exits 0 when every answer is the expected one.
   Copyright (C) 2026 the asynctrace authors.  GPL-2.0-or-later. */
#include <stdio.h>
#include <stdlib.h>
#include "asynctrace.h"

static long twice(long tid, long x) { return 2 * x; }

int main(void)
{
   int bad = 0;
   void* p = malloc(10);
   bad |= RUNNING_ON_VALGRIND != 1;
   VALGRIND_PRINTF("requests: printed by valgrind %d\n", 42);
   bad |= VALGRIND_NON_SIMD_CALL1(twice, 21) != 42;
   bad |= VALGRIND_COUNT_ERRORS != 0;
   ASYNCTRACE_SET_ROLE("requester");
   free(p);
   p = malloc(20);                      /* allocated in role requester */
   bad |= p == NULL;
   /* A request code of asynctrace's range that it does not know. */
   bad |= VALGRIND_DO_CLIENT_REQUEST_EXPR(7, VG_USERREQ_TOOL_BASE('A', 'T') + 99,
                                          0, 0, 0, 0, 0) != (unsigned long)-1;
   printf("requests: %s\n", bad ? "FAIL" : "ok");
   return bad;
}
