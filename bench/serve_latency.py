"""Measures `mkdocs serve` edit latency: one line of a raw source changed → the served page shows the change.

Works on a project copy (never on the repository's rulebook_src/raw/, whose files must stay byte-identical to the
seeds): starts `mkdocs serve` on 127.0.0.1 with a free port, waits for the first build, changes two characters of
one line of a raw source (same display width, so no line-wrap decision moves) and its manifest hash, and polls the
article page until the new text is served. Run alone: .venv/bin/python bench/serve_latency.py PROJECT_DIR
"""

from __future__ import annotations

import hashlib
import os
import re
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

RAW_FILE = "000_7e52110b4744ddd8.txt"  # 裁判法 第11–32条 (pdf-text)
PAGE_URL = "regulations/23/"  # 第23条 桌上屏幕的使用
OLD_TEXT = "应将屏幕的窗口关闭"
# Each mode gets its own replacement, so a page served before the edit can never look like a hit.
# `--dirty` logs a warning that strict mode (mkdocs.yml) turns into an abort, hence `--no-strict` with it.
NEW_TEXT = {"serve": "应将屏幕的窗口合上", "serve --dirty --no-strict": "应将屏幕的窗口闭合"}
HOOK_LOG = re.compile(r"rulebook_src/ changed: pipeline (?P<seconds>[0-9.]+) s, (?P<written>[0-9]+) page")
POLL_SECONDS = 0.02
TIMEOUT = 300


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def fetch(url: str) -> str | None:
    try:
        with urllib.request.urlopen(url, timeout=5) as response:
            return response.read().decode("utf-8", errors="replace")
    except (urllib.error.URLError, ConnectionError, TimeoutError):
        return None


def process_cpu_seconds(pid: int) -> float:
    """user+sys CPU seconds a process has used so far (Linux /proc), to tell rebuild work from waiting on a busy
    machine."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def wait_for(url: str, text: str, deadline: float) -> float | None:
    """Polls until the page contains `text`; the time it did, or None at the deadline."""
    while time.perf_counter() < deadline:
        body = fetch(url)
        if body is not None and text in body:
            return time.perf_counter()
        time.sleep(POLL_SECONDS)
    return None


def edit_source(project: Path, old: str, new: str) -> None:
    """Replaces `old` by `new` in the raw file (once) and puts the new sha256 in the manifest."""
    raw_path = project / "rulebook_src" / "raw" / RAW_FILE
    manifest_path = project / "rulebook_src" / "manifest.yml"
    raw = raw_path.read_bytes()
    if raw.count(old.encode()) != 1:
        raise SystemExit(f"{raw_path}: expected {old!r} once, found it {raw.count(old.encode())} times")
    old_digest = hashlib.sha256(raw).hexdigest()
    edited = raw.replace(old.encode(), new.encode())
    manifest = manifest_path.read_text(encoding="utf-8")
    raw_path.write_bytes(edited)
    manifest_path.write_text(manifest.replace(old_digest, hashlib.sha256(edited).hexdigest()), encoding="utf-8")


def measure_mode(project: Path, mode: str, log) -> dict:
    port = free_port()
    base = f"http://127.0.0.1:{port}/"
    args = [sys.executable, "-m", "mkdocs", "serve", "--dev-addr", f"127.0.0.1:{port}"] + mode.split()[1:]
    log_path = project / f"serve-{'-'.join(w.strip('-') for w in mode.split())}.log"
    with open(log_path, "w", encoding="utf-8") as log_file:
        proc = subprocess.Popen(args, cwd=project, stdout=log_file, stderr=subprocess.STDOUT)
        try:
            start = time.perf_counter()
            if wait_for(base + PAGE_URL, OLD_TEXT, start + TIMEOUT) is None:
                raise SystemExit(
                    f"mkdocs serve did not serve {PAGE_URL} with {OLD_TEXT!r} within {TIMEOUT} s; see {log_path}"
                )
            first_build = time.perf_counter() - start
            time.sleep(1.0)  # let the watcher settle after the first build
            cpu_before = process_cpu_seconds(proc.pid)
            edited_at = time.perf_counter()
            edit_source(project, OLD_TEXT, NEW_TEXT[mode])
            seen = wait_for(base + PAGE_URL, NEW_TEXT[mode], edited_at + TIMEOUT)
            if seen is None:
                raise SystemExit(f"{mode}: the edit did not reach {PAGE_URL} within {TIMEOUT} s; see {log_path}")
            rebuild_cpu = process_cpu_seconds(proc.pid) - cpu_before
            time.sleep(1.0)  # the pages written by the hook trigger one more (no-op) rebuild: let it log
        finally:
            proc.terminate()
            try:
                proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
        edit_source(project, NEW_TEXT[mode], OLD_TEXT)  # back to the original for the next mode
    hook_runs = HOOK_LOG.findall(log_path.read_text(encoding="utf-8"))
    pipeline, written = (f"{float(hook_runs[-1][0]):.2f}", int(hook_runs[-1][1])) if len(hook_runs) >= 2 else ("—", "—")
    result = {
        "command": f"mkdocs {mode}",
        "latency": seen - edited_at,
        "cpu": rebuild_cpu,
        "first_build": first_build,
        "pipeline": pipeline,
        "written": written,
    }
    log(
        f"  {result['command']}: first build {first_build:.1f} s; edit → page {result['latency']:.2f} s wall, "
        f"{rebuild_cpu:.2f} s CPU (pipeline {pipeline} s, {written} page(s) written)"
    )
    return result


def measure_serve_latency(project: Path, log=print) -> dict:
    return {mode: measure_mode(project, mode, log) for mode in NEW_TEXT}


if __name__ == "__main__":
    print(measure_serve_latency(Path(sys.argv[1]).resolve()))
