package cards

import (
	"fmt"
	"io/fs"
	"path"
	"slices"
	"sort"
	"strings"

	"empires/shared/rulesfile"
)

// The collection's files, under its folder (Dir in the rules folder).
const (
	Dir          = "generals"      // the collection's folder in the rules folder
	CatalogFile  = "generals.toml" // the games, editions, resources, subtypes
	EmpiresDir   = "empires"       // one TOML file an empire: its cards
	DecksDir     = "decks"         // the ready-made decks, one file a deck
	deckFileExt  = ".deck"
	maxFileBytes = 256 << 10 // the largest card file
	maxCards     = 2000      // the most cards of a collection
)

// GameDef is a game of the identification numbers' first part: "EG", the
// basic game. A Theme Expansion's cards are valid in every Epoch game.
type GameDef struct {
	Code  GameCode `toml:"code"`
	Name  string   `toml:"name"`
	Theme bool     `toml:"theme"`
}

// EditionDef is an edition ("FE", the Family Edition) and its era
// ("Antiquity"): Edition play keeps one edition, an Epoch game one era.
type EditionDef struct {
	Code EditionCode `toml:"code"`
	Name string      `toml:"name"`
	Era  string      `toml:"era"`
}

// ResourceDef is a resource that harvests gain and costs pay: its name
// and its plural ("horse", "horses"; "stone", "stone").
type ResourceDef struct {
	Name   string `toml:"name"`
	Plural string `toml:"plural"`
}

// SubtypeDef is a subtype of Soldier ("cavalry", "fortress"). A subtype
// whose Battlefield is false may not move into the Battlefield ("Sometimes
// buildings or fortresses are Soldiers ... they may not move into the
// Battlefield").
type SubtypeDef struct {
	Name        string `toml:"name"`
	Battlefield bool   `toml:"battlefield"`
}

// HouseDef is a house rule the catalogue offers as a game type ("House
// Rules: Whatever you agree upon"): its name for the players and its
// filter, as ParseGameType reads it ("house empire=TH,NT").
type HouseDef struct {
	Name   string `toml:"name"`
	Filter string `toml:"filter"`
}

// catalogFile is the shape of CatalogFile.
type catalogFile struct {
	Game     []GameDef     `toml:"game"`
	Edition  []EditionDef  `toml:"edition"`
	Resource []ResourceDef `toml:"resource"`
	Subtype  []SubtypeDef  `toml:"subtype"`
	House    []HouseDef    `toml:"house" rules:"optional"`
}

// EmpireDef is an empire of the collection: its code in the
// identification numbers, its name, and a line about its playing style.
type EmpireDef struct {
	Code  EmpireCode `toml:"code"`
	Name  string     `toml:"name"`
	Style string     `toml:"style"`
}

// cardRow is a card as a file writes it.
type cardRow struct {
	ID       string   `toml:"id"`
	Name     string   `toml:"name"`
	Rarity   string   `toml:"rarity"`
	Subtype  string   `toml:"subtype" rules:"optional"`
	Cost     string   `toml:"cost" rules:"optional"`
	Strength *int     `toml:"strength" rules:"optional"`
	Life     *int     `toml:"life" rules:"optional"`
	Pull     *bool    `toml:"pull" rules:"optional"`
	Rules    []string `toml:"rules" rules:"optional"`
	Text     string   `toml:"text"`
}

// empireFile is the shape of an empire's file.
type empireFile struct {
	Empire EmpireDef `toml:"empire"`
	Card   []cardRow `toml:"card"`
}

// Card is one card of the collection, checked: every field is valid for
// its kind (ID.Kind). Strength and Life are a unit's; Pull whether a unit
// suffers Pull (a Soldier does unless its file says pull = false, a
// General does not unless it says pull = true); Rules its rules in order;
// Text its words for the player, flavour that the engine never reads;
// File and Line where it is written.
type Card struct {
	ID       ID
	Name     string
	Rarity   Rarity
	Subtype  string
	Cost     Cost
	Strength int
	Life     int
	Pull     bool
	Rules    []Rule
	Text     string
	File     string
	Line     int
}

// Collection is every card of the game, as its data files give them, and
// the ready-made decks. A Collection from Load is valid, read-only and
// shared.
type Collection struct {
	Games    []GameDef
	Editions []EditionDef
	Lexicon  Lexicon
	Empires  []EmpireDef
	// Houses are the catalogue's house rules, in its order, each filter
	// valid for the collection.
	Houses []HouseDef
	cards  map[ID]*Card
	ids    []ID            // sorted by String
	ready  map[string]Deck // the ready-made decks by name
}

// Ready returns the ready-made deck of name, its file's name without
// ".deck" ("huns"): legal in an Open game.
func (c *Collection) Ready(name string) (Deck, bool) {
	d, ok := c.ready[name]
	return d, ok
}

// ReadyNames returns the names of the ready-made decks, sorted.
func (c *Collection) ReadyNames() []string {
	names := make([]string, 0, len(c.ready))
	for name := range c.ready {
		names = append(names, name)
	}
	sort.Strings(names)
	return names
}

// Card returns the card of id, and false when the collection has none.
func (c *Collection) Card(id ID) (*Card, bool) {
	card, ok := c.cards[id]
	return card, ok
}

// IDs returns every card's ID, sorted by their written form.
func (c *Collection) IDs() []ID { return slices.Clone(c.ids) }

// Edition returns the edition of code.
func (c *Collection) Edition(code EditionCode) (EditionDef, bool) {
	i := slices.IndexFunc(c.Editions, func(e EditionDef) bool { return e.Code == code })
	if i < 0 {
		return EditionDef{}, false
	}
	return c.Editions[i], true
}

// Game returns the game of code.
func (c *Collection) Game(code GameCode) (GameDef, bool) {
	i := slices.IndexFunc(c.Games, func(g GameDef) bool { return g.Code == code })
	if i < 0 {
		return GameDef{}, false
	}
	return c.Games[i], true
}

// Empire returns the empire of code.
func (c *Collection) Empire(code EmpireCode) (EmpireDef, bool) {
	i := slices.IndexFunc(c.Empires, func(e EmpireDef) bool { return e.Code == code })
	if i < 0 {
		return EmpireDef{}, false
	}
	return c.Empires[i], true
}

// Era returns the era of a card's edition.
func (c *Collection) Era(id ID) string {
	e, _ := c.Edition(id.Edition)
	return e.Era
}

// Battlefield reports whether card may move into the Battlefield: a unit
// whose subtype allows it.
func (c *Collection) Battlefield(card *Card) bool {
	if !card.ID.Kind.Unit() {
		return false
	}
	i := slices.IndexFunc(c.Lexicon.Subtypes, func(d SubtypeDef) bool { return d.Name == card.Subtype })
	return i < 0 || c.Lexicon.Subtypes[i].Battlefield
}

// problems gathers a load's problems, each naming its file and line.
type problems struct {
	errs []error
}

func (p *problems) add(file string, line int, key, format string, args ...any) {
	p.errs = append(p.errs, &rulesfile.FieldError{File: file, Line: line, Key: key, Problem: fmt.Sprintf(format, args...)})
}

// decode decodes one file strictly into v (rulesfile.DecodeBytes), giving
// each problem its line; it returns the file's locator, or nil when the
// file was refused.
func (p *problems) decode(fsys fs.FS, file string, v any) locator {
	data, err := fs.ReadFile(fsys, file)
	switch {
	case err != nil:
		p.add(file, 0, "", "cannot read the file: %v", err)
		return nil
	case len(data) > maxFileBytes:
		p.add(file, 0, "", "a file of %d bytes: at most %d", len(data), maxFileBytes)
		return nil
	}
	loc := locate(data)
	if err := rulesfile.DecodeBytes(file, data, v); err != nil {
		fes := rulesfile.FieldErrors(err)
		if len(fes) == 0 {
			p.add(file, 0, "", "%v", err)
		}
		for _, fe := range fes {
			if fe.Line == 0 {
				fe.Line = loc.line(fe.Key)
			}
			p.errs = append(p.errs, fe)
		}
		return nil
	}
	return loc
}

// Load reads the collection under dir of fsys (Dir in the rules folder):
// CatalogFile, every TOML file of EmpiresDir in name order, every deck of
// DecksDir. It refuses a broken collection with every problem it finds,
// each a *rulesfile.FieldError naming the file, the line and what is
// wrong (rulesfile.FieldErrors lists them): a syntax error, a missing or
// unknown key, an identification number that is malformed, of another
// empire or twice in the collection, an unknown edition, rarity, subtype
// or resource, a rule the vocabulary does not read or a card of its kind
// may not have, a ready-made deck that is not legal in an Open game.
func Load(fsys fs.FS, dir string) (*Collection, error) {
	var p problems
	c := &Collection{cards: map[ID]*Card{}, ready: map[string]Deck{}}
	var cat catalogFile
	catFile := path.Join(dir, CatalogFile)
	if loc := p.decode(fsys, catFile, &cat); loc != nil {
		c.checkCatalog(&p, catFile, loc, &cat)
	}
	if len(p.errs) > 0 {
		return nil, joinErrs(p.errs)
	}
	names, err := fs.Glob(fsys, path.Join(dir, EmpiresDir, "*.toml"))
	if err != nil || len(names) == 0 {
		p.add(path.Join(dir, EmpiresDir), 0, "", "no empire files (*.toml)")
		return nil, joinErrs(p.errs)
	}
	sort.Strings(names)
	for _, name := range names {
		var ef empireFile
		if loc := p.decode(fsys, name, &ef); loc != nil {
			c.addEmpire(&p, name, loc, &ef)
		}
	}
	for id := range c.cards {
		c.ids = append(c.ids, id)
	}
	slices.SortFunc(c.ids, func(a, b ID) int { return strings.Compare(a.String(), b.String()) })
	if len(p.errs) == 0 {
		c.checkHouses(&p, catFile, cat.House)
		c.loadDecks(&p, fsys, path.Join(dir, DecksDir))
	}
	if len(p.errs) > 0 {
		return nil, joinErrs(p.errs)
	}
	return c, nil
}

// checkCatalog checks the catalogue and keeps it in c.
func (c *Collection) checkCatalog(p *problems, file string, loc locator, cat *catalogFile) {
	bad := func(key, format string, args ...any) { p.add(file, loc.line(key), key, format, args...) }
	seen := map[string]string{} // a code or name -> the key that first had it
	unique := func(kind, key, v string) {
		if first, ok := seen[kind+" "+v]; ok {
			bad(key, "%s %q twice (first at line %d)", kind, v, loc.line(first))
			return
		}
		seen[kind+" "+v] = key
	}
	for i, g := range cat.Game {
		key := fmt.Sprintf("game[%d]", i)
		if len(g.Code) != 2 || !capitals(string(g.Code)) {
			bad(key+".code", "a game's code is two capital letters, not %q", clip(string(g.Code)))
		}
		unique("game", key+".code", string(g.Code))
		if strings.TrimSpace(g.Name) == "" {
			bad(key+".name", "a game needs a name")
		}
	}
	for i, e := range cat.Edition {
		key := fmt.Sprintf("edition[%d]", i)
		if len(e.Code) != 2 || !capitals(string(e.Code)) {
			bad(key+".code", "an edition's code is two capital letters, not %q", clip(string(e.Code)))
		}
		unique("edition", key+".code", string(e.Code))
		if strings.TrimSpace(e.Name) == "" || strings.TrimSpace(e.Era) == "" {
			bad(key, "an edition needs a name and an era")
		}
	}
	for i, r := range cat.Resource {
		key := fmt.Sprintf("resource[%d]", i)
		if !word(r.Name) || !word(r.Plural) {
			bad(key, "a resource's name and plural are lower-case words, not %q and %q", clip(r.Name), clip(r.Plural))
		}
		unique("resource", key+".name", r.Name)
		if r.Plural != r.Name {
			unique("resource", key+".plural", r.Plural)
		}
		if reserved(r.Name) || reserved(r.Plural) {
			bad(key, "%q is a word of the vocabulary, not a resource", r.Name)
		}
	}
	for i, s := range cat.Subtype {
		key := fmt.Sprintf("subtype[%d]", i)
		if !word(s.Name) || reserved(s.Name) {
			bad(key+".name", "a subtype is a lower-case word that is no word of the vocabulary, not %q", clip(s.Name))
		}
		unique("subtype", key+".name", s.Name)
	}
	if len(cat.Game) == 0 || len(cat.Edition) == 0 || len(cat.Resource) == 0 {
		p.add(file, 0, "", "the catalogue needs a game, an edition and a resource at least")
	}
	c.Games, c.Editions = cat.Game, cat.Edition
	c.Lexicon = Lexicon{Resources: cat.Resource, Subtypes: cat.Subtype}
}

// word reports whether s is one lower-case word: a to z and '-'.
func word(s string) bool {
	if s == "" || len(s) > 24 {
		return false
	}
	for i := range len(s) {
		if (s[i] < 'a' || s[i] > 'z') && s[i] != '-' {
			return false
		}
	}
	return true
}

// reserved reports whether w is a word the vocabulary already uses, which
// a resource or a subtype may not be.
func reserved(w string) bool {
	switch w {
	case "any", "for", "supply", "you", "opponent", "each", "player", "discard", "free",
		"this", "attacker", "blocker", "one", "your", "enemy", "all",
		"unit", "units", "soldier", "soldiers", "general", "generals":
		return true
	}
	return false
}

// addEmpire checks an empire's file and adds its cards to c.
func (c *Collection) addEmpire(p *problems, file string, loc locator, ef *empireFile) {
	bad := func(key, format string, args ...any) { p.add(file, loc.line(key), key, format, args...) }
	e := ef.Empire
	switch {
	case len(e.Code) != 2 || !capitals(string(e.Code)):
		bad("empire.code", "an empire's code is two capital letters, not %q", clip(string(e.Code)))
		return
	case strings.TrimSpace(e.Name) == "":
		bad("empire.name", "an empire needs a name")
	}
	if old, ok := c.Empire(e.Code); ok {
		bad("empire.code", "empire %s is also %s, in another file", e.Code, old.Name)
		return
	}
	c.Empires = append(c.Empires, e)
	for i, row := range ef.Card {
		key := fmt.Sprintf("card[%d]", i)
		card, ok := c.checkCard(p, file, loc, key, e.Code, row)
		if !ok {
			continue
		}
		if old, dup := c.cards[card.ID]; dup {
			bad(key+".id", "%s is also %q at %s:%d", card.ID, old.Name, old.File, old.Line)
			continue
		}
		if len(c.cards) >= maxCards {
			bad(key, "more than %d cards in the collection", maxCards)
			return
		}
		c.cards[card.ID] = card
	}
}

// checkCard checks one card of an empire's file; false when it is not
// valid (each problem added to p).
func (c *Collection) checkCard(p *problems, file string, loc locator, key string, empire EmpireCode, row cardRow) (*Card, bool) {
	n := len(p.errs)
	bad := func(k, format string, args ...any) { p.add(file, loc.line(key+k), key+k, format, args...) }
	card := &Card{Name: strings.TrimSpace(row.Name), Subtype: row.Subtype, Text: row.Text, File: file, Line: loc.line(key)}
	id, err := ParseID(row.ID)
	if err != nil {
		bad(".id", "%v", err)
		return nil, false
	}
	card.ID = id
	kind := id.Kind
	if id.Empire != empire {
		bad(".id", "%s is of empire %s, and this file is empire %s's", id, id.Empire, empire)
	}
	if _, ok := c.Game(id.Game); !ok {
		bad(".id", "%s: there is no game %s in %s", id, id.Game, CatalogFile)
	}
	if _, ok := c.Edition(id.Edition); !ok {
		bad(".id", "%s: there is no edition %s in %s", id, id.Edition, CatalogFile)
	}
	if card.Name == "" || len(card.Name) > 60 {
		bad(".name", "a card's name is 1 to 60 characters")
	}
	if len(row.Text) > 400 {
		bad(".text", "a card's text is at most 400 characters")
	}
	if card.Rarity, err = ParseRarity(row.Rarity); err != nil {
		bad(".rarity", "%v", err)
	}
	if card.Cost, err = ParseCost(&c.Lexicon, row.Cost); err != nil {
		bad(".cost", "%v", err)
	} else if card.Cost.Discard {
		bad(".cost", "a card is not played by discarding it: \"discard\" is an ability's cost")
	} else if !card.Cost.Free() && kind.Supply() {
		bad(".cost", "a %s is played for free, in the Harvest Phase", kind)
	}
	if kind.Unit() {
		switch {
		case row.Strength == nil || row.Life == nil:
			bad("", "a %s has a strength and a life", kind)
		case *row.Strength < 0 || *row.Strength > MaxAmount || *row.Life < 1 || *row.Life > MaxAmount:
			bad(".strength", "a unit's strength is 0 to %d and its life 1 to %d, not %d/%d", MaxAmount, MaxAmount, *row.Strength, *row.Life)
		default:
			card.Strength, card.Life = *row.Strength, *row.Life
		}
		card.Pull = kind == Soldier
		if row.Pull != nil {
			card.Pull = *row.Pull
		}
		if row.Subtype != "" && !c.Lexicon.subtype(row.Subtype) {
			bad(".subtype", "there is no subtype %q in %s", clip(row.Subtype), CatalogFile)
		}
	} else {
		if row.Strength != nil || row.Life != nil || row.Pull != nil || row.Subtype != "" {
			bad("", "a %s has no strength, life, pull or subtype: only Generals and Soldiers do", kind)
		}
	}
	if len(row.Rules) > 8 {
		bad(".rules", "%d rules: at most 8", len(row.Rules))
		row.Rules = row.Rules[:8]
	}
	for j, s := range row.Rules {
		k := fmt.Sprintf(".rules[%d]", j)
		r, err := ParseRule(&c.Lexicon, s)
		if err != nil {
			bad(k, "%v", err)
			continue
		}
		if why := allowed(kind, r); why != "" {
			bad(k, "%s", why)
			continue
		}
		card.Rules = append(card.Rules, r)
	}
	if len(p.errs) == n {
		if why := complete(kind, card.Rules); why != "" {
			bad(".rules", "%s", why)
		}
	}
	return card, len(p.errs) == n
}

// allowed returns why a card of kind may not have rule r, or "".
func allowed(kind Kind, r Rule) string {
	switch {
	case r.Trigger.UnitTrigger() && !kind.Unit():
		return fmt.Sprintf("a %s does not fight: %q is a unit's trigger", kind, r.Trigger)
	case (kind == Tactics || kind == ActOfGod) && r.Trigger != OnPlay:
		return fmt.Sprintf("a %s acts once, when played: its rules are \"play:\"", kind)
	case r.Trigger == OnHarvest && !(kind == Resource || kind == Kingdom):
		return fmt.Sprintf("a %s does not harvest: \"harvest:\" is a Specialty Resource's or a Kingdom card's", kind)
	}
	for _, a := range r.Actions {
		switch {
		case a.Verb == Trade && kind != Trader:
			return fmt.Sprintf("a %s does not trade: \"trade\" is a Resource Trader's", kind)
		case a.Verb == Trade && r.Trigger != OnAbility:
			return "a trade is an ability: \"ability: trade ...\""
		case a.Units.Which == This && !kind.Unit():
			return fmt.Sprintf("a %s is no unit: \"this\" names the unit whose rule it is", kind)
		case (a.Units.Which == Attacker || a.Units.Which == Blocker) && !(r.Trigger.UnitTrigger() || kind == Tactics):
			return fmt.Sprintf("%q is the unit of a battle: only a unit's attack, block, kill or dies rule or a Tactics card has one", a.Units.Which.word())
		}
	}
	return ""
}

// complete returns what a card of kind lacks among rules, or "".
func complete(kind Kind, rules []Rule) string {
	has := func(t Trigger, v Verb) bool {
		return slices.ContainsFunc(rules, func(r Rule) bool {
			return r.Trigger == t && slices.ContainsFunc(r.Actions, func(a Action) bool { return a.Verb == v })
		})
	}
	switch {
	case kind == Resource && !has(OnHarvest, Gain):
		return "a Specialty Resource has a harvest effect: \"harvest: gain 1 stone\""
	case kind == Trader && !has(OnAbility, Trade):
		return "a Resource Trader trades: \"ability: trade 2 any for 1 gold\""
	case (kind == Tactics || kind == ActOfGod) && len(rules) == 0:
		return fmt.Sprintf("a %s does something when played: \"play: ...\"", kind)
	}
	return ""
}

// word is the reference's word in a rule.
func (u UnitRef) word() string {
	return [...]string{"", "this", "attacker", "blocker"}[min(u, Blocker)]
}

// checkHouses checks the catalogue's house rules against the cards and
// keeps them in c: a name, a filter ParseGameType reads as house rules.
func (c *Collection) checkHouses(p *problems, file string, houses []HouseDef) {
	for i, h := range houses {
		key := fmt.Sprintf("house[%d]", i)
		if strings.TrimSpace(h.Name) == "" || len(h.Name) > 60 {
			p.add(file, 0, key+".name", "a house rule's name is 1 to 60 characters")
			continue
		}
		g, err := c.ParseGameType(h.Filter)
		if err != nil {
			p.add(file, 0, key+".filter", "%v", err)
			continue
		}
		if g.Play != HouseRules {
			p.add(file, 0, key+".filter", "%q is not house rules: want \"house CONDITION; ...\"", clip(h.Filter))
			continue
		}
		c.Houses = append(c.Houses, h)
	}
}

// loadDecks reads the ready-made decks and checks each for an Open game.
func (c *Collection) loadDecks(p *problems, fsys fs.FS, dir string) {
	names, _ := fs.Glob(fsys, path.Join(dir, "*"+deckFileExt))
	sort.Strings(names)
	for _, name := range names {
		data, err := fs.ReadFile(fsys, name)
		if err != nil {
			p.add(name, 0, "", "cannot read the deck: %v", err)
			continue
		}
		deck, rejections, err := c.CheckDeck(OpenGame(), Standard, data)
		if err != nil {
			p.add(name, 0, "", "%v", err)
			continue
		}
		for _, r := range rejections {
			p.add(name, r.Index, "", "%s", r.Reason)
		}
		if len(rejections) == 0 {
			c.ready[strings.TrimSuffix(path.Base(name), deckFileExt)] = deck
		}
	}
}

// joinErrs joins a load's problems into one error.
func joinErrs(errs []error) error {
	return &LoadError{Problems: errs}
}

// LoadError is Load's refusal: every problem, each a
// *rulesfile.FieldError, one a line.
type LoadError struct {
	Problems []error
}

// Error lists the problems, one a line.
func (e *LoadError) Error() string {
	lines := make([]string, len(e.Problems))
	for i, p := range e.Problems {
		lines[i] = p.Error()
	}
	return strings.Join(lines, "\n")
}

// Unwrap returns the problems, for rulesfile.FieldErrors and errors.As.
func (e *LoadError) Unwrap() []error { return e.Problems }
