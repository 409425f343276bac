package hex

// lineNudge is the inverse size of the epsilon nudge used by Line, in units
// of 1/(N*lineNudge) where N is the line's length. It must be even and
// greater than twice the largest nudge component (3), so that the nudge can
// never move a sample across a rounding boundary that it does not sit on.
const lineNudge = 8

// Line returns the Distance(a, b)+1 hexes on the straight line from a to b,
// a first and b last, each consecutive pair adjacent. Line(a, a) is [a].
//
// It is Red Blob's cube linear interpolation plus cube rounding, computed
// exactly in integers: every sample point is scaled by N*8 (N the distance).
// Samples that fall exactly on an edge between two hexes are decided the
// way Red Blob's epsilon nudge decides them: the endpoints are moved by
// the cube offset (+eps, +2eps, -3eps) for an infinitesimal eps, which here
// is 1/(8N) of a hex, smaller than any distance the unnudged samples can
// have from a rounding boundary. (Nudging the start only or both endpoints
// gives the same hexes.) Since the nudge does not depend on which end is
// the start, Line(b, a) is exactly the reverse of Line(a, b).
func Line(a, b Hex) []Hex {
	n := Distance(a, b)
	out := make([]Hex, 0, n+1)
	if n == 0 {
		return append(out, a)
	}
	as := a.S()
	dq, dr, ds := b.Q-a.Q, b.R-a.R, b.S()-as
	den := n * lineNudge
	for i := 0; i <= n; i++ {
		// Cube coordinates of the sample, times den, nudged.
		xq := (a.Q*n+dq*i)*lineNudge + 1
		xr := (a.R*n+dr*i)*lineNudge + 2
		xs := (as*n+ds*i)*lineNudge - 3
		out = append(out, cubeRound(xq, xr, xs, den))
	}
	return out
}

// cubeRound rounds the fractional cube coordinate (xq/den, xr/den, xs/den),
// whose components sum to zero, to the nearest hex, as Red Blob's
// cube_round does: round each component, then recompute the one that moved
// the most from the other two. The nudge guarantees that no component lies
// exactly half-way and that no two rounding errors are equal.
func cubeRound(xq, xr, xs, den int) Hex {
	q, r, s := roundDiv(xq, den), roundDiv(xr, den), roundDiv(xs, den)
	eq, er, es := abs(xq-q*den), abs(xr-r*den), abs(xs-s*den)
	switch {
	case eq > er && eq > es:
		q = -r - s
	case er > es:
		r = -q - s
	}
	return Hex{q, r}
}

// roundDiv returns x/den rounded to the nearest integer, halves rounded up,
// for den > 0.
func roundDiv(x, den int) int { return floorDiv(2*x+den, 2*den) }

// floorDiv returns x/den rounded towards negative infinity, for den > 0.
func floorDiv(x, den int) int {
	q := x / den
	if x%den < 0 {
		q--
	}
	return q
}
