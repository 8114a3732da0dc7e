"""mkdocs hooks for the rulebook search: serve our worker in place of lunr and write our index (thin adapters)."""

from __future__ import annotations

import functools
import hashlib
import json
import logging
import re
from pathlib import Path

from mkdocs.plugins import event_priority

if __package__ != "scripts.site":  # loaded by mkdocs from its file path: put the repository root on sys.path
    import project_root  # noqa: F401,E402

from scripts.paths import ROOT  # noqa: E402

from scripts.search.index import (  # noqa: E402
    ARTICLE_LABEL,
    BOOK_LABELS,
    build_search_index,
    index_stub,
    split_pinyin_table,
    write_search_index,
)
from scripts.site.hook_errors import reported_by_mkdocs, rulebook_src_of, traditional_fixes_of  # noqa: E402

log = logging.getLogger("mkdocs.hooks.search")

WORKER_SOURCE = ROOT / "docs" / "assets" / "search" / "worker.js"
# Material's worker URL inside the `__config` JSON of every page (relative prefix kept, file name replaced).
MATERIAL_WORKER = re.compile(r'(?P<prefix>"search":\s*"[^"]*?)assets/javascripts/workers/search\.[0-9a-f]+\.min\.js"')


@functools.cache
def _worker_path() -> str:
    digest = hashlib.sha256(WORKER_SOURCE.read_bytes()).hexdigest()[:8]
    return f"assets/search/worker.{digest}.js"


def _search_enabled(config) -> bool:
    plugin = config.plugins.get("material/search")
    return plugin is not None and plugin.config.enabled


def on_config(config):
    """Offline flavour: drop instant navigation, which cannot fetch pages under file:// and there stops Material's
    page components (search highlighting among them) from starting."""
    offline = config.plugins.get("material/offline")
    if offline is None or not offline.config.enabled:
        return None
    features = config.theme.get("features") or []
    kept = [feature for feature in features if not feature.startswith("navigation.instant")]
    if kept != features:
        log.info("offline build: theme.features without navigation.instant (it does not work under file://)")
        config.theme["features"] = kept
    return config


def on_post_page(output: str, *, page, config) -> str | None:
    """Point Material's `__config.search` at our worker (Material documents a custom worker via this URL)."""
    if not _search_enabled(config):
        return None
    replaced, count = MATERIAL_WORKER.subn(lambda m: f'{m["prefix"]}{_worker_path()}"', output, count=1)
    if count != 1:
        log.warning(f"Doc file '{page.file.src_uri}': no Material search worker URL in __config to replace")
        return None
    return replaced


def on_post_template(output: str, *, template_name: str, config) -> str | None:
    """The 404 page (a static template, no on_post_page) searches with our worker too."""
    if template_name != "404.html" or not _search_enabled(config):
        return None
    return MATERIAL_WORKER.sub(lambda m: f'{m["prefix"]}{_worker_path()}"', output, count=1)


@event_priority(-50)  # after Material's search plugin wrote its index, before the offline plugin inlines it (-100)
@reported_by_mkdocs
def on_post_build(*, config) -> None:
    """Rewrite site/search/search_index.json as our index and copy our worker next to Material's assets.

    Hosted site: search_index.json (fetched by Material at page load) becomes a stub, and the full index goes to
    search/search_index.<hash>.json, which the worker fetches when the reader opens search or the page is idle.
    Offline copy: search_index.json is the full index, which Material's offline plugin inlines for file://."""
    if not _search_enabled(config):
        return
    site = Path(config.site_dir)
    index_path = site / "search" / "search_index.json"
    stock = json.loads(index_path.read_text(encoding="utf-8"))
    # The word list comes from the build's RulebookSrc: the traditional edition's in traditional characters.
    src, user_rows = rulebook_src_of(config), None
    labels, article_label, edition_text = dict(BOOK_LABELS), ARTICLE_LABEL, str
    if config.extra.get("rulebook_script") == "hant":
        from scripts.traditional import to_traditional_text, traditional_user_dict_rows

        fixes = traditional_fixes_of(config)
        user_rows = traditional_user_dict_rows(src, fixes)

        def edition_text(text: str) -> str:  # the traditional edition's words, converted as its pages are
            return to_traditional_text(text, fixes)

        labels = {book: edition_text(label) for book, label in labels.items()}
        article_label = edition_text(article_label)
    index = build_search_index(
        site,
        stock,
        src=src,
        user_rows=user_rows,
        book_labels=labels,
        article_label=article_label,
        check_quotes=config.extra.get("rulebook_script") != "hant",
        edition_text=edition_text,
    )
    offline = config.plugins.get("material/offline")
    if offline is not None and offline.config.enabled:
        write_search_index(index, index_path)
    else:
        table = json.dumps(split_pinyin_table(index, ""), ensure_ascii=False, separators=(",", ":"))
        table_name = f"search/pinyin.{hashlib.sha256(table.encode('utf-8')).hexdigest()[:8]}.json"
        index["config"]["rulebook"]["pinyin"] = table_name  # fetched only when a query needs it
        (site / table_name).write_text(table, encoding="utf-8")
        full = json.dumps(index, ensure_ascii=False, separators=(",", ":"))
        name = f"search/search_index.{hashlib.sha256(full.encode('utf-8')).hexdigest()[:8]}.json"
        (site / name).write_text(full, encoding="utf-8")
        write_search_index(index_stub(index, name), index_path)
    worker = site / _worker_path()
    worker.parent.mkdir(parents=True, exist_ok=True)
    worker.write_bytes(WORKER_SOURCE.read_bytes())
