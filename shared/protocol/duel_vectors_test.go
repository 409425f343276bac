package protocol_test

import (
	"crypto/sha256"
	"encoding/hex"
	"reflect"
	"slices"
	"testing"

	"empires/shared/protocol"
	"empires/shared/rules/duel"
	"empires/shared/ruleset"
	"empires/shared/wire"
)

// duelScene is a Duel game for three (Ansom, Jillian and Maxwell, seats 1
// to 3, each with the balanced deck), played by the ruleset through round
// 1: the offering, Ansom's attack on Jillian, who takes the hit, Jillian's
// pass, and Maxwell's attack on Ansom, who blocks it if he can; his answer
// ends the round, and round 2 begins with everyone's draw.
type duelScene struct {
	// offerBefore and offerAfter are Ansom's views around the offering,
	// offer his orders, offerEvents what the offering brought him.
	offerBefore, offerAfter *duel.View
	offer                   duel.Offer
	offerEvents             []byte
	// attack is Ansom's attack.
	attack duel.Action
	// defendBefore and defendAfter are Ansom's views around his answer
	// to Maxwell's attack, answer that answer, answerEvents what it
	// brought him.
	defendBefore, defendAfter *duel.View
	answer                    duel.Action
	answerEvents              []byte
	// refused are the refusals of actions against the rules Ansom tries
	// before his answer.
	refused []ruleset.Rejection
}

// duelRules returns the built-in Duel ruleset.
func duelRules(t *testing.T) *duel.Rules {
	t.Helper()
	reg, err := defaultRegistry()
	if err != nil {
		t.Fatal(err)
	}
	rs, ok := reg.Get(duel.ID)
	if !ok {
		t.Fatal("no ruleset duel")
	}
	return rs.(*duel.Rules)
}

// newDuelScene plays the scene's game.
func newDuelScene(t *testing.T) *duelScene {
	t.Helper()
	r := duelRules(t)
	g, err := r.New(ruleset.Config{Seed: 5, Seats: 3, Names: []string{"Ansom", "Jillian", "Maxwell"},
		Options: ruleset.Options{duel.KeyRounds: 3}})
	if err != nil {
		t.Fatal(err)
	}
	view := func(p ruleset.Seat) *duel.View { return g.View(p, false).(*duel.View) }
	encode := func(x any) []byte {
		b, err := wire.Marshal(x)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	act := func(p ruleset.Seat, a duel.Action) ruleset.Outcome {
		a.Seq = g.Step().Seq
		out, err := g.Act(p, encode(&a))
		if err != nil {
			t.Fatalf("seat %d's action %+v is refused: %v", p, a, err)
		}
		return out
	}
	sc := &duelScene{offerBefore: view(1)}

	// The offering: Ansom lays his highest card, the others their lowest.
	st := g.Step()
	var subs []ruleset.Submission
	for _, p := range st.Actors {
		h := view(p).Hand
		o := duel.Offer{Seq: st.Seq, Card: h[0]}
		for _, c := range h {
			if p == 1 && c.Rank > o.Card.Rank || p != 1 && c.Rank < o.Card.Rank {
				o.Card = c
			}
		}
		data := encode(&o)
		if rej, err := g.Check(p, data); err != nil || rej != nil {
			t.Fatalf("seat %d's offer is refused: %v %v", p, err, rej)
		}
		if p == 1 {
			sc.offer = o
		}
		subs = append(subs, ruleset.Submission{Seat: p, Orders: data})
	}
	out, err := g.Resolve(subs)
	if err != nil {
		t.Fatal(err)
	}
	sc.offerAfter = view(1)
	if sc.offerEvents, err = out.Events(1, false); err != nil {
		t.Fatal(err)
	}

	// Ansom attacks Jillian with his lowest card; she takes the hit, then
	// passes her own turn.
	h := view(1).Hand
	sc.attack = duel.Action{Seq: g.Step().Seq, Kind: duel.ActAttack, Target: 2, Card: h[0]}
	act(1, sc.attack)
	act(2, duel.Action{Kind: duel.ActTake})
	act(2, duel.Action{Kind: duel.ActPass})

	// Maxwell attacks Ansom with a card Ansom can block, if he holds one.
	mine := view(1).Hand
	theirs := view(3).Hand
	card := theirs[0]
	for _, c := range theirs {
		if slices.ContainsFunc(mine, func(m duel.Card) bool { return m.Suit == c.Suit && m.Rank > c.Rank }) {
			card = c
			break
		}
	}
	act(3, duel.Action{Kind: duel.ActAttack, Target: 1, Card: card})
	sc.defendBefore = view(1)
	sc.answer = duel.Action{Seq: g.Step().Seq, Kind: duel.ActTake}
	for _, m := range mine {
		if m.Suit == card.Suit && m.Rank > card.Rank {
			sc.answer = duel.Action{Seq: g.Step().Seq, Kind: duel.ActBlock, Card: m}
			break
		}
	}
	// What the rules refuse him now: a block with a card of another suit,
	// one with a card he does not hold, an attack out of turn, a step
	// past, a card laid out of the offering.
	var other duel.Card
	for _, m := range mine {
		if m.Suit != card.Suit {
			other = m
		}
	}
	missing := duel.Card{Suit: card.Suit, Rank: 10}
	for slices.Contains(mine, missing) {
		missing.Rank--
	}
	for _, a := range []duel.Action{
		{Seq: sc.answer.Seq, Kind: duel.ActBlock, Card: other},
		{Seq: sc.answer.Seq, Kind: duel.ActBlock, Card: missing},
		{Seq: sc.answer.Seq, Kind: duel.ActAttack, Target: 2, Card: mine[0]},
		{Seq: sc.answer.Seq - 1, Kind: duel.ActTake},
	} {
		_, err := g.Act(1, encode(&a))
		rej, ok := err.(*ruleset.Rejection)
		if !ok {
			t.Fatalf("Ansom's action %+v is not refused by the rules (%v)", a, err)
		}
		sc.refused = append(sc.refused, *rej)
	}
	rej, err := g.Check(1, encode(&duel.Offer{Seq: sc.answer.Seq, Card: mine[0]}))
	if err != nil || len(rej) != 1 {
		t.Fatalf("Ansom's offer out of the offering is not refused by the rules (%v %v)", rej, err)
	}
	sc.refused = append(sc.refused, rej[0])
	out = act(1, sc.answer)
	sc.defendAfter = view(1)
	if sc.answerEvents, err = out.Events(1, false); err != nil {
		t.Fatal(err)
	}
	return sc
}

// duelVectors are the vectors of a Duel game (numbered from 56): the
// ruleset's data, Ansom's view at the offering, his orders and the
// TurnUpdate that follows, his attack, his view when attacked, his answer
// and the TurnUpdate that follows.
func duelVectors(t *testing.T) []vector {
	t.Helper()
	r := duelRules(t)
	sc := newDuelScene(t)
	update := func(before, after *duel.View, events []byte) *protocol.TurnUpdate {
		delta, err := before.Diff(after)
		if err != nil {
			t.Fatal(err)
		}
		return &protocol.TurnUpdate{Delta: delta, Checksum: after.Checksum(), Events: events}
	}
	act := func(a duel.Action) *protocol.Act {
		data, err := wire.Marshal(&a)
		if err != nil {
			t.Fatal(err)
		}
		return &protocol.Act{Seq: a.Seq, Action: data}
	}
	orders, err := wire.Marshal(&sc.offer)
	if err != nil {
		t.Fatal(err)
	}
	return []vector{
		{name: "56-rules-data-duel", from: "server", seq: 2, reply: 2, ruleset: duel.ID,
			msg:   &protocol.RulesData{Ruleset: duel.ID, Hash: r.Info().Hash, Data: r.Data()},
			about: "Duel's data, the built-in deck file (duel.txt): the suits, the ranks, the hand, a player's deck; no event templates (Dict 0)."},
		{name: "57-full-view-duel", from: "server", seq: 9, ruleset: duel.ID, msg: fullViewOf(t, sc.offerBefore),
			about: "Ansom's view of a Duel game for three at the offering of round 1: the table, the players' counts, his hand of 5."},
		{name: "58-submit-orders-duel", from: "client", seq: 7, ruleset: duel.ID,
			msg:   &protocol.SubmitOrders{Turn: 1, Orders: orders, Seq: sc.offer.Seq},
			about: "Ansom's orders for the offering, a simultaneous step: one Offer, the card he lays face down (his highest), naming the step."},
		{name: "59-turn-update-duel-offering", from: "server", seq: 14, ruleset: duel.ID, msg: update(sc.offerBefore, sc.offerAfter, sc.offerEvents),
			appliesTo: "57-full-view-duel", base: sc.offerBefore,
			about: "The offering resolved, for Ansom: the delta from vector 57 (the table, the players, the discard pile, his hand) and the events: the cards revealed and the points scored."},
		{name: "60-act-duel-attack", from: "client", seq: 8, ruleset: duel.ID, msg: act(sc.attack),
			about: "Ansom's attack turn: he attacks Jillian with his lowest card (ActAttack)."},
		{name: "61-full-view-duel-defend", from: "server", seq: 20, ruleset: duel.ID, msg: fullViewOf(t, sc.defendBefore),
			about: "Ansom's view when Maxwell attacks him: the attack card on the table, Ansom to answer."},
		{name: "62-act-duel-block", from: "client", seq: 9, ruleset: duel.ID, msg: act(sc.answer),
			about: "Ansom blocks Maxwell's attack with a higher card of its suit (ActBlock)."},
		{name: "63-turn-update-duel-block", from: "server", seq: 22, ruleset: duel.ID, msg: update(sc.defendBefore, sc.defendAfter, sc.answerEvents),
			appliesTo: "61-full-view-duel-defend", base: sc.defendBefore,
			about: "The block's update for Ansom: the block and its point, then round 2 begins and each player draws up to 5 cards: " +
				"Ansom's draw shows him his cards, the others' only how many."},
	}
}

// describeDuel decodes the payloads of msg, a message of a Duel game, into
// payloads and f, as a client does, and returns the view the client holds
// after it, nil for a message without a view.
func describeDuel(t *testing.T, v vector, msg protocol.Message, views map[string]any, payloads map[string]any, f *vectorFile) any {
	t.Helper()
	r := duelRules(t)
	switch m := msg.(type) {
	case *protocol.FullView:
		rv, err := r.DecodeView(m.View)
		if err != nil {
			t.Fatal(err)
		}
		view := rv.(*duel.View)
		payloads["View"] = view
		viewSum(t, view, m.Checksum, f)
		return view
	case *protocol.TurnUpdate:
		var d duel.Delta
		if err := wire.Unmarshal(m.Delta, &d); err != nil {
			t.Fatal(err)
		}
		evs, err := duel.DecodeEvents(m.Events)
		if err != nil {
			t.Fatal(err)
		}
		payloads["Delta"], payloads["Events"] = d, evs
		prev, ok := views[v.appliesTo].(*duel.View)
		if !ok { // the vector of that view did not run: the scene's
			prev = v.base.(*duel.View)
		}
		rv, err := prev.Apply(m.Delta)
		if err != nil {
			t.Fatal(err)
		}
		view := rv.(*duel.View)
		if doc := applyDuelDelta(t, prev, d); !reflect.DeepEqual(doc, view) {
			t.Errorf("the delta applied as documented gives another view than the ruleset's Apply:\nhave %+v\nwant %+v", doc, view)
		}
		f.AppliesTo = v.appliesTo
		viewSum(t, view, m.Checksum, f)
		return view
	case *protocol.SubmitOrders:
		var o duel.Offer
		if err := wire.Unmarshal(m.Orders, &o); err != nil {
			t.Fatal(err)
		}
		payloads["Orders"] = o
	case *protocol.Act:
		var a duel.Action
		if err := wire.Unmarshal(m.Action, &a); err != nil {
			t.Fatal(err)
		}
		payloads["Action"] = a
	case *protocol.RulesData:
		if sum := sha256.Sum256(m.Data); hex.EncodeToString(sum[:]) != m.Hash {
			t.Errorf("the data's SHA-256 is %x, the message says %s", sum, m.Hash)
		}
		if _, err := r.WithData(m.Data); err != nil {
			t.Error(err)
		}
	}
	return nil
}

// applyDuelDelta applies d to v as docs/protocol.md says ("Applying a
// delta", section 16.4), without the ruleset's Apply, and checks the
// checksums it names.
func applyDuelDelta(t *testing.T, v *duel.View, d duel.Delta) *duel.View {
	t.Helper()
	sum := func(v *duel.View) uint64 {
		b, err := v.Encode()
		if err != nil {
			t.Fatal(err)
		}
		return fnv1a64With32(b)
	}
	if d.From != sum(v) {
		t.Fatalf("the delta is for the view of checksum %016x, not this one's %016x", d.From, sum(v))
	}
	nv := &duel.View{Seat: v.Seat, AllSeeing: v.AllSeeing, Table: v.Table, Players: slices.Clone(v.Players)}
	if d.Table != nil {
		nv.Table = *d.Table
	}
	for _, pc := range d.Players {
		nv.Players[pc.Seat-1] = pc.Player
	}
	nv.Discard = append(slices.Clone(v.Discard[:d.Keep]), d.Added...)
	hand := slices.Clone(v.Hand)
	for _, c := range d.Out {
		i := slices.Index(hand, c)
		if i < 0 {
			t.Fatalf("the card %+v leaves a hand that does not hold it", c)
		}
		hand = slices.Delete(hand, i, i+1)
	}
	hand = append(hand, d.In...)
	// Sorted by suit, then rank; empty lists nil.
	slices.SortFunc(hand, func(a, b duel.Card) int {
		if a.Suit != b.Suit {
			return int(a.Suit) - int(b.Suit)
		}
		return int(a.Rank) - int(b.Rank)
	})
	nv.Hand, nv.Discard = nilIfEmpty(hand), nilIfEmpty(nv.Discard)
	if sum(nv) != d.To {
		t.Errorf("the view reached has checksum %016x, the delta names %016x", sum(nv), d.To)
	}
	return nv
}

// TestDuelScene checks that the Duel vectors' game shows what their
// descriptions say, so a rewrite of the vectors keeps their point.
func TestDuelScene(t *testing.T) {
	sc := newDuelScene(t)
	kinds := func(data []byte) map[duel.EventKind][]duel.Event {
		es, err := duel.DecodeEvents(data)
		if err != nil {
			t.Fatal(err)
		}
		out := map[duel.EventKind][]duel.Event{}
		for _, e := range es {
			out[e.Kind] = append(out[e.Kind], e)
		}
		return out
	}
	offer, answer := kinds(sc.offerEvents), kinds(sc.answerEvents)
	ownDraw := slices.ContainsFunc(answer[duel.EventDraw], func(e duel.Event) bool { return e.Seat == 1 && len(e.Cards) == e.Value })
	hidden := slices.ContainsFunc(answer[duel.EventDraw], func(e duel.Event) bool { return e.Seat != 1 && e.Cards == nil && e.Value > 0 })
	for _, c := range []struct {
		what string
		ok   bool
	}{
		{"an offering view with a hand of 5", sc.offerBefore.Table.Phase == duel.PhaseOffer && len(sc.offerBefore.Hand) == 5},
		{"three cards revealed", len(offer[duel.EventReveal]) == 3},
		{"a point scored", len(offer[duel.EventScore]) > 0},
		{"an attack on Jillian", sc.attack.Kind == duel.ActAttack && sc.attack.Target == 2},
		{"Ansom attacked by Maxwell", sc.defendBefore.Table.Phase == duel.PhaseDefend && sc.defendBefore.Table.Defender == 1 &&
			sc.defendBefore.Table.Attacker == 3},
		{"a block", sc.answer.Kind == duel.ActBlock && len(answer[duel.EventBlock]) == 1},
		{"round 2 begun", len(answer[duel.EventRound]) == 1 && sc.defendAfter.Table.Round == 2},
		{"Ansom's draw with its cards", ownDraw},
		{"another's draw without its cards", hidden},
	} {
		if !c.ok {
			t.Errorf("the Duel scene lacks %s", c.what)
		}
	}
}
