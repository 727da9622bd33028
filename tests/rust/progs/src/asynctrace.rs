//! asynctrace's client requests from Rust, without a C compiler or the
//! `valgrind.h` header: the requests are Valgrind's "special instruction
//! sequence" written as inline assembly.  Outside Valgrind the sequence
//! does nothing (four rotations of `rdi` by 128 bits in all, then an
//! exchange of `rbx` with itself) and a request returns its default.
//!
//! Under Valgrind the core recognises the sequence: `rax` points to six
//! words (the request code and five arguments) and the answer comes back
//! in `rdx`.  Copy this file into a program to use it; only x86-64 Linux
//! is covered (other targets compile to no-ops).
//!
//! Copyright (C) 2026 the asynctrace authors.  Like asynctrace.h, this
//! file may be used under a BSD-style license by any program.

use std::ffi::CString;

/// `VG_USERREQ_TOOL_BASE('A', 'T')`: asynctrace's request codes start here,
/// in the order of asynctrace.h's enum.
const BASE: usize = (b'A' as usize) << 24 | (b'T' as usize) << 16;
pub const SET_ROLE: usize = BASE;
pub const SNAPSHOT: usize = BASE + 6;
pub const PHASE: usize = BASE + 7;

/// Valgrind's client request: returns `default` when not under Valgrind.
#[inline(always)]
pub fn client_request(default: usize, request: usize, args: [usize; 5]) -> usize {
    let block: [usize; 6] = [request, args[0], args[1], args[2], args[3], args[4]];
    #[cfg(target_arch = "x86_64")]
    {
        let result: usize;
        // SAFETY: the sequence leaves every register as it was (rdi is
        // rotated by 3 + 13 + 61 + 51 = 128 bits); the flags change, and
        // the core may read the block and the strings it points to.
        unsafe {
            core::arch::asm!(
                "rolq $3, %rdi",
                "rolq $13, %rdi",
                "rolq $61, %rdi",
                "rolq $51, %rdi",
                "xchgq %rbx, %rbx",
                inout("rdx") default => result,
                in("rax") block.as_ptr(),
                options(att_syntax, nostack),
            );
        }
        result
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        let _ = (request, block);
        default
    }
}

fn request_with_str(request: usize, s: &str) -> usize {
    // A string with a NUL inside is cut there.
    let c = CString::new(s.split('\0').next().unwrap_or("")).unwrap();
    client_request(0, request, [c.as_ptr() as usize, 0, 0, 0, 0])
}

/// `ASYNCTRACE_SET_ROLE(role)`: the calling thread's role from now on.
pub fn set_role(role: &str) {
    request_with_str(SET_ROLE, role);
}

/// `ASYNCTRACE_SNAPSHOT(label)`: a snapshot now, and the report written.
pub fn snapshot(label: &str) {
    request_with_str(SNAPSHOT, label);
}

/// `ASYNCTRACE_PHASE(label)`: marks a phase, e.g. "warm-up done".
pub fn phase(label: &str) {
    request_with_str(PHASE, label);
}

/// `RUNNING_ON_VALGRIND`: 0 natively, the nesting depth under Valgrind.
pub fn running_on_valgrind() -> usize {
    client_request(0, 0x1001, [0; 5])
}
