package generals

import (
	"bytes"
	"slices"
	"strings"
	"testing"

	"empires/shared/rules/generals/cards"
	"empires/shared/ruleset"
	"empires/shared/ruleset/rulesettest"
	"empires/shared/wire"
)

// TestInfo: the game's settings (RULES.md's CHOICE rows): the game type (Open, each
// edition, each era, the catalogue's house rules), the length (Normal by
// default), the variation, the Epic Campaigner, the round limit, the two
// clocks; the four levels.
func TestInfo(t *testing.T) {
	in := New().Info()
	if err := in.Check(); err != nil {
		t.Fatal(err)
	}
	var keys []string
	for _, s := range in.Settings {
		keys = append(keys, s.Key)
	}
	if want := []string{KeyType, KeyLength, KeyVariation, KeyEpic, KeyRounds, KeyAnswer, KeyTurn}; !slices.Equal(keys, want) {
		t.Errorf("settings %v, want %v", keys, want)
	}
	types, _ := in.Setting(KeyType)
	// The Expanded and Medieval Editions (and so the Middle Ages) hold too
	// few cards for a deck of 25: they are not offered.
	want := []string{"Open", "Edition: Family Edition", "Epoch: Antiquity",
		"One empire's cards: The Huns", "One empire's cards: Rome", "No ultra rare cards"}
	if !slices.Equal(types.Choices, want) || types.Default != 0 {
		t.Errorf("game types %q (default %d), want %q", types.Choices, types.Default, want)
	}
	length, _ := in.Setting(KeyLength)
	rounds, _ := in.Setting(KeyRounds)
	if length.Default != LengthNormal || rounds.Default != DefaultRounds || rounds.Min < 1 {
		t.Errorf("length %+v, rounds %+v", length, rounds)
	}
	if in.MinSeats != 2 || in.MaxSeats != 20 {
		t.Errorf("seats %d to %d, want \"Anywhere from 2-20 Players\"", in.MinSeats, in.MaxSeats)
	}
	if !slices.Equal(in.Levels, []string{"passive", "random", "easy", "normal"}) || !in.Hidden || in.Board != "cards" {
		t.Errorf("levels %v, hidden %t, board %q", in.Levels, in.Hidden, in.Board)
	}
}

// TestSeatSetup: "You may use any of the decks within the given limits of
// the Game you are playing in." A deck is checked against the game type
// and the variation's deck sizes; DefaultSeat is legal for every type and
// variation the collection holds a deck for, and CheckConfig refuses the
// others.
func TestSeatSetup(t *testing.T) {
	t.Logf("rule 1: %s", rule[1])
	rs := New()
	huns := rs.DefaultSeat(nil)
	if !bytes.Contains(huns, []byte("EGFETHG1")) {
		t.Errorf("the default deck is not The Huns':\n%s", huns)
	}
	for _, tt := range []struct {
		name string
		opts ruleset.Options
		deck string
		want string // "" for a legal deck
	}{
		{"the Huns' deck in an Open game", nil, string(huns), ""},
		{"the Huns' deck in Rome's house rules", ruleset.Options{KeyType: 4}, string(huns), "barred by the house rule"},
		{"the Huns' deck in Family Edition play", ruleset.Options{KeyType: 1}, string(huns), ""},
		{"the Huns' deck in Southpole", ruleset.Options{KeyVariation: VariationSouthpole}, string(huns), "at least 400"},
		{"a deck of 24 Playing Cards", nil, cards.DeckHeader + "\nEGFETHS4 5\nEGFETHS1a 5\nEGFETHS1b 5\nEGFERMS1 5\nEGFERMS2 4\n", "at least 25"},
		{"a Blitzkrieg deck without 10 Resource Cards", ruleset.Options{KeyVariation: VariationBlitzkrieg},
			cards.DeckHeader + "\nEGFETHS4 5\nEGFETHS1a 5\nEGFETHS1b 5\nEGFERMS1 5\nEGFERMS2 5\nEGFENTR1 5\n", "at least 10"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			problems, err := rs.CheckSeat(tt.opts, []byte(tt.deck))
			if err != nil {
				t.Fatal(err)
			}
			var why []string
			for _, p := range problems {
				why = append(why, p.Reason)
			}
			switch {
			case tt.want == "" && problems != nil:
				t.Errorf("refused: %v", why)
			case tt.want != "" && !strings.Contains(strings.Join(why, "; "), tt.want):
				t.Errorf("problems %v, want %q", why, tt.want)
			}
		})
	}
	if _, err := rs.CheckSeat(nil, []byte("not a deck")); err == nil {
		t.Error("CheckSeat took bytes that are no deck")
	}
	in := rs.Info()
	types, _ := in.Setting(KeyType)
	for ty := range types.Choices {
		for va := range 5 {
			opts := ruleset.Options{KeyType: ty, KeyVariation: va}
			err := rs.CheckConfig(ruleset.Config{Seats: 2, Options: opts})
			problems, _ := rs.CheckSeat(opts, rs.DefaultSeat(opts))
			if (err == nil) != (problems == nil) {
				t.Errorf("%s, variation %d: CheckConfig %v, the default deck's problems %v", types.Choices[ty], va, err, problems)
			}
			if err == nil && ty <= 1 {
				if _, err := rs.New(ruleset.Config{Seed: 1, Seats: 2, Options: opts}); err != nil {
					t.Errorf("%s, variation %d: %v", types.Choices[ty], va, err)
				}
			}
		}
	}
	if err := rs.CheckConfig(ruleset.Config{Seats: 2, Options: ruleset.Options{KeyType: 3, KeyVariation: VariationSouthpole}}); err == nil {
		t.Error("a Southpole game of the Huns' cards, which make no deck of 400, is not refused")
	}
}

// TestBotDecks: seats that bring no deck take the ready-made decks in
// turn, from The Huns', so that a table of bots shows every empire; a
// seat's own deck is played; a bad one is refused by New.
func TestBotDecks(t *testing.T) {
	t.Logf("rule 1: %s", rule[1])
	rs := New()
	cfg := config(1, 5, 40)
	rome, _ := rs.coll.Ready("rome")
	cfg.SeatData = [][]byte{nil, rome.Encode(), nil, nil, nil}
	gg, err := rs.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	g := gg.(*game)
	var empires []string
	for _, pl := range g.s.Players {
		for _, id := range pl.Brought {
			if c := g.card(id); c.ID.Kind == cards.General {
				empires = append(empires, string(c.ID.Empire))
				break
			}
		}
	}
	if want := []string{"TH", "RM", "EY", "HC", "TH"}; !slices.Equal(empires, want) {
		t.Errorf("the seats' empires %v, want %v", empires, want)
	}
	cfg.SeatData[1] = []byte(cards.DeckHeader + "\nEGFETHS4 9\n")
	if _, err := rs.New(cfg); err == nil || !strings.Contains(err.Error(), "seat 2's deck") {
		t.Errorf("New with a bad deck: %v", err)
	}
}

// TestWithData: the collection's files travel as one bundle: WithData of
// Data is the same ruleset; a bundle of a broken file is refused with its
// file and line.
func TestWithData(t *testing.T) {
	rs := New()
	same, err := rs.WithData(rs.Data())
	if err != nil || same.Info().Hash != rs.Info().Hash {
		t.Fatalf("WithData(Data()): %v", err)
	}
	var files []dataFile
	if err := wire.Unmarshal(rs.Data(), &files); err != nil {
		t.Fatal(err)
	}
	for i := range files {
		if files[i].Name == "generals/empires/rome.toml" {
			files[i].Data = bytes.Replace(files[i].Data, []byte(`strength = 3`), []byte(`strength = "three"`), 1)
		}
	}
	bad, _ := wire.Marshal(files)
	if _, err := rs.WithData(bad); err == nil || !strings.Contains(err.Error(), "generals/empires/rome.toml:") {
		t.Errorf("a broken rome.toml: %v", err)
	}
	files = append(files, dataFile{Name: "../etc/passwd", Data: []byte("x")})
	bad, _ = wire.Marshal(files)
	if _, err := rs.WithData(bad); err == nil || !strings.Contains(err.Error(), "under generals/") {
		t.Errorf("a file outside the collection: %v", err)
	}
}

// TestLoadRefuses: a save broken in one thing at a time is refused with
// why, and a sound one loads.
func TestLoadRefuses(t *testing.T) {
	g := newTable(t, 3, nil)
	g.put(1, chieftain, ZoneWarcamp)
	a := g.put(1, legionary, ZoneBattlefield)
	g.put(2, legionary, ZoneBattlefield)
	g.to(PhaseAttack)
	g.act(1, Action{Kind: ActAttack, Unit: a, Seat: 2})
	for _, tt := range []struct {
		name   string
		break_ func(s *state)
		want   string
	}{
		{"another format", func(s *state) { s.Format = "generals 0" }, "save format"},
		{"another collection", func(s *state) { s.Hash = "x" }, "another card collection"},
		{"a card not in the collection", func(s *state) { s.Players[0].Hand = append(s.Players[0].Hand, "EGFEZZS1") }, "none of the collection's"},
		{"a card too many", func(s *state) { s.Players[0].Hand = append(s.Players[0].Hand, s.Players[0].Draw[0]) }, "its deck brought"},
		{"a card lost", func(s *state) { s.Players[1].Draw = s.Players[1].Draw[1:] }, "its deck brought"},
		{"a ref twice", func(s *state) { s.Players[1].Table[0].Ref = s.Players[0].Table[0].Ref }, "each once"},
		{"a Soldier in the Resource Area", func(s *state) { s.Players[0].Table[1].Zone = ZoneResource }, "in the Resource Area"},
		{"no active player", func(s *state) { s.Active = 0 }, "active in phase"},
		{"a seat beyond the table", func(s *state) { s.Active = 9 }, "at a table of 3"},
		{"an unknown phase", func(s *state) { s.Phase = 42 }, "unknown phase"},
		{"the battle's attacker not a unit", func(s *state) { s.Battle.Unit = 999 }, "the attacker"},
		{"a pool of an unknown resource", func(s *state) { s.Pool = []cards.Amount{{N: 1, Resource: "silk"}} }, "pool"},
		{"a round past the limit", func(s *state) { s.Round = 41 }, "round 41 of 40"},
		{"the settings changed", func(s *state) { s.Settings.Rounds = 999 }, "settings"},
		{"Health at the wrong line", func(s *state) { s.Win = 4 }, "wins"},
		{"a discard asked of no seat", func(s *state) { s.Musts = []Must{{Seat: 7, Count: 1}} }, "seat 7"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			var s state
			save, _ := g.Save()
			if err := wire.Unmarshal(save, &s); err != nil {
				t.Fatal(err)
			}
			tt.break_(&s)
			bad, _ := wire.Marshal(&s)
			if _, err := g.r.Load(bad); err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("Load: %v, want %q", err, tt.want)
			}
		})
	}
}

// FuzzGenerals feeds random bytes to the ruleset's decoders of outside
// bytes.
func FuzzGenerals(f *testing.F) {
	rulesettest.Fuzz(f, New(), config(5, 3, 3), rulesettest.Options{Stamped: true, SeedBytes: 2048})
}

// FuzzWhy feeds random actions to Why and Moves over the views of a game:
// they never panic, and every move Moves lists Why allows.
func FuzzWhy(f *testing.F) {
	rs := New()
	g := newGameForFuzz(f, rs)
	f.Add(uint8(1), []byte{0x81})
	f.Fuzz(func(t *testing.T, seat uint8, data []byte) {
		var a Action
		if wire.Unmarshal(data, &a) != nil {
			return
		}
		v := g.view(ruleset.Seat(seat%4), false)
		_ = rs.Why(v, a)
		for _, m := range rs.Moves(v) {
			if why := rs.Why(v, m); why != "" {
				t.Fatalf("move %+v refused: %s", m, why)
			}
		}
	})
}

// newGameForFuzz returns a game of 3 seats a few steps in.
func newGameForFuzz(f *testing.F, rs *Rules) *game {
	gg, err := rs.New(config(2, 3, 10))
	if err != nil {
		f.Fatal(err)
	}
	g := gg.(*game)
	for p := ruleset.Seat(1); p <= 3; p++ {
		b, _ := wire.Marshal(&Action{Seq: g.s.Seq, Kind: ActOpening, Count: 5})
		if _, err := g.Act(p, b); err != nil {
			f.Fatal(err)
		}
	}
	return g
}

// FuzzMoves feeds random bytes to DecodeView, and the views it accepts
// to Moves and Why: a client's or an AI's view from outside bytes never
// makes them panic.
func FuzzMoves(f *testing.F) {
	rs := New()
	g := newGameForFuzz(f, rs)
	for p := ruleset.Seat(0); p <= 3; p++ {
		b, _ := g.View(p, false).Encode()
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		rv, err := rs.DecodeView(data)
		if err != nil {
			return
		}
		v := rv.(*View)
		for _, m := range rs.Moves(v) {
			_ = rs.Why(v, m)
		}
		_ = rs.defaultAction(v)
	})
}
