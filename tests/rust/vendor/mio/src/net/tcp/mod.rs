mod listener;
pub use self::listener::TcpListener;

mod stream;
pub use self::stream::TcpStream;
