#!/usr/bin/env python3
# gen-diff.py [NAME=VALUE...]: writes to standard output a small version 1
# asynctrace report whose figures add up, for at_print_diff.test to
# compare two of them.  A Rust program's shape: main; two Rayon pools,
# each leaking 333-byte blocks at the same three own frames (leak_bytes <
# planted::leak_on_rayon < app::crunch::{{closure}}) from several deep
# stacks (Rayon's join at other lines), so grouping merges them; a Tokio
# worker whose tasks, spawned at app::spawn_b, allocate 500 bytes each
# and free them, and which waits on a lock (app::locked) and parks idle.
#   dur=MS            the run's duration [2000]
#   p1=N,N,...        blocks leaked per loss record on pool 1 [20,20,20]
#   p2=N,...          the same on pool 2 [10]
#   tasks=N           tasks spawned at app::spawn_b [2]
#   jobs=N            Rayon jobs run at app::crunch [6]
#   lock_us=US lock_waits=N idle_us=US idle_waits=N   the worker's waits
#   insns=N           instructions of each Rayon thread [3000000]
# Copyright (C) 2026 the asynctrace authors.  GPL-2.0-or-later.
import sys

P = dict(dur='2000', p1='20,20,20', p2='10', tasks='2', jobs='6',
         lock_us='40000', lock_waits='4', idle_us='300000', idle_waits='6',
         insns='3000000')
for a in sys.argv[1:]:
    k, v = a.split('=', 1)
    if k not in P:
        sys.exit('gen-diff.py: unknown parameter ' + k)
    P[k] = v
dur = int(P['dur'])
p1 = [int(x) for x in P['p1'].split(',') if x]
p2 = [int(x) for x in P['p2'].split(',') if x]
tasks, jobs, insns = int(P['tasks']), int(P['jobs']), int(P['insns'])
lock_us, lock_waits = int(P['lock_us']), int(P['lock_waits'])
idle_us, idle_waits = int(P['idle_us']), int(P['idle_waits'])
LEAK, TASK_BYTES, MAIN_BYTES = 333, 500, 100

APP = '/src/app/target/release/app'
VGP = '/usr/libexec/valgrind/vgpreload_asynctrace-amd64-linux.so'
LIBC = '/lib/x86_64-linux-gnu/libc.so.6'
STD = '/rustc/90b35a6239c3d8bdabc530a6a0816f7ff89a0aaf/library'
REG = '/root/.cargo/registry/src/index.crates.io-6f17d22bba15001f'
ip = [0x100000]


def frame(fn, obj, d=None, f=None, line=None):
    ip[0] += 0x10
    fn = fn.replace('&', '&amp;').replace('<', '&lt;').replace('>', '&gt;')
    s = '<frame><ip>0x%X</ip><obj>%s</obj><fn>%s</fn>' % (ip[0], obj, fn)
    if f:
        s += ('<dir>%s</dir>' % d if d else '') + '<file>%s</file>' % f
        s += '<line>%d</line>' % line
    return s + '</frame>'


def stack(frames):
    return '<stack>' + ''.join(frames) + '</stack>'


MALLOC = frame('malloc', VGP, './coregrind/m_replacemalloc',
               'vg_replace_malloc.c', 381)


def leak_stack(k):
    return stack([
        MALLOC,
        frame('alloc::alloc::alloc', APP, STD + '/alloc/src', 'alloc.rs', 95),
        frame('leak_bytes', APP, '/src/app/planted', 'lib.rs', 25),
        frame('planted::leak_on_rayon', APP, '/src/app/planted', 'lib.rs', 99),
        frame('app::crunch::{{closure}}', APP, '/src/app/src', 'app.rs', 50),
        frame('rayon_core::join::join_context', APP,
              REG + '/rayon-core-1.10.1/src/join', 'mod.rs', 130 + k),
        frame('rayon_core::registry::WorkerThread::wait_until_cold', APP,
              REG + '/rayon-core-1.10.1/src', 'registry.rs', 700 + k)])


MAIN_STACK = stack([MALLOC, frame('app::main', APP, '/src/app/src',
                                  'app.rs', 12)])
LOCK_STACK = stack([
    frame('syscall', LIBC, None, 'syscall.S', 38),
    frame('futex_wait', APP, STD + '/std/src/sys/pal/unix', 'futex.rs', 73),
    frame('std::sys::sync::mutex::futex::Mutex::lock_contended', APP,
          STD + '/std/src/sys/sync/mutex', 'futex.rs', 61),
    frame('app::locked', APP, '/src/app/src', 'app.rs', 70),
    frame('app::serve::{{closure}}', APP, '/src/app/src', 'app.rs', 80),
    frame('tokio::runtime::task::harness::Harness<T,S>::poll', APP,
          REG + '/tokio-1.24.2/src/runtime/task', 'harness.rs', 150)])
IDLE_STACK = stack([
    frame('syscall', LIBC, None, 'syscall.S', 38),
    frame('futex_wait', APP, STD + '/std/src/sys/pal/unix', 'futex.rs', 73),
    frame('tokio::runtime::park::Inner::park', APP,
          REG + '/tokio-1.24.2/src/runtime', 'park.rs', 117),
    frame('tokio::runtime::scheduler::multi_thread::worker::run', APP,
          REG + '/tokio-1.24.2/src/runtime/scheduler/multi_thread',
          'worker.rs', 400)])
SPAWN_STACK = stack([
    MALLOC,
    frame('tokio::runtime::task::core::Cell<T,S>::new', APP,
          REG + '/tokio-1.24.2/src/runtime/task', 'core.rs', 200),
    frame('tokio::task::spawn::spawn', APP,
          REG + '/tokio-1.24.2/src/task', 'spawn.rs', 166),
    frame('app::spawn_b', APP, '/src/app/src', 'app.rs', 60),
    frame('app::main', APP, '/src/app/src', 'app.rs', 90)])
RAYON_STACK = stack([
    MALLOC,
    frame('rayon_core::job::HeapJob<BODY>::new', APP,
          REG + '/rayon-core-1.10.1/src', 'job.rs', 150),
    frame('app::crunch', APP, '/src/app/src', 'app.rs', 48),
    frame('app::main', APP, '/src/app/src', 'app.rs', 91)])

CLASSES = ('lock', 'condition', 'join', 'sleep', 'other')


def futex(waits=0, us=0, idle_w=0, idle_u=0, lock_w=0, lock_u=0):
    s = ('<futex waits="%d" woken="%d" eagain="0" timeouts="0" eintr="0" '
         'errors="0" pending="0" blocked-us="%d" max-us="%d" idle-waits="%d" '
         'idle-us="%d" wakes="0" woke="0"' %
         (waits, waits, us, us, idle_w, idle_u))
    for c in CLASSES:
        w, u = (lock_w, lock_u) if c == 'lock' else (0, 0)
        s += ' %s-waits="%d" %s-us="%d"' % (c, w, c, u)
    return s + '/>'


def heap(allocs, frees, alloc_b, freed_b, live_k, live_b):
    return ('<heap allocs="%d" frees="%d" bytes-allocated="%d" '
            'bytes-freed="%d" live-blocks="%d" live-bytes="%d" '
            'peak-live="%d"/>' % (allocs, frees, alloc_b, freed_b, live_k,
                                  live_b, max(live_b, alloc_b - freed_b)))


# The threads: (seq, role, pool, heap figures, futex, insns)
n1, n2 = sum(p1), sum(p2)
w_waits, w_us = lock_waits + idle_waits, lock_us + idle_us
worker_fx = futex(w_waits, w_us, idle_waits, idle_us, lock_waits, lock_us)
threads = [
    (1, 'main', None, (1, 0, MAIN_BYTES, 0, 1, MAIN_BYTES), futex(), 500000),
    (2, 'rayon-worker', 1, (n1, 0, n1 * LEAK, 0, n1, n1 * LEAK), futex(),
     insns),
    (3, 'rayon-worker', 2, (n2, 0, n2 * LEAK, 0, n2, n2 * LEAK), futex(),
     insns),
    (4, 'tokio-worker', 1, (tasks, tasks, tasks * TASK_BYTES,
                            tasks * TASK_BYTES, 0, 0), worker_fx, 800000),
]
live_k = 1 + n1 + n2
live_b = MAIN_BYTES + (n1 + n2) * LEAK
allocs = 1 + n1 + n2 + tasks
alloc_b = live_b + tasks * TASK_BYTES

o = ['<?xml version="1.0" encoding="UTF-8"?>', '<asynctrace version="1">',
     '<run>', '  <tool name="asynctrace" version="0.1.0"/>',
     '  <valgrind version="3.19.0"/>',
     '  <command><exe>./app</exe></command>', '  <pid>4242</pid>',
     '  <ppid>4200</ppid>',
     '  <start-time epoch-ms="1796000000000">2026-11-30T01:33:20.000Z'
     '</start-time>',
     '  <duration-ms>%d</duration-ms>' % dur,
     '  <end how="exit" status="0"/>', '</run>',
     '<threads count="%d">' % len(threads)]
for seq, role, pool, h, fx, ins in threads:
    rp = ' role="%s"' % role + (' pool="%d" index="0"' % pool if pool else '')
    o.append('  <thread seq="%d" vg-tid="%d" os-tid="%d" creator="%d"%s '
             'start-ms="0" alive-at-exit="yes" insns="%d">' %
             (seq, seq, 4241 + seq, 0 if seq == 1 else 1, rp, ins))
    o.append('    <name since-ms="0">app</name>')
    o.append('    ' + heap(*h))
    o.append('    ' + fx)
    o.append('  </thread>')
o.append('</threads>')
o.append('<heap allocs="%d" frees="%d" bytes-allocated="%d" bytes-freed="%d" '
         'live-blocks="%d" live-bytes="%d" peak-bytes="%d" peak-blocks="%d" '
         'peak-ms="%d"/>' % (allocs, tasks, alloc_b, tasks * TASK_BYTES,
                             live_k, live_b, live_b + TASK_BYTES,
                             live_k + 1, dur // 2))

# The leaked records, each a live site and a loss record.
recs = [(2, 1, k, n) for k, n in enumerate(p1)] + \
       [(3, 2, k, n) for k, n in enumerate(p2)]
o.append('<live-at-exit blocks="%d" bytes="%d" sites="%d">' %
         (live_k, live_b, len(recs) + 1))
o.append('  <site thread="1" role="main" blocks="1" bytes="%d" '
         'kind="still-reachable">%s</site>' % (MAIN_BYTES, MAIN_STACK))
for seq, pool, k, n in recs:
    o.append('  <site thread="%d" role="rayon-worker" pool="%d" blocks="%d" '
             'bytes="%d" kind="definitely-lost">%s</site>' %
             (seq, pool, n, n * LEAK, leak_stack(k)))
o.append('</live-at-exit>')
o.append('<leaks check="full">')
o.append('  <total kind="definitely-lost" bytes="%d" blocks="%d"/>' %
         ((n1 + n2) * LEAK, n1 + n2))
o.append('  <total kind="indirectly-lost" bytes="0" blocks="0"/>')
o.append('  <total kind="possibly-lost" bytes="0" blocks="0"/>')
o.append('  <total kind="still-reachable" bytes="%d" blocks="1"/>' % MAIN_BYTES)
for pool, n in ((1, n1), (2, n2)):
    if n:
        o.append('  <by-role kind="definitely-lost" role="rayon-worker" '
                 'pool="%d" bytes="%d" blocks="%d"/>' % (pool, n * LEAK, n))
o.append('  <by-role kind="still-reachable" role="main" bytes="%d" '
         'blocks="1"/>' % MAIN_BYTES)
o.append('  <held-by holder="globals" bytes="%d" blocks="1"/>' % MAIN_BYTES)
o.append('  <loss-record kind="still-reachable" thread="1" role="main" '
         'bytes="%d" blocks="1">%s</loss-record>' % (MAIN_BYTES, MAIN_STACK))
for seq, pool, k, n in recs:
    o.append('  <loss-record kind="definitely-lost" thread="%d" '
             'role="rayon-worker" pool="%d" bytes="%d" blocks="%d" '
             'indirect-bytes="0" indirect-blocks="0">%s</loss-record>' %
             (seq, pool, n * LEAK, n, leak_stack(k)))
o.append('</leaks>')

o.append('<roles>')
for seq, role, pool, h, fx, ins in threads:
    rp = ' role="%s"' % role + (' pool="%d"' % pool if pool else '')
    o.append('  <role-summary%s threads="1" peak-alive="1" ended="0" '
             'alive-at-exit="1" churn="0" insns="%d" live-at-peak="%d">' %
             (rp, ins, h[5]))
    o.append('    ' + heap(*h))
    o.append('    ' + fx)
    o.append('  </role-summary>')
o.append('</roles>')

o.append('<futex-sites count="2">')
for cls, w, us, st in (('lock', lock_waits, lock_us, LOCK_STACK),
                       ('idle', idle_waits, idle_us, IDLE_STACK)):
    fx = futex(w, us, w if cls == 'idle' else 0, us if cls == 'idle' else 0,
               w if cls == 'lock' else 0, us if cls == 'lock' else 0)
    attrs = fx[len('<futex '):-2]
    o.append('  <site role="tokio-worker" pool="1" class="%s" ops="WAIT" '
             'private="yes" realtime="no" timed="0" %s>%s</site>' %
             (cls, attrs, st))
o.append('</futex-sites>')

o.append('<tasks attribution="yes" recognised="yes" spawned="%d" '
         'poll-entries="%d" unknown-polls="0" shown="0" rayon-jobs="%d" '
         'rayon-unknown="0">' % (tasks, tasks, jobs))
o.append('  <spawn-site id="1" kind="async" frame="3" '
         'future="app::spawn_b::{async_block_env#0}" spawned="%d" ended="%d" '
         'alive-at-exit="0" pending-at-exit="0" polls="%d" insns="%d" '
         'max-poll-insns="1000" allocs="%d" bytes-allocated="%d" '
         'peak-live="%d" live-blocks="0" live-bytes="0" lost-bytes="0" '
         'lost-blocks="0" blocking-waits="0" blocking-us="0">%s</spawn-site>' %
         (tasks, tasks, tasks, 1000 * tasks, tasks, tasks * TASK_BYTES,
          TASK_BYTES if tasks else 0, SPAWN_STACK))
o.append('  <spawn-site id="2" kind="rayon" frame="2" future="join" '
         'spawned="%d" ended="%d" alive-at-exit="0" pending-at-exit="0" '
         'polls="%d" insns="%d" max-poll-insns="1000" allocs="0" '
         'bytes-allocated="0" peak-live="0" live-blocks="0" live-bytes="0" '
         'lost-bytes="0" lost-blocks="0" blocking-waits="0" blocking-us="0">'
         '%s</spawn-site>' % (jobs, jobs, jobs, 1000 * jobs, RAYON_STACK))
for seq, role, pool, h, fx, ins in threads:
    rp = ' role="%s"' % role + (' pool="%d"' % pool if pool else '')
    tok = role == 'tokio-worker'
    o.append('  <role-share%s allocs-in-tasks="%d" bytes-in-tasks="%d" '
             'allocs-outside="%d" bytes-outside="%d" insns-in-tasks="%d"/>' %
             (rp, h[0] if tok else 0, h[2] if tok else 0,
              0 if tok else h[0], 0 if tok else h[2],
              1000 * tasks if tok else 0))
o.append('</tasks>')
o.append('</asynctrace>')
print('\n'.join(o))
