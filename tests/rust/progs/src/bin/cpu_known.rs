//! Known work for the CPU profile (`--cpu-sample`): each of these
//! functions runs a fixed loop, with a body of its own so that the
//! compiler folds none of them into another, and is called from one
//! place: `spin_task` from the tasks of two spawn sites, 4 tasks each,
//! those of `spawn_light` on 250,000 turns and those of `spawn_heavy`
//! on 750,000 (1 : 3); `spin_blocking` from `spawn_blocking`;
//! `spin_rayon` from a `par_iter` of 64 items (60,000 turns each) on a
//! 2-thread pool;
//! `spin_main` on main.  callgrind counts each function exactly; the
//! profile must find the same within 1%.
//! Copyright (C) 2026 the asynctrace authors.  GPL-2.0-or-later.

use rayon::prelude::*;
use std::hint::black_box;
use std::time::Duration;

#[inline(never)]
fn spin_task(n: u64) -> u64 {
    let mut s = 1u64;
    for i in 0..black_box(n) {
        s = s.wrapping_mul(31).wrapping_add(i ^ 0x5a);
    }
    black_box(s)
}

#[inline(never)]
fn spin_blocking(n: u64) -> u64 {
    let mut s = 7u64;
    for i in 0..black_box(n) {
        s = s.rotate_left(5) ^ i.wrapping_mul(3);
    }
    black_box(s)
}

#[inline(never)]
fn spin_rayon(n: u64) -> u64 {
    let mut s = 3u64;
    for i in 0..black_box(n) {
        s = s.wrapping_add(i).wrapping_mul(0x9e37_79b9);
    }
    black_box(s)
}

#[inline(never)]
fn spin_main(n: u64) -> u64 {
    let mut s = 11u64;
    for i in 0..black_box(n) {
        s ^= s.wrapping_shl(7).wrapping_add(i | 1);
    }
    black_box(s)
}

#[inline(never)]
fn spawn_light() -> Vec<tokio::task::JoinHandle<u64>> {
    (0..4).map(|_| tokio::spawn(async { spin_task(250_000) })).collect()
}

#[inline(never)]
fn spawn_heavy() -> Vec<tokio::task::JoinHandle<u64>> {
    (0..4).map(|_| tokio::spawn(async { spin_task(750_000) })).collect()
}

fn main() {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(2)
        .build()
        .expect("rayon pool");
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("tokio runtime");
    let total = rt.block_on(async {
        let mut hs = spawn_light();
        hs.extend(spawn_heavy());
        let b = tokio::task::spawn_blocking(|| spin_blocking(1_000_000));
        let mut t = 0u64;
        for h in hs {
            t = t.wrapping_add(h.await.expect("task"));
        }
        t.wrapping_add(b.await.expect("blocking"))
    });
    let r: u64 = pool.install(|| {
        (0..64u64)
            .into_par_iter()
            .map(|_| spin_rayon(60_000))
            .reduce(|| 0, u64::wrapping_add)
    });
    let m = spin_main(1_500_000);
    rt.shutdown_timeout(Duration::from_secs(10));
    println!("cpu_known: {}", total.wrapping_add(r).wrapping_add(m) & 1);
}
