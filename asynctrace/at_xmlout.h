/*--------------------------------------------------------------------*/
/*--- asynctrace: writing the report's XML.            at_xmlout.h ---*/
/*--------------------------------------------------------------------*/

/* This file is part of asynctrace.  Copyright (C) 2026 the asynctrace
   authors.  GPL-2.0-or-later; see at_basics.h and COPYING. */

#ifndef __AT_XMLOUT_H
#define __AT_XMLOUT_H

#include "at_basics.h"
#include "pub_tool_execontext.h"

/* One report at a time: begin on an open file, write, end (flushes;
   False if a write failed, and nothing was written after it). */
void AT_(out_begin)(Int fd);
Bool AT_(out_end)(void);
Int  AT_(out_errno)(void);   /* after a failed end: the write's errno */
/* Where the next byte goes in the file: its offset since begin. */
ULong AT_(out_offset)(void);
const HChar* AT_(signal_name)(Int signo);
void AT_(pad_line)(HChar* out, const HChar* line, SizeT width);

void AT_(out_str)(const HChar* s);
void AT_(out_fmt)(const HChar* format, ...) PRINTF_CHECK(1, 2);
/* s as XML text: markup escaped (unless escape_markup is False: s is
   XML already), bytes that are not UTF-8 or are control characters as
   \xNN, a backslash as \\. */
void AT_(out_text)(const HChar* s, Bool escape_markup);
void AT_(out_esc)(const HChar* s);               /* out_text(s, True) */

/* <stack ref="ID"/>, the stack put in the table; the table, at the end
   of the report (docs/report-format.md: <stack-table>). */
void AT_(out_stack)(ExeContext* ec);
void AT_(out_stack_table)(void);

/* role="..." and, for pooled roles, pool="N". */
void AT_(out_role_attrs)(UShort inst);

#endif /* __AT_XMLOUT_H */

/*--------------------------------------------------------------------*/
/*--- end                                              at_xmlout.h ---*/
/*--------------------------------------------------------------------*/
