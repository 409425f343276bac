package model

import (
	"errors"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"empires/shared/game"
	"empires/shared/game/gametest"
	"empires/shared/hex"
	"empires/shared/protocol"
)

// serverUpdate makes the update the server sends player p after a turn:
// the delta from its last view, through the wire form, the new view's
// checksum and the events p saw.
func serverUpdate(t *testing.T, prev *game.View, s *game.State, p game.PlayerID, ev *game.Events) (*protocol.TurnUpdate, *game.View) {
	t.Helper()
	next := game.NewView(s, p)
	data, err := game.EncodeDelta(game.Diff(prev, next))
	if err != nil {
		t.Fatal(err)
	}
	d, err := game.DecodeDelta(data)
	if err != nil {
		t.Fatal(err)
	}
	return &protocol.TurnUpdate{Delta: d, Checksum: next.Checksum(), Events: ev.For(s, p)}, next
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
			u, next := serverUpdate(t, views[p], s, game.PlayerID(p), ev)
			if err := m.ApplyUpdate(u); err != nil {
				t.Fatalf("turn %d, player %d: %v", s.Turn, p, err)
			}
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

// TestOutOfSync: an update whose checksum does not match, or that does not
// apply to the view held, gives ErrOutOfSync and leaves the view alone;
// a full view then puts the model back in step.
func TestOutOfSync(t *testing.T) {
	r := loadRules(t)
	s := playGame(t, r, 2, 3)
	m := modelOf(t, r, s, 1)
	old := m.View()
	sum := old.Checksum()
	ev := game.Resolve(s, r, growAll(rand.New(rand.NewPCG(2, 2)), s, r))
	u, next := serverUpdate(t, old, s, 1, ev)

	tampered := *u
	tampered.Checksum ^= 1
	tests := []struct {
		name string
		have *protocol.TurnUpdate
	}{
		{"tampered checksum", &tampered},
		{"delta from another turn", &protocol.TurnUpdate{Delta: &game.Delta{From: old.Turn + 1, Turn: old.Turn + 2, You: 1},
			Checksum: next.Checksum()}},
		{"delta of another player", &protocol.TurnUpdate{Delta: &game.Delta{From: old.Turn, Turn: old.Turn + 1, You: 2},
			Checksum: next.Checksum()}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if err := m.ApplyUpdate(tt.have); !errors.Is(err, ErrOutOfSync) {
				t.Fatalf("ApplyUpdate: %v, want ErrOutOfSync", err)
			}
			if m.View() != old || m.View().Checksum() != sum {
				t.Fatal("the view changed")
			}
		})
	}

	bad := &protocol.FullView{View: next, Checksum: next.Checksum() + 1}
	if err := m.SetFullView(bad); !errors.Is(err, ErrOutOfSync) {
		t.Fatalf("SetFullView with a wrong checksum: %v, want ErrOutOfSync", err)
	}
	other := next.Clone()
	other.Ruleset = "chess"
	if err := m.SetFullView(&protocol.FullView{View: other, Checksum: other.Checksum()}); err == nil {
		t.Fatal("SetFullView of another ruleset: no error")
	}
	if m.View() != old {
		t.Fatal("a refused full view changed the view")
	}
	if err := m.SetFullView(&protocol.FullView{View: next, Checksum: next.Checksum()}); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(m.View(), next) || m.View() == next {
		t.Fatal("the model does not hold its own copy of the full view")
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
	sub := m.Submission()
	if errs := game.ValidateOrders(g.s, g.r, 1, sub.Orders); errs != nil {
		t.Fatalf("orders refused: %v", errs)
	}
	prev := m.View()
	ev := game.Resolve(g.s, g.r, []game.PlayerOrders{{Player: 1, Orders: sub.Orders}, {Player: 2}})
	u, _ := serverUpdate(t, prev, g.s, 1, ev)
	if err := m.ApplyUpdate(u); err != nil {
		t.Fatal(err)
	}
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
	m := New(loadRules(t))
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
		m.CityChoices(1) != nil || m.ArmyChoices(1) != nil || f.Treasury != 0 || f.Spent != 0 || f.Income != 0 ||
		m.Log() != nil || m.Animation() != nil || m.Describe(hex.Hex{}) != nil {
		t.Error("an empty model answers something")
	}
	if err := m.ApplyUpdate(&protocol.TurnUpdate{Delta: &game.Delta{Turn: 2}}); !errors.Is(err, ErrOutOfSync) {
		t.Errorf("update without a view: %v, want ErrOutOfSync", err)
	}
}
