"""rulebook_src/ as one value: every file read once and checked, handed to every stage (as mkdocs hands on `config`).

    src = read_rulebook_src()                  # at an entry point, once
    src.load("errata.yml")                     # the checked data of a curated YAML file (frozen)
    src.load_with_lines("errata.yml")          # … and where each value stands, for messages
    src.load_rows("jieba_user_dict.txt")       # the (line, fields) rows of a line-based file
    src.raw("raw/001.txt")                     # a raw source's bytes
    src.names("penalties/*.yml")               # the files matching a pattern, sorted

A stage takes the value as an argument and never opens a file under rulebook_src/ itself; a test builds one from a
few lines of data with `rulebook_src_from_texts({"errata.yml": "…"})`. The data is frozen: a stage that wants to
change it works on its own copy (`thawed(data)`), so no stage can alter what the next one reads.
"""

from __future__ import annotations

import fnmatch
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from collections.abc import Mapping
from typing import Any

from scripts.curated import Lines, data_files, display_path, load_rows, load_with_lines, schema_for
from scripts.curated.files import REQUIRED
from scripts.curated.reader import read_bytes
from scripts.curated.line_tables import LineTable
from scripts.errors import CuratedFileError
from scripts.limits import MAX_RAW_SOURCE_BYTES
from scripts.paths import SRC


class FrozenDict(dict):
    """A dict no one can change (it is still a dict: isinstance, json.dumps and `==` work as for the loaded data)."""

    def _refuse(self, *args, **kwargs):
        raise TypeError("rulebook_src data is frozen: change a copy (scripts.curated.thawed)")

    __setitem__ = __delitem__ = clear = pop = popitem = setdefault = update = __ior__ = _refuse  # type: ignore

    def __hash__(self):  # type: ignore[override]
        return hash(tuple(self.items()))

    def __copy__(self):
        return dict(self)

    def __deepcopy__(self, memo):
        return thawed(self)

    def __reduce__(self):
        return (FrozenDict, (dict(self),))


class FrozenList(list):
    """A list no one can change."""

    def _refuse(self, *args, **kwargs):
        raise TypeError("rulebook_src data is frozen: change a copy (scripts.curated.thawed)")

    __setitem__ = __delitem__ = __iadd__ = __imul__ = _refuse  # type: ignore
    append = extend = insert = pop = remove = clear = sort = reverse = _refuse  # type: ignore

    def __hash__(self):  # type: ignore[override]
        return hash(tuple(self))

    def __copy__(self):
        return list(self)

    def __deepcopy__(self, memo):
        return thawed(self)

    def __reduce__(self):
        return (FrozenList, (list(self),))


def frozen(value: Any) -> Any:
    """The loaded data with every mapping and list frozen (strings, numbers, dates are immutable already)."""
    if isinstance(value, dict):
        return FrozenDict((key, frozen(item)) for key, item in value.items())
    if isinstance(value, list):
        return FrozenList(frozen(item) for item in value)
    return value


def thawed(value: Any) -> Any:
    """A plain, changeable copy of frozen data."""
    if isinstance(value, dict):
        return {key: thawed(item) for key, item in value.items()}
    if isinstance(value, list):
        return [thawed(item) for item in value]
    return value


@dataclass(frozen=True)
class RulebookSrc:
    """Every file under rulebook_src/, read and checked: raw sources as bytes, curated files as frozen data."""

    where: str  # how messages name the folder ('rulebook_src')
    yaml_files: Mapping[str, tuple[Any, Lines]] = field(repr=False)  # 'errata.yml' → (data, lines)
    row_files: Mapping[str, tuple[tuple[int, tuple[str, ...]], ...]] = field(repr=False)  # 'x.tsv' → rows
    raw_files: Mapping[str, bytes] = field(repr=False)  # 'raw/001.txt' → bytes

    def __copy__(self):
        return self  # immutable: a copy of a tree that holds it (copy.deepcopy(rulebook)) shares it

    def __deepcopy__(self, memo):
        return self

    def __reduce__(self):  # pickled with plain dicts (a mappingproxy cannot be), rebuilt frozen
        return (_rebuilt, (self.where, dict(self.yaml_files), dict(self.row_files), dict(self.raw_files)))

    def _missing(self, name: str) -> CuratedFileError:
        return CuratedFileError(f"{self.where}/{name}:1: file is missing")

    def load_with_lines(self, name: str) -> tuple[Any, Lines]:
        if name in self.row_files:
            raise CuratedFileError(f"{self.where}/{name}:1: is a line-based file: use load_rows")
        if name not in self.yaml_files:
            raise self._missing(name)
        return self.yaml_files[name]

    def load(self, name: str) -> Any:
        return self.load_with_lines(name)[0]

    def load_rows(self, name: str) -> tuple[tuple[int, tuple[str, ...]], ...]:
        if name in self.yaml_files:
            raise CuratedFileError(f"{self.where}/{name}:1: is a YAML file: use load")
        if name not in self.row_files:
            raise self._missing(name)
        return self.row_files[name]

    def raw(self, name: str) -> bytes:
        if name not in self.raw_files:
            raise self._missing(name)
        return self.raw_files[name]

    def has(self, name: str) -> bool:
        return name in self.yaml_files or name in self.row_files or name in self.raw_files

    def names(self, pattern: str) -> tuple[str, ...]:
        """The files whose path relative to rulebook_src/ matches the pattern ('penalties/*.yml'), sorted."""
        every = (*self.yaml_files, *self.row_files, *self.raw_files)
        return tuple(sorted(name for name in every if fnmatch.fnmatchcase(name, pattern)))


def _rebuilt(where: str, yaml_files: dict, row_files: dict, raw_files: dict) -> RulebookSrc:
    return RulebookSrc(where, MappingProxyType(yaml_files), MappingProxyType(row_files), MappingProxyType(raw_files))


def is_line_based(path: Path) -> bool:
    return isinstance(schema_for(path), LineTable)


def required_missing(src_dir: Path) -> str | None:
    """The first file files.REQUIRED names that src_dir lacks, or None."""
    return next((name for name in REQUIRED if not (src_dir / name).is_file()), None)


def read_rulebook_src(src_dir: Path = SRC) -> RulebookSrc:
    """Reads and checks every file under src_dir, once: the first fault raises a CuratedFileError naming `file:line`
    (a required file missing: `rulebook_src/<file>:1: file is missing`)."""
    if missing := required_missing(src_dir):
        raise CuratedFileError(f"{display_path(src_dir / missing)}:1: file is missing")
    yaml_files, row_files = {}, {}
    for path in data_files(src_dir):
        name = path.relative_to(src_dir).as_posix()
        if is_line_based(path):
            row_files[name] = tuple((line, tuple(fields)) for line, fields in load_rows(path))
        else:
            data, lines = load_with_lines(path)
            yaml_files[name] = (frozen(data), lines)
    raw_dir = src_dir / "raw"
    raw_files = (
        {
            path.relative_to(src_dir).as_posix(): read_bytes(path, MAX_RAW_SOURCE_BYTES, "a raw source")
            for path in sorted(raw_dir.rglob("*"))
            if path.is_file()
        }
        if raw_dir.is_dir()
        else {}
    )
    return RulebookSrc(
        display_path(src_dir), MappingProxyType(yaml_files), MappingProxyType(row_files), MappingProxyType(raw_files)
    )


def rulebook_src_from_texts(texts: Mapping[str, str | bytes], where: str = "rulebook_src") -> RulebookSrc:
    """A RulebookSrc from a few files' texts, for tests: {'errata.yml': '…', 'raw/001.txt': b'…'}. Each curated file
    is checked against its schema like a real one; required files that are not given are simply absent."""
    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        for name, text in texts.items():
            (root / name).parent.mkdir(parents=True, exist_ok=True)
            (root / name).write_bytes(text if isinstance(text, bytes) else text.encode("utf-8"))
        yaml_files, row_files = {}, {}
        try:
            for path in data_files(root):
                name = path.relative_to(root).as_posix()
                if is_line_based(path):
                    row_files[name] = tuple((line, tuple(fields)) for line, fields in load_rows(path))
                else:
                    data, lines = load_with_lines(path)
                    yaml_files[name] = (frozen(data), Lines(f"{where}/{name}", lines.by_path))
        except CuratedFileError as exc:  # named as the files of `where`, not of the temporary folder
            raise CuratedFileError(str(exc).replace(f"{display_path(root)}/", f"{where}/")) from None
        raw_files = {
            name: (text if isinstance(text, bytes) else text.encode("utf-8"))
            for name, text in texts.items()
            if name.startswith("raw/")
        }
    return RulebookSrc(where, MappingProxyType(yaml_files), MappingProxyType(row_files), MappingProxyType(raw_files))
