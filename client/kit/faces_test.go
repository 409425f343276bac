package kit

import "testing"

// TestFaces: a size is rounded to a whole pixel, bold and regular are
// two faces, and a face asked for again is the one made before.
func TestFaces(t *testing.T) {
	f, err := NewFaces()
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name     string
		size     float64
		bold     bool
		wantSize float64
	}{
		{"a whole size", 12, false, 12},
		{"rounded down", 12.4, false, 12},
		{"rounded up", 12.5, false, 13},
		{"bold", 12, true, 12},
	}
	for _, tt := range tests {
		fc := f.Face(tt.size, tt.bold)
		if fc.Size != tt.wantSize {
			t.Errorf("%s: Face(%v, %v) is %v pixels, want %v", tt.name, tt.size, tt.bold, fc.Size, tt.wantSize)
		}
		if f.Face(tt.wantSize, tt.bold) != fc {
			t.Errorf("%s: the face of %v pixels was made again", tt.name, tt.wantSize)
		}
		if other := f.Face(tt.size, !tt.bold); other.Source == fc.Source {
			t.Errorf("%s: bold and regular share a font", tt.name)
		}
	}
}
