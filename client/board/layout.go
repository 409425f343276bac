package board

import (
	"empires/client/art"

	"math"
	"strconv"

	"github.com/hajimehoshi/ebiten/v2/text/v2"

	"empires/shared/game"
)

// box is a rectangle on screen in pixels, from (x0, y0) to (x1, y1).
type box struct{ x0, y0, x1, y1 float64 }

// boxAt returns the box of size w x h centred on (x, y).
func boxAt(x, y, w, h float64) box { return box{x - w/2, y - h/2, x + w/2, y + h/2} }

func (b box) cx() float64 { return (b.x0 + b.x1) / 2 }
func (b box) cy() float64 { return (b.y0 + b.y1) / 2 }
func (b box) w() float64  { return b.x1 - b.x0 }
func (b box) h() float64  { return b.y1 - b.y0 }

// moved returns b moved by (dx, dy).
func (b box) moved(dx, dy float64) box { return box{b.x0 + dx, b.y0 + dy, b.x1 + dx, b.y1 + dy} }

// overlaps reports whether b and o share any area (touching edges do not).
func (b box) overlaps(o box) bool {
	return b.x0 < o.x1 && o.x0 < b.x1 && b.y0 < o.y1 && o.y0 < b.y1
}

// partKind names a part of what a hex shows.
type partKind uint8

const (
	partCity       partKind = iota // the city's icon
	partBanner                     // the city's banner, with its owner's mark
	partCrown                      // a capital's crown
	partLevel                      // the city's level, on a disc in its owner's colour
	partCitySeen                   // the turn a remembered city was seen: "T8"
	partBeneath                    // the token of an army under the top one, peeking out
	partToken                      // the top army's token: a shield, or a ship for a fleet
	partMark                       // the owner's mark on the top token
	partUnits                      // the top army's unit count, on a dark plate
	partStack                      // how many armies share the hex: "×3" on a art.White plate
	partStance                     // an own army's standing order: a round badge
	partWarlord                    // an own army's Warlord and level: "W3" on gold
	partCasters                    // an own army's Casters: "C", "C2" on violet
	partCharacters                 // another player's army's characters: a person and the number on grey
	partSeen                       // the turn a remembered army was seen: "T8"
	partCost                       // the reach overlay's cost of moving there
	partStructure                  // a structure's picture (a farm, a fort)
	numPartKinds
)

var partNames = [numPartKinds]string{"city", "banner", "crown", "city level", "city's turn seen",
	"token beneath", "token", "mark", "unit count", "stack count", "stance badge", "Warlord badge",
	"Caster badge", "characters badge", "turn seen", "reach cost", "structure"}

func (k partKind) String() string {
	if k < numPartKinds {
		return partNames[k]
	}
	return "part?"
}

// picture reports whether parts of kind k are pictures that labels may
// be drawn over: the tokens and the city's icon. Nothing may cover the
// rest (labels, badges, and the marks that tell the owners apart) but
// the picture they are drawn on.
func (k partKind) picture() bool {
	return k == partToken || k == partBeneath || k == partCity || k == partStructure
}

// part is one thing a hex shows and where: its box relative to the hex's
// centre (and for a picture a box fits badly, more boxes: its shadow, a
// city's wide bottom), its text if it has one, and the size of its text
// or picture.
type part struct {
	kind  partKind
	box   box
	more  [2]box
	nmore int
	text  string
	size  float64 // text size in pixels; for pictures, their drawing's width
	x, y  float64 // the picture's or text's centre, relative to the hex's centre
	index int     // for a token beneath, the army's place in the stack
}

// boxes returns the boxes p covers.
func (p *part) boxes() []box { return append([]box{p.box}, p.more[:p.nmore]...) }

// moved returns p moved by (dx, dy).
func (p part) moved(dx, dy float64) part {
	p.box = p.box.moved(dx, dy)
	for i := range p.nmore {
		p.more[i] = p.more[i].moved(dx, dy)
	}
	p.x, p.y = p.x+dx, p.y+dy
	return p
}

// hexMarkers is what a hex shows, as far as laying it out needs to know.
type hexMarkers struct {
	City     bool
	NoLevel  bool // the city's level is not shown (Style.NoCityLevels)
	Level    int32
	Capital  bool
	CitySeen game.Turn // the turn a remembered city was seen, 0 if in sight

	Armies     int  // the armies of the stack, 0 for none
	Naval      bool // the top army is a fleet
	Units      int  // the top army's units; a fleet of none shows no count
	Warlord    int32
	Casters    int
	Stance     bool      // an own army's standing order other than Defend
	Characters int32     // another player's army's characters
	Seen       game.Turn // the turn a remembered top army was seen, 0 if in sight

	HasCost bool
	Cost    int

	Structures int // the structures on the hex (farms, forts), drawn under the rest
}

// Hex radii on screen, in pixels, from which parts are drawn. Below them
// a part would be too small to read or would collide with its
// neighbours' (see TestLayoutNoOverlap); it is left out instead.
const (
	peekHexPx  = 17.5 // the tokens of the armies under the top one
	unitsHexPx = 22.5 // the unit counts
	costHexPx  = 33   // the reach's costs
	stackHexPx = 38   // the badges: stack counts, characters, stances, turns seen, city levels
)

// Proportions of the layout.
const (
	tokenPeek   = 0.1   // how far, in token heights, each army under the top one peeks out
	markHalf    = 0.23  // half the width of a land token's mark, in token heights
	costTextMin = 12    // the smallest text of a cost
	badgePad    = 0.5   // the room left and right of a badge's text, in text sizes
	bannerAt    = 0.14  // how far below the hex's middle a city's banner's top is, in hex radii
	levelAt     = 0.45  // how far below the hex's middle a city's level is, in hex radii
	stackRise   = 0.2   // how far above the hex's middle a stack stands, in hex radii
	costAt      = 0.68  // how far below the hex's middle its cost stands, in hex radii
	cityBeside  = 0.6   // the size of a city's picture beside a stack, in its size alone
	cityBesideX = -0.45 // where a city's picture beside a stack stands, in hex radii from the middle
	cityBesideY = 0.4
)

// width returns the width of s in the face of the given size, both in
// pixels at 100 % (the layout's units): s is measured in the face drawn on
// screen, at the fonts' scale.
func (f *fonts) width(s string, size float64, bold bool) float64 {
	w, _ := text.Measure(s, f.face(size*f.scale, bold), 0)
	return w / f.scale
}

// scaleParts multiplies the boxes, places and sizes of parts laid out at
// 100 % by s: the parts on screen at interface size s.
func scaleParts(parts []part, s float64) {
	if s == 1 {
		return
	}
	mul := func(b box) box { return box{b.x0 * s, b.y0 * s, b.x1 * s, b.y1 * s} }
	for i := range parts {
		p := &parts[i]
		p.box = mul(p.box)
		for k := range p.nmore {
			p.more[k] = mul(p.more[k])
		}
		p.size, p.x, p.y = p.size*s, p.x*s, p.y*s
	}
}

// stackAt returns where, relative to the hex's centre, the stack of a hex
// of radius hexPx stands: above the middle, leaving the hex's bottom
// corner to the reach's cost.
func stackAt(hexPx float64) (x, y float64) { return 0, -hexPx * stackRise }

// layoutHex lays out what hex markers m show on a hex of radius hexPx
// (at least midHexPx): the parts relative to the hex's centre, in the
// order they are drawn.
func layoutHex(m hexMarkers, hexPx float64, fs *fonts) []part {
	var parts []part
	if m.Structures > 0 {
		parts = layoutStructures(parts, m.Structures, m.Armies > 0, hexPx)
	}
	if m.City {
		parts = layoutCity(parts, m, hexPx, fs)
	}
	if m.Armies > 0 {
		x, y := stackAt(hexPx)
		parts = layoutStack(parts, m, x, y, hexPx, fs)
	}
	if m.HasCost && hexPx >= costHexPx {
		parts = append(parts, costPart(m.Cost, hexPx, fs))
	}
	return parts
}

// structureSlots are where a hex's structures stand, in hex radii from its
// centre, with their pictures' width: alone on the hex, one, two or three
// side by side in its middle; under a stack of armies, at the hex's foot
// beside the token, the first at the left.
var structureSlots = [2][maxStructuresDrawn][maxStructuresDrawn][3]float64{
	{ // no stack
		{{0, 0.04, 0.95}},
		{{-0.33, 0.1, 0.6}, {0.33, 0.1, 0.6}},
		{{-0.46, 0.16, 0.44}, {0, 0.16, 0.44}, {0.46, 0.16, 0.44}},
	},
	{ // under a stack
		{{-0.46, 0.38, 0.5}},
		{{-0.46, 0.38, 0.5}, {0.46, 0.38, 0.5}},
		{{-0.46, 0.38, 0.5}, {0.46, 0.38, 0.5}, {0, 0.6, 0.42}},
	},
}

// anyStructure returns the box every structure's picture fits in (the
// union of structureShape), in picture widths from its centre: the
// layout keeps other hexes' labels out of it whatever the picture.
func anyStructure() box {
	u := structureShape[0]
	for _, sh := range structureShape[1:] {
		u = box{min(u.x0, sh.x0), min(u.y0, sh.y0), max(u.x1, sh.x1), max(u.y1, sh.y1)}
	}
	return u
}

// layoutStructures adds the parts of n structures on a hex of radius
// hexPx, with a stack of armies on it if stack, to parts: pictures,
// drawn under the hex's city and armies, the i-th with index i.
func layoutStructures(parts []part, n int, stack bool, hexPx float64) []part {
	n = min(n, maxStructuresDrawn)
	if n <= 0 {
		return parts
	}
	k := 0
	if stack {
		k = 1
	}
	shape := anyStructure()
	for i, sl := range structureSlots[k][n-1][:n] {
		x, y, size := sl[0]*hexPx, sl[1]*hexPx, sl[2]*hexPx
		b := box{x + shape.x0*size, y + shape.y0*size, x + shape.x1*size, y + shape.y1*size}
		parts = append(parts, part{kind: partStructure, box: b, size: size, x: x, y: y, index: i})
	}
	return parts
}

// costPart returns the label of the reach's cost on a hex of radius
// hexPx (at least costHexPx): bold art.White on a dark plate in the hex's
// bottom corner, drawn over everything else.
func costPart(cost int, hexPx float64, fs *fonts) part {
	size := costText(hexPx)
	s := strconv.Itoa(cost)
	w := fs.width(s, size, true) + size*0.7 + 2
	h := size*1.2 + 2
	y := hexPx * costAt
	return part{kind: partCost, box: boxAt(0, y, w, h), text: s, size: size, x: 0, y: y}
}

// costText returns the size of the reach's costs on hexes of radius hexPx.
func costText(hexPx float64) float64 { return math.Max(costTextMin, math.Min(maxText-1, hexPx*0.26)) }

// cityShapes are the boxes the city icons of each level cover, in icon
// widths from the icon's centre: a narrow top (roofs, the keep) and a
// wide bottom (see TestCityShapes).
var cityShapes = [art.CityLevels][2]box{
	{{-0.2, -0.37, 0.2, -0.19}, {-0.34, -0.19, 0.34, 0.36}},
	{{-0.36, -0.33, 0.28, -0.15}, {-0.43, -0.15, 0.46, 0.4}},
	{{-0.39, -0.39, 0.41, -0.19}, {-0.49, -0.19, 0.49, 0.47}},
	{{-0.35, -0.32, 0.38, -0.07}, {-0.49, -0.07, 0.49, 0.5}},
	{{-0.2, -0.46, 0.2, -0.03}, {-0.44, -0.03, 0.44, 0.51}},
}

// layoutCity adds the parts of hex markers m's city to parts.
func layoutCity(parts []part, m hexMarkers, hexPx float64, fs *fonts) []part {
	px := cityPx(hexPx, m.Level)
	x, y := 0.0, -px*0.08
	if m.Armies > 0 && hexPx >= unitsHexPx {
		// CHOICE: a stack in the city would hide its picture under the
		// token (a ruleset without levels shows nothing else of it): the
		// city stands smaller at the hex's lower left, beside the token,
		// its level (if any) on it. Hexes too small for unit counts
		// leave it under the token.
		px *= cityBeside
		x, y = hexPx*cityBesideX, hexPx*cityBesideY
	}
	shape := cityShapes[max(1, min(m.Level, art.CityLevels))-1]
	scaled := func(b box) box { return box{x + b.x0*px, y + b.y0*px, x + b.x1*px, y + b.y1*px} }
	// Its shadow: 0.4 of its width below its centre, 1.05 wide, 0.42 high.
	shadow := box{x - px*0.5, y + px*0.19, x + px*0.5, y + px*0.61}
	parts = append(parts, part{kind: partCity, box: scaled(shape[0]), more: [2]box{scaled(shape[1]), shadow}, nmore: 2, size: px, x: x, y: y})
	// The banner stands at the hex's lower right, the level at its lower
	// left, clear of a stack's badges. CHOICE: below stackHexPx a stack
	// in the city hides the banner (the stack is nearly always the city
	// owner's).
	if m.Armies == 0 || hexPx >= stackHexPx {
		bp := math.Min(px*0.5, hexPx*0.5)
		x1, y0 := hexPx*0.84, hexPx*bannerAt
		banner := box{x1 - bp*0.92, y0, x1, y0 + bp*0.95}
		parts = append(parts, part{kind: partBanner, box: banner, size: bp, x: banner.x0 + bp*0.44, y: banner.y0 + bp*0.48})
	}
	lx, ly := -hexPx*0.66, hexPx*levelAt
	if hexPx < stackHexPx {
		if m.Capital {
			s := hexPx * 0.36
			cx, cy := -hexPx*0.74, hexPx*0.52
			parts = append(parts, part{kind: partCrown, box: crownBox(cx, cy, s), size: s, x: cx, y: cy})
		}
		return parts
	}
	if m.NoLevel {
		return layoutCitySeen(parts, m, hexPx, fs)
	}
	// The level on a disc in the owner's colour, or for a capital on a
	// crown.
	t := math.Max(minText, textPx(tokenPx(hexPx))*0.95)
	lb := boxAt(lx, ly, t*1.5, t*1.5)
	size := t * 1.5
	if m.Capital {
		size = t * 2.4
		lb = crownBox(lx, ly, size)
	}
	parts = append(parts, part{kind: partLevel, box: lb, text: strconv.Itoa(int(m.Level)), size: size, x: lx, y: ly})
	return layoutCitySeen(parts, m, hexPx, fs)
}

// layoutCitySeen adds the turn a remembered city of hex markers m was
// seen, when the hex shows no stack, to parts.
func layoutCitySeen(parts []part, m hexMarkers, hexPx float64, fs *fonts) []part {
	if m.CitySeen > 0 && m.Armies == 0 {
		// Where a remembered stack's turn seen would be.
		s := "T" + strconv.Itoa(int(m.CitySeen))
		tp := tokenPx(hexPx)
		tb := badgeText(tp)
		w := fs.width(s, tb, true) + tb*badgePad + 2
		x0, y0 := tp*markHalf+1, -hexPx*stackRise-tp*0.5
		b := box{x0, y0, x0 + w, y0 + badgeHeight(tb)}
		parts = append(parts, part{kind: partCitySeen, box: b, text: s, size: tb, x: b.cx(), y: b.cy()})
	}
	return parts
}

// badgeText returns the size of the text of the badges of a token px
// pixels high.
func badgeText(px float64) float64 { return math.Max(minText, textPx(px)*0.85) }

// badgeHeight returns the height of a badge with text of size tb.
func badgeHeight(tb float64) float64 { return tb*1.15 + 2 }

// crownBox returns the box of the crown sprite of size s centred on
// (x, y): its picture spans 0.46 of its size each side, 0.4 above its
// centre and 0.35 below.
func crownBox(x, y, s float64) box { return box{x - s*0.46, y - s*0.4, x + s*0.46, y + s*0.35} }

// layoutStack adds the parts of hex markers m's stack, standing on
// (x, y), to parts.
func layoutStack(parts []part, m hexMarkers, x, y, hexPx float64, fs *fonts) []part {
	px := tokenPx(hexPx)
	body := box{-px * 0.46, -px * 0.5, px * 0.46, px * 0.48}
	shadow := box{-px * 0.45, px * 0.27, px * 0.45, px * 0.65} // see drawToken
	// The mark's sprite is drawn 0.42 token heights wide; its shapes
	// reach a little beyond the circle half as wide.
	mark, markSize := boxAt(0, -px*0.07, 2*markHalf*px, 2*markHalf*px), px*0.42
	if m.Naval {
		body = box{-px * 0.5, -px * 0.49, px * 0.5, px * 0.46}
		mark, markSize = boxAt(0, -px*0.18, px*0.36, px*0.36), px*0.34
	}
	// The armies under the top one peek out above it, when there is room.
	for i := min(m.Armies, 3) - 1; i >= 1 && hexPx >= peekHexPx; i-- {
		d := px * tokenPeek * float64(i)
		parts = append(parts, part{kind: partBeneath, box: body.moved(x, y-d), more: [2]box{shadow.moved(x, y-d)}, nmore: 1, size: px, x: x, y: y - d, index: i})
	}
	parts = append(parts, part{kind: partToken, box: body.moved(x, y), more: [2]box{shadow.moved(x, y)}, nmore: 1, size: px, x: x, y: y})
	parts = append(parts, part{kind: partMark, box: mark.moved(x, y), size: markSize, x: x + mark.cx(), y: y + mark.cy()})
	if hexPx < unitsHexPx {
		return parts
	}
	t := textPx(px)
	// The unit count on the token's point, below the mark.
	ph := t*1.2 + 2
	py := y + math.Max(px*0.52, mark.y1+1+ph/2)
	plate := boxAt(x, py, 0, ph)
	if m.Units > 0 || !m.Naval {
		s := strconv.Itoa(m.Units)
		w := fs.width(s, t, true) + t*0.7 + 2
		plate = boxAt(x, py, w, ph)
		parts = append(parts, part{kind: partUnits, box: plate, text: s, size: t, x: x, y: plate.cy()})
	}
	if hexPx < stackHexPx {
		return parts
	}
	// Badges in two columns beside the mark, from the token's top down,
	// moved out to clear the unit count: at the left the stack count and
	// the stance, at the right the characters or the turn seen and the
	// characters.
	tb := badgeText(px)
	hb := badgeHeight(tb)
	top := y - px*0.5
	ly, ry := top, top
	column := func(k partKind, s string, w, h float64, right bool) {
		cy := &ly
		if right {
			cy = &ry
		}
		inner := px*markHalf + 1
		if *cy < plate.y1 && *cy+h > plate.y0 {
			inner = max(inner, plate.w()/2+1)
		}
		b := box{x - inner - w, *cy, x - inner, *cy + h}
		if right {
			b = box{x + inner, *cy, x + inner + w, *cy + h}
		}
		parts = append(parts, part{kind: k, box: b, text: s, size: tb, x: b.cx(), y: b.cy()})
		*cy += h + 1
	}
	if m.Armies > 1 {
		s := "×" + strconv.Itoa(m.Armies)
		column(partStack, s, fs.width(s, tb, true)+tb*badgePad+2, hb, false)
	}
	if m.Stance {
		column(partStance, "", hb, hb, false)
	}
	badge := func(k partKind, s string, icon bool) {
		w := fs.width(s, tb, true) + tb*badgePad + 2
		if icon {
			w += hb * 0.8
		}
		column(k, s, w, hb, true)
	}
	if m.Warlord > 0 {
		badge(partWarlord, "W"+strconv.Itoa(int(m.Warlord)), false)
	}
	if m.Casters > 0 {
		s := "C"
		if m.Casters > 1 {
			s += strconv.Itoa(m.Casters)
		}
		badge(partCasters, s, false)
	}
	if m.Seen > 0 {
		badge(partSeen, "T"+strconv.Itoa(int(m.Seen)), false)
	}
	if m.Characters > 0 {
		badge(partCharacters, strconv.Itoa(int(m.Characters)), true)
	}
	return parts
}
