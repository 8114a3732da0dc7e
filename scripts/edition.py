"""Names one edition of the site: its build date and a short hash of the sources it was built from."""

from __future__ import annotations

import datetime as dt
import hashlib
import os
import subprocess
from dataclasses import dataclass
from pathlib import Path

from scripts.errors import RulebookError
from scripts.paths import ROOT

# Everything the edition is built from: the generated pages and hand-written browser code (docs/), the curated
# sources (errata, dictionaries, raw texts), the site configuration and theme overrides, the build code and the
# pinned requirements. Any change to one of these changes the stamp ("标记相同，内容就相同").
EDITION_SOURCES = ("docs", "rulebook_src", "mkdocs.yml", "overrides", "scripts", "requirements.txt")
SKIPPED_NAMES = {"__pycache__", ".DS_Store"}
BUNDLE_PREFIX = "zhongguo-qiaopai-guize"  # ASCII: 中国桥牌规则; the start of the edition's file names (zip, PDFs)


class EditionError(RulebookError):
    """The build date or the sources of an edition cannot be determined."""


@dataclass(frozen=True)
class Edition:
    date: dt.date  # the build date (UTC), reproducible: see build_timestamp()
    content_hash: str  # first 8 hex digits of sha256 over EDITION_SOURCES

    @property
    def label(self) -> str:
        """'2026-11-29 · 3f9a1c0b', shown in every page footer."""
        return f"{self.date.isoformat()} · {self.content_hash}"

    @property
    def compact_date(self) -> str:
        """'20261129', used in the ASCII zip name."""
        return self.date.strftime("%Y%m%d")


def build_timestamp(root: Path = ROOT) -> int:
    """Seconds since the epoch that stand for "when this edition was built".

    SOURCE_DATE_EPOCH wins (the reproducible-builds convention, also honoured by mkdocs' sitemap);
    otherwise the committer date of the last commit, so two builds of one checkout carry the same date;
    the wall clock only where there is no git history (e.g. an exported tarball).
    """
    given = os.getenv("SOURCE_DATE_EPOCH")
    if given is not None:
        try:
            return int(given)
        except ValueError:
            raise EditionError(f"SOURCE_DATE_EPOCH must be whole seconds since 1970, got {given!r}") from None
    try:
        out = subprocess.run(
            ["git", "log", "-1", "--format=%ct"], cwd=root, capture_output=True, text=True, check=True
        ).stdout.strip()
        if out:
            return int(out)
    except (OSError, subprocess.CalledProcessError, ValueError):
        pass
    return int(dt.datetime.now(dt.UTC).timestamp())


def content_hash(root: Path = ROOT, sources: tuple[str, ...] = EDITION_SOURCES) -> str:
    """sha256 over (relative path, bytes) of every file under `sources` (folders or files), sorted; first 8 hex
    digits."""
    digest = hashlib.sha256()
    for name in sources:
        base = root / name
        if not base.exists():
            raise EditionError(f"edition source {str(base)!r} does not exist")
        for path in sorted(p for p in base.rglob("*") if p.is_file()) if base.is_dir() else [base]:
            rel = path.relative_to(root)
            if SKIPPED_NAMES.intersection(rel.parts) or path.suffix == ".pyc":
                continue
            digest.update(rel.as_posix().encode("utf-8") + b"\0")
            digest.update(path.read_bytes())
            digest.update(b"\0")
    return digest.hexdigest()[:8]


def current_edition(root: Path = ROOT) -> Edition:
    stamp = build_timestamp(root)
    date = dt.datetime.fromtimestamp(stamp, dt.UTC).date()
    return Edition(date=date, content_hash=content_hash(root))
