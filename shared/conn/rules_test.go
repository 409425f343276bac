package conn

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"empires/shared/hexgame"
	"empires/shared/protocol"
	"empires/shared/registry"
	"empires/shared/ruleset"
)

// build returns the build's rulesets.
func build(t *testing.T) *ruleset.Registry {
	t.Helper()
	reg, err := registry.Default()
	if err != nil {
		t.Fatal(err)
	}
	return reg
}

// modded returns erfworld's data with another currency, and the server's
// description of a ruleset playing it.
func modded(t *testing.T, reg *ruleset.Registry) ([]byte, protocol.RulesetInfo) {
	t.Helper()
	own, _ := reg.Get("erfworld")
	data := bytes.Replace(own.Data(), []byte(`currency = "Schmuckers"`), []byte(`currency = "Shmuckers"`), 1)
	if bytes.Equal(data, own.Data()) {
		t.Fatal("the erfworld data names no currency to change")
	}
	in := InfoOf(own.Info())
	in.Hash, in.Modded = ruleset.HashData(data), true
	return data, in
}

func TestRulesFindBuilds(t *testing.T) {
	reg := build(t)
	r := NewRules(reg, t.TempDir())
	own, _ := reg.Get("erfworld")
	rs, get, err := r.Find(InfoOf(own.Info()))
	if err != nil || get != nil || rs != own {
		t.Fatalf("Find(the build's own hash) = %v, %+v, %v; want the build's ruleset, no GetRules", rs, get, err)
	}
}

// withDict returns m, rules data of a hex ruleset, with the dictionary of
// event templates the server sends with it.
func withDict(m *protocol.RulesData) *protocol.RulesData {
	m.Dict, m.Templates = hexgame.TemplatesHash(), hexgame.Templates()
	return m
}

// TestRulesFindDict: a server whose events name another dictionary of
// templates than the build's is refused before the game, with why.
func TestRulesFindDict(t *testing.T) {
	reg := build(t)
	own, _ := reg.Get("erfworld")
	in := InfoOf(own.Info())
	if in.Dict == 0 || in.Dict != hexgame.TemplatesHash() {
		t.Fatalf("erfworld's RulesetInfo names dictionary %08x, want the build's %08x", in.Dict, hexgame.TemplatesHash())
	}
	in.Dict++
	rs, get, err := NewRules(reg, "").Find(in)
	if err == nil || rs != nil || get != nil || !strings.Contains(err.Error(), "name the templates of dictionary") {
		t.Fatalf("Find(another dictionary) = %v, %+v, %v; want an error naming the dictionary", rs, get, err)
	}
}

// TestRulesMod: a host's mod is fetched once (GetRules), checked against
// its content hash, played, and found in the cache by the next client.
func TestRulesMod(t *testing.T) {
	reg := build(t)
	dir := t.TempDir()
	data, in := modded(t, reg)
	r := NewRules(reg, dir)

	rs, get, err := r.Find(in)
	if err != nil || rs != nil || get == nil || get.Ruleset != "erfworld" {
		t.Fatalf("Find(a mod) = %v, %+v, %v; want GetRules for erfworld", rs, get, err)
	}
	rs, err = r.Accept(in, withDict(&protocol.RulesData{Ruleset: "erfworld", Hash: in.Hash, Data: data}))
	if err != nil {
		t.Fatalf("Accept: %v", err)
	}
	if have := rs.Info().Hash; have != in.Hash {
		t.Errorf("the mod's ruleset has hash %s, want %s", have, in.Hash)
	}
	if cur := rs.(*hexgame.Ruleset).Rules().(interface{ ID() string }).ID(); cur != "erfworld" {
		t.Errorf("the mod's rules are of %q, want erfworld", cur)
	}
	if saved, err := os.ReadFile(filepath.Join(dir, in.Hash)); err != nil || !bytes.Equal(saved, data) {
		t.Errorf("the cache holds %d bytes (%v), want the %d of the data", len(saved), err, len(data))
	}
	if again, get, err := r.Find(in); again != rs || get != nil || err != nil {
		t.Errorf("Find again = %v, %+v, %v; want the same ruleset, no GetRules", again, get, err)
	}

	// Another client (a new Rules) finds the data in the cache.
	other := NewRules(reg, dir)
	rs2, get, err := other.Find(in)
	if err != nil || get != nil || rs2 == nil || rs2.Info().Hash != in.Hash {
		t.Fatalf("Find from the cache = %v, %+v, %v; want the mod without fetching", rs2, get, err)
	}

	// A damaged cache file is fetched again.
	if err := os.WriteFile(filepath.Join(dir, in.Hash), data[:len(data)/2], 0o644); err != nil {
		t.Fatal(err)
	}
	if rs3, get, err := NewRules(reg, dir).Find(in); err != nil || rs3 != nil || get == nil {
		t.Errorf("Find with a damaged cache = %v, %+v, %v; want GetRules", rs3, get, err)
	}
}

func TestRulesRefused(t *testing.T) {
	reg := build(t)
	data, in := modded(t, reg)
	broken := bytes.Replace(data, []byte(`currency = "Shmuckers"`), []byte(`currency = `), 1)
	brokenIn := in
	brokenIn.Hash = ruleset.HashData(broken)
	unknown := in
	unknown.ID, unknown.Title = "chess", "Chess"
	badHash := in
	badHash.Hash = "../../etc/passwd"
	tests := []struct {
		name string
		in   protocol.RulesetInfo
		m    *protocol.RulesData
		want string
	}{
		{"data not of its hash", in, withDict(&protocol.RulesData{Ruleset: "erfworld", Hash: in.Hash, Data: append(data, ' ')}), "has content hash"},
		{"another hash than announced", in, withDict(&protocol.RulesData{Ruleset: "erfworld", Hash: brokenIn.Hash, Data: broken}), "it announced"},
		{"another ruleset's data", in, withDict(&protocol.RulesData{Ruleset: "classic", Hash: in.Hash, Data: data}), `the server sent "classic"'s`},
		{"data that does not parse", brokenIn, withDict(&protocol.RulesData{Ruleset: "erfworld", Hash: brokenIn.Hash, Data: broken}), "is not a ruleset this client can play"},
		{"a ruleset the build lacks", unknown, withDict(&protocol.RulesData{Ruleset: "chess", Hash: in.Hash, Data: data}), "does not have the ruleset Chess"},
		{"no event templates", in, &protocol.RulesData{Ruleset: "erfworld", Hash: in.Hash, Data: data}, "event templates of erfworld with hash 00000000, it announced"},
		{"templates not of their hash", in, &protocol.RulesData{Ruleset: "erfworld", Hash: in.Hash, Data: data, Dict: in.Dict,
			Templates: append(hexgame.Templates(), "one more")}, "hash to"},
		{"a hash that is no hash", badHash, withDict(&protocol.RulesData{Ruleset: "erfworld", Hash: badHash.Hash, Data: data}), "not a content hash"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			r := NewRules(reg, dir)
			rs, err := r.Accept(tt.in, tt.m)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("Accept = %v, %v; want an error containing %q", rs, err, tt.want)
			}
			if files, _ := os.ReadDir(dir); len(files) != 0 {
				t.Errorf("refused data left %d files in the cache", len(files))
			}
		})
	}
	// The parse error says where: the file and the line of the currency.
	_, err := NewRules(reg, "").Accept(brokenIn, withDict(&protocol.RulesData{Ruleset: "erfworld", Hash: brokenIn.Hash, Data: broken}))
	line := bytes.Count(broken[:bytes.Index(broken, []byte("currency = "))], []byte("\n")) + 1
	if want := fmt.Sprintf("erfworld.toml:%d", line); err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("a broken file's error %v does not say where: want %q", err, want)
	}
}

// TestGameHold: the messages of a game whose rules data is on its way wait
// for it, then come back in order.
func TestGameHold(t *testing.T) {
	reg := build(t)
	data, in := modded(t, reg)
	r := NewRules(reg, "")
	w := &protocol.Welcome{Rulesets: []protocol.RulesetInfo{in}}
	g, get, err := r.Join(w, "erfworld")
	if err != nil || get == nil || g.Ruleset() != nil {
		t.Fatalf("Join(a mod) = %v, %+v, %v; want a game waiting for GetRules", g, get, err)
	}
	fv := &protocol.FullView{View: []byte{0x90}, Checksum: 1}
	tu := &protocol.TurnUpdate{Delta: []byte{0x90}, Checksum: 2}
	for _, m := range []protocol.Message{fv, tu} {
		if held, err := g.Hold(m); !held || err != nil {
			t.Fatalf("Hold(%T) = %v, %v; want it held", m, held, err)
		}
	}
	if held, _ := g.Hold(&protocol.TurnClock{}); held {
		t.Error("Hold kept a TurnClock: only views and updates wait")
	}
	msgs, err := g.SetRules(r, withDict(&protocol.RulesData{Ruleset: "erfworld", Hash: in.Hash, Data: data}))
	if err != nil || len(msgs) != 2 || msgs[0] != fv || msgs[1] != tu {
		t.Fatalf("SetRules = %v, %v; want the full view, then the update", msgs, err)
	}
	if g.Ruleset() == nil || g.Ruleset().Info().Hash != in.Hash {
		t.Errorf("the game's ruleset after SetRules: %v, want the mod", g.Ruleset())
	}
	if held, _ := g.Hold(fv); held {
		t.Error("Hold kept a message once the rules are known")
	}

	if _, _, err := r.Join(w, "chess"); err == nil || !strings.Contains(err.Error(), `ruleset "chess"`) {
		t.Errorf("Join of a ruleset the server does not describe: %v", err)
	}
}

// TestGameViews: full views and updates decoded by the ruleset and checked
// against the server's checksums; a mismatch leaves the view as it was.
func TestGameViews(t *testing.T) {
	reg := build(t)
	rs, _ := reg.Get("erfworld")
	srv, err := rs.New(ruleset.Config{Seed: 7, Seats: 2, Options: ruleset.Options{ruleset.KeyWidth: 16, ruleset.KeyHeight: 16}})
	if err != nil {
		t.Fatal(err)
	}
	v1 := srv.View(1, false)
	full, err := v1.Encode()
	if err != nil {
		t.Fatal(err)
	}
	g := NewGame(rs)
	if _, err := g.Update(&protocol.TurnUpdate{Delta: []byte{0x90}}); !errors.Is(err, ErrOutOfSync) {
		t.Errorf("an update before any view: %v, want ErrOutOfSync", err)
	}
	if _, err := g.FullView(&protocol.FullView{View: full, Checksum: v1.Checksum() + 1}); !errors.Is(err, ErrOutOfSync) || g.View() != nil {
		t.Fatalf("a full view of another checksum: %v (view %v), want ErrOutOfSync and no view", err, g.View())
	}
	if _, err := g.FullView(&protocol.FullView{View: full, Checksum: v1.Checksum()}); err != nil {
		t.Fatal(err)
	}
	if _, err := srv.Resolve(nil); err != nil {
		t.Fatal(err)
	}
	v2 := srv.View(1, false)
	delta, err := v1.Diff(v2)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := g.Update(&protocol.TurnUpdate{Delta: delta, Checksum: v2.Checksum() ^ 1}); !errors.Is(err, ErrOutOfSync) {
		t.Errorf("an update of another checksum: %v, want ErrOutOfSync", err)
	}
	if g.View().Checksum() != v1.Checksum() {
		t.Error("a mismatched update changed the view")
	}
	if _, err := g.Update(&protocol.TurnUpdate{Delta: []byte{0xc1}, Checksum: v2.Checksum()}); !errors.Is(err, ErrOutOfSync) {
		t.Errorf("a delta that is no delta: %v, want ErrOutOfSync", err)
	}
	next, err := g.Update(&protocol.TurnUpdate{Delta: delta, Checksum: v2.Checksum()})
	if err != nil || next.Checksum() != v2.Checksum() || g.View() != next {
		t.Fatalf("Update = %v, %v; want the view of turn 2", next, err)
	}
	if hv := next.(*hexgame.View); hv.V.Turn != 2 {
		t.Errorf("the view is of turn %d, want 2", hv.V.Turn)
	}
}

// TestAct: an action goes out as an Act of the step's Seq; an empty one
// is refused.
func TestAct(t *testing.T) {
	c := newConn("ws://localhost:7777/ws", Options{})
	defer c.Close()
	if _, err := c.Act(3, nil); err == nil || !strings.Contains(err.Error(), "no action") {
		t.Errorf("Act without an action: %v, want it refused", err)
	}
	seq, err := c.Act(3, []byte{0x92, 0x01, 0x02})
	if err != nil {
		t.Fatal(err)
	}
	frame := <-c.queue
	env, msg, err := protocol.DefaultLimits().ReadClient(frame)
	if err != nil {
		t.Fatal(err)
	}
	act, ok := msg.(*protocol.Act)
	if !ok || env.Seq != seq || act.Seq != 3 || !bytes.Equal(act.Action, []byte{0x92, 0x01, 0x02}) {
		t.Errorf("sent %T %+v (seq %d), want the Act of step 3 with the action, seq %d", msg, msg, env.Seq, seq)
	}
}
