package generals

import (
	"fmt"
	"math/rand/v2"

	"empires/shared/ruleset"
	"empires/shared/wire"
)

// ai plays a seat from its view. The passive level plays the rules'
// default answer at every step (Default): it passes or declares, skips
// every phase, presents no blocker, discards the last cards. The random
// level picks uniformly among Moves, never resigning. The easy and normal
// levels are to come beside it (ai_easy.go, ai_normal.go), listed in
// Levels.
type ai struct {
	rules *Rules
	level ruleset.Level
	rng   *rand.Rand
}

var _ ruleset.AI = (*ai)(nil)

// Act implements ruleset.AI.
func (a *ai) Act(rv ruleset.View, step ruleset.Step, s ruleset.Seat) ([]byte, error) {
	v, ok := rv.(*View)
	switch {
	case !ok:
		return nil, fmt.Errorf("%s AI: a view of type %T", ID, rv)
	case s == 0 || v.Seat != s:
		return nil, fmt.Errorf("%s AI: seat %d's view for seat %d", ID, v.Seat, s)
	case !step.Acts(s):
		return nil, fmt.Errorf("%s AI: seat %d does not act in step %d", ID, s, step.Seq)
	case v.Seq != step.Seq:
		return nil, fmt.Errorf("%s AI: a view of step %d for step %d", ID, v.Seq, step.Seq)
	}
	act := a.rules.defaultAction(v)
	if a.level == ruleset.Random {
		var moves []Action
		for _, m := range a.rules.Moves(v) {
			if m.Kind != ActResign {
				moves = append(moves, m)
			}
		}
		if len(moves) > 0 {
			act = moves[a.rng.IntN(len(moves))]
		}
	}
	return wire.Marshal(&act)
}
