"""The one loader for the curated files under rulebook_src/: read, parse, check against the file's schema.

    load(path)       -> the data of a YAML file (plain dicts, lists, str, int, bool), checked
    load_rows(path)  -> the (line number, fields) rows of a line-based file (TSV, word list), checked
    rulebook_src.read_rulebook_src() -> every file of rulebook_src/ read and checked once, as one frozen value that
                        the entry points pass to every stage (scripts/curated/rulebook_src.py)

Any fault (file missing, not UTF-8, YAML syntax, wrong type, missing or unknown key, empty table) raises
CuratedFileError (a RulebookError) with one line `path:line: what is wrong`; the entry points print that
line and exit with status 2. The schemas live in scripts/curated/files.py.
"""
from __future__ import annotations

import fnmatch
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from scripts.curated.files import NOT_DATA, REQUIRED, SCHEMAS
from scripts.curated.schema import LineTable, Schema, Where
from scripts.errors import CuratedFileError
from scripts.paths import ROOT

# libyaml's parser where PyYAML was built with it (~10× faster on errata.yml); the constructor is the safe one.
YAML_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def display_path(path: Path) -> str:
    """`rulebook_src/errata.yml` for files of this checkout, the full path otherwise."""
    try:
        return path.resolve().relative_to(ROOT).as_posix()
    except ValueError:
        return str(path)


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


def read_text(path: Path) -> str:
    where = display_path(path)
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        raise CuratedFileError(f"{where}:1: file is missing") from None
    except OSError as exc:
        raise CuratedFileError(f"{where}:1: cannot be read ({exc.strerror})") from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        raise CuratedFileError(f"{where}:{line}: not UTF-8 (byte 0x{raw[exc.start]:02x} at offset {exc.start})") from None
    if text.startswith("\ufeff"):
        text = text[1:]
    return text


@dataclass(frozen=True)
class Lines:
    """Where each value of a loaded file stands: `lines.of("errata", 3)` is the line of the 4th erratum."""
    file: str  # the file as messages name it, e.g. 'rulebook_src/errata.yml'
    by_path: dict

    def of(self, *keys) -> int:
        for depth in range(len(keys), -1, -1):  # the nearest enclosing value that has a line
            if keys[:depth] in self.by_path:
                return self.by_path[keys[:depth]]
        return 1

    def at(self, *keys) -> str:
        """'rulebook_src/errata.yml:40', to start a message."""
        return f"{self.file}:{self.of(*keys)}"


def node_lines(node, prefix: tuple = ()) -> dict:
    lines = {prefix: node.start_mark.line + 1}
    if isinstance(node, yaml.MappingNode):
        for key_node, value_node in node.value:
            lines.update(node_lines(value_node, prefix + (key_node.value,)))
    elif isinstance(node, yaml.SequenceNode):
        for index, child in enumerate(node.value):
            lines.update(node_lines(child, prefix + (index,)))
    return lines


def load(path: Path) -> Any:
    """The checked data of a curated YAML file (see the module docstring)."""
    return load_with_lines(path)[0]


def load_with_lines(path: Path) -> tuple[Any, Lines]:
    """load(), and the line of every value, for messages about an entry that is well-formed but wrong
    (an erratum that does not match, an alias to a missing clause)."""
    schema = schema_for(path)
    where = display_path(path)
    if isinstance(schema, LineTable):
        raise CuratedFileError(f"{where}:1: is a line-based file: use load_rows")
    text = read_text(path)
    loader = YAML_LOADER(text)
    try:
        try:
            node = loader.get_single_node()
        except yaml.MarkedYAMLError as exc:
            mark = exc.problem_mark or exc.context_mark
            line = mark.line + 1 if mark else 1
            problem = " ".join(part for part in (exc.context, exc.problem) if part)
            raise CuratedFileError(f"{where}:{line}: not valid YAML: {problem}") from None
        except yaml.YAMLError as exc:
            raise CuratedFileError(f"{where}:1: not valid YAML: {str(exc).splitlines()[0]}") from None
        if node is None:
            raise CuratedFileError(f"{where}:1: file is empty")
        schema.check(node, Where(where))
        try:
            return loader.construct_document(node), Lines(where, node_lines(node))
        except yaml.YAMLError as exc:  # e.g. an unknown !tag
            raise CuratedFileError(f"{where}:{node.start_mark.line + 1}: {str(exc).splitlines()[0]}") from None
    finally:
        loader.dispose()


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

