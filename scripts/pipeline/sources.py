"""Reads the manifest of raw sources and checks each file against its recorded hash."""
from __future__ import annotations

import hashlib
from dataclasses import dataclass
from pathlib import Path

from scripts import curated
from scripts.errors import SourceFormatError

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
    data = load_yaml(manifest_path)
    entries = []
    for i, raw in enumerate(data["sources"], 1):
        entry = SourceEntry(**raw, path=src_dir / "raw" / raw["file"])
        if entry.format not in FORMATS:
            raise SourceFormatError(f"{manifest_path.name}: source {i} ({entry.file}): unknown format {entry.format!r}; expected one of {FORMATS}")
        path = entry.path
        if not path.is_file():
            raise SourceFormatError(f"{manifest_path.name}: source {i}: raw file {path} is missing")
        digest = hashlib.sha256(path.read_bytes()).hexdigest()
        if digest != entry.sha256:
            raise SourceFormatError(f"{entry.file}: sha256 {digest} differs from the manifest's {entry.sha256}: raw files must be byte-for-byte copies of the seeds")
        entries.append(entry)
    return entries
