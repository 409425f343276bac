package erfworld_test

import (
	"testing"

	"empires/shared/game"
	"empires/shared/rules/erfworld"
	"empires/shared/rules/erfworld/erfworldai"
	"empires/shared/ruleset"
)

// TestBattleReportsAddUp plays games of AIs and checks every battle report
// against the rules it tells of: each die is listed with the unit that
// rolled it and adds up to the side's hits; the units going in, the city's
// included, roll the dice they should ("A d6 is rolled for each Unit (2d6
// for each Cavalry unit)"); the city provides "Infantry Units equal to
// twice its level", less its Siege lowering; Warlord points spent are the
// dice raised; casualties after healing are the losses; the winner is the
// side the reason names.
func TestBattleReportsAddUp(t *testing.T) {
	r, err := erfworld.Open("")
	if err != nil {
		t.Fatal(err)
	}
	d := r.D
	battles, cityAlone, raised := 0, 0, 0
	for seed := uint64(1); seed <= 4; seed++ {
		levels := []ruleset.Level{ruleset.Normal, ruleset.Easy, ruleset.Random, ruleset.Normal}
		s, err := r.NewGame(seed, 24, 24, len(levels), nil)
		if err != nil {
			t.Fatal(err)
		}
		players := make([]*erfworldai.Player, len(levels))
		for i, l := range levels {
			players[i] = erfworldai.New(r, l, seed)
		}
		for range 80 {
			if s.Over {
				break
			}
			var all []game.PlayerOrders
			for i, pl := range players {
				id := game.PlayerID(i + 1)
				if s.Player(id).Alive {
					all = append(all, game.PlayerOrders{Player: id, Orders: pl.Orders(game.NewView(s, id))})
				}
			}
			ev := game.Resolve(s, r, all)
			for _, e := range ev.List {
				if e.Kind != game.EventBattle {
					continue
				}
				battles++
				rep := e.Battle
				if len(rep.Sides[0].Armies) == 0 {
					cityAlone++
				}
				for i := range rep.Sides {
					raised += int(rep.Sides[i].PointsSpent)
				}
				checkReport(t, d, s.Turn-1, rep)
			}
		}
	}
	t.Logf("%d battles, %d fought by a city alone, %d Warlord points spent", battles, cityAlone, raised)
	if battles == 0 || cityAlone == 0 || raised == 0 {
		t.Fatalf("%d battles, %d fought by a city alone, %d Warlord points spent: the test exercises too little", battles, cityAlone, raised)
	}
}

// checkReport checks one battle report (see TestBattleReportsAddUp).
func checkReport(t *testing.T, d *erfworld.Ruleset, turn game.Turn, rep *game.BattleReport) {
	t.Helper()
	fail := func(format string, args ...any) {
		t.Helper()
		t.Fatalf("turn %d, battle at %s: "+format+"\nreport %+v", append(append([]any{turn, rep.Hex}, args...), *rep)...)
	}
	if rep.Reason == "" || rep.ReasonText == "" {
		fail("no reason")
	}
	won := -1
	for i, sd := range rep.Sides {
		if sd.Won {
			won = i
		}
	}
	switch {
	case won >= 0 && rep.Winner != rep.Sides[won].Player:
		fail("side %d won but the winner is %d", won, rep.Winner)
	case won < 0 && rep.Reason != game.ReasonTieDraw && rep.Reason != game.ReasonNoFight:
		fail("nobody won, reason %q", rep.Reason)
	}
	if len(rep.Sides[0].Armies) == 0 && rep.Sides[0].CityLevel == 0 {
		fail("a defender with neither armies nor a city")
	}
	naval := len(rep.Sides[0].Dice) == 0 && len(rep.Sides[1].Dice) == 0 && rep.Sides[0].CityLevel == 0
	for i, sd := range rep.Sides {
		if naval {
			continue // a fleet battle: one die a fleet, no units
		}
		if len(sd.Dice) != len(sd.Rolls) {
			fail("side %d: %d dice reported, %d rolled", i, len(sd.Dice), len(sd.Rolls))
		}
		hits, spent, cityDice := 0, 0, 0
		dice := make([]int, len(d.Units))
		for k, die := range sd.Dice {
			if int(die.Roll) != sd.Rolls[k] || die.Score < die.Roll || die.Score > int32(d.Combat.DieSides) || die.Round != 1 {
				fail("side %d die %d: %+v, rolled %d", i, k, die, sd.Rolls[k])
			}
			hits += int(die.Hits)
			spent += int(die.Score - die.Roll)
			dice[die.Unit]++
			if die.City {
				cityDice++
			}
		}
		if hits != int(sd.Hits) || spent != int(sd.PointsSpent) || sd.PointsSpent > sd.Points {
			fail("side %d: dice add to %d hits and %d points spent, report says %d and %d of %d", i, hits, spent, sd.Hits, sd.PointsSpent, sd.Points)
		}
		// Every unit going in rolls its dice, if the enemy has units at all.
		other := rep.Sides[1-i]
		if other.Before.Total()+other.CityUnits.Total() > 0 {
			for k, u := range d.Units {
				want := int(sd.Before.Get(game.UnitKind(k))+sd.CityUnits.Get(game.UnitKind(k))) * u.Dice
				if dice[k] != want {
					fail("side %d: %d dice of %s, want %d", i, dice[k], u.Name, want)
				}
			}
			if want := sd.CityUnits.Total() * d.Units[d.GarrisonUnit].Dice; cityDice != want {
				fail("side %d: %d dice of the city, want %d", i, cityDice, want)
			}
		}
		if sd.CityLevel > 0 {
			if int(sd.CityLevel)*d.City.DefencePerLevel-int(sd.CityLowered) != int(sd.CityDefence) ||
				sd.CityUnits.Total() != d.GarrisonUnits(int(sd.CityDefence)) {
				fail("side %d: city level %d, lowered %d, defence %d, %d units", i, sd.CityLevel, sd.CityLowered, sd.CityDefence, sd.CityUnits.Total())
			}
			siege := 0
			for k, u := range d.Units {
				siege += int(other.Before.Get(game.UnitKind(k))) * u.CityDefenceReduction
			}
			if want := min(siege, int(sd.CityLevel)*d.City.DefencePerLevel); int(sd.CityLowered) != want {
				fail("side %d: city lowered by %d, the enemy's Siege lowers it by %d", i, sd.CityLowered, want)
			}
		}
		if !sd.CityUnits.Contains(sd.CityLosses) {
			fail("side %d: the city lost %v of %v", i, sd.CityLosses, sd.CityUnits)
		}
		if int(sd.Fallen-sd.Healed) != sd.Losses.Total()+sd.CityLosses.Total() {
			fail("side %d: %d fell, %d healed, but %d + %d lost", i, sd.Fallen, sd.Healed, sd.Losses.Total(), sd.CityLosses.Total())
		}
		if sd.Uncroaked.Total() > 0 && (!sd.Won || sd.Uncroaked.Total() > int(other.Fallen-other.Healed)) {
			fail("side %d: uncroaked %v (won %v, enemy lost %d)", i, sd.Uncroaked, sd.Won, other.Fallen-other.Healed)
		}
		for _, c := range sd.Characters {
			if c.Kind == erfworld.CharWarlord && c.Effect == game.EffectApplied && sd.PointsSpent == 0 {
				fail("side %d: a Warlord applied but no point was spent", i)
			}
		}
	}
}
