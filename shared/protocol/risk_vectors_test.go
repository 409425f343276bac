package protocol_test

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"reflect"
	"slices"
	"testing"

	"github.com/vmihailenco/msgpack/v5"

	"empires/shared/protocol"
	"empires/shared/rules/risk"
	"empires/shared/rules/risk/board"
	"empires/shared/rules/risk/cards"
	"empires/shared/ruleset"
	"empires/shared/wire"
)

// riskScene is a game of the risk ruleset for three on the classic map
// (Ansom, Jillian and Maxwell, seats 1 to 3), played by riskScript from
// the deal to the trading step of round 2: Ansom's actions of each main
// kind, his view before his first attack and before he accepts a trade,
// and the updates those two actions bring him.
type riskScene struct {
	rules *risk.Rules
	// Ansom's actions, each accepted by the game.
	place, attack, build, buy, endPurchase, offer, accept risk.Action
	// attackBefore and attackAfter are Ansom's views around his first
	// roll, attackEvents the events it brought him; likewise for the
	// trade he accepts.
	attackBefore, attackAfter, tradeBefore, tradeAfter *risk.View
	attackEvents, tradeEvents                          []byte
	// tradeStep is the trading step when Ansom accepts.
	tradeStep ruleset.Step
	// refused are the refusals of actions against the rules Ansom tries
	// before his first attack and before he accepts the trade.
	refused []ruleset.Rejection
}

// riskRules returns the built-in risk ruleset.
func riskRules(t *testing.T) *risk.Rules {
	t.Helper()
	reg, err := defaultRegistry()
	if err != nil {
		t.Fatal(err)
	}
	rs, ok := reg.Get(risk.ID)
	if !ok {
		t.Fatal("no ruleset risk")
	}
	return rs.(*risk.Rules)
}

// riskScript plays a risk game as the scene needs it, one action at a
// time, with the game's own dice: the set-up armies spread over each
// player's first five territories; in round 1 Ansom puts his new armies
// on his strongest territory on a border and attacks from it its weakest
// neighbour until he conquers it, the others do not attack; everyone
// builds cities wherever 3 armies stand (at most 5), leaves the trading
// table of round 1 at once, and Ansom buys the cheapest Empire card he can.
// In round 2's trading step Maxwell leaves, Jillian offers Ansom three
// cards, Ansom offers her three others, and he accepts her offer with
// three more; then all leave the table, and the script ends when Ansom
// ends his step 8 keeping his best five Goods cards.
type riskScript struct {
	t     *testing.T
	rules *risk.Rules
	b     *board.Board
	g     ruleset.Game
	sc    *riskScene
	done  bool
}

// newRiskScene plays the scene's game.
func newRiskScene(t *testing.T) *riskScene {
	t.Helper()
	r := riskRules(t)
	g, err := r.New(ruleset.Config{Seed: 11, Seats: 3, Names: []string{"Ansom", "Jillian", "Maxwell"}})
	if err != nil {
		t.Fatal(err)
	}
	b, err := r.Board(risk.MapClassic, 0, 0)
	if err != nil {
		t.Fatal(err)
	}
	s := &riskScript{t: t, rules: r, b: b, g: g, sc: &riskScene{rules: r}}
	for i := 0; !s.done; i++ {
		if i > 5000 {
			t.Fatal("the risk scene's script did not reach its end")
		}
		st := g.Step()
		if over, _ := g.Over(); over || len(st.Actors) == 0 {
			t.Fatalf("the risk scene's game ended or waits for no one at step %d (%s)", st.Seq, st.Phase)
		}
		p, a := s.choose(st)
		s.play(st, p, a)
	}
	return s.sc
}

// view returns seat p's view.
func (s *riskScript) view(p ruleset.Seat) *risk.View { return s.g.View(p, false).(*risk.View) }

// play plays seat p's action a in step st, and keeps what the scene needs
// of it.
func (s *riskScript) play(st ruleset.Step, p ruleset.Seat, a risk.Action) {
	s.t.Helper()
	a.Seq = st.Seq
	data, err := wire.Marshal(&a)
	if err != nil {
		s.t.Fatal(err)
	}
	before := s.view(1)
	if p == 1 && (a.Kind == risk.ActAttack && s.sc.attack.Kind == 0 || a.Kind == risk.ActAccept) {
		s.tryRefused(st, a)
	}
	out, err := s.g.Act(p, data)
	if err != nil {
		s.t.Fatalf("step %d (%s): seat %d's action %+v is refused: %v", st.Seq, st.Phase, p, a, err)
	}
	if p != 1 {
		return
	}
	sc := s.sc
	keep := func(x *risk.Action) {
		if x.Kind == 0 {
			*x = a
		}
	}
	switch a.Kind {
	case risk.ActPlace:
		if before.Phase == risk.PhasePlace {
			keep(&sc.place)
		}
	case risk.ActAttack:
		if sc.attack.Kind == 0 {
			sc.attack, sc.attackBefore, sc.attackAfter = a, before, s.view(1)
			if sc.attackEvents, err = out.Events(1, false); err != nil {
				s.t.Fatal(err)
			}
		}
	case risk.ActBuild:
		keep(&sc.build)
	case risk.ActBuy:
		keep(&sc.buy)
	case risk.ActEndPurchase:
		if a.Keep != nil {
			keep(&sc.endPurchase)
			s.done = true
		}
	case risk.ActOffer:
		keep(&sc.offer)
	case risk.ActAccept:
		sc.accept, sc.tradeBefore, sc.tradeAfter, sc.tradeStep = a, before, s.view(1), st
		if sc.tradeEvents, err = out.Events(1, false); err != nil {
			s.t.Fatal(err)
		}
	}
}

// tryRefused tries, before Ansom's action a in step st, actions the rules
// refuse, and keeps the refusals: the attack a a step late, with too many
// dice, from or to the wrong territories, a city built in step 4; in the
// trading step an offer that is not open, one not made to him, an offer
// to a player who left the table, a false statement.
func (s *riskScript) tryRefused(st ruleset.Step, a risk.Action) {
	s.t.Helper()
	var tries []risk.Action
	if a.Kind == risk.ActAttack {
		late := a
		late.Seq--
		tries = []risk.Action{late,
			{Seq: st.Seq, Kind: risk.ActAttack, From: a.From, To: a.To, Dice: 4},
			{Seq: st.Seq, Kind: risk.ActAttack, From: a.From, To: 43, Dice: 1},
			{Seq: st.Seq, Kind: risk.ActAttack, From: a.To, To: a.From, Dice: 1},
			{Seq: st.Seq, Kind: risk.ActBuild, Territory: a.From},
		}
		for _, u := range []board.TerritoryID{2, 27} { // Northwest Territory, his; Ural, not next to Alaska
			tries = append(tries, risk.Action{Seq: st.Seq, Kind: risk.ActAttack, From: a.From, To: u, Dice: 1})
		}
	} else {
		lie := a.Part
		lie.Statement.Points++
		v := s.view(1)
		i := slices.IndexFunc(v.Offers, func(o risk.OfferView) bool { return o.From == 1 })
		if i < 0 {
			s.t.Fatal("Ansom's offer is not open")
		}
		own := v.Offers[i].ID
		tries = []risk.Action{
			{Seq: st.Seq, Kind: risk.ActAccept, Offer: 4, Part: a.Part},
			{Seq: st.Seq, Kind: risk.ActAccept, Offer: own, Part: a.Part},
			{Seq: st.Seq, Kind: risk.ActOffer, Seat: 3, Part: a.Part},
			{Seq: st.Seq, Kind: risk.ActOffer, Seat: 2, Part: lie},
		}
	}
	for _, x := range tries {
		data, err := wire.Marshal(&x)
		if err != nil {
			s.t.Fatal(err)
		}
		_, err = s.g.Act(1, data)
		var rej *ruleset.Rejection
		if !errors.As(err, &rej) {
			s.t.Fatalf("step %d: Ansom's action %+v is not refused by the rules (%v)", st.Seq, x, err)
		}
		s.sc.refused = append(s.sc.refused, *rej)
	}
}

// held returns the territories seat p holds in v, in ID order.
func held(v *risk.View, p ruleset.Seat) []board.TerritoryID {
	var out []board.TerritoryID
	for i, tv := range v.Board {
		if tv.Owner == p && (tv.Armies > 0 || tv.City) {
			out = append(out, board.TerritoryID(i+1))
		}
	}
	return out
}

// choose returns the seat to act in step st and its action.
func (s *riskScript) choose(st ruleset.Step) (ruleset.Seat, risk.Action) {
	p := st.Actors[0]
	v := s.view(p)
	me := v.Players[p-1]
	at := func(t board.TerritoryID) risk.TerritoryView { return v.Board[t-1] }
	switch v.Phase {
	case risk.PhaseDeploy:
		mine := held(v, p)
		first := mine[:min(5, len(mine))]
		best := first[0]
		for _, t := range first {
			if at(t).Armies < at(best).Armies {
				best = t
			}
		}
		return p, risk.Action{Kind: risk.ActPlace, Territory: best, Count: 1}
	case risk.PhasePlace:
		t := held(v, p)[0]
		if p == 1 && v.Round == 1 {
			t, _ = s.target(v, p)
		}
		return p, risk.Action{Kind: risk.ActPlace, Territory: t, Count: me.Reserve}
	case risk.PhaseAttack:
		if p == 1 && v.Round == 1 && !v.Conquered {
			if from, to := s.target(v, p); at(from).Armies >= 2 {
				return p, risk.Action{Kind: risk.ActAttack, From: from, To: to, Dice: min(3, at(from).Armies-1)}
			}
		}
		return p, risk.Action{Kind: risk.ActStop}
	case risk.PhaseDefend:
		return p, risk.Action{Kind: risk.ActKeep}
	case risk.PhaseOccupy:
		return p, risk.Action{Kind: risk.ActOccupy, Count: v.Dice}
	case risk.PhaseReinforce:
		return p, risk.Action{Kind: risk.ActPlace, Territory: held(v, p)[0], Count: me.Reserve}
	case risk.PhaseMove:
		return p, risk.Action{Kind: risk.ActEndTurn}
	case risk.PhaseBuild:
		for _, t := range held(v, p) {
			if !at(t).City && at(t).Armies >= 3 && me.Cities < 5 {
				return p, risk.Action{Kind: risk.ActBuild, Territory: t}
			}
		}
		return p, risk.Action{Kind: risk.ActEndBuild}
	case risk.PhaseTrade:
		return s.trade(st)
	case risk.PhaseDisaster:
		return p, risk.Action{Kind: risk.ActResolve}
	case risk.PhasePlague:
		return p, risk.Action{Kind: risk.ActChoose, Choice: v.Tied[0]}
	case risk.PhasePurchase:
		if p == 1 && s.sc.buy.Kind == 0 {
			if buy, ok := s.cheapest(v); ok {
				return p, risk.Action{Kind: risk.ActBuy, Purchase: buy}
			}
		}
		if p == 1 && v.Round == 2 {
			h := cards.Hand{Cards: slices.Clone(v.Hand)}
			return p, risk.Action{Kind: risk.ActEndPurchase, Keep: s.rules.Cards().DefaultKeep(&h)}
		}
		return p, risk.Action{Kind: risk.ActEndPurchase}
	}
	s.t.Fatalf("the risk scene's script has no action for phase %s", v.Phase)
	return 0, risk.Action{}
}

// target returns seat p's strongest territory on a border and its weakest
// enemy neighbour.
func (s *riskScript) target(v *risk.View, p ruleset.Seat) (from, to board.TerritoryID) {
	for _, t := range held(v, p) {
		for _, u := range s.b.Territory(t).Links {
			if v.Board[u-1].Owner == p {
				continue
			}
			if from == 0 || v.Board[t-1].Armies > v.Board[from-1].Armies ||
				t == from && v.Board[u-1].Armies < v.Board[to-1].Armies {
				from, to = t, u
			}
		}
	}
	if from == 0 {
		s.t.Fatalf("seat %d has no enemy neighbour", p)
	}
	return from, to
}

// cheapest returns the purchase of the cheapest Empire card Ansom can pay
// for, with the Goods cards worth the fewest points that pay it.
func (s *riskScript) cheapest(v *risk.View) (cards.Purchase, bool) {
	supply := cards.EmpireSupply{Piles: v.Empires}
	empire := cards.Empire{Held: v.Players[0].Empire, New: v.Players[0].NewEmpire}
	hand := cards.Hand{Cards: v.Hand}
	var best cards.Purchase
	bestPoints := -1
	for _, suit := range cards.Suits() {
		for mask := 1; mask < 1<<len(v.Hand); mask++ {
			var ids []cards.GoodsID
			var cs []cards.GoodsCard
			for i, c := range v.Hand {
				if mask&(1<<i) != 0 {
					ids, cs = append(ids, c.ID), append(cs, c)
				}
			}
			p := cards.Purchase{Suits: []cards.Suit{suit}, Goods: ids}
			if _, _, err := s.rules.Cards().Price(&supply, &empire, &hand, p); err == nil {
				if pts := cards.Points(cs); bestPoints < 0 || pts < bestPoints {
					best, bestPoints = p, pts
				}
			}
		}
	}
	return best, bestPoints >= 0
}

// trade plays the trading steps: round 1's ends at once; in round 2
// Maxwell leaves, Jillian and Ansom make their offers, and Ansom accepts
// Jillian's.
func (s *riskScript) trade(st ruleset.Step) (ruleset.Seat, risk.Action) {
	v := s.view(1)
	if v.Round == 1 || s.sc.accept.Kind != 0 || !slices.Contains(st.Actors, 1) || !slices.Contains(st.Actors, 2) {
		return st.Actors[0], risk.Action{Kind: risk.ActDone}
	}
	if slices.Contains(st.Actors, 3) {
		return 3, risk.Action{Kind: risk.ActDone}
	}
	jv := s.view(2)
	give := func(h []cards.GoodsCard, skip []cards.GoodsID) []cards.GoodsCard {
		var out []cards.GoodsCard
		for _, c := range h {
			if !slices.Contains(skip, c.ID) && len(out) < 3 {
				out = append(out, c)
			}
		}
		if len(out) < 3 {
			s.t.Fatalf("the risk scene's trade lacks cards: %v less %v", h, skip)
		}
		return out
	}
	ids := func(cs []cards.GoodsCard) []cards.GoodsID {
		var out []cards.GoodsID
		for _, c := range cs {
			out = append(out, c.ID)
		}
		return out
	}
	truth := func(h []cards.GoodsCard, cs []cards.GoodsCard) cards.Part {
		hand := cards.Hand{Cards: h}
		st, err := cards.TrueStatement(&hand, ids(cs))
		if err != nil {
			s.t.Fatal(err)
		}
		return cards.Part{Cards: ids(cs), Statement: st}
	}
	switch {
	case jv.Players[1].Offered == 0:
		return 2, risk.Action{Kind: risk.ActOffer, Seat: 1, Part: truth(jv.Hand, give(jv.Hand, nil))}
	case v.Players[0].Offered == 0:
		// Ansom states the count and the numbers on his cards of a value.
		cs := give(v.Hand, nil)
		part := cards.Part{Cards: ids(cs), Statement: cards.Statement{Count: len(cs)}}
		for _, c := range cs {
			if c.Value != 0 {
				part.Statement.Numbers = append(part.Statement.Numbers, c.Value)
			}
		}
		if part.Statement.Numbers == nil {
			part = truth(v.Hand, cs)
		}
		return 1, risk.Action{Kind: risk.ActOffer, Seat: 2, Part: part}
	}
	i := slices.IndexFunc(v.Offers, func(o risk.OfferView) bool { return o.From == 2 })
	if i < 0 {
		s.t.Fatal("Jillian's offer is not open")
	}
	return 1, risk.Action{Kind: risk.ActAccept, Offer: v.Offers[i].ID, Part: truth(v.Hand, give(v.Hand, s.sc.offer.Part.Cards))}
}

// riskAct returns an Act of action a.
func riskAct(t *testing.T, a risk.Action) *protocol.Act {
	t.Helper()
	data, err := wire.Marshal(&a)
	if err != nil {
		t.Fatal(err)
	}
	return &protocol.Act{Seq: a.Seq, Action: data}
}

// riskUpdate returns the TurnUpdate that takes before to after with
// events.
func riskUpdate(t *testing.T, before, after *risk.View, events []byte) *protocol.TurnUpdate {
	t.Helper()
	delta, err := before.Diff(after)
	if err != nil {
		t.Fatal(err)
	}
	return &protocol.TurnUpdate{Delta: delta, Checksum: after.Checksum(), Events: events}
}

// riskVectors are the vectors of a risk game (numbered from 43): the
// ruleset's data, Ansom's actions of each main kind, two of his views and
// the TurnUpdate that follows each, and the TurnClock of a trading step.
func riskVectors(t *testing.T) []vector {
	t.Helper()
	r := riskRules(t)
	sc := newRiskScene(t)
	actors := func(ss []ruleset.Seat) []protocol.Seat {
		var out []protocol.Seat
		for _, s := range ss {
			out = append(out, protocol.Seat(s))
		}
		return out
	}
	st := sc.tradeStep
	return []vector{
		{name: "43-rules-data-risk", from: "server", seq: 2, reply: 2, ruleset: risk.ID,
			msg: &protocol.RulesData{Ruleset: risk.ID, Hash: r.Info().Hash, Data: r.Data()},
			about: "The risk ruleset's data, the built-in one: the msgpack array of its two files' bytes, the classic map (risk-classic.txt) " +
				"and the cards (risk-cards.toml); no event templates (Dict 0)."},
		{name: "44-act-risk-place", from: "client", seq: 20, ruleset: risk.ID, msg: riskAct(t, sc.place),
			about: "Round 1, step 3: Ansom places all his new armies on one territory (ActPlace), naming the step in the Act and in the action."},
		{name: "45-full-view-risk", from: "server", seq: 40, ruleset: risk.ID, msg: fullViewOf(t, sc.attackBefore),
			about: "Ansom's view of a risk game for three on the classic map, at the start of his step 4 in round 1 (as a RequestView brings it): " +
				"the 42 territories, the players, the Goods piles' sizes and the Empire piles; no cards in hand yet."},
		{name: "46-act-risk-attack", from: "client", seq: 21, ruleset: risk.ID, msg: riskAct(t, sc.attack),
			about: "Ansom's first roll of round 1 (ActAttack): from his strongest territory on a border against its weakest neighbour, with 3 dice."},
		{name: "47-turn-update-risk-attack", from: "server", seq: 42, ruleset: risk.ID, msg: riskUpdate(t, sc.attackBefore, sc.attackAfter, sc.attackEvents),
			appliesTo: "45-full-view-risk", base: sc.attackBefore,
			about: "The roll's update for Ansom: the delta from his view of vector 45 (the two territories' armies, the step's head) and the events: the roll's dice and losses."},
		{name: "48-act-risk-build", from: "client", seq: 30, ruleset: risk.ID, msg: riskAct(t, sc.build),
			about: "Round 1, step 5a: Ansom builds a city on a territory of 3 armies or more (ActBuild)."},
		{name: "49-act-risk-buy", from: "client", seq: 36, ruleset: risk.ID, msg: riskAct(t, sc.buy),
			about: "Round 1, step 8: Ansom buys an Empire card (ActBuy): the suit's pile to buy from, and the Goods cards he pays with."},
		{name: "50-act-risk-offer", from: "client", seq: 45, ruleset: risk.ID, msg: riskAct(t, sc.offer),
			about: "Round 2, step 6: Ansom offers Jillian three Goods cards (ActOffer), stating their count and the numbers on them; the server checks the statement against the cards."},
		{name: "51-full-view-risk-trade", from: "server", seq: 70, ruleset: risk.ID, msg: fullViewOf(t, sc.tradeBefore),
			about: "Ansom's view in round 2's trading step: his Goods cards, his territory card, his Empire card, his own offer with its cards " +
				"and Jillian's offer to him with its statement only."},
		{name: "52-turn-clock-risk-trade", from: "server", seq: 71, ruleset: risk.ID, msg: &protocol.TurnClock{
			Turn: protocol.Turn(st.Turn), Deadline: 1795000600000, Mode: uint8(st.Mode), Seq: st.Seq, Actors: actors(st.Actors),
			Prompt: st.Prompt, Since: st.Since, Phase: st.Phase},
			about: "The clock of that trading step: a concurrent step (Mode 3) begun at step Since, Ansom and Jillian still at the table, the step's own time limit."},
		{name: "53-act-risk-accept", from: "client", seq: 46, ruleset: risk.ID, msg: riskAct(t, sc.accept),
			about: "Ansom accepts Jillian's offer (ActAccept), giving three cards of his own with a true statement."},
		{name: "54-turn-update-risk-trade", from: "server", seq: 73, ruleset: risk.ID, msg: riskUpdate(t, sc.tradeBefore, sc.tradeAfter, sc.tradeEvents),
			appliesTo: "51-full-view-risk-trade", base: sc.tradeBefore,
			about: "The trade's update for Ansom: the delta from vector 51 (his hand, the offers, the players' counts) and the EventTrade, " +
				"with the cards that changed hands: only the two traders get them."},
		{name: "55-act-risk-end-purchase", from: "client", seq: 52, ruleset: risk.ID, msg: riskAct(t, sc.endPurchase),
			about: "Round 2, step 8: Ansom, holding more than 5 Goods cards, ends his step keeping the 5 of Keep: the others go back to their piles."},
	}
}

// riskDelta is a risk.Delta as the vectors show it: its Head decoded.
type riskDelta struct {
	From, To  uint64
	Changed   []risk.TerritoryChange
	Head      *risk.View
	Parts     uint8
	Players   []risk.PlayerView
	Empires   [4][]cards.EmpireCard
	Offers    []risk.OfferView
	Hand      []cards.GoodsCard
	Disasters []cards.GoodsCard
	Cards     []cards.TerritoryCard
}

// describeRisk decodes the payloads of msg, a message of a risk game, into
// payloads and f, as a client does, and returns the view the client holds
// after it, nil for a message without a view.
func describeRisk(t *testing.T, v vector, msg protocol.Message, views map[string]any, payloads map[string]any, f *vectorFile) any {
	t.Helper()
	r := riskRules(t)
	switch m := msg.(type) {
	case *protocol.FullView:
		rv, err := r.DecodeView(m.View)
		if err != nil {
			t.Fatal(err)
		}
		view := rv.(*risk.View)
		payloads["View"] = view
		viewSum(t, view, m.Checksum, f)
		return view
	case *protocol.TurnUpdate:
		var d risk.Delta
		if err := wire.Unmarshal(m.Delta, &d); err != nil {
			t.Fatal(err)
		}
		shown := riskDelta{From: d.From, To: d.To, Changed: d.Changed, Parts: d.Parts, Players: d.Players, Empires: d.Empires,
			Offers: d.Offers, Hand: d.Hand, Disasters: d.Disasters, Cards: d.Cards}
		if d.Head != nil {
			shown.Head = &risk.View{}
			if err := wire.Unmarshal(d.Head, shown.Head); err != nil {
				t.Fatal(err)
			}
		}
		evs, err := risk.DecodeEvents(m.Events)
		if err != nil {
			t.Fatal(err)
		}
		payloads["Delta"], payloads["Events"] = shown, evs
		prev, ok := views[v.appliesTo].(*risk.View)
		if !ok { // the vector of that view did not run: the scene's
			prev = v.base.(*risk.View)
		}
		rv, err := prev.Apply(m.Delta)
		if err != nil {
			t.Fatal(err)
		}
		view := rv.(*risk.View)
		if doc := applyRiskDelta(t, prev, d); !reflect.DeepEqual(doc, view) {
			t.Errorf("the delta applied as documented gives another view than the ruleset's Apply:\nhave %+v\nwant %+v", doc, view)
		}
		f.AppliesTo = v.appliesTo
		viewSum(t, view, m.Checksum, f)
		return view
	case *protocol.Act:
		var a risk.Action
		if err := wire.Unmarshal(m.Action, &a); err != nil {
			t.Fatal(err)
		}
		if a.Seq != m.Seq {
			t.Errorf("the action names step %d, its Act step %d", a.Seq, m.Seq)
		}
		payloads["Action"] = a
	case *protocol.RulesData:
		// The data as docs/protocol.md says: the SHA-256 of the bytes,
		// which are the msgpack array of the two files' bytes.
		if sum := sha256.Sum256(m.Data); hex.EncodeToString(sum[:]) != m.Hash {
			t.Errorf("the data's SHA-256 is %x, the message says %s", sum, m.Hash)
		}
		var files [][]byte
		if err := msgpack.Unmarshal(m.Data, &files); err != nil || len(files) != 2 {
			t.Errorf("the data is not an array of two files' bytes (%v, %d)", err, len(files))
		}
		if _, err := r.WithData(m.Data); err != nil {
			t.Error(err)
		}
	}
	return nil
}

// applyRiskDelta applies d to v as docs/protocol.md says ("Applying a
// delta", section 15.5), without the ruleset's Apply, and checks the
// checksums it names.
func applyRiskDelta(t *testing.T, v *risk.View, d risk.Delta) *risk.View {
	t.Helper()
	sum := func(v *risk.View) uint64 {
		b, err := v.Encode()
		if err != nil {
			t.Fatal(err)
		}
		return fnv1a64With32(b)
	}
	if d.From != sum(v) {
		t.Fatalf("the delta is for the view of checksum %016x, not this one's %016x", d.From, sum(v))
	}
	nv := *v
	if d.Head != nil {
		var head risk.View
		if err := wire.Unmarshal(d.Head, &head); err != nil {
			t.Fatal(err)
		}
		nv = head
		nv.Board, nv.Players, nv.Empires, nv.Offers = v.Board, v.Players, v.Empires, v.Offers
		nv.Hand, nv.Disasters, nv.Cards = v.Hand, v.Disasters, v.Cards
	}
	for _, part := range []struct {
		bit uint8
		set func()
	}{
		{1, func() { nv.Players = d.Players }},
		{2, func() { nv.Empires = d.Empires }},
		{4, func() { nv.Offers = d.Offers }},
		{8, func() { nv.Hand = d.Hand }},
		{16, func() { nv.Disasters = d.Disasters }},
		{32, func() { nv.Cards = d.Cards }},
	} {
		if d.Parts&part.bit != 0 {
			part.set()
		}
	}
	nv.Board = slices.Clone(v.Board)
	for _, c := range d.Changed {
		if c.Territory < 1 || int(c.Territory) > len(nv.Board) {
			t.Fatalf("territory %d off the board", c.Territory)
		}
		nv.Board[c.Territory-1] = c.State
	}
	if sum(&nv) != d.To {
		t.Errorf("the view reached has checksum %016x, the delta names %016x", sum(&nv), d.To)
	}
	return &nv
}

// TestRiskScene checks that the risk vectors' game shows what their
// descriptions say, so a rewrite of the vectors keeps their point.
func TestRiskScene(t *testing.T) {
	sc := newRiskScene(t)
	events := func(data []byte) map[risk.EventKind][]risk.Event {
		es, err := risk.DecodeEvents(data)
		if err != nil {
			t.Fatal(err)
		}
		out := map[risk.EventKind][]risk.Event{}
		for _, e := range es {
			out[e.Kind] = append(out[e.Kind], e)
		}
		return out
	}
	var ad, td risk.Delta
	if err := wire.Unmarshal(riskUpdate(t, sc.attackBefore, sc.attackAfter, nil).Delta, &ad); err != nil {
		t.Fatal(err)
	}
	if err := wire.Unmarshal(riskUpdate(t, sc.tradeBefore, sc.tradeAfter, nil).Delta, &td); err != nil {
		t.Fatal(err)
	}
	attack, trade := events(sc.attackEvents), events(sc.tradeEvents)
	tv := sc.tradeBefore
	mine := slices.ContainsFunc(tv.Offers, func(o risk.OfferView) bool { return o.From == 1 && o.Cards != nil })
	theirs := slices.ContainsFunc(tv.Offers, func(o risk.OfferView) bool { return o.From == 2 && o.To == 1 && o.Cards == nil })
	for _, c := range []struct {
		what string
		ok   bool
	}{
		{"a place of more than one army", sc.place.Count > 1},
		{"an attack with 3 dice", sc.attack.Dice == 3},
		{"a city built", sc.build.Territory != 0},
		{"an Empire card bought with Goods cards", len(sc.buy.Purchase.Suits) == 1 && len(sc.buy.Purchase.Goods) > 0},
		{"Goods cards kept", len(sc.endPurchase.Keep) > 0},
		{"a statement of numbers", len(sc.offer.Part.Statement.Numbers) > 0 && !sc.offer.Part.Statement.PointsStated},
		{"the first view in step 4, no hand", sc.attackBefore.Phase == risk.PhaseAttack && sc.attackBefore.Hand == nil},
		{"a roll in the attack's events", len(attack[risk.EventRoll]) == 1 && len(attack[risk.EventRoll][0].Attack) == 3},
		{"territories changed by the roll", len(ad.Changed) > 0 && ad.Head != nil},
		{"a trading view with a hand, a territory card and an Empire card", tv.Hand != nil && tv.Cards != nil && tv.Players[0].Empire != nil},
		{"Ansom's own offer with its cards", mine},
		{"Jillian's offer without its cards", theirs},
		{"a concurrent trading step", sc.tradeStep.Mode == ruleset.Concurrent && sc.tradeStep.Since > 0 && sc.tradeStep.Since < sc.tradeStep.Seq},
		{"a trade with its cards", len(trade[risk.EventTrade]) == 1 && len(trade[risk.EventTrade][0].Goods) == 6},
		{"the hand and offers in the trade's delta", td.Parts&(8|4|1) == 8|4|1},
	} {
		if !c.ok {
			t.Errorf("the risk scene lacks %s", c.what)
		}
	}
}
