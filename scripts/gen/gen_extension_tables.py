#!/usr/bin/env python3
"""Generates Sources/LinkifyDetectors/Tables/TLDDoubleLife.swift: for each top-level
domain that is also a file extension, how common it is as an extension and
how common as a registered domain (the bare-name model, README "Detection").

Usage: python3 scripts/gen/gen_extension_tables.py LANGUAGES_YML TLD_LIST OUT_SWIFT [PY_STDLIB]

Inputs:
  LANGUAGES_YML  GitHub Linguist's languages.yml (MIT, LICENSES/linguist.LICENSE),
                 with popular.yml next to it (Debian: ruby-github-linguist,
                 `dpkg -L ruby-github-linguist | grep languages.yml`)
  TLD_LIST       IANA's tlds-alpha-by-domain.txt (../shared/data)
  PY_STDLIB      Python's standard library folder (default: this Python's),
                 read for a third life: member names in code (`user.name`,
                 `io.open`, `self.data`), counted as `.word` after an
                 identifier and before `( ) , = [ :`, space or line end

Weights, written down here so that the table can be regenerated and argued with:
  extension weight 3  a build, packaging or system file name (BUILD_NAMES below)
                      or the first (primary) extension of a language in
                      Linguist's popular.yml
                   2  another extension of a popular language, or the
                      primary extension of any other Linguist language
                   1  any other Linguist extension
  domain weight    4  com net org edu gov: overwhelmingly domains (.com and
                      .org are also Linguist extensions)
                   2  the generic and country domains most written in prose
                      (COMMON_TLDS: the legacy generic domains and the largest
                      country domains by registrations)
                   1  any other two-letter country domain and the pre-2012
                      generic domains (LEGACY_TLDS)
                   0  the generic domains delegated since 2013
  member weight    2  written as a member 100 times or more in the standard library
                   1  5 to 99 times
                   0  otherwise (`.com` and `.org` are counted but, at domain
                      weight 4, the model does not use this weight for them)
  word flag        1  a common English word: written 20 times or more as a
                      lowercase word in the standard library's comments and
                      docstrings (`directory`, `now`, `email`, `box`); the
                      model weighs it only for domain weight 0 (a generic
                      domain delegated since 2013: `safe.directory` is a git
                      setting, `time.now` code)
The domains in IANA's list with any weight are written, and the labels that
are not top-level domains but common file extensions (extension weight 2 or
3: `conf`, `h`, `mak`, `tar`), for the label before the top one
(`sensors.conf.eg`, `dns.h.xxx` are file names); a name whose last label is
not a top-level domain is never a bare link, so those only weigh there.
"""
import os
import re
import sys

# Names of build, packaging and system files whose last part is also a
# top-level domain: autotools (.in .am .ac), Meson (.build), linker maps,
# shared objects and libtool archives (.so .la), gettext catalogues (.mo),
# manual pages and includes (.man .inc), Debian's .new/.docs/.info files,
# texinfo (.info), systemd units (.target .service .socket .mount .timer),
# keys and installers (.pub .key .run), bundles and archives (.app .zip .cab),
# Autotest suites (.at), makeindex styles (.ist), qmake projects (.pro), BitBake recipes (.bb),
# Objective-C++ (.mm), zone files (.zone), catalogues (.cat), backups (.bak .old .orig),
# sendmail and imake configuration files (`sendmail.cf`, `linux.cf`: .cf), Debian's
# per-package NEWS files (`debian/slapd.NEWS`: .news), tar archives (`x.tar.xz`: .tar).
BUILD_NAMES = """in am ac at build map so la mo man inc new docs info target service socket mount timer
pub key run app zip cab ist pro bb mm zone cat bak old orig diff patch log lock list conf cfg ini spec
sh py pl pm rs md mk ps tf gd mov cf news tar""".split()

TOP_TLDS = "com net org edu gov".split()
COMMON_TLDS = """mil int info biz io co us uk de fr nl eu ru jp cn br au ca it es pl
ch se at be dk cz no fi ie nz in kr tw hk sg za mx ar""".split()
LEGACY_TLDS = "aero asia cat coop jobs mobi museum name pro tel travel post".split()


def read_languages(path):
    """Each language's extensions, in order, from languages.yml (a small
    reader for its two-level layout, so that no YAML package is needed)."""
    langs = {}
    current = None
    in_ext = False
    for line in open(path, encoding="utf-8"):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        if not line.startswith(" "):
            current = line.rstrip().rstrip(":").strip('"').strip("'")
            langs[current] = []
            in_ext = False
            continue
        m = re.match(r"^  (\w+):", line)
        if m:
            in_ext = m.group(1) == "extensions"
            continue
        m = re.match(r'^  - "?([^"\s]+)"?\s*$', line)
        if in_ext and m and current is not None:
            langs[current].append(m.group(1).lower())
    return langs


def read_popular(path):
    out = set()
    if os.path.exists(path):
        for line in open(path, encoding="utf-8"):
            m = re.match(r"^- (.+?)\s*$", line)
            if m:
                out.add(m.group(1).strip('"'))
    return out


def member_counts(stdlib):
    """How often each lowercase word is written as `.word` after an identifier in Python code."""
    counts = {}
    pattern = re.compile(r"(?<=[a-z0-9_)\]])\.([a-z]+)(?=[ (),=\[:\n])")
    for root, dirs, files in os.walk(stdlib):
        dirs[:] = sorted(d for d in dirs if d not in ("site-packages", "dist-packages", "test", "tests", "__pycache__"))
        for name in sorted(files):
            if name.endswith(".py"):
                with open(os.path.join(root, name), encoding="utf-8", errors="replace") as f:
                    for m in pattern.finditer(f.read()):
                        counts[m.group(1)] = counts.get(m.group(1), 0) + 1
    return counts


def prose_counts(stdlib):
    """How often each lowercase word is written as a word in the comments and docstrings of Python code."""
    counts = {}
    prose = re.compile(r'"""(.*?)"""|\'\'\'(.*?)\'\'\'|#([^\n]*)', re.S)
    word = re.compile(r"(?<![\w.])([a-z]+)(?![\w(])")
    for root, dirs, files in os.walk(stdlib):
        dirs[:] = sorted(d for d in dirs if d not in ("site-packages", "dist-packages", "test", "tests", "__pycache__"))
        for name in sorted(files):
            if name.endswith(".py"):
                with open(os.path.join(root, name), encoding="utf-8", errors="replace") as f:
                    for m in prose.finditer(f.read()):
                        for w in word.finditer(m.group(1) or m.group(2) or m.group(3) or ""):
                            counts[w.group(1)] = counts.get(w.group(1), 0) + 1
    return counts


def label_key(label):
    """The table key of a lowercase ASCII label: its bytes, little-endian, when
    it has 8 or fewer; else its FNV-1a hash with the top bit set (a packed
    ASCII key never has it), as BareNameModel.weights computes it."""
    data = label.encode()
    if len(data) <= 8:
        key = 0
        for ch in reversed(data):
            key = key << 8 | ch
        return key
    h = 0xcbf29ce484222325
    for ch in data:
        h = ((h ^ ch) * 0x100000001b3) & 0xFFFFFFFFFFFFFFFF
    return h | 1 << 63


def main():
    yml, tld_path, out_path = sys.argv[1:4]
    import sysconfig
    stdlib = sys.argv[4] if len(sys.argv) > 4 else sysconfig.get_paths()["stdlib"]
    members = member_counts(stdlib)
    words = prose_counts(stdlib)
    langs = read_languages(yml)
    popular = read_popular(os.path.join(os.path.dirname(yml), "popular.yml"))
    tlds = set()
    for line in open(tld_path, encoding="utf-8"):
        line = line.strip().lower()
        if line and not line.startswith("#") and line.isascii():
            tlds.add(line)
    ext_weight = {}
    for name, exts in langs.items():
        for i, ext in enumerate(exts):
            label = ext.lstrip(".")
            if "." in label:
                continue
            if name in popular:
                w = 3 if i == 0 else 2
            else:
                w = 2 if i == 0 else 1
            ext_weight[label] = max(ext_weight.get(label, 0), w)
    for label in BUILD_NAMES:
        ext_weight[label] = 3
    rows = []
    for tld in sorted(tlds):
        ext = ext_weight.get(tld, 0)
        if tld in TOP_TLDS:
            dom = 4
        elif tld in COMMON_TLDS:
            dom = 2
        elif len(tld) == 2 or tld in LEGACY_TLDS:
            dom = 1
        else:
            dom = 0
        uses = members.get(tld, 0)
        member = 2 if uses >= 100 else (1 if uses >= 5 else 0)
        word = 1 if words.get(tld, 0) >= 20 else 0
        if ext or dom or member or word:
            rows.append((tld, ext, dom, member, word))
    # Common extensions that are not domains: weighed as the label before the top
    # one, in a table of their own so that the top label's search stays short.
    inner_rows = [(label, ext_weight[label], 0, 0, 0) for label in sorted(ext_weight)
                  if label not in tlds and ext_weight[label] >= 2 and re.fullmatch(r"[a-z0-9-]+", label)]
    version = "?"
    vfile = os.path.join(os.path.dirname(yml), "VERSION")
    if os.path.exists(vfile):
        version = open(vfile).read().strip()
    with open(out_path, "w", encoding="utf-8") as f:
        f.write("// Generated by scripts/gen/gen_extension_tables.py from GitHub Linguist %s\n" % version)
        f.write("// languages.yml and popular.yml (MIT, LICENSES/linguist.LICENSE), IANA's\n")
        f.write("// top-level domains and the member names of Python %s's standard library;\n" % sys.version.split()[0])
        f.write("// `make tables` regenerates it. Do not edit.\n\n")
        f.write("/// Top-level domains that live a double life as file extensions, and the\n")
        f.write("/// common file extensions that are not domains (`innerKeys`: weighed as the\n")
        f.write("/// label before the top one).\n")
        f.write("enum TLDDoubleLife {\n")
        f.write("    /// Keyed by the lowercase label's bytes, little-endian in a word (a longer\n")
        f.write("    /// label: its FNV-1a hash with the top bit set); the value\n")
        f.write("    /// is the extension weight (0-3), plus the domain weight (0-4) times 4, plus\n")
        f.write("    /// the member weight (0-2) times 32, plus 128 for a common English word.\n")
        f.write("    /// Domains absent from the table weigh 0.\n")
        def table(name, table_rows, what):
            keyed = sorted((label_key(label), label, ext, dom, member, word) for label, ext, dom, member, word in table_rows)
            f.write("    /// %s, sorted (`BareNameModel` looks them up in a `LabelTable`).\n" % what)
            f.write("    static let %s: [UInt64] = [\n" % (name + "Keys" if name else "keys"))
            # Four entries a line, the labels in a comment, so the table stays short to read.
            for i in range(0, len(keyed), 4):
                group = keyed[i:i + 4]
                f.write("        %s  // %s\n" % (" ".join("0x%x," % g[0] for g in group), " ".join(g[1] for g in group)))
            f.write("    ]\n")
            f.write("    /// The weights of `%s[i]`; the comment gives each label's extension,\n" % (name + "Keys" if name else "keys"))
            f.write("    /// domain and member weight, and w for a common English word.\n")
            f.write("    static let %s: [UInt8] = [\n" % (name + "Values" if name else "values"))
            for i in range(0, len(keyed), 4):
                group = keyed[i:i + 4]
                f.write("        %s  // %s\n" % (
                    " ".join("%d," % (g[2] + g[3] * 4 + g[4] * 32 + g[5] * 128) for g in group),
                    " ".join("%s %d/%d/%d%s" % (g[1], g[2], g[3], g[4], "w" if g[5] else "") for g in group)))
            f.write("    ]\n")
        table("", rows, "Top-level domains")
        table("inner", inner_rows, "Common file extensions that are not top-level domains")
        f.write("}\n")
    print("%d top-level domains weighed, %d used as file extensions; %d other extensions" % (
        len(rows), sum(1 for r in rows if r[1]), len(inner_rows)))


if __name__ == "__main__":
    main()
