//! A Tokio runtime, dropped, then a named Rayon pool on the same stacks.
//! A 4-worker runtime's tasks build and free nested request buffers (so
//! the workers' stacks fill with heap addresses); one task leaks 1,111
//! bytes (`leak_on_worker`).  A `spawn_blocking` closure leaks 1,313 bytes
//! (`leak_on_blocking`), then walks an index 12 levels deep and forgets the
//! 96-byte block of each level (`walk_index`, 1,152 bytes): unlike the
//! `leak_on_*` plants, nothing scrubs those addresses off its stack.  The
//! runtime is dropped (every thread joined), then a Rayon pool "render-N"
//! of 4 threads starts: glibc gives it the Tokio threads' cached stacks,
//! stale words included, which memcheck knows are undefined.  Its
//! `par_iter` allocates and frees buffers of the sizes the program leaks
//! next, and one item leaks 2,222 bytes (`leak_on_rayon`).  Last, main
//! leaks 3,434 bytes (`leak_on_main`) and lets the pool go idle before
//! exiting.  Lost per role: tokio-worker 1,111 (1 block), tokio-blocking
//! 2,465 (13), rayon-worker 2,222 (1), main 3,434 (1).
//! Copyright (C) 2026 the asynctrace authors.  GPL-2.0-or-later.

use std::mem::MaybeUninit;

use planted::{
    churn, leak_on_blocking, leak_on_main, leak_on_worker, par_churn_leaking, scrub_stack, settle,
};

const WORKER_LEAK: usize = 1_111;
const BLOCKING_LEAK: usize = 1_313;
const INDEX_DEPTH: usize = 12;
const INDEX_BLOCK: usize = 96;
const RAYON_LEAK: usize = 2_222;
const MAIN_LEAK: usize = 3_434;

/// A recursive parser's working set: one buffer of `len` bytes per level,
/// each alive (its address in this frame) while the levels below run.
#[inline(never)]
fn nested_buffers(depth: usize, len: usize) -> u64 {
    let mut buf = vec![depth as u8; len];
    let below = if depth > 0 { nested_buffers(depth - 1, len) } else { 0 };
    buf[len / 2] ^= below as u8;
    unsafe { core::arch::asm!("/* {0} */", in(reg) buf.as_ptr(), options(nostack, preserves_flags)) };
    buf.iter().fold(below, |a, &b| a.wrapping_mul(31).wrapping_add(b as u64))
}

/// Reads the header of an index block: the first 16 bytes of a 256-byte
/// buffer on the stack.
#[inline(never)]
fn read_header(block: &mut Vec<u8>, header: &mut MaybeUninit<[u8; 256]>) -> u8 {
    let h = header.as_mut_ptr() as *mut u8;
    for i in 0..16 {
        unsafe { h.add(i).write(block[i % block.len()]) };
    }
    block[0] = unsafe { *h.add(7) };
    block[0]
}

/// The blocking pool's bug: each level of the index walk reads its block
/// into a buffer and forgets it instead of caching it.  The buffer (its
/// `Vec`, handed on by reference) lives in this frame, so its address stays
/// on the thread's stack after the walk returns.  Returns the bytes lost.
#[inline(never)]
fn walk_index(depth: usize, block: usize) -> usize {
    let mut header = MaybeUninit::<[u8; 256]>::uninit();
    let mut buf = vec![depth as u8 + 1; block];
    let tag = read_header(&mut buf, &mut header);
    std::mem::forget(buf);
    let below = if depth > 1 { walk_index(depth - 1, block) } else { 0 };
    block + below + (tag == 0) as usize
}

fn main() {
    let rt = planted::runtime(4);
    let (s1, l1) = rt.block_on(async {
        let mut handles = Vec::new();
        for i in 0..12u64 {
            handles.push(tokio::spawn(async move {
                // Buffers of every size the program leaks, so the later
                // leaks may land where these were.
                let mut s = 0u64;
                for &len in &[WORKER_LEAK, RAYON_LEAK, MAIN_LEAK, 512, 4096] {
                    s = s.wrapping_add(nested_buffers(6 + (i as usize % 4), len));
                    tokio::task::yield_now().await;
                }
                let mut leaked = 0;
                if i == 5 {
                    leaked = leak_on_worker(WORKER_LEAK);
                    scrub_stack();
                }
                tokio::task::yield_now().await;
                (s.wrapping_add(churn(i + 1, 300)), leaked)
            }));
        }
        let mut sum = 0u64;
        let mut leaked = 0;
        for h in handles {
            let (s, l) = h.await.expect("task");
            sum = sum.wrapping_add(s);
            leaked += l;
        }
        let (s, l) = tokio::task::spawn_blocking(|| {
            let s = nested_buffers(8, RAYON_LEAK);
            let l = leak_on_blocking(BLOCKING_LEAK);
            scrub_stack();
            (s, l + walk_index(INDEX_DEPTH, INDEX_BLOCK))
        })
        .await
        .expect("blocking task");
        (sum.wrapping_add(s), leaked + l)
    });
    // Shuts the runtime down and joins its workers and blocking threads:
    // their stacks go to glibc's cache.
    drop(rt);

    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(4)
        .thread_name(|i| format!("render-{}", i))
        .build()
        .expect("rayon pool");
    let (s2, l2) = pool.install(|| {
        use rayon::prelude::*;
        let s: u64 = (0..64usize)
            .into_par_iter()
            .map(|i| nested_buffers(4, [RAYON_LEAK, MAIN_LEAK, 1024][i % 3]))
            .reduce(|| 0, |a, b| a.wrapping_add(b));
        let (t, l) = par_churn_leaking(2000, 16, 1234, RAYON_LEAK);
        (s.wrapping_add(t), l)
    });
    let l3 = leak_on_main(MAIN_LEAK);
    scrub_stack();
    settle(200);
    println!(
        "runtime_then_rayon: 4 workers then render-N (4 threads); leaked {} bytes (checksum {:x})",
        l1 + l2 + l3,
        s1.wrapping_add(s2)
    );
}
