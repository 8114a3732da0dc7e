"""Runs `python -m scripts.render` once per attack on a project copy, timing each run and measuring its memory
(used by tests/test_bounded_inputs.py).

    python bounded_runner.py <project copy> <attacks.json> <results.json>

Each attack is {"id", "files": {relative path: text}, "append": {relative path: [text, times]},
"grow": {relative path: bytes}}: `append` adds text repeated `times` times to the file's (new) text, `grow` repeats a
raw source's own bytes up to that size and puts the new sha256 in the manifest (the big texts are made here, in the
child, not passed around). The runner imports the pipeline once, then forks a child per
attack: the child writes the attacked files and runs the render entry point as `python -m scripts.render` does
(scripts.errors.run_entry_point); the parent waits with os.wait4, so the child's own peak resident memory and its
wall time are measured, and puts the files back. A child still running after the time limit is killed.
"""

from __future__ import annotations

import hashlib
import json
import os
import signal
import sys
import tempfile
import time
from pathlib import Path

TIME_LIMIT = 20  # seconds a child may run before it is killed (the test's limit)


def run_child(project: Path, attack: dict, stderr_path: Path) -> None:
    from scripts.errors import run_entry_point
    from scripts.render import docs as docs_module

    for rel, text in attack.get("files", {}).items():
        (project / rel).write_bytes(text.encode("utf-8", "surrogateescape"))
    for rel, (text, times) in attack.get("append", {}).items():
        with (project / rel).open("ab") as file:
            file.write((text * times).encode("utf-8"))
    for rel, size in attack.get("grow", {}).items():
        data = (project / rel).read_bytes()
        big = data * (size // len(data) + 1)
        manifest = project / "rulebook_src" / "manifest.yml"
        old, new = (hashlib.sha256(blob).hexdigest() for blob in (data, big))
        manifest.write_text(manifest.read_text(encoding="utf-8").replace(old, new), encoding="utf-8")
        (project / rel).write_bytes(big)
    fd = os.open(stderr_path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC)
    os.dup2(fd, 2)
    os.dup2(os.open(os.devnull, os.O_WRONLY), 1)
    sys.stderr = os.fdopen(2, "w", encoding="utf-8", closefd=False)
    status = run_entry_point(lambda: docs_module.main([]), "python -m scripts.render")
    sys.stderr.flush()
    os._exit(status)


def main() -> None:
    project, attacks_file, results_file = (Path(arg) for arg in sys.argv[1:4])
    os.chdir(project)
    sys.path.insert(0, str(project))
    import scripts.render.docs  # noqa: F401 - import once, before forking: children start warm

    results = []
    scratch = Path(tempfile.mkdtemp(prefix="bounded-"))
    for attack in json.loads(attacks_file.read_text(encoding="utf-8")):
        touched = {*attack.get("files", {}), *attack.get("append", {}), *attack.get("grow", {})}
        if attack.get("grow"):
            touched.add("rulebook_src/manifest.yml")
        originals = {rel: (project / rel).read_bytes() for rel in touched}
        stderr_path = scratch / "stderr.txt"
        started = time.monotonic()
        pid = os.fork()
        if pid == 0:
            try:
                run_child(project, attack, stderr_path)
            finally:
                os._exit(99)
        killed = False
        while True:
            done, status, usage = os.wait4(pid, os.WNOHANG)
            if done:
                break
            if time.monotonic() - started > TIME_LIMIT and not killed:
                os.kill(pid, signal.SIGKILL)
                killed = True
            time.sleep(0.02)
        seconds = time.monotonic() - started
        for rel, data in originals.items():
            (project / rel).write_bytes(data)
        results.append(
            {
                "id": attack["id"],
                "status": os.waitstatus_to_exitcode(status),
                "killed": killed,
                "seconds": round(seconds, 2),
                "max_rss_mb": round(usage.ru_maxrss / 1024, 1),
                "stderr": stderr_path.read_text(encoding="utf-8", errors="replace")[:2000],
            }
        )
    results_file.write_text(json.dumps(results, ensure_ascii=False), encoding="utf-8")


if __name__ == "__main__":
    main()
