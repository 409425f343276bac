package realip

import (
	"net/http"
	"testing"
)

// TestHTTPS: only a trusted proxy's last word on the scheme counts.
func TestHTTPS(t *testing.T) {
	ps, err := ParseProxies("127.0.0.1,10.0.0.0/8")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name   string
		peer   string
		header map[string][]string
		want   bool
	}{
		{"proxy, X-Forwarded-Proto https", "127.0.0.1:5000", map[string][]string{"X-Forwarded-Proto": {"https"}}, true},
		{"proxy, X-Forwarded-Proto http", "127.0.0.1:5000", map[string][]string{"X-Forwarded-Proto": {"http"}}, false},
		{"proxy, the last of a list", "10.1.2.3:5000", map[string][]string{"X-Forwarded-Proto": {"https, http"}}, false},
		{"proxy, the last of a list, https", "10.1.2.3:5000", map[string][]string{"X-Forwarded-Proto": {"http", "https"}}, true},
		{"proxy, Forwarded proto=https", "127.0.0.1:5000", map[string][]string{"Forwarded": {`for=192.0.2.60;proto=https`}}, true},
		{"proxy, Forwarded's last element says http", "127.0.0.1:5000", map[string][]string{"Forwarded": {`for=192.0.2.60;proto=https, for=10.0.0.2;proto=http`}}, false},
		{"proxy, Forwarded without proto, X-Forwarded-Proto https", "127.0.0.1:5000", map[string][]string{"Forwarded": {`for=192.0.2.60`}, "X-Forwarded-Proto": {"https"}}, true},
		{"proxy, no header", "127.0.0.1:5000", nil, false},
		{"not a proxy, X-Forwarded-Proto https", "192.0.2.9:5000", map[string][]string{"X-Forwarded-Proto": {"https"}}, false},
		{"not a proxy, Forwarded proto=https", "192.0.2.9:5000", map[string][]string{"Forwarded": {"for=192.0.2.9;proto=https"}}, false},
	} {
		h := http.Header{}
		for k, vs := range tc.header {
			for _, v := range vs {
				h.Add(k, v)
			}
		}
		if have := ps.HTTPS(tc.peer, h); have != tc.want {
			t.Errorf("%s: HTTPS = %v, want %v", tc.name, have, tc.want)
		}
	}
	if (Proxies{}).HTTPS("127.0.0.1:5000", http.Header{"X-Forwarded-Proto": {"https"}}) {
		t.Error("with no proxies trusted, a header made the request HTTPS")
	}
}
