package erfworldai

import (
	"strings"
	"testing"

	"empires/shared/game"
	"empires/shared/hex"
	"empires/shared/hexmap"
	"empires/shared/rules/erfworld"
	"empires/shared/ruleset"
)

// islandRows is a map of two islands six hexes of Water apart: player 1
// starts on the western one, player 2 on the eastern one ('.' Open, '"'
// Grasslands, 'f' Woods, '^' Mountains, '~' Water; odd rows indented).
var islandRows = []string{
	`~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~`,
	` ~ . . f . . ~ ~ ~ ~ ~ ~ ~ ~ . . . . . ~ ~`,
	`~ . . . " . . ~ ~ ~ ~ ~ ~ ~ . . " . . ~ ~`,
	` ~ . f . . ^ . ~ ~ ~ ~ ~ ~ ~ . . . f . ~ ~`,
	`~ . . . . . . ~ ~ ~ ~ ~ ~ ~ . . . . . ~ ~`,
	` ~ . " . . . . ~ ~ ~ ~ ~ ~ ~ . . ^ . . ~ ~`,
	`~ . . . . f . ~ ~ ~ ~ ~ ~ ~ . " . . . ~ ~`,
	` ~ . . . . . ~ ~ ~ ~ ~ ~ ~ ~ . . . . ~ ~ ~`,
	`~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~`,
}

// islandGame starts a game of seed on islandRows: each player a Capital
// and two cities on its own island.
func islandGame(t *testing.T, rs *erfworld.Rules, seed uint64) *game.State {
	t.Helper()
	m, err := hexmap.Parse(strings.Join(islandRows, "\n"), rs.D.Terrain)
	if err != nil {
		t.Fatal(err)
	}
	s := rs.NewGameOn(m, seed, 2, nil)
	at := func(col, row int) hex.Hex { return hex.FromOffset(hex.Offset{Col: col, Row: row}) }
	for _, c := range []struct {
		p       game.PlayerID
		h       hex.Hex
		capital bool
	}{
		{1, at(3, 4), true}, {1, at(2, 1), false}, {1, at(5, 6), false},
		{2, at(16, 4), true}, {2, at(15, 1), false}, {2, at(17, 6), false},
	} {
		level := int32(rs.D.Start.CityLevel)
		if c.capital {
			level = int32(rs.D.City.CapitalLevel)
		}
		s.AddCity(game.City{Owner: c.p, Hex: c.h, Level: level, Capital: c.capital})
	}
	game.RecordVision(s, rs)
	return s
}

// landMass returns the walkable hexes connected to h on s's map.
func landMass(rs *erfworld.Rules, s *game.State, h hex.Hex) map[hex.Hex]bool {
	out := map[hex.Hex]bool{h: true}
	queue := []hex.Hex{h}
	for len(queue) > 0 {
		cur := queue[0]
		queue = queue[1:]
		for _, n := range cur.Neighbors() {
			t, ok := s.Map.At(n)
			if ok && rs.D.Terrain[t].Army && !out[n] {
				out[n] = true
				queue = append(queue, n)
			}
		}
	}
	return out
}

// TestNormalFerriesToAnIsland plays Normal against a rival it cannot reach
// by land, on a map of two islands, through the real game.Resolve (play
// checks every order with game.ValidateOrders): Normal must find the
// rival, build or take a Fleet, board an army (OrderLoad), sail, land it
// on the rival's island (OrderUnload: "a ferry takes two turns at least")
// and take the rival's Capital, winning the game within the turns given.
// NormalV1, which never ferries, cannot.
func TestNormalFerriesToAnIsland(t *testing.T) {
	rs := newRules(t)
	const turns = 90
	for _, seed := range []uint64{1, 2} {
		s := islandGame(t, rs, seed)
		east := landMass(rs, s, s.Cities[3].Hex)
		landed, loads, unloads := game.Turn(0), 0, 0
		playOn(t, rs, s, []ruleset.Level{ruleset.Normal, ruleset.Passive}, turns, func(s *game.State, p game.PlayerID, orders []game.Order) {
			if p != 1 {
				return
			}
			for _, o := range orders {
				switch o.Kind {
				case erfworld.OrderLoad:
					loads++
				case erfworld.OrderUnload:
					unloads++
				}
			}
			if landed != 0 {
				return
			}
			for i := range s.Armies {
				if a := &s.Armies[i]; a.Owner == 1 && !a.Naval && a.Carrier == 0 && east[a.Hex] {
					landed = s.Turn
				}
			}
		})
		if loads == 0 || unloads == 0 || landed == 0 {
			t.Fatalf("seed %d: normal boarded %d times, landed %d times, first on the rival's island on turn %d, in %d turns",
				seed, loads, unloads, landed, turns)
		}
		if !s.Over || s.Winner != 1 {
			t.Errorf("seed %d: landed on turn %d, but after %d turns: over %v, winner %d", seed, landed, s.Turn-1, s.Over, s.Winner)
		}
		t.Logf("seed %d: first landing on turn %d, won on turn %d", seed, landed, s.Turn-1)

		old := islandGame(t, rs, seed)
		playOn(t, rs, old, []ruleset.Level{NormalV1, ruleset.Passive}, turns, nil)
		if old.Over {
			t.Errorf("seed %d: normal-v1 won over the water, winner %d", seed, old.Winner)
		}
	}
}

// TestNormalLooksForAnUnseenRival plays Normal on the islands against a
// rival it has never seen: once it has explored its own island and knows
// no enemy city, it pops a Look-A-Mancer in its Capital's garrison, points
// it at that rival (OrderLook, accepted by game.ValidateOrders: play
// checks), and the next turn's view shows the rival's Capital ("That
// player's map and turn report is sent to the Look-a-mancer's side"), a
// target for its ferries (TestNormalFerriesToAnIsland).
func TestNormalLooksForAnUnseenRival(t *testing.T) {
	rs := newRules(t)
	s := islandGame(t, rs, 1)
	capital := s.Cities[3] // player 2's Capital
	popped, lookedOn, seenOn := game.Turn(0), game.Turn(0), game.Turn(0)
	knows := func(s *game.State) bool {
		for _, c := range game.NewView(s, 1).Cities {
			if c.ID == capital.ID {
				return true
			}
		}
		return false
	}
	playOn(t, rs, s, []ruleset.Level{ruleset.Normal, ruleset.Passive}, 30, func(s *game.State, p game.PlayerID, orders []game.Order) {
		if p != 1 {
			return
		}
		if seenOn == 0 && knows(s) {
			seenOn = s.Turn
		}
		for _, o := range orders {
			switch {
			case o.Kind == erfworld.OrderCaster && erfworld.CasterKind(o.Unit) == erfworld.CasterLook:
				if o.Army != 0 {
					t.Errorf("turn %d: the Look-A-Mancer joins army %d, want the Capital's garrison", s.Turn, o.Army)
				}
				popped = s.Turn
			case o.Kind == erfworld.OrderLook && lookedOn == 0:
				if o.Player != 2 {
					t.Errorf("turn %d: looks at player %d, want 2", s.Turn, o.Player)
				}
				lookedOn = s.Turn
			}
		}
	})
	if popped == 0 || lookedOn != popped+1 {
		t.Fatalf("Look-A-Mancer popped on turn %d, first Look on turn %d; want a Look the turn after", popped, lookedOn)
	}
	if seenOn != lookedOn+1 {
		t.Errorf("player 2's Capital first in the view on turn %d, want %d, the turn after the first Look", seenOn, lookedOn+1)
	}
}
