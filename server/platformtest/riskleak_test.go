package platformtest_test

import (
	"context"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"path/filepath"
	"reflect"
	"slices"
	"sync"
	"testing"
	"time"

	"empires/internal/skip"
	"empires/server/host"
	"empires/server/store"
	"empires/shared/bot"
	"empires/shared/conn"
	"empires/shared/protocol"
	"empires/shared/registry"
	"empires/shared/rules/risk"
	"empires/shared/rules/risk/cards"
	"empires/shared/ruleset"
	"empires/shared/wire"
)

// leakGame is one game of the leak test: its settings and the AI level of
// each person's seat (headless bots joining as people; the server's AI
// seats play at the settings' AILevel).
type leakGame struct {
	set    protocol.Settings
	levels []string
	// drop, if not 0, is a person's seat whose connection the tap drops
	// once, after its 40th message: it comes back with its seat token,
	// and is sent its view again and what it missed (Missed).
	drop protocol.Seat
	// rulesets, if not nil, are each person's rulesets (the server's
	// otherwise): a person brings its own deck (ownDeckRegistry).
	rulesets []*ruleset.Registry
}

// riskSettings are the settings of a short risk game of seats players, bots
// of them the server's AI, on a map (risk.MapClassic or MapGenerated of
// territories), for rounds rounds, with the trading step's time choice
// trade (an index of risk.TradeTimes), watched by spectators.
func riskSettings(seed uint64, seats, bots, mapKind, territories, rounds, trade int, level string) protocol.Settings {
	opts := []protocol.Option{{Key: risk.KeyMap, Value: mapKind}, {Key: risk.KeyRounds, Value: rounds},
		{Key: risk.KeyTrade, Value: trade}}
	if mapKind == risk.MapGenerated {
		opts = append(opts, protocol.Option{Key: risk.KeyTerritories, Value: territories})
	}
	return protocol.Settings{Name: fmt.Sprintf("leak %d", seed), Ruleset: risk.ID, Seats: seats, Bots: bots,
		AILevel: level, Seed: seed, Spectators: true, AllSeeing: seed%2 == 0, Options: opts}
}

// moreLeakGames is how many games TestRiskNoHiddenCardLeaks plays beyond
// leakGames: a longer search for a leak than make test's, on demand.
var moreLeakGames = flag.Int("leakgames", 0, "risk games TestRiskNoHiddenCardLeaks plays beyond its own six, each of its own seed, seats, map, levels and trading time")

// leakGames are the games TestRiskNoHiddenCardLeaks plays: 2 to 6 seats,
// generated maps of 9 to 14 territories and the classic map, the server's
// AI seats in some, the trading step with and without its own time, a
// player's connection dropped in two, then
// more of them (moreLeakGames). Most players are the random AI, which
// trades the most (about a trade a game of 3 players in 6 rounds, played
// by the ruleset alone), the others normal, easy and passive.
func leakGames(more int) []leakGame {
	games := []leakGame{
		{set: riskSettings(1, 2, 0, risk.MapGenerated, 12, 6, 0, ""), levels: []string{"random", "random"}, drop: 0},
		{set: riskSettings(2, 3, 0, risk.MapGenerated, 9, 6, 3, ""), levels: []string{"random", "random", "random"}, drop: 2},
		{set: riskSettings(3, 4, 1, risk.MapGenerated, 9, 6, 1, "random"), levels: []string{"random", "random", "normal"}, drop: 0},
		{set: riskSettings(4, 5, 2, risk.MapGenerated, 14, 4, 0, "normal"), levels: []string{"random", "random", "passive"}, drop: 0},
		{set: riskSettings(5, 6, 0, risk.MapGenerated, 14, 3, 2, ""), levels: []string{"normal", "random", "random", "easy", "random", "normal"}, drop: 3},
		{set: riskSettings(6, 3, 0, risk.MapClassic, 0, 3, 0, ""), levels: []string{"random", "normal", "random"}, drop: 0},
	}
	levels := []string{"random", "normal", "random", "easy", "passive"}
	for i := range more {
		seats, bots, kind := 2+i%5, 0, risk.MapGenerated
		if seats > 2 && i%3 == 0 {
			bots = 1 + i%(seats-1)
		}
		if i%7 == 6 {
			kind = risk.MapClassic
		}
		var lv []string
		for s := range seats - bots {
			lv = append(lv, levels[(i+s)%len(levels)])
		}
		games = append(games, leakGame{set: riskSettings(uint64(100+i), seats, bots, kind, 9+i%6, 3+i%4, i%4, levels[i%4]), levels: lv})
	}
	return games
}

// TestRiskNoHiddenCardLeaks plays risk games through a server (see
// leakGames), each seat a headless bot joining as a person through a tap
// that keeps every message the server sent (and in two games drops a
// player's connection once: it comes back, is sent its view again and
// what it missed), with a spectator watching, and
// checks that no Goods card reached anyone who may not see it (risk's
// rule 20: "Goods cards are hidden holdings: no other player, spectator,
// event or replay sees them (others see how many); the territory cards
// too"; the document places a Disaster received "face down before him"):
// in every view, delta and event list the server sent to a
// seat and to the spectators, and in the replay of the stored game through
// every pair of eyes it may be watched through (store.Replay, what the
// all-seeing spectator's among them). checkLeaks says what a seat may see.
func TestRiskNoHiddenCardLeaks(t *testing.T) {
	if testing.Short() {
		skip.Now(t, skip.Short, "starts a server")
	}
	reg, err := registry.Default()
	if err != nil {
		t.Fatal(err)
	}
	srv := startServer(t, reg)
	var mu sync.Mutex
	var total leakCount // guarded by mu
	t.Run("games", func(t *testing.T) {
		for _, g := range leakGames(*moreLeakGames) {
			t.Run(g.set.Name, func(t *testing.T) {
				t.Parallel()
				id, conns, dir := playTapped(t, srv, reg, g)
				n, errs := checkLeaks(t, dir, reg, id, conns)
				for _, err := range errs {
					t.Error(err)
				}
				t.Logf("%d steps; %d messages, %d Goods cards shown to their holders, %d trades seen by a side, %d steps missed", n.steps, n.messages, n.goods, n.trades, n.missed)
				mu.Lock()
				total.add(n)
				mu.Unlock()
			})
		}
	})
	// The check would pass on games where no card ever moved: these must
	// have drawn, traded and shown cards to their holders.
	if total.goods < 100 || total.trades == 0 || total.spectated == 0 {
		t.Errorf("the games showed %d Goods cards to their holders, had %d trades and %d spectators' messages: too few to prove anything",
			total.goods, total.trades, total.spectated)
	}
}

// TestRiskLeakCheckFinds: checkLeaks finds a planted leak. The server plays
// a risk whose every event list (leakyRules) and, in a second game, every
// view of a player (its neighbour's hand) names another player's Goods
// cards; checkLeaks must report it both in what the server sent and in the
// replay.
func TestRiskLeakCheckFinds(t *testing.T) {
	if testing.Short() {
		skip.Now(t, skip.Short, "starts a server")
	}
	for _, plant := range []leakPlant{leakEvents, leakViews} {
		t.Run(plant.String(), func(t *testing.T) {
			t.Parallel()
			reg := leakyRegistry(t, plant)
			srv := startServer(t, reg)
			g := leakGame{set: riskSettings(11, 2, 0, risk.MapGenerated, 9, 3, 0, ""), levels: []string{"normal", "random"}, drop: 0}
			id, conns, dir := playTapped(t, srv, reg, g)
			_, errs := checkLeaks(t, dir, reg, id, conns)
			var sent, replayed int
			for _, err := range errs {
				if le, ok := err.(*leakError); ok && le.replay {
					replayed++
				} else {
					sent++
				}
			}
			if sent == 0 || replayed == 0 {
				t.Errorf("the planted leak found %d times in what the server sent, %d in the replay; want both: %v", sent, replayed, errs)
			}
		})
	}
}

// server is a server the leak tests play on, in this process.
type server struct {
	url string
	dir string
}

// startServer starts a server with rulesets reg on a data directory of its
// own, its AI acting a millisecond after one another, with no limit on
// the games and connections of one address (every client is on
// loopback), stopped when the test ends.
func startServer(t *testing.T, reg *ruleset.Registry) server {
	t.Helper()
	cfg := host.DefaultConfig()
	cfg.DataDir = t.TempDir()
	cfg.Rulesets, cfg.Builtin = reg, reg
	cfg.ActionPace, cfg.AIPace = time.Millisecond, time.Millisecond
	cfg.GamesPerConn, cfg.GamesPerAddr, cfg.ConnsPerAddr = 0, 0, 0
	cfg.Logger = slog.New(slog.NewTextHandler(io.Discard, nil))
	r, err := host.Start(cfg, "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if err := r.Stop(); err != nil {
			t.Error(err)
		}
	})
	return server{url: r.URL(), dir: cfg.DataDir}
}

// playTapped plays g to its end on srv: the first bot creates it, a
// spectator joins before it starts, the other bots join it; everyone
// connects through a tap. It returns the game, what the server sent down
// each connection, and the server's data directory.
func playTapped(t *testing.T, srv server, reg *ruleset.Registry, g leakGame) (protocol.GameID, []*tapped, string) {
	t.Helper()
	p := newTap(t, srv.url)
	if g.drop != 0 {
		p.cut = func(s protocol.Seat, msgs int) bool { return s == g.drop && msgs >= 40 }
	}
	ctx, cancel := context.WithTimeout(context.Background(), waitLimit)
	defer cancel()
	created := make(chan protocol.GameID, 1)
	results := make([]bot.Result, len(g.levels))
	errs := make([]error, len(g.levels))
	races := make([]raced, len(g.levels))
	var wg sync.WaitGroup
	run := func(i int, opts bot.Options) {
		races[i].hook(&opts.Hooks)
		b, err := bot.New(opts)
		if err != nil {
			t.Fatal(err)
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			results[i], errs[i] = b.Run(ctx)
		}()
	}
	options := func(i int) bot.Options {
		name := fmt.Sprintf("P%d", i+1)
		rs := reg
		if g.rulesets != nil {
			rs = g.rulesets[i]
		}
		return bot.Options{URL: p.URL(), Name: name, Rulesets: rs, RulesCache: filepath.Join(t.TempDir(), name), Level: g.levels[i]}
	}
	first := options(0)
	set := g.set
	first.Create = &set
	var watched sync.WaitGroup
	first.Hooks.Joined = func(id protocol.GameID, _ protocol.Seat) {
		// The spectator joins before the creator says it is ready, so
		// before the game can start.
		watched.Add(1)
		joined := make(chan struct{})
		go func() {
			defer watched.Done()
			spectate(ctx, t, p.URL(), id, joined)
		}()
		select {
		case <-joined:
		case <-ctx.Done():
		}
		created <- id
	}
	run(0, first)
	var id protocol.GameID
	select {
	case id = <-created:
	case <-ctx.Done():
		t.Fatal("the game was not created in time")
	}
	for i := 1; i < len(g.levels); i++ {
		opts := options(i)
		opts.Join = id
		run(i, opts)
	}
	wg.Wait()
	watched.Wait()
	back := 0
	for i, r := range results {
		back += r.Reconnects
		switch {
		case errs[i] != nil:
			t.Fatalf("P%d: %v", i+1, errs[i])
		case !r.Over:
			t.Fatalf("P%d: the game is not over (turn %d)", i+1, r.Turn)
		case races[i].refused(r) != nil || r.Mismatches > 0:
			t.Errorf("P%d: the server refused %v (%d after another player's action); %d views out of step",
				i+1, r.Rejections, races[i].n, r.Mismatches)
		}
	}
	if g.drop != 0 && back == 0 {
		t.Errorf("seat %d's connection was to be dropped, yet no player reconnected", g.drop)
	}
	return id, p.connections(), srv.dir
}

// spectate watches game id at url until it is over, closing joined once
// it is in.
func spectate(ctx context.Context, t *testing.T, url string, id protocol.GameID, joined chan<- struct{}) {
	c, err := conn.Dial(ctx, conn.Options{URL: url, Name: "Watcher"})
	if err != nil {
		t.Errorf("spectator: %v", err)
		close(joined)
		return
	}
	defer c.Close()
	if _, err := c.Send(&protocol.JoinGame{Game: id, Spectate: true}); err != nil {
		t.Errorf("spectator: %v", err)
		close(joined)
		return
	}
	in := false
	for {
		select {
		case ev := <-c.Events():
			switch m := ev.Msg.(type) {
			case *protocol.Joined:
				if !in {
					in = true
					close(joined)
				}
			case *protocol.Error:
				t.Errorf("spectator: %s", m.Message)
			case *protocol.GameOver:
				return
			}
		case <-c.Done():
			t.Errorf("spectator: the connection closed before the game ended")
			if !in {
				close(joined)
			}
			return
		case <-ctx.Done():
			t.Errorf("spectator: the game did not end in time")
			if !in {
				close(joined)
			}
			return
		}
	}
}

// leakError is a Goods card, or a hidden holding, shown to eyes that may
// not see it.
type leakError struct {
	replay bool // found in the replay, not in what the server sent
	what   string
}

func (e *leakError) Error() string {
	if e.replay {
		return "replay: " + e.what
	}
	return e.what
}

// leakCount is what checkLeaks looked at.
type leakCount struct {
	steps, messages int
	goods           int // Goods cards events showed to seats that may see them
	trades          int // trades (EventTrade) seen by their two sides
	spectated       int // messages sent to spectators
	missed          int // steps told in Missed, to a player back
	battles         int // battles fought (generals' EventBattle), as the replay tells a spectator
}

func (c *leakCount) add(o leakCount) {
	c.steps += o.steps
	c.messages += o.messages
	c.goods += o.goods
	c.trades += o.trades
	c.spectated += o.spectated
	c.missed += o.missed
	c.battles += o.battles
}

// holdings are the Goods cards each seat holds at each step, by the step's
// Seq and seat (index 0, a spectator's, is always empty): its hand, its
// Disasters face down, the cards of its own offers. The game's own views
// give them, each checked against the game's state by risk's CheckHidden.
type holdings map[uint32][]map[cards.GoodsID]bool

// between returns the cards seat s held at any step from seq a to b.
func (h holdings) between(s ruleset.Seat, a, b uint32) map[cards.GoodsID]bool {
	out := map[cards.GoodsID]bool{}
	for seq := a; seq <= b; seq++ {
		if at, ok := h[seq]; ok && int(s) < len(at) {
			for id := range at[s] {
				out[id] = true
			}
		}
	}
	return out
}

// checkLeaks checks game id of the store in dir and what the server sent
// down conns for a Goods card shown to eyes that may not see it. A seat
// may see the Goods cards it holds (holdings), and in the events of a step
// those it held before or after it (a card drawn, given, taken, lost); a
// spectator, all-seeing or not, none. Every view, every delta (with the
// view it leads to, its head decoded), every event list (a TurnUpdate's,
// Missed's) is searched for every cards.GoodsID and cards.GoodsCard at any
// depth (goodsIn); every view is also checked whole by risk's CheckHidden
// (another's territory cards, another's offer's cards) against the saved
// state of its step. The replay is the stored game read as a client's
// replay reads it (store.Replay, under the client's savedreplay too) and
// checked through every pair of eyes: each seat, a spectator, the
// all-seeing one. It returns what it looked at and every leak (*leakError).
func checkLeaks(t *testing.T, dir string, reg *ruleset.Registry, id protocol.GameID, conns []*tapped) (leakCount, []error) {
	t.Helper()
	var n leakCount
	var errs []error
	found := map[bool]int{} // by replay
	leak := func(replay bool, format string, args ...any) {
		if found[replay]++; found[replay] <= 10 {
			errs = append(errs, &leakError{replay: replay, what: fmt.Sprintf(format, args...)})
		}
	}
	st, err := store.OpenDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	rs, _ := reg.Get(risk.ID)
	rules := plainRisk(t, rs)
	rp, err := readReplay(st, id, rs)
	if err != nil {
		t.Fatal(err)
	}
	n.steps = rp.Len() - 1

	// The holdings and risk's own views, step by step, each view checked
	// once by CheckHidden (which reads the save again: the costly part);
	// then the replay through each pair of eyes.
	held := holdings{}
	saves := map[uint32][]byte{}
	views := map[eyesAt][]byte{} // risk's own views, encoded
	// checked are the hidden holdings of each seat's view last checked
	// by CheckHidden: a view showing the same needs no new check.
	checked := map[int]string{}
	var last uint32
	for i := 0; i < rp.Len(); i++ {
		g, err := rp.Game(i)
		if err != nil {
			t.Fatal(err)
		}
		save, err := g.Save()
		if err != nil {
			t.Fatal(err)
		}
		seq := rp.Seq(i)
		saves[seq] = save
		// The holdings are what risk itself shows each seat (rs may be
		// a risk with a leak planted, see leakyRules).
		truth, err := rules.Load(save)
		if err != nil {
			t.Fatal(err)
		}
		at := make([]map[cards.GoodsID]bool, g.Seats()+1)
		for s := 0; s <= g.Seats(); s++ {
			for _, all := range []bool{false, true} {
				if all && s != 0 {
					continue
				}
				v := truth.View(ruleset.Seat(s), all).(*risk.View)
				switch {
				case s == 0 && (v.Hand != nil || v.Disasters != nil || v.Cards != nil || len(goodsIn(v)) > 0):
					t.Fatalf("risk's own view of step %d for a spectator (all-seeing %v) shows hidden cards", seq, all)
				case s != 0 && hidden(v) != checked[s]:
					if err := rules.CheckHidden(save, v); err != nil {
						t.Fatalf("risk's own view: %v", err)
					}
					checked[s] = hidden(v)
				}
				if views[eyesAt{seq, v.Seat, all}], err = wire.Marshal(v); err != nil {
					t.Fatal(err)
				}
				if s != 0 {
					at[s] = own(v)
				}
			}
		}
		at[0] = map[cards.GoodsID]bool{}
		held[seq] = at
		for _, e := range rp.Eyes() {
			who := eyesName(e.Seat, e.AllSeeing)
			v, err := rp.View(i, e)
			if err != nil {
				t.Fatal(err)
			}
			checkView(rules, save, views, v.(*risk.View), e.Seat, held, func(format string, args ...any) {
				leak(true, "%s: "+format, append([]any{who}, args...)...)
			})
			data, err := rp.Events(i, e)
			if err != nil {
				t.Fatal(err)
			}
			if i > 0 {
				may := held.between(e.Seat, last, seq)
				checkEvents(data, e.Seat, may, &n, func(format string, args ...any) {
					leak(true, "%s, step %d: "+format, append([]any{who, last}, args...)...)
				})
			}
		}
		last = seq
	}
	if len(rp.Eyes()) < 2 {
		t.Fatalf("the replay of a game over offers only %v", rp.Eyes())
	}

	// What the server sent.
	seen := 0
	for k, c := range conns {
		if c.bad != "" {
			t.Fatalf("connection %d: %s", k, c.bad)
		}
		var seat ruleset.Seat
		in := false
		var v *risk.View
		for _, msg := range c.msgs {
			switch m := msg.(type) {
			case *protocol.Joined:
				in = m.Game == id
				seat = ruleset.Seat(m.Seat)
				continue
			case *protocol.FullView, *protocol.TurnUpdate, *protocol.Missed:
				if !in {
					continue
				}
			default:
				continue
			}
			who := eyesName(seat, false)
			n.messages++
			if seat == 0 {
				n.spectated++
			}
			checkView := func(have *risk.View) {
				save, ok := saves[have.Seq]
				if !ok {
					t.Fatalf("%s got a view of step %d, which the game never reached", who, have.Seq)
				}
				checkView(rules, save, views, have, seat, held, func(format string, args ...any) {
					leak(false, "%s: "+format, append([]any{who}, args...)...)
				})
			}
			switch m := msg.(type) {
			case *protocol.FullView:
				fv, err := rs.DecodeView(m.View)
				if err != nil {
					t.Fatalf("%s: %v", who, err)
				}
				v = fv.(*risk.View)
				checkView(v)
			case *protocol.TurnUpdate:
				if v == nil {
					t.Fatalf("%s got a TurnUpdate before a FullView", who)
				}
				next, err := v.Apply(m.Delta)
				if err != nil {
					t.Fatalf("%s: %v", who, err)
				}
				nv := next.(*risk.View)
				checkView(nv)
				var d risk.Delta
				if err := wire.Unmarshal(m.Delta, &d); err != nil {
					t.Fatalf("%s: %v", who, err)
				}
				inDelta := goodsIn(d)
				if d.Head != nil {
					var head risk.View
					if err := wire.Unmarshal(d.Head, &head); err != nil {
						t.Fatalf("%s: the delta's head: %v", who, err)
					}
					inDelta = append(inDelta, goodsIn(head)...)
				}
				for _, c := range inDelta {
					if !held[nv.Seq][seat][c] {
						leak(false, "%s's delta to step %d holds Goods card %d", who, nv.Seq, c)
					}
				}
				checkEvents(m.Events, seat, held.between(seat, v.Seq, nv.Seq), &n, func(format string, args ...any) {
					leak(false, "%s, step %d: "+format, append([]any{who, v.Seq}, args...)...)
				})
				v = nv
			case *protocol.Missed:
				n.missed += len(m.Steps)
				for _, ms := range m.Steps {
					checkEvents(ms.Events, seat, held.between(seat, 0, last), &n, func(format string, args ...any) {
						leak(false, "%s, a missed step: "+format, append([]any{who}, args...)...)
					})
				}
			}
		}
		if in {
			seen++
		}
	}
	if seen < 2 {
		t.Fatalf("only %d connections of the game went through the tap", seen)
	}
	return n, errs
}

// eyesAt names a view: its step, its seat, whether all-seeing.
type eyesAt struct {
	seq       uint32
	seat      ruleset.Seat
	allSeeing bool
}

// checkView reports through leak what view v, shown to seat s (0: a
// spectator), shows that s may not see: a Goods card s does not hold (at
// v's step), or anything that makes it another view than risk's own for
// its eyes (views, encoded): then risk's CheckHidden, against the step's
// save, says what it shows, or that it is not the view risk gives.
func checkView(rules *risk.Rules, save []byte, views map[eyesAt][]byte, v *risk.View, s ruleset.Seat, held holdings, leak func(format string, args ...any)) {
	if v.Seat != s {
		leak("got seat %d's view of step %d", v.Seat, v.Seq)
	}
	for _, c := range goodsIn(v) {
		if !held[v.Seq][s][c] {
			leak("the view of step %d shows Goods card %d", v.Seq, c)
		}
	}
	have, err := wire.Marshal(v)
	if want, ok := views[eyesAt{v.Seq, v.Seat, v.AllSeeing}]; err == nil && ok && string(have) == string(want) {
		return
	}
	if err := rules.CheckHidden(save, v); err != nil {
		leak("%v", err)
		return
	}
	leak("the view of step %d is not risk's for seat %d (all-seeing %v)", v.Seq, v.Seat, v.AllSeeing)
}

// checkEvents decodes the event list data seat s got (0: a spectator's)
// and reports through leak every Goods card in it that is not in may,
// counting in n the cards it may see and the trades.
func checkEvents(data []byte, s ruleset.Seat, may map[cards.GoodsID]bool, n *leakCount, leak func(format string, args ...any)) {
	events, err := risk.DecodeEvents(data)
	if err != nil {
		leak("%v", err)
		return
	}
	for _, e := range events {
		for _, c := range goodsIn(e) {
			if !may[c] {
				leak("event %+v shows Goods card %d", e, c)
			} else {
				n.goods++
			}
		}
		if e.Kind == risk.EventTrade && s != 0 && (e.Seat == s || e.Other == s) {
			n.trades++
		}
	}
}

// own returns the Goods cards view v shows as its seat's: its hand, its
// Disasters, its own offers' cards.
func own(v *risk.View) map[cards.GoodsID]bool {
	out := map[cards.GoodsID]bool{}
	for _, c := range slices.Concat(v.Hand, v.Disasters) {
		out[c.ID] = true
	}
	for _, o := range v.Offers {
		if o.From == v.Seat {
			for _, c := range o.Cards {
				out[c] = true
			}
		}
	}
	return out
}

// hidden returns the hidden holdings view v shows, encoded: its hand,
// Disasters, territory cards and offers.
func hidden(v *risk.View) string {
	b, _ := wire.Marshal([]any{v.Hand, v.Disasters, v.Cards, v.Offers})
	return string(b)
}

// goodsIDType is the type of a Goods card's ID; a cards.GoodsCard holds
// one.
var goodsIDType = reflect.TypeFor[cards.GoodsID]()

// goodsIn returns every Goods card x names: each cards.GoodsID (a
// cards.GoodsCard's ID among them) in any field, slice, array, map or pointer at
// any depth. A card of a value (GoodsCard.Value) without its ID names no
// card.
func goodsIn(x any) []cards.GoodsID {
	var out []cards.GoodsID
	may := map[reflect.Type]bool{} // mayHoldGoods's answers
	var walk func(v reflect.Value)
	walk = func(v reflect.Value) {
		if !v.IsValid() {
			return
		}
		m, ok := may[v.Type()]
		if !ok {
			m = mayHoldGoods(v.Type())
			may[v.Type()] = m
		}
		switch {
		case !m:
			return
		case v.Type() == goodsIDType && v.CanUint():
			out = append(out, cards.GoodsID(v.Uint()))
			return
		case v.Type() == goodsIDType:
			out = append(out, cards.GoodsID(v.Int()))
			return
		}
		switch v.Kind() {
		case reflect.Pointer, reflect.Interface:
			walk(v.Elem())
		case reflect.Struct:
			for i := range v.NumField() {
				walk(v.Field(i))
			}
		case reflect.Slice, reflect.Array:
			for i := range v.Len() {
				walk(v.Index(i))
			}
		case reflect.Map:
			for it := v.MapRange(); it.Next(); {
				walk(it.Key())
				walk(it.Value())
			}
		}
	}
	walk(reflect.ValueOf(x))
	return out
}

// mayHoldGoods reports whether a value of type t may hold a
// cards.GoodsID: goodsIn looks no further into one that cannot (a board, a
// number), which keeps the walk over a whole view short.
func mayHoldGoods(t reflect.Type) bool {
	return mayHold(t, map[reflect.Type]bool{})
}

// mayHold is mayHoldGoods, seen holding the types already asked about
// above t (a type that holds itself).
func mayHold(t reflect.Type, seen map[reflect.Type]bool) bool {
	if t == goodsIDType {
		return true
	}
	if seen[t] {
		return false
	}
	seen[t] = true
	switch t.Kind() {
	case reflect.Interface:
		return true
	case reflect.Pointer, reflect.Slice, reflect.Array:
		return mayHold(t.Elem(), seen)
	case reflect.Map:
		return mayHold(t.Key(), seen) || mayHold(t.Elem(), seen)
	case reflect.Struct:
		for i := range t.NumField() {
			if mayHold(t.Field(i).Type, seen) {
				return true
			}
		}
	}
	return false
}

// eyesName names a pair of eyes for a message.
func eyesName(s ruleset.Seat, allSeeing bool) string {
	switch {
	case s != 0:
		return fmt.Sprintf("seat %d", s)
	case allSeeing:
		return "the all-seeing spectator"
	}
	return "the spectator"
}

// eyes are whose eyes a replay is watched through.
type eyes struct {
	Seat      ruleset.Seat
	AllSeeing bool
}

// storedReplay is a stored game played again from its first snapshot with
// its log (store.Replay), each step's save and the events each pair of
// eyes saw kept: what a replay shows.
type storedReplay struct {
	rs    ruleset.Ruleset
	eyes  []eyes
	seqs  []uint32
	saves [][]byte
	// events[i][k] are the events of the step that led to step i, as
	// eyes[k] saw them; nil for the start.
	events [][][]byte
	// game is step at's game, loaded last.
	game ruleset.Game
	at   int
}

// readReplay reads stored game id of ruleset rs.
func readReplay(st *store.Store, id protocol.GameID, rs ruleset.Ruleset) (*storedReplay, error) {
	g, err := st.Game(id)
	if err != nil {
		return nil, err
	}
	first, err := st.Snapshot(id, g.First)
	if err != nil {
		return nil, err
	}
	start, err := first.Load(rs)
	if err != nil {
		return nil, err
	}
	r := &storedReplay{rs: rs, eyes: []eyes{{0, true}, {0, false}}}
	for s := 1; s <= start.Seats(); s++ {
		r.eyes = append(r.eyes, eyes{Seat: ruleset.Seat(s)})
	}
	r.seqs, r.saves, r.events = []uint32{first.Seq}, [][]byte{first.Data}, [][][]byte{nil}
	err = store.Replay(st, id, rs, func(s store.Step) error {
		save, err := s.Game.Save()
		if err != nil {
			return err
		}
		evs := make([][]byte, len(r.eyes))
		for k, e := range r.eyes {
			if evs[k], err = s.Outcome.Events(e.Seat, e.AllSeeing); err != nil {
				return err
			}
		}
		r.seqs, r.saves, r.events = append(r.seqs, s.Game.Step().Seq), append(r.saves, save), append(r.events, evs)
		return nil
	})
	return r, err
}

func (r *storedReplay) Len() int         { return len(r.saves) }
func (r *storedReplay) Seq(i int) uint32 { return r.seqs[i] }
func (r *storedReplay) Eyes() []eyes     { return r.eyes }

// Game returns step i's game (loaded once for a run of calls).
func (r *storedReplay) Game(i int) (ruleset.Game, error) {
	if r.game == nil || r.at != i {
		g, err := r.rs.Load(r.saves[i])
		if err != nil {
			return nil, err
		}
		r.game, r.at = g, i
	}
	return r.game, nil
}

// View returns step i's view through e.
func (r *storedReplay) View(i int, e eyes) (ruleset.View, error) {
	g, err := r.Game(i)
	if err != nil {
		return nil, err
	}
	return g.View(e.Seat, e.AllSeeing), nil
}

// Events returns the events of the step that led to step i as e saw them.
func (r *storedReplay) Events(i int, e eyes) ([]byte, error) {
	if r.events[i] == nil {
		return nil, nil
	}
	return r.events[i][slices.Index(r.eyes, e)], nil
}
