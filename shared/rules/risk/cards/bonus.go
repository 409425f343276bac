package cards

// Bonus is one of the bonuses of the document's Table 4, "Bonuses
// applicable to Empire Cards". The zero Bonus is none.
type Bonus uint8

// Table 4's bonuses, in the table's order.
const (
	NoBonus      Bonus = iota
	StormShelter       // 3 Hearts: "Subtract one from the die roll when determining the number of armies lost through Floods."
	MedicineI          // 6 Hearts: "Subtract one from the die roll when determining the number of armies lost in a territory affected by a Plague."
	MedicineII         // 9 Hearts: "Add one to the die roll when determining if a territory is affected by a Plague."
	UrbanSprawl        // Queen of Hearts: "Only need two armies to form a city; city still reduces to 3 armies and for all other cases still counts as containing 3 armies."
	QuakeShelter       // 3 Diamonds: "Subtract one from the die roll when determining the number of armies lost through 'Quakes."
	BonusMove          // 6 Diamonds: "Can have one additional "free move" after the attack stage."
	RiotGear           // 9 Diamonds: "Add one to the die roll when determining if a city is affected by a Riot."
	BonusArmyI         // 3 Clubs: "Get one extra army per territory card set turned in."
	BonusArmyII        // 6 Clubs: "Get one extra army (during stage 2) each turn, per every 6 territories occupied."
	AirDrop            // 9 Clubs: "Can air drop 3 armies, once per turn, from any owned territory onto any other territory; these must attack until destroyed or territory conquered."
	Nuke               // Queen of Clubs: "Can only play once per turn; kills all but one army in a territory; no one can attack that territory or place armies there until the nuking player's next turn."
	AttackI            // 3 Spades: "Attacker gets +1 to lowest die roll."
	AttackII           // 6 Spades: "Attacker gets +1 to highest die roll."
	AttackIII          // 9 Spades: "Attacker gets +2 to highest die roll."
	lastBonus    = AttackIII
)

// String names the bonus as Table 4 does: "Storm Shelter".
func (b Bonus) String() string {
	switch b {
	case StormShelter:
		return "Storm Shelter"
	case MedicineI:
		return "Medicine I"
	case MedicineII:
		return "Medicine II"
	case UrbanSprawl:
		return "Urban Sprawl"
	case QuakeShelter:
		return "'Quake Shelter"
	case BonusMove:
		return "Bonus Move"
	case RiotGear:
		return "Riot Gear"
	case BonusArmyI:
		return "Bonus Army I"
	case BonusArmyII:
		return "Bonus Army II"
	case AirDrop:
		return "Air Drop"
	case Nuke:
		return "Nuke"
	case AttackI:
		return "Attack bonus I"
	case AttackII:
		return "Attack bonus II"
	case AttackIII:
		return "Attack bonus III"
	}
	return "no bonus"
}

// key is the bonus's table in the data file: "storm_shelter".
func (b Bonus) key() string {
	switch b {
	case StormShelter:
		return "storm_shelter"
	case MedicineI:
		return "medicine_1"
	case MedicineII:
		return "medicine_2"
	case UrbanSprawl:
		return "urban_sprawl"
	case QuakeShelter:
		return "quake_shelter"
	case BonusMove:
		return "bonus_move"
	case RiotGear:
		return "riot_gear"
	case BonusArmyI:
		return "bonus_army_1"
	case BonusArmyII:
		return "bonus_army_2"
	case AirDrop:
		return "air_drop"
	case Nuke:
		return "nuke"
	case AttackI:
		return "attack_1"
	case AttackII:
		return "attack_2"
	case AttackIII:
		return "attack_3"
	}
	return ""
}

// BonusRow is one row of Table 4 in the data file: the Empire card that
// gives the bonus ("3H") and the bonus's numbers. Amount is the bonus's
// number (a die roll's change, armies, moves); Per is used by Bonus Army II
// only: Amount armies for every Per territories.
type BonusRow struct {
	Card   string `toml:"card"`
	Amount int    `toml:"amount"`
	Per    int    `toml:"per"`
}

// BonusTable is Table 4 in the data file, a row for each bonus.
type BonusTable struct {
	StormShelter BonusRow `toml:"storm_shelter"`
	MedicineI    BonusRow `toml:"medicine_1"`
	MedicineII   BonusRow `toml:"medicine_2"`
	UrbanSprawl  BonusRow `toml:"urban_sprawl"`
	QuakeShelter BonusRow `toml:"quake_shelter"`
	BonusMove    BonusRow `toml:"bonus_move"`
	RiotGear     BonusRow `toml:"riot_gear"`
	BonusArmyI   BonusRow `toml:"bonus_army_1"`
	BonusArmyII  BonusRow `toml:"bonus_army_2"`
	AirDrop      BonusRow `toml:"air_drop"`
	Nuke         BonusRow `toml:"nuke"`
	AttackI      BonusRow `toml:"attack_1"`
	AttackII     BonusRow `toml:"attack_2"`
	AttackIII    BonusRow `toml:"attack_3"`
}

// row returns b's row; NoBonus and unknown bonuses have an empty one.
func (t *BonusTable) row(b Bonus) BonusRow {
	switch b {
	case StormShelter:
		return t.StormShelter
	case MedicineI:
		return t.MedicineI
	case MedicineII:
		return t.MedicineII
	case UrbanSprawl:
		return t.UrbanSprawl
	case QuakeShelter:
		return t.QuakeShelter
	case BonusMove:
		return t.BonusMove
	case RiotGear:
		return t.RiotGear
	case BonusArmyI:
		return t.BonusArmyI
	case BonusArmyII:
		return t.BonusArmyII
	case AirDrop:
		return t.AirDrop
	case Nuke:
		return t.Nuke
	case AttackI:
		return t.AttackI
	case AttackII:
		return t.AttackII
	case AttackIII:
		return t.AttackIII
	}
	return BonusRow{}
}

// BonusCard returns the Empire card that gives bonus b (Table 4: "3
// Hearts: Storm Shelter"), and false for NoBonus or an unknown bonus.
func (r *Rules) BonusCard(b Bonus) (EmpireCard, bool) {
	if b == NoBonus || b > lastBonus {
		return EmpireCard{}, false
	}
	suit, rank, err := parseCard(r.Bonus.row(b).Card)
	if err != nil {
		return EmpireCard{}, false // unreachable in valid Rules
	}
	return EmpireCard{Suit: suit, Rank: rank}, true
}

// Effect returns bonus b's numbers from the data file (Table 4's "one",
// "two armies", "3 armies", "+2"): Amount, and Per for Bonus Army II ("one
// extra army ... per every 6 territories occupied").
func (r *Rules) Effect(b Bonus) (amount, per int) {
	row := r.Bonus.row(b)
	return row.Amount, row.Per
}

// Bonuses returns the bonuses a player holding the Empire cards held has,
// in Table 4's order: "Empire Cards confer certain advantages depending on
// which are held (see Table 4 further on in the rules)." A bonus is had
// when its card (suit and rank) is held.
func (r *Rules) Bonuses(held []EmpireCard) []Bonus {
	var out []Bonus
	for b := Bonus(1); b <= lastBonus; b++ {
		card, _ := r.BonusCard(b)
		for _, c := range held {
			if c == card {
				out = append(out, b)
				break
			}
		}
	}
	return out
}

// Has reports whether a player holding the Empire cards held has bonus b.
func (r *Rules) Has(held []EmpireCard, b Bonus) bool {
	card, ok := r.BonusCard(b)
	if !ok {
		return false
	}
	for _, c := range held {
		if c == card {
			return true
		}
	}
	return false
}

// BonusArmies returns the extra armies of step 2 that Bonus Army II gives
// a player holding held and occupying territories territories: "Get one
// extra army (during stage 2) each turn, per every 6 territories
// occupied" (Effect: Amount armies per Per territories); 0 without the 6
// of Clubs.
func (r *Rules) BonusArmies(held []EmpireCard, territories int) int {
	if !r.Has(held, BonusArmyII) || territories <= 0 {
		return 0
	}
	amount, per := r.Effect(BonusArmyII)
	return territories / per * amount
}
