package erfpires_test

import (
	"testing"

	"empires/shared/game"
	"empires/shared/rules/erfpires"
	"empires/shared/rules/erfpires/erfpiresai"
	"empires/shared/ruleset"
)

// BenchmarkDay resolves a day of a four-player game on a 32x32 map, ten
// days in, with the orders of four Normal AIs (their thinking not
// counted), and reports each player's view and delta in bytes.
func BenchmarkDay(b *testing.B) {
	rs, err := erfpires.Open("")
	if err != nil {
		b.Fatal(err)
	}
	s, err := rs.NewGame(9, 32, 32, 4, nil)
	if err != nil {
		b.Fatal(err)
	}
	players := make([]*erfpiresai.Player, len(s.Players))
	for i := range players {
		players[i] = erfpiresai.New(rs, ruleset.Normal, 9)
	}
	orders := func() []game.PlayerOrders {
		var out []game.PlayerOrders
		for i, p := range players {
			id := game.PlayerID(i + 1)
			out = append(out, game.PlayerOrders{Player: id, Orders: p.Orders(game.NewView(s, id))})
		}
		return out
	}
	for range 10 {
		game.Resolve(s, rs, orders())
	}
	day := orders()
	prev := game.NewView(s, 1)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		c := s.Clone()
		game.Resolve(c, rs, day)
		if i == 0 {
			next := game.NewView(c, 1)
			vb, _ := game.EncodeView(next)
			db, _ := game.EncodeDelta(game.Diff(prev, next))
			b.ReportMetric(float64(len(vb)), "view-bytes")
			b.ReportMetric(float64(len(db)), "delta-bytes")
		}
	}
}
