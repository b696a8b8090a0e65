#!/usr/bin/env bash
# Layers the compiler enforces (docs/architecture.md, Sources/README.md).
# Package.swift gives each target the targets it may import; a target is
# compiled after those, so importing one above it does not compile. This
# check closes what the build order alone leaves open:
#   1. every target's dependencies come before it in the package's target
#      list (the layers, lowest first): no dependency points up;
#   2. every `import` of a package module in Sources/<target> names one of the
#      target's own dependencies (a sibling layer that happens to be built
#      first would otherwise be importable).
# Exits 1 naming each offending file and import.
set -euo pipefail
cd "$(dirname "$0")/../.."
swift package dump-package > "${TMPDIR:-/tmp}/linkify-layers.$$.json"
trap 'rm -f "${TMPDIR:-/tmp}/linkify-layers.$$.json"' EXIT
python3 - "${TMPDIR:-/tmp}/linkify-layers.$$.json" <<'PY'
import json, os, re, sys
pkg = json.load(open(sys.argv[1]))
targets = [t for t in pkg["targets"] if t["type"] in ("regular", "executable")]
order = [t["name"] for t in targets]
def deps(t):
    out = []
    for d in t["dependencies"]:
        for key in ("target", "byName", "product"):
            if key in d:
                out.append(d[key][0]); break
    return out
problems = []
names = set(order)
for i, t in enumerate(targets):
    for d in deps(t):
        if d in names and order.index(d) >= i:
            problems.append(f"Package.swift: {t['name']} depends on {d}, which is not below it in the layer order")
for t in targets:
    path = t.get("path") or os.path.join("Sources", t["name"])
    if not path.startswith("Sources"):
        continue
    allowed = set(deps(t))
    for root, _, files in os.walk(path):
        for f in sorted(files):
            if not f.endswith(".swift"):
                continue
            p = os.path.join(root, f)
            for n, line in enumerate(open(p, encoding="utf-8"), 1):
                m = re.match(r"\s*(?:@\w+(?:\([^)]*\))?\s+)*import\s+(?:\w+\s+)?(\w+)", line)
                if m and m.group(1) in names and m.group(1) not in allowed:
                    problems.append(f"{p}:{n}: {t['name']} imports {m.group(1)}, which is not one of its dependencies {sorted(allowed)}")
for p in problems:
    print(p)
print(f"layers: {len(order)} targets, {'ok' if not problems else f'{len(problems)} problem(s)'}")
sys.exit(1 if problems else 0)
PY
