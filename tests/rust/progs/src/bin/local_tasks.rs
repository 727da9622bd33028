//! `spawn_local` tasks on a `LocalSet`, for asynctrace's per-task
//! attribution: main `block_on`s a current_thread runtime running a
//! LocalSet, so every task runs on main.
//!   - `spawn_p` spawns 2 tasks with `tokio::task::spawn_local` (inside
//!     the LocalSet's `run_until`); each allocates and frees 600 bytes and
//!     leaks 1,212 (`leak_on_worker`); both complete;
//!   - `spawn_q` spawns 1 task with `LocalSet::spawn_local` (before
//!     `run_until`): it frees 800 bytes, leaks 2,424, then waits forever;
//!   - `spawn_t` spawns 1 task with `tokio::spawn`, for contrast: it
//!     frees 1,000 bytes and leaks 3,636.
//! Then it prints "ready" and waits forever: stop it with SIGINT.
//! Copyright (C) 2026 the asynctrace authors.  GPL-2.0-or-later.

use planted::{leak_on_worker, scrub_stack};
use std::io::Write;
use std::time::Duration;
use tokio::task::{JoinHandle, LocalSet};

const P_LEAK: usize = 1_212;
const Q_LEAK: usize = 2_424;
const T_LEAK: usize = 3_636;

#[inline(never)]
fn scratch(n: usize, tag: u8) -> u64 {
    let v = vec![tag; n];
    std::hint::black_box(&v);
    v[n - 1] as u64
}

async fn task_p() -> usize {
    let s = scratch(600, 1);
    let l = leak_on_worker(P_LEAK);
    scrub_stack();
    l + (s as usize & 0)
}

async fn task_q() -> usize {
    let s = scratch(800, 2);
    let l = leak_on_worker(Q_LEAK);
    scrub_stack();
    std::future::pending::<()>().await;
    l + (s as usize & 0)
}

async fn task_t() -> usize {
    let s = scratch(1_000, 3);
    let l = leak_on_worker(T_LEAK);
    scrub_stack();
    l + (s as usize & 0)
}

/// The spawn_* functions' futures are empty, so a bare `spawn(f())`
/// compiles to a tail jump into Tokio and the spawn_* frame is gone from
/// the cell's stack; touching the handle after the call keeps the frame.
#[inline(always)]
fn keep<T>(h: JoinHandle<T>) -> JoinHandle<T> {
    std::hint::black_box(&h);
    h
}

#[inline(never)]
fn spawn_p() -> JoinHandle<usize> {
    keep(tokio::task::spawn_local(task_p()))
}

#[inline(never)]
fn spawn_q(local: &LocalSet) -> JoinHandle<usize> {
    keep(local.spawn_local(task_q()))
}

#[inline(never)]
fn spawn_t() -> JoinHandle<usize> {
    keep(tokio::spawn(task_t()))
}

fn main() {
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("current_thread runtime");
    let local = LocalSet::new();
    let _q = spawn_q(&local);
    rt.block_on(local.run_until(async {
        let mut planted = 0;
        for _ in 0..2 {
            planted += spawn_p().await.expect("p");
        }
        planted += spawn_t().await.expect("t");
        // Let q's task run (it is queued on the LocalSet), then settle.
        tokio::time::sleep(Duration::from_millis(100)).await;
        scrub_stack();
        let mut out = std::io::stdout();
        writeln!(out, "local_tasks: planted {} bytes (+{} pending); ready", planted, Q_LEAK)
            .expect("stdout");
        out.flush().expect("stdout");
        std::future::pending::<()>().await;
    }));
}
