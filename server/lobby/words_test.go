package lobby

import (
	"regexp"
	"strings"
	"testing"

	"github.com/vmihailenco/msgpack/v5"

	"empires/shared/protocol"
)

// goWords matches what a client must never read in an error: Go's names
// of types ("*protocol.Hello", "[]game.Order", "uint8") and the msgpack
// library's own messages.
var goWords = regexp.MustCompile(`\b(protocol|game|ruleset|wire|hexgame|hex)\.[A-Z]|\*[a-z]+\.|\[\][a-z*]|\b(u?int(8|16|32|64)?|float(32|64))\b|msgpack:`)

// TestErrorsInWords: what the server answers a malformed message, or a
// payload its ruleset cannot read, says in the protocol's words which
// field is wrong and how (docs/protocol.md, section 2): a value out of
// range in a message's own field is Malformed, one inside orders Invalid,
// and no answer names a Go type.
func TestErrorsInWords(t *testing.T) {
	l := newLobby(t, Options{})
	ann := hello(t, l, "Ann")
	bob := hello(t, l, "Bob")
	ann.do(&protocol.CreateGame{Settings: small()})
	bob.do(&protocol.JoinGame{Game: 1})
	ann.send(&protocol.SetReady{Ready: true})
	bob.send(&protocol.SetReady{Ready: true})
	await[*protocol.FullView](ann)

	mp := func(v any) []byte {
		b, err := msgpack.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	order := func(turn, kind, army any) []any {
		return []any{turn, kind, army, 0, 0, nil, 0, 0, 0, 0, 0, nil, 0, nil}
	}
	tests := []struct {
		name string
		typ  protocol.Type
		body []byte
		code protocol.ErrorCode
		want string
	}{
		{"seat 258", protocol.TypeJoinGame, mp([]any{1, 258, "", false, ""}), protocol.Malformed,
			"JoinGame: Seat: 258 is out of range (0 to 255)"},
		{"a chat line that is a number", protocol.TypeChat, mp([]any{7}), protocol.Malformed,
			"Chat: Text: a string was expected, not an integer"},
		{"a struct as a map", protocol.TypeCreateGame, mp([]any{map[string]any{"Ruleset": "erfworld"}}), protocol.Malformed,
			"CreateGame: Settings: Settings is not an array of its 13 fields"},
		{"a float turn", protocol.TypeSubmitOrders, mp([]any{1.0, nil, 1}), protocol.Malformed,
			"SubmitOrders: Turn: an integer was expected, not a float"},
		{"army 2^32+11 in orders", protocol.TypeSubmitOrders, mp([]any{1, []any{order(1, 1, uint64(1<<32+11))}, 1}), protocol.Invalid,
			"orders: [0].Army: 4294967307 is out of range (0 to 4294967295)"},
		{"a string as a turn in orders", protocol.TypeSubmitOrders, mp([]any{1, []any{order("1", 1, 3)}, 1}), protocol.Invalid,
			"orders: [0].Turn: an integer was expected, not a string"},
		{"a map as orders", protocol.TypeSubmitOrders, mp([]any{1, map[string]int{"a": 1}, 1}), protocol.Invalid,
			"orders: an array (list of Order) was expected, not a map"},
		{"an order as a map", protocol.TypeSubmitOrders, mp([]any{1, []any{map[string]int{"Turn": 1}}, 1}), protocol.Invalid,
			"orders: [0]: Order is not an array of its 14 fields"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ann.seq++
			ann.c.HandleFrame(rawFrame(t, tt.typ, ann.seq, tt.body))
			e := awaitAside[*protocol.Error](ann)
			if e.Code != tt.code || !strings.Contains(e.Message, tt.want) {
				t.Errorf("answered %s %q, want %s with %q", e.Code, e.Message, tt.code, tt.want)
			}
			if goWords.MatchString(e.Message) {
				t.Errorf("%q speaks Go (%q), not the protocol's words", e.Message, goWords.FindString(e.Message))
			}
		})
	}
}

// rawFrame returns the frame of a message of type typ and sequence number
// seq whose body is the msgpack value body, whatever it holds.
func rawFrame(tb testing.TB, typ protocol.Type, seq uint32, body []byte) []byte {
	tb.Helper()
	head, err := msgpack.Marshal([]any{typ, seq, 0})
	if err != nil {
		tb.Fatal(err)
	}
	// head is the array of 3: make it the envelope's array of 4, the body
	// its last element.
	return append(append([]byte{0x94}, head[1:]...), body...)
}
