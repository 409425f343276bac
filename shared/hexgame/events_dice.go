package hexgame

import (
	"fmt"
	"math"
	"math/bits"

	"empires/shared/game"
)

// A side's dice in the compact form (docs/protocol.md, section 10.8, "A
// side's dice"): their count and form, then, in the packed form, what
// they share, then what each die holds packed in as few bits as its
// values need; in the form one by one (for a die or two, where the packed
// form's overhead costs more than it saves), each die's fields as
// varints. A battle's dice are most of a battle-heavy turn's bytes: a side rolls a die or two a unit, and
// the dice of one unit kind in one round come together, their rolls span a
// die's faces, few are raised, and what a die scores follows from its
// score. So:
//
//   - runs: the dice in runs of the same Unit, City and Round: a count of
//     runs, then each run's Unit*2+City (uvarint), its Round minus the
//     Round of the run before (varint, from 0) and its length less one
//     (uvarint);
//   - rolls: the least Roll (varint) and a width w from 1 to 32 (uvarint),
//     then each die's Roll minus the least in w bits (packed bits);
//   - raised: a count of the dice whose Score is not their Roll, then for
//     each its index minus the index after the last one's (uvarint, from
//     0) and Score - Roll (varint);
//   - hits: a form (uvarint): 0, a table: the least Score (varint), a
//     count k (uvarint) and k varints, the Hits of a die of each Score from
//     the least on; 1, packed: the least Hits (varint), a width w from 0 to
//     32 (uvarint), each die's Hits minus the least in w bits (none when w
//     is 0).
//
// Packed bits fill bytes from their lowest bit up, a value's lowest bit
// first; the last byte is padded with zeros. With a d6 a die takes 3 bits
// of roll and its share of a table of hits: a side of 40 dice that took
// 200 bytes one by one takes about 35 packed.
//
// CHOICE: bits packed to a width, not mixed-radix numbers (a d6 in 2.6 bits
// instead of 3): the difference is a few bytes a battle, and a width is
// what a reader in any language writes in a few lines.

// The forms of the dice's hits.
const (
	hitsTable  = 0
	hitsPacked = 1
)

// maxWidth is the widest packed value: an int32 minus another.
const maxWidth = 32

// The forms of a side's dice.
const (
	diceOneByOne = 0 // each die's fields, one after the other
	dicePacked   = 1 // runs, packed rolls, raised dice, hits
)

// dice writes the dice of a side in the shorter of the two forms: their
// count times 2 plus the form, then the dice.
func (w *eventWriter) dice(dice []game.DieReport) {
	var one, packed eventWriter
	one.uint(uint64(len(dice))<<1 | diceOneByOne)
	one.oneByOne(dice)
	packed.uint(uint64(len(dice))<<1 | dicePacked)
	packed.packedDice(dice)
	if len(packed.buf) < len(one.buf) {
		w.buf = append(w.buf, packed.buf...)
		return
	}
	w.buf = append(w.buf, one.buf...)
}

// oneByOne writes each die as Unit*2+City (uvarint), Round minus the
// Round of the die before (varint, from 0), Roll, Score - Roll and Hits
// (varints).
func (w *eventWriter) oneByOne(dice []game.DieReport) {
	var round int32
	for i := range dice {
		d := &dice[i]
		w.uint(uint64(d.Unit)<<1 | b2u(d.City))
		w.int(int64(d.Round) - int64(round))
		round = d.Round
		w.int(int64(d.Roll))
		w.int(int64(d.Score) - int64(d.Roll))
		w.int(int64(d.Hits))
	}
}

// packedDice writes dice in the packed form.
func (w *eventWriter) packedDice(dice []game.DieReport) {
	// Runs.
	var runs []int // the index where each run starts
	for i := range dice {
		if i == 0 || dice[i].Unit != dice[i-1].Unit || dice[i].City != dice[i-1].City || dice[i].Round != dice[i-1].Round {
			runs = append(runs, i)
		}
	}
	w.uint(uint64(len(runs)))
	var round int32
	for k, start := range runs {
		end := len(dice)
		if k+1 < len(runs) {
			end = runs[k+1]
		}
		d := &dice[start]
		w.uint(uint64(d.Unit)<<1 | b2u(d.City))
		w.int(int64(d.Round) - int64(round))
		round = d.Round
		w.uint(uint64(end - start - 1))
	}
	// Rolls, at least 1 bit each, so that a reader may hold a count of
	// dice to 8 a byte.
	w.packed(dice, func(d *game.DieReport) int32 { return d.Roll }, 1)
	// Raised dice.
	var raised []int
	for i := range dice {
		if dice[i].Score != dice[i].Roll {
			raised = append(raised, i)
		}
	}
	w.uint(uint64(len(raised)))
	next := 0
	for _, i := range raised {
		w.uint(uint64(i - next))
		w.int(int64(dice[i].Score) - int64(dice[i].Roll))
		next = i + 1
	}
	// Hits: the table or the packed values, whichever is shorter.
	packed := eventWriter{}
	packed.uint(hitsPacked)
	packed.packed(dice, func(d *game.DieReport) int32 { return d.Hits }, 0)
	if table, ok := hitsByScore(dice); ok && len(table) < len(packed.buf) {
		w.buf = append(w.buf, table...)
		return
	}
	w.buf = append(w.buf, packed.buf...)
}

// hitsByScore returns the table form of the dice's hits, and whether the
// dice's Hits follow from their Score (every die of a score scored the
// same).
func hitsByScore(dice []game.DieReport) ([]byte, bool) {
	if len(dice) == 0 {
		return nil, false
	}
	lo, hi := dice[0].Score, dice[0].Score
	for _, d := range dice {
		lo, hi = min(lo, d.Score), max(hi, d.Score)
	}
	if int64(hi)-int64(lo) >= int64(len(dice)) {
		return nil, false // a table longer than the dice
	}
	hits := make([]int32, int(hi-lo)+1)
	set := make([]bool, len(hits))
	for _, d := range dice {
		k := d.Score - lo
		if set[k] && hits[k] != d.Hits {
			return nil, false
		}
		hits[k], set[k] = d.Hits, true
	}
	t := eventWriter{}
	t.uint(hitsTable)
	t.int(int64(lo))
	t.uint(uint64(len(hits)))
	for _, h := range hits {
		t.int(int64(h))
	}
	return t.buf, true
}

// packed writes the value of each die as the least value (varint), a width of
// at least minWidth bits (uvarint), and each value minus the least in that
// many bits.
func (w *eventWriter) packed(dice []game.DieReport, value func(*game.DieReport) int32, minWidth int) {
	if len(dice) == 0 {
		return
	}
	lo, hi := value(&dice[0]), value(&dice[0])
	for i := range dice {
		lo, hi = min(lo, value(&dice[i])), max(hi, value(&dice[i]))
	}
	width := max(bits.Len64(uint64(int64(hi)-int64(lo))), minWidth)
	w.int(int64(lo))
	w.uint(uint64(width))
	var acc uint64 // bits not yet written, the lowest first
	n := 0         // how many
	for i := range dice {
		v := uint64(int64(value(&dice[i])) - int64(lo))
		acc |= v << n
		n += width
		for n >= 8 {
			w.buf = append(w.buf, byte(acc))
			acc >>= 8
			n -= 8
		}
	}
	if n > 0 {
		w.buf = append(w.buf, byte(acc))
	}
}

// b2u is 1 for true, 0 for false.
func b2u(b bool) uint64 {
	if b {
		return 1
	}
	return 0
}

// dice reads the dice of a side.
func (r *eventReader) dice() []game.DieReport {
	v := r.uint(math.MaxUint64, "side dice count")
	n, form := v>>1, v&1
	// A die takes 5 bytes one by one, at least a bit of its roll packed.
	if r.err == nil && (form == diceOneByOne && n > uint64(len(r.buf)) || n > 8*uint64(len(r.buf))) {
		r.fail(fmt.Errorf("side dice count: %d dice, %d bytes left", n, len(r.buf)))
	}
	if r.err != nil {
		return nil
	}
	dice := make([]game.DieReport, n)
	if form == diceOneByOne {
		var round int32
		for k := range dice {
			d := &dice[k]
			v := r.uint(math.MaxUint8<<1|1, "die unit")
			d.Unit, d.City = game.UnitKind(v>>1), v&1 != 0
			d.Round = r.diff32(round, "die round")
			round = d.Round
			d.Roll = r.int32("die roll")
			d.Score = r.diff32(d.Roll, "die score")
			d.Hits = r.int32("die hits")
		}
		if r.err != nil {
			return nil
		}
		return dice
	}
	// Runs.
	runs := r.count("side dice runs")
	at := 0
	var round int32
	for range runs {
		v := r.uint(math.MaxUint8<<1|1, "dice run unit")
		round = r.diff32(round, "dice run round")
		length := r.uint(math.MaxUint64, "dice run length")
		if r.err != nil {
			return nil
		}
		if length >= uint64(len(dice)-at) {
			r.fail(fmt.Errorf("dice run length: %d dice from die %d of %d", length+1, at, len(dice)))
			return nil
		}
		for k := range int(length) + 1 {
			d := &dice[at+k]
			d.Unit, d.City, d.Round = game.UnitKind(v>>1), v&1 != 0, round
		}
		at += int(length) + 1
	}
	if r.err == nil && at != len(dice) {
		r.fail(fmt.Errorf("dice runs: %d dice in runs of %d", at, len(dice)))
	}
	// Rolls, and the scores of the dice not raised.
	r.packed(dice, func(d *game.DieReport) *int32 { return &d.Roll }, 1, "die roll")
	for k := range dice {
		dice[k].Score = dice[k].Roll
	}
	// Raised dice.
	raised := r.uint(uint64(len(dice)), "raised dice count")
	next := uint64(0)
	for range raised {
		i := next + r.uint(math.MaxUint64, "raised die")
		if r.err != nil {
			return nil
		}
		if i >= uint64(len(dice)) || i < next {
			r.fail(fmt.Errorf("raised die: die %d of %d", i, len(dice)))
			return nil
		}
		dice[i].Score = r.diff32(dice[i].Roll, "raised die score")
		next = i + 1
	}
	// Hits.
	switch form := r.uint(hitsPacked, "dice hits form"); form {
	case hitsTable:
		lo := r.int32("dice hits least score")
		k := r.count("dice hits table")
		table := make([]int32, k)
		for j := range table {
			table[j] = r.int32("dice hits")
		}
		for j := range dice {
			s := int64(dice[j].Score) - int64(lo)
			if r.err == nil && (s < 0 || s >= int64(k)) {
				r.fail(fmt.Errorf("dice hits: die %d scored %d, the table has %d from %d", j, dice[j].Score, k, lo))
			}
			if r.err != nil {
				return nil
			}
			dice[j].Hits = table[s]
		}
	case hitsPacked:
		r.packed(dice, func(d *game.DieReport) *int32 { return &d.Hits }, 0, "die hits")
	}
	if r.err != nil {
		return nil
	}
	return dice
}

// packed reads what eventWriter.packed wrote into the field of each die
// that field returns; minWidth is the least width the writer writes.
func (r *eventReader) packed(dice []game.DieReport, field func(*game.DieReport) *int32, minWidth int, what string) {
	if len(dice) == 0 || r.err != nil {
		return
	}
	lo := r.int32(what + " least")
	width := int(r.uint(maxWidth, what+" width"))
	if r.err != nil {
		return
	}
	if width < minWidth {
		r.fail(fmt.Errorf("%s width: %d, less than %d", what, width, minWidth))
		return
	}
	size := (len(dice)*width + 7) / 8
	if size > len(r.buf) {
		r.fail(fmt.Errorf("%s: %d dice of %d bits, %d bytes left", what, len(dice), width, len(r.buf)))
		return
	}
	data := r.buf[:size]
	r.buf = r.buf[size:]
	var acc uint64 // bits read and not yet used, the lowest first
	n := 0         // how many
	mask := uint64(1)<<width - 1
	for i := range dice {
		for n < width {
			acc |= uint64(data[0]) << n
			data = data[1:]
			n += 8
		}
		v := int64(lo) + int64(acc&mask)
		acc >>= width
		n -= width
		if v > math.MaxInt32 {
			r.fail(fmt.Errorf("%s: die %d: %d is out of range (%d to %d)", what, i, v, math.MinInt32, math.MaxInt32))
			return
		}
		*field(&dice[i]) = int32(v)
	}
}
