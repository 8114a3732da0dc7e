"""Lanes for the two forking runners (tests/fuzz_runner.py, tests/bounded_runner.py): each runs its forked children
LANES at a time, and every child changes files of its own lane only, the project copy itself or a folder holding a
copy of its rulebook_src/ (all that a mutation or an attack changes). Alone (a developer running one of the two
tests) two lanes halve the test's time on two cores; in a full `make test` both cores are busy anyway, so there it
only evens out the load."""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path

LANES = max(1, min(2, os.cpu_count() or 1))


def lane_roots(project: Path, count: int, prefix: str) -> list[Path]:
    """The project, then count - 1 folders holding a copy of its rulebook_src/."""
    roots = [project]
    for number in range(1, count):
        root = Path(tempfile.mkdtemp(prefix=f"{prefix}-lane-{number}-"))
        shutil.copytree(project / "rulebook_src", root / "rulebook_src")
        roots.append(root)
    return roots


def remove_lanes(roots: list[Path]) -> None:
    """The lanes' folders removed (never the project, the first root)."""
    for root in roots[1:]:
        shutil.rmtree(root, ignore_errors=True)
