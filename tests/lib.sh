# Helpers for asynctrace's tests.  A test is a bash script tests/NAME.test;
# tests/run-tests.sh runs each in its own bash with this file sourced and
# counts it passed when it exits 0.  Copyright (C) 2026 the asynctrace
# authors.  GPL-2.0-or-later.
#
# Environment set by the runner:
#   AT_TOP    the build tree (vg-in-place, at_print, tests/progs/*)
#   AT_SRC    the source tree (docs/asynctrace-report.rng, tests/)
#   AT_TMP    a scratch folder private to this test
#   AT_RUST_SET  for tests/rust_*.test: the set of Rust binaries (debian,
#             current, current-pl, debian-pl; see scripts/build-rust-tests)

SCHEMA="$AT_SRC/docs/asynctrace-report.rng"
PROGS="$AT_TOP/tests/progs"
# The Rust test programs of the set this run is for.
RUST_SET=${AT_RUST_SET:-debian}
case "$RUST_SET" in
   debian) RUST_R="$AT_TOP/tests/rust/target/release" ;;
   *) RUST_R="$AT_TOP/tests/rust/target-$RUST_SET/release" ;;
esac
fails=0
# The Valgrind the tool was built for: its memcheck, callgrind and none
# are the references the tests compare with (3.19's or 3.27's alike).
VALGRIND=$("$AT_TOP/vg-in-place" --print-valgrind 2>/dev/null) || VALGRIND=""
[ -x "$VALGRIND" ] || VALGRIND=valgrind

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

# full FILE: prints the name of a copy of report FILE (in $AT_TMP) with
# every <stack ref="N"/> written out in place, frames and all, as version
# 1 had them, so that tests can ask for a site's frames (made once per
# report).
full() {
   local f=$1 out
   # A version 1 report (no table) has its stacks written out already.
   if ! grep -q '<stack-table' "$f" 2>/dev/null; then echo "$f"; return; fi
   out="$AT_TMP/full.$(printf '%s' "$f" | tr -c 'A-Za-z0-9.\n' '_')"
   if [ ! -s "$out" ] || [ "$f" -nt "$out" ]; then
      awk '
         FNR == NR {
            if ($0 ~ /^  <frame id="[0-9]+"/) {
               id = $0; sub(/^  <frame id="/, "", id); sub(/".*/, "", id)
               line = $0; sub(/^  <frame id="[0-9]+"( inlined="yes")?>/, "<frame>", line)
               frame[id] = line
            } else if ($0 ~ /^  <stack id="[0-9]+" frames="/) {
               id = $0; sub(/^  <stack id="/, "", id); sub(/".*/, "", id)
               list = $0; sub(/^.* frames="/, "", list); sub(/".*/, "", list)
               n = split(list, ids, " "); text = ""
               for (i = 1; i <= n; i++) text = text frame[ids[i]]
               stack[id] = text
            }
            next
         }
         {
            while (match($0, /<stack ref="[0-9]+"\/>/)) {
               ref = substr($0, RSTART + 12, RLENGTH - 15)
               $0 = substr($0, 1, RSTART - 1) "<stack>" stack[ref] "</stack>" substr($0, RSTART + RLENGTH)
            }
            print
         }' "$f" "$f" >"$out"
   fi
   echo "$out"
}

# xq XPATH [FILE]: the string value of XPATH in the report (stacks
# written out, see full).
xq() { xmllint --xpath "string($1)" "$(full "${2:-$report}")" 2>/dev/null; }

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
   xmllint --xpath "$1" "$(full "${2:-$report}")" 2>/dev/null | grep -o '"[0-9]*"' | tr -d '"' \
      | awk '{ s += $1 } END { printf "%.0f\n", s }'
}

# vg_at_least MAJOR.MINOR: whether the Valgrind the tool was built for
# (the one vg-in-place runs) is that release or newer.  Asked once.
vg_at_least() {
   if [ -z "${AT_VG_VERSION:-}" ]; then
      AT_VG_VERSION=$("$AT_TOP/vg-in-place" --version 2>/dev/null | sed -n 's/^valgrind-\([0-9]*\.[0-9]*\).*/\1/p')
      [ -n "$AT_VG_VERSION" ] || { fail "cannot tell the Valgrind version"; AT_VG_VERSION=0.0; }
   fi
   awk -v have="$AT_VG_VERSION" -v want="$1" 'BEGIN {
      split(have, h, "."); split(want, w, ".")
      exit !(h[1] > w[1] || (h[1] == w[1] && h[2] + 0 >= w[2] + 0)) }'
}

# xcount XPATH: number of nodes.
xcount() { xmllint --xpath "count($1)" "$(full "${2:-$report}")" 2>/dev/null; }


# leak_runs [--stop=SIG] [--twin=PROG] [--vg=OPTION]... N EXPECT PROG [ARGS]:
# runs PROG N times under asynctrace (with the valgrind OPTIONs) and checks
# every run's leak figures:
#   - the run ends as it should (exit status 0, or by SIG with --stop) and
#     its report validates;
#   - the four kinds of //leaks/total add up to //live-at-exit's bytes and
#     blocks;
#   - definitely lost by role (//leaks/by-role, summed over pools) is EXPECT,
#     'role=bytes[/blocks],...' ('-' for no leak at all); a role EXPECT does
#     not name must have none;
#   - the total definitely lost (bytes and blocks) is memcheck's.
# memcheck (--leak-check=full) runs once, on PROG or, with --twin, on PROG's
# system-allocator twin (memcheck cannot see a jemalloc program's blocks);
# its total must also be EXPECT's sum, else the planted figures are not
# exact.  --stop=SIG: PROG serves until stopped; once it has printed
# "ready" on stdout, wait $AT_LEAK_STOP_AFTER seconds (default 0.5) and
# send SIG (run with job control on, so a shell's background job does not
# start with SIGINT ignored); the report must say it ended by SIG.
# Each bad run is one FAIL line (the run, what differed, its report, which
# is kept); a summary line "NAME: P of N runs exact" follows.
leak_runs_calls=0
leak_runs() {
   local stop="" twin="" vg=() n expect prog name pre mc want_sum i r bad
   while :; do
      case "$1" in
         --stop=*) stop=${1#--stop=}; shift ;;
         --twin=*) twin=${1#--twin=}; shift ;;
         --vg=*) vg+=("${1#--vg=}"); shift ;;
         *) break ;;
      esac
   done
   n=$1 expect=$2 prog=$3; shift 3
   name=$(basename "$prog")
   leak_runs_calls=$((leak_runs_calls + 1))
   pre="$AT_TMP/leak$leak_runs_calls.$name"
   if [ ! -x "$prog" ] || { [ -n "$twin" ] && [ ! -x "$twin" ]; }; then
      fail "$name: not built ($prog${twin:+, $twin})"; return 1
   fi

   # memcheck's figure, the reference for every run.  After a fatal
   # signal (--stop) memcheck no longer sees the killed threads'
   # registers, so a block a worker held only in a register at that
   # instant (a buffer just allocated) is "definitely lost" to it in some
   # runs; asynctrace keeps those registers (at_threads.c).  Such a run is
   # memcheck's, not the program's: memcheck is run again, 3 times at
   # most, until it agrees with the planted figure.
   want_sum=$(_lr_expect_sum "$expect")
   local try
   for try in 1 2 3; do
      _lr_launch "$stop" "$pre.memcheck" "$VALGRIND" --leak-check=full "${twin:-$prog}" "$@"
      mc=$(sed -n 's/.*definitely lost: \([0-9,]*\) bytes in \([0-9,]*\) blocks.*/\1\/\2/p' \
           "$pre.memcheck.err" | tr -d , | tail -1)
      mc=${mc:-0/0}
      [ -n "$stop" ] && [ -z "$_lr_problem" ] && [ "$mc" != "$want_sum" ] &&
         [ "${want_sum#*/}" != "?" ] || break
      echo "    $name: memcheck run $try: definitely lost $mc, planted $want_sum; again"
   done
   if [ -n "$_lr_problem" ]; then
      fail "$name: memcheck run: $_lr_problem (see $pre.memcheck.err)"
   elif { [ "${want_sum#*/}" = "?" ] && [ "${mc%/*}" != "${want_sum%/*}" ]; } \
        || { [ "${want_sum#*/}" != "?" ] && [ "$mc" != "$want_sum" ]; }; then
      fail "$name: memcheck: definitely lost $mc (bytes/blocks), planted $want_sum"
   fi

   local good=0
   for i in $(seq 1 "$n"); do
      r="$pre.run$i.xml"
      _lr_launch "$stop" "$pre.run$i" "$AT_TOP/vg-in-place" -q --asynctrace-out-file="$r" \
         ${vg[@]+"${vg[@]}"} "$prog" "$@"
      bad=$(_lr_check "$r" "$stop" "$expect" "$mc")
      if [ -z "$bad" ]; then
         good=$((good + 1)); rm -f "$r" "$pre.run$i.out" "$pre.run$i.err"
      else
         fail "$name run $i/$n: $bad (report $r)"
      fi
   done
   echo "$name: $good of $n runs exact"
   [ "$good" = "$n" ]
}

# _lr_launch STOP PREFIX CMD...: runs CMD with stdout in PREFIX.out and
# stderr in PREFIX.err; with STOP (a signal name), stops it with that
# signal once it has printed "ready".  Sets _lr_status to CMD's exit
# status and _lr_problem to what went wrong, if anything.
_lr_launch() {
   local stop=$1 pre=$2 pid t; shift 2
   _lr_problem=""
   if [ -z "$stop" ]; then
      timeout -k 10 "${AT_LEAK_TIMEOUT:-300}" "$@" >"$pre.out" 2>"$pre.err"
      _lr_status=$?
      [ $_lr_status -ne 124 ] && [ $_lr_status -ne 137 ] || _lr_problem="timed out"
      return 0
   fi
   set -m; "$@" >"$pre.out" 2>"$pre.err" & pid=$!; set +m
   for t in $(seq 1 600); do
      grep -q ready "$pre.out" 2>/dev/null && break
      kill -0 $pid 2>/dev/null || break
      sleep 0.1
   done
   if ! grep -q ready "$pre.out" 2>/dev/null; then
      _lr_problem="never printed ready"
   else
      sleep "${AT_LEAK_STOP_AFTER:-0.5}"
   fi
   kill -"$stop" $pid 2>/dev/null
   for t in $(seq 1 600); do kill -0 $pid 2>/dev/null || break; sleep 0.1; done
   if kill -0 $pid 2>/dev/null; then
      _lr_problem="${_lr_problem:+$_lr_problem; }SIG$stop did not stop it in 60 s"
      kill -KILL $pid
   fi
   wait $pid
   _lr_status=$?
}

# _lr_expect_sum EXPECT: the total of EXPECT as bytes/blocks ('?' for
# blocks if a role leaves them out).
_lr_expect_sum() {
   local bytes=0 blocks=0 e v
   [ "$1" = - ] && { echo 0/0; return; }
   for e in ${1//,/ }; do
      v=${e#*=}
      bytes=$((bytes + ${v%%/*}))
      case "$v" in */*) [ "$blocks" = "?" ] || blocks=$((blocks + ${v#*/})) ;; *) blocks="?" ;; esac
   done
   echo "$bytes/$blocks"
}

# _lr_check REPORT STOP EXPECT MEMCHECK: prints what is wrong with one run
# (nothing if it is exact), as one line.
_lr_check() {
   local r=$1 stop=$2 expect=$3 mc=$4 problems=() f role got want e roles
   [ -n "$_lr_problem" ] && problems+=("$_lr_problem")
   if [ -n "$stop" ]; then
      [ "$_lr_status" = $((128 + $(kill -l "$stop"))) ] || problems+=("exit status $_lr_status, not $((128 + $(kill -l "$stop")))")
   else
      [ "$_lr_status" = 0 ] || problems+=("exit status $_lr_status")
   fi
   if [ ! -s "$r" ]; then
      problems+=("no report")
   elif ! xmllint --noout --relaxng "$SCHEMA" "$r" >/dev/null 2>&1; then
      problems+=("report does not validate")
   else
      # live bytes, blocks; kinds' bytes, blocks; number of kinds; definitely
      # lost bytes, blocks; how it ended.
      f=($(xq "concat(//live-at-exit/@bytes, ' ', //live-at-exit/@blocks, ' ',
               sum(//leaks/total/@bytes), ' ', sum(//leaks/total/@blocks), ' ',
               count(//leaks/total), ' ',
               //leaks/total[@kind='definitely-lost']/@bytes, '/',
               //leaks/total[@kind='definitely-lost']/@blocks, ' ',
               /asynctrace/run/end/@how, ' ', /asynctrace/run/end/@signal,
               /asynctrace/run/end/@status)" "$r"))
      if [ -n "$stop" ]; then
         [ "${f[6]} ${f[7]:-}" = "signal SIG$stop" ] || problems+=("ended by '${f[6]:-} ${f[7]:-}', not SIG$stop")
      else
         [ "${f[6]} ${f[7]:-}" = "exit 0" ] || problems+=("ended by '${f[6]:-} ${f[7]:-}', not exit 0")
      fi
      [ "${f[4]}" = 4 ] || problems+=("${f[4]} leak kinds, not 4")
      [ "${f[2]}/${f[3]}" = "${f[0]}/${f[1]}" ] \
         || problems+=("kinds add up to ${f[2]} bytes in ${f[3]} blocks, live at exit ${f[0]} in ${f[1]}")
      [ "${f[5]}" = "$mc" ] || problems+=("definitely lost ${f[5]} (bytes/blocks), memcheck $mc")
      # By role: every role with a definitely-lost figure, and EXPECT's.
      roles=$(xmllint --xpath "//leaks/by-role[@kind='definitely-lost']/@role" "$r" 2>/dev/null \
              | sed -n 's/^ *role="\([^"]*\)"$/\1/p')
      [ "$expect" = - ] || roles="$roles $(printf '%s\n' ${expect//,/ } | sed 's/=.*//')"
      local diffs=()
      for role in $(printf '%s\n' $roles | sort -u); do
         got=$(xq "concat(sum(//leaks/by-role[@kind='definitely-lost'][@role='$role']/@bytes), '/',
                          sum(//leaks/by-role[@kind='definitely-lost'][@role='$role']/@blocks))" "$r")
         want=0/0
         for e in ${expect//,/ }; do [ "${e%%=*}" = "$role" ] && want=${e#*=}; done
         case "$want" in */*) ;; *) got=${got%/*} ;; esac
         [ "$got" = "$want" ] || diffs+=("$role $got, expected $want")
      done
      [ ${#diffs[@]} -eq 0 ] || problems+=("definitely lost by role (bytes/blocks): $(IFS=';'; echo "${diffs[*]}" | sed 's/;/; /g')")
   fi
   [ ${#problems[@]} -eq 0 ] || (IFS='|'; echo "${problems[*]}" | sed 's/|/ | /g')
}
