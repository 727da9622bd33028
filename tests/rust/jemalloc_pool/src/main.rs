//! `tokio_pool` with jemalloc as the global allocator, as production
//! programs do with tikv-jemallocator: the same program and planted leaks
//! (3,333 bytes on main, 1,111 on a worker, 2,222 on a blocking thread), but
//! every Rust allocation goes through jemalloc's `mallocx`/`sdallocx`/
//! `rallocx`, statically linked with the `_rjem_` prefix, which Valgrind's
//! malloc replacement does not see.
//! Copyright (C) 2026 the asynctrace authors.  GPL-2.0-or-later.

use jemalloc_sys::{mallocx, rallocx, sdallocx, MALLOCX_ZERO};
use std::alloc::{GlobalAlloc, Layout};
use std::os::raw::{c_int, c_void};

/// What tikv-jemallocator does: the system allocator's alignment is 16.
const MAX_ALIGN: usize = 16;

/// `MALLOCX_LG_ALIGN(log2(align))` when the alignment is not implied.
fn flags(align: usize, size: usize) -> c_int {
    if align <= MAX_ALIGN && align <= size {
        0
    } else {
        align.trailing_zeros() as c_int
    }
}

struct Jemalloc;

unsafe impl GlobalAlloc for Jemalloc {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        mallocx(layout.size(), flags(layout.align(), layout.size())) as *mut u8
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        let f = flags(layout.align(), layout.size()) | MALLOCX_ZERO;
        mallocx(layout.size(), f) as *mut u8
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        sdallocx(ptr as *mut c_void, layout.size(), flags(layout.align(), layout.size()))
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let f = flags(layout.align(), new_size);
        rallocx(ptr as *mut c_void, new_size, f) as *mut u8
    }
}

#[global_allocator]
static GLOBAL: Jemalloc = Jemalloc;

fn main() {
    planted::tokio_pool::run("jemalloc_pool");
}
