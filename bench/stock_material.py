"""The stock-Material variant the benches compare against: our docs and navigation, Material as it ships."""

from __future__ import annotations

from pathlib import Path

import yaml


def stock_material_config(project: Path, custom_dir: str) -> dict:
    """mkdocs config for stock Material over the same docs, nav and Markdown extensions as `project`.

    It inherits the project's mkdocs.yml (INHERIT keeps its !ENV values and any extension options as they are) and
    replaces what is ours: hooks, extra CSS/JS, plugins (the stock search only), and the theme's custom_dir (point it
    at an empty folder). Write it beside mkdocs.yml, so that INHERIT and the relative paths resolve."""
    nav = yaml.safe_load((project / "docs" / ".nav.yml").read_text(encoding="utf-8"))
    return {
        "INHERIT": "mkdocs.yml",
        "strict": False,
        # the rest of the theme block (language, features) is inherited; the favicon is Material's own
        "theme": {"custom_dir": custom_dir, "favicon": "assets/images/favicon.png"},
        "nav": nav,
        "hooks": [],
        "extra_css": [],
        "extra_javascript": [],
        "plugins": ["search"],
        "watch": [],
    }


def write_config(config: dict, path: Path) -> Path:
    path.write_text(yaml.safe_dump(config, allow_unicode=True, sort_keys=False), encoding="utf-8")
    return path
