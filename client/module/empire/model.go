package empire

import (
	"cmp"
	"errors"
	"fmt"
	"slices"

	"empires/shared/grid"
	"empires/shared/protocol"
	rules "empires/shared/rules/empire"
	"empires/shared/rules/empire/dat"
)

// draftID is where the numbers of the armies a split drafts begin: such an
// army exists only in the client until the turn is played, when the
// server numbers it. It is never sent: its path goes with the split.
const draftID rules.ForceID = 1 << 31

// Drafted reports whether id names an army drafted by a split this turn.
func Drafted(id rules.ForceID) bool { return id >= draftID }

// Draft is one of the turn's orders as the player drafted it.
type Draft struct {
	Order rules.Order
	// NewArmy is the number the client gives the army a split makes (see
	// Drafted), 0 for other orders.
	NewArmy rules.ForceID
	// Err is why the rules would refuse the order, as the client sees
	// them (an earlier order it needs was taken back): such an order is
	// not sent. Rejected is the server's refusal.
	Err, Rejected string
}

// Selection is what the player selected: a square and, on it, one of the
// player's forces or its settlement (or neither: the square alone, to see
// what is there).
type Selection struct {
	Active     bool
	Cell       grid.Pos
	Force      rules.ForceID
	Settlement rules.SettlementID
}

// Plan is a path planned for an army: the squares it passes (its square
// excluded), what each costs, and how many turns it takes.
type Plan struct {
	Path  []grid.Pos
	Costs []int
	Turns int
	// Guessed holds, for each square of Path, whether the player never
	// saw it: the plan takes such a square to cost the army's cheapest
	// step (GuessCost), and the move finds out ("an army stops before a
	// square it cannot enter"). Nil when every square is known.
	Guessed []bool
	// Estimate reports that Path crosses squares never seen: Costs and
	// Turns are then guesses.
	Estimate bool
	// Attack reports that the last square holds another player's force
	// or settlement as the view knows it.
	Attack bool
}

// Model is the empire screen without its drawing: the view, the player's
// selection, the orders drafted for the turn with the forces and
// settlements as they will be once the orders are carried out, and the
// event log. It is plain Go, tested without a display.
type Model struct {
	d      *dat.Data
	v      *rules.View
	sel    Selection
	drafts []Draft
	next   rules.ForceID // the next drafted army's number
	// forces and settlements are the view's own, with the drafts applied.
	forces      []rules.Force
	settlements []rules.SettlementView
	// version counts the changes of the drafts; sent is the version of
	// the list Submission gave last (-1: none), sentIdx the drafts it
	// held, in its order.
	version, sent int
	sentIdx       []int
	log           []Line
	third         bool // the log names the view's player too (SetThirdPerson)
}

// NewModel returns the model of a game played with data d, with no view
// yet.
func NewModel(d *dat.Data) *Model { return &Model{d: d, sent: -1, next: draftID} }

// Data returns the game's data.
func (m *Model) Data() *dat.Data { return m.d }

// View returns the view, nil before the first.
func (m *Model) View() *rules.View { return m.v }

// You returns the view's player, 0 for a spectator or no view.
func (m *Model) You() rules.Seat {
	if m.v == nil {
		return 0
	}
	return m.v.Seat
}

// SetView shows view v: the orders drafted are kept if v is of the same
// turn and player (a reconnection), dropped otherwise.
func (m *Model) SetView(v *rules.View) {
	if m.v == nil || v.Turn != m.v.Turn || v.Seat != m.v.Seat {
		m.drafts, m.next = nil, draftID
	}
	m.v = v
	m.changed()
}

// Rewind shows view first, then each of views as Resolved shows a
// resolved turn (events[i] the events of the turn that led to views[i]):
// the log is told again from first, the log of before dropped. The
// selection is kept where it still makes sense in the last view. A
// replay shows an earlier turn, or the same turn through other eyes, so.
func (m *Model) Rewind(first *rules.View, views []*rules.View, events [][]rules.Event) {
	sel := m.sel
	m.log = nil
	m.SetView(first)
	for i, v := range views {
		var evs []rules.Event
		if i < len(events) {
			evs = events[i]
		}
		m.Resolved(v, evs)
	}
	m.sel = sel
	m.changed()
}

// Resolved shows a resolved turn: the events the player saw go to the
// log, told with what the view before knew (the units of the forces that
// fought), then v is shown and the turn's orders are dropped.
func (m *Model) Resolved(v *rules.View, events []rules.Event) {
	if m.v != nil {
		m.log = append(m.log, m.tell(v, events)...)
	}
	// An army split off this turn stays selected under the number the
	// server gave it: the force that has its first unit.
	var follow rules.UnitID
	if Drafted(m.sel.Force) {
		for _, d := range m.drafts {
			if d.NewArmy == m.sel.Force && len(d.Order.Units) > 0 {
				follow = d.Order.Units[0]
			}
		}
	}
	m.drafts, m.next = nil, draftID
	m.v = v
	if follow != 0 {
		m.sel.Force = 0
		for _, f := range v.Forces {
			if f.Owner == v.Seat && slices.ContainsFunc(f.Units, func(u rules.Unit) bool { return u.ID == follow }) {
				m.sel = Selection{Active: true, Cell: f.Pos, Force: f.ID}
			}
		}
	}
	m.changed()
}

// Missed adds to the log the events of turn, a turn played while the
// player was away whose view it never had: told with the view the model
// has.
func (m *Model) Missed(turn int, events []rules.Event) {
	if m.v == nil {
		return
	}
	lines := m.tell(m.v, events)
	for i := range lines {
		lines[i].Turn = turn
	}
	m.log = append(m.log, lines...)
}

// changed notes that the drafts or the view changed: the projection is
// made again, the selection kept where it still makes sense.
func (m *Model) changed() {
	m.version++
	m.project()
	s := m.sel
	switch {
	case !s.Active:
	case s.Force != 0 && m.Force(s.Force) == nil:
		m.sel.Force = 0
	case s.Force != 0:
		m.sel.Cell = m.Force(s.Force).Pos // the selection follows the army
	case s.Settlement != 0 && (m.Settlement(s.Settlement) == nil || m.Settlement(s.Settlement).Owner != m.You()):
		m.sel.Settlement = 0
	}
}

// Forces returns the player's forces as they will be once the drafted
// orders are carried out, by number (the drafted armies last).
func (m *Model) Forces() []rules.Force { return m.forces }

// Force returns the player's force id (drafted or not), or nil.
func (m *Model) Force(id rules.ForceID) *rules.Force {
	for i := range m.forces {
		if m.forces[i].ID == id {
			return &m.forces[i]
		}
	}
	return nil
}

// ForcesAt returns the player's forces on p: garrisons first, then the
// armies, by number.
func (m *Model) ForcesAt(p grid.Pos) []*rules.Force {
	var out []*rules.Force
	for i := range m.forces {
		if f := &m.forces[i]; f.Pos == p && f.Garrison {
			out = append(out, f)
		}
	}
	for i := range m.forces {
		if f := &m.forces[i]; f.Pos == p && !f.Garrison {
			out = append(out, f)
		}
	}
	return out
}

// Settlements returns the settlements the view knows, the player's as
// its drafted orders leave them.
func (m *Model) Settlements() []rules.SettlementView { return m.settlements }

// Settlement returns the settlement id as the view knows it, or nil.
func (m *Model) Settlement(id rules.SettlementID) *rules.SettlementView {
	for i := range m.settlements {
		if m.settlements[i].ID == id {
			return &m.settlements[i]
		}
	}
	return nil
}

// SettlementAt returns the settlement the view knows on p, or nil.
func (m *Model) SettlementAt(p grid.Pos) *rules.SettlementView {
	for i := range m.settlements {
		if m.settlements[i].Pos == p {
			return &m.settlements[i]
		}
	}
	return nil
}

// SightingsAt returns the view's sightings of other players' forces on p.
func (m *Model) SightingsAt(p grid.Pos) []rules.Sighting {
	var out []rules.Sighting
	if m.v == nil {
		return nil
	}
	for _, s := range m.v.Sightings {
		if s.Pos == p {
			out = append(out, s)
		}
	}
	return out
}

// Selection returns the selection.
func (m *Model) Selection() Selection { return m.sel }

// Deselect ends the selection.
func (m *Model) Deselect() { m.sel = Selection{} }

// Select selects square p and, if not 0, force f or settlement st there.
func (m *Model) Select(p grid.Pos, f rules.ForceID, st rules.SettlementID) {
	m.sel = Selection{Active: true, Cell: p, Force: f, Settlement: st}
}

// SelectForce selects the player's force id on its square.
func (m *Model) SelectForce(id rules.ForceID) {
	if f := m.Force(id); f != nil {
		m.sel = Selection{Active: true, Cell: f.Pos, Force: id}
	}
}

// selectables lists what a click on p selects in turn: the player's
// settlement there, then its forces (garrisons first).
func (m *Model) selectables(p grid.Pos) []Selection {
	var out []Selection
	if m.You() == 0 {
		return nil
	}
	if st := m.SettlementAt(p); st != nil && st.Owner == m.You() {
		out = append(out, Selection{Active: true, Cell: p, Settlement: st.ID})
	}
	for _, f := range m.ForcesAt(p) {
		out = append(out, Selection{Active: true, Cell: p, Force: f.ID})
	}
	return out
}

// Click does what a click on square p does: with one of the player's
// armies selected and nothing of the player's on p, the army is ordered
// there (if it can go); otherwise the player's settlement on p is
// selected, and each further click on p selects the next of its forces;
// a square with nothing of the player's is selected alone, to see what is
// there. It reports whether the orders changed, and the error of a move
// that could not be planned.
func (m *Model) Click(p grid.Pos) (ordered bool, err error) {
	if m.v == nil || !m.v.Grid().Contains(p) {
		m.Deselect()
		return false, nil
	}
	items := m.selectables(p)
	if f := m.Force(m.sel.Force); f != nil && !f.Garrison && f.Pos != p && len(items) == 0 {
		if err := m.MoveTo(f.ID, p); err != nil {
			return false, err
		}
		return true, nil
	}
	if len(items) == 0 {
		m.sel = Selection{Active: true, Cell: p}
		return false, nil
	}
	next := 0
	if m.sel.Active && m.sel.Cell == p {
		for i, it := range items {
			if it == m.sel {
				next = (i + 1) % len(items)
			}
		}
	}
	m.sel = items[next]
	return false, nil
}

// Movement returns the movement of the player's force id as its units
// make it.
func (m *Model) Movement(id rules.ForceID) rules.Movement {
	f := m.Force(id)
	if f == nil {
		return rules.Movement{}
	}
	return rules.ArmyMovement(m.d, f.Units)
}

// PlanPath plans the cheapest path of the player's army id to p, with
// its movement's costs, over the squares the view knows and through
// squares never seen, taken to cost the army's cheapest step (GuessCost):
// the rules check a path for adjacency only, and the army stops before a
// square it cannot enter, so a path into the dark explores. Of the
// cheapest paths it takes the one with the fewest unknown squares.
func (m *Model) PlanPath(id rules.ForceID, p grid.Pos) (Plan, error) {
	f := m.Force(id)
	switch {
	case f == nil:
		return Plan{}, errors.New("no such army of yours")
	case f.Garrison:
		return Plan{}, errors.New("a garrison does not move: split off an army")
	case f.Pos == p:
		return Plan{}, errors.New("the army is there")
	case !m.v.Grid().Contains(p):
		return Plan{}, fmt.Errorf("%v is off the map", p)
	}
	mv := rules.ArmyMovement(m.d, f.Units)
	if t, known := m.v.TerrainAt(p); known {
		if _, ok := m.v.StepCost(mv, p); !ok {
			return Plan{}, fmt.Errorf("the army cannot enter %v (%s)", p, m.d.Terrains[t].Name)
		}
	}
	// Each step costs scale times its cost, plus one into a square never
	// seen: of the cheapest paths, the one with the fewest unknown.
	n := maxPath(m.v)
	scale := n + 1
	cost := func(_, to grid.Pos) (int, bool) {
		c, guessed, ok := m.stepCost(mv, to)
		switch {
		case !ok:
			return 0, false
		case guessed:
			return c*scale + 1, true
		}
		return c * scale, true
	}
	g := m.v.Grid()
	path, _, ok := g.Path(f.Pos, p, cost, n*max(mv.MP, 1)*scale+n)
	if !ok {
		return Plan{}, fmt.Errorf("the army cannot get to %v over the squares you know", p)
	}
	if len(path) > n {
		return Plan{}, fmt.Errorf("%v is too far: a path of %d squares, at most %d", p, len(path), n)
	}
	pl := Plan{Path: path}
	pl.Costs, pl.Guessed = m.PathCosts(mv, path)
	pl.Estimate = pl.Guessed != nil
	pl.Turns = rules.PathTurns(mv, pl.Costs)
	pl.Attack = m.hostileAt(p)
	return pl, nil
}

// GuessCost is what a square never seen is taken to cost an army with
// movement mv in a plan: its cheapest step, and false if it can enter
// nothing.
func GuessCost(mv rules.Movement) (int, bool) {
	best := 0
	for _, c := range mv.Cost {
		if c > 0 && (best == 0 || c < best) {
			best = c
		}
	}
	return best, best > 0
}

// stepCost is what moving onto p costs an army with movement mv as the
// view knows p, or as GuessCost guesses it where the view does not
// (guessed); ok is false where it cannot go.
func (m *Model) stepCost(mv rules.Movement, p grid.Pos) (cost int, guessed, ok bool) {
	if _, known := m.v.TerrainAt(p); known {
		c, ok := m.v.StepCost(mv, p)
		return c, false, ok
	}
	c, ok := GuessCost(mv)
	return c, true, ok && m.v.Grid().Contains(p)
}

// PathCosts returns what each square of path costs an army with movement
// mv (0 where it cannot go), guessed through squares never seen (guessed,
// nil if there are none; see Plan.Guessed).
func (m *Model) PathCosts(mv rules.Movement, path []grid.Pos) (costs []int, guessed []bool) {
	costs = make([]int, len(path))
	for i, q := range path {
		c, g, ok := m.stepCost(mv, q)
		if ok {
			costs[i] = c
		}
		if g {
			if guessed == nil {
				guessed = make([]bool, len(path))
			}
			guessed[i] = true
		}
	}
	return costs, guessed
}

// hostileAt reports whether the view shows another player's force, or a
// settlement not the player's, on p.
func (m *Model) hostileAt(p grid.Pos) bool {
	for _, s := range m.v.Sightings {
		if s.Pos == p {
			return true
		}
	}
	st := m.SettlementAt(p)
	return st != nil && st.Owner != m.You()
}

// maxPath bounds a movement order's length, as the rules do.
func maxPath(v *rules.View) int { return 2 * (v.Width + v.Height) }

// MoveTo orders the player's army id to p along the planned path.
func (m *Model) MoveTo(id rules.ForceID, p grid.Pos) error {
	pl, err := m.PlanPath(id, p)
	if err != nil {
		return err
	}
	return m.Move(id, pl.Path)
}

// Move gives the player's army id the path (an empty path stops it). A
// path equal to the army's standing order takes back the drafted move.
func (m *Model) Move(id rules.ForceID, path []grid.Pos) error {
	f := m.Force(id)
	if f == nil || f.Garrison {
		return errors.New("only an army of yours moves")
	}
	if Drafted(id) {
		for i := range m.drafts {
			if m.drafts[i].NewArmy == id {
				m.drafts[i].Order.Path = slices.Clone(path)
				m.changed()
				return nil
			}
		}
		return errors.New("no such drafted army")
	}
	o := rules.Order{Kind: rules.Move, Force: id, Path: slices.Clone(path)}
	var standing []grid.Pos
	if vf := m.v.Force(id); vf != nil {
		standing = vf.Path
	}
	m.replace(func(d *Draft) bool { return d.Order.Kind == rules.Move && d.Order.Force == id }, o, slices.Equal(path, standing))
	return nil
}

// replace puts order o in the place of the draft match finds (or after
// the drafts), or with drop takes that draft back.
func (m *Model) replace(match func(*Draft) bool, o rules.Order, drop bool) {
	i := slices.IndexFunc(m.drafts, func(d Draft) bool { return match(&d) })
	switch {
	case i >= 0 && drop:
		m.drafts = slices.Delete(m.drafts, i, i+1)
	case i >= 0:
		m.drafts[i] = Draft{Order: o}
	case !drop:
		m.drafts = append(m.drafts, Draft{Order: o})
	}
	m.changed()
}

// Produce makes the player's settlement st produce kind k plus one (0:
// nothing). Choosing what it produces now takes the order back.
func (m *Model) Produce(st rules.SettlementID, value int) error {
	s := m.ownSettlement(st)
	if s == nil {
		return errors.New("you hold no such settlement")
	}
	if value > 0 {
		if why := m.CannotProduce(s, dat.Kind(value-1)); why != "" {
			return errors.New(why)
		}
	}
	q := slices.Clone(s.Queue)
	if value == 0 {
		q = nil
	}
	m.setProduce(s, value, q)
	return nil
}

// Queue adds kind value-1 to what the player's settlement st produces
// next: after the unit it produces and those queued before, in order;
// with the queue done it goes on with the last.
func (m *Model) Queue(st rules.SettlementID, value int) error {
	s := m.ownSettlement(st)
	switch {
	case s == nil:
		return errors.New("you hold no such settlement")
	case value < 1 || value > len(m.d.Units):
		return fmt.Errorf("no unit kind %d", value-1)
	case s.Produce == 0:
		return errors.New("choose the unit it produces first")
	case len(s.Queue) >= rules.MaxQueue:
		return fmt.Errorf("the queue is full (%d units)", rules.MaxQueue)
	}
	if why := m.CannotProduce(s, dat.Kind(value-1)); why != "" {
		return errors.New(why)
	}
	m.setProduce(s, s.Produce, append(slices.Clone(s.Queue), value))
	return nil
}

// ClearQueue empties settlement st's queue: it goes on with the unit it
// produces.
func (m *Model) ClearQueue(st rules.SettlementID) error {
	s := m.ownSettlement(st)
	if s == nil {
		return errors.New("you hold no such settlement")
	}
	m.setProduce(s, s.Produce, nil)
	return nil
}

// setProduce drafts settlement s's production: value and the queue q; a
// draft that asks for what the settlement does already is taken back.
func (m *Model) setProduce(s *rules.SettlementView, value int, q []int) {
	now := m.v.SettlementAt(s.Pos)
	same := now != nil && now.Produce == value && slices.Equal(now.Queue, q)
	m.replace(func(d *Draft) bool { return d.Order.Kind == rules.Produce && d.Order.Settlement == s.ID },
		rules.Order{Kind: rules.Produce, Settlement: s.ID, Value: value, Queue: q}, same)
}

// CannotProduce says why settlement s cannot produce kind k, "" if it
// can (rules.CannotProduce, with the sea as the view shows it).
func (m *Model) CannotProduce(s *rules.SettlementView, k dat.Kind) string {
	return rules.CannotProduce(m.d, s.City, m.v.NextToSea(s.Pos), k)
}

// Forward forwards what the player's settlement st produces to its force
// to (0: it joins the garrison).
func (m *Model) Forward(st rules.SettlementID, to rules.ForceID) error {
	s := m.ownSettlement(st)
	if s == nil {
		return errors.New("you hold no such settlement")
	}
	if to != 0 {
		if Drafted(to) {
			return errors.New("a new army can be forwarded to once the turn is played")
		}
		if m.Force(to) == nil {
			return errors.New("no such force of yours")
		}
	}
	now := m.v.SettlementAt(s.Pos)
	m.replace(func(d *Draft) bool { return d.Order.Kind == rules.Forward && d.Order.Settlement == st },
		rules.Order{Kind: rules.Forward, Settlement: st, To: to}, now != nil && now.Forward == to)
	return nil
}

// Peace sets the peace mode of the player's force id.
func (m *Model) Peace(id rules.ForceID, on bool) error {
	if Drafted(id) {
		return errors.New("a new army keeps the peace mode of the force it is split from")
	}
	if m.Force(id) == nil {
		return errors.New("no such force of yours")
	}
	vf := m.v.Force(id)
	v := 0
	if on {
		v = 1
	}
	m.replace(func(d *Draft) bool { return d.Order.Kind == rules.Peace && d.Order.Force == id },
		rules.Order{Kind: rules.Peace, Force: id, Value: v}, vf != nil && vf.Peace == on)
	return nil
}

// Split drafts a new force of units of the player's force id, in its
// square: an army (which a later Move gives its path), or with garrison a
// garrison of the player's settlement there. It returns the new force's
// number (see Drafted) and selects it. "A new army is created by
// splitting off units from a garrison."
func (m *Model) Split(id rules.ForceID, units []rules.UnitID, garrison bool) (rules.ForceID, error) {
	if Drafted(id) {
		return 0, errors.New("a new army cannot be split again this turn: take back its split instead")
	}
	o := rules.Order{Kind: rules.Split, Force: id, Units: slices.Clone(units), Garrison: garrison}
	nf := m.next
	d := Draft{Order: o, NewArmy: nf}
	if err := m.check(d); err != nil {
		return 0, err
	}
	m.next++
	m.drafts = append(m.drafts, d)
	m.changed()
	m.SelectForce(nf)
	return nf, nil
}

// Transfer drafts moving units (none: all) of the player's force from to
// its force to, in the same square. "The player can freely change units
// between his armies and/or his garrisons while they are in the same
// square."
func (m *Model) Transfer(from, to rules.ForceID, units []rules.UnitID) error {
	if Drafted(from) || Drafted(to) {
		return errors.New("a new army takes its units when it is split off: take back the split to change them")
	}
	d := Draft{Order: rules.Order{Kind: rules.Transfer, Force: from, To: to, Units: slices.Clone(units)}}
	if err := m.check(d); err != nil {
		return err
	}
	m.drafts = append(m.drafts, d)
	m.changed()
	return nil
}

// check reports why draft d would be refused after the drafts there are.
func (m *Model) check(d Draft) error {
	forces, sts := m.cloneForces(), slices.Clone(m.settlements)
	if why := m.apply(&forces, sts, &d); why != "" {
		return errors.New(why)
	}
	return nil
}

// Drafts returns the turn's orders, in the order they are carried out.
func (m *Model) Drafts() []Draft { return m.drafts }

// Remove takes back draft i (a split with its army's path).
func (m *Model) Remove(i int) {
	if i < 0 || i >= len(m.drafts) {
		return
	}
	m.drafts = slices.Delete(m.drafts, i, i+1)
	m.changed()
}

// Orders returns the orders to send: the drafts the rules would not
// refuse, as the client sees them.
func (m *Model) Orders() []rules.Order {
	var out []rules.Order
	for _, d := range m.drafts {
		if d.Err == "" {
			out = append(out, d.Order)
		}
	}
	return out
}

// Submission returns the orders to send, encoded, and false without a
// view or for a spectator. The server's verdict on them comes to
// Rejected.
func (m *Model) Submission() ([]byte, bool) {
	if m.v == nil || m.You() == 0 {
		return nil, false
	}
	m.sentIdx = m.sentIdx[:0]
	for i, d := range m.drafts {
		if d.Err == "" {
			m.sentIdx = append(m.sentIdx, i)
		}
	}
	data, err := rules.EncodeOrders(m.Orders())
	if err != nil {
		return nil, false
	}
	m.sent = m.version
	return data, true
}

// Rejected takes the server's verdict on the orders Submission gave last:
// the refused ones, by their index in that list. A verdict on a list the
// player changed since is not the drafts'.
func (m *Model) Rejected(errs []protocol.Rejection) {
	if m.sent != m.version {
		return
	}
	for i := range m.drafts {
		m.drafts[i].Rejected = ""
	}
	for _, e := range errs {
		if e.Index >= 0 && e.Index < len(m.sentIdx) {
			m.drafts[m.sentIdx[e.Index]].Rejected = e.Reason
		}
	}
}

// ownSettlement returns the player's settlement st, as projected, or nil.
func (m *Model) ownSettlement(st rules.SettlementID) *rules.SettlementView {
	s := m.Settlement(st)
	if s == nil || s.Owner != m.You() || m.You() == 0 {
		return nil
	}
	return s
}

// cloneForces returns a deep copy of the projected forces.
func (m *Model) cloneForces() []rules.Force {
	out := make([]rules.Force, len(m.forces))
	for i, f := range m.forces {
		f.Units = slices.Clone(f.Units)
		f.Path = slices.Clone(f.Path)
		out[i] = f
	}
	return out
}

// project makes the projection: the view's forces and settlements with
// the drafts applied in order, each draft's Err set; forces left with no
// units are gone, as the rules have them wink out.
func (m *Model) project() {
	if m.v == nil {
		m.forces, m.settlements = nil, nil
		return
	}
	forces := make([]rules.Force, 0, len(m.v.Forces))
	for _, f := range m.v.Forces {
		if f.Owner == m.You() || m.You() == 0 {
			f.Units = slices.Clone(f.Units)
			f.Path = slices.Clone(f.Path)
			forces = append(forces, f)
		}
	}
	sts := slices.Clone(m.v.Settlements)
	for i := range m.drafts {
		m.drafts[i].Err = m.apply(&forces, sts, &m.drafts[i])
	}
	forces = slices.DeleteFunc(forces, func(f rules.Force) bool { return len(f.Units) == 0 })
	slices.SortStableFunc(forces, func(a, b rules.Force) int { return cmp.Compare(a.ID, b.ID) })
	m.forces, m.settlements = forces, sts
}

// apply carries out draft d on forces and settlements sts as the rules
// would, and returns why they would refuse it ("" if they would not); a
// refused draft changes nothing.
func (m *Model) apply(forces *[]rules.Force, sts []rules.SettlementView, d *Draft) string {
	o := &d.Order
	you := m.You()
	g := m.v.Grid()
	own := func(id rules.ForceID) *rules.Force {
		for i := range *forces {
			if f := &(*forces)[i]; f.ID == id && f.Owner == you {
				return f
			}
		}
		return nil
	}
	ownSt := func(id rules.SettlementID) *rules.SettlementView {
		for i := range sts {
			if sts[i].ID == id && sts[i].Owner == you {
				return &sts[i]
			}
		}
		return nil
	}
	pick := func(f *rules.Force, ids []rules.UnitID) (keep, take []rules.Unit, why string) {
		if len(ids) == 0 {
			return nil, slices.Clone(f.Units), ""
		}
		for i, id := range ids {
			if slices.Contains(ids[:i], id) {
				return nil, nil, fmt.Sprintf("unit %v named twice", id)
			}
			if !slices.ContainsFunc(f.Units, func(u rules.Unit) bool { return u.ID == id }) {
				return nil, nil, fmt.Sprintf("%s has no unit %v (any more)", forceName(f), id)
			}
		}
		for _, u := range f.Units {
			if slices.Contains(ids, u.ID) {
				take = append(take, u)
			} else {
				keep = append(keep, u)
			}
		}
		return keep, take, ""
	}
	checkPath := func(from grid.Pos, path []grid.Pos) string {
		if len(path) > maxPath(m.v) {
			return fmt.Sprintf("a path of %d squares is longer than %d", len(path), maxPath(m.v))
		}
		prev := from
		for i, q := range path {
			if !g.Contains(q) || !g.Adjacent(prev, q) {
				return fmt.Sprintf("step %d (%v) is not next to %v", i+1, q, prev)
			}
			prev = q
		}
		return ""
	}
	switch o.Kind {
	case rules.Move:
		f := own(o.Force)
		switch {
		case f == nil:
			return fmt.Sprintf("you have no force %v (any more)", o.Force)
		case f.Garrison:
			return "a garrison does not move (split off an army)"
		}
		if why := checkPath(f.Pos, o.Path); why != "" {
			return why
		}
		f.Path = slices.Clone(o.Path)
	case rules.Produce:
		st := ownSt(o.Settlement)
		if st == nil {
			return fmt.Sprintf("you hold no settlement %d", o.Settlement)
		}
		if o.Value > 0 {
			if why := m.CannotProduce(st, dat.Kind(o.Value-1)); why != "" {
				return why
			}
		}
		st.Queue = slices.Clone(o.Queue)
		if st.Produce != o.Value {
			st.Produce, st.Progress = o.Value, 0
		}
	case rules.Forward:
		st := ownSt(o.Settlement)
		if st == nil {
			return fmt.Sprintf("you hold no settlement %d", o.Settlement)
		}
		if o.To != 0 && own(o.To) == nil {
			return fmt.Sprintf("you have no force %v (any more)", o.To)
		}
		st.Forward = o.To
	case rules.Split:
		f := own(o.Force)
		if f == nil {
			return fmt.Sprintf("you have no force %v (any more)", o.Force)
		}
		if len(o.Units) == 0 {
			return "name the units to split off"
		}
		keep, take, why := pick(f, o.Units)
		if why != "" {
			return why
		}
		if o.Garrison {
			st := ownStAt(sts, f.Pos, you)
			if st == nil {
				return "a garrison stays in a settlement of yours"
			}
			if len(o.Path) > 0 {
				return "a garrison does not move"
			}
		} else if why := checkPath(f.Pos, o.Path); why != "" {
			return why
		}
		nf := rules.Force{ID: d.NewArmy, Owner: you, Pos: f.Pos, Garrison: o.Garrison, Peace: f.Peace, Units: take, Path: slices.Clone(o.Path)}
		f.Units = keep
		*forces = append(*forces, nf)
	case rules.Transfer:
		f, to := own(o.Force), own(o.To)
		switch {
		case f == nil:
			return fmt.Sprintf("you have no force %v (any more)", o.Force)
		case to == nil:
			return fmt.Sprintf("you have no force %v (any more)", o.To)
		case f.ID == to.ID:
			return "a force cannot join itself"
		case f.Pos != to.Pos:
			return fmt.Sprintf("%s is at %v, %s at %v: units change forces in one square", forceName(f), f.Pos, forceName(to), to.Pos)
		}
		keep, take, why := pick(f, o.Units)
		if why != "" {
			return why
		}
		f.Units = keep
		to.Units = append(to.Units, take...)
	case rules.Peace:
		f := own(o.Force)
		if f == nil {
			return fmt.Sprintf("you have no force %v (any more)", o.Force)
		}
		f.Peace = o.Value != 0
	default:
		return fmt.Sprintf("no such order (kind %d)", o.Kind)
	}
	return ""
}

// Unguarded warns that the player's settlement st will have no force
// of the player's to defend it once the drafted orders are carried out:
// "If there is no defending garrison, an army occupying the settlement
// square is enough for conquering." It says why when the settlement's
// units are forwarded, and is "" for a guarded settlement.
func (m *Model) Unguarded(st *rules.SettlementView) string {
	if st.Owner != m.You() || m.You() == 0 || m.guarded(st.Pos) {
		return ""
	}
	what := settlementWord(st.City)
	if st.Forward != 0 {
		return fmt.Sprintf("Unguarded: no garrison stays, and its units are forwarded: any army that walks in takes the %s. "+
			"Forward… > Keep them in the garrison, or leave units here.", what)
	}
	return fmt.Sprintf("Unguarded: no garrison stays: any army that walks in takes the %s.", what)
}

// guarded reports whether a force of the player's will hold square p
// once the drafted orders are carried out: a garrison, or an army that
// stays.
func (m *Model) guarded(p grid.Pos) bool {
	for _, f := range m.ForcesAt(p) {
		if len(f.Units) > 0 && (f.Garrison || len(f.Path) == 0) {
			return true
		}
	}
	return false
}

// ownStAt returns seat you's settlement of sts on p, or nil.
func ownStAt(sts []rules.SettlementView, p grid.Pos, you rules.Seat) *rules.SettlementView {
	for i := range sts {
		if sts[i].Pos == p && sts[i].Owner == you {
			return &sts[i]
		}
	}
	return nil
}
