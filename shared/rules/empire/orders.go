package empire

import (
	"errors"
	"fmt"
	"slices"

	"empires/shared/grid"
	"empires/shared/rules/empire/dat"
	"empires/shared/ruleset"
	"empires/shared/wire"
)

// OrderKind is what an order does.
type OrderKind uint8

// The kinds of order.
const (
	// Move gives army Force the path Path (adjacent squares from where it
	// stands); an empty path stops it.
	Move OrderKind = iota + 1
	// Produce makes settlement Settlement produce unit kind Value-1 (0:
	// nothing), then the kinds of Queue (each plus one) in order.
	Produce
	// Forward forwards settlement Settlement's produced units to force
	// To (0: they join the garrison).
	Forward
	// Split makes a new force of the units Units of Force, in its square:
	// an army (given Path at once, if any) or, with Garrison, a garrison of
	// the player's settlement there. "A new army is created by splitting
	// off units from a garrison."
	Split
	// Transfer moves units Units (none: all) of Force to force To in the
	// same square. "The player can freely change units between his armies
	// and/or his garrisons while they are in the same square."
	Transfer
	// Peace sets force Force's peace mode to Value != 0.
	Peace
)

// String names the kind.
func (k OrderKind) String() string {
	switch k {
	case Move:
		return "move"
	case Produce:
		return "produce"
	case Forward:
		return "forward"
	case Split:
		return "split"
	case Transfer:
		return "transfer"
	case Peace:
		return "peace"
	}
	return fmt.Sprintf("order kind %d", k)
}

// Order is one order of a player for a turn.
type Order struct {
	Kind       OrderKind
	Force      ForceID      `msgpack:",omitempty"`
	Settlement SettlementID `msgpack:",omitempty"`
	To         ForceID      `msgpack:",omitempty"`
	Units      []UnitID     `msgpack:",omitempty"`
	Path       []grid.Pos   `msgpack:",omitempty"`
	Garrison   bool         `msgpack:",omitempty"`
	Queue      []int        `msgpack:",omitempty"`
	Value      int          `msgpack:",omitempty"`
}

// String describes the order for a refusal: "move force 12".
func (o *Order) String() string {
	switch o.Kind {
	case Produce, Forward:
		return fmt.Sprintf("%s at settlement %d", o.Kind, o.Settlement)
	}
	return fmt.Sprintf("%s force %v", o.Kind, o.Force)
}

// MaxQueue bounds a settlement's production queue.
const MaxQueue = 16

// MaxOrders bounds one player's orders for a turn.
const MaxOrders = 4096

// EncodeOrders encodes a player's orders for a turn.
func EncodeOrders(os []Order) ([]byte, error) { return wire.Marshal(os) }

// DecodeOrders reads an order list EncodeOrders wrote.
func DecodeOrders(b []byte) ([]Order, error) {
	var os []Order
	if err := wire.Unmarshal(b, &os); err != nil {
		return nil, fmt.Errorf("%s orders: %w", ID, err)
	}
	if len(os) > MaxOrders {
		return nil, wire.Malformed(fmt.Errorf("%s orders: %d orders, at most %d", ID, len(os), MaxOrders))
	}
	return os, nil
}

// errRefused marks an order's refusal reason.
var errRefused = errors.New("refused")

func refuse(format string, args ...any) error {
	return fmt.Errorf("%w: "+format, append([]any{errRefused}, args...)...)
}

// apply checks order o of seat p against the game now and, if it is
// valid, carries it out (management orders and standing orders; armies
// move later, in the movement steps). A refused order changes nothing.
func (g *Game) apply(p Seat, o *Order) error {
	s := g.s
	gr := s.grid()
	own := func(id ForceID) (*Force, error) {
		f := s.force(id)
		if f == nil || f.Owner != p {
			return nil, refuse("you have no force %v", id)
		}
		return f, nil
	}
	ownSettlement := func(id SettlementID) (*Settlement, error) {
		st := s.settlement(id)
		if st == nil || st.Owner != p {
			return nil, refuse("you hold no settlement %d", id)
		}
		return st, nil
	}
	pick := func(f *Force, ids []UnitID) (keep, take []Unit, err error) {
		if len(ids) == 0 {
			return nil, slices.Clone(f.Units), nil
		}
		for i, id := range ids {
			if slices.Contains(ids[:i], id) {
				return nil, nil, refuse("unit %v named twice", id)
			}
			if !slices.ContainsFunc(f.Units, func(u Unit) bool { return u.ID == id }) {
				return nil, nil, refuse("force %v has no unit %v", f.ID, id)
			}
		}
		for _, u := range f.Units {
			if slices.Contains(ids, u.ID) {
				take = append(take, u)
			} else {
				keep = append(keep, u)
			}
		}
		return keep, take, nil
	}
	checkPath := func(from grid.Pos, path []grid.Pos) error {
		if len(path) > maxPath(s.Width, s.Height) {
			return refuse("a path of %d squares is longer than %d", len(path), maxPath(s.Width, s.Height))
		}
		prev := from
		for i, q := range path {
			if !gr.Contains(q) {
				return refuse("step %d (%v) is off the map", i+1, q)
			}
			if !gr.Adjacent(prev, q) {
				return refuse("step %d (%v) is not next to %v", i+1, q, prev)
			}
			prev = q
		}
		return nil
	}
	switch o.Kind {
	case Move:
		f, err := own(o.Force)
		if err != nil {
			return err
		}
		if f.Garrison {
			return refuse("a garrison does not move (split off an army)")
		}
		if err := checkPath(f.Pos, o.Path); err != nil {
			return err
		}
		f.Path = slices.Clone(o.Path)
	case Produce:
		st, err := ownSettlement(o.Settlement)
		if err != nil {
			return err
		}
		if o.Value < 0 || o.Value > len(g.d.Units) {
			return refuse("no unit kind %d", o.Value-1)
		}
		if o.Value > 0 {
			if why := g.cannotProduce(st, o.Value-1); why != "" {
				return refuse("%s", why)
			}
		}
		if len(o.Queue) > MaxQueue {
			return refuse("a queue of %d units is longer than %d", len(o.Queue), MaxQueue)
		}
		for _, k := range o.Queue {
			if k < 1 || k > len(g.d.Units) {
				return refuse("no unit kind %d", k-1)
			}
			if why := g.cannotProduce(st, k-1); why != "" {
				return refuse("%s", why)
			}
		}
		if len(o.Queue) > 0 && o.Value == 0 {
			return refuse("a queue after nothing: name the unit to produce first")
		}
		st.Queue = slices.Clone(o.Queue)
		if st.Produce != o.Value {
			// CHOICE: a settlement that changes what it produces starts
			// the new unit from nothing.
			st.Produce, st.Progress = o.Value, 0
		}
	case Forward:
		st, err := ownSettlement(o.Settlement)
		if err != nil {
			return err
		}
		if o.To != 0 {
			if _, err := own(o.To); err != nil {
				return err
			}
		}
		st.Forward = o.To
	case Split:
		f, err := own(o.Force)
		if err != nil {
			return err
		}
		if len(o.Units) == 0 {
			return refuse("name the units to split off")
		}
		keep, take, err := pick(f, o.Units)
		if err != nil {
			return err
		}
		nf := Force{ID: ForceID(0), Owner: p, Pos: f.Pos, Garrison: o.Garrison, Peace: f.Peace, Units: take}
		if o.Garrison {
			if st := s.settlementAt(f.Pos); st == nil || st.Owner != p {
				return refuse("a garrison stays in a settlement of yours")
			}
			if len(o.Path) > 0 {
				return refuse("a garrison does not move")
			}
		} else if err := checkPath(f.Pos, o.Path); err != nil {
			return err
		}
		nf.Path = slices.Clone(o.Path)
		f.Units = keep
		nf.ID = ForceID(s.newID(p))
		s.insertForce(nf)
	case Transfer:
		f, err := own(o.Force)
		if err != nil {
			return err
		}
		to, err := own(o.To)
		if err != nil {
			return err
		}
		if to.ID == f.ID {
			return refuse("a force cannot join itself")
		}
		if to.Pos != f.Pos {
			return refuse("force %v is at %v, force %v at %v: units change forces in one square", f.ID, f.Pos, to.ID, to.Pos)
		}
		keep, take, err := pick(f, o.Units)
		if err != nil {
			return err
		}
		f.Units = keep
		to.Units = append(to.Units, take...)
	case Peace:
		f, err := own(o.Force)
		if err != nil {
			return err
		}
		f.Peace = o.Value != 0
	default:
		return refuse("no such order (kind %d)", o.Kind)
	}
	return nil
}

// cannotProduce says why settlement st cannot produce kind k, "" if it can.
func (g *Game) cannotProduce(st *Settlement, k int) string {
	return CannotProduce(g.d, st.City, g.nextToSea(st.Pos), dat.Kind(k))
}

// CannotProduce says why a settlement (a city or a town, next to the sea
// or not) cannot produce kind k, "" if it can: "towns: ... all units
// without "*" (no sea units, if not adjacent to a sea square)"; "cities:
// ... all units including those marked with an "*"". A sea unit is one
// that cannot move on dry land.
func CannotProduce(d *dat.Data, city, nextToSea bool, k dat.Kind) string {
	if int(k) >= len(d.Units) {
		return fmt.Sprintf("no unit kind %d", k)
	}
	ut := d.Unit(k)
	if ut.CityOnly && !city {
		return fmt.Sprintf("a %s is produced only in cities", ut.Name)
	}
	if !ut.Land() && !nextToSea {
		return fmt.Sprintf("a %s is produced only next to the sea", ut.Name)
	}
	return ""
}

// NextToSea reports whether the view shows a sea square beside p.
func (v *View) NextToSea(p grid.Pos) bool {
	g := v.Grid()
	for _, q := range g.Neighbours(nil, p) {
		if i := g.Index(q); v.Terrain != nil && v.Terrain[i] == uint8(dat.Sea) {
			return true
		}
	}
	return false
}

// nextToSea reports whether p has a sea square beside it.
func (g *Game) nextToSea(p grid.Pos) bool {
	for _, q := range g.s.grid().Neighbours(nil, p) {
		if g.s.terrain(q) == dat.Sea {
			return true
		}
	}
	return false
}

// Check implements ruleset.Game.
func (g *Game) Check(p Seat, b []byte) ([]ruleset.Rejection, error) {
	os, err := DecodeOrders(b)
	if err != nil {
		return nil, err
	}
	if !g.Step().Acts(p) {
		return []ruleset.Rejection{{Reason: "you have no orders to give now"}}, nil
	}
	scratch := &Game{d: g.d, s: g.s.clone(), hash: g.hash}
	var rej []ruleset.Rejection
	for i := range os {
		if err := scratch.apply(p, &os[i]); err != nil {
			rej = append(rej, ruleset.Rejection{Index: i, Order: os[i].String(), Reason: reason(err)})
		}
	}
	return rej, nil
}

// reason is a refusal's words without the marker.
func reason(err error) string {
	msg := err.Error()
	const prefix = "refused: "
	if len(msg) > len(prefix) && msg[:len(prefix)] == prefix {
		return msg[len(prefix):]
	}
	return msg
}
