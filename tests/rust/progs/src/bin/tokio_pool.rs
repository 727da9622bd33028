//! A 4-worker Tokio runtime with 8 tasks and one `spawn_blocking`; leaks
//! 3,333 bytes on main, 1,111 on a worker, 2,222 on a blocking thread.
//! Copyright (C) 2026 the asynctrace authors.  GPL-2.0-or-later.

fn main() {
    planted::tokio_pool::run("tokio_pool");
}
