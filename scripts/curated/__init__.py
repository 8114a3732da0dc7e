"""The one loader for the curated files under rulebook_src/: read, parse, check against the file's schema.

    load(path)       -> the data of a YAML file (plain dicts, lists, str, int, bool), checked
    load_rows(path)  -> the (line number, fields) rows of a line-based file (TSV, word list), checked
    rulebook_src.read_rulebook_src() -> every file of rulebook_src/ read and checked once, as one frozen value that
                        the entry points pass to every stage (scripts/curated/rulebook_src.py)

Reading (size, UTF-8, YAML within the limits of scripts/limits.py, allowed types, line marks) is
scripts/curated/reader.py. Any fault (file missing or too big, not UTF-8, YAML syntax, a limit exceeded, a YAML
type the schemas do not name, wrong type, missing or unknown key, empty table) raises
CuratedFileError (a RulebookError) with one line `path:line: what is wrong`; the entry points print that
line and exit with status 2. The schemas live in scripts/curated/files.py.
"""
from __future__ import annotations

import fnmatch
from pathlib import Path
from typing import Any

from yaml.nodes import Node

from scripts.curated.files import NOT_DATA, SCHEMAS
from scripts.curated.reader import Lines, compose, construct, display_path, read_text
from scripts.curated.schema import LineTable, Schema, Where
from scripts.errors import CuratedFileError


def schema_for(path: Path) -> Schema | LineTable:
    """The schema whose pattern matches the path's tail (`errata.yml`, `penalties/lateness.yml`); first match wins."""
    parts = path.parts
    for pattern, schema in SCHEMAS.items():
        depth = pattern.count("/") + 1
        if fnmatch.fnmatchcase("/".join(parts[-depth:]), pattern):
            return schema
    raise CuratedFileError(f"{display_path(path)}:1: no schema for this file: add one to scripts/curated/files.py")


def is_data_file(relative: str) -> bool:
    """Whether a path relative to rulebook_src/ is a curated data file (everything but raw/ and READMEs)."""
    return not any(fnmatch.fnmatchcase(relative, pattern) for pattern in NOT_DATA)


def load(path: Path) -> Any:
    """The checked data of a curated YAML file (see the module docstring)."""
    return load_with_lines(path)[0]


def load_with_lines(path: Path) -> tuple[Any, Lines]:
    """load(), and the line of every value, for messages about an entry that is well-formed but wrong
    (an erratum that does not match, an alias to a missing clause)."""
    data, lines, _ = load_with_node(path)
    return data, lines


def load_with_node(path: Path) -> tuple[Any, Lines, Node]:
    """load_with_lines(), and the composed node tree (bounded by the loader's limits) for checks that walk it."""
    schema = schema_for(path)
    where = display_path(path)
    if isinstance(schema, LineTable):
        raise CuratedFileError(f"{where}:1: is a line-based file: use load_rows")
    node = compose(read_text(path), where)
    if node is None:
        raise CuratedFileError(f"{where}:1: file is empty")
    schema.check(node, Where(where))
    data, lines = construct(node, where)
    return data, lines, node


def load_rows(path: Path) -> list[tuple[int, list[str]]]:
    """The checked (line number, fields) rows of a curated line-based file."""
    schema = schema_for(path)
    if not isinstance(schema, LineTable):
        raise CuratedFileError(f"{display_path(path)}:1: is a YAML file: use load")
    return schema.rows(read_text(path), display_path(path))


def data_files(src_dir: Path) -> list[Path]:
    """Every curated data file under src_dir (rulebook_src/), sorted."""
    return [path for path in sorted(src_dir.rglob("*"))
            if path.is_file() and is_data_file(path.relative_to(src_dir).as_posix()) and "__pycache__" not in path.parts]

