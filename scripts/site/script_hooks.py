"""mkdocs hook, listed last: the site's own scripts minified once every other hook has written them (the search
worker, the traditional edition's texts), scripts/site/minify.py."""
from __future__ import annotations

from pathlib import Path

if __package__ != "scripts.site":  # loaded by mkdocs from its file path: put the repository root on sys.path
    import project_root  # noqa: F401,E402

from scripts.site.minify import minify_site_scripts  # noqa: E402


def on_post_build(*, config):
    minify_site_scripts(Path(config.site_dir))
