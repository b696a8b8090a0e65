# linkify — build, test, benchmark, regenerate tables, install.
PREFIX ?= /usr/local
SHARED ?= ../shared
SWIFT ?= swift
BIN := .build/release/linkify

.PHONY: all build demo test conformance tables bench install uninstall clean

all: build

build:
	$(SWIFT) build -c release

# Builds linkify and runs it on an example.
demo: build
	@printf 'Docs at example.com/docs (or https://ja.wikipedia.org/wiki/東京), mail hi@example.org; main.rs is a file.\n' | $(BIN)

# Every test: unit, golden and CLI tests, then the conformance gate.
test:
	scripts/ensure-tools.sh
	$(SWIFT) build -c release
	$(SWIFT) test
	python3 scripts/conformance_gate.py --bin $(BIN) --shared $(SHARED)

conformance: build
	python3 $(SHARED)/tools/conformance.py --bin $(BIN) $(SHARED)/conformance

# Regenerates Sources/LinkifyCore/Tables from ../shared (commit the result).
tables:
	python3 scripts/gen_tables.py $(SHARED) Sources/LinkifyCore/Tables
	python3 scripts/gen_phone_tables.py $(SHARED) Sources/LinkifyCore/Tables

bench: build
	scripts/bench.sh

install: build
	install -d $(DESTDIR)$(PREFIX)/bin
	install -m 755 $(BIN) $(DESTDIR)$(PREFIX)/bin/linkify

uninstall:
	rm -f $(DESTDIR)$(PREFIX)/bin/linkify

clean:
	rm -rf .build
