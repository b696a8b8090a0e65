#!/usr/bin/env bash
# `make release VERSION=x.y.z`: writes the version into the binary
# (`linkifyVersion`, which --version, the man page and SARIF show) and the tag
# vx.y.z into the examples that pin linkify (LINKIFY_REV of examples/ci/*.yml,
# the `rev:` of the README's pre-commit snippet), commits that, and tags the
# commit vx.y.z (annotated). Pushing is left to you. Refuses a work tree with
# changes, a malformed version, an existing tag, and a version not above the
# newest release (scripts/check/releases.py). scripts/check/test_ci_examples.py checks that the examples
# name the newest tag, and runs this script in a throwaway clone.
set -euo pipefail
cd "$(dirname "$0")/.."
version=${1:-}
die() { echo "release: $*" >&2; exit 2; }
[[ "$version" =~ ^[0-9]+\.[0-9]+\.[0-9]+$ ]] || die "give the version as make release VERSION=x.y.z (got '$version')"
tag=v$version
git diff --quiet && git diff --cached --quiet || die "the work tree has uncommitted changes: commit or stash them first"
! git rev-parse -q --verify "refs/tags/$tag" >/dev/null || die "tag $tag exists"
newest=$(python3 scripts/check/releases.py newest | cut -d' ' -f1)
if [ -n "$newest" ] && [ "$(printf '%s\n%s\n' "$newest" "$tag" | sort -V | tail -n 1)" != "$tag" ]; then
  die "$tag is not above the newest release $newest"
fi

sed -i -E "s/^(package let linkifyVersion = )\"[^\"]*\"/\1\"$version\"/" Sources/LinkifyCLI/Flags/Help.swift
sed -i -E "s/^([[:space:]]*LINKIFY_REV:[[:space:]]*)[^[:space:]]+/\1$tag/" examples/ci/github-actions.yml examples/ci/gitlab-ci.yml
sed -i -E "s/^([[:space:]]+rev:[[:space:]]*)[^[:space:]]+/\1$tag/" README.md
grep -q "^package let linkifyVersion = \"$version\"" Sources/LinkifyCLI/Flags/Help.swift || die "linkifyVersion not written"
for f in examples/ci/github-actions.yml examples/ci/gitlab-ci.yml; do
  grep -qE "^[[:space:]]*LINKIFY_REV:[[:space:]]*$tag\$" "$f" || die "LINKIFY_REV not written in $f"
done
grep -qE "^[[:space:]]+rev:[[:space:]]*$tag\$" README.md || die "the README's pre-commit rev not written"

git commit -q -m "Release $version: linkifyVersion $version; the CI examples and the README's pre-commit snippet pin $tag" \
  Sources/LinkifyCLI/Flags/Help.swift examples/ci/github-actions.yml examples/ci/gitlab-ci.yml README.md
git tag -a "$tag" -m "linkify $version"
echo "release: committed and tagged $tag ($(git rev-parse --short HEAD)); publish with: git push origin HEAD $tag"
