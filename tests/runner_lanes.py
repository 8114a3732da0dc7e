"""Lanes for the two forking runners (tests/fuzz_runner.py, tests/bounded_runner.py): each runs its forked children
LANES at a time, and every child changes files of its own lane only, the project copy itself or a folder holding a
copy of its rulebook_src/ (all that a mutation or an attack changes). Alone (a developer running one of the two
tests) two lanes halve the test's time on two cores; in a full `make test` both cores are busy anyway, so there it
only evens out the load. A child renders its lane with `python -m scripts.render --src <lane>/rulebook_src`'s
main (render_arguments). run_forked_in_lanes is the two runners' one scheduler."""

from __future__ import annotations

import os
import resource
import signal
import shutil
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
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


@dataclass(frozen=True)
class ExitedChild:
    """One forked child once it has exited: its item's index, its lane, its exit status (os.waitstatus_to_exitcode),
    its own resource usage and wall time (os.wait4), and whether it was killed for running past the time limit."""

    index: int
    lane: int
    status: int
    usage: resource.struct_rusage
    seconds: float
    killed: bool


def run_forked_in_lanes(
    roots: list[Path],
    items: list,
    touched: Callable[[object], set[str]],
    run_child: Callable[[Path, int, object], None],
    exited: Callable[[ExitedChild], None],
    time_limit: float | None = None,
) -> None:
    """Every item in a child forked for it, as many at once as there are lanes (`roots`): the files `touched(item)`
    names in the lane are saved before the fork, the child runs `run_child(lane root, index, item)` (and ends with
    os._exit: 99 if it returns), and once it has exited the lane's files are put back and `exited` is called in the
    parent. A child still running after `time_limit` seconds is killed (checked every 20 ms; without a limit the
    parent waits for whichever child ends first)."""
    pending, free = list(enumerate(items)), list(range(len(roots)))
    running: dict[int, tuple[int, int, dict[str, bytes | None], float]] = {}  # pid → index, lane, files, start
    killed: set[int] = set()
    while pending or running:
        while pending and free:
            index, item = pending.pop(0)
            lane = free.pop(0)
            originals = saved_files(roots[lane], touched(item))
            started = time.monotonic()
            pid = os.fork()
            if pid == 0:
                try:
                    run_child(roots[lane], index, item)
                finally:
                    os._exit(99)
            running[pid] = (index, lane, originals, started)
        if time_limit is None:
            ended = [os.wait4(-1, 0)]
        else:
            time.sleep(0.02)
            ended = []
            for pid, (_, _, _, started) in running.items():
                done, status, usage = os.wait4(pid, os.WNOHANG)
                if done:
                    ended.append((done, status, usage))
                elif time.monotonic() - started > time_limit and pid not in killed:
                    os.kill(pid, signal.SIGKILL)
                    killed.add(pid)
        for pid, status, usage in ended:
            index, lane, originals, started = running.pop(pid)
            seconds = time.monotonic() - started
            restore_files(roots[lane], originals)
            exited(ExitedChild(index, lane, os.waitstatus_to_exitcode(status), usage, seconds, pid in killed))
            free.append(lane)
