package game

import (
	"bufio"
	"bytes"
	"empires/shared/wire"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/fnv"
	"io"
	"reflect"
	"slices"

	"github.com/vmihailenco/msgpack/v5"

	"empires/shared/hex"
	"empires/shared/hexmap"
	"empires/shared/rulesfile"
)

// Saves and snapshots: a State is stored as msgpack, every struct written as
// an array of its fields in declaration order (hex.Hex is [Q, R]), integers
// in their shortest form and each Bitset as one binary blob of little-endian
// 64-bit words. The encoding is deterministic (the State holds no Go map; any
// map would be written with sorted keys), so equal states give equal bytes
// and Checksum is a hash of those bytes.
//
// Since fields are stored by position, any change to the fields of State or
// of a type inside it (adding, removing or reordering one) must bump
// FormatVersion; Decode refuses saves of another format by name, but for
// the older formats it still reads (format 1: see stateV1). Format must
// stay State's first field so every build can read a save's version.

// MaxSaveSize is the largest save Decode reads (64 MiB; a 128x128 map with 16
// players and 4,000 armies takes about 0.3 MiB).
const MaxSaveSize = 64 << 20

// MaxMsgpackDepth is how deep CheckMsgpack lets arrays and maps nest.
const MaxMsgpackDepth = wire.MaxDepth

// newEncoder returns an encoder writing the canonical form to w.
func newEncoder(w io.Writer) *msgpack.Encoder {
	enc := msgpack.NewEncoder(w)
	enc.UseArrayEncodedStructs(true)
	enc.UseCompactInts(true)
	enc.SetSortMapKeys(true)
	return enc
}

// Encode returns s as a save: the canonical msgpack encoding described
// above. It does not check s; Decode does.
func Encode(s *State) ([]byte, error) {
	if s == nil {
		return nil, errors.New("encode game: no state")
	}
	var buf bytes.Buffer
	buf.Grow(sizeHint(s))
	if err := newEncoder(&buf).Encode(s); err != nil {
		return nil, fmt.Errorf("encode game: %w", err)
	}
	return buf.Bytes(), nil
}

// sizeHint estimates the encoded size of s, to allocate once.
func sizeHint(s *State) int {
	// Measured: an army takes about 19 bytes, a sighting 16.
	n := 256 + 20*len(s.Armies) + 16*len(s.Cities) + 12*len(s.Structures) + 32*len(s.Players)
	if s.Map != nil {
		n += len(s.Map.Terrain)
	}
	for i := range s.Memory {
		m := &s.Memory[i]
		n += 8*(len(m.Known)+len(m.Seen)+len(m.Visible)) + 18*len(m.Armies) + 16*len(m.Cities) + 12*len(m.Structures)
	}
	return n
}

// Decode reads a save written by Encode, or by a build of format 1 (before
// structures: the state it returns has none, in FormatVersion). It
// refuses, with an error starting "decode game:" and never a panic,
// anything that is not a whole, valid save of these formats: garbage,
// truncated or padded data, structs not written as arrays of their
// fields, numbers that do not fit their fields, another format version
// ("save format 7, this build reads 2"), and states that break the
// invariants State.Validate checks (terrain ids are checked against
// rulesfile.MaxTerrains only: the codec does not know the ruleset).
func Decode(data []byte) (*State, error) {
	s, err := decode(data)
	if err != nil {
		return nil, fmt.Errorf("decode game: %w", err)
	}
	return s, nil
}

func decode(data []byte) (*State, error) {
	if len(data) == 0 {
		return nil, errors.New("empty save")
	}
	if len(data) > MaxSaveSize {
		return nil, fmt.Errorf("save of %d bytes, at most %d", len(data), MaxSaveSize)
	}
	format, err := peekFormat(data)
	if err != nil {
		return nil, fmt.Errorf("not a saved game: %w", err)
	}
	if format != FormatVersion && format != 1 {
		return nil, fmt.Errorf("save format %d, this build reads %d", format, FormatVersion)
	}
	// msgpack allocates what length headers claim before reading the
	// elements, so a few corrupt bytes could ask for gigabytes: check every
	// header against the bytes really present first.
	if err := CheckMsgpack(data); err != nil {
		return nil, fmt.Errorf("corrupt save: %w", err)
	}
	// Then the shape of the format's type, its integers' ranges above
	// all (msgpack would cut a turn of 2^32+4 to turn 4).
	rd := bytes.NewReader(data)
	dec := msgpack.NewDecoder(rd)
	shape := reflect.TypeFor[State]()
	if format == 1 {
		shape = reflect.TypeFor[stateV1]()
	}
	if err := wire.CheckShape(dec, shape, false); err != nil {
		return nil, fmt.Errorf("corrupt save: %w", err)
	}
	rd.Reset(data)
	dec.Reset(rd)
	dec.DisallowUnknownFields(true)
	s := new(State)
	if format == 1 {
		old := new(stateV1)
		if err := dec.Decode(old); err != nil {
			return nil, fmt.Errorf("corrupt save: %w", err)
		}
		s = old.upgrade()
	} else if err := dec.Decode(s); err != nil {
		return nil, fmt.Errorf("corrupt save: %w", err)
	}
	if err := s.Validate(rulesfile.MaxTerrains); err != nil {
		return nil, err
	}
	return s, nil
}

// stateV1 is State as saves of format 1 hold it: State's fields before
// Structures was added, in their order, and memories without structures.
// Decode reads such saves into it and upgrades them.
type stateV1 struct {
	Format  int
	Ruleset string
	Seed    uint64
	Turn    Turn
	Map     *hexmap.Map
	Players []Player
	Cities  []City
	Armies  []Army
	Memory  []memoryV1
	RNG     RNG
	NextID  uint32
	Winner  PlayerID
	Over    bool
}

// memoryV1 is Memory as saves of format 1 hold it.
type memoryV1 struct {
	Known   Bitset
	Seen    Bitset
	Visible Bitset
	Armies  []Sighting
	Cities  []CitySighting
}

// upgrade returns the state of format FormatVersion that v holds: the same
// game, with no structures.
func (v *stateV1) upgrade() *State {
	s := &State{Format: FormatVersion, Ruleset: v.Ruleset, Seed: v.Seed, Turn: v.Turn, Map: v.Map, Players: v.Players,
		Cities: v.Cities, Armies: v.Armies, RNG: v.RNG, NextID: v.NextID, Winner: v.Winner, Over: v.Over}
	if v.Memory != nil {
		s.Memory = make([]Memory, len(v.Memory))
		for i, m := range v.Memory {
			s.Memory[i] = Memory{Known: m.Known, Seen: m.Seen, Visible: m.Visible, Armies: m.Armies, Cities: m.Cities}
		}
	}
	return s
}

// peekFormat returns the Format of an encoded State: the first element of
// its top-level array.
func peekFormat(data []byte) (int64, error) {
	dec := msgpack.NewDecoder(bytes.NewReader(data))
	n, err := dec.DecodeArrayLen()
	if err != nil {
		return 0, err
	}
	if n < 1 {
		return 0, fmt.Errorf("top-level array of %d elements", n)
	}
	return dec.DecodeInt64()
}

// Checksum returns a 64-bit FNV-1a hash of the canonical encoding of s (the
// bytes Encode returns): the same on every machine for the same state, equal
// for a Clone and for Decode(Encode(s)), different (but for a 2^-64 chance)
// after any change of any field. Like reflect.DeepEqual, it tells a nil list
// from an empty one.
func (s *State) Checksum() uint64 {
	h := fnv.New64a()
	w := bufio.NewWriterSize(h, 4096)
	// Writing to a hash never fails, and a State always encodes.
	_ = newEncoder(w).Encode(s)
	_ = w.Flush()
	return h.Sum64()
}

// EncodeMsgpack writes the set as one binary blob of little-endian 64-bit
// words (8 bytes a word, against up to 9 for an array of integers, and one
// write instead of one per word).
func (b Bitset) EncodeMsgpack(enc *msgpack.Encoder) error {
	if b == nil {
		return enc.EncodeNil()
	}
	if err := enc.EncodeBytesLen(8 * len(b)); err != nil {
		return err
	}
	var buf [512]byte
	w := enc.Writer()
	for i := 0; i < len(b); {
		n := 0
		for ; i < len(b) && n < len(buf); i++ {
			binary.LittleEndian.PutUint64(buf[n:], b[i])
			n += 8
		}
		if _, err := w.Write(buf[:n]); err != nil {
			return err
		}
	}
	return nil
}

// DecodeMsgpack reads a set written by EncodeMsgpack.
func (b *Bitset) DecodeMsgpack(dec *msgpack.Decoder) error {
	data, err := dec.DecodeBytes()
	if err != nil {
		return err
	}
	if data == nil {
		*b = nil
		return nil
	}
	if len(data)%8 != 0 {
		return fmt.Errorf("bitset of %d bytes is not a whole number of 64-bit words", len(data))
	}
	out := make(Bitset, len(data)/8)
	for i := range out {
		out[i] = binary.LittleEndian.Uint64(data[8*i:])
	}
	*b = out
	return nil
}

// CheckMsgpack is wire.CheckMsgpack: run it before decoding untrusted
// bytes with msgpack.
func CheckMsgpack(data []byte) error { return wire.CheckMsgpack(data) }

// Validate checks the structural invariants of s that every part of the
// engine relies on, and returns the first one broken:
//   - the turn is at least 1; the map's sides are positive and its terrain
//     has one entry per hex, each below terrains (unless terrains <= 0);
//   - at most MaxPlayers players, numbered 1..n in order, eliminated on no
//     turn after the current one; the winner is 0 or a player;
//   - one memory per player, its bitsets sized for the map with no hex beyond
//     it, its sightings sorted by unique IDs, on the map, of valid owners,
//     with counts not negative and seen on no later turn than the current;
//   - cities, armies and structures sorted by unique IDs, each ID
//     (characters' included) used once, from 1 to NextID; owners valid
//     players or 0; hexes on the map, one city a hex; levels and unit counts
//     not negative; known stances with valid directions; a Carrier is
//     another army, naval and not itself carried.
//
// terrains is the ruleset's number of terrains.
func (s *State) Validate(terrains int) error {
	if s.Turn < 1 {
		return fmt.Errorf("turn %d: turns start at 1", s.Turn)
	}
	m := s.Map
	if m == nil {
		return errors.New("no map")
	}
	const maxSide = 1 << 16
	if m.Width <= 0 || m.Height <= 0 || m.Width > maxSide || m.Height > maxSide {
		return fmt.Errorf("map size %dx%d: each side must be 1 to %d", m.Width, m.Height, maxSide)
	}
	r := m.Rect()
	if len(m.Terrain) != r.Len() {
		return fmt.Errorf("map %dx%d has %d terrain cells, want %d", m.Width, m.Height, len(m.Terrain), r.Len())
	}
	if terrains > 0 {
		for i, t := range m.Terrain {
			if int(t) >= terrains {
				return fmt.Errorf("map hex %s has terrain %d, there are %d terrains", r.HexAt(i), t, terrains)
			}
		}
	}
	if len(s.Players) > MaxPlayers {
		return fmt.Errorf("%d players, at most %d", len(s.Players), MaxPlayers)
	}
	for i := range s.Players {
		pl := &s.Players[i]
		if int(pl.ID) != i+1 {
			return fmt.Errorf("player %d has ID %d", i+1, pl.ID)
		}
		if pl.EliminatedTurn < 0 || pl.EliminatedTurn > s.Turn {
			return fmt.Errorf("%s: eliminated on turn %d, the game is on turn %d", pl.ID, pl.EliminatedTurn, s.Turn)
		}
	}
	owner := func(p PlayerID) error {
		if int(p) > len(s.Players) {
			return fmt.Errorf("owner %s does not exist", p)
		}
		return nil
	}
	if int(s.Winner) > len(s.Players) {
		return fmt.Errorf("winner %s does not exist", s.Winner)
	}
	onMap := func(h hex.Hex) error {
		if !r.Contains(h) {
			return fmt.Errorf("hex %s is off the %dx%d map", h, m.Width, m.Height)
		}
		return nil
	}
	if len(s.Memory) != len(s.Players) {
		return fmt.Errorf("%d memories for %d players", len(s.Memory), len(s.Players))
	}
	for i := range s.Memory {
		if err := s.validateMemory(&s.Memory[i], owner, onMap); err != nil {
			return fmt.Errorf("memory of %s: %w", PlayerID(i+1), err)
		}
	}

	ids := make([]uint32, 0, len(s.Armies)+len(s.Cities))
	id := func(v uint32) error {
		if v == 0 || v > s.NextID {
			return fmt.Errorf("ID %d is not 1 to NextID %d", v, s.NextID)
		}
		ids = append(ids, v)
		return nil
	}
	cityHexes := NewBitset(r.Len())
	for i := range s.Cities {
		c := &s.Cities[i]
		if i > 0 && c.ID <= s.Cities[i-1].ID {
			return fmt.Errorf("cities out of order: %s after %s", c.ID, s.Cities[i-1].ID)
		}
		err := id(uint32(c.ID))
		if err == nil {
			err = owner(c.Owner)
		}
		if err == nil {
			err = onMap(c.Hex)
		}
		if err == nil && c.Level < 0 {
			err = fmt.Errorf("level %d is negative", c.Level)
		}
		if err == nil && cityHexes.Has(r.Index(c.Hex)) {
			err = fmt.Errorf("another city stands on hex %s", c.Hex)
		}
		if err != nil {
			return fmt.Errorf("%s: %w", c.ID, err)
		}
		cityHexes.Set(r.Index(c.Hex))
	}
	for i := range s.Armies {
		a := &s.Armies[i]
		if i > 0 && a.ID <= s.Armies[i-1].ID {
			return fmt.Errorf("armies out of order: %s after %s", a.ID, s.Armies[i-1].ID)
		}
		if err := s.validateArmy(a, id, owner, onMap); err != nil {
			return fmt.Errorf("%s: %w", a.ID, err)
		}
	}
	for i := range s.Structures {
		st := &s.Structures[i]
		if i > 0 && st.ID <= s.Structures[i-1].ID {
			return fmt.Errorf("structures out of order: %s after %s", st.ID, s.Structures[i-1].ID)
		}
		err := id(uint32(st.ID))
		if err == nil {
			err = owner(st.Owner)
		}
		if err == nil {
			err = onMap(st.Hex)
		}
		if err != nil {
			return fmt.Errorf("%s: %w", st.ID, err)
		}
	}
	if dup := firstDuplicate(ids); dup != 0 {
		return fmt.Errorf("ID %d names two things (armies, cities, characters and structures share IDs)", dup)
	}
	return nil
}

func (s *State) validateArmy(a *Army, id func(uint32) error, owner func(PlayerID) error, onMap func(hex.Hex) error) error {
	if err := id(uint32(a.ID)); err != nil {
		return err
	}
	if err := owner(a.Owner); err != nil {
		return err
	}
	if err := onMap(a.Hex); err != nil {
		return err
	}
	if err := checkUnits(a.Units); err != nil {
		return err
	}
	for _, ch := range a.Characters {
		if err := id(uint32(ch.ID)); err != nil {
			return fmt.Errorf("character: %w", err)
		}
	}
	if a.Carrier != 0 {
		f := s.Army(a.Carrier)
		switch {
		case a.Carrier == a.ID:
			return errors.New("carried by itself")
		case f == nil:
			return fmt.Errorf("carried by %s, which does not exist", a.Carrier)
		case !f.Naval:
			return fmt.Errorf("carried by %s, which is not a fleet", a.Carrier)
		case f.Carrier != 0:
			return fmt.Errorf("carried by %s, which is itself carried", a.Carrier)
		}
	}
	if a.Stance.Kind > Withdraw {
		return fmt.Errorf("unknown stance %d", a.Stance.Kind)
	}
	if !a.Stance.Dir.Valid() {
		return fmt.Errorf("stance direction %d is not 0 to 5", int(a.Stance.Dir))
	}
	return nil
}

func (s *State) validateMemory(m *Memory, owner func(PlayerID) error, onMap func(hex.Hex) error) error {
	n := s.Map.Rect().Len()
	for _, b := range []struct {
		name string
		set  Bitset
	}{{"Known", m.Known}, {"Seen", m.Seen}, {"Visible", m.Visible}} {
		if len(b.set) != (n+63)/64 {
			return fmt.Errorf("%s has %d words, the map needs %d", b.name, len(b.set), (n+63)/64)
		}
		if n%64 != 0 && b.set[len(b.set)-1]>>(n%64) != 0 {
			return fmt.Errorf("%s holds hexes beyond the map", b.name)
		}
	}
	for i := range m.Armies {
		sg := &m.Armies[i]
		if i > 0 && sg.Army <= m.Armies[i-1].Army {
			return fmt.Errorf("sightings out of order: %s after %s", sg.Army, m.Armies[i-1].Army)
		}
		err := s.checkSeen(uint32(sg.Army), sg.Turn)
		if err == nil {
			err = owner(sg.Owner)
		}
		if err == nil {
			err = onMap(sg.Hex)
		}
		if err == nil {
			err = checkUnits(sg.Units)
		}
		if err == nil && sg.Characters < 0 {
			err = fmt.Errorf("%d characters", sg.Characters)
		}
		if err != nil {
			return fmt.Errorf("sighting of %s: %w", sg.Army, err)
		}
	}
	for i := range m.Cities {
		cs := &m.Cities[i]
		if i > 0 && cs.City <= m.Cities[i-1].City {
			return fmt.Errorf("city sightings out of order: %s after %s", cs.City, m.Cities[i-1].City)
		}
		err := s.checkSeen(uint32(cs.City), cs.Turn)
		if err == nil {
			err = owner(cs.Owner)
		}
		if err == nil {
			err = onMap(cs.Hex)
		}
		if err == nil && cs.Level < 0 {
			err = fmt.Errorf("level %d is negative", cs.Level)
		}
		if err != nil {
			return fmt.Errorf("sighting of %s: %w", cs.City, err)
		}
	}
	for i := range m.Structures {
		ss := &m.Structures[i]
		if i > 0 && ss.Structure <= m.Structures[i-1].Structure {
			return fmt.Errorf("structure sightings out of order: %s after %s", ss.Structure, m.Structures[i-1].Structure)
		}
		err := s.checkSeen(uint32(ss.Structure), ss.Turn)
		if err == nil {
			err = owner(ss.Owner)
		}
		if err == nil {
			err = onMap(ss.Hex)
		}
		if err != nil {
			return fmt.Errorf("sighting of %s: %w", ss.Structure, err)
		}
	}
	return nil
}

// checkSeen checks a sighting's ID and turn.
func (s *State) checkSeen(id uint32, turn Turn) error {
	if id == 0 || id > s.NextID {
		return fmt.Errorf("ID %d is not 1 to NextID %d", id, s.NextID)
	}
	if turn < 1 || turn > s.Turn {
		return fmt.Errorf("seen on turn %d, the game is on turn %d", turn, s.Turn)
	}
	return nil
}

func checkUnits(u Units) error {
	for k, n := range u {
		if n < 0 {
			return fmt.Errorf("%d units of kind %d", n, k)
		}
	}
	return nil
}

// firstDuplicate returns the smallest value found twice in ids (which it
// sorts), or 0.
func firstDuplicate(ids []uint32) uint32 {
	slices.Sort(ids)
	for i := 1; i < len(ids); i++ {
		if ids[i] == ids[i-1] {
			return ids[i]
		}
	}
	return 0
}
