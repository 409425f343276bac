package rulesettest

import (
	"bytes"
	"testing"

	"empires/internal/skip"
	"empires/shared/ruleset"
)

// Fuzz feeds the fuzzer's bytes to every decoder of outside bytes of rs, at
// one of up to 8 positions of a game of cfg played by the AI at
// Info().DefaultLevel (or opts.Levels[0]), which the input's first byte
// picks (modulo their number): Check and Act of every seat (and of seat 0
// and one past the last), View.Apply of every audience's view, then
// DecodeView and Load, with the rest of the input. Nothing may panic;
// input refused changes nothing; an action accepted moves the game one
// step; what decodes encodes to bytes that decode to the same. The corpus
// starts with the game's own orders, actions, views, deltas and saves,
// each after the number of a position. Call it from a fuzz target:
//
//	func FuzzRules(f *testing.F) { rulesettest.Fuzz(f, myrules.New(), cfg, rulesettest.Options{}) }
func Fuzz(f *testing.F, rs ruleset.Ruleset, cfg ruleset.Config, opts Options) {
	f.Helper()
	level := rs.Info().DefaultLevel
	if len(opts.Levels) > 0 {
		level = opts.Levels[0]
	}
	positions, corpus := collect(f, rs, cfg, level, opts)
	for i, b := range corpus {
		f.Add(append([]byte{byte(i % len(positions))}, b...))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) == 0 {
			return
		}
		skip.If(t, opts.SeedBytes > 0 && len(data) > opts.SeedBytes+1, skip.Input, "%d bytes: over Options.SeedBytes", len(data))
		pos := positions[int(data[0])%len(positions)]
		data = data[1:]
		fuzzPosition(t, rs, pos, data)
		if v, err := rs.DecodeView(data); err == nil {
			checkReencode(t, rs, v, "DecodeView")
		}
		if g, err := rs.Load(data); err == nil {
			b, err := g.Save()
			if err != nil {
				t.Fatalf("a loaded game does not save: %v", err)
			}
			g2, err := rs.Load(b)
			if err != nil {
				t.Fatalf("Load of a loaded game's save: %v", err)
			}
			if b2, _ := g2.Save(); !bytes.Equal(b, b2) {
				t.Fatalf("a loaded game's save loads to another save")
			}
		}
	})
}

// position is a game at one step, and every audience's view of it and
// that view's encoding.
type position struct {
	save    []byte
	seq     uint32
	views   []ruleset.View
	encoded [][]byte
}

// collect plays a game of cfg and returns up to 8 positions spread over
// it and the payloads it made (at most about 64).
func collect(f *testing.F, rs ruleset.Ruleset, cfg ruleset.Config, level string, opts Options) ([]position, [][]byte) {
	f.Helper()
	p := &player{r: f, rs: rs, cfg: cfg, level: level, opts: opts}
	var err error
	if p.g, err = rs.New(cfg); err != nil {
		f.Fatalf("New: %v", err)
	}
	n := p.g.Seats()
	p.ais = make([]ruleset.AI, n+1)
	for s := 1; s <= n; s++ {
		if p.ais[s], err = rs.NewAI(level, opts.AISeed+uint64(s)); err != nil {
			f.Fatalf("NewAI(%q): %v", level, err)
		}
	}
	auds := audiences(n)
	var all []position
	var corpus [][]byte
	maxSteps := opts.MaxSteps
	if maxSteps == 0 {
		maxSteps = 10000
	}
	for step := 0; step < maxSteps; step++ {
		st := p.g.Step()
		pos := position{save: p.save(), seq: st.Seq}
		for _, a := range auds {
			v := p.g.View(a.seat, a.all)
			b, err := v.Encode()
			if err != nil {
				f.Fatalf("step %d: a view does not encode: %v", st.Seq, err)
			}
			pos.views, pos.encoded = append(pos.views, v), append(pos.encoded, b)
		}
		if over, _ := p.g.Over(); over {
			all = append(all, pos)
			break
		}
		in := p.ask(st)
		if _, err := in.apply(p.g); err != nil {
			f.Fatalf("step %d: the AIs' input refused: %v", st.Seq, err)
		}
		seed := func(b []byte) {
			if opts.SeedBytes <= 0 || len(b) <= opts.SeedBytes {
				corpus = append(corpus, b)
			}
		}
		seed(pos.save)
		seed(in.action)
		for _, sub := range in.asked {
			seed(sub.Orders)
		}
		for i, a := range auds {
			seed(pos.encoded[i])
			if d, err := pos.views[i].Diff(p.g.View(a.seat, a.all)); err == nil {
				seed(d)
			}
		}
		all = append(all, pos)
	}
	return spread(all, 8), spread(corpus, 64)
}

// spread returns at most k elements of list, evenly spread.
func spread[T any](list []T, k int) []T {
	if len(list) <= k {
		return list
	}
	out := make([]T, k)
	for i := range out {
		out[i] = list[i*len(list)/k]
	}
	return out
}

// fuzzPosition feeds data to the decoders of the game at pos.
func fuzzPosition(t *testing.T, rs ruleset.Ruleset, pos position, data []byte) {
	t.Helper()
	load := func() ruleset.Game {
		t.Helper()
		g, err := rs.Load(pos.save)
		if err != nil {
			t.Fatalf("Load of a position's save: %v", err)
		}
		return g
	}
	unchanged := func(g ruleset.Game, what string) {
		t.Helper()
		if b, err := g.Save(); err != nil || !bytes.Equal(b, pos.save) {
			t.Fatalf("%s changed the game (%v)", what, err)
		}
	}
	g := load()
	for s := 0; s <= g.Seats()+1; s++ {
		seat := ruleset.Seat(s)
		_, _ = g.Check(seat, data)
		unchanged(g, "Check")
		if _, err := g.Act(seat, data); err != nil {
			unchanged(g, "a refused Act")
			continue
		}
		if seq := g.Step().Seq; seq != pos.seq+1 {
			t.Fatalf("an accepted Act of seat %d moved step %d to %d", s, pos.seq, seq)
		}
		g = load()
	}
	for i, v := range pos.views {
		nv, err := v.Apply(data)
		if after, _ := v.Encode(); !bytes.Equal(pos.encoded[i], after) {
			t.Fatalf("Apply changed the view it was called on")
		}
		if err == nil {
			checkReencode(t, rs, nv, "Apply")
		}
	}
}

// checkReencode checks that v, which what made, encodes to bytes that
// decode to a view encoding to the same bytes.
func checkReencode(t *testing.T, rs ruleset.Ruleset, v ruleset.View, what string) {
	t.Helper()
	b, err := v.Encode()
	if err != nil {
		t.Fatalf("a view %s accepted does not encode: %v", what, err)
	}
	d, err := rs.DecodeView(b)
	if err != nil {
		t.Fatalf("a view %s accepted encodes to bytes DecodeView refuses: %v", what, err)
	}
	if b2, _ := d.Encode(); !bytes.Equal(b, b2) || d.Checksum() != v.Checksum() {
		t.Fatalf("a view %s accepted does not survive Encode and DecodeView", what)
	}
}
