package empireai

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"empires/assets"
	"empires/shared/grid"
	"empires/shared/rules/empire"
	"empires/shared/rules/empire/dat"
	"empires/shared/ruleset"
)

// data loads the default data files.
func data(t testing.TB) *dat.Data {
	t.Helper()
	r, err := empire.Load(assets.Rules())
	if err != nil {
		t.Fatal(err)
	}
	return r.Dat()
}

// scene is a view of seat 1 at turn 10 drawn as text, for tests:
//
//	. plains  f forest  M mountain  ~ sea  ? never seen
//	C T  a city, a town of seat 1
//	c t  a city, a town of seat 2
//	N n  a neutral city, a neutral town
//
// Every square drawn other than ? was seen this turn; the settlements are
// numbered in reading order. Forces and sightings are added with the
// scene's methods.
type scene struct {
	t    testing.TB
	d    *dat.Data
	v    *empire.View
	next uint32
}

func newScene(t testing.TB, d *dat.Data, text string) *scene {
	t.Helper()
	lines := strings.Split(strings.TrimSpace(text), "\n")
	h, w := len(lines), len(strings.TrimSpace(lines[0]))
	v := &empire.View{Seat: 1, Turn: 10, Shape: grid.Square, Width: w, Height: h,
		Players: []empire.PlayerView{{Name: "one", Alive: true}, {Name: "two", Alive: true}}}
	v.Terrain = make([]uint8, w*h)
	v.Seen = make([]int32, w*h)
	for y, line := range lines {
		line = strings.TrimSpace(line)
		if len(line) != w {
			t.Fatalf("scene line %d is %d wide, want %d", y+1, len(line), w)
		}
		for x, c := range []byte(line) {
			i := y*w + x
			v.Seen[i] = int32(v.Turn)
			owner, city, settlement := empire.Seat(0), false, true
			switch c {
			case '.':
				v.Terrain[i], settlement = uint8(dat.Plains), false
			case 'f':
				v.Terrain[i], settlement = uint8(dat.Forest), false
			case 'M':
				v.Terrain[i], settlement = uint8(dat.Mountain), false
			case '~':
				v.Terrain[i], settlement = uint8(dat.Sea), false
			case '?':
				v.Terrain[i], v.Seen[i], settlement = empire.Unknown, 0, false
			case 'C':
				owner, city = 1, true
			case 'T':
				owner = 1
			case 'c':
				owner, city = 2, true
			case 't':
				owner = 2
			case 'N':
				city = true
			case 'n':
			default:
				t.Fatalf("scene: unknown glyph %q", c)
			}
			if settlement {
				v.Terrain[i] = uint8(dat.Plains)
				v.Settlements = append(v.Settlements, empire.SettlementView{ID: empire.SettlementID(len(v.Settlements) + 1),
					Pos: grid.Pos{X: x, Y: y}, City: city, Owner: owner, Turn: v.Turn})
			}
		}
	}
	return &scene{t: t, d: d, v: v, next: 100}
}

func (s *scene) id() uint32 { s.next++; return s.next }

// units makes full-health units of the named kinds.
func (s *scene) units(names ...string) []empire.Unit {
	s.t.Helper()
	var out []empire.Unit
	for _, n := range names {
		k, ok := s.d.Kind(n)
		if !ok {
			s.t.Fatalf("no unit %q", n)
		}
		out = append(out, empire.Unit{ID: empire.UnitID(s.id()), Kind: k, HP: s.d.Unit(k).HP})
	}
	return out
}

// force adds a force of seat 1 on (x,y) and returns its ID.
func (s *scene) force(x, y int, garrison bool, names ...string) empire.ForceID {
	s.t.Helper()
	f := empire.Force{ID: empire.ForceID(s.id()), Owner: 1, Pos: grid.Pos{X: x, Y: y}, Garrison: garrison, Units: s.units(names...)}
	s.v.Forces = append(s.v.Forces, f)
	slices.SortFunc(s.v.Forces, func(a, b empire.Force) int { return int(a.ID) - int(b.ID) })
	return f.ID
}

// army adds an army of seat 1.
func (s *scene) army(x, y int, names ...string) empire.ForceID {
	s.t.Helper()
	return s.force(x, y, false, names...)
}

// garrison adds a garrison of seat 1.
func (s *scene) garrison(x, y int, names ...string) empire.ForceID {
	s.t.Helper()
	return s.force(x, y, true, names...)
}

// sight adds a sighting of owner's force on (x,y) seen turns ago: units
// units of hp hit points each, at full health.
func (s *scene) sight(owner empire.Seat, x, y int, garrison bool, units, hp, ago int) empire.ForceID {
	id := empire.ForceID(s.id())
	s.v.Sightings = append(s.v.Sightings, empire.Sighting{Force: id, Owner: owner, Garrison: garrison,
		Pos: grid.Pos{X: x, Y: y}, Units: units, HP: units * hp, MaxHP: units * hp, Turn: s.v.Turn - ago})
	return id
}

// settlement returns the scene's settlement on (x,y).
func (s *scene) settlement(x, y int) *empire.SettlementView {
	s.t.Helper()
	st := s.v.SettlementAt(grid.Pos{X: x, Y: y})
	if st == nil {
		s.t.Fatalf("no settlement on %d,%d", x, y)
	}
	return st
}

// plan plans seat 1's turn at level and returns the plan.
func (s *scene) plan(level ruleset.Level) *world {
	s.t.Helper()
	p, err := NewPlayer(s.d, level, 1)
	if err != nil {
		s.t.Fatal(err)
	}
	w := newWorld(s.d, s.v, 1, p.st, rand.New(rand.NewPCG(1, 1)), nil)
	w.plan()
	return w
}

// order returns the first order of kind k about force f (or settlement
// st for Produce and Forward), nil if there is none.
func order(os []empire.Order, k empire.OrderKind, f empire.ForceID, st empire.SettlementID) *empire.Order {
	for i := range os {
		o := &os[i]
		if o.Kind != k {
			continue
		}
		if (k == empire.Produce || k == empire.Forward) && o.Settlement == st || o.Force == f && f != 0 {
			return o
		}
	}
	return nil
}

// at is the square (x,y).
func at(x, y int) grid.Pos { return grid.Pos{X: x, Y: y} }

// last is a path's last square, or from if it is empty.
func last(path []grid.Pos, from grid.Pos) grid.Pos {
	if len(path) == 0 {
		return from
	}
	return path[len(path)-1]
}

// kindName names the kind of a Produce order's value.
func kindName(d *dat.Data, value int) string {
	if value <= 0 || value > len(d.Units) {
		return ""
	}
	return d.Units[value-1].Name
}
