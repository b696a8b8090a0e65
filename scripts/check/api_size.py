#!/usr/bin/env python3
"""The public API's size, from the compiler's symbol graphs (issue 25's limits).

Runs `swift package dump-symbol-graph --minimum-access-level public` and
counts, over every library module (not the command line's LinkifyCLI, not the
executable, not the test modules), the public symbols the modules declare:
top-level declarations (types, functions, globals) and all symbols with their
members, including members added to other modules' types (`AttributedString
.init(linkifying:…)`). Members a protocol's default implementation supplies
(`::SYNTHESIZED::`) are not declarations of ours and are not counted; `@_spi`
symbols are not public API and are not in the graphs.

  scripts/check/api_size.py [--max-top N] [--max-symbols N] [-v]

Exits 1 when a limit is passed (defaults: 20 top-level, 200 symbols) or a
public symbol has no documentation comment.
"""
import argparse
import json
import os
import sys

import symbolgraphs

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
LIBRARY = symbolgraphs.LIBRARY


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--max-top", type=int, default=20)
    ap.add_argument("--max-symbols", type=int, default=200)
    ap.add_argument("-v", action="store_true", help="list the symbols")
    args = ap.parse_args()
    folder = symbolgraphs.dump(ROOT, "api_size")
    top, symbols, undocumented = [], [], []
    for module in LIBRARY:
        for path in symbolgraphs.module_graphs(folder, module):
            extension = "@" in os.path.basename(path)
            for s in json.load(open(path, encoding="utf-8"))["symbols"]:
                if "::SYNTHESIZED::" in s["identifier"]["precise"]:
                    continue
                name = ".".join(s["pathComponents"])
                symbols.append((module, name))
                if not s.get("docComment"):
                    undocumented.append(f"{module}: {name}")
                if len(s["pathComponents"]) == 1 and not extension:
                    top.append((module, name))
    if args.v:
        for module, name in sorted(symbols):
            print(f"{module}\t{name}")
    print(f"public API: {len(top)} top-level declarations (limit {args.max_top}), "
          f"{len(symbols)} symbols with members (limit {args.max_symbols})")
    print("top level: " + ", ".join(sorted(name for _, name in top)))
    for name in undocumented:
        print(f"no documentation comment: {name}")
    if not top or not symbols:
        sys.exit("api_size: no public symbol found: the symbol graphs are not what this script reads")
    if len(top) > args.max_top or len(symbols) > args.max_symbols or undocumented:
        sys.exit(1)


if __name__ == "__main__":
    main()
