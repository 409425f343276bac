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
	doc, _, _ := strings.Cut(f.Doc.Text(), "# Payloads")
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

// decodeAction reads an action's bytes.
func decodeAction(b []byte) (Action, error) {
	var a Action
	err := wire.Unmarshal(b, &a)
	return a, err
}
