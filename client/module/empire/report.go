package empire

import (
	"fmt"
	"image"
	"image/color"
	"slices"
	"strings"

	"github.com/ebitenui/ebitenui/widget"

	"empires/client/kit"
	rules "empires/shared/rules/empire"
	"empires/shared/rules/empire/battle"
	"empires/shared/rules/empire/dat"
	"empires/shared/words"
)

// ReportKind is what a line of a battle report is.
type ReportKind uint8

// The kinds of a report's lines.
const (
	ReportText    ReportKind = iota // a plain line
	ReportHeading                   // a round
	ReportPhase                     // a phase of a round
	ReportHit                       // an attack that hit
	ReportMiss                      // an attack that missed
	ReportKilled                    // the units killed after a phase
	ReportOutcome                   // how it ended
)

// ReportLine is a line of a battle report.
type ReportLine struct {
	Kind ReportKind
	Text string
	// By and On are, for a hit or a miss, the players whose unit struck
	// and whose unit was struck at.
	By, On rules.Seat
}

// phaseWords names an attack phase as the document does.
func phaseWords(ph dat.Phase) string {
	switch ph {
	case dat.Special:
		return "Special phase (magic)"
	case dat.Distance:
		return "Distance phase (arrows)"
	case dat.Melee:
		return "Melee phase"
	}
	return fmt.Sprintf("Phase %d", ph)
}

// unitWord names a unit of a battle as it fought, with its experience
// then: "your Cavalry", "Bob's Golem **", and where its side had more than
// one of its kind, which one, counted in the side's order: "Bob's
// Infantry 2". The report's start tells every unit's kind, the enemy's
// killed ones too; only a report without it (of an older server) leaves
// a unit the player never saw as "Bob's unit #41".
//
// CHOICE: a report names units by kind and number within the battle, not
// by their numbers for the whole game (which are long, and which the
// player sees nowhere else).
func (m *Model) unitWord(l *Line, side int, id rules.UnitID) string {
	b := l.Battle.Battle
	owner := b.Attacker
	if side == 1 {
		owner = b.Defender
	}
	if f, s, ok := startOf(&b.Report, id); ok {
		name := fmt.Sprintf("%s %s", m.whose(owner), m.unitName(f.Kind))
		n, of := 0, 0
		for _, x := range b.Report.Start[s] {
			if x.Kind == f.Kind {
				of++
				if x.ID == id {
					n = of
				}
			}
		}
		if of > 1 {
			name += fmt.Sprintf(" %d", n)
		}
		if st := Stars(f.Level); st != "" {
			name += " " + st
		}
		return name
	}
	k, ok := l.kinds[id]
	if !ok {
		return fmt.Sprintf("%s unit #%v", m.whose(owner), id)
	}
	return fmt.Sprintf("%s %s #%v", m.whose(owner), m.unitName(k), id)
}

// startOf returns unit id as it came to battle r and the side it fought
// on, and false if the report's start does not hold it.
func startOf(r *battle.Report, id rules.UnitID) (battle.Fighter, int, bool) {
	for s := range 2 {
		for _, f := range r.Start[s] {
			if f.ID == id {
				return f, s, true
			}
		}
	}
	return battle.Fighter{}, 0, false
}

// fighterUnits returns fighters as units, for Summary.
func fighterUnits(fs []battle.Fighter) []rules.Unit {
	out := make([]rules.Unit, len(fs))
	for i, f := range fs {
		out[i] = rules.Unit{ID: f.ID, Kind: f.Kind, HP: f.HP, Battles: f.Battles}
	}
	return out
}

// lostUnits returns the fighters of side s of battle r that came to it
// and did not survive it.
func lostUnits(r *battle.Report, s int) []battle.Fighter {
	var out []battle.Fighter
	for _, f := range r.Start[s] {
		if !slices.ContainsFunc(r.Sides[s].Fighters, func(x battle.Fighter) bool { return x.ID == f.ID }) {
			out = append(out, f)
		}
	}
	return out
}

// Report returns the battle report of log line l: who fought with what,
// every round's phases (who hit whom with which rolls and damage, who
// was killed), the escapes, and the outcome with the survivors and the
// promoted. It is nil for a line that is not a battle.
func (m *Model) Report(l *Line) []ReportLine {
	if l.Battle == nil || l.Battle.Battle == nil {
		return nil
	}
	e := l.Battle
	b := e.Battle
	r := &b.Report
	var out []ReportLine
	add := func(k ReportKind, format string, args ...any) {
		out = append(out, ReportLine{Kind: k, Text: m.cw(fmt.Sprintf(format, args...))})
	}
	// names are the sides' players ("You", "Bob"), sides their forces
	// ("Your army", "Bob's army").
	names := [2]string{upper(m.who(b.Attacker)), upper(m.who(b.Defender))}
	sides := [2]string{m.whose(b.Attacker) + " army", m.sideName(b.Defender)}
	// came says what side s came with: its forces and, as the start
	// holds them, their units.
	came := func(s int, owner rules.Seat, ids []rules.ForceID) string {
		w := l.forces[s]
		if w == "" {
			w = strings.TrimPrefix(m.sideWords(owner, ids, m.v), m.whose(owner)+" ")
		}
		if len(r.Start[s]) > 0 {
			w += " (" + m.Summary(fighterUnits(r.Start[s])) + ")"
		}
		return w
	}
	add(ReportText, "%s attacked with %s: %d hp.", names[0], came(0, b.Attacker, b.AttackerForces), r.StartHP[0])
	add(ReportText, "%s defended with %s: %d hp.", names[1], came(1, b.Defender, b.DefenderForces), r.StartHP[1])
	add(ReportText, "Each unit rolls a die up to its attack value against its target's die up to its defence value (an experienced unit rolls once more per level and keeps the best); a higher roll hits.")
	for i, rd := range r.Rounds {
		add(ReportHeading, "Round %d", i+1)
		if len(rd.Phases) == 0 {
			add(ReportText, "No unit could attack.")
		}
		for _, ph := range rd.Phases {
			add(ReportPhase, "%s", phaseWords(ph.Phase))
			for _, h := range ph.Hits {
				from := m.unitWord(l, int(h.Side), h.From)
				to := m.unitWord(l, 1-int(h.Side), h.To)
				first := len(out)
				switch {
				case h.Damage > 1:
					add(ReportHit, "%s hit %s: %d against %d, double damage (%d hp).", upper(from), to, h.Roll, h.Defence, h.Damage)
				case h.Damage == 1:
					add(ReportHit, "%s hit %s: %d against %d, 1 hp.", upper(from), to, h.Roll, h.Defence)
				default:
					add(ReportMiss, "%s missed %s: %d against %d.", upper(from), to, h.Roll, h.Defence)
				}
				by, on := b.Attacker, b.Defender
				if h.Side == 1 {
					by, on = on, by
				}
				out[first].By, out[first].On = by, on
			}
			if len(ph.Killed) > 0 {
				var ks []string
				for _, id := range ph.Killed {
					side := 1
					if m.sideOf(r, l, id) == 0 {
						side = 0
					}
					ks = append(ks, m.unitWord(l, side, id))
				}
				add(ReportKilled, "Killed: %s.", strings.Join(ks, ", "))
			}
		}
		add(ReportText, "After the round: %s %d hp, %s %d hp.", sides[0], rd.HP[0], sides[1], rd.HP[1])
		for s := range 2 {
			if rd.Fled[s] {
				add(ReportText, "%s fled: its hp fell below %d%% of what it had at the start.", upper(sides[s]), m.d.Game.FleeBelow)
			}
		}
	}
	switch r.Outcome {
	case battle.AttackerWiped:
		add(ReportOutcome, "%s was wiped out: %s %s the square.", upper(sides[0]), m.who(b.Defender), verb(m, b.Defender, "hold", "holds"))
	case battle.AttackerFled:
		add(ReportOutcome, "%s fled to a square beside: %s %s the square.", upper(sides[0]), m.who(b.Defender), verb(m, b.Defender, "hold", "holds"))
	case battle.DefenderFled:
		add(ReportOutcome, "%s fled to a square beside: %s took the square.", upper(sides[1]), m.who(b.Attacker))
	case battle.DefenderWiped:
		add(ReportOutcome, "%s was wiped out: %s took the square.", upper(sides[1]), m.who(b.Attacker))
	case battle.Stalemate:
		add(ReportOutcome, "Neither side could win: %s fell back.", sides[0])
	}
	for s := range 2 {
		units := fighterUnits(r.Sides[s].Fighters)
		lost := ""
		switch dead := lostUnits(r, s); {
		case len(r.Start[s]) == 0: // a report without its start
		case len(dead) == 0:
			lost = "; none lost"
		default:
			lost = fmt.Sprintf("; %d lost (%s)", len(dead), m.Summary(fighterUnits(dead)))
		}
		if len(units) == 0 {
			add(ReportText, "%s: no survivors%s.", upper(sides[s]), lost)
			continue
		}
		add(ReportText, "%s: %s survived (%s), %d hp%s.", upper(sides[s]), words.Count(len(units), "unit", "units"), m.Summary(units), sideHP(r.Sides[s]), lost)
	}
	if len(r.Promoted) > 0 {
		var ps []string
		for _, id := range r.Promoted {
			side := m.sideOf(r, l, id)
			ps = append(ps, fmt.Sprintf("%s (now %s)", m.unitWord(l, side, id), m.starsOf(r, id)))
		}
		add(ReportText, "Promoted: %s.", strings.Join(ps, ", "))
	}
	return out
}

// verb returns you's form of a verb for seat s, or the third person's.
func verb(m *Model, s rules.Seat, you, other string) string {
	if m.me(s) {
		return you
	}
	return other
}

// sideOf returns the side (0 attacker, 1 defender) unit id fought on, as
// the report's start, survivors and hits tell.
func (m *Model) sideOf(r *battle.Report, l *Line, id rules.UnitID) int {
	if _, s, ok := startOf(r, id); ok {
		return s
	}
	for s := range 2 {
		for _, f := range r.Sides[s].Fighters {
			if f.ID == id {
				return s
			}
		}
	}
	for _, rd := range r.Rounds {
		for _, ph := range rd.Phases {
			for _, h := range ph.Hits {
				if h.From == id {
					return int(h.Side)
				}
				if h.To == id {
					return 1 - int(h.Side)
				}
			}
		}
	}
	if l.sides != nil {
		if s, ok := l.sides[id]; ok {
			return s
		}
	}
	return 1
}

// starsOf returns the stars of a survivor after the battle.
func (m *Model) starsOf(r *battle.Report, id rules.UnitID) string {
	for s := range 2 {
		for _, f := range r.Sides[s].Fighters {
			if f.ID == id {
				return Stars(rules.Level(&m.d.Game, f.Battles))
			}
		}
	}
	return ""
}

// Colours of a battle report's hits.
var (
	hitByYou = color.NRGBA{150, 220, 140, 255} // the player's units hit
	hitOnYou = color.NRGBA{255, 150, 120, 255} // the player's units are hit
)

// hitColor is the colour of hit line rl of a battle report: green for the
// hits of the player's units, red for the hits they take, and in a battle
// of others (a replay's) the colour of the player whose unit hit.
func (s *Screen) hitColor(rl ReportLine) color.Color {
	switch {
	case s.m.me(rl.By):
		return hitByYou
	case s.m.me(rl.On):
		return hitOnYou
	}
	return s.seatText(rl.By)
}

// showBattle opens the report of the battle of log line l.
func (s *Screen) showBattle(l Line) {
	t := s.host.Theme()
	pal := t.Palette()
	w := s.window(fmt.Sprintf("Battle at %v, turn %d", l.Cell, l.Turn))
	w.line(l.Text)
	content := widget.NewContainer(widget.ContainerOpts.Layout(widget.NewRowLayout(
		widget.RowLayoutOpts.Direction(widget.DirectionVertical),
		widget.RowLayoutOpts.Spacing(t.Px(3)))))
	width := float64(min(t.Px(windowWidth+160), s.host.MapRect().Dx()-t.Px(80)))
	for _, rl := range s.m.Report(&l) {
		c := color.Color(pal.Text)
		face := t.SmallFace()
		text := rl.Text
		switch rl.Kind {
		case ReportHeading:
			c, face = pal.Accent, t.NormalFace()
		case ReportPhase:
			c = pal.Accent
		case ReportHit:
			text = "   " + text
			c = s.hitColor(rl)
		case ReportMiss:
			text = "   " + text
			c = pal.TextMuted
		case ReportKilled:
			text = "   " + text
			c = pal.Error
		case ReportOutcome:
			face = t.NormalFace()
		}
		content.AddChild(t.NewText(text, face, c, widget.TextOpts.MaxWidth(width)))
	}
	maxH := max(s.host.MapRect().Dy()-t.Px(260), t.Px(160))
	_, ch := content.PreferredSize()
	w.c.AddChild(kit.NewScrollArea(content, kit.ScrollStyle{WheelPart: 4, Handle: t.Px(14), Scale: t.Scale()}, maxH, image.Pt(int(width)+t.Px(20), min(ch, maxH))))
	s.host.OpenWindow(w.c)
}
