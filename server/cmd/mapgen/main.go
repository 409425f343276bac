// Command mapgen generates a map the way the server does for a new game and
// writes it as a PNG, so a person can look at it, and optionally as ASCII.
//
//	go run ./server/cmd/mapgen -seed 7 -size 64x48 -players 6 -png map.png
//
// It prints each player's start: capital, cities, walkable land near the
// capital, territory, and the terrains the cities border.
package main

import (
	"errors"
	"flag"
	"fmt"
	"image/png"
	"io"
	"os"
	"strconv"
	"strings"

	"empires/shared/buildinfo"
	"empires/shared/mapgen"
	"empires/shared/mapimage"
	"empires/shared/rules/erfworld"
	"empires/shared/rulesfile"
)

func main() {
	if err := run(os.Args[1:], os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "mapgen:", err)
		if errors.Is(err, errUsage) {
			os.Exit(2)
		}
		os.Exit(1)
	}
}

// errUsage marks errors in the command line.
var errUsage = errors.New("usage")

func run(args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("mapgen", flag.ContinueOnError)
	fs.SetOutput(stdout)
	seed := fs.Uint64("seed", 1, "map seed: the same seed, size and players give the same map")
	size := fs.String("size", "64x48", "map size as WIDTHxHEIGHT, each side 16 to 512")
	players := fs.Int("players", 4, "number of players, 2 to 16")
	ruleset := fs.String("ruleset", "erfworld", "ruleset id (erfworld)")
	modDir := fs.String("rules", "", "directory of edited ruleset files (a mod) that override the built-in ones")
	pngPath := fs.String("png", "", "write the map to this PNG file")
	hexSize := fs.Int("hex", 8, "hex size in pixels (centre to corner) in the PNG, 2 to 64")
	ascii := fs.Bool("ascii", false, "print the map as ASCII art")
	version := buildinfo.VersionFlag(fs)
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return nil
		}
		return fmt.Errorf("%w: %v", errUsage, err)
	}
	if *version {
		fmt.Fprintln(stdout, buildinfo.Version())
		return nil
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("%w: unexpected argument %q", errUsage, fs.Arg(0))
	}
	w, h, err := parseSize(*size)
	if err != nil {
		return fmt.Errorf("%w: -size: %v", errUsage, err)
	}
	if *hexSize < 2 || *hexSize > 64 {
		return fmt.Errorf("%w: -hex %d: must be 2 to 64", errUsage, *hexSize)
	}
	if *ruleset != "erfworld" {
		return fmt.Errorf("%w: -ruleset %q: known rulesets: erfworld", errUsage, *ruleset)
	}
	src, err := rulesfile.OpenSource(*modDir)
	if err != nil {
		return err
	}
	rs, err := erfworld.Load(src)
	if err != nil {
		return err
	}
	res, err := mapgen.Generate(rs.MapConfig(*seed, w, h, *players))
	if err != nil {
		return err
	}

	fmt.Fprintf(stdout, "%s map %dx%d, seed %d, %d players (layout from attempt %d)\n",
		rs.Name, w, h, *seed, *players, res.Attempt+1)
	counts := res.Map.Count(len(rs.Terrain))
	var mix []string
	for i, t := range rs.Terrain {
		mix = append(mix, fmt.Sprintf("%s %d%%", t.Name, counts[i]*100/len(res.Map.Terrain)))
	}
	fmt.Fprintf(stdout, "terrain: %s\n", strings.Join(mix, ", "))
	fmt.Fprintf(stdout, "%-7s %-9s %-19s %-9s %-9s %s\n", "player", "capital", "cities", "land<=5", "territory", "cities border")
	for p, s := range res.Starts {
		var cities, borders []string
		for _, c := range s.Cities {
			cities = append(cities, c.String())
		}
		for _, t := range s.Borders {
			borders = append(borders, rs.Terrain[t].Name)
		}
		fmt.Fprintf(stdout, "%-7d %-9s %-19s %-9d %-9d %s\n", p+1, s.Capital, strings.Join(cities, " "),
			s.LandNear, s.Territory, strings.Join(borders, ", "))
	}
	if len(res.Changed) > 0 {
		var hexes []string
		for _, h := range res.Changed {
			hexes = append(hexes, h.String())
		}
		fmt.Fprintf(stdout, "changed to give starts their resources: %s\n", strings.Join(hexes, " "))
	}
	if *ascii {
		fmt.Fprint(stdout, res.Map.Format(rs.Terrain))
	}
	if *pngPath != "" {
		if err := writePNG(*pngPath, res, rs.Terrain, float64(*hexSize)); err != nil {
			return err
		}
		fmt.Fprintf(stdout, "wrote %s\n", *pngPath)
	}
	return nil
}

// parseSize parses "WIDTHxHEIGHT".
func parseSize(s string) (w, h int, err error) {
	a, b, ok := strings.Cut(strings.ToLower(s), "x")
	if !ok {
		return 0, 0, fmt.Errorf("%q: want WIDTHxHEIGHT, e.g. 64x48", s)
	}
	w, err1 := strconv.Atoi(a)
	h, err2 := strconv.Atoi(b)
	if err1 != nil || err2 != nil {
		return 0, 0, fmt.Errorf("%q: want WIDTHxHEIGHT with whole numbers, e.g. 64x48", s)
	}
	return w, h, nil
}

// writePNG draws the map with its starts into path.
func writePNG(path string, res *mapgen.Result, table rulesfile.TerrainTable, size float64) error {
	colours := mapimage.TerrainColors(table)
	var markers []mapimage.Marker
	for p, s := range res.Starts {
		markers = append(markers, mapimage.Marker{Hex: s.Capital, Player: p, Capital: true})
		for _, c := range s.Cities {
			markers = append(markers, mapimage.Marker{Hex: c, Player: p})
		}
	}
	img := mapimage.RenderAccents(res.Map, colours, mapimage.TerrainAccents(table), markers, size)
	f, err := os.Create(path)
	if err != nil {
		return fmt.Errorf("write map: %w", err)
	}
	if err := png.Encode(f, img); err != nil {
		f.Close()
		return fmt.Errorf("write map %s: %w", path, err)
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("write map %s: %w", path, err)
	}
	return nil
}
