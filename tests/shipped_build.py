"""The run's shipped build, made as a director makes one: `make site` in a git copy of the project, right after a
build that was killed with SIGKILL while it staged (issue 25). One full build serves every test of what a reader
gets (conftest.shipped_site) and the killed-build test (tests/test_killed_build.py), which reads what happened from
the report this writes beside the copy (a worker of pytest-xdist that did not build reads it from there too).

The copy holds this checkout's build inputs as they are (committed or not), the Makefile and .gitignore, a link to
this checkout's .venv, and one commit; every build in it gets this checkout's build date (SOURCE_DATE_EPOCH), so its
edition, file names and zip are those of a build made here.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from conftest import PROJECT_PARTS, ROOT, copy_project
from scripts.edition import build_timestamp
from scripts.site.build import STAGING_PREFIX

REPORT = "killed-build.json"
KILL_WITHIN_SECONDS = 300


def git(project: Path, *args: str) -> str:
    return subprocess.run(["git", *args], cwd=project, check=True, capture_output=True, text=True).stdout


def staging_folders(project: Path) -> list[str]:
    return sorted(path.name for path in project.glob(f"{STAGING_PREFIX}*"))


def make_site_after_a_killed_build(out: Path, print_cache: Path) -> Path:
    """Builds into out/project/site and out/project/dist, both builds remembering the print edition in print_cache
    (the killed one must leave it whole); writes out/REPORT; returns the project copy."""
    project = copy_project(out / "project", parts=(*PROJECT_PARTS, "Makefile", ".gitignore"))
    (project / ".venv").symlink_to(ROOT / ".venv")
    git(project, "init", "-q")
    git(project, "add", "-A")
    git(project, "-c", "user.name=test", "-c", "user.email=test@example.invalid", "commit", "-q", "-m", "copy")
    environment = {**os.environ, "SOURCE_DATE_EPOCH": str(build_timestamp(ROOT))}
    killed = subprocess.Popen(
        [sys.executable, "-m", "scripts.site", "--print-cache", str(print_cache)],
        cwd=project,
        env=environment,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    deadline = time.monotonic() + KILL_WITHIN_SECONDS
    # killed once it stages (its first step, the print edition, is under way): not after the edition builds, which
    # would only make the run slower (the typesetting is most of a build)
    while not list(project.glob(f"{STAGING_PREFIX}*/work")) and time.monotonic() < deadline:
        time.sleep(0.2)
    time.sleep(1)
    os.killpg(killed.pid, signal.SIGKILL)  # the build and any process it started, at a staging step
    killed.wait()
    left_by_the_kill = staging_folders(project)
    made = subprocess.run(
        ["make", "--no-print-directory", "site", f"PRINT_CACHE={print_cache}"],
        cwd=project,
        env=environment,
        capture_output=True,
        text=True,
        timeout=1800,
    )
    report = {
        "left_by_the_kill": left_by_the_kill,
        "make_site_status": made.returncode,
        "make_site_stderr": made.stderr[-3000:],
        "left_after_make_site": staging_folders(project),
        "git_status_after_make_site": git(project, "status", "--porcelain"),
    }
    (out / REPORT).write_text(json.dumps(report, ensure_ascii=False, indent=1), encoding="utf-8")
    if made.returncode != 0:
        raise RuntimeError(f"make site failed in {project}:\n{made.stderr[-3000:]}")
    return project


def killed_build_report(out: Path) -> dict:
    return json.loads((out / REPORT).read_text(encoding="utf-8"))
