#!/usr/bin/env python3
"""The releases of this repository, newest first, as (tag, commit).

A release is a `v*` tag, or, in a clone that came without tags (a CI checkout,
a copy made with `git bundle` or a plain fetch of a branch), the commit that
`make release` made: its subject starts with "Release x.y.z:". A tag wins over
a commit subject that names the same version.

    python3 scripts/check/releases.py newest      # prints "vX.Y.Z COMMIT", or nothing
    python3 scripts/check/releases.py tag REPO    # tags every release REPO lacks (a scratch clone)

Used by scripts/run_tests.sh (the API-breaking check), scripts/release.sh and
scripts/check/test_ci_examples.py.
"""
import re
import subprocess
import sys

SUBJECT = re.compile(r"^Release (\d+\.\d+\.\d+):")


def git(root, *args):
    return subprocess.run(["git", "-C", root, *args], capture_output=True, text=True).stdout


def version_key(tag):
    return tuple(int(part) for part in tag[1:].split("."))


def releases(root):
    """[(tag, commit)], newest version first."""
    found = {}
    for tag in git(root, "tag", "-l", "v*").split():
        if re.fullmatch(r"v\d+\.\d+\.\d+", tag):
            found[tag] = git(root, "rev-parse", "--verify", "--quiet", tag + "^{commit}").strip()
    log = git(root, "log", "-E", r"--grep=^Release [0-9]+\.[0-9]+\.[0-9]+:", "--format=%H %s", "HEAD")
    for line in log.splitlines():
        commit, _, subject = line.partition(" ")
        m = SUBJECT.match(subject)
        if m:
            found.setdefault("v" + m.group(1), commit)
    return sorted(found.items(), key=lambda item: version_key(item[0]), reverse=True)


def main():
    if len(sys.argv) == 2 and sys.argv[1] == "newest":
        listed = releases(".")
        if listed:
            print(*listed[0])
        return 0
    if len(sys.argv) == 3 and sys.argv[1] == "tag":
        repo = sys.argv[2]
        for tag, commit in releases(repo):
            if not git(repo, "rev-parse", "--verify", "--quiet", "refs/tags/" + tag).strip():
                subprocess.run(["git", "-C", repo, "tag", tag, commit], check=True)
        return 0
    sys.exit("usage: releases.py newest | releases.py tag REPO")


if __name__ == "__main__":
    sys.exit(main())
