package risk

import (
	"go/parser"
	"go/token"
	"strconv"
	"strings"
	"testing"

	"empires/shared/ruleset"
	"empires/shared/wire"
)

// rule holds the package doc's numbered rules by number (read from
// risk.go), for the tests' logs.
var rule = func() map[int]string {
	out := map[int]string{}
	f, err := parser.ParseFile(token.NewFileSet(), "risk.go", nil, parser.ParseComments|parser.PackageClauseOnly)
	if err != nil {
		panic(err)
	}
	doc := f.Doc.Text()
	for n := 1; ; n++ {
		i := strings.Index(doc, " "+strconv.Itoa(n)+". ")
		if i < 0 {
			return out
		}
		j := strings.Index(doc[i+1:], " "+strconv.Itoa(n+1)+". ")
		if j < 0 {
			j = len(doc) - i - 1
		}
		out[n] = strings.Join(strings.Fields(doc[i:i+1+j]), " ")
	}
}()

// newGame starts a game of cfg.
func newGame(t *testing.T, cfg ruleset.Config) *game {
	t.Helper()
	g, err := New().New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return g.(*game)
}

// act plays seat s's action a (stamped with the step) on g.
func act(g *game, s ruleset.Seat, a Action) error {
	a.Seq = g.s.Seq
	b, err := wire.Marshal(&a)
	if err != nil {
		return err
	}
	_, err = g.Act(s, b)
	return err
}

// must fails the test on err.
func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// playTo plays a game of cfg with the normal AI in every seat (the random
// one in the trading step) until done reports true, and returns it there.
func playTo(t *testing.T, cfg ruleset.Config, done func(g *game) bool) *game {
	t.Helper()
	g := newGame(t, cfg)
	rs := New()
	ais := map[ruleset.Seat]ruleset.AI{}
	for s := 1; s <= cfg.Seats; s++ {
		a, err := rs.NewAI("normal", uint64(s))
		must(t, err)
		ais[ruleset.Seat(s)] = a
	}
	for steps := 0; steps < 5000; steps++ {
		if done(g) {
			return g
		}
		st := g.Step()
		if len(st.Actors) == 0 {
			break
		}
		s := st.Actors[int(st.Seq)%len(st.Actors)]
		b, err := ais[s].Act(g.View(s, false), st, s)
		must(t, err)
		if _, err := g.Act(s, b); err != nil {
			t.Fatalf("step %d: %v", st.Seq, err)
		}
	}
	t.Fatal("the game never reached the position wanted")
	return nil
}
