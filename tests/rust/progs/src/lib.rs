//! Planted leaks for asynctrace's Rust tests.
//!
//! Each `leak_on_*` function allocates exactly `n` bytes and forgets them.
//! The tests assert which thread role owns which bytes, and find these
//! functions in the allocation stacks, so every one of them is
//! `#[inline(never)]` and keeps no copy of the pointer once it returns
//! (REFERENCE.md section 9): the pointer escapes into an empty `asm!` (so
//! the optimiser cannot drop the allocation), the scratch registers are
//! zeroed before returning, and callers scrub the dead stack below them
//! with `scrub_stack`.
//!
//! Copyright (C) 2026 the asynctrace authors.  GPL-2.0-or-later.

pub mod tokio_pool;

use std::time::Duration;

/// Allocates `n` bytes with the global allocator (`malloc(n)` with the
/// system allocator) and forgets them.  Always inlined into the named
/// `leak_on_*` function, which thus is the allocating frame.
/// `tag` differs per caller so that LLVM cannot merge the `leak_on_*`
/// functions into one symbol (rustc runs its function-merging pass).
#[inline(always)]
fn leak_bytes(n: usize, tag: u8) {
    let mut v = Vec::<u8>::with_capacity(n);
    let p = v.as_mut_ptr();
    std::mem::forget(v);
    // The pointer escapes here, so the allocation must happen; this is
    // its only use.
    unsafe {
        if n > 0 {
            std::ptr::write_volatile(p, tag);
        }
        core::arch::asm!("/* {0} {1} */", in(reg) p, in(reg) tag as usize,
                         options(nostack, preserves_flags));
    }
    clear_scratch_registers();
}

/// Zeroes the caller-saved registers (and the SSE registers), so no copy of
/// a just-leaked pointer survives the return.  Callee-saved registers are
/// restored by the epilogue to the caller's values.
#[inline(always)]
fn clear_scratch_registers() {
    #[cfg(target_arch = "x86_64")]
    unsafe {
        core::arch::asm!(
            "xor eax, eax", "xor ecx, ecx", "xor edx, edx", "xor esi, esi",
            "xor edi, edi", "xor r8d, r8d", "xor r9d, r9d", "xor r10d, r10d",
            "xor r11d, r11d",
            "xorps xmm0, xmm0", "xorps xmm1, xmm1", "xorps xmm2, xmm2",
            "xorps xmm3, xmm3", "xorps xmm4, xmm4", "xorps xmm5, xmm5",
            "xorps xmm6, xmm6", "xorps xmm7, xmm7",
            out("rax") _, out("rcx") _, out("rdx") _, out("rsi") _, out("rdi") _,
            out("r8") _, out("r9") _, out("r10") _, out("r11") _,
            out("xmm0") _, out("xmm1") _, out("xmm2") _, out("xmm3") _,
            out("xmm4") _, out("xmm5") _, out("xmm6") _, out("xmm7") _,
            options(nostack),
        );
    }
}

/// Overwrites a few KiB of dead stack below the caller, where a leak
/// function's frame (and any spilled pointer) just was.
#[inline(never)]
pub fn scrub_stack() {
    let mut buf = [0u8; 4096];
    for b in buf.iter_mut() {
        unsafe { std::ptr::write_volatile(b, 0) };
    }
    unsafe { core::arch::asm!("/* {0} */", in(reg) buf.as_ptr(), options(nostack, preserves_flags)) };
    clear_scratch_registers();
}

/// Leaks `n` bytes from the main thread (outside any runtime).
#[inline(never)]
pub fn leak_on_main(n: usize) -> usize {
    leak_bytes(n, 1);
    n
}

/// Leaks `n` bytes from a task running on a Tokio worker thread.
#[inline(never)]
pub fn leak_on_worker(n: usize) -> usize {
    leak_bytes(n, 2);
    n
}

/// Leaks `n` bytes from a `spawn_blocking` closure (Tokio blocking pool).
#[inline(never)]
pub fn leak_on_blocking(n: usize) -> usize {
    leak_bytes(n, 3);
    n
}

/// Leaks `n` bytes from a closure running on a Rayon pool thread.
#[inline(never)]
pub fn leak_on_rayon(n: usize) -> usize {
    leak_bytes(n, 4);
    n
}

/// Leaks `n` bytes from a future driven by `Runtime::block_on`.
#[inline(never)]
pub fn leak_on_block_on(n: usize) -> usize {
    leak_bytes(n, 5);
    n
}

/// Some allocation that is freed again: a vector of `len` words, summed.
#[inline(never)]
pub fn churn(seed: u64, len: usize) -> u64 {
    let v: Vec<u64> = (0..len as u64).map(|i| i.wrapping_mul(seed) ^ (i >> 3)).collect();
    let s = format!("{}:{}", seed, v.len());
    v.iter().fold(s.len() as u64, |a, &x| a.wrapping_add(x))
}

/// A multi-thread Tokio runtime of `workers` workers, timers and I/O on.
pub fn runtime(workers: usize) -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_multi_thread()
        .worker_threads(workers)
        .enable_all()
        .build()
        .expect("tokio runtime")
}

/// Lets pool threads finish spinning and park before the process exits, so
/// none of them holds a stale pointer in a register at the leak check.
pub fn settle(ms: u64) {
    std::thread::sleep(Duration::from_millis(ms));
}

/// Sums `churn(i, len)` over `0..n` in parallel on the current Rayon pool,
/// and on item `leak_at` (on a Rayon worker) leaks `leak` bytes with
/// `leak_on_rayon`.  Returns the sum and the bytes leaked.
pub fn par_churn_leaking(n: u64, len: usize, leak_at: u64, leak: usize) -> (u64, usize) {
    use rayon::prelude::*;
    (0..n)
        .into_par_iter()
        .map(|i| {
            let s = churn(i, len);
            if i == leak_at {
                let l = leak_on_rayon(leak);
                scrub_stack();
                (s, l)
            } else {
                (s, 0)
            }
        })
        .reduce(|| (0, 0), |a, b| (a.0.wrapping_add(b.0), a.1 + b.1))
}

// Last, so that the line numbers above (which tests check) stay put.
pub mod asynctrace;
