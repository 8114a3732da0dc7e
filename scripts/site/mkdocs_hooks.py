"""mkdocs hooks: thin adapters that call the pipeline's functions (no rule text lives here)."""
from __future__ import annotations

import re
from pathlib import Path

import yaml
from mkdocs.structure.files import InclusionLevel

if __package__ != "scripts.site":  # loaded by mkdocs from its file path: put the repository root on sys.path
    import project_root  # noqa: F401,E402

from scripts.render.article_nav import jump_form, number_ranges  # noqa: E402
from scripts.site.minify import strip_indentation  # noqa: E402

BOOK_FOLDERS = ("laws", "regulations")
ARTICLE_PAGE = re.compile(r"^[0-9]+\.md$")


def on_config(config, **kwargs):
    """Takes the navigation the build driver generated (docs/.nav.yml) unless mkdocs.yml sets one; gives the
    404 page (overrides/404.html) the jump box, with the numbers that have a page in docs/laws/ and docs/regulations/."""
    docs = Path(config["docs_dir"])
    nav_file = docs / ".nav.yml"
    if not config.get("nav") and nav_file.exists():
        config["nav"] = yaml.safe_load(nav_file.read_text(encoding="utf-8"))
    pages = {book: number_ranges(int(p.stem) for p in (docs / book).glob("*.md") if ARTICLE_PAGE.match(p.name)) for book in BOOK_FOLDERS}
    config.extra["jump_form"] = jump_form(pages)
    return config


def on_files(files, *, config):
    """A book's pages that the navigation leaves out (the numbers the sources lack, laws/64/) are reached from the
    home grid, the jump box and previous/next: marked not-in-nav, so the drawer stays the books' own list."""
    listed = set(_nav_paths(config.get("nav") or []))
    for file in files:
        folder, _, name = file.src_uri.partition("/")
        if folder in BOOK_FOLDERS and ARTICLE_PAGE.match(name) and file.src_uri not in listed:
            file.inclusion = InclusionLevel.NOT_IN_NAV
    return files


def on_post_page(output, *, page, config):
    """Every page without the templates' indentation (scripts/site/minify.py)."""
    return strip_indentation(output)


def _nav_paths(items):
    for item in items:
        if isinstance(item, str):
            yield item
        elif isinstance(item, dict):
            for value in item.values():
                yield from ([value] if isinstance(value, str) else _nav_paths(value))
        elif isinstance(item, list):
            yield from _nav_paths(item)
