//! Tasks on a current_thread runtime, for asynctrace's per-task
//! attribution: main `block_on`s a current_thread runtime whose tasks
//! all run on main itself.  `spawn_x` spawns 2 tasks that each leak 505
//! bytes; `spawn_y` spawns 1 that leaks 606.  All complete.
//! Copyright (C) 2026 the asynctrace authors.  GPL-2.0-or-later.

use planted::{leak_on_worker, scrub_stack};
use tokio::task::JoinHandle;

const X_LEAK: usize = 505;
const Y_LEAK: usize = 606;

async fn task_x() -> usize {
    let l = leak_on_worker(X_LEAK);
    scrub_stack();
    l
}

async fn task_y() -> usize {
    let l = leak_on_worker(Y_LEAK);
    scrub_stack();
    l
}

/// Keeps the spawn call from being a tail call: without a frame of the
/// function that spawned, a stack cannot name it as the spawn site.
#[inline(always)]
fn keep<T>(h: JoinHandle<T>) -> JoinHandle<T> {
    std::hint::black_box(&h);
    h
}

#[inline(never)]
fn spawn_x() -> JoinHandle<usize> {
    keep(tokio::spawn(task_x()))
}

#[inline(never)]
fn spawn_y() -> JoinHandle<usize> {
    keep(tokio::spawn(task_y()))
}

fn main() {
    let rt = tokio::runtime::Builder::new_current_thread()
        .build()
        .expect("current_thread runtime");
    let total = rt.block_on(async {
        let hs = vec![spawn_x(), spawn_x(), spawn_y()];
        let mut t = 0;
        for h in hs {
            t += h.await.expect("task");
        }
        t
    });
    drop(rt);
    scrub_stack();
    println!("task_current: leaked {} bytes", total);
}
