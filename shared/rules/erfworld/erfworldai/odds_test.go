package erfworldai

import (
	"math"
	"testing"

	"empires/shared/game"
	"empires/shared/hex"
	"empires/shared/rules/erfworld"
)

// TestWinChanceMatchesBattle plays each battle many times with the
// ruleset's own Battle and expects winChance within 0.04 of the share the
// attacker won: "A d6 is rolled for each Unit (2d6 for each Cavalry
// unit)", "Each roll of 4+ is a hit", "Each roll of 6 is a critical hit",
// the Warlord's points, "Each Infantry unit in Combat can take 2 hits",
// the city's Infantry and Siege, "Casualties in Combat where the
// Heal-A-Mancer is present are reduced by half" and "The Side which loses
// the most units must retreat".
func TestWinChanceMatchesBattle(t *testing.T) {
	rs := newRules(t)
	d := rs.D
	kind := func(id string) int {
		k, ok := d.UnitKind(id)
		if !ok {
			t.Fatalf("no unit %q", id)
		}
		return int(k)
	}
	inf, cav, siege := kind("infantry"), kind("cavalry"), kind("siege")
	U := func(i, c, s int32) game.Units {
		u := make(game.Units, len(d.Units))
		u[inf], u[cav], u[siege] = i, c, s
		return u
	}
	heal := erfworld.CharCaster + uint8(erfworld.CasterHeal)
	tests := []struct {
		name           string
		att, def       game.Units
		attLvl, defLvl int32 // Warlord levels; 0: none
		defHeal        bool
		city           int32
	}{
		{name: "equal infantry", att: U(20, 0, 0), def: U(20, 0, 0), attLvl: 1, defLvl: 1},
		{name: "a third more", att: U(27, 0, 0), def: U(20, 0, 0), attLvl: 1, defLvl: 1},
		{name: "cavalry behind infantry", att: U(10, 10, 0), def: U(20, 0, 0), attLvl: 1, defLvl: 1},
		{name: "cavalry alone", att: U(0, 20, 0), def: U(20, 0, 0), attLvl: 1, defLvl: 1},
		{name: "a level-9 Warlord", att: U(15, 5, 0), def: U(20, 0, 0), attLvl: 9, defLvl: 1},
		{name: "a healed defender", att: U(30, 10, 0), def: U(25, 0, 0), attLvl: 3, defLvl: 3, defHeal: true},
		{name: "a Capital", att: U(20, 10, 0), def: U(12, 4, 0), attLvl: 5, defLvl: 5, city: 5},
		{name: "a Capital and Siege", att: U(20, 6, 4), def: U(12, 4, 0), attLvl: 5, defLvl: 5, city: 5},
		{name: "an empty city", att: U(3, 0, 0), city: 2},
	}
	const battles = 3000
	for _, tt := range tests {
		s, err := rs.NewGame(1, 16, 16, 2, nil)
		if err != nil {
			t.Fatal(err)
		}
		h := hex.FromOffset(hex.Offset{Col: 3, Row: 3})
		var city game.CityID
		if tt.city > 0 {
			city = s.AddCity(game.City{Owner: 2, Hex: h, Level: tt.city})
		}
		chars := func(lvl int32, healer bool) []game.Character {
			var cs []game.Character
			if lvl > 0 {
				cs = append(cs, game.Character{ID: game.CharacterID(len(cs) + 1), Kind: erfworld.CharWarlord, Level: lvl})
			}
			if healer {
				cs = append(cs, game.Character{ID: game.CharacterID(len(cs) + 1), Kind: heal})
			}
			return cs
		}
		att := s.AddArmy(game.Army{Owner: 1, Hex: h, Units: tt.att, Characters: chars(tt.attLvl, false)})
		var def game.ArmyID
		if tt.def.Total() > 0 {
			def = s.AddArmy(game.Army{Owner: 2, Hex: h, Units: tt.def, Characters: chars(tt.defLvl, tt.defHeal)})
		}
		won := 0
		for i := range battles {
			dice := game.NewRNG(uint64(i))
			b := &game.Battle{Hex: h, City: city, Dice: &dice}
			b.Sides[0] = game.Side{Player: 2, Role: game.Defender}
			if def != 0 {
				b.Sides[0].Armies = []game.ArmyID{def}
			}
			b.Sides[1] = game.Side{Player: 1, Role: game.Attacker, Armies: []game.ArmyID{att}}
			rs.Battle(s, b)
			if b.Winner == 1 {
				won++
			}
			// Battle levels up the winner's Warlords: set them back.
			for _, id := range []game.ArmyID{att, def} {
				if a := s.Army(id); a != nil {
					for k := range a.Characters {
						if a.Characters[k].Kind == erfworld.CharWarlord {
							a.Characters[k].Level = map[game.ArmyID]int32{att: tt.attLvl, def: tt.defLvl}[id]
						}
					}
				}
			}
		}
		w := &world{rs: rs}
		cityInf := 0
		if tt.city > 0 {
			counts := make([]int, len(tt.att))
			for k, n := range tt.att {
				counts[k] = int(n)
			}
			cityInf = d.GarrisonUnits(d.CityDefence(int(tt.city), counts))
		}
		have := w.winChance(fighter{units: tt.att, points: int(tt.attLvl)},
			fighter{units: tt.def, city: cityInf, points: int(tt.defLvl), heal: tt.defHeal})
		want := float64(won) / battles
		if math.Abs(have-want) > 0.04 {
			t.Errorf("%s: winChance = %.3f, Battle won %.3f of %d", tt.name, have, want, battles)
		} else {
			t.Logf("%s: winChance = %.3f, Battle won %.3f", tt.name, have, want)
		}
	}
}
