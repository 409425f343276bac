package lobby

import (
	"errors"
	"fmt"
	"hash/fnv"
	"slices"

	"empires/shared/ruleset"
	"empires/shared/wire"
)

// tally is a tiny ruleset for the lobby's tests: a game with no map,
// played in interactive steps. The seats take turns adding 1 to 3 to a
// running total; who brings it to the target (a setting) wins. Its data is
// a line of text whose only use is its hash.
type tally struct {
	data []byte
}

var _ ruleset.Ruleset = (*tally)(nil)

// tallyData is the tally ruleset's own data.
var tallyData = []byte("tally: add 1 to 3, reach the target")

// tallyInfo is the tally ruleset's info, but its hash.
func tallyInfo() ruleset.Info {
	return ruleset.Info{
		ID: "tally", Title: "Tally", Summary: "Take turns adding 1 to 3; who reaches the target wins.",
		Board: "cards", MinSeats: 2, MaxSeats: 3,
		Settings: []ruleset.Setting{{Key: "target", Label: "Target", Help: "the total that wins", Min: 5, Max: 50, Default: 10}},
		Levels:   []string{"plain"}, DefaultLevel: "plain",
	}
}

func (t *tally) Info() ruleset.Info {
	in := tallyInfo()
	in.Hash = ruleset.HashData(t.data)
	return in
}

func (t *tally) Data() []byte { return slices.Clone(t.data) }

func (t *tally) WithData(data []byte) (ruleset.Ruleset, error) {
	if len(data) == 0 {
		return nil, errors.New("tally: no data")
	}
	return &tally{data: slices.Clone(data)}, nil
}

func (t *tally) New(cfg ruleset.Config) (ruleset.Game, error) {
	in := t.Info()
	if err := in.CheckOptions(cfg.Options); err != nil {
		return nil, err
	}
	if cfg.Seats < in.MinSeats || cfg.Seats > in.MaxSeats {
		return nil, fmt.Errorf("tally: %d seats", cfg.Seats)
	}
	return &tallyGame{S: tallyState{Seats: cfg.Seats, Names: cfg.Names, Target: cfg.Options.Get("target", 10), Actor: 1, Seq: 1}}, nil
}

func (t *tally) Load(save []byte) (ruleset.Game, error) {
	var s tallyState
	if err := wire.Unmarshal(save, &s); err != nil {
		return nil, fmt.Errorf("tally save: %w", err)
	}
	if s.Seats < 2 || s.Seats > 3 || s.Actor < 1 || int(s.Actor) > s.Seats {
		return nil, fmt.Errorf("tally save: %d seats, seat %d to act", s.Seats, s.Actor)
	}
	return &tallyGame{S: s}, nil
}

func (t *tally) DecodeView(data []byte) (ruleset.View, error) {
	v := &tallyView{}
	if err := wire.Unmarshal(data, v); err != nil {
		return nil, fmt.Errorf("tally view: %w", err)
	}
	return v, nil
}

func (t *tally) NewAI(level string, seed uint64) (ruleset.AI, error) {
	if level != "plain" {
		return nil, fmt.Errorf("tally has no AI level %q", level)
	}
	return tallyAI{}, nil
}

// tallyState is a tally game: the total so far and who adds next.
type tallyState struct {
	Seats  int
	Names  []string
	Target int
	Total  int
	Actor  ruleset.Seat
	Seq    uint32
	Winner ruleset.Seat
	// Decks are the seats' set-up data in a game of decks (decks_test.go),
	// Decks[0] seat 1's; nil in a tally game.
	Decks [][]byte
}

// tallyGame is a tally game in play.
type tallyGame struct {
	S tallyState
}

func (g *tallyGame) Step() ruleset.Step {
	st := ruleset.Step{Mode: ruleset.Interactive, Turn: ruleset.Turn(int(g.S.Seq-1)/g.S.Seats + 1), Seq: g.S.Seq}
	if g.S.Winner == 0 {
		st.Actors, st.Prompt = []ruleset.Seat{g.S.Actor}, "add 1 to 3"
	}
	return st
}

func (g *tallyGame) Over() (bool, ruleset.Seat) { return g.S.Winner != 0, g.S.Winner }
func (g *tallyGame) Seats() int                 { return g.S.Seats }

func (g *tallyGame) Player(s ruleset.Seat) ruleset.PlayerInfo {
	if s < 1 || int(s) > g.S.Seats {
		return ruleset.PlayerInfo{}
	}
	name := fmt.Sprintf("Player %d", s)
	if int(s) <= len(g.S.Names) {
		name = g.S.Names[s-1]
	}
	return ruleset.PlayerInfo{Name: name, Alive: true}
}

func (g *tallyGame) Missed(ruleset.Seat) int { return 0 }
func (g *tallyGame) ReplaceAfter() int       { return 0 }

func (g *tallyGame) Check(ruleset.Seat, []byte) ([]ruleset.Rejection, error) {
	return nil, errors.New("tally takes actions, not orders")
}

func (g *tallyGame) Resolve([]ruleset.Submission) (ruleset.Outcome, error) {
	return nil, errors.New("tally has no simultaneous steps")
}

// Act adds the action, a number from 1 to 3, to the total.
func (g *tallyGame) Act(s ruleset.Seat, action []byte) (ruleset.Outcome, error) {
	var n int
	if err := wire.Unmarshal(action, &n); err != nil {
		return nil, &ruleset.Rejection{Reason: "an action is a number"}
	}
	if n < 1 || n > 3 {
		return nil, &ruleset.Rejection{Order: fmt.Sprintf("add %d", n), Reason: "add 1 to 3"}
	}
	g.S.Total += n
	if g.S.Total >= g.S.Target {
		g.S.Winner = s
	}
	g.S.Actor = g.S.Actor%ruleset.Seat(g.S.Seats) + 1
	g.S.Seq++
	return tallyOutcome{fmt.Sprintf("seat %d added %d", s, n)}, nil
}

func (g *tallyGame) View(s ruleset.Seat, allSeeing bool) ruleset.View {
	v := &tallyView{Seq: g.S.Seq, You: s, Total: g.S.Total, Target: g.S.Target, Actor: g.S.Actor, Winner: g.S.Winner}
	if s >= 1 && int(s) <= len(g.S.Decks) {
		v.Deck = g.S.Decks[s-1] // the seat's own deck only
	}
	return v
}

func (g *tallyGame) Save() ([]byte, error) { return wire.Marshal(g.S) }

// tallyOutcome is what one action did, public to all.
type tallyOutcome []string

func (o tallyOutcome) Events(ruleset.Seat, bool) ([]byte, error) { return wire.Marshal([]string(o)) }
func (o tallyOutcome) Count() int                                { return len(o) }

// tallyView is a seat's view of a tally game: all of it.
type tallyView struct {
	Seq    uint32
	You    ruleset.Seat
	Total  int
	Target int
	Actor  ruleset.Seat
	Winner ruleset.Seat
	Deck   []byte // the seat's own set-up data, in a game of decks
}

func (v *tallyView) Checksum() uint64 {
	b, err := v.Encode()
	if err != nil {
		return 0
	}
	h := fnv.New64a()
	h.Write(b)
	return h.Sum64()
}

func (v *tallyView) Encode() ([]byte, error) { return wire.Marshal(v) }

// Diff is the next view whole: a tally view is tiny.
func (v *tallyView) Diff(next ruleset.View) ([]byte, error) {
	n, ok := next.(*tallyView)
	if !ok {
		return nil, fmt.Errorf("diff: a %T is no tally view", next)
	}
	return n.Encode()
}

func (v *tallyView) Apply(delta []byte) (ruleset.View, error) {
	n := &tallyView{}
	if err := wire.Unmarshal(delta, n); err != nil {
		return nil, fmt.Errorf("tally delta: %w", err)
	}
	return n, nil
}

// tallyAI always adds 1.
type tallyAI struct{}

func (tallyAI) Act(ruleset.View, ruleset.Step, ruleset.Seat) ([]byte, error) { return wire.Marshal(1) }
