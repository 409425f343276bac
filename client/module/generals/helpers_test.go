package generals

import (
	"image"
	"slices"
	"testing"

	"github.com/ebitenui/ebitenui/widget"

	"empires/assets"
	"empires/client/menu"
	"empires/client/prefs"
	rules "empires/shared/rules/generals"
	"empires/shared/rules/generals/cards"
	"empires/shared/ruleset"
	"empires/shared/wire"
)

// fakeHost is a Host that keeps what the screen asks of it.
type fakeHost struct {
	theme   *menu.Theme
	notices []string
	changed int
	acts    [][]byte
	mapR    image.Rectangle
	anim    string
}

func (h *fakeHost) Theme() *menu.Theme             { return h.theme }
func (h *fakeHost) Notify(msg string)              { h.notices = append(h.notices, msg) }
func (h *fakeHost) OpenWindow(c *widget.Container) {}
func (h *fakeHost) CloseWindow()                   {}
func (h *fakeHost) PanelWidth() int                { return 290 }
func (h *fakeHost) Changed(bool)                   { h.changed++ }
func (h *fakeHost) Act(a []byte) bool              { h.acts = append(h.acts, a); return true }
func (h *fakeHost) Prefs() prefs.Prefs {
	p := prefs.Default()
	if h.anim != "" {
		p.AnimSpeed = h.anim
	}
	return p
}

func (h *fakeHost) MapRect() image.Rectangle {
	if h.mapR.Empty() {
		return image.Rect(0, 40, 694, 768)
	}
	return h.mapR
}

// MapInSight is the map above the log, as the shell's: the log 170
// pixels high.
func (h *fakeHost) MapInSight() image.Rectangle {
	r := h.MapRect()
	r.Max.Y -= 170
	return r
}

// lastAct decodes the last action sent.
func (h *fakeHost) lastAct(t *testing.T) rules.Action {
	t.Helper()
	if len(h.acts) == 0 {
		t.Fatal("no action sent")
	}
	var a rules.Action
	if err := wire.Unmarshal(h.acts[len(h.acts)-1], &a); err != nil {
		t.Fatal(err)
	}
	return a
}

// collection loads the built-in card collection.
func collection(t testing.TB) *cards.Collection {
	t.Helper()
	c, err := cards.Load(assets.Rules(), cards.Dir)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// scripted is a Legal whose moves are a fixed list (the engine's, as a
// test writes them) and whose Why refuses everything else with why.
func scripted(moves []rules.Action, why string) Legal {
	return Legal{
		Moves: func(v *rules.View) []rules.Action {
			out := slices.Clone(moves)
			for i := range out {
				out[i].Seq = v.Seq
			}
			return out
		},
		Why: func(v *rules.View, a rules.Action) string {
			for _, m := range moves {
				m.Seq = a.Seq
				if sameAction(m, a) {
					return ""
				}
			}
			return why
		},
	}
}

// The cards the tests' tables hold.
const (
	attila   rules.CardID = "EGFETHG1" // General 7/7
	uldin    rules.CardID = "EGFETHG3" // General 4/5, attack: strength +2 this
	warrior  rules.CardID = "EGFETHS1a"
	archers  rules.CardID = "EGFETHS2" // 3/2, ability 1 wood: strength +1 this
	platoon  rules.CardID = "EGFETHS4" // 3/3
	laager   rules.CardID = "EGFETHS5" // 0/6
	herds    rules.CardID = "EGFETHK1"
	pastures rules.CardID = "EGFETHR1"
	storm    rules.CardID = "EGFETHT2"
	romeGen  rules.CardID = "EGFERMG1"
	romeSol  rules.CardID = "EGFERMS1"
	romeSol2 rules.CardID = "EGFERMS2"
)

// tableView is seat 1's view of a game of n players in its Army Phase:
// a hand of seven, a General and two Soldiers of its own in play, each
// other player with a Soldier in its Warcamp and one in its
// Battlefield.
func tableView(n int) *rules.View {
	v := &rules.View{Seat: 1, Seq: 9, Phase: rules.PhaseArmy, Turn: 5, Round: 3, Rounds: 40, Active: 1, Win: 5, Lose: -5,
		Pool: []cards.Amount{{N: 2, Resource: "food"}, {N: 1, Resource: "horse"}}}
	v.Hand = []rules.CardID{attila, warrior, archers, herds, storm, pastures, platoon}
	ref := rules.Ref(1)
	for s := 1; s <= n; s++ {
		p := rules.PlayerView{Seat: ruleset.Seat(s), Health: (s % 5) - 2, Hand: 5, Draw: 20, Supply: 12, HandLimit: 7, Generals: 1,
			Discard: []rules.CardID{warrior, storm}}
		add := func(id rules.CardID, z rules.Zone, st, life int) {
			p.Table = append(p.Table, rules.InPlay{Ref: ref, Card: id, Zone: z, Strength: st, Life: life})
			ref++
		}
		if s == 1 {
			p.Hand = len(v.Hand)
			add(pastures, rules.ZoneResource, 0, 0)
			p.Table[len(p.Table)-1].Harvest = []cards.Amount{{N: 1, Resource: "horse"}}
			add(herds, rules.ZoneKingdom, 0, 0)
			add(uldin, rules.ZoneBattlefield, 4, 5)
			add(archers, rules.ZoneWarcamp, 3, 2)
			add(platoon, rules.ZoneWarcamp, 3, 3)
			p.Table[len(p.Table)-1].Pulled = true
		} else {
			add(romeSol, rules.ZoneWarcamp, 2, 3)
			add(romeSol2, rules.ZoneBattlefield, 3, 2)
		}
		v.Players = append(v.Players, p)
	}
	return v
}

// Refs in tableView: seat 1 holds 1 (resource), 2 (kingdom), 3 (Uldin,
// Battlefield), 4 (archers, Warcamp), 5 (platoon, Warcamp, pulled); seat
// 2 holds 6 (Warcamp) and 7 (Battlefield).

// newScreen shows v on a new screen whose moves are moves.
func newScreen(t *testing.T, v *rules.View, moves []rules.Action) (*Screen, *fakeHost) {
	t.Helper()
	th, err := menu.NewTheme()
	if err != nil {
		t.Fatal(err)
	}
	h := &fakeHost{theme: th}
	s, err := NewScreen(collection(t), scripted(moves, "not in this phase"), h)
	if err != nil {
		t.Fatal(err)
	}
	s.show(v)
	return s, h
}
