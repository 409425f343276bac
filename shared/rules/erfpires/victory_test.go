package erfpires

import (
	"testing"

	"empires/shared/game"
)

// wideMap is 16x6 of Plains.
const wideMap = `
. . . . . . . . . . . . . . . .
 . . . . . . . . . . . . . . . .
. . . . . . . . . . . . . . . .
 . . . . . . . . . . . . . . . .
. . . . . . . . . . . . . . . .
 . . . . . . . . . . . . . . . .
`

// TestFiveCitiesWin: "The Game will be won by the Erfpire that is first to
// control 5 cities." A fifth city built, or taken, wins that day.
func TestFiveCitiesWin(t *testing.T) {
	t.Run("built", func(t *testing.T) {
		r, s := scenario(t, wideMap, 2)
		for _, col := range []int{0, 3, 6, 9} {
			addCity(r, s, 1, col, 0)
		}
		addCity(r, s, 2, 15, 5)
		addArmy(t, r, s, 1, 12, 0, "1 infantry")
		ev := day(t, r, s, map[game.PlayerID][]game.Order{1: {cityOrder(s, 12, 0)}})
		if !s.Over || s.Winner != 1 || len(eventsOf(ev, game.EventVictory, 1)) != 1 {
			t.Errorf("over %v, winner %s, events %+v", s.Over, s.Winner, ev.List)
		}
		if refusal(r, s, 2, taxOrder(s)) != "the game is over" {
			t.Error("orders accepted after the end")
		}
	})
	t.Run("taken", func(t *testing.T) {
		r, s := scenario(t, wideMap, 2)
		for _, col := range []int{0, 3, 6, 9} {
			addCity(r, s, 1, col, 0)
		}
		addCity(r, s, 2, 12, 2)
		addCity(r, s, 2, 15, 5)
		a := addArmy(t, r, s, 1, 11, 2, "2 infantry")
		day(t, r, s, map[game.PlayerID][]game.Order{1: {attackOrder(s, a, "12,2")}})
		if !s.Over || s.Winner != 1 {
			t.Errorf("over %v, winner %s", s.Over, s.Winner)
		}
	})
	t.Run("four is not enough", func(t *testing.T) {
		r, s := scenario(t, wideMap, 2)
		for _, col := range []int{0, 3, 6, 9} {
			addCity(r, s, 1, col, 0)
		}
		addCity(r, s, 2, 15, 5)
		day(t, r, s, nil)
		if s.Over {
			t.Error("four cities won")
		}
	})
}

// TestVictoryTies: CHOICE: when several Erfpires reach 5 cities on one
// day, the one with the most cities wins, then the one with the most
// units; a perfect tie plays on.
func TestVictoryTies(t *testing.T) {
	tests := []struct {
		name       string
		cities     [2]int
		units      [2]string
		wantOver   bool
		wantWinner game.PlayerID
	}{
		{"more cities", [2]int{5, 6}, [2]string{"1 infantry", "1 infantry"}, true, 2},
		{"equal cities, more units", [2]int{5, 5}, [2]string{"3 infantry", "2 heavy"}, true, 1},
		{"a perfect tie plays on", [2]int{5, 5}, [2]string{"2 infantry", "2 heavy"}, false, 0},
	}
	for _, tt := range tests {
		r, s := scenario(t, wideMap, 2)
		for p := range 2 {
			for i := range tt.cities[p] {
				addCity(r, s, game.PlayerID(p+1), 3*i, 2*p+1)
			}
			addArmy(t, r, s, game.PlayerID(p+1), 15, 2*p+1, tt.units[p])
		}
		day(t, r, s, nil)
		if s.Over != tt.wantOver || s.Winner != tt.wantWinner {
			t.Errorf("%s: over %v, winner %s", tt.name, s.Over, s.Winner)
		}
	}
}

// TestElimination: CHOICE: an Erfpire with no city and no army is out of
// the game (its structures abandoned); the last Erfpire standing wins.
func TestElimination(t *testing.T) {
	r, s := scenario(t, wideMap, 3)
	addCity(r, s, 1, 0, 0)
	addCity(r, s, 2, 6, 0)
	addCity(r, s, 3, 12, 0)
	addStructure(t, r, s, 3, "farm", 13, 0)
	a := addArmy(t, r, s, 1, 11, 0, "2 infantry")
	addArmy(t, r, s, 2, 6, 3, "1 infantry") // player 2 has an army: it stays
	ev := day(t, r, s, map[game.PlayerID][]game.Order{1: {attackOrder(s, a, "12,0")}})
	if s.Player(3).Alive || s.Player(3).EliminatedTurn != 1 || len(eventsOf(ev, game.EventEliminated, 3)) != 1 || len(s.Structures) != 0 {
		t.Fatalf("player 3: %+v, structures %+v", s.Player(3), s.Structures)
	}
	if s.Over {
		t.Fatal("the game ended with two players left")
	}
	// Player 2 loses its city and its army: player 1 is the last standing.
	s.Cities = s.Cities[:1]
	s.RemoveArmies(func(a *game.Army) bool { return a.Owner == 2 })
	game.RecordVision(s, r)
	ev = day(t, r, s, nil)
	if !s.Over || s.Winner != 1 || len(eventsOf(ev, game.EventVictory, 1)) != 1 {
		t.Errorf("over %v, winner %s", s.Over, s.Winner)
	}
}

// TestAutopilot: CHOICE: a player who sends nothing for a day gives no
// order that day; StockMissed counts the days missed in a row (for the
// server's take-over after Autopilot.ReplaceAfterMissed), and any list,
// even empty, starts it again.
func TestAutopilot(t *testing.T) {
	r, s := scenario(t, wideMap, 2)
	addCity(r, s, 1, 0, 0)
	addCity(r, s, 2, 12, 0)
	addArmy(t, r, s, 1, 0, 0, "2 infantry")
	before := s.Clone()
	for d := int32(1); d <= 3; d++ {
		day(t, r, s, map[game.PlayerID][]game.Order{2: {}})
		if stock(s.Player(1), StockMissed) != d || stock(s.Player(2), StockMissed) != 0 {
			t.Fatalf("day %d: missed %d and %d", d, stock(s.Player(1), StockMissed), stock(s.Player(2), StockMissed))
		}
	}
	if s.Player(1).Treasury != before.Player(1).Treasury || len(s.Armies) != 1 || s.Armies[0].Hex != before.Armies[0].Hex ||
		len(s.Cities) != 2 {
		t.Errorf("the player on autopilot was played: %+v %+v", s.Player(1), s.Armies)
	}
	if stock(s.Player(1), StockMissed) < int32(r.D.Autopilot.ReplaceAfterMissed) {
		t.Error("three days missed are not enough for a take-over")
	}
	day(t, r, s, map[game.PlayerID][]game.Order{1: {}})
	if stock(s.Player(1), StockMissed) != 0 {
		t.Errorf("an empty list: missed %d, want 0", stock(s.Player(1), StockMissed))
	}
}
