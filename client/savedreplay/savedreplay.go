// Package savedreplay reads a saved game for the client's replays: the
// game's steps, each held as its save (ruleset.Game.Save) and decoded only
// when it is shown, and the eyes a replay may show them through.
//
// A game of hidden holdings (ruleset.Info.Hidden: hands, the order of
// piles) that is not over is replayed only through the viewer's own seat:
// its replay shows what its player saw, nothing another player held. Once
// it is over every seat may be watched, and the all-seeing spectator, who
// in such a game sees only what is public (ruleset.Game.View). A game
// without hidden holdings may be watched through every seat's eyes and the
// all-seeing spectator's, over or not.
//
// A Replay holds a few hundred bytes a step for a card game, the state's
// save for a game on a map, where a decoded game would hold its whole
// state in memory, its maps and indexes included, at every step.
package savedreplay

import (
	"errors"
	"fmt"
	"slices"

	"empires/server/store"
	"empires/shared/protocol"
	"empires/shared/ruleset"
)

// Eyes are whose eyes a replay shows a game through: a player's (Seat 1
// and up) or a spectator's (Seat 0), all-seeing or not.
type Eyes struct {
	Seat      ruleset.Seat
	AllSeeing bool
}

// Watchable returns the eyes a game of ruleset info in with seats players
// may be replayed through, over or not, for a viewer who held seat own in
// it (0: none), in the order a replay offers them:
//   - a game without hidden holdings, or one that is over: the all-seeing
//     spectator, then seats 1 to seats;
//   - a game of hidden holdings not over: the viewer's own seat alone; for
//     a viewer who held none, the spectator who is not all-seeing (what
//     the game's spectators were shown).
func Watchable(in ruleset.Info, seats int, over bool, own ruleset.Seat) []Eyes {
	if in.Hidden && !over {
		if own >= 1 && int(own) <= seats {
			return []Eyes{{Seat: own}}
		}
		return []Eyes{{Seat: 0}}
	}
	out := []Eyes{{Seat: 0, AllSeeing: true}}
	for s := 1; s <= seats; s++ {
		out = append(out, Eyes{Seat: ruleset.Seat(s)})
	}
	return out
}

// OwnSeat returns the seat of saved game g that the client's player held,
// 0 if none. The games of a client's data directory are those its own
// server ran, each created by the client's player, and a game's creator
// takes seat 1 (server/lobby), which the store saves as a person's seat
// with the creator's seat token: seat 1 when it is so saved. A game whose
// seat 1 is a bot's or holds no token (all bots: the players' seats are
// not known) is replayed as a viewer who held no seat watches it: never
// through another person's seat, whose holdings were not the viewer's.
func OwnSeat(g *store.Game) ruleset.Seat {
	if len(g.Seats) == 0 {
		return 0
	}
	if s := g.Seats[0]; s.Seat == 1 && !s.Bot && s.Token != "" {
		return 1
	}
	return 0
}

// ErrEyes: the replay may not be watched through these eyes (Watchable).
var ErrEyes = errors.New("savedreplay: not eyes this replay may be watched through")

// Tell returns the events of a step's outcome out that a replay watched
// through seat s's eyes (0: a spectator's, all-seeing when allSeeing)
// tells, in the ruleset's encoding; it is called while out may still read
// its game. A client module's module.Teller gives one (its ReplayEvents).
type Tell func(out ruleset.Outcome, s ruleset.Seat, allSeeing bool) ([]byte, error)

// Replay is a saved game's steps, for a replay: the game as it started
// (step 0), then after each step played. Its methods are for one
// goroutine (the client's game loop).
type Replay struct {
	rs    ruleset.Ruleset
	seats int
	eyes  []Eyes
	steps []step
	// at is the step whose game was decoded last, game that game (nil
	// before the first Game).
	at   int
	game ruleset.Game
}

// step is one step of a Replay.
type step struct {
	// seq is the step the game is at (ruleset.Step.Seq).
	seq  uint32
	save []byte
	// events are the events of the step that led here, by the index of
	// the eyes in Replay.eyes that saw them; nil for the start.
	events [][]byte
}

// Read reads saved game id of ruleset rs from st for a replay watched by
// the viewer who held seat own in it (0: none): the game played again from
// its first saved state with its order log (store.Replay, each step
// checked), keeping the save after each step and the events of each pair
// of eyes it may be watched through (Watchable), nothing of the others',
// as tell tells them (nil: as the server does, ruleset.Outcome.Events).
func Read(st *store.Store, id protocol.GameID, rs ruleset.Ruleset, own ruleset.Seat, tell Tell) (*Replay, error) {
	g, err := st.Game(id)
	if err != nil {
		return nil, err
	}
	first, err := st.Snapshot(id, g.First)
	if err != nil {
		return nil, fmt.Errorf("replay %s: %w", id, err)
	}
	start, err := first.Load(rs)
	if err != nil {
		return nil, fmt.Errorf("replay %s: %w", id, err)
	}
	r := &Replay{rs: rs, seats: start.Seats(), at: -1}
	r.eyes = Watchable(rs.Info(), r.seats, g.Over, own)
	r.steps = append(r.steps, step{seq: first.Seq, save: first.Data})
	if tell == nil {
		tell = func(out ruleset.Outcome, s ruleset.Seat, all bool) ([]byte, error) { return out.Events(s, all) }
	}
	err = store.Replay(st, id, rs, func(s store.Step) error {
		save, err := s.Game.Save()
		if err != nil {
			return fmt.Errorf("step %d: %w", s.Seq, err)
		}
		events := make([][]byte, len(r.eyes))
		for i, e := range r.eyes {
			if events[i], err = tell(s.Outcome, e.Seat, e.AllSeeing); err != nil {
				return fmt.Errorf("step %d: the events of seat %d: %w", s.Seq, e.Seat, err)
			}
		}
		r.steps = append(r.steps, step{seq: s.Game.Step().Seq, save: save, events: events})
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("replay %s: %w", id, err)
	}
	return r, nil
}

// Len returns the number of steps, the start included.
func (r *Replay) Len() int { return len(r.steps) }

// Ruleset returns the game's ruleset, which reads its saves.
func (r *Replay) Ruleset() ruleset.Ruleset { return r.rs }

// Seats returns the number of players of the game.
func (r *Replay) Seats() int { return r.seats }

// Eyes returns the eyes the replay may be watched through (Watchable), in
// the order to offer them.
func (r *Replay) Eyes() []Eyes { return slices.Clone(r.eyes) }

// Seq returns the step (ruleset.Step.Seq) the game is at in step i.
func (r *Replay) Seq(i int) uint32 { return r.steps[i].seq }

// Size returns the bytes the replay holds: the saves and the events.
func (r *Replay) Size() int {
	n := 0
	for _, st := range r.steps {
		n += len(st.save)
		for _, ev := range st.events {
			n += len(ev)
		}
	}
	return n
}

// Game returns the game at step i (0: as it started), decoded from its
// save. It is the replay's, valid until Game or View is called for
// another step: the replay keeps the last one decoded, no more.
func (r *Replay) Game(i int) (ruleset.Game, error) {
	if i < 0 || i >= len(r.steps) {
		return nil, fmt.Errorf("savedreplay: step %d of %d", i, len(r.steps))
	}
	if r.game != nil && r.at == i {
		return r.game, nil
	}
	g, err := r.rs.Load(r.steps[i].save)
	if err != nil {
		return nil, fmt.Errorf("savedreplay: step %d: %w", i, err)
	}
	r.at, r.game = i, g
	return g, nil
}

// View returns the view of step i through eyes e, one of Eyes (ErrEyes
// otherwise), as the game gives it (ruleset.Game.View): a player's as
// that player saw it then (its memory is in the game).
func (r *Replay) View(i int, e Eyes) (ruleset.View, error) {
	if !slices.Contains(r.eyes, e) {
		return nil, fmt.Errorf("%w: seat %d, all-seeing %v", ErrEyes, e.Seat, e.AllSeeing)
	}
	g, err := r.Game(i)
	if err != nil {
		return nil, err
	}
	return g.View(e.Seat, e.AllSeeing), nil
}

// Events returns the events of the step that led to step i that eyes e,
// one of Eyes (ErrEyes otherwise), saw, in the ruleset's encoding
// (ruleset.Outcome.Events); nil for the start.
func (r *Replay) Events(i int, e Eyes) ([]byte, error) {
	k := slices.Index(r.eyes, e)
	if k < 0 {
		return nil, fmt.Errorf("%w: seat %d, all-seeing %v", ErrEyes, e.Seat, e.AllSeeing)
	}
	if i < 0 || i >= len(r.steps) {
		return nil, fmt.Errorf("savedreplay: step %d of %d", i, len(r.steps))
	}
	if r.steps[i].events == nil {
		return nil, nil
	}
	return r.steps[i].events[k], nil
}
