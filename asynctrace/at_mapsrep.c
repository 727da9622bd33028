/*--------------------------------------------------------------------*/
/*--- asynctrace: the report's <mappings>.            at_mapsrep.c ---*/
/*--------------------------------------------------------------------*/

/* This file is part of asynctrace.  Copyright (C) 2026 the asynctrace
   authors.  GPL-2.0-or-later; see at_basics.h and COPYING.

   <mappings>: the footprint (heap live, thread stacks, anonymous and
   file maps) per role at its peak and at exit, per thread at exit, and
   the largest mappings live at exit, from at_maps.c and
   at_footprint.c, written through at_xmlout.c in the format of
   docs/report-format.md. */

#include "pub_tool_mallocfree.h"
#include "pub_tool_xarray.h"

#include "at_footprint.h"
#include "at_maps.h"
#include "at_mapsrep.h"
#include "at_roles.h"
#include "at_threads.h"
#include "at_xmlout.h"

#define AT_MAPS_SHOWN 20

static void out_footprint_attrs(const AT_Footprint* f)
{
   AT_(out_fmt)(" heap=\"%llu\" stacks=\"%llu\" anon=\"%llu\" file=\"%llu\" "
                "total=\"%llu\" stack-maps=\"%llu\" anon-maps=\"%llu\" "
                "file-maps=\"%llu\"", f->heap, f->bytes[AT_MAP_STACK],
                f->bytes[AT_MAP_ANON], f->bytes[AT_MAP_FILE],
                f->heap + f->bytes[AT_MAP_STACK] + f->bytes[AT_MAP_ANON]
                + f->bytes[AT_MAP_FILE], f->count[AT_MAP_STACK],
                f->count[AT_MAP_ANON], f->count[AT_MAP_FILE]);
}

static Bool footprint_empty(const AT_Footprint* f)
{
   UInt k;
   for (k = 0; k < AT_MAP_KINDS; k++)
      if (f->bytes[k] || f->count[k])
         return False;
   return f->heap == 0;
}

/* Heap live, thread stacks, anonymous and file maps, per role, at the
   footprint's peak and at exit; per thread at exit; the largest
   mappings live at exit. */
void AT_(out_mappings)(void)
{
   XArray* live = AT_(maps_live)();
   AT_Footprint* by_thread = AT_(footprint_by_thread)();
   Word  i, n = VG_(sizeXA)(live);
   Word  shown = n < AT_MAPS_SHOWN ? n : AT_MAPS_SHOWN;
   ULong rest = 0;
   UInt  r, ninst = AT_(n_role_insts)(), nthr = AT_(n_threads)();
   Int   at;
   for (i = shown; i < n; i++)
      rest += ((const AT_Map*)VG_(indexXA)(live, i))->len;
   AT_(out_fmt)("<mappings maps=\"%ld\" shown=\"%ld\" rest-bytes=\"%llu\">\n",
                n, shown, rest);
   for (at = 0; at < 2; at++) {
      Bool peak = at == 0;
      AT_(out_fmt)("  <footprint at=\"%s\"", peak ? "peak" : "exit");
      out_footprint_attrs(AT_(footprint_total)(peak));
      AT_(out_str)(">\n");
      for (r = 0; r < ninst; r++) {
         const AT_Footprint* f = AT_(footprint_of_role)((UShort)r, peak);
         if (footprint_empty(f))
            continue;
         AT_(out_str)("    <role-footprint");
         AT_(out_role_attrs)((UShort)r);
         out_footprint_attrs(f);
         AT_(out_str)("/>\n");
      }
      for (r = 0; !peak && r < nthr; r++) {
         if (footprint_empty(&by_thread[r]))
            continue;
         AT_(out_fmt)("    <thread-footprint thread=\"%u\"", r + 1);
         out_footprint_attrs(&by_thread[r]);
         AT_(out_str)("/>\n");
      }
      AT_(out_str)("  </footprint>\n");
   }
   for (i = 0; i < shown; i++) {
      const AT_Map* m = VG_(indexXA)(live, i);
      AT_(out_fmt)("  <map start=\"%#lx\" bytes=\"%lu\" kind=\"%s\" "
                   "how=\"%s\" thread=\"%u\"", m->start, m->len,
                   AT_(map_kind_name)(m->kind),
                   AT_(map_how_name)(m->how), m->seq);
      AT_(out_role_attrs)(m->inst);
      if (m->spawn)
         AT_(out_fmt)(" spawn-site=\"%u\"", (UInt)m->spawn);
      if (m->file) {
         AT_(out_str)(" file=\"");
         AT_(out_esc)(m->file);
         AT_(out_str)("\"");
      }
      AT_(out_str)(">");
      AT_(out_stack)(m->where);
      AT_(out_str)("</map>\n");
   }
   AT_(out_str)("</mappings>\n");
   VG_(free)(by_thread);
   VG_(deleteXA)(live);
}

/*--------------------------------------------------------------------*/
/*--- end                                             at_mapsrep.c ---*/
/*--------------------------------------------------------------------*/
