"""Reads the manifest of raw sources and checks each file against its recorded hash."""
from __future__ import annotations

import hashlib
from dataclasses import dataclass
from pathlib import Path

from scripts import curated
from scripts.curated.reader import display_path, read_bytes
from scripts.errors import SourceFormatError
from scripts.limits import MAX_RAW_SOURCE_BYTES

from scripts.paths import ROOT, SRC  # noqa: F401  (ROOT re-exported for the stages)
FORMATS = ("pdf-text", "wiki-traditional", "escaped-json", "fullwidth-web")


@dataclass(frozen=True)
class SourceEntry:
    file: str
    book: str
    format: str
    script: str
    sha256: str
    covers: str
    path: Path


def load_yaml(path: Path):
    """A YAML file of rulebook_src/, loaded and checked against its schema (scripts/curated/)."""
    return curated.load(path)


def load_manifest(src_dir: Path = SRC) -> list[SourceEntry]:
    """The manifest entries, in reading order, each checked: known format, file present, hash matching."""
    manifest_path = src_dir / "manifest.yml"
    data, lines = curated.load_with_lines(manifest_path)  # keys, formats and types checked by its schema
    entries = []
    for i, raw in enumerate(data["sources"]):
        entry = SourceEntry(**raw, path=src_dir / "raw" / raw["file"])
        if entry.format not in FORMATS:
            raise SourceFormatError(f"{lines.at('sources', i, 'format')}: unknown format {entry.format!r}; expected one of {FORMATS}")
        path = entry.path
        if not path.is_file():
            raise SourceFormatError(f"{lines.at('sources', i, 'file')}: raw file {entry.file} is missing from rulebook_src/raw/")
        digest = hashlib.sha256(read_bytes(path, MAX_RAW_SOURCE_BYTES, "a raw source")).hexdigest()
        if digest != entry.sha256:
            raise SourceFormatError(f"{lines.at('sources', i, 'sha256')}: raw/{entry.file} has sha256 {digest}, not the manifest's: raw files must be byte-for-byte copies of the seeds")
        entries.append(entry)
    listed = {entry.file for entry in entries}
    for path in sorted((src_dir / "raw").iterdir()):
        if path.name not in listed and not path.name.startswith("."):
            raise SourceFormatError(f"{display_path(path)}:1: this raw file is not listed in rulebook_src/manifest.yml"
                                    " (add a source with `make add-source FILE=<path> BOOK=laws|regulations`)")
    return entries
