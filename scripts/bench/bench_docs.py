#!/usr/bin/env python3
"""Markdown-side benchmarks of issue 7: lint vs rumdl and mdl (MD034), Markdown
annotate vs cmark-gfm -e autolink, -j 2 vs -j 1, start-up, peak memory.

Usage: bench_docs.py BIN [STATIC_BIN]   (run from the repository root)

Every figure comes from this one run on the same inputs. Wall times are medians
of several runs; peak RSS comes from wait4(2) rusage of the measured process
itself (not of a shell around it). The goal figures are also recorded for the
closing summary (scripts/bench/results.py, scripts/bench/summary.py).

Environment (defaults measure what issue 7 asks):
  BENCH_REPEAT=5        runs per figure (median, after a warm-up)
  BENCH_MDL_REPEAT=1    runs of mdl (about 15 s each), no warm-up
  BENCH_FILES_REPEAT=3  passes of one process per file
  BENCH_LINE_MIB=1024   size of the single-line inputs
  BENCH_STARTUP_RUNS=100  hyperfine runs per start-up command
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

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from results import record  # noqa: E402

DATA = "bench-data"
CORPUS = os.path.join(DATA, "docs-md")
BIG = os.path.join(DATA, "docs-all.md")
HUGE = os.path.join(DATA, "docs-64mib.md")
MIN_FILES = 500
ROOTS = ["/usr/share/doc", "/usr/share", "/usr/lib", "/root/.pyenv/versions", "/opt/swift"]
MD_EXT = (".md", ".markdown")
REPEAT = int(os.environ.get("BENCH_REPEAT", "5"))
MDL_REPEAT = int(os.environ.get("BENCH_MDL_REPEAT", "1"))
FILES_REPEAT = int(os.environ.get("BENCH_FILES_REPEAT", "3"))
LINE_MIB = int(os.environ.get("BENCH_LINE_MIB", "1024"))
STARTUP_RUNS = int(os.environ.get("BENCH_STARTUP_RUNS", "100"))
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
CAPTURE = os.path.join(DATA, "capture.out")


def build_launcher():
    """Compiles the wait4 launcher (a fork from Python would count Python's RSS)."""
    src = os.path.join(os.path.dirname(os.path.abspath(__file__)), "bench_rusage.c")
    if not os.path.exists(LAUNCHER) or os.path.getmtime(LAUNCHER) < os.path.getmtime(src):
        subprocess.run(["cc", "-O2", "-o", LAUNCHER, src], check=True)


def run_once(argv, stdin_path=None, stdin_proc_argv=None, capture=False):
    """Runs argv, output to /dev/null (or CAPTURE); returns (wall s, peak RSS bytes, CPU s, status)."""
    out = open(CAPTURE if capture else os.devnull, "wb")
    feeder = None
    stdin = subprocess.DEVNULL
    if stdin_path is not None:
        stdin = open(stdin_path, "rb")
    elif stdin_proc_argv is not None:
        feeder = subprocess.Popen(stdin_proc_argv, stdout=subprocess.PIPE, shell=True)
        stdin = feeder.stdout
    p = subprocess.Popen([LAUNCHER, RESULT] + argv, stdin=stdin, stdout=out, stderr=subprocess.DEVNULL)
    if feeder is not None:
        feeder.stdout.close()
    p.wait()
    if feeder is not None:
        feeder.wait()
    if stdin_path is not None:
        stdin.close()
    out.close()
    wall, rss, cpu, status = open(RESULT).read().split()
    return float(wall), int(rss), float(cpu), int(status)


def captured_lines():
    """Lines written by the last run_once(capture=True)."""
    with open(CAPTURE, "rb") as f:
        return f.read().count(b"\n")


def measure(argv, repeat=REPEAT, warm_up=True, **kw):
    """(median wall s, max peak RSS, median CPU s) over repeat runs after a warm-up;
    the last run's output is kept for captured_lines()."""
    if warm_up:
        run_once(argv, **kw)
    walls, cpus, peak = [], [], 0
    for i in range(repeat):
        wall, rss, cpu, _ = run_once(argv, capture=(i == repeat - 1), **kw)
        walls.append(wall)
        cpus.append(cpu)
        peak = max(peak, rss)
    walls.sort()
    cpus.sort()
    return walls[len(walls) // 2], peak, cpus[len(cpus) // 2]


def measure_each(argvs, repeat=FILES_REPEAT):
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


def busy_seconds():
    """CPU seconds spent by the whole machine so far, and the wall clock (from /proc/stat)."""
    fields = [int(x) for x in open("/proc/stat").readline().split()[1:9]]
    user, nice, system, idle, iowait, irq, softirq, steal = fields
    return (user + nice + system + irq + softirq + steal) / os.sysconf("SC_CLK_TCK"), time.monotonic()


# MARK: - table

ROWS = []
SHORT_OF = None  # why the Markdown corpus does not qualify for the goals, if it does not


def fmt_time(s):
    return "%.1f ms" % (s * 1000) if s < 10 else "%.2f s" % s


def fmt_mib(b):
    return "%.1f MiB" % (b / MIB)


def row(goal, ours, peer, ratio, rss, verdict=""):
    ROWS.append((goal, ours, peer, ratio, rss, verdict))
    print("  %-44s ours %-22s peer %-30s ratio %-8s RSS %-22s %s" % (goal, ours, peer, ratio, rss, verdict), flush=True)


def speed_row(goal, ours, peer, peer_name, size=None, rid=None, note=""):
    """ours/peer: (wall, rss, cpu). Ratio = peer wall / our wall; CPU ratio beside it,
    steadier on a shared machine. With rid, recorded for the summary."""
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
    if rid:
        record(rid, short_of=SHORT_OF, ours=t_ours, peer=t_peer, unit="s", peer_name=peer_name, cpu_ours=c_ours, cpu_peer=c_peer,
               note="%sCPU time ratio %.2fx; peak RSS %s, %s %s" % (
                   note + "; " if note else "", cratio, fmt_mib(rss_ours), peer_name, fmt_mib(rss_peer)))


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
        global SHORT_OF
        SHORT_OF = "only %d Markdown files (goal: >= %d)" % (n, MIN_FILES)
        print("fewer than %d files: the lint goal needs more Markdown on this machine" % MIN_FILES)
    files = sorted(os.path.join(CORPUS, f) for f in os.listdir(CORPUS))
    print("median of %d runs after a warm-up; ratio = peer time / our time (> 1: we are faster)\n" % REPEAT)
    corpus_note = "%d files, %.1f MB" % (n, size / 1e6)

    # 1. lint vs rumdl and mdl, MD034 alone.
    print("1. lint, bare URLs (MD034) over %d files" % n)
    ours = measure([bin_, "lint", CORPUS])
    print("   findings: linkify lint %d" % captured_lines())
    if rumdl:
        rargv = [rumdl, "check", "--no-config", "--no-cache", "--respect-gitignore=false",
                 "--enable", "MD034", "--output-format", "concise", "--color", "never", CORPUS]
        r = measure(rargv)
        print("   findings: rumdl %d (rumdl uses every core)" % captured_lines())
        speed_row("lint vs rumdl (all cores)", ours, r, "rumdl", size, rid="lint-rumdl",
                  note="%s, both on all cores" % corpus_note)
        r1 = measure(["taskset", "-c", "0"] + rargv)
        o1 = measure(["taskset", "-c", "0", bin_, "lint", CORPUS])
        speed_row("lint vs rumdl, both on one core", o1, r1, "rumdl", size, rid="lint-rumdl-1core")
    else:
        row("lint vs rumdl", fmt_time(ours[0]), "not available (pip install rumdl)", "-", fmt_mib(ours[1]))
        record("lint-rumdl", error="rumdl not installed (pip install rumdl)")
    if mdl:
        margv = [mdl, "-r", "MD034", CORPUS]
        m = measure(margv, repeat=MDL_REPEAT, warm_up=False)
        print("   findings: mdl %d lines" % captured_lines())
        speed_row("lint vs mdl", ours, m, "mdl", size, rid="lint-mdl",
                  note="%s; mdl: %d run" % (corpus_note, MDL_REPEAT))
    else:
        row("lint vs mdl", fmt_time(ours[0]), "not available (apt-get install --no-install-recommends ruby-mdl)", "-", fmt_mib(ours[1]))
        record("lint-mdl", error="mdl not installed (apt-get install --no-install-recommends ruby-mdl)")

    # 2. Markdown annotate vs cmark-gfm -e autolink.
    print("\n2. Markdown annotate vs cmark-gfm -e autolink")
    if cmark:
        c = measure([cmark, "-e", "autolink", BIG])
        for to in ("html", "markdown"):
            o = measure([bin_, "--from", "markdown", "--to", to, BIG])
            speed_row("md -> %s, one %.1f MB file" % (to, big_size / 1e6), o, c, "cmark-gfm", big_size,
                      rid="md-cmark" if to == "html" else None,
                      note="--from markdown --to html, docs-all.md (%.1f MB)" % (big_size / 1e6))
        c_each = measure_each([[cmark, "-e", "autolink", f] for f in files])
        label, b = ("static", static_bin) if static_bin else ("release", bin_)
        o_each = measure_each([[b, "--from", "markdown", "--to", "html", f] for f in files])
        speed_row("md -> html, %d processes, %s" % (n, label), o_each, c_each, "cmark-gfm", size, rid="md-cmark-files",
                  note="%d processes, one per file, %s build (start-up bound)" % (n, label))
    else:
        row("markdown annotate", "-", "not available (apt-get install --no-install-recommends cmark-gfm)", "-", "-")
        record("md-cmark", error="cmark-gfm not installed (apt-get install --no-install-recommends cmark-gfm)")

    # 3. -j 2 vs -j 1. The goal holds "where two cores are free": /proc/stat says how
    # much of the machine other processes used while these ran.
    print("\n3. -j 2 vs -j 1 over %d files" % n)
    for label, args in (("annotate --to html", ["--from", "markdown", "--to", "html"]), ("lint", ["lint"])):
        busy0, t0 = busy_seconds()
        j1 = measure([bin_] + args + ["-j", "1", CORPUS])
        j2 = measure([bin_] + args + ["-j", "2", CORPUS])
        busy1, t1 = busy_seconds()
        ratio = j1[0] / j2[0]
        # Our own CPU: (warm-up + REPEAT) runs of each, estimated from the medians.
        ours_cpu = (REPEAT + 1) * (j1[2] + j2[2])
        free = os.cpu_count() - max(0.0, (busy1 - busy0) - ours_cpu) / (t1 - t0)
        row("-j 2 vs -j 1, " + label, "-j 2 " + fmt_time(j2[0]), "-j 1 " + fmt_time(j1[0]),
            "%.2fx" % ratio, "%s / %s" % (fmt_mib(j2[1]), fmt_mib(j1[1])),
            ("met" if ratio >= 1.7 else "NOT MET (goal 1.7x)") + "; %.1f of %d cores free of other work" % (
                free, os.cpu_count()))
        if label.startswith("annotate"):
            record("jobs", ours=j2[0], peer=j1[0], unit="s", peer_name="-j 1", cores=os.cpu_count(), free_cores=free,
                   note="annotate --from markdown --to html over %s; %.1f of %d cores free of other work "
                        "during these runs (/proc/stat), load average %s; CPU -j 1 %s, -j 2 %s" % (
                            corpus_note, free, os.cpu_count(), " ".join(open("/proc/loadavg").read().split()[:3]),
                            fmt_time(j1[2]), fmt_time(j2[2])))

    # 4. Start-up on a 100-byte input, hyperfine (the summary's start-up rows come from
    # scripts/bench/bench.sh; these add lint and the Markdown peers).
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
        for label, cmd in cands:
            out = os.path.join(DATA, "hyperfine.json")
            runs = "5" if label == "mdl" else str(STARTUP_RUNS)
            subprocess.run(["hyperfine", "-N", "-i", "-w", "3", "-r", runs, "--export-json", out, cmd],
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            res = json.load(open(out))["results"][0]
            print("   %-14s %.2f ms ± %.2f ms (median %.2f ms)" % (
                label, res["mean"] * 1000, res["stddev"] * 1000, res["median"] * 1000))
    else:
        print("   hyperfine not installed")

    # 5. Peak memory: single lines generated through a pipe, and a large Markdown file.
    print("\n5. peak memory")
    line_size = LINE_MIB * MIB
    # Real text made one line: the text corpus of scripts/bench/bench.sh (Debian changelogs and
    # copyright files) with its newlines turned into spaces, repeated; and one long word.
    text = os.path.join(DATA, "text.txt")
    if not os.path.exists(text):
        text = BIG
    copies = line_size // max(1, os.path.getsize(text)) + 1
    shapes = [("real text with newlines as spaces",
               "for i in $(seq %d); do cat %s; done | tr '\\n' ' ' | head -c %d" % (copies, text, line_size)),
              ("one word, no spaces", "yes aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
                            " | tr -d '\\n' | head -c %d" % line_size)]
    builds = [("release", bin_, 20 * MIB)] + ([("static", static_bin, 16 * MIB)] if static_bin else [])
    for label, b, limit in builds:
        worst, failed = None, []
        for what, feed in shapes:
            t, rss, _, status = run_once([b, "--to", "html"], stdin_proc_argv=feed)
            row("%d MiB single line (%s), %s" % (LINE_MIB, what, label), "%s (%.0f MB/s)" % (fmt_time(t), line_size / t / 1e6),
                "goal <= %d MiB" % (limit // MIB), "-", fmt_mib(rss),
                ("met" if rss <= limit else "NOT MET") + ("" if status == 0 else " (exit %d)" % status))
            if status != 0:
                failed.append("%s: exit status %d" % (what, status))
            if worst is None or rss > worst[0]:
                worst = (rss, what, t)
        rss, what, t = worst
        fields = dict(ours=rss / MIB, unit="MiB", line="1 GiB" if LINE_MIB == 1024 else "%d MiB" % LINE_MIB,
                      note="%s build, --to html, largest of %s; that one (%s) ran at %.0f MB/s" % (
                          label, " and ".join(w for w, _ in shapes), what, line_size / t / 1e6))
        if failed:
            fields["error"] = "; ".join(failed)
        record("rss-%s-line" % label, **fields)
    huge_size = os.path.getsize(HUGE)
    limit = huge_size + 20 * MIB
    c_rss = run_once([cmark, "-e", "autolink", HUGE])[1] if cmark else None
    worst = None
    for args in (["--from", "markdown", "--to", "html"], ["--from", "markdown", "--to", "markdown"], ["lint"]):
        t, rss, _, status = run_once([bin_] + args + [HUGE])
        row("%.0f MiB Markdown, %s" % (huge_size / MIB, " ".join(args)), "%s (%.0f MB/s)" % (fmt_time(t), huge_size / t / 1e6),
            "goal <= %s" % fmt_mib(limit) + ("; cmark-gfm %s" % fmt_mib(c_rss) if c_rss else ""), "-",
            fmt_mib(rss), "met" if rss <= limit else "NOT MET")
        if worst is None or rss > worst[0]:
            worst = (rss, " ".join(args))
    record("rss-markdown", ours=worst[0] / MIB, peer=c_rss / MIB if c_rss else None, unit="MiB",
           peer_name="cmark-gfm", limit=limit / MIB,
           note="%.1f MiB file (docs-64mib.md), largest of --to html, --to markdown and lint (%s)" % (
               huge_size / MIB, worst[1]))

    print_markdown_table()
    record("run-end", load=" ".join(open("/proc/loadavg").read().split()[:3]))


if __name__ == "__main__":
    main()
