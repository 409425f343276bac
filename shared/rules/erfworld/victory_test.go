package erfworld

import (
	"slices"
	"testing"

	"empires/shared/game"
	"empires/shared/hex"
)

// victoryRows is a map of Open land with room for a few cities apart.
var victoryRows = []string{
	". . . . . . . . . .",
	" . . . . . . . . . .",
	". . . . . . . . . .",
	" . . . . . . . . . .",
	". . . . . . . . . .",
	" . . . . . . . . . .",
}

// TestThreeCapitalsWin: "A Player is deemed to be the Winner of the Game
// if, at the beginning of their Turn, they control THREE Capitals." The
// game ends at once: nothing else happens in that turn.
func TestThreeCapitalsWin(t *testing.T) {
	tests := []struct {
		rule     string
		capitals int // player 1's
		over     bool
	}{
		{"THREE Capitals at the beginning of the turn win", 3, true},
		{"more than three win too", 4, true},
		{"two are not enough", 2, false},
	}
	for _, tt := range tests {
		t.Run(tt.rule, func(t *testing.T) {
			w := newArmyWorld(t, 1, 2, victoryRows...)
			for i := range tt.capitals {
				w.city(1, w.at(2*i, 0), true)
			}
			w.city(2, w.at(0, 4), true)
			runner := w.led(2, w.at(4, 4), nil)
			ev := w.turnOK(map[game.PlayerID][]game.Order{
				2: {{Kind: game.OrderMove, Army: runner, Path: []hex.Hex{w.at(5, 4)}}},
			})
			if w.s.Over != tt.over || (tt.over && w.s.Winner != 1) {
				t.Fatalf("over %v winner %d, want over %v winner 1", w.s.Over, w.s.Winner, tt.over)
			}
			if got := len(kindEvents(ev, game.EventVictory, 1)); got != boolCount(tt.over) {
				t.Errorf("%d EventVictory for player 1", got)
			}
			if moved := w.get(runner).Hex != w.at(4, 4); moved == tt.over {
				t.Errorf("player 2's army moved %v in a turn that ended the game %v", moved, tt.over)
			}
		})
	}
}

// TestVictoryTies: who wins when several players hold three Capitals at
// once, and the last player standing.
func TestVictoryTies(t *testing.T) {
	tests := []struct {
		rule   string
		caps   [3]int // Capitals of players 1 to 3
		cities [3]int // other cities
		out    [3]bool
		winner game.PlayerID
		over   bool
	}{
		{"CHOICE: the most Capitals wins", [3]int{3, 4, 0}, [3]int{2, 0, 0}, [3]bool{}, 2, true},
		{"CHOICE: on equal Capitals, the most cities", [3]int{3, 3, 0}, [3]int{0, 1, 0}, [3]bool{}, 2, true},
		{"CHOICE: on a full tie, the lowest player ID", [3]int{3, 3, 3}, [3]int{1, 1, 1}, [3]bool{}, 1, true},
		{"a player out of the game does not win", [3]int{3, 1, 1}, [3]int{}, [3]bool{true, false, false}, 0, false},
		{"CHOICE: the last player in the game wins", [3]int{0, 1, 2}, [3]int{}, [3]bool{true, false, true}, 2, true},
		{"CHOICE: nobody left, nobody wins", [3]int{1, 1, 1}, [3]int{}, [3]bool{true, true, true}, 0, true},
		{"nobody with three Capitals: the game goes on", [3]int{2, 2, 1}, [3]int{3, 3, 3}, [3]bool{}, 0, false},
	}
	for _, tt := range tests {
		t.Run(tt.rule, func(t *testing.T) {
			w := newArmyWorld(t, 1, 3, victoryRows...)
			col := 0
			for p := range 3 {
				owner := game.PlayerID(p + 1)
				for range tt.caps[p] {
					w.city(owner, w.at(col%10, 2*(col/10)), true)
					col += 2
				}
				for range tt.cities[p] {
					w.city(owner, w.at(col%10, 2*(col/10)), false)
					col += 2
				}
				if tt.out[p] {
					w.s.Players[p].Alive = false
				}
			}
			ev := &game.Events{}
			w.r.checkVictory(w.s, ev)
			if w.s.Over != tt.over || w.s.Winner != tt.winner {
				t.Errorf("over %v winner %d, want over %v winner %d", w.s.Over, w.s.Winner, tt.over, tt.winner)
			}
			if got := len(kindEvents(ev, game.EventVictory, tt.winner)); tt.winner != 0 && got != 1 {
				t.Errorf("%d EventVictory for the winner", got)
			}
		})
	}
}

// TestThirdCapitalTakenWinsThatTurn: the end of a turn is the beginning of
// the next, so a player who takes a third Capital has won when the turn
// ends, without another turn of orders. (The Capital has no army, but it
// defends itself: five Siege lower its defence to 0, "Each Siege unit in an
// Attack lowers the level of any City defence by 1, to a minimum of 0".)
func TestThirdCapitalTakenWinsThatTurn(t *testing.T) {
	w := newArmyWorld(t, 1, 3, victoryRows...)
	w.city(1, w.at(0, 0), true)
	w.city(1, w.at(2, 0), true)
	target := w.city(2, w.at(6, 2), true)
	w.city(2, w.at(8, 4), true)
	w.city(3, w.at(0, 4), true)
	army := w.led(1, w.at(4, 2), w.units(0, 5, 0, 5))
	ev := w.turnOK(map[game.PlayerID][]game.Order{
		1: {{Kind: game.OrderAttack, Army: army, Path: []hex.Hex{w.at(5, 2), w.at(6, 2)}}},
	})
	if w.s.City(target).Owner != 1 {
		t.Fatalf("the Capital was not taken")
	}
	if !w.s.Over || w.s.Winner != 1 || len(kindEvents(ev, game.EventVictory, 1)) != 1 {
		t.Errorf("over %v winner %d after taking a third Capital, want player 1 the winner", w.s.Over, w.s.Winner)
	}
}

// TestLastCapital: "If a player loses their last Capital, they have one
// turn to retake it. If they do not hold a Capital at the end of their next
// turn, they are out of the Game. All of their cities and units are
// removed."
func TestLastCapital(t *testing.T) {
	for _, retake := range []bool{false, true} {
		w := newArmyWorld(t, 1, 3, victoryRows...)
		w.city(1, w.at(0, 0), true)
		lost := w.city(1, w.at(4, 2), true) // player 2's Capital, taken by player 1
		town := w.city(2, w.at(8, 4), false)
		w.city(3, w.at(0, 4), true)
		// Enough Siege to lower the lost Capital's defence to 0.
		army := w.led(2, w.at(6, 2), w.units(3, 5, 0, 5))
		f := w.fleet(2, w.at(9, 0))
		w.s.AddArmy(game.Army{Owner: 2, Hex: w.at(9, 0), Units: w.units(1, 0, 0, 0),
			Characters: []game.Character{w.warlord()}, Carrier: f})
		w.army(2, w.at(8, 4), w.units(2, 0, 0, 0)) // the town's garrison

		// The turn the Capital was lost ends without one: a turn to retake it.
		w.turnOK(nil)
		if pl := w.s.Player(2); !pl.Alive || stock(pl, StockNoCapital) != 1 {
			t.Fatalf("retake %v: after one turn end without a Capital: alive %v, count %d", retake, pl.Alive, stock(pl, StockNoCapital))
		}

		var orders []game.Order
		if retake {
			orders = []game.Order{{Kind: game.OrderAttack, Army: army, Path: []hex.Hex{w.at(5, 2), w.at(4, 2)}}}
		}
		ev := w.turnOK(map[game.PlayerID][]game.Order{2: orders})
		pl := w.s.Player(2)
		if pl.Alive != retake {
			t.Fatalf("retake %v: player 2 alive %v at the end of the next turn", retake, pl.Alive)
		}
		if retake {
			if w.s.City(lost).Owner != 2 || stock(pl, StockNoCapital) != 0 {
				t.Errorf("retaken: Capital owner %d, count %d", w.s.City(lost).Owner, stock(pl, StockNoCapital))
			}
			w.turnOK(nil)
			if !w.s.Player(2).Alive {
				t.Errorf("retaken: player 2 out a turn later")
			}
			continue
		}
		if pl.EliminatedTurn != 2 || len(kindEvents(ev, game.EventEliminated, 2)) != 1 {
			t.Errorf("eliminated on turn %d with %d events, want turn 2 and one EventEliminated",
				pl.EliminatedTurn, len(kindEvents(ev, game.EventEliminated, 2)))
		}
		if w.s.City(town) != nil {
			t.Errorf("player 2's city is still on the map")
		}
		for _, a := range w.s.Armies {
			if a.Owner == 2 {
				t.Errorf("player 2's %s is still on the map", a.ID)
			}
		}
		if !slices.IsSortedFunc(w.s.Cities, func(a, b game.City) int { return int(a.ID) - int(b.ID) }) || len(w.s.Cities) != 3 {
			t.Errorf("cities after the removal: %v", w.s.Cities)
		}
		if w.s.Over {
			t.Errorf("the game ended with players 1 and 3 in it")
		}
	}
}
