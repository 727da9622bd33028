/* Blocks a C++ program holds only by interior pointers, of the four
   shapes memcheck's leak-check heuristics know, kept in globals until the
   exit (tests/tool_heuristics.test compares asynctrace's figures with
   memcheck's, with each heuristic and none):
     - a copy-on-write std::string (the old ABI): a header of length,
       capacity and refcount, the pointer at the characters (stdstring);
     - a block whose first word is the length of the rest, the pointer
       after it (length64; newarray takes it too);
     - new[] of a type with a destructor: the element count first, the
       pointer at the first element (newarray);
     - an object with two bases with virtual functions, held by a pointer
       to its second base (multipleinheritance).
   And one block held only by a plain interior pointer no heuristic
   takes, possibly lost whatever the heuristics.  "interior monitor"
   also asks for leak_check summaries with each heuristic alone, all and
   none, as memcheck's leak_cpp_interior does, the changes between them
   compared.
   Copyright (C) 2026 the asynctrace authors.  GPL-2.0-or-later. */
#define _GLIBCXX_USE_CXX11_ABI 0
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <valgrind.h>

struct Counted {
   long v = 7;
   ~Counted() { v = 0; }
};

struct Left {
   virtual ~Left() {}
   virtual long left() { return 1; }
   long l = 1;
};
struct Right {
   virtual ~Right() {}
   virtual long right() { return 2; }
   long r = 2;
};
struct Both : Left, Right {
   long b = 3;
   long right() override { return 4; }
};

std::string* names;       /* a string on the heap (a global string is
                             destroyed before the exit's scan) */
void* sized;              /* past a 64-bit length */
Counted* counted;         /* past new[]'s element count */
Right* as_right;          /* a Both, by its second base */
char* inside;             /* 16 bytes into a plain block */

__attribute__((noinline)) static void make()
{
   names = new std::string("asynctrace keeps this string");
   *names += " alive, as memcheck does";       /* interior: stdstring */
   uint64_t* p = (uint64_t*)malloc(40 + 8);
   *p = 40;
   sized = p + 1;                               /* length64 */
   counted = new Counted[5];                    /* newarray */
   as_right = new Both;                         /* multipleinheritance */
   char* q = (char*)malloc(100);
   memset(q, 1, 100);
   inside = q + 16;                             /* none: possibly lost */
}

int main(int argc, char** argv)
{
   make();
   if (argc > 1 && strcmp(argv[1], "monitor") == 0) {
      static const char* const sets[] = {
         "multipleinheritance", "newarray", "length64", "stdstring",
         "all", "none",
      };
      (void)VALGRIND_MONITOR_COMMAND("v.set log_output");
      for (const char* h : sets) {
         char cmd[80];
         snprintf(cmd, sizeof cmd, "leak_check summary heuristics %s", h);
         (void)VALGRIND_MONITOR_COMMAND(cmd);
      }
   }
   /* Leave no copy of the blocks' starts on the stack or in registers. */
   volatile char buf[4096];
   memset((char*)buf, 0, sizeof buf);
   __asm__ volatile("xor %%eax,%%eax; xor %%ecx,%%ecx; xor %%edx,%%edx;"
                    "xor %%esi,%%esi; xor %%edi,%%edi; xor %%r8d,%%r8d;"
                    "xor %%r9d,%%r9d; xor %%r10d,%%r10d; xor %%r11d,%%r11d"
                    ::: "rax", "rcx", "rdx", "rsi", "rdi", "r8", "r9",
                        "r10", "r11", "memory");
   return 0;
}
