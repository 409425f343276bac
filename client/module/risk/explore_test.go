package risk

import (
	"testing"

	rules "empires/shared/rules/risk"
	"empires/shared/ruleset"
)

func TestExplore(t *testing.T) {
	for _, nt := range []int{9, 10, 11, 12} {
		for seed := uint64(1); seed <= 40; seed++ {
			tg := newTestGame(t, seed, 2, ruleset.Options{rules.KeyMap: rules.MapGenerated, rules.KeyTerritories: nt})
			m := tg.m()
			deployed, rolls := 0, 0
			res := ""
			for range 400 {
				tg.others(500)
				if m.v.Round > 3 {
					res = "late"
					break
				}
				mv := m.Move()
				if mv == MoveTrade {
					res = "trade"
					break
				}
				switch mv {
				case MoveDeploy:
					ts := m.Targets()
					tg.do(m.ClickTerritory(ts[deployed%min(3, len(ts))], false))
					deployed++
				case MovePlace:
					ts := m.Targets()
					tg.do(m.ClickTerritory(ts[0], false))
					if m.Move() == MovePlace {
						tg.do(m.ClickTerritory(ts[len(ts)-1], true))
					}
				case MoveAttack:
					if rolls > 0 {
						tg.do(m.EndStep())
						continue
					}
					m.ClickTerritory(m.Targets()[0], false)
					m.ClickTerritory(m.Targets()[0], false)
					tg.do(m.Roll())
					rolls++
				case MoveDefend:
					tg.do(m.Keep())
				case MoveBuild:
					if ts := m.Targets(); len(ts) > 0 {
						tg.do(m.ClickTerritory(ts[0], false))
					} else {
						tg.do(m.EndStep())
					}
				case MovePurchase:
					tg.s.act(rules.Action{Kind: rules.ActEndPurchase})
					tg.play(1, tg.host.acts[len(tg.host.acts)-1])
				default:
					tg.do(m.EndStep())
				}
			}
			if res == "trade" && m.v.Round <= 2 {
				t.Logf("nt %d seed %d: trade in round %d, seq %d, mine %d", nt, seed, m.v.Round, m.v.Seq, len(tg.host.acts))
			}
		}
	}
}
