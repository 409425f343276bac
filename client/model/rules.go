package model

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"empires/shared/game"
	"empires/shared/hex"
)

// Rules is a hex ruleset as the model plays it: the engine's rules
// (game.Ruleset: validation, movement, stacking, sight) and what only the
// ruleset knows: its own order kinds and what a city or an army may do,
// what orders cost, the next turn's forecast, and the words for its money,
// units, characters and events. A ruleset's client module gives it (see
// package module); the model asks nothing else of a ruleset, so any ruleset
// on the hex engine plays on the same model, board and game screen.
//
// The methods that take the model read it (its state, view and drafts)
// and build choices with its helpers; they do not change it.
type Rules interface {
	game.Ruleset

	// GuessStepCost is what a step into a hex never seen costs army a
	// when a plan goes through the unexplored, and false if a plans over
	// known hexes only.
	GuessStepCost(a *game.Army) (int, bool)
	// DearestStepCost is the most one step may cost a: it bounds the
	// search for a path.
	DearestStepCost(a *game.Army) int

	// Currency names the ruleset's money ("Schmuckers"), "" if it has
	// none.
	Currency() string
	// UnitName names unit kind k: "Infantry".
	UnitName(k game.UnitKind) string
	// CharacterName says what character c is: "level 2 Warlord",
	// "Econ-A-Mancer".
	CharacterName(c game.Character) string
	// StructureName names structure kind k (game.Structure.Kind): "Farm".
	StructureName(k game.StructureKind) string

	// CityChoices returns what the player's city c may do this turn,
	// each choice made with m.Offer.
	CityChoices(m *Model, c *game.City) []Choice
	// ArmyChoices returns what the player's army a may do this turn, the
	// engine's standing orders and exploring (m.StanceChoices) included
	// as the ruleset allows them.
	ArmyChoices(m *Model, a *game.Army) []Choice
	// Label says what order o of one of the ruleset's own kinds does, in
	// words: "Form 3 Infantry in the Capital at (0,4)"; "" for a kind it
	// does not know (the model words the engine's kinds).
	Label(m *Model, o *game.Order) string
	// Costs returns what each of orders, the player's list in turn
	// order, spends on the model's state, in Currency; negative for
	// money an order brings in.
	Costs(m *Model, orders []game.Order) []int64
	// Forecast foresees the next turn of the model's player with orders,
	// each valid, in turn order (see Forecast).
	Forecast(m *Model, orders []game.Order) Forecast
	// Burdens reports whether order o, costing cost, is one a Forecast's
	// Warning may be about: it spends money, or adds to what the player
	// pays every turn.
	Burdens(o *game.Order, cost int64) bool
	// EventText writes event e of one of the ruleset's own kinds for the
	// log, naming armies and players with n; "" leaves e to the model,
	// which writes the engine's kinds (and e.Text for the others); NoLine
	// leaves e out of the log (another event of the turn says it).
	EventText(n Namer, e *game.Event) string
}

// TurnNamer is an optional interface of a Rules whose game does not count
// in turns: it names turn t as its players do ("Day 9").
type TurnNamer interface {
	TurnName(t game.Turn) string
}

// TurnName names turn t as the ruleset does: "Day 9" (TurnNamer), else
// "Turn 9".
func (m *Model) TurnName(t game.Turn) string {
	if n, ok := m.rs.(TurnNamer); ok {
		return n.TurnName(t)
	}
	return "Turn " + strconv.Itoa(int(t))
}

// turnWords names turn t inside a sentence: "turn 9", "day 9".
func (m *Model) turnWords(t game.Turn) string {
	s := m.TurnName(t)
	r, n := utf8.DecodeRuneInString(s)
	return string(unicode.ToLower(r)) + s[n:]
}

// NoLine is what a ruleset's EventText returns for an event the log
// leaves out.
const NoLine = "\x00no line"

// Forecast is what the ruleset foresees of the player's next turn with the
// orders drafted: why it would skip any of them, what it would bring about
// that the player may not want, and the player's money.
type Forecast struct {
	// Skips has one entry per order: why the turn would skip it ("not
	// enough Schmuckers: have 3, need 6"), "" for none.
	Skips []string
	// Warning says what the turn would bring about that the player may
	// not want ("upkeep will remove 4 Infantry from army 12: ..."), ""
	// for nothing. Loss measures it (the units lost, say): of two
	// forecasts the one with the greater Loss is worse; 0 without a
	// Warning.
	Warning string
	Loss    int
	// Money is the top bar's line of the player's money ("Schmuckers 12,
	// next turn 15"), "" for a ruleset without; Lines break it down, for
	// its tooltip.
	Money string
	Lines []string
	// Detail is the ruleset's own forecast, for its module and its tests.
	Detail any
	// After is the model's state as the turn's steps before movement
	// leave it with the orders (units formed, units and characters moved
	// between armies), for Reach, PlanPath and the side panel to show an
	// army as it will move (Model.AsOrdered); nil for a ruleset whose
	// orders change no army before movement. Armies and cities the orders
	// make have numbers of After's own, which the turn may not give them:
	// never show those.
	After *game.State
}

// At writes a hex for the player: "(4,5)".
func At(h hex.Hex) string { return "(" + h.String() + ")" }

// Capital returns s with its first letter upper case.
func Capital(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	if n == 0 {
		return s
	}
	return string(unicode.ToUpper(r)) + s[n:]
}

// AndList writes "a", "a and b", "a, b and c".
func AndList(items []string) string {
	if len(items) < 2 {
		return strings.Join(items, "")
	}
	return strings.Join(items[:len(items)-1], ", ") + " and " + items[len(items)-1]
}
