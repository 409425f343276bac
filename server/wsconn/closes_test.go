package wsconn

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/coder/websocket"

	"empires/shared/protocol"
)

// TestOversizedMessageSentWhole: a client that sends a whole message over
// MaxClientMessage (docs/protocol.md, section 1: such a message closes
// the connection with a Bye, then status 1009 and the reason) finishes
// sending it, though the server never reads it, and then reads the Bye
// and the close frame: the server does not reset the connection (an
// abnormal close, 1006, for the client) by closing its socket with the
// message's bytes unread. The message is far larger than what the
// sockets' buffers hold, so most of it is still on its way when the
// server closes; the client writes it all before it reads, as a simple
// client does.
func TestOversizedMessageSentWhole(t *testing.T) {
	const size = 8 << 20
	want := "message of 8388608 bytes: at most 1048576"
	opts := testOptions(nil)
	opts.Limits.MaxClientMessage = 1 << 20
	opts.Linger = waitLimit // the client's close ends it, never the time

	t.Run("a raw client", func(t *testing.T) {
		url, ended := serve(t, opts)
		c := dialRaw(t, url, 0)
		c.hello()
		if _, err := c.conn.Write(clientFrame(true, opBinary, make([]byte, size))); err != nil {
			t.Fatalf("writing the message: %v; want it taken whole", err)
		}
		code, reason, bye, _ := c.closed()
		if code != websocket.StatusMessageTooBig || reason != want || bye != want {
			t.Errorf("closed with %v %q after Bye %q; want %v %q after the same Bye", code, reason, bye, websocket.StatusMessageTooBig, want)
		}
		_ = c.conn.Close()
		if srv := <-ended; srv.Reason() != want {
			t.Errorf("the server's side closed for %q", srv.Reason())
		}
	})

	t.Run("a websocket library", func(t *testing.T) {
		url, ended := serve(t, opts)
		ws := dial(t, url)
		ctx, cancel := context.WithTimeout(t.Context(), waitLimit)
		defer cancel()
		if err := ws.Write(ctx, websocket.MessageBinary, mustFrame(t, 1, &protocol.Hello{Version: protocol.Version, Name: "Ann"})); err != nil {
			t.Fatal(err)
		}
		if err := ws.Write(ctx, websocket.MessageBinary, make([]byte, size)); err != nil {
			t.Fatalf("writing the message: %v; want it taken whole", err)
		}
		ce, bye := readUntilClosed(t, ws)
		if ce.Code != websocket.StatusMessageTooBig || ce.Reason != want || bye == nil || bye.Reason != want {
			t.Errorf("closed with %v %q after Bye %+v; want %v %q after a Bye of the same reason", ce.Code, ce.Reason, bye, websocket.StatusMessageTooBig, want)
		}
		if srv := <-ended; srv.Reason() != want {
			t.Errorf("the server's side closed for %q", srv.Reason())
		}
	})
}

// TestAnyOtherVersionRefused: a Hello of any version but the one spoken,
// however large or small its number, gets Error BadVersion and the close
// (status 1008, "protocol version mismatch", no Bye: a client of another
// version may not read one), as docs/protocol.md, section 5.1 says; and a
// Hello may end after Client (no Build), as those of version 4 did.
func TestAnyOtherVersionRefused(t *testing.T) {
	hello := func(version ...byte) []byte {
		frame := []byte{0x94, 0x01, 0x01, 0x00, 0x94}
		frame = append(frame, version...)
		return append(frame, 0xa3, 'A', 'n', 'n', 0xa0, 0xa0)
	}
	ff := func(n int) []byte { return []byte("\xff\xff\xff\xff\xff\xff\xff\xff")[:n] }
	tests := []struct {
		name    string
		frame   []byte
		version string // in the Error's message
	}{
		{"version 0", hello(0x00), "protocol version 0 "},
		{"the version before", hello(byte(protocol.MinVersion - 1)), fmt.Sprintf("protocol version %d ", protocol.MinVersion-1)},
		{"the version after", hello(byte(protocol.Version + 1)), fmt.Sprintf("protocol version %d ", protocol.Version+1)},
		{"version -1", hello(0xff), "protocol version -1 "},
		{"version 2^31", hello(0xce, 0x80, 0, 0, 0), "protocol version 2147483648 "},
		{"version 2^32-1", hello(append([]byte{0xce}, ff(4)...)...), "protocol version 4294967295 "},
		{"version 2^63-1", hello(append([]byte{0xcf, 0x7f}, ff(7)...)...), "protocol version 9223372036854775807 "},
		{"version 2^64-1", hello(append([]byte{0xcf}, ff(8)...)...), "protocol version 9223372036854775807 "},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			url, ended := serve(t, testOptions(nil))
			ws := dial(t, url)
			ctx, cancel := context.WithTimeout(t.Context(), waitLimit)
			defer cancel()
			if err := ws.Write(ctx, websocket.MessageBinary, tt.frame); err != nil {
				t.Fatal(err)
			}
			_, frame, err := ws.Read(ctx)
			if err != nil {
				t.Fatal(err)
			}
			env, msg, err := protocol.DefaultLimits().ReadServer(frame)
			if e, ok := msg.(*protocol.Error); err != nil || !ok || e.Code != protocol.BadVersion || env.Reply != 1 ||
				!strings.HasPrefix(e.Message, tt.version) {
				t.Fatalf("answered %+v %+v, %v; want Error BadVersion replying to 1, its message starting %q", env, msg, err, tt.version)
			}
			ce, bye := readUntilClosed(t, ws)
			if ce.Code != websocket.StatusPolicyViolation || ce.Reason != ReasonVersion || bye != nil {
				t.Errorf("closed with %v %q after Bye %+v; want %v %q and no Bye", ce.Code, ce.Reason, bye, websocket.StatusPolicyViolation, ReasonVersion)
			}
			<-ended
		})
	}

	t.Run("no Build", func(t *testing.T) {
		c := NewDetached(testOptions(nil))
		defer c.End()
		c.HandleFrame([]byte{0x94, 0x01, 0x01, 0x00, 0x93, byte(protocol.Version), 0xa3, 'A', 'n', 'n', 0xa0})
		if out := c.Pending(); len(out) != 1 || out[0].Msg.MessageType() != protocol.TypeWelcome {
			t.Errorf("a Hello without Build answered %v, want a Welcome", out)
		}
	})
}
