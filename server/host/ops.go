package host

import (
	"fmt"
	"net/http"
	"net/netip"
	"strings"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"empires/server/lobby"
	"empires/server/match"
	"empires/server/wsconn"
	"empires/shared/buildinfo"
)

// Names of the server's metrics, in the Prometheus text format at GET
// /metrics (with the Go runtime's go_* and the process's process_*).
const (
	MetricConnectionsOpen  = "empires_connections_open"
	MetricConnectionsTotal = "empires_connections_total"
	MetricGames            = "empires_games" // label state: lobby, running or over
	MetricTurnsResolved    = "empires_turns_resolved_total"
	MetricTurnSeconds      = "empires_turn_resolution_seconds"
	MetricActionsPlayed    = "empires_actions_played_total"
	MetricActionSeconds    = "empires_action_seconds"
	MetricActionsRefused   = "empires_actions_refused_total"
	MetricBytesSent        = "empires_bytes_sent_total"
	MetricMessagesSent     = "empires_messages_sent_total"
	MetricOrdersAccepted   = "empires_orders_accepted_total"
	MetricOrdersRejected   = "empires_orders_rejected_total"
	MetricRateLimited      = "empires_rate_limited_messages_total"
	MetricAITakeovers      = "empires_ai_takeovers_total"
	MetricBuildInfo        = "empires_build_info" // label version: buildinfo.Version; always 1
)

// metrics are a server's metrics, in a registry of the server's own. They
// are the Observer of its connections, its lobby and its matches; their
// methods may be called from any goroutine.
type metrics struct {
	reg *prometheus.Registry

	connsTotal     prometheus.Counter
	turns          prometheus.Counter
	turnSeconds    prometheus.Histogram
	actions        prometheus.Counter
	actionSeconds  prometheus.Histogram
	actsRefused    prometheus.Counter
	bytesSent      prometheus.Counter
	messagesSent   prometheus.Counter
	ordersAccepted prometheus.Counter
	ordersRejected prometheus.Counter
	rateLimited    prometheus.Counter
	takeovers      prometheus.Counter
}

var (
	_ wsconn.Observer = (*metrics)(nil)
	_ lobby.Observer  = (*metrics)(nil)
	_ match.Observer  = (*metrics)(nil)
)

// newMetrics returns the server's counters, registered with the Go runtime's
// and the process's collectors in a new registry. The gauges that read the
// server's state are registered by routeOps.
func newMetrics() *metrics {
	counter := func(name, help string) prometheus.Counter {
		return prometheus.NewCounter(prometheus.CounterOpts{Name: name, Help: help})
	}
	m := &metrics{
		reg:        prometheus.NewRegistry(),
		connsTotal: counter(MetricConnectionsTotal, "Websocket connections accepted since the server started."),
		turns:      counter(MetricTurnsResolved, "Simultaneous steps resolved (every player's orders at once), in every game."),
		turnSeconds: prometheus.NewHistogram(prometheus.HistogramOpts{
			Name:    MetricTurnSeconds,
			Help:    "Time to resolve a turn: the rules and saving the turn (the views and deltas sent after are not in it).",
			Buckets: []float64{.001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5},
		}),
		actions: counter(MetricActionsPlayed,
			"Actions of interactive and concurrent steps applied (people's, the AI's and the rules' defaults), in every game."),
		actionSeconds: prometheus.NewHistogram(prometheus.HistogramOpts{
			Name:    MetricActionSeconds,
			Help:    "Time to apply an action: the rules and saving it (the views and deltas sent after are not in it).",
			Buckets: []float64{.0001, .00025, .0005, .001, .0025, .005, .01, .025, .05, .1, .25, 1},
		}),
		actsRefused:    counter(MetricActionsRefused, "Actions players sent that the game refused with a reason."),
		bytesSent:      counter(MetricBytesSent, "Bytes of the frames written to clients."),
		messagesSent:   counter(MetricMessagesSent, "Messages written to clients."),
		ordersAccepted: counter(MetricOrdersAccepted, "Orders players submitted that were accepted."),
		ordersRejected: counter(MetricOrdersRejected, "Orders players submitted that were refused with a reason."),
		rateLimited:    counter(MetricRateLimited, "Client messages refused for going over the rate limit."),
		takeovers:      counter(MetricAITakeovers, "Human seats the AI took over from players who missed too many steps."),
	}
	m.reg.MustRegister(m.connsTotal, m.turns, m.turnSeconds, m.actions, m.actionSeconds, m.actsRefused, m.bytesSent, m.messagesSent,
		m.ordersAccepted, m.ordersRejected, m.rateLimited, m.takeovers, buildInfo(),
		collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	return m
}

// buildInfo is the gauge that tells the server's build: 1, labelled with
// the version.
func buildInfo() prometheus.Collector {
	g := prometheus.NewGaugeVec(prometheus.GaugeOpts{Name: MetricBuildInfo,
		Help: "The server's build: always 1, labelled with its version (the git tag or commit it was built from)."},
		[]string{"version"})
	g.WithLabelValues(buildinfo.Version()).Set(1)
	return g
}

// Sent implements wsconn.Observer.
func (m *metrics) Sent(bytes int) {
	m.messagesSent.Inc()
	m.bytesSent.Add(float64(bytes))
}

// RateLimited implements wsconn.Observer.
func (m *metrics) RateLimited() { m.rateLimited.Inc() }

// OrdersChecked implements lobby.Observer.
func (m *metrics) OrdersChecked(accepted, rejected int) {
	m.ordersAccepted.Add(float64(accepted))
	m.ordersRejected.Add(float64(rejected))
}

// ActChecked implements lobby.Observer.
func (m *metrics) ActChecked(accepted bool) {
	if !accepted {
		m.actsRefused.Inc()
	}
}

// TurnResolved implements match.Observer.
func (m *metrics) TurnResolved(took time.Duration) {
	m.turns.Inc()
	m.turnSeconds.Observe(took.Seconds())
}

// ActionPlayed implements match.Observer.
func (m *metrics) ActionPlayed(took time.Duration) {
	m.actions.Inc()
	m.actionSeconds.Observe(took.Seconds())
}

// AITookOver implements match.Observer.
func (m *metrics) AITookOver() { m.takeovers.Inc() }

// gamesCollector reports the lobby's games by state when scraped.
type gamesCollector struct {
	lobby *lobby.Lobby
	desc  *prometheus.Desc
}

func newGamesCollector(lb *lobby.Lobby) *gamesCollector {
	return &gamesCollector{lobby: lb, desc: prometheus.NewDesc(MetricGames,
		"Games the server holds, by state: lobby (not started), running or over.", []string{"state"}, nil)}
}

// Describe implements prometheus.Collector.
func (c *gamesCollector) Describe(ch chan<- *prometheus.Desc) { ch <- c.desc }

// Collect implements prometheus.Collector.
func (c *gamesCollector) Collect(ch chan<- prometheus.Metric) {
	n := c.lobby.Counts()
	for _, g := range []struct {
		state lobby.GameState
		n     int
	}{{lobby.GameOpen, n.Open}, {lobby.GameRunning, n.Running}, {lobby.GameOver, n.Over}} {
		ch <- prometheus.MustNewConstMetric(c.desc, prometheus.GaugeValue, float64(g.n), string(g.state))
	}
}

// openConns returns the number of connections being served.
func (s *Server) openConns() float64 {
	s.mu.Lock()
	defer s.mu.Unlock()
	return float64(len(s.conns))
}

// routeOps registers the gauges that read the server's state, and the
// operations' endpoints: GET /metrics always (to the addresses of
// Config.MetricsAllow if set), and when Config.AdminToken is
// set the admin's (see routeAdmin). Without a token /admin answers 404.
func (s *Server) routeOps() {
	s.metrics.reg.MustRegister(
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: MetricConnectionsOpen,
			Help: "Websocket connections being served."}, s.openConns),
		newGamesCollector(s.lobby))
	s.mux.Handle("GET /metrics", s.metricsAllowed(promhttp.HandlerFor(s.metrics.reg, promhttp.HandlerOpts{
		ErrorLog: slogPrinter{s}, Registry: s.metrics.reg})))
	if s.cfg.AdminToken != "" {
		s.routeAdmin()
	}
}

// slogPrinter logs the metrics handler's errors to the server's logger.
type slogPrinter struct{ s *Server }

// Println implements promhttp.Logger.
func (p slogPrinter) Println(v ...any) { p.s.log.Warn("metrics", "err", v) }

// metricsAllowed wraps h in the check of Config.MetricsAllow: a client
// whose address is in none of its prefixes gets 403.
func (s *Server) metricsAllowed(h http.Handler) http.Handler {
	if len(s.cfg.MetricsAllow) == 0 {
		return h
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		remote := s.clientAddr(r)
		if !allowed(s.cfg.MetricsAllow, remote) {
			s.log.Warn("metrics refused: address not in -metrics-allow", "remote", remote)
			http.Error(w, "forbidden: the metrics are open to the server's allowed addresses only", http.StatusForbidden)
			return
		}
		h.ServeHTTP(w, r)
	})
}

// allowed reports whether remote ("host:port" or an address) is in one of
// the prefixes.
func allowed(prefixes []netip.Prefix, remote string) bool {
	var a netip.Addr
	if ap, err := netip.ParseAddrPort(remote); err == nil {
		a = ap.Addr()
	} else if a, err = netip.ParseAddr(remote); err != nil {
		return false
	}
	a = a.Unmap().WithZone("")
	for _, p := range prefixes {
		if p.Contains(a) {
			return true
		}
	}
	return false
}

// ParseAllowList parses a list of addresses and CIDR prefixes separated by
// commas (and spaces), as "127.0.0.1, 10.0.0.0/8, ::1": an address stands
// for itself alone. An empty list gives nil. The error names the entry
// that is neither.
func ParseAllowList(list string) ([]netip.Prefix, error) {
	var out []netip.Prefix
	for _, f := range strings.FieldsFunc(list, func(r rune) bool { return r == ',' || r == ' ' || r == '\t' }) {
		if strings.Contains(f, "/") {
			p, err := netip.ParsePrefix(f)
			if err != nil {
				return nil, fmt.Errorf("%q is not an address or a CIDR prefix (like 10.0.0.5 or 10.0.0.0/8): %w", f, err)
			}
			out = append(out, p.Masked())
			continue
		}
		a, err := netip.ParseAddr(f)
		if err != nil {
			return nil, fmt.Errorf("%q is not an address or a CIDR prefix (like 10.0.0.5 or 10.0.0.0/8)", f)
		}
		a = a.Unmap().WithZone("")
		out = append(out, netip.PrefixFrom(a, a.BitLen()))
	}
	return out, nil
}
