#!/usr/bin/env bash
# `make integration`: linkify beyond one process, checked against one run.
#  1. Apache Spark in local mode (PyPI pyspark; Java is on the machine):
#     scripts/integration/spark_linkify.py over a folder of real files.
#  2. GNU parallel -k (Debian `parallel`) and xargs -P, as one would across hosts.
#  3. The README's Swift example built as a package depending on the LinkifyCore product.
# Each merged output (1, 2) must equal a single `linkify --to jsonl` run's output.
set -uo pipefail
cd "$(dirname "$0")/../.."
bin=$(pwd)/.build/release/linkify
[ -x "$bin" ] || swift build -c release >/dev/null
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
status=0
ok() { echo "integration: $1: ok"; }
bad() { echo "integration: $1: FAILED ($2)"; status=1; }

# A folder of real files: the first 300 copyright files under /usr/share/doc.
mkdir -p "$work/files"
n=0
for f in /usr/share/doc/*/copyright; do
  [ -f "$f" ] || continue
  pkg=$(basename "$(dirname "$f")")
  cp "$f" "$work/files/$pkg.txt"
  n=$((n + 1)); [ $n -ge 300 ] && break
done
( cd "$work/files" && ls | LC_ALL=C sort > "$work/list" )
echo "integration: $n files, $(cat "$work"/files/* | wc -c) bytes"
# The recipes' commands as README.md "Beyond one machine" writes them, linkify on PATH.
export PATH="$(dirname "$bin"):$PATH"
run() {   # run LABEL OUTPUT COMMAND: prints the command, runs it in the folder of files
  echo "integration: $1: (cd files && $3) > $2"
  ( cd "$work/files" && bash -c "$3" > "$work/$2" )
}
run "single run" single.jsonl "xargs -d '\n' linkify --to jsonl -- < ../list"
echo "integration: single run: $(wc -l < "$work/single.jsonl") entities"

# 2. GNU parallel keeps order with -k; xargs -P does not, so compare sorted records.
if ! command -v parallel >/dev/null && [ "$(id -u)" = 0 ]; then
  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends parallel) >/dev/null 2>&1
fi
if command -v parallel >/dev/null; then
  run "GNU parallel" parallel.jsonl "parallel -k -N 25 linkify --to jsonl -- < ../list"
  cmp -s "$work/single.jsonl" "$work/parallel.jsonl" && ok "GNU parallel -k (identical output)" || bad "GNU parallel" "outputs differ"
else
  bad "GNU parallel" "parallel is not installed"
fi
run "xargs -P" xargs.jsonl "xargs -d '\n' -P 4 -n 25 linkify --to jsonl -- < ../list"
cmp -s <(LC_ALL=C sort "$work/single.jsonl") <(LC_ALL=C sort "$work/xargs.jsonl") \
  && ok "xargs -P 4 (same records, any order)" || bad "xargs -P" "records differ"

# 1. Spark in local mode.
if ! python3 -c 'import pyspark' 2>/dev/null; then
  echo "integration: installing pyspark from PyPI"
  pip install -q pyspark >/dev/null 2>&1 || true
fi
if python3 -c 'import pyspark' 2>/dev/null; then
  echo "integration: Spark: (cd files && python3 scripts/integration/spark_linkify.py $bin spark.jsonl PATH...)"
  ( cd "$work/files" && python3 "$OLDPWD/scripts/integration/spark_linkify.py" "$bin" "$work/spark.jsonl" $(cat "$work/list") ) \
    > "$work/spark.log" 2>&1
  if cmp -s "$work/single.jsonl" "$work/spark.jsonl"; then
    ok "Spark local[4] RDD.pipe ($(wc -l < "$work/spark.jsonl") entities, identical output)"
  else
    bad "Spark" "outputs differ or the job failed: $(tail -n 3 "$work/spark.log")"
  fi
else
  bad "Spark" "pyspark could not be installed"
fi
# 3. The README's Swift example as a user builds it: a package with
#    .package(path: "../linkify") depending on the LinkifyCore product.
echo "integration: Swift package: python3 scripts/check/readme_examples.py --swift-package (swift build, swift run)"
if out=$(python3 scripts/check/readme_examples.py --swift-package 2>&1); then
  ok "LinkifyCore as a package product (README example built and run, output as documented)"
else
  bad "LinkifyCore package product" "$(tail -n 5 <<<"$out")"
fi
exit $status
