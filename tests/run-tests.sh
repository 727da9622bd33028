#!/usr/bin/env bash
# Runs asynctrace's tests: every tests/*.test (or those named on the command
# line), each in its own scratch folder.  Ends with "N passed, N failed".
# Copyright (C) 2026 the asynctrace authors.  GPL-2.0-or-later.
set -u
AT_SRC=$(cd "${AT_SRC:-$(dirname "$0")/..}" && pwd)
AT_TOP=$(cd "${AT_TOP:-.}" && pwd)
export AT_SRC AT_TOP

if [ $# -gt 0 ]; then tests=("$@"); else tests=("$AT_SRC"/tests/*.test); fi
passed=0 failed=0 failed_names=()
scratch=$(mktemp -d "${TMPDIR:-/tmp}/asynctrace-tests.XXXXXX")
for t in "${tests[@]}"; do
   [ -f "$t" ] || t="$AT_SRC/tests/$t.test"
   name=$(basename "$t" .test)
   export AT_TMP="$scratch/$name"
   mkdir -p "$AT_TMP"
   start=$(date +%s)
   if (cd "$AT_TMP" && bash -c 'source "$AT_SRC/tests/lib.sh"; source "$1"; [ $fails -eq 0 ]' _ "$t") \
         >"$AT_TMP/log" 2>&1; then
      passed=$((passed + 1)); echo "PASS: $name ($(( $(date +%s) - start ))s)"
      # A test that could not run some of its checks says which.
      if [ -s "$AT_TMP/skipped" ]; then sed 's/^/    skipped: /' "$AT_TMP/skipped"; fi
   else
      failed=$((failed + 1)); failed_names+=("$name")
      echo "FAIL: $name"; sed 's/^/    /' "$AT_TMP/log" | head -40
   fi
done
if [ $failed -eq 0 ]; then rm -rf "$scratch"; else echo "scratch kept in $scratch"; fi
echo "$passed passed, $failed failed"
[ $failed -eq 0 ]
