"""The tree says what exists: the README, comments and pages name only paths, commands and targets that exist."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SCRIPTS = ROOT / "scripts"
README = (ROOT / "README.md").read_text(encoding="utf-8")

WRITTEN_BY_RUNS = ("tests/artifacts/", "bench/results/")  # git-ignored folders that tests and benches write


def test_every_path_the_readme_names_exists():
    named = set(re.findall(r"`((?:scripts|rulebook_src|tests|bench|docs|overrides)/[^`\s*<>]+?)`", README))
    missing = sorted(p for p in named if not (ROOT / p.rstrip("/")).exists() and p not in WRITTEN_BY_RUNS)
    assert named and not missing, f"README names paths that do not exist: {missing}"


def test_every_module_command_the_readme_names_exists():
    commands = set(re.findall(r"python -m (scripts(?:\.[a-z_]+)*)", README))
    missing = []
    for command in commands:
        path = ROOT / command.replace(".", "/")
        if not ((path / "__main__.py").exists() or path.with_suffix(".py").exists()):
            missing.append(command)
    assert commands and not missing, f"README names `python -m` commands that do not exist: {missing}"


def tracked_text_files() -> list[Path]:
    """Every file git tracks but the raw sources (byte-for-byte copies, never edited), that reads as UTF-8 text."""
    listed = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, text=True, check=True).stdout
    out = []
    for name in filter(None, listed.split("\0")):
        path = ROOT / name
        if name.startswith("rulebook_src/raw/") or not path.is_file():
            continue
        try:
            out.append((path, path.read_text(encoding="utf-8")))
        except UnicodeDecodeError:
            continue  # images, fonts, icons
    return out


CODE_PATH = re.compile(r"(?<![\w/.-])scripts/[\w/-]+\.[a-z]{2,4}\b")  # scripts/site/build.py, scripts/print/book.css
MODULE_COMMAND = re.compile(r"python3? -m (scripts(?:\.\w+)*)")


def test_every_code_path_a_tracked_file_names_exists():
    """Comments, docs, published pages and benches name scripts/… paths and `python -m` commands; after a
    move, the old names lingered in eight files (the Makefile, theme overrides, curated-file headers, benches)."""
    stale = []
    for path, text in tracked_text_files():
        for number, line in enumerate(text.splitlines(), 1):
            where = f"{path.relative_to(ROOT).as_posix()}:{number}"
            stale += [f"{where}: {m.group()}" for m in CODE_PATH.finditer(line) if not (ROOT / m.group()).exists()]
            for match in MODULE_COMMAND.finditer(line):
                module = ROOT / match.group(1).replace(".", "/")
                if not ((module / "__main__.py").exists() or module.with_suffix(".py").exists()):
                    stale.append(f"{where}: python -m {match.group(1)}")
    assert not stale, "paths or commands that no longer exist:\n" + "\n".join(stale)


def test_every_make_target_the_readme_names_exists():
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    targets = set(re.findall(r"^([a-z-]+):", makefile, re.M))
    named = set(re.findall(r"`make ([a-z-]+)`", README))
    assert named and named <= targets, f"README names make targets the Makefile lacks: {sorted(named - targets)}"
