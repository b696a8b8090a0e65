#!/usr/bin/env bash
# Rebuild corpus/text/ from the pinned origins in scripts/corpus/manifest.tsv
# and verify it against corpus/SHA256SUMS.
#
#   scripts/corpus/fetch.sh            # rebuild the sources missing from corpus/text
#   scripts/corpus/fetch.sh --all      # rebuild every source
#   scripts/corpus/fetch.sh --verify   # only check corpus/SHA256SUMS
#   scripts/corpus/fetch.sh SOURCE...  # rebuild the named sources
#
# Debian sources come from `apt-get source --download-only PKG=VERSION` through
# a private deb-src list made from this machine's own apt sources (no system
# file is changed); PyPI sources from `pip download --no-deps --no-binary
# :all: NAME==VERSION`; git sources from `git clone` of the repository and a
# checkout of the pinned commit. Each downloaded archive is checked against the SHA-256
# pinned in the manifest before any file is taken from it.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"
manifest=scripts/corpus/manifest.tsv

verify() { sha256sum --quiet -c corpus/SHA256SUMS && echo "corpus: all files match corpus/SHA256SUMS"; }

mode=missing
want=()
case "${1:-}" in
  --verify) verify; exit ;;
  --all) mode=all ;;
  "") ;;
  *) mode=named; want=("$@") ;;
esac

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

apt_ready=
apt_opts=()
setup_apt() {
  [ -n "$apt_ready" ] && return
  mkdir -p "$work/apt/parts" "$work/apt/lists/partial" "$work/apt/cache"
  # deb-src twins of the configured Debian sources (deb822 and one-line forms)
  for f in /etc/apt/sources.list.d/*.sources; do
    [ -e "$f" ] || continue
    sed 's/^Types: deb$/Types: deb-src/' "$f" > "$work/apt/parts/$(basename "$f")"
  done
  for f in /etc/apt/sources.list /etc/apt/sources.list.d/*.list; do
    [ -e "$f" ] || continue
    sed -n 's/^deb \(.*\)$/deb-src \1/p' "$f" > "$work/apt/parts/src-$(basename "$f")"
  done
  apt_opts=(-o Dir::Etc::SourceList=/dev/null -o "Dir::Etc::SourceParts=$work/apt/parts"
            -o "Dir::State::Lists=$work/apt/lists" -o "Dir::Cache=$work/apt/cache")
  apt-get "${apt_opts[@]}" update -q >/dev/null 2>&1 || apt-get "${apt_opts[@]}" update -q
  apt_ready=1
}

tail -n +2 "$manifest" | while IFS=$'\t' read -r src genre fmt kind pkg ver archive asha top spdx lic cap globs; do
  case $mode in
    missing) [ -d "corpus/text/$src" ] && continue ;;
    named) printf '%s\n' "${want[@]}" | grep -qx "$src" || continue ;;
  esac
  echo "== $src: $kind $pkg $ver"
  d="$work/$src"; mkdir -p "$d/dl" "$d/x"
  if [ "$kind" = git ]; then
    # a repository at a commit: the commit pins the files (their checksums are in corpus/SHA256SUMS)
    git clone --quiet --no-checkout "$pkg" "$d/x/$top" </dev/null
    git -C "$d/x/$top" checkout --quiet "$ver"
  else
    if [ "$kind" = deb ]; then
      setup_apt
      (cd "$d/dl" && apt-get "${apt_opts[@]}" source --download-only "$pkg=$ver" </dev/null >/dev/null)
    else
      pip download --quiet --no-deps --no-binary :all: "$pkg==$ver" -d "$d/dl" </dev/null
    fi
    echo "$asha  $d/dl/$archive" | sha256sum -c --quiet
    tar -xf "$d/dl/$archive" -C "$d/x"
  fi
  python3 scripts/corpus/assemble.py "$src" "$d/x/$top" "$root" >/dev/null
  # the CC-BY-SA notes are written by hand; keep the committed ones
  git checkout -q -- "LICENSES/corpus-$src.LICENSE" 2>/dev/null || true
done
verify
