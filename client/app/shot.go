package app

import (
	"fmt"
	"image"
	"image/png"
	"os"
)

// savePNG writes the RGBA pixels pix of a frame of size r to path: to a
// file beside it first, renamed to path once whole, so that nobody reads a
// picture half written.
func savePNG(path string, r image.Rectangle, pix []byte) error {
	img := &image.RGBA{Pix: pix, Stride: 4 * r.Dx(), Rect: image.Rect(0, 0, r.Dx(), r.Dy())}
	for i := 3; i < len(pix); i += 4 {
		pix[i] = 0xff // the screen is opaque; ReadPixels may leave alpha below
	}
	tmp := path + ".part"
	f, err := os.Create(tmp)
	if err != nil {
		return fmt.Errorf("save screenshot: %w", err)
	}
	enc := png.Encoder{CompressionLevel: png.BestSpeed}
	if err := enc.Encode(f, img); err != nil {
		f.Close()
		os.Remove(tmp)
		return fmt.Errorf("save screenshot %s: %w", path, err)
	}
	if err := f.Close(); err != nil {
		os.Remove(tmp)
		return fmt.Errorf("save screenshot %s: %w", path, err)
	}
	if err := os.Rename(tmp, path); err != nil {
		os.Remove(tmp)
		return fmt.Errorf("save screenshot %s: %w", path, err)
	}
	return nil
}
