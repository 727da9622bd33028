//! `block_on` threads.  A std thread named "driver" drives a current-thread
//! runtime whose `block_on` future leaks 9,999 bytes (`leak_on_block_on`).
//! Then the main thread `block_on`s a multi-thread runtime's future (2
//! workers): the future itself leaks 10,101 bytes (`leak_on_block_on`) and
//! awaits a spawned task that leaks 12,121 bytes on a worker
//! (`leak_on_worker`).
//! Copyright (C) 2026 the asynctrace authors.  GPL-2.0-or-later.

use planted::{churn, leak_on_block_on, leak_on_worker, scrub_stack};
use std::time::Duration;

const DRIVER_LEAK: usize = 9_999;
const MAIN_BLOCK_ON_LEAK: usize = 10_101;
const WORKER_LEAK: usize = 12_121;

fn main() {
    let driver = std::thread::Builder::new()
        .name("driver".into())
        .spawn(|| {
            let rt = tokio::runtime::Builder::new_current_thread()
                .enable_all()
                .build()
                .expect("current-thread runtime");
            let r = rt.block_on(async {
                tokio::time::sleep(Duration::from_millis(1)).await;
                let l = leak_on_block_on(DRIVER_LEAK);
                scrub_stack();
                (churn(3, 100), l)
            });
            drop(rt);
            r
        })
        .expect("spawn driver");
    let (s1, l1) = driver.join().expect("driver thread");

    let rt = planted::runtime(2);
    let (s2, l2) = rt.block_on(async {
        let own = leak_on_block_on(MAIN_BLOCK_ON_LEAK);
        scrub_stack();
        let task = tokio::spawn(async {
            let l = leak_on_worker(WORKER_LEAK);
            scrub_stack();
            (churn(5, 100), l)
        });
        let (s, l) = task.await.expect("task");
        (s, own + l)
    });
    rt.shutdown_timeout(Duration::from_secs(10));
    println!(
        "block_on: driver thread (current-thread) and main (multi-thread); leaked {} bytes (checksum {:x})",
        l1 + l2,
        s1.wrapping_add(s2)
    );
}
