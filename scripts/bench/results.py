"""Where the benchmark scripts put their figures: one JSON object per line in
bench-data/results.jsonl (or $BENCH_RESULTS), read back by summary.py.

A record is {"id": ..., "ours": number, "peer": number or null, "unit": ...}
plus whatever else the summary shows (peer name, limit, notes). `make bench`
empties the file first, so the summary shows this run's measurements only.
"""
import json
import os

PATH = os.environ.get("BENCH_RESULTS", os.path.join("bench-data", "results.jsonl"))


def record(id, **fields):
    """Appends one measurement."""
    os.makedirs(os.path.dirname(PATH) or ".", exist_ok=True)
    with open(PATH, "a") as f:
        f.write(json.dumps(dict(id=id, **fields), sort_keys=True) + "\n")


def load():
    """Every record in the file, later ones replacing earlier ones of the same id."""
    records = {}
    if os.path.exists(PATH):
        for line in open(PATH):
            line = line.strip()
            if line:
                r = json.loads(line)
                records[r["id"]] = r
    return records
