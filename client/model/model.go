// Package model is the game screen's view model: everything the screen
// needs that is not drawing. It keeps the player's view of the game in step
// with the server (full views, turn updates, checksums), the selection,
// the paths planned for armies (into the unexplored too, marked as
// guesses), the orders being drafted for the turn with their costs and the
// reasons the server would refuse or the turn skip them, the choices a
// city or an army offers, a city's Warlords and Casters, the next turn's
// money and upkeep (Forecast), the event log in plain words, the resolved
// turn's movement grouped by step for the animation, and tooltip lines for
// a hex.
//
// Orders are checked on the client exactly as the server checks them: the
// model runs game.ValidateOrders and the ruleset's functions (MovePoints,
// StepCost, CanStack, Forecast) on game.ViewState of its view, which holds
// only what the player may know, as the server's validation uses.
//
// The package is plain Go with no drawing, tested without a display.
package model

import (
	"errors"
	"fmt"

	"empires/shared/game"
	"empires/shared/protocol"
	"empires/shared/rules/erfworld"
)

// ErrOutOfSync reports that the model's view is not the server's: a turn
// update did not apply to it, or the checksum of the result differs from
// the server's. The app then sends protocol.RequestView.
var ErrOutOfSync = errors.New("view out of sync with the server")

// Model is the state of the game screen. It is owned by the UI goroutine
// and not safe for concurrent use. The zero value is not usable; use New.
// Until the first full view arrives the model is empty: queries return
// nothing and order changes are ignored.
type Model struct {
	thirdPerson bool // the log names the view's player (SetThirdPerson)
	rs          *erfworld.Rules
	view        *game.View
	state       *game.State // game.ViewState(view), built on first use after each change

	sel Selection

	drafts []draft
	// version counts the changes to drafts; sent is the version last
	// handed out by Submission, accepted whether the server took it.
	version, sent int
	accepted      bool

	log  []LogLine
	anim []StepFrame

	// cache holds Drafts' answer for the drafts, view and server answer
	// it was computed for: the game screen asks every frame, and checking
	// the orders runs the ruleset's validation.
	cache struct {
		drafts  []Draft
		version int
		view    *game.View
		results int
	}
	results int // server answers applied (ApplyResult)

	// forecast holds Forecast's answer for the drafts and view it was
	// computed for.
	forecast struct {
		f       Forecast
		version int
		view    *game.View
	}
}

// draft is one order being drafted and the server's refusal of it.
type draft struct {
	order    game.Order
	rejected string
}

// New returns an empty model for a game of ruleset rs.
func New(rs *erfworld.Rules) *Model {
	return &Model{rs: rs}
}

// Rules returns the model's ruleset.
func (m *Model) Rules() *erfworld.Rules { return m.rs }

// SetFullView replaces the model's view with fv's, which must match its
// checksum (else the error wraps ErrOutOfSync) and be of the model's
// ruleset; on an error the model does not change. The model keeps its own
// copy. A view of another turn or player than the one held clears the
// drafted orders.
func (m *Model) SetFullView(fv *protocol.FullView) error {
	if fv == nil || fv.View == nil {
		return errors.New("full view: no view")
	}
	if sum := fv.View.Checksum(); sum != fv.Checksum {
		return fmt.Errorf("full view of turn %d: checksum %016x, the server's is %016x: %w", fv.View.Turn, sum, fv.Checksum, ErrOutOfSync)
	}
	if fv.View.Ruleset != m.rs.ID() {
		return fmt.Errorf("full view: a game of ruleset %q, the client plays %q", fv.View.Ruleset, m.rs.ID())
	}
	m.setView(fv.View.Clone())
	return nil
}

// ApplyUpdate applies a resolved turn: it appends u's events to the log in
// plain words and builds the turn's animation from them, then applies u's
// delta to the view (game.Apply). If the delta does not apply, or the new
// view's checksum is not u.Checksum, it keeps the old view and returns an
// error wrapping ErrOutOfSync (the events are logged all the same: they
// are what the player saw happen, whatever the view). When the view moves
// on to the next turn the drafts of the finished turn are cleared: the
// stances they set are now the armies' standing orders, shown in the view,
// and are not drafted again.
func (m *Model) ApplyUpdate(u *protocol.TurnUpdate) error {
	if u == nil || u.Delta == nil {
		return errors.New("turn update: no delta")
	}
	next, err := game.Apply(m.view, u.Delta)
	m.logEvents(u.Events, m.view, next)
	if err != nil {
		return fmt.Errorf("turn update: %w: %v", ErrOutOfSync, err)
	}
	if sum := next.Checksum(); sum != u.Checksum {
		return fmt.Errorf("turn update to turn %d: checksum %016x, the server's is %016x: %w", next.Turn, sum, u.Checksum, ErrOutOfSync)
	}
	m.setView(next)
	return nil
}

// setView makes v the model's view: the state is rebuilt on demand, drafts
// of another turn are dropped and a selection that no longer exists ends.
func (m *Model) setView(v *game.View) {
	old := m.view
	m.view, m.state = v, nil
	if old == nil || old.Turn != v.Turn || old.You != v.You {
		m.drafts = nil
		m.changed()
	}
	switch {
	case m.sel.Army != 0 && m.ownArmy(m.sel.Army) == nil,
		m.sel.City != 0 && m.ownCity(m.sel.City) == nil,
		m.sel.Active && !m.onMap(m.sel.Hex):
		m.Deselect()
	case m.sel.Army != 0:
		m.sel.Hex = m.ownArmy(m.sel.Army).Hex // it may have moved
	}
}

// View returns the view the model holds, nil before the first full view.
// It is the model's own: do not change it.
func (m *Model) View() *game.View { return m.view }

// State returns game.ViewState of the view, nil before the first full
// view: the state the model checks orders and plans moves on. It is built
// once per view and shared: do not change it.
func (m *Model) State() *game.State {
	if m.state == nil && m.view != nil {
		m.state = game.ViewState(m.view)
	}
	return m.state
}

// Turn returns the turn of the view, 0 before the first full view.
func (m *Model) Turn() game.Turn {
	if m.view == nil {
		return 0
	}
	return m.view.Turn
}

// You returns the player whose view the model holds, 0 for a spectator or
// before the first full view.
func (m *Model) You() game.PlayerID {
	if m.view == nil {
		return 0
	}
	return m.view.You
}

// PlayerName returns the name of player p as the view shows it, "Neutral"
// for player 0 and "player N" for a player the view does not list.
func (m *Model) PlayerName(p game.PlayerID) string {
	if p == 0 {
		return "Neutral"
	}
	if m.view != nil {
		for i := range m.view.Players {
			if m.view.Players[i].ID == p {
				return m.view.Players[i].Name
			}
		}
	}
	return p.String()
}

// ownArmy returns army a of the state if it is You's, else nil.
func (m *Model) ownArmy(a game.ArmyID) *game.Army {
	s := m.State()
	if s == nil || a == 0 {
		return nil
	}
	if x := s.Army(a); x != nil && x.Owner == m.view.You && m.view.You != 0 {
		return x
	}
	return nil
}

// ownCity returns city c of the state if it is You's, else nil.
func (m *Model) ownCity(c game.CityID) *game.City {
	s := m.State()
	if s == nil || c == 0 {
		return nil
	}
	if x := s.City(c); x != nil && x.Owner == m.view.You && m.view.You != 0 {
		return x
	}
	return nil
}
