"""Shared fixtures: the built site, a loopback HTTP server for it, and Debian's chromium through playwright."""

from __future__ import annotations

import functools
import http.server
import os
import shutil
import subprocess
import sys
import threading
from pathlib import Path

import pytest
import yaml

from shared_builds import (
    build_hosted_site,
    build_once,
    build_second_zip,
    make_shipped_build,
    start_shared_builds,
    wait_for_shared_builds,
)

ROOT = Path(__file__).resolve().parent.parent
ARTIFACTS = ROOT / "tests" / "artifacts"  # screenshots and logs a person can look at (git-ignored)

CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


# Two tiers. `make check` runs `-m "not slow"`: no browser, no full site build, no new Python process for an entry
# point (about 20 s). `make test` runs all.
# A test is slow when it uses one of these fixtures (marked here, so no test can forget) or says `pytest.mark.slow`.
SLOW_FIXTURES = frozenset(
    {
        "built_site",
        "site_url",
        "browser",
        "open_phone_page",
        "phone_page",
        "shipped_build",
        "second_zip",
        "shipped_site",
        "shipped_url",
        "bundle_dir",
        "print_books",
        "entry_point_process",
    }
)  # print_books: the print edition's PDFs of the shipped build


def pytest_configure(config):
    config.addinivalue_line(
        "markers",
        "slow: builds the site with mkdocs, drives chromium or starts an entry point in a new Python process"
        " (run by `make test`, not `make check`)",
    )


# The fixtures of the run's long shared builds (tests/shared_builds.py), in the order they are made: their tests go
# last, in that order, so that the workers run the others while the builds are made beside them instead of waiting
# for them at the start (the second zip is made after the shipped build, whose typesetting it reuses).
LONG_BUILD_FIXTURES = ("shipped_build", "second_zip")


def pytest_collection_modifyitems(config, items):
    for item in items:
        fixtures = set(getattr(item, "fixturenames", ()))
        if SLOW_FIXTURES & fixtures:
            item.add_marker(pytest.mark.slow)
    # stable, and the same in every pytest-xdist worker (each collects the whole run, in the same order)
    items.sort(key=lambda item: long_build_rank(set(getattr(item, "fixturenames", ()))))


def long_build_rank(fixtures: set[str]) -> int:
    """0 for a test that needs no long build, else 1 + the place of the last long build it needs."""
    return max((place + 1 for place, name in enumerate(LONG_BUILD_FIXTURES) if name in fixtures), default=0)


def pytest_collection_finish(session):
    start_shared_builds(session)  # the builds the selected tests share, started beside them (tests/shared_builds.py)


def pytest_sessionfinish(session, exitstatus):
    if exitstatus != pytest.ExitCode.INTERRUPTED:  # Ctrl-C stops now; the builds' processes get the same signal
        wait_for_shared_builds()


@pytest.fixture(scope="session")
def print_edition():
    from scripts.edition import current_edition

    return current_edition()


def print_book_paths(site_dir: Path, edition) -> dict[tuple[str, str], Path]:
    """(book, script) → the PDF in print/ of the hosted site, in the order the print edition lists them."""
    from scripts.edition import BUNDLE_PREFIX
    from scripts.print.pdf import BOOK_ORDER, SCRIPT_FILE_SUFFIXES, pdf_name
    from scripts.site.print_hooks import PRINT_FOLDER

    return {
        (book, script): site_dir / PRINT_FOLDER / pdf_name(BUNDLE_PREFIX, book, script, edition)
        for script in SCRIPT_FILE_SUFFIXES
        for book in BOOK_ORDER
    }


def read_print_books(out: Path, paths: dict, readers: dict) -> None:
    """Each PDF's page texts and anchors (id → 1-based page, from the PDF's named destinations) into out/books.json,
    and its reader into `readers`: pypdf's reading of the four books takes about 11 s of CPU, made once per run
    (build_once) and read back by the other pytest-xdist worker."""
    import json

    from pypdf import PdfReader

    books = {}
    for (book, script), path in paths.items():
        reader = readers[(book, script)] = PdfReader(path)
        anchors = {
            name: reader.get_destination_page_number(destination) + 1
            for name, destination in reader.named_destinations.items()
        }
        books[f"{book}/{script}"] = {"anchors": anchors, "texts": [page.extract_text() or "" for page in reader.pages]}
    (out / "books.json").write_text(json.dumps(books), encoding="utf-8")


@pytest.fixture(scope="session")
def print_books(shipped_site, print_edition, tmp_path_factory):
    """The four PDFs (two books × two scripts) of the run's shipped build, as a reader downloads them from print/ of
    the hosted site (typeset once per run, by the build), with their readers and page texts:
    (book, script) → (PrintedBook, PdfReader, [each page's text]). Each anchor's page is read back from the PDF's
    named destinations (WeasyPrint writes one per id, on the page where its element starts). The texts and anchors
    are read once per run (read_print_books); a worker that did not read them opens its own readers."""
    import json

    from pypdf import PdfReader

    from scripts.print.pdf import PrintedBook

    paths, readers = print_book_paths(shipped_site[0], print_edition), {}
    read = functools.partial(read_print_books, paths=paths, readers=readers)
    found = json.loads((build_once(tmp_path_factory, "print-books", read) / "books.json").read_text(encoding="utf-8"))
    books = {}
    for (book, script), path in paths.items():
        reader, read_back = readers.get((book, script)) or PdfReader(path), found[f"{book}/{script}"]
        printed = PrintedBook(book, script, path, len(reader.pages), read_back["anchors"])
        books[(book, script)] = (printed, reader, read_back["texts"])
    return books


@pytest.fixture(scope="session")
def rulebook():
    """The whole article tree of rulebook_src/, linked stages included (built once per process)."""
    from tests.rulebook_once import load_full_rulebook

    return load_full_rulebook()


@pytest.fixture(scope="session")
def pages(rulebook):
    """The generated pages (docs/ path → Markdown) of that tree."""
    from scripts.render.docs import render_site_pages

    return render_site_pages(rulebook)


def read_yaml(path: Path):
    """A YAML file of the tests' own data or of rulebook_src/ (read by test modules at collection, so once in every
    pytest worker): libyaml's safe loader, the same values as yaml.safe_load at a tenth of its time."""
    return yaml.load(path.read_text(encoding="utf-8"), Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))


# The parts of the repository a build needs, for tests that break a copy of the project on purpose.
PROJECT_PARTS = ("scripts", "rulebook_src", "docs", "overrides", "mkdocs.yml", "requirements.txt")


def copy_project(dest: Path, parts: tuple[str, ...] = PROJECT_PARTS) -> Path:
    """A copy of the project's build inputs in dest (created), without __pycache__ folders."""
    dest.mkdir(parents=True, exist_ok=True)
    for part in parts:
        source = ROOT / part
        if source.is_dir():
            shutil.copytree(source, dest / part, ignore=shutil.ignore_patterns("__pycache__"))
        else:
            shutil.copy2(source, dest / part)
    return dest


@pytest.fixture
def entry_point_process():
    """`run("scripts.render", cwd=project)`: `python -m scripts.render` in a new Python process, for what only a real
    process shows (its exit status and stderr as a shell sees them, a resource limit, an argument's size limit).
    Slow tier: each start costs about a second of imports and a rulebook read, so the fast tier tests the same faults
    in-process (the loader, the stages, an entry point's main)."""

    def run(*module_and_args: str, cwd: Path = ROOT, timeout: float = 300, **options) -> subprocess.CompletedProcess:
        return subprocess.run(
            [sys.executable, "-m", *module_and_args],
            cwd=cwd,
            capture_output=True,
            text=True,
            timeout=timeout,
            **options,
        )

    return run


@pytest.fixture(scope="session")
def artifacts_dir() -> Path:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    return ARTIFACTS


@pytest.fixture(scope="session")
def built_site(tmp_path_factory) -> Path:
    """`mkdocs build --strict` of the committed docs/ into a temporary folder (the hosted flavour), once per run."""
    return build_once(tmp_path_factory, "site", build_hosted_site)


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):  # keep pytest output readable
        pass


class HostHandler(_QuietHandler):
    """Like a static host: a missing path gets the site's 404.html with status 404."""

    def send_error(self, code, message=None, explain=None):
        page = Path(self.directory) / "404.html"
        if code != 404 or not page.is_file():
            return super().send_error(code, message, explain)
        body = page.read_bytes()
        self.send_response(404)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)


@pytest.fixture(scope="session")
def site_url(built_site) -> str:
    """The built site served on 127.0.0.1 (a free port), for the session."""
    handler = functools.partial(_QuietHandler, directory=str(built_site))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()


@pytest.fixture(scope="session")
def node() -> str:
    """Debian's node, which runs the browser's engines (calculators.js, tie_break.js) over the grids; a run under
    CI=true fails without it (`make system-deps` installs it), a developer's run says it is left out."""
    executable = shutil.which("node") or shutil.which("nodejs")
    if executable is None:
        message = "node is not installed: run `make system-deps` (apt-get install nodejs)"
        if os.environ.get("CI") == "true":
            pytest.fail(message)
        pytest.skip(message)
    return executable


@pytest.fixture(scope="session")
def browser():
    """Debian's chromium driven by playwright; never a downloaded browser build."""
    executable = shutil.which("chromium")
    if executable is None:
        pytest.fail("Debian's chromium is not installed: run `make system-deps` (apt-get install chromium)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=executable, args=CHROMIUM_ARGS, headless=True)
        yield browser
        browser.close()


# The one phone every browser test uses: 360×740 CSS px, device scale 2, touch. Pass it to new_context(**PHONE).
PHONE = dict(viewport={"width": 360, "height": 740}, device_scale_factor=2, has_touch=True, is_mobile=True)


def phone_context(browser, width: int = 360, height: int = 740, **options):
    """A browser context shaped like PHONE (another size if given); options go to new_context (service_workers, …)."""
    return browser.new_context(**{**PHONE, "viewport": {"width": width, "height": height}, **options})


@pytest.fixture
def open_phone_page(browser):
    """Opens fresh touch pages at a phone size (device scale 2); every context is closed after the test."""
    contexts = []

    def open_page(width: int = 360, height: int = 740, **options):
        context = phone_context(browser, width, height, **options)
        contexts.append(context)
        return context.new_page()

    yield open_page
    for context in contexts:
        context.close()


@pytest.fixture
def phone_page(open_phone_page):
    """A fresh page at phone size (360×740)."""
    return open_phone_page(360, 740)


# --- The editions as shipped (`make site`, scripts/site/build.py): hosted flavour with both scripts and the venue zip.


class CountingWriter:
    """The server side of a response: counts every byte written to the socket (tests/test_phone.py, bench/phone)."""

    def __init__(self, raw):
        self.raw, self.count = raw, 0

    def write(self, data):
        self.count += len(data)
        return self.raw.write(data)

    def __getattr__(self, name):
        return getattr(self.raw, name)


class _GzipHandler(_QuietHandler):
    """Serves text files gzip-compressed when the browser accepts it, as any real host would."""

    COMPRESSIBLE = (".html", ".css", ".js", ".json", ".xml", ".svg", ".webmanifest", ".txt")
    extensions_map = {
        **_QuietHandler.extensions_map,
        ".webmanifest": "application/manifest+json",
        ".js": "text/javascript",
    }

    def send_head(self):
        from urllib.parse import urlsplit

        path = Path(self.translate_path(self.path))
        if path.is_dir():
            if not urlsplit(self.path).path.endswith("/"):
                return super().send_head()  # the base class redirects `dir` to `dir/`
            path = path / "index.html"
        if (
            "gzip" not in self.headers.get("Accept-Encoding", "")
            or not path.is_file()
            or path.suffix not in self.COMPRESSIBLE
        ):
            return super().send_head()
        import gzip
        import io

        import hashlib

        body = gzip.compress(path.read_bytes(), compresslevel=6, mtime=0)
        # A validator, as hosts send: a browser asking again for a file it has (Material re-sets every link's
        # href once it starts) gets a 304 instead of the whole file. From the content, so never stale.
        etag = f'"{hashlib.sha256(body).hexdigest()[:16]}"'
        if etag in self.headers.get("If-None-Match", ""):
            self.send_response(304)
            self.send_header("ETag", etag)
            self.end_headers()
            return None
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(str(path)))
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("ETag", etag)
        self.end_headers()
        return io.BytesIO(body)


def serve_directory(directory: Path, gzip: bool = True) -> http.server.ThreadingHTTPServer:
    """Start a loopback HTTP server for `directory` on a free port; the caller shuts it down."""
    handler = functools.partial(_GzipHandler if gzip else _QuietHandler, directory=str(directory))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


@pytest.fixture(scope="session")
def shipped_build(tmp_path_factory) -> Path:
    """The folder of the run's shipped build: `make site` (what a director runs) in a git copy of the project, right
    after a build of it was killed (tests/shipped_build.py); the copy is its `project/`, what happened is in its
    report."""
    return build_once(tmp_path_factory, "shipped", make_shipped_build)


@pytest.fixture(scope="session")
def second_zip(tmp_path_factory) -> Path:
    """The venue zip of a second build of this checkout (`python -m scripts.site.build --zip-only`)."""
    (zip_path,) = (build_once(tmp_path_factory, "second-zip", build_second_zip) / "dist").glob("*.zip")
    return zip_path


@pytest.fixture(scope="session")
def shipped_site(shipped_build):
    """The shipped build's outputs: (site_dir, zip_path)."""
    project = shipped_build / "project"
    zips = sorted((project / "dist").glob("*.zip"))
    assert len(zips) == 1, f"expected one venue zip in {project / 'dist'}, found {zips}"
    return project / "site", zips[0]


@pytest.fixture(scope="session")
def shipped_url(shipped_site) -> str:
    """The hosted flavour served gzip-compressed on 127.0.0.1, for the session."""
    server = serve_directory(shipped_site[0])
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()


@pytest.fixture(scope="session")
def bundle_dir(shipped_site, tmp_path_factory) -> Path:
    """The venue zip unzipped into a fresh folder: its single top folder (holding index.html)."""
    import zipfile

    target = tmp_path_factory.mktemp("unzipped")
    with zipfile.ZipFile(shipped_site[1]) as bundle:
        bundle.extractall(target)
    (top,) = target.iterdir()
    return top
