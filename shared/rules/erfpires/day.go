package erfpires

import (
	"fmt"
	"slices"

	"empires/shared/game"
)

// dawn runs PhaseDawn: it counts each player's days missed in a row
// (StockMissed) and marks the armies that have a movement order today
// (FlagMoving: a battle they move into is one their player started).
func (r *Rules) dawn(s *game.State, orders []game.PlayerOrders) {
	for i := range s.Armies {
		s.Armies[i].Flags &^= FlagMoving
	}
	for _, po := range orders {
		pl := s.Player(po.Player)
		if pl == nil {
			continue
		}
		if po.Autopilot {
			setStock(pl, StockMissed, stock(pl, StockMissed)+1)
		} else if stock(pl, StockMissed) != 0 {
			setStock(pl, StockMissed, 0)
		}
		for i := range po.Orders {
			if o := &po.Orders[i]; o.IsMove() {
				if a := s.Army(o.Army); a != nil && a.Owner == po.Player {
					a.Flags |= FlagMoving
				}
			}
		}
	}
}

// dusk runs PhaseDusk, after the day's movement and battles: an army that
// ends the day alone on a structure of another player (or of nobody)
// captures or razes it, as the structure's enemy_army says, unless its
// player may not attack the owner (a truce); then the movers' marks end,
// and the truces whose last day this was.
func (r *Rules) dusk(s *game.State, ev *game.Events) {
	var razed []game.StructureID
	for i := range s.Structures {
		st := &s.Structures[i]
		taker, ok := r.soleOwnerAt(s, st)
		if !ok || taker == st.Owner || int(st.Kind) >= len(r.D.Structures) || inTruce(s, taker, st.Owner) {
			continue
		}
		kind := &r.D.Structures[st.Kind]
		was := st.Owner
		verb := "captured"
		if kind.EnemyArmy == EnemyDestroys {
			verb = "razed"
			razed = append(razed, st.ID)
		} else {
			st.Owner = taker
		}
		ev.Add(game.Event{Turn: s.Turn, Kind: EventStructureTaken, Player: taker, From: st.Hex, To: st.Hex, HasHex: true,
			Amount: int64(was), Text: fmt.Sprintf("your army %s the %s of %s on hex %s", verb, kind.Name, was, st.Hex)})
		if was != 0 {
			ev.Add(game.Event{Turn: s.Turn, Kind: EventStructureLost, Player: was, From: st.Hex, To: st.Hex, HasHex: true,
				Amount: int64(taker), Text: fmt.Sprintf("an army of %s %s your %s on hex %s", taker, verb, kind.Name, st.Hex)})
		}
	}
	if len(razed) > 0 {
		s.RemoveStructures(func(st *game.Structure) bool { return slices.Contains(razed, st.ID) })
	}
	for i := range s.Armies {
		s.Armies[i].Flags &^= FlagMoving
	}
	for i := range s.Players {
		pl := &s.Players[i]
		for k := StockTruce; k < NumStock; k++ {
			if v := stock(pl, k); v != 0 && game.Turn(v) <= s.Turn {
				setStock(pl, k, 0)
			}
		}
	}
}

// soleOwnerAt returns the player whose armies alone stand on st's hex, and
// false if no army or armies of several players stand there.
func (r *Rules) soleOwnerAt(s *game.State, st *game.Structure) (game.PlayerID, bool) {
	var p game.PlayerID
	found := false
	for _, i := range s.ArmiesAt(st.Hex) {
		o := s.Armies[i].Owner
		if found && o != p {
			return 0, false
		}
		p, found = o, true
	}
	return p, found && p != 0
}

// victory runs game.PhaseVictory: a player with no city and no army is
// out of the game, its structures abandoned (removed); then "The Game will
// be won by the Erfpire that is first to control 5 cities." CHOICES: if
// several reach it on one day, the one with the most cities wins, then the
// one with the most units in its armies; a perfect tie plays on. The last
// player left wins, however many cities it has; with nobody left the game
// is over without a winner.
func (r *Rules) victory(s *game.State, ev *game.Events) {
	for i := range s.Players {
		pl := &s.Players[i]
		if !pl.Alive {
			continue
		}
		if cities, _, armies := r.holdings(s, pl.ID); cities > 0 || armies > 0 {
			continue
		}
		pl.Alive, pl.EliminatedTurn = false, s.Turn
		p := pl.ID
		s.RemoveStructures(func(st *game.Structure) bool { return st.Owner == p })
		ev.Add(game.Event{Turn: s.Turn, Kind: game.EventEliminated, Player: p,
			Text: fmt.Sprintf("%s controls no city and no army: it is out of the game", p)})
	}
	if s.Over {
		return
	}
	var best, last game.PlayerID
	bestCities, bestUnits, live, tied := 0, 0, 0, false
	for i := range s.Players {
		pl := &s.Players[i]
		if !pl.Alive {
			continue
		}
		live++
		last = pl.ID
		cities, _, _ := r.holdings(s, pl.ID)
		if cities < r.D.Win.Cities {
			continue
		}
		units := r.unitsOf(s, pl.ID)
		switch {
		case best == 0 || cities > bestCities || (cities == bestCities && units > bestUnits):
			best, bestCities, bestUnits, tied = pl.ID, cities, units, false
		case cities == bestCities && units == bestUnits:
			tied = true
		}
	}
	switch {
	case best != 0 && !tied:
		r.win(s, ev, best, fmt.Sprintf("%s controls %d cities: the mightiest Erfpire", best, bestCities))
	case live == 1 && len(s.Players) > 1:
		r.win(s, ev, last, fmt.Sprintf("%s is the last Erfpire standing", last))
	case live == 0:
		s.Over = true
	}
}

// unitsOf counts the units in p's armies.
func (r *Rules) unitsOf(s *game.State, p game.PlayerID) int {
	n := 0
	for i := range s.Armies {
		if s.Armies[i].Owner == p {
			n += s.Armies[i].Units.Total()
		}
	}
	return n
}

// win ends the game with winner p.
func (r *Rules) win(s *game.State, ev *game.Events, p game.PlayerID, text string) {
	s.Over, s.Winner = true, p
	ev.Add(game.Event{Turn: s.Turn, Kind: game.EventVictory, Player: p, Text: text})
}
