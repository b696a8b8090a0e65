"""Files left behind, owners changed (issue 24, items 13 and 14; SPEC §7).

13: temporary files of `-i` / `lint --fix` are named .NAME.linkify-PID-BOOT-RANDOM;
    a run removes those whose process is gone in the folders it writes, never a
    live run's; an interrupted run leaves none.
14: `-i` and `lint --fix` keep the file's owner, group and mode (run as root).
"""
import os
import shutil
import signal
import subprocess
import time

from _folder import Folder

DEAD_PID = 999999999   # above any pid_max (2^22): no process has it


def boot():
    try:
        raw = open("/proc/sys/kernel/random/boot_id").read()
    except OSError:
        return "0"
    hexdigits = "".join(c for c in raw.lower() if c in "0123456789abcdef")
    return hexdigits[:16] if len(hexdigits) >= 16 else "0"


def check(ok, message):
    if not ok:
        raise AssertionError(message)


def dead_runs_removed_by_in_place(run):
    """The issue's case: files a killed run left are removed by the next -i there."""
    b = boot()
    with Folder() as d:
        d.write("a.md", "see a.com\n")
        dead = f".a.md.linkify-{DEAD_PID}-{b}-abc"
        live = f".a.md.linkify-{os.getpid()}-{b}-def"      # this script is alive
        d.write(dead, "half")
        d.write(live, "a live run's")
        old_boot = d.write(f".a.md.linkify-{DEAD_PID}-00000000000000aa-x", "another boot's")
        os.utime(old_boot, (1_000_000, 1_000_000))         # written before this boot
        r = run(["-i", "a.md"], cwd=d.path)
        check(r.returncode == 0, f"-i exit {r.returncode}: {r.stderr!r}")
        check(d.read("a.md") == b"see [a.com](https://a.com)\n", f"a.md is {d.read('a.md')!r}")
        check(d.temporaries() == [live], f"left {d.temporaries()}, expected only the live run's {live}")


def killed_run_cleaned_by_lint_fix(run):
    """Our own: a run killed by SIGKILL (no handler can run) leaves its
    temporary file; `lint --fix` on another file of that folder removes it,
    and the killed file is whole."""
    with Folder() as d:
        line = b"some text with https://example.com/path and more words\n"
        big = line * ((24 << 20) // len(line))
        d.write("d/big.md", big)
        d.write("d/mail.md", "mail me@x.com\n")
        p = subprocess.Popen([run.binary, "-i", "d/big.md"], cwd=d.path, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        seen = []
        for _ in range(20000):
            seen = d.temporaries("d")
            if seen or p.poll() is not None:
                break
            time.sleep(0.001)
        p.kill()
        p.wait()
        check(seen and seen[0].startswith(f".big.md.linkify-{p.pid}-{boot()}-"),
              f"temporary file of the killed run: {seen}")
        check(d.temporaries("d"), "SIGKILL left no temporary file: nothing to clean (test did not reproduce)")
        r = run(["lint", "--fix", "d/mail.md"], cwd=d.path)
        check(r.returncode == 0, f"lint --fix exit {r.returncode}: {r.stderr!r}")
        check(d.temporaries("d") == [], f"lint --fix left the dead run's {d.temporaries('d')}")
        check(d.read("d/big.md") == big, "the killed run changed big.md")
        check(d.read("d/mail.md") == b"mail [me@x.com](mailto:me@x.com)\n", f"mail.md is {d.read('d/mail.md')!r}")


def interrupted_runs_leave_nothing(run):
    """Our own: -i -j 4 over many files, interrupted at varied moments, twelve
    times: no temporary file is ever left, and every file is old or new."""
    with Folder() as d:
        for k in range(300):
            d.write(f"d/f{k:03}.md", f"see f{k}.example.com and mail me{k}@example.org\n" * 200)
        originals = {n: d.read("d/" + n) for n in d.names("d")}
        for attempt in range(12):
            p = subprocess.Popen([run.binary, "-i", "-j", "4", "d"], cwd=d.path,
                                 stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            time.sleep(0.004 * (attempt + 1))
            p.send_signal(signal.SIGINT if attempt % 2 else signal.SIGTERM)
            p.wait()
            check(d.temporaries("d") == [], f"attempt {attempt}: left {d.temporaries('d')[:3]}")
            for n in d.names("d"):
                data = d.read("d/" + n)
                check(data == originals[n] or data.startswith(b"see [f"), f"attempt {attempt}: {n} is neither old nor new")
            for n in d.names("d"):
                if d.read("d/" + n) != originals[n]:
                    d.write("d/" + n, originals[n])


def owner_kept_by_in_place(run):
    """The issue's case: -i as root on a file of another user keeps owner, group and mode."""
    if os.geteuid() != 0:
        return   # only root can give a file to another user
    with Folder() as d:
        f = d.write("a.md", "see a.com\n")
        os.chown(f, 65534, 65534)
        os.chmod(f, 0o640)
        r = run(["-i", "a.md"], cwd=d.path)
        check(r.returncode == 0 and r.stderr == b"", f"-i exit {r.returncode}: {r.stderr!r}")
        st = os.stat(f)
        check(d.read("a.md") == b"see [a.com](https://a.com)\n", "a.md was not rewritten")
        check((st.st_uid, st.st_gid, st.st_mode & 0o7777) == (65534, 65534, 0o640),
              f"owner/group/mode now {st.st_uid}:{st.st_gid} {oct(st.st_mode & 0o7777)}, expected 65534:65534 0o640")


def owner_kept_by_lint_fix_through_link(run):
    """Our own: lint --fix through a symbolic link on a set-group-ID file of
    another owner and group: the target keeps them all, the link stays a link;
    and a user who may not give files away is told once."""
    if os.geteuid() != 0:
        return
    with Folder() as d:
        f = d.write("real/notes.md", "mail me@x.com\n")
        os.chown(f, 65533, 65532)
        os.chmod(f, 0o2664)
        os.symlink("real/notes.md", d.at("notes.md"))
        r = run(["lint", "--fix", "notes.md"], cwd=d.path)
        check(r.returncode == 0 and r.stderr == b"", f"lint --fix exit {r.returncode}: {r.stderr!r}")
        check(os.path.islink(d.at("notes.md")), "the link was replaced by a file")
        st = os.stat(f)
        check(d.read("real/notes.md") == b"mail [me@x.com](mailto:me@x.com)\n", "notes.md was not fixed")
        check((st.st_uid, st.st_gid, st.st_mode & 0o7777) == (65533, 65532, 0o2664),
              f"owner/group/mode now {st.st_uid}:{st.st_gid} {oct(st.st_mode & 0o7777)}, expected 65533:65532 0o2664")
        if shutil.which("setpriv") is None:
            return
        os.chmod(d.path, 0o777)
        for name in ("x.md", "y.md"):
            d.write(name, "see x.com\n")
            os.chmod(d.at(name), 0o666)
        r = subprocess.run(
            ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", "--", run.binary, "-i", "-j", "1", "x.md", "y.md"],
            cwd=d.path, capture_output=True)
        lines = r.stderr.decode().splitlines()
        check(r.returncode == 0 and len(lines) == 1 and lines[0].startswith("linkify: x.md: rewritten as uid 65534 gid 65534, not as its owner uid 0 gid 0"),
              f"as nobody: exit {r.returncode}, stderr {r.stderr!r}")


CASES = [
    (13, "dead runs' temporary files removed by -i, live run's kept", dead_runs_removed_by_in_place),
    (13, "SIGKILLed -i's temporary file removed by lint --fix", killed_run_cleaned_by_lint_fix),
    (13, "-i -j 4 interrupted twelve times leaves no temporary file", interrupted_runs_leave_nothing),
    (14, "-i as root keeps owner, group, mode", owner_kept_by_in_place),
    (14, "lint --fix through a link keeps owner, group, setgid mode; said once when not", owner_kept_by_lint_fix_through_link),
]
