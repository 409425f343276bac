package conn

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"

	"empires/shared/protocol"
	"empires/shared/ruleset"
)

// Rules finds the ruleset a server's game plays, for a client: the build's
// own (the registry it was made with) when the server plays the same rules
// data, else the build's ruleset playing the server's data (a host's mod),
// which the client fetches once with GetRules and keeps in a cache
// directory, one file per content hash (CacheDir). So a player needs
// nothing from the host to play its mod, and plays it again without
// fetching it. Data that does not have the hash the server announced, or
// that the ruleset cannot read, is refused with why.
//
// A Rules is used from one goroutine.
type Rules struct {
	build *ruleset.Registry
	dir   string
	made  map[string]ruleset.Ruleset // by content hash: the rulesets made from data
}

// NewRules returns the finder of the rulesets of build, keeping the data it
// fetches in dir; with dir empty it keeps the data in memory only.
func NewRules(build *ruleset.Registry, dir string) *Rules {
	return &Rules{build: build, dir: dir, made: map[string]ruleset.Ruleset{}}
}

// CacheDir returns the directory the client keeps servers' rules data in:
// empires/rules in the user's cache directory (os.UserCacheDir).
func CacheDir() (string, error) {
	dir, err := os.UserCacheDir()
	if err != nil {
		return "", fmt.Errorf("the rules cache: %w", err)
	}
	return filepath.Join(dir, "empires", "rules"), nil
}

// Build returns the build's rulesets.
func (r *Rules) Build() *ruleset.Registry { return r.build }

// Info returns the server's description of ruleset id in w, and false if
// the server does not play it.
func Info(w *protocol.Welcome, id string) (protocol.RulesetInfo, bool) {
	if w == nil {
		return protocol.RulesetInfo{}, false
	}
	i := slices.IndexFunc(w.Rulesets, func(in protocol.RulesetInfo) bool { return in.ID == id })
	if i < 0 {
		return protocol.RulesetInfo{}, false
	}
	return w.Rulesets[i], true
}

// Check reports whether the client can play ruleset in of a server, nil if
// it can: the build must have the ruleset (the rules are code; only their
// data comes from the server) and the server must name its data by a
// content hash.
func (r *Rules) Check(in protocol.RulesetInfo) error {
	if _, ok := r.build.Get(in.ID); !ok {
		title := in.Title
		if title == "" {
			title = in.ID
		}
		return fmt.Errorf("this client does not have the ruleset %s (%q): it plays %v", clipText(title, 48), clipText(in.ID, 24), r.build.IDs())
	}
	if !validHash(in.Hash) {
		return fmt.Errorf("the server names the data of ruleset %s by %q, not a content hash", in.ID, clipText(in.Hash, 80))
	}
	return nil
}

// Find returns the ruleset of server ruleset in: the build's own if its
// data has in.Hash, or the build's with the data of that hash made before
// or found in the cache directory. Otherwise it returns the GetRules to
// send: the answer goes to Accept. The error says why the client cannot
// play the ruleset (Check), or why the cached data does not serve.
func (r *Rules) Find(in protocol.RulesetInfo) (ruleset.Ruleset, *protocol.GetRules, error) {
	if err := r.Check(in); err != nil {
		return nil, nil, err
	}
	own, _ := r.build.Get(in.ID)
	if err := checkDict(own, in); err != nil {
		return nil, nil, err
	}
	if own.Info().Hash == in.Hash {
		return own, nil, nil
	}
	if rs, ok := r.made[in.Hash]; ok {
		return rs, nil, nil
	}
	if r.dir != "" {
		data, err := os.ReadFile(filepath.Join(r.dir, in.Hash))
		switch {
		case errors.Is(err, os.ErrNotExist):
		case err != nil:
			return nil, nil, fmt.Errorf("the cached rules data of %s: %w", in.ID, err)
		case ruleset.HashData(data) != in.Hash:
			// A damaged file: fetch the data again, which replaces it.
			return nil, &protocol.GetRules{Ruleset: in.ID}, nil
		default:
			return r.make(own, in, data)
		}
	}
	return nil, &protocol.GetRules{Ruleset: in.ID}, nil
}

// Accept takes the server's answer to Find's GetRules for ruleset in: it
// checks that m is the data of in, with in's content hash, makes the
// build's ruleset play it (ruleset.Ruleset.WithData, which refuses a
// broken file with where and why) and keeps the data in the cache
// directory. A cache that cannot be written is no error: the data is kept
// in memory for the client's life.
func (r *Rules) Accept(in protocol.RulesetInfo, m *protocol.RulesData) (ruleset.Ruleset, error) {
	if err := r.Check(in); err != nil {
		return nil, err
	}
	switch {
	case m.Ruleset != in.ID:
		return nil, fmt.Errorf("asked for the rules data of %s, the server sent %q's", in.ID, clipText(m.Ruleset, 24))
	case m.Hash != in.Hash:
		return nil, fmt.Errorf("the server sent rules data of %s with hash %s, it announced %s", in.ID, clipText(m.Hash, 80), in.Hash)
	}
	if have := ruleset.HashData(m.Data); have != in.Hash {
		return nil, fmt.Errorf("the server's rules data of %s (%d bytes) has content hash %s, not the %s it announced: refused", in.ID, len(m.Data), have, in.Hash)
	}
	if m.Dict != in.Dict {
		return nil, fmt.Errorf("the server sent the event templates of %s with hash %08x, it announced %08x", in.ID, m.Dict, in.Dict)
	}
	if err := m.CheckTemplates(); err != nil {
		return nil, fmt.Errorf("the server's %w: refused", err)
	}
	own, _ := r.build.Get(in.ID)
	if err := checkDict(own, in); err != nil {
		return nil, err
	}
	rs, _, err := r.make(own, in, m.Data)
	if err != nil {
		return nil, err
	}
	if r.dir != "" {
		_ = writeFile(r.dir, in.Hash, m.Data) // best effort: the data is in memory
	}
	return rs, nil
}

// checkDict reports whether own, the build's ruleset, reads the events of
// server ruleset in: their texts name templates of the dictionary in.Dict
// (RulesData.Templates), which must be the build's own, nil if it is.
//
// CHOICE: the client decodes events with the dictionary it was built with
// and checks that it is the one the server names, rather than decoding
// with the server's: a server with another dictionary is of another build,
// and the client says so before the game instead of failing on its first
// turn's events.
func checkDict(own ruleset.Ruleset, in protocol.RulesetInfo) error {
	if have := own.Info().Dict; have != in.Dict {
		return fmt.Errorf("the server's events of %s name the templates of dictionary %08x, this client has %08x: use a client of the server's build", in.ID, in.Dict, have)
	}
	return nil
}

// make returns own playing data, whose content hash is in.Hash.
func (r *Rules) make(own ruleset.Ruleset, in protocol.RulesetInfo, data []byte) (ruleset.Ruleset, *protocol.GetRules, error) {
	rs, err := own.WithData(data)
	if err != nil {
		return nil, nil, fmt.Errorf("the server's rules data of %s (hash %.12s…) is not a ruleset this client can play: %w", in.ID, in.Hash, err)
	}
	r.made[in.Hash] = rs
	return rs, nil, nil
}

// writeFile writes data to dir/name through a temporary file, so that a
// reader never sees half of it.
func writeFile(dir, name string, data []byte) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	f, err := os.CreateTemp(dir, name+".*.tmp")
	if err != nil {
		return err
	}
	_, err = f.Write(data)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(f.Name(), filepath.Join(dir, name))
	}
	if err != nil {
		_ = os.Remove(f.Name())
	}
	return err
}

// validHash reports whether h is a content hash (ruleset.HashData): 64
// lower-case hex digits, so it is safe as a file name.
func validHash(h string) bool {
	if len(h) != 64 {
		return false
	}
	for _, c := range h {
		if !(c >= '0' && c <= '9' || c >= 'a' && c <= 'f') {
			return false
		}
	}
	return true
}

// clipText cuts s, a server's text, to n bytes for an error message.
func clipText(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "…"
}

// InfoOf returns the protocol's description of a ruleset this client
// plays (its own registry's), as a server's Welcome would give it.
func InfoOf(in ruleset.Info) protocol.RulesetInfo {
	out := protocol.RulesetInfo{
		ID: in.ID, Title: in.Title, Summary: in.Summary, Board: in.Board,
		MinSeats: in.MinSeats, MaxSeats: in.MaxSeats,
		Levels: slices.Clone(in.Levels), Default: in.DefaultLevel, Hash: in.Hash, Dict: in.Dict,
		LevelNotes: slices.Clone(in.LevelNotes),
	}
	for _, s := range in.Settings {
		out.Settings = append(out.Settings, protocol.SettingInfo{Key: s.Key, Label: s.Label, Help: s.Help,
			Min: s.Min, Max: s.Max, Default: s.Default, Choices: slices.Clone(s.Choices)})
	}
	return out
}

// InfosOf returns DescribeRuleset of every ruleset of reg, its default
// first.
func InfosOf(reg *ruleset.Registry) []protocol.RulesetInfo {
	var out []protocol.RulesetInfo
	for _, rs := range reg.All() {
		out = append(out, DescribeRuleset(rs))
	}
	return out
}

// DescribeRuleset returns InfoOf of rs's info, with SeatSetup set when rs
// takes seat set-up data (ruleset.SeatSetup), as a server describes it.
func DescribeRuleset(rs ruleset.Ruleset) protocol.RulesetInfo {
	out := InfoOf(rs.Info())
	_, out.SeatSetup = rs.(ruleset.SeatSetup)
	return out
}

// RulesetOf returns the ruleset.Info a protocol.RulesetInfo describes.
func RulesetOf(in protocol.RulesetInfo) ruleset.Info {
	out := ruleset.Info{
		ID: in.ID, Title: in.Title, Summary: in.Summary, Board: in.Board,
		MinSeats: in.MinSeats, MaxSeats: in.MaxSeats,
		Levels: slices.Clone(in.Levels), DefaultLevel: in.Default, Hash: in.Hash, Dict: in.Dict,
		LevelNotes: slices.Clone(in.LevelNotes),
	}
	for _, s := range in.Settings {
		out.Settings = append(out.Settings, ruleset.Setting{Key: s.Key, Label: s.Label, Help: s.Help,
			Min: s.Min, Max: s.Max, Default: s.Default, Choices: slices.Clone(s.Choices)})
	}
	return out
}
