//! Many leaks per role, as issue 8's report had them: a 4-worker Tokio
//! runtime whose tasks call into Rayon's global pool.  Main leaks 12,345
//! bytes once; 50 tasks each leak 777 bytes on a worker; a par_iter
//! inside one of the tasks leaks 333 bytes on 60 of its items, on Rayon
//! threads.  Lots of other allocation goes on around them.
//! Copyright (C) 2026 the asynctrace authors.  GPL-2.0-or-later.

use planted::{churn, leak_on_main, leak_on_rayon, leak_on_worker, scrub_stack, settle};
use rayon::prelude::*;
use std::time::Duration;

const MAIN_LEAK: usize = 12_345;
const WORKER_LEAK: usize = 777;
const WORKER_LEAKS: u64 = 50;
const RAYON_LEAK: usize = 333;
const RAYON_LEAKS: u64 = 60;

fn main() {
    let mut leaked = leak_on_main(MAIN_LEAK);
    scrub_stack();
    let rt = planted::runtime(4);
    let (sum, in_tasks) = rt.block_on(async {
        let mut handles = Vec::new();
        for i in 0..WORKER_LEAKS {
            handles.push(tokio::spawn(async move {
                let mut s = churn(i + 1, 300);
                let l = leak_on_worker(WORKER_LEAK);
                scrub_stack();
                tokio::task::yield_now().await;
                if i == 7 {
                    // Into Rayon's global pool, from a worker.
                    let (ps, pl) = (0..400u64)
                        .into_par_iter()
                        .map(|k| {
                            let c = churn(k, 64);
                            if k % 5 == 0 && k / 5 < RAYON_LEAKS {
                                let l = leak_on_rayon(RAYON_LEAK);
                                scrub_stack();
                                (c, l)
                            } else {
                                (c, 0)
                            }
                        })
                        .reduce(|| (0, 0), |a, b| (a.0.wrapping_add(b.0), a.1 + b.1));
                    s = s.wrapping_add(ps);
                    return (s, l + pl);
                }
                (s, l)
            }));
        }
        let mut sum = 0u64;
        let mut leaked = 0usize;
        for h in handles {
            let (s, l) = h.await.expect("task");
            sum = sum.wrapping_add(s);
            leaked += l;
        }
        (sum, leaked)
    });
    leaked += in_tasks;
    rt.shutdown_timeout(Duration::from_secs(10));
    settle(200);
    println!("many_leaks: leaked {} bytes (checksum {:x})", leaked, sum);
}
