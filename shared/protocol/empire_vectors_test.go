package protocol_test

import (
	"cmp"
	"reflect"
	"slices"
	"strings"
	"testing"

	"empires/internal/skip"
	"empires/shared/grid"
	"empires/shared/protocol"
	"empires/shared/rules/empire"
	"empires/shared/rules/empire/world"
	"empires/shared/ruleset"
	"empires/shared/wire"
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

// empireVectors are the vectors of an empire game (numbered from 39): the
// ruleset's data bundle, a FullView, SubmitOrders and the TurnUpdate that
// follows.
func empireVectors(t *testing.T) []vector {
	t.Helper()
	r := empireRules(t)
	sc := newEmpireScene(t)
	orders, err := empire.EncodeOrders(sc.orders)
	if err != nil {
		t.Fatal(err)
	}
	return []vector{
		{name: "39-rules-data-empire", from: "server", seq: 2, reply: 2, ruleset: empire.ID,
			msg: &protocol.RulesData{Ruleset: empire.ID, Hash: r.Info().Hash, Data: r.Data()},
			about: "The empire ruleset's data, the built-in one: its bundle of units.dat, terrain.dat and game.dat, " +
				"each after a line \"=== <name> <length in bytes>\" and followed by a line end; no event templates (Dict 0): its events carry no texts."},
		{name: "40-full-view-empire", from: "server", seq: 9, ruleset: empire.ID, msg: fullViewOf(t, sc.before),
			about: "Ansom's view of a small empire game (16x16 squares) on turn 1: his city and its garrison, " +
				"Jillian's city and garrison in sight, the squares he has seen, the rest unknown."},
		{name: "41-submit-orders-empire", from: "client", seq: 7, ruleset: empire.ID,
			msg: &protocol.SubmitOrders{Turn: 1, Orders: orders, Seq: 1},
			about: "Ansom's orders for turn 1: split his Cavalry off the garrison as a new army marching four squares east into the neutral town; " +
				"his city produces an Archer, then Infantry."},
		{name: "42-turn-update-empire", from: "server", seq: 14, ruleset: empire.ID, msg: sc.update, appliesTo: "40-full-view-empire",
			about: "The resolved turn 1 for Ansom: the delta from his turn-1 view (vector 40) to his turn-2 view, and his events: " +
				"the army's four steps, its battle with the town's garrison (the whole report) and the town taken."},
	}
}

// describeEmpire decodes the payloads of msg, a message of an empire game,
// into payloads and f, as a client does (the ruleset's decoders), and
// returns the view the client holds after it, nil for a message without a
// view.
func describeEmpire(t *testing.T, v vector, msg protocol.Message, views map[string]any, payloads map[string]any, f *vectorFile) any {
	t.Helper()
	r := empireRules(t)
	switch m := msg.(type) {
	case *protocol.FullView:
		rv, err := r.DecodeView(m.View)
		if err != nil {
			t.Fatal(err)
		}
		view := rv.(*empire.View)
		payloads["View"] = view
		viewSum(t, view, m.Checksum, f)
		return view
	case *protocol.TurnUpdate:
		var d empire.Delta
		if err := wire.Unmarshal(m.Delta, &d); err != nil {
			t.Fatal(err)
		}
		evs, err := empire.DecodeEvents(m.Events)
		if err != nil {
			t.Fatal(err)
		}
		payloads["Delta"], payloads["Events"] = d, evs
		prev, ok := views[v.appliesTo].(*empire.View)
		if !ok {
			skip.Now(t, skip.Partial, "the delta applies to the view of vector %s, which did not run: run the whole TestVectors", v.appliesTo)
		}
		rv, err := prev.Apply(m.Delta)
		if err != nil {
			t.Fatal(err)
		}
		view := rv.(*empire.View)
		if doc := applyEmpireDelta(t, prev, d); !reflect.DeepEqual(doc, view) {
			t.Errorf("the delta applied as documented gives another view than the ruleset's Apply:\nhave %+v\nwant %+v", doc, view)
		}
		if d.From != prev.Checksum() || d.To != m.Checksum {
			t.Errorf("the delta goes from %016x to %016x, want from the view before (%016x) to the message's checksum (%016x)",
				d.From, d.To, prev.Checksum(), m.Checksum)
		}
		f.AppliesTo = v.appliesTo
		viewSum(t, view, m.Checksum, f)
		return view
	case *protocol.SubmitOrders:
		orders, err := empire.DecodeOrders(m.Orders)
		if err != nil {
			t.Fatal(err)
		}
		payloads["Orders"] = orders
	}
	return nil
}

// applyEmpireDelta applies d to v as docs/protocol.md says ("Applying a
// delta", section 14.4), without the ruleset's Apply, and checks the
// checksums it names.
func applyEmpireDelta(t *testing.T, v *empire.View, d empire.Delta) *empire.View {
	t.Helper()
	sum := func(v *empire.View) uint64 {
		b, err := v.Encode()
		if err != nil {
			t.Fatal(err)
		}
		return fnv1a64With32(b)
	}
	if d.From != sum(v) {
		t.Fatalf("the delta is for the view of checksum %016x, not this one's %016x", d.From, sum(v))
	}
	nv := *v
	if d.Header != nil {
		nv.Turn, nv.Over, nv.Winner, nv.Players = d.Header.Turn, d.Header.Over, d.Header.Winner, d.Header.Players
	}
	nv.Terrain, nv.Seen = slices.Clone(v.Terrain), slices.Clone(v.Seen)
	for _, c := range d.Cells {
		if c.I < 0 || c.I >= len(nv.Terrain) {
			t.Fatalf("cell %d off the map", c.I)
		}
		nv.Terrain[c.I], nv.Seen[c.I] = c.Terrain, c.Seen
	}
	nv.Forces = keyed(v.Forces, d.Forces, d.ForcesGone, func(f empire.Force) empire.ForceID { return f.ID })
	nv.Settlements = keyed(v.Settlements, d.Settlements, nil, func(s empire.SettlementView) empire.SettlementID { return s.ID })
	nv.Sightings = keyed(v.Sightings, d.Sightings, d.SightsGone, func(s empire.Sighting) empire.ForceID { return s.Force })
	if d.TransitsSet {
		nv.Transits = d.Transits
	}
	// Canonical: every empty list nil.
	nv.Players, nv.Terrain, nv.Seen = nilIfEmpty(nv.Players), nilIfEmpty(nv.Terrain), nilIfEmpty(nv.Seen)
	nv.Forces, nv.Settlements = nilIfEmpty(nv.Forces), nilIfEmpty(nv.Settlements)
	nv.Transits, nv.Sightings = nilIfEmpty(nv.Transits), nilIfEmpty(nv.Sightings)
	for i := range nv.Forces {
		nv.Forces[i].Units, nv.Forces[i].Path = nilIfEmpty(nv.Forces[i].Units), nilIfEmpty(nv.Forces[i].Path)
	}
	for i := range nv.Settlements {
		nv.Settlements[i].Queue = nilIfEmpty(nv.Settlements[i].Queue)
	}
	if sum(&nv) != d.To {
		t.Errorf("the view reached has checksum %016x, the delta names %016x", sum(&nv), d.To)
	}
	return &nv
}

// keyed returns old without the entries whose key is in gone or in
// changed, with changed added, sorted by key.
func keyed[T any, K cmp.Ordered](old, changed []T, gone []K, key func(T) K) []T {
	var out []T
	for _, x := range old {
		if !slices.Contains(gone, key(x)) && !slices.ContainsFunc(changed, func(c T) bool { return key(c) == key(x) }) {
			out = append(out, x)
		}
	}
	out = append(out, changed...)
	slices.SortFunc(out, func(a, b T) int { return cmp.Compare(key(a), key(b)) })
	return out
}

func nilIfEmpty[T any](s []T) []T {
	if len(s) == 0 {
		return nil
	}
	return s
}

// TestEmpireScene checks that the empire vectors' game shows what their
// descriptions say, so a rewrite of the vectors keeps their point.
func TestEmpireScene(t *testing.T) {
	sc := newEmpireScene(t)
	var d empire.Delta
	if err := wire.Unmarshal(sc.update.Delta, &d); err != nil {
		t.Fatal(err)
	}
	kinds := map[empire.EventKind]int{}
	for _, e := range sc.events {
		kinds[e.Kind]++
	}
	unknown := slices.Contains(sc.before.Terrain, empire.Unknown)
	for _, c := range []struct {
		what string
		ok   bool
	}{
		{"unknown squares in the view", unknown},
		{"an enemy city in the view", slices.ContainsFunc(sc.before.Settlements, func(s empire.SettlementView) bool { return s.Owner == 2 })},
		{"a sighting of an enemy force in the view", len(sc.before.Sightings) > 0},
		{"a header in the delta (the turn)", d.Header != nil && d.Header.Turn == 2},
		{"squares in the delta", len(d.Cells) > 0},
		{"a new army in the delta", len(d.Forces) == 2},
		{"the town taken in the delta", slices.ContainsFunc(d.Settlements, func(s empire.SettlementView) bool { return !s.City && s.Owner == 1 })},
		{"four moves", kinds[empire.EvMoved] == 4},
		{"a battle with its report", kinds[empire.EvBattle] == 1 && slices.ContainsFunc(sc.events, func(e empire.Event) bool {
			return e.Battle != nil && len(e.Battle.Report.Rounds) > 0
		})},
		{"the town conquered", kinds[empire.EvConquered] == 1},
	} {
		if !c.ok {
			t.Errorf("the empire scene lacks %s", c.what)
		}
	}
}
