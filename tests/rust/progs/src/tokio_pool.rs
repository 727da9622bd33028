//! The `tokio_pool` program, shared with `jemalloc_pool` (same code, other
//! global allocator).
//!
//! Plants: 3,333 bytes on the main thread (`leak_on_main`), 1,111 bytes in
//! one task on a Tokio worker (`leak_on_worker`), 2,222 bytes in a
//! `spawn_blocking` closure (`leak_on_blocking`).  The runtime is shut down
//! (all its threads joined) before exit.
//!
//! Copyright (C) 2026 the asynctrace authors.  GPL-2.0-or-later.

use crate::{churn, leak_on_blocking, leak_on_main, leak_on_worker, scrub_stack};
use std::time::Duration;

pub const MAIN_LEAK: usize = 3_333;
pub const WORKER_LEAK: usize = 1_111;
pub const BLOCKING_LEAK: usize = 2_222;

/// Runs the program; `name` is printed in its summary line.
pub fn run(name: &str) {
    let mut leaked = leak_on_main(MAIN_LEAK);
    scrub_stack();

    let rt = crate::runtime(4);

    let (sum, in_tasks) = rt.block_on(async {
        let mut handles = Vec::new();
        for i in 0..8u64 {
            handles.push(tokio::spawn(async move {
                let mut s = churn(i + 1, 500);
                let mut leaked = 0;
                if i == 3 {
                    leaked = leak_on_worker(WORKER_LEAK);
                    scrub_stack();
                }
                tokio::task::yield_now().await;
                s = s.wrapping_add(churn(i + 11, 300));
                (s, leaked)
            }));
        }
        let mut sum = 0u64;
        let mut leaked = 0;
        for h in handles {
            let (s, l) = h.await.expect("task");
            sum = sum.wrapping_add(s);
            leaked += l;
        }
        let l = tokio::task::spawn_blocking(|| {
            let l = leak_on_blocking(BLOCKING_LEAK);
            scrub_stack();
            l
        })
        .await
        .expect("blocking task");
        (sum, leaked + l)
    });
    leaked += in_tasks;

    // Joins the workers and the blocking pool's threads.
    rt.shutdown_timeout(Duration::from_secs(10));
    println!(
        "{}: 4 workers, 8 tasks, 1 spawn_blocking; leaked {} bytes (checksum {:x})",
        name, leaked, sum
    );
}
