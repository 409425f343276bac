package protocol

import (
	"fmt"
	"strings"
)

// Version is the protocol version this build speaks. Bump it, and add a
// Change to History, whenever a message changes in any way (see the package
// documentation).
const Version = 11

// MinVersion is the oldest protocol version this build still speaks. It
// equals Version: every change so far broke the encoding. A later build that
// keeps reading an older version's messages may lower it.
const MinVersion = 11

// Change is one entry of the protocol's history.
type Change struct {
	Version int
	Date    string // YYYY-MM-DD
	What    string
}

// History returns the protocol versions, oldest first, with what each
// changed. Its last entry is Version.
func History() []Change {
	return []Change{
		{1, "2026-11-22", "First version: handshake, lobby (list, create, join, spectate, " +
			"rejoin with a seat token, chat, ready, start), orders, turn clock, full views " +
			"and deltas with checksums, events, game over."},
		{2, "2026-11-22", "Settings.AILevel: how the AI plays the bot seats."},
		{3, "2026-11-25", "Battle reports tell the whole battle: BattleReport.City, Reason and " +
			"ReasonText; SideReport.Won, Uncroaked, the city's forces (CityLevel, CityDefence, " +
			"CityLowered, CityUnits, CityLosses), Characters, Dice, Points, PointsSpent, Hits, " +
			"Fallen and Healed. A battle's defender may be a city alone (no armies). New event " +
			"kind game.EventReportShared (a Look-A-Mancer's shared turn report)."},
		{4, "2026-11-25", "Rulesets: Welcome lists each ruleset with its title, summary, board, " +
			"seats, settings, AI levels and the content hash of its data (RulesetInfo); GetRules " +
			"and RulesData fetch a host's modded data; GameInfo.Modded. Orders, views, deltas and " +
			"events are the ruleset's own payloads (msgpack values inside the message). " +
			"Settings.Options for a ruleset's own settings, width and height 0 for a game " +
			"without a map. Interactive steps: TurnClock.Mode, Seq, Actors and Prompt; Act and " +
			"ActResult. GameOver.Winner is a seat. The hex rulesets' views and deltas carry " +
			"structures on hexes (farms, forts, Dinglehoobers) as a last field when there are some; " +
			"the erfpires ruleset."},
		{5, "2026-11-28", "The hex rulesets' events in a compact form: the array [version 1, turn, " +
			"dictionary hash, strings, body], the events one after the other in the body as " +
			"varints, each saying only what differs from the event before it, an army's path " +
			"going on from where its last event left it, a step to a neighbouring hex as its direction, texts as templates (of the build's dictionary or " +
			"of strings) with their numbers as varints, and a side's rolls left out when they " +
			"are its dice's. Hello.Build and Welcome.Build: each side's build (the git tag or " +
			"commit it was made from), for logs and display."},
		{6, "2026-11-28", "Games played one action at a time: TurnClock.Since (a concurrent step, Mode 3, " +
			"takes an Act naming any Seq from Since on) and TurnClock.Phase (the step's name for the top bar); " +
			"a TurnClock's Deadline is the step's own limit where the ruleset sets one. SubmitOrders.Seq and " +
			"SetReady.Seq name the step they are for, so a late one is refused. Seat set-up data: " +
			"SetSeatData and SeatDataResult, SeatInfo.HasData, RulesetInfo.SeatSetup. RulesetInfo.Hidden " +
			"(a game of hidden holdings). Games of up to 20 seats."},
		{7, "2026-11-28", "Missed: the events of the steps played while a player was away, sent after the " +
			"FullView of a player who comes back. The hex rulesets' last EventMove of an army on its movement order " +
			"carries the order's kind in Amount, and \"found nobody\" for an attack that fought nobody."},
		{8, "2026-11-29", "The dictionary of event templates travels over the protocol: RulesetInfo.Dict names it " +
			"(its hash, 0 for a ruleset whose events name none), RulesData.Dict and RulesData.Templates carry it. " +
			"Limits.WorkBurst and Limits.WorkPerSecond: the work budget the server charges each " +
			"message against, sized by default so that a client within MessagesPerSecond and Burst never runs out."},
		{9, "2026-11-29", "The hex rulesets' events in compact form 2: a side's dice packed (runs of one unit " +
			"and round, each roll in the bits the side's rolls span, the raised dice listed, hits by a table of " +
			"scores) or one by one, whichever is shorter; a side's flags reordered so that a land battle's fit a " +
			"byte, its Hits and PointsSpent left out when they are its dice's sums, a character's army as its " +
			"index among the side's; the battle words a ruleset writes from the report (erfworld's reason and " +
			"characters' words) left out, the client writing them with the same rules. A new dictionary of " +
			"event templates."},
		{10, "2026-11-29", "The empire ruleset's View.Seen travels as a byte string (bin) of uvarints, one a square, " +
			"instead of an array of integers; its checksum is still the FNV-1a 64 of the view's bytes, which change with it."},
		{11, "2026-11-29", "RulesetInfo.LevelNotes: a line on how each AI level plays, for the setup form."},
	}
}

// Compatible reports whether this build speaks protocol version v.
func Compatible(v int) bool { return v >= MinVersion && v <= Version }

// Spoken describes the versions this build speaks, for messages: "version
// 1" or "versions 1 to 3".
func Spoken() string {
	if MinVersion == Version {
		return fmt.Sprintf("version %d", Version)
	}
	return fmt.Sprintf("versions %d to %d", MinVersion, Version)
}

// CheckVersion returns nil if this build speaks protocol version v, and
// otherwise a *ProtocolError with code BadVersion whose message names the
// versions that match, for the server to send in its Error and the client to
// show:
//
//	protocol version 2 is not supported: this server speaks version 1
//	(protocol of 2026-11-22); the client is newer: update the server or use
//	a matching client
//
// side names who is speaking ("server" or "client").
func CheckVersion(v int, side string) error {
	if Compatible(v) {
		return nil
	}
	h := History()
	other := "client"
	if side == "client" {
		other = "server"
	}
	var b strings.Builder
	fmt.Fprintf(&b, "protocol version %d is not supported: this %s speaks %s (protocol of %s); ",
		v, side, Spoken(), h[len(h)-1].Date)
	if v < MinVersion {
		fmt.Fprintf(&b, "the %s is older: update the %s", other, other)
	} else {
		fmt.Fprintf(&b, "the %s is newer: update the %s or use a matching %s", other, side, other)
	}
	return &ProtocolError{Code: BadVersion, Message: b.String()}
}
