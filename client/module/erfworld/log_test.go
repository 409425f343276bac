package erfworld

import (
	"fmt"
	"reflect"
	"testing"

	"empires/client/model"
	"empires/shared/game"
	"empires/shared/game/gametest"
	"empires/shared/hex"
	erf "empires/shared/rules/erfworld"
)

func TestEventTexts(t *testing.T) {
	g := newSmallGame(t)
	m := modelOf(t, g.r, g.s, 1)
	w, f, e := uint32(g.W), uint32(g.F), uint32(g.E)
	here, there := gametest.At(2, 2), gametest.At(3, 2)
	battle := func(winner game.PlayerID, a, b game.SideReport) *game.BattleReport {
		return &game.BattleReport{Hex: there, Sides: [2]game.SideReport{a, b}, Winner: winner}
	}
	mine := game.SideReport{Player: 1, Role: game.Attacker, Armies: []game.ArmyID{g.W}, Before: game.Units{4, 1}, Losses: game.Units{1}}
	blue := game.SideReport{Player: 2, Role: game.Defender, Armies: []game.ArmyID{31, 33}, Before: game.Units{6}, Losses: game.Units{5}}
	green := game.SideReport{Player: 3, Role: game.Attacker, Armies: []game.ArmyID{40}, Before: game.Units{2}, Losses: game.Units{2}}
	tests := []struct {
		name     string
		have     game.Event
		want     string // "" for no line
		wantMine bool
	}{
		{"battle won", game.Event{Kind: game.EventBattle, To: there, HasHex: true, Battle: battle(1, mine, blue)},
			fmt.Sprintf("Your army %d (Infantry 4, Cavalry 1) beat Blue's armies 31, 33 at (%s): lost 1, killed 5", w, there), true},
		{"battle lost, the player second", game.Event{Kind: game.EventBattle, To: there, HasHex: true, Battle: battle(2, blue, mine)},
			fmt.Sprintf("Your army %d (Infantry 4, Cavalry 1) lost to Blue's armies 31, 33 at (%s): lost 1, killed 5", w, there), true},
		{"battle drawn", game.Event{Kind: game.EventBattle, To: there, HasHex: true, Battle: battle(0, mine, blue)},
			fmt.Sprintf("Your army %d (Infantry 4, Cavalry 1) fought Blue's armies 31, 33 to a draw at (%s): lost 1, killed 5", w, there), true},
		{"an undefended city beats the player", game.Event{Kind: game.EventBattle, To: there, HasHex: true,
			Battle: battle(2, game.SideReport{Player: 2, Role: game.Defender, CityLevel: 2, CityUnits: game.Units{4}, CityLosses: game.Units{1}}, mine)},
			fmt.Sprintf("Your army %d (Infantry 4, Cavalry 1) lost to Blue's city at (%s): lost 1, killed 1", w, there), true},
		{"a neutral city beats the player", game.Event{Kind: game.EventBattle, To: there, HasHex: true,
			Battle: battle(0, game.SideReport{Player: 0, Role: game.Defender, Won: true, CityLevel: 1, CityUnits: game.Units{2}}, mine)},
			fmt.Sprintf("Your army %d (Infantry 4, Cavalry 1) lost to neutral city at (%s): lost 1, killed 0", w, there), true},
		{"battle seen", game.Event{Kind: game.EventBattle, To: there, HasHex: true, Battle: battle(2, blue, green)},
			fmt.Sprintf("Blue's armies 31, 33 beat Green's army 40 at (%s): Blue lost 5, Green lost 2", there), false},
		{"city captured from the player", game.Event{Kind: game.EventCapture, Player: 2, City: g.City, To: gametest.At(0, 0), HasHex: true},
			"Blue captured your city at (0,0)", true},
		{"city captured by the player", game.Event{Kind: game.EventCapture, Player: 1, City: 99, To: gametest.At(6, 4), HasHex: true},
			fmt.Sprintf("You captured the city at (%s)", gametest.At(6, 4)), true},
		{"income", game.Event{Kind: game.EventIncome, Player: 1, Amount: 7, Text: "7 from cities"},
			"You received 7 Schmuckers: 7 from cities", true},
		{"income on autopilot", game.Event{Kind: game.EventIncome, Player: 1, Text: "no orders: on autopilot no Schmuckers are generated"},
			"You received no income: no orders: on autopilot no Schmuckers are generated", true},
		{"build", game.Event{Kind: game.EventBuild, Player: 1, Text: "formed 2 Infantry in city 3, garrison army 9"},
			"You formed 2 Infantry in city 3, garrison army 9", true},
		{"another's build in sight", game.Event{Kind: game.EventBuild, Player: 2, Text: "upgraded city 8 to level 2 for 4", HasHex: true},
			"Blue upgraded city 8 to level 2 for 4", false},
		{"upkeep", game.Event{Kind: erf.EventUpkeep, Player: 1, Amount: 1, Text: "paid 1: 1 for 5 units"},
			"Upkeep: paid 1: 1 for 5 units", true},
		{"fishing", game.Event{Kind: erf.EventFishing, Player: 1, Amount: 2, Text: "fleets gone fishing: 2"},
			"Your fleets caught 2 Schmuckers (fleets gone fishing: 2)", true},
		{"fishing, one Schmucker", game.Event{Kind: erf.EventFishing, Player: 1, Amount: 1, Text: "fleets gone fishing: 1"},
			"Your fleets caught 1 Schmucker (fleets gone fishing: 1)", true},
		{"level", game.Event{Kind: erf.EventLevel, Player: 1, Army: g.W, Amount: 3},
			fmt.Sprintf("The Warlord of your army %d rose to level 3", w), true},
		{"look", game.Event{Kind: erf.EventLook, Player: 1, Text: "your Look-A-Mancer looked at player 2"},
			"Your Look-A-Mancer looked at player 2", true},
		{"a turn report shared by a Look", game.Event{Kind: game.EventReportShared, Player: 1, Amount: 2, Text: "player 2's turn report is sent to you"},
			"Blue's turn report is sent to you", true},
		{"another's upkeep, in a shared report", game.Event{Kind: erf.EventUpkeep, Player: 2, Amount: 2, Text: "paid 2: 2 for 10 units"},
			"Blue: Upkeep: paid 2: 2 for 10 units", false},
		{"another's skipped order, in a shared report", game.Event{Kind: game.EventOrderSkipped, Player: 2, Text: "upgrade city 8 skipped: not enough Schmuckers"},
			"Blue: Upgrade city 8 skipped: not enough Schmuckers", false},
		{"another's Look, in a shared report", game.Event{Kind: erf.EventLook, Player: 2, Text: "your Look-A-Mancer looked at player 3"},
			"Blue: Your Look-A-Mancer looked at player 3", false},
		{"eliminated", game.Event{Kind: game.EventEliminated, Player: 3}, "Green is out of the game", false},
		{"the player eliminated", game.Event{Kind: game.EventEliminated, Player: 1}, "You are out of the game", true},
		{"victory", game.Event{Kind: game.EventVictory, Player: 2, Text: "player 2 is the last player in the game"},
			"Blue won the game: player 2 is the last player in the game", false},
		{"retreat", game.Event{Kind: game.EventRetreat, Player: 2, Army: g.E, From: there, To: here, HasHex: true},
			fmt.Sprintf("Blue's army %d retreated from (%s) to (%s)", e, there, here), false},
		{"withdrawal of a fleet", game.Event{Kind: game.EventWithdraw, Player: 1, Army: g.F, From: there, To: here, HasHex: true},
			fmt.Sprintf("Your fleet %d withdrew from (%s) to (%s)", f, there, here), true},
		{"interception", game.Event{Kind: game.EventIntercept, Player: 2, Army: g.E, From: here, To: there, HasHex: true},
			fmt.Sprintf("Blue's army %d left its post to engage the enemy at (%s)", e, there), false},
		{"destroyed in battle", game.Event{Kind: game.EventDestroyed, Player: 2, Army: g.E, From: there, HasHex: true, Text: "destroyed in battle"},
			fmt.Sprintf("Blue's army %d was destroyed at (%s)", e, there), false},
		{"destroyed in retreat", game.Event{Kind: game.EventDestroyed, Player: 1, Army: g.W, From: there, HasHex: true, Text: "no room to retreat"},
			fmt.Sprintf("Your army %d was destroyed at (%s): no room to retreat", w, there), true},
		{"blocked", game.Event{Kind: game.EventBlocked, Player: 1, Army: g.W, From: here, To: there, Text: "enemy ahead at 1,2"},
			fmt.Sprintf("Your army %d stopped at (%s): enemy ahead at 1,2", w, here), true},
		{"order skipped", game.Event{Kind: game.EventOrderSkipped, Player: 1, Text: "order 2 (move army 12) skipped: army 12 does not exist"},
			"Order 2 (move army 12) skipped: army 12 does not exist", true},
		{"a step of a move, its order not told", game.Event{Kind: game.EventMove, Step: 1, Player: 1, Army: g.W, From: here, To: there, HasHex: true},
			fmt.Sprintf("Your army %d moved to (%s)", w, there), true},
		{"boarding", game.Event{Kind: game.EventMove, Player: 1, Army: g.W, From: here, To: there, HasHex: true, Text: fmt.Sprintf("boards army %d", f)},
			fmt.Sprintf("Your army %d boards army %d", w, f), true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			n := len(m.Log())
			ev := tt.have
			ev.Turn = 1
			m.ApplyUpdate([]game.Event{ev}, m.View())
			log := m.Log()[n:]
			if tt.want == "" {
				if len(log) != 0 {
					t.Fatalf("logged %q, want nothing", log[0].Text)
				}
				return
			}
			if len(log) != 1 {
				t.Fatalf("%d lines logged, want 1", len(log))
			}
			l := log[0]
			if l.Text != tt.want || l.Mine != tt.wantMine || l.Turn != 1 || l.HasHex != ev.HasHex || l.Battle != ev.Battle {
				t.Errorf("have %+v\nwant text %q, mine %v", l, tt.want, tt.wantMine)
			}
		})
	}
}

// TestTripTexts: every army that moved has one line for the turn: where
// it ended, how an explore or an attack ended, or where it stopped and
// why; an army that fought leaves it to the battle's line.
func TestTripTexts(t *testing.T) {
	g := newSmallGame(t)
	m := modelOf(t, g.r, g.s, 1)
	w, f, e := uint32(g.W), uint32(g.F), uint32(g.E)
	at := func(c, r int) hex.Hex { return gametest.At(c, r) }
	step := func(n int, army game.ArmyID, p game.PlayerID, from, to hex.Hex) game.Event {
		return game.Event{Kind: game.EventMove, Step: n, Player: p, Army: army, From: from, To: to, HasHex: true}
	}
	last := func(ev game.Event, o game.OrderKind, text string) game.Event {
		ev.Amount, ev.Text = int64(o), text
		return ev
	}
	fight := game.Event{Kind: game.EventBattle, Step: 2, To: at(4, 2), HasHex: true, Battle: &game.BattleReport{Hex: at(4, 2),
		Winner: 1, Sides: [2]game.SideReport{
			{Player: 1, Role: game.Attacker, Armies: []game.ArmyID{g.W}, Before: game.Units{4}, Won: true},
			{Player: 2, Role: game.Defender, Armies: []game.ArmyID{g.E}, Before: game.Units{2}, Losses: game.Units{2}}}}}
	tests := []struct {
		name string
		have []game.Event
		want []string
	}{
		{"a move", []game.Event{step(1, g.W, 1, at(2, 2), at(3, 2)), last(step(2, g.W, 1, at(3, 2), at(4, 2)), game.OrderMove, "")},
			[]string{fmt.Sprintf("Your army %d moved to (4,2)", w)}},
		{"an explore", []game.Event{step(1, g.W, 1, at(2, 2), at(3, 2)), last(step(2, g.W, 1, at(3, 2), at(4, 2)), game.OrderExplore, "")},
			[]string{fmt.Sprintf("Your army %d explored to (4,2)", w)}},
		{"an attack whose target had moved", []game.Event{step(1, g.W, 1, at(2, 2), at(3, 2)),
			last(step(2, g.W, 1, at(3, 2), at(4, 2)), game.OrderAttack, "found nobody")},
			[]string{fmt.Sprintf("Your army %d's attack found nobody at (4,2)", w)}},
		{"an attack that fought", []game.Event{step(1, g.W, 1, at(2, 2), at(3, 2)),
			last(step(2, g.W, 1, at(3, 2), at(4, 2)), game.OrderAttack, ""), fight},
			[]string{fmt.Sprintf("Your army %d (Infantry 4) beat Blue's army %d at (4,2): lost 0, killed 2", w, e)}},
		{"a move stopped short", []game.Event{last(step(1, g.W, 1, at(2, 2), at(3, 2)), game.OrderMove, ""),
			{Kind: game.EventBlocked, Step: 2, Player: 1, Army: g.W, From: at(3, 2), To: at(4, 2), Text: "enemy ahead at 4,2"}},
			[]string{fmt.Sprintf("Your army %d moved to (3,2) and stopped: enemy ahead at 4,2", w)}},
		{"a wait for room, then on", []game.Event{step(1, g.W, 1, at(2, 2), at(3, 2)),
			{Kind: game.EventBlocked, Step: 2, Player: 1, Army: g.W, From: at(3, 2), To: at(4, 2), Text: "waits: hex full"},
			last(step(3, g.W, 1, at(3, 2), at(4, 2)), game.OrderMove, "")},
			[]string{fmt.Sprintf("Your army %d moved to (4,2)", w)}},
		{"an attack that lost sight of its target", []game.Event{last(step(1, g.W, 1, at(2, 2), at(3, 2)), game.OrderAttack, ""),
			{Kind: game.EventBlocked, Step: 2, Player: 1, Army: g.W, From: at(3, 2), To: at(3, 2), Text: fmt.Sprintf("lost sight of army %d", e)}},
			[]string{fmt.Sprintf("Your army %d's attack went to (3,2) and stopped: lost sight of army %d", w, e)}},
		{"stopped before the first step", []game.Event{{Kind: game.EventBlocked, Step: 1, Player: 1, Army: g.W, From: at(2, 2), To: at(3, 2),
			Text: "the path's next hex 3,2 is Water, which it cannot enter"}},
			[]string{fmt.Sprintf("Your army %d stopped at (2,2): the path's next hex 3,2 is Water, which it cannot enter", w)}},
		{"another's army seen moving", []game.Event{step(1, g.E, 2, at(5, 2), at(4, 2)), step(2, g.E, 2, at(4, 2), at(3, 2))},
			[]string{fmt.Sprintf("Blue's army %d moved to (3,2)", e)}},
		{"an army aboard its fleet", []game.Event{last(step(1, g.F, 1, at(2, 2), at(3, 2)), game.OrderMove, ""),
			{Kind: game.EventMove, Step: 1, Player: 1, Army: g.W, From: at(2, 2), To: at(3, 2), HasHex: true, Text: fmt.Sprintf("aboard army %d", f)}},
			[]string{fmt.Sprintf("Your fleet %d moved to (3,2)", f)}},
		{"two armies, one line each, in the order they first moved", []game.Event{step(1, g.E, 2, at(5, 2), at(4, 2)),
			step(1, g.W, 1, at(2, 2), at(3, 2)), last(step(2, g.W, 1, at(3, 2), at(3, 3)), game.OrderMove, "")},
			[]string{fmt.Sprintf("Blue's army %d moved to (4,2)", e), fmt.Sprintf("Your army %d moved to (3,3)", w)}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			n := len(m.Log())
			for i := range tt.have {
				tt.have[i].Turn = 1
			}
			m.ApplyUpdate(tt.have, m.View())
			var have []string
			for _, l := range m.Log()[n:] {
				have = append(have, l.Text)
			}
			if !reflect.DeepEqual(have, tt.want) {
				t.Errorf("have %q\nwant %q", have, tt.want)
			}
		})
	}
}

func TestAnimation(t *testing.T) {
	g := newSmallGame(t)
	m := modelOf(t, g.r, g.s, 1)
	a, b, c := gametest.At(1, 1), gametest.At(2, 1), gametest.At(3, 1)
	ev := []game.Event{
		{Kind: game.EventIncome, Player: 1, Amount: 7},
		{Kind: game.EventMove, Player: 1, Army: 5, From: a, To: b, HasHex: true, Text: "boards army 6"},
		{Kind: game.EventBlocked, Step: 1, Player: 1, Army: 7, From: a, To: b},
		{Kind: game.EventMove, Step: 1, Player: 1, Army: 6, From: a, To: b, HasHex: true},
		{Kind: game.EventMove, Step: 1, Player: 2, Army: 9, From: c, To: b, HasHex: true},
		{Kind: game.EventBattle, Step: 1, To: b, HasHex: true, Battle: &game.BattleReport{Hex: b}},
		{Kind: game.EventDestroyed, Step: 1, Player: 2, Army: 9, From: b, HasHex: true},
		{Kind: game.EventRetreat, Step: 1, Player: 1, Army: 6, From: b, To: a, HasHex: true},
		{Kind: game.EventWithdraw, Step: 2, Player: 2, Army: 10, From: c, To: b, HasHex: true},
		{Kind: game.EventCapture, Player: 2, City: 3, From: c, To: c, HasHex: true},
		{Kind: game.EventMove, Player: 1, Army: 5, From: b, To: c, HasHex: true, Text: "lands from army 6"},
	}
	m.ApplyUpdate(ev, m.View())
	want := []model.StepFrame{
		{Step: 0, Moves: []model.Move{{Army: 5, Owner: 1, From: a, To: b, Kind: game.EventMove}}},
		{Step: 1, Moves: []model.Move{
			{Army: 6, Owner: 1, From: a, To: b, Kind: game.EventMove},
			{Army: 9, Owner: 2, From: c, To: b, Kind: game.EventMove},
			{Army: 6, Owner: 1, From: b, To: a, Kind: game.EventRetreat},
		}, Battles: []hex.Hex{b}},
		{Step: 2, Moves: []model.Move{{Army: 10, Owner: 2, From: c, To: b, Kind: game.EventWithdraw}}},
		{Step: 0, Moves: []model.Move{{Army: 5, Owner: 1, From: b, To: c, Kind: game.EventMove}}},
	}
	if have := m.Animation(); !reflect.DeepEqual(have, want) {
		t.Errorf("animation:\nhave %+v\nwant %+v", have, want)
	}
	m.ApplyUpdate(nil, m.View())
	if have := m.Animation(); have != nil {
		t.Errorf("a turn without moves keeps the animation %+v", have)
	}
}

func TestDescribe(t *testing.T) {
	g := newSmallGame(t)
	// Red remembers Blue's army 77 and city 78 at 5,0, out of sight now.
	remembered := gametest.At(5, 0)
	mem := &g.s.Memory[0]
	mem.Armies = append(mem.Armies, game.Sighting{Army: 77, Owner: 2, Hex: remembered, Units: game.Units{2, 0, 1}, Characters: 1, Turn: 1})
	mem.Cities = append(mem.Cities, game.CitySighting{City: 78, Owner: 2, Hex: remembered, Level: 2, Turn: 1})
	g.s.Turn = 3
	m := modelOf(t, g.r, g.s, 1)
	w, e := uint32(g.W), uint32(g.E)
	tests := []struct {
		name string
		hex  hex.Hex
		want []string
	}{
		{"unexplored", gametest.At(6, 1), []string{fmt.Sprintf("Unexplored (%s)", gametest.At(6, 1))}},
		{"own army in sight", gametest.At(2, 2), []string{
			fmt.Sprintf("Open (%s), in sight", gametest.At(2, 2)),
			fmt.Sprintf("Your army %d: Infantry 2; level 1 Warlord", w)}},
		{"enemy in sight", gametest.At(2, 3), []string{
			fmt.Sprintf("Open (%s), in sight", gametest.At(2, 3)),
			fmt.Sprintf("Blue's army %d: Infantry 3", e)}},
		{"remembered", remembered, []string{
			fmt.Sprintf("Open (%s), out of sight", remembered),
			"Blue's city 78, level 2, as last seen on turn 1",
			"Blue's army 77: Infantry 2, Flyers 1; 1 character; last seen on turn 1"}},
		{"explored, out of sight, empty", gametest.At(5, 1), []string{fmt.Sprintf("Woods (%s), out of sight", gametest.At(5, 1))}},
		{"own Capital", gametest.At(0, 4), []string{
			fmt.Sprintf("Open (%s), in sight", gametest.At(0, 4)),
			fmt.Sprintf("Your Capital %d, level 5", uint32(g.Capital))}},
		{"off the map", gametest.At(7, 0), nil},
	}
	for _, tt := range tests {
		if have := m.Describe(tt.hex); !reflect.DeepEqual(have, tt.want) {
			t.Errorf("%s:\nhave %q\nwant %q", tt.name, have, tt.want)
		}
	}
}

// TestEventTextsThirdPerson checks that a log watched through a player's
// eyes (a replay) names that player instead of saying "you": the watcher
// is not that player.
func TestEventTextsThirdPerson(t *testing.T) {
	g := newSmallGame(t)
	m := modelOf(t, g.r, g.s, 1)
	m.SetThirdPerson(true)
	me := m.PlayerName(1)
	there := gametest.At(3, 2)
	tests := []struct {
		have game.Event
		want string
	}{
		{game.Event{Kind: game.EventIncome, Player: 1, Amount: 7}, me + " received 7 Schmuckers"},
		{game.Event{Kind: game.EventBlocked, Player: 1, Army: g.W, From: there, Text: "enemy ahead at 1,2"},
			fmt.Sprintf("%s's army %d stopped at (%s): enemy ahead at 1,2", me, g.W, there)},
		{game.Event{Kind: erf.EventUpkeep, Player: 1, Amount: 1, Text: "paid 1"}, me + ": Upkeep: paid 1"},
		{game.Event{Kind: game.EventEliminated, Player: 1}, me + " is out of the game"},
	}
	for _, tt := range tests {
		n := len(m.Log())
		ev := tt.have
		ev.Turn = 1
		m.ApplyUpdate([]game.Event{ev}, m.View())
		if log := m.Log()[n:]; len(log) != 1 || log[0].Text != tt.want {
			t.Errorf("%v: logged %+v, want %q", ev.Kind, log, tt.want)
		}
	}
}
