package erfpiresai

import (
	"fmt"
	"reflect"
	"testing"

	"empires/shared/game"
	"empires/shared/hex"
	"empires/shared/hexmap"
	"empires/shared/rules/erfpires"
	"empires/shared/ruleset"
)

func newRules(t testing.TB) *erfpires.Rules {
	t.Helper()
	rs, err := erfpires.Open("")
	if err != nil {
		t.Fatal(err)
	}
	return rs
}

// play plays a game of seed on a size x size map, player i+1 of level
// levels[i], for at most days days, and returns the final state. Every
// day it checks each player's orders as the server does (the test fails
// on a refusal) and calls each (if not nil) with them.
func play(t testing.TB, rs *erfpires.Rules, seed uint64, size int, levels []ruleset.Level, days int,
	each func(s *game.State, p game.PlayerID, orders []game.Order)) *game.State {
	t.Helper()
	s, err := rs.NewGame(seed, size, size, len(levels), nil)
	if err != nil {
		t.Fatal(err)
	}
	players := make([]*Player, len(levels))
	for i, l := range levels {
		players[i] = New(rs, l, seed)
	}
	for range days {
		if s.Over {
			break
		}
		var all []game.PlayerOrders
		for i, pl := range players {
			id := game.PlayerID(i + 1)
			if !s.Player(id).Alive {
				continue
			}
			orders := pl.Orders(game.NewView(s, id))
			if errs := game.ValidateOrders(s, rs, id, orders); len(errs) > 0 || len(orders) > 1 {
				t.Fatalf("seed %d day %d: %s player %d: %d orders, refused %v", seed, s.Turn, pl.Level(), id, len(orders), errs)
			}
			if each != nil {
				each(s, id, orders)
			}
			all = append(all, game.PlayerOrders{Player: id, Orders: orders})
		}
		game.Resolve(s, rs, all)
	}
	return s
}

// ladderDays bounds a ladder game: every game must end with a winner
// before it.
const ladderDays = 150

// ladderGames is the number of games a pairing of the ladder plays.
const ladderGames = 12

// TestLadder plays whole two-player games between levels on small maps
// (16x16 to 24x24), ladderGames seeds a pairing, the seats swapped every
// other seed: Normal wins (nearly) every game against Random and against
// Passive, Easy most games against Random, and every game ends with a
// winner within ladderDays days.
func TestLadder(t *testing.T) {
	rs := newRules(t)
	tests := []struct {
		strong, weak ruleset.Level
		minWins      int // of ladderGames
	}{
		{ruleset.Normal, ruleset.Passive, ladderGames},
		{ruleset.Normal, ruleset.Random, ladderGames - 1},
		{ruleset.Easy, ruleset.Random, ladderGames * 2 / 3},
		{ruleset.Normal, ruleset.Easy, 0}, // measured, not asserted beyond a winner each game
		{ruleset.Hard, ruleset.Normal, ladderGames / 2},
	}
	for _, tt := range tests {
		wins, days := 0, 0
		for seed := uint64(1); seed <= ladderGames; seed++ {
			levels, strongSeat := []ruleset.Level{tt.strong, tt.weak}, game.PlayerID(1)
			if seed%2 == 0 {
				levels, strongSeat = []ruleset.Level{tt.weak, tt.strong}, 2
			}
			size := 16 + 4*int(seed%3)
			s := play(t, rs, seed, size, levels, ladderDays, nil)
			if !s.Over || s.Winner == 0 {
				t.Errorf("%s against %s, seed %d: no winner after %d days", tt.strong, tt.weak, seed, s.Turn-1)
			}
			if s.Winner == strongSeat {
				wins++
			}
			days += int(s.Turn - 1)
		}
		t.Logf("%s against %s: %d of %d won, %d days a game on average", tt.strong, tt.weak, wins, ladderGames, days/ladderGames)
		if wins < tt.minWins {
			t.Errorf("%s won %d of %d games against %s, want at least %d", tt.strong, wins, ladderGames, tt.weak, tt.minWins)
		}
	}
}

// TestOrdersValid plays three-player games with the levels at the table
// (seats rotated by seed) and checks, through play, that every order is
// one the server accepts, one a day; and that the levels give the orders
// their plans need.
func TestOrdersValid(t *testing.T) {
	rs := newRules(t)
	kinds := map[ruleset.Level]map[game.OrderKind]int{}
	all := []ruleset.Level{ruleset.Random, ruleset.Easy, ruleset.Normal, ruleset.Hard}
	for seed := uint64(1); seed <= 4; seed++ {
		levels := make([]ruleset.Level, 3)
		for i := range levels {
			levels[i] = all[(i+int(seed))%4]
		}
		play(t, rs, seed, 24, levels, 60, func(s *game.State, p game.PlayerID, orders []game.Order) {
			l := levels[p-1]
			if kinds[l] == nil {
				kinds[l] = map[game.OrderKind]int{}
			}
			for _, o := range orders {
				kinds[l][o.Kind]++
			}
		})
	}
	for _, l := range []ruleset.Level{ruleset.Easy, ruleset.Normal, ruleset.Hard} {
		for _, k := range []game.OrderKind{erfpires.OrderTax, erfpires.OrderBuildCity, game.OrderMove} {
			if kinds[l][k] == 0 {
				t.Errorf("%s gave no order of kind %d: %v", l, k, kinds[l])
			}
		}
	}
	if len(kinds[ruleset.Random]) < 5 {
		t.Errorf("random gave orders of %d kinds, want at least 5: %v", len(kinds[ruleset.Random]), kinds[ruleset.Random])
	}
}

// TestDeterministic: the same seed and view give the same orders, from a
// fresh player and from the view decoded from the wire (every level acts
// on what the wire carries, its seat's view); Random with other
// seeds chooses otherwise.
func TestDeterministic(t *testing.T) {
	rs := newRules(t)
	s := play(t, rs, 3, 20, []ruleset.Level{ruleset.Normal, ruleset.Random}, 10, nil)
	for _, l := range []ruleset.Level{ruleset.Random, ruleset.Easy, ruleset.Normal, ruleset.Hard} {
		for p := game.PlayerID(1); p <= 2; p++ {
			v := game.NewView(s, p)
			data, err := game.EncodeView(v)
			if err != nil {
				t.Fatal(err)
			}
			back, err := game.DecodeView(data)
			if err != nil {
				t.Fatal(err)
			}
			a, b := New(rs, l, 7).Orders(v), New(rs, l, 7).Orders(back)
			if !reflect.DeepEqual(a, b) {
				t.Errorf("%s, player %d: %+v, then %+v", l, p, a, b)
			}
		}
	}
	v := game.NewView(s, 2)
	seen := map[string]bool{}
	for seed := uint64(0); seed < 20; seed++ {
		seen[fmt.Sprint(New(rs, ruleset.Random, seed).Orders(v))] = true
	}
	if len(seen) < 3 {
		t.Errorf("random chose %d different orders in 20 seeds", len(seen))
	}
}

func TestParseLevel(t *testing.T) {
	for _, l := range Levels() {
		got, err := ruleset.ParseLevel(l.String(), Levels())
		if err != nil || got != l {
			t.Errorf("ParseLevel(%q) = %v, %v", l.String(), got, err)
		}
	}
	if got, err := ruleset.ParseLevel("NORMAL", Levels()); err != nil || got != ruleset.Normal {
		t.Errorf("ParseLevel(NORMAL) = %v, %v", got, err)
	}
	if _, err := ruleset.ParseLevel("genius", Levels()); err == nil || err.Error() != `unknown AI level "genius": want passive, random, easy, normal or hard` {
		t.Errorf("ParseLevel(genius): %v", err)
	}
	if have := fmt.Sprint(Levels()); have != "[passive random easy normal hard]" {
		t.Errorf("Levels() = %s", have)
	}
}

// TestOrdersNoPlayer: no orders for a spectator's view, a player out of
// the game, a game over, or a Passive player.
func TestOrdersNoPlayer(t *testing.T) {
	rs := newRules(t)
	s, err := rs.NewGame(1, 20, 20, 2, nil)
	if err != nil {
		t.Fatal(err)
	}
	p := New(rs, ruleset.Normal, 1)
	if o := p.Orders(game.NewView(s, 0)); o != nil {
		t.Errorf("spectator: %+v", o)
	}
	if o := New(rs, ruleset.Passive, 1).Orders(game.NewView(s, 1)); o != nil {
		t.Errorf("passive: %+v", o)
	}
	if o := p.Orders(nil); o != nil {
		t.Errorf("no view: %+v", o)
	}
	s.Players[1].Alive = false
	if o := p.Orders(game.NewView(s, 2)); o != nil {
		t.Errorf("out of the game: %+v", o)
	}
	s.Over = true
	if o := p.Orders(game.NewView(s, 1)); o != nil {
		t.Errorf("game over: %+v", o)
	}
}

// scene builds a game on an ASCII map (erfpires glyphs) for the behaviour
// tests.
func scene(t *testing.T, rs *erfpires.Rules, text string) *game.State {
	t.Helper()
	m, err := hexmap.Parse(text, rs.D.Terrain)
	if err != nil {
		t.Fatal(err)
	}
	return rs.NewGameOn(m, 1, 2, nil)
}

const sceneMap = `
. . . . . . . . . . . .
 . . . . . . . . . . . .
. . . . . . . . . . . .
 . . . . . . . . . . . .
. . . . . . . . . . . .
 . . . . . . . . . . . .
`

// TestNormalBehaviour: Normal garrisons a city an enemy comes near,
// takes an enemy city with no army in a day's walk, builds a farm on a day
// it waits for the money for a city, and trades on a day with nothing
// better to do; Easy leaves the city empty.
func TestNormalBehaviour(t *testing.T) {
	rs := newRules(t)
	at := func(col, row int) game.City { return game.City{Hex: hexAt(col, row), Level: 1} }
	t.Run("garrison", func(t *testing.T) {
		s := scene(t, rs, sceneMap)
		c := at(2, 2)
		c.Owner = 1
		city := s.AddCity(c)
		s.AddCity(game.City{Owner: 2, Hex: hexAt(10, 5), Level: 1})
		s.AddArmy(game.Army{Owner: 2, Hex: hexAt(4, 2), Units: game.Units{3}})
		s.Player(1).Stock[erfpires.StockLastTax] = 1 // no Tax today
		s.Turn = 3
		game.RecordVision(s, rs)
		o := New(rs, ruleset.Normal, 1).Orders(game.NewView(s, 1))
		if len(o) != 1 || o[0].Kind != erfpires.OrderRecruit || o[0].City != city {
			t.Errorf("normal: %+v, want a recruit in %s", o, city)
		}
		if o := New(rs, ruleset.Easy, 1).Orders(game.NewView(s, 1)); len(o) == 1 && o[0].Kind == erfpires.OrderRecruit && o[0].Units.Total() > 2 {
			t.Errorf("easy garrisons: %+v", o)
		}
	})
	t.Run("take a city", func(t *testing.T) {
		s := scene(t, rs, sceneMap)
		s.AddCity(game.City{Owner: 1, Hex: hexAt(0, 0), Level: 1})
		enemy := s.AddCity(game.City{Owner: 2, Hex: hexAt(6, 3), Level: 1})
		a := s.AddArmy(game.Army{Owner: 1, Hex: hexAt(4, 3), Units: game.Units{2}})
		s.Player(1).Treasury = 0
		s.Turn = 2
		game.RecordVision(s, rs)
		// Player 1 saw the city yesterday, two hexes from its army.
		s.Memory[0].Cities = []game.CitySighting{{City: enemy, Owner: 2, Hex: hexAt(6, 3), Level: 1, Turn: 1}}
		s.Memory[0].Known.Set(s.Map.Rect().Index(hexAt(6, 3)))
		o := New(rs, ruleset.Normal, 1).Orders(game.NewView(s, 1))
		if len(o) != 1 || o[0].Kind != game.OrderAttack || o[0].Army != a || o[0].Path[len(o[0].Path)-1] != s.City(enemy).Hex {
			t.Errorf("normal: %+v, want an attack on %s", o, enemy)
		}
	})
	t.Run("a farm while waiting for money", func(t *testing.T) {
		s := scene(t, rs, sceneMap)
		s.AddCity(game.City{Owner: 1, Hex: hexAt(0, 0), Level: 1})
		s.AddCity(game.City{Owner: 1, Hex: hexAt(0, 4), Level: 1})
		s.AddCity(game.City{Owner: 2, Hex: hexAt(11, 5), Level: 1})
		s.AddArmy(game.Army{Owner: 1, Hex: hexAt(5, 2), Units: game.Units{1}}) // on a site
		s.Player(1).Stock[erfpires.StockLastTax] = 1
		s.Player(1).Treasury = 4 // the city costs 5; the next Tax brings 5
		s.Turn = 3
		game.RecordVision(s, rs)
		o := New(rs, ruleset.Normal, 1).Orders(game.NewView(s, 1))
		farm, _ := rs.D.StructureKind("farm")
		if len(o) != 1 || o[0].Kind != erfpires.OrderBuild || o[0].Unit != game.UnitKind(farm) {
			t.Errorf("normal: %+v, want a farm", o)
		}
	})
	t.Run("trade when idle", func(t *testing.T) {
		s := scene(t, rs, sceneMap)
		s.AddCity(game.City{Owner: 1, Hex: hexAt(0, 0), Level: 1})
		s.AddCity(game.City{Owner: 2, Hex: hexAt(10, 5), Level: 1})
		s.Player(1).Stock[erfpires.StockLastTax] = 1
		s.Player(1).Treasury = 0
		s.Turn = 2
		game.RecordVision(s, rs)
		// No army, no money, no Tax: Normal trades with player 2.
		o := New(rs, ruleset.Normal, 1).Orders(game.NewView(s, 1))
		if len(o) != 1 || o[0].Kind != erfpires.OrderTrade || o[0].Player != 2 {
			t.Errorf("normal: %+v, want a trade with player 2", o)
		}
	})
}

func hexAt(col, row int) hex.Hex { return hex.FromOffset(hex.Offset{Col: col, Row: row}) }

// BenchmarkOrders decides the day's order of a seat of a four-player
// game on 32x32 at day 9, Normal and Hard.
func BenchmarkOrders(b *testing.B) {
	rs := newRules(b)
	s := play(b, rs, 2, 32, []ruleset.Level{ruleset.Normal, ruleset.Hard, ruleset.Normal, ruleset.Hard}, 8, nil)
	if s.Over {
		b.Fatal("the game is over: nothing to decide")
	}
	views := make([]*game.View, len(s.Players))
	for i := range views {
		views[i] = game.NewView(s, game.PlayerID(i+1))
	}
	for _, l := range []ruleset.Level{ruleset.Normal, ruleset.Hard} {
		b.Run(l.String(), func(b *testing.B) {
			p := New(rs, l, 2)
			for i := 0; b.Loop(); i++ {
				p.Orders(views[i%len(views)])
			}
		})
	}
}

// TestNoWandering replays games in which an army once walked to and fro
// for good, exploring toward unseen ground beyond its sight that its walk
// never showed: each must now end with the AI's win ("first to control 5
// cities").
func TestNoWandering(t *testing.T) {
	rs := newRules(t)
	tests := []struct {
		seed   uint64
		levels []ruleset.Level
		winner game.PlayerID
	}{
		{518, []ruleset.Level{ruleset.Normal, ruleset.Passive}, 1},
		{12, []ruleset.Level{ruleset.Passive, ruleset.Hard}, 2},
	}
	for _, tt := range tests {
		s := play(t, rs, tt.seed, 24, tt.levels, 300, nil)
		if !s.Over || s.Winner != tt.winner {
			t.Errorf("seed %d, %v: over %v, winner %s after %d days; want player %d's win", tt.seed, tt.levels, s.Over, s.Winner, s.Turn-1, tt.winner)
		}
	}
}
