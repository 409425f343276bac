package duel

import (
	"slices"
	"strings"
	"testing"

	"empires/client/module"
	rules "empires/shared/rules/duel"
	"empires/shared/ruleset"
	"empires/shared/wire"
)

// selectable returns the cards of the hand the model lets the player
// choose.
func selectable(m *Model) []rules.Card {
	var out []rules.Card
	for _, c := range m.Hand() {
		if m.Selectable(c) {
			out = append(out, c)
		}
	}
	return out
}

// attackedBy plays the offering, Ann's pass and Bob's attack on Ann with
// the card of his hand pick chooses (round 1: Ann attacks first, rule 5),
// and returns that card.
func attackedBy(tg *testGame, pick func(blockable, unblockable rules.Card) rules.Card) rules.Card {
	tg.t.Helper()
	tg.offer()
	tg.play(1, rules.Action{Kind: rules.ActPass})
	c := pick(bobCards(tg))
	if c.Rank == 0 {
		tg.t.Fatal("seed 3 gives Bob no such card")
	}
	tg.play(2, rules.Action{Kind: rules.ActAttack, Target: 1, Card: c})
	return c
}

func blockable(b, _ rules.Card) rules.Card   { return b }
func unblockable(_, u rules.Card) rules.Card { return u }

// bobCard returns a card of Bob's hand that Ann's hand can block, and
// one it cannot, if there are.
func bobCards(tg *testGame) (blockable, unblockable rules.Card) {
	ann := tg.g.View(1, false).(*rules.View).Hand
	for _, c := range tg.g.View(2, false).(*rules.View).Hand {
		beaten := slices.ContainsFunc(ann, func(a rules.Card) bool { return a.Suit == c.Suit && a.Rank > c.Rank })
		switch {
		case beaten && blockable.Rank == 0:
			blockable = c
		case !beaten && unblockable.Rank == 0:
			unblockable = c
		}
	}
	return blockable, unblockable
}

// What may be chosen: in the offering and the attack turn any card of the
// hand (rules 2, 5); when attacked only a higher card of the attack
// card's suit (rule 6); in another player's move nothing.
func TestSelectable(t *testing.T) {
	t.Run("offering", func(t *testing.T) {
		tg := newTestGame(t, 1, 6, "Ann", "Bob")
		if have, want := selectable(tg.m()), tg.view().Hand; !slices.Equal(have, want) {
			t.Errorf("selectable %v, want the whole hand %v", have, want)
		}
	})
	t.Run("attack turn", func(t *testing.T) {
		tg := newTestGame(t, 1, 6, "Ann", "Bob")
		tg.offer()
		if have, want := selectable(tg.m()), tg.view().Hand; !slices.Equal(have, want) {
			t.Errorf("selectable %v, want the whole hand %v", have, want)
		}
		if have, want := tg.m().Targets(), []ruleset.Seat{2}; !slices.Equal(have, want) {
			t.Errorf("targets %v, want %v", have, want)
		}
	})
	t.Run("another's attack turn", func(t *testing.T) {
		tg := newTestGame(t, 2, 6, "Ann", "Bob")
		tg.offer()
		if have := selectable(tg.m()); have != nil {
			t.Errorf("selectable %v in Ann's turn, want none", have)
		}
		if have := tg.m().Targets(); have != nil {
			t.Errorf("targets %v in Ann's turn, want none", have)
		}
	})
	t.Run("attacked", func(t *testing.T) {
		tg := newTestGame(t, 1, 6, "Ann", "Bob")
		c := attackedBy(tg, blockable)
		have := selectable(tg.m())
		if len(have) == 0 {
			t.Fatalf("nothing selectable against the %v", c)
		}
		for _, h := range have {
			if h.Suit != c.Suit || h.Rank <= c.Rank {
				t.Errorf("the %v is selectable against the %v: not a higher card of the suit", h, c)
			}
		}
	})
	t.Run("spectator", func(t *testing.T) {
		tg := newTestGame(t, 0, 6, "Ann", "Bob")
		if mv := tg.m().Move(); mv != MoveNone {
			t.Errorf("a spectator's move is %v", mv)
		}
	})
}

// clickResult is what a test expects of an input.
type clickResult struct {
	action *rules.Action // the action sent, nil for none
	orders bool
	notice string // a part of the notice, "" for none
}

func checkResult(t *testing.T, what string, have Result, want clickResult) {
	t.Helper()
	switch {
	case (have.Action == nil) != (want.action == nil):
		t.Errorf("%s: action %+v, want %+v", what, have.Action, want.action)
	case have.Action != nil && *have.Action != *want.action:
		t.Errorf("%s: action %+v, want %+v", what, *have.Action, *want.action)
	}
	if have.Orders != want.orders {
		t.Errorf("%s: orders changed %t, want %t", what, have.Orders, want.orders)
	}
	if (want.notice == "") != (have.Notice == "") || !strings.Contains(have.Notice, want.notice) {
		t.Errorf("%s: notice %q, want one with %q", what, have.Notice, want.notice)
	}
}

// Which action each click and key makes, step by step: a card laid in the
// offering (rule 2), an attack with a card on a player or a pass (rule
// 5), a block with a higher card of the suit (rule 6) or the hit taken
// (rule 7); none where the player may not act.
func TestClicks(t *testing.T) {
	t.Run("offering: a click lays the card", func(t *testing.T) {
		tg := newTestGame(t, 1, 6, "Ann", "Bob")
		c := tg.view().Hand[2]
		checkResult(t, "card 3", tg.m().ClickCardAt(2), clickResult{orders: true})
		o, ok := tg.m().Submission()
		if want := (rules.Offer{Seq: tg.view().Table.Seq, Card: c}); !ok || o != want {
			t.Errorf("submission %+v (%t), want %+v", o, ok, want)
		}
		checkResult(t, "card 3 again", tg.m().ClickCardAt(2), clickResult{})
		checkResult(t, "card 9 of 5", tg.m().ClickCardAt(8), clickResult{notice: "You hold 5 cards"})
		checkResult(t, "Pass", tg.m().Pass(), clickResult{notice: "Only the attacker passes"})
		// Laid, revealed with the others (rule 2).
		tg.offer()
		laid, _ := tg.m().Offering()
		if i := slices.IndexFunc(laid, func(l Laid) bool { return l.Seat == 1 }); i < 0 || laid[i].Card != c {
			t.Errorf("the offering revealed %+v, want Ann's %v in it", laid, c)
		}
		if _, ok := tg.m().Submission(); ok {
			t.Error("an offer is still drafted after the offering")
		}
	})
	t.Run("attack: a card, then the player", func(t *testing.T) {
		tg := newTestGame(t, 1, 6, "Ann", "Bob")
		tg.offer()
		seq := tg.view().Table.Seq
		c := tg.view().Hand[1]
		checkResult(t, "Attack before a card", tg.m().Attack(), clickResult{notice: "Choose the card"})
		checkResult(t, "card 2", tg.m().ClickCardAt(1), clickResult{})
		if tg.m().Chosen() != c {
			t.Errorf("chosen %v, want %v", tg.m().Chosen(), c)
		}
		checkResult(t, "Ann's own seat", tg.m().ClickPlayer(1), clickResult{notice: "cannot attack yourself"})
		checkResult(t, "Bob's hand", tg.m().ClickPlayer(2),
			clickResult{action: &rules.Action{Seq: seq, Kind: rules.ActAttack, Target: 2, Card: c}})
	})
	t.Run("attack: the target, then the card and Enter", func(t *testing.T) {
		tg := newTestGame(t, 1, 6, "Ann", "Bob", "Cid")
		tg.offer()
		seq := tg.view().Table.Seq
		c := tg.view().Hand[0]
		checkResult(t, "Tab", tg.m().NextTarget(), clickResult{})
		checkResult(t, "Tab", tg.m().NextTarget(), clickResult{})
		if tg.m().Target() != 3 {
			t.Errorf("two Tabs choose seat %d, want 3", tg.m().Target())
		}
		checkResult(t, "Enter without a card", tg.m().Confirm(), clickResult{notice: "Choose the card to attack Cid"})
		checkResult(t, "card 1", tg.m().ClickCardAt(0), clickResult{})
		checkResult(t, "Enter", tg.m().Confirm(),
			clickResult{action: &rules.Action{Seq: seq, Kind: rules.ActAttack, Target: 3, Card: c}})
	})
	t.Run("attack: two to choose from", func(t *testing.T) {
		tg := newTestGame(t, 1, 6, "Ann", "Bob", "Cid")
		tg.offer()
		tg.m().ClickCardAt(0)
		checkResult(t, "Attack", tg.m().Attack(), clickResult{notice: "Choose whom to attack"})
	})
	t.Run("pass", func(t *testing.T) {
		tg := newTestGame(t, 1, 6, "Ann", "Bob")
		tg.offer()
		seq := tg.view().Table.Seq
		checkResult(t, "P", tg.m().Pass(), clickResult{action: &rules.Action{Seq: seq, Kind: rules.ActPass}})
	})
	t.Run("block", func(t *testing.T) {
		tg := newTestGame(t, 1, 6, "Ann", "Bob")
		attackedBy(tg, blockable)
		seq := tg.view().Table.Seq
		low := tg.m().Blockers()[0]
		for i, h := range tg.view().Hand {
			if !tg.m().Blocks(h) {
				checkResult(t, "a card that does not block", tg.m().ClickCardAt(i), clickResult{notice: "does not block"})
				break
			}
		}
		checkResult(t, "B with none chosen", tg.m().Block(),
			clickResult{action: &rules.Action{Seq: seq, Kind: rules.ActBlock, Card: low}})
		checkResult(t, "Enter with none chosen", tg.m().Confirm(), clickResult{notice: "Choose a card that blocks"})
		top := tg.m().Blockers()[len(tg.m().Blockers())-1]
		tg.m().ClickCard(top)
		checkResult(t, "Enter with the highest chosen", tg.m().Confirm(),
			clickResult{action: &rules.Action{Seq: seq, Kind: rules.ActBlock, Card: top}})
		checkResult(t, "T", tg.m().Take(), clickResult{action: &rules.Action{Seq: seq, Kind: rules.ActTake}})
		checkResult(t, "P", tg.m().Pass(), clickResult{notice: "Only the attacker passes"})
	})
	t.Run("no card blocks", func(t *testing.T) {
		tg := newTestGame(t, 1, 6, "Ann", "Bob")
		attackedBy(tg, unblockable)
		checkResult(t, "B", tg.m().Block(), clickResult{notice: "take the hit"})
	})
	t.Run("another's move", func(t *testing.T) {
		tg := newTestGame(t, 2, 6, "Ann", "Bob")
		tg.offer()
		checkResult(t, "a card", tg.m().ClickCardAt(0), clickResult{notice: "It is Ann's turn to attack"})
		checkResult(t, "Ann's hand", tg.m().ClickPlayer(1), clickResult{notice: "It is Ann's turn to attack"})
		checkResult(t, "T", tg.m().Take(), clickResult{notice: "It is Ann's turn"})
	})
	t.Run("a move on its way", func(t *testing.T) {
		tg := newTestGame(t, 1, 6, "Ann", "Bob")
		tg.offer()
		r := tg.m().Pass()
		tg.m().Sent(*r.Action)
		checkResult(t, "P again", tg.m().Pass(), clickResult{notice: "on its way"})
		tg.m().ActResult(r.Action.Seq, "the game is at step 9")
		if tg.m().Pending() != nil || tg.m().ActError() == "" {
			t.Errorf("after a refusal: pending %v, error %q", tg.m().Pending(), tg.m().ActError())
		}
		checkResult(t, "P after the refusal", tg.m().Pass(), clickResult{action: r.Action})
	})
}

// The screen sends what the model makes: the action through Host.Act in
// the ruleset's encoding, which the rules accept; the offer as the
// turn's orders, which the rules' Check accepts.
func TestScreenSends(t *testing.T) {
	tg := newTestGame(t, 1, 6, "Ann", "Bob")
	tg.s.apply(tg.m().ClickCardAt(0))
	if tg.host.orders == 0 {
		t.Error("laying a card did not tell the host the orders changed")
	}
	tg.offer() // checks the submission with the rules
	tg.s.apply(tg.m().ClickCardAt(0))
	tg.s.apply(tg.m().ClickPlayer(2))
	if tg.m().Pending() == nil {
		t.Fatal("the attack is not pending after it was sent")
	}
	if a := tg.sent(); a.Kind != rules.ActAttack || a.Target != 2 {
		t.Errorf("sent %+v, want an attack on seat 2", a)
	}
	if tg.m().Pending() != nil {
		t.Error("the attack is still pending once the game moved on")
	}
	// The shell refuses to send: nothing is pending, the player may try
	// again.
	tg = newTestGame(t, 1, 6, "Ann", "Bob")
	tg.offer()
	tg.host.refuse = true
	tg.s.apply(tg.m().Pass())
	if tg.m().Pending() != nil {
		t.Error("an action the shell did not send is pending")
	}
	tg.host.refuse = false
	tg.s.apply(tg.m().Pass())
	if a := tg.sent(); a.Kind != rules.ActPass {
		t.Errorf("sent %+v after the refusal, want the pass", a)
	}
}

// A replay: Rewind shows the last step's table with the log of every
// step, spoken of by name; the table takes no move.
func TestRewind(t *testing.T) {
	tg := newTestGame(t, 1, 6, "Ann", "Bob")
	first := tg.view()
	var views []ruleset.View
	var events [][]byte
	st := tg.g.Step()
	var subs []ruleset.Submission
	for _, p := range st.Actors {
		v := tg.g.View(p, false).(*rules.View)
		data, _ := wire.Marshal(&rules.Offer{Seq: st.Seq, Card: v.Hand[0]})
		subs = append(subs, ruleset.Submission{Seat: p, Orders: data})
	}
	out, err := tg.g.Resolve(subs)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := out.Events(1, false)
	views, events = append(views, tg.view()), append(events, b)
	pass, _ := wire.Marshal(&rules.Action{Seq: tg.g.Step().Seq, Kind: rules.ActPass})
	if out, err = tg.g.Act(1, pass); err != nil {
		t.Fatal(err)
	}
	b, _ = out.Events(1, false)
	views, events = append(views, tg.view()), append(events, b)

	tg.s.Watch()
	turns := make([]module.Resolution, len(views))
	for i := range views {
		turns[i] = module.Resolution{View: views[i], Events: events[i]}
	}
	if err := tg.s.Rewind(first, turns); err != nil {
		t.Fatal(err)
	}
	if have, want := tg.m().View(), views[len(views)-1]; have != want {
		t.Error("the table is not the last step's")
	}
	var log []string
	for _, l := range tg.m().Log() {
		log = append(log, l.Text)
	}
	text := strings.Join(log, "\n")
	if !strings.Contains(text, "The offering is revealed: Ann: ") || !strings.Contains(text, "Ann passes") {
		t.Errorf("the replay's log speaks not of Ann by name:\n%s", text)
	}
	if mv := tg.m().Move(); mv != MoveNone {
		t.Errorf("a replay's move is %v", mv)
	}
	// Rewound to the first step alone: its log is empty again.
	if err := tg.s.Rewind(first, nil); err != nil {
		t.Fatal(err)
	}
	if n := len(tg.m().Log()); n != 0 {
		t.Errorf("rewound to the start, the log has %d lines", n)
	}
}
