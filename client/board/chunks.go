package board

import (
	"math"

	"github.com/hajimehoshi/ebiten/v2"
)

// Levels of detail of the terrain cache: level k paints hexes at
// HexSize*2^k pixels, for zooms about 2^k (from a quarter to four times,
// the camera's range).
const (
	minLOD = -2
	maxLOD = 2
)

// lodFor returns the level of detail to draw zoom with: the nearest power
// of two, so a cached image is never stretched or shrunk by more than
// sqrt(2).
func lodFor(zoom float64) int {
	if !(zoom > 0) {
		return 0
	}
	k := int(math.Round(math.Log2(zoom)))
	return max(minLOD, min(maxLOD, k))
}

// lodScale returns the pixels per world pixel of level k.
func lodScale(k int) float64 { return math.Ldexp(1, k) }

// lodAt returns the level of detail to draw zoom (the zoom on screen) with
// at interface size scale, whose level k paints 2^k times scale pixels a
// world pixel: the level of the zoom at 100 %, so that at every size a
// cached image is never stretched or shrunk by more than sqrt(2), up to
// the closest zoom.
func lodAt(zoom, scale float64) int { return lodFor(zoom / max(scale, 1)) }

// chunkPx is the side of a cached terrain image in pixels; at level k it
// covers chunkPx/2^k world pixels.
const chunkPx = 512

// chunkWorld returns the side of a chunk of level k in world pixels.
func chunkWorld(k int) float64 { return chunkWorldAt(k, 1) }

// chunkWorldAt returns the side of a chunk of level k at interface size
// scale in world pixels.
func chunkWorldAt(k int, scale float64) float64 { return chunkPx / (lodScale(k) * max(scale, 1)) }

// chunkKey names a chunk: its level of detail and its column and row in
// that level's grid of chunks, whose chunk (0, 0) starts at the world's
// top-left corner.
type chunkKey struct {
	lod    int8
	cx, cy int32
}

// chunk is a cached image of the terrain of one square of the world.
type chunk struct {
	img   *ebiten.Image // nil until painted
	stale bool          // the view changed under it: repaint before drawing
	used  uint64        // the frame it was last drawn in
}

// chunkCache holds the painted chunks, the least recently drawn reused
// first once there are maxChunks.
type chunkCache struct {
	m     map[chunkKey]*chunk
	lods  [maxLOD - minLOD + 1]int // chunks cached per level
	frame uint64
	scale float64 // the interface size the chunks are painted at (chunkWorldAt)
}

// maxChunks bounds the cache: 64 images of 1 MiB.
const maxChunks = 64

func newChunkCache() chunkCache { return chunkCache{m: map[chunkKey]*chunk{}, scale: 1} }

// staleAll marks every chunk stale.
func (c *chunkCache) staleAll() {
	for _, ch := range c.m {
		ch.stale = true
	}
}

// staleIn marks stale every chunk, of any level, that overlaps the world
// rectangle (x0, y0)-(x1, y1).
func (c *chunkCache) staleIn(x0, y0, x1, y1 float64) {
	for i, n := range c.lods {
		if n == 0 {
			continue
		}
		k := i + minLOD
		cw := chunkWorldAt(k, c.scale)
		for cy := int32(math.Floor(y0 / cw)); float64(cy)*cw < y1; cy++ {
			for cx := int32(math.Floor(x0 / cw)); float64(cx)*cw < x1; cx++ {
				if ch, ok := c.m[chunkKey{int8(k), cx, cy}]; ok {
					ch.stale = true
				}
			}
		}
	}
}

// get returns the chunk of key, and whether it must be painted (it is new
// or stale). A new chunk reuses the image of the least recently drawn one
// when the cache is full, unless that one was drawn this frame.
func (c *chunkCache) get(key chunkKey) (*chunk, bool) {
	if ch, ok := c.m[key]; ok {
		ch.used = c.frame
		return ch, ch.stale || ch.img == nil
	}
	ch := &chunk{used: c.frame}
	if len(c.m) >= maxChunks {
		var oldKey chunkKey
		var old *chunk
		for k, o := range c.m {
			if old == nil || o.used < old.used {
				oldKey, old = k, o
			}
		}
		if old.used != c.frame {
			delete(c.m, oldKey)
			c.lods[int(oldKey.lod)-minLOD]--
			ch.img = old.img
		}
	}
	c.m[key] = ch
	c.lods[int(key.lod)-minLOD]++
	return ch, true
}

// visibleChunks calls f for every chunk of level k that overlaps the
// world rectangle (x0, y0)-(x1, y1) and the world of size (w, h), at
// 100 %.
func visibleChunks(k int, x0, y0, x1, y1, w, h float64, f func(cx, cy int32)) {
	visibleChunksAt(k, 1, x0, y0, x1, y1, w, h, f)
}

// visibleChunksAt is visibleChunks at interface size scale.
func visibleChunksAt(k int, scale, x0, y0, x1, y1, w, h float64, f func(cx, cy int32)) {
	cw := chunkWorldAt(k, scale)
	x0, y0 = math.Max(x0, 0), math.Max(y0, 0)
	x1, y1 = math.Min(x1, w), math.Min(y1, h)
	if x0 >= x1 || y0 >= y1 {
		return
	}
	for cy := int32(math.Floor(y0 / cw)); float64(cy)*cw < y1; cy++ {
		for cx := int32(math.Floor(x0 / cw)); float64(cx)*cw < x1; cx++ {
			f(cx, cy)
		}
	}
}
