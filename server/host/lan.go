package host

import (
	"net"

	"empires/server/lan"
	"empires/shared/protocol"
)

// advertise starts advertising s on the local network (package lan) when
// Config.Advertise is set, with the port of ln and the lobby's current
// counts, and returns the function that stops it. A server that listens on
// loopback only is not advertised: nobody else could connect. Failing to
// advertise is logged, not fatal: the server still serves.
func (s *Server) advertise(ln net.Listener) (stop func()) {
	stop = func() {}
	if !s.cfg.Advertise {
		return stop
	}
	a, ok := ln.Addr().(*net.TCPAddr)
	if !ok {
		s.log.Warn("not advertised on the local network: not a TCP listener", "addr", ln.Addr().String())
		return stop
	}
	if a.IP.IsLoopback() {
		s.log.Info("not advertised on the local network: listening on loopback only", "addr", a.String())
		return stop
	}
	adv, err := lan.Advertise(lan.Config{
		Name:     s.cfg.Name,
		Port:     a.Port,
		Path:     "/ws",
		Version:  protocol.Version,
		Rulesets: s.lobby.Rulesets(),
		Stats: func() lan.Stats {
			return lan.Stats{Games: s.lobby.Stats().Games, OpenSeats: s.lobby.OpenSeats()}
		},
	})
	if err != nil {
		s.log.Warn("not advertised on the local network", "err", err)
		return stop
	}
	s.log.Info("advertised on the local network", "service", lan.Service, "port", a.Port)
	return func() {
		if err := adv.Close(); err != nil {
			s.log.Warn("stop advertising", "err", err)
		}
	}
}
