package game_test

import (
	"bytes"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/vmihailenco/msgpack/v5"

	"empires/shared/game"
	"empires/shared/game/gametest"
	"empires/shared/hex"
	"empires/shared/hexmap"
	"empires/shared/rulesfile"
	"empires/shared/wire"
)

// viewScenarioMap is an 8x6 map of Open ground.
const viewScenarioMap = `
. . . . . . . .
 . . . . . . . .
. . . . . . . .
 . . . . . . . .
. . . . . . . .
 . . . . . . . .
`

// TestViewScenario follows player 1 through three turns on a small map.
// Player 1's army A stands at 1,1, next to player 2's army B (2,1) and a
// neutral city (2,2); player 2's army C and city stand far away. On turn 2
// A walks away, so B (which moves on, unseen) is remembered where it was
// seen on turn 1. On turn 3 A walks to B and away again: seen at the first
// step, out of sight after the second, B is remembered as seen this very
// turn; player 2, who still sees where A stood, does not remember A.
func TestViewScenario(t *testing.T) {
	rs := gametest.New()
	s := gametest.Game(rs, viewScenarioMap, 2, 1)
	a := gametest.Army(s, 1, 1, 1, 5)
	b := gametest.Army(s, 2, 2, 1, 3)
	c := gametest.Army(s, 2, 6, 4, 9)
	neutral := s.AddCity(game.City{Hex: gametest.At(2, 2), Level: 2})
	far := s.AddCity(game.City{Owner: 2, Hex: gametest.At(7, 5), Level: 3, Capital: true})
	own := s.AddCity(game.City{Owner: 1, Hex: gametest.At(0, 0), Level: 1})
	s.Army(a).Characters = []game.Character{{ID: game.CharacterID(s.NewID()), Kind: 1, Level: 2}}
	s.Army(a).Stance = game.Stance{Kind: game.Withdraw, Dir: hex.West}
	s.Army(b).Characters = []game.Character{{ID: game.CharacterID(s.NewID()), Kind: 2, Level: 5}}
	s.Army(b).Stance = game.Stance{Kind: game.Intercept}
	s.Army(b).Carrier = c // nonsense, but it must not show
	s.Players[0].Treasury, s.Players[0].Stock = 12, []int32{4}
	s.Players[1].Treasury, s.Players[1].Stock = 77, []int32{3, 1}
	game.RecordVision(s, rs)

	v1 := game.NewView(s, 1)
	// Turn 2: A walks away south-west, B moves on out of sight.
	game.BeginTurnVision(s)
	s.Turn = 2
	s.Army(a).Hex = gametest.At(0, 3)
	s.Army(b).Hex = gametest.At(3, 1)
	game.RecordVision(s, rs)
	v2 := game.NewView(s, 1)
	// Turn 3: A walks next to B and away again.
	game.BeginTurnVision(s)
	s.Turn = 3
	s.Army(a).Hex = gametest.At(2, 1)
	game.RecordVision(s, rs)
	s.Army(a).Hex = gametest.At(1, 2)
	game.RecordVision(s, rs)
	v3 := game.NewView(s, 1)
	v3p2 := game.NewView(s, 2)

	army := func(v *game.View, id game.ArmyID) *game.ArmyView {
		for i := range v.Armies {
			if v.Armies[i].ID == id {
				return &v.Armies[i]
			}
		}
		return nil
	}
	city := func(v *game.View, id game.CityID) *game.CityView {
		for i := range v.Cities {
			if v.Cities[i].ID == id {
				return &v.Cities[i]
			}
		}
		return nil
	}
	terrain := func(v *game.View, col, row int) rulesfile.TerrainID {
		return v.Terrain[hex.Rect{Width: v.Width, Height: v.Height}.Index(gametest.At(col, row))]
	}
	sa := s.Army(a)
	tests := []struct {
		name       string
		have, want any
	}{
		{"own army in full", *army(v1, a), game.ArmyView{ID: a, Owner: 1, Hex: gametest.At(1, 1), Units: game.Units{5},
			NumCharacters: 1, Characters: sa.Characters, Stance: sa.Stance}},
		{"enemy in sight as it is, no stance/carrier/characters", *army(v1, b), game.ArmyView{ID: b, Owner: 2,
			Hex: gametest.At(2, 1), Units: game.Units{3}, NumCharacters: 1, Seen: 1}},
		{"enemy out of sight absent", army(v1, c) == nil, true},
		{"neutral city in sight", *city(v1, neutral), game.CityView{ID: neutral, Hex: gametest.At(2, 2), Level: 2, Seen: 1}},
		{"own city", *city(v1, own), game.CityView{ID: own, Owner: 1, Hex: gametest.At(0, 0), Level: 1}},
		{"far city absent", city(v1, far) == nil, true},
		{"unknown terrain", terrain(v1, 6, 4), rulesfile.NoTerrain},
		{"known terrain", terrain(v1, 2, 1), rulesfile.TerrainID(0)},
		{"own treasury", v1.Players[0].Treasury, int64(12)},
		{"own stock", v1.Players[0].Stock, []int32{4}},
		{"other treasury hidden", v1.Players[1].Treasury, int64(0)},
		{"other stock hidden", v1.Players[1].Stock, []int32(nil)},
		{"other name shown", v1.Players[1].Name, "Player 2"},
		{"visible hex", v1.Visible.Has(hex.Rect{Width: 8, Height: 6}.Index(gametest.At(2, 1))), true},
		{"invisible hex", v1.Visible.Has(hex.Rect{Width: 8, Height: 6}.Index(gametest.At(4, 1))), false},

		{"left sight: remembered where seen, with the turn", *army(v2, b), game.ArmyView{ID: b, Owner: 2,
			Hex: gametest.At(2, 1), Units: game.Units{3}, NumCharacters: 1, Seen: 1, Remembered: true}},
		{"city out of sight remembered", *city(v2, neutral), game.CityView{ID: neutral, Hex: gametest.At(2, 2), Level: 2,
			Seen: 1, Remembered: true}},
		{"terrain stays known", terrain(v2, 2, 1), rulesfile.TerrainID(0)},
		{"own army moved", army(v2, a).Hex, gametest.At(0, 3)},

		{"passed by: remembered as seen this turn", *army(v3, b), game.ArmyView{ID: b, Owner: 2,
			Hex: gametest.At(3, 1), Units: game.Units{3}, NumCharacters: 1, Seen: 3, Remembered: true}},
		{"B saw A leave a hex B still sees: A is not remembered", army(v3p2, a) == nil, true},
		{"player 2's own treasury", v3p2.Players[1].Treasury, int64(77)},
		{"player 2 does not see player 1's treasury", v3p2.Players[0].Treasury, int64(0)},
	}
	for _, tt := range tests {
		if !reflect.DeepEqual(tt.have, tt.want) {
			t.Errorf("%s: have %+v, want %+v", tt.name, tt.have, tt.want)
		}
	}
	// The views of one player chain through deltas.
	for _, pair := range [][2]*game.View{{v1, v2}, {v2, v3}} {
		got, err := game.Apply(pair[0], game.Diff(pair[0], pair[1]))
		if err != nil || !reflect.DeepEqual(got, pair[1]) {
			t.Errorf("Apply(Diff) turn %d -> %d: err %v, views equal %v", pair[0].Turn, pair[1].Turn, err, reflect.DeepEqual(got, pair[1]))
		}
	}
}

// viewRules is the test ruleset with sight that varies by army and city
// (0 to 3 hexes, sometimes 40 or none at all) and a little extra sight, to
// exercise RecordVision.
type viewRules struct{ *gametest.Rules }

func (r viewRules) Sight(s *game.State, a *game.Army) int {
	switch a.ID % 23 {
	case 0:
		return 40
	case 1:
		return -1
	}
	return int(a.ID % 4)
}

func (r viewRules) CitySight(s *game.State, c *game.City) int { return 1 + int(c.Level)%3 }
func (r viewRules) ExtraSight(s *game.State, p game.PlayerID) []hex.Hex {
	if p%2 == 0 {
		return []hex.Hex{gametest.At(int(s.Turn)%5, int(p)), {Q: -50, R: 3}}
	}
	return nil
}

// viewGame is a random game changed at random, for the property tests.
type viewGame struct {
	s   *game.State
	rs  viewRules
	rng *rand.Rand
}

func newViewGame(seed uint64) *viewGame {
	g := &viewGame{rs: viewRules{gametest.New()}, rng: rand.New(rand.NewPCG(seed, 0x51e))}
	rng := g.rng
	w, h := 3+rng.IntN(22), 2+rng.IntN(18)
	// Build the map from generated ASCII art, as the tests draw maps.
	glyphs := []string{".", `"`, "f", "^", "~"}
	var sb strings.Builder
	for row := range h {
		if row%2 == 1 {
			sb.WriteByte(' ')
		}
		for col := range w {
			if col > 0 {
				sb.WriteByte(' ')
			}
			sb.WriteString(glyphs[rng.IntN(len(glyphs))])
		}
		sb.WriteByte('\n')
	}
	m, err := hexmap.Parse(sb.String(), g.rs.Terrain())
	if err != nil {
		panic(err)
	}
	players := 2 + rng.IntN(5)
	g.s = game.New(game.Setup{Ruleset: "view-test", Seed: seed, Map: m, Players: players})
	for range 1 + rng.IntN(8) {
		g.s.AddCity(game.City{Owner: game.PlayerID(rng.IntN(players + 1)), Hex: g.randomHex(), Level: int32(rng.IntN(4)),
			Capital: rng.IntN(4) == 0})
	}
	for range rng.IntN(40) {
		g.addArmy()
	}
	for range rng.IntN(10) {
		g.addStructure()
	}
	game.RecordVision(g.s, g.rs)
	return g
}

// addStructure adds a structure of a random kind and owner (nobody
// included) on a random hex.
func (g *viewGame) addStructure() {
	g.s.AddStructure(game.Structure{Kind: game.StructureKind(g.rng.IntN(4)),
		Owner: game.PlayerID(g.rng.IntN(len(g.s.Players) + 1)), Hex: g.randomHex()})
}

func (g *viewGame) randomHex() hex.Hex {
	r := g.s.Map.Rect()
	return r.HexAt(g.rng.IntN(r.Len()))
}

func (g *viewGame) randomUnits() game.Units {
	n := g.rng.IntN(4)
	if n == 0 {
		return nil
	}
	u := make(game.Units, n)
	for k := range u {
		u[k] = int32(g.rng.IntN(5))
	}
	return u
}

func (g *viewGame) addArmy() {
	rng, s := g.rng, g.s
	a := game.Army{Owner: game.PlayerID(rng.IntN(len(s.Players) + 1)), Hex: g.randomHex(), Naval: rng.IntN(5) == 0,
		Units: g.randomUnits(), Stance: game.Stance{Kind: game.StanceKind(rng.IntN(3)), Dir: hex.Direction(rng.IntN(6))}}
	if a.Owner == 0 && rng.IntN(2) == 0 {
		a.Owner = 1
	}
	for range rng.IntN(3) {
		a.Characters = append(a.Characters, game.Character{ID: game.CharacterID(s.NewID()), Kind: uint8(rng.IntN(3)), Level: int32(rng.IntN(9))})
	}
	if len(s.Armies) > 0 && rng.IntN(4) == 0 {
		a.Carrier = s.Armies[rng.IntN(len(s.Armies))].ID
	}
	s.AddArmy(a)
}

// step changes the game at random, as a movement step and the phases
// around it might, then records vision.
func (g *viewGame) step() {
	g.change()
	game.RecordVision(g.s, g.rs)
}

// change changes the game at random.
func (g *viewGame) change() {
	rng, s := g.rng, g.s
	r := s.Map.Rect()
	for i := range s.Armies {
		a := &s.Armies[i]
		if rng.IntN(2) == 0 {
			if n := a.Hex.Neighbor(hex.Direction(rng.IntN(6))); r.Contains(n) {
				a.Hex = n
			}
		}
		if rng.IntN(10) == 0 {
			a.Units = g.randomUnits()
		}
		if rng.IntN(20) == 0 {
			a.Stance.Kind = game.StanceKind(rng.IntN(3))
		}
		if rng.IntN(30) == 0 {
			a.Characters = nil
		}
	}
	for range rng.IntN(3) {
		g.addArmy()
	}
	s.RemoveArmies(func(*game.Army) bool { return rng.IntN(15) == 0 })
	for i := range s.Cities {
		if rng.IntN(8) == 0 {
			s.Cities[i].Owner = game.PlayerID(rng.IntN(len(s.Players) + 1))
		}
		if rng.IntN(8) == 0 {
			s.Cities[i].Level = int32(rng.IntN(4))
		}
	}
	if rng.IntN(10) == 0 {
		s.AddCity(game.City{Owner: game.PlayerID(rng.IntN(len(s.Players) + 1)), Hex: g.randomHex(), Level: 1})
	}
	for i := range s.Structures {
		if rng.IntN(8) == 0 {
			s.Structures[i].Owner = game.PlayerID(rng.IntN(len(s.Players) + 1))
		}
		if rng.IntN(20) == 0 {
			s.Structures[i].Kind = game.StructureKind(rng.IntN(4))
		}
	}
	s.RemoveStructures(func(*game.Structure) bool { return rng.IntN(12) == 0 })
	if rng.IntN(3) == 0 {
		g.addStructure()
	}
	for i := range s.Players {
		p := &s.Players[i]
		p.Treasury += int64(rng.IntN(21) - 5)
		if rng.IntN(3) == 0 {
			p.Stock = append(p.Stock, int32(rng.IntN(9)))
		}
		if p.Alive && rng.IntN(60) == 0 {
			p.Alive, p.EliminatedTurn = false, s.Turn
		}
	}
	if !s.Over && rng.IntN(100) == 0 {
		s.Over, s.Winner = true, game.PlayerID(1+rng.IntN(len(s.Players)))
	}
}

// turn plays a turn of one to three steps.
func (g *viewGame) turn() {
	game.BeginTurnVision(g.s)
	g.s.Turn++
	for range 1 + g.rng.IntN(3) {
		g.step()
	}
}

// viewRounds plays rounds of random games with fixed seeds, calling check
// with the state and every player's views before and after each turn.
func viewRounds(t *testing.T, check func(t *testing.T, s *game.State, prev, next []*game.View)) {
	t.Helper()
	for seed := range uint64(12) {
		g := newViewGame(seed)
		prev := allViews(g.s)
		for range 30 {
			g.turn()
			next := allViews(g.s)
			check(t, g.s, prev, next)
			if t.Failed() {
				t.Fatalf("seed %d, turn %d", seed, g.s.Turn)
			}
			prev = next
		}
	}
}

// allViews returns every player's view of s, plus a spectator's (player
// 0) and a view for a player that does not exist.
func allViews(s *game.State) []*game.View {
	var out []*game.View
	for p := range len(s.Players) + 2 {
		out = append(out, game.NewView(s, game.PlayerID(p)))
	}
	return out
}

// TestViewNoFogLeak checks on random games that a view holds only what its
// player may know: its own armies and cities, others on hexes it sees now
// (exactly as they are, without stance, carrier or characters), sightings
// it remembers out of its sight (seen on an earlier turn, or on a hex seen
// this turn), no other player's treasury or stock, terrain only where
// known; and that nothing it may know is missing.
func TestViewNoFogLeak(t *testing.T) {
	viewRounds(t, func(t *testing.T, s *game.State, _, views []*game.View) {
		for _, v := range views {
			viewNoLeak(t, s, v)
		}
	})
}

func viewNoLeak(t *testing.T, s *game.State, v *game.View) {
	t.Helper()
	p := v.You
	r := s.Map.Rect()
	var mem game.Memory
	if p >= 1 && int(p) <= len(s.Memory) {
		mem = s.Memory[p-1]
	}
	if v.Turn != s.Turn || v.Width != r.Width || v.Height != r.Height || v.Over != s.Over || v.Winner != s.Winner {
		t.Errorf("player %d: view header %d %dx%d %v %d", p, v.Turn, v.Width, v.Height, v.Over, v.Winner)
	}
	for i, tr := range v.Terrain {
		if want := s.Map.Terrain[i]; mem.Known.Has(i) && tr != want || !mem.Known.Has(i) && tr != rulesfile.NoTerrain {
			t.Errorf("player %d: terrain of %s is %d, known %v", p, r.HexAt(i), tr, mem.Known.Has(i))
		}
	}
	for i := range r.Len() {
		if v.Visible.Has(i) != mem.Visible.Has(i) {
			t.Errorf("player %d: visible %s %v", p, r.HexAt(i), v.Visible.Has(i))
		}
	}
	if len(v.Players) != len(s.Players) {
		t.Errorf("player %d: %d players", p, len(v.Players))
	}
	for i, pv := range v.Players {
		pl := s.Players[i]
		if pv.ID != pl.ID || pv.Name != pl.Name || pv.Alive != pl.Alive || pv.EliminatedTurn != pl.EliminatedTurn {
			t.Errorf("player %d: sees player %d as %+v", p, pl.ID, pv)
		}
		if pv.ID != p && (pv.Treasury != 0 || pv.Stock != nil) {
			t.Errorf("player %d: sees player %d's treasury %d / stock %v", p, pv.ID, pv.Treasury, pv.Stock)
		}
		if pv.ID == p && (pv.Treasury != pl.Treasury || !slices.Equal(pv.Stock, pl.Stock)) {
			t.Errorf("player %d: own treasury %d stock %v, want %d %v", p, pv.Treasury, pv.Stock, pl.Treasury, pl.Stock)
		}
	}
	visible := func(h hex.Hex) bool { return mem.Visible.Has(r.Index(h)) }
	shown := map[game.ArmyID]bool{}
	for i, a := range v.Armies {
		if i > 0 && a.ID <= v.Armies[i-1].ID {
			t.Errorf("player %d: armies out of order at %s", p, a.ID)
		}
		shown[a.ID] = true
		real := s.Army(a.ID)
		switch {
		case real != nil && real.Owner == p && mem.Known != nil:
			want := game.ArmyView{ID: real.ID, Owner: p, Hex: real.Hex, Naval: real.Naval, Units: real.Units,
				NumCharacters: int32(len(real.Characters)), Characters: real.Characters, Carrier: real.Carrier, Stance: real.Stance}
			if !sameArmyView(a, want) {
				t.Errorf("player %d: own army %+v, want %+v", p, a, want)
			}
		case !a.Remembered:
			want := game.ArmyView{ID: a.ID, Seen: s.Turn}
			if real != nil {
				want.Owner, want.Hex, want.Naval, want.Units, want.NumCharacters = real.Owner, real.Hex, real.Naval, real.Units, int32(len(real.Characters))
			}
			if real == nil || real.Owner == p || !visible(real.Hex) || !sameArmyView(a, want) {
				t.Errorf("player %d: shows %+v, out of sight or not as it is (%+v)", p, a, want)
			}
		default:
			ok := a.Owner != p && !visible(a.Hex) && (a.Seen < s.Turn || mem.Seen.Has(r.Index(a.Hex)))
			found := false
			for _, sg := range mem.Armies {
				found = found || (sg.Army == a.ID && sg.Hex == a.Hex && sg.Turn == a.Seen && sg.Owner == a.Owner &&
					slices.Equal(sg.Units, a.Units) && sg.Characters == a.NumCharacters && sg.Naval == a.Naval)
			}
			if !ok || !found || a.Characters != nil || a.Carrier != 0 || a.Stance != (game.Stance{}) {
				t.Errorf("player %d: remembers %+v (in memory %v, allowed %v)", p, a, found, ok)
			}
		}
	}
	if mem.Known != nil {
		for _, a := range s.Armies {
			if (a.Owner == p || visible(a.Hex)) && !shown[a.ID] {
				t.Errorf("player %d: misses %s of player %d at %s", p, a.ID, a.Owner, a.Hex)
			}
		}
	}
	for i, c := range v.Cities {
		if i > 0 && c.ID <= v.Cities[i-1].ID {
			t.Errorf("player %d: cities out of order at %s", p, c.ID)
		}
		real := s.City(c.ID)
		asIs := real != nil && c.Owner == real.Owner && c.Hex == real.Hex && c.Level == real.Level && c.Capital == real.Capital
		switch {
		case real != nil && real.Owner == p && mem.Known != nil:
			if !asIs || c.Seen != 0 || c.Remembered {
				t.Errorf("player %d: own city %+v", p, c)
			}
		case !c.Remembered:
			if !asIs || !visible(real.Hex) || c.Seen != s.Turn {
				t.Errorf("player %d: shows city %+v out of sight or not as it is", p, c)
			}
		default:
			ok := !visible(c.Hex) && (c.Seen < s.Turn || mem.Seen.Has(r.Index(c.Hex)))
			found := false
			for _, cs := range mem.Cities {
				found = found || cs == game.CitySighting{City: c.ID, Owner: c.Owner, Hex: c.Hex, Level: c.Level, Capital: c.Capital, Turn: c.Seen}
			}
			if !ok || !found {
				t.Errorf("player %d: remembers city %+v (in memory %v, allowed %v)", p, c, found, ok)
			}
		}
	}
	structuresNoLeak(t, s, v, mem)
}

// structuresNoLeak is viewNoLeak for the structures of v.
func structuresNoLeak(t *testing.T, s *game.State, v *game.View, mem game.Memory) {
	t.Helper()
	p := v.You
	r := s.Map.Rect()
	visible := func(h hex.Hex) bool { return mem.Visible.Has(r.Index(h)) }
	shown := map[game.StructureID]bool{}
	for i, st := range v.Structures {
		if i > 0 && st.ID <= v.Structures[i-1].ID {
			t.Errorf("player %d: structures out of order at %s", p, st.ID)
		}
		shown[st.ID] = true
		real := s.Structure(st.ID)
		asIs := real != nil && st.Kind == real.Kind && st.Owner == real.Owner && st.Hex == real.Hex
		switch {
		case real != nil && real.Owner == p && mem.Known != nil:
			if !asIs || st.Seen != 0 || st.Remembered {
				t.Errorf("player %d: own structure %+v", p, st)
			}
		case !st.Remembered:
			if !asIs || !visible(real.Hex) || st.Seen != s.Turn {
				t.Errorf("player %d: shows structure %+v out of sight or not as it is", p, st)
			}
		default:
			ok := st.Owner != p && !visible(st.Hex) && (st.Seen < s.Turn || mem.Seen.Has(r.Index(st.Hex)))
			want := game.StructureSighting{Structure: st.ID, Kind: st.Kind, Owner: st.Owner, Hex: st.Hex, Turn: st.Seen}
			if !ok || !slices.Contains(mem.Structures, want) {
				t.Errorf("player %d: remembers structure %+v (allowed %v)", p, st, ok)
			}
		}
	}
	if mem.Known != nil {
		for _, st := range s.Structures {
			if (st.Owner == p || visible(st.Hex)) && !shown[st.ID] {
				t.Errorf("player %d: misses %s of player %d at %s", p, st.ID, st.Owner, st.Hex)
			}
		}
	}
}

func sameArmyView(a, b game.ArmyView) bool {
	return a.ID == b.ID && a.Owner == b.Owner && a.Hex == b.Hex && a.Naval == b.Naval && slices.Equal(a.Units, b.Units) &&
		a.NumCharacters == b.NumCharacters && slices.Equal(a.Characters, b.Characters) && a.Carrier == b.Carrier &&
		a.Stance == b.Stance && a.Seen == b.Seen && a.Remembered == b.Remembered
}

// TestViewDeltaRoundTrip checks on random games that Apply(prev,
// Diff(prev, next)) equals next (reflect.DeepEqual and Checksum), that
// Apply leaves prev alone, that Diff of equal views is empty, and that
// views and deltas survive Encode and Decode.
func TestViewDeltaRoundTrip(t *testing.T) {
	var viewBytes, deltaBytes, moved, changed, gone, built, razed int
	viewRounds(t, func(t *testing.T, s *game.State, prev, next []*game.View) {
		for p := range next {
			before := prev[p].Clone()
			d := game.Diff(prev[p], next[p])
			got, err := game.Apply(prev[p], d)
			if err != nil {
				t.Fatalf("player %d: Apply: %v", p, err)
			}
			if !reflect.DeepEqual(got, next[p]) || got.Checksum() != next[p].Checksum() {
				t.Fatalf("player %d: Apply(prev, Diff(prev, next)) differs from next:\n%+v\n%+v", p, got, next[p])
			}
			if !reflect.DeepEqual(prev[p], before) {
				t.Fatalf("player %d: Apply changed prev", p)
			}
			if d.Full != nil {
				t.Errorf("player %d: Diff of two views of one game sent a full view", p)
			}
			if e := game.Diff(next[p], next[p]); !e.Empty() {
				t.Fatalf("player %d: Diff of a view with itself is not empty: %+v", p, e)
			}
			if e := game.Diff(next[p], next[p].Clone()); !e.Empty() {
				t.Fatalf("player %d: Diff of a view with its clone is not empty: %+v", p, e)
			}
			moved, changed, gone = moved+len(d.Moved), changed+len(d.Armies), gone+len(d.ArmiesGone)
			built, razed = built+len(d.Structures), razed+len(d.StructuresGone)
			vb := viewRoundTrip(t, next[p])
			db := deltaRoundTrip(t, d)
			viewBytes += len(vb)
			deltaBytes += len(db)
			// The decoded delta applies as well.
			d2, _ := game.DecodeDelta(db)
			if got, err := game.Apply(prev[p], d2); err != nil || got.Checksum() != next[p].Checksum() {
				t.Fatalf("player %d: decoded delta: %v", p, err)
			}
		}
	})
	t.Logf("views %d bytes, deltas %d bytes; %d armies moved, %d changed, %d removed", viewBytes, deltaBytes, moved, changed, gone)
	if moved == 0 || changed == 0 || gone == 0 {
		t.Errorf("the random games never moved (%d), changed (%d) or removed (%d) an army in a view", moved, changed, gone)
	}
	if built == 0 || razed == 0 {
		t.Errorf("the random games never changed (%d) or removed (%d) a structure in a view", built, razed)
	}
}

func viewRoundTrip(t *testing.T, v *game.View) []byte {
	t.Helper()
	data, err := game.EncodeView(v)
	if err != nil {
		t.Fatalf("EncodeView: %v", err)
	}
	got, err := game.DecodeView(data)
	if err != nil {
		t.Fatalf("DecodeView: %v", err)
	}
	if got.Checksum() != v.Checksum() || !reflect.DeepEqual(got, v) {
		t.Fatalf("view changed in Encode/Decode:\n%+v\n%+v", v, got)
	}
	return data
}

func deltaRoundTrip(t *testing.T, d *game.Delta) []byte {
	t.Helper()
	data, err := game.EncodeDelta(d)
	if err != nil {
		t.Fatalf("EncodeDelta: %v", err)
	}
	got, err := game.DecodeDelta(data)
	if err != nil {
		t.Fatalf("DecodeDelta: %v", err)
	}
	if !reflect.DeepEqual(got, d) {
		t.Fatalf("delta changed in Encode/Decode:\n%+v\n%+v", d, got)
	}
	return data
}

// TestDeltaSmall: on the benchmarks' big game, after a turn in which every
// army moved one hex, each player's delta is far smaller than its view
// (about 7%: the moves themselves, the enemies newly in sight, the words
// of Visible that changed), and no army that only moved is sent whole.
func TestDeltaSmall(t *testing.T) {
	s, rs, rng := viewBigGame()
	prev := allViews(s)
	viewMoveAll(s, rs, rng)
	for p, v := range allViews(s)[1 : len(s.Players)+1] {
		d := game.Diff(prev[p+1], v)
		vb, err := game.EncodeView(v)
		if err != nil {
			t.Fatal(err)
		}
		db, err := game.EncodeDelta(d)
		if err != nil {
			t.Fatal(err)
		}
		if 100*len(db) > 10*len(vb) {
			t.Errorf("player %d: delta of %d bytes for a view of %d", p+1, len(db), len(vb))
		}
		for _, a := range d.Armies {
			if a.Owner == v.You {
				t.Errorf("player %d: own %s sent whole, though it only moved", p+1, a.ID)
			}
		}
	}
}

// TestDiffArbitraryViews checks the delta round trip on views no game
// makes: views of random games changed at random (a Seen that is not the
// view's turn, an army remembered in sight, a hex off the map...).
func TestDiffArbitraryViews(t *testing.T) {
	rng := rand.New(rand.NewPCG(8, 8))
	viewRounds(t, func(t *testing.T, s *game.State, prev, next []*game.View) {
		for p := range next {
			a, b := mutateView(rng, prev[p]), mutateView(rng, next[p])
			if rng.IntN(4) == 0 {
				b.Turn = a.Turn
			}
			d := game.Diff(a, b)
			got, err := game.Apply(a, d)
			if err != nil || !reflect.DeepEqual(got, b) || got.Checksum() != b.Checksum() {
				t.Fatalf("player %d: Apply(prev, Diff(prev, next)) differs from next (%v)", p, err)
			}
			if d.Full != nil {
				t.Fatalf("player %d: full view for views of one map", p)
			}
			if e := game.Diff(b, b); !e.Empty() {
				t.Fatalf("player %d: Diff of a view with itself: %+v", p, e)
			}
			viewRoundTrip(t, b)
			deltaRoundTrip(t, d)
		}
	})
}

// mutateView returns a copy of v with random changes that keep it well
// formed (sizes agree, entities in ID order).
func mutateView(rng *rand.Rand, v *game.View) *game.View {
	c := v.Clone()
	c.Turn += game.Turn(rng.IntN(2))
	for i := range c.Armies {
		a := &c.Armies[i]
		switch rng.IntN(12) {
		case 0:
			a.Seen = game.Turn(rng.IntN(int(c.Turn) + 2))
		case 1:
			a.Remembered = !a.Remembered
		case 2:
			a.Hex = a.Hex.Add(hex.Hex{Q: rng.IntN(9) - 4, R: rng.IntN(9) - 4})
		case 3:
			a.Owner = game.PlayerID(rng.IntN(4))
		case 4:
			a.Stance.Dir = hex.Direction(rng.IntN(6))
		}
	}
	c.Armies = slices.DeleteFunc(c.Armies, func(game.ArmyView) bool { return rng.IntN(10) == 0 })
	if len(c.Armies) == 0 {
		c.Armies = nil
	}
	for i := range c.Cities {
		switch cc := &c.Cities[i]; rng.IntN(6) {
		case 0:
			cc.Seen = game.Turn(rng.IntN(int(c.Turn) + 2))
		case 1:
			cc.Remembered = !cc.Remembered
		case 2:
			cc.Owner = game.PlayerID(rng.IntN(4))
		}
	}
	for i := range c.Structures {
		switch st := &c.Structures[i]; rng.IntN(8) {
		case 0:
			st.Seen = game.Turn(rng.IntN(int(c.Turn) + 2))
		case 1:
			st.Remembered = !st.Remembered
		case 2:
			st.Owner = game.PlayerID(rng.IntN(4))
		case 3:
			st.Kind = game.StructureKind(rng.IntN(256))
		case 4:
			st.Hex = st.Hex.Add(hex.Hex{Q: rng.IntN(3) - 1})
		}
	}
	c.Structures = slices.DeleteFunc(c.Structures, func(game.StructureView) bool { return rng.IntN(10) == 0 })
	if len(c.Structures) == 0 {
		c.Structures = nil
	}
	for range rng.IntN(3) {
		c.Terrain[rng.IntN(len(c.Terrain))] = rulesfile.TerrainID(rng.IntN(256))
		c.Visible[rng.IntN(len(c.Visible))] = rng.Uint64()
	}
	if len(c.Players) > 0 && rng.IntN(3) == 0 {
		c.Players[rng.IntN(len(c.Players))].Name = "renamed"
	}
	return c
}

// TestDiffFull: with no previous view, or one of another player or map,
// the delta carries the whole view, and applies.
func TestDiffFull(t *testing.T) {
	g := newViewGame(3)
	for range 3 {
		g.turn()
	}
	v1, v2 := game.NewView(g.s, 1), game.NewView(g.s, 2)
	other := newViewGame(4)
	tests := []struct {
		name       string
		prev, next *game.View
	}{
		{"no previous view", nil, v1},
		{"another player", v1, v2},
		{"another map", game.NewView(other.s, 1), v1},
	}
	for _, tt := range tests {
		d := game.Diff(tt.prev, tt.next)
		if d.Full == nil {
			t.Errorf("%s: no full view", tt.name)
			continue
		}
		got, err := game.Apply(tt.prev, d)
		if err != nil || !reflect.DeepEqual(got, tt.next) {
			t.Errorf("%s: Apply: %v", tt.name, err)
		}
		deltaRoundTrip(t, d)
	}
}

// TestApplyRejects: deltas that do not fit the view give errors, never a
// panic, and leave the view as it was.
func TestApplyRejects(t *testing.T) {
	g := newViewGame(5)
	for len(g.s.Armies) < 3 || len(g.s.Cities) < 1 {
		g.addArmy()
		g.s.AddCity(game.City{Owner: 1, Hex: g.randomHex()})
	}
	g.s.AddStructure(game.Structure{Owner: 1, Hex: g.randomHex()})
	g.s.AddStructure(game.Structure{Owner: 1, Hex: g.randomHex(), Kind: 2})
	game.RecordVision(g.s, g.rs)
	prev := game.NewView(g.s, 1)
	if len(prev.Armies) < 2 {
		t.Fatalf("fixture: player 1 sees %d armies", len(prev.Armies))
	}
	g.turn()
	next := game.NewView(g.s, 1)
	maxArmy := prev.Armies[len(prev.Armies)-1].ID
	tests := []struct {
		name   string
		prev   *game.View
		change func(d *game.Delta)
	}{
		{"nil view", nil, func(d *game.Delta) {}},
		{"wrong turn", prev, func(d *game.Delta) { d.From++ }},
		{"wrong player", prev, func(d *game.Delta) { d.You++ }},
		{"terrain index past the end", prev, func(d *game.Delta) {
			d.Terrain = append(d.Terrain, game.TerrainChange{Index: int32(len(prev.Terrain))})
		}},
		{"negative terrain index", prev, func(d *game.Delta) {
			d.Terrain = append([]game.TerrainChange{{Index: -1}}, d.Terrain...)
		}},
		{"visible word past the end", prev, func(d *game.Delta) {
			d.Visible = append(d.Visible, game.WordChange{Index: int32(len(prev.Visible))})
		}},
		{"terrain out of order", prev, func(d *game.Delta) {
			d.Terrain = []game.TerrainChange{{Index: 1}, {Index: 0}}
		}},
		{"unknown player", prev, func(d *game.Delta) { d.Players = append(d.Players, game.PlayerView{ID: 99}) }},
		{"remove unknown army", prev, func(d *game.Delta) { d.ArmiesGone = append(d.ArmiesGone, maxArmy+1000) }},
		{"remove unknown army first", prev, func(d *game.Delta) { d.ArmiesGone = append([]game.ArmyID{0}, d.ArmiesGone...) }},
		{"remove unknown city", prev, func(d *game.Delta) { d.CitiesGone = append(d.CitiesGone, 1<<30) }},
		{"change and remove", prev, func(d *game.Delta) {
			d.Armies = []game.ArmyView{prev.Armies[0]}
			d.ArmiesGone = []game.ArmyID{prev.Armies[0].ID}
		}},
		{"armies out of order", prev, func(d *game.Delta) {
			d.Armies = []game.ArmyView{prev.Armies[1], prev.Armies[0]}
			d.ArmiesGone = nil
		}},
		{"removals out of order", prev, func(d *game.Delta) {
			d.Armies = nil
			d.ArmiesGone = []game.ArmyID{prev.Armies[1].ID, prev.Armies[0].ID}
		}},
		{"move unknown army", prev, func(d *game.Delta) {
			d.Moved = append(d.Moved, game.ArmyMove{ID: maxArmy + 1000, By: hex.Hex{Q: 1}})
		}},
		{"move and remove", prev, func(d *game.Delta) {
			d.Armies, d.Moved, d.ArmiesGone = nil, []game.ArmyMove{{ID: prev.Armies[0].ID}}, []game.ArmyID{prev.Armies[0].ID}
		}},
		{"move and change", prev, func(d *game.Delta) {
			d.Armies, d.Moved, d.ArmiesGone = []game.ArmyView{prev.Armies[0]}, []game.ArmyMove{{ID: prev.Armies[0].ID}}, nil
		}},
		{"moves out of order", prev, func(d *game.Delta) {
			d.Armies, d.ArmiesGone = nil, nil
			d.Moved = []game.ArmyMove{{ID: prev.Armies[1].ID}, {ID: prev.Armies[0].ID}}
		}},
		{"move a new army", prev, func(d *game.Delta) {
			d.Armies, d.ArmiesGone = []game.ArmyView{{ID: maxArmy + 5}}, nil
			d.Moved = []game.ArmyMove{{ID: maxArmy + 5}}
		}},
		{"remove unknown structure", prev, func(d *game.Delta) { d.StructuresGone = append(d.StructuresGone, 1<<30) }},
		{"change and remove a structure", prev, func(d *game.Delta) {
			d.Structures = []game.StructureView{prev.Structures[0]}
			d.StructuresGone = []game.StructureID{prev.Structures[0].ID}
		}},
		{"structures out of order", prev, func(d *game.Delta) {
			d.Structures = []game.StructureView{prev.Structures[1], prev.Structures[0]}
			d.StructuresGone = nil
		}},
		{"full view with structures out of order", prev, func(d *game.Delta) {
			d.Full = next.Clone()
			d.Full.Structures = []game.StructureView{prev.Structures[1], prev.Structures[0]}
		}},
		{"full view of the wrong size", prev, func(d *game.Delta) {
			d.Full = next.Clone()
			d.Full.Terrain = d.Full.Terrain[1:]
		}},
	}
	sum := prev.Checksum()
	for _, tt := range tests {
		d := game.Diff(prev, next)
		tt.change(d)
		got, err := game.Apply(tt.prev, d)
		if err == nil || got != nil {
			t.Errorf("%s: Apply gave no error", tt.name)
		}
		if prev.Checksum() != sum {
			t.Fatalf("%s: Apply changed prev", tt.name)
		}
	}
	if _, err := game.Apply(prev, nil); err == nil {
		t.Errorf("nil delta: no error")
	}
}

// TestApplySharesNothing: changing the view Apply returns changes neither
// prev nor the delta.
func TestApplySharesNothing(t *testing.T) {
	g := newViewGame(6)
	prev := game.NewView(g.s, 1)
	g.turn()
	next := game.NewView(g.s, 1)
	want := next.Checksum()
	got, err := game.Apply(prev, game.Diff(prev, next))
	if err != nil {
		t.Fatal(err)
	}
	for i := range got.Armies {
		for k := range got.Armies[i].Units {
			got.Armies[i].Units[k] += 100
		}
	}
	for i := range got.Terrain {
		got.Terrain[i] = 7
	}
	if next.Checksum() != want {
		t.Errorf("changing Apply's result changed next (through the delta)")
	}
}

// viewChecksumGolden pins the view checksum: server and client builds must
// agree on it.
const viewChecksumGolden = 0x79937c8cddc12849

func TestViewChecksumGolden(t *testing.T) {
	v := &game.View{Turn: 4, You: 2, Ruleset: "golden", Width: 3, Height: 2, Winner: 1, Over: true,
		Players: []game.PlayerView{{ID: 1, Name: "Ann", Alive: true}, {ID: 2, Name: "Bo", Treasury: -7, Stock: []int32{1, 2}}},
		Terrain: []rulesfile.TerrainID{0, 1, rulesfile.NoTerrain, 3, 4, rulesfile.NoTerrain},
		Visible: game.Bitset{0b101},
		Armies: []game.ArmyView{
			{ID: 5, Owner: 2, Hex: hex.Hex{Q: 1, R: 0}, Units: game.Units{3, 0, 1}, NumCharacters: 1,
				Characters: []game.Character{{ID: 9, Kind: 1, Level: 2}}, Carrier: 6, Stance: game.Stance{Kind: game.Withdraw, Dir: hex.West}},
			{ID: 6, Owner: 1, Hex: hex.Hex{Q: 0, R: 1}, Naval: true, Units: game.Units{2}, Seen: 4},
			{ID: 70000, Owner: 1, Hex: hex.Hex{Q: -1, R: 1}, Units: game.Units{8}, Seen: 2, Remembered: true},
		},
		Cities: []game.CityView{{ID: 3, Owner: 2, Hex: hex.Hex{Q: 2, R: 0}, Level: 2, Capital: true},
			{ID: 4, Hex: hex.Hex{Q: 0, R: 0}, Level: 1, Seen: 3, Remembered: true}},
	}
	if got := v.Checksum(); got != viewChecksumGolden {
		t.Errorf("Checksum = %#x, want %#x: the checksum changed; if on purpose, bump the view wire version", got, uint64(viewChecksumGolden))
	}
	viewRoundTrip(t, v)
	// The small structs are arrays under plain msgpack too.
	for _, x := range []any{v.Players[1], v.Armies[0], v.Cities[0], game.ArmyMove{ID: 3, By: hex.Hex{Q: 1}}} {
		data, err := msgpack.Marshal(x)
		if err != nil || data[0]&0xf0 != 0x90 {
			t.Errorf("msgpack of %T: %x, %v: not an array", x, data, err)
		}
		back := reflect.New(reflect.TypeOf(x))
		if err := msgpack.Unmarshal(data, back.Interface()); err != nil || !reflect.DeepEqual(back.Elem().Interface(), x) {
			t.Errorf("msgpack round trip of %T: %v", x, err)
		}
	}
	c := v.Clone()
	c.Armies[2].Seen = 3
	if c.Checksum() == v.Checksum() {
		t.Errorf("Checksum ignores a remembered army's turn")
	}

	// Structures: the same view with some has its own pinned checksum, and
	// every field of a structure counts.
	v.Structures = []game.StructureView{{ID: 8, Kind: 1, Owner: 2, Hex: hex.Hex{Q: 2, R: 1}},
		{ID: 11, Kind: 3, Owner: 1, Hex: hex.Hex{Q: 0, R: 1}, Seen: 4}, {ID: 12, Hex: hex.Hex{Q: -1, R: 1}, Seen: 2, Remembered: true}}
	if got := v.Checksum(); got != viewChecksumGoldenStructures {
		t.Errorf("Checksum with structures = %#x, want %#x", got, uint64(viewChecksumGoldenStructures))
	}
	viewRoundTrip(t, v)
	seen := map[uint64]bool{v.Checksum(): true, viewChecksumGolden: true}
	for _, change := range []func(st *game.StructureView){
		func(st *game.StructureView) { st.ID++ },
		func(st *game.StructureView) { st.Kind++ },
		func(st *game.StructureView) { st.Owner++ },
		func(st *game.StructureView) { st.Hex.Q++ },
		func(st *game.StructureView) { st.Hex.R++ },
		func(st *game.StructureView) { st.Seen++ },
		func(st *game.StructureView) { st.Remembered = !st.Remembered },
	} {
		c := v.Clone()
		change(&c.Structures[2])
		if sum := c.Checksum(); seen[sum] {
			t.Errorf("changing a structure (now %+v) leaves a checksum seen before", c.Structures[2])
		} else {
			seen[sum] = true
		}
	}
}

// viewChecksumGoldenStructures is the golden view's checksum with three
// structures.
const viewChecksumGoldenStructures = 0x8047ccc827721e22

// TestViewWireWithoutStructures: a view or delta without structures is
// written exactly as before structures were (13 and 15 fields), one with
// them has one or two fields more, and the decoder refuses other counts.
func TestViewWireWithoutStructures(t *testing.T) {
	g := newViewGame(11)
	g.s.Structures = nil
	for i := range g.s.Memory {
		g.s.Memory[i].Structures = nil
	}
	prev := game.NewView(g.s, 1)
	g.turn()
	g.s.Structures = nil
	for i := range g.s.Memory {
		g.s.Memory[i].Structures = nil
	}
	next := game.NewView(g.s, 1)
	fields := func(data []byte) int {
		n, err := msgpack.NewDecoder(bytes.NewReader(data)).DecodeArrayLen()
		if err != nil {
			t.Fatal(err)
		}
		return n
	}
	vb := viewRoundTrip(t, next)
	db := deltaRoundTrip(t, game.Diff(prev, next))
	if fields(vb) != 13 || fields(db) != 15 {
		t.Errorf("without structures: a view of %d fields and a delta of %d, want 13 and 15", fields(vb), fields(db))
	}
	with := next.Clone()
	with.Structures = []game.StructureView{{ID: 90000, Kind: 2, Owner: 1, Hex: hex.Hex{Q: 1, R: 1}}}
	vb = viewRoundTrip(t, with)
	db = deltaRoundTrip(t, game.Diff(next, with))
	fb := deltaRoundTrip(t, game.Diff(nil, with))
	if fields(vb) != 14 || fields(db) != 17 || fields(fb) != 15 {
		t.Errorf("with structures: a view of %d fields, a delta of %d, a full delta of %d; want 14, 17 and 15",
			fields(vb), fields(db), fields(fb))
	}
	// A view of 15 fields: the one of 14 and a nil; a delta of 16: the
	// one of 17 (array 16 header 0xdc 0x00 0x11) without its last field,
	// an empty list of removed structures.
	if db[0] != 0xdc || db[2] != 17 || db[len(db)-1] != 0x90 {
		t.Fatalf("delta encoding %x: not the expected header or end", db)
	}
	delta16 := append([]byte{0xdc, 0x00, 16}, db[3:len(db)-1]...)
	if _, err := game.DecodeView(append([]byte{0x90 | 15}, append(vb[1:], 0xc0)...)); err == nil ||
		err.Error() != "decode view: view: 15 fields, want 13 or 14" {
		t.Errorf("a view of 15 fields: error %v", err)
	}
	if _, err := game.DecodeView([]byte{0x92, 0x01, 0xc0}); err == nil || err.Error() != "decode view: view: 2 fields, want 13 or 14" {
		t.Errorf("a view of 2 fields: error %v", err)
	}
	if _, err := game.DecodeDelta(delta16); err == nil || err.Error() != "decode delta: delta: 16 fields, want 15 or 17" {
		t.Errorf("a delta of 16 fields: error %v", err)
	}
}

// patchWire returns data, a msgpack value, with the value at path (array
// indexes) set to v, integers in their shortest form.
func patchWire(tb testing.TB, data []byte, v any, path ...int) []byte {
	tb.Helper()
	var x any
	if err := msgpack.Unmarshal(data, &x); err != nil {
		tb.Fatal(err)
	}
	at := x.([]any)
	for _, i := range path[:len(path)-1] {
		at = at[i].([]any)
	}
	at[path[len(path)-1]] = v
	var buf bytes.Buffer
	enc := msgpack.NewEncoder(&buf)
	enc.UseCompactInts(true)
	if err := enc.Encode(x); err != nil {
		tb.Fatal(err)
	}
	return buf.Bytes()
}

// outOfRange returns views and deltas of g's player 1 with numbers that do
// not fit their fields, and the errors DecodeView and DecodeDelta give.
func outOfRange(tb testing.TB) (views, deltas [][]byte, errs []string) {
	tb.Helper()
	g := newViewGame(12)
	prev := game.NewView(g.s, 1)
	g.turn()
	next := game.NewView(g.s, 1)
	vb, err := game.EncodeView(next)
	if err != nil {
		tb.Fatal(err)
	}
	db, err := game.EncodeDelta(game.Diff(prev, next))
	if err != nil {
		tb.Fatal(err)
	}
	// A view is [version, Turn, You, Ruleset, Width, Height, Over, Winner,
	// Players, ...], a player [ID, Name, Alive, EliminatedTurn, Treasury,
	// Stock]; a delta [version, From, Turn, You, flags, Winner, Full,
	// Players, ...].
	views = [][]byte{
		patchWire(tb, vb, uint64(1<<63), 8, 0, 4),
		patchWire(tb, vb, -1, 2),
		patchWire(tb, vb, uint64(1<<32+3), 1),
	}
	deltas = [][]byte{
		patchWire(tb, db, uint64(math.MaxUint64), 7, 0, 4),
		patchWire(tb, db, -2, 5),
	}
	errs = []string{
		"decode view: player treasury: 9223372036854775808 is out of range (-9223372036854775808 to 9223372036854775807)",
		"decode view: you: -1 is negative: a number of 0 or more was expected",
		"decode view: turn: 4294967299 out of range",
		"decode delta: player treasury: 18446744073709551615 is out of range (-9223372036854775808 to 9223372036854775807)",
		"decode delta: winner: -2 is negative: a number of 0 or more was expected",
	}
	return views, deltas, errs
}

// TestDecodeOutOfRange: numbers that do not fit their fields are refused,
// never cut to fit (msgpack reads 2^64-1 as the treasury -1).
func TestDecodeOutOfRange(t *testing.T) {
	views, deltas, errs := outOfRange(t)
	var have []string
	for _, v := range views {
		_, err := game.DecodeView(v)
		have = append(have, fmt.Sprint(err))
	}
	for _, d := range deltas {
		_, err := game.DecodeDelta(d)
		have = append(have, fmt.Sprint(err))
	}
	for i := range errs {
		if have[i] != errs[i] {
			t.Errorf("case %d: have %s\n want %s", i, have[i], errs[i])
		}
	}
}

// viewFuzzSeeds returns encoded views and deltas of a random game.
func viewFuzzSeeds() (views, deltas [][]byte, base *game.View) {
	g := newViewGame(9)
	prev := game.NewView(g.s, 1)
	base = prev
	for range 4 {
		g.turn()
		next := game.NewView(g.s, 1)
		vb, _ := game.EncodeView(next)
		db, _ := game.EncodeDelta(game.Diff(prev, next))
		views, deltas = append(views, vb), append(deltas, db)
		prev = next
	}
	full, _ := game.EncodeDelta(game.Diff(nil, prev))
	return views, append(deltas, full), base
}

func FuzzDecodeView(f *testing.F) {
	views, _, _ := viewFuzzSeeds()
	for _, v := range views {
		f.Add(v)
		f.Add(v[:len(v)/2])
	}
	f.Add([]byte{0x9d, 0x01})
	f.Add([]byte{0xc6, 0xff, 0xff, 0xff, 0xff})
	bad, _, _ := outOfRange(f)
	for _, v := range bad {
		f.Add(v)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		v, err := game.DecodeView(data)
		if err != nil {
			if v != nil || !strings.HasPrefix(err.Error(), "decode view: ") || !errors.Is(err, wire.ErrMalformed) {
				t.Fatalf("DecodeView error %q with view %v", err, v)
			}
			return
		}
		again := viewRoundTrip(t, v)
		if _, err := game.DecodeView(again); err != nil {
			t.Fatal(err)
		}
		if d := game.Diff(v, v); !d.Empty() {
			t.Fatalf("Diff of a decoded view with itself: %+v", d)
		}
	})
}

func FuzzDecodeDelta(f *testing.F) {
	_, deltas, base := viewFuzzSeeds()
	for _, d := range deltas {
		f.Add(d)
		f.Add(d[:len(d)-1])
	}
	f.Add([]byte{0x9e, 0x01, 0x01, 0x02, 0x01, 0x00, 0x00, 0xc0})
	_, bad, _ := outOfRange(f)
	for _, d := range bad {
		f.Add(d)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		d, err := game.DecodeDelta(data)
		if err != nil {
			if d != nil || !strings.HasPrefix(err.Error(), "decode delta: ") || !errors.Is(err, wire.ErrMalformed) {
				t.Fatalf("DecodeDelta error %q with delta %v", err, d)
			}
			return
		}
		enc, err := game.EncodeDelta(d)
		if err != nil {
			t.Fatalf("EncodeDelta of a decoded delta: %v", err)
		}
		d2, err := game.DecodeDelta(enc)
		if err != nil || !reflect.DeepEqual(d, d2) {
			t.Fatalf("delta changed in Encode/Decode: %v", err)
		}
		before := base.Checksum()
		if v, err := game.Apply(base, d); err == nil {
			if _, err := game.EncodeView(v); err != nil {
				t.Fatalf("EncodeView of an applied view: %v", err)
			}
		} else if v != nil {
			t.Fatal("Apply returned a view with an error")
		}
		if base.Checksum() != before {
			t.Fatal("Apply changed its view")
		}
	})
}
