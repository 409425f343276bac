package match

import (
	"encoding/json"
	"errors"
	"fmt"
	"hash/fnv"
	"slices"
	"time"

	"empires/shared/ruleset"
)

// countRuleset is a tiny ruleset for the match's tests, no map game: the
// seats count up to a target together. Each turn has three steps:
//
//  1. interactive: the turn's mover (seat 1 in turn 1, seat 2 in turn 2,
//     and so on round the table) counts 1 to 3;
//  2. interactive: the seat after the mover answers, counting 0 to 3;
//  3. simultaneous: every seat bids 0 to 3 (its orders), all added at once;
//     a seat that bids nothing (no submission) bids 0 and misses the step.
//
// The option "bids" says who bids: 1 every seat (the default), 2 every seat
// but the mover; with 0 the third step is left out, and every step is
// interactive. With "rounds" N the first two steps come N times a turn
// (the mover counts, the next seat answers, the mover counts again...).
// With "concurrent" 1 the bids are a concurrent step: each bidder acts
// once, its bid, in any order, and the step ends when every bidder has
// bid. The game ends when the count reaches the option "target"; the seat
// that counted most wins, the lower seat on a tie.
//
// Time limits, in seconds, 0 for none: "limit" is the mover's whole turn
// (its count steps share the budget "turn N"), "answer" each answer step's,
// "bidding" the bids'. Steps are named for the top bar: "Count", "Answer",
// "Bids". With "defaults" 1 the game has a default for a seat whose time
// ran out (ruleset.Defaulter): count 1, answer 0, bid 0; with 0 (the
// default) it has none, and the server plays the AI instead; with 2 it
// has one it refuses (9).
//
// An action is one byte, the number; orders are no byte (bid nothing) or
// one. Views, deltas, events and saves are JSON. The AI (level "plain")
// counts 1, answers 1 and bids 1; "patient" does too, but waits in the
// concurrent bids.
type countRuleset struct {
	data []byte
}

var _ ruleset.Ruleset = (*countRuleset)(nil)

const countID = "count"

func newCountRuleset() *countRuleset { return &countRuleset{data: []byte("count rules 1")} }

func (r *countRuleset) Info() ruleset.Info {
	return ruleset.Info{
		ID:       countID,
		Title:    "Counting",
		Summary:  "The seats count up to a target together.",
		Board:    "cards",
		MinSeats: 2,
		MaxSeats: 4,
		Settings: []ruleset.Setting{
			{Key: "target", Label: "Target", Min: 1, Max: 1_000_000, Default: 20},
			{Key: "bids", Label: "Bids", Choices: []string{"none", "every seat", "all but the mover"}, Min: 0, Max: 2, Default: 1},
			{Key: "rounds", Label: "Rounds", Min: 1, Max: 9, Default: 1},
			{Key: "concurrent", Label: "Bids as actions", Min: 0, Max: 1, Default: 0},
			{Key: "limit", Label: "Mover's turn (s)", Min: 0, Max: 3600, Default: 0},
			{Key: "answer", Label: "Answer (s)", Min: 0, Max: 3600, Default: 0},
			{Key: "bidding", Label: "Bids (s)", Min: 0, Max: 3600, Default: 0},
			{Key: "defaults", Label: "Defaults", Choices: []string{"none", "yes", "refused"}, Min: 0, Max: 2, Default: 0},
		},
		Levels:       []string{"plain", "patient"},
		DefaultLevel: "plain",
		Hash:         ruleset.HashData(r.data),
	}
}

func (r *countRuleset) Data() []byte { return slices.Clone(r.data) }

func (r *countRuleset) WithData(data []byte) (ruleset.Ruleset, error) {
	return &countRuleset{data: slices.Clone(data)}, nil
}

func (r *countRuleset) New(cfg ruleset.Config) (ruleset.Game, error) {
	in := r.Info()
	if err := in.CheckOptions(cfg.Options); err != nil {
		return nil, err
	}
	if cfg.Seats < in.MinSeats || cfg.Seats > in.MaxSeats {
		return nil, fmt.Errorf("%d players: counting is for %d to %d", cfg.Seats, in.MinSeats, in.MaxSeats)
	}
	d := in.Defaults()
	get := func(key string) int { return cfg.Options.Get(key, d[key]) }
	return &countGame{countState{
		Seats:      cfg.Seats,
		Target:     get("target"),
		Bids:       get("bids"),
		Rounds:     get("rounds"),
		Concurrent: get("concurrent") == 1,
		Limit:      get("limit"),
		Answer:     get("answer"),
		Bidding:    get("bidding"),
		Defaults:   get("defaults"),
		Turn:       1,
		Seq:        1,
		Names:      slices.Clone(cfg.Names),
		Scores:     make([]int, cfg.Seats),
		Missed:     make([]int, cfg.Seats),
		Bid:        make([]bool, cfg.Seats),
	}}, nil
}

func (r *countRuleset) Load(save []byte) (ruleset.Game, error) {
	var s countState
	if err := json.Unmarshal(save, &s); err != nil {
		return nil, fmt.Errorf("counting save: %w", err)
	}
	if s.Seats < 2 || s.Seats > 4 || len(s.Scores) != s.Seats || len(s.Missed) != s.Seats || len(s.Names) != s.Seats ||
		len(s.Bid) != s.Seats || s.Rounds < 1 {
		return nil, errors.New("counting save: the seats do not add up")
	}
	return &countGame{s}, nil
}

func (r *countRuleset) DecodeView(data []byte) (ruleset.View, error) {
	var v countView
	if err := json.Unmarshal(data, &v); err != nil {
		return nil, fmt.Errorf("counting view: %w", err)
	}
	return &v, nil
}

func (r *countRuleset) NewAI(level string, seed uint64) (ruleset.AI, error) {
	switch level {
	case "plain":
		return aiFunc(func(ruleset.View, ruleset.Step, ruleset.Seat) ([]byte, error) { return []byte{1}, nil }), nil
	case "patient": // waits in every concurrent step (ruleset.AI)
		return aiFunc(func(_ ruleset.View, st ruleset.Step, _ ruleset.Seat) ([]byte, error) {
			if st.Mode == ruleset.Concurrent {
				return nil, nil
			}
			return []byte{1}, nil
		}), nil
	}
	return nil, fmt.Errorf("counting has no AI level %q", level)
}

// countState is a game of counting.
type countState struct {
	Seats  int
	Target int
	Bids   int // 0: no bids, 1: every seat bids, 2: every seat but the mover
	Rounds int // count and answer steps a turn
	// Concurrent: the bids are a concurrent step of actions.
	Concurrent bool
	// Limit, Answer and Bidding are the steps' limits, in seconds.
	Limit, Answer, Bidding int
	// Defaults is 1 when the game has a default for a seat whose time
	// ran out, 2 when it has one it refuses.
	Defaults int
	Turn     ruleset.Turn
	Seq      uint32
	Phase    int    // 0: the mover counts, 1: the next seat answers, 2: the bids
	Round    int    // of the turn's count and answer steps, from 0
	Since    uint32 // the Seq the concurrent bids started at
	Total    int
	Names    []string
	Scores   []int  // by seat, Scores[0] seat 1's
	Missed   []int  // by seat: bid steps missed in a row
	Bid      []bool // by seat: it bid in the concurrent bids
}

// countGame is a countState as a ruleset.Game.
type countGame struct{ s countState }

var (
	_ ruleset.Game      = (*countGame)(nil)
	_ ruleset.Defaulter = (*countGame)(nil)
)

func (g *countGame) mover() ruleset.Seat {
	return ruleset.Seat(int(g.s.Turn-1)%g.s.Seats + 1)
}

func (g *countGame) Step() ruleset.Step {
	st := ruleset.Step{Mode: ruleset.Interactive, Turn: g.s.Turn, Seq: g.s.Seq}
	if g.s.Phase == 2 {
		st.Mode = ruleset.Simultaneous
		if g.s.Concurrent {
			st.Mode, st.Since = ruleset.Concurrent, g.s.Since
		}
	}
	if over, _ := g.Over(); over {
		return st
	}
	sec := func(n int) time.Duration { return time.Duration(n) * time.Second }
	switch g.s.Phase {
	case 0:
		st.Actors, st.Prompt, st.Phase = []ruleset.Seat{g.mover()}, "count 1 to 3", "Count"
		st.Limit, st.Budget = sec(g.s.Limit), fmt.Sprintf("turn %d", g.s.Turn)
	case 1:
		st.Actors, st.Prompt, st.Phase = []ruleset.Seat{g.answerer()}, "answer 0 to 3", "Answer"
		st.Limit = sec(g.s.Answer)
	default:
		for _, p := range g.bidders() {
			if !g.s.Concurrent || !g.s.Bid[p-1] {
				st.Actors = append(st.Actors, p)
			}
		}
		st.Prompt, st.Phase, st.Limit = "bid 0 to 3", "Bids", sec(g.s.Bidding)
	}
	return st
}

// answerer is the seat that answers the mover.
func (g *countGame) answerer() ruleset.Seat { return g.mover()%ruleset.Seat(g.s.Seats) + 1 }

// bidders are the seats that bid this turn.
func (g *countGame) bidders() []ruleset.Seat {
	var out []ruleset.Seat
	for p := 1; p <= g.s.Seats; p++ {
		if g.s.Bids == 1 || ruleset.Seat(p) != g.mover() {
			out = append(out, ruleset.Seat(p))
		}
	}
	return out
}

func (g *countGame) Over() (bool, ruleset.Seat) {
	if g.s.Total < g.s.Target {
		return false, 0
	}
	best := 0
	for i, n := range g.s.Scores {
		if n > g.s.Scores[best] {
			best = i
		}
	}
	return true, ruleset.Seat(best + 1)
}

func (g *countGame) Seats() int { return g.s.Seats }

func (g *countGame) Player(s ruleset.Seat) ruleset.PlayerInfo {
	if s < 1 || int(s) > g.s.Seats {
		return ruleset.PlayerInfo{}
	}
	return ruleset.PlayerInfo{Name: g.s.Names[s-1], Alive: true}
}

func (g *countGame) Missed(s ruleset.Seat) int { return g.s.Missed[s-1] }

func (g *countGame) ReplaceAfter() int { return 2 }

func (g *countGame) Check(s ruleset.Seat, orders []byte) ([]ruleset.Rejection, error) {
	if g.s.Phase != 2 || g.s.Concurrent {
		return nil, errors.New("no bids now")
	}
	switch {
	case len(orders) > 1:
		return nil, fmt.Errorf("a bid is one byte, have %d", len(orders))
	case len(orders) == 1 && orders[0] > 3:
		return []ruleset.Rejection{{Order: fmt.Sprintf("bid %d", orders[0]), Reason: "bid 0 to 3"}}, nil
	}
	return nil, nil
}

func (g *countGame) Resolve(subs []ruleset.Submission) (ruleset.Outcome, error) {
	if g.s.Phase != 2 || g.s.Concurrent {
		return nil, errors.New("no bids now")
	}
	var events []string
	actors := g.Step().Actors
	bid := make([]bool, g.s.Seats)
	for _, sub := range subs {
		n := 0
		if len(sub.Orders) == 1 {
			n = int(sub.Orders[0])
		}
		g.s.Total += n
		g.s.Scores[sub.Seat-1] += n
		bid[sub.Seat-1] = true
		events = append(events, fmt.Sprintf("seat %d bids %d", sub.Seat, n))
	}
	for _, p := range actors {
		g.s.Missed[p-1]++
		if bid[p-1] {
			g.s.Missed[p-1] = 0
		}
	}
	g.next()
	return countOutcome(events), nil
}

func (g *countGame) Act(s ruleset.Seat, action []byte) (ruleset.Outcome, error) {
	st := g.Step()
	switch {
	case !st.Acting():
		return nil, &ruleset.Rejection{Reason: "this step takes bids"}
	case !st.Acts(s):
		return nil, &ruleset.Rejection{Reason: fmt.Sprintf("seat %d is not asked", s)}
	case len(action) != 1:
		return nil, fmt.Errorf("an action is one byte, have %d", len(action))
	}
	n, low := int(action[0]), 1
	if g.s.Phase != 0 {
		low = 0
	}
	if n < low || n > 3 {
		return nil, &ruleset.Rejection{Order: fmt.Sprintf("count %d", n), Reason: fmt.Sprintf("count %d to 3", low)}
	}
	g.s.Total += n
	g.s.Scores[s-1] += n
	if g.s.Phase == 2 {
		g.s.Bid[s-1] = true
		g.s.Seq++
		if len(g.Step().Actors) == 0 {
			g.s.Seq--
			g.next()
		}
		return countOutcome{fmt.Sprintf("seat %d bids %d", s, n)}, nil
	}
	g.next()
	return countOutcome{fmt.Sprintf("seat %d counts %d", s, n)}, nil
}

// Default implements ruleset.Defaulter: count 1, answer 0, bid 0; none
// without the option "defaults", 9 with "defaults" 2.
func (g *countGame) Default(s ruleset.Seat) ([]byte, bool) {
	switch {
	case g.s.Defaults == 0 || !g.Step().Acts(s):
		return nil, false
	case g.s.Defaults == 2:
		return []byte{9}, true
	}
	if g.s.Phase == 0 {
		return []byte{1}, true
	}
	return []byte{0}, true
}

// next moves the game to its next step.
func (g *countGame) next() {
	g.s.Seq++
	switch {
	case g.s.Phase == 1 && g.s.Round+1 < g.s.Rounds:
		g.s.Phase, g.s.Round = 0, g.s.Round+1
		return
	case g.s.Phase == 1 && g.s.Bids != 0:
		g.s.Phase, g.s.Since = 2, g.s.Seq
		clear(g.s.Bid)
		return
	case g.s.Phase == 0:
		g.s.Phase = 1
		return
	}
	g.s.Phase, g.s.Round = 0, 0
	g.s.Turn++
}

func (g *countGame) View(s ruleset.Seat, allSeeing bool) ruleset.View {
	over, winner := g.Over()
	return &countView{You: s, Turn: g.s.Turn, Seq: g.s.Seq, Total: g.s.Total, Scores: slices.Clone(g.s.Scores),
		Over: over, Winner: winner}
}

func (g *countGame) Save() ([]byte, error) { return json.Marshal(g.s) }

// countOutcome is the events of a step, as words.
type countOutcome []string

func (o countOutcome) Events(ruleset.Seat, bool) ([]byte, error) { return json.Marshal([]string(o)) }

func (o countOutcome) Count() int { return len(o) }

// countView is what a seat knows of a game of counting: everything.
type countView struct {
	You    ruleset.Seat
	Turn   ruleset.Turn
	Seq    uint32
	Total  int
	Scores []int
	Over   bool
	Winner ruleset.Seat
}

// countDelta is the delta between two views: the view it applies to (its
// Seq) and the next view whole.
type countDelta struct {
	From uint32
	Next countView
}

func (v *countView) Checksum() uint64 {
	data, _ := v.Encode()
	h := fnv.New64a()
	h.Write(data)
	return h.Sum64()
}

func (v *countView) Encode() ([]byte, error) { return json.Marshal(v) }

func (v *countView) Diff(next ruleset.View) ([]byte, error) {
	n, ok := next.(*countView)
	if !ok {
		return nil, fmt.Errorf("diff: a %T is no counting view", next)
	}
	return json.Marshal(countDelta{From: v.Seq, Next: *n})
}

func (v *countView) Apply(delta []byte) (ruleset.View, error) {
	var d countDelta
	if err := json.Unmarshal(delta, &d); err != nil {
		return nil, fmt.Errorf("counting delta: %w", err)
	}
	if d.From != v.Seq || d.Next.You != v.You {
		return nil, fmt.Errorf("counting delta from step %d for seat %d, applied to step %d of seat %d",
			d.From, d.Next.You, v.Seq, v.You)
	}
	return &d.Next, nil
}
