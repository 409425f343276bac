package host

import (
	"bufio"
	"encoding/binary"
	"fmt"
	"io"
	"net"
	"net/http"
	"runtime"
	"strings"
	"testing"

	"empires/shared/protocol"
)

// BenchmarkIdleConn measures what a connection that said Hello and waits
// costs the server's memory: b.N connections are opened, each welcomed,
// and the heap in use and the goroutines' stacks after a collection, over
// the connections, are reported as B/conn. The clients are bare sockets
// that speak the handshake by hand and read nothing more, so that the
// process's memory is the server's.
//
//	go test ./server/host -run '^$' -bench IdleConn -benchtime 2000x
func BenchmarkIdleConn(b *testing.B) {
	cfg := testConfig(b)
	cfg.ConnsPerAddr = 0
	cfg.MaxConns = 1 << 20 // b.N is not known before b.Loop
	r, err := Start(cfg, "127.0.0.1:0")
	if err != nil {
		b.Fatal(err)
	}
	defer func() {
		if err := r.Stop(); err != nil {
			b.Error(err)
		}
	}()
	addr := strings.TrimSuffix(strings.TrimPrefix(r.URL(), "ws://"), "/ws")
	hello, err := protocol.Marshal(1, 0, &protocol.Hello{Version: protocol.Version, Name: "Idle"})
	if err != nil {
		b.Fatal(err)
	}
	before := inUse()
	conns := make([]net.Conn, 0, b.N)
	defer func() {
		for _, c := range conns {
			c.Close()
		}
	}()
	for b.Loop() {
		c, err := welcomed(addr, hello)
		if err != nil {
			b.Fatal(err)
		}
		conns = append(conns, c)
	}
	after := inUse()
	b.ReportMetric(float64(after-before)/float64(len(conns)), "B/conn")
}

// inUse returns the heap in use and the stacks after a collection.
func inUse() int64 {
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return int64(m.HeapInuse + m.StackInuse)
}

// welcomed opens a websocket to addr by hand, sends the frame hello and
// reads the server's answer, a Welcome; it returns the connection, left
// open and unread.
func welcomed(addr string, hello []byte) (net.Conn, error) {
	c, err := net.Dial("tcp", addr)
	if err != nil {
		return nil, err
	}
	fmt.Fprintf(c, "GET /ws HTTP/1.1\r\nHost: %s\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"+
		"Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n", addr)
	br := bufio.NewReader(c)
	resp, err := http.ReadResponse(br, nil)
	if err != nil {
		c.Close()
		return nil, err
	}
	if resp.StatusCode != http.StatusSwitchingProtocols {
		c.Close()
		return nil, fmt.Errorf("upgrade: %s", resp.Status)
	}
	// A masked binary frame (RFC 6455 5.2), its mask 0: the payload as is.
	frame := []byte{0x82, 0x80 | 126, 0, 0, 0, 0, 0, 0}
	binary.BigEndian.PutUint16(frame[2:], uint16(len(hello)))
	if _, err := c.Write(append(frame, hello...)); err != nil {
		c.Close()
		return nil, err
	}
	head := make([]byte, 2)
	if _, err := io.ReadFull(br, head); err != nil {
		c.Close()
		return nil, err
	}
	n := int64(head[1] & 0x7f)
	switch n {
	case 126:
		var ext [2]byte
		_, err = io.ReadFull(br, ext[:])
		n = int64(binary.BigEndian.Uint16(ext[:]))
	case 127:
		var ext [8]byte
		_, err = io.ReadFull(br, ext[:])
		n = int64(binary.BigEndian.Uint64(ext[:]))
	}
	if err == nil {
		var payload []byte
		payload, err = io.ReadAll(io.LimitReader(br, n))
		if err == nil && int64(len(payload)) == n {
			var msg protocol.Message
			if _, msg, err = protocol.DefaultLimits().ReadServer(payload); err == nil && msg.MessageType() != protocol.TypeWelcome {
				err = fmt.Errorf("the answer to Hello is a %s", msg.MessageType())
			}
		}
	}
	if err != nil {
		c.Close()
		return nil, err
	}
	return c, nil
}
