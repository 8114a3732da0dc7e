"""The builds a test run shares (conftest's built_site, shipped_build and second_zip fixtures): each made once per run,
into a folder every pytest-xdist worker reuses, and started in the background as soon as a worker knows that its
tests need it, so that no worker sits idle building what a later test will ask for.

    build_once(factory, name, build)   the folder `build(folder)` fills once per run (the first caller builds)
    start_shared_builds(session)       after collection: the builds the selected tests need, in a background thread

Under pytest-xdist every worker collects every test, so each worker starts the thread; the builds' locks let one
worker build each while the other waits or builds the next. A background build that fails is left undone: the first
test that asks for it builds it again and fails with the error.

The two full builds share one print cache (print_cache, beside the shared folders; scripts/print/typeset_cache.py),
and the second zip is built after the shipped build, so it takes the shipped build's four books from it instead of
typesetting them again (about 80 s of CPU); what that leaves unchecked, that WeasyPrint gives the same bytes for the
same HTML, is test_print_pdf.py's test_the_laws_typeset_again_are_the_same_bytes. A book whose HTML differs between the
two builds is typeset again, and the zips then compare its two typesettings.
"""

from __future__ import annotations

import fcntl
import os
import shutil
import subprocess
import sys
import threading
from pathlib import Path

from scripts.paths import ROOT


def build_once(tmp_path_factory, name: str, build) -> Path:
    """A folder `build(folder)` fills once per test run. Alone, a fresh temporary folder; under pytest-xdist every
    worker runs the session fixtures, so the first worker to ask builds into a folder all workers share (beside
    their own temporary folders) under a lock, and the others wait for it and reuse it."""
    if os.environ.get("PYTEST_XDIST_WORKER") is None:
        folder = tmp_path_factory.mktemp(name)
        build(folder)
        return folder
    shared = tmp_path_factory.getbasetemp().parent
    folder, done = shared / name, shared / f"{name}.done"
    with open(shared / f"{name}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # released when the file closes
        if not done.exists():
            shutil.rmtree(folder, ignore_errors=True)
            folder.mkdir()
            build(folder)
            done.touch()
    return folder


def build_hosted_site(out: Path) -> None:
    """`mkdocs build --strict` of the committed docs/ (the hosted flavour, simplified only) into out."""
    subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--quiet", "--site-dir", str(out)], cwd=ROOT, check=True
    )


def print_cache(out: Path) -> Path:
    """The print cache the run's full builds share: beside their folders (the run's temporary folder, or under
    pytest-xdist the folder all workers share)."""
    return out.parent / "print-cache"


def make_shipped_build(out: Path) -> None:
    from shipped_build import make_site_after_a_killed_build  # imports conftest: not at this module's import

    make_site_after_a_killed_build(out, print_cache(out))


def build_second_zip(out: Path) -> None:
    """A second venue zip of this checkout (`python -m scripts.site.build --zip-only`, its print edition included),
    into out/dist, for the test that two builds give the same bytes."""
    subprocess.run(
        [
            *(sys.executable, "-m", "scripts.site.build", "--zip-only", "--dist-dir", str(out / "dist")),
            *("--print-cache", str(print_cache(out))),
        ],
        cwd=ROOT,
        check=True,
        stdout=subprocess.DEVNULL,
    )


# name → (the fixtures whose tests need it, the build): the shared folder of each is <run's temporary folder>/<name>
SHARED_BUILDS = {
    "site": (frozenset({"built_site"}), build_hosted_site),
    "shipped": (frozenset({"shipped_build"}), make_shipped_build),
    "second-zip": (frozenset({"second_zip"}), build_second_zip),
}
_STARTED: list[threading.Thread] = []


def start_shared_builds(session) -> None:
    """Under pytest-xdist, the shared builds the session's selected tests need (item.fixturenames holds every fixture
    a test uses, directly or not), started in a thread beside the tests, in SHARED_BUILDS's order: the hosted site
    first (the browser tests'), the second zip last (it reuses the shipped build's typesetting). A worker whose
    thread finds a build under way waits for it and goes on with the next."""
    worker = os.environ.get("PYTEST_XDIST_WORKER")
    if worker is None or session.config.option.collectonly:
        return
    used = set().union(*(getattr(item, "fixturenames", ()) for item in session.items))
    wanted = [name for name, (fixtures, _) in SHARED_BUILDS.items() if fixtures & used]
    factory = session.config._tmp_path_factory

    def build_all() -> None:
        for name in wanted:
            try:
                build_once(factory, name, SHARED_BUILDS[name][1])
            except Exception:  # noqa: BLE001 - left undone: the test that needs it builds it and shows the error
                pass

    if wanted:
        thread = threading.Thread(target=build_all, name="shared-builds", daemon=True)
        thread.start()
        _STARTED.append(thread)


def wait_for_shared_builds() -> None:
    """At the session's end: a build still running is waited for (its processes would otherwise outlive the run)."""
    for thread in _STARTED:
        thread.join()
