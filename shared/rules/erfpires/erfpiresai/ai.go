// Package erfpiresai plays a seat of an erfpires game: it reads the seat's
// view of the game (fog included, nothing more) and gives that day's order
// through the same order API and validation as people. The server uses it
// to fill bot seats and to take over a seat whose player missed days.
package erfpiresai

import (
	"math/rand/v2"

	"empires/shared/game"
	"empires/shared/rules/erfpires"
	"empires/shared/ruleset"
)

// Levels returns every level a game may ask for, weakest first:
//   - ruleset.Passive gives no orders;
//   - ruleset.Random gives one random legal order a day;
//   - ruleset.Easy sends an army out to found cities, recruits a new one
//     when it has none, and taxes when it runs short; it never defends
//     and attacks only what stands next to it;
//   - ruleset.Normal founds cities where farms grow (exploring where a
//     day's walk shows most unseen ground), taxes when its
//     treasury cannot pay for the week's two cities, builds farms on days
//     it waits for money, garrisons a city an enemy comes near, pays
//     tribute to a player about to take a city it cannot hold (and keeps
//     no garrison against that player for the week), takes the enemy
//     cities and armies it can beat within a day's walk (none of a player
//     whose tribute it took), trades on idle days with a player not about
//     to win, and in a tie on cities (the most cities, then the most
//     units, win) takes a city or recruits a unit;
//   - ruleset.Hard plays as Normal, and: scouts where a day's walk shows
//     the most unseen ground a city could stand on, keeps its sites away
//     from enemy armies, walks at an enemy city with no army when that is
//     as quick as founding one, weighs every attack on an army by its
//     exact odds over the dice, waits beside a garrison it cannot beat,
//     and plays a tie on cities out with every unit it can recruit.
//
// Passive and Random are baselines for the strength ladder, not opponents
// for people.
func Levels() []ruleset.Level {
	return []ruleset.Level{ruleset.Passive, ruleset.Random, ruleset.Easy, ruleset.Normal, ruleset.Hard}
}

// Player decides the orders of one seat. It keeps no state between days
// that its views do not give it, so it may take over a seat on any day.
type Player struct {
	rs    *erfpires.Rules
	level ruleset.Level
	seed  uint64
}

// New returns a player of level l for games of ruleset rs; seed (the
// game's seed) makes its choices: the same seed and view give the same
// orders.
func New(rs *erfpires.Rules, l ruleset.Level, seed uint64) *Player {
	return &Player{rs: rs, level: l, seed: seed}
}

// Level returns the player's level.
func (p *Player) Level() ruleset.Level { return p.level }

// Orders returns the orders of v's player (v.You) for day v.Turn: at most
// the one order a day, valid by game.ValidateOrders on game.ViewState(v),
// which gives the server's answer (the ruleset validates on what the
// player knows). It returns nil for a view of no player, of a player out
// of the game, or of a game that is over, and when it has nothing to do.
func (p *Player) Orders(v *game.View) []game.Order {
	if v == nil || v.You == 0 || v.Over || p.level == ruleset.Passive {
		return nil
	}
	if int(v.You) > len(v.Players) || !v.Players[v.You-1].Alive {
		return nil
	}
	rng := rand.New(rand.NewPCG(p.seed, uint64(v.You)<<32|uint64(uint32(v.Turn))))
	w := newWorld(p.rs, v, rng)
	var cand []game.Order
	switch p.level {
	case ruleset.Random:
		cand = w.random()
	case ruleset.Easy:
		cand = w.plan(easyStyle)
	case ruleset.Hard:
		cand = w.plan(hardStyle)
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
