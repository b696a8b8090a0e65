"""The public symbol graphs of a package's library modules, for
api_size.py, api_compat.py and scripts/docs.py.

`swift package dump-symbol-graph` writes a graph per module; in a tree whose
tests were never built it then fails on the test modules, after the
library's graphs are written. So the folder is emptied first, and what
counts is that every library module's graph is there afterwards.
"""
import glob
import os
import shutil
import subprocess
import sys

LIBRARY = ["LinkifyModel", "LinkifyDetectors", "LinkifyRendering", "LinkifyFinding", "LinkifyInput", "LinkifyCore",
           "LinkifyFoundation"]


def dump(package, who):
    """The folder of `package`'s public symbol graphs, every library module's in it; exits naming `who` otherwise."""
    for old in glob.glob(os.path.join(package, ".build", "*", "symbolgraph")):
        shutil.rmtree(old, ignore_errors=True)
    proc = subprocess.run(["swift", "package", "--package-path", package, "dump-symbol-graph",
                           "--minimum-access-level", "public"], capture_output=True, text=True)
    folders = glob.glob(os.path.join(package, ".build", "*", "symbolgraph"))
    missing = [m for m in LIBRARY if not folders or not os.path.exists(os.path.join(folders[0], m + ".symbols.json"))]
    if missing:
        sys.exit(f"{who}: no symbol graph for {', '.join(missing)} (swift package dump-symbol-graph):\n"
                 + (proc.stdout + proc.stderr)[-2000:])
    return folders[0]


def module_graphs(folder, module):
    """The graph files of `module`: its own and those of its extensions to other modules' types."""
    return sorted(glob.glob(os.path.join(folder, module + ".symbols.json")) +
                  glob.glob(os.path.join(folder, module + "@*.symbols.json")))
