#!/usr/bin/env python3
# gen-cpu.py [REPORT]: writes to standard output REPORT (default
# tasks-v2.xml beside this script) with a <cpu> profile added after its
# <tasks>: tests/at_print/cpu-v2.xml, for at_print_cpu.test.
#
# The profile is derived, not typed: each thread's instructions (its
# <thread insns>) are laid out as a run of segments, each with the role,
# spawn site and stack it ran them in (the workers' segments in tasks are
# the spawn sites' own instructions, <spawn-site insns>), and sampled
# the way docs/report-format.md says the tool samples: gaps drawn
# deterministically between N/2 and 3N/2; each sample charges the
# thread's instructions since its previous sample to the row of the
# segment it falls in, the tail after its last sample goes to that
# sample's row, and a thread never sampled is one row without a stack,
# under its role at its end.  So the rows' insns sum to the threads'
# exactly, whatever the gaps.  Only stacks of the report's own table are
# used, so the rest of the file is unchanged, byte for byte.
# Copyright (C) 2026 the asynctrace authors.  GPL-2.0-or-later.
import os
import sys
import xml.etree.ElementTree as ET

INTERVAL = 3000
here = os.path.dirname(os.path.abspath(__file__))
path = sys.argv[1] if len(sys.argv) > 1 else os.path.join(here, 'tasks-v2.xml')
text = open(path, encoding='utf-8').read()
root = ET.fromstring(text.encode('utf-8'))
insns = {int(t.get('seq')): int(t.get('insns'))
         for t in root.find('threads').findall('thread')}
site_insns = {int(s.get('id')): int(s.get('insns'))
              for s in root.find('tasks').findall('spawn-site')}

# A segment: (role, pool or None, spawn site or None, stack ref, insns).
MAIN, BLOCK_ON = ('main', None), ('tokio-block-on', None)
WORKER, BLOCKING, OTHER = ('tokio-worker', 1), ('tokio-blocking', 1), ('other', None)
PARK, POOL_WAIT = 15, 17      # the workers' park, the blocking pool's wait


def seg(role, site, stack, n):
    return (role[0], role[1], site, stack, n)


def split(total, parts):
    """total cut into len(parts) pieces in proportion to parts, exact."""
    out, done, w = [], 0, sum(parts)
    for i, p in enumerate(parts):
        n = total - done if i == len(parts) - 1 else total * p // w
        out.append(n)
        done += n
    return out


def in_task(role, total, tasks):
    """A pooled thread: idle around its tasks' polls (site, stack)."""
    busy = sum(site_insns[s] for s, _ in tasks)
    before, after = split(total - busy, [1, 1])
    segs = [seg(role, None, PARK if role == WORKER else POOL_WAIT, before)]
    segs += [seg(role, s, st, site_insns[s]) for s, st in tasks]
    segs.append(seg(role, None, PARK if role == WORKER else POOL_WAIT, after))
    return segs


# main builds the runtime (stack 5), fills a table (13), then blocks on
# its future: spawning the threads (2 and 3: one function, two lines,
# which print alike in a flame graph) and waiting (16).
m = split(insns[1], [40, 20, 15, 10, 15])
threads = {
    1: [seg(MAIN, None, 5, m[0]), seg(MAIN, None, 13, m[1]),
        seg(BLOCK_ON, None, 2, m[2]), seg(BLOCK_ON, None, 3, m[3]),
        seg(BLOCK_ON, None, 16, m[4])],
    # The workers poll the tasks of spawn sites 1-5 (stacks of their
    # polls: the tasks' allocations, spawn_locker's wait).
    2: in_task(WORKER, insns[2], [(1, 9)]),
    3: in_task(WORKER, insns[3], [(3, 7), (4, 7)]),
    4: in_task(WORKER, insns[4], [(5, 24)]),
    5: in_task(WORKER, insns[5], [(2, 8)]),
    # The two short-lived threads of role other (the table has no stack
    # of theirs: one of main's stands in): one of them too short for a
    # sample at this interval.
    6: [seg(OTHER, None, 4, insns[6])],
    7: [seg(OTHER, None, 4, insns[7])],
    # The blocking thread runs spawn_blocking's closure (site 6).
    8: in_task(BLOCKING, insns[8], [(6, 25)]),
}
for t, segs in threads.items():
    assert sum(s[4] for s in segs) == insns[t], t


def gaps(seed):
    """The gaps of one thread: an LCG, between N/2 and 3N/2."""
    x = seed
    while True:
        x = (x * 6364136223846793005 + 1442695040888963407) % 2**64
        yield INTERVAL // 2 + (x >> 33) % (INTERVAL + 1)


rows = {}                       # (role, pool, site, stack) -> [insns, samples]
for t, segs in sorted(threads.items()):
    g, at, last_at, last_key = gaps(t), 0, 0, None
    at = next(g)
    while at <= insns[t]:
        # The segment holding instruction number at.
        end = 0
        for s in segs:
            end += s[4]
            if at <= end:
                break
        key = s[:4]
        r = rows.setdefault(key, [0, 0])
        r[0] += at - last_at
        r[1] += 1
        last_at, last_key = at, key
        at += next(g)
    if last_key is None:        # never sampled: its role at its end
        last_key = segs[-1][:2] + (None, None)
    rows.setdefault(last_key, [0, 0])[0] += insns[t] - last_at

total = sum(r[0] for r in rows.values())
assert total == sum(insns.values())
order = sorted(rows, key=lambda k: (-rows[k][0], str(k)))
out = ['<cpu interval="%d" samples="%d" insns="%d" stacks="%d">\n'
       % (INTERVAL, sum(r[1] for r in rows.values()), total, len(rows))]
for role, pool, site, stack in order:
    a = ' role="%s"' % role
    if pool is not None:
        a += ' pool="%d"' % pool
    if site is not None:
        a += ' spawn-site="%d"' % site
    a += ' insns="%d" samples="%d"' % tuple(rows[(role, pool, site, stack)])
    if stack is None:
        out.append('  <cpu-stack%s/>\n' % a)
    else:
        out.append('  <cpu-stack%s><stack ref="%d"/></cpu-stack>\n'
                   % (a, stack))
out.append('</cpu>\n')

cut = text.index('</tasks>\n') + len('</tasks>\n')
sys.stdout.write(text[:cut] + ''.join(out) + text[cut:])
