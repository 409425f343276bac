package generals

import (
	"bytes"
	"testing"

	"empires/shared/rules/generals/cards"
	"empires/shared/ruleset"
	"empires/shared/wire"
)

// sameAsMarshal fails t unless v's Encode is wire.Marshal's bytes and its
// Checksum wire.Checksum.
func sameAsMarshal(t *testing.T, v *View) {
	t.Helper()
	want, err := wire.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	got, err := v.Encode()
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		at := 0
		for at < min(len(got), len(want)) && got[at] == want[at] {
			at++
		}
		t.Fatalf("seat %d, step %d: Encode's %d bytes differ from Marshal's %d from byte %d on", v.Seat, v.Seq, len(got), len(want), at)
	}
	if have, want := v.Checksum(), wire.Checksum(v); have != want {
		t.Fatalf("seat %d, step %d: Checksum %x, wire.Checksum %x", v.Seat, v.Seq, have, want)
	}
}

// deltaAsMarshal fails t unless the delta Diff writes from prev to next
// is wire.Marshal's bytes of the Delta they hold.
func deltaAsMarshal(t *testing.T, prev, next *View) {
	t.Helper()
	got, err := prev.Diff(next)
	if err != nil {
		t.Fatal(err)
	}
	var d Delta
	if err := wire.Unmarshal(got, &d); err != nil {
		t.Fatal(err)
	}
	want, err := wire.Marshal(&d)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Fatalf("seat %d, step %d: Diff's %d bytes differ from Marshal's %d of the same delta", next.Seat, next.Seq, len(got), len(want))
	}
}

// TestViewWrittenAsMarshal: a view's Encode writes the bytes wire.Marshal
// encodes it to, and its Checksum is wire.Checksum, the FNV-1a 64 of those
// bytes (protocol section 17), on the views of every seat and of both
// spectators at every step of whole games of the AI, and on a view made
// by hand with what those games may lack; and Diff writes its delta from
// each seat's view of a step to the next as Marshal does.
func TestViewWrittenAsMarshal(t *testing.T) {
	var views, battles, hands, tables, harvests, winners, deltas int
	last := map[ruleset.Seat]*View{}
	check := func(g *game, seats int) {
		for s := 0; s <= seats; s++ {
			for _, all := range []bool{false, true} {
				if s > 0 && all {
					continue
				}
				v := g.view(ruleset.Seat(s), all)
				sameAsMarshal(t, v)
				if prev := last[ruleset.Seat(s)]; prev != nil && !all {
					deltaAsMarshal(t, prev, v)
					deltas++
				}
				if !all {
					last[ruleset.Seat(s)] = v
				}
				views++
				if v.Battle != nil {
					battles++
				}
				hands += len(v.Hand)
				winners += len(v.Winners)
				for _, p := range v.Players {
					tables += len(p.Table)
					for _, c := range p.Table {
						harvests += len(c.Harvest)
					}
				}
			}
		}
	}
	for seed := uint64(1); seed <= 2; seed++ {
		cfg := config(seed, 3, 20)
		rs := New()
		gg, err := rs.New(cfg)
		if err != nil {
			t.Fatal(err)
		}
		g := gg.(*game)
		ais := make([]ruleset.AI, cfg.Seats+1)
		for s := 1; s <= cfg.Seats; s++ {
			if ais[s], err = rs.NewAI("normal", seed*100+uint64(s)); err != nil {
				t.Fatal(err)
			}
		}
		for steps := 0; ; steps++ {
			check(g, cfg.Seats)
			if over, _ := g.Over(); over {
				break
			}
			if steps > 20000 {
				t.Fatalf("no end after %d steps", steps)
			}
			st := g.Step()
			p, act, err := ruleset.FirstAIAction(g, st, steps, func(s ruleset.Seat) ([]byte, error) {
				return ais[s].Act(g.View(s, false), st, s)
			})
			if err != nil {
				t.Fatal(err)
			}
			if _, err := g.Act(p, act); err != nil {
				t.Fatalf("step %d: seat %d's action refused: %v", st.Seq, p, err)
			}
		}
	}
	t.Logf("%d views, %d deltas: %d with a battle, %d cards in hands, %d on tables (%d harvests), %d winners", views, deltas, battles, hands, tables, harvests, winners)
	if battles == 0 || hands == 0 || tables == 0 || harvests == 0 || winners == 0 {
		t.Error("the games' views lack a part: the test proves less than it says")
	}
	gold := []cards.Amount{{N: 2, Resource: "gold"}, {N: -1, Resource: "a resource of a name longer than thirty-one bytes"}}
	sameAsMarshal(t, &View{Seat: 3, Seq: 70000, Phase: PhaseAttack, Turn: 300, Round: 9, Rounds: 40, Active: 2, Win: 20, Lose: -20,
		NoWin: true, Recycle: true, Pool: gold, Attacked: true, Epic: true, Banned: []CardID{"ultra"}, Winners: []ruleset.Seat{2, 1},
		Battle: &Battle{Attacker: 2, Unit: 9, Defender: 3, AtBattlefield: true, Blocker: 4, Tactics: 2, Pool: gold},
		Must:   &Must{Seat: 3, Count: 2}, Hand: []CardID{"a", "b"},
		Players: []PlayerView{{Seat: 1, Name: "Anna", Health: -3, Hand: 5, Draw: 30, Supply: 200, Discard: []CardID{"x"},
			Table: []InPlay{{Ref: 1 << 20, Card: "c", Zone: ZoneActs, Strength: 3, Life: 1, Pulled: true, Used: true,
				NoGeneral: true, CannotAttack: true, CannotBlock: true, Unblockable: true, Harvest: gold}},
			HandLimit: 7, Generals: 2, Passed: true, Out: true, Resigned: true, Place: 2, Waiting: true, Owed: gold}},
	})
}

// BenchmarkViews measures what a server does for every seat after a step
// (match.sendTurn, and whole's views+deltas+events): the seat's new view,
// its delta from the view of the step before, its checksum and its events,
// for the 20 seats of a game the normal AI has played for 200 steps.
// ns/op is the whole step's, all seats.
func BenchmarkViews(b *testing.B) {
	const seats, steps = 20, 200
	rs := New()
	gg, err := rs.New(config(1, seats, 5))
	if err != nil {
		b.Fatal(err)
	}
	g := gg.(*game)
	ais := make([]ruleset.AI, seats+1)
	for s := 1; s <= seats; s++ {
		if ais[s], err = rs.NewAI("normal", uint64(s)); err != nil {
			b.Fatal(err)
		}
	}
	prev := make([]ruleset.View, seats+1)
	var out ruleset.Outcome
	for i := range steps {
		if over, _ := g.Over(); over {
			b.Fatalf("the game ended before step %d", i)
		}
		for s := 1; s <= seats; s++ {
			prev[s] = g.View(ruleset.Seat(s), false)
		}
		st := g.Step()
		p, act, err := ruleset.FirstAIAction(g, st, i, func(s ruleset.Seat) ([]byte, error) { return ais[s].Act(prev[s], st, s) })
		if err != nil {
			b.Fatal(err)
		}
		if out, err = g.Act(p, act); err != nil {
			b.Fatal(err)
		}
	}
	b.ResetTimer()
	for b.Loop() {
		for s := 1; s <= seats; s++ {
			seat := ruleset.Seat(s)
			next := g.View(seat, false)
			if _, err := prev[s].Diff(next); err != nil {
				b.Fatal(err)
			}
			_ = next.Checksum()
			if _, err := out.Events(seat, false); err != nil {
				b.Fatal(err)
			}
		}
	}
}
