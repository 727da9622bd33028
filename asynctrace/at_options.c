/*--------------------------------------------------------------------*/
/*--- asynctrace: command line options.              at_options.c ---*/
/*--------------------------------------------------------------------*/

/* This file is part of asynctrace.  Copyright (C) 2026 the asynctrace
   authors.  GPL-2.0-or-later; see at_basics.h and COPYING. */

#include "pub_tool_options.h"

#include "at_options.h"

/*------------------------------------------------------------*/
/*--- The options and their defaults                       ---*/
/*------------------------------------------------------------*/

const HChar* AT_(clo_out_file) = "asynctrace.out.%p";

/*------------------------------------------------------------*/
/*--- Parsing                                              ---*/
/*------------------------------------------------------------*/

Bool AT_(process_cmd_line_option)(const HChar* arg)
{
   if VG_STR_CLO(arg, "--asynctrace-out-file", AT_(clo_out_file)) {
      if (AT_(clo_out_file)[0] == '\0')
         VG_(fmsg_bad_option)(arg, "the file name is empty\n");
   }
   else
      return False;
   return True;
}

void AT_(print_usage)(void)
{
   VG_(printf)(
"    --asynctrace-out-file=<file>  write the report to <file>\n"
"                                  [asynctrace.out.%%p]; %%p is the pid and\n"
"                                  %%q{VAR} the value of $VAR, both expanded\n"
"                                  when the report is written\n"
   );
}

void AT_(print_debug_usage)(void)
{
   VG_(printf)("    (none)\n");
}

/*--------------------------------------------------------------------*/
/*--- end                                            at_options.c ---*/
/*--------------------------------------------------------------------*/
