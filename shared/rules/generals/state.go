package generals

import (
	"math/rand/v2"
	"slices"

	"empires/shared/rules/generals/cards"
	"empires/shared/ruleset"
)

// saveFormat names the save format; Load refuses any other.
const saveFormat = "generals 1"

// ReplaceAfter is how many steps in a row a seat may leave to the clock
// before an AI takes it over.
const ReplaceAfter = 6

// state is the whole game, as saved. Players are by seat, seat s at s-1.
type state struct {
	Format string
	// Hash is the hash of the collection the game is played with.
	Hash string
	// RNG is the generator's state, filled only in a save.
	RNG      []byte
	Names    []string
	Settings settings
	// Win, Lose, Start, NoWin, NoLose: as View's.
	Win, Lose, Start int
	NoWin, NoLose    bool
	Seq              uint32
	// Since is the Seq the current concurrent step (the opening, the Epic
	// Campaigner's question) began at.
	Since       uint32
	Phase       Phase
	Turn, Round int
	Active      ruleset.Seat
	// First is the player who went first: a round ends when the turn
	// comes back to it (or past it).
	First   ruleset.Seat
	Players []player
	NextRef Ref
	// Pool is the active player's resources this turn, in the catalogue's
	// order, none of 0.
	Pool     []cards.Amount
	Battle   *Battle
	Attacked bool
	// Musts are the discards cards asked, answered in order.
	Musts  []Must
	Banned []CardID
	// Mods are the effects on units until the end of the turn.
	Mods    []mod
	Winners []ruleset.Seat
	Epic    bool
}

// player is one player's part of the game.
type player struct {
	Health int
	// Brought is the deck the player brought, sorted: the cards it plays
	// with, wherever they are.
	Brought []CardID
	// Hand in order; Draw and Supply the piles, the next card drawn
	// last; Discard face up, oldest first; Gone the ultra rare cards out
	// of the game.
	Hand, Draw, Supply, Discard, Gone []CardID
	Table                             []inPlay
	Passed, Out, Resigned             bool
	Place                             int
	Waiting                           bool
	// Stop: the player chose not to play on after a Chancellor Victory
	// (kept until the question is settled).
	Stop bool
	// HandMod and GeneralsMod are lasting changes of the hand limit and
	// the Generals allowed, from rules that are not "always:".
	HandMod, GeneralsMod int
	Owed                 []cards.Amount
}

// inPlay is a card in play as the state keeps it.
type inPlay struct {
	Ref  Ref
	Card CardID
	Zone Zone
	// Fresh: it came into play this turn (Pull); Used: its ability was
	// used this turn; Harvested: its harvest was counted this turn.
	Fresh, Used, Harvested bool
}

// mod is an effect on one unit until the end of the turn: a verb of the
// vocabulary (strength, life, no-pull, ...) and its number.
type mod struct {
	Ref  Ref
	Verb cards.Verb
	N    int
}

// game is a game in play.
type game struct {
	r   *Rules
	rng *rand.PCG
	s   state
	// fighting: a battle is being decided (fight), so that a unit leaving
	// play then does not end it as a withdrawal.
	fighting bool
}

var _ ruleset.Game = (*game)(nil)

// n is the number of players.
func (g *game) n() int { return len(g.s.Names) }

// pl returns seat p's player.
func (g *game) pl(p ruleset.Seat) *player { return &g.s.Players[p-1] }

// seats returns 1..n.
func (g *game) seats() []ruleset.Seat {
	out := make([]ruleset.Seat, g.n())
	for i := range out {
		out[i] = ruleset.Seat(i + 1)
	}
	return out
}

// live reports whether seat p still plays: not out, not resigned, not
// placed (a Chancellor leaves the table when others play on).
func (g *game) live(p ruleset.Seat) bool {
	pl := g.pl(p)
	return !pl.Out && pl.Place == 0
}

// liveSeats returns the players still playing, in seat order.
func (g *game) liveSeats() []ruleset.Seat {
	var out []ruleset.Seat
	for _, p := range g.seats() {
		if g.live(p) {
			out = append(out, p)
		}
	}
	return out
}

// from returns the live players in turn order from p (p first if live).
func (g *game) from(p ruleset.Seat) []ruleset.Seat {
	var out []ruleset.Seat
	n := g.n()
	for i := range n {
		q := ruleset.Seat((int(p)-1+i)%n + 1)
		if g.live(q) {
			out = append(out, q)
		}
	}
	return out
}

// opponents returns p's live opponents in turn order after p.
func (g *game) opponents(p ruleset.Seat) []ruleset.Seat {
	var out []ruleset.Seat
	for _, q := range g.from(p) {
		if q != p {
			out = append(out, q)
		}
	}
	return out
}

// card returns the collection's card of id (the state holds only ids of
// the collection: Load checks).
func (g *game) card(id CardID) *cards.Card { return g.r.byID[id] }

// find returns the card in play of ref and its owner, or nil.
func (g *game) find(ref Ref) (*inPlay, ruleset.Seat) {
	if ref == 0 {
		return nil, 0
	}
	for i := range g.s.Players {
		t := g.s.Players[i].Table
		for j := range t {
			if t[j].Ref == ref {
				return &t[j], ruleset.Seat(i + 1)
			}
		}
	}
	return nil, 0
}

// rng returns a generator over the game's source.
func (g *game) rand() *rand.Rand { return rand.New(g.rng) }

// addAmount adds a to pool, kept in the catalogue's order with no zero,
// and returns it; a negative a takes away, to none at least.
func (r *Rules) addAmount(pool []cards.Amount, a cards.Amount) []cards.Amount {
	have := map[cards.ResourceName]int{}
	for _, x := range pool {
		have[x.Resource] += x.N
	}
	have[a.Resource] = max(0, have[a.Resource]+a.N)
	var out []cards.Amount
	for _, d := range r.coll.Lexicon.Resources {
		if n := have[cards.ResourceName(d.Name)]; n > 0 {
			out = append(out, cards.Amount{N: n, Resource: cards.ResourceName(d.Name)})
		}
	}
	return out
}

// amountOf returns how much of resource res pool holds.
func amountOf(pool []cards.Amount, res cards.ResourceName) int {
	for _, a := range pool {
		if a.Resource == res {
			return a.N
		}
	}
	return 0
}

// total returns the resources of pool in all.
func total(pool []cards.Amount) int {
	n := 0
	for _, a := range pool {
		n += a.N
	}
	return n
}

// CanPay reports whether pool pays cost's resources: each resource it
// names, then Any of whatever is left. The discard of an ability's card
// is not the pool's to pay.
func CanPay(pool []cards.Amount, cost cards.Cost) bool {
	left := total(pool)
	for _, a := range cost.Pay {
		if amountOf(pool, a.Resource) < a.N {
			return false
		}
		left -= a.N
	}
	return left >= cost.Any
}

// pay takes cost from pool and returns what is left: the resources it
// names, then Any from the resources the pool holds most of (the first in
// the catalogue on a tie). pool must pay it (CanPay).
func (r *Rules) pay(pool []cards.Amount, cost cards.Cost) []cards.Amount {
	for _, a := range cost.Pay {
		pool = r.addAmount(pool, cards.Amount{N: -a.N, Resource: a.Resource})
	}
	for range cost.Any {
		if len(pool) == 0 {
			break
		}
		best := 0
		for i, a := range pool {
			if a.N > pool[best].N {
				best = i
			}
		}
		pool = r.addAmount(pool, cards.Amount{N: -1, Resource: pool[best].Resource})
	}
	return pool
}

// removeAt returns list without its element i.
func removeAt[T any](list []T, i int) []T {
	return slices.Delete(slices.Clone(list), i, i+1)
}

// nilIfEmpty makes an empty list nil, for canonical encodings.
func nilIfEmpty[T any](s []T) []T {
	if len(s) == 0 {
		return nil
	}
	return s
}
