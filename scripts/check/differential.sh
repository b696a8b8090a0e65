#!/usr/bin/env bash
# Byte-for-byte differential run of two linkify binaries over real files, for
# changes that must not change behaviour (restructuring, speed work).
#
#   scripts/check/differential.sh OLD_BINARY NEW_BINARY [CORPUS_DIR]
#
# The corpus (built once in CORPUS_DIR, default /tmp/linkify-diff-corpus) is
# this machine's Markdown and HTML files under /usr/share/doc, a sample of its
# Debian changelogs as plain text, the repository's Fixtures inputs and the
# inputs of ../shared's conformance suites when they are there. Each file is
# run through both binaries with the same arguments: --to jsonl --detect all,
# --to markdown, --to html --explain (standard error kept), lint --format json,
# and the directory as a whole with -j 2 --to jsonl. Exits 1 and lists the
# differences if any output or exit status differs.
set -uo pipefail
old=${1:?usage: differential.sh OLD_BINARY NEW_BINARY [CORPUS_DIR]}
new=${2:?usage: differential.sh OLD_BINARY NEW_BINARY [CORPUS_DIR]}
corpus=${3:-/tmp/linkify-diff-corpus}
old=$(cd "$(dirname "$old")" && pwd)/$(basename "$old")
new=$(cd "$(dirname "$new")" && pwd)/$(basename "$new")
root=$(cd "$(dirname "$0")/../.." && pwd)
shared=${SHARED:-$root/../shared}

if [ ! -d "$corpus" ]; then
  mkdir -p "$corpus/md" "$corpus/html" "$corpus/text" "$corpus/fixtures"
  i=0
  while IFS= read -r f; do i=$((i + 1)); cp "$f" "$corpus/md/$i.md"; done \
    < <(find /usr/share/doc -name '*.md' -type f -size -2M 2>/dev/null | LC_ALL=C sort | head -n 200)
  i=0
  while IFS= read -r f; do i=$((i + 1)); cp "$f" "$corpus/html/$i.html"; done \
    < <(find /usr/share/doc -name '*.html' -type f -size -2M 2>/dev/null | LC_ALL=C sort | head -n 100)
  i=0
  while IFS= read -r f; do i=$((i + 1)); gzip -dc "$f" > "$corpus/text/$i.txt" 2>/dev/null; done \
    < <(find /usr/share/doc -name 'changelog*.gz' -type f 2>/dev/null | LC_ALL=C sort | awk 'NR % 13 == 0' | head -n 100)
  i=0
  while IFS= read -r f; do
    i=$((i + 1)); name=${f##*/}; ext=txt
    case "$name" in *.*) ext=${name##*.} ;; esac
    cp "$f" "$corpus/fixtures/$i.$ext"
  done \
    < <(find "$root/Fixtures" -type f -name 'input*' 2>/dev/null | LC_ALL=C sort)
  if [ -d "$shared/conformance" ]; then
    python3 - "$shared/conformance" "$corpus/text/conformance.txt" <<'PY'
import json, pathlib, sys
out = []
for p in sorted(pathlib.Path(sys.argv[1]).rglob("*.jsonl")):
    for line in p.read_text(encoding="utf-8").splitlines():
        try:
            case = json.loads(line)
        except ValueError:
            continue
        if isinstance(case.get("input"), str):
            out.append(case["input"])
pathlib.Path(sys.argv[2]).write_text("\n".join(out) + "\n", encoding="utf-8")
PY
  fi
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
differences=0 runs=0
run_both() {   # run_both LABEL ARGS...: runs both binaries, compares stdout, stderr, status
  local label=$1; shift
  runs=$((runs + 1))
  (cd "$corpus" && "$old" "$@" >"$work/o.out" 2>"$work/o.err" </dev/null; echo $? >"$work/o.rc")
  (cd "$corpus" && "$new" "$@" >"$work/n.out" 2>"$work/n.err" </dev/null; echo $? >"$work/n.rc")
  local part
  for part in out err rc; do
    if ! cmp -s "$work/o.$part" "$work/n.$part"; then
      differences=$((differences + 1))
      echo "DIFFERENT ($part): $label: linkify $*"
      diff <(head -c 4000 "$work/o.$part") <(head -c 4000 "$work/n.$part") | head -n 8
      break
    fi
  done
}

now=--now=2026-12-01T00:00:00
while IFS= read -r f; do
  run_both "$f" --no-config --to jsonl --detect all "$now" "$f"
  run_both "$f" --no-config --to markdown "$now" "$f"
  run_both "$f" --no-config --to html --explain "$now" "$f"
  case "$f" in
    *.md) run_both "$f" lint --format json "$f"; run_both "$f" lint --profile default --format json "$f" ;;
  esac
done < <(cd "$corpus" && find . -type f | LC_ALL=C sort)
run_both "whole corpus" --no-config -j 2 --to jsonl --detect all "$now" .
run_both "whole corpus" lint --format json .

echo "differential: $runs runs, $differences different"
[ "$differences" -eq 0 ]
