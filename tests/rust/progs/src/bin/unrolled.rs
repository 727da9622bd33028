//! Seven tasks spawned on one source line, by a loop of constant bound
//! that the compiler unrolls: the tool sees seven spawn sites (one per
//! copy of the loop's body, each its own code address), at_print one
//! site of seven tasks.  Each task leaks 707 bytes (`leak_on_worker`).
//! A 2-worker runtime driven by main's `block_on`.  (A task that waits
//! forever makes the future larger, and Debian's build then keeps the
//! loop: the tasks all complete.)
//! Copyright (C) 2026 the asynctrace authors.  GPL-2.0-or-later.

use planted::{leak_on_worker, scrub_stack};
use tokio::task::JoinHandle;

const LEAK: usize = 707;
const TASKS: usize = 7;

async fn leaky_task(i: usize) -> usize {
    let l = leak_on_worker(LEAK);
    scrub_stack();
    l + (i & 0)
}

/// Spawns the tasks.  The loop's bound is a constant: in a release
/// build its body is copied seven times (objdump shows seven calls to
/// Tokio's spawn in this function and no jump back).
#[inline(never)]
fn spawn_seven(hs: &mut [Option<JoinHandle<usize>>; TASKS]) {
    for (i, h) in hs.iter_mut().enumerate() {
        *h = Some(std::hint::black_box(tokio::spawn(leaky_task(i))));
    }
}

fn main() {
    let rt = planted::runtime(2);
    let total = rt.block_on(async {
        let mut hs: [Option<JoinHandle<usize>>; TASKS] = Default::default();
        spawn_seven(&mut hs);
        let mut t = 0;
        for h in hs.iter_mut() {
            t += h.take().expect("spawned").await.expect("task");
        }
        t
    });
    rt.shutdown_timeout(std::time::Duration::from_secs(10));
    scrub_stack();
    println!("unrolled: {} tasks leaked {} bytes", TASKS, total);
}
