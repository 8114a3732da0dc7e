"""The page's small scripts (extra_javascript, and the service-worker registration on the hosted site) shipped as
two files: `assets/js/page.<hash>.js`, one request instead of seven before the load event, and
`assets/js/page-after-load.<hash>.js`, fetched once the page has loaded, with the parts nothing on the page needs
before the reader acts (mkdocs.yml's `extra.after_load_javascript`: the reference popup, which a reference tapped
before it is in follows as a plain link; and the service-worker registration, which browsers' own guidance starts
after the load event): on a slow network their bytes and their running do not hold up the load event
(bench/phone compares it with a stock Material page's).

Before the pages are rendered, mkdocs' `extra_javascript` list is replaced by the one placeholder entry
`assets/js/page.js` (overrides/main.html adds the inert `assets/js/page-after-load.js`, which
docs/assets/js/after-paint.js starts after the load event); after every other hook has written the scripts (the
traditional texts, the minified copies), their built copies are joined in the listed order into the two hashed
files, the pages are pointed at them and the parts
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
AFTER_LOAD_PLACEHOLDER = "assets/js/page-after-load.js"
AFTER_LOAD_BUNDLE_NAME = "assets/js/page-after-load.{digest}.js"
# Added on the hosted site only (config.extra.pwa, set by scripts/site/build.py): registers sw.js, after the load.
SERVICE_WORKER_REGISTRATION = "assets/pwa/register.js"
PARTS_KEY = "page_script_parts"  # config.extra: the parts of page.<hash>.js, in order
AFTER_LOAD_KEY = "page_script_after_load"  # config.extra: those of page-after-load.<hash>.js (the template's switch)
AFTER_LOAD_LIST = "after_load_javascript"  # config.extra, from mkdocs.yml: which extra_javascript entries wait
INERT_SCRIPT = re.compile(r'<script type="rulebook/after-paint" data-src="(?P<src>[^"]+)"')
HEAD_END = "</head>"
VIEWPORT = re.compile(r'<meta name="viewport"[^>]*>')
COMBINED_SHEET = re.compile(r'<link rel="stylesheet" href="(?P<href>[^"]+)"[^>]*\sdata-rulebook-stylesheet>')
# Every <head> link's address made full (Material's test for one that already is: a scheme or `//` first), the
# combined stylesheet's too when it is in already (the page's first bytes came well before the rest): left as it
# was, Material set it after the load and the browser asked the server for it again. Set while the page loads, it
# comes from the copy the page has, and on a phone its onload widens it to every screen again
# (scripts/site/stylesheets.py); until then the first-screen rules inline in the page apply, as on any cold load.
FULL_ADDRESSES = (
    "<script>for(const l of document.head.querySelectorAll('link[href]'))"
    "if(!/^(?:[a-z]+:)?\\/\\//i.test(l.getAttribute('href')))l.setAttribute('href',l.href)</script>"
)


def with_preloads(html: str) -> str:
    """`html` with a preload link for the combined stylesheet (scripts/site/stylesheets.py) and for each inert script
    early in its <head>, right after the viewport's <meta> (after the 404 page's <base>, first in its head, so that
    they resolve as the sheet and the scripts do): ahead of the inline first-screen rules (4–5 KB gzip), a slow
    network starts fetching them with the page's first bytes, not once those rules are in; the sheet's own link stays
    after the rules, which it repeats in the same order. Then, at the end of the <head>, the script that makes the
    head's addresses full (FULL_ADDRESSES). Once: a page that has them is left as it is.

    >>> inert = '<script type="rulebook/after-paint" data-src="a.js"></script>'
    >>> sheet = '<link rel="stylesheet" href="s.css" media="(min-width: 60em)" data-rulebook-stylesheet>'
    >>> page = '<head><meta name="viewport" content="width=device-width"><style>p{}</style>' + sheet + '</head>'
    >>> print(with_preloads(page + inert).replace(FULL_ADDRESSES, "FULL_ADDRESSES"))  # doctest: +NORMALIZE_WHITESPACE
    <head><meta name="viewport" content="width=device-width"><link rel="preload" as="style" href="s.css"><link
    rel="preload" as="script" href="a.js"><style>p{}</style><link rel="stylesheet" href="s.css" media="(min-width:
    60em)" data-rulebook-stylesheet>FULL_ADDRESSES</head><script type="rulebook/after-paint" data-src="a.js"></script>
    """
    end = html.find(HEAD_END)
    if end < 0 or FULL_ADDRESSES in html:
        return html
    head = html[:end]
    sheets = [f'<link rel="preload" as="style" href="{m["href"]}">' for m in COMBINED_SHEET.finditer(head)]
    scripts = [f'<link rel="preload" as="script" href="{m["src"]}">' for m in INERT_SCRIPT.finditer(html)]
    viewport = VIEWPORT.search(head)
    early = viewport.end() if viewport else end
    return html[:early] + "".join(sheets + scripts) + html[early:end] + FULL_ADDRESSES + html[end:]


def bundle_scripts(config) -> tuple[list[str], list[str]]:
    """Replace `config.extra_javascript` by the one placeholder entry (deferred); returns the parts of each file
    (before the load event, after it), in order, and keeps them in `config.extra` for `write_page_script` and the
    template. An entry of `extra.after_load_javascript` that is no extra_javascript entry stops the build.
    Idempotent (mkdocs serve rebuilds with the same config)."""
    parts = config.extra.get(PARTS_KEY)
    if parts is None:
        listed = [str(script) for script in config.extra_javascript]
        waiting = [str(path) for path in config.extra.get(AFTER_LOAD_LIST) or []]
        unknown = [path for path in waiting if path not in listed]
        if unknown:
            raise ValueError(f"mkdocs.yml: extra.{AFTER_LOAD_LIST} names no extra_javascript entry: {unknown}")
        parts = [path for path in listed if path not in waiting]
        after_load = [path for path in listed if path in waiting]
        if config.extra.get("pwa"):
            after_load.append(SERVICE_WORKER_REGISTRATION)
        config.extra[PARTS_KEY] = parts
        config.extra[AFTER_LOAD_KEY] = after_load
        bundle = ExtraScriptValue(PLACEHOLDER)
        bundle.defer = True
        config.extra_javascript = [bundle]
    return parts, config.extra[AFTER_LOAD_KEY]


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


def hashed_bundle(site_dir: Path, parts: list[str], name_pattern: str) -> str:
    """The built copies of `parts` joined into one file under `site_dir`, named by its content's hash."""
    text = joined_parts(site_dir, parts)
    name = name_pattern.format(digest=hashlib.sha256(text.encode("utf-8")).hexdigest()[:8])
    (site_dir / name).write_text(text, encoding="utf-8")
    return name


def write_page_script(site_dir: Path, parts: list[str], after_load: list[str] = ()) -> tuple[str, str | None]:
    """Write the two bundles under `site_dir` (the second only when `after_load` names parts), point every page of
    this build at them and remove the parts; returns the bundles' paths relative to `site_dir`. Pages of a nested
    build (zh-hant/, with assets of its own) are left to that build."""
    name = hashed_bundle(site_dir, parts, BUNDLE_NAME)
    later = hashed_bundle(site_dir, list(after_load), AFTER_LOAD_BUNDLE_NAME) if after_load else None
    nested = [folder.parent.parent for folder in site_dir.glob("*/assets/js") if folder.parent.parent != site_dir]
    for page in site_dir.rglob("*.html"):
        if any(folder in page.parents for folder in nested):
            continue
        html = page.read_text(encoding="utf-8")
        if PLACEHOLDER in html:
            if later:
                html = html.replace(AFTER_LOAD_PLACEHOLDER, later)
            page.write_text(with_preloads(html.replace(PLACEHOLDER, name)), encoding="utf-8")
    for part in [*parts, *after_load]:
        (site_dir / part).unlink()
    return name, later
