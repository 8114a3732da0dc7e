"""Runs `python -m scripts.render` once per attack on a project copy, timing each run and measuring its memory
(used by tests/test_bounded_inputs.py).

    python bounded_runner.py <project copy> <attacks.json> <results.json>

Each attack is {"id", "files": {relative path: text}, "append": {relative path: [text, times]},
"grow": {relative path: bytes}}: `append` adds text repeated `times` times to the file's (new) text, `grow` repeats a
raw source's own bytes up to that size and puts the new sha256 in the manifest (the big texts are made here, in the
child, not passed around). The runner imports the pipeline once, then forks a child per
attack, two at once on two cores, each in a lane of its own (the project, or a copy of its rulebook_src/;
run_in_lanes): the child writes the attacked files and runs the render entry point as `python -m scripts.render`
does (scripts.errors.run_entry_point); the parent waits with os.wait4, so the child's own peak resident memory and
its wall time are measured, and puts the files back. A child still running after the time limit is killed.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import sys
import tempfile
from pathlib import Path

from runner_lanes import ExitedChild, LANES, check_within_lanes, lane_roots, remove_lanes, render_arguments
from runner_lanes import run_forked_in_lanes

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
    status = run_entry_point(lambda: docs_module.main(render_arguments(project)), "python -m scripts.render")
    sys.stderr.flush()
    os._exit(status)


def touched_files(attack: dict) -> set[str]:
    touched = {*attack.get("files", {}), *attack.get("append", {}), *attack.get("grow", {})}
    if attack.get("grow"):
        touched.add("rulebook_src/manifest.yml")
    return touched


def run_in_lanes(roots: list[Path], attacks: list[dict], scratch: Path) -> list[dict]:
    """Every attack in a forked child, as many at once as there are lanes (run_forked_in_lanes): each child's wall
    time and peak memory are its own (os.wait4), a child past the time limit is killed. A lane's messages name its
    files by full path (scripts/curated/reader.py display_path, for files outside the checkout): recorded as the
    project's own `rulebook_src/…` path. Results in the order of `attacks`."""
    results: list[dict | None] = [None] * len(attacks)

    def record(child: ExitedChild) -> None:
        root = roots[child.lane]
        stderr = (scratch / f"stderr-{child.index}.txt").read_text(encoding="utf-8", errors="replace")
        if root != roots[0]:
            stderr = stderr.replace(f"{root}/", "")
        results[child.index] = {
            "id": attacks[child.index]["id"],
            "status": child.status,
            "killed": child.killed,
            "seconds": round(child.seconds, 2),
            "max_rss_mb": round(child.usage.ru_maxrss / 1024, 1),
            "stderr": stderr[:2000],
        }

    run_forked_in_lanes(
        roots,
        attacks,
        touched_files,
        lambda root, index, attack: run_child(root, attack, scratch / f"stderr-{index}.txt"),
        record,
        TIME_LIMIT,
    )
    return results  # type: ignore[return-value]


def main() -> None:
    project, attacks_file, results_file = (Path(arg) for arg in sys.argv[1:4])
    os.chdir(project)
    sys.path.insert(0, str(project))
    import scripts.render.docs  # noqa: F401 - import once, before forking: children start warm
    from scripts.curated.rulebook_src import read_rulebook_src
    from scripts.penalties.export import plan_texts
    from scripts.penalties.tables import penalty_data

    plan_texts(penalty_data(read_rulebook_src(project / "rulebook_src")))  # a child whose attack left them reuses them

    attacks = json.loads(attacks_file.read_text(encoding="utf-8"))
    check_within_lanes((rel for attack in attacks for rel in touched_files(attack)), "an attack")
    scratch = Path(tempfile.mkdtemp(prefix="bounded-"))
    roots = lane_roots(project, LANES, "bounded")
    try:
        results = run_in_lanes(roots, attacks, scratch)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
        remove_lanes(roots)
    results_file.write_text(json.dumps(results, ensure_ascii=False), encoding="utf-8")


if __name__ == "__main__":
    main()
