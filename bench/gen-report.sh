#!/bin/sh
# gen-report.sh: writes a large asynctrace report in format version 2 on
# stdout, shaped like a real one, for timing at_print's reader
# (bench/at_print-speed.sh): THREADS threads, SITES sites live at exit
# (half of them loss records, with their stacks), SITES allocation sites
# (every other one with the stack of the live site of its number),
# SITES/10 futex sites, and a stack table whose stacks, DEPTH frames each,
# draw on a pool of FRAMES distinct frames (Rust-like function names,
# files and lines), each frame written before the first stack that uses
# it, as the tool writes them.  The file grows with SITES; the frames it
# holds stay FRAMES however large it is, as in a real program, which has
# only so many functions.  Figures are made up and do not add up
# (at_print warns about them and exits 3).  About 1 KB a site with the
# defaults: SITES=1000000 makes about 1 GB.
# Every stack draws its frames at random: no two sites share their
# program's frames, so grouping (at_print's default) makes a group of
# each, the worst case.  With -p PREFIXES, as in a real program, the
# sites share call prefixes: the crate myapp is the program's own code
# (its sources under /srv/myapp), and each stack's first own frames are
# one of PREFIXES call paths of 4 frames, the rest at random as before.
# Usage: gen-report.sh [-p PREFIXES] [SITES [FRAMES [DEPTH [THREADS [SAMPLES]]]]]
# Copyright (C) 2026 the asynctrace authors.  GPL-2.0-or-later.
prefixes=0
if [ "${1:-}" = -p ]; then
   prefixes=$2
   shift 2
fi
table=$(mktemp "${TMPDIR:-/tmp}/gen-report.XXXXXX") || exit 1
trap 'rm -f "$table"' EXIT
awk -v sites="${1:-250000}" -v nframes="${2:-100000}" -v depth="${3:-30}" \
    -v threads="${4:-2000}" -v samples="${5:-10000}" -v table="$table" \
    -v prefixes="$prefixes" '
# A pseudo-random number in [0, n) (the Park-Miller generator, exact in
# a double): the same file every time, whatever awk.
function rnd(n) {
   seed = (seed * 16807) % 2147483647
   return seed % n
}
# Frame f of the pool (0 ..), written to the table the first time a
# stack uses it; returns its id.
function frame(f,   c, m) {
   if (f in fid) return fid[f]
   fid[f] = ++nf
   c = f % ncrates; m = int(f / ncrates) % 97
   printf "  <frame id=\"%d\"><ip>0x%X</ip><obj>%s</obj><fn>%s::%s%d::Handler%d&lt;%s&gt;::%s</fn><dir>%s/src/%s%d</dir><file>%s%d.rs</file><line>%d</line></frame>\n", \
      nf, 4194304 + f * 48, obj[c], crate[c], mods[m % 7], m, f % 1013, \
      generic[f % 5], verbs[f % 9], dir[c], mods[m % 7], m, verbs[f % 9], f % 17, \
      1 + (f * 7) % 2000 > table
   return nf
}
# A new stack of DEPTH frames: a few of the allocator, most from the
# pool, the last ones the runtime that started the thread.  Returns its id.
function stack(   i, ids, f, p, own) {
   f = rnd(4)
   if (prefixes > 0 && f == 2) f = 4      # (frame 2 is of myapp)
   ids = frame(f)
   i = 1
   if (prefixes > 0) {
      # One of the call paths: 4 frames of myapp (crate 2 of 10: frames
      # 10 k + 2), a frame of a library between two of them.
      p = rnd(prefixes)
      for (own = 0; own < 4 && i < depth - 3; own++) {
         f = 22 + 10 * ((p * 7 + own * 1031) % int((nframes - 64) / 10))
         ids = ids " " frame(f)
         i++
         if (own == 1 && i < depth - 3) { ids = ids " " frame(16 + 1 + 10 * (p % 97)); i++ }
      }
   }
   for (; i < depth - 3; i++) {
      f = 16 + rnd(nframes - 32)
      ids = ids " " frame(f)
   }
   ids = ids " " frame(nframes - 3 + rnd(3)) " " frame(nframes - 16) " " frame(nframes - 15)
   printf "  <stack id=\"%d\" frames=\"%s\"/>\n", ++ns, ids > table
   return ns
}
BEGIN {
   seed = 42
   ncrates = split("tokio hyper myapp serde alloc core std rayon_core futures_util h2", crate, " ")
   for (c = 1; c <= ncrates; c++) {
      obj[c - 1] = (c % 3 == 0) ? "/usr/lib/x86_64-linux-gnu/lib" crate[c] ".so" : "/srv/myapp/target/release/myapp"
      dir[c - 1] = "/home/build/.cargo/registry/src/index.crates.io-6f17d22bba15001f/" crate[c] "-1." c ".0"
      crate[c - 1] = crate[c]
   }
   if (prefixes > 0) {           # myapp is the program: its own sources
      obj[2] = "/srv/myapp/target/release/myapp"
      dir[2] = "/srv/myapp"
   }
   split("runtime task io net codec proto handlers", tmp, " ")
   for (m = 1; m <= 7; m++) mods[m - 1] = tmp[m]
   split("T,S F Fut,Out alloc::sync::Arc&lt;Inner&gt; Vec&lt;u8&gt;", tmp, " ")
   for (m = 1; m <= 5; m++) generic[m - 1] = tmp[m]
   split("poll poll_inner run call process with_mut enter drop_in_place clone", tmp, " ")
   for (m = 1; m <= 9; m++) verbs[m - 1] = tmp[m]

   print "<?xml version=\"1.0\" encoding=\"UTF-8\"?>"
   print "<asynctrace version=\"2\">"
   print "<run>"
   print "  <tool name=\"asynctrace\" version=\"0.1.0\"/>"
   print "  <valgrind version=\"3.19.0\"/>"
   print "  <command><exe>/srv/myapp/target/release/myapp</exe><arg>--config</arg><arg>/etc/myapp.toml</arg></command>"
   print "  <pid>1000</pid>"
   print "  <ppid>999</ppid>"
   print "  <start-time epoch-ms=\"1796000000000\">2026-11-30T01:33:20.000Z</start-time>"
   print "  <duration-ms>1234567</duration-ms>"
   print "  <end how=\"exit\" status=\"0\"/>"
   print "</run>"
   printf "<threads count=\"%d\">\n", threads
   for (t = 1; t <= threads; t++) {
      role = (t == 1) ? "main" : (t % 3 == 0 ? "tokio-worker" : (t % 3 == 1 ? "tokio-blocking" : "rayon-worker"))
      pool = (t == 1) ? "" : " pool=\"1\""
      idx = (t == 1) ? "" : sprintf(" index=\"%d\"", nthr[role] + 0)
      nthr[role]++
      printf "  <thread seq=\"%d\" vg-tid=\"%d\" os-tid=\"%d\" creator=\"%d\" role=\"%s\"%s%s start-ms=\"%d\"", \
         t, t, 1000 + t, (t == 1 ? 0 : 1), role, pool, idx, t
      if (t % 2 == 0) printf " end-ms=\"%d\" ended=\"exit\" alive-at-exit=\"no\"", t * 10
      else printf " alive-at-exit=\"yes\""
      printf " insns=\"%d\">\n", t * 1000 + 7
      if (t == 1) print "    <name since-ms=\"0\">myapp</name>"
      else printf "    <name since-ms=\"%d\" inherited=\"yes\">myapp</name>\n    <name since-ms=\"%d\">%s-%d</name>\n    <creation><stack ref=\"%d\"/></creation>\n", t, t, role, t, stack()
      printf "    <role-history><role since-ms=\"%d\" role=\"%s\"%s/></role-history>\n", t, role, pool
      printf "    <heap allocs=\"%d\" frees=\"%d\" bytes-allocated=\"%d\" bytes-freed=\"%d\" live-blocks=\"2\" live-bytes=\"%d\" peak-live=\"%d\"/>\n", \
         t * 3, t, t * 3000, t * 1000, t * 100, t * 200
      printf "    <futex waits=\"%d\" woken=\"%d\" eagain=\"0\" timeouts=\"0\" eintr=\"0\" errors=\"0\" pending=\"0\" blocked-us=\"%d\" max-us=\"%d\" idle-waits=\"0\" idle-us=\"0\" wakes=\"%d\" woke=\"%d\"/>\n", \
         t % 5, t % 5, t * 137, t * 137, t % 3, t % 3
      print "  </thread>"
   }
   print "</threads>"
   print "<heap allocs=\"1\" frees=\"0\" bytes-allocated=\"1\" bytes-freed=\"0\" live-blocks=\"1\" live-bytes=\"1\" peak-live=\"1\" peak-bytes=\"1\" peak-blocks=\"1\" peak-ms=\"1\" peak-time=\"1000\" time-unit=\"i\"/>"
   printf "<live-at-exit blocks=\"%d\" bytes=\"%d\" sites=\"%d\">\n", sites, sites * 1000, sites
   split("definitely-lost indirectly-lost possibly-lost still-reachable", kinds, " ")
   for (s = 1; s <= sites; s++) {
      k = s % 4; owner = (s % threads) + 1
      role = owner == 1 ? "main" : (owner % 3 == 0 ? "tokio-worker" : (owner % 3 == 1 ? "tokio-blocking" : "rayon-worker"))
      bytes = 16 * (1 + (s * 7919) % 99991); blocks = 1 + s % 7
      extra = (k == 0) ? sprintf(" indirect-bytes=\"%d\" indirect-blocks=\"%d\"", (s % 3) * 48, s % 3) : ""
      if (owner % 2 == 0) extra = extra " orphan=\"yes\""
      sst[s] = stack()
      printf "  <site thread=\"%d\" role=\"%s\"%s blocks=\"%d\" bytes=\"%d\" kind=\"%s\"%s>\n    <stack ref=\"%d\"/>\n  </site>\n", \
         owner, role, (owner == 1 ? "" : " pool=\"1\""), blocks, bytes, kinds[k + 1], extra, sst[s]
   }
   print "</live-at-exit>"
   print "<leaks check=\"full\">"
   for (k = 0; k < 4; k++)
      printf "  <total kind=\"%s\" bytes=\"%d\" blocks=\"%d\"/>\n", kinds[k + 1], 1000 * k, k
   printf "  <held-by holder=\"globals\" bytes=\"1000\" blocks=\"1\"/>\n"
   for (s = 1; s <= sites; s++) {
      k = s % 4
      if (k != 0 && k != 2) continue
      owner = (s % threads) + 1
      role = owner == 1 ? "main" : (owner % 3 == 0 ? "tokio-worker" : (owner % 3 == 1 ? "tokio-blocking" : "rayon-worker"))
      printf "  <loss-record kind=\"%s\" thread=\"%d\" role=\"%s\"%s bytes=\"%d\" blocks=\"%d\"%s>\n    <stack ref=\"%d\"/>\n  </loss-record>\n", \
         kinds[k + 1], owner, role, (owner == 1 ? "" : " pool=\"1\""), 16 * (1 + (s * 7919) % 99991), 1 + s % 7, \
         (k == 0) ? sprintf(" indirect-bytes=\"%d\" indirect-blocks=\"%d\"", (s % 3) * 48, s % 3) : "", sst[s]
   }
   print "</leaks>"
   print "<roles>"
   split("main tokio-worker tokio-blocking rayon-worker", roles, " ")
   for (i = 1; i <= 4; i++)
      printf "  <role-summary role=\"%s\"%s threads=\"%d\" peak-alive=\"%d\" ended=\"0\" alive-at-exit=\"%d\" churn=\"0\" insns=\"%d\" live-at-peak=\"0\"><heap allocs=\"1\" frees=\"0\" bytes-allocated=\"1\" bytes-freed=\"0\" live-blocks=\"0\" live-bytes=\"0\" peak-live=\"0\"/><futex waits=\"0\" woken=\"0\" eagain=\"0\" timeouts=\"0\" eintr=\"0\" errors=\"0\" pending=\"0\" blocked-us=\"0\" max-us=\"0\" idle-waits=\"0\" idle-us=\"0\" wakes=\"0\" woke=\"0\"/></role-summary>\n", \
         roles[i], (i == 1 ? "" : " pool=\"1\""), nthr[roles[i]], nthr[roles[i]], nthr[roles[i]], i * 1000
   print "</roles>"
   fsites = int(sites / 10)
   printf "<futex-sites count=\"%d\">\n", fsites
   for (s = 1; s <= fsites; s++) {
      quiet = (s % 50 == 0)
      waits = quiet ? 0 : 1 + s % 5
      blocked = quiet ? 0 : 1000 * (1 + (s * 7919) % 997)
      wakes = quiet ? 0 : s % 4
      role = s % 3 == 0 ? "tokio-worker" : (s % 3 == 1 ? "tokio-blocking" : "rayon-worker")
      class = s % 2 ? "idle" : "contention"
      printf "  <site role=\"%s\" pool=\"1\" class=\"%s\" ops=\"WAIT WAKE\" private=\"yes\" realtime=\"no\" timed=\"0\" waits=\"%d\" woken=\"%d\" eagain=\"0\" timeouts=\"0\" eintr=\"0\" errors=\"0\" pending=\"0\" blocked-us=\"%d\" max-us=\"%d\" idle-waits=\"%d\" idle-us=\"%d\" wakes=\"%d\" woke=\"%d\">\n    <stack ref=\"%d\"/>\n  </site>\n", \
         role, class, waits, waits, blocked, blocked, class == "idle" ? waits : 0, class == "idle" ? blocked : 0, wakes, wakes, stack()
   }
   print "</futex-sites>"
   printf "<wake-pairs count=\"%d\">\n", threads - 1
   for (t = 2; t <= threads; t++)
      printf "  <wake waker=\"%d\" waiter=\"%d\" count=\"%d\"/>\n", t, t - 1, 1 + (t * 31) % 101
   print "</wake-pairs>"
   print "<cross-frees count=\"2\">"
   print "  <free alloc-role=\"main\" free-role=\"tokio-worker\" free-pool=\"1\" frees=\"10\" bytes=\"1000\"/>"
   print "  <free alloc-role=\"tokio-worker\" alloc-pool=\"1\" free-role=\"main\" frees=\"20\" bytes=\"2000\"/>"
   print "</cross-frees>"
   printf "<timeline unit=\"i\" samples=\"%d\">\n", samples
   for (i = 1; i <= samples; i++) {
      live = 1000 * i + (i * 37) % 1000
      a = int(live / 2); b = int(live / 3); c = live - a - b
      printf "  <sample time=\"%d\" live-bytes=\"%d\"><role role=\"main\" live-bytes=\"%d\"/><role role=\"tokio-worker\" pool=\"1\" live-bytes=\"%d\"/><role role=\"rayon-worker\" pool=\"1\" live-bytes=\"%d\"/></sample>\n", \
         i * 1000, live, a, b, c
   }
   print "</timeline>"
   printf "<alloc-sites count=\"%d\" shown=\"%d\" rest-allocs=\"0\" rest-bytes=\"0\" rest-live-bytes=\"0\" rest-at-peak=\"0\">\n", sites, sites
   for (s = 1; s <= sites; s++) {
      role = s % 3 == 0 ? "tokio-worker" : (s % 3 == 1 ? "tokio-blocking" : "rayon-worker")
      printf "  <site role=\"%s\" pool=\"1\" allocs=\"%d\" bytes=\"%d\" live-blocks=\"%d\" live-bytes=\"%d\" at-peak=\"%d\">\n    <stack ref=\"%d\"/>\n  </site>\n", \
         role, 1 + s % 13, 1000 * (1 + (s * 4001) % 991), s % 2, (s % 2) * 100, (s % 5) * 100, s % 2 ? stack() : sst[s]
   }
   print "</alloc-sites>"
   print "<bad-calls count=\"1\">"
   printf "  <bad-call kind=\"double-free\" count=\"3\" addr=\"0x4a4a040\" size=\"64\" given=\"0\"><stack ref=\"%d\"/></bad-call>\n", stack()
   print "</bad-calls>"
   close(table)
   printf "<stack-table stacks=\"%d\">\n", ns
   while ((getline line < table) > 0)
      print line
   print "</stack-table>"
   print "</asynctrace>"
}'
