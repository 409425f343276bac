package art

import "image/color"

// Icon is a unit's picture, named in its ruleset's data (empire's
// units.dat names one a unit in its icon column). Pictures carry their
// own colours; they are drawn on a light plate (PlateColor) beside the
// unit count of an army's token, and in the lists of units.
type Icon uint8

// The units' pictures. IconNone is the plain mark of a unit whose
// picture this client does not know: a modded unit's new icon name.
const (
	IconNone      Icon = iota
	IconInfantry       // a helmeted soldier, spear and kite shield
	IconCavalry        // a bridled warhorse's head
	IconArcher         // a drawn bow and its arrow, aimed up and right
	IconSpirit         // a pale, see-through wisp with a face
	IconBarge          // a flat boat laden with crates, its pole in the water
	IconGalleon        // a tall ship under full sail
	IconBalloon        // a striped hot-air balloon and its basket
	IconFiremage       // a red-robed, hooded mage holding up a flame
	IconIcemage        // a blue-robed, hooded mage, an ice crystal on a staff
	IconWhitemage      // a white-robed, bearded mage under a halo, a light on a staff
	IconZombie         // a green figure shambling, arms out
	IconSkeleton       // a skull and crossed bones
	IconGolem          // a hulking figure of stone, eyes and a rune glowing
	IconColossus       // a bronze statue astride two plinths, a torch held high
	IconHero           // a caped, crowned figure raising a sword
	IconCoward         // a yellow-clad figure running away, a white flag raised
	IconAngel          // a robed figure with white wings and a halo
	IconDemon          // a red, horned devil with bat wings
	IconNinja          // a black-masked head, a sword's hilt over its shoulder
	NumIcons
)

// iconNames are the icons' names, as the data files write them.
var iconNames = [NumIcons]string{"", "infantry", "cavalry", "archer", "spirit", "barge", "galleon", "balloon",
	"firemage", "icemage", "whitemage", "zombie", "skeleton", "golem", "colossus", "hero", "coward", "angel",
	"demon", "ninja"}

// String returns the icon's name, "none" for IconNone.
func (i Icon) String() string {
	if i == IconNone || i >= NumIcons {
		return "none"
	}
	return iconNames[i]
}

// IconOf returns the picture named name (as units.dat writes it: "cavalry"),
// and whether the name is known; an unknown name gets IconNone, the plain
// mark.
func IconOf(name string) (Icon, bool) {
	for i := IconNone + 1; i < NumIcons; i++ {
		if iconNames[i] == name {
			return i, true
		}
	}
	return IconNone, false
}

// PlateColor is the light plate the units' pictures are drawn on.
var PlateColor = color.RGBA{250, 246, 232, 255}

// paintUnit paints icon i into the unit box (at maps [-0.5, 0.5]² to
// pixels) of s pixels, its dark edges line wide.
func paintUnit(cv *canvas, i Icon, at func(x, y float64) pt, s, line float64) {
	// The pictures are drawn in a frame a little inside the box, so that
	// their dark edges stay clear of the sprite's margin at every size.
	const frame = 0.95
	frameAt := func(x, y float64) pt { return at(x*frame, y*frame) }
	d := pen{cv: cv, at: frameAt, s: s * frame, line: line}
	switch i {
	case IconInfantry:
		paintInfantry(d)
	case IconCavalry:
		paintCavalry(d)
	case IconArcher:
		paintArcher(d)
	case IconSpirit:
		paintSpirit(d)
	case IconBarge:
		paintBarge(d)
	case IconGalleon:
		paintGalleon(d)
	case IconBalloon:
		paintBalloon(d)
	case IconFiremage:
		paintFiremage(d)
	case IconIcemage:
		paintIcemage(d)
	case IconWhitemage:
		paintWhitemage(d)
	case IconZombie:
		paintZombie(d)
	case IconSkeleton:
		paintSkeleton(d)
	case IconGolem:
		paintGolem(d)
	case IconColossus:
		paintColossus(d)
	case IconHero:
		paintHero(d)
	case IconCoward:
		paintCoward(d)
	case IconAngel:
		paintAngel(d)
	case IconDemon:
		paintDemon(d)
	case IconNinja:
		paintNinja(d)
	default:
		// The plain mark: a dark disc with a light ring, a unit whose
		// picture is unknown.
		c := at(0, 0)
		cv.fill(OutlineColor, circle(c.X, c.Y, s*0.3))
		cv.fill(steelColor, circle(c.X, c.Y, s*0.3-line*1.5), reversed(circle(c.X, c.Y, s*0.16)))
	}
}
