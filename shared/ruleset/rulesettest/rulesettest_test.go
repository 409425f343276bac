package rulesettest

import (
	"fmt"
	"strings"
	"testing"

	"empires/shared/rules/duel"
	"empires/shared/rules/risk"
	"empires/shared/ruleset"
	"empires/shared/wire"
)

// recorder is a reporter that keeps what it is told; Fatalf stops the
// check it is given to (see record).
type recorder struct {
	errs []string
}

type fatal struct{}

func (r *recorder) Helper() {}
func (r *recorder) Errorf(format string, args ...any) {
	r.errs = append(r.errs, fmt.Sprintf(format, args...))
}
func (r *recorder) Fatalf(format string, args ...any) {
	r.Errorf(format, args...)
	panic(fatal{})
}

// record runs check with a recorder and returns what it reported.
func record(check func(r reporter)) []string {
	r := &recorder{}
	func() {
		defer func() {
			if p := recover(); p != nil {
				if _, ok := p.(fatal); !ok {
					panic(p)
				}
			}
		}()
		check(r)
	}()
	return r.errs
}

// cfg is the table the mutants are checked at.
var cfg = ruleset.Config{Seed: 3, Seats: 3, Names: []string{"Anna", "Bert", "Cleo"}, Options: ruleset.Options{duel.KeyRounds: 4}}

// TestMutants checks that the harness finds each flaw of a ruleset that is
// Duel broken in one way, and nothing in Duel itself.
func TestMutants(t *testing.T) {
	rules := duel.New()
	games := func(rs ruleset.Ruleset, opts Options) func(r reporter) {
		return func(r reporter) { checkGames(r, rs, cfg, "random", opts) }
	}
	info := func(rs ruleset.Ruleset) func(r reporter) {
		return func(r reporter) { checkInfo(r, rs, cfg) }
	}
	tests := []struct {
		name  string
		check func(r reporter)
		want  string // in a report; "" for none at all
	}{
		{"Duel's info", info(rules), ""},
		{"Duel's games", games(rules, Options{Autopilot: 3, Stamped: true}), ""},
		{"a wrong hash", info(badHash{rules}), "Info().Hash = "},
		{"garbage data taken", info(anyData{rules}), "accepted garbage"},
		{"any table taken", info(anyTable{rules}), "New accepted a table of 1 seats"},
		{"a step that does not count", games(wrapGames(rules, func(g ruleset.Game) ruleset.Game { return stuckSeq{g} }), Options{}), "the next step's Seq is 5, want 6"},
		{"a delta that does nothing", games(lazyRules{wrapGames(rules, func(g ruleset.Game) ruleset.Game { return lazyViews{g} })}, Options{}), "Apply(Diff(next)) has checksum"},
		{"broken saves loaded", games(lenientLoad{rules}, Options{}), "Load accepted a broken save"},
		{"the autopilot not counted", games(wrapGames(rules, func(g ruleset.Game) ruleset.Game { return noMissed{g} }), Options{Autopilot: 2}), "Missed(2) = 0, want 1"},
		{"AIs seeded from a counter", games(&counterSeeds{Ruleset: rules}, Options{}), "not deterministic"},
		{"events that change on replay", games(wrapGames(rules, func(g ruleset.Game) ruleset.Game { return &countedEvents{Game: g} }), Options{}), "replay: the events for"},
		{"refused actions played as passes", games(wrapGames(rules, func(g ruleset.Game) ruleset.Game { return passing{g} }), Options{}), "took garbage for an action"},
		{"an AI that hears its events", games(listening{rules, hearSound}, Options{}), ""},
		{"an AI that refuses its events", games(listening{rules, hearNothing}, Options{}), "hears its events: "},
		{"an AI that hears garbage", games(listening{rules, hearAnything}, Options{}), "heard garbage as events"},
		{"an AI that panics on garbage", games(listening{rules, hearPanics}, Options{}), "panicked"},
		{"an Each that fails", games(rules, Options{Each: func(r *Record) error {
			if r.Step.Seq == 2 {
				return fmt.Errorf("found it")
			}
			return nil
		}}), "step 2: found it"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			errs := record(tt.check)
			if tt.want == "" {
				if len(errs) > 0 {
					t.Fatalf("reports on a sound ruleset: %q", errs)
				}
				return
			}
			for _, e := range errs {
				if strings.Contains(e, tt.want) {
					return
				}
			}
			t.Errorf("no report with %q; have %q", tt.want, errs)
		})
	}
}

// badHash has a hash that is not its data's.
type badHash struct{ ruleset.Ruleset }

func (b badHash) Info() ruleset.Info {
	in := b.Ruleset.Info()
	in.Hash = "0123"
	return in
}

// anyData takes any data for its own.
type anyData struct{ ruleset.Ruleset }

func (a anyData) WithData([]byte) (ruleset.Ruleset, error) { return a, nil }

// anyTable starts a game of any size as one of MinSeats.
type anyTable struct{ ruleset.Ruleset }

func (a anyTable) New(cfg ruleset.Config) (ruleset.Game, error) {
	cfg.Seats, cfg.Names = duel.MinSeats, nil
	return a.Ruleset.New(cfg)
}

// gameWrap is a ruleset whose games are wrapped by wrap.
type gameWrap struct {
	ruleset.Ruleset
	wrap func(ruleset.Game) ruleset.Game
}

func wrapGames(rs ruleset.Ruleset, wrap func(ruleset.Game) ruleset.Game) ruleset.Ruleset {
	return gameWrap{rs, wrap}
}

func (w gameWrap) New(cfg ruleset.Config) (ruleset.Game, error) {
	g, err := w.Ruleset.New(cfg)
	if err != nil {
		return nil, err
	}
	return w.wrap(g), nil
}

func (w gameWrap) Load(b []byte) (ruleset.Game, error) {
	g, err := w.Ruleset.Load(b)
	if err != nil {
		return nil, err
	}
	return w.wrap(g), nil
}

// stuckSeq stops counting its steps at 5 (the AI still answers the true
// step, so the game goes on).
type stuckSeq struct{ ruleset.Game }

func (g stuckSeq) Step() ruleset.Step {
	st := g.Game.Step()
	st.Seq = min(st.Seq, 5)
	return st
}

// lazyViews' views apply a delta by staying as they are.
type lazyViews struct{ ruleset.Game }

func (g lazyViews) View(s ruleset.Seat, all bool) ruleset.View { return lazyView{g.Game.View(s, all)} }

type lazyView struct{ ruleset.View }

// lazyRules' AIs play from the views lazyViews wraps.
type lazyRules struct{ ruleset.Ruleset }

func (l lazyRules) NewAI(level string, seed uint64) (ruleset.AI, error) {
	ai, err := l.Ruleset.NewAI(level, seed)
	return lazyAI{ai}, err
}

type lazyAI struct{ ruleset.AI }

func (a lazyAI) Act(v ruleset.View, st ruleset.Step, s ruleset.Seat) ([]byte, error) {
	return a.AI.Act(v.(lazyView).View, st, s)
}

func (v lazyView) Diff(next ruleset.View) ([]byte, error) { return v.View.Diff(next.(lazyView).View) }
func (v lazyView) Apply([]byte) (ruleset.View, error)     { return v, nil }

// lenientLoad loads a broken save as a new game.
type lenientLoad struct{ ruleset.Ruleset }

func (l lenientLoad) Load(b []byte) (ruleset.Game, error) {
	g, err := l.Ruleset.Load(b)
	if err != nil {
		return l.Ruleset.New(cfg)
	}
	return g, nil
}

// passing plays an action it cannot read, or one refused, as a pass of
// the seat whose turn it is.
type passing struct{ ruleset.Game }

func (g passing) Act(s ruleset.Seat, b []byte) (ruleset.Outcome, error) {
	out, err := g.Game.Act(s, b)
	if err == nil {
		return out, nil
	}
	st := g.Step()
	if len(st.Actors) == 0 {
		return nil, err
	}
	pass, _ := wire.Marshal(&duel.Action{Seq: st.Seq, Kind: duel.ActPass})
	if out, err2 := g.Game.Act(st.Actors[0], pass); err2 == nil {
		return out, nil
	}
	return nil, err
}

// noMissed never counts a seat the autopilot played.
type noMissed struct{ ruleset.Game }

func (noMissed) Missed(ruleset.Seat) int { return 0 }

// counterSeeds seeds its AIs from a counter, not the seed given.
type counterSeeds struct {
	ruleset.Ruleset
	n uint64
}

func (c *counterSeeds) NewAI(level string, _ uint64) (ruleset.AI, error) {
	c.n++
	return c.Ruleset.NewAI(level, c.n)
}

// countedEvents' outcomes add how many outcomes the game made to every
// event list, so a replay's differ.
type countedEvents struct {
	ruleset.Game
	n int
}

func (g *countedEvents) Resolve(subs []ruleset.Submission) (ruleset.Outcome, error) {
	out, err := g.Game.Resolve(subs)
	g.n++
	return countedOutcome{out, g.n}, err
}

func (g *countedEvents) Act(s ruleset.Seat, b []byte) (ruleset.Outcome, error) {
	out, err := g.Game.Act(s, b)
	g.n++
	return countedOutcome{out, g.n}, err
}

type countedOutcome struct {
	ruleset.Outcome
	n int
}

func (o countedOutcome) Events(s ruleset.Seat, all bool) ([]byte, error) {
	b, err := o.Outcome.Events(s, all)
	return append(b, byte(o.n)), err
}

// TestConcurrentSteps checks the harness on a ruleset with a concurrent
// step (risk's trading; the game of seed 3 trades in 8 steps): risk itself
// passes, and a game whose concurrent step names a Since after its Seq is
// caught.
func TestConcurrentSteps(t *testing.T) {
	rs := risk.New()
	cfg := ruleset.Config{Seed: 3, Seats: 3, Names: []string{"Anna", "Bert", "Cleo"},
		Options: ruleset.Options{risk.KeyMap: risk.MapGenerated, risk.KeyTerritories: 8, risk.KeyRounds: 4}}
	if errs := record(func(r reporter) { checkGames(r, rs, cfg, "random", Options{Stamped: true}) }); len(errs) > 0 {
		t.Errorf("risk, with its concurrent trading step, fails the harness: %v", errs)
	}
	late := wrapGames(rs, func(g ruleset.Game) ruleset.Game { return lateSince{g} })
	errs := record(func(r reporter) { checkGames(r, late, cfg, "random", Options{Stamped: true}) })
	if !strings.Contains(strings.Join(errs, "\n"), "a concurrent step since step") {
		t.Errorf("a concurrent step beginning after itself was not caught: %v", errs)
	}
}

// lateSince says its concurrent steps began a step after their Seq.
type lateSince struct{ ruleset.Game }

func (g lateSince) Step() ruleset.Step {
	st := g.Game.Step()
	if st.Mode == ruleset.Concurrent {
		st.Since = st.Seq + 1
	}
	return st
}

// hearing is how a listening AI takes the events it is handed.
type hearing int

const (
	hearSound    hearing = iota // Duel's decoder reads them
	hearNothing                 // refuses every event list
	hearAnything                // takes any bytes
	hearPanics                  // indexes bytes it never checked
)

// listening's AIs are Duel's, made ruleset.Listeners that hear as how says.
type listening struct {
	ruleset.Ruleset
	how hearing
}

func (l listening) NewAI(level string, seed uint64) (ruleset.AI, error) {
	ai, err := l.Ruleset.NewAI(level, seed)
	return listener{ai, l.how}, err
}

type listener struct {
	ruleset.AI
	how hearing
}

func (a listener) Hear(_ ruleset.Seat, events []byte) error {
	switch a.how {
	case hearNothing:
		return fmt.Errorf("no thanks")
	case hearAnything:
		return nil
	case hearPanics:
		if events[0] == 0xc1 {
			return fmt.Errorf("0xc1")
		}
		return nil
	}
	_, err := duel.DecodeEvents(events)
	return err
}
