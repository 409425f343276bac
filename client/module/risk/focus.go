package risk

import (
	"cmp"
	"fmt"
	"math"
	"slices"

	"github.com/hajimehoshi/ebiten/v2"

	"empires/shared/rules/risk/board"
)

// The keyboard's way through the map: a focus, the territory the keys
// point at, moved by Tab and Shift+Tab through the territories a click
// acts on now (all of them when none does) and by the arrows to the
// neighbour in their direction (neighbourToward), and acted on by Enter as a
// click would. The territories go in tabOrder: continent by continent,
// each from the top left, as a player reads the map.

// tabOrder returns the territories of b in the order Tab visits them:
// the continents in the board's order, and in each its territories by
// their badge's cell (board.Centre), top to bottom, then left to right.
func tabOrder(b *board.Board) []board.TerritoryID {
	type place struct {
		t          board.TerritoryID
		cont, y, x int
	}
	ps := make([]place, 0, len(b.Territories))
	for _, tt := range b.Territories {
		x, y, _ := b.Centre(tt.ID)
		ps = append(ps, place{t: tt.ID, cont: int(tt.Continent), y: y, x: x})
	}
	slices.SortFunc(ps, func(a, b place) int {
		return cmp.Or(cmp.Compare(a.cont, b.cont), cmp.Compare(a.y, b.y), cmp.Compare(a.x, b.x), cmp.Compare(a.t, b.t))
	})
	out := make([]board.TerritoryID, len(ps))
	for i, p := range ps {
		out[i] = p.t
	}
	return out
}

// Focus returns the territory the keys point at, 0 for none.
func (m *Model) Focus() board.TerritoryID { return m.focus }

// SetFocus points the keys at territory t (0: none; an unknown t is
// none).
func (m *Model) SetFocus(t board.TerritoryID) {
	if m.b.Territory(t) == nil {
		t = 0
	}
	if t != m.focus {
		m.focus = t
		m.version++
	}
}

// FocusNext moves the focus to the next territory (back: the one before)
// in Tab order among those a click acts on now (Targets), or among all
// when none does; from none it goes to the first (back: the last).
func (m *Model) FocusNext(back bool) {
	if len(m.order) == 0 {
		return
	}
	ts := m.Targets()
	in := func(t board.TerritoryID) bool { return len(ts) == 0 || slices.Contains(ts, t) }
	n := len(m.order)
	at := slices.Index(m.order, m.focus) // -1 for none: the walk starts at an end
	step := 1
	if back {
		step = -1
		if at < 0 {
			at = n
		}
	}
	for range n {
		at = ((at+step)%n + n) % n
		if in(m.order[at]) {
			m.SetFocus(m.order[at])
			return
		}
	}
}

// Enter is the Enter key: on a focus that a click acts on, other than
// the territories chosen, it does what a click there does (placing, the
// count set: Count); else it does what the step goes on with: roll, move
// in, make the free move. With no focus in a step of clicks on the map
// it says how to choose one. (Shift+Enter is the shell's: to place every
// army left, Shift+] sets the count to them all.)
func (m *Model) Enter() Result {
	f := m.focus
	if f != 0 && f != m.sel && f != m.target && slices.Contains(m.Targets(), f) {
		return m.ClickTerritory(f, false)
	}
	switch mv := m.Move(); mv {
	case MoveAttack:
		if m.sel != 0 && m.target != 0 {
			return m.Roll()
		}
		return Result{Notice: "Press Tab to the territory to attack from, Enter, then Tab to the one to attack and Enter"}
	case MoveOccupy:
		return m.MoveIn()
	case MoveFree:
		if m.sel != 0 && m.target != 0 {
			return m.FreeMove()
		}
		return Result{Notice: "Press Tab to the territory to move from, Enter, then Tab to where the armies go and Enter"}
	case MoveClaim, MoveDeploy, MovePlace, MoveReinforce, MoveBuild, MovePlague, MoveDisaster:
		if why := m.busy(); why != "" {
			return Result{Notice: why}
		}
		if mv == MoveDisaster && !m.RiotsAsked() {
			return Result{Notice: "Resolve your Disasters: press Resolve (E)"}
		}
		return Result{Notice: fmt.Sprintf("Press Tab to a ringed territory, then Enter to %s", clickWord[mv])}
	}
	if why := m.busy(); why != "" {
		return Result{Notice: why}
	}
	return Result{}
}

// clickWord says what Enter on a territory does in a step of clicks.
var clickWord = map[Move]string{
	MoveClaim: "claim it", MoveDeploy: "place an army on it", MovePlace: "place armies on it (Shift+]: all of them)",
	MoveReinforce: "place armies on it", MoveBuild: "build a city on it", MovePlague: "choose it for the plague",
	MoveDisaster: "add it to the riots' order",
}

// CountKey sets the step's count from a number key n (0 counts as 10):
// the armies a click places, or the armies that move in or move. It
// reports false in a step without a count (the attacks' number keys
// choose the dice).
func (m *Model) CountKey(n int) bool {
	if n == 0 {
		n = 10
	}
	switch m.Move() {
	case MovePlace, MoveReinforce:
		m.SetCount(n)
	case MoveOccupy, MoveFree:
		m.SetMoveCount(n)
	default:
		return false
	}
	return true
}

// StepCount moves the step's count by d ([ and ]), or to its end (all:
// Shift+[ the least, Shift+] the most): the armies a click places, the
// armies that move in or move, the armies an attack pressed on stops at.
func (m *Model) StepCount(d int, all bool) {
	switch m.Move() {
	case MovePlace, MoveReinforce:
		n := m.Count() + d
		if all {
			n = map[bool]int{true: m.Reserve(), false: 1}[d > 0]
		}
		m.SetCount(n)
	case MoveOccupy, MoveFree:
		least, most := m.MoveRange()
		n := m.MoveCount() + d
		if all {
			n = map[bool]int{true: most, false: least}[d > 0]
		}
		m.SetMoveCount(n)
	case MoveAttack:
		n := m.until + d
		if all {
			n = 1
			if d > 0 && m.sel != 0 {
				n = m.at(m.sel).Armies - 1
			}
		}
		m.SetUntil(n)
	}
}

// Escape is the Esc key: it drops the choice (Deselect); with nothing
// chosen, the focus.
func (m *Model) Escape() {
	if m.sel == 0 && m.target == 0 && m.mode == ModeAttack && !m.auto && len(m.riots) == 0 {
		m.SetFocus(0)
	}
	m.Deselect()
}

// TakesKey reports whether the screen acts on key k (Enter) this frame,
// rather than the shell: always, for a game played one action at a time
// has no turn for the shell's End turn to end; Enter acts on the focus or
// the territories chosen.
func (s *Screen) TakesKey(k ebiten.Key) bool {
	return k == ebiten.KeyEnter || k == ebiten.KeyNumpadEnter
}

// arrowDirs are the arrow keys, by the direction on screen they move the
// focus in (y grows down).
var arrowDirs = []struct {
	key    ebiten.Key
	dx, dy float64
}{
	{ebiten.KeyArrowLeft, -1, 0},
	{ebiten.KeyArrowRight, 1, 0},
	{ebiten.KeyArrowUp, 0, -1},
	{ebiten.KeyArrowDown, 0, 1},
}

// neighbourToward returns the territory an arrow going (dx, dy) on
// screen (a unit step: (1, 0) right, (0, -1) up) moves the focus to from
// territory from: of its neighbours (board.Neighbours) those whose
// centre, at(t), lies in the 90-degree cone around the direction (45
// degrees either side), the nearest, ties to the lower ID; 0 when no
// neighbour lies that way.
func neighbourToward(b *board.Board, from board.TerritoryID, dx, dy float64, at func(board.TerritoryID) (x, y float64, ok bool)) board.TerritoryID {
	fx, fy, ok := at(from)
	if !ok {
		return 0
	}
	best, bestD := board.TerritoryID(0), 0.0
	for _, t := range b.Neighbours(from) {
		x, y, ok := at(t)
		if !ok {
			continue
		}
		vx, vy := x-fx, y-fy
		along, across := vx*dx+vy*dy, vx*dy-vy*dx
		if along <= 0 || math.Abs(across) > along {
			continue // outside the cone
		}
		if d := vx*vx + vy*vy; best == 0 || d < bestD || d == bestD && t < best {
			best, bestD = t, d
		}
	}
	return best
}
