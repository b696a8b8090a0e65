#!/usr/bin/env bash
# Installs what the test suite needs beyond the Swift toolchain: cmark-gfm, the
# CommonMark/GFM renderer that checks markdown output. Tests that need it fail
# (they never pass silently) when it is missing, so install it or say why not.
set -u
if command -v cmark-gfm >/dev/null 2>&1; then exit 0; fi
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "ensure-tools: installing cmark-gfm" >&2
  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq cmark-gfm) >/dev/null 2>&1 \
    || echo "ensure-tools: could not install cmark-gfm" >&2
else
  echo "ensure-tools: cmark-gfm is missing; install it (apt-get install cmark-gfm)" >&2
fi
exit 0
