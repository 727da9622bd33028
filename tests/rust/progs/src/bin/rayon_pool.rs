//! A 4-thread Rayon pool (threads unnamed) runs a `par_iter` over 0..10000;
//! element 4321 leaks 4,444 bytes via `leak_on_rayon`.  The pool is never
//! joined (Rayon pools are not): the program lets it go idle, then exits.
//! Copyright (C) 2026 the asynctrace authors.  GPL-2.0-or-later.

use planted::{par_churn_leaking, settle};

const RAYON_LEAK: usize = 4_444;

fn main() {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(4)
        .build()
        .expect("rayon pool");
    let (sum, leaked) = pool.install(|| {
        par_churn_leaking(10_000, 16, 4321, RAYON_LEAK)
    });
    settle(200);
    println!(
        "rayon_pool: 4 threads, 10000 items; leaked {} bytes (checksum {:x})",
        leaked, sum
    );
}
