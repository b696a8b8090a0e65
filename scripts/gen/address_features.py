#!/usr/bin/env python3
"""Exports the address labeller's token features, with the labels they should get.

The labelled addresses are real ones with their own fields, from
corpus/addresses/ (the congress-legislators data, CC0): each is written out as
text the way people write addresses (the fields joined by commas, spaces or
line breaks, the unit after the street or before it, the state as a code or a
name, with or without the ZIP, in the data's case, in capitals or in
lowercase), between words taken from the corpus's own lines. Which writing an
address gets is drawn from a hash of its id, so the export is the same on
every run. Each token of the address is labelled by the field it comes from;
the corpus's text holds no address (docs/addresses.md), so every window in it
is labelled `out`.

The features are the binary's own: it runs with `--explain=json --detect
address` and tells, at every trigger, the labeller's tokens and features
(`AddressScanner.scan(_:from:into:rejections:)`); they do not depend on the
weights. Writes corpus/features/addresses.tsv.gz (gzip: the rows repeat
much; a name without `.gz` is written plain): one row per token — source,
group (the census region of an office, for held-out folds), window, start,
end, text, features, the label it should get, and the label the binary gave.

Usage: address_features.py [--bin .build/release/linkify] [--out corpus/features/addresses.tsv.gz]
"""
import argparse
import gzip
import hashlib
import json
import os
import pathlib
import re
import subprocess
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from model_export import ROOT, corpus_files, feature_column, write_rows  # noqa: E402

DATA = ROOT / "corpus/addresses"
MODEL = re.compile(r"^address token (\w+) in window (\d+)$")

# US Census Bureau regions (the four census regions; territories apart).
REGIONS = {
    "northeast": "CT ME MA NH RI VT NJ NY PA",
    "midwest": "IL IN MI OH WI IA KS MN MO NE ND SD",
    "south": "DE DC FL GA MD NC SC VA WV AL KY MS TN AR LA OK TX",
    "west": "AZ CO ID MT NV NM UT WY AK CA HI OR WA",
}
REGION_OF = {s: r for r, states in REGIONS.items() for s in states.split()}
STATE_NAMES = {
    "AL": "Alabama", "AK": "Alaska", "AZ": "Arizona", "AR": "Arkansas", "CA": "California", "CO": "Colorado",
    "CT": "Connecticut", "DE": "Delaware", "FL": "Florida", "GA": "Georgia", "HI": "Hawaii", "ID": "Idaho",
    "IL": "Illinois", "IN": "Indiana", "IA": "Iowa", "KS": "Kansas", "KY": "Kentucky", "LA": "Louisiana",
    "ME": "Maine", "MD": "Maryland", "MA": "Massachusetts", "MI": "Michigan", "MN": "Minnesota",
    "MS": "Mississippi", "MO": "Missouri", "MT": "Montana", "NE": "Nebraska", "NV": "Nevada",
    "NH": "New Hampshire", "NJ": "New Jersey", "NM": "New Mexico", "NY": "New York", "NC": "North Carolina",
    "ND": "North Dakota", "OH": "Ohio", "OK": "Oklahoma", "OR": "Oregon", "PA": "Pennsylvania",
    "RI": "Rhode Island", "SC": "South Carolina", "SD": "South Dakota", "TN": "Tennessee", "TX": "Texas",
    "UT": "Utah", "VT": "Vermont", "VA": "Virginia", "WA": "Washington", "WV": "West Virginia",
    "WI": "Wisconsin", "WY": "Wyoming", "DC": "District of Columbia", "PR": "Puerto Rico",
}


# Corpus sources added for their phone numbers, whose text holds real
# addresses that nobody has labelled (a travel guide's listings, the congress
# offices' own data, postal addresses in mail signatures and fax manuals).
# Read as windows without an address ("out") they would teach the labeller
# that addresses are not, so they are left out.
UNLABELLED_ADDRESSES = {"wikivoyage-boston", "congress-offices", "efax", "hylafax", "mgetty", "kamailio", "gammu"}


def address_free_files():
    """corpus_files() less the sources of UNLABELLED_ADDRESSES."""
    return [f for f in corpus_files() if f[0] not in UNLABELLED_ADDRESSES]


def draw(key, salt, n):
    """A number in 0..<n drawn from a hash of the record's key."""
    return int(hashlib.sha256(f"{salt}:{key}".encode()).hexdigest()[:8], 16) % n


def context_lines():
    """Lines of the corpus's text to write around the addresses: 3 to 14 words of
    letters and common punctuation, no digits (so they hold no trigger)."""
    lines = []
    for _, _, path in address_free_files():
        for line in path.read_text(encoding="utf-8", errors="replace").splitlines():
            words = line.split()
            if 3 <= len(words) <= 14 and re.fullmatch(r"[A-Za-z ,.'-]+", line.strip()):
                lines.append(" ".join(words))
    return lines


class Writer:
    """Builds one text of addresses, each a paragraph, and the label of each byte."""

    def __init__(self):
        self.text = ""
        self.labels = []
        self.starts = set()
        self.spans = []

    def put(self, s, label="out"):
        self.text += s
        self.labels += [label] * len(s.encode())

    def address(self, parts):
        """`parts`: (text, label) in order; a part with label None is a separator."""
        start = len(self.text.encode())
        self.starts.add(start)
        for s, label in parts:
            self.put(s, label or "separator")
        self.spans.append((start, len(self.text.encode())))


def swift_words(name):
    """A word list of AddressWords.swift (the street suffixes, the highway words): the list the
    binary's features read, so a street type is labelled by the same standard list."""
    text = (ROOT / "Sources/LinkifyDetectors/Address/AddressWords.swift").read_text(encoding="utf-8")
    body = re.search(r"static let " + name + r": Set<String> = \[(.*?)\]", text, re.S).group(1)
    return set(re.findall(r'"([^"]+)"', body))


SUFFIXES = swift_words("suffixes")
HIGHWAYS = swift_words("highways")


def street_parts(street):
    """The house number (or box) and the words of an address line: the last
    USPS suffix (or a highway word before a number) is the street type."""
    m = re.match(r"^(P\.? ?O\.? Box|PO Box|Box) (\S+)$", street, re.I)
    if m:
        return [(street, "box")]
    m = re.match(r"^(\d[\dA-Za-z-]*(?: 1/2)?) (.+)$", street)
    if not m:
        return None
    words = m.group(2).split(" ")
    bare = [w.lower().strip(".,") for w in words]
    typed = [k for k, w in enumerate(bare) if w in SUFFIXES and k > 0]
    typed += [k for k, w in enumerate(bare) if w in HIGHWAYS and k + 1 < len(bare) and bare[k + 1][:1].isdigit()]
    if not typed:
        return None
    t = max(typed)
    parts = [(m.group(1), "number")]
    for k, w in enumerate(words):
        parts += [(" ", None), (w, "street_type" if k == t else "street")]
    return parts


def styled(s, case):
    return s.upper() if case == 1 else s.lower() if case == 2 else s


def district_address(r):
    """The parts of a district office's address as one writer would write it."""
    key = r["id"]
    street = street_parts(r["address"])
    if street is None:
        return None
    case = [0] * 8 + [1, 2]
    case = case[draw(key, "case", 10)]
    sep = [", "] * 6 + ["\n"] * 3 + [" "]
    between = sep[draw(key, "sep", 10)]
    unit = r["suite"]
    if unit and re.fullmatch(r"[\dA-Za-z-]+", unit) and not re.fullmatch(r"[A-Za-z]+", unit):
        unit = ["#" + unit, "Suite " + unit, unit][draw(key, "bare", 3)]
    parts = []
    unit_place = draw(key, "unit", 10)
    building = r["building"] if draw(key, "building", 2) == 0 else ""
    if unit and unit_place == 0 and case != 2 and unit.split()[0].lower() in ("suite", "room", "unit", "apt", "floor"):
        parts += [(unit, "unit"), (", ", None)]
        unit = ""
    if building and case != 2:
        parts += [(building, "unit"), ([", ", "\n"][draw(key, "bsep", 2)], None)]
    if street[0][1] == "number" and draw(key, "boxfirst", 15) == 0:
        # A box before the street, as rural and business mail has both: the
        # box's number is no house number (its window holds no address).
        box = ["PO Box ", "P.O. Box ", "Box "][draw(key, "boxword", 3)] + str(draw(key, "boxno", 999) + 1)
        parts += [(box, "box"), ([", ", " ", "\n"][draw(key, "boxsep", 3)], None)]
    parts += street
    if unit and unit_place <= 8:
        parts += [([", ", " ", ", ", "\n"][draw(key, "usep", 4)], None), (unit, "unit")]
    parts += [(between, None), (r["city"], "city")]
    state = r["state"]
    if draw(key, "statename", 8) == 0 and state in STATE_NAMES:
        state = STATE_NAMES[state]
    parts += [([", ", " "][draw(key, "ssep", 4) // 3], None), (state, "region")]
    if r["zip"] and draw(key, "zip", 10) != 0:
        parts += [(" ", None), (r["zip"], "postcode")]
    if draw(key, "country", 20) == 0:
        parts += [(", ", None), ("USA", "country")]
    return [(styled(s, case), label) for s, label in parts]


def place_mention(r, lines):
    """A number, words of the corpus's prose, then an office's town and state:
    `12 builds ran on Cullman, AL` — shaped like an address and not one (no
    street), the negatives the labeller must tell from addresses."""
    key = r["id"]
    words = [w.strip(",.") for w in lines[draw(key, "mention", len(lines))].split()]
    words = [w for w in words if w][:draw(key, "mentionn", 4) + 1]
    number = [r["address"].split()[0], r["zip"][:draw(key, "count", 3) + 1] or "3"][draw(key, "numberkind", 2)]
    if not number[:1].isdigit():
        return None
    parts = [(number, "out"), (" ", None), (" ".join(words), "out"), (" ", None)]
    parts += [(["in ", "to ", "at ", "near ", ""][draw(key, "prep", 5)], "out"), (r["city"], "out"),
              ([", ", " "][draw(key, "msep", 3) // 2], None), (r["state"], "out")]
    if draw(key, "mzip", 2) == 0 and r["zip"]:
        parts += [(" ", None), (r["zip"], "out")]
    return [(s, "out") for s, _ in parts]


def street_then_prose(r, lines):
    """A street, words of the corpus's prose, then a town and state: `3 Park
    Avenue tickets for Boston, MA` — a street named in a sentence about a
    place, not an address (the town does not follow the street)."""
    key = r["id"]
    street = street_parts(r["address"])
    words = [w.strip(",.").lower() for w in lines[draw(key, "prose", len(lines))].split()]
    words = [w for w in words if w][:draw(key, "prosen", 3) + 2]
    if street is None or street[0][1] != "number" or not words:
        return None
    parts = street + [(" ", None), (" ".join(words), "out"), (" ", None),
                      (["in ", "for ", "to ", "near ", "from "][draw(key, "sprep", 5)], "out"), (r["city"], "out"),
                      (", ", None), (r["state"], "out")]
    if draw(key, "szip", 2) == 0 and r["zip"]:
        parts += [(" ", None), (r["zip"], "out")]
    return [(s, "out") for s, _ in parts]


def suffix_nouns(lines):
    """The USPS street suffixes the corpus's prose uses as lowercase words
    (`park`, `way`, `point`): nouns that look like a street type after a number."""
    return sorted({w for line in lines for w in line.split() if w in SUFFIXES})


def noun_then_place(r, lines, nouns):
    """A number, one of those nouns, words of the corpus's prose, then a town
    and state: `3 park tickets for boston, ma` — a count of things near a
    place, not an address (no street name)."""
    key = r["id"]
    words = [w.strip(",.").lower() for w in lines[draw(key, "nounprose", len(lines))].split()]
    words = [w for w in words if w][:draw(key, "nounn", 3) + 1]
    if not nouns or not words:
        return None
    parts = [(str(draw(key, "nouncount", 30) + 1), "out"), (" ", None), (nouns[draw(key, "noun", len(nouns))], "out"),
             (" ", None), (" ".join(words), "out"), (" ", None),
             (["in ", "for ", "to ", "near ", "from ", "at "][draw(key, "nprep", 6)], "out"), (r["city"], "out"),
             ([", ", " "][draw(key, "nsep", 3) // 2], None), (r["state"], "out")]
    if draw(key, "nzip", 2) == 0 and r["zip"]:
        parts += [(" ", None), (r["zip"], "out")]
    case = [0, 0, 2][draw(key, "ncase", 3)]
    return [(styled(s, case), "out") for s, _ in parts]


def write(records, lines, lists=False):
    """One text holding every record's address between corpus words: (text, byte labels, address starts, groups).
    With `lists`, one address in six is followed by the next one of its group,
    on the next line or after `;` or `or`, as lists of addresses are written:
    the window at the first address labels the second `out`."""
    w = Writer()
    groups = {}
    for i, (key, group, parts) in enumerate(records):
        lead = lines[draw(key, "lead", len(lines))].split()
        follow = lines[draw(key, "follow", len(lines))].split()
        w.put(" ".join(lead[:draw(key, "leadn", 6) + 1]) + [": ", " ", "\n", " at "][draw(key, "leadsep", 4)])
        groups[len(w.text.encode())] = group
        w.address(parts)
        if lists and draw(key, "list", 6) == 0 and i + 1 < len(records) and records[i + 1][1] == group:
            w.put(["\n", "; ", " or ", "\n"][draw(key, "listsep", 4)])
            groups[len(w.text.encode())] = group
            w.address(records[i + 1][2])
        w.put([" ", ", ", ". ", "\n", ". ", ", "][draw(key, "followsep", 6)]
              + " ".join(follow[:draw(key, "follown", 8) + 1]) + ".\n\n")
    return w, groups


def run(binary, data):
    proc = subprocess.run([binary, "--from", "text", "--explain=json", "--detect", "address", "--to", "jsonl",
                           "--offsets", "utf8", "-"], input=data, capture_output=True, check=False)
    if proc.returncode not in (0, 1):
        sys.exit(f"address_features: linkify failed: {proc.stderr[-300:]!r}")
    for line in proc.stderr.splitlines():
        if line.startswith(b"{"):
            e = json.loads(line)
            m = MODEL.match(e.get("model", ""))
            if e.get("verdict") == "weighed" and m:
                yield int(m.group(2)), e, m.group(1)


def rows_of(source, binary, data, labels=None, starts=(), groups=None, spans=()):
    """The export's rows for one text: every window's tokens, in window order.
    A window that starts inside an address, not at its start, is in group
    `inner:GROUP` (the address's group): the scanner reads it only when the
    address was not found. It holds the rest of the address when it starts at
    its house number (a unit, building or box written before it), else nothing."""
    inside, ends = {}, dict(spans)
    for s, e in spans:
        for k in range(s + 1, e):
            inside[k] = s
    windows = {}
    for window, e, given in run(binary, data):
        windows.setdefault(window, []).append((e["start"], e["end"], e["text"], feature_column(e), given))
    rows = []
    for window in sorted(windows):
        for start, end, text, feats, given in sorted(windows[window]):
            # A window inside an address holds the rest of it when it starts at
            # the house number (after a unit, building or box written first).
            outer = window if window in starts else inside.get(window) if labels and labels[window] == "number" else None
            label = labels[start] if outer is not None and start < ends[outer] else "out"
            if window in inside:
                group = "inner:" + groups.get(inside[window], "-")
            else:
                group = groups.get(window, groups.get(None, "-")) if groups else "-"
            text = text.replace("\t", " ").replace("\n", "\\n")
            rows.append((source, group, window, start, end, text, feats, label, given))
    return rows


def export(binary, out):
    lines = context_lines()
    nouns = suffix_nouns(lines)
    with open(DATA / "congress-district-offices.tsv", encoding="utf-8") as f:
        header = f.readline().rstrip("\n").split("\t")
        offices = [dict(zip(header, line.rstrip("\n").split("\t"))) for line in f]
    district, mentions = [], []
    for r in offices:
        region = REGION_OF.get(r["state"], "other")
        if parts := district_address(r):
            district.append((r["id"], region, parts))
        if draw(r["id"], "mentions", 3) == 0 and (parts := place_mention(r, lines)):
            mentions.append((r["id"], region, parts))
        if draw(r["id"], "prose", 3) == 1 and (parts := street_then_prose(r, lines)):
            mentions.append((r["id"] + "/prose", region, parts))
        if draw(r["id"], "prose", 3) == 2 and (parts := noun_then_place(r, lines, nouns)):
            mentions.append((r["id"] + "/noun", region, parts))
    rows = []
    for source, records in (("congress-district", district), ("place-mentions", mentions)):
        w, groups = write(records, lines, lists=source == "congress-district")
        rows += rows_of(source, binary, w.text.encode(), w.labels, w.starts, groups, w.spans)
    for source, rel, path in address_free_files():
        rows += rows_of(source, binary, path.read_bytes(), groups={None: rel})
    header = ("source", "group", "window", "start", "end", "text", "features", "label", "given")
    if str(out).endswith(".gz"):
        plain = out + ".tmp"
        n = write_rows(plain, header, rows)
        with open(plain, "rb") as src, open(out, "wb") as raw, gzip.GzipFile(fileobj=raw, mode="wb", mtime=0, filename="") as gz:
            gz.write(src.read())
        os.remove(plain)
    else:
        n = write_rows(out, header, rows)
    print(f"address_features: {n} tokens, {len({(r[0], r[2]) for r in rows})} windows -> {out}")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--bin", default=str(ROOT / ".build/release/linkify"))
    ap.add_argument("--out", default=str(ROOT / "corpus/features/addresses.tsv.gz"))
    a = ap.parse_args()
    export(a.bin, a.out)


if __name__ == "__main__":
    main()
