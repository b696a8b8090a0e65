#!/usr/bin/env python3
"""Replays the new-user items (issue 24) on the built binary.

Each module in scripts/check/replay/ defines CASES: a list of (item, name,
function) where function(run) raises AssertionError with a message when the
binary misbehaves. `run(args, stdin=b"", cwd=None, env=None)` runs the binary
and returns a CompletedProcess with bytes stdout/stderr. Every item is replayed
with the issue's example and at least one input of our own.

Usage: replay_new_user.py --bin .build/release/linkify [-v]
Exit status 1 when any case fails.
"""
import argparse
import importlib.util
import os
import pathlib
import subprocess
import sys


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", default=".build/release/linkify")
    ap.add_argument("-v", action="store_true")
    args = ap.parse_args()
    binary = os.path.abspath(args.bin)

    def run(argv, stdin=b"", cwd=None, env=None, timeout=60):
        full_env = dict(os.environ)
        full_env.pop("LINKIFY_CONFIG", None)
        if env:
            full_env.update(env)
        if isinstance(stdin, str):
            stdin = stdin.encode()
        return subprocess.run([binary] + list(argv), input=stdin, capture_output=True,
                              cwd=cwd, env=full_env, timeout=timeout)

    run.binary = binary
    here = pathlib.Path(__file__).resolve().parent / "replay"
    sys.path.insert(0, str(here))   # the cases' shared helpers (_folder.py)
    cases = []
    for path in sorted(p for p in here.glob("*.py") if not p.name.startswith("_")):
        spec = importlib.util.spec_from_file_location(path.stem, path)
        mod = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(mod)
        cases.extend(mod.CASES)
    failed = 0
    for item, name, fn in sorted(cases, key=lambda c: c[0]):
        try:
            fn(run)
            if args.v:
                print(f"ok    item {item:2}: {name}")
        except AssertionError as e:
            failed += 1
            print(f"FAIL  item {item:2}: {name}: {e}")
        except Exception as e:  # a crash of the check itself is a failure too
            failed += 1
            print(f"FAIL  item {item:2}: {name}: {type(e).__name__}: {e}")
    items = sorted({c[0] for c in cases})
    print(f"replay_new_user: {len(cases)} cases over items {items}, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
