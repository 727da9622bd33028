//! churn THREADS K: the Rust workload of bench/run-bench.sh.  A Tokio
//! runtime of THREADS workers runs 8 tasks per worker that together make
//! about THREADS * K heap allocations (boxes, vectors, strings in a
//! sliding window, so blocks live a while and move between workers),
//! then a Rayon pool of THREADS threads sorts 1,000,000 numbers.  Prints
//! a checksum that depends only on THREADS and K.
//!
//! Copyright (C) 2026 the asynctrace authors.  GPL-2.0-or-later.

use rayon::prelude::*;

fn next(x: &mut u64) -> u64 {
    // xorshift64*: the same sequence on every run.
    *x ^= *x >> 12;
    *x ^= *x << 25;
    *x ^= *x >> 27;
    x.wrapping_mul(0x2545_F491_4F6C_DD1D)
}

async fn task(seed: u64, allocs: u64) -> u64 {
    let mut rng = seed | 1;
    let mut window: Vec<Vec<u8>> = Vec::with_capacity(64);
    let mut sum = 0u64;
    for i in 0..allocs {
        let r = next(&mut rng);
        let v = match r % 3 {
            0 => vec![(r & 0xff) as u8; 8 + (r % 120) as usize],
            1 => format!("item-{}", r % 100_000).into_bytes(),
            _ => {
                let b = Box::new([(r & 0x7f) as u8; 32]);
                vec![b[31]; 16]
            }
        };
        sum = sum.wrapping_add(v.len() as u64 + v[0] as u64);
        if window.len() == 64 {
            window.swap_remove((r % 64) as usize);
        }
        window.push(v);
        if i % 1024 == 0 {
            tokio::task::yield_now().await;
        }
    }
    sum
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let threads: usize = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(4);
    let k: u64 = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(250_000);
    let tasks = threads as u64 * 8;

    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(threads)
        .build()
        .expect("tokio runtime");
    let sum = rt.block_on(async move {
        let handles: Vec<_> = (0..tasks)
            .map(|t| tokio::spawn(task(t * 7919 + 1, k / 8)))
            .collect();
        let mut sum = 0u64;
        for h in handles {
            sum = sum.wrapping_add(h.await.expect("task"));
        }
        sum
    });
    drop(rt);

    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .expect("rayon pool");
    let mut rng = 42u64;
    let mut numbers: Vec<u64> = (0..1_000_000).map(|_| next(&mut rng)).collect();
    pool.install(|| numbers.par_sort_unstable());
    let sorted = numbers.windows(2).all(|w| w[0] <= w[1]);
    println!(
        "churn: {} tasks, {} allocations each; checksum {:x}, sorted {}",
        tasks,
        k / 8,
        sum ^ numbers[500_000],
        sorted
    );
}
