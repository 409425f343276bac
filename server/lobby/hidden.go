package lobby

import (
	"empires/shared/protocol"
	"empires/shared/ruleset"
)

// publicOnly clears set's AllSeeing for a game of ruleset info in whose
// games have hidden holdings (ruleset.Info.Hidden): their spectators see
// only what is public (match.Settings.AllSeeing), so the lobby never says
// they see all, in the settings it sends or the games it lists.
func publicOnly(set *protocol.Settings, in ruleset.Info) {
	if in.Hidden {
		set.AllSeeing = false
	}
}
