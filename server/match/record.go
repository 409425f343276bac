package match

import "empires/shared/ruleset"

// TurnRecord is what Settings.OnTurn hears: the game a match starts from
// (Start), or a step played, with what it was played with. Every field is
// the match's: read it during the call only, change nothing.
type TurnRecord struct {
	// Start is set for the record Run makes as it starts, before any step
	// is played: Save is the game the match starts from (a new game's or a
	// resumed one's), and there are no orders nor events.
	Start bool
	// Step is the step played (with Start, the step about to be played);
	// Next is the step the game is at after it.
	Step, Next ruleset.Step
	// Orders are what the step was played with: for a simultaneous step
	// the orders as submitted, in seat order (a seat with no entry
	// submitted nothing: the ruleset's autopilot played it; one with an
	// empty list submitted "no orders"); for an interactive one the
	// action, as its seat's only entry. Playing the game as it was
	// before the step with them gives Save again.
	Orders []ruleset.Submission
	// Events is the step's number of events.
	Events int
	// Save is the game after the step (Game.Save); nil if it failed to
	// encode (Err says why).
	Save []byte
	Err  error
	// Over and Winner tell whether the game has ended and who won.
	Over   bool
	Winner ruleset.Seat
}

// recordStart tells OnTurn, if any, of the game the match starts from. On
// the loop.
func (m *Match) recordStart() {
	if m.set.OnTurn == nil {
		return
	}
	data, err := m.g.Save()
	over, winner := m.g.Over()
	m.set.OnTurn(TurnRecord{Start: true, Step: m.step, Next: m.step, Save: data, Err: err, Over: over, Winner: winner})
}

// record tells OnTurn, if any, of step played with subs. On the loop.
func (m *Match) record(step ruleset.Step, subs []ruleset.Submission, out ruleset.Outcome) {
	if m.set.OnTurn == nil {
		return
	}
	data, err := m.g.Save()
	over, winner := m.g.Over()
	m.set.OnTurn(TurnRecord{Step: step, Next: m.step, Orders: subs, Events: out.Count(), Save: data, Err: err,
		Over: over, Winner: winner})
}
