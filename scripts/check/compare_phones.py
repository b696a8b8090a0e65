#!/usr/bin/env python3
"""Compares linkify's phone numbers with libphonenumber's PhoneNumberMatcher
(leniency VALID), line by line, for development.  Needs the `phonenumbers`
package (pip install phonenumbers==9.0.43, the metadata's version).

Usage: python3 scripts/check/compare_phones.py --bin .build/release/linkify --region US FILE...
Prints each line where the two disagree and a summary.
"""
import argparse
import json
import subprocess
import sys

import phonenumbers


def oracle(line, region):
    out = []
    for m in phonenumbers.PhoneNumberMatcher(line, region, leniency=phonenumbers.Leniency.VALID):
        out.append((m.start, m.end, phonenumbers.format_number(m.number, phonenumbers.PhoneNumberFormat.E164)))
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", default=".build/release/linkify")
    ap.add_argument("--region", default="US")
    ap.add_argument("files", nargs="+")
    args = ap.parse_args()
    lines = []
    for f in args.files:
        lines += [l.rstrip("\n") for l in open(f, encoding="utf-8") if l.strip()]
    text = "\n".join(lines) + "\n"
    proc = subprocess.run([args.bin, "--detect", "phone", "--phone-region", args.region, "--to", "jsonl"],
                          input=text.encode(), capture_output=True)
    got = {}
    for row in proc.stdout.decode().splitlines():
        e = json.loads(row)
        got.setdefault(e["line"], []).append((e["column"] - 1, e["column"] - 1 + len(e["text"]), e["value"]))
    agree = 0
    for n, line in enumerate(lines, 1):
        want = oracle(line, args.region)
        have = got.get(n, [])
        if want == have:
            agree += 1
        else:
            print(f"{line!r}\n  libphonenumber: {want}\n  linkify:        {have}")
    print(f"{agree}/{len(lines)} lines agree", file=sys.stderr)


if __name__ == "__main__":
    main()
