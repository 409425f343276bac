package lan

import (
	"fmt"
	"io"
	"log"
	"net"
	"os"
	"strconv"
	"sync/atomic"

	"github.com/hashicorp/mdns"
	"github.com/miekg/dns"

	"empires/shared/protocol"
)

// Config says what a server advertises.
type Config struct {
	// Name is the server's name; Port the port of its websocket endpoint
	// (required) and Path its path (empty means DefaultPath).
	Name string
	Port int
	Path string
	// Version is the protocol version the server speaks; 0 means
	// protocol.Version.
	Version int
	// Rulesets are the rulesets its games may play, the default first.
	Rulesets []string
	// Stats, if not nil, returns the current counts; it is called for
	// each query, from another goroutine, and must not block.
	Stats func() Stats
}

// Advertiser answers the queries for Empires servers on the local network
// with one server's Info until Close.
type Advertiser struct {
	srv  *mdns.Server
	zone *zone
}

// Advertise starts answering the local network's queries for Empires
// servers with cfg, on the multicast DNS port of the default multicast
// interface. It fails if that port cannot be listened on.
func Advertise(cfg Config) (*Advertiser, error) {
	if cfg.Port <= 0 || cfg.Port > 65535 {
		return nil, fmt.Errorf("advertise: port %d", cfg.Port)
	}
	if cfg.Path == "" {
		cfg.Path = DefaultPath
	}
	if cfg.Version == 0 {
		cfg.Version = protocol.Version
	}
	z := &zone{cfg: cfg, ips: localIPs()}
	z.instance = label(cfg.Name, 40)
	if z.instance == "" {
		z.instance = "empires"
	}
	z.instance += "-" + strconv.Itoa(cfg.Port)
	host, _ := os.Hostname() // empty on error
	if host = label(host, 60); host == "" {
		host = z.instance
	}
	z.host = host + "." + domain
	// Check the records once: NewMDNSService refuses what it cannot serve.
	if _, err := z.service(); err != nil {
		return nil, fmt.Errorf("advertise: %w", err)
	}
	srv, err := mdns.NewServer(&mdns.Config{Zone: z, Logger: log.New(io.Discard, "", 0)})
	if err != nil {
		return nil, fmt.Errorf("advertise on the local network: %w", err)
	}
	return &Advertiser{srv: srv, zone: z}, nil
}

// Close stops answering queries. Close may be called more than once.
func (a *Advertiser) Close() error {
	a.zone.closed.Store(true)
	return a.srv.Shutdown()
}

// zone is the multicast DNS records of one server, with its current
// Stats. Its methods may be called from any goroutine.
type zone struct {
	cfg      Config
	instance string   // the DNS-SD instance: a label
	host     string   // the SRV record's target
	ips      []net.IP // the host's A and AAAA records
	closed   atomic.Bool
}

// Records implements mdns.Zone: the records answering q, none once the
// advertiser is closed.
func (z *zone) Records(q dns.Question) []dns.RR {
	if z.closed.Load() {
		return nil
	}
	s, err := z.service()
	if err != nil {
		return nil
	}
	return s.Records(q)
}

// service returns the server's records with its current Stats.
func (z *zone) service() (*mdns.MDNSService, error) {
	info := Info{Name: z.cfg.Name, Port: z.cfg.Port, Path: z.cfg.Path, Version: z.cfg.Version, Rulesets: z.cfg.Rulesets}
	if z.cfg.Stats != nil {
		info.Stats = z.cfg.Stats()
	}
	return mdns.NewMDNSService(z.instance, Service, domain, z.host, z.cfg.Port, z.ips, info.txt())
}

// localIPs returns the addresses of the interfaces that are up, loopback
// and link-local addresses left out; only 127.0.0.1 if there are none. A
// browse takes the address an answer came from: these are for other
// multicast DNS browsers.
func localIPs() []net.IP {
	var ips []net.IP
	ifaces, _ := net.Interfaces() // none on error
	for _, ifi := range ifaces {
		if ifi.Flags&net.FlagUp == 0 || ifi.Flags&net.FlagLoopback != 0 {
			continue
		}
		addrs, err := ifi.Addrs()
		if err != nil {
			continue
		}
		for _, a := range addrs {
			if n, ok := a.(*net.IPNet); ok && n.IP.IsGlobalUnicast() {
				ips = append(ips, n.IP)
			}
		}
	}
	if len(ips) == 0 {
		ips = []net.IP{net.IPv4(127, 0, 0, 1)}
	}
	return ips
}
