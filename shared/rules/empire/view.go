package empire

import (
	"cmp"
	"fmt"
	"reflect"
	"slices"

	"empires/shared/grid"
	"empires/shared/ruleset"
	"empires/shared/wire"
)

// Unknown marks a square a view's player has never seen.
const Unknown = 0xff

// View is what one seat may know: the squares it has seen (terrain, and
// the turn last seen), its own forces, settlements and units in transit in
// full, the others' settlements and forces as last seen (Sightings; those
// of an earlier turn are outdated and drawn shaded). The all-seeing
// spectator sees everything; another spectator only the players.
//
// A View is canonical: an empty list is nil, so equal views encode to
// equal bytes.
type View struct {
	Seat      Seat
	AllSeeing bool
	Turn      int
	Over      bool
	Winner    Seat
	Shape     grid.Shape
	Width     int
	Height    int
	Players   []PlayerView
	// Terrain is each square's terrain by grid index, Unknown if never
	// seen; Seen the turn it was last seen (0: never). Both travel as a
	// byte string (bin): Terrain a byte a square, Seen a varint a square.
	Terrain []uint8
	Seen    wire.Varints
	// Forces are the seat's own forces (every force for the all-seeing).
	Forces []Force
	// Settlements are the seat's own settlements in full, and the others'
	// as last seen (Produce, Progress and Forward zero).
	Settlements []SettlementView
	// Transits are the seat's units in transit.
	Transits []Transit
	// Sightings are the others' forces as last seen.
	Sightings []Sighting

	// sum is the view's Checksum, kept by the game's View, which makes
	// the view and never changes it after (0: not kept, as in a view
	// decoded, applied or made by hand).
	sum uint64
}

// PlayerView is what everyone knows of a player.
type PlayerView struct {
	Name  string
	Alive bool
}

// SettlementView is a settlement as a view holds it: Turn is when it was
// last seen (the current turn for one's own).
type SettlementView struct {
	ID       SettlementID
	Pos      grid.Pos
	City     bool
	Owner    Seat
	Produce  int
	Queue    []int
	Progress int
	Forward  ForceID
	Turn     int
}

// settlementView is st as seen on turn.
func settlementView(st Settlement, turn int) SettlementView {
	return SettlementView{ID: st.ID, Pos: st.Pos, City: st.City, Owner: st.Owner, Produce: st.Produce, Queue: slices.Clone(st.Queue),
		Progress: st.Progress, Forward: st.Forward, Turn: turn}
}

// Grid is the view's map.
func (v *View) Grid() grid.Grid { return grid.New(v.Shape, v.Width, v.Height) }

// Force returns the view's force id, or nil.
func (v *View) Force(id ForceID) *Force {
	for i := range v.Forces {
		if v.Forces[i].ID == id {
			return &v.Forces[i]
		}
	}
	return nil
}

// SettlementAt returns the settlement the view knows on p, or nil.
func (v *View) SettlementAt(p grid.Pos) *SettlementView {
	for i := range v.Settlements {
		if v.Settlements[i].Pos == p {
			return &v.Settlements[i]
		}
	}
	return nil
}

// View implements ruleset.Game.
func (g *Game) View(p Seat, allSeeing bool) ruleset.View {
	s := g.s
	if int(p) > len(s.Players) {
		p = 0
	}
	v := &View{Seat: p, AllSeeing: p == 0 && allSeeing, Turn: s.Turn, Over: s.Over, Winner: s.Winner,
		Shape: s.Shape, Width: s.Width, Height: s.Height}
	for _, pl := range s.Players {
		v.Players = append(v.Players, PlayerView{Name: pl.Name, Alive: pl.Alive})
	}
	n := s.grid().Len()
	switch {
	case v.AllSeeing:
		v.Terrain = make([]uint8, n)
		v.Seen = make([]int32, n)
		for i, t := range s.Terrain {
			v.Terrain[i], v.Seen[i] = uint8(t), int32(s.Turn)
		}
		for _, f := range s.Forces {
			v.Forces = append(v.Forces, cloneForce(f))
		}
		for _, st := range s.Settlements {
			v.Settlements = append(v.Settlements, settlementView(st, s.Turn))
		}
		v.Transits = slices.Clone(s.Transits)
	case p != 0:
		m := &s.Memory[p-1]
		v.Terrain = make([]uint8, n)
		v.Seen = slices.Clone(m.Seen)
		for i, t := range s.Terrain {
			v.Terrain[i] = Unknown
			if m.Seen[i] > 0 {
				v.Terrain[i] = uint8(t)
			}
		}
		for _, f := range s.Forces {
			if f.Owner == p {
				v.Forces = append(v.Forces, cloneForce(f))
			}
		}
		for _, st := range s.Settlements {
			if st.Owner == p {
				v.Settlements = append(v.Settlements, settlementView(st, s.Turn))
				continue
			}
			if i, ok := slices.BinarySearchFunc(m.Settlements, st.ID, func(x SeenSettlement, id SettlementID) int { return cmp.Compare(x.ID, id) }); ok {
				ss := m.Settlements[i]
				v.Settlements = append(v.Settlements, SettlementView{ID: ss.ID, Pos: ss.Pos, City: ss.City, Owner: ss.Owner, Turn: ss.Turn})
			}
		}
		for _, t := range s.Transits {
			if t.Owner == p {
				v.Transits = append(v.Transits, t)
			}
		}
		v.Sightings = slices.Clone(m.Sightings)
	}
	v.canon()
	v.sum = v.checksum()
	return v
}

func cloneForce(f Force) Force {
	f.Units = slices.Clone(f.Units)
	f.Path = slices.Clone(f.Path)
	return f
}

func nilIfEmpty[T any](s []T) []T {
	if len(s) == 0 {
		return nil
	}
	return s
}

// canon makes every empty list nil.
func (v *View) canon() {
	v.Players = nilIfEmpty(v.Players)
	v.Terrain = nilIfEmpty(v.Terrain)
	v.Seen = nilIfEmpty(v.Seen)
	v.Forces = nilIfEmpty(v.Forces)
	for i := range v.Forces {
		v.Forces[i].Units = nilIfEmpty(v.Forces[i].Units)
		v.Forces[i].Path = nilIfEmpty(v.Forces[i].Path)
	}
	v.Settlements = nilIfEmpty(v.Settlements)
	for i := range v.Settlements {
		v.Settlements[i].Queue = nilIfEmpty(v.Settlements[i].Queue)
	}
	v.Transits = nilIfEmpty(v.Transits)
	v.Sightings = nilIfEmpty(v.Sightings)
}

// check checks what a view read from outside bytes must hold for the AI
// and the client to use it safely.
func (v *View) check() error {
	g := v.Grid()
	n := len(v.Players)
	switch {
	case n < MinSeats || n > MaxSeats:
		return fmt.Errorf("%d players", n)
	case int(v.Seat) > n || v.Seat != 0 && v.AllSeeing:
		return fmt.Errorf("seat %d of %d (all-seeing %t)", v.Seat, n, v.AllSeeing)
	case v.Shape != grid.Square && v.Shape != grid.Hex:
		return fmt.Errorf("board %d", v.Shape)
	case v.Width < MinSide || v.Width > MaxSide || v.Height < MinSide || v.Height > MaxSide:
		return fmt.Errorf("map %dx%d", v.Width, v.Height)
	case v.Terrain != nil && len(v.Terrain) != g.Len() || len(v.Seen) != len(v.Terrain):
		return fmt.Errorf("%d squares of terrain and %d seen for a %dx%d map", len(v.Terrain), len(v.Seen), v.Width, v.Height)
	case int(v.Winner) > n:
		return fmt.Errorf("winner %d", v.Winner)
	}
	for i, t := range v.Terrain {
		if t >= 4 && t != Unknown {
			return fmt.Errorf("square %v: terrain %d", g.At(i), t)
		}
	}
	for _, f := range v.Forces {
		if !g.Contains(f.Pos) || int(f.Owner) > n {
			return fmt.Errorf("force %d at %v of seat %d", f.ID, f.Pos, f.Owner)
		}
		for _, p := range f.Path {
			if !g.Contains(p) {
				return fmt.Errorf("force %d: path step %v off the map", f.ID, p)
			}
		}
	}
	for _, st := range v.Settlements {
		if !g.Contains(st.Pos) || int(st.Owner) > n {
			return fmt.Errorf("settlement %d at %v of seat %d", st.ID, st.Pos, st.Owner)
		}
	}
	for _, sg := range v.Sightings {
		if !g.Contains(sg.Pos) || int(sg.Owner) > n {
			return fmt.Errorf("sighting of force %d at %v of seat %d", sg.Force, sg.Pos, sg.Owner)
		}
	}
	return nil
}

// Checksum implements ruleset.View: FNV-1a 64 of the encoding
// (wire.Checksum). A view the game made keeps it from when it was made
// (a server asks for it again and again): such a view is not changed
// after (whoever wants another view copies it and changes the copy, whose
// Checksum is then wrong: checksum). Another view (decoded, applied,
// made by hand) is hashed on each call.
func (v *View) Checksum() uint64 {
	if v.sum != 0 {
		return v.sum
	}
	return v.checksum()
}

// checksum hashes v as it is written, with no copy of the bytes.
func (v *View) checksum() uint64 {
	h := wire.NewHasher()
	v.write(h)
	return h.Sum64()
}

// Encode implements ruleset.View: the view in the wire form
// (wire.Marshal's bytes).
func (v *View) Encode() ([]byte, error) {
	var w wire.Writer
	v.write(&w)
	return w.Bytes(), nil
}

// write writes v with w, byte for byte as wire.Marshal encodes it (a
// test holds the two together), without Marshal's reflection over
// every field.
func (v *View) write(w *wire.Writer) {
	w.Array(15)
	w.Uint(uint64(v.Seat))
	w.Bool(v.AllSeeing)
	w.Int(int64(v.Turn))
	w.Bool(v.Over)
	w.Uint(uint64(v.Winner))
	w.Uint(uint64(v.Shape))
	w.Int(int64(v.Width))
	w.Int(int64(v.Height))
	if wire.List(w, v.Players) {
		for _, p := range v.Players {
			w.Array(2)
			w.String(p.Name)
			w.Bool(p.Alive)
		}
	}
	w.Bin(v.Terrain)
	w.Varints(v.Seen)
	if wire.List(w, v.Forces) {
		for i := range v.Forces {
			writeForce(w, &v.Forces[i])
		}
	}
	if wire.List(w, v.Settlements) {
		for i := range v.Settlements {
			writeSettlement(w, &v.Settlements[i])
		}
	}
	if wire.List(w, v.Transits) {
		for i := range v.Transits {
			writeTransit(w, &v.Transits[i])
		}
	}
	if wire.List(w, v.Sightings) {
		for i := range v.Sightings {
			writeSighting(w, &v.Sightings[i])
		}
	}
}

func writePos(w *wire.Writer, p grid.Pos) {
	w.Array(2)
	w.Int(int64(p.X))
	w.Int(int64(p.Y))
}

func writeUnit(w *wire.Writer, u *Unit) {
	w.Array(4)
	w.Uint(uint64(u.ID))
	w.Uint(uint64(u.Kind))
	w.Int(int64(u.HP))
	w.Int(int64(u.Battles))
}

func writeForce(w *wire.Writer, f *Force) {
	w.Array(7)
	w.Uint(uint64(f.ID))
	w.Uint(uint64(f.Owner))
	writePos(w, f.Pos)
	w.Bool(f.Garrison)
	w.Bool(f.Peace)
	if wire.List(w, f.Units) {
		for i := range f.Units {
			writeUnit(w, &f.Units[i])
		}
	}
	if wire.List(w, f.Path) {
		for _, p := range f.Path {
			writePos(w, p)
		}
	}
}

func writeSettlement(w *wire.Writer, s *SettlementView) {
	w.Array(9)
	w.Uint(uint64(s.ID))
	writePos(w, s.Pos)
	w.Bool(s.City)
	w.Uint(uint64(s.Owner))
	w.Int(int64(s.Produce))
	if wire.List(w, s.Queue) {
		for _, k := range s.Queue {
			w.Int(int64(k))
		}
	}
	w.Int(int64(s.Progress))
	w.Uint(uint64(s.Forward))
	w.Int(int64(s.Turn))
}

func writeTransit(w *wire.Writer, t *Transit) {
	w.Array(6)
	writeUnit(w, &t.Unit)
	w.Uint(uint64(t.Owner))
	w.Uint(uint64(t.From))
	w.Uint(uint64(t.Target))
	w.Int(int64(t.Elapsed))
	w.Int(int64(t.Need))
}

func writeSighting(w *wire.Writer, s *Sighting) {
	w.Array(9)
	w.Uint(uint64(s.Force))
	w.Uint(uint64(s.Owner))
	w.Bool(s.Garrison)
	w.Bool(s.Peace)
	writePos(w, s.Pos)
	w.Int(int64(s.Units))
	w.Int(int64(s.HP))
	w.Int(int64(s.MaxHP))
	w.Int(int64(s.Turn))
}

// Delta is what changed between two views of one seat: the header, the
// squares that changed, and the forces, settlements, transits and
// sightings that changed or went, by key; with the checksums of both
// ends, so Apply refuses a delta for another view and proves it reached
// the right one.
type Delta struct {
	From, To uint64
	Header   *Header `msgpack:",omitempty"`
	// Cells are the squares that changed: index, terrain, turn seen.
	Cells       []Cell           `msgpack:",omitempty"`
	Forces      []Force          `msgpack:",omitempty"`
	ForcesGone  []ForceID        `msgpack:",omitempty"`
	Settlements []SettlementView `msgpack:",omitempty"`
	Transits    []Transit        `msgpack:",omitempty"` // whole, if changed
	TransitsSet bool             `msgpack:",omitempty"`
	Sightings   []Sighting       `msgpack:",omitempty"`
	SightsGone  []ForceID        `msgpack:",omitempty"`
}

// Header is a view's fields that are not lists.
type Header struct {
	Turn    int
	Over    bool
	Winner  Seat
	Players []PlayerView
}

// Cell is one square of a delta.
type Cell struct {
	I       int
	Terrain uint8
	Seen    int32
}

func (v *View) header() Header {
	return Header{Turn: v.Turn, Over: v.Over, Winner: v.Winner, Players: v.Players}
}

// Diff implements ruleset.View.
func (v *View) Diff(next ruleset.View) ([]byte, error) {
	nv, ok := next.(*View)
	switch {
	case !ok:
		return nil, fmt.Errorf("%s diff: the next view is a %T", ID, next)
	case nv.Seat != v.Seat || nv.AllSeeing != v.AllSeeing || nv.Width != v.Width || nv.Height != v.Height || nv.Shape != v.Shape || len(nv.Terrain) != len(v.Terrain):
		return nil, fmt.Errorf("%s diff: views of different seats or maps", ID)
	}
	d := Delta{From: v.Checksum(), To: nv.Checksum()}
	if h := nv.header(); !reflect.DeepEqual(h, v.header()) {
		d.Header = &h
	}
	for i := range nv.Terrain {
		if nv.Terrain[i] != v.Terrain[i] || nv.Seen[i] != v.Seen[i] {
			d.Cells = append(d.Cells, Cell{I: i, Terrain: nv.Terrain[i], Seen: nv.Seen[i]})
		}
	}
	d.Forces, d.ForcesGone = diffKeyed(v.Forces, nv.Forces, func(f Force) ForceID { return f.ID })
	d.Settlements, _ = diffKeyed(v.Settlements, nv.Settlements, func(s SettlementView) SettlementID { return s.ID })
	if !reflect.DeepEqual(v.Transits, nv.Transits) {
		d.Transits, d.TransitsSet = nv.Transits, true
	}
	d.Sightings, d.SightsGone = diffKeyed(v.Sightings, nv.Sightings, func(s Sighting) ForceID { return s.Force })
	return wire.Marshal(&d)
}

// diffKeyed returns the entries of next that are new or changed and the
// keys of old that next lacks; both lists are sorted by key.
func diffKeyed[T any, K cmp.Ordered](old, next []T, key func(T) K) (changed []T, gone []K) {
	byKey := make(map[K]int, len(old))
	for i, x := range old {
		byKey[key(x)] = i
	}
	keep := make(map[K]bool, len(next))
	for _, x := range next {
		k := key(x)
		keep[k] = true
		if i, ok := byKey[k]; !ok || !reflect.DeepEqual(old[i], x) {
			changed = append(changed, x)
		}
	}
	for _, x := range old {
		if !keep[key(x)] {
			gone = append(gone, key(x))
		}
	}
	return changed, gone
}

// applyKeyed returns old with gone removed and changed put in (replacing
// the entry of the same key), sorted by key.
func applyKeyed[T any, K cmp.Ordered](old, changed []T, gone []K, key func(T) K) []T {
	out := make([]T, 0, len(old)+len(changed))
	for _, x := range old {
		k := key(x)
		if slices.Contains(gone, k) || slices.ContainsFunc(changed, func(c T) bool { return key(c) == k }) {
			continue
		}
		out = append(out, x)
	}
	out = append(out, changed...)
	slices.SortStableFunc(out, func(a, b T) int { return cmp.Compare(key(a), key(b)) })
	return out
}

// Apply implements ruleset.View.
func (v *View) Apply(delta []byte) (ruleset.View, error) {
	var d Delta
	if err := wire.Unmarshal(delta, &d); err != nil {
		return nil, fmt.Errorf("%s delta: %w", ID, err)
	}
	if d.From != v.Checksum() {
		return nil, fmt.Errorf("%s delta: made for another view (checksum %x, this view's %x)", ID, d.From, v.Checksum())
	}
	nv := *v
	nv.sum = 0
	if d.Header != nil {
		nv.Turn, nv.Over, nv.Winner, nv.Players = d.Header.Turn, d.Header.Over, d.Header.Winner, d.Header.Players
	}
	nv.Terrain, nv.Seen = slices.Clone(v.Terrain), slices.Clone(v.Seen)
	for _, c := range d.Cells {
		if c.I < 0 || c.I >= len(nv.Terrain) {
			return nil, fmt.Errorf("%s delta: square %d of %d", ID, c.I, len(nv.Terrain))
		}
		nv.Terrain[c.I], nv.Seen[c.I] = c.Terrain, c.Seen
	}
	nv.Forces = applyKeyed(v.Forces, d.Forces, d.ForcesGone, func(f Force) ForceID { return f.ID })
	nv.Settlements = applyKeyed(v.Settlements, d.Settlements, nil, func(s SettlementView) SettlementID { return s.ID })
	if d.TransitsSet {
		nv.Transits = d.Transits
	}
	nv.Sightings = applyKeyed(v.Sightings, d.Sightings, d.SightsGone, func(s Sighting) ForceID { return s.Force })
	nv.canon()
	if err := nv.check(); err != nil {
		return nil, fmt.Errorf("%s delta: %w", ID, err)
	}
	if got := nv.checksum(); got != d.To {
		return nil, fmt.Errorf("%s delta: the view reached (checksum %x) is not the one it was made for (%x)", ID, got, d.To)
	}
	return &nv, nil
}
