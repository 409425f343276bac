package match

import "empires/shared/ruleset"

// TurnRecord is what Settings.OnTurn hears: the game a match starts from
// (Start), or a step played, with what it was played with. Every field is
// the match's: read it during the call only, change nothing.
type TurnRecord struct {
	// Start is set for the record Run makes as it starts, before any step
	// is played: Save encodes the game the match starts from (a new
	// game's or a resumed one's), and there are no orders nor events.
	Start bool
	// Step is the step played (with Start, the step about to be played);
	// Next is the step the game is at after it.
	Step, Next ruleset.Step
	// Orders are what the step was played with: for a simultaneous step
	// the orders as submitted, in seat order (a seat with no entry
	// submitted nothing: the ruleset's autopilot played it; one with an
	// empty list submitted "no orders"); for an interactive or concurrent
	// one the action, as its seat's only entry. Playing the game as it
	// was before the step with them gives the game after it again.
	Orders []ruleset.Submission
	// Events is the step's number of events.
	Events int
	// Save encodes the game after the step (Game.Save), during the call
	// only. The match encodes nothing unless it is called: a recorder
	// that keeps only some steps' states (the store keeps one every so
	// often) costs the other steps no encoding.
	Save func() ([]byte, error)
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
	over, winner := m.g.Over()
	m.set.OnTurn(TurnRecord{Start: true, Step: m.step, Next: m.step, Save: m.g.Save, Over: over, Winner: winner})
}

// record tells OnTurn, if any, of step played with subs. On the loop.
func (m *Match) record(step ruleset.Step, subs []ruleset.Submission, out ruleset.Outcome) {
	if m.set.OnTurn == nil {
		return
	}
	over, winner := m.g.Over()
	m.set.OnTurn(TurnRecord{Step: step, Next: m.step, Orders: subs, Events: out.Count(), Save: m.g.Save,
		Over: over, Winner: winner})
}
