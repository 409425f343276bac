package generals

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"

	"empires/shared/rules/generals/cards"
	"empires/shared/ruleset"
	"empires/shared/wire"
)

// Save implements ruleset.Game.
func (g *game) Save() ([]byte, error) {
	s := g.s
	rng, err := g.rng.MarshalBinary()
	if err != nil {
		return nil, fmt.Errorf("save %s game: %w", ID, err)
	}
	s.RNG = rng
	out, err := wire.Marshal(&s)
	if err != nil {
		return nil, fmt.Errorf("save %s game: %w", ID, err)
	}
	return out, nil
}

// Load implements ruleset.Ruleset: a save Save wrote, the whole state
// checked (state.check), so that what passes cannot make the rules panic.
func (r *Rules) Load(save []byte) (ruleset.Game, error) {
	g := &game{r: r, rng: &rand.PCG{}}
	if err := wire.Unmarshal(save, &g.s); err != nil {
		return nil, fmt.Errorf("load %s game: %w", ID, err)
	}
	if err := g.check(); err != nil {
		return nil, fmt.Errorf("load %s game: %w", ID, err)
	}
	if err := g.rng.UnmarshalBinary(g.s.RNG); err != nil {
		return nil, fmt.Errorf("load %s game: generator: %w", ID, err)
	}
	g.s.RNG = nil
	return g, nil
}

// check checks a loaded state: its format and collection, the settings,
// every card one of the collection and every card a player brought in
// exactly one place of its own (hand, piles, discard pile, table, out of
// the game), the refs, zones, the battle, the discards asked, and the
// step agreeing with the phase.
func (g *game) check() error {
	s := &g.s
	n := len(s.Names)
	in := g.r.Info()
	switch {
	case s.Format != saveFormat:
		return fmt.Errorf("save format %q, this build reads %q", clip(s.Format), saveFormat)
	case s.Hash != g.r.hash:
		return errors.New("the save is of a game with another card collection")
	case n < MinSeats || n > MaxSeats:
		return fmt.Errorf("%d players, want %d to %d", n, MinSeats, MaxSeats)
	case len(s.Players) != n:
		return fmt.Errorf("%d players but %d player states", n, len(s.Players))
	}
	st := s.Settings
	opts := ruleset.Options{KeyType: st.Type, KeyLength: st.Length, KeyVariation: st.Variation, KeyRounds: st.Rounds,
		KeyAnswer: slices.Index(AnswerTimes(), st.Answer), KeyTurn: slices.Index(TurnTimes(), st.TurnTime)}
	if st.Epic {
		opts[KeyEpic] = 1
	}
	if err := in.CheckOptions(opts); err != nil {
		return fmt.Errorf("settings: %w", err)
	}
	if g.r.settingsOf(opts) != st {
		return fmt.Errorf("settings %+v are not the options'", st)
	}
	switch {
	case s.Win != st.win() || s.Lose != -s.Win:
		return fmt.Errorf("the Health that wins is %d and loses %d, in a game of %d", s.Win, s.Lose, st.win())
	case s.Phase < PhaseOpening || s.Phase > PhaseOver:
		return fmt.Errorf("unknown phase %d", s.Phase)
	case int(s.Active) > n || int(s.First) > n:
		return fmt.Errorf("seat %d active, seat %d first, at a table of %d", s.Active, s.First, n)
	case s.Phase >= PhaseDeclare && s.Phase <= PhaseResolve && s.Active == 0,
		(s.Phase == PhaseOpening || s.Phase == PhaseOver) && s.Active != 0:
		return fmt.Errorf("seat %d active in phase %s", s.Active, phaseName(s.Phase))
	case s.Round < 1 || s.Round > st.Rounds || s.Turn < 0 || s.Since > s.Seq:
		return fmt.Errorf("round %d of %d, turn %d, step %d since %d", s.Round, st.Rounds, s.Turn, s.Seq, s.Since)
	case s.Epic && s.Phase == PhaseOpening:
		return errors.New("the Epic Campaigner's question in the opening")
	}
	refs := map[Ref]bool{}
	for i := range s.Players {
		if err := g.checkPlayer(ruleset.Seat(i+1), refs); err != nil {
			return fmt.Errorf("seat %d: %w", i+1, err)
		}
	}
	for _, m := range s.Mods {
		if !refs[m.Ref] || !lasting(m.Verb) {
			return fmt.Errorf("an effect %s on card %d", m.Verb, m.Ref)
		}
	}
	for _, m := range s.Musts {
		if m.Seat < 1 || int(m.Seat) > n || m.Count < 1 || m.Count > cards.MaxAmount {
			return fmt.Errorf("a discard of %d asked of seat %d", m.Count, m.Seat)
		}
	}
	for _, id := range s.Banned {
		if _, ok := g.r.byID[id]; !ok {
			return fmt.Errorf("banned card %q is none of the collection's", clip(string(id)))
		}
	}
	for _, w := range s.Winners {
		if w < 1 || int(w) > n {
			return fmt.Errorf("winner seat %d", w)
		}
	}
	if err := g.checkPool(s.Pool); err != nil {
		return err
	}
	if s.Phase == PhaseOver && (s.Battle != nil || len(s.Musts) > 0 || s.Epic) {
		return errors.New("a game over with a battle, a discard or a question pending")
	}
	if b := s.Battle; b != nil {
		if err := g.checkBattle(b); err != nil {
			return fmt.Errorf("the battle: %w", err)
		}
	}
	return nil
}

// checkPlayer checks seat p's part of the state, adding its refs to refs.
func (g *game) checkPlayer(p ruleset.Seat, refs map[Ref]bool) error {
	pl := g.pl(p)
	if g.s.Names[p-1] == "" {
		return errors.New("no name")
	}
	var placed []CardID
	for _, list := range [][]CardID{pl.Hand, pl.Draw, pl.Supply, pl.Discard, pl.Gone, pl.Brought} {
		for _, id := range list {
			if _, ok := g.r.byID[id]; !ok {
				return fmt.Errorf("card %q is none of the collection's", clip(string(id)))
			}
		}
	}
	placed = append(placed, pl.Hand...)
	placed = append(placed, pl.Draw...)
	placed = append(placed, pl.Supply...)
	placed = append(placed, pl.Discard...)
	placed = append(placed, pl.Gone...)
	for _, c := range pl.Table {
		card, ok := g.r.byID[c.Card]
		if !ok {
			return fmt.Errorf("card %q in play is none of the collection's", clip(string(c.Card)))
		}
		if c.Ref == 0 || c.Ref > g.s.NextRef || refs[c.Ref] {
			return fmt.Errorf("card %d in play: refs are 1 to %d, each once", c.Ref, g.s.NextRef)
		}
		refs[c.Ref] = true
		if want := zoneOf(card.ID.Kind); want != c.Zone && !(want == ZoneWarcamp && c.Zone == ZoneBattlefield) {
			return fmt.Errorf("a %s in the %s", card.ID.Kind, zoneName(c.Zone))
		}
		placed = append(placed, c.Card)
	}
	slices.Sort(placed)
	if !slices.IsSorted(pl.Brought) || !slices.Equal(placed, pl.Brought) {
		return fmt.Errorf("%d cards in its hand, piles and play, and its deck brought %d others", len(placed), len(pl.Brought))
	}
	for _, a := range pl.Owed {
		if a.N < 1 || a.N > 1000 {
			return fmt.Errorf("owes %d %s", a.N, a.Resource)
		}
	}
	if (pl.Waiting || pl.Stop) && g.s.Phase != PhaseOpening && !g.s.Epic || pl.Stop && pl.Waiting {
		return fmt.Errorf("waiting %t, stopping %t, with no question asked", pl.Waiting, pl.Stop)
	}
	if pl.Place < 0 || pl.Place > 2 || pl.HandMod < -1000 || pl.HandMod > 1000 || pl.GeneralsMod < 0 || pl.GeneralsMod > 1000 {
		return fmt.Errorf("place %d, hand change %d, Generals change %d", pl.Place, pl.HandMod, pl.GeneralsMod)
	}
	return g.checkPool(pl.Owed)
}

// zoneOf is where a card of kind k lies in play (a unit: the Warcamp or
// the Battlefield); Tactics never stay (0).
func zoneOf(k cards.Kind) Zone {
	switch k {
	case cards.Resource, cards.Trader:
		return ZoneResource
	case cards.ActOfGod:
		return ZoneActs
	case cards.Kingdom, cards.Strategy:
		return ZoneKingdom
	case cards.General, cards.Soldier:
		return ZoneWarcamp
	}
	return 0
}

// checkPool checks a pool: resources of the collection, in its order,
// none of 0.
func (g *game) checkPool(pool []cards.Amount) error {
	var clean []cards.Amount
	for _, a := range pool {
		if a.N < 1 || a.N > 10000 {
			return fmt.Errorf("a pool of %d %s", a.N, a.Resource)
		}
		clean = g.r.addAmount(clean, a)
	}
	if !slices.Equal(clean, pool) {
		return fmt.Errorf("a pool %v not in the collection's resources and order", pool)
	}
	return nil
}

// checkBattle checks the battle against the table.
func (g *game) checkBattle(b *Battle) error {
	n := ruleset.Seat(g.n())
	if g.s.Phase != PhaseAttack || b.Attacker != g.s.Active || b.Defender < 1 || b.Defender > n || b.Defender == b.Attacker {
		return fmt.Errorf("seat %d attacks seat %d in phase %s", b.Attacker, b.Defender, phaseName(g.s.Phase))
	}
	if c, owner := g.find(b.Unit); c == nil || owner != b.Attacker {
		return fmt.Errorf("the attacker %d is no unit of seat %d", b.Unit, b.Attacker)
	}
	if b.Blocker != 0 {
		if c, owner := g.find(b.Blocker); c == nil || owner != b.Defender {
			return fmt.Errorf("the blocker %d is no unit of seat %d", b.Blocker, b.Defender)
		}
		if b.Tactics != b.Attacker && b.Tactics != b.Defender {
			return fmt.Errorf("seat %d plays Tactics", b.Tactics)
		}
	} else if b.Tactics != 0 || b.Pool != nil {
		return errors.New("tactics before a blocker")
	}
	return g.checkPool(b.Pool)
}
