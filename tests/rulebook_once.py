"""The real rulebook_src/ and the rulebook built from it, once per test process: the tests' own memo (the stages
keep none; each entry point reads rulebook_src/ once and passes the value on)."""

from __future__ import annotations

import functools

from scripts.curated.rulebook_src import RulebookSrc, read_rulebook_src
from scripts.pipeline.model import Book
from scripts.pipeline.run import Rulebook, build_rulebook


@functools.cache
def real_src() -> RulebookSrc:
    return read_rulebook_src()


@functools.cache
def load_full_rulebook() -> Rulebook:
    return build_rulebook(real_src())


def load_rulebook() -> dict[str, Book]:
    """The two books (keys 'laws', 'regulations')."""
    return load_full_rulebook().books


def src_from_folder(folder) -> RulebookSrc:
    """A RulebookSrc of the few files a test wrote into a folder (files a real rulebook_src/ must hold may be
    absent)."""
    from pathlib import Path

    from scripts.curated.rulebook_src import rulebook_src_from_texts

    root = Path(folder)
    return rulebook_src_from_texts(
        {path.relative_to(root).as_posix(): path.read_bytes() for path in sorted(root.rglob("*")) if path.is_file()}
    )


def src_with_raw(src: RulebookSrc, file: str, raw: bytes | None = None, articles: str | None = None) -> RulebookSrc:
    """The rulebook_src with raw/<file> replaced (its sha256 in the manifest updated) and/or its manifest `articles`
    changed, in memory."""
    import hashlib
    from dataclasses import replace
    from types import MappingProxyType

    from scripts.curated.rulebook_src import frozen, thawed

    data, lines = src.yaml_files["manifest.yml"]
    manifest = thawed(data)
    raw_files = dict(src.raw_files)
    for entry in manifest["sources"]:
        if entry["file"] == file:
            if raw is not None:
                entry["sha256"] = hashlib.sha256(raw).hexdigest()
                raw_files[f"raw/{file}"] = raw
            if articles is not None:
                entry["articles"] = articles
    yaml_files = dict(src.yaml_files, **{"manifest.yml": (frozen(manifest), lines)})
    return replace(src, yaml_files=MappingProxyType(yaml_files), raw_files=MappingProxyType(raw_files))
