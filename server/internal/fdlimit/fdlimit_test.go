package fdlimit

import (
	"strings"
	"testing"
)

func TestCheck(t *testing.T) {
	tests := []struct {
		files uint64
		conns int
		want  string // "" no error
	}{
		{0, 100000, ""}, // unknown
		{20000, 10000, ""},
		{10064, 10000, ""},
		{10063, 10000, "may open 10063 files, and 10000 connections need about 10064"},
		{1024, 2000, "raise the hard limit of open files"},
	}
	for _, tt := range tests {
		err := Check(tt.files, tt.conns)
		if (err == nil) != (tt.want == "") || err != nil && !strings.Contains(err.Error(), tt.want) {
			t.Errorf("Check(%d, %d) = %v, want %q", tt.files, tt.conns, err, tt.want)
		}
	}
}

// TestRaise: after Raise the limit in force is the process's hard limit,
// and a second Raise changes nothing.
func TestRaise(t *testing.T) {
	have, err := Raise()
	if err != nil {
		t.Fatal(err)
	}
	again, err := Raise()
	if err != nil || again != have {
		t.Errorf("Raise again: %d, %v; want %d", again, err, have)
	}
}
