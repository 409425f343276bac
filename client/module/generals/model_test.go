package generals

import (
	"slices"
	"strings"
	"testing"

	rules "empires/shared/rules/generals"
	"empires/shared/rules/generals/cards"
)

// step is one input of a model test and what it must do: the action it
// sends (nil: none) or the words its notice holds.
type step struct {
	name   string
	do     func(m *Model) Result
	want   *rules.Action
	notice string
}

// runSteps plays steps on a model of view v and moves, checking each.
func runSteps(t *testing.T, v *rules.View, moves []rules.Action, steps []step) *Model {
	t.Helper()
	m := NewModel(collection(t), scripted(moves, "not in this phase"))
	m.SetView(v)
	for _, st := range steps {
		have := st.do(m)
		switch {
		case st.want == nil && have.Action != nil:
			t.Errorf("%s: sent %+v, want nothing", st.name, *have.Action)
		case st.want != nil && have.Action == nil:
			t.Errorf("%s: sent nothing (notice %q), want %+v", st.name, have.Notice, *st.want)
		case st.want != nil:
			want := *st.want
			want.Seq = v.Seq
			if !sameAction(*have.Action, want) || have.Action.Seq != want.Seq {
				t.Errorf("%s: sent %+v, want %+v", st.name, *have.Action, want)
			}
		}
		if !strings.Contains(have.Notice, st.notice) {
			t.Errorf("%s: notice %q, want one with %q", st.name, have.Notice, st.notice)
		}
		if have.Action != nil {
			m.Sent(*have.Action) // as the screen does once the host sent it
			m.ActResult(have.Action.Seq, "")
		}
	}
	return m
}

func act(a rules.Action) *rules.Action { return &a }

// TestPlayCards: a card is played by a click when the engine lists it; a
// General asks Warcamp or Battlefield; a card with targets asks for them
// and takes only those the engine lists; a card the engine does not list
// is not sent, and the notice says why.
func TestPlayCards(t *testing.T) {
	moves := []rules.Action{
		{Kind: rules.ActCard, Hand: 1, Card: warrior},
		{Kind: rules.ActCard, Hand: 0, Card: attila}, {Kind: rules.ActCard, Hand: 0, Card: attila, Battlefield: true},
		{Kind: rules.ActCard, Hand: 4, Card: storm, Targets: []rules.Target{{Seat: 2, Unit: 6}}},
		{Kind: rules.ActCard, Hand: 4, Card: storm, Targets: []rules.Target{{Seat: 2, Unit: 7}}},
	}
	runSteps(t, tableView(2), moves, []step{
		{name: "a card the engine does not list", do: func(m *Model) Result { return m.ClickHand(3) }, notice: "Great Horse Herds: not in this phase"},
		{name: "a Soldier", do: func(m *Model) Result { return m.ClickHand(1) }, want: act(moves[0])},
		{name: "a General asks", do: func(m *Model) Result { return m.ClickHand(0) }, notice: "Where does the General go"},
		{name: "to the Battlefield", do: func(m *Model) Result { return m.Press(BtnField) }, want: act(moves[2])},
		{name: "a Tactics card asks its target", do: func(m *Model) Result { return m.ClickHand(4) }, notice: "a card in play"},
		{name: "not a target", do: func(m *Model) Result { return m.ClickUnit(3) }, notice: "Not a target"},
		{name: "a target", do: func(m *Model) Result { return m.ClickUnit(7) }, want: act(moves[4])},
	})
}

// TestUnits: a unit of the player's is picked by a click, then moved, used
// or sent to attack an opponent by a click on its place; a unit the
// engine gives no move says why.
func TestUnits(t *testing.T) {
	moves := []rules.Action{
		{Kind: rules.ActMove, Unit: 4, Battlefield: true},
		{Kind: rules.ActAbility, Unit: 4, Rule: 0},
		{Kind: rules.ActDiscardPlay, Unit: 4},
		{Kind: rules.ActAttack, Unit: 3, Seat: 2},
	}
	m := runSteps(t, tableView(2), moves, []step{
		{name: "a pulled unit", do: func(m *Model) Result { return m.ClickUnit(5) }, notice: "Horseman Platoon: not in this phase"},
		{name: "pick the archers", do: func(m *Model) Result { return m.ClickUnit(4) }},
		{name: "to the Battlefield", do: func(m *Model) Result { return m.Press(BtnField) }, want: act(moves[0])},
		{name: "pick again", do: func(m *Model) Result { return m.ClickUnit(4) }},
		{name: "its ability", do: func(m *Model) Result { return m.UseAbility(0) }, want: act(moves[1])},
		{name: "pick Uldin", do: func(m *Model) Result { return m.ClickUnit(3) }},
		{name: "attack player 2", do: func(m *Model) Result { return m.ClickPlayer(2) }, want: act(moves[3])},
	})
	if got := m.Pick().Kind; got != PickNone {
		t.Errorf("after the attack sent: pick %v, want none", got)
	}
}

// TestDefend: the defender's blockers are the engine's; a click on one (or
// No blocker) answers; the forecast follows the document's outcomes, ties
// to the defender.
func TestDefend(t *testing.T) {
	v := tableView(2)
	v.Active, v.Phase = 2, rules.PhaseAttack
	v.Battle = &rules.Battle{Attacker: 2, Unit: 7, Defender: 1} // Hastati Line 3/2 at the Warcamp
	moves := []rules.Action{{Kind: rules.ActBlock, Unit: 4}, {Kind: rules.ActBlock, Unit: 5}, {Kind: rules.ActBlock}}
	m := runSteps(t, v, moves, []step{
		{name: "a unit that may not block", do: func(m *Model) Result { return m.Block(3) }, notice: "Uldin the Raider may not block"},
		{name: "the platoon", do: func(m *Model) Result { return m.ClickUnit(5) }, want: act(moves[1])},
	})
	if !m.Defends() || !slices.Equal(m.Blockers(), []rules.Ref{4, 5}) {
		t.Errorf("Defends %v, Blockers %v; want true, [4 5]", m.Defends(), m.Blockers())
	}
	for _, c := range []struct {
		name  string
		ref   rules.Ref
		field bool
		want  Forecast
	}{
		// "3) Successful Attack ... -1 CH" and the counter-attack, at the Warcamp.
		{"archers 3/2 against 3/2: double death", 4, false, Forecast{Blocker: 4, Kills: true, Dies: true}},
		{"platoon 3/3 against 3/2: counter attack", 5, false, Forecast{Blocker: 5, Kills: true}},
		{"1) No Blocker Presented: Lose One Cultural Health", 0, false, Forecast{Health: 1}},
		{"at the Battlefield, no blocker: redirect to Warcamp", 0, true, Forecast{Through: true}},
	} {
		v.Battle.AtBattlefield = c.field
		if have := m.Predict(c.ref); have != c.want {
			t.Errorf("%s: have %+v, want %+v", c.name, have, c.want)
		}
	}
	// A successful attack at the Warcamp: the attacker 4/5 kills a blocker of
	// Life 3 and survives its Strength 3.
	v.Players[1].Table[1].Strength, v.Players[1].Table[1].Life = 4, 5
	v.Battle.AtBattlefield = false
	if have, want := m.Predict(5), (Forecast{Blocker: 5, Dies: true, Health: 1}); have != want {
		t.Errorf("a successful attack: have %+v, want %+v", have, want)
	}
}

// TestSteps: the opening split, the phase bar's buttons, a discard asked
// out of turn (View.Must), the discard down to the hand limit and
// resigning with its confirmation.
func TestSteps(t *testing.T) {
	open := tableView(2)
	open.Phase, open.Active = rules.PhaseOpening, 0
	var splits []rules.Action
	for n := range OpeningHand + 1 {
		splits = append(splits, rules.Action{Kind: rules.ActOpening, Count: n})
	}
	runSteps(t, open, splits, []step{
		{name: "fewer", do: func(m *Model) Result { return m.Press(BtnMinus) }},
		{name: "fewer again", do: func(m *Model) Result { return m.Press(BtnMinus) }},
		{name: "take them", do: func(m *Model) Result { return m.Confirm() }, want: act(rules.Action{Kind: rules.ActOpening, Count: 2})},
	})

	declare := tableView(2)
	declare.Phase = rules.PhaseDeclare
	runSteps(t, declare, []rules.Action{{Kind: rules.ActPlay}, {Kind: rules.ActDraw}, {Kind: rules.ActResign}}, []step{
		{name: "pass twice", do: func(m *Model) Result { return m.Press(BtnPass) }, notice: "Not in this phase"},
		{name: "play", do: func(m *Model) Result { return m.Press(BtnPlay) }, want: act(rules.Action{Kind: rules.ActPlay})},
		{name: "resign asks", do: func(m *Model) Result { return m.Press(BtnResign) }, notice: "Resign?"},
		{name: "resign", do: func(m *Model) Result { return m.Press(BtnConfirm) }, want: act(rules.Action{Kind: rules.ActResign})},
	})

	must := tableView(2)
	must.Active, must.Phase = 2, rules.PhaseKingdom
	must.Must = &rules.Must{Seat: 1, Count: 1} // "discard 1 opponent", out of turn
	runSteps(t, must, []rules.Action{{Kind: rules.ActDiscard, Cards: []int{2}}}, []step{
		{name: "Next phase out of turn", do: func(m *Model) Result { return m.Press(BtnNext) }, notice: "Not in this phase"},
		{name: "tick the archers", do: func(m *Model) Result { return m.ClickHand(2) }},
		{name: "discard them", do: func(m *Model) Result { return m.Confirm() }, want: act(rules.Action{Kind: rules.ActDiscard, Cards: []int{2}})},
	})

	resolve := tableView(2)
	resolve.Phase = rules.PhaseResolve
	resolve.Hand = append(resolve.Hand, warrior, storm) // 9 cards, the limit 7
	m := runSteps(t, resolve, nil, []step{
		{name: "tick 1", do: func(m *Model) Result { return m.ClickHand(0) }},
		{name: "tick 6", do: func(m *Model) Result { return m.ClickHand(5) }},
		{name: "a third is one too many", do: func(m *Model) Result { return m.ClickHand(3) }, notice: "untick one"},
		{name: "untick 1", do: func(m *Model) Result { return m.ClickHand(0) }},
		{name: "too few", do: func(m *Model) Result { return m.Confirm() }, notice: "Tick 2"},
		{name: "tick 9", do: func(m *Model) Result { return m.ClickHand(8) }},
	})
	// The scripted engine lists no discard: its Why refuses all, as an
	// engine that judged the cards would; the model asks it.
	if r := m.Confirm(); r.Action != nil || !strings.Contains(r.Notice, "Not in this phase") {
		t.Errorf("a discard the engine refuses: %+v", r)
	}
	if have, want := m.Ticked(), []int{5, 8}; !slices.Equal(have, want) {
		t.Errorf("ticked %v, want %v", have, want)
	}
}

// TestButtons: the buttons of each step, lit as the engine's moves say.
func TestButtons(t *testing.T) {
	for _, c := range []struct {
		name  string
		phase rules.Phase
		moves []rules.Action
		want  []Button
		lit   []Button
	}{
		{"declare", rules.PhaseDeclare, []rules.Action{{Kind: rules.ActPlay}, {Kind: rules.ActDraw, Supply: true}},
			[]Button{BtnPlay, BtnPass, BtnDraw, BtnSupply, BtnResign}, []Button{BtnPlay, BtnSupply, BtnResign}},
		{"draw", rules.PhaseDraw, []rules.Action{{Kind: rules.ActDraw}, {Kind: rules.ActNext}},
			[]Button{BtnDraw, BtnSupply, BtnNext, BtnResign}, []Button{BtnDraw, BtnNext, BtnResign}},
		{"army", rules.PhaseArmy, []rules.Action{{Kind: rules.ActNext}}, []Button{BtnNext, BtnResign}, []Button{BtnNext, BtnResign}},
		{"resolve", rules.PhaseResolve, []rules.Action{{Kind: rules.ActNext}}, []Button{BtnEnd, BtnResign}, []Button{BtnEnd, BtnResign}},
	} {
		v := tableView(2)
		v.Phase = c.phase
		m := NewModel(collection(t), scripted(c.moves, "no"))
		m.SetView(v)
		if have := m.Buttons(); !slices.Equal(have, c.want) {
			t.Errorf("%s: buttons %v, want %v", c.name, have, c.want)
		}
		var lit []Button
		for _, b := range m.Buttons() {
			if ok, _ := m.Enabled(b); ok {
				lit = append(lit, b)
			}
		}
		if !slices.Equal(lit, c.lit) {
			t.Errorf("%s: lit %v, want %v", c.name, lit, c.lit)
		}
	}
}

// TestEventText: every event in words, with the cards' names.
func TestEventText(t *testing.T) {
	m := NewModel(collection(t), Legal{})
	m.SetNames([]string{"Ann", "Bob"})
	m.SetView(tableView(2))
	for _, c := range []struct {
		e    rules.Event
		want string
	}{
		{rules.Event{Kind: rules.EventOpening, Seat: 1, Count: 5, Value: 2}, "You draw 5 from the Draw Pile and 2 from the Supply Pile."},
		{rules.Event{Kind: rules.EventPlay, Seat: 2}, "Bob takes the turn."},
		{rules.Event{Kind: rules.EventPass, Seat: 2}, "Bob passes."},
		{rules.Event{Kind: rules.EventDraw, Seat: 1, Count: 1, Cards: []rules.CardID{attila}}, "You draw 1 card from the Draw Pile: Attila, Scourge of God."},
		{rules.Event{Kind: rules.EventDraw, Seat: 2, Count: 1, Supply: true}, "Bob draws 1 card from the Supply Pile."},
		{rules.Event{Kind: rules.EventPhase, Seat: 2, Phase: rules.PhaseDeclare}, "Bob's turn."},
		{rules.Event{Kind: rules.EventCard, Seat: 2, Card: romeSol, Unit: 9, Zone: rules.ZoneWarcamp}, "Bob plays Legionary into the Warcamp."},
		{rules.Event{Kind: rules.EventHarvest, Seat: 1, Amounts: []cards.Amount{{N: 2, Resource: "food"}}}, "You harvest 2 food."},
		{rules.Event{Kind: rules.EventMove, Seat: 1, Unit: 4, Zone: rules.ZoneBattlefield}, "You move Mounted Archers to the Battlefield."},
		{rules.Event{Kind: rules.EventDiscard, Seat: 2, Count: 1, Cards: []rules.CardID{storm}}, "Bob discards 1 card: Arrow Storm."},
		{rules.Event{Kind: rules.EventLeave, Seat: 2, Unit: 6, Card: romeSol}, "Bob's Legionary leaves play."},
		{rules.Event{Kind: rules.EventAttack, Seat: 2, Other: 1, Unit: 7, Card: romeSol2}, "Bob attacks you with Hastati Line."},
		{rules.Event{Kind: rules.EventBlock, Seat: 2, Other: 1, Unit: 5, Value: 0}, "You block with Horseman Platoon at the Warcamp."},
		{rules.Event{Kind: rules.EventBlock, Seat: 1, Other: 2, Value: 1}, "Bob presents no blocker at the Battlefield."},
		{rules.Event{Kind: rules.EventBattle, Zone: rules.ZoneWarcamp, Value: 3, Numbers: []int{4, 5, 3, 3}}, "The battle at the Warcamp: a successful attack (attacker 4/5, blocker 3/3)."},
		{rules.Event{Kind: rules.EventHealth, Seat: 1, Value: -1, Count: -2}, "Your Cultural Health -1: now -2."},
		{rules.Event{Kind: rules.EventOut, Seat: 2, Value: 1}, "Bob resigns."},
		{rules.Event{Kind: rules.EventWin, Seat: 1, Value: 3}, "You win the Chancellor Victory!"},
		{rules.Event{Kind: rules.EventLimit}, "The round limit is reached: the most Cultural Health wins."},
		{rules.Event{Kind: rules.EventCard, Seat: 1, Card: storm}, "You play Arrow Storm."},
		{rules.Event{Kind: rules.EventLeave, Seat: 1, Unit: 1, Card: attila, Value: 1}, "Your Attila, Scourge of God leaves play and the game (ultra rare)."},
		{rules.Event{Kind: rules.EventReturn, Seat: 2, Unit: 6, Card: romeSol}, "Bob's Legionary goes back to the hand."},
		{rules.Event{Kind: rules.EventTrade, Seat: 1, Amounts: []cards.Amount{{N: 2, Resource: "food"}, {N: 1, Resource: "gold"}}}, "You trade 2 food for 1 gold."},
		{rules.Event{Kind: rules.EventEpic, Seat: 2, Value: 1}, "Bob plays on for second place."},
		{rules.Event{Kind: rules.EventOwed, Seat: 2, Amounts: []cards.Amount{{N: 1, Resource: "iron"}}}, "Bob owes 1 iron of the next harvest."},
	} {
		if have := m.EventText(c.e); have != c.want {
			t.Errorf("event %d: have %q, want %q", c.e.Kind, have, c.want)
		}
	}
}

// TestLogTurns: each line of the log is told under the turn it happened
// in: the turn that ends with a pass is the one before the next's Declare.
func TestLogTurns(t *testing.T) {
	m := NewModel(collection(t), Legal{})
	v := tableView(2)
	v.Turn = 1
	m.SetView(v)
	after := tableView(2)
	after.Turn = 2
	m.Resolved(after, []rules.Event{{Kind: rules.EventPass, Seat: 2}, {Kind: rules.EventPhase, Seat: 1, Phase: rules.PhaseDeclare, Value: 2}})
	var have []Line
	have = append(have, m.Log()...)
	want := []Line{{Turn: 1, Text: "Player 2 passes."}, {Turn: 2, Text: "Your turn."}}
	if !slices.Equal(have, want) {
		t.Errorf("have %+v, want %+v", have, want)
	}
}
