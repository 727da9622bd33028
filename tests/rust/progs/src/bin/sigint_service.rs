//! A service that runs until it is stopped (Ctrl-C, SIGINT): a 4-worker
//! Tokio runtime driven by main's `block_on`, with session tasks that keep
//! buffers across awaits, a `spawn_blocking` "log writer" loop and a
//! `spawn_blocking` loop feeding `par_iter` batches to a 3-thread Rayon
//! pool "index-N".  While that runs it plants one leak per role, each a
//! distinct size: 1,919 bytes on main before the runtime (`leak_on_main`),
//! 5,959 in the `block_on` future (`leak_on_block_on`), 2,929 in a task on
//! a worker (`leak_on_worker`), 3,939 in a `spawn_blocking` closure
//! (`leak_on_blocking`) and 4,949 on a Rayon thread (`leak_on_rayon`).
//! Then it prints "ready" and serves forever.  Whatever the loops hold
//! when the signal comes is still reachable; only the planted leaks are
//! lost.
//! Copyright (C) 2026 the asynctrace authors.  GPL-2.0-or-later.

use planted::{
    churn, leak_on_block_on, leak_on_blocking, leak_on_main, leak_on_worker, par_churn_leaking,
    scrub_stack,
};
use std::io::Write;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Duration;

const MAIN_LEAK: usize = 1_919;
const WORKER_LEAK: usize = 2_929;
const BLOCKING_LEAK: usize = 3_939;
const RAYON_LEAK: usize = 4_949;
const BLOCK_ON_LEAK: usize = 5_959;

/// Requests served, batches indexed, log segments written.
static SERVED: AtomicU64 = AtomicU64::new(0);

/// A client session: reads a request, holds it while the "backend"
/// answers, replies, forever.
async fn session(id: u64) {
    let mut n = 0u64;
    loop {
        let request = vec![(id + n) as u8; 256 + (n % 7) as usize * 64];
        tokio::time::sleep(Duration::from_millis(1 + id % 3)).await;
        let mut response = Vec::with_capacity(request.len() + 32);
        response.extend_from_slice(b"OK ");
        response.extend(request.iter().map(|b| b.wrapping_add(1)));
        tokio::task::yield_now().await;
        SERVED.fetch_add(response.len() as u64 & 1, Ordering::Relaxed);
        n += 1;
    }
}

/// The blocking pool's "log writer": a segment buffer per write.
fn log_writer() {
    let mut n = 0u64;
    loop {
        let segment = vec![n as u8; 8 * 1024];
        std::thread::sleep(Duration::from_millis(3));
        SERVED.fetch_add(segment[0] as u64 & 1, Ordering::Relaxed);
        n += 1;
    }
}

/// Feeds the Rayon pool one batch after another.
fn indexer(pool: Arc<rayon::ThreadPool>) {
    use rayon::prelude::*;
    let mut n = 0u64;
    loop {
        let s: u64 = pool.install(|| {
            (0..64u64)
                .into_par_iter()
                .map(|i| churn(i + n, 32))
                .reduce(|| 0, |a, b| a.wrapping_add(b))
        });
        SERVED.fetch_add(s & 1, Ordering::Relaxed);
        std::thread::sleep(Duration::from_millis(1));
        n += 1;
    }
}

fn main() {
    let planted_main = leak_on_main(MAIN_LEAK);
    scrub_stack();

    let pool = Arc::new(
        rayon::ThreadPoolBuilder::new()
            .num_threads(3)
            .thread_name(|i| format!("index-{}", i))
            .build()
            .expect("rayon pool"),
    );
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(4)
        .enable_all()
        .build()
        .expect("tokio runtime");

    rt.block_on(async move {
        // The service, in flight from here on.
        for id in 0..6 {
            tokio::spawn(session(id));
        }
        tokio::task::spawn_blocking(log_writer);
        let p = pool.clone();
        tokio::task::spawn_blocking(move || indexer(p));

        // The planted leaks, one per role.
        let mut planted = planted_main + leak_on_block_on(BLOCK_ON_LEAK);
        scrub_stack();
        planted += tokio::spawn(async {
            let l = leak_on_worker(WORKER_LEAK);
            scrub_stack();
            l
        })
        .await
        .expect("task");
        planted += tokio::task::spawn_blocking(|| {
            let l = leak_on_blocking(BLOCKING_LEAK);
            scrub_stack();
            l
        })
        .await
        .expect("blocking task");
        let p = pool.clone();
        let (_, l) = tokio::task::spawn_blocking(move || {
            p.install(|| par_churn_leaking(300, 8, 150, RAYON_LEAK))
        })
        .await
        .expect("rayon batch");
        planted += l;

        let mut out = std::io::stdout();
        writeln!(out, "sigint_service: planted {} bytes; ready", planted).expect("stdout");
        out.flush().expect("stdout");
        std::future::pending::<()>().await;
    });
}
