package realip

import (
	"net/http"
	"strings"
	"testing"
)

func TestParseProxies(t *testing.T) {
	for _, tc := range []struct {
		list string
		want string // Proxies.String of the list, or the error's text
		fail bool
	}{
		{list: "", want: ""},
		{list: "   ", want: ""},
		{list: "127.0.0.1", want: "127.0.0.1"},
		{list: " 127.0.0.1 , ::1 ", want: "127.0.0.1,::1"},
		{list: "10.0.0.0/8,fd00::/8", want: "10.0.0.0/8,fd00::/8"},
		{list: "10.1.2.3/8", want: "10.0.0.0/8"},      // host bits cleared
		{list: "::ffff:192.0.2.1", want: "192.0.2.1"}, // a mapped address is the IPv4 one
		{list: "192.0.2.1/32", want: "192.0.2.1"},     // a one-address prefix is that address
		{list: "localhost", fail: true, want: `entry 1 "localhost": not an IP address`},
		{list: "127.0.0.1,,::1", fail: true, want: `entry 2 "": empty`},
		{list: "127.0.0.1,", fail: true, want: `entry 2 "": empty`},
		{list: "10.0.0.0/33", fail: true, want: `entry 1 "10.0.0.0/33": not a CIDR prefix`},
		{list: "0.0.0.0/0", fail: true, want: `entry 1 "0.0.0.0/0": trusts every address`},
		{list: "::/0", fail: true, want: `entry 1 "::/0": trusts every address`},
		{list: "fe80::1%eth0", fail: true, want: `entry 1 "fe80::1%eth0": an IPv6 zone`},
		{list: "::ffff:10.0.0.0/104", fail: true, want: `IPv4-mapped`},
		{list: "127.0.0.1:8080", fail: true, want: `entry 1 "127.0.0.1:8080": not an IP address`},
	} {
		ps, err := ParseProxies(tc.list)
		switch {
		case tc.fail && err == nil:
			t.Errorf("ParseProxies(%q): have %q and no error, want an error with %q", tc.list, ps, tc.want)
		case tc.fail && !strings.Contains(err.Error(), tc.want):
			t.Errorf("ParseProxies(%q): have error %q, want one with %q", tc.list, err, tc.want)
		case !tc.fail && err != nil:
			t.Errorf("ParseProxies(%q): have error %v, want %q", tc.list, err, tc.want)
		case !tc.fail && ps.String() != tc.want:
			t.Errorf("ParseProxies(%q): have %q, want %q", tc.list, ps, tc.want)
		}
	}
}

// TestClient: the rules of Client's doc, one row each. The proxies are a
// loopback proxy, a private network of load balancers and an IPv6 one.
func TestClient(t *testing.T) {
	ps, err := ParseProxies("127.0.0.1, 10.0.0.0/8, 2001:db8:ffff::1")
	if err != nil {
		t.Fatal(err)
	}
	const proxy = "127.0.0.1:50000"
	for _, tc := range []struct {
		name    string
		peer    string
		fwd     []string // Forwarded lines
		xff     []string // X-Forwarded-For lines
		want    string
		wantErr string // "" for none
	}{
		{name: "a peer that is no proxy: its headers are ignored", peer: "198.51.100.9:4000",
			xff: []string{"203.0.113.5"}, fwd: []string{"for=203.0.113.5"}, want: "198.51.100.9:4000"},
		{name: "a proxy without headers: the proxy itself", peer: proxy, want: proxy},
		{name: "X-Forwarded-For of one address", peer: proxy, xff: []string{"203.0.113.5"}, want: "203.0.113.5"},
		{name: "X-Forwarded-For: the client's forged left part is skipped, the rightmost untrusted taken", peer: proxy,
			xff: []string{"1.2.3.4, 203.0.113.5"}, want: "203.0.113.5"},
		{name: "X-Forwarded-For: trusted proxies on the right are walked past", peer: proxy,
			xff: []string{"1.2.3.4, 203.0.113.5, 10.0.0.7, 10.9.9.9"}, want: "203.0.113.5"},
		{name: "X-Forwarded-For over several lines is one list", peer: proxy,
			xff: []string{"1.2.3.4", "203.0.113.5, 10.0.0.7"}, want: "203.0.113.5"},
		{name: "X-Forwarded-For with a port and with IPv6", peer: proxy,
			xff: []string{"203.0.113.5:1234, 2001:db8:1::5"}, want: "2001:db8:1::5"},
		{name: "X-Forwarded-For of a bracketed IPv6 address with a port", peer: proxy,
			xff: []string{"[2001:db8:1::5]:4711"}, want: "[2001:db8:1::5]:4711"},
		{name: "X-Forwarded-For of proxies only: the leftmost", peer: proxy,
			xff: []string{"10.0.0.1, 10.0.0.2"}, want: "10.0.0.1"},
		{name: "an IPv4-mapped IPv6 peer is its IPv4 address", peer: "[::ffff:127.0.0.1]:50000",
			xff: []string{"203.0.113.5"}, want: "203.0.113.5"},
		{name: "an IPv6 proxy", peer: "[2001:db8:ffff::1]:443", xff: []string{"203.0.113.5"}, want: "203.0.113.5"},
		{name: "X-Forwarded-For malformed: the peer", peer: proxy,
			xff: []string{"203.0.113.5, not-an-address"}, want: proxy, wantErr: `"not-an-address" is not an IP address`},
		{name: "X-Forwarded-For ending with an empty entry: the peer", peer: proxy,
			xff: []string{"203.0.113.5, "}, want: proxy, wantErr: "an empty entry"},
		{name: "X-Forwarded-For: what the client wrote left of its address is never read", peer: proxy,
			xff: []string{"<script>,,  junk, 203.0.113.5"}, want: "203.0.113.5"},

		{name: "Forwarded (RFC 7239 section 4 example 1)", peer: proxy,
			fwd: []string{`for="_gazonk"`, `for=192.0.2.60;proto=http;by=203.0.113.43`}, want: "192.0.2.60"},
		{name: "Forwarded: quoted IPv6 with a port", peer: proxy,
			fwd: []string{`For="[2001:db8:cafe::17]:4711"`}, want: "[2001:db8:cafe::17]:4711"},
		{name: "Forwarded: several elements in one line, walked from the right", peer: proxy,
			fwd: []string{`for=1.2.3.4, for=192.0.2.43;proto=https, for="[2001:db8:ffff::1]";by=10.0.0.1`}, want: "192.0.2.43"},
		{name: "Forwarded: parameters in any order, case of the name ignored", peer: proxy,
			fwd: []string{`proto=https;host="play.example.org";FOR=192.0.2.43`}, want: "192.0.2.43"},
		{name: "Forwarded: a quoted by= with a comma inside does not split the element", peer: proxy,
			fwd: []string{`by="a,b";for=192.0.2.43`}, want: "192.0.2.43"},
		{name: "Forwarded: the client hidden as unknown: the peer", peer: proxy,
			fwd: []string{`for=unknown`}, want: proxy, wantErr: `the client is "unknown"`},
		{name: "Forwarded: the client hidden under an obfuscated name: the peer", peer: proxy,
			fwd: []string{`for=192.0.2.1, for=_hidden`}, want: proxy, wantErr: `the client is "_hidden"`},
		{name: "Forwarded: an element without for=: the peer", peer: proxy,
			fwd: []string{`for=192.0.2.1, proto=https`}, want: proxy, wantErr: "no for= parameter"},
		{name: "Forwarded: an unterminated quote: the peer", peer: proxy,
			fwd: []string{`for="[2001:db8::1]`}, want: proxy, wantErr: "without its closing quote"},
		{name: "Forwarded: two for= in one element: the peer", peer: proxy,
			fwd: []string{`for=192.0.2.1;for=192.0.2.2`}, want: proxy, wantErr: "two for= parameters"},
		{name: "Forwarded: what the client wrote left of its address is never read", peer: proxy,
			fwd: []string{`for=junk;;x;for=1, proto=https, for=192.0.2.43`}, want: "192.0.2.43"},
		{name: "Forwarded: no pair: the peer", peer: proxy,
			fwd: []string{`192.0.2.1`}, want: proxy, wantErr: "not a name=value pair"},

		{name: "both headers naming the same client", peer: proxy,
			fwd: []string{`for="192.0.2.43:1000"`}, xff: []string{"192.0.2.43"}, want: "192.0.2.43:1000"},
		{name: "both headers naming different clients (one passed on as the client forged it): the peer", peer: proxy,
			fwd: []string{`for=1.2.3.4`}, xff: []string{"192.0.2.43"}, want: proxy, wantErr: "names client 1.2.3.4 and X-Forwarded-For 192.0.2.43"},
		{name: "a peer that is no address (a unix socket) is no proxy", peer: "@",
			xff: []string{"192.0.2.43"}, want: "@"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h := http.Header{}
			for _, l := range tc.fwd {
				h.Add("Forwarded", l)
			}
			for _, l := range tc.xff {
				h.Add("X-Forwarded-For", l)
			}
			have, err := ps.Client(tc.peer, h)
			if have != tc.want {
				t.Errorf("have %q, want %q", have, tc.want)
			}
			switch {
			case tc.wantErr == "" && err != nil:
				t.Errorf("have error %v, want none", err)
			case tc.wantErr != "" && err == nil:
				t.Errorf("have no error, want one with %q", tc.wantErr)
			case tc.wantErr != "" && !strings.Contains(err.Error(), tc.wantErr):
				t.Errorf("have error %q, want one with %q", err, tc.wantErr)
			}
		})
	}
}

// TestErrorQuotesLittle: an error quotes at most maxQuote bytes of what
// the client sent, however long: it goes into the logs.
func TestErrorQuotesLittle(t *testing.T) {
	ps, err := ParseProxies("127.0.0.1")
	if err != nil {
		t.Fatal(err)
	}
	junk := strings.Repeat("x", 10000)
	for _, h := range []http.Header{
		{"X-Forwarded-For": {junk}},
		{"Forwarded": {"for=" + junk}},
		{"Forwarded": {junk}},
		{"Forwarded": {"for=_" + junk}},
	} {
		_, err := ps.Client("127.0.0.1:1", h)
		if err == nil {
			t.Fatalf("%.40v: no error", h)
		}
		if have, most := len(err.Error()), 4*maxQuote; have > most {
			t.Errorf("%.40v: an error of %d bytes, want at most %d", h, have, most)
		}
	}
}

// TestNoProxies: without proxies every header is ignored.
func TestNoProxies(t *testing.T) {
	h := http.Header{"X-Forwarded-For": {"203.0.113.5"}, "Forwarded": {"for=203.0.113.5"}}
	have, err := Proxies(nil).Client("127.0.0.1:1234", h)
	if want := "127.0.0.1:1234"; have != want || err != nil {
		t.Errorf("have %q, %v; want %q, no error", have, err, want)
	}
}

// FuzzClient: whatever the headers, Client gives the peer or an address
// that parses, and never panics.
func FuzzClient(f *testing.F) {
	f.Add(`for="[2001:db8:cafe::17]:4711", for=192.0.2.1;by=x`, "1.2.3.4, 203.0.113.5")
	f.Add(`for="\"`, ",,")
	ps, err := ParseProxies("127.0.0.1")
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, fwd, xff string) {
		h := http.Header{"Forwarded": {fwd}, "X-Forwarded-For": {xff}}
		have, err := ps.Client("127.0.0.1:1", h)
		if err != nil && have != "127.0.0.1:1" {
			t.Fatalf("error %v with %q, want the peer", err, have)
		}
		if err == nil && have != "127.0.0.1:1" && !hostOf(have).IsValid() {
			t.Fatalf("%q is not an address", have)
		}
	})
}

// BenchmarkClient: what finding the client's address costs a request
// through Caddy (one X-Forwarded-For address) and through two proxies
// writing Forwarded.
func BenchmarkClient(b *testing.B) {
	ps, err := ParseProxies("127.0.0.1, 10.0.0.0/8")
	if err != nil {
		b.Fatal(err)
	}
	for _, bc := range []struct {
		name string
		h    http.Header
	}{
		{"X-Forwarded-For", http.Header{"X-Forwarded-For": {"203.0.113.5"}}},
		{"Forwarded", http.Header{"Forwarded": {`for="[2001:db8:cafe::17]:4711";proto=https, for=10.0.0.2;by=10.0.0.3`}}},
	} {
		b.Run(bc.name, func(b *testing.B) {
			for b.Loop() {
				if _, err := ps.Client("127.0.0.1:50000", bc.h); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
