package empire

import (
	"strings"
	"testing"

	"empires/assets"
	"empires/shared/grid"
	rules "empires/shared/rules/empire"
	"empires/shared/rules/empire/world"
	"empires/shared/ruleset"
)

// testGame is a game of the empire rules on a map drawn as text, and the
// model of one player's view of it.
type testGame struct {
	t *testing.T
	r *rules.Rules
	g *rules.Game
	m *Model
	p rules.Seat
}

// newTestGame starts a game of seats players on the map text (package
// world's glyphs: . plains, ^ forest, M mountain, ~ sea, t a town, C a
// city, 1-9 a player's start city with its first garrison) and shows
// seat p's view in a model.
func newTestGame(t *testing.T, seats int, p rules.Seat, text string) *testGame {
	t.Helper()
	r, err := rules.Load(assets.Rules())
	if err != nil {
		t.Fatal(err)
	}
	mp, err := world.Parse(grid.Square, strings.TrimSpace(text))
	if err != nil {
		t.Fatal(err)
	}
	g, err := r.NewOnMap(mp, seats, []string{"Ann", "Bob", "Cid"}[:seats], 7)
	if err != nil {
		t.Fatal(err)
	}
	tg := &testGame{t: t, r: r, g: g, m: NewModel(r.Dat()), p: p}
	tg.m.SetView(tg.view())
	return tg
}

// view is the player's view of the game now.
func (tg *testGame) view() *rules.View { return tg.g.View(tg.p, false).(*rules.View) }

// at returns the position "x,y".
func at(x, y int) grid.Pos { return grid.Pos{X: x, Y: y} }

// garrisonAt returns the player's garrison on p.
func (tg *testGame) garrisonAt(p grid.Pos) *rules.Force {
	tg.t.Helper()
	for _, f := range tg.m.ForcesAt(p) {
		if f.Garrison {
			return f
		}
	}
	tg.t.Fatalf("no garrison of yours on %v", p)
	return nil
}

// check asks the game whether it accepts the model's orders, as the
// server does when they are sent, and fails the test on a refusal.
func (tg *testGame) check() {
	tg.t.Helper()
	data, ok := tg.m.Submission()
	if !ok {
		tg.t.Fatal("no submission")
	}
	rej, err := tg.g.Check(tg.p, data)
	if err != nil || len(rej) > 0 {
		tg.t.Fatalf("the rules refuse the orders %v: %v %+v", tg.m.Orders(), err, rej)
	}
}

// play sends the model's orders (the other seats give none), resolves
// the turn and shows it in the model, as the screen does with the
// server's update.
func (tg *testGame) play() {
	tg.t.Helper()
	var subs []ruleset.Submission
	if data, ok := tg.m.Submission(); ok {
		subs = append(subs, ruleset.Submission{Seat: tg.p, Orders: data})
	}
	out, err := tg.g.Resolve(subs)
	if err != nil {
		tg.t.Fatal(err)
	}
	b, err := out.Events(tg.p, false)
	if err != nil {
		tg.t.Fatal(err)
	}
	evs, err := rules.DecodeEvents(b)
	if err != nil {
		tg.t.Fatal(err)
	}
	tg.m.Resolved(tg.view(), evs)
}

// logText returns the log's lines of turn n, one a line.
func (tg *testGame) logText(n int) string {
	var out []string
	for _, l := range tg.m.Log() {
		if l.Turn == n {
			out = append(out, l.Text)
		}
	}
	return strings.Join(out, "\n")
}

// unitIDs returns the ids of units.
func unitIDs(units []rules.Unit) []rules.UnitID {
	out := make([]rules.UnitID, len(units))
	for i, u := range units {
		out[i] = u.ID
	}
	return out
}

// kind returns the kind of the unit named name plus one, as orders and
// settlements hold it.
func (tg *testGame) kind(name string) int {
	tg.t.Helper()
	k, ok := tg.r.Dat().Kind(name)
	if !ok {
		tg.t.Fatalf("no unit %s", name)
	}
	return int(k) + 1
}
