package erfpires

import (
	"slices"
	"strings"
	"testing"

	"empires/shared/game"
	"empires/shared/hex"
	ep "empires/shared/rules/erfpires"
)

// TestLongMoveGoesAsFarAsItCan: "Move – Choose one Army to move two
// hexes." The server refuses a path of more than two hexes, so a move
// planned four hexes away is drafted as its first two: the preview says
// it goes as far as it can today, and the order the player sends is one
// the server takes.
func TestLongMoveGoesAsFarAsItCan(t *testing.T) {
	r, s := scenario(t, smallMap)
	a := addArmy(t, r, s, 1, 0, 4, "2 infantry")
	m := modelOf(t, r, s, 1)
	goal := at(4, 4)
	for _, tt := range []struct {
		to          hex.Hex
		steps, sent int
		cut         bool
	}{
		{at(1, 4), 1, 1, false},
		{at(2, 4), 2, 2, false},
		{goal, 4, 2, true},
	} {
		p, err := m.PlanPath(a, tt.to)
		if err != nil {
			t.Fatalf("plan to %s: %v", tt.to, err)
		}
		if p.Steps != tt.steps || len(p.Sent) != tt.sent || p.Cut() != tt.cut || p.Refused != "" {
			t.Errorf("plan to %s: %d steps, sends %d, cut %v, refused %q; want %d, %d, %v, none",
				tt.to, p.Steps, len(p.Sent), p.Cut(), p.Refused, tt.steps, tt.sent, tt.cut)
		}
		if !slices.Equal(p.Sent, p.Path[:len(p.Sent)]) {
			t.Errorf("plan to %s sends %v, not the start of its path %v", tt.to, p.Sent, p.Path)
		}
	}
	p, err := m.MoveTo(a, goal, false)
	if err != nil {
		t.Fatal(err)
	}
	o, ok := m.MoveDraft(a)
	if !ok || !slices.Equal(o.Path, p.Path[:2]) {
		t.Fatalf("the move drafted: %+v, %v; want the first 2 hexes of %v", o, ok, p.Path)
	}
	if d := m.Drafts(); len(d) != 1 || d[0].Err != "" || !strings.HasPrefix(d[0].Label, "Move army 1: 2 steps to ("+p.Path[1].String()+")") {
		t.Errorf("the drafts: %+v, want the 2-step move, which the server takes", d)
	}
	if errs := game.ValidateOrders(s, r, 1, m.Orders()); errs != nil {
		t.Errorf("the server refuses the orders sent: %v", errs[0])
	}
}

// TestRefusedMoveIsNotDrafted: a move the server would refuse, whole or
// cut to today's part, is not drafted, and the plan says why: "That
// Erfpire may not attack you for a week" (Red took Blue's tribute).
func TestRefusedMoveIsNotDrafted(t *testing.T) {
	r, s := scenario(t, smallMap)
	a := addArmy(t, r, s, 1, 0, 4, "2 infantry")
	addArmy(t, r, s, 2, 1, 4, "1 infantry")
	s.Player(1).Stock[ep.StockTruce+1] = 6 // Red took Blue's tribute: no attack on Blue to day 6
	m := modelOf(t, r, s, 1)
	p, err := m.PlanPath(a, at(1, 4))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(p.Refused, "you may not attack them before day 7") || p.Sent != nil {
		t.Errorf("the attack on Blue's army: refused %q, sends %v; want refused for the truce, nothing sent", p.Refused, p.Sent)
	}
	if _, err := m.MoveTo(a, at(1, 4), true); err == nil || err.Error() != p.Refused {
		t.Errorf("MoveTo: %v, want the refusal %q", err, p.Refused)
	}
	if d := m.Drafts(); d != nil {
		t.Errorf("a refused move drafted: %+v", d)
	}
}

// TestOntoAnEnemyIsAnAttack: "If an Army enters a hex with an Army from
// another force, battle ensues…" CHOICE: a plain Move stops before an
// enemy its army sees ("enemy ahead"), spending the day's only order, so
// the client never drafts one onto an enemy in sight: a click or a right
// click (MoveTo) on a hex where the player sees an enemy army, or an enemy
// city with no army (it defends itself), plans and drafts an Attack (the
// path's tooltip then says "right-click or drag to attack"), which the
// server takes; and a path to a hex beyond goes around it.
func TestOntoAnEnemyIsAnAttack(t *testing.T) {
	for _, tt := range []struct {
		name  string
		enemy func(r *ep.Rules, s *game.State)
		click bool
	}{
		{"an enemy army, a click", func(r *ep.Rules, s *game.State) { addArmy(t, r, s, 2, 1, 4, "1 infantry") }, true},
		{"an enemy army, a right click", func(r *ep.Rules, s *game.State) { addArmy(t, r, s, 2, 1, 4, "1 infantry") }, false},
		{"an enemy city with no army, a click", func(r *ep.Rules, s *game.State) { addCity(r, s, 2, 1, 4) }, true},
		{"an enemy city with no army, a right click", func(r *ep.Rules, s *game.State) { addCity(r, s, 2, 1, 4) }, false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			r, s := scenario(t, smallMap)
			a := addArmy(t, r, s, 1, 0, 4, "2 infantry")
			tt.enemy(r, s)
			m := modelOf(t, r, s, 1)
			enemy := at(1, 4)
			p, err := m.PlanPath(a, enemy)
			if err != nil || !p.Attack || p.Refused != "" {
				t.Fatalf("the plan onto the enemy: %+v, %v; want an attack the server takes", p, err)
			}
			if beyond, err := m.PlanPath(a, at(2, 4)); err != nil || slices.Contains(beyond.Path, enemy) {
				t.Errorf("the plan to the hex beyond: %+v, %v; want a path around the enemy", beyond, err)
			}
			m.SelectArmy(a)
			if tt.click {
				m.Click(enemy)
			} else if _, err := m.MoveTo(a, enemy, false); err != nil {
				t.Fatal(err)
			}
			o, ok := m.MoveDraft(a)
			if !ok || o.Kind != game.OrderAttack || !slices.Equal(o.Path, []hex.Hex{enemy}) {
				t.Fatalf("the order drafted: %+v, %v; want an Attack onto %s", o, ok, enemy)
			}
			if errs := game.ValidateOrders(s, r, 1, m.Orders()); errs != nil {
				t.Fatalf("the server refuses the attack: %v", errs[0])
			}
			ev := game.Resolve(s, r, []game.PlayerOrders{{Player: 1, Orders: m.Orders()}})
			fought := false
			for _, e := range ev.List {
				fought = fought || e.Kind == game.EventBattle
				if e.Kind == game.EventBlocked && e.Player == 1 {
					t.Errorf("the attack stopped: %q", e.Text)
				}
			}
			if !fought {
				t.Error("the attack fought no battle")
			}
		})
	}
}
