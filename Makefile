# linkify — build, test, benchmark, regenerate tables, install.
PREFIX ?= /usr/local
SHARED ?= ../shared
SWIFT ?= swift
BIN := .build/release/linkify

.PHONY: all build demo test conformance tables bench fuzz fuzz-build pathological speedup install uninstall clean

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

bench: build
	scripts/bench.sh

# libFuzzer over LinkifyCore (see fuzz/README.md). FUZZ_SECONDS=0 runs until stopped.
FUZZ_BIN := .build/fuzz/linkify-fuzz
FUZZ_SECONDS ?= 60
FUZZ_FLAGS ?= -use_value_profile=1 -max_len=4096 -timeout=10 -rss_limit_mb=2048
CORE_SOURCES := $(shell find Sources/LinkifyCore -name '*.swift' | sort)

fuzz-build: $(FUZZ_BIN)

$(FUZZ_BIN): fuzz/FuzzTarget.swift $(CORE_SOURCES)
	mkdir -p .build/fuzz
	swiftc -sanitize=fuzzer,address -parse-as-library -O -module-name LinkifyFuzz \
		fuzz/FuzzTarget.swift $(CORE_SOURCES) -o $@

fuzz: $(FUZZ_BIN)
	mkdir -p .build/fuzz/corpus .build/fuzz/artifacts
	$(FUZZ_BIN) $(FUZZ_FLAGS) -dict=fuzz/linkify.dict -max_total_time=$(FUZZ_SECONDS) \
		-artifact_prefix=.build/fuzz/artifacts/ -print_final_stats=1 .build/fuzz/corpus fuzz/seeds

# Time and peak memory of the 1 GiB pathological inputs (PATHO_MIB=1024 by default).
pathological: build
	scripts/pathological.sh

# Parallel speed-up of -j N over a folder of real files.
speedup: build
	scripts/parallel_speedup.sh

install: build
	install -d $(DESTDIR)$(PREFIX)/bin
	install -m 755 $(BIN) $(DESTDIR)$(PREFIX)/bin/linkify

uninstall:
	rm -f $(DESTDIR)$(PREFIX)/bin/linkify

clean:
	rm -rf .build
