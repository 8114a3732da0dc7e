"""The one loader for the curated files under rulebook_src/: read, parse, check against the file's schema.

    load(path)       -> the data of a YAML file (plain dicts, lists, str, int, bool), checked
    load_rows(path)  -> the (line number, fields) rows of a line-based file (TSV, word list), checked
    rulebook_src.read_rulebook_src() -> every file of rulebook_src/ read and checked once, as one frozen value that
                        the entry points pass to every stage (scripts/curated/rulebook_src.py)

Reading (size, UTF-8, YAML within the limits of scripts/limits.py, allowed types, line marks) is
scripts/curated/reader.py. Any fault (file missing or too big, not UTF-8, YAML syntax, a limit exceeded, a YAML
type the schemas do not name, wrong type, missing or unknown key, empty table) raises
CuratedFileError (a RulebookError) with one line `path:line: what is wrong`; the entry points print that
line and exit with status 2. The schemas live in scripts/curated/files.py, as pydantic models
(scripts/curated/models.py).
"""

from __future__ import annotations

import fnmatch
import re
from pathlib import Path
from typing import Any

from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from scripts.curated.files import NOT_DATA, SCHEMAS
from scripts.curated.reader import FLOAT, INT, STR, Lines, compose, construct, display_path, number_of, read_text
from scripts.curated.line_tables import LineTable
from scripts.curated.models import check, check_unique_keys
from scripts.errors import CuratedFileError


def schema_for(path: Path) -> Any:
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
    check_unique_keys(node, where)
    try:
        data, lines = construct(node, where)
    except CuratedFileError as number_fault:
        raise schema_fault_above(schema, node, where, number_fault) from None
    check(schema, data, lines)
    return data, lines, node


NUMBER_FAULT_LINE = re.compile(r":(?P<line>[0-9]+): ")


def schema_fault_above(schema: Any, node: Node, where: str, number_fault: CuratedFileError) -> CuratedFileError:
    """The reader refuses a number it cannot read as plain decimal (`017`, 64 digits); the schema may name a fault
    above it, which the file's reader should hear first (faults are named in the order of the file): read such
    numbers as text for the schema's sake, and return whichever fault stands higher."""
    line = int(NUMBER_FAULT_LINE.search(str(number_fault)).group("line"))
    stack = [node]
    while stack:
        current = stack.pop()
        if isinstance(current, ScalarNode) and current.tag in (INT, FLOAT):
            try:
                number_of(current, where)
            except CuratedFileError:
                current.tag = STR
        elif isinstance(current, SequenceNode):
            stack.extend(current.value)
        elif isinstance(current, MappingNode):
            stack.extend(child for pair in current.value for child in pair)
    try:
        check(schema, *construct(node, where))
    except CuratedFileError as schema_fault:
        if int(NUMBER_FAULT_LINE.search(str(schema_fault)).group("line")) < line:
            return schema_fault
    return number_fault


def load_rows(path: Path) -> list[tuple[int, list[str]]]:
    """The checked (line number, fields) rows of a curated line-based file."""
    schema = schema_for(path)
    if not isinstance(schema, LineTable):
        raise CuratedFileError(f"{display_path(path)}:1: is a YAML file: use load")
    return schema.rows(read_text(path), display_path(path))


def data_files(src_dir: Path) -> list[Path]:
    """Every curated data file under src_dir (rulebook_src/), sorted."""
    return [
        path
        for path in sorted(src_dir.rglob("*"))
        if path.is_file() and is_data_file(path.relative_to(src_dir).as_posix()) and "__pycache__" not in path.parts
    ]
