package erfworld

import (
	"empires/shared/game"
	"empires/shared/hex"
	"empires/shared/hexrules"
	"empires/shared/rulesfile"
)

// Rules plays Erfworld Empires v2.0 on the engine: it implements
// game.Ruleset with the numbers of a Ruleset (the data file).
//
// How the document's pieces map onto the engine:
//
//   - An army is a game.Army. Its Warlord and Casters are its Characters
//     (Kind CharWarlord, or CharCaster+CasterKind; Level is a Warlord's
//     level). Units in a city hex that no Warlord leads are that city's
//     garrison: an army without a Warlord, which may not leave the hex
//     ("In order for units to leave a City hex, they must be a part of an
//     Army").
//   - A Fleet is a naval game.Army with no units; the army it carries has
//     Carrier set to it.
//   - Per-player counters live in game.Player.Stock at the Stock* indexes;
//     per-army marks for the current turn in game.Army.Flags (Flag*).
//   - The turn runs the document's Turn Procedure: income, build, create,
//     upkeep, then the orders to armies and fleets (boarding, the engine's
//     simultaneous movement with battles, landing), then the end-of-turn
//     checks (capitals, elimination).
type Rules struct {
	D *Ruleset

	// onSkip, if not nil, hears of every order skipped (Forecast's copy of
	// the rules only: the rules a game plays with never set it).
	onSkip func(o *game.Order, why string)
	// foreseenAfter, if not 0, is the last entity ID of the state a
	// Forecast started from: a city of a higher ID is one the orders
	// foreseen build, whose ID the turn may not give it, and messages
	// name it by its hex (cityRef). Forecast's copy only.
	foreseenAfter uint32
}

var (
	_ game.Ruleset      = (*Rules)(nil)
	_ game.CityDefender = (*Rules)(nil)
)

// NewRules returns the ruleset that plays with data d.
func NewRules(d *Ruleset) *Rules { return &Rules{D: d} }

// Character kinds (game.Character.Kind).
const (
	// CharWarlord is a Warlord; Character.Level is its level.
	CharWarlord uint8 = 1
	// CharCaster is the first caster kind: a Caster of kind k has Kind
	// CharCaster + uint8(k).
	CharCaster uint8 = 16
)

// CasterOf returns the caster kind of c, and false if c is not a Caster.
func CasterOf(c game.Character) (CasterKind, bool) {
	if c.Kind < CharCaster || c.Kind >= CharCaster+uint8(NumCasterKinds) {
		return 0, false
	}
	return CasterKind(c.Kind - CharCaster), true
}

// Indexes of game.Player.Stock.
const (
	// StockTradeGoods is the number of Trade Goods the player holds.
	StockTradeGoods = iota
	// StockNoCapital counts the player's turn ends without a Capital in a
	// row (0 while it holds one).
	StockNoCapital
	// StockMissed counts the turns in a row the player sent no orders. It
	// is counted in step 1 (income): from then on in a turn it is above 0
	// exactly when the player is on autopilot.
	StockMissed
	// StockLook is the player a Look-A-Mancer of this player looks at this
	// turn (0: none, or the Look failed against a Fool-A-Mancer); it is
	// cleared when the next turn starts, so the turn report holds the Look.
	StockLook
	// StockCasualties is the player's casualty order, packed 4 bits a
	// unit kind, first lost in the lowest bits; 0 means the default order.
	StockCasualties
	// NumStock is the length of Stock.
	NumStock
)

// Army flags (game.Army.Flags), set during a turn and cleared at its end
// (the scout bits when the next turn starts, so that the turn's last vision
// still holds what the scouts see).
const (
	// FlagScoutE..FlagScoutSE (bits 0-5): a Flyer of the army scouts the
	// hex two steps away in that hex.Direction this turn.
	FlagScoutE uint32 = 1 << iota
	flagScout1
	flagScout2
	flagScout3
	flagScout4
	FlagScoutSE
	// FlagBoarded: the army was loaded onto a fleet this turn; it does not
	// move this turn ("Armies may not move in the same turn they are
	// loaded and unloaded").
	FlagBoarded
	// FlagLoadedFleet: the fleet loaded an army this turn (it costs the
	// fleet one move).
	FlagLoadedFleet
	// FlagUnloading: the fleet will land its army after moving (it costs
	// the fleet one move).
	FlagUnloading
	// FlagHold: the army's player is on autopilot this turn ("No Armies
	// may move or attack"): it has no move points, so its standing orders
	// (Intercept, Withdraw) do not move it either.
	FlagHold
)

// FlagScouts masks the six scout bits.
const FlagScouts = FlagScoutE | flagScout1 | flagScout2 | flagScout3 | flagScout4 | FlagScoutSE

// The order kinds of erfworld (game.Order.Kind), besides the engine's
// movement orders. The fields each uses are listed; the rest stay zero.
const (
	// OrderBuildCity builds a new City on Hex, where Army (one of the
	// player's, with units; 0: any such army there) stands: "New Cities
	// may be created in any Open terrain hex: that doesn't already have a
	// City, where the player has an Army, and that is not adjacent to any
	// other City." A Warlord with no units is not leading an Army.
	OrderBuildCity = game.OrderRuleset + iota
	// OrderUpgrade raises City one level.
	OrderUpgrade
	// OrderForm forms Count units of kind Unit in City; they join the
	// city's garrison.
	OrderForm
	// OrderWarlord pops a Warlord in City (a Capital) at starting level
	// Level (1 + the extra levels bought); it leads a new army there.
	OrderWarlord
	// OrderCaster pops a Caster of kind CasterKind(Unit) in City (a
	// Capital); it joins the army of Army (on the Capital's hex), or the
	// garrison when Army is 0.
	OrderCaster
	// OrderFleet builds a Fleet on Hex, a Water hex next to City.
	OrderFleet
	// OrderTradeGood makes a Trade Good in City (a Capital).
	OrderTradeGood
	// OrderCash cashes in Count of the player's Trade Goods.
	OrderCash
	// OrderTransfer moves Units (and the character with ID Count, if not
	// 0) from Army to Target, two of the player's armies on one hex.
	OrderTransfer
	// OrderScout sends one Flyer of Army to scout in direction Dir.
	OrderScout
	// OrderLook points the player's Look-A-Mancer at Player.
	OrderLook
	// OrderCasualties sets the order in which the player's armies take
	// casualties: Units lists unit kinds, first lost first.
	OrderCasualties
	// OrderLoad boards Army onto Target, the player's fleet on an adjacent
	// Water hex.
	OrderLoad
	// OrderUnload lands Army (carried) on Hex, next to its fleet, after
	// the fleet moves.
	OrderUnload
)

// The turn's phases of erfworld besides the engine's.
const (
	// PhaseScout starts the turn: scouts, Looks and casualty orders.
	PhaseScout = game.PhaseRuleset + iota
	// PhaseBoard loads armies onto fleets, before movement.
	PhaseBoard
	// PhaseLand unloads armies and sends idle fleets fishing, after
	// movement.
	PhaseLand
)

// Event kinds of erfworld.
const (
	// EventLook: a Look-A-Mancer of Player looked at the side in Amount;
	// sent to the looker and, if it has a Fool-A-Mancer, to the looked-at
	// (then Player is the looked-at and Amount the looker). Text says which
	// and whether a Fool-A-Mancer blocked the Look.
	EventLook = game.EventRuleset + iota
	// EventUpkeep: Player paid Amount in upkeep (Text lists units removed
	// if it could not pay).
	EventUpkeep
	// EventLevel: a Warlord of Player's Army rose to level Amount.
	EventLevel
	// EventFishing: Player's idle fleets brought in Amount.
	EventFishing
)

// ID implements game.Ruleset.
func (r *Rules) ID() string { return r.D.ID }

// Terrain implements game.Ruleset.
func (r *Rules) Terrain() rulesfile.TerrainTable { return r.D.Terrain }

// TurnOrder implements game.Ruleset: everyone at once.
func (r *Rules) TurnOrder() game.TurnOrder { return game.Simultaneous }

// Phases implements game.Ruleset: the document's Turn Procedure.
func (r *Rules) Phases() []game.Phase {
	return []game.Phase{
		PhaseScout,
		game.PhaseIncome,  // 1. Calculate Income from Cities
		game.PhaseBuild,   // 2. Build and Upgrade Cities
		game.PhaseRecruit, // 3. Create New Units, Warlords, and Casters
		game.PhaseUpkeep,  // 4. Pay Upkeep on Units
		PhaseBoard,        // 5. Give orders to Warlords and Fleets ...
		game.PhaseMove,
		PhaseLand,
		game.PhaseVictory, // capitals, elimination
	}
}

// warlord returns the index of army a's Warlord among its characters, or -1.
func warlord(a *game.Army) int {
	for i, c := range a.Characters {
		if c.Kind == CharWarlord {
			return i
		}
	}
	return -1
}

// Missed returns how many turns in a row player p sent no orders (its
// StockMissed counter); 0 for no such player.
func Missed(s *game.State, p game.PlayerID) int {
	return int(hexrules.PlayerStock(s, p, StockMissed))
}

// stock returns player p's counter k (0 if Stock is short).
func stock(p *game.Player, k int) int32 { return hexrules.Stock(p, k) }

// setStock sets player p's counter k, growing Stock as needed.
func setStock(p *game.Player, k int, v int32) { hexrules.SetStock(p, k, v, NumStock) }

// borders reports whether hex h has a neighbour of terrain t on s's map.
func borders(s *game.State, h hex.Hex, t rulesfile.TerrainID) bool {
	for _, n := range h.Neighbors() {
		if nt, ok := s.Map.At(n); ok && nt == t {
			return true
		}
	}
	return false
}

// ValidateOrder implements game.Ruleset.
func (r *Rules) ValidateOrder(s *game.State, p game.PlayerID, o *game.Order) error {
	switch o.Kind {
	case game.OrderMove, game.OrderAttack, game.OrderFollow, game.OrderExplore, game.OrderStance:
		return r.validateArmyOrder(s, p, o)
	case OrderBuildCity, OrderUpgrade, OrderForm, OrderWarlord, OrderCaster, OrderFleet,
		OrderTradeGood, OrderCash, OrderTransfer:
		return r.validateEconOrder(s, p, o)
	case OrderScout, OrderLook, OrderLoad, OrderUnload:
		return r.validateArmyOrder(s, p, o)
	case OrderCasualties:
		return r.validateCasualties(s, p, o)
	}
	return game.Rejectf("unknown order kind %d", o.Kind)
}

// RunPhase implements game.Ruleset.
func (r *Rules) RunPhase(s *game.State, ph game.Phase, orders []game.PlayerOrders, ev *game.Events) {
	switch ph {
	case PhaseScout:
		r.startTurn(s, orders, ev)
		r.setCasualties(s, orders)
	case game.PhaseIncome:
		r.income(s, orders, ev)
	case game.PhaseBuild:
		r.build(s, orders, ev)
	case game.PhaseRecruit:
		r.recruit(s, orders, ev)
	case game.PhaseUpkeep:
		r.upkeep(s, orders, ev)
	case PhaseBoard:
		r.board(s, orders, ev)
	case PhaseLand:
		r.land(s, orders, ev)
	case game.PhaseVictory:
		r.endTurn(s, orders, ev)
	}
}
