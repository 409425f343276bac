package hexgame

import (
	"encoding/binary"
	"math"
	"reflect"
	"strings"
	"testing"

	"empires/shared/game"
	"empires/shared/hex"
	"empires/shared/wire"
)

// fullBattle is a battle report with every field set, and a side whose
// rolls are not its dice's.
func fullBattle() *game.BattleReport {
	return &game.BattleReport{
		Hex:        hex.Hex{Q: -3, R: 70},
		Winner:     2,
		City:       4000,
		Reason:     game.ReasonFewerLosses,
		ReasonText: "the defender lost fewer units (1 against 3): the attacker retreats",
		Sides: [2]game.SideReport{
			{
				Player: 1, Role: game.Defender, Armies: []game.ArmyID{900, 12, 70000},
				Before: game.Units{4, 0, 2}, Losses: game.Units{1, 0, 0}, Rolls: []int{3, 6},
				Won: true, Uncroaked: game.Units{0, 1},
				CityLevel: 3, CityDefence: 2, CityLowered: -1, CityUnits: game.Units{2}, CityLosses: game.Units{1},
				Characters: []game.CharacterReport{
					{ID: 77, Army: 900, Kind: 1, Name: "Warlord", Level: 3, LevelAfter: 4, Effect: game.EffectApplied, Text: "level 3: 3 points", Lost: true},
					{ID: 78, Army: 12, Kind: 2, Name: "Heal-A-Mancer", Effect: game.EffectUnused},
				},
				Dice: []game.DieReport{
					{Round: 1, Unit: 0, Roll: 3, Score: 5, Hits: 1},
					{Round: 2, Unit: 2, City: true, Roll: 6, Score: 6, Hits: 2},
				},
				Points: 3, PointsSpent: 2, Hits: 3, Fallen: 2, Healed: 1,
			},
			{
				Player: 2, Role: game.Attacker, Armies: []game.ArmyID{5},
				Before: game.Units{1}, Losses: game.Units{1}, Rolls: []int{4, 1, -2},
				Dice: []game.DieReport{{Round: 1, Roll: 4, Score: 4}},
			},
		},
	}
}

// TestEventsRoundTrip: the compact form gives back exactly the events
// encoded, whatever their fields hold (docs/protocol.md, section 10.8:
// "decoding gives back exactly the events encoded").
func TestEventsRoundTrip(t *testing.T) {
	battle := fullBattle()
	fromDice := fullBattle()
	fromDice.Sides[1].Rolls = []int{4}
	fromDice.Hex, fromDice.City = hex.Hex{Q: 5, R: 5}, 0
	tests := []struct {
		name string
		have []game.Event
	}{
		{"none", nil},
		{"a move", []game.Event{{Turn: 2, Step: 1, Kind: game.EventMove, Player: 1, Army: 9, From: hex.Hex{Q: 1}, To: hex.Hex{Q: 2}, HasHex: true}}},
		{"moves in every direction", func() []game.Event {
			var out []game.Event
			at := hex.Hex{Q: -40, R: 90}
			for d := range hex.Direction(hex.NumDirections) {
				out = append(out, game.Event{Turn: 7, Step: 2, Kind: game.EventMove, Player: game.PlayerID(1 + d%2), Army: game.ArmyID(100 * d),
					From: at, To: at.Neighbor(d), HasHex: true})
				at = at.Neighbor(d)
			}
			return out
		}()},
		{"paths over steps", []game.Event{
			{Turn: 5, Step: 1, Kind: game.EventMove, Player: 1, Army: 30, From: hex.Hex{Q: 3, R: 3}, To: hex.Hex{Q: 4, R: 3}, HasHex: true},
			{Turn: 5, Step: 1, Kind: game.EventMove, Player: 2, Army: 31, From: hex.Hex{Q: 9, R: 9}, To: hex.Hex{Q: 9, R: 8}, HasHex: true},
			{Turn: 5, Step: 2, Kind: game.EventMove, Player: 1, Army: 30, From: hex.Hex{Q: 4, R: 3}, To: hex.Hex{Q: 5, R: 3}, HasHex: true},
			{Turn: 5, Step: 2, Kind: game.EventMove, Player: 2, Army: 31, From: hex.Hex{Q: 1, R: 1}, To: hex.Hex{Q: 1, R: 2}, HasHex: true},
			{Turn: 5, Step: 3, Kind: game.EventBattle, To: hex.Hex{Q: 5, R: 3}, HasHex: true},
			{Turn: 5, Step: 3, Kind: game.EventRetreat, Player: 1, Army: 30, From: hex.Hex{Q: 5, R: 3}, To: hex.Hex{Q: 4, R: 3}, HasHex: true},
			{Turn: 5, Kind: game.EventDestroyed, Player: 2, Army: 31, HasHex: true},
			{Turn: 5, Kind: game.EventMove, Player: 2, Army: 31, To: hex.Hex{Q: 2, R: 2}, HasHex: true},
		}},
		{"every field", []game.Event{
			{Turn: 3, Step: -1, Kind: game.EventBuild, Player: 16, Army: 1 << 31, City: 1<<32 - 1,
				From: hex.Hex{Q: 1 << 30, R: -1 << 30}, To: hex.Hex{Q: -5, R: 9}, HasHex: true, Amount: -1 << 62,
				Text: "built city 261 (level 1) on hex 8,-15 for 2"},
			{Turn: 4, Kind: game.EventBattle, To: battle.Hex, City: battle.City, HasHex: true, Battle: battle},
			{Turn: 3, Kind: game.EventBattle, To: hex.Hex{Q: 1, R: 1}, City: 3, Battle: fromDice},
			{Turn: 3, Kind: game.EventBattle, To: hex.Hex{Q: 2, R: 1}, Battle: &game.BattleReport{Hex: hex.Hex{Q: 2, R: 1}, Sides: [2]game.SideReport{
				{Player: 1, Role: game.Attacker, Armies: []game.ArmyID{4}, Rolls: []int{6, 2}, Hits: 1, Fallen: 1}, // a fleet battle: rolls, no dice
				{Player: 2, Role: game.Defender, Armies: []game.ArmyID{8}, Rolls: []int{3}, Won: true},
			}}},
			{Turn: 3, Kind: game.EventKind(255), Player: 255, From: hex.Hex{Q: 4, R: 4}, To: hex.Hex{Q: 4, R: 4}},
			{Turn: 3, Kind: game.EventIncome, Amount: 1<<63 - 1},
		}},
		{"texts", []game.Event{
			{Turn: 1, Kind: game.EventBuild, Text: "007 and 0 and 10 and 000"},
			{Turn: 1, Kind: game.EventBuild, Text: "123456789012345678 123456789012345678901234567890"},
			{Turn: 1, Kind: game.EventBuild, Text: "a \x00 in it, 12"},
			{Turn: 1, Kind: game.EventBuild, Text: "12"},
			{Turn: 1, Kind: game.EventBuild, Text: "upgraded city 9 to level 2 for 4"},
			{Turn: 1, Kind: game.EventBuild, Text: "upgraded city 244 to level 3 for 6"},
			{Turn: 1, Kind: game.EventBuild, Text: "héllo wörld 5"},
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			data, err := EncodeEvents(tt.have, nil)
			if err != nil {
				t.Fatal(err)
			}
			want, err := DecodeEvents(data, nil)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(want, tt.have) {
				t.Errorf("decoded:\nhave %+v\nwant %+v", want, tt.have)
			}
		})
	}
}

// TestTemplate checks which numbers a text's template takes out.
func TestTemplate(t *testing.T) {
	tests := []struct {
		have     string
		want     string
		wantNums []uint64
	}{
		{"", "", nil},
		{"no numbers", "no numbers", nil},
		{"7", "\x00", []uint64{7}},
		{"hex 8,-15 for 2", "hex \x00,-\x00 for \x00", []uint64{8, 15, 2}},
		{"007 0 10", "007 \x00 \x00", []uint64{0, 10}},
		{"1234567890123456789", "1234567890123456789", nil},
		{"123456789012345678", "\x00", []uint64{123456789012345678}},
	}
	for _, tt := range tests {
		have, nums := template(tt.have)
		if have != tt.want || !reflect.DeepEqual(nums, tt.wantNums) {
			t.Errorf("template(%q): have %q %v, want %q %v", tt.have, have, nums, tt.want, tt.wantNums)
		}
	}
	if _, ok := Template("a \x00"); ok {
		t.Error("a text with a 0 byte has a template")
	}
}

// TestTemplates checks the generated dictionary: its hash is its
// entries', each entry's number is its place, and each is a template
// (text of no number left to take out).
func TestTemplates(t *testing.T) {
	list := make([]string, numTemplates)
	for i := range list {
		list[i] = templateAt(i)
		if k, ok := templateIndex(list[i]); !ok || k != i {
			t.Errorf("template %d %q: its index is %d, %t", i, list[i], k, ok)
		}
		if tmpl, _ := template(strings.ReplaceAll(list[i], "\x00", "1")); tmpl != list[i] {
			t.Errorf("template %d %q is not a template", i, list[i])
		}
	}
	if have, want := HashTemplates(list), uint32(templatesHash); have != want {
		t.Errorf("the templates hash to %#08x, the file says %#08x: regenerate it", have, want)
	}
	if templateAt(numTemplates) != "" {
		t.Errorf("template %d past the end is %q", numTemplates, templateAt(numTemplates))
	}
	// A text of a template travels as its number and its numbers.
	if numTemplates > 0 {
		text := strings.ReplaceAll(templateAt(0), "\x00", "3")
		data, err := EncodeEvents([]game.Event{{Turn: 1, Kind: game.EventBuild, Text: text}}, nil)
		if err != nil {
			t.Fatal(err)
		}
		if strings.Contains(string(data), text[:3]) {
			t.Errorf("the text %q of template 0 travels whole: % x", text, data)
		}
	}
}

// FuzzDecodeEvents: DecodeEvents never panics, and what it accepts
// encodes to a payload that decodes to the same events.
func FuzzDecodeEvents(f *testing.F) {
	for _, evs := range [][]game.Event{nil,
		{{Turn: 2, Step: 1, Kind: game.EventMove, Player: 1, Army: 9, From: hex.Hex{Q: 1}, To: hex.Hex{Q: 2}, HasHex: true}},
		{{Turn: 4, Kind: game.EventBattle, To: hex.Hex{Q: 1}, Battle: fullBattle(), Text: "level 3: 3 points"}},
	} {
		data, err := EncodeEvents(evs, nil)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		evs, err := DecodeEvents(data, nil)
		if err != nil {
			return
		}
		again, err := EncodeEvents(evs, nil)
		if err != nil {
			t.Fatalf("decoded events do not encode: %v", err)
		}
		evs2, err := DecodeEvents(again, nil)
		if err != nil {
			t.Fatalf("re-encoded events do not decode: %v", err)
		}
		if !reflect.DeepEqual(normal(evs), normal(evs2)) {
			t.Fatalf("re-encoded events differ:\nhave %+v\nwant %+v", evs2, evs)
		}
	})
}

// normal returns events with the empty lists of battle reports nil, as
// the compact form gives them back.
func normal(evs []game.Event) []game.Event {
	for i := range evs {
		b := evs[i].Battle
		if b == nil {
			continue
		}
		for k := range b.Sides {
			s := &b.Sides[k]
			if len(s.Armies) == 0 {
				s.Armies = nil
			}
			for _, u := range []*game.Units{&s.Before, &s.Losses, &s.Uncroaked, &s.CityUnits, &s.CityLosses} {
				if len(*u) == 0 {
					*u = nil
				}
			}
			if len(s.Rolls) == 0 {
				s.Rolls = nil
			}
			if len(s.Characters) == 0 {
				s.Characters = nil
			}
			if len(s.Dice) == 0 {
				s.Dice = nil
			}
		}
	}
	return evs
}

// d6Side returns the dice of a side of n Infantry and m Cavalry rolling a
// d6 each (two for Cavalry) in round 1, scored as erfworld scores them
// ("Each roll of 4+ is a hit", "Each roll of 6 is a critical hit, and
// counts as two hits"), the first raised dice by a Warlord's points.
func d6Side(n, m, raised int) []game.DieReport {
	var dice []game.DieReport
	rolls := []int32{3, 6, 1, 4, 5, 2, 6, 5, 3, 1, 4, 2, 2, 6, 5}
	for i := range n + 2*m {
		d := game.DieReport{Round: 1, Roll: rolls[i%len(rolls)]}
		if i >= n {
			d.Unit = 1
		}
		d.Score = d.Roll
		if raised > 0 && d.Roll == 5 {
			d.Score, raised = 6, raised-1
		}
		switch {
		case d.Score >= 6:
			d.Hits = 2
		case d.Score >= 4:
			d.Hits = 1
		}
		dice = append(dice, d)
	}
	return dice
}

// TestDiceRoundTrip: a side's dice come back as they were in every form
// (runs, packed rolls, raised dice, hits by a table of scores or packed),
// and 40 d6 take under 40 bytes, not the 200 of five varints a die
// (docs/protocol.md, section 10.8, "A side's dice").
func TestDiceRoundTrip(t *testing.T) {
	tests := []struct {
		name     string
		have     []game.DieReport
		maxBytes int // the most bytes the dice may take, 0: no bound
	}{
		{"one die", []game.DieReport{{Round: 1, Roll: 4, Score: 4, Hits: 1}}, 6},
		{"40 dice of two kinds", d6Side(20, 10, 0), 36},
		{"40 dice, 3 raised", d6Side(20, 10, 3), 42},
		{"rounds and the city's", []game.DieReport{
			{Round: 1, Unit: 0, City: true, Roll: 2, Score: 2},
			{Round: 1, Unit: 0, Roll: 6, Score: 6, Hits: 2},
			{Round: 2, Unit: 0, City: true, Roll: 5, Score: 6, Hits: 2},
			{Round: 2, Unit: 3, Roll: 4, Score: 4, Hits: 1},
			{Round: 1, Unit: 255, Roll: 1, Score: 1},
		}, 0},
		{"hits that do not follow from the score", []game.DieReport{
			{Round: 1, Roll: 4, Score: 4, Hits: 1}, {Round: 1, Roll: 4, Score: 4, Hits: 3}, {Round: 1, Roll: 6, Score: 9, Hits: -7},
		}, 0},
		{"the ends of int32", []game.DieReport{
			{Round: math.MinInt32, Roll: math.MinInt32, Score: math.MaxInt32, Hits: math.MaxInt32},
			{Round: math.MaxInt32, Roll: math.MaxInt32, Score: math.MinInt32, Hits: math.MinInt32},
			{Round: 0, Roll: 0, Score: 0, Hits: 0},
		}, 0},
		{"all alike", []game.DieReport{{Round: 1, Roll: 3, Score: 3}, {Round: 1, Roll: 3, Score: 3}, {Round: 1, Roll: 3, Score: 3}}, 12},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := &game.BattleReport{}
			b.Sides[0].Dice = tt.have
			var w eventWriter
			w.dice(tt.have)
			if tt.maxBytes > 0 && len(w.buf) > tt.maxBytes {
				t.Errorf("%d dice take %d bytes, want at most %d", len(tt.have), len(w.buf), tt.maxBytes)
			}
			data, err := EncodeEvents([]game.Event{{Turn: 1, Kind: game.EventBattle, Battle: b}}, nil)
			if err != nil {
				t.Fatal(err)
			}
			evs, err := DecodeEvents(data, nil)
			if err != nil {
				t.Fatal(err)
			}
			if have := evs[0].Battle.Sides[0].Dice; !reflect.DeepEqual(have, tt.have) {
				t.Errorf("decoded:\nhave %+v\nwant %+v", have, tt.have)
			}
		})
	}
}

// TestDiceRefused: dice that claim more than the payload holds are
// refused with what is wrong, before anything is allocated for them.
func TestDiceRefused(t *testing.T) {
	// body returns the body of a battle event whose first side's dice are
	// dice, the second side empty.
	body := func(dice ...byte) []byte {
		b := binary.AppendUvarint(nil, evKind|evBattle)
		b = append(b, byte(game.EventBattle), 0x00) // kind, no battle flags
		b = binary.AppendUvarint(b, sDice)
		b = append(b, 0x01, 0x01) // player 1, role 1
		b = append(b, dice...)
		return append(b, 0x00, 0x00, 0x00) // the second side: no flags, player 0, role 0
	}
	compact := func(body []byte) []byte {
		data, err := wire.Marshal(&eventsWire{Version: eventsWireVersion, Turn: 1, Strings: []string{}, Body: body})
		if err != nil {
			t.Fatal(err)
		}
		return data
	}
	tests := []struct {
		name string
		have []byte
		want string
	}{
		{"a dice count bomb", body(0xff, 0xff, 0xff, 0x7f), "side dice count: 134217727 dice, 3 bytes left"},
		{"dice one by one cut short", body(0x04, 0x00, 0x00, 0x00, 0x00), "die roll: truncated"},
		{"a run past the dice", body(0x05, 0x01, 0x00, 0x02, 0x02), "dice run length: 3 dice from die 0 of 2"},
		{"runs short of the dice", body(0x05, 0x01, 0x00, 0x02, 0x00, 0x02, 0x01, 0x00, 0x00, 0x00), "dice runs: 1 dice in runs of 2"},
		{"a roll too wide", body(0x03, 0x01, 0x00, 0x02, 0x00, 0x02, 0x21, 0x00), "die roll width: 33 is more than 32"},
		{"rolls of no width", body(0x03, 0x01, 0x00, 0x02, 0x00, 0x02, 0x00, 0x00), "die roll width: 0, less than 1"},
		{"rolls cut short", body(0x13, 0x01, 0x00, 0x02, 0x08, 0x02, 0x08, 0x01), "die roll: 9 dice of 8 bits, 4 bytes left"},
		{"a raised die past the dice", body(0x03, 0x01, 0x00, 0x02, 0x00, 0x02, 0x01, 0x00, 0x01, 0x01, 0x02), "raised die: die 1 of 1"},
		{"a score out of the hits table", body(0x03, 0x01, 0x00, 0x02, 0x00, 0x08, 0x01, 0x00, 0x00, 0x00, 0x02, 0x01, 0x02), "dice hits: die 0 scored 4, the table has 1 from 1"},
		{"an unknown form of hits", body(0x03, 0x01, 0x00, 0x02, 0x00, 0x02, 0x01, 0x00, 0x00, 0x02), "dice hits form: 2 is more than 1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := DecodeEvents(compact(tt.have), nil)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("have %v, want an error with %q", err, tt.want)
			}
		})
	}
}
