package protocol_test

import (
	"errors"
	"fmt"
	"testing"

	"empires/shared/protocol"
)

// The handshake and a request as the two sides play them, without the
// websocket: each frame would be one binary message.
func Example() {
	limits := protocol.DefaultLimits()

	// The client greets.
	frame, _ := protocol.Marshal(1, 0, &protocol.Hello{Version: protocol.Version, Name: "Ansom", Client: "empires/0.1"})

	// The server reads the frame (its websocket read limit is
	// limits.MaxClientMessage) and answers.
	env, msg, err := limits.ReadClient(frame)
	var reply []byte
	switch m := msg.(type) {
	case nil:
		reply, _ = protocol.Marshal(1, env.Seq, protocol.ErrorMessage(err))
	case *protocol.Hello:
		fmt.Printf("server: %s says hello\n", m.Name)
		reply, _ = protocol.Marshal(1, env.Seq, &protocol.Welcome{
			Version: protocol.Version, Server: "empires-server", Limits: limits,
			Rulesets: []protocol.RulesetInfo{{ID: "erfworld", Title: "Erfworld Empires", Board: "hex", MinSeats: 2, MaxSeats: 20}},
		})
	}

	// The client reads the answer (its read limit is MaxServerMessage).
	env, msg, _ = limits.ReadServer(reply)
	if w, ok := msg.(*protocol.Welcome); ok {
		fmt.Printf("client: welcome to %s (reply to %d), playing %s\n", w.Server, env.Reply, w.Rulesets[0].Title)
	}

	// A client of another version gets told which versions match.
	frame, _ = protocol.Marshal(1, 0, &protocol.Hello{Version: 12, Name: "Parson"})
	_, _, err = limits.ReadClient(frame)
	e := protocol.ErrorMessage(err)
	fmt.Printf("server to Parson: %s: %s\n", e.Code, e.Message)
	// Output:
	// server: Ansom says hello
	// client: welcome to empires-server (reply to 1), playing Erfworld Empires
	// server to Parson: bad version: protocol version 12 is not supported: this server speaks version 11 (protocol of 2026-11-29); the client is newer: update the server or use a matching client
}

// TestRead checks ReadClient and ReadServer refuse the other side's
// messages and keep the envelope for the reply.
func TestRead(t *testing.T) {
	l := protocol.DefaultLimits()
	view, err := protocol.Marshal(9, 0, small.fullView(t, 1))
	if err != nil {
		t.Fatal(err)
	}
	chat, err := protocol.Marshal(5, 0, &protocol.Chat{Text: "hi"})
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name  string
		read  func([]byte) (protocol.Envelope, protocol.Message, error)
		frame []byte
		seq   uint32
		code  protocol.ErrorCode
	}{
		{"client reads chat", l.ReadClient, chat, 5, 0},
		{"server reads view", l.ReadServer, view, 9, 0},
		{"client sends a view", l.ReadClient, view, 9, protocol.UnknownType},
		{"server sends a chat", l.ReadServer, chat, 5, protocol.UnknownType},
		{"client sends an empty chat", l.ReadClient, envelope(protocol.TypeChat, mp([]any{""})...), 1, protocol.Invalid},
		{"client sends too much", (protocol.Limits{MaxClientMessage: 8}).ReadClient, view, 0, protocol.TooLarge},
		{"server sends garbage", l.ReadServer, []byte{0xc1}, 0, protocol.Malformed},
		{"server sends an unknown type", l.ReadServer, envelope(99, 0x90), 1, protocol.UnknownType},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			env, m, err := tt.read(tt.frame)
			if env.Seq != tt.seq {
				t.Errorf("seq %d, want %d", env.Seq, tt.seq)
			}
			if tt.code == 0 {
				if err != nil || m == nil {
					t.Errorf("have %v, %v", m, err)
				}
				return
			}
			var pe *protocol.ProtocolError
			if m != nil || !errors.As(err, &pe) || pe.Code != tt.code {
				t.Errorf("have %v, %v; want %s", m, err, tt.code)
			}
		})
	}
}
