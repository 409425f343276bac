package erfpires

import (
	"cmp"
	"fmt"
	"slices"

	"empires/shared/game"
	"empires/shared/hex"
	"empires/shared/words"
)

// economy runs game.PhaseIncome: the day's Tax, Trade and Tribute orders.
// What each brings is reckoned on the state as the day began, for every
// player at once, then paid: taxes, trades, tributes.
func (r *Rules) economy(s *game.State, orders []game.PlayerOrders, ev *game.Events) {
	type tax struct {
		p                    game.PlayerID
		revenue, maintenance int64
	}
	type tribute struct {
		from, to game.PlayerID
		gift     int64
	}
	var taxes []tax
	var tributes []tribute
	tradeWith := make([]game.PlayerID, len(s.Players)+1)
	gain := make([]int64, len(s.Players)+1)
	for _, po := range orders {
		p := po.Player
		for i := range po.Orders {
			o := &po.Orders[i]
			switch o.Kind {
			case OrderTax:
				rev, mnt := r.TaxOf(s, p)
				taxes = append(taxes, tax{p, rev, mnt})
			case OrderTrade:
				tradeWith[p] = o.Player
				rev, mnt := r.TaxOf(s, p)
				gain[p] = r.D.TradeGain(rev, mnt)
			case OrderTribute:
				rev, _ := r.TaxOf(s, p)
				tributes = append(tributes, tribute{p, o.Player, r.D.TributeAmount(rev)})
			}
		}
	}
	for _, t := range taxes {
		pl := s.Player(t.p)
		net := t.revenue - t.maintenance
		money := r.D.Currency
		if net == 1 || net == -1 {
			money = words.Singular(money)
		}
		text := fmt.Sprintf("Tax: revenue %d, maintenance %d: %+d %s", t.revenue, t.maintenance, net, money)
		if pl.Treasury+net < 0 {
			text += fmt.Sprintf(" (the treasury of %d could not pay all the maintenance)", pl.Treasury)
			net = -pl.Treasury
		}
		pl.Treasury += net
		setStock(pl, StockLastTax, int32(s.Turn))
		ev.Add(game.Event{Turn: s.Turn, Kind: EventTax, Player: t.p, Amount: net, Text: text})
	}
	for p := 1; p < len(tradeWith); p++ {
		q := tradeWith[p]
		if q == 0 || int(q) >= len(tradeWith) {
			continue
		}
		pid := game.PlayerID(p)
		if tradeWith[q] != pid {
			ev.Add(game.Event{Turn: s.Turn, Kind: EventTrade, Player: pid,
				Text: fmt.Sprintf("no trade: %s did not trade with you today", q)})
			ev.Add(game.Event{Turn: s.Turn, Kind: EventTrade, Player: q,
				Text: fmt.Sprintf("%s offered to trade with you today, and you did not trade with them", pid)})
			continue
		}
		s.Player(pid).Treasury += gain[p]
		ev.Add(game.Event{Turn: s.Turn, Kind: EventTrade, Player: pid, Amount: gain[p],
			Text: fmt.Sprintf("traded with %s: +%d %s", q, gain[p], r.D.Currency)})
	}
	for _, t := range tributes {
		from, to := s.Player(t.from), s.Player(t.to)
		if to == nil || !to.Alive || from.Treasury < t.gift || t.gift < 1 {
			ev.Add(game.Event{Turn: s.Turn, Kind: game.EventOrderSkipped, Player: t.from,
				Text: fmt.Sprintf("tribute to %s skipped: it could not be paid", t.to)})
			continue
		}
		from.Treasury -= t.gift
		to.Treasury += t.gift
		last := s.Turn + game.Turn(r.D.Day.Week) - 1
		setStock(to, StockTruce+int(t.from)-1, max(stock(to, StockTruce+int(t.from)-1), int32(last)))
		setStock(from, StockProtected+int(t.to)-1, max(stock(from, StockProtected+int(t.to)-1), int32(last)))
		ev.Add(game.Event{Turn: s.Turn, Kind: EventTribute, Player: t.from, Amount: -t.gift,
			Text: fmt.Sprintf("gave %d %s in tribute to %s, who may not attack you until day %d", t.gift, r.D.Currency, t.to, last)})
		ev.Add(game.Event{Turn: s.Turn, Kind: EventTribute, Player: t.to, Amount: t.gift,
			Text: fmt.Sprintf("%s gave you %d %s in tribute: you may not attack them until day %d", t.from, t.gift, r.D.Currency, last)})
	}
}

// build runs game.PhaseBuild: the day's cities and structures. Each is
// checked against the whole state (what its builder could not see
// included). Building is simultaneous, so nobody was first: when builds of
// one day clash (two cities too close, structures of a kind on a hex past
// per_hex), lots drawn from the game's dice decide which are built, one
// after another as long as they clash with none built before; the others
// fail, their builders told who won the lot, and keep their money.
func (r *Rules) build(s *game.State, orders []game.PlayerOrders, ev *game.Events) {
	type job struct {
		p    game.PlayerID
		o    *game.Order
		fail string
	}
	var jobs []*job
	for _, po := range orders {
		for i := range po.Orders {
			if o := &po.Orders[i]; o.Kind == OrderBuildCity || o.Kind == OrderBuild {
				jobs = append(jobs, &job{p: po.Player, o: o, fail: r.buildFails(s, po.Player, o)})
			}
		}
	}
	var ok []*job
	for _, j := range jobs {
		if j.fail == "" {
			ok = append(ok, j)
		}
	}
	clash := func(a, b *job) bool {
		switch {
		case a.o.Kind != b.o.Kind:
			return false
		case a.o.Kind == OrderBuildCity:
			return hex.Distance(a.o.Hex, b.o.Hex) < r.D.City.MinDistance
		}
		return a.o.Unit == b.o.Unit && a.o.Hex == b.o.Hex && r.structuresOn(s, a.o.Hex, a.o.Unit)+2 > r.D.Structures[a.o.Unit].PerHex
	}
	clashes := false
	for i, a := range ok {
		for _, b := range ok[i+1:] {
			clashes = clashes || clash(a, b)
		}
	}
	if clashes {
		for i := len(ok) - 1; i > 0; i-- { // the lots: a shuffle with the game's dice
			k := s.RNG.IntN(i + 1)
			ok[i], ok[k] = ok[k], ok[i]
		}
		var built []*job
		for _, j := range ok {
			for _, b := range built {
				if clash(j, b) {
					what := "a city"
					if j.o.Kind == OrderBuild {
						what = "a " + r.D.Structures[j.o.Unit].Name
					}
					j.fail = fmt.Sprintf("%s built %s on hex %s the same day, and the lot fell to them", b.p, what, b.o.Hex)
					break
				}
			}
			if j.fail == "" {
				built = append(built, j)
			}
		}
	}
	for _, j := range jobs {
		if j.fail != "" {
			ev.Add(game.Event{Turn: s.Turn, Kind: game.EventOrderSkipped, Player: j.p, To: j.o.Hex,
				Text: fmt.Sprintf("%s skipped: %s", r.orderText(j.o), j.fail)})
			continue
		}
		pl := s.Player(j.p)
		if j.o.Kind == OrderBuildCity {
			pl.Treasury -= int64(r.D.City.Cost)
			id := s.AddCity(game.City{Owner: j.p, Hex: j.o.Hex, Level: 1})
			ev.Add(game.Event{Turn: s.Turn, Kind: game.EventBuild, Player: j.p, City: id, From: j.o.Hex, To: j.o.Hex,
				HasHex: true, Amount: int64(r.D.City.Cost), Text: fmt.Sprintf("built %s on hex %s", id, j.o.Hex)})
			continue
		}
		st := &r.D.Structures[j.o.Unit]
		pl.Treasury -= int64(st.Cost)
		id := s.AddStructure(game.Structure{Kind: game.StructureKind(j.o.Unit), Owner: j.p, Hex: j.o.Hex})
		ev.Add(game.Event{Turn: s.Turn, Kind: game.EventBuild, Player: j.p, From: j.o.Hex, To: j.o.Hex, HasHex: true,
			Amount: int64(st.Cost), Text: fmt.Sprintf("built a %s (%s) on hex %s", st.Name, id, j.o.Hex)})
	}
}

// buildFails returns why build order o of p cannot be carried out on the
// whole state, or "": the order's own checks again, and the cities p could
// not see. A city that p did not know of and that stops its city is
// revealed to p (remembered as seen today), as the refusal names it.
func (r *Rules) buildFails(s *game.State, p game.PlayerID, o *game.Order) string {
	if err := game.ValidateOrder(s, r, p, o); err != nil {
		return err.Error()
	}
	if o.Kind == OrderBuildCity {
		for i := range s.Cities {
			if c := &s.Cities[i]; hex.Distance(c.Hex, o.Hex) < r.D.City.MinDistance {
				reveal(s, p, c)
				return fmt.Sprintf("%s stands on hex %s, %d hexes away: no other city may be within %d hexes",
					c.ID, c.Hex, hex.Distance(c.Hex, o.Hex), r.D.City.MinDistance-1)
			}
		}
	}
	return ""
}

// reveal has player p remember city c as it is today.
func reveal(s *game.State, p game.PlayerID, c *game.City) {
	m := memory(s, p)
	if m == nil || c.Owner == p {
		return
	}
	cs := game.CitySighting{City: c.ID, Owner: c.Owner, Hex: c.Hex, Level: c.Level, Capital: c.Capital, Turn: s.Turn}
	i, found := slices.BinarySearchFunc(m.Cities, c.ID, func(x game.CitySighting, id game.CityID) int { return cmp.Compare(x.City, id) })
	if found {
		m.Cities[i] = cs
	} else {
		m.Cities = slices.Insert(m.Cities, i, cs)
	}
}

// structuresOn counts the structures of kind k on hex h.
func (r *Rules) structuresOn(s *game.State, h hex.Hex, k game.UnitKind) int {
	n := 0
	for _, i := range s.StructuresAt(h) {
		if s.Structures[i].Kind == game.StructureKind(k) {
			n++
		}
	}
	return n
}

// recruit runs game.PhaseRecruit: "Recruit – Spend smuckers to create a new
// Army, or add units to an existing army in a City."
func (r *Rules) recruit(s *game.State, orders []game.PlayerOrders, ev *game.Events) {
	for _, po := range orders {
		for i := range po.Orders {
			o := &po.Orders[i]
			if o.Kind != OrderRecruit {
				continue
			}
			if err := game.ValidateOrder(s, r, po.Player, o); err != nil {
				ev.Add(game.Event{Turn: s.Turn, Kind: game.EventOrderSkipped, Player: po.Player,
					Text: fmt.Sprintf("%s skipped: %s", r.orderText(o), err)})
				continue
			}
			c := s.City(o.City)
			s.Player(po.Player).Treasury -= r.D.UnitsCost(o.Units)
			units := game.Units(nil).Add(o.Units)
			if a := ownArmyAt(s, po.Player, c.Hex); a != nil {
				a.Units = a.Units.Add(units)
			} else {
				s.AddArmy(game.Army{Owner: po.Player, Hex: c.Hex, Units: units})
			}
			ev.Add(game.Event{Turn: s.Turn, Kind: EventRecruit, Player: po.Player, City: c.ID, From: c.Hex, To: c.Hex,
				HasHex: true, Amount: int64(units.Total()), Text: fmt.Sprintf("recruited %s in %s", r.unitsText(units), c.ID)})
		}
	}
}

// orderText names an order of the ruleset for messages.
func (r *Rules) orderText(o *game.Order) string {
	switch o.Kind {
	case OrderBuildCity:
		return fmt.Sprintf("build a city on hex %s", o.Hex)
	case OrderBuild:
		if int(o.Unit) < len(r.D.Structures) {
			return fmt.Sprintf("build a %s on hex %s", r.D.Structures[o.Unit].Name, o.Hex)
		}
	case OrderRecruit:
		return fmt.Sprintf("recruit in %s", o.City)
	}
	return o.String()
}
