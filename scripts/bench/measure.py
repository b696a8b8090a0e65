#!/usr/bin/env python3
"""Runs the benchmark commands and prints the table for `make bench`.

Each command reads a corpus on stdin and writes to /dev/null; it is forked
by the small C helper `runstat` (scripts/bench/runstat.c) and reaped with
wait4(2), so the wall time covers the process alone and the peak RSS is the
kernel's ru_maxrss. Commands are run round-robin, RUNS times each (start-up:
STARTUP_RUNS, ten at a time), and the median and best are kept.

Every figure is also recorded for the closing summary (results.py): ids
html-PAIR-CORPUS, rss-release-text, rss-static-text, startup-release and
startup-static.

Usage: measure.py RUNSTAT CONFIG.json
CONFIG: {"runs": 3, "startup_runs": 200, "corpora": [{"key", "name", "path"}],
         "pairs": [{"key", "label", "ours": [argv], "peer": [argv], "peer_name"}],
         "ceiling": [argv], "static": [argv] (run once per corpus, for its RSS),
         "startup": {"input": path, "commands": {label: argv},
                     "record": {id: [our label, peer label]}}}
"""
import json
import os
import statistics
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import results  # noqa: E402

RUNSTAT = None


def run(argv, stdin_path, count):
    """(seconds, peak RSS in MiB) of each of `count` runs."""
    lines = subprocess.run([RUNSTAT, str(count), stdin_path] + argv, check=True,
                           stdout=subprocess.PIPE, text=True).stdout.split("\n")
    return [(float(t), int(kib) / 1024.0) for t, kib in (l.split() for l in lines if l)]


def measure(commands, stdin_path, runs, chunk=1):
    """Median and best seconds and the largest peak RSS (MiB) of each command, run
    round-robin `chunk` runs at a time, so that a burst of load on the shared
    machine falls on every command alike."""
    samples = {k: [] for k in commands}
    done = 0
    while done < runs:
        n = min(chunk, runs - done)
        for key, argv in commands.items():
            samples[key] += run(argv, stdin_path, n)
        done += n
    return {k: (statistics.median(t for t, _ in v), min(t for t, _ in v), max(m for _, m in v))
            for k, v in samples.items()}


def main():
    global RUNSTAT
    RUNSTAT = sys.argv[1]
    config = json.load(open(sys.argv[2]))
    runs = config["runs"]
    print("%-34s %9s %9s %9s %7s %9s %9s" % ("corpus / job", "ours MB/s", "peer MB/s", "ratio", "goal", "ours RSS", "peer RSS"))
    print("%-34s %9s %9s %9s %7s %9s %9s" % ("", "(median)", "(median)", "", "", "MiB", "MiB"))
    rss = {"ours": 0.0, "peer": 0.0, "static": 0.0}
    for corpus in config["corpora"]:
        size_mb = os.path.getsize(corpus["path"]) / 1e6
        commands = {"ceiling": config["ceiling"]}
        for pair in config["pairs"]:
            commands["ours:" + pair["label"]] = pair["ours"]
            commands["peer:" + pair["label"]] = pair["peer"]
        result = measure(commands, corpus["path"], runs)
        print("%s (%.1f MB)" % (corpus["name"], size_mb))
        for pair in config["pairs"]:
            ours, peer = result["ours:" + pair["label"]], result["peer:" + pair["label"]]
            ratio = peer[0] / ours[0]
            goal = pair.get("goal", 1.5)
            print("  %-32s %9.0f %9.0f %8.2fx %7s %9.1f %9.1f" % (
                pair["label"], size_mb / ours[0], size_mb / peer[0], ratio,
                "ok" if ratio >= goal else "%.2gx" % goal, ours[2], peer[2]))
            print("  %-32s %9.0f %9.0f" % ("  (best of %d)" % runs, size_mb / ours[1], size_mb / peer[1]))
            results.record("html-%s-%s" % (pair["key"], corpus["key"]), ours=size_mb / ours[0],
                           peer=size_mb / peer[0], unit="MB/s", peer_name=pair["peer_name"],
                           size_mb=size_mb, runs=runs, best_ours=size_mb / ours[1], best_peer=size_mb / peer[1])
            if pair.get("rss", True):   # not a pair of two of our own runs
                rss["ours"] = max(rss["ours"], ours[2])
                rss["peer"] = max(rss["peer"], peer[2])
        c = result["ceiling"]
        print("  %-32s %9.0f %9s %9s %7s %9.1f" % ("cat (ceiling)", size_mb / c[0], "", "", "", c[2]))
        if config.get("static"):
            (t, _, m), = measure({"static": config["static"]}, corpus["path"], 1).values()
            print("  %-32s %9.0f %9s %9s %7s %9.1f" % ("static build, one run", size_mb / t, "", "", "", m))
            rss["static"] = max(rss["static"], m)
    names = " and ".join(c["name"] for c in config["corpora"])
    results.record("rss-release-text", ours=rss["ours"], peer=rss["peer"], unit="MiB", peer_name="Rust linkify",
                   note="largest peak RSS over %s, both profiles" % names)
    if config.get("static"):
        results.record("rss-static-text", ours=rss["static"], peer=rss["peer"], unit="MiB", peer_name="Rust linkify",
                       note="one run of the static build on %s (default profile)" % names)
    startup = config.get("startup")
    if startup:
        n = config["startup_runs"]
        result = measure(startup["commands"], startup["input"], n, chunk=10)
        print("start-up on a %d-byte input (median of %d runs, round-robin by 10; goal <= 3 ms)" % (
            os.path.getsize(startup["input"]), n))
        for label, (med, best, rss) in result.items():
            print("  %-32s %8.2f ms (best %.2f ms) %9.1f MiB" % (label, med * 1e3, best * 1e3, rss))
        for rid, (ours, peer) in startup.get("record", {}).items():
            if ours in result:
                results.record(rid, ours=result[ours][0] * 1e3, peer=result[peer][0] * 1e3, unit="ms",
                               peer_name="Rust linkify", runs=n,
                               note="median of %d runs (best %.2f ms, peer best %.2f ms)" % (
                                   n, result[ours][1] * 1e3, result[peer][1] * 1e3))


if __name__ == "__main__":
    main()
