#!/usr/bin/env python3
# trim-report.py IN OUT: trims a version 2 asynctrace report into a test
# fixture (tests/at_print/tasks-v2.xml was made so from a run of
# task_sites): fewer live, futex and allocation sites, the <map>s summed
# into <mappings>' rest-bytes (their counts adjusted, so the report still
# adds up), stacks cut to MAXF frames (a spawn site's kept to a few past
# its spawn frame), the stack table renumbered to the stacks still used.
# Copyright (C) 2026 the asynctrace authors.  GPL-2.0-or-later.
import re, sys
src, dst = sys.argv[1], sys.argv[2]
MAXF = 16
lines = open(src).read().split('\n')
out = []
sect = None
kept = {'live': 0, 'futex': 0, 'alloc': 0}
limit = {'live': 4, 'futex': 3, 'alloc': 3}
map_bytes, maps_head = 0, None
drop_alloc = [0, 0, 0, 0]   # allocs, bytes, live, at-peak
alloc_head = None
for l in lines:
    if l.startswith('<live-at-exit'): sect = 'live'
    elif l.startswith('<futex-sites'): sect = 'futex'
    elif l.startswith('<alloc-sites'): sect = 'alloc'; alloc_head = len(out)
    elif l.startswith('</'): sect = None
    if l.startswith('<mappings'):
        maps_head = len(out)
    if l.startswith('  <map '):        # mappings: summed into rest-bytes
        map_bytes += int(re.search(r' bytes="(\d+)"', l).group(1))
        continue
    if sect and l.startswith('  <site '):
        if kept[sect] >= limit[sect]:
            if sect == 'alloc':
                a = dict(re.findall(r'([a-z-]+)="([^"]*)"', l))
                drop_alloc[0] += int(a['allocs']); drop_alloc[1] += int(a['bytes'])
                drop_alloc[2] += int(a['live-bytes']); drop_alloc[3] += int(a['at-peak'])
            continue
        kept[sect] += 1
    out.append(l)
h = out[alloc_head]
cnt = int(re.search(r' count="(\d+)"', h).group(1))
h = re.sub(r' shown="\d+"', ' shown="%d"' % kept['alloc'], h)
for k, v in zip(['rest-allocs', 'rest-bytes', 'rest-live-bytes', 'rest-at-peak'], drop_alloc):
    h = re.sub(r' %s="(\d+)"' % k, lambda m: ' %s="%d"' % (k, int(m.group(1)) + v), h)
out[alloc_head] = h
if maps_head is not None:
    h = re.sub(r' shown="\d+"', ' shown="0"', out[maps_head])
    out[maps_head] = re.sub(r' rest-bytes="(\d+)"', lambda m: ' rest-bytes="%d"' % (int(m.group(1)) + map_bytes), h)
# The table.
ti = next(i for i, l in enumerate(out) if l.startswith('<stack-table'))
frames, stacks = {}, {}
for l in out[ti:]:
    m = re.match(r'  <frame id="(\d+)"', l)
    if m: frames[m.group(1)] = l
    m = re.match(r'  <stack id="(\d+)" frames="([^"]*)"', l)
    if m: stacks[m.group(1)] = m.group(2).split()
body = '\n'.join(out[:ti])
# A spawn site's stack is kept to a few frames past the spawn frame.
whole = {}
for f, r in re.findall(r'<spawn-site [^>]* frame="(\d+)"[^>]*><stack ref="(\d+)"', body):
    whole[r] = max(whole.get(r, 0), int(f) + 4)
newref, order = {}, []
def ref(m):
    r = m.group(1)
    if r not in newref:
        newref[r] = str(len(newref) + 1); order.append(r)
    return '<stack ref="%s"/>' % newref[r]
body = re.sub(r'<stack ref="(\d+)"/>', ref, body)
fid, tab = {}, []
for r in order:
    fs = stacks[r][:max(MAXF, whole.get(r, 0))]
    ids = []
    for f in fs:
        if f not in fid:
            fid[f] = str(len(fid) + 1)
            fr = re.sub(r'id="\d+"', 'id="%s"' % fid[f], frames[f], count=1)
            tab.append(fr)
        ids.append(fid[f])
    tab.append('  <stack id="%s" frames="%s"/>' % (newref[r], ' '.join(ids)))
text = body + '\n<stack-table stacks="%d">\n' % len(order) + '\n'.join(tab) + '\n</stack-table>\n</asynctrace>\n'
open(dst, 'w').write(text)
