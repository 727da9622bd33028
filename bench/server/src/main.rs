//! server: the poll-heavy workload of bench/run-bench.sh
//! (--workload=server).  A Tokio TCP server on loopback (4 workers, a
//! task per connection) answers short requests from a bounded client:
//! CONNS std threads, each making REQS round trips of a 64-byte request
//! on its own connection.  Every request is a wake from Tokio's IO
//! driver, a poll of its connection's task, a read and a write: the
//! runtime's poll path, thousands of times, with little work in each.
//!
//! usage: server [CONNS [REQS]]   (default 8 connections x 2,000 requests)
//!
//! Copyright (C) 2026 the asynctrace authors.  GPL-2.0-or-later.

use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpListener;

const REQ: usize = 64;

/// The answer to a request: its bytes summed, in its first four bytes.
fn answer(buf: &mut [u8; REQ]) {
    let sum = buf.iter().fold(0u32, |a, &b| a.wrapping_add(b as u32));
    buf[..4].copy_from_slice(&sum.to_le_bytes());
}

/// One client connection: reqs round trips; the answers' checksum.
fn client(addr: std::net::SocketAddr, c: usize, reqs: usize) -> u64 {
    let mut s = TcpStream::connect(addr).expect("connect");
    s.set_nodelay(true).expect("nodelay");
    let (mut req, mut resp) = ([0u8; REQ], [0u8; REQ]);
    let mut check = 0u64;
    for i in 0..reqs {
        for (k, b) in req.iter_mut().enumerate() {
            *b = (i + k + c) as u8;
        }
        s.write_all(&req).expect("write");
        s.read_exact(&mut resp).expect("read");
        check = check.wrapping_add(u32::from_le_bytes([resp[0], resp[1], resp[2], resp[3]]) as u64);
    }
    check
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let conns: usize = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(8);
    let reqs: usize = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(2000);
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(4)
        .enable_all()
        .build()
        .expect("runtime");
    let listener = rt.block_on(TcpListener::bind("127.0.0.1:0")).expect("bind");
    let addr = listener.local_addr().expect("address");
    rt.spawn(async move {
        while let Ok((mut sock, _)) = listener.accept().await {
            let _ = sock.set_nodelay(true);
            tokio::spawn(async move {
                let mut buf = [0u8; REQ];
                while sock.read_exact(&mut buf).await.is_ok() {
                    answer(&mut buf);
                    if sock.write_all(&buf).await.is_err() {
                        return;
                    }
                }
            });
        }
    });
    let clients: Vec<_> = (0..conns)
        .map(|c| std::thread::spawn(move || client(addr, c, reqs)))
        .collect();
    let check = clients
        .into_iter()
        .fold(0u64, |a, h| a.wrapping_add(h.join().expect("client")));
    println!("{} requests, checksum {}", conns * reqs, check);
    rt.shutdown_timeout(Duration::from_secs(1));
}
