package board

import (
	"math"
	"testing"

	"empires/client/camera"
)

func TestLODFor(t *testing.T) {
	for _, tc := range []struct {
		zoom float64
		want int
	}{
		{camera.MinZoom, -2},
		{0.3, -2},
		{0.4, -1},
		{0.7, -1},
		{0.75, 0},
		{1, 0},
		{1.4, 0},
		{1.5, 1},
		{3, 2},
		{camera.MaxZoom, 2},
		{100, 2},
		{0, 0},
		{math.NaN(), 0},
	} {
		if have := lodFor(tc.zoom); have != tc.want {
			t.Errorf("lodFor(%v) = %d, want %d", tc.zoom, have, tc.want)
		}
	}
	// A chunk is never stretched or shrunk by more than sqrt(2).
	for z := camera.MinZoom; z <= camera.MaxZoom; z *= 1.01 {
		if f := z / lodScale(lodFor(z)); f < 1/math.Sqrt2-1e-9 || f > math.Sqrt2+1e-9 {
			t.Errorf("zoom %.3f draws level %d scaled by %.3f", z, lodFor(z), f)
		}
	}
}

// TestVisibleChunks checks that the chunks listed cover the part of the
// world on screen, and only chunks of the world.
func TestVisibleChunks(t *testing.T) {
	const ww, wh = 3000.0, 2000.0
	for _, tc := range []struct {
		k              int
		x0, y0, x1, y1 float64
		want           int
	}{
		{0, 0, 0, 1280, 800, 3 * 2},         // 512-pixel chunks
		{0, 100, 100, 612, 612, 2 * 2},      // straddling four
		{-2, -500, -500, 5000, 5000, 2 * 1}, // 2048-pixel chunks: the whole world
		{2, 0, 0, 256, 128, 2 * 1},          // 128-pixel chunks
		{0, -900, -900, -10, -10, 0},        // off the world
	} {
		n := 0
		cw := chunkWorld(tc.k)
		visibleChunks(tc.k, tc.x0, tc.y0, tc.x1, tc.y1, ww, wh, func(cx, cy int32) {
			n++
			x, y := float64(cx)*cw, float64(cy)*cw
			if x >= ww || y >= wh || x+cw <= 0 || y+cw <= 0 {
				t.Errorf("level %d: chunk %d,%d lies outside the world", tc.k, cx, cy)
			}
			if x >= tc.x1 || y >= tc.y1 || x+cw <= tc.x0 || y+cw <= tc.y0 {
				t.Errorf("level %d: chunk %d,%d lies off screen", tc.k, cx, cy)
			}
		})
		if n != tc.want {
			t.Errorf("level %d, screen %v,%v-%v,%v: %d chunks, want %d", tc.k, tc.x0, tc.y0, tc.x1, tc.y1, n, tc.want)
		}
	}
}

// TestChunkCacheReuse checks that a full cache gives the image of the
// least recently drawn chunk to a new one, but never one drawn this frame.
func TestChunkCacheReuse(t *testing.T) {
	c := newChunkCache()
	for i := range maxChunks {
		c.frame = uint64(i + 1)
		ch, paint := c.get(chunkKey{0, int32(i), 0})
		if !paint {
			t.Fatalf("new chunk %d: not to be painted", i)
		}
		ch.img = nil // stands for a painted image in this test
	}
	c.frame++
	if _, paint := c.get(chunkKey{0, 5, 0}); !paint {
		// Its img is nil, as if never painted: it must be painted.
		t.Error("chunk without an image: not to be painted")
	}
	c.get(chunkKey{1, 0, 0})
	if _, ok := c.m[chunkKey{0, 0, 0}]; ok {
		t.Error("the least recently drawn chunk was kept")
	}
	if _, ok := c.m[chunkKey{0, 5, 0}]; !ok {
		t.Error("a chunk drawn this frame was dropped")
	}
	if have := len(c.m); have != maxChunks {
		t.Errorf("cache holds %d chunks, want %d", have, maxChunks)
	}
	if have, want := c.lods[0-minLOD]+c.lods[1-minLOD], maxChunks; have != want {
		t.Errorf("per-level counts add up to %d, want %d", have, want)
	}

	// When every chunk was drawn this frame, the cache grows instead.
	c2 := newChunkCache()
	for i := range maxChunks + 3 {
		c2.get(chunkKey{0, int32(i), 0})
	}
	if have := len(c2.m); have != maxChunks+3 {
		t.Errorf("one frame of %d chunks: cache holds %d", maxChunks+3, have)
	}
}

func TestStaleIn(t *testing.T) {
	c := newChunkCache()
	for _, k := range []chunkKey{{0, 0, 0}, {0, 1, 0}, {0, 3, 3}, {-1, 0, 0}, {2, 9, 9}} {
		c.get(k)
		c.m[k].stale = false
	}
	// World pixels 500-520 across, 10-20 down: chunks 0 and 1 of level 0
	// (512 wide), 0 of level -1 (1024 wide); not level 2's chunk 9,9
	// (128 wide, from 1152).
	c.staleIn(500, 10, 520, 20)
	want := map[chunkKey]bool{{0, 0, 0}: true, {0, 1, 0}: true, {-1, 0, 0}: true}
	for k, ch := range c.m {
		if ch.stale != want[k] {
			t.Errorf("chunk %v: stale %v, want %v", k, ch.stale, want[k])
		}
	}
}
