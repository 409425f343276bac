package lobby

import (
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"empires/assets"
	"empires/shared/game"
	"empires/shared/hexgame"
	"empires/shared/protocol"
	"empires/shared/registry"
	"empires/shared/rules/erfworld"
	"empires/shared/ruleset"
	"empires/shared/wire"
)

// modTreasury is the starting treasury of the test's mod; the built-in
// data's is 0.
const modTreasury = 500

// modDir writes a mod directory whose erfworld file starts every player
// with modTreasury Schmuckers, and returns it and the file's bytes.
func modDir(tb testing.TB) (string, []byte) {
	tb.Helper()
	data, err := fs.ReadFile(assets.Rules(), erfworld.File)
	if err != nil {
		tb.Fatal(err)
	}
	const old, edited = "\nschmuckers = 0\n", "\nschmuckers = 500\n"
	if n := bytes.Count(data, []byte(old)); n != 1 {
		tb.Fatalf("%q occurs %d times in %s, want once", old, n, erfworld.File)
	}
	data = bytes.Replace(data, []byte(old), []byte(edited), 1)
	dir := tb.TempDir()
	if err := os.WriteFile(filepath.Join(dir, erfworld.File), data, 0o644); err != nil {
		tb.Fatal(err)
	}
	return dir, data
}

// modded returns the rulesets of a server started with the mod of modDir
// (registry.New, as the server's -rules does) and the mod file's bytes.
func modded(tb testing.TB) (*ruleset.Registry, []byte) {
	tb.Helper()
	dir, data := modDir(tb)
	r, err := registry.New(dir)
	if err != nil {
		tb.Fatal(err)
	}
	return r, data
}

// TestWelcomeRulesets: Welcome lists the lobby's rulesets, its default
// first, each with its info and content hash; one whose data differs from
// the build's own (Options.Builtin) is Modded.
func TestWelcomeRulesets(t *testing.T) {
	mod, modData := modded(t)
	own := builtin(t)
	ownEW, _ := own.Get("erfworld")
	tests := []struct {
		name      string
		opts      Options
		wantIDs   []string
		modded    bool   // erfworld is Modded; no other ruleset is
		wantEWSum string // the hash of erfworld's data
	}{
		{"built-in, no Builtin", Options{Rulesets: own}, []string{"erfworld", "erfpires", "empire", "duel", "risk", "generals"}, false, ruleset.HashData(ownEW.Data())},
		{"built-in", Options{Rulesets: own, Builtin: own}, []string{"erfworld", "erfpires", "empire", "duel", "risk", "generals"}, false, ruleset.HashData(ownEW.Data())},
		{"a mod", Options{Rulesets: mod, Builtin: own}, []string{"erfworld", "erfpires", "empire", "duel", "risk", "generals"}, true, ruleset.HashData(modData)},
		{"a mod, no Builtin", Options{Rulesets: mod}, []string{"erfworld", "erfpires", "empire", "duel", "risk", "generals"}, false, ruleset.HashData(modData)},
		{"the build's and tally", Options{Rulesets: withTally(t), Builtin: withTally(t)}, []string{"erfworld", "erfpires", "empire", "duel", "risk", "generals", "tally"}, false,
			ruleset.HashData(ownEW.Data())},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			l := newLobby(t, tt.opts)
			w := hello(t, l, "Ann").welcome
			if len(w.Rulesets) != len(tt.wantIDs) {
				t.Fatalf("Welcome lists %d rulesets %+v, want %v", len(w.Rulesets), w.Rulesets, tt.wantIDs)
			}
			for i, have := range w.Rulesets {
				rs, _ := tt.opts.Rulesets.Get(tt.wantIDs[i])
				want := protocol.InfoOf(rs.Info(), tt.modded && i == 0)
				_, want.SeatSetup = rs.(ruleset.SeatSetup)
				if !reflect.DeepEqual(have, want) {
					t.Errorf("ruleset %d:\nhave %+v\nwant %+v", i, have, want)
				}
			}
			ew := w.Rulesets[0]
			if ew.ID != "erfworld" || ew.Title != "Erfworld Empires" || ew.Hash != tt.wantEWSum || ew.Modded != tt.modded {
				t.Errorf("erfworld in Welcome: %q %q, hash %s, modded %v; want %q, hash %s, modded %v",
					ew.ID, ew.Title, ew.Hash, ew.Modded, "Erfworld Empires", tt.wantEWSum, tt.modded)
			}
		})
	}
	if ruleset.HashData(modData) == ruleset.HashData(ownEW.Data()) {
		t.Fatal("the mod's data hashes as the built-in data")
	}
}

// TestGetRules: GetRules answers the data of the server's ruleset, whose
// hash is the one Welcome gave, with the dictionary of event templates its
// events name (protocol version 8); a ruleset the server does not play is
// an error.
func TestGetRules(t *testing.T) {
	mod, modData := modded(t)
	reg, err := ruleset.NewRegistry(append(mod.All(), &tally{data: tallyData})...)
	if err != nil {
		t.Fatal(err)
	}
	l := newLobby(t, Options{Rulesets: reg, Builtin: withTally(t)})
	ann := hello(t, l, "Ann")
	ep, _ := mod.Get("erfpires")
	em, _ := mod.Get("empire")
	du, _ := mod.Get("duel")
	rk, _ := mod.Get("risk")
	gn, _ := mod.Get("generals")
	for i, want := range [][]byte{modData, ep.Data(), em.Data(), du.Data(), rk.Data(), gn.Data(), tallyData} {
		info := ann.welcome.Rulesets[i]
		out := ann.do(&protocol.GetRules{Ruleset: info.ID})
		rd := find[*protocol.RulesData](t, out)
		if out[0].Reply != ann.seq {
			t.Errorf("RulesData replies to %d, want %d", out[0].Reply, ann.seq)
		}
		if rd.Ruleset != info.ID || rd.Hash != info.Hash || ruleset.HashData(rd.Data) != info.Hash || !bytes.Equal(rd.Data, want) {
			t.Errorf("GetRules %s: ruleset %q, hash %s, %d bytes hashing to %s; want Welcome's hash %s and the %d bytes the server plays",
				info.ID, rd.Ruleset, rd.Hash, len(rd.Data), ruleset.HashData(rd.Data), info.Hash, len(want))
		}
		// The dictionary of event templates comes with the data, under the
		// hash Welcome gave: the hex rulesets' events name one, the others'
		// none.
		hex := info.ID == "erfworld" || info.ID == "erfpires"
		if err := rd.CheckTemplates(); err != nil || rd.Dict != info.Dict || hex != (info.Dict != 0) || hex != (len(rd.Templates) > 0) {
			t.Errorf("GetRules %s: %d templates, Dict %08x (%v), Welcome's Dict %08x; want the hex rulesets' dictionary, none for the others",
				info.ID, len(rd.Templates), rd.Dict, err, info.Dict)
		}
	}
	for i, want := range []bool{true, false, false, false, false} {
		if have := ann.welcome.Rulesets[i]; have.Modded != want {
			t.Errorf("Welcome: %s modded %v, want %v", have.ID, have.Modded, want)
		}
	}
	ann.fails(&protocol.GetRules{Ruleset: "chess"}, protocol.Invalid, `this server plays no ruleset "chess"`)
	ann.fails(&protocol.GetRules{}, protocol.Invalid, `this server plays no ruleset ""`)
	ann.fails(&protocol.GetRules{Ruleset: strings.Repeat("r", protocol.MaxRulesetLen+1)}, protocol.Invalid, "ruleset ID of")
}

// TestCreateForRuleset: CreateGame refuses settings the ruleset they name
// refuses, saying why; settings within its bounds make a game of it.
func TestCreateForRuleset(t *testing.T) {
	l := newLobby(t, Options{Rulesets: withTally(t)})
	ann := hello(t, l, "Ann")
	ew := small()
	tl := protocol.Settings{Ruleset: "tally", Seed: 7, Seats: 2}
	with := func(s protocol.Settings, f func(*protocol.Settings)) protocol.Settings {
		f(&s)
		return s
	}
	tests := []struct {
		name string
		have protocol.Settings
		want string
	}{
		{"seats beyond the ruleset's", with(tl, func(s *protocol.Settings) { s.Seats = 4 }), "4 seats: Tally is for 2 to 3 players"},
		{"unknown option", with(ew, func(s *protocol.Settings) { s.Options = []protocol.Option{{Key: "fog", Value: 1}} }),
			`Erfworld Empires has no setting "fog"`},
		{"option out of bounds", with(tl, func(s *protocol.Settings) { s.Options = []protocol.Option{{Key: "target", Value: 99}} }),
			"target 99: must be 5 to 50"},
		{"option twice", with(tl, func(s *protocol.Settings) {
			s.Options = []protocol.Option{{Key: "target", Value: 9}, {Key: "target", Value: 8}}
		}), `option "target" given twice`},
		{"map size as an option", with(ew, func(s *protocol.Settings) { s.Options = []protocol.Option{{Key: "width", Value: 30}} }),
			"the map size goes in Width and Height"},
		{"a map for a ruleset without one", with(tl, func(s *protocol.Settings) { s.Width, s.Height = 24, 24 }),
			"Tally has no map: leave its size 0"},
		{"no map for a ruleset with one", with(ew, func(s *protocol.Settings) { s.Width, s.Height = 0, 0 }),
			"Erfworld Empires needs a map size"},
		{"an AI level the ruleset lacks", with(tl, func(s *protocol.Settings) { s.AILevel = "normal" }),
			`AI level "normal": want plain`},
		{"an AI level no ruleset has", with(ew, func(s *protocol.Settings) { s.AILevel = "grandmaster" }),
			`AI level "grandmaster": want passive, random, easy, normal`},
		{"more players than the map holds", with(ew, func(s *protocol.Settings) { s.Width, s.Height = 16, 16 }),
			"a 16x16 map holds at most 2 players"},
	}
	for _, tt := range tests {
		ann.fails(&protocol.CreateGame{Settings: tt.have}, protocol.Invalid, tt.want)
	}
	set := with(tl, func(s *protocol.Settings) {
		s.Options = []protocol.Option{{Key: "target", Value: 20}}
		s.AILevel = "plain"
	})
	j := find[*protocol.Joined](t, ann.do(&protocol.CreateGame{Settings: set}))
	if j.Settings.Ruleset != "tally" || len(j.Settings.Options) != 1 || j.Settings.Options[0] != (protocol.Option{Key: "target", Value: 20}) {
		t.Fatalf("joined %+v: want a tally game with target 20", j.Settings)
	}
	list := find[*protocol.GameList](t, ann.do(&protocol.ListGames{}))
	if len(list.Games) != 1 || list.Games[0].Ruleset != "tally" || list.Games[0].Modded {
		t.Fatalf("game list %+v: want the tally game, not modded", list.Games)
	}
}

// TestModdedGame: a server started with a mod directory plays the mod's
// data, and its game list says the game is modded; the same game on a
// server without the mod is not.
func TestModdedGame(t *testing.T) {
	mod, _ := modded(t)
	set := small()
	set.TurnSeconds = 60 // Ann starts alone
	cfg := set.Config(nil)
	treasury := func(rs ruleset.Ruleset) int64 {
		g, err := rs.New(cfg)
		if err != nil {
			t.Fatal(err)
		}
		return g.View(1, false).(*hexgame.View).V.Players[0].Treasury
	}
	ownEW, _ := builtin(t).Get("erfworld")
	modEW, _ := mod.Get("erfworld")
	if have, own := treasury(modEW), treasury(ownEW); have != own+modTreasury {
		t.Fatalf("the mod's game starts with %d Schmuckers, the built-in one's %d: want %d more", have, own, modTreasury)
	}
	for _, tt := range []struct {
		name   string
		rs     *ruleset.Registry
		modded bool
	}{{"with the mod", mod, true}, {"without", builtin(t), false}} {
		t.Run(tt.name, func(t *testing.T) {
			l := newLobby(t, Options{Rulesets: tt.rs, Builtin: builtin(t)})
			ann := hello(t, l, "Ann")
			ann.do(&protocol.CreateGame{Settings: set})
			list := find[*protocol.GameList](t, ann.do(&protocol.ListGames{}))
			if len(list.Games) != 1 || list.Games[0].Modded != tt.modded {
				t.Fatalf("game list %+v: want one game, modded %v", list.Games, tt.modded)
			}
			ann.do(&protocol.SetReady{Ready: true})
			ann.send(&protocol.StartGame{})
			rs, _ := tt.rs.Get("erfworld")
			v := viewOf(t, await[*protocol.FullView](ann))
			if have, want := v.Players[0].Treasury, treasury(rs); have != want {
				t.Errorf("Ann starts with %d Schmuckers, want %d", have, want)
			}
			list = find[*protocol.GameList](t, ann.do(&protocol.ListGames{}))
			if len(list.Games) != 1 || !list.Games[0].Started || list.Games[0].Modded != tt.modded {
				t.Fatalf("game list after the start %+v: want one game started, modded %v", list.Games, tt.modded)
			}
		})
	}
}

// TestActInHexGame: a hex game takes orders for the whole turn; an Act is
// refused with the mode error, and changes nothing.
func TestActInHexGame(t *testing.T) {
	l := newLobby(t, Options{})
	ann := hello(t, l, "Ann")
	ann.fails(&protocol.Act{Seq: 1, Action: protocol.Payload{0x01}}, protocol.WrongGame, "you are in no game")
	set := small()
	set.TurnSeconds = 60
	ann.do(&protocol.CreateGame{Settings: set})
	ann.fails(&protocol.Act{Seq: 1, Action: protocol.Payload{0x01}}, protocol.NotAllowed, "game 1 has not started")
	ann.do(&protocol.SetReady{Ready: true})
	ann.send(&protocol.StartGame{})
	if clk := await[*protocol.TurnClock](ann); clk.Mode != uint8(ruleset.Simultaneous) || clk.Seq != 1 || clk.Turn != 1 {
		t.Fatalf("clock %+v: want a simultaneous step, seq 1 of turn 1", clk)
	}
	ann.fails(&protocol.Act{Seq: 1, Action: protocol.Payload{0x01}}, protocol.NotAllowed,
		"this step takes the whole turn's orders, not actions")
	out := ann.do(&protocol.SubmitOrders{Turn: 1, Seq: 1, Orders: noOrders(t)})
	if r := find[*protocol.OrdersResult](t, out); r.Turn != 1 || r.Errors != nil {
		t.Fatalf("orders after the refused action: %+v", r)
	}
}

// TestSubmitMalformed: order bytes the ruleset cannot read as orders are
// refused as invalid, with the ruleset's reason; nothing else changes.
func TestSubmitMalformed(t *testing.T) {
	l := newLobby(t, Options{})
	ann := hello(t, l, "Ann")
	set := small()
	set.TurnSeconds = 60
	ann.do(&protocol.CreateGame{Settings: set})
	ann.do(&protocol.SetReady{Ready: true})
	ann.send(&protocol.StartGame{})
	await[*protocol.FullView](ann)
	later := encodeOrders(t, game.Order{Turn: 2, Kind: game.OrderMove, Army: 1})
	ann.fails(&protocol.SubmitOrders{Turn: 1, Seq: 1, Orders: later}, protocol.Invalid, "order 1 is for turn 2, not turn 1")
	text, err := wire.Marshal("move everything")
	if err != nil {
		t.Fatal(err)
	}
	ann.fails(&protocol.SubmitOrders{Turn: 1, Seq: 1, Orders: text}, protocol.Invalid, "orders: ")
	out := ann.do(&protocol.SubmitOrders{Turn: 1, Seq: 1, Orders: noOrders(t)})
	if r := find[*protocol.OrdersResult](t, out); r.Turn != 1 || r.Errors != nil {
		t.Fatalf("orders after the malformed ones: %+v", r)
	}
}

// tallyAct encodes an action of the tally ruleset: add n.
func tallyAct(tb testing.TB, n int) protocol.Payload {
	tb.Helper()
	b, err := wire.Marshal(n)
	if err != nil {
		tb.Fatal(err)
	}
	return b
}

// awaitClock reads tc's messages until a TurnClock of step seq.
func awaitClock(tc *tconn, seq uint32) *protocol.TurnClock {
	tc.tb.Helper()
	for {
		if clk := await[*protocol.TurnClock](tc); clk.Seq == seq {
			return clk
		}
	}
}

// awaitUpdate reads tc's messages until a TurnUpdate, applies it to v (a
// tally view) checking the checksum, and returns the new view and the
// events.
func awaitUpdate(tc *tconn, v ruleset.View) (*tallyView, []string) {
	tc.tb.Helper()
	u := await[*protocol.TurnUpdate](tc)
	next, err := v.Apply(u.Delta)
	if err != nil {
		tc.tb.Fatalf("%s: %v", tc.name, err)
	}
	if next.Checksum() != u.Checksum {
		tc.tb.Fatalf("%s: the view after the update has checksum %016x, the message says %016x", tc.name, next.Checksum(), u.Checksum)
	}
	var events []string
	if err := wire.Unmarshal(u.Events, &events); err != nil {
		tc.tb.Fatalf("%s: events: %v", tc.name, err)
	}
	return next.(*tallyView), events
}

// TestActInteractive: in a game of interactive steps the seat asked to
// act sends Act; a refused action is answered with ActResult and its
// reason, an action applied with an empty ActResult and every member's
// TurnUpdate; an action of a step past, of a seat not asked, of a
// spectator, or orders are refused.
func TestActInteractive(t *testing.T) {
	obs := &countObserver{}
	l := newLobby(t, Options{Rulesets: withTally(t), Observer: obs})
	ann := hello(t, l, "Ann")
	bob := hello(t, l, "Bob")
	set := protocol.Settings{Ruleset: "tally", Seats: 2, Seed: 3, Spectators: true,
		Options: []protocol.Option{{Key: "target", Value: 5}}}
	ann.do(&protocol.CreateGame{Settings: set})
	bob.do(&protocol.JoinGame{Game: 1})
	ann.send(&protocol.SetReady{Ready: true})
	bob.send(&protocol.SetReady{Ready: true})
	watcher := hello(t, l, "Watcher")
	watcher.send(&protocol.JoinGame{Game: 1, Spectate: true})

	rs := &tally{data: tallyData}
	views := map[*tconn]ruleset.View{}
	for _, tc := range []*tconn{ann, bob, watcher} {
		fv := await[*protocol.FullView](tc)
		v, err := rs.DecodeView(fv.View)
		if err != nil || v.Checksum() != fv.Checksum {
			t.Fatalf("%s: full view %v, checksum %016x, the message says %016x", tc.name, err, v.Checksum(), fv.Checksum)
		}
		views[tc] = v
		clk := awaitClock(tc, 1)
		if clk.Mode != uint8(ruleset.Interactive) || clk.Turn != 1 || len(clk.Actors) != 1 || clk.Actors[0] != 1 ||
			clk.Prompt != "add 1 to 3" {
			t.Fatalf("%s: clock %+v: want an interactive step 1 of turn 1 asking seat 1 to add 1 to 3", tc.name, clk)
		}
	}

	bob.fails(&protocol.Act{Seq: 1, Action: tallyAct(t, 1)}, protocol.NotAllowed, "seat 2 is not asked to act now")
	watcher.fails(&protocol.Act{Seq: 1, Action: tallyAct(t, 1)}, protocol.NotAllowed, "spectators do not act")
	ann.fails(&protocol.SubmitOrders{Turn: 1, Seq: 1, Orders: tallyAct(t, 1)}, protocol.NotAllowed, "this step takes actions, not orders")
	ann.fails(&protocol.Act{Seq: 2, Action: tallyAct(t, 1)}, protocol.WrongTurn, "an action for step 2, the game is at step 1")
	refused := []struct {
		have protocol.Payload
		want string
	}{
		{tallyAct(t, 5), "add 5: add 1 to 3"},
		{protocol.Payload{0xa3, 'o', 'n', 'e'}, "an action is a number"},
	}
	for _, tt := range refused {
		out := ann.do(&protocol.Act{Seq: 1, Action: tt.have})
		if r := find[*protocol.ActResult](t, out); r.Seq != 1 || r.Error != tt.want {
			t.Errorf("act %x: %+v, want ActResult for step 1 with %q", tt.have, r, tt.want)
		}
	}

	ann.send(&protocol.Act{Seq: 1, Action: tallyAct(t, 2)})
	if r := awaitAside[*protocol.ActResult](ann); r.Seq != 1 || r.Error != "" {
		t.Fatalf("ann's good action: %+v, want it applied", r)
	}
	for _, tc := range []*tconn{ann, bob, watcher} {
		v, events := awaitUpdate(tc, views[tc])
		if v.Total != 2 || v.Actor != 2 || v.Seq != 2 || len(events) != 1 || events[0] != "seat 1 added 2" {
			t.Fatalf("%s after ann's action: view %+v, events %q", tc.name, v, events)
		}
		views[tc] = v
		if clk := awaitClock(tc, 2); len(clk.Actors) != 1 || clk.Actors[0] != 2 {
			t.Fatalf("%s: clock %+v: want seat 2 asked to act", tc.name, clk)
		}
	}
	ann.fails(&protocol.Act{Seq: 1, Action: tallyAct(t, 1)}, protocol.WrongTurn, "an action for step 1, the game is at step 2")

	bob.send(&protocol.Act{Seq: 2, Action: tallyAct(t, 3)}) // 5: the target
	if r := awaitAside[*protocol.ActResult](bob); r.Error != "" {
		t.Fatalf("bob's winning action: %+v", r)
	}
	for _, tc := range []*tconn{ann, bob, watcher} {
		if over := await[*protocol.GameOver](tc); over.Winner != 2 {
			t.Fatalf("%s: game over %+v, want seat 2 the winner", tc.name, over)
		}
	}
	if acts, rej, played := obs.actCounts(); acts != 4 || rej != 2 || played != 2 {
		t.Errorf("observer: %d actions sent, %d refused, %d played; want 4, 2, 2", acts, rej, played)
	}
	if n, _, _, turns := obs.counts(); n != 0 || turns != 0 {
		t.Errorf("observer: %d submissions, %d turns resolved; want none: actions are not orders", n, turns)
	}
}
