#!/usr/bin/env python3
"""Runs the CI examples as written, in a temporary repository with a docs
folder holding one bare URL: the shell commands of examples/ci/github-actions.yml
(`run:` steps) and examples/ci/gitlab-ci.yml (`script:` items), with
LINKIFY_GIT set to a bare clone of this repository, so the fetch steps really
clone it and check out the pinned LINKIFY_REV (a clone without tags gets its
release tags back in that copy from the release commits: releases.py). Lines marked CI-EXAMPLE-SKIP (installing
packages) are not run; lines marked CI-EXAMPLE-DRY-RUN run as `make -n`, which
proves the pinned commit has the target without building linkify a second
time; the lint steps use the built linkify on PATH. Checks: the fetch steps
check out the pinned commit, the GitHub step prints a ::warning line, the SARIF
file parses with one result, the GitLab job fails (status 1 kept, not 2) with
valid JSON findings, the entry of .pre-commit-hooks.yaml exits 1 on the file
and 0 once it is fixed, and the README's pre-commit `rev` is a commit here;
once there is a release, every pin names the newest; `make release` works in a
throwaway clone.
When pre-commit is installed, the README's .pre-commit-config.yaml snippet
runs as written (its `repo:` pointed at this repository): pre-commit builds the
hook at that rev and it fails on the bare URL. With PyYAML, the files as their
CI systems read them.
Prints what it ran; exits non-zero on a failure.
"""
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

from releases import releases

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def commands(path, key):
    """Shell commands of `key:` entries (run: VALUE or `- VALUE` under script:)."""
    out = []
    lines = open(path, encoding="utf-8").read().splitlines()
    in_script = False
    for line in lines:
        stripped = line.strip()
        if "CI-EXAMPLE-SKIP" in line:
            continue
        if "CI-EXAMPLE-DRY-RUN" in line:
            line = re.sub(r"\bmake ", "make -n ", line, count=1)
            stripped = line.strip()
        if key == "run" and stripped.startswith(("run:", "- run:")):
            out.append(stripped.split("run:", 1)[1].strip())
        elif key == "script":
            if stripped == "script:":
                in_script = True
                continue
            if in_script and stripped.startswith("- "):
                out.append(stripped[2:])
            elif in_script and stripped and not stripped.startswith("#"):
                in_script = False
    return out


def structure(check):
    """The files as their CI systems read them: the workflow uploads the SARIF
    file its step writes, the GitLab job keeps the JSON file its script writes,
    and pre-commit accepts the manifest (when PyYAML and pre-commit are here)."""
    try:
        import yaml
    except ImportError:
        print("skip YAML structure checks (no PyYAML)")
        return
    workflow = yaml.safe_load(open(os.path.join(ROOT, "examples/ci/github-actions.yml"), encoding="utf-8"))
    steps = [s for job in workflow["jobs"].values() for s in job["steps"]]
    upload = [s for s in steps if str(s.get("uses", "")).startswith("github/codeql-action/upload-sarif@")]
    writes = [s["run"] for s in steps if "--format sarif" in s.get("run", "")]
    check(len(upload) == 1 and len(writes) == 1 and f"> {upload[0]['with']['sarif_file']} " in writes[0]
          and upload[0].get("if") == "always()" and workflow["permissions"].get("security-events") == "write",
          "workflow uploads the SARIF file its lint step writes (always, with security-events: write)")
    check(any("--format github" in s.get("run", "") for s in steps), "workflow has the annotations step")
    gitlab = yaml.safe_load(open(os.path.join(ROOT, "examples/ci/gitlab-ci.yml"), encoding="utf-8"))
    job = gitlab["bare-urls"]
    kept = job["artifacts"]["paths"]
    check(job["artifacts"].get("when") == "always" and any(f"> {p} " in line for p in kept for line in job["script"]),
          "GitLab job keeps the JSON file its script writes, also on failure")
    hooks = yaml.safe_load(open(os.path.join(ROOT, ".pre-commit-hooks.yaml"), encoding="utf-8"))
    check([h["id"] for h in hooks] == ["linkify-lint"] and hooks[0]["language"] == "swift", "pre-commit manifest: one swift hook")
    if shutil.which("pre-commit"):
        r = subprocess.run(["pre-commit", "validate-manifest", ".pre-commit-hooks.yaml"], cwd=ROOT, capture_output=True, text=True)
        check(r.returncode == 0, "pre-commit validate-manifest accepts .pre-commit-hooks.yaml " + r.stdout.strip()[:300])
    else:
        print("skip pre-commit validate-manifest (pre-commit not installed)")


def pre_commit_snippet(check, repo, env, origin):
    """The README's .pre-commit-config.yaml for the linkify-lint hook: its rev
    must be a commit of this repository and, with pre-commit installed, the
    snippet runs as written with `repo:` pointed at this repository."""
    readme = open(os.path.join(ROOT, "README.md"), encoding="utf-8").read()
    snippet = next((m.group(1) for m in re.finditer(r"^```yaml\n(.*?)^```", readme, re.S | re.M)
                    if "id: linkify-lint" in m.group(1) and "rev:" in m.group(1)), None)
    check(snippet is not None and "OWNER" not in snippet, "README has a pre-commit snippet with a rev and no placeholder")
    if snippet is None:
        return
    rev = re.search(r"^\s*rev:\s*(\S+)", snippet, re.M).group(1)
    check(resolve(origin, rev) != "", f"README pre-commit rev {rev} is a commit of this repository")
    hooks_there = subprocess.run(["git", "-C", origin, "show", f"{rev}:.pre-commit-hooks.yaml"], capture_output=True, text=True)
    check("id: linkify-lint" in hooks_there.stdout, f"the hook linkify-lint is defined at {rev[:12]}")
    if not shutil.which("pre-commit"):
        print("skip pre-commit run of the README snippet (pre-commit not installed; pip install pre-commit)")
        return
    config = re.sub(r"^(\s*- repo:)\s*\S+.*$", lambda m: f"{m.group(1)} {origin}", snippet, count=1, flags=re.M)
    with open(os.path.join(repo, ".pre-commit-config.yaml"), "w") as f:
        f.write(config)
    git = ["git", "-c", "user.name=t", "-c", "user.email=t@example.invalid"]
    subprocess.run(git + ["init", "-q"], cwd=repo, check=True)
    subprocess.run(git + ["add", "-A"], cwd=repo, check=True)
    # pre-commit builds the package at that rev (swift build -c release) once per cache.
    r = subprocess.run(["pre-commit", "run", "--all-files", "linkify-lint"], cwd=repo, env=env,
                       capture_output=True, text=True, timeout=3000)
    print("\n".join("    " + line for line in r.stdout.strip().splitlines()[-6:]))
    check(r.returncode == 1 and "docs/guide.md:3:5: bare URL https://example.com" in r.stdout,
          "pre-commit runs the README snippet: the hook, built at that rev, fails on the bare URL")


def resolve(root, rev):
    """The commit `rev` (a commit or a tag) names in the repository at `root`."""
    return subprocess.run(["git", "-C", root, "rev-parse", "--verify", "--quiet", rev + "^{commit}"],
                          capture_output=True, text=True).stdout.strip()


def pins(root):
    """What the examples pin linkify at: (where, rev) for each CI example and the README's pre-commit rev."""
    found = []
    for name in ("examples/ci/github-actions.yml", "examples/ci/gitlab-ci.yml"):
        m = re.search(r"^\s*LINKIFY_REV:\s*(\S+)", open(os.path.join(root, name), encoding="utf-8").read(), re.M)
        found.append((name, m.group(1) if m else None))
    readme = open(os.path.join(root, "README.md"), encoding="utf-8").read()
    m = re.search(r"^\s+rev:\s*(\S+)", readme, re.M)
    found.append(("README.md pre-commit rev", m.group(1) if m else None))
    return found


def pins_name_newest_tag(check, root=ROOT):
    """Once there is a release, every example names the newest one (make release
    writes it); before the first release there is nothing to compare."""
    tags = [tag for tag, _ in releases(root)]
    if not tags:
        print("skip examples-name-the-newest-tag check (no v* tag yet: make release VERSION=x.y.z cuts the first)")
        return
    for where, rev in pins(root):
        check(rev == tags[0], f"{where} pins {rev}, the newest tag is {tags[0]}")


def release_in_clone(check):
    """`make release VERSION=x.y.z` in a throwaway clone of HEAD: the version in
    the binary's source, the tag in the examples, one commit, an annotated tag
    on it; a second release of the same version is refused."""
    with tempfile.TemporaryDirectory() as scratch:
        clone = os.path.join(scratch, "linkify")
        subprocess.run(["git", "clone", "-q", "--no-local", ROOT, clone], check=True)
        tags = [tag for tag, _ in releases(ROOT)]
        major = int(tags[0][1:].split(".")[0]) + 1 if tags else 0
        version = f"{major}.0.1"
        env = dict(os.environ, GIT_AUTHOR_NAME="t", GIT_AUTHOR_EMAIL="t@example.invalid",
                   GIT_COMMITTER_NAME="t", GIT_COMMITTER_EMAIL="t@example.invalid")
        before = resolve(clone, "HEAD")
        r = subprocess.run(["make", "-s", "release", f"VERSION={version}"], cwd=clone, env=env, capture_output=True, text=True)
        check(r.returncode == 0, f"make release VERSION={version} in a clone: exit {r.returncode} {r.stderr.strip()[:300]}")
        head = resolve(clone, "HEAD")
        check(resolve(clone, "v" + version) == head and resolve(clone, "HEAD~1") == before,
              f"make release made one commit and tagged it v{version}")
        kind = subprocess.run(["git", "-C", clone, "cat-file", "-t", "v" + version], capture_output=True, text=True).stdout.strip()
        check(kind == "tag", "the release tag is annotated")
        help_swift = open(os.path.join(clone, "Sources/LinkifyCLI/Flags/Help.swift"), encoding="utf-8").read()
        check(f'package let linkifyVersion = "{version}"' in help_swift, "make release wrote the version into linkifyVersion")
        pins_name_newest_tag(check, clone)
        again = subprocess.run(["make", "-s", "release", f"VERSION={version}"], cwd=clone, env=env, capture_output=True, text=True)
        check(again.returncode != 0 and "exists" in again.stderr, "a second make release of the same version is refused")


def releases_without_tags(check):
    """A clone that came without its tags (as CI checks out) still knows the
    releases, from the commits make release made, at the same commits."""
    with tempfile.TemporaryDirectory() as scratch:
        bare = os.path.join(scratch, "untagged.git")
        subprocess.run(["git", "clone", "-q", "--bare", "--no-tags", ROOT, bare], check=True)
        for tag in subprocess.run(["git", "-C", bare, "tag", "-l"], capture_output=True, text=True).stdout.split():
            subprocess.run(["git", "-C", bare, "tag", "-d", tag], capture_output=True, check=True)
        here, there = releases(ROOT), releases(bare)
        check(here == there, f"a clone without tags knows the same releases ({len(there)}: "
                             f"{', '.join(tag for tag, _ in there) or 'none yet'})")


def main():
    bin_dir = os.path.join(ROOT, ".build", "release")
    env = dict(os.environ, PATH=bin_dir + os.pathsep + os.environ["PATH"], NO_COLOR="1")
    failures = 0

    def check(ok, what):
        nonlocal failures
        print(("ok   " if ok else "FAIL ") + what)
        failures += 0 if ok else 1

    with tempfile.TemporaryDirectory() as repo, tempfile.TemporaryDirectory() as scratch:
        # What the examples fetch: this repository with its release tags.
        origin = os.path.join(scratch, "origin.git")
        subprocess.run(["git", "clone", "-q", "--bare", ROOT, origin], check=True)
        subprocess.run([sys.executable, os.path.join(ROOT, "scripts/check/releases.py"), "tag", origin], check=True)
        os.makedirs(os.path.join(repo, "docs"))
        with open(os.path.join(repo, "docs", "guide.md"), "w") as f:
            f.write("# Guide\n\nSee https://example.com for more.\n")
        with open(os.path.join(repo, "README.md"), "w") as f:
            f.write("Linked: <https://example.org>\n")

        gh_file = os.path.join(ROOT, "examples/ci/github-actions.yml")
        gh_rev = re.search(r"^\s*LINKIFY_REV:\s*(\S+)", open(gh_file).read(), re.M).group(1)
        gh_env = dict(env, LINKIFY_GIT=origin, LINKIFY_REV=gh_rev, RUNNER_TEMP=os.path.join(scratch, "gh"))
        os.makedirs(gh_env["RUNNER_TEMP"])
        gh = commands(gh_file, "run")
        results = [subprocess.run(["bash", "-c", c], cwd=repo, env=gh_env, capture_output=True, text=True) for c in gh]
        for c, r in zip(gh, results):
            print(f"github step: {c} -> exit {r.returncode}")
        step = {c: r for c, r in zip(gh, results)}
        fetch = [r for c, r in step.items() if c.startswith("git clone")]
        fetched = os.path.join(gh_env["RUNNER_TEMP"], "linkify")
        head = subprocess.run(["git", "-C", fetched, "rev-parse", "HEAD"], capture_output=True, text=True).stdout.strip()
        check(len(fetch) == 1 and fetch[0].returncode == 0 and head == resolve(origin, gh_rev),
              f"GitHub fetch step checks out the pinned commit {gh_rev[:12]}")
        build = [r for c, r in step.items() if c.startswith("make -n ")]
        check(len(build) == 1 and build[0].returncode == 0, "GitHub build step: make install exists at that commit (make -n)")
        lint = [r for c, r in step.items() if "--format github" in c]
        check(len(lint) == 1 and lint[0].returncode == 1 and "::warning file=docs/guide.md,line=3,col=5::" in lint[0].stdout,
              "GitHub annotations step fails with a ::warning line")
        sarif_step = [r for c, r in step.items() if "--format sarif" in c]
        check(len(sarif_step) == 1 and sarif_step[0].returncode == 0, "SARIF step keeps going (status 1 accepted)")
        sarif = json.load(open(os.path.join(repo, "linkify.sarif")))
        check(sarif.get("version") == "2.1.0" and len(sarif["runs"][0]["results"]) == 1, "SARIF file parses, one result")

        gl_file = os.path.join(ROOT, "examples/ci/gitlab-ci.yml")
        gl_rev = re.search(r"^\s*LINKIFY_REV:\s*(\S+)", open(gl_file).read(), re.M).group(1)
        gl_env = dict(env, LINKIFY_GIT=origin, LINKIFY_REV=gl_rev, TMPDIR=os.path.join(scratch, "gl"))
        os.makedirs(gl_env["TMPDIR"])
        gl = commands(gl_file, "script")
        script = "set -e\n" + "\n".join(gl)
        r = subprocess.run(["bash", "-c", script], cwd=repo, env=gl_env, capture_output=True, text=True)
        print(f"gitlab job: {len(gl)} commands -> exit {r.returncode}")
        head = subprocess.run(["git", "-C", os.path.join(gl_env["TMPDIR"], "linkify"), "rev-parse", "HEAD"],
                              capture_output=True, text=True).stdout.strip()
        check(head == resolve(origin, gl_rev), f"GitLab job fetches the pinned commit {gl_rev[:12]} (and make -n install passes)")
        findings = json.load(open(os.path.join(repo, "linkify-lint.json")))
        check(r.returncode != 0 and len(findings) == 1 and findings[0]["line"] == 3, "GitLab job fails, JSON artifact has the finding")

        hooks = open(os.path.join(ROOT, ".pre-commit-hooks.yaml"), encoding="utf-8").read()
        entry = re.search(r"^\s*entry:\s*(.+)$", hooks, re.M).group(1).strip()
        r = subprocess.run(["bash", "-c", f"{entry} docs/guide.md"], cwd=repo, env=env, capture_output=True, text=True)
        check(r.returncode == 1, f"pre-commit entry '{entry}' fails on a bare URL")
        pre_commit_snippet(check, repo, env, origin)
        r = subprocess.run(["bash", "-c", f"{entry} --fix docs/guide.md && {entry} docs/guide.md"], cwd=repo, env=env,
                           capture_output=True, text=True)
        check(r.returncode == 0, "after --fix the hook passes")
    structure(check)
    releases_without_tags(check)
    pins_name_newest_tag(check)
    release_in_clone(check)
    print(f"ci examples: {'ok' if failures == 0 else f'{failures} failed'}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
