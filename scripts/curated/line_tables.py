"""The line-based curated files (TSV, word lists): one record a line, each field checked by a regular expression,
a fault named `file:line: …` like the YAML files' (scripts/curated/models.py)."""

from __future__ import annotations

import re
from dataclasses import dataclass

from scripts.errors import CuratedFileError
from scripts.limits import clip


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
                names = self.separator_name().join(
                    name if i < self.min_fields else f"[{name}]" for i, (name, _) in enumerate(self.fields)
                )
                raise CuratedFileError(f"{file}:{number}: expected {names}, got {clip(line.strip())!r}")
            for (name, pattern), value in zip(self.fields, parts):
                if not re.fullmatch(pattern, value.strip()):
                    raise CuratedFileError(
                        f"{file}:{number}: {name} {clip(value.strip())!r} is not allowed here (must match {pattern})"
                    )
            rows.append((number, [part.strip() for part in parts]))
        if len(rows) < self.min_rows:
            raise CuratedFileError(f"{file}:1: has no entries")
        return rows

    def separator_name(self) -> str:
        return "<TAB>" if self.separator == "\t" else " "
