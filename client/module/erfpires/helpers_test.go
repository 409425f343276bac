package erfpires

import (
	"fmt"
	"strings"
	"testing"

	"empires/client/model"
	"empires/shared/game"
	"empires/shared/hex"
	"empires/shared/hexmap"
	ep "empires/shared/rules/erfpires"
)

// Test maps are drawn with the terrain glyphs of erfpires.toml: '.'
// Plains, 'f' Forest, 'n' Hills, '^' Mountain, '~' Ocean. Odd rows are
// shifted right.

// smallMap is the map of most tests. Red's city stands at 2,2: its
// neighbours are Forest to the NW (1,1), Mountain to the NE (2,1), Ocean
// to the E (3,2), and Plains to the W (1,2), SW (1,3) and SE (2,3).
//
//	col:  0 1 2 3 4 5 6 7 8 9
const smallMap = `
. . . . . . . . . .
 . f ^ . . . . . . .
. . . ~ . . . . . .
 . . . . . . . . . .
. . . . . . . . . .
 . . . . . . . . . .`

// at returns the hex at offset column col, row row.
func at(col, row int) hex.Hex { return hex.FromOffset(hex.Offset{Col: col, Row: row}) }

// loadRules returns the embedded erfpires ruleset.
func loadRules(t testing.TB) *ep.Rules {
	t.Helper()
	d, err := ep.Default()
	if err != nil {
		t.Fatal(err)
	}
	return ep.NewRules(d)
}

// scenario returns the rules and a game of Red, Blue and Green (players
// 1, 2, 3) on the map drawn in text, with no cities or armies.
func scenario(t testing.TB, text string) (*ep.Rules, *game.State) {
	t.Helper()
	r := loadRules(t)
	m, err := hexmap.Parse(text, r.D.Terrain)
	if err != nil {
		t.Fatal(err)
	}
	return r, r.NewGameOn(m, 1, 3, []string{"Red", "Blue", "Green"})
}

// addCity adds a city of p at (col, row) and records vision.
func addCity(r *ep.Rules, s *game.State, p game.PlayerID, col, row int) game.CityID {
	id := s.AddCity(game.City{Owner: p, Hex: at(col, row), Level: 1})
	game.RecordVision(s, r)
	return id
}

// addArmy adds an army of p at (col, row) with the units spec lists ("2
// infantry, 1 heavy") and records vision.
func addArmy(t testing.TB, r *ep.Rules, s *game.State, p game.PlayerID, col, row int, spec string) game.ArmyID {
	t.Helper()
	id := s.AddArmy(game.Army{Owner: p, Hex: at(col, row), Units: units(t, r, spec)})
	game.RecordVision(s, r)
	return id
}

// addStructure adds a structure of kind id ("farm") of p at (col, row)
// and records vision.
func addStructure(t testing.TB, r *ep.Rules, s *game.State, p game.PlayerID, id string, col, row int) game.StructureID {
	t.Helper()
	k, ok := r.D.StructureKind(id)
	if !ok {
		t.Fatalf("no structure %q", id)
	}
	sid := s.AddStructure(game.Structure{Kind: k, Owner: p, Hex: at(col, row)})
	game.RecordVision(s, r)
	return sid
}

// units parses "2 infantry, 1 heavy" into counts by kind.
func units(t testing.TB, r *ep.Rules, spec string) game.Units {
	t.Helper()
	u := make(game.Units, len(r.D.Units))
	for _, part := range strings.Split(spec, ",") {
		var n int32
		var id string
		if _, err := fmt.Sscanf(strings.TrimSpace(part), "%d %s", &n, &id); err != nil {
			t.Fatalf("units %q: %v", spec, err)
		}
		k, ok := r.D.UnitKind(id)
		if !ok {
			t.Fatalf("units %q: no unit %q", spec, id)
		}
		u[k] += n
	}
	return game.Units(nil).Add(u)
}

// modelOf returns a model of the module's rules holding player p's view
// of s, as the server sends it.
func modelOf(t testing.TB, r *ep.Rules, s *game.State, p game.PlayerID) *model.Model {
	t.Helper()
	m := model.New(Rules{Rules: r})
	if err := m.SetFullView(game.NewView(s, p)); err != nil {
		t.Fatal(err)
	}
	return m
}

// choice returns the choice labelled label of cs, and false if none.
func choice(cs []model.Choice, label string) (model.Choice, bool) {
	for _, c := range cs {
		if c.Label == label {
			return c, true
		}
	}
	return model.Choice{}, false
}

// labels returns the choices' labels.
func labels(cs []model.Choice) []string {
	var out []string
	for _, c := range cs {
		out = append(out, c.Label)
	}
	return out
}

// want is a choice wanted: its label and a part of its reason ("" for
// allowed, "-" for no such choice).
type want struct {
	label, reason string
}

// checkChoices checks cs against wants.
func checkChoices(t *testing.T, cs []model.Choice, wants []want) {
	t.Helper()
	for _, w := range wants {
		c, ok := choice(cs, w.label)
		switch {
		case w.reason == "-":
			if ok {
				t.Errorf("%q offered, want none (reason %q)", w.label, c.Reason)
			}
		case !ok:
			t.Errorf("no choice %q; have %q", w.label, labels(cs))
		case w.reason == "" && c.Reason != "":
			t.Errorf("%q refused: %q; want it allowed", w.label, c.Reason)
		case w.reason != "" && !strings.Contains(c.Reason, w.reason):
			t.Errorf("%q: reason %q, want it to say %q", w.label, c.Reason, w.reason)
		}
	}
}

// refusal returns why the real rules refuse orders of p on the state of
// m's view (game.ViewState, as the server's validation of what p knows),
// "" if they accept them.
func refusal(r *ep.Rules, m *model.Model, orders []game.Order) string {
	var why []string
	for _, e := range game.ValidateOrders(game.ViewState(m.View()), r, m.You(), orders) {
		why = append(why, e.Reason)
	}
	return strings.Join(why, "; ")
}
