//! A Tokio runtime named "db-runtime" (2 workers) and a Rayon pool named
//! "crunch-N" (2 threads).  A task on a db-runtime worker leaks 7,777 bytes
//! (`leak_on_worker`), a closure on a crunch thread 8,888 (`leak_on_rayon`).
//! Copyright (C) 2026 the asynctrace authors.  GPL-2.0-or-later.

use planted::{churn, leak_on_worker, par_churn_leaking, scrub_stack, settle};
use std::time::Duration;

const WORKER_LEAK: usize = 7_777;
const RAYON_LEAK: usize = 8_888;

fn main() {
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .thread_name("db-runtime")
        .enable_all()
        .build()
        .expect("tokio runtime");
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(2)
        .thread_name(|i| format!("crunch-{}", i))
        .build()
        .expect("rayon pool");

    let (s1, l1) = rt.block_on(async {
        let a = tokio::spawn(async {
            let l = leak_on_worker(WORKER_LEAK);
            scrub_stack();
            (churn(7, 200), l)
        });
        let b = tokio::spawn(async { (churn(8, 200), 0) });
        let (a, b) = (a.await.expect("task"), b.await.expect("task"));
        (a.0.wrapping_add(b.0), a.1 + b.1)
    });
    let (s2, l2) = pool.install(|| {
        par_churn_leaking(500, 8, 250, RAYON_LEAK)
    });
    rt.shutdown_timeout(Duration::from_secs(10));
    settle(200);
    println!(
        "named_pools: db-runtime (2 workers) and crunch-N (2 threads); leaked {} bytes (checksum {:x})",
        l1 + l2,
        s1.wrapping_add(s2)
    );
}
