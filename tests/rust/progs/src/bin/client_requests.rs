//! client_requests: asynctrace's client requests from Rust through
//! `planted::asynctrace` (inline assembly, no C).  A thread takes the role
//! "rs-worker" and keeps 5 blocks of 1,000 bytes (`keep_block`); main
//! marks the phase "warm-up done", takes snapshot "rs-1", keeps 3 more
//! blocks of 1,000 bytes on main, takes snapshot "rs-2" and prints
//! "under valgrind: N".  Natively every request is a no-op.
//!
//! Copyright (C) 2026 the asynctrace authors.  GPL-2.0-or-later.

use planted::asynctrace;
use std::alloc::{alloc, Layout};
use std::sync::Mutex;

static KEPT: Mutex<Vec<usize>> = Mutex::new(Vec::new());

#[inline(never)]
fn keep_block() {
    let p = unsafe { alloc(Layout::from_size_align(1000, 8).unwrap()) };
    KEPT.lock().unwrap().push(p as usize);
}

fn main() {
    KEPT.lock().unwrap().reserve(64);
    std::thread::spawn(|| {
        asynctrace::set_role("rs-worker");
        for _ in 0..5 {
            keep_block();
        }
    })
    .join()
    .unwrap();
    asynctrace::phase("warm-up done");
    asynctrace::snapshot("rs-1");
    for _ in 0..3 {
        keep_block();
    }
    asynctrace::snapshot("rs-2");
    println!("under valgrind: {}", asynctrace::running_on_valgrind());
}
