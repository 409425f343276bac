package erfworld

import (
	"strings"
	"testing"

	"empires/shared/game"
	"empires/shared/hex"
)

// battles returns the battle reports of ev, in order.
func battles(ev *game.Events) []*game.BattleReport {
	var out []*game.BattleReport
	for _, e := range ev.List {
		if e.Kind == game.EventBattle {
			out = append(out, e.Battle)
		}
	}
	return out
}

// "Cities have a defence factor equivalent to its level. When attacked,
// the City provides a number of Infantry Units equal to twice its level."
// A city with no army on its hex still fights: a Capital does not fall to
// one Infantry, and a city whose defence the attacker's Siege lowers to 0
// ("Each Siege unit in an Attack lowers the level of any City defence by 1,
// to a minimum of 0") provides no Infantry and falls. A neutral city
// (owner 0) defends itself by the same rule.
func TestUndefendedCityFights(t *testing.T) {
	for _, tc := range []struct {
		rule      string
		owner     game.PlayerID
		capital   bool
		units     [4]int // infantry, cavalry, flyers, siege of the attacker
		dice      int    // the city's dice
		wantTaken bool
	}{
		{rule: "a Capital (level 5) with no army provides 10 Infantry against one Infantry", owner: 2, capital: true,
			units: [4]int{1, 0, 0, 0}, dice: 10},
		{rule: "a level 1 city with no army provides 2 Infantry", owner: 2,
			units: [4]int{1, 0, 0, 0}, dice: 2},
		{rule: "one Siege lowers a level 1 city's defence to 0: no Infantry, the city falls", owner: 2,
			units: [4]int{1, 0, 0, 1}, dice: 0, wantTaken: true},
		{rule: "a neutral city defends itself too", owner: 0, capital: true,
			units: [4]int{1, 0, 0, 0}, dice: 10},
	} {
		t.Run(tc.rule, func(t *testing.T) {
			w := newArmyWorld(t, 1, 2, victoryRows...)
			w.city(1, w.at(0, 0), true)
			if tc.owner != 0 {
				w.city(tc.owner, w.at(9, 5), true)
			}
			target := w.city(tc.owner, w.at(6, 2), tc.capital)
			u := tc.units
			army := w.led(1, w.at(5, 2), w.units(u[0], u[1], u[2], u[3]))
			ev := w.turnOK(map[game.PlayerID][]game.Order{
				1: {{Kind: game.OrderAttack, Army: army, Path: []hex.Hex{w.at(6, 2)}}},
			})
			bs := battles(ev)
			if len(bs) != 1 {
				t.Fatalf("%d battles, want 1: the city fights", len(bs))
			}
			b := bs[0]
			if b.Sides[0].Player != tc.owner || b.Sides[0].Role != game.Defender || len(b.Sides[0].Armies) != 0 {
				t.Errorf("defender: %+v, want the city's owner %d with no armies", b.Sides[0], tc.owner)
			}
			if got := len(b.Sides[0].Rolls); got != tc.dice {
				t.Errorf("the city rolled %d dice, want %d", got, tc.dice)
			}
			// The dice decide the other battles; the city falls exactly
			// when the attacker wins.
			if tc.wantTaken && b.Winner != 1 {
				t.Errorf("winner %d, want the attacker: the city had no units", b.Winner)
			}
			if taken := w.s.City(target).Owner == 1; taken != (b.Winner == 1) {
				t.Errorf("city taken: %v, but the winner is %d", taken, b.Winner)
			}
			if a := w.s.Army(army); b.Winner != 1 && a != nil && a.Hex == w.at(6, 2) {
				t.Errorf("the beaten attacker stands on the city")
			}
		})
	}
}

// "An Army or Fleet ordered to Explore or Move in a given direction will do
// so to their maximum move, taking care to avoid enemies": a Move stops
// before an enemy city that would fight it, and does not walk in.
func TestMoveAvoidsEnemyCity(t *testing.T) {
	w := newArmyWorld(t, 1, 2, victoryRows...)
	w.city(1, w.at(0, 0), true)
	target := w.city(2, w.at(6, 2), true)
	army := w.led(1, w.at(5, 2), w.units(1, 0, 0, 0))
	ev := w.turnOK(map[game.PlayerID][]game.Order{
		1: {{Kind: game.OrderMove, Army: army, Path: []hex.Hex{w.at(6, 2), w.at(7, 2)}}},
	})
	if len(battles(ev)) != 0 || w.s.City(target).Owner != 2 || w.get(army).Hex != w.at(5, 2) {
		t.Errorf("battles %d, city owner %d, army at %s: want no battle, the city kept, the army where it was",
			len(battles(ev)), w.s.City(target).Owner, w.get(army).Hex)
	}
	bl := kindEvents(ev, game.EventBlocked, 1)
	if len(bl) != 1 || !strings.Contains(bl[0].Text, "enemy ahead") {
		t.Errorf("blocked events %+v, want one: enemy ahead", bl)
	}
}
