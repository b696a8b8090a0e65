#!/usr/bin/env bash
# Installs what the test suite needs beyond the Swift toolchain: cmark-gfm, the
# CommonMark/GFM renderer that checks markdown output (the Markdown writer tests
# and the GFM conformance cases); tests that need it fail (they never pass
# silently) when it is missing, so install it or say why not.
# Usage: scripts/ensure-tools.sh [EXTRA_TOOL...]   (`make security` adds chromium)
set -u
# zsh, fish and man check the installed completions and man page (scripts/check/test_install.sh);
# chromium, asked for by `make security` only, loads the hostile-input pages of scripts/security/check.py.
missing=()
for tool in cmark-gfm zsh fish man "$@"; do command -v "$tool" >/dev/null 2>&1 || missing+=("$tool"); done
[ ${#missing[@]} -eq 0 ] && exit 0
packages=()
for tool in "${missing[@]}"; do case "$tool" in man) packages+=(man-db) ;; *) packages+=("$tool") ;; esac; done
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "ensure-tools: installing ${packages[*]}" >&2
  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${packages[@]}") >/dev/null 2>&1 \
    || echo "ensure-tools: could not install ${packages[*]}" >&2
else
  echo "ensure-tools: missing ${missing[*]}; install them (apt-get install --no-install-recommends ${packages[*]})" >&2
fi
exit 0
