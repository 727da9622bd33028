/*--------------------------------------------------------------------*/
/*--- asynctrace: where the client's new memory goes. at_layout.c ---*/
/*--------------------------------------------------------------------*/

/* This file is part of asynctrace.  Copyright (C) 2026 the asynctrace
   authors.  GPL-2.0-or-later; see at_basics.h and COPYING.

   The leak scan is conservative: any word of the roots that holds a
   heap address keeps a block.  Words that are not pointers are mostly
   32-bit numbers (ELF hashes of symbol versions in ld.so, AT_HWCAP's
   feature bits on the main stack, allocator state), and in the default
   layout the heap starts low, a few MiB up: on a heap of a million
   blocks such a word lands in it, and a long list of lost blocks turns
   "possibly lost" from there on.  Above 4 GiB no 32-bit value can point.

   The core places a client mapping without a fixed address (the
   arena's superblocks that hold the heap, the program's own mmaps) in
   the first free hole from the bottom of the client's space, and never
   in a reservation.  So, once the program is loaded and before it
   runs, every free hole below 4 GiB becomes a reservation: new
   mappings then go above 4 GiB, as with --aspace-minaddr=0x100000000,
   while the executable, ld.so and the brk area stay where the loader
   put them.  A fixed or hinted mmap of the program's own may still go
   below (the core allows those in reservations); MAP_32BIT without an
   address fails with ENOMEM, as it does with that option, which is why
   --heap-above-4g=no exists.  The reservation is the core's own kind
   of segment (SkResvn), made with its own function: the tool interface
   has no call for it, but the tool links with the core. */

#include "pub_tool_aspacemgr.h"
#include "pub_tool_libcbase.h"
#include "pub_tool_libcprint.h"
#include "pub_tool_mallocfree.h"
#include "pub_tool_options.h"

#include "at_layout.h"
#include "at_options.h"

/* The core's (pub_core_aspacemgr.h): reserve [start, start+length) of a
   free segment, in one piece. */
extern Bool VG_(am_create_reservation)(Addr start, SizeT length,
                                       ShrinkMode smode, SSizeT extra);

#define AT_4G ((Addr)1 << 32)

void AT_(layout_post_clo_init)(void)
{
   const UInt all = SkFree | SkAnonC | SkAnonV | SkFileC | SkFileV
                    | SkShmC | SkResvn;
   Addr* starts;
   Addr  one;
   Int   n, i;
   ULong kept = 0;

   if (!AT_(clo_heap_above_4g))
      return;
   n = VG_(am_get_segment_starts)(all, &one, 1);   /* how many */
   if (n < 0)
      n = -n;
   starts = VG_(malloc)("at.layout", (n + 1) * sizeof(Addr));
   n = VG_(am_get_segment_starts)(all, starts, n + 1);
   /* Segments tile the address space in order: one ends where the next
      starts.  A free one has no record to read (am_find_nsegment gives
      NULL). */
   for (i = 0; i + 1 < n && starts[i] < AT_4G; i++) {
      Addr lo = starts[i], hi = starts[i + 1];
      if (VG_(am_find_nsegment)(lo) != NULL)
         continue;
      if (hi > AT_4G)
         hi = AT_4G;
      if (hi > lo && VG_(am_create_reservation)(lo, hi - lo, SmFixed, 0))
         kept += hi - lo;
   }
   VG_(free)(starts);
   if (VG_(clo_verbosity) > 1)
      VG_(umsg)("asynctrace: %llu MiB below 4 GiB kept out of new mappings "
                "(--heap-above-4g)\n", kept >> 20);
}
