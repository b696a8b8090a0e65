#!/usr/bin/env python3
"""Spark recipe: linkify many files on a cluster with RDD.pipe.

The RDD holds file paths (one per element, sorted); each partition pipes its
paths, one a line, into `xargs linkify --to jsonl`, so every worker runs one
linkify process over its share of the files. JSONL records are self-contained
(path, offsets, line, column), so the partitions' outputs concatenated in
partition order equal one `linkify --to jsonl` run over the same sorted paths.
The files must be readable at the same paths on every worker (a shared or
replicated file system).

Usage: spark-submit spark_linkify.py LINKIFY_BINARY OUTPUT_FILE PATH... (or python3 with pyspark installed)
"""
import sys

from pyspark import SparkConf, SparkContext


def main():
    linkify, output, paths = sys.argv[1], sys.argv[2], sorted(sys.argv[3:])
    conf = SparkConf().setAppName("linkify").setMaster("local[4]")
    sc = SparkContext(conf=conf)
    sc.setLogLevel("ERROR")
    try:
        records = (sc.parallelize(paths, 4)
                   .pipe(f"xargs -d '\\n' '{linkify}' --to jsonl --")
                   .collect())   # partition order, then line order
    finally:
        sc.stop()
    with open(output, "w", encoding="utf-8") as f:
        for line in records:
            f.write(line + "\n")


if __name__ == "__main__":
    main()
