# Empires: every target is documented with "##"; `make` alone lists them.

GO          ?= go
STATICCHECK := $(GO) tool staticcheck
# Every package with tests is in one of three sets, which scripts/testpkgs
# computes from the code (`go run ./scripts/testpkgs -set race -why` says
# why each package is where it is):
#   race     tests that can run two goroutines at once (the server, the
#            network, the store, the release archives): the race detector;
#   plain    tests on one goroutine (the rulesets, the engines, the AIs, the
#            protocol): the race detector can find nothing there and makes
#            them up to ten times slower, so they run without it;
#   display  tests that draw (the client): under a virtual X server.
TESTPKGS     = $(GO) run ./scripts/testpkgs -set
# The version the binaries report: the git tag or commit (package
# shared/buildinfo).
VERSION     ?= $(shell git describe --tags --always --dirty 2>/dev/null || echo dev)
LDFLAGS     := -X empires/shared/buildinfo.version=$(VERSION)
# Arguments passed to the server by `make server`.
ARGS        ?=
# Arguments passed to the mapgen command by `make map`.
MAP_ARGS    ?= -seed 7 -size 64x48 -players 6 -png map.png
BENCH       ?= .
BENCHTIME   ?= 1s
# Seconds each fuzz target runs under `make fuzz`.
FUZZTIME    ?= 30s
# FUZZMINIMIZE bounds how long the fuzzer shrinks each new input (Go's default is
# a minute per input, spent before any new input is tried).
FUZZMINIMIZE ?= 1000x
# The longest a package's tests may run before go test stops them: a
# ceiling that only stops a hang: the client's window tests, the longest
# package, can pass go test's default of ten minutes on a loaded machine
# (docs/TESTING.md has the measured times, the one place for them).
TEST_TIMEOUT ?= 45m
# WINDOW_PARALLEL is how many window tests run at once (each drives a client
# on an X server of its own). They are bound by the CPU of software drawing:
# on a quiet machine four at once take as long as two, and on a machine busy
# with other work four get the suite twice the share of the cores that two do.
WINDOW_PARALLEL ?= 4

.DEFAULT_GOAL := help
.PHONY: help run server map dist dist-check dist-compile test test-go test-race test-plain test-client lint fmt-check vet staticcheck check-shared check-core check-client check-server bench fuzz deps-run deps-test

help: ## List the targets.
	@awk 'BEGIN {FS = ":.*## "} /^[a-zA-Z_-]+:.*## / {printf "  %-13s %s\n", $$1, $$2}' $(MAKEFILE_LIST)

run: deps-run ## Play: open the desktop client (Play vs AI, host or join a game).
	$(GO) run -ldflags "$(LDFLAGS)" ./client

server: ## Run the dedicated server (ARGS="-addr :7777").
	$(GO) run -ldflags "$(LDFLAGS)" ./server $(ARGS)

dist: ## Build the release archives of every OS/arch, SHA256SUMS, into dist/.
	$(GO) run ./scripts/dist -version $(VERSION) -out dist

dist-check: ## Build this machine's archives, unpack them, run -version and a game of bots on them.
	$(GO) test -count=1 -timeout $(TEST_TIMEOUT) -run 'TestDist$$' -v ./scripts/dist

dist-compile: ## Compile the release binaries for every OS/arch (no archive).
	$(GO) run ./scripts/dist -compile-only

map: ## Write a generated map to a PNG (MAP_ARGS="-seed 7 -size 64x48 -players 6 -png map.png").
	$(GO) run ./server/cmd/mapgen $(MAP_ARGS)

# The checks and the three sets of tests run at once (the machine's cores
# are then busy to the end, and on a shared machine the suite gets its
# share); make's -O prints each one's output whole when it ends.
test: deps-test ## Run every check and test (what CI runs).
	@echo "make test: lint, test-race, test-plain and test-client run at once; each one's output comes whole when it ends"
	@$(MAKE) --no-print-directory -j4 -O lint test-race test-plain test-client

test-go: test-race test-plain ## Run the engine, rules and server tests (race detector on where goroutines meet).

test-race: ## Run the tests of the packages whose tests run goroutines, under the race detector.
	@race=$$($(TESTPKGS) race) && test -n "$$race" || \
		{ echo "scripts/testpkgs could not sort the packages"; exit 1; }; \
	echo "go test -race (the $$(echo $$race | wc -w) packages whose tests run goroutines)"; \
	$(GO) test -race -count=1 -timeout $(TEST_TIMEOUT) $$race

test-plain: ## Run the tests of the packages whose tests run on one goroutine.
	@plain=$$($(TESTPKGS) plain) && test -n "$$plain" || \
		{ echo "scripts/testpkgs could not sort the packages"; exit 1; }; \
	echo "go test (the $$(echo $$plain | wc -w) packages whose tests run on one goroutine)"; \
	$(GO) test -count=1 -timeout $(TEST_TIMEOUT) $$plain

test-client: deps-test ## Run the client tests in a real window under Xvfb.
	@display=$$($(TESTPKGS) display) && test -n "$$display" || \
		{ echo "scripts/testpkgs could not sort the packages"; exit 1; }; \
	echo "go test under Xvfb (the $$(echo $$display | wc -w) packages whose tests draw)"; \
	xvfb-run -a -s "-screen 0 1920x1080x24" $(GO) test -count=1 -timeout $(TEST_TIMEOUT) -parallel $(WINDOW_PARALLEL) $$display

lint: fmt-check vet staticcheck check-shared check-core check-client check-server ## gofmt, go vet, staticcheck, and the import rules.

fmt-check: ## Fail if any Go file is not gofmt-formatted.
	@out=$$(gofmt -l $$(git ls-files '*.go' 2>/dev/null || find . -name '*.go')); \
	if [ -n "$$out" ]; then echo "gofmt would change:"; echo "$$out"; exit 1; fi

vet: ## go vet every package.
	$(GO) vet ./...

staticcheck: ## staticcheck every package (version pinned in go.mod as a tool).
	$(STATICCHECK) ./...

# The import rules keep the floors of the code apart; every arrow points
# down a floor, never up:
#
#   client/              the desktop client: its shell (client/app, menus),
#                        one module per game (client/module/...)
#   server/              the dedicated server, its core (match, lobby, store,
#                        host, wsconn) and its tools (server/cmd/...)
#   shared/bot, conn     the headless client (bot, connection) that both the
#                        client and the server's tools use
#   shared/registry      the list of rulesets: the one package that imports
#                        them all
#   shared/rules/<id>    one ruleset each, nothing else, its AI beside it
#                        (shared/rules/<id>/<id>ai)
#   engines and kits     shared/game, hex, hexmap, hexgame, grid, mapgen,
#                        mapimage, rulesfile (the data-file decoding)
#   the contract         shared/ruleset (with its test kits rulesettest and
#                        rulestable), shared/protocol, shared/wire
#
# check-shared: nothing under shared/ draws (imports ebiten).
# check-core: the server core imports no ruleset, engine or registry.
# check-client: the client's shell imports no engine, ruleset or module.
# check-server: nothing under server/, tests included, imports client/.

check-shared: ## Fail if any package under shared/ depends on ebiten.
	@bad=$$($(GO) list -deps ./shared/... | grep 'hajimehoshi/ebiten' || true); \
	if [ -n "$$bad" ]; then echo "packages under shared/ must not import ebiten, found: $$bad"; exit 1; fi

# CORE are the server's ruleset-neutral packages; RULESETS the rulesets and
# the engines they build on, which the core must not import.
CORE := ./server/match ./server/lobby ./server/store ./server/host ./server/wsconn ./shared/protocol ./shared/ruleset ./shared/wire
RULESETS := empires/shared/(game|hex|hexmap|hexgame|hexrules|mapgen|mapimage|rules|rulesfile|registry)(/|$$)

check-core: ## Fail if the server core depends on a ruleset or the hex engine.
	@bad=$$($(GO) list -deps $(CORE) | grep -E '^$(RULESETS)' || true); \
	if [ -n "$$bad" ]; then echo "the server core must not import a ruleset or an engine, found: $$bad"; exit 1; fi

# CLIENT_SHELL is the client's shell (menus, top bar, clock, log, chat,
# windows, replays), which shows every game through a client module's
# screen; CLIENT_ENGINES the engines, the rulesets, the board and view model
# of the hex screen, and the modules themselves, which it must not import.
CLIENT_SHELL := ./client/app
CLIENT_ENGINES := empires/(shared/(game|hex|hexmap|hexgame|hexrules|grid|mapgen|mapimage|rules|rulesfile|registry)|client/(board|model|modules|module/[^/]+))(/|$$)

check-client: ## Fail if the client's shell depends on an engine, a ruleset or a ruleset's client module.
	@bad=$$($(GO) list -deps $(CLIENT_SHELL) | grep -E '^$(CLIENT_ENGINES)' || true); \
	if [ -n "$$bad" ]; then echo "the client's shell must not import an engine, a ruleset or a module's screen, found: $$bad"; exit 1; fi

check-server: ## Fail if any package under server/ (or its tests) depends on the client.
	@bad=$$($(GO) list -deps -test ./server/... | grep -E '^empires/client(/|$$)' || true); \
	if [ -n "$$bad" ]; then echo "packages under server/ must not import client/ (the headless client is shared/conn and shared/bot), found: $$bad"; exit 1; fi

bench: ## Run the benchmarks (BENCH=regexp BENCHTIME=1s); compare runs with benchstat.
	$(GO) test -run '^$$' -bench '$(BENCH)' -benchtime $(BENCHTIME) -benchmem ./...

fuzz: ## Run every fuzz target for FUZZTIME each (saved games, orders, views, deltas, ruleset files).
	@for pkg in $$($(GO) list ./...); do \
		for f in $$($(GO) test -list '^Fuzz' $$pkg | grep '^Fuzz'); do \
			echo "== $$pkg $$f"; \
			$(GO) test -run '^$$' -fuzz "^$$f$$" -fuzztime $(FUZZTIME) -fuzzminimizetime $(FUZZMINIMIZE) $$pkg || exit 1; \
		done; \
	done

deps-run: ## Install what the client needs at run time, if missing.
	@bash scripts/deps.sh run

deps-test: ## Install what the tests need (gcc, Xvfb, GL), if missing.
	@bash scripts/deps.sh test
