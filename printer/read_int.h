/* read_int.h: what the parts of at_print's reader share, and nothing
 * else includes (report.h is the reader's face to the rest of at_print).
 *
 * The reader is five files, in the order a byte goes through them:
 *   input.c     the file's bytes: read a block at a time and handed to
 *               libxml2, its prolog scanned for a DOCTYPE, its last
 *               bytes kept, and libxml2's first error turned into what
 *               is wrong with the file (cut short, damaged at its end,
 *               not XML);
 *   read.c      the SAX reader: libxml2's callbacks, the names of the
 *               format, each element found in the element table and
 *               handed to its functions, the records counted and
 *               handed to the read's sink (sink.h: keep.c's keeper,
 *               the top N of each list, or group.c's grouper);
 *   elements.c  the element table (one row per element of the format,
 *               ELEMENTS below) and one function per element, which
 *               reads its attributes (and its text) into the Report;
 *   attrs.c     the attributes: each read, checked and turned into what
 *               the Report keeps, one at a time or by a table of an
 *               element's attributes (attrs_into);
 *   stacktab.c  version 2's stack table: the stacks the kept records
 *               refer to, and the read with the table first for
 *               grouping (report_read_grouped).
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

#ifndef AT_READ_INT_H
#define AT_READ_INT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include <libxml/parser.h>
#include <libxml/xmlerror.h>

#include "report.h"
#include "sink.h"

/* ------------------------------------------------------------------ */
/* The input (input.c)                                                 */
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
   unsigned char head[512];      /* the file's first bytes, to tell a */
   size_t nhead;                 /* compressed or binary file */
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

#define DOCTYPE_REFUSED "not an asynctrace report (it has a DOCTYPE; " \
   "reports have none and at_print reads no DTD)"

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

/* Reads the next block of the file into in->buf[0..in->end) and notes
   it.  Returns its length, 0 at the end of the file, -1 on a read error
   (in->err) or on a DOCTYPE (in->doctype), which libxml2 then gets none
   of. */
ssize_t input_next(Input *in);

/* libxml2's error handler (ctx: the XmlError): keeps the first error and
   where the parser stood. */
void on_xml_error(void *ctx, ErrorArg e);

/* Anything libxml2 would print without a structured handler. */
void quiet(void *ctx, const char *fmt, ...);

/* Why the report cannot be read, from libxml2's first error (x): into
   why, n bytes; cut_note is added to what is said of a cut. */
void describe_xml_error(const XmlError *x, Input *in, char *why, size_t n,
                        const char *cut_note);

/* A file that is not XML at all, told from its first bytes: compressed
   (with how to read it: path is FILE as given) or binary.  False if it
   starts as XML or as text would; else true, with why. */
bool describe_not_xml(const Input *in, const char *path, char *why,
                      size_t n);

/* ------------------------------------------------------------------ */
/* The reader (read.c)                                                */
/* ------------------------------------------------------------------ */

/* Every attribute name of the format (those of
   docs/asynctrace-report.rng), with an id; the element names are those
   of ELEMENTS (below), and those that are no attribute's are given ids
   after these (name_of_element).  libxml2's reader keeps the names of
   the nodes it builds in a dictionary, one copy of each, so a name is
   told by its address: the dictionary's copy of each name is looked up
   once, and then an element's or an attribute's name is found with one
   hash probe instead of a string comparison per candidate. */
#define NAMES(X) \
   X(ADDR, "addr") X(ALIVE_AT_EXIT, "alive-at-exit") \
   X(ALLOC_POOL, "alloc-pool") X(ALLOC_ROLE, "alloc-role") \
   X(ALLOCS, "allocs") X(AT_PEAK, "at-peak") X(BLOCKED_US, "blocked-us") \
   X(BLOCKS, "blocks") X(BYTES, "bytes") \
   X(BYTES_ALLOCATED, "bytes-allocated") X(BYTES_FREED, "bytes-freed") \
   X(CALL, "call") X(CHECK, "check") X(CHURN, "churn") X(CLASS, "class") X(COUNT, "count") \
   X(CREATION, "creation") X(CREATOR, "creator") X(EAGAIN, "eagain") \
   X(EINTR, "eintr") X(END_MS, "end-ms") X(ENDED, "ended") \
   X(EPOCH_MS, "epoch-ms") X(ERRORS, "errors") X(FILE, "file") \
   X(FRAME, "frame") X(FRAMES, "frames") X(FREE_POOL, "free-pool") \
   X(FREE_ROLE, "free-role") X(FREES, "frees") X(GIVEN, "given") \
   X(HEAP, "heap") X(HEURISTIC, "heuristic") X(HEURISTICS, "heuristics") \
   X(HOLDER, "holder") X(HOW, "how") X(ID, "id") \
   X(IDLE_US, "idle-us") X(IDLE_WAITS, "idle-waits") X(INDEX, "index") \
   X(INDIRECT_BLOCKS, "indirect-blocks") X(INDIRECT_BYTES, "indirect-bytes") \
   X(INHERITED, "inherited") X(INLINED, "inlined") X(INSNS, "insns") \
   X(KIND, "kind") X(LEFT_OUT_BLOCKS, "left-out-blocks") \
   X(LEFT_OUT_BYTES, "left-out-bytes") X(LIVE_AT_PEAK, "live-at-peak") \
   X(LIVE_BLOCKS, "live-blocks") X(LIVE_BYTES, "live-bytes") \
   X(MAX_THREADS, "max-threads") X(MAX_US, "max-us") X(MEDIAN_INSNS, "median-insns") X(OBJ, "obj") \
   X(OPS, "ops") X(ORPHAN, "orphan") X(OS_TID, "os-tid") X(PEAK, "peak") \
   X(PEAK_ALIVE, "peak-alive") X(PEAK_BLOCKS, "peak-blocks") \
   X(PEAK_BYTES, "peak-bytes") X(PEAK_LIVE, "peak-live") \
   X(PEAK_MS, "peak-ms") X(PEAK_TIME, "peak-time") X(PENDING, "pending") \
   X(POOL, "pool") X(PRIVATE, "private") X(REALTIME, "realtime") \
   X(REF, "ref") X(REST_ALLOCS, "rest-allocs") \
   X(REST_AT_PEAK, "rest-at-peak") X(REST_BYTES, "rest-bytes") \
   X(REST_LIVE_BYTES, "rest-live-bytes") X(ROLE, "role") \
   X(ROLE_HISTORY, "role-history") X(STOLEN, "stolen") X(SPLITS, "splits") X(SUPPRESSED_BY, "suppressed-by") X(RUNNING_US, "running-us") X(SAMPLES, "samples") X(SEQ, "seq") \
   X(SHOWN, "shown") X(SIGNAL, "signal") X(SIGNO, "signo") \
   X(SINCE_MS, "since-ms") X(SITES, "sites") X(SIZE, "size") \
   X(STACKS, "stacks") X(START_MS, "start-ms") X(STATUS, "status") \
   X(THREAD, "thread") X(THREAD_ALIVE_AT_EXIT, "thread-alive-at-exit") \
   X(THREADS, "threads") X(TIME, "time") X(TIME_UNIT, "time-unit") \
   X(TIMED, "timed") X(TIMEOUTS, "timeouts") X(TOTAL, "total") \
   X(UNIT, "unit") X(VERSION, "version") X(VG_TID, "vg-tid") \
   X(WAITER, "waiter") X(WAITS, "waits") X(WAKER, "waker") X(WAKES, "wakes") \
   X(WOKE, "woke") X(WOKEN, "woken") \
   /* Added later. */ \
   X(AFTER, "after") X(ALLOCS_IN_TASKS, "allocs-in-tasks") \
   X(ALLOCS_OUTSIDE, "allocs-outside") X(ANON, "anon") \
   X(ANON_MAPS, "anon-maps") X(AT, "at") X(ATTRIBUTION, "attribution") \
   X(BLOCK, "block") X(BLOCKING_US, "blocking-us") \
   X(BLOCKING_WAITS, "blocking-waits") X(BYTES_IN_TASKS, "bytes-in-tasks") \
   X(BYTES_OUTSIDE, "bytes-outside") X(CAUSE, "cause") \
   X(CONDITION_US, "condition-us") X(CONDITION_WAITS, "condition-waits") \
   X(ENDED_MS, "ended-ms") X(FILE_MAPS, "file-maps") \
   X(FROM_BLOCK, "from-block") X(FROM_KIND, "from-kind") X(FUTURE, "future") \
   X(INSNS_IN_TASKS, "insns-in-tasks") X(INTERVAL, "interval") \
   X(JOIN_US, "join-us") X(JOIN_WAITS, "join-waits") X(KEPT, "kept") \
   X(LABEL, "label") X(LOCK_US, "lock-us") X(LOCK_WAITS, "lock-waits") \
   X(LOST_BLOCKS, "lost-blocks") X(LOST_BYTES, "lost-bytes") X(MAPS, "maps") \
   X(MAX, "max") X(MAX_POLL_INSNS, "max-poll-insns") X(MS, "ms") \
   X(OFFSET, "offset") X(OTHERS, "others") X(OTHER_US, "other-us") X(OTHER_WAITS, "other-waits") \
   X(PENDING_AT_EXIT, "pending-at-exit") X(POLL_ENTRIES, "poll-entries") \
   X(POLLS, "polls") X(RECOGNISED, "recognised") X(REGISTER, "register") \
   X(REST_BLOCKS, "rest-blocks") X(REST_SITES, "rest-sites") X(ROOT, "root") \
   X(SECTION, "section") X(SLEEP_US, "sleep-us") \
   X(SLEEP_WAITS, "sleep-waits") X(SPAWN_SITE, "spawn-site") \
   X(SPAWNED, "spawned") X(SPAWNED_MS, "spawned-ms") \
   X(STACK_MAPS, "stack-maps") X(START, "start") X(STATE, "state") \
   X(SYMBOL, "symbol") X(SYMBOL_OFFSET, "symbol-offset") X(TAKEN, "taken") \
   X(TASKS, "tasks") X(UNKNOWN_POLLS, "unknown-polls") X(VALUE, "value") \
   X(DEFINITE_BYTES, "definite-bytes") X(DEFINITE_BLOCKS, "definite-blocks") \
   X(POSSIBLE_BYTES, "possible-bytes") X(POSSIBLE_BLOCKS, "possible-blocks") \
   X(REACHABLE_BYTES, "reachable-bytes") \
   X(REACHABLE_BLOCKS, "reachable-blocks") X(RECORDS, "records") \
   X(CLS_LOCK, "lock") X(CLS_CONDITION, "condition") X(CLS_JOIN, "join") \
   X(CLS_SLEEP, "sleep") X(CLS_IDLE, "idle") X(CLS_OTHER, "other") \
   X(ALIVE, "alive") X(CELL_BYTES, "cell-bytes") \
   X(REST_CELL_BYTES, "rest-cell-bytes") X(REST_TASKS, "rest-tasks") \
   X(RAYON_JOBS, "rayon-jobs") X(RAYON_UNKNOWN, "rayon-unknown") \
   X(CODE, "code") X(ANAME, "name") X(ROLE_BY, "role-by") \
   X(OBJECT, "object") X(WHY, "why") \
   X(IO_CALLS, "io-calls") X(IO_US, "io-us") X(POLL_CALLS, "poll-calls") \
   X(POLL_US, "poll-us") X(SLEEP_CALLS, "sleep-calls") \
   X(OTHER_CALLS, "other-calls")

enum Name {
   N_NONE,                       /* not one of them */
#define X(id, str) N_##id,
   NAMES(X)
#undef X
   N_NAMES
};

/* The names, by id (N_NONE: ""). */
extern const char *const name_str[N_NAMES];

/* The names' addresses in the reader's dictionary, and the other names
   of it met so far (as N_NONE), by address: open addressing, at most
   half full. */
#define NAME_SLOTS 1024

typedef struct {
   const xmlChar *s;
   unsigned id;                  /* a name id (name_id) */
} NameSlot;

/* ---- The elements ----

   Every element at_print reads, one row each, in the order of the
   format (docs/report-format.md): where it is (its parent), its name,
   and the functions that read it (elements.c), made into the tables
   that read.c reads an element with (elements.c's kinds and places).
   A row
      E(KIND, PARENT, "name", flags, begin, end, keep)
   is an element of kind K_KIND, a child of a K_PARENT; flags are
   F_MANY (it may repeat), F_REQ (its parent must have one), F_TEXT (its
   text is read) and F_V2 (read only in version 2, skipped in version
   1); begin reads its attributes once its start tag is read, end its
   text (and checks it) once it has ended, before its required children
   are checked, and keep takes what it holds into the report once it is
   whole; any of them may be 0.  A kind found in more than one place (a
   <stack>, a <frame>) is defined by its first row and placed again by
   A(KIND, PARENT, flags).  Elements the table does not name are skipped
   with everything inside them: the version changes only when something
   is removed or changes meaning, so a report may hold additions.  The
   order of the rows is the order in which a missing required child is
   named.  To read a new element: its row here, its functions in
   elements.c (and the names of its attributes in NAMES, if they are
   new); its own name needs nothing more. */
#define ELEMENTS(E, A) \
   E(ROOT, DOC, "asynctrace", 0, begin_root, end_root, keep_root) \
   E(RUN, ROOT, "run", F_REQ, 0, 0, 0) \
   E(THREADS, ROOT, "threads", F_REQ, 0, end_threads, 0) \
   E(HEAP, ROOT, "heap", F_REQ, begin_heap, 0, 0) \
   E(LIVE, ROOT, "live-at-exit", F_REQ, begin_live, 0, 0) \
   /* Added to version 1 later: optional, so older reports still read. */ \
   E(ROLES, ROOT, "roles", 0, begin_roles, 0, 0) \
   E(FSITES, ROOT, "futex-sites", 0, begin_fsites, 0, 0) \
   E(WAKES, ROOT, "wake-pairs", 0, begin_wakes, 0, 0) \
   E(LEAKS, ROOT, "leaks", 0, begin_leaks, 0, 0) \
   E(XFREES, ROOT, "cross-frees", 0, begin_xfrees, 0, 0) \
   E(TIMELINE, ROOT, "timeline", 0, begin_timeline, 0, 0) \
   E(ASITES, ROOT, "alloc-sites", 0, begin_asites, 0, 0) \
   E(BADCALLS, ROOT, "bad-calls", 0, begin_badcalls, 0, 0) \
   E(MAPS, ROOT, "mappings", 0, begin_maps, 0, 0) \
   E(TASKS, ROOT, "tasks", 0, begin_tasks, 0, 0) \
   E(SNAPS, ROOT, "snapshots", 0, begin_snaps, 0, 0) \
   /* Version 2. */ \
   E(STABLE, ROOT, "stack-table", F_V2, begin_stable, end_stable, 0) \
   /* Added to version 2 later (a version 1 report never has it). */ \
   E(CPU, ROOT, "cpu", F_V2, begin_cpu, 0, 0) \
   E(TOOL, RUN, "tool", F_REQ, begin_tool, 0, 0) \
   E(VALGRIND, RUN, "valgrind", F_REQ, begin_valgrind, 0, 0) \
   E(COMMAND, RUN, "command", F_REQ, 0, 0, 0) \
   E(PID, RUN, "pid", F_REQ | F_TEXT, 0, end_pid, 0) \
   E(PPID, RUN, "ppid", F_REQ | F_TEXT, 0, end_ppid, 0) \
   E(START, RUN, "start-time", F_REQ | F_TEXT, 0, end_start, 0) \
   E(DURATION, RUN, "duration-ms", F_REQ | F_TEXT, 0, end_duration, 0) \
   E(END, RUN, "end", F_REQ, begin_end, 0, 0) \
   E(CRASH, RUN, "crash", 0, begin_crash, 0, 0) \
   A(STACK, CRASH, F_REQ) \
   E(NOSYMS, RUN, "no-symbols", F_MANY, begin_nosyms, 0, 0) \
   E(FLOST, RUN, "final-report-lost", 0, begin_flost, 0, 0) \
   E(EXE, COMMAND, "exe", F_REQ | F_TEXT, 0, end_exe, 0) \
   E(ARG, COMMAND, "arg", F_MANY | F_TEXT, 0, end_arg, 0) \
   E(THREAD, THREADS, "thread", F_MANY, begin_thread, 0, 0) \
   E(NAME, THREAD, "name", F_MANY | F_TEXT, 0, end_name, 0) \
   E(THEAP, THREAD, "heap", F_REQ, begin_theap, 0, 0) \
   E(TFUTEX, THREAD, "futex", 0, begin_tfutex, 0, 0) \
   E(TSYS, THREAD, "syscalls", 0, begin_tsys, 0, 0) \
   E(SITE, LIVE, "site", F_MANY, begin_site, 0, keep_site) \
   E(STACK, SITE, "stack", F_REQ, begin_stack, end_stack, 0) \
   E(RSUM, ROLES, "role-summary", F_MANY, begin_rsum, 0, 0) \
   E(RHEAP, RSUM, "heap", F_REQ, begin_rheap, 0, 0) \
   E(RFUTEX, RSUM, "futex", F_REQ, begin_rfutex, 0, 0) \
   E(FSITE, FSITES, "site", F_MANY, begin_fsite, 0, keep_fsite) \
   A(STACK, FSITE, F_REQ) \
   E(WAKE, WAKES, "wake", F_MANY, begin_wake, 0, 0) \
   E(LTOTAL, LEAKS, "total", F_MANY, begin_ltotal, 0, 0) \
   E(LBYROLE, LEAKS, "by-role", F_MANY, begin_lbyrole, 0, 0) \
   E(LVIA, LEAKS, "via-heuristic", F_MANY, begin_lvia, 0, 0) \
   E(LEFTOUT, LEAKS, "left-out", F_MANY, begin_leftout, 0, 0) \
   E(HELD, LEAKS, "held-by", F_MANY, begin_held, 0, 0) \
   E(LREC, LEAKS, "loss-record", F_MANY, begin_lrec, 0, keep_lrec) \
   A(STACK, LREC, F_REQ) \
   E(PFROM, LREC, "pointed-from", 0, begin_pfrom, 0, 0) \
   E(RVIA, LREC, "via-heuristic", F_MANY, begin_rvia, 0, 0) \
   A(STACK, PFROM, 0) \
   E(XFREE, XFREES, "free", F_MANY, begin_xfree, 0, 0) \
   E(SAMPLE, TIMELINE, "sample", F_MANY, begin_sample, 0, keep_sample) \
   E(SROLE, SAMPLE, "role", F_MANY, begin_srole, 0, 0) \
   E(ASITE, ASITES, "site", F_MANY, begin_asite, 0, keep_asite) \
   A(STACK, ASITE, F_REQ) \
   E(BADCALL, BADCALLS, "bad-call", F_MANY, begin_badcall, 0, keep_bad) \
   A(STACK, BADCALL, F_REQ) \
   E(FPRINT, MAPS, "footprint", F_MANY, begin_fprint, 0, 0) \
   E(RFP, FPRINT, "role-footprint", F_MANY, begin_rfp, 0, 0) \
   E(TFP, FPRINT, "thread-footprint", F_MANY, begin_tfp, 0, 0) \
   E(MAP, MAPS, "map", F_MANY, begin_map, 0, keep_map) \
   A(STACK, MAP, F_REQ) \
   E(SPAWN, TASKS, "spawn-site", F_MANY, begin_spawn, 0, 0) \
   E(RSHARE, TASKS, "role-share", F_MANY, begin_rshare, 0, 0) \
   E(TASK, TASKS, "task", F_MANY, begin_task, 0, 0) \
   E(BLOCKIN, TASKS, "blocking-in-async", F_MANY, begin_blockin, 0, 0) \
   A(STACK, SPAWN, F_REQ) \
   A(STACK, TASK, 0) \
   A(STACK, BLOCKIN, F_REQ) \
   E(CPUSTACK, CPU, "cpu-stack", F_MANY, begin_cpustack, 0, 0) \
   A(STACK, CPUSTACK, 0) \
   E(SNAP, SNAPS, "snapshot", F_MANY, begin_snap, 0, 0) \
   E(PHASE, SNAPS, "phase", F_MANY, begin_phase, 0, 0) \
   E(SNROLE, SNAP, "role", F_MANY, begin_snrole, 0, 0) \
   E(SNSITE, SNAP, "site", F_MANY, begin_snsite, 0, 0) \
   A(STACK, SNSITE, F_REQ) \
   E(SNLEAK, SNAP, "leak-check", 0, begin_snleak, 0, 0) \
   E(SNLROLE, SNLEAK, "by-role", F_MANY, begin_snlrole, 0, 0) \
   E(SNLREC, SNLEAK, "record", F_MANY, begin_snlrec, 0, 0) \
   A(STACK, SNLREC, F_REQ) \
   E(SNTASKS, SNAP, "tasks", 0, begin_sntasks, 0, 0) \
   E(SNSPAWN, SNTASKS, "spawn-site", F_MANY, begin_snspawn, 0, 0) \
   E(SNTASK, SNTASKS, "task", F_MANY, begin_sntask, 0, 0) \
   E(FRAME, STACK, "frame", F_MANY, begin_frame, 0, 0) \
   A(FRAME, STABLE, F_MANY) \
   E(TSTACK, STABLE, "stack", F_MANY, begin_tstack, 0, 0) \
   E(IP, FRAME, "ip", F_REQ | F_TEXT, 0, end_ip, 0) \
   E(OBJ, FRAME, "obj", F_TEXT, 0, end_obj, 0) \
   E(FN, FRAME, "fn", F_TEXT, 0, end_fn, 0) \
   E(DIR, FRAME, "dir", F_TEXT, 0, end_dir, 0) \
   E(FILE, FRAME, "file", F_TEXT, 0, end_file, 0) \
   E(LINE, FRAME, "line", F_TEXT, 0, end_line, 0)

/* A row's flags. */
enum { F_MANY = 1, F_REQ = 2, F_TEXT = 4, F_V2 = 8 };

#define KIND_ENUM(kind, parent, name, flags, begin, end, keep) K_##kind,
#define KIND_NONE(kind, parent, flags)
enum Kind {
   K_SKIP,      /* unknown here: skipped with everything inside */
   K_DOC,       /* the document: the root's parent */
   ELEMENTS(KIND_ENUM, KIND_NONE)
   K_COUNT
};
#undef KIND_ENUM
#undef KIND_NONE

/* Level.seen has a bit per kind, in as many words as that takes. */
#define SEEN_WORDS ((K_COUNT + 63) / 64)
#define SEEN_BIT(k) (UINT64_C(1) << ((k) % 64))

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

typedef struct {
   enum Kind kind;
   uint64_t seen[SEEN_WORDS];    /* bit per child kind met so far */
   long line;
} Level;

/* What the two reads with the stack table first share (report_read). */
typedef struct Fast {
   uint64_t table_at, table_end, table_stacks;
   const OwnRules *own;          /* grouping's */
   size_t frames;
   const Limits *show;           /* what is shown of the groups */
   RecordSink sink;              /* the grouper's */
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
   RecordSink sink;              /* where the records read go */
   Keeper keep;                  /* mode 0: the sink's state */
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
   uint64_t tl_stride;           /* keep_sample's: the samples kept */
   uint64_t tl_prev_time, tl_prev_live;   /* the sample before */
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
   /* Reading with the stack table first (report_read): mode 1 reads
      the table alone, each stack handed to the sink (Fast.sink) and
      its place noted, until its end (table_end);
      mode 2 the rest, where the table is replaced by an empty one that
      must start at table_at, each record handed to the sink (the
      grouper's) as it is read.  Anything amiss fails: the file is then
      read again the usual way, for its error if it has one. */
   int mode;
   uint64_t table_at, table_end;
   bool table_ok;                /* mode 2: the empty table was where the
                                    table was */
   struct Fast *fast;            /* modes 1 and 2 */
   uint32_t *ids;                /* mode 1: the frames of a stack */
   size_t capids;
   bool done;                    /* the root element ended */
   bool failed;
   char why[1024];
} Parser;

/* Fails the read, with why (the first failure is kept). */
void fail(Parser *p, const char *fmt, ...)
   __attribute__((format(printf, 2, 3)));

/* The line the parser is at (that of the start tag just read). */
long cur_line(const Parser *p);

/* Where the parser is, in the text it has decoded. */
uint64_t in_pos(const Parser *p);

/* Attribute n of the element that has just started, or NULL. */
static inline const char *attr_get(const Parser *p, enum Name n)
{
   return p->av_gen[n] == p->gen ? p->av[n] : NULL;
}

/* The id of name s, the text of an element's name (not the
   dictionary's copy): its enum Name if it is an attribute's too, else an
   id from N_NAMES on, given it the first time. */
unsigned name_of_element(const char *s);

/* What is read is kept (ELEMENTS' keep): the <live-at-exit> <site>, the
   futex site, the loss record, the allocation site, the bad call and
   the timeline's sample just read (Parser's site, fsite, ...), each
   counted for the checks and handed to the sink. */
void keep_site(Parser *p);
void keep_fsite(Parser *p);
void keep_lrec(Parser *p);
void keep_asite(Parser *p);
void keep_bad(Parser *p);
void keep_sample(Parser *p);

/* The index of the role equal to r among the ix->n of base, or ix->n. */
size_t role_find(const RoleIndex *ix, const void *base, const Role *r);

/* Notes that the role at index ix->n of base is now in the list. */
void role_add(RoleIndex *ix, const void *base);

/* Reads the report from in->fd into rep (mode 0: the usual way; 1 and 2:
   with the stack table first, stacktab.c).  Returns NULL on success,
   else why the file cannot be shown, or read_again in modes 1 and 2. */
const char *read_report(const char *path, Input *in, const Limits *lim,
                        Report *rep, int mode, Fast *fast);

/* Returned by read_report in modes 1 and 2 when the file is to be read
   again the usual way. */
extern const char read_again[];

/* ------------------------------------------------------------------ */
/* The elements (elements.c)                                          */
/* ------------------------------------------------------------------ */

/* What reads an element of a kind (a row of ELEMENTS): name is the
   element's name as in the file, line that of its start tag, text its
   text (F_TEXT; else ""). */
typedef void ElemBegin(Parser *p, const char *name, long line);
typedef void ElemEnd(Parser *p, const char *name, long line,
                     const char *text);
typedef void ElemKeep(Parser *p);

typedef struct {
   const char *name;             /* "?" for K_SKIP and K_DOC */
   unsigned flags;               /* F_TEXT of its row */
   ElemBegin *begin;
   ElemEnd *end;
   ElemKeep *keep;
} ElemKind;

/* A place of a kind: a row of ELEMENTS, E or A, in their order. */
typedef struct {
   enum Kind parent, kind;
   unsigned flags;               /* F_MANY, F_REQ, F_V2 */
} Place;

/* By kind; the places, nplaces of them. */
extern const ElemKind elem_kinds[K_COUNT];
extern const Place places[];
extern const size_t nplaces;

/* The places by parent and name id (name_id): child_of[parent][id] is
   the index of the place plus 1, or 0.  Made once, by children_init,
   which gives each element's name an id (name_of_element). */
#define NAME_IDS (N_NAMES + K_COUNT)
extern uint8_t child_of[K_COUNT][NAME_IDS];
void children_init(void);

/* Does an element of kind k hold text? */
static inline bool has_text(enum Kind k)
{
   return (elem_kinds[k].flags & F_TEXT) != 0;
}

/* The element l has ended, its text read: fails if a child its kind
   requires is missing (the first of them in the table is named). */
void check_required(Parser *p, const Level *l);

/* Does an element of this name hold no text in a report?  Only the
   ones at_print reads are known; any other might. */
bool holds_no_text(const char *name);

/* ------------------------------------------------------------------ */
/* The attributes (attrs.c)                                            */
/* ------------------------------------------------------------------ */

/* Each reads attribute name of the element elem that has just started
   (its line): a missing required one, or one that is not what the
   format says, fails the read and returns false (or NULL). */

/* Cleaned for printing, in a malloc of its own (NULL if it is missing). */
char *attr_str(Parser *p, const char *elem, enum Name name, bool required,
               long line);
/* As attr_str, but kept once in the report's strings: not to be freed. */
char *attr_istr(Parser *p, const char *elem, enum Name name, bool required,
                long line);
/* A number; attr_id an id of the stack table, telling one too large for
   64 bits from one that is not a number; attr_u64_opt an optional
   number, *present telling whether it was there. */
bool attr_u64(Parser *p, const char *elem, enum Name name, long line,
              uint64_t *out);
bool attr_id(Parser *p, const char *elem, enum Name name, long line,
             uint64_t *out);
bool attr_u64_opt(Parser *p, const char *elem, enum Name name, long line,
                  uint64_t *out, bool *present);
/* "yes" or "no", optional (*present). */
bool attr_yes_no(Parser *p, const char *elem, enum Name name, long line,
                 bool *out, bool *present);
/* A role attribute named role_name (required) and its pool attribute
   named pool_name (optional), the role kept once if once; attr_role
   those named role and pool (and index, if with_index); attr_site_role
   those of a site, kept once. */
bool attr_role_named(Parser *p, const char *elem, long line, Role *r,
                     enum Name role_name, enum Name pool_name, bool once);
bool attr_role(Parser *p, const char *elem, long line, Role *r,
               bool with_index);
bool attr_site_role(Parser *p, const char *elem, long line, Role *r);
/* The leak-scan attributes of a <site> or <loss-record>: the kind
   (required if need_kind), the indirect bytes and blocks (both or
   neither) and the orphan mark. */
void attr_leak(Parser *p, const char *elem, long line, Site *s,
               bool need_kind);

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

/* futex_attrs' names, in its order. */
extern const enum Name futex_name[FUTEX_N];

/* The futex counters into f: those in need (FX_*) must be there. */
bool attr_futex(Parser *p, const char *elem, long line, Futex *f,
                unsigned need);

/* How an attribute is read (attrs_into), into the record at rec: */
enum {
   A_U64,                        /* a number, required */
   A_U64_OPT,                    /* a number, optional (attr_u64_opt) */
   A_ID,                         /* an id of the table (attr_id) */
   A_STR,                        /* a string, required (attr_str) */
   A_STR_OPT,                    /* a string, optional */
   A_ISTR,                       /* a string kept once, required */
   A_ROLE,                       /* the role and pool (attr_role) */
   A_SITE_ROLE,                  /* the same, kept once (attr_site_role) */
};

typedef struct {
   enum Name name;
   unsigned char how;            /* A_* */
   size_t off;                   /* of the value in the record */
   size_t has;                   /* A_U64_OPT: of its bool present */
} Attr;

/* Reads the n attributes of table a of element elem into rec, in
   order, up to the first missing or bad one (which fails the read):
   returns whether all were read. */
bool attrs_into(Parser *p, const char *elem, long line, void *rec,
                const Attr *a, size_t n);

/* ------------------------------------------------------------------ */
/* The stack table (stacktab.c)                                        */
/* ------------------------------------------------------------------ */

/* A <stack> where a section names one: in version 2 a ref into the
   table, in version 1 its frames (p->stack). */
void stack_ref(Parser *p, long line);

/* <stack-table> starts; a <frame> of it; a <stack> of it. */
void table_begin(Parser *p, long line);
void table_frame(Parser *p, long line);
void table_stack(Parser *p, long line);

/* The report has ended: its refs must name stacks of the table. */
void check_refs(Parser *p, long line);

/* Points the kept records' stacks at their frames in the table (need_of:
   table_begin's index of them, or NULL). */
void resolve_stacks(Report *r, const uint32_t *need_of);

/* Grouped as read, the stacks the kept entries use are read again from
   the table (fd, where f noted them).  False if it cannot be. */
bool reread_stacks(Report *r, int fd, const Fast *f);

/* Reads the report (in->fd, of size bytes) the table first, grouped;
   NULL on success, else read_again. */
const char *read_fast(const char *path, Input *in, const Limits *lim,
                      const Limits *show, const OwnRules *own,
                      size_t frames, Report *rep, uint64_t size);

#endif
