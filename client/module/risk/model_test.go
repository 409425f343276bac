package risk

import (
	"image"
	"slices"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"empires/client/kit"
	"empires/client/module"
	rules "empires/shared/rules/risk"
	"empires/shared/rules/risk/battle"
	"empires/shared/rules/risk/board"
	"empires/shared/ruleset"
	"empires/shared/wire"
)

// small is the options of a short game: a generated map of 9 territories.
var small = ruleset.Options{rules.KeyMap: rules.MapGenerated, rules.KeyTerritories: 9}

// sent returns the last action the screen sent.
func (tg *testGame) sent() rules.Action {
	tg.t.Helper()
	var a rules.Action
	if err := wire.Unmarshal(tg.host.acts[len(tg.host.acts)-1], &a); err != nil {
		tg.t.Fatal(err)
	}
	return a
}

// TestScreenPlaysToTheTrading plays seat 1 of short games against the AI
// through the screen's model, as a player's clicks and keys do, until the
// trading table (rules 1, 7, 8, 10, 12, 14, 15): starting armies placed
// with clicks, a click placing one army and a Shift-click the rest, an
// attack chosen with two clicks and rolled (the dice kept for the screen),
// the free move ended, cities built with clicks, the trading table opened
// by itself. Every action the screen sends must be one the rules take.
func TestScreenPlaysToTheTrading(t *testing.T) {
	for seed := uint64(1); seed <= 4; seed++ {
		tg := newTestGame(t, seed, 2, small)
		m := tg.m()
		rolls, cities, placedOne := 0, 0, false
		for range 400 {
			tg.others(500)
			if m.v.Round > 4 || m.Move() == MoveTrade {
				break
			}
			switch m.Move() {
			case MoveDeploy:
				ts := m.Targets()
				tg.do(m.ClickTerritory(ts[len(tg.host.acts)%min(3, len(ts))], false))
			case MovePlace:
				ts := m.Targets()
				before, reserve := m.at(ts[0]).Armies, m.Reserve()
				tg.do(m.ClickTerritory(ts[0], placedOne))
				want := 1
				if placedOne {
					want = reserve
				}
				if got := m.at(ts[0]).Armies - before; got != want {
					t.Errorf("seed %d: a click (Shift: %v) with %d to place placed %d armies, want %d", seed, placedOne, reserve, got, want)
				}
				placedOne = true
			case MoveAttack:
				if rolls > 0 || len(m.Targets()) == 0 {
					tg.do(m.EndStep())
					continue
				}
				from := m.Targets()[0]
				m.ClickTerritory(from, false)
				to := m.Targets()[0]
				m.ClickTerritory(to, false)
				if m.Selected() != from || m.Target() != to {
					t.Fatalf("seed %d: chose %d then %d, the model holds %d and %d", seed, from, to, m.Selected(), m.Target())
				}
				if _, ok := m.Odds(); !ok {
					t.Errorf("seed %d: no odds for the attack chosen", seed)
				}
				tg.do(m.Roll())
				if r := m.LastRoll(); r == nil || r.From != from || r.To != to || len(r.Attack) == 0 || len(r.Defend) == 0 {
					t.Errorf("seed %d: the last roll kept: %+v", seed, r)
				}
				rolls++
			case MoveBuild:
				if ts := m.Targets(); len(ts) > 0 {
					tg.do(m.ClickTerritory(ts[0], false))
					if !m.at(ts[0]).City {
						t.Errorf("seed %d: a click on %s built no city", seed, m.tname(ts[0]))
					}
					cities++
				} else {
					tg.do(m.EndStep())
				}
			case MoveDefend:
				tg.do(m.Keep())
			case MovePurchase:
				tg.do(m.EndStep()) // E: end purchasing, the default 5 kept
				if a := tg.sent(); a.Kind != rules.ActEndPurchase || a.Keep != nil {
					t.Errorf("E in the purchase sent %+v", a)
				}
			case MovePlague:
				tg.do(m.ClickTerritory(m.Targets()[0], false))
			default:
				if !tg.do(m.EndStep()) {
					t.Fatalf("seed %d: stuck in %s", seed, m.v.Phase)
				}
			}
		}
		if m.Move() != MoveTrade {
			t.Logf("seed %d: no trading step by round %d", seed, m.v.Round)
			continue
		}
		if rolls == 0 || cities == 0 {
			t.Errorf("seed %d: %d rolls, %d cities", seed, rolls, cities)
		}
		if !tg.host.open || tg.s.win != winTrade {
			t.Errorf("seed %d: the trading step began and its table did not open", seed)
		}
		return
	}
	t.Error("no game reached the trading step")
}

// attackGame returns a game in the seat's attacks, with an attack chosen:
// the first territory it may attack from and the first it may attack.
func attackGame(t *testing.T) (*testGame, board.TerritoryID, board.TerritoryID) {
	t.Helper()
	return attackGameOn(t, 2, small, func() *fakeHost { return nil })
}

// attackGameOn is attackGame of seats players on options opts, on the
// host newHost returns (nil: the default one).
func attackGameOn(t *testing.T, seats int, opts ruleset.Options, newHost func() *fakeHost) (*testGame, board.TerritoryID, board.TerritoryID) {
	t.Helper()
	for seed := uint64(1); seed < 20; seed++ {
		var tg *testGame
		if h := newHost(); h != nil {
			tg = newTestGameOn(t, seed, seats, opts, h)
		} else {
			tg = newTestGame(t, seed, seats, opts)
		}
		m := tg.m()
		for range 100 {
			tg.others(500)
			switch m.Move() {
			case MoveDeploy:
				tg.do(m.ClickTerritory(m.Targets()[0], false))
				continue
			case MovePlace:
				tg.do(m.ClickTerritory(m.Targets()[0], true))
				continue
			}
			break
		}
		if m.Move() != MoveAttack || len(m.Targets()) == 0 {
			continue
		}
		from := m.Targets()[0]
		m.ClickTerritory(from, false)
		to := m.Targets()[0]
		m.ClickTerritory(to, false)
		return tg, from, to
	}
	t.Fatal("no game gives the seat an attack")
	return nil, 0, 0
}

// TestAttackChoices checks the attack's choices: the dice (the most by
// default, fewer when chosen, never more than the armies allow, classic
// Risk), the roll sent, the odds from battle.AttackOdds, Esc dropping the
// choice.
func TestAttackChoices(t *testing.T) {
	tg, from, to := attackGame(t)
	m := tg.m()
	most := battle.AttackDice(m.at(from).Armies)
	if m.Dice() != most {
		t.Errorf("the dice by default: %d, want the most, %d", m.Dice(), most)
	}
	if r := m.SetDice(most + 1); most < 3 && r.Notice == "" {
		t.Errorf("%d dice with %d armies: no notice", most+1, m.at(from).Armies)
	}
	m.SetDice(1)
	r := m.Roll()
	if r.Action == nil || r.Action.Kind != rules.ActAttack || r.Action.From != from || r.Action.To != to || r.Action.Dice != 1 {
		t.Errorf("Roll with 1 die chosen: %+v", r.Action)
	}
	f, ok := m.Odds()
	want, err := battle.AttackOdds(battle.Attack{Attackers: m.at(from).Armies, Defenders: m.at(to).Armies, City: m.at(to).City, CityArmies: 3, StopAt: 1})
	if !ok || err != nil || f.Win != want.Win {
		t.Errorf("the odds: %v %v, want %v (%v)", f.Win, ok, want.Win, err)
	}
	m.Deselect()
	if m.Selected() != 0 || m.Target() != 0 {
		t.Errorf("Esc left %d and %d chosen", m.Selected(), m.Target())
	}
	if r := m.Roll(); r.Action != nil || r.Notice == "" {
		t.Errorf("Roll with nothing chosen: %+v", r)
	}
}

// TestAttackUntil checks the attack pressed on (the Warzone convenience):
// each roll is one action, sent once the last is answered; it stops at
// the limit, at a conquest and when the step is no longer the attacks.
func TestAttackUntil(t *testing.T) {
	tg, from, to := attackGame(t)
	m := tg.m()
	m.SetUntil(1)
	if !tg.do(m.AttackUntil()) {
		t.Fatal("Attack until sent nothing")
	}
	rolls := 1
	for range 50 {
		r := m.Continue()
		if r.Action == nil {
			break
		}
		if r.Action.Kind != rules.ActAttack || r.Action.From != from || r.Action.To != to {
			t.Fatalf("the attack pressed on sent %+v", r.Action)
		}
		tg.do(r)
		rolls++
	}
	if m.Auto() {
		t.Error("the attack pressed on did not stop")
	}
	conquered := m.at(to).Owner == m.You()
	if !conquered && m.at(from).Armies > 1 && m.Move() == MoveAttack {
		t.Errorf("stopped after %d rolls with %d armies left and %s not conquered", rolls, m.at(from).Armies, m.tname(to))
	}
	t.Logf("%d rolls; conquered: %v; move: %v", rolls, conquered, m.Move())
}

// TestClickRefusals checks the notices of clicks that act on nothing,
// table-driven: each says why, and no action goes.
func TestClickRefusals(t *testing.T) {
	tg, from, _ := attackGame(t)
	m := tg.m()
	var notMine, unlinked board.TerritoryID
	for i := range m.b.Territories {
		t := board.TerritoryID(i + 1)
		if !m.mine(t) && notMine == 0 {
			notMine = t
		}
		if !m.mine(t) && !m.b.Linked(from, t) && unlinked == 0 {
			unlinked = t
		}
	}
	tests := []struct {
		name string
		have func() Result
		want string
	}{
		{"free move key in the attacks", m.FreeMove, ""},
		{"end building in the attacks", m.EndBuilding, "You are not building now"},
		{"keep with no question", m.Keep, "No city of yours is asked about"},
		{"nuke without the card", func() Result { return m.SetMode(ModeNuke) }, "You hold no Nuke"},
	}
	if unlinked != 0 {
		tests = append(tests, struct {
			name string
			have func() Result
			want string
		}{"an unlinked territory", func() Result {
			m.ClickTerritory(from, false)
			m.ClickTerritory(from, false)
			return m.ClickTerritory(unlinked, false)
		}, "is not linked to"})
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := tc.have()
			if r.Action != nil {
				t.Errorf("an action went: %+v", r.Action)
			}
			if !strings.Contains(r.Notice, tc.want) {
				t.Errorf("the notice %q, want one with %q", r.Notice, tc.want)
			}
		})
	}
	_ = notMine
}

// TestScreenKeys checks the keys the help names, pressed on the screen:
// Enter rolls the attack chosen, 1 chooses one die, Esc drops the choice,
// E stops the attacks.
func TestScreenKeys(t *testing.T) {
	tg, _, _ := attackGame(t)
	s, m := tg.s, tg.m()
	in := func(keys ...ebiten.Key) module.Input {
		return module.Input{Frame: kit.Frame{KeysPressed: keys, Keys: keys}, Map: image.Rect(0, 40, 694, 768), Keys: true, Orders: true}
	}
	s.Update(in(ebiten.KeyDigit1))
	if m.Dice() != 1 {
		t.Errorf("1 chose %d dice", m.Dice())
	}
	n := len(tg.host.acts)
	s.Update(in(ebiten.KeyEnter))
	if len(tg.host.acts) != n+1 || tg.sent().Kind != rules.ActAttack || tg.sent().Dice != 1 {
		t.Fatalf("Enter sent %d actions, the last %+v", len(tg.host.acts)-n, tg.sent())
	}
	tg.play(1, tg.host.acts[len(tg.host.acts)-1])
	s.Update(in(ebiten.KeyEscape))
	if m.Selected() != 0 && m.Move() == MoveAttack {
		t.Error("Esc kept the choice")
	}
	if m.Move() != MoveAttack {
		return // the roll conquered, or ended the attacks
	}
	s.Update(in(ebiten.KeyE))
	if tg.sent().Kind != rules.ActStop {
		t.Errorf("E sent %+v, want Stop attacking", tg.sent())
	}
}

// TestDefenderQuestion plays games until the other seat attacks a city of
// the seat's that has armies (rule 9): the question box is over the map with its two
// buttons, the panel says it, C turns the city into armies.
func TestDefenderQuestion(t *testing.T) {
	for seed := uint64(1); seed <= 20; seed++ {
		tg := newTestGame(t, seed, 2, small)
		m := tg.m()
		// The other seat attacks a city of the seat's when it can.
		tg.attacker = func(v *rules.View, p ruleset.Seat) (rules.Action, bool) {
			if v.Phase != rules.PhaseAttack || v.Actor != p {
				return rules.Action{}, false
			}
			for i, x := range v.Board {
				to := board.TerritoryID(i + 1)
				if x.Owner != 1 || !x.City || x.Armies == 0 {
					continue
				}
				for _, from := range m.b.Territory(to).Links {
					if f := v.Board[from-1]; f.Owner == p && f.Armies >= 2 {
						return rules.Action{Seq: v.Seq, Kind: rules.ActAttack, From: from, To: to, Dice: battle.AttackDice(f.Armies)}, true
					}
				}
			}
			return rules.Action{}, false
		}
		for range 400 {
			tg.others(500)
			if m.v.Round > 8 || m.Move() == MoveDefend {
				break
			}
			switch m.Move() {
			case MoveDeploy:
				ts := m.Targets()
				tg.do(m.ClickTerritory(ts[len(tg.host.acts)%min(3, len(ts))], false))
			case MovePlace:
				// All on a city, where the AI's attack asks the question.
				ts := m.Targets()
				at := ts[0]
				for _, t := range ts {
					if m.at(t).City {
						at = t
					}
				}
				tg.do(m.ClickTerritory(at, true))
			case MoveBuild:
				// One city, on the territory of the most armies: some stay.
				ts := m.Targets()
				if len(ts) == 0 || m.v.Players[0].Cities > 0 {
					tg.do(m.EndStep())
					continue
				}
				best := ts[0]
				for _, t := range ts {
					if m.at(t).Armies > m.at(best).Armies {
						best = t
					}
				}
				tg.do(m.ClickTerritory(best, false))
			case MoveAttack:
				tg.do(m.StopAttacking())
			case MoveTrade:
				tg.do(m.EndStep()) // E: leave the table
			case MovePurchase:
				tg.s.act(rules.Action{Kind: rules.ActEndPurchase})
				tg.play(1, tg.host.acts[len(tg.host.acts)-1])
			case MovePlague:
				tg.do(m.ClickTerritory(m.Targets()[0], false))
			default:
				tg.do(m.EndStep())
			}
		}
		if m.Move() != MoveDefend {
			continue
		}
		box, buttons := tg.s.question()
		if box.Empty() || len(buttons) != 2 || !box.In(tg.host.MapInSight()) {
			t.Fatalf("the question's box %v and buttons %+v", box, buttons)
		}
		q := tg.s.QuestionText()
		if !strings.Contains(q, m.tname(m.v.To)) || !strings.HasPrefix(q, "Your city on") {
			t.Errorf("the question says %q", q)
		}
		to := m.v.To
		tg.s.Update(module.Input{Frame: kit.Frame{KeysPressed: []ebiten.Key{ebiten.KeyC}}, Map: image.Rect(0, 40, 694, 768), Keys: true, Orders: true})
		if a := tg.sent(); a.Kind != rules.ActConvert {
			t.Fatalf("C sent %+v", a)
		}
		tg.play(1, tg.host.acts[len(tg.host.acts)-1])
		if m.at(to).City {
			t.Errorf("the city on %s stands after C", m.tname(to))
		}
		if !slices.ContainsFunc(m.Log(), func(l LogLine) bool { return strings.Contains(l.Text, "becomes 3 armies") }) {
			t.Error("the log does not tell the city turned into armies")
		}
		return
	}
	t.Error("the other seat never attacked a city of the seat's with armies")
}

// TestClaimByChoice checks the set-up by choice (rule 2): the free
// territories are ringed, a click claims one, a click on a held one says
// why it is refused.
func TestClaimByChoice(t *testing.T) {
	opts := ruleset.Options{rules.KeyMap: rules.MapGenerated, rules.KeyTerritories: 9, rules.KeySetup: rules.SetupChoice}
	tg := newTestGame(t, 2, 3, opts)
	m := tg.m()
	tg.others(50)
	if m.Move() != MoveClaim {
		t.Fatalf("the set-up by choice asks %v of the seat, want a claim", m.Move())
	}
	free := m.Targets()
	for _, f := range free {
		if x := m.at(f); x.Armies != 0 {
			t.Errorf("%s is ringed to claim and holds %d armies", m.tname(f), x.Armies)
		}
	}
	for i := range m.b.Territories {
		held := board.TerritoryID(i + 1)
		if slices.Contains(free, held) {
			continue
		}
		if r := m.ClickTerritory(held, false); r.Action != nil || !strings.Contains(r.Notice, "claim a territory no one holds") {
			t.Errorf("a click on %s, held: %+v", m.tname(held), r)
		}
		break
	}
	tg.do(m.ClickTerritory(free[0], false))
	if x := m.at(free[0]); x.Owner != 1 || x.Armies != 1 {
		t.Errorf("%s after the claim: %+v", m.tname(free[0]), x)
	}
	if l := m.Log(); len(l) == 0 || l[len(l)-1].Text != "You claim "+m.tname(free[0])+"." || l[len(l)-1].Territory != free[0] {
		t.Errorf("the log after the claim: %+v", l)
	}
}

// TestRewind checks a replay's screen: Rewind shows the last view at once
// with the log of every step, in the third person (the watcher is not the
// player), and the screen takes no move.
func TestRewind(t *testing.T) {
	tg := newTestGame(t, 3, 2, small)
	first := tg.view()
	var turns []module.Resolution
	for range 6 {
		st := tg.g.Step()
		p := st.Actors[0]
		data, err := tg.ai.Act(tg.g.View(p, false), st, p)
		if err != nil {
			t.Fatal(err)
		}
		out, err := tg.g.Act(p, data)
		if err != nil {
			t.Fatal(err)
		}
		evs, err := out.Events(1, false)
		if err != nil {
			t.Fatal(err)
		}
		turns = append(turns, module.Resolution{View: tg.view(), Events: evs})
	}
	h := &fakeHost{theme: tg.host.theme}
	s, err := NewScreen(tg.r, h)
	if err != nil {
		t.Fatal(err)
	}
	s.Watch()
	if err := s.Rewind(first, turns); err != nil {
		t.Fatal(err)
	}
	if s.m.v.Seq != tg.view().Seq {
		t.Errorf("the replay shows step %d, want the last, %d", s.m.v.Seq, tg.view().Seq)
	}
	lines := s.Log()
	if len(lines) < 6 {
		t.Fatalf("the replay's log: %+v", lines)
	}
	for _, l := range lines {
		if strings.HasPrefix(l.Text, "You ") {
			t.Errorf("a replay's line speaks to the watcher: %q", l.Text)
		}
	}
	if s.m.Move() != MoveNone {
		t.Errorf("a replay offers the move %v", s.m.Move())
	}
}
