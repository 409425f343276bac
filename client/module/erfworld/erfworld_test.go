package erfworld

import (
	"bytes"
	"reflect"
	"strings"
	"testing"

	"empires/client/model"
	"empires/shared/game"
	"empires/shared/hex"
	erf "empires/shared/rules/erfworld"
	"empires/shared/ruleset"
)

// TestChoiceGroup checks which choices share a row of small buttons.
func TestChoiceGroup(t *testing.T) {
	tests := []struct {
		have      game.Order
		key, want string
	}{
		{game.Order{Kind: game.OrderStance, Stance: game.Withdraw, Dir: 1}, "Withdraw to", hex.Direction(1).String()},
		{game.Order{Kind: game.OrderStance, Stance: game.Intercept}, "", ""},
		{game.Order{Kind: game.OrderExplore, Dir: 3}, "Explore", hex.Direction(3).String()},
		{game.Order{Kind: erf.OrderScout, Dir: 0}, "Scout", hex.Direction(0).String()},
		{game.Order{Kind: erf.OrderWarlord, Level: 4}, "Warlord level", "4"},
		{game.Order{Kind: erf.OrderUpgrade}, "", ""},
	}
	for _, tt := range tests {
		key, short := Game{}.Group(model.Choice{Order: tt.have})
		if key != tt.key || short != tt.want {
			t.Errorf("Group(%+v) = %q, %q; want %q, %q", tt.have, key, short, tt.key, tt.want)
		}
	}
}

// notHex is a ruleset that is not on the hex engine.
type notHex struct{ ruleset.Ruleset }

// TestOpen: the module shows the build's erfworld and a mod of it, and
// refuses a ruleset that is not erfworld on hexes.
func TestOpen(t *testing.T) {
	rs := hexRuleset(t)
	g, err := Module{}.Open(rs)
	if err != nil {
		t.Fatal(err)
	}
	if g.Rules().Currency() != "Schmuckers" || len(g.Style().Terrain) == 0 || g.Help().Title == "" {
		t.Errorf("the game of the build's erfworld: currency %q, %d terrains, help %q", g.Rules().Currency(), len(g.Style().Terrain), g.Help().Title)
	}
	mod, err := rs.WithData(bytes.Replace(rs.Data(), []byte(`currency = "Schmuckers"`), []byte(`currency = "Crowns"`), 1))
	if err != nil {
		t.Fatal(err)
	}
	if g, err := (Module{}).Open(mod); err != nil || g.Rules().Currency() != "Crowns" {
		t.Errorf("a mod's game: %v; want its currency", err)
	}
	if _, err := (Module{}).Open(notHex{}); err == nil || !strings.Contains(err.Error(), "hex games") {
		t.Errorf("Open of a ruleset not on hexes: %v, want it refused", err)
	}
}

// TestPanel: the side panel tells an army's units, Warlord with its
// upkeep and standing order, and a city's armies.
func TestPanel(t *testing.T) {
	sg := newSmallGame(t)
	m := modelOf(t, sg.r, sg.s, 1)
	g := Game{R: Rules{Rules: sg.r}}
	army := g.Panel(m, model.Selection{Active: true, Army: sg.W})
	want := []string{"Infantry 2", "Level 1 Warlord, upkeep 1 a turn", "Stance: Defend"}
	if !reflect.DeepEqual(army, want) {
		t.Errorf("army panel %q, want %q", army, want)
	}
	if lines := g.Panel(m, model.Selection{Active: true, City: sg.Capital}); lines != nil {
		t.Errorf("the panel of a city with no army: %q", lines)
	}
	if lines := g.Panel(m, model.Selection{Active: true, Army: sg.E}); lines != nil {
		t.Errorf("the panel of another's army: %q", lines)
	}
}

// TestMark: Warlords are badged with their level, Casters counted, other
// characters not at all.
func TestMark(t *testing.T) {
	tests := []struct {
		have   game.Character
		leader int32
		caster bool
	}{
		{game.Character{Kind: erf.CharWarlord, Level: 3}, 3, false},
		{game.Character{Kind: erf.CharWarlord}, 1, false},
		{game.Character{Kind: erf.CharCaster}, 0, true},
		{game.Character{Kind: 99}, 0, false},
	}
	for _, tt := range tests {
		if leader, caster := Mark(tt.have); leader != tt.leader || caster != tt.caster {
			t.Errorf("Mark(%+v) = %d, %v; want %d, %v", tt.have, leader, caster, tt.leader, tt.caster)
		}
	}
}

// TestSuggest: a Capital pops a Warlord when it may; a Warlord without
// units takes a garrison's; an army with units gets nothing.
func TestSuggest(t *testing.T) {
	sg := newSmallGame(t)
	sg.s.Player(1).Treasury = 100
	m := modelOf(t, sg.r, sg.s, 1)
	g := Game{R: Rules{Rules: sg.r}}
	ch, ok := g.Suggest(m, model.Selection{Active: true, City: sg.Capital})
	if !ok || ch.Order.Kind != erf.OrderWarlord || ch.Reason != "" {
		t.Errorf("Suggest for the Capital = %+v, %v; want a Warlord", ch, ok)
	}
	if _, ok := g.Suggest(m, model.Selection{Active: true, Army: sg.W}); ok {
		t.Error("Suggest for an army with units: a choice")
	}
}
