#!/usr/bin/env bash
# One model, not two, for each fitted model (the bare-name model, the date
# acceptance model, the address labeller): the binary's feature export of the corpus is the committed
# one (corpus/features/MODEL.tsv), the decision the binary made on each
# candidate is the one the trainer computes from those features with the
# shipped weights, and the committed table is the trainer's fit, byte for byte.
set -euo pipefail
cd "$(dirname "$0")/../.."
bin=${1:-.build/release/linkify}
tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT
# model  feature export  committed export  trainer  committed table
models="bare-name scripts/gen/bare_name_features.py corpus/features/bare-names.tsv scripts/gen/train_bare_names.py Sources/LinkifyDetectors/Tables/BareNameWeights.swift
date scripts/gen/date_features.py corpus/features/dates.tsv scripts/gen/train_dates.py Sources/LinkifyDetectors/Tables/DateWeights.swift
address scripts/gen/address_features.py corpus/features/addresses.tsv.gz scripts/gen/train_addresses.py Sources/LinkifyDetectors/Tables/AddressLabellerWeights.swift"
while read -r model export features trainer table; do
  python3 "$export" --bin "$bin" --out "$tmp" >/dev/null
  # A gzipped export (the address labeller's) is compared as the text it holds.
  if [[ $features == *.gz ]] && cmp -s "$tmp" <(gzip -dc "$features"); then
    :
  elif ! cmp -s "$tmp" "$features"; then
    echo "fitted_models: $model: the binary's export differs from $features (run make features):"
    diff "$tmp" "$features" | head -n 10
    exit 1
  fi
  python3 "$trainer" --check
  python3 "$trainer" --write "$tmp" 2>/dev/null >/dev/null
  if ! cmp -s "$tmp" "$table"; then
    echo "fitted_models: $model: $table is not the trainer's table (run make tables)"
    exit 1
  fi
  echo "fitted_models: $model: the committed weights are the trainer's fit"
done <<< "$models"
