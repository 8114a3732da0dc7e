"""A build killed with SIGKILL while it stages (issue 25) leaves its `.site-build-<pid>-…` folder behind, as nothing
can catch SIGKILL; the next `make site` removes it, and afterwards `git status --porcelain` is empty (site/, dist/ and
staging folders are ignored, docs/ is as committed). On a git copy of the project, with this checkout's .venv: the
run's shipped build is made that way (tests/shipped_build.py), so every test of the shipped site also tests the
build that followed the kill."""

from __future__ import annotations

import pytest

from shipped_build import killed_build_report

pytestmark = pytest.mark.slow


def test_make_site_after_a_killed_build_leaves_nothing_behind(shipped_build, shipped_site):
    report = killed_build_report(shipped_build)
    assert report["left_by_the_kill"], "the kill came too late: no staging folder to clean up"
    assert report["make_site_status"] == 0, report["make_site_stderr"]
    assert report["left_after_make_site"] == [], "a staging folder is left after make site"
    site_dir, zip_path = shipped_site
    assert (site_dir / "index.html").is_file() and zip_path.is_file()
    assert report["git_status_after_make_site"] == ""
