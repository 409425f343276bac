package erfworld

import (
	"testing"

	"empires/shared/game"
	"empires/shared/hex"
)

// "If a Player does not send in orders on time, the GM will run the turn
// on autopilot. ... No Characters may perform any actions." In battle the
// characters of a side on autopilot add no Warlord points and no Caster
// effect (Heal, Croak, Cancel); each case is fought twice, with the side's
// player sending orders (active) and on autopilot (idle). A Warlord still
// gains its level when its side wins (CHOICE: a level is won, not an
// action).
func TestAutopilotCharactersDoNothingInBattle(t *testing.T) {
	base := cbRules(t, nil)
	U := func(i, c, f, s int32) game.Units { return cbUnits(t, base, i, c, f, s) }
	none := game.Units(nil)
	tests := []struct {
		rule         string
		idle         game.PlayerID // the player on autopilot in the idle run
		def, att     []cbArmy
		rolls        []int
		active, want [2]game.Units // losses of each side's (one) army: active run, idle run
		gains        [2]game.Units // the attacker's gains: active, idle
		level        int32         // the defender's Warlord level after both runs (0: unchecked)
	}{
		{rule: "a Warlord on autopilot raises no die (3 points would make a 1 a 4)", idle: 1,
			def: []cbArmy{{units: U(0, 0, 0, 1), chars: []string{"W3"}}}, att: []cbArmy{{units: U(0, 0, 0, 1)}},
			rolls: []int{1, 1}, active: [2]game.Units{none, U(0, 0, 0, 1)}, want: [2]game.Units{none, none}, level: 4},
		{rule: "a Heal-A-Mancer on autopilot heals nothing", idle: 1,
			def: []cbArmy{{units: U(0, 0, 0, 3), chars: []string{"heal"}}}, att: []cbArmy{{units: U(0, 0, 0, 3)}},
			rolls: []int{1, 1, 1, 4, 4, 4}, active: [2]game.Units{U(0, 0, 0, 1), none}, want: [2]game.Units{U(0, 0, 0, 3), none}},
		{rule: "a Croak-A-Mancer on autopilot uncroaks nothing", idle: 2,
			def: []cbArmy{{units: U(0, 0, 1, 2)}}, att: []cbArmy{{units: U(2, 0, 0, 0), chars: []string{"W1", "croak"}}},
			rolls: []int{1, 1, 1, 6, 6}, active: [2]game.Units{U(0, 0, 1, 2), none}, want: [2]game.Units{U(0, 0, 1, 2), none},
			gains: [2]game.Units{U(0, 0, 1, 0), none}},
		{rule: "a Cancel-A-Mancer on autopilot cancels nothing: the enemy's Heal-A-Mancer works", idle: 2,
			def: []cbArmy{{units: U(0, 0, 0, 4), chars: []string{"heal"}}}, att: []cbArmy{{units: U(0, 0, 0, 2), chars: []string{"cancel"}}},
			rolls: []int{1, 1, 1, 1, 6, 6}, active: [2]game.Units{U(0, 0, 0, 4), none}, want: [2]game.Units{U(0, 0, 0, 2), none}},
	}
	for _, tt := range tests {
		t.Run(tt.rule, func(t *testing.T) {
			for run, idle := range []bool{false, true} {
				r := cbRules(t, nil)
				s := cbState(t, r, cbOpen)
				if idle {
					setStock(s.Player(tt.idle), StockMissed, 1)
				}
				b := cbBattle(t, r, s, tt.def, tt.att, 0, tt.rolls)
				r.Battle(s, b)
				want := [2][2]game.Units{tt.active, tt.want}[run]
				for i := range b.Sides {
					if !cbEqualUnits(b.Sides[i].Losses[0], want[i]) {
						t.Errorf("idle %v: side %d lost %v, want %v", idle, i, b.Sides[i].Losses[0], want[i])
					}
				}
				var gains game.Units
				for _, g := range b.Sides[1].Gains {
					gains = gains.Add(g)
				}
				if !cbEqualUnits(gains, tt.gains[run]) {
					t.Errorf("idle %v: the attacker gained %v, want %v", idle, gains, tt.gains[run])
				}
				if tt.level != 0 {
					if lv := cbWarlordLevel(s, b.Sides[0].Armies[0]); lv != tt.level {
						t.Errorf("idle %v: the defender's Warlord is level %d, want %d", idle, lv, tt.level)
					}
				}
			}
		})
	}
}

// "No Characters may perform any actions": a Fool-A-Mancer whose player is
// on autopilot neither hides its side from a Look nor reports who looked
// (CHOICE: both are its actions).
func TestAutopilotFoolDoesNothing(t *testing.T) {
	for _, idle := range []bool{false, true} {
		w := newArmyWorld(t, 1, 2, victoryRows...)
		w.r.D.Caster.Fool.LookBlockPercent = 100
		w.city(1, w.at(0, 0), true)
		w.city(2, w.at(9, 5), true)
		w.army(1, w.at(0, 0), w.units(1, 0, 0, 0), w.caster(CasterLook))
		w.army(2, w.at(9, 5), w.units(1, 0, 0, 0), w.caster(CasterFool))
		var auto []game.PlayerID
		if idle {
			auto = []game.PlayerID{2}
		}
		ev := w.turnOK(map[game.PlayerID][]game.Order{1: {{Kind: OrderLook, Player: 2}}}, auto...)
		looked := stock(w.s.Player(1), StockLook) == 2
		reported := len(kindEvents(ev, EventLook, 2)) > 0
		if looked != idle || reported == idle {
			t.Errorf("player 2 on autopilot %v: the Look went through %v, the Fool-A-Mancer reported %v; want %v and %v",
				idle, looked, reported, idle, !idle)
		}
	}
}

// "No Characters may perform any actions": were a player on autopilot to
// get income (autopilot.income = true), its Econ-A-Mancer would still bring
// nothing.
func TestAutopilotEconDoesNothing(t *testing.T) {
	for _, idle := range []bool{false, true} {
		w := newArmyWorld(t, 1, 2, victoryRows...)
		w.r.D.Autopilot.Income = true
		w.r.D.Autopilot.Upkeep = true
		capital := w.city(1, w.at(0, 0), true)
		w.army(1, w.at(0, 0), nil, w.caster(CasterEcon))
		var auto []game.PlayerID
		if idle {
			auto = []game.PlayerID{1}
		}
		ev := w.turnOK(nil, auto...)
		inc := kindEvents(ev, game.EventIncome, 1)
		want := int64(w.r.D.Income(int(w.s.City(capital).Level)))
		if !idle {
			want += int64(w.r.D.Caster.Econ.Income)
		}
		if len(inc) != 1 || inc[0].Amount != want {
			t.Errorf("autopilot %v: income %+v, want %d", idle, inc, want)
		}
	}
}

// A whole turn: the player who sent no orders is on autopilot by the time
// its army is attacked, so its Warlord adds no points ("No Characters may
// perform any actions") and the battle report says so.
func TestAutopilotWarlordIdleInTurn(t *testing.T) {
	for _, idle := range []bool{false, true} {
		w := newArmyWorld(t, 1, 2, victoryRows...)
		w.city(1, w.at(0, 0), true)
		w.city(2, w.at(9, 5), true)
		w.army(1, w.at(4, 2), w.units(3, 0, 0, 0), game.Character{ID: game.CharacterID(w.s.NewID()), Kind: CharWarlord, Level: 9})
		att := w.led(2, w.at(5, 2), w.units(3, 0, 0, 0))
		var auto []game.PlayerID
		if idle {
			auto = []game.PlayerID{1}
		}
		ev := w.turnOK(map[game.PlayerID][]game.Order{2: {{Kind: game.OrderAttack, Army: att, Path: []hex.Hex{w.at(4, 2)}}}}, auto...)
		bs := battles(ev)
		if len(bs) != 1 {
			t.Fatalf("autopilot %v: %d battles, want 1", idle, len(bs))
		}
		def := bs[0].Sides[0]
		wantPoints, wantEffect := int32(9), game.EffectApplied
		if idle {
			wantPoints, wantEffect = 0, game.EffectIdle
		}
		if def.Points != wantPoints || len(def.Characters) != 1 ||
			(def.Characters[0].Effect != wantEffect && !(def.Characters[0].Effect == game.EffectUnused && !idle)) {
			t.Errorf("autopilot %v: defender's points %d, characters %+v; want %d points, the Warlord %d", idle, def.Points, def.Characters, wantPoints, wantEffect)
		}
	}
}
