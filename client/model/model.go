// Package model is the hex game screen's view model: everything the screen
// needs that is not drawing. It holds the player's view of the game (kept
// in step with the server's by package conn), the selection,
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
// The model knows the hex engine, not a ruleset: what only a ruleset knows
// (its order kinds, choices, costs, forecast, words) comes from its Rules,
// which the ruleset's client module gives.
//
// The package is plain Go with no drawing, tested without a display.
package model

import (
	"errors"
	"fmt"

	"empires/shared/game"
)

// Model is the state of the game screen. It is owned by the UI goroutine
// and not safe for concurrent use. The zero value is not usable; use New.
// Until the first full view arrives the model is empty: queries return
// nothing and order changes are ignored.
type Model struct {
	thirdPerson bool // the log names the view's player (SetThirdPerson)
	rs          Rules
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
func New(rs Rules) *Model {
	return &Model{rs: rs}
}

// Rules returns the model's ruleset.
func (m *Model) Rules() Rules { return m.rs }

// SetFullView makes v, the server's whole view (checked against its
// checksum by the caller), the model's view; it must be of the model's
// ruleset, else the model does not change. The model keeps v and never
// changes it. A view of another turn or player than the one held clears
// the drafted orders.
func (m *Model) SetFullView(v *game.View) error {
	if v == nil {
		return errors.New("full view: no view")
	}
	if v.Ruleset != m.rs.ID() {
		return fmt.Errorf("full view: a game of ruleset %q, the client plays %q", v.Ruleset, m.rs.ID())
	}
	m.setView(v)
	return nil
}

// ApplyUpdate takes a resolved turn: it appends events, what the player
// saw happen, to the log in plain words and builds the turn's animation
// from them, then makes next, the view after the turn, the model's view.
// With next nil (the update did not apply: the caller asks for the whole
// view again) it logs the events and keeps the view. When the view moves
// on to the next turn the drafts of the finished turn are cleared: the
// stances they set are now the armies' standing orders, shown in the view,
// and are not drafted again.
func (m *Model) ApplyUpdate(events []game.Event, next *game.View) {
	m.logEvents(events, m.view, next)
	if next != nil {
		m.setView(next)
	}
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
