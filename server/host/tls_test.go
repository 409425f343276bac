package host

import (
	"context"
	"crypto/tls"
	"net"
	"strconv"
	"testing"
	"time"

	"empires/server/internal/testcert"
	"empires/shared/conn"
)

// TestStartTLS: with Config.TLS the server speaks wss:// on its port,
// and Running.URL says so.
func TestStartTLS(t *testing.T) {
	now := time.Now()
	cert, err := testcert.Write(t.TempDir(), now.Add(-time.Hour), now.Add(time.Hour), "127.0.0.1")
	if err != nil {
		t.Fatal(err)
	}
	pair, err := tls.LoadX509KeyPair(cert.CertFile, cert.KeyFile)
	if err != nil {
		t.Fatal(err)
	}
	cfg := testConfig(t)
	cfg.TLS = &tls.Config{Certificates: []tls.Certificate{pair}, NextProtos: []string{"http/1.1"}}
	r, err := Start(cfg, "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer r.Stop()
	port := r.Addr().(*net.TCPAddr).Port
	if want := "wss://127.0.0.1:" + strconv.Itoa(port) + "/ws"; r.URL() != want {
		t.Fatalf("URL %q, want %q", r.URL(), want)
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	c, err := conn.Dial(ctx, conn.Options{URL: r.URL(), Name: "Alice", TLS: &tls.Config{RootCAs: cert.Roots}})
	if err != nil {
		t.Fatalf("dial %s: %v", r.URL(), err)
	}
	if w := c.Welcome(); w == nil || w.Server != "test server" {
		t.Errorf("Welcome %+v over wss://, want the test server's", w)
	}
	c.Close()
	<-c.Done()
}
