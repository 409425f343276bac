package battle

import (
	"slices"

	"empires/shared/rules/empire/dat"
)

// The numbers a battle uses when dat.Game leaves one at zero (a Data built
// in code rather than read from game.dat).
//
// CHOICE: a zero FleeBelow or MaxRounds, or an empty Promotions list,
// means the document's rule (flight below half; promotion after the 1st,
// 3rd and 5th battle) and a bound of DefaultMaxRounds, never "no flight",
// "endless" or "no promotion": a modder who wants a side to stand to the
// last writes flee.below 1.
const (
	// DefaultFleeBelow is the document's morale: an army flees below half
	// of its hp at the start of the battle.
	DefaultFleeBelow = 50
	// DefaultMaxRounds is the number of rounds after which a battle ends
	// in a stalemate.
	DefaultMaxRounds = 100
)

// battleAttacks are the kinds of attack a unit uses in a battle's phases;
// bombing is used only by Bombard.
const battleAttacks = dat.LandAttack | dat.AirAttack | dat.NavalAttack

// magic are the attributes that make a unit's attack not "normal" against
// undead units.
const magic = dat.FireMagic | dat.IceMagic | dat.WhiteMagic | dat.BlackMagic | dat.Holy | dat.Hell

// fight is one battle under way.
type fight struct {
	d     *dat.Data
	dice  Dice
	sides [2][]Fighter // the living units of each side, in the game's order
}

// Fight fights the battle between the attacking side att (side 0, always
// an army) and the defending side def (side 1) by the document's rules,
// drawing every random number from dice, and reports it. It changes
// neither att's nor def's fighters; the survivors, with their hp and
// experience after the battle, are in the Report's Sides, and the fighters
// as they came in its Start. Every Fighter's Kind must be a kind of d.
//
// A round is the special, the distance and the melee phase, then the
// escape and the evaluation phase. In each attack phase every unit whose
// a:ph is that phase attacks once, the attacker's side first and the
// defender's after; "even if it is killed in this phase it gets its
// chance", and the killed are eliminated after the phase. The bonuses av+
// and dv+ of a side are those of its units living at the start of the
// phase.
//
// CHOICE: a unit reduced to 0 hp earlier in the phase still attacks but is
// no longer a target: the later attackers of the other side choose among
// the living (no attack is wasted on the dead). The attacks of the two
// sides stay simultaneous: what one side does in a phase never changes
// what the other does in it.
//
// The battle ends in the evaluation phase: the attacker wiped out
// (AttackerWiped, even if the defender is wiped out too), the attacker
// fled (AttackerFled), the defender fled (DefenderFled), the defender
// wiped out (DefenderWiped). It ends in a Stalemate after d.Game.MaxRounds
// rounds (DefaultMaxRounds if 0), or at once after a round in which no unit
// of either side had a target it may attack, for then none ever will.
//
// CHOICE: fighters that come to the battle with 0 hp or less take no part
// in it and are not among the survivors.
func Fight(d *dat.Data, att, def Side, dice Dice) Report {
	f := fight{d: d, dice: dice}
	f.sides[0] = living(att.Fighters)
	f.sides[1] = living(def.Fighters)
	in := [2]*Side{&att, &def}
	var rep Report
	rep.Start = [2][]Fighter{slices.Clone(f.sides[0]), slices.Clone(f.sides[1])}
	rep.StartHP = [2]int{sumHP(f.sides[0]), sumHP(f.sides[1])}
	maxRounds := d.Game.MaxRounds
	if maxRounds <= 0 {
		maxRounds = DefaultMaxRounds
	}
	fought := false
	outcome := f.evaluate([2]bool{})
	for n := 1; outcome == 0; n++ {
		var r Round
		attacked := false
		for ph := dat.Special; ph < dat.NumPhases; ph++ {
			if pr, ok := f.phase(ph); ok {
				r.Phases = append(r.Phases, pr)
				attacked = true
			}
		}
		r.HP = [2]int{sumHP(f.sides[0]), sumHP(f.sides[1])}
		r.Fled = escape(d, in, rep.StartHP, r.HP)
		rep.Rounds = append(rep.Rounds, r)
		fought = fought || attacked
		outcome = f.evaluate(r.Fled)
		if outcome == 0 && (!attacked || n >= maxRounds) {
			outcome = Stalemate
		}
	}
	rep.Outcome = outcome
	if fought {
		rep.Promoted = f.experience(d.Game.Promotions)
	}
	for s := range rep.Sides {
		rep.Sides[s] = Side{Player: in[s].Player, Fighters: f.sides[s], Garrison: in[s].Garrison, CanFlee: in[s].CanFlee}
	}
	return rep
}

// living returns a copy of the fighters with more than 0 hp.
func living(fs []Fighter) []Fighter {
	out := make([]Fighter, 0, len(fs))
	for _, x := range fs {
		if x.HP > 0 {
			out = append(out, x)
		}
	}
	return out
}

// sumHP is the total hp of fs.
func sumHP(fs []Fighter) int {
	n := 0
	for i := range fs {
		n += fs[i].HP
	}
	return n
}

// bonus returns the army-wide bonuses av+<n> and dv+<n> of the units of fs
// with more than 0 hp, added up ("boni are accumulative").
func bonus(d *dat.Data, fs []Fighter) (av, dv int) {
	for i := range fs {
		if fs[i].HP > 0 {
			u := d.Unit(fs[i].Kind)
			av += u.AVBonus
			dv += u.DVBonus
		}
	}
	return av, dv
}

// phase plays attack phase ph: every unit of both sides attacking in it
// attacks the target it chooses, then the killed are eliminated. It
// reports whether any unit attacked.
func (f *fight) phase(ph dat.Phase) (PhaseReport, bool) {
	var av, dv [2]int
	attackers := 0
	for s := range f.sides {
		av[s], dv[s] = bonus(f.d, f.sides[s])
		for i := range f.sides[s] {
			if attacks(f.d.Unit(f.sides[s][i].Kind), ph) {
				attackers++
			}
		}
	}
	pr := PhaseReport{Phase: ph}
	if attackers == 0 {
		return pr, false
	}
	for s := range f.sides {
		o := 1 - s
		for i := range f.sides[s] {
			a := &f.sides[s][i]
			au := f.d.Unit(a.Kind)
			if !attacks(au, ph) {
				continue
			}
			j := choose(f.d, f.sides[o], au.Attacks, ph)
			if j < 0 {
				continue
			}
			if pr.Hits == nil {
				pr.Hits = make([]Hit, 0, attackers)
			}
			h := strike(f.d, f.dice, a, av[s], &f.sides[o][j], dv[o])
			h.Side = uint8(s)
			pr.Hits = append(pr.Hits, h)
		}
	}
	if len(pr.Hits) == 0 {
		return pr, false
	}
	for s := range f.sides {
		f.sides[s], pr.Killed = removeDead(f.sides[s], pr.Killed)
	}
	return pr, true
}

// attacks reports whether unit u attacks in phase ph.
func attacks(u *dat.Unit, ph dat.Phase) bool {
	return u.Phase == ph && u.Attacks&battleAttacks != 0
}

// removeDead removes the fighters with 0 hp from fs, keeping the order,
// and appends their IDs to killed.
func removeDead(fs []Fighter, killed []UnitID) ([]Fighter, []UnitID) {
	n := 0
	for _, x := range fs {
		if x.HP > 0 {
			fs[n] = x
			n++
		} else {
			killed = append(killed, x.ID)
		}
	}
	return fs[:n], killed
}

// eligible reports whether a unit with the attacks kinds may attack a unit
// t in phase ph: "A unit with "land attack" can attack units which can
// move on at least one kind of dry land, but not units with the special
// ability "fly". A unit with "air attack" can attack units with the special
// ability "fly". A unit with "naval attack" can attack units which can move
// at sea." A unit with several kinds may attack what any of them allows.
//
// CHOICE: an immune unit (dimmune in the distance phase, mimmune in the
// melee phase) is no target at all in that phase: its attackers choose
// another, as they would a unit they may not attack.
func eligible(kinds dat.Attack, ph dat.Phase, t *dat.Unit) bool {
	if ph == dat.Distance && t.Has(dat.DImmune) || ph == dat.Melee && t.Has(dat.MImmune) {
		return false
	}
	return kinds&dat.LandAttack != 0 && t.Land() && !t.Has(dat.Fly) ||
		kinds&dat.AirAttack != 0 && t.Has(dat.Fly) ||
		kinds&dat.NavalAttack != 0 && t.Naval()
}

// choose returns the index in enemies of the unit to attack in phase ph
// for a unit with the kinds of attack kinds, -1 if none:
// "the least valuable unit (if there are more than one eligible: the unit
// with the least hit points), which it is permitted to attack. The value
// is the number of production turns for the unit." A firsttarget unit is
// preferred regardless of its value. The units with 0 hp and those not
// eligible are not targets; of equals the first in enemies' order is. With
// kinds Bombing, every living unit is eligible.
func choose(d *dat.Data, enemies []Fighter, kinds dat.Attack, ph dat.Phase) int {
	best := -1
	var bu *dat.Unit
	for j := range enemies {
		e := &enemies[j]
		if e.HP <= 0 {
			continue
		}
		eu := d.Unit(e.Kind)
		if kinds != dat.Bombing && !eligible(kinds, ph, eu) {
			continue
		}
		if best < 0 || before(e, eu, &enemies[best], bu) {
			best, bu = j, eu
		}
	}
	return best
}

// before reports whether a (of unit au) is a better target than b (of unit
// bu): firsttarget first, then the least value, then the least hp.
func before(a *Fighter, au *dat.Unit, b *Fighter, bu *dat.Unit) bool {
	if af, bf := au.Has(dat.FirstTarget), bu.Has(dat.FirstTarget); af != bf {
		return af
	}
	if au.Prod != bu.Prod {
		return au.Prod < bu.Prod
	}
	return a.HP < b.HP
}

// strike is a's attack on t, with the bonuses avBonus of a's side and
// dvBonus of t's side: "a random number between 0 and the av of the
// attacker and 0 and the dv of the defender [...] If the number of the
// attacker is greater than the number of the defender, the defender loses
// one hp." (two for double damage). The attacker's dice are drawn before
// the defender's. t loses the hp; the hit reports them.
//
// CHOICE: against an undead target the attacker's kept die is halved
// (rounded down) when the attacker is "normal": none of firemagic,
// icemagic, whitemagic, blackmagic, holy and hell; an undead attacker is
// normal too.
func strike(d *dat.Data, dice Dice, a *Fighter, avBonus int, t *Fighter, dvBonus int) Hit {
	au, tu := d.Unit(a.Kind), d.Unit(t.Kind)
	roll := best(dice, au.AV+avBonus, a.Level)
	def := best(dice, tu.DV+dvBonus, t.Level)
	// "undead: half damage from normal units (i. e. their attack die rolls
	// are halved)".
	if tu.Has(dat.Undead) && au.Attrs&magic == 0 {
		roll /= 2
	}
	h := Hit{From: a.ID, To: t.ID, Roll: roll, Defence: def}
	if roll > def {
		h.Damage = 1
		if tu.Attrs&strongAgainst(au.Attrs) != 0 {
			h.Damage = 2
		}
		h.Damage = min(h.Damage, t.HP)
		t.HP -= h.Damage
	}
	return h
}

// best rolls level+1 dice between 0 and v (inclusive) and returns the best.
//
// CHOICE: the document's "A level-n-unit rolls n times; the best die roll
// is taken" would give a green unit and a * unit one die each, and make the
// first promotion worthless; so a green unit rolls once and each level adds
// a die: Level+1 dice. A value below 0 counts as 0.
func best(dice Dice, v, level int) int {
	v = max(v, 0)
	b := 0
	for range max(level, 0) + 1 {
		b = max(b, dice.IntN(v+1))
	}
	return b
}

// strongAgainst returns the attributes of the units an attacker with the
// attributes a does double damage against: firemagic against icemagic,
// icemagic against firemagic, whitemagic against blackmagic and undead,
// blackmagic against whitemagic and holy, holy against undead and hell,
// hell against holy and whitemagic.
func strongAgainst(a dat.Attr) dat.Attr {
	var t dat.Attr
	if a&dat.FireMagic != 0 {
		t |= dat.IceMagic
	}
	if a&dat.IceMagic != 0 {
		t |= dat.FireMagic
	}
	if a&dat.WhiteMagic != 0 {
		t |= dat.BlackMagic | dat.Undead
	}
	if a&dat.BlackMagic != 0 {
		t |= dat.WhiteMagic | dat.Holy
	}
	if a&dat.Holy != 0 {
		t |= dat.Undead | dat.Hell
	}
	if a&dat.Hell != 0 {
		t |= dat.Holy | dat.WhiteMagic
	}
	return t
}

// escape plays the escape phase, given the sides' hp at the start of the
// battle and now, and returns which side flees: "An army flees if the
// total sum of hit points of all its units is reduced to less than half of
// the value at the start of the battle" (d.Game.FleeBelow percent, or
// DefaultFleeBelow if 0). It does not flee if the opposing force is wiped
// out, if it cannot flee (no empty square next to it: !CanFlee), or if it
// is a garrison. "The attacker checks first. If the attacker flees the
// defending force will stay regardless of its morale." A side wiped out
// does not flee.
func escape(d *dat.Data, in [2]*Side, start, hp [2]int) [2]bool {
	below := d.Game.FleeBelow
	if below <= 0 {
		below = DefaultFleeBelow
	}
	var fled [2]bool
	for s := range fled {
		o := 1 - s
		if !in[s].Garrison && in[s].CanFlee && hp[s] > 0 && hp[o] > 0 && hp[s]*100 < start[s]*below {
			fled[s] = true
			break
		}
	}
	return fled
}

// evaluate plays the evaluation phase, given who fled, and returns the
// outcome, 0 if the battle goes on. The attacker wiped out comes first: "If
// the defending force is also wiped out, the square will stay in the
// control of the defending player nonetheless."
func (f *fight) evaluate(fled [2]bool) Outcome {
	switch {
	case len(f.sides[0]) == 0:
		return AttackerWiped
	case fled[0]:
		return AttackerFled
	case fled[1]:
		return DefenderFled
	case len(f.sides[1]) == 0:
		return DefenderWiped
	}
	return 0
}

// experience counts the battle for every survivor of both sides (the fled
// too) and promotes them: "After the first, third and fifth battle the unit
// is promoted one level". A unit's Level becomes the number of thresholds
// of promotions (the document's 1, 3, 5 if empty) its Battles reached; a
// unit is never demoted. It returns the promoted, the attacker's first.
//
// CHOICE: a battle in which no unit attacked (one that ends at once in a
// stalemate, a Barge against an Infantry) counts for no unit: walking next
// to a harmless enemy teaches nothing.
func (f *fight) experience(promotions []int) []UnitID {
	if len(promotions) == 0 {
		promotions = []int{1, 3, 5}
	}
	var promoted []UnitID
	for s := range f.sides {
		for i := range f.sides[s] {
			x := &f.sides[s][i]
			x.Battles++
			level := 0
			for _, p := range promotions {
				if x.Battles >= p {
					level++
				}
			}
			if level > x.Level {
				x.Level = level
				promoted = append(promoted, x.ID)
			}
		}
	}
	return promoted
}

// Bombard is one bombardment of the army target by the army army: "Every
// bombing unit bombards the hostile army once." Every unit of army with
// more than 0 hp and the bombing kind of attack attacks once, in army's
// order, with the dice of a battle's attack (its level's dice and the av+
// bonuses of army against the target's dv, its level's dice and the dv+
// bonuses of target; double damage and the undead's halving alike). It
// returns the hits (Side 0) and the target's survivors, in its order;
// target itself is not changed. The choice of the hostile army, where
// there are several, is the game's.
//
// CHOICE: a bombardment may hit any unit, whatever the kinds of attack of
// the bombing unit and the target's immunities; each bombing unit chooses
// the least valuable (firsttarget first, then the least hp) of the units
// still living.
func Bombard(d *dat.Data, army []Fighter, target []Fighter, dice Dice) (hits []Hit, after []Fighter) {
	after = living(target)
	av, _ := bonus(d, army)
	_, dv := bonus(d, after)
	for i := range army {
		a := &army[i]
		if a.HP <= 0 || d.Unit(a.Kind).Attacks&dat.Bombing == 0 {
			continue
		}
		j := choose(d, after, dat.Bombing, dat.NumPhases)
		if j < 0 {
			break
		}
		hits = append(hits, strike(d, dice, a, av, &after[j], dv))
	}
	after, _ = removeDead(after, nil)
	return hits, after
}
