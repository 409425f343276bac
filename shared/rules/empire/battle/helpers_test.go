package battle

import (
	"strconv"
	"strings"
	"testing"

	"empires/shared/rules/empire/dat"
)

// defaultUnits returns the document's 19 default units, as its table
// "Default Units" gives them, and a Blackmage: the document lists the
// blackmagic attribute, but no default unit has it.
//
//	Name prod hp mp pfmsros av dv a:ph a:kd attributes
func defaultUnits() []dat.Unit {
	const l, a, n, b = dat.LandAttack, dat.AirAttack, dat.NavalAttack, dat.Bombing
	const s, d, m = dat.Special, dat.Distance, dat.Melee
	return []dat.Unit{
		// Infantry 5 1 2 122-1 2 2 m l -
		{Name: "Infantry", Prod: 5, HP: 1, MP: 2, Move: [4]int{1, 2, 2, 0}, ROS: 1, AV: 2, DV: 2, Phase: m, Attacks: l},
		// Cavalry 10 2 4 14--2 5 3 m l -
		{Name: "Cavalry", Prod: 10, HP: 2, MP: 4, Move: [4]int{1, 4, 0, 0}, ROS: 2, AV: 5, DV: 3, Phase: m, Attacks: l},
		// Archer 15 1 2 112-1 2 2 d la -
		{Name: "Archer", Prod: 15, HP: 1, MP: 2, Move: [4]int{1, 1, 2, 0}, ROS: 1, AV: 2, DV: 2, Phase: d, Attacks: l | a},
		// Spirit 15 1 3 11112 2 3 s lan fly
		{Name: "Spirit", Prod: 15, HP: 1, MP: 3, Move: [4]int{1, 1, 1, 1}, ROS: 2, AV: 2, DV: 3, Phase: s, Attacks: l | a | n, Attrs: dat.Fly},
		// Barge 20 2 3 ---11 1 3 m n transport5
		{Name: "Barge", Prod: 20, HP: 2, MP: 3, Move: [4]int{0, 0, 0, 1}, ROS: 1, AV: 1, DV: 3, Phase: m, Attacks: n, Transport: 5},
		// Galleon 30 6 4 ---11 6 4 m nb -
		{Name: "Galleon", Prod: 30, HP: 6, MP: 4, Move: [4]int{0, 0, 0, 1}, ROS: 1, AV: 6, DV: 4, Phase: m, Attacks: n | b},
		// Balloon* 20 2 4 11113 2 2 d lanb transport2, fly
		{Name: "Balloon", Prod: 20, HP: 2, MP: 4, Move: [4]int{1, 1, 1, 1}, ROS: 3, AV: 2, DV: 2, Phase: d, Attacks: l | a | n | b, CityOnly: true, Transport: 2, Attrs: dat.Fly},
		// Firemage* 30 2 2 112-1 4 3 s l firemagic
		{Name: "Firemage", Prod: 30, HP: 2, MP: 2, Move: [4]int{1, 1, 2, 0}, ROS: 1, AV: 4, DV: 3, Phase: s, Attacks: l, CityOnly: true, Attrs: dat.FireMagic},
		// Icemage* 30 2 2 121-1 4 3 s l icemagic
		{Name: "Icemage", Prod: 30, HP: 2, MP: 2, Move: [4]int{1, 2, 1, 0}, ROS: 1, AV: 4, DV: 3, Phase: s, Attacks: l, CityOnly: true, Attrs: dat.IceMagic},
		// Whitemage* 20 2 2 112-1 3 2 s l whitemagic
		{Name: "Whitemage", Prod: 20, HP: 2, MP: 2, Move: [4]int{1, 1, 2, 0}, ROS: 1, AV: 3, DV: 2, Phase: s, Attacks: l, CityOnly: true, Attrs: dat.WhiteMagic},
		// Zombie* 20 4 2 111-1 3 2 m l undead
		{Name: "Zombie", Prod: 20, HP: 4, MP: 2, Move: [4]int{1, 1, 1, 0}, ROS: 1, AV: 3, DV: 2, Phase: m, Attacks: l, CityOnly: true, Attrs: dat.Undead},
		// Skeleton* 10 1 2 122-1 3 1 m l undead, dimmune
		{Name: "Skeleton", Prod: 10, HP: 1, MP: 2, Move: [4]int{1, 2, 2, 0}, ROS: 1, AV: 3, DV: 1, Phase: m, Attacks: l, CityOnly: true, Attrs: dat.Undead | dat.DImmune},
		// Golem* 60 8 2 12--1 8 4 m l undead, mimmune
		{Name: "Golem", Prod: 60, HP: 8, MP: 2, Move: [4]int{1, 2, 0, 0}, ROS: 1, AV: 8, DV: 4, Phase: m, Attacks: l, CityOnly: true, Attrs: dat.Undead | dat.MImmune},
		// Colossus* 60 16 2 12--1 4 8 m l undead, firsttarget
		{Name: "Colossus", Prod: 60, HP: 16, MP: 2, Move: [4]int{1, 2, 0, 0}, ROS: 1, AV: 4, DV: 8, Phase: m, Attacks: l, CityOnly: true, Attrs: dat.Undead | dat.FirstTarget},
		// Hero* 30 4 3 112-2 4 4 m l av+1
		{Name: "Hero", Prod: 30, HP: 4, MP: 3, Move: [4]int{1, 1, 2, 0}, ROS: 2, AV: 4, DV: 4, Phase: m, Attacks: l, CityOnly: true, AVBonus: 1},
		// Coward* 30 2 4 111-2 2 4 m l dv+1
		{Name: "Coward", Prod: 30, HP: 2, MP: 4, Move: [4]int{1, 1, 1, 0}, ROS: 2, AV: 2, DV: 4, Phase: m, Attacks: l, CityOnly: true, DVBonus: 1},
		// Angel* 30 4 4 11112 4 4 m lan holy, fly
		{Name: "Angel", Prod: 30, HP: 4, MP: 4, Move: [4]int{1, 1, 1, 1}, ROS: 2, AV: 4, DV: 4, Phase: m, Attacks: l | a | n, CityOnly: true, Attrs: dat.Holy | dat.Fly},
		// Demon* 30 4 4 11112 5 3 m lan hell, fly
		{Name: "Demon", Prod: 30, HP: 4, MP: 4, Move: [4]int{1, 1, 1, 1}, ROS: 2, AV: 5, DV: 3, Phase: m, Attacks: l | a | n, CityOnly: true, Attrs: dat.Hell | dat.Fly},
		// Ninja* 20 1 3 111-1 3 2 s l -
		{Name: "Ninja", Prod: 20, HP: 1, MP: 3, Move: [4]int{1, 1, 1, 0}, ROS: 1, AV: 3, DV: 2, Phase: s, Attacks: l, CityOnly: true},
		// Not a default unit: a Whitemage's dark twin that can also
		// reach flyers, to try blackmagic against holy units.
		{Name: "Blackmage", Prod: 20, HP: 2, MP: 2, Move: [4]int{1, 1, 2, 0}, ROS: 1, AV: 3, DV: 2, Phase: s, Attacks: l | a, CityOnly: true, Attrs: dat.BlackMagic},
	}
}

// numDefaultUnits is how many of defaultUnits are the document's.
const numDefaultUnits = 19

// testData returns the default units with the game's numbers g.
func testData(g dat.Game) *dat.Data {
	return &dat.Data{Units: defaultUnits(), Game: g}
}

// docGame is game.dat as the document fixes it: promotions after the 1st,
// 3rd and 5th battle, flight below half.
func docGame() dat.Game {
	return dat.Game{Promotions: []int{1, 3, 5}, FleeBelow: 50, MaxRounds: 100}
}

// oneRound is docGame with battles of one round.
func oneRound() dat.Game {
	g := docGame()
	g.MaxRounds = 1
	return g
}

// army returns the fighters spec describes, one a string: "ID Kind" then
// optionally "hpN" (hp, full if absent), "lvN" (level) and "bN" (battles
// fought), e.g. "3 Zombie hp2 lv1".
func army(t testing.TB, d *dat.Data, spec ...string) []Fighter {
	t.Helper()
	out := make([]Fighter, 0, len(spec))
	for _, s := range spec {
		w := strings.Fields(s)
		if len(w) < 2 {
			t.Fatalf("fighter %q: want \"ID Kind\"", s)
		}
		id, err := strconv.Atoi(w[0])
		if err != nil {
			t.Fatalf("fighter %q: id: %v", s, err)
		}
		k, ok := d.Kind(w[1])
		if !ok {
			t.Fatalf("fighter %q: no unit %q", s, w[1])
		}
		f := Fighter{ID: UnitID(id), Kind: k, HP: d.Unit(k).HP}
		for _, x := range w[2:] {
			var p *int
			var num string
			switch {
			case strings.HasPrefix(x, "hp"):
				p, num = &f.HP, x[2:]
			case strings.HasPrefix(x, "lv"):
				p, num = &f.Level, x[2:]
			case strings.HasPrefix(x, "b"):
				p, num = &f.Battles, x[1:]
			default:
				t.Fatalf("fighter %q: unknown %q", s, x)
			}
			v, err := strconv.Atoi(num)
			if err != nil {
				t.Fatalf("fighter %q: %q: %v", s, x, err)
			}
			*p = v
		}
		out = append(out, f)
	}
	return out
}

// script is a Dice that returns a fixed queue of numbers and records what
// it was asked: a battle's exact course.
type script struct {
	t     testing.TB
	q     []int
	asked []int // the n of every IntN(n), in order
}

func newScript(t testing.TB, q ...int) *script { return &script{t: t, q: q} }

// IntN returns the next number of the queue; the test fails if there is
// none or if it is not in [0, n).
func (s *script) IntN(n int) int {
	s.t.Helper()
	s.asked = append(s.asked, n)
	if len(s.q) == 0 {
		s.t.Fatalf("the dice ran out at draw %d, IntN(%d); asked so far %v", len(s.asked), n, s.asked)
	}
	v := s.q[0]
	s.q = s.q[1:]
	if v < 0 || v >= n {
		s.t.Fatalf("draw %d: the script's %d is outside [0, %d)", len(s.asked), v, n)
	}
	return v
}

// done fails the test if some numbers were not drawn.
func (s *script) done() {
	s.t.Helper()
	if len(s.q) > 0 {
		s.t.Errorf("%d numbers of the script were not drawn: %v (asked %v)", len(s.q), s.q, s.asked)
	}
}

// always is a Dice that always returns the same number, or n-1 if it is
// too big: always(0) makes every attack miss.
type always int

func (a always) IntN(n int) int { return min(int(a), n-1) }

// hits returns every hit of the report, in order.
func hits(rep Report) []Hit {
	var out []Hit
	for _, r := range rep.Rounds {
		for _, p := range r.Phases {
			out = append(out, p.Hits...)
		}
	}
	return out
}

// hitBy returns the first hit by unit id, and false if it made none.
func hitBy(rep Report, id UnitID) (Hit, bool) {
	for _, h := range hits(rep) {
		if h.From == id {
			return h, true
		}
	}
	return Hit{}, false
}

// ids returns the IDs of fs.
func ids(fs []Fighter) []UnitID {
	out := make([]UnitID, 0, len(fs))
	for _, f := range fs {
		out = append(out, f.ID)
	}
	return out
}
