#!/usr/bin/env bash
# run-bench.sh: the cost of asynctrace beside other Valgrind tools.  Builds
# bench/alloc_workload.c into a scratch folder and runs it natively and under
# --tool=none (also reading inline info, as asynctrace does), asynctrace,
# memcheck, massif and dhat, several rounds, each
# round running every configuration once in turn, and prints each
# configuration's median wall time and peak RSS and their ratios to none.
# bench/README.md says how to read the table.
#
# Copyright (C) 2026 the asynctrace authors.
# SPDX-License-Identifier: GPL-2.0-or-later
set -euo pipefail

ALL_CONFIGS=(native none none-inline asynctrace asynctrace-nocpu asynctrace-nowipe asynctrace-cpu memcheck massif dhat callgrind)

usage() {
   cat <<'EOF'
usage: bench/run-bench.sh [options]
  -n N           rounds (default 5)
  -t THREADS     worker threads of the workload (default 4)
  -k K           allocations per thread (default 1000000)
  --workload=W   c: bench/alloc_workload.c (default); rust: the Tokio +
                 Rayon churn program of tests/rust (churn.rs), built by
                 `make rust-progs` in the build tree; live:
                 tests/progs/big_heap.c, K blocks live at exit (16-64
                 bytes, half reachable from a global array, half leaked);
                 sites: tests/progs/many_sites.c, allocations from K
                 distinct stacks; server: bench/server (a Tokio TCP
                 server on loopback, a task per connection, driven by
                 -t client threads each making -k round trips of a
                 64-byte request; default 8 x 2000), the runtime's poll
                 path; built with cargo, offline, from Debian's crates,
                 into DIR/bench-server of the build tree;
                 server-current: the same server on current Tokio
                 (1.53, vendored in tests/rust/vendor), as built by
                 `make rust-progs` in the build tree
  --tools=LIST   configurations to run, comma-separated, from
                 native,none,none-inline,asynctrace,asynctrace-nowipe,
                 asynctrace-nocpu,asynctrace-cpu,memcheck,massif,dhat,
                 callgrind
                 (default: all); none is always run, as the baseline of the
                 ratios; none-inline is none reading inline info, as
                 asynctrace does by default; asynctrace-nowipe is
                 asynctrace with --wipe-stacks=no, to show what wiping
                 the stacks costs; asynctrace-nocpu is asynctrace
                 without its CPU profile (--cpu-sample=0), to show what
                 the profile costs; asynctrace-cpu is asynctrace with
                 --cpu-sample=$AT_CPU_SAMPLE (default 100000), a denser
                 profile than the default, and callgrind the exact
                 profile it is held to
  -B DIR         asynctrace build tree whose vg-in-place runs asynctrace
                 (default: $AT_TOP, else the current directory)
  --installed    run asynctrace as the installed `valgrind --tool=asynctrace`
  --markdown     print the table as Markdown
  -o DIR         scratch folder for the build, the runs' output and the
                 tools' output files (default: a new one under $TMPDIR)
  -h, --help     this text
Environment: CC (default cc), VALGRIND (default valgrind), AT_TOP,
AT_CPU_SAMPLE (asynctrace-cpu's --cpu-sample, default 100000).
The table goes to stdout, progress to stderr.
EOF
}

die() { echo "run-bench.sh: $*" >&2; exit 1; }

rounds=5 threads="" allocs="" tools="" markdown=no installed=no
workload=c
top="${AT_TOP:-.}" scratch=""
while [ $# -gt 0 ]; do
   case "$1" in
      -n) [ $# -ge 2 ] || die "-n needs a value"; rounds=$2; shift ;;
      -t) [ $# -ge 2 ] || die "-t needs a value"; threads=$2; shift ;;
      -k) [ $# -ge 2 ] || die "-k needs a value"; allocs=$2; shift ;;
      -B) [ $# -ge 2 ] || die "-B needs a value"; top=$2; shift ;;
      -o) [ $# -ge 2 ] || die "-o needs a value"; scratch=$2; shift ;;
      --workload=*) workload=${1#--workload=} ;;
      --tools=*) tools=${1#--tools=} ;;
      --tools) [ $# -ge 2 ] || die "--tools needs a value"; tools=$2; shift ;;
      --installed) installed=yes ;;
      --markdown) markdown=yes ;;
      -h|--help) usage; exit 0 ;;
      *) usage >&2; exit 1 ;;
   esac
   shift
done
if [ "$workload" = server ] || [ "$workload" = server-current ]; then
   threads=${threads:-8} allocs=${allocs:-2000}
fi
threads=${threads:-4} allocs=${allocs:-1000000}
for v in rounds threads allocs; do
   case "${!v}" in
      ''|*[!0-9]*|0) die "$v must be a positive integer, not '${!v}'" ;;
   esac
done

# The configurations, in the order of ALL_CONFIGS, none always among them.
configs=()
if [ -z "$tools" ]; then
   configs=("${ALL_CONFIGS[@]}")
else
   IFS=, read -r -a wanted <<<"$tools"
   for w in "${wanted[@]}"; do
      case " ${ALL_CONFIGS[*]} " in
         *" $w "*) ;;
         *) die "unknown configuration '$w' (known: ${ALL_CONFIGS[*]})" ;;
      esac
   done
   for c in "${ALL_CONFIGS[@]}"; do
      case " none ${wanted[*]} " in *" $c "*) configs+=("$c") ;; esac
   done
fi

if [ ! -x /usr/bin/time ]; then
   echo "run-bench.sh: /usr/bin/time is missing: apt-get install time" >&2
   exit 1
fi
VALGRIND=${VALGRIND:-valgrind}
CC=${CC:-cc}
command -v "$VALGRIND" >/dev/null || die "no $VALGRIND on the PATH"
here=$(cd "$(dirname "$0")" && pwd)

case " ${configs[*]} " in
   *" asynctrace "*|*" asynctrace-nowipe "*|*" asynctrace-cpu "*|*" asynctrace-nocpu "*)
      if [ $installed = yes ]; then
         at_cmd=("$VALGRIND" --tool=asynctrace)
         at_from="installed valgrind --tool=asynctrace"
      else
         top=$(cd "$top" 2>/dev/null && pwd) || die "no build tree $top"
         [ -x "$top/vg-in-place" ] ||
            die "no $top/vg-in-place: give the build tree with -B DIR or AT_TOP, or use --installed"
         at_cmd=("$top/vg-in-place")
         at_from="$top/vg-in-place"
      fi ;;
esac

if [ -z "$scratch" ]; then
   scratch=$(mktemp -d "${TMPDIR:-/tmp}/asynctrace-bench.XXXXXX")
else
   mkdir -p "$scratch"
fi
scratch=$(cd "$scratch" && pwd)
mkdir -p "$scratch/runs"
case "$workload" in
   c)
      exe="$scratch/alloc_workload"
      "$CC" -O2 -g -pthread -o "$exe" "$here/alloc_workload.c" ||
         die "could not build $here/alloc_workload.c" ;;
   rust)
      exe="$(cd "$top" && pwd)/tests/rust/target/release/churn"
      [ -x "$exe" ] || die "$exe is not built: run make rust-progs in the build tree" ;;
   live)
      exe="$scratch/big_heap"
      "$CC" -O0 -g -o "$exe" "$here/../tests/progs/big_heap.c" ||
         die "could not build tests/progs/big_heap.c" ;;
   sites)
      exe="$scratch/many_sites"
      "$CC" -O0 -g -o "$exe" "$here/../tests/progs/many_sites.c" ||
         die "could not build tests/progs/many_sites.c" ;;
   server)
      command -v cargo >/dev/null || die "--workload=server needs cargo"
      tdir="$scratch/bench-server"
      if [ -n "$top" ] && [ -d "$top" ] && [ -w "$top" ]; then
         tdir="$(cd "$top" && pwd)/bench-server"
      fi
      echo "building bench/server into $tdir" >&2
      (cd "$here/server" && cargo build --release --locked --offline \
          --target-dir "$tdir" >"$scratch/server-build.log" 2>&1) ||
         die "could not build bench/server; see $scratch/server-build.log"
      exe="$tdir/release/server" ;;
   server-current)
      exe="$(cd "$top" && pwd)/tests/rust/target-current/release/server"
      [ -x "$exe" ] || die "$exe is not built: run make rust-progs in the build tree (rustc 1.80 or newer)" ;;
   *) die "--workload is c, rust, live, sites, server or server-current, not '$workload'" ;;
esac

# cmd_for CONFIG: sets cmd to the command line of one run of CONFIG.  Each
# tool writes its output file into the scratch folder, overwriting the
# previous round's.
cmd_for() {
   case "$1" in
      native)     cmd=() ;;
      none)       cmd=("$VALGRIND" -q --tool=none) ;;
      none-inline) cmd=("$VALGRIND" -q --tool=none --read-inline-info=yes) ;;
      asynctrace) cmd=("${at_cmd[@]}" -q
                       --asynctrace-out-file="$scratch/asynctrace.out") ;;
      asynctrace-nowipe) cmd=("${at_cmd[@]}" -q --wipe-stacks=no
                       --asynctrace-out-file="$scratch/asynctrace-nowipe.out") ;;
      asynctrace-nocpu) cmd=("${at_cmd[@]}" -q --cpu-sample=0
                       --asynctrace-out-file="$scratch/asynctrace-nocpu.out") ;;
      asynctrace-cpu) cmd=("${at_cmd[@]}" -q --cpu-sample="${AT_CPU_SAMPLE:-100000}"
                       --asynctrace-out-file="$scratch/asynctrace-cpu.out") ;;
      memcheck)   cmd=("$VALGRIND" -q --tool=memcheck) ;;
      callgrind)  cmd=("$VALGRIND" -q --tool=callgrind
                       --callgrind-out-file="$scratch/callgrind.out") ;;
      massif)     cmd=("$VALGRIND" -q --tool=massif
                       --massif-out-file="$scratch/massif.out") ;;
      dhat)       cmd=("$VALGRIND" -q --tool=dhat
                       --dhat-out-file="$scratch/dhat.out") ;;
   esac
}

notes=()          # printed under the table
pending=()        # this round's notes, printed after its progress line
note() { notes+=("$1"); pending+=("$1"); }
failed=no

# The output every run must print: that of a native run.
# args_for K: the workload's arguments, in wl_args.  big_heap takes the
# number of blocks live at exit (a multiple of 4).
args_for() {
   case "$workload" in
      live) wl_args=($(( $1 / 4 * 4 )) flat) ;;
      sites) wl_args=("$1") ;;
      *)    wl_args=("$threads" "$1") ;;
   esac
}
args_for "$allocs"
expected=$("$exe" "${wl_args[@]}") || die "the workload failed natively"

# check_run CONFIG LABEL STATUS OUT ERR: the run must have exited 0 and
# printed the native checksum, and asynctrace must have written a whole
# report; if not, the run does not count (returns 1).  Anything on stderr
# (under -q: the tool's errors and warnings) is noted.
check_run() {
   local c=$1 label=$2 status=$3 out=$4 err=$5 ok=0
   if [ "$status" != 0 ]; then
      note "$c, $label: exit status $status (stderr: $err)"; ok=1
   elif [ "$(cat "$out")" != "$expected" ]; then
      note "$c, $label: wrong output (see $out)"; ok=1
   fi
   if [ -s "$err" ]; then
      note "$c, $label: stderr not empty: $(head -c 200 "$err" | tr '\n' ' ')(all in $err)"
   fi
   if [ "$c" = asynctrace ]; then
      local rep="$scratch/asynctrace.out"
      if [ ! -s "$rep" ]; then
         note "asynctrace, $label: no report at $rep"; ok=1
      elif ! tail -c 200 "$rep" | grep -q '</asynctrace>'; then
         note "asynctrace, $label: report $rep is incomplete"; ok=1
      fi
   fi
   if [ $ok != 0 ]; then failed=yes; fi
   return $ok
}

# run_one CONFIG ROUND K: one run of the workload; appends "ROUND CONFIG
# WALL_S RSS_KIB OK CPU_S" to results, OK being 0 for a run that passed
# check_run, CPU_S its user + system time (nothing for the warm-up, round
# 0).
run_one() {
   local c=$1 r=$2 k=$3 status=0 base line wl_args wall rss usr sys cpu
   cmd_for "$c"
   args_for "$k"
   base="$scratch/runs/$c.$r"
   if [ "$c" = asynctrace ]; then rm -f "$scratch/asynctrace.out"; fi
   (cd "$scratch" && /usr/bin/time -f '%e %M %U %S' -o "$base.time" \
      "${cmd[@]}" "$exe" "${wl_args[@]}" >"$base.out" 2>"$base.err") ||
      status=$?
   read -r wall rss usr sys < <(tail -n 1 "$base.time")
   cpu=$(awk -v u="$usr" -v s="$sys" 'BEGIN { printf "%.2f", u + s }')
   line="$wall $rss"
   if [ "$r" = 0 ]; then
      # The warm-up only checks that the configuration runs at all.
      if [ $status != 0 ]; then
         sed 's/^/    /' "$base.err" | head -20 >&2
         die "$c does not run (exit status $status); see $base.err"
      fi
      return 0
   fi
   if check_run "$c" "round $r" "$status" "$base.out" "$base.err"; then
      echo "$r $c $line 0 $cpu $usr" >>"$scratch/results"
      printf ' %s %ss' "$c" "$wall" >&2
   else
      echo "$r $c $line 1 $cpu $usr" >>"$scratch/results"
      printf ' %s (failed)' "$c" >&2
   fi
}

vg_version=$("$VALGRIND" --version)
load=$(cut -d' ' -f1 /proc/loadavg 2>/dev/null || echo '?')
echo "scratch folder: $scratch" >&2
echo "warm-up (not measured): ${configs[*]}" >&2
for c in "${configs[@]}"; do run_one "$c" 0 1000; done
: >"$scratch/results"
n=${#configs[@]}
for ((r = 1; r <= rounds; r++)); do
   # Every round runs each configuration once, each round starting one
   # further along, so that drift and noise spread over all of them.
   printf 'round %d/%d:' "$r" "$rounds" >&2
   for ((i = 0; i < n; i++)); do
      run_one "${configs[(i + r - 1) % n]}" "$r" "$allocs"
   done
   echo >&2
   for x in ${pending[@]+"${pending[@]}"}; do echo "  note: $x" >&2; done
   pending=()
done

# The last round's asynctrace report against the schema, when both are here.
schema="$here/../docs/asynctrace-report.rng"
if [ -s "$scratch/asynctrace.out" ] && [ -f "$schema" ] &&
   command -v xmllint >/dev/null; then
   if ! xmllint --noout --relaxng "$schema" "$scratch/asynctrace.out" \
         2>"$scratch/xmllint.err"; then
      note "asynctrace: the last report does not match the schema: $(head -c 200 "$scratch/xmllint.err")"
      failed=yes
   fi
fi

# The table.  Ratios are the median over rounds of (this configuration's
# value / none's value in the same round).
awk -v order="${configs[*]}" -v md="$markdown" '
   function median(a, n,    i, j, t) {
      for (i = 2; i <= n; i++)
         for (j = i; j > 1 && a[j - 1] > a[j]; j--) {
            t = a[j]; a[j] = a[j - 1]; a[j - 1] = t
         }
      return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
   }
   $1 > maxr { maxr = $1 }
   $5 == 0 { wall[$2, $1] = $3; rss[$2, $1] = $4; cpu[$2, $1] = $6; usr[$2, $1] = $7; seen[$2, $1] = 1 }
   $5 != 0 { bad[$2]++ }
   END {
      nc = split(order, cs, " ")
      if (md == "yes") {
         print "| configuration | wall s (median) | wall vs none | CPU s (median) | CPU vs none | user s (median) | user vs none | peak RSS MiB (median) | RSS vs none | wall s min-max |"
         print "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
      } else {
         printf "%-17s %8s %8s %8s %8s %8s %8s %14s %8s %14s\n", "config", "wall s", "vs none", "CPU s", "vs none", "user s", "vs none", "peak RSS MiB", "vs none", "wall min-max"
      }
      for (k = 1; k <= nc; k++) {
         c = cs[k]; n = 0; nr = 0; lo = ""; hi = ""
         for (r = 1; r <= maxr; r++) {
            if (!((c, r) in seen)) continue
            n++; w[n] = wall[c, r]; m[n] = rss[c, r] / 1024; u[n] = cpu[c, r]; us[n] = usr[c, r]
            if (lo == "" || w[n] < lo) lo = w[n]
            if (hi == "" || w[n] > hi) hi = w[n]
            if ((("none", r) in seen) && wall["none", r] > 0 && rss["none", r] > 0) {
               nr++; rw[nr] = wall[c, r] / wall["none", r]
               rm[nr] = rss[c, r] / rss["none", r]
               ru[nr] = cpu["none", r] > 0 ? cpu[c, r] / cpu["none", r] : 0
               rus[nr] = usr["none", r] > 0 ? usr[c, r] / usr["none", r] : 0
            }
         }
         # A configuration with failed runs is starred: its medians are
         # over the runs that passed.
         if (c in bad) c = c "*"
         if (n == 0) {
            if (md == "yes") printf "| %s | failed | | | | |\n", c
            else printf "%-17s %10s\n", c, "failed"
            continue
         }
         mw = median(w, n); mm = median(m, n); mu = median(u, n); mus = median(us, n)
         xw = nr ? sprintf("%.2fx", median(rw, nr)) : "-"
         xu = nr ? sprintf("%.2fx", median(ru, nr)) : "-"
         xus = nr ? sprintf("%.2fx", median(rus, nr)) : "-"
         xm = nr ? sprintf("%.2fx", median(rm, nr)) : "-"
         span = sprintf("%.2f-%.2f", lo, hi)
         if (md == "yes")
            printf "| %s | %.2f | %s | %.2f | %s | %.2f | %s | %.1f | %s | %s |\n", c, mw, xw, mu, xu, mus, xus, mm, xm, span
         else
            printf "%-17s %8.2f %8s %8.2f %8s %8.2f %8s %14.1f %8s %14s\n", c, mw, xw, mu, xu, mus, xus, mm, xm, span
      }
      # asynctrace against none-inline: the same debug information read,
      # so the ratio is the tool'"'"'s own work.
      nr = 0
      for (r = 1; r <= maxr; r++)
         if ((("asynctrace", r) in seen) && (("none-inline", r) in seen) && wall["none-inline", r] > 0 && cpu["none-inline", r] > 0) {
            nr++
            x[nr] = wall["asynctrace", r] / wall["none-inline", r]
            y[nr] = cpu["asynctrace", r] / cpu["none-inline", r]
         }
      if (nr)
         printf "\nasynctrace vs none-inline (the same debug information read): %.2fx wall, %.2fx CPU\n", median(x, nr), median(y, nr)
   }' "$scratch/results" >"$scratch/table"

bad_runs=$(awk '$5 != 0' "$scratch/results" | wc -l)
cpus=$(nproc 2>/dev/null || echo '?')
if [ "$workload" = live ]; then
   what="$(basename "$exe"): ${wl_args[0]} blocks live at exit, rounds: $rounds;"
elif [ "$workload" = sites ]; then
   what="$(basename "$exe"): ${wl_args[0]} distinct allocation stacks, rounds: $rounds;"
else
   if [ "$workload" = server ] || [ "$workload" = server-current ]; then
      what="$(basename "$exe"): $threads connections x $allocs requests, rounds: $rounds;"
   else
      what="$(basename "$exe"): $threads threads x $allocs allocations, rounds: $rounds;"
   fi
fi
what="$what $vg_version, $cpus CPUs, load $load at start"
ratios="ratios: median of the per-round ratios to none"
# The same lines either way; Markdown quotes the path and ends sentences.
if [ $markdown = yes ]; then
   dot=. q='`' star='\*' bullet='- '
   head="Medians over the rounds; $ratios; RSS from \`/usr/bin/time %M\`."
else
   dot= q= star='*' bullet='note: '
   head="medians over the rounds; $ratios"
fi
echo "$what$dot"
if [ -n "${at_from:-}" ]; then echo "asynctrace: $q$at_from$q$dot"; fi
echo "$head"
echo
cat "$scratch/table"
if [ ${#notes[@]} -gt 0 ]; then
   echo
   if [ "$bad_runs" -gt 0 ]; then
      echo "$star some runs failed and are left out of the medians$dot"
      if [ $markdown = yes ]; then echo; fi
   fi
   for x in "${notes[@]}"; do echo "$bullet$x"; done
fi
echo "raw results and the tools' output: $scratch" >&2
[ $failed = no ]
