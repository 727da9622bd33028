//! task_grow: two spawn sites whose tasks live through 20 rounds, for
//! asynctrace's per-spawn-site snapshots and growth suspects.  A 2-worker
//! Tokio runtime driven by main's `block_on`:
//!   - `spawn_grower` spawns one task that reserves room for 64 kept
//!     buffers (64 x 16 = 1,024 bytes) and, each round, keeps one more
//!     buffer of 1,000 bytes: 1,024 + 1,000 x R bytes live in 1 + R blocks
//!     after round R;
//!   - `spawn_steady` spawns one task that holds one buffer of 5,000 bytes
//!     and, each round, replaces it with a new one: 5,000 bytes live in 1
//!     block all along.
//! Main sends each task a tick per round and waits for both answers (the
//! channels are made by main, outside the tasks), then takes snapshot
//! "round R" (ASYNCTRACE_SNAPSHOT).  After round 20 it prints "done".
//! Copyright (C) 2026 the asynctrace authors.  GPL-2.0-or-later.

use planted::asynctrace;
use tokio::sync::{mpsc, oneshot};
use tokio::task::JoinHandle;

const ROUNDS: usize = 20;

type Tick = oneshot::Sender<usize>;

#[inline(never)]
fn keep(kept: &mut Vec<Box<[u8]>>, n: usize) {
    kept.push(vec![7u8; n].into_boxed_slice());
}

async fn grower(mut rx: mpsc::UnboundedReceiver<Tick>) -> usize {
    let mut kept: Vec<Box<[u8]>> = Vec::with_capacity(64);
    while let Some(tick) = rx.recv().await {
        keep(&mut kept, 1_000);
        let _ = tick.send(kept.len());
    }
    kept.len()
}

#[inline(never)]
fn replace(buf: &mut Box<[u8]>) {
    *buf = vec![9u8; 5_000].into_boxed_slice();
}

async fn steady(mut rx: mpsc::UnboundedReceiver<Tick>) -> usize {
    let mut buf: Box<[u8]> = vec![9u8; 5_000].into_boxed_slice();
    while let Some(tick) = rx.recv().await {
        replace(&mut buf);
        let _ = tick.send(buf.len());
    }
    buf.len()
}

/// Keeps the spawn call from being a tail call: without a frame of the
/// function that spawned, a stack cannot name it as the spawn site.
#[inline(always)]
fn keep_frame<T>(h: JoinHandle<T>) -> JoinHandle<T> {
    std::hint::black_box(&h);
    h
}

#[inline(never)]
fn spawn_grower(rx: mpsc::UnboundedReceiver<Tick>) -> JoinHandle<usize> {
    keep_frame(tokio::spawn(grower(rx)))
}

#[inline(never)]
fn spawn_steady(rx: mpsc::UnboundedReceiver<Tick>) -> JoinHandle<usize> {
    keep_frame(tokio::spawn(steady(rx)))
}

fn main() {
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .build()
        .expect("tokio runtime");
    rt.block_on(async {
        let (gtx, grx) = mpsc::unbounded_channel::<Tick>();
        let (stx, srx) = mpsc::unbounded_channel::<Tick>();
        let g = spawn_grower(grx);
        let s = spawn_steady(srx);
        for round in 1..=ROUNDS {
            let (a, ra) = oneshot::channel();
            let (b, rb) = oneshot::channel();
            gtx.send(a).expect("grower");
            stx.send(b).expect("steady");
            let n = ra.await.expect("grower answer");
            let m = rb.await.expect("steady answer");
            assert_eq!((n, m), (round, 5_000));
            asynctrace::snapshot(&format!("round {}", round));
        }
        drop(gtx);
        drop(stx);
        let n = g.await.expect("grower");
        let m = s.await.expect("steady");
        println!("task_grow: {} kept, {} steady; done", n, m);
    });
}
