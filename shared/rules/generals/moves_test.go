package generals

import (
	"math/rand/v2"
	"slices"
	"testing"

	"empires/shared/rules/generals/cards"
	"empires/shared/ruleset"
	"empires/shared/wire"
)

// play plays a game of cfg to its end with the random AI in every seat,
// calling each with the game before every step; it returns the game.
func play(t testing.TB, cfg ruleset.Config, each func(g *game, st ruleset.Step)) *game {
	t.Helper()
	rs := New()
	gg, err := rs.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	g := gg.(*game)
	ais := map[ruleset.Seat]ruleset.AI{}
	for s := 1; s <= cfg.Seats; s++ {
		ais[ruleset.Seat(s)], _ = rs.NewAI("random", cfg.Seed*100+uint64(s))
	}
	for steps := 0; ; steps++ {
		if over, _ := g.Over(); over {
			return g
		}
		if steps > 20000 {
			t.Fatalf("no end after %d steps", steps)
		}
		st := g.Step()
		if each != nil {
			each(g, st)
		}
		p := st.Actors[steps%len(st.Actors)]
		act, err := ais[p].Act(g.View(p, false), st, p)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := g.Act(p, act); err != nil {
			t.Fatalf("step %d: seat %d's action refused: %v", st.Seq, p, err)
		}
	}
}

// TestMoves: every action Moves lists for an actor is accepted by Act
// (tried on a copy of the game), and actions made at random that Moves
// does not list are refused, in random games at 2 to 4 seats.
func TestMoves(t *testing.T) {
	rs := New()
	tried, refused := 0, 0
	for seed := uint64(1); seed <= 6; seed++ {
		rng := rand.New(rand.NewPCG(seed, 7))
		cfg := config(seed, 2+int(seed%3), 6)
		play(t, cfg, func(g *game, st ruleset.Step) {
			save, err := g.Save()
			if err != nil {
				t.Fatal(err)
			}
			for _, p := range st.Actors {
				v := g.view(p, false)
				moves := rs.Moves(v)
				if len(moves) == 0 {
					t.Fatalf("step %d: actor %d has no move", st.Seq, p)
				}
				for _, m := range moves {
					copyG, err := rs.Load(save)
					if err != nil {
						t.Fatal(err)
					}
					b, _ := wire.Marshal(&m)
					if _, err := copyG.Act(p, b); err != nil {
						t.Fatalf("step %d: seat %d's move %+v refused: %v", st.Seq, p, m, err)
					}
					tried++
				}
				for range 4 {
					a := randomAction(rng, v)
					if slices.ContainsFunc(moves, func(m Action) bool { return sameAction(rs, m, a) }) {
						continue
					}
					copyG, _ := rs.Load(save)
					b, _ := wire.Marshal(&a)
					if _, err := copyG.Act(p, b); err == nil {
						t.Fatalf("step %d: seat %d's action %+v is not among Moves, and Act took it", st.Seq, p, a)
					}
					refused++
				}
			}
		})
	}
	t.Logf("%d moves accepted, %d other actions refused", tried, refused)
}

// sameAction reports whether a and b are the same action: the same kind
// and the same fields of those the kind uses (types.go).
func sameAction(rs *Rules, a, b Action) bool {
	x, _ := wire.Marshal(canonical(rs, a))
	y, _ := wire.Marshal(canonical(rs, b))
	return string(x) == string(y)
}

// canonical returns a with only the fields its kind uses.
func canonical(rs *Rules, a Action) *Action {
	c := Action{Seq: a.Seq, Kind: a.Kind}
	switch a.Kind {
	case ActOpening:
		c.Count = a.Count
	case ActDraw:
		c.Supply = a.Supply
	case ActCard:
		c.Hand, c.Card, c.Targets = a.Hand, a.Card, a.Targets
		if card, ok := rs.Card(a.Card); ok && card.ID.Kind == cards.General {
			c.Battlefield = a.Battlefield
		}
	case ActAbility:
		c.Unit, c.Rule, c.Targets = a.Unit, a.Rule, a.Targets
	case ActMove:
		c.Unit, c.Battlefield = a.Unit, a.Battlefield
	case ActDiscardPlay, ActBlock:
		c.Unit = a.Unit
	case ActAttack:
		c.Unit, c.Seat = a.Unit, a.Seat
	case ActDiscard:
		c.Cards = a.Cards
	}
	if len(c.Targets) == 0 {
		c.Targets = nil
	}
	return &c
}

// randomAction makes an action of v's step at random, of any kind, with
// small numbers: mostly illegal.
func randomAction(rng *rand.Rand, v *View) Action {
	a := Action{Seq: v.Seq, Kind: ActionKind(rng.IntN(int(ActStop)) + 1)}
	a.Count = rng.IntN(9) - 1
	a.Supply = rng.IntN(2) == 0
	a.Battlefield = rng.IntN(2) == 0
	a.Unit = Ref(rng.IntN(int(v.maxRef()) + 2))
	a.Seat = ruleset.Seat(rng.IntN(len(v.Players) + 1))
	a.Rule = rng.IntN(3)
	if len(v.Hand) > 0 {
		a.Hand = rng.IntN(len(v.Hand))
		a.Card = v.Hand[a.Hand]
	}
	if rng.IntN(2) == 0 {
		a.Targets = []Target{{Seat: a.Seat}}
	}
	for range rng.IntN(3) {
		a.Cards = append(a.Cards, rng.IntN(len(v.Hand)+1))
	}
	return a
}

// maxRef is the highest Ref in play in v.
func (v *View) maxRef() Ref {
	var m Ref
	for _, p := range v.Players {
		for _, c := range p.Table {
			m = max(m, c.Ref)
		}
	}
	return m
}
