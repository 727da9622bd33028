//! Directory: `linux/`
//!
//! <https://github.com/torvalds/linux/tree/master/include/uapi/linux>

pub(crate) mod can;
pub(crate) mod futex;
pub(crate) mod if_addr;
pub(crate) mod if_link;
pub(crate) mod if_packet;
pub(crate) mod keyctl;
pub(crate) mod membarrier;
pub(crate) mod mount;
pub(crate) mod netlink;
pub(crate) mod pidfd;
pub(crate) mod sctp;
pub(crate) mod tls;
pub(crate) mod types;
