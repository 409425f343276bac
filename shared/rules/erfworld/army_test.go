package erfworld

import (
	"slices"
	"strings"
	"testing"

	"empires/shared/game"
	"empires/shared/hex"
	"empires/shared/hexmap"
)

// armyWorld is a small erfworld game for the army and victory tests: a map
// drawn in ASCII, players rich enough that upkeep never removes a unit, and
// helpers to place things and play whole turns.
type armyWorld struct {
	t *testing.T
	r *Rules
	s *game.State
}

// newArmyWorld starts a game of players on the map drawn by rows (glyphs
// '.' Open, '"' Grasslands, 'f' Woods, '^' Mountains, '~' Water; odd rows
// indented one space), its RNG seeded with seed.
func newArmyWorld(t *testing.T, seed uint64, players int, rows ...string) *armyWorld {
	t.Helper()
	d, err := Default()
	if err != nil {
		t.Fatal(err)
	}
	r := NewRules(d)
	m, err := hexmap.Parse(strings.Join(rows, "\n"), d.Terrain)
	if err != nil {
		t.Fatal(err)
	}
	s := r.NewGameOn(m, seed, players, nil)
	for i := range s.Players {
		s.Players[i].Treasury = 1000
	}
	return &armyWorld{t: t, r: r, s: s}
}

// at is the hex in column col of row row.
func (w *armyWorld) at(col, row int) hex.Hex { return hex.FromOffset(hex.Offset{Col: col, Row: row}) }

// units counts units by kind id.
func (w *armyWorld) units(inf, cav, fly, siege int) game.Units {
	w.t.Helper()
	u := make(game.Units, len(w.r.D.Units))
	for id, n := range map[string]int{"infantry": inf, "cavalry": cav, "flyers": fly, "siege": siege} {
		k, ok := w.r.D.UnitKind(id)
		if !ok {
			w.t.Fatalf("no unit %q", id)
		}
		u[k] = int32(n)
	}
	return u
}

// warlord is a new level 1 Warlord.
func (w *armyWorld) warlord() game.Character {
	return game.Character{ID: game.CharacterID(w.s.NewID()), Kind: CharWarlord, Level: 1}
}

// caster is a new Caster of kind k.
func (w *armyWorld) caster(k CasterKind) game.Character {
	return game.Character{ID: game.CharacterID(w.s.NewID()), Kind: CharCaster + uint8(k)}
}

// army places an army of player p on h.
func (w *armyWorld) army(p game.PlayerID, h hex.Hex, u game.Units, chars ...game.Character) game.ArmyID {
	return w.s.AddArmy(game.Army{Owner: p, Hex: h, Units: u, Characters: chars})
}

// led places an army of player p on h led by a Warlord.
func (w *armyWorld) led(p game.PlayerID, h hex.Hex, u game.Units) game.ArmyID {
	return w.army(p, h, u, w.warlord())
}

// fleet places a fleet of player p on h.
func (w *armyWorld) fleet(p game.PlayerID, h hex.Hex) game.ArmyID {
	return w.s.AddArmy(game.Army{Owner: p, Hex: h, Naval: true})
}

// city places a city of player p on h: a Capital, or a level 1 city.
func (w *armyWorld) city(p game.PlayerID, h hex.Hex, capital bool) game.CityID {
	level := int32(w.r.D.Start.CityLevel)
	if capital {
		level = int32(w.r.D.City.CapitalLevel)
	}
	return w.s.AddCity(game.City{Owner: p, Hex: h, Level: level, Capital: capital})
}

// get returns the army with ID id, failing if it is gone.
func (w *armyWorld) get(id game.ArmyID) *game.Army {
	w.t.Helper()
	a := w.s.Army(id)
	if a == nil {
		w.t.Fatalf("%s is gone", id)
	}
	return a
}

// turn plays one turn: orders[p] are player p's orders (their Turn is
// filled in); every live player sends a list, possibly empty, except those
// in autopilot, who send nothing.
func (w *armyWorld) turn(orders map[game.PlayerID][]game.Order, autopilot ...game.PlayerID) *game.Events {
	w.t.Helper()
	game.RecordVision(w.s, w.r)
	var all []game.PlayerOrders
	for _, pl := range w.s.Players {
		if !pl.Alive || containsPlayer(autopilot, pl.ID) {
			continue
		}
		list := append([]game.Order{}, orders[pl.ID]...)
		for i := range list {
			list[i].Turn = w.s.Turn
		}
		all = append(all, game.PlayerOrders{Player: pl.ID, Orders: list})
	}
	ev := game.Resolve(w.s, w.r, all)
	if err := w.s.Validate(len(w.r.D.Terrain)); err != nil {
		w.t.Fatalf("broken state after the turn: %v", err)
	}
	return ev
}

// turnOK is turn, failing if any order was skipped.
func (w *armyWorld) turnOK(orders map[game.PlayerID][]game.Order, autopilot ...game.PlayerID) *game.Events {
	w.t.Helper()
	ev := w.turn(orders, autopilot...)
	for _, e := range ev.List {
		if e.Kind == game.EventOrderSkipped {
			w.t.Fatalf("unexpected skip: %s", e.Text)
		}
	}
	return ev
}

// validate checks order o of player p for the current turn.
func (w *armyWorld) validate(p game.PlayerID, o game.Order) error {
	game.RecordVision(w.s, w.r)
	o.Turn = w.s.Turn
	return game.ValidateOrder(w.s, w.r, p, &o)
}

// sees reports whether player p sees hex h now.
func (w *armyWorld) sees(p game.PlayerID, h hex.Hex) bool {
	return w.s.Memory[p-1].Visible.Has(w.s.Map.Rect().Index(h))
}

// kindEvents returns the events of kind k for player p.
func kindEvents(ev *game.Events, k game.EventKind, p game.PlayerID) []game.Event {
	var out []game.Event
	for _, e := range ev.List {
		if e.Kind == k && e.Player == p {
			out = append(out, e)
		}
	}
	return out
}

func containsPlayer(list []game.PlayerID, p game.PlayerID) bool {
	for _, q := range list {
		if q == p {
			return true
		}
	}
	return false
}

// wantRefusal checks that err is nil when want is "", else that it contains
// want.
func wantRefusal(t *testing.T, err error, want string) {
	t.Helper()
	switch {
	case want == "" && err != nil:
		t.Errorf("refused: %v", err)
	case want != "" && err == nil:
		t.Errorf("accepted, want an error containing %q", want)
	case want != "" && !strings.Contains(err.Error(), want):
		t.Errorf("error %q, want it to contain %q", err, want)
	}
}

// A map of Open land (columns 0-3) and Water (columns 4-7).
var coastRows = []string{
	". . . . ~ ~ ~ ~",
	" . . . . ~ ~ ~ ~",
	". . . . ~ ~ ~ ~",
}

func TestMovePoints(t *testing.T) {
	w := newArmyWorld(t, 1, 2, coastRows...)
	w.city(1, w.at(0, 0), false)
	land := w.at(1, 1)
	water := w.at(5, 1)
	lead := func(u game.Units) game.Army {
		return game.Army{Owner: 1, Hex: land, Units: u, Characters: []game.Character{w.warlord()}}
	}
	fleet := func(flags uint32) game.Army { return game.Army{Owner: 1, Hex: water, Naval: true, Flags: flags} }
	withFlags := func(a game.Army, flags uint32) game.Army { a.Flags = flags; return a }
	carried := lead(w.units(3, 0, 0, 0))
	carried.Carrier = 99
	tests := []struct {
		rule string
		have game.Army
		want int
	}{
		{"Armies have a base move of two hexes per turn", lead(w.units(3, 0, 0, 0)), 2},
		{"more Cavalry and Flyers than Infantry and Siege: +1", lead(w.units(1, 2, 0, 0)), 3},
		{"Flyers count with Cavalry", lead(w.units(1, 1, 1, 0)), 3},
		{"equal is not more: base move", lead(w.units(1, 1, 0, 0)), 2},
		{"...to a maximum of 3 hexes per turn", lead(w.units(0, 5, 4, 0)), 3},
		{"more Siege than Cavalry: -1", lead(w.units(2, 0, 0, 1)), 1},
		{"...to a minimum of 1 hex per turn", lead(w.units(0, 0, 0, 4)), 1},
		{"both modifiers apply: +1 -1", lead(w.units(0, 1, 2, 2)), 2},
		{"A Warlord that is not leading an Army may move 4 hexes per turn", lead(nil), 4},
		{"Casters are Characters, not units: a Warlord with Casters moves 4",
			game.Army{Owner: 1, Hex: land, Characters: []game.Character{w.warlord(), w.caster(CasterLook)}}, 4},
		{"In order for units to leave a City hex, they must be a part of an Army",
			game.Army{Owner: 1, Hex: w.at(0, 0), Units: w.units(3, 0, 0, 0)}, 0},
		{"CHOICE: units without a Warlord outside a city move as an army",
			game.Army{Owner: 1, Hex: land, Units: w.units(1, 2, 0, 0)}, 3},
		{"Fleets move 3 hexes per turn", fleet(0), 3},
		{"It costs the Fleet 1 move to load an Army", fleet(FlagLoadedFleet), 2},
		{"...and one move to unload the Army", fleet(FlagUnloading), 2},
		{"loading and unloading in one turn", fleet(FlagLoadedFleet | FlagUnloading), 1},
		{"carried armies move only with their fleet", carried, 0},
		{"Armies may not move in the same turn they are loaded", withFlags(lead(w.units(3, 0, 0, 0)), FlagBoarded), 0},
		{"autopilot: No Armies may move or attack", withFlags(lead(w.units(0, 3, 0, 0)), FlagHold), 0},
		{"autopilot holds fleets too", fleet(FlagHold), 0},
	}
	for _, tt := range tests {
		if got := w.r.MovePoints(w.s, &tt.have); got != tt.want {
			t.Errorf("%s: MovePoints = %d, want %d", tt.rule, got, tt.want)
		}
	}
}

// TestMovesOnTheMap plays a turn in which armies of each kind are ordered
// five hexes East and go as far as their move: "Armies have a base move of
// two hexes per turn", +1 with more Cavalry and Flyers, -1 with more Siege,
// and "A Warlord that is not leading an Army ... may move 4 hexes per turn".
func TestMovesOnTheMap(t *testing.T) {
	w := newArmyWorld(t, 1, 2,
		". . . . . . . . .",
		" . . . . . . . . .",
		". . . . . . . . .",
		" . . . . . . . . .",
	)
	tests := []struct {
		rule  string
		units game.Units
		want  int // columns moved
	}{
		{"base move of two hexes", w.units(3, 0, 0, 0), 2},
		{"more Cavalry and Flyers than Infantry and Siege", w.units(1, 1, 1, 0), 3},
		{"more Siege than Cavalry", w.units(1, 0, 0, 2), 1},
		{"a Warlord alone moves 4", nil, 4},
	}
	ids := make([]game.ArmyID, len(tests))
	var orders []game.Order
	for row, tt := range tests {
		ids[row] = w.led(1, w.at(0, row), tt.units)
		var path []hex.Hex
		for col := 1; col <= 5; col++ {
			path = append(path, w.at(col, row))
		}
		orders = append(orders, game.Order{Kind: game.OrderMove, Army: ids[row], Path: path})
	}
	w.turnOK(map[game.PlayerID][]game.Order{1: orders})
	for row, tt := range tests {
		if got, want := w.get(ids[row]).Hex, w.at(tt.want, row); got != want {
			t.Errorf("%s: army at %s, want %s", tt.rule, got, want)
		}
	}
}

func TestGarrisonStaysInItsCity(t *testing.T) {
	w := newArmyWorld(t, 1, 2, coastRows...)
	w.city(1, w.at(1, 1), false)
	garrison := w.army(1, w.at(1, 1), w.units(4, 0, 0, 0))
	army := w.led(1, w.at(1, 1), w.units(2, 0, 0, 0))
	stray := w.army(1, w.at(2, 2), w.units(2, 0, 0, 0))
	east := []hex.Hex{w.at(2, 1)}
	tests := []struct {
		rule  string
		order game.Order
		want  string
	}{
		{"In order for units to leave a City hex, they must be a part of an Army",
			game.Order{Kind: game.OrderMove, Army: garrison, Path: east}, "must be a part of an Army"},
		{"a garrison does not explore", game.Order{Kind: game.OrderExplore, Army: garrison, Dir: hex.East}, "garrison"},
		{"a garrison does not attack", game.Order{Kind: game.OrderAttack, Army: garrison, Path: east}, "garrison"},
		{"a garrison may change its stance", game.Order{Kind: game.OrderStance, Army: garrison, Stance: game.Intercept}, ""},
		{"an Army led by a Warlord leaves the city", game.Order{Kind: game.OrderMove, Army: army, Path: east}, ""},
		{"CHOICE: stray units outside a city may move",
			game.Order{Kind: game.OrderMove, Army: stray, Path: []hex.Hex{w.at(1, 2)}}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.rule, func(t *testing.T) { wantRefusal(t, w.validate(1, tt.order), tt.want) })
	}
	// And in play: the garrison's Intercept stance never takes it out.
	w.get(garrison).Stance = game.Stance{Kind: game.Intercept}
	enemy := w.led(2, w.at(3, 0), w.units(1, 0, 0, 0))
	w.turn(map[game.PlayerID][]game.Order{2: {{Kind: game.OrderMove, Army: enemy, Path: []hex.Hex{w.at(2, 0)}}}})
	if got := w.s.Army(garrison); got != nil && got.Hex != w.at(1, 1) {
		t.Errorf("garrison left its city for %s", got.Hex)
	}
}

func TestArmiesAndFleetsTerrain(t *testing.T) {
	w := newArmyWorld(t, 1, 1,
		`. " f ^ ~ ~`,
		` . . . . ~ ~`,
	)
	army := w.get(w.led(1, w.at(0, 1), w.units(1, 0, 0, 0)))
	fleet := w.get(w.fleet(1, w.at(5, 1)))
	tests := []struct {
		rule string
		a    *game.Army
		to   hex.Hex
		want bool
	}{
		{"Armies may enter Open", army, w.at(0, 0), true},
		{"Armies may enter Grasslands", army, w.at(1, 0), true},
		{"Armies may enter Woods", army, w.at(2, 0), true},
		{"Armies may enter any Terrain except Mountains", army, w.at(3, 0), false},
		{"...and Water: To Cross Water, Armies must be transported by a Fleet", army, w.at(4, 0), false},
		{"Fleets sail Water", fleet, w.at(4, 0), true},
		{"Fleets do not sail on land", fleet, w.at(3, 1), false},
		{"nothing enters hexes off the map", army, w.at(-1, 1), false},
	}
	for _, tt := range tests {
		cost, ok := w.r.StepCost(w.s, tt.a, tt.a.Hex, tt.to)
		if ok != tt.want || (ok && cost != 1) {
			t.Errorf("%s: StepCost = %d, %v; want 1, %v", tt.rule, cost, ok, tt.want)
		}
	}
	// A path over known Mountains is refused when the order is given.
	w.get(army.ID).Hex = w.at(3, 1)
	err := w.validate(1, game.Order{Kind: game.OrderMove, Army: army.ID, Path: []hex.Hex{w.at(3, 0)}})
	wantRefusal(t, err, "Mountains")
}

func TestFleetsMoveThreeOnWater(t *testing.T) {
	w := newArmyWorld(t, 1, 1,
		"~ ~ ~ ~ ~ ~ ~",
		" ~ ~ ~ ~ ~ ~ ~",
	)
	f := w.fleet(1, w.at(0, 0))
	path := []hex.Hex{w.at(1, 0), w.at(2, 0), w.at(3, 0), w.at(4, 0), w.at(5, 0)}
	w.turnOK(map[game.PlayerID][]game.Order{1: {{Kind: game.OrderMove, Army: f, Path: path}}})
	if got, want := w.get(f).Hex, w.at(3, 0); got != want {
		t.Errorf(`"Fleets move 3 hexes per turn": fleet at %s, want %s`, got, want)
	}
}

// TestFerry carries an army over the water in two turns: "Fleets move 3
// hexes per turn, and may transport one Army per turn. It costs the Fleet 1
// move to load an Army, and one move to unload the Army. Armies may not move
// in the same turn they are loaded and unloaded."
func TestFerry(t *testing.T) {
	w := newArmyWorld(t, 1, 1,
		". ~ ~ ~ ~ ~ .",
		" . ~ ~ ~ ~ ~ .",
		". ~ ~ ~ ~ ~ .",
	)
	w.city(1, w.at(0, 2), true) // a Capital keeps the player in the game
	army := w.led(1, w.at(0, 0), w.units(3, 0, 0, 0))
	f := w.fleet(1, w.at(1, 0))

	// Turn 1: the army boards; the fleet, ordered 3 hexes, sails 2; the
	// army's own move order is dropped, it goes where the fleet goes.
	ev := w.turn(map[game.PlayerID][]game.Order{1: {
		{Kind: OrderLoad, Army: army, Target: f},
		{Kind: game.OrderMove, Army: f, Path: []hex.Hex{w.at(2, 0), w.at(3, 0), w.at(4, 0)}},
		{Kind: game.OrderMove, Army: army, Path: []hex.Hex{w.at(0, 1)}},
	}})
	if got, want := w.get(f).Hex, w.at(3, 0); got != want {
		t.Errorf("loading: fleet at %s, want %s (3 moves less 1 to load)", got, want)
	}
	a := w.get(army)
	if a.Carrier != f || a.Hex != w.at(3, 0) {
		t.Errorf("loading: army at %s carried by %s, want at %s aboard %s", a.Hex, a.Carrier, w.at(3, 0), f)
	}
	if len(kindEvents(ev, game.EventOrderSkipped, 1)) != 1 {
		t.Errorf("the boarded army's move order should be skipped: %v", ev.List)
	}
	if a.Flags != 0 || w.get(f).Flags != 0 {
		t.Errorf("turn flags left after the turn: army %#x, fleet %#x", a.Flags, w.get(f).Flags)
	}

	// Turn 2: the fleet sails 2 of its 3 (1 to unload) and the army lands
	// next to where the fleet ends, not where it started.
	land := w.at(6, 0)
	w.turnOK(map[game.PlayerID][]game.Order{1: {
		{Kind: OrderUnload, Army: army, Hex: land},
		{Kind: game.OrderMove, Army: f, Path: []hex.Hex{w.at(4, 0), w.at(5, 0), w.at(5, 1)}},
	}})
	if got, want := w.get(f).Hex, w.at(5, 0); got != want {
		t.Errorf("unloading: fleet at %s, want %s (3 moves less 1 to unload)", got, want)
	}
	if a := w.get(army); a.Hex != land || a.Carrier != 0 {
		t.Errorf("unloading: army at %s carried by %s, want on %s", a.Hex, a.Carrier, land)
	}
}

func TestLoadOrders(t *testing.T) {
	w := newArmyWorld(t, 1, 2, coastRows...)
	shore := w.at(3, 1)
	army := w.led(1, shore, w.units(2, 0, 0, 0))
	garrison := w.army(1, shore, w.units(2, 0, 0, 0))
	far := w.led(1, w.at(0, 1), w.units(2, 0, 0, 0))
	f := w.fleet(1, w.at(4, 1))
	full := w.fleet(1, w.at(4, 0))
	w.s.AddArmy(game.Army{Owner: 1, Hex: w.at(4, 0), Units: w.units(1, 0, 0, 0), Characters: []game.Character{w.warlord()}, Carrier: full})
	enemy := w.fleet(2, w.at(4, 2))
	load := func(a, fl game.ArmyID) game.Order { return game.Order{Kind: OrderLoad, Army: a, Target: fl} }
	tests := []struct {
		rule  string
		order game.Order
		want  string
	}{
		{"an Army boards its fleet on the next hex", load(army, f), ""},
		{"the fleet must be next to the army", load(far, f), "not next to"},
		{"only an Army (with a Warlord) boards", load(garrison, f), "no Warlord"},
		{"Fleets ... may transport one Army per turn", load(army, full), "one Army per turn"},
		{"only one's own fleets", load(army, enemy), "not one of your fleets"},
		{"an army is not a fleet", load(army, far), "not one of your fleets"},
		{"a fleet does not board", load(f, full), "only armies board"},
		{"no such army", load(12345, f), "army 12345 does not exist"},
	}
	for _, tt := range tests {
		t.Run(tt.rule, func(t *testing.T) { wantRefusal(t, w.validate(1, tt.order), tt.want) })
	}
}

func TestUnloadOrders(t *testing.T) {
	w := newArmyWorld(t, 1, 1,
		". . ~ ~ ~ ~ ~ ~ .",
		" . ^ ~ ~ ~ ~ ~ ~ .",
		". . ~ ~ ~ ~ ~ ~ .",
	)
	f := w.fleet(1, w.at(2, 1))
	aboard := w.s.AddArmy(game.Army{Owner: 1, Hex: w.at(2, 1), Units: w.units(1, 0, 0, 0),
		Characters: []game.Character{w.warlord()}, Carrier: f})
	ashore := w.led(1, w.at(0, 0), w.units(1, 0, 0, 0))
	unload := func(a game.ArmyID, h hex.Hex) game.Order { return game.Order{Kind: OrderUnload, Army: a, Hex: h} }
	tests := []struct {
		rule  string
		order game.Order
		want  string
	}{
		{"land next to the fleet", unload(aboard, w.at(1, 0)), ""},
		{"land where the fleet can sail to (3 less 1 to unload, then one more)", unload(aboard, w.at(5, 0)), ""},
		{"too far for the fleet", unload(aboard, w.at(8, 0)), "hexes from"},
		{"not on the fleet's own hex", unload(aboard, w.at(2, 1)), "hexes from"},
		{"Armies may enter any Terrain except Mountains", unload(aboard, w.at(1, 1)), "Mountains"},
		{"...and Water", unload(aboard, w.at(3, 1)), "Water"},
		{"only an army aboard lands", unload(ashore, w.at(1, 0)), "not aboard"},
		{"off the map", unload(aboard, w.at(2, -1)), "off the map"},
	}
	for _, tt := range tests {
		t.Run(tt.rule, func(t *testing.T) { wantRefusal(t, w.validate(1, tt.order), tt.want) })
	}
}

// TestLandingNeedsAFreeHex: an army lands only on a hex free of enemies;
// else it stays aboard and its player learns why.
func TestLandingNeedsAFreeHex(t *testing.T) {
	tests := []struct {
		rule  string
		place func(w *armyWorld, h hex.Hex)
		lands bool
	}{
		{"an empty hex", func(w *armyWorld, h hex.Hex) {}, true},
		{"a hex with a friendly army", func(w *armyWorld, h hex.Hex) { w.led(1, h, w.units(1, 0, 0, 0)) }, true},
		{"a hex an enemy army holds", func(w *armyWorld, h hex.Hex) { w.led(2, h, w.units(1, 0, 0, 0)) }, false},
		{"an enemy city", func(w *armyWorld, h hex.Hex) { w.city(2, h, false) }, false},
	}
	for _, tt := range tests {
		t.Run(tt.rule, func(t *testing.T) {
			w := newArmyWorld(t, 1, 2, coastRows...)
			h := w.at(3, 1)
			tt.place(w, h)
			f := w.fleet(1, w.at(4, 1))
			army := w.s.AddArmy(game.Army{Owner: 1, Hex: w.at(4, 1), Units: w.units(2, 0, 0, 0),
				Characters: []game.Character{w.warlord()}, Carrier: f})
			ev := w.turnOK(map[game.PlayerID][]game.Order{1: {{Kind: OrderUnload, Army: army, Hex: h}}})
			a := w.get(army)
			if landed := a.Hex == h && a.Carrier == 0; landed != tt.lands {
				t.Errorf("landed %v, want %v (army at %s aboard %s)", landed, tt.lands, a.Hex, a.Carrier)
			}
			if blocked := kindEvents(ev, game.EventBlocked, 1); !tt.lands && (len(blocked) != 1 || !strings.Contains(blocked[0].Text, "stays aboard")) {
				t.Errorf("want one EventBlocked saying the army stays aboard, got %v", blocked)
			}
		})
	}
}

func TestOneFleetPerHex(t *testing.T) {
	w := newArmyWorld(t, 1, 2, coastRows...)
	f1 := w.get(w.fleet(1, w.at(5, 1)))
	f2 := w.get(w.fleet(1, w.at(6, 1)))
	a1 := w.get(w.led(1, w.at(1, 1), nil))
	a2 := w.get(w.led(1, w.at(2, 1), nil))
	tests := []struct {
		rule   string
		a      *game.Army
		others []*game.Army
		want   bool
	}{
		{"Only 1 Fleet is permitted in a hex", f2, []*game.Army{f1}, false},
		{"a fleet alone", f2, nil, true},
		{"CHOICE: land armies stack without limit", a2, []*game.Army{a1, a1, a1}, true},
	}
	for _, tt := range tests {
		if got := w.r.CanStack(w.s, tt.a, tt.a.Hex, tt.others); got != tt.want {
			t.Errorf("%s: CanStack = %v, want %v", tt.rule, got, tt.want)
		}
	}
	// In play: the second fleet waits beside the first.
	ev := w.turnOK(map[game.PlayerID][]game.Order{1: {
		{Kind: game.OrderMove, Army: f2.ID, Path: []hex.Hex{w.at(5, 1)}},
		{Kind: game.OrderMove, Army: a2.ID, Path: []hex.Hex{w.at(1, 1)}},
	}})
	if got := w.get(f2.ID).Hex; got != w.at(6, 1) {
		t.Errorf("second fleet entered %s", got)
	}
	if got := w.get(a2.ID).Hex; got != w.at(1, 1) {
		t.Errorf("second army did not join the first: at %s", got)
	}
	if len(kindEvents(ev, game.EventBlocked, 1)) == 0 {
		t.Errorf("no EventBlocked for the waiting fleet")
	}
}

// TestFishing: "Fleets that do not move or transport Armies in a turn may
// 'go fishing'. Fleets that have 'Gone Fishing' generate 1 Schmucker per
// turn."
func TestFishing(t *testing.T) {
	w := newArmyWorld(t, 1, 3, coastRows...)
	w.fleet(1, w.at(5, 0)) // idle
	w.fleet(1, w.at(7, 0)) // idle
	moving := w.fleet(1, w.at(5, 2))
	ferry := w.fleet(1, w.at(7, 2))
	w.s.AddArmy(game.Army{Owner: 1, Hex: w.at(7, 2), Units: w.units(1, 0, 0, 0),
		Characters: []game.Character{w.warlord()}, Carrier: ferry})
	moved2 := w.fleet(2, w.at(4, 1)) // player 2 moves its one fleet
	w.fleet(3, w.at(7, 1))           // player 3 is on autopilot: "No Schmuckers are generated"
	ev := w.turnOK(map[game.PlayerID][]game.Order{
		1: {{Kind: game.OrderMove, Army: moving, Path: []hex.Hex{w.at(6, 2)}}},
		2: {{Kind: game.OrderMove, Army: moved2, Path: []hex.Hex{w.at(5, 1)}}},
	}, 3)
	tests := []struct {
		rule   string
		player game.PlayerID
		want   int64
	}{
		{"two idle fleets fish; a fleet that moved and CHOICE: a fleet carrying an army do not", 1, 2},
		{"a fleet that moved does not fish", 2, 0},
		{"autopilot: No Schmuckers are generated", 3, 0},
	}
	for _, tt := range tests {
		var got int64
		for _, e := range kindEvents(ev, EventFishing, tt.player) {
			got += e.Amount
		}
		if got != tt.want {
			t.Errorf("%s: player %d fished %d, want %d", tt.rule, tt.player, got, tt.want)
		}
	}
}

// TestScouting: "Each Flyer unit in an Army at the start of the turn may
// 'Scout' a hex adjacent to the 6 neighbouring the Army. The Player should
// specify in their orders in which direction each additional Scout should
// be used."
func TestScouting(t *testing.T) {
	rows := []string{
		". . . . . . . . .",
		" . . . . . . . . .",
		". . . . . . . . .",
		" . . . . . . . . .",
		". . . . . . . . .",
		" . . . . . . . . .",
		". . . . . . . . .",
	}
	scout := func(a game.ArmyID, d hex.Direction) game.Order { return game.Order{Kind: OrderScout, Army: a, Dir: d} }
	tests := []struct {
		rule   string
		flyers int
		dirs   []hex.Direction
		seen   []hex.Direction // scouted directions, the rest unseen
		skips  int
	}{
		{"a Flyer scouts the hex two away in the named direction", 1, []hex.Direction{hex.East}, []hex.Direction{hex.East}, 0},
		{"one hex per Flyer", 1, []hex.Direction{hex.East, hex.West}, []hex.Direction{hex.East}, 1},
		{"each additional Scout in its own direction", 2, []hex.Direction{hex.NorthWest, hex.SouthEast},
			[]hex.Direction{hex.NorthWest, hex.SouthEast}, 0},
		{"no Flyer sent, nothing scouted", 3, nil, nil, 0},
	}
	for _, tt := range tests {
		t.Run(tt.rule, func(t *testing.T) {
			w := newArmyWorld(t, 1, 2, rows...)
			w.city(1, w.at(0, 6), true)
			w.city(2, w.at(8, 0), true)
			center := w.at(4, 3)
			army := w.led(1, center, w.units(1, 0, tt.flyers, 0))
			enemy := w.led(2, center.Add(hex.East.Vector().Scale(2)), w.units(1, 0, 0, 0))
			var orders []game.Order
			for _, d := range tt.dirs {
				orders = append(orders, scout(army, d))
			}
			ev := w.turn(map[game.PlayerID][]game.Order{1: orders})
			if got := len(kindEvents(ev, game.EventOrderSkipped, 1)); got != tt.skips {
				t.Errorf("%d scout orders skipped, want %d", got, tt.skips)
			}
			for _, d := range hex.Directions() {
				h := center.Add(d.Vector().Scale(2))
				if want := containsDir(tt.seen, d); w.sees(1, h) != want {
					t.Errorf("hex %s two %s: seen %v, want %v", h, d, !want, want)
				}
			}
			// The enemy two hexes East is in the memory only if scouted.
			_, sighted := findSighting(w.s.Memory[0].Armies, enemy)
			if want := containsDir(tt.seen, hex.East); sighted != want {
				t.Errorf("enemy two hexes East sighted %v, want %v", sighted, want)
			}
			// Scouts last the turn: the next turn without orders sees no more.
			w.turnOK(nil)
			for _, d := range hex.Directions() {
				if w.sees(1, center.Add(d.Vector().Scale(2))) {
					t.Errorf("next turn: still scouting %s", d)
				}
			}
		})
	}
	w := newArmyWorld(t, 1, 2, rows...)
	foot := w.led(1, w.at(4, 3), w.units(3, 2, 0, 0))
	wantRefusal(t, w.validate(1, scout(foot, hex.East)), "Each Flyer unit")
	wantRefusal(t, w.validate(1, scout(foot, 7)), "direction")
	wantRefusal(t, w.validate(2, scout(foot, hex.East)), "does not exist")
}

func containsDir(list []hex.Direction, d hex.Direction) bool {
	for _, x := range list {
		if x == d {
			return true
		}
	}
	return false
}

func findSighting(list []game.Sighting, id game.ArmyID) (game.Sighting, bool) {
	for _, sg := range list {
		if sg.Army == id {
			return sg, true
		}
	}
	return game.Sighting{}, false
}

// lookRows is a map wide enough that players 1 (West) and 2 (East) do not
// see each other.
var lookRows = []string{
	". . . . . . . . . . .",
	" . . . . . . . . . . .",
	". . . . . . . . . . .",
}

// TestLook: "each turn a side with a Look-a-mancer may choose one other
// player side to 'Look' at. That player's map and turn report is sent to
// the Look-a-mancer's side."
func TestLook(t *testing.T) {
	for _, look := range []bool{false, true} {
		w := newArmyWorld(t, 1, 2, lookRows...)
		w.city(1, w.at(0, 1), true)
		w.army(1, w.at(0, 1), w.units(2, 0, 0, 0), w.caster(CasterLook))
		w.city(2, w.at(10, 1), true)
		scout := w.led(2, w.at(7, 1), w.units(1, 0, 0, 0))
		var orders []game.Order
		if look {
			orders = append(orders, game.Order{Kind: OrderLook, Player: 2})
		}
		ev := w.turnOK(map[game.PlayerID][]game.Order{1: orders})
		for _, h := range []hex.Hex{w.at(10, 1), w.at(10, 0), w.at(7, 1), w.at(6, 1)} {
			if got := w.sees(1, h); got != look {
				t.Errorf("look %v: player 1 sees player 2's hex %s: %v", look, h, got)
			}
		}
		if _, ok := findSighting(w.s.Memory[0].Armies, scout); ok != look {
			t.Errorf("look %v: player 2's army sighted %v", look, ok)
		}
		if got := len(kindEvents(ev, EventLook, 1)); got != boolCount(look) {
			t.Errorf("look %v: %d EventLook for the looker", look, got)
		}
		if got := len(kindEvents(ev, EventLook, 2)); got != 0 {
			t.Errorf("look %v: player 2 without a Fool-A-Mancer told of the Look", look)
		}
		if got := stock(w.s.Player(1), StockLook); got != int32(2*boolCount(look)) {
			t.Errorf("look %v: StockLook = %d", look, got)
		}
	}

	w := newArmyWorld(t, 1, 3, lookRows...)
	w.army(1, w.at(0, 1), w.units(2, 0, 0, 0), w.caster(CasterLook))
	w.army(2, w.at(9, 1), w.units(2, 0, 0, 0), w.caster(CasterCancel))
	w.s.Players[2].Alive = false
	tests := []struct {
		rule string
		p    game.PlayerID
		at   game.PlayerID
		want string
	}{
		{"a side with a Look-a-mancer may choose one other player side", 1, 2, ""},
		{"...one other side: not its own", 1, 1, "not its own"},
		{"...a player side: in the game", 1, 3, "out of the game"},
		{"...a player side: existing", 1, 9, "not in this game"},
		{"only a side with a Look-a-mancer", 2, 1, "no Look-A-Mancer"},
	}
	for _, tt := range tests {
		t.Run(tt.rule, func(t *testing.T) {
			wantRefusal(t, w.validate(tt.p, game.Order{Kind: OrderLook, Player: tt.at}), tt.want)
		})
	}
}

func boolCount(b bool) int {
	if b {
		return 1
	}
	return 0
}

// TestFoolAMancer: "each side with a Fool-A-Mancer reduces the ability of a
// Look-A-Mancer to 'Look' at their side by 50%. If 'Looked' at, the
// Fool-A-Mancer reports who looked." Over many seeds about half the Looks
// get through, and the Fool-A-Mancer reports every one.
func TestFoolAMancer(t *testing.T) {
	const games = 400
	through := 0
	for seed := range uint64(games) {
		w := newArmyWorld(t, seed+1, 2, lookRows...)
		w.army(1, w.at(0, 1), w.units(2, 0, 0, 0), w.caster(CasterLook))
		w.army(2, w.at(10, 1), w.units(2, 0, 0, 0), w.caster(CasterFool))
		w.led(2, w.at(7, 1), w.units(1, 0, 0, 0))
		ev := w.turnOK(map[game.PlayerID][]game.Order{1: {{Kind: OrderLook, Player: 2}}})
		ok := stock(w.s.Player(1), StockLook) == 2
		if ok {
			through++
		}
		if w.sees(1, w.at(7, 1)) != ok {
			t.Fatalf("seed %d: Look through %v but player 2's army in sight %v", seed+1, ok, !ok)
		}
		mine := kindEvents(ev, EventLook, 1)
		if len(mine) != 1 || mine[0].Amount != 2 {
			t.Fatalf("seed %d: looker's events %v, want one EventLook at player 2", seed+1, mine)
		}
		theirs := kindEvents(ev, EventLook, 2)
		if len(theirs) != 1 || theirs[0].Amount != 1 {
			t.Fatalf("seed %d: the Fool-A-Mancer's side got %v, want one EventLook naming player 1", seed+1, theirs)
		}
	}
	share := float64(through) / games
	if share < 0.35 || share > 0.65 {
		t.Errorf("%d of %d Looks got through a Fool-A-Mancer (%.0f%%), want about half", through, games, 100*share)
	}
	t.Logf("%d of %d Looks got through a Fool-A-Mancer", through, games)
}

// TestAutopilotArmiesHold: "If a Player does not send in orders on time,
// the GM will run the turn on autopilot. ... No Armies may move or attack."
// An army standing on Intercept engages an enemy that comes next to it,
// but not when its player is on autopilot.
func TestAutopilotArmiesHold(t *testing.T) {
	for _, autopilot := range []bool{false, true} {
		w := newArmyWorld(t, 1, 2, lookRows...)
		post := w.at(5, 1)
		guard := w.led(2, post, w.units(3, 0, 0, 0))
		w.get(guard).Stance = game.Stance{Kind: game.Intercept}
		intruder := w.led(1, w.at(2, 1), w.units(3, 0, 0, 0))
		var off []game.PlayerID
		if autopilot {
			off = append(off, 2)
		}
		ev := w.turn(map[game.PlayerID][]game.Order{
			1: {{Kind: game.OrderMove, Army: intruder, Path: []hex.Hex{w.at(3, 1), w.at(4, 1)}}},
		}, off...)
		intercepted := len(kindEvents(ev, game.EventIntercept, 2)) > 0
		if intercepted == autopilot {
			t.Errorf("autopilot %v: the guard intercepted: %v", autopilot, intercepted)
		}
		if autopilot && w.get(guard).Hex != post {
			t.Errorf("autopilot: the guard left its post for %s", w.get(guard).Hex)
		}
		if autopilot && w.get(guard).Flags&FlagHold != 0 {
			t.Errorf("autopilot: FlagHold outlived the turn")
		}
	}
}

// TestArmyOrdersNeverPanic validates the army orders of erfworld with every
// mix of odd fields: each is refused or accepted, never a panic.
func TestArmyOrdersNeverPanic(t *testing.T) {
	w := newArmyWorld(t, 1, 2, coastRows...)
	army := w.led(1, w.at(3, 1), w.units(1, 0, 2, 0))
	f := w.fleet(1, w.at(4, 1))
	aboard := w.s.AddArmy(game.Army{Owner: 1, Hex: w.at(4, 1), Units: w.units(1, 0, 0, 0),
		Characters: []game.Character{w.warlord(), w.caster(CasterLook)}, Carrier: f})
	enemy := w.led(2, w.at(0, 0), nil)
	ids := []game.ArmyID{0, army, f, aboard, enemy, 9999}
	hexes := []hex.Hex{w.at(3, 0), w.at(5, 1), w.at(-3, 9), {Q: 1 << 40, R: -1 << 40}}
	game.RecordVision(w.s, w.r)
	for _, kind := range []game.OrderKind{OrderScout, OrderLook, OrderLoad, OrderUnload, game.OrderMove, game.OrderExplore} {
		for _, p := range []game.PlayerID{0, 1, 2, 200} {
			for _, a := range ids {
				for _, target := range ids {
					for _, h := range hexes {
						for _, d := range []hex.Direction{-1, hex.East, 9} {
							o := game.Order{Turn: w.s.Turn, Kind: kind, Army: a, Target: target, Hex: h, Dir: d,
								Player: p + 1, Path: []hex.Hex{h}}
							_ = w.r.ValidateOrder(w.s, p, &o)
							_ = game.ValidateOrder(w.s, w.r, p, &o)
						}
					}
				}
			}
		}
	}
}

// TestGuessStepCost: a path planned through hexes never seen takes them
// to cost the cheapest step the army may take ("Armies may enter any
// Terrain except Mountains and Water"; fleets sail Water only), and a
// fleet of a ruleset without naval terrain may enter none. Every step
// costs one move: the dearest is 1 too.
func TestGuessStepCost(t *testing.T) {
	w := newEconWorld(t)
	land := w.s.Army(w.army(1, 4, 3, units(int(w.inf), 1), w.warlord(1)))
	fleet := w.s.Army(w.fleet(1, 0, 0))
	for _, tt := range []struct {
		name string
		a    *game.Army
		cost int
		ok   bool
	}{{"an army", land, 1, true}, {"a fleet", fleet, 1, true}} {
		if c, ok := w.r.GuessStepCost(tt.a); c != tt.cost || ok != tt.ok {
			t.Errorf("%s: %d, %v; want %d, %v", tt.name, c, ok, tt.cost, tt.ok)
		}
		if c := w.r.DearestStepCost(tt.a); c != tt.cost {
			t.Errorf("%s: dearest step %d, want %d (one move a hex)", tt.name, c, tt.cost)
		}
	}
	d := *w.r.D
	d.Terrain = slices.Clone(d.Terrain)
	for i := range d.Terrain {
		d.Terrain[i].Naval = false
	}
	if c, ok := NewRules(&d).GuessStepCost(fleet); ok || NewRules(&d).DearestStepCost(fleet) != 0 {
		t.Errorf("a fleet without naval terrain: %d, %v; want none", c, ok)
	}
}

// TestGarrisonOf: "Units in a City hex are assumed to be a part of the
// Garrison. In order for units to leave a City hex, they must be a part of
// an Army."
func TestGarrisonOf(t *testing.T) {
	w := newEconWorld(t)
	tests := []struct {
		name string
		id   game.ArmyID
		want game.CityID
	}{
		{"units without a Warlord in a city", w.army(1, 1, 1, units(int(w.inf), 3)), w.a},
		{"a Caster without a Warlord in a city", w.army(1, 7, 1, nil, w.caster(CasterEcon)), w.b},
		{"a Warlord's army in a city", w.army(1, 1, 1, units(int(w.inf), 3), w.warlord(1)), 0},
		{"units without a Warlord outside a city", w.army(1, 4, 3, units(int(w.inf), 3)), 0},
		{"a fleet", w.fleet(1, 0, 0), 0},
	}
	for _, tt := range tests {
		var have game.CityID
		if c := w.r.GarrisonOf(w.s, w.s.Army(tt.id)); c != nil {
			have = c.ID
		}
		if have != tt.want {
			t.Errorf("%s: garrison of %s, want %s", tt.name, have, tt.want)
		}
	}
}

// TestCharacterUpkeep: a Warlord "costs 1 Schmuckers per turn to
// maintain"; "Casters cost 2 Schmuckers a turn in upkeep".
func TestCharacterUpkeep(t *testing.T) {
	w := newEconWorld(t)
	for _, tt := range []struct {
		name string
		c    game.Character
		want int64
	}{
		{"a Warlord", w.warlord(3), 1},
		{"a Caster", w.caster(CasterHeal), 2},
		{"another kind", game.Character{ID: 99, Kind: 7}, 0},
	} {
		if have := w.r.CharacterUpkeep(tt.c); have != tt.want {
			t.Errorf("%s: %d, want %d", tt.name, have, tt.want)
		}
	}
}

func TestAName(t *testing.T) {
	for _, tt := range []struct{ have, want string }{
		{"Econ-A-Mancer", "an Econ-A-Mancer"},
		{"Croak-A-Mancer", "a Croak-A-Mancer"},
		{"Warlord", "a Warlord"},
		{"Infantry", "an Infantry"},
		{"Fleet", "a Fleet"},
	} {
		if have := AName(tt.have); have != tt.want {
			t.Errorf("AName(%q) = %q, want %q", tt.have, have, tt.want)
		}
	}
	// The turn's words: "popped an Econ-A-Mancer", "pop an Econ-A-Mancer
	// in city 1 skipped".
	w := newEconWorld(t)
	econ := game.Order{Kind: OrderCaster, City: w.a, Unit: game.UnitKind(CasterEcon)}
	ev := w.run(game.PhaseRecruit, po(1, econ, econ))
	if built := texts(ev, game.EventBuild); len(built) != 1 || !strings.HasPrefix(built[0], "popped an Econ-A-Mancer") {
		t.Errorf("built %q, want an Econ-A-Mancer popped", built)
	}
	if skipped := texts(ev, game.EventOrderSkipped); len(skipped) != 1 || !strings.HasPrefix(skipped[0], "pop an Econ-A-Mancer") {
		t.Errorf("skipped %q, want the second Econ-A-Mancer", skipped)
	}
}
