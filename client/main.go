// Command client is the Empires desktop client. For now it is the map
// viewer: it generates a map as the server does for a new game and shows it.
//
//	go run ./client -seed 7 -size 64x48 -players 6
//
// With -screenshot it draws -frames frames, saves the last as a PNG and
// exits; the client tests use this under Xvfb.
package main

import (
	"errors"
	"flag"
	"fmt"
	"os"
	"strconv"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"empires/client/viewer"
	"empires/shared/mapgen"
	"empires/shared/rules"
	"empires/shared/rules/erfworld"
)

func main() {
	if err := run(os.Args[1:]); err != nil {
		fmt.Fprintln(os.Stderr, "empires:", err)
		os.Exit(1)
	}
}

func run(args []string) error {
	fs := flag.NewFlagSet("empires", flag.ContinueOnError)
	seed := fs.Uint64("seed", 1, "map seed")
	size := fs.String("size", "64x48", fmt.Sprintf("map size as WIDTHxHEIGHT, each side %d to %d", mapgen.MinSize, mapgen.MaxSize))
	players := fs.Int("players", 6, fmt.Sprintf("number of players, %d to %d", mapgen.MinPlayers, mapgen.MaxPlayers))
	modDir := fs.String("rules", "", "directory of edited ruleset files (a mod) that override the built-in ones")
	shot := fs.String("screenshot", "", "draw -frames frames, save the last to this PNG file, and exit")
	frames := fs.Int("frames", 30, "frames to draw before a -screenshot")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return nil
		}
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("unexpected argument %q", fs.Arg(0))
	}
	w, h, err := parseSize(*size)
	if err != nil {
		return fmt.Errorf("-size: %w", err)
	}
	if *frames < 1 {
		return fmt.Errorf("-frames %d: must be at least 1", *frames)
	}
	src, err := rules.OpenSource(*modDir)
	if err != nil {
		return err
	}
	rs, err := erfworld.Load(src)
	if err != nil {
		return err
	}
	v, err := viewer.New(viewer.Config{
		Seed: *seed, Width: w, Height: h, Players: *players, Rules: rs,
		Screenshot: *shot, Frames: *frames,
	})
	if err != nil {
		return err
	}
	ebiten.SetWindowTitle("Empires")
	ebiten.SetWindowSize(1280, 800)
	ebiten.SetWindowResizingMode(ebiten.WindowResizingModeEnabled)
	return ebiten.RunGame(v)
}

// parseSize parses "WIDTHxHEIGHT".
func parseSize(s string) (w, h int, err error) {
	a, b, ok := strings.Cut(strings.ToLower(s), "x")
	w, err1 := strconv.Atoi(a)
	h, err2 := strconv.Atoi(b)
	if !ok || err1 != nil || err2 != nil {
		return 0, 0, fmt.Errorf("%q: want WIDTHxHEIGHT with whole numbers, e.g. 64x48", s)
	}
	return w, h, nil
}
