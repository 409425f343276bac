package empire

import (
	"syscall"
	"testing"
	"time"

	"empires/assets"
	"empires/client/internal/drawtest"
	"empires/shared/grid"
	rules "empires/shared/rules/empire"
	"empires/shared/rules/empire/dat"
)

func TestMain(m *testing.M) { drawtest.Main(m, "empire tests") }

// cpuTime returns the CPU time the process has used.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// reportCPU reports the CPU time spent since since, by op, as cpu-ms/op.
func reportCPU(b *testing.B, since time.Duration) {
	b.ReportMetric(float64(cpuTime()-since)/float64(time.Millisecond)/float64(b.N), "cpu-ms/op")
}

// bigModel returns a model of a w x h map of shape whose terrains change
// every few squares (coasts everywhere), the left quarter remembered and
// the bottom rows never seen.
func bigModel(tb testing.TB, shape grid.Shape, w, h int) *Model {
	tb.Helper()
	r, err := rules.Load(assets.Rules())
	if err != nil {
		tb.Fatal(err)
	}
	g := grid.New(shape, w, h)
	v := &rules.View{Seat: 1, Turn: 5, Shape: shape, Width: w, Height: h,
		Players: []rules.PlayerView{{Name: "Ann", Alive: true}, {Name: "Bob", Alive: true}}}
	for i := range g.Len() {
		p := g.At(i)
		t := uint8((p.X/3 + p.Y/4 + p.X*p.Y%5) % int(dat.NumTerrains))
		switch {
		case p.Y >= h-h/8:
			v.Terrain, v.Seen = append(v.Terrain, rules.Unknown), append(v.Seen, 0)
		case p.X < w/4:
			v.Terrain, v.Seen = append(v.Terrain, t), append(v.Seen, 2)
		default:
			v.Terrain, v.Seen = append(v.Terrain, t), append(v.Seen, 5)
		}
	}
	m := NewModel(r.Dat())
	m.SetView(v)
	return m
}

// BenchmarkPaintGround times repainting the ground of a 128x128 map, as
// the map does when the view changes.
func BenchmarkPaintGround(b *testing.B) {
	m := bigModel(b, grid.Square, 128, 128)
	p, err := newPainter(m.Data(), NewLayout(grid.Square, 128, 128))
	if err != nil {
		b.Fatal(err)
	}
	drawtest.OnFrame(b, func() {
		for range 2 {
			p.groundV = nil
			p.paintGround(m)
			_ = p.ground.At(0, 0)
		}
		b.ResetTimer()
		cpu := cpuTime()
		for range b.N {
			p.groundV = nil
			p.paintGround(m)
			_ = p.ground.At(0, 0)
		}
		reportCPU(b, cpu)
	})
}
