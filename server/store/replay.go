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
	// Game is the game after the step. It belongs to the replay: use it
	// during the call only.
	Game ruleset.Game
	// Outcome is what the step produced (its events), as many as saved.
	Outcome ruleset.Outcome
	// Checked reports that the state after the step was saved whole (a
	// snapshot, see SnapshotDue) and that Game's save has its checksum,
	// Checksum; 0 when not Checked.
	Checked  bool
	Checksum uint64
}

// MismatchError is a replayed step whose state (or number of events)
// differs from the saved one: the game did not replay as it was played.
type MismatchError struct {
	Game protocol.GameID
	Seq  uint32 // the step played
	// Have is the replayed state's checksum, Want the saved state's; both
	// 0 after a step whose state was not saved whole.
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
// interactive or concurrent one) and checks that it had as many events as
// saved and, where the state after it was saved whole, that the state is
// the saved one (same checksum). It calls f, if not nil, after each step,
// and stops at f's first error and returns it. A step that differs stops
// the replay with a *MismatchError. Rulesets are deterministic: a game
// saved by this build always replays.
func Replay(s *Store, id protocol.GameID, rs ruleset.Ruleset, f func(Step) error) error {
	g, err := s.game(id, rs, "replay")
	if err != nil {
		return err
	}
	first, err := s.Snapshot(id, g.First)
	if err != nil {
		return err
	}
	r, err := s.replayer(id, rs, first, g.Last)
	if err != nil {
		return fmt.Errorf("replay %s: %w", id, err)
	}
	for seq := g.First; seq < g.Last; seq = r.game.Step().Seq {
		st, err := r.step(seq)
		if err != nil {
			return err
		}
		if f != nil {
			if err := f(st); err != nil {
				return err
			}
		}
	}
	return nil
}

// At returns saved game id as it was at the start of step seq (First to
// Last; Last is the step a game resumes at), played with ruleset rs from
// the last state saved whole at seq or before it, with the steps saved
// after that state, each checked as Replay checks it. The game is the
// caller's.
func At(s *Store, id protocol.GameID, rs ruleset.Ruleset, seq uint32) (ruleset.Game, error) {
	g, err := s.game(id, rs, "read")
	if err != nil {
		return nil, err
	}
	if seq < g.First || seq > g.Last {
		return nil, fmt.Errorf("%w: no step %d of %s: steps %d to %d are saved", ErrNoGame, seq, id, g.First, g.Last)
	}
	sn, err := s.SnapshotBefore(id, seq)
	if err != nil {
		return nil, err
	}
	r, err := s.replayer(id, rs, sn, seq)
	if err != nil {
		return nil, fmt.Errorf("read %s at step %d: %w", id, seq, err)
	}
	for at := sn.Seq; at < seq; at = r.game.Step().Seq {
		if _, err := r.step(at); err != nil {
			return nil, err
		}
	}
	return r.game, nil
}

// game returns saved game id, checking that it is of ruleset rs; what
// says what the caller does, for the error.
func (s *Store) game(id protocol.GameID, rs ruleset.Ruleset, what string) (Game, error) {
	g, err := s.Game(id)
	if err != nil {
		return Game{}, err
	}
	if g.Settings.Ruleset != rs.Info().ID {
		return Game{}, fmt.Errorf("%s %s: the game is of ruleset %q, not %q", what, id, g.Settings.Ruleset, rs.Info().ID)
	}
	return g, nil
}

// replayer plays a saved game's steps again, from a snapshot.
type replayer struct {
	s    *Store
	id   protocol.GameID
	rs   ruleset.Ruleset
	game ruleset.Game
	// sums are the checksums of the snapshots after the first, up to
	// the last step to play, by step.
	sums map[uint32]uint64
}

// replayer returns a replayer of game id of rs from snapshot sn, to play
// steps up to step to.
func (s *Store) replayer(id protocol.GameID, rs ruleset.Ruleset, sn Snapshot, to uint32) (*replayer, error) {
	game, err := sn.Load(rs)
	if err != nil {
		return nil, err
	}
	sums, err := s.checksums(id, sn.Seq, to)
	if err != nil {
		return nil, err
	}
	return &replayer{s: s, id: id, rs: rs, game: game, sums: sums}, nil
}

// step plays step seq, the game's, with what was saved for it, and checks
// its events and, if saved, the state after it.
func (r *replayer) step(seq uint32) (Step, error) {
	if at := r.game.Step().Seq; at != seq {
		return Step{}, fmt.Errorf("replay %s: the game is at step %d, the save at %d", r.id, at, seq)
	}
	orders, err := r.s.Orders(r.id, seq)
	if err != nil {
		return Step{}, fmt.Errorf("replay %s: %w", r.id, err)
	}
	events, err := r.s.Events(r.id, seq)
	if err != nil {
		return Step{}, fmt.Errorf("replay %s: %w", r.id, err)
	}
	out, err := play(r.game, orders)
	if err != nil {
		return Step{}, fmt.Errorf("replay %s, step %d: %w", r.id, seq, err)
	}
	next := r.game.Step().Seq
	if next <= seq {
		return Step{}, fmt.Errorf("replay %s, step %d: the game went on to step %d", r.id, seq, next)
	}
	st := Step{Seq: seq, Game: r.game, Outcome: out}
	e := &MismatchError{Game: r.id, Seq: seq, HaveEvents: out.Count(), WantEvents: events}
	if want, ok := r.sums[next]; ok {
		data, err := r.game.Save()
		if err != nil {
			return Step{}, fmt.Errorf("replay %s, step %d: %w", r.id, seq, err)
		}
		st.Checked, st.Checksum = true, Checksum(data)
		e.Have, e.Want = st.Checksum, want
		if e.Have != e.Want {
			e.Diff = r.diff(next, data)
		}
	}
	if e.Have != e.Want || e.HaveEvents != e.WantEvents {
		return Step{}, e
	}
	return st, nil
}

// diff says how data, the replayed state at the start of step seq,
// differs from the one saved.
func (r *replayer) diff(seq uint32, data []byte) string {
	d, ok := r.rs.(ruleset.SaveDiffer)
	if !ok {
		return "the states' bytes differ"
	}
	want, err := r.s.Snapshot(r.id, seq)
	if err != nil || want.Check() != nil {
		return "the states' bytes differ"
	}
	if why := d.DiffSaves(data, want.Data); why != "" {
		return why
	}
	return "the states' bytes differ"
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
