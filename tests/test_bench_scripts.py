"""Every bench script starts: its imports resolve and its options parse (`--help`). bench/phone and bench/search
import tests/conftest.py, which imports its neighbours by name; once that broke them before anything was measured,
and nothing but a bench run noticed."""

from __future__ import annotations

import subprocess
import sys

import pytest

from scripts.paths import ROOT

BENCH_SCRIPTS = ("build", "phone", "search")  # the Makefile's BENCH_SCRIPTS


# Slow tier: a new Python process per script (0.2 to 0.9 s each), as only a fresh process has the script's own
# sys.path (in the test's process tests/ is importable already, and the breakage above would pass unseen).
@pytest.mark.slow
@pytest.mark.parametrize("name", BENCH_SCRIPTS)
def test_the_bench_script_starts(name):
    done = subprocess.run(
        [sys.executable, str(ROOT / "bench" / name), "--help"], cwd=ROOT, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert "usage:" in done.stdout


def test_the_list_matches_the_makefile():
    line = next(line for line in (ROOT / "Makefile").read_text().splitlines() if line.startswith("BENCH_SCRIPTS :="))
    assert line.split(":=")[1].split() == [f"bench/{name}" for name in BENCH_SCRIPTS]
