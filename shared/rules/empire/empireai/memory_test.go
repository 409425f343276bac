package empireai

import (
	"math/rand/v2"
	"testing"

	"empires/shared/grid"
	"empires/shared/rules/empire"
	"empires/shared/rules/empire/battle"
	"empires/shared/rules/empire/dat"
	"empires/shared/ruleset"
	"empires/shared/wire"
)

// battleEvents encodes one turn's events for seat 1: a battle in which
// seat 2's force 50 (an Angel and a Spirit) attacked seat 1, its Spirit
// killed, as empire.Outcome.Events writes them.
func battleEvents(t *testing.T, d *dat.Data) []byte {
	t.Helper()
	angel, _ := d.Kind("Angel")
	spirit, _ := d.Kind("Spirit")
	inf, _ := d.Kind("Infantry")
	rep := battle.Report{
		Start: [2][]battle.Fighter{
			{{ID: 1, Kind: angel, HP: 4}, {ID: 2, Kind: spirit, HP: 1}},
			{{ID: 3, Kind: inf, HP: 1}},
		},
		Outcome: battle.DefenderWiped,
		Sides:   [2]battle.Side{{Player: 2, Fighters: []battle.Fighter{{ID: 1, Kind: angel, HP: 3, Battles: 1}, {ID: 2, Kind: spirit, HP: 0}}}, {Player: 1}},
	}
	evs := []empire.Event{{Kind: empire.EvBattle, Owner: 2, Other: 1, Pos: grid.Pos{X: 3, Y: 3},
		Battle: &empire.BattleEvent{Attacker: 2, Defender: 1, AttackerForces: []empire.ForceID{50}, DefenderForces: []empire.ForceID{60}, Report: rep}}}
	b, err := wire.Marshal(evs)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestHearRemembersBattles checks what hard keeps of a battle report,
// which "names every fighter of both sides": the kinds the enemy fought
// with, and its force's survivors; a sighting is then taken for those
// units. Normal hears nothing, and events that do not decode are an
// error.
func TestHearRemembersBattles(t *testing.T) {
	d := data(t)
	p, err := NewPlayer(d, ruleset.Hard, 1)
	if err != nil {
		t.Fatal(err)
	}
	if err := p.Hear(1, battleEvents(t, d)); err != nil {
		t.Fatal(err)
	}
	m := p.mem.of(1)
	angel, _ := d.Kind("Angel")
	spirit, _ := d.Kind("Spirit")
	if m.met[2][angel] != 1 || m.met[2][spirit] != 1 || m.met[1] != nil {
		t.Errorf("met %v, want seat 2's Angel and Spirit only", m.met)
	}
	if f, ok := m.forces[50]; !ok || len(f.fighters) != 1 || f.fighters[0].Kind != angel {
		t.Errorf("force 50 remembered as %+v, want its surviving Angel", m.forces[50])
	}
	w := newWorld(d, newScene(t, d, "...\n...\n...").v, 1, p.st, rand.New(rand.NewPCG(1, 1)), nil)
	w.mem = m
	tests := []struct {
		name string
		sg   empire.Sighting
		want []string
	}{
		{name: "the force met, as it was left", sg: empire.Sighting{Force: 50, Owner: 2, Units: 1, HP: 3, MaxHP: 4}, want: []string{"Angel"}},
		{name: "the force met and a unit since", sg: empire.Sighting{Force: 50, Owner: 2, Units: 2, HP: 5, MaxHP: 5}, want: []string{"Angel", "Spirit"}},
		{name: "another force, of one kind met", sg: empire.Sighting{Force: 70, Owner: 2, Units: 3, HP: 12, MaxHP: 12}, want: []string{"Angel", "Angel", "Angel"}},
		{name: "another force, of two kinds met", sg: empire.Sighting{Force: 71, Owner: 2, Units: 3, HP: 6, MaxHP: 6}, want: []string{"Angel", "Spirit", "Spirit"}},
		{name: "a player never met", sg: empire.Sighting{Force: 80, Owner: 3, Units: 1, HP: 4, MaxHP: 4}, want: []string{"Angel"}}, // the strongest 4-hp kind, the first of Angel and Demon
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var have []string
			for _, f := range w.model(&tc.sg) {
				have = append(have, d.Unit(f.Kind).Name)
			}
			if len(have) != len(tc.want) {
				t.Fatalf("modelled %v, want %v", have, tc.want)
			}
			for i := range have {
				if have[i] != tc.want[i] {
					t.Fatalf("modelled %v, want %v", have, tc.want)
				}
			}
		})
	}

	n, _ := NewPlayer(d, ruleset.Normal, 1)
	if err := n.Hear(1, battleEvents(t, d)); err != nil || len(n.mem.of(1).met) != 0 {
		t.Errorf("normal heard %v (error %v), want nothing kept", n.mem.of(1).met, err)
	}
	if err := p.Hear(1, []byte{0xc1, 0x00}); err == nil {
		t.Errorf("hard heard a broken event list without an error")
	}
	if got := p.mem.of(1); got.heard != 1 {
		t.Errorf("after a broken list the memory heard %d lists, want 1", got.heard)
	}
}

// TestFinishingKnowsTheDefenders checks that hard, once it has all but
// won (the others hold a quarter of what it holds or less), takes a last
// settlement's garrison for the units it met in battle: one 4-hp unit of
// a player met with Angels is an Angel; before that, and at normal, it is
// the average 4-hp unit (sightingPower).
func TestFinishingKnowsTheDefenders(t *testing.T) {
	d := data(t)
	p, _ := NewPlayer(d, ruleset.Hard, 1)
	if err := p.Hear(1, battleEvents(t, d)); err != nil {
		t.Fatal(err)
	}
	angel, _ := d.Kind("Angel")
	sg := empire.Sighting{Force: 90, Owner: 2, Garrison: true, Units: 1, HP: 4, MaxHP: 4}
	average, real := sightingPower(d, &sg), kindPower(d.Unit(angel), 4)
	tests := []struct {
		name  string
		level ruleset.Level
		scene string
		want  float64
	}{
		{name: "hard, all but won", level: ruleset.Hard, scene: "C.T.T.T.c", want: real},
		{name: "hard, not yet", level: ruleset.Hard, scene: "C.T.T.c.c", want: average},
		{name: "normal, all but won", level: ruleset.Normal, scene: "C.T.T.T.c", want: average},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := newScene(t, d, tc.scene)
			s.sight(2, 8, 0, true, 1, 4, 0)
			s.v.Sightings[0].Force = sg.Force
			pl, _ := NewPlayer(d, tc.level, 1)
			w := newWorld(d, s.v, 1, pl.st, rand.New(rand.NewPCG(1, 1)), nil)
			if pl.st.remember {
				w.mem = p.mem.of(1)
			}
			if have := w.defence(s.settlement(8, 0)); have != tc.want {
				t.Errorf("defence %.1f, want %.1f (an Angel %.1f, the average 4-hp unit %.1f)", have, tc.want, real, average)
			}
		})
	}
}
