package game

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math"

	"github.com/vmihailenco/msgpack/v5"
	"github.com/vmihailenco/msgpack/v5/msgpcode"

	"empires/shared/hex"
	"empires/shared/rulesfile"
)

// Delta is the change from one view of a player to the next, keyed by
// entity: Apply(prev, Diff(prev, next)) equals next exactly.
//
// Every delta names the turn of the view it applies to (From) and the
// player (You); Apply refuses it on any other view. A delta with Full set
// carries the whole next view instead (Diff makes one when there is no
// previous view, or when the two views do not share a map, a player list
// or a player); it applies to the view it was made from, or to nil.
//
// Seen follows the turn for enemies in sight: an army or city of another
// player, not Remembered, that Apply keeps from prev (moved or not) and
// that prev showed as seen on its own turn (Seen == From) gets the delta's
// Turn as Seen. In views from NewView an enemy in sight is always seen on
// the view's turn, so one that neither moved nor changed is not sent again
// each turn just because the turn changed.
//
// Like views, deltas keep empty lists nil (Diff and DecodeDelta both), so
// reflect.DeepEqual compares them by content.
type Delta struct {
	From Turn
	Turn Turn
	You  PlayerID
	// End reports that Over or Winner changed; then Over and Winner hold
	// their new values.
	End    bool
	Over   bool
	Winner PlayerID
	// Full is the whole next view, when the delta is not a difference.
	Full *View
	// Players are the players whose PlayerView changed, whole, in ID order.
	Players []PlayerView
	// Terrain are the hexes whose terrain changed, by increasing index.
	Terrain []TerrainChange
	// Visible are the 64-bit words of Visible that changed, by increasing
	// index.
	Visible []WordChange
	// Armies are the armies new or changed, whole, in ID order; Moved
	// the armies whose only change is their hex, in ID order; ArmiesGone
	// the IDs of those no longer in the view, in order. An ID is in at
	// most one of the three.
	Armies     []ArmyView
	Moved      []ArmyMove
	ArmiesGone []ArmyID
	// Cities and CitiesGone are the same for cities.
	Cities     []CityView
	CitiesGone []CityID
	// Structures and StructuresGone are the same for structures.
	Structures     []StructureView
	StructuresGone []StructureID
}

// ArmyMove moves army ID by the vector By (new hex minus old hex; one of
// the six direction vectors for an army that stepped to a neighbour).
// Most armies that change from one turn to the next only move, and a move
// takes a byte or two on the wire where the whole army takes ten.
type ArmyMove struct {
	//lint:ignore U1000 msgpack reads this field for its tag
	_msgpack struct{} `msgpack:",as_array"`
	ID       ArmyID
	By       hex.Hex
}

// TerrainChange sets the terrain of the hex of index Index.
type TerrainChange struct {
	//lint:ignore U1000 msgpack reads this field for its tag
	_msgpack struct{} `msgpack:",as_array"`
	Index    int32
	Terrain  rulesfile.TerrainID
}

// WordChange sets word Index of the Visible bitset.
type WordChange struct {
	//lint:ignore U1000 msgpack reads this field for its tag
	_msgpack struct{} `msgpack:",as_array"`
	Index    int32
	Word     uint64
}

// Empty reports whether d changes nothing.
func (d *Delta) Empty() bool {
	return d.Full == nil && d.From == d.Turn && !d.End && len(d.Players) == 0 &&
		len(d.Terrain) == 0 && len(d.Visible) == 0 && len(d.Armies) == 0 && len(d.Moved) == 0 &&
		len(d.ArmiesGone) == 0 && len(d.Cities) == 0 && len(d.CitiesGone) == 0 &&
		len(d.Structures) == 0 && len(d.StructuresGone) == 0
}

// Diff returns the delta that turns prev into next; prev may be nil (the
// delta then carries next in full). The delta shares slices with next.
// Diff of equal views is Empty. It runs in O(size of the views).
func Diff(prev, next *View) *Delta {
	if next == nil {
		return nil
	}
	d := &Delta{Turn: next.Turn, You: next.You}
	if prev != nil {
		d.From = prev.Turn
	}
	if !diffable(prev, next) {
		d.Full = next
		return d
	}
	if prev.Over != next.Over || prev.Winner != next.Winner {
		d.End, d.Over, d.Winner = true, next.Over, next.Winner
	}
	for i := range next.Players {
		if !samePlayer(&prev.Players[i], &next.Players[i]) {
			d.Players = append(d.Players, next.Players[i])
		}
	}
	pt := prev.Terrain[:len(next.Terrain)]
	for i, t := range next.Terrain {
		if pt[i] != t {
			d.Terrain = append(d.Terrain, TerrainChange{Index: int32(i), Terrain: t})
		}
	}
	pv := prev.Visible[:len(next.Visible)]
	for i, w := range next.Visible {
		if pv[i] != w {
			d.Visible = append(d.Visible, WordChange{Index: int32(i), Word: w})
		}
	}
	d.Armies, d.Moved, d.ArmiesGone = diffArmies(prev.Armies, next.Armies, next.You, prev.Turn, next.Turn)
	d.Cities, d.CitiesGone = diffKeyed(prev.Cities, next.Cities, cityID, func(a, b *CityView) bool {
		return sameCity(a, b, next.You, prev.Turn, next.Turn)
	})
	d.Structures, d.StructuresGone = diffKeyed(prev.Structures, next.Structures, structureID, func(a, b *StructureView) bool {
		return sameStructure(a, b, next.You, prev.Turn, next.Turn)
	})
	return d
}

func cityID(c *CityView) CityID                { return c.ID }
func structureID(s *StructureView) StructureID { return s.ID }

// diffable reports whether next can be described as changes to prev:
// the same player, map and players, and entities in ID order.
func diffable(prev, next *View) bool {
	if prev == nil || prev.You != next.You || prev.Ruleset != next.Ruleset ||
		prev.Width != next.Width || prev.Height != next.Height ||
		len(prev.Terrain) != len(next.Terrain) || len(prev.Visible) != len(next.Visible) ||
		len(prev.Players) != len(next.Players) {
		return false
	}
	for i := range next.Players {
		if prev.Players[i].ID != next.Players[i].ID {
			return false
		}
	}
	for _, v := range [2]*View{prev, next} {
		for i := 1; i < len(v.Armies); i++ {
			if v.Armies[i].ID <= v.Armies[i-1].ID {
				return false
			}
		}
		for i := 1; i < len(v.Cities); i++ {
			if v.Cities[i].ID <= v.Cities[i-1].ID {
				return false
			}
		}
		for i := 1; i < len(v.Structures); i++ {
			if v.Structures[i].ID <= v.Structures[i-1].ID {
				return false
			}
		}
	}
	return true
}

func samePlayer(a, b *PlayerView) bool {
	return a.ID == b.ID && a.Name == b.Name && a.Alive == b.Alive && a.EliminatedTurn == b.EliminatedTurn &&
		a.Treasury == b.Treasury && slicesEqual(a.Stock, b.Stock)
}

func slicesEqual[E comparable](a, b []E) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// keptSeen returns the Seen Apply gives an entity it keeps: the delta's
// turn for an enemy in sight seen on the turn of the previous view, its
// own Seen otherwise.
func keptSeen(owner PlayerID, remembered bool, seen Turn, you PlayerID, from, turn Turn) Turn {
	if owner != you && !remembered && seen == from {
		return turn
	}
	return seen
}

// sameArmy reports whether Apply may keep a for b, and if not whether
// moving a to b's hex is enough.
func sameArmy(a, b *ArmyView, you PlayerID, from, turn Turn) (same, moved bool) {
	if a.ID == b.ID && a.Owner == b.Owner && a.Naval == b.Naval &&
		a.NumCharacters == b.NumCharacters && a.Carrier == b.Carrier && a.Stance == b.Stance &&
		a.Remembered == b.Remembered && keptSeen(a.Owner, a.Remembered, a.Seen, you, from, turn) == b.Seen &&
		slicesEqual(a.Units, b.Units) && slicesEqual(a.Characters, b.Characters) {
		return a.Hex == b.Hex, a.Hex != b.Hex
	}
	return false, false
}

func sameCity(a, b *CityView, you PlayerID, from, turn Turn) bool {
	return a.ID == b.ID && a.Owner == b.Owner && a.Hex == b.Hex && a.Level == b.Level &&
		a.Capital == b.Capital && a.Remembered == b.Remembered &&
		keptSeen(a.Owner, a.Remembered, a.Seen, you, from, turn) == b.Seen
}

func sameStructure(a, b *StructureView, you PlayerID, from, turn Turn) bool {
	return a.ID == b.ID && a.Kind == b.Kind && a.Owner == b.Owner && a.Hex == b.Hex &&
		a.Remembered == b.Remembered && keptSeen(a.Owner, a.Remembered, a.Seen, you, from, turn) == b.Seen
}

// The changes diffArmies finds, one per army of next.
const (
	armySame uint8 = iota
	armyMoved
	armyChanged
)

// diffArmies classifies the armies in one pass and fills exactly sized
// lists in a second.
func diffArmies(prev, next []ArmyView, you PlayerID, from, turn Turn) (up []ArmyView, moved []ArmyMove, gone []ArmyID) {
	kind := make([]uint8, len(next))
	nUp, nMoved, nGone := 0, 0, 0
	i := 0
	for j := range next {
		for i < len(prev) && prev[i].ID < next[j].ID {
			nGone++
			i++
		}
		if i < len(prev) && prev[i].ID == next[j].ID {
			switch same, mv := sameArmy(&prev[i], &next[j], you, from, turn); {
			case same:
			case mv:
				kind[j] = armyMoved
				nMoved++
			default:
				kind[j] = armyChanged
				nUp++
			}
			i++
			continue
		}
		kind[j] = armyChanged
		nUp++
	}
	nGone += len(prev) - i
	if nUp > 0 {
		up = make([]ArmyView, 0, nUp)
	}
	if nMoved > 0 {
		moved = make([]ArmyMove, 0, nMoved)
	}
	if nGone > 0 {
		gone = make([]ArmyID, 0, nGone)
	}
	i = 0
	for j := range next {
		for i < len(prev) && prev[i].ID < next[j].ID {
			gone = append(gone, prev[i].ID)
			i++
		}
		switch kind[j] {
		case armyMoved:
			moved = append(moved, ArmyMove{ID: next[j].ID, By: next[j].Hex.Sub(prev[i].Hex)})
		case armyChanged:
			up = append(up, next[j])
		}
		if i < len(prev) && prev[i].ID == next[j].ID {
			i++
		}
	}
	for ; i < len(prev); i++ {
		gone = append(gone, prev[i].ID)
	}
	return up, moved, gone
}

// diffKeyed compares two ID-sorted lists of entities that Apply keeps
// whole or replaces whole (cities, structures): it returns the entities of
// next new or changed (same says whether Apply may keep a for b), and the
// IDs of prev's no longer in next.
func diffKeyed[T any, ID ~uint32](prev, next []T, id func(*T) ID, same func(a, b *T) bool) (up []T, gone []ID) {
	i, j := 0, 0
	for i < len(prev) || j < len(next) {
		switch {
		case j == len(next) || (i < len(prev) && id(&prev[i]) < id(&next[j])):
			gone = append(gone, id(&prev[i]))
			i++
		case i == len(prev) || id(&next[j]) < id(&prev[i]):
			up = append(up, next[j])
			j++
		default:
			if !same(&prev[i], &next[j]) {
				up = append(up, next[j])
			}
			i++
			j++
		}
	}
	return up, gone
}

// Apply returns the view d makes of prev, sharing no memory with either;
// it never changes prev. A delta that does not fit prev (made from another
// turn's or another player's view, an index out of range, a change of an
// unknown player, the removal of an unknown entity, lists out of order)
// gives an error and no view, never a panic.
func Apply(prev *View, d *Delta) (*View, error) {
	if d == nil {
		return nil, errors.New("apply delta: no delta")
	}
	if d.Full != nil {
		if prev != nil && d.From != prev.Turn {
			return nil, fmt.Errorf("apply delta: made from turn %d's view, applied to turn %d's", d.From, prev.Turn)
		}
		if err := d.Full.check(); err != nil {
			return nil, fmt.Errorf("apply delta: full view: %w", err)
		}
		return d.Full.Clone(), nil
	}
	if prev == nil {
		return nil, errors.New("apply delta: no view to apply it to")
	}
	if d.From != prev.Turn {
		return nil, fmt.Errorf("apply delta: made from turn %d's view, applied to turn %d's", d.From, prev.Turn)
	}
	if d.You != prev.You {
		return nil, fmt.Errorf("apply delta: made for %s, applied to the view of %s", d.You, prev.You)
	}
	v := &View{Turn: d.Turn, You: prev.You, Ruleset: prev.Ruleset, Width: prev.Width, Height: prev.Height,
		Over: prev.Over, Winner: prev.Winner}
	if d.End {
		v.Over, v.Winner = d.Over, d.Winner
	}
	var err error
	if v.Players, err = applyPlayers(prev.Players, d.Players); err != nil {
		return nil, err
	}
	v.Terrain = cloneNil(prev.Terrain)
	last := -1
	for _, c := range d.Terrain {
		i := int(c.Index)
		if i <= last || i >= len(v.Terrain) {
			return nil, fmt.Errorf("apply delta: terrain change at index %d (out of order or range 0..%d)", i, len(v.Terrain)-1)
		}
		v.Terrain[i], last = c.Terrain, i
	}
	v.Visible = cloneNil(prev.Visible)
	last = -1
	for _, c := range d.Visible {
		i := int(c.Index)
		if i <= last || i >= len(v.Visible) {
			return nil, fmt.Errorf("apply delta: visible word %d (out of order or range 0..%d)", i, len(v.Visible)-1)
		}
		v.Visible[i], last = c.Word, i
	}
	if v.Armies, err = applyArmies(prev.Armies, d); err != nil {
		return nil, err
	}
	keep := func(owner PlayerID, remembered bool, seen Turn) Turn {
		return keptSeen(owner, remembered, seen, d.You, d.From, d.Turn)
	}
	if v.Cities, err = applyKeyed(prev.Cities, d.Cities, d.CitiesGone, cityID, "cities", func(c CityView) CityView {
		c.Seen = keep(c.Owner, c.Remembered, c.Seen)
		return c
	}); err != nil {
		return nil, err
	}
	if v.Structures, err = applyKeyed(prev.Structures, d.Structures, d.StructuresGone, structureID, "structures",
		func(st StructureView) StructureView {
			st.Seen = keep(st.Owner, st.Remembered, st.Seen)
			return st
		}); err != nil {
		return nil, err
	}
	return v, nil
}

func applyPlayers(prev, changed []PlayerView) ([]PlayerView, error) {
	out := clonePlayers(prev)
	at := 0
	for k := range changed {
		c := &changed[k]
		for at < len(out) && out[at].ID != c.ID {
			at++
		}
		if at == len(out) {
			return nil, fmt.Errorf("apply delta: change of %s, unknown or out of order", c.ID)
		}
		out[at] = *c
		out[at].Stock = cloneNil(c.Stock)
		at++
	}
	return out, nil
}

// sortedIDs checks that ids are strictly increasing.
func sortedIDs[T ~uint32](ids []T, what string) error {
	for i := 1; i < len(ids); i++ {
		if ids[i] <= ids[i-1] {
			return fmt.Errorf("apply delta: %s not in ID order at %d", what, ids[i])
		}
	}
	return nil
}

// applyArmies merges prev with d's changed, moved and removed armies.
func applyArmies(prev []ArmyView, d *Delta) ([]ArmyView, error) {
	up, moved, gone := d.Armies, d.Moved, d.ArmiesGone
	for j := 1; j < len(up); j++ {
		if up[j].ID <= up[j-1].ID {
			return nil, fmt.Errorf("apply delta: armies not in ID order at %s", up[j].ID)
		}
	}
	for j := 1; j < len(moved); j++ {
		if moved[j].ID <= moved[j-1].ID {
			return nil, fmt.Errorf("apply delta: moved armies not in ID order at %s", moved[j].ID)
		}
	}
	if err := sortedIDs(gone, "removed armies"); err != nil {
		return nil, err
	}
	out := make([]ArmyView, 0, max(len(prev)+len(up)-len(gone), 0))
	ar := newArenaFor(prev, up)
	i, j, k, m := 0, 0, 0, 0
	for i < len(prev) || j < len(up) {
		fromPrev := j == len(up) || (i < len(prev) && prev[i].ID < up[j].ID)
		var id ArmyID
		if fromPrev {
			id = prev[i].ID
		} else {
			id = up[j].ID
		}
		if k < len(gone) && gone[k] < id {
			return nil, fmt.Errorf("apply delta: removes unknown %s", gone[k])
		}
		if m < len(moved) && moved[m].ID < id {
			return nil, fmt.Errorf("apply delta: moves unknown %s", moved[m].ID)
		}
		isGone := k < len(gone) && gone[k] == id
		isMoved := m < len(moved) && moved[m].ID == id
		switch {
		case !fromPrev && (isGone || isMoved), isGone && isMoved:
			return nil, fmt.Errorf("apply delta: %s changed, moved or removed twice", id)
		case isGone:
			k++
		case fromPrev:
			a := ar.copyArmy(&prev[i])
			a.Seen = keptSeen(a.Owner, a.Remembered, a.Seen, d.You, d.From, d.Turn)
			if isMoved {
				a.Hex = a.Hex.Add(moved[m].By)
				m++
			}
			out = append(out, a)
		default:
			out = append(out, ar.copyArmy(&up[j]))
		}
		if fromPrev {
			i++
		} else {
			if i < len(prev) && prev[i].ID == id {
				i++
			}
			j++
		}
	}
	if k < len(gone) {
		return nil, fmt.Errorf("apply delta: removes unknown %s", gone[k])
	}
	if m < len(moved) {
		return nil, fmt.Errorf("apply delta: moves unknown %s", moved[m].ID)
	}
	if len(out) == 0 {
		return nil, nil
	}
	return out, nil
}

// applyKeyed is applyArmies for the entities Diff sends whole (cities,
// structures): it merges prev with the entities up (new or changed) and
// the IDs gone (removed); each entity kept from prev is kept(entity), for
// its Seen. what names the entities in errors.
func applyKeyed[T any, ID interface {
	~uint32
	fmt.Stringer
}](prev, up []T, gone []ID, id func(*T) ID, what string, kept func(T) T) ([]T, error) {
	for j := 1; j < len(up); j++ {
		if id(&up[j]) <= id(&up[j-1]) {
			return nil, fmt.Errorf("apply delta: %s not in ID order at %s", what, id(&up[j]))
		}
	}
	if err := sortedIDs(gone, "removed "+what); err != nil {
		return nil, err
	}
	out := make([]T, 0, max(len(prev)+len(up)-len(gone), 0))
	i, j, k := 0, 0, 0
	for i < len(prev) || j < len(up) {
		if j == len(up) || (i < len(prev) && id(&prev[i]) < id(&up[j])) {
			pid := id(&prev[i])
			if k < len(gone) && gone[k] < pid {
				return nil, fmt.Errorf("apply delta: removes unknown %s", gone[k])
			}
			if k < len(gone) && gone[k] == pid {
				k++
			} else {
				out = append(out, kept(prev[i]))
			}
			i++
			continue
		}
		uid := id(&up[j])
		if k < len(gone) && gone[k] <= uid {
			if gone[k] == uid {
				return nil, fmt.Errorf("apply delta: %s both changed and removed", uid)
			}
			return nil, fmt.Errorf("apply delta: removes unknown %s", gone[k])
		}
		if i < len(prev) && id(&prev[i]) == uid {
			i++
		}
		out = append(out, up[j])
		j++
	}
	if k < len(gone) {
		return nil, fmt.Errorf("apply delta: removes unknown %s", gone[k])
	}
	if len(out) == 0 {
		return nil, nil
	}
	return out, nil
}

// EncodeDelta returns d in the wire form (see EncodeView).
func EncodeDelta(d *Delta) ([]byte, error) {
	if d == nil {
		return nil, errors.New("encode delta: no delta")
	}
	hint := 64 + 6*len(d.Terrain) + 12*len(d.Visible) + 12*len(d.Armies) + 2*len(d.Moved) + 3*len(d.ArmiesGone) +
		8*len(d.Cities) + 3*len(d.CitiesGone) + 8*len(d.Structures) + 3*len(d.StructuresGone)
	if d.Full != nil {
		hint += len(d.Full.Terrain) + 9*len(d.Full.Visible) + 12*len(d.Full.Armies) + 8*len(d.Full.Cities) +
			8*len(d.Full.Structures)
	}
	return marshalWire(d, "encode delta", hint)
}

// DecodeDelta reads a delta written by EncodeDelta. Anything else gives an
// error starting "decode delta:", never a panic. Whether the delta fits a
// view is for Apply to check.
func DecodeDelta(data []byte) (*Delta, error) {
	d := new(Delta)
	if err := unmarshalWire(data, d, "decode delta"); err != nil {
		return nil, err
	}
	return d, nil
}

// Delta flags on the wire.
const (
	wireEnd = 1 << iota
	wireOver
)

// Fields of a delta on the wire without structures; with structures two
// more follow.
const deltaFields = 15

// EncodeMsgpack implements msgpack.CustomEncoder with the wire form:
// [version, From, Turn, You, flags, Winner, Full (nil or a view without
// its version), Players, Terrain, Visible, Armies, Moved, ArmiesGone,
// Cities, CitiesGone] and, only when either is not empty, [Structures,
// StructuresGone] (see viewWireVersion), Terrain as a flat [index gap, terrain, ...] list,
// Visible as a binary blob of (uvarint index gap, appendWord word) and
// Moved as another (see encodeMoves).
func (d *Delta) EncodeMsgpack(enc *msgpack.Encoder) error {
	w := &wireWriter{e: enc}
	structures := len(d.Structures) > 0 || len(d.StructuresGone) > 0
	if structures {
		w.array(deltaFields + 2)
	} else {
		w.array(deltaFields)
	}
	w.uint(viewWireVersion)
	w.int(int64(d.From))
	w.int(int64(d.Turn))
	w.uint(uint64(d.You))
	flags := 0
	if d.End {
		flags |= wireEnd
	}
	if d.Over {
		flags |= wireOver
	}
	w.uint(uint64(flags))
	w.uint(uint64(d.Winner))
	if d.Full == nil {
		if w.err == nil {
			w.err = enc.EncodeNil()
		}
	} else {
		w.array(viewFields - 1 + min(len(d.Full.Structures), 1))
		encodeViewBody(w, d.Full)
	}
	encodePlayers(w, d.Players)
	w.array(2 * len(d.Terrain))
	g := idGaps{first: true}
	for _, c := range d.Terrain {
		gap, ok := g.gap(uint64(c.Index))
		if !ok || c.Index < 0 {
			w.fail(fmt.Errorf("terrain changes not in index order at %d", c.Index))
			break
		}
		w.uint(gap)
		w.uint(uint64(c.Terrain))
	}
	if w.err == nil {
		buf := make([]byte, 0, 6*len(d.Visible))
		g = idGaps{first: true}
		for _, c := range d.Visible {
			gap, ok := g.gap(uint64(c.Index))
			if !ok || c.Index < 0 {
				w.fail(fmt.Errorf("visible changes not in index order at %d", c.Index))
				break
			}
			buf = appendWord(binary.AppendUvarint(buf, gap), c.Word)
		}
		if w.err == nil {
			w.err = enc.EncodeBytes(buf)
		}
	}
	encodeArmies(w, d.Armies, d.Turn, d.You)
	encodeMoves(w, d.Moved)
	encodeIDs(w, d.ArmiesGone, "removed armies")
	encodeCities(w, d.Cities, d.Turn, d.You)
	encodeIDs(w, d.CitiesGone, "removed cities")
	if structures {
		encodeStructures(w, d.Structures, d.Turn, d.You)
		encodeIDs(w, d.StructuresGone, "removed structures")
	}
	return w.err
}

// DecodeMsgpack implements msgpack.CustomDecoder with the wire form.
func (d *Delta) DecodeMsgpack(dec *msgpack.Decoder) error {
	r := &wireReader{d: dec}
	fields := r.arrayOfEither(deltaFields, deltaFields+2, "delta")
	if ver := r.uint(1<<16, "wire version"); r.err == nil && ver != viewWireVersion {
		return fmt.Errorf("delta wire version %d, this build reads %d", ver, viewWireVersion)
	}
	*d = Delta{}
	d.From = Turn(r.int(math.MinInt32, math.MaxInt32, "from turn"))
	d.Turn = Turn(r.int(math.MinInt32, math.MaxInt32, "turn"))
	d.You = PlayerID(r.uint(math.MaxUint8, "you"))
	flags := r.uint(wireEnd|wireOver, "flags")
	d.End, d.Over = flags&wireEnd != 0, flags&wireOver != 0
	d.Winner = PlayerID(r.uint(math.MaxUint8, "winner"))
	if r.err != nil {
		return r.err
	}
	if c, err := dec.PeekCode(); err != nil {
		return fmt.Errorf("full view: %w", err)
	} else if c == msgpcode.Nil {
		_ = dec.Skip() // a peeked byte is there to skip
	} else {
		n := r.arrayOfEither(viewFields-1, viewFields, "full view")
		d.Full = new(View)
		decodeViewBody(r, d.Full, n == viewFields)
		if r.err == nil {
			if err := d.Full.check(); err != nil {
				return fmt.Errorf("full view: %w", err)
			}
		}
	}
	d.Players = decodePlayers(r)
	n := r.array(2*maxWireList, "terrain changes")
	g := idGaps{first: true}
	for i := 0; i+2 <= n && r.err == nil; i += 2 {
		idx, ok := g.id(r.uint(math.MaxInt32, "terrain change index"))
		if !ok || idx > math.MaxInt32 {
			r.err = errors.New("terrain change index out of range")
		}
		d.Terrain = append(d.Terrain, TerrainChange{Index: int32(idx),
			Terrain: rulesfile.TerrainID(r.uint(math.MaxUint8, "terrain"))})
	}
	if n%2 != 0 && r.err == nil {
		r.err = fmt.Errorf("terrain changes: odd list of %d", n)
	}
	buf := r.bin(maxWireBlob, "visible changes")
	g = idGaps{first: true}
	for len(buf) > 0 && r.err == nil {
		gap, n := binary.Uvarint(buf)
		idx, ok := g.id(gap)
		if n <= 0 || !ok || idx > math.MaxInt32 {
			r.fail(errors.New("visible changes: bad index"))
			break
		}
		x, k := readWord(buf[n:])
		if k == 0 {
			r.fail(errors.New("visible changes: truncated word"))
			break
		}
		d.Visible = append(d.Visible, WordChange{Index: int32(idx), Word: x})
		buf = buf[n+k:]
	}
	d.Armies = decodeArmies(r, d.Turn, d.You)
	d.Moved = decodeMoves(r)
	d.ArmiesGone = decodeIDs[ArmyID](r, "removed armies")
	d.Cities = decodeCities(r, d.Turn, d.You)
	d.CitiesGone = decodeIDs[CityID](r, "removed cities")
	if fields > deltaFields {
		d.Structures = decodeStructures(r, d.Turn, d.You)
		d.StructuresGone = decodeIDs[StructureID](r, "removed structures")
	}
	return r.err
}

func encodeIDs[T ~uint32](w *wireWriter, ids []T, what string) {
	w.array(len(ids))
	g := idGaps{first: true}
	for _, id := range ids {
		gap, ok := g.gap(uint64(id))
		if !ok {
			w.fail(fmt.Errorf("%s not in ID order at %d", what, id))
			return
		}
		w.uint(gap)
	}
}

func decodeIDs[T ~uint32](r *wireReader, what string) []T {
	n := r.array(maxWireList, what)
	if n == 0 || r.err != nil {
		return nil
	}
	out := make([]T, 0, min(n, 1024))
	g := idGaps{first: true}
	for range n {
		id, ok := g.id(r.uint(math.MaxUint32, what))
		if !ok && r.err == nil {
			r.err = fmt.Errorf("%s: IDs out of range", what)
		}
		if r.err != nil {
			return nil
		}
		out = append(out, T(id))
	}
	return out
}

// encodeMoves writes moves as one binary blob of uvarints: for each move
// (gap << 3 | dir), gap the ID gap (see idGaps) and dir the direction
// 0..5 of a one-hex step, or 6 followed by the zigzag varints of By.Q and
// By.R for any other vector. An army that stepped to a neighbour takes a
// byte when its ID is within 16 of the previous move's.
func encodeMoves(w *wireWriter, moves []ArmyMove) {
	if w.err != nil {
		return
	}
	buf := make([]byte, 0, 2*len(moves))
	g := idGaps{first: true}
	for _, mv := range moves {
		gap, ok := g.gap(uint64(mv.ID))
		if !ok {
			w.fail(fmt.Errorf("moved armies not in ID order at %s", mv.ID))
			return
		}
		if dir, ok := hex.DirectionTo(hex.Hex{}, mv.By); ok {
			buf = binary.AppendUvarint(buf, gap<<3|uint64(dir))
			continue
		}
		buf = binary.AppendUvarint(buf, gap<<3|6)
		buf = binary.AppendVarint(buf, int64(mv.By.Q))
		buf = binary.AppendVarint(buf, int64(mv.By.R))
	}
	w.err = w.e.EncodeBytes(buf)
}

func decodeMoves(r *wireReader) []ArmyMove {
	buf := r.bin(maxWireBlob, "moved armies")
	if len(buf) == 0 || r.err != nil {
		return nil
	}
	out := make([]ArmyMove, 0, len(buf)/2)
	g := idGaps{first: true}
	for len(buf) > 0 {
		x, n := binary.Uvarint(buf)
		if n <= 0 {
			r.err = errors.New("moved armies: bad varint")
			return nil
		}
		buf = buf[n:]
		id, ok := g.id(x >> 3)
		if !ok {
			r.err = errors.New("moved armies: IDs out of range")
			return nil
		}
		mv := ArmyMove{ID: ArmyID(id)}
		switch code := x & 7; {
		case code < 6:
			mv.By = hex.Direction(code).Vector()
		case code == 6:
			var q, rr int64
			q, n = binary.Varint(buf)
			if n > 0 {
				buf = buf[n:]
				rr, n = binary.Varint(buf)
			}
			if n <= 0 || q < math.MinInt32 || q > math.MaxInt32 || rr < math.MinInt32 || rr > math.MaxInt32 {
				r.err = fmt.Errorf("moved armies: bad vector for %s", mv.ID)
				return nil
			}
			buf = buf[n:]
			mv.By = hex.Hex{Q: int(q), R: int(rr)}
		default:
			r.err = fmt.Errorf("moved armies: bad direction code for %s", mv.ID)
			return nil
		}
		out = append(out, mv)
	}
	return out
}
