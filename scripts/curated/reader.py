"""The reading layer of the curated files: bytes → size check → UTF-8 → YAML with limits and allowed types →
plain data with the line of every value. Schemas (scripts/curated/models.py) check what this returns.

    read_text(path)            the text of a curated file (size and UTF-8 checked)
    compose(text, where)       the YAML node tree, built event by event within the limits of scripts/limits.py
    construct(node, where)     plain data (dict, list, str, int, float, bool, None) and its Lines

The node tree is composed here, not by PyYAML's composer, so that a deep nesting, an alias bomb or a merge-key
bomb stops after at most MAX_YAML_NODES steps: every alias counts the values it stands for. Only the types the
schemas name are accepted (text, whole and decimal numbers in plain decimal, true/false, null, lists, mappings,
`<<` merge keys); `!!set`, `!!binary`, `!!python/…`, dates and any other tag stop the file with one line.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import yaml
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from scripts.errors import CuratedFileError
from scripts.limits import MAX_CURATED_BYTES, MAX_INTEGER_DIGITS, MAX_YAML_DEPTH, MAX_YAML_NODES, clip, too_big
from scripts.paths import ROOT

# libyaml's parser where PyYAML was built with it (~10× faster on errata.yml); only its events and resolver are used.
YAML_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

TAG = "tag:yaml.org,2002:"
STR, INT, FLOAT, BOOL, NULL = (TAG + name for name in ("str", "int", "float", "bool", "null"))
SEQ, MAP, MERGE = TAG + "seq", TAG + "map", TAG + "merge"
ALLOWED_TAGS = frozenset({STR, INT, FLOAT, BOOL, NULL, SEQ, MAP, MERGE})
PLAIN_INTEGER = re.compile(rf"[-+]?(0|[1-9][0-9]{{0,{MAX_INTEGER_DIGITS - 1}}})")
PLAIN_DECIMAL = re.compile(r"[-+]?[0-9]{1,12}\.[0-9]{1,12}")
TRUE_WORDS = frozenset({"yes", "true", "on"})  # YAML 1.1, as PyYAML's safe loader reads them


def display_path(path: Path) -> str:
    """`rulebook_src/errata.yml` for files of this checkout, the full path otherwise."""
    try:
        return path.resolve().relative_to(ROOT).as_posix()
    except ValueError:
        return str(path)


def read_bytes(path: Path, limit: int, what: str) -> bytes:
    """The bytes of a file of at most `limit` bytes (checked before reading, so a huge file is never loaded)."""
    where = display_path(path)
    try:
        with path.open("rb") as file:
            data = file.read(limit + 1)
    except FileNotFoundError:
        raise CuratedFileError(f"{where}:1: file is missing") from None
    except OSError as exc:
        raise CuratedFileError(f"{where}:1: cannot be read ({exc.strerror})") from None
    if len(data) > limit:
        size = path.stat().st_size
        raise CuratedFileError(f"{where}:1: {too_big(size, limit, what)}")
    return data


def read_text(path: Path, limit: int = MAX_CURATED_BYTES) -> str:
    raw = read_bytes(path, limit, "a curated file")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        where = display_path(path)
        raise CuratedFileError(
            f"{where}:{line}: not UTF-8 (byte 0x{raw[exc.start]:02x} at offset {exc.start})"
        ) from None
    return text[1:] if text.startswith("\ufeff") else text


def short_tag(tag: str) -> str:
    return "!!" + tag[len(TAG) :] if tag.startswith(TAG) else tag


def _check_tag(node: ScalarNode, where: str) -> None:
    if node.tag not in ALLOWED_TAGS:
        line = node.start_mark.line + 1
        if node.tag == TAG + "timestamp":
            raise CuratedFileError(f"{where}:{line}: {clip(node.value)!r} reads as a date: put it in quotes")
        raise CuratedFileError(f"{where}:{line}: the YAML type {clip(short_tag(node.tag))} is not used by these files")


def number_of(node: ScalarNode, where: str) -> int | float:
    """The value of a node tagged as a number, which must be written in plain decimal (`12`, `-3`, `0.5`): not
    `017`, `0x1f`, `1_000`, `1:30` (YAML 1.1 reads that as 90), `.inf`, nor a number longer than a count can be."""
    if node.tag == INT and PLAIN_INTEGER.fullmatch(node.value):
        return int(node.value)
    if node.tag == FLOAT and PLAIN_DECIMAL.fullmatch(node.value):
        return float(node.value)
    line = node.start_mark.line + 1
    kind = f"whole number of at most {MAX_INTEGER_DIGITS} digits" if node.tag == INT else "number such as 0.5"
    raise CuratedFileError(
        f"{where}:{line}: {clip(node.value)!r} is not a plain decimal {kind} (put it in quotes if it is text)"
    )


def scalar_node(loader, event: yaml.ScalarEvent, where: str, tags: dict[tuple, str]) -> ScalarNode:
    """A scalar's node, its type resolved as the YAML loader would and allowed by the curated files (`tags`: the
    types this file's values resolved to so far, by value and implicitness: most values recur, keys above all)."""
    tag = event.tag
    if tag is None or tag == "!":
        key = (event.value, event.implicit)
        tag = tags.get(key)
        if tag is None:
            tag = tags[key] = loader.resolve(ScalarNode, event.value, event.implicit)
    node = ScalarNode(tag, event.value, event.start_mark, event.end_mark, style=event.style)
    if tag not in ALLOWED_TAGS:
        _check_tag(node, where)
    return node


def collection_node(loader, event: yaml.CollectionStartEvent, where: str, *, depth: int) -> Node:
    """An opening list's or mapping's node (its items come later), `depth` collections deep, within MAX_YAML_DEPTH."""
    line = event.start_mark.line + 1
    if depth >= MAX_YAML_DEPTH:
        raise CuratedFileError(
            f"{where}:{line}: lists and mappings nested more than {MAX_YAML_DEPTH} deep, "
            "which exceeds the limit for a curated file (scripts/limits.py)"
        )
    kind = SequenceNode if isinstance(event, yaml.SequenceStartEvent) else MappingNode
    tag = event.tag
    if tag is None or tag == "!":
        tag = loader.resolve(kind, None, event.implicit)
    if tag not in (SEQ, MAP):
        raise CuratedFileError(f"{where}:{line}: the YAML type {clip(short_tag(tag))} is not used by these files")
    return kind(tag, [], event.start_mark, None, flow_style=event.flow_style)


def syntax_error(exc: yaml.YAMLError, where: str) -> CuratedFileError:
    """PyYAML's complaint as one line naming the place."""
    if isinstance(exc, yaml.MarkedYAMLError):
        mark = exc.problem_mark or exc.context_mark
        problem = " ".join(part for part in (exc.context, exc.problem) if part)
        return CuratedFileError(f"{where}:{mark.line + 1 if mark else 1}: not valid YAML: {clip(problem, 120)}")
    return CuratedFileError(f"{where}:1: not valid YAML: {clip(str(exc).splitlines()[0], 120)}")


def compose(text: str, where: str) -> Node | None:
    """The YAML node tree of one document (None for an empty file), within MAX_YAML_DEPTH and MAX_YAML_NODES."""
    loader = YAML_LOADER(text)
    anchors: dict[str, Node] = {}
    sizes: dict[int, int] = {}  # id(collection) → how many values it stands for, aliases expanded (a scalar: 1)
    tags: dict[tuple, str] = {}  # (value, implicit) → its resolved type
    stack: list[list] = []  # open collections: [node, its items, its expanded size so far]
    root: Node | None = None
    documents = 0

    def add(node: Node, size: int, event) -> None:
        nonlocal root
        if not stack:
            root = node
            return
        top = stack[-1]
        top[1].append(node)
        top[2] += size
        if top[2] > MAX_YAML_NODES:
            raise CuratedFileError(
                f"{where}:{event.start_mark.line + 1}: more than {MAX_YAML_NODES} values with aliases and merge keys "
                "expanded, which exceeds the limit for a curated file (scripts/limits.py)"
            )

    try:
        while True:
            event = loader.get_event()
            kind = type(event)
            if event is None or kind is yaml.StreamEndEvent:
                break
            if kind is yaml.ScalarEvent:
                node = scalar_node(loader, event, where, tags)
                if event.anchor is not None:
                    anchors[event.anchor] = node
                add(node, 1, event)
            elif kind is yaml.SequenceEndEvent or kind is yaml.MappingEndEvent:
                node, items, total = stack.pop()
                node.end_mark = event.end_mark
                node.value = items if isinstance(node, SequenceNode) else list(zip(items[::2], items[1::2]))
                sizes[id(node)] = total
                add(node, total, event)
            elif kind is yaml.SequenceStartEvent or kind is yaml.MappingStartEvent:
                node = collection_node(loader, event, where, depth=len(stack))
                if event.anchor is not None:
                    anchors[event.anchor] = node
                stack.append([node, [], 1])
            elif kind is yaml.AliasEvent:
                if event.anchor not in anchors:
                    raise CuratedFileError(
                        f"{where}:{event.start_mark.line + 1}: alias *{clip(event.anchor)} names no anchor above it"
                    )
                target = anchors[event.anchor]
                add(target, sizes.get(id(target), 1), event)
            elif kind is yaml.DocumentStartEvent:
                documents += 1
                if documents > 1:
                    raise CuratedFileError(
                        f"{where}:{event.start_mark.line + 1}: a second YAML document (---): a curated file holds one"
                    )
    except yaml.YAMLError as exc:
        raise syntax_error(exc, where) from None
    finally:
        loader.dispose()
    return root


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


def construct(node: Node, where: str) -> tuple[object, Lines]:
    """The plain data of a composed tree, and the line of every value by its key path (merged keys included)."""
    lines: dict[tuple, int] = {}
    return _construct(node, ((),), lines, where), Lines(where, lines)


def _scalar(node: ScalarNode, where: str):
    if node.tag in (INT, FLOAT):
        return number_of(node, where)
    if node.tag == BOOL:
        return node.value.lower() in TRUE_WORDS
    if node.tag == NULL:
        return None
    return node.value


def _pairs(node: MappingNode, where: str) -> list:
    """(key node, value node) of a mapping with its `<<` merges spliced in as PyYAML's flatten_mapping does: the
    merged pairs first (of several mappings the first wins), then its own; the last pair of a key wins."""
    own, merged = [], []
    for key_node, value_node in node.value:
        if key_node.tag != MERGE:
            own.append((key_node, value_node))
            continue
        sources = value_node.value if isinstance(value_node, SequenceNode) else [value_node]
        for source in reversed(sources):
            if not isinstance(source, MappingNode):
                raise CuratedFileError(f"{where}:{value_node.start_mark.line + 1}: `<<` must name a mapping")
            merged.extend(_pairs(source, where))
    return merged + own


def _construct(node: Node, paths: tuple[tuple, ...], lines: dict, where: str):
    """The value of a node; its line is recorded under each of its key paths (a number key such as `9:` is found
    both as 9 and as '9', since callers name it either way)."""
    for path in paths:
        lines[path] = node.start_mark.line + 1
    if isinstance(node, ScalarNode):
        return _scalar(node, where)
    if isinstance(node, SequenceNode):
        return [
            _construct(child, tuple(p + (index,) for p in paths), lines, where)
            for index, child in enumerate(node.value)
        ]
    winners: dict = {}
    for key_node, value_node in _pairs(node, where):
        if not isinstance(key_node, ScalarNode):
            raise CuratedFileError(f"{where}:{key_node.start_mark.line + 1}: a key must be text, not a list or mapping")
        winners[_scalar(key_node, where)] = (key_node.value, value_node)
    result = {}
    for key, (text, value) in winners.items():
        names = (key,) if text == key else (key, text)
        result[key] = _construct(value, tuple(p + (name,) for p in paths for name in names), lines, where)
    return result
