package erfpires

import (
	"fmt"
	"strings"
	"testing"

	"empires/shared/game"
	"empires/shared/hex"
	"empires/shared/hexmap"
)

// Test maps are drawn with the terrain glyphs of erfpires.toml:
// '.' Plains, 'f' Forest, 'n' Hills, '^' Mountain, '~' Ocean.

// load returns the embedded ruleset data.
func load(t testing.TB) *Ruleset {
	t.Helper()
	d, err := Default()
	if err != nil {
		t.Fatalf("embedded %s: %v", File, err)
	}
	return d
}

// scenario returns the rules and a game of players players on the map
// drawn in text, with no cities or armies; vision is recorded by the
// helpers that add them.
func scenario(t testing.TB, text string, players int) (*Rules, *game.State) {
	t.Helper()
	r := NewRules(load(t))
	m, err := hexmap.Parse(text, r.D.Terrain)
	if err != nil {
		t.Fatal(err)
	}
	return r, r.NewGameOn(m, 1, players, nil)
}

// at returns the hex at offset column col, row row.
func at(col, row int) hex.Hex { return hex.FromOffset(hex.Offset{Col: col, Row: row}) }

// addCity adds a city of p at (col, row) and records vision.
func addCity(r *Rules, s *game.State, p game.PlayerID, col, row int) game.CityID {
	id := s.AddCity(game.City{Owner: p, Hex: at(col, row), Level: 1})
	game.RecordVision(s, r)
	return id
}

// addArmy adds an army of p at (col, row) with the units spec lists ("2
// infantry, 1 heavy") and records vision.
func addArmy(t testing.TB, r *Rules, s *game.State, p game.PlayerID, col, row int, spec string) game.ArmyID {
	t.Helper()
	id := s.AddArmy(game.Army{Owner: p, Hex: at(col, row), Units: units(t, r, spec)})
	game.RecordVision(s, r)
	return id
}

// addStructure adds a structure of kind id ("farm") of p at (col, row)
// and records vision.
func addStructure(t testing.TB, r *Rules, s *game.State, p game.PlayerID, id string, col, row int) game.StructureID {
	t.Helper()
	sid := s.AddStructure(game.Structure{Kind: kindOf(t, r, id), Owner: p, Hex: at(col, row)})
	game.RecordVision(s, r)
	return sid
}

// kindOf returns the structure kind of id.
func kindOf(t testing.TB, r *Rules, id string) game.StructureKind {
	t.Helper()
	k, ok := r.D.StructureKind(id)
	if !ok {
		t.Fatalf("no structure %q", id)
	}
	return k
}

// units parses "2 infantry, 1 heavy" into counts by kind.
func units(t testing.TB, r *Rules, spec string) game.Units {
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

// Orders for the current day of s.

func taxOrder(s *game.State) game.Order { return game.Order{Turn: s.Turn, Kind: OrderTax} }

func tradeOrder(s *game.State, q game.PlayerID) game.Order {
	return game.Order{Turn: s.Turn, Kind: OrderTrade, Player: q}
}

func tributeOrder(s *game.State, q game.PlayerID) game.Order {
	return game.Order{Turn: s.Turn, Kind: OrderTribute, Player: q}
}

func recruitOrder(t testing.TB, r *Rules, s *game.State, c game.CityID, spec string) game.Order {
	return game.Order{Turn: s.Turn, Kind: OrderRecruit, City: c, Units: units(t, r, spec)}
}

func cityOrder(s *game.State, col, row int) game.Order {
	return game.Order{Turn: s.Turn, Kind: OrderBuildCity, Hex: at(col, row)}
}

func buildOrder(t testing.TB, r *Rules, s *game.State, id string, col, row int) game.Order {
	return game.Order{Turn: s.Turn, Kind: OrderBuild, Unit: game.UnitKind(kindOf(t, r, id)), Hex: at(col, row)}
}

// path returns the hexes of "col,row col,row ...".
func path(spec string) []hex.Hex {
	var out []hex.Hex
	for _, f := range strings.Fields(spec) {
		var col, row int
		if _, err := fmt.Sscanf(f, "%d,%d", &col, &row); err != nil {
			panic(fmt.Sprintf("path %q: %v", spec, err))
		}
		out = append(out, at(col, row))
	}
	return out
}

func moveOrder(s *game.State, a game.ArmyID, spec string) game.Order {
	return game.Order{Turn: s.Turn, Kind: game.OrderMove, Army: a, Path: path(spec)}
}

func attackOrder(s *game.State, a game.ArmyID, spec string) game.Order {
	return game.Order{Turn: s.Turn, Kind: game.OrderAttack, Army: a, Path: path(spec)}
}

// day resolves one day of s: each player listed in orders gives those
// orders (checked first as the server checks them: the test fails on a
// refusal); the players not listed send nothing (autopilot).
func day(t testing.TB, r *Rules, s *game.State, orders map[game.PlayerID][]game.Order) *game.Events {
	t.Helper()
	var all []game.PlayerOrders
	for p := game.PlayerID(1); int(p) <= len(s.Players); p++ {
		list, ok := orders[p]
		if !ok {
			continue
		}
		if errs := game.ValidateOrders(s, r, p, list); errs != nil {
			t.Fatalf("day %d, %s: orders refused: %v", s.Turn, p, errs)
		}
		all = append(all, game.PlayerOrders{Player: p, Orders: list})
	}
	return game.Resolve(s, r, all)
}

// refusal returns why the engine and the rules refuse o of p on s, "" if
// they accept it.
func refusal(r *Rules, s *game.State, p game.PlayerID, o game.Order) string {
	if errs := game.ValidateOrders(s, r, p, []game.Order{o}); len(errs) > 0 {
		return errs[0].Reason
	}
	return ""
}

// eventsOf returns the events of kind k concerning p (0: any player).
func eventsOf(ev *game.Events, k game.EventKind, p game.PlayerID) []game.Event {
	var out []game.Event
	for _, e := range ev.List {
		if e.Kind == k && (p == 0 || e.Player == p) {
			out = append(out, e)
		}
	}
	return out
}

// battleOf returns the report of the only battle in ev.
func battleOf(t testing.TB, ev *game.Events) *game.BattleReport {
	t.Helper()
	b := eventsOf(ev, game.EventBattle, 0)
	if len(b) != 1 {
		t.Fatalf("%d battles, want 1: %+v", len(b), ev.List)
	}
	return b[0].Battle
}
