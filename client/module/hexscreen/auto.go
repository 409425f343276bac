package hexscreen

import (
	"errors"
	"fmt"
	"slices"

	"empires/client/model"
	"empires/shared/game"
	"empires/shared/hex"
)

// Autoplay implements module.Autoplayer: the turn's orders as a plain
// player gives them (giveOrders).
func (g *Screen) Autoplay() error {
	if g.model == nil || g.watching {
		return errors.New("autoplay: no game to play")
	}
	return g.giveOrders()
}

// giveOrders gives the turn's orders as a player would: for each city and
// each army of the player, the choice the ruleset's module suggests (a
// Warlord or units in a city; a Warlord without units takes a garrison's),
// and a move as far as it can go for every army that can move. It ends
// with the first army that moves selected, so the screenshot shows its
// reach.
func (g *Screen) giveOrders() error {
	if g.model.OrderLimit() == 1 {
		return g.giveOneOrder()
	}
	v := g.model.View()
	for _, c := range v.Cities {
		if c.Owner != v.You {
			continue
		}
		if ch, ok := g.mod.Suggest(g.model, model.Selection{Active: true, Hex: c.Hex, City: c.ID}); ok {
			g.model.Click(c.Hex)
			g.choose(ch)
		}
	}
	for _, a := range v.Armies {
		if a.Owner != v.You {
			continue
		}
		if ch, ok := g.mod.Suggest(g.model, model.Selection{Active: true, Hex: a.Hex, Army: a.ID}); ok {
			g.choose(ch)
		}
	}
	var first game.ArmyID
	for _, a := range v.Armies {
		if a.Owner != v.You || a.Carrier != 0 {
			continue
		}
		moved, err := moveFar(g, a.ID, a.Hex)
		if err != nil {
			return err
		}
		if moved && first == 0 {
			first = a.ID
		}
	}
	if first != 0 {
		g.model.SelectArmy(first)
	}
	g.ordersChanged()
	return nil
}

// giveOneOrder gives the day's one order of a ruleset that allows one a
// turn, as a player would: an army that may found a city founds it; on
// odd turns a city takes what the module suggests (recruits); else the
// first army that can move goes as far as it can, and stays selected.
func (g *Screen) giveOneOrder() error {
	defer g.ordersChanged()
	v := g.model.View()
	for _, a := range v.Armies {
		if a.Owner != v.You {
			continue
		}
		if ch, ok := g.mod.Suggest(g.model, model.Selection{Active: true, Hex: a.Hex, Army: a.ID}); ok {
			g.model.SelectArmy(a.ID)
			g.choose(ch)
			return nil
		}
	}
	if v.Turn%2 == 1 {
		for _, c := range v.Cities {
			if c.Owner != v.You {
				continue
			}
			if ch, ok := g.mod.Suggest(g.model, model.Selection{Active: true, Hex: c.Hex, City: c.ID}); ok {
				g.model.Click(c.Hex)
				g.choose(ch)
				return nil
			}
		}
	}
	for _, a := range v.Armies {
		if a.Owner != v.You || a.Carrier != 0 {
			continue
		}
		moved, err := moveFar(g, a.ID, a.Hex)
		if err != nil {
			return err
		}
		if moved {
			g.model.SelectArmy(a.ID)
			return nil
		}
	}
	return nil
}

// moveFar gives army a, on hex at, a move to the dearest hex of its
// reach (the first of them by coordinates), and reports whether it could
// move at all.
func moveFar(g *Screen, a game.ArmyID, at hex.Hex) (bool, error) {
	reach := g.model.Reach(a)
	var best hex.Hex
	bestCost := 0
	keys := make([]hex.Hex, 0, len(reach))
	for h := range reach {
		keys = append(keys, h)
	}
	slices.SortFunc(keys, func(x, y hex.Hex) int {
		if x.Q != y.Q {
			return x.Q - y.Q
		}
		return x.R - y.R
	})
	for _, h := range keys {
		if c := reach[h]; h != at && c > bestCost {
			best, bestCost = h, c
		}
	}
	if bestCost == 0 {
		return false, nil
	}
	plan, err := g.model.PlanPath(a, best)
	if err != nil {
		return false, fmt.Errorf("autoplay: plan army %d to %s: %w", a, best, err)
	}
	if !plan.Reachable || plan.Refused != "" {
		return false, fmt.Errorf("autoplay: army %d to %s, a hex of its reach: not reachable, or refused: %q", a, best, plan.Refused)
	}
	g.model.SetMove(a, plan.Sent, false)
	return true, nil
}
