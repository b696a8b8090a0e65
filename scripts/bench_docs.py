#!/usr/bin/env python3
"""Markdown-side benchmarks of issue 7: lint vs rumdl and mdl (MD034), Markdown
annotate vs cmark-gfm -e autolink, -j 2 vs -j 1, start-up, peak memory.

Usage: bench_docs.py BIN [STATIC_BIN]   (run from the repository root)

Every figure comes from this one run on the same inputs. Wall times are medians
of several runs; peak RSS comes from wait4(2) rusage of the measured process
itself (not of a shell around it).
"""
import gzip
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import time

DATA = "bench-data"
CORPUS = os.path.join(DATA, "docs-md")
BIG = os.path.join(DATA, "docs-all.md")
HUGE = os.path.join(DATA, "docs-64mib.md")
MIN_FILES = 500
ROOTS = ["/usr/share/doc", "/usr/share", "/usr/lib", "/root/.pyenv/versions", "/opt/swift"]
MD_EXT = (".md", ".markdown")
REPEAT = int(os.environ.get("BENCH_REPEAT", "5"))
GIB = 1 << 30
MIB = 1 << 20


# MARK: - corpus

def markdown_metadata_body(path):
    """The long description of a wheel's METADATA when it declares Markdown."""
    try:
        raw = open(path, "rb").read()
    except OSError:
        return None
    head, sep, body = raw.partition(b"\n\n")
    if not sep or b"description-content-type: text/markdown" not in head.lower():
        return None
    return body if len(body) > 200 else None


def candidates():
    """(label, bytes) for every real Markdown document under ROOTS, sorted."""
    seen_paths = set()
    for root in ROOTS:
        for dirpath, dirnames, filenames in os.walk(root):
            dirnames.sort()
            for name in sorted(filenames):
                path = os.path.join(dirpath, name)
                if path in seen_paths or os.path.islink(path):
                    continue
                seen_paths.add(path)
                lower = name.lower()
                try:
                    if lower.endswith(MD_EXT):
                        yield path, open(path, "rb").read()
                    elif lower.endswith(tuple(e + ".gz" for e in MD_EXT)):
                        yield path, gzip.open(path).read()
                    elif name == "METADATA" and dirpath.endswith(".dist-info"):
                        body = markdown_metadata_body(path)
                        if body is not None:
                            yield path, body
                except (OSError, EOFError):
                    continue


def gather():
    """Fills bench-data/docs-md reproducibly; returns (files, bytes, sha256)."""
    if os.path.isdir(CORPUS):
        shutil.rmtree(CORPUS)
    os.makedirs(CORPUS)
    seen = set()
    files = []
    for label, content in candidates():
        if not content.strip():
            continue
        digest = hashlib.sha256(content).hexdigest()
        if digest in seen:
            continue
        seen.add(digest)
        stem = re.sub(r"[^A-Za-z0-9._-]+", "_", label.strip("/"))[-80:]
        name = "%04d-%s" % (len(files), stem)
        if not name.endswith(".md"):
            name += ".md"
        files.append((name, content))
    total = hashlib.sha256()
    size = 0
    with open(BIG, "wb") as big:
        for name, content in files:
            with open(os.path.join(CORPUS, name), "wb") as f:
                f.write(content)
            total.update(name.encode() + b"\0" + content + b"\0")
            size += len(content)
            big.write(content)
            if not content.endswith(b"\n"):
                big.write(b"\n")
            big.write(b"\n")
    big_size = os.path.getsize(BIG)
    with open(HUGE, "wb") as huge:
        chunk = open(BIG, "rb").read()
        written = 0
        while written < 64 * MIB:
            huge.write(chunk)
            written += len(chunk)
    return len(files), size, total.hexdigest(), big_size


# MARK: - measuring

LAUNCHER = os.path.join(DATA, "bench_rusage")
RESULT = os.path.join(DATA, "rusage.out")


def build_launcher():
    """Compiles the wait4 launcher (a fork from Python would count Python's RSS)."""
    src = os.path.join(os.path.dirname(os.path.abspath(__file__)), "bench_rusage.c")
    if not os.path.exists(LAUNCHER) or os.path.getmtime(LAUNCHER) < os.path.getmtime(src):
        subprocess.run(["cc", "-O2", "-o", LAUNCHER, src], check=True)


def run_once(argv, stdin_path=None, stdin_proc_argv=None):
    """Runs argv, output to /dev/null; returns (wall s, peak RSS bytes, CPU s, status)."""
    devnull = open(os.devnull, "wb")
    feeder = None
    stdin = subprocess.DEVNULL
    if stdin_path is not None:
        stdin = open(stdin_path, "rb")
    elif stdin_proc_argv is not None:
        feeder = subprocess.Popen(stdin_proc_argv, stdout=subprocess.PIPE, shell=True)
        stdin = feeder.stdout
    p = subprocess.Popen([LAUNCHER, RESULT] + argv, stdin=stdin, stdout=devnull, stderr=devnull)
    if feeder is not None:
        feeder.stdout.close()
    p.wait()
    if feeder is not None:
        feeder.wait()
    if stdin_path is not None:
        stdin.close()
    devnull.close()
    wall, rss, cpu, status = open(RESULT).read().split()
    return float(wall), int(rss), float(cpu), int(status)


def measure(argv, repeat=REPEAT, **kw):
    """(median wall s, max peak RSS, median CPU s) over repeat runs after a warm-up."""
    run_once(argv, **kw)
    walls, cpus, peak = [], [], 0
    for _ in range(repeat):
        wall, rss, cpu, _ = run_once(argv, **kw)
        walls.append(wall)
        cpus.append(cpu)
        peak = max(peak, rss)
    walls.sort()
    cpus.sort()
    return walls[len(walls) // 2], peak, cpus[len(cpus) // 2]


def measure_each(argvs, repeat=3):
    """One process per argv, in turn: (median total wall, max peak RSS, median total CPU)."""
    walls, cpus, peak = [], [], 0
    for _ in range(repeat):
        wall = cpu = 0.0
        for argv in argvs:
            w, rss, c, _ = run_once(argv)
            wall += w
            cpu += c
            peak = max(peak, rss)
        walls.append(wall)
        cpus.append(cpu)
    walls.sort()
    cpus.sort()
    return walls[len(walls) // 2], peak, cpus[len(cpus) // 2]


def count_lines(argv):
    out = subprocess.run(argv, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL).stdout
    return out.count(b"\n")


# MARK: - table

ROWS = []


def fmt_time(s):
    return "%.1f ms" % (s * 1000) if s < 10 else "%.2f s" % s


def fmt_mib(b):
    return "%.1f MiB" % (b / MIB)


def row(goal, ours, peer, ratio, rss, verdict=""):
    ROWS.append((goal, ours, peer, ratio, rss, verdict))
    print("  %-44s ours %-22s peer %-30s ratio %-8s RSS %-22s %s" % (goal, ours, peer, ratio, rss, verdict), flush=True)


def speed_row(goal, ours, peer, peer_name, size=None):
    """ours/peer: (wall, rss, cpu). Ratio = peer wall / our wall; CPU ratio beside it,
    steadier on a shared machine."""
    (t_ours, rss_ours, c_ours), (t_peer, rss_peer, c_peer) = ours, peer
    ratio = t_peer / t_ours
    cratio = c_peer / c_ours if c_ours > 0 else float("inf")
    if size:
        o = "%s (%.0f MB/s), CPU %s" % (fmt_time(t_ours), size / t_ours / 1e6, fmt_time(c_ours))
        p = "%s %s (%.0f MB/s), CPU %s" % (peer_name, fmt_time(t_peer), size / t_peer / 1e6, fmt_time(c_peer))
    else:
        o = "%s, CPU %s" % (fmt_time(t_ours), fmt_time(c_ours))
        p = "%s %s, CPU %s" % (peer_name, fmt_time(t_peer), fmt_time(c_peer))
    row(goal, o, p, "%.2fx (CPU %.2fx)" % (ratio, cratio), "%s / %s" % (fmt_mib(rss_ours), fmt_mib(rss_peer)),
        "met" if ratio > 1 else "NOT MET")


def print_markdown_table():
    print()
    print("| goal | ours | peer | ratio (peer time / ours) | peak RSS ours / peer | |")
    print("|---|---|---|---|---|---|")
    for r in ROWS:
        print("| " + " | ".join(r) + " |")


# MARK: - benchmarks

def main():
    bin_ = os.path.abspath(sys.argv[1])
    static_bin = os.path.abspath(sys.argv[2]) if len(sys.argv) > 2 and os.path.exists(sys.argv[2]) else None
    rumdl = shutil.which("rumdl")
    # pyenv installs a shell shim; time the real binary, not bash + pyenv.
    real = subprocess.run([sys.executable, "-c", "import sysconfig;print(sysconfig.get_path('scripts'))"],
                          stdout=subprocess.PIPE, text=True).stdout.strip()
    if os.path.exists(os.path.join(real, "rumdl")):
        rumdl = os.path.join(real, "rumdl")
    mdl, cmark = shutil.which("mdl"), shutil.which("cmark-gfm")

    os.makedirs(DATA, exist_ok=True)
    build_launcher()
    n, size, digest, big_size = gather()
    print("corpus: %d Markdown files, %d bytes, sha256 %s (%s)" % (n, size, digest, CORPUS))
    print("        %s: %d bytes; %s: %d bytes" % (BIG, big_size, HUGE, os.path.getsize(HUGE)))
    if n < MIN_FILES:
        print("fewer than %d files: the lint goal needs more Markdown on this machine" % MIN_FILES)
    files = sorted(os.path.join(CORPUS, f) for f in os.listdir(CORPUS))
    print("median of %d runs after a warm-up; ratio = peer time / our time (> 1: we are faster)\n" % REPEAT)

    # 1. lint vs rumdl and mdl, MD034 alone.
    print("1. lint, bare URLs (MD034) over %d files" % n)
    ours = measure([bin_, "lint", CORPUS])
    found = count_lines([bin_, "lint", CORPUS])
    print("   findings: linkify lint %d" % found)
    if rumdl:
        rargv = [rumdl, "check", "--no-config", "--no-cache", "--respect-gitignore=false",
                 "--enable", "MD034", "--output-format", "concise", "--color", "never", CORPUS]
        r = measure(rargv)
        print("   findings: rumdl %d (rumdl uses every core)" % count_lines(rargv))
        speed_row("lint vs rumdl (all cores)", ours, r, "rumdl", size)
        r1 = measure(["taskset", "-c", "0"] + rargv)
        o1 = measure(["taskset", "-c", "0", bin_, "lint", CORPUS])
        speed_row("lint vs rumdl, both on one core", o1, r1, "rumdl", size)
    else:
        row("lint vs rumdl", fmt_time(ours[0]), "not available (pip install rumdl)", "-", fmt_mib(ours[1]))
    if mdl:
        margv = [mdl, "-r", "MD034", CORPUS]
        m = measure(margv, repeat=max(1, REPEAT // 2))
        print("   findings: mdl %d lines" % count_lines(margv))
        speed_row("lint vs mdl", ours, m, "mdl", size)
    else:
        row("lint vs mdl", fmt_time(ours[0]), "not available (apt-get install ruby-mdl)", "-", fmt_mib(ours[1]))

    # 2. Markdown annotate vs cmark-gfm -e autolink.
    print("\n2. Markdown annotate vs cmark-gfm -e autolink")
    if cmark:
        c = measure([cmark, "-e", "autolink", BIG])
        for to in ("markdown", "html"):
            o = measure([bin_, "--from", "markdown", "--to", to, BIG])
            speed_row("md -> %s, one %.1f MB file" % (to, big_size / 1e6), o, c, "cmark-gfm", big_size)
        c_each = measure_each([[cmark, "-e", "autolink", f] for f in files])
        builds = [("release", bin_)] + ([("static", static_bin)] if static_bin else [])
        for label, b in builds:
            for to in ("markdown", "html"):
                o_each = measure_each([[b, "--from", "markdown", "--to", to, f] for f in files])
                speed_row("md -> %s, %d processes, %s" % (to, n, label), o_each, c_each, "cmark-gfm", size)
    else:
        row("markdown annotate", "-", "not available (apt-get install cmark-gfm)", "-", "-")

    # 3. -j 2 vs -j 1.
    print("\n3. -j 2 vs -j 1 over %d files" % n)
    probe = subprocess.run([bin_, "-j", "1", "--to", "html", files[0]], stdout=subprocess.DEVNULL,
                           stderr=subprocess.PIPE)
    if probe.returncode == 2:
        row("-j 2 vs -j 1", "not available", probe.stderr.decode().strip(), "-", "-", "goal: >= 1.7x")
    else:
        for label, args in (("annotate --to html", ["--from", "markdown", "--to", "html"]), ("lint", ["lint"])):
            head = [bin_] + args[:1] if label == "lint" else [bin_] + args
            j1 = measure(head + ["-j", "1", CORPUS])
            j2 = measure(head + ["-j", "2", CORPUS])
            ratio = j1[0] / j2[0]
            row("-j 2 vs -j 1, " + label, "-j 2 " + fmt_time(j2[0]), "-j 1 " + fmt_time(j1[0]),
                "%.2fx" % ratio, "%s / %s" % (fmt_mib(j2[1]), fmt_mib(j1[1])),
                "met" if ratio >= 1.7 else "NOT MET (goal 1.7x; needs two free cores)")

    # 4. Start-up on a 100-byte input, hyperfine.
    print("\n4. start-up, 100-byte input (hyperfine, mean ± σ)")
    small = os.path.join(DATA, "startup-100.txt")
    with open(small, "wb") as f:
        f.write((b"Start-up probe: see https://example.com/a and mail a@example.org today. " * 2)[:99] + b"\n")
    small_md = os.path.join(DATA, "startup-100.md")
    shutil.copy(small, small_md)
    if shutil.which("hyperfine"):
        cands = [("release", "%s --to html %s" % (bin_, small))]
        if static_bin:
            cands.append(("static", "%s --to html %s" % (static_bin, small)))
        cands.append(("release lint", "%s lint %s" % (bin_, small_md)))
        if static_bin:
            cands.append(("static lint", "%s lint %s" % (static_bin, small_md)))
        if cmark:
            cands.append(("cmark-gfm", "%s -e autolink %s" % (cmark, small_md)))
        if rumdl:
            cands.append(("rumdl", "%s check --no-config --no-cache --enable MD034 %s" % (rumdl, small_md)))
        if mdl:
            cands.append(("mdl", "%s -r MD034 %s" % (mdl, small_md)))
        results = {}
        for label, cmd in cands:
            out = os.path.join(DATA, "hyperfine.json")
            runs = "10" if label == "mdl" else "200"
            subprocess.run(["hyperfine", "-N", "-i", "-w", "5", "-r", runs, "--export-json", out, cmd],
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            res = json.load(open(out))["results"][0]
            results[label] = (res["mean"], res["stddev"])
            print("   %-14s %.2f ms ± %.2f ms" % (label, res["mean"] * 1000, res["stddev"] * 1000))
        for label in ("release", "static"):
            if label in results:
                mean, sd = results[label]
                row("start-up, %s build" % label, "%.2f ± %.2f ms" % (mean * 1e3, sd * 1e3),
                    "goal 3 ms (Rust crate: 2-3 ms)", "%.2fx" % (0.003 / mean), "-",
                    "met" if mean <= 0.003 else "NOT MET")
    else:
        row("start-up", "-", "hyperfine not installed", "-", "-")

    # 5. Peak memory.
    print("\n5. peak memory")
    prose = "yes 'Prose with a link https://example.com/path?q=1 and mail to a.b@example.org, then words. '"
    solid = "yes aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
    lines = [("release", bin_, 20 * MIB)]
    if static_bin:
        lines.append(("static", static_bin, 16 * MIB))
    for label, b, limit in lines:
        for what, gen in (("prose+URLs", prose), ("no spaces", solid)):
            feed = "%s | tr -d '\\n' | head -c %d" % (gen, GIB)
            t, rss, _, status = run_once([b, "--to", "html"], stdin_proc_argv=feed)
            row("1 GiB single line (%s), %s" % (what, label), "%s (%.0f MB/s)" % (fmt_time(t), GIB / t / 1e6),
                "goal <= %d MiB" % (limit // MIB), "-", fmt_mib(rss),
                ("met" if rss <= limit else "NOT MET") + ("" if status == 0 else " (exit %d)" % status))
    huge_size = os.path.getsize(HUGE)
    limit = huge_size + 20 * MIB
    c_rss = run_once([cmark, "-e", "autolink", HUGE])[1] if cmark else None
    for args in (["--from", "markdown", "--to", "html"], ["--from", "markdown", "--to", "markdown"], ["lint"]):
        t, rss, _, status = run_once([bin_] + args + [HUGE])
        row("%.0f MiB Markdown, %s" % (huge_size / MIB, " ".join(args)), "%s (%.0f MB/s)" % (fmt_time(t), huge_size / t / 1e6),
            "goal <= %s" % fmt_mib(limit) + ("; cmark-gfm %s" % fmt_mib(c_rss) if c_rss else ""), "-",
            fmt_mib(rss), "met" if rss <= limit else "NOT MET")

    print_markdown_table()


if __name__ == "__main__":
    main()
