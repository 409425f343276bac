package app

import (
	"fmt"
	"image"
	"image/png"
	"os"
)

// savePNG writes the RGBA pixels pix of a frame of size r to path.
func savePNG(path string, r image.Rectangle, pix []byte) error {
	img := &image.RGBA{Pix: pix, Stride: 4 * r.Dx(), Rect: image.Rect(0, 0, r.Dx(), r.Dy())}
	for i := 3; i < len(pix); i += 4 {
		pix[i] = 0xff // the screen is opaque; ReadPixels may leave alpha below
	}
	f, err := os.Create(path)
	if err != nil {
		return fmt.Errorf("save screenshot: %w", err)
	}
	if err := png.Encode(f, img); err != nil {
		f.Close()
		return fmt.Errorf("save screenshot %s: %w", path, err)
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("save screenshot %s: %w", path, err)
	}
	return nil
}
