package risk

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"

	"empires/shared/rules/risk/board"
	"empires/shared/rules/risk/cards"
	"empires/shared/ruleset"
)

// Phase is where a game stands.
type Phase uint8

// The phases: the set-up, the steps of a round, and the end.
const (
	PhaseClaim     Phase = iota + 1 // set-up by choice: claim an empty territory (rule 2)
	PhaseDeploy                     // set-up: place one starting army (rules 1, 2)
	PhasePlace                      // step 3 (rule 7)
	PhaseAttack                     // step 4: attack or stop (rule 8)
	PhaseDefend                     // step 4: the defender's city question (rule 9)
	PhaseOccupy                     // step 4: the conquest move (rule 10)
	PhaseReinforce                  // step 4: placing the armies of sets turned in after an elimination (rule 11)
	PhaseMove                       // step 4: the free move (rule 12)
	PhaseBuild                      // step 5a (rule 14)
	PhaseTrade                      // step 6 (rule 15)
	PhaseDisaster                   // step 7 (rule 16)
	PhasePlague                     // step 7: the plague's question among tied places (rule 16)
	PhasePurchase                   // step 8 (rule 17)
	PhaseOver                       // the game has ended (rule 18)
)

// String names the phase for people.
func (p Phase) String() string {
	switch p {
	case PhaseClaim:
		return "claim"
	case PhaseDeploy:
		return "deploy"
	case PhasePlace:
		return "place"
	case PhaseAttack:
		return "attack"
	case PhaseDefend:
		return "defend"
	case PhaseOccupy:
		return "occupy"
	case PhaseReinforce:
		return "reinforce"
	case PhaseMove:
		return "move"
	case PhaseBuild:
		return "build"
	case PhaseTrade:
		return "trade"
	case PhaseDisaster:
		return "disasters"
	case PhasePlague:
		return "plague"
	case PhasePurchase:
		return "purchase"
	case PhaseOver:
		return "over"
	}
	return fmt.Sprintf("phase %d", p)
}

// saveFormat names the save format; Load refuses any other.
const saveFormat = "risk 1"

// The numbers of the engine's rules.
const (
	maxCities   = 5  // rule 14
	cityArmies  = 3  // rule 9: a city converts into 3 armies
	maxOffers   = 3  // rule 15: offers a player may make in one trading step
	neutral     = 0  // the owner of the neutral side's territories (rule 4)
	minArmies   = 3  // rule 6
	perArmy     = 3  // rule 6: territories per army
	replaceMiss = 10 // steps in a row left to the clock before the AI takes a seat
)

// classicArmies are the classic starting armies by number of players (rule
// 3), from 2.
var classicArmies = [...]int{40, 35, 30, 25, 20}

// state is the whole game, as saved. Seats are 1..len(Names); slices by
// seat hold seat s at s-1, slices by territory hold territory t at t-1.
type state struct {
	Format string
	Hash   string
	// RNG is the generator's state, filled only in a save.
	RNG []byte
	// Map, Territories and MapSeed say the board (Rules.Board).
	Map, Territories int
	MapSeed          uint64
	Setup, Rounds    int
	// The clocks, in seconds (0: none).
	TurnTime, AnswerTime, TradeTime int

	Names []string
	Seq   uint32
	Round int // 0 in the set-up
	Phase Phase
	// Order is the round order (rule 5); in the set-up, the seating from
	// the first player. Turn is the index in Order of the player acting.
	Order []ruleset.Seat
	Turn  int
	// Claims is how many territories were claimed by choice (rule 2).
	Claims int

	Owner  []ruleset.Seat
	Armies []int
	City   []bool

	Players []playerState
	Goods   cards.Supply
	Empires cards.EmpireSupply
	Deck    cards.TerritoryDeck

	// Step 4: From, To and Dice are the attack waiting for the defender's
	// answer, or the conquest waiting for its move (To, the least armies
	// Dice); Asked the territories whose city question was asked this turn;
	// Cities the territories that held a city this turn when attacked;
	// Conquered whether the player conquered this turn; Moves the free
	// moves left.
	From, To  board.TerritoryID
	Dice      int
	Asked     []board.TerritoryID
	Cities    []board.TerritoryID
	Conquered bool
	Moves     int
	// Nukes are the territories nuked and by whom, until the nuker's next
	// step 4; NukeUsed and DropUsed say whether the acting player used its
	// Nuke and its Air Drop this turn (rule 21).
	Nukes    []Nuke
	NukeUsed bool
	DropUsed bool

	// Step 6: Since is the Seq the step began at; Offers the open offers.
	Since  uint32
	Offers []openOffer
	NextID int

	// Step 7: Resolving are the Disasters the acting player is resolving,
	// in order, and Unresolved those going back unresolved; RiotOrder the
	// order of its cities for the riots; Choices its answers so far to the
	// plague's questions; Tied the places the plague asks about now,
	// continents if TiedContinents (rule 16).
	Resolving      []cards.GoodsCard
	Unresolved     []cards.GoodsCard
	RiotOrder      []board.TerritoryID
	Choices        []int
	Tied           []int
	TiedContinents bool

	// Winners are the winners once over (several: a shared win).
	Winners []ruleset.Seat
}

// playerState is one player's holdings and place in the round.
type playerState struct {
	Alive bool
	// Reserve is the armies it has to place: starting armies in the
	// set-up, new armies in step 3.
	Reserve   int
	Hand      cards.Hand
	Disasters cards.DisasterPile
	Empire    cards.Empire
	Cards     []cards.TerritoryCard
	Missed    int
	// Trader: it held 3 or more Goods cards when step 6 began and has not
	// left the table; Offered is how many offers it made in the step.
	Trader  bool
	Offered int
}

// Nuke is a territory nuked, closed to attacks and placing until By's next
// turn (rule 21).
type Nuke struct {
	Territory board.TerritoryID
	By        ruleset.Seat
}

// openOffer is an offer of step 6 waiting for its answer.
type openOffer struct {
	ID    int
	Offer cards.Offer
}

// game is a risk game in play.
type game struct {
	rules *Rules
	b     *board.Board
	pcg   *rand.PCG
	rng   *rand.Rand
	s     state
}

var _ ruleset.Game = (*game)(nil)

// n is the number of players.
func (g *game) n() int { return len(g.s.Names) }

// p returns seat s's state.
func (g *game) p(s ruleset.Seat) *playerState { return &g.s.Players[s-1] }

// name is seat s's name; "the neutral side" for 0.
func (g *game) name(s ruleset.Seat) string {
	if s == neutral {
		return "the neutral side"
	}
	return g.s.Names[s-1]
}

// seats returns every seat.
func (g *game) seats() []ruleset.Seat {
	out := make([]ruleset.Seat, g.n())
	for i := range out {
		out[i] = ruleset.Seat(i + 1)
	}
	return out
}

// held returns the territories seat s holds, in ID order.
func (g *game) held(s ruleset.Seat) []board.TerritoryID {
	var out []board.TerritoryID
	for i, o := range g.s.Owner {
		if o == s && g.occupied(board.TerritoryID(i+1)) {
			out = append(out, board.TerritoryID(i+1))
		}
	}
	return out
}

// occupied reports whether territory t has an owner: armies or a city.
func (g *game) occupied(t board.TerritoryID) bool {
	return g.s.Armies[t-1] > 0 || g.s.City[t-1]
}

// cities returns how many cities seat s has.
func (g *game) cities(s ruleset.Seat) int {
	n := 0
	for i, o := range g.s.Owner {
		if o == s && g.s.City[i] {
			n++
		}
	}
	return n
}

// actor returns the player of Order whose turn it is, 0 if none.
func (g *game) actor() ruleset.Seat {
	if g.s.Turn < 0 || g.s.Turn >= len(g.s.Order) {
		return 0
	}
	return g.s.Order[g.s.Turn]
}

// check checks a loaded state against the rules and the board: every
// slice the right length, every territory owned by a seat (or the neutral
// side) with armies, every Goods card in one place once, the phase and
// turn consistent with the step. What passes cannot make the rules panic.
func (s *state) check(cr *cards.Rules, b *board.Board) error {
	n, nt := len(s.Names), len(b.Territories)
	switch {
	case n < MinSeats || n > MaxSeats:
		return fmt.Errorf("%d players, want %d to %d", n, MinSeats, MaxSeats)
	case len(s.Players) != n:
		return fmt.Errorf("%d players but %d holdings", n, len(s.Players))
	case len(s.Owner) != nt || len(s.Armies) != nt || len(s.City) != nt:
		return fmt.Errorf("a board of %d territories but %d owners, %d armies, %d cities", nt, len(s.Owner), len(s.Armies), len(s.City))
	case s.Setup != SetupDeal && s.Setup != SetupChoice:
		return fmt.Errorf("set-up %d", s.Setup)
	case s.Rounds < 0 || s.Rounds > MaxRounds || s.Round < 0 || s.Rounds > 0 && s.Round > s.Rounds:
		return fmt.Errorf("round %d of %d", s.Round, s.Rounds)
	case !slices.Contains(TurnTimes(), s.TurnTime) || !slices.Contains(AnswerTimes(), s.AnswerTime) || !slices.Contains(TradeTimes(), s.TradeTime):
		return fmt.Errorf("time limits of %d, %d and %d seconds", s.TurnTime, s.AnswerTime, s.TradeTime)
	case s.Phase < PhaseClaim || s.Phase > PhaseOver:
		return fmt.Errorf("unknown phase %d", s.Phase)
	case (s.Phase == PhaseClaim || s.Phase == PhaseDeploy) != (s.Round == 0):
		return fmt.Errorf("phase %s in round %d", s.Phase, s.Round)
	case s.Claims < 0 || s.Claims > nt:
		return fmt.Errorf("%d claims on %d territories", s.Claims, nt)
	}
	seen := map[ruleset.Seat]bool{}
	for _, p := range s.Order {
		if p < 1 || int(p) > n || seen[p] {
			return fmt.Errorf("round order %v", s.Order)
		}
		seen[p] = true
	}
	if s.Phase != PhaseOver && s.Phase != PhaseTrade && (s.Turn < 0 || s.Turn >= len(s.Order)) {
		return fmt.Errorf("turn %d of a round order of %d", s.Turn, len(s.Order))
	}
	cities := make([]int, n+1)
	for i := range nt {
		o := s.Owner[i]
		switch {
		case int(o) > n:
			return fmt.Errorf("territory %d owned by seat %d of %d", i+1, o, n)
		case s.Armies[i] < 0 || s.Armies[i] > 100000:
			return fmt.Errorf("territory %d has %d armies", i+1, s.Armies[i])
		case s.City[i] && o == neutral:
			return fmt.Errorf("territory %d: a neutral city", i+1)
		case s.Phase != PhaseClaim && s.Phase != PhaseOccupy && s.Armies[i] == 0 && !s.City[i]:
			return fmt.Errorf("territory %d is empty in phase %s", i+1, s.Phase)
		}
		if s.City[i] {
			cities[o]++
		}
	}
	for i, p := range s.Players {
		switch {
		case s.Names[i] == "":
			return fmt.Errorf("seat %d has no name", i+1)
		case cities[i+1] > maxCities:
			return fmt.Errorf("seat %d has %d cities", i+1, cities[i+1])
		case p.Reserve < 0 || p.Reserve > 100000 || p.Missed < 0 || p.Offered < 0 || p.Offered > maxOffers:
			return fmt.Errorf("seat %d: reserve %d, missed %d, offers %d", i+1, p.Reserve, p.Missed, p.Offered)
		}
		for _, c := range p.Cards {
			if c.Territory != 0 && b.Territory(c.Territory) == nil {
				return fmt.Errorf("seat %d holds a card of territory %d", i+1, c.Territory)
			}
		}
	}
	if err := s.checkStep(b); err != nil {
		return err
	}
	if err := s.checkGoods(cr); err != nil {
		return err
	}
	if err := s.checkEmpire(cr); err != nil {
		return err
	}
	for _, t := range append(append([]board.TerritoryID{s.From, s.To}, s.Asked...), s.Cities...) {
		if t != 0 && b.Territory(t) == nil {
			return fmt.Errorf("step 4 names territory %d of %d", t, nt)
		}
	}
	switch s.Phase {
	case PhaseDefend:
		if s.From == 0 || s.To == 0 || s.Dice < 1 || s.Dice > 3 || !s.City[s.To-1] || s.Owner[s.To-1] == neutral {
			return errors.New("a city question with no attack on a city")
		}
	case PhaseOccupy:
		if s.From == 0 || s.To == 0 || s.Dice < 1 || s.Armies[s.To-1] != 0 || s.Armies[s.From-1] <= s.Dice {
			return errors.New("a conquest move with no conquest")
		}
	}
	for _, k := range s.Nukes {
		if b.Territory(k.Territory) == nil || k.By < 1 || int(k.By) > n {
			return fmt.Errorf("a nuke on territory %d by seat %d", k.Territory, k.By)
		}
	}
	for _, o := range s.Offers {
		if o.Offer.From < 1 || int(o.Offer.From) > n || o.Offer.To < 1 || int(o.Offer.To) > n || o.ID < 0 || o.ID >= s.NextID {
			return fmt.Errorf("offer %d from seat %d to seat %d", o.ID, o.Offer.From, o.Offer.To)
		}
	}
	for _, w := range s.Winners {
		if w < 1 || int(w) > n {
			return fmt.Errorf("winner seat %d", w)
		}
	}
	return nil
}

// checkGoods checks that every Goods card is in one place once: a pile,
// a hand, a pile of Disasters face down.
func (s *state) checkGoods(cr *cards.Rules) error {
	total := cr.Goods.Total
	seen := make([]bool, total+1)
	place := func(c cards.GoodsCard, where string) error {
		if c.ID == 0 || int(c.ID) > total || seen[c.ID] {
			return fmt.Errorf("the Goods card %d (%s) is twice in play or unknown", c.ID, where)
		}
		seen[c.ID] = true
		return nil
	}
	if len(s.Goods.Piles) != len(cr.Goods.Piles) {
		return fmt.Errorf("%d Goods piles, want %d", len(s.Goods.Piles), len(cr.Goods.Piles))
	}
	for i, p := range s.Goods.Piles {
		for _, c := range p {
			if err := place(c, fmt.Sprintf("pile %d", i+1)); err != nil {
				return err
			}
		}
	}
	for i, p := range s.Players {
		for _, c := range p.Hand.Cards {
			if err := place(c, fmt.Sprintf("seat %d's hand", i+1)); err != nil {
				return err
			}
		}
		for _, c := range p.Disasters.Cards {
			if err := place(c, fmt.Sprintf("seat %d's Disasters", i+1)); err != nil {
				return err
			}
		}
	}
	for _, c := range append(slices.Clone(s.Resolving), s.Unresolved...) {
		if err := place(c, "the Disasters being resolved"); err != nil {
			return err
		}
	}
	for id := 1; id <= total; id++ {
		if !seen[id] {
			return fmt.Errorf("the Goods card %d is lost", id)
		}
	}
	return nil
}

// checkEmpire checks the Empire cards: in the piles or held, no more of a
// card than the data file's piles hold, one of a face value a player.
func (s *state) checkEmpire(cr *cards.Rules) error {
	fresh := cr.NewEmpireSupply()
	want := map[cards.EmpireCard]int{}
	for _, p := range fresh.Piles {
		for _, c := range p {
			want[c]++
		}
	}
	have := map[cards.EmpireCard]int{}
	for _, p := range s.Empires.Piles {
		for _, c := range p {
			have[c]++
		}
	}
	for i, p := range s.Players {
		faces := map[int]bool{}
		for _, c := range p.Empire.Cards() {
			if faces[c.Rank] {
				return fmt.Errorf("seat %d holds two Empire cards of face value %d", i+1, c.Rank)
			}
			faces[c.Rank] = true
			have[c]++
		}
	}
	for c, k := range have {
		if k != want[c] {
			return fmt.Errorf("%d of the Empire card %s in play, the piles hold %d", k, c, want[c])
		}
	}
	for c, k := range want {
		if have[c] != k {
			return fmt.Errorf("%d of the Empire card %s in play, the piles hold %d", have[c], c, k)
		}
	}
	return nil
}

// checkStep checks that the phase and turn name a step someone can play:
// the set-up's order of every seat, a territory to claim, a starting army
// to place on a territory held, a live player acting, two traders.
func (s *state) checkStep(b *board.Board) error {
	n := len(s.Names)
	g := &game{b: b, s: *s}
	switch s.Phase {
	case PhaseOver:
		return nil
	case PhaseClaim, PhaseDeploy:
		if len(s.Order) != n {
			return fmt.Errorf("a set-up order of %d seats at a table of %d", len(s.Order), n)
		}
		if s.Phase == PhaseClaim && len(g.free()) == 0 {
			return errors.New("a claim with no territory free")
		}
		if p := g.actor(); s.Phase == PhaseDeploy && (s.Players[p-1].Reserve == 0 || len(g.held(p)) == 0) {
			return fmt.Errorf("seat %d places a starting army it does not have", p)
		}
		return nil
	case PhaseTrade:
		if len(g.traders()) < 2 {
			return errors.New("a trading step with fewer than two players at the table")
		}
		return nil
	case PhasePlague:
		if len(s.Tied) < 2 || len(s.Resolving) == 0 || s.Resolving[0].Disaster() != cards.Plague {
			return errors.New("a plague's question with no plague or no tie")
		}
		for _, x := range s.Tied {
			if s.TiedContinents && b.Continent(board.ContinentID(x)) == nil || !s.TiedContinents && b.Territory(board.TerritoryID(x)) == nil {
				return fmt.Errorf("the plague asks about place %d, not on the map", x)
			}
		}
	default:
		if s.Resolving != nil || s.Unresolved != nil || s.Tied != nil || s.Choices != nil {
			return fmt.Errorf("the Disasters are being resolved in step %s", s.Phase)
		}
	}
	for _, t := range s.RiotOrder {
		if b.Territory(t) == nil {
			return fmt.Errorf("a riot order naming territory %d", t)
		}
	}
	if p := g.actor(); !s.Players[p-1].Alive {
		return fmt.Errorf("seat %d, who is out, acts in step %s", p, s.Phase)
	}
	if p := g.actor(); s.Phase == PhaseReinforce && s.Players[p-1].Reserve == 0 {
		return fmt.Errorf("seat %d places no armies in step %s", p, s.Phase)
	}
	return nil
}
