/* read.c: at_print's reader: reads an asynctrace report (XML, versions
 * 1 and 2) into a Report (check.c then checks that it adds up).
 *
 * The report format is docs/report-format.md; the schema is
 * docs/asynctrace-report.rng.  The report is read with libxml2's SAX2
 * parser, fed a block at a time, so memory use grows with the number of
 * threads and roles (and of what is listed per thread or role: holders
 * of reachable memory, frees across roles, bad calls) and with --top,
 * --futex-top, --leaks-top and --alloc-top, not with the size of the file
 * (the timeline is thinned as it is read; of a version 2 report's stack
 * table, every frame is kept once, but only the stacks of the sites
 * kept).  Grouped (report_read_grouped), a version 2 file is read its
 * stack table first, each stack keyed for grouping as it is read (its
 * frames are read again later if it is shown), and the records are
 * grouped as they are read: memory then grows with the distinct stacks
 * and the groups.  Nothing is printed until the whole file has been
 * read, so a bad file gives one error line and no half table: its
 * first error in the order of the file, be it of XML or of the format.
 * A report read whole is checked to add up (check.c; docs/report-format.md,
 * "Invariants") before it is printed.
 *
 * Copyright (C) 2026 the asynctrace authors.
 * SPDX-License-Identifier: GPL-2.0-or-later
 *
 * This program is free software; you can redistribute it and/or modify it
 * under the terms of the GNU General Public License as published by the
 * Free Software Foundation; either version 2 of the License, or (at your
 * option) any later version.
 *
 * This program is distributed in the hope that it will be useful, but
 * WITHOUT ANY WARRANTY; without even the implied warranty of
 * MERCHANTABILITY or FITNESS FOR A PARTICULAR PURPOSE.  See the GNU General
 * Public License for more details.
 */

#define _GNU_SOURCE              /* memrchr */

#include <assert.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stddef.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/xmlerror.h>

#include "report.h"

#define FORMAT_VERSIONS  "1 and 2"

/* ------------------------------------------------------------------ */
/* libxml2 errors                                                      */
/* ------------------------------------------------------------------ */

/* What follows the last '>' of the file: all that a report cut short
   can hold after its last complete tag, and where damage at the end of
   a complete one shows.  Kept in brief, whatever its length. */
#define TAIL_SAMPLE 40

typedef struct {
   bool seen;                    /* a byte that is not white space */
   uint64_t line;                /* the line of the first such byte */
   bool text;                    /* text before any '<' */
   bool markup;                  /* a '<' */
   bool lt2;                     /* a second '<' */
   int ctl;                      /* the first control byte XML forbids
                                    (NUL, ...), or -1 */
   char text_s[TAIL_SAMPLE + 1]; /* the start of the text */
   char mark_s[TAIL_SAMPLE + 1]; /* the start of the markup */
   size_t text_n, mark_n;
} Tail;

/* The end tag of a version 2 report's stack table.  Cut after it, the
   report has its stacks: libxml2 stops at the cut without handing over
   the last nodes it parsed, so it is looked for in the bytes. */
#define TABLE_END "</stack-table>"
enum { TABLE_END_LEN = sizeof TABLE_END - 1 };

/* What is read from the file, and given to libxml2, at a time: the
   4 KiB libxml2 asks for made a system call a tenth of the reading. */
#define INPUT_BUF (256 * 1024)

/* The file, read here and handed to libxml2 a block at a time, so we
   know how much of it libxml2 has been given, how it starts and how it
   ends. */
typedef struct {
   int fd;
   char *buf;                    /* INPUT_BUF bytes; buf[0..end) the last
                                    block read */
   size_t end;
   uint64_t total;
   int err;                      /* errno of a failed read, or 0 */
   int first;                    /* first byte that is not space or BOM,
                                    or -1 */
   uint64_t line;                /* lines read so far, from 1 */
   uint64_t last_lt;             /* 1 + the offset of the last '<', or 0 */
   Tail tail;
   char recent[TABLE_END_LEN];   /* the last bytes read */
   char last_gt[TABLE_END_LEN];  /* the bytes that end with the last '>' */
   int prolog;                   /* PR_*: where the scan of the prolog is */
   int prolog_n;                 /* of the "<!" word or the "-->" seen */
   bool doctype;                 /* a <!DOCTYPE, held back from libxml2 */
   /* Read with the stack table first (report_read): the file's bytes
      [skip_at, skip_to) are given to libxml2 as skip_with instead. */
   uint64_t pos;                 /* the file offset read next */
   uint64_t skip_at, skip_to;    /* skip_to 0: none */
   const char *skip_with;
   bool skipped;
} Input;

/* The prolog (what comes before the root element) is scanned as it is
   read, so that a DOCTYPE is refused before libxml2 sees it: a DTD can
   declare entities (an expansion bomb), pull in other files, or give
   attributes defaults and so change what the report says, and reports
   never have one.  Comments and processing instructions are skipped;
   the scan ends at the first other markup.  Zero bytes are skipped, so
   that UTF-16 and UTF-32 are scanned too: their markup is ASCII. */
enum { PR_TEXT, PR_LT, PR_BANG, PR_COMMENT, PR_PI, PR_DONE };

#define DOCTYPE_REFUSED "not an asynctrace report (it has a DOCTYPE; " \
   "reports have none and at_print reads no DTD)"

static void prolog_byte(Input *in, unsigned char c)
{
   static const char word[] = "DOCTYPE";
   if (c == 0)
      return;
   switch (in->prolog) {
   case PR_TEXT:
      if (c == '<')
         in->prolog = PR_LT;
      break;
   case PR_LT:
      in->prolog_n = 0;
      in->prolog = c == '?' ? PR_PI : c == '!' ? PR_BANG : PR_DONE;
      break;
   case PR_BANG:                 /* "<!-" so far, or "<!" and a prefix of
                                    DOCTYPE, of prolog_n bytes */
      if (in->prolog_n == 0 && c == '-') {
         in->prolog_n = -1;
      } else if (in->prolog_n == -1) {
         in->prolog_n = 0;
         in->prolog = c == '-' ? PR_COMMENT : PR_DONE;
      } else if (in->prolog_n >= 0 && c == (unsigned char)word[in->prolog_n]) {
         if (++in->prolog_n == (int)sizeof word - 1) {
            in->doctype = true;
            in->prolog = PR_DONE;
         }
      } else {
         in->prolog = PR_DONE;   /* not XML: libxml2 says so */
      }
      break;
   case PR_COMMENT:              /* prolog_n: the '-'s just before */
      if (c == '>' && in->prolog_n >= 2)
         in->prolog = PR_TEXT;
      in->prolog_n = c == '-' ? in->prolog_n + 1 : 0;
      break;
   case PR_PI:                   /* prolog_n: 1 after a '?' */
      if (c == '>' && in->prolog_n == 1)
         in->prolog = PR_TEXT;
      in->prolog_n = c == '?';
      break;
   default:
      break;
   }
}

static void tail_byte(Input *in, unsigned char c)
{
   Tail *t = &in->tail;
   bool space = is_xml_space((char)c);
   if (!space && !t->seen) {
      t->seen = true;
      t->line = in->line;
   }
   if (c < 0x20 && !space) {
      if (t->ctl < 0)
         t->ctl = c;
   } else if (c == '<' || t->markup) {
      t->lt2 |= c == '<' && t->markup;
      t->markup = true;
      if (t->mark_n < TAIL_SAMPLE)
         t->mark_s[t->mark_n++] = (char)c;
   } else if (!space || t->text) {
      t->text = true;
      if (t->text_n < TAIL_SAMPLE)
         t->text_s[t->text_n++] = (char)c;
   }
   if (c == '\n')
      in->line++;
}

/* The newlines in b[0..n): in blocks of 64 bytes, a loop the compiler
   makes a few vector instructions of (a memchr a line cost more). */
static uint64_t count_newlines(const unsigned char *b, size_t n)
{
   uint64_t lines = 0;
   size_t i = 0;
   for (; i + 64 <= n; i += 64) {
      unsigned char c = 0;       /* at most 64 */
      for (size_t j = 0; j < 64; j++)
         c += b[i + j] == '\n';
      lines += c;
   }
   for (; i < n; i++)
      lines += b[i] == '\n';
   return lines;
}

/* Notes n bytes about to be added to what was read. */
static void input_note(Input *in, const unsigned char *b, size_t n)
{
   size_t gt = n, lt = n;
   while (gt > 0 && b[gt - 1] != '>')
      gt--;
   while (lt > 0 && b[lt - 1] != '<')
      lt--;
   if (lt > 0)
      in->last_lt = in->total + lt;
   /* The last tag, if it is TABLE_END, and what may start it. */
   size_t k = TABLE_END_LEN;
   if (gt >= k) {
      memcpy(in->last_gt, b + gt - k, k);
   } else if (gt > 0) {
      memcpy(in->last_gt, in->recent + gt, k - gt);
      memcpy(in->last_gt + k - gt, b, gt);
   }
   if (n >= k) {
      memcpy(in->recent, b + n - k, k);
   } else {
      memmove(in->recent, in->recent + n, k - n);
      memcpy(in->recent + k - n, b, n);
   }
   if (gt > 0) {
      in->line += count_newlines(b, gt);
      memset(&in->tail, 0, sizeof in->tail);
      in->tail.ctl = -1;
   }
   for (size_t i = gt; i < n; i++)
      tail_byte(in, b[i]);
}

/* Reads the next block of the file into in->buf[0..in->end) and notes
   it.  Returns its length, 0 at the end of the file, -1 on a read error
   (in->err) or on a DOCTYPE (in->doctype), which libxml2 then gets none
   of. */
static ssize_t input_next(Input *in)
{
   ssize_t got;
   size_t want = INPUT_BUF;
   if (in->skip_to != 0 && !in->skipped) {
      if (in->pos == in->skip_at) {
         in->skipped = true;
         if (lseek(in->fd, (off_t)in->skip_to, SEEK_SET) < 0) {
            in->err = errno;
            return -1;
         }
         in->pos = in->skip_to;
         got = (ssize_t)strlen(in->skip_with);
         memcpy(in->buf, in->skip_with, (size_t)got);
         goto note;
      }
      if (in->skip_at - in->pos < want)
         want = (size_t)(in->skip_at - in->pos);
   }
   do
      got = read(in->fd, in->buf, want);
   while (got < 0 && errno == EINTR);
   if (got < 0) {
      in->err = errno;
      return -1;
   }
   in->pos += (uint64_t)got;
note:;
   size_t n = (size_t)got;
   const unsigned char *b = (const unsigned char *)in->buf;
   in->end = n;
   for (size_t i = 0; i < n && in->prolog != PR_DONE; i++)
      prolog_byte(in, b[i]);
   if (in->doctype)
      return -1;
   for (size_t i = 0; i < n && in->first < 0; i++) {
      unsigned char c = b[i];
      if (!is_xml_space((char)c) && c != 0xef && c != 0xbb && c != 0xbf)
         in->first = c;
   }
   input_note(in, b, n);
   in->total += (uint64_t)n;
   return got;
}

/* Reads on past what libxml2 took, to the end of the file or to a '<'
   at or after offset from, whichever comes first. */
static void input_drain(Input *in, uint64_t from)
{
   while (in->last_lt <= from && input_next(in) > 0)
      ;
}

/* libxml2 2.12 made the error handler's argument const. */
#if LIBXML_VERSION >= 21200
typedef const xmlError *ErrorArg;
#else
typedef xmlError *ErrorArg;
#endif

/* Where the first error stands, for telling a report cut short from one
   damaged at its end. */
enum XmlAt {
   XA_OTHER,
   XA_CUT,        /* at the end of the data: cut short, or damaged there
                     (the end of the file tells) */
   XA_END_TAG,    /* in an end tag that closes the root: its closing tag,
                     if no markup follows */
   XA_AFTER,      /* after the root element ended */
};

typedef struct {
   Input *in;
   bool eof;                     /* the parser has been given all the file */
   bool have;
   int code, line;
   enum XmlAt at;
   int instate, depth;           /* the parser's state and open elements */
   char open[64];                /* the innermost open element, or "" */
   uint64_t consumed;            /* bytes the parser had taken */
   char msg[256];
} XmlError;

/* Was the parser stopped by the end of the data in the middle of the
   document?  That is what a report looks like when the run was killed
   while writing it.  libxml2 2.9 (in push mode, as here) does
   not give one error code for it: between two elements it reports
   XML_ERR_DOCUMENT_END ("Extra content at the end of the document"), but
   cut inside a tag it reports whatever that tag lacks ("expected '>'",
   "AttValue: ' expected", "Couldn't find end of Start Tag", ...), codes
   that a malformed complete file gives too.  So decide from where the
   parser stands: it has been given the whole file, it has not finished
   the root element, and nothing after the error point is complete (no
   '>' follows it).  A damaged complete file always has at least the
   closing tag of the root after the damage, unless the damage is in
   that tag: a misspelt one is reported once read, so it is excluded by
   its code, and one cut and damaged is told apart from one cut by what
   the file ends in (tail_damage). */
static bool stopped_by_eof(XmlError *x, const xmlError *e)
{
   xmlParserCtxtPtr ctxt = e->domain == XML_FROM_PARSER ? e->ctxt : NULL;
   if (ctxt == NULL || !x->eof || ctxt->input == NULL ||
       ctxt->input->cur == NULL || ctxt->input->end == NULL ||
       ctxt->input->end < ctxt->input->cur)
      return false;
   if (ctxt->instate == XML_PARSER_EPILOG || x->in->first != '<' ||
       e->code == XML_ERR_TAG_NAME_MISMATCH)
      return false;      /* after the root element, not XML, or damaged */
   size_t rest = (size_t)(ctxt->input->end - ctxt->input->cur);
   long before = xmlByteConsumed(ctxt);
   if (before < 0 || (uint64_t)before + rest != x->in->total)
      return false;      /* the parser holds only part of the file */
   return memchr(ctxt->input->cur, '>', rest) == NULL;
}

static void on_xml_error(void *ctx, ErrorArg e)
{
   XmlError *x = ctx;
   if (e == NULL || e->level < XML_ERR_ERROR || x->have)
      return;                    /* keep the first error; skip warnings */
   x->have = true;
   x->code = e->code;
   x->line = e->line;
   x->at = XA_OTHER;
   xmlParserCtxtPtr ctxt = e->domain == XML_FROM_PARSER ? e->ctxt : NULL;
   if (ctxt != NULL && x->in->first == '<') {
      long consumed = xmlByteConsumed(ctxt);
      x->instate = ctxt->instate;
      x->depth = ctxt->nameNr;
      snprintf(x->open, sizeof x->open, "%s",
               ctxt->name ? (const char *)ctxt->name : "");
      if (ctxt->instate == XML_PARSER_EPILOG) {
         x->at = XA_AFTER;
      } else if (stopped_by_eof(x, e)) {
         x->at = XA_CUT;
      } else if (ctxt->instate == XML_PARSER_END_TAG && ctxt->nameNr == 1 &&
                 consumed >= 0) {
         x->at = XA_END_TAG;
         x->consumed = (uint64_t)consumed;
      }
   }
   /* libxml2's messages end in a newline and some span two lines: make
      them one line before cleaning what they quote from the file. */
   char *flat = xstrdup(e->message ? e->message : "unknown error");
   size_t n = strlen(flat);
   while (n > 0 && is_xml_space(flat[n - 1]))
      flat[--n] = '\0';
   for (char *q = flat; *q; q++)
      if (*q == '\n' || *q == '\r')
         *q = ' ';
   char *m = clip(flat, 200);
   snprintf(x->msg, sizeof x->msg, "%s", m);
   free(m);
   free(flat);
}

/* Anything libxml2 would print without a structured handler. */
static void quiet(void *ctx, const char *fmt, ...)
{
   (void)ctx;
   (void)fmt;
}

/* ------------------------------------------------------------------ */
/* Reading the report                                                  */
/* ------------------------------------------------------------------ */

/* ---- Names ---- */

/* Every element and attribute name of the format (those of
   docs/asynctrace-report.rng), with an id.  libxml2's reader keeps the
   names of the nodes it builds in a dictionary, one copy of each, so a
   name is told by its address: the dictionary's copy of each of these is
   looked up once, and then an element's or an attribute's name is found
   with one hash probe instead of a string comparison per candidate. */
#define NAMES(X) \
   X(ADDR, "addr") X(ALIVE_AT_EXIT, "alive-at-exit") \
   X(ALLOC_POOL, "alloc-pool") X(ALLOC_ROLE, "alloc-role") \
   X(ALLOC_SITES, "alloc-sites") X(ALLOCS, "allocs") X(ARG, "arg") \
   X(ASYNCTRACE, "asynctrace") X(AT_PEAK, "at-peak") \
   X(BAD_CALL, "bad-call") X(BAD_CALLS, "bad-calls") \
   X(BLOCKED_US, "blocked-us") X(BLOCKS, "blocks") X(BY_ROLE, "by-role") \
   X(BYTES, "bytes") X(BYTES_ALLOCATED, "bytes-allocated") \
   X(BYTES_FREED, "bytes-freed") X(CHECK, "check") X(CHURN, "churn") \
   X(CLASS, "class") X(COMMAND, "command") X(COUNT, "count") \
   X(CREATION, "creation") X(CREATOR, "creator") \
   X(CROSS_FREES, "cross-frees") X(DIR, "dir") \
   X(DURATION_MS, "duration-ms") X(EAGAIN, "eagain") X(EINTR, "eintr") \
   X(END, "end") X(END_MS, "end-ms") X(ENDED, "ended") \
   X(EPOCH_MS, "epoch-ms") X(ERRORS, "errors") X(EXE, "exe") \
   X(FILE, "file") X(FN, "fn") X(FRAME, "frame") X(FRAMES, "frames") \
   X(FREE, "free") X(FREE_POOL, "free-pool") X(FREE_ROLE, "free-role") \
   X(FREES, "frees") X(FUTEX, "futex") X(FUTEX_SITES, "futex-sites") \
   X(GIVEN, "given") X(HEAP, "heap") X(HELD_BY, "held-by") \
   X(HOLDER, "holder") X(HOW, "how") X(ID, "id") X(IDLE_US, "idle-us") \
   X(IDLE_WAITS, "idle-waits") X(INDEX, "index") \
   X(INDIRECT_BLOCKS, "indirect-blocks") \
   X(INDIRECT_BYTES, "indirect-bytes") X(INHERITED, "inherited") \
   X(INLINED, "inlined") X(INSNS, "insns") X(IP, "ip") X(KIND, "kind") \
   X(LEAKS, "leaks") X(LINE, "line") X(LIVE_AT_EXIT, "live-at-exit") \
   X(LIVE_AT_PEAK, "live-at-peak") X(LIVE_BLOCKS, "live-blocks") \
   X(LIVE_BYTES, "live-bytes") X(LOSS_RECORD, "loss-record") \
   X(MAX_THREADS, "max-threads") X(MAX_US, "max-us") X(NAME, "name") \
   X(OBJ, "obj") X(OPS, "ops") X(ORPHAN, "orphan") X(OS_TID, "os-tid") \
   X(PEAK, "peak") X(PEAK_ALIVE, "peak-alive") \
   X(PEAK_BLOCKS, "peak-blocks") X(PEAK_BYTES, "peak-bytes") \
   X(PEAK_LIVE, "peak-live") X(PEAK_MS, "peak-ms") \
   X(PEAK_TIME, "peak-time") X(PENDING, "pending") X(PID, "pid") \
   X(POOL, "pool") X(PPID, "ppid") X(PRIVATE, "private") \
   X(REALTIME, "realtime") X(REF, "ref") X(REST_ALLOCS, "rest-allocs") \
   X(REST_AT_PEAK, "rest-at-peak") X(REST_BYTES, "rest-bytes") \
   X(REST_LIVE_BYTES, "rest-live-bytes") X(ROLE, "role") \
   X(ROLE_HISTORY, "role-history") X(ROLE_SUMMARY, "role-summary") \
   X(ROLES, "roles") X(RUN, "run") X(SAMPLE, "sample") \
   X(SAMPLES, "samples") X(SEQ, "seq") X(SHOWN, "shown") \
   X(SIGNAL, "signal") X(SIGNO, "signo") X(SINCE_MS, "since-ms") \
   X(SITE, "site") X(SITES, "sites") X(SIZE, "size") X(STACK, "stack") \
   X(STACK_TABLE, "stack-table") X(STACKS, "stacks") \
   X(START_MS, "start-ms") X(START_TIME, "start-time") X(STATUS, "status") \
   X(THREAD, "thread") X(THREAD_ALIVE_AT_EXIT, "thread-alive-at-exit") \
   X(THREADS, "threads") X(TIME, "time") X(TIME_UNIT, "time-unit") \
   X(TIMED, "timed") X(TIMELINE, "timeline") X(TIMEOUTS, "timeouts") \
   X(TOOL, "tool") X(TOTAL, "total") X(UNIT, "unit") \
   X(VALGRIND, "valgrind") X(VERSION, "version") X(VG_TID, "vg-tid") \
   X(WAITER, "waiter") X(WAITS, "waits") X(WAKE, "wake") \
   X(WAKE_PAIRS, "wake-pairs") X(WAKER, "waker") X(WAKES, "wakes") \
   X(WOKE, "woke") X(WOKEN, "woken") \
   /* Added later. */ \
   X(AFTER, "after") X(ALLOCS_IN_TASKS, "allocs-in-tasks") \
   X(ALLOCS_OUTSIDE, "allocs-outside") X(ANON, "anon") \
   X(ANON_MAPS, "anon-maps") X(AT, "at") X(ATTRIBUTION, "attribution") \
   X(BLOCK, "block") X(BLOCKING_IN_ASYNC, "blocking-in-async") \
   X(BLOCKING_US, "blocking-us") X(BLOCKING_WAITS, "blocking-waits") \
   X(BYTES_IN_TASKS, "bytes-in-tasks") X(BYTES_OUTSIDE, "bytes-outside") \
   X(CAUSE, "cause") X(CONDITION_US, "condition-us") \
   X(CONDITION_WAITS, "condition-waits") X(ENDED_MS, "ended-ms") \
   X(FILE_MAPS, "file-maps") X(FOOTPRINT, "footprint") \
   X(FROM_BLOCK, "from-block") X(FROM_KIND, "from-kind") \
   X(FUTURE, "future") X(INSNS_IN_TASKS, "insns-in-tasks") \
   X(INTERVAL, "interval") X(JOIN_US, "join-us") \
   X(JOIN_WAITS, "join-waits") X(KEPT, "kept") X(LABEL, "label") \
   X(LOCK_US, "lock-us") X(LOCK_WAITS, "lock-waits") \
   X(LOST_BLOCKS, "lost-blocks") X(LOST_BYTES, "lost-bytes") \
   X(MAP, "map") X(MAPPINGS, "mappings") X(MAPS, "maps") X(MAX, "max") \
   X(MAX_POLL_INSNS, "max-poll-insns") X(MS, "ms") X(OFFSET, "offset") \
   X(OTHER_US, "other-us") X(OTHER_WAITS, "other-waits") \
   X(PENDING_AT_EXIT, "pending-at-exit") X(PHASE, "phase") \
   X(POINTED_FROM, "pointed-from") X(POLL_ENTRIES, "poll-entries") \
   X(POLLS, "polls") X(RECOGNISED, "recognised") X(REGISTER, "register") \
   X(REST_BLOCKS, "rest-blocks") X(REST_SITES, "rest-sites") \
   X(ROLE_FOOTPRINT, "role-footprint") X(ROLE_SHARE, "role-share") \
   X(ROOT, "root") X(SECTION, "section") X(SLEEP_US, "sleep-us") \
   X(SLEEP_WAITS, "sleep-waits") X(SNAPSHOT, "snapshot") \
   X(SNAPSHOTS, "snapshots") X(SPAWN_SITE, "spawn-site") \
   X(SPAWNED, "spawned") X(SPAWNED_MS, "spawned-ms") \
   X(STACK_MAPS, "stack-maps") X(START, "start") X(STATE, "state") \
   X(SYMBOL, "symbol") X(SYMBOL_OFFSET, "symbol-offset") \
   X(TAKEN, "taken") X(TASK, "task") X(TASKS, "tasks") \
   X(THREAD_FOOTPRINT, "thread-footprint") \
   X(UNKNOWN_POLLS, "unknown-polls") X(VALUE, "value") \
   X(LEAK_CHECK, "leak-check") X(DEFINITE_BYTES, "definite-bytes") \
   X(DEFINITE_BLOCKS, "definite-blocks") \
   X(POSSIBLE_BYTES, "possible-bytes") \
   X(POSSIBLE_BLOCKS, "possible-blocks") \
   X(REACHABLE_BYTES, "reachable-bytes") \
   X(REACHABLE_BLOCKS, "reachable-blocks") X(RECORDS, "records") \
   X(CLS_LOCK, "lock") X(CLS_CONDITION, "condition") X(CLS_JOIN, "join") \
   X(CLS_SLEEP, "sleep") X(CLS_IDLE, "idle") X(CLS_OTHER, "other") \
   X(ALIVE, "alive") X(CELL_BYTES, "cell-bytes") \
   X(REST_CELL_BYTES, "rest-cell-bytes") X(REST_TASKS, "rest-tasks") \
   X(RECORD, "record") \
   X(RAYON_JOBS, "rayon-jobs") X(RAYON_UNKNOWN, "rayon-unknown")

enum Name {
   N_NONE,                       /* not one of them */
#define X(id, str) N_##id,
   NAMES(X)
#undef X
   N_NAMES
};

static const char *const name_str[N_NAMES] = {
   "",
#define X(id, str) str,
   NAMES(X)
#undef X
};

/* A <wake>'s woken waits by class, in wait_class_name's order. */
static const enum Name wake_class_name[WC_N] = {
   N_CLS_LOCK, N_CLS_CONDITION, N_CLS_JOIN, N_CLS_SLEEP, N_CLS_IDLE,
   N_CLS_OTHER,
};

/* futex_attrs' names, in its order (checked by names_init). */
static const enum Name futex_name[FUTEX_N] = {
   N_WAITS, N_WOKEN, N_EAGAIN, N_TIMEOUTS, N_EINTR, N_ERRORS, N_PENDING,
   N_BLOCKED_US, N_MAX_US, N_IDLE_WAITS, N_IDLE_US, N_WAKES, N_WOKE,
   N_LOCK_WAITS, N_LOCK_US, N_CONDITION_WAITS, N_CONDITION_US,
   N_JOIN_WAITS, N_JOIN_US, N_SLEEP_WAITS, N_SLEEP_US, N_OTHER_WAITS,
   N_OTHER_US,
};

/* The names' addresses in the reader's dictionary, and the other names
   of it met so far (as N_NONE), by address: open addressing, at most
   half full. */
#define NAME_SLOTS 1024

typedef struct {
   const xmlChar *s;
   enum Name id;
} NameSlot;

enum Kind {
   K_SKIP,      /* unknown here: skipped with everything inside */
   K_ROOT, K_RUN, K_TOOL, K_VALGRIND, K_COMMAND, K_EXE, K_ARG, K_PID,
   K_PPID, K_START, K_DURATION, K_END, K_THREADS, K_THREAD, K_NAME,
   K_THEAP, K_HEAP, K_LIVE, K_SITE, K_STACK, K_FRAME, K_IP, K_OBJ, K_FN,
   K_DIR, K_FILE, K_LINE, K_TFUTEX, K_ROLES, K_RSUM, K_RHEAP, K_RFUTEX,
   K_FSITES, K_FSITE, K_WAKES, K_WAKE, K_LEAKS, K_LTOTAL, K_LBYROLE,
   K_HELD, K_LREC, K_XFREES, K_XFREE, K_TIMELINE, K_SAMPLE, K_SROLE,
   K_ASITES, K_ASITE, K_BADCALLS, K_BADCALL, K_STABLE, K_TSTACK,
   K_MAPS, K_FPRINT, K_RFP, K_TFP, K_MAP, K_PFROM,
   K_TASKS, K_SPAWN, K_RSHARE, K_TASK, K_BLOCKIN,
   K_SNAPS, K_SNAP, K_SNROLE, K_SNSITE, K_PHASE,
   K_SNLEAK, K_SNLROLE, K_SNLREC,
   K_SNTASKS, K_SNSPAWN, K_SNTASK,
   K_COUNT
};

/* Level.seen has a bit per kind, in as many words as that takes. */
#define SEEN_WORDS ((K_COUNT + 63) / 64)
#define SEEN_BIT(k) (UINT64_C(1) << ((k) % 64))

static const char *const kind_name[K_COUNT] = {
   "?", "asynctrace", "run", "tool", "valgrind", "command", "exe", "arg",
   "pid", "ppid", "start-time", "duration-ms", "end", "threads", "thread",
   "name", "heap", "heap", "live-at-exit", "site", "stack", "frame", "ip",
   "obj", "fn", "dir", "file", "line", "futex", "roles", "role-summary",
   "heap", "futex", "futex-sites", "site", "wake-pairs", "wake", "leaks",
   "total", "by-role", "held-by", "loss-record", "cross-frees", "free",
   "timeline", "sample", "role", "alloc-sites", "site", "bad-calls",
   "bad-call", "stack-table", "stack", "mappings", "footprint",
   "role-footprint", "thread-footprint", "map", "pointed-from",
   "tasks", "spawn-site", "role-share", "task", "blocking-in-async",
   "snapshots", "snapshot", "role", "site", "phase",
   "leak-check", "by-role", "record",
   "tasks", "spawn-site", "task",
};

/* The elements at_print reads, by parent.  Others are skipped: the
   version changes only when something is removed or changes meaning, so
   a version 1 report may hold additions. */
static const struct {
   enum Kind parent;
   enum Name name;
   enum Kind kind;
   bool many, required;
} children[] = {
   { K_ROOT, N_RUN, K_RUN, false, true },
   { K_ROOT, N_THREADS, K_THREADS, false, true },
   { K_ROOT, N_HEAP, K_HEAP, false, true },
   { K_ROOT, N_LIVE_AT_EXIT, K_LIVE, false, true },
   /* Added to version 1 later: optional, so older reports still read. */
   { K_ROOT, N_ROLES, K_ROLES, false, false },
   { K_ROOT, N_FUTEX_SITES, K_FSITES, false, false },
   { K_ROOT, N_WAKE_PAIRS, K_WAKES, false, false },
   { K_ROOT, N_LEAKS, K_LEAKS, false, false },
   { K_ROOT, N_CROSS_FREES, K_XFREES, false, false },
   { K_ROOT, N_TIMELINE, K_TIMELINE, false, false },
   { K_ROOT, N_ALLOC_SITES, K_ASITES, false, false },
   { K_ROOT, N_BAD_CALLS, K_BADCALLS, false, false },
   { K_ROOT, N_MAPPINGS, K_MAPS, false, false },
   { K_ROOT, N_TASKS, K_TASKS, false, false },
   { K_ROOT, N_SNAPSHOTS, K_SNAPS, false, false },
   /* Version 2 (skipped in version 1). */
   { K_ROOT, N_STACK_TABLE, K_STABLE, false, false },
   { K_RUN, N_TOOL, K_TOOL, false, true },
   { K_RUN, N_VALGRIND, K_VALGRIND, false, true },
   { K_RUN, N_COMMAND, K_COMMAND, false, true },
   { K_RUN, N_PID, K_PID, false, true },
   { K_RUN, N_PPID, K_PPID, false, true },
   { K_RUN, N_START_TIME, K_START, false, true },
   { K_RUN, N_DURATION_MS, K_DURATION, false, true },
   { K_RUN, N_END, K_END, false, true },
   { K_COMMAND, N_EXE, K_EXE, false, true },
   { K_COMMAND, N_ARG, K_ARG, true, false },
   { K_THREADS, N_THREAD, K_THREAD, true, false },
   { K_THREAD, N_NAME, K_NAME, true, false },
   { K_THREAD, N_HEAP, K_THEAP, false, true },
   { K_THREAD, N_FUTEX, K_TFUTEX, false, false },
   { K_LIVE, N_SITE, K_SITE, true, false },
   { K_SITE, N_STACK, K_STACK, false, true },
   { K_ROLES, N_ROLE_SUMMARY, K_RSUM, true, false },
   { K_RSUM, N_HEAP, K_RHEAP, false, true },
   { K_RSUM, N_FUTEX, K_RFUTEX, false, true },
   { K_FSITES, N_SITE, K_FSITE, true, false },
   { K_FSITE, N_STACK, K_STACK, false, true },
   { K_WAKES, N_WAKE, K_WAKE, true, false },
   { K_LEAKS, N_TOTAL, K_LTOTAL, true, false },
   { K_LEAKS, N_BY_ROLE, K_LBYROLE, true, false },
   { K_LEAKS, N_HELD_BY, K_HELD, true, false },
   { K_LEAKS, N_LOSS_RECORD, K_LREC, true, false },
   { K_LREC, N_STACK, K_STACK, false, true },
   { K_LREC, N_POINTED_FROM, K_PFROM, false, false },
   { K_XFREES, N_FREE, K_XFREE, true, false },
   { K_TIMELINE, N_SAMPLE, K_SAMPLE, true, false },
   { K_SAMPLE, N_ROLE, K_SROLE, true, false },
   { K_ASITES, N_SITE, K_ASITE, true, false },
   { K_ASITE, N_STACK, K_STACK, false, true },
   { K_BADCALLS, N_BAD_CALL, K_BADCALL, true, false },
   { K_BADCALL, N_STACK, K_STACK, false, true },
   { K_MAPS, N_FOOTPRINT, K_FPRINT, true, false },
   { K_FPRINT, N_ROLE_FOOTPRINT, K_RFP, true, false },
   { K_FPRINT, N_THREAD_FOOTPRINT, K_TFP, true, false },
   { K_MAPS, N_MAP, K_MAP, true, false },
   { K_MAP, N_STACK, K_STACK, false, true },
   { K_TASKS, N_SPAWN_SITE, K_SPAWN, true, false },
   { K_TASKS, N_ROLE_SHARE, K_RSHARE, true, false },
   { K_TASKS, N_TASK, K_TASK, true, false },
   { K_TASKS, N_BLOCKING_IN_ASYNC, K_BLOCKIN, true, false },
   { K_SPAWN, N_STACK, K_STACK, false, true },
   { K_TASK, N_STACK, K_STACK, false, false },
   { K_BLOCKIN, N_STACK, K_STACK, false, true },
   { K_SNAPS, N_SNAPSHOT, K_SNAP, true, false },
   { K_SNAPS, N_PHASE, K_PHASE, true, false },
   { K_SNAP, N_ROLE, K_SNROLE, true, false },
   { K_SNAP, N_SITE, K_SNSITE, true, false },
   { K_SNSITE, N_STACK, K_STACK, false, true },
   { K_SNAP, N_LEAK_CHECK, K_SNLEAK, false, false },
   { K_SNLEAK, N_BY_ROLE, K_SNLROLE, true, false },
   { K_SNLEAK, N_RECORD, K_SNLREC, true, false },
   { K_SNLREC, N_STACK, K_STACK, false, true },
   { K_SNAP, N_TASKS, K_SNTASKS, false, false },
   { K_SNTASKS, N_SPAWN_SITE, K_SNSPAWN, true, false },
   { K_SNTASKS, N_TASK, K_SNTASK, true, false },
   { K_STACK, N_FRAME, K_FRAME, true, false },
   { K_STABLE, N_FRAME, K_FRAME, true, false },
   { K_STABLE, N_STACK, K_TSTACK, true, false },
   { K_FRAME, N_IP, K_IP, false, true },
   { K_FRAME, N_OBJ, K_OBJ, false, false },
   { K_FRAME, N_FN, K_FN, false, false },
   { K_FRAME, N_DIR, K_DIR, false, false },
   { K_FRAME, N_FILE, K_FILE, false, false },
   { K_FRAME, N_LINE, K_LINE, false, false },
};

static bool has_text(enum Kind k)
{
   switch (k) {
   case K_EXE: case K_ARG: case K_PID: case K_PPID: case K_START:
   case K_DURATION: case K_NAME: case K_IP: case K_OBJ: case K_FN:
   case K_DIR: case K_FILE: case K_LINE:
      return true;
   default:
      return false;
   }
}

/* children[] by parent and name: child_of[parent][name] is the index
   of the entry plus 1, or 0; required[parent] has a bit per kind of a
   required child.  Made once, from children[]. */
static uint8_t child_of[K_COUNT][N_NAMES];
static uint64_t required[K_COUNT][SEEN_WORDS];

_Static_assert(sizeof children / sizeof children[0] < 255,
               "too many children for child_of");

static void children_init(void)
{
   static bool done;
   if (done)
      return;
   for (size_t i = 0; i < sizeof children / sizeof children[0]; i++) {
      if (child_of[children[i].parent][children[i].name] == 0)
         child_of[children[i].parent][children[i].name] = (uint8_t)(i + 1);
      if (children[i].required)
         required[children[i].parent][children[i].kind / 64] |=
            SEEN_BIT(children[i].kind);
   }
   done = true;
}

/* Where each role stands in a list of distinct roles (the timeline's
   columns, the orphans by role): a hash table of their indices, so that
   a file naming many roles is read in linear time.  The list may move
   (it grows by realloc); the table holds indices, and each call is
   given the list as it is (base), whose elements are stride bytes
   apart, each with its Role off bytes in. */
typedef struct {
   size_t stride, off;
   size_t *slot;                 /* index + 1, or 0 for a free slot */
   size_t cap, n;                /* cap: 0 or a power of two */
} RoleIndex;

static const Role *role_at(const RoleIndex *ix, const void *base, size_t i)
{
   return (const Role *)((const char *)base + i * ix->stride + ix->off);
}

static size_t role_hash(const Role *r)
{
   const char *name = r->role ? r->role : "";
   uint64_t h = hash_bytes(name, strlen(name));
   if (r->has_pool)
      h = hash_mix(h ^ r->pool);
   return (size_t)h;
}

/* The index of the role equal to r among the ix->n of base, or ix->n. */
static size_t role_find(const RoleIndex *ix, const void *base, const Role *r)
{
   if (ix->cap == 0)
      return ix->n;
   for (size_t h = role_hash(r) & (ix->cap - 1);; h = (h + 1) & (ix->cap - 1)) {
      size_t v = ix->slot[h];
      if (v == 0)
         return ix->n;
      if (same_role(role_at(ix, base, v - 1), r))
         return v - 1;
   }
}

static void role_slot(RoleIndex *ix, const void *base, size_t i)
{
   size_t h = role_hash(role_at(ix, base, i)) & (ix->cap - 1);
   while (ix->slot[h] != 0)
      h = (h + 1) & (ix->cap - 1);
   ix->slot[h] = i + 1;
}

/* Notes that the role at index ix->n of base is now in the list. */
static void role_add(RoleIndex *ix, const void *base)
{
   if (2 * (ix->n + 1) > ix->cap) {
      size_t cap = ix->cap ? 2 * ix->cap : 16;
      free(ix->slot);
      ix->slot = xrealloc(NULL, cap * sizeof *ix->slot);
      memset(ix->slot, 0, cap * sizeof *ix->slot);
      ix->cap = cap;
      for (size_t i = 0; i < ix->n; i++)
         role_slot(ix, base, i);
   }
   role_slot(ix, base, ix->n++);
}

typedef struct {
   enum Kind kind;
   uint64_t seen[SEEN_WORDS];    /* bit per child kind met so far */
   long line;
} Level;

/* Has l not yet met a child its kind requires? */
static bool missing_required(const Level *l)
{
   for (size_t w = 0; w < SEEN_WORDS; w++)
      if (required[l->kind][w] & ~l->seen[w])
         return true;
   return false;
}

/* What the two reads with the stack table first share (report_read). */
typedef struct Fast {
   uint64_t table_at, table_end, table_stacks;
   const OwnRules *own;          /* grouping's */
   size_t frames;
   const Limits *show;           /* what is shown of the groups */
   Grouper *grouper;
   /* By stack id, from mode 1: where the attributes of its start tag
      end (spos[0]: the table's start), and a sum of its frame ids. */
   uint64_t *spos, *ssum;
   size_t capspos, capssum;
} Fast;

typedef struct {
   xmlParserCtxtPtr ctxt;        /* libxml2's push parser */
   xmlDictPtr dict;              /* its dictionary of names */
   XmlError *xerr;
   /* The start tag last read, taken once the parser goes on past it:
      cut short, libxml2 hands over its name and the attributes it read
      before it finds its '>' missing. */
   const xmlChar *pending;       /* its name, or NULL */
   long pending_line;
   uint64_t pending_at;          /* where the parser was then (in_pos) */
   uint64_t text_run;            /* bytes of text since the last tag */
   int text_kind;                /* of that text: 1 text, 2 CDATA */
   Report *rep;
   size_t top, futex_top, leaks_top, alloc_top;
   NameSlot names[NAME_SLOTS];   /* names by address */
   size_t nnames;
   /* The attributes of the element that has just started: av[n] is the
      value of attribute n if av_gen[n] is gen, copied into avbuf (libxml2
      hands them over as bytes in its own buffer, not ended by a zero). */
   const char *av[N_NAMES];
   uint32_t av_gen[N_NAMES], gen;
   Buf avbuf;
   /* The strings kept once (intern): open addressing, at most half
      full. */
   struct Once *once;
   size_t nonce, caponce;
   bool keep_all;                /* Limits.keep_all */
   Level *lv;
   size_t nlv, caplv;
   Buf text;
   Site site;                    /* the <live-at-exit> <site> being read */
   FSite fsite;                  /* the <futex-sites> <site> being read */
   Site lrec;                    /* the <loss-record> being read */
   ASite asite;                  /* the <alloc-sites> <site> being read */
   BadCall bad;                  /* the <bad-call> being read */
   MapRec map;                   /* the <map> being read */
   int fp_at;                    /* the <footprint> being read: FP_*,
                                    -1 if unknown */
   Sample sample;                /* the <sample> being read */
   RoleIndex tl_ix, orphan_ix;   /* of Report.tl_cols, .orphans */
   Stack *stack;                 /* the <stack> being read */
   Frame *frame;                 /* the <frame> being read */
   bool table_frame;             /* it is one of the stack table */
   Buf clean;                    /* scratch for its strings */
   int version;                  /* the report's format version */
   /* Version 2: the refs are checked against the table once it is read,
      by the largest (each is at least 1). */
   uint64_t refs, max_ref;
   long first_ref_line, max_ref_line;
   bool table_begun, table_done;
   uint64_t table_stacks;        /* the table's stacks attribute */
   size_t next_need;             /* the first Need the table has not
                                    reached yet */
   uint32_t *need_of;            /* or NULL: by ref, 1 + the index of its
                                    Need, 0 if none */
   /* Each list of the largest has been cut back to its --top at least
      once: its entry --top - 1 is then the smallest that can still be
      shown, and a smaller one read later is not kept. */
   bool cut_sites, cut_fsites, cut_lrecs, cut_asites;
   /* Reading with the stack table first (report_read): mode 1 reads
      the table alone, each stack handed to grouping (Fast.grouper) and
      its place noted, until its end (table_end);
      mode 2 the rest, where the table is replaced by an empty one that
      must start at table_at, each site, loss record and allocation site
      grouped as it is read.  Anything amiss fails: the file is then
      read again the usual way, for its error if it has one. */
   int mode;
   uint64_t table_at, table_end;
   bool table_ok;                /* mode 2: the empty table was where the
                                    table was */
   bool threads_done;            /* </threads> read */
   Grouper *grouper;
   struct Fast *fast;            /* modes 1 and 2 */
   uint32_t *ids;                /* mode 1: the frames of a stack */
   size_t capids;
   bool done;                    /* the root element ended */
   bool failed;
   char why[1024];
} Parser;

static uint64_t in_pos(const Parser *p);

static void fail(Parser *p, const char *fmt, ...)
{
   if (p->failed)
      return;
   va_list ap;
   va_start(ap, fmt);
   vsnprintf(p->why, sizeof p->why, fmt, ap);
   va_end(ap);
   p->failed = true;
}

/* The line the parser is at: that of the end of the start tag it has
   just read, as libxml2's own tree would give the element (exact, where
   its tree keeps 16 bits of it). */
static long cur_line(const Parser *p)
{
   return p->ctxt->input != NULL ? (long)p->ctxt->input->line : -1;
}

static size_t name_hash(const xmlChar *s)
{
   return (size_t)(((uint64_t)(uintptr_t)s * UINT64_C(0x9e3779b97f4a7c15))
                   >> 54) & (NAME_SLOTS - 1);
}

static void name_add(Parser *p, const xmlChar *s, enum Name id)
{
   if (p->nnames >= NAME_SLOTS / 2)
      return;                    /* full: the rest are compared as text */
   size_t h = name_hash(s);
   while (p->names[h].s != NULL) {
      if (p->names[h].s == s)
         return;
      h = (h + 1) & (NAME_SLOTS - 1);
   }
   p->names[h] = (NameSlot){ s, id };
   p->nnames++;
}

/* The dictionary's copy of each name of the format. */
static void names_init(Parser *p)
{
   for (size_t i = 0; i < FUTEX_N; i++)
      assert(strcmp(name_str[futex_name[i]], futex_attrs[i].name) == 0);
   for (int n = 1; n < N_NAMES; n++) {
      const xmlChar *s = xmlDictLookup(p->dict, BAD_CAST name_str[n], -1);
      if (s != NULL)
         name_add(p, s, (enum Name)n);
   }
}

/* The id of name s of a node, N_NONE if it is none of the format's. */
static enum Name name_id(Parser *p, const xmlChar *s)
{
   for (size_t h = name_hash(s);; h = (h + 1) & (NAME_SLOTS - 1)) {
      if (p->names[h].s == s)
         return p->names[h].id;
      if (p->names[h].s == NULL)
         break;
   }
   /* A name met for the first time, or one not in the dictionary (where
      libxml2 does keep them, but need not): by its text, and remembered
      by address if it is the dictionary's. */
   enum Name id = N_NONE;
   for (int n = 1; n < N_NAMES; n++)
      if (strcmp((const char *)s, name_str[n]) == 0) {
         id = (enum Name)n;
         break;
      }
   if (xmlDictOwns(p->dict, s) == 1)
      name_add(p, s, id);
   return id;
}

/* Notes the n attributes of the element that has just started, as
   libxml2's SAX2 handler gives them (name, prefix, URI, value, end of
   value; five pointers each): those in no namespace, the first of a
   name, as the streaming reader found them in its tree. */
static void attrs_read(Parser *p, const xmlChar **at, int n)
{
   if (++p->gen == 0) {
      memset(p->av_gen, 0, sizeof p->av_gen);
      p->gen = 1;
   }
   buf_clear(&p->avbuf);
   size_t off[N_NAMES];
   enum Name which[N_NAMES];
   size_t k = 0;
   for (int i = 0; i < n; i++, at += 5) {
      if (at[1] != NULL || at[2] != NULL || at[0] == NULL)
         continue;
      enum Name id = name_id(p, at[0]);
      if (id == N_NONE || p->av_gen[id] == p->gen)
         continue;
      p->av_gen[id] = p->gen;
      const char *v = (const char *)at[3], *e = (const char *)at[4];
      size_t len = v != NULL && e > v ? (size_t)(e - v) : 0;
      off[k] = p->avbuf.len;
      which[k++] = id;
      /* Without a tree to build, libxml2 leaves "&" written as a
         reference to be decoded by the handler, as "&#38;": in a
         well-formed value, an '&' can be nothing else. */
      const char *amp = len > 0 ? memchr(v, '&', len) : NULL;
      if (amp == NULL) {
         buf_add(&p->avbuf, v, len);
      } else {
         for (const char *q = v; q < e;) {
            if (*q == '&' && e - q >= 5 && memcmp(q, "&#38;", 5) == 0) {
               buf_add(&p->avbuf, "&", 1);
               q += 5;
            } else {
               buf_add(&p->avbuf, q, 1);
               q++;
            }
         }
      }
      buf_add(&p->avbuf, "", 1);  /* its end, a zero */
   }
   for (size_t i = 0; i < k; i++)
      p->av[which[i]] = p->avbuf.s + off[i];
}

/* Attribute n of the element that has just started, or NULL. */
static const char *attr_get(Parser *p, enum Name n)
{
   return p->av_gen[n] == p->gen ? p->av[n] : NULL;
}

/* The value of attribute name of the current element, cleaned; NULL and
   a failure if it is required and missing. */
static char *attr_str(Parser *p, const char *elem, enum Name name,
                      bool required, long line)
{
   const char *v = attr_get(p, name);
   if (v == NULL) {
      if (required)
         fail(p, "line %ld: <%s> has no %s attribute", line, elem,
              name_str[name]);
      return NULL;
   }
   return clean_dup(v);
}

static bool attr_u64(Parser *p, const char *elem, enum Name name,
                     long line, uint64_t *out)
{
   const char *v = attr_get(p, name);
   if (v == NULL) {
      fail(p, "line %ld: <%s> has no %s attribute", line, elem,
           name_str[name]);
      return false;
   }
   bool ok = parse_u64(v, out);
   if (!ok) {
      char *c = clip(v, 40);
      fail(p, "line %ld: <%s> attribute %s is not a number: \"%s\"",
           line, elem, name_str[name], c);
      free(c);
   }
   return ok;
}

/* An id of the stack table (a stack ref, or a frame or stack id):
   required, a number, and telling one too large for 64 bits from one
   that is not a number at all. */
static bool attr_id(Parser *p, const char *elem, enum Name name,
                    long line, uint64_t *out)
{
   const char *v = attr_get(p, name);
   if (v == NULL) {
      fail(p, "line %ld: <%s> has no %s attribute", line, elem,
           name_str[name]);
      return false;
   }
   const char *s = v;
   bool ok = parse_u64(s, out);
   if (!ok) {
      s += strspn(s, " \t\r\n");
      s += *s == '+';
      size_t digits = strspn(s, "0123456789");
      bool big = digits > 0 &&
                 s[digits + strspn(s + digits, " \t\r\n")] == '\0';
      char *c = clip((const char *)v, 40);
      fail(p, "line %ld: <%s> attribute %s is %s: \"%s\"", line, elem,
           name_str[name], big ? "too large" : "not a number", c);
      free(c);
   }
   return ok;
}

/* Optional: *present tells whether it was there. */
static bool attr_u64_opt(Parser *p, const char *elem, enum Name name,
                         long line, uint64_t *out, bool *present)
{
   *present = attr_get(p, name) != NULL;
   if (!*present)
      return true;
   return attr_u64(p, elem, name, line, out);
}

/* A string kept once in the report, raw and cleaned, for those every
   site repeats (its role, leak kind, futex class and ops): a report
   with a million sites has a handful of them, and a site, kept or not,
   then costs no malloc for them. */
typedef struct Once {
   uint64_t hash;
   const char *raw;              /* as in the file; NULL: a free slot */
   size_t len;
   char *clean;                  /* cleaned for printing */
} Once;

static void once_grow(Parser *p)
{
   size_t cap = p->caponce ? 2 * p->caponce : 64;
   Once *t = xrealloc(NULL, cap * sizeof *t);
   memset(t, 0, cap * sizeof *t);
   for (size_t i = 0; i < p->caponce; i++) {
      if (p->once[i].raw == NULL)
         continue;
      size_t j = p->once[i].hash & (cap - 1);
      while (t[j].raw != NULL)
         j = (j + 1) & (cap - 1);
      t[j] = p->once[i];
   }
   free(p->once);
   p->once = t;
   p->caponce = cap;
}

/* raw cleaned, in the report's strings (Report.strs), once. */
static char *intern(Parser *p, const char *raw)
{
   size_t n = strlen(raw);
   uint64_t h = hash_bytes(raw, n);
   if (2 * (p->nonce + 1) > p->caponce)
      once_grow(p);
   for (size_t i = h & (p->caponce - 1);; i = (i + 1) & (p->caponce - 1)) {
      Once *o = &p->once[i];
      if (o->raw == NULL) {
         Report *r = p->rep;
         buf_clear(&p->clean);
         buf_add_clean(&p->clean, raw);
         *o = (Once){ .hash = h, .len = n,
                      .raw = arena_dup(&r->strs, raw, n),
                      .clean = arena_dup(&r->strs, p->clean.s,
                                         p->clean.len) };
         p->nonce++;
         return o->clean;
      }
      if (o->hash == h && o->len == n && memcmp(o->raw, raw, n) == 0)
         return o->clean;
   }
}

/* As attr_str, but kept once (intern): not to be freed. */
static char *attr_istr(Parser *p, const char *elem, enum Name name,
                       bool required, long line)
{
   const char *v = attr_get(p, name);
   if (v == NULL) {
      if (required)
         fail(p, "line %ld: <%s> has no %s attribute", line, elem,
              name_str[name]);
      return NULL;
   }
   return intern(p, v);
}

/* A role attribute named role_name (required) and its pool attribute
   named pool_name (optional); the role kept once if once, else in a
   malloc of its own. */
static bool attr_role_named(Parser *p, const char *elem, long line, Role *r,
                            enum Name role_name, enum Name pool_name,
                            bool once)
{
   if (once) {
      r->role = attr_istr(p, elem, role_name, true, line);
   } else {
      free(r->role);
      r->role = attr_str(p, elem, role_name, true, line);
   }
   return r->role != NULL &&
      attr_u64_opt(p, elem, pool_name, line, &r->pool, &r->has_pool);
}

/* The role attribute (required) and the optional pool and, where
   with_index, index attributes. */
static bool attr_role(Parser *p, const char *elem, long line, Role *r,
                      bool with_index)
{
   if (!attr_role_named(p, elem, line, r, N_ROLE, N_POOL, false))
      return false;
   return !with_index ||
      attr_u64_opt(p, elem, N_INDEX, line, &r->index, &r->has_index);
}

/* The role and pool of a site (live, loss record, allocation or futex
   site): kept once. */
static bool attr_site_role(Parser *p, const char *elem, long line, Role *r)
{
   return attr_role_named(p, elem, line, r, N_ROLE, N_POOL, true);
}

/* An optional attribute that is "yes" or "no"; anything else fails.
   *present tells whether it was there. */
static bool attr_yes_no(Parser *p, const char *elem, enum Name name,
                        long line, bool *out, bool *present)
{
   const char *v = attr_get(p, name);
   bool ok = true;
   *present = v != NULL;
   if (v == NULL)
      return true;
   if (strcmp(v, "yes") == 0) {
      *out = true;
   } else if (strcmp(v, "no") == 0) {
      *out = false;
   } else {
      char *c = clip(v, 20);
      fail(p, "line %ld: <%s> attribute %s is \"%s\", not yes or no",
           line, elem, name_str[name], c);
      free(c);
      ok = false;
   }
   return ok;
}

/* The leak-scan attributes of a <site> or <loss-record>: the kind
   (required if need_kind), the indirect bytes and blocks (both or
   neither) and the orphan mark. */
static void attr_leak(Parser *p, const char *elem, long line, Site *s,
                      bool need_kind)
{
   bool has_blocks = false, orphan_present = false;
   s->kind = attr_istr(p, elem, N_KIND, need_kind, line);
   if (p->failed ||
       !attr_u64_opt(p, elem, N_INDIRECT_BYTES, line, &s->ind_bytes,
                     &s->has_ind) ||
       !attr_u64_opt(p, elem, N_INDIRECT_BLOCKS, line, &s->ind_blocks,
                     &has_blocks))
      return;
   if (s->has_ind != has_blocks) {
      fail(p, "line %ld: <%s> has %s but not %s", line, elem,
           s->has_ind ? "indirect-bytes" : "indirect-blocks",
           s->has_ind ? "indirect-blocks" : "indirect-bytes");
      return;
   }
   attr_yes_no(p, elem, N_ORPHAN, line, &s->orphan, &orphan_present);
}

/* A loss record's <pointed-from>: kept as written, for printing (its
   <stack> is not read). */
static void attr_pfrom(Parser *p, const char *elem, long line, Site *s)
{
   PointedFrom *f = xrealloc(NULL, sizeof *f);
   memset(f, 0, sizeof *f);
   s->from = f;
   f->root = attr_str(p, elem, N_ROOT, true, line);
   f->addr = attr_str(p, elem, N_ADDR, false, line);
   f->reg = attr_str(p, elem, N_REGISTER, false, line);
   f->value = attr_str(p, elem, N_VALUE, false, line);
   f->block = attr_str(p, elem, N_BLOCK, false, line);
   f->obj = attr_str(p, elem, N_OBJ, false, line);
   f->section = attr_str(p, elem, N_SECTION, false, line);
   f->offset = attr_str(p, elem, N_OFFSET, false, line);
   f->symbol = attr_str(p, elem, N_SYMBOL, false, line);
   f->symbol_offset = attr_str(p, elem, N_SYMBOL_OFFSET, false, line);
   f->from_block = attr_str(p, elem, N_FROM_BLOCK, false, line);
   f->from_kind = attr_str(p, elem, N_FROM_KIND, false, line);
   attr_u64_opt(p, elem, N_THREAD, line, &f->thread, &f->has_thread);
}

/* Futex counters, by attribute name (futex_attrs' order).  A reader
   asks for those it prints; they must be there.  The others are kept
   where they are numbers, for --format=json, which shows what the
   report has. */
enum {
   FX_WAITS = 1 << 0, FX_WOKEN = 1 << 1, FX_EAGAIN = 1 << 2,
   FX_TIMEOUTS = 1 << 3, FX_EINTR = 1 << 4, FX_ERRORS = 1 << 5,
   FX_PENDING = 1 << 6, FX_BLOCKED = 1 << 7, FX_MAX = 1 << 8,
   FX_IDLE_WAITS = 1 << 9, FX_IDLE_US = 1 << 10, FX_WAKES = 1 << 11,
   FX_WOKE = 1 << 12,
};

static bool attr_futex(Parser *p, const char *elem, long line, Futex *f,
                       unsigned need)
{
   f->has = 0;
   for (size_t i = 0; i < FUTEX_N; i++) {
      uint64_t *out = (uint64_t *)((char *)f + futex_attrs[i].off);
      if (need & (1u << i)) {
         if (!attr_u64(p, elem, futex_name[i], line, out))
            return false;
         f->has |= 1u << i;
      } else {
         const char *v = attr_get(p, futex_name[i]);
         if (v != NULL && parse_u64(v, out))
            f->has |= 1u << i;
      }
   }
   return true;
}

static void check_root(Parser *p, const char *name)
{
   if (strcmp(name, "asynctrace") != 0) {
      char *c = clip(name, 40);
      fail(p, "not an asynctrace report (the root element is <%s>, "
           "not <asynctrace>)", c);
      free(c);
      return;
   }
   const char *v = attr_get(p, N_VERSION);
   if (v == NULL) {
      fail(p, "report has no format version (no version attribute on "
           "<asynctrace>)");
      return;
   }
   /* A RELAX NG <value> compares as a token: ignore surrounding space. */
   const char *s = v;
   size_t n = strlen(s);
   while (n > 0 && is_xml_space(s[n - 1]))
      n--;
   while (n > 0 && is_xml_space(*s))
      s++, n--;
   if (n == 1 && (*s == '1' || *s == '2')) {
      p->version = *s - '0';
   } else {
      char *trimmed = xstrdup(n ? s : "\"\"");
      if (n)
         trimmed[n] = '\0';
      char *c = clip(trimmed, 20);
      free(trimmed);
      fail(p, "report format version %s is not supported (this at_print "
           "reads versions " FORMAT_VERSIONS ")", c);
      free(c);
   }
}

static Thread *cur_thread(Parser *p)
{
   return &p->rep->threads[p->rep->nthreads - 1];
}

static Frame *cur_frame(Parser *p)
{
   return p->frame;
}

/* ---- Version 2's stacks ---- */

/* A <stack> where a section names one: in version 2 a ref into the
   table, in version 1 its frames. */
static void stack_ref(Parser *p, long line)
{
   Stack *s = p->stack;
   bool has = attr_get(p, N_REF) != NULL;
   if (p->version == 1) {
      if (has)
         fail(p, "line %ld: <stack ref> in a version 1 report (a version 1 "
              "stack holds its frames)", line);
      return;
   }
   if (!has)
      return;                    /* said at its end, unless it has frames */
   if (p->table_begun) {
      /* The table's stacks are kept only for the sites read before it. */
      fail(p, "line %ld: <stack ref> after the <stack-table>, which must be "
           "the last element", line);
      return;
   }
   if (!attr_id(p, "stack", N_REF, line, &s->ref))
      return;
   if (s->ref == 0) {
      fail(p, "line %ld: <stack> attribute ref is 0 (stack ids count from 1)",
           line);
      return;
   }
   if (p->refs++ == 0)
      p->first_ref_line = line;
   if (s->ref > p->max_ref) {
      p->max_ref = s->ref;
      p->max_ref_line = line;
   }
}

static int cmp_need(const void *a, const void *b)
{
   const Need *x = a, *y = b;
   return (x->ref > y->ref) - (x->ref < y->ref);
}

/* Calls fn(ctx, s) on the stack s of each kept entry that names one of
   the table's (a task may have none). */
static void each_kept_stack(Report *r, void (*fn)(void *, Stack *),
                            void *ctx)
{
#define VISIT(s) do { if ((s)->ref != 0) fn(ctx, (s)); } while (0)
   for (size_t i = 0; i < r->nsites; i++)
      VISIT(&r->sites[i].stack);
   for (size_t i = 0; i < r->nfsites; i++)
      VISIT(&r->fsites[i].stack);
   for (size_t i = 0; i < r->nlrecs; i++)
      VISIT(&r->lrecs[i].stack);
   for (size_t i = 0; i < r->nasites; i++)
      VISIT(&r->asites[i].stack);
   for (size_t i = 0; i < r->nbad; i++)
      VISIT(&r->bad[i].stack);
   for (size_t i = 0; r->maps && i < r->maps->nlist; i++)
      VISIT(&r->maps->list[i].stack);
   Tasks *t = r->tasks;
   for (size_t i = 0; t && i < t->nsites; i++)
      VISIT(&t->sites[i].stack);
   for (size_t i = 0; t && i < t->ntasks; i++)
      VISIT(&t->tasks[i].stack);
   for (size_t i = 0; t && i < t->nblocks; i++)
      VISIT(&t->blocks[i].stack);
   for (size_t i = 0; r->snaps && i < r->snaps->n; i++)
      for (size_t j = 0; j < r->snaps->list[i].nsites; j++)
         VISIT(&r->snaps->list[i].sites[j].stack);
   for (size_t i = 0; r->snaps && i < r->snaps->n; i++)
      for (size_t j = 0; j < r->snaps->list[i].nlrecs; j++)
         VISIT(&r->snaps->list[i].lrecs[j].stack);
#undef VISIT
}

static void count_stack(void *ctx, Stack *s)
{
   (void)s;
   (*(size_t *)ctx)++;
}

static void mark_stack(void *ctx, Stack *s)
{
   ((uint32_t *)ctx)[s->ref] = 1;
}

static void add_need(void *ctx, Stack *s)
{
   Report *r = ctx;
   r->need[r->nneed++] = (Need){ .ref = s->ref };
}

/* The stacks the kept records show (n of them, duplicates included),
   sorted by ref, each once. */
static void gather_needs(Report *r, size_t n)
{
   each_kept_stack(r, add_need, r);
   qsort(r->need, n, sizeof *r->need, cmp_need);
   r->nneed = 0;
   for (size_t i = 0; i < n; i++)
      if (r->nneed == 0 || r->need[r->nneed - 1].ref != r->need[i].ref)
         r->need[r->nneed++] = r->need[i];
}

/* <stack-table> starts: note which of its stacks the kept entries use. */
static void table_begin(Parser *p, long line)
{
   Report *r = p->rep;
   p->table_begun = true;
   if (!attr_u64(p, "stack-table", N_STACKS, line, &p->table_stacks))
      return;
   if (p->mode == 1)
      return;                    /* every stack is kept (table_stack) */
   size_t n = 0;
   each_kept_stack(r, count_stack, &n);
   r->need = xrealloc(NULL, (n ? n : 1) * sizeof *r->need);
   r->nneed = 0;
   if (n > 0 && n < UINT32_MAX && p->max_ref <= 8 * (uint64_t)n + 1024) {
      /* Sites kept by the million (all of them, say) use most of the
         table's stacks: their refs are sorted by marking each in an
         array by ref, which resolve_stack reads too, rather than by
         qsort and a bsearch a site. */
      size_t m = (size_t)p->max_ref + 1;
      p->need_of = xrealloc(NULL, m * sizeof *p->need_of);
      memset(p->need_of, 0, m * sizeof *p->need_of);
      each_kept_stack(r, mark_stack, p->need_of);
      for (size_t ref = 1; ref < m; ref++)
         if (p->need_of[ref] != 0) {
            r->need[r->nneed++] = (Need){ .ref = ref };
            p->need_of[ref] = (uint32_t)r->nneed;
         }
      return;
   }
   gather_needs(r, n);
}

/* A <frame id> of the table: ids count from 1, in order. */
static void table_frame(Parser *p, long line)
{
   Report *r = p->rep;
   uint64_t id;
   p->frame = NULL;
   if (!attr_id(p, "frame", N_ID, line, &id))
      return;
   if (id != (uint64_t)r->ntframes + 1) {
      fail(p, "line %ld: <frame> id %" PRIu64 " is out of order (%" PRIu64
           " expected: the table's frame ids count from 1)", line, id,
           (uint64_t)r->ntframes + 1);
      return;
   }
   if (r->ntframes == UINT32_MAX) {      /* the stacks hold 32-bit indices */
      fail(p, "line %ld: more than %s frames in the <stack-table>", line,
           num(UINT32_MAX));
      return;
   }
   GROW(r->tframes, r->captframes, r->ntframes + 1);
   p->frame = &r->tframes[r->ntframes++];
   memset(p->frame, 0, sizeof *p->frame);
}

/* A sum of a stack's frame ids, to know them again (reread_stacks):
   two running sums (Fletcher's), which change with any id and with
   their order, at an add each. */
static uint64_t ids_sum(const uint32_t *ids, size_t n)
{
   uint64_t s1 = n, s2 = 0;
   for (size_t i = 0; i < n; i++) {
      s1 += ids[i];
      s2 += s1;
   }
   return s1 ^ (s2 << 24 | s2 >> 40);
}

/* Mode 1: stack id (its frames in p->ids) to grouping, which keeps its
   key rather than its frames; where it is and the sum of its frames
   noted, to read them again if it is shown. */
static void table_stack_keyed(Parser *p, uint64_t id, size_t nids)
{
   struct Fast *f = p->fast;
   if (!grouper_stack(f->grouper, p->ids, nids)) {
      fail(p, "too many stacks or frames to group as read: read again");
      return;
   }
   GROW(f->spos, f->capspos, id + 1);
   GROW(f->ssum, f->capssum, id + 1);
   f->spos[0] = p->table_at;
   f->spos[id] = p->table_at + p->pending_at;
   f->ssum[id] = ids_sum(p->ids, nids);
}

/* A <stack id frames> of the table: its frames are kept if a kept site
   uses it, and checked in any case (mode 1: grouped). */
static void table_stack(Parser *p, long line)
{
   Report *r = p->rep;
   uint64_t id;
   if (!attr_id(p, "stack", N_ID, line, &id))
      return;
   if (id != r->ntstacks + 1) {
      fail(p, "line %ld: <stack> id %" PRIu64 " is out of order (%" PRIu64
           " expected: the table's stack ids count from 1)", line, id,
           r->ntstacks + 1);
      return;
   }
   r->ntstacks++;
   const char *v = attr_get(p, N_FRAMES);
   if (v == NULL) {
      fail(p, "line %ld: <stack> has no frames attribute", line);
      return;
   }
   Need *nd = NULL;
   size_t nids = 0;              /* mode 1: its frames, in p->ids */
   if (p->mode != 1 && p->next_need < r->nneed &&
       r->need[p->next_need].ref == id) {
      nd = &r->need[p->next_need++];
      nd->start = r->ntids;
   }
   /* A million stacks of tens of frames: each id is read with no more
      than a test a digit. */
   for (const char *q = v;;) {
      while (is_xml_space(*q))
         q++;
      if (*q == '\0')
         break;
      const char *tok = q;
      uint64_t f = 0;
      bool big = false;
      for (; (unsigned)(*q - '0') < 10; q++)
         f = f * 10 + (unsigned)(*q - '0');
      if (q - tok > 19) {        /* 19 digits always fit: these may not */
         f = 0;
         for (const char *d = tok; d < q; d++) {
            unsigned digit = (unsigned)(*d - '0');
            if (f > (UINT64_MAX - digit) / 10)
               big = true;
            else
               f = f * 10 + digit;
         }
      }
      if (q == tok || (*q != '\0' && !is_xml_space(*q))) {
         char *c = clip(v, 40);
         fail(p, "line %ld: <stack> attribute frames is not a list of frame "
              "ids: \"%s\"", line, c);
         free(c);
         break;
      }
      if (big) {
         int len = q - tok > 30 ? 30 : (int)(q - tok);
         fail(p, "line %ld: <stack> attribute frames has an id too large: "
              "\"%.*s%s\"", line, len, tok, q - tok > len ? "..." : "");
         break;
      }
      if (f == 0 || f > r->ntframes) {
         fail(p, "line %ld: <stack id=\"%" PRIu64 "\"> uses frame %" PRIu64
              ", which no <frame> before it defines", line, id, f);
         break;
      }
      if (nd != NULL) {
         if (r->ntids == r->captids)
            GROW(r->tids, r->captids, r->ntids + 1);
         r->tids[r->ntids++] = (uint32_t)(f - 1);
      } else if (p->mode == 1) {
         if (nids == p->capids)
            GROW(p->ids, p->capids, nids + 1);
         p->ids[nids++] = (uint32_t)(f - 1);
      }
   }
   if (nd != NULL)
      nd->n = r->ntids - nd->start;
   if (p->mode == 1 && !p->failed)
      table_stack_keyed(p, id, nids);
}

/* The report has ended: its refs must name stacks of the table. */
static void check_refs(Parser *p, long line)
{
   if (p->version != 2 || p->refs == 0)
      return;
   if (!p->table_done)
      fail(p, "line %ld: <asynctrace> has no <stack-table>: the stacks it "
           "refers to (the first at line %ld) are missing", line,
           p->first_ref_line);
   else if (p->max_ref > p->rep->ntstacks)
      fail(p, "line %ld: <stack ref=\"%" PRIu64 "\"> names no stack (the "
           "<stack-table> has %" PRIu64 ")", p->max_ref_line, p->max_ref,
           p->rep->ntstacks);
}

/* Points the kept sites' stacks at their frames in the table. */
static void resolve_stack(Report *r, const uint32_t *need_of, Stack *s)
{
   Need key = { .ref = s->ref };
   const Need *nd = need_of != NULL
                    ? &r->need[need_of[s->ref] - 1]
                    : s->ref <= r->nneed && r->need[s->ref - 1].ref == s->ref
                    ? &r->need[s->ref - 1]       /* every stack kept */
                    : bsearch(&key, r->need, r->nneed, sizeof *r->need,
                              cmp_need);
   s->in_table = true;
   s->tab = r->tframes;
   if (nd != NULL && nd->n > 0) {
      s->ids = r->tids + nd->start;
      s->nids = nd->n;
   }
}

typedef struct {
   Report *r;
   const uint32_t *need_of;
} Resolve;

static void resolve_one(void *ctx, Stack *s)
{
   Resolve *x = ctx;
   resolve_stack(x->r, x->need_of, s);
}

static void resolve_stacks(Report *r, const uint32_t *need_of)
{
   Resolve x = { r, need_of };
   each_kept_stack(r, resolve_one, &x);
}

/* Grouped as read (modes 1 and 2), the stacks' frames were not kept:
   those of the stacks the kept entries use are read again from the
   table, in the order of the file, where mode 1 noted each one: the
   start tag of stack ref is the last '<' before spos[ref], after
   spos[ref - 1], its attributes in between, and its frame ids must sum
   to what they did then.  A table written otherwise (a reference in
   the frames, say) fails: the file is then read again the usual way. */
static bool reread_stacks(Report *r, int fd, const Fast *f)
{
   size_t n = 0;
   each_kept_stack(r, count_stack, &n);
   free(r->need);
   r->need = xrealloc(NULL, (n ? n : 1) * sizeof *r->need);
   r->nneed = 0;
   gather_needs(r, n);
   char *buf = NULL;
   size_t cap = 0, have = 0;
   uint64_t at = 0;              /* buf holds [at, at + have) */
   bool ok = true;
   for (size_t k = 0; ok && k < r->nneed; k++) {
      Need *nd = &r->need[k];
      uint64_t ref = nd->ref;
      ok = false;
      if (ref == 0 || ref >= f->capspos || ref > r->ntstacks)
         break;
      uint64_t lo = f->spos[ref - 1], hi = f->spos[ref];
      if (hi <= lo || hi - lo > (UINT64_C(1) << 30))
         break;
      if (lo < at || hi > at + have) {
         size_t want = hi - lo < INPUT_BUF ? INPUT_BUF : (size_t)(hi - lo);
         if (lo + want > f->table_end)
            want = (size_t)(f->table_end - lo);
         if (want < hi - lo)
            break;
         if (want > cap) {
            cap = want;
            buf = xrealloc(buf, cap);
         }
         at = lo;
         have = 0;
         while (have < want) {
            ssize_t got = pread(fd, buf + have, want - have,
                                (off_t)(at + have));
            if (got < 0 && errno == EINTR)
               continue;
            if (got <= 0)
               break;
            have += (size_t)got;
         }
         if (hi > at + have)
            break;
      }
      const char *b = buf + (lo - at), *e = buf + (hi - at);
      const char *q = memrchr(b, '<', (size_t)(e - b));
      if (q == NULL || e - q < 6 || memcmp(q, "<stack", 6) != 0)
         break;
      q += 6;
      nd->start = r->ntids;
      bool frames = false;
      /* Its attributes: name, '=', a quoted value, white space around. */
      for (;;) {
         while (q < e && is_xml_space(*q))
            q++;
         if (q == e || *q == '/' || *q == '>')
            break;
         const char *name = q;
         while (q < e && *q != '=' && !is_xml_space(*q))
            q++;
         size_t len = (size_t)(q - name);
         while (q < e && is_xml_space(*q))
            q++;
         if (q == e || *q++ != '=')
            break;
         while (q < e && is_xml_space(*q))
            q++;
         if (q == e || (*q != '"' && *q != '\''))
            break;
         const char *v = q + 1, *ve = memchr(v, *q, (size_t)(e - v));
         if (ve == NULL)
            break;
         q = ve + 1;
         if (len != 6 || memcmp(name, "frames", 6) != 0)
            continue;
         if (frames || memchr(v, '&', (size_t)(ve - v)) != NULL)
            break;
         frames = true;
         for (const char *d = v; d < ve;) {
            if (is_xml_space(*d)) {
               d++;
               continue;
            }
            uint64_t id = 0;
            const char *tok = d;
            for (; d < ve && (unsigned)(*d - '0') < 10 && d - tok < 12; d++)
               id = id * 10 + (unsigned)(*d - '0');
            if (d == tok || id == 0 || id > r->ntframes ||
                (d < ve && !is_xml_space(*d))) {
               frames = false;
               break;
            }
            GROW(r->tids, r->captids, r->ntids + 1);
            r->tids[r->ntids++] = (uint32_t)(id - 1);
         }
         if (!frames)
            break;
      }
      nd->n = r->ntids - nd->start;
      ok = frames && (q == e || *q == '/' || *q == '>') &&
           ids_sum(nd->n > 0 ? r->tids + nd->start : NULL, nd->n) ==
           f->ssum[ref];         /* (tids is NULL while the stacks had
                                    no frames) */
   }
   free(buf);
   return ok;
}

/* The figures of a footprint row. */
static bool attr_fp(Parser *p, const char *elem, long line, Fp *f)
{
   return attr_u64(p, elem, N_HEAP, line, &f->heap) &&
          attr_u64(p, elem, N_STACKS, line, &f->stacks) &&
          attr_u64(p, elem, N_ANON, line, &f->anon) &&
          attr_u64(p, elem, N_FILE, line, &f->file) &&
          attr_u64(p, elem, N_TOTAL, line, &f->total) &&
          attr_u64(p, elem, N_STACK_MAPS, line, &f->stack_maps) &&
          attr_u64(p, elem, N_ANON_MAPS, line, &f->anon_maps) &&
          attr_u64(p, elem, N_FILE_MAPS, line, &f->file_maps);
}

/* ---- <tasks> ---- */

/* A spawn site's figures, by attribute name. */
static const struct {
   enum Name name;
   size_t off;
} spawn_figs[] = {
   { N_SPAWNED, offsetof(SpawnSite, spawned) },
   { N_ENDED, offsetof(SpawnSite, ended) },
   { N_ALIVE_AT_EXIT, offsetof(SpawnSite, alive) },
   { N_PENDING_AT_EXIT, offsetof(SpawnSite, pending) },
   { N_POLLS, offsetof(SpawnSite, polls) },
   { N_INSNS, offsetof(SpawnSite, insns) },
   { N_MAX_POLL_INSNS, offsetof(SpawnSite, max_poll) },
   { N_ALLOCS, offsetof(SpawnSite, allocs) },
   { N_BYTES_ALLOCATED, offsetof(SpawnSite, bytes) },
   { N_PEAK_LIVE, offsetof(SpawnSite, peak_live) },
   { N_LIVE_BLOCKS, offsetof(SpawnSite, live_blocks) },
   { N_LIVE_BYTES, offsetof(SpawnSite, live_bytes) },
   { N_BLOCKING_WAITS, offsetof(SpawnSite, waits) },
   { N_BLOCKING_US, offsetof(SpawnSite, blocked_us) },
};

/* The stack of the <tasks> entry being read (the last of its kind). */
static Stack *task_stack(Tasks *t, enum Kind parent)
{
   return parent == K_SPAWN ? &t->sites[t->nsites - 1].stack
        : parent == K_TASK ? &t->tasks[t->ntasks - 1].stack
        : &t->blocks[t->nblocks - 1].stack;
}

/* <tasks> and its entries; every entry is kept (the tool lists a
   bounded number of tasks, and spawn sites are places in the code). */
static void tasks_begin(Parser *p, enum Kind k, const char *name, long line)
{
   Report *r = p->rep;
   Tasks *t = r->tasks;
   switch (k) {
   case K_TASKS:
      t = r->tasks = xrealloc(NULL, sizeof *t);
      memset(t, 0, sizeof *t);
      if ((t->attribution = attr_str(p, name, N_ATTRIBUTION, true, line)) &&
          (t->recognised = attr_str(p, name, N_RECOGNISED, true, line)) &&
          attr_u64(p, name, N_SPAWNED, line, &t->spawned) &&
          attr_u64(p, name, N_POLL_ENTRIES, line, &t->poll_entries) &&
          attr_u64(p, name, N_UNKNOWN_POLLS, line, &t->unknown_polls) &&
          attr_u64(p, name, N_SHOWN, line, &t->shown)) {
         /* Rayon's jobs: both attributes or neither. */
         bool unknown = false;
         if (attr_u64_opt(p, name, N_RAYON_JOBS, line, &t->rayon_jobs,
                          &t->has_rayon) &&
             attr_u64_opt(p, name, N_RAYON_UNKNOWN, line, &t->rayon_unknown,
                          &unknown) && t->has_rayon != unknown)
            fail(p, "line %ld: <%s> has %s but not %s", line, name,
                 unknown ? "rayon-unknown" : "rayon-jobs",
                 unknown ? "rayon-jobs" : "rayon-unknown");
      }
      break;
   case K_SPAWN: {
      GROW(t->sites, t->capsites, t->nsites + 1);
      SpawnSite *s = &t->sites[t->nsites++];
      bool lost_blocks = false;
      memset(s, 0, sizeof *s);
      if (!attr_id(p, name, N_ID, line, &s->id) ||
          !(s->kind = attr_str(p, name, N_KIND, true, line)) ||
          !(s->future = attr_str(p, name, N_FUTURE, true, line)) ||
          !attr_u64_opt(p, name, N_FRAME, line, &s->frame, &s->has_frame))
         break;
      for (size_t i = 0; i < sizeof spawn_figs / sizeof spawn_figs[0]; i++)
         if (!attr_u64(p, name, spawn_figs[i].name, line,
                       (uint64_t *)((char *)s + spawn_figs[i].off)))
            return;
      if (attr_u64_opt(p, name, N_LOST_BYTES, line, &s->lost_bytes,
                       &s->has_lost) &&
          attr_u64_opt(p, name, N_LOST_BLOCKS, line, &s->lost_blocks,
                       &lost_blocks) && s->has_lost != lost_blocks)
         fail(p, "line %ld: <%s> has %s but not %s", line, name,
              s->has_lost ? "lost-bytes" : "lost-blocks",
              s->has_lost ? "lost-blocks" : "lost-bytes");
      break;
   }
   case K_RSHARE: {
      GROW(t->shares, t->capshares, t->nshares + 1);
      TaskShare *s = &t->shares[t->nshares++];
      memset(s, 0, sizeof *s);
      if (attr_role(p, name, line, &s->role, false) &&
          attr_u64(p, name, N_ALLOCS_IN_TASKS, line, &s->allocs_in) &&
          attr_u64(p, name, N_BYTES_IN_TASKS, line, &s->bytes_in) &&
          attr_u64(p, name, N_ALLOCS_OUTSIDE, line, &s->allocs_out) &&
          attr_u64(p, name, N_BYTES_OUTSIDE, line, &s->bytes_out))
         attr_u64(p, name, N_INSNS_IN_TASKS, line, &s->insns_in);
      break;
   }
   case K_TASK: {
      GROW(t->tasks, t->captasks, t->ntasks + 1);
      TaskRec *x = &t->tasks[t->ntasks++];
      memset(x, 0, sizeof *x);
      if (attr_u64(p, name, N_SEQ, line, &x->seq) &&
          attr_u64(p, name, N_SPAWN_SITE, line, &x->site) &&
          (x->state = attr_str(p, name, N_STATE, true, line)) &&
          attr_u64(p, name, N_POLLS, line, &x->polls) &&
          attr_u64(p, name, N_INSNS, line, &x->insns) &&
          attr_u64(p, name, N_MAX_POLL_INSNS, line, &x->max_poll) &&
          attr_u64(p, name, N_ALLOCS, line, &x->allocs) &&
          attr_u64(p, name, N_BYTES_ALLOCATED, line, &x->bytes) &&
          attr_u64(p, name, N_BLOCKING_WAITS, line, &x->waits) &&
          attr_u64(p, name, N_SPAWNED_MS, line, &x->spawned_ms))
         attr_u64_opt(p, name, N_ENDED_MS, line, &x->ended_ms,
                      &x->has_ended);
      break;
   }
   case K_BLOCKIN: {
      GROW(t->blocks, t->capblocks, t->nblocks + 1);
      BlockIn *b = &t->blocks[t->nblocks++];
      memset(b, 0, sizeof *b);
      if (attr_u64(p, name, N_SPAWN_SITE, line, &b->site) &&
          attr_u64(p, name, N_WAITS, line, &b->waits) &&
          attr_u64(p, name, N_BLOCKED_US, line, &b->blocked_us))
         attr_u64(p, name, N_MAX_US, line, &b->max_us);
      break;
   }
   default:
      break;
   }
}

/* Reads the attributes of an element that has just started. */
static void begin(Parser *p, enum Kind k, const char *name, long line)
{
   Report *r = p->rep;
   switch (k) {
   case K_ROOT:
      check_root(p, name);
      if (p->mode == 2 && p->version != 2)
         fail(p, "not version 2: read again");
      break;
   case K_TOOL:
      free(r->tool_version);
      r->tool_version = attr_str(p, name, N_VERSION, true, line);
      break;
   case K_VALGRIND:
      free(r->vg_version);
      r->vg_version = attr_str(p, name, N_VERSION, true, line);
      break;
   case K_END: {
      char *how = attr_str(p, name, N_HOW, true, line);
      if (how == NULL)
         break;
      free(r->signal);
      r->signal = NULL;
      if (strcmp(how, "exit") == 0) {
         r->end_how = END_EXIT;
         const char *v = attr_get(p, N_STATUS);
         if (v == NULL) {
            fail(p, "line %ld: <end how=\"exit\"> has no status attribute",
                 line);
         } else if (!parse_int(v, &r->status)) {
            char *c = clip(v, 40);
            fail(p, "line %ld: <end> attribute status is not a number: "
                 "\"%s\"", line, c);
            free(c);
         }
         free(how);
      } else if (strcmp(how, "signal") == 0) {
         r->end_how = END_SIGNAL;
         r->signal = attr_str(p, name, N_SIGNAL, true, line);
         if (r->signal)
            attr_u64(p, name, N_SIGNO, line, &r->signo);
         free(how);
      } else {
         /* Not in version 1; show it rather than refuse the report. */
         r->end_how = END_OTHER;
         r->signal = how;
      }
      break;
   }
   case K_THREAD: {
      GROW(r->threads, r->capthreads, r->nthreads + 1);
      Thread *t = &r->threads[r->nthreads++];
      memset(t, 0, sizeof *t);
      if (!attr_u64(p, name, N_SEQ, line, &t->seq) ||
          !attr_u64(p, name, N_CREATOR, line, &t->creator) ||
          !attr_u64(p, name, N_START_MS, line, &t->start_ms) ||
          !attr_u64_opt(p, name, N_END_MS, line, &t->end_ms, &t->has_end))
         break;
      if (t->seq == 0) {
         fail(p, "line %ld: <thread> attribute seq is 0 (seq starts at 1)",
              line);
         break;
      }
      if (!attr_role(p, name, line, &t->role, true) ||
          !attr_u64_opt(p, name, N_INSNS, line, &t->insns, &t->has_insns))
         break;
      char *ended = attr_str(p, name, N_ENDED, false, line);
      t->forked = ended != NULL && strcmp(ended, "fork") == 0;
      free(ended);
      char *alive = attr_str(p, name, N_ALIVE_AT_EXIT, true, line);
      if (alive == NULL)
         break;
      if (strcmp(alive, "yes") == 0) {
         t->alive = true;
      } else if (strcmp(alive, "no") != 0) {
         char *c = clip(alive, 20);
         fail(p, "line %ld: <thread> attribute alive-at-exit is \"%s\", "
              "not yes or no", line, c);
         free(c);
      }
      free(alive);
      break;
   }
   case K_THEAP: {
      Thread *t = cur_thread(p);
      if (attr_u64(p, "heap", N_ALLOCS, line, &t->allocs) &&
          attr_u64(p, "heap", N_BYTES_ALLOCATED, line, &t->bytes_allocated) &&
          attr_u64(p, "heap", N_LIVE_BLOCKS, line, &t->live_blocks))
         attr_u64(p, "heap", N_LIVE_BYTES, line, &t->live_bytes);
      break;
   }
   case K_HEAP: {
      static const enum Name names[] = {
         N_ALLOCS, N_FREES, N_BYTES_ALLOCATED, N_BYTES_FREED, N_LIVE_BLOCKS,
         N_LIVE_BYTES, N_PEAK_BYTES, N_PEAK_BLOCKS, N_PEAK_MS,
      };
      uint64_t *dest[] = {
         &r->allocs, &r->frees, &r->bytes_allocated, &r->bytes_freed,
         &r->live_blocks, &r->live_bytes, &r->peak_bytes, &r->peak_blocks,
         &r->peak_ms,
      };
      for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
         if (!attr_u64(p, name, names[i], line, dest[i]))
            return;
      /* Later: when the peak was, in the run's --time-unit. */
      if (attr_u64_opt(p, name, N_PEAK_TIME, line, &r->peak_time,
                       &r->has_peak_time) && r->has_peak_time) {
         free(r->time_unit);
         r->time_unit = attr_str(p, name, N_TIME_UNIT, true, line);
         r->has_orphan_info = true;
      }
      break;
   }
   case K_TFUTEX: {
      Thread *t = cur_thread(p);
      t->has_futex = attr_futex(p, name, line, &t->fx, FX_WAITS | FX_BLOCKED);
      break;
   }
   case K_LIVE:
      if (attr_u64(p, name, N_BLOCKS, line, &r->exit_blocks))
         attr_u64(p, name, N_BYTES, line, &r->exit_bytes);
      break;
   case K_SITE:
   case K_LREC: {
      Site *st = k == K_SITE ? &p->site : &p->lrec;
      site_free(st);
      st->order = k == K_SITE ? r->sites_total : r->lrecs_total;
      if (attr_u64(p, name, N_THREAD, line, &st->thread) &&
          attr_u64(p, name, N_BLOCKS, line, &st->blocks) &&
          attr_u64(p, name, N_BYTES, line, &st->bytes) &&
          attr_site_role(p, name, line, &st->role))
         attr_leak(p, name, line, st, k == K_LREC);
      break;
   }
   case K_PFROM:
      attr_pfrom(p, name, line, &p->lrec);
      break;
   case K_STACK:
      switch (p->lv[p->nlv - 2].kind) {
      case K_FSITE: p->stack = &p->fsite.stack; break;
      case K_LREC: p->stack = &p->lrec.stack; break;
      case K_ASITE: p->stack = &p->asite.stack; break;
      case K_BADCALL: p->stack = &p->bad.stack; break;
      case K_MAP: p->stack = &p->map.stack; break;
      case K_SPAWN: case K_TASK: case K_BLOCKIN:
         p->stack = task_stack(p->rep->tasks, p->lv[p->nlv - 2].kind);
         break;
      case K_SNSITE: {
         Snap *sn = &r->snaps->list[r->snaps->n - 1];
         p->stack = &sn->sites[sn->nsites - 1].stack;
         break;
      }
      case K_SNLREC: {
         Snap *sn = &r->snaps->list[r->snaps->n - 1];
         p->stack = &sn->lrecs[sn->nlrecs - 1].stack;
         break;
      }
      default: p->stack = &p->site.stack; break;
      }
      stack_ref(p, line);
      break;
   case K_FRAME:
      p->table_frame = p->lv[p->nlv - 2].kind == K_STABLE;
      if (p->table_frame) {
         table_frame(p, line);
      } else if (p->version == 2) {
         fail(p, "line %ld: <frame> in a <stack> of a version 2 report "
              "(version 2 keeps frames in the <stack-table>)", line);
      } else {
         GROW(p->stack->frames, p->stack->capframes, p->stack->nframes + 1);
         p->frame = &p->stack->frames[p->stack->nframes++];
         memset(p->frame, 0, sizeof *p->frame);
      }
      break;
   case K_STABLE:
      if (p->mode == 2) {
         /* The empty table given in place of the table, read first: it
            must be where that one was, a child of the root. */
         p->table_begun = true;
         p->table_ok = p->pending_at == p->table_at + 12;
         if (!p->table_ok)
            fail(p, "the stack table is not where it was found: read again");
         break;
      }
      table_begin(p, line);
      break;
   case K_TSTACK:
      table_stack(p, line);
      break;
   case K_ROLES:
      r->has_roles = true;
      break;
   case K_RSUM: {
      GROW(r->roles, r->caproles, r->nroles + 1);
      RoleSum *s = &r->roles[r->nroles++];
      memset(s, 0, sizeof *s);
      s->order = r->nroles;
      if (attr_role(p, name, line, &s->role, false) &&
          attr_u64(p, name, N_THREADS, line, &s->threads) &&
          attr_u64(p, name, N_PEAK_ALIVE, line, &s->peak_alive) &&
          attr_u64(p, name, N_ALIVE_AT_EXIT, line, &s->alive) &&
          attr_u64(p, name, N_CHURN, line, &s->churn) &&
          attr_u64(p, name, N_INSNS, line, &s->insns))
         attr_u64_opt(p, name, N_LIVE_AT_PEAK, line, &s->live_at_peak,
                      &s->has_live_at_peak);
      break;
   }
   case K_RHEAP: {
      RoleSum *s = &r->roles[r->nroles - 1];
      if (attr_u64(p, name, N_BYTES_ALLOCATED, line, &s->bytes_allocated) &&
          attr_u64(p, name, N_LIVE_BYTES, line, &s->live_bytes) &&
          attr_u64_opt(p, name, N_LIVE_BLOCKS, line, &s->live_blocks,
                       &s->has_live_blocks) &&
          attr_u64_opt(p, name, N_PEAK_LIVE, line, &s->peak_live,
                       &s->has_peak_live))
         attr_u64_opt(p, name, N_ALLOCS, line, &s->allocs, &s->has_allocs);
      break;
   }
   case K_RFUTEX:
      attr_futex(p, name, line, &r->roles[r->nroles - 1].fx,
                 FX_WAITS | FX_BLOCKED | FX_IDLE_WAITS | FX_IDLE_US);
      break;
   case K_FSITES:
      r->has_fsites = true;
      break;
   case K_FSITE: {
      FSite *s = &p->fsite;
      fsite_free(s);
      s->order = r->fsites_total;
      if (!attr_site_role(p, name, line, &s->role))
         break;
      s->class = attr_istr(p, name, N_CLASS, true, line);
      if (s->class)
         s->ops = attr_istr(p, name, N_OPS, true, line);
      if (s->ops)
         attr_futex(p, name, line, &s->fx,
                    FX_WAITS | FX_WOKEN | FX_EAGAIN | FX_TIMEOUTS |
                    FX_PENDING | FX_BLOCKED | FX_MAX | FX_WAKES | FX_WOKE);
      break;
   }
   case K_WAKES:
      r->has_wakes = true;
      break;
   case K_WAKE: {
      GROW(r->wakes, r->capwakes, r->nwakes + 1);
      Wake *w = &r->wakes[r->nwakes++];
      memset(w, 0, sizeof *w);
      w->order = r->wakes_total++;
      if (attr_u64(p, name, N_WAKER, line, &w->waker) &&
          attr_u64(p, name, N_WAITER, line, &w->waiter) &&
          attr_u64(p, name, N_COUNT, line, &w->count))
         r->woken_total = add_sat(r->woken_total, w->count);
      /* The woken waits by class (newer reports): they sum to count. */
      for (int c = 0; c < WC_N; c++) {
         bool has = false;
         attr_u64_opt(p, name, wake_class_name[c], line, &w->by_class[c],
                      &has);
         w->has_class |= has;
      }
      if (w->has_class) {
         Sum cs = { 0 };
         for (int c = 0; c < WC_N; c++)
            sum_add(&cs, w->by_class[c]);
         if (!sum_is(&cs, w->count))
            fail(p, "line %ld: <wake> count=\"%" PRIu64 "\" but its classes "
                 "sum to %s", line, w->count,
                 cs.over ? "more than 2^64" : num(cs.v));
      }
      /* Keep the most frequent; cut back as keep_site does. */
      if (!p->keep_all && r->nwakes >= 2 * WAKE_PAIRS_SHOWN + 256) {
         qsort(r->wakes, r->nwakes, sizeof *r->wakes, cmp_wake);
         r->nwakes = WAKE_PAIRS_SHOWN;
      }
      break;
   }
   case K_LEAKS:
      r->has_leaks = true;
      free(r->leak_check);
      r->leak_check = attr_str(p, name, N_CHECK, false, line);
      break;
   case K_LTOTAL: {
      char *kind = attr_str(p, name, N_KIND, true, line);
      int kx = leak_kind(kind);
      uint64_t bytes, blocks;
      free(kind);
      if (p->failed)
         break;
      if (kx < 0) {
         /* A kind added later: not printed, but it is part of what is
            live at exit, so the checks count it (if it has figures). */
         bool hb, hk;
         if (attr_u64_opt(p, name, N_BYTES, line, &bytes, &hb) &&
             attr_u64_opt(p, name, N_BLOCKS, line, &blocks, &hk) &&
             hb && hk) {
            sum_add(&r->lk_bytes, bytes);
            sum_add(&r->lk_blocks, blocks);
         }
         break;
      }
      if (attr_u64(p, name, N_BYTES, line, &bytes) &&
          attr_u64(p, name, N_BLOCKS, line, &blocks)) {
         r->leak_bytes[kx] = add_sat(r->leak_bytes[kx], bytes);
         r->leak_blocks[kx] = add_sat(r->leak_blocks[kx], blocks);
         sum_add(&r->lk_bytes, bytes);
         sum_add(&r->lk_blocks, blocks);
      }
      break;
   }
   case K_LBYROLE: {
      char *kind = attr_str(p, name, N_KIND, true, line);
      int kx = leak_kind(kind);
      free(kind);
      if (p->failed)
         break;
      if (kx < 0) {
         /* As for <total>: kept for the checks, if it is complete. */
         LeakRole o = { .kind = -1 };
         bool hb, hk;
         bool has_role = attr_get(p, N_ROLE) != NULL;
         if (has_role && attr_role(p, name, line, &o.role, false) &&
             attr_u64_opt(p, name, N_BYTES, line, &o.bytes, &hb) &&
             attr_u64_opt(p, name, N_BLOCKS, line, &o.blocks, &hk) &&
             hb && hk) {
            GROW(r->lk_other, r->caplk_other, r->nlk_other + 1);
            r->lk_other[r->nlk_other++] = o;
         } else {
            free(o.role.role);
         }
         break;
      }
      GROW(r->lroles, r->caplroles, r->nlroles + 1);
      LeakRole *lr = &r->lroles[r->nlroles++];
      memset(lr, 0, sizeof *lr);
      lr->kind = kx;
      if (attr_role(p, name, line, &lr->role, false) &&
          attr_u64(p, name, N_BYTES, line, &lr->bytes))
         attr_u64(p, name, N_BLOCKS, line, &lr->blocks);
      break;
   }
   case K_HELD: {
      GROW(r->held, r->capheld, r->nheld + 1);
      Held *h = &r->held[r->nheld++];
      memset(h, 0, sizeof *h);
      h->order = r->nheld;
      h->holder = attr_str(p, name, N_HOLDER, true, line);
      if (h->holder == NULL ||
          !attr_u64_opt(p, name, N_THREAD, line, &h->thread, &h->has_thread))
         break;
      if (h->has_thread &&
          (!attr_role(p, name, line, &h->role, false) ||
           !attr_yes_no(p, name, N_THREAD_ALIVE_AT_EXIT, line, &h->alive,
                        &h->alive_known)))
         break;
      if (attr_u64(p, name, N_BYTES, line, &h->bytes))
         attr_u64(p, name, N_BLOCKS, line, &h->blocks);
      break;
   }
   case K_XFREES:
      r->has_xfrees = true;
      break;
   case K_XFREE: {
      GROW(r->xfrees, r->capxfrees, r->nxfrees + 1);
      XFree *x = &r->xfrees[r->nxfrees++];
      memset(x, 0, sizeof *x);
      x->order = r->nxfrees;
      if (attr_role_named(p, name, line, &x->alloc, N_ALLOC_ROLE,
                          N_ALLOC_POOL, false) &&
          attr_role_named(p, name, line, &x->freed, N_FREE_ROLE,
                          N_FREE_POOL, false) &&
          attr_u64(p, name, N_FREES, line, &x->frees) &&
          attr_u64(p, name, N_BYTES, line, &x->bytes)) {
         r->xfree_frees = add_sat(r->xfree_frees, x->frees);
         r->xfree_bytes = add_sat(r->xfree_bytes, x->bytes);
      }
      break;
   }
   case K_TIMELINE:
      r->has_timeline = true;
      free(r->tl_unit);
      r->tl_unit = attr_str(p, name, N_UNIT, true, line);
      break;
   case K_SAMPLE: {
      Sample *sm = &p->sample;
      bool present;
      sample_free(sm);
      if (attr_u64(p, name, N_TIME, line, &sm->time) &&
          attr_u64(p, name, N_LIVE_BYTES, line, &sm->live))
         attr_yes_no(p, name, N_PEAK, line, &sm->peak, &present);
      break;
   }
   case K_SROLE: {
      Role role = { 0 };
      uint64_t bytes;
      if (attr_role(p, name, line, &role, false) &&
          attr_u64(p, name, N_LIVE_BYTES, line, &bytes)) {
         size_t c = role_find(&p->tl_ix, r->tl_cols, &role);
         if (c == r->ntl_cols) {
            GROW(r->tl_cols, r->captl_cols, r->ntl_cols + 1);
            r->tl_cols[r->ntl_cols++] = role;
            role_add(&p->tl_ix, r->tl_cols);
            role.role = NULL;
         }
         Sample *sm = &p->sample;
         GROW(sm->roles, sm->caproles, sm->nroles + 1);
         sm->roles[sm->nroles++] = (SRole){ .col = c, .bytes = bytes };
      }
      free(role.role);
      break;
   }
   case K_ASITES:
      r->has_asites = true;
      if (attr_u64(p, name, N_COUNT, line, &r->as_count) &&
          attr_u64(p, name, N_SHOWN, line, &r->as_shown) &&
          attr_u64(p, name, N_REST_ALLOCS, line, &r->as_rest_allocs) &&
          attr_u64(p, name, N_REST_BYTES, line, &r->as_rest_bytes) &&
          attr_u64(p, name, N_REST_LIVE_BYTES, line, &r->as_rest_live))
         attr_u64(p, name, N_REST_AT_PEAK, line, &r->as_rest_at_peak);
      break;
   case K_ASITE: {
      ASite *a = &p->asite;
      asite_free(a);
      a->order = r->asites_total;
      if (attr_site_role(p, name, line, &a->role) &&
          attr_u64(p, name, N_ALLOCS, line, &a->allocs) &&
          attr_u64(p, name, N_BYTES, line, &a->bytes) &&
          attr_u64(p, name, N_LIVE_BLOCKS, line, &a->live_blocks) &&
          attr_u64(p, name, N_LIVE_BYTES, line, &a->live_bytes))
         attr_u64(p, name, N_AT_PEAK, line, &a->at_peak);
      break;
   }
   case K_BADCALLS:
      r->has_bad = true;
      break;
   case K_BADCALL: {
      BadCall *b = &p->bad;
      badcall_free(b);
      b->order = r->nbad;
      b->kind = attr_str(p, name, N_KIND, true, line);
      if (b->kind == NULL ||
          !attr_u64(p, name, N_COUNT, line, &b->count))
         break;
      b->addr = attr_str(p, name, N_ADDR, true, line);
      if (b->addr != NULL && attr_u64(p, name, N_SIZE, line, &b->size))
         attr_u64(p, name, N_GIVEN, line, &b->given);
      break;
   }
   case K_SNAPS: {
      snaps_free(r->snaps);
      r->snaps = xrealloc(NULL, sizeof *r->snaps);
      memset(r->snaps, 0, sizeof *r->snaps);
      Snaps *ss = r->snaps;
      ss->interval = attr_str(p, name, N_INTERVAL, false, line);
      if (attr_u64(p, name, N_TAKEN, line, &ss->taken) &&
          attr_u64(p, name, N_KEPT, line, &ss->kept) &&
          attr_u64(p, name, N_MAX, line, &ss->max))
         attr_u64(p, name, N_SITES, line, &ss->sites);
      break;
   }
   case K_SNAP: {
      Snaps *ss = r->snaps;
      GROW(ss->list, ss->cap, ss->n + 1);
      Snap *sn = &ss->list[ss->n++];
      memset(sn, 0, sizeof *sn);
      char *peak = attr_str(p, name, N_PEAK, false, line);
      sn->peak = peak != NULL && strcmp(peak, "yes") == 0;
      free(peak);
      sn->label = attr_str(p, name, N_LABEL, false, line);
      if (attr_u64(p, name, N_SEQ, line, &sn->seq) &&
          attr_u64(p, name, N_MS, line, &sn->ms) &&
          attr_u64(p, name, N_INSNS, line, &sn->insns) &&
          (sn->cause = attr_str(p, name, N_CAUSE, true, line)) != NULL &&
          attr_u64(p, name, N_LIVE_BYTES, line, &sn->live_bytes) &&
          attr_u64(p, name, N_LIVE_BLOCKS, line, &sn->live_blocks) &&
          attr_u64(p, name, N_THREADS, line, &sn->threads) &&
          attr_u64(p, name, N_REST_SITES, line, &sn->rest_sites) &&
          attr_u64(p, name, N_REST_BYTES, line, &sn->rest_bytes))
         attr_u64(p, name, N_REST_BLOCKS, line, &sn->rest_blocks);
      break;
   }
   case K_SNROLE: {
      Snap *sn = &r->snaps->list[r->snaps->n - 1];
      GROW(sn->roles, sn->caproles, sn->nroles + 1);
      SnapRole *x = &sn->roles[sn->nroles++];
      memset(x, 0, sizeof *x);
      if (attr_role(p, name, line, &x->role, false) &&
          attr_u64(p, name, N_THREADS, line, &x->threads) &&
          attr_u64(p, name, N_LIVE_BYTES, line, &x->live_bytes) &&
          attr_u64(p, name, N_LIVE_BLOCKS, line, &x->live_blocks) &&
          attr_u64(p, name, N_WAITS, line, &x->waits) &&
          attr_u64(p, name, N_BLOCKED_US, line, &x->blocked_us) &&
          attr_u64(p, name, N_IDLE_US, line, &x->idle_us))
         attr_u64(p, name, N_WAKES, line, &x->wakes);
      break;
   }
   case K_SNSITE: {
      Snap *sn = &r->snaps->list[r->snaps->n - 1];
      GROW(sn->sites, sn->capsites, sn->nsites + 1);
      SnapSite *x = &sn->sites[sn->nsites++];
      memset(x, 0, sizeof *x);
      if (attr_role(p, name, line, &x->role, false) &&
          attr_u64(p, name, N_LIVE_BYTES, line, &x->live_bytes))
         attr_u64(p, name, N_LIVE_BLOCKS, line, &x->live_blocks);
      break;
   }
   case K_SNLEAK: {
      /* Its totals; then its by-role rows and records (below). */
      static const enum Name kb[4][2] = {
         { N_DEFINITE_BYTES, N_DEFINITE_BLOCKS },
         { N_INDIRECT_BYTES, N_INDIRECT_BLOCKS },
         { N_POSSIBLE_BYTES, N_POSSIBLE_BLOCKS },
         { N_REACHABLE_BYTES, N_REACHABLE_BLOCKS },
      };
      Snap *sn = &r->snaps->list[r->snaps->n - 1];
      bool ok = true;
      for (int k = 0; k < 4 && ok; k++)
         ok = attr_u64(p, name, kb[k][0], line, &sn->leak_bytes[k]) &&
              attr_u64(p, name, kb[k][1], line, &sn->leak_blocks[k]);
      if (ok && attr_u64(p, name, N_RECORDS, line, &sn->leak_records))
         sn->has_leaks = true;
      break;
   }
   case K_SNLROLE:
   case K_SNLREC: {
      /* A scan's rows by kind and role, and its largest lost records;
         a kind this at_print does not know is kept as -1 (left out of
         the sums). */
      Snap *sn = &r->snaps->list[r->snaps->n - 1];
      bool rec = k == K_SNLREC;
      SnapLeak *x;
      if (rec) {
         GROW(sn->lrecs, sn->caplrecs, sn->nlrecs + 1);
         x = &sn->lrecs[sn->nlrecs++];
      } else {
         GROW(sn->lroles, sn->caplroles, sn->nlroles + 1);
         x = &sn->lroles[sn->nlroles++];
      }
      memset(x, 0, sizeof *x);
      char *kind = attr_str(p, name, N_KIND, true, line);
      x->kind = leak_kind(kind);
      free(kind);
      if (!p->failed && attr_site_role(p, name, line, &x->role) &&
          attr_u64(p, name, N_BYTES, line, &x->bytes) &&
          attr_u64(p, name, N_BLOCKS, line, &x->blocks) && rec &&
          attr_u64(p, name, N_INDIRECT_BYTES, line, &x->ind_bytes))
         attr_u64(p, name, N_INDIRECT_BLOCKS, line, &x->ind_blocks);
      break;
   }
   case K_SNTASKS: {
      Snap *sn = &r->snaps->list[r->snaps->n - 1];
      SnapTasks *t = sn->tasks = xrealloc(NULL, sizeof *sn->tasks);
      memset(t, 0, sizeof *t);
      if (attr_u64(p, name, N_ALIVE, line, &t->alive) &&
          attr_u64(p, name, N_REST_SITES, line, &t->rest_sites) &&
          attr_u64(p, name, N_REST_TASKS, line, &t->rest_tasks) &&
          attr_u64(p, name, N_REST_BYTES, line, &t->rest_bytes) &&
          attr_u64(p, name, N_REST_BLOCKS, line, &t->rest_blocks))
         attr_u64(p, name, N_REST_CELL_BYTES, line, &t->rest_cell_bytes);
      break;
   }
   case K_SNSPAWN:
   case K_SNTASK: {
      SnapTasks *t = r->snaps->list[r->snaps->n - 1].tasks;
      SnapSpawn *x;
      bool task = k == K_SNTASK;
      if (task) {
         GROW(t->tasks, t->captasks, t->ntasks + 1);
         x = &t->tasks[t->ntasks++];
      } else {
         GROW(t->sites, t->capsites, t->nsites + 1);
         x = &t->sites[t->nsites++];
      }
      memset(x, 0, sizeof *x);
      if ((task ? attr_u64(p, name, N_SEQ, line, &x->seq) &&
                  attr_u64(p, name, N_SPAWN_SITE, line, &x->id)
                : attr_u64(p, name, N_ID, line, &x->id) &&
                  attr_u64(p, name, N_TASKS, line, &x->tasks)) &&
          attr_u64(p, name, N_LIVE_BYTES, line, &x->live_bytes) &&
          attr_u64(p, name, N_LIVE_BLOCKS, line, &x->live_blocks))
         attr_u64(p, name, N_CELL_BYTES, line, &x->cell_bytes);
      break;
   }
   case K_PHASE: {
      Snaps *ss = r->snaps;
      GROW(ss->phases, ss->capphases, ss->nphases + 1);
      Phase *ph = &ss->phases[ss->nphases++];
      memset(ph, 0, sizeof *ph);
      if (attr_u64(p, name, N_MS, line, &ph->ms) &&
          attr_u64(p, name, N_INSNS, line, &ph->insns) &&
          attr_u64(p, name, N_AFTER, line, &ph->after))
         ph->label = attr_str(p, name, N_LABEL, true, line);
      break;
   }
   case K_MAPS:
      maps_free(r->maps);
      r->maps = xrealloc(NULL, sizeof *r->maps);
      memset(r->maps, 0, sizeof *r->maps);
      if (attr_u64(p, name, N_MAPS, line, &r->maps->maps) &&
          attr_u64(p, name, N_SHOWN, line, &r->maps->shown))
         attr_u64(p, name, N_REST_BYTES, line, &r->maps->rest_bytes);
      break;
   case K_FPRINT: {
      char *at = attr_str(p, name, N_AT, true, line);
      p->fp_at = at == NULL ? -1 : strcmp(at, "peak") == 0 ? FP_PEAK
               : strcmp(at, "exit") == 0 ? FP_EXIT : -1;
      free(at);
      if (p->fp_at >= 0) {
         r->maps->has_at[p->fp_at] = true;
         attr_fp(p, name, line, &r->maps->at[p->fp_at]);
      }
      break;
   }
   case K_RFP:
   case K_TFP: {
      FpRow row;
      memset(&row, 0, sizeof row);
      if (p->fp_at < 0)
         break;
      if (k == K_RFP ? attr_role(p, name, line, &row.role, false)
                     : attr_u64(p, name, N_THREAD, line, &row.thread))
         attr_fp(p, name, line, &row.fp);
      if (k == K_RFP) {
         Maps *m = r->maps;
         GROW(m->roles[p->fp_at], m->caproles[p->fp_at],
              m->nroles[p->fp_at] + 1);
         m->roles[p->fp_at][m->nroles[p->fp_at]++] = row;
      } else {
         GROW(r->maps->threads, r->maps->capthreads, r->maps->nthreads + 1);
         r->maps->threads[r->maps->nthreads++] = row;
      }
      break;
   }
   case K_MAP: {
      MapRec *x = &p->map;
      memset(x, 0, sizeof *x);
      if ((x->start = attr_str(p, name, N_START, true, line)) != NULL &&
          attr_u64(p, name, N_BYTES, line, &x->bytes) &&
          (x->kind = attr_str(p, name, N_KIND, true, line)) != NULL &&
          (x->how = attr_str(p, name, N_HOW, true, line)) != NULL &&
          attr_u64(p, name, N_THREAD, line, &x->thread) &&
          attr_role(p, name, line, &x->role, false))
         x->file = attr_str(p, name, N_FILE, false, line);
      break;
   }
   case K_TASKS: case K_SPAWN: case K_RSHARE: case K_TASK: case K_BLOCKIN:
      tasks_begin(p, k, name, line);
      break;
   default:
      break;
   }
}

/* Mode 2: the site or loss record just read, into its group.  The
   name of a thread of role other is part of the key: its <thread> must
   have been read. */
static void group_one(Parser *p, bool lrec, Site *s)
{
   if (!p->threads_done && s->role.role != NULL && !s->role.has_pool &&
       strcmp(s->role.role, "other") == 0)
      fail(p, "a site of role other before </threads>: read again");
   else if (!grouper_site(p->grouper, lrec, s))
      fail(p, "a site's stack is not in the table: read again");
}

/* ---- Keeping the top N of a list (one keeper for the four lists) ----

   A record just read is kept if it may be among the top largest.  To
   stay small with many records, the list is cut back to top entries
   whenever it has grown to twice that, and once it has been, a record
   after the top-th kept is not kept at all (the order is total, so it
   could never be shown).  The record (elem bytes at x) is taken (x
   zeroed) or freed. */
typedef struct {
   size_t elem;
   int (*cmp)(const void *, const void *);
   void (*free_one)(void *);
} TopList;

static void site_free_v(void *s) { site_free(s); }
static void fsite_free_v(void *s) { fsite_free(s); }
static void asite_free_v(void *s) { asite_free(s); }

static const TopList top_sites = { sizeof(Site), cmp_site, site_free_v };
static const TopList top_lrecs = { sizeof(Site), cmp_lrec, site_free_v };
static const TopList top_fsites = { sizeof(FSite), cmp_fsite, fsite_free_v };
static const TopList top_asites = { sizeof(ASite), cmp_asite, asite_free_v };

static void keep_top(const TopList *t, void *x, void **v, size_t *n,
                     size_t *cap, size_t top, bool *cut)
{
   if (top == 0 || (*cut && t->cmp(x, (char *)*v + (top - 1) * t->elem) > 0)) {
      t->free_one(x);
      return;
   }
   *v = grow_array(*v, cap, *n + 1, t->elem);
   memcpy((char *)*v + (*n)++ * t->elem, x, t->elem);
   memset(x, 0, t->elem);
   if (top <= SIZE_MAX / 4 && *n >= 2 * top + 256) {
      qsort(*v, *n, t->elem, t->cmp);
      while (*n > top)
         t->free_one((char *)*v + --*n * t->elem);
      *cut = true;
   }
}

/* Keeps the site just read if it may be among the --top largest
   (keep_top), or hands it to the grouper; orphans are summed by role
   whatever --top is. */
static void keep_site(Parser *p)
{
   Report *r = p->rep;
   r->sites_total++;
   if (p->site.orphan) {
      /* Summed by role whatever --top is: few roles, many sites. */
      r->has_orphan_info = true;
      size_t i = role_find(&p->orphan_ix, r->orphans, &p->site.role);
      if (i == r->norphans) {
         GROW(r->orphans, r->caporphans, r->norphans + 1);
         r->orphans[i] = (Orphans){ .order = i };
         r->orphans[i].role = p->site.role;
         r->orphans[i].role.role = xstrdup(p->site.role.role);
         r->norphans++;
         role_add(&p->orphan_ix, r->orphans);
      }
      r->orphans[i].bytes = add_sat(r->orphans[i].bytes, p->site.bytes);
      r->orphans[i].blocks = add_sat(r->orphans[i].blocks, p->site.blocks);
   }
   if (p->grouper != NULL) {
      group_one(p, false, &p->site);
      return;
   }
   keep_top(&top_sites, &p->site, (void **)&r->sites, &r->nsites,
            &r->capsites, p->top, &p->cut_sites);
}

/* Keeps the futex site just read if it has waits or wakes and may be
   among the --futex-top most blocked (keep_top). */
static void keep_fsite(Parser *p)
{
   Report *r = p->rep;
   FSite *s = &p->fsite;
   r->fsites_total++;
   r->fx_waits = add_sat(r->fx_waits, s->fx.waits);
   r->fx_blocked_us = add_sat(r->fx_blocked_us, s->fx.blocked_us);
   r->fx_wakes = add_sat(r->fx_wakes, s->fx.wakes);
   if (s->fx.waits == 0 && s->fx.wakes == 0) {
      fsite_free(s);
      return;
   }
   r->fsites_active++;
   keep_top(&top_fsites, s, (void **)&r->fsites, &r->nfsites,
            &r->capfsites, p->futex_top, &p->cut_fsites);
}

/* Keeps the loss record just read if it may be among the --leaks-top
   largest (keep_top), or hands it to the grouper. */
static void keep_lrec(Parser *p)
{
   Report *r = p->rep;
   r->lrecs_total++;
   if (p->grouper != NULL) {
      group_one(p, true, &p->lrec);
      return;
   }
   keep_top(&top_lrecs, &p->lrec, (void **)&r->lrecs, &r->nlrecs,
            &r->caplrecs, p->leaks_top, &p->cut_lrecs);
}

/* Keeps the allocation site just read if it may be among the
   --alloc-top largest (keep_top), or hands it to the grouper. */
static void keep_asite(Parser *p)
{
   Report *r = p->rep;
   ASite *a = &p->asite;
   r->asites_total++;
   r->as_allocs = add_sat(r->as_allocs, a->allocs);
   r->as_bytes = add_sat(r->as_bytes, a->bytes);
   if (p->grouper != NULL) {
      if (!grouper_asite(p->grouper, a))
         fail(p, "an allocation site's stack is not in the table: read "
              "again");
      return;
   }
   keep_top(&top_asites, a, (void **)&r->asites, &r->nasites,
            &r->capasites, p->alloc_top, &p->cut_asites);
}

static void keep_bad(Parser *p)
{
   Report *r = p->rep;
   GROW(r->bad, r->capbad, r->nbad + 1);
   r->bad[r->nbad++] = p->bad;
   r->bad_total = add_sat(r->bad_total, p->bad.count);
   memset(&p->bad, 0, sizeof p->bad);
}

/* The timeline is kept to about TL_KEPT samples whatever the file
   holds: every tl_stride-th one, and every peak; when that fills up,
   every other one goes and the stride doubles (as the tool keeps its
   own).  The last sample is always kept apart.  With keep_all, every
   one is kept. */
#define TL_KEPT 4096

static void keep_sample(Parser *p)
{
   Report *r = p->rep;
   Sample *sm = &p->sample;
   if (r->tl_stride == 0)
      r->tl_stride = 1;
   if (sm->peak && r->tl_seen > 0 && sm->time == r->tl_prev_time &&
       sm->live == r->tl_prev_live)
      r->tl_repeats++;
   r->tl_prev_time = sm->time;
   r->tl_prev_live = sm->live;
   sm->ordinal = r->tl_seen++;
   bool keep = sm->peak || sm->ordinal % r->tl_stride == 0;
   if (keep && !p->keep_all && r->nsamples >= TL_KEPT &&
       r->tl_stride <= UINT64_MAX / 2) {
      size_t n = 0;
      r->tl_stride *= 2;
      for (size_t i = 0; i < r->nsamples; i++) {
         if (r->samples[i].peak || r->samples[i].ordinal % r->tl_stride == 0)
            r->samples[n++] = r->samples[i];
         else
            sample_free(&r->samples[i]);
      }
      r->nsamples = n;
      keep = sm->peak || sm->ordinal % r->tl_stride == 0;
   }
   sample_free(&r->tl_last);
   r->tl_have_last = !keep;
   if (keep) {
      GROW(r->samples, r->capsamples, r->nsamples + 1);
      r->samples[r->nsamples++] = *sm;
   } else {
      r->tl_last = *sm;
   }
   memset(sm, 0, sizeof *sm);
}

static bool text_u64(Parser *p, const char *elem, long line, uint64_t *out)
{
   if (parse_u64(p->text.s ? p->text.s : "", out))
      return true;
   char *c = clip(p->text.s ? p->text.s : "", 40);
   fail(p, "line %ld: <%s> is not a number: \"%s\"", line, elem, c);
   free(c);
   return false;
}

/* A string of the frame being read, cleaned for printing. */
static char *frame_str(Parser *p, const char *text)
{
   if (!p->table_frame)
      return clean_dup(text);
   buf_clear(&p->clean);
   buf_add_clean(&p->clean, text);
   return arena_dup(&p->rep->strs, p->clean.s, p->clean.len);
}

/* An element has ended: store its text, check it is complete. */
static void end(Parser *p)
{
   Level *l = &p->lv[p->nlv - 1];
   Report *r = p->rep;
   const char *text = p->text.s ? p->text.s : "";
   const char *name = kind_name[l->kind];
   switch (l->kind) {
   case K_EXE:
      free(r->exe);
      r->exe = clean_dup(text);
      break;
   case K_ARG:
      GROW(r->args, r->capargs, r->nargs + 1);
      r->args[r->nargs++] = clean_dup(text);
      break;
   case K_PID:
      text_u64(p, name, l->line, &r->pid);
      break;
   case K_PPID:
      text_u64(p, name, l->line, &r->ppid);
      break;
   case K_DURATION:
      text_u64(p, name, l->line, &r->duration_ms);
      break;
   case K_START:
      free(r->start_time);
      r->start_time = clean_dup(text);
      break;
   case K_NAME:
      free(cur_thread(p)->name);
      cur_thread(p)->name = clean_dup(text);
      break;
   case K_IP:
      cur_frame(p)->ip = frame_str(p, text);
      break;
   case K_OBJ:
      cur_frame(p)->obj = frame_str(p, text);
      break;
   case K_FN:
      cur_frame(p)->fn = frame_str(p, text);
      break;
   case K_DIR:
      cur_frame(p)->dir = frame_str(p, text);
      break;
   case K_FILE:
      cur_frame(p)->file = frame_str(p, text);
      break;
   case K_LINE:
      cur_frame(p)->has_line = text_u64(p, name, l->line, &cur_frame(p)->line);
      break;
   case K_STACK:
      if (p->version == 2 && p->stack->ref == 0)
         fail(p, "line %ld: <stack> has no ref attribute", l->line);
      break;
   case K_STABLE:
      p->table_done = true;
      if (r->ntstacks != p->table_stacks)
         fail(p, "line %ld: <stack-table stacks=\"%" PRIu64 "\"> holds %"
              PRIu64 " %s", l->line, p->table_stacks, r->ntstacks,
              plural(r->ntstacks, "stack", "stacks"));
      if (p->mode == 1 && !p->failed) {
         p->table_end = p->table_at + in_pos(p);
         p->done = true;
         xmlStopParser(p->ctxt);
      }
      break;
   case K_THREADS:
      p->threads_done = true;
      break;
   case K_ROOT:
      check_refs(p, l->line);
      break;
   default:
      break;
   }
   /* A required child missing: the first in children[] is named. */
   for (size_t i = 0; missing_required(l) &&
        i < sizeof children / sizeof children[0] && !p->failed; i++)
      if (children[i].parent == l->kind && children[i].required &&
          !(l->seen[children[i].kind / 64] & SEEN_BIT(children[i].kind)))
         fail(p, "line %ld: <%s> has no <%s>", l->line, name,
              name_str[children[i].name]);
   if (p->failed)
      return;
   if (l->kind == K_SITE)
      keep_site(p);
   else if (l->kind == K_FSITE)
      keep_fsite(p);
   else if (l->kind == K_LREC)
      keep_lrec(p);
   else if (l->kind == K_ASITE)
      keep_asite(p);
   else if (l->kind == K_BADCALL)
      keep_bad(p);
   else if (l->kind == K_MAP) {
      Maps *m = p->rep->maps;
      GROW(m->list, m->caplist, m->nlist + 1);
      m->list[m->nlist++] = p->map;
      memset(&p->map, 0, sizeof p->map);
   }
   else if (l->kind == K_SAMPLE)
      keep_sample(p);
   else if (l->kind == K_ROOT)
      p->done = true;
   p->nlv--;
}

/* An element named xname has started at line, its attributes read
   (attrs_read). */
static void start(Parser *p, const xmlChar *xname, long line)
{
   const char *name = (const char *)xname;
   enum Kind k = K_SKIP;
   if (p->nlv == 0) {
      k = K_ROOT;
   } else {
      Level *parent = &p->lv[p->nlv - 1];
      size_t c = child_of[parent->kind][name_id(p, xname)];
      if (c > 0 &&
          !(children[c - 1].kind == K_STABLE && p->version != 2)) {
         /* (A table in version 1 is ignored, as additions are.) */
         k = children[c - 1].kind;
         uint64_t *word = &parent->seen[k / 64], bit = SEEN_BIT(k);
         if ((*word & bit) && !children[c - 1].many) {
            fail(p, "line %ld: more than one <%s> in <%s>", line, name,
                 kind_name[parent->kind]);
            return;
         }
         *word |= bit;
      }
   }
   if (p->mode == 1 && p->nlv == 1 && k != K_STABLE) {
      fail(p, "not a stack table where one was found: read again");
      return;
   }
   GROW(p->lv, p->caplv, p->nlv + 1);
   p->lv[p->nlv++] = (Level){ .kind = k, .line = line };
   if (has_text(k))
      buf_clear(&p->text);
   begin(p, k, name, line);
}

/* Does an element of this name hold no text in a report?  Only the
   ones at_print reads are known; any other might. */
static bool holds_no_text(const char *name)
{
   if (strcmp(name, "asynctrace") == 0)
      return true;
   for (size_t i = 0; i < sizeof children / sizeof children[0]; i++)
      if (strcmp(name_str[children[i].name], name) == 0)
         return !has_text(children[i].kind);
   return false;
}

/* The length of s[0..k) without a UTF-8 sequence cut at its end, for
   showing a sample that was cut. */
static size_t utf8_whole(const char *s, size_t k)
{
   size_t j = k;
   while (j > 0 && ((unsigned char)s[j - 1] & 0xc0) == 0x80)
      j--;
   if (j == 0)
      return k;
   unsigned char lead = (unsigned char)s[j - 1];
   size_t len = lead >= 0xf0 ? 4 : lead >= 0xe0 ? 3 : lead >= 0xc0 ? 2 : 1;
   return j - 1 + len > k ? j - 1 : k;
}

/* Could a report cut short end as this file does?  What follows its
   last '>' is judged against the element the parser had open: bytes XML
   forbids, text inside an element that holds none, an end tag that
   cannot close that element or a '<' that starts no tag are damage, not
   a cut.  Returns false for a cut, else true with what is wrong in why.
   (Inside a comment, a processing instruction or CDATA, or outside the
   root element, anything may follow: those are taken as cut.) */
static bool tail_damage(const Input *in, const XmlError *x, char *why,
                        size_t n)
{
   const Tail *t = &in->tail;
   bool root = x->depth == 1 && strcmp(x->open, "asynctrace") == 0;
   bool closing = false;
   char *open = clip(x->open, 40), *quote = NULL, what[160], where[96];
   char s[TAIL_SAMPLE + 1];

   what[0] = where[0] = '\0';
   if (root)
      snprintf(where, sizeof where, " instead of its closing tag");
   else if (x->depth >= 1)
      snprintf(where, sizeof where, " inside <%s>", open);
   if (t->ctl >= 0) {
      if (t->ctl == 0)
         snprintf(what, sizeof what, "zero bytes%s", where);
      else
         snprintf(what, sizeof what, "the control byte \\x%02x%s", t->ctl,
                  where);
   } else if ((x->instate != XML_PARSER_CONTENT &&
               x->instate != XML_PARSER_START_TAG &&
               x->instate != XML_PARSER_END_TAG) || x->depth < 1 ||
              x->code == XML_ERR_COMMENT_NOT_FINISHED ||
              x->code == XML_ERR_PI_NOT_FINISHED ||
              x->code == XML_ERR_CDATA_NOT_FINISHED) {
      ;                          /* anything may follow: a cut */
   } else if (t->text && (x->instate == XML_PARSER_CONTENT || t->markup) &&
              holds_no_text(x->open)) {
      size_t k = utf8_whole(t->text_s, t->text_n);
      memcpy(s, t->text_s, k);
      while (k > 0 && is_xml_space(s[k - 1]))
         k--;
      s[k] = '\0';
      quote = clip(s, 30);
      snprintf(what, sizeof what, "text \"%s\"%s%s", quote, where,
               root ? "" : ", which holds none");
   } else if (t->markup) {
      size_t k = utf8_whole(t->mark_s, t->mark_n);
      bool bad;
      memcpy(s, t->mark_s, k);
      s[k] = '\0';
      if (s[1] == '/') {
         /* "</", then a prefix of the open element's name, or all of
            it and white space. */
         const char *p = s + 2;
         size_t name = 0;
         while (p[name] != '\0' && !is_xml_space(p[name]))
            name++;
         bool whole = p[name] != '\0';
         bad = t->lt2 || (whole && name == 0) ||
               strncmp(p, x->open, name) != 0 ||
               (whole && (x->open[name] != '\0' ||
                          p[name + strspn(p + name, " \t\r\n")] != '\0'));
         if (t->mark_n == TAIL_SAMPLE ||
             strlen(x->open) + 1 >= sizeof x->open)
            bad = false;         /* too long to judge */
         closing = bad && root;
      } else {
         unsigned char c = (unsigned char)s[1];
         bad = t->lt2 || !(c == '\0' || c == '!' || c == '?' || c == '_' ||
                           c == ':' || c >= 0x80 ||
                           (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'));
      }
      while (k > 0 && is_xml_space(s[k - 1]))
         s[--k] = '\0';
      if (bad) {
         quote = clip(s, 30);
         if (closing)
            snprintf(what, sizeof what, "\"%s\" is not </asynctrace>", quote);
         else if (s[1] == '/')
            snprintf(what, sizeof what, "\"%s\" cannot close <%s>", quote,
                     open);
         else
            snprintf(what, sizeof what, "\"%s\" is not a tag", quote);
      }
   }
   if (what[0] != '\0')
      snprintf(why, n, "%s at line %" PRIu64 ": %s",
               closing ? "the closing tag is damaged"
                       : "the end of the report is damaged", t->line, what);
   free(open);
   free(quote);
   return what[0] != '\0';
}

/* Why the report cannot be read, from libxml2's first error and where it
   stands: a file cut short (the run killed while writing it) is told
   apart from one damaged at its end or followed by something else.
   cut_note is added to what is said of a cut. */
static void describe_xml_error(const XmlError *x, Input *in, char *why,
                               size_t n, const char *cut_note)
{
   switch (x->at) {
   case XA_CUT:
      if (!tail_damage(in, x, why, n))
         snprintf(why, n, "report is truncated (line %d): the run may have "
                  "been killed while writing it%s", x->line, cut_note);
      return;
   case XA_END_TAG:
      /* A bad end tag where the root's closing tag goes is that tag, if
         nothing but text follows it to the end of the file. */
      input_drain(in, x->consumed);
      if (in->err == 0 && in->last_lt <= x->consumed) {
         snprintf(why, n, "the closing tag is damaged at line %d: %s",
                  x->line, x->msg);
         return;
      }
      break;
   case XA_AFTER:
      snprintf(why, n, "something follows the end of the report at line "
               "%d: %s", x->line, x->msg);
      return;
   default:
      break;
   }
   /* libxml2's limits, which it is not asked to lift: its messages
      name an option of its API, which would mean nothing here. */
   static const char huge[] = " use XML_PARSE_HUGE option";
   char msg[sizeof x->msg];
   snprintf(msg, sizeof msg, "%s", x->msg);
   char *opt = strstr(msg, huge);
   if (opt != NULL)
      memmove(opt, opt + sizeof huge - 1, strlen(opt + sizeof huge - 1) + 1);
   if (strstr(msg, "Excessive depth") != NULL)
      snprintf(why, n, "elements nested too deep at line %d (libxml2: "
               "%s)", x->line, msg);
   else if (opt != NULL || strstr(msg, "Huge input lookup") != NULL ||
            strstr(msg, "huge text node") != NULL ||
            strstr(msg, "too long") != NULL || strstr(msg, "too big") != NULL)
      snprintf(why, n, "too long at line %d: a tag, text or comment of "
               "more than 10 MB, which libxml2 refuses (%s)", x->line, msg);
   else
      snprintf(why, n, "not XML: %s, line %d", x->msg, x->line);
}

/* ---- libxml2's SAX2 callbacks (ctx: the Parser) ----

   The report is parsed with SAX2, which builds nothing: libxml2's
   streaming reader builds a node for each element, attribute and text
   and hands them over one at a time, which cost twice the parsing.  The
   callbacks are given up once the report is found wrong (p->failed) or
   libxml2 has said it is not XML (XmlError.have): the first error is
   the one said. */

/* Where the parser is, in the text it has decoded: it has gone past a
   start tag once this has moved on from where it was at its callback. */
static uint64_t in_pos(const Parser *p)
{
   const xmlParserInput *in = p->ctxt->input;
   if (in == NULL || in->cur == NULL || in->base == NULL)
      return 0;
   return (uint64_t)in->consumed + (uint64_t)(in->cur - in->base);
}

/* Takes the start tag last read, if any: it is whole.  Returns whether
   the callbacks are to go on. */
static bool sax_on(Parser *p)
{
   if (p->failed || p->xerr->have)
      return false;
   if (p->pending != NULL) {
      const xmlChar *name = p->pending;
      p->pending = NULL;
      start(p, name, p->pending_line);
      if (p->failed) {
         xmlStopParser(p->ctxt);
         return false;
      }
   }
   return true;
}

/* Raises an error libxml2's tree (and so its reader) would raise and a
   SAX2 parser does not, and stops the parser. */
static void tree_error(Parser *p, int code, const char *msg)
{
   xmlError e = {
      .domain = XML_FROM_PARSER, .code = code, .level = XML_ERR_FATAL,
      .ctxt = p->ctxt, .line = (int)cur_line(p), .message = (char *)msg,
   };
   on_xml_error(p->xerr, &e);
   xmlStopParser(p->ctxt);
}

/* Stops the parser once a callback has found the report wrong. */
static void sax_stop(Parser *p)
{
   if (p->failed)
      xmlStopParser(p->ctxt);
}

static void sax_start(void *ctx, const xmlChar *local, const xmlChar *prefix,
                      const xmlChar *uri, int nns, const xmlChar **ns,
                      int nattr, int ndefaulted, const xmlChar **attrs)
{
   Parser *p = ctx;
   (void)uri;
   (void)nns;
   (void)ns;
   (void)ndefaulted;             /* counted in nattr; there are none
                                    without a DTD */
   p->text_run = 0;
   if (!sax_on(p))
      return;
   if (p->nlv > xmlParserMaxDepth && !(p->ctxt->options & XML_PARSE_HUGE)) {
      char msg[96];
      snprintf(msg, sizeof msg, "Excessive depth in document: %u use "
               "XML_PARSE_HUGE option\n", xmlParserMaxDepth);
      tree_error(p, XML_ERR_INTERNAL_ERROR, msg);
      return;
   }
   /* A prefixed name is taken whole, "prefix:name", as a tree names it:
      it is none of the format's. */
   const xmlChar *name = local;
   if (prefix != NULL)
      name = xmlDictQLookup(p->dict, prefix, local);
   attrs_read(p, attrs, nattr);
   p->pending = name != NULL ? name : BAD_CAST "";
   p->pending_line = cur_line(p);
   p->pending_at = in_pos(p);
}

static void sax_end(void *ctx, const xmlChar *local, const xmlChar *prefix,
                    const xmlChar *uri)
{
   Parser *p = ctx;
   (void)local;
   (void)prefix;
   (void)uri;
   p->text_run = 0;
   if (!sax_on(p) || p->nlv == 0)
      return;
   end(p);
   sax_stop(p);
}

/* Text, white space or CDATA (kind 1 or 2), all taken alike; a run of
   one kind is limited as one text node of a tree is. */
static void sax_text_of(Parser *p, const xmlChar *ch, int len, int kind)
{
   if (!sax_on(p) || len <= 0)
      return;
   if (p->text_kind != kind) {
      p->text_kind = kind;
      p->text_run = 0;
   }
   p->text_run += (uint64_t)len;
   if (p->text_run > XML_MAX_TEXT_LENGTH &&
       !(p->ctxt->options & XML_PARSE_HUGE)) {
      tree_error(p, XML_ERR_NO_MEMORY, "Memory allocation failed : "
                 "xmlSAX2Characters: huge text node\n");
      return;
   }
   if (p->nlv > 0 && has_text(p->lv[p->nlv - 1].kind))
      buf_add(&p->text, (const char *)ch, (size_t)len);
}

static void sax_text(void *ctx, const xmlChar *ch, int len)
{
   sax_text_of(ctx, ch, len, 1);
}

static void sax_cdata(void *ctx, const xmlChar *ch, int len)
{
   sax_text_of(ctx, ch, len, 2);
}

/* A comment or a processing instruction: skipped, but it ends a text
   node. */
static void sax_comment(void *ctx, const xmlChar *value)
{
   Parser *p = ctx;
   (void)value;
   p->text_run = 0;
   p->text_kind = 0;
   sax_on(p);
}

static void sax_pi(void *ctx, const xmlChar *target, const xmlChar *data)
{
   (void)target;
   sax_comment(ctx, data);
}

/* The prolog scan refuses a DOCTYPE before libxml2 reads it; this is
   for one that scan cannot see (an encoding whose markup is not ASCII,
   as EBCDIC).  Nothing of the DTD is read: the parser stops here. */
static void sax_doctype(void *ctx, const xmlChar *name, const xmlChar *ext,
                        const xmlChar *sys)
{
   Parser *p = ctx;
   (void)name;
   (void)ext;
   (void)sys;
   if (!sax_on(p))
      return;
   fail(p, DOCTYPE_REFUSED);
   sax_stop(p);
}

/* An entity reference left as it is (only an entity a DTD declares
   would be, and there is none). */
static void sax_reference(void *ctx, const xmlChar *name)
{
   Parser *p = ctx;
   (void)name;
   if (!sax_on(p))
      return;
   fail(p, "line %ld: entity reference (at_print expands no entities)",
        cur_line(p));
   sax_stop(p);
}

/* libxml2's errors; none after an error of the format has stopped the
   parser (the first error is said). */
static void sax_error(void *ctx, ErrorArg e)
{
   Parser *p = ctx;
   /* A start tag the parser went past is whole, the error after it: as
      at the end of the file after the root's start tag. */
   if (p->pending != NULL && !p->xerr->have && in_pos(p) > p->pending_at)
      sax_on(p);
   if (!p->failed)
      on_xml_error(p->xerr, e);
}

/* Reads the report from in->fd into rep.  Returns NULL on success, else
   why the file cannot be shown (a static or parser-owned string that
   lives until the next call). */

/* Returned by read_report in modes 1 and 2 when the file is to be read
   again the usual way. */
static const char again[] = "read again";

static const char *read_report(const char *path, Input *in,
                               const Limits *lim, Report *rep, int mode,
                               Fast *fast)
{
   static char why[1100];
   XmlError xerr = { .in = in };
   Parser p = { .rep = rep, .top = lim->top, .futex_top = lim->futex_top,
                .leaks_top = lim->leaks_top, .alloc_top = lim->alloc_top,
                .keep_all = lim->keep_all, .xerr = &xerr,
                .tl_ix = { .stride = sizeof *rep->tl_cols },
                .orphan_ix = { .stride = sizeof *rep->orphans,
                               .off = offsetof(Orphans, role) },
                .mode = mode };
   if (mode != 0) {
      p.table_at = fast->table_at;
      p.table_stacks = fast->table_stacks;
   }
   if (mode == 1) {
      /* The table alone: in a root, as it is in the file. */
      p.version = 2;
      GROW(p.lv, p.caplv, 1);
      p.lv[p.nlv++] = (Level){ .kind = K_ROOT, .line = 1 };
   }

   hash_seed_init();
   /* Errors raised outside the parser go here. */
   xmlSetStructuredErrorFunc(&xerr, on_xml_error);
   xmlSetGenericErrorFunc(NULL, quiet);

   /* No handler for entity declarations or an external subset: with no
      NOENT (entities are never expanded), no DTDLOAD and no network,
      nothing but the file is read. */
   xmlSAXHandler sax;
   memset(&sax, 0, sizeof sax);
   sax.initialized = XML_SAX2_MAGIC;
   sax.startElementNs = sax_start;
   sax.endElementNs = sax_end;
   sax.characters = sax_text;
   sax.ignorableWhitespace = sax_text;
   sax.cdataBlock = sax_cdata;
   sax.comment = sax_comment;
   sax.processingInstruction = sax_pi;
   sax.internalSubset = sax_doctype;
   sax.reference = sax_reference;
   sax.serror = sax_error;

   /* libxml2 tells the encoding from the first 4 bytes, given first. */
   ssize_t got = input_next(in);
   if (got < 0 && mode != 0) {
      free(p.lv);
      return again;
   }
   if (got < 0) {
      if (in->doctype)
         snprintf(why, sizeof why, DOCTYPE_REFUSED);
      else
         snprintf(why, sizeof why, "cannot read: %s", strerror(in->err));
      return why;
   }
   size_t head = got >= 4 ? 4 : 0;
   xmlParserCtxtPtr ctxt = xmlCreatePushParserCtxt(&sax, &p, in->buf,
                                                   (int)head, path);
   if (ctxt == NULL) {
      free(p.lv);
      snprintf(why, sizeof why, "cannot read: libxml2 failed to start");
      return mode != 0 ? again : why;
   }
   if (mode != 0)
      p.fast = fast;
   if (mode == 2)
      p.grouper = fast->grouper;
   xmlCtxtUseOptions(ctxt, XML_PARSE_NONET);
   p.ctxt = ctxt;
   p.dict = ctxt->dict;
   names_init(&p);
   children_init();

   const char *data = in->buf + head;
   size_t n = (size_t)got - head;
   for (;;) {
      if (n > 0)
         xmlParseChunk(ctxt, data, (int)n, 0);
      if (p.failed || xerr.have || (mode == 1 && p.done))
         break;
      got = input_next(in);
      if (got < 0)
         break;                  /* a read error, or a DOCTYPE */
      if (got == 0) {
         xerr.eof = true;
         xmlParseChunk(ctxt, NULL, 0, 1);
         sax_on(&p);             /* (none: the root's end took it) */
         break;
      }
      data = in->buf;
      n = (size_t)got;
   }

   const char *res = NULL;
   if (mode != 0) {
      bool ok = !in->doctype && !in->err && !xerr.have && !p.failed &&
                p.done && (mode == 1 || p.table_ok);
      res = ok ? NULL : again;
      if (ok && mode == 1) {
         fast->table_end = p.table_end;
         fast->table_stacks = p.table_stacks;
      } else if (ok && grouper_finish(p.grouper, rep) &&
                 reread_stacks(rep, in->fd, fast)) {
         resolve_stacks(rep, NULL);
      } else if (ok) {
         res = again;
      }
   } else if (in->doctype) {
      snprintf(why, sizeof why, DOCTYPE_REFUSED);
      res = why;
   } else if (in->err) {
      snprintf(why, sizeof why, "read error: %s", strerror(in->err));
      res = why;
   } else if (xerr.have) {
      /* The parser stopped at it: it came first in the file. */
      if (in->total == 0)
         snprintf(why, sizeof why, "empty file");
      else if (in->first < 0)
         snprintf(why, sizeof why, "empty file (white space only)");
      else
         /* Every stack of a version 2 report is in the table at its
            end (the main thread's creation at least refers to one). */
         describe_xml_error(&xerr, in, why, sizeof why,
                            p.version == 2 && !p.table_done &&
                            memcmp(in->last_gt, TABLE_END, TABLE_END_LEN) != 0
                            ? "; its stacks are missing (they are in the "
                              "stack table at the end)" : "");
      res = why;
   } else if (p.failed) {
      snprintf(why, sizeof why, "%s", p.why);
      res = why;
   } else if (!p.done) {
      /* libxml2 stopped without telling why. */
      snprintf(why, sizeof why, in->total == 0 ? "empty file"
               : "not XML: libxml2 could not read it");
      res = why;
   } else if (p.version == 2) {
      resolve_stacks(rep, p.need_of);
   }

   xmlFreeParserCtxt(ctxt);
   xmlSetStructuredErrorFunc(NULL, NULL);
   site_free(&p.site);
   fsite_free(&p.fsite);
   site_free(&p.lrec);
   asite_free(&p.asite);
   badcall_free(&p.bad);
   maprec_free(&p.map);
   sample_free(&p.sample);
   free(p.avbuf.s);
   free(p.once);
   free(p.need_of);
   free(p.ids);
   free(p.tl_ix.slot);
   free(p.orphan_ix.slot);
   free(p.lv);
   free(p.text.s);
   free(p.clean.s);
   return res;
}

/* ---- The stack table first ----

   In version 2 the stacks are in the table at the end of the file, and
   grouping (group.c) needs them: read in the file's order, every site,
   loss record and allocation site would have to be kept until then.  A
   regular file is read from the table instead: the table is found from
   the end of the file, read alone, and then the rest is read with an
   empty table in its place, each record grouped as soon as it is read.
   A raw '<' is markup or in a comment, CDATA or processing instruction:
   what is found from the end is checked by the second read, where the
   empty table must be read as the root's child exactly where the table
   started; if it is not, or if anything at all is wrong with the file,
   it is read again the usual way, which says what is wrong. */

#define TABLE_TAG "<stack-table"
enum { TABLE_TAG_LEN = sizeof TABLE_TAG - 1 };

/* Does the file look like a report in UTF-8 whose root says version 2?
   A look at its first bytes; anything unclear says no. */
static bool head_ok(int fd)
{
   char b[4096];
   ssize_t got = pread(fd, b, sizeof b - 1, 0);
   if (got <= 0)
      return false;
   b[got] = '\0';
   if (memchr(b, '\0', (size_t)got) != NULL)
      return false;              /* UTF-16 or -32, or not text */
   const char *q = b;
   if (memcmp(q, "\xef\xbb\xbf", 3) == 0)
      q += 3;
   if (strncmp(q, "<?xml", 5) == 0) {
      const char *e = strstr(q, "?>"), *enc = strstr(q, "encoding");
      if (e == NULL)
         return false;
      if (enc != NULL && enc < e) {
         enc += 8;
         enc += strspn(enc, " \t\r\n");
         if (*enc++ != '=')
            return false;
         enc += strspn(enc, " \t\r\n");
         char quote = *enc++;
         if ((quote != '"' && quote != '\'') || strncasecmp(enc, "utf-8", 5) != 0 ||
             enc[5] != quote)
            return false;
      }
      q = e + 2;
   }
   const char *root = strstr(q, "<asynctrace");
   const char *gt = root != NULL ? strchr(root, '>') : NULL;
   if (gt == NULL)
      return false;
   const char *v = memmem(root, (size_t)(gt - root), "version=", 8);
   if (v == NULL || (v[8] != '"' && v[8] != '\''))
      return false;
   const char *d = v + 9 + strspn(v + 9, " \t\r\n");
   return *d == '2' && d[1 + strspn(d + 1, " \t\r\n")] == v[8];
}

/* The offset of the last "<stack-table" start tag in the file. */
static bool find_table(int fd, uint64_t size, char *buf, uint64_t *at)
{
   const size_t block = INPUT_BUF - TABLE_TAG_LEN - 1;
   for (uint64_t end = size; end > 0;) {
      size_t n = end > block ? block : (size_t)end;
      uint64_t start = end - n;
      /* With the bytes that follow, for a tag across two blocks. */
      size_t more = size - end < TABLE_TAG_LEN + 1 ? (size_t)(size - end)
                                                   : TABLE_TAG_LEN + 1;
      size_t have = 0;
      while (have < n + more) {
         ssize_t got = pread(fd, buf + have, n + more - have,
                             (off_t)(start + have));
         if (got < 0 && errno == EINTR)
            continue;
         if (got <= 0)
            return false;
         have += (size_t)got;
      }
      /* The last in the block: the table (a hundred megabytes of
         stacks) is looked through for the tag, not stopped at each
         '<' of it. */
      const char *last = NULL;
      for (const char *q = buf;
           (q = memmem(q, have - (size_t)(q - buf), TABLE_TAG,
                       TABLE_TAG_LEN)) != NULL && (size_t)(q - buf) < n;
           q++)
         if ((size_t)(q - buf) + TABLE_TAG_LEN < have &&
             (is_xml_space(q[TABLE_TAG_LEN]) || q[TABLE_TAG_LEN] == '>' ||
              q[TABLE_TAG_LEN] == '/'))
            last = q;
      if (last != NULL) {
         *at = start + (uint64_t)(last - buf);
         return true;
      }
      end = start;
   }
   return false;
}

/* Reads the report the table first, if it can; again if not. */
static const char *read_fast(const char *path, Input *in, const Limits *lim,
                             const Limits *show, const OwnRules *own,
                             size_t frames, Report *rep, uint64_t size)
{
   Fast f = { .own = own, .frames = frames, .show = show };
   if (!head_ok(in->fd) || !find_table(in->fd, size, in->buf, &f.table_at) ||
       lseek(in->fd, (off_t)f.table_at, SEEK_SET) < 0)
      return again;
   f.grouper = grouper_new(rep, own, frames, show);
   Input t = { .fd = in->fd, .buf = in->buf, .first = -1, .line = 1,
               .tail.ctl = -1, .pos = f.table_at };
   const char *why = read_report(path, &t, lim, rep, 1, &f);
   char last;
   if (why == NULL &&
       (f.table_end <= f.table_at + TABLE_TAG_LEN || f.table_end > size ||
        pread(in->fd, &last, 1, (off_t)f.table_end - 1) != 1 ||
        last != '>' || lseek(in->fd, 0, SEEK_SET) != 0))
      why = again;
   if (why == NULL) {
      Input m = { .fd = in->fd, .buf = in->buf, .first = -1, .line = 1,
                  .tail.ctl = -1, .skip_at = f.table_at,
                  .skip_to = f.table_end, .skip_with = TABLE_TAG "/>" };
      why = read_report(path, &m, lim, rep, 2, &f);
   }
   grouper_free(f.grouper);
   free(f.spos);
   free(f.ssum);
   return why != NULL ? again : NULL;
}

/* Opens path and reads the report in it into rep, keeping as much of
   each list as lim says.  Returns NULL on success, else why the file
   cannot be shown (a static or parser-owned string that lives until the
   next call). */
const char *report_read(const char *path, const Limits *lim, Report *rep)
{
   return report_read_grouped(path, lim, NULL, 0, rep);
}

const char *report_read_grouped(const char *path, const Limits *lim,
                                const OwnRules *own, size_t frames,
                                Report *rep)
{
   const Limits *show = lim;
   const char *why = NULL;
   Input in = { .fd = -1, .first = -1, .line = 1, .tail.ctl = -1 };
   struct stat st;

   in.fd = open(path, O_RDONLY | O_CLOEXEC);
   if (in.fd < 0) {
      why = strerror(errno);
   } else if (fstat(in.fd, &st) != 0) {
      why = strerror(errno);
   } else if (S_ISDIR(st.st_mode)) {
      why = strerror(EISDIR);
   } else if (S_ISREG(st.st_mode) && st.st_size == 0) {
      why = "empty file";
   } else {
      LIBXML_TEST_VERSION
      in.buf = xrealloc(NULL, INPUT_BUF);
      why = again;
      /* Grouped, any record may belong to a group among the largest:
         every one is read. */
      Limits all = *lim;
      if (frames > 0) {
         all.top = all.leaks_top = all.alloc_top = SIZE_MAX;
         lim = &all;
      }
      if (frames > 0 && S_ISREG(st.st_mode)) {
         why = read_fast(path, &in, lim, show, own, frames, rep,
                         (uint64_t)st.st_size);
         if (why == again) {
            report_free(rep);
            memset(rep, 0, sizeof *rep);
            if (lseek(in.fd, 0, SEEK_SET) != 0)
               why = strerror(errno);
         }
      }
      if (why == again)
         why = read_report(path, &in, lim, rep, 0, NULL);
   }
   if (in.fd >= 0)
      close(in.fd);
   free(in.buf);
   return why;
}

/* Frees what libxml2 keeps after the last report_read. */
void report_cleanup(void)
{
   xmlCleanupParser();
}
