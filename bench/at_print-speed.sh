#!/usr/bin/env bash
# at_print-speed.sh: how fast at_print reads a large report, beside
# `xmllint --stream --noout` (libxml2's streaming reader doing nothing
# else, the floor for a reader built on it).  Makes a report in format
# version 2 with bench/gen-report.sh into $TMPDIR unless it is there
# already, then runs, several rounds, each round each in turn:
#   xmllint       xmllint --stream --noout
#   at_print      at_print with its default options (grouping: the
#                 reader reads the stack table first and groups the
#                 sites as it reads them)
#   at_print-g0   at_print --group-frames=0: its default lists, not grouped
#   read-all      at_print's reader alone (bench/at_print-read.c) keeping
#                 every site, as --top=100000000 and the like do
#   at_print-all  at_print keeping every site, printing them all (most of
#                 its time is then the printing: about as many bytes of
#                 text as the report has; --no-print-all leaves it out)
# and prints each one's median MB/s (of the file, 10^6 bytes a MB, by
# wall time), its median CPU time (user + system), its largest max RSS
# (/usr/bin/time), and at_print's speed as a fraction of xmllint's.
# at_print's output goes to /dev/null; it exits 3 on these files (their
# figures are made up and do not add up).  bench/README.md has figures.
#
# Copyright (C) 2026 the asynctrace authors.
# SPDX-License-Identifier: GPL-2.0-or-later
set -euo pipefail

usage() {
   cat <<'EOF'
usage: bench/at_print-speed.sh [options]
  -s SITES        sites of the report (default 1330000: about 1 GB); see
                  bench/gen-report.sh
  -f FRAMES       distinct frames of its stack table (default 100000)
  -d DEPTH        frames a stack (default 30)
  -p PREFIXES     sites share PREFIXES call paths (gen-report.sh -p;
                  default: none, every stack at random)
  -n N            rounds (default 3)
  -i FILE         time this report instead of making one
  -B DIR          build tree holding at_print (default $AT_TOP, else .)
  --no-print-all  leave out at_print-all
  --rm            delete the report made at the end
EOF
}

sites=1330000 frames=100000 depth=30 rounds=3 file='' build=${AT_TOP:-.}
prefixes=0
rm=no print_all=yes
while [ $# -gt 0 ]; do
   case $1 in
   -s) sites=$2; shift 2 ;;
   -f) frames=$2; shift 2 ;;
   -d) depth=$2; shift 2 ;;
   -p) prefixes=$2; shift 2 ;;
   -n) rounds=$2; shift 2 ;;
   -i) file=$2; shift 2 ;;
   -B) build=$2; shift 2 ;;
   --no-print-all) print_all=no; shift ;;
   --rm) rm=yes; shift ;;
   -h|--help) usage; exit 0 ;;
   *) usage >&2; exit 2 ;;
   esac
done

here=$(cd "$(dirname "$0")" && pwd)
src=$(dirname "$here")
at_print=$build/at_print
[ -x "$at_print" ] || { echo "at_print-speed: no $at_print (build it, or -B DIR)" >&2; exit 1; }
command -v xmllint >/dev/null || { echo "at_print-speed: needs xmllint (libxml2-utils)" >&2; exit 1; }
[ -x /usr/bin/time ] || { echo "at_print-speed: needs /usr/bin/time (the time package; scripts/install-deps)" >&2; exit 1; }

made=''
scratch=$(mktemp -d "${TMPDIR:-/tmp}/at_print-speed.XXXXXX")
trap 'rm -rf "$scratch"; if [ "$rm" = yes ] && [ -n "$made" ]; then rm -f "$made"; fi' EXIT

if [ -z "$file" ]; then
   file=${TMPDIR:-/tmp}/at_print-speed-$sites-$frames-$depth.xml
   [ "$prefixes" = 0 ] || file=${file%.xml}-p$prefixes.xml
   if [ ! -s "$file" ]; then
      echo "at_print-speed: writing $file" >&2
      sh "$here/gen-report.sh" -p "$prefixes" "$sites" "$frames" "$depth" >"$file.tmp"
      mv "$file.tmp" "$file"
   fi
   made=$file
fi
[ -r "$file" ] || { echo "at_print-speed: cannot read $file" >&2; exit 1; }

# The reader alone, built as at_print is (printer/read.c and the other
# parts of the reader, input.c, elements.c, attrs.c and stacktab.c;
# keep.c and group.c, its two record sinks, and frames.c, which grouping
# calls; check.c, whose checks at_print-read.c runs; printer/util.c).
# shellcheck disable=SC2046
${CC:-cc} -O2 -I"$src/printer" $(pkg-config --cflags libxml-2.0) \
   "$here/at_print-read.c" "$src/printer/read.c" "$src/printer/input.c" \
   "$src/printer/elements.c" "$src/printer/attrs.c" \
   "$src/printer/stacktab.c" "$src/printer/check.c" "$src/printer/util.c" \
   "$src/printer/keep.c" "$src/printer/group.c" "$src/printer/frames.c" \
   -o "$scratch/at_print-read" $(pkg-config --libs libxml-2.0) ||
   { echo "at_print-speed: cannot build bench/at_print-read.c" >&2; exit 1; }

bytes=$(stat -c %s "$file")
all=100000000
configs=(xmllint at_print at_print-g0 read-all)
[ "$print_all" = yes ] && configs+=(at_print-all)

# Runs configuration $1 once, its time (wall, user, system, max RSS) to
# file $2; exit status 3 (warnings) is success here.
run() {
   local fmt="%e %U %S %M" st=0
   case $1 in
   xmllint) /usr/bin/time -o "$2" -f "$fmt" xmllint --stream --noout "$file" || st=$? ;;
   at_print) /usr/bin/time -o "$2" -f "$fmt" "$at_print" "$file" >/dev/null 2>"$2.err" || st=$? ;;
   at_print-g0) /usr/bin/time -o "$2" -f "$fmt" "$at_print" --group-frames=0 "$file" >/dev/null 2>"$2.err" || st=$? ;;
   read-all) /usr/bin/time -o "$2" -f "$fmt" "$scratch/at_print-read" --all "$file" >/dev/null 2>"$2.err" || st=$? ;;
   at_print-all) /usr/bin/time -o "$2" -f "$fmt" "$at_print" --top=$all --leaks-top=$all \
                    --alloc-top=$all --futex-top=$all "$file" >/dev/null 2>"$2.err" || st=$? ;;
   esac
   [ "$st" = 0 ] || [ "$st" = 3 ]
}

# Read the file once so that the first run does not pay for the disk.
cat "$file" >/dev/null
for ((r = 1; r <= rounds; r++)); do
   for cfg in "${configs[@]}"; do
      if ! run "$cfg" "$scratch/$cfg.$r"; then
         echo "at_print-speed: $cfg failed (round $r): $(tail -n 2 "$scratch/$cfg.$r" "$scratch/$cfg.$r.err" 2>/dev/null)" >&2
         exit 1
      fi
      tail -n 1 "$scratch/$cfg.$r" | sed "s/^/$cfg /" >>"$scratch/results"
   done
done

echo "file: $file, $(awk -v b="$bytes" 'BEGIN { printf "%.1f", b / 1e6 }') MB; rounds: $rounds; $(nproc) CPUs, load $(cut -d' ' -f1 /proc/loadavg) at the end"
awk -v bytes="$bytes" -v order="${configs[*]}" '
   { n[$1]++; wall[$1, n[$1]] = $2; cpu[$1, n[$1]] = $3 + $4; if ($5 > rss[$1]) rss[$1] = $5 }
   function median(a, c,   i, j, k, m, v) {
      m = n[c]
      for (i = 1; i <= m; i++) v[i] = a[c, i]
      for (i = 2; i <= m; i++)
         for (j = i; j > 1 && v[j - 1] > v[j]; j--) { k = v[j]; v[j] = v[j - 1]; v[j - 1] = k }
      return m % 2 ? v[(m + 1) / 2] : (v[m / 2] + v[m / 2 + 1]) / 2
   }
   END {
      k = split(order, cfg, " ")
      printf "%-14s %8s %8s %8s %12s\n", "", "MB/s", "wall s", "CPU s", "max RSS MiB"
      for (i = 1; i <= k; i++) {
         c = cfg[i]; w = median(wall, c)
         speed[c] = bytes / 1e6 / (w > 0.01 ? w : 0.01)   # a file too small to time
         printf "%-14s %8.1f %8.2f %8.2f %12.1f\n", c, speed[c], w, median(cpu, c), rss[c] / 1024
      }
      printf "at_print / xmllint: %.2f; not grouped: %.2f; reading every site: %.2f", speed["at_print"] / speed["xmllint"], speed["at_print-g0"] / speed["xmllint"], speed["read-all"] / speed["xmllint"]
      if ("at_print-all" in speed)
         printf "; printing every site: %.2f", speed["at_print-all"] / speed["xmllint"]
      printf "\n"
   }' "$scratch/results"
