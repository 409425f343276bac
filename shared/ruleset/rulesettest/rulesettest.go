// Package rulesettest checks that a ruleset keeps the contract of package
// ruleset, as the server core relies on it. A ruleset's tests call Run (and
// Fuzz from a fuzz target):
//
//	func TestConformance(t *testing.T) {
//		rulesettest.Run(t, myrules.New(), ruleset.Config{Seed: 1, Seats: 3}, rulesettest.Options{})
//	}
//
// Run plays whole games with the ruleset's own AI in every seat, driving
// the steps exactly as a server does, and checks at every step what the
// core, the store, the replays and the clients take for granted: the step's
// shape and Seq, refused input changing nothing, saves that load back to
// the same bytes, replays that reproduce the next save, views whose deltas
// and encodings round-trip, determinism, and decoders that refuse garbage
// without panicking.
//
// Beyond the words of the contract, the harness expects what a server
// needs of every ruleset: New refuses seats outside Info's bounds and
// option values outside their settings'; a game that is over asks no one;
// an input for a seat that does not act, for the wrong kind of step or (with
// Options.Stamped) for an earlier step is refused; an action refused for
// its content, not its bytes, is a *ruleset.Rejection. An AI that is a
// ruleset.Listener hears its seat's events after every step, and refuses
// garbage as events.
package rulesettest

import (
	"bytes"
	"crypto/sha256"
	"errors"
	"fmt"
	"reflect"
	"slices"
	"testing"

	"empires/shared/ruleset"
)

// Options tune Run and Fuzz. The zero value is ready to use.
type Options struct {
	// MaxSteps is the most steps (each Resolve or Act) a game may take to
	// end (0: 10,000).
	MaxSteps int
	// Levels are the AI levels to play: one whole game each, every seat
	// at that level (nil: every level of Info().Levels).
	Levels []string
	// AISeed seeds the AIs: seat s plays with seed AISeed+s.
	AISeed uint64
	// Autopilot, above 0, leaves out of a simultaneous step's submissions
	// the actor s with (Seq+s) % Autopilot == 0, so the ruleset's autopilot
	// plays it.
	Autopilot int
	// Stamped says the ruleset's orders and actions name the step they
	// answer (Step.Seq), so that the last step's input, sent again, must be
	// refused.
	Stamped bool
	// SeedBytes, above 0, is for Fuzz: the payloads longer than it are left
	// out of the corpus and longer inputs are skipped. The fuzzer
	// minimises every input that reaches new code, one run per try, so with
	// whole saves and views of a large game as seeds it spends its time
	// there; small seeds (orders, actions, deltas) keep it fuzzing.
	SeedBytes int
	// Each, if set, is called with every step played with every check on
	// (and once with the game's start); its error fails the test.
	Each func(r *Record) error
}

// Record is one step a game played, as the server saw it.
type Record struct {
	// Level is the AIs' level.
	Level string
	// Step is the step played. Before and After are the game's saves
	// around it. A game's first Record is its start: Before is nil and
	// nothing was played.
	Step          ruleset.Step
	Before, After []byte
	// Subs are a Simultaneous step's submissions (the seats the autopilot
	// played left out).
	Subs []ruleset.Submission
	// Seat and Action are an Interactive step's actor and action.
	Seat   ruleset.Seat
	Action []byte
	// Sent is every payload the server sends for the step: each audience's
	// view, its delta and its events.
	Sent []Payload
}

// Payload is one encoded value sent to one audience.
type Payload struct {
	Kind PayloadKind
	// Seat and AllSeeing are the audience, as Game.View takes them.
	Seat      ruleset.Seat
	AllSeeing bool
	Data      []byte
}

// PayloadKind says what a Payload holds.
type PayloadKind uint8

// The kinds of payload.
const (
	// PayloadView is a whole view (View.Encode).
	PayloadView PayloadKind = iota + 1
	// PayloadDelta is a delta (View.Diff).
	PayloadDelta
	// PayloadEvents are an outcome's events (Outcome.Events).
	PayloadEvents
)

// String names the kind.
func (k PayloadKind) String() string {
	switch k {
	case PayloadView:
		return "view"
	case PayloadDelta:
		return "delta"
	case PayloadEvents:
		return "events"
	}
	return fmt.Sprintf("payload %d", k)
}

// reporter is the part of testing.TB the checks use (the harness's own
// tests record what it reports).
type reporter interface {
	Helper()
	Errorf(format string, args ...any)
	Fatalf(format string, args ...any)
}

// Run checks rs against the contract with games of cfg: its Info and data,
// then for each level of opts a whole game played by its AI, every check at
// every step, and the same game again, which must give the same saves.
func Run(t *testing.T, rs ruleset.Ruleset, cfg ruleset.Config, opts Options) {
	t.Helper()
	t.Run("info", func(t *testing.T) { checkInfo(t, rs, cfg) })
	levels := opts.Levels
	if levels == nil {
		levels = rs.Info().Levels
	}
	for _, level := range levels {
		t.Run(level, func(t *testing.T) { checkGames(t, rs, cfg, level, opts) })
	}
}

// garbage are bytes no decoder of a ruleset may accept: an empty input, a
// code msgpack never uses, a lone array header claiming more than follows.
var garbage = [][]byte{nil, {}, {0xc1}, {0xdd, 0xff, 0xff, 0xff, 0xff}, []byte("\x00not msgpack\xff")}

// spoilt returns garbage and data made unreadable: cut short by one byte and
// by half, and followed by an extra byte.
func spoilt(data []byte) [][]byte {
	out := slices.Clone(garbage)
	if len(data) > 1 {
		out = append(out, data[:len(data)-1], data[:len(data)/2])
	}
	return append(out, append(slices.Clone(data), 0xc0))
}

// checkInfo checks rs's Info, its data and WithData, and that New refuses
// tables outside Info's bounds.
func checkInfo(r reporter, rs ruleset.Ruleset, cfg ruleset.Config) {
	r.Helper()
	in := rs.Info()
	if err := in.Check(); err != nil {
		r.Errorf("Info fails Check: %v", err)
	}
	if want := ruleset.HashData(rs.Data()); in.Hash != want {
		r.Errorf("Info().Hash = %s, want HashData(Data()) = %s", in.Hash, want)
	}
	if err := in.CheckOptions(cfg.Options); err != nil {
		r.Fatalf("the test's config: %v", err)
	}
	if cfg.Seats < in.MinSeats || cfg.Seats > in.MaxSeats {
		r.Fatalf("the test's config: %d seats, the ruleset takes %d to %d", cfg.Seats, in.MinSeats, in.MaxSeats)
	}
	var same ruleset.Ruleset
	var err error
	if !try(r, "WithData(Data())", func() { same, err = rs.WithData(rs.Data()) }) {
		return
	}
	switch {
	case err != nil:
		r.Errorf("WithData(Data()) refused its own data: %v", err)
	case same.Info().Hash != in.Hash || !bytes.Equal(same.Data(), rs.Data()):
		r.Errorf("WithData(Data()): hash %s, want %s (data equal: %t)", same.Info().Hash, in.Hash, bytes.Equal(same.Data(), rs.Data()))
	case !reflect.DeepEqual(same.Info(), in):
		r.Errorf("WithData(Data()).Info() = %+v, want %+v", same.Info(), in)
	}
	for _, data := range garbage {
		var err error
		if try(r, fmt.Sprintf("WithData(%q)", data), func() { _, err = rs.WithData(data) }) && err == nil {
			r.Errorf("WithData(%q) accepted garbage", data)
		}
	}
	var ai ruleset.AI
	if try(r, "NewAI", func() { ai, err = rs.NewAI("no such level", 1) }) && err == nil {
		r.Errorf("NewAI accepted the level %q (levels %v): %T", "no such level", in.Levels, ai)
	}
	for _, bad := range []ruleset.Config{
		withSeats(cfg, in.MinSeats-1), withSeats(cfg, in.MaxSeats+1), withSeats(cfg, 0),
	} {
		var err error
		if try(r, "New", func() { _, err = rs.New(bad) }) && err == nil {
			r.Errorf("New accepted a table of %d seats (the ruleset takes %d to %d)", bad.Seats, in.MinSeats, in.MaxSeats)
		}
	}
	for _, s := range in.Settings {
		bad := cfg
		bad.Options = ruleset.Options{}
		for k, v := range cfg.Options {
			bad.Options[k] = v
		}
		bad.Options[s.Key] = s.Max + 1
		var err error
		if try(r, "New", func() { _, err = rs.New(bad) }) && err == nil {
			r.Errorf("New accepted setting %s = %d (at most %d)", s.Key, s.Max+1, s.Max)
		}
	}
}

// withSeats returns cfg with n seats and as many names.
func withSeats(cfg ruleset.Config, n int) ruleset.Config {
	cfg.Seats = max(n, 0)
	cfg.Names = nil
	for i := range cfg.Seats {
		cfg.Names = append(cfg.Names, fmt.Sprintf("Player %d", i+1))
	}
	return cfg
}

// try calls f and reports a panic in it as a failure of what; it reports
// whether f returned.
func try(r reporter, what string, f func()) (ok bool) {
	r.Helper()
	defer func() {
		if p := recover(); p != nil {
			r.Errorf("%s panicked: %v", what, p)
			ok = false
		}
	}()
	f()
	return true
}

// checkGames plays a game at level with every check, then again without
// them, and compares the two games' saves step by step.
func checkGames(r reporter, rs ruleset.Ruleset, cfg ruleset.Config, level string, opts Options) {
	r.Helper()
	first := (&player{r: r, rs: rs, cfg: cfg, level: level, opts: opts, full: true}).play()
	second := (&player{r: r, rs: rs, cfg: cfg, level: level, opts: opts}).play()
	for i := range min(len(first), len(second)) {
		if first[i] != second[i] {
			r.Fatalf("not deterministic: the same game played twice differs at its save %d", i)
		}
	}
	if len(first) != len(second) {
		r.Errorf("not deterministic: the same game played twice ends after %d and %d steps", len(first)-1, len(second)-1)
	}
}

// audience is who a view is for.
type audience struct {
	seat ruleset.Seat
	all  bool
}

// audiences returns every seat of n, the spectator and the all-seeing
// spectator.
func audiences(n int) []audience {
	out := []audience{{0, false}, {0, true}}
	for s := 1; s <= n; s++ {
		out = append(out, audience{ruleset.Seat(s), false})
	}
	return out
}

// input is what was played in one step.
type input struct {
	mode ruleset.Mode
	subs []ruleset.Submission
	// asked are every actor's orders, those left to the autopilot too.
	asked  []ruleset.Submission
	seat   ruleset.Seat
	action []byte
}

// apply plays in on g.
func (in input) apply(g ruleset.Game) (ruleset.Outcome, error) {
	if in.mode == ruleset.Simultaneous {
		return g.Resolve(in.subs)
	}
	return g.Act(in.seat, in.action)
}

// player plays one game. With full set it runs every check at every step;
// without, it only plays (the determinism run).
type player struct {
	r     reporter
	rs    ruleset.Ruleset
	cfg   ruleset.Config
	level string
	opts  Options
	full  bool

	g     ruleset.Game
	ais   []ruleset.AI
	auds  []audience
	views []ruleset.View
}

// play plays the game to its end and returns the SHA-256 of its save
// before the first step and after each.
func (p *player) play() [][sha256.Size]byte {
	r := p.r
	r.Helper()
	var err error
	p.g, err = p.rs.New(p.cfg)
	if err != nil {
		r.Fatalf("New: %v", err)
	}
	n := p.g.Seats()
	if n != p.cfg.Seats {
		r.Fatalf("Seats() = %d, the config has %d", n, p.cfg.Seats)
	}
	p.ais = make([]ruleset.AI, n+1)
	for s := 1; s <= n; s++ {
		if p.ais[s], err = p.rs.NewAI(p.level, p.opts.AISeed+uint64(s)); err != nil {
			r.Fatalf("NewAI(%q): %v", p.level, err)
		}
	}
	save := p.save()
	hashes := [][sha256.Size]byte{sha256.Sum256(save)}
	if p.full {
		p.start(save)
	}
	var last *input
	maxSteps := p.opts.MaxSteps
	if maxSteps == 0 {
		maxSteps = 10000
	}
	for steps := 0; ; steps++ {
		st := p.g.Step()
		if over, winner := p.g.Over(); over {
			if winner > ruleset.Seat(n) {
				r.Errorf("the game is over, won by seat %d of %d", winner, n)
			}
			if len(st.Actors) > 0 {
				r.Errorf("the game is over, but its step asks seats %v", st.Actors)
			}
			if p.full {
				p.checkLoad(save, st)
				p.checkEnded(save, last)
			}
			return hashes
		}
		if steps >= maxSteps {
			r.Fatalf("the game is not over after %d steps (step %+v)", steps, st)
		}
		p.checkStep(st, n)
		in := p.ask(st)
		if p.full {
			p.checkRefusals(st, save, in, last)
			p.checkLoad(save, st)
		}
		missed := p.missed()
		out, err := in.apply(p.g)
		if err != nil {
			r.Fatalf("step %d (%s): the AIs' input refused: %v", st.Seq, st.Mode, err)
		}
		if next := p.g.Step(); next.Seq != st.Seq+1 {
			r.Errorf("step %d (%s): the next step's Seq is %d, want %d", st.Seq, st.Mode, next.Seq, st.Seq+1)
		} else if next.Turn < st.Turn {
			r.Errorf("step %d: turn %d follows turn %d", st.Seq, next.Turn, st.Turn)
		}
		if st.Mode == ruleset.Simultaneous {
			p.checkMissed(st, in, missed)
		}
		p.tell(st, out)
		after := p.save()
		hashes = append(hashes, sha256.Sum256(after))
		if p.full {
			rec := &Record{Level: p.level, Step: st, Before: save, After: after, Subs: in.subs, Seat: in.seat, Action: in.action}
			p.checkReplay(save, after, in, out)
			p.checkViews(rec, out)
			p.each(rec)
		}
		save = after
		last = &in
	}
}

// tell hands every seat's AI that is a ruleset.Listener its seat's events
// of step st's outcome, as a server does.
func (p *player) tell(st ruleset.Step, out ruleset.Outcome) {
	p.r.Helper()
	for s := 1; s < len(p.ais); s++ {
		var err error
		if try(p.r, "Hear", func() { err = ruleset.Tell(p.ais[s], ruleset.Seat(s), out) }) && err != nil {
			p.r.Errorf("step %d: %v", st.Seq, err)
		}
	}
}

// checkHear checks that an AI of the level that is a ruleset.Listener
// refuses garbage as its events, without panicking. The AI is a fresh one,
// so what it heard changes no game.
func (p *player) checkHear() {
	r := p.r
	r.Helper()
	ai, err := p.rs.NewAI(p.level, p.opts.AISeed+1)
	if err != nil {
		r.Fatalf("NewAI(%q): %v", p.level, err)
	}
	l, ok := ai.(ruleset.Listener)
	if !ok {
		return
	}
	for _, b := range garbage {
		if try(r, fmt.Sprintf("Hear(%q)", b), func() { err = l.Hear(1, b) }) && err == nil {
			r.Errorf("the AI (%s) heard garbage as events: %q", p.level, b)
		}
	}
}

// save saves the game.
func (p *player) save() []byte {
	p.r.Helper()
	b, err := p.g.Save()
	if err != nil {
		p.r.Fatalf("Save: %v", err)
	}
	return b
}

// start checks the new game and sends every audience its first view.
func (p *player) start(save []byte) {
	r := p.r
	r.Helper()
	for s := 1; s <= p.g.Seats(); s++ {
		if have, want := p.g.Player(ruleset.Seat(s)).Name, p.cfg.Names; s <= len(want) && have != want[s-1] {
			r.Errorf("Player(%d).Name = %q, the config names %q", s, have, want[s-1])
		}
		if !p.g.Player(ruleset.Seat(s)).Alive {
			r.Errorf("Player(%d) is not alive at the start", s)
		}
	}
	p.checkHear()
	rec := &Record{Level: p.level, Step: p.g.Step(), After: save}
	p.auds = audiences(p.g.Seats())
	p.views = make([]ruleset.View, len(p.auds))
	for i, a := range p.auds {
		p.views[i] = p.g.View(a.seat, a.all)
		b := p.encode(p.views[i], a)
		p.checkDecode(b, p.views[i], a)
		rec.Sent = append(rec.Sent, Payload{Kind: PayloadView, Seat: a.seat, AllSeeing: a.all, Data: b})
	}
	p.each(rec)
}

// each hands rec to opts.Each.
func (p *player) each(rec *Record) {
	p.r.Helper()
	if p.opts.Each == nil {
		return
	}
	if err := p.opts.Each(rec); err != nil {
		p.r.Errorf("step %d: %v", rec.Step.Seq, err)
	}
}

// checkStep checks the shape of a step of a game not over: a Simultaneous
// step asks every live player.
func (p *player) checkStep(st ruleset.Step, n int) {
	r := p.r
	r.Helper()
	if st.Mode != ruleset.Simultaneous && st.Mode != ruleset.Interactive && st.Mode != ruleset.Concurrent {
		r.Fatalf("step %d: mode %s", st.Seq, st.Mode)
	}
	if st.Mode == ruleset.Concurrent && (st.Since > st.Seq) {
		r.Errorf("step %d: a concurrent step since step %d", st.Seq, st.Since)
	}
	if len(st.Actors) == 0 {
		r.Fatalf("step %d: the game is not over and asks no one", st.Seq)
	}
	if st.Turn < 1 {
		r.Errorf("step %d: turn %d, turns count from 1", st.Seq, st.Turn)
	}
	for i, s := range st.Actors {
		if s < 1 || int(s) > n || i > 0 && s <= st.Actors[i-1] {
			r.Fatalf("step %d: actors %v: want seats of 1 to %d in seat order", st.Seq, st.Actors, n)
		}
	}
	if st.Mode != ruleset.Simultaneous {
		return
	}
	var alive []ruleset.Seat
	for s := 1; s <= n; s++ {
		if p.g.Player(ruleset.Seat(s)).Alive {
			alive = append(alive, ruleset.Seat(s))
		}
	}
	if !slices.Equal(alive, st.Actors) {
		r.Errorf("step %d: a simultaneous step's actors %v, want every live player %v", st.Seq, st.Actors, alive)
	}
}

// ask gets the step's input from the AIs, as a server would: for a
// simultaneous step every actor's orders, which Check must accept (leaving
// out those opts.Autopilot names); for an interactive one an action of one
// actor (a different one each step if several may act).
func (p *player) ask(st ruleset.Step) input {
	r := p.r
	r.Helper()
	in := input{mode: st.Mode}
	act := func(s ruleset.Seat) []byte {
		r.Helper()
		b, err := p.ais[s].Act(p.g.View(s, false), st, s)
		if err != nil {
			r.Fatalf("step %d: seat %d's AI (%s): %v", st.Seq, s, p.level, err)
		}
		return b
	}
	if st.Acting() {
		// The actors in turn from one the Seq picks: in a concurrent step
		// an AI may wait (nil), and the next is asked.
		seat, action, err := ruleset.FirstAIAction(p.g, st, int(st.Seq), func(s ruleset.Seat) ([]byte, error) { return act(s), nil })
		if err != nil {
			r.Fatalf("step %d: %v", st.Seq, err)
		}
		in.seat, in.action = seat, action
		return in
	}
	for _, s := range st.Actors {
		orders := act(s)
		before := p.saveIfFull()
		rej, err := p.g.Check(s, orders)
		if err != nil || len(rej) > 0 {
			r.Fatalf("step %d: Check refused seat %d's AI orders: %v %v", st.Seq, s, rej, err)
		}
		p.unchanged(before, fmt.Sprintf("step %d: Check of seat %d's orders", st.Seq, s))
		in.asked = append(in.asked, ruleset.Submission{Seat: s, Orders: orders})
		if k := p.opts.Autopilot; k > 0 && (int(st.Seq)+int(s))%k == 0 {
			continue
		}
		in.subs = append(in.subs, ruleset.Submission{Seat: s, Orders: orders})
	}
	return in
}

// saveIfFull saves the game when every check is on.
func (p *player) saveIfFull() []byte {
	p.r.Helper()
	if !p.full {
		return nil
	}
	return p.save()
}

// unchanged reports if the game's save is no longer before (nil: not
// checked).
func (p *player) unchanged(before []byte, what string) {
	p.r.Helper()
	if before != nil && !bytes.Equal(p.save(), before) {
		p.r.Errorf("%s changed the game", what)
	}
}

// missed returns each seat's Missed count.
func (p *player) missed() []int {
	out := make([]int, p.g.Seats()+1)
	for s := 1; s < len(out); s++ {
		out[s] = p.g.Missed(ruleset.Seat(s))
	}
	return out
}

// checkMissed checks Missed after a simultaneous step: 0 for an actor who
// gave orders, one more for one the autopilot played.
func (p *player) checkMissed(st ruleset.Step, in input, before []int) {
	r := p.r
	r.Helper()
	for _, s := range st.Actors {
		want := 0
		if !slices.ContainsFunc(in.subs, func(sub ruleset.Submission) bool { return sub.Seat == s }) {
			want = before[s] + 1
		}
		if have := p.g.Missed(s); have != want {
			r.Errorf("step %d: Missed(%d) = %d, want %d", st.Seq, s, have, want)
		}
	}
}

// refuse checks that in, played now, is refused and changes nothing.
func (p *player) refuse(save []byte, what string, in input) {
	r := p.r
	r.Helper()
	if in.mode == ruleset.Simultaneous {
		for _, sub := range in.subs {
			var rej []ruleset.Rejection
			var err error
			if try(r, "Check", func() { rej, err = p.g.Check(sub.Seat, sub.Orders) }) && err == nil && len(rej) == 0 {
				r.Errorf("%s: Check accepted seat %d's orders", what, sub.Seat)
			}
		}
		var err error
		if len(in.subs) > 0 && try(r, "Resolve", func() { _, err = p.g.Resolve(in.subs) }) && err == nil {
			r.Errorf("%s: Resolve accepted them", what)
		}
	} else {
		var err error
		if try(r, "Act", func() { _, err = p.g.Act(in.seat, in.action) }) && err == nil {
			r.Errorf("%s: Act accepted seat %d's action", what, in.seat)
		}
	}
	p.unchanged(save, what)
}

// checkEnded checks that a game over refuses input: the input that ended
// it, sent again, and a resolution.
func (p *player) checkEnded(save []byte, last *input) {
	r := p.r
	r.Helper()
	if last != nil {
		p.refuse(save, "after the end, the last step's input sent again", *last)
	}
	var err error
	if try(r, "Resolve", func() { _, err = p.g.Resolve(nil) }) && err == nil {
		r.Errorf("after the end, Resolve(nil) succeeded")
	}
	p.unchanged(save, "after the end, Resolve(nil)")
}

// checkRefusals checks, before in is played, that wrong input is refused
// and changes nothing: garbage, input from seats that do not act, input
// for the other kind of step, and (opts.Stamped) the last step's input.
func (p *player) checkRefusals(st ruleset.Step, save []byte, in input, last *input) {
	r := p.r
	r.Helper()
	n := p.g.Seats()
	var outsiders []ruleset.Seat // seats that may not act now
	for s := 0; s <= n+1; s++ {
		if !st.Acts(ruleset.Seat(s)) {
			outsiders = append(outsiders, ruleset.Seat(s))
		}
	}
	at := func(format string, args ...any) string {
		return fmt.Sprintf("step %d: ", st.Seq) + fmt.Sprintf(format, args...)
	}
	if st.Mode == ruleset.Simultaneous {
		sub := in.asked[0]
		for _, b := range spoilt(sub.Orders) {
			var err error
			if try(r, at("Check of garbage"), func() { _, err = p.g.Check(sub.Seat, b) }) && err == nil {
				r.Errorf("%s", at("Check(%d, %q) took garbage for orders", sub.Seat, b))
			}
		}
		for _, s := range outsiders {
			var rej []ruleset.Rejection
			var err error
			if try(r, at("Check"), func() { rej, err = p.g.Check(s, sub.Orders) }) && err == nil && len(rej) == 0 {
				r.Errorf("%s", at("seat %d does not act, but Check accepted seat %d's orders from it", s, sub.Seat))
			}
		}
		var err error
		if try(r, at("Act"), func() { _, err = p.g.Act(sub.Seat, sub.Orders) }) && err == nil {
			r.Errorf("%s", at("Act in a simultaneous step accepted seat %d's orders", sub.Seat))
		}
		for _, s := range outsiders {
			if s == 0 || int(s) > n {
				continue
			}
			dup := append(slices.Clone(in.subs), ruleset.Submission{Seat: s, Orders: sub.Orders})
			slices.SortFunc(dup, func(a, b ruleset.Submission) int { return int(a.Seat) - int(b.Seat) })
			if try(r, at("Resolve"), func() { _, err = p.g.Resolve(dup) }) && err == nil {
				r.Errorf("%s", at("Resolve accepted orders of seat %d, which does not act", s))
			}
			break
		}
	} else {
		for _, b := range spoilt(in.action) {
			var err error
			if try(r, at("Act of garbage"), func() { _, err = p.g.Act(in.seat, b) }) && err == nil {
				r.Errorf("%s", at("Act(%d, %q) took garbage for an action", in.seat, b))
			}
		}
		for _, s := range outsiders {
			var err error
			if !try(r, at("Act"), func() { _, err = p.g.Act(s, in.action) }) {
				continue
			}
			var rej *ruleset.Rejection
			switch {
			case err == nil:
				r.Errorf("%s", at("seat %d does not act, but Act accepted seat %d's action from it", s, in.seat))
			case s >= 1 && int(s) <= n && !errors.As(err, &rej):
				r.Errorf("%s", at("Act refused seat %d's action, sent by seat %d who does not act, with %T (%v), want a *ruleset.Rejection", in.seat, s, err, err))
			case rej != nil && rej.Reason == "":
				r.Errorf("%s", at("a rejection with no reason: %+v", rej))
			}
		}
		var err error
		if try(r, at("Resolve"), func() { _, err = p.g.Resolve(nil) }) && err == nil {
			r.Errorf("%s", at("Resolve of an interactive step succeeded"))
		}
		var rej []ruleset.Rejection
		if try(r, at("Check"), func() { rej, err = p.g.Check(in.seat, in.action) }) && err == nil && len(rej) == 0 {
			r.Errorf("%s", at("Check in an interactive step accepted seat %d's action as orders", in.seat))
		}
	}
	p.unchanged(save, at("refused input"))
	// In a concurrent step an action naming any Seq since the step began
	// is for it: the last action, sent again, may be one the step takes.
	if p.opts.Stamped && last != nil && !(st.Mode == ruleset.Concurrent && last.mode == ruleset.Concurrent) {
		p.refuse(save, at("the last step's input sent again"), *last)
	}
}

// checkLoad checks that the save of step st loads back to the same game,
// and that broken saves are refused.
func (p *player) checkLoad(save []byte, st ruleset.Step) {
	r := p.r
	r.Helper()
	var g ruleset.Game
	var err error
	if !try(r, "Load", func() { g, err = p.rs.Load(save) }) {
		return
	}
	if err != nil {
		r.Fatalf("step %d: Load of its own save: %v", st.Seq, err)
	}
	again, err := g.Save()
	switch {
	case err != nil:
		r.Errorf("step %d: Save of a loaded game: %v", st.Seq, err)
	case !bytes.Equal(again, save):
		r.Errorf("step %d: Load(Save()) saves to other bytes (%d, was %d)", st.Seq, len(again), len(save))
	}
	if have := g.Step(); !reflect.DeepEqual(have, st) {
		r.Errorf("step %d: a loaded game's step is %+v, want %+v", st.Seq, have, st)
	}
	for _, a := range p.auds {
		have, _ := g.View(a.seat, a.all).Encode()
		want, _ := p.g.View(a.seat, a.all).Encode()
		if !bytes.Equal(have, want) {
			r.Errorf("step %d: a loaded game's view for %s differs", st.Seq, a)
		}
	}
	for _, b := range spoilt(save) {
		var err error
		if try(r, fmt.Sprintf("step %d: Load of a broken save", st.Seq), func() { _, err = p.rs.Load(b) }) && err == nil {
			r.Errorf("step %d: Load accepted a broken save of %d bytes (the save has %d)", st.Seq, len(b), len(save))
		}
	}
}

// String names an audience.
func (a audience) String() string {
	switch {
	case a.seat != 0:
		return fmt.Sprintf("seat %d", a.seat)
	case a.all:
		return "the all-seeing spectator"
	}
	return "the spectator"
}

// checkReplay checks that in, played on the game loaded from the save
// before the step, gives the save after it and the same events.
func (p *player) checkReplay(before, after []byte, in input, out ruleset.Outcome) {
	r := p.r
	r.Helper()
	g, err := p.rs.Load(before)
	if err != nil {
		r.Fatalf("replay: Load: %v", err)
	}
	out2, err := in.apply(g)
	if err != nil {
		r.Fatalf("replay: the recorded input refused: %v", err)
	}
	b, err := g.Save()
	if err != nil || !bytes.Equal(b, after) {
		r.Fatalf("replay of step %d from its save does not give the next save (%v)", g.Step().Seq-1, err)
	}
	if out2.Count() != out.Count() {
		r.Errorf("replay: %d events, the game had %d", out2.Count(), out.Count())
	}
	for _, a := range p.auds {
		have, err1 := out2.Events(a.seat, a.all)
		want, err2 := out.Events(a.seat, a.all)
		if err1 != nil || err2 != nil || !bytes.Equal(have, want) {
			r.Errorf("replay: the events for %s differ (%v, %v)", a, err1, err2)
		}
	}
}

// checkViews checks every audience's new view against its last, and the
// events, and records what is sent.
func (p *player) checkViews(rec *Record, out ruleset.Outcome) {
	r := p.r
	r.Helper()
	seq := rec.Step.Seq
	for i, a := range p.auds {
		prev := p.views[i]
		next := p.g.View(a.seat, a.all)
		prevBytes := p.encode(prev, a)
		nextBytes := p.encode(next, a)
		delta, err := prev.Diff(next)
		if err != nil {
			r.Fatalf("step %d: Diff for %s: %v", seq, a, err)
		}
		got, err := prev.Apply(delta)
		if err != nil {
			r.Fatalf("step %d: Apply of Diff for %s: %v", seq, a, err)
		}
		if got.Checksum() != next.Checksum() {
			r.Errorf("step %d: for %s, Apply(Diff(next)) has checksum %x, next %x", seq, a, got.Checksum(), next.Checksum())
		}
		if b := p.encode(got, a); !bytes.Equal(b, nextBytes) {
			r.Errorf("step %d: for %s, Apply(Diff(next)) encodes to other bytes than next", seq, a)
		}
		if b := p.encode(prev, a); !bytes.Equal(b, prevBytes) {
			r.Errorf("step %d: for %s, Diff or Apply changed the view they were called on", seq, a)
		}
		p.checkDecode(nextBytes, next, a)
		for _, b := range spoilt(delta) {
			if try(r, "Apply of a broken delta", func() { _, err = prev.Apply(b) }) && err == nil {
				r.Errorf("step %d: for %s, Apply accepted a broken delta of %d bytes (the delta has %d)", seq, a, len(b), len(delta))
			}
		}
		events, err := out.Events(a.seat, a.all)
		if err != nil {
			r.Errorf("step %d: Events for %s: %v", seq, a, err)
		}
		rec.Sent = append(rec.Sent,
			Payload{Kind: PayloadView, Seat: a.seat, AllSeeing: a.all, Data: nextBytes},
			Payload{Kind: PayloadDelta, Seat: a.seat, AllSeeing: a.all, Data: delta},
			Payload{Kind: PayloadEvents, Seat: a.seat, AllSeeing: a.all, Data: events})
		p.views[i] = next
	}
}

// encode encodes v.
func (p *player) encode(v ruleset.View, a audience) []byte {
	p.r.Helper()
	b, err := v.Encode()
	if err != nil {
		p.r.Fatalf("Encode of the view for %s: %v", a, err)
	}
	return b
}

// checkDecode checks that DecodeView reads b back to v, and refuses b
// broken.
func (p *player) checkDecode(b []byte, v ruleset.View, a audience) {
	r := p.r
	r.Helper()
	var d ruleset.View
	var err error
	if !try(r, "DecodeView", func() { d, err = p.rs.DecodeView(b) }) {
		return
	}
	if err != nil {
		r.Errorf("DecodeView of the view for %s: %v", a, err)
		return
	}
	if !bytes.Equal(p.encode(d, a), b) || d.Checksum() != v.Checksum() {
		r.Errorf("DecodeView(Encode()) for %s gives another view", a)
	}
	for _, x := range spoilt(b) {
		if try(r, "DecodeView of a broken view", func() { _, err = p.rs.DecodeView(x) }) && err == nil {
			r.Errorf("DecodeView accepted a broken view of %d bytes (the view has %d) for %s", len(x), len(b), a)
		}
	}
}

// AIs returns an AI for each seat of a table of seats, at rs's default
// level, seat s's seeded s, indexed by seat (index 0 is nil). It stops t if
// rs cannot make one.
func AIs(t testing.TB, rs ruleset.Ruleset, seats int) []ruleset.AI {
	t.Helper()
	ais := make([]ruleset.AI, seats+1)
	for s := 1; s <= seats; s++ {
		ai, err := rs.NewAI(rs.Info().DefaultLevel, uint64(s))
		if err != nil {
			t.Fatalf("the AI of seat %d: %v", s, err)
		}
		ais[s] = ai
	}
	return ais
}

// Step plays g's step with ais (indexed by seat, as AIs makes them): every
// actor's orders from its own view, then Resolve; then every AI that is a
// ruleset.Listener hears its seat's events. It returns the step's outcome
// and stops t at any error.
func Step(t testing.TB, g ruleset.Game, ais []ruleset.AI) ruleset.Outcome {
	t.Helper()
	st := g.Step()
	var subs []ruleset.Submission
	for _, s := range st.Actors {
		orders, err := ais[s].Act(g.View(s, false), st, s)
		if err != nil {
			t.Fatalf("the AI of seat %d: %v", s, err)
		}
		subs = append(subs, ruleset.Submission{Seat: s, Orders: orders})
	}
	out, err := g.Resolve(subs)
	if err != nil {
		t.Fatalf("resolve: %v", err)
	}
	for s := 1; s < len(ais); s++ {
		if err := ruleset.Tell(ais[s], ruleset.Seat(s), out); err != nil {
			t.Fatalf("step %d: %v", st.Seq, err)
		}
	}
	return out
}
