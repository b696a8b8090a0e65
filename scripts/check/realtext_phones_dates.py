#!/usr/bin/env python3
"""Phones and dates of `linkify --detect all` on real text (issue 12).

Phones: every phone link found in real documentation that holds no phone
numbers (by default this machine's Debian changelogs and NEWS files), per MB
of text, for several regions; the distinct texts are listed with their line
so that a reader can check that none is a phone number.

Dates: lines in the forms logs and mail write (Debian changelog trailers and
RFC 2822 dates, git log, date(1) and ctime, syslog as logger(1) writes it)
are collected from the same text and from the real tools (git log of a
repository, date(1) in several zones, logger(1)); the expected span and
value of each are read here with regular expressions and compared with what
linkify finds there. A year mismatch is a line whose date is not found
starting where it starts, or is found with another year. RFC 3164 syslog
lines carry no year: they are counted but not scored for the year.

Usage:
    python3 scripts/check/realtext_phones_dates.py --bin .build/release/linkify
        [--source DIR]... [--regions US,DE,...] [--git REPO] [--show N]

With --source, the text is every file under each DIR (any name; binary files
skipped; .gz files read decompressed) instead of the Debian documentation.
"""
import argparse
import glob
import gzip
import json
import os
import re
import subprocess
import sys
import tempfile

# A --now in another year than the text's, so that a date read without its year shows.
NOW = "2031-06-15T12:00:00"
MONTHS = {m: i + 1 for i, m in enumerate(
    ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"])}
FULL_MONTHS = {m: i + 1 for i, m in enumerate(
    ["January", "February", "March", "April", "May", "June", "July", "August", "September",
     "October", "November", "December"])}
# Zone names whose offset is not in doubt (RFC 822 §5 and the US zones date(1) prints).
ZONES = {"UT": 0, "UTC": 0, "GMT": 0, "Z": 0,
         "EST": -300, "EDT": -240, "CST": -360, "CDT": -300, "MST": -420, "MDT": -360,
         "PST": -480, "PDT": -420, "CET": 60, "CEST": 120, "EET": 120, "EEST": 180, "JST": 540}
WD = r"(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun)"
MON = r"(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)"
MONTH_ANY = r"(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec|January|February|March|April|June|July|August|September|October|November|December)"

# RFC 2822 (mail, Debian trailers, `date -R`, `git log --date=rfc`).
RFC2822 = re.compile(WD + r",\s+(\d{1,2}) " + MONTH_ANY + r" (\d{4}) (\d\d):(\d\d):(\d\d) ([+-]\d{4}|[A-Z]{1,4})\b")
# date(1), ctime and git log: weekday, month, day, time, then zone and year
# (date(1)) or year and offset (git log) or year alone (ctime).
UNIXDATE = re.compile(WD + r" " + MON + r" +(\d{1,2}) (\d\d):(\d\d):(\d\d)"
                      r"(?: ([A-Z]{2,5}))? (\d{4})(?: ([+-]\d{4}))?(?![\d:])")
# RFC 3164 syslog: no year.
SYSLOG3164 = re.compile(r"^<\d+>" + MON + r" +(\d{1,2}) (\d\d):(\d\d):(\d\d)")
# RFC 5424 syslog: RFC 3339 time stamps.
SYSLOG5424 = re.compile(r"(\d{4})-(\d\d)-(\d\d)T(\d\d):(\d\d):(\d\d)(?:\.\d+)?(Z|[+-]\d\d:\d\d)")


def offset_text(zone):
    """`+HH:MM` for a `+HHMM`, `+HH:MM` or known zone name; None when unknown."""
    if zone is None:
        return None
    if zone in ZONES:
        m = ZONES[zone]
    elif re.fullmatch(r"[+-]\d\d:?\d\d", zone):
        digits = zone[1:].replace(":", "")
        m = int(digits[:2]) * 60 + int(digits[2:])
        m = -m if zone[0] == "-" else m
    else:
        return None
    sign = "-" if m < 0 else "+"
    return "%s%02d:%02d" % (sign, abs(m) // 60, abs(m) % 60)


def expected(line):
    """(form, start, end, year or None, ISO value or None) of the date in `line`, or None."""
    m = SYSLOG3164.match(line)
    if m:
        return ("syslog rfc3164", m.start(1), m.end(5), None, None)
    m = SYSLOG5424.search(line)
    if m and line.startswith("<"):
        y, mo, d, hh, mi, ss, z = m.groups()
        iso = "%s-%s-%sT%s:%s:%s%s" % (y, mo, d, hh, mi, ss, offset_text("+00:00" if z == "Z" else z))
        return ("syslog rfc5424", m.start(), m.end(), int(y), iso)
    m = RFC2822.search(line)
    if m:
        d, mon, y, hh, mi, ss, z = m.groups()
        month = MONTHS.get(mon) or FULL_MONTHS[mon]
        off = offset_text(z)
        iso = "%s-%02d-%02dT%s:%s:%s%s" % (y, month, int(d), hh, mi, ss, off or "")
        form = "debian trailer" if line.startswith(" -- ") else "rfc 2822"
        return (form, m.start(), m.end(), int(y), iso if off or z not in ZONES else iso)
    m = UNIXDATE.search(line)
    if m:
        mon, d, hh, mi, ss, zone, y, off = m.groups()
        o = offset_text(off) if off else offset_text(zone)
        iso = "%s-%02d-%02dT%s:%s:%s%s" % (y, MONTHS[mon], int(d), hh, mi, ss, o or "")
        form = "git log" if line.startswith("Date:") else ("date(1)" if zone else "ctime")
        return (form, m.start(), m.end(), int(y), iso)
    return None


def read_text(path):
    opener = gzip.open if path.endswith(".gz") else open
    try:
        with opener(path, "rb") as f:
            data = f.read()
    except OSError:
        return b""
    return b"" if b"\0" in data[:8192] else data


def corpus(sources):
    if not sources:
        files = sorted(glob.glob("/usr/share/doc/*/changelog.Debian.gz")) + sorted(glob.glob("/usr/share/doc/*/NEWS*"))
    else:
        files = []
        for s in sources:
            for root, dirs, names in os.walk(s):
                dirs.sort()
                files += [os.path.join(root, n) for n in sorted(names)]
    return b"".join(read_text(f) for f in files if os.path.isfile(f))


def run(binary, path, *flags):
    out = subprocess.run([binary, "--detect", "all", "--to", "jsonl", "--now", NOW, *flags, path],
                         capture_output=True, check=False)
    if out.returncode != 0:
        sys.exit("linkify failed: %s" % out.stderr.decode(errors="replace"))
    return [json.loads(l) for l in out.stdout.splitlines()]


def tool_lines(git_repo):
    """Date lines written by the real tools of this machine."""
    lines = []
    if git_repo:
        for fmt in ([], ["--date=rfc"]):
            out = subprocess.run(["git", "-C", git_repo, "log", *fmt], capture_output=True, text=True)
            lines += [l for l in out.stdout.splitlines() if l.startswith("Date:")]
    env = dict(os.environ, LC_ALL="C")
    epochs = [837675022, 946684799, 1234567890, 1700000000, 1751000000, 1784000000]
    for tz in ["America/Denver", "America/New_York", "UTC", "Europe/Berlin", "Asia/Tokyo", "Asia/Kolkata"]:
        env["TZ"] = tz
        for e in epochs:
            for fmt in ([], ["-R"]):
                out = subprocess.run(["date", *fmt, "-d", "@%d" % e], capture_output=True, text=True, env=env)
                lines.append(out.stdout.strip())
    for proto in ["--rfc3164", "--rfc5424"]:
        out = subprocess.run(["logger", "--no-act", "--stderr", "--socket-errors=off", proto, "-t", "sshd",
                              "Accepted publickey for root from 192.0.2.1 port 52114"],
                             capture_output=True, text=True)
        lines += [l for l in out.stderr.splitlines() if l.startswith("<")]
    return lines


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--bin", default=".build/release/linkify")
    ap.add_argument("--source", action="append", default=[])
    ap.add_argument("--regions", default="US,DE,GB,FR,IN,CN,BR,JP")
    ap.add_argument("--git", default="/work/main", help="repository whose git log gives git dates ('' for none)")
    ap.add_argument("--show", type=int, default=10, help="distinct phone texts and date failures listed")
    a = ap.parse_args()

    text = corpus(a.source)
    mb = len(text) / 1e6
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "corpus.txt")
        with open(path, "wb") as f:
            f.write(text)
        lines = text.split(b"\n")
        print("text: %.1f MB (%s)" % (mb, ", ".join(a.source) or "Debian changelogs and NEWS"))
        print("\nphones (--detect all; every one listed below is a phone link in text without phone numbers)")
        print("%-7s %8s %10s" % ("region", "phones", "per MB"))
        shown = {}
        for region in a.regions.split(","):
            found = [e for e in run(a.bin, path, "--phone-region", region) if e["kind"] == "phone"]
            print("%-7s %8d %10.3f" % (region, len(found), len(found) / mb))
            for e in found:
                shown.setdefault(e["text"], (region, lines[e["line"] - 1].decode("utf-8", "replace").strip()))
        for t, (region, line) in list(shown.items())[:a.show]:
            print("  %-4s %-22r %s" % (region, t, line[:100]))

        # Dates: the corpus's own date lines (deduplicated), then the tools'.
        date_lines = []
        seen = set()
        for raw in lines:
            line = raw.decode("utf-8", "replace")
            if line in seen or not (RFC2822.search(line) or UNIXDATE.search(line)):
                continue
            seen.add(line)
            date_lines.append(line)
        date_lines += tool_lines(a.git)
        cases = [(l, expected(l)) for l in date_lines]
        cases = [(l, e) for l, e in cases if e]
        dpath = os.path.join(tmp, "dates.txt")
        with open(dpath, "w") as f:
            f.write("\n".join(l for l, _ in cases) + "\n")
        by_line = {}
        for e in run(a.bin, dpath):
            if e["kind"] == "date":
                by_line.setdefault(e["line"], []).append(e)
        stats = {}
        failures = []
        for n, (line, (form, start, end, year, iso)) in enumerate(cases, 1):
            s = stats.setdefault(form, [0, 0, 0, 0])
            s[0] += 1
            col = len(line[:start]) + 1
            hit = [e for e in by_line.get(n, []) if e["column"] == col]
            e = hit[0] if hit else None
            if e and e["text"] == line[start:end]:
                s[1] += 1
            value = e["value"].replace("Z", "+00:00") if e else None
            if year is not None and (value is None or int(value[:4]) != year):
                s[2] += 1
                failures.append((form, line, e and e["text"], value, iso))
            elif iso is not None and value != iso:
                s[3] += 1
                failures.append((form, line, e and e["text"], value, iso))
        print("\ndates (--detect all --now %s)" % NOW)
        print("%-16s %7s %11s %15s %15s" % ("form", "lines", "whole span", "year mismatch", "other value"))
        total = [0, 0, 0, 0]
        for form, s in sorted(stats.items()):
            print("%-16s %7d %11d %15s %15s" % (form, s[0], s[1], s[2] if form != "syslog rfc3164" else "(no year)", s[3]))
            total = [x + y for x, y in zip(total, s)]
        print("%-16s %7d %11d %15d %15d" % ("all", *total))
        for form, line, text, value, iso in failures[:a.show]:
            print("  %-14s %r\n      found %r = %s, expected %s" % (form, line[:90], text, value, iso))


if __name__ == "__main__":
    main()
