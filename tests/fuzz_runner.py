"""Runs `python -m scripts.render` in-process once per mutation of a project copy (used by tests/test_curated_fuzz.py).

    python fuzz_runner.py <project copy> <mutations.json> <results.json>

Each mutation is {"id", "files": {relative path: text or null (= delete)}}. The runner imports the pipeline once,
then forks a child per mutation: the child writes the mutated files, points the docs folder at a fresh copy of
the project's docs/, runs the render entry point and records its exit status, its stderr, any traceback, whether
docs/ changed, and the generated files that contain the raw injected HTML. The parent never sees the mutation.
"""
from __future__ import annotations

import contextlib
import hashlib
import io
import json
import os
import shutil
import sys
import tempfile
import traceback
from pathlib import Path

PAYLOAD_MARK = "<img src=x onerror="  # what an injection looks like when it is not escaped
SCANNED_SUFFIXES = (".md", ".yml")  # Markdown and navigation: places where raw HTML would be rendered


def tree_digest(folder: Path) -> str:
    digest = hashlib.sha256()
    for path in sorted(p for p in folder.rglob("*") if p.is_file()):
        digest.update(path.relative_to(folder).as_posix().encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()


def run_one(project: Path, mutation: dict) -> dict:
    from scripts.render import docs as docs_module

    for rel, text in mutation["files"].items():
        path = project / rel
        if text is None:
            path.unlink()
        else:
            path.write_bytes(text.encode("utf-8", "surrogateescape"))
    scratch = Path(tempfile.mkdtemp(prefix="fuzz-docs-"))
    shutil.copytree(project / "docs", scratch / "docs")
    docs_module.DOCS = scratch / "docs"
    before = tree_digest(scratch / "docs")
    stderr, crash, status = io.StringIO(), "", None
    with contextlib.redirect_stderr(stderr), contextlib.redirect_stdout(io.StringIO()):
        try:
            status = docs_module.main([])
        except SystemExit as exit:
            status = exit.code
        except BaseException:  # noqa: BLE001 - any escape is what the test looks for
            crash = traceback.format_exc()
    leaks = []
    if status == 0:
        for path in sorted((scratch / "docs").rglob("*")):
            if path.is_file() and path.suffix in SCANNED_SUFFIXES and PAYLOAD_MARK in path.read_text(encoding="utf-8"):
                leaks.append(path.relative_to(scratch / "docs").as_posix())
    return {"id": mutation["id"], "status": status, "stderr": stderr.getvalue(), "traceback": crash,
            "docs_changed": tree_digest(scratch / "docs") != before, "leaks": leaks}


def main() -> None:
    project, mutations_file, results_file = (Path(arg) for arg in sys.argv[1:4])
    os.chdir(project)
    sys.path.insert(0, str(project))
    import scripts.render.docs  # noqa: F401 - import once, before forking: children start warm

    results = []
    for mutation in json.loads(mutations_file.read_text(encoding="utf-8")):
        originals = {rel: (project / rel).read_bytes() if (project / rel).exists() else None for rel in mutation["files"]}
        read_fd, write_fd = os.pipe()
        pid = os.fork()
        if pid == 0:  # child: mutate, run, report, exit without cleanup handlers
            os.close(read_fd)
            try:
                report = run_one(project, mutation)
            except BaseException:  # noqa: BLE001
                report = {"id": mutation["id"], "status": None, "stderr": "", "traceback": traceback.format_exc(),
                          "docs_changed": False, "leaks": []}
            with os.fdopen(write_fd, "w", encoding="utf-8") as pipe:
                json.dump(report, pipe)
            os._exit(0)
        os.close(write_fd)
        with os.fdopen(read_fd, encoding="utf-8") as pipe:
            text = pipe.read()
        os.waitpid(pid, 0)
        for rel, data in originals.items():  # the child changed the files on disk: put them back
            if data is None:
                (project / rel).unlink(missing_ok=True)
            else:
                (project / rel).write_bytes(data)
        results.append(json.loads(text))
    results_file.write_text(json.dumps(results), encoding="utf-8")


if __name__ == "__main__":
    main()
