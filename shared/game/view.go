package game

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"hash"
	"hash/fnv"
	"io"
	"math"
	"math/bits"
	"slices"

	"github.com/vmihailenco/msgpack/v5"

	"empires/shared/hex"
	"empires/shared/rulesfile"
	"empires/shared/wire"
)

// View is everything one player (You) may know of a game, and nothing else:
// its own players' data, armies and cities in full; the enemy armies and
// other cities in its sight as they are now; what it remembers of those out
// of sight; the terrain of the hexes it has ever seen. Servers send a View
// once and Deltas (see Diff) afterwards; Checksum lets the client confirm it
// holds the server's view exactly.
//
// A View is a value: NewView, Apply, Clone and DecodeView return views that
// share no memory with the state or with other views, and no function of
// this package changes a view once built (Diff's delta does share slices
// with the views it compares; treat both as read-only).
//
// Normal form: every empty slice of a view is nil (Players, Armies, Cities,
// Structures, and each Units, Characters and Stock), and Terrain and Visible
// are nil only on an empty map. NewView, Apply, Clone and DecodeView all return views in
// normal form, so reflect.DeepEqual compares views by content.
type View struct {
	Turn    Turn
	You     PlayerID
	Ruleset string
	Width   int
	Height  int
	Over    bool
	Winner  PlayerID
	// Players lists every player in ID order; Treasury and Stock are set
	// for You only.
	Players []PlayerView
	// Terrain holds each hex's terrain, indexed like the map
	// (hex.Rect.Index), rulesfile.NoTerrain where You never saw the hex.
	Terrain []rulesfile.TerrainID
	// Visible holds the hexes in You's sight now.
	Visible Bitset
	// Armies are sorted by ID: You's own, the others on Visible hexes, and
	// the remembered sightings of others out of sight.
	Armies []ArmyView
	// Cities are sorted by ID: You's own, the others on Visible hexes, and
	// the remembered sightings of others out of sight.
	Cities []CityView
	// Structures are sorted by ID, like Cities: You's own, the others on
	// Visible hexes, and the remembered sightings of others out of sight.
	Structures []StructureView
}

// PlayerView is what a view shows of a player. Treasury and Stock are zero
// and nil except in the view of the player itself.
type PlayerView struct {
	//lint:ignore U1000 msgpack reads this field for its tag
	_msgpack       struct{} `msgpack:",as_array"`
	ID             PlayerID
	Name           string
	Alive          bool
	EliminatedTurn Turn
	Treasury       int64
	Stock          []int32
}

// ArmyView is an army as a view shows it. Own armies come in full (Seen 0).
// An enemy army in sight shows its owner, hex, fleet flag, units and number
// of characters, with Seen the view's turn; one out of sight is a
// remembered sighting (Remembered, Seen the turn of the sighting). Enemy
// Characters, Carrier and Stance are never shown.
type ArmyView struct {
	//lint:ignore U1000 msgpack reads this field for its tag
	_msgpack struct{} `msgpack:",as_array"`
	ID       ArmyID
	Owner    PlayerID
	Hex      hex.Hex
	Naval    bool
	Units    Units
	// NumCharacters is the number of characters with the army (for own
	// armies too: len(Characters)).
	NumCharacters int32
	// Characters, Carrier and Stance are set for own armies only.
	Characters []Character
	Carrier    ArmyID
	Stance     Stance
	// Seen is the turn the army was last seen: 0 for own armies, the
	// view's turn for enemies in sight.
	Seen       Turn
	Remembered bool
}

// CityView is a city as a view shows it: own cities and others in sight as
// they are (Seen 0 for own, the view's turn for others), the others out of
// sight as last seen (Remembered, Seen the turn of the sighting).
type CityView struct {
	//lint:ignore U1000 msgpack reads this field for its tag
	_msgpack   struct{} `msgpack:",as_array"`
	ID         CityID
	Owner      PlayerID
	Hex        hex.Hex
	Level      int32
	Capital    bool
	Seen       Turn
	Remembered bool
}

// StructureView is a structure as a view shows it, like a CityView: own
// structures and others in sight as they are (Seen 0 for own, the view's
// turn for others), the others out of sight as last seen (Remembered, Seen
// the turn of the sighting).
type StructureView struct {
	//lint:ignore U1000 msgpack reads this field for its tag
	_msgpack   struct{} `msgpack:",as_array"`
	ID         StructureID
	Kind       StructureKind
	Owner      PlayerID
	Hex        hex.Hex
	Seen       Turn
	Remembered bool
}

// implicitSeen returns the Seen an army, city or structure of view (turn, you) has
// unless it says otherwise: the view's turn for an enemy in sight, 0 for
// the rest. The wire format leaves out a Seen equal to it.
func implicitSeen(owner PlayerID, remembered bool, turn Turn, you PlayerID) Turn {
	if owner != you && !remembered {
		return turn
	}
	return 0
}

// NewView returns what player p may know of s (the View function of the
// design). It reads p's memory as the last RecordVision left it. A p that
// is no player of s gets a spectator's view of nothing: the players'
// public data, no terrain, nothing in sight.
//
// It runs in O(armies + cities + sightings + hexes) and allocates a few
// slices per view, whatever the number of armies.
func NewView(s *State, p PlayerID) *View {
	v := &View{Turn: s.Turn, You: p, Ruleset: s.Ruleset, Over: s.Over, Winner: s.Winner}
	var r hex.Rect
	var terrain []rulesfile.TerrainID
	if s.Map != nil {
		v.Width, v.Height = s.Map.Width, s.Map.Height
		r = s.Map.Rect()
		terrain = s.Map.Terrain
	}
	n := r.Len()
	var m *Memory
	if p >= 1 && int(p) <= len(s.Memory) {
		m = &s.Memory[p-1]
	}

	if len(s.Players) > 0 {
		v.Players = make([]PlayerView, len(s.Players))
		for i := range s.Players {
			pl := &s.Players[i]
			pv := &v.Players[i]
			pv.ID, pv.Name, pv.Alive, pv.EliminatedTurn = pl.ID, pl.Name, pl.Alive, pl.EliminatedTurn
			if pl.ID == p {
				pv.Treasury = pl.Treasury
				pv.Stock = cloneNil(pl.Stock)
			}
		}
	}

	var known, vis Bitset
	if m != nil {
		known, vis = m.Known, m.Visible
	}
	if n > 0 {
		v.Terrain = knownTerrain(terrain, known, n)
		v.Visible = NewBitset(n)
		copy(v.Visible, vis)
		if tail := n % 64; tail != 0 {
			v.Visible[len(v.Visible)-1] &= 1<<tail - 1
		}
	}
	if m == nil {
		return v
	}
	v.Armies = viewArmies(s, r, m, p)
	v.Cities = viewCities(s, r, m, p)
	v.Structures = viewStructures(s, r, m, p)
	return v
}

// knownTerrain returns the terrain of the first n hexes where known holds
// them, rulesfile.NoTerrain elsewhere; it works a 64-hex word at a time.
func knownTerrain(terrain []rulesfile.TerrainID, known Bitset, n int) []rulesfile.TerrainID {
	out := make([]rulesfile.TerrainID, n)
	for w := 0; w*64 < n; w++ {
		lo, hi := w*64, min(w*64+64, n)
		var word uint64
		if w < len(known) {
			word = known[w]
		}
		if hi > len(terrain) { // a malformed map: show only what it has
			word &= uint64(1)<<max(len(terrain)-lo, 0) - 1
			if len(terrain) <= lo {
				word = 0
			}
		}
		switch {
		case word == 0:
			for i := lo; i < hi; i++ {
				out[i] = rulesfile.NoTerrain
			}
		case word == ^uint64(0):
			copy(out[lo:hi], terrain[lo:hi])
		default:
			for i := lo; i < hi; i++ {
				if word&(1<<(i-lo)) != 0 {
					out[i] = terrain[i]
				} else {
					out[i] = rulesfile.NoTerrain
				}
			}
		}
	}
	return out
}

// viewArmies lists p's armies, the others on visible hexes and p's
// remembered sightings, in one merge of two ID-sorted lists.
func viewArmies(s *State, r hex.Rect, m *Memory, p PlayerID) []ArmyView {
	vis := m.Visible
	// Pass 1: pick the armies shown as they are, and size the arenas.
	sel := make([]int32, 0, 64)
	nUnits, nChars := 0, 0
	for i := range s.Armies {
		a := &s.Armies[i]
		if a.Owner == p {
			nChars += len(a.Characters)
		} else if !vis.Has(r.Index(a.Hex)) {
			continue
		}
		sel = append(sel, int32(i))
		nUnits += len(a.Units)
	}
	for i := range m.Armies {
		nUnits += len(m.Armies[i].Units)
	}
	if len(sel)+len(m.Armies) == 0 {
		return nil
	}
	out := make([]ArmyView, 0, len(sel)+len(m.Armies))
	ar := arena{units: make([]int32, 0, nUnits), chars: make([]Character, 0, nChars)}
	// Pass 2: merge the selected armies with the sightings by ID.
	sg := m.Armies
	j := 0
	for _, k := range sel {
		a := &s.Armies[k]
		for ; j < len(sg) && sg[j].Army <= a.ID; j++ {
			if sg[j].Army < a.ID {
				out = appendSighting(out, &sg[j], vis, r, &ar)
			}
		}
		av := ArmyView{ID: a.ID, Owner: a.Owner, Hex: a.Hex, Naval: a.Naval, Units: ar.unitsOf(a.Units),
			NumCharacters: int32(len(a.Characters))}
		if a.Owner == p {
			av.Characters = ar.charsOf(a.Characters)
			av.Carrier = a.Carrier
			av.Stance = a.Stance
		} else {
			av.Seen = s.Turn
		}
		out = append(out, av)
	}
	for ; j < len(sg); j++ {
		out = appendSighting(out, &sg[j], vis, r, &ar)
	}
	if len(out) == 0 {
		return nil
	}
	return out
}

// appendSighting appends the remembered army of sg unless its hex is in
// sight (where the army is no longer: it would be shown as it is).
func appendSighting(out []ArmyView, sg *Sighting, vis Bitset, r hex.Rect, ar *arena) []ArmyView {
	if vis.Has(r.Index(sg.Hex)) {
		return out
	}
	return append(out, ArmyView{ID: sg.Army, Owner: sg.Owner, Hex: sg.Hex, Naval: sg.Naval,
		Units: ar.unitsOf(sg.Units), NumCharacters: sg.Characters, Seen: sg.Turn, Remembered: true})
}

// viewCities is viewArmies for cities.
func viewCities(s *State, r hex.Rect, m *Memory, p PlayerID) []CityView {
	vis := m.Visible
	out := make([]CityView, 0, len(m.Cities)+len(s.Cities)/4)
	sg := m.Cities
	j := 0
	remembered := func(cs *CitySighting) {
		if !vis.Has(r.Index(cs.Hex)) {
			out = append(out, CityView{ID: cs.City, Owner: cs.Owner, Hex: cs.Hex, Level: cs.Level,
				Capital: cs.Capital, Seen: cs.Turn, Remembered: true})
		}
	}
	for i := range s.Cities {
		c := &s.Cities[i]
		own := c.Owner == p
		if !own && !vis.Has(r.Index(c.Hex)) {
			continue
		}
		for ; j < len(sg) && sg[j].City <= c.ID; j++ {
			if sg[j].City < c.ID {
				remembered(&sg[j])
			}
		}
		cv := CityView{ID: c.ID, Owner: c.Owner, Hex: c.Hex, Level: c.Level, Capital: c.Capital}
		if !own {
			cv.Seen = s.Turn
		}
		out = append(out, cv)
	}
	for ; j < len(sg); j++ {
		remembered(&sg[j])
	}
	if len(out) == 0 {
		return nil
	}
	return out
}

// viewStructures is viewCities for structures.
func viewStructures(s *State, r hex.Rect, m *Memory, p PlayerID) []StructureView {
	if len(s.Structures) == 0 && len(m.Structures) == 0 {
		return nil
	}
	vis := m.Visible
	out := make([]StructureView, 0, len(m.Structures)+len(s.Structures))
	sg := m.Structures
	j := 0
	remembered := func(ss *StructureSighting) {
		if !vis.Has(r.Index(ss.Hex)) {
			out = append(out, StructureView{ID: ss.Structure, Kind: ss.Kind, Owner: ss.Owner, Hex: ss.Hex,
				Seen: ss.Turn, Remembered: true})
		}
	}
	for i := range s.Structures {
		st := &s.Structures[i]
		own := st.Owner == p
		if !own && !vis.Has(r.Index(st.Hex)) {
			continue
		}
		for ; j < len(sg) && sg[j].Structure <= st.ID; j++ {
			if sg[j].Structure < st.ID {
				remembered(&sg[j])
			}
		}
		sv := StructureView{ID: st.ID, Kind: st.Kind, Owner: st.Owner, Hex: st.Hex}
		if !own {
			sv.Seen = s.Turn
		}
		out = append(out, sv)
	}
	for ; j < len(sg); j++ {
		remembered(&sg[j])
	}
	if len(out) == 0 {
		return nil
	}
	return out
}

// arena hands out copies of unit and character lists from two shared
// backing arrays, so a view costs a few allocations instead of one per
// army. Each copy is capped, so appending to it never overwrites another.
type arena struct {
	units []int32
	chars []Character
}

func (ar *arena) unitsOf(u Units) Units {
	if len(u) == 0 {
		return nil
	}
	n := len(ar.units)
	ar.units = append(ar.units, u...)
	return Units(ar.units[n:len(ar.units):len(ar.units)])
}

func (ar *arena) charsOf(c []Character) []Character {
	if len(c) == 0 {
		return nil
	}
	n := len(ar.chars)
	ar.chars = append(ar.chars, c...)
	return ar.chars[n:len(ar.chars):len(ar.chars)]
}

// newArenaFor returns an arena sized for copies of the given armies.
func newArenaFor(lists ...[]ArmyView) arena {
	nu, nc := 0, 0
	for _, l := range lists {
		for i := range l {
			nu += len(l[i].Units)
			nc += len(l[i].Characters)
		}
	}
	return arena{units: make([]int32, 0, nu), chars: make([]Character, 0, nc)}
}

// copyArmy returns a with its slices copied into ar.
func (ar *arena) copyArmy(a *ArmyView) ArmyView {
	c := *a
	c.Units = ar.unitsOf(a.Units)
	c.Characters = ar.charsOf(a.Characters)
	return c
}

// cloneNil returns a copy of s, nil if s is empty.
func cloneNil[S ~[]E, E any](s S) S {
	if len(s) == 0 {
		return nil
	}
	return slices.Clone(s)
}

// Clone returns a deep copy of v in normal form.
func (v *View) Clone() *View {
	if v == nil {
		return nil
	}
	c := *v
	c.Players = clonePlayers(v.Players)
	c.Terrain = cloneNil(v.Terrain)
	c.Visible = cloneNil(v.Visible)
	if len(v.Armies) > 0 {
		ar := newArenaFor(v.Armies)
		c.Armies = make([]ArmyView, len(v.Armies))
		for i := range v.Armies {
			c.Armies[i] = ar.copyArmy(&v.Armies[i])
		}
	} else {
		c.Armies = nil
	}
	c.Cities = cloneNil(v.Cities)
	c.Structures = cloneNil(v.Structures)
	return &c
}

func clonePlayers(ps []PlayerView) []PlayerView {
	if len(ps) == 0 {
		return nil
	}
	out := slices.Clone(ps)
	for i := range out {
		out[i].Stock = cloneNil(ps[i].Stock)
	}
	return out
}

// Checksum returns a 64-bit FNV-1a hash of every field of v, written in a
// fixed order as varints (lengths before lists, so nil and empty lists hash
// alike). The server sends it with a view or delta; a client whose own
// view's Checksum differs holds a different view and asks for a full one.
func (v *View) Checksum() uint64 {
	h := newViewHasher()
	h.uint(viewWireVersion)
	h.int(int64(v.Turn))
	h.uint(uint64(v.You))
	h.str(v.Ruleset)
	h.int(int64(v.Width))
	h.int(int64(v.Height))
	h.bool(v.Over)
	h.uint(uint64(v.Winner))
	h.uint(uint64(len(v.Players)))
	for i := range v.Players {
		pv := &v.Players[i]
		h.uint(uint64(pv.ID))
		h.str(pv.Name)
		h.bool(pv.Alive)
		h.int(int64(pv.EliminatedTurn))
		h.int(pv.Treasury)
		h.uint(uint64(len(pv.Stock)))
		for _, x := range pv.Stock {
			h.int(int64(x))
		}
	}
	h.uint(uint64(len(v.Terrain)))
	for t := v.Terrain; len(t) > 0; {
		h.flush()
		k := min(len(t), cap(h.buf))
		for _, x := range t[:k] {
			h.buf = append(h.buf, byte(x))
		}
		t = t[k:]
	}
	h.uint(uint64(len(v.Visible)))
	for _, w := range v.Visible {
		h.word(w)
	}
	h.uint(uint64(len(v.Armies)))
	for i := range v.Armies {
		a := &v.Armies[i]
		h.uint(uint64(a.ID))
		h.uint(uint64(a.Owner))
		h.int(int64(a.Hex.Q))
		h.int(int64(a.Hex.R))
		h.bool(a.Naval)
		h.uint(uint64(len(a.Units)))
		for _, x := range a.Units {
			h.int(int64(x))
		}
		h.int(int64(a.NumCharacters))
		h.uint(uint64(len(a.Characters)))
		for _, c := range a.Characters {
			h.uint(uint64(c.ID))
			h.uint(uint64(c.Kind))
			h.int(int64(c.Level))
		}
		h.uint(uint64(a.Carrier))
		h.uint(uint64(a.Stance.Kind))
		h.int(int64(a.Stance.Dir))
		h.int(int64(a.Seen))
		h.bool(a.Remembered)
	}
	h.uint(uint64(len(v.Cities)))
	for i := range v.Cities {
		c := &v.Cities[i]
		h.uint(uint64(c.ID))
		h.uint(uint64(c.Owner))
		h.int(int64(c.Hex.Q))
		h.int(int64(c.Hex.R))
		h.int(int64(c.Level))
		h.bool(c.Capital)
		h.int(int64(c.Seen))
		h.bool(c.Remembered)
	}
	// Structures come last, and only when there are some: the views of a
	// ruleset without structures hash as they did before structures were.
	if len(v.Structures) > 0 {
		h.uint(uint64(len(v.Structures)))
		for i := range v.Structures {
			st := &v.Structures[i]
			h.uint(uint64(st.ID))
			h.uint(uint64(st.Kind))
			h.uint(uint64(st.Owner))
			h.int(int64(st.Hex.Q))
			h.int(int64(st.Hex.R))
			h.int(int64(st.Seen))
			h.bool(st.Remembered)
		}
	}
	return h.sum()
}

// viewHasher feeds FNV-1a 64 through a small buffer.
type viewHasher struct {
	f   hash.Hash64
	buf []byte
}

func newViewHasher() *viewHasher {
	return &viewHasher{f: fnv.New64a(), buf: make([]byte, 0, 4096)}
}

func (h *viewHasher) flush() {
	_, _ = h.f.Write(h.buf) // writing to a hash never fails
	h.buf = h.buf[:0]
}

func (h *viewHasher) sum() uint64 {
	h.flush()
	return h.f.Sum64()
}

func (h *viewHasher) room() {
	if len(h.buf) > cap(h.buf)-16 {
		h.flush()
	}
}

func (h *viewHasher) uint(x uint64) { h.room(); h.buf = binary.AppendUvarint(h.buf, x) }
func (h *viewHasher) int(x int64)   { h.room(); h.buf = binary.AppendVarint(h.buf, x) }
func (h *viewHasher) byte(b byte)   { h.room(); h.buf = append(h.buf, b) }
func (h *viewHasher) word(w uint64) { h.room(); h.buf = binary.LittleEndian.AppendUint64(h.buf, w) }

func (h *viewHasher) bool(b bool) {
	if b {
		h.byte(1)
	} else {
		h.byte(0)
	}
}

func (h *viewHasher) str(s string) {
	h.uint(uint64(len(s)))
	h.flush()
	_, _ = io.WriteString(h.f, s)
}

// check reports whether v is well formed: sizes that agree with each
// other, players and entities in strictly increasing ID order.
func (v *View) check() error {
	if v.Width < 0 || v.Height < 0 || v.Width > maxViewSide || v.Height > maxViewSide {
		return fmt.Errorf("map size %dx%d out of range", v.Width, v.Height)
	}
	n := hex.Rect{Width: v.Width, Height: v.Height}.Len()
	if len(v.Terrain) != n {
		return fmt.Errorf("%d terrain hexes for a %dx%d map", len(v.Terrain), v.Width, v.Height)
	}
	if len(v.Visible) != (n+63)/64 {
		return fmt.Errorf("%d visible words for a %dx%d map", len(v.Visible), v.Width, v.Height)
	}
	for i := 1; i < len(v.Players); i++ {
		if v.Players[i].ID <= v.Players[i-1].ID {
			return fmt.Errorf("players not in ID order at %d", v.Players[i].ID)
		}
	}
	for i := 1; i < len(v.Armies); i++ {
		if v.Armies[i].ID <= v.Armies[i-1].ID {
			return fmt.Errorf("armies not in ID order at %s", v.Armies[i].ID)
		}
	}
	for i := 1; i < len(v.Cities); i++ {
		if v.Cities[i].ID <= v.Cities[i-1].ID {
			return fmt.Errorf("cities not in ID order at %s", v.Cities[i].ID)
		}
	}
	for i := 1; i < len(v.Structures); i++ {
		if v.Structures[i].ID <= v.Structures[i-1].ID {
			return fmt.Errorf("structures not in ID order at %s", v.Structures[i].ID)
		}
	}
	return nil
}

// maxViewSide bounds a view's width and height (a map of 4096x4096 hexes
// is far beyond any game).
const maxViewSide = 4096

// The wire form of views and deltas (EncodeView, EncodeDelta, and the
// msgpack.CustomEncoder methods of *View and *Delta): msgpack arrays of
// fields in a fixed order, integers in their shortest form, no field names.
// Terrain is one binary blob (a byte a hex), Visible another (each word as
// appendWord writes it: most words of a fog of war have few bytes set).
// Entity lists store IDs as gaps (the first ID, then each ID minus the one
// before minus one, so sorted lists of nearby IDs take a byte an ID); an
// army or city is an array [id gap, owner, q, r, flags, optional fields...]
// whose flags say which optional fields follow (those not zero), and a
// Seen equal to implicitSeen is left out; a structure is [id gap, kind,
// owner, q, r, flags, optional Seen]. The structures are one more field at
// the end of a view (and two at the end of a delta: the structures changed
// and those removed), present only when there are some: a view or delta
// without structures is written exactly as before structures were, so
// rulesets without them keep their bytes.
//
// docs/protocol.md (sections 10.5 to 10.7) describes the wire form, Apply
// and Checksum for other languages; change it with them.
//
// viewWireVersion is the first field of every encoded view and delta, and
// is hashed by Checksum; bump it when the format changes.
const viewWireVersion = 1

// Limits on decoded lists, far above any game, so garbage cannot make the
// decoder allocate much before it runs out of input.
const (
	maxWireUnitKinds  = 256
	maxWireCharacters = 1 << 12
	maxWireList       = 1 << 24
	maxWireString     = 1 << 12
	maxWireBlob       = 1 << 26
)

// Army flags on the wire: which optional fields follow.
const (
	wireNaval = 1 << iota
	wireRemembered
	wireUnits
	wireNumChars
	wireChars
	wireCarrier
	wireStance
	wireSeen
)

// City flags on the wire.
const (
	wireCapital = 1 << iota
	wireCityRemembered
	wireLevel
	wireCitySeen
)

// Structure flags on the wire.
const (
	wireStructureRemembered = 1 << iota
	wireStructureSeen
)

// Fields of a view on the wire: viewFields without structures, one more
// with them; the body (a view without its version, in a delta) has one
// field fewer.
const viewFields = 13

// EncodeView returns v in the wire form.
func EncodeView(v *View) ([]byte, error) {
	if v == nil {
		return nil, errors.New("encode view: no view")
	}
	return marshalWire(v, "encode view", 64+len(v.Terrain)+9*len(v.Visible)+12*len(v.Armies)+8*len(v.Cities)+
		8*len(v.Structures))
}

// DecodeView reads a view written by EncodeView. Anything else (garbage,
// truncated or padded data, another wire version, sizes that disagree,
// unsorted entities) gives an error starting "decode view:", never a
// panic.
func DecodeView(data []byte) (*View, error) {
	v := new(View)
	if err := unmarshalWire(data, v, "decode view"); err != nil {
		return nil, err
	}
	return v, nil
}

func marshalWire(x msgpack.CustomEncoder, what string, hint int) ([]byte, error) {
	var buf bytes.Buffer
	buf.Grow(hint)
	enc := msgpack.GetEncoder()
	defer msgpack.PutEncoder(enc)
	enc.Reset(&buf)
	if err := x.EncodeMsgpack(enc); err != nil {
		return nil, fmt.Errorf("%s: %w", what, err)
	}
	return buf.Bytes(), nil
}

// unmarshalWire decodes data into x; its errors are wire.ErrMalformed.
func unmarshalWire(data []byte, x msgpack.CustomDecoder, what string) error {
	if err := CheckMsgpack(data); err != nil {
		return wire.Malformed(fmt.Errorf("%s: %w", what, err))
	}
	rd := bytes.NewReader(data)
	dec := msgpack.NewDecoder(rd)
	if err := x.DecodeMsgpack(dec); err != nil {
		return wire.Malformed(fmt.Errorf("%s: %w", what, err))
	}
	if rd.Len() != 0 {
		return wire.Malformed(fmt.Errorf("%s: %d bytes after the end", what, rd.Len()))
	}
	return nil
}

// EncodeMsgpack implements msgpack.CustomEncoder with the wire form.
func (v *View) EncodeMsgpack(enc *msgpack.Encoder) error {
	w := &wireWriter{e: enc}
	w.array(viewFields + min(len(v.Structures), 1))
	w.uint(viewWireVersion)
	encodeViewBody(w, v)
	return w.err
}

func encodeViewBody(w *wireWriter, v *View) {
	w.int(int64(v.Turn))
	w.uint(uint64(v.You))
	w.str(v.Ruleset)
	w.int(int64(v.Width))
	w.int(int64(v.Height))
	w.bool(v.Over)
	w.uint(uint64(v.Winner))
	encodePlayers(w, v.Players)
	if w.err == nil {
		buf := make([]byte, len(v.Terrain))
		for i, t := range v.Terrain {
			buf[i] = byte(t)
		}
		w.err = w.e.EncodeBytes(buf)
	}
	if w.err == nil {
		buf := make([]byte, 0, 4*len(v.Visible))
		for _, x := range v.Visible {
			buf = appendWord(buf, x)
		}
		w.err = w.e.EncodeBytes(buf)
	}
	encodeArmies(w, v.Armies, v.Turn, v.You)
	encodeCities(w, v.Cities, v.Turn, v.You)
	if len(v.Structures) > 0 {
		encodeStructures(w, v.Structures, v.Turn, v.You)
	}
}

// DecodeMsgpack implements msgpack.CustomDecoder with the wire form; the
// view is checked as DecodeView describes.
func (v *View) DecodeMsgpack(dec *msgpack.Decoder) error {
	r := &wireReader{d: dec}
	n := r.arrayOfEither(viewFields, viewFields+1, "view")
	if ver := r.uint(1<<16, "wire version"); r.err == nil && ver != viewWireVersion {
		return fmt.Errorf("view wire version %d, this build reads %d", ver, viewWireVersion)
	}
	*v = View{}
	decodeViewBody(r, v, n > viewFields)
	if r.err != nil {
		return r.err
	}
	return v.check()
}

// decodeViewBody reads what encodeViewBody writes; structures says whether
// the structures field follows the cities.
func decodeViewBody(r *wireReader, v *View, structures bool) {
	v.Turn = Turn(r.int(math.MinInt32, math.MaxInt32, "turn"))
	v.You = PlayerID(r.uint(math.MaxUint8, "you"))
	v.Ruleset = r.str("ruleset")
	v.Width = int(r.int(0, maxViewSide, "width"))
	v.Height = int(r.int(0, maxViewSide, "height"))
	v.Over = r.bool("over")
	v.Winner = PlayerID(r.uint(math.MaxUint8, "winner"))
	v.Players = decodePlayers(r)
	n := v.Width * v.Height
	if buf := r.bin(n, "terrain"); r.err == nil {
		if len(buf) != n {
			r.err = fmt.Errorf("%d terrain hexes for a %dx%d map", len(buf), v.Width, v.Height)
		} else if n > 0 {
			v.Terrain = make([]rulesfile.TerrainID, n)
			for i, b := range buf {
				v.Terrain[i] = rulesfile.TerrainID(b)
			}
		}
	}
	nw := (n + 63) / 64
	if buf := r.bin(9*nw, "visible"); len(buf) > 0 {
		v.Visible = make(Bitset, 0, nw)
		for len(buf) > 0 && len(v.Visible) < nw {
			x, k := readWord(buf)
			if k == 0 {
				break
			}
			v.Visible, buf = append(v.Visible, x), buf[k:]
		}
		if len(buf) > 0 || len(v.Visible) != nw {
			r.fail(fmt.Errorf("visible: not %d words", nw))
		}
	}
	v.Armies = decodeArmies(r, v.Turn, v.You)
	v.Cities = decodeCities(r, v.Turn, v.You)
	if structures {
		v.Structures = decodeStructures(r, v.Turn, v.You)
	}
}

func encodePlayers(w *wireWriter, ps []PlayerView) {
	w.array(len(ps))
	for i := range ps {
		p := &ps[i]
		w.array(6)
		w.uint(uint64(p.ID))
		w.str(p.Name)
		w.bool(p.Alive)
		w.int(int64(p.EliminatedTurn))
		w.int(p.Treasury)
		w.array(len(p.Stock))
		for _, x := range p.Stock {
			w.int(int64(x))
		}
	}
}

func decodePlayers(r *wireReader) []PlayerView {
	n := r.array(math.MaxUint8+1, "players")
	if n == 0 || r.err != nil {
		return nil
	}
	out := make([]PlayerView, n)
	for i := range out {
		p := &out[i]
		r.arrayOf(6, "player")
		p.ID = PlayerID(r.uint(math.MaxUint8, "player id"))
		p.Name = r.str("player name")
		p.Alive = r.bool("player alive")
		p.EliminatedTurn = Turn(r.int(math.MinInt32, math.MaxInt32, "player eliminated turn"))
		p.Treasury = r.int(math.MinInt64, math.MaxInt64, "player treasury")
		if k := r.array(maxWireList, "player stock"); k > 0 {
			p.Stock = make([]int32, 0, min(k, 64))
			for range k {
				p.Stock = append(p.Stock, int32(r.int(math.MinInt32, math.MaxInt32, "player stock")))
			}
		}
		if r.err != nil {
			return nil
		}
	}
	return out
}

// idGaps writes and reads strictly increasing IDs as gaps.
type idGaps struct {
	prev  uint64
	first bool
}

func (g *idGaps) gap(id uint64) (uint64, bool) {
	if !g.first && id <= g.prev {
		return 0, false
	}
	d := id
	if !g.first {
		d = id - g.prev - 1
	}
	g.prev, g.first = id, false
	return d, true
}

func (g *idGaps) id(gap uint64) (uint64, bool) {
	id := gap
	if !g.first {
		if gap > math.MaxUint32-g.prev-1 {
			return 0, false
		}
		id = g.prev + 1 + gap
	}
	if id > math.MaxUint32 {
		return 0, false
	}
	g.prev, g.first = id, false
	return id, true
}

func encodeArmies(w *wireWriter, list []ArmyView, turn Turn, you PlayerID) {
	w.array(len(list))
	g := idGaps{first: true}
	for i := range list {
		a := &list[i]
		gap, ok := g.gap(uint64(a.ID))
		if !ok {
			w.fail(fmt.Errorf("armies not in ID order at %s", a.ID))
			return
		}
		flags, n := 0, 5
		if a.Naval {
			flags |= wireNaval
		}
		if a.Remembered {
			flags |= wireRemembered
		}
		if len(a.Units) > 0 {
			flags |= wireUnits
			n++
		}
		if a.NumCharacters != 0 {
			flags |= wireNumChars
			n++
		}
		if len(a.Characters) > 0 {
			flags |= wireChars
			n++
		}
		if a.Carrier != 0 {
			flags |= wireCarrier
			n++
		}
		if a.Stance != (Stance{}) {
			flags |= wireStance
			n += 2
		}
		if a.Seen != implicitSeen(a.Owner, a.Remembered, turn, you) {
			flags |= wireSeen
			n++
		}
		w.array(n)
		w.uint(gap)
		w.uint(uint64(a.Owner))
		w.int(int64(a.Hex.Q))
		w.int(int64(a.Hex.R))
		w.uint(uint64(flags))
		if flags&wireUnits != 0 {
			w.array(len(a.Units))
			for _, x := range a.Units {
				w.int(int64(x))
			}
		}
		if flags&wireNumChars != 0 {
			w.int(int64(a.NumCharacters))
		}
		if flags&wireChars != 0 {
			w.array(3 * len(a.Characters))
			for _, c := range a.Characters {
				w.uint(uint64(c.ID))
				w.uint(uint64(c.Kind))
				w.int(int64(c.Level))
			}
		}
		if flags&wireCarrier != 0 {
			w.uint(uint64(a.Carrier))
		}
		if flags&wireStance != 0 {
			w.uint(uint64(a.Stance.Kind))
			w.int(int64(a.Stance.Dir))
		}
		if flags&wireSeen != 0 {
			w.int(int64(a.Seen))
		}
	}
}

func decodeArmies(r *wireReader, turn Turn, you PlayerID) []ArmyView {
	n := r.array(maxWireList, "armies")
	if n == 0 || r.err != nil {
		return nil
	}
	out := make([]ArmyView, 0, min(n, 1024))
	ar := arena{units: make([]int32, 0, min(n, 1024))}
	g := idGaps{first: true}
	for range n {
		k := r.array(16, "army")
		id, ok := g.id(r.uint(math.MaxUint32, "army id"))
		if !ok && r.err == nil {
			r.err = errors.New("army ids out of range")
		}
		a := ArmyView{ID: ArmyID(id)}
		a.Owner = PlayerID(r.uint(math.MaxUint8, "army owner"))
		a.Hex.Q = int(r.int(math.MinInt32, math.MaxInt32, "army hex"))
		a.Hex.R = int(r.int(math.MinInt32, math.MaxInt32, "army hex"))
		flags := r.uint(math.MaxUint8, "army flags")
		want := 5 + bits.OnesCount64(flags&(wireUnits|wireNumChars|wireChars|wireCarrier|wireSeen))
		if flags&wireStance != 0 {
			want += 2
		}
		if r.err == nil && k != want {
			r.err = fmt.Errorf("%s has %d fields, its flags say %d", a.ID, k, want)
		}
		if r.err != nil {
			return nil
		}
		a.Naval = flags&wireNaval != 0
		a.Remembered = flags&wireRemembered != 0
		if flags&wireUnits != 0 {
			nu := r.array(maxWireUnitKinds, "army units")
			start := len(ar.units)
			for range nu {
				ar.units = append(ar.units, int32(r.int(math.MinInt32, math.MaxInt32, "army units")))
			}
			if nu > 0 {
				a.Units = Units(ar.units[start:len(ar.units):len(ar.units)])
			}
		}
		if flags&wireNumChars != 0 {
			a.NumCharacters = int32(r.int(math.MinInt32, math.MaxInt32, "army characters"))
		}
		if flags&wireChars != 0 {
			nc := r.array(3*maxWireCharacters, "army characters")
			if nc%3 != 0 && r.err == nil {
				r.err = fmt.Errorf("%s: character list of %d numbers", a.ID, nc)
			}
			for i := 0; i+3 <= nc && r.err == nil; i += 3 {
				a.Characters = append(a.Characters, Character{
					ID:    CharacterID(r.uint(math.MaxUint32, "character id")),
					Kind:  uint8(r.uint(math.MaxUint8, "character kind")),
					Level: int32(r.int(math.MinInt32, math.MaxInt32, "character level")),
				})
			}
		}
		if flags&wireCarrier != 0 {
			a.Carrier = ArmyID(r.uint(math.MaxUint32, "army carrier"))
		}
		if flags&wireStance != 0 {
			a.Stance.Kind = StanceKind(r.uint(math.MaxUint8, "army stance"))
			a.Stance.Dir = hex.Direction(r.int(math.MinInt32, math.MaxInt32, "army stance"))
		}
		a.Seen = implicitSeen(a.Owner, a.Remembered, turn, you)
		if flags&wireSeen != 0 {
			a.Seen = Turn(r.int(math.MinInt32, math.MaxInt32, "army seen"))
		}
		if r.err != nil {
			return nil
		}
		out = append(out, a)
	}
	return out
}

func encodeCities(w *wireWriter, list []CityView, turn Turn, you PlayerID) {
	w.array(len(list))
	g := idGaps{first: true}
	for i := range list {
		c := &list[i]
		gap, ok := g.gap(uint64(c.ID))
		if !ok {
			w.fail(fmt.Errorf("cities not in ID order at %s", c.ID))
			return
		}
		flags, n := 0, 5
		if c.Capital {
			flags |= wireCapital
		}
		if c.Remembered {
			flags |= wireCityRemembered
		}
		if c.Level != 0 {
			flags |= wireLevel
			n++
		}
		if c.Seen != implicitSeen(c.Owner, c.Remembered, turn, you) {
			flags |= wireCitySeen
			n++
		}
		w.array(n)
		w.uint(gap)
		w.uint(uint64(c.Owner))
		w.int(int64(c.Hex.Q))
		w.int(int64(c.Hex.R))
		w.uint(uint64(flags))
		if flags&wireLevel != 0 {
			w.int(int64(c.Level))
		}
		if flags&wireCitySeen != 0 {
			w.int(int64(c.Seen))
		}
	}
}

func decodeCities(r *wireReader, turn Turn, you PlayerID) []CityView {
	n := r.array(maxWireList, "cities")
	if n == 0 || r.err != nil {
		return nil
	}
	out := make([]CityView, 0, min(n, 1024))
	g := idGaps{first: true}
	for range n {
		k := r.array(8, "city")
		id, ok := g.id(r.uint(math.MaxUint32, "city id"))
		if !ok && r.err == nil {
			r.err = errors.New("city ids out of range")
		}
		c := CityView{ID: CityID(id)}
		c.Owner = PlayerID(r.uint(math.MaxUint8, "city owner"))
		c.Hex.Q = int(r.int(math.MinInt32, math.MaxInt32, "city hex"))
		c.Hex.R = int(r.int(math.MinInt32, math.MaxInt32, "city hex"))
		flags := r.uint(wireCapital|wireCityRemembered|wireLevel|wireCitySeen, "city flags")
		if want := 5 + bits.OnesCount64(flags&(wireLevel|wireCitySeen)); r.err == nil && k != want {
			r.err = fmt.Errorf("%s has %d fields, its flags say %d", c.ID, k, want)
		}
		c.Capital = flags&wireCapital != 0
		c.Remembered = flags&wireCityRemembered != 0
		if flags&wireLevel != 0 {
			c.Level = int32(r.int(math.MinInt32, math.MaxInt32, "city level"))
		}
		c.Seen = implicitSeen(c.Owner, c.Remembered, turn, you)
		if flags&wireCitySeen != 0 {
			c.Seen = Turn(r.int(math.MinInt32, math.MaxInt32, "city seen"))
		}
		if r.err != nil {
			return nil
		}
		out = append(out, c)
	}
	return out
}

func encodeStructures(w *wireWriter, list []StructureView, turn Turn, you PlayerID) {
	w.array(len(list))
	g := idGaps{first: true}
	for i := range list {
		st := &list[i]
		gap, ok := g.gap(uint64(st.ID))
		if !ok {
			w.fail(fmt.Errorf("structures not in ID order at %s", st.ID))
			return
		}
		flags, n := 0, 6
		if st.Remembered {
			flags |= wireStructureRemembered
		}
		if st.Seen != implicitSeen(st.Owner, st.Remembered, turn, you) {
			flags |= wireStructureSeen
			n++
		}
		w.array(n)
		w.uint(gap)
		w.uint(uint64(st.Kind))
		w.uint(uint64(st.Owner))
		w.int(int64(st.Hex.Q))
		w.int(int64(st.Hex.R))
		w.uint(uint64(flags))
		if flags&wireStructureSeen != 0 {
			w.int(int64(st.Seen))
		}
	}
}

func decodeStructures(r *wireReader, turn Turn, you PlayerID) []StructureView {
	n := r.array(maxWireList, "structures")
	if n == 0 || r.err != nil {
		return nil
	}
	out := make([]StructureView, 0, min(n, 1024))
	g := idGaps{first: true}
	for range n {
		k := r.array(7, "structure")
		id, ok := g.id(r.uint(math.MaxUint32, "structure id"))
		if !ok && r.err == nil {
			r.err = errors.New("structure ids out of range")
		}
		st := StructureView{ID: StructureID(id)}
		st.Kind = StructureKind(r.uint(math.MaxUint8, "structure kind"))
		st.Owner = PlayerID(r.uint(math.MaxUint8, "structure owner"))
		st.Hex.Q = int(r.int(math.MinInt32, math.MaxInt32, "structure hex"))
		st.Hex.R = int(r.int(math.MinInt32, math.MaxInt32, "structure hex"))
		flags := r.uint(wireStructureRemembered|wireStructureSeen, "structure flags")
		if want := 6 + bits.OnesCount64(flags&wireStructureSeen); r.err == nil && k != want {
			r.err = fmt.Errorf("%s has %d fields, its flags say %d", st.ID, k, want)
		}
		st.Remembered = flags&wireStructureRemembered != 0
		st.Seen = implicitSeen(st.Owner, st.Remembered, turn, you)
		if flags&wireStructureSeen != 0 {
			st.Seen = Turn(r.int(math.MinInt32, math.MaxInt32, "structure seen"))
		}
		if r.err != nil {
			return nil
		}
		out = append(out, st)
	}
	return out
}

// wireWriter writes msgpack values, keeping the first error.
type wireWriter struct {
	e   *msgpack.Encoder
	err error
}

func (w *wireWriter) fail(err error) {
	if w.err == nil {
		w.err = err
	}
}

func (w *wireWriter) uint(x uint64) {
	if w.err == nil {
		w.err = w.e.EncodeUint(x)
	}
}

func (w *wireWriter) int(x int64) {
	if w.err == nil {
		w.err = w.e.EncodeInt(x)
	}
}

func (w *wireWriter) bool(b bool) {
	if w.err == nil {
		w.err = w.e.EncodeBool(b)
	}
}

func (w *wireWriter) str(s string) {
	if w.err == nil {
		w.err = w.e.EncodeString(s)
	}
}

func (w *wireWriter) array(n int) {
	if w.err == nil {
		w.err = w.e.EncodeArrayLen(n)
	}
}

// wireReader reads msgpack values, checking their ranges and keeping the
// first error; after an error every read returns zero.
type wireReader struct {
	d   *msgpack.Decoder
	err error
}

func (r *wireReader) fail(err error) {
	if r.err == nil {
		r.err = err
	}
}

// appendWord appends w as a byte whose bit i says whether byte i of w
// (least significant first) is not zero, then those bytes: from one byte
// for an empty word to nine for a full one.
func appendWord(buf []byte, w uint64) []byte {
	at := len(buf)
	buf = append(buf, 0)
	for i := range 8 {
		if b := byte(w >> (8 * i)); b != 0 {
			buf[at] |= 1 << i
			buf = append(buf, b)
		}
	}
	return buf
}

// readWord reads a word written by appendWord at the start of buf; it
// returns the word and the bytes it took, 0 if buf is too short.
func readWord(buf []byte) (uint64, int) {
	if len(buf) == 0 {
		return 0, 0
	}
	var w uint64
	n := 1
	for i := range 8 {
		if buf[0]&(1<<i) != 0 {
			if n >= len(buf) {
				return 0, 0
			}
			w |= uint64(buf[n]) << (8 * i)
			n++
		}
	}
	return w, n
}

func (r *wireReader) uint(hi uint64, what string) uint64 {
	if r.err != nil {
		return 0
	}
	x, err := wire.ReadUint(r.d)
	switch {
	case err != nil:
		r.err = fmt.Errorf("%s: %w", what, err)
	case x > hi:
		r.err = fmt.Errorf("%s: %d out of range", what, x)
	default:
		return x
	}
	return 0
}

func (r *wireReader) int(lo, hi int64, what string) int64 {
	if r.err != nil {
		return 0
	}
	x, err := wire.ReadInt(r.d)
	switch {
	case err != nil:
		r.err = fmt.Errorf("%s: %w", what, err)
	case x < lo || x > hi:
		r.err = fmt.Errorf("%s: %d out of range", what, x)
	default:
		return x
	}
	return 0
}

func (r *wireReader) bool(what string) bool {
	if r.err != nil {
		return false
	}
	b, err := r.d.DecodeBool()
	if err != nil {
		r.err = fmt.Errorf("%s: %w", what, err)
	}
	return b
}

func (r *wireReader) str(what string) string {
	if r.err != nil {
		return ""
	}
	s, err := r.d.DecodeString()
	switch {
	case err != nil:
		r.err = fmt.Errorf("%s: %w", what, err)
	case len(s) > maxWireString:
		r.err = fmt.Errorf("%s: %d bytes long", what, len(s))
	}
	return s
}

// array reads an array header of at most hi elements (nil counts as 0).
func (r *wireReader) array(hi int, what string) int {
	if r.err != nil {
		return 0
	}
	n, err := r.d.DecodeArrayLen()
	switch {
	case err != nil:
		r.err = fmt.Errorf("%s: %w", what, err)
	case n > hi:
		r.err = fmt.Errorf("%s: %d elements, at most %d", what, n, hi)
	default:
		return max(n, 0)
	}
	return 0
}

// bin reads a binary blob of at most hi bytes (nil counts as empty),
// allocating as the data arrives rather than as its header claims.
func (r *wireReader) bin(hi int, what string) []byte {
	if r.err != nil {
		return nil
	}
	n, err := r.d.DecodeBytesLen()
	switch {
	case err != nil:
		r.err = fmt.Errorf("%s: %w", what, err)
		return nil
	case n > hi:
		r.err = fmt.Errorf("%s: %d bytes, at most %d", what, n, hi)
		return nil
	case n <= 0:
		return nil
	}
	var out []byte
	for len(out) < n {
		k := min(n-len(out), 1<<16)
		start := len(out)
		out = slices.Grow(out, k)[:start+k]
		if err := r.d.ReadFull(out[start:]); err != nil {
			r.err = fmt.Errorf("%s: %w", what, err)
			return nil
		}
	}
	return out
}

// arrayOfEither reads an array header that must have n or m elements, and
// returns its length.
func (r *wireReader) arrayOfEither(n, m int, what string) int {
	k := r.array(maxWireList, what)
	if r.err == nil && k != n && k != m {
		r.err = fmt.Errorf("%s: %d fields, want %d or %d", what, k, n, m)
	}
	return k
}

// arrayOf reads an array header that must have exactly n elements.
func (r *wireReader) arrayOf(n int, what string) {
	if k := r.array(n, what); r.err == nil && k != n {
		r.err = fmt.Errorf("%s: %d fields, want %d", what, k, n)
	}
}
