//! A 2-worker Tokio runtime whose `spawn_blocking` closure leaks 6,666 bytes
//! (`leak_on_blocking`) and calls into a 2-thread Rayon pool, where one
//! element leaks 5,555 bytes (`leak_on_rayon`).
//! Copyright (C) 2026 the asynctrace authors.  GPL-2.0-or-later.

use planted::{leak_on_blocking, par_churn_leaking, scrub_stack, settle};
use std::sync::Arc;
use std::time::Duration;

const BLOCKING_LEAK: usize = 6_666;
const RAYON_LEAK: usize = 5_555;

fn main() {
    let pool = Arc::new(
        rayon::ThreadPoolBuilder::new()
            .num_threads(2)
            .build()
            .expect("rayon pool"),
    );
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("tokio runtime");

    let p = pool.clone();
    let (sum, leaked) = rt.block_on(async move {
        tokio::task::spawn_blocking(move || {
            let outside = leak_on_blocking(BLOCKING_LEAK);
            scrub_stack();
            let (sum, inside) = p.install(|| {
                par_churn_leaking(1000, 8, 777, RAYON_LEAK)
            });
            (sum, outside + inside)
        })
        .await
        .expect("blocking task")
    });
    rt.shutdown_timeout(Duration::from_secs(10));
    settle(200);
    println!(
        "tokio_rayon: 2 workers, spawn_blocking into a 2-thread rayon pool; leaked {} bytes (checksum {:x})",
        leaked, sum
    );
}
