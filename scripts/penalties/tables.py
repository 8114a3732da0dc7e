"""Loads the penalty tables and the calculator spec (rulebook_src/penalties/*.yml) and walks their quoted sentences.

Every YAML read goes through `read_yaml`; the results are cached per file fingerprint (path, size, mtime), so a
long-lived process (`mkdocs serve`) picks up an edit to a table on its next call.
"""

from __future__ import annotations

import functools
from pathlib import Path

from scripts import curated
from scripts.errors import CuratedFileError, PenaltySpecError
from scripts.penalties.invariants import article_of, check_table, iter_quotes  # noqa: F401 (public here)

from scripts.paths import ROOT

PENALTY_DIR = ROOT / "rulebook_src" / "penalties"

SPEC_FILE = "calculators"  # the calculators' declaration; every other *.yml here is a table, named by its stem


def table_names(directory: Path | None = None) -> tuple[str, ...]:
    """The tables in `directory` (default PENALTY_DIR): every *.yml but the spec, by file stem."""
    folder = PENALTY_DIR if directory is None else directory
    return tuple(sorted(path.stem for path in folder.glob("*.yml") if path.stem != SPEC_FILE))


TABLE_FILES = table_names()

# --article N of the procedural calculator → table name
SANCTION_TABLES = {"34": "procedural", "37": "discipline", "38": "phones_smoking"}


def read_yaml(path: Path):
    """The one place a penalty file is parsed: (data, the line of every value), checked against its schema
    (scripts/curated/files.py) and, for a table, against its invariants (scripts/penalties/invariants.py): any fault
    is one line `path:line: …`."""
    try:
        data, lines = curated.load_with_lines(path)
    except CuratedFileError as exc:
        if path.stem != SPEC_FILE:
            raise
        raise PenaltySpecError(str(exc)) from None
    if path.stem != SPEC_FILE:
        check_table(path.stem, data, lines)
    return data, lines


def fingerprint(directory: Path, names) -> tuple:
    """Path, size and modification time of each file: changes whenever a file is edited."""
    stamps = []
    for name in names:
        stat = (directory / f"{name}.yml").stat()
        stamps.append((name, stat.st_size, stat.st_mtime_ns))
    return tuple(stamps)


@functools.lru_cache(maxsize=4)
def _tables(directory: Path, stamps: tuple) -> dict[str, tuple[dict, object]]:
    return {name: read_yaml(directory / f"{name}.yml") for name, _, _ in stamps}


def load_tables() -> dict[str, dict]:
    """Every table by name; read again only when a file changed since the last call."""
    return {name: data for name, (data, _) in _tables(PENALTY_DIR, fingerprint(PENALTY_DIR, table_names())).items()}


def table_lines(name: str):
    """The line of every value of table `name` (curated.Lines), for messages about an entry."""
    return _tables(PENALTY_DIR, fingerprint(PENALTY_DIR, table_names()))[name][1]
