#!/usr/bin/env bash
# Markdown-side benchmarks of issue 7 (lint vs rumdl/mdl, Markdown annotate vs
# cmark-gfm, -j, start-up, peak memory): one run, one table. Inputs are gathered
# into the git-ignored bench-data/ folder; see docs/benchmarks-docs.md.
# Usage: scripts/bench/bench_docs.sh [BIN] [STATIC_BIN]
set -euo pipefail
cd "$(dirname "$0")/../.."
BIN=${1:-.build/release/linkify}
STATIC_BIN=${2:-.build/static/release/linkify}
for tool in rumdl mdl cmark-gfm hyperfine; do
    command -v "$tool" >/dev/null || echo "note: $tool is not installed (pip install rumdl; apt-get install -y --no-install-recommends ruby-mdl cmark-gfm hyperfine)"
done
exec python3 scripts/bench/bench_docs.py "$BIN" "$STATIC_BIN"
