package lobby

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"empires/server/throttle"
	"empires/shared/protocol"
)

// chatSteps runs a table of chat lines: each sender's line is refused
// with text (RateLimited) or, with text empty, goes to every listener.
type chatStep struct {
	after time.Duration
	from  *tconn
	text  string // "" if the line goes through
}

func runChat(t *testing.T, clock *quotaClock, listeners []*tconn, steps []chatStep) {
	t.Helper()
	for i, s := range steps {
		clock.Advance(s.after)
		line := fmt.Sprintf("line %d", i+1)
		if s.text != "" {
			s.from.fails(&protocol.Chat{Text: line}, protocol.RateLimited, s.text)
		} else if m := find[*protocol.ChatMessage](t, s.from.do(&protocol.Chat{Text: line})); m.Text != line {
			t.Fatalf("step %d: %s's own line came back as %q", i+1, s.from.name, m.Text)
		}
		for _, tc := range listeners {
			if tc == s.from {
				continue
			}
			got := tc.c.Pending()
			if (len(got) == 1) != (s.text == "") {
				t.Fatalf("step %d: %s got %v for %s's line (refused: %v)", i+1, tc.name, types(got), s.from.name, s.text != "")
			}
		}
	}
}

// TestChatPerSender: a sender may send 5 lines at once and one more a
// second; a line over that goes to nobody, and the sender is told how long
// to wait.
func TestChatPerSender(t *testing.T) {
	clock := newQuotaClock()
	l := newLobby(t, Options{Clock: clock})
	ann := hello(t, l, "Ann")
	bob := hello(t, l, "Bob")
	tooFast := "you chat too fast (5 lines at once and 1 more every 1s): try again in "
	runChat(t, clock, []*tconn{ann, bob}, []chatStep{
		{0, ann, ""}, {0, ann, ""}, {0, ann, ""}, {0, ann, ""}, {0, ann, ""},
		{0, ann, tooFast + "1s"},
		{0, bob, ""}, // Bob has his own lines
		{400 * time.Millisecond, ann, tooFast + "0.6s"},
		{600 * time.Millisecond, ann, ""},
		{0, ann, tooFast + "1s"},
		{3 * time.Second, ann, ""}, {0, ann, ""}, {0, ann, ""},
		{0, ann, tooFast + "1s"},
	})
}

// TestChatPerRoom: a room's chat carries so many lines from all its
// members together; each game's chat and the lobby's are counted apart.
func TestChatPerRoom(t *testing.T) {
	clock := newQuotaClock()
	perSecond := throttle.Rate{Burst: 5, Refill: 1, Per: time.Second}
	l := newLobby(t, Options{Clock: clock, Quotas: Quotas{ChatLines: perSecond,
		RoomLines: throttle.Rate{Burst: 8, Refill: 2, Per: time.Second}}})
	ann := hello(t, l, "Ann")
	bob := hello(t, l, "Bob")
	cid := hello(t, l, "Cid")
	dan := hello(t, l, "Dan")
	eve := hello(t, l, "Eve")
	dan.do(&protocol.CreateGame{Settings: small()})
	eve.do(&protocol.JoinGame{Game: 1})
	dan.c.Pending()
	busy := func(where, wait string) string {
		return "the chat of " + where + " is too busy (8 lines at once and 2 more every 1s, from everyone): try again in " + wait
	}
	runChat(t, clock, []*tconn{ann, bob, cid}, []chatStep{
		{0, ann, ""}, {0, ann, ""}, {0, ann, ""}, {0, ann, ""}, {0, ann, ""},
		{0, bob, ""}, {0, bob, ""}, {0, bob, ""},
		{0, bob, busy("the lobby", "0.5s")},
		{0, cid, busy("the lobby", "0.5s")},
		{500 * time.Millisecond, cid, ""},
		{0, cid, busy("the lobby", "0.5s")},
	})
	// The game's chat has its own budget.
	runChat(t, clock, []*tconn{dan, eve}, []chatStep{
		{0, dan, ""}, {0, dan, ""}, {0, dan, ""}, {0, dan, ""}, {0, dan, ""},
		{0, eve, ""}, {0, eve, ""}, {0, eve, ""},
		{0, eve, busy("game 1", "0.5s")},
	})
}

// TestChatFanout: the case, one sender at 19 lines a second to 50
// listeners in the lobby for 5 seconds (2.5 MB sent out before these
// limits). With only the room's fan-out budget set (no limit per sender
// or on lines), what the server sends out is within the budget, and the
// budget is used: no more than a line short of it.
func TestChatFanout(t *testing.T) {
	fanout := throttle.Rate{Burst: 64 << 10, Refill: 16 << 10, Per: time.Second}
	quotas := []struct {
		name   string
		quotas Quotas
		exact  bool // the fan-out budget is what binds
	}{
		{"the fan-out budget alone", Quotas{RoomFanout: fanout}, true},
		{"the default quotas", Quotas{}, false},
	}
	for _, q := range quotas {
		t.Run(q.name, func(t *testing.T) {
			clock := newQuotaClock()
			l := newLobby(t, Options{Clock: clock, Quotas: q.quotas})
			room := l.q.limits.RoomFanout
			mal := hello(t, l, "Mallory")
			listeners := make([]*tconn, 50)
			for i := range listeners {
				listeners[i] = hello(t, l, fmt.Sprintf("Listener %d", i+1))
			}
			text := strings.Repeat("x", protocol.MaxChatLen)
			lineCost := int64(51 * (len(text) + len("Mallory") + chatOverhead))
			var sent, lines int64
			const seconds, rate = 5, 19
			for range seconds * rate {
				clock.Advance(time.Second / rate)
				mal.send(&protocol.Chat{Text: text})
				for _, tc := range append(listeners, mal) {
					for _, o := range tc.c.Pending() {
						if m, ok := o.Msg.(*protocol.ChatMessage); ok {
							frame, err := protocol.Marshal(1<<20, o.Reply, m)
							if err != nil {
								t.Fatal(err)
							}
							sent += int64(len(frame))
							if tc == mal {
								lines++
							}
						}
					}
				}
			}
			most := room.Burst + seconds*room.Refill*int64(time.Second/room.Per)
			t.Logf("%d lines of %d went out, %d bytes (at most %d)", lines, seconds*rate, sent, most)
			if sent > most {
				t.Fatalf("%d bytes of chat sent out in %ds, over the budget's %d", sent, seconds, most)
			}
			if q.exact && sent <= most-lineCost {
				t.Fatalf("%d bytes of chat sent out in %ds: the budget allows %d, a line costs %d", sent, seconds, most, lineCost)
			}
			if lines == 0 {
				t.Fatal("no line went out")
			}
		})
	}
}

// TestChatRoomsForgotten: the chat accounts of a game go with it.
func TestChatRoomsForgotten(t *testing.T) {
	l := newLobby(t, Options{})
	ann := hello(t, l, "Ann")
	ann.do(&protocol.CreateGame{Settings: small()})
	ann.do(&protocol.Chat{Text: "anyone?"})
	ann.do(&protocol.LeaveGame{}) // the game goes: nobody is in it
	bob := hello(t, l, "Bob")
	bob.do(&protocol.CreateGame{Settings: small()})
	bob.do(&protocol.Chat{Text: "anyone?"})
	l.mu.Lock()
	defer l.mu.Unlock()
	if len(l.q.rooms) != 1 || l.q.rooms[2] == nil {
		t.Fatalf("chat accounts of games %v, want game 2's only", keys(l.q.rooms))
	}
}

func keys[K comparable, V any](m map[K]V) []K {
	var out []K
	for k := range m {
		out = append(out, k)
	}
	return out
}
