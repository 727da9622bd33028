//! rayon_splits: Rayon work split a known number of times, whatever the
//! stealing (tests/rust_rayon_splits.test).  On Rayon's global pool of 4:
//! - `fine`: a par_iter over 64 items with at most one item a job
//!   (`with_max_len(1)`): the range is halved until each half holds one
//!   item, 63 splits;
//! - `tree`: a binary tree of `rayon::join`s 4 deep, 15 splits;
//! - with the argument `tiny`, only `tiny`: a par_iter over 4,096 items
//!   one a job, each a few instructions: 4,095 splits, and more of the
//!   pool's instructions go to splitting than to the work (too fine);
//! - `coarse`: a par_iter over 64 items with at least 64 a job
//!   (`with_min_len(64)`): never split, so never a job: the caller runs it.
//! Main then waits 300 ms: the workers return from their last jobs before
//! the exit (a job still running at the exit has not ended).
//!
//! Copyright (C) 2026 the asynctrace authors.  GPL-2.0-or-later.

use rayon::prelude::*;

#[inline(never)]
fn spin(i: u32) -> u64 {
    let mut x = i as u64;
    for _ in 0..2000 {
        x = std::hint::black_box(x.wrapping_mul(6364136223846793005).wrapping_add(1));
    }
    x & 1
}

#[inline(never)]
fn fine() -> u64 {
    (0..64u32).into_par_iter().with_max_len(1).map(spin).sum()
}

#[inline(never)]
fn tree(depth: u32) -> u64 {
    if depth == 0 {
        return spin(depth);
    }
    let (a, b) = rayon::join(|| tree(depth - 1), || tree(depth - 1));
    a + b
}

#[inline(never)]
fn tiny() -> u64 {
    (0..4096u32).into_par_iter().with_max_len(1).map(|i| (i & 1) as u64).sum()
}

#[inline(never)]
fn coarse() -> u64 {
    (0..64u32).into_par_iter().with_min_len(64).map(spin).sum()
}

fn main() {
    rayon::ThreadPoolBuilder::new()
        .num_threads(4)
        .build_global()
        .expect("rayon pool");
    if std::env::args().nth(1).as_deref() == Some("tiny") {
        let s = tiny();
        planted::settle(300);
        println!("rayon_splits: {}", s);
        return;
    }
    let f = fine();
    let t = tree(4);
    let c = coarse();
    planted::settle(300);
    println!("rayon_splits: {} {} {}", f, t, c);
}
