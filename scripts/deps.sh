#!/usr/bin/env bash
# deps.sh installs the Debian packages that `make run` or `make test` needs beyond Go,
# and only those that are missing. It is idempotent: on a machine that has everything
# it prints nothing and changes nothing.
#
#   scripts/deps.sh run    # what the desktop client needs at run time (GL, X11)
#   scripts/deps.sh test   # the above, plus gcc for the race detector and Xvfb for the
#                          # client tests
#
# As root it runs apt-get itself; otherwise it uses sudo when sudo works without a
# password prompt, and else prints the exact line to run and fails.
set -euo pipefail

mode=${1:-test}

# The client (Ebitengine v2.10, built without cgo) loads these libraries at run time,
# and runs xclip for the clipboard of its text fields (Ctrl+C, Ctrl+V).
run_pkgs=(libgl1 libgl1-mesa-dri libx11-6 libxrandr2 libxcursor1 libxinerama1 libxi6 libxxf86vm1 xclip)
# The tests add the C toolchain for `go test -race`, a virtual X server, xdotool,
# which moves the pointer and presses keys in the client tests, systemd-analyze
# (package systemd), which verifies the host's units, and ip (iproute2), which
# makes the network namespaces of the LAN tests. Under CI a test whose tool is
# missing fails (internal/skip), so every one is here.
test_pkgs=(gcc libc6-dev xvfb xauth xdotool systemd iproute2)

case "$mode" in
run) want=("${run_pkgs[@]}") ;;
test) want=("${run_pkgs[@]}" "${test_pkgs[@]}") ;;
*)
	echo "deps.sh: unknown mode \"$mode\" (want run or test)" >&2
	exit 2
	;;
esac

if ! command -v go >/dev/null 2>&1; then
	echo "deps.sh: Go is not installed; install Go 1.25 or later from https://go.dev/dl/ and put it on PATH" >&2
	exit 1
fi

if ! command -v dpkg-query >/dev/null 2>&1; then
	echo "deps.sh: not a Debian-like system; make sure these are installed: ${want[*]}" >&2
	exit 0
fi

missing=()
for p in "${want[@]}"; do
	status=$(dpkg-query -W -f='${db:Status-Status}' "$p" 2>/dev/null || true)
	[ "$status" = installed ] || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0

line="apt-get update && apt-get install -y --no-install-recommends ${missing[*]}"
if [ "$(id -u)" -eq 0 ]; then
	sudo=()
elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
	sudo=(sudo)
else
	echo "deps.sh: missing packages: ${missing[*]}" >&2
	echo "deps.sh: install them with: sudo sh -c '$line'" >&2
	exit 1
fi

echo "deps.sh: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
"${sudo[@]}" apt-get update -qq
"${sudo[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
