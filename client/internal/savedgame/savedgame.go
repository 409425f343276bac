// Package savedgame writes games into a client's data directory as the
// client's server saves them (the store's games, their first state, each
// step's orders, and the state after it where store.SnapshotDue says), for
// the tests of what the client does with its saved games: the Replays
// screen, Watch.
package savedgame

import (
	"fmt"

	"empires/server/store"
	"empires/shared/protocol"
	"empires/shared/ruleset"
)

// Step is a step of the game Play plays, as Play saw it: the game after
// it and its outcome, valid only during the call that gets it.
type Step struct {
	Seq     uint32 // the step played
	Game    ruleset.Game
	Outcome ruleset.Outcome
}

// Play plays a new game of ruleset rs with settings set (names its
// players' names) for at most steps steps or until it is over, and saves
// it as game id in the store of data directory dir, which it creates if
// need be. It saves the seats as the client's server does: seats 1 to
// set.Seats-set.Bots are people's, each with a new seat token, the first
// the client's player's (the game's creator, whom the lobby seats at seat
// 1), the last set.Bots seats bots'; with set.Bots >= set.Seats every seat
// is a bot's: a game none of whose players is known. Every seat is played
// by the ruleset's AI at set.AILevel, or its default level, seeded with
// the game's seed and the seat, which hears its seat's events after each
// step as the server's does (ruleset.Listener).
// each, if not nil, sees every step once it is played, before it is
// saved; an error it returns ends Play with it.
func Play(dir string, id protocol.GameID, rs ruleset.Ruleset, set protocol.Settings, names []string, steps int, each func(Step) error) error {
	g, err := rs.New(set.Config(names))
	if err != nil {
		return fmt.Errorf("saved game: %w", err)
	}
	level := set.AILevel
	if level == "" {
		level = rs.Info().DefaultLevel
	}
	ais := make([]ruleset.AI, g.Seats())
	for i := range ais {
		if ais[i], err = rs.NewAI(level, set.Seed*31+uint64(i)+1); err != nil {
			return fmt.Errorf("saved game: %w", err)
		}
	}
	st, err := store.OpenDir(dir)
	if err != nil {
		return fmt.Errorf("saved game: %w", err)
	}
	defer st.Close()
	if err := saveStart(st, id, set, g); err != nil {
		return err
	}
	for range steps {
		if over, _ := g.Over(); over {
			break
		}
		step := g.Step()
		var subs []ruleset.Submission
		for _, s := range step.Actors {
			orders, err := ais[s-1].Act(g.View(s, false), step, s)
			if err != nil {
				return fmt.Errorf("saved game: step %d, seat %d: %w", step.Seq, s, err)
			}
			subs = append(subs, ruleset.Submission{Seat: s, Orders: orders})
		}
		var out ruleset.Outcome
		if step.Mode == ruleset.Simultaneous {
			out, err = g.Resolve(subs)
		} else {
			subs = subs[:1] // the first actor's action moves the game on
			out, err = g.Act(subs[0].Seat, subs[0].Orders)
		}
		if err != nil {
			return fmt.Errorf("saved game: step %d: %w", step.Seq, err)
		}
		for i, ai := range ais {
			if err := ruleset.Tell(ai, ruleset.Seat(i+1), out); err != nil {
				return fmt.Errorf("saved game: step %d: %w", step.Seq, err)
			}
		}
		if each != nil {
			if err := each(Step{Seq: step.Seq, Game: g, Outcome: out}); err != nil {
				return err
			}
		}
		after, err := stateOf(g)
		if err != nil {
			return fmt.Errorf("saved game: %w", err)
		}
		if !store.SnapshotDue(after.Seq, after.Over) {
			after.Save = nil // the server keeps this state as the step that led to it
		}
		if err := st.SaveTurn(id, step.Seq, subs, after, out.Count()); err != nil {
			return err
		}
	}
	return nil
}

// Save saves game g of ruleset rs, as it stands, as game id (with
// settings set) in the store of data directory dir, which it creates if
// need be: a game whose first state is g's and that nobody has played on
// from there, as a test makes one by changing a new game's state. It saves
// the seats as Play does (seat 1 the client's player's, the last set.Bots
// seats bots'). A game rs cannot load again (played with other data: a
// mod's game saved with the built-in rules) is refused and nothing is
// stored.
func Save(dir string, id protocol.GameID, rs ruleset.Ruleset, set protocol.Settings, g ruleset.Game) error {
	save, err := g.Save()
	if err != nil {
		return fmt.Errorf("saved game: %w", err)
	}
	if _, err := rs.Load(save); err != nil {
		return fmt.Errorf("saved game %d: %w", id, err)
	}
	st, err := store.OpenDir(dir)
	if err != nil {
		return fmt.Errorf("saved game: %w", err)
	}
	defer st.Close()
	return saveStart(st, id, set, g)
}

// saveStart saves game g as game id (settings set) in st: its settings,
// its seats (people's first, each with a new seat token, then
// set.Bots bots'; every seat a bot's with set.Bots >= set.Seats) and g's
// state as the first.
func saveStart(st *store.Store, id protocol.GameID, set protocol.Settings, g ruleset.Game) error {
	seats := make([]store.Seat, g.Seats())
	for i := range seats {
		seats[i] = store.Seat{Seat: protocol.Seat(i + 1), Name: g.Player(ruleset.Seat(i + 1)).Name, Bot: true}
		if i < set.Seats-set.Bots {
			seats[i].Bot, seats[i].Token = false, protocol.NewToken()
		}
	}
	if err := st.SaveGame(id, set, seats); err != nil {
		return err
	}
	first, err := stateOf(g)
	if err != nil {
		return fmt.Errorf("saved game: %w", err)
	}
	return st.SaveState(id, first)
}

// stateOf returns game g's state as the store keeps it.
func stateOf(g ruleset.Game) (store.State, error) {
	save, err := g.Save()
	over, winner := g.Over()
	return store.State{Seq: g.Step().Seq, Save: save, Over: over, Winner: winner}, err
}
