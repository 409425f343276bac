package risk

import (
	"fmt"
	"time"

	"empires/shared/ruleset"
	"empires/shared/wire"
)

// Step implements ruleset.Game (rule 19's clocks).
func (g *game) Step() ruleset.Step {
	s := &g.s
	st := ruleset.Step{Mode: ruleset.Interactive, Turn: ruleset.Turn(max(s.Round, 1)), Seq: s.Seq}
	round := fmt.Sprintf("Round %d · ", s.Round)
	turn := time.Duration(s.TurnTime) * time.Second
	answer := time.Duration(s.AnswerTime) * time.Second
	budget := func(step string) {
		st.Limit = turn
		if turn > 0 {
			st.Budget = fmt.Sprintf("round %d seat %d %s", s.Round, g.actor(), step)
		}
	}
	switch s.Phase {
	case PhaseOver:
		st.Phase = "Game over"
		return st
	case PhaseClaim:
		p := g.claimer()
		st.Actors, st.Limit = []ruleset.Seat{p}, answer
		st.Phase, st.Prompt = "Set-up · "+g.name(p)+" claims", "claim a free territory"
		return st
	case PhaseDeploy:
		p := g.actor()
		st.Actors, st.Limit = []ruleset.Seat{p}, answer
		st.Phase, st.Prompt = "Set-up · "+g.name(p)+" places", "place a starting army"
		return st
	case PhaseTrade:
		st.Mode, st.Since, st.Limit = ruleset.Concurrent, s.Since, time.Duration(s.TradeTime)*time.Second
		st.Actors = g.traders()
		st.Phase, st.Prompt = round+"Trade", "offer, accept, refuse, or leave the table"
		return st
	case PhaseDefend:
		d := s.Owner[s.To-1]
		st.Actors, st.Limit = []ruleset.Seat{d}, answer
		st.Phase = round + g.name(d) + " defends"
		st.Prompt = fmt.Sprintf("%s attacks %s: convert the city into %d armies?", g.name(g.actor()), g.tname(s.To), cityArmies)
		return st
	}
	p := g.actor()
	st.Actors = []ruleset.Seat{p}
	switch s.Phase {
	case PhasePlace:
		budget("place")
		st.Phase, st.Prompt = round+g.name(p)+" places", fmt.Sprintf("place %d armies", g.p(p).Reserve)
	case PhaseAttack, PhaseOccupy, PhaseReinforce, PhaseMove:
		budget("attack")
		st.Phase = round + g.name(p) + " attacks"
		st.Prompt = map[Phase]string{PhaseAttack: "attack or stop", PhaseOccupy: "move armies into the conquered territory",
			PhaseReinforce: fmt.Sprintf("place the %d armies of the sets turned in", g.p(p).Reserve), PhaseMove: "make a free move or end the turn"}[s.Phase]
	case PhaseBuild:
		budget("build")
		st.Phase, st.Prompt = round+g.name(p)+" builds", "build cities or end"
	case PhaseDisaster:
		budget("disasters")
		st.Phase, st.Prompt = round+g.name(p)+"'s Disasters", "order your cities for the riots and resolve"
	case PhasePlague:
		budget("disasters")
		what := "territory"
		if s.TiedContinents {
			what = "continent"
		}
		st.Phase, st.Prompt = round+g.name(p)+"'s Disasters", fmt.Sprintf("the plague: choose the %s it strikes among those tied", what)
	case PhasePurchase:
		budget("purchase")
		st.Phase, st.Prompt = round+g.name(p)+" buys", "buy Empire cards or end"
	}
	return st
}

// Over implements ruleset.Game: the winner, or 0 for a shared win.
func (g *game) Over() (bool, ruleset.Seat) {
	if g.s.Phase != PhaseOver {
		return false, 0
	}
	if len(g.s.Winners) == 1 {
		return true, g.s.Winners[0]
	}
	return true, 0
}

// Seats implements ruleset.Game.
func (g *game) Seats() int { return g.n() }

// Player implements ruleset.Game.
func (g *game) Player(s ruleset.Seat) ruleset.PlayerInfo {
	if s < 1 || int(s) > g.n() {
		return ruleset.PlayerInfo{}
	}
	return ruleset.PlayerInfo{Name: g.name(s), Alive: g.p(s).Alive}
}

// Missed implements ruleset.Game.
func (g *game) Missed(s ruleset.Seat) int {
	if s < 1 || int(s) > g.n() {
		return 0
	}
	return g.p(s).Missed
}

// ReplaceAfter implements ruleset.Game.
func (g *game) ReplaceAfter() int { return replaceMiss }

// Default implements ruleset.Defaulter (rule 19): the answer for an actor
// whose time ran out.
func (g *game) Default(p ruleset.Seat) ([]byte, bool) {
	st := g.Step()
	if !st.Acts(p) {
		return nil, false
	}
	a := Action{Seq: g.s.Seq}
	s := &g.s
	switch s.Phase {
	case PhaseClaim:
		a.Kind, a.Territory = ActClaim, g.free()[0]
	case PhaseDeploy:
		a.Kind, a.Territory, a.Count = ActPlace, g.held(p)[0], 1
	case PhasePlace:
		a.Kind = ActEndPlace
	case PhaseAttack:
		a.Kind = ActStop
	case PhaseDefend:
		a.Kind = ActKeep
	case PhaseOccupy:
		a.Kind, a.Count = ActOccupy, s.Dice
	case PhaseReinforce:
		a.Kind, a.Count = ActPlace, g.p(p).Reserve
		for _, t := range g.held(p) {
			if !g.nuked(t) {
				a.Territory = t
				break
			}
		}
	case PhaseMove:
		a.Kind = ActEndTurn
	case PhaseBuild:
		a.Kind = ActEndBuild
	case PhaseTrade:
		a.Kind = ActDone
	case PhaseDisaster:
		a.Kind = ActResolve
	case PhasePlague:
		a.Kind, a.Choice = ActChoose, s.Tied[0]
	case PhasePurchase:
		a.Kind = ActEndPurchase
	default:
		return nil, false
	}
	b, err := wire.Marshal(&a)
	if err != nil {
		return nil, false
	}
	return b, true
}

// Save implements ruleset.Game.
func (g *game) Save() ([]byte, error) {
	s := g.s
	rng, err := g.pcg.MarshalBinary()
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

// Counts implements ruleset.Counter.
func (g *game) Counts() map[string]int {
	armies, cities := 0, 0
	for i := range g.s.Armies {
		armies += g.s.Armies[i]
		if g.s.City[i] {
			cities++
		}
	}
	empire := 0
	for _, p := range g.s.Players {
		empire += len(p.Empire.Cards())
	}
	return map[string]int{"armies": armies, "cities": cities, "empire cards": empire, "offers": len(g.s.Offers)}
}
