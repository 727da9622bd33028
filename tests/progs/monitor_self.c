/* The program sends the tool's monitor commands itself, with
   VALGRIND_MONITOR_COMMAND, each with arguments: once from a string
   literal (read-only memory) and once from a writable buffer, which
   must be unchanged afterwards.  Then a command longer than the tool
   takes, from a buffer.  Snapshots go to snap-literal.xml and
   snap-buffer.xml in the current folder.  Live at exit: 123 bytes
   definitely lost (leak_once), 456 still reachable (kept).  Prints
   "buffers unchanged" and exits 0, or says which buffer changed and
   exits 1. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <valgrind/valgrind.h>
#include "clean_stack.h"

static void* kept;
static int changed;

/* Sends cmd from a writable copy, then checks the copy is still cmd. */
static void from_buffer(const char* cmd)
{
   char buf[256];
   snprintf(buf, sizeof(buf), "%s", cmd);
   VALGRIND_MONITOR_COMMAND(buf);
   if (strcmp(buf, cmd) != 0) {
      printf("buffer changed: sent '%s', now '%s'\n", cmd, buf);
      changed++;
   }
}

__attribute__((noinline)) static void leak_once(void)
{
   volatile char* p = malloc(123);
   p[0] = 1;
   p = 0;
   CLEAR_SCRATCH();
}

int main(void)
{
   static char huge[10000];
   kept = malloc(456);
   leak_once();
   scrub();

   VALGRIND_MONITOR_COMMAND("snapshot snap-literal.xml");
   from_buffer("snapshot snap-buffer.xml");
   VALGRIND_MONITOR_COMMAND("waits 3");
   from_buffer("waits 3");
   VALGRIND_MONITOR_COMMAND("tasks 2");
   from_buffer("tasks 2");
   VALGRIND_MONITOR_COMMAND("leak_check full kinds all limited 5");
   from_buffer("leak_check summary any");
   VALGRIND_MONITOR_COMMAND("threads ");
   from_buffer("  roles  ");

   /* Longer than the tool takes: refused, the buffer untouched. */
   memset(huge, 'a', sizeof(huge) - 1);
   memcpy(huge, "snapshot /", 10);
   VALGRIND_MONITOR_COMMAND(huge);
   if (strlen(huge) != sizeof(huge) - 1 || memcmp(huge, "snapshot /a", 11)) {
      printf("long buffer changed\n");
      changed++;
   }
   if (changed)
      return 1;
   printf("buffers unchanged\n");
   return 0;
}
