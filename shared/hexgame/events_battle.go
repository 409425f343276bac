package hexgame

import (
	"errors"
	"fmt"
	"math"
	"slices"

	"empires/shared/game"
)

// A battle report in the compact form (docs/protocol.md, section 10.8, "A
// battle report"). Its words (ReasonText, each character's Name and Text)
// travel only when the reader cannot write them: a ruleset that is a
// BattleWriter writes them from the rest of the report, and a word it
// writes the same as the report has is a flag, not a text.
//
// CHOICE: the writer checks each word against the ruleset's (WriteBattle
// on a copy of the report without its words) instead of trusting the
// ruleset to always write the words it would: a word the report does not
// tell (a mod's ruleset writing its own) travels as a text, so no word is
// ever lost or changed, and the words cost nothing when they are the
// ruleset's.

// BattleWriter is a ruleset whose battle reports' words follow from the
// rest of the report. WriteBattle writes into b its ReasonText and its
// characters' Name and Text, as the ruleset's battles write them, from
// b's other fields; it reads none of b's words, changes nothing else,
// and leaves "" a word the report does not tell. A ruleset's words are
// part of the protocol: a
// build whose WriteBattle writes other words speaks another version.
type BattleWriter interface {
	WriteBattle(b *game.BattleReport)
}

// battleWriter returns rules as a BattleWriter, nil if it is none.
func battleWriter(rules game.Ruleset) BattleWriter {
	if bw, ok := rules.(BattleWriter); ok {
		return bw
	}
	return nil
}

// written returns b's words as bw writes them from the rest of b: a copy
// of b without its words, passed to bw.WriteBattle.
func written(bw BattleWriter, b *game.BattleReport) *game.BattleReport {
	c := *b
	c.ReasonText = ""
	for i := range c.Sides {
		s := &c.Sides[i]
		s.Characters = slices.Clone(s.Characters)
		for k := range s.Characters {
			s.Characters[k].Name, s.Characters[k].Text = "", ""
		}
	}
	bw.WriteBattle(&c)
	return &c
}

// The flags that start a battle report.
const (
	bHex         = 1 << iota // Hex differs from the event's To: varint Q, varint R
	bWinner                  // uvarint
	bCity                    // City differs from the event's City: uvarint
	bReason                  // text
	bReasonText              // text
	bReasonWords             // ReasonText is the ruleset's words: nothing
	bAll         = 1<<iota - 1
)

// The flags that start a side of a battle report, then its Player and
// Role (uvarints) and the fields of the bits in their order. The first
// seven are those of most sides of a land battle, so that their flags
// take a byte.
const (
	sArmies      = 1 << iota // count, then each ID as a varint from the last
	sBefore                  // units: count, varints
	sLosses                  // units
	sRolls                   // Rolls: with Dice, the dice's Roll, nothing written; without, count, varints
	sDice                    // dice (events_dice.go)
	sFallen                  // varint
	sWon                     // Won: nothing
	sCharacters              // count, characters
	sPoints                  // varint
	sHits                    // varint; when clear, the sum of the dice's Hits
	sPointsSpent             // varint; when clear, the sum of the dice's Score - Roll
	sHealed                  // varint
	sRollsApart              // Rolls of a side with Dice that are not the dice's: count, varints
	sUncroaked               // units
	sCityLevel               // varint
	sCityDefence             // varint
	sCityLowered             // varint
	sCityUnits               // units
	sCityLosses              // units
	sAll         = 1<<iota - 1
)

// The bits of a character's uvarint of its effect.
const (
	cLost      = 1 << iota // Lost
	cTextWords             // Text is the ruleset's words: not written
	cNameWords             // Name is the ruleset's words: not written
	cEffect                // Effect times this
)

// battle writes report b of event e; words are b's words as the ruleset
// writes them (nil if it does not).
func (w *eventWriter) battle(b *game.BattleReport, e *game.Event) {
	var words *game.BattleReport
	if w.words != nil {
		words = written(w.words, b)
	}
	var f uint64
	if b.Hex != e.To {
		f |= bHex
	}
	if b.Winner != 0 {
		f |= bWinner
	}
	if b.City != e.City {
		f |= bCity
	}
	if b.Reason != "" {
		f |= bReason
	}
	switch {
	case b.ReasonText == "":
	case words != nil && words.ReasonText == b.ReasonText:
		f |= bReasonWords
	default:
		f |= bReasonText
	}
	w.uint(f)
	if f&bHex != 0 {
		w.hex(b.Hex)
	}
	if f&bWinner != 0 {
		w.uint(uint64(b.Winner))
	}
	if f&bCity != 0 {
		w.uint(uint64(b.City))
	}
	if f&bReason != 0 {
		w.text(b.Reason)
	}
	if f&bReasonText != 0 {
		w.text(b.ReasonText)
	}
	for i := range b.Sides {
		var ws *game.SideReport
		if words != nil && len(words.Sides[i].Characters) == len(b.Sides[i].Characters) {
			ws = &words.Sides[i]
		}
		w.side(&b.Sides[i], ws)
	}
}

// rollsFromDice reports whether rolls are the dice's rolls, one a die.
func rollsFromDice(rolls []int, dice []game.DieReport) bool {
	if len(rolls) != len(dice) {
		return false
	}
	for i, r := range rolls {
		if int64(r) != int64(dice[i].Roll) {
			return false
		}
	}
	return true
}

// diceSums returns the sums over dice of their Hits and of their Score -
// Roll: a side's Hits and PointsSpent when its flags leave them out.
func diceSums(dice []game.DieReport) (hits, spent int32) {
	for _, d := range dice {
		hits += d.Hits
		spent += d.Score - d.Roll
	}
	return hits, spent
}

// side writes side s of a battle report; words is the side as the
// ruleset writes its words (nil if it does not).
func (w *eventWriter) side(s, words *game.SideReport) {
	var f uint64
	set := func(bit uint64, on bool) {
		if on {
			f |= bit
		}
	}
	hits, spent := diceSums(s.Dice)
	// Rolls are the dice's (a land battle) or there are no dice (a fleet
	// battle): bit sRolls; else, rarely, sRollsApart.
	short := len(s.Rolls) > 0 && (len(s.Dice) == 0 || rollsFromDice(s.Rolls, s.Dice))
	set(sArmies, len(s.Armies) > 0)
	set(sBefore, len(s.Before) > 0)
	set(sLosses, len(s.Losses) > 0)
	set(sRolls, short)
	set(sDice, len(s.Dice) > 0)
	set(sFallen, s.Fallen != 0)
	set(sWon, s.Won)
	set(sCharacters, len(s.Characters) > 0)
	set(sPoints, s.Points != 0)
	set(sHits, s.Hits != hits)
	set(sPointsSpent, s.PointsSpent != spent)
	set(sHealed, s.Healed != 0)
	set(sRollsApart, len(s.Rolls) > 0 && !short)
	set(sUncroaked, len(s.Uncroaked) > 0)
	set(sCityLevel, s.CityLevel != 0)
	set(sCityDefence, s.CityDefence != 0)
	set(sCityLowered, s.CityLowered != 0)
	set(sCityUnits, len(s.CityUnits) > 0)
	set(sCityLosses, len(s.CityLosses) > 0)
	w.uint(f)
	w.uint(uint64(s.Player))
	w.uint(uint64(s.Role))
	units := func(bit uint64, u game.Units) {
		if f&bit != 0 {
			w.uint(uint64(len(u)))
			for _, n := range u {
				w.int(int64(n))
			}
		}
	}
	number := func(bit uint64, n int32) {
		if f&bit != 0 {
			w.int(int64(n))
		}
	}
	if f&sArmies != 0 {
		w.uint(uint64(len(s.Armies)))
		var last int64
		for _, id := range s.Armies {
			w.int(int64(id) - last)
			last = int64(id)
		}
	}
	units(sBefore, s.Before)
	units(sLosses, s.Losses)
	rolls := func(bit uint64) {
		if f&bit != 0 {
			w.uint(uint64(len(s.Rolls)))
			for _, r := range s.Rolls {
				w.int(int64(r))
			}
		}
	}
	if f&sDice == 0 {
		rolls(sRolls)
	}
	if f&sDice != 0 {
		w.dice(s.Dice)
	}
	number(sFallen, s.Fallen)
	if f&sCharacters != 0 {
		w.uint(uint64(len(s.Characters)))
		for i := range s.Characters {
			var cw *game.CharacterReport
			if words != nil {
				cw = &words.Characters[i]
			}
			w.character(&s.Characters[i], cw, s.Armies)
		}
	}
	number(sPoints, s.Points)
	number(sHits, s.Hits)
	number(sPointsSpent, s.PointsSpent)
	number(sHealed, s.Healed)
	rolls(sRollsApart)
	units(sUncroaked, s.Uncroaked)
	number(sCityLevel, s.CityLevel)
	number(sCityDefence, s.CityDefence)
	number(sCityLowered, s.CityLowered)
	units(sCityUnits, s.CityUnits)
	units(sCityLosses, s.CityLosses)
}

// character writes character c of a side whose armies are armies; words
// is c as the ruleset writes its words (nil if it does not). Its army is
// 1 + its index in armies, or 0 and its ID when it is none of them.
func (w *eventWriter) character(c, words *game.CharacterReport, armies []game.ArmyID) {
	w.uint(uint64(c.ID))
	if k := slices.Index(armies, c.Army); k >= 0 {
		w.uint(uint64(k) + 1)
	} else {
		w.uint(0)
		w.uint(uint64(c.Army))
	}
	w.uint(uint64(c.Kind))
	v := uint64(c.Effect) * cEffect
	if c.Lost {
		v |= cLost
	}
	nameWords := c.Name != "" && words != nil && words.Name == c.Name
	textWords := c.Text != "" && words != nil && words.Text == c.Text
	if nameWords {
		v |= cNameWords
	}
	if textWords {
		v |= cTextWords
	}
	w.uint(v)
	if !nameWords {
		w.text(c.Name)
	}
	w.int(int64(c.Level))
	w.int(int64(c.LevelAfter) - int64(c.Level))
	if !textWords {
		w.text(c.Text)
	}
}

// battle reads the battle report of event e.
func (r *eventReader) battle(e *game.Event) *game.BattleReport {
	f := r.uint(bAll, "battle flags")
	b := &game.BattleReport{Hex: e.To, City: e.City}
	if f&bHex != 0 {
		b.Hex = r.hex("battle hex")
	}
	if f&bWinner != 0 {
		b.Winner = game.PlayerID(r.uint(math.MaxUint8, "battle winner"))
	}
	if f&bCity != 0 {
		b.City = game.CityID(r.uint(math.MaxUint32, "battle city"))
	}
	if f&bReason != 0 {
		b.Reason = r.text("battle reason")
	}
	if f&bReasonText != 0 {
		b.ReasonText = r.text("battle reason text")
	}
	if f&bReasonText != 0 && f&bReasonWords != 0 {
		r.fail(errors.New("battle flags: both a reason text and the ruleset's words"))
	}
	var names, texts [2][]bool // the characters' words the ruleset writes
	for i := range b.Sides {
		names[i], texts[i] = r.side(&b.Sides[i])
	}
	if r.err != nil {
		return nil
	}
	ruled := f&bReasonWords != 0
	for i := range b.Sides {
		ruled = ruled || slices.Contains(names[i], true) || slices.Contains(texts[i], true)
	}
	if !ruled {
		return b
	}
	if r.words == nil {
		return b // the words stay ""
	}
	words := written(r.words, b)
	for i := range b.Sides {
		if len(words.Sides[i].Characters) != len(b.Sides[i].Characters) {
			r.fail(fmt.Errorf("battle at %s: the ruleset wrote the words of %d characters of side %d, not %d",
				b.Hex, len(words.Sides[i].Characters), i, len(b.Sides[i].Characters)))
			return nil
		}
	}
	if f&bReasonWords != 0 {
		b.ReasonText = words.ReasonText
	}
	for i := range b.Sides {
		for k := range b.Sides[i].Characters {
			c, cw := &b.Sides[i].Characters[k], &words.Sides[i].Characters[k]
			if names[i][k] {
				c.Name = cw.Name
			}
			if texts[i][k] {
				c.Text = cw.Text
			}
		}
	}
	return b
}

// side reads a side of a battle report into s, and says of each of its
// characters whether the ruleset writes its Name and its Text.
func (r *eventReader) side(s *game.SideReport) (names, texts []bool) {
	f := r.uint(sAll, "side flags")
	s.Player = game.PlayerID(r.uint(math.MaxUint8, "side player"))
	s.Role = game.Role(r.uint(math.MaxUint8, "side role"))
	units := func(bit uint64, what string) game.Units {
		if f&bit == 0 {
			return nil
		}
		n := r.count(what)
		u := make(game.Units, n)
		for k := range u {
			u[k] = r.int32(what)
		}
		return u
	}
	number := func(bit uint64, what string, none int32) int32 {
		if f&bit == 0 {
			return none
		}
		return r.int32(what)
	}
	if f&sArmies != 0 {
		n := r.count("side armies")
		s.Armies = make([]game.ArmyID, 0, n)
		var last int64
		for range n {
			last += r.int(-math.MaxUint32, math.MaxUint32, "side army")
			if last < 0 || last > math.MaxUint32 {
				r.fail(fmt.Errorf("side army: %d is out of range (0 to %d)", last, uint32(math.MaxUint32)))
			}
			s.Armies = append(s.Armies, game.ArmyID(last))
		}
	}
	s.Before = units(sBefore, "side units before")
	s.Losses = units(sLosses, "side losses")
	rolls := func(bit uint64) {
		if f&bit != 0 {
			n := r.count("side rolls")
			s.Rolls = make([]int, n)
			for k := range s.Rolls {
				s.Rolls[k] = int(r.int(math.MinInt, math.MaxInt, "side roll"))
			}
		}
	}
	if f&sDice == 0 {
		rolls(sRolls)
	}
	if f&sDice != 0 {
		s.Dice = r.dice()
	}
	s.Fallen = number(sFallen, "side fallen", 0)
	s.Won = f&sWon != 0
	if f&sCharacters != 0 {
		n := r.count("side characters")
		s.Characters = make([]game.CharacterReport, n)
		names, texts = make([]bool, n), make([]bool, n)
		for k := range s.Characters {
			names[k], texts[k] = r.character(&s.Characters[k], s.Armies)
		}
	}
	hits, spent := diceSums(s.Dice)
	s.Points = number(sPoints, "side points", 0)
	s.Hits = number(sHits, "side hits", hits)
	s.PointsSpent = number(sPointsSpent, "side points spent", spent)
	s.Healed = number(sHealed, "side healed", 0)
	if f&sRolls != 0 && f&sDice != 0 {
		if f&sRollsApart != 0 {
			r.fail(errors.New("side flags: rolls both the dice's and apart"))
		}
		s.Rolls = make([]int, len(s.Dice))
		for k := range s.Dice {
			s.Rolls[k] = int(s.Dice[k].Roll)
		}
	}
	rolls(sRollsApart)
	s.Uncroaked = units(sUncroaked, "side uncroaked")
	s.CityLevel = number(sCityLevel, "side city level", 0)
	s.CityDefence = number(sCityDefence, "side city defence", 0)
	s.CityLowered = number(sCityLowered, "side city lowered", 0)
	s.CityUnits = units(sCityUnits, "side city units")
	s.CityLosses = units(sCityLosses, "side city losses")
	if r.err != nil {
		*s = game.SideReport{}
		return nil, nil
	}
	return names, texts
}

// character reads a character of a side whose armies are armies into c,
// and says whether the ruleset writes its Name and its Text.
func (r *eventReader) character(c *game.CharacterReport, armies []game.ArmyID) (name, text bool) {
	c.ID = game.CharacterID(r.uint(math.MaxUint32, "character id"))
	switch k := r.uint(uint64(len(armies)), "character army"); k {
	case 0:
		c.Army = game.ArmyID(r.uint(math.MaxUint32, "character army id"))
	default:
		c.Army = armies[k-1]
	}
	c.Kind = uint8(r.uint(math.MaxUint8, "character kind"))
	v := r.uint(math.MaxUint8*cEffect+cEffect-1, "character effect")
	c.Effect, c.Lost = game.Effect(v/cEffect), v&cLost != 0
	name, text = v&cNameWords != 0, v&cTextWords != 0
	if !name {
		c.Name = r.text("character name")
	}
	c.Level = r.int32("character level")
	c.LevelAfter = r.diff32(c.Level, "character level after")
	if !text {
		c.Text = r.text("character text")
	}
	return name, text
}
