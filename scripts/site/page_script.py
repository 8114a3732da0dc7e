"""The page's small scripts (extra_javascript, and the service-worker registration on the hosted site) shipped as
one file, `assets/js/page.<hash>.js`: one request instead of seven, so on a slow network the load event comes no
later than a stock Material page's (bench/phone).

Before the pages are rendered, mkdocs' `extra_javascript` list is replaced by the one placeholder entry
`assets/js/page.js`; after every other hook has written the scripts (the traditional texts, the minified copies),
their built copies are joined in the listed order into the hashed file, the pages are pointed at it and the parts
are removed from the site. Each page also asks for its inert scripts early (`<link rel="preload">` at the end of its
<head>): they download while the page itself and the full stylesheet arrive instead of after them, and the loader
(docs/assets/js/after-paint.js), which still runs them only after the first paint, finds them in.
After them, a line of script gives every link of the <head> its full address, as Material's instant navigation
does to every address of the page when it starts (so that the head of the next page, whose addresses it makes full,
matches). Material does it once the page has loaded, and a link whose address is set again is fetched again: the
stylesheet and the preloaded scripts were requested twice (revalidated, or downloaded in full). Done while the page
is still loading, the browser hands each link the response it is already fetching for that page.
Each part is an IIFE that finds the site from its own `<script>`'s address up to
`assets/` (`document.currentScript`), so it runs alike as a part of the bundle and on its own.
"""

from __future__ import annotations

import hashlib
import re
from pathlib import Path

from mkdocs.config.config_options import ExtraScriptValue

PLACEHOLDER = "assets/js/page.js"
BUNDLE_NAME = "assets/js/page.{digest}.js"
# Added on the hosted site only (config.extra.pwa, set by scripts/site/build.py): registers sw.js.
SERVICE_WORKER_REGISTRATION = "assets/pwa/register.js"
PARTS_KEY = "page_script_parts"
INERT_SCRIPT = re.compile(r'<script type="rulebook/after-paint" data-src="(?P<src>[^"]+)"')
HEAD_END = "</head>"
# Every <head> link's address made full (Material's test for one that already is: a scheme or `//` first). Not a
# stylesheet that is in already and whose own media do not match this screen: set again, it would stop applying
# until its onload widened it again (a phone's, scripts/site/stylesheets.py); one that matches applies throughout.
FULL_ADDRESSES = (
    "<script>for(const l of document.head.querySelectorAll('link[href]'))"
    "if(!/^(?:[a-z]+:)?\\/\\//i.test(l.getAttribute('href'))&&!(l.sheet&&!matchMedia(l.media||'all').matches))"
    "l.setAttribute('href',l.href)</script>"
)


def with_preloads(html: str) -> str:
    """`html` with a preload link for each inert script at the end of its <head> (after the 404 page's <base>
    script, so that they resolve as the scripts do), then the script that makes the head's addresses full
    (FULL_ADDRESSES); once: a page that has them is left as it is.

    >>> inert = '<script type="rulebook/after-paint" data-src="a.js"></script>'
    >>> with_preloads('<head></head>' + inert) == (
    ...     '<head><link rel="preload" as="script" href="a.js">' + FULL_ADDRESSES + '</head>' + inert)
    True
    """
    end = html.find(HEAD_END)
    if end < 0 or FULL_ADDRESSES in html:
        return html
    links = "".join(f'<link rel="preload" as="script" href="{m["src"]}">' for m in INERT_SCRIPT.finditer(html))
    return html[:end] + links + FULL_ADDRESSES + html[end:]


def bundle_scripts(config) -> list[str]:
    """Replace `config.extra_javascript` by the one placeholder entry (deferred); returns the parts, in order, and
    keeps them in `config.extra` for `write_page_script`. Idempotent (mkdocs serve rebuilds with the same config)."""
    parts = config.extra.get(PARTS_KEY)
    if parts is None:
        parts = [str(script) for script in config.extra_javascript]
        if config.extra.get("pwa"):
            parts.append(SERVICE_WORKER_REGISTRATION)
        config.extra[PARTS_KEY] = parts
        bundle = ExtraScriptValue(PLACEHOLDER)
        bundle.defer = True
        config.extra_javascript = [bundle]
    return parts


def joined_parts(site_dir: Path, parts: list[str]) -> str:
    """The built copies of `parts`, each on its own line, in order (a part missing from the site stops the build).

    >>> import tempfile
    >>> site = Path(tempfile.mkdtemp())
    >>> for name, text in (("a.js", "(function(){a()})();"), ("b.js", "(function(){b()})()")):
    ...     _ = (site / name).write_text(text, encoding="utf-8")
    >>> joined_parts(site, ["a.js", "b.js"])
    '(function(){a()})();\\n(function(){b()})();\\n'
    """
    texts = []
    for part in parts:
        text = (site_dir / part).read_text(encoding="utf-8").strip()
        texts.append(text if text.endswith(";") else text + ";")  # a part ending in `})()` must not call the next
    return "\n".join(texts) + "\n"


def write_page_script(site_dir: Path, parts: list[str]) -> str:
    """Write the bundle under `site_dir`, point every page of this build at it and remove the parts; returns the
    bundle's path relative to `site_dir`. Pages of a nested build (zh-hant/, with assets of its own) are left to
    that build."""
    text = joined_parts(site_dir, parts)
    name = BUNDLE_NAME.format(digest=hashlib.sha256(text.encode("utf-8")).hexdigest()[:8])
    (site_dir / name).write_text(text, encoding="utf-8")
    nested = [folder.parent.parent for folder in site_dir.glob("*/assets/js") if folder.parent.parent != site_dir]
    for page in site_dir.rglob("*.html"):
        if any(folder in page.parents for folder in nested):
            continue
        html = page.read_text(encoding="utf-8")
        if PLACEHOLDER in html:
            page.write_text(with_preloads(html.replace(PLACEHOLDER, name)), encoding="utf-8")
    for part in parts:
        (site_dir / part).unlink()
    return name
