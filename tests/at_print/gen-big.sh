#!/bin/sh
# Writes a large asynctrace report on stdout: THREADS threads (the main one
# with a name of NAMELEN characters, some of them <&"> and non-ASCII) and
# SITES sites of live memory with FRAMES frames each, function names
# included.  Usage: gen-big.sh [THREADS [SITES [FRAMES [NAMELEN]]]]
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
   for (t = 1; t <= threads; t++) {
      role = (t == 1) ? "main" : (t % 3 == 0 ? "tokio-worker" : (t % 3 == 1 ? "tokio-blocking" : "rayon-worker"))
      printf "  <thread seq=\"%d\" vg-tid=\"%d\" os-tid=\"%d\" creator=\"%d\" role=\"%s\" start-ms=\"%d\"", \
         t, t, 1000 + t, (t == 1 ? 0 : 1), role, t
      if (t % 2 == 0) printf " end-ms=\"%d\" alive-at-exit=\"no\">\n", t * 10
      else printf " alive-at-exit=\"yes\">\n"
      if (t == 1) print "    <name since-ms=\"0\">" longname "</name>"
      else printf "    <name since-ms=\"%d\" inherited=\"yes\">big</name>\n    <name since-ms=\"%d\">worker-%d</name>\n", t, t, t
      printf "    <heap allocs=\"%d\" frees=\"%d\" bytes-allocated=\"%d\" bytes-freed=\"%d\" live-blocks=\"%d\" live-bytes=\"%d\"/>\n", \
         t * 3, t, t * 3000, t * 1000, 2, t * 100
      print "  </thread>"
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
   print "</asynctrace>"
}'
