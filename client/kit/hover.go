package kit

// Hover follows what the pointer rests on (a cell of a map, a card) and
// for how many frames, so that its tooltip shows after a moment: the
// pointer state every screen keeps. A screen counts its frames (Tick) and
// says each frame what the pointer is on (Set); At and On are what it
// said last, for the screen to read. The zero Hover is on nothing.
type Hover[T comparable] struct {
	// At is what the pointer is on; On reports that it is on something
	// (At is the zero T otherwise).
	At T
	On bool
	// Delay is how many frames the pointer rests on a thing before its
	// tooltip shows.
	Delay int

	frame, since int
}

// Tick counts a frame: a screen calls it once an Update, before Set.
func (h *Hover[T]) Tick() { h.frame++ }

// Set says that the pointer is on at this frame, or on nothing when on is
// false. It reports whether that changed what the pointer is on: then its
// rest begins again.
func (h *Hover[T]) Set(at T, on bool) bool {
	if !on {
		var zero T
		at = zero
	}
	if at == h.At && on == h.On {
		return false
	}
	h.At, h.On, h.since = at, on, h.frame
	return true
}

// Rested reports that the pointer has rested on what it is on for more
// than Delay frames: its tooltip shows.
func (h *Hover[T]) Rested() bool { return h.On && h.frame-h.since > h.Delay }

// JustRested reports that this frame is the first that the pointer has
// rested for more than Delay frames: the screen draws again to show the
// tooltip.
func (h *Hover[T]) JustRested() bool { return h.On && h.frame-h.since == h.Delay+1 }
