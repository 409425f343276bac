package erfpires

import (
	"fmt"
	"testing"

	"empires/shared/game"
	"empires/shared/hex"
)

// TestMoveRules: "Move – Choose one Army to move two hexes. Armies may not
// enter Mountain or Ocean hexes. If an Army enters a hex with an Army from
// another force, battle ensues…" Two hexes at most, no standing orders;
// an army waits rather than enter a hex where another of its player's
// stands ("Only one army is permitted in a hex").
func TestMoveRules(t *testing.T) {
	r, s := scenario(t, plainMap, 2)
	a := addArmy(t, r, s, 1, 8, 2, "1 infantry")
	b := addArmy(t, r, s, 1, 6, 2, "1 infantry")
	c := addArmy(t, r, s, 1, 10, 3, "1 infantry") // next to the Mountain at 10,2 and the Ocean at 11,3
	addCity(r, s, 1, 0, 0)
	addCity(r, s, 2, 0, 5)
	tests := []struct {
		name string
		o    game.Order
		want string
	}{
		{"two hexes", moveOrder(s, a, "7,2 7,3"), ""},
		{"three hexes", moveOrder(s, a, "7,2 7,3 7,4"), "an army moves 2 hexes a day: the path has 3"},
		{"an attack of three hexes", attackOrder(s, a, "7,2 7,3 7,4"), "an army moves 2 hexes a day: the path has 3"},
		{"Armies may not enter Mountain", moveOrder(s, c, "10,2"), fmt.Sprintf("path step 1: %s cannot enter hex 10,2 (Mountain)", c)},
		{"... or Ocean hexes", moveOrder(s, c, "11,3"), fmt.Sprintf("path step 1: %s cannot enter hex 11,3 (Ocean)", c)},
		{"no standing orders", game.Order{Turn: s.Turn, Kind: game.OrderStance, Army: a, Stance: game.Intercept},
			"armies of Mighty Erfpires take no standing orders: an army holds its hex until it is moved"},
	}
	for _, tt := range tests {
		if have := refusal(r, s, 1, tt.o); have != tt.want {
			t.Errorf("%s: have %q\n want %q", tt.name, have, tt.want)
		}
	}
	// One army a hex: a waits beside b.
	ev := day(t, r, s, map[game.PlayerID][]game.Order{1: {moveOrder(s, a, "7,2 6,2")}})
	if s.Army(a).Hex != at(7, 2) || s.Army(b).Hex != at(6, 2) {
		t.Errorf("armies on %s and %s", s.Army(a).Hex, s.Army(b).Hex)
	}
	if bl := eventsOf(ev, game.EventBlocked, 1); len(bl) != 1 || bl[0].Text != "waits: hex full" {
		t.Errorf("blocked events %+v", bl)
	}
	// Entering an enemy army's hex is battle.
	e := addArmy(t, r, s, 2, 5, 2, "1 infantry")
	ev = day(t, r, s, map[game.PlayerID][]game.Order{1: {attackOrder(s, b, "5,2")}})
	if rep := battleOf(t, ev); rep.Sides[0].Player != 2 || rep.Sides[1].Player != 1 || rep.Sides[0].Armies[0] != e {
		t.Errorf("battle %+v", rep)
	}
}

// FuzzValidateOrder: whatever an order holds, validation and a day of it
// never panic, and an accepted order resolves into a valid state. The
// rules and the day's state are made once; each input plays on a clone.
func FuzzValidateOrder(f *testing.F) {
	f.Add(uint8(OrderRecruit), uint32(1), uint8(0), int32(2), int32(0), 3, 1, uint8(0))
	f.Add(uint8(OrderBuild), uint32(0), uint8(9), int32(0), int32(0), -1, 40, uint8(2))
	f.Add(uint8(OrderTribute), uint32(0), uint8(0), int32(0), int32(0), 0, 0, uint8(255))
	f.Add(uint8(game.OrderAttack), uint32(3), uint8(0), int32(0), int32(0), 2, 1, uint8(0))
	r, start := scenario(f, plainMap, 2)
	addCity(r, start, 1, 1, 1)
	addArmy(f, r, start, 1, 3, 1, "2 infantry")
	addCity(r, start, 2, 9, 4)
	f.Fuzz(func(t *testing.T, kind uint8, id uint32, unit uint8, n0, n1 int32, col, row int, player uint8) {
		s := start.Clone()
		o := game.Order{Turn: s.Turn, Kind: game.OrderKind(kind), Army: game.ArmyID(id), City: game.CityID(id),
			Target: game.ArmyID(id), Unit: game.UnitKind(unit), Units: game.Units{n0, n1}, Hex: at(col, row),
			Path: []hex.Hex{at(col, row)}, Player: game.PlayerID(player)}
		if game.ValidateOrders(s, r, 1, []game.Order{o}) != nil {
			return
		}
		game.Resolve(s, r, []game.PlayerOrders{{Player: 1, Orders: []game.Order{o}}})
		if err := s.Validate(len(r.D.Terrain)); err != nil {
			t.Fatalf("order %+v made an invalid state: %v", o, err)
		}
	})
}
