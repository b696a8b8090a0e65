#!/usr/bin/env python3
"""Derives scripts/gen/data/uts39/identifier-scripts.txt from the pinned Unicode 17.0.0 files.

Usage: python3 scripts/gen/derive_spoof_data.py UNICODE_DIR OUT_FILE

UNICODE_DIR holds the six files below, as published by Unicode and vendored by
unicode-org/unicodetools at commit 2c1309ab2ac1de5c62f09089c8ed6bf6f1d37920
(unicodetools/data/security/17.0.0/ and unicodetools/data/ucd/17.0.0/); their
SHA-256 sums are checked, so the output is the same wherever it is derived.
Run it again only to move to another Unicode version (then change PINNED and
scripts/gen/data/uts39/README.md). `make tables` reads the derived file, not these.

The output lists every code point whose UTS #39 Identifier_Status is Allowed
(the others are Restricted), as ranges with the same fields:

    LO..HI ; Script ; Script_Extensions ; lookalike

- Script and Script_Extensions as short names (Scripts.txt, ScriptExtensions.txt;
  Script_Extensions is the Script where ScriptExtensions.txt lists nothing);
- lookalike, for a character whose Script_Extensions hold neither Latin nor
  Common nor Inherited: `L` when an Allowed character whose Script_Extensions
  hold Latin has the same UTS #39 skeleton (confusables.txt after NFD, §4),
  `C` when an Allowed Common or Inherited character has it, `LC` both, `-`
  none. Only Allowed counterparts count: a domain that a look-alike imitates
  is written in characters an identifier may hold.
A last section names the scripts used (`@ Cyrl Cyrillic`).
"""
import hashlib
import os
import sys

PINNED = {
    "IdentifierStatus.txt": "617228a16da13850bf8af28b6cd08f5e9b6595d2eb60404fe6eee2c85b4e4a35",
    "confusables.txt": "091c7f82fc39ef208faf8f94d29c244de99254675e09de163160c810d13ef22a",
    "Scripts.txt": "9f5e50d3abaee7d6ce09480f325c706f485ae3240912527e651954d2d6b035bf",
    "ScriptExtensions.txt": "ec2107e58825a1586acee8e0911ce18260394ac8b87e535ca325f1ccbeb06bc6",
    "PropertyValueAliases.txt": "64e9a5f76f7a1e8b5a47d6a1f9a26522a251208f5276bdfa1559dac7cf2e827a",
    "UnicodeData.txt": "2e1efc1dcb59c575eedf5ccae60f95229f706ee6d031835247d843c11d96470c",
}


def data_lines(path):
    for line in open(path, encoding="utf-8"):
        line = line.split("#", 1)[0].strip()
        if line:
            yield [f.strip() for f in line.split(";")]


def code_points(field):
    if ".." in field:
        lo, hi = (int(x, 16) for x in field.split(".."))
        return range(lo, hi + 1)
    return range(int(field, 16), int(field, 16) + 1)


def main(src, out_path):
    for name, digest in PINNED.items():
        got = hashlib.sha256(open(os.path.join(src, name), "rb").read()).hexdigest()
        if got != digest:
            sys.exit(f"{name}: sha256 {got}, expected {digest} (not the pinned Unicode 17.0.0 file)")

    short = {}   # long script name -> short
    long_name = {}
    for f in data_lines(os.path.join(src, "PropertyValueAliases.txt")):
        if f[0] == "sc":
            short[f[2]] = f[1]
            long_name[f[1]] = f[2]

    allowed = set()
    for f in data_lines(os.path.join(src, "IdentifierStatus.txt")):
        if f[1] == "Allowed":
            allowed.update(code_points(f[0]))

    script = {}
    for f in data_lines(os.path.join(src, "Scripts.txt")):
        for cp in code_points(f[0]):
            script[cp] = short[f[1]]
    scx = {}
    for f in data_lines(os.path.join(src, "ScriptExtensions.txt")):
        for cp in code_points(f[0]):
            scx[cp] = tuple(sorted(f[1].split()))

    def extensions(cp):
        return scx.get(cp, (script.get(cp, "Zzzz"),))

    # NFD from UnicodeData.txt: canonical decompositions, Hangul syllables, canonical order.
    decomposition, ccc = {}, {}
    for line in open(os.path.join(src, "UnicodeData.txt"), encoding="utf-8"):
        f = line.split(";")
        cp = int(f[0], 16)
        if f[3] != "0":
            ccc[cp] = int(f[3])
        if f[5] and not f[5].startswith("<"):
            decomposition[cp] = [int(x, 16) for x in f[5].split()]

    def decompose(cp, out):
        if 0xAC00 <= cp <= 0xD7A3:
            s = cp - 0xAC00
            out += [0x1100 + s // 588, 0x1161 + (s % 588) // 28]
            if s % 28:
                out.append(0x11A7 + s % 28)
        elif cp in decomposition:
            for d in decomposition[cp]:
                decompose(d, out)
        else:
            out.append(cp)

    def nfd(cps):
        out = []
        for cp in cps:
            decompose(cp, out)
        # Canonical ordering: a stable sort of each run of non-starters by class.
        i = 0
        while i < len(out):
            if ccc.get(out[i], 0) == 0:
                i += 1
                continue
            j = i
            while j < len(out) and ccc.get(out[j], 0) != 0:
                j += 1
            out[i:j] = sorted(out[i:j], key=lambda c: ccc[c])
            i = j
        return out

    prototype = {}
    for f in data_lines(os.path.join(src, "confusables.txt")):
        prototype[int(f[0], 16)] = [int(x, 16) for x in f[1].split()]

    def skeleton(cp):
        mapped = []
        for c in nfd([cp]):
            mapped += prototype.get(c, [c])
        return tuple(nfd(mapped))

    def is_common(cp):
        return extensions(cp)[0] in ("Zyyy", "Zinh") and len(extensions(cp)) == 1

    latin_skeletons, common_skeletons = {}, {}
    for cp in allowed:
        if "Latn" in extensions(cp):
            latin_skeletons.setdefault(skeleton(cp), set()).add(cp)
        elif is_common(cp):
            common_skeletons.setdefault(skeleton(cp), set()).add(cp)

    rows = []
    for cp in sorted(allowed):
        x = extensions(cp)
        look = "-"
        if "Latn" not in x and not is_common(cp):
            sk = skeleton(cp)
            look = ("L" if latin_skeletons.get(sk, set()) - {cp} else "") + ("C" if common_skeletons.get(sk, set()) - {cp} else "")
            look = look or "-"
        fields = (script.get(cp, "Zzzz"), " ".join(x), look)
        if rows and rows[-1][1] == cp - 1 and rows[-1][2] == fields:
            rows[-1][1] = cp
        else:
            rows.append([cp, cp, fields])

    used = sorted({s for _, _, (sc, x, _) in rows for s in [sc] + x.split()})
    with open(out_path, "w", encoding="utf-8") as out:
        out.write("# identifier-scripts.txt: derived by scripts/gen/derive_spoof_data.py from Unicode 17.0.0\n")
        out.write("# IdentifierStatus.txt and confusables.txt (UTS #39), Scripts.txt, ScriptExtensions.txt,\n")
        out.write("# PropertyValueAliases.txt and UnicodeData.txt. © 2025 Unicode®, Inc. Unicode License v3\n")
        out.write("# (LICENSES/unicode.LICENSE); see README.md beside this file.\n")
        out.write("#\n# Allowed code points ; Script ; Script_Extensions ; Latin (L) or Common (C) look-alike\n")
        for lo, hi, (sc, x, look) in rows:
            rng = f"{lo:04X}" if lo == hi else f"{lo:04X}..{hi:04X}"
            out.write(f"{rng} ; {sc} ; {x} ; {look}\n")
        out.write("#\n# Script names\n")
        for s in used:
            out.write(f"@ {s} {long_name.get(s, s)}\n")


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    main(sys.argv[1], sys.argv[2])
