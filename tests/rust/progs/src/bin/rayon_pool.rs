//! A 4-thread Rayon pool (threads unnamed) runs a `par_iter` over 0..10000;
//! element 4321 leaks 4,444 bytes via `leak_on_rayon`.  The pool is never
//! joined (Rayon pools are not): the program lets it go idle, then exits.
//! Copyright (C) 2026 the asynctrace authors.  GPL-2.0-or-later.

use planted::{churn, leak_on_rayon, scrub_stack, settle};
use rayon::prelude::*;

const RAYON_LEAK: usize = 4_444;

fn main() {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(4)
        .build()
        .expect("rayon pool");
    let (sum, leaked) = pool.install(|| {
        (0..10_000u64)
            .into_par_iter()
            .map(|i| {
                let s = churn(i, 16);
                if i == 4321 {
                    let l = leak_on_rayon(RAYON_LEAK);
                    scrub_stack();
                    (s, l)
                } else {
                    (s, 0)
                }
            })
            .reduce(|| (0, 0), |a, b| (a.0.wrapping_add(b.0), a.1 + b.1))
    });
    settle(200);
    println!(
        "rayon_pool: 4 threads, 10000 items; leaked {} bytes (checksum {:x})",
        leaked, sum
    );
}
