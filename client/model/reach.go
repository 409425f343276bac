package model

import (
	"errors"
	"fmt"
	"slices"

	"empires/shared/game"
	"empires/shared/hex"
	"empires/shared/rulesfile"
)

// Plan is a path for one of the player's armies, as PlanPath found it.
type Plan struct {
	// Path holds the hexes to go through, the army's own hex excluded and
	// the goal last: an order's Path.
	Path []hex.Hex
	// Guessed holds, for each hex of Path, whether the player has never
	// seen its terrain: the plan takes such a hex to be passable at the
	// army's cheapest step cost (the ruleset's GuessStepCost), and the
	// move finds out (an army stops before a hex it cannot enter). Nil
	// when every hex of Path is known. See Unexplored.
	Guessed []bool
	// Cost is the move points the whole path costs, Steps its length.
	Cost  int
	Steps int
	// Points are the army's move points this turn.
	Points int
	// Reachable reports whether the army gets to the goal this turn
	// (Cost <= Points); else it goes as far as its points allow.
	Reachable bool
	// Estimate reports that Path crosses hexes never seen (Guessed has a
	// true): Cost and Reachable are then estimates, true only if those
	// hexes are passable at the cheapest cost.
	Estimate bool
	// Attack reports that an enemy army in sight holds the goal: the move
	// is an attack (game.OrderAttack along Path).
	Attack bool
	// Sent is the path the movement order holds, as the server takes it:
	// Path itself where the ruleset lets an army go as far as its points
	// allow and stop; where it refuses a path longer than the army walks
	// in a turn (erfpires: "Choose one Army to move two hexes"), the part
	// of Path this turn's points pay for (Today steps), so the move still
	// goes as far as it can, and another order takes it on. Nil when
	// Refused.
	Sent []hex.Hex
	// Today is the number of steps of Path this turn's points pay for
	// (Steps when Reachable).
	Today int
	// Refused is why the server would refuse the move, whole or cut to
	// Today ("" for none): such a move is not drafted (see MoveTo).
	Refused string
}

// Cut reports that the order holds only the part of Path the army walks
// this turn (Sent shorter than Path).
func (p Plan) Cut() bool { return p.Refused == "" && len(p.Sent) < len(p.Path) }

// Reach returns the hexes army a (one of the player's) can reach this turn
// with the move points each costs, its own hex left out: the ruleset's
// MovePoints, StepCost and CanStack on the view's state, over hexes whose
// terrain the player knows, never entering or passing a hex where it sees
// an enemy army (a move stops short of those; see Attackable), and taking
// the player's other armies to stay where they are. It is empty for an
// army that cannot move this turn (a garrison, an army aboard a fleet) and
// for an army that is not the player's.
func (m *Model) Reach(a game.ArmyID) map[hex.Hex]int {
	army := m.mover(a)
	if army == nil {
		return nil
	}
	points := m.movePoints(army)
	out := map[hex.Hex]int{}
	for _, r := range hex.Reachable(army.Hex, m.stepCost(army, nil), points) {
		if r.Hex != army.Hex {
			out[r.Hex] = r.Cost
		}
	}
	return out
}

// Attackable returns the hexes where army a (one of the player's) sees
// enemy armies it can reach and attack this turn, with the move points the
// way there costs.
func (m *Model) Attackable(a game.ArmyID) map[hex.Hex]int {
	army := m.mover(a)
	if army == nil {
		return nil
	}
	points := m.movePoints(army)
	out := map[hex.Hex]int{}
	reach := hex.Reachable(army.Hex, m.stepCost(army, nil), points)
	for _, r := range reach {
		for _, n := range r.Hex.Neighbors() {
			if !m.enemyInSight(n) {
				continue
			}
			c, ok := m.stepCost(army, &n)(r.Hex, n)
			if cost := r.Cost + c; ok && cost <= points {
				if old, seen := out[n]; !seen || cost < old {
					out[n] = cost
				}
			}
		}
	}
	return out
}

// PlanPath finds a cheapest path for army a (one of the player's) to hex
// to, as Reach counts costs, over the hexes the player knows and through
// hexes it has never seen, taken to be passable at the army's cheapest
// step cost (Plan.Guessed, Plan.Estimate): "Often Armies and Fleets will
// be operating in areas beyond the initial scout report". Of the cheapest
// paths it takes one that keeps to known hexes longest. A goal held by an
// enemy in sight makes it an attack. The path may cost more than this
// turn's points (Reachable false). The error says why there is none, in
// words for the player: the army is not the player's or cannot move, the
// hex is off the map or impassable to it ("hex 3,4 (Mountains) is
// impassable to fleets"), farther than an order's path may go
// (game.MaxPathLength steps), or no way leads there within that over the
// terrain the player knows.
func (m *Model) PlanPath(a game.ArmyID, to hex.Hex) (Plan, error) {
	s := m.State()
	if s == nil {
		return Plan{}, errors.New("no game")
	}
	army, err := game.OwnArmy(s, m.You(), a)
	if err != nil {
		return Plan{}, err
	}
	if err := m.checkMover(army); err != nil {
		if after := m.AsOrdered(a); after != nil && !sameHolding(army, after) {
			return Plan{}, fmt.Errorf("%w. The orders drafted for it change it only as the turn begins, after its move is checked", err)
		}
		return Plan{}, err
	}
	if army = m.AsOrdered(a); army == nil {
		return Plan{}, fmt.Errorf("the orders drafted leave %s with nothing: it is disbanded as the turn begins", m.armyName(a, false))
	}
	idx := s.Map.Rect().Index(to)
	_, canGuess := m.rs.GuessStepCost(army)
	switch {
	case idx < 0:
		return Plan{}, fmt.Errorf("hex %s is off the map", to)
	case to == army.Hex:
		return Plan{}, fmt.Errorf("%s is on hex %s already", m.armyName(army.ID, army.Naval), to)
	case s.Map.Terrain[idx] == rulesfile.NoTerrain && !canGuess:
		return Plan{}, fmt.Errorf("hex %s is unexplored: its terrain is unknown", to)
	}
	if _, ok := m.rs.StepCost(s, army, to, to); !ok && s.Map.Terrain[idx] != rulesfile.NoTerrain {
		what := "armies"
		if army.Naval {
			what = "fleets"
		}
		return Plan{}, fmt.Errorf("hex %s (%s) is impassable to %s", to, m.terrainName(s.Map.Terrain[idx]), what)
	}
	// Each step costs guessScale times its cost, plus one into a hex never
	// seen: of the cheapest paths, the one with the fewest unknown hexes.
	const guessScale = game.MaxPathLength + 1
	cost := m.planCost(army, &to)
	scaled := func(from, h hex.Hex) (int, bool) {
		c, known, ok := cost(from, h)
		if !ok {
			return 0, false
		}
		if !known {
			return c*guessScale + 1, true
		}
		return c * guessScale, true
	}
	// A path of at most MaxPathLength steps costs at most this: the
	// search looks no further (on a large map, mostly unexplored, it
	// would otherwise cross the whole map before it gives up).
	bound := game.MaxPathLength*max(m.rs.DearestStepCost(army), 1)*guessScale + game.MaxPathLength
	if d := hex.Distance(army.Hex, to); d > game.MaxPathLength {
		return Plan{}, fmt.Errorf("hex %s is %d steps away: an order's path holds at most %d", to, d, game.MaxPathLength)
	}
	path, _, ok := hex.Path(army.Hex, to, scaled, bound)
	if !ok || len(path)-1 > game.MaxPathLength {
		return Plan{}, fmt.Errorf("no known way leads %s to hex %s in at most %d steps", m.armyName(army.ID, army.Naval), to, game.MaxPathLength)
	}
	path = path[1:]
	p := Plan{Path: path, Steps: len(path), Points: m.movePoints(army), Attack: m.enemyInSight(to)}
	from := army.Hex
	for i, h := range path {
		c, known, _ := cost(from, h)
		p.Cost += c
		if p.Cost <= p.Points {
			p.Today = i + 1
		}
		if !known {
			if p.Guessed == nil {
				p.Guessed = make([]bool, len(path))
			}
			p.Guessed[i], p.Estimate = true, true
		}
		from = h
	}
	p.Reachable = p.Cost <= p.Points
	p.Sent, p.Refused = m.sendable(a, &p)
	return p, nil
}

// sendable returns the path of the movement order for plan p of army a,
// as Plan.Sent says, or why the server would refuse the move: the order
// along the whole path is checked as the server checks it; if refused,
// the order along the part the army walks this turn; if that is refused
// too, the whole path's reason is the answer.
func (m *Model) sendable(a game.ArmyID, p *Plan) ([]hex.Hex, string) {
	kind := game.OrderMove
	if p.Attack {
		kind = game.OrderAttack
	}
	o := game.Order{Turn: m.Turn(), Kind: kind, Army: a, Path: p.Path}
	err := game.ValidateOrder(m.State(), m.rs, m.You(), &o)
	if err == nil {
		return p.Path, ""
	}
	if p.Today > 0 && p.Today < len(p.Path) {
		o.Path = p.Path[:p.Today]
		if game.ValidateOrder(m.State(), m.rs, m.You(), &o) == nil {
			return o.Path, ""
		}
	}
	return nil, err.Error()
}

// MoveTo gives the player's army a the movement order to hex to that
// PlanPath plans, along Plan.Sent (an attack if attack is set or an enemy
// army in sight holds to), and returns the plan. It drafts nothing and
// returns an error when there is no path or the server would refuse the
// move (Plan.Refused).
func (m *Model) MoveTo(a game.ArmyID, to hex.Hex, attack bool) (Plan, error) {
	p, err := m.PlanPath(a, to)
	if err != nil {
		return p, err
	}
	if p.Refused != "" {
		return p, errors.New(p.Refused)
	}
	m.SetMove(a, p.Sent, attack || p.Attack)
	return p, nil
}

// AsOrdered returns the player's army a as it will stand when the turn's
// movement begins, with the orders drafted (units formed into it, units
// and characters moved between armies: the ruleset's Forecast.After),
// nil if those orders leave nothing of it or it is not the player's. With
// no such forecast it is the army as the view shows it. Shared: do not
// change it.
func (m *Model) AsOrdered(a game.ArmyID) *game.Army {
	now := m.ownArmy(a)
	if now == nil {
		return nil
	}
	after := m.Forecast().After
	if after == nil {
		return now
	}
	return after.Army(a)
}

// mover returns the player's army a as it will move this turn
// (AsOrdered), nil if it may not be given a movement order (checked, as
// the server does, on the army as it stands now) or the orders drafted
// disband it.
func (m *Model) mover(a game.ArmyID) *game.Army {
	now := m.ownArmy(a)
	if now == nil || m.checkMover(now) != nil {
		return nil
	}
	return m.AsOrdered(a)
}

// movePoints returns army's move points this turn, army as AsOrdered
// gives it: counted on the state after the turn's earlier steps when the
// ruleset foresees them.
func (m *Model) movePoints(army *game.Army) int {
	s := m.State()
	if after := m.Forecast().After; after != nil {
		s = after
	}
	return m.rs.MovePoints(s, army)
}

// Unexplored returns, for each hex of path, whether the player has never
// seen its terrain, or nil if it has seen them all: Plan.Guessed of a
// path, for drawing a drafted move (Draft.Guessed holds it for the
// drafts).
func (m *Model) Unexplored(path []hex.Hex) []bool {
	if m.view == nil {
		return nil
	}
	r := hex.Rect{Width: m.view.Width, Height: m.view.Height}
	var out []bool
	for i, h := range path {
		if idx := r.Index(h); idx >= 0 && idx < len(m.view.Terrain) && m.view.Terrain[idx] != rulesfile.NoTerrain {
			continue
		}
		if out == nil {
			out = make([]bool, len(path))
		}
		out[i] = true
	}
	return out
}

// checkMover returns why army a may not be given a movement order this
// turn (a garrison, an army aboard a fleet, ...), as the server says it.
func (m *Model) checkMover(a *game.Army) error {
	o := game.Order{Turn: m.Turn(), Kind: game.OrderExplore, Army: a.ID}
	return game.ValidateOrder(m.State(), m.rs, m.You(), &o)
}

// stepCost is the cost of a step of army a for Reach: the ruleset's
// StepCost (at least 1) into a hex of known terrain on the map where
// stacking allows a, and where the player sees no enemy, but for the goal
// if goal is not nil.
func (m *Model) stepCost(a *game.Army, goal *hex.Hex) hex.CostFunc {
	cost := m.planCost(a, goal)
	return func(from, to hex.Hex) (int, bool) {
		c, known, ok := cost(from, to)
		return c, ok && known
	}
}

// planCost is stepCost for PlanPath: a hex on the map whose terrain the
// player has never seen costs the ruleset's GuessStepCost for a (known
// false); as it was never seen, the player sees nobody there.
func (m *Model) planCost(a *game.Army, goal *hex.Hex) func(from, to hex.Hex) (cost int, known, ok bool) {
	s := m.State()
	r := s.Map.Rect()
	guess, canGuess := m.rs.GuessStepCost(a)
	return func(from, to hex.Hex) (int, bool, bool) {
		idx := r.Index(to)
		if idx < 0 {
			return 0, false, false
		}
		if s.Map.Terrain[idx] == rulesfile.NoTerrain {
			return max(guess, 1), false, canGuess
		}
		c, ok := m.rs.StepCost(s, a, from, to)
		if !ok {
			return 0, true, false
		}
		if (goal == nil || to != *goal) && m.enemyInSight(to) {
			return 0, true, false
		}
		var friends []*game.Army
		for _, i := range s.ArmiesAt(to) {
			if b := &s.Armies[i]; b.ID != a.ID && b.Owner == a.Owner && b.Carrier == 0 {
				friends = append(friends, b)
			}
		}
		if len(friends) > 0 && !m.rs.CanStack(s, a, to, friends) {
			return 0, true, false
		}
		return max(c, 1), true, true
	}
}

// enemyInSight reports whether the player sees an enemy on h: an army of
// another player, or a city of another player that defends itself
// (game.CityDefender: erfpires, erfworld), which a Move stops before
// ("enemy ahead") as before an army, and an Attack takes.
func (m *Model) enemyInSight(h hex.Hex) bool {
	for i := range m.view.Armies {
		if a := &m.view.Armies[i]; a.Hex == h && a.Owner != m.view.You && !a.Remembered {
			return true
		}
	}
	cd, ok := m.rs.(game.CityDefender)
	if !ok {
		return false
	}
	for i := range m.view.Cities {
		if c := &m.view.Cities[i]; c.Hex == h && c.Owner != m.view.You && !c.Remembered {
			s := m.State()
			city := s.CityAt(h)
			return city != nil && cd.CityDefends(s, city)
		}
	}
	return false
}

// terrainName is the display name of terrain t, "unexplored" for
// rulesfile.NoTerrain.
func (m *Model) terrainName(t rulesfile.TerrainID) string {
	if tt := m.rs.Terrain(); int(t) < len(tt) {
		return tt[t].Name
	}
	return "unexplored"
}

// sameHolding reports whether armies a and b hold the same units and
// characters.
func sameHolding(a, b *game.Army) bool {
	return a.Units.Contains(b.Units) && b.Units.Contains(a.Units) &&
		slices.EqualFunc(a.Characters, b.Characters, func(x, y game.Character) bool { return x.ID == y.ID })
}
