/* A file mapping longer than its file, as a database maps room to grow
   into: FILE is made one page long and mapped 16 pages (or, with a
   third argument "big", 4 GiB), MAP_SHARED or MAP_PRIVATE.  The one
   backed page holds the only pointer to a 100-byte block (still
   reachable); a 200-byte block's only pointer is gone (definitely
   lost).  Every page past the first faults with SIGBUS if read.
     map_past_end shared|private FILE [big|now]
   now: also ask for a leak scan while running (monitor leak_check). */
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
#include <valgrind/valgrind.h>
#include "clean_stack.h"

__attribute__((noinline)) static void lose(void)
{
   volatile char* p = malloc(200);
   p[0] = 1;
   p = 0;
   CLEAR_SCRATCH();
}

int main(int argc, char** argv)
{
   long   pg = sysconf(_SC_PAGESIZE);
   size_t len;
   int    fd, flags;
   void** map;
   if (argc < 3)
      return 2;
   flags = strcmp(argv[1], "private") == 0 ? MAP_PRIVATE : MAP_SHARED;
   len = argc > 3 && strcmp(argv[3], "big") == 0 ? (size_t)4 << 30
                                                  : (size_t)16 * pg;
   fd = open(argv[2], O_RDWR | O_CREAT | O_TRUNC, 0600);
   if (fd < 0 || ftruncate(fd, pg) != 0)
      return 3;
   map = mmap(NULL, len, PROT_READ | PROT_WRITE, flags | MAP_NORESERVE,
              fd, 0);
   if (map == MAP_FAILED)
      return 4;
   close(fd);
   map[0] = malloc(100);
   lose();
   scrub();
   if (argc > 3 && strcmp(argv[3], "now") == 0)
      VALGRIND_MONITOR_COMMAND("leak_check summary");
   return 0;
}
