//! Header: `unistd.h`
//!
//! <https://github.com/bminor/glibc/blob/master/posix/unistd.h>

pub use crate::new::common::posix::unistd::{
    STDERR_FILENO,
    STDIN_FILENO,
    STDOUT_FILENO,
};
