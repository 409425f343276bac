package hex

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// newRand returns the fixed-seed generator every property test uses.
func newRand() *rand.Rand { return rand.New(rand.NewPCG(1, 2)) }

// randHex returns a hex with both coordinates in [-limit, limit].
func randHex(rng *rand.Rand, limit int) Hex {
	return Hex{rng.IntN(2*limit+1) - limit, rng.IntN(2*limit+1) - limit}
}

func TestS(t *testing.T) {
	tests := []struct {
		name string
		have Hex
		want int
	}{
		{"origin", Hex{0, 0}, 0},
		{"east", Hex{1, 0}, -1},
		{"mixed", Hex{3, -2}, -1},
		{"negative", Hex{-4, -5}, 9},
		{"southeast", Hex{0, 7}, -7},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := tt.have.S(); got != tt.want {
				t.Errorf("%v.S() = %d, want %d", tt.have, got, tt.want)
			}
			if sum := tt.have.Q + tt.have.R + tt.have.S(); sum != 0 {
				t.Errorf("%v: Q+R+S = %d, want 0", tt.have, sum)
			}
		})
	}
}

func TestAddSubScale(t *testing.T) {
	tests := []struct {
		name              string
		a, b              Hex
		k                 int
		add, sub, scaledA Hex
	}{
		{"zeros", Hex{}, Hex{}, 5, Hex{}, Hex{}, Hex{}},
		{"simple", Hex{1, 2}, Hex{3, 4}, 2, Hex{4, 6}, Hex{-2, -2}, Hex{2, 4}},
		{"negative", Hex{-3, 5}, Hex{2, -7}, -3, Hex{-1, -2}, Hex{-5, 12}, Hex{9, -15}},
		{"scale zero", Hex{7, -1}, Hex{0, 1}, 0, Hex{7, 0}, Hex{7, -2}, Hex{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := tt.a.Add(tt.b); got != tt.add {
				t.Errorf("%v.Add(%v) = %v, want %v", tt.a, tt.b, got, tt.add)
			}
			if got := tt.a.Sub(tt.b); got != tt.sub {
				t.Errorf("%v.Sub(%v) = %v, want %v", tt.a, tt.b, got, tt.sub)
			}
			if got := tt.a.Scale(tt.k); got != tt.scaledA {
				t.Errorf("%v.Scale(%d) = %v, want %v", tt.a, tt.k, got, tt.scaledA)
			}
		})
	}
}

func TestHexString(t *testing.T) {
	tests := []struct {
		name string
		have Hex
		want string
	}{
		// String gives the map's column and row (odd-r), as players read it.
		{"origin", Hex{}, "0,0"},
		{"on the map", FromOffset(Offset{Col: 4, Row: 7}), "4,7"},
		{"odd row", Hex{2, 1}, "2,1"},
		{"mixed", Hex{3, -2}, "2,-2"},
		{"negative", Hex{-10, -20}, "-20,-20"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := tt.have.String(); got != tt.want {
				t.Errorf("String() = %q, want %q", got, tt.want)
			}
		})
	}
}

func TestDistance(t *testing.T) {
	tests := []struct {
		name string
		a, b Hex
		want int
	}{
		{"same", Hex{2, 3}, Hex{2, 3}, 0},
		{"neighbour", Hex{0, 0}, Hex{1, -1}, 1},
		{"straight east", Hex{0, 0}, Hex{5, 0}, 5},
		{"straight southeast", Hex{1, 1}, Hex{1, -3}, 4},
		{"off axis", Hex{0, 0}, Hex{3, -1}, 3},
		{"off axis 2", Hex{0, 0}, Hex{2, 1}, 3},
		{"both negative", Hex{-3, -2}, Hex{4, 1}, 10},
		{"red blob example", Hex{-1, 0}, Hex{2, -3}, 3},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Distance(tt.a, tt.b); got != tt.want {
				t.Errorf("Distance(%v, %v) = %d, want %d", tt.a, tt.b, got, tt.want)
			}
			if got := tt.b.Sub(tt.a).Length(); got != tt.want {
				t.Errorf("(%v - %v).Length() = %d, want %d", tt.b, tt.a, got, tt.want)
			}
		})
	}
}

func TestNeighbor(t *testing.T) {
	from := Hex{2, -1}
	tests := []struct {
		name string
		have Direction
		want Hex
	}{
		{"E", East, Hex{3, -1}},
		{"NE", NorthEast, Hex{3, -2}},
		{"NW", NorthWest, Hex{2, -2}},
		{"W", West, Hex{1, -1}},
		{"SW", SouthWest, Hex{1, 0}},
		{"SE", SouthEast, Hex{2, 0}},
	}
	for i, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := from.Neighbor(tt.have); got != tt.want {
				t.Errorf("%v.Neighbor(%v) = %v, want %v", from, tt.have, got, tt.want)
			}
			if got := from.Neighbors()[i]; got != tt.want {
				t.Errorf("%v.Neighbors()[%d] = %v, want %v", from, i, got, tt.want)
			}
			if got := Directions()[i]; got != tt.have {
				t.Errorf("Directions()[%d] = %v, want %v", i, got, tt.have)
			}
			if got := tt.have.Vector(); got != tt.want.Sub(from) {
				t.Errorf("%v.Vector() = %v, want %v", tt.have, got, tt.want.Sub(from))
			}
		})
	}
}

func TestOpposite(t *testing.T) {
	tests := []struct {
		name string
		have Direction
		want Direction
	}{
		{"E", East, West},
		{"NE", NorthEast, SouthWest},
		{"NW", NorthWest, SouthEast},
		{"W", West, East},
		{"SW", SouthWest, NorthEast},
		{"SE", SouthEast, NorthWest},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := tt.have.Opposite(); got != tt.want {
				t.Errorf("%v.Opposite() = %v, want %v", tt.have, got, tt.want)
			}
			if sum := tt.have.Vector().Add(tt.want.Vector()); sum != (Hex{}) {
				t.Errorf("%v and its opposite %v do not cancel: %v", tt.have, tt.want, sum)
			}
		})
	}
}

func TestDirectionValid(t *testing.T) {
	for d := Direction(-2); d < 9; d++ {
		want := d >= 0 && d <= 5
		if got := d.Valid(); got != want {
			t.Errorf("Direction(%d).Valid() = %v, want %v", int(d), got, want)
		}
	}
	if got := Direction(7).String(); got != "Direction(7)" {
		t.Errorf("Direction(7).String() = %q", got)
	}
	for _, f := range []func(){
		func() { Direction(6).Vector() },
		func() { Direction(-1).Opposite() },
		func() { Hex{}.Neighbor(Direction(9)) },
	} {
		func() {
			defer func() {
				if recover() == nil {
					t.Error("invalid direction did not panic")
				}
			}()
			f()
		}()
	}
}

func TestDirectionStringParse(t *testing.T) {
	tests := []struct {
		name    string
		have    string
		want    Direction
		wantErr bool
	}{
		{"E", "E", East, false},
		{"NE", "NE", NorthEast, false},
		{"NW", "NW", NorthWest, false},
		{"W", "W", West, false},
		{"SW", "SW", SouthWest, false},
		{"SE", "SE", SouthEast, false},
		{"lower", "ne", NorthEast, false},
		{"mixed case", "sW", SouthWest, false},
		{"unknown", "N", 0, true},
		{"empty", "", 0, true},
		{"long name", "East", 0, true},
		{"padded", " E", 0, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := ParseDirection(tt.have)
			if tt.wantErr {
				if err == nil {
					t.Fatalf("ParseDirection(%q) = %v, want an error", tt.have, got)
				}
				if !strings.Contains(err.Error(), `"`+tt.have+`"`) {
					t.Errorf("error %q does not name the input %q", err, tt.have)
				}
				return
			}
			if err != nil || got != tt.want {
				t.Fatalf("ParseDirection(%q) = %v, %v; want %v, nil", tt.have, got, err, tt.want)
			}
			if s := got.String(); !strings.EqualFold(s, tt.have) {
				t.Errorf("%v.String() = %q, want %q", got, s, strings.ToUpper(tt.have))
			}
		})
	}
	for _, d := range Directions() {
		back, err := ParseDirection(d.String())
		if err != nil || back != d {
			t.Errorf("ParseDirection(%v.String()) = %v, %v", d, back, err)
		}
	}
}

func TestOffset(t *testing.T) {
	tests := []struct {
		name string
		have Offset
		want Hex
	}{
		{"origin", Offset{0, 0}, Hex{0, 0}},
		{"row 1", Offset{Col: 0, Row: 1}, Hex{Q: 0, R: 1}},
		{"row 2", Offset{Col: 0, Row: 2}, Hex{Q: -1, R: 2}},
		{"row 3", Offset{Col: 0, Row: 3}, Hex{Q: -1, R: 3}},
		{"col 5 row 4", Offset{Col: 5, Row: 4}, Hex{Q: 3, R: 4}},
		{"col 5 row 5", Offset{Col: 5, Row: 5}, Hex{Q: 3, R: 5}},
		{"row -1", Offset{Col: 0, Row: -1}, Hex{Q: 1, R: -1}},
		{"row -2", Offset{Col: 0, Row: -2}, Hex{Q: 1, R: -2}},
		{"row -3", Offset{Col: 2, Row: -3}, Hex{Q: 4, R: -3}},
		{"negative col", Offset{Col: -3, Row: 7}, Hex{Q: -6, R: 7}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := FromOffset(tt.have); got != tt.want {
				t.Errorf("FromOffset(%v) = %v, want %v", tt.have, got, tt.want)
			}
			if got := tt.want.Offset(); got != tt.have {
				t.Errorf("%v.Offset() = %v, want %v", tt.want, got, tt.have)
			}
		})
	}
}

// TestOffsetGeometry checks the odd-r layout itself: odd rows are shoved
// right, so the hex below-right of (col, even row) is (col, row+1) and the
// hex below-right of (col, odd row) is (col+1, row+1).
func TestOffsetGeometry(t *testing.T) {
	for row := -5; row <= 5; row++ {
		for col := -3; col <= 3; col++ {
			h := FromOffset(Offset{col, row})
			se := h.Neighbor(SouthEast).Offset()
			sw := h.Neighbor(SouthWest).Offset()
			e := h.Neighbor(East).Offset()
			wantSE := Offset{col, row + 1}
			if row&1 == 1 {
				wantSE.Col++
			}
			wantSW := Offset{wantSE.Col - 1, row + 1}
			if se != wantSE || sw != wantSW || e != (Offset{col + 1, row}) {
				t.Fatalf("at %v: SE %v SW %v E %v, want %v %v %v", Offset{col, row}, se, sw, e, wantSE, wantSW, Offset{col + 1, row})
			}
		}
	}
}

func TestRing1(t *testing.T) {
	c := Hex{2, -1}
	want := []Hex{
		{1, 0},  // SW corner
		{2, 0},  // SE
		{3, -1}, // E
		{3, -2}, // NE
		{2, -2}, // NW
		{1, -1}, // W
	}
	if got := Ring(c, 1); !slices.Equal(got, want) {
		t.Errorf("Ring(%v, 1) = %v, want %v", c, got, want)
	}
	if got := Ring(c, 0); !slices.Equal(got, []Hex{c}) {
		t.Errorf("Ring(%v, 0) = %v, want [%v]", c, got, c)
	}
	if got := Ring(c, -1); got != nil {
		t.Errorf("Ring(%v, -1) = %v, want nil", c, got)
	}
	if got := Spiral(c, -1); got != nil {
		t.Errorf("Spiral(%v, -1) = %v, want nil", c, got)
	}
	if got := Spiral(c, 0); !slices.Equal(got, []Hex{c}) {
		t.Errorf("Spiral(%v, 0) = %v, want [%v]", c, got, c)
	}
	r2 := Ring(Hex{}, 2)
	if r2[0] != (Hex{-2, 2}) || r2[1] != (Hex{-1, 2}) || r2[11] != (Hex{-2, 1}) {
		t.Errorf("Ring(origin, 2) = %v, want start -2,2 then -1,2 and end -2,1", r2)
	}
}

func TestLine(t *testing.T) {
	tests := []struct {
		name string
		a, b Hex
		want []Hex
	}{
		{"same", Hex{3, -4}, Hex{3, -4}, []Hex{{3, -4}}},
		{"neighbour", Hex{0, 0}, Hex{0, 1}, []Hex{{0, 0}, {0, 1}}},
		{"straight east", Hex{0, 0}, Hex{3, 0}, []Hex{{0, 0}, {1, 0}, {2, 0}, {3, 0}}},
		{"straight west", Hex{1, 1}, Hex{-2, 1}, []Hex{{1, 1}, {0, 1}, {-1, 1}, {-2, 1}}},
		{"straight northeast", Hex{0, 0}, Hex{3, -3}, []Hex{{0, 0}, {1, -1}, {2, -2}, {3, -3}}},
		// The midpoint lies on the edge between 1,0 and 1,-1; the nudge
		// picks 1,0.
		{"edge tie", Hex{0, 0}, Hex{2, -1}, []Hex{{0, 0}, {1, 0}, {2, -1}}},
		// The nudge is the same for both directions, so the tie goes the
		// same way and the line is reversible.
		{"edge tie reversed", Hex{2, -1}, Hex{0, 0}, []Hex{{2, -1}, {1, 0}, {0, 0}}},
		// Two components tie at the midpoint 1.5,0.5,-2.
		{"double tie", Hex{0, 0}, Hex{3, 1}, []Hex{{0, 0}, {1, 0}, {1, 1}, {2, 1}, {3, 1}}},
		{"diagonal-ish", Hex{0, 0}, Hex{4, -2}, []Hex{{0, 0}, {1, 0}, {2, -1}, {3, -1}, {4, -2}}},
		{"long", Hex{-2, 1}, Hex{3, -1}, []Hex{{-2, 1}, {-1, 1}, {0, 0}, {1, 0}, {2, -1}, {3, -1}}},
		{"no ties", Hex{0, 0}, Hex{3, -1}, []Hex{{0, 0}, {1, 0}, {2, -1}, {3, -1}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Line(tt.a, tt.b); !slices.Equal(got, tt.want) {
				t.Errorf("Line(%v, %v) = %v, want %v", tt.a, tt.b, got, tt.want)
			}
		})
	}
}

func TestRect(t *testing.T) {
	r := Rect{Width: 4, Height: 3}
	tests := []struct {
		name string
		have Hex
		want int
	}{
		{"origin", Hex{0, 0}, 0},
		{"row 0 end", Hex{3, 0}, 3},
		{"row 1 start", FromOffset(Offset{0, 1}), 4},
		{"row 2 start", Hex{-1, 2}, 8},
		{"last", FromOffset(Offset{3, 2}), 11},
		{"left of row 2", Hex{-2, 2}, -1},
		{"right of row 1", Hex{4, 1}, -1},
		{"above", Hex{0, -1}, -1},
		{"below", Hex{-1, 3}, -1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := r.Index(tt.have)
			if got != tt.want {
				t.Fatalf("Index(%v) = %d, want %d", tt.have, got, tt.want)
			}
			if r.Contains(tt.have) != (tt.want >= 0) {
				t.Errorf("Contains(%v) = %v", tt.have, r.Contains(tt.have))
			}
			if got >= 0 {
				if back := r.HexAt(got); back != tt.have {
					t.Errorf("HexAt(%d) = %v, want %v", got, back, tt.have)
				}
			}
		})
	}
	if got := r.Len(); got != 12 {
		t.Errorf("Len() = %d, want 12", got)
	}
	for _, e := range []Rect{{0, 5}, {5, 0}, {-1, 3}, {3, -1}} {
		if e.Len() != 0 || len(e.All()) != 0 || e.Contains(Hex{}) || e.Index(Hex{}) != -1 {
			t.Errorf("%+v is not empty", e)
		}
	}
	for _, i := range []int{-1, 12} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("HexAt(%d) did not panic", i)
				}
			}()
			r.HexAt(i)
		}()
	}
}

// Property tests.

func TestDistanceProperties(t *testing.T) {
	rng := newRand()
	for range 5000 {
		a, b, c := randHex(rng, 1000), randHex(rng, 1000), randHex(rng, 1000)
		ab, ba := Distance(a, b), Distance(b, a)
		if ab != ba {
			t.Fatalf("Distance(%v,%v)=%d but Distance(%v,%v)=%d", a, b, ab, b, a, ba)
		}
		if ab < 0 || (ab == 0) != (a == b) {
			t.Fatalf("Distance(%v,%v)=%d", a, b, ab)
		}
		if ac, cb := Distance(a, c), Distance(c, b); ab > ac+cb {
			t.Fatalf("triangle inequality: d(%v,%v)=%d > %d+%d via %v", a, b, ab, ac, cb, c)
		}
		if Distance(a, b) != Distance(a.Add(c), b.Add(c)) {
			t.Fatalf("Distance not translation invariant for %v %v %v", a, b, c)
		}
		if a.Length() != Distance(a, Hex{}) {
			t.Fatalf("%v.Length()=%d, Distance to origin %d", a, a.Length(), Distance(a, Hex{}))
		}
	}
}

func TestNeighborProperties(t *testing.T) {
	rng := newRand()
	for range 2000 {
		h := randHex(rng, 1000)
		nbs := h.Neighbors()
		seen := make(map[Hex]bool)
		for i, n := range nbs {
			d := Direction(i)
			if n != h.Neighbor(d) {
				t.Fatalf("%v.Neighbors()[%d]=%v, Neighbor=%v", h, i, n, h.Neighbor(d))
			}
			if Distance(h, n) != 1 {
				t.Fatalf("neighbour %v of %v at distance %d", n, h, Distance(h, n))
			}
			seen[n] = true
			got, ok := DirectionTo(h, n)
			if !ok || got != d {
				t.Fatalf("DirectionTo(%v, %v) = %v, %v; want %v", h, n, got, ok, d)
			}
			if back := n.Neighbor(d.Opposite()); back != h {
				t.Fatalf("%v.Neighbor(%v) = %v, want %v", n, d.Opposite(), back, h)
			}
		}
		if len(seen) != NumDirections {
			t.Fatalf("%v has %d distinct neighbours", h, len(seen))
		}
		other := randHex(rng, 1000)
		if _, ok := DirectionTo(h, other); ok != (Distance(h, other) == 1) {
			t.Fatalf("DirectionTo(%v, %v) ok=%v", h, other, ok)
		}
		if _, ok := DirectionTo(h, h); ok {
			t.Fatalf("DirectionTo(%v, itself) ok", h)
		}
	}
}

func TestRingSpiralProperties(t *testing.T) {
	rng := newRand()
	for range 20 {
		c := randHex(rng, 100)
		for r := 1; r <= 10; r++ {
			ring := Ring(c, r)
			if len(ring) != 6*r {
				t.Fatalf("Ring(%v, %d) has %d hexes, want %d", c, r, len(ring), 6*r)
			}
			seen := make(map[Hex]bool)
			for i, h := range ring {
				if Distance(c, h) != r {
					t.Fatalf("Ring(%v, %d)[%d]=%v at distance %d", c, r, i, h, Distance(c, h))
				}
				if next := ring[(i+1)%len(ring)]; Distance(h, next) != 1 {
					t.Fatalf("Ring(%v, %d): %v and %v not adjacent", c, r, h, next)
				}
				seen[h] = true
			}
			if len(seen) != 6*r {
				t.Fatalf("Ring(%v, %d) has %d distinct hexes", c, r, len(seen))
			}
			if want := c.Add(SouthWest.Vector().Scale(r)); ring[0] != want {
				t.Fatalf("Ring(%v, %d) starts at %v, want %v", c, r, ring[0], want)
			}
		}
		for r := 0; r <= 10; r++ {
			sp := Spiral(c, r)
			want := 1 + 3*r*(r+1)
			if len(sp) != want {
				t.Fatalf("Spiral(%v, %d) has %d hexes, want %d", c, r, len(sp), want)
			}
			seen := make(map[Hex]bool)
			prev := 0
			for _, h := range sp {
				d := Distance(c, h)
				if d > r || d < prev {
					t.Fatalf("Spiral(%v, %d): %v at distance %d after distance %d", c, r, h, d, prev)
				}
				prev = d
				seen[h] = true
			}
			if len(seen) != want {
				t.Fatalf("Spiral(%v, %d) has %d distinct hexes", c, r, len(seen))
			}
		}
	}
}

func TestLineProperties(t *testing.T) {
	rng := newRand()
	for i := range 5000 {
		limit := 30
		if i%10 == 0 {
			limit = 5000
		}
		a, b := randHex(rng, limit), randHex(rng, limit)
		if i%7 == 0 {
			// Force lines along the axes and diagonals, where ties are common.
			b = a.Add(Directions()[rng.IntN(6)].Vector().Scale(rng.IntN(20)))
			b = b.Add(Directions()[rng.IntN(6)].Vector().Scale(rng.IntN(20)))
		}
		line := Line(a, b)
		n := Distance(a, b)
		if len(line) != n+1 {
			t.Fatalf("Line(%v, %v) has %d hexes, want %d", a, b, len(line), n+1)
		}
		if line[0] != a || line[n] != b {
			t.Fatalf("Line(%v, %v) runs from %v to %v", a, b, line[0], line[n])
		}
		for j := 1; j <= n; j++ {
			if Distance(line[j-1], line[j]) != 1 {
				t.Fatalf("Line(%v, %v): %v and %v not adjacent", a, b, line[j-1], line[j])
			}
			if Distance(a, line[j]) != j {
				t.Fatalf("Line(%v, %v)[%d]=%v at distance %d from start", a, b, j, line[j], Distance(a, line[j]))
			}
		}
		rev := Line(b, a)
		for j := range line {
			if rev[n-j] != line[j] {
				t.Fatalf("Line(%v, %v) = %v is not the reverse of Line(%v, %v) = %v", b, a, rev, a, b, line)
			}
		}
		// Translation invariance: the nudge is the same everywhere.
		off := randHex(rng, 50)
		moved := Line(a.Add(off), b.Add(off))
		for j := range line {
			if moved[j] != line[j].Add(off) {
				t.Fatalf("Line(%v, %v) is not translation invariant by %v", a, b, off)
			}
		}
	}
}

func TestOffsetRoundTrip(t *testing.T) {
	r := Rect{Width: 13, Height: 9}
	for _, h := range r.All() {
		if back := FromOffset(h.Offset()); back != h {
			t.Fatalf("FromOffset(%v.Offset()) = %v", h, back)
		}
	}
	rng := newRand()
	for range 5000 {
		h := randHex(rng, 1000)
		if back := FromOffset(h.Offset()); back != h {
			t.Fatalf("FromOffset(%v.Offset()) = %v", h, back)
		}
		o := Offset{rng.IntN(2001) - 1000, rng.IntN(2001) - 1000}
		if back := FromOffset(o).Offset(); back != o {
			t.Fatalf("FromOffset(%v).Offset() = %v", o, back)
		}
		if FromOffset(o).R != o.Row {
			t.Fatalf("FromOffset(%v).R = %d", o, FromOffset(o).R)
		}
	}
}

func TestRectBijection(t *testing.T) {
	for _, r := range []Rect{{1, 1}, {1, 7}, {7, 1}, {5, 4}, {16, 11}} {
		all := r.All()
		if len(all) != r.Len() {
			t.Fatalf("%+v: All has %d hexes, Len %d", r, len(all), r.Len())
		}
		seen := make(map[Hex]bool)
		for i, h := range all {
			if r.Index(h) != i {
				t.Fatalf("%+v: Index(All()[%d]=%v) = %d", r, i, h, r.Index(h))
			}
			if r.HexAt(i) != h {
				t.Fatalf("%+v: HexAt(%d) = %v, want %v", r, i, r.HexAt(i), h)
			}
			if !r.Contains(h) {
				t.Fatalf("%+v does not contain its hex %v", r, h)
			}
			seen[h] = true
		}
		if len(seen) != r.Len() {
			t.Fatalf("%+v: %d distinct hexes", r, len(seen))
		}
		// Every hex within a margin around the rect: inside iff it has an
		// index, and the index maps back.
		inside := 0
		for _, h := range Spiral(FromOffset(Offset{r.Width / 2, r.Height / 2}), r.Width+r.Height+2) {
			i := r.Index(h)
			if i < 0 {
				if r.Contains(h) {
					t.Fatalf("%+v contains %v but Index is -1", r, h)
				}
				continue
			}
			inside++
			if r.HexAt(i) != h || !seen[h] {
				t.Fatalf("%+v: Index(%v)=%d maps back to %v", r, h, i, r.HexAt(i))
			}
		}
		if inside != r.Len() {
			t.Fatalf("%+v: %d hexes with an index, want %d", r, inside, r.Len())
		}
	}
}
