"""Writes the service worker of the hosted site: the precache lists (shared files, then one list per script edition)."""

from __future__ import annotations
from scripts.paths import ASSETS

import gzip
import hashlib
import json
import re
from pathlib import Path

SERVICE_WORKER_TEMPLATE = ASSETS / "pwa" / "service_worker.js"
SERVICE_WORKER_NAME = "sw.js"
# Not precached: source maps (only developer tools read them), the gzipped sitemap twin, the worker itself,
# and lunr's language packs (dozens of files, ~1 MB per edition, of which the search worker loads only the
# ones its index config names: those are cached at run time the first time the worker loads them), and
# Material's own search worker, which no page starts (scripts/site/search_hooks.py points search at ours).
SKIPPED_SUFFIXES = (".map", ".gz")
# Beside a page's index.html, the copy the service worker stores in its place (scripts/site/stylesheets.py
# stored_copy: without the first screen's inline rules, which only a download over the network needs).
STORED_PAGE = "index.stored.html"
# The print edition's PDFs (print/, ~4 MB) are fetched when a reader opens one, never in the background download.
# The venue zip (download/, scripts/site/build.py) likewise: a download of its own, never stored by the worker.
SKIPPED_FOLDERS = ("assets/javascripts/lunr/", "assets/javascripts/workers/", "print/", "download/")


def precache_urls(site_dir: Path) -> list[str]:
    """Every file of the site as a URL relative to the site root; `x/index.html` spelled `x/`.

    >>> # site/index.html, site/laws/1/index.html, site/search/search_index.json
    >>> # -> ['./', 'laws/1/', 'search/search_index.json']
    """
    urls = []
    for path in sorted(p for p in site_dir.rglob("*") if p.is_file()):
        rel = path.relative_to(site_dir).as_posix()
        if (
            rel == SERVICE_WORKER_NAME
            or path.name == STORED_PAGE
            or rel.endswith(SKIPPED_SUFFIXES)
            or any(f"/{folder}" in f"/{rel}" for folder in SKIPPED_FOLDERS)
        ):
            continue
        if rel == "index.html":
            rel = "./"
        elif rel.endswith("/index.html"):
            rel = rel[: -len("index.html")]
        urls.append(rel)
    return urls


# Where each script edition lives in the hosted site (scripts/site/build.py: TRADITIONAL_DIR); the rest is 'hans'.
EDITION_FOLDERS = {"hant": "zh-hant/"}
# Files every page needs whatever its edition: the web app manifest and icons, the 404 page, the page shown offline
# for a page not stored yet (overrides/offline.html; the traditional one, zh-hant/offline.html, is in its edition).
SHARED_FILES = ("assets/pwa/", "404.html", "offline.html")


# Pages left out of the first download (issue 11's 800 KB an edition) and stored in a second stage, in the background
# once the service worker is active (sw.js LATER), or when a reader opens one before that: the editor pages under
# about/ (build report, measurements) and the pages of Laws the sources lack, which hold no rule text (marked by their
# statement). Together they are about a third of an edition's pages; after the second stage every page search can
# offer opens offline.
ON_DEMAND_FOLDERS = ("about/",)
ON_DEMAND_MARK = 'class="missing-statement"'
# A calculator's plan goes with the pages that hold its calculator: one only such pages hold (the score and IMP
# calculators of 规则第77、78条, Laws the sources lack) is stored in the second stage with them.
PLAN_FOLDER = "assets/generated/plans/"
# The search's pinyin table (scripts/site/search_hooks.py) is fetched only when a query needs it (a query of Latin
# letters, a homophone slip): stored in the second stage too.
ON_DEMAND_PREFIXES = ("search/pinyin.",)


def is_on_demand(site_dir: Path, url: str, holders: dict[tuple[str, str], list[str]] | None = None) -> bool:
    """True for a page the service worker stores in its second stage (or when opened) rather than in the first
    download. `holders` is plan_holders(site_dir), made once by a caller that asks about many URLs."""
    path = url.removeprefix(next((f for f in EDITION_FOLDERS.values() if url.startswith(f)), ""))
    if path.startswith(ON_DEMAND_FOLDERS + ON_DEMAND_PREFIXES):
        return True
    if path.startswith(PLAN_FOLDER):
        pages = (plan_holders(site_dir) if holders is None else holders).get(
            (url[: len(url) - len(path)], path.removeprefix("assets/")), []
        )
        return bool(pages) and all(is_on_demand(site_dir, page) for page in pages)
    return url.endswith("/") and ON_DEMAND_MARK in _file_of(site_dir, url).read_text(encoding="utf-8", errors="replace")


PLAN_REFERENCE = re.compile(r'data-plan="([^"]+)"')


def plan_holders(site_dir: Path) -> dict[tuple[str, str], list[str]]:
    """(edition folder, plan) → the pages of that edition whose calculator reads the plan, in one pass over the
    site's pages: ('', 'generated/plans/score.js') → ['laws/77/']. A plan only such pages hold that are all stored
    in the second stage (and at least one) goes there with them."""
    holders: dict[tuple[str, str], list[str]] = {}
    for page in sorted(site_dir.rglob("index.html")):
        url = page.relative_to(site_dir).as_posix().removesuffix("index.html")
        folder = next((f for f in EDITION_FOLDERS.values() if url.startswith(f)), "")
        for plan in sorted(set(PLAN_REFERENCE.findall(page.read_text(encoding="utf-8", errors="replace")))):
            holders.setdefault((folder, plan), []).append(url)
    return holders


def precache_lists(site_dir: Path) -> dict[str, list[str]]:
    """The precache URLs split as the service worker stores them: 'shared' on install, and one list per script
    edition ('hans', 'hant'), stored when the reader uses that edition (pages stored on demand left out)."""
    lists: dict[str, list[str]] = {"shared": [], "hans": [], **{edition: [] for edition in EDITION_FOLDERS}}
    holders = plan_holders(site_dir)
    for url in precache_urls(site_dir):
        if is_on_demand(site_dir, url, holders):
            continue
        if url.startswith(SHARED_FILES):
            lists["shared"].append(url)
            continue
        edition = next((name for name, folder in EDITION_FOLDERS.items() if url.startswith(folder)), "hans")
        lists[edition].append(url)
    return lists


def later_lists(site_dir: Path) -> dict[str, list[str]]:
    """The second stage, per script edition ('hans', 'hant'): the pages is_on_demand leaves out of the first
    download, which the service worker stores in the background once it is active."""
    lists: dict[str, list[str]] = {"hans": [], **{edition: [] for edition in EDITION_FOLDERS}}
    holders = plan_holders(site_dir)
    for url in precache_urls(site_dir):
        if is_on_demand(site_dir, url, holders) and not url.startswith(SHARED_FILES):
            edition = next((name for name, folder in EDITION_FOLDERS.items() if url.startswith(folder)), "hans")
            lists[edition].append(url)
    return lists


def later_bytes(site_dir: Path, edition: str) -> int:
    """What the second stage of one edition downloads, gzip-compressed as a server would send it."""
    return sum(gzip_size(stored_file(site_dir, url)) for url in later_lists(site_dir)[edition])


def precache_summary(site_dir: Path) -> str:
    """The figures `make site` prints: per edition, the first download and the second stage (gzip, KB)."""
    editions = {"hans": "简体", **{name: "繁体" for name in EDITION_FOLDERS}}
    parts = [
        f"{label}首次下载 {precache_bytes(site_dir, edition, compressed=True) // 1024} KB、"
        f"之后后台再存 {len(later_lists(site_dir)[edition])} 页 {later_bytes(site_dir, edition) // 1024} KB"
        for edition, label in editions.items()
    ]
    return "离线缓存（gzip）：" + "；".join(parts) + "（首次下载上限 800 KB）"


def gzip_size(path: Path) -> int:
    return len(gzip.compress(path.read_bytes(), compresslevel=6, mtime=0))


def precache_bytes(site_dir: Path, edition: str | None = None, *, compressed: bool = False) -> int:
    """What a phone downloads in the background: every precached file, or the shared files plus one edition's
    (`edition`), in bytes as stored or gzip-compressed as a server would send them."""
    lists = precache_lists(site_dir)
    urls = precache_urls(site_dir) if edition is None else lists["shared"] + lists[edition]
    size = gzip_size if compressed else (lambda path: path.stat().st_size)
    return sum(size(stored_file(site_dir, url)) for url in urls)


def _file_of(site_dir: Path, url: str) -> Path:
    return site_dir / (url + "index.html" if url.endswith("/") else url)


def stored_file(site_dir: Path, url: str) -> Path:
    """The file the service worker downloads and stores for `url`: a page's stored copy where the build wrote one."""
    stored = site_dir / (url.removeprefix("./") + STORED_PAGE) if url.endswith("/") else None
    return stored if stored is not None and stored.is_file() else _file_of(site_dir, url)


ARTICLE_PAGE = re.compile(r"^(?:[a-z-]+/)?(?:laws|regulations)/[0-9]+/$")
ARTICLE_TEXT = re.compile(r'<article class="md-content__inner md-typeset">(?P<text>.*?)</article>', re.S)
EDITION_DATE = re.compile(r'<time datetime="(?P<date>[^"]+)"')


def article_hashes(site_dir: Path) -> dict[str, str]:
    """A short hash of each article page's text (its <article>: not the footer's stamp, which every build changes),
    keyed by URL: a page compares them across editions to say how many articles changed."""
    hashes = {}
    for url in precache_urls(site_dir):
        if ARTICLE_PAGE.match(url):
            found = ARTICLE_TEXT.search(_file_of(site_dir, url).read_text(encoding="utf-8"))
            hashes[url] = hashlib.sha256((found["text"] if found else "").encode("utf-8")).hexdigest()[:8]
    return hashes


def edition_date(site_dir: Path) -> str:
    """The edition's date as the home page's footer stamp gives it ('' when it has none)."""
    found = EDITION_DATE.search((site_dir / "index.html").read_text(encoding="utf-8"))
    return found["date"] if found else ""


def render_service_worker(site_dir: Path) -> str:
    """The service worker's source: the template with the precache list, a version over the files' bytes, the
    edition's date and each article's hash."""
    lists = precache_lists(site_dir)
    digest = hashlib.sha256()
    for path in sorted(p for p in site_dir.rglob("*") if p.is_file() and p.name != SERVICE_WORKER_NAME):
        digest.update(path.relative_to(site_dir).as_posix().encode() + b"\0" + path.read_bytes())
    source = SERVICE_WORKER_TEMPLATE.read_text(encoding="utf-8")
    stored_pages = any(site_dir.rglob(STORED_PAGE))
    return (
        source.replace("__VERSION__", digest.hexdigest()[:12])
        .replace("__PRECACHE__", json.dumps(lists, ensure_ascii=False, indent=0))
        .replace("__LATER__", json.dumps(later_lists(site_dir), ensure_ascii=False, indent=0))
        .replace('"__STORED_PAGE__"', json.dumps(STORED_PAGE if stored_pages else ""))
        .replace("__EDITION_DATE__", edition_date(site_dir))
        .replace("__ARTICLES__", json.dumps(article_hashes(site_dir), indent=0))
    )


def write_service_worker(site_dir: Path) -> Path:
    """Write sw.js at the root of `site_dir`; return its path."""
    target = site_dir / SERVICE_WORKER_NAME
    target.write_text(render_service_worker(site_dir), encoding="utf-8")
    return target
