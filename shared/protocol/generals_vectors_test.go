package protocol_test

import (
	"crypto/sha256"
	"encoding/hex"
	"reflect"
	"slices"
	"testing"

	"empires/shared/protocol"
	"empires/shared/rules/generals"
	"empires/shared/rules/generals/cards"
	"empires/shared/ruleset"
	"empires/shared/wire"
)

// generalsScene is a game of generals for three (Ansom, Jillian and
// Maxwell, seats 1 to 3, with the decks of Rome, Egypt and the Han,
// ansomDeck and the others), the Quick length, played by
// generalsPick from the deal: Ansom's view at the opening, his split and
// the update it brings him (his 7 cards); his view in his first Harvest
// Phase, the Resource Card he plays and its update; his view when he is
// first attacked, his answer and its update; his first attack.
type generalsScene struct {
	rules *generals.Rules
	// deck is the deck Ansom brings (SetSeatData), bad one he tried first
	// and problems the ruleset's words for it.
	deck, bad []byte
	problems  []ruleset.Rejection
	// Ansom's actions, each accepted by the game, with his views before
	// and after and the events they brought him.
	opening, card, answer, attack           generals.Action
	openingBefore, openingAfter             *generals.View
	harvestBefore, harvestAfter             *generals.View
	defendBefore, defendAfter               *generals.View
	openingEvents, cardEvents, answerEvents []byte
	// refused are the refusals of actions against the rules Ansom tries
	// before his opening, his Resource Card and his answer.
	refused []ruleset.Rejection
}

// The scene's decks, written out so that the ready-made decks may be tuned
// without changing the vectors: Rome's (Ansom's, with a note of his own),
// Egypt's and the Han's ready-made decks as they were on 2026-11-29.
const (
	ansomDeck = "# Ansom's deck: Rome's legions\n" +
		"generals deck 1\nEGFENTA2 1\nEGFENTA3 1\nEGFENTM1 2\nEGFENTM3 1\nEGFENTR1 3\n" +
		"EGFENTR5 4\nEGFENTR6 2\nEGFERMG1 1\nEGFERMG2 1\nEGFERMG3 2\nEGFERMG4 1\n" +
		"EGFERMK1 2\nEGFERMK2 2\nEGFERMK3 1\nEGFERMP1 1\nEGFERMP2 2\nEGFERMP3 2\n" +
		"EGFERMR1 4\nEGFERMR2 2\nEGFERMS1 4\nEGFERMS2 3\nEGFERMS3 1\nEGFERMS5 1\n" +
		"EGFERMT1 2\nEGFERMT2 2\nEGFERMT3 1\n"
	jillianDeck = "generals deck 1\nEGFEEYG2 1\nEGFEEYG3 2\nEGFEEYG4 2\nEGFEEYK1 2\nEGFEEYK3 2\n" +
		"EGFEEYP1 2\nEGFEEYP2 2\nEGFEEYP3 1\nEGFEEYR1 5\nEGFEEYR2 3\nEGFEEYS1 3\n" +
		"EGFEEYS2 3\nEGFEEYS3 2\nEGFEEYS8 1\nEGFEEYT1 2\nEGFEEYT2 2\nEGFEEYT3 1\n" +
		"EGFENTA1 1\nEGFENTA2 1\nEGFENTM1 1\nEGFENTM2 2\nEGFENTR2 3\nEGFENTR4 2\n" +
		"EGFENTR7 2\nTXFEEYK1 1\n"
	maxwellDeck = "generals deck 1\nEGFEHCG1 1\nEGFEHCG2 1\nEGFEHCG3 1\nEGFEHCG4 2\nEGFEHCK1 2\n" +
		"EGFEHCK2 2\nEGFEHCK3 1\nEGFEHCP1 2\nEGFEHCP2 1\nEGFEHCP3 2\nEGFEHCR1 5\n" +
		"EGFEHCR2 2\nEGFEHCS1a 2\nEGFEHCS1b 2\nEGFEHCS2 2\nEGFEHCS7 3\nEGFEHCT1 3\n" +
		"EGFEHCT2 1\nEGFEHCT3 1\nEGFENTA3 1\nEGFENTA4 1\nEGFENTM1 2\nEGFENTM3 1\n" +
		"EGFENTR3 2\nEGFENTR4 3\nEGFENTR5 3\n"
)

// generalsRules returns the built-in generals ruleset.
func generalsRules(t *testing.T) *generals.Rules {
	t.Helper()
	reg, err := defaultRegistry()
	if err != nil {
		t.Fatal(err)
	}
	rs, ok := reg.Get(generals.ID)
	if !ok {
		t.Fatal("no ruleset generals")
	}
	return rs.(*generals.Rules)
}

// generalsPick chooses seat v.Seat's action among generals' Moves, as the
// scene plays: 4 of the opening cards from the Draw Pile; a blocker if it
// has one; an attack; a unit into the Battlefield; a card (the first the
// hand can pay for); a draw from the Draw Pile; taking the turn; the
// discard down to the hand limit; else on to the next phase. It never
// passes, resigns or discards from play.
func generalsPick(r *generals.Rules, v *generals.View) generals.Action {
	prio := func(a generals.Action) int {
		switch a.Kind {
		case generals.ActOpening:
			return map[bool]int{true: 100}[a.Count == 4]
		case generals.ActBlock:
			return map[bool]int{true: 90, false: 80}[a.Unit != 0]
		case generals.ActAttack:
			return 85
		case generals.ActMove:
			return map[bool]int{true: 70, false: -1}[a.Battlefield]
		case generals.ActCard:
			return 60
		case generals.ActDraw:
			return map[bool]int{true: 45, false: 50}[a.Supply]
		case generals.ActPlay:
			return 40
		case generals.ActDiscard:
			return 30
		case generals.ActNext:
			return 10
		}
		return -1
	}
	moves := r.Moves(v)
	best := moves[0]
	for _, m := range moves {
		if prio(m) > prio(best) {
			best = m
		}
	}
	return best
}

// newGeneralsScene plays the scene's game.
func newGeneralsScene(t *testing.T) *generalsScene {
	t.Helper()
	r := generalsRules(t)
	sc := &generalsScene{rules: r, deck: []byte(ansomDeck), bad: []byte(cards.DeckHeader + "\nEGFERMS1 9\nEGFEZZS1 1\n")}
	opts := ruleset.Options{generals.KeyLength: generals.LengthQuick}
	var err error
	if sc.problems, err = r.CheckSeat(opts, sc.bad); err != nil {
		t.Fatal(err)
	}
	g, err := r.New(ruleset.Config{Seed: 1, Seats: 3, Names: []string{"Ansom", "Jillian", "Maxwell"}, Options: opts,
		SeatData: [][]byte{sc.deck, []byte(jillianDeck), []byte(maxwellDeck)}})
	if err != nil {
		t.Fatal(err)
	}
	view := func() *generals.View { return g.View(1, false).(*generals.View) }
	encode := func(a generals.Action) []byte {
		data, err := wire.Marshal(&a)
		if err != nil {
			t.Fatal(err)
		}
		return data
	}
	// try keeps the refusals of actions against the rules, which must
	// change nothing.
	try := func(as ...generals.Action) {
		before, _ := view().Encode()
		for _, a := range as {
			_, err := g.Act(1, encode(a))
			var rej *ruleset.Rejection
			if !asRejection(err, &rej) {
				t.Fatalf("%+v: have %v, want a refusal", a, err)
			}
			sc.refused = append(sc.refused, *rej)
		}
		if after, _ := view().Encode(); string(after) != string(before) {
			t.Fatal("a refused action changed Ansom's view")
		}
	}
	for i := 0; sc.attack.Kind == 0 || sc.answer.Kind == 0 || sc.card.Kind == 0; i++ {
		if over, _ := g.Over(); over || i > 3000 {
			t.Fatalf("the generals scene's game ended or ran long at step %d before its actions were all played", g.Step().Seq)
		}
		st := g.Step()
		seat := st.Actors[0]
		if slices.Contains(st.Actors, 1) {
			seat = 1
		}
		v := g.View(seat, false).(*generals.View)
		a := generalsPick(r, v)
		var keep **generals.View // where Ansom's view after goes
		var events *[]byte
		switch {
		case seat != 1:
		case a.Kind == generals.ActOpening && sc.opening.Kind == 0:
			try(generals.Action{Seq: v.Seq, Kind: generals.ActOpening, Count: 8},
				generals.Action{Seq: v.Seq, Kind: generals.ActDraw},
				generals.Action{Seq: v.Seq + 1, Kind: generals.ActOpening, Count: 4})
			sc.opening, sc.openingBefore, keep, events = a, v, &sc.openingAfter, &sc.openingEvents
		case a.Kind == generals.ActCard && v.Phase == generals.PhaseHarvest && sc.card.Kind == 0:
			try(generals.Action{Seq: v.Seq, Kind: generals.ActCard, Hand: a.Hand, Card: "EGFEZZS1"},
				generals.Action{Seq: v.Seq, Kind: generals.ActCard, Hand: len(v.Hand), Card: a.Card},
				generals.Action{Seq: v.Seq, Kind: generals.ActAttack, Unit: 1, Seat: 2},
				generals.Action{Seq: v.Seq, Kind: generals.ActPass})
			sc.card, sc.harvestBefore, keep, events = a, v, &sc.harvestAfter, &sc.cardEvents
		case a.Kind == generals.ActBlock && sc.answer.Kind == 0:
			try(generals.Action{Seq: v.Seq, Kind: generals.ActBlock, Unit: 999},
				generals.Action{Seq: v.Seq, Kind: generals.ActNext})
			sc.answer, sc.defendBefore, keep, events = a, v, &sc.defendAfter, &sc.answerEvents
		case a.Kind == generals.ActAttack && sc.attack.Kind == 0:
			sc.attack = a
		}
		out, err := g.Act(seat, encode(a))
		if err != nil {
			t.Fatalf("seat %d's %+v at step %d: %v", seat, a, v.Seq, err)
		}
		if keep != nil {
			*keep = view()
			if *events, err = out.Events(1, false); err != nil {
				t.Fatal(err)
			}
		}
	}
	return sc
}

// asRejection reports whether err is a *ruleset.Rejection, and sets *rej.
func asRejection(err error, rej **ruleset.Rejection) bool {
	r, ok := err.(*ruleset.Rejection)
	*rej = r
	return ok
}

// generalsVectors are the vectors of a generals game (numbered from 64):
// Ansom's deck as his seat set-up data and the refusal of a bad one; his
// view at the opening, his split and its update; his view in his Harvest
// Phase, the Resource Card he plays and its update; his view when
// attacked, his answer and its update; his attack.
func generalsVectors(t *testing.T) []vector {
	t.Helper()
	sc := newGeneralsScene(t)
	update := func(before, after *generals.View, events []byte) *protocol.TurnUpdate {
		delta, err := before.Diff(after)
		if err != nil {
			t.Fatal(err)
		}
		return &protocol.TurnUpdate{Delta: delta, Checksum: after.Checksum(), Events: events}
	}
	act := func(a generals.Action) *protocol.Act {
		data, err := wire.Marshal(&a)
		if err != nil {
			t.Fatal(err)
		}
		return &protocol.Act{Seq: a.Seq, Action: data}
	}
	var problems []protocol.Rejection
	for _, p := range sc.problems {
		problems = append(problems, protocol.Rejection{Index: p.Index, Order: p.Order, Reason: p.Reason})
	}
	return []vector{
		{name: "64-set-seat-data-generals", from: "client", seq: 6, ruleset: generals.ID,
			msg:   &protocol.SetSeatData{Data: sc.deck},
			about: "Ansom's deck for a game of generals, his seat set-up data: the deck's text (a comment, the header, a line a card: its identification number and copies), here Rome's ready-made deck."},
		{name: "65-seat-data-result-generals", from: "server", seq: 8, reply: 5, ruleset: generals.ID,
			msg:   &protocol.SeatDataResult{Errors: problems},
			about: "An earlier deck of Ansom's refused with every problem generals finds, each with its line (Index) and the line's text (Order): too many copies of a card, a card the collection does not hold, too few cards."},
		{name: "66-full-view-generals-opening", from: "server", seq: 12, ruleset: generals.ID, msg: fullViewOf(t, sc.openingBefore),
			about: "Ansom's view at the opening, a concurrent step: every player still to split its 7 opening cards between the piles (Waiting), no hand yet, the piles' sizes only."},
		{name: "67-act-generals-opening", from: "client", seq: 7, ruleset: generals.ID, msg: act(sc.opening),
			about: "Ansom's split (ActOpening): 4 of his 7 opening cards from the Draw Pile, the rest from the Supply Pile."},
		{name: "68-turn-update-generals-opening", from: "server", seq: 14, ruleset: generals.ID,
			msg: update(sc.openingBefore, sc.openingAfter, sc.openingEvents), appliesTo: "66-full-view-generals-opening", base: sc.openingBefore,
			about: "The update of Ansom's split, for Ansom: the delta (his player and the rest of the view: his hand of 7) and the EventOpening with his cards, which only he is told."},
		{name: "69-full-view-generals-harvest", from: "server", seq: 30, ruleset: generals.ID, msg: fullViewOf(t, sc.harvestBefore),
			about: "Ansom's view in his first Harvest Phase: his hand, the table, the pool of the turn."},
		{name: "70-act-generals-card", from: "client", seq: 16, ruleset: generals.ID, msg: act(sc.card),
			about: "Ansom plays a Resource Card into his Resource Area (ActCard: its place in the hand and its identification number)."},
		{name: "71-turn-update-generals-card", from: "server", seq: 32, ruleset: generals.ID,
			msg: update(sc.harvestBefore, sc.harvestAfter, sc.cardEvents), appliesTo: "69-full-view-generals-harvest", base: sc.harvestBefore,
			about: "The update of the card played, for Ansom: the card in play with its Ref, the pool grown by its harvest, the hand without it."},
		{name: "72-full-view-generals-defend", from: "server", seq: 60, ruleset: generals.ID, msg: fullViewOf(t, sc.defendBefore),
			about: "Ansom's view when he is first attacked: the Battle, Ansom to answer (a blocker of his, or none)."},
		{name: "73-act-generals-block", from: "client", seq: 30, ruleset: generals.ID, msg: act(sc.answer),
			about: "Ansom's answer to the attack (ActBlock)."},
		{name: "74-turn-update-generals-block", from: "server", seq: 62, ruleset: generals.ID,
			msg: update(sc.defendBefore, sc.defendAfter, sc.answerEvents), appliesTo: "72-full-view-generals-defend", base: sc.defendBefore,
			about: "The update of Ansom's answer, for Ansom: the battle goes on or ends as the events tell."},
		{name: "75-act-generals-attack", from: "client", seq: 40, ruleset: generals.ID, msg: act(sc.attack),
			about: "Ansom's first attack (ActAttack): a unit of his Battlefield against a player."},
	}
}

// describeGenerals decodes the payloads of msg, a message of a generals
// game, into payloads and f, as a client does, and returns the view the
// client holds after it, nil for a message without a view.
func describeGenerals(t *testing.T, v vector, msg protocol.Message, views map[string]any, payloads map[string]any, f *vectorFile) any {
	t.Helper()
	r := generalsRules(t)
	switch m := msg.(type) {
	case *protocol.FullView:
		rv, err := r.DecodeView(m.View)
		if err != nil {
			t.Fatal(err)
		}
		view := rv.(*generals.View)
		payloads["View"] = view
		viewSum(t, view, m.Checksum, f)
		return view
	case *protocol.TurnUpdate:
		var d generals.Delta
		if err := wire.Unmarshal(m.Delta, &d); err != nil {
			t.Fatal(err)
		}
		evs, err := generals.DecodeEvents(m.Events)
		if err != nil {
			t.Fatal(err)
		}
		payloads["Delta"], payloads["Events"] = d, evs
		prev, ok := views[v.appliesTo].(*generals.View)
		if !ok { // the vector of that view did not run: the scene's
			prev = v.base.(*generals.View)
		}
		rv, err := prev.Apply(m.Delta)
		if err != nil {
			t.Fatal(err)
		}
		view := rv.(*generals.View)
		if doc := applyGeneralsDelta(t, prev, d); !reflect.DeepEqual(doc, view) {
			t.Errorf("the delta applied as documented gives another view than the ruleset's Apply:\nhave %+v\nwant %+v", doc, view)
		}
		f.AppliesTo = v.appliesTo
		viewSum(t, view, m.Checksum, f)
		return view
	case *protocol.Act:
		var a generals.Action
		if err := wire.Unmarshal(m.Action, &a); err != nil {
			t.Fatal(err)
		}
		payloads["Action"] = a
	case *protocol.SetSeatData:
		if _, problems, err := cards.DecodeDeck(m.Data); err != nil || len(problems) > 0 {
			t.Errorf("the deck does not read: %v %v", err, problems)
		}
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

// applyGeneralsDelta applies d to v as docs/protocol.md says ("Applying a
// delta", section 17.4), without the ruleset's Apply, and checks the
// checksums it names.
func applyGeneralsDelta(t *testing.T, v *generals.View, d generals.Delta) *generals.View {
	t.Helper()
	sum := func(v *generals.View) uint64 {
		b, err := wire.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		return fnv1a64With32(b)
	}
	if d.From != sum(v) {
		t.Fatalf("the delta is for the view of checksum %016x, not this one's %016x", d.From, sum(v))
	}
	nv := *v
	if d.Rest != nil {
		nv = *d.Rest
	}
	nv.Players = slices.Clone(v.Players)
	for _, p := range d.Players {
		nv.Players[p.Seat-1] = p
	}
	if sum(&nv) != d.To {
		t.Errorf("the view reached has checksum %016x, the delta names %016x", sum(&nv), d.To)
	}
	return &nv
}

// TestGeneralsScene checks that the generals vectors' game shows what
// their descriptions say, so a rewrite of the vectors keeps their point.
func TestGeneralsScene(t *testing.T) {
	sc := newGeneralsScene(t)
	kinds := func(data []byte) map[generals.EventKind][]generals.Event {
		es, err := generals.DecodeEvents(data)
		if err != nil {
			t.Fatal(err)
		}
		out := map[generals.EventKind][]generals.Event{}
		for _, e := range es {
			out[e.Kind] = append(out[e.Kind], e)
		}
		return out
	}
	opening, card, answer := kinds(sc.openingEvents), kinds(sc.cardEvents), kinds(sc.answerEvents)
	ownOpening := slices.ContainsFunc(opening[generals.EventOpening], func(e generals.Event) bool { return e.Seat == 1 && len(e.Cards) == 7 })
	waiting := 0
	for _, p := range sc.openingBefore.Players {
		if p.Waiting {
			waiting++
		}
	}
	played, _ := sc.rules.Card(sc.card.Card)
	for _, c := range []struct {
		what string
		ok   bool
	}{
		{"three problems of the bad deck", len(sc.problems) >= 3},
		{"an opening view of no hand, every player waiting", sc.openingBefore.Phase == generals.PhaseOpening && sc.openingBefore.Hand == nil && waiting == 3},
		{"Ansom's opening with his 7 cards", sc.opening.Count == 4 && ownOpening && len(sc.openingAfter.Hand) == 7},
		{"a Harvest Phase view with a hand", sc.harvestBefore.Phase == generals.PhaseHarvest && sc.harvestBefore.Active == 1 && len(sc.harvestBefore.Hand) > 0},
		{"a Resource Card played", played != nil && played.ID.Kind.Supply() && len(card[generals.EventCard]) == 1},
		{"Ansom attacked", sc.defendBefore.Battle != nil && sc.defendBefore.Battle.Defender == 1},
		{"Ansom's answer told", len(answer[generals.EventBlock]) == 1},
		{"Ansom's attack", sc.attack.Kind == generals.ActAttack && sc.attack.Seat != 1},
		{"five refusals", len(sc.refused) >= 5},
	} {
		if !c.ok {
			t.Errorf("the generals scene lacks %s", c.what)
		}
	}
}
