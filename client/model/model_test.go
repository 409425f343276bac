package model

import (
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"empires/shared/game"
	"empires/shared/game/gametest"
	"empires/shared/hex"
	"empires/shared/hexgame"
	"empires/shared/protocol"
)

// serverUpdate returns what the client takes from the update the server
// sends player p after a turn: the events p saw and the new view, both
// through the hex rulesets' wire forms (the delta from p's last view
// applied to it, as package conn does).
func serverUpdate(t *testing.T, prev *game.View, s *game.State, p game.PlayerID, ev *game.Events) ([]game.Event, *game.View) {
	t.Helper()
	want := game.NewView(s, p)
	delta, err := (&hexgame.View{V: prev}).Diff(&hexgame.View{V: want})
	if err != nil {
		t.Fatal(err)
	}
	next, err := (&hexgame.View{V: prev}).Apply(delta)
	if err != nil {
		t.Fatal(err)
	}
	data, err := hexgame.EncodeEvents(ev.For(s, p), nil)
	if err != nil {
		t.Fatal(err)
	}
	events, err := hexgame.DecodeEvents(data, nil)
	if err != nil {
		t.Fatal(err)
	}
	return events, next.(*hexgame.View).V
}

// TestUpdatesKeepTheServerView plays an erfworld game and feeds each
// player's model (and a spectator's) the full view, then a turn update
// per turn: the model's view stays the server's, checksum and all, and its
// state is the view's.
func TestUpdatesKeepTheServerView(t *testing.T) {
	r := loadRules(t)
	s, err := r.NewGame(5, 24, 18, 3, nil)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(5, 5))
	var models []*Model
	var views []*game.View
	for p := game.PlayerID(0); int(p) <= len(s.Players); p++ {
		models = append(models, modelOf(t, r, s, p))
		views = append(views, game.NewView(s, p))
	}
	battles := 0
	for turn := 0; turn < 20 && !s.Over; turn++ {
		ev := game.Resolve(s, r, growAll(rng, s, r))
		for p, m := range models {
			events, next := serverUpdate(t, views[p], s, game.PlayerID(p), ev)
			m.ApplyUpdate(events, next)
			if have, want := m.View().Checksum(), next.Checksum(); have != want || !reflect.DeepEqual(m.View(), next) {
				t.Fatalf("turn %d, player %d: view checksum %x, the server's %x", s.Turn, p, have, want)
			}
			if !reflect.DeepEqual(game.NewView(m.State(), game.PlayerID(p)), next) {
				t.Fatalf("turn %d, player %d: the model's state is not its view's", s.Turn, p)
			}
			if m.Turn() != s.Turn {
				t.Fatalf("model on turn %d, the game on %d", m.Turn(), s.Turn)
			}
			views[p] = next
		}
	}
	for p, m := range models[1:] {
		income := 0
		for _, l := range m.Log() {
			if strings.HasPrefix(l.Text, "You received") && l.Mine {
				income++
			}
			if l.Battle != nil {
				battles++
			}
		}
		if income == 0 {
			t.Errorf("player %d: no income in the log of %d lines", p+1, len(m.Log()))
		}
	}
	if battles == 0 {
		t.Error("no battle in any log: the game is too tame")
	}
}

// TestFullViewOfAnotherRuleset: a view of a game of another ruleset is
// refused and changes nothing.
func TestFullViewOfAnotherRuleset(t *testing.T) {
	r := loadRules(t)
	s := playGame(t, r, 2, 3)
	m := modelOf(t, r, s, 1)
	old := m.View()
	other := game.NewView(s, 1)
	other.Ruleset = "chess"
	if err := m.SetFullView(other); err == nil || !strings.Contains(err.Error(), `"chess"`) {
		t.Fatalf("SetFullView of another ruleset: %v, want an error naming it", err)
	}
	if m.View() != old {
		t.Fatal("a refused full view changed the view")
	}
	if err := m.SetFullView(nil); err == nil {
		t.Fatal("SetFullView(nil): no error")
	}
}

// TestUpdateThatDidNotApply: the events of an update whose view did not
// apply are logged (they are what the player saw happen) and the view is
// kept.
func TestUpdateThatDidNotApply(t *testing.T) {
	r := loadRules(t)
	s := playGame(t, r, 2, 3)
	m := modelOf(t, r, s, 1)
	old := m.View()
	ev := game.Resolve(s, r, growAll(rand.New(rand.NewPCG(2, 2)), s, r))
	events, _ := serverUpdate(t, old, s, 1, ev)
	before := len(m.Log())
	m.ApplyUpdate(events, nil)
	if m.View() != old {
		t.Error("an update without its view changed the view")
	}
	if len(m.Log()) <= before {
		t.Errorf("the log has %d lines after the turn's events, %d before", len(m.Log()), before)
	}
}

// TestNewTurnClearsDrafts: the drafts of a finished turn go with it; the
// stance they set shows as the army's standing order.
func TestNewTurnClearsDrafts(t *testing.T) {
	g := newSmallGame(t)
	m := modelOf(t, g.r, g.s, 1)
	m.SetStance(g.W, game.Intercept, 0)
	m.SetExplore(g.W, 0)
	m.SelectArmy(g.W)
	orders := m.Orders()
	if errs := game.ValidateOrders(g.s, g.r, 1, orders); errs != nil {
		t.Fatalf("orders refused: %v", errs)
	}
	prev := m.View()
	ev := game.Resolve(g.s, g.r, []game.PlayerOrders{{Player: 1, Orders: orders}, {Player: 2}})
	m.ApplyUpdate(serverUpdate(t, prev, g.s, 1, ev))
	if d := m.Drafts(); d != nil {
		t.Errorf("drafts after the turn: %v", d)
	}
	if a := m.State().Army(g.W); a == nil || a.Stance.Kind != game.Intercept {
		t.Errorf("army %d after the turn: %+v, want stance Intercept", g.W, a)
	}
	if m.Accepted() {
		t.Error("the new turn's orders count as accepted before any were sent")
	}
	// The selection follows the army to where it explored.
	if a := m.State().Army(g.W); a != nil && (m.Selection().Army != g.W || m.Selection().Hex != a.Hex) {
		t.Errorf("selection %+v after the turn, want army %d at %s", m.Selection(), g.W, a.Hex)
	}
	if a := m.State().Army(g.W); a != nil && a.Hex == gametest.At(2, 2) {
		t.Errorf("army %d did not explore: the test shows nothing", g.W)
	}
}

// TestEmptyModel: before the first full view every query answers nothing
// and every change is ignored, without a panic.
func TestEmptyModel(t *testing.T) {
	m := New(testRules{loadRules(t)})
	m.Click(hex.Hex{})
	m.SetMove(1, []hex.Hex{{Q: 1}}, false)
	m.SetExplore(1, hex.East)
	m.SetStance(1, game.Intercept, 0)
	m.AddOrder(game.Order{Kind: game.OrderStance, Army: 1})
	m.RemoveOrder(0)
	m.ClearOrders()
	m.ApplyResult(&protocol.OrdersResult{})
	f := m.Forecast()
	_, err := m.PlanPath(1, hex.Hex{})
	if m.View() != nil || m.State() != nil || m.Turn() != 0 || m.You() != 0 || m.Selection() != (Selection{}) ||
		m.Drafts() != nil || m.Submission() != nil || m.Reach(1) != nil || err == nil ||
		m.CityChoices(1) != nil || m.ArmyChoices(1) != nil || !reflect.DeepEqual(f, Forecast{}) ||
		m.Log() != nil || m.Animation() != nil || m.Describe(hex.Hex{}) != nil || len(m.Orders()) != 0 {
		t.Error("an empty model answers something")
	}
	m.ApplyUpdate(nil, nil)
	if m.View() != nil || m.Log() != nil {
		t.Error("an update without a view or events made a view or a log")
	}
}

// TestFullViewKeepsDrafts: the whole view sent again for the turn the
// drafts are for (a reconnection, a server restarted from its last saved
// turn) keeps them, to be sent again; a view of another turn, later or
// earlier (a server restarted from a turn before), or of another player
// drops them.
func TestFullViewKeepsDrafts(t *testing.T) {
	g := newSmallGame(t)
	turn1 := game.NewView(g.s, 1)
	game.Resolve(g.s, g.r, nil)
	turn2 := game.NewView(g.s, 1)
	tests := []struct {
		name        string
		from, again *game.View
		kept        bool
	}{
		{"the same turn", turn1, decoded(t, turn1), true},
		{"a later turn", turn1, turn2, false},
		{"an earlier turn", turn2, decoded(t, turn1), false},
		{"another player", turn2, game.NewView(g.s, 2), false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := New(testRules{g.r})
			if err := m.SetFullView(tt.from); err != nil {
				t.Fatal(err)
			}
			m.SetStance(g.W, game.Intercept, 0)
			sent := m.Submission()
			if len(m.Drafts()) != 1 {
				t.Fatalf("%d drafts, want the stance", len(m.Drafts()))
			}
			if err := m.SetFullView(tt.again); err != nil {
				t.Fatal(err)
			}
			if have := len(m.Drafts()) == 1; have != tt.kept {
				t.Fatalf("drafts kept %v (%d), want %v", have, len(m.Drafts()), tt.kept)
			}
			if again := m.Submission(); tt.kept && !reflect.DeepEqual(again, sent) {
				t.Errorf("sent again: %+v, want what was sent: %+v", again, sent)
			}
		})
	}
}

// decoded returns v as the client gets it over the wire: encoded and
// decoded, a view of its own.
func decoded(t *testing.T, v *game.View) *game.View {
	t.Helper()
	data, err := game.EncodeView(v)
	if err != nil {
		t.Fatal(err)
	}
	out, err := game.DecodeView(data)
	if err != nil {
		t.Fatal(err)
	}
	return out
}
