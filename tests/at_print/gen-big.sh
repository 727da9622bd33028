#!/bin/sh
# Writes a large asynctrace report on stdout: THREADS threads (the main one
# with a name of NAMELEN characters, some of them <&"> and non-ASCII),
# SITES sites of live memory and SITES/10 futex sites with FRAMES frames
# each, function names included, a role summary per role, and a wake pair
# per thread but the first.  It validates against the schema.
# Usage: gen-big.sh [THREADS [SITES [FRAMES [NAMELEN]]]]
#
# Futex site s blocks 1000 * (1 + (s * 7919) % 997) microseconds in
# 1 + s % 5 waits, except that every 50th has neither waits nor wakes;
# wake pair t (thread t woke thread t - 1) counts 1 + (t * 31) % 101.
# Copyright (C) 2026 the asynctrace authors.  GPL-2.0-or-later.
awk -v threads="${1:-1000}" -v sites="${2:-5000}" -v frames="${3:-12}" \
    -v namelen="${4:-12000}" '
BEGIN {
   # A long name: a repeated 10-character unit with markup characters and
   # two non-ASCII letters (UTF-8), escaped as the tool writes them.
   unit = "x&lt;&amp;&quot;&gt;\303\251\316\273yz-"
   for (n = 0; n < namelen; n += 10) longname = longname unit
   print "<?xml version=\"1.0\" encoding=\"UTF-8\"?>"
   print "<asynctrace version=\"1\">"
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
      printf "    <heap allocs=\"%d\" frees=\"%d\" bytes-allocated=\"%d\" bytes-freed=\"%d\" live-blocks=\"%d\" live-bytes=\"%d\"/>\n", \
         t * 3, t, t * 3000, t * 1000, 2, t * 100
      printf "    <futex waits=\"%d\" woken=\"%d\" eagain=\"0\" timeouts=\"0\" eintr=\"0\" errors=\"0\" pending=\"0\" blocked-us=\"%d\" max-us=\"%d\" idle-waits=\"%d\" idle-us=\"%d\" wakes=\"%d\" woke=\"%d\"/>\n", \
         waits, waits, blocked, blocked, idle, idle ? blocked : 0, wakes, wakes
      print "  </thread>"
      r_insns[role] += insns; r_allocs[role] += t * 3; r_frees[role] += t
      r_ba[role] += t * 3000; r_bf[role] += t * 1000; r_lb[role] += 2; r_lby[role] += t * 100
      r_waits[role] += waits; r_blocked[role] += blocked; r_wakes[role] += wakes
      r_idle[role] += idle; r_idle_us[role] += idle ? blocked : 0
      if (blocked > r_max[role]) r_max[role] = blocked
   }
   print "</threads>"
   print "<heap allocs=\"1\" frees=\"0\" bytes-allocated=\"1\" bytes-freed=\"0\" live-blocks=\"1\" live-bytes=\"1\" peak-bytes=\"1\" peak-blocks=\"1\" peak-ms=\"1\"/>"
   printf "<live-at-exit blocks=\"%d\" bytes=\"%d\" sites=\"%d\">\n", sites, sites * 1000, sites
   for (s = 1; s <= sites; s++) {
      # Sizes repeat so that equal sizes must keep their file order.
      printf "  <site thread=\"%d\" role=\"%s\" blocks=\"%d\" bytes=\"%d\">\n    <stack>\n", \
         (s % threads) + 1, "tokio-worker", 1 + s % 7, 1000 * (1 + (s * 7919) % 997)
      for (f = 0; f < frames; f++)
         printf "      <frame><ip>0x%X</ip><obj>/tmp/big</obj><fn>big::f%d&lt;T&gt;::site%d</fn><dir>/src</dir><file>big.rs</file><line>%d</line></frame>\n", \
            4096 + s * 64 + f, f, s, f + 1
      print "    </stack>\n  </site>"
   }
   print "</live-at-exit>"
   print "<roles>"
   for (i = 1; i <= nroles; i++) {
      role = order[i]
      printf "  <role-summary role=\"%s\"%s threads=\"%d\" peak-alive=\"%d\" ended=\"%d\" alive-at-exit=\"%d\" churn=\"0\" insns=\"%d\">", \
         role, (role == "main" ? "" : " pool=\"1\""), nthr[role], nthr[role], ended[role] + 0, alive[role] + 0, r_insns[role]
      printf "<heap allocs=\"%d\" frees=\"%d\" bytes-allocated=\"%d\" bytes-freed=\"%d\" live-blocks=\"%d\" live-bytes=\"%d\"/>", \
         r_allocs[role], r_frees[role], r_ba[role], r_bf[role], r_lb[role], r_lby[role]
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
      printf "  <site role=\"%s\" pool=\"1\" class=\"%s\" ops=\"WAIT WAKE\" private=\"yes\" realtime=\"no\" timed=\"0\" waits=\"%d\" woken=\"%d\" eagain=\"0\" timeouts=\"0\" eintr=\"0\" errors=\"0\" pending=\"0\" blocked-us=\"%d\" max-us=\"%d\" idle-waits=\"%d\" idle-us=\"%d\" wakes=\"%d\" woke=\"%d\">\n    <stack>\n", \
         role, class, waits, waits, blocked, blocked, class == "idle" ? waits : 0, class == "idle" ? blocked : 0, wakes, wakes
      for (f = 0; f < frames; f++)
         printf "      <frame><ip>0x%X</ip><obj>/tmp/big</obj><fn>big::park%d&lt;T&gt;::fsite%d</fn><dir>/src</dir><file>park.rs</file><line>%d</line></frame>\n", \
            65536 + s * 64 + f, f, s, f + 1
      print "    </stack>\n  </site>"
   }
   print "</futex-sites>"
   printf "<wake-pairs count=\"%d\">\n", threads - 1
   for (t = 2; t <= threads; t++)
      printf "  <wake waker=\"%d\" waiter=\"%d\" count=\"%d\"/>\n", t, t - 1, 1 + (t * 31) % 101
   print "</wake-pairs>"
   print "</asynctrace>"
}'
