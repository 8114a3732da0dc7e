"""mkdocs hooks: thin adapters that call the pipeline's functions (no rule text lives here)."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path
from urllib.parse import urlsplit

import yaml
from mkdocs.structure.files import InclusionLevel

if __package__ != "scripts.site":  # loaded by mkdocs from its file path: put the repository root on sys.path
    import project_root  # noqa: F401,E402

from scripts.books import NOT_IN_SOURCES  # noqa: E402
from scripts.render.article_nav import jump_form, no_result_block, number_ranges  # noqa: E402
from scripts.site.minify import strip_comments, strip_indentation  # noqa: E402
from scripts.site.stylesheets import rewrite_site  # noqa: E402

BOOK_FOLDERS = ("laws", "regulations")
ARTICLE_PAGE = re.compile(r"^[0-9]+\.md$")

ERROR_PAGE = "404.html"
OFFLINE_PAGE = "offline.html"  # overrides/offline.html: a page not stored yet, answered by the service worker offline


def on_config(config, **kwargs):
    """Takes the navigation the build driver generated (docs/.nav.yml) unless mkdocs.yml sets one; gives the
    404 page (overrides/404.html) the jump box, with the numbers that have a page in docs/laws/ and
    docs/regulations/."""
    docs = Path(config["docs_dir"])
    nav_file = docs / ".nav.yml"
    if not config.get("nav") and nav_file.exists():
        config["nav"] = yaml.safe_load(nav_file.read_text(encoding="utf-8"))
    pages = {
        book: number_ranges(int(p.stem) for p in (docs / book).glob("*.md") if ARTICLE_PAGE.match(p.name))
        for book in BOOK_FOLDERS
    }
    config.extra["jump_form"] = jump_form(pages)
    config.extra["search_no_result"] = no_result_block(pages, number_ranges(missing_laws(docs)))
    return config


def missing_laws(docs: Path) -> list[int]:
    """The Laws whose page says the sources lack them (its meta line ends 本条不在来源中, as the search index reads it)."""
    marker = f" · {NOT_IN_SOURCES}</p>"
    return [
        int(p.stem)
        for p in (docs / "laws").glob("*.md")
        if ARTICLE_PAGE.match(p.name) and marker in p.read_text(encoding="utf-8")
    ]


def on_files(files, *, config):
    """A book's pages that the navigation leaves out (the numbers the sources lack, laws/64/) are reached from the
    home grid, the jump box and previous/next: marked not-in-nav, so the drawer stays the books' own list."""
    listed = set(_nav_paths(config.get("nav") or []))
    for file in files:
        folder, _, name = file.src_uri.partition("/")
        if folder in BOOK_FOLDERS and ARTICLE_PAGE.match(name) and file.src_uri not in listed:
            file.inclusion = InclusionLevel.NOT_IN_NAV
    return files


HEADING_PERMALINK = 'class="headerlink"'


def on_page_content(html, *, page, config, files):
    """A heading's ¶ permalink is for pointing and copying, not a stop for the keyboard in the middle of the text."""
    return html.replace(HEADING_PERMALINK, f'{HEADING_PERMALINK} tabindex="-1"')


def on_post_page(output, *, page, config):
    """Every page without the templates' indentation and without HTML comments (scripts/site/minify.py)."""
    return strip_indentation(strip_comments(output))


def on_post_build(*, config):
    """Hosted flavour: one combined stylesheet, and the first screen's rules inline in every page
    (scripts/site/stylesheets.py). The venue zip, read from the phone's own storage, keeps the plain links."""
    offline = config.plugins.get("material/offline")
    if offline is not None and offline.config.enabled:
        return
    palette = config.theme.get("palette") or []
    rewrite_site(Path(config.site_dir), [palette] if isinstance(palette, dict) else list(palette))


def _nav_paths(items):
    for item in items:
        if isinstance(item, str):
            yield item
        elif isinstance(item, dict):
            for value in item.values():
                yield from ([value] if isinstance(value, str) else _nav_paths(value))
        elif isinstance(item, list):
            yield from _nav_paths(item)


CONFIG_SCRIPT = re.compile(r'<script id="__config" type="application/json">(?P<json>.*?)</script>', re.DOTALL)


def on_template_context(context, *, template_name, config):
    """The 404 page links relative to the site root (`./assets/…`), not from the server root.

    mkdocs writes error pages with base_url = the path of site_url ('/'), so their links come out as `/assets/…`
    (and `{{ base_url }}/…` in a template as `//assets/…`, which a browser reads as the host `assets`). Hosts
    serve 404.html at any depth, so its links are resolved by a <base> at the site's root folder (error_page_base,
    from site_url); in the venue zip 404.html is opened at the bundle's root, where they work as is.
    """
    if template_name == ERROR_PAGE:
        context["base_url"] = "."
    return context


def error_page_base_script(site_url: str | None) -> str:
    """An inline script for the 404 page's <head> in the venue zip's flavour: if that copy is ever served over http,
    resolve its links from the site's root folder; under file:// (as the zip is used) links stay relative."""
    root_path = urlsplit(site_url or "/").path or "/"
    return (
        "<script>(function(){if(location.protocol!==\"file:\"){var b=document.createElement(\"base\");"
        f"b.href=location.origin+{json.dumps(root_path)};document.head.appendChild(b);}}}})();</script>"
    )


def error_page_base(site_url: str | None) -> str:
    """The hosted 404 page's <base>: the site's root folder (the path of site_url), first in <head>, so that the
    browser's look-ahead already loads `./assets/…` from the root whatever missing URL the host served it at."""
    return f'<base href="{html.escape(urlsplit(site_url or "/").path or "/", quote=True)}">'


def on_post_template(output, *, template_name, config):
    if template_name not in (ERROR_PAGE, OFFLINE_PAGE):
        return output
    head = output.find("<head>")
    if head < 0:
        return output
    insert_at = head + len("<head>")
    offline = config.plugins.get("material/offline")
    if offline is not None and offline.config.enabled:
        if template_name == OFFLINE_PAGE:
            return output  # the venue zip opens every page from file://: nothing to fall back to
        return output[:insert_at] + error_page_base_script(config.site_url) + output[insert_at:]
    if template_name == ERROR_PAGE:
        output = config_base_at_root(output, config.site_url)
    return output[:insert_at] + error_page_base(config.site_url) + output[insert_at:]


def config_base_at_root(output: str, site_url: str | None) -> str:
    """The hosted 404 page's `__config.base` as the site root's path ('/'), not '.': Material resolves it against the
    page's address, not its <base>, to fetch sitemap.xml and the search index, and a host serves this page at any
    depth (/laws/999/, /a/b/c/d/), where '.' is that folder."""
    match = CONFIG_SCRIPT.search(output)
    if match is None:
        return output
    app = json.loads(match["json"])
    app["base"] = urlsplit(site_url or "/").path or "/"
    text = json.dumps(app, ensure_ascii=False).replace("<", "\\u003c")  # as Jinja's tojson: never a </script>
    return output[: match.start("json")] + text + output[match.end("json") :]
