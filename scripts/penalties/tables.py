"""Loads the penalty tables and the calculator spec (rulebook_src/penalties/*.yml) and walks their quoted sentences.

Every YAML read goes through `read_yaml`; the results are cached per file fingerprint (path, size, mtime), so a
long-lived process (`mkdocs serve`) picks up an edit to a table on its next call.
"""
from __future__ import annotations

import functools
import re
from pathlib import Path
from collections.abc import Iterator

from scripts import curated
from scripts.errors import CuratedFileError, PenaltySpecError

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
    """The one place a penalty file is parsed: (data, composed node tree for line numbers)."""
    try:
        data, _, node = curated.load_with_node(path)  # schema-checked (scripts/curated/files.py): any fault is one line `path:line: …`
    except CuratedFileError as exc:
        if path.stem != SPEC_FILE:
            raise
        raise PenaltySpecError(str(exc)) from None
    return data, node


def fingerprint(directory: Path, names) -> tuple:
    """Path, size and modification time of each file: changes whenever a file is edited."""
    stamps = []
    for name in names:
        stat = (directory / f"{name}.yml").stat()
        stamps.append((name, stat.st_size, stat.st_mtime_ns))
    return tuple(stamps)


@functools.lru_cache(maxsize=4)
def _tables(directory: Path, stamps: tuple) -> dict[str, dict]:
    return {name: read_yaml(directory / f"{name}.yml")[0] for name, _, _ in stamps}


def load_tables() -> dict[str, dict]:
    """Every table by name; read again only when a file changed since the last call."""
    return _tables(PENALTY_DIR, fingerprint(PENALTY_DIR, table_names()))


def iter_quotes(table: dict, path: str = "") -> Iterator[tuple[str, str]]:
    """Every (key path, quoted sentence) in a table: the values of keys named `quote` or ending in `_quote`."""
    if isinstance(table, dict):
        for key, value in table.items():
            if (key == "quote" or key.endswith("_quote")) and isinstance(value, str):
                yield f"{path}.{key}", value
            else:
                yield from iter_quotes(value, f"{path}.{key}")
    elif isinstance(table, list):
        for index, value in enumerate(table):
            yield from iter_quotes(value, f"{path}[{index}]")


def article_of(table: dict, path: str) -> str:
    """The article a quote belongs to: that of the innermost mapping on its path that names an `article` (a table's
    own, or a borrowed rule's such as conventions.yml `rounding` 第35条 and `exemption` 第36条), except that
    `conversion_quote` belongs to the scale's `conversion_article`."""
    if path.endswith("conversion_quote") and "conversion_article" in table.get("scale", {}):
        return table["scale"]["conversion_article"]
    article, node = table.get("article"), table
    for key, index in re.findall(r"\.([^.\[]+)|\[(\d+)\]", path)[:-1]:
        node = node[int(index)] if index else node[key]
        if isinstance(node, dict) and isinstance(node.get("article"), str):
            article = node["article"]
    return article
