/*--------------------------------------------------------------------*/
/*--- asynctrace: command line options.              at_options.c ---*/
/*--------------------------------------------------------------------*/

/* This file is part of asynctrace.  Copyright (C) 2026 the asynctrace
   authors.  GPL-2.0-or-later; see at_basics.h and COPYING. */

#include "pub_tool_options.h"
#include "pub_tool_xarray.h"

#include "at_options.h"

/*------------------------------------------------------------*/
/*--- The options and their defaults                       ---*/
/*------------------------------------------------------------*/

const HChar* AT_(clo_out_file) = "asynctrace.out.%p";
XArray*      AT_(clo_role_rules);

/*------------------------------------------------------------*/
/*--- Parsing                                              ---*/
/*------------------------------------------------------------*/

Bool AT_(process_cmd_line_option)(const HChar* arg)
{
   const HChar* tmp_str;
   if VG_STR_CLO(arg, "--asynctrace-out-file", AT_(clo_out_file)) {
      if (AT_(clo_out_file)[0] == '\0')
         VG_(fmsg_bad_option)(arg, "the file name is empty\n");
   }
   else if VG_STR_CLO(arg, "--role", tmp_str) {
      const HChar* colon = VG_(strchr)(tmp_str, ':');
      const HChar* c;
      if (colon == NULL || colon == tmp_str || colon[1] == '\0')
         VG_(fmsg_bad_option)(arg, "expected --role=ROLE:FUNCTION-PATTERN\n");
      if (colon - tmp_str > 63)
         VG_(fmsg_bad_option)(arg, "the role name is longer than 63 "
                              "characters\n");
      for (c = tmp_str; c < colon; c++)
         if (!(VG_(isdigit)(*c) || (*c >= 'a' && *c <= 'z')
               || (*c >= 'A' && *c <= 'Z') || *c == '-' || *c == '_'
               || *c == '.'))
            VG_(fmsg_bad_option)(arg, "a role name is letters, digits, "
                                 "'-', '_' and '.'\n");
      if (AT_(clo_role_rules) == NULL)
         AT_(clo_role_rules) = VG_(newXA)(VG_(malloc), "at.clo_roles",
                                          VG_(free), sizeof(HChar*));
      VG_(addToXA)(AT_(clo_role_rules), &tmp_str);
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
"    --role=<role>:<pattern>       threads running a function whose name\n"
"                                  matches <pattern> (* and ? wildcards;\n"
"                                  Rust names without hash or generics)\n"
"                                  have role <role> while inside it; may\n"
"                                  be repeated; before the built-in rules\n"
"    asynctrace's defaults for core options: --num-callers=40\n"
"    --read-inline-info=yes\n"
   );
}

void AT_(print_debug_usage)(void)
{
   VG_(printf)("    (none)\n");
}

/*--------------------------------------------------------------------*/
/*--- end                                            at_options.c ---*/
/*--------------------------------------------------------------------*/
