"""A temporary folder for the replay cases (not a case module: its name starts with '_')."""
import os
import shutil
import tempfile


class Folder:
    """A temporary folder holding `files` ({relative path: str or bytes}), removed on exit."""

    def __init__(self, files=None):
        self.path = tempfile.mkdtemp(prefix="linkify-replay-")
        for rel, data in (files or {}).items():
            self.write(rel, data)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        shutil.rmtree(self.path, ignore_errors=True)

    def at(self, rel):
        return os.path.join(self.path, rel)

    def write(self, rel, data):
        full = self.at(rel)
        os.makedirs(os.path.dirname(full), exist_ok=True)
        with open(full, "wb") as f:
            f.write(data.encode() if isinstance(data, str) else data)
        return full

    def read(self, rel):
        with open(self.at(rel), "rb") as f:
            return f.read()

    def names(self, rel="."):
        return sorted(os.listdir(self.at(rel)))

    def temporaries(self, rel="."):
        """The in-place writes' temporary files left in `rel` (`.NAME.linkify-…`)."""
        return [n for n in self.names(rel) if ".linkify-" in n]
