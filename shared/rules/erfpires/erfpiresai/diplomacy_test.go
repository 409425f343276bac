package erfpiresai

import (
	"reflect"
	"testing"

	"empires/shared/game"
	"empires/shared/rules/erfpires"
	"empires/shared/ruleset"
)

// TestEveryRule checks the orders Normal and Hard give in small scripted
// days for the rules beyond founding and fighting: Tax ("A Tax order may
// only be issued once a week": it taxes when its treasury is short of the
// week's cities), Tribute ("That Erfpire may not attack you for a week":
// it pays one to the player about to take a city it cannot hold, and
// keeps no garrison against a player its tribute holds back), the truce
// it took (no attack on the giver), Trade ("both sides must give a trade
// order in the same turn": with a player not about to win), and the
// victory's tie ("most cities, then most units": Normal recruits a unit,
// Hard all it can afford).
func TestEveryRule(t *testing.T) {
	rs := newRules(t)
	type want struct {
		kind   game.OrderKind
		player game.PlayerID // for Trade and Tribute
		not    bool          // any order but kind
		units  int           // for Recruit: how many, if not 0
	}
	tests := []struct {
		name  string
		level ruleset.Level
		setup func(s *game.State)
		want  want
	}{
		{"no Tax while the treasury pays two cities", ruleset.Normal, func(s *game.State) {
			s.AddCity(game.City{Owner: 1, Hex: hexAt(1, 1), Level: 1})
			s.AddCity(game.City{Owner: 2, Hex: hexAt(10, 5), Level: 1})
			s.Player(1).Treasury = 10
		}, want{kind: erfpires.OrderTax, not: true}},
		{"a Tax when the treasury is short of two cities", ruleset.Normal, func(s *game.State) {
			s.AddCity(game.City{Owner: 1, Hex: hexAt(1, 1), Level: 1})
			s.AddCity(game.City{Owner: 2, Hex: hexAt(10, 5), Level: 1})
			s.Player(1).Treasury = 9
		}, want{kind: erfpires.OrderTax}},
		{"tribute to the player about to take a city it cannot hold", ruleset.Normal, func(s *game.State) {
			s.AddCity(game.City{Owner: 1, Hex: hexAt(2, 2), Level: 1})
			s.AddCity(game.City{Owner: 2, Hex: hexAt(10, 5), Level: 1})
			s.AddArmy(game.Army{Owner: 2, Hex: hexAt(3, 2), Units: game.Units{6}})
			s.Player(1).Stock[erfpires.StockLastTax] = int32(s.Turn) - 1
			s.Player(1).Treasury = 1 // one Infantry, which six would beat; the gift is 1
		}, want{kind: erfpires.OrderTribute, player: 2}},
		{"a garrison, not a tribute, where the garrison holds", ruleset.Normal, func(s *game.State) {
			s.AddCity(game.City{Owner: 1, Hex: hexAt(2, 2), Level: 1})
			s.AddCity(game.City{Owner: 2, Hex: hexAt(10, 5), Level: 1})
			s.AddArmy(game.Army{Owner: 2, Hex: hexAt(3, 2), Units: game.Units{1}})
			s.Player(1).Stock[erfpires.StockLastTax] = int32(s.Turn) - 1
			s.Player(1).Treasury = 8
		}, want{kind: erfpires.OrderRecruit}},
		{"no garrison against the player its tribute holds back", ruleset.Normal, func(s *game.State) {
			s.AddCity(game.City{Owner: 1, Hex: hexAt(2, 2), Level: 1})
			s.AddCity(game.City{Owner: 2, Hex: hexAt(10, 5), Level: 1})
			s.AddArmy(game.Army{Owner: 1, Hex: hexAt(2, 2), Units: game.Units{2}})
			s.AddArmy(game.Army{Owner: 2, Hex: hexAt(3, 2), Units: game.Units{6}})
			s.Player(1).Stock[erfpires.StockLastTax] = int32(s.Turn) - 1
			s.Player(1).Stock[erfpires.StockProtected+1] = int32(s.Turn) + 3
			s.Player(1).Treasury = 3 // its army goes founding, no Tribute, no Recruit
		}, want{kind: erfpires.OrderRecruit, not: true}},
		{"the same army garrisons without the tribute", ruleset.Normal, func(s *game.State) {
			s.AddCity(game.City{Owner: 1, Hex: hexAt(2, 2), Level: 1})
			s.AddCity(game.City{Owner: 2, Hex: hexAt(10, 5), Level: 1})
			s.AddArmy(game.Army{Owner: 1, Hex: hexAt(2, 2), Units: game.Units{2}})
			s.AddArmy(game.Army{Owner: 2, Hex: hexAt(3, 2), Units: game.Units{6}})
			s.Player(1).Stock[erfpires.StockLastTax] = int32(s.Turn) - 1
			s.Player(1).Treasury = 3
		}, want{kind: erfpires.OrderRecruit}},
		{"no attack on the player whose tribute it took", ruleset.Hard, func(s *game.State) {
			s.AddCity(game.City{Owner: 1, Hex: hexAt(0, 0), Level: 1})
			s.AddCity(game.City{Owner: 2, Hex: hexAt(6, 3), Level: 1})
			s.AddArmy(game.Army{Owner: 1, Hex: hexAt(4, 3), Units: game.Units{2}})
			s.Player(1).Stock[erfpires.StockLastTax] = int32(s.Turn) - 1
			s.Player(1).Stock[erfpires.StockTruce+1] = int32(s.Turn) + 3
		}, want{kind: game.OrderAttack, not: true}},
		{"the same city taken without the truce", ruleset.Hard, func(s *game.State) {
			s.AddCity(game.City{Owner: 1, Hex: hexAt(0, 0), Level: 1})
			s.AddCity(game.City{Owner: 2, Hex: hexAt(6, 3), Level: 1})
			s.AddArmy(game.Army{Owner: 1, Hex: hexAt(4, 3), Units: game.Units{2}})
			s.Player(1).Stock[erfpires.StockLastTax] = int32(s.Turn) - 1
		}, want{kind: game.OrderAttack}},
		{"trade with the player not about to win", ruleset.Normal, func(s *game.State) {
			s.AddCity(game.City{Owner: 1, Hex: hexAt(0, 0), Level: 1})
			for _, col := range []int{3, 6, 9} {
				s.AddCity(game.City{Owner: 2, Hex: hexAt(col, 1), Level: 1})
			}
			s.AddCity(game.City{Owner: 2, Hex: hexAt(11, 4), Level: 1})
			s.AddCity(game.City{Owner: 3, Hex: hexAt(5, 5), Level: 1})
			s.Player(1).Stock[erfpires.StockLastTax] = int32(s.Turn) - 1
			s.Player(1).Treasury = 0 // nothing better to do
		}, want{kind: erfpires.OrderTrade, player: 3}},
		{"Normal recruits a unit to break a tie on cities (on half the days: this one)", ruleset.Normal, func(s *game.State) {
			for _, col := range []int{0, 3, 6, 9} {
				s.AddCity(game.City{Owner: 1, Hex: hexAt(col, 0), Level: 1})
			}
			s.AddCity(game.City{Owner: 1, Hex: hexAt(0, 4), Level: 1})
			for _, col := range []int{3, 6, 9, 11} {
				s.AddCity(game.City{Owner: 2, Hex: hexAt(col, 4), Level: 1})
			}
			s.AddCity(game.City{Owner: 2, Hex: hexAt(6, 2), Level: 1})
			s.Player(1).Stock[erfpires.StockLastTax] = int32(s.Turn) - 1
			s.Player(1).Treasury = 3
		}, want{kind: erfpires.OrderRecruit, units: 1}},
		{"Hard recruits to break a tie on cities", ruleset.Hard, func(s *game.State) {
			for _, col := range []int{0, 3, 6, 9} {
				s.AddCity(game.City{Owner: 1, Hex: hexAt(col, 0), Level: 1})
			}
			s.AddCity(game.City{Owner: 1, Hex: hexAt(0, 4), Level: 1})
			for _, col := range []int{3, 6, 9, 11} {
				s.AddCity(game.City{Owner: 2, Hex: hexAt(col, 4), Level: 1})
			}
			s.AddCity(game.City{Owner: 2, Hex: hexAt(6, 2), Level: 1})
			s.Player(1).Stock[erfpires.StockLastTax] = int32(s.Turn) - 1
			s.Player(1).Treasury = 3
		}, want{kind: erfpires.OrderRecruit, units: 3}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := scene(t, rs, sceneMap)
			if len(s.Players) < 3 {
				s = rs.NewGameOn(s.Map, 1, 3, nil)
			}
			s.Turn = 5
			tt.setup(s)
			game.RecordVision(s, rs)
			// Player 1 has seen every city.
			for i := range s.Cities {
				c := &s.Cities[i]
				if c.Owner != 1 {
					s.Memory[0].Cities = append(s.Memory[0].Cities, game.CitySighting{City: c.ID, Owner: c.Owner, Hex: c.Hex, Level: 1, Turn: 4})
					s.Memory[0].Known.Set(s.Map.Rect().Index(c.Hex))
				}
			}
			have := New(rs, tt.level, 1).Orders(game.NewView(s, 1))
			ok := len(have) == 1 && have[0].Kind == tt.want.kind && (tt.want.player == 0 || have[0].Player == tt.want.player) &&
				(tt.want.units == 0 || have[0].Units.Total() == tt.want.units)
			if tt.want.not {
				ok = len(have) == 0 || have[0].Kind != tt.want.kind
			}
			if !ok {
				t.Errorf("%s: have %+v, want %+v", tt.level, have, tt.want)
			}
		})
	}
}

// TestBattleOdds checks the odds the AI reckons against the battle rule:
// "Total Combat + d6 - total opposing Defence = hits inflicted", each hit
// a unit, the side that took more hits retreats (on equal hits in a hex,
// the attacker).
func TestBattleOdds(t *testing.T) {
	rs := newRules(t)
	w := &world{rs: rs, d: rs.D}
	tests := []struct {
		name     string
		att, def side
		have     outcome
	}{
		// 2+d6 >= 3 hits each way: both sides always destroyed.
		{"two Infantry against two in the field", side{combat: 2, units: 2}, side{combat: 2, units: 2}, outcome{}},
		// The attacker kills the one always; it loses 1+d6 of 4: it is
		// left with units on a die of 1 or 2.
		{"four Infantry against one", side{combat: 4, units: 4}, side{combat: 1, units: 1}, outcome{win: 2.0 / 6}},
		// A city's 3 Defence: one Infantry deals 1+d6-3 hits, at most 4,
		// to two Infantry dealing 2+d6 to it.
		{"one Infantry against two in a city", side{combat: 1, units: 1}, side{combat: 2, defence: 3, units: 2}, outcome{}},
	}
	for _, tt := range tests {
		have := w.battleOdds(tt.att, tt.def)
		if d := have.win - tt.have.win; d > 1e-9 || d < -1e-9 {
			t.Errorf("%s: win %.3f, want %.3f", tt.name, have.win, tt.have.win)
		}
	}
	// Losses: two against two lose two each.
	if o := w.battleOdds(side{combat: 2, units: 2}, side{combat: 2, units: 2}); o.lost != 2 || o.killed != 2 {
		t.Errorf("two against two: lost %.2f, killed %.2f, want 2 and 2", o.lost, o.killed)
	}
}

// TestViewOnly: every level decides from its seat's view alone: what the
// seat cannot see (another player's treasury, armies and cities out of
// its sight, the dice) changes none of its orders.
func TestViewOnly(t *testing.T) {
	rs := newRules(t)
	changed := 0
	for _, seed := range []uint64{4, 5} {
		s := play(t, rs, seed, 24, []ruleset.Level{ruleset.Hard, ruleset.Normal}, 9, nil)
		for p := game.PlayerID(1); p <= 2; p++ {
			v := game.NewView(s, p)
			hidden := s.Clone()
			q := 3 - p
			hidden.Player(q).Treasury += 50
			hidden.RNG = game.NewRNG(seed + 99)
			for i := range hidden.Armies {
				a := &hidden.Armies[i]
				if a.Owner == q && !v.Visible.Has(hidden.Map.Rect().Index(a.Hex)) {
					a.Units = a.Units.Add(game.Units{3})
					changed++
				}
			}
			hv := game.NewView(hidden, p)
			for _, l := range Levels() {
				a, b := New(rs, l, seed).Orders(v), New(rs, l, seed).Orders(hv)
				if !reflect.DeepEqual(a, b) {
					t.Errorf("seed %d, %s player %d: %+v, with the hidden state changed %+v", seed, l, p, a, b)
				}
			}
		}
	}
	if changed == 0 {
		t.Error("no army stood out of sight: the test changed nothing the seats cannot see")
	}
}

// TestDiplomacyPlayed resolves scripted days between two Normal players,
// as the server does: a Trade both give ("both sides must give a trade
// order in the same turn. Both gain smuckers equal to half of what they
// would from Tax, rounded down") pays both; a Tribute paid the day an
// enemy army stands beside an empty city ("That Erfpire may not attack you
// for a week") keeps the city, though its taker marched on it that day.
func TestDiplomacyPlayed(t *testing.T) {
	rs := newRules(t)
	day := func(s *game.State) {
		t.Helper()
		var all []game.PlayerOrders
		for p := game.PlayerID(1); p <= 2; p++ {
			orders := New(rs, ruleset.Normal, 1).Orders(game.NewView(s, p))
			if errs := game.ValidateOrders(s, rs, p, orders); len(errs) > 0 {
				t.Fatalf("player %d: %v refused: %v", p, orders, errs)
			}
			all = append(all, game.PlayerOrders{Player: p, Orders: orders})
		}
		game.Resolve(s, rs, all)
	}
	t.Run("trade", func(t *testing.T) {
		s := scene(t, rs, sceneMap)
		s.AddCity(game.City{Owner: 1, Hex: hexAt(0, 0), Level: 1})
		s.AddCity(game.City{Owner: 1, Hex: hexAt(0, 4), Level: 1})
		s.AddCity(game.City{Owner: 2, Hex: hexAt(10, 5), Level: 1})
		s.Turn = 5
		for p := game.PlayerID(1); p <= 2; p++ {
			s.Player(p).Stock[erfpires.StockLastTax] = 4
			s.Player(p).Treasury = 0
		}
		game.RecordVision(s, rs)
		day(s)
		// Player 1: two cities, no army, a Tax of 6: 3. Player 2: one
		// city, a Tax of 3: 1.
		have := [2]int64{s.Player(1).Treasury, s.Player(2).Treasury}
		if want := [2]int64{3, 1}; have != want {
			t.Errorf("treasuries after the trade: have %v, want %v", have, want)
		}
	})
	for _, tt := range []struct {
		name     string
		treasury int64         // player 1's
		owner    game.PlayerID // the city's after the day
	}{
		{"tribute", 3, 1},              // the gift of two cities' revenue of 6
		{"no money, no tribute", 0, 2}, // the city falls
	} {
		t.Run(tt.name, func(t *testing.T) {
			s := scene(t, rs, sceneMap)
			city := s.AddCity(game.City{Owner: 1, Hex: hexAt(2, 2), Level: 1})
			s.AddCity(game.City{Owner: 1, Hex: hexAt(0, 5), Level: 1})
			s.AddCity(game.City{Owner: 2, Hex: hexAt(10, 5), Level: 1})
			s.AddArmy(game.Army{Owner: 2, Hex: hexAt(3, 2), Units: game.Units{6}})
			s.Turn = 5
			s.Player(1).Stock[erfpires.StockLastTax] = 4
			s.Player(1).Treasury = tt.treasury
			s.Player(2).Treasury = 0
			game.RecordVision(s, rs)
			day(s)
			if have := s.City(city).Owner; have != tt.owner {
				t.Errorf("the city's owner after the day: have %s, want %s", have, tt.owner)
			}
			if tt.owner != 1 {
				return
			}
			if have := s.Player(2).Treasury; have != tt.treasury {
				t.Errorf("player 2's treasury: have %d, want the gift of %d", have, tt.treasury)
			}
			// The tribute of day 5 binds player 2 to day 5+7-1.
			if have := erfpires.TruceUntil(s, 2, 1); have != 11 {
				t.Errorf("player 2's truce: until day %d, want day 11", have)
			}
		})
	}
}
