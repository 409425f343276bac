// Package erfpiresai plays a seat of an erfpires game: it reads the seat's
// view of the game (fog included, nothing more) and gives that day's order
// through the same order API and validation as people. The server uses it
// to fill bot seats and to take over a seat whose player missed days.
package erfpiresai

import (
	"fmt"
	"math/rand/v2"
	"strings"

	"empires/shared/game"
	"empires/shared/rules/erfpires"
)

// Level is how an AI plays.
type Level int

// The levels, weakest first. Passive and Random are baselines for the
// strength ladder, not opponents for people.
const (
	// Passive gives no orders.
	Passive Level = iota
	// Random gives one random legal order a day.
	Random
	// Easy sends an army out to found cities, recruits a new one when it
	// has none, and taxes when it runs short; it never defends and
	// attacks only what stands next to it.
	Easy
	// Normal founds cities where farms grow, taxes every week, builds
	// farms on days it waits for money, garrisons a city an enemy comes
	// near, takes the enemy cities and armies it can beat within a day's
	// walk, and trades on idle days.
	Normal
)

// Levels returns every level a game may ask for, weakest first.
func Levels() []Level { return []Level{Passive, Random, Easy, Normal} }

// String names the level: "passive", "random", "easy", "normal".
func (l Level) String() string {
	switch l {
	case Passive:
		return "passive"
	case Random:
		return "random"
	case Easy:
		return "easy"
	case Normal:
		return "normal"
	}
	return fmt.Sprintf("level %d", int(l))
}

// ParseLevel returns the level named s (as String names it, in any case).
func ParseLevel(s string) (Level, error) {
	for _, l := range Levels() {
		if strings.EqualFold(s, l.String()) {
			return l, nil
		}
	}
	return 0, fmt.Errorf("unknown AI level %q: want passive, random, easy or normal", s)
}

// Player decides the orders of one seat. It keeps no state between days
// that its views do not give it, so it may take over a seat on any day.
type Player struct {
	rs    *erfpires.Rules
	level Level
	seed  uint64
}

// New returns a player of level l for games of ruleset rs; seed (the
// game's seed) makes its choices: the same seed and view give the same
// orders.
func New(rs *erfpires.Rules, l Level, seed uint64) *Player {
	return &Player{rs: rs, level: l, seed: seed}
}

// Level returns the player's level.
func (p *Player) Level() Level { return p.level }

// Orders returns the orders of v's player (v.You) for day v.Turn: at most
// the one order a day, valid by game.ValidateOrders on game.ViewState(v),
// which gives the server's answer (the ruleset validates on what the
// player knows). It returns nil for a view of no player, of a player out
// of the game, or of a game that is over, and when it has nothing to do.
func (p *Player) Orders(v *game.View) []game.Order {
	if v == nil || v.You == 0 || v.Over || p.level == Passive {
		return nil
	}
	if int(v.You) > len(v.Players) || !v.Players[v.You-1].Alive {
		return nil
	}
	rng := rand.New(rand.NewPCG(p.seed, uint64(v.You)<<32|uint64(uint32(v.Turn))))
	w := newWorld(p.rs, v, rng)
	var cand []game.Order
	switch p.level {
	case Random:
		cand = w.random()
	case Easy:
		cand = w.plan(easyStyle)
	default:
		cand = w.plan(normalStyle)
	}
	for _, o := range cand {
		o.Turn = v.Turn
		if game.ValidateOrders(w.s, p.rs, v.You, []game.Order{o}) == nil {
			return []game.Order{o}
		}
	}
	return nil
}
