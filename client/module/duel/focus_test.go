package duel

import (
	"image"
	"image/color"
	"slices"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"empires/client/kit"
	"empires/client/module"
	rules "empires/shared/rules/duel"
	"empires/shared/ruleset"
)

// press gives the table a frame in which keys went down (Shift held
// with shift), the keyboard the table's.
func press(tg *testGame, shift bool, keys ...ebiten.Key) {
	f := kit.Frame{KeysPressed: keys, Keys: slices.Clone(keys)}
	if shift {
		f.Keys = append(f.Keys, ebiten.KeyShift)
	}
	tg.s.Update(module.Input{Frame: f, Map: tg.host.MapRect(), Keys: true, Orders: true})
}

// TestKeysChoose plays the offering and an attack of a game of three with
// keys only (rules 3, 5): → and ← lay the card after or before the one
// laid, round the hand; Tab and Shift+Tab go round the players to attack;
// → chooses the card to attack with; Enter attacks.
func TestKeysChoose(t *testing.T) {
	tg := newTestGame(t, 1, 3, "Ann", "Bob", "Cid")
	m := tg.m()
	h := m.Hand()
	if len(h) < 3 {
		t.Fatalf("a hand of %d", len(h))
	}
	for _, tc := range []struct {
		name  string
		shift bool
		have  ebiten.Key
		want  rules.Card
	}{
		{"→ from none", false, ebiten.KeyArrowRight, h[0]},
		{"→", false, ebiten.KeyArrowRight, h[1]},
		{"←", false, ebiten.KeyArrowLeft, h[0]},
		{"← round the hand", false, ebiten.KeyArrowLeft, h[len(h)-1]},
	} {
		press(tg, tc.shift, tc.have)
		if got := m.Offer(); got != tc.want {
			t.Errorf("offering, %s: laid %v, want %v", tc.name, got, tc.want)
		}
	}
	if tg.s.TakesKey(ebiten.KeyEnter) {
		t.Error("in the offering the table takes Enter, the shell's End turn")
	}
	tg.offer()
	if m.Move() != MoveAttack {
		t.Fatalf("after the offering Ann's move is %v, want the attack", m.Move())
	}
	if !tg.s.TakesKey(ebiten.KeyEnter) {
		t.Error("in the attack turn the table leaves Enter to the shell")
	}
	for _, tc := range []struct {
		name  string
		shift bool
		want  ruleset.Seat
	}{
		{"Tab", false, 2},
		{"Tab", false, 3},
		{"Tab round the table", false, 2},
		{"Shift+Tab round the table", true, 3},
		{"Shift+Tab", true, 2},
	} {
		press(tg, tc.shift, ebiten.KeyTab)
		if got := m.Target(); got != tc.want {
			t.Errorf("attack, %s: the target is %d, want %d", tc.name, got, tc.want)
		}
	}
	press(tg, false, ebiten.KeyArrowRight)
	c := m.Chosen()
	if c != m.Hand()[0] {
		t.Errorf("→ from none chose %v, want the first card, %v", c, m.Hand()[0])
	}
	if !tg.s.keyed {
		t.Error("the keys chose, and the focus ring is not shown")
	}
	press(tg, false, ebiten.KeyEnter)
	if a := tg.sent(); a.Kind != rules.ActAttack || a.Target != 2 || a.Card != c {
		t.Errorf("Enter sent %+v, want an attack on Bob with %v", a, c)
	}
}

// TestKeysBlock: attacked, → goes round the cards that block only, and
// Enter blocks with the one chosen (rule 6).
func TestKeysBlock(t *testing.T) {
	tg := newTestGame(t, 1, 3, "Ann", "Bob")
	attackedBy(tg, blockable)
	m := tg.m()
	if m.Move() != MoveDefend {
		t.Fatalf("Ann's move is %v, want the defence", m.Move())
	}
	bs := m.Blockers()
	press(tg, false, ebiten.KeyArrowRight)
	if c := m.Chosen(); !slices.Contains(bs, c) {
		t.Fatalf("→ chose %v, which does not block (the blockers: %v)", c, bs)
	}
	c := m.Chosen()
	press(tg, false, ebiten.KeyEnter)
	if a := tg.sent(); a.Kind != rules.ActBlock || a.Card != c {
		t.Errorf("Enter sent %+v, want a block with %v", a, c)
	}
}

// TestDrawFocus draws the attack turn chosen by keys at 1024x768 and
// 1920x1080: the card and the target Tab and → chose are ringed in the
// theme's focus colour.
func TestDrawFocus(t *testing.T) {
	for _, size := range [][2]int{{1024, 768}, {1920, 1080}} {
		sh := shellOf(size[0], size[1])
		tg := newTestGame(t, 1, 3, "Ann", "Bob", "Cid")
		tg.host.mapR = sh.mapR
		tg.offer()
		tg.s.Update(sh.input(image.Pt(5, 50), false))
		tg.s.Update(sh.input(image.Pt(5, 50), false, ebiten.KeyTab))
		tg.s.Update(sh.input(image.Pt(5, 50), false, ebiten.KeyArrowRight))
		img := render(t, tg.s, sh, image.Pt(5, 50), 2)
		saveShot(t, img, "duel-focus-"+itoa(size[0])+"x"+itoa(size[1])+".png")
		fc := tg.host.theme.Palette().Focus
		c := color.RGBA{fc.R, fc.G, fc.B, 255}
		i := tg.m().ChosenIndex()
		if i < 0 {
			t.Fatal("→ chose no card")
		}
		card := tg.s.lay.HandCard(i, true, false)
		if n := count(img, card.Inset(-9), c, 16); n < card.Dx()+card.Dy() {
			t.Errorf("%dx%d: %d pixels of the focus colour around the card chosen, want a ring", size[0], size[1], n)
		}
		for _, sb := range tg.s.lay.Places {
			if sb.Seat != tg.m().Target() {
				continue
			}
			if n := count(img, sb.Box.Inset(-9), c, 16); n < sb.Box.Dx()+sb.Box.Dy() {
				t.Errorf("%dx%d: %d pixels of the focus colour around the target's place, want a ring", size[0], size[1], n)
			}
		}
	}
}
