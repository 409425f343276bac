package erfpires

import (
	"fmt"

	"empires/shared/game"
	"empires/shared/hex"
	"empires/shared/hexrules"
	"empires/shared/rulesfile"
)

// Rules plays Mighty Erfpires on the engine with the numbers of a Ruleset
// (the data file). It implements game.Ruleset, game.OrderLimiter ("Each
// day you can issue one order.") and game.CityDefender (see below).
//
// How the document's pieces map onto the engine:
//
//   - A turn is a day: day n is turn n (game.State.Turn). A week is
//     Day.Week days; days 1 to 7 are the first week.
//   - An army is a game.Army whose Units count Infantry, Flyers and Heavies
//     by kind (the index in Ruleset.Units). "Only one army is permitted in
//     a hex": CanStack refuses every stack, so an army waits rather than
//     enter a hex where another of its player's stands, and never retreats
//     onto one.
//   - Cities are game.Cities (Level 1, never a Capital). Farms, forts and
//     Dinglehoobers are game.Structures whose Kind is the index in
//     Ruleset.Structures: the engine shows them to the players who see
//     their hex and has the others remember them.
//   - Per-player counters live in game.Player.Stock at the Stock* indexes
//     (the days of taxes and truces); a per-army mark for the day in
//     game.Army.Flags (FlagMoving).
//   - The day runs PhaseDawn (days missed, the day's movers marked), the
//     economy (Tax, Trade, Tribute, reckoned for all at once on the state
//     as the day began), the builds, the recruits, the engine's movement
//     and battles, PhaseDusk (what armies do to the structures they stand
//     on; truces whose last day it was end), then victory.
//   - Builds are simultaneous: when builds of one day clash (two cities
//     too close, two structures of a kind on a hex past per_hex), lots
//     drawn with the game's dice decide which are built; the others fail
//     and keep their money. A city its builder could not see that stops a
//     city is named in the refusal and remembered by the builder.
//
// Cities defend themselves in the engine's sense (game.CityDefender): a
// city with no army on its hex is still its owner's, so an army must
// attack to enter it (an OrderMove stops short of it, like of an army),
// and takes it by a battle against nobody: the city has no forces of its
// own, the attacker wins at once (game.ReasonLastStanding) and the city is
// its player's at the end of the day. The battle is only the record of the
// taking, and the place where a truce is honoured (below).
//
// Battles ("When two Armies meet in the same hex, combat results"): each
// side with units rolls one die (combat.die_sides) and inflicts total
// Combat + die - the other side's total Defence hits, at least 0. A side
// in a City or a Fort of its own player gains the Defence of the best of
// them (city.defence, the fort's defence; they do not add up); a side
// within die_bonus_range of a Dinglehoober of its own adds die_bonus to its
// die (once). Each hit removes one unit, in combat.casualty_order, from
// the side's armies in ID order. Then: a side left with no units loses
// (game.ReasonLastStanding) and is gone; if both are gone nobody wins;
// otherwise the side that took more hits retreats one hex (ReasonMoreHits,
// hits counted as inflicted, beyond the units there were). On equal hits
// in a hex the attacker retreats (combat.tie_retreats; the engine's
// defender holds); two armies that clashed crossing one edge both hold
// their own hex (game.ReasonTieDraw). A side that must retreat and has no
// free hex (land, no enemy, no army of its own) is destroyed: the engine's
// "no room to retreat".
//
// Tribute and truce: after player G gives tribute to player R on day T,
// R may not attack G on days T to T+week-1. R's movement orders that
// would attack what R knows of G (an attack on a G army, a path into a
// hex where R sees or remembers a G army, city or structure) are refused
// with the day the truce ends. If R's army still meets G's (G's army came
// into its way unseen, say) in a battle that R's army moved into, no blow
// is struck (ReasonTruce): in a hex R's armies fall back one hex as if
// beaten but lose nothing; across an edge both hold their hex. If G
// attacks R, the battle is fought as any other: the truce binds only the
// receiver. An army of R that ends a day on a structure of G spares it.
//
// Autopilot: a player who sends no orders for a day gives no order that
// day; StockMissed counts the days missed in a row, and the server hands
// the seat to the AI after Autopilot.ReplaceAfterMissed of them.
type Rules struct {
	D *Ruleset
}

var (
	_ game.Ruleset      = (*Rules)(nil)
	_ game.CityDefender = (*Rules)(nil)
	_ game.OrderLimiter = (*Rules)(nil)
)

// NewRules returns the ruleset that plays with data d.
func NewRules(d *Ruleset) *Rules { return &Rules{D: d} }

// Indexes of game.Player.Stock.
const (
	// StockMissed counts the days in a row the player sent no orders. It
	// is counted at dawn: from then on in a day it is above 0 exactly when
	// the player is on autopilot.
	StockMissed = iota
	// StockLastTax is the day the player last taxed, 0 if never.
	StockLastTax
	// StockTruce+q-1 is the last day on which the player may not attack
	// player q, whose tribute it took; 0 for none.
	StockTruce
	// StockProtected+q-1 is the last day on which player q may not attack
	// the player, who gave it tribute; 0 for none.
	StockProtected = StockTruce + game.MaxPlayers
	// NumStock is the length of Stock.
	NumStock = StockProtected + game.MaxPlayers
)

// FlagMoving marks (in game.Army.Flags) an army with a movement order
// this day: set at dawn, cleared at dusk.
const FlagMoving uint32 = 1

// The order kinds of erfpires (game.Order.Kind), besides the engine's
// movement orders OrderMove, OrderAttack, OrderExplore and OrderFollow
// (Army and Path, Target or Dir; a path of at most army.move hexes).
// OrderStance is refused: armies take no standing orders. The fields each
// kind uses are listed; the rest stay zero.
const (
	// OrderBuildCity builds a City on Hex, where an army of the player
	// stands (Army: that army, or 0 for whichever stands there).
	OrderBuildCity = game.OrderRuleset + iota
	// OrderBuild builds a structure of kind game.StructureKind(Unit) (the
	// index in the data file's [[structure]] list: a Farm, a Fort, a
	// Dinglehoober) on Hex.
	OrderBuild
	// OrderRecruit recruits Units (counts by unit kind) in City, one of
	// the player's: they join the player's army there, or form a new one.
	OrderRecruit
	// OrderTax taxes the player's Erfpire.
	OrderTax
	// OrderTrade trades with Player, who must trade back the same day.
	OrderTrade
	// OrderTribute gives tribute to Player.
	OrderTribute
)

// The day's phases of erfpires besides the engine's.
const (
	// PhaseDawn starts the day: days missed, truces ended, movers marked.
	PhaseDawn = game.PhaseRuleset + iota
	// PhaseDusk ends the day's movement: armies take or raze the
	// structures they stand on; movers unmarked.
	PhaseDusk
)

// Event kinds of erfpires. Builds are the engine's game.EventBuild
// (Player, City for a city, To the hex, Amount the cost, Text what was
// built); battles, moves, captures of cities, eliminations and victory
// are the engine's too.
const (
	// EventRecruit: Player recruited Amount units in City (on To); Text
	// lists them.
	EventRecruit = game.EventRuleset + iota
	// EventTax: Player taxed and gained Amount (revenue less maintenance;
	// less if the treasury could not pay it all); Text gives the sums.
	EventTax
	// EventTrade: Player gained Amount by trading; Text names the partner.
	// Amount 0 when the trade was one-sided: Text says who did not trade
	// back, or who offered a trade the player did not take.
	EventTrade
	// EventTribute: Player paid (Amount below 0) or received (above 0) a
	// tribute; Text names the other player and the truce's last day.
	EventTribute
	// EventStructureTaken: an army of Player captured or razed (Text says
	// which) the structure on To, which belonged to the player in Amount.
	EventStructureTaken
	// EventStructureLost: Player's structure on To was captured or razed
	// by the player in Amount.
	EventStructureLost
)

// Reasons of battle reports (game.BattleReport.Reason) of erfpires.
const (
	// ReasonMoreHits: the side that took more hits retreats.
	ReasonMoreHits = "more-hits"
	// ReasonTruce: no fight: the side that moved in may not attack the
	// other this week (it took its tribute).
	ReasonTruce = "truce"
)

// ID implements game.Ruleset.
func (r *Rules) ID() string { return r.D.ID }

// Terrain implements game.Ruleset.
func (r *Rules) Terrain() rulesfile.TerrainTable { return r.D.Terrain }

// TurnOrder implements game.Ruleset: everyone at once.
func (r *Rules) TurnOrder() game.TurnOrder { return game.Simultaneous }

// Phases implements game.Ruleset: the day as Rules describes it.
func (r *Rules) Phases() []game.Phase {
	return []game.Phase{PhaseDawn, game.PhaseIncome, game.PhaseBuild, game.PhaseRecruit, game.PhaseMove,
		PhaseDusk, game.PhaseVictory}
}

// OrderLimit implements game.OrderLimiter: "Each day you can issue one
// order."
func (r *Rules) OrderLimit(s *game.State, p game.PlayerID) (int, string) {
	if r.D.Day.Orders == 1 {
		return 1, "one order a day"
	}
	return r.D.Day.Orders, fmt.Sprintf("at most %d orders a day", r.D.Day.Orders)
}

// RunPhase implements game.Ruleset.
func (r *Rules) RunPhase(s *game.State, ph game.Phase, orders []game.PlayerOrders, ev *game.Events) {
	switch ph {
	case PhaseDawn:
		r.dawn(s, orders)
	case game.PhaseIncome:
		r.economy(s, orders, ev)
	case game.PhaseBuild:
		r.build(s, orders, ev)
	case game.PhaseRecruit:
		r.recruit(s, orders, ev)
	case PhaseDusk:
		r.dusk(s, ev)
	case game.PhaseVictory:
		r.victory(s, ev)
	}
}

// MovePoints implements game.Ruleset: "Choose one Army to move two hexes."
func (r *Rules) MovePoints(s *game.State, a *game.Army) int { return r.D.Army.Move }

// StepCost implements game.Ruleset: a hex a step, on land: "Armies may not
// enter Mountain or Ocean hexes."
func (r *Rules) StepCost(s *game.State, a *game.Army, from, to hex.Hex) (int, bool) {
	t, ok := s.Map.At(to)
	if !ok || int(t) >= len(r.D.Terrain) {
		return 0, false
	}
	return 1, r.D.Terrain[t].Army
}

// CanStack implements game.Ruleset: "Only one army is permitted in a hex."
// The engine asks only when others holds an army of a's player.
func (r *Rules) CanStack(s *game.State, a *game.Army, to hex.Hex, others []*game.Army) bool {
	return len(others) == 0
}

// Sight implements game.Ruleset.
func (r *Rules) Sight(s *game.State, a *game.Army) int { return r.D.Army.Sight }

// CitySight implements game.Ruleset.
func (r *Rules) CitySight(s *game.State, c *game.City) int { return r.D.City.Sight }

// ExtraSight implements game.Ruleset: each structure of p sees its hex and
// the hexes within its sight.
func (r *Rules) ExtraSight(s *game.State, p game.PlayerID) []hex.Hex {
	var out []hex.Hex
	for i := range s.Structures {
		st := &s.Structures[i]
		if st.Owner == p && int(st.Kind) < len(r.D.Structures) {
			out = append(out, hex.Spiral(st.Hex, r.D.Structures[st.Kind].Sight)...)
		}
	}
	return out
}

// CityDefends implements game.CityDefender: every city is its owner's
// until an army takes it by attacking it (see Rules).
func (r *Rules) CityDefends(s *game.State, c *game.City) bool { return true }

// stock returns player p's counter k (0 if Stock is short).
func stock(p *game.Player, k int) int32 { return hexrules.Stock(p, k) }

// setStock sets player p's counter k, growing Stock as needed.
func setStock(p *game.Player, k int, v int32) { hexrules.SetStock(p, k, v, NumStock) }

// TruceUntil returns the last day on which player p may not attack player
// q (p took q's tribute), 0 if none; it reads p's own counters, so it
// works on a player's view too (game.ViewState).
func TruceUntil(s *game.State, p, q game.PlayerID) game.Turn {
	pl := s.Player(p)
	if pl == nil || q == 0 || int(q) > game.MaxPlayers {
		return 0
	}
	return game.Turn(stock(pl, StockTruce+int(q)-1))
}

// inTruce reports whether p may not attack q today.
func inTruce(s *game.State, p, q game.PlayerID) bool {
	return p != q && TruceUntil(s, p, q) >= s.Turn
}

// NextTax returns the first day from which player p may tax again: "A Tax
// order may only be issued once a week." It is 1 for a player who never
// taxed.
func (r *Rules) NextTax(s *game.State, p game.PlayerID) game.Turn {
	pl := s.Player(p)
	if pl == nil {
		return 0
	}
	last := stock(pl, StockLastTax)
	if last == 0 {
		return 1
	}
	return game.Turn(last) + game.Turn(r.D.Day.Week)
}
