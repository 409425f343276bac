// Package hexgame makes a ruleset built on the hex engine (package game)
// a platform ruleset (package ruleset): the server core hosts it without
// knowing hexes. Every step of such a game is simultaneous: one turn, one
// resolution (game.Resolve), so Step.Seq is the turn.
//
// The payloads are the engine's wire forms: orders a list of game.Order
// (structs as arrays, as the protocol always sent them), views and deltas
// game.EncodeView and EncodeDelta, events a list of game.Event, saves
// game.Encode.
package hexgame

import (
	"errors"
	"fmt"
	"slices"

	"github.com/vmihailenco/msgpack/v5"

	"empires/shared/game"
	"empires/shared/mapgen"
	"empires/shared/ruleset"
	"empires/shared/wire"
)

// Rules is what a hex ruleset gives: the engine's Ruleset and a new game.
type Rules interface {
	game.Ruleset
	// NewGame starts a game on a generated map.
	NewGame(seed uint64, width, height, players int, names []string) (*game.State, error)
}

// Spec describes a hex ruleset to the platform.
type Spec struct {
	// Info is the ruleset's description; its Hash is filled in from Data.
	// Its settings must include ruleset.KeyWidth and KeyHeight.
	Info ruleset.Info
	// Data is the rules data (a TOML file); Parse reads it.
	Data  []byte
	Parse func(data []byte) (Rules, error)
	// Missed is the ruleset's count of turns in a row player p sent no
	// orders; ReplaceAfter the count at which the AI takes the seat over
	// (0: never).
	Missed       func(s *game.State, p game.PlayerID) int
	ReplaceAfter func(r Rules) int
	// NewAI returns the orders function of an AI player at level.
	NewAI func(r Rules, level string, seed uint64) (func(*game.View) []game.Order, error)
	// NewListener, if set, makes the AI players instead of NewAI: players
	// that also hear what their seat is told (ruleset.Listener).
	NewListener func(r Rules, level string, seed uint64) (Listener, error)
	// HiddenLevels are AI levels NewAI also plays but no game offers
	// (older levels the strength ladder compares with).
	HiddenLevels []string
}

// Ruleset is a hex ruleset on the platform.
type Ruleset struct {
	spec  Spec
	rules Rules
	info  ruleset.Info
}

// New returns the platform ruleset of spec, its rules read from spec.Data.
func New(spec Spec) (*Ruleset, error) {
	r, err := spec.Parse(spec.Data)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", spec.Info.ID, err)
	}
	info := spec.Info
	info.Hash = ruleset.HashData(spec.Data)
	info.Dict = templatesHash
	if !info.HasMap() {
		return nil, fmt.Errorf("%s: a hex ruleset needs the settings %s and %s", info.ID, ruleset.KeyWidth, ruleset.KeyHeight)
	}
	if err := info.Check(); err != nil {
		return nil, err
	}
	return &Ruleset{spec: spec, rules: r, info: info}, nil
}

// Rules returns the engine's ruleset, for the tools and client modules
// that know hexes.
func (r *Ruleset) Rules() Rules { return r.rules }

// Info implements ruleset.Ruleset.
func (r *Ruleset) Info() ruleset.Info {
	in := r.info
	in.Settings = slices.Clone(in.Settings)
	in.Levels = slices.Clone(in.Levels)
	return in
}

// Templates implements ruleset.Templater: the build's dictionary of
// event templates (Templates), which Info.Dict names.
func (r *Ruleset) Templates() []string { return Templates() }

// Data implements ruleset.Ruleset.
func (r *Ruleset) Data() []byte { return slices.Clone(r.spec.Data) }

// WithData implements ruleset.Ruleset.
func (r *Ruleset) WithData(data []byte) (ruleset.Ruleset, error) {
	spec := r.spec
	spec.Data = slices.Clone(data)
	x, err := New(spec)
	if err != nil {
		return nil, err // not a nil *Ruleset in the interface
	}
	return x, nil
}

// CheckConfig implements ruleset.ConfigChecker: the settings' bounds, the
// seats, and as many players as the map holds (mapgen.MaxPlayersFor).
func (r *Ruleset) CheckConfig(cfg ruleset.Config) error {
	_, _, err := r.mapSize(cfg)
	return err
}

// mapSize checks cfg and returns its map's size.
func (r *Ruleset) mapSize(cfg ruleset.Config) (w, h int, err error) {
	if err := r.info.CheckOptions(cfg.Options); err != nil {
		return 0, 0, err
	}
	d := r.info.Defaults()
	w, h = cfg.Options.Get(ruleset.KeyWidth, d[ruleset.KeyWidth]), cfg.Options.Get(ruleset.KeyHeight, d[ruleset.KeyHeight])
	if cfg.Seats < r.info.MinSeats || cfg.Seats > r.info.MaxSeats {
		return 0, 0, fmt.Errorf("%d players: %s is for %d to %d", cfg.Seats, r.info.Title, r.info.MinSeats, r.info.MaxSeats)
	}
	if n := mapgen.MaxPlayersFor(w, h); cfg.Seats > n {
		return 0, 0, fmt.Errorf("a %dx%d map holds at most %d players: make it larger or seat fewer", w, h, n)
	}
	return w, h, nil
}

// New implements ruleset.Ruleset: a map of the options' width and height.
func (r *Ruleset) New(cfg ruleset.Config) (ruleset.Game, error) {
	w, h, err := r.mapSize(cfg)
	if err != nil {
		return nil, err
	}
	s, err := r.rules.NewGame(cfg.Seed, w, h, cfg.Seats, cfg.Names)
	if err != nil {
		return nil, err
	}
	return r.Game(s), nil
}

// HiddenLevels returns the AI levels NewAI plays that no game offers.
func (r *Ruleset) HiddenLevels() []string { return slices.Clone(r.spec.HiddenLevels) }

// Game returns s as a platform game (a scenario, a test's state). The
// game plays s itself, not a copy.
func (r *Ruleset) Game(s *game.State) *Game { return &Game{rs: r, s: s} }

// Load implements ruleset.Ruleset: game.Decode, then the state's checks.
func (r *Ruleset) Load(save []byte) (ruleset.Game, error) {
	s, err := game.Decode(save)
	if err != nil {
		return nil, err
	}
	if s.Ruleset != r.info.ID {
		return nil, fmt.Errorf("the game is of ruleset %q, not %q", s.Ruleset, r.info.ID)
	}
	if err := s.Validate(len(r.rules.Terrain())); err != nil {
		return nil, err
	}
	return r.Game(s), nil
}

// DecodeView implements ruleset.Ruleset.
func (r *Ruleset) DecodeView(data []byte) (ruleset.View, error) {
	v, err := game.DecodeView(data)
	if err != nil {
		return nil, err
	}
	return &View{V: v}, nil
}

// NewAI implements ruleset.Ruleset.
func (r *Ruleset) NewAI(level string, seed uint64) (ruleset.AI, error) {
	if !slices.Contains(r.info.Levels, level) && !slices.Contains(r.spec.HiddenLevels, level) {
		return nil, fmt.Errorf("%s has no AI level %q (it has %v)", r.info.Title, level, r.info.Levels)
	}
	if r.spec.NewListener != nil {
		l, err := r.spec.NewListener(r.rules, level, seed)
		if err != nil {
			return nil, err
		}
		return listeningAI{l}, nil
	}
	f, err := r.spec.NewAI(r.rules, level, seed)
	if err != nil {
		return nil, err
	}
	return aiPlayer(f), nil
}

// Game is a hex game on the platform.
type Game struct {
	rs *Ruleset
	s  *game.State
}

// State returns the engine's state the game plays (read it only).
func (g *Game) State() *game.State { return g.s }

// Step implements ruleset.Game: every live player gives orders.
func (g *Game) Step() ruleset.Step {
	st := ruleset.Step{Mode: ruleset.Simultaneous, Turn: ruleset.Turn(g.s.Turn), Seq: uint32(g.s.Turn)}
	if g.s.Over {
		return st
	}
	for _, p := range g.s.Players {
		if p.Alive {
			st.Actors = append(st.Actors, ruleset.Seat(p.ID))
		}
	}
	return st
}

// Over implements ruleset.Game.
func (g *Game) Over() (bool, ruleset.Seat) { return g.s.Over, ruleset.Seat(g.s.Winner) }

// Seats implements ruleset.Game.
func (g *Game) Seats() int { return len(g.s.Players) }

// Player implements ruleset.Game.
func (g *Game) Player(s ruleset.Seat) ruleset.PlayerInfo {
	p := g.s.Player(game.PlayerID(s))
	if p == nil {
		return ruleset.PlayerInfo{}
	}
	return ruleset.PlayerInfo{Name: p.Name, Alive: p.Alive}
}

// Missed implements ruleset.Game.
func (g *Game) Missed(s ruleset.Seat) int {
	if g.rs.spec.Missed == nil {
		return 0
	}
	return g.rs.spec.Missed(g.s, game.PlayerID(s))
}

// ReplaceAfter implements ruleset.Game.
func (g *Game) ReplaceAfter() int {
	if g.rs.spec.ReplaceAfter == nil {
		return 0
	}
	return g.rs.spec.ReplaceAfter(g.rs.rules)
}

// DecodeOrders reads an order list as a client sends it, with the
// protocol's hostile-input rules: at most game.MaxOrders, each for turn.
// A msgpack nil is no orders.
func DecodeOrders(data []byte, turn game.Turn) ([]game.Order, error) {
	var orders []game.Order
	if err := wire.Unmarshal(data, &orders); err != nil {
		return nil, fmt.Errorf("orders: %w", err)
	}
	if len(orders) > game.MaxOrders {
		return nil, fmt.Errorf("%d orders: at most %d a turn", len(orders), game.MaxOrders)
	}
	for i := range orders {
		if orders[i].Turn != turn {
			return nil, fmt.Errorf("order %d is for turn %d, not turn %d", i+1, orders[i].Turn, turn)
		}
	}
	return orders, nil
}

// EncodeOrders returns orders as DecodeOrders reads them.
func EncodeOrders(orders []game.Order) ([]byte, error) {
	if orders == nil {
		orders = []game.Order{}
	}
	return wire.Marshal(orders)
}

// Check implements ruleset.Game: DecodeOrders, then the engine's and the
// ruleset's validation (game.OrderBook.Submit).
func (g *Game) Check(s ruleset.Seat, data []byte) ([]ruleset.Rejection, error) {
	if pl := g.s.Player(game.PlayerID(s)); pl == nil || !pl.Alive {
		return nil, fmt.Errorf("seat %d gives no orders in this game", s)
	}
	if g.s.Over {
		return nil, errors.New("the game is over")
	}
	orders, err := DecodeOrders(data, g.s.Turn)
	if err != nil {
		return nil, err
	}
	var book game.OrderBook
	return rejections(book.Submit(g.s, g.rs.rules, game.PlayerID(s), orders)), nil
}

func rejections(errs []*game.OrderError) []ruleset.Rejection {
	if len(errs) == 0 {
		return nil
	}
	out := make([]ruleset.Rejection, len(errs))
	for i, e := range errs {
		out[i] = ruleset.Rejection{Index: e.Index, Order: e.Order, Reason: e.Reason}
	}
	return out
}

// decodeSaved reads an order list the server itself accepted (or saved in
// an older build, whose store wrote structs as maps): bounded by
// CheckMsgpack, either struct form accepted.
func decodeSaved(data []byte) ([]game.Order, error) {
	if len(data) == 0 {
		return []game.Order{}, nil
	}
	if err := wire.CheckMsgpack(data); err != nil {
		return nil, err
	}
	var orders []game.Order
	if err := msgpack.Unmarshal(data, &orders); err != nil {
		return nil, err
	}
	if orders == nil {
		orders = []game.Order{}
	}
	return orders, nil
}

// Resolve implements ruleset.Game: game.Resolve with the submissions.
func (g *Game) Resolve(subs []ruleset.Submission) (ruleset.Outcome, error) {
	if g.s.Over {
		return nil, errors.New("the game is over")
	}
	po := make([]game.PlayerOrders, 0, len(subs))
	for _, sub := range subs {
		orders, err := decodeSaved(sub.Orders)
		if err != nil {
			return nil, fmt.Errorf("orders of seat %d: %w", sub.Seat, err)
		}
		po = append(po, game.PlayerOrders{Player: game.PlayerID(sub.Seat), Orders: orders})
	}
	slices.SortFunc(po, func(a, b game.PlayerOrders) int { return int(a.Player) - int(b.Player) })
	ev := game.Resolve(g.s, g.rs.rules, po)
	return &Outcome{g: g, Ev: ev}, nil
}

// Act implements ruleset.Game: a hex game has no interactive steps.
func (g *Game) Act(ruleset.Seat, []byte) (ruleset.Outcome, error) {
	return nil, &ruleset.Rejection{Reason: "this game takes orders for the whole turn, not single actions"}
}

// View implements ruleset.Game.
func (g *Game) View(s ruleset.Seat, allSeeing bool) ruleset.View {
	if s == 0 && allSeeing {
		return &View{V: game.AllSeeingView(g.s)}
	}
	return &View{V: game.NewView(g.s, game.PlayerID(s))}
}

// Counts implements ruleset.Counter: "armies" and "cities" on the map
// now, whoever holds them.
func (g *Game) Counts() map[string]int {
	return map[string]int{"armies": len(g.s.Armies), "cities": len(g.s.Cities)}
}

// Save implements ruleset.Game.
func (g *Game) Save() ([]byte, error) { return game.Encode(g.s) }

// Outcome is a resolved turn's events.
type Outcome struct {
	g  *Game
	Ev *game.Events
}

// Count implements ruleset.Outcome.
func (o *Outcome) Count() int { return len(o.Ev.List) }

// Events implements ruleset.Outcome: what seat s could see (game.Events.For);
// a spectator gets the public events (no player, no place), and with
// allSeeing those on the map.
func (o *Outcome) Events(s ruleset.Seat, allSeeing bool) ([]byte, error) {
	return EncodeEvents(o.For(s, allSeeing), o.g.rs.rules)
}

// All returns every event of the step in the compact form, the players'
// own too: what a replay watched from above tells.
func (o *Outcome) All() ([]byte, error) { return EncodeEvents(o.Ev.List, o.g.rs.rules) }

// For returns the events seat s may know of (see Events).
func (o *Outcome) For(s ruleset.Seat, allSeeing bool) []game.Event {
	if s != 0 {
		return o.Ev.For(o.g.s, game.PlayerID(s))
	}
	var out []game.Event
	for _, e := range o.Ev.List {
		if (e.Player == 0 && !e.HasHex) || (e.HasHex && allSeeing) {
			out = append(out, e)
		}
	}
	return out
}

// View is a player's view of a hex game.
type View struct {
	V *game.View
}

// Checksum implements ruleset.View.
func (v *View) Checksum() uint64 { return v.V.Checksum() }

// Encode implements ruleset.View.
func (v *View) Encode() ([]byte, error) { return game.EncodeView(v.V) }

// Diff implements ruleset.View.
func (v *View) Diff(next ruleset.View) ([]byte, error) {
	n, ok := next.(*View)
	if !ok {
		return nil, fmt.Errorf("diff: a %T is no hex view", next)
	}
	return game.EncodeDelta(game.Diff(v.V, n.V))
}

// Apply implements ruleset.View.
func (v *View) Apply(delta []byte) (ruleset.View, error) {
	d, err := game.DecodeDelta(delta)
	if err != nil {
		return nil, err
	}
	nv, err := game.Apply(v.V, d)
	if err != nil {
		return nil, err
	}
	return &View{V: nv}, nil
}

// Listener is an engine AI player that hears what its seat is told
// (Spec.NewListener): Orders gives player v.You's orders from its view, as
// Spec.NewAI's function does; Hear takes the events player p was told of
// one step, decoded, in the order the steps were played (see
// ruleset.Listener).
type Listener interface {
	Orders(v *game.View) []game.Order
	Hear(p game.PlayerID, events []game.Event)
}

// listeningAI is an engine Listener as a platform AI and ruleset.Listener.
type listeningAI struct{ l Listener }

// Act implements ruleset.AI.
func (a listeningAI) Act(v ruleset.View, step ruleset.Step, s ruleset.Seat) ([]byte, error) {
	return aiPlayer(a.l.Orders).Act(v, step, s)
}

// Hear implements ruleset.Listener: it decodes events (DecodeEvents,
// without the battle reports' words, which no AI reads) and hands them to
// the engine AI; bytes that are no events are refused.
func (a listeningAI) Hear(s ruleset.Seat, events []byte) error {
	ev, err := DecodeEvents(events, nil)
	if err != nil {
		return fmt.Errorf("AI: %w", err)
	}
	a.l.Hear(game.PlayerID(s), ev)
	return nil
}

// aiPlayer is an engine AI as a platform AI.
type aiPlayer func(*game.View) []game.Order

// Act implements ruleset.AI.
func (f aiPlayer) Act(v ruleset.View, step ruleset.Step, s ruleset.Seat) ([]byte, error) {
	hv, ok := v.(*View)
	if !ok {
		return nil, fmt.Errorf("AI: a %T is no hex view", v)
	}
	return EncodeOrders(f(hv.V))
}
