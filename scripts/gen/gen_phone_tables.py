#!/usr/bin/env python3
"""Compiles libphonenumber's matching metadata into Swift tables.

Usage: python3 scripts/gen/gen_phone_tables.py SHARED_DIR OUT_DIR

Input:  SHARED_DIR/data/phone-metadata.json (libphonenumber metadata as released in
        the Python `phonenumbers` package; Apache-2.0, see NOTICE and
        LICENSES/libphonenumber-metadata.LICENSE).
Output: OUT_DIR/PhoneMetadataTables.swift

Every regular expression of the metadata (national number patterns, leading
digits, national prefixes for parsing, international prefixes, format
patterns) is compiled here into a program for the small backtracking machine
in Sources/LinkifyCore/Detection/PhonePattern.swift, so that nothing is parsed
at run time.  The patterns use a small subset of regex syntax (digits, `\\d`,
classes, groups, alternation, `?`, `{n,m}`, `$`); anything else is an error.

The same compiler also builds a few structural patterns of the phone scanner
(over symbol classes rather than digits): symbols 0-9 are the digits, `a`-`f`
stand for symbols 10-15, `.` is any symbol.

Program encoding: a header word (6 << 28 | number of instructions), then one
UInt32 per instruction, targets relative to the first instruction:
  op << 28 | a << 14 | b        op: 0 char (mask in the low 16 bits),
                                     1 split (prefer a, then b), 2 jump a,
                                     3 save slot a, 4 end of input, 5 match
"""
import json
import os
import sys

OP_CHAR, OP_SPLIT, OP_JUMP, OP_SAVE, OP_END, OP_MATCH, OP_HEADER = range(7)
ALL = (1 << 16) - 1
DIGITS = (1 << 10) - 1


# --- parsing -----------------------------------------------------------------

class Parser:
    """Recursive descent over the regex subset; returns an AST of tuples:
    ('char', mask) ('cat', [..]) ('alt', [..]) ('rep', node, min, max|None)
    ('group', node, index|None) ('end',)."""

    def __init__(self, text):
        self.s = text
        self.i = 0
        self.groups = 0

    def fail(self, why):
        raise ValueError(f"{why} at {self.i} in {self.s!r}")

    def peek(self):
        return self.s[self.i] if self.i < len(self.s) else None

    def parse(self):
        node = self.alt()
        if self.i != len(self.s):
            self.fail("unexpected character")
        return node

    def alt(self):
        items = [self.cat()]
        while self.peek() == "|":
            self.i += 1
            items.append(self.cat())
        return items[0] if len(items) == 1 else ("alt", items)

    def cat(self):
        items = []
        while self.peek() is not None and self.peek() not in "|)":
            items.append(self.repeat())
        return ("cat", items)

    def repeat(self):
        node = self.atom()
        while True:
            c = self.peek()
            if c == "?":
                self.i += 1
                node = ("rep", node, 0, 1)
            elif c == "*":
                self.i += 1
                node = ("rep", node, 0, None)
            elif c == "+":
                self.i += 1
                node = ("rep", node, 1, None)
            elif c == "{":
                j = self.s.index("}", self.i)
                body = self.s[self.i + 1:j]
                self.i = j + 1
                if "," in body:
                    lo, hi = body.split(",")
                    node = ("rep", node, int(lo), int(hi) if hi else None)
                else:
                    node = ("rep", node, int(body), int(body))
            else:
                return node
            if self.peek() in ("?", "+") and self.s[self.i - 1] in "?*+}":
                self.fail("lazy or possessive quantifier")

    def symbol(self, c):
        if "0" <= c <= "9":
            return 1 << (ord(c) - 48)
        if "a" <= c <= "f":
            return 1 << (ord(c) - 87)
        self.fail(f"unsupported literal {c!r}")

    def atom(self):
        c = self.peek()
        if c == "(":
            self.i += 1
            index = None
            if self.s.startswith("?:", self.i):
                self.i += 2
            elif self.peek() == "?":
                self.fail("unsupported group")
            else:
                self.groups += 1
                index = self.groups
            node = self.alt()
            if self.peek() != ")":
                self.fail("missing )")
            self.i += 1
            return ("group", node, index)
        if c == "[":
            return ("char", self.cls())
        if c == "\\":
            self.i += 2
            if self.s[self.i - 1] == "d":
                return ("char", DIGITS)
            self.fail("unsupported escape")
        if c == ".":
            self.i += 1
            return ("char", ALL)
        if c == "$":
            self.i += 1
            return ("end",)
        self.i += 1
        return ("char", self.symbol(c))

    def cls(self):
        self.i += 1
        negate = self.peek() == "^"
        if negate:
            self.i += 1
        mask = 0
        while self.peek() != "]":
            if self.peek() is None:
                self.fail("missing ]")
            if self.s.startswith("\\d", self.i):
                mask |= DIGITS
                self.i += 2
                continue
            lo = self.s[self.i]
            self.i += 1
            if self.peek() == "-" and self.i + 1 < len(self.s) and self.s[self.i + 1] != "]":
                hi = self.s[self.i + 1]
                self.i += 2
                a, b = self.symbol(lo).bit_length() - 1, self.symbol(hi).bit_length() - 1
                for k in range(a, b + 1):
                    mask |= 1 << k
            else:
                mask |= self.symbol(lo)
        self.i += 1
        return (ALL & ~mask) if negate else mask


# --- code generation -----------------------------------------------------------

class Emitter:
    def __init__(self):
        self.code = []   # [op, a, b]

    def emit(self, op, a=0, b=0):
        self.code.append([op, a, b])
        return len(self.code) - 1

    def node(self, n):
        kind = n[0]
        if kind == "char":
            self.emit(OP_CHAR, 0, n[1])
        elif kind == "end":
            self.emit(OP_END)
        elif kind == "cat":
            for item in n[1]:
                self.node(item)
        elif kind == "group":
            if n[2] is not None:
                self.emit(OP_SAVE, 2 * n[2])
            self.node(n[1])
            if n[2] is not None:
                self.emit(OP_SAVE, 2 * n[2] + 1)
        elif kind == "alt":
            jumps = []
            items = n[1]
            for k, item in enumerate(items):
                if k < len(items) - 1:
                    split = self.emit(OP_SPLIT)
                    self.code[split][1] = len(self.code)
                    self.node(item)
                    jumps.append(self.emit(OP_JUMP))
                    self.code[split][2] = len(self.code)
                else:
                    self.node(item)
            for j in jumps:
                self.code[j][1] = len(self.code)
        elif kind == "rep":
            _, body, lo, hi = n
            for _ in range(lo):
                self.node(body)
            if hi is None:
                loop = self.emit(OP_SPLIT)
                self.code[loop][1] = len(self.code)
                self.node(body)
                self.emit(OP_JUMP, loop)
                self.code[loop][2] = len(self.code)
            else:
                splits = []
                for _ in range(hi - lo):
                    s = self.emit(OP_SPLIT)
                    self.code[s][1] = len(self.code)
                    splits.append(s)
                    self.node(body)
                for s in splits:
                    self.code[s][2] = len(self.code)
        else:
            raise ValueError(kind)


def compile_pattern(text):
    """(instructions, number of capture groups)."""
    p = Parser(text)
    ast = p.parse()
    e = Emitter()
    e.node(ast)
    e.emit(OP_MATCH)
    if len(e.code) >= 1 << 14:
        raise ValueError(f"pattern too long: {text[:60]}")
    # A header word holds the program's length, for the matcher's visited set.
    return [(OP_HEADER << 28) | len(e.code)] + [(op << 28) | (a << 14) | b for op, a, b in e.code], p.groups


# --- tables ----------------------------------------------------------------------

TYPE_KEYS = ["premiumRate", "tollFree", "sharedCost", "voip", "personalNumber", "pager",
             "uan", "voicemail", "fixedLine", "mobile"]

# Structural patterns of the scanner (see PhoneScanner.swift for the symbol mapping).
STRUCTURAL = {
    # libphonenumber MATCHING_BRACKETS over 0 = other, a = opening, b = closing bracket.
    "matchingBrackets": "a?(?:0+b)?0+(?:a0+b){0,3}0*",
    # PUB_PAGES over 0 = digit, a = '-', b = white space, c = '(', d = other (a search).
    "publicationPages": ".*0{1,5}a+0{1,5}b{0,4}c0",
    # SLASH_SEPARATED_DATES over digits, a = '/', b = other (a search).
    "slashSeparatedDates": ".*(?:(?:[0-3]?\\da[01]?\\d)|(?:[01]?\\da[0-3]?\\d))a(?:[12]\\d)?\\d{2}",
    # TIME_STAMPS over digits, a = '-' or '/', b = ' ', c = other (a search anchored at the end).
    "timeStamps": ".*[12]\\d{3}a?[01]\\da?[0-3]\\db+[0-2]\\d$",
}


def swift_string(s):
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'


def main():
    shared, out_dir = sys.argv[1], sys.argv[2]
    src = os.path.join(shared, "data", "phone-metadata.json")
    data = json.load(open(src, encoding="utf-8"))
    territories = sorted(data["territories"], key=lambda t: t["id"])

    code = []
    cache = {}

    def prog(pattern):
        if pattern is None:
            return -1
        if pattern not in cache:
            ins, _ = compile_pattern(pattern)
            cache[pattern] = len(code)
            code.extend(ins)
        return cache[pattern]

    def lengths_mask(ls):
        m = 0
        for n in ls or []:
            if n < 0 or n > 31:
                raise ValueError(n)
            m |= 1 << n
        return m

    strings = []

    def string_index(v):
        if v is None:
            return -1
        if v not in strings:
            strings.append(v)
        return strings.index(v)

    def desc(d):
        return [prog(d["pattern"]), lengths_mask(d.get("lengths")), lengths_mask(d.get("localOnly"))]

    # Territory records and formats are flat words (see PhoneMetadataTables.swift's
    # decoder): large literal arrays of structs are too slow for the Swift compiler.
    words = []
    format_words = []
    n_formats = 0
    for t in territories:
        types = [desc(t[k]) for k in TYPE_KEYS if k in t]
        first_format = n_formats
        for f in t["formats"]:
            format_words += [prog(f["pattern"]), prog(f.get("leadingDigits")),
                             string_index(f.get("nationalPrefixFormattingRule")),
                             1 if f.get("nationalPrefixOptionalWhenFormatting") else 0]
            n_formats += 1
        npfp = t.get("nationalPrefixForParsing")
        npfp_groups = compile_pattern(npfp)[1] if npfp else 0
        tid = t["id"]
        words += [ord(tid[0]) << 8 | ord(tid[1]), t["countryCode"], 1 if t.get("mainCountryForCode") else 0,
                  prog(t.get("internationalPrefix")), prog(npfp), npfp_groups,
                  string_index(t.get("nationalPrefixTransformRule")), prog(t.get("leadingDigits"))]
        words += desc(t["general"])
        words += [len(types)] + [w for d in types for w in d]
        words += [first_format, n_formats]

    structural = {name: prog(p) for name, p in STRUCTURAL.items()}

    # Calling code -> territories, the main one first, then by id (libphonenumber's order).
    by_code = {}
    for i, t in enumerate(territories):
        by_code.setdefault(t["countryCode"], []).append(i)
    for cc, idx in by_code.items():
        idx.sort(key=lambda i: (not territories[i].get("mainCountryForCode"), territories[i]["id"]))
        if len(idx) > 1 and not territories[idx[0]].get("mainCountryForCode"):
            raise ValueError(f"no main territory for +{cc}")

    def hexwords(ws):
        return "".join(f"{w & 0xFFFFFFFF:08x}" for w in ws)

    out = []
    out.append(f"// Generated by scripts/gen/gen_phone_tables.py from ../shared/data/phone-metadata.json ({data['source']}).")
    out.append("// Do not edit: run `make tables` to regenerate.")
    out.append("// Data: libphonenumber metadata, Apache-2.0 (LICENSES/libphonenumber-metadata.LICENSE). See NOTICE.")
    out.append("")
    out.append("/// libphonenumber's metadata for every territory, its patterns compiled for `PhonePattern`.")
    out.append("/// Everything is stored as strings of 8 hex digits per 32-bit word and decoded once")
    out.append("/// (`PhoneMetadataTables+Decoding.swift`): literal arrays this large are too slow to compile.")
    out.append("enum PhoneMetadataTables {")
    out.append("    /// Pattern programs, one after another; a pattern is the offset of its first instruction.")
    out.append(f"    static let programHex: StaticString = \"{hexwords(code)}\"")
    out.append(f"    static let programCount = {len(code)}")
    out.append("    /// Territory records, sorted by id: id (two ASCII letters), calling code, is main for")
    out.append("    /// the code, international prefix, national prefix for parsing, its group count,")
    out.append("    /// transform rule (string index), leading digits, general description (pattern,")
    out.append("    /// lengths, local-only lengths), type count and that many descriptions, formats range.")
    out.append(f"    static let territoryHex: StaticString = \"{hexwords(words)}\"")
    out.append(f"    static let territoryWordCount = {len(words)}")
    out.append(f"    static let territoryCount = {len(territories)}")
    out.append("    /// Formats: pattern, leading digits, national prefix formatting rule (string index),")
    out.append("    /// national prefix optional when formatting.")
    out.append(f"    static let formatHex: StaticString = \"{hexwords(format_words)}\"")
    out.append(f"    static let formatCount = {n_formats}")
    out.append("    /// Rules referenced by index, one a line.")
    joined = "\\n".join(x.replace("\\", "\\\\") for x in strings)
    out.append(f"    static let strings: StaticString = \"{joined}\"")
    out.append("")
    for name, off in structural.items():
        out.append(f"    /// The scanner's `{name}` structural pattern (see gen_phone_tables.py).")
        out.append(f"    static let {name}: Int32 = {off}")
    out.append("")
    out.append("    /// Calling code -> indexes into `territories`, the main territory first.")
    out.append("    static let territoriesByCallingCode: [Int: [Int]] = [")
    for cc in sorted(by_code):
        out.append(f"        {cc}: {by_code[cc]},")
    out.append("    ]")
    out.append("}")
    path = os.path.join(out_dir, "PhoneMetadataTables.swift")
    with open(path, "w", encoding="utf-8") as f:
        f.write("\n".join(out) + "\n")
    print(f"{path}: {len(territories)} territories, {n_formats} formats, {len(code)} instructions", file=sys.stderr)


if __name__ == "__main__":
    main()
