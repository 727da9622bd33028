//! Blocking syscalls inside async, for asynctrace's "blocking inside
//! async" (tests/rust_blocking_async.test): on a 2-worker runtime,
//! `spawn_sleeper`'s task calls `std::thread::sleep` for 80 ms (a
//! nanosleep in a poll), and `spawn_reader`'s reads one byte from a
//! blocking Unix socket that a std thread writes 150 ms after it
//! starts (a read that blocks the worker).  Both complete.
//! Copyright (C) 2026 the asynctrace authors.  GPL-2.0-or-later.

use std::io::{Read, Write};
use std::os::unix::net::UnixStream;
use std::time::Duration;
use tokio::task::JoinHandle;

/// Keeps the spawn call from being a tail call, so that the stack names
/// the spawning function.
#[inline(always)]
fn keep<T>(h: JoinHandle<T>) -> JoinHandle<T> {
    std::hint::black_box(&h);
    h
}

#[inline(never)]
fn nap_in_task() {
    std::thread::sleep(Duration::from_millis(80));
}

#[inline(never)]
fn read_in_task(mut s: UnixStream) -> u8 {
    let mut b = [0u8; 1];
    s.read_exact(&mut b).expect("read");
    b[0]
}

#[inline(never)]
fn spawn_sleeper() -> JoinHandle<u8> {
    keep(tokio::spawn(async {
        nap_in_task();
        1
    }))
}

#[inline(never)]
fn spawn_reader(s: UnixStream) -> JoinHandle<u8> {
    keep(tokio::spawn(async move { read_in_task(s) }))
}

fn main() {
    let (a, mut b) = UnixStream::pair().expect("socket pair");
    let writer = std::thread::spawn(move || {
        std::thread::sleep(Duration::from_millis(150));
        b.write_all(&[2]).expect("write");
    });
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .build()
        .expect("runtime");
    let sum = rt.block_on(async move {
        let hs = vec![spawn_sleeper(), spawn_reader(a)];
        let mut t = 0;
        for h in hs {
            t += h.await.expect("task");
        }
        t
    });
    writer.join().expect("writer");
    drop(rt);
    println!("blocking_async: {}", sum);
}
