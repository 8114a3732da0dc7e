"""The print edition's typeset books, remembered by what they were typeset from.

A book's PDF is a function of its HTML alone once the typesetter is fixed: WeasyPrint and the libraries it draws with
(pydyf, fontTools, tinycss2, cssselect2, tinyhtml5, Pyphen, pango), the font files fontconfig gives for the book's
families, and scripts/print/ itself (book.css, the passes that move notes and split tables, the CJK justification).
A book whose HTML and typesetter are those of a book typeset before gets that book's PDF and page numbers back instead
of three WeasyPrint passes (about 20 s of CPU a book, most of a full build): `make site` after an edit that leaves the
print edition as it was (a page's stylesheet, a calculator, the search), and the test run's second build of the same
checkout, typeset nothing. An edit to the text, to book.css or to the print code, another WeasyPrint, or another font
file (its path, size or time) is another key, so the book is typeset afresh; a remembered book that cannot be read
back is typeset again, said in the log.

The store is diskcache (pinned): values in files beside an SQLite index, safe between the two typesetting processes
and between builds running at once, written so that a killed build leaves no half entry, and bounded (the least
recently stored out first: a read writes nothing). Each typesetting process opens the store itself (an SQLite
connection must not cross a fork); a store that cannot be opened or written (a full disk: diskcache writes its
settings on opening) is said in the log and the book is typeset as without one.
"""

from __future__ import annotations

import argparse
import hashlib
import importlib.metadata
import logging
import os
import subprocess
from dataclasses import dataclass
from pathlib import Path

from scripts.paths import ROOT

LOG = logging.getLogger("scripts.print")
DEFAULT_CACHE_DIR = ROOT / ".cache" / "print"  # `make site` and `python -m scripts.print` (--no-print-cache: none)
SIZE_LIMIT = 512 * 2**20  # about forty editions' four PDFs (3–6 MB each)
TYPESETTER_PACKAGES = ("weasyprint", "pydyf", "fonttools", "tinycss2", "cssselect2", "tinyhtml5", "pyphen")
PRINT_CODE = Path(__file__).resolve().parent  # scripts/print/: its .py and .css files


@dataclass(frozen=True)
class TypesetBook:
    """What is kept of one typeset book: the PDF's bytes, its page count, each anchor's page, and the HTML of the pass
    that gave the PDF (the book's HTML with its notes numbered and its moves made: typeset once, it gives the PDF)."""

    pdf: bytes
    pages: int
    anchors: dict[str, int]
    html: str


def font_files(families: list[str]) -> list[str]:
    """Every font file fontconfig gives for `families` (all their faces, and the generic family's first choice), as
    'path size mtime': a font updated or installed in their place is another typesetter."""
    names: set[str] = set()
    for family in families:
        listed = subprocess.run(["fc-list", "--format=%{file}\n", family], capture_output=True, text=True, check=True)
        names.update(line for line in listed.stdout.splitlines() if line)
        if not listed.stdout.strip():  # a generic family (serif) is not listed by name: its match
            matched = subprocess.run(["fc-match", "--format=%{file}", family], capture_output=True, text=True)
            names.update([matched.stdout] if matched.stdout else [])
    files = []
    for name in sorted(names):
        stat = os.stat(name)
        files.append(f"{name} {stat.st_size} {stat.st_mtime_ns}")
    return files


def pango_version() -> int:
    from weasyprint.text.ffi import pango

    return pango.pango_version()


def typesetter_fingerprint(families: list[str]) -> str | None:
    """A digest of everything besides the HTML that the typeset PDF depends on (see the module's docstring); None
    when fontconfig's tools cannot name the font files (said in the log: the books are then typeset, not looked up)."""
    try:
        fonts = font_files(families)
    except (OSError, subprocess.CalledProcessError) as exc:
        LOG.warning("print edition: typesetting without remembering it: the font files are unknown (%s)", exc)
        return None
    digest = hashlib.sha256()
    for package in TYPESETTER_PACKAGES:
        digest.update(f"{package}={importlib.metadata.version(package)}\n".encode())
    digest.update(f"pango={pango_version()}\n".encode())
    for path in sorted(p for p in PRINT_CODE.iterdir() if p.suffix in (".py", ".css")):
        digest.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
    for line in fonts:
        digest.update(line.encode() + b"\n")
    return digest.hexdigest()


def book_key(fingerprint: str, html: str, continued: str) -> str:
    """The key of one book: the typesetter, the HTML it is given, and the caption of a continued table."""
    return hashlib.sha256("\0".join((fingerprint, continued, html)).encode("utf-8", "surrogateescape")).hexdigest()


class TypesetCache:
    """Typeset books by key, in `folder` (created if missing)."""

    def __init__(self, folder: Path):
        from diskcache import Cache

        self.folder = folder
        self.store = Cache(str(folder), size_limit=SIZE_LIMIT, eviction_policy="least-recently-stored")

    def get(self, key: str, name: str) -> TypesetBook | None:
        """The book typeset from `key` before, or None; an entry that cannot be read back counts as none (said in
        the log, naming the book `name`)."""
        try:
            value = self.store.get(key)
        except Exception as exc:  # noqa: BLE001 - a damaged entry: typeset again
            LOG.warning(
                "print edition: %s: the remembered typesetting in %s cannot be read (%s)", name, self.folder, exc
            )
            return None
        if value is None:
            return None
        if not (isinstance(value, tuple) and len(value) == 4 and isinstance(value[0], bytes)):
            LOG.warning("print edition: %s: the remembered typesetting in %s is not a typeset book", name, self.folder)
            return None
        return TypesetBook(*value)

    def put(self, key: str, book: TypesetBook, name: str) -> None:
        """Remember `book`; a store that cannot be written (a full disk) is said in the log and the build goes on."""
        try:
            self.store.set(key, (book.pdf, book.pages, book.anchors, book.html))
        except Exception as exc:  # noqa: BLE001 - remembering is a saving, never a reason for a build to fail
            LOG.warning("print edition: %s: not remembered in %s (%s)", name, self.folder, exc)

    def close(self) -> None:
        self.store.close()


def open_typeset_cache(folder: Path | None) -> TypesetCache | None:
    """The store in `folder`, or None: none asked for, or it cannot be opened (said in the log)."""
    if folder is None:
        return None
    try:
        return TypesetCache(folder)
    except Exception as exc:  # noqa: BLE001 - sqlite3 and OS errors alike: the build typesets without it
        LOG.warning("print edition: typesetting without remembering it: %s cannot be opened (%s)", folder, exc)
        return None


def add_print_cache_options(parser: argparse.ArgumentParser) -> None:
    """--print-cache DIR and --no-print-cache, for the entry points that typeset (scripts.site, scripts.print)."""
    remembered = parser.add_mutually_exclusive_group()
    remembered.add_argument(
        "--print-cache",
        type=Path,
        default=DEFAULT_CACHE_DIR,
        metavar="DIR",
        help="排印过的书按其文本存放的文件夹（默认 .cache/print/）",
    )
    remembered.add_argument("--no-print-cache", action="store_true", help="每部书都重新排印")


def print_cache_dir(args: argparse.Namespace) -> Path | None:
    return None if args.no_print_cache else args.print_cache.resolve()
