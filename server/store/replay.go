package store

import (
	"fmt"
	"reflect"
	"strings"

	"empires/shared/game"
	"empires/shared/protocol"
)

// Step is one turn of a replay: the turn resolved again and the state
// after it.
type Step struct {
	// Turn is the turn resolved; State.Turn is the next one.
	Turn game.Turn
	// State is the state after the turn, checked against the saved one.
	// It belongs to the replay: read it during the call only.
	State *game.State
	// Events are the turn's events.
	Events *game.Events
	// Checksum is State's checksum, the saved state's too.
	Checksum uint64
}

// MismatchError is a replayed turn whose state (or number of events)
// differs from the saved one: the game did not replay as it was played.
type MismatchError struct {
	Game protocol.GameID
	Turn game.Turn // the turn resolved
	// Have is the replayed state's checksum, Want the saved state's.
	Have, Want uint64
	// HaveEvents and WantEvents are the turn's numbers of events.
	HaveEvents, WantEvents int
	// Diff says which fields of the state differ.
	Diff string
}

func (e *MismatchError) Error() string {
	if e.Have == e.Want {
		return fmt.Sprintf("%s, turn %d: the replay has %d events, the game had %d", e.Game, e.Turn, e.HaveEvents, e.WantEvents)
	}
	return fmt.Sprintf("%s, turn %d: the replayed state (checksum %016x) differs from the saved one (%016x): %s",
		e.Game, e.Turn, e.Have, e.Want, e.Diff)
}

// Replay plays saved game id again from its first saved state and its
// order log with ruleset rs: it resolves each turn with game.Resolve and
// checks that the state after it is the saved one (same checksum) and that
// the turn had as many events. It calls f, if not nil, after each turn,
// and stops at f's first error and returns it. A turn that differs stops
// the replay with a *MismatchError. The engine is deterministic: a game
// saved by this build always replays.
func Replay(s *Store, id protocol.GameID, rs game.Ruleset, f func(Step) error) error {
	g, err := s.Game(id)
	if err != nil {
		return err
	}
	first, err := s.Snapshot(id, g.First)
	if err != nil {
		return err
	}
	state, err := first.State()
	if err != nil {
		return fmt.Errorf("replay %s: %w", id, err)
	}
	if state.Ruleset != rs.ID() {
		return fmt.Errorf("replay %s: the game is of ruleset %q, not %q", id, state.Ruleset, rs.ID())
	}
	for turn := g.First; turn < g.Last; turn++ {
		orders, err := s.Orders(id, turn)
		if err != nil {
			return fmt.Errorf("replay %s: %w", id, err)
		}
		want, err := s.Snapshot(id, turn+1)
		if err != nil {
			return fmt.Errorf("replay %s: %w", id, err)
		}
		ev := game.Resolve(state, rs, orders)
		data, err := game.Encode(state)
		if err != nil {
			return fmt.Errorf("replay %s, turn %d: %w", id, turn, err)
		}
		sum := Checksum(data)
		if sum != want.Checksum || len(ev.List) != want.Events {
			e := &MismatchError{Game: id, Turn: turn, Have: sum, Want: want.Checksum,
				HaveEvents: len(ev.List), WantEvents: want.Events}
			if sum != want.Checksum {
				e.Diff = "the saved state does not decode"
				if saved, err := want.State(); err == nil {
					e.Diff = Diff(state, saved)
				}
				if e.Diff == "" {
					e.Diff = "the encodings differ (a nil list and an empty one?)"
				}
			}
			return e
		}
		if f != nil {
			if err := f(Step{Turn: turn, State: state, Events: ev, Checksum: sum}); err != nil {
				return err
			}
		}
	}
	return nil
}

// Diff describes how two states differ, field by field of game.State:
// "Turn 5 != 6; Players[1] differs; Armies: 12 != 13 entries". It returns
// "" for states whose fields are deeply equal.
func Diff(have, want *game.State) string {
	if have == nil || want == nil {
		return "a state is missing"
	}
	var out []string
	hv, wv := reflect.ValueOf(have).Elem(), reflect.ValueOf(want).Elem()
	t := hv.Type()
	for i := range t.NumField() {
		name := t.Field(i).Name
		a, b := hv.Field(i), wv.Field(i)
		if reflect.DeepEqual(a.Interface(), b.Interface()) {
			continue
		}
		switch a.Kind() {
		case reflect.Bool, reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
			reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.String:
			out = append(out, fmt.Sprintf("%s %v != %v", name, a.Interface(), b.Interface()))
		case reflect.Slice:
			if a.Len() != b.Len() {
				out = append(out, fmt.Sprintf("%s: %d != %d entries", name, a.Len(), b.Len()))
				continue
			}
			for j := range a.Len() {
				if !reflect.DeepEqual(a.Index(j).Interface(), b.Index(j).Interface()) {
					out = append(out, fmt.Sprintf("%s[%d] differs", name, j))
					break
				}
			}
		default:
			out = append(out, name+" differs")
		}
	}
	return strings.Join(out, "; ")
}
