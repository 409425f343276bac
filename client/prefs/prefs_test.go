package prefs

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestDefaultFor(t *testing.T) {
	tests := []struct {
		user string
		want string
	}{
		{"alice", "alice"},
		{"Zoë", "Zoë"},
		{"", DefaultName},
		{" bob", DefaultName},
		{"a-very-long-login-name-of-thirty", DefaultName},
		{"tab\there", DefaultName},
	}
	for _, tt := range tests {
		have := defaultFor(tt.user)
		if have.Name != tt.want {
			t.Errorf("defaultFor(%q).Name = %q, want %q", tt.user, have.Name, tt.want)
		}
		if err := have.Validate(); err != nil {
			t.Errorf("defaultFor(%q) is invalid: %v", tt.user, err)
		}
	}
}

func TestValidate(t *testing.T) {
	good := defaultFor("alice")
	tests := []struct {
		name    string
		edit    func(p *Prefs)
		wantErr string // "" for valid
	}{
		{"default", func(p *Prefs) {}, ""},
		{"every speed", func(p *Prefs) { p.AnimSpeed = AnimOff }, ""},
		{"IPv6 address", func(p *Prefs) { p.Address = "[::1]:7777" }, ""},
		{"IP address", func(p *Prefs) { p.Address = "192.168.1.20:7000" }, ""},
		{"wss URL", func(p *Prefs) { p.Address = "wss://empires.example.org" }, ""},
		{"wss URL with port and path", func(p *Prefs) { p.Address = "wss://empires.example.org:8443/ws" }, ""},
		{"ws URL", func(p *Prefs) { p.Address = "ws://192.168.1.20:7777/ws" }, ""},
		{"ws URL without port", func(p *Prefs) { p.Address = "ws://example.org" }, "a ws:// address needs its port"},
		{"https URL", func(p *Prefs) { p.Address = "https://example.org" }, "https:// is not a websocket scheme"},
		{"wss URL without host", func(p *Prefs) { p.Address = "wss://:443" }, "no host"},
		{"wss URL with a user", func(p *Prefs) { p.Address = "wss://ann:pw@example.org" }, "a user name or password does not belong in it"},
		{"wss URL with a bad port", func(p *Prefs) { p.Address = "wss://example.org:0" }, "the port must be 1 to 65535"},
		{"empty name", func(p *Prefs) { p.Name = "" }, "no name"},
		{"name with spaces around", func(p *Prefs) { p.Name = " alice " }, "starts or ends with a space"},
		{"name too long", func(p *Prefs) { p.Name = strings.Repeat("x", 25) }, "must be 1 to 24"},
		{"no port", func(p *Prefs) { p.Address = "localhost" }, `server address "localhost"`},
		{"no host", func(p *Prefs) { p.Address = ":7777" }, "want host:port"},
		{"port zero", func(p *Prefs) { p.Address = "localhost:0" }, "want host:port"},
		{"port too big", func(p *Prefs) { p.Address = "localhost:65536" }, "want host:port"},
		{"port not a number", func(p *Prefs) { p.Address = "localhost:http" }, "want host:port"},
		{"unknown speed", func(p *Prefs) { p.AnimSpeed = "warp" }, `animation speed "warp"`},
		{"empty speed", func(p *Prefs) { p.AnimSpeed = "" }, "animation speed"},
		{"fullscreen", func(p *Prefs) { p.Fullscreen = true }, ""},
		{"every scale", func(p *Prefs) { p.UIScale = 200 }, ""},
		{"scale between two", func(p *Prefs) { p.UIScale = 110 }, "interface scale 110%: want one of 100, 125, 150, 200"},
		{"scale zero", func(p *Prefs) { p.UIScale = 0 }, "interface scale 0%"},
		{"scale negative", func(p *Prefs) { p.UIScale = -100 }, "interface scale -100%"},
		{"a last map size", func(p *Prefs) { p.MapWidth, p.MapHeight = 32, 24 }, ""},
		{"a map too narrow", func(p *Prefs) { p.MapWidth, p.MapHeight = 8, 24 }, "last map size 8x24: want each side from 16 to 512, or both 0"},
		{"a map side missing", func(p *Prefs) { p.MapWidth = 32 }, "last map size 32x0"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := good
			tt.edit(&p)
			err := p.Validate()
			switch {
			case tt.wantErr == "" && err != nil:
				t.Errorf("Validate() = %v, want nil", err)
			case tt.wantErr != "" && err == nil:
				t.Errorf("Validate() = nil, want an error with %q", tt.wantErr)
			case tt.wantErr != "" && !strings.Contains(err.Error(), tt.wantErr):
				t.Errorf("Validate() = %q, want it to contain %q", err, tt.wantErr)
			}
		})
	}
}

func TestLoadMissing(t *testing.T) {
	have, err := Load(t.TempDir())
	if err != nil {
		t.Fatalf("Load of an empty directory: %v", err)
	}
	if want := Default(); have != want {
		t.Errorf("Load of an empty directory = %+v, want the default %+v", have, want)
	}
}

func TestSaveLoad(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "config", "empires") // Save creates it
	want := Prefs{Name: "Ansom", Address: "gobwin.example:7777", Grid: false, AnimSpeed: AnimFast, EdgePan: true,
		Fullscreen: true, UIScale: 150, MapWidth: 32, MapHeight: 24, ColourBlind: true}
	if err := Save(dir, want); err != nil {
		t.Fatalf("Save: %v", err)
	}
	have, err := Load(dir)
	if err != nil {
		t.Fatalf("Load: %v", err)
	}
	if have != want {
		t.Errorf("Load after Save = %+v, want %+v", have, want)
	}

	// Saving again replaces the file and leaves no temporary file behind.
	want.Name = "Parson"
	if err := Save(dir, want); err != nil {
		t.Fatalf("second Save: %v", err)
	}
	if have, _ := Load(dir); have != want {
		t.Errorf("Load after the second Save = %+v, want %+v", have, want)
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(entries) != 1 || entries[0].Name() != FileName {
		var names []string
		for _, e := range entries {
			names = append(names, e.Name())
		}
		t.Errorf("directory holds %v, want only %s", names, FileName)
	}
}

func TestSaveRefusesInvalid(t *testing.T) {
	dir := t.TempDir()
	p := defaultFor("alice")
	p.Address = "nowhere"
	if err := Save(dir, p); err == nil || !strings.Contains(err.Error(), "server address") {
		t.Errorf("Save of a bad address = %v, want a server address error", err)
	}
	if _, err := os.Stat(filepath.Join(dir, FileName)); !os.IsNotExist(err) {
		t.Errorf("Save of invalid preferences wrote a file (stat: %v)", err)
	}
}

func TestLoadFile(t *testing.T) {
	def := Default()
	tests := []struct {
		name    string
		file    string
		want    Prefs
		wantErr []string // substrings of the error; nil for no error
	}{
		{
			name: "whole file",
			file: "name = \"Stanley\"\naddress = \"10.0.0.2:7777\"\ngrid = false\nanim_speed = \"slow\"\nedge_pan = true\n" +
				"fullscreen = true\nui_scale = 125\nmap_width = 64\nmap_height = 48\nhints = false\ncolour_blind = true\n",
			want: Prefs{Name: "Stanley", Address: "10.0.0.2:7777", Grid: false, AnimSpeed: AnimSlow, EdgePan: true,
				Fullscreen: true, UIScale: 125, MapWidth: 64, MapHeight: 48, Hints: false, ColourBlind: true},
		},
		{
			// A file written before fullscreen, ui_scale, hints and
			// colour_blind existed: the first-turn hints are shown, the
			// standard colours.
			name: "file of an older version",
			file: "# Empires preferences, written by the game.\nname = \"Stanley\"\naddress = \"10.0.0.2:7777\"\n" +
				"grid = false\nanim_speed = \"slow\"\nedge_pan = true\n",
			want: Prefs{Name: "Stanley", Address: "10.0.0.2:7777", Grid: false, AnimSpeed: AnimSlow, EdgePan: true,
				Fullscreen: false, UIScale: DefaultUIScale, Hints: true},
		},
		{
			name: "missing keys keep their defaults",
			file: "name = \"Stanley\"\n",
			want: Prefs{Name: "Stanley", Address: def.Address, Grid: def.Grid, AnimSpeed: def.AnimSpeed, EdgePan: def.EdgePan,
				Fullscreen: def.Fullscreen, UIScale: def.UIScale, Hints: def.Hints},
		},
		{
			name: "unknown keys are ignored",
			file: "name = \"Stanley\"\nvolume = 7\n",
			want: Prefs{Name: "Stanley", Address: def.Address, Grid: def.Grid, AnimSpeed: def.AnimSpeed, EdgePan: def.EdgePan,
				Fullscreen: def.Fullscreen, UIScale: def.UIScale, Hints: def.Hints},
		},
		{
			name:    "unknown interface scale",
			file:    "name = \"Stanley\"\nui_scale = 175\n",
			want:    def,
			wantErr: []string{FileName, "interface scale 175%: want one of 100, 125, 150, 200"},
		},
		{
			name:    "interface scale not a number",
			file:    "name = \"Stanley\"\nui_scale = \"large\"\n",
			want:    def,
			wantErr: []string{FileName, "line 2", "ui_scale"},
		},
		{
			name:    "syntax error",
			file:    "name = \"Stanley\"\ngrid = \n",
			want:    def,
			wantErr: []string{FileName, "line 2"},
		},
		{
			name:    "wrong type",
			file:    "name = \"Stanley\"\n\ngrid = \"yes\"\n",
			want:    def,
			wantErr: []string{FileName, "line 3"},
		},
		{
			name:    "invalid value",
			file:    "name = \"\"\n",
			want:    def,
			wantErr: []string{FileName, "no name"},
		},
		{
			name:    "not TOML at all",
			file:    "\x00\x01binary",
			want:    def,
			wantErr: []string{FileName, "line 1"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			if err := os.WriteFile(filepath.Join(dir, FileName), []byte(tt.file), 0o644); err != nil {
				t.Fatal(err)
			}
			have, err := Load(dir)
			if have != tt.want {
				t.Errorf("Load = %+v, want %+v", have, tt.want)
			}
			if tt.wantErr == nil {
				if err != nil {
					t.Errorf("Load error = %v, want nil", err)
				}
				return
			}
			if err == nil {
				t.Fatalf("Load error = nil, want one containing %q", tt.wantErr)
			}
			for _, s := range tt.wantErr {
				if !strings.Contains(err.Error(), s) {
					t.Errorf("Load error = %q, want it to contain %q", err, s)
				}
			}
		})
	}
}

func TestDir(t *testing.T) {
	t.Setenv("XDG_CONFIG_HOME", "/somewhere/config")
	t.Setenv("HOME", "/somewhere/home")
	t.Setenv("AppData", "/somewhere/appdata")
	dir, err := Dir()
	if err != nil {
		t.Fatalf("Dir: %v", err)
	}
	if filepath.Base(dir) != "empires" {
		t.Errorf("Dir() = %q, want a directory named empires", dir)
	}
}

// TestStepSeconds checks the animation speeds of the Settings screen.
func TestStepSeconds(t *testing.T) {
	tests := []struct {
		have string
		want float64
	}{
		{AnimOff, 0}, {AnimSlow, 0.7}, {AnimNormal, 0.35}, {AnimFast, 0.18}, {"", 0.35},
	}
	for _, tt := range tests {
		if got := StepSeconds(tt.have); got != tt.want {
			t.Errorf("StepSeconds(%q) = %v, want %v", tt.have, got, tt.want)
		}
	}
}
