package erfpires

import (
	"strings"
	"testing"

	"empires/shared/game"
)

// TestTax: "Tax – Gain Smuckers from your Erfpire – 3 smuckers per city,
// and 1 per farm. A Tax order may only be issued once a week. Whenever a
// Tax order is issued, the Erfpire must also pay maintenance of 1 Smucker
// per controlled Army."
func TestTax(t *testing.T) {
	r, s := scenario(t, plainMap, 2)
	addCity(r, s, 1, 1, 1)
	addCity(r, s, 1, 5, 1)
	addStructure(t, r, s, 1, "farm", 2, 1)
	addStructure(t, r, s, 1, "fort", 6, 1) // pays no tax
	addStructure(t, r, s, 2, "farm", 9, 4) // another player's
	addCity(r, s, 2, 10, 5)
	addArmy(t, r, s, 1, 1, 1, "2 infantry")
	addArmy(t, r, s, 1, 8, 2, "1 heavy")
	ev := day(t, r, s, map[game.PlayerID][]game.Order{1: {taxOrder(s)}})
	tax := eventsOf(ev, EventTax, 1)
	// 2 cities x 3 + 1 farm - 2 armies = 5.
	if s.Player(1).Treasury != 15 || len(tax) != 1 || tax[0].Amount != 5 || stock(s.Player(1), StockLastTax) != 1 {
		t.Fatalf("treasury %d, events %+v, last tax %d", s.Player(1).Treasury, tax, stock(s.Player(1), StockLastTax))
	}
	if !strings.Contains(tax[0].Text, "revenue 7, maintenance 2: +5 Smuckers") {
		t.Errorf("the tax event says %q", tax[0].Text)
	}
	// "once a week": days 2 to 7 refuse it, with the day it is allowed.
	for s.Turn < 8 {
		if have, want := refusal(r, s, 1, taxOrder(s)), "a Tax order may only be issued once a week: you taxed on day 1, and may tax again on day 8"; have != want {
			t.Fatalf("day %d: have %q, want %q", s.Turn, have, want)
		}
		day(t, r, s, nil)
	}
	if have := refusal(r, s, 1, taxOrder(s)); have != "" {
		t.Fatalf("day 8: tax refused: %q", have)
	}
	// A player who cannot pay the maintenance pays what it has.
	_, s2 := scenario(t, plainMap, 1)
	addArmy(t, r, s2, 1, 1, 1, "1 infantry")
	addArmy(t, r, s2, 1, 3, 1, "1 infantry")
	addCity(r, s2, 1, 6, 1)
	s2.Player(1).Treasury = 0
	s2.Cities = nil // its only city lost: revenue 0, maintenance 2
	ev = day(t, r, s2, map[game.PlayerID][]game.Order{1: {taxOrder(s2)}})
	if tax := eventsOf(ev, EventTax, 1); s2.Player(1).Treasury != 0 || len(tax) != 1 || tax[0].Amount != 0 ||
		!strings.Contains(tax[0].Text, "could not pay all the maintenance") {
		t.Errorf("treasury %d, events %+v", s2.Player(1).Treasury, tax)
	}
}

// TestTrade: "Trade – Gain Smuckers by Trading with another Erfpire – both
// sides must give a trade order in the same turn. Both gain smuckers equal
// to half of what they would from Tax, rounded down." One-sided, nothing,
// and both are told; a trade is not a Tax.
func TestTrade(t *testing.T) {
	r, s := scenario(t, plainMap, 3)
	addCity(r, s, 1, 1, 1)
	addCity(r, s, 1, 5, 1)
	addArmy(t, r, s, 1, 1, 1, "1 infantry")
	addCity(r, s, 2, 9, 1)
	addCity(r, s, 3, 1, 5)
	// Player 1's Tax would bring 6 - 1 = 5: a trade brings 2. Player 2's
	// would bring 3: a trade brings 1.
	ev := day(t, r, s, map[game.PlayerID][]game.Order{1: {tradeOrder(s, 2)}, 2: {tradeOrder(s, 1)}, 3: {tradeOrder(s, 1)}})
	tests := []struct {
		name     string
		p        game.PlayerID
		treasury int64
		text     string
	}{
		{"CHOICE: both sides trade: half of the Tax after upkeep, 5, rounded down", 1, 12, "traded with player 2: +2 Smuckers"},
		{"the other side: half of 3", 2, 11, "traded with player 1: +1 Smuckers"},
		{"one-sided: nothing, and told", 3, 10, "no trade: player 1 did not trade with you today"},
	}
	for _, tt := range tests {
		found := false
		for _, e := range eventsOf(ev, EventTrade, tt.p) {
			found = found || e.Text == tt.text
		}
		if s.Player(tt.p).Treasury != tt.treasury || !found {
			t.Errorf("%s: treasury %d, want %d; events %+v", tt.name, s.Player(tt.p).Treasury, tt.treasury, eventsOf(ev, EventTrade, tt.p))
		}
	}
	offered := false
	for _, e := range eventsOf(ev, EventTrade, 1) {
		offered = offered || e.Text == "player 3 offered to trade with you today, and you did not trade with them"
	}
	if !offered {
		t.Errorf("player 1 is not told of player 3's offer: %+v", eventsOf(ev, EventTrade, 1))
	}
	if stock(s.Player(1), StockLastTax) != 0 || refusal(r, s, 1, taxOrder(s)) != "" {
		t.Error("a trade counted as a Tax")
	}
	for _, tt := range []struct {
		q    game.PlayerID
		want string
	}{{1, "you cannot trade with yourself"}, {0, "name the player to trade with"}, {7, "player 7 is not in this game"}} {
		if have := refusal(r, s, 1, tradeOrder(s, tt.q)); have != tt.want {
			t.Errorf("trade with %d: have %q, want %q", tt.q, have, tt.want)
		}
	}
	s.Player(3).Alive = false
	if have := refusal(r, s, 1, tradeOrder(s, 3)); have != "player 3 is out of the game" {
		t.Errorf("trade with a player out of the game: %q", have)
	}
}

// TestTribute: "Tribute – Give a gift to another Erfpire equal to half your
// tax revenue. That Erfpire may not attack you for a week." The receiver's
// orders that would attack the giver are refused, naming the day they are
// allowed again; a week later they are allowed.
func TestTribute(t *testing.T) {
	r, s := scenario(t, plainMap, 2)
	addCity(r, s, 1, 1, 1)
	addStructure(t, r, s, 1, "farm", 2, 1)
	g := addArmy(t, r, s, 1, 4, 2, "1 infantry")
	addCity(r, s, 2, 9, 4)
	rcv := addArmy(t, r, s, 2, 6, 2, "2 infantry")
	// Player 1's revenue: 3 + 1 = 4; the gift is 2.
	ev := day(t, r, s, map[game.PlayerID][]game.Order{1: {tributeOrder(s, 2)}})
	paid, got := eventsOf(ev, EventTribute, 1), eventsOf(ev, EventTribute, 2)
	if s.Player(1).Treasury != 8 || s.Player(2).Treasury != 12 || len(paid) != 1 || paid[0].Amount != -2 || len(got) != 1 || got[0].Amount != 2 {
		t.Fatalf("treasuries %d and %d, events %+v %+v", s.Player(1).Treasury, s.Player(2).Treasury, paid, got)
	}
	if TruceUntil(s, 2, 1) != 7 || stock(s.Player(1), StockProtected+1) != 7 || TruceUntil(s, 1, 2) != 0 {
		t.Fatalf("truce until day %d, protected until %d, reverse %d", TruceUntil(s, 2, 1), stock(s.Player(1), StockProtected+1), TruceUntil(s, 1, 2))
	}
	if !strings.Contains(got[0].Text, "you may not attack them until day 7") {
		t.Errorf("the receiver is told %q", got[0].Text)
	}
	s.Army(g).Hex = at(5, 2) // next to player 2's army: seen
	game.RecordVision(s, r)
	const want = "you took the tribute of player 1: you may not attack them before day 8 (this order would enter their army, city or structure)"
	tests := []struct {
		name string
		o    game.Order
		want string
	}{
		{"attack their army", game.Order{Turn: s.Turn, Kind: game.OrderAttack, Army: rcv, Target: g}, want},
		{"a path into their army", attackOrder(s, rcv, "5,2"), want},
		{"a move into their army", moveOrder(s, rcv, "5,2"), want},
		{"a path elsewhere", moveOrder(s, rcv, "7,2 8,2"), ""},
	}
	for _, tt := range tests {
		if have := refusal(r, s, 2, tt.o); have != tt.want {
			t.Errorf("%s: have %q\n want %q", tt.name, have, tt.want)
		}
	}
	// The giver is not bound: it may attack the receiver.
	if have := refusal(r, s, 1, game.Order{Turn: s.Turn, Kind: game.OrderAttack, Army: g, Target: rcv}); have != "" {
		t.Errorf("the giver's attack refused: %q", have)
	}
	for s.Turn < 8 {
		day(t, r, s, nil)
	}
	if have := refusal(r, s, 2, onDay(tests[0].o, s.Turn)); have != "" {
		t.Errorf("day 8, a week after the tribute: the attack is refused: %q", have)
	}
	if stock(s.Player(2), StockTruce) != 0 || stock(s.Player(1), StockProtected+1) != 0 {
		t.Error("the ended truce is still counted")
	}
	for _, tt := range []struct {
		name     string
		treasury int64
		want     string
	}{
		{"a tribute is paid in full", 1, "the tribute costs 2 Smuckers: you have 1"},
	} {
		s.Player(1).Treasury = tt.treasury
		if have := refusal(r, s, 1, tributeOrder(s, 2)); have != tt.want {
			t.Errorf("%s: have %q, want %q", tt.name, have, tt.want)
		}
	}
	_, poor := scenario(t, plainMap, 2)
	addArmy(t, r, poor, 1, 1, 1, "1 infantry")
	if have := refusal(r, poor, 1, tributeOrder(poor, 2)); have != "half your tax revenue of 0 is nothing to give" {
		t.Errorf("no revenue: %q", have)
	}
}

// onDay returns o for day d.
func onDay(o game.Order, d game.Turn) game.Order {
	o.Turn = d
	return o
}
