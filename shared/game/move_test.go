package game_test

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"

	"empires/shared/game"
	"empires/shared/game/gametest"
	"empires/shared/hex"
)

// mvRules is the test ruleset with a battle that needs no luck: the side with
// more units wins (the defender on a tie), each army of the losing side
// loses one unit and the winners lose nothing. It logs whether each battle
// was fought on an edge.
type mvRules struct {
	*gametest.Rules
	edges []bool
	// draw makes every battle a draw with no losses.
	draw bool
	// blind makes armies see their own hex only.
	blind bool
}

func newMvRules() *mvRules { return &mvRules{Rules: gametest.New()} }

// Sight is the test ruleset's, or 0 when the armies are blind.
func (r *mvRules) Sight(s *game.State, a *game.Army) int {
	if r.blind {
		return 0
	}
	return r.Rules.Sight(s, a)
}

func (r *mvRules) Battle(s *game.State, b *game.Battle) {
	r.edges = append(r.edges, b.Edge)
	if r.draw {
		b.Winner = -1
		return
	}
	var n [2]int
	for k := range b.Sides {
		for _, id := range b.Sides[k].Armies {
			n[k] += s.Army(id).Strength()
		}
	}
	switch {
	case n[0] > n[1]:
		b.Winner = 0
	case n[1] > n[0]:
		b.Winner = 1
	case b.Sides[0].Role == game.Defender:
		b.Winner = 0
	default:
		b.Winner = 1
	}
	for k := range b.Sides {
		b.Sides[k].Losses = make([]game.Units, len(b.Sides[k].Armies))
		for a := range b.Sides[k].Losses {
			if k != b.Winner {
				b.Sides[k].Losses[a] = game.Units{1}
			}
		}
	}
}

// Orders.

func mvMove(id game.ArmyID, path string) game.Order {
	return game.Order{Kind: game.OrderMove, Army: id, Path: gametest.Path(path)}
}

func mvAttackPath(id game.ArmyID, path string) game.Order {
	return game.Order{Kind: game.OrderAttack, Army: id, Path: gametest.Path(path)}
}

func mvAttack(id, target game.ArmyID) game.Order {
	return game.Order{Kind: game.OrderAttack, Army: id, Target: target}
}

func mvFollow(id, target game.ArmyID) game.Order {
	return game.Order{Kind: game.OrderFollow, Army: id, Target: target}
}

func mvExplore(id game.ArmyID, d hex.Direction) game.Order {
	return game.Order{Kind: game.OrderExplore, Army: id, Dir: d}
}

func mvStance(id game.ArmyID, k game.StanceKind, d hex.Direction) game.Order {
	return game.Order{Kind: game.OrderStance, Army: id, Stance: k, Dir: d}
}

// mvRun moves with the orders, each given by the owner of its army, and
// returns the events.
func mvRun(t *testing.T, s *game.State, rs game.Ruleset, orders ...game.Order) *game.Events {
	t.Helper()
	ev := &game.Events{}
	game.Move(s, rs, mvByOwner(s, orders), ev)
	if t.Failed() {
		return ev
	}
	t.Cleanup(func() {
		if t.Failed() {
			t.Logf("events:\n%s", mvDump(ev))
		}
	})
	return ev
}

// mvByOwner groups orders by the owner of their army, in player order.
func mvByOwner(s *game.State, orders []game.Order) []game.PlayerOrders {
	out := make([]game.PlayerOrders, len(s.Players))
	for i := range out {
		out[i].Player = game.PlayerID(i + 1)
	}
	for _, o := range orders {
		o.Turn = s.Turn
		if a := s.Army(o.Army); a != nil && a.Owner >= 1 && int(a.Owner) <= len(out) {
			out[a.Owner-1].Orders = append(out[a.Owner-1].Orders, o)
		}
	}
	return out
}

func mvDump(ev *game.Events) string {
	var b strings.Builder
	for _, e := range ev.List {
		fmt.Fprintf(&b, "  step %d kind %d player %d army %d %v -> %v %q", e.Step, e.Kind, e.Player, e.Army,
			e.From.Offset(), e.To.Offset(), e.Text)
		if r := e.Battle; r != nil {
			for _, sd := range r.Sides {
				fmt.Fprintf(&b, " [p%d role %d %v before %v losses %v]", sd.Player, sd.Role, sd.Armies, sd.Before, sd.Losses)
			}
			fmt.Fprintf(&b, " winner %d", r.Winner)
		}
		b.WriteByte('\n')
	}
	return b.String()
}

// Assertions.

func mvWantAt(t *testing.T, s *game.State, id game.ArmyID, col, row int, units int) {
	t.Helper()
	a := s.Army(id)
	if a == nil {
		t.Errorf("%s is gone, want it at %d,%d", id, col, row)
		return
	}
	if have, want := a.Hex.Offset(), (hex.Offset{Col: col, Row: row}); have != want {
		t.Errorf("%s at %v, want %v", id, have, want)
	}
	if have := a.Strength(); have != units {
		t.Errorf("%s has %d units, want %d", id, have, units)
	}
}

func mvWantGone(t *testing.T, s *game.State, id game.ArmyID) {
	t.Helper()
	if a := s.Army(id); a != nil {
		t.Errorf("%s is still at %v with %d units, want it destroyed", id, a.Hex.Offset(), a.Strength())
	}
}

// mvEvents returns the events of kind k, about army id if id != 0.
func mvEvents(ev *game.Events, k game.EventKind, id game.ArmyID) []game.Event {
	var out []game.Event
	for _, e := range ev.List {
		if e.Kind == k && (id == 0 || e.Army == id) {
			out = append(out, e)
		}
	}
	return out
}

// mvWantBattles checks the battles' places (To) and roles, in order.
func mvWantBattles(t *testing.T, ev *game.Events, want ...mvBattle) {
	t.Helper()
	have := mvEvents(ev, game.EventBattle, 0)
	if len(have) != len(want) {
		t.Fatalf("%d battles, want %d", len(have), len(want))
	}
	for i, w := range want {
		e := have[i]
		if e.To != w.at || !e.HasHex || e.Player != 0 || e.Battle == nil {
			t.Errorf("battle %d at %v (HasHex %v, player %d), want at %v, public", i, e.To.Offset(), e.HasHex, e.Player, w.at.Offset())
			continue
		}
		r := e.Battle
		if r.Sides[0].Player != w.def || r.Sides[0].Role != game.Defender ||
			r.Sides[1].Player != w.att || r.Sides[1].Role != game.Attacker {
			t.Errorf("battle %d: sides %d (role %d) and %d (role %d), want defender %d, attacker %d",
				i, r.Sides[0].Player, r.Sides[0].Role, r.Sides[1].Player, r.Sides[1].Role, w.def, w.att)
		}
		if r.Winner != w.winner {
			t.Errorf("battle %d won by %d, want %d", i, r.Winner, w.winner)
		}
	}
}

type mvBattle struct {
	at       hex.Hex
	def, att game.PlayerID
	winner   game.PlayerID
}

func mvUnits(s *game.State) int {
	n := 0
	for i := range s.Armies {
		n += s.Armies[i].Strength()
	}
	return n
}

const mvRow6 = `
. . . . . .
`

// Same hex: two enemies stepping into the same empty hex fight there; as
// both came in, the lower player defends; the loser retreats to the hex it
// came from; both stop although their paths go on.
func TestMoveTwoEnemiesEnterSameHex(t *testing.T) {
	rs := newMvRules()
	rs.Move = 3
	s := gametest.Game(rs.Rules, mvRow6, 2, 1)
	a := gametest.Army(s, 1, 0, 0, 5)
	b := gametest.Army(s, 2, 4, 0, 2)
	ev := mvRun(t, s, rs, mvMove(a, "1,0 2,0 3,0"), mvMove(b, "3,0 2,0 1,0"))
	mvWantBattles(t, ev, mvBattle{at: gametest.At(2, 0), def: 1, att: 2, winner: 1})
	mvWantAt(t, s, a, 2, 0, 5)
	mvWantAt(t, s, b, 3, 0, 1)
	r := mvEvents(ev, game.EventBattle, 0)[0]
	if r.Step != 2 || r.Battle.Sides[1].Before.Total() != 2 || r.Battle.Sides[1].Losses.Total() != 1 ||
		r.Battle.Sides[0].Losses.Total() != 0 || !slices.Equal(r.Battle.Sides[1].Armies, []game.ArmyID{b}) {
		t.Errorf("battle report %+v at step %d", *r.Battle, r.Step)
	}
	rt := mvEvents(ev, game.EventRetreat, b)
	if len(rt) != 1 || rt[0].From != gametest.At(2, 0) || rt[0].To != gametest.At(3, 0) {
		t.Errorf("retreats of b: %+v", rt)
	}
	if n := len(mvEvents(ev, game.EventMove, 0)); n != 4 {
		t.Errorf("%d moves, want 4 (two steps each, then the battle stops both)", n)
	}
}

// Three players entering one hex: the lowest player defends and fights the
// next lowest; the winner holds the hex and fights the third.
func TestMoveThreePlayersEnterOneHex(t *testing.T) {
	rs := newMvRules()
	s := gametest.Game(rs.Rules, `
. . . . .
 . . . . .
. . . . .
`, 3, 1)
	a := gametest.Army(s, 1, 1, 1, 1)
	b := gametest.Army(s, 2, 3, 1, 5)
	c := gametest.Army(s, 3, 3, 2, 3)
	ev := mvRun(t, s, rs, mvMove(a, "2,1"), mvMove(b, "2,1"), mvMove(c, "2,1"))
	x := gametest.At(2, 1)
	mvWantBattles(t, ev,
		mvBattle{at: x, def: 1, att: 2, winner: 2},
		mvBattle{at: x, def: 2, att: 3, winner: 2})
	mvWantGone(t, s, a)
	mvWantAt(t, s, b, 2, 1, 5)
	mvWantAt(t, s, c, 3, 2, 2)
	// The order: battle, a destroyed, battle, c retreats.
	var kinds []game.EventKind
	for _, e := range ev.List {
		if e.Kind != game.EventMove {
			kinds = append(kinds, e.Kind)
		}
	}
	want := []game.EventKind{game.EventBattle, game.EventDestroyed, game.EventBattle, game.EventRetreat}
	if !slices.Equal(kinds, want) {
		t.Errorf("event kinds %v, want %v", kinds, want)
	}
}

// Crossing on the edge: two enemies swapping hexes fight on the edge, do not
// pass through each other, and the loser retreats from its own hex.
func TestMoveSwapFightsOnEdge(t *testing.T) {
	rs := newMvRules()
	s := gametest.Game(rs.Rules, mvRow6, 2, 1)
	a := gametest.Army(s, 1, 1, 0, 5)
	b := gametest.Army(s, 2, 2, 0, 2)
	ev := mvRun(t, s, rs, mvAttackPath(a, "2,0 3,0"), mvAttackPath(b, "1,0 0,0"))
	mvWantBattles(t, ev, mvBattle{at: gametest.At(1, 0), def: 1, att: 2, winner: 1})
	if !slices.Equal(rs.edges, []bool{true}) {
		t.Errorf("Battle.Edge of the battles: %v, want [true]", rs.edges)
	}
	if e := mvEvents(ev, game.EventBattle, 0)[0]; e.From != gametest.At(2, 0) {
		t.Errorf("edge battle From %v, want the attacker's hex 2,0", e.From.Offset())
	}
	if n := len(mvEvents(ev, game.EventMove, 0)); n != 0 {
		t.Errorf("%d moves, want none", n)
	}
	mvWantAt(t, s, a, 1, 0, 5)
	mvWantAt(t, s, b, 3, 0, 1) // away from a, on its own side
}

// Entering a hex held by a stationary enemy: the holder defends, the
// entrant attacks; the loser retreats away from where the winner came from;
// the winner stops although it has points and path left.
func TestMoveAttackStationaryDefender(t *testing.T) {
	rs := newMvRules()
	rs.Move = 3
	s := gametest.Game(rs.Rules, mvRow6, 2, 1)
	a := gametest.Army(s, 1, 0, 0, 5)
	b := gametest.Army(s, 2, 2, 0, 2)
	ev := mvRun(t, s, rs, mvAttackPath(a, "1,0 2,0 3,0"))
	mvWantBattles(t, ev, mvBattle{at: gametest.At(2, 0), def: 2, att: 1, winner: 1})
	mvWantAt(t, s, a, 2, 0, 5)
	mvWantAt(t, s, b, 3, 0, 1)
}

// Defend: the holder stays and fights; beaten, the attacker goes back where
// it came from.
func TestMoveDefendStaysAndFights(t *testing.T) {
	rs := newMvRules()
	s := gametest.Game(rs.Rules, mvRow6, 2, 1)
	d := gametest.Army(s, 1, 2, 0, 5)
	a := gametest.Army(s, 2, 0, 0, 2)
	ev := mvRun(t, s, rs, mvStance(d, game.Defend, 0), mvAttackPath(a, "1,0 2,0"))
	mvWantBattles(t, ev, mvBattle{at: gametest.At(2, 0), def: 1, att: 2, winner: 1})
	mvWantAt(t, s, d, 2, 0, 5)
	mvWantAt(t, s, a, 1, 0, 1)
}

// A loser with no free neighbour (water all round, and the way back held by
// the enemy) is destroyed.
func TestMoveRetreatNoRoomDestroys(t *testing.T) {
	rs := newMvRules()
	s := gametest.Game(rs.Rules, `
~ ~ ~ ~
 . . ~ ~
~ ~ ~ ~
`, 2, 1)
	a := gametest.Army(s, 1, 0, 1, 5)
	c := gametest.Army(s, 1, 0, 1, 1)
	b := gametest.Army(s, 2, 1, 1, 2)
	ev := mvRun(t, s, rs, mvAttackPath(a, "1,1"))
	mvWantBattles(t, ev, mvBattle{at: gametest.At(1, 1), def: 2, att: 1, winner: 1})
	mvWantGone(t, s, b)
	d := mvEvents(ev, game.EventDestroyed, b)
	if len(d) != 1 || d[0].Text != "no room to retreat" {
		t.Errorf("destroyed events of b: %+v", d)
	}
	mvWantAt(t, s, a, 1, 1, 5)
	mvWantAt(t, s, c, 0, 1, 1)
}

// Chasing: an Attack on a target army follows it when it moves away, over a
// path found step by step (the target is seen by a scout).
func TestMoveAttackChasesTarget(t *testing.T) {
	rs := newMvRules()
	rs.Move = 3
	s := gametest.Game(rs.Rules, `
. . . . . .
 . . . . . .
`, 2, 1)
	a := gametest.Army(s, 1, 0, 0, 5)
	gametest.Army(s, 1, 2, 1, 1) // a scout that sees 2,0 and 3,0
	b := gametest.Army(s, 2, 2, 0, 2)
	ev := mvRun(t, s, rs, mvAttack(a, b), mvMove(b, "3,0"))
	mvWantBattles(t, ev, mvBattle{at: gametest.At(3, 0), def: 2, att: 1, winner: 1})
	mvWantAt(t, s, a, 3, 0, 5)
	mvWantAt(t, s, b, 4, 0, 1)
	var path []hex.Offset
	for _, e := range mvEvents(ev, game.EventMove, a) {
		path = append(path, e.To.Offset())
	}
	if want := []hex.Offset{{Col: 1, Row: 0}, {Col: 2, Row: 0}, {Col: 3, Row: 0}}; !slices.Equal(path, want) {
		t.Errorf("a went %v, want %v", path, want)
	}
}

// Chasing a target that gets out of sight and memory ends the attack.
func TestMoveAttackLosesTarget(t *testing.T) {
	rs := newMvRules()
	rs.Move = 3
	s := gametest.Game(rs.Rules, `
. . . . . .
 . . . . . .
`, 2, 1)
	a := gametest.Army(s, 1, 0, 0, 5)
	gametest.Army(s, 1, 2, 1, 1)
	b := gametest.Army(s, 2, 2, 0, 2)
	ev := mvRun(t, s, rs, mvAttack(a, b), mvMove(b, "3,0 4,0"))
	if n := len(mvEvents(ev, game.EventBattle, 0)); n != 0 {
		t.Errorf("%d battles, want none", n)
	}
	bl := mvEvents(ev, game.EventBlocked, a)
	if len(bl) != 1 || bl[0].Text != fmt.Sprintf("lost sight of %s", b) || bl[0].Player != 1 {
		t.Errorf("blocked events of a: %+v", bl)
	}
	mvWantAt(t, s, a, 2, 0, 5)
	mvWantAt(t, s, b, 4, 0, 2)
}

// Follow: the follower chases a friendly army and joins its hex; with a
// stack limit of one it waits beside it instead, quietly.
func TestMoveFollow(t *testing.T) {
	for _, limit := range []int{0, 1} {
		t.Run(fmt.Sprintf("limit%d", limit), func(t *testing.T) {
			rs := newMvRules()
			rs.Move = 3
			rs.StackLimit = limit
			s := gametest.Game(rs.Rules, mvRow6, 1, 1)
			f := gametest.Army(s, 1, 0, 0, 2)
			l := gametest.Army(s, 1, 1, 0, 3)
			ev := mvRun(t, s, rs, mvFollow(f, l), mvMove(l, "2,0 3,0"))
			mvWantAt(t, s, l, 3, 0, 3)
			if limit == 0 {
				mvWantAt(t, s, f, 3, 0, 2)
			} else {
				mvWantAt(t, s, f, 2, 0, 2)
			}
			if bl := mvEvents(ev, game.EventBlocked, 0); len(bl) != 0 {
				t.Errorf("blocked events %+v, want none", bl)
			}
		})
	}
}

// Friendly stacking limit: the army that may not enter waits (it does not
// vanish), then enters once the hex frees up later in the same turn; it
// hears "waits: hex full" once.
func TestMoveStackLimitWaits(t *testing.T) {
	rs := newMvRules()
	rs.StackLimit = 1
	s := gametest.Game(rs.Rules, `
. . . .
 . . . .
`, 1, 1)
	a := gametest.Army(s, 1, 0, 0, 3)
	b := gametest.Army(s, 1, 0, 1, 4)
	before := mvUnits(s)
	ev := mvRun(t, s, rs, mvMove(a, "1,0 2,0"), mvMove(b, "1,0 2,0"))
	mvWantAt(t, s, a, 2, 0, 3)
	mvWantAt(t, s, b, 1, 0, 4) // entered 1,0 at step 2; 2,0 stays full
	if have := mvUnits(s); have != before {
		t.Errorf("%d units after, %d before", have, before)
	}
	bl := mvEvents(ev, game.EventBlocked, b)
	if len(bl) != 1 || bl[0].Text != "waits: hex full" || bl[0].Step != 1 {
		t.Errorf("blocked events of b: %+v", bl)
	}
	mv := mvEvents(ev, game.EventMove, b)
	if len(mv) != 1 || mv[0].Step != 2 || mv[0].To != gametest.At(1, 0) {
		t.Errorf("moves of b: %+v", mv)
	}
}

// A stacking refusal that keeps an army on its hex is seen by the armies
// that counted on it leaving: a may enter 1,0 only if b leaves it, and b may
// not enter 2,0 where d stands, so neither moves and nobody ends above the
// limit.
func TestMoveStackLimitChain(t *testing.T) {
	rs := newMvRules()
	rs.StackLimit = 1
	s := gametest.Game(rs.Rules, mvRow6, 1, 1)
	d := gametest.Army(s, 1, 2, 0, 1)
	a := gametest.Army(s, 1, 0, 0, 1)
	b := gametest.Army(s, 1, 1, 0, 1)
	ev := mvRun(t, s, rs, mvMove(a, "1,0"), mvMove(b, "2,0"))
	mvWantAt(t, s, d, 2, 0, 1)
	mvWantAt(t, s, a, 0, 0, 1)
	mvWantAt(t, s, b, 1, 0, 1)
	if n := len(mvEvents(ev, game.EventMove, 0)); n != 0 {
		t.Errorf("%d moves, want none", n)
	}
	if n := len(mvEvents(ev, game.EventBlocked, 0)); n != 2 {
		t.Errorf("%d blocked events, want 2 (a and b wait)", n)
	}
}

// Impassable terrain mid-path stops the army; EventBlocked names the
// terrain, which the army sees from where it stopped (the path was given
// when its owner had never seen it). A path that is no longer adjacent
// stops it too.
func TestMoveBlocked(t *testing.T) {
	rs := newMvRules()
	rs.Move = 3
	s := gametest.Game(rs.Rules, `
. . ~ . .
 . . . . .
`, 1, 1)
	a := gametest.Army(s, 1, 0, 0, 1)
	b := gametest.Army(s, 1, 0, 1, 1)
	if s.Memory[0].Known.Has(s.Map.Rect().Index(gametest.At(2, 0))) {
		t.Fatal("the Water is known before the turn")
	}
	ev := mvRun(t, s, rs, mvMove(a, "1,0 2,0 3,0"), mvMove(b, "1,1 3,1"))
	mvWantAt(t, s, a, 1, 0, 1)
	mvWantAt(t, s, b, 1, 1, 1)
	bl := mvEvents(ev, game.EventBlocked, a)
	if want := fmt.Sprintf("the path's next hex %s is Water, which it cannot enter", gametest.At(2, 0)); len(bl) != 1 || bl[0].Text != want ||
		bl[0].To != gametest.At(2, 0) || bl[0].From != gametest.At(1, 0) || bl[0].Player != 1 {
		t.Errorf("blocked events of a: %+v, want %q", bl, want)
	}
	bl = mvEvents(ev, game.EventBlocked, b)
	if want := fmt.Sprintf("path no longer valid at %s", gametest.At(3, 1)); len(bl) != 1 || bl[0].Text != want {
		t.Errorf("blocked events of b: %+v, want %q", bl, want)
	}
}

// An army that sees only its own hex, stopped by terrain its owner has
// never seen, is not told what the terrain is: the event tells no more
// than its owner's map shows.
func TestMoveBlockedBlind(t *testing.T) {
	rs := newMvRules()
	rs.Move = 3
	rs.blind = true
	s := gametest.Game(rs.Rules, `
. . ^ . .
`, 1, 1)
	a := gametest.Army(s, 1, 0, 0, 1)
	ev := mvRun(t, s, rs, mvMove(a, "1,0 2,0 3,0"))
	mvWantAt(t, s, a, 1, 0, 1)
	bl := mvEvents(ev, game.EventBlocked, a)
	if want := fmt.Sprintf("the path's next hex %s cannot be entered", gametest.At(2, 0)); len(bl) != 1 || bl[0].Text != want {
		t.Errorf("blocked events of a: %+v, want %q", bl, want)
	}
	if s.Memory[0].Known.Has(s.Map.Rect().Index(gametest.At(2, 0))) {
		t.Error("the blind army's owner learnt the terrain")
	}
}

// Move avoids an enemy it sees (it stops short); Attack with the same path
// engages it.
func TestMoveAvoidsAttackEngages(t *testing.T) {
	for _, kind := range []game.OrderKind{game.OrderMove, game.OrderAttack} {
		t.Run(fmt.Sprint(kind), func(t *testing.T) {
			rs := newMvRules()
			rs.Move = 3
			s := gametest.Game(rs.Rules, mvRow6, 2, 1)
			a := gametest.Army(s, 1, 0, 0, 5)
			e := gametest.Army(s, 2, 2, 0, 2)
			o := mvMove(a, "1,0 2,0 3,0")
			o.Kind = kind
			ev := mvRun(t, s, rs, o)
			if kind == game.OrderMove {
				mvWantBattles(t, ev)
				mvWantAt(t, s, a, 1, 0, 5)
				mvWantAt(t, s, e, 2, 0, 2)
				bl := mvEvents(ev, game.EventBlocked, a)
				if want := fmt.Sprintf("enemy ahead at %s", gametest.At(2, 0)); len(bl) != 1 || bl[0].Text != want {
					t.Errorf("blocked events of a: %+v, want %q", bl, want)
				}
				return
			}
			mvWantBattles(t, ev, mvBattle{at: gametest.At(2, 0), def: 2, att: 1, winner: 1})
			mvWantAt(t, s, a, 2, 0, 5)
			mvWantAt(t, s, e, 3, 0, 1)
		})
	}
}

// Intercept: a stationary army moves to engage an enemy that comes next to
// it, attacking it on its hex. It reacts as well when only the enemy's
// orders are being resolved (round order), with the stance set before.
func TestMoveIntercept(t *testing.T) {
	for _, round := range []bool{false, true} {
		t.Run(fmt.Sprintf("round=%v", round), func(t *testing.T) {
			rs := newMvRules()
			s := gametest.Game(rs.Rules, `
. . . . . . .
`, 2, 1)
			i := gametest.Army(s, 1, 2, 0, 5)
			e := gametest.Army(s, 2, 5, 0, 2)
			var ev *game.Events
			if round {
				s.Army(i).Stance = game.Stance{Kind: game.Intercept}
				ev = &game.Events{}
				game.Move(s, rs, []game.PlayerOrders{{Player: 2, Orders: []game.Order{mvMove(e, "4,0 3,0")}}}, ev)
			} else {
				ev = mvRun(t, s, rs, mvStance(i, game.Intercept, 0), mvMove(e, "4,0 3,0"))
			}
			if s.Army(i).Stance.Kind != game.Intercept {
				t.Errorf("stance %v, want Intercept", s.Army(i).Stance)
			}
			ic := mvEvents(ev, game.EventIntercept, i)
			if len(ic) != 1 || ic[0].Step != 3 || ic[0].To != gametest.At(3, 0) {
				t.Errorf("intercept events: %+v", ic)
			}
			mvWantBattles(t, ev, mvBattle{at: gametest.At(3, 0), def: 2, att: 1, winner: 1})
			mvWantAt(t, s, i, 3, 0, 5)
			mvWantAt(t, s, e, 4, 0, 1)
		})
	}
}

// Withdraw: a stationary army steps away in its direction when an enemy
// enters its hex, and there is no battle. If it cannot it fights: when the
// map ends there (NE), or when that is where the enemy came from (W: they
// would pass through each other).
func TestMoveWithdraw(t *testing.T) {
	for _, d := range []hex.Direction{hex.East, hex.NorthEast, hex.West} {
		t.Run(d.String(), func(t *testing.T) {
			rs := newMvRules()
			s := gametest.Game(rs.Rules, mvRow6, 2, 1)
			w := gametest.Army(s, 1, 2, 0, 2)
			a := gametest.Army(s, 2, 0, 0, 5)
			ev := mvRun(t, s, rs, mvStance(w, game.Withdraw, d), mvAttackPath(a, "1,0 2,0"))
			mvWantAt(t, s, a, 2, 0, 5)
			if s.Army(w) != nil && s.Army(w).Stance != (game.Stance{Kind: game.Withdraw, Dir: d}) {
				t.Errorf("stance %+v", s.Army(w).Stance)
			}
			if d == hex.East {
				mvWantBattles(t, ev)
				mvWantAt(t, s, w, 3, 0, 2)
				wd := mvEvents(ev, game.EventWithdraw, w)
				if len(wd) != 1 || wd[0].From != gametest.At(2, 0) || wd[0].To != gametest.At(3, 0) || wd[0].Step != 2 {
					t.Errorf("withdraw events: %+v", wd)
				}
				return
			}
			mvWantBattles(t, ev, mvBattle{at: gametest.At(2, 0), def: 1, att: 2, winner: 2})
			mvWantAt(t, s, w, 3, 0, 1)
			if n := len(mvEvents(ev, game.EventWithdraw, 0)); n != 0 {
				t.Errorf("%d withdrawals, want none", n)
			}
		})
	}
}

// A drawn battle: nobody retreats, both sides stay on the hex and stop, and
// they do not fight again in the later steps.
func TestMoveDraw(t *testing.T) {
	rs := newMvRules()
	rs.draw = true
	rs.Move = 3
	s := gametest.Game(rs.Rules, mvRow6, 2, 1)
	a := gametest.Army(s, 1, 0, 0, 5)
	b := gametest.Army(s, 2, 2, 0, 2)
	c := gametest.Army(s, 2, 5, 0, 1)
	ev := mvRun(t, s, rs, mvAttackPath(a, "1,0 2,0 3,0"), mvMove(c, "4,0"))
	mvWantBattles(t, ev, mvBattle{at: gametest.At(2, 0), def: 2, att: 1, winner: 0})
	mvWantAt(t, s, a, 2, 0, 5)
	mvWantAt(t, s, b, 2, 0, 2)
	mvWantAt(t, s, c, 4, 0, 1)
}

// Explore goes its full move in its direction and turns around obstacles
// (Dir, then Dir+1, then Dir-1).
func TestMoveExplore(t *testing.T) {
	rs := newMvRules()
	rs.Move = 4
	s := gametest.Game(rs.Rules, `
. . . ~ . .
 . . . . . .
`, 1, 1)
	x := gametest.Army(s, 1, 0, 0, 1)
	ev := mvRun(t, s, rs, mvExplore(x, hex.East))
	var path []hex.Offset
	for _, e := range mvEvents(ev, game.EventMove, x) {
		path = append(path, e.To.Offset())
	}
	want := []hex.Offset{{Col: 1, Row: 0}, {Col: 2, Row: 0}, {Col: 2, Row: 1}, {Col: 3, Row: 1}}
	if !slices.Equal(path, want) {
		t.Errorf("explorer went %v, want %v", path, want)
	}
}

// Carried armies move with their fleet, never on their own, and sink with
// it.
func TestMoveCargo(t *testing.T) {
	rs := newMvRules()
	s := gametest.Game(rs.Rules, `
. ~ ~ ~ ~ ~
`, 2, 1)
	f := s.AddArmy(game.Army{Owner: 1, Hex: gametest.At(1, 0), Naval: true, Units: game.Units{1}})
	c := s.AddArmy(game.Army{Owner: 1, Hex: gametest.At(1, 0), Units: game.Units{9}, Carrier: f})
	g := s.AddArmy(game.Army{Owner: 2, Hex: gametest.At(5, 0), Naval: true, Units: game.Units{5}})
	ev := mvRun(t, s, rs, mvMove(f, "2,0 3,0"), mvMove(c, "0,0"), mvAttackPath(g, "4,0 3,0"))
	if sk := mvEvents(ev, game.EventOrderSkipped, c); len(sk) != 1 || sk[0].Player != 1 {
		t.Errorf("skipped events of the cargo: %+v", sk)
	}
	if mv := mvEvents(ev, game.EventMove, c); len(mv) != 2 || mv[1].To != gametest.At(3, 0) {
		t.Errorf("moves of the cargo: %+v", mv)
	}
	mvWantBattles(t, ev, mvBattle{at: gametest.At(3, 0), def: 1, att: 2, winner: 2})
	if r := mvEvents(ev, game.EventBattle, 0)[0].Battle; !slices.Equal(r.Sides[0].Armies, []game.ArmyID{f}) {
		t.Errorf("defenders %v, want the fleet only", r.Sides[0].Armies)
	}
	mvWantGone(t, s, f)
	mvWantGone(t, s, c)
	mvWantAt(t, s, g, 3, 0, 5)
}

// A city held by one other player's armies changes hands after movement.
func TestMoveCapture(t *testing.T) {
	rs := newMvRules()
	s := gametest.Game(rs.Rules, mvRow6, 2, 1)
	own := s.AddCity(game.City{Owner: 2, Hex: gametest.At(2, 0), Level: 1})
	neutral := s.AddCity(game.City{Hex: gametest.At(4, 0), Level: 1})
	kept := s.AddCity(game.City{Owner: 2, Hex: gametest.At(5, 0), Level: 1})
	a := gametest.Army(s, 1, 0, 0, 1)
	b := gametest.Army(s, 1, 3, 0, 1)
	gametest.Army(s, 2, 5, 0, 3)
	ev := mvRun(t, s, rs, mvMove(a, "1,0 2,0"), mvMove(b, "4,0"))
	if o := s.City(own).Owner; o != 1 {
		t.Errorf("city at 2,0 owned by %d, want 1", o)
	}
	if o := s.City(neutral).Owner; o != 1 {
		t.Errorf("neutral city owned by %d, want 1", o)
	}
	if o := s.City(kept).Owner; o != 2 {
		t.Errorf("defended city owned by %d, want 2", o)
	}
	if cp := mvEvents(ev, game.EventCapture, 0); len(cp) != 2 || cp[0].City != own || cp[0].Player != 1 || !cp[0].HasHex {
		t.Errorf("capture events: %+v", cp)
	}
}

// Orders that no longer make sense are skipped, with the reason.
func TestMoveSkipsStaleOrders(t *testing.T) {
	rs := newMvRules()
	s := gametest.Game(rs.Rules, mvRow6, 2, 1)
	a := gametest.Army(s, 1, 0, 0, 1)
	b := gametest.Army(s, 2, 5, 0, 1)
	orders := []game.PlayerOrders{{Player: 1, Orders: []game.Order{
		mvMove(99, "1,0"),
		mvMove(b, "4,0"),
		{Kind: game.OrderFollow, Army: a, Target: b},
		{Kind: game.OrderMove, Army: a},
	}}}
	ev := &game.Events{}
	game.Move(s, rs, orders, ev)
	sk := mvEvents(ev, game.EventOrderSkipped, 0)
	if len(sk) != 4 {
		t.Fatalf("skipped events:\n%s", mvDump(ev))
	}
	for i, want := range []string{"army 99 no longer exists", "is not yours", "is not yours", "the path is empty"} {
		if !strings.Contains(sk[i].Text, want) || sk[i].Player != 1 {
			t.Errorf("skipped %d: %q (player %d), want it to say %q", i, sk[i].Text, sk[i].Player, want)
		}
	}
	mvWantAt(t, s, a, 0, 0, 1)
	mvWantAt(t, s, b, 5, 0, 1)
}

// Battles in one step come in the documented order: edges by their lower
// map index, then hexes by map index.
func TestMoveBattleOrder(t *testing.T) {
	rs := newMvRules()
	s := gametest.Game(rs.Rules, `
. . . . . . . . . .
 . . . . . . . . . .
. . . . . . . . . .
`, 2, 1)
	// Hex battle at 1,0 (index 1).
	x1 := gametest.Army(s, 1, 0, 0, 5)
	gametest.Army(s, 2, 1, 0, 2)
	// Hex battle at 8,2 (index 28).
	x2 := gametest.Army(s, 1, 9, 2, 5)
	gametest.Army(s, 2, 8, 2, 2)
	// Edge battle 2,2-3,2 (lower index 22), with the lower army IDs.
	z1 := gametest.Army(s, 1, 2, 2, 5)
	z2 := gametest.Army(s, 2, 3, 2, 2)
	// Edge battle 6,0-7,0 (lower index 6).
	y1 := gametest.Army(s, 1, 6, 0, 5)
	y2 := gametest.Army(s, 2, 7, 0, 2)
	ev := mvRun(t, s, rs, mvAttackPath(x1, "1,0"), mvAttackPath(x2, "8,2"),
		mvAttackPath(z1, "3,2"), mvAttackPath(z2, "2,2"), mvAttackPath(y1, "7,0"), mvAttackPath(y2, "6,0"))
	mvWantBattles(t, ev,
		mvBattle{at: gametest.At(6, 0), def: 1, att: 2, winner: 1},
		mvBattle{at: gametest.At(2, 2), def: 1, att: 2, winner: 1},
		mvBattle{at: gametest.At(1, 0), def: 2, att: 1, winner: 1},
		mvBattle{at: gametest.At(8, 2), def: 2, att: 1, winner: 1})
	if !slices.Equal(rs.edges, []bool{true, true, false, false}) {
		t.Errorf("Battle.Edge of the battles: %v", rs.edges)
	}
	for _, e := range mvEvents(ev, game.EventBattle, 0) {
		if e.Step != 1 {
			t.Errorf("battle at step %d, want 1", e.Step)
		}
	}
}

// mvScenario is a random little war: terrain, four players, armies with
// every kind of order and stance, stack limit 2, real dice.
func mvScenario(seed uint64) (*game.State, *gametest.Rules, []game.PlayerOrders) {
	rng := rand.New(rand.NewPCG(seed, 99))
	rs := gametest.New()
	rs.Move = 3
	rs.StackLimit = 2
	glyphs := []string{".", ".", ".", "\"", "f", "^", "~"}
	var b strings.Builder
	const w, h = 16, 12
	for r := range h {
		if r%2 == 1 {
			b.WriteByte(' ')
		}
		for c := range w {
			if c > 0 {
				b.WriteByte(' ')
			}
			b.WriteString(glyphs[rng.IntN(len(glyphs))])
		}
		b.WriteByte('\n')
	}
	s := gametest.Game(rs, b.String(), 4, seed)
	for range 6 {
		s.AddCity(game.City{Owner: game.PlayerID(rng.IntN(5)), Hex: gametest.At(rng.IntN(w), rng.IntN(h)), Level: 1})
	}
	for range 60 {
		p := game.PlayerID(1 + rng.IntN(4))
		id := gametest.Army(s, p, rng.IntN(w), rng.IntN(h), int32(1+rng.IntN(8)))
		a := s.Army(id)
		a.Stance = game.Stance{Kind: game.StanceKind(rng.IntN(3)), Dir: hex.Direction(rng.IntN(6))}
	}
	orders := make([]game.PlayerOrders, 4)
	for i := range orders {
		orders[i].Player = game.PlayerID(i + 1)
	}
	for _, a := range s.Armies {
		var o game.Order
		switch rng.IntN(6) {
		case 0:
			continue
		case 1, 2:
			o = game.Order{Kind: game.OrderMove}
			o.Path = mvWalk(rng, a.Hex, 1+rng.IntN(4))
		case 3:
			o = game.Order{Kind: game.OrderAttack}
			if rng.IntN(2) == 0 {
				o.Path = mvWalk(rng, a.Hex, 1+rng.IntN(4))
			} else {
				o.Target = mvPick(rng, s, func(b game.Army) bool { return b.Owner != a.Owner })
			}
		case 4:
			o = game.Order{Kind: game.OrderFollow, Target: mvPick(rng, s, func(b game.Army) bool { return b.Owner == a.Owner && b.ID != a.ID })}
		case 5:
			o = game.Order{Kind: game.OrderExplore, Dir: hex.Direction(rng.IntN(6))}
		}
		o.Army, o.Turn = a.ID, s.Turn
		orders[a.Owner-1].Orders = append(orders[a.Owner-1].Orders, o)
	}
	return s, rs, orders
}

// mvPick returns a random army for which ok holds (any army if none does).
func mvPick(rng *rand.Rand, s *game.State, ok func(game.Army) bool) game.ArmyID {
	var ids []game.ArmyID
	for _, b := range s.Armies {
		if ok(b) {
			ids = append(ids, b.ID)
		}
	}
	if len(ids) == 0 {
		return s.Armies[rng.IntN(len(s.Armies))].ID
	}
	return ids[rng.IntN(len(ids))]
}

func mvWalk(rng *rand.Rand, from hex.Hex, n int) []hex.Hex {
	var out []hex.Hex
	for range n {
		from = from.Neighbor(hex.Direction(rng.IntN(6)))
		out = append(out, from)
	}
	return out
}

// Determinism: the same scenario run twice gives identical states and
// events; and whatever happens, stacking holds, units never appear, no two
// players share a hex unless their battle was drawn, and carried armies
// stay with their fleets.
func TestMoveDeterministic(t *testing.T) {
	for seed := range uint64(40) {
		s, rs, orders := mvScenario(seed)
		s1, s2 := s.Clone(), s.Clone()
		ev1, ev2 := &game.Events{}, &game.Events{}
		game.Move(s1, rs, orders, ev1)
		game.Move(s2, rs, orders, ev2)
		if !reflect.DeepEqual(s1, s2) {
			t.Fatalf("seed %d: two runs give different states", seed)
		}
		if !reflect.DeepEqual(ev1, ev2) {
			t.Fatalf("seed %d: two runs give different events", seed)
		}
		if len(mvEvents(ev1, game.EventMove, 0)) == 0 {
			t.Errorf("seed %d: nothing moved", seed)
		}
		if have, before := mvUnits(s1), mvUnits(s); have > before {
			t.Errorf("seed %d: %d units after, %d before", seed, have, before)
		}
		count := map[hex.Hex]int{}
		for _, a := range s1.Armies {
			count[a.Hex]++
			if a.Empty() {
				t.Errorf("seed %d: %s is empty but still there", seed, a.ID)
			}
		}
		for h, n := range count {
			if n > rs.StackLimit {
				// Only armies of several players may share a hex (drawn
				// battles); friendly armies never exceed the limit.
				per := map[game.PlayerID]int{}
				for _, a := range s1.Armies {
					if a.Hex == h {
						per[a.Owner]++
					}
				}
				for p, k := range per {
					if k > rs.StackLimit {
						t.Errorf("seed %d: %d armies of player %d on %v", seed, k, p, h.Offset())
					}
				}
			}
		}
	}
}

// Odd input never panics: orders of every kind with random fields, for
// random armies (own, others', missing), carriers that do not exist or
// carry each other, armies off the map.
func TestMoveOddInput(t *testing.T) {
	for seed := range uint64(200) {
		s, rs, _ := mvScenario(seed)
		rng := rand.New(rand.NewPCG(seed, 5))
		for k := 0; k < 4; k++ {
			a := &s.Armies[rng.IntN(len(s.Armies))]
			switch k {
			case 0:
				a.Carrier = game.ArmyID(rng.IntN(200))
			case 1:
				a.Hex = hex.Hex{Q: -50, R: rng.IntN(3)}
			case 2:
				a.Stance = game.Stance{Kind: game.StanceKind(rng.IntN(5)), Dir: hex.Direction(rng.IntN(9) - 2)}
			case 3:
				a.Naval = true
			}
		}
		orders := make([]game.PlayerOrders, 1+rng.IntN(5))
		for i := range orders {
			orders[i].Player = game.PlayerID(rng.IntN(6))
			for range rng.IntN(40) {
				o := game.Order{
					Kind:   game.OrderKind(rng.IntN(7)),
					Army:   game.ArmyID(rng.IntN(80)),
					Target: game.ArmyID(rng.IntN(80)),
					Dir:    hex.Direction(rng.IntN(9) - 2),
					Stance: game.StanceKind(rng.IntN(4)),
				}
				for range rng.IntN(5) {
					o.Path = append(o.Path, hex.Hex{Q: rng.IntN(20) - 4, R: rng.IntN(14) - 1})
				}
				orders[i].Orders = append(orders[i].Orders, o)
			}
		}
		game.Move(s, rs, orders, &game.Events{})
		for i := 1; i < len(s.Armies); i++ {
			if s.Armies[i-1].ID >= s.Armies[i].ID {
				t.Fatalf("seed %d: armies out of ID order", seed)
			}
		}
	}
	game.Move(nil, nil, nil, nil)
}

// The whole RecordVision contract holds after Move: positions are what the
// armies see at the end.
func TestMoveRecordsVisionAtEveryStep(t *testing.T) {
	rs := newMvRules()
	rs.Move = 4
	s := gametest.Game(rs.Rules, `
. . . . . . . .
 . . . . . . . .
. . . . . . . .
`, 2, 1)
	a := gametest.Army(s, 1, 0, 1, 1)
	gametest.Army(s, 2, 7, 1, 1)
	game.BeginTurnVision(s)
	mvRun(t, s, rs, mvMove(a, "1,1 2,1 3,1 4,1"))
	r := s.Map.Rect()
	for c := 0; c <= 5; c++ {
		if !s.Memory[0].Seen.Has(r.Index(gametest.At(c, 1))) {
			t.Errorf("player 1 did not see %d,1 on the way", c)
		}
	}
	mvWantAt(t, s, a, 4, 1, 1)
}

// The last EventMove of an army on its movement order names the order
// (Amount) and says when an attack that got where it was going fought
// nobody ("found nobody"); its other steps, and the moves of an army
// without an order, carry neither. No event is added for it.
func TestMoveLastStepTellsTheOrder(t *testing.T) {
	type step struct {
		to   hex.Offset
		kind game.OrderKind
		text string
	}
	off := func(c, r int) hex.Offset { return hex.Offset{Col: c, Row: r} }
	for _, c := range []struct {
		name  string
		order func(a, b game.ArmyID) game.Order
		want  []step
	}{
		{"a move to its path's end", func(a, b game.ArmyID) game.Order { return mvMove(a, "1,0 2,0") },
			[]step{{off(1, 0), 0, ""}, {off(2, 0), game.OrderMove, ""}}},
		{"a move beyond its points", func(a, b game.ArmyID) game.Order { return mvMove(a, "1,0 2,0 3,0 4,0") },
			[]step{{off(1, 0), 0, ""}, {off(2, 0), 0, ""}, {off(3, 0), game.OrderMove, ""}}},
		{"an attack on an empty hex finds nobody", func(a, b game.ArmyID) game.Order { return mvAttackPath(a, "1,0 2,0") },
			[]step{{off(1, 0), 0, ""}, {off(2, 0), game.OrderAttack, "found nobody"}}},
		{"an attack that fought", func(a, b game.ArmyID) game.Order { return mvAttack(a, b) },
			[]step{{off(0, 1), game.OrderAttack, ""}}},
		{"an explore", func(a, b game.ArmyID) game.Order { return mvExplore(a, hex.East) },
			[]step{{off(1, 0), 0, ""}, {off(2, 0), 0, ""}, {off(3, 0), game.OrderExplore, ""}}},
		{"a skipped order", func(a, b game.ArmyID) game.Order { return mvMove(b, "1,1") }, nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			rs := newMvRules()
			rs.Move = 3
			s := gametest.Game(rs.Rules, `
. . . . . .
 . . . . . .
`, 2, 1)
			a := gametest.Army(s, 1, 0, 0, 5)
			b := gametest.Army(s, 2, 0, 1, 1)
			// Player 1 gives the order, whoever's army it names.
			o := c.order(a, b)
			o.Turn = s.Turn
			ev := &game.Events{}
			game.Move(s, rs, []game.PlayerOrders{{Player: 1, Orders: []game.Order{o}}}, ev)
			var have []step
			for _, e := range mvEvents(ev, game.EventMove, a) {
				have = append(have, step{e.To.Offset(), game.OrderKind(e.Amount), e.Text})
			}
			if !slices.Equal(have, c.want) {
				t.Errorf("moves of a %v, want %v\nevents:\n%s", have, c.want, mvDump(ev))
			}
		})
	}
}
