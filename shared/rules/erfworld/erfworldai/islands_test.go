package erfworldai

import (
	"slices"
	"testing"

	"empires/shared/game"
	"empires/shared/hex"
	"empires/shared/rules/erfworld"
	"empires/shared/ruleset"
)

// islandWinnerScene is the end of a four-player island game in small, on
// islandRows: player 1 has won the western island and holds two Capitals,
// its own on (3, 4), with a leader of 25 Infantry and a Look-A-Mancer, and
// the one it took on (2, 1), whose garrison has grown to spare Infantry;
// a fleet waits off the coast. Beyond the water player 2 holds a Capital
// with 40 Infantry and player 3 one with 200: taking player 2's, the
// third Capital, wins ("A Player is deemed to be the Winner of the Game
// if, at the beginning of their Turn, they control THREE Capitals").
func islandWinnerScene(t *testing.T, spare int32) (*scene, game.ArmyID) {
	sc := newScene(t, newRules(t), 3, islandRows...)
	sc.city(1, at(3, 4), true, 0)
	sc.city(1, at(2, 1), true, 0)
	sc.city(1, at(5, 6), false, 2)
	sc.army(1, at(3, 4), sc.infantry(4), false, erfworld.CasterLook)
	if spare > 0 {
		sc.army(1, at(2, 1), sc.infantry(spare), false)
	}
	leader := sc.army(1, at(3, 4), sc.infantry(25), true)
	sc.s.AddArmy(game.Army{Owner: 1, Hex: at(7, 4), Naval: true})
	sc.city(2, at(16, 4), true, 0)
	sc.army(2, at(16, 4), sc.infantry(40), false)
	sc.city(3, at(15, 1), true, 0)
	sc.army(3, at(15, 1), sc.infantry(200), false)
	for i := range sc.s.Players {
		sc.s.Players[i].Treasury = 100
	}
	game.RecordVision(sc.s, sc.rs)
	return sc, leader
}

// TestIslandWinnerMustersAndCrosses plays the island winner of
// islandWinnerScene as Normal against two passive rivals, through the real
// game.Resolve. Its leader's 25 Infantry can take no Capital beyond the
// water, and the small cities there no longer count (takable: one Capital
// short of winning, only Capitals), so it gathers at the second Capital
// (gatherAt) and leads its spare garrison out, boards with them, lands,
// takes player 2's Capital, the weaker, and wins. With no spare garrison
// its leader gathers the units the two Capitals form, five a turn each,
// and crosses later.
func TestIslandWinnerMustersAndCrosses(t *testing.T) {
	const turns = 40
	for _, tt := range []struct {
		name     string
		spare    int32
		mustered bool // the leader's first move is toward the second Capital
		boardMin int  // the fewest units it boards with
		winBy    game.Turn
	}{
		{"80 Infantry spare in the second Capital", 80, true, 100, 16},
		{"none spare", 0, false, 50, 30},
	} {
		sc, leader := islandWinnerScene(t, tt.spare)
		firstMove, boarded := hex.Hex{}, 0
		moved := false
		playOn(t, sc.rs, sc.s, []ruleset.Level{ruleset.Normal, ruleset.Passive, ruleset.Passive}, turns,
			func(s *game.State, p game.PlayerID, orders []game.Order) {
				if p != 1 {
					return
				}
				for _, o := range orders {
					if o.Army != leader {
						continue
					}
					if o.IsMove() && !moved && len(o.Path) > 0 && s.Turn == 1 {
						firstMove, moved = o.Path[len(o.Path)-1], true
					}
					if o.Kind == erfworld.OrderLoad && boarded == 0 {
						boarded = s.Army(leader).Units.Total()
					}
				}
			})
		toSecond := moved && hex.Distance(firstMove, at(2, 1)) < hex.Distance(at(3, 4), at(2, 1))
		if tt.mustered && !toSecond {
			t.Errorf("%s: the leader's move on turn 1 ends on %v (moved %v), not toward the second Capital", tt.name, firstMove, moved)
		}
		if boarded < tt.boardMin {
			t.Errorf("%s: the leader boarded with %d units, want %d at least", tt.name, boarded, tt.boardMin)
		}
		if !sc.s.Over || sc.s.Winner != 1 || sc.s.Turn-1 > tt.winBy {
			t.Errorf("%s: after turn %d over %v, winner %d; want player 1 by turn %d", tt.name, sc.s.Turn-1, sc.s.Over, sc.s.Winner, tt.winBy)
		}
		t.Logf("%s: boarded with %d units, won on turn %d", tt.name, boarded, sc.s.Turn-1)
	}
}

// TestCrossesOnlyForCapital: once an enemy Capital is known beyond the
// water and one more Capital would win, an army crosses only for a
// Capital it can take (takable). With two Capitals, 30 Infantry can take
// nothing beyond the water and 100 take the Capital; with one Capital,
// the 30 take the small city there. Player 1 has explored the map and
// its scout sees the enemy cities.
func TestCrossesOnlyForCapital(t *testing.T) {
	for _, tt := range []struct {
		name     string
		capitals int
		infantry int32
		want     []hex.Hex
	}{
		{"two Capitals, 30 Infantry", 2, 30, nil},
		{"two Capitals, 100 Infantry", 2, 100, []hex.Hex{at(16, 4)}},
		{"one Capital, 30 Infantry", 1, 30, []hex.Hex{at(17, 6)}},
	} {
		sc := newScene(t, newRules(t), 3, islandRows...)
		sc.city(1, at(3, 4), true, 0)
		sc.city(1, at(2, 1), tt.capitals == 2, 2)
		a := sc.army(1, at(3, 4), sc.infantry(tt.infantry), true)
		sc.army(1, at(16, 5), sc.infantry(1), true) // a scout: it sees both cities
		sc.city(2, at(16, 4), true, 0)
		sc.army(2, at(16, 4), sc.infantry(40), false)
		sc.city(2, at(17, 6), false, 1)
		sc.city(3, at(15, 1), true, 0)
		for i := range sc.s.Map.Rect().Len() { // the map explored: the water between known
			sc.s.Memory[0].Known.Set(i)
		}
		p := sc.planner(1, normalStyle)
		army := sc.s.Army(a)
		var got []hex.Hex
		for _, c := range p.takable(army.Units, p.armyPower(army, army.Units)) {
			got = append(got, c.Hex)
		}
		if !slices.Equal(got, tt.want) {
			t.Errorf("%s: takable beyond the water %v, want %v", tt.name, got, tt.want)
		}
	}
}

// TestArmingFormsInEveryCity: with more than two players and a treasury
// beyond armingFunds, Normal forms units in a city whose garrison is
// already kept ("One unit can be formed in each City per level"), not only
// in its Capital; poorer, or with one rival, it forms there only what the
// garrison lacks.
func TestArmingFormsInEveryCity(t *testing.T) {
	for _, tt := range []struct {
		name     string
		players  int
		treasury int64
		forms    bool
	}{
		{"three players, 5000", 3, 5000, true},
		{"three players, 100", 3, 100, false},
		{"two players, 5000", 2, 5000, false},
	} {
		sc := newScene(t, newRules(t), tt.players, openRows...)
		sc.city(1, at(2, 3), true, 0)
		city := sc.city(1, at(8, 3), false, 3)
		sc.army(1, at(8, 3), sc.infantry(int32(normalStyle.cityKeep)), false)
		sc.city(2, at(14, 5), true, 0)
		if tt.players > 2 {
			sc.city(3, at(14, 1), true, 0)
		}
		sc.s.Players[0].Treasury = tt.treasury
		formed := 0
		for _, o := range ordersOf(sc, ruleset.Normal) {
			if o.Kind == erfworld.OrderForm && o.City == city {
				formed += int(o.Count)
			}
		}
		if (formed > 0) != tt.forms {
			t.Errorf("%s: formed %d units in the level-3 city with its garrison kept, want some %v", tt.name, formed, tt.forms)
		}
	}
}

// TestUntouchableArmies: a leader next to an enemy army attacks it unless
// no land army can reach it or it cannot lose (untouchable). An army aboard
// a fleet stands on Water (a view shows no enemy's Carrier). An army with
// a Caster and a unit or two, which a Heal-A-Mancer keeps from any loss
// ("Casualties ... are reduced by half (rounded down)"), is left alone
// unless the player has a Cancel-A-Mancer ("the effects of all enemy
// A-Mancers are ignored").
func TestUntouchableArmies(t *testing.T) {
	heal := []erfworld.CasterKind{erfworld.CasterHeal}
	for _, tt := range []struct {
		name     string
		infantry int32
		casters  []erfworld.CasterKind
		cancel   bool
		afloat   bool
		attacked bool
	}{
		{"a Warlord and 1 Infantry", 1, nil, false, false, true},
		{"a Warlord, a Heal-A-Mancer and 1 Infantry", 1, heal, false, false, false},
		{"the same, the player with a Cancel-A-Mancer", 1, heal, true, false, true},
		{"a Warlord, a Heal-A-Mancer and 10 Infantry", 10, heal, false, false, true},
		{"a Warlord and 1 Infantry aboard a fleet", 1, nil, false, true, false},
	} {
		sc := newScene(t, newRules(t), 2, islandRows...)
		sc.city(1, at(3, 4), true, 0)
		if tt.cancel {
			sc.army(1, at(3, 4), sc.infantry(4), false, erfworld.CasterCancel)
		}
		leader := sc.army(1, at(6, 4), sc.infantry(30), true)
		sc.city(2, at(16, 4), true, 0)
		var e game.ArmyID
		if tt.afloat {
			fleet := sc.s.AddArmy(game.Army{Owner: 2, Hex: at(7, 4), Naval: true})
			e = sc.army(2, at(7, 4), sc.infantry(tt.infantry), true)
			sc.s.Army(e).Carrier = fleet
		} else {
			e = sc.army(2, at(5, 4), sc.infantry(tt.infantry), true, tt.casters...)
		}
		p := sc.planner(1, normalStyle)
		p.moveArmies()
		attacked := false
		for _, o := range p.orders {
			attacked = attacked || (o.Army == leader && o.Kind == game.OrderAttack && o.Target == e)
		}
		if attacked != tt.attacked {
			t.Errorf("%s: the leader of 30 Infantry attacks it %v, want %v (orders %v)", tt.name, attacked, tt.attacked, p.orders)
		}
	}
}
