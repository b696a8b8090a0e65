#!/usr/bin/env python3
"""Runs the examples in README.md so the documentation cannot rot.

In each ```sh block, every line that is not blank and does not start with `#`
is a shell command; the `# ` lines right after it are its expected standard
output (compared exactly, line by line). A command without expected lines must
exit with status 0 or 1 (lint reports findings with 1), never 2. Commands run
with bash in one temporary folder per block, with the built linkify first on
PATH. `make demo` runs in the repository (it must exit 0 and print an
anchor); other `make …` commands are not run here: `make test` is what runs
this, and scripts/check/test_install.sh runs `make install` and `make uninstall`
with a temporary PREFIX.

Each ```swift block is compiled with swiftc against the built LinkifyCore
(its module and objects in the --bin-dir build; LinkifyFoundation's too when
the block imports it) and run; the `// ` lines after a `// Prints:` line are
its expected standard output. Only public symbols are visible to it.

A ```yaml block is CI configuration, run by scripts/check/test_ci_examples.py from
the files it comes from: each `run:` command in it must be one of
examples/ci/github-actions.yml, each hook `id:` one of .pre-commit-hooks.yaml.

With --swift-package (`make integration`), only the Swift examples run, each
built as a user would: a package depending on the LinkifyCore product.

Usage: python3 scripts/check/readme_examples.py [--bin-dir .build/release] [--swift-package] [README.md]
"""
import argparse
import glob
import json
import os
import re
import subprocess
import sys
import tempfile


def blocks(text):
    for m in re.finditer(r"^```(?:sh|bash|shell)\n(.*?)^```", text, re.S | re.M):
        yield text[:m.start()].count("\n") + 2, m.group(1).splitlines()


def swift_blocks(text):
    for m in re.finditer(r"^```swift\n(.*?)^```", text, re.S | re.M):
        yield text[:m.start()].count("\n") + 2, m.group(1)


# The library's layers (Package.swift `layers`): LinkifyCore and the targets below it.
CORE_LAYERS = ["LinkifyModel", "LinkifyDetectors", "LinkifyRendering", "LinkifyFinding", "LinkifyInput", "LinkifyCore"]


def core_objects(bin_dir):
    """The object files of LinkifyCore and the layers below it in this build."""
    objects = []
    for layer in CORE_LAYERS:
        found = layer_objects(bin_dir, layer)
        if not found:
            return []
        objects += found
    return objects


def layer_objects(bin_dir, layer):
    """One target's object files of this build: those the build's output file
    map names for sources that still exist (a folder built before a source was
    moved or removed keeps its old object beside the new one)."""
    build = os.path.join(bin_dir, layer + ".build")
    try:
        with open(os.path.join(build, "output-file-map.json"), encoding="utf-8") as f:
            entries = json.load(f)
        objects = [e["object"] for src, e in entries.items()
                   if src and os.path.exists(src) and "object" in e and os.path.exists(e["object"])]
        if objects:
            return sorted(objects)
    except (OSError, ValueError, KeyError, AttributeError):
        pass
    return sorted(glob.glob(os.path.join(build, "*.o")))


def run_swift(source, bin_dir, tmp):
    """Compiles and runs a Swift example; (ok, message)."""
    code, sep, prints = source.partition("// Prints:\n")
    if not sep:
        return False, "no `// Prints:` line"
    expected = [line[3:] if line.startswith("// ") else line[2:] for line in prints.splitlines()]
    objects = core_objects(bin_dir)
    if objects and re.search(r"^import LinkifyFoundation$", code, re.M):
        foundation = layer_objects(bin_dir, "LinkifyFoundation")
        objects = objects + foundation if foundation else []
    modules = os.path.join(bin_dir, "Modules")
    if not objects or not os.path.isdir(modules):
        return False, f"no LinkifyCore module or objects in {bin_dir} (build it first)"
    main = os.path.join(tmp, "main.swift")
    with open(main, "w", encoding="utf-8") as f:
        f.write(code)
    app = os.path.join(tmp, "example")
    proc = subprocess.run(["swiftc", "-I", modules, main, *objects, "-o", app], capture_output=True, text=True, timeout=300)
    if proc.returncode != 0:
        return False, "swiftc failed: " + proc.stderr.strip()[:600]
    proc = subprocess.run([app], capture_output=True, text=True, timeout=60)
    got = proc.stdout.rstrip("\n").split("\n") if proc.stdout else []
    if proc.returncode != 0 or got != expected:
        return False, f"exit {proc.returncode}\n  expected: {expected}\n  got:      {got}"
    return True, ""


def yaml_blocks(text):
    for m in re.finditer(r"^```yaml\n(.*?)^```", text, re.S | re.M):
        yield text[:m.start()].count("\n") + 2, m.group(1)


def check_yaml(source, root):
    """The `run:` commands and hook ids of a CI snippet that are not in the tested files."""
    def values(text, key):
        return [m.group(1).strip() for m in re.finditer(rf"^\s*(?:- )?{key}:\s*(.+)$", text, re.M)]
    runs = set(values(open(os.path.join(root, "examples/ci/github-actions.yml"), encoding="utf-8").read(), "run"))
    ids = set(values(open(os.path.join(root, ".pre-commit-hooks.yaml"), encoding="utf-8").read(), "id"))
    return [f"run: {c}" for c in values(source, "run") if c not in runs] + \
           [f"id: {i}" for i in values(source, "id") if i not in ids]


def run_swift_package(source, root, tmp):
    """Builds a Swift example as the README says a user would: a package with
    `.package(path: "../linkify")` whose target depends on the LinkifyCore
    product; runs it with `swift run`. (ok, message)."""
    code, sep, prints = source.partition("// Prints:\n")
    if not sep:
        return False, "no `// Prints:` line"
    expected = [line[3:] if line.startswith("// ") else line[2:] for line in prints.splitlines()]
    # The dependency and the product as the example's opening comment spells them.
    dependency = re.search(r'\.package\(path: "\.\./linkify"\)', code)
    product = re.search(r'\.product\(name: "LinkifyCore", package: "linkify"\)', code)
    if re.search(r"^import LinkifyFoundation$", code, re.M):
        # The second example uses the same package through the LinkifyFoundation product.
        dependency = re.match(r'.*', '.package(path: "../linkify")')
        product = re.match(r'.*', '.product(name: "LinkifyFoundation", package: "linkify")')
    if not dependency or not product:
        return False, "the comment does not say .package(path: \"../linkify\") and .product(name: \"LinkifyCore\", package: \"linkify\")"
    os.symlink(root, os.path.join(tmp, "linkify"))
    app = os.path.join(tmp, "App")
    os.makedirs(os.path.join(app, "Sources", "App"))
    with open(os.path.join(app, "Package.swift"), "w", encoding="utf-8") as f:
        f.write('// swift-tools-version:6.0\nimport PackageDescription\n\n'
                f'let package = Package(\n    name: "App",\n    dependencies: [{dependency.group(0)}],\n'
                f'    targets: [.executableTarget(name: "App", dependencies: [{product.group(0)}])]\n)\n')
    with open(os.path.join(app, "Sources", "App", "main.swift"), "w", encoding="utf-8") as f:
        f.write(code)
    proc = subprocess.run(["swift", "build", "--package-path", app], capture_output=True, text=True, timeout=1800)
    if proc.returncode != 0:
        return False, "swift build failed: " + (proc.stdout + proc.stderr).strip()[-800:]
    proc = subprocess.run(["swift", "run", "--skip-build", "--package-path", app, "App"], capture_output=True, text=True,
                          timeout=60)
    got = proc.stdout.rstrip("\n").split("\n") if proc.stdout else []
    if proc.returncode != 0 or got != expected:
        return False, f"exit {proc.returncode}\n  expected: {expected}\n  got:      {got}\n  {proc.stderr.strip()[-300:]}"
    return True, ""


def examples(lines):
    """(line offset, command, expected lines or None)."""
    i = 0
    while i < len(lines):
        line = lines[i]
        if not line.strip() or line.lstrip().startswith("#"):
            i += 1
            continue
        command = line
        while command.endswith("\\") and i + 1 < len(lines):
            i += 1
            command = command + "\n" + lines[i]   # bash reads backslash-newline as a continuation
        start = i
        expected = []
        i += 1
        while i < len(lines) and (lines[i].startswith("# ") or lines[i] == "#"):
            expected.append(lines[i][2:])
            i += 1
        yield start, command, expected if expected else None


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin-dir", default=".build/release")
    ap.add_argument("--swift-package", action="store_true",
                    help="only the Swift examples, each built as a package depending on the LinkifyCore product")
    ap.add_argument("readme", nargs="?", default="README.md")
    args = ap.parse_args()
    if args.swift_package:
        root = os.path.dirname(os.path.abspath(args.readme))
        failed = 0
        for first_line, source in swift_blocks(open(args.readme, encoding="utf-8").read()):
            with tempfile.TemporaryDirectory() as tmp:
                ok, message = run_swift_package(source, root, tmp)
            print(f"{'ok' if ok else 'FAIL'} {args.readme}:{first_line} (swift package): {message or 'built and ran'}")
            failed += 0 if ok else 1
        return 1 if failed else 0
    bin_dir = os.path.abspath(args.bin_dir)
    text = open(args.readme, encoding="utf-8").read()
    env = dict(os.environ, PATH=bin_dir + os.pathsep + os.environ.get("PATH", ""), NO_COLOR="1", LANG="en_US.UTF-8")
    passed = failed = skipped = 0
    root = os.path.dirname(os.path.abspath(args.readme))
    for first_line, lines in blocks(text):
        with tempfile.TemporaryDirectory() as tmp:
            for offset, command, expected in examples(lines):
                where = f"{args.readme}:{first_line + offset}"
                if command.lstrip().startswith("make demo"):
                    proc = subprocess.run(["bash", "-c", command], cwd=root, env=env, capture_output=True, text=True,
                                          timeout=900)
                    if proc.returncode != 0 or "<a href=" not in proc.stdout:
                        failed += 1
                        print(f"FAIL {where}: {command}\n  exit {proc.returncode}: {proc.stdout.strip()[-300:]} {proc.stderr.strip()[-300:]}")
                    else:
                        passed += 1
                    continue
                if command.lstrip().startswith(("make ", "git ", "sudo ", "cd ")) or "$HOME" in command:
                    skipped += 1
                    continue
                proc = subprocess.run(["bash", "-c", command], cwd=tmp, env=env, capture_output=True, text=True, timeout=60)
                if expected is not None:
                    got = proc.stdout.rstrip("\n").split("\n") if proc.stdout else []
                    if got != expected:
                        failed += 1
                        print(f"FAIL {where}: {command}\n  expected: {expected}\n  got:      {got}\n  stderr: {proc.stderr.strip()[:300]}")
                        continue
                elif proc.returncode not in (0, 1):
                    failed += 1
                    print(f"FAIL {where}: {command}\n  exit {proc.returncode}: {proc.stderr.strip()[:300]}")
                    continue
                passed += 1
    for first_line, source in swift_blocks(text):
        with tempfile.TemporaryDirectory() as tmp:
            ok, message = run_swift(source, bin_dir, tmp)
        if ok:
            passed += 1
        else:
            failed += 1
            print(f"FAIL {args.readme}:{first_line} (swift): {message}")
    for first_line, source in yaml_blocks(text):
        missing = check_yaml(source, root)
        if missing:
            failed += 1
            print(f"FAIL {args.readme}:{first_line} (yaml): not in the tested CI files: {missing}")
        else:
            passed += 1
    print(f"readme examples: {passed} passed, {failed} failed, {skipped} not run here")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
