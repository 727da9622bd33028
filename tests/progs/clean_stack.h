/* For the leak tests' programs: leave no copy of a leaked pointer behind
   (REFERENCE.md section 9), so that the scan, like memcheck, finds the
   block lost.  Copyright (C) 2026 the asynctrace authors.
   GPL-2.0-or-later. */
#ifndef CLEAN_STACK_H
#define CLEAN_STACK_H
#include <string.h>

/* Zero the caller-saved registers a pointer may linger in. */
#define CLEAR_SCRATCH() \
   __asm__ volatile("xor %%eax,%%eax; xor %%ecx,%%ecx; xor %%edx,%%edx;" \
                    "xor %%esi,%%esi; xor %%edi,%%edi; xor %%r8d,%%r8d;" \
                    "xor %%r9d,%%r9d; xor %%r10d,%%r10d; xor %%r11d,%%r11d" \
                    ::: "rax", "rcx", "rdx", "rsi", "rdi", "r8", "r9", \
                        "r10", "r11", "memory")

/* Overwrites the dead stack below the caller, where callees' frames
   were. */
__attribute__((noinline)) static void scrub(void)
{
   volatile char buf[4096];
   memset((char*)buf, 0, sizeof(buf));
}
#endif
