# reconcilelint: static analysis for Kubernetes operators.

GO ?= go
BIN := bin/reconcilelint

.PHONY: build test lint demo bench compare perf clean golangci golangci-test precommit-test example

# go test's default timeout is 10 minutes; a cold 2-core machine needs more
# for the first build of the Kubernetes libraries.
TEST_TIMEOUT ?= 30m

build: ## Build the standalone binary into bin/.
	$(GO) build -o $(BIN) ./cmd/reconcilelint

test: example ## Run every test: analyzers, and the real binary over examples/operator.
	$(GO) test -count=1 -timeout $(TEST_TIMEOUT) ./...
	$(GO) test -count=1 -race -run 'Concurrent' ./analyzers/internal/flow/
	cd tools/perf && $(GO) test -count=1 ./...

example: ## Build examples/operator, so its dependencies are compiled once, before the tests.
	@echo "building examples/operator and its Kubernetes dependencies (minutes on a cold build cache)..."
	@cd examples/operator && GOWORK=off $(GO) build ./...

lint: build ## gofmt, go vet, and reconcilelint on its own code.
	@out=$$(gofmt -l $$(git ls-files '*.go' | grep -v '^testdata/')); \
	  if [ -n "$$out" ]; then echo "gofmt needed:"; echo "$$out"; exit 1; fi
	$(GO) vet ./...
	./$(BIN) ./...

demo: build example ## Lint the bundled example operator; it has a finding per analyzer.
	@echo "linting examples/operator:"
	@cd examples/operator && ../../$(BIN) ./...; \
	  status=$$?; if [ $$status -ne 3 ]; then echo "expected findings (exit 3), got exit $$status"; exit 1; fi

clean:
	rm -rf bin

golangci: ## Build bin/golangci-lint: golangci-lint v2.15.0 with the plugins, from the module proxy.
	@echo "building golangci-lint v2.15.0 with reconcilelint's plugins (about 5 minutes on a cold build cache)..."
	cd tools/golangci-lint && $(GO) build -o ../../bin/golangci-lint .

precommit-test: ## Run .pre-commit-hooks.yaml end to end with pre-commit try-repo (needs pre-commit; uses HEAD).
	.ci/precommit

golangci-test: golangci example ## Build that golangci-lint and check it over examples/operator (run, --fix, nolint, SARIF, settings).
	cd tools/golangci-lint && $(GO) test -count=1 -timeout $(TEST_TIMEOUT) ./...

bench: ## Go benchmarks of the analyzers.
	$(GO) test -run='^$$' -bench=. -benchmem ./analyzers/...

# Wall time, peak memory and CPU of reconcilelint against the loading floor,
# x/tools' multichecker with a no-op analyzer (tools/perf), medians of RUNS
# (three) interleaved runs: make perf DIR=/path/to/operator PKGS="./cmd/... ./pkg/..."
RUNS ?= 3
perf: build
	@test -n "$(DIR)" || { echo "usage: make perf DIR=/path/to/module [PKGS=./...] [RUNS=3]"; exit 2; }
	@cd tools/perf && $(GO) build -o ../../bin/perf-noop ./noop && $(GO) build -o ../../bin/perf .
	@bin/perf -dir "$(DIR)" -floor bin/perf-noop -bin $(BIN) -runs $(RUNS) $(PKGS)

# Wall time and peak memory of reconcilelint next to go vet on the same
# packages of another module: make compare DIR=/path/to/operator PKGS=./...
PKGS ?= ./...
compare: build
	@test -n "$(DIR)" || { echo "usage: make compare DIR=/path/to/module [PKGS=./...]"; exit 2; }
	@bin=$$(pwd)/$(BIN); cd "$(DIR)" && \
	  $(GO) vet $(PKGS) >/dev/null 2>&1; "$$bin" $(PKGS) >/dev/null 2>&1; \
	  /usr/bin/time -f "go vet:                  %e s %M KB" $(GO) vet $(PKGS) >/dev/null 2>/tmp/reconcilelint-compare.$$$$ ; tail -1 /tmp/reconcilelint-compare.$$$$; \
	  /usr/bin/time -f "reconcilelint:           %e s %M KB" "$$bin" $(PKGS) >/dev/null 2>/tmp/reconcilelint-compare.$$$$ ; tail -1 /tmp/reconcilelint-compare.$$$$; \
	  /usr/bin/time -f "go vet -vettool:         %e s %M KB" $(GO) vet -vettool="$$bin" $(PKGS) >/dev/null 2>/tmp/reconcilelint-compare.$$$$ ; tail -1 /tmp/reconcilelint-compare.$$$$; \
	  rm -f /tmp/reconcilelint-compare.$$$$
