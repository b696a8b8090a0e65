# linkify — build, test, benchmark, regenerate tables, install.
PREFIX ?= /usr/local
SHARED ?= ../shared
SWIFT ?= swift
# Builds without the Swift concurrency runtime, which linkify does not use
# (Package.swift): 0.6 ms less start-up. Every swift command run from here sees it.
export LINKIFY_LEAN_RUNTIME := 1
BIN := .build/release/linkify
STATIC_BIN := .build/static/release/linkify
# The static build (make install, benchmarks): a fully static executable, see install below.
STATIC_FLAGS := -Xswiftc -static-executable

.PHONY: docs api-size bench-api all build build-static demo test conformance tables features accuracy bench bench-summary bench-literals bench-docs fuzz fuzz-build pathological speedup install uninstall integration security release clean

all: build

build:
	$(SWIFT) build -c release

# Builds linkify and runs it on an example.
demo: build
	@printf 'Docs at example.com/docs (or https://ja.wikipedia.org/wiki/東京), mail hi@example.org; main.rs is a file.\n' | $(BIN)

# Every test: unit, golden and CLI tests, the vendored conformance suites, README,
# install and CI-example checks (scripts/run_tests.sh says what runs and what is skipped).
test:
	SHARED=$(SHARED) scripts/run_tests.sh

# The vendored suites (Fixtures/conformance); with ../shared also its full scorer table.
conformance: build
	python3 scripts/check/conformance.py --bin $(BIN)
	@if [ -f $(SHARED)/tools/conformance.py ]; then python3 $(SHARED)/tools/conformance.py --bin $(BIN) $(SHARED)/conformance; \
	else echo "conformance: no $(SHARED), its full scorer skipped"; fi

# Regenerates Sources/LinkifyDetectors/Tables from ../shared, iso-codes, Linguist and scripts/gen/data (commit the result).
tables:
	python3 scripts/gen/gen_tables.py $(SHARED) Sources/LinkifyDetectors/Tables
	python3 scripts/gen/gen_phone_tables.py $(SHARED) Sources/LinkifyDetectors/Tables
	python3 scripts/gen/gen_spoof_tables.py scripts/gen/data/uts39/identifier-scripts.txt Sources/LinkifyDetectors/Tables/SpoofTables.swift
	@# Needs the PyPI package idna 3.13 (pip install idna==3.13: its UTS #46 17.0.0 table).
	python3 scripts/gen/gen_uts46_tables.py Sources/LinkifyDetectors/Tables
	@# Needs Debian's iso-codes (apt-get install --no-install-recommends iso-codes).
	python3 scripts/gen/gen_iso_codes.py /usr/share/iso-codes/json Sources/LinkifyModel/Model
	@# Needs Debian's ruby-github-linguist (apt-get install --no-install-recommends ruby-github-linguist).
	python3 scripts/gen/gen_extension_tables.py "$$(dpkg -L ruby-github-linguist | grep '/languages.yml$$')" \
		$(SHARED)/data/tlds-alpha-by-domain.txt Sources/LinkifyDetectors/Tables/TLDDoubleLife.swift
	@# The bare-name weights, the date acceptance weights and the address labeller's weights, fitted on the
	@# labelled corpus and addresses (corpus/, make features).
	python3 scripts/gen/train_bare_names.py --write Sources/LinkifyDetectors/Tables/BareNameWeights.swift
	python3 scripts/gen/train_dates.py --write Sources/LinkifyDetectors/Tables/DateWeights.swift
	python3 scripts/gen/train_addresses.py --write Sources/LinkifyDetectors/Tables/AddressLabellerWeights.swift

# The bare-name features of every candidate in corpus/text and UTS #58's test
# lines, as the built binary weighs them (corpus/features/bare-names.tsv, which
# the trainer fits from), and the labels of the test lines; the date acceptance
# features of every date read in corpus/text and chrono's sentences
# (corpus/features/dates.tsv); the address labeller's token features of the
# addresses of corpus/addresses written out as text, and of corpus/text
# (corpus/features/addresses.tsv).
features: build
	python3 scripts/gen/bare_name_features.py --bin $(BIN)
	python3 scripts/corpus/uts58_labels.py
	python3 scripts/gen/date_features.py --bin $(BIN)
	python3 scripts/gen/address_features.py --bin $(BIN)

# Leave-one-source-out figures of the bare-name model and the date acceptance
# model fitted on the labelled corpus, beside the shipped weights' (docs/accuracy.md
# holds the tables), and the address labeller's held-out figures (docs/addresses.md).
accuracy:
	python3 scripts/gen/train_bare_names.py --report
	python3 scripts/gen/train_dates.py --report
	python3 scripts/gen/train_addresses.py --report

# Hostile-input check: XSS vectors through --to html, loaded in headless Chromium;
# then standalone documents of a text file, checked there for line breaks and links.
security: build
	@scripts/ensure-tools.sh chromium
	@command -v chromium >/dev/null || { echo "make security needs chromium (apt-get install --no-install-recommends chromium)"; exit 2; }
	python3 scripts/security/check.py --bin $(BIN)
	python3 scripts/security/standalone.py --bin $(BIN)

# Spark (local mode), GNU parallel and xargs -P runs checked against one run, and
# the README's Swift example built as a package depending on LinkifyCore.
integration: build
	scripts/integration/integration.sh

# Every benchmark of issues 2, 3 and 7 in one run, closing with the summary of
# the issue 7 goals (our figure, the peer's, ratio, target, met; see
# docs/benchmarks.md "Reading the summary"). Figures go to bench-data/results.jsonl.
# Knobs (defaults measure what the goals say): BENCH_RUNS, BENCH_STARTUP_RUNS,
# BENCH_CALLGRIND=0, BENCH_REPEAT, BENCH_MDL_REPEAT, BENCH_FILES_REPEAT, BENCH_LINE_MIB.
bench: build build-static
	@mkdir -p bench-data && rm -f bench-data/results.jsonl
	scripts/bench/bench.sh $(BIN) $(STATIC_BIN)
	scripts/bench/bench_literals.sh $(BIN)
	scripts/bench/bench_docs.sh $(BIN) $(STATIC_BIN)
	@python3 scripts/bench/summary.py

# The summary table of the last `make bench` (or of whichever parts ran since).
bench-summary:
	@python3 scripts/bench/summary.py

# Markdown side of issue 7: lint vs rumdl and mdl (MD034), Markdown annotate vs
# cmark-gfm -e autolink, -j 2 vs -j 1, start-up, peak memory on 1 GiB lines and
# a large Markdown file; see docs/benchmarks-docs.md.
bench-docs: build build-static
	scripts/bench/bench_docs.sh $(BIN) $(STATIC_BIN)

# The static build that `make install` installs, for the benchmarks.
build-static:
	$(SWIFT) build -c release $(STATIC_FLAGS) --scratch-path .build/static --product linkify

# libFuzzer over LinkifyCore (see fuzz/README.md). FUZZ_SECONDS=0 runs until stopped.
# The LinkifyFuzz target built through SwiftPM with libFuzzer and AddressSanitizer,
# in its own build folder; without them the same target replays fuzz/seeds and
# fuzz/regressions (make test).
FUZZ_BIN := .build/fuzz/release/LinkifyFuzz
FUZZ_SECONDS ?= 60
FUZZ_FLAGS ?= -use_value_profile=1 -max_len=4096 -timeout=300 -rss_limit_mb=2048

fuzz-build:
	$(SWIFT) build -c release --product LinkifyFuzz --scratch-path .build/fuzz --sanitize=fuzzer \
		-Xswiftc -sanitize=fuzzer,address -Xswiftc -DLINKIFY_LIBFUZZER

$(FUZZ_BIN): fuzz-build

fuzz: $(FUZZ_BIN)
	mkdir -p .build/fuzz/corpus .build/fuzz/artifacts
	SWIFT_BACKTRACE=enable=no $(FUZZ_BIN) $(FUZZ_FLAGS) -dict=fuzz/linkify.dict -max_total_time=$(FUZZ_SECONDS) \
		-artifact_prefix=.build/fuzz/artifacts/ -print_final_stats=1 .build/fuzz/corpus fuzz/seeds

# Time and peak memory of every reader on its pathological shapes (one table; PATHO_MIB=16 by default).
pathological: build
	scripts/bench/pathological.sh

# Parallel speed-up of -j N over a folder of real files.
speedup: build
	scripts/bench/parallel_speedup.sh

# The cost of 10,000 --links literals and of --pattern prefilters.
bench-literals: build
	scripts/bench/bench_literals.sh $(BIN)

# The installed binary is a fully static executable (Swift runtime and libc
# linked in: no dynamic loading at start-up, about 1 ms instead of 3 ms dynamic,
# 2 ms with --static-swift-stdlib; docs/benchmarks.md), so it runs without the
# toolchain; the man page and completions are generated by that binary. It is
# installed stripped (`install -s`: no symbol table, about half the size).
DEST := $(DESTDIR)$(PREFIX)
install: build-static
	install -d $(DEST)/bin $(DEST)/share/man/man1 $(DEST)/share/bash-completion/completions \
		$(DEST)/share/zsh/site-functions $(DEST)/share/fish/vendor_completions.d
	install -m 755 -s $(STATIC_BIN) $(DEST)/bin/linkify
	$(DEST)/bin/linkify --man > $(DEST)/share/man/man1/linkify.1
	$(DEST)/bin/linkify --completions bash > $(DEST)/share/bash-completion/completions/linkify
	$(DEST)/bin/linkify --completions zsh > $(DEST)/share/zsh/site-functions/_linkify
	$(DEST)/bin/linkify --completions fish > $(DEST)/share/fish/vendor_completions.d/linkify.fish

# The Swift API beside the byte API on the bench corpora (docs/benchmarks.md, "The Swift API").
bench-api:
	$(SWIFT) build -c release --product LinkifyAPIBench
	@for f in bench-data/text-20MB.txt bench-data/urls-8MB.txt; do \
	  if [ -f $$f ]; then .build/release/LinkifyAPIBench $$f 7; else echo "bench-api: no $$f (make bench builds it)"; fi; done

# The DocC documentation of LinkifyCore, with the toolchain's docc, into .build/docs.
docs:
	python3 scripts/docs.py

# The public API's size from the symbol graphs, and its documentation comments.
api-size:
	python3 scripts/check/api_size.py

# Cuts a release: make release VERSION=x.y.z writes the version into the binary
# and the tag vx.y.z into the CI and pre-commit examples, commits, and tags
# vx.y.z (scripts/release.sh; pushing is left to you).
release:
	scripts/release.sh "$(VERSION)"

uninstall:
	rm -f $(DEST)/bin/linkify $(DEST)/share/man/man1/linkify.1 \
		$(DEST)/share/bash-completion/completions/linkify $(DEST)/share/zsh/site-functions/_linkify \
		$(DEST)/share/fish/vendor_completions.d/linkify.fish

clean:
	rm -rf .build
