package wsconn

import (
	"io"
	"time"

	"empires/shared/protocol"
)

// DefaultLinger is how long a connection closed for a message over
// MaxClientMessage reads on before it closes its socket, unless
// Options.Linger says otherwise.
const DefaultLinger = 5 * time.Second

// Close closes the connection. After the guard refused a message, the
// client may still be sending it, and closing a socket that has unread
// bytes, or that receives more, resets the connection: the client's
// network stack may then throw away the Bye and the close frame (status
// 1009) before the client reads them, and the client sees an abnormal
// close (1006) instead. So Close first ends the sending half of the
// socket, then reads and drops what the client sends until it closes its
// side, for at most c.linger and protocol.MaxFrame bytes (a lingering
// close), and only then closes the socket.
func (c *guardedConn) Close() error {
	if !c.guard.refused.Load() {
		return c.Conn.Close()
	}
	if cw, ok := rawConn(c.Conn).(interface{ CloseWrite() error }); ok {
		_ = cw.CloseWrite()
	}
	if c.Conn.SetReadDeadline(time.Now().Add(c.linger)) == nil {
		_, _ = io.CopyN(io.Discard, c.guard.r, protocol.MaxFrame)
	}
	return c.Conn.Close()
}

// rawConn returns the network connection under conn's wrappers.
func rawConn(conn any) any {
	if b, ok := conn.(*batchConn); ok {
		return b.Conn
	}
	return conn
}
