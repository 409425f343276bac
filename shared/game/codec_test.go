package game_test

import (
	"bytes"
	"fmt"
	"hash/fnv"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/vmihailenco/msgpack/v5"

	"empires/shared/game"
	"empires/shared/game/gametest"
	"empires/shared/hex"
	"empires/shared/hexmap"
	"empires/shared/rulesfile"
)

// richGame is the validation fixture with everything a save holds:
// characters, stances, a carried army, treasuries and stocks, cities and
// city sightings, structures and structure sightings, memory, a used RNG,
// a later turn.
func richGame() (*game.State, *gametest.Rules) {
	f := newFixture()
	s := f.s
	s.Turn = 3
	s.Players[0].Name, s.Players[0].Treasury, s.Players[0].Stock = "Stanley", 42, []int32{1, 0, 7}
	s.Players[1].Treasury = -5
	a := s.Army(f.A)
	a.Characters = []game.Character{{ID: game.CharacterID(s.NewID()), Kind: 1, Level: 3}, {ID: game.CharacterID(s.NewID()), Kind: 2}}
	a.Units = game.Units{3, 0, 2}
	a.Stance = game.Stance{Kind: game.Withdraw, Dir: hex.SouthWest}
	s.Army(f.V).Stance.Kind = game.Intercept
	s.City(f.City).Capital = true
	s.RNG.Uint64()
	s.RNG.Uint64()
	// Player 2 saw player 1's capital on turn 2.
	s.Memory[1].Cities = append(s.Memory[1].Cities, game.CitySighting{City: f.City, Owner: 1, Hex: gametest.At(0, 0), Level: 1, Capital: true, Turn: 2})
	s.Memory[1].Known.Set(0)
	// Player 1's farm (kind 1) and nobody's ruin (kind 4); player 2 saw
	// the farm on turn 2.
	farm := s.AddStructure(game.Structure{Kind: 1, Owner: 1, Hex: gametest.At(1, 0)})
	s.AddStructure(game.Structure{Kind: 4, Hex: gametest.At(3, 2)})
	s.Memory[1].Structures = []game.StructureSighting{{Structure: farm, Kind: 1, Owner: 1, Hex: gametest.At(1, 0), Turn: 2}}
	if err := s.Validate(len(f.rs.Terrain())); err != nil {
		panic(err)
	}
	return s, f.rs
}

// goldenGame is built by hand, with no ruleset file or vision code, so its
// encoding changes only when the encoding or the State's fields do.
func goldenGame() *game.State {
	m := hexmap.New(4, 3, 0)
	m.Terrain[5], m.Terrain[6] = 3, 4
	s := game.New(game.Setup{Ruleset: "golden", Seed: 99, Map: m, Players: 2, Names: []string{"Ann"}})
	c := s.AddCity(game.City{Owner: 1, Hex: hex.FromOffset(hex.Offset{Col: 1, Row: 1}), Level: 2, Capital: true})
	f := s.AddArmy(game.Army{Owner: 2, Hex: hex.FromOffset(hex.Offset{Col: 2, Row: 1}), Naval: true, Units: game.Units{1}})
	a := s.AddArmy(game.Army{Owner: 2, Hex: hex.FromOffset(hex.Offset{Col: 2, Row: 1}), Units: game.Units{0, 4}, Carrier: f,
		Characters: []game.Character{{ID: game.CharacterID(s.NewID()), Kind: 1, Level: 2}}, Stance: game.Stance{Kind: game.Withdraw, Dir: hex.West}})
	s.Memory[0].Known.Set(11)
	s.Memory[0].Visible.Set(6)
	s.Memory[0].Armies = []game.Sighting{{Army: a, Owner: 2, Hex: hex.FromOffset(hex.Offset{Col: 2, Row: 1}), Units: game.Units{0, 4}, Characters: 1, Turn: 1}}
	s.Memory[1].Cities = []game.CitySighting{{City: c, Owner: 1, Hex: hex.FromOffset(hex.Offset{Col: 1, Row: 1}), Level: 2, Capital: true, Turn: 1}}
	s.Players[1].Treasury, s.Players[1].Stock = 1000, []int32{-1, 3}
	st := s.AddStructure(game.Structure{Kind: 2, Owner: 1, Hex: hex.FromOffset(hex.Offset{Col: 0, Row: 2})})
	s.Memory[1].Structures = []game.StructureSighting{{Structure: st, Kind: 2, Owner: 1, Hex: hex.FromOffset(hex.Offset{Col: 0, Row: 2}), Turn: 1}}
	s.RNG.Uint64()
	return s
}

// goldenChecksum pins the canonical encoding: every machine and every build
// must agree on it, since saves, replays and desync checks compare it.
const goldenChecksum = 0x3c200141f59d66fb

func TestChecksumGolden(t *testing.T) {
	s := goldenGame()
	if err := s.Validate(5); err != nil {
		t.Fatal(err)
	}
	data, err := game.Encode(s)
	if err != nil {
		t.Fatal(err)
	}
	h := fnv.New64a()
	h.Write(data)
	if got := s.Checksum(); got != h.Sum64() {
		t.Fatalf("Checksum %#x is not the FNV-1a of Encode's bytes %#x", got, h.Sum64())
	}
	if got := s.Checksum(); got != goldenChecksum {
		t.Fatalf("Checksum = %#x, want %#x: the canonical encoding changed. If on purpose (a field of State "+
			"or of a type in it changed), bump game.FormatVersion and update goldenChecksum.\nencoding: %x", got, uint64(goldenChecksum), data)
	}
}

// TestDecodeFormat1: a save written before structures (format 1, the
// golden game's bytes as those builds wrote them) still decodes: into the
// same game with no structures, of the current format, which encodes in
// it.
func TestDecodeFormat1(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("testdata", "save-format1.msgpack"))
	if err != nil {
		t.Fatal(err)
	}
	h := fnv.New64a()
	h.Write(data)
	if h.Sum64() != 0xe7b085df56aa045c {
		t.Fatalf("testdata/save-format1.msgpack is not the format 1 golden save (checksum %#x)", h.Sum64())
	}
	got, err := game.Decode(data)
	if err != nil {
		t.Fatal(err)
	}
	want := goldenGame()
	want.Structures = nil
	want.Memory[1].Structures = nil
	want.NextID-- // goldenGame's structure took the last ID
	if !reflect.DeepEqual(got, want) || got.Format != game.FormatVersion {
		t.Fatalf("decoded\n%+v\nwant\n%+v", got, want)
	}
	again, err := game.Encode(got)
	if err != nil {
		t.Fatal(err)
	}
	if back, err := game.Decode(again); err != nil || back.Checksum() != got.Checksum() {
		t.Fatalf("the upgraded state does not round-trip: %v", err)
	}
}

func TestEncodeRoundTrip(t *testing.T) {
	rich, _ := richGame()
	for _, tt := range []struct {
		name string
		have *game.State
	}{{"rich", rich}, {"golden", goldenGame()}, {"big", bigGame(16, 4000)}} {
		name, s := tt.name, tt.have
		t.Run(name, func(t *testing.T) {
			data, err := game.Encode(s)
			if err != nil {
				t.Fatal(err)
			}
			again, err := game.Encode(s)
			if err != nil || !bytes.Equal(data, again) {
				t.Fatal("two encodings of one state differ")
			}
			got, err := game.Decode(data)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, s) {
				t.Fatalf("Decode(Encode(s)) differs from s:\n got %+v\nwant %+v", got, s)
			}
			if got.Checksum() != s.Checksum() {
				t.Fatal("the decoded state has another checksum")
			}
			if re, _ := game.Encode(got); !bytes.Equal(re, data) {
				t.Fatal("re-encoding the decoded state gives other bytes")
			}
			t.Logf("%s: %d players, %d armies, %d cities, %dx%d map: %d bytes", name,
				len(s.Players), len(s.Armies), len(s.Cities), s.Map.Width, s.Map.Height, len(data))
		})
	}
}

// TestChecksumClone: a Clone has the original's checksum; changing any
// field of the clone changes the clone's checksum and never the original's.
func TestChecksumClone(t *testing.T) {
	orig, _ := richGame()
	sum := orig.Checksum()
	if orig.Clone().Checksum() != sum {
		t.Fatal("Clone has another checksum")
	}
	tests := []struct {
		name string
		have func(s *game.State)
	}{
		{"format", func(s *game.State) { s.Format++ }},
		{"ruleset", func(s *game.State) { s.Ruleset = "other" }},
		{"seed", func(s *game.State) { s.Seed++ }},
		{"turn", func(s *game.State) { s.Turn++ }},
		{"map width", func(s *game.State) { s.Map.Width++ }},
		{"map terrain", func(s *game.State) { s.Map.Terrain[7] = 2 }},
		{"player name", func(s *game.State) { s.Players[1].Name = "Jillian" }},
		{"player alive", func(s *game.State) { s.Players[1].Alive = false }},
		{"treasury", func(s *game.State) { s.Players[0].Treasury-- }},
		{"stock", func(s *game.State) { s.Players[0].Stock[2] = 8 }},
		{"eliminated", func(s *game.State) { s.Players[2].EliminatedTurn = 2 }},
		{"city owner", func(s *game.State) { s.Cities[0].Owner = 2 }},
		{"city hex", func(s *game.State) { s.Cities[0].Hex.Q++ }},
		{"city level", func(s *game.State) { s.Cities[1].Level++ }},
		{"capital", func(s *game.State) { s.Cities[0].Capital = false }},
		{"army owner", func(s *game.State) { s.Armies[0].Owner = 2 }},
		{"army hex", func(s *game.State) { s.Armies[0].Hex.R++ }},
		{"naval", func(s *game.State) { s.Armies[1].Naval = true }},
		{"units", func(s *game.State) { s.Armies[0].Units[2]++ }},
		{"character level", func(s *game.State) { s.Armies[0].Characters[0].Level++ }},
		{"character kind", func(s *game.State) { s.Armies[0].Characters[1].Kind = 9 }},
		{"carrier", func(s *game.State) { s.Armies[3].Carrier = 0 }},
		{"stance", func(s *game.State) { s.Armies[0].Stance.Dir = hex.East }},
		{"army removed", func(s *game.State) { s.Armies = s.Armies[1:] }},
		{"structure kind", func(s *game.State) { s.Structures[0].Kind = 3 }},
		{"structure owner", func(s *game.State) { s.Structures[1].Owner = 2 }},
		{"structure hex", func(s *game.State) { s.Structures[0].Hex.Q++ }},
		{"structure removed", func(s *game.State) { s.Structures = s.Structures[1:] }},
		{"structure sighting", func(s *game.State) { s.Memory[1].Structures[0].Turn = 3 }},
		{"known", func(s *game.State) { s.Memory[0].Known.Set(39) }},
		{"seen", func(s *game.State) { s.Memory[1].Seen.Set(20) }},
		{"visible", func(s *game.State) { s.Memory[2].Visible.Set(1) }},
		{"sighting units", func(s *game.State) { s.Memory[0].Armies[0].Units[0]++ }},
		{"sighting turn", func(s *game.State) { s.Memory[0].Armies[1].Turn++ }},
		{"city sighting", func(s *game.State) { s.Memory[1].Cities[0].Level++ }},
		{"rng", func(s *game.State) { s.RNG.Uint64() }},
		{"next id", func(s *game.State) { s.NextID++ }},
		{"winner", func(s *game.State) { s.Winner = 1 }},
		{"over", func(s *game.State) { s.Over = true }},
	}
	seen := map[uint64]string{sum: "original"}
	for _, tt := range tests {
		c := orig.Clone()
		tt.have(c)
		got := c.Checksum()
		if got == sum {
			t.Errorf("%s: changing the clone left its checksum unchanged", tt.name)
		}
		if prev, dup := seen[got]; dup {
			t.Errorf("%s: same checksum as %s", tt.name, prev)
		}
		seen[got] = tt.name
		if orig.Checksum() != sum {
			t.Fatalf("%s: changing the clone changed the original", tt.name)
		}
	}
}

// encodeWith returns the save of the rich game after change.
func encodeWith(change func(s *game.State)) func() []byte {
	return func() []byte {
		s, _ := richGame()
		change(s)
		data, err := game.Encode(s)
		if err != nil {
			panic(err)
		}
		return data
	}
}

// patchSave returns the rich game's save with the value at path (indexes
// into the save's arrays: 3 is State.Turn) set to v, in msgpack's shortest
// form: numbers Encode could not write.
func patchSave(v any, path ...int) func() []byte {
	return func() []byte {
		data := encodeWith(func(*game.State) {})()
		var x any
		if err := msgpack.Unmarshal(data, &x); err != nil {
			panic(err)
		}
		at := x.([]any)
		for _, i := range path[:len(path)-1] {
			at = at[i].([]any)
		}
		at[path[len(path)-1]] = v
		var buf bytes.Buffer
		enc := msgpack.NewEncoder(&buf)
		enc.UseCompactInts(true)
		if err := enc.Encode(x); err != nil {
			panic(err)
		}
		return buf.Bytes()
	}
}

func TestDecodeErrors(t *testing.T) {
	s, _ := richGame()
	valid, err := game.Encode(s)
	if err != nil {
		t.Fatal(err)
	}
	raw := func(b ...byte) func() []byte { return func() []byte { return b } }
	fv := byte(game.FormatVersion)
	at := func(col, row int) string { return gametest.At(col, row).String() }
	tests := []struct {
		name string
		have func() []byte
		want string // the whole message, or its start when it ends in "*"
	}{
		{"empty", raw(), "decode game: empty save"},
		{"garbage", raw('h', 'e', 'l', 'l', 'o'), "decode game: not a saved game: *"},
		{"not an array", raw(0x81, 0xa1, 'a', 0x01), "decode game: not a saved game: *"},
		{"format not a number", raw(0x91, 0xa1, 'a'), "decode game: not a saved game: *"},
		{"other format", encodeWith(func(s *game.State) { s.Format = 7 }), fmt.Sprintf("decode game: save format 7, this build reads %d", fv)},
		{"future format, other shape", raw(0x92, fv+1, 0xc0), fmt.Sprintf("decode game: save format %d, this build reads %d", fv+1, fv)},
		{"format 1, other shape", raw(0x9d, 0x01, 0xc0), "decode game: corrupt save: *"},
		{"truncated", func() []byte { return valid[:len(valid)-9] }, "decode game: corrupt save: truncated at byte *"},
		{"cut in a blob", func() []byte { return valid[:len(valid)/2] }, "decode game: corrupt save: *"},
		{"extra bytes", func() []byte { return append(bytes.Clone(valid), 0xc0, 0xc0) }, "decode game: corrupt save: 2 extra bytes after the value"},
		{"huge array", raw(0x92, fv, 0xdd, 0xff, 0xff, 0xff, 0xff),
			"decode game: corrupt save: byte 2: 4294967295 elements claimed, 0 bytes left"},
		{"huge blob", raw(0x92, fv, 0xc6, 0xff, 0xff, 0xff, 0xf0, 0x00),
			"decode game: corrupt save: byte 2: 4294967280 bytes claimed, 1 left"},
		{"too deep", func() []byte { return append(append([]byte{0x92, fv}, bytes.Repeat([]byte{0x91}, 40)...), 0xc0) },
			"decode game: corrupt save: byte 33: nested more than 32 deep"},
		{"invalid code", raw(0x92, fv, 0xc1), "decode game: corrupt save: byte 2: invalid msgpack code 0xc1"},
		{"extension type", raw(0x92, fv, 0xd4, 0x01, 0x00), "decode game: corrupt save: State is not an array of its 14 fields"},
		{"huge extension", raw(0x92, fv, 0xc9, 0xff, 0xff, 0xff, 0xff, 0x01),
			"decode game: corrupt save: byte 2: 4294967296 bytes claimed, 1 left"},
		{"fields missing", raw(0x91, fv), "decode game: corrupt save: State is not an array of its 14 fields"},
		{"field of the wrong type", patchSave("3", 3), "decode game: corrupt save: Turn: an integer was expected, not a string"},
		// Numbers that do not fit their fields: msgpack alone would cut
		// them to their bits and the state would pass as turn 3, army 3.
		{"turn 2^32+3", patchSave(uint64(1<<32+3), 3),
			"decode game: corrupt save: Turn: 4294967299 is out of range (-2147483648 to 2147483647)"},
		{"winner 257", patchSave(257, 12), "decode game: corrupt save: Winner: 257 is out of range (0 to 255)"},
		{"army id 2^32+3", patchSave(uint64(1<<32+3), 7, 0, 0),
			"decode game: corrupt save: Armies[0].ID: 4294967299 is out of range (0 to 4294967295)"},
		{"negative NextID", patchSave(-1, 11), "decode game: corrupt save: NextID: -1 is out of range (0 to 4294967295)"},
		{"map size", encodeWith(func(s *game.State) { s.Map.Terrain = s.Map.Terrain[:39] }), "decode game: map 8x5 has 39 terrain cells, want 40"},
		{"map side", encodeWith(func(s *game.State) { s.Map.Width = 0 }), "decode game: map size 0x5: each side must be 1 to 65536"},
		{"no map", encodeWith(func(s *game.State) { s.Map = nil }), "decode game: no map"},
		{"terrain", encodeWith(func(s *game.State) { s.Map.Terrain[9] = rulesfile.NoTerrain }),
			fmt.Sprintf("decode game: map hex %s has terrain 255, there are 255 terrains", at(1, 1))},
		{"turn", encodeWith(func(s *game.State) { s.Turn = 0 }), "decode game: turn 0: turns start at 1"},
		{"player id", encodeWith(func(s *game.State) { s.Players[1].ID = 3 }), "decode game: player 2 has ID 3"},
		{"too many players", encodeWith(func(s *game.State) {
			for len(s.Players) <= game.MaxPlayers {
				s.Players = append(s.Players, game.Player{ID: game.PlayerID(len(s.Players) + 1)})
			}
		}), "decode game: 17 players, at most 16"},
		{"eliminated later", encodeWith(func(s *game.State) { s.Players[2].EliminatedTurn = 4 }),
			"decode game: player 3: eliminated on turn 4, the game is on turn 3"},
		{"winner", encodeWith(func(s *game.State) { s.Winner = 4 }), "decode game: winner player 4 does not exist"},
		{"memories", encodeWith(func(s *game.State) { s.Memory = s.Memory[:2] }), "decode game: 2 memories for 3 players"},
		{"bitset size", encodeWith(func(s *game.State) { s.Memory[1].Seen = append(s.Memory[1].Seen, 0) }),
			"decode game: memory of player 2: Seen has 2 words, the map needs 1"},
		{"bitset beyond the map", encodeWith(func(s *game.State) { s.Memory[0].Visible[0] |= 1 << 40 }),
			"decode game: memory of player 1: Visible holds hexes beyond the map"},
		{"sightings order", encodeWith(func(s *game.State) {
			m := s.Memory[0].Armies
			m[0], m[1] = m[1], m[0]
		}), "decode game: memory of player 1: sightings out of order: army 7 after army 9"},
		{"sighting off the map", encodeWith(func(s *game.State) { s.Memory[0].Armies[1].Hex = gametest.At(8, 0) }),
			fmt.Sprintf("decode game: memory of player 1: sighting of army 9: hex %s is off the 8x5 map", at(8, 0))},
		{"sighting turn", encodeWith(func(s *game.State) { s.Memory[0].Armies[1].Turn = 9 }),
			"decode game: memory of player 1: sighting of army 9: seen on turn 9, the game is on turn 3"},
		{"sighting owner", encodeWith(func(s *game.State) { s.Memory[0].Armies[1].Owner = 5 }),
			"decode game: memory of player 1: sighting of army 9: owner player 5 does not exist"},
		{"city sighting id", encodeWith(func(s *game.State) { s.Memory[1].Cities[0].City = 0 }),
			"decode game: memory of player 2: sighting of city 0: ID 0 is not 1 to NextID 14"},
		{"structure sighting turn", encodeWith(func(s *game.State) { s.Memory[1].Structures[0].Turn = 4 }),
			"decode game: memory of player 2: sighting of structure 13: seen on turn 4, the game is on turn 3"},
		{"structure sightings order", encodeWith(func(s *game.State) {
			s.Memory[1].Structures = append(s.Memory[1].Structures, game.StructureSighting{Structure: 2, Turn: 1})
		}), "decode game: memory of player 2: structure sightings out of order: structure 2 after structure 13"},
		{"armies order", encodeWith(func(s *game.State) { s.Armies[0], s.Armies[1] = s.Armies[1], s.Armies[0] }),
			"decode game: armies out of order: army 3 after army 4"},
		{"army id above NextID", encodeWith(func(s *game.State) { s.Armies[len(s.Armies)-1].ID = 50 }),
			"decode game: army 50: ID 50 is not 1 to NextID 14"},
		{"id used twice", encodeWith(func(s *game.State) { s.Armies[0].Characters[0].ID = 1 }),
			"decode game: ID 1 names two things (armies, cities, characters and structures share IDs)"},
		{"structure id used twice", encodeWith(func(s *game.State) { s.Structures[0].ID = 3 }),
			"decode game: ID 3 names two things (armies, cities, characters and structures share IDs)"},
		{"structures order", encodeWith(func(s *game.State) { s.Structures[0], s.Structures[1] = s.Structures[1], s.Structures[0] }),
			"decode game: structures out of order: structure 13 after structure 14"},
		{"structure owner", encodeWith(func(s *game.State) { s.Structures[1].Owner = 4 }),
			"decode game: structure 14: owner player 4 does not exist"},
		{"structure off the map", encodeWith(func(s *game.State) { s.Structures[0].Hex = gametest.At(9, 0) }),
			fmt.Sprintf("decode game: structure 13: hex %s is off the 8x5 map", at(9, 0))},
		{"army owner", encodeWith(func(s *game.State) { s.Armies[0].Owner = 4 }), "decode game: army 3: owner player 4 does not exist"},
		{"army off the map", encodeWith(func(s *game.State) { s.Armies[0].Hex = gametest.At(0, -1) }),
			fmt.Sprintf("decode game: army 3: hex %s is off the 8x5 map", at(0, -1))},
		{"negative units", encodeWith(func(s *game.State) { s.Armies[0].Units[1] = -1 }), "decode game: army 3: -1 units of kind 1"},
		{"character id", encodeWith(func(s *game.State) { s.Armies[0].Characters[1].ID = 0 }),
			"decode game: army 3: character: ID 0 is not 1 to NextID 14"},
		{"carrier missing", encodeWith(func(s *game.State) { s.Armies[3].Carrier = 10 }), "decode game: army 6: carried by army 10, which does not exist"},
		{"carrier not naval", encodeWith(func(s *game.State) { s.Armies[3].Carrier = 3 }), "decode game: army 6: carried by army 3, which is not a fleet"},
		{"carried by itself", encodeWith(func(s *game.State) { s.Armies[3].Carrier = 6 }), "decode game: army 6: carried by itself"},
		{"carrier carried", encodeWith(func(s *game.State) { s.Armies[2].Carrier = 6; s.Armies[3].Naval = true }),
			"decode game: army 5: carried by army 6, which is itself carried"},
		{"stance", encodeWith(func(s *game.State) { s.Armies[1].Stance.Kind = 3 }), "decode game: army 4: unknown stance 3"},
		{"stance direction", encodeWith(func(s *game.State) { s.Armies[1].Stance.Dir = 6 }), "decode game: army 4: stance direction 6 is not 0 to 5"},
		{"cities order", encodeWith(func(s *game.State) { s.Cities[0], s.Cities[1] = s.Cities[1], s.Cities[0] }),
			"decode game: cities out of order: city 1 after city 2"},
		{"city level", encodeWith(func(s *game.State) { s.Cities[1].Level = -1 }), "decode game: city 2: level -1 is negative"},
		{"two cities on a hex", encodeWith(func(s *game.State) { s.Cities[1].Hex = s.Cities[0].Hex }),
			fmt.Sprintf("decode game: city 2: another city stands on hex %s", at(0, 0))},
		{"city owner", encodeWith(func(s *game.State) { s.Cities[1].Owner = 9 }), "decode game: city 2: owner player 9 does not exist"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := game.Decode(tt.have())
			if err == nil {
				t.Fatalf("Decode accepted it: %+v", got)
			}
			msg := err.Error()
			if prefix, ok := strings.CutSuffix(tt.want, "*"); ok {
				if !strings.HasPrefix(msg, prefix) {
					t.Fatalf("error %q, want it to start %q", msg, prefix)
				}
			} else if msg != tt.want {
				t.Fatalf("error %q\n         want %q", msg, tt.want)
			}
		})
	}
}

// FuzzDecode: Decode never panics, and whatever it accepts is a valid state
// that encodes, decodes back the same, and re-encodes to the same bytes.
func FuzzDecode(f *testing.F) {
	s, _ := richGame()
	for _, st := range []*game.State{s, goldenGame()} {
		data, err := game.Encode(st)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
		f.Add(data[:len(data)/3])
	}
	f.Add([]byte{0x91, 0x01})
	if old, err := os.ReadFile(filepath.Join("testdata", "save-format1.msgpack")); err == nil {
		f.Add(old)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		s, err := game.Decode(data)
		if err != nil {
			if s != nil || !strings.HasPrefix(err.Error(), "decode game: ") {
				t.Fatalf("state %v with error %v", s, err)
			}
			return
		}
		if err := s.Validate(rulesfile.MaxTerrains); err != nil {
			t.Fatalf("Decode accepted an invalid state: %v", err)
		}
		enc, err := game.Encode(s)
		if err != nil {
			t.Fatal(err)
		}
		back, err := game.Decode(enc)
		if err != nil {
			t.Fatalf("the re-encoded state does not decode: %v", err)
		}
		if !reflect.DeepEqual(back, s) || back.Checksum() != s.Checksum() {
			t.Fatal("the re-encoded state decodes to another state")
		}
		if again, _ := game.Encode(back); !bytes.Equal(again, enc) {
			t.Fatal("the encoding is not stable")
		}
		if !reflect.DeepEqual(s.Clone(), s) {
			t.Fatal("Clone of a decoded state differs")
		}
	})
}

// bigGame is a late game on a 128x128 map: the players' armies spread over
// the land, cities, and every player knowing the whole map (the largest
// memory).
func bigGame(players, armies int) *game.State {
	rs := gametest.New()
	water, _ := rs.Terrain().Lookup("water")
	woods, _ := rs.Terrain().Lookup("woods")
	m := hexmap.New(128, 128, 0)
	rng := rand.New(rand.NewPCG(1, 2))
	for i := range m.Terrain {
		switch rng.IntN(10) {
		case 0, 1, 2:
			m.Terrain[i] = water
		case 3:
			m.Terrain[i] = woods
		}
	}
	s := game.New(game.Setup{Ruleset: rs.ID(), Seed: 7, Map: m, Players: players})
	r := m.Rect()
	land := func() hex.Hex {
		for {
			if i := rng.IntN(r.Len()); m.Terrain[i] != water {
				return r.HexAt(i)
			}
		}
	}
	for i := range 16 * players {
		h := land()
		if s.CityAt(h) == nil {
			s.AddCity(game.City{Owner: game.PlayerID(i%players + 1), Hex: h, Level: int32(1 + rng.IntN(5)), Capital: i < players})
		}
	}
	for i := range armies {
		a := game.Army{Owner: game.PlayerID(i%players + 1), Hex: land(),
			Units: game.Units{int32(1 + rng.IntN(20)), int32(rng.IntN(5)), int32(rng.IntN(3))}}
		if rng.IntN(8) == 0 {
			a.Characters = []game.Character{{ID: game.CharacterID(s.NewID()), Kind: uint8(rng.IntN(3)), Level: int32(1 + rng.IntN(5))}}
		}
		s.AddArmy(a)
	}
	game.RecordVision(s, rs)
	for i := range s.Memory {
		for k := range s.Memory[i].Known {
			s.Memory[i].Known[k] = ^uint64(0)
		}
		s.Players[i].Treasury = int64(rng.IntN(10000))
	}
	s.Turn = 40
	if err := s.Validate(len(rs.Terrain())); err != nil {
		panic(err)
	}
	return s
}

func BenchmarkEncode(b *testing.B) {
	s := bigGame(16, 4000)
	var size int
	b.ReportAllocs()
	for b.Loop() {
		data, err := game.Encode(s)
		if err != nil {
			b.Fatal(err)
		}
		size = len(data)
	}
	b.ReportMetric(float64(size), "bytes/save")
}

func BenchmarkDecode(b *testing.B) {
	data, err := game.Encode(bigGame(16, 4000))
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := game.Decode(data); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(len(data)), "bytes/save")
}

func BenchmarkChecksum(b *testing.B) {
	s := bigGame(16, 4000)
	data, _ := game.Encode(s)
	b.ReportAllocs()
	for b.Loop() {
		s.Checksum()
	}
	b.ReportMetric(float64(len(data)), "bytes/save")
}

// TestCheckMsgpack: what msgpack itself would choke on is refused before
// decoding; whole values of any type pass.
func TestCheckMsgpack(t *testing.T) {
	order, _ := msgpack.Marshal(&game.Order{Turn: 2, Kind: game.OrderMove, Army: 3, Path: gametest.Path("0,2 0,3")})
	mixed, _ := msgpack.Marshal(map[string]any{"a": []any{1.5, float32(2), "x", []byte{1, 2}, nil, true, -7, uint64(1) << 40, map[string]int{"b": 1}}})
	tests := []struct {
		name string
		have []byte
		want string
	}{
		{"order", order, ""},
		{"every type", mixed, ""},
		{"fixext", []byte{0xd5, 0x01, 0x02, 0x03}, ""},
		{"ext8", []byte{0xc7, 0x02, 0x01, 0x02, 0x03}, ""},
		{"empty", nil, "truncated at byte 0"},
		{"two values", []byte{0x01, 0x02}, "1 extra bytes after the value"},
		{"short array", []byte{0x93, 0x01, 0x02}, "byte 0: 3 elements claimed, 2 bytes left"},
		{"truncated header", []byte{0x91, 0xdd, 0x01}, "truncated at byte 3"},
		{"truncated int", []byte{0x91, 0xcf, 0x01}, "truncated at byte 3"},
		// Found by FuzzValidateOrder: msgpack.Unmarshal of these bytes
		// into an Order asks for 59 GB.
		{"fuzz crash", []byte("\x9e0\xcc0000\xdd\xdd\xdd\x980"), "byte 0: 14 elements claimed, 11 bytes left"},
	}
	for _, tt := range tests {
		got := ""
		if err := game.CheckMsgpack(tt.have); err != nil {
			got = err.Error()
		}
		if got != tt.want {
			t.Errorf("%s: got %q, want %q", tt.name, got, tt.want)
		}
	}
}

// The msgpack of an Order, as a client would send it, decodes to the same
// order (the fuzz test above relies on it).
func TestOrderMsgpack(t *testing.T) {
	o := game.Order{Turn: 2, Kind: game.OrderMove, Army: 3, Path: gametest.Path("0,2 0,3"), Units: game.Units{1}}
	data, err := msgpack.Marshal(&o)
	if err != nil {
		t.Fatal(err)
	}
	var got game.Order
	if err := msgpack.Unmarshal(data, &got); err != nil || !reflect.DeepEqual(got, o) {
		t.Fatalf("got %+v, %v", got, err)
	}
}
