"""No traceback reaches a user (issue 25): an OS error (a full disk, simulated with RLIMIT_FSIZE; an unwritable
folder), an interrupt and SIGTERM end in one line; outputs stay whole; a killed build's staging folder is removed by
the next build, a running one's is not."""

from __future__ import annotations

import os
import resource
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from conftest import copy_project
from scripts.site import build
from penalty_data import PENALTIES

FILE_SIZE_LIMIT = 4096  # bytes: smaller than most generated pages, so the first rewrite meets a "full disk"


def full_disk():
    """In the child: writes beyond FILE_SIZE_LIMIT fail with EFBIG (SIGXFSZ ignored), as on a full disk."""
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    resource.setrlimit(resource.RLIMIT_FSIZE, (FILE_SIZE_LIMIT, FILE_SIZE_LIMIT))


@pytest.fixture
def project(tmp_path) -> Path:
    return copy_project(tmp_path / "project")


def stale_page(project: Path) -> tuple[Path, bytes]:
    """A generated page the render must rewrite (longer than the file size limit), and its stale bytes."""
    page = project / "docs" / "laws" / "9.md"
    stale = page.read_bytes().replace("规则".encode(), "规矩".encode(), 1)
    assert len(stale) > FILE_SIZE_LIMIT
    page.write_bytes(stale)
    return page, stale


def test_a_full_disk_is_one_line_and_exit_1_and_pages_stay_whole(project, entry_point_process):
    page, stale = stale_page(project)
    result = entry_point_process("scripts.render", cwd=project, preexec_fn=full_disk)
    assert result.returncode == 1, result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("python -m scripts.render: ") and "File too large" in lines[0], (
        result.stderr
    )
    assert page.read_bytes() == stale, "the page was cut short instead of being left as it was"
    assert not list((project / "docs").rglob(".*.partial"))


@pytest.mark.slow
def test_an_unwritable_folder_is_one_line_and_exit_1(project):
    stale_page(project)
    laws = project / "docs" / "laws"
    (laws / "9.md").unlink()
    (laws / "9.md").mkdir()  # a folder where the page goes: writing it fails as in a folder one may not write to
    result = subprocess.run(
        [sys.executable, "-m", "scripts.render"], cwd=project, capture_output=True, text=True, timeout=300
    )
    assert result.returncode == 1, result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "docs/laws/9.md" in lines[0] and "Traceback" not in result.stderr, result.stderr


def test_the_calculator_command_line_cuts_an_echoed_value(capsys):
    from scripts.penalties.__main__ import main

    assert main(["lateness", "--event", "pairs-imp", "--minutes", "x" * 1_000_000], PENALTIES) == 2  # a 1 MB value
    stderr = capsys.readouterr().err
    assert len(stderr) < 300 and stderr.count("\n") == 1 and "x…" in stderr, stderr[:300]


def test_the_calculator_command_cuts_an_echoed_value(entry_point_process):
    """The same through a real command line (where one argument may be at most 128 KB long)."""
    result = entry_point_process(
        "scripts.penalties", "lateness", "--event", "pairs-imp", "--minutes", "9" * 100_000, timeout=60
    )
    assert result.returncode == 2 and len(result.stderr) < 300 and result.stderr.count("\n") == 1, result.stderr[:300]


def test_the_next_build_removes_a_killed_builds_staging_folder_only(tmp_path):
    sleeper = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    try:
        killed = tmp_path / f"{build.STAGING_PREFIX}{2**22 + 7}-abc"  # above Linux's pid_max: never a live process
        legacy = tmp_path / f"{build.STAGING_PREFIX}q1w2e3"  # named before the process id was in the name
        running = tmp_path / f"{build.STAGING_PREFIX}{sleeper.pid}-def"
        for folder in (killed, legacy, running):
            (folder / "site").mkdir(parents=True)
        assert sorted(build.remove_stale_staging(tmp_path)) == sorted([killed, legacy])
        assert running.is_dir() and not killed.exists() and not legacy.exists()
    finally:
        sleeper.kill()
        sleeper.wait()


@pytest.mark.slow
def test_a_full_disk_during_the_site_build_is_one_line_and_exit_1(project):
    for folder in ("site", "dist"):
        (project / folder).mkdir()
        (project / folder / "previous.txt").write_text("good", encoding="utf-8")
    result = subprocess.run(
        [sys.executable, "-m", "scripts.site", "--no-zip"],
        cwd=project,
        capture_output=True,
        text=True,
        timeout=600,
        preexec_fn=full_disk,
    )
    assert result.returncode == 1, result.stderr
    assert "Traceback" not in result.stderr, result.stderr
    assert result.stderr.strip().splitlines()[-1].startswith("python -m scripts.site: "), result.stderr
    assert result.stderr.strip().splitlines()[-1].endswith(build.KEPT), result.stderr
    assert not list(project.glob(f"{build.STAGING_PREFIX}*"))
    for folder in ("site", "dist"):
        assert [p.name for p in (project / folder).iterdir()] == ["previous.txt"]


def children(pid: int) -> list[int]:
    return [int(child) for child in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]


def stop_parent(process):
    process.send_signal(signal.SIGTERM)


def stop_group(process):  # Ctrl-C in a terminal: SIGINT to every process of the foreground group
    os.killpg(process.pid, signal.SIGINT)


def stop_child(process):  # a signal that reaches the edition's build only (kill <its pid>)
    for child in children(process.pid):
        os.kill(child, signal.SIGTERM)


@pytest.mark.slow
@pytest.mark.parametrize("stop", [stop_parent, stop_group, stop_child], ids=["sigterm", "ctrl-c", "child-sigterm"])
def test_an_interrupted_build_says_so_in_one_line_and_leaves_no_staging_folder(project, stop):
    for folder in ("site", "dist"):
        (project / folder).mkdir()
        (project / folder / "previous.txt").write_text("good", encoding="utf-8")
    process = subprocess.Popen(
        [sys.executable, "-m", "scripts.site", "--no-zip", "--no-print"],
        cwd=project,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,  # its own process group, as a command run in a terminal has
    )
    deadline = time.monotonic() + 120
    while not list(project.glob(f"{build.STAGING_PREFIX}*/site")) and time.monotonic() < deadline:
        time.sleep(0.2)
    time.sleep(2)  # inside the first edition's mkdocs build
    stop(process)
    stderr = process.communicate(timeout=60)[1]
    assert process.returncode == 130, stderr
    assert stderr.strip().splitlines()[-1] == f"python -m scripts.site: interrupted; {build.KEPT}", stderr
    assert stderr.count(": interrupted") == 1, stderr  # the parent's line only, not the edition build's too (the
    # test's own folder, test_an_interrupted_build…, may stand in a logged path)
    assert "Traceback" not in stderr
    assert not list(project.glob(f"{build.STAGING_PREFIX}*"))
    for folder in ("site", "dist"):
        assert [p.name for p in (project / folder).iterdir()] == ["previous.txt"]
