package erfworldai

import (
	"slices"

	"empires/shared/game"
	"empires/shared/hex"
	"empires/shared/hexgame"
	"empires/shared/rules/erfworld"
	"empires/shared/ruleset"
)

// What the AI hears. After each turn the platform hands the Player the
// events its seat was told (ruleset.Listener, through hexgame.Listener):
// what a player reads in the game's log. Normal and Hard keep, per seat,
// the few things a view does not show and act on them:
//
//   - a Look at its side, which its Fool-A-Mancer reports ("If 'Looked'
//     at, the Fool-A-Mancer reports who looked"): the side that looked is
//     taken for the one preparing to attack it. The Capital keeps more
//     units (lookedKeep), and the Look-A-Mancer, if it has one, looks back
//     at that side;
//   - a side known to have a Look-A-Mancer: the Fool-A-Mancer's report of
//     its Look, its own Look in a turn report the player's Look brought
//     ("That player's map and turn report is sent to the Look-a-mancer's
//     side"), or a Look-A-Mancer among a side's characters in a battle
//     report. With no Fool-A-Mancer and a Caster's place free, the player
//     pops one: "each side with a Fool-A-Mancer reduces the ability of a
//     Look-A-Mancer to 'Look' at their side by 50%";
//   - a city of its own taken (game.EventCapture of a city it held when it
//     gave its last orders): retakeLost then knows it even out of sight,
//     where the view does not show it and so gives nothing to guess from,
//     as the player last held it. It is weighed like the cities it guesses
//     lost (in its own land, lostRadius), and forgotten once retaken.
//
// What a seat heard is not saved with the game (ruleset.Listener): a
// Player made for a resumed game, or one that takes a seat over, has heard
// nothing, and plays from its view alone (retakeLost still guesses).

// Player implements hexgame.Listener.
var _ hexgame.Listener = (*Player)(nil)

// How long what a seat heard counts, in turns: a Look at it (for the
// garrison and the Look back), a side known to Look, a city lost.
const (
	lookedTurns = 10
	lookerTurns = 30
	lostTurns   = 30
)

// lookedKeep is the units the Capital keeps beyond style.capitalKeep while
// a side that looked at the player counts (lookedTurns) and is within
// lookedRange of it (watchedKeep).
//
// CHOICE: a Look is the only warning the rules give of an attack that has
// not been seen yet; the garrison grows by 6. Only against a side within
// reach: on 4-player island maps, where every side soon has a
// Fool-A-Mancer that reports every Look, a garrison raised against any
// looker drew more mirrored normal games (-islands -players 4 -size 64x32
// -games 20 -mirror: 6 decided of 20, against 14 without it).
const (
	lookedKeep  = 6
	lookedRange = 12
)

// heard is what one seat heard that its planner uses: entries by side or
// city, each with the last turn it was heard, in the order first heard.
type heard struct {
	lookedBy []turnOf[game.PlayerID] // sides whose Look at the seat was reported
	lookers  []turnOf[game.PlayerID] // sides known to have a Look-A-Mancer
	// lost are the seat's cities taken by others, as they were when the
	// seat held them but for their new Owner.
	lost []turnOf[game.CityView]
	// mine are the seat's cities when it last gave orders, by ID: a
	// capture of one of them is a city lost.
	mine []game.CityView
}

// turnOf is a side or a city and the last turn it was heard of.
type turnOf[T comparable] struct {
	what T
	turn game.Turn
}

// note records what as heard on turn t in list.
func note[T comparable](list []turnOf[T], what T, t game.Turn) []turnOf[T] {
	for i := range list {
		if list[i].what == what {
			list[i].turn = max(list[i].turn, t)
			return list
		}
	}
	return append(list, turnOf[T]{what, t})
}

// since returns list without the entries last heard before turn t.
func since[T comparable](list []turnOf[T], t game.Turn) []turnOf[T] {
	return slices.DeleteFunc(list, func(e turnOf[T]) bool { return e.turn < t })
}

// listens reports whether the player's level acts on what it hears.
func (p *Player) listens() bool { return p.level == ruleset.Normal || p.level == ruleset.Hard }

// Hear implements hexgame.Listener: it keeps what seat me was told of a
// turn that Normal and Hard act on (see above). Other levels keep nothing.
func (p *Player) Hear(me game.PlayerID, events []game.Event) {
	if !p.listens() || me == 0 {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.ears == nil {
		p.ears = map[game.PlayerID]*heard{}
	}
	h := p.ears[me]
	if h == nil {
		h = &heard{}
		p.ears[me] = h
	}
	look := erfworld.CharCaster + uint8(erfworld.CasterLook)
	for i := range events {
		e := &events[i]
		switch e.Kind {
		case erfworld.EventLook:
			if q, ok := p.rs.FoolReport(*e); ok && e.Player == me && q != me {
				h.lookedBy = note(h.lookedBy, q, e.Turn)
				h.lookers = note(h.lookers, q, e.Turn)
			} else if e.Player != me && e.Player != 0 {
				// Another side's own Look, in its turn report.
				h.lookers = note(h.lookers, e.Player, e.Turn)
			}
		case game.EventBattle:
			if e.Battle == nil {
				continue
			}
			for _, sd := range e.Battle.Sides {
				if sd.Player == me || sd.Player == 0 {
					continue
				}
				for _, c := range sd.Characters {
					if c.Kind == look {
						h.lookers = note(h.lookers, sd.Player, e.Turn)
					}
				}
			}
		case game.EventCapture:
			if k, ok := cityIndex(h.mine, e.City); ok && e.Player != me {
				c := h.mine[k]
				c.Owner = e.Player
				h.lost = slices.DeleteFunc(h.lost, func(l turnOf[game.CityView]) bool { return l.what.ID == c.ID })
				h.lost = append(h.lost, turnOf[game.CityView]{c, e.Turn})
			}
		}
	}
}

// recall returns what seat v.You heard, for its planner's turn v.Turn, nil
// if nothing (or the level does not listen); it forgets what counts no
// more, and notes the seat's cities now so that a capture of one is known
// for a city lost.
func (p *Player) recall(v *game.View) *heard {
	if !p.listens() {
		return nil
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	h := p.ears[v.You]
	if h == nil {
		if p.ears == nil {
			p.ears = map[game.PlayerID]*heard{}
		}
		h = &heard{}
		p.ears[v.You] = h
	}
	h.mine = h.mine[:0]
	for _, c := range v.Cities { // sorted by ID
		if c.Owner == v.You {
			h.mine = append(h.mine, c)
		}
	}
	h.lookedBy = since(h.lookedBy, v.Turn-lookedTurns)
	h.lookers = since(h.lookers, v.Turn-lookerTurns)
	h.lost = since(h.lost, v.Turn-lostTurns)
	h.lost = slices.DeleteFunc(h.lost, func(e turnOf[game.CityView]) bool {
		_, mine := cityIndex(h.mine, e.what.ID)
		return mine
	})
	if len(h.lookedBy)+len(h.lookers)+len(h.lost) == 0 {
		return nil
	}
	return &heard{lookedBy: slices.Clone(h.lookedBy), lookers: slices.Clone(h.lookers), lost: slices.Clone(h.lost)}
}

// lookedBy returns the rival whose Look at the player was reported last
// (the lower ID on a tie), still in the game, or 0: the side taken for the
// one preparing to attack.
func (p *planner) lookedBy() game.PlayerID {
	if p.heard == nil {
		return 0
	}
	rivals := p.rivals()
	best := turnOf[game.PlayerID]{}
	for _, e := range p.heard.lookedBy {
		if slices.Contains(rivals, e.what) && (best.what == 0 || e.turn > best.turn || e.turn == best.turn && e.what < best.what) {
			best = e
		}
	}
	return best.what
}

// watchedKeep is the units the Capital keeps beyond its style's
// (lookedKeep) while a rival's Look at the player counts and that rival is
// within reach: an army of its seen lately, or a city of its known, within
// lookedRange of the Capital; else 0.
func (p *planner) watchedKeep() int {
	q := p.lookedBy()
	if q == 0 || p.capital == nil {
		return 0
	}
	home := p.capital.Hex
	for _, e := range p.enemies {
		if e.Owner == q && e.Seen+lookedTurns >= p.turn && hex.Distance(e.Hex, home) <= lookedRange {
			return lookedKeep
		}
	}
	for _, c := range p.foes {
		if c.Owner == q && hex.Distance(c.Hex, home) <= lookedRange {
			return lookedKeep
		}
	}
	return 0
}

// answerLook pops a Fool-A-Mancer in the Capital's garrison, the rules'
// answer to a Look, when the player has none, a Caster's place is free
// and a rival still in the game is known to have a Look-A-Mancer (or
// looked at the player: its Fool-A-Mancer, since lost, reported it). It
// reports whether it did; popCaster then pops nothing more.
func (p *planner) answerLook() bool {
	if p.heard == nil || p.held[erfworld.CasterFool] > 0 || p.casterKinds[erfworld.CasterFool] > 0 ||
		p.casters >= p.rs.D.Caster.MaxPerSide || !p.compatible(erfworld.CasterFool) {
		return false
	}
	rivals := p.rivals()
	for _, e := range p.heard.lookers {
		if slices.Contains(rivals, e.what) {
			p.pop(erfworld.CasterFool, 0)
			return true
		}
	}
	return false
}

// cityIndex returns where city id is in cities (sorted by ID), and
// whether it is there.
func cityIndex(cities []game.CityView, id game.CityID) (int, bool) {
	return slices.BinarySearchFunc(cities, id, func(c game.CityView, id game.CityID) int { return int(c.ID) - int(id) })
}

// heardLost returns the cities the player was told it lost and has not
// retaken, by ID: as the view shows them where it does (in p.foes), else
// as the player last held them, with their taker for Owner (the view
// shows nothing there: the city is out of sight).
func (p *planner) heardLost() []game.CityView {
	if p.heard == nil {
		return nil
	}
	var out []game.CityView
	for _, e := range p.heard.lost {
		c := e.what
		if k, ok := cityIndex(p.foes, c.ID); ok {
			c = p.foes[k]
		}
		out = append(out, c)
	}
	slices.SortFunc(out, func(a, b game.CityView) int { return int(a.ID) - int(b.ID) })
	return out
}
