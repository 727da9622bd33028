/*--------------------------------------------------------------------*/
/*--- asynctrace: command line options.              at_options.h ---*/
/*--------------------------------------------------------------------*/

/* This file is part of asynctrace.  Copyright (C) 2026 the asynctrace
   authors.  GPL-2.0-or-later; see at_basics.h and COPYING. */

#ifndef __AT_OPTIONS_H
#define __AT_OPTIONS_H

#include "at_basics.h"

/* --asynctrace-out-file=<file>; %p, %q{VAR}, %n expanded at write time. */
extern const HChar* AT_(clo_out_file);

/* --role=ROLE:FUNCTION-PATTERN rules, as given (HChar*), checked. */
extern struct _XArray* AT_(clo_role_rules);

Bool AT_(process_cmd_line_option)(const HChar* arg);
void AT_(print_usage)(void);
void AT_(print_debug_usage)(void);

#endif /* __AT_OPTIONS_H */
