/* read_int.h: what the parts of at_print's reader share, and nothing
 * else includes (report.h is the reader's face to the rest of at_print).
 *
 * The reader is four files, in the order a byte goes through them:
 *   input.c     the file's bytes: read a block at a time and handed to
 *               libxml2, its prolog scanned for a DOCTYPE, its last
 *               bytes kept, and libxml2's first error turned into what
 *               is wrong with the file (cut short, damaged at its end,
 *               not XML);
 *   read.c      the SAX reader: libxml2's callbacks, the names of the
 *               format, each element found in the element table and
 *               handed to its functions, the records kept (the top N
 *               of each list, or handed to the grouper);
 *   elements.c  the element table (one row per element of the format)
 *               and one function per element, which reads its
 *               attributes (and its text) into the Report;
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

/* ------------------------------------------------------------------ */
/* The reader (read.c)                                                */
/* ------------------------------------------------------------------ */

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

/* The names, by id (N_NONE: ""). */
extern const char *const name_str[N_NAMES];

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

/* The kinds' names, the table of the elements by parent (children[],
   nchildren of them), and which kinds hold text. */
extern const char *const kind_name[K_COUNT];
/* The elements at_print reads, by parent (elements.c). */
typedef struct {
   enum Kind parent;
   enum Name name;
   enum Kind kind;
   bool many, required;
} Child;

extern const Child children[];
extern const size_t nchildren;

/* children[] by parent and name: child_of[parent][name] is the index
   of the entry plus 1, or 0.  Made once, by children_init. */
extern uint8_t child_of[K_COUNT][N_NAMES];
void children_init(void);

/* Does an element of kind k hold text? */
bool has_text(enum Kind k);

/* Has l not yet met a child its kind requires? */
bool missing_required(const Level *l);

/* Does an element of this name hold no text in a report?  Only the
   ones at_print reads are known; any other might. */
bool holds_no_text(const char *name);

/* An element of kind k named name has started at line: reads its
   attributes. */
void element_begin(Parser *p, enum Kind k, const char *name, long line);

/* The element l has ended: stores its text. */
void element_end(Parser *p, Level *l, const char *name);

/* Attribute readers: the value of attribute name of the current element
   elem, cleaned (attr_str), a number (attr_u64) or an id of the stack
   table (attr_id); a missing or bad one fails. */
char *attr_str(Parser *p, const char *elem, enum Name name, bool required,
               long line);
bool attr_u64(Parser *p, const char *elem, enum Name name, long line,
              uint64_t *out);
bool attr_id(Parser *p, const char *elem, enum Name name, long line,
             uint64_t *out);

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
