//go:build ignore

// genv1 writes v1.db, the database of the store's schema version 1 that
// the tests of the migration open: run it in a tree of a build of schema
// version 1 (the store saves a state after every step):
//
//	go run ./server/store/testdata/genv1.go server/store/testdata/v1.db
//
// Game 1, "old", is erfworld on 24x24 (seed 7): Ann and Bob, whose seat
// tokens are saved, and a bot; four turns played by the normal AI, Bob
// giving no orders on even turns; not over. Game 2, "old and over", is the
// same game's first two turns, saved as over, won by seat 1.
package main

import (
	"fmt"
	"os"

	"empires/server/store"
	"empires/shared/protocol"
	"empires/shared/registry"
	"empires/shared/ruleset"
)

func main() {
	if err := run(os.Args[1]); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}

func run(path string) error {
	if _, err := os.Stat(path); err == nil {
		return fmt.Errorf("%s exists", path)
	}
	reg, err := registry.Default()
	if err != nil {
		return err
	}
	rs, _ := reg.Get("erfworld")
	s, err := store.Open(path)
	if err != nil {
		return err
	}
	defer s.Close()
	if err := save(s, rs, 1, "old", 4, false); err != nil {
		return err
	}
	return save(s, rs, 2, "old and over", 2, true)
}

// save plays and saves game id as a server of schema version 1 did.
func save(s *store.Store, rs ruleset.Ruleset, id protocol.GameID, name string, turns int, over bool) error {
	set := protocol.Settings{Name: name, Ruleset: "erfworld", Width: 24, Height: 24, Seed: 7, Seats: 3, Bots: 1}
	g, err := rs.New(set.Config([]string{"Ann", "Bob", "Bot 3"}))
	if err != nil {
		return err
	}
	seats := []store.Seat{{Seat: 1, Name: "Ann", Token: protocol.NewToken()}, {Seat: 2, Name: "Bob", Token: protocol.NewToken()},
		{Seat: 3, Name: "Bot 3", Bot: true}}
	if err := s.SaveGame(id, set, seats); err != nil {
		return err
	}
	state := func() (store.State, error) {
		data, err := g.Save()
		return store.State{Seq: g.Step().Seq, Save: data}, err
	}
	st, err := state()
	if err != nil {
		return err
	}
	if err := s.SaveState(id, st); err != nil {
		return err
	}
	ai, err := rs.NewAI("normal", set.Seed)
	if err != nil {
		return err
	}
	for range turns {
		step := g.Step()
		var subs []ruleset.Submission
		for _, seat := range step.Actors {
			if seat == 2 && step.Seq%2 == 0 {
				continue
			}
			orders, err := ai.Act(g.View(seat, false), step, seat)
			if err != nil {
				return err
			}
			subs = append(subs, ruleset.Submission{Seat: seat, Orders: orders})
		}
		out, err := g.Resolve(subs)
		if err != nil {
			return err
		}
		if st, err = state(); err != nil {
			return err
		}
		if err := s.SaveTurn(id, step.Seq, subs, st, out.Count()); err != nil {
			return err
		}
	}
	if over {
		st.Over, st.Winner = true, 1
		return s.SaveState(id, st)
	}
	return nil
}
