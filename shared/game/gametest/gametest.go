// Package gametest is a small, complete ruleset for testing the engine: one
// unit kind, a move of two, plain dice battles, income from cities,
// structures taken by the armies that stand on them, and a
// last-player-standing victory. Maps use the erfworld terrain glyphs:
// '.' Open, '"' Grasslands, 'f' Woods, '^' Mountains, '~' Water.
package gametest

import (
	"fmt"
	"strings"

	"empires/shared/game"
	"empires/shared/hex"
	"empires/shared/hexmap"
	"empires/shared/rules/erfworld"
	"empires/shared/rulesfile"
)

// OrderRecruit adds Count units to the army in City's hex, paying one
// unit of treasury each.
const OrderRecruit = game.OrderRuleset

// EventStructureTaken: Player took the structure whose ID is Amount, on
// To.
const EventStructureTaken = game.EventRuleset

// Rules is the test ruleset. Its zero value is not ready; use New.
type Rules struct {
	terrain rulesfile.TerrainTable
	// Move is every army's movement points (2 unless set).
	Move int
	// StackLimit is the most friendly armies on one hex; 0 means no limit.
	StackLimit int
	// Order is the turn order (Simultaneous unless set).
	Order game.TurnOrder
	// CitiesDefend makes cities fight for themselves (game.CityDefender):
	// a city with no army on its hex defends it with as many units as its
	// level. Off unless set: an empty enemy city is then taken without a
	// fight.
	CitiesDefend bool
}

var (
	_ game.Ruleset      = (*Rules)(nil)
	_ game.CityDefender = (*Rules)(nil)
)

// New returns the test ruleset with the erfworld terrain table.
func New() *Rules {
	rs, err := erfworld.Default()
	if err != nil {
		panic(fmt.Sprintf("gametest: load erfworld terrain: %v", err))
	}
	return &Rules{terrain: rs.Terrain, Move: 2}
}

// ID implements game.Ruleset.
func (r *Rules) ID() string { return "gametest" }

// Terrain implements game.Ruleset.
func (r *Rules) Terrain() rulesfile.TerrainTable { return r.terrain }

// TurnOrder implements game.Ruleset.
func (r *Rules) TurnOrder() game.TurnOrder { return r.Order }

// Phases implements game.Ruleset.
func (r *Rules) Phases() []game.Phase {
	return []game.Phase{game.PhaseIncome, game.PhaseRecruit, game.PhaseMove, game.PhaseVictory}
}

// ValidateOrder implements game.Ruleset.
func (r *Rules) ValidateOrder(s *game.State, p game.PlayerID, o *game.Order) error {
	if o.Kind < game.OrderRuleset {
		return nil
	}
	if o.Kind != OrderRecruit {
		return game.Rejectf("unknown order kind %d", o.Kind)
	}
	c := s.City(o.City)
	if c == nil || c.Owner != p {
		return game.Rejectf("%s is not yours", o.City)
	}
	if o.Count < 1 || o.Count > 100 {
		return game.Rejectf("recruit %d units: must be 1 to 100", o.Count)
	}
	if have := s.Player(p).Treasury; have < int64(o.Count) {
		return game.Rejectf("not enough treasury: have %d, need %d", have, o.Count)
	}
	return nil
}

// RunPhase implements game.Ruleset.
func (r *Rules) RunPhase(s *game.State, ph game.Phase, orders []game.PlayerOrders, ev *game.Events) {
	switch ph {
	case game.PhaseIncome:
		for _, po := range orders {
			income := int64(0)
			for _, c := range s.Cities {
				if c.Owner == po.Player {
					income += int64(c.Level)
				}
			}
			s.Player(po.Player).Treasury += income
			ev.Add(game.Event{Turn: s.Turn, Kind: game.EventIncome, Player: po.Player, Amount: income})
		}
	case game.PhaseRecruit:
		for _, po := range orders {
			for i := range po.Orders {
				o := &po.Orders[i]
				if o.Kind != OrderRecruit {
					continue
				}
				c := s.City(o.City)
				s.Player(po.Player).Treasury -= int64(o.Count)
				recruit := game.Units{o.Count}
				if idx := s.ArmiesAt(c.Hex); len(idx) > 0 && s.Armies[idx[0]].Owner == po.Player {
					a := &s.Armies[idx[0]]
					a.Units = a.Units.Add(recruit)
				} else {
					s.AddArmy(game.Army{Owner: po.Player, Hex: c.Hex, Units: recruit})
				}
				ev.Add(game.Event{Turn: s.Turn, Kind: game.EventBuild, Player: po.Player, City: c.ID,
					From: c.Hex, To: c.Hex, HasHex: true, Amount: int64(o.Count), Text: fmt.Sprintf("recruited %d", o.Count)})
			}
		}
	case game.PhaseVictory:
		r.takeStructures(s, ev)
		alive := 0
		var last game.PlayerID
		for i := range s.Players {
			p := &s.Players[i]
			if !p.Alive {
				continue
			}
			has := false
			for _, a := range s.Armies {
				has = has || a.Owner == p.ID
			}
			for _, c := range s.Cities {
				has = has || c.Owner == p.ID
			}
			if !has {
				p.Alive, p.EliminatedTurn = false, s.Turn
				ev.Add(game.Event{Turn: s.Turn, Kind: game.EventEliminated, Player: p.ID})
				continue
			}
			alive++
			last = p.ID
		}
		if alive == 1 && !s.Over {
			s.Over, s.Winner = true, last
			ev.Add(game.Event{Turn: s.Turn, Kind: game.EventVictory, Player: last})
		}
	}
}

// takeStructures gives every structure to the player whose armies alone
// stand on its hex at the end of the turn, if it was another's, with an
// EventStructureTaken.
func (r *Rules) takeStructures(s *game.State, ev *game.Events) {
	for i := range s.Structures {
		st := &s.Structures[i]
		var taker game.PlayerID
		for _, k := range s.ArmiesAt(st.Hex) {
			if o := s.Armies[k].Owner; taker == 0 {
				taker = o
			} else if o != taker {
				taker = 0
				break
			}
		}
		if taker == 0 || taker == st.Owner {
			continue
		}
		st.Owner = taker
		ev.Add(game.Event{Turn: s.Turn, Kind: EventStructureTaken, Player: taker, From: st.Hex, To: st.Hex, HasHex: true,
			Amount: int64(st.ID), Text: fmt.Sprintf("%s takes %s", taker, st.ID)})
	}
}

// MovePoints implements game.Ruleset.
func (r *Rules) MovePoints(s *game.State, a *game.Army) int { return r.Move }

// StepCost implements game.Ruleset: one point a hex; land armies walk the
// terrain armies may enter, naval armies sail naval terrain.
func (r *Rules) StepCost(s *game.State, a *game.Army, from, to hex.Hex) (int, bool) {
	t, ok := s.Map.At(to)
	if !ok {
		return 0, false
	}
	if a.Naval {
		return 1, r.terrain[t].Naval
	}
	return 1, r.terrain[t].Army
}

// CanStack implements game.Ruleset.
func (r *Rules) CanStack(s *game.State, a *game.Army, to hex.Hex, others []*game.Army) bool {
	return r.StackLimit == 0 || len(others) < r.StackLimit
}

// Sight implements game.Ruleset.
func (r *Rules) Sight(s *game.State, a *game.Army) int { return 1 }

// CitySight implements game.Ruleset.
func (r *Rules) CitySight(s *game.State, c *game.City) int { return 1 }

// ExtraSight implements game.Ruleset.
func (r *Rules) ExtraSight(s *game.State, p game.PlayerID) []hex.Hex { return nil }

// CityDefends implements game.CityDefender: every city defends itself when
// CitiesDefend is set.
func (r *Rules) CityDefends(s *game.State, c *game.City) bool { return r.CitiesDefend }

// Battle implements game.Ruleset: every unit rolls a d6 and hits on 4+;
// each side loses as many units as the other side hit, taken from its
// armies in order; the side that loses fewer units wins (the defender on a
// tie). Characters are lost with an army that loses all its units. With
// CitiesDefend, the city on the hex (not on an edge) fights for its owner's
// side with as many units as its level, which roll first and fall first
// (the report's CityLevel, CityUnits and CityLosses tell them).
func (r *Rules) Battle(s *game.State, b *game.Battle) {
	var hits, lost, city [2]int
	if c := s.City(b.City); r.CitiesDefend && c != nil && !b.Edge {
		for i := range b.Sides {
			if b.Sides[i].Player == c.Owner {
				city[i] = int(max(c.Level, 0))
			}
		}
	}
	for i := range b.Sides {
		sd := &b.Sides[i]
		n := city[i]
		for _, id := range sd.Armies {
			n += s.Army(id).Units.Total()
		}
		for range n {
			roll := b.Dice.Roll(6)
			sd.Rolls = append(sd.Rolls, roll)
			if roll >= 4 {
				hits[i]++
			}
		}
	}
	for i := range b.Sides {
		sd := &b.Sides[i]
		left := hits[1-i]
		fell := min(left, city[i])
		left -= fell
		lost[i] += fell
		if city[i] > 0 {
			rep := &b.Report.Sides[i]
			rep.CityLevel, rep.CityDefence = int32(city[i]), int32(city[i])
			rep.CityUnits, rep.CityLosses = game.Units{int32(city[i])}, game.Units{int32(fell)}
		}
		sd.Losses = make([]game.Units, len(sd.Armies))
		for k, id := range sd.Armies {
			n := min(left, s.Army(id).Units.Total())
			sd.Losses[k] = game.Units{int32(n)}
			left -= n
			lost[i] += n
		}
	}
	switch {
	case lost[0] < lost[1]:
		b.Winner = 0
	case lost[1] < lost[0]:
		b.Winner = 1
	case b.Sides[0].Role == game.Defender:
		b.Winner = 0
	default:
		b.Winner = 1
	}
}

// Game builds a game on the ASCII map text (see hexmap.Parse) for the
// given number of players with seed. Armies and cities are added by the
// caller.
func Game(r *Rules, text string, players int, seed uint64) *game.State {
	m, err := hexmap.Parse(text, r.terrain)
	if err != nil {
		panic(err)
	}
	return game.New(game.Setup{Ruleset: r.ID(), Seed: seed, Map: m, Players: players})
}

// Army adds an army of player p with n units at offset (col, row) and
// returns its ID.
func Army(s *game.State, p game.PlayerID, col, row int, n int32) game.ArmyID {
	return s.AddArmy(game.Army{Owner: p, Hex: At(col, row), Units: game.Units{n}})
}

// At returns the hex at offset column col, row row.
func At(col, row int) hex.Hex { return hex.FromOffset(hex.Offset{Col: col, Row: row}) }

// Path returns the hexes at the given offset coordinates, "col,row" pairs
// separated by spaces, e.g. Path("2,1 3,1").
func Path(spec string) []hex.Hex {
	var out []hex.Hex
	for _, f := range strings.Fields(spec) {
		var col, row int
		if _, err := fmt.Sscanf(f, "%d,%d", &col, &row); err != nil {
			panic(fmt.Sprintf("gametest.Path: %q: %v", f, err))
		}
		out = append(out, At(col, row))
	}
	return out
}
