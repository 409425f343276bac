package store

import (
	"errors"
	"fmt"

	"empires/shared/protocol"
	"empires/shared/ruleset"
)

// Step is one step of a replay: the step played again and the game after
// it.
type Step struct {
	// Seq is the step played; Game.Step().Seq is the next one.
	Seq uint32
	// Game is the game after the step, checked against the saved one. It
	// belongs to the replay: use it during the call only.
	Game ruleset.Game
	// Outcome is what the step produced (its events).
	Outcome ruleset.Outcome
	// Checksum is the game's save's checksum, the saved state's too.
	Checksum uint64
}

// MismatchError is a replayed step whose state (or number of events)
// differs from the saved one: the game did not replay as it was played.
type MismatchError struct {
	Game protocol.GameID
	Seq  uint32 // the step played
	// Have is the replayed state's checksum, Want the saved state's.
	Have, Want uint64
	// HaveEvents and WantEvents are the step's numbers of events.
	HaveEvents, WantEvents int
	// Diff says how the states differ, if the ruleset can tell
	// (ruleset.SaveDiffer).
	Diff string
}

func (e *MismatchError) Error() string {
	if e.Have == e.Want {
		return fmt.Sprintf("%s, step %d: the replay has %d events, the game had %d", e.Game, e.Seq, e.HaveEvents, e.WantEvents)
	}
	return fmt.Sprintf("%s, step %d: the replayed state (checksum %016x) differs from the saved one (%016x): %s",
		e.Game, e.Seq, e.Have, e.Want, e.Diff)
}

// Replay plays saved game id again from its first saved state and its
// order log with ruleset rs: it plays each step (Game.Resolve for a
// simultaneous step, Game.Act with the one action saved for an
// interactive one) and checks that the state after it is the saved one
// (same checksum) and that the step had as many events. It calls f, if not
// nil, after each step, and stops at f's first error and returns it. A
// step that differs stops the replay with a *MismatchError. Rulesets are
// deterministic: a game saved by this build always replays.
func Replay(s *Store, id protocol.GameID, rs ruleset.Ruleset, f func(Step) error) error {
	g, err := s.Game(id)
	if err != nil {
		return err
	}
	if g.Settings.Ruleset != rs.Info().ID {
		return fmt.Errorf("replay %s: the game is of ruleset %q, not %q", id, g.Settings.Ruleset, rs.Info().ID)
	}
	first, err := s.Snapshot(id, g.First)
	if err != nil {
		return err
	}
	game, err := first.Load(rs)
	if err != nil {
		return fmt.Errorf("replay %s: %w", id, err)
	}
	for seq := g.First; seq < g.Last; {
		if at := game.Step().Seq; at != seq {
			return fmt.Errorf("replay %s: the game is at step %d, the save at %d", id, at, seq)
		}
		orders, err := s.Orders(id, seq)
		if err != nil {
			return fmt.Errorf("replay %s: %w", id, err)
		}
		out, err := play(game, orders)
		if err != nil {
			return fmt.Errorf("replay %s, step %d: %w", id, seq, err)
		}
		next := game.Step().Seq
		want, err := s.Snapshot(id, next)
		if err != nil {
			return fmt.Errorf("replay %s: %w", id, err)
		}
		data, err := game.Save()
		if err != nil {
			return fmt.Errorf("replay %s, step %d: %w", id, seq, err)
		}
		sum := Checksum(data)
		if sum != want.Checksum || out.Count() != want.Events {
			e := &MismatchError{Game: id, Seq: seq, Have: sum, Want: want.Checksum,
				HaveEvents: out.Count(), WantEvents: want.Events}
			if sum != want.Checksum {
				e.Diff = "the states' bytes differ"
				if d, ok := rs.(ruleset.SaveDiffer); ok && want.Check() == nil {
					if why := d.DiffSaves(data, want.Data); why != "" {
						e.Diff = why
					}
				}
			}
			return e
		}
		if f != nil {
			if err := f(Step{Seq: seq, Game: game, Outcome: out, Checksum: sum}); err != nil {
				return err
			}
		}
		seq = next
	}
	return nil
}

// play plays the game's step with what was saved for it.
func play(g ruleset.Game, orders []ruleset.Submission) (ruleset.Outcome, error) {
	if g.Step().Mode == ruleset.Simultaneous {
		return g.Resolve(orders)
	}
	if len(orders) != 1 {
		return nil, fmt.Errorf("an interactive step saved with %d actions, not 1", len(orders))
	}
	out, err := g.Act(orders[0].Seat, orders[0].Orders)
	if err != nil {
		var r *ruleset.Rejection
		if errors.As(err, &r) {
			return nil, fmt.Errorf("the saved action of seat %d is refused: %w", orders[0].Seat, err)
		}
		return nil, err
	}
	return out, nil
}
