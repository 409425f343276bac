package erfpires

import (
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"

	"empires/shared/game"
	"empires/shared/hex"
)

// candidates returns orders of every kind player p might give on s, valid
// or not, drawn from what p's view shows (its own armies and cities, the
// hexes around them, the other players), as a client or an AI might draft
// them.
func candidates(rng *rand.Rand, r *Rules, s *game.State, p game.PlayerID) []game.Order {
	v := game.NewView(s, p)
	out := []game.Order{{Turn: s.Turn, Kind: OrderTax}}
	for q := game.PlayerID(1); int(q) <= len(s.Players); q++ {
		out = append(out, game.Order{Turn: s.Turn, Kind: OrderTrade, Player: q}, game.Order{Turn: s.Turn, Kind: OrderTribute, Player: q})
	}
	near := func(h hex.Hex) hex.Hex { return h.Neighbor(hex.Direction(rng.IntN(hex.NumDirections))) }
	for _, c := range v.Cities {
		u := make(game.Units, len(r.D.Units))
		u[rng.IntN(len(u))] = int32(1 + rng.IntN(2))
		out = append(out, game.Order{Turn: s.Turn, Kind: OrderRecruit, City: c.ID, Units: u})
		if c.Owner == p {
			out = append(out, game.Order{Turn: s.Turn, Kind: OrderBuild, Unit: game.UnitKind(rng.IntN(len(r.D.Structures))), Hex: near(c.Hex)})
		}
	}
	for _, a := range v.Armies {
		if a.Owner != p {
			out = append(out, game.Order{Turn: s.Turn, Kind: game.OrderAttack, Army: a.ID, Target: a.ID})
			continue
		}
		out = append(out, game.Order{Turn: s.Turn, Kind: OrderBuildCity, Hex: a.Hex},
			game.Order{Turn: s.Turn, Kind: OrderBuild, Unit: game.UnitKind(rng.IntN(len(r.D.Structures))), Hex: a.Hex})
		first := near(a.Hex)
		for _, k := range []game.OrderKind{game.OrderMove, game.OrderAttack} {
			out = append(out, game.Order{Turn: s.Turn, Kind: k, Army: a.ID, Path: []hex.Hex{first}},
				game.Order{Turn: s.Turn, Kind: k, Army: a.ID, Path: []hex.Hex{first, near(first)}})
		}
		for _, e := range v.Armies {
			if e.Owner != p && hex.Distance(e.Hex, a.Hex) <= 2 {
				out = append(out, game.Order{Turn: s.Turn, Kind: game.OrderAttack, Army: a.ID, Target: e.ID})
			}
		}
	}
	rng.Shuffle(len(out), func(i, j int) { out[i], out[j] = out[j], out[i] })
	return out
}

// randomDay returns each live player's orders for the day: mostly one
// valid order picked at random, sometimes none (an empty list), sometimes
// nothing at all (autopilot: no entry).
func randomDay(rng *rand.Rand, r *Rules, s *game.State) []game.PlayerOrders {
	var out []game.PlayerOrders
	for _, pl := range s.Players {
		if !pl.Alive {
			continue
		}
		switch rng.IntN(10) {
		case 0:
			continue
		case 1:
			out = append(out, game.PlayerOrders{Player: pl.ID, Orders: []game.Order{}})
			continue
		}
		// A kind at random among those with a valid order, so that the
		// many economic orders do not crowd out the moves.
		byKind := map[game.OrderKind][]game.Order{}
		var kinds []game.OrderKind
		for _, o := range candidates(rng, r, s, pl.ID) {
			if game.ValidateOrders(s, r, pl.ID, []game.Order{o}) == nil {
				if byKind[o.Kind] == nil {
					kinds = append(kinds, o.Kind)
				}
				byKind[o.Kind] = append(byKind[o.Kind], o)
			}
		}
		var list []game.Order
		if len(kinds) > 0 {
			k := kinds[rng.IntN(len(kinds))]
			list = []game.Order{byKind[k][rng.IntN(len(byKind[k]))]}
		}
		out = append(out, game.PlayerOrders{Player: pl.ID, Orders: list})
	}
	return out
}

// TestWholeGames plays five random games of three players to their end
// or 250 days, every day checking what the rules promise whatever the orders: a
// valid state; one army a hex and at most 8 units an army, on land; cities
// 3 hexes apart; one farm a hex; no treasury below 0; each player's view
// holds only what it may know and survives Diff, Apply and the wire; and
// the state of a view (game.ViewState) validates every order as the
// server does. It also checks that the games exercised the rules.
func TestWholeGames(t *testing.T) {
	r := NewRules(load(t))
	seen := map[string]int{}
	for seed := uint64(1); seed <= 5; seed++ {
		s, err := r.NewGame(seed, 20, 20, 3, nil)
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(seed, 42))
		prev := make([]*game.View, len(s.Players)+1)
		for p := range prev {
			prev[p] = game.NewView(s, game.PlayerID(p))
		}
		for range 250 {
			if s.Over {
				seen["game over"]++
				break
			}
			orders := randomDay(rng, r, s)
			for _, po := range orders {
				sameValidationOnView(t, r, s, po.Player, candidates(rng, r, s, po.Player))
			}
			ev := game.Resolve(s, r, orders)
			for _, e := range ev.List {
				switch e.Kind {
				case game.EventBuild:
					if e.City != 0 {
						seen["city built"]++
					} else {
						seen["structure built"]++
					}
				case game.EventBattle:
					seen["battle"]++
				case game.EventCapture, EventStructureTaken:
					seen["taken"]++
				case EventTax, EventRecruit, EventTribute:
					seen["economy"]++
				}
			}
			checkInvariants(t, r, s)
			for p := range prev {
				next := game.NewView(s, game.PlayerID(p))
				checkViewRoundTrip(t, prev[p], next)
				prev[p] = next
			}
			if t.Failed() {
				t.Fatalf("seed %d, day %d", seed, s.Turn-1)
			}
		}
	}
	for _, k := range []string{"city built", "structure built", "battle", "taken", "economy"} {
		if seen[k] == 0 {
			t.Errorf("no %q in five random games: the test exercises too little (%v)", k, seen)
		}
	}
	t.Logf("%v", seen)
}

// checkInvariants checks what the rules promise of every state.
func checkInvariants(t *testing.T, r *Rules, s *game.State) {
	t.Helper()
	if err := s.Validate(len(r.D.Terrain)); err != nil {
		t.Errorf("invalid state: %v", err)
	}
	type key struct {
		p game.PlayerID
		h hex.Hex
	}
	armies := map[key]game.ArmyID{}
	for _, a := range s.Armies {
		if b, dup := armies[key{a.Owner, a.Hex}]; dup {
			t.Errorf("%s and %s of %s share hex %s: only one army is permitted in a hex", a.ID, b, a.Owner, a.Hex)
		}
		armies[key{a.Owner, a.Hex}] = a.ID
		if n := a.Units.Total(); n < 1 || n > r.D.Army.MaxUnits {
			t.Errorf("%s has %d units", a.ID, n)
		}
		if tr, _ := s.Map.At(a.Hex); !r.D.Terrain[tr].Army {
			t.Errorf("%s stands on %s", a.ID, r.D.Terrain[tr].Name)
		}
	}
	for i, c := range s.Cities {
		for _, o := range s.Cities[i+1:] {
			if hex.Distance(c.Hex, o.Hex) < r.D.City.MinDistance {
				t.Errorf("%s and %s are %d hexes apart", c.ID, o.ID, hex.Distance(c.Hex, o.Hex))
			}
		}
	}
	for _, st := range s.Structures {
		n := 0
		for _, i := range s.StructuresAt(st.Hex) {
			if s.Structures[i].Kind == st.Kind {
				n++
			}
		}
		if n > r.D.Structures[st.Kind].PerHex {
			t.Errorf("%d %s on hex %s", n, r.D.Structures[st.Kind].Name, st.Hex)
		}
	}
	for _, pl := range s.Players {
		if pl.Treasury < 0 {
			t.Errorf("%s has %d Smuckers", pl.ID, pl.Treasury)
		}
	}
}

// checkViewRoundTrip checks that Apply(prev, Diff(prev, next)) is next and
// that next and the delta survive the wire.
func checkViewRoundTrip(t *testing.T, prev, next *game.View) {
	t.Helper()
	d := game.Diff(prev, next)
	got, err := game.Apply(prev, d)
	if err != nil || !reflect.DeepEqual(got, next) || got.Checksum() != next.Checksum() {
		t.Errorf("player %d: Apply(prev, Diff(prev, next)) is not next: %v", next.You, err)
	}
	data, err := game.EncodeDelta(d)
	if err != nil {
		t.Fatal(err)
	}
	back, err := game.DecodeDelta(data)
	if err != nil || !reflect.DeepEqual(back, d) {
		t.Errorf("player %d: the delta changed on the wire: %v", next.You, err)
	}
	vb, err := game.EncodeView(next)
	if err != nil {
		t.Fatal(err)
	}
	if v, err := game.DecodeView(vb); err != nil || !reflect.DeepEqual(v, next) {
		t.Errorf("player %d: the view changed on the wire: %v", next.You, err)
	}
	for _, st := range next.Structures {
		if st.Owner != next.You && !st.Remembered && !next.Visible.Has(hex.Rect{Width: next.Width, Height: next.Height}.Index(st.Hex)) {
			t.Errorf("player %d sees %s out of its sight", next.You, st.ID)
		}
	}
}

// sameValidationOnView checks that orders of p get the same answers on the
// state of p's view as on the real state: validation uses only what p may
// know.
func sameValidationOnView(t *testing.T, r *Rules, s *game.State, p game.PlayerID, orders []game.Order) {
	t.Helper()
	vs := game.ViewState(game.NewView(s, p))
	for i := range orders {
		one := orders[i : i+1]
		want := game.ValidateOrders(s, r, p, one)
		have := game.ValidateOrders(vs, r, p, one)
		if !reflect.DeepEqual(have, want) {
			t.Errorf("day %d, %s, order %+v: on the view %v, on the state %v", s.Turn, p, orders[i], have, want)
		}
	}
}

// TestDeterminism: the same game and orders give the same days, bit for
// bit; another seed gives another game.
func TestDeterminism(t *testing.T) {
	r := NewRules(load(t))
	run := func(seed uint64) ([]uint64, [][]game.Event) {
		s, err := r.NewGame(seed, 20, 20, 2, nil)
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(seed, 7))
		var sums []uint64
		var events [][]game.Event
		for range 120 {
			ev := game.Resolve(s, r, randomDay(rng, r, s))
			sums, events = append(sums, s.Checksum()), append(events, ev.List)
		}
		return sums, events
	}
	a, ea := run(5)
	b, eb := run(5)
	if !slices.Equal(a, b) || !reflect.DeepEqual(ea, eb) {
		t.Fatal("the same game played twice differs")
	}
	if c, _ := run(6); slices.Equal(a, c) {
		t.Fatal("two seeds played the same game")
	}
}
