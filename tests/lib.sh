# Helpers for asynctrace's tests.  A test is a bash script tests/NAME.test;
# tests/run-tests.sh runs each in its own bash with this file sourced and
# counts it passed when it exits 0.  Copyright (C) 2026 the asynctrace
# authors.  GPL-2.0-or-later.
#
# Environment set by the runner:
#   AT_TOP    the build tree (vg-in-place, at_print, tests/progs/*)
#   AT_SRC    the source tree (docs/asynctrace-report.rng, tests/)
#   AT_TMP    a scratch folder private to this test

SCHEMA="$AT_SRC/docs/asynctrace-report.rng"
PROGS="$AT_TOP/tests/progs"
fails=0

fail() { echo "  FAIL: $*"; fails=$((fails + 1)); }

# at_run [valgrind options] PROG [ARGS]: run PROG under asynctrace with the
# report at $AT_TMP/report.N.xml (unless an --asynctrace-out-file is given),
# then validate the report.  Sets $report, $vg_status; the program's
# stdout is in $AT_TMP/prog.out, the tool's stderr in $AT_TMP/vg.err.
at_runs=0
at_run() {
   at_runs=$((at_runs + 1))
   report="$AT_TMP/report.$at_runs.xml"   # kept, for a look after a failure
   local has_out=no a
   for a in "$@"; do
      case "$a" in --asynctrace-out-file=*) has_out=yes ;; esac
   done
   if [ $has_out = yes ]; then
      "$AT_TOP/vg-in-place" -q "$@" >"$AT_TMP/prog.out" 2>"$AT_TMP/vg.err"
   else
      "$AT_TOP/vg-in-place" -q --asynctrace-out-file="$report" "$@" \
         >"$AT_TMP/prog.out" 2>"$AT_TMP/vg.err"
   fi
   vg_status=$?
   if [ $has_out = no ]; then validate "$report"; fi
   # The tool checks that its figures add up before it writes: a broken
   # invariant is a bug, whatever the test looks at.
   if grep -q "do not add up" "$AT_TMP/vg.err"; then
      fail "the tool says its figures do not add up:"; grep "asynctrace:" "$AT_TMP/vg.err" | head -5
   fi
   return 0
}

# validate FILE: the report must exist and match the schema.
validate() {
   if [ ! -s "$1" ]; then fail "no report at $1"; cat "$AT_TMP/vg.err" 2>/dev/null | head -20; return 1; fi
   if ! xmllint --noout --relaxng "$SCHEMA" "$1" 2>"$AT_TMP/xmllint.err"; then
      fail "report $1 does not validate:"; head -5 "$AT_TMP/xmllint.err"; return 1
   fi
}

# xq XPATH [FILE]: the string value of XPATH in the report.
xq() { xmllint --xpath "string($1)" "${2:-$report}" 2>/dev/null; }

# expect WHAT ACTUAL EXPECTED
expect() {
   if [ "$2" != "$3" ]; then fail "$1: got '$2', expected '$3'"; fi
}

# expect_match WHAT ACTUAL ERE
expect_match() {
   if ! printf '%s' "$2" | grep -Eq -- "$3"; then
      fail "$1: got '$2', expected to match /$3/"
   fi
}

# Sum of an attribute over a node set, e.g. xsum '//site[@role="main"]/@bytes',
# exact (xmllint's own sum() prints large sums with 6 digits).
xsum() {
   xmllint --xpath "$1" "${2:-$report}" 2>/dev/null | grep -o '"[0-9]*"' | tr -d '"' \
      | awk '{ s += $1 } END { printf "%.0f\n", s }'
}

# xcount XPATH: number of nodes.
xcount() { xmllint --xpath "count($1)" "${2:-$report}" 2>/dev/null; }

