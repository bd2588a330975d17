# reconcilelint: static analysis for Kubernetes operators.

GO ?= go
BIN := bin/reconcilelint

.PHONY: build test lint demo clean

build: ## Build the standalone binary into bin/.
	$(GO) build -o $(BIN) ./cmd/reconcilelint

test: ## Run every test: analyzers, and the real binary over examples/operator.
	$(GO) test -count=1 ./...

lint: build ## gofmt, go vet, and reconcilelint on its own code.
	@out=$$(gofmt -l $$(git ls-files '*.go' | grep -v '^testdata/')); \
	  if [ -n "$$out" ]; then echo "gofmt needed:"; echo "$$out"; exit 1; fi
	$(GO) vet ./...
	./$(BIN) ./...

demo: build ## Lint the bundled example operator; it has a finding per analyzer.
	@cd examples/operator && ../../$(BIN) ./...; \
	  status=$$?; if [ $$status -ne 3 ]; then echo "expected findings (exit 3), got exit $$status"; exit 1; fi

clean:
	rm -rf bin
