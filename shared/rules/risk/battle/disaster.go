package battle

import (
	"fmt"
	"maps"
	"slices"

	"empires/shared/rules/risk/board"
)

// CityValue is the armies a city is worth. In a disaster: "In general,
// where a player needs to count the number of armies he has, or has to
// lose some number of armies, a city always counts as the equivalent of 3
// armies." In combat: "A city is converted into 3 armies, provided there
// are sufficient army markers in the player's stock" (Attack.CityArmies).
const CityValue = 3

// Holding is what a player has in one territory.
type Holding struct {
	Armies int
	City   bool
}

// Value returns the armies the holding counts for in a disaster: its
// armies, and 3 for its city (CityValue).
func (h Holding) Value() int {
	if h.City {
		return h.Armies + CityValue
	}
	return h.Armies
}

// take returns the holding after it loses n armies, n at most Value()-1,
// a city counting as 3.
//
// CHOICE: the armies are lost first; the city is converted into 3 armies
// only when the armies cannot pay the whole loss, and those pay the rest.
// So a loss equal to the armies leaves the city standing alone (a city
// still counts as 3 armies: the player keeps "one army"), and a city with
// 2 armies that loses 4 becomes 1 army. The document lets the player keep
// a city it is not forced to give up, and this is the way that keeps it.
func (h Holding) take(n int) Holding {
	if n <= h.Armies {
		h.Armies -= n
		return h
	}
	return Holding{Armies: h.Armies + CityValue - n}
}

// Holdings is what the player a disaster strikes has on the board, by
// territory. A territory absent, or with no armies and no city, is not
// his.
type Holdings map[board.TerritoryID]Holding

// check refuses holdings in territories the board does not have, or of
// fewer than no armies.
func (h Holdings) check(b *board.Board) error {
	for _, t := range slices.Sorted(maps.Keys(h)) {
		if b.Territory(t) == nil {
			return fmt.Errorf("holdings in territory %d, which board %q does not have", t, b.Name)
		}
		if h[t].Armies < 0 {
			return fmt.Errorf("holdings of %d armies in %s", h[t].Armies, b.Territory(t).Name)
		}
	}
	return nil
}

// Disaster is a kind of disaster: the document's Table 2 gives each a suit
// of the Goods cards' Queens and Kings.
type Disaster uint8

// The disasters of Table 2.
const (
	Quakes Disaster = iota + 1 // Diamonds
	Floods                     // Hearts
	Plague                     // Spades
	Riots                      // Clubs
)

// String returns the disaster's name as the document writes it.
func (d Disaster) String() string {
	switch d {
	case Quakes:
		return "'Quakes"
	case Floods:
		return "Floods"
	case Plague:
		return "Plague"
	case Riots:
		return "Riots"
	}
	return fmt.Sprintf("Disaster(%d)", uint8(d))
}

// Strike is what a disaster did in one territory, in the order it was
// resolved: the dice and their modifiers, and the holding before and
// after.
type Strike struct {
	Territory board.TerritoryID
	// Check is the die that decides whether the territory is struck (the
	// plague's red die, a riot's die), 0 when there is none (quakes and
	// floods strike every marked territory). The territory is struck when
	// Check+CheckMod is at most Need. CheckMod is +1 with Medicine II (a
	// plague) or Riot Gear (a riot).
	Check, CheckMod, Need int
	Struck                bool
	// Die is the die rolled for the armies lost (quakes, floods, the
	// plague's white die), 0 for a riot. DieMod is added to it: +1 for a
	// King, -1 for the Storm or 'Quake Shelter or Medicine I.
	Die, DieMod int
	// Lost is the armies the territory lost, its city counting as 3:
	// Die+DieMod, at least 0, at most what leaves one army; 2 for a riot
	// (a city becomes 1 army).
	Lost          int
	Before, After Holding
}

// Report is one disaster resolved.
type Report struct {
	Disaster Disaster
	// King is set when the card was a King: "King card adds +1 to any die
	// roll to determine the number of armies lost".
	King bool
	// Continent is where a plague struck: 0 for other disasters, or when
	// the player had no armies.
	Continent board.ContinentID
	// Strikes are the territories the disaster checked, in order.
	Strikes []Strike
	// GoodsLost is the Goods cards the player loses to a riot: "Also
	// lose 1 Goods Card per city affected." The cards package takes
	// them.
	GoodsLost int
}

// Lost returns the armies the disaster cost, cities counting as 3.
func (r Report) Lost() int {
	n := 0
	for _, s := range r.Strikes {
		n += s.Lost
	}
	return n
}

// Apply returns a copy of h with every struck territory as the report
// leaves it. h is not changed.
func (r Report) Apply(h Holdings) Holdings {
	out := maps.Clone(h)
	if out == nil {
		out = Holdings{}
	}
	for _, s := range r.Strikes {
		if s.Struck {
			out[s.Territory] = s.After
		}
	}
	return out
}

// ResolveQuakes resolves a 'Quakes card (Diamonds) for the player holding
// h: "A player affected by Floods or Quakes must roll a die for each
// territory in which can be so affected (Table 3 below), and in which he
// has armies. The die roll for each territory indicates the number of
// armies lost there (add one to the die roll if the King card has been
// played). Regardless of the die roll, a player will always retain one
// army after a Disaster." The 'Quake Shelter (3 Diamonds): "Subtract one
// from the die roll when determining the number of armies lost through
// 'Quakes." The territories are the board's Quake marks, in ID order, one
// die each.
//
// CHOICE: a territory where the player has only a city is struck too: the
// city counts as 3 armies (Holding.take says how a city pays a loss).
func ResolveQuakes(b *board.Board, h Holdings, bon Bonuses, king bool, r Roller) (Report, error) {
	return natural(b, h, Quakes, func(t *board.Territory) bool { return t.Quake }, bon.QuakeShelter, king, r)
}

// ResolveFloods resolves a Floods card (Hearts) for the player holding h
// as ResolveQuakes does a 'Quakes card, in the territories the board marks
// for Floods; the Storm Shelter (3 Hearts): "Subtract one from the die
// roll when determining the number of armies lost through Floods."
func ResolveFloods(b *board.Board, h Holdings, bon Bonuses, king bool, r Roller) (Report, error) {
	return natural(b, h, Floods, func(t *board.Territory) bool { return t.Flood }, bon.StormShelter, king, r)
}

// natural resolves quakes or floods: a die for each marked territory held.
func natural(b *board.Board, h Holdings, d Disaster, marked func(*board.Territory) bool, shelter, king bool, r Roller) (Report, error) {
	if err := h.check(b); err != nil {
		return Report{}, fmt.Errorf("battle: %v: %w", d, err)
	}
	rep := Report{Disaster: d, King: king}
	mod := lossMod(king, shelter)
	for i := range b.Territories {
		t := &b.Territories[i]
		if !marked(t) || h[t.ID].Value() == 0 {
			continue
		}
		s := Strike{Territory: t.ID, Struck: true, Die: r.Die(), DieMod: mod, Before: h[t.ID]}
		s.Lost = min(max(0, s.Die+s.DieMod), s.Before.Value()-1)
		s.After = s.Before.take(s.Lost)
		rep.Strikes = append(rep.Strikes, s)
	}
	return rep, nil
}

// lossMod is what is added to a die of armies lost: +1 for a King, -1 for
// a card that shelters from it.
func lossMod(king, shelter bool) int {
	n := 0
	if king {
		n++
	}
	if shelter {
		n--
	}
	return n
}

// PlagueChoices are the player's choices among the places tied for the
// most of his armies: "If, in either case, he has one or more places with
// an equal number of his armies, he can choose which one is affected." A
// function is called only when two or more are tied, with the tied places
// in ID order, and must return one of them. A nil function picks the
// lowest ID.
type PlagueChoices struct {
	Continent func(tied []board.ContinentID) board.ContinentID
	Territory func(tied []board.TerritoryID) board.TerritoryID
}

// PlagueTerritories is the most territories a plague checks: "has checked
// 5 territories (in each case lowering the number to be rolled by 1)".
const PlagueTerritories = 5

// ResolvePlague resolves a Plague card (Spades) for the player holding h.
// "He must pick, in order: the continent with the most number of his
// armies; the territory in that continent with the most number of his
// armies." "For the starting territory he rolls two dice (one red, one
// white). If the number on the red die is 5 or less, that territory is
// affected by plague and loses the number of armies shown on the white
// die." "The player then determines the next territory affected by the
// plague: this is a territory adjacent to the first with the most number
// of his armies in it ... If the number on the red die is 4 or less ...
// Note that adjacent territories include those linked by lines across seas
// or oceans." "This procedure is repeated until a player has no more
// territories which can be affected, or has checked 5 territories (in each
// case lowering the number to be rolled by 1). In each case, a player may
// always retain one army in each territory affected." With a King the
// white die has +1; Medicine I (6 Hearts) takes 1 from it, Medicine II (9
// Hearts) adds 1 to the red die. Ties are broken by choose.
//
// Each territory checked rolls the red die, then the white, from r, both
// always (the document's example rolls a white die where the red one
// spared the territory). Armies are counted with a city as 3, as they
// stand when the count is made (after the plague's earlier losses).
//
// CHOICE: the plague stays in the continent where it began (Table 2:
// "Territories within a continent"), and each next territory is adjacent
// to the one checked last, struck or not, and not checked before. The
// document's example goes from New Guinea, which the plague spared, to
// Eastern Australia, which is not adjacent to Indonesia where it began.
func ResolvePlague(b *board.Board, h Holdings, bon Bonuses, king bool, r Roller, choose PlagueChoices) (Report, error) {
	if err := h.check(b); err != nil {
		return Report{}, fmt.Errorf("battle: plague: %w", err)
	}
	rep := Report{Disaster: Plague, King: king}
	now := maps.Clone(h)

	// The continent with the most of his armies.
	counts := make(map[board.ContinentID]int)
	for _, id := range slices.Sorted(maps.Keys(now)) {
		if v := now[id].Value(); v > 0 {
			c := b.Territory(id).Continent
			if b.Continent(c) == nil {
				return Report{}, fmt.Errorf("battle: plague: %s is in continent %d, which board %q does not have", b.Territory(id).Name, c, b.Name)
			}
			counts[c] += v
		}
	}
	if len(counts) == 0 {
		return rep, nil
	}
	cont, err := pick(slices.Sorted(maps.Keys(counts)), func(c board.ContinentID) int { return counts[c] }, choose.Continent)
	if err != nil {
		return Report{}, fmt.Errorf("battle: plague: the continent: %w", err)
	}
	rep.Continent = cont

	checked := make(map[board.TerritoryID]bool)
	candidates := b.Continent(cont).Territories
	redMod := 0
	if bon.MedicineII {
		redMod = 1
	}
	whiteMod := lossMod(king, bon.MedicineI)
	for step := range PlagueTerritories {
		var open []board.TerritoryID
		for _, t := range candidates {
			if tt := b.Territory(t); tt != nil && tt.Continent == cont && !checked[t] && now[t].Value() > 0 {
				open = append(open, t)
			}
		}
		if len(open) == 0 {
			break
		}
		slices.Sort(open)
		t, err := pick(open, func(t board.TerritoryID) int { return now[t].Value() }, choose.Territory)
		if err != nil {
			return Report{}, fmt.Errorf("battle: plague: choosing the territory checked %d of at most %d: %w", step+1, PlagueTerritories, err)
		}
		checked[t] = true
		s := Strike{
			Territory: t,
			Check:     r.Die(), CheckMod: redMod, Need: PlagueTerritories - step,
			Die: r.Die(), DieMod: whiteMod,
			Before: now[t],
		}
		s.Struck = s.Check+s.CheckMod <= s.Need
		s.After = s.Before
		if s.Struck {
			s.Lost = min(max(0, s.Die+s.DieMod), s.Before.Value()-1)
			s.After = s.Before.take(s.Lost)
			now[t] = s.After
		}
		rep.Strikes = append(rep.Strikes, s)
		candidates = b.Territory(t).Links
	}
	return rep, nil
}

// pick returns the place of places (in ID order) with the most armies,
// asking choose among those tied for it (the lowest when choose is nil).
func pick[ID comparable](places []ID, armies func(ID) int, choose func([]ID) ID) (ID, error) {
	best := 0
	var tied []ID
	for _, p := range places {
		switch v := armies(p); {
		case v > best:
			best, tied = v, []ID{p}
		case v == best:
			tied = append(tied, p)
		}
	}
	if len(tied) == 1 || choose == nil {
		return tied[0], nil
	}
	c := choose(slices.Clone(tied))
	if !slices.Contains(tied, c) {
		return c, fmt.Errorf("the choice %v is not one of %v, tied for the most armies", c, tied)
	}
	return c, nil
}

// ResolveRiots resolves a Riots card (Clubs) for the player holding h,
// who checks his cities in order (nil: in ID order). "The player affected
// by Riots must first specify the order in which he will check for Riots
// in his Cities ... If there are 5 Cities, the chance of the first city
// being affected are 5 in 6 (i.e. if a player rolls 5 or less on the die,
// the city is affected); the chance of the second city being affected are
// 4 in 6, and so on." "The effect of a Riot is always the same: that city
// is removed and 1 army put in its place." Table 2: "Also lose 1 Goods
// Card per city affected" (Report.GoodsLost). Riot Gear (9 Diamonds): "Add
// one to the die roll when determining if a city is affected by a Riot."
// One die for each city, in order, from r; a King changes nothing here
// ("not ... the roll to see if Riots affect a city").
//
// CHOICE: Riot Gear's +1 is added to the roll, which must be at most the
// number for the city to riot: it makes a riot less likely (the first of 5
// cities riots on a 4 or less), as a card that protects must. A city that
// riots becomes 1 army beside the armies already there.
func ResolveRiots(b *board.Board, h Holdings, bon Bonuses, order []board.TerritoryID, r Roller) (Report, error) {
	if err := h.check(b); err != nil {
		return Report{}, fmt.Errorf("battle: riots: %w", err)
	}
	var cities []board.TerritoryID
	for _, t := range slices.Sorted(maps.Keys(h)) {
		if h[t].City {
			cities = append(cities, t)
		}
	}
	if order == nil {
		order = cities
	}
	if err := checkOrder(b, order, cities); err != nil {
		return Report{}, fmt.Errorf("battle: riots: %w", err)
	}
	rep := Report{Disaster: Riots}
	mod := 0
	if bon.RiotGear {
		mod = 1
	}
	for i, t := range order {
		s := Strike{Territory: t, Check: r.Die(), CheckMod: mod, Need: len(cities) - i, Before: h[t]}
		s.Struck = s.Check+s.CheckMod <= s.Need
		s.After = s.Before
		if s.Struck {
			s.After = Holding{Armies: s.Before.Armies + 1}
			s.Lost = CityValue - 1
			rep.GoodsLost++
		}
		rep.Strikes = append(rep.Strikes, s)
	}
	return rep, nil
}

// checkOrder refuses an order of the cities that is not each of them once.
func checkOrder(b *board.Board, order, cities []board.TerritoryID) error {
	seen := make(map[board.TerritoryID]bool)
	for _, t := range order {
		switch {
		case !slices.Contains(cities, t):
			name := fmt.Sprint("territory ", t)
			if tt := b.Territory(t); tt != nil {
				name = tt.Name
			}
			return fmt.Errorf("the order names %s, where the player has no city", name)
		case seen[t]:
			return fmt.Errorf("the order names %s twice", b.Territory(t).Name)
		}
		seen[t] = true
	}
	if len(order) != len(cities) {
		return fmt.Errorf("the order names %d of the player's %d cities", len(order), len(cities))
	}
	return nil
}
