package conn

import (
	"errors"
	"fmt"

	"empires/shared/protocol"
	"empires/shared/ruleset"
)

// ErrOutOfSync reports that a client's view is not the server's: a turn
// update did not apply to it, or the checksum of the result differs from
// the server's. The client then sends protocol.RequestView.
var ErrOutOfSync = errors.New("view out of sync with the server")

// MaxHeld is how many of a game's messages a Game keeps while it waits for
// its ruleset's data: more means the server sends a game it will not
// describe, and the connection is not worth keeping.
const MaxHeld = 256

// Game is a client's side of one game on a connection: the ruleset it
// plays (found by Rules, perhaps with the server's data) and the player's
// view, kept in step with the server's by the payloads of FullView and
// TurnUpdate, decoded by the ruleset (ruleset.Ruleset.DecodeView,
// ruleset.View.Apply) and checked against the server's checksums.
//
// Until the ruleset is known (the server's data asked for with GetRules),
// Hold keeps the game's FullViews and TurnUpdates; SetRules returns them,
// to be handled in order once the data has come.
//
// A Game is used from one goroutine.
type Game struct {
	info protocol.RulesetInfo
	rs   ruleset.Ruleset // nil until known
	view ruleset.View    // nil before the first FullView
	held []protocol.Message
}

// Join returns the Game of a game of ruleset id on the server whose
// Welcome is w, and the GetRules to send first when the server plays data
// the client does not hold. The error says why the client cannot play the
// ruleset.
func (r *Rules) Join(w *protocol.Welcome, id string) (*Game, *protocol.GetRules, error) {
	in, ok := Info(w, id)
	if !ok {
		return nil, nil, fmt.Errorf("the server does not describe the ruleset %q of its game", clipText(id, 24))
	}
	rs, get, err := r.Find(in)
	if err != nil {
		return nil, nil, err
	}
	return &Game{info: in, rs: rs}, get, nil
}

// NewGame returns the Game of a game of ruleset rs, known already (a
// replay, a test).
func NewGame(rs ruleset.Ruleset) *Game {
	return &Game{info: DescribeRuleset(rs), rs: rs}
}

// Info returns the server's description of the game's ruleset.
func (g *Game) Info() protocol.RulesetInfo { return g.info }

// Ruleset returns the game's ruleset, nil while its data is awaited.
func (g *Game) Ruleset() ruleset.Ruleset { return g.rs }

// View returns the player's view, nil before the first FullView.
func (g *Game) View() ruleset.View { return g.view }

// Hold keeps m, a FullView, a TurnUpdate or a Missed, if the ruleset is not known
// yet, and reports whether it did. It returns an error when more than
// MaxHeld messages wait.
func (g *Game) Hold(m protocol.Message) (bool, error) {
	if g.rs != nil {
		return false, nil
	}
	switch m.(type) {
	case *protocol.FullView, *protocol.TurnUpdate, *protocol.Missed:
	default:
		return false, nil
	}
	if len(g.held) >= MaxHeld {
		return true, fmt.Errorf("%d messages of the game came before the rules data of %s: giving up", len(g.held), g.info.ID)
	}
	g.held = append(g.held, m)
	return true, nil
}

// SetRules takes the server's RulesData (Rules.Accept checks it) and
// returns the messages Hold kept, to be handled now, in order. On an error
// the game cannot be played.
func (g *Game) SetRules(r *Rules, m *protocol.RulesData) ([]protocol.Message, error) {
	if g.rs != nil {
		return nil, nil // an answer to a question asked twice
	}
	rs, err := r.Accept(g.info, m)
	if err != nil {
		return nil, err
	}
	g.rs = rs
	held := g.held
	g.held = nil
	return held, nil
}

// FullView replaces the view with m's, decoded by the ruleset and checked
// against m's checksum. On an error the view does not change; a checksum
// that differs wraps ErrOutOfSync.
func (g *Game) FullView(m *protocol.FullView) (ruleset.View, error) {
	if g.rs == nil {
		return nil, fmt.Errorf("full view: the rules of %s are not here yet", g.info.ID)
	}
	v, err := g.rs.DecodeView(m.View)
	if err != nil {
		return nil, fmt.Errorf("full view: %w", err)
	}
	if sum := v.Checksum(); sum != m.Checksum {
		return nil, fmt.Errorf("full view: checksum %016x, the server's is %016x: %w", sum, m.Checksum, ErrOutOfSync)
	}
	g.view = v
	return v, nil
}

// Update applies m's delta to the view (ruleset.View.Apply) and checks the
// result against m's checksum. It returns the new view; on an error the
// view does not change and the error wraps ErrOutOfSync: the delta does
// not apply (or came before any full view), or the result is not the
// server's.
func (g *Game) Update(m *protocol.TurnUpdate) (ruleset.View, error) {
	if g.view == nil {
		return nil, fmt.Errorf("turn update before any full view: %w", ErrOutOfSync)
	}
	next, err := g.view.Apply(m.Delta)
	if err != nil {
		return nil, fmt.Errorf("turn update: %w: %v", ErrOutOfSync, err)
	}
	if sum := next.Checksum(); sum != m.Checksum {
		return nil, fmt.Errorf("turn update: checksum %016x, the server's is %016x: %w", sum, m.Checksum, ErrOutOfSync)
	}
	g.view = next
	return next, nil
}

// Forget drops the view (after a mismatch, until the FullView asked for
// comes).
func (g *Game) Forget() { g.view = nil }

// Act sends the player's action for the interactive or concurrent step
// seq (TurnClock's Seq; in a concurrent step any Seq from the clock's
// Since on), in the ruleset's encoding; the server answers ActResult.
func (c *Conn) Act(seq uint32, action []byte) (uint32, error) {
	if len(action) == 0 {
		return 0, errors.New("act: no action")
	}
	return c.Send(&protocol.Act{Seq: seq, Action: action})
}
