#!/usr/bin/env bash
# Runs asynctrace's tests: every tests/*.test (or those named on the command
# line), each in its own scratch folder.  Ends with "N passed, N failed".
# A tests/rust_*.test runs once per set of Rust binaries it names in a
# "# rust-sets: ..." line (default: debian current), as NAME[SET], each
# counted on its own; AT_RUST_SETS (e.g. "debian") runs only those sets.
# A set whose build was skipped (tests/rust/target-SET/SKIPPED, a rustc too
# old for it) is skipped with one line.  AT_JOBS=N runs N tests at a time
# (CI: one per core); the results still print in order.
# Copyright (C) 2026 the asynctrace authors.  GPL-2.0-or-later.
set -u
AT_SRC=$(cd "${AT_SRC:-$(dirname "$0")/..}" && pwd)
AT_TOP=$(cd "${AT_TOP:-.}" && pwd)
export AT_SRC AT_TOP

if [ $# -gt 0 ]; then tests=("$@"); else tests=("$AT_SRC"/tests/*.test); fi
passed=0 failed=0 failed_names=()
# No scratch folder, no tests: a run must never write into / instead.
if ! scratch=$(mktemp -d "${TMPDIR:-/tmp}/asynctrace-tests.XXXXXX" 2>/dev/null) \
      || [ ! -d "$scratch" ]; then
   echo "run-tests: cannot make a scratch folder in ${TMPDIR:-/tmp} (TMPDIR=${TMPDIR-unset})"
   echo "0 passed, 1 failed"
   exit 1
fi
# The runs: FILE or FILE@SET.
runs=()
skipped_sets=" "
for t in "${tests[@]}"; do
   case "$t" in *@*) set_only=${t#*@}; t=${t%@*} ;; *) set_only="" ;; esac
   [ -f "$t" ] || t="$AT_SRC/tests/$t.test"
   # Each test runs from its scratch folder: a relative name must still
   # name the same file there.
   case "$t" in /*) ;; *) t="$(cd "$(dirname "$t")" 2>/dev/null && pwd)/$(basename "$t")" ;; esac
   # A name that is no test fails: a typo must not read as a pass.
   if [ ! -f "$t" ]; then
      echo "FAIL: $(basename "$t" .test): no such test ($t)"
      failed=$((failed + 1)); failed_names+=("$(basename "$t" .test)"); continue
   fi
   if [ ! -r "$t" ]; then
      echo "FAIL: $(basename "$t" .test): cannot read $t"
      failed=$((failed + 1)); failed_names+=("$(basename "$t" .test)"); continue
   fi
   case "$(basename "$t")" in
      rust_*)
         sets=$(sed -n 's/^# rust-sets: *//p' "$t" 2>/dev/null | head -1)
         for s in ${sets:-debian current}; do
            [ -z "$set_only" ] || [ "$s" = "$set_only" ] || continue
            case " ${AT_RUST_SETS:-$s} " in *" $s "*) ;; *) continue ;; esac
            skip="$AT_TOP/tests/rust/target-$s/SKIPPED"
            if [ "$s" != debian ] && [ -f "$skip" ]; then
               case "$skipped_sets" in
                  *" $s "*) ;;
                  *) echo "SKIP: rust_*[$s]: $(head -1 "$skip")"; skipped_sets="$skipped_sets$s " ;;
               esac
               continue
            fi
            runs+=("$t@$s")
         done ;;
      *) runs+=("$t") ;;
   esac
done

# One run: its result in $AT_TMP/result, its first line PASS or FAIL.
run_one() {
   local run=$1 t name dir start
   case "$run" in
      *@*) t=${run%@*}; AT_RUST_SET=${run##*@}; name="$(basename "$t" .test)[$AT_RUST_SET]"
           dir="$(basename "$t" .test).$AT_RUST_SET" ;;
      *) t=$run; AT_RUST_SET=debian; name=$(basename "$t" .test); dir=$name ;;
   esac
   export AT_RUST_SET
   export AT_TMP="$scratch/$dir"
   start=$(date +%s)
   if ! mkdir -p "$AT_TMP" 2>/dev/null; then
      # No result: counted as a failure below.
      echo "run-tests: $name: cannot make its scratch folder $AT_TMP" >&2
      return
   fi
   # Signals ignored when the runner was started (a background job of a
   # script ignores SIGINT) would stay ignored in every program a test
   # stops with SIGINT: each test starts with their default actions.
   if (cd "$AT_TMP" && env --default-signal=INT,QUIT bash -c '
         source "$AT_SRC/tests/lib.sh" || { echo "cannot read $AT_SRC/tests/lib.sh"; exit 1; }
         # A test that cannot be read has run nothing: that is no pass.
         [ -r "$1" ] && [ -f "$1" ] || { echo "cannot read $1"; exit 1; }
         source "$1"
         [ $fails -eq 0 ]' _ "$t") \
         >"$AT_TMP/log" 2>&1; then
      { echo "PASS: $name ($(( $(date +%s) - start ))s)"
        # A test that could not run some of its checks says which.
        if [ -s "$AT_TMP/skipped" ]; then sed 's/^/    skipped: /' "$AT_TMP/skipped"; fi
      } >"$AT_TMP/result.part"
   else
      { echo "FAIL: $name"; sed 's/^/    /' "$AT_TMP/log" | head -40; } >"$AT_TMP/result.part"
   fi
   mv "$AT_TMP/result.part" "$AT_TMP/result"
}
result_of() {
   case "$1" in
      *@*) echo "$scratch/$(basename "${1%@*}" .test).${1##*@}/result" ;;
      *) echo "$scratch/$(basename "$1" .test)/result" ;;
   esac
}
# AT_JOBS runs (default 1) at a time; results print in the runs' order.
jobs_max=${AT_JOBS:-1}
case "$jobs_max" in ''|*[!0-9]*|0) echo "AT_JOBS=$jobs_max: not a number of jobs" >&2; exit 2 ;; esac
next=0
print_done() {
   local r
   while [ $next -lt ${#runs[@]} ]; do
      r=$(result_of "${runs[$next]}")
      [ -f "$r" ] || break
      cat "$r"
      if head -1 "$r" | grep -q '^PASS'; then passed=$((passed + 1))
      else failed=$((failed + 1)); failed_names+=("$(head -1 "$r" | sed 's/^FAIL: //')"); fi
      next=$((next + 1))
   done
}
for run in "${runs[@]}"; do
   while [ "$(jobs -rp | wc -l)" -ge "$jobs_max" ]; do wait -n; print_done; done
   run_one "$run" &
   print_done
done
wait
print_done
# A run that left no result (its shell was killed) is a failure, not a gap.
while [ $next -lt ${#runs[@]} ]; do
   echo "FAIL: ${runs[$next]}: no result"; failed=$((failed + 1)); next=$((next + 1))
   print_done
done
if [ $failed -eq 0 ]; then rm -rf "$scratch"; else echo "scratch kept in $scratch"; fi
echo "$passed passed, $failed failed"
[ $failed -eq 0 ]
