/* input.c: at_print's reader, its input: the report's bytes, read a
 * block at a time and handed to libxml2 (read.c) by read_report, and
 * what is wrong with a file libxml2 could not parse.
 *
 * Each block is looked at before libxml2 gets it: its prolog (what
 * comes before the root element) is scanned for a DOCTYPE, refused
 * before libxml2 reads it; the lines are counted and the bytes after the
 * last '>' kept in brief (Tail), with the last bytes read and those that
 * end the last tag.  libxml2's first error (on_xml_error, into an
 * XmlError) is then told apart from the end of the data: a report cut
 * short (the run killed while writing it) is said to be so, one damaged
 * at its end or followed by something else is said where and how
 * (describe_xml_error, tail_damage), and libxml2's limits are named
 * without the option of its API they mention.
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

#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/xmlerror.h>

#include "read_int.h"

/* ------------------------------------------------------------------ */
/* Reading the file                                                   */
/* ------------------------------------------------------------------ */

/* The prolog (what comes before the root element) is scanned as it is
   read, so that a DOCTYPE is refused before libxml2 sees it: a DTD can
   declare entities (an expansion bomb), pull in other files, or give
   attributes defaults and so change what the report says, and reports
   never have one.  Comments and processing instructions are skipped;
   the scan ends at the first other markup.  Zero bytes are skipped, so
   that UTF-16 and UTF-32 are scanned too: their markup is ASCII. */
enum { PR_TEXT, PR_LT, PR_BANG, PR_COMMENT, PR_PI, PR_DONE };

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
ssize_t input_next(Input *in)
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
   if (in->nhead < sizeof in->head) {
      size_t k = sizeof in->head - in->nhead < n ? sizeof in->head - in->nhead
                                                 : n;
      memcpy(in->head + in->nhead, b, k);
      in->nhead += k;
   }
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

/* ------------------------------------------------------------------ */
/* libxml2's errors                                                   */
/* ------------------------------------------------------------------ */

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

void on_xml_error(void *ctx, ErrorArg e)
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
void quiet(void *ctx, const char *fmt, ...)
{
   (void)ctx;
   (void)fmt;
}

/* ------------------------------------------------------------------ */
/* What is wrong with the file                                        */
/* ------------------------------------------------------------------ */

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
void describe_xml_error(const XmlError *x, Input *in, char *why,
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

/* The compressed files a report is kept in, by their magic numbers. */
static const struct {
   const char *magic;
   size_t len;
   const char *name, *cat;
} packed[] = {
   { "\x1f\x8b", 2, "gzip", "zcat" },
   { "BZh", 3, "bzip2", "bzcat" },
   { "\xfd" "7zXZ\0", 6, "xz", "xzcat" },
   { "\x28\xb5\x2f\xfd", 4, "zstd", "zstdcat" },
};

/* Does the file start as XML does, in UTF-8, UTF-16 or UTF-32, with or
   without a byte order mark?  Those libxml2 reads, or says what is
   wrong with (a UTF-16 report cut short is not binary). */
static bool xml_start(const Input *in)
{
   const unsigned char *h = in->head;
   size_t n = in->nhead;
   if (in->first == '<')
      return true;
   if (n >= 2 && ((h[0] == 0xfe && h[1] == 0xff) ||
                  (h[0] == 0xff && h[1] == 0xfe) ||
                  (h[0] == 0 && h[1] == '<')))
      return true;
   return n >= 4 && h[0] == 0 && h[1] == 0 &&
          ((h[2] == 0xfe && h[3] == 0xff) || (h[2] == 0 && h[3] == '<'));
}

bool describe_not_xml(const Input *in, const char *path, char *why,
                      size_t n)
{
   if (xml_start(in))
      return false;
   for (size_t i = 0; i < sizeof packed / sizeof packed[0]; i++)
      if (in->nhead >= packed[i].len &&
          memcmp(in->head, packed[i].magic, packed[i].len) == 0) {
         Buf cmd = { 0 };
         if (strcmp(path, "-") == 0) {
            buf_adds(&cmd, "... | ");
            buf_adds(&cmd, packed[i].cat);
         } else {
            char *c = clean_dup(path);
            buf_adds(&cmd, packed[i].cat);
            buf_adds(&cmd, path[0] == '-' ? " ./" : " ");   /* no option */
            buf_add_word(&cmd, c);
            free(c);
         }
         snprintf(why, n, "is %s-compressed; run: %s | at_print -",
                  packed[i].name, cmd.s);
         free(cmd.s);
         return true;
      }
   /* Text has no zero bytes, nor control bytes but tab, line ends,
      form feed and escape (a log with colours is text). */
   for (size_t i = 0; i < in->nhead; i++) {
      unsigned char c = in->head[i];
      if (c < 0x20 && c != '\t' && c != '\n' && c != '\r' && c != '\f' &&
          c != 0x1b) {
         snprintf(why, n, "not an XML report (binary data)");
         return true;
      }
   }
   return false;
}
