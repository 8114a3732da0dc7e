"""A build killed with SIGKILL while it stages (issue 25) leaves its `.site-build-<pid>-…` folder behind, as nothing
can catch SIGKILL; the next `make site` removes it, and afterwards `git status --porcelain` is empty (site/, dist/ and
staging folders are ignored, docs/ is as committed). On a git copy of the project, with this checkout's .venv."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

import pytest

from conftest import ROOT, copy_project
from scripts.site.build import STAGING_PREFIX

pytestmark = pytest.mark.slow


def git(project, *args: str) -> str:
    return subprocess.run(["git", *args], cwd=project, check=True, capture_output=True, text=True).stdout


def test_make_site_after_a_killed_build_leaves_nothing_behind(tmp_path):
    project = copy_project(
        tmp_path / "project",
        parts=(
            "scripts",
            "rulebook_src",
            "docs",
            "overrides",
            "mkdocs.yml",
            "requirements.txt",
            "Makefile",
            ".gitignore",
        ),
    )
    (project / ".venv").symlink_to(ROOT / ".venv")
    git(project, "init", "-q")
    git(project, "add", "-A")
    git(project, "-c", "user.name=test", "-c", "user.email=test@example.invalid", "commit", "-q", "-m", "copy")
    build = subprocess.Popen(
        [sys.executable, "-m", "scripts.site"],
        cwd=project,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    deadline = time.monotonic() + 300
    # killed once it stages (its first step, the print edition, is under way): not after the edition builds, which
    # would only make the test slower (the typesetting is most of a build)
    while not list(project.glob(f"{STAGING_PREFIX}*/work")) and time.monotonic() < deadline:
        time.sleep(0.2)
    time.sleep(1)
    os.killpg(build.pid, signal.SIGKILL)  # the build and any process it started, at a staging step
    build.wait()
    left = list(project.glob(f"{STAGING_PREFIX}*"))
    assert left, "the kill came too late: no staging folder to clean up"
    result = subprocess.run(
        ["make", "--no-print-directory", "site"], cwd=project, capture_output=True, text=True, timeout=1800
    )
    assert result.returncode == 0, result.stderr[-2000:]
    assert not list(project.glob(f"{STAGING_PREFIX}*")), "a staging folder is left after make site"
    assert (project / "site" / "index.html").is_file() and list((project / "dist").glob("*.zip"))
    assert git(project, "status", "--porcelain") == ""
