#!/bin/sh
# Writes a large asynctrace report on stdout: THREADS threads (the main one
# with a name of NAMELEN characters, some of them <&"> and non-ASCII),
# SITES sites of live memory, as many allocation sites, SITES/2 loss
# records and SITES/10 futex sites with FRAMES frames each, function names
# included, a role summary per role, a wake pair per thread but the
# first, a holder of reachable memory per thread and the globals, frees
# across every two roles, a timeline of SAMPLES samples and one bad call
# of each kind.  It validates against the schema, but its figures are
# made up each on its own and do not add up (docs/report-format.md,
# "Invariants"): at_print warns about them.
# Usage: gen-big.sh [THREADS [SITES [FRAMES [NAMELEN [SAMPLES [VERSION]]]]]]
# VERSION is the report format, 1 (the default) or 2; the two say the
# same: in version 2 each stack is written once, in the stack table (a
# loss record has the stack of its live site).
#
# Live site s holds 1000 * (1 + (s * 7919) % 997) bytes, of the leak kind
# s % 4 (definitely lost, indirectly lost, possibly lost, still reachable;
# a definitely lost one keeps (s % 3) * 10 bytes indirectly), owned by
# thread s % THREADS + 1 (an orphan when that is even: even threads end);
# the loss records are those of the definitely and possibly lost sites.
# Allocation site s allocated 1000 * (1 + (s * 4001) % 991) bytes.
# Futex site s blocks 1000 * (1 + (s * 7919) % 997) microseconds in
# 1 + s % 5 waits, except that every 50th has neither waits nor wakes;
# wake pair t (thread t woke thread t - 1) counts 1 + (t * 31) % 101.
# Timeline sample i (0 ..) has 1000 * i + (i * 37) % 1000 live bytes
# before the peak at sample SAMPLES * 2 / 3, twice that at the peak, and
# half as many after it.
# Copyright (C) 2026 the asynctrace authors.  GPL-2.0-or-later.
version=${6:-1}
table=
if [ "$version" = 2 ]; then
   table=$(mktemp "${TMPDIR:-/tmp}/gen-big.XXXXXX") || exit 1
   trap 'rm -f "$table"' EXIT
fi
awk -v threads="${1:-1000}" -v sites="${2:-5000}" -v frames="${3:-12}" \
    -v namelen="${4:-12000}" -v samples="${5:-10000}" -v version="$version" \
    -v table="$table" '
# frame(TEXT) adds a frame to the stack being made; stack(INLINE) returns
# that stack as a site writes it (on lines of its own or, INLINE, not).
# In version 2 the frames and the stack go to the table, written last.
function frame(text) {
   if (version == 2) {
      printf "  <frame id=\"%d\">%s</frame>\n", ++nframes, text > table
      ids = ids (ids == "" ? "" : " ") nframes
   } else {
      body = body (body_inline ? "" : "      ") "<frame>" text "</frame>" (body_inline ? "" : "\n")
   }
}
function stack(inline,   s) {
   if (version == 2) {
      printf "  <stack id=\"%d\" frames=\"%s\"/>\n", ++nstacks, ids > table
      s = sprintf("<stack ref=\"%d\"/>", nstacks)
      if (!inline) s = "    " s "\n"
   } else if (inline) {
      s = "<stack>" body "</stack>"
   } else {
      s = "    <stack>\n" body "    </stack>\n"
   }
   body = ""; ids = ""
   return s
}
BEGIN {
   # A long name: a repeated 10-character unit with markup characters and
   # two non-ASCII letters (UTF-8), escaped as the tool writes them.
   unit = "x&lt;&amp;&quot;&gt;\303\251\316\273yz-"
   for (n = 0; n < namelen; n += 10) longname = longname unit
   print "<?xml version=\"1.0\" encoding=\"UTF-8\"?>"
   print "<asynctrace version=\"" version "\">"
   print "<run>"
   print "  <tool name=\"asynctrace\" version=\"0.1.0\"/>"
   print "  <valgrind version=\"3.19.0\"/>"
   print "  <command><exe>./big</exe><arg>" longname "</arg></command>"
   print "  <pid>1000</pid>"
   print "  <ppid>999</ppid>"
   print "  <start-time epoch-ms=\"1796000000000\">2026-11-30T01:33:20.000Z</start-time>"
   print "  <duration-ms>1234567</duration-ms>"
   print "  <end how=\"exit\" status=\"0\"/>"
   print "</run>"
   print "<threads count=\"" threads "\">"
   live_total = 0; blocks_total = 0
   nroles = 0
   for (t = 1; t <= threads; t++) {
      role = (t == 1) ? "main" : (t % 3 == 0 ? "tokio-worker" : (t % 3 == 1 ? "tokio-blocking" : "rayon-worker"))
      pool = (t == 1) ? "" : " pool=\"1\""
      if (!(role in nthr)) order[++nroles] = role
      index_attr = (t == 1) ? "" : sprintf(" index=\"%d\"", nthr[role] + 0)
      nthr[role]++
      insns = t * 1000 + 7
      waits = t % 5; blocked = waits ? t * 137 : 0; wakes = t % 3
      idle = (t == 1) ? 0 : waits
      printf "  <thread seq=\"%d\" vg-tid=\"%d\" os-tid=\"%d\" creator=\"%d\" role=\"%s\"%s%s start-ms=\"%d\"", \
         t, t, 1000 + t, (t == 1 ? 0 : 1), role, pool, index_attr, t
      if (t % 2 == 0) { printf " end-ms=\"%d\" ended=\"exit\" alive-at-exit=\"no\"", t * 10; ended[role]++ }
      else { printf " alive-at-exit=\"yes\""; alive[role]++ }
      printf " insns=\"%d\">\n", insns
      if (t == 1) print "    <name since-ms=\"0\">" longname "</name>"
      else printf "    <name since-ms=\"%d\" inherited=\"yes\">big</name>\n    <name since-ms=\"%d\">worker-%d</name>\n", t, t, t
      printf "    <role-history><role since-ms=\"%d\" role=\"%s\"%s/></role-history>\n", t, role, pool
      printf "    <heap allocs=\"%d\" frees=\"%d\" bytes-allocated=\"%d\" bytes-freed=\"%d\" live-blocks=\"%d\" live-bytes=\"%d\" peak-live=\"%d\"/>\n", \
         t * 3, t, t * 3000, t * 1000, 2, t * 100, t * 200
      printf "    <futex waits=\"%d\" woken=\"%d\" eagain=\"0\" timeouts=\"0\" eintr=\"0\" errors=\"0\" pending=\"0\" blocked-us=\"%d\" max-us=\"%d\" idle-waits=\"%d\" idle-us=\"%d\" wakes=\"%d\" woke=\"%d\"/>\n", \
         waits, waits, blocked, blocked, idle, idle ? blocked : 0, wakes, wakes
      print "  </thread>"
      r_insns[role] += insns; r_allocs[role] += t * 3; r_frees[role] += t
      r_ba[role] += t * 3000; r_bf[role] += t * 1000; r_lb[role] += 2; r_lby[role] += t * 100
      r_peak[role] += t * 200
      r_waits[role] += waits; r_blocked[role] += blocked; r_wakes[role] += wakes
      r_idle[role] += idle; r_idle_us[role] += idle ? blocked : 0
      if (blocked > r_max[role]) r_max[role] = blocked
   }
   print "</threads>"
   peak_i = int(samples * 2 / 3)
   peak_live = 2 * (1000 * peak_i + (peak_i * 37) % 1000)
   printf "<heap allocs=\"1\" frees=\"0\" bytes-allocated=\"1\" bytes-freed=\"0\" live-blocks=\"1\" live-bytes=\"1\" peak-live=\"%d\" peak-bytes=\"%d\" peak-blocks=\"1\" peak-ms=\"1\" peak-time=\"%d\" time-unit=\"i\"/>\n", \
      peak_live, peak_live, peak_i * 1000
   printf "<live-at-exit blocks=\"%d\" bytes=\"%d\" sites=\"%d\">\n", sites, sites * 1000, sites
   split("definitely-lost indirectly-lost possibly-lost still-reachable", kinds, " ")
   for (s = 1; s <= sites; s++) {
      # Sizes repeat so that equal sizes must keep their file order.
      k = s % 4; owner = (s % threads) + 1
      bytes = 1000 * (1 + (s * 7919) % 997); blocks = 1 + s % 7
      extra = (k == 0) ? sprintf(" indirect-bytes=\"%d\" indirect-blocks=\"%d\"", (s % 3) * 10, s % 3) : ""
      if (owner % 2 == 0) extra = extra " orphan=\"yes\""
      printf "  <site thread=\"%d\" role=\"%s\" blocks=\"%d\" bytes=\"%d\" kind=\"%s\"%s>\n", \
         owner, "tokio-worker", blocks, bytes, kinds[k + 1], extra
      lk_bytes[k] += bytes; lk_blocks[k] += blocks
      for (f = 0; f < frames; f++)
         frame(sprintf("<ip>0x%X</ip><obj>/tmp/big</obj><fn>big::f%d&lt;T&gt;::site%d</fn><dir>/src</dir><file>big.rs</file><line>%d</line>", \
            4096 + s * 64 + f, f, s, f + 1))
      st = stack(0)
      printf "%s", st
      print "  </site>"
      if (k == 0 || k == 2)
         lrec[s] = sprintf("  <loss-record kind=\"%s\" thread=\"%d\" role=\"tokio-worker\" bytes=\"%d\" blocks=\"%d\"%s>\n%s  </loss-record>", \
            kinds[k + 1], owner, bytes, blocks, \
            (k == 0) ? sprintf(" indirect-bytes=\"%d\" indirect-blocks=\"%d\"", (s % 3) * 10, s % 3) : "", st)
   }
   print "</live-at-exit>"
   print "<leaks check=\"full\">"
   for (k = 0; k < 4; k++)
      printf "  <total kind=\"%s\" bytes=\"%.0f\" blocks=\"%.0f\"/>\n", kinds[k + 1], lk_bytes[k], lk_blocks[k]
   for (k = 0; k < 4; k++)
      if (lk_blocks[k] > 0)
         printf "  <by-role kind=\"%s\" role=\"tokio-worker\" bytes=\"%.0f\" blocks=\"%.0f\"/>\n", kinds[k + 1], lk_bytes[k], lk_blocks[k]
   # Globals hold half the reachable bytes; each thread stack holds
   # t * 8 bytes.
   printf "  <held-by holder=\"globals\" bytes=\"%.0f\" blocks=\"1\"/>\n", int(lk_bytes[3] / 2)
   for (t = 1; t <= threads; t++) {
      role = (t == 1) ? "main" : (t % 3 == 0 ? "tokio-worker" : (t % 3 == 1 ? "tokio-blocking" : "rayon-worker"))
      printf "  <held-by holder=\"stack\" thread=\"%d\" role=\"%s\"%s thread-alive-at-exit=\"%s\" bytes=\"%d\" blocks=\"1\"/>\n", \
         t, role, (t == 1 ? "" : " pool=\"1\""), (t % 2 ? "yes" : "no"), t * 8
   }
   for (s = 1; s <= sites; s++)
      if (s in lrec) print lrec[s]
   print "</leaks>"
   print "<roles>"
   for (i = 1; i <= nroles; i++) {
      role = order[i]
      printf "  <role-summary role=\"%s\"%s threads=\"%d\" peak-alive=\"%d\" ended=\"%d\" alive-at-exit=\"%d\" churn=\"0\" insns=\"%d\" live-at-peak=\"%d\">", \
         role, (role == "main" ? "" : " pool=\"1\""), nthr[role], nthr[role], ended[role] + 0, alive[role] + 0, r_insns[role], r_lby[role] * 3
      printf "<heap allocs=\"%d\" frees=\"%d\" bytes-allocated=\"%d\" bytes-freed=\"%d\" live-blocks=\"%d\" live-bytes=\"%d\" peak-live=\"%d\"/>", \
         r_allocs[role], r_frees[role], r_ba[role], r_bf[role], r_lb[role], r_lby[role], r_peak[role]
      printf "<futex waits=\"%d\" woken=\"%d\" eagain=\"0\" timeouts=\"0\" eintr=\"0\" errors=\"0\" pending=\"0\" blocked-us=\"%d\" max-us=\"%d\" idle-waits=\"%d\" idle-us=\"%d\" wakes=\"%d\" woke=\"%d\"/>", \
         r_waits[role], r_waits[role], r_blocked[role], r_max[role] + 0, r_idle[role], r_idle_us[role], r_wakes[role], r_wakes[role]
      print "</role-summary>"
   }
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
      printf "  <site role=\"%s\" pool=\"1\" class=\"%s\" ops=\"WAIT WAKE\" private=\"yes\" realtime=\"no\" timed=\"0\" waits=\"%d\" woken=\"%d\" eagain=\"0\" timeouts=\"0\" eintr=\"0\" errors=\"0\" pending=\"0\" blocked-us=\"%d\" max-us=\"%d\" idle-waits=\"%d\" idle-us=\"%d\" wakes=\"%d\" woke=\"%d\">\n", \
         role, class, waits, waits, blocked, blocked, class == "idle" ? waits : 0, class == "idle" ? blocked : 0, wakes, wakes
      for (f = 0; f < frames; f++)
         frame(sprintf("<ip>0x%X</ip><obj>/tmp/big</obj><fn>big::park%d&lt;T&gt;::fsite%d</fn><dir>/src</dir><file>park.rs</file><line>%d</line>", \
            65536 + s * 64 + f, f, s, f + 1))
      printf "%s", stack(0)
      print "  </site>"
   }
   print "</futex-sites>"
   printf "<wake-pairs count=\"%d\">\n", threads - 1
   for (t = 2; t <= threads; t++)
      printf "  <wake waker=\"%d\" waiter=\"%d\" count=\"%d\"/>\n", t, t - 1, 1 + (t * 31) % 101
   print "</wake-pairs>"
   # Frees across every two roles: pair n frees n times 100 bytes.
   printf "<cross-frees count=\"%d\">\n", nroles * (nroles - 1)
   n = 0
   for (i = 1; i <= nroles; i++)
      for (j = 1; j <= nroles; j++)
         if (i != j) {
            n++
            printf "  <free alloc-role=\"%s\"%s free-role=\"%s\"%s frees=\"%d\" bytes=\"%d\"/>\n", \
               order[i], (order[i] == "main" ? "" : " alloc-pool=\"1\""), \
               order[j], (order[j] == "main" ? "" : " free-pool=\"1\""), n, n * 100
         }
   print "</cross-frees>"
   # The tool writes the peak again as a sample of its own.
   printf "<timeline unit=\"i\" samples=\"%d\">\n", samples + 1
   for (i = 0; i < samples; i++) {
      live = 1000 * i + (i * 37) % 1000
      if (i > peak_i) live = int(live / 2)
      if (i == peak_i) live = peak_live
      a = int(live / 2); b = int(live / 3); c = live - a - b
      line = sprintf("<role role=\"main\" live-bytes=\"%d\"/><role role=\"tokio-worker\" pool=\"1\" live-bytes=\"%d\"/><role role=\"rayon-worker\" pool=\"1\" live-bytes=\"%d\"/>", a, b, c)
      if (live == 0) line = ""
      printf "  <sample time=\"%d\" live-bytes=\"%d\">%s</sample>\n", i * 1000, live, line
      if (i == peak_i)
         printf "  <sample time=\"%d\" live-bytes=\"%d\" peak=\"yes\">%s</sample>\n", i * 1000, live, line
   }
   print "</timeline>"
   printf "<alloc-sites count=\"%d\" shown=\"%d\" rest-allocs=\"7\" rest-bytes=\"700\" rest-live-bytes=\"70\" rest-at-peak=\"7\">\n", sites + 100, sites
   for (s = 1; s <= sites; s++) {
      role = s % 3 == 0 ? "tokio-worker" : (s % 3 == 1 ? "tokio-blocking" : "rayon-worker")
      printf "  <site role=\"%s\" pool=\"1\" allocs=\"%d\" bytes=\"%d\" live-blocks=\"%d\" live-bytes=\"%d\" at-peak=\"%d\">\n", \
         role, 1 + s % 13, 1000 * (1 + (s * 4001) % 991), s % 2, (s % 2) * 100, (s % 5) * 100
      for (f = 0; f < frames; f++)
         frame(sprintf("<ip>0x%X</ip><obj>/tmp/big</obj><fn>big::alloc%d&lt;T&gt;::asite%d</fn><dir>/src</dir><file>big.rs</file><line>%d</line>", \
            1048576 + s * 64 + f, f, s, f + 1))
      printf "%s", stack(0)
      print "  </site>"
   }
   print "</alloc-sites>"
   split("invalid-free double-free realloc-of-freed realloc-invalid calloc-overflow bad-alignment sized-free-mismatch", bad, " ")
   print "<bad-calls count=\"7\">"
   body_inline = 1
   for (i = 1; i <= 7; i++) {
      frame(sprintf("<ip>0x%X</ip><fn>big::bad%d</fn>", 2097152 + i, i))
      printf "  <bad-call kind=\"%s\" count=\"%d\" addr=\"0x%x\" size=\"%d\" given=\"%d\">%s</bad-call>\n", \
         bad[i], i, 4096 * i, 96 * i, 100 * i, stack(1)
   }
   print "</bad-calls>"
   if (version == 2) {
      close(table)
      printf "<stack-table stacks=\"%d\">\n", nstacks
      while ((getline line < table) > 0)
         print line
      print "</stack-table>"
   }
   print "</asynctrace>"
}'
