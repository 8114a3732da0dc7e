"""mkdocs hooks: thin adapters that call the pipeline's functions (no rule text lives here)."""
from __future__ import annotations

import re
from pathlib import Path

import yaml

if __package__ != "scripts.site":  # loaded by mkdocs from its file path: put the repository root on sys.path
    import project_root  # noqa: F401,E402

from scripts.render.article_nav import jump_form, number_ranges  # noqa: E402
from scripts.site.minify import strip_indentation  # noqa: E402

ARTICLE_PAGE = re.compile(r"^(?P<book>laws|regulations)/(?P<number>[0-9]+)\.md$")


def on_config(config, **kwargs):
    """Takes the navigation the build driver generated (docs/.nav.yml) unless mkdocs.yml sets one; gives the
    404 page (overrides/404.html) the jump box, with the numbers that have a page read from that navigation."""
    nav_file = Path(config["docs_dir"]) / ".nav.yml"
    if not config.get("nav") and nav_file.exists():
        config["nav"] = yaml.safe_load(nav_file.read_text(encoding="utf-8"))
    numbers: dict[str, list[int]] = {"laws": [], "regulations": []}
    for path in _nav_paths(config.get("nav") or []):
        match = ARTICLE_PAGE.match(path)
        if match:
            numbers[match["book"]].append(int(match["number"]))
    config.extra["jump_form"] = jump_form({book: number_ranges(found) for book, found in numbers.items()})
    return config


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
