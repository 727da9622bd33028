//! Every way a multi-threaded Tokio program can end (issue 13), so that
//! the tests can check that each leaves a complete report saying how it
//! ended.  Whatever the mode, the program first builds a 2-worker runtime,
//! plants 1,313 bytes definitely lost on a worker (`leak_on_worker`) and
//! 2,424 on a blocking thread (`leak_on_blocking`), keeps a 777-byte
//! buffer on a "keeper" std thread that then waits on a condition
//! variable forever, and prints "ready".  Then, by mode:
//!   exit         main returns 0 with the workers parked and the keeper
//!                blocked;
//!   thread-exit  a std thread calls exit(3) while main is in join;
//!   wait         waits for a signal from outside (SIGINT, SIGTERM);
//!   segv         a worker task reads address 0 (SIGSEGV);
//!   abort        a worker task aborts, as a panic with panic = "abort";
//!   handler      its own SIGINT handler (as tokio's ctrl_c) sets a flag,
//!                main sees it, drops the runtime and returns 0;
//!   exit-blocked main calls exit(5) while the workers and the keeper are
//!                blocked in futex waits;
//!   serve        allocates 100 bytes a millisecond on a worker forever
//!                (for SIGKILL after snapshots);
//!   spawn        runs itself in mode exit as a child process
//!                (std::process::Command, from a blocking thread), waits
//!                for it and returns 0.
//! Copyright (C) 2026 the asynctrace authors.  GPL-2.0-or-later.

use planted::{leak_on_blocking, leak_on_worker, scrub_stack};
use std::io::Write;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Condvar, Mutex};
use std::time::Duration;

const WORKER_LEAK: usize = 1_313;
const BLOCKING_LEAK: usize = 2_424;
const KEPT: usize = 777;

static STOP: AtomicBool = AtomicBool::new(false);

extern "C" {
    fn signal(signum: i32, handler: usize) -> usize;
}

extern "C" fn on_sigint(_: i32) {
    STOP.store(true, Ordering::SeqCst);
}

/// A thread that keeps a buffer and waits forever on a condition variable.
fn keeper() {
    let pair = Arc::new((Mutex::new(false), Condvar::new()));
    let p = pair.clone();
    std::thread::Builder::new()
        .name("keeper".into())
        .spawn(move || {
            let kept = vec![7u8; KEPT];
            // Read through the pointer, so the buffer must exist.
            unsafe { std::ptr::read_volatile(kept.as_ptr()) };
            let (m, c) = &*p;
            let mut go = m.lock().unwrap();
            while !*go {
                go = c.wait(go).unwrap();
            }
            drop(kept);
        })
        .expect("keeper");
    // The pair stays alive with the keeper; main forgets its handle.
    std::mem::forget(pair);
}

fn ready(mode: &str) {
    let mut out = std::io::stdout();
    writeln!(out, "endings {}: ready", mode).expect("stdout");
    out.flush().expect("stdout");
}

fn main() {
    let mode = std::env::args().nth(1).unwrap_or_else(|| "exit".into());
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("runtime");
    rt.block_on(async {
        tokio::spawn(async {
            let l = leak_on_worker(WORKER_LEAK);
            scrub_stack();
            l
        })
        .await
        .expect("task");
        tokio::task::spawn_blocking(|| {
            let l = leak_on_blocking(BLOCKING_LEAK);
            scrub_stack();
            l
        })
        .await
        .expect("blocking");
    });
    keeper();
    std::thread::sleep(Duration::from_millis(50));

    match mode.as_str() {
        "exit" => {
            ready(&mode);
            // Workers parked, keeper blocked: main returns with them alive.
            std::mem::forget(rt);
        }
        "thread-exit" => {
            let t = std::thread::spawn(|| {
                std::thread::sleep(Duration::from_millis(100));
                std::process::exit(3);
            });
            ready(&mode);
            t.join().expect("join");
        }
        "wait" => {
            // The default actions, even when started from a shell that
            // ignores SIGINT in its background jobs (and so in this one).
            unsafe {
                signal(2, 0);
                signal(15, 0);
            }
            ready(&mode);
            loop {
                std::thread::sleep(Duration::from_secs(3600));
            }
        }
        "segv" => {
            ready(&mode);
            rt.block_on(async {
                tokio::spawn(async {
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    unsafe { std::ptr::read_volatile(std::ptr::null::<u8>()) }
                })
                .await
                .ok();
            });
        }
        "abort" => {
            ready(&mode);
            rt.block_on(async {
                tokio::spawn(async {
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    std::process::abort();
                })
                .await
                .ok();
            });
        }
        "handler" => {
            unsafe { signal(2, on_sigint as extern "C" fn(i32) as usize) };
            ready(&mode);
            rt.block_on(async {
                while !STOP.load(Ordering::SeqCst) {
                    tokio::time::sleep(Duration::from_millis(10)).await;
                }
            });
            drop(rt);
        }
        "exit-blocked" => {
            ready(&mode);
            std::thread::sleep(Duration::from_millis(100));
            std::process::exit(5);
        }
        "serve" => {
            ready(&mode);
            rt.block_on(async {
                tokio::spawn(async {
                    let mut held = Vec::new();
                    loop {
                        held.push(vec![1u8; 100]);
                        tokio::time::sleep(Duration::from_millis(1)).await;
                    }
                })
                .await
                .ok();
            });
        }
        "spawn" => {
            ready(&mode);
            let status = rt.block_on(async {
                tokio::task::spawn_blocking(|| {
                    let me = std::env::current_exe().expect("current_exe");
                    std::process::Command::new(me).arg("exit").status()
                })
                .await
                .expect("blocking")
            });
            if !status.map(|s| s.success()).unwrap_or(false) {
                std::process::exit(1);
            }
        }
        _ => {
            eprintln!("endings: unknown mode {}", mode);
            std::process::exit(2);
        }
    }
}
