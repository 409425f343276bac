package protocol_test

import (
	"fmt"
	"math/rand/v2"
	"runtime"
	"strings"
	"sync"
	"testing"

	"empires/internal/skip"
	"empires/shared/game"
	"empires/shared/game/gametest"
	"empires/shared/hex"
	"empires/shared/hexgame"
	"empires/shared/protocol"
)

// bigGame is the game package's benchmark game: a 128x128 map, 16 players,
// about 4,000 armies six turns in, 80% of them moving two or three hexes a
// turn.
var bigGame = sync.OnceValue(func() *played { return playGame(1, 128, 128, 16, 5200, 6, 80) })

// hugeView is the largest view Settings allow, made as large as it gets: a
// 512x512 map that player 1 sees whole, with 40,000 armies (of 16
// players) and 256 cities in sight.
var hugeView = sync.OnceValue(func() *hexgame.View {
	s, _ := gametest.RandomGame(2, 512, 512, 16, 40000)
	m := &s.Memory[0]
	for i := range m.Known {
		m.Known[i], m.Visible[i] = ^uint64(0), ^uint64(0)
	}
	if n := 512 * 512 % 64; n != 0 {
		m.Known[len(m.Known)-1] >>= 64 - n
		m.Visible[len(m.Visible)-1] >>= 64 - n
	}
	return &hexgame.View{V: game.NewView(s, 1)}
})

// manyOrders returns n move orders of paths hexes each for turn 1, with
// army IDs and hexes spread as on a 512x512 map, as the hex ruleset's
// payload.
func manyOrders(tb testing.TB, n, paths int) *protocol.SubmitOrders {
	tb.Helper()
	rng := rand.New(rand.NewPCG(1, 1))
	var orders []game.Order
	for i := range n {
		at := hex.Hex{Q: rng.IntN(512), R: rng.IntN(512) - 256}
		o := game.Order{Turn: 1, Kind: game.OrderMove, Army: game.ArmyID(1000 + 3*i)}
		for range paths {
			at = at.Neighbor(hex.Direction(rng.IntN(6)))
			o.Path = append(o.Path, at)
		}
		orders = append(orders, o)
	}
	data, err := hexgame.EncodeOrders(orders)
	if err != nil {
		tb.Fatal(err)
	}
	return &protocol.SubmitOrders{Turn: 1, Orders: data, Seq: 1}
}

type sized struct {
	name  string
	bytes int
}

// sizes returns the encoded size of each kind of frame.
func sizes(tb testing.TB) []sized {
	var out []sized
	add := func(name string, m protocol.Message) {
		frame, err := protocol.Marshal(1000, 1000, m)
		if err != nil {
			tb.Fatal(err)
		}
		out = append(out, sized{name, len(frame)})
	}
	for _, m := range samples(tb) {
		add(m.MessageType().String(), m)
	}
	g := bigGame()
	var view, update, events, maxView, maxUpdate int
	for p := 1; p <= len(g.views); p++ {
		for _, x := range []struct {
			m        protocol.Message
			sum, max *int
		}{{g.fullView(tb, p), &view, &maxView}, {g.turnUpdate(tb, p), &update, &maxUpdate}} {
			frame, err := protocol.Marshal(1000, 0, x.m)
			if err != nil {
				tb.Fatal(err)
			}
			*x.sum += len(frame)
			*x.max = max(*x.max, len(frame))
		}
		events += len(g.events[p-1])
	}
	n := len(g.views)
	out = append(out,
		sized{"FullView 128x128, 16 players, mean", view / n},
		sized{"FullView 128x128, 16 players, max", maxView},
		sized{fmt.Sprintf("TurnUpdate 128x128, 16 players (%d events each), mean", events/n), update / n},
		sized{"TurnUpdate 128x128, 16 players, max", maxUpdate},
	)
	add(fmt.Sprintf("SubmitOrders 128x128, %d moves", len(g.orders[0].Orders)), g.submitOrders(tb, 1))
	add("SubmitOrders 4,096 moves of 3 hexes", manyOrders(tb, 4096, 3))
	add("SubmitOrders 4,096 moves of 64 hexes", manyOrders(tb, 4096, 64))
	v := hugeView()
	add(fmt.Sprintf("FullView 512x512 all seen, %d armies", len(v.V.Armies)), fullViewOf(tb, v))
	return out
}

// TestSizes logs the size of every kind of frame (go test -v -run
// TestSizes) and checks them against DefaultLimits.
func TestSizes(t *testing.T) {
	if testing.Short() {
		skip.Now(t, skip.Short, "builds a 16-player game and a 512x512 view")
	}
	l := protocol.DefaultLimits()
	var b strings.Builder
	fmt.Fprintf(&b, "%-62s %9s\n", "frame", "bytes")
	for _, s := range sizes(t) {
		fmt.Fprintf(&b, "%-62s %9d\n", s.name, s.bytes)
		limit := l.MaxServerMessage
		if strings.HasPrefix(s.name, "SubmitOrders") || strings.HasPrefix(s.name, "Act") {
			limit = l.MaxClientMessage
		}
		if strings.Contains(s.name, "64 hexes") {
			continue // the engine's worst case, beyond what a client may send
		}
		if s.bytes > limit/2 {
			t.Errorf("%s: %d bytes, more than half the limit of %d", s.name, s.bytes, limit)
		}
	}
	t.Logf("frame sizes:\n%s", b.String())
}

// bigFrame is a large frame of the benchmarks, with the ruleset's
// decoding of its payloads, which a receiver runs after DecodeBody.
type bigFrame struct {
	name   string
	msg    protocol.Message
	decode func(protocol.Message) error
}

// bigFrames returns the large frames: views, updates and orders of the
// 128x128 game and the largest ones.
func bigFrames(b *testing.B) []bigFrame {
	g := bigGame()
	rs := erfworld(b)
	decodeView := func(m protocol.Message) error {
		_, err := rs.DecodeView(m.(*protocol.FullView).View)
		return err
	}
	return []bigFrame{
		{"FullView-128x128-16p", g.fullView(b, 1), decodeView},
		{"TurnUpdate-128x128-16p", g.turnUpdate(b, 1), func(m protocol.Message) error {
			tu := m.(*protocol.TurnUpdate)
			if _, err := g.prev[0].Apply(tu.Delta); err != nil {
				return err
			}
			_, err := hexgame.DecodeEvents(tu.Events, nil)
			return err
		}},
		{"SubmitOrders-4096x3", manyOrders(b, 4096, 3), func(m protocol.Message) error {
			so := m.(*protocol.SubmitOrders)
			_, err := hexgame.DecodeOrders(so.Orders, game.Turn(so.Turn))
			return err
		}},
		{"FullView-512x512-all", fullViewOf(b, hugeView()), decodeView},
	}
}

// BenchmarkSizes reports the size of every kind of frame ("bytes") and the
// time to encode and decode it; for the large frames also the time with
// the ruleset's decoding of the payloads (the "+payload" benchmarks: a
// view decoded, a delta applied to the view before and events decoded,
// orders decoded and checked for the turn).
func BenchmarkSizes(b *testing.B) {
	run := func(name string, m protocol.Message, decode func(protocol.Message) error) {
		b.Run(name, func(b *testing.B) {
			var n int
			b.ReportAllocs()
			for b.Loop() {
				frame, err := protocol.Marshal(1, 0, m)
				if err != nil {
					b.Fatal(err)
				}
				env, err := protocol.Decode(frame, protocol.MaxFrame)
				if err != nil {
					b.Fatal(err)
				}
				got, err := protocol.DecodeBody(env)
				if err != nil {
					b.Fatal(err)
				}
				if decode != nil {
					if err := decode(got); err != nil {
						b.Fatal(err)
					}
				}
				n = len(frame)
			}
			b.ReportMetric(float64(n), "bytes")
		})
	}
	for _, m := range samples(b) {
		run(m.MessageType().String(), m, nil)
	}
	for _, f := range bigFrames(b) {
		run(f.name, f.msg, nil)
		run(f.name+"+payload", f.msg, f.decode)
	}
}

// TestHostileAllocation decodes frames of the client limit's size built
// to make the decoder allocate as much as possible, and checks that it
// allocates at most 32 bytes per byte of input (measured: 24 for the
// options, a 24-byte Option per 3 bytes that msgpack allocates three
// times; 13 for the seats; 5 for payloads, copied whole). What the
// ruleset's decoders then allocate for a payload is their own bound (see
// hexgame's TestDecodeOrdersAllocation).
func TestHostileAllocation(t *testing.T) {
	limit := protocol.DefaultLimits().MaxClientMessage
	// n returns how many items of size bytes fit in the limit.
	n := func(size int) int { return (limit - 64) / size }
	list := func(k int, item any) []any {
		out := make([]any, k)
		for i := range out {
			out[i] = item
		}
		return out
	}
	settings := []any{"", "", 0, 0, 0, 0, 0, 0, "", false, false, "", nil}
	tests := []struct {
		name  string
		frame []byte
	}{
		// A Lobby of the smallest seats.
		{"empty seats", envelope(protocol.TypeLobby, mp([]any{0, settings, false, 0,
			list(n(8), []any{0, "", false, false, false, false, false}), false})...)},
		// Settings of the smallest options (Validate refuses more than
		// MaxOptions, after the decoding).
		{"empty options", envelope(protocol.TypeCreateGame, mp([]any{append(settings[:12:12], list(n(3), []any{"", 0}))})...)},
		{"long chat", envelope(protocol.TypeChat, mp([]any{strings.Repeat("x", n(1))})...)},
		// Orders of a million one-byte values, and of nested lists.
		{"payload of bytes", envelope(protocol.TypeSubmitOrders, mp([]any{1, list(n(1), 0), 1})...)},
		{"payload of lists", envelope(protocol.TypeSubmitOrders, mp([]any{1, list(n(2), []any{0}), 1})...)},
		{"action of lists", envelope(protocol.TypeAct, mp([]any{1, list(n(2), []any{nil})})...)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var ms runtime.MemStats
			runtime.ReadMemStats(&ms)
			before := ms.TotalAlloc
			env, err := protocol.Decode(tt.frame, limit)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := protocol.DecodeBody(env); err != nil {
				t.Fatal(err)
			}
			runtime.ReadMemStats(&ms)
			ratio := float64(ms.TotalAlloc-before) / float64(len(tt.frame))
			t.Logf("%d bytes: %.1f bytes allocated per byte", len(tt.frame), ratio)
			if ratio > 32 {
				t.Errorf("%.1f bytes allocated per byte of input", ratio)
			}
		})
	}
}

// BenchmarkTurnFrames makes what the server sends every player of the
// benchmark game after its turn, as the server makes it: the delta from
// the player's last view (View.Diff), its events (hexgame.EncodeEvents),
// the TurnUpdate frame holding them. It reports the mean bytes a player
// of the frame ("frame-B"), of its delta and events, of the player's
// FullView frame ("view-B"), and the frame's size against the view's
// ("frame/view-%").
func BenchmarkTurnFrames(b *testing.B) {
	g := bigGame()
	var frame, delta, events, view int
	for p := 1; p <= len(g.views); p++ {
		data, err := protocol.Marshal(1000, 0, g.fullView(b, p))
		if err != nil {
			b.Fatal(err)
		}
		view += len(data)
	}
	b.ReportAllocs()
	for b.Loop() {
		frame, delta, events = 0, 0, 0
		for p := 1; p <= len(g.views); p++ {
			tu := g.turnUpdate(b, p)
			data, err := protocol.Marshal(1000, 0, tu)
			if err != nil {
				b.Fatal(err)
			}
			frame += len(data)
			delta += len(tu.Delta)
			events += len(tu.Events)
		}
	}
	n := float64(len(g.views))
	b.ReportMetric(float64(frame)/n, "frame-B")
	b.ReportMetric(float64(delta)/n, "delta-B")
	b.ReportMetric(float64(events)/n, "events-B")
	b.ReportMetric(float64(view)/n, "view-B")
	b.ReportMetric(100*float64(frame)/float64(view), "frame/view-%")
}
