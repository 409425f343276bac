package bot

import (
	"time"

	"empires/shared/protocol"
	"empires/shared/ruleset"
)

// Hooks are functions a Bot calls as it plays, for whoever measures it
// (the load tool). Each is called on Run's goroutine and must return
// quickly; a nil one is skipped.
type Hooks struct {
	// Dialed is called once the bot's connection is set up or Run gave up
	// setting it up: with the attempts made (conn.Dial tries again after
	// a failure that may pass) and the time from the first to the
	// server's Welcome, or to the failure, with err saying why.
	Dialed func(attempts int, took time.Duration, err error)
	// Retry is called when an attempt to connect failed and another
	// follows (conn.Options.OnRetry): the attempt, why, and the wait. It
	// is called on Run's goroutine, before Dialed.
	Retry func(attempt int, err error, wait time.Duration)
	// Joined is called once the bot has its seat, with its game and seat,
	// before it says it is ready in the game's lobby.
	Joined func(g protocol.GameID, s protocol.Seat)
	// Ready is called right after the bot said it is ready for turn t
	// (its orders sent), with the time it did.
	Ready func(t protocol.Turn, at time.Time)
	// Update is called when a TurnUpdate arrives while the server is on
	// turn t (the update resolves it), before the bot applies it, with the
	// time it arrived.
	Update func(t protocol.Turn, at time.Time)
	// Acted is called right after the bot sent its action for the
	// interactive (or concurrent) step seq, with the time it did.
	Acted func(seq uint32, at time.Time)
	// ActResult is called when the server's answer to the action for step
	// seq arrives, with the time it did.
	ActResult func(seq uint32, at time.Time)
	// Stepped is called when a TurnUpdate arrives while the server is on
	// step seq (the update plays it: an action applied, a turn resolved),
	// with the time it arrived.
	Stepped func(seq uint32, at time.Time)
	// View is called with each view the bot holds: every FullView, and
	// after each TurnUpdate, the view with its delta applied (checksum
	// checked). The view is the bot's: read it during the call only.
	View func(v ruleset.View)
}

// view calls h.View if set.
func (h Hooks) view(v ruleset.View) {
	if h.View != nil {
		h.View(v)
	}
}

// dialed calls h.Dialed if set.
func (h Hooks) dialed(attempts int, took time.Duration, err error) {
	if h.Dialed != nil {
		h.Dialed(attempts, took, err)
	}
}

// joined calls h.Joined if set.
func (h Hooks) joined(g protocol.GameID, s protocol.Seat) {
	if h.Joined != nil {
		h.Joined(g, s)
	}
}

// ready calls h.Ready if set.
func (h Hooks) ready(t protocol.Turn) {
	if h.Ready != nil {
		h.Ready(t, time.Now())
	}
}

// update calls h.Update if set, for turn t.
func (h Hooks) update(t protocol.Turn) {
	if h.Update != nil {
		h.Update(t, time.Now())
	}
}

// acted calls h.Acted if set, for step seq.
func (h Hooks) acted(seq uint32) {
	if h.Acted != nil {
		h.Acted(seq, time.Now())
	}
}

// actResult calls h.ActResult if set, for step seq.
func (h Hooks) actResult(seq uint32) {
	if h.ActResult != nil {
		h.ActResult(seq, time.Now())
	}
}

// stepped calls h.Stepped if set, for step seq.
func (h Hooks) stepped(seq uint32) {
	if h.Stepped != nil {
		h.Stepped(seq, time.Now())
	}
}
