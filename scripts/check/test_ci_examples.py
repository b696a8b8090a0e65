#!/usr/bin/env python3
"""Runs what can be run here of the CI examples: the shell commands of
examples/ci/github-actions.yml (`run:` steps) and examples/ci/gitlab-ci.yml
(`script:` items), and the entry of .pre-commit-hooks.yaml, in a temporary
repository with a docs folder holding one bare URL, with the built linkify on
PATH. Lines marked CI-EXAMPLE-SKIP (installing) are not run. Checks: the
GitHub step prints a ::warning line, the SARIF file parses with one result, the
GitLab job fails (status 1 kept, not 2) with valid JSON findings, and the
pre-commit entry exits 1 on the staged file and 0 once it is fixed. Then,
with PyYAML, the files as their CI systems read them (the SARIF file uploaded
is the one written, the artifact kept is the one written) and, when pre-commit
is installed, `pre-commit validate-manifest`.
Prints what it ran; exits non-zero on a failure.
"""
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

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


def main():
    bin_dir = os.path.join(ROOT, ".build", "release")
    env = dict(os.environ, PATH=bin_dir + os.pathsep + os.environ["PATH"], NO_COLOR="1")
    failures = 0

    def check(ok, what):
        nonlocal failures
        print(("ok   " if ok else "FAIL ") + what)
        failures += 0 if ok else 1

    with tempfile.TemporaryDirectory() as repo:
        os.makedirs(os.path.join(repo, "docs"))
        with open(os.path.join(repo, "docs", "guide.md"), "w") as f:
            f.write("# Guide\n\nSee https://example.com for more.\n")
        with open(os.path.join(repo, "README.md"), "w") as f:
            f.write("Linked: <https://example.org>\n")

        gh = commands(os.path.join(ROOT, "examples/ci/github-actions.yml"), "run")
        results = [subprocess.run(["bash", "-c", c], cwd=repo, env=env, capture_output=True, text=True) for c in gh]
        for c, r in zip(gh, results):
            print(f"github step: {c} -> exit {r.returncode}")
        check(results[0].returncode == 1 and "::warning file=docs/guide.md,line=3,col=5::" in results[0].stdout,
              "GitHub annotations step fails with a ::warning line")
        check(results[1].returncode == 0, "SARIF step keeps going (status 1 accepted)")
        sarif = json.load(open(os.path.join(repo, "linkify.sarif")))
        check(sarif.get("version") == "2.1.0" and len(sarif["runs"][0]["results"]) == 1, "SARIF file parses, one result")

        gl = commands(os.path.join(ROOT, "examples/ci/gitlab-ci.yml"), "script")
        script = "set -e\n" + "\n".join(gl)
        r = subprocess.run(["bash", "-c", script], cwd=repo, env=env, capture_output=True, text=True)
        print(f"gitlab job: {len(gl)} commands -> exit {r.returncode}")
        findings = json.load(open(os.path.join(repo, "linkify-lint.json")))
        check(r.returncode != 0 and len(findings) == 1 and findings[0]["line"] == 3, "GitLab job fails, JSON artifact has the finding")

        hooks = open(os.path.join(ROOT, ".pre-commit-hooks.yaml"), encoding="utf-8").read()
        entry = re.search(r"^\s*entry:\s*(.+)$", hooks, re.M).group(1).strip()
        r = subprocess.run(["bash", "-c", f"{entry} docs/guide.md"], cwd=repo, env=env, capture_output=True, text=True)
        check(r.returncode == 1, f"pre-commit entry '{entry}' fails on a bare URL")
        r = subprocess.run(["bash", "-c", f"{entry} --fix docs/guide.md && {entry} docs/guide.md"], cwd=repo, env=env,
                           capture_output=True, text=True)
        check(r.returncode == 0, "after --fix the hook passes")
    structure(check)
    print(f"ci examples: {'ok' if failures == 0 else f'{failures} failed'}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
