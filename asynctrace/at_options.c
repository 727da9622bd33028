/*--------------------------------------------------------------------*/
/*--- asynctrace: command line options.              at_options.c ---*/
/*--------------------------------------------------------------------*/

/* This file is part of asynctrace.  Copyright (C) 2026 the asynctrace
   authors.  GPL-2.0-or-later; see at_basics.h and COPYING.

   Every option variable of the tool is defined here, with its default,
   and parsed in the core's option style (VG_STR_CLO and friends, a bad
   value stopped with a one-line VG_(fmsg_bad_option)).  The files that
   act on an option read its AT_(clo_*) variable; none of them parses
   one.  --help lists them in print_usage, --help-debug the debugging
   ones. */

#include "pub_tool_options.h"
#include "pub_tool_xarray.h"

#include "at_options.h"

/*------------------------------------------------------------*/
/*--- The options and their defaults                       ---*/
/*------------------------------------------------------------*/

const HChar* AT_(clo_out_file) = "asynctrace.out.%p";
XArray*      AT_(clo_role_rules);
AT_LeakCheck AT_(clo_leak_check)        = AT_LEAK_FULL;
UInt         AT_(clo_show_leak_kinds)   = 1 << 0 | 1 << 2;  /* as memcheck */
UInt         AT_(clo_error_leak_kinds)  = 1 << 0 | 1 << 2;  /* as memcheck */
UInt         AT_(clo_leak_heuristics)   = 0xF;              /* as memcheck */
Bool         AT_(clo_leak_check_given)  = False;
AT_TimeUnit  AT_(clo_time_unit)         = AT_TIME_I;
UInt         AT_(clo_timeline_samples)  = 100;
UInt         AT_(clo_alloc_sites)       = 200;
Bool         AT_(clo_stack_cache)       = True;
Bool         AT_(clo_stack_check)       = False;
AT_WipeStacks AT_(clo_wipe_stacks)      = AT_WIPE_POPPED;
UInt         AT_(clo_tasks)             = 20;
Bool         AT_(clo_task_attr)         = True;
Bool         AT_(clo_heap_above_4g)     = True;
ULong        AT_(clo_cpu_sample)        = 200000;

/* Parses a comma-separated list of leak kinds into bits; False if a
   word is not one, or if there is none ("none" says so). */
/* A comma-separated list of the four words, or all, or none, as bits
   in the words' order; False if not. */
static Bool parse_set(const HChar* s, const HChar* const words[4], UInt* out)
{
   UInt bits = 0;
   if (VG_(strcmp)(s, "all") == 0)  { *out = 0xF; return True; }
   if (VG_(strcmp)(s, "none") == 0) { *out = 0;   return True; }
   if (*s == '\0')
      return False;
   while (*s) {
      const HChar* end = VG_(strchr)(s, ',');
      SizeT n = end ? (SizeT)(end - s) : VG_(strlen)(s);
      UInt k;
      for (k = 0; k < 4; k++)
         if (VG_(strlen)(words[k]) == n && VG_(strncmp)(s, words[k], n) == 0)
            break;
      if (k == 4)
         return False;
      bits |= 1u << k;
      s += n;
      if (*s == ',')
         s++;
   }
   *out = bits;
   return True;
}

Bool AT_(parse_leak_kinds)(const HChar* s, UInt* out)
{
   static const HChar* const kinds[4] = {
      "definite", "indirect", "possible", "reachable"
   };
   return parse_set(s, kinds, out);
}

const HChar* AT_(heuristic_name)(UInt h)
{
   static const HChar* const names[AT_HEURISTICS] = {
      "stdstring", "length64", "newarray", "multipleinheritance"
   };
   return h < AT_HEURISTICS ? names[h] : "?";
}

Bool AT_(parse_heuristics)(const HChar* s, UInt* out)
{
   static const HChar* const names[4] = {
      "stdstring", "length64", "newarray", "multipleinheritance"
   };
   return parse_set(s, names, out);
}

/*------------------------------------------------------------*/
/*--- Snapshots (at_snap.c)                                ---*/
/*------------------------------------------------------------*/

const HChar* AT_(clo_snap_interval_text) = "";
ULong AT_(clo_snap_interval);
Bool  AT_(clo_snap_in_insns);
UInt  AT_(clo_snap_max)   = 100;
UInt  AT_(clo_snap_sites) = 20;
Bool  AT_(clo_snap_leaks);
UInt  AT_(clo_snap_tasks) = 10;
UInt  AT_(clo_snap_roles) = 100;

/* <N>ms, <N>s, <N>Mi (millions of instructions) or <N>i. */
static Bool parse_interval(const HChar* s)
{
   ULong n = 0;
   Bool  ins;
   const HChar* p = s;
   if (!VG_(isdigit)(*p))
      return False;
   while (VG_(isdigit)(*p)) {
      if (n > 1000000000000ULL)
         return False;
      n = n * 10 + (*p++ - '0');
   }
   if (VG_(strcmp)(p, "ms") == 0)      { ins = False; }
   else if (VG_(strcmp)(p, "s") == 0)  { ins = False; n *= 1000; }
   else if (VG_(strcmp)(p, "Mi") == 0) { ins = True;  n *= 1000000; }
   else if (VG_(strcmp)(p, "i") == 0)  { ins = True; }
   else if (*p == '\0' && n == 0)      { ins = AT_(clo_snap_in_insns); }
   else
      return False;
   AT_(clo_snap_interval) = n;
   AT_(clo_snap_in_insns) = ins;
   return True;
}

static Bool snap_option(const HChar* arg)
{
   const HChar* tmp;
   if VG_STR_CLO(arg, "--snapshot-interval", tmp) {
      if (!parse_interval(tmp))
         VG_(fmsg_bad_option)(arg, "expected <number>s, <number>ms, "
                              "<number>Mi (millions of instructions), "
                              "<number>i or 0\n");
      AT_(clo_snap_interval_text) = AT_(clo_snap_interval) ? tmp : "";
   }
   else if VG_BINT_CLO(arg, "--snapshot-max", AT_(clo_snap_max), 4,
                       100000) {}
   else if VG_BINT_CLO(arg, "--snapshot-sites", AT_(clo_snap_sites), 0,
                       100000) {}
   else if VG_BOOL_CLO(arg, "--snapshot-leak-check", AT_(clo_snap_leaks)) {}
   else if VG_BINT_CLO(arg, "--snapshot-tasks", AT_(clo_snap_tasks), 0,
                       100000) {}
   else if VG_BINT_CLO(arg, "--snapshot-roles", AT_(clo_snap_roles), 0,
                       100000) {}
   else
      return False;
   return True;
}

static void snap_print_usage(void)
{
   VG_(printf)(
"    --snapshot-interval=<N>s|<N>ms|<N>Mi|<N>i  take a snapshot (live\n"
"                                  heap per role and site, threads, futex\n"
"                                  waits) every N seconds, ms, millions of\n"
"                                  instructions or instructions, and write\n"
"                                  the report again each time [0: none]\n"
"    --snapshot-max=<number>       snapshots kept; older ones are thinned\n"
"                                  out, the largest kept [100]\n"
"    --snapshot-sites=<number>     sites kept per snapshot, most live\n"
"                                  bytes first (and Tokio spawn sites) [20]\n"
"    --snapshot-leak-check=no|yes  scan for leaks at each snapshot (a scan\n"
"                                  of all memory each time) [no]\n"
"    --snapshot-tasks=<number>     Tokio tasks alive kept per snapshot,\n"
"                                  most live bytes first [10]\n"
"    --snapshot-roles=<number>     role instances kept per snapshot, most\n"
"                                  live bytes first, the rest summed in\n"
"                                  one row [100]\n"
   );
}

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
   else if VG_XACT_CLO(arg, "--leak-check=no", AT_(clo_leak_check),
                       AT_LEAK_NO) {}
   else if VG_XACT_CLO(arg, "--leak-check=summary", AT_(clo_leak_check),
                       AT_LEAK_SUMMARY) {}
   else if VG_XACT_CLO(arg, "--leak-check=full", AT_(clo_leak_check),
                       AT_LEAK_FULL) {
      AT_(clo_leak_check_given) = True;
   }
   else if VG_XACT_CLO(arg, "--leak-check=yes", AT_(clo_leak_check),
                       AT_LEAK_FULL) {
      AT_(clo_leak_check_given) = True;
   }
   else if VG_STR_CLO(arg, "--leak-check", tmp_str)
      VG_(fmsg_bad_option)(arg, "expected no, summary or full\n");
   else if VG_STR_CLO(arg, "--show-leak-kinds", tmp_str) {
      if (tmp_str[0] == '\0')
         VG_(fmsg_bad_option)(arg, "no leak kind given: expected all, none "
                              "or a list of "
                              "definite,indirect,possible,reachable\n");
      if (!AT_(parse_leak_kinds)(tmp_str, &AT_(clo_show_leak_kinds)))
         VG_(fmsg_bad_option)(arg, "expected all, none or a list of "
                              "definite,indirect,possible,reachable\n");
   }
   else if VG_STR_CLO(arg, "--leak-check-heuristics", tmp_str) {
      if (!AT_(parse_heuristics)(tmp_str, &AT_(clo_leak_heuristics)))
         VG_(fmsg_bad_option)(arg, "expected all, none or a list of "
                              "stdstring,length64,newarray,"
                              "multipleinheritance\n");
   }
   else if VG_STR_CLO(arg, "--errors-for-leak-kinds", tmp_str) {
      if (!AT_(parse_leak_kinds)(tmp_str, &AT_(clo_error_leak_kinds)))
         VG_(fmsg_bad_option)(arg, "expected all, none or a list of "
                              "definite,indirect,possible,reachable\n");
   }
   else if VG_XACT_CLO(arg, "--time-unit=i", AT_(clo_time_unit),
                       AT_TIME_I) {}
   else if VG_XACT_CLO(arg, "--time-unit=ms", AT_(clo_time_unit),
                       AT_TIME_MS) {}
   else if VG_XACT_CLO(arg, "--time-unit=B", AT_(clo_time_unit),
                       AT_TIME_B) {}
   else if VG_STR_CLO(arg, "--time-unit", tmp_str)
      VG_(fmsg_bad_option)(arg, "expected i, ms or B\n");
   else if VG_BINT_CLO(arg, "--timeline-samples", AT_(clo_timeline_samples),
                       2, 100000) {}
   else if VG_BINT_CLO(arg, "--alloc-sites", AT_(clo_alloc_sites),
                       0, 1000000) {}
   else if VG_XACT_CLO(arg, "--stack-cache=check", AT_(clo_stack_check),
                       True) {
      AT_(clo_stack_cache) = True;
   }
   else if VG_BOOL_CLO(arg, "--stack-cache", AT_(clo_stack_cache)) {
      AT_(clo_stack_check) = False;
   }
   else if VG_BINT_CLO(arg, "--tasks", AT_(clo_tasks), 0, 1000000) {}
   else if VG_BOOL_CLO(arg, "--task-attribution", AT_(clo_task_attr)) {}
   else if VG_BOOL_CLO(arg, "--heap-above-4g", AT_(clo_heap_above_4g)) {}
   else if VG_BINT_CLO(arg, "--cpu-sample", AT_(clo_cpu_sample), 0,
                       1000000000) {}
   else if VG_XACT_CLO(arg, "--wipe-stacks=no", AT_(clo_wipe_stacks),
                       AT_WIPE_NO) {}
   else if VG_XACT_CLO(arg, "--wipe-stacks=reused", AT_(clo_wipe_stacks),
                       AT_WIPE_REUSED) {}
   else if VG_XACT_CLO(arg, "--wipe-stacks=popped", AT_(clo_wipe_stacks),
                       AT_WIPE_POPPED) {}
   else if VG_STR_CLO(arg, "--wipe-stacks", tmp_str)
      VG_(fmsg_bad_option)(arg, "expected no, reused or popped\n");
   else if VG_STR_CLO(arg, "--role", tmp_str) {
      const HChar* colon = VG_(strchr)(tmp_str, ':');
      const HChar* c;
      if (colon == NULL || colon == tmp_str || colon[1] == '\0')
         VG_(fmsg_bad_option)(arg, "expected --role=ROLE:FUNCTION-PATTERN "
                              "or --role=ROLE:name=NAME-PATTERN\n");
      if (VG_(strcmp)(colon + 1, "name=") == 0)
         VG_(fmsg_bad_option)(arg, "expected a thread name pattern after "
                              "name=\n");
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
   else if (snap_option(arg)) {}
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
"                                  when the report is written; without %%p\n"
"                                  a child process writes <file>.PID\n"
"    --role=<role>:<pattern>       threads running a function whose name\n"
"                                  matches <pattern> (* and ? wildcards;\n"
"                                  Rust names without hash or generics)\n"
"                                  have role <role> while inside it; may\n"
"                                  be repeated; before the built-in rules\n"
"    --role=<role>:name=<pattern>  threads that name themselves (prctl,\n"
"                                  pthread_setname_np, Rust's\n"
"                                  thread::Builder::name) with a name\n"
"                                  matching <pattern> have role <role>,\n"
"                                  a pool per rule; may be repeated\n"
"    --leak-check=no|summary|full  classify the blocks live at exit by\n"
"                                  reachability, as memcheck does; with\n"
"                                  full the report has the loss records,\n"
"                                  and =full given prints them on stderr\n"
"                                  too [full]\n"
"    --show-leak-kinds=kind1,kind2,.. which loss records to list with\n"
"                                  --leak-check=full: definite indirect\n"
"                                  possible reachable, or all, none\n"
"                                  [definite,possible]\n"
"    --errors-for-leak-kinds=kind1,kind2,.. which leak kinds count as\n"
"                                  errors (ERROR SUMMARY, --error-exitcode)\n"
"                                  [definite,possible]\n"
"    --leak-check-heuristics=heur1,heur2,.. memcheck's heuristics: an\n"
"                                  interior pointer they recognise makes a\n"
"                                  block reachable: stdstring length64\n"
"                                  newarray multipleinheritance, or all,\n"
"                                  none [all]\n"
"    --wipe-stacks=no|reused|popped  clear stack memory no frame owns, so\n"
"                                  that a stale pointer there does not\n"
"                                  keep a leaked block reachable: the\n"
"                                  stack a new thread reuses, or also every\n"
"                                  frame as it is pushed and the red zone\n"
"                                  at calls and returns, as memcheck marks\n"
"                                  them undefined [popped]\n"
"    --heap-above-4g=no|yes        put the heap and the program's new\n"
"                                  mappings above 4 GiB, where no 32-bit\n"
"                                  number (a hash, feature bits) can look\n"
"                                  like a pointer to a block; no: where\n"
"                                  the core would (MAP_32BIT works) [yes]\n"
"    --time-unit=i|ms|B            heap timeline in instructions, ms or\n"
"                                  bytes allocated+freed [i]\n"
"    --timeline-samples=<number>   samples of the heap timeline kept [100]\n"
"    --alloc-sites=<number>        allocation sites listed, most bytes\n"
"                                  first; the rest are summed [200]\n"
"    --task-attribution=no|yes     charge what the polls of Tokio tasks,\n"
"                                  block_on futures and Rayon jobs\n"
"                                  allocate, wait and execute to them and\n"
"                                  their spawn sites; no: to roles only\n"
"                                  [yes]\n"
"    --tasks=<number>              Tokio tasks listed one by one: those\n"
"                                  pending at exit (up to 10 times\n"
"                                  <number>), then the <number> that\n"
"                                  executed the most instructions [20]\n"
"    --cpu-sample=<number>         a CPU profile: every <number> guest\n"
"                                  instructions on average, the running\n"
"                                  thread's stack, role and task; 0: none\n"
"                                  [200000]\n"
   );
   snap_print_usage();
   VG_(printf)(
"    asynctrace's defaults for core options: --num-callers=40\n"
"    --read-inline-info=yes\n"
   );
}

void AT_(print_debug_usage)(void)
{
   VG_(printf)(
"    --stack-cache=no|yes|check    take a stack seen before from the cache\n"
"                                  instead of unwinding it again [yes];\n"
"                                  check: unwind it too and count those\n"
"                                  that differ (--stats=yes shows them)\n"
   );
}

/*--------------------------------------------------------------------*/
/*--- end                                            at_options.c ---*/
/*--------------------------------------------------------------------*/
