"""What the fitted models' exporters and trainers share (bare_name_features.py,
date_features.py, train_bare_names.py, train_dates.py): the corpus's files, the
weighings a binary tells with `--explain=json`, and the `name=value;…` feature
column of corpus/features/*.tsv."""
import json
import pathlib

ROOT = pathlib.Path(__file__).resolve().parents[2]


def corpus_files():
    """(source, path relative to the source, path) of every file of corpus/text, in name order."""
    base = ROOT / "corpus" / "text"
    for source in sorted(p.name for p in base.iterdir() if p.is_dir()):
        for path in sorted((base / source).rglob("*")):
            if path.is_file():
                yield source, path.relative_to(base / source).as_posix(), path


def weighed(stderr, model):
    """The `weighed` explanations of `model` in a binary's `--explain=json` output."""
    for line in stderr.splitlines():
        if line.startswith(b"{"):
            e = json.loads(line)
            if e.get("verdict") == "weighed" and e.get("model") == model:
                yield e


def feature_column(e):
    """An explanation's features as the export writes them: `name=value;…`."""
    return ";".join(f"{k}={v[0]}" for k, v in e["features"].items())


def feature_vector(column, index):
    """The values of an export's feature column, in the model's order (`index`: name -> position)."""
    x = [0] * len(index)
    for kv in filter(None, column.split(";")):
        k, v = kv.split("=")
        x[index[k]] = int(v)
    return x


def write_rows(out, header, rows):
    """Writes an export: the header's columns, then one tab-separated line per row."""
    with open(out, "w", encoding="utf-8") as f:
        f.write("\t".join(header) + "\n")
        for r in rows:
            f.write("\t".join(str(x) for x in r) + "\n")
    return len(rows)
