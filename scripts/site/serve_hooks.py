"""mkdocs hooks for `mkdocs serve`: regenerate docs/ from rulebook_src/ when a source changed, writing only changed
pages.

mkdocs.yml watches rulebook_src/ (`watch:`), so an edit there triggers a rebuild; on_pre_build runs before mkdocs
reads docs/, so the pages written here are in the same build. `mkdocs build` is left alone: there the committed
docs/ are the input (`python -m scripts.render.docs --check` keeps them fresh).
"""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass, field
from pathlib import Path

if __package__ != "scripts.site":  # loaded by mkdocs from its file path: put the repository root on sys.path
    import project_root  # noqa: F401,E402

from scripts.errors import RulebookError  # noqa: E402

log = logging.getLogger("mkdocs.hooks.serve")


@dataclass
class ServeState:
    """What the hooks remember between the builds of one `mkdocs serve` process."""

    serving: bool = False
    src: object = None  # rulebook_src/ as last built (a RulebookSrc: compared by content, not by file dates)
    builds: list[dict] = field(default_factory=list)


STATE = ServeState()


class KeepLastGoodSite(RulebookError):
    """A build of `mkdocs serve` stopped before it touched the site folder; the last good site stays served."""


def on_startup(*, command: str, dirty: bool) -> None:
    STATE.serving = command == "serve"


def on_serve(server, *, config, builder):
    """Keep serving the last good site when a rebuild stops on a bad file: mkdocs would otherwise hold every
    request until the file is fixed ("The server will appear stuck until build errors are resolved")."""
    from scripts.errors import RulebookError, os_error_line

    rebuild = server.builder

    def rebuild_or_keep_last_good_site():
        try:
            rebuild()
        except KeepLastGoodSite:
            pass  # logged where it was raised, one line naming the file
        except RulebookError as exc:  # raised after the site folder was cleaned: say so
            log.error(f"{exc} (the site is incomplete until this is fixed)")
        except OSError as exc:  # a full disk, an unwritable folder: one line, not mkdocs' traceback
            log.error(os_error_line("mkdocs serve", exc, "the site is incomplete until this is fixed"))

    server.builder = rebuild_or_keep_last_good_site
    return server


def on_pre_build(*, config) -> None:
    """Re-runs the pipeline when rulebook_src/ changed since the last build of this serve process."""
    if not STATE.serving:
        return
    # imported here, not at the top: `mkdocs build` loads this file too and need not import the pipeline
    from scripts.render.docs import render_site_pages, write_pages
    from scripts.errors import RulebookError, os_error_line
    from scripts.pipeline.run import build_rulebook
    from scripts.site.hook_errors import rulebook_src_of

    try:  # read and checked once per rebuild, kept on its config: the search index is built from the same value
        src = rulebook_src_of(config)
    except RulebookError as exc:  # before mkdocs cleans the site folder: the last good site stays served
        log.error(f"{exc} (still serving the last good site)")
        raise KeepLastGoodSite(str(exc)) from None
    if src == STATE.src:  # nothing under rulebook_src/ changed since the last build of this process
        return
    start = time.perf_counter()
    try:
        pages = render_site_pages(build_rulebook(src))
    except RulebookError as exc:  # keep serving the last good pages; the next edit retries
        log.error(f"{exc} (docs/ left as they were; still serving the last good pages)")  # the line the CLI prints
        return
    try:
        touched = write_pages(pages, Path(config.docs_dir))
    except OSError as exc:  # pages are written whole (each replaced at once): the others stay as they were
        log.error(os_error_line("mkdocs serve", exc, "still serving the last good pages"))
        raise KeepLastGoodSite(str(exc)) from None
    seconds = time.perf_counter() - start
    STATE.src = src
    STATE.builds.append({"seconds": seconds, "written": touched})
    log.info(
        f"rulebook_src/ changed: pipeline {seconds:.2f} s, {len(touched)} page(s) written: "
        f"{', '.join(touched[:5])}{' …' if len(touched) > 5 else ''}"
    )
