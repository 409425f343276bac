package hexscreen

import (
	"fmt"

	"empires/shared/game"
	"empires/shared/hexgame"
	"empires/shared/ruleset"
)

// RulesOf returns the rules of type R that ruleset rs plays with, for the
// client module of ruleset id: rs must be a ruleset on the hex engine
// (the registry's *hexgame.Ruleset, with the build's data or a mod's)
// whose rules are an R. Otherwise the error says which of the two it is
// not.
func RulesOf[R game.Ruleset](id string, rs ruleset.Ruleset) (R, error) {
	var none R
	hr, ok := rs.(*hexgame.Ruleset)
	if !ok {
		return none, fmt.Errorf("the %s module shows hex games, not a %T", id, rs)
	}
	r, ok := hr.Rules().(R)
	if !ok {
		return none, fmt.Errorf("the %s module shows %s's rules, not a %T", id, id, hr.Rules())
	}
	return r, nil
}
