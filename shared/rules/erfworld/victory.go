package erfworld

import (
	"fmt"
	"slices"

	"empires/shared/game"
)

// Victory and elimination. Where the document is silent the choice is
// marked CHOICE:
//
//   - The state at the end of a turn is the beginning of the next, so the
//     victory check runs there too (endTurn), and a game is over as soon as
//     it is decided, without a turn of orders nobody needs; startTurn checks
//     again for games that begin a turn so.
//   - CHOICE: if several players hold three Capitals at once, the one with
//     the most Capitals wins, then the one with the most cities, then the
//     lowest player ID.
//   - CHOICE: the last player left in the game wins even with fewer than
//     three Capitals (in a two-player game nobody could ever hold three:
//     "No City may be upgraded to a Capital"); if nobody is left, the game
//     is over without a winner.
//   - CHOICE: an eliminated player's cities are removed from the map, as
//     the document says ("All of their cities and units are removed."): the
//     hex becomes empty land, where a new City may be built.

// holdings counts the Capitals and the cities of player p.
func holdings(s *game.State, p game.PlayerID) (capitals, cities int) {
	for i := range s.Cities {
		if c := &s.Cities[i]; c.Owner == p {
			cities++
			if c.Capital {
				capitals++
			}
		}
	}
	return capitals, cities
}

// checkVictory ends the game when it is decided: "A Player is deemed to be
// the Winner of the Game if, at the beginning of their Turn, they control
// THREE Capitals. If they do so, they are THE GREATEST TOOL (of the
// Titans)." (win.capitals), with the CHOICEs above for ties and for the
// last player standing.
func (r *Rules) checkVictory(s *game.State, ev *game.Events) {
	if s.Over {
		return
	}
	var best, last game.PlayerID
	bestCaps, bestCities, live := 0, 0, 0
	for i := range s.Players {
		pl := &s.Players[i]
		if !pl.Alive {
			continue
		}
		live++
		last = pl.ID
		caps, cities := holdings(s, pl.ID)
		if caps < r.D.Win.Capitals {
			continue
		}
		// Players come in ID order: on a full tie the lower ID stays best.
		if best == 0 || caps > bestCaps || (caps == bestCaps && cities > bestCities) {
			best, bestCaps, bestCities = pl.ID, caps, cities
		}
	}
	switch {
	case best != 0:
		r.win(s, ev, best, fmt.Sprintf("%s controls %d Capitals: THE GREATEST TOOL (of the Titans)", best, bestCaps))
	case live == 1 && len(s.Players) > 1:
		r.win(s, ev, last, fmt.Sprintf("%s is the last player in the game", last))
	case live == 0:
		s.Over = true
	}
}

// win ends the game with winner p.
func (r *Rules) win(s *game.State, ev *game.Events, p game.PlayerID, text string) {
	s.Over, s.Winner = true, p
	ev.Add(game.Event{Turn: s.Turn, Kind: game.EventVictory, Player: p, Text: text})
}

// endTurn runs PhaseVictory, the last phase of a turn: "If a player loses
// their last Capital, they have one turn to retake it. If they do not hold
// a Capital at the end of their next turn, they are out of the Game. All
// of their cities and units are removed." StockNoCapital counts a player's
// turn ends without a Capital in a row; beyond win.retake_turns the player
// is out. Then the turn's boarding and autopilot flags end, and the victory
// check runs (the end of a turn is the beginning of the next).
func (r *Rules) endTurn(s *game.State, orders []game.PlayerOrders, ev *game.Events) {
	for i := range s.Players {
		pl := &s.Players[i]
		if !pl.Alive {
			continue
		}
		if caps, _ := holdings(s, pl.ID); caps > 0 {
			if stock(pl, StockNoCapital) != 0 {
				setStock(pl, StockNoCapital, 0)
			}
			continue
		}
		n := stock(pl, StockNoCapital) + 1
		setStock(pl, StockNoCapital, n)
		if int(n) > r.D.Win.RetakeTurns {
			r.eliminate(s, ev, pl)
		}
	}
	for i := range s.Armies {
		s.Armies[i].Flags &^= FlagBoarded | FlagLoadedFleet | FlagUnloading | FlagHold
	}
	r.checkVictory(s, ev)
}

// eliminate puts player pl out of the game and removes its cities and
// armies (fleets and the armies they carry included).
func (r *Rules) eliminate(s *game.State, ev *game.Events, pl *game.Player) {
	p := pl.ID
	pl.Alive, pl.EliminatedTurn = false, s.Turn
	setStock(pl, StockLook, 0)
	cities := len(s.Cities)
	s.Cities = slices.DeleteFunc(s.Cities, func(c game.City) bool { return c.Owner == p })
	cities -= len(s.Cities)
	armies := 0
	s.RemoveArmies(func(a *game.Army) bool {
		if a.Owner == p {
			armies++
			return true
		}
		return false
	})
	ev.Add(game.Event{Turn: s.Turn, Kind: game.EventEliminated, Player: p,
		Text: fmt.Sprintf("%s held no Capital for %d turn ends and is out of the game; %d cities and %d armies removed",
			p, r.D.Win.RetakeTurns+1, cities, armies)})
}
