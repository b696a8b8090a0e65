#!/usr/bin/env python3
"""Copy one corpus source's files out of its unpacked origin tree.

usage: assemble.py SOURCE UNPACKED_TOPDIR [REPO_ROOT]

Reads scripts/corpus/manifest.tsv, takes the files matched by the source's
globs (each glob's matches in sorted order, first match wins, whole files
only, stopping before the file that would pass cap_bytes), and copies them
byte for byte to corpus/text/SOURCE/<path inside the origin>. The licence
files named in the manifest go, concatenated, to LICENSES/corpus-SOURCE.LICENSE
(a source with licence_files '-' has its licence text written by hand).
Prints the relative paths taken, one a line.
"""
import glob
import os
import shutil
import sys


def manifest(root):
    rows = {}
    with open(os.path.join(root, "scripts/corpus/manifest.tsv"), encoding="utf-8") as f:
        for line in f:
            if line.startswith("#") or not line.strip():
                continue
            c = line.rstrip("\n").split("\t")
            rows[c[0]] = dict(source=c[0], genre=c[1], format=c[2], kind=c[3],
                              package=c[4], version=c[5], archive=c[6],
                              archive_sha256=c[7], topdir=c[8], spdx=c[9],
                              licence_files=c[10].split(), cap=int(c[11]),
                              globs=c[12].split())
    return rows


def select(top, globs, cap):
    taken, seen, total = [], set(), 0
    for g in globs:
        for p in sorted(glob.glob(os.path.join(top, g), recursive=True)):
            if not os.path.isfile(p):
                continue
            rel = os.path.relpath(p, top)
            if rel in seen:
                continue
            seen.add(rel)
            size = os.path.getsize(p)
            if taken and total + size > cap:
                return taken
            taken.append(rel)
            total += size
    return taken


def main():
    source, top = sys.argv[1], sys.argv[2]
    root = sys.argv[3] if len(sys.argv) > 3 else os.getcwd()
    m = manifest(root)[source]
    dest = os.path.join(root, "corpus/text", source)
    if os.path.isdir(dest):
        shutil.rmtree(dest)
    for rel in select(top, m["globs"], m["cap"]):
        out = os.path.join(dest, rel)
        os.makedirs(os.path.dirname(out), exist_ok=True)
        shutil.copyfile(os.path.join(top, rel), out)
        print(rel)
    if m["licence_files"] != ["-"]:
        with open(os.path.join(root, "LICENSES", "corpus-%s.LICENSE" % source), "wb") as out:
            for i, lf in enumerate(m["licence_files"]):
                if i:
                    out.write(b"\n\n---- %s ----\n\n" % lf.encode())
                with open(os.path.join(top, lf), "rb") as f:
                    out.write(f.read())


if __name__ == "__main__":
    main()
