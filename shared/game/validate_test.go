package game_test

import (
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/vmihailenco/msgpack/v5"

	"empires/shared/game"
	"empires/shared/game/gametest"
	"empires/shared/hex"
)

// The validation fixture: three players, player 3 out of the game.
//
//	col: 0 1 2 3 4 5 6 7
//	row 0: . ~ . . . . . .     A, B: player 1's armies; F: its fleet carrying C
//	row 1:  . ^ . . . . . .    V: player 2, visible to player 1
//	row 2: . . . . . . ~ .     H: player 2, hidden from player 1
//	row 3:  . . . . . . . ^    R: player 2, remembered at 4,0, now at 5,0
//	row 4: . . . . . . . .     D: player 2, remembered, since destroyed
const fixtureMap = `
. ~ . . . . . .
 . ^ . . . . . .
. . . . . . ~ .
 . . . . . . . ^
. . . . . . . .`

type fixture struct {
	s                      *game.State
	rs                     *gametest.Rules
	A, B, F, C, V, H, R, D game.ArmyID
	City, EnemyCity        game.CityID
}

func newFixture() *fixture {
	rs := gametest.New()
	s := gametest.Game(rs, fixtureMap, 3, 1)
	f := &fixture{s: s, rs: rs}
	f.City = s.AddCity(game.City{Owner: 1, Hex: gametest.At(0, 0), Level: 1})
	f.EnemyCity = s.AddCity(game.City{Owner: 2, Hex: gametest.At(7, 0), Level: 1})
	f.A = gametest.Army(s, 1, 0, 1, 3)
	f.B = gametest.Army(s, 1, 0, 3, 2)
	f.F = s.AddArmy(game.Army{Owner: 1, Hex: gametest.At(1, 0), Naval: true, Units: game.Units{1}})
	f.C = s.AddArmy(game.Army{Owner: 1, Hex: gametest.At(1, 0), Units: game.Units{1}, Carrier: f.F})
	f.V = gametest.Army(s, 2, 1, 2, 2)
	f.H = gametest.Army(s, 2, 6, 4, 2)
	f.R = gametest.Army(s, 2, 5, 0, 2)
	f.D = gametest.Army(s, 2, 6, 3, 2)
	s.Players[2].Alive, s.Players[2].EliminatedTurn = false, 1
	game.RecordVision(s, rs)
	// Player 1 saw R at 4,0 and D at 6,3 earlier; D has died since, unseen.
	m := &s.Memory[0]
	m.Armies = append(m.Armies,
		game.Sighting{Army: f.R, Owner: 2, Hex: gametest.At(4, 0), Units: game.Units{2}, Turn: 1},
		game.Sighting{Army: f.D, Owner: 2, Hex: gametest.At(6, 3), Units: game.Units{2}, Turn: 1})
	s.RemoveArmies(func(a *game.Army) bool { return a.ID == f.D })
	if err := s.Validate(len(rs.Terrain())); err != nil {
		panic(err)
	}
	return f
}

// at returns the hex at offset col,row as messages write it.
func at(col, row int) string { return gametest.At(col, row).String() }

func TestValidateOrder(t *testing.T) {
	f := newFixture()
	long := make([]hex.Hex, game.MaxPathLength+1)
	for i := range long {
		long[i] = gametest.At(0, 2-i%2)
	}
	tests := []struct {
		name   string
		p      game.PlayerID       // 1 unless set
		nobody bool                // the order comes from player 0
		setup  func(s *game.State) // changes a clone of the fixture
		have   game.Order
		want   string // "" for a valid order
	}{
		{name: "valid move", have: game.Order{Kind: game.OrderMove, Army: f.A, Path: gametest.Path("0,2 0,3")}},
		{name: "game over", setup: func(s *game.State) { s.Over, s.Winner = true, 2 },
			have: game.Order{Kind: game.OrderMove, Army: f.A, Path: gametest.Path("0,2")}, want: "the game is over"},
		{name: "game over, ruleset order", setup: func(s *game.State) { s.Over = true },
			have: game.Order{Kind: gametest.OrderRecruit, City: f.City, Count: 1}, want: "the game is over"},
		{name: "no such player", p: 9, have: game.Order{Kind: game.OrderMove, Army: f.A, Path: gametest.Path("0,2")},
			want: "player 9 is not in this game"},
		{name: "player 0", nobody: true, have: game.Order{Kind: game.OrderMove, Army: f.A}, want: "nobody is not in this game"},
		{name: "player out", p: 3, have: game.Order{Kind: game.OrderStance, Army: f.A}, want: "player 3 is out of the game"},
		{name: "wrong turn", setup: func(s *game.State) { s.Turn = 4 },
			have: game.Order{Turn: 3, Kind: game.OrderMove, Army: f.A, Path: gametest.Path("0,2")},
			want: "order is for turn 3, the game is on turn 4"},
		{name: "unknown kind", have: game.Order{Kind: 7, Army: f.A}, want: "unknown order kind 7"},
		{name: "kind zero", have: game.Order{Army: f.A}, want: "unknown order kind 0"},
		{name: "no army", have: game.Order{Kind: game.OrderStance}, want: "no army given"},
		{name: "army does not exist", have: game.Order{Kind: game.OrderStance, Army: 99}, want: "army 99 does not exist"},
		{name: "hidden enemy army", have: game.Order{Kind: game.OrderStance, Army: f.H},
			want: fmt.Sprintf("army %d does not exist", f.H)},
		{name: "visible enemy army", have: game.Order{Kind: game.OrderMove, Army: f.V, Path: gametest.Path("1,1")},
			want: fmt.Sprintf("army %d is not yours", f.V)},
		{name: "remembered enemy army", have: game.Order{Kind: game.OrderMove, Army: f.R, Path: gametest.Path("4,0")},
			want: fmt.Sprintf("army %d is not yours", f.R)},
		{name: "remembered army since destroyed", have: game.Order{Kind: game.OrderStance, Army: f.D},
			want: fmt.Sprintf("army %d is not yours", f.D)},
		{name: "carried army moves", have: game.Order{Kind: game.OrderMove, Army: f.C, Path: gametest.Path("0,0")},
			want: fmt.Sprintf("army %d is carried by army %d and cannot move on its own", f.C, f.F)},
		{name: "carried army explores", have: game.Order{Kind: game.OrderExplore, Army: f.C, Dir: hex.East},
			want: fmt.Sprintf("army %d is carried by army %d and cannot move on its own", f.C, f.F)},
		{name: "carried army may change stance", have: game.Order{Kind: game.OrderStance, Army: f.C, Stance: game.Intercept}},
		{name: "empty path", have: game.Order{Kind: game.OrderMove, Army: f.A}, want: "the path is empty"},
		{name: "path too long", have: game.Order{Kind: game.OrderMove, Army: f.A, Path: long},
			want: "the path has 65 hexes, at most 64"},
		{name: "path off the map", have: game.Order{Kind: game.OrderMove, Army: f.A, Path: gametest.Path("0,2 -1,2")},
			want: fmt.Sprintf("path step 2: hex %s is off the map", at(-1, 2))},
		{name: "first step not next to the army", have: game.Order{Kind: game.OrderMove, Army: f.A, Path: gametest.Path("2,1")},
			want: fmt.Sprintf("path step 1: hex %s is not next to hex %s", at(2, 1), at(0, 1))},
		{name: "step not next to the last", have: game.Order{Kind: game.OrderMove, Army: f.A, Path: gametest.Path("0,2 1,2 3,2")},
			want: fmt.Sprintf("path step 3: hex %s is not next to hex %s", at(3, 2), at(1, 2))},
		{name: "path stays in place", have: game.Order{Kind: game.OrderMove, Army: f.A, Path: gametest.Path("0,1")},
			want: fmt.Sprintf("path step 1: hex %s is not next to hex %s", at(0, 1), at(0, 1))},
		{name: "known water", have: game.Order{Kind: game.OrderMove, Army: f.A, Path: gametest.Path("1,0")},
			want: fmt.Sprintf("path step 1: army %d cannot enter hex %s (Water)", f.A, at(1, 0))},
		{name: "known mountains", have: game.Order{Kind: game.OrderMove, Army: f.A, Path: gametest.Path("1,2 1,1")},
			want: fmt.Sprintf("path step 2: army %d cannot enter hex %s (Mountains)", f.A, at(1, 1))},
		{name: "unknown water is not checked", have: game.Order{Kind: game.OrderMove, Army: f.B,
			Path: gametest.Path("1,3 2,3 3,3 4,3 5,3 6,2")}},
		{name: "fleet onto land", have: game.Order{Kind: game.OrderMove, Army: f.F, Path: gametest.Path("0,0")},
			want: fmt.Sprintf("path step 1: army %d cannot enter hex %s (Open)", f.F, at(0, 0))},
		{name: "attack without target or path", have: game.Order{Kind: game.OrderAttack, Army: f.A},
			want: "attack needs a target army or a path"},
		{name: "attack own army", have: game.Order{Kind: game.OrderAttack, Army: f.A, Target: f.B},
			want: fmt.Sprintf("army %d is yours: attack an enemy", f.B)},
		{name: "attack itself", have: game.Order{Kind: game.OrderAttack, Army: f.A, Target: f.A},
			want: fmt.Sprintf("army %d is yours: attack an enemy", f.A)},
		{name: "attack hidden enemy", have: game.Order{Kind: game.OrderAttack, Army: f.A, Target: f.H},
			want: fmt.Sprintf("army %d does not exist", f.H)},
		{name: "attack nonexistent", have: game.Order{Kind: game.OrderAttack, Army: f.A, Target: 99},
			want: "army 99 does not exist"},
		{name: "attack visible enemy", have: game.Order{Kind: game.OrderAttack, Army: f.A, Target: f.V}},
		{name: "attack remembered enemy", have: game.Order{Kind: game.OrderAttack, Army: f.A, Target: f.R}},
		{name: "attack along a path", have: game.Order{Kind: game.OrderAttack, Army: f.A, Path: gametest.Path("1,2")}},
		{name: "attack along a bad path", have: game.Order{Kind: game.OrderAttack, Army: f.A, Target: f.V, Path: gametest.Path("1,1")},
			want: fmt.Sprintf("path step 1: army %d cannot enter hex %s (Mountains)", f.A, at(1, 1))},
		{name: "follow without target", have: game.Order{Kind: game.OrderFollow, Army: f.A},
			want: "follow needs a target army"},
		{name: "follow itself", have: game.Order{Kind: game.OrderFollow, Army: f.A, Target: f.A},
			want: fmt.Sprintf("army %d cannot follow itself", f.A)},
		{name: "follow an enemy", have: game.Order{Kind: game.OrderFollow, Army: f.A, Target: f.V},
			want: fmt.Sprintf("army %d is not yours: follow one of your own armies", f.V)},
		{name: "follow a hidden enemy", have: game.Order{Kind: game.OrderFollow, Army: f.A, Target: f.H},
			want: fmt.Sprintf("army %d does not exist", f.H)},
		{name: "follow own army", have: game.Order{Kind: game.OrderFollow, Army: f.A, Target: f.B}},
		{name: "explore", have: game.Order{Kind: game.OrderExplore, Army: f.A, Dir: hex.SouthEast}},
		{name: "explore bad direction", have: game.Order{Kind: game.OrderExplore, Army: f.A, Dir: 6},
			want: "direction 6 is not one of E, NE, NW, W, SW, SE (0 to 5)"},
		{name: "explore negative direction", have: game.Order{Kind: game.OrderExplore, Army: f.A, Dir: -1},
			want: "direction -1 is not one of E, NE, NW, W, SW, SE (0 to 5)"},
		{name: "stance intercept", have: game.Order{Kind: game.OrderStance, Army: f.A, Stance: game.Intercept}},
		{name: "stance withdraw", have: game.Order{Kind: game.OrderStance, Army: f.A, Stance: game.Withdraw, Dir: hex.West}},
		{name: "unknown stance", have: game.Order{Kind: game.OrderStance, Army: f.A, Stance: 3},
			want: "unknown stance 3"},
		{name: "withdraw bad direction", have: game.Order{Kind: game.OrderStance, Army: f.A, Stance: game.Withdraw, Dir: 9},
			want: "direction 9 is not one of E, NE, NW, W, SW, SE (0 to 5)"},
		{name: "negative count", have: game.Order{Kind: game.OrderStance, Army: f.A, Count: -1}, want: "count -1 is negative"},
		{name: "negative level", have: game.Order{Kind: game.OrderStance, Army: f.A, Level: -2}, want: "level -2 is negative"},
		{name: "negative units", have: game.Order{Kind: game.OrderMove, Army: f.A, Path: gametest.Path("0,2"), Units: game.Units{1, -3}},
			want: "units: -3 of kind 1 is negative"},
		{name: "ruleset order", setup: func(s *game.State) { s.Players[0].Treasury = 5 },
			have: game.Order{Kind: gametest.OrderRecruit, City: f.City, Count: 5}},
		{name: "ruleset refuses", have: game.Order{Kind: gametest.OrderRecruit, City: f.City, Count: 5},
			want: "not enough treasury: have 0, need 5"},
		{name: "ruleset refuses another's city", have: game.Order{Kind: gametest.OrderRecruit, City: f.EnemyCity, Count: 1},
			want: fmt.Sprintf("city %d is not yours", f.EnemyCity)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := f.s
			if tt.setup != nil {
				s = s.Clone()
				tt.setup(s)
			}
			p := tt.p
			if p == 0 && !tt.nobody {
				p = 1
			}
			o := tt.have
			if o.Turn == 0 {
				o.Turn = s.Turn
			}
			sum := s.Checksum()
			got := ""
			if err := game.ValidateOrder(s, f.rs, p, &o); err != nil {
				got = err.Error()
			}
			if got != tt.want {
				t.Errorf("ValidateOrder(%s) = %q, want %q", o.String(), got, tt.want)
			}
			if s.Checksum() != sum {
				t.Error("ValidateOrder changed the state")
			}
		})
	}
}

// TestValidateNoFogLeak: an army player 1 cannot see and does not remember
// gets exactly the message of an ID that does not exist, in every place an
// order names an army; and unseen terrain never refuses a path.
func TestValidateNoFogLeak(t *testing.T) {
	f := newFixture()
	const missing = game.ArmyID(999)
	orders := func(id game.ArmyID) []game.Order {
		return []game.Order{
			{Kind: game.OrderMove, Army: id, Path: gametest.Path("6,3")},
			{Kind: game.OrderAttack, Army: id, Target: f.V},
			{Kind: game.OrderFollow, Army: id, Target: f.A},
			{Kind: game.OrderExplore, Army: id, Dir: hex.East},
			{Kind: game.OrderStance, Army: id, Stance: game.Withdraw, Dir: hex.West},
			{Kind: game.OrderAttack, Army: f.A, Target: id},
			{Kind: game.OrderFollow, Army: f.A, Target: id},
		}
	}
	norm := func(errs []*game.OrderError, id game.ArmyID) string {
		var b strings.Builder
		for _, e := range errs {
			fmt.Fprintln(&b, e.Error())
		}
		return strings.ReplaceAll(b.String(), id.String(), "army X")
	}
	hidden, none := orders(f.H), orders(missing)
	for i := range hidden {
		hidden[i].Turn, none[i].Turn = f.s.Turn, f.s.Turn
	}
	h := game.ValidateOrders(f.s, f.rs, 1, hidden)
	n := game.ValidateOrders(f.s, f.rs, 1, none)
	if len(h) != len(hidden) {
		t.Fatalf("orders on a hidden army: %d errors for %d orders: %v", len(h), len(hidden), h)
	}
	if a, b := norm(h, f.H), norm(n, missing); a != b {
		t.Errorf("a hidden army and a missing one give different messages:\n%s\n---\n%s", a, b)
	}
	// The same hidden army, once seen, is "not yours": the difference comes
	// from the player's knowledge only.
	s := f.s.Clone()
	s.Memory[0].Armies = append(s.Memory[0].Armies[:0:0], game.Sighting{Army: f.H, Owner: 2, Hex: gametest.At(6, 4), Turn: 1})
	o := game.Order{Turn: 1, Kind: game.OrderStance, Army: f.H}
	if err := game.ValidateOrder(s, f.rs, 1, &o); err == nil || err.Error() != fmt.Sprintf("army %d is not yours", f.H) {
		t.Errorf("remembered army: got %v", err)
	}
	// A remembered city that has since gone (an eliminated player's cities
	// are removed) stays "not yours": "does not exist" would tell player 1
	// what it has not seen.
	s = f.s.Clone()
	s.Memory[0].Cities = []game.CitySighting{{City: f.EnemyCity, Owner: 2, Turn: 1}}
	s.Cities = slices.DeleteFunc(s.Cities, func(c game.City) bool { return c.ID == f.EnemyCity })
	o = game.Order{Turn: 1, Kind: gametest.OrderRecruit, City: f.EnemyCity, Count: 1}
	if err := game.ValidateOrder(s, f.rs, 1, &o); err == nil || err.Error() != fmt.Sprintf("city %d is not yours", f.EnemyCity) {
		t.Errorf("remembered city gone: got %v, want it not yours", err)
	}
	// Unseen terrain: the path through water and mountains player 1 has
	// never seen passes; the one through the water it knows does not.
	for _, tt := range []struct {
		name string
		have []hex.Hex
		want bool
	}{
		{"unseen water", gametest.Path("1,3 2,3 3,3 4,3 5,3 6,2"), true},
		{"unseen mountains", gametest.Path("1,3 2,3 3,3 4,3 5,3 6,3 7,3"), true},
		{"seen mountains", gametest.Path("1,2 1,1"), false},
	} {
		army := f.B
		if !tt.want {
			army = f.A
		}
		o := game.Order{Turn: 1, Kind: game.OrderMove, Army: army, Path: tt.have}
		if err := game.ValidateOrder(f.s, f.rs, 1, &o); (err == nil) != tt.want {
			t.Errorf("%s: got %v, want valid=%v", tt.name, err, tt.want)
		}
	}
}

func TestValidateOrders(t *testing.T) {
	f := newFixture()
	move := func(id game.ArmyID, path string) game.Order {
		return game.Order{Turn: 1, Kind: game.OrderMove, Army: id, Path: gametest.Path(path)}
	}
	stance := func(id game.ArmyID, k game.StanceKind) game.Order {
		return game.Order{Turn: 1, Kind: game.OrderStance, Army: id, Stance: k}
	}
	many := make([]game.Order, game.MaxOrders+1)
	for i := range many {
		many[i] = stance(f.A, game.Defend)
	}
	tests := []struct {
		name string
		have []game.Order
		want []string
	}{
		{name: "none", have: nil},
		{name: "all valid", have: []game.Order{move(f.A, "0,2"), move(f.B, "1,3"), stance(f.A, game.Intercept), stance(f.B, game.Defend)}},
		{name: "two moves", have: []game.Order{move(f.A, "0,2"), stance(f.B, game.Defend), move(f.A, "0,0")},
			want: []string{fmt.Sprintf("order 3 (move army %d): army %d already has a movement order (order 1)", f.A, f.A)}},
		{name: "move and follow", have: []game.Order{move(f.A, "0,2"), {Turn: 1, Kind: game.OrderFollow, Army: f.A, Target: f.B}},
			want: []string{fmt.Sprintf("order 2 (army %d follows army %d): army %d already has a movement order (order 1)", f.A, f.B, f.A)}},
		{name: "two stances", have: []game.Order{stance(f.A, game.Defend), stance(f.A, game.Intercept)},
			want: []string{fmt.Sprintf("order 2 (stance of army %d): army %d already has a stance order (order 1)", f.A, f.A)}},
		{name: "an invalid move does not block a valid one",
			have: []game.Order{move(f.A, "1,0"), move(f.A, "0,2")},
			want: []string{fmt.Sprintf("order 1 (move army %d): path step 1: army %d cannot enter hex %s (Water)", f.A, f.A, at(1, 0))}},
		{name: "each bad order reported", have: []game.Order{move(99, "0,0"), stance(f.A, 7), move(f.A, "")},
			want: []string{
				"order 1 (move army 99): army 99 does not exist",
				fmt.Sprintf("order 2 (stance of army %d): unknown stance 7", f.A),
				fmt.Sprintf("order 3 (move army %d): the path is empty", f.A),
			}},
		{name: "too many orders", have: many,
			want: []string{fmt.Sprintf("order 4097 (stance of army %d): too many orders: 4097, at most 4096 a turn", f.A)}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got []string
			for _, e := range game.ValidateOrders(f.s, f.rs, 1, tt.have) {
				got = append(got, e.Error())
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("got  %q\nwant %q", got, tt.want)
			}
		})
	}
}

func TestOrderBookSubmit(t *testing.T) {
	f := newFixture()
	first := []game.Order{{Turn: 1, Kind: game.OrderMove, Army: f.A, Path: gametest.Path("0,2")}}
	second := []game.Order{
		{Turn: 1, Kind: game.OrderStance, Army: f.A, Stance: game.Intercept},
		{Turn: 1, Kind: game.OrderMove, Army: f.B, Path: gametest.Path("1,3")},
	}
	bad := []game.Order{
		{Turn: 1, Kind: game.OrderStance, Army: f.A, Stance: game.Defend},
		{Turn: 1, Kind: game.OrderMove, Army: f.B, Path: gametest.Path("1,3 3,3")},
		{Turn: 2, Kind: game.OrderStance, Army: f.B},
	}
	var b game.OrderBook
	if errs := b.Submit(f.s, f.rs, 1, first); errs != nil {
		t.Fatalf("first submission refused: %v", errs)
	}
	if got := b.Orders(1); !reflect.DeepEqual(got, first) {
		t.Fatalf("Orders(1) = %+v, want %+v", got, first)
	}
	if errs := b.Submit(f.s, f.rs, 1, second); errs != nil {
		t.Fatalf("second submission refused: %v", errs)
	}
	if got := b.Orders(1); !reflect.DeepEqual(got, second) {
		t.Fatalf("a submission must replace the list: Orders(1) = %+v, want %+v", got, second)
	}
	errs := b.Submit(f.s, f.rs, 1, bad)
	if len(errs) != 2 || errs[0].Index != 1 || errs[1].Index != 2 {
		t.Fatalf("bad submission: errors %v, want orders 2 and 3 refused", errs)
	}
	if got := b.Orders(1); !reflect.DeepEqual(got, second) {
		t.Fatalf("a refused submission changed the book: Orders(1) = %+v", got)
	}
	// The book keeps its own copy, and hands out copies.
	second[1].Path[0] = gametest.At(7, 4)
	got := b.Orders(1)
	got[1].Path[0] = gametest.At(7, 3)
	if b.Orders(1)[1].Path[0] != gametest.At(1, 3) {
		t.Fatal("the book shares its orders with the caller")
	}
	// Player 2 submits nothing: listed, with no orders; player 1 sorted first.
	if errs := b.Submit(f.s, f.rs, 2, nil); errs != nil {
		t.Fatalf("empty submission refused: %v", errs)
	}
	if got := b.Players(); !reflect.DeepEqual(got, []game.PlayerID{1, 2}) {
		t.Fatalf("Players() = %v", got)
	}
	if all := b.All(); len(all) != 2 || all[0].Player != 1 || len(all[0].Orders) != 2 || all[1].Player != 2 || len(all[1].Orders) != 0 {
		t.Fatalf("All() = %+v", all)
	}
	if errs := b.Submit(f.s, f.rs, 3, nil); len(errs) != 0 {
		// An eliminated player's empty list holds no order to refuse.
		t.Fatalf("empty list of player 3: %v", errs)
	}
	if errs := b.Submit(f.s, f.rs, 3, first); len(errs) != 1 || errs[0].Reason != "player 3 is out of the game" {
		t.Fatalf("player 3's orders: %v", errs)
	}
	b.Clear()
	if len(b.Players()) != 0 || b.Orders(1) != nil {
		t.Fatalf("Clear left %v", b.Players())
	}
}

func TestRevalidate(t *testing.T) {
	f := newFixture()
	orders := []game.Order{
		{Turn: 1, Kind: game.OrderMove, Army: f.A, Path: gametest.Path("0,2")},
		{Turn: 1, Kind: game.OrderMove, Army: f.B, Path: gametest.Path("1,3")},
		{Turn: 1, Kind: game.OrderFollow, Army: f.F, Target: f.A},
	}
	if errs := game.ValidateOrders(f.s, f.rs, 1, orders); errs != nil {
		t.Fatal(errs)
	}
	s := f.s.Clone()
	s.RemoveArmies(func(a *game.Army) bool { return a.ID == f.B || a.ID == f.A })
	var ev game.Events
	got := game.Revalidate(s, f.rs, 1, orders, &ev)
	if len(got) != 0 {
		t.Fatalf("Revalidate kept %+v", got)
	}
	want := []string{
		fmt.Sprintf("order 1 (move army %d) skipped: army %d does not exist", f.A, f.A),
		fmt.Sprintf("order 2 (move army %d) skipped: army %d does not exist", f.B, f.B),
		fmt.Sprintf("order 3 (army %d follows army %d) skipped: army %d does not exist", f.F, f.A, f.A),
	}
	var texts []string
	for _, e := range ev.List {
		if e.Kind != game.EventOrderSkipped || e.Player != 1 || e.Turn != 1 {
			t.Errorf("event %+v", e)
		}
		texts = append(texts, e.Text)
	}
	if !reflect.DeepEqual(texts, want) {
		t.Errorf("events\n%q\nwant\n%q", texts, want)
	}
	ev = game.Events{}
	if got := game.Revalidate(f.s, f.rs, 1, orders, &ev); !reflect.DeepEqual(got, orders) || len(ev.List) != 0 {
		t.Errorf("valid orders: kept %d, events %+v", len(got), ev.List)
	}
	// Beyond MaxOrders: one event for the rest.
	many := make([]game.Order, game.MaxOrders+3)
	for i := range many {
		many[i] = game.Order{Turn: 1, Kind: game.OrderStance, Army: f.A}
	}
	ev = game.Events{}
	if got := game.Revalidate(f.s, f.rs, 1, many, &ev); len(got) != 1 || len(ev.List) != game.MaxOrders {
		t.Errorf("too many orders: kept %d with %d events", len(got), len(ev.List))
	}
	if last := ev.List[len(ev.List)-1].Text; last != "orders 4097 to 4099 skipped: too many orders, at most 4096 a turn" {
		t.Errorf("last event %q", last)
	}
}

// FuzzValidateOrder: whatever the order (decoded from arbitrary msgpack, or
// built from fuzzed fields), validation never panics, never changes the
// state, gives the same answer twice, and Submit and Revalidate agree with
// ValidateOrders.
func FuzzValidateOrder(f *testing.F) {
	fx := newFixture()
	seed := func(o game.Order, p uint8) {
		data, err := msgpack.Marshal(&o)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data, p, uint8(o.Kind), uint32(o.Army), uint32(o.Target), int8(o.Dir))
	}
	seed(game.Order{Turn: 1, Kind: game.OrderMove, Army: fx.A, Path: gametest.Path("0,2 0,3")}, 1)
	seed(game.Order{Turn: 1, Kind: game.OrderMove, Army: fx.B, Path: gametest.Path("1,3 2,3 3,3 4,3 5,3 6,2")}, 1)
	seed(game.Order{Turn: 1, Kind: game.OrderAttack, Army: fx.A, Target: fx.V}, 1)
	seed(game.Order{Turn: 1, Kind: game.OrderFollow, Army: fx.V, Target: fx.H}, 2)
	seed(game.Order{Turn: 1, Kind: game.OrderStance, Army: fx.C, Stance: game.Withdraw, Dir: 3}, 1)
	seed(game.Order{Turn: 1, Kind: gametest.OrderRecruit, City: fx.City, Count: 3}, 1)
	f.Add([]byte{0, 1, 2, 3, 4, 5, 250, 251}, uint8(1), uint8(game.OrderMove), uint32(fx.A), uint32(0), int8(0))
	f.Fuzz(func(t *testing.T, data []byte, p uint8, kind uint8, army, target uint32, dir int8) {
		s := fx.s
		sum := s.Checksum()
		pid := game.PlayerID(p % 5)
		var decoded game.Order
		// CheckMsgpack first: msgpack alone allocates whatever a header
		// claims (see CheckMsgpack), as the server must do with clients.
		fromBytes := game.CheckMsgpack(data) == nil && msgpack.Unmarshal(data, &decoded) == nil
		// An order built from the fields, its path walked from the bytes:
		// mostly steps to a neighbour, sometimes a jump anywhere near.
		built := game.Order{Turn: game.Turn(1 + int(dir)%2), Kind: game.OrderKind(kind % 70),
			Army: game.ArmyID(army % 12), Target: game.ArmyID(target % 12), Dir: hex.Direction(dir % 8),
			Stance: game.StanceKind(kind % 4), Count: int32(dir), City: game.CityID(target % 4)}
		h := gametest.At(0, 1)
		if a := s.Army(built.Army); a != nil {
			h = a.Hex
		}
		for i, b := range data {
			if i > game.MaxPathLength+2 {
				break
			}
			if b < 240 {
				h = h.Neighbor(hex.Direction(b % 6))
			} else {
				h = gametest.At(int(b%5)-1, int(b/5%7)-1)
			}
			built.Path = append(built.Path, h)
		}
		list := []game.Order{built, built}
		if fromBytes {
			list = append(list, decoded, decoded)
		}
		for i := range list {
			o := &list[i]
			e1 := game.ValidateOrder(s, fx.rs, pid, o)
			e2 := game.ValidateOrder(s, fx.rs, pid, o)
			if fmt.Sprint(e1) != fmt.Sprint(e2) {
				t.Fatalf("two answers for one order: %v, %v", e1, e2)
			}
			if e1 != nil && e1.Error() == "" {
				t.Fatal("a refusal without a reason")
			}
		}
		errs := game.ValidateOrders(s, fx.rs, pid, list)
		var book game.OrderBook
		if got := book.Submit(s, fx.rs, pid, list); !reflect.DeepEqual(got, errs) {
			t.Fatalf("Submit %v, ValidateOrders %v", got, errs)
		}
		if errs != nil && len(book.Players()) != 0 {
			t.Fatal("a refused submission entered the book")
		}
		var ev game.Events
		kept := game.Revalidate(s, fx.rs, pid, list, &ev)
		if len(kept)+len(ev.List) != len(list) || len(ev.List) != len(errs) {
			t.Fatalf("Revalidate kept %d and skipped %d of %d, ValidateOrders refused %d",
				len(kept), len(ev.List), len(list), len(errs))
		}
		if s.Checksum() != sum {
			t.Fatal("validation changed the state")
		}
	})
}

// limitRules is the test ruleset with an OrderLimiter: n orders a turn.
type limitRules struct {
	*gametest.Rules
	n int
}

func (r limitRules) OrderLimit(s *game.State, p game.PlayerID) (int, string) {
	return r.n, fmt.Sprintf("%d orders a turn", r.n)
}

// TestOrderLimit: a ruleset that is a game.OrderLimiter has the orders
// beyond its limit refused with its rule in words, by ValidateOrders (so
// by OrderBook.Submit) and by Revalidate; only orders valid on their own
// count, and a limit of 0 is no limit.
func TestOrderLimit(t *testing.T) {
	f := newFixture()
	move := func(id game.ArmyID, path string) game.Order {
		return game.Order{Turn: 1, Kind: game.OrderMove, Army: id, Path: gametest.Path(path)}
	}
	stance := game.Order{Turn: 1, Kind: game.OrderStance, Army: f.B, Stance: game.Intercept}
	tests := []struct {
		name string
		n    int
		have []game.Order
		want []string
	}{
		{"one order", 1, []game.Order{move(f.A, "0,2")}, nil},
		{"a second order", 1, []game.Order{move(f.A, "0,2"), stance},
			[]string{fmt.Sprintf("order 2 (stance of army %d): 1 orders a turn (already given: order 1)", f.B)}},
		{"an invalid first order takes no place", 1, []game.Order{move(f.A, "1,0"), stance}, []string{
			fmt.Sprintf("order 1 (move army %d): path step 1: army %d cannot enter hex %s (Water)", f.A, f.A, at(1, 0))}},
		{"two of two", 2, []game.Order{move(f.A, "0,2"), stance}, nil},
		{"three of two", 2, []game.Order{move(f.A, "0,2"), stance, move(f.B, "1,3")},
			[]string{fmt.Sprintf("order 3 (move army %d): 2 orders a turn (already given: orders 1, 2)", f.B)}},
		{"no limit", 0, []game.Order{move(f.A, "0,2"), stance, move(f.B, "1,3")}, nil},
	}
	for _, tt := range tests {
		rs := limitRules{f.rs, tt.n}
		var have []string
		for _, e := range game.ValidateOrders(f.s, rs, 1, tt.have) {
			have = append(have, e.Error())
		}
		if !reflect.DeepEqual(have, tt.want) {
			t.Errorf("%s: have %q\nwant %q", tt.name, have, tt.want)
		}
		var b game.OrderBook
		if errs := b.Submit(f.s, rs, 1, tt.have); (errs == nil) != (tt.want == nil) {
			t.Errorf("%s: Submit: %v", tt.name, errs)
		}
	}
	// At resolution the orders beyond the limit are skipped, with the rule.
	ev := &game.Events{}
	kept := game.Revalidate(f.s, limitRules{f.rs, 1}, 1, []game.Order{move(f.A, "0,2"), stance}, ev)
	if len(kept) != 1 || kept[0].Kind != game.OrderMove || len(ev.List) != 1 ||
		ev.List[0].Text != fmt.Sprintf("order 2 (stance of army %d) skipped: 1 orders a turn (already given: order 1)", f.B) {
		t.Errorf("Revalidate kept %+v, events %+v", kept, ev.List)
	}
}
