"""A small declarative schema language for the curated files under rulebook_src/, checked on the YAML node tree.

Checking nodes (not the loaded data) means every complaint carries the line it is about:
`rulebook_src/errata.yml:40: errata[3]: missing key 'reason'`. Each schema class checks one node and
raises CuratedFileError naming the file, the line and the key path.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from scripts.curated.reader import number_of
from scripts.errors import CuratedFileError
from scripts.limits import clip

STR = "tag:yaml.org,2002:str"
INT = "tag:yaml.org,2002:int"
BOOL = "tag:yaml.org,2002:bool"
NULL = "tag:yaml.org,2002:null"
FLOAT = "tag:yaml.org,2002:float"
KIND_NAMES = {STR: "text", INT: "a whole number", BOOL: "true/false", NULL: "nothing (null)", FLOAT: "a number"}


@dataclass(frozen=True)
class Where:
    """The file and key path a node sits at; `fail` raises the one-line error for a node."""
    file: str
    keys: str = ""

    def at(self, key) -> Where:
        step = f"[{key}]" if isinstance(key, int) else (f".{clip(key)}" if self.keys else clip(key))
        return Where(self.file, self.keys + step)

    def fail(self, node: Node | None, problem: str) -> CuratedFileError:
        line = node.start_mark.line + 1 if node is not None else 1
        return CuratedFileError(f"{self.file}:{line}: {self.keys + ': ' if self.keys else ''}{problem}")


def describe(node: Node) -> str:
    if isinstance(node, MappingNode):
        return "a mapping (key: value)"
    if isinstance(node, SequenceNode):
        return "a list"
    return KIND_NAMES.get(node.tag, node.tag)


class Schema:
    def check(self, node: Node, where: Where) -> None:  # pragma: no cover - interface
        raise NotImplementedError


@dataclass(frozen=True)
class Text(Schema):
    """A string; `empty` allows '', `one_line` forbids line breaks, `pattern` must match the whole text."""
    empty: bool = False
    one_line: bool = False
    pattern: str | None = None
    numbers: bool = False  # accept an unquoted number as its text (e.g. a table cell `12`)
    form: str = ""  # what `pattern` asks for, in words

    def check(self, node, where):
        kinds = (STR, INT, FLOAT) if self.numbers else (STR,)
        if not isinstance(node, ScalarNode) or node.tag not in kinds:
            hint = " (put it in quotes)" if isinstance(node, ScalarNode) and node.tag != NULL else ""
            raise where.fail(node, f"expected text, got {describe(node)}{hint}")
        value = node.value
        if not self.empty and not value.strip():
            raise where.fail(node, "is empty")
        if self.one_line and "\n" in value.strip("\n"):
            raise where.fail(node, "must be one line")
        if self.pattern and not re.fullmatch(self.pattern, value):
            raise where.fail(node, f"{clip(value)!r} {'must be ' + self.form if self.form else 'does not have the form ' + self.pattern}")


@dataclass(frozen=True)
class Integer(Schema):
    minimum: int | None = None

    def check(self, node, where):
        if not isinstance(node, ScalarNode) or node.tag != INT:
            raise where.fail(node, f"expected a whole number, got {describe(node)}")
        if self.minimum is not None and number_of(node, where.file) < self.minimum:
            raise where.fail(node, f"must be at least {self.minimum}, got {node.value}")


@dataclass(frozen=True)
class Number(Schema):
    """A whole or decimal number (`12`, `0.5`, `-3`)."""
    minimum: float | None = None

    def check(self, node, where):
        if not isinstance(node, ScalarNode) or node.tag not in (INT, FLOAT):
            raise where.fail(node, f"expected a number, got {describe(node)}")
        if self.minimum is not None and number_of(node, where.file) < self.minimum:
            raise where.fail(node, f"must be at least {self.minimum}, got {node.value}")


@dataclass(frozen=True)
class Null(Schema):
    """Nothing (`null`, or the key with no value): e.g. the open upper end of a band."""

    def check(self, node, where):
        if not isinstance(node, ScalarNode) or node.tag != NULL:
            raise where.fail(node, f"expected nothing (null), got {describe(node)}")


@dataclass(frozen=True)
class Boolean(Schema):
    def check(self, node, where):
        if not isinstance(node, ScalarNode) or node.tag != BOOL:
            raise where.fail(node, f"expected true or false, got {describe(node)}")


@dataclass(frozen=True)
class Choice(Schema):
    values: tuple[str, ...]

    def check(self, node, where):
        if not isinstance(node, ScalarNode) or node.value not in self.values:
            got = node.value if isinstance(node, ScalarNode) else describe(node)
            raise where.fail(node, f"{clip(got)!r} is not one of {', '.join(self.values)}")


@dataclass(frozen=True)
class ListOf(Schema):
    item: Schema
    min_items: int = 1
    max_items: int | None = None

    def check(self, node, where):
        if not isinstance(node, SequenceNode):
            raise where.fail(node, f"expected a list, got {describe(node)}")
        if len(node.value) < self.min_items:
            raise where.fail(node, f"needs at least {self.min_items} item(s), has {len(node.value)}")
        if self.max_items is not None and len(node.value) > self.max_items:
            raise where.fail(node, f"has {len(node.value)} items, at most {self.max_items} allowed")
        for index, child in enumerate(node.value):
            self.item.check(child, where.at(index))


MERGE = "tag:yaml.org,2002:merge"


def _keys(node: MappingNode, where: Where) -> dict[str, tuple[Node, Node]]:
    """key → (key node, value node); the keys of a merged mapping (`<<: *anchor`) count unless given here too."""
    found: dict[str, tuple[Node, Node]] = {}
    merged: dict[str, tuple[Node, Node]] = {}
    for key_node, value_node in node.value:
        if key_node.tag == MERGE:
            sources = value_node.value if isinstance(value_node, SequenceNode) else [value_node]
            for source in sources:
                if not isinstance(source, MappingNode):
                    raise where.fail(value_node, f"`<<` must name a mapping, got {describe(source)}")
                for key, pair in _keys(source, where).items():
                    merged.setdefault(key, pair)
            continue
        if not isinstance(key_node, ScalarNode):
            raise where.fail(key_node, f"a key must be text, got {describe(key_node)}")
        if key_node.value in found:
            raise where.fail(key_node, f"key {clip(key_node.value)!r} appears twice")
        found[key_node.value] = (key_node, value_node)
    return {**merged, **found}


@dataclass(frozen=True)
class Record(Schema):
    """A mapping with known keys: every `required` key present, `optional` keys allowed, no other key
    unless `open` (then other keys are checked by `others`, if given)."""
    required: dict[str, Schema]
    optional: dict[str, Schema] = field(default_factory=dict)
    open: bool = False
    others: Schema | None = None
    nonempty: bool = False  # (all keys optional) at least one of them

    def check(self, node, where):
        if not isinstance(node, MappingNode):
            raise where.fail(node, f"expected a mapping (key: value), got {describe(node)}")
        found = _keys(node, where)
        if self.nonempty and not found:
            raise where.fail(node, f"is empty (give one of {', '.join(self.optional)})")
        missing = [key for key in self.required if key not in found]
        if missing:
            raise where.fail(node, f"missing key {missing[0]!r}" + (f" (and {len(missing) - 1} more)" if len(missing) > 1 else ""))
        for key, (key_node, value_node) in found.items():
            schema = self.required.get(key) or self.optional.get(key)
            if schema is None:
                if not self.open:
                    known = ", ".join([*self.required, *self.optional])
                    raise where.fail(key_node, f"unknown key {clip(key)!r} (known: {known})")
                schema = self.others
            if schema is not None:
                schema.check(value_node, where.at(key))


@dataclass(frozen=True)
class MapOf(Schema):
    """A mapping with free keys (each checked by `key`) and values of one schema."""
    value: Schema
    key: Schema = Text(one_line=True)
    min_items: int = 1

    def check(self, node, where):
        if not isinstance(node, MappingNode):
            raise where.fail(node, f"expected a mapping (key: value), got {describe(node)}")
        if len(node.value) < self.min_items:
            raise where.fail(node, f"needs at least {self.min_items} entry(ies), has {len(node.value)}")
        for key, (key_node, value_node) in _keys(node, where).items():
            self.key.check(key_node, where.at(key))
            self.value.check(value_node, where.at(key))


@dataclass(frozen=True)
class AnyOf(Schema):
    """The first alternative that fits; if none does, the complaint of the first one."""
    alternatives: tuple[Schema, ...]

    def check(self, node, where):
        first = None
        for schema in self.alternatives:
            try:
                schema.check(node, where)
                return
            except CuratedFileError as exc:
                first = first or exc
        raise first


@dataclass(frozen=True)
class Filled(Schema):
    """Any YAML value with nothing empty in it: no null, no empty list or mapping, at any depth
    (an emptied table must stop the build, not reach a calculator). Keys named in `nullable` may be null
    (e.g. the open upper end of a band)."""
    nullable: tuple[str, ...] = ()

    def check(self, node, where):
        if isinstance(node, MappingNode):
            if not node.value:
                raise where.fail(node, "is an empty mapping")
            for key, (_, value_node) in _keys(node, where).items():
                if not (key in self.nullable and value_node.tag == NULL):
                    self.check(value_node, where.at(key))
        elif isinstance(node, SequenceNode):
            if not node.value:
                raise where.fail(node, "is an empty list")
            for index, child in enumerate(node.value):
                self.check(child, where.at(index))
        elif node.tag == NULL:
            raise where.fail(node, "has no value")


# --- line-based files (TSV, word lists) ----------------------------------------------------------------
@dataclass(frozen=True)
class LineTable:
    """A text file of one record a line: `#` comments and blank lines skipped, fields split by `separator`
    (None = any run of spaces), each field checked by a regular expression; returns (line, fields) rows."""
    fields: tuple[tuple[str, str], ...]  # (name, pattern) for each field, in order
    min_fields: int
    separator: str | None = "\t"
    min_rows: int = 1

    def rows(self, text: str, file: str) -> list[tuple[int, list[str]]]:
        rows = []
        for number, line in enumerate(text.splitlines(), start=1):
            if not line.strip() or line.startswith("#"):
                continue
            parts = line.split(self.separator) if self.separator else line.split()
            if not self.min_fields <= len(parts) <= len(self.fields):
                names = self.separator_name().join(name if i < self.min_fields else f"[{name}]" for i, (name, _) in enumerate(self.fields))
                raise CuratedFileError(f"{file}:{number}: expected {names}, got {clip(line.strip())!r}")
            for (name, pattern), value in zip(self.fields, parts):
                if not re.fullmatch(pattern, value.strip()):
                    raise CuratedFileError(f"{file}:{number}: {name} {clip(value.strip())!r} is not allowed here (must match {pattern})")
            rows.append((number, [part.strip() for part in parts]))
        if len(rows) < self.min_rows:
            raise CuratedFileError(f"{file}:1: has no entries")
        return rows

    def separator_name(self) -> str:
        return "<TAB>" if self.separator == "\t" else " "
