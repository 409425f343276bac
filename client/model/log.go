package model

import (
	"fmt"
	"slices"
	"strings"

	"empires/shared/game"
	"empires/shared/hex"
	"empires/shared/words"
)

// LogLine is one line of the event log.
type LogLine struct {
	Turn game.Turn
	// Text tells what happened in plain words: "Your army 12 (Infantry 4)
	// beat Red's army 31 at (10,4): lost 1, killed 5".
	Text string
	// Hex is where it happened, when HasHex is set (the map may centre on
	// it).
	Hex    hex.Hex
	HasHex bool
	// Battle is the battle's report, for a battle.
	Battle *game.BattleReport
	// Mine reports that the event concerns the player: its army, city,
	// money or battle.
	Mine bool
}

// Log returns the event log, oldest first. It is the model's own: do not
// change it.
func (m *Model) Log() []LogLine { return m.log }

// SetThirdPerson makes the log speak of the view's player by name ("Anna's
// army 7") instead of "you": for a replay watched through a player's eyes.
func (m *Model) SetThirdPerson(on bool) { m.thirdPerson = on }

// speaksTo reports whether the log says "you" to player p.
func (m *Model) speaksTo(p game.PlayerID) bool {
	return p != 0 && p == m.You() && !m.thirdPerson
}

// PrependLog puts lines, the log of the turns before the first view (a
// saved game taken up again), before the log's own.
func (m *Model) PrependLog(lines []LogLine) {
	m.log = append(slices.Clip(lines), m.log...)
}

// Move is one army's step in the turn's animation.
type Move struct {
	Army     game.ArmyID
	Owner    game.PlayerID
	From, To hex.Hex
	// Kind is game.EventMove, game.EventRetreat or game.EventWithdraw.
	Kind game.EventKind
}

// StepFrame is what happened at one step of the turn's movement: the
// armies' steps, then the battles, all at once.
type StepFrame struct {
	// Step is the movement step, 0 for moves outside the movement phase
	// (boarding a fleet before it, landing after it).
	Step    int
	Moves   []Move
	Battles []hex.Hex
}

// Animation returns the last resolved turn's movement as the player saw
// it, one frame per step in the order they happened: built from the turn's
// EventMove, EventRetreat, EventWithdraw and EventBattle. It is the
// model's own: do not change it.
func (m *Model) Animation() []StepFrame { return m.anim }

// logEvents appends events to the log and makes them the animation; before
// and after are the views before and after the turn (after nil when the
// update did not apply), for what the events leave out (whose city was
// taken, whether an army is a fleet).
func (m *Model) logEvents(events []game.Event, before, after *game.View) {
	m.anim = nil
	w := Namer{m: m, views: []*game.View{after, before}}
	trips := tripsOf(events)
	for i := range events {
		e := &events[i]
		m.animate(e)
		var text string
		switch t := trips[e.Army]; {
		case t != nil && (e.Kind == game.EventMove && e.Step != 0 || e.Kind == game.EventBlocked):
			if t.first != i {
				continue // the trip's line, at its first step, says it
			}
			if text = w.trip(e, t); text == "" {
				continue
			}
			line := LogLine{Turn: e.Turn, Text: text, Hex: t.to, HasHex: true, Mine: w.mine(e)}
			m.log = append(m.log, line)
			continue
		default:
			text = w.event(e)
		}
		if text == "" {
			continue
		}
		line := LogLine{Turn: e.Turn, Text: text, Hex: e.To, HasHex: e.HasHex, Battle: e.Battle, Mine: w.mine(e)}
		m.log = append(m.log, line)
	}
}

// trip is what one army's steps of a turn's movement came to: one line
// of the log.
type trip struct {
	// first is the index of its first event, where its line goes.
	first int
	// from is where it started, to where it ended; steps counts them.
	from, to hex.Hex
	steps    int
	// order is the movement order its last step names (EventMove.Amount,
	// 0: none known), found the last step's Text ("found nobody").
	order game.OrderKind
	found string
	// blocked says why it stopped short (EventBlocked.Text), at blockedAt.
	blocked   string
	blockedAt hex.Hex
	// fought: it was in a battle of the turn, whose line tells where.
	fought bool
}

// tripsOf gathers each army's steps of events (EventMove at a movement
// step, its EventBlocked) into its trip; the armies carried aboard a
// fleet have none, their fleet's says it.
func tripsOf(events []game.Event) map[game.ArmyID]*trip {
	trips := map[game.ArmyID]*trip{} // looked up only, never ranged over
	for i := range events {
		e := &events[i]
		switch {
		case e.Kind == game.EventMove && e.Step != 0 && !strings.HasPrefix(e.Text, "aboard "):
			t := trips[e.Army]
			if t == nil {
				t = &trip{first: i, from: e.From}
				trips[e.Army] = t
			}
			t.to, t.steps = e.To, t.steps+1
			t.blocked = "" // it went on after waiting ("waits: hex full")
			if e.Amount != 0 {
				t.order, t.found = game.OrderKind(e.Amount), e.Text
			}
		case e.Kind == game.EventBlocked && e.Step != 0:
			t := trips[e.Army]
			if t == nil {
				t = &trip{first: i, from: e.From, to: e.From}
				trips[e.Army] = t
			}
			t.blocked, t.blockedAt = e.Text, e.From
		}
	}
	for i := range events {
		if b := events[i].Battle; b != nil {
			for _, sd := range b.Sides {
				for _, id := range sd.Armies {
					if t := trips[id]; t != nil {
						t.fought = true
					}
				}
			}
		}
	}
	return trips
}

// trip writes the line of army e.Army's trip t: "Your army 7 moved to
// (12,9)", "Your army 7 explored to (3,1)", "Your army 3's attack found
// nobody at (5,5)", "Your army 7 moved to (4,4) and stopped: enemy ahead
// at 5,4", "Your army 7 stopped at (3,3): ...". An army that fought says
// where it went only if it stopped for something else first: the
// battle's line tells the rest.
func (w Namer) trip(e *game.Event, t *trip) string {
	army := Capital(w.ArmyRef(e.Army, e.Player))
	attack := t.order == game.OrderAttack
	switch {
	case t.steps == 0 && attack:
		return fmt.Sprintf("%s's attack stopped at %s: %s", army, At(t.blockedAt), t.blocked)
	case t.steps == 0:
		return fmt.Sprintf("%s stopped at %s: %s", army, At(t.blockedAt), t.blocked)
	case t.blocked != "" && attack:
		return fmt.Sprintf("%s's attack went to %s and stopped: %s", army, At(t.to), t.blocked)
	case t.blocked != "":
		return fmt.Sprintf("%s moved to %s and stopped: %s", army, At(t.to), t.blocked)
	case t.found != "" && attack:
		return fmt.Sprintf("%s's attack %s at %s", army, t.found, At(t.to))
	case t.fought:
		return ""
	case t.order == game.OrderExplore:
		return fmt.Sprintf("%s explored to %s", army, At(t.to))
	}
	return fmt.Sprintf("%s moved to %s", army, At(t.to))
}

// animate adds event e to the animation if it moves an army or is a
// battle.
func (m *Model) animate(e *game.Event) {
	switch e.Kind {
	case game.EventMove, game.EventRetreat, game.EventWithdraw, game.EventBattle:
	default:
		return
	}
	if !e.HasHex {
		return
	}
	if n := len(m.anim); n == 0 || m.anim[n-1].Step != e.Step {
		m.anim = append(m.anim, StepFrame{Step: e.Step})
	}
	f := &m.anim[len(m.anim)-1]
	if e.Kind == game.EventBattle {
		f.Battles = append(f.Battles, e.To)
		return
	}
	f.Moves = append(f.Moves, Move{Army: e.Army, Owner: e.Player, From: e.From, To: e.To, Kind: e.Kind})
}

// Namer writes the events of a turn in words, looking armies and cities up
// in the views after and before it (the first that has them): the model's
// log, and a ruleset's EventText, use it.
type Namer struct {
	m     *Model
	views []*game.View
}

// Model returns the model whose log the namer writes.
func (w Namer) Model() *Model { return w.m }

// army finds army id in the views.
func (w Namer) army(id game.ArmyID) *game.ArmyView {
	for _, v := range w.views {
		if v == nil {
			continue
		}
		for i := range v.Armies {
			if v.Armies[i].ID == id {
				return &v.Armies[i]
			}
		}
	}
	return nil
}

// city finds city id in the views.
func (w Namer) city(id game.CityID) *game.CityView {
	for _, v := range w.views {
		if v == nil {
			continue
		}
		for i := range v.Cities {
			if v.Cities[i].ID == id {
				return &v.Cities[i]
			}
		}
	}
	return nil
}

// ArmyRef names army id of player owner: "your army 12", "Red's fleet 30".
func (w Namer) ArmyRef(id game.ArmyID, owner game.PlayerID) string {
	naval := false
	if a := w.army(id); a != nil {
		naval = a.Naval
	}
	return w.m.Whose(owner) + " " + w.m.armyName(id, naval)
}

// armiesRef names a side's armies: "your army 12", "Red's armies 31, 33",
// or "Red's city" for a city that fought with no army.
func (w Namer) armiesRef(ids []game.ArmyID, owner game.PlayerID) string {
	switch len(ids) {
	case 0: // a city that fought alone, with no army on its hex
		return w.m.Whose(owner) + " city"
	case 1:
		return w.ArmyRef(ids[0], owner)
	}
	nums := make([]string, len(ids))
	for i, id := range ids {
		nums[i] = fmt.Sprint(uint32(id))
	}
	return w.m.Whose(owner) + " armies " + strings.Join(nums, ", ")
}

// mine reports whether event e concerns the player.
func (w Namer) mine(e *game.Event) bool {
	you := w.m.You()
	if you == 0 {
		return false
	}
	if e.Player == you {
		return true
	}
	if b := e.Battle; b != nil && (b.Sides[0].Player == you || b.Sides[1].Player == you) {
		return true
	}
	if e.Kind == game.EventCapture {
		if c := w.city(e.City); c != nil && c.Owner == you {
			return true
		}
	}
	return false
}

// event returns the log text of e, "" for an event the log leaves out
// (every step of every move: the animation shows those).
func (w Namer) event(e *game.Event) string {
	m := w.m
	switch text := m.rs.EventText(w, e); text {
	case NoLine:
		return ""
	case "":
	default:
		return text
	}
	army := Capital(w.ArmyRef(e.Army, e.Player))
	switch e.Kind {
	case game.EventMove:
		if e.Step != 0 || e.Text == "" {
			return ""
		}
		return fmt.Sprintf("%s %s", army, e.Text)
	case game.EventBlocked:
		return fmt.Sprintf("%s stopped at %s: %s", army, At(e.From), e.Text)
	case game.EventBattle:
		return w.Battle(e)
	case game.EventRetreat:
		return fmt.Sprintf("%s retreated from %s to %s", army, At(e.From), At(e.To))
	case game.EventWithdraw:
		return fmt.Sprintf("%s withdrew from %s to %s", army, At(e.From), At(e.To))
	case game.EventIntercept:
		return fmt.Sprintf("%s left its post to engage the enemy at %s", army, At(e.To))
	case game.EventDestroyed:
		if e.Text == "" || e.Text == "destroyed in battle" {
			return fmt.Sprintf("%s was destroyed at %s", army, At(e.From))
		}
		return fmt.Sprintf("%s was destroyed at %s: %s", army, At(e.From), e.Text)
	case game.EventCapture:
		return w.capture(e)
	case game.EventOrderSkipped:
		return w.Others(e, Capital(e.Text))
	case game.EventReportShared:
		return fmt.Sprintf("%s turn report is sent to you", Capital(m.Whose(game.PlayerID(e.Amount))))
	case game.EventIncome:
		s := fmt.Sprintf("%s received %s", Capital(m.Who(e.Player)), words.Of(int(e.Amount), m.rs.Currency()))
		if e.Amount == 0 && e.Text != "" {
			return fmt.Sprintf("%s received no income: %s", Capital(m.Who(e.Player)), e.Text)
		}
		if e.Text != "" {
			s += ": " + e.Text
		}
		return s
	case game.EventBuild:
		if e.Text == "" {
			return fmt.Sprintf("%s built", Capital(m.Who(e.Player)))
		}
		return fmt.Sprintf("%s %s", Capital(m.Who(e.Player)), e.Text)
	case game.EventEliminated:
		if m.speaksTo(e.Player) {
			return "You are out of the game"
		}
		return fmt.Sprintf("%s is out of the game", m.PlayerName(e.Player))
	case game.EventVictory:
		s := fmt.Sprintf("%s won the game", m.PlayerName(e.Player))
		if m.speaksTo(e.Player) {
			s = "You won the game"
		}
		if e.Text != "" {
			s += ": " + e.Text
		}
		return s
	}
	if e.Text != "" {
		return w.Others(e, Capital(e.Text))
	}
	return fmt.Sprintf("Event of kind %d", e.Kind)
}

// Others prefixes text, which speaks to the player of e, with that
// player's name when it is another's (a turn report a Look-A-Mancer
// brought): "Blue: Upkeep: paid 2".
func (w Namer) Others(e *game.Event, text string) string {
	if e.Player == 0 || w.m.speaksTo(e.Player) {
		return text
	}
	return w.m.PlayerName(e.Player) + ": " + text
}

// Battle writes battle e from the player's side if it fought: "Your army
// 12 (Infantry 4) beat Red's army 31 at (10,4): lost 1, killed 5"; else
// from the first side's: "Red's army 31 beat Blue's army 7 at (3,3): Red
// lost 1, Blue lost 5". A ruleset's EventText may add to it.
func (w Namer) Battle(e *game.Event) string {
	b := e.Battle
	if b == nil {
		return fmt.Sprintf("A battle at %s", At(e.To))
	}
	m := w.m
	me, other := &b.Sides[0], &b.Sides[1]
	mine := m.You() != 0 && (me.Player == m.You() || other.Player == m.You())
	if other.Player == m.You() && mine {
		me, other = other, me
	}
	subject := Capital(w.armiesRef(me.Armies, me.Player))
	if mine {
		subject += " (" + m.UnitsText(me.Before) + ")"
	}
	object := w.armiesRef(other.Armies, other.Player)
	var what string
	switch {
	case me.Won || (me.Player != 0 && b.Winner == me.Player):
		what = fmt.Sprintf("%s beat %s at %s", subject, object, At(b.Hex))
	case other.Won || (other.Player != 0 && b.Winner == other.Player):
		what = fmt.Sprintf("%s lost to %s at %s", subject, object, At(b.Hex))
	default:
		what = fmt.Sprintf("%s fought %s to a draw at %s", subject, object, At(b.Hex))
	}
	// A city's own units count with its side's losses.
	meLost, otherLost := me.Losses.Total()+me.CityLosses.Total(), other.Losses.Total()+other.CityLosses.Total()
	if mine {
		return fmt.Sprintf("%s: lost %d, killed %d", what, meLost, otherLost)
	}
	return fmt.Sprintf("%s: %s lost %d, %s lost %d", what, m.PlayerName(me.Player), meLost,
		m.PlayerName(other.Player), otherLost)
}

// capture writes a city taken: "Blue captured your Capital at (3,7)".
func (w Namer) capture(e *game.Event) string {
	m := w.m
	what := "the city"
	if c := w.city(e.City); c != nil {
		kind := "city"
		if c.Capital {
			kind = "Capital"
		}
		what = "the " + kind
		// The view before the turn knows whose it was.
		if len(w.views) > 1 && w.views[1] != nil {
			for _, old := range w.views[1].Cities {
				if old.ID == e.City && old.Owner != e.Player {
					what = m.Whose(old.Owner) + " " + kind
				}
			}
		}
	}
	return fmt.Sprintf("%s captured %s at %s", Capital(m.Who(e.Player)), what, At(e.To))
}

// Who names player p as a subject: "you", "Red", "Neutral".
func (m *Model) Who(p game.PlayerID) string {
	if m.speaksTo(p) {
		return "you"
	}
	return m.PlayerName(p)
}

// Whose names player p as an owner: "your", "Red's", "neutral".
func (m *Model) Whose(p game.PlayerID) string {
	switch {
	case p == 0:
		return "neutral"
	case m.speaksTo(p):
		return "your"
	}
	return m.PlayerName(p) + "'s"
}

// ArmyName names army id for labels: "army 12", or "fleet 12" for one the
// view shows as a fleet.
func (m *Model) ArmyName(id game.ArmyID) string { return m.armyName(id, m.isFleet(id)) }

// armyName is "army 12", or "fleet 12" for a fleet.
func (m *Model) armyName(id game.ArmyID, naval bool) string {
	if naval {
		return fmt.Sprintf("fleet %d", uint32(id))
	}
	return fmt.Sprintf("army %d", uint32(id))
}

// isFleet reports whether the view shows army id as a fleet.
func (m *Model) isFleet(id game.ArmyID) bool {
	if m.view == nil {
		return false
	}
	for i := range m.view.Armies {
		if m.view.Armies[i].ID == id {
			return m.view.Armies[i].Naval
		}
	}
	return false
}

// CityName names city id for labels: "the Capital at (3,7)", "the city at
// (4,2)"; "city 5" if the view does not show it.
func (m *Model) CityName(id game.CityID) string {
	if m.view != nil {
		for _, c := range m.view.Cities {
			if c.ID == id {
				if c.Capital {
					return "the Capital at " + At(c.Hex)
				}
				return "the city at " + At(c.Hex)
			}
		}
	}
	return id.String()
}

// UnitsText lists units by kind: "Infantry 4, Cavalry 1"; "no units".
func (m *Model) UnitsText(u game.Units) string {
	var parts []string
	for k, n := range u {
		if n > 0 {
			parts = append(parts, fmt.Sprintf("%s %d", m.rs.UnitName(game.UnitKind(k)), n))
		}
	}
	if len(parts) == 0 {
		return "no units"
	}
	return strings.Join(parts, ", ")
}
