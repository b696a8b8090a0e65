#!/usr/bin/env python3
"""Extracts the US office addresses of the unitedstates/congress-legislators data
(CC0 1.0) into corpus/addresses/, the addresses the address labeller is fitted on.

    git clone https://github.com/unitedstates/congress-legislators
    git -C congress-legislators checkout dfa9622263dd4c8d08636926e498f1845704d7eb
    scripts/corpus/congress_addresses.py congress-legislators

Writes congress-district-offices.tsv (tab-separated, a header line, sorted,
whitespace folded): each district office of legislators-district-offices.yaml
with its own fields: id, address (house number and street, or a box), suite,
building, city, state, zip.
"""
import pathlib
import sys

import yaml

OUT = pathlib.Path(__file__).resolve().parents[2] / "corpus/addresses"


def clean(v):
    return " ".join(str(v).split()) if v is not None else ""


def main(repo):
    repo = pathlib.Path(repo)
    offices = yaml.safe_load((repo / "legislators-district-offices.yaml").read_text(encoding="utf-8"))
    rows = []
    for person in offices:
        for o in person["offices"]:
            if not o.get("address") or not o.get("city") or not o.get("state"):
                continue
            rows.append([clean(o.get(k)) for k in ("id", "address", "suite", "building", "city", "state", "zip")])
    rows.sort()
    with open(OUT / "congress-district-offices.tsv", "w", encoding="utf-8") as f:
        f.write("id\taddress\tsuite\tbuilding\tcity\tstate\tzip\n")
        for r in rows:
            f.write("\t".join(r) + "\n")
    print(f"{len(rows)} district offices")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else ".")
