// Command cvdsim shows pictures as people with colour vision deficiency
// see them: for each PNG named on the command line it writes NAME-
// protanopia.png, NAME-deuteranopia.png and NAME-tritanopia.png beside
// it (or in -o DIR), through the matrices of Machado et al. 2009
// (package client/art/cvd). The screenshots of docs/ACCESSIBILITY.md
// are made with it:
//
//	go run ./scripts/cvdsim -o docs/accessibility shot.png
package main

import (
	"errors"
	"flag"
	"fmt"
	"image"
	"image/png"
	"io"
	"os"
	"path/filepath"
	"strings"

	"empires/client/art/cvd"
)

func main() {
	if err := run(os.Args[1:], os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, "cvdsim:", err)
		os.Exit(1)
	}
}

// run simulates each PNG named in args; the usage goes to stderr.
func run(args []string, stderr io.Writer) error {
	fs := flag.NewFlagSet("cvdsim", flag.ContinueOnError)
	fs.SetOutput(stderr)
	out := fs.String("o", "", "`directory` to write the pictures in (default: beside each input)")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return nil
		}
		return err
	}
	if fs.NArg() == 0 {
		return errors.New("no picture: name one or more PNG files")
	}
	for _, in := range fs.Args() {
		if err := simulate(in, *out); err != nil {
			return err
		}
	}
	return nil
}

// simulate writes the three simulations of the PNG file in into dir
// (in's own directory if dir is "").
func simulate(in, dir string) error {
	f, err := os.Open(in)
	if err != nil {
		return err
	}
	img, err := png.Decode(f)
	f.Close()
	if err != nil {
		return fmt.Errorf("%s: %w", in, err)
	}
	if dir == "" {
		dir = filepath.Dir(in)
	}
	base := strings.TrimSuffix(filepath.Base(in), filepath.Ext(in))
	for _, k := range cvd.Kinds() {
		p := filepath.Join(dir, base+"-"+k.String()+".png")
		if err := write(p, cvd.Image(img, k)); err != nil {
			return err
		}
	}
	return nil
}

// write saves img as a PNG file at p, compressed as far as it goes.
func write(p string, img image.Image) error {
	f, err := os.Create(p)
	if err != nil {
		return err
	}
	enc := png.Encoder{CompressionLevel: png.BestCompression}
	if err := enc.Encode(f, img); err != nil {
		f.Close()
		return fmt.Errorf("%s: %w", p, err)
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("%s: %w", p, err)
	}
	return nil
}
