"""Lanes for the two forking runners (tests/fuzz_runner.py, tests/bounded_runner.py): each runs its forked children
LANES at a time, and every child changes files of its own lane only, the project copy itself or a folder holding a
copy of its rulebook_src/ (all that a mutation or an attack changes). Alone (a developer running one of the two
tests) two lanes halve the test's time on two cores; in a full `make test` both cores are busy anyway, so there it
only evens out the load. A child renders its lane with `python -m scripts.render --src <lane>/rulebook_src`'s
main (render_arguments)."""

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


def check_within_lanes(paths, what: str) -> None:
    """Every path a mutation or an attack changes lies under rulebook_src/, the part each lane holds."""
    outside = sorted({rel for rel in paths if not rel.startswith("rulebook_src/")})
    assert not outside, f"{what} outside rulebook_src/ (the lanes copy only that): {outside}"


def render_arguments(root: Path) -> list[str]:
    """The render's command line (scripts.render.docs main) for the lane `root`."""
    return ["--src", str(root / "rulebook_src")]


def saved_files(root: Path, paths) -> dict[str, bytes | None]:
    """The bytes of each of `paths` in the lane `root` (None: the file is not there), for restore_files."""
    return {rel: (root / rel).read_bytes() if (root / rel).exists() else None for rel in paths}


def restore_files(root: Path, saved: dict[str, bytes | None]) -> None:
    """The lane's files as saved_files found them: a child changed them on disk."""
    for rel, data in saved.items():
        if data is None:
            (root / rel).unlink(missing_ok=True)
        else:
            (root / rel).write_bytes(data)
