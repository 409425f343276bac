package empireai

import (
	"cmp"
	"fmt"
	"slices"
	"sync"

	"empires/shared/rules/empire"
	"empires/shared/rules/empire/battle"
	"empires/shared/rules/empire/dat"
	"empires/shared/ruleset"
)

// Memory. A sighting tells a player only how many units a force has and
// their hp; a battle report names every fighter of both sides, its kind,
// hp and experience (empire.BattleEvent: the report goes to both sides
// and to every seat that sees the square). The hard level keeps, per seat
// it plays, what its battle reports told it: the kinds each other player
// fought with, and the units each enemy force had when its last battle
// ended. From that it models the units of a sighting (model), and once
// it has all but won (finishing) weighs the last settlements' defenders
// by them (world.defence).

// Memory's bounds.
const (
	// memoryForces is the most enemy forces a seat remembers; past it,
	// those not met for memoryTurns are forgotten.
	memoryForces = 512
	memoryTurns  = 60
)

// memory is what one seat has learnt from its events.
type memory struct {
	// heard counts the event batches heard: one a turn, the memory's
	// clock.
	heard int
	// met counts, for each other player, the units of each kind (by
	// index) it fought with in the battles the seat was told of.
	met map[empire.Seat][]int
	// forces are the enemy forces whose units a battle report gave whole:
	// the only force of its side in the battle.
	forces map[empire.ForceID]knownForce
}

// knownForce is an enemy force as its last battle left it.
type knownForce struct {
	owner    empire.Seat
	fighters []battle.Fighter
	heard    int
}

func newMemory() *memory {
	return &memory{met: map[empire.Seat][]int{}, forces: map[empire.ForceID]knownForce{}}
}

// hear adds the battles of events, the events seat s was told of one
// turn, to m.
func (m *memory) hear(d *dat.Data, s empire.Seat, events []empire.Event) {
	m.heard++
	for _, e := range events {
		if e.Kind != empire.EvBattle || e.Battle == nil {
			continue
		}
		b := e.Battle
		owners := [2]empire.Seat{b.Attacker, b.Defender}
		ids := [2][]empire.ForceID{b.AttackerForces, b.DefenderForces}
		for side, o := range owners {
			if o == s || o == 0 {
				continue
			}
			counts := m.met[o]
			if counts == nil {
				counts = make([]int, len(d.Units))
				m.met[o] = counts
			}
			for _, f := range b.Report.Start[side] {
				if int(f.Kind) < len(counts) {
					counts[f.Kind]++
				}
			}
			if len(ids[side]) == 1 {
				alive := slices.DeleteFunc(slices.Clone(b.Report.Sides[side].Fighters), func(f battle.Fighter) bool { return f.HP <= 0 })
				if len(alive) == 0 {
					delete(m.forces, ids[side][0])
				} else {
					m.forces[ids[side][0]] = knownForce{owner: o, fighters: alive, heard: m.heard}
				}
			}
		}
	}
	if len(m.forces) > memoryForces {
		for id, f := range m.forces {
			if m.heard-f.heard > memoryTurns {
				delete(m.forces, id)
			}
		}
	}
}

// clone returns a copy of m that shares nothing with it.
func (m *memory) clone() *memory {
	c := &memory{heard: m.heard, met: make(map[empire.Seat][]int, len(m.met)), forces: make(map[empire.ForceID]knownForce, len(m.forces))}
	for o, counts := range m.met {
		c.met[o] = slices.Clone(counts)
	}
	for id, f := range m.forces {
		c.forces[id] = knownForce{owner: f.owner, fighters: slices.Clone(f.fighters), heard: f.heard}
	}
	return c
}

// memories are the memories of the seats a Player plays, safe for
// concurrent use (one Player may play several seats at once).
type memories struct {
	mu    sync.Mutex
	seats map[empire.Seat]*memory
}

// hear adds the events evs of one turn to seat s's memory.
func (ms *memories) hear(d *dat.Data, s empire.Seat, evs []empire.Event) {
	ms.mu.Lock()
	defer ms.mu.Unlock()
	if ms.seats == nil {
		ms.seats = map[empire.Seat]*memory{}
	}
	m := ms.seats[s]
	if m == nil {
		m = newMemory()
		ms.seats[s] = m
	}
	m.hear(d, s, evs)
}

// of returns a copy of seat s's memory (an empty one if it heard
// nothing), for one turn's plan.
func (ms *memories) of(s empire.Seat) *memory {
	ms.mu.Lock()
	defer ms.mu.Unlock()
	if m := ms.seats[s]; m != nil {
		return m.clone()
	}
	return newMemory()
}

// Hear implements ruleset.Listener: the events of seat s, as
// empire.Outcome.Events encodes them (an encoded list, never no bytes at
// all). A style that remembers (hard) keeps what its battle reports tell
// of the others' units; the other levels keep nothing. Events that do not
// decode are an error, and nothing of them is kept.
func (p *Player) Hear(s ruleset.Seat, events []byte) error {
	if len(events) == 0 {
		return fmt.Errorf("%s AI, seat %d: no events list", empire.ID, s)
	}
	evs, err := empire.DecodeEvents(events)
	if err != nil {
		return fmt.Errorf("%s AI, seat %d: %w", empire.ID, s, err)
	}
	if p.st.remember {
		p.mem.hear(p.d, s, evs)
	}
	return nil
}

// model returns the units the player takes sighting sg's force for: a
// neutral garrison as game.dat's; a force whose units a battle report
// gave, those (with units since added modelled as below); else units of
// the kinds its owner was met with whose hp add up to the sighting's,
// the kinds met most first; else units of the kinds of the nearest hp,
// the strongest. The sighting's wounds are spread over them.
func (w *world) model(sg *empire.Sighting) []battle.Fighter {
	if sg.Units <= 0 || sg.MaxHP <= 0 {
		return nil
	}
	var out []battle.Fighter
	if n := len(w.d.Game.NeutralGarrison); sg.Owner == 0 && sg.Units <= n && neutralHP(w.d, sg.Units) == sg.MaxHP {
		for _, name := range w.d.Game.NeutralGarrison[:sg.Units] {
			if k, ok := w.d.Kind(name); ok {
				out = append(out, battle.Fighter{Kind: k, HP: w.d.Unit(k).HP})
			}
		}
		return wound(out, sg.HP)
	}
	units, maxHP := sg.Units, sg.MaxHP
	if kf, ok := w.mem.forces[sg.Force]; ok && kf.owner == sg.Owner {
		known := 0
		for _, f := range kf.fighters {
			known += w.d.Unit(f.Kind).HP
		}
		if len(kf.fighters) <= units && known <= maxHP {
			for _, f := range kf.fighters {
				out = append(out, battle.Fighter{Kind: f.Kind, HP: w.d.Unit(f.Kind).HP, Level: f.Level, Battles: f.Battles})
			}
			units -= len(kf.fighters)
			maxHP -= known
		}
	}
	if units > 0 {
		out = append(out, w.fit(sg.Owner, units, maxHP)...)
	}
	return wound(out, sg.HP)
}

// fit returns n units of owner whose maximum hp add up to hp: of one kind
// met, or of two, the kinds met most first; else n of the strongest kind
// of the nearest hp per unit.
func (w *world) fit(owner empire.Seat, n, hp int) []battle.Fighter {
	counts := w.mem.met[owner]
	var kinds []dat.Kind
	for k, c := range counts {
		if c > 0 {
			kinds = append(kinds, dat.Kind(k))
		}
	}
	slices.SortStableFunc(kinds, func(a, b dat.Kind) int { return cmp.Compare(counts[b], counts[a]) })
	of := func(k dat.Kind, m int) []battle.Fighter {
		out := make([]battle.Fighter, m)
		for i := range out {
			out[i] = battle.Fighter{Kind: k, HP: w.d.Unit(k).HP}
		}
		return out
	}
	for _, k := range kinds {
		if w.d.Unit(k).HP*n == hp {
			return of(k, n)
		}
	}
	for i, a := range kinds {
		for _, b := range kinds[i+1:] {
			ha, hb := w.d.Unit(a).HP, w.d.Unit(b).HP
			if ha == hb {
				continue
			}
			// x units of b and n-x of a: x*hb + (n-x)*ha = hp.
			if x := (hp - n*ha) / (hb - ha); x >= 1 && x < n && x*hb+(n-x)*ha == hp {
				return append(of(b, x), of(a, n-x)...)
			}
		}
	}
	per := max((hp+n/2)/n, 1)
	best, bestDist, bestPower := dat.Kind(0), -1, 0.0
	for k := range w.d.Units {
		ut := &w.d.Units[k]
		dist, pw := abs(ut.HP-per), kindPower(ut, ut.HP)
		if bestDist < 0 || dist < bestDist || dist == bestDist && pw > bestPower {
			best, bestDist, bestPower = dat.Kind(k), dist, pw
		}
	}
	return of(best, n)
}

// wound takes hp from fighters, the one with the most first, until their
// hp add up to hp (each keeps 1 at least), and returns them.
func wound(fighters []battle.Fighter, hp int) []battle.Fighter {
	sum := 0
	for _, f := range fighters {
		sum += f.HP
	}
	for i := 0; sum > hp && i < 4*len(fighters)+sum; i++ {
		j := -1
		for k, f := range fighters {
			if f.HP > 1 && (j < 0 || f.HP > fighters[j].HP) {
				j = k
			}
		}
		if j < 0 {
			break
		}
		fighters[j].HP--
		sum--
	}
	return fighters
}

// modelPower is the fighting power of the units model takes sg for.
func (w *world) modelPower(sg *empire.Sighting) float64 {
	p := 0.0
	for _, f := range w.model(sg) {
		p += kindPower(w.d.Unit(f.Kind), f.HP)
	}
	return p
}

// knownPower estimates the power of sighting sg from what the seat
// heard: the power of the units model takes it for when the seat met its
// owner in battle or knows the force; else sightingPower.
func (w *world) knownPower(sg *empire.Sighting) float64 {
	if _, ok := w.mem.forces[sg.Force]; ok || w.mem.met[sg.Owner] != nil {
		return w.modelPower(sg)
	}
	return sightingPower(w.d, sg)
}

// finishing reports whether the player has all but won, as far as it
// knows: the others together hold at most a quarter of the settlements
// it holds.
func (w *world) finishing() bool {
	others := 0
	for _, s := range w.v.Settlements {
		if s.Owner != w.me && s.Owner != 0 {
			others++
		}
	}
	return others > 0 && others*finishShare <= len(w.own)
}
