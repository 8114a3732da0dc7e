"""mkdocs hook, listed last: the page's small scripts as one file (scripts/site/page_script.py), and the site's own
scripts minified once every other hook has written them (the search worker, the traditional edition's texts),
scripts/site/minify.py."""

from __future__ import annotations

from pathlib import Path

from mkdocs.plugins import event_priority

if __package__ != "scripts.site":  # loaded by mkdocs from its file path: put the repository root on sys.path
    import project_root  # noqa: F401,E402

from scripts.site.minify import minify_site_scripts  # noqa: E402
from scripts.site.page_script import AFTER_LOAD_KEY, PARTS_KEY, bundle_scripts, write_page_script  # noqa: E402


def on_pre_build(*, config):
    """The pages link one script, assets/js/page.js (hashed after the build), in place of extra_javascript's list,
    and overrides/main.html an inert assets/js/page-after-load.js for the parts that wait for the load event."""
    bundle_scripts(config)


# After the search hook writes its worker (-50, scripts/site/search_hooks.py), before Material's offline plugin
# (-100): at the default priority (0) this ran first, and the worker (43 KB, 14 KB gzip with its comments; 8 KB
# minified) reached every first visit and the offline cache as written.
@event_priority(-60)
def on_post_build(*, config):
    site = Path(config.site_dir)
    minify_site_scripts(site)
    write_page_script(site, config.extra[PARTS_KEY], config.extra[AFTER_LOAD_KEY])
