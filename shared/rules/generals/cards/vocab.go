package cards

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// ResourceName is a resource of the collection ("stone", "water"), in its
// singular form: what a harvest gains and a cost pays.
type ResourceName string

// Lexicon is the words of the vocabulary that the collection's data
// declares rather than the code: the resources (with their plurals) and
// the soldiers' subtypes. ParseRule and ParseCost read a card's text with
// it.
type Lexicon struct {
	Resources []ResourceDef
	Subtypes  []SubtypeDef
}

// resource returns the resource named w, singular or plural.
func (l *Lexicon) resource(w string) (ResourceName, bool) {
	for _, r := range l.Resources {
		if w == r.Name || w == r.Plural {
			return ResourceName(r.Name), true
		}
	}
	return "", false
}

// plural returns the plural of resource r.
func (l *Lexicon) plural(r ResourceName) string {
	for _, d := range l.Resources {
		if d.Name == string(r) {
			return d.Plural
		}
	}
	return string(r)
}

// subtype reports whether w is a declared subtype.
func (l *Lexicon) subtype(w string) bool {
	return slices.ContainsFunc(l.Subtypes, func(d SubtypeDef) bool { return d.Name == w })
}

// resourceList names the resources for an error message.
func (l *Lexicon) resourceList() string {
	var names []string
	for _, r := range l.Resources {
		names = append(names, r.Name)
	}
	return strings.Join(names, ", ")
}

// Bounds of the vocabulary's numbers and lines.
const (
	MaxAmount  = 99  // the largest number a word takes
	MaxLine    = 200 // the longest rule or cost, in bytes
	MaxActions = 6   // the most actions of one rule
)

// Amount is a number of one resource: "2 stone". Resource "" is any
// resource (a cost only: "3 any").
type Amount struct {
	N        int
	Resource ResourceName
}

// Cost is what a card or an ability costs: resources of the turn's pool
// (Pay, each resource once, in the order written; Any counts resources of
// any kind) and, for an ability, the discard of the card itself. The zero
// Cost is free. Written "2 food, 1 iron", "3 any", "discard", "1 gold,
// discard".
type Cost struct {
	Pay     []Amount
	Any     int
	Discard bool
}

// Free reports whether c costs nothing.
func (c Cost) Free() bool { return len(c.Pay) == 0 && c.Any == 0 && !c.Discard }

// Total is the number of resources c costs.
func (c Cost) Total() int {
	n := c.Any
	for _, a := range c.Pay {
		n += a.N
	}
	return n
}

// String writes c as ParseCost reads it; "free" for the zero Cost.
func (c Cost) String() string { return c.format(nil) }

// Format writes c as String does, with the resources' plurals of l.
func (c Cost) Format(l *Lexicon) string { return c.format(l) }

func (c Cost) format(l *Lexicon) string {
	var parts []string
	for _, a := range c.Pay {
		parts = append(parts, amountString(l, a))
	}
	if c.Any > 0 {
		parts = append(parts, fmt.Sprintf("%d any", c.Any))
	}
	if c.Discard {
		parts = append(parts, "discard")
	}
	if len(parts) == 0 {
		return "free"
	}
	return strings.Join(parts, ", ")
}

func amountString(l *Lexicon, a Amount) string {
	name := string(a.Resource)
	if a.N != 1 && l != nil {
		name = l.plural(a.Resource)
	}
	return fmt.Sprintf("%d %s", a.N, name)
}

// ParseCost reads a cost: parts separated by commas, each "N RESOURCE"
// (a resource of l, singular or plural), "N any", or "discard" (abilities
// only: the caller checks); "free" or "" is the zero Cost.
func ParseCost(l *Lexicon, s string) (Cost, error) {
	var c Cost
	s = strings.TrimSpace(s)
	if len(s) > MaxLine {
		return c, fmt.Errorf("a cost of %d bytes: at most %d", len(s), MaxLine)
	}
	if s == "" || s == "free" {
		return c, nil
	}
	for part := range strings.SplitSeq(s, ",") {
		f := strings.Fields(part)
		switch {
		case len(f) == 1 && f[0] == "discard":
			if c.Discard {
				return Cost{}, fmt.Errorf("cost %q: discard twice", clip(s))
			}
			c.Discard = true
			continue
		case len(f) != 2:
			return Cost{}, fmt.Errorf("cost %q: %q is not \"2 stone\", \"3 any\" or \"discard\"", clip(s), clip(strings.TrimSpace(part)))
		}
		n, err := number(f[0])
		if err != nil {
			return Cost{}, fmt.Errorf("cost %q: %w", clip(s), err)
		}
		if f[1] == "any" {
			if c.Any > 0 {
				return Cost{}, fmt.Errorf("cost %q: \"any\" twice", clip(s))
			}
			c.Any = n
			continue
		}
		r, ok := l.resource(f[1])
		if !ok {
			return Cost{}, fmt.Errorf("cost %q: there is no resource %q (the resources: %s)", clip(s), clip(f[1]), l.resourceList())
		}
		if slices.ContainsFunc(c.Pay, func(a Amount) bool { return a.Resource == r }) {
			return Cost{}, fmt.Errorf("cost %q: %s twice", clip(s), r)
		}
		c.Pay = append(c.Pay, Amount{N: n, Resource: r})
	}
	return c, nil
}

// number reads a count from 1 to MaxAmount.
func number(w string) (int, error) {
	n, err := strconv.Atoi(w)
	if err != nil || n < 1 || n > MaxAmount || w[0] == '+' {
		return 0, fmt.Errorf("%q is not a number from 1 to %d", clip(w), MaxAmount)
	}
	return n, nil
}

// signed reads a change: "+2" or "-1", from -MaxAmount to +MaxAmount, not 0.
func signed(w string) (int, error) {
	if len(w) < 2 || (w[0] != '+' && w[0] != '-') {
		return 0, fmt.Errorf("%q is not a change like +1 or -2", clip(w))
	}
	n, err := number(w[1:])
	if err != nil {
		return 0, fmt.Errorf("%q is not a change like +1 or -2", clip(w))
	}
	if w[0] == '-' {
		n = -n
	}
	return n, nil
}

// Trigger is when a rule of a card acts.
type Trigger uint8

// The triggers. A rule of a card in play acts at its trigger; Play and
// Ability rules also act for a card that is played and leaves (Tactics,
// Acts of God).
const (
	NoTrigger Trigger = iota
	// OnPlay ("play:"): once, the moment the card comes into play. The
	// document's "effect": not affected by Pull.
	OnPlay
	// Always ("always:"): for as long as the card is in play.
	Always
	// OnHarvest ("harvest:"): in each of its owner's Harvest Phases while
	// the card is in the Resource Area (or in play): a Specialty
	// Resource's harvest effect, "Gain one stone".
	OnHarvest
	// OnAbility ("ability COST:"): when its owner chooses, paying the
	// cost, in the phase of the card's kind (a resource's in the Harvest
	// Phase, a Kingdom or Strategy card's in the Kingdom Phase, a unit's
	// in the Army Phase). A Soldier's ability suffers Pull: not the turn
	// it is played.
	OnAbility
	// OnAttack ("attack:"): when this unit is presented to attack.
	OnAttack
	// OnBlock ("block:"): when this unit is presented to block.
	OnBlock
	// OnKill ("kill:"): when this unit kills the unit it fights.
	OnKill
	// OnDeath ("dies:"): when this unit is discarded after a battle.
	OnDeath
	// OnResolve ("resolve:"): in each of its owner's Resolve Phases.
	OnResolve
	lastTrigger = OnResolve
)

var triggerWords = [...]string{"", "play", "always", "harvest", "ability", "attack", "block", "kill", "dies", "resolve"}

// String is the trigger's word: "harvest".
func (t Trigger) String() string {
	if t > lastTrigger {
		return "?"
	}
	return triggerWords[t]
}

// UnitTrigger reports whether only a unit (a General or a Soldier) has
// rules of trigger t: attack, block, kill, dies.
func (t Trigger) UnitTrigger() bool { return t >= OnAttack && t <= OnDeath }

// Verb is what an action does.
type Verb uint8

// The verbs. "you" is the card's owner; an effect on units from a rule
// that is not "always:" lasts until the end of the turn, one from an
// "always:" rule while its card is in play.
const (
	NoVerb Verb = iota
	// Gain ("gain N RESOURCE"): N of the resource to your pool this turn.
	Gain
	// Lose ("lose N RESOURCE [PLAYERS]"): the players lose N of the
	// resource from this turn's pool (to none at least).
	Lose
	// Trade ("trade N RESOURCE|any for M RESOURCE"): once, give N of the
	// pool's resources (of a kind, or of any kinds) for M of another.
	Trade
	// Draw ("draw N [supply] [PLAYERS]"): draw N cards from the Draw
	// Pile, or from the Supply Pile.
	Draw
	// DiscardHand ("discard N [PLAYERS]"): discard N cards of the hand,
	// each player's own choice (all when fewer).
	DiscardHand
	// Health ("health +N|-N [PLAYERS]"): change Cultural Health.
	Health
	// HandSize ("hand +N|-N [PLAYERS]"): the hand kept at the Resolve
	// Phase ("Discard hand down to seven cards unless stated otherwise").
	HandSize
	// Generals ("generals +N"): you may have N more Generals in play
	// ("You may only have one General in play at one time unless
	// otherwise stated").
	Generals
	// Strength ("strength +N|-N UNITS"): the units' Strength.
	Strength
	// Life ("life +N|-N UNITS"): the units' Life.
	Life
	// NoPull ("no-pull UNITS"): the units do not suffer Pull.
	NoPull
	// NoGeneral ("no-general UNITS"): the units enter the Battlefield
	// and attack without a General in play.
	NoGeneral
	// CannotAttack ("cannot-attack UNITS"): the units may not attack.
	CannotAttack
	// CannotBlock ("cannot-block UNITS"): the units may not block.
	CannotBlock
	// Unblockable ("unblockable UNITS"): no unit may block the units: the
	// defender presents no blocker.
	Unblockable
	// Destroy ("destroy UNITS"): discard the units from play.
	Destroy
	// Withdraw ("withdraw UNITS"): take the units away from the attack
	// (the document's Withdrawal, Removal, Dodge).
	Withdraw
	// Return ("return UNITS"): the units go back to their owners' hands.
	Return
	lastVerb = Return
)

var verbWords = [...]string{"", "gain", "lose", "trade", "draw", "discard", "health", "hand", "generals",
	"strength", "life", "no-pull", "no-general", "cannot-attack", "cannot-block", "unblockable", "destroy", "withdraw", "return"}

// String is the verb's word: "no-pull".
func (v Verb) String() string {
	if v > lastVerb {
		return "?"
	}
	return verbWords[v]
}

// Players is whom an action on players acts on. The zero Players is you.
type Players uint8

// The players an action acts on.
const (
	You          Players = iota // "you" (or nothing): the card's owner
	Opponent                    // "opponent": one opponent, of the owner's choice
	EachOpponent                // "each opponent"
	EachPlayer                  // "each player", you too
	lastPlayers  = EachPlayer
)

var playersWords = [...]string{"you", "opponent", "each opponent", "each player"}

// String is the players' words: "each opponent".
func (p Players) String() string {
	if p > lastPlayers {
		return "?"
	}
	return playersWords[p]
}

// Owner is whose units a UNITS phrase selects.
type Owner uint8

// The owners of a selection.
const (
	NoOwner  Owner = iota // this, attacker, blocker
	Yours                 // "your"
	Enemy                 // "enemy": an opponent's
	AnyOwner              // "all": anyone's
)

// Units is the units an action acts on: this unit, the attacker or the
// blocker of the battle, or a selection: OWNER SELECT ("your cavalry",
// "enemy soldiers", "all units"), of which one only when One ("one enemy
// soldier": the player chooses which).
type Units struct {
	Which   UnitRef
	One     bool
	Owner   Owner
	Kind    Kind   // General, Soldier, or NoKind for any unit
	Subtype string // a declared subtype ("cavalry"), or "" for any
}

// UnitRef is a unit named by its place rather than chosen.
type UnitRef uint8

// The unit references.
const (
	Selected UnitRef = iota // the selection of Owner, Kind, Subtype
	This                    // "this": the card itself
	Attacker                // "attacker": the attacking unit of the battle
	Blocker                 // "blocker": the blocking unit of the battle
)

// String writes u as ParseRule reads it.
func (u Units) String() string {
	switch u.Which {
	case This:
		return "this"
	case Attacker:
		return "attacker"
	case Blocker:
		return "blocker"
	}
	var b strings.Builder
	if u.One {
		b.WriteString("one ")
	}
	b.WriteString([...]string{"", "your", "enemy", "all"}[min(u.Owner, AnyOwner)])
	b.WriteByte(' ')
	switch {
	case u.Subtype != "":
		b.WriteString(u.Subtype)
	case u.Kind == General && u.One:
		b.WriteString("general")
	case u.Kind == General:
		b.WriteString("generals")
	case u.Kind == Soldier && u.One:
		b.WriteString("soldier")
	case u.Kind == Soldier:
		b.WriteString("soldiers")
	case u.One:
		b.WriteString("unit")
	default:
		b.WriteString("units")
	}
	return b.String()
}

// Action is one thing a rule does: a verb and its words. N is the number
// (a change is signed); Resource the resource (Gain, Lose, Trade's given,
// "" for Trade's "any"); For and M Trade's resource and number received;
// Supply draws from the Supply Pile; Players whom a player action acts
// on; Units what a unit action acts on.
type Action struct {
	Verb     Verb
	N        int
	Resource ResourceName
	M        int
	For      ResourceName
	Supply   bool
	Players  Players
	Units    Units
}

// Rule is one line of a card's rules: a trigger, an ability's cost, and
// the actions done in order. Written "TRIGGER: ACTION; ACTION".
type Rule struct {
	Trigger Trigger
	Cost    Cost // OnAbility only
	Actions []Action
}

// String writes r as ParseRule reads it, in the canonical spelling.
func (r Rule) String() string { return r.Format(nil) }

// Format writes r as String does, with the resources' plurals of l (nil:
// singular names throughout, which ParseRule reads as well).
func (r Rule) Format(l *Lexicon) string {
	var b strings.Builder
	b.WriteString(r.Trigger.String())
	if r.Trigger == OnAbility && !r.Cost.Free() {
		b.WriteString(" " + r.Cost.format(l))
	}
	b.WriteString(":")
	for i, a := range r.Actions {
		if i > 0 {
			b.WriteString(";")
		}
		b.WriteString(" " + a.format(l))
	}
	return b.String()
}

func (a Action) format(l *Lexicon) string {
	players := func(s string) string {
		if a.Players != You {
			s += " " + a.Players.String()
		}
		return s
	}
	switch a.Verb {
	case Gain:
		return "gain " + amountString(l, Amount{a.N, a.Resource})
	case Lose:
		return players("lose " + amountString(l, Amount{a.N, a.Resource}))
	case Trade:
		give := fmt.Sprintf("%d any", a.N)
		if a.Resource != "" {
			give = amountString(l, Amount{a.N, a.Resource})
		}
		return "trade " + give + " for " + amountString(l, Amount{a.M, a.For})
	case Draw:
		s := fmt.Sprintf("draw %d", a.N)
		if a.Supply {
			s += " supply"
		}
		return players(s)
	case DiscardHand:
		return players(fmt.Sprintf("discard %d", a.N))
	case Health, HandSize:
		return players(fmt.Sprintf("%s %+d", a.Verb, a.N))
	case Generals:
		return fmt.Sprintf("generals %+d", a.N)
	case Strength, Life:
		return fmt.Sprintf("%s %+d %s", a.Verb, a.N, a.Units)
	}
	return a.Verb.String() + " " + a.Units.String()
}

// ParseRule reads one rule of a card, "TRIGGER: ACTION; ACTION": the
// trigger word (play, always, harvest, ability COST, attack, block, kill,
// dies, resolve), a colon, and one to MaxActions actions separated by
// semicolons. Words are lower case, separated by spaces. Its errors name
// the word that is wrong and what would be right.
func ParseRule(l *Lexicon, s string) (Rule, error) {
	if len(s) > MaxLine {
		return Rule{}, fmt.Errorf("a rule of %d bytes: at most %d", len(s), MaxLine)
	}
	head, body, ok := strings.Cut(s, ":")
	if !ok {
		return Rule{}, fmt.Errorf("rule %s: want \"TRIGGER: ACTION\", like \"harvest: gain 1 stone\"", quoted(s))
	}
	var r Rule
	head = strings.TrimSpace(head)
	word, rest, _ := strings.Cut(head, " ")
	t := slices.Index(triggerWords[:], word)
	r.Trigger = Trigger(max(t, 0))
	switch {
	case t < 1:
		return Rule{}, fmt.Errorf("rule %s: %q is no trigger (want one of %s)", quoted(s), clip(word), strings.Join(triggerWords[1:], ", "))
	case r.Trigger == OnAbility:
		c, err := ParseCost(l, rest)
		if err != nil {
			return Rule{}, fmt.Errorf("rule %s: %w", quoted(s), err)
		}
		r.Cost = c
	case rest != "":
		return Rule{}, fmt.Errorf("rule %s: only \"ability\" takes a cost before the colon, not %q", quoted(s), word)
	}
	parts := strings.Split(body, ";")
	if len(parts) > MaxActions {
		return Rule{}, fmt.Errorf("rule %s: %d actions, at most %d", quoted(s), len(parts), MaxActions)
	}
	for _, p := range parts {
		a, err := parseAction(l, strings.Fields(p))
		if err != nil {
			return Rule{}, fmt.Errorf("rule %s: %w", quoted(s), err)
		}
		r.Actions = append(r.Actions, a)
	}
	return r, nil
}

// parseAction reads one action's words.
func parseAction(l *Lexicon, f []string) (Action, error) {
	if len(f) == 0 {
		return Action{}, fmt.Errorf("an empty action (want a verb: %s)", strings.Join(verbWords[1:], ", "))
	}
	v := slices.Index(verbWords[:], f[0])
	if v < 1 {
		return Action{}, fmt.Errorf("%q is no verb (want one of %s)", clip(f[0]), strings.Join(verbWords[1:], ", "))
	}
	a := Action{Verb: Verb(v)}
	args := f[1:]
	need := func(n int, form string) error {
		if len(args) < n {
			return fmt.Errorf("%q wants %q", a.Verb.String(), form)
		}
		return nil
	}
	var err error
	switch a.Verb {
	case Gain, Lose:
		form := a.Verb.String() + " N RESOURCE"
		if a.Verb == Lose {
			form += " [PLAYERS]"
		}
		if err = need(2, form); err != nil {
			return Action{}, err
		}
		if a.N, err = number(args[0]); err != nil {
			return Action{}, err
		}
		if a.Resource, err = resourceWord(l, args[1]); err != nil {
			return Action{}, err
		}
		args = args[2:]
		if a.Verb == Lose {
			a.Players, args, err = parsePlayers(args)
		}
	case Trade:
		if err = need(5, "trade N RESOURCE|any for M RESOURCE"); err != nil {
			return Action{}, err
		}
		if a.N, err = number(args[0]); err != nil {
			return Action{}, err
		}
		if args[1] != "any" {
			if a.Resource, err = resourceWord(l, args[1]); err != nil {
				return Action{}, err
			}
		}
		if args[2] != "for" {
			return Action{}, fmt.Errorf("%q wants %q, not %q", "trade", "for", clip(args[2]))
		}
		if a.M, err = number(args[3]); err != nil {
			return Action{}, err
		}
		if a.For, err = resourceWord(l, args[4]); err != nil {
			return Action{}, err
		}
		if a.For == a.Resource {
			return Action{}, fmt.Errorf("a trade of %s for %s", a.For, a.For)
		}
		args = args[5:]
	case Draw, DiscardHand:
		if err = need(1, a.Verb.String()+" N [PLAYERS]"); err != nil {
			return Action{}, err
		}
		if a.N, err = number(args[0]); err != nil {
			return Action{}, err
		}
		args = args[1:]
		if a.Verb == Draw && len(args) > 0 && args[0] == "supply" {
			a.Supply, args = true, args[1:]
		}
		a.Players, args, err = parsePlayers(args)
	case Health, HandSize, Generals:
		if err = need(1, a.Verb.String()+" +N|-N"); err != nil {
			return Action{}, err
		}
		if a.N, err = signed(args[0]); err != nil {
			return Action{}, err
		}
		args = args[1:]
		if a.Verb == Generals && a.N < 0 {
			return Action{}, fmt.Errorf("\"generals\" only adds Generals: %+d", a.N)
		}
		if a.Verb != Generals {
			a.Players, args, err = parsePlayers(args)
		}
	case Strength, Life:
		if err = need(2, a.Verb.String()+" +N|-N UNITS"); err != nil {
			return Action{}, err
		}
		if a.N, err = signed(args[0]); err != nil {
			return Action{}, err
		}
		a.Units, args, err = parseUnits(l, args[1:])
	default: // the other unit verbs
		if err = need(1, a.Verb.String()+" UNITS"); err != nil {
			return Action{}, err
		}
		a.Units, args, err = parseUnits(l, args)
	}
	if err != nil {
		return Action{}, err
	}
	if len(args) > 0 {
		return Action{}, fmt.Errorf("%q after %q: the action is over", clip(strings.Join(args, " ")), a.format(l))
	}
	return a, nil
}

// resourceWord reads a resource of l.
func resourceWord(l *Lexicon, w string) (ResourceName, error) {
	r, ok := l.resource(w)
	if !ok {
		return "", fmt.Errorf("there is no resource %q (the resources: %s)", clip(w), l.resourceList())
	}
	return r, nil
}

// parsePlayers reads an optional PLAYERS phrase at the start of f.
func parsePlayers(f []string) (Players, []string, error) {
	switch {
	case len(f) == 0:
		return You, f, nil
	case f[0] == "you":
		return You, f[1:], nil
	case f[0] == "opponent":
		return Opponent, f[1:], nil
	case f[0] == "each" && len(f) > 1 && f[1] == "opponent":
		return EachOpponent, f[2:], nil
	case f[0] == "each" && len(f) > 1 && f[1] == "player":
		return EachPlayer, f[2:], nil
	}
	return 0, nil, fmt.Errorf("%q is no players (want you, opponent, each opponent or each player)", clip(strings.Join(f, " ")))
}

// parseUnits reads a UNITS phrase at the start of f: this, attacker,
// blocker, or [one] your|enemy|all SELECT, SELECT one of unit(s),
// soldier(s), general(s) or a subtype of l.
func parseUnits(l *Lexicon, f []string) (Units, []string, error) {
	const form = "this, attacker, blocker, or [one] your|enemy|all units|soldiers|generals|SUBTYPE"
	var u Units
	if len(f) == 0 {
		return u, nil, fmt.Errorf("no units (want %s)", form)
	}
	switch f[0] {
	case "this":
		u.Which = This
		return u, f[1:], nil
	case "attacker":
		u.Which = Attacker
		return u, f[1:], nil
	case "blocker":
		u.Which = Blocker
		return u, f[1:], nil
	case "one":
		u.One, f = true, f[1:]
	}
	if len(f) < 2 {
		return u, nil, fmt.Errorf("%q is no units (want %s)", clip(strings.Join(f, " ")), form)
	}
	switch f[0] {
	case "your":
		u.Owner = Yours
	case "enemy":
		u.Owner = Enemy
	case "all":
		u.Owner = AnyOwner
	default:
		return u, nil, fmt.Errorf("%q is no owner (want your, enemy or all)", clip(f[0]))
	}
	one, many := "units", "unit"
	switch w := f[1]; {
	case w == "unit" || w == "units":
		one, many = "unit", "units"
	case w == "soldier" || w == "soldiers":
		u.Kind, one, many = Soldier, "soldier", "soldiers"
	case w == "general" || w == "generals":
		u.Kind, one, many = General, "general", "generals"
	case l.subtype(w):
		u.Subtype, one, many = w, w, w
	default:
		var names []string
		for _, d := range l.Subtypes {
			names = append(names, d.Name)
		}
		return u, nil, fmt.Errorf("%q is no units: want units, soldiers, generals or a subtype (%s)", clip(w), strings.Join(names, ", "))
	}
	if w := f[1]; u.One && w != one {
		return u, nil, fmt.Errorf("\"one %s %s\": one is %q", f[0], w, one)
	} else if !u.One && w != many {
		return u, nil, fmt.Errorf("\"%s %s\": want %q, or \"one %s %s\"", f[0], w, many, f[0], w)
	}
	return u, f[2:], nil
}

// quoted quotes a rule for an error message, shortened past 80 bytes.
func quoted(s string) string {
	if len(s) > 80 {
		s = s[:80] + "..."
	}
	return strconv.Quote(s)
}
