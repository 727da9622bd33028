//! Tasks from several spawn sites, for asynctrace's per-task attribution:
//! a 4-worker Tokio runtime driven by main's `block_on`.
//!   - `spawn_a` spawns 3 tasks; each allocates and frees 500 bytes and
//!     leaks 1,001 (`leak_on_worker`);
//!   - `spawn_b` spawns 2 tasks; each frees 700 bytes and leaks 2,002;
//!   - `spawn_c` spawns 1 task that frees 900 bytes and leaks 3,003, and
//!     maps 65,536 bytes of anonymous memory it never unmaps;
//!   - `spawn_pending` spawns a task that never completes;
//!   - `spawn_locker` spawns a task that takes a std Mutex another thread
//!     holds (one futex wait: blocking inside async), and
//!     `spawn_blocking_locker` does the same inside `spawn_blocking`
//!     (not blocking inside async).
//! Then it prints "ready" and waits forever: stop it with SIGINT.
//! Copyright (C) 2026 the asynctrace authors.  GPL-2.0-or-later.

use planted::{leak_on_worker, scrub_stack};
use std::io::Write;
use std::sync::{mpsc, Arc, Mutex};
use std::time::Duration;
use tokio::task::JoinHandle;

const A_LEAK: usize = 1_001;
const B_LEAK: usize = 2_002;
const C_LEAK: usize = 3_003;

#[inline(never)]
fn scratch(n: usize, tag: u8) -> u64 {
    let v = vec![tag; n];
    std::hint::black_box(&v);
    v[n - 1] as u64
}

async fn task_a() -> usize {
    let s = scratch(500, 1);
    let l = leak_on_worker(A_LEAK);
    scrub_stack();
    l + (s as usize & 0)
}

async fn task_b() -> usize {
    let s = scratch(700, 2);
    let l = leak_on_worker(B_LEAK);
    scrub_stack();
    l + (s as usize & 0)
}

extern "C" {
    fn mmap(addr: *mut u8, len: usize, prot: i32, flags: i32, fd: i32, off: i64) -> *mut u8;
}

/// 64 KiB of anonymous memory, mapped by the task and kept.
#[inline(never)]
fn map_64k() -> usize {
    const PROT_READ_WRITE: i32 = 0x1 | 0x2;
    const MAP_PRIVATE_ANONYMOUS: i32 = 0x02 | 0x20;
    let p = unsafe { mmap(std::ptr::null_mut(), 65_536, PROT_READ_WRITE, MAP_PRIVATE_ANONYMOUS, -1, 0) };
    std::hint::black_box(p) as usize & 0
}

async fn task_c() -> usize {
    let m = map_64k();
    let s = scratch(900, 3) + m as u64;
    let l = leak_on_worker(C_LEAK);
    scrub_stack();
    l + (s as usize & 0)
}

/// Keeps the spawn call from being a tail call: without a frame of the
/// function that spawned, a stack cannot name it as the spawn site.
#[inline(always)]
fn keep<T>(h: JoinHandle<T>) -> JoinHandle<T> {
    std::hint::black_box(&h);
    h
}

#[inline(never)]
fn spawn_a() -> JoinHandle<usize> {
    keep(tokio::spawn(task_a()))
}

#[inline(never)]
fn spawn_b() -> JoinHandle<usize> {
    keep(tokio::spawn(task_b()))
}

#[inline(never)]
fn spawn_c() -> JoinHandle<usize> {
    keep(tokio::spawn(task_c()))
}

#[inline(never)]
fn spawn_pending() -> JoinHandle<()> {
    keep(tokio::spawn(async { std::future::pending::<()>().await }))
}

#[inline(never)]
fn spawn_locker(m: Arc<Mutex<u64>>) -> JoinHandle<u64> {
    keep(tokio::spawn(async move { *m.lock().expect("lock") + 1 }))
}

#[inline(never)]
fn spawn_blocking_locker(m: Arc<Mutex<u64>>) -> JoinHandle<u64> {
    keep(tokio::task::spawn_blocking(move || *m.lock().expect("lock") + 1))
}

/// Holds m on another thread for a while; returns once it is held.
fn hold(m: &Arc<Mutex<u64>>, ms: u64) -> std::thread::JoinHandle<()> {
    let (tx, rx) = mpsc::channel();
    let m = m.clone();
    let h = std::thread::spawn(move || {
        let g = m.lock().expect("lock");
        tx.send(()).expect("send");
        std::thread::sleep(Duration::from_millis(ms));
        drop(g);
    });
    rx.recv().expect("recv");
    h
}

fn main() {
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(4)
        .enable_all()
        .build()
        .expect("tokio runtime");
    rt.block_on(async {
        let mut planted = 0;
        for _ in 0..3 {
            planted += spawn_a().await.expect("a");
        }
        for _ in 0..2 {
            planted += spawn_b().await.expect("b");
        }
        planted += spawn_c().await.expect("c");
        scrub_stack();
        let _pending = spawn_pending();

        let m = Arc::new(Mutex::new(1u64));
        let h = hold(&m, 300);
        let x = spawn_locker(m.clone()).await.expect("locker");
        h.join().expect("holder");
        let h = hold(&m, 300);
        let y = spawn_blocking_locker(m.clone()).await.expect("blocking locker");
        h.join().expect("holder");

        // Let the workers go idle, so no register keeps a leaked address.
        tokio::time::sleep(Duration::from_millis(100)).await;
        let mut out = std::io::stdout();
        writeln!(out, "task_sites: planted {} bytes ({}); ready", planted, x + y).expect("stdout");
        out.flush().expect("stdout");
        std::future::pending::<()>().await;
    });
}
