package registry_test

import (
	"bytes"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"empires/assets"
	"empires/shared/hexgame"
	"empires/shared/registry"
	"empires/shared/rules/duel"
	"empires/shared/rules/empire"
	"empires/shared/rules/erfworld"
	"empires/shared/rules/erfworld/erfworldai"
	"empires/shared/rules/generals"
	"empires/shared/rules/risk"
	"empires/shared/rules/risk/board"
	"empires/shared/rules/risk/cards"
	"empires/shared/ruleset"
)

// builtin returns the built-in erfworld.toml.
func builtin(t *testing.T) []byte {
	t.Helper()
	data, err := fs.ReadFile(assets.Rules(), erfworld.File)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// modDir returns a directory holding erfworld.toml with data.
func modDir(t *testing.T, data []byte) string {
	t.Helper()
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, erfworld.File), data, 0o644); err != nil {
		t.Fatal(err)
	}
	return dir
}

// TestDefault: erfworld is the default and first ruleset, playing the
// built-in file, with map settings and the AI's levels, each of which
// plays.
func TestDefault(t *testing.T) {
	reg, err := registry.Default()
	if err != nil {
		t.Fatal(err)
	}
	if ids := reg.IDs(); len(ids) == 0 || ids[0] != "erfworld" || reg.Default().Info().ID != "erfworld" {
		t.Fatalf("ids %v, default %s: want erfworld first", ids, reg.Default().Info().ID)
	}
	rs := reg.Default()
	in := rs.Info()
	if err := in.Check(); err != nil {
		t.Error(err)
	}
	if !in.HasMap() || in.Board != "hex" || in.MinSeats != 2 || in.MaxSeats != 16 || in.DefaultLevel != "normal" {
		t.Errorf("info %+v", in)
	}
	if !bytes.Equal(rs.Data(), builtin(t)) || in.Hash != ruleset.HashData(builtin(t)) {
		t.Error("the default erfworld does not play the built-in erfworld.toml")
	}
	for _, level := range in.Levels {
		if _, err := rs.NewAI(level, 1); err != nil {
			t.Errorf("AI level %s: %v", level, err)
		}
	}
	same, err := registry.New("")
	if err != nil || same.Default().Info().Hash != in.Hash {
		t.Errorf("New(\"\") is not the default registry: %v", err)
	}
	if _, ok := rs.(*hexgame.Ruleset); !ok {
		t.Errorf("erfworld is a %T, want a hex ruleset", rs)
	}
}

// TestMod: a mod directory whose erfworld.toml changes a number gives an
// erfworld of another hash that plays the mod; a directory without the
// file plays the built-in one; a broken file is refused naming it, with
// its line or key; a missing directory is refused naming it.
func TestMod(t *testing.T) {
	data := builtin(t)
	edited := bytes.Replace(data, []byte("replace_after_missed = 2"), []byte("replace_after_missed = 3"), 1)
	if bytes.Equal(edited, data) {
		t.Fatal("erfworld.toml has no replace_after_missed = 2 to edit")
	}
	reg, err := registry.New(modDir(t, edited))
	if err != nil {
		t.Fatal(err)
	}
	rs := reg.Default()
	if rs.Info().ID != "erfworld" || rs.Info().Hash == ruleset.HashData(data) || rs.Info().Hash != ruleset.HashData(edited) {
		t.Errorf("the mod's erfworld: id %s, hash %s", rs.Info().ID, rs.Info().Hash)
	}
	g, err := rs.New(ruleset.Config{Seats: 2, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	if g.ReplaceAfter() != 3 {
		t.Errorf("the mod's game replaces a player after %d missed turns, want the mod's 3", g.ReplaceAfter())
	}

	other := t.TempDir()
	if err := os.WriteFile(filepath.Join(other, "notes.txt"), []byte("not a ruleset"), 0o644); err != nil {
		t.Fatal(err)
	}
	reg, err = registry.New(other)
	if err != nil || reg.Default().Info().Hash != ruleset.HashData(data) {
		t.Errorf("a mod without erfworld.toml: %v; want the built-in erfworld", err)
	}

	key := []byte("replace_after_missed = 2")
	line := bytes.Count(data[:bytes.Index(data, key)], []byte("\n")) + 1
	missing := filepath.Join(t.TempDir(), "nope")
	tests := []struct {
		name string
		dir  string
		want []string // parts of the error
	}{
		{"syntax error", modDir(t, bytes.Replace(data, key, []byte("replace_after_missed = = 2"), 1)),
			[]string{"erfworld: ", fmt.Sprintf("erfworld.toml:%d: TOML syntax error", line)}},
		{"value out of bounds", modDir(t, bytes.Replace(data, key, []byte("replace_after_missed = 0"), 1)),
			[]string{"erfworld.toml", `key "autopilot.replace_after_missed"`, "at least 1"}},
		{"unknown key", modDir(t, bytes.Replace(data, key, []byte("replace_after_missed = 2\nreplace_after_mised = 2"), 1)),
			[]string{"erfworld.toml", "replace_after_mised"}},
		{"missing directory", missing, []string{fmt.Sprintf("rules directory %q does not exist", missing)}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			reg, err := registry.New(tt.dir)
			if err == nil || reg != nil {
				t.Fatalf("have %v, %v; want an error", reg, err)
			}
			for _, w := range tt.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("have %v, want %q in it", err, w)
				}
			}
		})
	}
}

// TestErfworld: erfworld (erfworldai.Ruleset) reads its file from the file system it is given,
// and says so when the file is not there.
func TestErfworld(t *testing.T) {
	data := builtin(t)
	rs, err := erfworldai.Ruleset(fstest.MapFS{erfworld.File: {Data: data}})
	if err != nil || rs.Info().Hash != ruleset.HashData(data) {
		t.Errorf("erfworld from a file system: %v", err)
	}
	if rs, err := erfworldai.Ruleset(fstest.MapFS{}); err == nil || rs != nil || !strings.Contains(err.Error(), "erfworld: open erfworld.toml") {
		t.Errorf("erfworld from an empty file system: %v, %v", rs, err)
	}
}

// TestEmpireMod: a host's directory holding units.dat (a mod of the empire
// ruleset) makes empire play it: another hash, the mod's units in a new
// game; a broken units.dat is refused with its file, line and column; the
// other rulesets keep their data.
func TestEmpireMod(t *testing.T) {
	own, err := registry.Default()
	if err != nil {
		t.Fatal(err)
	}
	builtinEmpire, _ := own.Get("empire")
	units, err := fs.ReadFile(assets.Rules(), "units.dat")
	if err != nil {
		t.Fatal(err)
	}
	modded := bytes.ReplaceAll(units, []byte("Infantry "), []byte("Legionary"))
	if bytes.Equal(modded, units) {
		t.Fatal("units.dat has no Infantry line to rename")
	}
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "units.dat"), modded, 0o644); err != nil {
		t.Fatal(err)
	}
	game, err := fs.ReadFile(assets.Rules(), "game.dat")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "game.dat"), bytes.ReplaceAll(game, []byte("Infantry"), []byte("Legionary")), 0o644); err != nil {
		t.Fatal(err)
	}
	reg, err := registry.New(dir)
	if err != nil {
		t.Fatal(err)
	}
	em, _ := reg.Get("empire")
	if em.Info().Hash == builtinEmpire.Info().Hash {
		t.Error("the modded empire has the built-in hash")
	}
	if !bytes.Contains(em.Data(), []byte("Legionary")) {
		t.Error("the modded empire's data lacks the mod's unit")
	}
	if d := em.(*empire.Rules).Dat(); len(d.Game.StartUnits) == 0 || d.Game.StartUnits[0] != "Legionary" {
		t.Errorf("the modded empire starts with %v", d.Game.StartUnits)
	}
	ew, _ := reg.Get("erfworld")
	ownEW, _ := own.Get("erfworld")
	if ew.Info().Hash != ownEW.Info().Hash {
		t.Error("a mod of empire changed erfworld")
	}
	broken := filepath.Join(t.TempDir(), "units.dat")
	if err := os.WriteFile(broken, []byte("# name prod hp mp pfmsros av dv a:ph a:kd attributes icon\nInfantry 5 x 2 122-1 2 2 m l - infantry\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err = registry.New(filepath.Dir(broken))
	if err == nil || !strings.Contains(err.Error(), "units.dat:2:") {
		t.Errorf("a broken units.dat: %v, want its file and line", err)
	}
}

// TestDuel: Duel is the registry's last ruleset, a short card game on a
// table of cards playing the built-in assets/rules/duel.txt; a mod
// directory's duel.txt makes it play the mod (another hash, the mod's
// hand size), and a broken one is refused with its file and line.
func TestDuel(t *testing.T) {
	reg, err := registry.Default()
	if err != nil {
		t.Fatal(err)
	}
	ids := reg.IDs()
	if ids[len(ids)-3] != duel.ID {
		t.Fatalf("ids %v: want duel before risk and generals", ids)
	}
	rs, _ := reg.Get(duel.ID)
	in := rs.Info()
	if in.Title != "Duel" || in.Board != "cards" || in.HasMap() || !strings.Contains(in.Summary, "short card game") {
		t.Errorf("duel's info: %+v", in)
	}
	data, err := fs.ReadFile(assets.Rules(), duel.File)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(rs.Data(), data) || in.Hash != ruleset.HashData(data) {
		t.Error("the registry's duel does not play the built-in duel.txt")
	}

	edited := bytes.Replace(data, []byte("hand = 5"), []byte("hand = 4"), 1)
	if bytes.Equal(edited, data) {
		t.Fatal("duel.txt has no hand = 5 to edit")
	}
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, duel.File), edited, 0o644); err != nil {
		t.Fatal(err)
	}
	mod, err := registry.New(dir)
	if err != nil {
		t.Fatal(err)
	}
	md, _ := mod.Get(duel.ID)
	if md.Info().Hash != ruleset.HashData(edited) || md.(*duel.Rules).Deck().Hand != 4 {
		t.Errorf("the mod's duel: hash %s, hand %d; want the mod's, 4", md.Info().Hash, md.(*duel.Rules).Deck().Hand)
	}
	ew, _ := mod.Get("erfworld")
	if ew.Info().Hash != reg.Default().Info().Hash {
		t.Error("a mod of duel changed erfworld")
	}

	broken := bytes.Replace(data, []byte("ranks = 1 10"), []byte("ranks = 10"), 1)
	line := bytes.Count(data[:bytes.Index(data, []byte("ranks = 1 10"))], []byte("\n")) + 1
	if err := os.WriteFile(filepath.Join(dir, duel.File), broken, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := registry.New(dir); err == nil || !strings.Contains(err.Error(), fmt.Sprintf("duel: duel.txt:%d:", line)) {
		t.Errorf("a broken duel.txt: %v, want its file and line %d", err, line)
	}
	if _, err := duel.Open(fstest.MapFS{}); err == nil || !strings.Contains(err.Error(), "duel: open duel.txt") {
		t.Errorf("duel from an empty file system: %v", err)
	}
}

// TestRisk: the registry lists risk before generals, playing the built-in classic map
// and cards file; a mod directory's cards file replaces the built-in one,
// and a broken one is refused with its file and line.
func TestRisk(t *testing.T) {
	reg, err := registry.Default()
	if err != nil {
		t.Fatal(err)
	}
	ids := reg.IDs()
	if ids[len(ids)-2] != risk.ID {
		t.Fatalf("ids %v: want risk before generals", ids)
	}
	rs, _ := reg.Get(risk.ID)
	in := rs.Info()
	if in.Board != "territory" || !in.Hidden || in.MinSeats != 2 || in.MaxSeats != 6 || in.Title != "Empires: the Risk extended scenario" {
		t.Errorf("risk's info: %+v", in)
	}
	data, err := fs.ReadFile(assets.Rules(), cards.File)
	if err != nil {
		t.Fatal(err)
	}
	edited := bytes.Replace(data, []byte("keep = 5"), []byte("keep = 6"), 1)
	if bytes.Equal(edited, data) {
		t.Fatal("risk-cards.toml has no keep = 5 to edit")
	}
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, cards.File), edited, 0o644); err != nil {
		t.Fatal(err)
	}
	mod, err := registry.New(dir)
	if err != nil {
		t.Fatal(err)
	}
	mr, _ := mod.Get(risk.ID)
	if mr.Info().Hash == in.Hash || mr.(*risk.Rules).Cards().Goods.Keep != 6 {
		t.Errorf("the mod's risk: hash %s, keep %d; want another hash, 6", mr.Info().Hash, mr.(*risk.Rules).Cards().Goods.Keep)
	}
	broken := bytes.Replace(data, []byte("keep = 5"), []byte("keep = -1"), 1)
	if err := os.WriteFile(filepath.Join(dir, cards.File), broken, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := registry.New(dir); err == nil || !strings.Contains(err.Error(), "risk: "+cards.File+":") {
		t.Errorf("a broken %s: %v, want its file and line", cards.File, err)
	}
	if _, err := risk.Open(fstest.MapFS{}); err == nil || !strings.Contains(err.Error(), board.ClassicFile) {
		t.Errorf("risk from an empty file system: %v", err)
	}
}

// TestGenerals: the registry lists generals last, playing the built-in
// card collection; a mod directory's empire file replaces the built-in
// one (another hash, the mod's card), and a broken one is refused with
// its file and line.
func TestGenerals(t *testing.T) {
	reg, err := registry.Default()
	if err != nil {
		t.Fatal(err)
	}
	ids := reg.IDs()
	if ids[len(ids)-1] != generals.ID {
		t.Fatalf("ids %v: want generals last", ids)
	}
	rs, _ := reg.Get(generals.ID)
	in := rs.Info()
	if in.Title != "Empires and Generals" || in.Board != "cards" || !in.Hidden || in.MinSeats != 2 || in.MaxSeats != 20 {
		t.Errorf("generals' info: %+v", in)
	}
	file := "generals/empires/huns.toml"
	data, err := fs.ReadFile(assets.Rules(), file)
	if err != nil {
		t.Fatal(err)
	}
	edited := bytes.Replace(data, []byte(`name = "Hun Chieftain"`), []byte(`name = "Hun Khan"`), 1)
	if bytes.Equal(edited, data) {
		t.Fatal("huns.toml has no Hun Chieftain to rename")
	}
	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, "generals", "empires"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, filepath.FromSlash(file)), edited, 0o644); err != nil {
		t.Fatal(err)
	}
	mod, err := registry.New(dir)
	if err != nil {
		t.Fatal(err)
	}
	mg, _ := mod.Get(generals.ID)
	if c, ok := mg.(*generals.Rules).Card("EGFETHG4"); mg.Info().Hash == in.Hash || !ok || c.Name != "Hun Khan" {
		t.Errorf("the mod's generals: hash %s (the built-in's %s), card %+v", mg.Info().Hash, in.Hash, c)
	}
	broken := bytes.Replace(data, []byte(`rarity = "uncommon"`), []byte(`rarity = "mythic"`), 1)
	line := bytes.Count(data[:bytes.Index(data, []byte(`rarity = "uncommon"`))], []byte("\n")) + 1
	if err := os.WriteFile(filepath.Join(dir, filepath.FromSlash(file)), broken, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := registry.New(dir); err == nil || !strings.Contains(err.Error(), fmt.Sprintf("%s:%d:", file, line)) {
		t.Errorf("a broken huns.toml: %v, want its file and line %d", err, line)
	}
}
