package risk

import (
	"image"
	"slices"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"empires/client/kit"
	"empires/client/module"
	rules "empires/shared/rules/risk"
	"empires/shared/rules/risk/board"
	"empires/shared/ruleset"
)

// keyInput is a frame in which keys went down (and are held), the
// keyboard the map's and the player's move its to make.
func keyInput(keys ...ebiten.Key) module.Input {
	return module.Input{Frame: kit.Frame{KeysPressed: keys, Keys: keys}, Map: image.Rect(0, 40, 694, 768), Keys: true, Orders: true}
}

// shifted is keyInput with Shift held.
func shifted(keys ...ebiten.Key) module.Input {
	in := keyInput(keys...)
	in.Keys = true
	in.Frame.Keys = append(slices.Clone(keys), ebiten.KeyShift)
	return in
}

// TestTabOrder checks the order Tab visits the classic board in:
// continent by continent, each top to bottom then left to right, every
// territory once.
func TestTabOrder(t *testing.T) {
	b := classic(t)
	order := tabOrder(b)
	if len(order) != len(b.Territories) {
		t.Fatalf("the order has %d territories, the board %d", len(order), len(b.Territories))
	}
	seen := map[board.TerritoryID]bool{}
	for i, o := range order {
		if seen[o] {
			t.Fatalf("%s twice in the order", b.Territory(o).Name)
		}
		seen[o] = true
		if i == 0 {
			continue
		}
		p, q := b.Territory(order[i-1]), b.Territory(o)
		_, py, _ := b.Centre(p.ID)
		_, qy, _ := b.Centre(q.ID)
		if p.Continent > q.Continent || p.Continent == q.Continent && py > qy {
			t.Errorf("%s (continent %d, row %d) before %s (continent %d, row %d)", p.Name, p.Continent, py, q.Name, q.Continent, qy)
		}
	}
}

// TestFocusKeys checks Tab, Shift+Tab and Esc on the focus while the
// seat places its starting armies: Tab visits the territories a click
// acts on in Tab order and wraps, Shift+Tab goes back, Esc with nothing
// chosen drops the focus.
func TestFocusKeys(t *testing.T) {
	tg := newTestGame(t, 1, 2, small)
	tg.others(500)
	s, m := tg.s, tg.m()
	if m.Move() != MoveDeploy {
		t.Fatalf("the seat's first move is %s, want deploy", m.Move())
	}
	var targets []board.TerritoryID
	for _, o := range m.order {
		if slices.Contains(m.Targets(), o) {
			targets = append(targets, o)
		}
	}
	if len(targets) < 2 {
		t.Fatalf("%d territories to place on", len(targets))
	}
	last := targets[len(targets)-1]
	for _, tc := range []struct {
		name string
		have module.Input
		want board.TerritoryID
	}{
		{"Tab from none", keyInput(ebiten.KeyTab), targets[0]},
		{"Tab", keyInput(ebiten.KeyTab), targets[1]},
		{"Shift+Tab", shifted(ebiten.KeyTab), targets[0]},
		{"Shift+Tab wraps", shifted(ebiten.KeyTab), last},
		{"Tab wraps", keyInput(ebiten.KeyTab), targets[0]},
		{"Esc", keyInput(ebiten.KeyEscape), 0},
		{"Shift+Tab from none", shifted(ebiten.KeyTab), last},
	} {
		s.Update(tc.have)
		if got := m.Focus(); got != tc.want {
			t.Errorf("%s: the focus is %d, want %d", tc.name, got, tc.want)
		}
	}
	if p := s.Probe(); !slices.ContainsFunc(p.Others, func(mk module.Mark) bool { return mk.Kind == "focus" && mk.ID == int(last) }) {
		t.Errorf("the probe has no focus on %d", last)
	}
}

// TestKeysPlayATurn plays the seat's first turn of short games with keys
// only (rules 3, 4): the starting armies placed with Tab and Enter, the
// round's armies with a number key, then all of them with Shift+] and
// Enter, an attack chosen with
// Tab and Enter, its limit raised with ], pressed on with U, the attacks
// ended with E, the free move made with Esc, Tab, Enter, Shift+[ and Enter, the turn
// ended with E. Each key must send the action the table says.
func TestKeysPlayATurn(t *testing.T) {
	played := map[rules.ActionKind]int{}
	for seed := uint64(1); seed <= 6; seed++ {
		tg := newTestGame(t, seed, 2, small)
		s, m := tg.s, tg.m()
		// press presses in and reports the action it sent, if any, after
		// playing it as the server does.
		press := func(in module.Input) (rules.Action, bool) {
			t.Helper()
			n := len(tg.host.acts)
			s.Update(in)
			if len(tg.host.acts) == n {
				return rules.Action{}, false
			}
			a := tg.sent()
			tg.play(tg.seat, tg.host.acts[len(tg.host.acts)-1])
			played[a.Kind]++
			return a, true
		}
		attacked, moved := false, false
		for range 200 {
			tg.others(500)
			if m.Move() == MoveBuild || m.v.Round > 1 {
				break
			}
			switch m.Move() {
			case MoveDeploy:
				s.Update(keyInput(ebiten.KeyTab))
				f := m.Focus()
				if a, ok := press(keyInput(ebiten.KeyEnter)); !ok || a.Kind != rules.ActPlace || a.Territory != f || a.Count != 1 {
					t.Fatalf("seed %d: Tab, Enter in the set-up sent %+v (%v), want 1 army on %d", seed, a, ok, f)
				}
			case MovePlace:
				s.Update(keyInput(ebiten.KeyTab))
				s.Update(keyInput(ebiten.KeyDigit2))
				if m.Reserve() >= 2 && m.Count() != 2 {
					t.Errorf("seed %d: 2 set the count to %d", seed, m.Count())
				}
				f, all := m.Focus(), m.Reserve()
				s.Update(shifted(ebiten.KeyBracketRight))
				if a, ok := press(keyInput(ebiten.KeyEnter)); !ok || a.Kind != rules.ActPlace || a.Territory != f || a.Count != all {
					t.Fatalf("seed %d: Shift+], Enter sent %+v (%v), want %d armies on %d", seed, a, ok, all, f)
				}
			case MoveAttack:
				if attacked || len(m.Targets()) == 0 {
					if a, ok := press(keyInput(ebiten.KeyE)); !ok || a.Kind != rules.ActStop {
						t.Fatalf("seed %d: E in the attacks sent %+v (%v), want Stop", seed, a, ok)
					}
					continue
				}
				s.Update(keyInput(ebiten.KeyTab))
				s.Update(keyInput(ebiten.KeyEnter))
				from := m.Focus()
				if m.Selected() != from {
					t.Fatalf("seed %d: Enter on %d chose %d to attack from", seed, from, m.Selected())
				}
				s.Update(keyInput(ebiten.KeyTab))
				s.Update(keyInput(ebiten.KeyEnter))
				to := m.Focus()
				if m.Target() != to || !m.b.Linked(from, to) {
					t.Fatalf("seed %d: Enter on %d chose %d to attack", seed, to, m.Target())
				}
				until := m.Until()
				s.Update(keyInput(ebiten.KeyBracketRight))
				if m.Until() != until+1 {
					t.Errorf("seed %d: ] set the limit to %d, want %d", seed, m.Until(), until+1)
				}
				if a, ok := press(keyInput(ebiten.KeyU)); !ok || a.Kind != rules.ActAttack || a.From != from || a.To != to {
					if m.at(from).Armies > m.Until() {
						t.Fatalf("seed %d: U sent %+v (%v), want an attack from %d on %d", seed, a, ok, from, to)
					}
				}
				attacked = true
				// The attack pressed on goes on by itself, as each frame does.
				for range 50 {
					if !m.Auto() {
						break
					}
					press(keyInput())
					tg.others(500)
				}
			case MoveOccupy:
				s.Update(keyInput(ebiten.KeyBracketLeft))
				least, _ := m.MoveRange()
				s.Update(shifted(ebiten.KeyBracketLeft))
				if m.MoveCount() != least {
					t.Errorf("seed %d: Shift+[ set %d to move in, want the least, %d", seed, m.MoveCount(), least)
				}
				if a, ok := press(keyInput(ebiten.KeyEnter)); !ok || a.Kind != rules.ActOccupy || a.Count != least {
					t.Fatalf("seed %d: Enter after a conquest sent %+v (%v), want %d moving in", seed, a, ok, least)
				}
			case MoveFree:
				if !moved && len(m.Targets()) > 0 {
					moved = true
					// The attack's territories may still be chosen: Esc drops them.
					s.Update(keyInput(ebiten.KeyEscape))
					if m.Selected() != 0 {
						t.Fatalf("seed %d: Esc kept %d chosen", seed, m.Selected())
					}
					s.Update(keyInput(ebiten.KeyTab))
					s.Update(keyInput(ebiten.KeyEnter))
					from := m.Focus()
					s.Update(keyInput(ebiten.KeyTab))
					if len(m.Targets()) > 0 {
						s.Update(keyInput(ebiten.KeyEnter))
						to := m.Focus()
						s.Update(shifted(ebiten.KeyBracketLeft)) // one army
						if a, ok := press(keyInput(ebiten.KeyEnter)); !ok || a.Kind != rules.ActMove || a.From != from || a.To != to || a.Count != 1 {
							t.Fatalf("seed %d: Enter in the free move sent %+v (%v), want 1 army from %d to %d", seed, a, ok, from, to)
						}
						continue
					}
				}
				if a, ok := press(keyInput(ebiten.KeyE)); !ok || a.Kind != rules.ActEndTurn {
					t.Fatalf("seed %d: E in the free move sent %+v (%v), want End turn", seed, a, ok)
				}
			default:
				if _, ok := press(keyInput(ebiten.KeyE)); !ok {
					t.Fatalf("seed %d: E in move %s sent nothing", seed, m.Move())
				}
			}
		}
	}
	for _, k := range []rules.ActionKind{rules.ActPlace, rules.ActAttack, rules.ActStop, rules.ActMove, rules.ActEndTurn} {
		if played[k] == 0 {
			t.Errorf("no game played an action of kind %d by keys", k)
		}
	}
}

// TestEnterWithoutFocus checks that Enter with no focus in a step of
// clicks says how to choose a territory, and sends nothing.
func TestEnterWithoutFocus(t *testing.T) {
	tg := newTestGame(t, 1, 2, small)
	tg.others(500)
	n := len(tg.host.acts)
	tg.s.Update(keyInput(ebiten.KeyEnter))
	if len(tg.host.acts) != n {
		t.Error("Enter with no focus sent an action")
	}
	if len(tg.host.notices) == 0 || tg.host.notices[len(tg.host.notices)-1] != "Press Tab to a ringed territory, then Enter to place an army on it" {
		t.Errorf("the notices are %q", tg.host.notices)
	}
}

// TestArrowKeys checks the arrows on the classic map: from a territory
// each goes to the neighbour whose centre is nearest that way on screen
// (within 45 degrees either side), none that way leaves the focus where
// it is, the map follows the focus, from no focus an arrow goes where Tab
// would, and alone they do not pan the map (Shift and the arrows do, as
// WASD).
func TestArrowKeys(t *testing.T) {
	tg := newTestGame(t, 1, 2, ruleset.Options{}) // the classic map
	s, m := tg.s, tg.m()
	s.Update(keyInput()) // the first frame: the map's size
	b := s.mp.Board()
	for _, tc := range []struct {
		from                  string
		left, right, up, down string
	}{
		{"Ontario", "Alberta", "Quebec", "Northwest Territory", "Eastern United States"},
		{"Egypt", "North Africa", "Middle East", "Southern Europe", "East Africa"},
		{"Ukraine", "Northern Europe", "Ural", "Ukraine", "Southern Europe"}, // nothing of its borders lies up
		{"China", "Afghanistan", "China", "Mongolia", "Siam"},                // Japan lies right, but borders Mongolia and Kamchatka only
		{"Brazil", "Peru", "North Africa", "Venezuela", "Argentina"},         // across the sea to Africa
	} {
		for _, k := range []struct {
			key  ebiten.Key
			want string
		}{{ebiten.KeyArrowLeft, tc.left}, {ebiten.KeyArrowRight, tc.right}, {ebiten.KeyArrowUp, tc.up}, {ebiten.KeyArrowDown, tc.down}} {
			m.SetFocus(id(t, b, tc.from))
			s.Update(keyInput(k.key))
			if have := b.Territory(m.Focus()); have == nil || have.Name != k.want {
				t.Errorf("%v from %s: the focus on %v, want %s", k.key, tc.from, have, k.want)
			}
		}
	}

	// Zoomed in, the map has room to pan: an arrow with no neighbour that
	// way pans nothing; Shift and the arrow pan, the focus kept; the
	// arrows walking west keep the focus in sight.
	c := s.mp.Camera()
	c.ZoomAt(3, c.ScreenW/2, c.ScreenH/2)
	china := id(t, b, "China")
	m.SetFocus(china)
	s.showFocus()
	cam := *c
	s.Update(keyInput(ebiten.KeyArrowRight))
	if m.Focus() != china || *c != cam {
		t.Errorf("Right from China: the focus on %d (want %d), the map panned %v; want neither moved", m.Focus(), china, *c != cam)
	}
	s.Update(shifted(ebiten.KeyArrowRight))
	if m.Focus() != china || *c == cam {
		t.Errorf("Shift+Right: the focus on %d (want China, %d), the map panned %v; want the map panned, the focus kept", m.Focus(), china, *c != cam)
	}
	sight := s.host.MapInSight()
	for i := range 6 {
		s.Update(keyInput(ebiten.KeyArrowLeft))
		x, y, _ := s.mp.ScreenOf(m.Focus())
		if !image.Pt(int(x), int(y)).In(sight) {
			t.Errorf("Left %d times from China: %s at (%.0f, %.0f), out of the map in sight %v", i+1, b.Territory(m.Focus()).Name, x, y, sight)
		}
	}
	if m.Focus() == china {
		t.Error("Left 6 times from China: the focus is still there")
	}

	m.SetFocus(0)
	s.Update(keyInput(ebiten.KeyArrowDown))
	tab := m.Focus()
	m.SetFocus(0)
	m.FocusNext(false)
	if tab == 0 || tab != m.Focus() {
		t.Errorf("Down from no focus: the focus on %d, want %d, where Tab goes", tab, m.Focus())
	}
}
