"""Reads the manifest of raw sources and checks each file against its recorded hash."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field

from scripts.curated.rulebook_src import RulebookSrc
from scripts.errors import SourceFormatError

FORMATS = ("pdf-text", "wiki-traditional", "escaped-json", "fullwidth-web")


@dataclass(frozen=True)
class SourceEntry:
    file: str
    book: str
    format: str
    script: str
    sha256: str
    covers: str
    articles: str = ""  # the article numbers whose headings it holds, as the manifest writes them ('11, 19, 23-24')
    raw: bytes = field(default=b"", repr=False, compare=False)  # the file's bytes, as read into the RulebookSrc


def article_numbers(spec: str | int) -> tuple[int, ...]:
    """The manifest's `articles` as numbers: '11, 19, 23-25' → (11, 19, 23, 24, 25)."""
    numbers: list[int] = []
    for part in str(spec).split(","):
        if part.strip():
            first, _, last = part.strip().partition("-")
            numbers += range(int(first), int(last or first) + 1)
    return tuple(sorted(set(numbers)))


def article_spec(numbers) -> str:
    """Numbers as the manifest writes them: [11, 19, 23, 24, 25] → '11, 19, 23-25'."""
    runs: list[list[int]] = []
    for n in sorted(set(numbers)):
        if runs and n == runs[-1][-1] + 1:
            runs[-1].append(n)
        else:
            runs.append([n])
    return ", ".join(f"{run[0]}" if len(run) == 1 else f"{run[0]}-{run[-1]}" for run in runs)


def load_manifest(src: RulebookSrc) -> list[SourceEntry]:
    """The manifest entries, in reading order, each checked: known format, file present, hash matching."""
    data, lines = src.load_with_lines("manifest.yml")  # keys, formats and types checked by its schema
    entries = []
    for i, raw in enumerate(data["sources"]):
        name = f"raw/{raw['file']}"
        entry = SourceEntry(**{**raw, "articles": str(raw["articles"])}, raw=src.raw(name) if src.has(name) else b"")
        if entry.format not in FORMATS:
            raise SourceFormatError(
                f"{lines.at('sources', i, 'format')}: unknown format {entry.format!r}; expected one of {FORMATS}"
            )
        if not src.has(name):
            raise SourceFormatError(
                f"{lines.at('sources', i, 'file')}: raw file {entry.file} is missing from rulebook_src/raw/"
            )
        digest = hashlib.sha256(entry.raw).hexdigest()
        if digest != entry.sha256:
            raise SourceFormatError(
                f"{lines.at('sources', i, 'sha256')}: raw/{entry.file} has sha256 {digest}, not the manifest's: raw "
                f"files must be byte-for-byte copies of the seeds"
            )
        entries.append(entry)
    listed = {f"raw/{entry.file}" for entry in entries}
    for name in src.names("raw/*"):
        if name not in listed and not name.removeprefix("raw/").startswith("."):
            raise SourceFormatError(
                f"{src.where}/{name}:1: this raw file is not listed in rulebook_src/manifest.yml"
                " (add a source with `make add-source FILE=<path> BOOK=laws|regulations`)"
            )
    return entries
