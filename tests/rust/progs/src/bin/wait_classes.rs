//! Futex waits of every class but "other", each a known number of times
//! (the counts are asynctrace's tests' figures):
//! - lock: main holds a `Mutex` while 2 threads block on it in
//!   `take_lock` (2 waits, in std's `lock_contended`);
//! - condition: main waits 4 times on a `Condvar` in `wait_signal`, which
//!   a thread notifies once main is asleep (4), and receives 2 messages
//!   from a channel in `receive`, sent once main is asleep (2);
//! - sleep: main calls `park_timeout` for 30 ms 2 times in `nap` (2);
//! - join: main joins 3 threads in `join_one`, each still sleeping (3);
//! - idle: a 1-thread Rayon pool that is never given work: its thread
//!   goes to sleep once and is still asleep at exit (1, pending).
//! The helper threads are detached and say they are done through a
//! counter: joining them could wait or not.  No two threads start or end
//! at once: Rust's std takes a global mutex of its own there (the stack
//! overflow handler's thread info), which would add lock waits.
//! Copyright (C) 2026 the asynctrace authors.  GPL-2.0-or-later.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering::SeqCst};
use std::sync::{mpsc, Arc, Condvar, Mutex};
use std::thread;
use std::time::Duration;

static WAITING: AtomicBool = AtomicBool::new(false);
static DONE: AtomicUsize = AtomicUsize::new(0);

fn ms(n: u64) {
    thread::sleep(Duration::from_millis(n));
}

/// Waits until `n` helpers are done, and gives the last time to end.
fn wait_for_done(n: usize) {
    while DONE.load(SeqCst) != n {
        ms(1);
    }
    ms(50);
}

/// Waits for main to say it is about to block, then gives it time to.
fn until_main_waits() {
    while !WAITING.load(SeqCst) {
        ms(1);
    }
    ms(50);
}

#[inline(never)]
fn take_lock(m: &Mutex<u32>) {
    *m.lock().unwrap() += 1;
}

#[inline(never)]
fn locks() {
    let m = Arc::new(Mutex::new(0u32));
    let held = m.lock().unwrap();
    for i in 0..2 {
        let m = m.clone();
        thread::spawn(move || {
            take_lock(&m);
            ms(100 * i); // the two end apart
            DONE.fetch_add(1, SeqCst);
        });
        ms(50);
    }
    ms(250);
    drop(held);
    wait_for_done(2);
}

#[inline(never)]
fn wait_signal(p: &(Mutex<bool>, Condvar)) {
    let mut ready = p.0.lock().unwrap();
    WAITING.store(true, SeqCst);
    while !*ready {
        ready = p.1.wait(ready).unwrap();
    }
    *ready = false;
}

#[inline(never)]
fn condvars() {
    let p = Arc::new((Mutex::new(false), Condvar::new()));
    let q = p.clone();
    thread::spawn(move || {
        for _ in 0..4 {
            until_main_waits();
            {
                let mut ready = q.0.lock().unwrap();
                WAITING.store(false, SeqCst);
                *ready = true;
            }
            // After the unlock: main wakes to a free mutex.
            q.1.notify_one();
        }
        DONE.fetch_add(1, SeqCst);
    });
    for _ in 0..4 {
        wait_signal(&p);
    }
    wait_for_done(3);
}

#[inline(never)]
fn receive(rx: &mpsc::Receiver<u32>) -> u32 {
    WAITING.store(true, SeqCst);
    rx.recv().unwrap()
}

#[inline(never)]
fn channel() {
    let (tx, rx) = mpsc::channel();
    thread::spawn(move || {
        for i in 0..2 {
            until_main_waits();
            WAITING.store(false, SeqCst);
            tx.send(i).unwrap();
        }
        DONE.fetch_add(1, SeqCst);
    });
    for _ in 0..2 {
        receive(&rx);
    }
    wait_for_done(4);
}

/// Returns the time after, so that the park is not a tail call (which
/// would leave `nap` out of the stack).
#[inline(never)]
fn nap() -> std::time::Instant {
    thread::park_timeout(Duration::from_millis(30));
    std::time::Instant::now()
}

#[inline(never)]
fn join_one() {
    thread::spawn(|| ms(200)).join().unwrap();
}

fn main() {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        .build()
        .expect("rayon pool");
    ms(100);
    locks();
    condvars();
    channel();
    for _ in 0..2 {
        nap();
    }
    for _ in 0..3 {
        join_one();
    }
    ms(300); // the pool's thread asleep by now
    println!("wait_classes: done");
    std::mem::forget(pool); // still asleep at exit
}
