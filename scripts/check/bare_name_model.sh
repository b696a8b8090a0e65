#!/usr/bin/env bash
# One model, not two: the binary's feature export of the corpus is the committed
# one (corpus/features/bare-names.tsv), and the decision the binary made on each
# of the corpus's candidates is the one the trainer computes from those
# features with the shipped weights.
set -euo pipefail
cd "$(dirname "$0")/../.."
bin=${1:-.build/release/linkify}
tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT
python3 scripts/gen/bare_name_features.py --bin "$bin" --out "$tmp" >/dev/null
if ! cmp -s "$tmp" corpus/features/bare-names.tsv; then
  echo "bare_name_model: the binary's export differs from corpus/features/bare-names.tsv (run make features):"
  diff "$tmp" corpus/features/bare-names.tsv | head -n 10
  exit 1
fi
python3 scripts/gen/train_bare_names.py --check
# The committed table is the trainer's, byte for byte (make tables).
python3 scripts/gen/train_bare_names.py --write "$tmp" >/dev/null
if ! cmp -s "$tmp" Sources/LinkifyDetectors/Tables/BareNameWeights.swift; then
  echo "bare_name_model: Sources/LinkifyDetectors/Tables/BareNameWeights.swift is not the trainer's table (run make tables)"
  exit 1
fi
echo "bare_name_model: the committed weights are the trainer's fit"
