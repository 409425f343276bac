package wsconn

import "testing"

func TestAddressKey(t *testing.T) {
	tests := []struct {
		have, want string
	}{
		{"192.0.2.1:4567", "192.0.2.1"},
		{"[2001:db8::1]:4567", "2001:db8::/64"},
		{"[2001:db8:0:0:ffff::1]:1", "2001:db8::/64"},
		{"[::ffff:192.0.2.1]:4567", "192.0.2.1"},
		{"[fe80::1%eth0]:4567", "fe80::/64"},
		{"192.0.2.1", "192.0.2.1"},
		{"", ""},
		{"pipe", ""},
	}
	for _, tt := range tests {
		if have := AddressKey(tt.have); have != tt.want {
			t.Errorf("AddressKey(%q): have %q, want %q", tt.have, have, tt.want)
		}
	}
}
