package battle

import (
	"reflect"
	"slices"
	"testing"

	"empires/shared/rules/empire/dat"
)

// TestDefaultUnits checks the test's table of the document's units against
// a few of its sentences, so that the rule tests stand on the document.
func TestDefaultUnits(t *testing.T) {
	d := testData(docGame())
	if have := len(d.Units) - 1; have != numDefaultUnits {
		t.Fatalf("have %d default units, want %d", have, numDefaultUnits)
	}
	inf := d.Unit(mustKind(t, d, "Infantry"))
	// "The infantry has 2 mp and the movement table is: plains (p): 1,
	// forest (f): 2, mountain (m): 0, sea (s): 0"; the table says m2.
	if have, want := inf.Move, [4]int{1, 2, 2, 0}; have != want || inf.MP != 2 {
		t.Errorf("Infantry: have mp %d move %v, want 2 %v", inf.MP, have, want)
	}
	for _, name := range []string{"Spirit", "Balloon", "Angel", "Demon"} {
		if !d.Unit(mustKind(t, d, name)).Has(dat.Fly) {
			t.Errorf("%s does not fly", name)
		}
	}
}

func mustKind(t testing.TB, d *dat.Data, name string) dat.Kind {
	t.Helper()
	k, ok := d.Kind(name)
	if !ok {
		t.Fatalf("no unit %q", name)
	}
	return k
}

// TestTargeting: "Every unit of a given side attacks the least valuable
// unit (if there are more than one eligible: the unit with the least hit
// points), which it is permitted to attack. The "value" is the number of
// production turns for the unit." and the kinds of attack, fly, firsttarget,
// dimmune and mimmune. Every die is 0 (nobody is hurt); the case looks at
// whom unit 1 attacks in the first round, 0 for nobody.
func TestTargeting(t *testing.T) {
	tests := []struct {
		name     string
		att, def []string
		want     UnitID
	}{
		{name: "the least valuable unit", att: []string{"1 Infantry"},
			def: []string{"11 Cavalry", "12 Infantry", "13 Archer"}, want: 12},
		{name: "of equal value: the unit with the least hit points", att: []string{"1 Infantry"},
			def: []string{"11 Zombie", "12 Zombie hp2", "13 Zombie hp3"}, want: 12},
		{name: "value comes before hit points", att: []string{"1 Infantry"},
			def: []string{"11 Zombie hp1", "12 Cavalry"}, want: 12},
		{name: "equals: the first in the side's order", att: []string{"1 Infantry"},
			def: []string{"11 Infantry", "12 Infantry"}, want: 11},
		{name: "equals: the first in the side's order, not the least ID", att: []string{"1 Infantry"},
			def: []string{"12 Infantry", "11 Infantry"}, want: 12},
		{name: "firsttarget: a preferred target regardless of its value", att: []string{"1 Infantry"},
			def: []string{"11 Infantry", "12 Colossus"}, want: 12},
		{name: "two firsttargets: the least hit points", att: []string{"1 Infantry"},
			def: []string{"11 Colossus", "12 Infantry", "13 Colossus hp5"}, want: 13},
		{name: "land attack: not units with the special ability fly", att: []string{"1 Infantry"},
			def: []string{"11 Spirit", "12 Zombie"}, want: 12},
		{name: "land attack: units which can move on at least one kind of dry land (not a Barge)", att: []string{"1 Infantry"},
			def: []string{"11 Barge", "12 Zombie"}, want: 12},
		{name: "land attack: a Cavalry that cannot enter mountains is still a land unit", att: []string{"1 Infantry"},
			def: []string{"11 Cavalry"}, want: 11},
		{name: "land attack: neither flyers nor ships", att: []string{"1 Infantry"},
			def: []string{"11 Spirit", "12 Barge"}, want: 0},
		{name: "air attack: units with the special ability fly", att: []string{"1 Archer"},
			def: []string{"11 Barge", "12 Spirit"}, want: 12},
		{name: "air and land attack: still the least valuable", att: []string{"1 Archer"},
			def: []string{"11 Balloon", "12 Infantry"}, want: 12},
		{name: "naval attack: not a land unit", att: []string{"1 Galleon"},
			def: []string{"11 Infantry"}, want: 0},
		{name: "naval attack: units which can move at sea", att: []string{"1 Galleon"},
			def: []string{"11 Angel", "12 Barge"}, want: 12},
		{name: "naval attack: a flyer that can move at sea", att: []string{"1 Galleon"},
			def: []string{"11 Infantry", "12 Spirit"}, want: 12},
		{name: "several kinds (lan): a ship", att: []string{"1 Spirit"},
			def: []string{"11 Angel", "12 Barge"}, want: 12},
		{name: "several kinds (lan): a flyer", att: []string{"1 Spirit"},
			def: []string{"11 Zombie", "12 Balloon"}, want: 12},
		{name: "several kinds (lan): a land unit", att: []string{"1 Spirit"},
			def: []string{"11 Barge", "12 Infantry"}, want: 12},
		{name: "dimmune: immune against distance attacks", att: []string{"1 Archer"},
			def: []string{"11 Skeleton", "12 Cavalry"}, want: 12},
		{name: "dimmune: only target, no distance attack", att: []string{"1 Archer"},
			def: []string{"11 Skeleton"}, want: 0},
		{name: "dimmune: not immune against melee attacks", att: []string{"1 Infantry"},
			def: []string{"11 Skeleton", "12 Cavalry"}, want: 11},
		{name: "mimmune: immune against melee attacks", att: []string{"1 Infantry"},
			def: []string{"11 Golem"}, want: 0},
		{name: "mimmune: not immune against distance attacks", att: []string{"1 Archer"},
			def: []string{"11 Golem"}, want: 11},
		{name: "mimmune: not immune against special attacks", att: []string{"1 Firemage"},
			def: []string{"11 Golem"}, want: 11},
		{name: "mimmune firsttarget loses to an eligible unit", att: []string{"1 Cavalry"},
			def: []string{"11 Golem", "12 Hero"}, want: 12},
	}
	d := testData(oneRound())
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rep := Fight(d, Side{Fighters: army(t, d, tt.att...)}, Side{Fighters: army(t, d, tt.def...)}, always(0))
			h, ok := hitBy(rep, 1)
			have := h.To
			if !ok {
				have = 0
			}
			if have != tt.want {
				t.Errorf("unit 1 attacks %d, want %d (hits %+v)", have, tt.want, hits(rep))
			}
		})
	}
}

// TestSimultaneous: "In the first three phases every unit with the required
// kind of ability attacks simultaneously (even if it is killed in this
// phase it gets its chance)." and "After each of the first three phases
// killed units are eliminated." The attacker's two Infantry kill both
// defenders (the second chooses the living one); the dead defenders still
// strike back and kill both attackers: "If the defending force is also
// wiped out, the square will stay in the control of the defending player
// nonetheless."
func TestSimultaneous(t *testing.T) {
	d := testData(docGame())
	dice := newScript(t,
		2, 0, // 1 -> 11, killed
		2, 0, // 2 -> 12 (11 is dead), killed
		2, 0, // 11, dead, -> 1, killed
		2, 0, // 12, dead, -> 2, killed
	)
	att, def := army(t, d, "1 Infantry", "2 Infantry"), army(t, d, "11 Infantry", "12 Infantry")
	rep := Fight(d, Side{Fighters: att, CanFlee: true}, Side{Fighters: def, CanFlee: true}, dice)
	dice.done()
	want := Report{
		Start:   [2][]Fighter{att, def},
		StartHP: [2]int{2, 2},
		Rounds: []Round{{
			Phases: []PhaseReport{{Phase: dat.Melee, Hits: []Hit{
				{Side: 0, From: 1, To: 11, Roll: 2, Defence: 0, Damage: 1},
				{Side: 0, From: 2, To: 12, Roll: 2, Defence: 0, Damage: 1},
				{Side: 1, From: 11, To: 1, Roll: 2, Defence: 0, Damage: 1},
				{Side: 1, From: 12, To: 2, Roll: 2, Defence: 0, Damage: 1},
			}, Killed: []UnitID{1, 2, 11, 12}}},
		}},
		Outcome: AttackerWiped,
		Sides:   [2]Side{{Fighters: []Fighter{}, CanFlee: true}, {Fighters: []Fighter{}, CanFlee: true}},
	}
	if !reflect.DeepEqual(rep, want) {
		t.Errorf("have %+v\nwant %+v", rep, want)
	}
}

// TestPhaseOrder: "Every round consists of phases: special phase, i. e.
// mage attacks. distance attack phase, i. e. archer attack. melee phase,
// i. e. infantry and cavalry attack." Each unit attacks only in its a:ph.
func TestPhaseOrder(t *testing.T) {
	d := testData(oneRound())
	rep := Fight(d, Side{Fighters: army(t, d, "1 Infantry", "2 Archer", "3 Ninja")},
		Side{Fighters: army(t, d, "11 Zombie")}, always(0))
	type attack struct {
		phase dat.Phase
		from  []UnitID
	}
	var have []attack
	for _, p := range rep.Rounds[0].Phases {
		a := attack{phase: p.Phase}
		for _, h := range p.Hits {
			a.from = append(a.from, h.From)
		}
		have = append(have, a)
	}
	want := []attack{{dat.Special, []UnitID{3}}, {dat.Distance, []UnitID{2}}, {dat.Melee, []UnitID{1, 11}}}
	if !reflect.DeepEqual(have, want) {
		t.Errorf("have %+v, want %+v", have, want)
	}
}

// TestRemovedAfterPhase: "After each of the first three phases killed units
// are eliminated." The Ninja kills the Archer in the special phase; the
// Archer does not attack in the distance phase (two draws only).
func TestRemovedAfterPhase(t *testing.T) {
	d := testData(docGame())
	dice := newScript(t, 3, 0)
	rep := Fight(d, Side{Fighters: army(t, d, "1 Ninja")}, Side{Fighters: army(t, d, "11 Archer")}, dice)
	dice.done()
	if len(rep.Rounds) != 1 || len(rep.Rounds[0].Phases) != 1 {
		t.Fatalf("have rounds %+v, want one round of one phase", rep.Rounds)
	}
	p := rep.Rounds[0].Phases[0]
	if p.Phase != dat.Special || !slices.Equal(p.Killed, []UnitID{11}) {
		t.Errorf("have phase %d killed %v, want special, [11]", p.Phase, p.Killed)
	}
	if rep.Outcome != DefenderWiped || len(rep.Sides[1].Fighters) != 0 {
		t.Errorf("have outcome %d, defenders %v; want DefenderWiped, none", rep.Outcome, rep.Sides[1].Fighters)
	}
	if have := rep.Rounds[0].HP; have != [2]int{1, 0} {
		t.Errorf("have hp after the round %v, want [1 0]", have)
	}
}

// TestStrike: "The attack is performed by determining a random number
// between 0 and the av of the attacker and 0 and the dv of the defender.
// [...] If the number of the attacker is greater than the number of the
// defender, the defender loses one hp." with the double damage of the
// special attributes, the undead's halving and the experience's dice. Each
// case plays one round with exactly the draws its script gives and looks
// at unit 1's attack on unit 11.
func TestStrike(t *testing.T) {
	tests := []struct {
		name     string
		att, def []string
		script   []int
		want     Hit
	}{
		{name: "greater: the defender loses one hp", att: []string{"1 Firemage"}, def: []string{"11 Firemage"},
			script: []int{1, 0, 0, 0}, want: Hit{Roll: 1, Defence: 0, Damage: 1}},
		{name: "equal: no hp lost", att: []string{"1 Firemage"}, def: []string{"11 Firemage"},
			script: []int{3, 3, 0, 0}, want: Hit{Roll: 3, Defence: 3}},
		{name: "smaller: no hp lost", att: []string{"1 Firemage"}, def: []string{"11 Firemage"},
			script: []int{2, 3, 0, 0}, want: Hit{Roll: 2, Defence: 3}},

		{name: "firemagic: double damage against icemagic units", att: []string{"1 Firemage"}, def: []string{"11 Icemage"},
			script: []int{4, 0, 0, 0}, want: Hit{Roll: 4, Damage: 2}},
		{name: "icemagic: double damage against firemagic units", att: []string{"1 Icemage"}, def: []string{"11 Firemage"},
			script: []int{4, 0, 0, 0}, want: Hit{Roll: 4, Damage: 2}},
		{name: "whitemagic: double damage against blackmagic units", att: []string{"1 Whitemage"}, def: []string{"11 Blackmage"},
			script: []int{3, 0, 0, 0}, want: Hit{Roll: 3, Damage: 2}},
		{name: "whitemagic: double damage against undead units", att: []string{"1 Whitemage"}, def: []string{"11 Zombie"},
			script: []int{3, 0, 0, 0}, want: Hit{Roll: 3, Damage: 2}},
		{name: "blackmagic: double damage against whitemagic units", att: []string{"1 Blackmage"}, def: []string{"11 Whitemage"},
			script: []int{3, 0, 0, 0}, want: Hit{Roll: 3, Damage: 2}},
		{name: "blackmagic: double damage against holy units", att: []string{"1 Blackmage"}, def: []string{"11 Angel"},
			script: []int{3, 0, 0, 0}, want: Hit{Roll: 3, Damage: 2}},
		{name: "holy: double damage against undead units", att: []string{"1 Angel"}, def: []string{"11 Zombie"},
			script: []int{4, 0}, want: Hit{Roll: 4, Damage: 2}},
		{name: "holy: double damage against hell units", att: []string{"1 Angel"}, def: []string{"11 Demon"},
			script: []int{4, 0, 0, 0}, want: Hit{Roll: 4, Damage: 2}},
		{name: "hell: double damage against holy units", att: []string{"1 Demon"}, def: []string{"11 Angel"},
			script: []int{5, 0, 0, 0}, want: Hit{Roll: 5, Damage: 2}},
		{name: "hell: double damage against whitemagic units", att: []string{"1 Demon"}, def: []string{"11 Whitemage"},
			script: []int{5, 0}, want: Hit{Roll: 5, Damage: 2}},
		{name: "no double damage against one's own magic", att: []string{"1 Firemage"}, def: []string{"11 Firemage"},
			script: []int{4, 0, 0, 0}, want: Hit{Roll: 4, Damage: 1}},
		{name: "no double damage of holy against the living", att: []string{"1 Angel"}, def: []string{"11 Cavalry"},
			script: []int{4, 0}, want: Hit{Roll: 4, Damage: 1}},
		{name: "double damage: never more than the hp the target has", att: []string{"1 Firemage"}, def: []string{"11 Icemage hp1"},
			script: []int{4, 0, 0, 0}, want: Hit{Roll: 4, Damage: 1}},

		// "undead: half damage from normal units (i. e. their attack die
		// rolls are halved)"
		{name: "undead: a normal unit's roll is halved", att: []string{"1 Infantry"}, def: []string{"11 Zombie"},
			script: []int{2, 0, 0, 0}, want: Hit{Roll: 1, Damage: 1}},
		{name: "undead: a halved 1 is 0, a miss", att: []string{"1 Infantry"}, def: []string{"11 Zombie"},
			script: []int{1, 0, 0, 0}, want: Hit{Roll: 0}},
		{name: "undead: a halved 5 is 2", att: []string{"1 Cavalry"}, def: []string{"11 Zombie"},
			script: []int{5, 2, 0, 0}, want: Hit{Roll: 2, Defence: 2}},
		{name: "undead: an undead attacker is normal", att: []string{"1 Zombie"}, def: []string{"11 Skeleton"},
			script: []int{3, 0, 0, 0}, want: Hit{Roll: 1, Damage: 1}},
		{name: "undead: a Ninja is normal", att: []string{"1 Ninja"}, def: []string{"11 Zombie"},
			script: []int{1, 0, 0, 0}, want: Hit{Roll: 0}},
		{name: "undead: firemagic is not normal", att: []string{"1 Firemage"}, def: []string{"11 Zombie"},
			script: []int{1, 0, 0, 0}, want: Hit{Roll: 1, Damage: 1}},
		{name: "undead: icemagic is not normal", att: []string{"1 Icemage"}, def: []string{"11 Zombie"},
			script: []int{1, 0, 0, 0}, want: Hit{Roll: 1, Damage: 1}},
		{name: "undead: whitemagic is not normal", att: []string{"1 Whitemage"}, def: []string{"11 Zombie"},
			script: []int{1, 0, 0, 0}, want: Hit{Roll: 1, Damage: 2}},
		{name: "undead: blackmagic is not normal", att: []string{"1 Blackmage"}, def: []string{"11 Zombie"},
			script: []int{1, 0, 0, 0}, want: Hit{Roll: 1, Damage: 1}},
		{name: "undead: holy is not normal", att: []string{"1 Angel"}, def: []string{"11 Zombie"},
			script: []int{1, 0}, want: Hit{Roll: 1, Damage: 2}},
		{name: "undead: hell is not normal", att: []string{"1 Demon"}, def: []string{"11 Zombie"},
			script: []int{1, 0}, want: Hit{Roll: 1, Damage: 1}},

		// "The experience level determines how the unit rolls the die in
		// combat. [...] A level-n-unit rolls n times; the best die roll is
		// taken." (Level+1 dice)
		{name: "experience: a * unit rolls two dice and keeps the best", att: []string{"1 Infantry lv1"}, def: []string{"11 Cavalry"},
			script: []int{0, 2, 1, 0, 0, 0}, want: Hit{Roll: 2, Defence: 1, Damage: 1}},
		{name: "experience: a ** defender rolls three dice", att: []string{"1 Cavalry"}, def: []string{"11 Infantry lv2"},
			script: []int{3, 0, 2, 1, 0, 0, 0, 0}, want: Hit{Roll: 3, Defence: 2, Damage: 1}},
		{name: "experience: a *** unit rolls four dice", att: []string{"1 Infantry lv3"}, def: []string{"11 Cavalry lv2"},
			script: []int{1, 0, 2, 1, 0, 2, 1, 0, 0, 0, 0, 0, 0, 0}, want: Hit{Roll: 2, Defence: 2}},
		{name: "experience: the best roll is halved against undead", att: []string{"1 Infantry lv1"}, def: []string{"11 Zombie"},
			script: []int{2, 1, 0, 0, 0, 0}, want: Hit{Roll: 1, Damage: 1}},
	}
	d := testData(oneRound())
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dice := newScript(t, tt.script...)
			rep := Fight(d, Side{Fighters: army(t, d, tt.att...)}, Side{Fighters: army(t, d, tt.def...)}, dice)
			dice.done()
			have, ok := hitBy(rep, 1)
			want := tt.want
			want.From, want.To = 1, 11
			if !ok || have != want {
				t.Errorf("have %+v (%v), want %+v", have, ok, want)
			}
			for _, f := range rep.Sides[1].Fighters {
				start := army(t, d, tt.def...)[0]
				if f.ID == 11 && f.HP != start.HP-want.Damage {
					t.Errorf("unit 11 has %d hp, want %d", f.HP, start.HP-want.Damage)
				}
			}
		})
	}
}

// TestBonuses: "av+<n>: The whole army gets a bonus of av+<n> (boni are
// accumulative)" and dv+<n> alike; the dice are drawn between 0 and the av
// or dv with the bonuses (IntN(v+1)). The bonuses are those of the units
// living at the start of the phase.
func TestBonuses(t *testing.T) {
	tests := []struct {
		name     string
		att, def []string
		script   []int
		want     []int // the n of every IntN(n)
	}{
		{name: "no bonus: 0 to av, 0 to dv", att: []string{"1 Infantry"}, def: []string{"11 Cavalry"},
			script: []int{0, 0, 0, 0}, want: []int{3, 4, 6, 3}},
		{name: "two Heroes: av+2 for every attacker, a Coward: dv+1 to itself",
			att: []string{"1 Infantry", "2 Hero", "3 Hero"}, def: []string{"11 Coward"},
			// 1: 2+2 vs 4+1; 2, 3: 4+2 vs 4+1; 11: 2 (no av+) vs Infantry 2
			script: []int{0, 0, 0, 0, 0, 0, 0, 0}, want: []int{5, 6, 7, 6, 7, 6, 3, 3}},
		{name: "two Cowards: dv+2", att: []string{"1 Infantry"}, def: []string{"11 Infantry", "12 Coward", "13 Coward"},
			// 1 -> 11: 2 vs 2+2; 11: 2 vs 2; 12, 13: 2 vs 2
			script: []int{0, 0, 0, 0, 0, 0, 0, 0}, want: []int{3, 5, 3, 3, 3, 3, 3, 3}},
		{name: "the bonus of a Hero killed in the special phase is gone in the melee phase",
			att: []string{"1 Hero hp1", "2 Hero"}, def: []string{"11 Ninja", "12 Cavalry"},
			// special: 11 -> 1: 3 vs 4; melee: 2 -> 12: 4+1 vs 3; 12 -> 2: 5 vs 4
			script: []int{3, 0, 0, 0, 0, 0}, want: []int{4, 5, 6, 4, 6, 5}},
	}
	d := testData(oneRound())
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dice := newScript(t, tt.script...)
			Fight(d, Side{Fighters: army(t, d, tt.att...)}, Side{Fighters: army(t, d, tt.def...)}, dice)
			dice.done()
			if !slices.Equal(dice.asked, tt.want) {
				t.Errorf("have IntN of %v, want %v", dice.asked, tt.want)
			}
		})
	}
}

// TestEscape: "An army flees if the total sum of hit points of all its
// units is reduced to less than half of the value at the start of the
// battle (this can vary later in the game). [...] An army does not flee, if
// the opposing force is totally wiped out. An army does not flee, if there
// is no adjacent square which is a suitable escape target. A garrison
// never flees. The attacker checks first. If the attacker flees the
// defending force will stay regardless of its morale."
func TestEscape(t *testing.T) {
	// bothBelow: both sides fall from 3 hp to 1.
	bothBelow := struct {
		att, def []string
		script   []int
	}{
		att: []string{"1 Cavalry", "2 Infantry"}, def: []string{"11 Cavalry", "12 Infantry"},
		script: []int{
			5, 0, // 1 -> 12, killed
			2, 0, // 2 -> 11 (12 is dead): 11 has 1 hp
			5, 0, // 11 -> 2, killed
			2, 0, // 12, dead, -> 1 (2 is dead): 1 has 1 hp
		},
	}
	tests := []struct {
		name               string
		att, def           []string
		script             []int
		attFlee, defFlee   bool
		garrison           bool
		fleeBelow          int
		want               Outcome
		wantFled           [2]bool
		wantHP             [2]int
		wantAtt, wantDefer []UnitID
	}{
		{name: "the attacker checks first; if it flees the defender stays regardless of its morale",
			att: bothBelow.att, def: bothBelow.def, script: bothBelow.script, attFlee: true, defFlee: true,
			want: AttackerFled, wantFled: [2]bool{true, false}, wantHP: [2]int{1, 1}, wantAtt: []UnitID{1}, wantDefer: []UnitID{11}},
		{name: "an attacker with no square to flee to stays; the defender flees",
			att: bothBelow.att, def: bothBelow.def, script: bothBelow.script, defFlee: true,
			want: DefenderFled, wantFled: [2]bool{false, true}, wantHP: [2]int{1, 1}, wantAtt: []UnitID{1}, wantDefer: []UnitID{11}},
		{name: "no side can flee: the battle goes on",
			att: bothBelow.att, def: bothBelow.def, script: bothBelow.script,
			want: Stalemate, wantHP: [2]int{1, 1}, wantAtt: []UnitID{1}, wantDefer: []UnitID{11}},
		{name: "a garrison never flees, even with an empty square next to it",
			att: bothBelow.att, def: bothBelow.def, script: bothBelow.script, defFlee: true, garrison: true,
			want: Stalemate, wantHP: [2]int{1, 1}, wantAtt: []UnitID{1}, wantDefer: []UnitID{11}},
		{name: "flee.below 25: 1 hp of 3 is not below a quarter",
			att: bothBelow.att, def: bothBelow.def, script: bothBelow.script, attFlee: true, defFlee: true, fleeBelow: 25,
			want: Stalemate, wantHP: [2]int{1, 1}, wantAtt: []UnitID{1}, wantDefer: []UnitID{11}},
		{name: "flee.below 40: 1 hp of 3 is below",
			att: bothBelow.att, def: bothBelow.def, script: bothBelow.script, attFlee: true, defFlee: true, fleeBelow: 40,
			want: AttackerFled, wantFled: [2]bool{true, false}, wantHP: [2]int{1, 1}, wantAtt: []UnitID{1}, wantDefer: []UnitID{11}},
		{name: "flee.below unset: the document's half",
			att: bothBelow.att, def: bothBelow.def, script: bothBelow.script, attFlee: true, defFlee: true, fleeBelow: -1,
			want: AttackerFled, wantFled: [2]bool{true, false}, wantHP: [2]int{1, 1}, wantAtt: []UnitID{1}, wantDefer: []UnitID{11}},
		{name: "less than half: exactly half stays",
			att: []string{"1 Cavalry", "2 Infantry", "3 Infantry"}, def: []string{"11 Cavalry", "12 Cavalry"},
			script: []int{
				0, 0, 0, 0, 0, 0, // 1, 2, 3 -> 11: misses
				5, 0, 5, 0, // 11 -> 2, 12 -> 3: killed; 2 hp of 4 left
			},
			attFlee: true, want: Stalemate, wantHP: [2]int{2, 4}, wantAtt: []UnitID{1}, wantDefer: []UnitID{11, 12}},
		{name: "the attacker does not flee if the defender is totally wiped out",
			att: []string{"1 Cavalry", "2 Infantry"}, def: []string{"11 Infantry", "12 Infantry"},
			script: []int{
				5, 0, // 1 -> 11, killed
				2, 0, // 2 -> 12, killed
				2, 0, // 11, dead, -> 2, killed
				2, 0, // 12, dead, -> 1: 1 hp of 3 left
			},
			attFlee: true, want: DefenderWiped, wantHP: [2]int{1, 0}, wantAtt: []UnitID{1}, wantDefer: []UnitID{}},
		{name: "the defender does not flee if the attacker is totally wiped out",
			att: []string{"1 Infantry", "2 Infantry"}, def: []string{"11 Cavalry", "12 Cavalry hp1"},
			script: []int{
				2, 0, // 1 -> 12 (the least hp), killed
				2, 0, // 2 -> 11: 1 hp of 3 left
				5, 0, // 11 -> 1, killed
				5, 0, // 12, dead, -> 2, killed
			},
			defFlee: true, want: AttackerWiped, wantHP: [2]int{0, 1}, wantAtt: []UnitID{}, wantDefer: []UnitID{11}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := oneRound()
			if tt.fleeBelow != 0 {
				g.FleeBelow = max(tt.fleeBelow, 0)
			}
			d := testData(g)
			dice := newScript(t, tt.script...)
			rep := Fight(d, Side{Fighters: army(t, d, tt.att...), CanFlee: tt.attFlee},
				Side{Fighters: army(t, d, tt.def...), CanFlee: tt.defFlee, Garrison: tt.garrison}, dice)
			dice.done()
			if len(rep.Rounds) != 1 {
				t.Fatalf("have %d rounds, want 1", len(rep.Rounds))
			}
			r := rep.Rounds[0]
			if rep.Outcome != tt.want || r.Fled != tt.wantFled || r.HP != tt.wantHP {
				t.Errorf("have outcome %d fled %v hp %v, want %d %v %v", rep.Outcome, r.Fled, r.HP, tt.want, tt.wantFled, tt.wantHP)
			}
			if have := ids(rep.Sides[0].Fighters); !slices.Equal(have, tt.wantAtt) {
				t.Errorf("have attackers %v, want %v", have, tt.wantAtt)
			}
			if have := ids(rep.Sides[1].Fighters); !slices.Equal(have, tt.wantDefer) {
				t.Errorf("have defenders %v, want %v", have, tt.wantDefer)
			}
			if rep.Sides[1].Garrison != tt.garrison || rep.Sides[0].CanFlee != tt.attFlee {
				t.Errorf("the sides' flags changed: %+v", rep.Sides)
			}
		})
	}
}

// TestEscapeLater: the morale is measured against the hp "at the start of
// the battle", not of the round: a Hero losing one hp a round flees in the
// third round (1 of 4 hp), not the second (2 of 4, exactly half).
func TestEscapeLater(t *testing.T) {
	d := testData(docGame())
	dice := newScript(t,
		0, 0, 4, 0, // round 1: 1 -> 11 misses, 11 -> 1 hits
		0, 0, 4, 0, // round 2
		0, 0, 4, 0, // round 3
	)
	rep := Fight(d, Side{Fighters: army(t, d, "1 Hero"), CanFlee: true}, Side{Fighters: army(t, d, "11 Hero")}, dice)
	dice.done()
	if rep.Outcome != AttackerFled || len(rep.Rounds) != 3 {
		t.Fatalf("have outcome %d after %d rounds, want AttackerFled after 3", rep.Outcome, len(rep.Rounds))
	}
	var have [][2]int
	for _, r := range rep.Rounds {
		have = append(have, r.HP)
	}
	if want := [][2]int{{3, 4}, {2, 4}, {1, 4}}; !slices.Equal(have, want) {
		t.Errorf("have hp by round %v, want %v", have, want)
	}
	if rep.StartHP != [2]int{4, 4} {
		t.Errorf("have start hp %v, want [4 4]", rep.StartHP)
	}
}

// TestOutcomes: the evaluation phase's "three possibilities" and the two
// more: the defender wiped out, and a stalemate.
func TestOutcomes(t *testing.T) {
	tests := []struct {
		name     string
		att, def []string
		script   []int
		want     Outcome
		rounds   int
	}{
		{name: "the attacker is wiped out: the defending force wins and will stay",
			att: []string{"1 Infantry"}, def: []string{"11 Cavalry"}, script: []int{0, 0, 5, 0},
			want: AttackerWiped, rounds: 1},
		{name: "the attacker is wiped out; if the defending force is also wiped out, the square stays the defender's",
			att: []string{"1 Infantry"}, def: []string{"11 Infantry"}, script: []int{2, 0, 2, 0},
			want: AttackerWiped, rounds: 1},
		{name: "the defender is wiped out: the attacker takes the square",
			att: []string{"1 Cavalry"}, def: []string{"11 Infantry"}, script: []int{5, 0, 0, 0},
			want: DefenderWiped, rounds: 1},
		{name: "neither: the next round",
			att: []string{"1 Cavalry"}, def: []string{"11 Infantry"}, script: []int{0, 0, 0, 0, 5, 0, 0, 0},
			want: DefenderWiped, rounds: 2},
		{name: "no defender: the attacker takes the square without a round",
			att: []string{"1 Cavalry"}, want: DefenderWiped},
		{name: "a defender at 0 hp takes no part",
			att: []string{"1 Cavalry"}, def: []string{"11 Infantry hp0"}, want: DefenderWiped},
	}
	d := testData(docGame())
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dice := newScript(t, tt.script...)
			rep := Fight(d, Side{Fighters: army(t, d, tt.att...), CanFlee: true},
				Side{Fighters: army(t, d, tt.def...), CanFlee: true}, dice)
			dice.done()
			if rep.Outcome != tt.want || len(rep.Rounds) != tt.rounds {
				t.Errorf("have outcome %d after %d rounds, want %d after %d", rep.Outcome, len(rep.Rounds), tt.want, tt.rounds)
			}
		})
	}
}

// TestStalemate: a battle no side can win ends: at once when in a round no
// unit of either side may attack any other ("A unit with "naval attack"
// can attack units which can move at sea", a Barge cannot move on land),
// or after game.dat's battle.rounds.
func TestStalemate(t *testing.T) {
	tests := []struct {
		name      string
		att, def  []string
		maxRounds int
		dice      Dice
		rounds    int
	}{
		{name: "a Barge and an Infantry cannot attack each other", att: []string{"1 Barge"}, def: []string{"11 Infantry"},
			maxRounds: 100, dice: newScript(t), rounds: 1},
		{name: "two Golems are immune against melee attacks", att: []string{"1 Golem"}, def: []string{"11 Golem"},
			maxRounds: 100, dice: newScript(t), rounds: 1},
		{name: "an Archer and a Skeleton: dimmune, but the Skeleton may attack", att: []string{"1 Archer"}, def: []string{"11 Skeleton"},
			maxRounds: 3, dice: always(0), rounds: 3},
		{name: "battle.rounds: nobody is hurt in 7 rounds", att: []string{"1 Hero"}, def: []string{"11 Hero"},
			maxRounds: 7, dice: always(0), rounds: 7},
		{name: "battle.rounds unset: the default", att: []string{"1 Hero"}, def: []string{"11 Hero"},
			dice: always(0), rounds: DefaultMaxRounds},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := docGame()
			g.MaxRounds = tt.maxRounds
			d := testData(g)
			rep := Fight(d, Side{Fighters: army(t, d, tt.att...), CanFlee: true},
				Side{Fighters: army(t, d, tt.def...), CanFlee: true}, tt.dice)
			if rep.Outcome != Stalemate || len(rep.Rounds) != tt.rounds {
				t.Errorf("have outcome %d after %d rounds, want Stalemate after %d", rep.Outcome, len(rep.Rounds), tt.rounds)
			}
			if len(rep.Sides[0].Fighters) != 1 || len(rep.Sides[1].Fighters) != 1 {
				t.Errorf("have sides %+v, want both units alive", rep.Sides)
			}
		})
	}
}

// TestPromotion: "A unit starts at "green"-level (novice level). After the
// first, third and fifth battle the unit is promoted one level (shown as *,
// ** and ***)." The attacker's Infantry kills the defender's and survives.
func TestPromotion(t *testing.T) {
	tests := []struct {
		name        string
		unit        string
		promotions  []int
		wantBattles int
		wantLevel   int
		promoted    bool
	}{
		{name: "after the first battle: *", unit: "1 Infantry", wantBattles: 1, wantLevel: 1, promoted: true},
		{name: "after the second: still *", unit: "1 Infantry b1 lv1", wantBattles: 2, wantLevel: 1},
		{name: "after the third: **", unit: "1 Infantry b2 lv1", wantBattles: 3, wantLevel: 2, promoted: true},
		{name: "after the fourth: still **", unit: "1 Infantry b3 lv2", wantBattles: 4, wantLevel: 2},
		{name: "after the fifth: ***", unit: "1 Infantry b4 lv2", wantBattles: 5, wantLevel: 3, promoted: true},
		{name: "after the sixth: *** is the top", unit: "1 Infantry b5 lv3", wantBattles: 6, wantLevel: 3},
		{name: "never demoted", unit: "1 Infantry lv2", wantBattles: 1, wantLevel: 2},
		{name: "experience unset: the document's 1 3 5", unit: "1 Infantry", promotions: []int{},
			wantBattles: 1, wantLevel: 1, promoted: true},
		{name: "experience 2 4: green after the first", unit: "1 Infantry", promotions: []int{2, 4}, wantBattles: 1},
		{name: "experience 2 4: * after the second", unit: "1 Infantry b1", promotions: []int{2, 4},
			wantBattles: 2, wantLevel: 1, promoted: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := docGame()
			if tt.promotions != nil {
				g.Promotions = tt.promotions
			}
			d := testData(g)
			unit := army(t, d, tt.unit)
			// It rolls Level+1 dice: 2s against the defender's 0, which
			// answers with a 0 against its 0s.
			var script []int
			for range unit[0].Level + 1 {
				script = append(script, 2)
			}
			script = append(script, 0, 0)
			for range unit[0].Level + 1 {
				script = append(script, 0)
			}
			dice := newScript(t, script...)
			rep := Fight(d, Side{Fighters: unit}, Side{Fighters: army(t, d, "11 Infantry")}, dice)
			dice.done()
			if rep.Outcome != DefenderWiped || len(rep.Sides[0].Fighters) != 1 {
				t.Fatalf("have outcome %d, sides %+v; want DefenderWiped, the Infantry alive", rep.Outcome, rep.Sides)
			}
			f := rep.Sides[0].Fighters[0]
			if f.Battles != tt.wantBattles || f.Level != tt.wantLevel {
				t.Errorf("have battles %d level %d, want %d %d", f.Battles, f.Level, tt.wantBattles, tt.wantLevel)
			}
			var want []UnitID
			if tt.promoted {
				want = []UnitID{1}
			}
			if !slices.Equal(rep.Promoted, want) {
				t.Errorf("have promoted %v, want %v", rep.Promoted, want)
			}
		})
	}
}

// TestExperienceOfAll: every survivor of both sides has fought the battle,
// the fled and the stalemated too; a battle in which no unit could attack
// (CHOICE) counts for nobody.
func TestExperienceOfAll(t *testing.T) {
	tests := []struct {
		name     string
		att, def []string
		attFlee  bool
		script   []int
		want     Outcome
		battles  []int // of the survivors, attacker's first
		promoted []UnitID
	}{
		{name: "the attacker flees: both sides' survivors count the battle",
			att: []string{"1 Cavalry", "2 Infantry"}, def: []string{"11 Cavalry b2 lv1", "12 Infantry"}, attFlee: true,
			// 1 -> 12, killed; 2 -> 11 (two dice); 11 (two dice) -> 2,
			// killed; 12, dead, -> 1
			script: []int{5, 0, 2, 0, 0, 5, 0, 0, 2, 0}, want: AttackerFled, battles: []int{1, 3}, promoted: []UnitID{1, 11}},
		{name: "a stalemate after the rounds: both count the battle",
			att: []string{"1 Hero"}, def: []string{"11 Hero b4 lv2"},
			script: []int{0, 0, 0, 0, 0, 0, 0, 0}, want: Stalemate, battles: []int{1, 5}, promoted: []UnitID{1, 11}},
		{name: "a stalemate in which nobody could attack: no battle counted",
			att: []string{"1 Barge"}, def: []string{"11 Infantry"},
			want: Stalemate, battles: []int{0, 0}},
	}
	d := testData(oneRound())
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dice := newScript(t, tt.script...)
			rep := Fight(d, Side{Fighters: army(t, d, tt.att...), CanFlee: tt.attFlee}, Side{Fighters: army(t, d, tt.def...)}, dice)
			dice.done()
			var battles []int
			for _, s := range rep.Sides {
				for _, f := range s.Fighters {
					battles = append(battles, f.Battles)
				}
			}
			if rep.Outcome != tt.want || !slices.Equal(battles, tt.battles) || !slices.Equal(rep.Promoted, tt.promoted) {
				t.Errorf("have outcome %d battles %v promoted %v, want %d %v %v",
					rep.Outcome, battles, rep.Promoted, tt.want, tt.battles, tt.promoted)
			}
		})
	}
}

// TestBombard: "An army with bombing units can bombard adjacent squares.
// [...] Every bombing unit bombards the hostile army once."
func TestBombard(t *testing.T) {
	tests := []struct {
		name         string
		army, target []string
		script       []int
		want         []Hit
		wantAsked    []int
		after        []UnitID
		afterHP      []int
	}{
		{name: "every bombing unit bombards once, the least valuable unit of all (CHOICE), dimmune or not",
			army: []string{"1 Galleon", "2 Infantry", "3 Balloon"}, target: []string{"11 Cavalry", "12 Infantry", "13 Skeleton"},
			script: []int{6, 0, 2, 0},
			want: []Hit{
				{From: 1, To: 12, Roll: 6, Damage: 1},
				{From: 3, To: 13, Roll: 1, Damage: 1}, // the Balloon is normal: halved against undead
			},
			wantAsked: []int{7, 3, 3, 2}, after: []UnitID{11}, afterHP: []int{2}},
		{name: "a Galleon bombs land units; firsttarget first",
			army: []string{"1 Galleon"}, target: []string{"11 Infantry", "12 Colossus"},
			script:    []int{6, 2},
			want:      []Hit{{From: 1, To: 12, Roll: 3, Defence: 2, Damage: 1}},
			wantAsked: []int{7, 9}, after: []UnitID{11, 12}, afterHP: []int{1, 15}},
		{name: "av+ of the bombing army, dv+ of the target, levels' dice",
			army: []string{"1 Hero", "2 Galleon lv1", "3 Hero"}, target: []string{"11 Coward lv1"},
			script:    []int{8, 2, 4, 5},
			want:      []Hit{{From: 2, To: 11, Roll: 8, Defence: 5, Damage: 1}},
			wantAsked: []int{9, 9, 6, 6}, after: []UnitID{11}, afterHP: []int{1}},
		{name: "a miss", army: []string{"1 Galleon"}, target: []string{"11 Hero"},
			script: []int{3, 4}, want: []Hit{{From: 1, To: 11, Roll: 3, Defence: 4}},
			wantAsked: []int{7, 5}, after: []UnitID{11}, afterHP: []int{4}},
		{name: "units without bombing and dead bombers do not bomb",
			army: []string{"1 Infantry", "2 Galleon hp0", "3 Angel"}, target: []string{"11 Infantry"},
			after: []UnitID{11}, afterHP: []int{1}},
		{name: "the second bomber chooses among the living",
			army: []string{"1 Galleon", "2 Galleon", "3 Galleon"}, target: []string{"11 Infantry", "12 Infantry"},
			script: []int{6, 0, 6, 0}, // the third finds nobody
			want: []Hit{
				{From: 1, To: 11, Roll: 6, Damage: 1},
				{From: 2, To: 12, Roll: 6, Damage: 1},
			},
			wantAsked: []int{7, 3, 7, 3}, after: []UnitID{}},
		{name: "double damage: a Balloon does not have it", army: []string{"1 Balloon"}, target: []string{"11 Icemage"},
			script: []int{2, 0}, want: []Hit{{From: 1, To: 11, Roll: 2, Damage: 1}},
			wantAsked: []int{3, 4}, after: []UnitID{11}, afterHP: []int{1}},
	}
	d := testData(docGame())
	// A flying Firemage that bombs, to try double damage in a bombardment.
	fb := d.Units[mustKind(t, d, "Firemage")]
	fb.Name, fb.Attacks, fb.Attrs = "Firebomber", dat.Bombing, dat.FireMagic|dat.Fly
	d.Units = append(d.Units, fb)
	tests = append(tests, struct {
		name         string
		army, target []string
		script       []int
		want         []Hit
		wantAsked    []int
		after        []UnitID
		afterHP      []int
	}{name: "double damage: firemagic against icemagic", army: []string{"1 Firebomber"}, target: []string{"11 Icemage"},
		script: []int{4, 0}, want: []Hit{{From: 1, To: 11, Roll: 4, Damage: 2}},
		wantAsked: []int{5, 4}, after: []UnitID{}})
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dice := newScript(t, tt.script...)
			target := army(t, d, tt.target...)
			before := slices.Clone(target)
			have, after := Bombard(d, army(t, d, tt.army...), target, dice)
			dice.done()
			if !slices.Equal(have, tt.want) {
				t.Errorf("have hits %+v, want %+v", have, tt.want)
			}
			if !slices.Equal(dice.asked, tt.wantAsked) {
				t.Errorf("have IntN of %v, want %v", dice.asked, tt.wantAsked)
			}
			if !slices.Equal(ids(after), tt.after) {
				t.Errorf("have survivors %v, want %v", ids(after), tt.after)
			}
			for i, f := range after {
				if i < len(tt.afterHP) && f.HP != tt.afterHP[i] {
					t.Errorf("survivor %d has %d hp, want %d", f.ID, f.HP, tt.afterHP[i])
				}
			}
			if !slices.Equal(target, before) {
				t.Errorf("Bombard changed its target: have %+v, want %+v", target, before)
			}
		})
	}
}

// TestInputsUnchanged: Fight works on copies; the game's sides are not
// touched.
func TestInputsUnchanged(t *testing.T) {
	d := testData(docGame())
	att := army(t, d, "1 Cavalry", "2 Infantry")
	def := army(t, d, "11 Cavalry", "12 Infantry")
	wantAtt, wantDef := slices.Clone(att), slices.Clone(def)
	rep := Fight(d, Side{Fighters: att}, Side{Fighters: def}, always(9))
	if rep.Outcome == 0 {
		t.Fatal("no outcome")
	}
	if !slices.Equal(att, wantAtt) || !slices.Equal(def, wantDef) {
		t.Errorf("Fight changed its sides: have %+v %+v, want %+v %+v", att, def, wantAtt, wantDef)
	}
}

// TestStartKeepsTheDead: the report's start holds both sides as they came
// to the battle, so that it names the units "killed units are
// eliminated" took from the survivors; a unit at 0 hp, which takes no
// part, is not among them.
func TestStartKeepsTheDead(t *testing.T) {
	d := testData(docGame())
	att := army(t, d, "1 Cavalry", "2 Infantry")
	def := army(t, d, "11 Infantry", "12 Archer", "13 Infantry hp0")
	rep := Fight(d, Side{Fighters: att}, Side{Fighters: def}, always(9))
	if rep.Outcome != DefenderWiped {
		t.Fatalf("have outcome %d, want the defender wiped out", rep.Outcome)
	}
	tests := []struct {
		name string
		have []Fighter
		want []Fighter
	}{
		{name: "the attacker's side as it came", have: rep.Start[0], want: att},
		{name: "the defender's side as it came, its unit at 0 hp left out", have: rep.Start[1], want: def[:2]},
		{name: "no defender survived", have: rep.Sides[1].Fighters, want: nil},
	}
	for _, tt := range tests {
		if !slices.Equal(tt.have, tt.want) {
			t.Errorf("%s: have %+v, want %+v", tt.name, tt.have, tt.want)
		}
	}
	// The start is the report's own: the fighters given stay as they were.
	rep.Start[0][0].HP = 0
	if att[0].HP == 0 {
		t.Error("the report's start shares the fighters given")
	}
}
