// Package erfworldai plays a seat of an erfworld game: it reads the seat's view of
// the game (fog included, nothing more) and gives that turn's orders
// through the same order API and validation as people. The server uses it
// to fill bot seats and to take over a seat whose player missed turns; the
// load tool and the end-to-end tests run it in headless websocket clients.
package erfworldai

import (
	"math/rand/v2"
	"sync"

	"empires/shared/game"
	"empires/shared/hex"
	"empires/shared/rules/erfworld"
	"empires/shared/ruleset"
)

// Levels returns every level a game may ask for, weakest first:
//   - ruleset.Passive gives no orders;
//   - ruleset.Random gives random legal orders;
//   - ruleset.Easy expands and attacks without much planning;
//   - ruleset.Normal plans its economy, defends its Capital and attacks
//     where it is stronger; it carries armies by Fleet to enemies beyond
//     the water, looks for rivals it cannot find with a Look-A-Mancer, and
//     pops the Look-, Fool-, Dirt- and Cancel-A-Mancers where they pay. It
//     keeps its Capital against the armies it has seen near it lately,
//     leaves it for no builder, and with no Capital left attacks the
//     nearest; its leaders on one hex weigh and attack a city together,
//     and a second army goes round rather than across the edge the first
//     steps over; it retakes a city lost in its own land with the nearest
//     army strong enough, and with more than one rival keeps a Caster's
//     place for the Look-A-Mancer that finds the Capitals beyond the water;
//     it hears its seat's events (events.go): it answers a rival's Look
//     with a Fool-A-Mancer, looks back at a side that looked at it, and
//     knows a city it lost even out of sight;
//   - ruleset.Hard plays as Normal but gathers its Warlords, its Heal- and
//     Cancel-A-Mancers into one stack whose Warlord points add up, weighs
//     every attack by its chance of winning under the combat rules, brings
//     the stack home when an enemy army near the Capital would take it
//     from its garrison, and fields half Cavalry behind its Infantry
//     (withHard).
//
// Passive and Random are baselines for the strength ladder, not opponents
// for people.
func Levels() []ruleset.Level {
	return []ruleset.Level{ruleset.Passive, ruleset.Random, ruleset.Easy, ruleset.Normal, ruleset.Hard}
}

// NormalV1 is Normal as it played before it carried armies by Fleet, used
// the Look-, Fool-, Dirt- and Cancel-A-Mancers, kept its Capital and
// attacked cities as it now does (style.guard, retake, stack and flank);
// its builders fetch their escort as every level's do. It is kept for the
// strength ladder, to measure Normal against; Levels leaves it out, so no
// game offers it.
const NormalV1 ruleset.Level = "normal-v1"

// LadderLevels returns the levels of Levels and NormalV1, which the
// strength ladder may play.
func LadderLevels() []ruleset.Level { return append(Levels(), NormalV1) }

// Player decides the orders of one seat, or of several. Between turns it
// keeps only what each seat heard (Hear, events.go), which an AI made
// afresh lacks, so it may take over a seat at any turn.
type Player struct {
	rs    *erfworld.Rules
	level ruleset.Level
	seed  uint64
	// scratch keeps search buffers from one call of Orders to the next;
	// they hold nothing of a turn once it is decided.
	scratch scratchPool
	// mu guards ears: what each seat heard, by seat (Hear, recall).
	mu   sync.Mutex
	ears map[game.PlayerID]*heard
}

// New returns a player of level l for games of ruleset rs; seed (the
// game's seed) makes its choices: the same seed and view give the same
// orders.
func New(rs *erfworld.Rules, l ruleset.Level, seed uint64) *Player {
	return &Player{rs: rs, level: l, seed: seed}
}

// Level returns the player's level.
func (p *Player) Level() ruleset.Level { return p.level }

// Orders returns the orders of v's player (v.You) for turn v.Turn, each
// valid by game.ValidateOrders on game.ViewState(v), which is what the
// server checks. It returns nil for a view of no player or of a game that
// is over.
func (p *Player) Orders(v *game.View) []game.Order {
	if v == nil || v.You == 0 || v.Over {
		return nil
	}
	if p.level == ruleset.Passive {
		return nil
	}
	rng := rand.New(rand.NewPCG(p.seed, uint64(v.You)<<32|uint64(uint32(v.Turn))))
	w := newWorld(p.rs, v, rng, p.scratch.get(hex.Rect{Width: v.Width, Height: v.Height}.Len()))
	w.heard = p.recall(v)
	defer func() {
		w.release()
		p.scratch.put(w.sc)
	}()
	var orders []game.Order
	switch p.level {
	case ruleset.Random:
		orders = w.random()
	case ruleset.Easy:
		orders = w.plan(easyStyle)
	case NormalV1:
		orders = w.plan(normalV1Style)
	case ruleset.Hard:
		orders = w.plan(hardStyle)
	default:
		orders = w.plan(normalStyle)
	}
	return keepValid(w.s, p.rs, v.You, orders)
}

// keepValid returns the orders that game.ValidateOrders accepts on s, at
// most game.MaxOrders of them, in their order. Each pass drops the refused
// orders and checks the rest again, until none is refused.
func keepValid(s *game.State, rs *erfworld.Rules, p game.PlayerID, orders []game.Order) []game.Order {
	orders = orders[:min(len(orders), game.MaxOrders)]
	for {
		errs := game.ValidateOrders(s, rs, p, orders)
		if len(errs) == 0 {
			break
		}
		bad := make([]bool, len(orders))
		for _, e := range errs {
			bad[e.Index] = true
		}
		kept := orders[:0:0]
		for i, o := range orders {
			if !bad[i] {
				kept = append(kept, o)
			}
		}
		orders = kept
	}
	if len(orders) == 0 {
		return nil
	}
	return orders
}
