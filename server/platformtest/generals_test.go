package platformtest_test

import (
	"context"
	"path/filepath"
	"reflect"
	"slices"
	"sync"
	"testing"
	"time"

	"empires/internal/skip"
	"empires/server/store"
	"empires/shared/bot"
	"empires/shared/protocol"
	"empires/shared/rules/generals"
	"empires/shared/rules/generals/cards"
	"empires/shared/ruleset"
)

// deckCards returns the cards of deck text data.
func deckCards(t *testing.T, data []byte) cardSet {
	t.Helper()
	d, problems, err := cards.DecodeDeck(data)
	if err != nil || len(problems) > 0 {
		t.Fatalf("a deck that does not decode: %v %v", err, problems)
	}
	out := cardSet{}
	for _, e := range d.Entries {
		out[generals.CardID(e.ID.String())] = true
	}
	return out
}

// TestGeneralsPeopleAndAIThroughServer plays a game of generals for four
// on the dedicated server (a child process): three people, headless bots
// played by the fighter, each bringing a deck of its own as its seat
// set-up data (Rome's, Egypt's and Han's ready-made decks, Anna's with a
// comment of her own), and a seat the server's AI fills with the
// ready-made deck of its seat (DefaultSeatAt). Before Bert and
// Cleo sit down, Dora takes a seat and sends a deck the collection
// refuses: the server answers with every problem the ruleset finds (a
// card that does not exist, too many copies of a card, too few cards),
// each with its line, and she leaves. The server is killed (SIGKILL) at
// step 40, a new one resumes the game with the decks the save kept, the
// bots take their seats back and play to the end, and the stored game
// replays to the same end. Every view a person received is generals' own
// view for that seat at that step (CheckHidden), and every card its hand
// ever held is of the deck it brought.
func TestGeneralsPeopleAndAIThroughServer(t *testing.T) {
	if testing.Short() {
		skip.Now(t, skip.Short, "starts servers")
	}
	rules := generalsRules(t)
	names := []string{"Anna", "Bert", "Cleo"}
	decks := [][]byte{
		append([]byte("# Anna's own: Rome, the legions that hold the line\n"), readyDeck(t, "rome")...),
		readyDeck(t, "egypt"), readyDeck(t, "han"),
	}
	var regs []*ruleset.Registry
	for _, d := range decks {
		regs = append(regs, fighterRegistry(t, d))
	}
	set := generalsSettings(7, 4, 1, 6, "random")
	set.Name = "generals with the AI"
	refused := false
	c := play(t, crashGame{
		set: set, names: names, killAt: 40, rulesets: regs,
		seq: func(v ruleset.View) uint32 { return v.(*generals.View).Seq },
		seated: func(url string, id protocol.GameID) {
			refused = refuseDeck(t, rules, url, id, set)
		},
	})
	if !refused {
		t.Fatal("Dora's deck was not refused")
	}
	checkGeneralsViews(t, c, names, decks)
	if len(c.views) < 3*40 {
		t.Errorf("only %d views checked", len(c.views))
	}
}

// refuseDeck sits Dora at game id of the server at url, sends a deck with
// a card that does not exist, a card over its rarity's limit and too few
// cards, checks that the server refuses it with every problem generals
// finds for a game of set (CheckSeat), and leaves the seat. It reports
// whether it saw the refusal.
func refuseDeck(t *testing.T, rules *generals.Rules, url string, id protocol.GameID, set protocol.Settings) bool {
	t.Helper()
	d := dialWire(t, url, "Dora", generals.ID)
	defer d.ws.CloseNow()
	d.send(&protocol.JoinGame{Game: id})
	await[*protocol.Joined](d)
	bad := []byte(cards.DeckHeader + "\n# Dora's first try\nEGFETHS4 9\nEGFEZZS9 1\n")
	d.send(&protocol.SetSeatData{Data: bad})
	res := await[*protocol.SeatDataResult](d)
	opts := set.Config(nil).Options
	want, err := rules.CheckSeat(opts, bad)
	if err != nil {
		t.Fatal(err)
	}
	var lines []int
	for _, r := range res.Errors {
		lines = append(lines, r.Index)
	}
	switch {
	case res.Accepted:
		t.Fatalf("the server accepted Dora's deck of 10 cards: %+v", res)
	case len(res.Errors) != len(want) || len(want) < 3:
		t.Fatalf("the server refused Dora's deck with %+v; generals finds %+v", res.Errors, want)
	case !reflect.DeepEqual(toProtocol(want), res.Errors):
		t.Fatalf("the server refused Dora's deck with %+v, want generals' %+v", res.Errors, want)
	case !slices.Contains(lines, 3) || !slices.Contains(lines, 4):
		t.Errorf("the problems of Dora's deck are at lines %v: want lines 3 (nine copies) and 4 (no such card) named", lines)
	}
	// Dora leaves: the game list shows her seat free again, Anna's only
	// taken.
	d.send(&protocol.LeaveGame{})
	for {
		d.send(&protocol.ListGames{})
		list := await[*protocol.GameList](d)
		if i := slices.IndexFunc(list.Games, func(g protocol.GameInfo) bool { return g.Game == id }); i >= 0 && list.Games[i].Humans == 1 {
			return true
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// toProtocol returns rs as the protocol's rejections.
func toProtocol(rs []ruleset.Rejection) []protocol.Rejection {
	out := make([]protocol.Rejection, len(rs))
	for i, r := range rs {
		out[i] = protocol.Rejection{Index: r.Index, Order: r.Order, Reason: r.Reason}
	}
	return out
}

// checkGeneralsViews checks every view each bot of c received against
// the game as stored: at its step, the view generals gives its seat
// (generals' CheckHidden against the step's save: its own hand only, the
// true sizes of hands and piles), whose hand holds only cards of the deck
// the seat brought (decks, by bot); and that the stored game, replayed to
// its end, ends as the bots saw it end.
func checkGeneralsViews(t *testing.T, c crashed, names []string, decks [][]byte) {
	t.Helper()
	s, err := store.OpenDir(c.dir)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	rs, _ := c.reg.Get(generals.ID)
	rules := plainGenerals(t, rs)
	id := c.results[0].Game
	rp, err := readReplay(s, id, rs)
	if err != nil {
		t.Fatal(err)
	}
	at := map[uint32]int{}
	for i := range rp.Len() {
		at[rp.Seq(i)] = i
	}
	last, err := rp.Game(rp.Len() - 1)
	if err != nil {
		t.Fatal(err)
	}
	if over, winner := last.Over(); !over || protocol.Seat(winner) != c.results[0].Winner {
		t.Errorf("the stored game replays to over %v, won by seat %d; the players saw it won by seat %d", over, winner, c.results[0].Winner)
	}
	own := make([]cardSet, len(decks))
	for i, d := range decks {
		own[i] = deckCards(t, d)
	}
	checked := 0
	for _, v := range c.views {
		seat := ruleset.Seat(c.results[v.bot].Seat)
		view, ok := v.view.(*generals.View)
		if !ok {
			t.Fatalf("%s got a %T, not a generals view", names[v.bot], v.view)
		}
		i, ok := at[view.Seq]
		if !ok {
			t.Fatalf("%s got a view of step %d, which the game never reached", names[v.bot], view.Seq)
		}
		if view.Seat != seat {
			t.Errorf("%s at seat %d got seat %d's view", names[v.bot], seat, view.Seat)
		}
		if err := rules.CheckHidden(rp.saves[i], view); err != nil {
			t.Errorf("%s: %v", names[v.bot], err)
		}
		for _, card := range view.Hand {
			if !own[v.bot][card] {
				t.Errorf("%s's hand at step %d holds %s, not of the deck %s brought", names[v.bot], view.Seq, card, names[v.bot])
			}
		}
		checked++
	}
	t.Logf("%d views checked against %d stored steps", checked, rp.Len())
}

// TestGenerals20ThroughServer plays a game of generals at a table of
// twenty ("Anywhere from 2-20 Players can play") on a server: two people,
// headless bots with decks of their own, and eighteen seats of the
// server's AI, the Quick length with a limit of one round, to its end:
// both see it end, won by the same seat, their views in step with the
// server's, nothing they did refused, and every view shows the twenty
// players.
func TestGenerals20ThroughServer(t *testing.T) {
	if testing.Short() {
		skip.Now(t, skip.Short, "starts a server")
	}
	reg, err := rulesets()
	if err != nil {
		t.Fatal(err)
	}
	srv := startServer(t, reg)
	set := generalsSettings(20, 20, 18, 1, "random")
	set.Name = "twenty"
	ctx, cancel := context.WithTimeout(context.Background(), waitLimit)
	defer cancel()
	names := []string{"Anna", "Bert"}
	decks := []string{"egypt", "han"}
	results := make([]bot.Result, len(names))
	errs := make([]error, len(names))
	races := make([]raced, len(names))
	var mu sync.Mutex
	tables := map[int]int{} // players a view shows: how many views
	var wg sync.WaitGroup
	for i, name := range names {
		opts := bot.Options{URL: srv.url, Name: name, Level: "random", Rulesets: ownDeckRegistry(t, readyDeck(t, decks[i])),
			RulesCache: filepath.Join(t.TempDir(), name)}
		opts.Hooks.View = func(v ruleset.View) {
			mu.Lock()
			tables[len(v.(*generals.View).Players)]++
			mu.Unlock()
		}
		races[i].hook(&opts.Hooks)
		if i == 0 {
			opts.Create = &set
		}
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
	wg.Wait()
	for i, r := range results {
		switch {
		case errs[i] != nil:
			t.Fatalf("%s: %v", names[i], errs[i])
		case !r.Over:
			t.Errorf("%s: the game is not over (turn %d)", names[i], r.Turn)
		case races[i].refused(r) != nil:
			t.Errorf("%s: the server refused %v", names[i], r.Rejections)
		case r.Mismatches > 0:
			t.Errorf("%s: %d views out of step with the server's", names[i], r.Mismatches)
		case r.Game != results[0].Game || r.Winner != results[0].Winner:
			t.Errorf("%s: game %d won by %d; %s saw game %d won by %d", names[i], r.Game, r.Winner, names[0], results[0].Game, results[0].Winner)
		case r.TurnsPlayed == 0:
			t.Errorf("%s never acted", names[i])
		}
	}
	if len(tables) != 1 || tables[20] < 40 {
		t.Errorf("the views showed tables of %v players (players: views), want 20 in every one, 40 views at least", tables)
	}
	t.Logf("a table of 20: won by seat %d at turn %d; %d and %d actions of the people", results[0].Winner, results[0].Turn, results[0].TurnsPlayed, results[1].TurnsPlayed)
}
