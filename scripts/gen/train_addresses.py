#!/usr/bin/env python3
"""Fits the address labeller's weights (Tables/AddressLabellerWeights.swift).

Reads corpus/features/addresses.tsv.gz (scripts/gen/address_features.py: the
binary's token features at every trigger, and the label each token should
get) and fits a linear-chain labeller with the averaged structured
perceptron (Collins 2002): start, transition and emission weights, decoded
with the same constrained Viterbi as `AddressLabeller.label` (`out` is
absorbing; a window starts with `out`, a house number, a unit or a box).
Fixed epochs, a fixed order drawn from a hash, weights rounded to tenths:
the table is the same byte for byte on every run.

    train_addresses.py --report          # held-out figures (docs/addresses.md)
    train_addresses.py --write PATH      # the table
    train_addresses.py --check           # the binary's labels are the shipped table's

Held out: the offices of each census region (with the negatives made from
them), and the corpus's sources in four folds, are each decided by the fit on all the rest.
A window is right when the address it yields (the tokens before the first
`out`, when their labels form an address: `AddressLabeller.addressEnd`) ends
where the labelled one does, or when neither yields one.
"""
import argparse
import collections
import gzip
import hashlib
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parents[2]
SWIFT = ROOT / "Sources/LinkifyDetectors/Address/AddressLabeller.swift"
TABLE = ROOT / "Sources/LinkifyDetectors/Tables/AddressLabellerWeights.swift"
FEATURES = ROOT / "corpus/features/addresses.tsv.gz"
EPOCHS = 6
FIRST_LABELS = ("out", "number", "unit", "box")
REGION_FOLDS = ("northeast", "midwest", "south", "west")


def swift_names(enum):
    """The `names` array of a Swift enum in AddressLabeller.swift: the table's order."""
    text = SWIFT.read_text(encoding="utf-8")
    m = re.search(r"enum " + enum + r"\b.*?static let names = \[(.*?)\]", text, re.S)
    return re.findall(r'"(\w+)"', m.group(1))


LABELS = swift_names("AddressLabel")
FEATS = swift_names("AddressTokenFeature")
L, F = len(LABELS), len(FEATS)
OUT = LABELS.index("out")
SEPARATOR = LABELS.index("separator")
BOX_WORD = FEATS.index("box_word")
PUNCTUATION = {FEATS.index(x) for x in ("comma", "semicolon", "line_break")}
# AddressLabeller.allows: the features one of which a token needs to take the label.
NEEDS = {LABELS.index(label): {FEATS.index(f) for f in features} for label, features in {
    "street_type": ("street_type", "highway_word"), "region": ("state_code", "state_name"),
    "postcode": ("digits5", "zip_plus4"), "country": ("country",), "box": ("box_word", "number"),
    "number": ("number", "spelled_number")}.items()}
FIRST = [LABELS.index(x) for x in FIRST_LABELS]


def read_windows(path=FEATURES):
    """Windows in file order: (source, group, key, [(feature indices, label, given, end)])."""
    index = {n: k for k, n in enumerate(FEATS)}
    windows = collections.OrderedDict()
    with gzip.open(path, "rt", encoding="utf-8") as f:
        f.readline()
        for line in f:
            source, group, window, start, end, text, feats, label, given = line.rstrip("\n").split("\t")
            key = (source, group, window)
            fs = tuple(index[kv.split("=")[0]] for kv in filter(None, feats.split(";")))
            windows.setdefault(key, []).append((fs, LABELS.index(label), LABELS.index(given), int(end)))
    return [(k[0], k[1], k, toks) for k, toks in windows.items()]


def allows(fs, label):
    """AddressLabeller.allows: any token may be `out`; a comma, semicolon or line
    break is a separator and nothing else is; the closed labels need their words."""
    if label == OUT:
        return True
    if (not PUNCTUATION.isdisjoint(fs)) != (label == SEPARATOR):
        return False
    return label not in NEEDS or not NEEDS[label].isdisjoint(fs)


class Model:
    def __init__(self):
        self.start = [0.0] * L
        self.trans = [0.0] * (L * L)
        self.emit = [0.0] * (L * F)
        # The transitions the labelled sequences hold: the others are never decoded.
        self.allowed = [True] * (L * L)

    def emission(self, fs, label):
        row = label * F
        return sum(self.emit[row + f] for f in fs)

    def decode(self, toks):
        """The constrained Viterbi of AddressLabeller.label, ties to the lower label as Swift breaks them."""
        neg = float("-inf")
        score = [neg] * L
        for l in FIRST:
            if allows(toks[0], l):
                score[l] = self.start[l] + self.emission(toks[0], l)
        back = []
        for fs in toks[1:]:
            nxt, frm = [neg] * L, [0] * L
            for l in range(L):
                if not allows(fs, l):
                    continue
                for p in range(L):
                    if score[p] == neg or (p == OUT and l != p) or not self.allowed[p * L + l]:
                        continue
                    s = score[p] + self.trans[p * L + l]
                    if s > nxt[l]:
                        nxt[l], frm[l] = s, p
                if nxt[l] != neg:
                    nxt[l] += self.emission(fs, l)
            back.append(frm)
            score = nxt
        best = 0
        for l in range(1, L):
            if score[l] > score[best]:
                best = l
        path = [best]
        for frm in reversed(back):
            path.append(frm[path[-1]])
        return path[::-1]

    def rounded(self):
        m = Model()
        m.start = [round(x * 10) for x in self.start]
        m.trans = [round(x * 10) for x in self.trans]
        m.emit = [round(x * 10) for x in self.emit]
        m.allowed = list(self.allowed)
        return m


def address_end(ends, labels, feats):
    """AddressLabeller.addressEnd: the end of the address the labels give, or None
    (a house number and a street type, or a box word labelled a box; a state; ending at the state, ZIP or country)."""
    last, street, number, box, region, city = -1, False, False, False, False, False
    for k, l in enumerate(labels):
        name = LABELS[l]
        if name == "out" or (region and name not in ("region", "postcode", "country", "separator")):
            break
        if city and name not in ("city", "region", "postcode", "country", "separator"):
            break
        if name == "number" and number and LABELS[labels[k - 1]] != "number":
            break
        number |= name == "number"
        street |= name == "street_type"
        box |= name == "box" and BOX_WORD in feats[k]
        region |= name == "region"
        city |= name == "city"
        if name != "separator":
            last = k
    if last < 0 or not ((number and street) or box) or not region:
        return None
    if LABELS[labels[last]] not in ("region", "postcode", "country"):
        return None
    return ends[last]


def unique(windows):
    """The distinct (features, labels) sequences and how often each occurs (the
    negatives repeat); not the windows inside an address, which the scanner
    reads only when the address was missed, and whose labels (`out`) would
    call a street-and-city tail no address."""
    counts = collections.Counter()
    for _, group, _, toks in windows:
        if group.startswith("inner:"):
            continue
        counts[tuple((fs, lab) for fs, lab, _, _ in toks)] += 1
    return sorted(counts.items(), key=lambda kv: hashlib.sha256(repr(kv[0]).encode()).hexdigest())


def fit(windows):
    """Averaged perceptron over the distinct sequences, each weighted by its count."""
    model, total = Model(), Model()
    seqs = unique(windows)
    seen = {(a, b) for seq, _ in seqs for (_, a), (_, b) in zip(seq, seq[1:])}
    model.allowed = [(p, l) in seen for p in range(L) for l in range(L)]
    total.allowed = model.allowed
    t = 0
    for epoch in range(EPOCHS):
        order = sorted(range(len(seqs)), key=lambda k: hashlib.sha256(f"{epoch}:{k}".encode()).hexdigest())
        for k in order:
            seq, count = seqs[k]
            feats = [fs for fs, _ in seq]
            gold = [lab for _, lab in seq]
            pred = model.decode(feats)
            t += 1
            if pred != gold:
                for sign, path in ((1, gold), (-1, pred)):
                    # A sequence seen often counts more, but not by its count (a
                    # common negative would swamp every address).
                    step = sign * count.bit_length()
                    model.start[path[0]] += step
                    total.start[path[0]] += step * (1 - t / (EPOCHS * len(seqs) + 1))
                    for k2, (fs, l) in enumerate(zip(feats, path)):
                        for f in fs:
                            model.emit[l * F + f] += step
                            total.emit[l * F + f] += step * (1 - t / (EPOCHS * len(seqs) + 1))
                        if k2:
                            i = path[k2 - 1] * L + l
                            model.trans[i] += step
                            total.trans[i] += step * (1 - t / (EPOCHS * len(seqs) + 1))
    # Averaging: each update counts for the steps after it (the running total above).
    return total.rounded()


def score(model, windows):
    """Counts per source: labelled addresses, found, and found right (same end).
    The windows are read as the scanner reads them: one that starts inside an
    address found before it is not read."""
    c = collections.defaultdict(collections.Counter)
    covered = {}
    for source, group, key, toks in windows:
        text = group if source in corpus_bytes_cached() else source
        if int(key[2]) < covered.get(text, -1):
            continue
        ends = [e for _, _, _, e in toks]
        feats = [fs for fs, _, _, _ in toks]
        gold = address_end(ends, [lab for _, lab, _, _ in toks], feats)
        got = address_end(ends, model.decode(feats), feats)
        c[source]["labelled"] += gold is not None
        c[source]["found"] += got is not None
        c[source]["right"] += got is not None and got == gold
        if got is not None:
            covered[text] = got
    return c


def folds(windows):
    """Held-out folds: each census region's offices and the negatives made from them, the corpus in four."""
    def fold(w):
        source, group = w[0], w[1].removeprefix("inner:")
        if source in ("congress-district", "place-mentions"):
            return "offices: " + (group if group in REGION_FOLDS else "other")
        return "corpus fold %d" % (int(hashlib.sha256(source.encode()).hexdigest(), 16) % 4)
    out = collections.OrderedDict()
    for w in windows:
        out.setdefault(fold(w), []).append(w)
    return out


def report(windows):
    bytes_of = corpus_bytes()
    held = collections.defaultdict(collections.Counter)
    for name, test in folds(windows).items():
        train = [w for n, ws in folds(windows).items() if n != name for w in ws]
        model = fit(train)
        for source, c in score(model, test).items():
            held[source].update(c)
        print(f"fold {name}: {len(test)} windows held out", file=sys.stderr)
    print("| source | labelled | found | right | precision | recall | false per MB |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    pooled = collections.Counter()
    for source in sorted(held):
        c = held[source]
        pooled.update(c)
        p = c["right"] / c["found"] if c["found"] else float("nan")
        r = c["right"] / c["labelled"] if c["labelled"] else float("nan")
        false = c["found"] - c["right"]
        mb = bytes_of.get(source)
        per_mb = f"{false / (mb / 1e6):.2f}" if mb else "-"
        print(f"| {source} | {c['labelled']} | {c['found']} | {c['right']} | {p:.3f} | {r:.3f} | {per_mb} |")
    p = pooled["right"] / pooled["found"]
    r = pooled["right"] / pooled["labelled"]
    print(f"| pooled | {pooled['labelled']} | {pooled['found']} | {pooled['right']} | {p:.3f} | {r:.3f} | |")


_BYTES = {}


def corpus_bytes_cached():
    if not _BYTES:
        _BYTES.update(corpus_bytes())
    return _BYTES


def corpus_bytes():
    base = ROOT / "corpus/text"
    return {d.name: sum(p.stat().st_size for p in d.rglob("*") if p.is_file()) for d in base.iterdir() if d.is_dir()}


def table(model):
    def bools(xs, per):
        rows = [", ".join("true" if x else "false" for x in xs[k:k + per]) for k in range(0, len(xs), per)]
        return "[\n" + "".join(f"        {r},\n" for r in rows) + "    ]"

    def ints(xs, per):
        rows = [", ".join(str(int(x)) for x in xs[k:k + per]) for k in range(0, len(xs), per)]
        return "[\n" + "".join(f"        {r},\n" for r in rows) + "    ]"
    return ("// Generated by scripts/gen/train_addresses.py from corpus/features/addresses.tsv.gz; do not edit.\n"
            "// `make tables` writes it again, byte for byte.\n\n"
            "/// The address labeller's fitted weights (`AddressLabeller`): the score of a\n"
            "/// first label, of a label after another (`transitions[previous * labels + next]`),\n"
            "/// and of a label for each token feature (`emissions[label * features + feature]`);\n"
            "/// a transition the labelled sequences never hold is not decoded (`allowed`).\n"
            f"/// Labels: {', '.join(LABELS)}.\n"
            "enum AddressLabellerWeights {\n"
            f"    static let start: [Int] = {ints(model.start, L)}\n"
            f"    static let transitions: [Int] = {ints(model.trans, L)}\n"
            f"    static let emissions: [Int] = {ints(model.emit, F)}\n"
            f"    static let allowed: [Bool] = {bools(model.allowed, L)}\n"
            "}\n")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--report", action="store_true")
    ap.add_argument("--write")
    ap.add_argument("--check", action="store_true")
    a = ap.parse_args()
    windows = read_windows()
    if a.report:
        report(windows)
    if a.write:
        pathlib.Path(a.write).write_text(table(fit(windows)), encoding="utf-8")
    if a.check:
        model = shipped()
        wrong = sum(model.decode([fs for fs, _, _, _ in toks]) != [g for _, _, g, _ in toks] for _, _, _, toks in windows)
        if wrong:
            sys.exit(f"train_addresses: the binary labels {wrong} windows otherwise than {TABLE.name}")
        print(f"train_addresses: the binary's labels are {TABLE.name}'s on {len(windows)} windows")


def shipped():
    """The weights of the committed table."""
    text = TABLE.read_text(encoding="utf-8")
    m = Model()
    for name, attr in (("start", "start"), ("transitions", "trans"), ("emissions", "emit")):
        body = re.search(r"static let " + name + r": \[Int\] = \[(.*?)\]", text, re.S).group(1)
        setattr(m, attr, [int(x) for x in re.findall(r"-?\d+", body)])
    body = re.search(r"static let allowed: \[Bool\] = \[(.*?)\]", text, re.S).group(1)
    m.allowed = [x == "true" for x in re.findall(r"true|false", body)]
    return m


if __name__ == "__main__":
    main()
