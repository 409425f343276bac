package erfworld

import (
	"testing"

	"empires/shared/game"
)

// "each turn a side with a Look-a-mancer may choose one other player side
// to 'Look' at. That player's map and turn report is sent to the
// Look-a-mancer's side." The looker receives the events of the looked-at
// side's turn (its income, builds, Looks: what concerns it), and nothing
// else: not a third side's report, not even the one the looked-at side
// receives through its own Look (no chains). "each side with a
// Fool-A-Mancer reduces the ability of a Look-A-Mancer to 'Look' at their
// side by 50%. If 'Looked' at, the Fool-A-Mancer reports who looked.": a
// Look the Fool-A-Mancer foils (here always: look_block_percent = 100)
// sends nothing.
func TestLookSendsTurnReport(t *testing.T) {
	for _, fooled := range []bool{false, true} {
		w := newArmyWorld(t, 1, 3, victoryRows...)
		w.r.D.Caster.Fool.LookBlockPercent = 100
		cap2 := w.city(2, w.at(9, 5), true)
		cap3 := w.city(3, w.at(5, 0), true)
		w.city(1, w.at(0, 0), true)
		w.army(1, w.at(0, 0), w.units(1, 0, 0, 0), w.caster(CasterLook))
		chars2 := []game.Character{w.caster(CasterLook)}
		if fooled {
			chars2 = append(chars2, w.caster(CasterFool))
		}
		w.army(2, w.at(9, 5), w.units(1, 0, 0, 0), chars2...)
		w.army(3, w.at(5, 0), w.units(1, 0, 0, 0))
		ev := w.turnOK(map[game.PlayerID][]game.Order{
			1: {{Kind: OrderLook, Player: 2}},
			2: {{Kind: OrderLook, Player: 3}, {Kind: OrderForm, City: cap2, Unit: 0, Count: 1}},
			3: {{Kind: OrderForm, City: cap3, Unit: 0, Count: 1}},
		})
		got := ev.For(w.s, 1)
		has := func(k game.EventKind, p game.PlayerID) bool {
			for _, e := range got {
				if e.Kind == k && e.Player == p {
					return true
				}
			}
			return false
		}
		for _, c := range []struct {
			what string
			kind game.EventKind
			p    game.PlayerID
			want bool
		}{
			{"player 2's income", game.EventIncome, 2, !fooled},
			{"player 2's upkeep", EventUpkeep, 2, !fooled},
			{"player 2's units formed", game.EventBuild, 2, !fooled},
			{"player 2's own Look", EventLook, 2, !fooled},
			{"the report shared with player 1", game.EventReportShared, 1, !fooled},
			{"player 3's income", game.EventIncome, 3, false},
			{"player 3's units formed", game.EventBuild, 3, false},
			{"player 3's upkeep", EventUpkeep, 3, false},
		} {
			if has(c.kind, c.p) != c.want {
				t.Errorf("fooled %v: player 1 hears of %s: %v, want %v", fooled, c.what, !c.want, c.want)
			}
		}
		// Nothing else: each event is player 1's or 2's (when looked at),
		// public, or on a hex player 1 saw.
		seen, r := w.s.Memory[0].Seen, w.s.Map.Rect()
		for _, e := range got {
			ok := e.Player == 1 || (!fooled && e.Player == 2) || (e.Player == 0 && !e.HasHex) ||
				(e.HasHex && (seen.Has(r.Index(e.From)) || seen.Has(r.Index(e.To))))
			if !ok {
				t.Errorf("fooled %v: player 1 hears of %+v", fooled, e)
			}
		}
		// The looked-at side hears of no event of the looker's, except
		// its Fool-A-Mancer's report.
		for _, e := range ev.For(w.s, 2) {
			if e.Player == 1 {
				t.Errorf("fooled %v: player 2 hears of player 1's %+v", fooled, e)
			}
		}
		if reported := len(kindEvents(ev, EventLook, 2)) == 2; reported != fooled {
			t.Errorf("fooled %v: player 2 has %d Look events, want its own and, when fooled, its Fool-A-Mancer's report",
				fooled, len(kindEvents(ev, EventLook, 2)))
		}
	}
}
