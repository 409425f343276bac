package store

import (
	"errors"
	"fmt"

	"empires/shared/ruleset"
	"empires/shared/wire"
)

// tally is a ruleset of interactive steps only, for the store's tests:
// the two seats take turns adding a number from 1 to 9 to a total, each
// addition a step; whoever brings the total to tallyEnd or more wins. Its
// saves are the game as a msgpack array, its actions a msgpack integer.
type tally struct{}

// tallyEnd is the total that ends a game of tally.
const tallyEnd = 30

var (
	_ ruleset.Ruleset = tally{}
	_ ruleset.Game    = (*tallyGame)(nil)
)

var errTally = errors.New("tally has no views, AI or data")

func (tally) Info() ruleset.Info {
	return ruleset.Info{ID: "tally", Title: "Tally", Board: "cards", MinSeats: 2, MaxSeats: 2,
		Levels: []string{"any"}, DefaultLevel: "any", Hash: ruleset.HashData(nil)}
}
func (tally) Data() []byte                                 { return nil }
func (tally) WithData([]byte) (ruleset.Ruleset, error)     { return nil, errTally }
func (tally) DecodeView([]byte) (ruleset.View, error)      { return nil, errTally }
func (tally) NewAI(string, uint64) (ruleset.AI, error)     { return nil, errTally }
func (tally) New(cfg ruleset.Config) (ruleset.Game, error) { return &tallyGame{Seq: 1, Next: 1}, nil }

func (tally) Load(save []byte) (ruleset.Game, error) {
	g := new(tallyGame)
	if err := wire.Unmarshal(save, g); err != nil {
		return nil, fmt.Errorf("tally: %w", err)
	}
	return g, nil
}

// tallyGame is a game of tally.
type tallyGame struct {
	Seq   uint32
	Total int
	Next  ruleset.Seat // who adds next
}

func (g *tallyGame) Step() ruleset.Step {
	st := ruleset.Step{Mode: ruleset.Interactive, Turn: ruleset.Turn(g.Seq), Seq: g.Seq}
	if g.Total < tallyEnd {
		st.Actors = []ruleset.Seat{g.Next}
	}
	return st
}

func (g *tallyGame) Over() (bool, ruleset.Seat) {
	if g.Total < tallyEnd {
		return false, 0
	}
	return true, 3 - g.Next // the last to add
}

func (g *tallyGame) Seats() int { return 2 }
func (g *tallyGame) Player(s ruleset.Seat) ruleset.PlayerInfo {
	return ruleset.PlayerInfo{Name: fmt.Sprintf("seat %d", s), Alive: true}
}
func (g *tallyGame) Missed(ruleset.Seat) int              { return 0 }
func (g *tallyGame) ReplaceAfter() int                    { return 0 }
func (g *tallyGame) View(ruleset.Seat, bool) ruleset.View { return nil }
func (g *tallyGame) Save() ([]byte, error)                { return wire.Marshal(g) }

func (g *tallyGame) Check(ruleset.Seat, []byte) ([]ruleset.Rejection, error) {
	return nil, errors.New("tally takes actions, not orders")
}

func (g *tallyGame) Resolve([]ruleset.Submission) (ruleset.Outcome, error) {
	return nil, errors.New("tally takes actions, not orders")
}

func (g *tallyGame) Act(s ruleset.Seat, action []byte) (ruleset.Outcome, error) {
	var n int
	switch err := wire.Unmarshal(action, &n); {
	case !g.Step().Acts(s):
		return nil, &ruleset.Rejection{Reason: fmt.Sprintf("not the turn of seat %d", s)}
	case err != nil || n < 1 || n > 9:
		return nil, &ruleset.Rejection{Reason: "add a number from 1 to 9"}
	}
	g.Total += n
	g.Seq++
	g.Next = 3 - g.Next
	return tallyOutcome{}, nil
}

// tallyOutcome is an addition: one event, which everyone sees.
type tallyOutcome struct{}

func (tallyOutcome) Events(ruleset.Seat, bool) ([]byte, error) { return []byte{0x90}, nil }
func (tallyOutcome) Count() int                                { return 1 }
