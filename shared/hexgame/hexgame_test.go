package hexgame_test

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"math/rand/v2"
	"reflect"
	"runtime"
	"strings"
	"sync"
	"testing"

	"github.com/vmihailenco/msgpack/v5"

	"empires/assets"
	"empires/shared/game"
	"empires/shared/hex"
	"empires/shared/hexgame"
	"empires/shared/mapgen"
	"empires/shared/registry"
	"empires/shared/rules/erfworld"
	"empires/shared/ruleset"
	"empires/shared/wire"
	"empires/shared/wire/wiretest"
)

var defaultRegistry = sync.OnceValues(registry.Default)

// erfworldRules returns the built-in erfworld ruleset, as the registry
// gives it to the server.
func erfworldRules(tb testing.TB) *hexgame.Ruleset {
	tb.Helper()
	reg, err := defaultRegistry()
	if err != nil {
		tb.Fatal(err)
	}
	x, ok := reg.Get("erfworld")
	if !ok {
		tb.Fatalf("the registry has no erfworld: %v", reg.IDs())
	}
	rs, ok := x.(*hexgame.Ruleset)
	if !ok {
		tb.Fatalf("erfworld is a %T, not a hex ruleset", x)
	}
	return rs
}

// mp returns the msgpack encoding of v, structs as arrays.
func mp(tb testing.TB, v any) []byte {
	tb.Helper()
	var buf bytes.Buffer
	enc := msgpack.NewEncoder(&buf)
	enc.UseArrayEncodedStructs(true)
	enc.UseCompactInts(true)
	if err := enc.Encode(v); err != nil {
		tb.Fatal(err)
	}
	return buf.Bytes()
}

// newGame starts a 24x20 erfworld game of three.
func newGame(tb testing.TB, rs *hexgame.Ruleset, seed uint64) *hexgame.Game {
	tb.Helper()
	g, err := rs.New(ruleset.Config{Seed: seed, Seats: 3, Names: []string{"Ann", "Bob", "Cy"},
		Options: ruleset.Options{ruleset.KeyWidth: 24, ruleset.KeyHeight: 20}})
	if err != nil {
		tb.Fatal(err)
	}
	return g.(*hexgame.Game)
}

// viewer is one seat's side of the wire: the view it holds, kept by the
// deltas the server sends.
type viewer struct {
	seat      ruleset.Seat
	allSeeing bool
	server    ruleset.View // the server's last view of the seat
	client    ruleset.View // the client's, decoded and applied
}

func (v *viewer) String() string {
	if v.seat == 0 {
		return fmt.Sprintf("spectator (all-seeing %v)", v.allSeeing)
	}
	return fmt.Sprintf("seat %d", v.seat)
}

// TestPlay plays an erfworld game of the registry through the platform
// interfaces for six turns, the AI giving every seat's orders but seat
// 2's on even turns (the autopilot plays it), and checks at every turn:
// the step, Check accepting the AI's orders, Resolve moving to the next
// step, every seat's and spectator's view kept exactly by Diff and Apply
// over the wire forms, events decoding to what the seat may know, Save
// and Load giving the very same bytes, a second game of the same seed and
// orders the same bytes (determinism), and Missed counting the turns
// seat 2 gave nothing.
func TestPlay(t *testing.T) {
	rs := erfworldRules(t)
	g, twin := newGame(t, rs, 9), newGame(t, rs, 9)
	if g.Seats() != 3 || g.Player(1) != (ruleset.PlayerInfo{Name: "Ann", Alive: true}) || g.Player(9) != (ruleset.PlayerInfo{}) {
		t.Fatalf("seats %d, player 1 %+v, player 9 %+v", g.Seats(), g.Player(1), g.Player(9))
	}
	if g.ReplaceAfter() != 2 {
		t.Errorf("ReplaceAfter = %d, want erfworld.toml's replace_after_missed 2", g.ReplaceAfter())
	}
	viewers := []*viewer{{seat: 1}, {seat: 2}, {seat: 3}, {seat: 0}, {seat: 0, allSeeing: true}}
	for _, v := range viewers {
		v.server = g.View(v.seat, v.allSeeing)
		data, err := v.server.Encode()
		if err != nil {
			t.Fatal(err)
		}
		if v.client, err = rs.DecodeView(data); err != nil {
			t.Fatalf("%s: the first view does not decode: %v", v, err)
		}
		if v.client.Checksum() != v.server.Checksum() {
			t.Fatalf("%s: the decoded view's checksum differs", v)
		}
	}
	ais := map[ruleset.Seat]ruleset.AI{}
	for s := ruleset.Seat(1); s <= 3; s++ {
		ai, err := rs.NewAI("normal", uint64(s))
		if err != nil {
			t.Fatal(err)
		}
		ais[s] = ai
	}
	sawBattle := false
	for turn := ruleset.Turn(1); turn <= 6; turn++ {
		step := g.Step()
		if want := (ruleset.Step{Mode: ruleset.Simultaneous, Turn: turn, Seq: uint32(turn), Actors: []ruleset.Seat{1, 2, 3}}); !reflect.DeepEqual(step, want) {
			t.Fatalf("turn %d: step %+v, want %+v", turn, step, want)
		}
		var subs []ruleset.Submission
		for _, s := range step.Actors {
			if s == 2 && turn%2 == 0 {
				continue
			}
			orders, err := ais[s].Act(g.View(s, false), step, s)
			if err != nil {
				t.Fatal(err)
			}
			if refused, err := g.Check(s, orders); refused != nil || err != nil {
				t.Fatalf("turn %d, seat %d: the AI's orders are refused: %v, %v", turn, s, refused, err)
			}
			subs = append(subs, ruleset.Submission{Seat: s, Orders: orders})
		}
		out, err := g.Resolve(subs)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := twin.Resolve(subs); err != nil {
			t.Fatal(err)
		}
		if next := g.Step(); next.Seq != step.Seq+1 || next.Turn != turn+1 {
			t.Fatalf("after turn %d: step %+v", turn, next)
		}
		hexOut := out.(*hexgame.Outcome)
		if out.Count() != len(hexOut.Ev.List) {
			t.Errorf("turn %d: Count %d of %d events", turn, out.Count(), len(hexOut.Ev.List))
		}
		for _, v := range viewers {
			next := g.View(v.seat, v.allSeeing)
			delta, err := v.server.Diff(next)
			if err != nil {
				t.Fatal(err)
			}
			if v.client, err = v.client.Apply(delta); err != nil {
				t.Fatalf("turn %d, %s: the delta does not apply: %v", turn, v, err)
			}
			have, _ := v.client.Encode()
			want, _ := next.Encode()
			if v.client.Checksum() != next.Checksum() || !bytes.Equal(have, want) {
				t.Fatalf("turn %d, %s: the view kept by deltas differs from the server's", turn, v)
			}
			v.server = next

			data, err := out.Events(v.seat, v.allSeeing)
			if err != nil {
				t.Fatal(err)
			}
			events, err := hexgame.DecodeEvents(data, rs.Rules())
			if err != nil {
				t.Fatalf("turn %d, %s: the events do not decode: %v", turn, v, err)
			}
			if want := hexOut.For(v.seat, v.allSeeing); len(events) != len(want) || len(want) > 0 && !reflect.DeepEqual(events, want) {
				t.Errorf("turn %d, %s: %d events decoded, want %d", turn, v, len(events), len(want))
			}
			for _, e := range events {
				sawBattle = sawBattle || e.Battle != nil
				public := e.Player == 0 && !e.HasHex
				if v.seat == 0 && !public && !(e.HasHex && v.allSeeing) {
					t.Errorf("turn %d, %s: sees the event %+v", turn, v, e)
				}
			}
		}
		save, err := g.Save()
		if err != nil {
			t.Fatal(err)
		}
		loaded, err := rs.Load(save)
		if err != nil {
			t.Fatalf("turn %d: the save does not load: %v", turn, err)
		}
		again, _ := loaded.Save()
		twinSave, _ := twin.Save()
		if !bytes.Equal(again, save) || !reflect.DeepEqual(loaded.Step(), g.Step()) {
			t.Errorf("turn %d: the loaded game saves other bytes, or is at another step", turn)
		}
		if !bytes.Equal(twinSave, save) {
			t.Fatalf("turn %d: a game of the same seed and orders differs: %s", turn, rs.DiffSaves(twinSave, save))
		}
		missed := 0 // seat 2 gave orders on odd turns, nothing on even ones
		if turn%2 == 0 {
			missed = 1
		}
		if g.Missed(2) != missed || g.Missed(1) != 0 {
			t.Errorf("after turn %d: Missed(2) = %d, Missed(1) = %d; want %d and 0", turn, g.Missed(2), g.Missed(1), missed)
		}
	}
	if over, _ := g.Over(); over {
		t.Error("a game of three is over after six turns")
	}
	if !sawBattle {
		t.Error("no battle in six turns: the battle reports' fog and wire form went unchecked (choose a seed or a map where armies meet)")
	}
}

// TestGameOver: a game that ended waits for nobody, names its winner and
// resolves nothing more.
func TestGameOver(t *testing.T) {
	rs := erfworldRules(t)
	s := newGame(t, rs, 4).State().Clone()
	s.Over, s.Winner = true, 2
	data, err := game.Encode(s)
	if err != nil {
		t.Fatal(err)
	}
	g, err := rs.Load(data)
	if err != nil {
		t.Fatal(err)
	}
	if over, winner := g.Over(); !over || winner != 2 || len(g.Step().Actors) != 0 {
		t.Errorf("over %v, winner %d, actors %v; want over, won by 2, nobody to act", over, winner, g.Step().Actors)
	}
	if out, err := g.Resolve(nil); err == nil || err.Error() != "the game is over" || out != nil {
		t.Errorf("Resolve of an ended game: %v, %v", out, err)
	}
}

// TestCheckAndAct: Check gives a rejection for an order the rules refuse
// and an error for bytes that are no order list; Act, for a game of whole
// turns, is always a *ruleset.Rejection.
func TestCheckAndAct(t *testing.T) {
	rs := erfworldRules(t)
	g := newGame(t, rs, 5)
	orders, err := hexgame.EncodeOrders([]game.Order{
		{Turn: 1, Kind: game.OrderMove, Army: 9999, Path: []hex.Hex{{Q: 1, R: 0}}},
	})
	if err != nil {
		t.Fatal(err)
	}
	refused, err := g.Check(1, orders)
	if err != nil || len(refused) != 1 || refused[0].Index != 0 || refused[0].Order != "move army 9999" || refused[0].Reason == "" {
		t.Errorf("an order for an army that does not exist: %+v, %v", refused, err)
	}
	if refused, err := g.Check(1, []byte{0xa2, 'h', 'i'}); err == nil || refused != nil || !errors.Is(err, wire.ErrMalformed) {
		t.Errorf("a string as orders: %+v, %v; want a malformed error", refused, err)
	}
	// Army 2^32+1 is not army 1: the order list is malformed, not an
	// order for the wrong army.
	big := mp(t, []any{[]any{1, int(game.OrderMove), uint64(1<<32 + 1), 0, 0, []any{[]any{1, 0}}, 0, 0, 0, 0, 0, nil, 0, nil}})
	if refused, err := g.Check(1, big); err == nil || refused != nil || !errors.Is(err, wire.ErrMalformed) ||
		!strings.Contains(err.Error(), "Army: 4294967297 is out of range") {
		t.Errorf("army 2^32+1: %+v, %v; want a malformed error", refused, err)
	}
	none, err := hexgame.EncodeOrders(nil)
	if err != nil || !bytes.Equal(none, []byte{0x90}) {
		t.Errorf("no orders encode as % x, %v; want an empty array", none, err)
	}
	if refused, err := g.Check(1, none); refused != nil || err != nil {
		t.Errorf("no orders: %+v, %v", refused, err)
	}
	out, err := g.Act(1, none)
	var rej *ruleset.Rejection
	if !errors.As(err, &rej) || out != nil || !strings.Contains(rej.Reason, "whole turn") {
		t.Errorf("Act: %v, %v; want a rejection", out, err)
	}
}

// TestDecodeOrders: DecodeOrders reads what EncodeOrders writes, and
// refuses, before anything is validated, what the protocol refused when
// orders were its own: claims of 2^32 elements, nesting too deep, structs
// sent as maps or as nil or as empty arrays, orders for another turn,
// more than game.MaxOrders orders, truncated and padded data.
func TestDecodeOrders(t *testing.T) {
	move := func(turn game.Turn) game.Order {
		return game.Order{Turn: turn, Kind: game.OrderMove, Army: 300, Path: []hex.Hex{{Q: 1, R: -1}, {Q: 2, R: -1}}}
	}
	many := func(n int, turn game.Turn) []game.Order {
		out := make([]game.Order, n)
		for i := range out {
			out[i] = game.Order{Turn: turn, Kind: game.OrderStance, Army: game.ArmyID(i + 1)}
		}
		return out
	}
	enc := func(orders []game.Order) []byte {
		b, err := hexgame.EncodeOrders(orders)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	valid := enc([]game.Order{move(5), move(5)})
	// An order with every field at its zero, as a list of 14.
	zero := []any{5, 0, 0, 0, 0, nil, 0, 0, 0, 0, 0, []any{0, 0}, 0, nil}
	tests := []struct {
		name string
		have []byte
		want string // "" for valid, else a part of the error
	}{
		{"two moves", valid, ""},
		{"no orders", enc(nil), ""},
		{"nil", []byte{0xc0}, ""},
		{"zero order", mp(t, []any{zero}), ""},
		{"the most orders", enc(many(game.MaxOrders, 5)), ""},

		// 5 bytes that ask msgpack for 2^32-1 orders (about 600 GB).
		{"allocation bomb", []byte{0xdd, 0xff, 0xff, 0xff, 0xff}, "orders: byte 0: 4294967295 elements claimed, 0 bytes left"},
		{"path bomb", mp(t, []any{[]any{5, 1, 300, 0, 0, msgpack.RawMessage{0xdd, 0xff, 0xff, 0xff, 0xff}, 0, 0, 0, 0, 0, nil, 0, nil}}), "4294967295 elements claimed"},
		{"deep nesting", append(bytes.Repeat([]byte{0x91}, 40), 0x00), "nested more than 32 deep"},
		{"truncated", valid[:len(valid)-1], "orders: truncated"},
		{"padded", append(bytes.Clone(valid), 0x00), "orders: 1 extra bytes after the value"},
		{"never-used code", []byte{0x91, 0xc1}, "invalid msgpack code 0xc1"},
		{"string", mp(t, "hi"), "orders: an array (list of Order) was expected, not a string"},
		{"order as map", mp(t, []map[string]any{{"Turn": 5, "Kind": 1}}), "orders: [0]: Order is not an array of its 14 fields"},
		{"nil orders", mp(t, []any{nil, nil, nil}), "[0]: Order is not an array of its 14 fields"},
		{"empty order", mp(t, []any{[]any{}}), "[0]: Order is not an array of its 14 fields"},
		{"order of 15 fields", mp(t, []any{append(zero[:14:14], 0)}), "Order is not an array of its 14 fields"},
		{"nil path hexes", mp(t, []any{[]any{5, 1, 0, 0, 0, []any{nil}, 0, 0, 0, 0, 0, nil, 0, nil}}), "[0].Path[0]: Hex is not an array of its 2 fields"},
		{"hex as map", mp(t, []any{[]any{5, 1, 0, 0, 0, []any{map[string]int{"Q": 1, "R": 2}}, 0, 0, 0, 0, 0, nil, 0, nil}}), "Hex is not an array of its 2 fields"},
		{"bool as turn", mp(t, []any{[]any{true, 1, 0, 0, 0, nil, 0, 0, 0, 0, 0, nil, 0, nil}}), "orders: [0].Turn: an integer was expected, not a boolean"},
		// Integers that do not fit their field are refused, not cut to
		// its bits (army 2^32+11 would move army 11, kind 260 be kind 4).
		{"army 2^32+11", mp(t, []any{[]any{5, 1, uint64(1<<32 + 11), 0, 0, nil, 0, 0, 0, 0, 0, nil, 0, nil}}),
			"orders: [0].Army: 4294967307 is out of range (0 to 4294967295)"},
		{"kind 260", mp(t, []any{[]any{5, 260, 300, 0, 0, nil, 0, 0, 0, 0, 0, nil, 0, nil}}),
			"orders: [0].Kind: 260 is out of range (0 to 255)"},
		{"turn 2^32+5", mp(t, []any{[]any{uint64(1<<32 + 5), 1, 300, 0, 0, nil, 0, 0, 0, 0, 0, nil, 0, nil}}),
			"[0].Turn: 4294967301 is out of range (-2147483648 to 2147483647)"},
		{"unit -1", mp(t, []any{[]any{5, 70, 0, 1, 0, nil, 0, 0, -1, 1, 0, nil, 0, nil}}),
			"[0].Unit: -1 is out of range (0 to 255)"},
		{"count 2^31", mp(t, []any{[]any{5, 70, 0, 1, 0, nil, 0, 0, 0, uint64(1 << 31), 0, nil, 0, nil}}),
			"[0].Count: 2147483648 is out of range (-2147483648 to 2147483647)"},
		{"player 257", mp(t, []any{[]any{5, 70, 0, 1, 0, nil, 0, 0, 0, 0, 0, nil, 257, nil}}),
			"[0].Player: 257 is out of range (0 to 255)"},
		{"path hex 2^63", mp(t, []any{[]any{5, 1, 300, 0, 0, []any{[]any{uint64(1 << 63), 0}}, 0, 0, 0, 0, 0, nil, 0, nil}}),
			"[0].Path[0].Q: 9223372036854775808 is out of range"},
		{"units 2^32", mp(t, []any{[]any{5, 70, 0, 1, 0, nil, 0, 0, 0, 0, 0, nil, 0, []any{1, uint64(1 << 32)}}}),
			"[0].Units[1]: 4294967296 is out of range"},
		{"order for another turn", enc([]game.Order{move(5), move(4)}), "order 2 is for turn 4, not turn 5"},
		{"order for no turn", enc([]game.Order{{Kind: game.OrderMove}}), "order 1 is for turn 0, not turn 5"},
		{"too many orders", enc(many(game.MaxOrders+1, 5)), "4097 orders: at most 4096 a turn"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			orders, err := hexgame.DecodeOrders(tt.have, 5)
			if tt.want != "" {
				if err == nil || !strings.Contains(err.Error(), tt.want) || orders != nil {
					t.Errorf("have %d orders, %v; want an error with %q", len(orders), err, tt.want)
				}
				return
			}
			if err != nil {
				t.Fatalf("have %v, want valid", err)
			}
			again, err := hexgame.EncodeOrders(orders)
			if err != nil {
				t.Fatal(err)
			}
			back, err := hexgame.DecodeOrders(again, 5)
			if len(orders) == 0 {
				orders = []game.Order{} // nil encodes as the empty list
			}
			if err != nil || !reflect.DeepEqual(back, orders) {
				t.Errorf("the orders decoded do not encode and decode to themselves: %v", err)
			}
		})
	}
	orders, err := hexgame.DecodeOrders(valid, 5)
	if err != nil || !reflect.DeepEqual(orders, []game.Order{move(5), move(5)}) {
		t.Errorf("two moves decode to %+v, %v", orders, err)
	}
}

// TestDecodeViewsAndEvents: the view, delta and event decoders a client
// runs on the server's payloads refuse what the protocol refused when
// views and events were its own.
func TestDecodeViewsAndEvents(t *testing.T) {
	rs := erfworldRules(t)
	g := newGame(t, rs, 6)
	first := g.View(1, false)
	view, err := first.Encode()
	if err != nil {
		t.Fatal(err)
	}
	ai, err := rs.NewAI("normal", 1)
	if err != nil {
		t.Fatal(err)
	}
	var subs []ruleset.Submission
	for _, s := range g.Step().Actors {
		orders, err := ai.Act(g.View(s, false), g.Step(), s)
		if err != nil {
			t.Fatal(err)
		}
		subs = append(subs, ruleset.Submission{Seat: s, Orders: orders})
	}
	firstOf2 := g.View(2, false)
	out, err := g.Resolve(subs)
	if err != nil {
		t.Fatal(err)
	}
	second := g.View(1, false)
	delta, err := first.Diff(second)
	if err != nil {
		t.Fatal(err)
	}
	events, err := out.Events(1, false)
	if err != nil {
		t.Fatal(err)
	}
	decodeView := func(b []byte) error { _, err := rs.DecodeView(b); return err }
	applyDelta := func(b []byte) error { _, err := first.Apply(b); return err }
	decodeEvents := func(b []byte) error { _, err := hexgame.DecodeEvents(b, rs.Rules()); return err }
	bomb := []byte{0xdd, 0xff, 0xff, 0xff, 0xff}
	none, err := hexgame.EncodeEvents(nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	// The events of protocol version 4: a list of events of 12 fields.
	oldEvents := mp(t, []any{[]any{1, 1, 3, 1, 0, 0, nil, nil, false, 0, "", nil}})
	// compact returns a payload of the compact form whose body is body.
	compact := func(dict uint32, strs []string, body ...byte) []byte {
		return mp(t, []any{2, 2, dict, strs, body})
	}
	tests := []struct {
		name   string
		decode func([]byte) error
		have   []byte
		want   string // "" for valid
	}{
		{"view", decodeView, view, ""},
		{"view bomb", decodeView, bomb, "decode view: byte 0: 4294967295 elements claimed"},
		{"bad view", decodeView, mp(t, []any{[]any{1, 2, 3}, 0}), "decode view:"},
		{"view as map", decodeView, mp(t, map[string]int{"Turn": 1}), "decode view:"},
		{"truncated view", decodeView, view[:len(view)-1], "decode view:"},
		{"padded view", decodeView, append(bytes.Clone(view), 0xc0), "decode view: 1 extra bytes after the value"},
		{"no view", decodeView, nil, "decode view:"},

		{"delta", applyDelta, delta, ""},
		{"delta bomb", applyDelta, bomb, "decode delta: byte 0: 4294967295 elements claimed"},
		{"bad delta", applyDelta, mp(t, []any{1, 2, 3}), "decode delta:"},
		{"truncated delta", applyDelta, delta[:len(delta)-1], "decode delta: truncated"},
		{"padded delta", applyDelta, append(bytes.Clone(delta), 0x01), "decode delta: 1 extra bytes after the value"},
		{"a view as a delta", applyDelta, view, "decode delta:"},

		{"events", decodeEvents, events, ""},
		{"no events", decodeEvents, none, ""},
		{"events bomb", decodeEvents, bomb, "events: byte 0: 4294967295 elements claimed"},
		{"events of version 4", decodeEvents, oldEvents, "events: events not in this build's form: a list of events, the form of protocol version 4"},
		{"no events of version 4", decodeEvents, []byte{0x90}, "events: events not in this build's form: an empty list, the form of protocol version 4"},
		{"a later form", decodeEvents, mp(t, []any{3, 2, 0, []string{}, []byte{}}), "events: events not in this build's form: compact form 3, this build reads 2"},
		{"the form of protocol version 8", decodeEvents, mp(t, []any{1, 2, 0, []string{}, []byte{}}), "events: events not in this build's form: compact form 1, this build reads 2"},
		{"another dictionary", decodeEvents, compact(12345, nil, 0x80, 0x04, 1), "events not in this build's form: their texts use the templates of hash 0x00003039"},
		{"events as map", decodeEvents, mp(t, map[string]int{"Turn": 1}), "eventsWire is not an array of its 5 fields"},
		{"truncated events", decodeEvents, events[:len(events)-1], "bytes claimed"},
		{"truncated event", decodeEvents, compact(0, nil, 0x02), "events: event 0: army: truncated"},
		{"flags overflow", decodeEvents, compact(0, nil, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01), "events: event 0: flags: the varint overflows 64 bits"},
		{"unknown flags", decodeEvents, compact(0, nil, 0x80, 0x80, 0x01), "events: event 0: flags: 16384 is more than 16383"},
		{"player out of range", decodeEvents, compact(0, nil, 0x01, 0x80, 0x02), "events: event 0: player: 256 is more than 255"},
		{"bad direction", decodeEvents, compact(0, nil, 0x48, 0x00, 0x00, 0x06), "events: event 0: direction: 6 is more than 5"},
		{"no such string", decodeEvents, compact(0, nil, 0x80, 0x10, 0x02), "events: event 0: text: string 0 of 0"},
		{"a template not named", decodeEvents, compact(0, nil, 0x80, 0x10, 0x01), "events: event 0: text: template 0 of a dictionary of"},
		{"a template's number missing", decodeEvents, compact(0, []string{"paid \x00"}, 0x80, 0x10, 0x02), "events: event 0: text number: truncated"},
		{"from an army's last hex, with none", decodeEvents, compact(0, nil, 0x12, 0x02), "events: event 0: from: army 1 has no event before"},
		{"army out of range", decodeEvents, compact(0, nil, 0x02, 0x01), "events: event 0: army: -1 is out of range (0 to 4294967295)"},
		{"army count bomb", decodeEvents, compact(0, nil, 0x80, 0x20, 0x00, 0x01, 0x01, 0x01, 0xff, 0xff, 0x03), "events: event 0: side armies count: 65535 elements, 0 bytes left"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := tt.decode(tt.have)
			switch {
			case tt.want == "" && err != nil:
				t.Errorf("have %v, want valid", err)
			case tt.want != "" && (err == nil || !strings.Contains(err.Error(), tt.want)):
				t.Errorf("have %v, want an error with %q", err, tt.want)
			}
		})
	}

	// A delta fits only the view it was made from.
	if _, err := firstOf2.Apply(delta); err == nil || !strings.Contains(err.Error(), "made for player 1") {
		t.Errorf("seat 1's delta applied to seat 2's view: %v", err)
	}
	if _, err := second.Apply(delta); err == nil || !strings.Contains(err.Error(), "made from turn 1's view, applied to turn 2's") {
		t.Errorf("a delta applied twice: %v", err)
	}
}

// TestGolden pins the wire form of orders and events, which clients of
// this protocol version read: if it fails, bump protocol.Version.
func TestGolden(t *testing.T) {
	orders, err := hexgame.EncodeOrders([]game.Order{
		{Turn: 4, Kind: game.OrderMove, Army: 300, Path: []hex.Hex{{Q: 1, R: -1}, {Q: 2, R: -1}}},
	})
	if err != nil {
		t.Fatal(err)
	}
	if have, want := fmt.Sprintf("%x", orders), "91"+"9e"+"0401cd012c0000"+"92"+"9201ff"+"9202ff"+"0000000000"+"920000"+"00c0"; have != want {
		t.Errorf("orders:\nhave %s\nwant %s", have, want)
	}
	events, err := hexgame.EncodeEvents([]game.Event{
		{Turn: 2, Step: 1, Kind: game.EventMove, Player: 1, Army: 9, From: hex.Hex{Q: 1}, To: hex.Hex{Q: 2}, HasHex: true},
	}, nil)
	if err != nil {
		t.Fatal(err)
	}
	// [version 2, turn 2, no dictionary, no strings, body]: the flags
	// (player, army, hex, from a hex, to a neighbour, kind, step),
	// player 1, army 9 (from 0, zigzagged), from (1,0) zigzagged, east,
	// kind 1, step 1 zigzagged.
	if have, want := fmt.Sprintf("%x", events), "95"+"02"+"02"+"00"+"90"+"c409"+"cf03"+"01"+"12"+"0200"+"00"+"01"+"02"; have != want {
		t.Errorf("events:\nhave %s\nwant %s", have, want)
	}
	if none, err := hexgame.EncodeEvents(nil, nil); err != nil || !bytes.Equal(none, []byte{0x95, 0x02, 0x00, 0x00, 0x90, 0xc4, 0x00}) {
		t.Errorf("no events encode as % x, %v; want the compact form with an empty body", none, err)
	}
}

// TestDecodeOrdersAllocation decodes orders of the client limit's size (1
// MiB) built to make the decoder allocate as much as possible, and checks
// that it allocates at most 24 bytes per byte of input (about 19
// measured), whether it then accepts the orders or not.
func TestDecodeOrdersAllocation(t *testing.T) {
	const limit = 1 << 20
	n := func(size int) int { return (limit - 64) / size }
	list := func(k int, item any) []any {
		out := make([]any, k)
		for i := range out {
			out[i] = item
		}
		return out
	}
	tests := []struct {
		name string
		have []byte
		want string // the error DecodeOrders returns, "" for none
	}{
		// One order whose path is the most hexes that fit (3 bytes each,
		// 16 bytes of hex.Hex decoded).
		{"path hexes", mp(t, []any{[]any{1, 1, 0, 0, 0, list(n(3), []any{0, 0}), 0, 0, 0, 0, 0, nil, 0, nil}}), ""},
		// As many orders as fit, each the smallest a list takes.
		{"smallest orders", mp(t, list(n(15), []any{1, 0, 0, 0, 0, nil, 0, 0, 0, 0, 0, nil, 0, nil})), "orders: at most 4096 a turn"},
		// An order of nil units.
		{"nil units", mp(t, []any{[]any{1, 1, 0, 0, 0, nil, 0, 0, 0, 0, 0, nil, 0, make([]any, n(1))}}), ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var ms runtime.MemStats
			runtime.ReadMemStats(&ms)
			before := ms.TotalAlloc
			_, err := hexgame.DecodeOrders(tt.have, 1)
			runtime.ReadMemStats(&ms)
			if tt.want == "" && err != nil || tt.want != "" && (err == nil || !strings.Contains(err.Error(), tt.want)) {
				t.Errorf("have %v, want %q", err, tt.want)
			}
			ratio := float64(ms.TotalAlloc-before) / float64(len(tt.have))
			t.Logf("%d bytes: %.1f bytes allocated per byte", len(tt.have), ratio)
			if ratio > 24 {
				t.Errorf("%.1f bytes allocated per byte of input", ratio)
			}
		})
	}
}

// TestConfig: CheckConfig and New accept the settings' bounds and refuse,
// in the player's words, what is out of them, and more players than the
// map holds.
func TestConfig(t *testing.T) {
	rs := erfworldRules(t)
	size := func(w, h int) ruleset.Options { return ruleset.Options{ruleset.KeyWidth: w, ruleset.KeyHeight: h} }
	most := mapgen.MaxPlayersFor(16, 16)
	tests := []struct {
		name string
		have ruleset.Config
		want string
	}{
		{"defaults", ruleset.Config{Seats: 2}, ""},
		{"smallest map, most players", ruleset.Config{Seats: most, Options: size(16, 16)}, ""},
		{"one player", ruleset.Config{Seats: 1}, "1 players: Erfworld Empires is for 2 to 16"},
		{"17 players", ruleset.Config{Seats: 17}, "17 players: Erfworld Empires is for 2 to 16"},
		{"narrow", ruleset.Config{Seats: 2, Options: size(15, 32)}, "map width 15: must be 16 to 512"},
		{"tall", ruleset.Config{Seats: 2, Options: size(32, 600)}, "map height 600: must be 16 to 512"},
		{"unknown option", ruleset.Config{Seats: 2, Options: ruleset.Options{"fog": 1}}, `Erfworld Empires has no setting "fog"`},
		{"crowded", ruleset.Config{Seats: most + 1, Options: size(16, 16)},
			fmt.Sprintf("a 16x16 map holds at most %d players: make it larger or seat fewer", most)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := rs.CheckConfig(tt.have)
			g, newErr := rs.New(tt.have)
			if tt.want == "" {
				if err != nil || newErr != nil {
					t.Errorf("have %v and %v, want valid", err, newErr)
				}
				return
			}
			if err == nil || err.Error() != tt.want {
				t.Errorf("CheckConfig: have %v, want %q", err, tt.want)
			}
			if newErr == nil || newErr.Error() != tt.want || g != nil {
				t.Errorf("New: have %v, want %q", newErr, tt.want)
			}
		})
	}
	g, err := rs.New(ruleset.Config{Seats: 2, Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	if s := g.(*hexgame.Game).State(); s.Map.Width != 48 || s.Map.Height != 32 {
		t.Errorf("a game of the default settings has a %dx%d map, want 48x32", s.Map.Width, s.Map.Height)
	}
}

// TestRuleset: the info, data and AI levels, copies that do not share
// memory with the ruleset, and the refusals of Load and NewAI.
func TestRuleset(t *testing.T) {
	rs := erfworldRules(t)
	in := rs.Info()
	if in.ID != "erfworld" || in.Board != "hex" || !in.HasMap() || in.Hash != ruleset.HashData(rs.Data()) {
		t.Errorf("info %+v", in)
	}
	file, err := fs.ReadFile(assets.Rules(), erfworld.File)
	if err != nil || !bytes.Equal(file, rs.Data()) {
		t.Errorf("the ruleset's data is not the built-in %s (%v)", erfworld.File, err)
	}
	in.Settings[0].Max = 1
	in.Levels[0] = "changed"
	data := rs.Data()
	data[0] ^= 0xff
	if again := rs.Info(); again.Settings[0].Max == 1 || again.Levels[0] == "changed" || again.Hash != ruleset.HashData(rs.Data()) {
		t.Error("changing the info or data returned changed the ruleset's")
	}
	for _, level := range rs.Info().Levels {
		if _, err := rs.NewAI(level, 1); err != nil {
			t.Errorf("level %s: %v", level, err)
		}
	}
	if _, err := rs.NewAI("genius", 1); err == nil || err.Error() != `Erfworld Empires has no AI level "genius" (it has [passive random easy normal hard])` {
		t.Errorf("an unknown level: %v", err)
	}

	s := newGame(t, rs, 2).State().Clone()
	s.Ruleset = "risk"
	foreign, err := game.Encode(s)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		have []byte
		want string
	}{
		{"empty", nil, "decode game: empty save"},
		{"garbage", []byte("not a save"), "decode game: not a saved game"},
		{"truncated", foreign[:len(foreign)/2], "decode game: corrupt save"},
		{"another ruleset", foreign, `the game is of ruleset "risk", not "erfworld"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if g, err := rs.Load(tt.have); err == nil || !strings.Contains(err.Error(), tt.want) || g != nil {
				t.Errorf("have %v, %v; want an error with %q", g, err, tt.want)
			}
		})
	}

	var other otherView
	if _, err := rs.Game(s).View(1, false).Diff(other); err == nil || !strings.Contains(err.Error(), "is no hex view") {
		t.Errorf("a diff to a view of another ruleset: %v", err)
	}
	ai, _ := rs.NewAI("random", 1)
	if _, err := ai.Act(other, ruleset.Step{}, 1); err == nil || !strings.Contains(err.Error(), "is no hex view") {
		t.Errorf("the AI given a view of another ruleset: %v", err)
	}
}

// otherView is a view of some other ruleset.
type otherView struct{ ruleset.View }

// TestWithData: a mod's data makes a ruleset of the same id with another
// hash that plays the mod's numbers, leaving the original alone; broken
// data is refused naming the file and the line or key.
func TestWithData(t *testing.T) {
	rs := erfworldRules(t)
	data := rs.Data()
	edited := bytes.Replace(data, []byte("replace_after_missed = 2"), []byte("replace_after_missed = 3"), 1)
	if bytes.Equal(edited, data) {
		t.Fatal("erfworld.toml has no replace_after_missed = 2 to edit")
	}
	modded, err := rs.WithData(edited)
	if err != nil {
		t.Fatal(err)
	}
	mi := modded.Info()
	if mi.ID != "erfworld" || mi.Hash == rs.Info().Hash || mi.Hash != ruleset.HashData(edited) || !bytes.Equal(modded.Data(), edited) {
		t.Errorf("the mod's info %+v", mi)
	}
	g, err := modded.New(ruleset.Config{Seats: 2, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	if g.ReplaceAfter() != 3 || newGame(t, rs, 1).ReplaceAfter() != 2 {
		t.Errorf("the mod's game replaces after %d missed turns, want 3 (the original 2)", g.ReplaceAfter())
	}

	key := []byte("replace_after_missed = 2")
	line := bytes.Count(data[:bytes.Index(data, key)], []byte("\n")) + 1
	tests := []struct {
		name string
		have []byte
		want []string // parts of the error
	}{
		{"a syntax error", bytes.Replace(data, key, []byte("replace_after_missed = = 2"), 1),
			[]string{"erfworld: ", fmt.Sprintf("erfworld.toml:%d: TOML syntax error", line)}},
		{"not TOML", []byte("id = \"erfworld\"\nname = \n"), []string{"erfworld.toml:2:"}},
		{"a value out of bounds", bytes.Replace(data, []byte("replace_after_missed = 2"), []byte("replace_after_missed = 0"), 1),
			[]string{"erfworld.toml", `key "autopilot.replace_after_missed"`}},
		{"empty", nil, []string{"erfworld.toml"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			x, err := rs.WithData(tt.have)
			if err == nil || x != nil {
				t.Fatalf("have %v, %v; want an error", x, err)
			}
			for _, w := range tt.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("have %v, want %q in it", err, w)
				}
			}
		})
	}
	if rs.Info().Hash != ruleset.HashData(data) {
		t.Error("WithData changed the ruleset it was called on")
	}
}

// TestNew: a hex ruleset needs the map settings, data its Parse reads, and
// an info Check accepts.
func TestNew(t *testing.T) {
	rs := erfworldRules(t)
	parse := func(data []byte) (hexgame.Rules, error) {
		d, err := erfworld.Parse(data)
		if err != nil {
			return nil, err
		}
		return erfworld.NewRules(d), nil
	}
	noMap := rs.Info()
	noMap.ID, noMap.Settings = "flat", nil
	noLevel := rs.Info()
	noLevel.ID, noLevel.DefaultLevel = "dumb", "genius"
	tests := []struct {
		name string
		spec hexgame.Spec
		want string
	}{
		{"no map", hexgame.Spec{Info: noMap, Data: rs.Data(), Parse: parse}, "flat: a hex ruleset needs the settings width and height"},
		{"bad info", hexgame.Spec{Info: noLevel, Data: rs.Data(), Parse: parse}, `ruleset dumb: default AI level "genius" is not one of`},
		{"bad data", hexgame.Spec{Info: rs.Info(), Data: []byte("x ="), Parse: parse}, "erfworld: erfworld.toml:1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if x, err := hexgame.New(tt.spec); err == nil || !strings.Contains(err.Error(), tt.want) || x != nil {
				t.Errorf("have %v, %v; want an error with %q", x, err, tt.want)
			}
		})
	}
	spec := hexgame.Spec{Info: rs.Info(), Data: rs.Data(), Parse: parse}
	spec.Info.Hash = "stale"
	x, err := hexgame.New(spec)
	if err != nil {
		t.Fatal(err)
	}
	if x.Info().Hash != rs.Info().Hash {
		t.Error("New does not fill the hash in from the data")
	}
	// Without Missed and ReplaceAfter, nobody is ever replaced.
	g := x.Game(newGame(t, rs, 1).State())
	if g.Missed(1) != 0 || g.ReplaceAfter() != 0 {
		t.Errorf("Missed %d, ReplaceAfter %d without the functions", g.Missed(1), g.ReplaceAfter())
	}
}

// TestDiffSaves names the fields of two saves' states that differ.
func TestDiffSaves(t *testing.T) {
	rs := erfworldRules(t)
	a := newGame(t, rs, 3).State()
	b := a.Clone()
	if d := hexgame.DiffStates(a, b); d != "" {
		t.Errorf("equal states: %q", d)
	}
	b.Turn++
	b.Cities = b.Cities[1:]
	b.Players[1].Name = "Zed"
	want := fmt.Sprintf("Turn 1 != 2; Players[1] differs; Cities: %d != %d entries", len(a.Cities), len(b.Cities))
	if have := hexgame.DiffStates(a, b); have != want {
		t.Errorf("have %q, want %q", have, want)
	}
	if have := hexgame.DiffStates(nil, b); have != "a state is missing" {
		t.Errorf("a missing state: %q", have)
	}
	sa, err := game.Encode(a)
	if err != nil {
		t.Fatal(err)
	}
	sb, err := game.Encode(b)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name       string
		have, want []byte
		diff       string
	}{
		{"equal", sa, sa, ""},
		{"differ", sa, sb, want},
		{"first broken", []byte{0xc1}, sb, "the first save does not decode: decode game:"},
		{"second broken", sa, nil, "the second save does not decode: decode game: empty save"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			have := rs.DiffSaves(tt.have, tt.want)
			if tt.diff == "" && have != "" || !strings.HasPrefix(have, tt.diff) {
				t.Errorf("have %q, want %q", have, tt.diff)
			}
		})
	}
}

// FuzzCheck feeds a game's Check arbitrary bytes as seat 1's orders: it
// never panics nor allocates much more than its input, and orders it
// takes (rejected or not) encode again to orders it judges the same way,
// holding every number of the input unchanged (none was cut to fit its
// field; the seeds hold numbers out of their fields' ranges).
func FuzzCheck(f *testing.F) {
	rs := erfworldRules(f)
	g := newGame(f, rs, 8)
	ai, err := rs.NewAI("normal", 1)
	if err != nil {
		f.Fatal(err)
	}
	orders, err := ai.Act(g.View(1, false), g.Step(), 1)
	if err != nil {
		f.Fatal(err)
	}
	f.Add(orders)
	f.Add([]byte{0x90})
	f.Add([]byte{0xdd, 0xff, 0xff, 0xff, 0xff})
	f.Add(mp(f, []any{[]any{1, 1, 0, 0, 0, []any{nil}, 0, 0, 0, 0, 0, nil, 0, nil}}))
	for _, big := range []any{uint64(1<<32 + 11), 260, -1, uint64(1 << 63)} {
		f.Add(mp(f, []any{[]any{1, big, big, big, big, []any{[]any{big, big}}, big, big, big, big, big, []any{big, 0}, big, []any{big}}}))
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for range 4 {
		o := game.Order{Turn: 1, Kind: game.OrderKind(rng.IntN(12)), Army: game.ArmyID(rng.IntN(40)), City: game.CityID(rng.IntN(20)),
			Path: []hex.Hex{{Q: rng.IntN(24), R: rng.IntN(20) - 10}}, Count: int32(rng.IntN(5)), Unit: game.UnitKind(rng.IntN(8))}
		b, _ := hexgame.EncodeOrders([]game.Order{o})
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		var ms runtime.MemStats
		runtime.ReadMemStats(&ms)
		before := ms.TotalAlloc
		refused, err := g.Check(1, data)
		runtime.ReadMemStats(&ms)
		if alloc := ms.TotalAlloc - before; alloc > uint64(64*len(data)+256<<10) {
			t.Fatalf("checking %d bytes allocated %d", len(data), alloc)
		}
		if err != nil {
			return
		}
		decoded, err := hexgame.DecodeOrders(data, 1)
		if err != nil {
			t.Fatalf("Check took orders DecodeOrders refuses: %v", err)
		}
		again, err := hexgame.EncodeOrders(decoded)
		if err != nil {
			t.Fatal(err)
		}
		if err := wiretest.IntegersKept(data, again); err != nil {
			t.Fatal(err)
		}
		refusedAgain, err := g.Check(1, again)
		if err != nil || len(refusedAgain) != len(refused) {
			t.Fatalf("the orders encoded again: %d rejections, %v; first %d", len(refusedAgain), err, len(refused))
		}
	})
}

// TestCounts: Counts is the number of armies and cities on the map, whoever
// holds them.
func TestCounts(t *testing.T) {
	g := newGame(t, erfworldRules(t), 3)
	have := g.Counts()
	s := g.State()
	want := map[string]int{"armies": len(s.Armies), "cities": len(s.Cities)}
	if !maps.Equal(have, want) {
		t.Errorf("have %v, want %v", have, want)
	}
	if have["cities"] < 3 {
		t.Errorf("cities: have %d, want at least the three capitals", have["cities"])
	}
}
