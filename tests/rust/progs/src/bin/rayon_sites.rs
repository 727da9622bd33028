//! Rayon submit sites, for asynctrace's per-site attribution of Rayon
//! work: a 4-thread global pool; main submits work from five places,
//! each leaking a distinct, exact amount on the pool's threads:
//! - `par_a`: a `par_iter` over 0..1000, items 7, 107, .. 907 leak 111
//!   bytes each (10 blocks, 1,110 bytes), the others spin a little
//!   (allocating nothing) so that the other threads steal work;
//! - `par_b`: a `par_iter` over 0..700, items 3, 103, .. 603 leak 222 each
//!   (7 blocks, 1,554 bytes), the others spin;
//! - `join_ab`: a `rayon::join` whose sides leak 303 and 404 (2 blocks,
//!   707 bytes);
//! - `scope_spawns`: a `rayon::scope` whose body spawns from two places:
//!   `spawn_one` once (505 bytes) and `spawn_two` twice (2 x 606).
//! The scope's own body leaks nothing.  Then the pool goes idle and the
//! program exits.
//! Copyright (C) 2026 the asynctrace authors.  GPL-2.0-or-later.

use planted::{leak_on_rayon, scrub_stack, settle};
use rayon::prelude::*;

#[inline(never)]
fn leak_here(n: usize) -> usize {
    let l = leak_on_rayon(n);
    scrub_stack();
    l
}

/// Some work that allocates nothing, long enough (a few thousand
/// instructions an item) for the pool's other threads to steal.
#[inline(never)]
fn spin(i: u32) -> usize {
    let mut x = i as u64;
    for _ in 0..500 {
        x = std::hint::black_box(x.wrapping_mul(6364136223846793005).wrapping_add(1));
    }
    (x & 1) as usize
}

#[inline(never)]
fn par_a() -> usize {
    (0..1000u32)
        .into_par_iter()
        .map(|i| if i % 100 == 7 { leak_here(111) } else { spin(i) * 0 })
        .sum()
}

#[inline(never)]
fn par_b() -> usize {
    (0..700u32)
        .into_par_iter()
        .map(|i| if i % 100 == 3 { leak_here(222) } else { spin(i) * 0 })
        .sum()
}

#[inline(never)]
fn join_ab() -> usize {
    let (a, b) = rayon::join(|| leak_here(303), || leak_here(404));
    a + b
}

#[inline(never)]
fn spawn_one<'s>(s: &rayon::Scope<'s>) {
    s.spawn(|_| {
        leak_here(505);
    });
}

#[inline(never)]
fn spawn_two<'s>(s: &rayon::Scope<'s>) {
    s.spawn(|_| {
        leak_here(606);
    });
}

// (scrub_stack after the scope: a call there keeps this frame, which a
// tail call into Rayon would replace.)
#[inline(never)]
fn scope_spawns() {
    rayon::scope(|s| {
        spawn_one(s);
        spawn_two(s);
        spawn_two(s);
    });
    scrub_stack();
}

fn main() {
    rayon::ThreadPoolBuilder::new()
        .num_threads(4)
        .build_global()
        .expect("rayon pool");
    let a = par_a();
    let b = par_b();
    let j = join_ab();
    scope_spawns();
    scrub_stack();
    settle(300);
    println!("rayon_sites: leaked {} + {} + {} + {} bytes", a, b, j, 505 + 2 * 606);
}
