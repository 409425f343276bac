package erfpires

import (
	"strings"
	"testing"

	"empires/shared/game"
	"empires/shared/hex"
)

// rollsOf returns the first two rolls of a six-sided die from a generator
// seeded with seed: the defender's (side 0) and the attacker's, in the
// order Battle draws them.
func rollsOf(seed uint64) (int, int) {
	g := game.NewRNG(seed)
	return g.Roll(6), g.Roll(6)
}

// seedFor returns a seed whose first two rolls satisfy ok.
func seedFor(t testing.TB, ok func(d0, d1 int) bool) uint64 {
	t.Helper()
	for seed := uint64(1); seed < 100000; seed++ {
		if ok(rollsOf(seed)) {
			return seed
		}
	}
	t.Fatal("no seed gives the rolls wanted")
	return 0
}

// battle fights a hex battle on the hex of the defending army def against
// the attacking army att, with dice seeded by seed, and returns it.
func battle(r *Rules, s *game.State, def, att game.ArmyID, seed uint64) *game.Battle {
	dice := game.NewRNG(seed)
	d, a := s.Army(def), s.Army(att)
	b := &game.Battle{Hex: d.Hex, Dice: &dice, Winner: -1}
	b.Sides[0] = game.Side{Player: d.Owner, Role: game.Defender, Armies: []game.ArmyID{def}}
	b.Sides[1] = game.Side{Player: a.Owner, Role: game.Attacker, Armies: []game.ArmyID{att}}
	for k := range b.Sides {
		b.Report.Sides[k] = game.SideReport{Player: b.Sides[k].Player, Role: b.Sides[k].Role, Armies: b.Sides[k].Armies}
	}
	r.Battle(s, b)
	return b
}

// TestCombatHits: "Each side inflicts damage on the other. Total Combat +
// d6 - total opposing Defence = hits inflicted." (at least 0) "If an Army
// is in a Fort or City, it gains 3 Defence." (a City or Fort of its own
// player; the two do not add up) and the Dinglehoober (CHOICE): +1 to the
// die of its owner's side on its hex or next to it, once however many.
func TestCombatHits(t *testing.T) {
	tests := []struct {
		name                  string
		def, att              string // units of the defender and the attacker
		defSite               []string
		attStructures         []string // near the battle: "dinglehoober 1" (1 hex away)
		defStructures         []string
		defCombat, defDefence int
		attCombat, attDefence int
		defBonus, attBonus    int
	}{
		{name: "3 Infantry against 2 Heavies", def: "2 heavy", att: "3 infantry",
			defCombat: 2, defDefence: 2, attCombat: 3, attDefence: 0},
		{name: "a Flyer has 3 Combat", def: "1 infantry", att: "2 flyer",
			defCombat: 1, attCombat: 6},
		{name: "in a Fort: +3 Defence", def: "1 heavy", att: "4 infantry", defSite: []string{"fort"},
			defCombat: 1, defDefence: 4, attCombat: 4},
		{name: "in a City: +3 Defence", def: "1 heavy", att: "4 infantry", defSite: []string{"city"},
			defCombat: 1, defDefence: 4, attCombat: 4},
		{name: "a Fort in a City: still +3", def: "2 infantry", att: "4 infantry", defSite: []string{"city", "fort"},
			defCombat: 2, defDefence: 3, attCombat: 4},
		{name: "a Fort shelters its own player's army only (here the attacker's)", def: "2 infantry", att: "4 infantry",
			defSite: []string{"enemy fort"}, defCombat: 2, defDefence: 0, attCombat: 4, attDefence: 3},
		{name: "a Dinglehoober next to the attacker's battle: +1", def: "2 infantry", att: "2 infantry",
			attStructures: []string{"dinglehoober 1"}, defCombat: 2, attCombat: 2, attBonus: 1},
		{name: "two Dinglehoobers cheer no louder", def: "2 infantry", att: "2 infantry",
			attStructures: []string{"dinglehoober 1", "dinglehoober 0"}, defCombat: 2, attCombat: 2, attBonus: 1},
		{name: "a Dinglehoober 2 hexes away: nothing", def: "2 infantry", att: "2 infantry",
			attStructures: []string{"dinglehoober 2"}, defCombat: 2, attCombat: 2},
		{name: "the defender's Dinglehoober on its hex", def: "2 infantry", att: "2 infantry",
			defStructures: []string{"dinglehoober 0"}, defCombat: 2, attCombat: 2, defBonus: 1},
		{name: "hits are never below 0", def: "8 heavy", att: "1 infantry", defSite: []string{"fort"},
			defCombat: 8, defDefence: 11, attCombat: 1},
	}
	for _, tt := range tests {
		for seed := uint64(1); seed <= 6; seed++ {
			r, s := scenario(t, plainMap, 2)
			const col, row = 5, 2
			def := addArmy(t, r, s, 2, col, row, tt.def)
			att := addArmy(t, r, s, 1, col-1, row, tt.att)
			for _, site := range tt.defSite {
				switch site {
				case "city":
					addCity(r, s, 2, col, row)
				case "fort":
					addStructure(t, r, s, 2, "fort", col, row)
				case "enemy fort":
					addStructure(t, r, s, 1, "fort", col, row)
				}
			}
			place := func(p int, list []string) {
				for _, sp := range list {
					var id string
					var away int
					fields := strings.Fields(sp)
					id, away = fields[0], int(fields[1][0]-'0')
					addStructure(t, r, s, game.PlayerID(p), id, col+away, row)
				}
			}
			place(1, tt.attStructures)
			place(2, tt.defStructures)
			s.Army(att).Hex = s.Army(def).Hex // the attacker moved in
			b := battle(r, s, def, att, seed)
			d0, d1 := rollsOf(seed)
			wantDef := max(tt.defCombat+d0+tt.defBonus-tt.attDefence, 0)
			wantAtt := max(tt.attCombat+d1+tt.attBonus-tt.defDefence, 0)
			rep := b.Report.Sides
			if rep[0].Hits != int32(wantDef) || rep[1].Hits != int32(wantAtt) {
				t.Errorf("%s, dice %d and %d: hits %d and %d, want %d and %d (%s)", tt.name, d0, d1,
					rep[0].Hits, rep[1].Hits, wantDef, wantAtt, b.Report.ReasonText)
			}
			if rep[0].Dice[0].Score != int32(d0+tt.defBonus) || rep[1].Dice[0].Score != int32(d1+tt.attBonus) {
				t.Errorf("%s: scores %+v %+v", tt.name, rep[0].Dice, rep[1].Dice)
			}
			// "each hit removes one unit"
			defUnits, attUnits := s.Army(def).Units.Total(), s.Army(att).Units.Total()
			if b.Sides[0].Losses[0].Total() != min(wantAtt, defUnits) || b.Sides[1].Losses[0].Total() != min(wantDef, attUnits) {
				t.Errorf("%s: losses %v and %v for hits %d and %d", tt.name, b.Sides[0].Losses, b.Sides[1].Losses, wantAtt, wantDef)
			}
		}
	}
}

// TestCasualtyOrder: each hit removes one unit (every unit has 1 Hit);
// CHOICE: the cheapest fall first: Infantry, then Heavy, then Flyer, army
// by army.
func TestCasualtyOrder(t *testing.T) {
	r, s := scenario(t, plainMap, 2)
	a := addArmy(t, r, s, 1, 1, 1, "1 flyer, 2 infantry, 1 heavy")
	b := addArmy(t, r, s, 1, 2, 1, "1 infantry, 1 heavy")
	tests := []struct {
		hits       int
		wantA      string
		wantB      string
		wantLosses int
	}{
		{1, "1 infantry", "", 1},
		{3, "2 infantry", "1 infantry", 3},
		{4, "2 infantry, 1 heavy", "1 infantry", 4},
		{5, "2 infantry, 1 heavy", "1 infantry, 1 heavy", 5},
		{7, "2 infantry, 1 heavy, 1 flyer", "1 infantry, 1 heavy", 6},
	}
	for _, tt := range tests {
		sd := &game.Side{Armies: []game.ArmyID{a, b}, Losses: make([]game.Units, 2)}
		lost := r.takeLosses(s, sd, tt.hits)
		want := func(spec string) game.Units {
			if spec == "" {
				return nil
			}
			return units(t, r, spec)
		}
		if lost != tt.wantLosses || !sameUnits(sd.Losses[0], want(tt.wantA)) || !sameUnits(sd.Losses[1], want(tt.wantB)) {
			t.Errorf("%d hits: lost %d %v, want %d [%s] [%s]", tt.hits, lost, sd.Losses, tt.wantLosses, tt.wantA, tt.wantB)
		}
	}
}

func sameUnits(a, b game.Units) bool { return a.Contains(b) && b.Contains(a) }

// duel is a day on which army att of player 1 at 4,2 attacks army def of
// player 2 at 5,2 with the dice of seed; it returns the battle's report.
func duel(t *testing.T, r *Rules, s *game.State, att game.ArmyID, seed uint64) (*game.Events, *game.BattleReport) {
	t.Helper()
	s.RNG = game.NewRNG(seed)
	ev := day(t, r, s, map[game.PlayerID][]game.Order{1: {attackOrder(s, att, "5,2")}})
	return ev, battleOf(t, ev)
}

// TestRetreat: "The side that the most hits must retreat one hex." With
// four Heavies a side (Combat 4, Defence 4), each side scores its die: the
// lower die wins.
func TestRetreat(t *testing.T) {
	t.Run("CHOICE: the side that took the most hits retreats: the defender took more", func(t *testing.T) {
		r, s := scenario(t, plainMap, 2)
		att := addArmy(t, r, s, 1, 4, 2, "4 heavy")
		def := addArmy(t, r, s, 2, 5, 2, "4 heavy")
		_, rep := duel(t, r, s, att, seedFor(t, func(d0, d1 int) bool { return d0 < d1 && d1 <= 3 }))
		if rep.Winner != 1 || rep.Reason != ReasonMoreHits || s.Army(att).Hex != at(5, 2) || s.Army(def).Hex == at(5, 2) ||
			hex.Distance(s.Army(def).Hex, at(5, 2)) != 1 {
			t.Errorf("winner %s (%s), attacker on %s, defender on %s", rep.Winner, rep.ReasonText, s.Army(att).Hex, s.Army(def).Hex)
		}
	})
	t.Run("the attacker took more: back where it came from", func(t *testing.T) {
		r, s := scenario(t, plainMap, 2)
		att := addArmy(t, r, s, 1, 4, 2, "4 heavy")
		def := addArmy(t, r, s, 2, 5, 2, "4 heavy")
		_, rep := duel(t, r, s, att, seedFor(t, func(d0, d1 int) bool { return d0 > d1 && d0 <= 3 }))
		if rep.Winner != 2 || s.Army(att).Hex != at(4, 2) || s.Army(def).Hex != at(5, 2) {
			t.Errorf("winner %s (%s), attacker on %s, defender on %s", rep.Winner, rep.ReasonText, s.Army(att).Hex, s.Army(def).Hex)
		}
	})
	t.Run("CHOICE: equal hits in a hex: the attacker retreats", func(t *testing.T) {
		r, s := scenario(t, plainMap, 2)
		att := addArmy(t, r, s, 1, 4, 2, "4 heavy")
		def := addArmy(t, r, s, 2, 5, 2, "4 heavy")
		_, rep := duel(t, r, s, att, seedFor(t, func(d0, d1 int) bool { return d0 == d1 && d0 <= 3 }))
		if rep.Winner != 2 || rep.Reason != game.ReasonTieAttackerRetreats || s.Army(att).Hex != at(4, 2) || s.Army(def).Hex != at(5, 2) {
			t.Errorf("winner %s (%s), attacker on %s", rep.Winner, rep.ReasonText, s.Army(att).Hex)
		}
	})
	t.Run("CHOICE: equal hits, a mod whose defender retreats", func(t *testing.T) {
		r, s := scenario(t, plainMap, 2)
		r.D.Combat.TieRetreats = "defender"
		att := addArmy(t, r, s, 1, 4, 2, "4 heavy")
		def := addArmy(t, r, s, 2, 5, 2, "4 heavy")
		_, rep := duel(t, r, s, att, seedFor(t, func(d0, d1 int) bool { return d0 == d1 && d0 <= 3 }))
		if rep.Winner != 1 || rep.Reason != game.ReasonTieDefenderRetreats || s.Army(att).Hex != at(5, 2) || s.Army(def).Hex == at(5, 2) {
			t.Errorf("winner %s (%s), defender on %s", rep.Winner, rep.ReasonText, s.Army(def).Hex)
		}
	})
	t.Run("CHOICE: equal hits across an edge: both hold their hex", func(t *testing.T) {
		r, s := scenario(t, plainMap, 2)
		a := addArmy(t, r, s, 1, 4, 2, "4 heavy")
		b := addArmy(t, r, s, 2, 5, 2, "4 heavy")
		s.RNG = game.NewRNG(seedFor(t, func(d0, d1 int) bool { return d0 == d1 && d0 <= 3 }))
		ev := day(t, r, s, map[game.PlayerID][]game.Order{1: {attackOrder(s, a, "5,2")}, 2: {attackOrder(s, b, "4,2")}})
		rep := battleOf(t, ev)
		if rep.Winner != 0 || rep.Reason != game.ReasonTieDraw || s.Army(a).Hex != at(4, 2) || s.Army(b).Hex != at(5, 2) {
			t.Errorf("winner %s (%s), armies on %s and %s", rep.Winner, rep.ReasonText, s.Army(a).Hex, s.Army(b).Hex)
		}
	})
	t.Run("a side with no units left loses, whatever the hits", func(t *testing.T) {
		r, s := scenario(t, plainMap, 2)
		att := addArmy(t, r, s, 1, 4, 2, "8 infantry")
		def := addArmy(t, r, s, 2, 5, 2, "1 flyer")
		addStructure(t, r, s, 2, "fort", 5, 2)
		// The flyer (Combat 3) scores 3 + 4 = 7 hits; the infantry, 8 + 1 - 3
		// = 6: the attacker took more, but the defender has nobody left.
		_, rep := duel(t, r, s, att, seedFor(t, func(d0, d1 int) bool { return d0 == 4 && d1 == 1 }))
		if rep.Winner != 1 || rep.Reason != game.ReasonLastStanding || s.Army(def) != nil || s.Army(att).Units.Total() != 1 ||
			s.Army(att).Hex != at(5, 2) {
			t.Errorf("winner %s (%s), attacker %+v", rep.Winner, rep.ReasonText, s.Army(att))
		}
	})
	t.Run("both sides destroyed", func(t *testing.T) {
		r, s := scenario(t, plainMap, 2)
		att := addArmy(t, r, s, 1, 4, 2, "1 flyer")
		def := addArmy(t, r, s, 2, 5, 2, "1 flyer")
		_, rep := duel(t, r, s, att, 1)
		if rep.Winner != 0 || s.Army(att) != nil || s.Army(def) != nil {
			t.Errorf("winner %s (%s), armies %+v", rep.Winner, rep.ReasonText, s.Armies)
		}
	})
}

// walledMap is Plains with Mountains: 5,2 is closed in on every side but
// 4,2 (west) and 5,1 (north-east).
const walledMap = `
. . . . . . . . . . . .
 . . . . ^ . . . . . . .
. . . . . . ^ . . . . .
 . . . . ^ ^ . . . . . .
. . . . . . . . . . . .
 . . . . . . . . . . . .
`

// TestNowhereToRetreat: CHOICE (the engine's rule): a side that must
// retreat and finds no free hex, land with no enemy and no army of its
// own ("Only one army is permitted in a hex"), is destroyed. The armies
// clash crossing the edge between 4,2 and 5,2, so each stays on its hex,
// and the loser at 5,2 has the enemy west, its own army north-east and
// Mountains around.
func TestNowhereToRetreat(t *testing.T) {
	r, s := scenario(t, walledMap, 2)
	a := addArmy(t, r, s, 1, 4, 2, "4 heavy")
	b := addArmy(t, r, s, 2, 5, 2, "4 heavy")
	own := addArmy(t, r, s, 2, 5, 1, "1 infantry")
	for _, n := range at(5, 2).Neighbors() {
		if tr, _ := s.Map.At(n); r.D.Terrain[tr].Army && n != at(4, 2) && n != at(5, 1) {
			t.Fatalf("fixture: %s is open", n)
		}
	}
	// Four Heavies a side: each side scores its die. On an edge player 1
	// is side 0: its die is higher, player 2 took more hits.
	s.RNG = game.NewRNG(seedFor(t, func(d0, d1 int) bool { return d0 > d1 && d0 <= 3 }))
	ev := day(t, r, s, map[game.PlayerID][]game.Order{1: {attackOrder(s, a, "5,2")}, 2: {attackOrder(s, b, "4,2")}})
	rep := battleOf(t, ev)
	if rep.Winner != 1 || s.Army(b) != nil || s.Army(own).Hex != at(5, 1) || s.Army(a).Hex != at(4, 2) {
		t.Fatalf("winner %s (%s), loser %+v", rep.Winner, rep.ReasonText, s.Army(b))
	}
	if ev := eventsOf(ev, game.EventDestroyed, 2); len(ev) != 1 || ev[0].Text != "no room to retreat" || ev[0].Army != b {
		t.Errorf("destroyed: %+v", ev)
	}
}

// TestRetreatNotOntoOwnArmy: a retreating army passes over the hexes where
// its player's armies stand ("Only one army is permitted in a hex").
func TestRetreatNotOntoOwnArmy(t *testing.T) {
	r, s := scenario(t, plainMap, 2)
	att := addArmy(t, r, s, 1, 4, 2, "4 heavy")
	def := addArmy(t, r, s, 2, 5, 2, "4 heavy")
	away := at(5, 2).Neighbor(0) // east, away from the attacker: the first choice
	s.AddArmy(game.Army{Owner: 2, Hex: away, Units: units(t, r, "1 infantry")})
	game.RecordVision(s, r)
	duel(t, r, s, att, seedFor(t, func(d0, d1 int) bool { return d0 < d1 && d1 <= 3 }))
	if a := s.Army(def); a == nil || a.Hex == away || a.Hex == at(5, 2) || hex.Distance(a.Hex, at(5, 2)) != 1 {
		t.Errorf("the defender retreated to %+v", a)
	}
}

// TestCityTakenByAttack: an army takes a city that has no army by
// attacking it (a battle against nobody: the city has no forces); an
// OrderMove stops short of it; the city's owner loses it.
func TestCityTakenByAttack(t *testing.T) {
	r, s := scenario(t, plainMap, 2)
	a := addArmy(t, r, s, 1, 4, 2, "1 infantry")
	c := addCity(r, s, 2, 5, 2)
	addCity(r, s, 2, 9, 5)
	ev := day(t, r, s, map[game.PlayerID][]game.Order{1: {moveOrder(s, a, "5,2")}})
	if s.City(c).Owner != 2 || s.Army(a).Hex != at(4, 2) || len(eventsOf(ev, game.EventBlocked, 1)) != 1 {
		t.Fatalf("a move into an enemy city: owner %s, army on %s, events %+v", s.City(c).Owner, s.Army(a).Hex, ev.List)
	}
	ev = day(t, r, s, map[game.PlayerID][]game.Order{1: {attackOrder(s, a, "5,2")}})
	rep := battleOf(t, ev)
	if s.City(c).Owner != 1 || s.Army(a).Hex != at(5, 2) || s.Army(a).Units.Total() != 1 || rep.Winner != 1 ||
		rep.Reason != game.ReasonLastStanding || len(rep.Sides[0].Armies) != 0 || len(rep.Sides[0].Rolls) != 0 {
		t.Errorf("owner %s, army %+v, report %+v", s.City(c).Owner, s.Army(a), rep)
	}
	if len(eventsOf(ev, game.EventCapture, 1)) != 1 {
		t.Errorf("no capture event: %+v", ev.List)
	}
}

// TestTruceMeeting: the receiver of a tribute "may not attack" the giver
// for a week. If the receiver's army still meets the giver's (it moved
// into a hex the giver's army entered unseen), no blow is struck and the
// receiver's army falls back, unharmed; if the giver attacks, the battle is
// fought; a receiver's army ending a day on the giver's farm spares it.
func TestTruceMeeting(t *testing.T) {
	r, s := scenario(t, plainMap, 2)
	addCity(r, s, 1, 11, 0)
	addCity(r, s, 2, 0, 5)
	rcv := addArmy(t, r, s, 2, 2, 2, "4 infantry")
	giv := addArmy(t, r, s, 1, 6, 2, "4 infantry")
	setStock(s.Player(2), StockTruce+0, 7)
	setStock(s.Player(1), StockProtected+1, 7)
	if visible(s, 2, at(4, 2)) || visible(s, 2, at(6, 2)) {
		t.Fatal("fixture: the receiver sees the giver's way")
	}
	// Step 1: the receiver to 3,2, the giver to 5,2. Step 2: the receiver
	// into 4,2, where the giver arrives.
	ev := day(t, r, s, map[game.PlayerID][]game.Order{
		2: {attackOrder(s, rcv, "3,2 4,2")},
		1: {moveOrder(s, giv, "5,2 4,2")},
	})
	rep := battleOf(t, ev)
	if rep.Reason != ReasonTruce || len(rep.Sides[0].Rolls)+len(rep.Sides[1].Rolls) != 0 ||
		s.Army(rcv).Units.Total() != 4 || s.Army(giv).Units.Total() != 4 || s.Army(giv).Hex != at(4, 2) || s.Army(rcv).Hex == at(4, 2) {
		t.Fatalf("report %+v; receiver %+v, giver %+v", rep, s.Army(rcv), s.Army(giv))
	}
	if !strings.Contains(rep.ReasonText, "player 2 took the tribute of player 1 and may not attack them before day 8") {
		t.Errorf("the report says %q", rep.ReasonText)
	}
	// The giver attacks: a battle is fought.
	s.Army(rcv).Hex = at(3, 2)
	game.RecordVision(s, r)
	ev = day(t, r, s, map[game.PlayerID][]game.Order{1: {attackOrder(s, giv, "3,2")}})
	if rep := battleOf(t, ev); rep.Reason == ReasonTruce || len(rep.Sides[0].Rolls) != 1 || len(rep.Sides[1].Rolls) != 1 {
		t.Errorf("the giver's attack: %+v", rep)
	}
	// The receiver's army on the giver's farm spares it.
	_, s2 := scenario(t, plainMap, 2)
	addCity(r, s2, 1, 11, 0)
	addCity(r, s2, 2, 0, 5)
	farm := addStructure(t, r, s2, 1, "farm", 4, 4)
	a := addArmy(t, r, s2, 2, 2, 4, "1 infantry")
	setStock(s2.Player(2), StockTruce+0, 7)
	s2.Army(a).Flags = 0
	day(t, r, s2, map[game.PlayerID][]game.Order{2: {moveOrder(s2, a, "3,4 4,4")}})
	if st := s2.Structure(farm); st == nil || st.Owner != 1 {
		t.Errorf("the farm under the receiver's army: %+v", st)
	}
}
