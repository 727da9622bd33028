//! parking_lot's locks and condvar, for asynctrace's wait classes: main
//! holds a `parking_lot::Mutex` while 2 threads block on it in
//! `take_pl_lock` (2 lock waits, in parking_lot's slow path; each thread
//! spins briefly first, then parks once), then waits 3 times on a
//! `parking_lot::Condvar` in `wait_pl_signal`, which a thread notifies
//! once main is parked (3 condition waits).  Threads start and end 150 ms
//! apart, so that std's own thread mutex adds no lock wait.
//! Copyright (C) 2026 the asynctrace authors.  GPL-2.0-or-later.

use parking_lot::{Condvar, Mutex};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering::SeqCst};
use std::sync::Arc;
use std::thread;
use std::time::Duration;

const STAGGER: u64 = 150;
static WAITING: AtomicBool = AtomicBool::new(false);
static DONE: AtomicUsize = AtomicUsize::new(0);

fn ms(n: u64) {
    thread::sleep(Duration::from_millis(n));
}

fn wait_for_done(n: usize) {
    while DONE.load(SeqCst) != n {
        ms(1);
    }
    ms(STAGGER);
}

#[inline(never)]
fn take_pl_lock(m: &Mutex<u32>) {
    *m.lock() += 1;
}

#[inline(never)]
fn wait_pl_signal(p: &(Mutex<bool>, Condvar)) {
    let mut ready = p.0.lock();
    WAITING.store(true, SeqCst);
    while !*ready {
        p.1.wait(&mut ready);
    }
    *ready = false;
}

fn main() {
    let m = Arc::new(Mutex::new(0u32));
    let held = m.lock();
    for i in 0..2 {
        let m = m.clone();
        thread::spawn(move || {
            take_pl_lock(&m);
            ms(2 * STAGGER * i);
            DONE.fetch_add(1, SeqCst);
        });
        ms(STAGGER);
    }
    ms(3 * STAGGER);
    drop(held);
    wait_for_done(2);

    let p = Arc::new((Mutex::new(false), Condvar::new()));
    let q = p.clone();
    thread::spawn(move || {
        for _ in 0..3 {
            while !WAITING.load(SeqCst) {
                ms(1);
            }
            ms(STAGGER);
            {
                let mut ready = q.0.lock();
                WAITING.store(false, SeqCst);
                *ready = true;
            }
            q.1.notify_one();
        }
        DONE.fetch_add(1, SeqCst);
    });
    for _ in 0..3 {
        wait_pl_signal(&p);
    }
    wait_for_done(3);
    println!("pl_waits: done, {}", *m.lock());
}
