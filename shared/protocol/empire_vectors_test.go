package protocol_test

import (
	"strings"
	"testing"

	"empires/shared/grid"
	"empires/shared/protocol"
	"empires/shared/rules/empire"
	"empires/shared/rules/empire/world"
	"empires/shared/ruleset"
)

// empireScene is a small game of the empire ruleset, on turn 1 with its
// turn to play: Ansom's (seat 1) view before and after the turn, his
// orders, and what the server sends him of it.
type empireScene struct {
	before, after *empire.View
	orders        []empire.Order
	events        []empire.Event
	update        *protocol.TurnUpdate
}

// empireMap is the scene's map (package world's glyphs): Ansom's city
// (1) at 2,2, Jillian's (2) at 2,5, a neutral town at 6,2.
const empireMap = `
~~~~~~~~~~~~~~~~
~...............
~.1...t.........
~..^^...........
~..M............
~.2.............
~...............
~...............
................
................
................
................
................
................
................
................
`

// empireRules returns the built-in empire ruleset.
func empireRules(t *testing.T) *empire.Rules {
	t.Helper()
	reg, err := defaultRegistry()
	if err != nil {
		t.Fatal(err)
	}
	rs, ok := reg.Get(empire.ID)
	if !ok {
		t.Fatal("no ruleset empire")
	}
	return rs.(*empire.Rules)
}

// newEmpireScene plays the scene's turn with the engine: Ansom splits his
// Cavalry off his city's garrison and sends it into the neutral town, and
// sets his city to produce an Archer, then Infantry; Jillian gives no
// orders.
func newEmpireScene(t *testing.T) *empireScene {
	t.Helper()
	r := empireRules(t)
	m, err := world.Parse(grid.Square, strings.TrimSpace(empireMap))
	if err != nil {
		t.Fatal(err)
	}
	g, err := r.NewOnMap(m, 2, []string{"Ansom", "Jillian"}, 7)
	if err != nil {
		t.Fatal(err)
	}
	sc := &empireScene{before: g.View(1, false).(*empire.View)}
	garrison := sc.before.Forces[0]
	cavalry, ok := r.Dat().Kind("Cavalry")
	if !ok {
		t.Fatal("no Cavalry")
	}
	var unit empire.UnitID
	for _, u := range garrison.Units {
		if u.Kind == cavalry {
			unit = u.ID
		}
	}
	archer, _ := r.Dat().Kind("Archer")
	infantry, _ := r.Dat().Kind("Infantry")
	sc.orders = []empire.Order{
		{Kind: empire.Split, Force: garrison.ID, Units: []empire.UnitID{unit},
			Path: []grid.Pos{{X: 3, Y: 2}, {X: 4, Y: 2}, {X: 5, Y: 2}, {X: 6, Y: 2}}},
		{Kind: empire.Produce, Settlement: sc.before.Settlements[0].ID, Value: int(archer) + 1, Queue: []int{int(infantry) + 1}},
	}
	orders, err := empire.EncodeOrders(sc.orders)
	if err != nil {
		t.Fatal(err)
	}
	if rej, err := g.Check(1, orders); err != nil || rej != nil {
		t.Fatalf("the scene's orders are refused: %v %v", err, rej)
	}
	out, err := g.Resolve([]ruleset.Submission{{Seat: 1, Orders: orders}})
	if err != nil {
		t.Fatal(err)
	}
	sc.after = g.View(1, false).(*empire.View)
	events, err := out.Events(1, false)
	if err != nil {
		t.Fatal(err)
	}
	if sc.events, err = empire.DecodeEvents(events); err != nil {
		t.Fatal(err)
	}
	delta, err := sc.before.Diff(sc.after)
	if err != nil {
		t.Fatal(err)
	}
	sc.update = &protocol.TurnUpdate{Delta: delta, Checksum: sc.after.Checksum(), Events: events}
	return sc
}

func TestEmpireSceneExplore(t *testing.T) {
	sc := newEmpireScene(t)
	t.Logf("before %+v", sc.before.Forces)
	t.Logf("before sett %+v sight %+v", sc.before.Settlements, sc.before.Sightings)
	t.Logf("after %+v", sc.after.Forces)
	t.Logf("after sett %+v sight %+v tr %+v", sc.after.Settlements, sc.after.Sightings, sc.after.Transits)
	for _, e := range sc.events {
		t.Logf("event %+v", e)
	}
	o, _ := empire.EncodeOrders(sc.orders)
	t.Logf("orders % x", o)
	t.Logf("delta % x", sc.update.Delta)
	t.Logf("events %d bytes", len(sc.update.Events))
}
