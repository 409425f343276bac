package erfworld

import (
	"testing"

	"empires/shared/game"
)

// TestFoolReport: "If 'Looked' at, the Fool-A-Mancer reports who looked."
// Rules.FoolReport tells that report, to the looked-at side, from the
// looker's own EventLook (both name the side told and the other side),
// whether the Fool-A-Mancer foiled the Look or not.
func TestFoolReport(t *testing.T) {
	for _, block := range []int{0, 100} {
		w := newArmyWorld(t, 1, 2, lookRows...)
		w.r.D.Caster.Fool.LookBlockPercent = block
		w.army(1, w.at(0, 1), w.units(2, 0, 0, 0), w.caster(CasterLook))
		w.army(2, w.at(10, 1), w.units(2, 0, 0, 0), w.caster(CasterFool))
		ev := w.turnOK(map[game.PlayerID][]game.Order{1: {{Kind: OrderLook, Player: 2}}})
		for _, tt := range []struct {
			side       game.PlayerID
			wantOK     bool
			wantLooker game.PlayerID
		}{{side: 1, wantOK: false}, {side: 2, wantOK: true, wantLooker: 1}} {
			looks := kindEvents(ev, EventLook, tt.side)
			if len(looks) != 1 {
				t.Fatalf("block %d%%: player %d's Look events %v, want one", block, tt.side, looks)
			}
			looker, ok := w.r.FoolReport(looks[0])
			if ok != tt.wantOK || looker != tt.wantLooker {
				t.Errorf("block %d%%: FoolReport(%q) = %d, %v; want %d, %v", block, looks[0].Text, looker, ok, tt.wantLooker, tt.wantOK)
			}
		}
	}
}
