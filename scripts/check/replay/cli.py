"""Silent surprises (issue 24, items 5 to 12; SPEC §1, §2, §6).

5:  --phone-region / --locale given explicitly must be ISO codes (ZZ allowed),
    with a suggestion; LANG never fails.
6:  a walk's default extension lists match in any case; --verbose says what a
    walk skipped and why.
7:  -i (and --check) with another --to is a usage error pointing to -o DIR.
8:  {} and {0} are the value in every template, {{ }} braces, other {…} errors.
9:  lint without a path checks the current folder; a summary on a terminal.
10: a closed pipe keeps the status of what was found.
11: run settings in a sub-folder's .linkify.json are noted once.
12: no progress bar while the results go to the terminal; erased on signals.

Each case runs the issue's example and an input of our own.
"""
import os
import pty
import select
import signal
import subprocess
import tempfile
import time

from _folder import Folder


def check(ok, message):
    if not ok:
        raise AssertionError(message)


def text(b):
    return b.decode("utf-8", "replace")


def on_terminal(binary, args, cwd, stdout_on_terminal, signal_when=None, timeout=30):
    """Runs the binary with standard error (and output, if asked) on a
    pseudo-terminal; returns (returncode, what the terminal got, stdout bytes
    when it was not the terminal). signal_when=(bytes, sig): send sig once
    the terminal shows bytes."""
    master, slave = pty.openpty()
    env = dict(os.environ)
    env.pop("LINKIFY_CONFIG", None)
    env["NO_COLOR"] = "1"
    out_file = tempfile.TemporaryFile()
    proc = subprocess.Popen([binary] + args, cwd=cwd, stdin=subprocess.DEVNULL,
                            stdout=slave if stdout_on_terminal else out_file, stderr=slave, env=env)
    os.close(slave)
    got = b""
    sent = False
    deadline = time.time() + timeout
    while True:
        ready, _, _ = select.select([master], [], [], 0.02)
        if ready:
            try:
                chunk = os.read(master, 65536)
            except OSError:
                chunk = b""
            if not chunk and proc.poll() is not None:
                break
            got += chunk
        elif proc.poll() is not None:
            break
        if signal_when and not sent and signal_when[0] in got:
            proc.send_signal(signal_when[1])
            sent = True
        if time.time() > deadline:
            proc.kill()
            proc.wait()
            raise AssertionError(f"{args}: still running after {timeout} s (terminal: {got[-200:]!r})")
    proc.wait()
    os.close(master)
    out_file.seek(0)
    return proc.returncode, got, out_file.read()


# 5 ---------------------------------------------------------------------------

def region_codes(run):
    london = "call 020 7946 0018\n"
    for args, hint in ((["--phone-region", "UK"], "'GB'"), (["--locale", "en_UK"], "'en_GB'"),
                       (["--phone-region", "DEU"], "'DE'"), (["--locale", "jp_JP"], "'ja_JP'")):
        r = run(["--detect", "phone"] + args, stdin=london, env={"LANG": "C"})
        err = text(r.stderr)
        check(r.returncode == 2, f"{args}: status {r.returncode}, expected 2 (stdout {r.stdout[:80]!r})")
        check(err.count("\n") == 1 and err.startswith(f"linkify: invalid value '{args[1]}' for {args[0]}"), f"{args}: {err!r}")
        check(f"did you mean {hint}?" in err, f"{args}: no suggestion {hint} in {err!r}")
    for args in (["--phone-region", "GB"], ["--phone-region", "zz"], ["--locale", "de_AT"]):
        r = run(["--detect", "phone", "--to", "jsonl"] + args, stdin=london, env={"LANG": "C"})
        check(r.returncode == 0, f"{args}: status {r.returncode}: {r.stderr!r}")
    gb = run(["--detect", "phone", "--to", "jsonl", "--phone-region", "GB"], stdin=london, env={"LANG": "C"})
    check(b'"tel:+442079460018"' in gb.stdout, f"--phone-region GB found no phone: {gb.stdout!r}")
    for lang in ("en_UK.UTF-8", "xx_YY", "C.UTF-8", "POSIX"):
        r = run(["--detect", "phone,date"], stdin=london, env={"LANG": lang, "LC_ALL": ""})
        check(r.returncode == 0, f"LANG={lang}: status {r.returncode}: {r.stderr!r}")


# 6 ---------------------------------------------------------------------------

def walk_case(run):
    with Folder({"d/README.MD": "see https://a.example/\n", "d/notes.Markdown": "see https://b.example/\n",
                 "d/X.HTM": "<p>see https://c.example/</p>\n", "d/Log.Txt": "see https://d.example/\n",
                 "d/logo.PNG": "https://e.example/\n", "d/.hidden.md": "https://f.example/\n"}) as f:
        r = run(["--to", "jsonl", "--verbose", "d"], cwd=f.path)
        out, err = text(r.stdout), text(r.stderr)
        for host in ("a.example", "b.example", "c.example", "d.example"):
            check(host in out, f"walk did not take the file of {host}: {out!r}")
        check("e.example" not in out and "f.example" not in out, f"walk took a file it should skip: {out!r}")
        check("linkify: d/logo.PNG: skipped: not a Markdown, HTML or .txt file" in err, f"--verbose: {err!r}")
        check("linkify: d/.hidden.md: skipped: hidden" in err, f"--verbose: {err!r}")
        glob = run(["--to", "jsonl", "--include", "*.md", "d"], cwd=f.path)
        check(glob.stdout == b"", f"--include '*.md' matched README.MD: {glob.stdout!r}")
        lint = run(["lint", "d"], cwd=f.path)
        check(lint.returncode == 1 and b"README.MD:1:5" in lint.stdout and b"notes.Markdown:1:5" in lint.stdout,
              f"lint walk: {lint.returncode} {lint.stdout!r}")


# 7 ---------------------------------------------------------------------------

def in_place_to(run):
    with Folder({"a.md": "see a.com\n", "p.html": "<p>see b.com</p>\n"}) as f:
        for args in (["-i", "--to", "html", "a.md"], ["--check", "--to", "html", "p.html"], ["-i", "--to=json", "a.md"]):
            r = run(args, cwd=f.path)
            err = text(r.stderr)
            check(r.returncode == 2, f"{args}: status {r.returncode}, expected 2")
            check("-o DIR" in err and err.count("\n") == 1, f"{args}: {err!r}")
        check(f.read("a.md") == b"see a.com\n" and f.read("p.html") == b"<p>see b.com</p>\n", "a refused run changed a file")
        r = run(["-i", "--to", "markdown", "a.md"], cwd=f.path)
        check(r.returncode == 0 and f.read("a.md") == b"see [a.com](https://a.com)\n", f"-i --to markdown: {r.stderr!r}")


# 8 ---------------------------------------------------------------------------

def templates(run):
    r = run(["--detect", "mention", "--mention-url", "https://social.example/{0}", "--to", "markdown"], stdin="hi @bob\n")
    check(r.stdout == b"hi [@bob](https://social.example/bob)\n", f"{{0}} in --mention-url: {r.stdout!r}")
    r = run(["--detect", "hashtag,cashtag", "--hashtag-url", "https://t.example/{{{}}}", "--cashtag-url", "https://q.example/{0}/{}",
             "--to", "markdown"], stdin="#rust $ABC\n")
    check(r.stdout == b"[#rust](https://t.example/{rust}) [$ABC](https://q.example/ABC/ABC)\n", f"braces: {r.stdout!r}")
    r = run(["--pattern", r"BUG-(\d+)=>https://bugs.example/{}?id={1}", "--to", "markdown"], stdin="fixes BUG-7\n")
    check(r.stdout == b"fixes [BUG-7](https://bugs.example/BUG-7?id=7)\n", f"{{}} in --pattern: {r.stdout!r}")
    for args in (["--mention-url", "https://social.example/{user}"], ["--address-url", "https://maps.example/?q={"],
                 ["--pattern", "x=>https://p.example/{a b}"]):
        r = run(args, stdin="@bob\n")
        err = text(r.stderr)
        check(r.returncode == 2 and err.startswith("linkify: invalid template") and err.count("\n") == 1, f"{args}: {r.returncode} {err!r}")


# 9 ---------------------------------------------------------------------------

def lint_without_path(run):
    with Folder({"a.md": "see https://a.example.com\n", "docs/b.md": "mail x@example.com\n"}) as f:
        r = run(["lint"], stdin="https://stdin.example.com\n", cwd=f.path)
        check(r.returncode == 1, f"lint without a path: status {r.returncode}, expected 1 (findings in the folder)")
        check(r.stdout == b"a.md:1:5: bare URL https://a.example.com\ndocs/b.md:1:6: bare email address x@example.com\n",
              f"lint without a path: {r.stdout!r}")
        r = run(["lint", "-"], stdin="https://stdin.example.com\n", cwd=f.path)
        check(r.stdout == b"-:1:1: bare URL https://stdin.example.com\n", f"lint -: {r.stdout!r}")
        r = run(["lint", "--stdin-filepath", "x.md"], stdin="https://stdin.example.com\n", cwd=f.path)
        check(r.stdout == b"x.md:1:1: bare URL https://stdin.example.com\n", f"lint --stdin-filepath: {r.stdout!r}")
        code, shown, _ = on_terminal(run.binary, ["lint"], f.path, stdout_on_terminal=True)
        check(code == 1 and shown.endswith(b"2 files, 2 findings\r\n"), f"no summary on a terminal: {shown[-120:]!r}")
        code, shown, _ = on_terminal(run.binary, ["lint", "--format", "json"], f.path, stdout_on_terminal=True)
        check(b"findings" not in shown, f"a summary with --format json: {shown[-120:]!r}")
    with Folder({"notes.txt": "https://a.example.com\n"}) as f:
        r = run(["lint"], stdin="https://stdin.example.com\n", cwd=f.path)
        check(r.returncode == 0 and r.stdout == b"", f"a folder without Markdown: {r.returncode} {r.stdout!r}")


# 10 --------------------------------------------------------------------------

def closed_pipe(run):
    with Folder({"a.md": "see https://example.com/page\n" * 20000,
                 "b.md": "".join(f"<https://example.com/{k}> x{k}@example.org\n" for k in range(20000))}) as f:
        for file in ("a.md", "b.md"):
            p = subprocess.run(["bash", "-c", f"'{run.binary}' lint {file} | head -n 1 >/dev/null; echo ${{PIPESTATUS[0]}}"],
                               cwd=f.path, capture_output=True)
            check(p.stdout == b"1\n", f"lint {file} | head -1: status {p.stdout!r}, expected 1")
        # A pipe closed before anything is written: the same.
        read_end, write_end = os.pipe()
        os.close(read_end)
        p = subprocess.run([run.binary, "lint", "a.md"], cwd=f.path, stdout=write_end, stderr=subprocess.PIPE)
        os.close(write_end)
        check(p.returncode == 1, f"lint with a closed pipe: status {p.returncode}, expected 1")


# 11 --------------------------------------------------------------------------

def nested_run_settings(run):
    with Folder({"docs/.linkify.json": '{"jobs": 4, "progress": true}', "docs/a.md": "see https://a.com\n",
                 "docs/b.md": "see https://b.com\n", "api/.linkify.json": '{"include": ["*.txt"], "detect": "url"}',
                 "api/c.md": "see https://c.com\n"}) as f:
        r = run(["docs/a.md", "docs/b.md", "api/c.md"], cwd=f.path)
        err = text(r.stderr)
        check(r.returncode == 0, f"status {r.returncode}: {err!r}")
        check(err.count("docs/.linkify.json: ignored here: jobs, progress (") == 1, f"docs: {err!r}")
        check(err.count("api/.linkify.json: ignored here: include (") == 1, f"api: {err!r}")
        check(err.count("\n") == 2, f"more than one note a file: {err!r}")
        quiet = run(["-q", "docs/a.md"], cwd=f.path)
        check(quiet.stderr == b"", f"-q: {quiet.stderr!r}")


# 12 --------------------------------------------------------------------------

def progress_bar(run):
    with Folder({f"d/f{k:03}.txt": "see a.com\n" for k in range(220)}) as f:
        code, shown, _ = on_terminal(run.binary, ["d"], f.path, stdout_on_terminal=True)
        check(code == 0 and b"MB/s" not in shown and b"\x1b[K" not in shown, f"a bar among the results: {shown[:200]!r}")
        code, shown, _ = on_terminal(run.binary, ["--progress", "--to", "jsonl", "d"], f.path, stdout_on_terminal=True)
        check(code == 0 and b"MB/s" not in shown, f"--progress drew into the results: {shown[:200]!r}")
        code, shown, out = on_terminal(run.binary, ["d"], f.path, stdout_on_terminal=False)
        check(code == 0 and b"MB/s" in shown and shown.endswith(b"\r\x1b[K"), f"results in a file: bar {shown[-80:]!r}")
        os.mkfifo(f.at("wait.txt"))
        for sig in (signal.SIGINT, signal.SIGTERM):
            code, shown, _ = on_terminal(run.binary, ["--progress", "d/f000.txt", "wait.txt", "-o", "out"], f.path,
                                         stdout_on_terminal=False, signal_when=(b"MB/s", sig))
            check(code == -sig, f"{sig.name}: status {code}")
            check(b"MB/s" in shown and shown.endswith(b"\r\x1b[K"), f"{sig.name} left the bar: {shown[-80:]!r}")


CASES = [
    (5, "--phone-region UK / --locale en_UK are usage errors with a suggestion; LANG never fails", region_codes),
    (6, "README.MD, notes.Markdown, X.HTM are walked; --verbose says what was skipped", walk_case),
    (7, "-i --to html is a usage error pointing to -o DIR", in_place_to),
    (8, "{0}, {{ }} and bad {…} in URL templates", templates),
    (9, "lint without a path checks the current folder; a summary on a terminal", lint_without_path),
    (10, "lint FILE | head -1 keeps status 1", closed_pipe),
    (11, "run settings in a sub-folder's .linkify.json are noted once", nested_run_settings),
    (12, "no progress bar among results on a terminal; erased on Ctrl-C and SIGTERM", progress_bar),
]
