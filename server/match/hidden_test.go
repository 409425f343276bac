package match

import (
	"testing"

	"empires/shared/ruleset"
)

// hiddenRuleset is a ruleset that says its games have hidden holdings
// (ruleset.Info.Hidden).
type hiddenRuleset struct{ ruleset.Ruleset }

func (r hiddenRuleset) Info() ruleset.Info {
	in := r.Ruleset.Info()
	in.Hidden = true
	return in
}

// TestSpectatorOfHiddenHoldings: in a game of hidden holdings a spectator
// is never all-seeing, whatever the settings say ("an all-seeing
// spectator sees only what is public", ruleset.Info.Hidden): the
// spectator of an erfworld game that says so sees no city, no army and no
// hex, and no event of a player, as a blind spectator, and its view is
// the one the game gives a spectator that is not all-seeing.
func TestSpectatorOfHiddenHoldings(t *testing.T) {
	set := threeSeats()
	set.AllSeeing = true
	h := start(t, hiddenRuleset{erfworldRuleset(t)}, set)
	ann, bob, watcher := h.connect(1), h.connect(2), h.connect(0)
	for turn := ruleset.Turn(1); turn <= 2; turn++ {
		h.submitHex(1, turn, ann.formOrder())
		h.submitHex(2, turn, bob.formOrder())
		h.ready(1)
		h.ready(2)
		ann.nextTurn()
		bob.nextTurn()
		u := watcher.nextTurn()
		for _, e := range watcher.events(u) {
			if e.Player != 0 || e.HasHex {
				t.Fatalf("the spectator of a game of hidden holdings got event %+v", e)
			}
		}
	}
	v := watcher.hex()
	if len(v.Cities) != 0 || len(v.Armies) != 0 || v.Visible.Count() != 0 {
		t.Fatalf("the spectator of a game of hidden holdings sees %d cities, %d armies, %d hexes",
			len(v.Cities), len(v.Armies), v.Visible.Count())
	}
	want := h.game().View(0, false)
	if have, w := watcher.view.Checksum(), want.Checksum(); have != w {
		t.Fatalf("the spectator's view has checksum %x, the game's view for a spectator who is not all-seeing %x", have, w)
	}
}
