#!/usr/bin/env python3
"""How linkify does on real documentation text (issue 12): scheme-less links,
false phones and date years.

  python3 scripts/check/realtext.py --bin .build/release/linkify [--baseline OLD_BIN]
                                    [--source DIR ...] [--labels FILE] [--list N]
                                    [--phone-region R]

The corpus is, by default, this machine's Debian changelogs and NEWS files
under /usr/share/doc (gzip or plain), each file as plain text; `--source DIR`
(repeatable) takes every changelog, NEWS, README, CHANGES, HISTORY and
release-notes file (any extension, gzip read) and every .md/.rst/.txt file
under DIR instead. Files are decompressed into a temporary folder and run
through the binary together (`--to jsonl`, one record per entity).

Scheme-less links are URL entities whose text has no `://`, does not start
with `www.` and is not a `mailto:`. Each distinct name is labelled by these
rules, in order, and the rule is reported with the count:
  domain/corpus-scheme  the corpus writes the host after `scheme://`, after
                        `www.` or after `@` somewhere (any file: the binary
                        only sees its own window, so this is wider evidence);
  domain/well-known     the host or its last two labels are in WELL_KNOWN below;
  file/path             the corpus writes the name directly after `/` or `\\`
                        or before `:LINE`, and never with a scheme;
  by eye                the labels file (default scripts/check/realtext-labels.txt,
                        lines `NAME domain|file`), written by reading contexts;
  unlabelled            none of these (left out of the precision estimate and
                        counted separately).
Precision = domain occurrences / labelled occurrences among the links found.
Domain recall (with --baseline) = domain occurrences linked by --bin /
domain occurrences among the baseline's and --bin's scheme-less links
together (the baseline links every name whose top label is a registered
domain, so it is the candidate set).

With `--detect all` the same files give phone links per MB, raw (every
phone link counted as false: the changelogs and NEWS files hold almost no
phone numbers) and labelled: a phone text that the labels file lists as
`TEXT phone` (read by eye in its contexts, each line saying where it is
from) is a real phone number and not counted as false. `--list N` prints N
phones with their file and the text around them, to check by eye; and
date year mismatches: a date entity whose text, or the text right after
it (a year after a zone, as git and date(1) write it, on the same line or
wrapped to the next, but not past a blank line nor one that starts a date
of its own; read from the file's bytes at the entity's `--offsets utf8`
end), holds a four-digit year different from its value's year.
"""
import argparse
import atexit
import collections
import gzip
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

WELL_KNOWN = set("""
github.com gitlab.com kernel.org debian.org ubuntu.com launchpad.net sourceforge.net gnu.org
python.org pypi.org freedesktop.org gnome.org kde.org mozilla.org apache.org fsf.org
savannah.gnu.org sourceware.org wikipedia.org google.com example.com example.org example.net
microsoft.com apple.com openssl.org perl.org cpan.org rust-lang.org crates.io docs.rs
readthedocs.io readthedocs.org golang.org go.dev npmjs.com npmjs.org nodejs.org ruby-lang.org
rubygems.org php.net postgresql.org mysql.com sqlite.org x.org xorg.freedesktop.org
bitbucket.org savannah.nongnu.org nongnu.org redhat.com fedoraproject.org opensuse.org
archlinux.org gentoo.org freebsd.org openbsd.org netbsd.org llvm.org gcc.gnu.org
mit.edu stanford.edu berkeley.edu w3.org ietf.org rfc-editor.org iana.org unicode.org
python.org.uk cve.mitre.org mitre.org nvd.nist.gov nist.gov openwall.com oss-security.openwall.com
salsa.debian.org bugs.debian.org lists.debian.org packages.debian.org tracker.debian.org
security-tracker.debian.org ftp.debian.org wiki.debian.org qa.debian.org snapshot.debian.org
bugzilla.redhat.com bugzilla.mozilla.org bugs.launchpad.net code.google.com youtube.com
twitter.com facebook.com stackoverflow.com ftp.gnu.org alioth.debian.org anonscm.debian.org
""".split())

TEXT_NAMES = re.compile(r"^(changelog|news|readme|changes|history|release[-_]?notes|relnotes)", re.I)
TEXT_EXTS = (".md", ".rst", ".txt")


def read(path):
    with open(path, "rb") as f:
        data = f.read()
    if path.endswith(".gz"):
        try:
            data = gzip.decompress(data)
        except (OSError, EOFError):
            return None
    return data


def corpus_files(sources):
    out = []
    if not sources:
        for root, _, files in os.walk("/usr/share/doc"):
            for name in files:
                if name.startswith("changelog") or name.startswith("NEWS"):
                    out.append(os.path.join(root, name))
        return sorted(out)
    for src in sources:
        for root, _, files in os.walk(src):
            for name in files:
                base = name[:-3] if name.endswith(".gz") else name
                if TEXT_NAMES.match(base) or base.endswith(TEXT_EXTS):
                    p = os.path.join(root, name)
                    if os.path.isfile(p) and not os.path.islink(p):
                        out.append(p)
    return sorted(out)


def run(binary, files, extra):
    records = []
    for k in range(0, len(files), 200):
        chunk = files[k:k + 200]
        proc = subprocess.run([binary, "--to", "jsonl", "--from", "text", "-j", "1"] + extra + chunk,
                              stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        for line in proc.stdout.splitlines():
            try:
                records.append(json.loads(line))
            except ValueError:
                pass
    return records


def bare(records):
    for r in records:
        if r.get("kind") != "url":
            continue
        t = r["text"]
        if "://" in t or t.lower().startswith("www.") or t.lower().startswith("mailto:"):
            continue
        yield r


def host_of(text):
    m = re.match(r"[^/?#:]+", text)
    return (m.group(0) if m else text).rstrip(".").lower()


def last_two(host):
    return ".".join(host.split(".")[-2:])


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", required=True)
    ap.add_argument("--baseline")
    ap.add_argument("--source", action="append", default=[])
    ap.add_argument("--labels", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), "realtext-labels.txt"))
    ap.add_argument("--list", type=int, default=0, help="print N unlabelled names and N phones to check by eye")
    ap.add_argument("--max-files", type=int, default=0)
    ap.add_argument("--phone-region", help="region national phone numbers are read in (--detect all run; default: the binary's)")
    ap.add_argument("--dump", help="write each scheme-less link of --bin as a JSON line: name, label, rule, "
                    "and 60 characters of text either side (to label by eye)")
    args = ap.parse_args()

    files = corpus_files(args.source)
    if args.max_files:
        files = files[:args.max_files]
    tmp = tempfile.mkdtemp(prefix="realtext-")
    atexit.register(shutil.rmtree, tmp, True)   # the decompressed corpus is 150 MB on Debian
    paths, total, contents, origin = [], 0, {}, {}
    scheme_hosts, path_names, all_text = set(), set(), []
    for i, f in enumerate(files):
        data = read(f)
        if not data:
            continue
        p = os.path.join(tmp, "%05d.txt" % i)
        with open(p, "wb") as out:
            out.write(data)
        paths.append(p)
        origin[p] = f
        contents[p] = data
        total += len(data)
        text = data.decode("utf-8", "replace")
        # An email domain needs a local part before `@` and starts with a
        # letter or digit: `@typing.final` is a Python decorator and
        # `p11-kit-remote@.service.in` a systemd template unit, not hosts.
        for m in re.finditer(r"(?:[a-zA-Z][a-zA-Z0-9+.-]*://(?:[^/@\s]*@)?|\bwww\.|(?<=[\w.+-])@)([^\W_][\w.-]*\.[a-zA-Z]{2,})", text):
            h = m.group(1).lower().rstrip(".")
            scheme_hosts.add(h)
            scheme_hosts.add(last_two(h))
        for m in re.finditer(r"[/\\]([\w.+-]+\.[a-zA-Z]{2,})\b|\b([\w.+-]+\.[a-zA-Z]{2,}):\d+", text):
            path_names.add((m.group(1) or m.group(2)).lower())
    mb = total / 1e6
    labels, real_phones = {}, set()
    if os.path.exists(args.labels):
        for line in open(args.labels, encoding="utf-8"):
            parts = line.split("#", 1)[0].split()
            if len(parts) >= 2 and parts[-1] == "phone":   # `TEXT phone`; the text may hold spaces
                real_phones.add(" ".join(parts[:-1]))
            elif len(parts) >= 2:
                labels[parts[0].lower()] = parts[1]

    def label(name):
        h = host_of(name)
        if h in labels:
            return labels[h], "by eye"
        if h in scheme_hosts or last_two(h) in scheme_hosts:
            return "domain", "corpus-scheme"
        if h in WELL_KNOWN or last_two(h) in WELL_KNOWN:
            return "domain", "well-known"
        if h in path_names:
            return "file", "path"
        return None, "unlabelled"

    print("corpus: %d files, %.1f MB (%s)" % (len(paths), mb, ", ".join(args.source) or "/usr/share/doc changelogs and NEWS"))
    found = {}
    for name, binary in (("baseline", args.baseline), ("bin", args.bin)):
        if binary:
            found[name] = list(bare(run(binary, paths, [])))
    key = lambda r: (r["path"], r["start"])
    candidates = {}
    for recs in found.values():
        for r in recs:
            candidates[key(r)] = r
    domain_occ = [k for k, r in candidates.items() if label(r["text"])[0] == "domain"]
    for name, recs in found.items():
        by_tld = collections.Counter(host_of(r["text"]).rsplit(".", 1)[-1] for r in recs)
        rules = collections.Counter()
        dom = fil = unl = 0
        for r in recs:
            verdict, rule = label(r["text"])
            rules[(verdict, rule)] += 1
            if verdict == "domain":
                dom += 1
            elif verdict == "file":
                fil += 1
            else:
                unl += 1
        if name == "bin" and args.dump:
            decoded = {}
            with open(args.dump, "w", encoding="utf-8") as out:
                for r in recs:
                    if r["path"] not in decoded:   # scalar offsets, the default: slice the decoded text
                        decoded[r["path"]] = contents.get(r["path"], b"").decode("utf-8", "replace")
                    text, s0 = decoded[r["path"]], r["start"]
                    verdict, rule = label(r["text"])
                    out.write(json.dumps({"name": host_of(r["text"]), "label": verdict, "rule": rule,
                                          "context": text[max(0, s0 - 60):r["end"] + 60]}) + "\n")
        print("\n[%s] %s" % (name, args.bin if name == "bin" else args.baseline))
        print("  scheme-less non-www links: %d (%.0f per MB)" % (len(recs), len(recs) / mb if mb else 0))
        print("  by top-level label: " + ", ".join("%s %d" % kv for kv in by_tld.most_common(15)))
        print("  labels: " + ", ".join("%s/%s %d" % (v or "?", r, c) for (v, r), c in sorted(rules.items(), key=lambda x: -x[1])))
        labelled = dom + fil
        print("  precision: %s (%d domain of %d labelled; %d unlabelled)" % (
            "%.3f" % (dom / labelled) if labelled else "n/a", dom, labelled, unl))
        if args.baseline:
            linked = set(key(r) for r in recs)
            hit = sum(1 for k in domain_occ if k in linked)
            print("  domain recall: %s (%d of %d domain occurrences)" % (
                "%.3f" % (hit / len(domain_occ)) if domain_occ else "n/a", hit, len(domain_occ)))
            if args.list:
                missed = collections.Counter(host_of(candidates[k]["text"]) for k in domain_occ if k not in linked)
                print("  domains not linked: " + ", ".join("%s %d" % kv for kv in missed.most_common(args.list)))
        if args.list:
            seen = collections.Counter(host_of(r["text"]) for r in recs if label(r["text"])[0] is None)
            print("  unlabelled, most frequent: " + ", ".join("%s %d" % kv for kv in seen.most_common(args.list)))
            notdom = collections.Counter(host_of(r["text"]) for r in recs if label(r["text"])[0] == "file")
            print("  labelled file, most frequent: " + ", ".join("%s %d" % kv for kv in notdom.most_common(args.list)))
    for name, binary in (("baseline", args.baseline), ("bin", args.bin)):
        if not binary:
            continue
        # Byte offsets: the tail after a date is sliced from the file's bytes
        # (scalar offsets, the default, drift after the first non-ASCII character).
        recs = run(binary, paths, ["--detect", "all", "--offsets", "utf8"]
                   + (["--phone-region", args.phone_region] if args.phone_region else []))
        phones = [r for r in recs if r.get("kind") == "phone"]
        mismatches = []
        for r in recs:
            if r.get("kind") != "date" or not r.get("value"):
                continue
            years = re.findall(r"(?<!\d)(1[89]\d\d|2[01]\d\d)(?!\d)", r["text"])
            if not years and r["path"] in contents:
                # `Mon Jul 13 19:25:25 2026 -0600`, `Thu Jul 18 01:30:22 MDT 1996`:
                # the year right after the span (past a zone, or wrapped to the
                # next line) is the date's own. Not past a blank line, and not a
                # year that starts a date of its own: `January 11th\n\n2004-01-07`
                # is the next ChangeLog entry's heading, not the year of the first.
                tail = contents[r["path"]][r["end"]:r["end"] + 40].decode("utf-8", "replace")
                m = re.match(r"[ \t]*(?:\r?\n[ \t]*)?(?:[+-]\d{4}[ \t]+|[A-Z]{2,5}[ \t]+)?"
                             r"(1[89]\d\d|2[01]\d\d)(?!\d)(?![-/:.]\d)", tail)
                years = [m.group(1)] if m else []
            if years and str(r["value"])[:4] not in years:
                mismatches.append(r)
        print("\n[%s --detect all] phone links: %d (%.2f per MB); date year mismatches: %d of %d dates" % (
            name, len(phones), len(phones) / mb if mb else 0, len(mismatches),
            sum(1 for r in recs if r.get("kind") == "date")))
        real = [r for r in phones if " ".join(r["text"].split()) in real_phones]
        false = len(phones) - len(real)
        print("  labelled: %d real phones by eye (%s), %d false phones (%.2f per MB)" % (
            len(real), ", ".join("%s %d" % kv for kv in collections.Counter(r["text"] for r in real).most_common())
            or "none", false, false / mb if mb else 0))
        if args.list:
            print("  phones: " + " | ".join(r["text"] for r in phones[:args.list]))
            for r in phones[:args.list]:
                data = contents.get(r["path"], b"")
                around = data[max(0, r["start"] - 50):r["end"] + 30].decode("utf-8", "replace")
                print("    %-22r %s%s: %r" % (r["text"], "(real) " if r in real else "", origin.get(r["path"], r["path"]), around))
            print("  year mismatches: " + " | ".join("%s -> %s" % (r["text"], r["value"]) for r in mismatches[:args.list]))


if __name__ == "__main__":
    main()
