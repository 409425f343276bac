#!/usr/bin/env bash
# netns-load.sh runs the load tool (server/cmd/load) against a dedicated server, each in
# its own network namespace, the two joined by a veth pair: the clients reach the server
# over a network interface rather than loopback, and the server's CPU time and memory are
# measured from /proc (the namespaces share the process table). Run it as root (network
# namespaces need CAP_SYS_ADMIN) from the repository's root; the arguments go to the load
# tool, which gets -addr and -server-pid from the script.
#
#   sudo scripts/netns-load.sh -games 250 -seats 8 -size 32x32 -timer 10 -turns 100000 \
#       -duration 60s -clients passive -think 2s
#
# It builds the server and the load tool into a temporary directory, makes the
# namespaces empires-srv (10.77.0.1) and empires-cli (10.77.0.2), and removes them, and
# stops the server, when it ends. SERVER_FLAGS adds flags to the server (-data DIR, say).
set -euo pipefail

if [[ $(id -u) != 0 ]]; then
	echo "netns-load.sh: network namespaces need root: run it with sudo" >&2
	exit 1
fi
srv_ns=empires-srv
cli_ns=empires-cli
srv_ip=10.77.0.1
cli_ip=10.77.0.2
port=7777

tmp=$(mktemp -d)
server_pid=
cleanup() {
	if [[ -n $server_pid ]]; then
		kill "$server_pid" 2>/dev/null || true
		wait "$server_pid" 2>/dev/null || true
	fi
	ip netns del "$srv_ns" 2>/dev/null || true
	ip netns del "$cli_ns" 2>/dev/null || true
	rm -rf "$tmp"
}
trap cleanup EXIT

go build -o "$tmp/server" ./server
go build -o "$tmp/load" ./server/cmd/load

ip netns add "$srv_ns"
ip netns add "$cli_ns"
ip link add veth-srv type veth peer name veth-cli
ip link set veth-srv netns "$srv_ns"
ip link set veth-cli netns "$cli_ns"
ip -n "$srv_ns" addr add "$srv_ip/24" dev veth-srv
ip -n "$cli_ns" addr add "$cli_ip/24" dev veth-cli
for ns in "$srv_ns" "$cli_ns"; do
	ip -n "$ns" link set lo up
done
ip -n "$srv_ns" link set veth-srv up
ip -n "$cli_ns" link set veth-cli up

# Room for every client: thousands of connections and games, all from one address.
# shellcheck disable=SC2086 # SERVER_FLAGS is a list of flags
ip netns exec "$srv_ns" "$tmp/server" -addr "$srv_ip:$port" -max-conns 20000 -max-games 5000 \
	-games-per-addr 0 -conns-per-addr 0 -read-buffers-per-addr 0 -log-level warn ${SERVER_FLAGS:-} &
server_pid=$!
for _ in $(seq 100); do
	if ip netns exec "$cli_ns" bash -c "exec 3<>/dev/tcp/$srv_ip/$port" 2>/dev/null; then
		break
	fi
	sleep 0.1
done
ip netns exec "$cli_ns" "$tmp/load" -addr "$srv_ip:$port" -server-pid "$server_pid" "$@"
