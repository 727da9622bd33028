//! A small "service" to try asynctrace on (the README's example).
//!
//! - A Tokio runtime with 4 workers serves 200 requests in 10 waves.  Each
//!   request allocates a request and a response buffer and frees them,
//!   except that every 10th response is kept in a cache for good (by
//!   design) and a few scratch buffers are forgotten (a bug: real leaks).
//! - Every request updates shared statistics under one Mutex, so the
//!   workers contend for it.
//! - Each wave ends with a "disk write" on Tokio's blocking pool.
//! - At the end, a 4-thread Rayon pool sorts 300,000 numbers.
//!
//! Copyright (C) 2026 the asynctrace authors.  GPL-2.0-or-later.

use rayon::prelude::*;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

const WAVES: u64 = 10;
const REQUESTS_PER_WAVE: u64 = 20;
const SORTED: usize = 300_000;

/// Responses kept for the life of the process (still reachable at exit).
static CACHE: Mutex<Vec<Vec<u8>>> = Mutex::new(Vec::new());

#[derive(Default)]
struct Stats {
    served: u64,
    bytes_out: usize,
    checksum: u64,
    forgotten: usize,
}

/// The bug: a scratch buffer nobody frees.
#[inline(never)]
fn forget_scratch(id: u64, len: usize) -> usize {
    let scratch: &'static mut [u8] = Box::leak(vec![0u8; len].into_boxed_slice());
    // Stands for real work on the buffer (volatile, so that the optimiser
    // cannot drop the allocation).
    unsafe { std::ptr::write_volatile(&mut scratch[0], id as u8) };
    scratch.len()
}

/// Serves one request; returns the response length.
#[inline(never)]
fn handle_request(id: u64, stats: &Mutex<Stats>) -> usize {
    let request = vec![(id % 251) as u8; 2048];
    let mut response = Vec::with_capacity(4096);
    response.extend_from_slice(b"HTTP/1.1 200 OK\r\n\r\n");
    response.extend(request.iter().map(|b| b.wrapping_mul(3)));

    if id % 10 == 0 {
        CACHE.lock().unwrap().push(response.clone());
    }
    let forgotten = if id % 50 == 7 { forget_scratch(id, 1000) } else { 0 };

    // Everyone updates the same statistics, and takes its time doing it.
    let mut s = stats.lock().unwrap();
    s.served += 1;
    s.bytes_out += response.len();
    s.forgotten += forgotten;
    for b in &response {
        s.checksum = s.checksum.wrapping_add(*b as u64 * (id + 1));
    }
    response.len()
}

/// A "disk write": runs on Tokio's blocking pool.
fn write_log_segment(wave: u64) -> usize {
    let segment = vec![wave as u8; 64 * 1024];
    std::thread::sleep(Duration::from_millis(20));
    segment.len()
}

/// Sorts numbers on a Rayon pool; returns the smallest.
fn crunch(pool: &rayon::ThreadPool) -> u64 {
    let mut numbers: Vec<u64> = (0..SORTED as u64)
        .map(|i| i.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 16)
        .collect();
    pool.install(|| numbers.par_sort_unstable());
    numbers[0]
}

fn main() {
    let start = Instant::now();
    let rt = planted::runtime(4);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(4)
        .build()
        .expect("rayon pool");
    let stats = Arc::new(Mutex::new(Stats::default()));

    let written = rt.block_on(async {
        let mut written = 0;
        for wave in 0..WAVES {
            let mut requests = Vec::new();
            for n in 0..REQUESTS_PER_WAVE {
                let id = wave * REQUESTS_PER_WAVE + n;
                let stats = stats.clone();
                requests.push(tokio::spawn(async move {
                    // Network latency.
                    tokio::time::sleep(Duration::from_millis(id % 7)).await;
                    handle_request(id, &stats)
                }));
            }
            for r in requests {
                r.await.expect("request");
            }
            written += tokio::task::spawn_blocking(move || write_log_segment(wave))
                .await
                .expect("disk write");
            tokio::time::sleep(Duration::from_millis(80)).await;
        }
        written
    });
    rt.shutdown_timeout(Duration::from_secs(10));

    let smallest = crunch(&pool);
    // Let the Rayon threads go idle before exiting.
    std::thread::sleep(Duration::from_millis(100));

    let s = stats.lock().unwrap();
    println!(
        "demo: served {} requests ({} bytes, {} cached, {} bytes forgotten), \
         wrote {} KiB, sorted {} numbers (min {}), checksum {:x}",
        s.served,
        s.bytes_out,
        CACHE.lock().unwrap().len(),
        s.forgotten,
        written / 1024,
        SORTED,
        smallest,
        s.checksum
    );
    eprintln!("demo: took {:.1} s", start.elapsed().as_secs_f64());
}
