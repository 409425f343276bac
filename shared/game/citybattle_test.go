package game_test

import (
	"slices"
	"strings"
	"testing"

	"empires/shared/game"
	"empires/shared/game/gametest"
)

// cityWins is a hookRules battle in which a city alone (a defending side
// with no armies) beats any attacker, and armies fight as in mvRules.
func cityWins(mv *mvRules) func(s *game.State, b *game.Battle) {
	return func(s *game.State, b *game.Battle) {
		if len(b.Sides[0].Armies) == 0 {
			b.Winner = 0
			b.Sides[1].Losses = make([]game.Units, len(b.Sides[1].Armies))
			return
		}
		mv.Battle(s, b)
	}
}

// City battles (Move, step 5): with a ruleset whose cities defend
// themselves, an army that enters an enemy city with no army on it fights
// the city; without one (gametest's default) it walks in and takes it.
func TestMoveCityBattle(t *testing.T) {
	for _, tc := range []struct {
		name      string
		defend    bool
		cityWins  bool
		owner     game.PlayerID // the city's owner; 0 neutral
		order     func(a game.ArmyID) game.Order
		battles   []mvBattle
		wantCol   int // where the army ends
		wantOwner game.PlayerID
		blocked   string // text of an EventBlocked for the army, if any
	}{
		{name: "no CityDefender: walks in and takes it without a fight",
			owner: 2, order: func(a game.ArmyID) game.Order { return mvAttackPath(a, "1,0 2,0") },
			wantCol: 2, wantOwner: 1},
		{name: "the attacker beats the city, holds the hex and takes it", defend: true,
			owner: 2, order: func(a game.ArmyID) game.Order { return mvAttackPath(a, "1,0 2,0") },
			battles: []mvBattle{{at: gametest.At(2, 0), def: 2, att: 1, winner: 1}},
			wantCol: 2, wantOwner: 1},
		{name: "the city beats the attacker, which retreats where it came from", defend: true, cityWins: true,
			owner: 2, order: func(a game.ArmyID) game.Order { return mvAttackPath(a, "1,0 2,0") },
			battles: []mvBattle{{at: gametest.At(2, 0), def: 2, att: 1, winner: 2}},
			wantCol: 1, wantOwner: 2},
		{name: "an attack through the city fights it and stops there", defend: true,
			owner: 2, order: func(a game.ArmyID) game.Order { return mvAttackPath(a, "1,0 2,0 3,0") },
			battles: []mvBattle{{at: gametest.At(2, 0), def: 2, att: 1, winner: 1}},
			wantCol: 2, wantOwner: 1},
		{name: "a neutral city defends itself by the same rule", defend: true, cityWins: true,
			owner: 0, order: func(a game.ArmyID) game.Order { return mvAttackPath(a, "1,0 2,0") },
			battles: []mvBattle{{at: gametest.At(2, 0), def: 0, att: 1, winner: 0}},
			wantCol: 1, wantOwner: 0},
		{name: "Move avoids a defended enemy city like an enemy army", defend: true,
			owner: 2, order: func(a game.ArmyID) game.Order { return mvMove(a, "1,0 2,0 3,0") },
			wantCol: 1, wantOwner: 2, blocked: "enemy ahead at"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			mv := newMvRules()
			mv.Move = 3
			mv.CitiesDefend = tc.defend
			rs := &hookRules{Rules: mv.Rules, battle: mv.Battle}
			if tc.cityWins {
				rs.battle = cityWins(mv)
			}
			s := gametest.Game(mv.Rules, mvRow6, 2, 1)
			city := s.AddCity(game.City{Owner: tc.owner, Hex: gametest.At(2, 0), Level: 3})
			a := gametest.Army(s, 1, 0, 0, 4)
			o := tc.order(a)
			game.RecordVision(s, rs)
			ev := mvRun(t, s, rs, o)
			mvWantBattles(t, ev, tc.battles...)
			for _, e := range mvEvents(ev, game.EventBattle, 0) {
				if e.City != city || len(e.Battle.Sides[0].Armies) != 0 {
					t.Errorf("city battle: City %d, defender's armies %v; want city %d and no armies", e.City, e.Battle.Sides[0].Armies, city)
				}
			}
			mvWantAt(t, s, a, tc.wantCol, 0, 4)
			if o := s.City(city).Owner; o != tc.wantOwner {
				t.Errorf("city owned by %d, want %d", o, tc.wantOwner)
			}
			bl := mvEvents(ev, game.EventBlocked, a)
			switch {
			case tc.blocked == "" && len(bl) > 0:
				t.Errorf("blocked: %+v", bl)
			case tc.blocked != "" && (len(bl) != 1 || !strings.Contains(bl[0].Text, tc.blocked)):
				t.Errorf("blocked events %+v, want one saying %q", bl, tc.blocked)
			}
		})
	}
}

// Two players enter an empty city of a third at once: the city defends
// against the lower, and the winner holds the hex against the next; the
// last holder takes the city.
func TestMoveCityBattleChain(t *testing.T) {
	for _, tc := range []struct {
		name      string
		cityWins  bool
		battles   []mvBattle
		wantOwner game.PlayerID
	}{
		{name: "player 1 beats the city, player 2 beats player 1", battles: []mvBattle{
			{at: gametest.At(2, 1), def: 3, att: 1, winner: 1},
			{at: gametest.At(2, 1), def: 1, att: 2, winner: 2}}, wantOwner: 2},
		{name: "the city beats both, one after the other", cityWins: true, battles: []mvBattle{
			{at: gametest.At(2, 1), def: 3, att: 1, winner: 3},
			{at: gametest.At(2, 1), def: 3, att: 2, winner: 3}}, wantOwner: 3},
	} {
		t.Run(tc.name, func(t *testing.T) {
			mv := newMvRules()
			mv.CitiesDefend = true
			rs := &hookRules{Rules: mv.Rules, battle: mv.Battle}
			if tc.cityWins {
				rs.battle = cityWins(mv)
			}
			s := gametest.Game(mv.Rules, `
. . . . .
 . . . . .
. . . . .
`, 3, 1)
			city := s.AddCity(game.City{Owner: 3, Hex: gametest.At(2, 1), Level: 2})
			a := gametest.Army(s, 1, 1, 1, 2)
			b := gametest.Army(s, 2, 3, 1, 5)
			game.RecordVision(s, rs)
			ev := mvRun(t, s, rs, mvAttackPath(a, "2,1"), mvAttackPath(b, "2,1"))
			mvWantBattles(t, ev, tc.battles...)
			if o := s.City(city).Owner; o != tc.wantOwner {
				t.Errorf("city owned by %d, want %d", o, tc.wantOwner)
			}
		})
	}
}

// A city that is not beaten (a drawn city battle) is not captured, though
// the attacker stays on its hex; a loser does not retreat into an enemy
// city that would defend itself.
func TestMoveCityBattleDrawAndRetreat(t *testing.T) {
	t.Run("draw", func(t *testing.T) {
		mv := newMvRules()
		mv.CitiesDefend = true
		rs := &hookRules{Rules: mv.Rules, battle: func(s *game.State, b *game.Battle) { b.Winner = -1 }}
		s := gametest.Game(mv.Rules, mvRow6, 2, 1)
		city := s.AddCity(game.City{Owner: 2, Hex: gametest.At(1, 0), Level: 1})
		a := gametest.Army(s, 1, 0, 0, 3)
		game.RecordVision(s, rs)
		ev := mvRun(t, s, rs, mvAttackPath(a, "1,0"))
		mvWantBattles(t, ev, mvBattle{at: gametest.At(1, 0), def: 2, att: 1, winner: 0})
		mvWantAt(t, s, a, 1, 0, 3)
		if o := s.City(city).Owner; o != 2 {
			t.Errorf("city owned by %d after a draw, want 2", o)
		}
		if cp := mvEvents(ev, game.EventCapture, 0); len(cp) != 0 {
			t.Errorf("captures %+v, want none", cp)
		}
	})
	t.Run("retreat", func(t *testing.T) {
		mv := newMvRules()
		mv.CitiesDefend = true
		// Player 1's army at 1,1 is beaten by player 2 coming from 0,1,
		// where another army of player 2 stays; its other land neighbour,
		// 2,1, is a city of player 2 with no army: no room to retreat.
		s := gametest.Game(mv.Rules, `
~ ~ ~ ~ ~
 . . . ~ ~
~ ~ ~ ~ ~
`, 2, 1)
		s.AddCity(game.City{Owner: 2, Hex: gametest.At(2, 1), Level: 1})
		d := gametest.Army(s, 1, 1, 1, 2)
		a := gametest.Army(s, 2, 0, 1, 5)
		gametest.Army(s, 2, 0, 1, 1) // stays behind: the way back is held
		game.RecordVision(s, mv)
		ev := mvRun(t, s, mv, mvAttackPath(a, "1,1"))
		mvWantBattles(t, ev, mvBattle{at: gametest.At(1, 1), def: 1, att: 2, winner: 2})
		mvWantGone(t, s, d)
		if ds := mvEvents(ev, game.EventDestroyed, d); len(ds) != 1 || ds[0].Text != "no room to retreat" {
			t.Errorf("destroyed events of the loser: %+v, want no room to retreat (the only land hex left is the enemy city)", ds)
		}
		if slices.ContainsFunc(ev.List, func(e game.Event) bool { return e.Kind == game.EventCapture }) {
			t.Errorf("a city changed hands: %s", mvDump(ev))
		}
	})
}

// An army that stands on an enemy city at the start of the turn (it came
// there before the city defended itself, or after a draw) has not beaten
// it: after the last step the city fights it, and passes only if it wins.
func TestMoveCitySiegeAfterMovement(t *testing.T) {
	for _, tc := range []struct {
		name      string
		cityWins  bool
		wantCol   int
		wantOwner game.PlayerID
	}{
		{name: "the army wins and takes the city", wantCol: 2, wantOwner: 1},
		{name: "the city wins and the army retreats", cityWins: true, wantCol: 3, wantOwner: 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			mv := newMvRules()
			mv.CitiesDefend = true
			rs := &hookRules{Rules: mv.Rules, battle: mv.Battle}
			if tc.cityWins {
				rs.battle = cityWins(mv)
			}
			s := gametest.Game(mv.Rules, mvRow6, 2, 1)
			city := s.AddCity(game.City{Owner: 2, Hex: gametest.At(2, 0), Level: 1})
			a := gametest.Army(s, 1, 2, 0, 3)
			game.RecordVision(s, rs)
			ev := mvRun(t, s, rs)
			mvWantBattles(t, ev, mvBattle{at: gametest.At(2, 0), def: 2, att: 1, winner: map[bool]game.PlayerID{false: 1, true: 2}[tc.cityWins]})
			mvWantAt(t, s, a, tc.wantCol, 0, 3)
			if o := s.City(city).Owner; o != tc.wantOwner {
				t.Errorf("city owned by %d, want %d", o, tc.wantOwner)
			}
		})
	}
}
